//! The crate's errors, Rust side and Prolog side.
//!
//! Rust side: [`ParseError`] (text that does not read), [`ConsultError`] (a program that
//! does not load), [`SolveError`] (what ended a query: an uncaught exception or a limit)
//! and [`LogicError`], any of the three, for code that reads, loads and runs in one
//! function with `?`.
//!
//! Prolog side: the error terms that built-ins raise (ISO/IEC 13211-1 §7.12:
//! `error(Formal, Context)`), built in one place so that each kind has one shape.
//!
//! Where SWI-Prolog 9 departs from the standard, SWI's term is raised (the conformance
//! suite records its answers): for example `atom_length(f(x), N)` raises
//! `type_error(text, f(x))` (the standard says `type_error(atom, ...)`... SWI accepts any
//! text), `succ(X, 0)` fails instead of raising, and `call((fail, 1))` checks the whole
//! body first (`type_error(callable, (fail,1))`), as both do.

pub use crate::reader::ParseError;
use crate::term::{Term, atoms};
use resolu_search::StopReason;

/// An error that ended a query: an uncaught Prolog exception or a limit.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// An uncaught exception. For ISO errors `error(Formal, Context)` this holds `Formal`
    /// (e.g. `existence_error(procedure,f/0)`), otherwise the thrown term.
    #[error("{0}")]
    Thrown(Term),
    /// The inference limit (given) was reached.
    #[error("inference limit of {0} reached")]
    InferenceLimit(u64),
    /// The timeout (given) was reached.
    #[error("timeout after {:.3} s", .0.as_secs_f64())]
    Timeout(std::time::Duration),
    /// The memory budget ([`crate::Options::max_memory`], in bytes) was reached: the
    /// query raised `resource_error(memory)` and did not catch it.
    #[error("memory budget of {} MB reached", .0.div_ceil(1 << 20))]
    MemoryLimit(u64),
    /// The program called `halt/0` (code 0) or `halt/1`: the process should end with
    /// this exit code.
    #[error("halt({0})")]
    Halt(i32),
    /// [`crate::Options::interrupt`] asked the query to stop (Ctrl-C).
    #[error("interrupted")]
    Interrupted,
    /// An internal capacity of the prover ran out (the atom table, the largest integer,
    /// the largest list built at once, the heap's addressing): no flag raises it, and a
    /// lower or higher `--max-memory` would not help. The text names the capacity and
    /// what to do instead. The query raised `error(resource_error(R), context(_, Text))`
    /// (catchable as any resource error) and did not catch it.
    #[error("{0}")]
    Capacity(String),
}

impl SolveError {
    pub(crate) fn from_ball(ball: Term) -> SolveError {
        if let Some(text) = capacity_text(&ball) {
            return SolveError::Capacity(text);
        }
        match ball {
            Term::Compound(f, args) if f == atoms::ERROR && args.len() == 2 => {
                let mut args = args.into_vec();
                args.truncate(1);
                SolveError::Thrown(args.pop().unwrap_or(Term::nil()))
            }
            other => SolveError::Thrown(other),
        }
    }

    /// Which limit stopped the query, in the words every engine uses: inferences, time,
    /// memory (the budget, memory the system refused, or an internal capacity) or an
    /// interruption; `None` when the program stopped itself (an uncaught error, halt).
    /// `Some` exactly when [`SolveError::is_limit`].
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self {
            SolveError::InferenceLimit(_) => Some(StopReason::InferenceLimit),
            SolveError::Timeout(_) => Some(StopReason::TimeLimit),
            SolveError::Interrupted => Some(StopReason::Interrupted),
            _ if self.is_limit() => Some(StopReason::MemoryLimit),
            _ => None,
        }
    }

    /// Whether a limit (inferences, time or memory) or an interruption stopped the query, rather than the
    /// program. An uncaught `resource_error(memory)` counts: the memory the system
    /// granted ran out.
    pub fn is_limit(&self) -> bool {
        match self {
            SolveError::InferenceLimit(_)
            | SolveError::Timeout(_)
            | SolveError::MemoryLimit(_)
            | SolveError::Interrupted
            | SolveError::Capacity(_) => true,
            SolveError::Thrown(Term::Compound(f, args)) => {
                f.name() == "resource_error" && args.len() == 1
            }
            _ => false,
        }
    }
}

/// An error while loading program text.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ConsultError {
    /// A syntax error.
    #[error("{0}")]
    Syntax(#[from] ParseError),
    /// A clause that cannot be added (e.g. redefining a built-in), with its line.
    #[error("line {line}: {error}")]
    Clause {
        /// Line of the clause.
        line: usize,
        /// The error, as a Prolog error term.
        error: SolveError,
    },
}

/// Any error of the crate: reading, loading or running.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LogicError {
    /// A query or term that does not read.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A program that does not load.
    #[error(transparent)]
    Consult(#[from] ConsultError),
    /// A query ended by an uncaught exception or a limit.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// `error(Formal, _)`: the standard's error term, its context left unbound.
pub(crate) fn error(formal: Term) -> Term {
    Term::compound("error", vec![formal, Term::Var(0)])
}

/// `instantiation_error`: an argument is unbound where a value is required.
pub(crate) fn instantiation_error() -> Term {
    error(Term::atom("instantiation_error"))
}

/// `type_error(Type, Culprit)`: a bound argument of the wrong type.
pub(crate) fn type_error(kind: &str, culprit: Term) -> Term {
    error(Term::compound(
        "type_error",
        vec![Term::atom(kind), culprit],
    ))
}

/// `domain_error(Domain, Culprit)`: the right type but a value out of the domain.
pub(crate) fn domain_error(domain: &str, culprit: Term) -> Term {
    error(Term::compound(
        "domain_error",
        vec![Term::atom(domain), culprit],
    ))
}

/// `permission_error(Action, Type, Culprit)`: modifying a static procedure, a built-in
/// or a flag that may not change.
pub(crate) fn permission_error(action: &str, kind: &str, culprit: Term) -> Term {
    error(Term::compound(
        "permission_error",
        vec![Term::atom(action), Term::atom(kind), culprit],
    ))
}

/// `Name/Arity` as a term (the culprit of procedure errors).
pub(crate) fn indicator(name: crate::Atom, arity: u32) -> Term {
    Term::compound("/", vec![Term::Atom(name), Term::Int(arity as i64)])
}

/// `error(resource_error(Resource), context(_, Text))`: an internal capacity of the prover
/// ran out (see [`SolveError::Capacity`]); `text` says which and what to do instead.
pub(crate) fn capacity_error(resource: &str, text: &str) -> Term {
    Term::compound(
        "error",
        vec![
            Term::compound("resource_error", vec![Term::atom(resource)]),
            Term::compound("context", vec![Term::Var(0), Term::atom(text)]),
        ],
    )
}

/// The text of a [`capacity_error`] ball, uncaught.
fn capacity_text(ball: &Term) -> Option<String> {
    let Term::Compound(f, args) = ball else {
        return None;
    };
    if f.name() != "error" || args.len() != 2 {
        return None;
    }
    let formal_is_resource =
        matches!(&args[0], Term::Compound(r, a) if r.name() == "resource_error" && a.len() == 1);
    match &args[1] {
        Term::Compound(c, a) if formal_is_resource && c.name() == "context" && a.len() == 2 => {
            match &a[1] {
                Term::Atom(text) => Some(text.name().to_string()),
                _ => None,
            }
        }
        _ => None,
    }
}
