//! The machine's memory: making and reading terms on the heap, dereferencing,
//! binding with the trail, unification, and pushing and popping the continuation and
//! choicepoint stacks (with cut and the undoing of bindings on backtracking).

use super::{CYCLE_CHECK_AFTER, Cp, CpKind, Frame, Goal, Machine, NONE, Stop, same_functor};
use crate::store::{Cell, build, deref, read_back};
use crate::term::Term;
use crate::term::atoms;
use rustc_hash::FxHashMap;

impl Machine<'_> {
    pub(super) fn new_var(&mut self) -> Cell {
        let a = self.heap.len() as u32;
        self.heap.push(Cell::Ref(a));
        Cell::Ref(a)
    }

    /// Builds an owned term on the heap, its variables mapped through `vars`.
    pub(super) fn put_term_with(&mut self, t: &Term, vars: &mut FxHashMap<u32, Cell>) -> Cell {
        build(&mut self.heap, t, &mut |cells, v| {
            *vars.entry(v).or_insert_with(|| {
                let a = cells.len() as u32;
                cells.push(Cell::Ref(a));
                Cell::Ref(a)
            })
        })
    }

    pub(super) fn put_term(&mut self, t: &Term) -> Cell {
        let mut vars = FxHashMap::default();
        self.put_term_with(t, &mut vars)
    }

    /// Makes room for `cells` more heap cells (within the memory budget, looking at the
    /// clock too when the work adds up).
    #[inline]
    pub(super) fn room(&mut self, cells: usize) -> Result<(), Stop> {
        if self.heap.len() + cells > self.heap.capacity() {
            self.check_clock_and_memory(cells)?;
        }
        self.charge(cells)
    }

    /// The string `text`, built on the heap (within the memory budget).
    pub(super) fn put_string(&mut self, text: &str) -> Result<Cell, Stop> {
        self.room(crate::strings::cells_for(text.len()))?;
        Ok(crate::strings::push(&mut self.heap, text))
    }

    /// The conjunction of `goals` (`true` for none).
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

    /// Reads a heap term back, variables numbered by address (stable across a trace).
    pub(super) fn read(&self, c: Cell) -> Term {
        let mut names = FxHashMap::default();
        let t = read_back(&self.heap, c, &mut names, 0);
        let rename: FxHashMap<u32, u32> = names.into_iter().map(|(addr, n)| (n, addr)).collect();
        t.map_vars(&mut |v| Term::Var(rename.get(&v).copied().unwrap_or(v)))
    }

    #[inline]
    pub(super) fn deref(&self, c: Cell) -> Cell {
        deref(&self.heap, c)
    }

    #[inline]
    pub(super) fn bind(&mut self, a: u32, value: Cell) {
        self.heap[a as usize] = value;
        // Only variables older than the newest choicepoint need undoing on backtracking.
        if a < self.hb {
            self.trail.push(a);
        }
    }

    /// Unifies two heap terms (no occurs check, as in standard Prolog).
    pub(super) fn unify(&mut self, a: Cell, b: Cell) -> bool {
        // Fast paths: a variable or two atomic values need no stack.
        let (a, b) = (self.deref(a), self.deref(b));
        match (a, b) {
            (Cell::Ref(x), Cell::Ref(y)) => {
                if x < y {
                    self.bind(y, a);
                } else if y < x {
                    self.bind(x, b);
                }
                return true;
            }
            (Cell::Ref(x), _) => {
                self.bind(x, b);
                return true;
            }
            (_, Cell::Ref(y)) => {
                self.bind(y, a);
                return true;
            }
            (Cell::Str(_), Cell::Str(_)) => {}
            (Cell::Float(x), Cell::Float(y)) => return x.to_bits() == y.to_bits(),
            _ => return a == b,
        }
        let mut stack = std::mem::take(&mut self.ustack);
        stack.clear();
        stack.push((a, b));
        let mut ok = true;
        // Cyclic terms (X = f(X)) would make this loop forever: after many steps, pairs
        // of structures already met are skipped (sound for rational trees).
        let mut steps = 0u32;
        let mut seen: Option<rustc_hash::FxHashSet<(u32, u32)>> = None;
        while let Some((a, b)) = stack.pop() {
            let a = self.deref(a);
            let b = self.deref(b);
            steps = steps.saturating_add(1);
            if steps > CYCLE_CHECK_AFTER
                && let (Cell::Str(x), Cell::Str(y)) = (a, b)
                && !seen.get_or_insert_with(Default::default).insert((x, y))
            {
                continue;
            }
            match (a, b) {
                (Cell::Ref(x), Cell::Ref(y)) => {
                    if x != y {
                        // Bind the younger variable to the older one.
                        if x < y {
                            self.bind(y, a);
                        } else {
                            self.bind(x, b);
                        }
                    }
                }
                (Cell::Ref(x), _) => self.bind(x, b),
                (_, Cell::Ref(y)) => self.bind(y, a),
                (Cell::Atom(x), Cell::Atom(y)) => {
                    if x != y {
                        ok = false;
                        break;
                    }
                }
                (Cell::Int(x), Cell::Int(y)) => {
                    if x != y {
                        ok = false;
                        break;
                    }
                }
                (Cell::Float(x), Cell::Float(y)) => {
                    if x.to_bits() != y.to_bits() {
                        ok = false;
                        break;
                    }
                }
                (Cell::Str(x), Cell::Str(y)) => {
                    if x == y {
                        continue;
                    }
                    let (fx, fy) = (self.heap[x as usize], self.heap[y as usize]);
                    if !same_functor(fx, fy) {
                        ok = false;
                        break;
                    }
                    if let Cell::Fun(_, n) = fx {
                        for i in (1..=n).rev() {
                            stack.push((self.heap[(x + i) as usize], self.heap[(y + i) as usize]));
                        }
                    }
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        self.ustack = stack;
        ok
    }

    pub(super) fn push_frame(&mut self, goal: Goal, cut: u32, depth: u32, proof: u32) {
        let next = self.cont;
        self.cont = self.conts.len() as u32;
        self.conts.push(Frame {
            goal,
            next,
            cut,
            depth,
            proof,
        });
    }

    /// Pops the top choicepoint (keeping `hb` in step).
    #[inline]
    pub(super) fn pop_cp(&mut self) {
        self.cps.pop();
        self.hb = self.cps.last().map_or(0, |c| c.heap);
    }

    pub(super) fn push_cp(&mut self, kind: CpKind) {
        self.push_cp_at(kind, self.heap.len() as u32, self.trail.len() as u32);
    }

    /// Pushes a choicepoint that restores the heap and trail to the given heights (below
    /// the tops when a clause head was matched before its choicepoint was made; every
    /// binding of a cell under `heap` since then must be on the trail above `trail`).
    #[inline]
    pub(super) fn push_cp_at(&mut self, kind: CpKind, heap: u32, trail: u32) {
        self.hb = heap;
        self.cps.push(Cp {
            kind,
            heap,
            trail,
            conts: self.conts.len() as u32,
            cont: self.cont,
            proofs: self.proofs.len() as u32,
        });
    }

    pub(super) fn cut_to(&mut self, height: u32) {
        let h = height as usize;
        if self.cps.len() > h {
            // Findall bags of cut-away findall choicepoints cannot happen (their goal is
            // opaque to cut), so only the stack shrinks.
            self.cps.truncate(h);
            self.hb = self.cps.last().map_or(0, |c| c.heap);
            // Frames pushed under a cut choicepoint and already run were kept for it
            // (`run_inner` pops only frames above the newest choicepoint): with it gone,
            // nothing refers to the frames above both the running continuation (frames
            // link to lower indices only) and the next choicepoint's mark, so a loop
            // that makes and cuts a choicepoint each time runs in constant space.
            let keep = self
                .cps
                .last()
                .map_or(0, |c| c.conts)
                .max(if self.cont == NONE { 0 } else { self.cont + 1 });
            if (keep as usize) < self.conts.len() {
                self.conts.truncate(keep as usize);
            }
        }
    }

    /// Unbinds the variables trailed since the trail was `to` long.
    #[inline]
    pub(super) fn undo_trail(&mut self, to: usize) {
        while self.trail.len() > to {
            if let Some(a) = self.trail.pop() {
                self.heap[a as usize] = Cell::Ref(a);
            }
        }
    }

    /// Restores the state saved in the top choicepoint (which stays on the stack).
    pub(super) fn restore(&mut self) {
        // A goal about to run belongs to the branch being abandoned.
        self.direct = None;
        let Some(cp) = self.cps.last() else { return };
        let (heap, trail, conts, cont, proofs) = (cp.heap, cp.trail, cp.conts, cp.cont, cp.proofs);
        self.undo_trail(trail as usize);
        self.heap.truncate(heap as usize);
        self.conts.truncate(conts as usize);
        self.cont = cont;
        self.proofs.truncate(proofs as usize);
    }
}
