//! Control: throw/1, halt/0,1, and the DCG body translation behind phrase/2,3.

use super::{Cell, Context, Def, Frame, Res, Stop, Term, def, instantiation_error, type_error};

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("throw", 1, |m, a, f| m.throw(a, f)),
    def("halt", 0, |m, _, _| m.halt_with(0)),
    def("halt", 1, |m, a, _| m.halt(a)),
    def("$dcg_body", 4, |m, a, f| m.dcg_body(a, f)),
    // The choicepoint stack's height (setup_call_cleanup/3 tells a deterministic exit).
    def("$cp_height", 1, |m, a, _| {
        let h = Cell::Int(m.choicepoint_height() as i64);
        Ok(m.unify(m.heap()[a as usize], h))
    }),
];

impl Context<'_, '_> {
    pub(in crate::machine) fn throw(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.read(a0());
        if matches!(t, Term::Var(_)) {
            return Err(Stop::ball(instantiation_error()));
        }
        Err(Stop::ball(t))
    }

    /// halt(Code): the query ends at once with the exit code (no catch/3 takes it); as
    /// on Unix, only its low 8 bits reach the parent process.
    fn halt(&mut self, args: u32) -> Res {
        match self.deref(self.heap()[args as usize]) {
            Cell::Ref(_) => Err(Stop::ball(instantiation_error())),
            Cell::Int(n) => self.halt_with((n & 0xff) as i32),
            _ => {
                let t = self.read(self.heap()[args as usize]);
                Err(Stop::ball(type_error("integer", t)))
            }
        }
    }

    pub(in crate::machine) fn dcg_body(&mut self, args: u32, _f: Frame) -> Res {
        // '$dcg_body'(Body, S0, S, Goal): Goal is the DCG body translated; the
        // translation is built as a copy and unified back with the call.
        let goal = Cell::Str(args - 1);
        let t = self.read(goal);
        let Term::Compound(_, a) = &t else {
            return Ok(false);
        };
        let mut next = t.variables().into_iter().max().map_or(0, |v| v + 1);
        let mut fresh = || {
            next += 1;
            Term::Var(next - 1)
        };
        let translated = crate::dcg::body_goal(&a[0], a[1].clone(), a[2].clone(), &mut fresh);
        let copy = Term::compound(
            "$dcg_body",
            vec![a[0].clone(), a[1].clone(), a[2].clone(), translated],
        );
        let c = self.put_term(&copy);
        Ok(self.unify(goal, c))
    }
}
