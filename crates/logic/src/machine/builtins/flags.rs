//! Flags and global variables: set_prolog_flag/2, nb_setval/2, nb_getval/2.

use super::*;

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("set_prolog_flag", 2, |m, a, f| m.set_prolog_flag(a, f)),
    def("nb_getval", 2, |m, a, f| m.nb_getval(a, f)),
    def("b_getval", 2, |m, a, f| m.nb_getval(a, f)),
    def("nb_setval", 2, |m, a, f| m.nb_setval(a, f)),
    def("b_setval", 2, |m, a, f| m.nb_setval(a, f)),
];

impl Machine<'_> {
    pub(in crate::machine) fn set_prolog_flag(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap[args as usize];
        let (flag, value) = (self.read(a0()), self.read(self.heap[args as usize + 1]));
        self.db.set_flag(&flag, &value).map_err(Stop::ball)?;
        Ok(true)
    }

    pub(in crate::machine) fn nb_getval(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap[args as usize];
        let k = self.read(a0());
        let v = self.db.globals.get(&k.to_string()).cloned();
        Ok(match v {
            Some(v) => {
                let c = self.put_term(&v);
                let y = self.heap[args as usize + 1];
                self.unify(y, c)
            }
            None => {
                return Err(Stop::ball(error_term(Term::compound(
                    "existence_error",
                    vec![Term::atom("variable"), k],
                ))));
            }
        })
    }

    pub(in crate::machine) fn nb_setval(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap[args as usize];
        let k = self.read(a0()).to_string();
        let v = self.read(self.heap[args as usize + 1]);
        self.db.globals.insert(k, v);
        Ok(true)
    }
}
