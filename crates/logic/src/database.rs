//! The clause database: what a program is made of (its procedures, flags, operators,
//! input and output) and the entry points that load text into it and run queries on it.
//! Loading text is in `loading`, changing clauses in `clauses`, the flags in `flags`.

mod clauses;
mod flags;
mod loading;

pub(crate) use clauses::{Origin, ProcTable};
pub use loading::Loading;

use crate::db::Pred;
use crate::errors::ParseError;
use crate::machine::{self, Machine, PredRef, builtin_table};
use crate::ops;
use crate::reader::{self, ClauseReader, ReadTerm, parse_program};
use crate::stream;
use crate::term::{Atom, Term};
use crate::{Answer, Observer, Options, SolveError};
use rustc_hash::FxHashMap;
use std::fmt;
use std::rc::Rc;

/// The library predicates written in Prolog (SWI's definitions where they matter for the
/// order of solutions and for determinism).
const PRELUDE: &str = include_str!("prelude.pl");

/// What a call to an unknown procedure does (SWI's `unknown` flag).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unknown {
    /// Raise `existence_error(procedure, Name/Arity)` (the standard).
    #[default]
    Error,
    /// Fail silently (the course's "a fact not in the base is false").
    Fail,
}

/// What loading a text did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Consulted {
    /// Clauses added.
    pub clauses: usize,
    /// Warnings (failed or erroneous directives), each with its line.
    pub warnings: Vec<String>,
    /// Output written by directives (empty with a sink: see [`Database::set_output`]).
    pub output: String,
}

/// A clause database.
pub struct Database {
    pub(crate) preds: Vec<Pred>,
    pub(crate) index: ProcTable,
    pub(crate) unknown_fail: bool,
    /// The flags set by set_prolog_flag/2 other than `unknown` (with their defaults).
    pub(crate) flags: Vec<(String, Term)>,
    pub(crate) globals: FxHashMap<String, Term>,
    /// What read/1, read_term/2 and get_char/1 read.
    pub(crate) input: stream::Input,
    /// Where the program's output goes as it is written (`None`: kept for
    /// [`Solutions::take_output`]).
    pub(crate) output: Option<stream::Output>,
    /// The heap and stacks of the last query, emptied, kept for the next one: a caller
    /// running many small queries (the rule engine) then skips allocating and faulting
    /// in the reserved headroom each time.
    pub(crate) spare: Option<Box<machine::Spare>>,
    /// Its op/3 table and `double_quotes` flag, handed to every reader it makes.
    pub(crate) syntax: Rc<ops::Syntax>,
}

impl Default for Database {
    fn default() -> Self {
        Database::new()
    }
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Database")
            .field("predicates", &self.preds.len())
            .finish()
    }
}

impl Database {
    /// A database with the built-ins and the library (append/3, member/2, ...).
    pub fn new() -> Database {
        let mut db = Database {
            preds: Vec::new(),
            index: ProcTable::default(),
            unknown_fail: false,
            flags: vec![
                ("double_quotes".to_string(), Term::atom("string")),
                ("debug".to_string(), Term::atom("false")),
            ],
            globals: FxHashMap::default(),
            input: stream::Input::default(),
            output: None,
            spare: None,
            syntax: Rc::default(),
        };
        for ((name, arity), r) in builtin_table() {
            db.index.insert((Atom::new(name), arity), r);
        }
        // The prelude is part of the crate: a syntax error there is a bug caught by tests.
        if let Ok(clauses) = parse_program(PRELUDE) {
            for c in clauses {
                let _ = db.add_clause(&c.term, false, Origin::Library);
            }
        }
        db
    }

    /// Gives read/1 and read_term/2 their text: `source` is called at the first read
    /// only, so a program that reads nothing never waits for it. Without a source,
    /// reading gives `end_of_file`.
    pub fn set_input(&mut self, source: impl FnOnce() -> String + 'static) {
        self.input = stream::Input::text(Box::new(source));
    }

    /// Gives read/1 and read_term/2 their text a line at a time, as a terminal gives it:
    /// `source` is called for the next line when a read needs one (`None` at the end of
    /// the input), so an interactive top level reads the terms typed after a query.
    pub fn set_input_lines(&mut self, source: impl FnMut() -> Option<String> + 'static) {
        self.input = stream::Input::lines(Box::new(source));
    }

    /// Gives read/1, read_term/2 and get_char/1 a byte stream (the CLI gives standard
    /// input), read as UTF-8 no further than each read needs: a term's text up to its
    /// end, a character. Bytes that are not UTF-8 raise a syntax error.
    pub fn set_input_reader(&mut self, source: impl std::io::Read + 'static) {
        self.input = stream::Input::reader(Box::new(source));
    }

    /// Sends what the program writes (write/1, nl/0, format/2...) to `sink` as it is
    /// written: at each newline or every few kilobytes. The sink may buffer: it is
    /// flushed before each read of the input, when a query stops or gives an answer, and
    /// when written text has waited a tenth of a second. A failed write raises
    /// `io_error(write, user_output)` in the program.
    pub fn set_output(&mut self, sink: impl std::io::Write + 'static) {
        self.output = Some(stream::Output::new(Box::new(sink)));
    }

    /// Declares `name/arity` dynamic: calling it with no clauses fails instead of raising
    /// an existence error.
    pub fn declare_dynamic(&mut self, name: &str, arity: usize) {
        let _ = self.pred_for_update(Atom::new(name), arity as u32);
        if let Some(&PredRef::User(p)) = self.index.get(&(Atom::new(name), arity as u32)) {
            self.preds[p as usize].dynamic = true;
        }
    }

    /// Sets what calls to unknown procedures do.
    pub fn set_unknown(&mut self, unknown: Unknown) {
        self.unknown_fail = unknown == Unknown::Fail;
    }

    /// What calls to unknown procedures do.
    pub fn unknown(&self) -> Unknown {
        if self.unknown_fail {
            Unknown::Fail
        } else {
            Unknown::Error
        }
    }

    /// Whether `name/arity` is a user or library predicate with a definition (clauses or a
    /// dynamic declaration), or a built-in.
    pub fn is_defined(&self, name: &str, arity: usize) -> bool {
        self.index.contains_key(&(Atom::new(name), arity as u32))
    }

    /// The clauses of `name/arity` as written (facts as their head, rules as `H :- B`).
    pub fn clauses(&self, name: &str, arity: usize) -> Vec<Term> {
        match self.index.get(&(Atom::new(name), arity as u32)) {
            Some(&PredRef::User(p)) => self.preds[p as usize]
                .clauses
                .iter()
                .map(|c| c.source.clone())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Runs a query read by [`Database::parse_query`] (or [`crate::parse_query`]): a lazy iterator of its answers.
    pub fn solve(&mut self, query: &ReadTerm, options: Options) -> Solutions<'_> {
        self.solve_goal(&query.term, &query.var_names, options)
    }

    /// Runs `goal`, whose variable `i` is named `var_names[i]` in the answers (variables
    /// without a name, or named with a leading `_`, are not reported).
    pub fn solve_goal(
        &mut self,
        goal: &Term,
        var_names: &[String],
        options: Options,
    ) -> Solutions<'_> {
        Solutions {
            m: Machine::new(self, goal, var_names, options),
        }
    }

    /// Runs `goal` and reports each answer as the values of the variables `vars`, by
    /// position (`values[k]` is the value of `Term::Var(vars[k])`; `None` when that
    /// variable does not occur in `goal`): for a host that builds goals as terms and reads
    /// the answers back by variable, with no names to format and look up. A value's own
    /// unbound variables are numbered from 1 in each answer, the same number for the same
    /// variable across its values.
    ///
    /// ```
    /// use resolu_logic::{Database, Options, Term};
    /// let mut db = Database::new();
    /// db.consult("edge(a, b). edge(a, c). edge(b, d).").unwrap();
    /// // edge(a, X1): the answers for variable 1.
    /// let goal = Term::compound("edge", vec![Term::atom("a"), Term::Var(1)]);
    /// let values: Vec<Vec<Option<Term>>> = db
    ///     .solve_vars(&goal, &[1, 7], Options::default())
    ///     .collect::<Result<_, _>>()
    ///     .unwrap();
    /// assert_eq!(values, [[Some(Term::atom("b")), None], [Some(Term::atom("c")), None]]);
    /// ```
    pub fn solve_vars(&mut self, goal: &Term, vars: &[u32], options: Options) -> VarSolutions<'_> {
        // The machine reports the variables given a name that does not start with `_`,
        // in the order of their numbers: the wanted ones get an empty name (no
        // allocation), the others `_`.
        let present = goal.variables();
        let max = present.iter().max().map_or(0, |&m| m as usize + 1);
        let mut names = vec![String::from("_"); max];
        let mut reported: Vec<u32> = Vec::with_capacity(vars.len());
        for &v in vars {
            if present.contains(&v) && !reported.contains(&v) {
                names[v as usize] = String::new();
                reported.push(v);
            }
        }
        reported.sort_unstable();
        let positions = vars
            .iter()
            .map(|v| reported.iter().position(|r| r == v))
            .collect();
        VarSolutions {
            solutions: self.solve_goal(goal, &names, options),
            positions,
        }
    }

    /// Parses `text` as a query and runs it.
    pub fn query(&mut self, text: &str) -> Result<Solutions<'_>, ParseError> {
        let q = self.parse_query(text)?;
        Ok(self.solve(&q, Options::default()))
    }

    /// Reads a query with this database's operators and `double_quotes` flag (what its
    /// op/3 directives defined reads as they say).
    ///
    /// ```
    /// use resolu_logic::{Database, Term};
    /// let mut db = Database::new();
    /// db.consult(":- op(700, xfx, likes). john likes mary.").unwrap();
    /// let q = db.parse_query("X likes mary").unwrap();
    /// assert!(matches!(&q.term, Term::Compound(f, args) if f.name() == "likes" && args.len() == 2));
    /// // Read on its own, the text has the standard operators only.
    /// assert!(resolu_logic::parse_query("X likes mary").is_err());
    /// ```
    pub fn parse_query(&self, text: &str) -> Result<ReadTerm, ParseError> {
        reader::parse_term_with(text, Rc::clone(&self.syntax))
    }

    /// This database's operators, to write terms as its `writeq/1` does.
    pub fn operators(&self) -> crate::Operators {
        crate::Operators::new(&self.syntax)
    }

    /// A reader of program text with this database's operators and `double_quotes` flag,
    /// shared with the database: a directive that [`Database::loading`] runs changes how
    /// the rest of the text reads.
    pub fn clause_reader(&self, text: &str) -> Result<ClauseReader, ParseError> {
        reader::ClauseReader::with_syntax(text, Rc::clone(&self.syntax))
    }
}

/// The answers of a running query, computed lazily: each `next()` resumes the search
/// where the previous answer left it. After an error the iterator ends.
pub struct Solutions<'a> {
    pub(crate) m: Machine<'a>,
}

impl<'a> Solutions<'a> {
    /// Reports trace events to `observer` from now on.
    pub fn set_observer(&mut self, observer: Box<dyn Observer + 'a>) {
        self.m.observer = Some(observer);
    }

    /// The operators of the query's database, to write its answers' terms as its
    /// `writeq/1` does (see [`Database::operators`]).
    pub fn operators(&self) -> crate::Operators {
        self.m.db.operators()
    }

    /// Takes the text written by `write/1`, `nl/0`... since the last call.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.m.output)
    }

    /// The number of inferences (procedure calls) so far.
    pub fn inferences(&self) -> u64 {
        self.m.inferences
    }

    /// Whether it is known that no further answer exists (the search ended, or the last
    /// answer left no alternative to try).
    pub fn is_exhausted(&self) -> bool {
        self.m.no_alternatives()
    }
}

/// The answers of [`Database::solve_vars`]: each the values of the chosen variables, by
/// position. After an error the iterator ends.
pub struct VarSolutions<'a> {
    solutions: Solutions<'a>,
    /// Per chosen variable, its place among the machine's reported bindings (`None`: it
    /// does not occur in the goal).
    positions: Vec<Option<usize>>,
}

impl VarSolutions<'_> {
    /// The number of inferences (procedure calls) so far.
    pub fn inferences(&self) -> u64 {
        self.solutions.inferences()
    }

    /// Whether it is known that no further answer exists.
    pub fn is_exhausted(&self) -> bool {
        self.solutions.is_exhausted()
    }
}

impl Iterator for VarSolutions<'_> {
    type Item = Result<Vec<Option<Term>>, SolveError>;

    fn next(&mut self) -> Option<Self::Item> {
        let answer = match self.solutions.next()? {
            Ok(a) => a,
            Err(e) => return Some(Err(e)),
        };
        let mut values: Vec<Option<Term>> = answer
            .bindings
            .into_iter()
            .map(|(_, value)| Some(value))
            .collect();
        // A variable chosen twice gets a copy; its last place takes the value.
        let positions = &self.positions;
        let out = positions
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let k = (*p)?;
                if positions[i + 1..].contains(p) {
                    values.get(k).cloned().flatten()
                } else {
                    values.get_mut(k).and_then(Option::take)
                }
            })
            .collect();
        Some(Ok(out))
    }
}

impl Iterator for Solutions<'_> {
    type Item = Result<Answer, SolveError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.m.next_solution() {
            Ok(true) => Some(self.m.answer()),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }
}
