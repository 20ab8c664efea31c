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
//! [`SolveError::MemoryLimit`]); [`Options::from_limits`] takes them from the
//! `resolu_search::Limits` every engine of the workspace takes, and
//! [`SolveError::stop_reason`] names a stop in the words they all use. Allocations are
//! reserved ahead with `try_reserve`, so even
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
//! [`unify`] and [`match_term`] work on owned terms without a database. Each database
//! has its own operators (op/3) and `double_quotes` flag: [`Database::parse_query`] and
//! [`Database::clause_reader`] read with them, the free [`parse_query`] with the standard
//! ones; databases in one thread do not see each other's. Writing is the same:
//! `writeq/1` in a query, an [`Answer`]'s text and [`Database::operators`] use the
//! database's operators, the free [`writeq`] and a term's `Display` the standard ones.
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

mod answer_names;
mod answer_writing;
mod answers;
mod arith;
mod bigint;
mod compile;
pub mod course;
mod database;
mod db;
mod dcg;
mod errors;
mod machine;
mod operators;
mod ops;
mod options;
mod reader;
mod store;
mod stream;
mod strings;
mod term;
mod trace;
pub mod tutorial;
mod unify;
mod write;

pub use answer_writing::{AnswerForm, AnswerWriteError};
pub use answers::{Answer, Proof, ProofNode};
pub use database::{Consulted, Database, Loading, Solutions, Unknown, VarSolutions};
pub use errors::{ConsultError, LogicError, SolveError};
pub use machine::Options;
pub use machine::host::{HostNode, HostSolutions, HostTerms};
pub use operators::Operators;
pub use reader::{
    ClauseReader, ParseError, ReadTerm, Token, TokenKind, TokensAhead, parse_program, parse_query,
    parse_term,
};
pub use term::{Args, Atom, DEFAULT_MAX_ATOMS, Term, atom_count, atoms, max_atoms, set_max_atoms};
pub use trace::{Observer, TraceEvent};
pub use unify::{Bindings, match_term, unify};
pub use write::{quote_atom, write as write_plain, writeq, writeq_answer, writeq_at};

pub(crate) use database::Origin;
