//! The database: assert, retract, abolish, clause/2, dynamic/1.

use super::{
    Cell, Context, Def, Frame, PredRef, Rc, Res, Resume, Stop, Term, atoms, def,
    instantiation_error, type_error,
};

/// Which of the predicates sharing this implementation was called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::machine) enum AssertKind {
    Assertz,
    Asserta,
}

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("$pred_info", 3, |m, a, _| m.pred_info(a)),
    def("$user_predicates", 1, |m, a, _| m.user_predicates(a)),
    def("assertz", 1, |m, a, f| m.assert(a, f, AssertKind::Assertz)),
    def("assert", 1, |m, a, f| m.assert(a, f, AssertKind::Assertz)),
    def("asserta", 1, |m, a, f| m.assert(a, f, AssertKind::Asserta)),
    def("retract", 1, |m, a, f| m.retract_builtin(a, f)),
    def("retractall", 1, |m, a, f| m.retractall(a, f)),
    def("abolish", 1, |m, a, f| m.abolish(a, f)),
    def("dynamic", 1, |m, a, f| m.dynamic(a, f)),
    def("clause", 2, |m, a, f| m.clause(a, f)),
];

impl Context<'_, '_> {
    /// '$pred_info'(Head, Kind, Clauses): Kind is `control`, `builtin`, `library`,
    /// `dynamic` or `static`; Clauses the number of clauses (0 for built-ins). Fails for
    /// an unknown procedure.
    fn pred_info(&mut self, args: u32) -> Res {
        let head = self.arg(args, 0);
        let (name, arity, _) = self.goal_parts(head)?;
        let (kind, n) = match self.db().index.get(&(name, arity)) {
            None => return Ok(false),
            Some(PredRef::Control(_)) => ("control", 0),
            Some(PredRef::Builtin(_)) => ("builtin", 0),
            Some(&PredRef::User(p)) => {
                let pred = &self.db().preds[p as usize];
                let kind = if pred.library {
                    "library"
                } else if pred.dynamic {
                    "dynamic"
                } else if pred.clauses.is_empty() {
                    return Ok(false);
                } else {
                    "static"
                };
                (kind, pred.clauses.len() as i64)
            }
        };
        let (k, c) = (
            self.heap()[args as usize + 1],
            self.heap()[args as usize + 2],
        );
        Ok(self.unify_atom_text(k, kind)? && self.unify(c, Cell::Int(n)))
    }

    /// '$user_predicates'(L): the Name/Arity of every predicate the program defined (with
    /// clauses, or declared dynamic), for current_predicate/1.
    fn user_predicates(&mut self, args: u32) -> Res {
        let mut found = Vec::new();
        for (key, r) in self.db().index.entries() {
            if let PredRef::User(p) = r {
                let pred = &self.db().preds[p as usize];
                if !pred.library && (pred.dynamic || !pred.clauses.is_empty()) {
                    found.push(Term::compound(
                        "/",
                        vec![Term::Atom(key.0), Term::Int(key.1 as i64)],
                    ));
                }
            }
        }
        let list = self.put_term(&Term::list(found, Term::nil()));
        Ok(self.unify(self.heap()[args as usize], list))
    }

    pub(in crate::machine) fn assert(&mut self, args: u32, _f: Frame, b: AssertKind) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.read(a0());
        self.db_mut()
            .add_clause(&t, b == AssertKind::Asserta, crate::Origin::Program)
            .map_err(Stop::ball)?;
        self.count_clause(&t, true)?;
        Ok(true)
    }

    pub(in crate::machine) fn retract_builtin(&mut self, args: u32, _f: Frame) -> Res {
        self.retry(|m, at, s| m.redo_retract(at, s), args, 0)
    }

    pub(in crate::machine) fn retractall(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let head = self.deref(a0());
        let (name, arity, _) = self.goal_parts(head)?;
        let p = self
            .db_mut()
            .dynamic_pred(name, arity)
            .map_err(Stop::ball)?;
        let clauses = self.db().preds[p].clauses.clone();
        let mut keep = Vec::new();
        for cl in clauses.iter() {
            // The head matches: `head :- _` unifies with the clause.
            let matched = self.undone(|m| {
                let any = m.new_var();
                m.unify_clause(cl, head, any)
            });
            if !matched {
                keep.push(cl.clone());
            }
        }
        self.db_mut().preds[p].clauses = Rc::new(keep.into());
        Ok(true)
    }

    pub(in crate::machine) fn abolish(&mut self, args: u32, _f: Frame) -> Res {
        // abolish(Name/Arity): the standard's checks, then the clauses of a dynamic or
        // user predicate go; a built-in or library predicate may not be abolished.
        let spec = self.arg(args, 0);
        let indicator_error = || {
            Stop::ball(type_error(
                "predicate_indicator",
                self.read(self.heap()[args as usize]),
            ))
        };
        let (name, arity) = match spec {
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            Cell::Str(a) if self.heap()[a as usize] == Cell::Fun(atoms::SLASH, 2) => {
                let (n, k) = (self.arg(a + 1, 0), self.arg(a + 1, 1));
                if matches!(n, Cell::Ref(_)) {
                    return Err(Stop::ball(instantiation_error()));
                }
                let k = self.count_arg(k)?;
                let Cell::Atom(n) = n else {
                    return Err(Stop::ball(type_error("atom", self.read(n))));
                };
                let Some(k) = k else {
                    return Err(Stop::ball(instantiation_error()));
                };
                (n, k as u32)
            }
            _ => return Err(indicator_error()),
        };
        let static_error = || {
            Stop::ball(crate::errors::permission_error(
                "modify",
                "static_procedure",
                crate::errors::indicator(name, arity),
            ))
        };
        match self.db().index.get(&(name, arity)).copied() {
            None => {}
            Some(PredRef::User(p)) => {
                let pred = &mut self.db_mut().preds[p as usize];
                // SWI-Prolog abolishes a static user predicate too (the standard
                // raises a permission error); the library's stay.
                if pred.library {
                    return Err(static_error());
                }
                pred.clauses = Rc::new(crate::db::ClauseSet::default());
            }
            Some(_) => return Err(static_error()),
        }
        Ok(true)
    }

    pub(in crate::machine) fn dynamic(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let spec = self.read(a0());
        self.db_mut().declare_specs(&spec).map_err(Stop::ball)?;
        Ok(true)
    }

    pub(in crate::machine) fn clause(&mut self, args: u32, _f: Frame) -> Res {
        self.retry(|m, at, s| m.redo_clause(at, s), args, 0)
    }

    pub(in crate::machine) fn redo_clause(&mut self, at: Resume, state: i64) -> Res {
        let args = at.args;
        {
            let head = self.deref(self.heap()[args as usize]);
            let (name, arity, _) = self.goal_parts(head)?;
            if matches!(
                self.db().index.get(&(name, arity)),
                Some(PredRef::Builtin(_) | PredRef::Control(_))
            ) {
                return Err(Stop::ball(crate::errors::permission_error(
                    "access",
                    "private_procedure",
                    crate::errors::indicator(name, arity),
                )));
            }
            let Some(&PredRef::User(p)) = self.db().index.get(&(name, arity)) else {
                return Ok(false);
            };
            let clauses = self.db().preds[p as usize].clauses.clone();
            let i = state as usize;
            let Some(cl) = clauses.get(i).cloned() else {
                return Ok(false);
            };
            if i + 1 < clauses.len() {
                self.retry_later(at, i as i64 + 1);
            }
            let bc = self.heap()[args as usize + 1];
            Ok(self.unify_clause(&cl, head, bc))
        }
    }

    pub(in crate::machine) fn redo_retract(&mut self, at: Resume, state: i64) -> Res {
        self.retract(at, state as usize)
    }
}
