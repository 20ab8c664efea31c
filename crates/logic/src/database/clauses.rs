//! Changing a database's clauses: the procedure table, assert and retract from the host
//! and from programs (with SWI-Prolog's rules on static and dynamic procedures), and
//! dynamic declarations.

use super::Database;
use crate::arith;
use crate::db;
use crate::db::{Pred, compile, head_body};
use crate::errors::SolveError;
use crate::machine::PredRef;
use crate::options::Options;
use crate::term::{Atom, Term, atoms};
use std::rc::Rc;

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
}
