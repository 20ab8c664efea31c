//! Writing terms as `writeq/1` and `write/1` do: operators with their priorities, lists in
//! bracket notation, atoms quoted where needed (writeq only). Iterative, so deep terms are fine.

use crate::ops;
use crate::term::{Atom, Term, atoms};

/// Whether a character is one of Prolog's symbol characters (they glue into one atom).
pub(crate) fn is_symbol_char(c: char) -> bool {
    "+-*/\\^<>=~:.?@#&$".contains(c)
}

fn is_alnum(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `name` can be written without quotes.
fn plain_atom(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if first.is_lowercase() {
        return name.chars().all(is_alnum);
    }
    // `[]` unquoted is the empty list (SWI-Prolog 7), so the atom `'[]'` keeps its quotes.
    if matches!(name, "!" | ";" | "{}") {
        return true;
    }
    // A symbol atom starting a comment (`/*`) must be quoted to read back.
    name.chars().all(is_symbol_char) && !name.starts_with("/*") && name != "."
}

/// Pushes `c` escaped as it is inside quotes `q`: the quote, backslash, the named
/// control characters and the other control characters as `\xH\` (as SWI-Prolog writes
/// them, so that the text reads back).
fn push_escaped(s: &mut String, c: char, q: char) {
    match c {
        '\\' => s.push_str("\\\\"),
        '\n' => s.push_str("\\n"),
        '\t' => s.push_str("\\t"),
        '\x07' => s.push_str("\\a"),
        '\x08' => s.push_str("\\b"),
        '\x0c' => s.push_str("\\f"),
        '\x0b' => s.push_str("\\v"),
        '\r' => s.push_str("\\r"),
        c if c == q => {
            s.push('\\');
            s.push(c);
        }
        c if (c as u32) < 0x20 || c as u32 == 0x7f => {
            s.push_str(&format!("\\x{:X}\\", c as u32));
        }
        c => s.push(c),
    }
}

/// The atom as `writeq` writes it: quoted with escapes where it must be.
pub fn quote_atom(name: &str) -> String {
    if plain_atom(name) {
        return name.to_string();
    }
    let mut s = String::with_capacity(name.len() + 2);
    s.push('\'');
    for c in name.chars() {
        push_escaped(&mut s, c, '\'');
    }
    s.push('\'');
    s
}

/// An atom as `writeq` (quoted) or `write` writes it: `[]` is the empty list, never
/// quoted; any other atom by its name.
pub(crate) fn atom_text(a: Atom, quoted: bool) -> String {
    if a == atoms::NIL {
        "[]".to_string()
    } else if quoted {
        quote_atom(a.name())
    } else {
        a.name().to_string()
    }
}

/// A string as `writeq` writes it: in double quotes with escapes.
pub(crate) fn quote_string(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        push_escaped(&mut s, c, '"');
    }
    s.push('"');
    s
}

/// A float as SWI writes it: always with a fraction or exponent part.
pub(crate) fn format_float(x: f64) -> String {
    // SWI-Prolog 9 writes the special floats so that they read back.
    if x.is_nan() {
        return "1.5NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "1.0Inf".into()
        } else {
            "-1.0Inf".into()
        };
    }
    let a = x.abs();
    if a != 0.0 && !(1e-4..1e15).contains(&a) {
        // Exponent form as C's %g writes it: 1.5e+20, 1.0e-5.
        let s = format!("{x:e}");
        let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let mant = if mant.contains('.') {
            mant.to_string()
        } else {
            format!("{mant}.0")
        };
        let exp = if exp.starts_with('-') {
            exp.to_string()
        } else {
            format!("+{exp}")
        };
        return format!("{mant}e{exp}");
    }
    let s = format!("{x:?}");
    if s.contains('.') { s } else { format!("{s}.0") }
}

/// The options of write_term/2 that change the text.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WriteOptions {
    /// Quote atoms and strings where needed (writeq/1, print/1, write_canonical/1).
    pub(crate) quoted: bool,
    /// Write operators in canonical form, `+(1,2)` (write_canonical/1).
    pub(crate) ignore_ops: bool,
    /// Write `'$VAR'(N)` as a variable name, `A`..`Z`, `A1`... (write/1, writeq/1, print/1).
    pub(crate) numbervars: bool,
}

impl WriteOptions {
    /// writeq/1's options with `'$VAR'(N)` written as it is (format's `~q`,
    /// term_to_atom/2).
    pub(crate) const QUOTED: WriteOptions = WriteOptions {
        quoted: true,
        ignore_ops: false,
        numbervars: false,
    };
}

/// The variable name `'$VAR'(n)` stands for: A..Z, then A1..Z1, ...
pub(crate) fn var_name(n: i64) -> String {
    let letter = (b'A' + (n % 26) as u8) as char;
    if n < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", n / 26)
    }
}

/// Why writing a term stopped before its end: the output refused the text, or a limit
/// of the run (time, Ctrl-C, memory) stopped it.
#[derive(Debug)]
pub(crate) enum WriteStop {
    /// The output stream failed.
    Io(std::io::Error),
    /// A limit of the run.
    Limit(crate::SolveError),
}

/// Where a writer puts its text, piece by piece: a string, or a stream that checks the
/// run's limits as it goes.
pub(crate) trait Sink {
    /// Appends `text`.
    fn put(&mut self, text: &str) -> Result<(), WriteStop>;
    /// The decimal text of a big integer (a stream computes it within the run's limits:
    /// ten million digits take seconds).
    fn big_text(&mut self, n: &num_bigint::BigInt) -> Result<String, WriteStop> {
        Ok(n.to_string())
    }
    /// The most steps the writer may hold pending (its stack grows with the nesting of
    /// the term written whole): past it, the memory limit.
    fn max_pending(&self) -> usize {
        usize::MAX
    }
    /// The stop when the writer would hold more than [`Sink::max_pending`] steps.
    fn too_deep(&self) -> WriteStop {
        WriteStop::Limit(crate::SolveError::MemoryLimit(0))
    }
    /// The operators to write with: those of the database whose term or answer is
    /// written; `None`, the standard ones.
    fn syntax(&self) -> Option<&ops::Syntax> {
        None
    }
    /// A step of work that writes nothing (counting an answer's variables): a stream
    /// checks the run's limits every so many.
    fn tick(&mut self) -> Result<(), WriteStop> {
        Ok(())
    }
}

impl Sink for String {
    fn put(&mut self, text: &str) -> Result<(), WriteStop> {
        self.push_str(text);
        Ok(())
    }
}

/// One node of a term, as a writer sees it.
pub(crate) enum View {
    /// An unbound variable, by its identifier (written as [`TermSource::var_text`] says).
    Var(u32),
    Atom(Atom),
    Int(i64),
    Big(num_bigint::BigInt),
    Float(f64),
    Str(String),
    /// A compound term: its functor; its arguments through [`TermSource::arg`].
    Compound(Atom, usize),
}

/// What a writer reads: an owned [`Term`], or a term on the prover's heap (written as it
/// is, without being copied out first).
pub(crate) trait TermSource {
    /// A handle on one subterm.
    type Node: Copy;
    /// What `n` is.
    fn view(&mut self, n: Self::Node) -> View;
    /// The `i`-th argument (from 0) of the compound `n`.
    fn arg(&mut self, n: Self::Node, i: usize) -> Self::Node;
    /// Marks the compound `n` as being written; false when it already is (a cyclic term,
    /// written `...` where it loops back).
    fn enter(&mut self, _n: Self::Node) -> bool {
        true
    }
    /// `n` is written.
    fn leave(&mut self, _n: Self::Node) {}
    /// Whether [`TermSource::enter`] can ever say no (terms built as trees cannot loop).
    fn can_loop(&self) -> bool {
        false
    }
    /// The text of the unbound variable `v` of [`View::Var`].
    fn var_text(&mut self, v: u32) -> String {
        format!("_G{v}")
    }
}

impl<'t> TermSource for &'t Term {
    type Node = &'t Term;
    fn view(&mut self, n: &'t Term) -> View {
        match n {
            Term::Var(v) => View::Var(*v),
            Term::Atom(a) => View::Atom(*a),
            Term::Int(i) => View::Int(*i),
            Term::Float(x) => View::Float(*x),
            Term::Str(s) => View::Str(s.to_string()),
            Term::Compound(f, args) => {
                if *f != atoms::CONS
                    && f.name() == crate::bigint::BIG
                    && let Some(b) = crate::bigint::from_term(n)
                {
                    return View::Big(b);
                }
                View::Compound(*f, args.len())
            }
        }
    }
    fn arg(&mut self, n: &'t Term, i: usize) -> &'t Term {
        match n {
            Term::Compound(_, args) => &args[i],
            other => other,
        }
    }
}

struct Out<'s> {
    sink: &'s mut dyn Sink,
    /// The last character written (a token glues to it or not).
    last: Option<char>,
    quoted: bool,
    ignore_ops: bool,
    numbervars: bool,
    /// A prefix operator was just written: an opening bracket needs a space before it,
    /// or `- (1+2)` would read back as the call `-(1+2)`.
    after_prefix: bool,
}

impl Out<'_> {
    fn push(&mut self, text: &str) -> Result<(), WriteStop> {
        if let Some(c) = text.chars().next_back() {
            self.last = Some(c);
        }
        self.sink.put(text)
    }
    /// Appends a token, with a space if it would glue to the previous one.
    fn token(&mut self, tok: &str) -> Result<(), WriteStop> {
        let after_prefix = std::mem::take(&mut self.after_prefix);
        if let (Some(last), Some(first)) = (self.last, tok.chars().next()) {
            // `- 1^a`: a prefix minus right before a digit would read as a negative number.
            let sign_digit = after_prefix && (last == '-' || last == '+') && first.is_ascii_digit();
            // `a mod -1`: a negative number after a word keeps its space, as SWI writes it.
            let word_negative = is_alnum(last)
                && first == '-'
                && tok.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
            // Alphabetic operators get spaces only where they would glue, as in SWI:
            // `1 rem 2`, `(mod)mod(mod)`, `f(x)is g(y)`.
            let glue = (is_symbol_char(last) && is_symbol_char(first))
                || (is_alnum(last) && is_alnum(first))
                || sign_digit
                || word_negative;
            if glue {
                self.push(" ")?;
            }
        }
        self.push(tok)
    }
    fn punct(&mut self, p: &str) -> Result<(), WriteStop> {
        if self.after_prefix && p == "(" {
            self.push(" ")?;
        }
        self.after_prefix = false;
        self.push(p)
    }
    fn atom(&self, a: Atom) -> String {
        atom_text(a, self.quoted)
    }
    /// The infix definition of `name` in the operators written with.
    fn infix(&self, name: &str) -> Option<(u32, ops::OpType)> {
        match self.sink.syntax() {
            Some(syntax) => syntax.infix(name),
            None => ops::standard_infix(name),
        }
    }
    /// The prefix definition of `name` in the operators written with.
    fn prefix(&self, name: &str) -> Option<(u32, ops::OpType)> {
        match self.sink.syntax() {
            Some(syntax) => syntax.prefix(name),
            None => ops::standard_prefix(name),
        }
    }
    /// Whether `name` is an operator of any kind in the operators written with.
    fn is_op(&self, name: &str) -> bool {
        match self.sink.syntax() {
            Some(syntax) => syntax.is_op(name),
            None => ops::standard_is_op(name),
        }
    }
}

enum Step<N> {
    /// Write a term in a context that accepts priority up to the given one, at the given
    /// depth; the flag says it is an operand of an operator (bare operator atoms are then
    /// bracketed).
    Term(N, u32, bool, usize),
    Punct(&'static str),
    Token(String),
    /// The rest of a list after an element: the list's depth counter so far, its first
    /// cell and the number of its cells being written.
    Tail(N, usize, N, usize),
    /// A compound is written.
    Leave(N),
    /// A list's cells are written: its first cell and their number.
    LeaveList(N, usize),
}

/// `writeq/1`: quoted, operators and lists as Prolog reads them back. The operators are
/// the standard ones (a database's own: [`crate::Operators::writeq`]).
pub fn writeq(t: &Term) -> String {
    write_term(t, true, 1200)
}

/// `writeq/1` in a context of priority `prec`: operators above it are bracketed (an
/// answer `X = (a:-b)` writes its value at 699, the right side of `=`). Standard
/// operators (a database's own: [`crate::Operators::writeq_at`]).
pub fn writeq_at(t: &Term, prec: u32) -> String {
    write_term(t, true, prec)
}

/// A value as SWI-Prolog's top level shows it in an answer `X = Value`: writeq at 699,
/// and an operator atom bracketed, `O = (<)`, `X = (dynamic)`. Standard operators (an
/// answer's own: [`crate::Answer::text`]).
pub fn writeq_answer(t: &Term) -> String {
    let mut s = String::new();
    // Writing to a string cannot fail.
    let _ = write_answer_value(&mut &*t, t, 0, &mut s);
    s
}

/// Writes an answer's value as SWI-Prolog's top level does (see [`writeq_answer`]), with
/// subterms past `max_depth` (0: none) written `...`, as its `answer_write_options`.
pub(crate) fn write_answer_value<S: TermSource>(
    source: &mut S,
    t: S::Node,
    max_depth: usize,
    sink: &mut dyn Sink,
) -> Result<(), WriteStop> {
    // The comma and the bar, never bracketed as operands, are as answers: `I = (',')`.
    if let View::Atom(a) = source.view(t)
        && matches!(a.name(), "," | "|")
    {
        return sink.put(&format!("({})", atom_text(a, true)));
    }
    let opts = WriteOptions {
        quoted: true,
        ..WriteOptions::default()
    };
    write_source(source, t, (opts, max_depth), 699, true, sink)
}

/// `write/1`: like writeq but without quotes (standard operators).
pub fn write(t: &Term) -> String {
    write_term(t, false, 1200)
}

/// Writes `t` with the given quoting in a context of priority `prec`.
pub(crate) fn write_term(t: &Term, quoted: bool, prec: u32) -> String {
    write_with(
        t,
        WriteOptions {
            quoted,
            ..WriteOptions::default()
        },
        prec,
        None,
    )
}

/// Writes `t` with the options of write_term/2 in a context of priority `prec`, with
/// the operators of `syntax` (`None`: the standard ones).
pub(crate) fn write_with(
    t: &Term,
    opts: WriteOptions,
    prec: u32,
    syntax: Option<&ops::Syntax>,
) -> String {
    let mut s = SyntaxText {
        text: String::new(),
        syntax,
    };
    // Writing to a string cannot fail.
    let _ = write_source(&mut &*t, t, (opts, 0), prec, false, &mut s);
    s.text
}

/// Text written with a database's operators (`None`: the standard ones).
pub(crate) struct SyntaxText<'s> {
    pub(crate) text: String,
    pub(crate) syntax: Option<&'s ops::Syntax>,
}

impl Sink for SyntaxText<'_> {
    fn put(&mut self, text: &str) -> Result<(), WriteStop> {
        self.text.push_str(text);
        Ok(())
    }
    fn syntax(&self) -> Option<&ops::Syntax> {
        self.syntax
    }
}

/// Writes the term `t` of `source` to `sink` with `opts`, subterms nested deeper than
/// `max_depth` written `...` and lists past as many elements `|...]`, as SWI-Prolog's
/// `max_depth(N)` (its top level uses 10; 0: no limit); `operand` says it stands as an
/// operand (an operator atom is bracketed). Iterative: the nesting of a term costs heap,
/// not stack.
pub(crate) fn write_source<S: TermSource>(
    source: &mut S,
    t: S::Node,
    (opts, max_depth): (WriteOptions, usize),
    prec: u32,
    operand: bool,
    sink: &mut dyn Sink,
) -> Result<(), WriteStop> {
    let max_pending = sink.max_pending();
    let mut out = Out {
        sink,
        last: None,
        quoted: opts.quoted,
        ignore_ops: opts.ignore_ops,
        numbervars: opts.numbervars,
        after_prefix: false,
    };
    // Past `max_depth` (SWI's rule: each argument one level deeper, each list element
    // one more than the one before it).
    let deep = |depth: usize| max_depth > 0 && depth > max_depth;
    let mut todo = vec![Step::Term(t, prec, operand, 1)];
    while let Some(step) = todo.pop() {
        if todo.len() > max_pending {
            return Err(out.sink.too_deep());
        }
        match step {
            Step::Punct(p) => out.punct(p)?,
            Step::Token(s) => out.token(&s)?,
            Step::Leave(n) => source.leave(n),
            Step::LeaveList(first, len) => leave_list(source, first, len),
            Step::Tail(t, counter, first, len) => {
                let counter = counter + 1;
                match source.view(t) {
                    View::Atom(a) if a == atoms::NIL => {
                        out.punct("]")?;
                        leave_list(source, first, len);
                    }
                    _ if deep(counter + 1) => {
                        out.punct("|")?;
                        out.token("...")?;
                        out.punct("]")?;
                        leave_list(source, first, len);
                    }
                    View::Compound(f, 2) if f == atoms::CONS => {
                        if !source.enter(t) {
                            out.punct("|")?;
                            out.token("...")?;
                            out.punct("]")?;
                            leave_list(source, first, len);
                            continue;
                        }
                        out.punct(",")?;
                        todo.push(Step::Tail(source.arg(t, 1), counter, first, len + 1));
                        todo.push(Step::Term(source.arg(t, 0), 999, false, counter + 1));
                    }
                    _ => {
                        out.punct("|")?;
                        todo.push(Step::Punct("]"));
                        todo.push(Step::Term(t, 999, false, counter + 1));
                        todo.push(Step::LeaveList(first, len));
                    }
                }
            }
            Step::Term(_, _, _, depth) if deep(depth) => out.token("...")?,
            Step::Term(t, prec, operand, depth) => {
                write_node(source, &mut out, &mut todo, t, prec, operand, depth)?
            }
        }
    }
    Ok(())
}

/// Marks the `len` cells of the list starting at `first` as written.
fn leave_list<S: TermSource>(source: &mut S, first: S::Node, len: usize) {
    if !source.can_loop() {
        return;
    }
    let mut cell = first;
    for _ in 0..len {
        source.leave(cell);
        cell = source.arg(cell, 1);
    }
}

/// Writes one node of a term: its text, or its first tokens and the steps of the rest.
fn write_node<S: TermSource>(
    source: &mut S,
    out: &mut Out<'_>,
    todo: &mut Vec<Step<S::Node>>,
    t: S::Node,
    prec: u32,
    operand: bool,
    depth: usize,
) -> Result<(), WriteStop> {
    let (f, arity) = match source.view(t) {
        View::Var(v) => {
            let text = source.var_text(v);
            return out.token(&text);
        }
        View::Int(n) => return out.token(&n.to_string()),
        View::Big(n) => {
            let text = out.sink.big_text(&n)?;
            return out.token(&text);
        }
        View::Float(x) => return out.token(&format_float(x)),
        View::Str(s) => {
            let text = if out.quoted { quote_string(&s) } else { s };
            return out.token(&text);
        }
        View::Atom(a) => {
            let name = a.name();
            let s = out.atom(a);
            // An operator atom as an operand is bracketed, as SWI does: `(-)-a`,
            // `1=(:-)`, `- (-)`.
            return if operand && out.is_op(name) && name != "," {
                out.punct("(")?;
                out.punct(&s)?;
                out.punct(")")
            } else if name == "," {
                out.punct(&s)
            } else {
                out.token(&s)
            };
        }
        View::Compound(f, arity) => (f, arity),
    };
    if !source.enter(t) {
        return out.token("...");
    }
    if source.can_loop() && f != atoms::CONS {
        todo.push(Step::Leave(t));
    }
    let inner = depth + 1;
    if f == atoms::CONS && arity == 2 {
        out.punct("[")?;
        todo.push(Step::Tail(source.arg(t, 1), depth, t, 1));
        todo.push(Step::Term(source.arg(t, 0), 999, false, inner));
        return Ok(());
    }
    let name = f.name();
    if out.numbervars && name == "$VAR" && arity == 1 {
        let arg = source.arg(t, 0);
        match source.view(arg) {
            View::Int(n) if n >= 0 => return out.token(&var_name(n)),
            View::Atom(a) => return out.token(a.name()),
            _ => {}
        }
    }
    if f == atoms::CURLY && arity == 1 {
        out.punct("{")?;
        todo.push(Step::Punct("}"));
        todo.push(Step::Term(source.arg(t, 0), 1200, false, inner));
        return Ok(());
    }
    if arity == 2
        && !out.ignore_ops
        && let Some((p, ty)) = out.infix(name)
    {
        let (lp, rp) = ops::infix_arg_prec(p, ty);
        if p > prec {
            out.punct("(")?;
            todo.push(Step::Punct(")"));
        }
        todo.push(Step::Term(source.arg(t, 1), rp, true, inner));
        if name == "," {
            todo.push(Step::Punct(","));
        } else if name == "|" {
            // The bar as an infix operator is written bare, `(a|b)`.
            todo.push(Step::Punct("|"));
        } else {
            todo.push(Step::Token(out.atom(f)));
        }
        todo.push(Step::Term(source.arg(t, 0), lp, true, inner));
        return Ok(());
    }
    if arity == 1
        && !out.ignore_ops
        && let Some((p, ty)) = out.prefix(name)
    {
        let ap = ops::prefix_arg_prec(p, ty);
        if p > prec {
            out.punct("(")?;
            todo.push(Step::Punct(")"));
        }
        let s = out.atom(f);
        out.token(&s)?;
        let arg = source.arg(t, 0);
        let number = matches!(source.view(arg), View::Int(_) | View::Float(_));
        if number && (name == "-" || name == "+") || name.chars().all(is_alnum) {
            out.punct(" ")?;
        } else {
            out.after_prefix = true;
        }
        todo.push(Step::Term(arg, ap, true, inner));
        return Ok(());
    }
    let s = out.atom(f);
    out.token(&s)?;
    out.punct("(")?;
    todo.push(Step::Punct(")"));
    for i in (0..arity).rev() {
        todo.push(Step::Term(source.arg(t, i), 999, false, inner));
        if i > 0 {
            todo.push(Step::Punct(","));
        }
    }
    Ok(())
}
