//! The database: assert, retract, abolish, clause/2, dynamic/1.

use super::*;

/// Which of the predicates sharing this implementation was called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::machine) enum AssertKind {
    Assertz,
    Asserta,
}

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("assertz", 1, |m, a, f| m.assert(a, f, AssertKind::Assertz)),
    def("assert", 1, |m, a, f| m.assert(a, f, AssertKind::Assertz)),
    def("asserta", 1, |m, a, f| m.assert(a, f, AssertKind::Asserta)),
    def("retract", 1, |m, a, f| m.retract_builtin(a, f)),
    def("retractall", 1, |m, a, f| m.retractall(a, f)),
    def("abolish", 1, |m, a, f| m.abolish(a, f)),
    def("dynamic", 1, |m, a, f| m.dynamic(a, f)),
    def("clause", 2, |m, a, f| m.clause(a, f)),
];

impl Machine<'_> {
    pub(in crate::machine) fn assert(&mut self, args: u32, _f: Frame, b: AssertKind) -> Res {
        let a0 = || self.heap[args as usize];
        let t = self.read(a0());
        self.db
            .add_clause(&t, b == AssertKind::Asserta, crate::Origin::Program)
            .map_err(Stop::ball)?;
        Ok(true)
    }

    pub(in crate::machine) fn retract_builtin(&mut self, args: u32, f: Frame) -> Res {
        self.retract(args, 0, f.depth, f.proof)
    }

    pub(in crate::machine) fn retractall(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap[args as usize];
        let head = self.deref(a0());
        let (name, arity, _) = self.goal_parts(head)?;
        let p = self.db.dynamic_pred(name, arity).map_err(Stop::ball)?;
        let clauses = self.db.preds[p].clauses.clone();
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
        self.db.preds[p].clauses = Rc::new(keep.into());
        Ok(true)
    }

    pub(in crate::machine) fn abolish(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap[args as usize];
        let spec = self.read(a0());
        if let Term::Compound(_, sa) = &spec
            && let (Term::Atom(n), Term::Int(k)) = (&sa[0], &sa[1])
            && let Ok(p) = self.db.pred_for_update(*n, *k as u32)
        {
            self.db.preds[p].clauses = Rc::new(crate::db::ClauseSet::default());
        }
        Ok(true)
    }

    pub(in crate::machine) fn dynamic(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap[args as usize];
        let spec = self.read(a0());
        self.db.declare_specs(&spec).map_err(Stop::ball)?;
        Ok(true)
    }

    pub(in crate::machine) fn clause(&mut self, args: u32, f: Frame) -> Res {
        self.retry(
            |m, a, s, d, p| m.redo_clause(a, s, d, p),
            args,
            0,
            f.depth,
            f.proof,
        )
    }

    pub(in crate::machine) fn redo_clause(
        &mut self,
        args: u32,
        state: i64,
        depth: u32,
        proof: u32,
    ) -> Res {
        let again = |m: &mut Self, state: i64| {
            m.push_cp(CpKind::Retry {
                redo: |m, a, s, d, p| m.redo_clause(a, s, d, p),
                args,
                state,
                depth,
                proof,
            })
        };
        {
            let head = self.deref(self.heap[args as usize]);
            let (name, arity, _) = self.goal_parts(head)?;
            let Some(&PredRef::User(p)) = self.db.index.get(&(name, arity)) else {
                return Ok(false);
            };
            let clauses = self.db.preds[p as usize].clauses.clone();
            let i = state as usize;
            let Some(cl) = clauses.get(i).cloned() else {
                return Ok(false);
            };
            if i + 1 < clauses.len() {
                again(self, i as i64 + 1);
            }
            let bc = self.heap[args as usize + 1];
            Ok(self.unify_clause(&cl, head, bc))
        }
    }

    pub(in crate::machine) fn redo_retract(
        &mut self,
        args: u32,
        state: i64,
        depth: u32,
        proof: u32,
    ) -> Res {
        self.retract(args, state as usize, depth, proof)
    }
}
