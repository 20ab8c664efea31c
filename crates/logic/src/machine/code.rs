//! Running compiled clauses: a head's instructions against the goal's arguments, a
//! body's instructions building its goals (the code itself is made by
//! `crate::compile::code` when a clause is stored).

use super::*;
use crate::compile::code::{FIRST, HeadOp, PutOp};

impl Machine<'_> {
    /// Runs a compiled head against `goal` (frame slots reset by the caller).
    #[inline(always)]
    pub(super) fn run_head(&mut self, code: &[HeadOp], cells: &[Cell], goal: Cell) -> bool {
        let Cell::Str(g) = goal else {
            return true;
        };
        let mut arg = g as usize + 1;
        let mut ops = code;
        if let Some((&HeadOp::Args(n), rest)) = code.split_first() {
            let n = n as usize;
            let (frame, args) = (&mut self.frame[..n], &self.heap[arg..arg + n]);
            // Two or three cells (`count(I, N)`) are copied in place: `copy_from_slice`
            // calls `memcpy`, which costs more than the copy.
            match (frame, args) {
                ([f0, f1], [a0, a1]) => (*f0, *f1) = (*a0, *a1),
                ([f0, f1, f2], [a0, a1, a2]) => (*f0, *f1, *f2) = (*a0, *a1, *a2),
                (frame, args) => frame.copy_from_slice(args),
            }
            arg += n;
            ops = rest;
        }
        // A slice walked from the front: no index to check against the length.
        while let Some((&op, rest)) = ops.split_first() {
            ops = rest;
            let c = self.heap[arg];
            arg += 1;
            let ok = match op {
                HeadOp::First(k) => {
                    self.frame[k as usize] = c;
                    true
                }
                HeadOp::Value(k) => self.unify_value(self.frame[k as usize], c),
                HeadOp::Atom(a) => self.head_const(Cell::Atom(a), c),
                HeadOp::Num(p) => self.head_const(cells[p as usize], c),
                HeadOp::Args(_) => false,
                HeadOp::Cons(x, y) => self.head_cons(x, y, c),
                HeadOp::Struct(name, n) => {
                    let f = Cell::Fun(name, n);
                    let Some((args, rest)) = ops.split_at_checked(n as usize) else {
                        return false;
                    };
                    ops = rest;
                    match self.deref(c) {
                        Cell::Ref(a) => {
                            let s = self.heap.len() as u32;
                            self.heap.reserve(args.len() + 1);
                            self.heap.push(f);
                            for (at, &op) in (s + 1..).zip(args) {
                                let v = match op {
                                    HeadOp::First(k) => {
                                        self.frame[k as usize] = Cell::Ref(at);
                                        Cell::Ref(at)
                                    }
                                    HeadOp::Value(k) => self.frame[k as usize],
                                    HeadOp::Atom(a) => Cell::Atom(a),
                                    HeadOp::Num(p) => cells[p as usize],
                                    HeadOp::Struct(..) | HeadOp::Args(_) | HeadOp::Cons(..) => {
                                        return false;
                                    }
                                };
                                self.heap.push(v);
                            }
                            self.bind(a, Cell::Str(s));
                            true
                        }
                        Cell::Str(q) if same_functor(self.heap[q as usize], f) => {
                            let q = q as usize + 1;
                            for (j, &op) in args.iter().enumerate() {
                                let c = self.heap[q + j];
                                let ok = match op {
                                    HeadOp::First(k) => {
                                        self.frame[k as usize] = c;
                                        true
                                    }
                                    HeadOp::Value(k) => self.unify(self.frame[k as usize], c),
                                    HeadOp::Atom(a) => self.head_const(Cell::Atom(a), c),
                                    HeadOp::Num(p) => self.head_const(cells[p as usize], c),
                                    HeadOp::Struct(..) | HeadOp::Args(_) | HeadOp::Cons(..) => {
                                        false
                                    }
                                };
                                if !ok {
                                    return false;
                                }
                            }
                            true
                        }
                        _ => false,
                    }
                }
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Matches a list cell of two variables (`HeadOp::Cons`) against a goal's cell, as
    /// `Struct('.', 2)` and its two operations do: read from the goal's list cell, or
    /// built and bound when the goal has a variable there.
    #[inline(always)]
    fn head_cons(&mut self, x: u32, y: u32, c: Cell) -> bool {
        const LIST: Cell = Cell::Fun(atoms::CONS, 2);
        match self.deref(c) {
            Cell::Ref(a) => {
                let s = self.heap.len() as u32;
                let vx = self.cons_put(x, s + 1);
                let vy = self.cons_put(y, s + 2);
                self.heap.extend_from_slice(&[LIST, vx, vy]);
                self.bind(a, Cell::Str(s));
                true
            }
            Cell::Str(q) if same_functor(self.heap[q as usize], LIST) => {
                let q = q as usize;
                // The tail is read after the head is matched, which may bind it.
                let h = self.heap[q + 1];
                if !self.cons_get(x, h) {
                    return false;
                }
                let t = self.heap[q + 2];
                self.cons_get(y, t)
            }
            _ => false,
        }
    }

    /// A list cell's argument built at `at`: a fresh variable there for a first
    /// occurrence, else the variable's value.
    #[inline(always)]
    fn cons_put(&mut self, v: u32, at: u32) -> Cell {
        if v & FIRST != 0 {
            self.frame[(v & !FIRST) as usize] = Cell::Ref(at);
            Cell::Ref(at)
        } else {
            self.frame[v as usize]
        }
    }

    /// A list cell's argument read from the goal's cell `c`.
    #[inline(always)]
    fn cons_get(&mut self, v: u32, c: Cell) -> bool {
        if v & FIRST != 0 {
            self.frame[(v & !FIRST) as usize] = c;
            true
        } else {
            self.unify(self.frame[v as usize], c)
        }
    }

    /// Unifies a variable's value with a goal's cell: two atoms or two integers are
    /// compared here, without the call.
    #[inline(always)]
    fn unify_value(&mut self, a: Cell, b: Cell) -> bool {
        let (x, y) = (self.deref(a), self.deref(b));
        match (x, y) {
            (Cell::Atom(p), Cell::Atom(q)) => p == q,
            (Cell::Int(p), Cell::Int(q)) => p == q,
            _ => self.unify(x, y),
        }
    }

    /// Matches a head constant against a goal's cell.
    #[inline(always)]
    fn head_const(&mut self, v: Cell, c: Cell) -> bool {
        match self.deref(c) {
            Cell::Ref(a) => {
                self.bind(a, v);
                true
            }
            Cell::Float(x) => matches!(v, Cell::Float(y) if y.to_bits() == x.to_bits()),
            other => other == v,
        }
    }

    /// Builds the body goals with compiled code: each goal but the last built gets its
    /// continuation frame, the last one goes to `direct`.
    #[inline(always)]
    pub(super) fn put_body(
        &mut self,
        code: &[PutOp],
        clause: &Clause,
        barrier: u32,
        depth: u32,
        node: u32,
    ) {
        let mut base = self.heap.len() as u32;
        for &op in code {
            let goal = match op {
                PutOp::Fun(f, n) => {
                    self.heap.push(Cell::Fun(f, n));
                    continue;
                }
                PutOp::Atom(a) => {
                    self.heap.push(Cell::Atom(a));
                    continue;
                }
                PutOp::Const(p) => {
                    self.heap.push(clause.cells[p as usize]);
                    continue;
                }
                PutOp::Var(k) => {
                    let v = self.frame[k as usize];
                    self.heap.push(v);
                    continue;
                }
                PutOp::Var3(a, b, c) => {
                    let f = &self.frame;
                    let cells = [f[a as usize], f[b as usize], f[c as usize]];
                    self.heap.extend_from_slice(&cells);
                    continue;
                }
                PutOp::Var2(a, b) => {
                    let (x, y) = (self.frame[a as usize], self.frame[b as usize]);
                    self.heap.extend_from_slice(&[x, y]);
                    continue;
                }
                PutOp::First(k) => {
                    let a = self.heap.len() as u32;
                    self.frame[k as usize] = Cell::Ref(a);
                    self.heap.push(Cell::Ref(a));
                    continue;
                }
                PutOp::Str(rel) => {
                    self.heap.push(Cell::Str(base + rel));
                    continue;
                }
                PutOp::FrameStr => Cell::Str(base),
                PutOp::FrameGoal(i) => clause.body[i as usize],
                PutOp::FrameVar(k) => self.frame[k as usize],
                PutOp::DirectStr => {
                    self.set_direct(Cell::Str(base), barrier, depth, node);
                    continue;
                }
                PutOp::DirectGoal(i) => {
                    self.set_direct(clause.body[i as usize], barrier, depth, node);
                    continue;
                }
                PutOp::DirectVar(k) => {
                    self.set_direct(self.frame[k as usize], barrier, depth, node);
                    continue;
                }
            };
            self.push_frame(Goal::Call(goal), barrier, depth + 1, node);
            base = self.heap.len() as u32;
        }
    }

    #[inline(always)]
    fn set_direct(&mut self, goal: Cell, barrier: u32, depth: u32, node: u32) {
        self.direct = Some(Frame {
            goal: Goal::Call(goal),
            next: self.cont,
            cut: barrier,
            depth: depth + 1,
            proof: node,
        });
    }
}
