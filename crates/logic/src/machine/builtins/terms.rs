//! Terms: unification and comparison, type tests, inspection and construction (functor/3, arg/3, =../2, copy_term/2, term_variables/2).

use super::{
    CYCLE_CHECK_AFTER, Cell, Comparison, Context, Def, Frame, MAX_BUILD, Ordering, Res, Resume,
    Stop, Term, atoms, build_cap_error, compare, def, error_term, instantiation_error, type_error,
};
use crate::bigint::is_big;

/// Whether the cell is an atomic value kept as a structure: a big integer or a string.
fn is_boxed(heap: &[Cell], c: Cell) -> bool {
    is_big(heap, c) || crate::strings::is_string(heap, c)
}

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("acyclic_term", 1, |m, a, _| {
        Ok(m.acyclic(m.heap()[a as usize]))
    }),
    def("==", 2, |m, a, _| Ok(m.term_compare(a, Comparison::Equal))),
    def("\\==", 2, |m, a, _| {
        Ok(m.term_compare(a, Comparison::NotEqual))
    }),
    def("@<", 2, |m, a, _| Ok(m.term_compare(a, Comparison::Less))),
    def(
        "@>",
        2,
        |m, a, _| Ok(m.term_compare(a, Comparison::Greater)),
    ),
    def("@=<", 2, |m, a, _| {
        Ok(m.term_compare(a, Comparison::LessOrEqual))
    }),
    def("@>=", 2, |m, a, _| {
        Ok(m.term_compare(a, Comparison::GreaterOrEqual))
    }),
    def("=", 2, |m, a, f| m.unify_builtin(a, f)),
    def("\\=", 2, |m, a, f| m.not_unify(a, f)),
    def("compare", 3, |m, a, f| m.compare_builtin(a, f)),
    def("var", 1, |m, a, f| m.is_var(a, f)),
    def("nonvar", 1, |m, a, f| m.is_nonvar(a, f)),
    def("atom", 1, |m, a, f| m.is_atom(a, f)),
    def("number", 1, |m, a, f| m.is_number(a, f)),
    def("integer", 1, |m, a, f| m.is_integer(a, f)),
    def("float", 1, |m, a, f| m.is_float(a, f)),
    def("atomic", 1, |m, a, f| m.is_atomic(a, f)),
    def("string", 1, |m, a, f| m.is_string(a, f)),
    def("compound", 1, |m, a, f| m.is_compound(a, f)),
    def("callable", 1, |m, a, f| m.is_callable(a, f)),
    def("is_list", 1, |m, a, f| m.is_list(a, f)),
    def("ground", 1, |m, a, f| m.is_ground(a, f)),
    def("functor", 3, |m, a, f| m.functor(a, f)),
    def("arg", 3, |m, a, f| m.arg_builtin(a, f)),
    def("=..", 2, |m, a, f| m.univ(a, f)),
    def("copy_term", 2, |m, a, f| m.copy_term(a, f)),
    def("term_variables", 2, |m, a, f| m.term_variables(a, f)),
];

impl Context<'_, '_> {
    /// Whether the term at `c` is a finite tree: no structure is met again below itself
    /// (a walk that keeps the structures on the current path).
    fn acyclic(&self, c: Cell) -> bool {
        // (structure address, next argument to visit)
        let mut path: Vec<(u32, u32)> = Vec::new();
        let mut on_path = rustc_hash::FxHashSet::default();
        let mut done = rustc_hash::FxHashSet::default();
        let enter =
            |a: u32, path: &mut Vec<(u32, u32)>, on_path: &mut rustc_hash::FxHashSet<u32>| {
                path.push((a, 1));
                on_path.insert(a);
            };
        if let Cell::Str(a) = self.deref(c) {
            enter(a, &mut path, &mut on_path);
        }
        while let Some(&mut (a, ref mut i)) = path.last_mut() {
            let Cell::Fun(_, n) = self.heap()[a as usize] else {
                path.pop();
                continue;
            };
            if *i > n {
                path.pop();
                on_path.remove(&a);
                done.insert(a);
                continue;
            }
            let arg = self.deref(self.heap()[(a + *i) as usize]);
            *i += 1;
            if let Cell::Str(b) = arg {
                if on_path.contains(&b) {
                    return false;
                }
                if !done.contains(&b) {
                    enter(b, &mut path, &mut on_path);
                }
            }
        }
        true
    }

    /// The comparisons of the standard order of terms.
    pub(in crate::machine) fn term_compare(&mut self, args: u32, c: Comparison) -> bool {
        c.holds(compare(
            self.heap(),
            self.heap()[args as usize],
            self.heap()[args as usize + 1],
        ))
    }

    pub(in crate::machine) fn unify_builtin(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let (x, y) = (a0(), self.heap()[args as usize + 1]);
        Ok(self.unify(x, y))
    }

    pub(in crate::machine) fn not_unify(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let (x, y) = (a0(), self.heap()[args as usize + 1]);
        Ok(!self.undone(|m| m.unify(x, y)))
    }

    pub(in crate::machine) fn compare_builtin(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        // The order, when given, must be one of the three (ISO 8.4.2.3).
        match self.deref(a0()) {
            Cell::Ref(_) => {}
            Cell::Atom(a) if matches!(a.name(), "<" | "=" | ">") && a != atoms::NIL => {}
            Cell::Atom(a) if a != atoms::NIL => {
                return Err(Stop::ball(crate::errors::domain_error(
                    "order",
                    Term::Atom(a),
                )));
            }
            other => return Err(Stop::ball(type_error("atom", self.read(other)))),
        }
        let o = compare(
            self.heap(),
            self.heap()[args as usize + 1],
            self.heap()[args as usize + 2],
        );
        let s = match o {
            Ordering::Less => "<",
            Ordering::Equal => "=",
            Ordering::Greater => ">",
        };
        let r = a0();
        self.unify_atom_text(r, s)
    }

    pub(in crate::machine) fn is_var(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        Ok(matches!(self.deref(a0()), Cell::Ref(_)))
    }

    pub(in crate::machine) fn is_nonvar(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        Ok(!matches!(self.deref(a0()), Cell::Ref(_)))
    }

    pub(in crate::machine) fn is_atom(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        // `[]` is atomic but not an atom (SWI-Prolog 7).
        Ok(matches!(self.deref(a0()), Cell::Atom(a) if a != atoms::NIL))
    }

    pub(in crate::machine) fn is_number(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let c = a0();
        Ok(matches!(self.deref(c), Cell::Int(_) | Cell::Float(_)) || is_big(self.heap(), c))
    }

    pub(in crate::machine) fn is_integer(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let c = a0();
        Ok(matches!(self.deref(c), Cell::Int(_)) || is_big(self.heap(), c))
    }

    pub(in crate::machine) fn is_float(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        Ok(matches!(self.deref(a0()), Cell::Float(_)))
    }

    pub(in crate::machine) fn is_atomic(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let c = a0();
        Ok(
            matches!(self.deref(c), Cell::Int(_) | Cell::Float(_) | Cell::Atom(_))
                || is_boxed(self.heap(), c),
        )
    }

    pub(in crate::machine) fn is_string(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        Ok(self.is_string_cell(a0()))
    }

    pub(in crate::machine) fn is_compound(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let c = a0();
        Ok(matches!(self.deref(c), Cell::Str(_)) && !is_boxed(self.heap(), c))
    }

    pub(in crate::machine) fn is_callable(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let c = a0();
        let callable = match self.deref(c) {
            Cell::Atom(a) => a != atoms::NIL,
            Cell::Str(_) => !is_boxed(self.heap(), c),
            _ => false,
        };
        Ok(callable)
    }

    pub(in crate::machine) fn is_list(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let mut t = self.deref(a0());
        let mut n = 0usize;
        Ok(loop {
            match t {
                Cell::Atom(a) if a == atoms::NIL => break true,
                // Longer than the heap: a cyclic list.
                Cell::Str(_) if n * 3 > self.heap().len() => break false,
                Cell::Str(a) if self.heap()[a as usize] == Cell::Fun(atoms::CONS, 2) => {
                    n += 1;
                    t = self.deref(self.heap()[a as usize + 2]);
                }
                _ => break false,
            }
        })
    }

    pub(in crate::machine) fn is_ground(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        Ok(self.read(a0()).is_ground())
    }

    pub(in crate::machine) fn functor(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        Ok(match t {
            Cell::Ref(_) => {
                let name = self.arg(args, 1);
                let n = self.count_arg(self.heap()[args as usize + 2])?;
                if matches!(name, Cell::Ref(_)) {
                    return Err(Stop::ball(instantiation_error()));
                }
                let Some(n) = n else {
                    return Err(Stop::ball(instantiation_error()));
                };
                if let Cell::Str(_) = name
                    && !is_boxed(self.heap(), name)
                {
                    return Err(Stop::ball(type_error("atomic", self.read(name))));
                }
                if n == 0 {
                    self.unify(t, name)
                } else {
                    let Cell::Atom(name) = name else {
                        // SWI-Prolog: a number with arity > 0 is not an atom.
                        return Err(Stop::ball(type_error("atom", self.read(name))));
                    };
                    if n > MAX_BUILD {
                        return Err(Stop::ball(build_cap_error("functor/3", n)));
                    }
                    let n = u32::try_from(n)
                        .map_err(|_| Stop::ball(type_error("integer", Term::Int(n))))?;
                    let a = self.push_cells(&[Cell::Fun(name, n)]);
                    for _ in 0..n {
                        self.new_var();
                    }
                    self.unify(t, Cell::Str(a))
                }
            }
            Cell::Str(a) if !is_boxed(self.heap(), t) => {
                let Cell::Fun(name, n) = self.heap()[a as usize] else {
                    return Ok(false);
                };
                let (x, y) = (
                    self.heap()[args as usize + 1],
                    self.heap()[args as usize + 2],
                );
                self.unify(x, Cell::Atom(name)) && self.unify(y, Cell::Int(n as i64))
            }
            atomic => {
                let (x, y) = (
                    self.heap()[args as usize + 1],
                    self.heap()[args as usize + 2],
                );
                self.unify(x, atomic) && self.unify(y, Cell::Int(0))
            }
        })
    }

    pub(in crate::machine) fn arg_builtin(&mut self, args: u32, _f: Frame) -> Res {
        let n = self.arg(args, 0);
        let t = self.arg(args, 1);
        if let Some(i) = self.int_arg(n)?
            && i < 0
        {
            return Err(Stop::ball(crate::errors::domain_error(
                "not_less_than_zero",
                Term::Int(i),
            )));
        }
        let Cell::Str(a) = t else {
            if let Cell::Ref(_) = t {
                return Err(Stop::ball(instantiation_error()));
            }
            return Err(Stop::ball(type_error("compound", self.read(t))));
        };
        if is_boxed(self.heap(), t) {
            return Err(Stop::ball(type_error("compound", self.read(t))));
        }
        let Cell::Fun(_, arity) = self.heap()[a as usize] else {
            return Ok(false);
        };
        Ok(match n {
            Cell::Int(i) => {
                if i < 1 || i > arity as i64 {
                    false
                } else {
                    let v = self.heap()[(a + i as u32) as usize];
                    let x = self.heap()[args as usize + 2];
                    self.unify(x, v)
                }
            }
            Cell::Ref(_) => {
                // Enumerate argument positions.
                return self.retry(|m, at, s| m.redo_arg(at, s), args, 1);
            }
            other => return Err(Stop::ball(type_error("integer", self.read(other)))),
        })
    }

    pub(in crate::machine) fn univ(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        let l = self.heap()[args as usize + 1];
        Ok(match t {
            Cell::Ref(_) => {
                let items = self.list_cells(l)?;
                let Some((&head, rest)) = items.split_first() else {
                    return Err(Stop::ball(error_term(Term::compound(
                        "domain_error",
                        vec![Term::atom("non_empty_list"), Term::nil()],
                    ))));
                };
                let head = self.deref(head);
                if matches!(head, Cell::Ref(_)) {
                    return Err(Stop::ball(instantiation_error()));
                }
                if rest.is_empty() {
                    self.unify(t, head)
                } else {
                    let Cell::Atom(name) = head else {
                        return Err(Stop::ball(type_error("atom", self.read(head))));
                    };
                    let a = self.push_cells(&[Cell::Fun(name, rest.len() as u32)]);
                    self.push_cells(rest);
                    self.unify(t, Cell::Str(a))
                }
            }
            Cell::Str(a) if !is_boxed(self.heap(), t) => {
                let Cell::Fun(name, n) = self.heap()[a as usize] else {
                    return Ok(false);
                };
                let mut items = vec![Cell::Atom(name)];
                items.extend((1..=n).map(|i| self.heap()[(a + i) as usize]));
                let list = self.make_list(&items, Cell::Atom(atoms::NIL))?;
                self.unify(l, list)
            }
            atomic => {
                let list = self.make_list(&[atomic], Cell::Atom(atoms::NIL))?;
                self.unify(l, list)
            }
        })
    }

    pub(in crate::machine) fn copy_term(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let c = self.copy_cell(a0())?;
        let y = self.heap()[args as usize + 1];
        Ok(self.unify(y, c))
    }

    pub(in crate::machine) fn term_variables(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        // The unbound variables in depth-first, left-to-right order, each once.
        let mut seen = rustc_hash::FxHashSet::default();
        let mut vars = Vec::new();
        let mut stack = vec![a0()];
        // After many steps, structures met are remembered and not walked again,
        // so that a cyclic term ends (and a shared subterm is walked once).
        let mut steps = 0u32;
        let mut met = rustc_hash::FxHashSet::default();
        while let Some(c) = stack.pop() {
            steps = steps.saturating_add(1);
            match self.deref(c) {
                Cell::Ref(a) if seen.insert(a) => vars.push(Cell::Ref(a)),
                Cell::Str(a) if steps > CYCLE_CHECK_AFTER && !met.insert(a) => {}
                Cell::Str(a) => {
                    if let Cell::Fun(_, n) = self.heap()[a as usize] {
                        for i in (1..=n).rev() {
                            stack.push(self.heap()[(a + i) as usize]);
                        }
                    }
                }
                _ => {}
            }
        }
        let list = self.make_list(&vars, Cell::Atom(atoms::NIL))?;
        let y = self.heap()[args as usize + 1];
        Ok(self.unify(y, list))
    }

    pub(in crate::machine) fn redo_arg(&mut self, at: Resume, state: i64) -> Res {
        let args = at.args;
        {
            let t = self.arg(args, 1);
            let Cell::Str(a) = t else { return Ok(false) };
            let Cell::Fun(_, arity) = self.heap()[a as usize] else {
                return Ok(false);
            };
            if state > arity as i64 {
                return Ok(false);
            }
            if state < arity as i64 {
                self.retry_later(at, state + 1);
            }
            let n = self.heap()[args as usize];
            let v = self.heap()[(a + state as u32) as usize];
            let x = self.heap()[args as usize + 2];
            Ok(self.unify(n, Cell::Int(state)) && self.unify(x, v))
        }
    }
}
