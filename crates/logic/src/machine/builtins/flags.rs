//! Flags and global variables: set_prolog_flag/2, nb_setval/2, nb_getval/2.

use super::{
    Cell, Context, Def, Frame, Res, Stop, Term, atoms, def, error_term, instantiation_error,
    type_error,
};
use crate::ops::OpType;

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("set_prolog_flag", 2, |m, a, f| m.set_prolog_flag(a, f)),
    def("$flag_list", 1, |m, a, _| m.flag_list(a)),
    def("op", 3, |m, a, _| m.op(a)),
    def("$op_list", 1, |m, a, _| m.op_list(a)),
    def("statistics", 2, |m, a, _| m.statistics(a)),
    def("nb_getval", 2, |m, a, f| m.nb_getval(a, f)),
    def("b_getval", 2, |m, a, f| m.nb_getval(a, f)),
    def("nb_setval", 2, |m, a, f| m.nb_setval(a, f)),
    def("b_setval", 2, |m, a, f| m.nb_setval(a, f)),
];

impl Context<'_, '_> {
    /// '$flag_list'(L): L is the list of Flag-Value pairs (current_prolog_flag/2 in the
    /// library walks it).
    fn flag_list(&mut self, args: u32) -> Res {
        let pairs: Vec<Term> = self
            .db()
            .flag_list()
            .into_iter()
            .map(|(f, v)| Term::compound("-", vec![Term::atom(&f), v]))
            .collect();
        let list = self.put_term(&Term::list(pairs, Term::nil()));
        Ok(self.unify(self.heap()[args as usize], list))
    }

    /// op(Priority, Type, Names): defines (priority 0: removes) operators for the reader
    /// and the writer, from the next clause or query read on.
    fn op(&mut self, args: u32) -> Res {
        let p = match self.arg(args, 0) {
            Cell::Int(p) if (0..=1200).contains(&p) => p as u32,
            Cell::Int(p) => {
                return Err(Stop::ball(crate::errors::domain_error(
                    "operator_priority",
                    Term::Int(p),
                )));
            }
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            other => return Err(Stop::ball(type_error("integer", self.read(other)))),
        };
        let ty = match self.arg(args, 1) {
            Cell::Atom(t) => match t.name() {
                "xfx" => Some(OpType::Xfx),
                "xfy" => Some(OpType::Xfy),
                "yfx" => Some(OpType::Yfx),
                "fy" => Some(OpType::Fy),
                "fx" => Some(OpType::Fx),
                // Postfix operators are accepted and not read.
                "xf" | "yf" => None,
                _ => {
                    return Err(Stop::ball(crate::errors::domain_error(
                        "operator_specifier",
                        Term::Atom(t),
                    )));
                }
            },
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            other => return Err(Stop::ball(type_error("atom", self.read(other)))),
        };
        let names = match self.arg(args, 2) {
            c @ Cell::Atom(a) if a != atoms::NIL => vec![c],
            c => self.list_cells(c)?,
        };
        let mut atoms_ = Vec::new();
        for c in names {
            match self.deref(c) {
                Cell::Atom(a) => {
                    if a.name() == "," || (a.name() == "|" && (p < 1001 && p != 0)) {
                        return Err(Stop::ball(crate::errors::permission_error(
                            "modify",
                            "operator",
                            Term::Atom(a),
                        )));
                    }
                    atoms_.push(a);
                }
                Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                other => return Err(Stop::ball(type_error("atom", self.read(other)))),
            }
        }
        if let Some(ty) = ty {
            for a in atoms_ {
                self.db().syntax.define(a.name(), p, ty);
            }
        }
        Ok(true)
    }

    /// '$op_list'(L): L is the list of op(Priority, Type, Name) in effect.
    fn op_list(&mut self, args: u32) -> Res {
        let ops: Vec<Term> = self
            .db()
            .syntax
            .all()
            .into_iter()
            .map(|(p, t, n)| {
                let ty = match t {
                    OpType::Xfx => "xfx",
                    OpType::Xfy => "xfy",
                    OpType::Yfx => "yfx",
                    OpType::Fy => "fy",
                    OpType::Fx => "fx",
                };
                Term::compound(
                    "op",
                    vec![Term::Int(p as i64), Term::atom(ty), Term::atom(&n)],
                )
            })
            .collect();
        let list = self.put_term(&Term::list(ops, Term::nil()));
        Ok(self.unify(self.heap()[args as usize], list))
    }

    /// statistics(Key, Value): `runtime`, `cputime`, `process_cputime`, `walltime`,
    /// `real_time`, `inferences`. Times are the query's (milliseconds, as lists
    /// `[Total, SinceLast]` for runtime and walltime, seconds as a float for cputime).
    fn statistics(&mut self, args: u32) -> Res {
        let key = self.arg(args, 0);
        let ms = self.elapsed().as_millis() as i64;
        let value = match key {
            Cell::Atom(k) => match k.name() {
                "runtime" | "walltime" | "process_runtime" | "real_time" => {
                    Term::list(vec![Term::Int(ms), Term::Int(0)], Term::nil())
                }
                "cputime" | "process_cputime" => Term::Float(ms as f64 / 1000.0),
                "inferences" => Term::Int(self.inferences() as i64),
                _ => {
                    return Err(Stop::ball(crate::errors::domain_error(
                        "statistics_key",
                        Term::Atom(k),
                    )));
                }
            },
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            other => return Err(Stop::ball(type_error("atom", self.read(other)))),
        };
        let v = self.put_term(&value);
        Ok(self.unify(self.heap()[args as usize + 1], v))
    }

    pub(in crate::machine) fn set_prolog_flag(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let (flag, value) = (self.read(a0()), self.read(self.heap()[args as usize + 1]));
        self.db_mut().set_flag(&flag, &value).map_err(Stop::ball)?;
        Ok(true)
    }

    pub(in crate::machine) fn nb_getval(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let k = self.read(a0());
        let v = self.db().globals.get(&k.to_string()).cloned();
        Ok(match v {
            Some(v) => {
                let c = self.put_term(&v);
                let y = self.heap()[args as usize + 1];
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
        let a0 = || self.heap()[args as usize];
        let k = self.read(a0()).to_string();
        let v = self.read(self.heap()[args as usize + 1]);
        self.db_mut().globals.insert(k, v);
        Ok(true)
    }
}
