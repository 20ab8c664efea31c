//! Lists: length/2 and sorting (msort/2, sort/2,4, keysort/2).

use super::{
    Cell, Context, Def, Frame, MAX_BUILD, Num, Res, Resume, Stop, Term, atoms, build_cap_error,
    def, error_term, instantiation_error, type_error,
};

/// Which of the predicates sharing this implementation was called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::machine) enum SortKind {
    Msort,
    Sort,
    Keysort,
}

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("sort", 4, |m, a, f| m.sort4(a, f)),
    def("msort", 2, |m, a, f| m.sort(a, f, SortKind::Msort)),
    def("sort", 2, |m, a, f| m.sort(a, f, SortKind::Sort)),
    def("keysort", 2, |m, a, f| m.sort(a, f, SortKind::Keysort)),
    def("length", 2, |m, a, f| m.length(a, f)),
];

impl Context<'_, '_> {
    pub(in crate::machine) fn sort4(&mut self, args: u32, _f: Frame) -> Res {
        // sort(Key, Order, List, Sorted): Key 0 is the whole term, N the Nth
        // argument; @< and @> remove duplicates, @=< and @>= keep them (stable).
        let key = match self.arg(args, 0) {
            Cell::Int(k) if k >= 0 => k as u32,
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            other => return Err(Stop::ball(type_error("integer", self.read(other)))),
        };
        let order = match self.arg(args, 1) {
            Cell::Atom(a) => a.name(),
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            other => return Err(Stop::ball(type_error("atom", self.read(other)))),
        };
        let (descending, dedup) = match order {
            "@<" => (false, true),
            "@=<" => (false, false),
            "@>" => (true, true),
            "@>=" => (true, false),
            _ => {
                return Err(Stop::ball(error_term(Term::compound(
                    "domain_error",
                    vec![Term::atom("order"), Term::atom(order)],
                ))));
            }
        };
        let items = self.list_cells(self.heap()[args as usize + 2])?;
        let mut keyed = Vec::with_capacity(items.len());
        for it in items {
            let k = if key == 0 {
                it
            } else {
                match self.deref(it) {
                    Cell::Str(a) => match self.heap()[a as usize] {
                        Cell::Fun(_, n) if key <= n => self.heap()[(a + key) as usize],
                        _ => return Err(Stop::ball(type_error("compound", self.read(it)))),
                    },
                    other => {
                        return Err(Stop::ball(type_error("compound", self.read(other))));
                    }
                }
            };
            keyed.push((k, it));
        }
        let y = self.heap()[args as usize + 3];
        self.sort_unify(keyed, descending, dedup, y)
    }

    pub(in crate::machine) fn sort(&mut self, args: u32, _f: Frame, b: SortKind) -> Res {
        let a0 = || self.heap()[args as usize];
        // msort/2 is sort(0, @=<), sort/2 sort(0, @<), keysort/2 sort(1, @=<) on
        // Key-Value pairs only.
        let items = self.list_cells(a0())?;
        let keyed = if b == SortKind::Keysort {
            let mut keyed = Vec::with_capacity(items.len());
            for it in items {
                match self.deref(it) {
                    Cell::Str(a) if self.heap()[a as usize] == Cell::Fun(atoms::MINUS, 2) => {
                        keyed.push((self.heap()[a as usize + 1], it))
                    }
                    Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                    other => {
                        return Err(Stop::ball(type_error("pair", self.read(other))));
                    }
                }
            }
            keyed
        } else {
            items.into_iter().map(|it| (it, it)).collect()
        };
        let y = self.heap()[args as usize + 1];
        self.sort_unify(keyed, false, b == SortKind::Sort, y)
    }

    pub(in crate::machine) fn length(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        // Walk the list prefix; then fix or enumerate the length.
        let mut n: i64 = 0;
        let mut t = self.deref(a0());
        loop {
            match t {
                // Longer than the heap: a cyclic list (SWI's type error).
                Cell::Str(_) if n as usize * 3 > self.heap().len() => {
                    return Err(Stop::ball(type_error("list", self.read(a0()))));
                }
                Cell::Str(a) if self.heap()[a as usize] == Cell::Fun(atoms::CONS, 2) => {
                    n += 1;
                    t = self.deref(self.heap()[a as usize + 2]);
                }
                _ => break,
            }
        }
        let len = self.arg(args, 1);
        if let Some(Num::B(b)) = self.any_int_arg(len)? {
            return self.length_beyond_64_bits(&b, t, a0());
        }
        self.count_arg(len)?;
        Ok(match t {
            Cell::Atom(a) if a == atoms::NIL => self.unify(len, Cell::Int(n)),
            Cell::Ref(_) => match len {
                Cell::Int(want) => {
                    if want < n {
                        false
                    } else if want - n > MAX_BUILD {
                        return Err(Stop::ball(build_cap_error("length/2", want - n)));
                    } else {
                        let l = self.fresh_list((want - n) as usize, Cell::Atom(atoms::NIL))?;
                        self.unify(t, l)
                    }
                }
                Cell::Ref(_) => {
                    // Enumerate: the open tail first closed with [], then
                    // extended one cell per retry (see `retry`).
                    let Cell::Ref(tail) = t else { return Ok(false) };
                    let at = Resume::of(|m, at, s| m.redo_length(at, s), args);
                    self.retry_later(at, (n << 32) | tail as i64);
                    self.unify(t, Cell::Atom(atoms::NIL)) && self.unify(len, Cell::Int(n))
                }
                other => return Err(Stop::ball(type_error("integer", self.read(other)))),
            },
            // A partial list ending in something else: SWI-Prolog's type error.
            _ => return Err(Stop::ball(type_error("list", self.read(a0())))),
        })
    }

    /// length/2 of a length beyond 64 bits (SWI-Prolog accepts one): negative is a domain
    /// error; a proper list is shorter; a partial list cannot be built that long.
    fn length_beyond_64_bits(&self, n: &num_bigint::BigInt, tail: Cell, list: Cell) -> Res {
        if n.sign() == num_bigint::Sign::Minus {
            return Err(Stop::ball(crate::errors::domain_error(
                "not_less_than_zero",
                crate::bigint::to_term(n),
            )));
        }
        match tail {
            Cell::Atom(a) if a == atoms::NIL => Ok(false),
            Cell::Ref(_) => Err(Stop::ball(build_cap_error("length/2", n))),
            _ => Err(Stop::ball(type_error("list", self.read(list)))),
        }
    }

    pub(in crate::machine) fn redo_length(&mut self, at: Resume, state: i64) -> Res {
        let args = at.args;
        {
            // The list has `state >> 32` elements and an open tail, the variable at
            // the address in the low bits. One more cell goes there, under the next
            // choicepoint: it stays when that choicepoint is retried, so each retry
            // is one step, not a rebuild of the whole list.
            let n = state >> 32;
            let tail = (state & 0xffff_ffff) as u32;
            self.room(3)?;
            let a = self.heap().len() as u32;
            self.push_cells(&[
                Cell::Fun(atoms::CONS, 2),
                Cell::Ref(a + 1),
                Cell::Ref(a + 2),
            ]);
            self.bind(tail, Cell::Str(a));
            self.retry_later(at, ((n + 1) << 32) | (a + 2) as i64);
            let len = self.heap()[args as usize + 1];
            Ok(self.unify(Cell::Ref(a + 2), Cell::Atom(atoms::NIL))
                && self.unify(len, Cell::Int(n + 1)))
        }
    }
}
