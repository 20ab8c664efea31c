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

use resolu_logic::{Database, ParseError, Term, atoms, parse_term};
use std::fmt;

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
        let chars: Vec<char> = text.chars().collect();
        let lines: Vec<usize> = std::iter::once(0)
            .chain(
                chars
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == '\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        let file = Located {
            chars: &chars,
            lines: &lines,
            end: chars.len(),
        };
        let items = split_items(&file)?;
        // The Prolog part keeps its line and column numbers: our items are blanked out.
        let mut program = chars.clone();
        let mut base = RuleBase {
            rules: Vec::new(),
            facts: Vec::new(),
            goal: None,
            db: Database::new(),
        };
        for item in &items {
            let Some(keyword) = item.keyword else {
                continue;
            };
            for c in &mut program[item.start..item.end] {
                if *c != '\n' {
                    *c = ' ';
                }
            }
            let item_text = Located {
                end: item.end,
                ..file
            };
            match keyword {
                Keyword::Rule => base.rules.push(parse_rule(&item_text, item)?),
                Keyword::Fact => {
                    let read = item_text.parse_from(item.body)?;
                    for fact in conjuncts(&read.term) {
                        check_fact(fact, &item_text.position(item.body))?;
                        base.facts.push(fact.clone());
                    }
                }
                Keyword::Goal => {
                    if base.goal.is_some() {
                        let (line, column) = item_text.position(item.start);
                        return Err(RuleError {
                            line,
                            column,
                            message: "a rule base has one goal; this is a second".into(),
                        });
                    }
                    let read = item_text.parse_from(item.body)?;
                    base.goal = Some(GoalConditions {
                        conditions: conjuncts(&read.term).into_iter().cloned().collect(),
                        var_names: read.var_names,
                        line: item_text.position(item.start).0,
                    });
                }
            }
        }
        let program: String = program.into_iter().collect();
        base.db.consult(&program).map_err(|e| match e {
            resolu_logic::ConsultError::Syntax(p) => RuleError::from(p),
            resolu_logic::ConsultError::Clause { line, error } => RuleError {
                line,
                column: 1,
                message: format!("this clause cannot be added: {error}"),
            },
        })?;
        Ok(base)
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

fn check_fact(fact: &Term, at: &(usize, usize)) -> Result<(), RuleError> {
    let problem = if !fact.is_ground() {
        Some("a fact cannot hold variables")
    } else if fact.functor().is_none() {
        Some("a fact must be an atom or a compound term")
    } else {
        None
    };
    match problem {
        Some(p) => Err(RuleError {
            line: at.0,
            column: at.1,
            message: format!("{p}: {fact}"),
        }),
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

/// One item of the file, as character offsets.
#[derive(Clone, Debug)]
struct Item {
    /// First character of the item (its keyword, for ours).
    start: usize,
    /// One past its final full stop.
    end: usize,
    /// For our items: the keyword.
    keyword: Option<Keyword>,
    /// For our items: the first character after the keyword.
    body: usize,
    /// The `==>` tokens at bracket depth 0 (offsets of their first character).
    arrows: Vec<usize>,
}

/// A slice of the file that can be handed to the Prolog reader with its true positions.
struct Located<'a> {
    chars: &'a [char],
    /// The offset where each line starts.
    lines: &'a [usize],
    end: usize,
}

impl Located<'_> {
    /// (line, column) of the character at `offset` in the file, from 1.
    fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.lines.partition_point(|&start| start <= offset);
        let start = self.lines.get(line.wrapping_sub(1)).copied().unwrap_or(0);
        (line.max(1), offset - start + 1)
    }

    /// Reads the term from `from` to the end of the item, with `==>` written as `-->`
    /// (an operator of the same priority and length, so that both parts are read as one
    /// term with one variable numbering and the columns do not move), with errors placed
    /// in the file.
    fn parse_from(&self, from: usize) -> Result<resolu_logic::ReadTerm, RuleError> {
        self.parse_with(from, &[])
    }

    fn parse_with(
        &self,
        from: usize,
        arrows: &[usize],
    ) -> Result<resolu_logic::ReadTerm, RuleError> {
        let (line, column) = self.position(from);
        let mut body: Vec<char> = self.chars[from..self.end].to_vec();
        for &a in arrows {
            body[a - from] = '-';
            body[a - from + 1] = '-';
        }
        let text: String = body.into_iter().collect();
        // The reader counts from the start of the slice: move its positions to the file's.
        parse_term(&text).map_err(|e| {
            let mut e = RuleError::from(e);
            if e.line == 1 {
                e.column += column - 1;
            }
            e.line += line - 1;
            e
        })
    }
}

fn parse_rule(text: &Located, item: &Item) -> Result<Rule, RuleError> {
    let chars = text.chars;
    let err = |at: usize, message: String| {
        let (line, column) = text.position(at);
        RuleError {
            line,
            column,
            message,
        }
    };
    let skip_ws = |mut i: usize| {
        while i < item.end && chars[i].is_whitespace() {
            i += 1;
        }
        i
    };
    let word = |i: usize| {
        let mut j = i;
        while j < item.end && (chars[j].is_alphanumeric() || chars[j] == '_') {
            j += 1;
        }
        j
    };
    let mut i = skip_ws(item.body);
    let name_end = word(i);
    if name_end == i {
        return Err(err(i, "expected the rule's name after `rule`".into()));
    }
    let name: String = chars[i..name_end].iter().collect();
    i = skip_ws(name_end);
    let mut priority = None;
    let mut salience = None;
    // `priority N` and `salience N`, in either order, each at most once.
    loop {
        let w = word(i);
        let keyword: String = chars[i..w].iter().collect();
        let slot = match keyword.as_str() {
            "priority" if priority.is_none() => &mut priority,
            "salience" if salience.is_none() => &mut salience,
            _ => break,
        };
        i = skip_ws(w);
        let mut j = i;
        if j < item.end && chars[j] == '-' {
            j += 1;
        }
        while j < item.end && chars[j].is_ascii_digit() {
            j += 1;
        }
        let digits: String = chars[i..j].iter().collect();
        *slot = Some(
            digits
                .parse::<i64>()
                .map_err(|_| err(i, format!("expected an integer after `{keyword}`")))?,
        );
        i = skip_ws(j);
    }
    if i >= item.end || chars[i] != ':' {
        return Err(err(
            i,
            format!("expected `:` after `rule {name}` (and its priority or salience, if any)"),
        ));
    }
    let body = i + 1;
    match item.arrows.as_slice() {
        [] => Err(err(
            item.start,
            format!("rule {name} needs `==>` between its conditions and its actions"),
        )),
        [_, second, ..] => Err(err(*second, format!("rule {name} has a second `==>`"))),
        [arrow] => {
            let before = skip_ws(body);
            if before == *arrow {
                return Err(err(
                    *arrow,
                    format!("rule {name} has no conditions before `==>` (write `true`)"),
                ));
            }
            let read = text.parse_with(body, &[*arrow])?;
            let (conditions, actions) = match &read.term {
                Term::Compound(f, args) if f.name() == "-->" && args.len() == 2 => (
                    conjuncts(&args[0]).into_iter().cloned().collect(),
                    conjuncts(&args[1]).into_iter().cloned().collect(),
                ),
                _ => {
                    return Err(err(
                        *arrow,
                        format!("rule {name}: `==>` must separate the conditions from the actions"),
                    ));
                }
            };
            Ok(Rule {
                name,
                priority,
                salience,
                conditions,
                actions,
                var_names: read.var_names,
                line: text.position(item.start).0,
            })
        }
    }
}

const SYMBOL_CHARS: &str = "+-*/\\^<>=~:.?@#&$";

/// Cuts the text into items ending with a full stop, the way the Prolog reader would,
/// skipping comments, quoted text and numbers, and noting our keywords and the `==>`
/// tokens outside brackets.
fn split_items(file: &Located) -> Result<Vec<Item>, RuleError> {
    let chars = file.chars;
    let n = chars.len();
    let mut items = Vec::new();
    let mut i = 0;
    let mut current: Option<Item> = None;
    let mut depth: i64 = 0;
    let err = |at: usize, message: &str| {
        let (line, column) = file.position(at);
        RuleError {
            line,
            column,
            message: message.into(),
        }
    };
    while i < n {
        let c = chars[i];
        // Layout and comments.
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '%' {
            while i < n && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            let start = i;
            i += 2;
            while i < n && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            if i >= n {
                return Err(err(start, "unterminated comment /* ..."));
            }
            i += 2;
            continue;
        }
        let item = current.get_or_insert_with(|| {
            depth = 0;
            let mut j = i;
            while j < n && (chars[j].is_alphanumeric() || chars[j] == '_') {
                j += 1;
            }
            let word: String = chars[i..j].iter().collect();
            let keyword = match word.as_str() {
                "rule" => Some(Keyword::Rule),
                "fact" | "facts" => Some(Keyword::Fact),
                "goal" => Some(Keyword::Goal),
                _ => None,
            };
            let followed_by_space = chars.get(j).is_some_and(|c| c.is_whitespace());
            // `goal :- ...` or `rule --> ...` is a Prolog clause about a predicate that
            // happens to share our keyword's name.
            let mut k = j;
            while k < n && chars[k].is_whitespace() {
                k += 1;
            }
            let rest: String = chars[k..n.min(k + 3)].iter().collect();
            let clause = rest.starts_with(":-") || rest.starts_with("-->");
            Item {
                start: i,
                end: i,
                keyword: keyword.filter(|_| followed_by_space && !clause),
                body: j,
                arrows: Vec::new(),
            }
        });
        match c {
            '\'' | '"' | '`' => {
                let start = i;
                i += 1;
                loop {
                    if i >= n {
                        return Err(err(start, "unterminated quoted text"));
                    }
                    if chars[i] == '\\' {
                        i += 2;
                    } else if chars[i] == c {
                        if chars.get(i + 1) == Some(&c) {
                            i += 2;
                        } else {
                            i += 1;
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            '(' | '[' | '{' => {
                depth += 1;
                i += 1;
            }
            ')' | ']' | '}' => {
                depth -= 1;
                i += 1;
            }
            d if d.is_ascii_digit() => {
                if d == '0' && chars.get(i + 1) == Some(&'\'') {
                    // A character code: 0'c, 0'\n, 0''' ...
                    i += 2;
                    match chars.get(i) {
                        Some('\\') | Some('\'') => i += 2,
                        _ => i += 1,
                    }
                    continue;
                }
                while i < n && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                if i + 1 < n && chars[i] == '.' && chars[i + 1].is_ascii_digit() {
                    i += 1;
                    while i < n && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                        i += 1;
                    }
                }
            }
            s if SYMBOL_CHARS.contains(s) => {
                let start = i;
                while i < n && SYMBOL_CHARS.contains(chars[i]) {
                    i += 1;
                }
                let run: String = chars[start..i].iter().collect();
                let at_end = chars.get(i).is_none_or(|c| c.is_whitespace() || *c == '%');
                if run == "." && at_end {
                    item.end = i;
                    if let Some(done) = current.take() {
                        items.push(done);
                    }
                } else if run == "==>" && depth == 0 {
                    item.arrows.push(start);
                }
            }
            _ => i += 1,
        }
    }
    if let Some(item) = current {
        return Err(err(
            item.start,
            "this item does not end with a full stop (`.` then a space or a new line)",
        ));
    }
    Ok(items)
}
