//! The course's backward chaining, as its lab writes it: the base in the lab's syntax
//! (`A <- B, C.`, `B <- True.`, also with `←`) and the "DAT" algorithm, which proves a list
//! of goals (a *conjunction*) depth first, left to right, and reports each conjunction still
//! to prove and each rule it chooses, numbered by level.
//!
//! DAT(conjunction, level): an empty conjunction is proved; `True` first is dropped (the
//! rest at the next level); otherwise each rule whose head matches the first goal is tried
//! in the base's order, its body (renamed apart, `[True]` for a fact) put in front of the
//! rest, at the next level; the first success ends the proof ("un succès suffira"). A goal
//! that no rule concludes and that is no built-in is false: what is not in the base is
//! false. Built-ins (`X > 3`, `member/2` of a Prolog base...) are run by the
//! [`Database`] and each of their answers continues the proof; a disjunction `(A ; B)` is
//! tried branch by branch.
//!
//! ```
//! use resolu_logic::course::{self, DatEvent};
//! let mut db = course::load_base("A <- B, C.  D <- F.  D <- C.  B <- True.  C <- True.").unwrap();
//! let query = course::parse_goals("A, D").unwrap();
//! let mut levels = Vec::new();
//! let proved = course::dat(&mut db, &query, &course::DatLimits::default(), &mut |e| {
//!     if let DatEvent::Conjunction { level, .. } = e {
//!         levels.push(*level);
//!     }
//! })
//! .unwrap();
//! assert!(proved.is_some());
//! assert_eq!(levels, [1, 2, 3, 4, 5, 6, 7, 7, 8, 9]);
//! ```

use crate::{Database, Options, SolveError, Term, unify::Bindings, unify::unify};
use std::time::Instant;

/// A syntax error in the course's notation, with its line and column (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct CourseSyntaxError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Whether `text` is written in the course's notation: a rule arrow `<-` or `←` outside a
/// comment. Prolog has no such operator, so a Prolog program never has one.
pub fn looks_like_course(text: &str) -> bool {
    text.lines().any(|line| {
        let code = line.split(['%', '#']).next().unwrap_or("");
        code.contains("<-") || code.contains('←')
    })
}

/// Reads a base in the course's notation into a new database: each `HEAD <- BODY.` a rule
/// (`HEAD <- True.` or `HEAD.` a fact). Symbols are atoms whatever their case (`A` is the
/// proposition A, not a variable); a body is symbols joined by `,` (and), `;` (or) and
/// brackets. Comments run from `%` or `#` to the end of the line.
pub fn load_base(text: &str) -> Result<Database, CourseSyntaxError> {
    let mut db = Database::new();
    let mut reader = Reader::new(text);
    while let Some((head, body)) = reader.statement()? {
        let clause = match body {
            None => head,
            Some(body) if body.is_atom("true") => head,
            Some(body) => Term::compound(":-", vec![head, body]),
        };
        // A clause of the course's notation is an atom or `atom :- body`: always valid.
        let _ = db.assertz(&clause);
    }
    Ok(db)
}

/// Reads a query in the course's notation (`A, D`, `A ; F`, `A, (B ; C)`): the goals of
/// its top-level conjunction.
pub fn parse_goals(text: &str) -> Result<Vec<Term>, CourseSyntaxError> {
    let mut reader = Reader::new(text);
    let term = reader.disjunction()?;
    reader.skip_space();
    if reader.peek() == Some('.') {
        reader.bump();
        reader.skip_space();
    }
    if reader.peek().is_some() {
        return Err(reader.error("text after the end of the query"));
    }
    Ok(conjuncts(&term))
}

/// The goals of a conjunction `(A, (B, C))`, in order: `[A, B, C]`.
pub fn conjuncts(term: &Term) -> Vec<Term> {
    let mut out = Vec::new();
    let mut todo = vec![term];
    while let Some(t) = todo.pop() {
        match t.functor() {
            Some((f, 2)) if f.name() == "," => {
                todo.push(&t.args()[1]);
                todo.push(&t.args()[0]);
            }
            _ => out.push(t.clone()),
        }
    }
    out
}

/// What DAT reports, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum DatEvent {
    /// "On doit démontrer la CONJONCTION": the goals still to prove at this level.
    Conjunction {
        /// The level, from 1.
        level: usize,
        /// The goals, as instantiated so far.
        goals: Vec<Term>,
    },
    /// "Pour ce Théorème, on a trouvé la règle": the rule chosen for the first goal.
    Rule {
        /// The level of the conjunction whose first goal it proves.
        level: usize,
        /// The rule's head, as unified with the goal.
        head: Term,
        /// Its body as a list (`[true]` for a fact).
        body: Vec<Term>,
    },
    /// A disjunction's branch tried in place of the disjunction.
    Branch {
        /// The level of the conjunction whose first goal is the disjunction.
        level: usize,
        /// The branch's goals.
        goals: Vec<Term>,
    },
}

/// The bounds of a DAT proof.
#[derive(Clone, Debug)]
pub struct DatLimits {
    /// Most conjunctions examined (each is an inference); `None`: no bound.
    pub max_inferences: Option<u64>,
    /// When to give up.
    pub deadline: Option<Instant>,
    /// Deepest level: DAT recurses, one frame a level, so a runaway recursion stops here
    /// rather than on the end of the stack.
    pub max_level: usize,
}

impl Default for DatLimits {
    fn default() -> Self {
        DatLimits {
            max_inferences: Some(100_000_000),
            deadline: None,
            max_level: 10_000,
        }
    }
}

/// Why a DAT proof stopped without an answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DatStop {
    /// [`DatLimits::max_inferences`] conjunctions were examined.
    #[error("the inference limit ({0}) was reached")]
    InferenceLimit(u64),
    /// [`DatLimits::deadline`] passed.
    #[error("the time limit was reached")]
    TimeLimit,
    /// [`DatLimits::max_level`] was reached.
    #[error("the depth limit ({0} levels) was reached")]
    DepthLimit(usize),
    /// A built-in raised an error or was stopped.
    #[error("{0}")]
    Builtin(SolveError),
}

/// Proves `goals` by DAT on `db`, reporting each step to `observer`: the bindings of the
/// first proof (the query's variables resolved through them), or `None` when the goals are
/// not provable.
pub fn dat(
    db: &mut Database,
    goals: &[Term],
    limits: &DatLimits,
    observer: &mut dyn FnMut(&DatEvent),
) -> Result<Option<Bindings>, DatStop> {
    let fresh = goals
        .iter()
        .flat_map(|g| g.variables())
        .max()
        .map_or(0, |v| v + 1);
    let mut run = Dat {
        db,
        limits,
        observer,
        inferences: 0,
        fresh,
    };
    run.prove(goals.to_vec(), Bindings::new(), 1)
}

struct Dat<'a> {
    db: &'a mut Database,
    limits: &'a DatLimits,
    observer: &'a mut dyn FnMut(&DatEvent),
    inferences: u64,
    /// The next unused variable number (rules are renamed apart from it).
    fresh: u32,
}

impl Dat<'_> {
    fn prove(
        &mut self,
        goals: Vec<Term>,
        bindings: Bindings,
        level: usize,
    ) -> Result<Option<Bindings>, DatStop> {
        self.inferences += 1;
        if let Some(max) = self.limits.max_inferences
            && self.inferences > max
        {
            return Err(DatStop::InferenceLimit(max));
        }
        if self.inferences.is_multiple_of(1024)
            && self.limits.deadline.is_some_and(|d| Instant::now() >= d)
        {
            return Err(DatStop::TimeLimit);
        }
        if level > self.limits.max_level {
            return Err(DatStop::DepthLimit(self.limits.max_level));
        }
        let goals: Vec<Term> = goals.iter().map(|g| bindings.resolve(g)).collect();
        (self.observer)(&DatEvent::Conjunction {
            level,
            goals: goals.clone(),
        });
        let Some((first, rest)) = goals.split_first() else {
            return Ok(Some(bindings));
        };
        if first.is_atom("true") {
            return self.prove(rest.to_vec(), bindings, level + 1);
        }
        if let Some((f, 2)) = first.functor() {
            match f.name() {
                "," => {
                    let mut all = conjuncts(first);
                    all.extend_from_slice(rest);
                    return self.prove(all, bindings, level);
                }
                ";" => {
                    for branch in &first.args()[..2] {
                        let mut next = conjuncts(branch);
                        (self.observer)(&DatEvent::Branch {
                            level,
                            goals: next.clone(),
                        });
                        next.extend_from_slice(rest);
                        if let Some(b) = self.prove(next, bindings.clone(), level + 1)? {
                            return Ok(Some(b));
                        }
                    }
                    return Ok(None);
                }
                _ => {}
            }
        }
        let Some((name, arity)) = first.functor() else {
            // A variable or a number as a goal: not provable.
            return Ok(None);
        };
        let rules = self.db.clauses(name.name(), arity);
        if rules.is_empty() && self.db.is_defined(name.name(), arity) {
            return self.builtin(first, rest, bindings, level);
        }
        for rule in rules {
            let rule = rule.offset_vars(self.fresh);
            self.fresh += rule.variables().into_iter().max().map_or(0, |v| v + 1);
            let (head, body) = match rule.functor() {
                Some((f, 2)) if f.name() == ":-" => {
                    (rule.args()[0].clone(), conjuncts(&rule.args()[1]))
                }
                _ => (rule, vec![Term::atom("true")]),
            };
            let mut b = bindings.clone();
            if !unify(first, &head, &mut b) {
                continue;
            }
            (self.observer)(&DatEvent::Rule {
                level,
                head: b.resolve(&head),
                body: body.iter().map(|t| b.resolve(t)).collect(),
            });
            let mut next = body;
            next.extend_from_slice(rest);
            if let Some(found) = self.prove(next, b, level + 1)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    /// A built-in goal: each of its answers, in the database's order, continues the proof.
    fn builtin(
        &mut self,
        goal: &Term,
        rest: &[Term],
        bindings: Bindings,
        level: usize,
    ) -> Result<Option<Bindings>, DatStop> {
        let vars = goal.variables();
        let options = Options {
            max_inferences: self
                .limits
                .max_inferences
                .map(|m| m.saturating_sub(self.inferences).max(1)),
            deadline: self.limits.deadline,
            ..Options::default()
        };
        let answers: Vec<Vec<Option<Term>>> = self
            .db
            .solve_vars(goal, &vars, options)
            .collect::<Result<_, _>>()
            .map_err(DatStop::Builtin)?;
        for values in answers {
            let mut b = bindings.clone();
            // An answer's own unbound variables are numbered from 1: renamed apart.
            let offset = self.fresh;
            let mut highest = 0;
            for (&v, value) in vars.iter().zip(values) {
                if let Some(value) = value {
                    highest = highest.max(value.variables().into_iter().max().unwrap_or(0));
                    b.bind(v, value.offset_vars(offset));
                }
            }
            self.fresh += highest + 1;
            if let Some(found) = self.prove(rest.to_vec(), b, level + 1)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }
}

/// A reader of the course's notation.
struct Reader<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Self {
        Reader { text, pos: 0 }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
        }
    }

    fn error(&self, message: &str) -> CourseSyntaxError {
        let before = &self.text[..self.pos];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        CourseSyntaxError {
            line,
            column,
            message: message.to_string(),
        }
    }

    /// Skips blanks and comments.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == '%' || c == '#' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else {
                break;
            }
        }
    }

    /// `HEAD <- BODY .` or `HEAD .`; `None` at the end of the text.
    fn statement(&mut self) -> Result<Option<(Term, Option<Term>)>, CourseSyntaxError> {
        self.skip_space();
        if self.peek().is_none() {
            return Ok(None);
        }
        let head = self.symbol()?;
        self.skip_space();
        let body = if self.text[self.pos..].starts_with("<-") {
            self.pos += 2;
            Some(self.disjunction()?)
        } else if self.peek() == Some('←') {
            self.bump();
            Some(self.disjunction()?)
        } else {
            None
        };
        self.skip_space();
        if self.peek() != Some('.') {
            return Err(self.error(if body.is_none() {
                "expected `<-` or `.` after the rule's head"
            } else {
                "expected `,`, `;` or `.` (each rule ends with a period)"
            }));
        }
        self.bump();
        Ok(Some((head, body)))
    }

    fn disjunction(&mut self) -> Result<Term, CourseSyntaxError> {
        let mut left = self.conjunction()?;
        loop {
            self.skip_space();
            if self.peek() != Some(';') {
                return Ok(left);
            }
            self.bump();
            let right = self.conjunction()?;
            left = Term::compound(";", vec![left, right]);
        }
    }

    fn conjunction(&mut self) -> Result<Term, CourseSyntaxError> {
        let mut items = vec![self.primary()?];
        loop {
            self.skip_space();
            if self.peek() != Some(',') {
                break;
            }
            self.bump();
            items.push(self.primary()?);
        }
        let mut term = items.pop().unwrap_or_else(|| Term::atom("true"));
        while let Some(t) = items.pop() {
            term = Term::compound(",", vec![t, term]);
        }
        Ok(term)
    }

    fn primary(&mut self) -> Result<Term, CourseSyntaxError> {
        self.skip_space();
        if self.peek() == Some('(') {
            self.bump();
            let inner = self.disjunction()?;
            self.skip_space();
            if self.peek() != Some(')') {
                return Err(self.error("expected `)`"));
            }
            self.bump();
            return Ok(inner);
        }
        let symbol = self.symbol_text()?;
        // `True` is the lab's empty body; `true` and the French `Vrai` read the same.
        Ok(match symbol {
            "True" | "true" | "TRUE" | "Vrai" | "vrai" | "VRAI" => Term::atom("true"),
            _ => Term::atom(symbol),
        })
    }

    fn symbol(&mut self) -> Result<Term, CourseSyntaxError> {
        Ok(Term::atom(self.symbol_text()?))
    }

    fn symbol_text(&mut self) -> Result<&'t str, CourseSyntaxError> {
        self.skip_space();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        if self.pos == start {
            return Err(self.error("expected a symbol (letters, digits, `_`)"));
        }
        Ok(&self.text[start..self.pos])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(base: &str, query: &str) -> (Vec<String>, bool) {
        let mut db = load_base(base).unwrap_or_else(|e| panic!("{e}"));
        let goals = parse_goals(query).unwrap_or_else(|e| panic!("{e}"));
        let mut lines = Vec::new();
        let proved = dat(&mut db, &goals, &DatLimits::default(), &mut |e| {
            lines.push(match e {
                DatEvent::Conjunction { level, goals } => format!("{level} {goals:?}"),
                DatEvent::Rule { head, body, .. } => format!("rule {head:?} {body:?}"),
                DatEvent::Branch { goals, .. } => format!("branch {goals:?}"),
            })
        })
        .unwrap_or_else(|e| panic!("{e}"));
        (lines, proved.is_some())
    }

    const LAB: &str = "A <- B, C.\nD <- F.\nD <- C.\nB <- True.\nC <- True.\n";

    #[test]
    fn the_labs_base_proves_a_and_d_with_the_labs_levels() {
        let (lines, proved) = trace(LAB, "A, D");
        assert!(proved);
        assert_eq!(
            lines,
            [
                "1 ['A', 'D']",
                "rule 'A' ['B', 'C']",
                "2 ['B', 'C', 'D']",
                "rule 'B' [true]",
                "3 [true, 'C', 'D']",
                "4 ['C', 'D']",
                "rule 'C' [true]",
                "5 [true, 'D']",
                "6 ['D']",
                "rule 'D' ['F']",
                "7 ['F']",
                "rule 'D' ['C']",
                "7 ['C']",
                "rule 'C' [true]",
                "8 [true]",
                "9 []",
            ]
        );
    }

    #[test]
    fn what_is_not_in_the_base_is_false() {
        let (lines, proved) = trace(LAB, "A, F");
        assert!(!proved);
        assert_eq!(lines.last().map(String::as_str), Some("6 ['F']"));
    }

    #[test]
    fn a_disjunction_tries_its_branches_in_order() {
        let (lines, proved) = trace(LAB, "F ; D");
        assert!(proved);
        assert_eq!(&lines[..3], ["1 ['F';'D']", "branch ['F']", "2 ['F']"]);
        assert_eq!(lines[3], "branch ['D']");
    }

    #[test]
    fn the_unicode_arrow_and_facts_without_a_body_read_too() {
        let (_, proved) = trace("a ← b.\nb.\n", "a");
        assert!(proved);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let e = load_base("A <- B,\nC D.").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3), "{e}");
        assert!(parse_goals("A, ").is_err());
        assert!(looks_like_course("% a comment\nA <- B."));
        assert!(!looks_like_course("a :- b. % x <- y"));
    }

    #[test]
    fn prolog_bases_with_variables_and_built_ins_are_traced_too() {
        let mut db = Database::new();
        db.consult("age(tom, 70). age(ann, 12). old(X) :- age(X, A), A > 60.")
            .unwrap();
        let goals = conjuncts(&crate::parse_query("old(W)").unwrap().term);
        let mut seen = Vec::new();
        let b = dat(&mut db, &goals, &DatLimits::default(), &mut |e| {
            if let DatEvent::Conjunction { goals, .. } = e {
                seen.push(format!("{goals:?}"));
            }
        })
        .unwrap()
        .unwrap();
        assert_eq!(b.resolve(&goals[0]).to_string(), "old(tom)");
        assert!(seen.contains(&"[70>60]".to_string()), "{seen:?}");
    }

    #[test]
    fn a_runaway_recursion_stops_at_the_depth_limit() {
        let mut db = load_base("A <- A.").unwrap();
        let limits = DatLimits {
            max_level: 50,
            ..DatLimits::default()
        };
        let goals = parse_goals("A").unwrap();
        assert!(matches!(
            dat(&mut db, &goals, &limits, &mut |_| {}),
            Err(DatStop::DepthLimit(50))
        ));
    }
}
