//! A Prolog-like backward-chaining prover: terms, a reader for standard Prolog syntax,
//! unification, and SLD resolution (depth first, left to right, chronological
//! backtracking) with cut, negation as failure, if-then-else, a library of built-ins,
//! traces for teaching and proof trees.
//!
//! The engine follows SWI-Prolog's semantics and solution order. It keeps terms in a flat
//! heap of cells (atoms interned to integers), binds variables in place with a trail,
//! indexes clauses on their first argument and never recurses on the Rust stack: a
//! recursion a million calls deep only costs heap memory.
//!
//! # The language
//!
//! Standard syntax with SWI's operator table; control (`,` `;` `->` `*->` `\+` `!`,
//! `call/1..8`, `catch/3`, `findall/3`, `forall/2`); arithmetic on integers and floats;
//! term inspection, atoms and strings (`"text"` is a string as in SWI, back-quotes give a
//! code list); `assertz/asserta/retract` with SWI's static/dynamic rules; `format/1,2,3`;
//! definite clause grammars (`-->`, `phrase/2,3`); and a library written in Prolog
//! (`append/3`, `member/2`, `reverse/2`, `nth1/3`, `msort/2`, `sort/2,4`, `maplist/2..5`,
//! `aggregate_all/3`, `bagof/3`, `setof/3`...). `set_prolog_flag(unknown, fail)` makes
//! unknown predicates false. Not supported: modules, attributed variables, unbounded
//! integers (an overflow is an evaluation error).
//!
//! # Memory and limits
//!
//! A garbage collector reclaims what deterministic code leaves on the heap, so a
//! deterministic recursion runs in constant memory. Strings live on that heap (they are
//! not atoms), so building strings in a loop does too. Atoms are interned for the life of
//! the process; past [`max_atoms`] of them ([`set_max_atoms`]), a built-in that would make
//! a new one raises `resource_error(atoms)`. [`Options`] bound a query: inferences
//! (every call, and every redo of a built-in), a timeout or deadline, and a memory budget
//! past which the query raises `resource_error(memory)` (catchable; uncaught it is
//! [`SolveError::MemoryLimit`]); allocations are reserved ahead with `try_reserve`, so even
//! without a budget, memory the system refuses is that error rather than an abort. Cyclic
//! terms (`X = f(X)`) unify, compare and copy without looping, and read back cut where
//! they loop (`f(...)`).
//!
//! # Embedding
//!
//! A [`Database`] holds clauses; [`Database::consult`] loads program text,
//! [`Database::assertz`] and [`Database::retract`] change it from Rust.
//! [`Database::solve`] runs a goal and returns a lazy iterator of answers ([`Solutions`]):
//! each item is an [`Answer`] (the bindings of the query's variables as owned [`Term`]s)
//! or a [`SolveError`] (an uncaught Prolog error such as an existence error, or a limit).
//! [`unify`] and [`match_term`] work on owned terms without a database.
//!
//! ```
//! use resolu_logic::{Database, Options, Term, parse_query, parse_term};
//!
//! let mut db = Database::new();
//! db.consult("parent(tom, bob). parent(bob, ann).
//!             grandparent(X, Z) :- parent(X, Y), parent(Y, Z).").unwrap();
//! // Facts can be added from Rust, as terms or as text.
//! db.assertz(&Term::compound("parent", vec![Term::atom("bob"), Term::atom("liz")])).unwrap();
//! db.assertz(&parse_term("parent(ann, joe)").unwrap().term).unwrap();
//!
//! let q = parse_query("grandparent(tom, Who)").unwrap();
//! let names: Vec<String> = db
//!     .solve(&q, Options::default())
//!     .map(|a| a.unwrap().get("Who").unwrap().to_string())
//!     .collect();
//! assert_eq!(names, ["ann", "liz"]);
//!
//! // Errors are values; unknown predicates are existence errors unless dynamic.
//! let q = parse_query("undefined_thing(X)").unwrap();
//! let first = db.solve(&q, Options::default()).next().unwrap();
//! assert_eq!(first.unwrap_err().to_string(), "existence_error(procedure,undefined_thing/1)");
//! db.declare_dynamic("undefined_thing", 1);
//! assert_eq!(db.solve(&q, Options::default()).count(), 0);
//!
//! // Retract removes the first clause that unifies.
//! assert!(db.retract(&parse_term("parent(bob, liz)").unwrap().term).unwrap());
//! assert_eq!(db.solve(&parse_query("parent(bob, X)").unwrap(), Options::default()).count(), 1);
//!
//! // Limits: an inference budget (and a timeout) stop runaway programs.
//! db.consult("loop :- loop.").unwrap();
//! let opts = Options { max_inferences: Some(10_000), ..Options::default() };
//! let r = db.solve(&parse_query("loop").unwrap(), opts).next().unwrap();
//! assert!(matches!(r, Err(resolu_logic::SolveError::InferenceLimit(_))));
//! ```

mod arith;
mod bigint;
pub mod course;
mod db;
mod dcg;
mod errors;
mod machine;
mod ops;
mod reader;
mod store;
mod stream;
mod strings;
mod term;
pub mod tutorial;
mod unify;
mod write;

pub use errors::{ConsultError, LogicError, SolveError};
pub use machine::Options;
pub use machine::host::{HostNode, HostSolutions, HostTerms};
pub use reader::{
    ClauseReader, ParseError, ReadTerm, Token, TokenKind, TokensAhead, parse_program, parse_query,
    parse_term,
};
pub use term::{Args, Atom, DEFAULT_MAX_ATOMS, Term, atom_count, atoms, max_atoms, set_max_atoms};
pub use unify::{Bindings, match_term, unify};
pub use write::{quote_atom, write as write_plain, writeq, writeq_answer, writeq_at};

use db::{Pred, compile, head_body};
use machine::{Machine, PredRef, builtin_table};
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

/// One answer: the bindings of the query's named variables (in the order they appear in
/// the query, `_`-variables left out), unbound variables numbered `_G1`, `_G2`, ... in
/// this answer; and the proof tree when [`Options::explain`] is set.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// `(name, value)` pairs.
    pub bindings: Vec<(String, Term)>,
    /// The proof, with `Options::explain`.
    pub proof: Option<Proof>,
}

impl Answer {
    /// The value of the variable called `name`.
    pub fn get(&self, name: &str) -> Option<&Term> {
        self.bindings
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t)
    }
}

/// A proof tree, flattened in pre-order: each node's children follow it, one level deeper.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    /// The nodes in pre-order.
    pub nodes: Vec<ProofNode>,
}

/// One goal of a proof and how it was proved.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofNode {
    /// Depth in the tree (0 for the query's goals).
    pub depth: usize,
    /// The goal, with the answer's bindings applied.
    pub goal: Term,
    /// The clause used (as written in the program), or `None` for a built-in.
    pub clause: Option<Term>,
}

/// Events reported while proving, for traces. Variables in terms are numbered by their
/// heap address (stable within one run).
#[derive(Clone, Debug, PartialEq)]
pub enum TraceEvent {
    /// The course's step: the conjunction still to prove (first the goal being resolved)
    /// and the clause chosen for it, at this depth.
    Step {
        /// Call depth.
        depth: usize,
        /// The goal then the goals after it (the first few).
        goals: Vec<Term>,
        /// The clause chosen, as written.
        clause: Term,
    },
    /// No clause (or no further clause) proves this goal: backtrack.
    NoClause {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
    /// An unknown procedure, taken as false (`unknown` flag set to fail).
    Unknown {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
    /// Port trace: a goal is called.
    Call {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
    /// Port trace: a goal succeeded.
    Exit {
        /// Call depth.
        depth: usize,
        /// The goal, as instantiated.
        goal: Term,
    },
    /// Port trace: backtracking into a goal for another solution.
    Redo {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
    /// Port trace: a goal has no (more) solutions.
    Fail {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
}

/// Receives trace events (the library never prints; the caller decides).
pub trait Observer {
    /// One event.
    fn event(&mut self, event: &TraceEvent);
}

impl<F: FnMut(&TraceEvent)> Observer for F {
    fn event(&mut self, event: &TraceEvent) {
        self(event)
    }
}

/// Procedures by name and arity: a vector indexed by the atom's id (atoms are dense
/// integers), each with its few arities. Cheaper than hashing on every call.
#[derive(Default)]
pub(crate) struct ProcTable {
    by_atom: Vec<Vec<(u32, PredRef)>>,
}

impl ProcTable {
    #[inline]
    pub(crate) fn get(&self, key: &(Atom, u32)) -> Option<&PredRef> {
        self.by_atom
            .get(key.0.id() as usize)?
            .iter()
            .find(|(n, _)| *n == key.1)
            .map(|(_, r)| r)
    }
    /// Every procedure: `((name, arity), how)`.
    pub(crate) fn entries(&self) -> Vec<((Atom, u32), PredRef)> {
        let mut v = Vec::new();
        for (id, list) in (0u32..).zip(&self.by_atom) {
            for &(arity, r) in list {
                v.push(((Atom::from_id(id), arity), r));
            }
        }
        v
    }
    pub(crate) fn contains_key(&self, key: &(Atom, u32)) -> bool {
        self.get(key).is_some()
    }
    /// Adds a procedure. Only `Database::new` may replace an entry: afterwards an entry,
    /// once made, stays as it is (`Machine::call` remembers the last one it looked up).
    pub(crate) fn insert(&mut self, key: (Atom, u32), r: PredRef) {
        let i = key.0.id() as usize;
        if self.by_atom.len() <= i {
            self.by_atom.resize_with(i + 1, Vec::new);
        }
        let list = &mut self.by_atom[i];
        match list.iter_mut().find(|(n, _)| *n == key.1) {
            Some(slot) => slot.1 = r,
            None => list.push((key.1, r)),
        }
    }
}

/// Who adds a clause: the rules differ (a program cannot assert into a static predicate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The embedded library.
    Library,
    /// Program text being consulted.
    Consult,
    /// assertz/asserta called by a running program.
    Program,
    /// The embedding Rust code (makes the predicate dynamic).
    Host,
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

/// Program text being loaded clause by clause into a database: see
/// [`Database::loading`]. Drop it without [`Loading::finish`] and the `initialization/1`
/// goals are not run nor the `double_quotes` flag restored.
pub struct Loading<'a> {
    db: &'a mut Database,
    options: Options,
    /// The flag before the text, restored at its end.
    double_quotes: Option<Term>,
    report: Consulted,
    /// `initialization/1` goals with their lines, run at the end of the text.
    init: Vec<(usize, Term)>,
}

impl Loading<'_> {
    /// Adds a clause read from the text (a grammar rule is translated first), or runs a
    /// directive (`:- G`, `?- G`); `initialization(G)` is kept for
    /// [`Loading::finish`]. A failing or erroneous directive is a warning of the report,
    /// unless a limit stopped it.
    pub fn add(&mut self, c: &ReadTerm) -> Result<(), ConsultError> {
        let directive = match &c.term {
            Term::Compound(f, args)
                if (*f == atoms::NECK || *f == atoms::QUERY) && args.len() == 1 =>
            {
                Some(&args[0])
            }
            _ => None,
        };
        if let Some(goal) = directive {
            if let Term::Compound(f, args) = goal
                && f.name() == "initialization"
            {
                self.init.push((c.line, args[0].clone()));
                return Ok(());
            }
            return self.db.run_directive(
                goal,
                &c.var_names,
                c.line,
                &self.options,
                &mut self.report,
            );
        }
        let translated;
        let clause = match &c.term {
            Term::Compound(f, args) if f.name() == "-->" && args.len() == 2 => {
                translated =
                    dcg::translate(&args[0], &args[1]).ok_or_else(|| ConsultError::Clause {
                        line: c.line,
                        error: SolveError::from_ball(arith::type_error(
                            "callable",
                            args[0].clone(),
                        )),
                    })?;
                &translated
            }
            other => other,
        };
        self.db
            .add_clause(clause, false, Origin::Consult)
            .map_err(|e| ConsultError::Clause {
                line: c.line,
                error: SolveError::from_ball(e),
            })?;
        self.report.clauses += 1;
        Ok(())
    }

    /// Ends the text: restores the `double_quotes` flag and runs the `initialization/1`
    /// goals; gives the report.
    pub fn finish(mut self) -> Result<Consulted, ConsultError> {
        if let Some(dq) = &self.double_quotes {
            let _ = self.db.set_flag(&Term::atom("double_quotes"), dq);
        }
        for (line, goal) in std::mem::take(&mut self.init) {
            self.db
                .run_directive(&goal, &[], line, &self.options, &mut self.report)?;
        }
        Ok(self.report)
    }
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

fn permission_error(action: &str, kind: &str, name: Atom, arity: u32) -> Term {
    arith::error_term(Term::compound(
        "permission_error",
        vec![
            Term::atom(action),
            Term::atom(kind),
            Term::compound("/", vec![Term::Atom(name), Term::Int(arity as i64)]),
        ],
    ))
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

    /// Loads program text: clauses are added at the end of their predicates; directives
    /// (`:- dynamic f/1.`, `:- set_prolog_flag(unknown, fail).`, `:- initialization(G).`,
    /// any other goal) are run. A predicate of the library (`append/3`...) defined in the
    /// text replaces the library's.
    pub fn consult(&mut self, text: &str) -> Result<Consulted, ConsultError> {
        self.consult_with(text, &Options::default())
    }

    /// [`Database::consult`], the directives run under `options`' limits: a directive
    /// stopped by a limit, or calling halt/0,1, stops the loading with that error (a
    /// [`ConsultError::Clause`] whose error [`SolveError::is_limit`], or is
    /// [`SolveError::Halt`]).
    pub fn consult_with(
        &mut self,
        text: &str,
        options: &Options,
    ) -> Result<Consulted, ConsultError> {
        let mut clauses = self.clause_reader(text)?;
        let mut loading = self.loading(options);
        while let Some(c) = clauses.next_clause()? {
            loading.add(&c)?;
        }
        loading.finish()
    }

    /// Starts loading clauses that the caller reads itself, one at a time (with a
    /// [`ClauseReader`], say, among items of its own): [`Loading::add`] adds each clause
    /// or runs each directive as [`Database::consult_with`] does, and
    /// [`Loading::finish`] ends the text.
    ///
    /// ```
    /// use resolu_logic::{ClauseReader, Database, Options};
    /// let mut db = Database::new();
    /// let mut reader = ClauseReader::new("p(1). note(hello). p(2).").unwrap();
    /// let mut loading = db.loading(&Options::default());
    /// while let Some(c) = reader.next_clause().unwrap() {
    ///     if c.term.to_string() != "note(hello)" {
    ///         loading.add(&c).unwrap();
    ///     }
    /// }
    /// assert_eq!(loading.finish().unwrap().clauses, 2);
    /// ```
    pub fn loading(&mut self, options: &Options) -> Loading<'_> {
        // The double_quotes flag is local to the text being loaded (as in SWI-Prolog):
        // what a directive sets is undone at the end.
        let double_quotes = self.flag("double_quotes");
        Loading {
            db: self,
            options: options.clone(),
            double_quotes,
            report: Consulted::default(),
            init: Vec::new(),
        }
    }

    fn run_directive(
        &mut self,
        goal: &Term,
        names: &[String],
        line: usize,
        options: &Options,
        report: &mut Consulted,
    ) -> Result<(), ConsultError> {
        let mut sols = self.solve_goal(goal, names, options.clone());
        let r = sols.next();
        report.output.push_str(&sols.take_output());
        match r {
            // halt/0,1 stops the loading there, as a limit does.
            Some(Err(error)) if error.is_limit() || matches!(error, SolveError::Halt(_)) => {
                return Err(ConsultError::Clause { line, error });
            }
            Some(Ok(_)) => {}
            None => report
                .warnings
                .push(format!("line {line}: directive failed: {goal}")),
            Some(Err(e)) => report
                .warnings
                .push(format!("line {line}: directive {goal}: {e}")),
        }
        Ok(())
    }

    /// Adds a clause (`Head :- Body` or a fact) at the end of its predicate, which becomes
    /// dynamic (so a program may then assert and retract its clauses too).
    pub fn assertz(&mut self, clause: &Term) -> Result<(), SolveError> {
        self.add_clause(clause, false, Origin::Host)
            .map_err(SolveError::from_ball)
    }

    /// Adds a clause at the front of its predicate.
    pub fn asserta(&mut self, clause: &Term) -> Result<(), SolveError> {
        self.add_clause(clause, true, Origin::Host)
            .map_err(SolveError::from_ball)
    }

    /// Removes the first clause that unifies with `clause` (`Head :- Body`, or a fact:
    /// body `true`); tells whether one was removed. Like [`Database::assertz`], it makes
    /// the predicate dynamic (a running program may only change dynamic predicates, as in
    /// SWI-Prolog; the host may change any).
    pub fn retract(&mut self, clause: &Term) -> Result<bool, SolveError> {
        // The host may change any user predicate: make it dynamic first.
        let (head, _) = head_body(clause);
        if let Some((name, arity)) = head.functor()
            && let Ok(p) = self.pred_for_update(name, arity as u32)
        {
            self.preds[p].dynamic = true;
        }
        let goal = Term::compound("retract", vec![clause.clone()]);
        let mut sols = self.solve_goal(&goal, &[], Options::default());
        match sols.next() {
            Some(Ok(_)) => Ok(true),
            None => Ok(false),
            Some(Err(e)) => Err(e),
        }
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

    /// Runs a query read by [`parse_query`]: a lazy iterator of its answers.
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

    /// A reader of program text with this database's operators and `double_quotes` flag,
    /// shared with the database: a directive that [`Database::loading`] runs changes how
    /// the rest of the text reads.
    pub fn clause_reader(&self, text: &str) -> Result<ClauseReader, ParseError> {
        reader::ClauseReader::with_syntax(text, Rc::clone(&self.syntax))
    }

    /// The predicate to change for `name/arity`, created if needed; built-ins and control
    /// constructs cannot be changed.
    pub(crate) fn pred_for_update(&mut self, name: Atom, arity: u32) -> Result<usize, Term> {
        match self.index.get(&(name, arity)) {
            Some(&PredRef::User(p)) => Ok(p as usize),
            Some(_) => Err(permission_error("modify", "static_procedure", name, arity)),
            None => {
                let p = self.preds.len();
                self.preds.push(Pred {
                    clauses: Rc::new(db::ClauseSet::default()),
                    dynamic: false,
                    library: false,
                });
                self.index.insert((name, arity), PredRef::User(p as u32));
                Ok(p)
            }
        }
    }

    /// The predicate `name/arity` for a program's assert/retract: created dynamic if new;
    /// a static predicate (loaded from text, not declared dynamic) cannot be changed.
    pub(crate) fn dynamic_pred(&mut self, name: Atom, arity: u32) -> Result<usize, Term> {
        let existed = self.index.contains_key(&(name, arity));
        let p = self.pred_for_update(name, arity)?;
        let pred = &mut self.preds[p];
        if existed && !pred.dynamic && !pred.library {
            return Err(permission_error("modify", "static_procedure", name, arity));
        }
        if pred.library {
            pred.library = false;
            pred.clauses = Rc::new(db::ClauseSet::default());
        }
        pred.dynamic = true;
        Ok(p)
    }

    pub(crate) fn add_clause(&mut self, t: &Term, front: bool, origin: Origin) -> Result<(), Term> {
        let (head, body) = head_body(t);
        let (name, arity) = match head {
            Term::Var(_) => return Err(arith::instantiation_error()),
            Term::Atom(a) => (*a, 0),
            Term::Compound(f, args) => (*f, args.len() as u32),
            other => return Err(arith::type_error("callable", other.clone())),
        };
        if let Some(b @ (Term::Int(_) | Term::Float(_))) = body {
            return Err(arith::type_error("callable", b.clone()));
        }
        // assertz((foo :- X)): SWI-Prolog raises an instantiation error (the standard
        // would store call(X)); in program text the body stays call(X).
        if origin == Origin::Program && matches!(body, Some(Term::Var(_))) {
            return Err(arith::instantiation_error());
        }
        let p = match origin {
            Origin::Program => self.dynamic_pred(name, arity)?,
            _ => self.pred_for_update(name, arity)?,
        };
        let pred = &mut self.preds[p];
        match origin {
            Origin::Library => pred.library = true,
            _ if pred.library => {
                // A user definition replaces the library's.
                pred.library = false;
                pred.clauses = Rc::new(db::ClauseSet::default());
            }
            _ => {}
        }
        if origin == Origin::Host {
            pred.dynamic = true;
        }
        let clause = Rc::new(compile(head, body, t.clone()));
        let list = Rc::make_mut(&mut pred.clauses);
        if front {
            list.insert(0, clause);
        } else {
            list.push(clause);
        }
        Ok(())
    }

    /// `dynamic f/1, g/2` (a conjunction, list or single spec).
    pub(crate) fn declare_specs(&mut self, spec: &Term) -> Result<(), Term> {
        let mut stack = vec![spec];
        while let Some(s) = stack.pop() {
            match s {
                Term::Compound(f, args)
                    if (*f == atoms::COMMA || *f == atoms::CONS) && args.len() == 2 =>
                {
                    stack.push(&args[1]);
                    stack.push(&args[0]);
                }
                Term::Atom(a) if *a == atoms::NIL => {}
                Term::Compound(f, args) if f.name() == "/" && args.len() == 2 => {
                    match (&args[0], &args[1]) {
                        (Term::Atom(n), Term::Int(k)) if *k >= 0 => {
                            self.declare_dynamic(n.name(), *k as usize);
                        }
                        _ => return Err(arith::type_error("predicate_indicator", s.clone())),
                    }
                }
                Term::Var(_) => return Err(arith::instantiation_error()),
                other => return Err(arith::type_error("predicate_indicator", other.clone())),
            }
        }
        Ok(())
    }

    /// set_prolog_flag/2: `unknown` (error, fail, warning), `double_quotes` (codes, chars,
    /// atom, string), `debug` (true, false) and new flags (created, as SWI-Prolog does);
    /// the read-only flags (`bounded`, `max_integer`, ...) raise a permission error.
    pub(crate) fn set_flag(&mut self, flag: &Term, value: &Term) -> Result<(), Term> {
        let domain = |d: &str| {
            arith::error_term(Term::compound(
                "domain_error",
                vec![Term::atom(d), value.clone()],
            ))
        };
        let name = match flag {
            Term::Atom(f) => f.name(),
            Term::Var(_) => return Err(arith::instantiation_error()),
            other => return Err(arith::type_error("atom", other.clone())),
        };
        if matches!(value, Term::Var(_)) {
            return Err(arith::instantiation_error());
        }
        let atom_value = match value {
            Term::Atom(v) => Some(v.name()),
            _ => None,
        };
        match name {
            "bounded"
            | "max_integer"
            | "min_integer"
            | "integer_rounding_function"
            | "max_arity" => {
                return Err(arith::error_term(Term::compound(
                    "permission_error",
                    vec![Term::atom("modify"), Term::atom("flag"), flag.clone()],
                )));
            }
            "unknown" => match atom_value {
                Some("fail" | "warning") => self.unknown_fail = true,
                Some("error") => self.unknown_fail = false,
                _ => return Err(domain("unknown")),
            },
            "double_quotes" => match atom_value {
                Some("codes" | "chars" | "atom" | "string") => {}
                _ => return Err(domain("double_quotes")),
            },
            "debug" => match atom_value {
                Some("true" | "false") => {}
                _ => return Err(domain("flag_value")),
            },
            _ => {}
        }
        if name != "unknown" {
            match self.flags.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = value.clone(),
                None => self.flags.push((name.to_string(), value.clone())),
            }
        }
        if name == "double_quotes" {
            self.syntax
                .set_double_quotes(ops::DoubleQuotes::from_name(atom_value.unwrap_or("codes")));
        }
        Ok(())
    }

    /// The value of a flag set by set_prolog_flag/2 (or its default).
    pub(crate) fn flag(&self, name: &str) -> Option<Term> {
        self.flags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// Every flag and its value, for current_prolog_flag/2.
    pub(crate) fn flag_list(&self) -> Vec<(String, Term)> {
        let mut v = vec![
            // Integers are unbounded; max_integer and min_integer give the range of the
            // 64-bit fast path (SWI-Prolog 9 omits them when unbounded).
            ("bounded".to_string(), Term::atom("false")),
            ("max_integer".to_string(), Term::Int(i64::MAX)),
            ("min_integer".to_string(), Term::Int(i64::MIN)),
            (
                "integer_rounding_function".to_string(),
                Term::atom("toward_zero"),
            ),
            ("max_arity".to_string(), Term::atom("unbounded")),
            (
                "unknown".to_string(),
                Term::atom(if self.unknown_fail { "fail" } else { "error" }),
            ),
        ];
        v.extend(self.flags.iter().cloned());
        v
    }
}

/// The answers of a running query, computed lazily: each `next()` resumes the search
/// where the previous answer left it. After an error the iterator ends.
pub struct Solutions<'a> {
    m: Machine<'a>,
}

impl<'a> Solutions<'a> {
    /// Reports trace events to `observer` from now on.
    pub fn set_observer(&mut self, observer: Box<dyn Observer + 'a>) {
        self.m.observer = Some(observer);
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
        ops::write_with(&self.m.db.syntax);
        match self.m.next_solution() {
            Ok(true) => Some(self.m.answer()),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }
}
