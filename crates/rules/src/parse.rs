//! The text format of rule bases: rules, initial facts and a goal, mixed with ordinary
//! Prolog clauses.
//!
//! ```text
//! % Prolog clauses, read by the prover: conditions may call them.
//! heavier(X, Y) :- weight(X, A), weight(Y, B), A > B.
//!
//! fact weight(box, 3).                        % the initial working memory
//! facts weight(bag, 1), weight(crate, 7).
//!
//! rule heaviest priority 1:                   % name, optional priority/salience, ':'
//!     weight(X, _), \+ heavier(_, X)          % conditions (with variables)
//!     ==> print('the heaviest is ', X), assert(heaviest(X)), halt.
//!
//! goal heaviest(_).                           % optional: stop as soon as this holds
//! ```
//!
//! A file is a sequence of items, each ending with a full stop as in Prolog. An item that
//! starts with the word `rule`, `fact`, `facts` or `goal` followed by a space is ours;
//! every other item is a Prolog clause or directive, consulted as is. Errors carry the line
//! and column in the file, including Prolog syntax errors inside rules.

use resolu_logic::{
    ClauseReader, ConsultError, Database, Options, ParseError, Term, Token, TokenKind, atoms,
    parse_term,
};
use resolu_search::StopReason;
use std::fmt;

/// Why [`RuleBase::parse_within`] gave up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseStop {
    /// The file cannot be read as a rule base.
    #[error(transparent)]
    File(#[from] RuleError),
    /// A limit stopped the reading (the memory budget: [`StopReason::MemoryLimit`]).
    #[error("stopped while reading the rule base: {}", .0.as_str())]
    Limit(StopReason),
}

impl From<ParseError> for ParseStop {
    fn from(e: ParseError) -> Self {
        ParseStop::File(e.into())
    }
}

/// The bytes a fact read is counted for: its nodes, each held as the term read and as its
/// copy in the working memory, with the index entries (an estimate measured on files of
/// a million facts).
fn fact_bytes(fact: &Term) -> u64 {
    const NODE_BYTES: u64 = 128;
    let mut nodes = 0u64;
    let mut stack = vec![fact];
    while let Some(t) = stack.pop() {
        nodes += 1;
        if let Term::Compound(_, args) = t {
            stack.extend(args.iter());
        }
    }
    nodes * NODE_BYTES
}

/// An error in a rule file (or while running a rule base), with its place in the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct RuleError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1 (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl From<ParseError> for RuleError {
    fn from(e: ParseError) -> Self {
        RuleError {
            line: e.line,
            column: e.column,
            message: format!("syntax error: {} (near `{}`)", e.message, e.near),
        }
    }
}

/// A production rule as written:
/// `rule NAME [priority N] [salience N]: CONDITIONS ==> ACTIONS.`
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// The rule's name.
    pub name: String,
    /// Its priority, if given (the course's meta-rule fires the smallest number first).
    pub priority: Option<i64>,
    /// Its salience, if given (as in CLIPS: higher fires first, whatever the strategy;
    /// 0 when not given).
    pub salience: Option<i64>,
    /// The conditions, in order (the conjunction flattened).
    pub conditions: Vec<Term>,
    /// The actions, in order.
    pub actions: Vec<Term>,
    /// The names of the rule's variables: `Term::Var(i)` is `var_names[i]` in both parts.
    pub var_names: Vec<String>,
    /// The line where the rule starts.
    pub line: usize,
}

/// The goal of a rule base: conditions that end the run as soon as they hold.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalConditions {
    /// The conditions, in order.
    pub conditions: Vec<Term>,
    /// The names of their variables.
    pub var_names: Vec<String>,
    /// The line of the goal.
    pub line: usize,
}

/// A rule base read from text: its rules, initial facts, goal and Prolog clauses (already
/// consulted into a database that the engine takes over).
pub struct RuleBase {
    /// The rules, in file order.
    pub rules: Vec<Rule>,
    /// The initial working memory, in file order (ground terms).
    pub facts: Vec<Term>,
    /// The goal, if any.
    pub goal: Option<GoalConditions>,
    pub(crate) db: Database,
}

impl fmt::Debug for RuleBase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleBase")
            .field("rules", &self.rules)
            .field("facts", &self.facts)
            .field("goal", &self.goal)
            .finish()
    }
}

impl RuleBase {
    /// Reads a rule base.
    ///
    /// ```
    /// use resolu_rules::RuleBase;
    /// let base = RuleBase::parse("fact a. rule r1 priority 2: a ==> assert(b).").unwrap();
    /// assert_eq!((base.rules[0].name.as_str(), base.rules[0].priority), ("r1", Some(2)));
    /// let e = RuleBase::parse("fact a.\nrule r1: a => assert(b).").unwrap_err();
    /// assert_eq!((e.line, e.column), (2, 1));
    /// ```
    pub fn parse(text: &str) -> Result<RuleBase, RuleError> {
        RuleBase::parse_bounded(text, None).map_err(|stop| match stop {
            ParseStop::File(e) => e,
            // Without a budget no limit stops the reading.
            ParseStop::Limit(reason) => RuleError {
                line: 0,
                column: 0,
                message: reason.as_str().into(),
            },
        })
    }

    /// Reads a rule base within a memory budget of `max_bytes` bytes, which counts the
    /// text (with the reader's copy of it) and the facts read (each as it will be held while the engine is built: the
    /// term read and its copy in the working memory): a file of facts too large for the
    /// budget stops the reading ([`ParseStop::Limit`], the memory limit) instead of being
    /// held whole first.
    ///
    /// ```
    /// use resolu_rules::{ParseStop, RuleBase};
    /// let text = "fact a(1). fact a(2). fact a(3).";
    /// assert!(RuleBase::parse_within(text, 1 << 20).is_ok());
    /// assert!(matches!(RuleBase::parse_within(text, 100), Err(ParseStop::Limit(_))));
    /// ```
    pub fn parse_within(text: &str, max_bytes: u64) -> Result<RuleBase, ParseStop> {
        RuleBase::parse_bounded(text, Some(max_bytes))
    }

    fn parse_bounded(text: &str, max_bytes: Option<u64>) -> Result<RuleBase, ParseStop> {
        // The text, and the reader's copy of it as characters (4 bytes each, held twice
        // while the copy is made).
        let mut held = text.len() as u64 + 8 * text.chars().count() as u64;
        if max_bytes.is_some_and(|m| held > m) {
            return Err(ParseStop::Limit(StopReason::MemoryLimit));
        }
        let mut db = Database::new();
        let (mut rules, mut facts, mut goal) = (Vec::new(), Vec::new(), None);
        // One reader for the whole file: our items and the Prolog clauses come from the
        // same lexer, in file order, so every error has its place in the file and a
        // directive (op/3...) reads the rest of the file as Prolog would.
        let mut reader = db.clause_reader(text)?;
        let mut loading = db.loading(&Options::default());
        loop {
            let first = reader.peek();
            if first.kind == TokenKind::Eof {
                break;
            }
            let Some(keyword) = keyword(&first, &mut reader)? else {
                match reader.next_clause() {
                    Ok(Some(c)) => loading.add(&c).map_err(|e| consult_error(e, c.column))?,
                    Ok(None) => break,
                    Err(e) => return Err(item_error(e, &first).into()),
                }
                continue;
            };
            reader.next_token()?;
            reader.take_var_names();
            match keyword {
                Keyword::Rule => rules.push(read_rule(&mut reader, &first)?),
                Keyword::Fact => {
                    let body = reader.peek();
                    let term = read_to_end(&mut reader, &first)?;
                    for fact in conjuncts(&term) {
                        check_fact(fact, &body)?;
                        held += fact_bytes(fact);
                        if max_bytes.is_some_and(|m| held > m) {
                            return Err(ParseStop::Limit(StopReason::MemoryLimit));
                        }
                        facts.push(fact.clone());
                    }
                }
                Keyword::Goal => {
                    if goal.is_some() {
                        return Err(RuleError::at(
                            &first,
                            "a rule base has one goal; this is a second".into(),
                        )
                        .into());
                    }
                    let term = read_to_end(&mut reader, &first)?;
                    goal = Some(GoalConditions {
                        conditions: conjuncts(&term).into_iter().cloned().collect(),
                        var_names: reader.take_var_names(),
                        line: first.line,
                    });
                }
            }
        }
        loading.finish().map_err(|e| consult_error(e, 1))?;
        Ok(RuleBase {
            rules,
            facts,
            goal,
            db,
        })
    }

    /// Sets the goal from text (conditions separated by commas), for a caller that builds
    /// the goal of a rule base written without one.
    pub fn set_goal(&mut self, text: &str) -> Result<(), RuleError> {
        let read = parse_term(text)?;
        self.goal = Some(GoalConditions {
            conditions: conjuncts(&read.term).into_iter().cloned().collect(),
            var_names: read.var_names,
            line: 0,
        });
        Ok(())
    }
}

/// The conjuncts of `a, b, c` in order (a single goal gives itself).
pub(crate) fn conjuncts(t: &Term) -> Vec<&Term> {
    let mut out = Vec::new();
    let mut t = t;
    loop {
        match t {
            Term::Compound(f, args) if *f == atoms::COMMA && args.len() == 2 => {
                out.push(&args[0]);
                t = &args[1];
            }
            _ => {
                out.push(t);
                return out;
            }
        }
    }
}

/// A fact of a `fact`/`facts` item, checked (`at` is the first token of the item's body).
fn check_fact(fact: &Term, at: &Token) -> Result<(), RuleError> {
    let problem = if !fact.is_ground() {
        Some("a fact cannot hold variables")
    } else if fact.functor().is_none() {
        Some("a fact must be an atom or a compound term")
    } else {
        None
    };
    match problem {
        Some(p) => Err(RuleError::at(at, format!("{p}: {fact}"))),
        None => Ok(()),
    }
}

/// The words that start our items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keyword {
    Rule,
    Fact,
    Goal,
}

/// Our keyword, if the item starting with `first` is ours: the unquoted word `rule`,
/// `fact`, `facts` or `goal` followed by layout. `goal :- ...` or `rule --> ...` is a
/// Prolog clause about a predicate that happens to share a keyword's name.
fn keyword(first: &Token, reader: &mut ClauseReader) -> Result<Option<Keyword>, RuleError> {
    if first.kind != TokenKind::Name {
        return Ok(None);
    }
    let keyword = match first.text.as_str() {
        "rule" => Keyword::Rule,
        "fact" | "facts" => Keyword::Fact,
        "goal" => Keyword::Goal,
        _ => return Ok(None),
    };
    let second = reader.peek_second()?;
    let clause = second.is_name(":-") || second.is_name("-->");
    Ok((second.layout_before && !clause).then_some(keyword))
}

impl RuleError {
    fn at(token: &Token, message: String) -> RuleError {
        RuleError {
            line: token.line,
            column: token.column,
            message,
        }
    }

    /// Our item starting with `first` runs to the end of the text.
    fn unended(first: &Token) -> RuleError {
        RuleError::at(
            first,
            "this item does not end with a full stop (`.` then a space or a new line)".into(),
        )
    }

    /// A token that cannot follow a term read.
    fn operator_expected(token: &Token) -> RuleError {
        RuleError::at(
            token,
            format!("syntax error: operator expected (near `{}`)", token.text),
        )
    }
}

/// A syntax error in the item starting with `first`: when the reader met the end of the
/// text, the item lacks its full stop, which says more than what was expected there.
fn item_error(e: ParseError, first: &Token) -> RuleError {
    if e.near == "end of text" {
        RuleError::unended(first)
    } else {
        RuleError::from(e)
    }
}

/// A clause that the database refused, placed at `column` of its line.
fn consult_error(e: ConsultError, column: usize) -> RuleError {
    match e {
        ConsultError::Syntax(p) => RuleError::from(p),
        ConsultError::Clause { line, error } => RuleError {
            line,
            column,
            message: format!("this clause cannot be added: {error}"),
        },
    }
}

/// Reads a term and the full stop that ends the item starting with `first`.
fn read_to_end(reader: &mut ClauseReader, first: &Token) -> Result<Term, RuleError> {
    let term = reader.read_term(1200).map_err(|e| item_error(e, first))?;
    let end = reader.next_token()?;
    match end.kind {
        TokenKind::End => Ok(term),
        TokenKind::Eof => Err(RuleError::unended(first)),
        _ => Err(RuleError::operator_expected(&end)),
    }
}

/// Reads a rule after its keyword `first`: the header token by token, then the
/// conditions and the actions, two terms on either side of the `==>` token that share
/// their variables. (`==>` is no operator of SWI-Prolog's table, so the conditions end
/// where the reader meets it.)
fn read_rule(reader: &mut ClauseReader, first: &Token) -> Result<Rule, RuleError> {
    let token = reader.next_token()?;
    let name_like = match token.kind {
        TokenKind::Name => token.text.chars().all(|c| c.is_alphanumeric() || c == '_'),
        TokenKind::Variable => true,
        TokenKind::Integer(_) => token.text.chars().all(|c| c.is_ascii_digit()),
        _ => false,
    };
    if !name_like {
        return Err(RuleError::at(
            &token,
            "expected the rule's name after `rule`".into(),
        ));
    }
    let name = token.text;
    let mut priority = None;
    let mut salience = None;
    // `priority N` and `salience N`, in either order, each at most once.
    loop {
        let word = reader.peek();
        let slot = if word.is_name("priority") && priority.is_none() {
            &mut priority
        } else if word.is_name("salience") && salience.is_none() {
            &mut salience
        } else {
            break;
        };
        reader.next_token()?;
        let number = reader.next_token()?;
        let value = match number.kind {
            TokenKind::Integer(n) => Some(n),
            // `-3` is two tokens, the sign and the digits, with no layout between.
            TokenKind::Name if number.text == "-" => match reader.peek() {
                Token {
                    kind: TokenKind::Integer(n),
                    layout_before: false,
                    ..
                } => {
                    reader.next_token()?;
                    n.checked_neg()
                }
                _ => None,
            },
            _ => None,
        };
        *slot = Some(value.ok_or_else(|| {
            RuleError::at(
                &number,
                format!("expected an integer after `{}`", word.text),
            )
        })?);
    }
    let colon = reader.next_token()?;
    if !colon.is_name(":") {
        return Err(RuleError::at(
            &colon,
            format!("expected `:` after `rule {name}` (and its priority or salience, if any)"),
        ));
    }
    // The `==>` tokens outside brackets, found before the terms are read, so that a
    // missing, doubled or misplaced arrow is named as such and not as the syntax error
    // it would cause.
    let mut arrows = Vec::new();
    let mut depth: i64 = 0;
    for token in reader.tokens_ahead() {
        let token = token?;
        match token.kind {
            TokenKind::Punct('(' | '[' | '{') => depth += 1,
            TokenKind::Punct(')' | ']' | '}') => depth -= 1,
            TokenKind::Name if depth == 0 && token.text == "==>" => arrows.push(token),
            TokenKind::End => break,
            TokenKind::Eof => return Err(RuleError::unended(first)),
            _ => {}
        }
    }
    let arrow = match arrows.as_slice() {
        [] => {
            return Err(RuleError::at(
                first,
                format!("rule {name} needs `==>` between its conditions and its actions"),
            ));
        }
        [_, second, ..] => {
            return Err(RuleError::at(
                second,
                format!("rule {name} has a second `==>`"),
            ));
        }
        [arrow] => arrow,
    };
    let at_arrow = |t: &Token| (t.line, t.column) == (arrow.line, arrow.column);
    if at_arrow(&reader.peek()) {
        return Err(RuleError::at(
            arrow,
            format!("rule {name} has no conditions before `==>` (write `true`)"),
        ));
    }
    let conditions = reader.read_term(1200)?;
    let token = reader.next_token()?;
    if !at_arrow(&token) {
        return Err(RuleError::operator_expected(&token));
    }
    let actions = reader.read_term(1200)?;
    let end = reader.next_token()?;
    if end.kind != TokenKind::End {
        return Err(RuleError::operator_expected(&end));
    }
    Ok(Rule {
        name,
        priority,
        salience,
        conditions: conjuncts(&conditions).into_iter().cloned().collect(),
        actions: conjuncts(&actions).into_iter().cloned().collect(),
        var_names: reader.take_var_names(),
        line: first.line,
    })
}
