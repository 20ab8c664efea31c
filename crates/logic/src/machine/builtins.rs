//! The built-in predicates: type tests, term inspection, arithmetic comparison, atoms and
//! strings, sorting, the database (assert, retract, clause), and the nondeterministic ones
//! (between/3, length/2, retract/1, ...) resumed from their choicepoints.

use super::*;

impl Machine<'_> {
    pub(super) fn num_cmp(&mut self, op: u8, args: u32) -> Res {
        let a = self.eval(self.heap[args as usize])?;
        let b = self.eval(self.heap[args as usize + 1])?;
        let o = arith::cmp_num(a, b);
        Ok(match op {
            0 => o == Ordering::Equal,
            1 => o != Ordering::Equal,
            2 => o == Ordering::Less,
            3 => o == Ordering::Greater,
            4 => o != Ordering::Greater,
            _ => o != Ordering::Less,
        })
    }

    pub(super) fn eval(&self, c: Cell) -> Result<Num, Stop> {
        // Fast paths: numbers and simple integer sums.
        match self.deref(c) {
            Cell::Int(n) => return Ok(Num::I(n)),
            Cell::Float(x) => return Ok(Num::F(x)),
            // `X + 1`, `Q1 - D`...: two integers and + - *, without the evaluator's stacks.
            Cell::Str(a) => {
                if let Cell::Fun(op, 2) = self.heap[a as usize]
                    && let Cell::Int(x) = self.deref(self.heap[a as usize + 1])
                    && let Cell::Int(y) = self.deref(self.heap[a as usize + 2])
                {
                    let r = if op == atoms::PLUS {
                        x.checked_add(y)
                    } else if op == atoms::MINUS {
                        x.checked_sub(y)
                    } else if op == atoms::STAR {
                        x.checked_mul(y)
                    } else {
                        None
                    };
                    if let Some(r) = r {
                        return Ok(Num::I(r));
                    }
                }
            }
            _ => {}
        }
        arith::eval(&self.heap, c, &|c| self.read(c)).map_err(Stop::ball)
    }

    pub(super) fn list_cells(&self, c: Cell) -> Result<Vec<Cell>, Stop> {
        let mut items = Vec::new();
        let mut t = self.deref(c);
        loop {
            match t {
                Cell::Atom(a) if a == atoms::NIL => return Ok(items),
                // A list with more cells than the heap has loops back on itself.
                Cell::Str(_) if items.len() * 3 > self.heap.len() => {
                    return Err(Stop::ball(type_error("list", self.read(c))));
                }
                Cell::Str(a) if self.heap[a as usize] == Cell::Fun(atoms::DOT, 2) => {
                    items.push(self.heap[a as usize + 1]);
                    t = self.deref(self.heap[a as usize + 2]);
                }
                Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                _ => return Err(Stop::ball(type_error("list", self.read(c)))),
            }
        }
    }

    /// Makes room for `cells` more heap cells (within the memory budget, looking at the
    /// clock too when the work adds up): called before a built-in builds a term whose size
    /// depends on its input.
    #[inline]
    pub(super) fn room(&mut self, cells: usize) -> Result<(), Stop> {
        if self.heap.len() + cells > self.heap.capacity() {
            self.check_clock_and_memory(cells)?;
        }
        self.charge(cells)
    }

    /// A list of `k` fresh variables ending in `tail` (each variable lives in its list
    /// cell: three cells an element).
    pub(super) fn fresh_list(&mut self, k: usize, tail: Cell) -> Result<Cell, Stop> {
        if k == 0 {
            return Ok(tail);
        }
        self.room(3 * k)?;
        let start = self.heap.len() as u32;
        for i in 0..k as u32 {
            let a = start + 3 * i;
            self.heap.push(Cell::Fun(atoms::DOT, 2));
            self.heap.push(Cell::Ref(a + 1));
            self.heap.push(Cell::Str(a + 3));
        }
        if let Some(last) = self.heap.last_mut() {
            *last = tail;
        }
        Ok(Cell::Str(start))
    }

    /// Copies a heap term with fresh variables, on the heap. Each structure is copied once
    /// (a map from old to new addresses), so shared subterms stay shared and a cyclic term
    /// gets a cyclic copy, as in SWI-Prolog.
    pub(super) fn copy_cell(&mut self, c: Cell) -> Result<Cell, Stop> {
        let mut vars: FxHashMap<u32, Cell> = FxHashMap::default();
        let mut structs: FxHashMap<u32, u32> = FxHashMap::default();
        let mut todo: Vec<(u32, Cell)> = Vec::new();
        let mut copy_one =
            |m: &mut Self, c: Cell, todo: &mut Vec<(u32, Cell)>| -> Result<Cell, Stop> {
                Ok(match m.deref(c) {
                    Cell::Ref(a) => match vars.get(&a) {
                        Some(&v) => v,
                        None => {
                            let v = m.new_var();
                            vars.insert(a, v);
                            v
                        }
                    },
                    Cell::Str(a) => {
                        if let Some(&b) = structs.get(&a) {
                            return Ok(Cell::Str(b));
                        }
                        let f = m.heap[a as usize];
                        let Cell::Fun(_, n) = f else { return Ok(f) };
                        m.room(n as usize + 1)?;
                        let b = m.heap.len() as u32;
                        structs.insert(a, b);
                        m.heap.push(f);
                        for _ in 1..=n {
                            m.heap.push(Cell::Atom(atoms::NIL));
                        }
                        // Left to right: fresh variables get ascending addresses.
                        for i in (1..=n).rev() {
                            todo.push((b + i, m.heap[(a + i) as usize]));
                        }
                        Cell::Str(b)
                    }
                    atomic => atomic,
                })
            };
        let root = copy_one(self, c, &mut todo)?;
        while let Some((slot, c)) = todo.pop() {
            let v = copy_one(self, c, &mut todo)?;
            self.heap[slot as usize] = v;
        }
        Ok(root)
    }

    pub(super) fn make_list(&mut self, items: &[Cell], tail: Cell) -> Result<Cell, Stop> {
        self.room(3 * items.len())?;
        let mut l = tail;
        for &it in items.iter().rev() {
            let a = self.heap.len() as u32;
            self.heap.push(Cell::Fun(atoms::DOT, 2));
            self.heap.push(it);
            self.heap.push(l);
            l = Cell::Str(a);
        }
        Ok(l)
    }

    /// Unifies `t` with the number `s` spells, or raises SWI's
    /// `syntax_error(illegal_number)`.
    fn unify_number_text(&mut self, t: Cell, s: &str) -> Result<bool, Stop> {
        match Self::parse_number(s) {
            Some(n) => Ok(self.unify(t, n)),
            None => Err(Stop::ball(error_term(Term::compound(
                "syntax_error",
                vec![Term::atom("illegal_number")],
            )))),
        }
    }

    /// The characters (one-letter atoms) or the codes of `s`, as a list.
    fn text_list(&mut self, s: &str, chars: bool) -> Result<Cell, Stop> {
        let items: Vec<Cell> = s
            .chars()
            .map(|c| {
                if chars {
                    Cell::Atom(Atom::new(&c.to_string()))
                } else {
                    Cell::Int(c as i64)
                }
            })
            .collect();
        self.make_list(&items, Cell::Atom(atoms::NIL))
    }

    pub(super) fn text_of(&self, c: Cell) -> Option<String> {
        match self.deref(c) {
            Cell::Atom(a) | Cell::Text(a) => Some(a.name().to_string()),
            Cell::Int(n) => Some(n.to_string()),
            Cell::Float(x) => Some(crate::write::format_float(x)),
            _ => None,
        }
    }

    pub(super) fn codes_text(&self, c: Cell, chars: bool) -> Result<String, Stop> {
        if let Cell::Text(t) = self.deref(c) {
            return Ok(t.name().to_string());
        }
        let mut s = String::new();
        for it in self.list_cells(c)? {
            match self.deref(it) {
                Cell::Int(n) if !chars => s.push(
                    u32::try_from(n)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| {
                            Stop::ball(error_term(Term::compound(
                                "representation_error",
                                vec![Term::atom("character_code")],
                            )))
                        })?,
                ),
                Cell::Atom(a) if chars => s.push_str(a.name()),
                Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                other => {
                    return Err(Stop::ball(type_error(
                        if chars { "character" } else { "integer" },
                        self.read(other),
                    )));
                }
            }
        }
        Ok(s)
    }

    pub(super) fn unify_atom_text(&mut self, target: Cell, s: &str) -> bool {
        let c = Cell::Atom(Atom::new(s));
        self.unify(target, c)
    }

    pub(super) fn parse_number(s: &str) -> Option<Cell> {
        match crate::reader::parse_term(s.trim()) {
            Ok(r) => match r.term {
                Term::Int(n) => Some(Cell::Int(n)),
                Term::Float(x) => Some(Cell::Float(x)),
                _ => None,
            },
            Err(_) => None,
        }
    }

    pub(super) fn clause_term_parts(&self, c: Cell) -> Result<(Cell, Cell), Stop> {
        let c = self.deref(c);
        if let Cell::Str(a) = c
            && self.heap[a as usize] == Cell::Fun(atoms::NECK, 2)
        {
            return Ok((
                self.deref(self.heap[a as usize + 1]),
                self.heap[a as usize + 2],
            ));
        }
        Ok((c, Cell::Atom(atoms::TRUE)))
    }

    pub(super) fn builtin(&mut self, b: Builtin, args: u32, f: Frame) -> Res {
        use Builtin as B;
        let a0 = || self.heap[args as usize];
        Ok(match b {
            B::Unify => {
                let (x, y) = (a0(), self.heap[args as usize + 1]);
                self.unify(x, y)
            }
            B::NotUnify => {
                let (x, y) = (a0(), self.heap[args as usize + 1]);
                !self.undone(|m| m.unify(x, y))
            }
            B::Eq | B::NotEq => {
                let o = compare(&self.heap, a0(), self.heap[args as usize + 1]);
                (o == Ordering::Equal) == (b == B::Eq)
            }
            B::TermCmp(op) => {
                let o = compare(&self.heap, a0(), self.heap[args as usize + 1]);
                match op {
                    2 => o == Ordering::Less,
                    3 => o == Ordering::Greater,
                    4 => o != Ordering::Greater,
                    _ => o != Ordering::Less,
                }
            }
            B::Compare => {
                let o = compare(
                    &self.heap,
                    self.heap[args as usize + 1],
                    self.heap[args as usize + 2],
                );
                let s = match o {
                    Ordering::Less => "<",
                    Ordering::Equal => "=",
                    Ordering::Greater => ">",
                };
                let r = a0();
                self.unify_atom_text(r, s)
            }
            B::Is => {
                let v = self.eval(self.heap[args as usize + 1])?;
                let x = a0();
                self.unify(x, v.cell())
            }
            B::NumCmp(op) => return self.num_cmp(op, args),
            B::Var => matches!(self.deref(a0()), Cell::Ref(_)),
            B::Nonvar => !matches!(self.deref(a0()), Cell::Ref(_)),
            B::IsAtom => matches!(self.deref(a0()), Cell::Atom(_)),
            B::Number => matches!(self.deref(a0()), Cell::Int(_) | Cell::Float(_)),
            B::Integer => matches!(self.deref(a0()), Cell::Int(_)),
            B::Float => matches!(self.deref(a0()), Cell::Float(_)),
            B::Atomic => matches!(
                self.deref(a0()),
                Cell::Int(_) | Cell::Float(_) | Cell::Atom(_) | Cell::Text(_)
            ),
            B::IsString => matches!(self.deref(a0()), Cell::Text(_)),
            B::StringConcat => {
                let (x, y) = (
                    self.text_of(a0()),
                    self.text_of(self.heap[args as usize + 1]),
                );
                let (Some(x), Some(y)) = (x, y) else {
                    return Err(Stop::ball(instantiation_error()));
                };
                let z = self.heap[args as usize + 2];
                self.unify(z, Cell::Text(Atom::new(&format!("{x}{y}"))))
            }
            B::AtomCodes | B::AtomChars | B::StringChars | B::StringCodes => {
                let chars = matches!(b, B::AtomChars | B::StringChars);
                let t = self.deref(a0());
                if let Some(s) = self.text_of(t) {
                    let l = self.text_list(&s, chars)?;
                    let y = self.heap[args as usize + 1];
                    self.unify(y, l)
                } else {
                    let s = Atom::new(&self.codes_text(self.heap[args as usize + 1], chars)?);
                    let text = if matches!(b, B::AtomCodes | B::AtomChars) {
                        Cell::Atom(s)
                    } else {
                        Cell::Text(s)
                    };
                    self.unify(t, text)
                }
            }
            B::StringToAtom => {
                let t = self.deref(a0());
                if let Some(s) = self.text_of(t) {
                    let y = self.heap[args as usize + 1];
                    self.unify_atom_text(y, &s)
                } else {
                    let Some(s) = self.text_of(self.heap[args as usize + 1]) else {
                        return Err(Stop::ball(instantiation_error()));
                    };
                    self.unify(t, Cell::Text(Atom::new(&s)))
                }
            }
            B::NumberString => {
                let t = self.deref(a0());
                match t {
                    Cell::Int(_) | Cell::Float(_) => {
                        let s = self.text_of(t).unwrap_or_default();
                        let y = self.heap[args as usize + 1];
                        self.unify(y, Cell::Text(Atom::new(&s)))
                    }
                    _ => {
                        let Some(s) = self.text_of(self.heap[args as usize + 1]) else {
                            return Err(Stop::ball(instantiation_error()));
                        };
                        self.unify_number_text(t, &s)?
                    }
                }
            }
            B::TermString => {
                let t = self.deref(a0());
                let text = crate::write::writeq(&self.read(t));
                let y = self.heap[args as usize + 1];
                self.unify(y, Cell::Text(Atom::new(&text)))
            }
            B::Compound => matches!(self.deref(a0()), Cell::Str(_)),
            B::Callable => matches!(self.deref(a0()), Cell::Str(_) | Cell::Atom(_)),
            B::IsList => {
                let mut t = self.deref(a0());
                let mut n = 0usize;
                loop {
                    match t {
                        Cell::Atom(a) if a == atoms::NIL => break true,
                        // Longer than the heap: a cyclic list.
                        Cell::Str(_) if n * 3 > self.heap.len() => break false,
                        Cell::Str(a) if self.heap[a as usize] == Cell::Fun(atoms::DOT, 2) => {
                            n += 1;
                            t = self.deref(self.heap[a as usize + 2]);
                        }
                        _ => break false,
                    }
                }
            }
            B::Ground => self.read(a0()).is_ground(),
            B::Functor => {
                let t = self.deref(a0());
                match t {
                    Cell::Ref(_) => {
                        let name = self.arg(args, 1);
                        let n = match self.arg(args, 2) {
                            Cell::Int(n) => n,
                            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                            other => {
                                return Err(Stop::ball(type_error("integer", self.read(other))));
                            }
                        };
                        if n == 0 {
                            self.unify(t, name)
                        } else {
                            let Cell::Atom(name) = name else {
                                return Err(Stop::ball(type_error("atomic", self.read(name))));
                            };
                            if n > MAX_BUILD {
                                return Err(Stop::ball(resource_error()));
                            }
                            let n = u32::try_from(n)
                                .map_err(|_| Stop::ball(type_error("integer", Term::Int(n))))?;
                            let a = self.heap.len() as u32;
                            self.heap.push(Cell::Fun(name, n));
                            for _ in 0..n {
                                self.new_var();
                            }
                            self.unify(t, Cell::Str(a))
                        }
                    }
                    Cell::Str(a) => {
                        let Cell::Fun(name, n) = self.heap[a as usize] else {
                            return Ok(false);
                        };
                        let (x, y) = (self.heap[args as usize + 1], self.heap[args as usize + 2]);
                        self.unify(x, Cell::Atom(name)) && self.unify(y, Cell::Int(n as i64))
                    }
                    atomic => {
                        let (x, y) = (self.heap[args as usize + 1], self.heap[args as usize + 2]);
                        self.unify(x, atomic) && self.unify(y, Cell::Int(0))
                    }
                }
            }
            B::Arg => {
                let n = self.arg(args, 0);
                let t = self.arg(args, 1);
                let Cell::Str(a) = t else {
                    return Err(Stop::ball(type_error("compound", self.read(t))));
                };
                let Cell::Fun(_, arity) = self.heap[a as usize] else {
                    return Ok(false);
                };
                match n {
                    Cell::Int(i) => {
                        if i < 1 || i > arity as i64 {
                            false
                        } else {
                            let v = self.heap[(a + i as u32) as usize];
                            let x = self.heap[args as usize + 2];
                            self.unify(x, v)
                        }
                    }
                    Cell::Ref(_) => {
                        // Enumerate argument positions.
                        return self.retry(B::Arg, args, 1, f.depth, f.proof);
                    }
                    other => return Err(Stop::ball(type_error("integer", self.read(other)))),
                }
            }
            B::Univ => {
                let t = self.deref(a0());
                let l = self.heap[args as usize + 1];
                match t {
                    Cell::Ref(_) => {
                        let items = self.list_cells(l)?;
                        let Some((&head, rest)) = items.split_first() else {
                            return Err(Stop::ball(error_term(Term::compound(
                                "domain_error",
                                vec![Term::atom("non_empty_list"), Term::nil()],
                            ))));
                        };
                        let head = self.deref(head);
                        if rest.is_empty() {
                            self.unify(t, head)
                        } else {
                            let Cell::Atom(name) = head else {
                                return Err(Stop::ball(type_error("atom", self.read(head))));
                            };
                            let a = self.heap.len() as u32;
                            self.heap.push(Cell::Fun(name, rest.len() as u32));
                            self.heap.extend_from_slice(rest);
                            self.unify(t, Cell::Str(a))
                        }
                    }
                    Cell::Str(a) => {
                        let Cell::Fun(name, n) = self.heap[a as usize] else {
                            return Ok(false);
                        };
                        let mut items = vec![Cell::Atom(name)];
                        items.extend((1..=n).map(|i| self.heap[(a + i) as usize]));
                        let list = self.make_list(&items, Cell::Atom(atoms::NIL))?;
                        self.unify(l, list)
                    }
                    atomic => {
                        let list = self.make_list(&[atomic], Cell::Atom(atoms::NIL))?;
                        self.unify(l, list)
                    }
                }
            }
            B::CopyTerm => {
                let c = self.copy_cell(a0())?;
                let y = self.heap[args as usize + 1];
                self.unify(y, c)
            }
            B::Write | B::Print => {
                let t = self.read(a0());
                self.output.push_str(&crate::write::write(&t));
                true
            }
            B::Writeq | B::WriteCanonical => {
                let t = self.read(a0());
                self.output.push_str(&crate::write::writeq(&t));
                true
            }
            B::Nl => {
                self.output.push('\n');
                true
            }
            B::Tab | B::Tab2 => {
                let i = if b == B::Tab2 { 1 } else { 0 };
                let n = self.eval(self.heap[(args + i) as usize])?;
                if let Num::I(n) = n {
                    for _ in 0..n.clamp(0, 10_000) {
                        self.output.push(' ');
                    }
                }
                true
            }
            B::Assertz | B::Asserta => {
                let t = self.read(a0());
                self.db
                    .add_clause(&t, b == B::Asserta, crate::Origin::Program)
                    .map_err(Stop::ball)?;
                true
            }
            B::Retract => return self.retract(args, 0, f.depth, f.proof),
            B::RetractAll => {
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
                true
            }
            B::Abolish => {
                let spec = self.read(a0());
                if let Term::Compound(_, sa) = &spec
                    && let (Term::Atom(n), Term::Int(k)) = (&sa[0], &sa[1])
                    && let Ok(p) = self.db.pred_for_update(*n, *k as u32)
                {
                    self.db.preds[p].clauses = Rc::new(crate::db::ClauseSet::default());
                }
                true
            }
            B::TermVariables => {
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
                            if let Cell::Fun(_, n) = self.heap[a as usize] {
                                for i in (1..=n).rev() {
                                    stack.push(self.heap[(a + i) as usize]);
                                }
                            }
                        }
                        _ => {}
                    }
                }
                let list = self.make_list(&vars, Cell::Atom(atoms::NIL))?;
                let y = self.heap[args as usize + 1];
                self.unify(y, list)
            }
            B::Sort4 => {
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
                let items = self.list_cells(self.heap[args as usize + 2])?;
                let mut keyed = Vec::with_capacity(items.len());
                for it in items {
                    let k = if key == 0 {
                        it
                    } else {
                        match self.deref(it) {
                            Cell::Str(a) => match self.heap[a as usize] {
                                Cell::Fun(_, n) if key <= n => self.heap[(a + key) as usize],
                                _ => return Err(Stop::ball(type_error("compound", self.read(it)))),
                            },
                            other => {
                                return Err(Stop::ball(type_error("compound", self.read(other))));
                            }
                        }
                    };
                    keyed.push((k, it));
                }
                let y = self.heap[args as usize + 3];
                self.sort_unify(keyed, descending, dedup, y)?
            }
            B::CharType(codes) => {
                let c = self.deref(a0());
                let ch = match c {
                    Cell::Atom(a) if !codes => {
                        let mut it = a.name().chars();
                        match (it.next(), it.next()) {
                            (Some(ch), None) => ch,
                            _ => return Err(Stop::ball(type_error("character", self.read(c)))),
                        }
                    }
                    Cell::Int(n) if codes => u32::try_from(n)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| Stop::ball(type_error("character_code", Term::Int(n))))?,
                    Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                    other => {
                        return Err(Stop::ball(type_error(
                            if codes { "character_code" } else { "character" },
                            self.read(other),
                        )));
                    }
                };
                let ty = self.deref(self.heap[args as usize + 1]);
                let as_cell = |x: char| {
                    if codes {
                        Cell::Int(x as i64)
                    } else {
                        Cell::Atom(Atom::new(&x.to_string()))
                    }
                };
                match ty {
                    Cell::Atom(t) => match t.name() {
                        "alpha" => ch.is_alphanumeric() || ch == '_',
                        "alnum" => ch.is_alphanumeric(),
                        "digit" => ch.is_ascii_digit(),
                        "space" | "white" => ch.is_whitespace(),
                        "upper" => ch.is_uppercase(),
                        "lower" => ch.is_lowercase(),
                        "punct" => ch.is_ascii_punctuation(),
                        "graph" => !ch.is_whitespace() && !ch.is_control(),
                        "csym" => ch.is_alphanumeric() || ch == '_',
                        "csymf" => ch.is_alphabetic() || ch == '_',
                        "end_of_line" => ch == '\n' || ch == '\r',
                        "ascii" => ch.is_ascii(),
                        _ => false,
                    },
                    Cell::Str(a) => {
                        let Cell::Fun(f, 1) = self.heap[a as usize] else {
                            return Ok(false);
                        };
                        let arg = self.heap[a as usize + 1];
                        match f.name() {
                            "digit" => match ch.to_digit(10) {
                                Some(w) => self.unify(arg, Cell::Int(w as i64)),
                                None => false,
                            },
                            // SWI's reading: Char is the lowercase of U in to_lower(U), the
                            // uppercase of L in to_upper(L).
                            "to_lower" => {
                                let u = ch.to_uppercase().next().unwrap_or(ch);
                                self.unify(arg, as_cell(u))
                            }
                            "to_upper" => {
                                let l = ch.to_lowercase().next().unwrap_or(ch);
                                self.unify(arg, as_cell(l))
                            }
                            "upper" if ch.is_uppercase() => {
                                let l = ch.to_lowercase().next().unwrap_or(ch);
                                self.unify(arg, as_cell(l))
                            }
                            "lower" if ch.is_lowercase() => {
                                let u = ch.to_uppercase().next().unwrap_or(ch);
                                self.unify(arg, as_cell(u))
                            }
                            _ => false,
                        }
                    }
                    Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                    _ => false,
                }
            }
            B::Msort | B::Sort | B::Keysort => {
                // msort/2 is sort(0, @=<), sort/2 sort(0, @<), keysort/2 sort(1, @=<) on
                // Key-Value pairs only.
                let items = self.list_cells(a0())?;
                let keyed = if b == B::Keysort {
                    let mut keyed = Vec::with_capacity(items.len());
                    for it in items {
                        match self.deref(it) {
                            Cell::Str(a) if self.heap[a as usize] == Cell::Fun(atoms::MINUS, 2) => {
                                keyed.push((self.heap[a as usize + 1], it))
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
                let y = self.heap[args as usize + 1];
                self.sort_unify(keyed, false, b == B::Sort, y)?
            }
            B::CharCode => {
                let t = self.deref(a0());
                match t {
                    Cell::Atom(a) => {
                        let code = a.name().chars().next().map_or(0, |c| c as i64);
                        let y = self.heap[args as usize + 1];
                        self.unify(y, Cell::Int(code))
                    }
                    _ => match self.arg(args, 1) {
                        Cell::Int(n) => {
                            let s = u32::try_from(n)
                                .ok()
                                .and_then(char::from_u32)
                                .map(|c| c.to_string())
                                .unwrap_or_default();
                            self.unify_atom_text(t, &s)
                        }
                        _ => return Err(Stop::ball(instantiation_error())),
                    },
                }
            }
            B::AtomLength | B::StringLength => {
                let Some(s) = self.text_of(a0()) else {
                    return Err(Stop::ball(instantiation_error()));
                };
                let y = self.heap[args as usize + 1];
                self.unify(y, Cell::Int(s.chars().count() as i64))
            }
            B::NumberCodes => {
                let t = self.deref(a0());
                match t {
                    Cell::Int(_) | Cell::Float(_) => {
                        let s = self.text_of(t).unwrap_or_default();
                        let l = self.text_list(&s, false)?;
                        let y = self.heap[args as usize + 1];
                        self.unify(y, l)
                    }
                    _ => {
                        let s = self.codes_text(self.heap[args as usize + 1], false)?;
                        self.unify_number_text(t, &s)?
                    }
                }
            }
            B::AtomNumber => {
                let t = self.deref(a0());
                match t {
                    Cell::Atom(a) => match Self::parse_number(a.name()) {
                        Some(n) => {
                            let y = self.heap[args as usize + 1];
                            self.unify(y, n)
                        }
                        None => false,
                    },
                    Cell::Ref(_) => match self.arg(args, 1) {
                        n @ (Cell::Int(_) | Cell::Float(_)) => {
                            let s = self.text_of(n).unwrap_or_default();
                            self.unify_atom_text(t, &s)
                        }
                        _ => return Err(Stop::ball(instantiation_error())),
                    },
                    other => return Err(Stop::ball(type_error("atom", self.read(other)))),
                }
            }
            B::AtomString => {
                let t = self.deref(a0());
                if let Some(s) = self.text_of(t) {
                    let y = self.heap[args as usize + 1];
                    self.unify(y, Cell::Text(Atom::new(&s)))
                } else {
                    let Some(s) = self.text_of(self.heap[args as usize + 1]) else {
                        return Err(Stop::ball(instantiation_error()));
                    };
                    self.unify_atom_text(t, &s)
                }
            }
            B::AtomConcat => {
                let (x, y) = (
                    self.text_of(a0()),
                    self.text_of(self.heap[args as usize + 1]),
                );
                match (x, y) {
                    (Some(x), Some(y)) => {
                        let z = self.heap[args as usize + 2];
                        self.unify_atom_text(z, &format!("{x}{y}"))
                    }
                    _ => return self.retry(B::AtomConcat, args, 0, f.depth, f.proof),
                }
            }
            B::SubAtom => return self.retry(B::SubAtom, args, 0, f.depth, f.proof),
            B::Throw => {
                let t = self.read(a0());
                if matches!(t, Term::Var(_)) {
                    return Err(Stop::ball(instantiation_error()));
                }
                return Err(Stop::ball(t));
            }
            B::Halt => {
                self.halted = true;
                return Err(Stop::ball(Term::atom("$halt")));
            }
            B::Dynamic => {
                let spec = self.read(a0());
                self.db.declare_specs(&spec).map_err(Stop::ball)?;
                true
            }
            B::SetFlag => {
                let (flag, value) = (self.read(a0()), self.read(self.heap[args as usize + 1]));
                self.db.set_flag(&flag, &value).map_err(Stop::ball)?;
                true
            }
            B::Between => {
                let Num::I(lo) = self.eval(a0())? else {
                    return Err(Stop::ball(type_error("integer", self.read(a0()))));
                };
                return self.retry(B::Between, args, lo, f.depth, f.proof);
            }
            B::Succ => match (self.arg(args, 0), self.arg(args, 1)) {
                (Cell::Int(x), y) if x >= 0 => self.unify(y, Cell::Int(x + 1)),
                (x @ Cell::Ref(_), Cell::Int(y)) if y > 0 => self.unify(x, Cell::Int(y - 1)),
                (Cell::Ref(_), Cell::Int(0)) => false,
                (Cell::Ref(_), Cell::Ref(_)) => return Err(Stop::ball(instantiation_error())),
                (x, _) => return Err(Stop::ball(type_error("not_less_than_zero", self.read(x)))),
            },
            B::Plus => match (self.arg(args, 0), self.arg(args, 1), self.arg(args, 2)) {
                (Cell::Int(x), Cell::Int(y), z) => self.unify(z, Cell::Int(x + y)),
                (Cell::Int(x), y, Cell::Int(z)) => self.unify(y, Cell::Int(z - x)),
                (x, Cell::Int(y), Cell::Int(z)) => self.unify(x, Cell::Int(z - y)),
                _ => return Err(Stop::ball(instantiation_error())),
            },
            B::Clause => return self.retry(B::Clause, args, 0, f.depth, f.proof),
            B::Length => {
                // Walk the list prefix; then fix or enumerate the length.
                let mut n: i64 = 0;
                let mut t = self.deref(a0());
                loop {
                    match t {
                        // Longer than the heap: a cyclic list (SWI's type error).
                        Cell::Str(_) if n as usize * 3 > self.heap.len() => {
                            return Err(Stop::ball(type_error("list", self.read(a0()))));
                        }
                        Cell::Str(a) if self.heap[a as usize] == Cell::Fun(atoms::DOT, 2) => {
                            n += 1;
                            t = self.deref(self.heap[a as usize + 2]);
                        }
                        _ => break,
                    }
                }
                let len = self.arg(args, 1);
                match t {
                    Cell::Atom(a) if a == atoms::NIL => self.unify(len, Cell::Int(n)),
                    Cell::Ref(_) => match len {
                        Cell::Int(want) => {
                            if want < n {
                                false
                            } else if want - n > MAX_BUILD {
                                return Err(Stop::ball(resource_error()));
                            } else {
                                let l =
                                    self.fresh_list((want - n) as usize, Cell::Atom(atoms::NIL))?;
                                self.unify(t, l)
                            }
                        }
                        Cell::Ref(_) => {
                            // Enumerate: the open tail first closed with [], then
                            // extended one cell per retry (see `retry`).
                            let Cell::Ref(tail) = t else { return Ok(false) };
                            self.push_cp(CpKind::Retry {
                                builtin: B::Length,
                                args,
                                state: (n << 32) | tail as i64,
                                depth: f.depth,
                                proof: f.proof,
                            });
                            self.unify(t, Cell::Atom(atoms::NIL)) && self.unify(len, Cell::Int(n))
                        }
                        other => return Err(Stop::ball(type_error("integer", self.read(other)))),
                    },
                    _ => false,
                }
            }
            B::NbGetval => {
                let k = self.read(a0());
                let v = self.db.globals.get(&k.to_string()).cloned();
                match v {
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
                }
            }
            B::NbSetval => {
                let k = self.read(a0()).to_string();
                let v = self.read(self.heap[args as usize + 1]);
                self.db.globals.insert(k, v);
                true
            }
            B::Format(n) => {
                // format(F), format(F, Args), format(atom(A), F, Args).
                let base = if n == 3 { args + 1 } else { args };
                let fmt = self.heap[base as usize];
                let fmt = match self.text_of(fmt) {
                    Some(t) => t,
                    None => self.codes_text(fmt, false)?,
                };
                let fargs = if n == 1 {
                    Vec::new()
                } else {
                    let a = self.deref(self.heap[base as usize + 1]);
                    match self.list_cells(a) {
                        Ok(items) => items,
                        Err(_) => vec![a],
                    }
                };
                let text = self.format(&fmt, &fargs)?;
                if n == 3 {
                    let sink = self.read(a0());
                    match sink {
                        Term::Compound(f, sa) if sa.len() == 1 && f.name() == "atom" => {
                            let target = match self.deref(a0()) {
                                Cell::Str(a) => self.heap[a as usize + 1],
                                other => other,
                            };
                            self.unify_atom_text(target, &text)
                        }
                        _ => {
                            return Err(Stop::ball(error_term(Term::compound(
                                "domain_error",
                                vec![Term::atom("output_sink"), sink],
                            ))));
                        }
                    }
                } else {
                    self.output.push_str(&text);
                    true
                }
            }
            B::DcgBody => {
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
                let translated =
                    crate::dcg::body_goal(&a[0], a[1].clone(), a[2].clone(), &mut fresh);
                let copy = Term::compound(
                    "$dcg_body",
                    vec![a[0].clone(), a[1].clone(), a[2].clone(), translated],
                );
                let c = self.put_term(&copy);
                self.unify(goal, c)
            }
            B::TermToAtom => {
                let t = self.deref(a0());
                if matches!(t, Cell::Ref(_)) {
                    let Some(text) = self.text_of(self.heap[args as usize + 1]) else {
                        return Err(Stop::ball(instantiation_error()));
                    };
                    let r = crate::reader::parse_term(&text).map_err(|e| {
                        Stop::ball(error_term(Term::compound(
                            "syntax_error",
                            vec![Term::atom(&e.message)],
                        )))
                    })?;
                    let c = self.put_term(&r.term);
                    self.unify(t, c)
                } else {
                    let text = crate::write::writeq(&self.read(t));
                    let y = self.heap[args as usize + 1];
                    self.unify_atom_text(y, &text)
                }
            }
        })
    }

    /// Sorts `(key, item)` pairs by key, stably, in descending order if asked and keeping
    /// only the first of equal keys if asked; unifies the items in that order with `out`.
    fn sort_unify(
        &mut self,
        mut keyed: Vec<(Cell, Cell)>,
        descending: bool,
        dedup: bool,
        out: Cell,
    ) -> Res {
        let heap = &self.heap;
        keyed.sort_by(|x, y| {
            let o = compare(heap, x.0, y.0);
            if descending { o.reverse() } else { o }
        });
        if dedup {
            keyed.dedup_by(|x, y| compare(heap, x.0, y.0) == Ordering::Equal);
        }
        let items: Vec<Cell> = keyed.into_iter().map(|k| k.1).collect();
        let list = self.make_list(&items, Cell::Atom(atoms::NIL))?;
        Ok(self.unify(out, list))
    }

    /// Nondeterministic built-ins: try from `state`, leaving a choicepoint for the next.
    pub(super) fn retry(
        &mut self,
        b: Builtin,
        args: u32,
        state: i64,
        depth: u32,
        proof: u32,
    ) -> Res {
        use Builtin as B;
        let again = |m: &mut Self, state: i64| {
            m.push_cp(CpKind::Retry {
                builtin: b,
                args,
                state,
                depth,
                proof,
            })
        };
        match b {
            B::Between => {
                let hi = match self.arg(args, 1) {
                    Cell::Atom(a) if a.name() == "inf" || a.name() == "infinite" => i64::MAX,
                    _ => match self.eval(self.heap[args as usize + 1])? {
                        Num::I(h) => h,
                        Num::F(_) => {
                            return Err(Stop::ball(type_error(
                                "integer",
                                self.read(self.heap[args as usize + 1]),
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
                            again(self, state + 1);
                        }
                        Ok(self.unify(x, Cell::Int(state)))
                    }
                    other => Err(Stop::ball(type_error("integer", self.read(other)))),
                }
            }
            B::Length => {
                // The list has `state >> 32` elements and an open tail, the variable at
                // the address in the low bits. One more cell goes there, under the next
                // choicepoint: it stays when that choicepoint is retried, so each retry
                // is one step, not a rebuild of the whole list.
                let n = state >> 32;
                let tail = (state & 0xffff_ffff) as u32;
                self.room(3)?;
                let a = self.heap.len() as u32;
                self.heap.push(Cell::Fun(atoms::DOT, 2));
                self.heap.push(Cell::Ref(a + 1));
                self.heap.push(Cell::Ref(a + 2));
                self.bind(tail, Cell::Str(a));
                again(self, ((n + 1) << 32) | (a + 2) as i64);
                let len = self.heap[args as usize + 1];
                Ok(self.unify(Cell::Ref(a + 2), Cell::Atom(atoms::NIL))
                    && self.unify(len, Cell::Int(n + 1)))
            }
            B::Arg => {
                let t = self.arg(args, 1);
                let Cell::Str(a) = t else { return Ok(false) };
                let Cell::Fun(_, arity) = self.heap[a as usize] else {
                    return Ok(false);
                };
                if state > arity as i64 {
                    return Ok(false);
                }
                if state < arity as i64 {
                    again(self, state + 1);
                }
                let n = self.heap[args as usize];
                let v = self.heap[(a + state as u32) as usize];
                let x = self.heap[args as usize + 2];
                Ok(self.unify(n, Cell::Int(state)) && self.unify(x, v))
            }
            B::AtomConcat => {
                let Some(whole) = self.text_of(self.heap[args as usize + 2]) else {
                    return Err(Stop::ball(instantiation_error()));
                };
                let chars: Vec<char> = whole.chars().collect();
                let k = state as usize;
                if k > chars.len() {
                    return Ok(false);
                }
                if k < chars.len() {
                    again(self, state + 1);
                }
                let x: String = chars[..k].iter().collect();
                let y: String = chars[k..].iter().collect();
                let (a, c) = (self.heap[args as usize], self.heap[args as usize + 1]);
                Ok(self.unify_atom_text(a, &x) && self.unify_atom_text(c, &y))
            }
            B::Clause => {
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
            B::Retract => self.retract(args, state as usize, depth, proof),
            B::SubAtom => {
                // sub_atom(Atom, Before, Length, After, Sub): candidates (B, L) in SWI's
                // order (B ascending, then L ascending), encoded as B * (n + 1) + L.
                let Some(text) = self.text_of(self.heap[args as usize]) else {
                    return Err(Stop::ball(instantiation_error()));
                };
                let chars: Vec<char> = text.chars().collect();
                let n = chars.len() as i64;
                let int_arg = |m: &Self, i: u32| match m.arg(args, i) {
                    Cell::Int(v) => Some(v),
                    _ => None,
                };
                let (want_b, want_l, want_a) =
                    (int_arg(self, 1), int_arg(self, 2), int_arg(self, 3));
                let want_sub = match self.arg(args, 4) {
                    Cell::Atom(a) | Cell::Text(a) => Some(a.name().to_string()),
                    _ => None,
                };
                let mut k = state;
                while k <= n * (n + 1) + n {
                    let (b, l) = (k / (n + 1), k % (n + 1));
                    k += 1;
                    if b + l > n {
                        continue;
                    }
                    let a = n - b - l;
                    if want_b.is_some_and(|w| w != b)
                        || want_l.is_some_and(|w| w != l)
                        || want_a.is_some_and(|w| w != a)
                    {
                        continue;
                    }
                    let sub: String = chars[b as usize..(b + l) as usize].iter().collect();
                    if want_sub.as_ref().is_some_and(|w| *w != sub) {
                        continue;
                    }
                    if k <= n * (n + 1) + n {
                        again(self, k);
                    }
                    let (cb, cl, ca, cs) = (
                        self.heap[args as usize + 1],
                        self.heap[args as usize + 2],
                        self.heap[args as usize + 3],
                        self.heap[args as usize + 4],
                    );
                    return Ok(self.unify(cb, Cell::Int(b))
                        && self.unify(cl, Cell::Int(l))
                        && self.unify(ca, Cell::Int(a))
                        // A bound Sub (atom or string) was compared above.
                        && (want_sub.is_some() || self.unify_atom_text(cs, &sub)));
                }
                Ok(false)
            }
            _ => Ok(false),
        }
    }

    pub(super) fn conjunction(&mut self, goals: &[Cell]) -> Cell {
        let Some((&last, init)) = goals.split_last() else {
            return Cell::Atom(atoms::TRUE);
        };
        let mut c = last;
        for &g in init.iter().rev() {
            let a = self.heap.len() as u32;
            self.heap.push(Cell::Fun(atoms::COMMA, 2));
            self.heap.push(g);
            self.heap.push(c);
            c = Cell::Str(a);
        }
        c
    }

    /// retract/1: removes the first clause matching `head :- body` at or after position
    /// `start`, leaving a choicepoint to remove the next matching one on backtracking (as
    /// SWI does, so `retract(p(_)), fail` empties p/1).
    pub(super) fn retract(&mut self, args: u32, start: usize, depth: u32, proof: u32) -> Res {
        let (head, body) = self.clause_term_parts(self.heap[args as usize])?;
        let (name, arity, _) = self.goal_parts(head)?;
        let p = self.db.dynamic_pred(name, arity).map_err(Stop::ball)?;
        let clauses = self.db.preds[p].clauses.clone();
        for (i, cl) in clauses.iter().enumerate().skip(start) {
            // A trial, undone at once: the real bindings are made below, after the
            // choicepoint for the next clause.
            if !self.undone(|m| m.unify_clause(cl, head, body)) {
                continue;
            }
            let mut v = (*clauses).clone();
            v.remove(i);
            let more = i < v.len();
            self.db.preds[p].clauses = Rc::new(v);
            if more {
                self.push_cp(CpKind::Retry {
                    builtin: Builtin::Retract,
                    args,
                    state: i as i64,
                    depth,
                    proof,
                });
            }
            return Ok(self.unify_clause(cl, head, body));
        }
        Ok(false)
    }

    /// Whether `f` succeeds, every binding it made undone: it runs under a marker
    /// choicepoint (so that all its bindings are trailed), restored and popped after.
    fn undone(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        self.push_cp(CpKind::Dead);
        let ok = f(self);
        self.restore();
        self.pop_cp();
        ok
    }

    /// Copies clause `cl` to the heap and unifies it with `head :- body`.
    pub(super) fn unify_clause(&mut self, cl: &Clause, head: Cell, body: Cell) -> bool {
        let base = self.heap.len() as u32;
        let reloc = |c: Cell| match c {
            Cell::Ref(k) => Cell::Ref(k + base),
            Cell::Str(p) => Cell::Str(p + base),
            other => other,
        };
        self.heap.extend(cl.cells.iter().map(|&c| reloc(c)));
        let h = reloc(cl.head);
        let goals: Vec<Cell> = cl.body.iter().map(|&g| reloc(g)).collect();
        let b = self.conjunction(&goals);
        self.unify(head, h) && self.unify(body, b)
    }
}
