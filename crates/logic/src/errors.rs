//! The crate's errors: the Prolog error terms that built-ins raise (ISO/IEC 13211-1
//! §7.12: `error(Formal, Context)`), built in one place so that each kind has one shape.
//!
//! Where SWI-Prolog 9 departs from the standard, SWI's term is raised (the conformance
//! suite records its answers): for example `atom_length(f(x), N)` raises
//! `type_error(text, f(x))` (the standard says `type_error(atom, ...)`... SWI accepts any
//! text), `succ(X, 0)` fails instead of raising, and `call((fail, 1))` checks the whole
//! body first (`type_error(callable, (fail,1))`), as both do.

use crate::term::Term;

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
