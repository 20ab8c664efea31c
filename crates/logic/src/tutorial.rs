//! A tutorial in four short chapters: load a Prolog program from Rust, ask queries and
//! read the answers, catch Prolog errors, and bound a query's work. Every example here is
//! a test.
//!
//! # 1. A program and a query
//!
//! A [`Database`](crate::Database) holds the clauses; [`consult`](crate::Database::consult)
//! loads program text (clauses and directives, such as `:- op(...)`);
//! [`query`](crate::Database::query) reads a query and returns its answers lazily, in
//! SWI-Prolog's order.
//!
//! ```
//! use resolu_logic::{Database, LogicError};
//!
//! fn main() -> Result<(), LogicError> {
//!     let mut db = Database::new();
//!     db.consult("
//!         parent(tom, bob).  parent(bob, ann).  parent(bob, pat).
//!         grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
//!     ")?;
//!     let mut names = Vec::new();
//!     for answer in db.query("grandparent(tom, Who)")? {
//!         let answer = answer?;
//!         // Each answer binds the query's named variables, in their order.
//!         let (name, value) = &answer.bindings[0];
//!         names.push(format!("{name} = {value}"));
//!     }
//!     assert_eq!(names, ["Who = ann", "Who = pat"]);
//!     Ok(())
//! }
//! ```
//!
//! # 2. Standard Prolog
//!
//! The built-ins are ISO Prolog's and SWI-Prolog's common library (lists, `format/2`,
//! `bagof/3`, yall lambdas...). What a query writes is collected, not printed: a
//! library never prints.
//!
//! ```
//! use resolu_logic::Database;
//!
//! let mut db = Database::new();
//! db.consult(":- op(700, xfx, likes).\njohn likes mary.").unwrap();
//! {
//!     let mut sols = db.query("X likes mary, format(\"~w likes ~q~n\", [X, 'Mary'])").unwrap();
//!     let first = sols.next().unwrap().unwrap();
//!     assert_eq!(first.bindings[0].1.to_string(), "john");
//!     assert_eq!(sols.take_output(), "john likes 'Mary'\n");
//! }
//!
//! // bagof/3 groups by the free variables of the goal; `^` hides one.
//! let mut sols = db
//!     .query("bagof(X, Y^member(X-Y, [1-a, 2-b, 1-c]), L)")
//!     .unwrap();
//! let a = sols.next().unwrap().unwrap();
//! assert_eq!(a.bindings.last().unwrap().1.to_string(), "[1,2,1]");
//! ```
//!
//! # 3. Errors
//!
//! A syntax error in a program or query is a [`ParseError`](crate::ParseError) with its
//! line and column. An uncaught Prolog exception ends the query with
//! [`SolveError::Thrown`](crate::SolveError::Thrown), holding the formal part of
//! `error(Formal, Context)`, as the standard (ISO/IEC 13211-1 §7.12) names them.
//!
//! ```
//! use resolu_logic::{Database, SolveError};
//!
//! let mut db = Database::new();
//! let e = db.consult("p(1).\np(2\n").unwrap_err();
//! assert!(e.to_string().starts_with("syntax error at 3:1"), "{e}");
//!
//! let first = |db: &mut Database, q: &str| db.query(q).unwrap().next().unwrap();
//! assert_eq!(
//!     first(&mut db, "atom_length(X, 3)").unwrap_err().to_string(),
//!     "instantiation_error"
//! );
//! let Err(SolveError::Thrown(formal)) = first(&mut db, "arg(-3, f(a), X)") else { panic!() };
//! assert_eq!(formal.to_string(), "domain_error(not_less_than_zero,-3)");
//! // Inside Prolog, catch/3 sees the whole error term.
//! let a = first(&mut db, "catch(atom_length(1, a), error(E, _), true)").unwrap();
//! assert_eq!(a.bindings[0].1.to_string(), "type_error(integer,a)");
//! ```
//!
//! # 4. Limits
//!
//! [`Options`](crate::Options) bound a query: inferences, time, memory. A query stopped
//! by a limit ends with an error whose [`is_limit`](crate::SolveError::is_limit) is true,
//! never with a hang or an abort.
//!
//! ```
//! use resolu_logic::{Database, Options, SolveError, parse_query};
//!
//! let mut db = Database::new();
//! db.consult("loop :- loop.").unwrap();
//! let q = parse_query("loop").unwrap();
//! let opts = Options { max_inferences: Some(10_000), ..Options::default() };
//! let mut sols = db.solve(&q, opts);
//! let e = sols.next().unwrap().unwrap_err();
//! assert_eq!(e, SolveError::InferenceLimit(10_000));
//! assert!(e.is_limit());
//! ```
