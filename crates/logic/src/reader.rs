//! Reading Prolog text: a tokenizer and a Pratt parser over the standard operator table.
//! Errors are values with the line, column and offending text; nothing here panics on input.

use crate::ops::{self, DoubleQuotes, OpType, Syntax};
use crate::term::{Atom, Term, atoms};
use std::rc::Rc;

/// A syntax error: where it is and what was found there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("syntax error at {line}:{column}: {message} (near `{near}`)")]
pub struct ParseError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1 (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The offending text (the token found there, or "end of text").
    pub near: String,
}

/// A term read from text, with the names of its variables: `Term::Var(i)` is named
/// `var_names[i]` (an anonymous `_` is named `_`, each one a distinct variable).
#[derive(Clone, Debug, PartialEq)]
pub struct ReadTerm {
    /// The term.
    pub term: Term,
    /// The variable names, indexed by variable number.
    pub var_names: Vec<String>,
    /// The line where the term starts (from 1).
    pub line: usize,
    /// The column where the term starts (from 1, in characters).
    pub column: usize,
}

impl ReadTerm {
    /// The number of the variable called `name` (never an anonymous one).
    pub fn var(&self, name: &str) -> Option<u32> {
        if name == "_" {
            return None;
        }
        self.var_names
            .iter()
            .position(|n| n == name)
            .map(|i| i as u32)
    }
}

mod lexer;
use lexer::{Lexeme, Lexer, Tok};

type PResult<T> = Result<T, ParseError>;

/// Where a term is being read: what a bare `,` or `|` means there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    /// At the top or inside `( )` / `{ }`: both are infix operators.
    Free,
    /// An argument of `name(...)`: a comma ends it.
    Arg,
    /// A list element: a comma or a bar ends it.
    Item,
}

/// The priority an argument or list element is read at. The standard says 999; SWI-Prolog
/// reads any term there (`f(a :- b)` is `f((a:-b))`), the comma and bar being separators.
const ARG_MAX: u32 = 1200;

/// A construct the parser is inside of, waiting for the rest of it.
enum Frame {
    /// Waiting for the right operand of an infix operator.
    Infix {
        name: String,
        left: Term,
        prec: u32,
        outer_max: u32,
    },
    /// Waiting for the operand of a prefix operator.
    Prefix {
        name: String,
        prec: u32,
        outer_max: u32,
    },
    /// Inside `( ... )`.
    Paren { outer_max: u32, outer_ctx: Ctx },
    /// Inside `name( ... )`, arguments so far.
    Args {
        name: Atom,
        args: Vec<Term>,
        outer_max: u32,
        outer_ctx: Ctx,
    },
    /// Inside `[ ... ]`, items so far; `tail` once `|` was read.
    List {
        items: Vec<Term>,
        tail: bool,
        outer_max: u32,
        outer_ctx: Ctx,
    },
    /// Inside `{ ... }`.
    Curly { outer_max: u32, outer_ctx: Ctx },
}

/// The work of one `Parser::parse` in progress: the frames open, innermost last, and the
/// priority and context of the term being read.
struct Pending {
    stack: Vec<Frame>,
    max: u32,
    ctx: Ctx,
}

impl Pending {
    /// Opens a frame (made from the priority and context it interrupts) and reads its
    /// inside at `max` in `ctx`.
    fn open(&mut self, frame: impl FnOnce(u32, Ctx) -> Frame, max: u32, ctx: Ctx) {
        self.stack.push(frame(self.max, self.ctx));
        (self.max, self.ctx) = (max, ctx);
    }

    /// Opens the arguments of a compound named `name`.
    fn open_args(&mut self, name: Atom) {
        self.open(
            |outer_max, outer_ctx| Frame::Args {
                name,
                args: Vec::new(),
                outer_max,
                outer_ctx,
            },
            ARG_MAX,
            Ctx::Arg,
        );
    }
}

/// What closing a frame gave.
enum Closed {
    /// The whole term: no frame was open.
    Done(Term),
    /// A term (with its priority), the operand of what encloses it.
    Term(Term, u32),
    /// The frame stays open for its next operand (an argument, a list item).
    Operand,
}

struct Parser {
    lex: Lexer,
    tok: Lexeme,
    /// Peeked token after `tok`, if any.
    ahead: Option<Lexeme>,
    var_names: Vec<String>,
    /// The operators and `double_quotes` flag of the database reading (the standard
    /// ones for a text read on its own).
    syntax: Rc<Syntax>,
}

/// What may follow a prefix operator for it to be applied rather than read as an atom.
fn starts_term(t: &Tok, syntax: &Syntax) -> bool {
    match t {
        Tok::Name(n) => !(syntax.infix(n).is_some() && syntax.prefix(n).is_none()),
        Tok::Punct(c) => "([{".contains(*c),
        Tok::End | Tok::Eof => false,
        _ => true,
    }
}

impl Parser {
    fn new(src: &str, syntax: Rc<Syntax>) -> PResult<Self> {
        let mut lex = Lexer::new(src);
        let tok = lex.next()?;
        Ok(Parser {
            lex,
            tok,
            ahead: None,
            var_names: Vec::new(),
            syntax,
        })
    }

    fn advance(&mut self) -> PResult<Lexeme> {
        let next = match self.ahead.take() {
            Some(t) => t,
            None => self.lex.next()?,
        };
        Ok(std::mem::replace(&mut self.tok, next))
    }

    /// Whether the current token begins a term: an operand, an opening bracket, or a name
    /// in functional notation (`-is(a)` is `-(is(a))`).
    fn starts_term_here(&mut self) -> PResult<bool> {
        if starts_term(&self.tok.tok, &self.syntax) {
            return Ok(true);
        }
        if matches!(self.tok.tok, Tok::Name(_) | Tok::QName(_)) {
            if self.ahead.is_none() {
                self.ahead = Some(self.lex.next()?);
            }
            return Ok(self
                .ahead
                .as_ref()
                .is_some_and(|t| t.tok == Tok::Punct('(') && !t.layout));
        }
        Ok(false)
    }

    fn err(&self, message: &str) -> ParseError {
        ParseError {
            line: self.tok.line,
            column: self.tok.col,
            message: message.to_string(),
            near: self.tok.text.clone(),
        }
    }

    fn expect(&mut self, c: char) -> PResult<()> {
        if self.tok.tok == Tok::Punct(c) {
            self.advance()?;
            Ok(())
        } else {
            Err(self.err(&format!("expected `{c}`")))
        }
    }

    fn var(&mut self, name: &str) -> Term {
        if name != "_"
            && let Some(i) = self.var_names.iter().position(|n| n == name)
        {
            return Term::Var(i as u32);
        }
        self.var_names.push(name.to_string());
        Term::Var(self.var_names.len() as u32 - 1)
    }

    /// The infix operator the current token denotes, if any.
    fn infix_op(&self) -> Option<(String, u32, OpType)> {
        match &self.tok.tok {
            Tok::Name(n) | Tok::QName(n) => self.syntax.infix(n).map(|(p, t)| (n.clone(), p, t)),
            Tok::Punct(',') => Some((",".into(), 1000, OpType::Xfy)),
            // SWI-Prolog 7 reads `a | b` as `'|'(a, b)` (a body calls it as `;`).
            Tok::Punct('|') => Some(("|".into(), 1100, OpType::Xfy)),
            _ => None,
        }
    }

    /// Reads a term of priority at most `max`. Operands are read by `primary`; the
    /// operator loop climbs priorities. Nesting of brackets and prefix operators uses an
    /// explicit stack of pending frames so that deep text cannot overflow the Rust stack.
    fn parse(&mut self, max: u32) -> PResult<Term> {
        let mut st = Pending {
            stack: Vec::new(),
            max,
            ctx: Ctx::Free,
        };
        'operand: loop {
            // Read one primary (possibly opening frames), giving (term, prec).
            let (mut left, mut left_prec) = loop {
                if let Some(primary) = self.primary(&mut st)? {
                    break primary;
                }
            };
            // Operator loop and closing of frames.
            loop {
                left = match self.infix(&mut st, left, left_prec)? {
                    None => continue 'operand,
                    Some(left) => left,
                };
                match self.close(&mut st, left)? {
                    Closed::Done(t) => return Ok(t),
                    Closed::Operand => continue 'operand,
                    Closed::Term(t, p) => (left, left_prec) = (t, p),
                }
            }
        }
    }

    /// Reads a primary term with its priority, or opens a frame (a bracket, the
    /// arguments of a compound, a prefix operator) and gives `None`.
    fn primary(&mut self, st: &mut Pending) -> PResult<Option<(Term, u32)>> {
        let tok = self.tok.clone();
        let term = match tok.tok {
            Tok::Int(n) => Term::Int(n),
            Tok::Big(n) => crate::bigint::to_term(&n),
            Tok::Float(x) => Term::Float(x),
            Tok::Var(name) => self.var(&name),
            Tok::Str(s) => double_quoted(&s, self.syntax.double_quotes()),
            Tok::BackQ(s) => {
                let codes = s.chars().map(|c| Term::Int(c as i64)).collect();
                Term::list(codes, Term::nil())
            }
            Tok::Punct('(') => {
                self.advance()?;
                st.open(
                    |outer_max, outer_ctx| Frame::Paren {
                        outer_max,
                        outer_ctx,
                    },
                    1200,
                    Ctx::Free,
                );
                return Ok(None);
            }
            Tok::Punct('[') => {
                self.advance()?;
                if self.tok.tok == Tok::Punct(']') {
                    self.advance()?;
                    // `[](X)`: the functor is the empty list, not `'[]'`.
                    return self.args_or(st, atoms::NIL, Term::nil());
                }
                st.open(
                    |outer_max, outer_ctx| Frame::List {
                        items: Vec::new(),
                        tail: false,
                        outer_max,
                        outer_ctx,
                    },
                    ARG_MAX,
                    Ctx::Item,
                );
                return Ok(None);
            }
            Tok::Punct('{') => {
                self.advance()?;
                if self.tok.tok == Tok::Punct('}') {
                    self.advance()?;
                    return self.args_or(st, atoms::CURLY, Term::Atom(atoms::CURLY));
                }
                st.open(
                    |outer_max, outer_ctx| Frame::Curly {
                        outer_max,
                        outer_ctx,
                    },
                    1200,
                    Ctx::Free,
                );
                return Ok(None);
            }
            Tok::Name(ref name) | Tok::QName(ref name) => {
                let quoted = matches!(tok.tok, Tok::QName(_));
                self.advance()?;
                return self.name_primary(st, name.clone(), quoted);
            }
            Tok::Punct(_) | Tok::End | Tok::Eof => {
                return Err(self.err("term expected"));
            }
        };
        self.advance()?;
        Ok(Some((term, 0)))
    }

    /// After `[]` or `{}` (taken): the functor of a compound when `(` follows at once
    /// (opens its arguments, `None`), else the atom `alone`.
    fn args_or(
        &mut self,
        st: &mut Pending,
        name: Atom,
        alone: Term,
    ) -> PResult<Option<(Term, u32)>> {
        if self.tok.tok == Tok::Punct('(') && !self.tok.layout {
            self.advance()?;
            st.open_args(name);
            return Ok(None);
        }
        Ok(Some((alone, 0)))
    }

    /// After a name (taken): a compound's functor, a negative number, a prefix operator
    /// applied, or an atom (with its priority when it is an operator).
    fn name_primary(
        &mut self,
        st: &mut Pending,
        name: String,
        quoted: bool,
    ) -> PResult<Option<(Term, u32)>> {
        if self.tok.tok == Tok::Punct('(') && !self.tok.layout {
            self.advance()?;
            st.open_args(Atom::new(&name));
            return Ok(None);
        }
        if name == "-" && !quoted && !self.tok.layout {
            let negative = match self.tok.tok {
                Tok::Int(n) => Some(Term::Int(-n)),
                Tok::Big(ref n) => Some(crate::bigint::to_term(&-n.clone())),
                Tok::Float(x) => Some(Term::Float(-x)),
                _ => None,
            };
            if let Some(t) = negative {
                self.advance()?;
                return Ok(Some((t, 0)));
            }
        }
        if !quoted
            && let Some((p, ty)) = self.syntax.prefix(&name)
            && self.starts_term_here()?
        {
            // `a = \+ b`: a prefix operator above the priority allowed
            // here is a clash, as in SWI-Prolog and the standard.
            if p > st.max {
                return Err(self.err("operator priority clash"));
            }
            st.stack.push(Frame::Prefix {
                name,
                prec: p,
                outer_max: st.max,
            });
            st.max = ops::prefix_arg_prec(p, ty);
            return Ok(None);
        }
        let prec = if self.syntax.is_op(&name) && !quoted {
            let p = self
                .syntax
                .infix(&name)
                .map(|o| o.0)
                .max(self.syntax.prefix(&name).map(|o| o.0))
                .unwrap_or(0);
            if p <= st.max { p } else { 0 }
        } else {
            0
        };
        Ok(Some((Term::atom(&name), prec)))
    }

    /// After an operand `left` of priority `left_prec`: when an infix operator that may
    /// take it follows, takes the operator and waits for its right operand (`None`);
    /// otherwise gives `left` back.
    fn infix(&mut self, st: &mut Pending, left: Term, left_prec: u32) -> PResult<Option<Term>> {
        let Some((name, p, ty)) = self.infix_op() else {
            return Ok(Some(left));
        };
        let (lp, rp) = ops::infix_arg_prec(p, ty);
        // Like SWI, an argument or list element may be any term but a bare
        // comma (or bar, in a list): `f(a :- b)`, `[a;b]`, `f(a|b)`; the comma
        // ends it even inside the right operand, `f(a :- b, c)`.
        let separator = match self.tok.tok {
            Tok::Punct(',') => st.ctx != Ctx::Free,
            Tok::Punct('|') => st.ctx == Ctx::Item,
            _ => false,
        };
        if separator || p > st.max || left_prec > lp {
            return Ok(Some(left));
        }
        self.advance()?;
        st.stack.push(Frame::Infix {
            name,
            left,
            prec: p,
            outer_max: st.max,
        });
        st.max = rp;
        Ok(None)
    }

    /// Ends the innermost frame with `left`, its last operand: what the frame built, or
    /// the frame kept open for its next argument or item.
    fn close(&mut self, st: &mut Pending, left: Term) -> PResult<Closed> {
        let (term, outer_max, outer_ctx) = match st.stack.pop() {
            None => return Ok(Closed::Done(left)),
            Some(Frame::Infix {
                name,
                left: l,
                prec,
                outer_max,
            }) => {
                st.max = outer_max;
                return Ok(Closed::Term(Term::compound(&name, vec![l, left]), prec));
            }
            Some(Frame::Prefix {
                name,
                prec,
                outer_max,
            }) => {
                st.max = outer_max;
                return Ok(Closed::Term(Term::compound(&name, vec![left]), prec));
            }
            Some(Frame::Paren {
                outer_max,
                outer_ctx,
            }) => {
                self.expect(')')?;
                (left, outer_max, outer_ctx)
            }
            Some(Frame::Curly {
                outer_max,
                outer_ctx,
            }) => {
                self.expect('}')?;
                let t = Term::Compound(atoms::CURLY, vec![left].into());
                (t, outer_max, outer_ctx)
            }
            Some(Frame::Args {
                name,
                mut args,
                outer_max,
                outer_ctx,
            }) => {
                args.push(left);
                if self.tok.tok == Tok::Punct(',') {
                    self.advance()?;
                    st.stack.push(Frame::Args {
                        name,
                        args,
                        outer_max,
                        outer_ctx,
                    });
                    st.max = ARG_MAX;
                    return Ok(Closed::Operand);
                }
                self.expect(')')?;
                (Term::new(name, args), outer_max, outer_ctx)
            }
            Some(Frame::List {
                mut items,
                tail,
                outer_max,
                outer_ctx,
            }) => {
                if tail {
                    self.expect(']')?;
                    (Term::list(items, left), outer_max, outer_ctx)
                } else {
                    items.push(left);
                    let tail = match self.tok.tok {
                        Tok::Punct(',') => false,
                        Tok::Punct('|') => true,
                        _ => {
                            self.expect(']')?;
                            let t = Term::list(items, Term::nil());
                            (st.max, st.ctx) = (outer_max, outer_ctx);
                            return Ok(Closed::Term(t, 0));
                        }
                    };
                    self.advance()?;
                    st.stack.push(Frame::List {
                        items,
                        tail,
                        outer_max,
                        outer_ctx,
                    });
                    st.max = ARG_MAX;
                    return Ok(Closed::Operand);
                }
            }
        };
        (st.max, st.ctx) = (outer_max, outer_ctx);
        Ok(Closed::Term(term, 0))
    }

    /// Reads one clause or query ending with `.` (or at the end of text when `end_optional`).
    fn read(&mut self, end_optional: bool) -> PResult<Option<ReadTerm>> {
        if self.tok.tok == Tok::Eof {
            return Ok(None);
        }
        self.var_names.clear();
        let (line, column) = (self.tok.line, self.tok.col);
        let term = self.parse(1200)?;
        match self.tok.tok {
            Tok::End => {
                self.advance()?;
            }
            Tok::Eof if end_optional => {}
            _ => {
                return Err(self.err(if end_optional {
                    "operator expected"
                } else {
                    "operator expected (or missing `.` at the end of the clause)"
                }));
            }
        }
        Ok(Some(ReadTerm {
            term,
            var_names: std::mem::take(&mut self.var_names),
            line,
            column,
        }))
    }
}

/// Reads one term (a query or a clause), with or without its final period.
///
/// ```
/// let r = resolu_logic::parse_term("append(X, [c], [a,b,c])").unwrap();
/// assert_eq!(r.var_names, vec!["X"]);
/// assert_eq!(r.term.to_string(), "append(_G0,[c],[a,b,c])");
/// let e = resolu_logic::parse_term("f(a,").unwrap_err();
/// assert_eq!((e.line, e.column), (1, 5));
/// ```
pub fn parse_term(text: &str) -> Result<ReadTerm, ParseError> {
    parse_term_with(text, Rc::default())
}

/// [`parse_term`] with a database's operators and `double_quotes` flag.
pub(crate) fn parse_term_with(text: &str, syntax: Rc<Syntax>) -> Result<ReadTerm, ParseError> {
    let mut p = Parser::new(text, syntax)?;
    match p.read(true)? {
        None => Err(p.err("empty query")),
        Some(t) => {
            if p.tok.tok != Tok::Eof {
                return Err(p.err("text after the end of the term"));
            }
            Ok(t)
        }
    }
}

/// Reads a query: same as [`parse_term`].
pub fn parse_query(text: &str) -> Result<ReadTerm, ParseError> {
    parse_term(text)
}

/// Double-quoted text as the `double_quotes` flag says.
fn double_quoted(s: &str, mode: DoubleQuotes) -> Term {
    match mode {
        DoubleQuotes::Codes => Term::list(
            s.chars().map(|c| Term::Int(c as i64)).collect(),
            Term::nil(),
        ),
        DoubleQuotes::Chars => Term::list(
            s.chars().map(|c| Term::atom(&c.to_string())).collect(),
            Term::nil(),
        ),
        DoubleQuotes::Atom => Term::atom(s),
        DoubleQuotes::String => Term::string(s),
    }
}

/// What kind of token a [`Token`] is (the lexer's classes of standard Prolog syntax).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum TokenKind {
    /// An unquoted name: letters and digits (`foo`), symbol characters (`==>`, `:`), or a
    /// solo character (`!`, `;`); the token's text is the name.
    Name,
    /// A quoted name (`'hello world'`); the value, without quotes or escapes.
    QuotedName(String),
    /// A variable (`X`, `_Y`, `_`); the token's text is its name.
    Variable,
    /// An integer that fits in 64 bits, in any of its notations (`42`, `0x2a`, `0'*`).
    Integer(i64),
    /// An integer beyond 64 bits.
    BigInteger,
    /// A floating-point number.
    Float(f64),
    /// Double-quoted text, its value.
    DoubleQuoted(String),
    /// Back-quoted text, its value.
    BackQuoted(String),
    /// A punctuation character: `(` `)` `[` `]` `{` `}` `,` `|`.
    Punct(char),
    /// The end of a clause: `.` followed by layout, `%` or the end of the text.
    End,
    /// The end of the text.
    Eof,
}

/// A token of Prolog text as the reader's lexer cuts it, with its place in the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// Its kind (and value, for quoted text and numbers).
    pub kind: TokenKind,
    /// Its text as written (`end of text` for [`TokenKind::Eof`]).
    pub text: String,
    /// Line of its first character, from 1.
    pub line: usize,
    /// Column of its first character, from 1 (in characters).
    pub column: usize,
    /// Whether layout (space, new line or comment) comes just before it: `f(` is a
    /// compound term's start, `f (` is not.
    pub layout_before: bool,
}

impl Token {
    fn public(t: &Lexeme) -> Token {
        let kind = match &t.tok {
            Tok::Name(_) => TokenKind::Name,
            Tok::QName(s) => TokenKind::QuotedName(s.clone()),
            Tok::Var(_) => TokenKind::Variable,
            Tok::Int(n) => TokenKind::Integer(*n),
            Tok::Big(_) => TokenKind::BigInteger,
            Tok::Float(x) => TokenKind::Float(*x),
            Tok::Str(s) => TokenKind::DoubleQuoted(s.clone()),
            Tok::BackQ(s) => TokenKind::BackQuoted(s.clone()),
            Tok::Punct(c) => TokenKind::Punct(*c),
            Tok::End => TokenKind::End,
            Tok::Eof => TokenKind::Eof,
        };
        Token {
            kind,
            text: t.text.clone(),
            line: t.line,
            column: t.col,
            layout_before: t.layout,
        }
    }

    /// Whether this is the unquoted name `name` (quoted names are never keywords).
    pub fn is_name(&self, name: &str) -> bool {
        self.kind == TokenKind::Name && self.text == name
    }
}

/// Reads the clauses of a text one at a time with the reader's one lexer, so that a
/// directive run between two reads (op/3, the `double_quotes` flag) changes how the rest
/// is read, and each clause comes with its place in the text. [`Database::consult`] loads
/// through it; a host that mixes its own items with Prolog clauses (the rule files of
/// `resolu-rules`) can look at the next tokens, take them one by one, and read terms.
///
/// As an iterator it yields each clause, then ends (also after an error).
///
/// ```
/// use resolu_logic::{ClauseReader, TokenKind};
/// let mut r = ClauseReader::new("p(X) :- q(X).\n  greet hello.\n").unwrap();
/// let c = r.next_clause().unwrap().unwrap();
/// assert_eq!((c.line, c.column, c.var_names.as_slice()), (1, 1, &["X".to_string()][..]));
/// // Our own item: a keyword token, then a term.
/// let keyword = r.next_token().unwrap();
/// assert!(keyword.is_name("greet") && (keyword.line, keyword.column) == (2, 3));
/// assert_eq!(r.read_term(1200).unwrap().to_string(), "hello");
/// assert_eq!(r.next_token().unwrap().kind, TokenKind::End);
/// assert!(r.next().is_none());
/// ```
///
/// [`Database::consult`]: crate::Database::consult
pub struct ClauseReader {
    p: Parser,
    failed: bool,
}

impl ClauseReader {
    /// A reader at the start of `text` (an error if its first token cannot be read), with
    /// the standard operators; [`Database::clause_reader`] gives one that reads with a
    /// database's.
    ///
    /// [`Database::clause_reader`]: crate::Database::clause_reader
    pub fn new(text: &str) -> Result<ClauseReader, ParseError> {
        ClauseReader::with_syntax(text, Rc::default())
    }

    /// A reader of `text` with this syntax (a database's, shared: what its directives
    /// change, the rest of the text reads with).
    pub(crate) fn with_syntax(text: &str, syntax: Rc<Syntax>) -> Result<ClauseReader, ParseError> {
        Ok(ClauseReader {
            p: Parser::new(text, syntax)?,
            failed: false,
        })
    }

    /// The next clause (a term ending with `.`), `None` at the end of the text.
    pub fn next_clause(&mut self) -> Result<Option<ReadTerm>, ParseError> {
        self.p.read(false)
    }

    /// The next token, not taken.
    pub fn peek(&self) -> Token {
        Token::public(&self.p.tok)
    }

    /// The token after the next one, not taken.
    pub fn peek_second(&mut self) -> Result<Token, ParseError> {
        if self.p.ahead.is_none() {
            self.p.ahead = Some(self.p.lex.next()?);
        }
        Ok(self
            .p
            .ahead
            .as_ref()
            .map_or_else(|| Token::public(&self.p.tok), Token::public))
    }

    /// The tokens from the next one on, without taking them: a look ahead (to the
    /// end of the text, or the first error) that leaves the reader where it is.
    pub fn tokens_ahead(&self) -> TokensAhead {
        TokensAhead {
            ready: [Some(self.p.tok.clone()), self.p.ahead.clone()],
            lex: self.p.lex.clone(),
            done: false,
        }
    }

    /// Takes the next token (at the end of the text, [`TokenKind::Eof`] again and again).
    pub fn next_token(&mut self) -> Result<Token, ParseError> {
        if self.p.tok.tok == Tok::Eof {
            return Ok(self.peek());
        }
        self.p.advance().map(|t| Token::public(&t))
    }

    /// Reads a term of priority at most `max` from the next token and stops before the
    /// first token that cannot continue it (the end `.`, a name that is no infix
    /// operator...), which it leaves. Its variables are numbered with those of the terms
    /// read since the last clause or [`ClauseReader::take_var_names`], so that two terms
    /// read in turn share them.
    pub fn read_term(&mut self, max: u32) -> Result<Term, ParseError> {
        self.p.parse(max)
    }

    /// The names of the variables read by [`ClauseReader::read_term`] since the last
    /// clause or call (`Term::Var(i)` is the `i`-th); the next term starts afresh.
    pub fn take_var_names(&mut self) -> Vec<String> {
        std::mem::take(&mut self.p.var_names)
    }
}

/// The tokens ahead of a [`ClauseReader`] ([`ClauseReader::tokens_ahead`]): each token
/// up to and with [`TokenKind::Eof`], or up to the first error.
pub struct TokensAhead {
    /// The reader's current and peeked tokens, given first.
    ready: [Option<Lexeme>; 2],
    lex: Lexer,
    done: bool,
}

impl Iterator for TokensAhead {
    type Item = Result<Token, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = match self.ready.iter_mut().find_map(Option::take) {
            Some(t) => Ok(t),
            None => self.lex.next(),
        };
        self.done = next.as_ref().map_or(true, |t| t.tok == Tok::Eof);
        Some(next.map(|t| Token::public(&t)))
    }
}

impl Iterator for ClauseReader {
    type Item = Result<ReadTerm, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let r = self.next_clause().transpose();
        self.failed = matches!(r, Some(Err(_)));
        r
    }
}

/// Reads every clause of a program text (each ending with `.`).
pub fn parse_program(text: &str) -> Result<Vec<ReadTerm>, ParseError> {
    ClauseReader::new(text)?.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(s: &str) -> String {
        parse_term(s)
            .map(|t| t.term.to_string())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn operators_and_lists() {
        assert_eq!(rt("X is 1+2*3"), "_G0 is 1+2*3");
        assert_eq!(rt("(1+2)*3"), "(1+2)*3");
        assert_eq!(rt("a:-b,c;d->e"), "a:-b,c;d->e");
        assert_eq!(rt("[a,b|T]"), "[a,b|_G0]");
        assert_eq!(rt("- 1"), "- 1");
        assert_eq!(rt("-1"), "-1");
        assert_eq!(rt("-(1)"), "- 1");
        assert_eq!(rt("- a"), "-a");
        assert_eq!(rt("1 - -1"), "1- -1");
        assert_eq!(rt("a- (-1)"), "a- -1");
        assert_eq!(rt("\\+ a"), "\\+a");
        assert_eq!(rt("f((a,b))"), "f((a,b))");
        assert_eq!(rt("'hello world'"), "'hello world'");
        assert_eq!(rt("f(-)"), "f(-)");
        assert_eq!(rt("X = f(_, _)"), "_G0=f(_G1,_G2)");
        assert_eq!(rt("2-(3-4)"), "2-(3-4)");
        assert_eq!(rt("2-3-4"), "2-3-4");
        assert_eq!(rt("2^3^4"), "2^3^4");
        assert_eq!(rt("{a,b}"), "{a,b}");
        assert_eq!(rt("\"ab\""), "\"ab\"");
        assert_eq!(rt("`ab`"), "[97,98]");
        assert_eq!(rt("0'a"), "97");
        assert_eq!(rt("a = (\\+b)"), "a=(\\+b)");
        assert_eq!(rt("- (1+2)"), "- (1+2)");
        assert_eq!(rt("\\+ (a,b)"), "\\+ (a,b)");
        assert_eq!(rt("p :- \\+ q"), "p:- \\+q");
        assert_eq!(rt("1 = (:-)"), "1=(:-)");
        assert_eq!(rt("a * (- 1)"), "a* - 1");
        assert_eq!(rt("1.5e20"), "1.5e+20");
        assert_eq!(rt("X = 'Tom'"), "_G0='Tom'");
        assert_eq!(rt("[]"), "[]");
        assert_eq!(rt("'[]'"), "'[]'");
        assert_eq!(rt("[ ]"), "[]");
        assert_eq!(rt("'[|]'(a, [])"), "[a]");
        assert_eq!(rt("[](a)"), "[](a)");
        assert_eq!(rt("'[]'(a)"), "'[]'(a)");
        assert_eq!(rt("'.'(a, [])"), "'.'(a,[])");
        assert_eq!(rt("f(a;b)"), "f((a;b))");
        assert_eq!(rt("1.5e3"), "1500.0");
        assert_eq!(rt("(a :- b)"), "a:-b");
        assert_eq!(rt("- - a"), "- -a");
    }

    #[test]
    fn errors_have_positions() {
        let e = parse_program("a.\nb :- c d.\n").unwrap_err();
        assert_eq!((e.line, e.column, e.near.as_str()), (2, 8, "d"));
        let e = parse_program("a :- 'b.\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 6));
        let e = parse_program("a :- (b.\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(parse_term("").is_err());
        assert!(parse_term(")").is_err());
    }

    #[test]
    fn the_clause_reader_gives_each_clause_with_its_place() {
        let text = "a.\n  b(X, Y) :-\n    c(Y).  d(\"x. y\"). % e.\n/* f. */ 'g h'.";
        let clauses: Vec<(String, usize, usize, Vec<String>)> = ClauseReader::new(text)
            .unwrap()
            .map(|c| {
                let c = c.unwrap();
                (c.term.to_string(), c.line, c.column, c.var_names)
            })
            .collect();
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            clauses,
            [
                ("a".to_string(), 1, 1, vec![]),
                ("b(_G0,_G1):-c(_G1)".to_string(), 2, 3, names(&["X", "Y"])),
                ("d(\"x. y\")".to_string(), 3, 12, vec![]),
                ("'g h'".to_string(), 4, 10, vec![]),
            ]
        );
        // After an error the iterator ends; the error keeps its place in the text.
        let mut r = ClauseReader::new("a.\nb c.\nd.").unwrap();
        assert!(r.next().unwrap().is_ok());
        let e = r.next().unwrap().unwrap_err();
        assert_eq!((e.line, e.column, e.near.as_str()), (2, 3, "c"));
        assert!(r.next().is_none());
    }

    #[test]
    fn tokens_can_be_looked_at_and_taken_between_terms() {
        let mut r = ClauseReader::new("rule r1 priority -2: p(X) ==> q(X), f(a ==> b).").unwrap();
        let ahead: Vec<String> = r.tokens_ahead().map(|t| t.unwrap().text).collect();
        assert_eq!(ahead.len(), 24, "{ahead:?}");
        assert_eq!(ahead[..6], ["rule", "r1", "priority", "-", "2", ":"]);
        assert_eq!(ahead[22..], [".", "end of text"]);
        // Looking ahead took nothing.
        assert!(r.peek().is_name("rule"));
        let second = r.peek_second().unwrap();
        assert!(second.is_name("r1") && second.layout_before);
        for _ in 0..3 {
            r.next_token().unwrap();
        }
        let minus = r.next_token().unwrap();
        let two = r.next_token().unwrap();
        assert!(minus.is_name("-") && minus.column == 18);
        assert_eq!(
            (two.kind, two.layout_before),
            (TokenKind::Integer(2), false)
        );
        assert!(r.next_token().unwrap().is_name(":"));
        // Two terms on either side of a token that is no operator share their variables.
        assert_eq!(r.read_term(1200).unwrap().to_string(), "p(_G0)");
        assert!(r.next_token().unwrap().is_name("==>"));
        let e = r.read_term(1200).unwrap_err();
        assert_eq!((e.line, e.column, e.near.as_str()), (1, 41, "==>"));
        let mut r = ClauseReader::new("p(X) ==> q(X, Y).").unwrap();
        let _ = r.read_term(1200).unwrap();
        r.next_token().unwrap();
        assert_eq!(r.read_term(1200).unwrap().to_string(), "q(_G0,_G1)");
        assert_eq!(r.take_var_names(), ["X", "Y"]);
        assert_eq!(r.next_token().unwrap().kind, TokenKind::End);
        assert_eq!(r.next_token().unwrap().kind, TokenKind::Eof);
        assert_eq!(r.next_token().unwrap().kind, TokenKind::Eof);
    }

    #[test]
    fn deep_text_does_not_overflow() {
        let n = 200_000;
        let text = format!("{}a{}", "[".repeat(n), "]".repeat(n));
        assert!(parse_term(&text).is_ok());
        let text = format!("{}a{}", "f(".repeat(n), ")".repeat(n));
        assert!(parse_term(&text).is_ok());
        let text = vec!["1"; n].join("+");
        assert!(parse_term(&text).is_ok());
    }
}
