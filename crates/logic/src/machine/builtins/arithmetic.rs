//! Arithmetic: is/2, the comparisons, between/3, succ/2, plus/3.

use super::{
    Cell, Comparison, Context, Def, Frame, Num, Ordering, Res, Resume, Stop, arith, def,
    instantiation_error, type_error,
};

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("=:=", 2, |m, a, _| m.num_compare(a, Comparison::Equal)),
    def("=\\=", 2, |m, a, _| m.num_compare(a, Comparison::NotEqual)),
    def("<", 2, |m, a, _| m.num_compare(a, Comparison::Less)),
    def(">", 2, |m, a, _| m.num_compare(a, Comparison::Greater)),
    def("=<", 2, |m, a, _| m.num_compare(a, Comparison::LessOrEqual)),
    def(">=", 2, |m, a, _| {
        m.num_compare(a, Comparison::GreaterOrEqual)
    }),
    def("is", 2, |m, a, f| m.is(a, f)),
    def("between", 3, |m, a, f| m.between(a, f)),
    def("succ", 2, |m, a, f| m.succ(a, f)),
    def("plus", 3, |m, a, f| m.plus(a, f)),
];

impl Context<'_, '_> {
    /// The arithmetic comparisons: both sides evaluated, then compared.
    pub(in crate::machine) fn num_compare(&mut self, args: u32, c: Comparison) -> Res {
        let a = self.eval(self.heap()[args as usize])?;
        let b = self.eval(self.heap()[args as usize + 1])?;
        Ok(c.holds(arith::cmp_num(&a, &b)))
    }

    pub(in crate::machine) fn is(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let v = self.eval(self.heap()[args as usize + 1])?;
        let x = a0();
        // The usual `X is ...` with X unbound and a small integer result: bound at once
        // (what `unify` would do, without its call).
        if let (Cell::Ref(a), Num::I(n)) = (self.deref(x), &v) {
            self.bind(a, Cell::Int(*n));
            return Ok(true);
        }
        let v = self.num_cell(v)?;
        Ok(self.unify(x, v))
    }

    pub(in crate::machine) fn between(&mut self, args: u32, _f: Frame) -> Res {
        // The bounds are integers of any size (inf or infinite for the upper one), not
        // evaluated.
        let Some(lo) = self.any_int_arg(self.heap()[args as usize])? else {
            return Err(Stop::ball(instantiation_error()));
        };
        let hi = match self.arg(args, 1) {
            Cell::Atom(a) if a.name() == "inf" || a.name() == "infinite" => None,
            hi => match self.any_int_arg(hi)? {
                Some(h) => Some(h),
                None => return Err(Stop::ball(instantiation_error())),
            },
        };
        if let Some(x) = self.any_int_arg(self.heap()[args as usize + 2])? {
            let within = |a: &Num, b: &Num| arith::cmp_num(a, b) != Ordering::Greater;
            return Ok(within(&lo, &x) && hi.is_none_or(|h| within(&x, &h)));
        }
        match lo {
            Num::I(lo) => self.retry(|m, at, s| m.redo_between(at, s), args, lo),
            // A lower bound beyond 64 bits: the state is the offset from it.
            _ => self.retry(|m, at, s| m.redo_between_big(at, s), args, 0),
        }
    }

    /// An integer argument of any size (`None` when unbound), else a type error.
    pub(in crate::machine) fn any_int_arg(&self, c: Cell) -> Result<Option<Num>, Stop> {
        match self.deref(c) {
            Cell::Int(n) => Ok(Some(Num::I(n))),
            Cell::Ref(_) => Ok(None),
            Cell::Str(a) if crate::bigint::is_big(self.heap(), c) => {
                Ok(crate::bigint::from_heap(self.heap(), a).map(|b| Num::B(Box::new(b))))
            }
            other => Err(Stop::ball(type_error("integer", self.read(other)))),
        }
    }

    /// between/3 from a lower bound beyond 64 bits: the `offset`-th value and the next.
    pub(in crate::machine) fn redo_between_big(&mut self, at: Resume, offset: i64) -> Res {
        let args = at.args;
        let Some(Num::B(lo)) = self.any_int_arg(self.heap()[args as usize])? else {
            return Ok(false);
        };
        let value = Num::from_big(*lo + offset);
        let more = match self.arg(args, 1) {
            Cell::Atom(_) => true,
            hi => match self.any_int_arg(hi)? {
                Some(h) => match arith::cmp_num(&value, &h) {
                    Ordering::Greater => return Ok(false),
                    o => o == Ordering::Less,
                },
                None => false,
            },
        };
        if more && offset < i64::MAX {
            self.retry_later(at, offset + 1);
        }
        let x = self.arg(args, 2);
        let v = self.num_cell(value)?;
        Ok(self.unify(x, v))
    }

    pub(in crate::machine) fn succ(&mut self, args: u32, _f: Frame) -> Res {
        let (x, y) = (self.arg(args, 0), self.arg(args, 1));
        Ok(match (self.count_arg(x)?, self.count_arg(y)?) {
            (Some(a), _) => self.unify(y, Cell::Int(a + 1)),
            (None, Some(b)) if b > 0 => self.unify(x, Cell::Int(b - 1)),
            (None, Some(_)) => false,
            (None, None) => return Err(Stop::ball(instantiation_error())),
        })
    }

    pub(in crate::machine) fn plus(&mut self, args: u32, _f: Frame) -> Res {
        for i in 0..3 {
            self.int_arg(self.heap()[(args + i) as usize])?;
        }
        Ok(
            match (self.arg(args, 0), self.arg(args, 1), self.arg(args, 2)) {
                (Cell::Int(x), Cell::Int(y), z) => self.unify(z, Cell::Int(x + y)),
                (Cell::Int(x), y, Cell::Int(z)) => self.unify(y, Cell::Int(z - x)),
                (x, Cell::Int(y), Cell::Int(z)) => self.unify(x, Cell::Int(z - y)),
                _ => return Err(Stop::ball(instantiation_error())),
            },
        )
    }

    pub(in crate::machine) fn redo_between(&mut self, at: Resume, state: i64) -> Res {
        let args = at.args;
        {
            let hi = match self.arg(args, 1) {
                Cell::Atom(a) if a.name() == "inf" || a.name() == "infinite" => i64::MAX,
                _ => match self.eval(self.heap()[args as usize + 1])? {
                    Num::I(h) => h,
                    // Beyond 64 bits: the enumeration cannot reach it anyway.
                    Num::B(b) if b.sign() == num_bigint::Sign::Plus => i64::MAX,
                    Num::B(_) => i64::MIN,
                    Num::F(_) => {
                        return Err(Stop::ball(type_error(
                            "integer",
                            self.read(self.heap()[args as usize + 1]),
                        )));
                    }
                },
            };
            let x = self.arg(args, 2);
            match x {
                Cell::Int(v) => Ok(state <= v && v <= hi),
                Cell::Ref(_) => {
                    if state > hi {
                        return Ok(false);
                    }
                    if state < hi {
                        self.retry_later(at, state + 1);
                    }
                    Ok(self.unify(x, Cell::Int(state)))
                }
                other => Err(Stop::ball(type_error("integer", self.read(other)))),
            }
        }
    }
}
