//! Resolution with program clauses: choosing the clauses that may match (first-argument
//! indexing), unifying a clause head with the goal, and pushing its body.

use super::{CpKind, Frame, Goal, Machine, PNode, Res, UNSET, instantiate, is_unset, same_functor};
use crate::TraceEvent;
use crate::db::{Clause, packed_key_of_cell};
use crate::store::Cell;
use std::rc::Rc;

impl Machine<'_> {
    /// Unifies a clause head with `goal` and pushes the clause body. The head is matched
    /// straight from the clause template: a head variable met for the first time just
    /// records the goal's subterm in `frame` (no heap cell, no binding), and only template
    /// structures that meet an unbound goal variable are built on the heap (as the WAM's
    /// get instructions do). The body is then built with the frame's values.
    pub(super) fn try_clause(
        &mut self,
        clause: &Rc<Clause>,
        goal: Cell,
        barrier: u32,
        depth: u32,
        proof: u32,
    ) -> Res {
        if !self.match_head(clause, goal) {
            return Ok(false);
        }
        self.push_body(clause, goal, barrier, depth, proof)
    }

    /// Matches a clause head with `goal`, recording the head variables' values in `frame`.
    #[inline(always)]
    pub(super) fn match_head(&mut self, clause: &Clause, goal: Cell) -> bool {
        // `frame`, `heap` and the work stacks are distinct fields: the hot path borrows
        // them separately rather than moving vectors in and out of `self`.
        let n = clause.nvars as usize;
        match &clause.head_code {
            Some(code) => {
                // Compiled code reads only slots it has set: they need no reset.
                if self.frame.len() < n {
                    self.frame.resize(n, UNSET);
                }
                self.run_head(code, &clause.cells, goal)
            }
            None => {
                self.frame.clear();
                self.frame.resize(n, UNSET);
                self.unify_head(clause, goal)
            }
        }
    }

    /// Enters a clause whose head matched (`match_head`): the proof node, the trace, and
    /// the body goals; `Ok(false)` when an arithmetic goal run at entry fails.
    #[inline(always)]
    pub(super) fn push_body(
        &mut self,
        clause: &Rc<Clause>,
        goal: Cell,
        barrier: u32,
        depth: u32,
        proof: u32,
    ) -> Res {
        let mut node = proof;
        if self.opts.explain {
            node = self.proofs.len() as u32;
            self.proofs.push(PNode {
                parent: proof,
                goal,
                clause: Some(clause.clone()),
            });
        }
        if self.observer.is_some() {
            if self.opts.ports {
                let at = self.heap.len() as u32;
                self.heap.push(goal);
                self.push_frame(Goal::Exit(at), barrier, depth, node);
            } else {
                let mut goals = vec![self.read(goal)];
                goals.extend(self.pending_goals(12));
                let source = clause.source.clone();
                self.emit(TraceEvent::Step {
                    depth: depth as usize,
                    goals,
                    clause: source,
                });
            }
        }
        // Opening arithmetic runs here, from the template (outside traces and proofs,
        // which show each goal).
        let mut body = &clause.body[..];
        if !clause.arith.is_empty() && self.observer.is_none() && !self.opts.explain {
            match self.run_inline_arith(clause)? {
                Some(done) => body = &body[done..],
                None => return Ok(false),
            }
        }
        // Body goals are built last to first, each pushed as it is built (the order in
        // which variables get their heap cells does not matter), by the code compiled
        // for the number of goals run above. The first goal is run next: it goes to
        // `direct` rather than through the continuation store.
        let done = clause.body.len() - body.len();
        if let Some(code) = clause.body_code.get(done) {
            self.put_body(code, clause, barrier, depth, node);
        }
        Ok(true)
    }

    /// Matches one head template cell that is not a structure against a goal subterm.
    #[inline(always)]
    pub(super) fn head_leaf(&mut self, t: Cell, c: Cell) -> bool {
        match t {
            Cell::Ref(k) => {
                let k = k as usize;
                if is_unset(&self.frame[k]) {
                    self.frame[k] = c;
                    true
                } else {
                    self.unify(self.frame[k], c)
                }
            }
            atomic => match self.deref(c) {
                Cell::Ref(a) => {
                    self.bind(a, atomic);
                    true
                }
                Cell::Float(x) => matches!(atomic, Cell::Float(y) if y.to_bits() == x.to_bits()),
                other => other == atomic,
            },
        }
    }

    /// Matches a head whose arguments nest structures by walking its template (the
    /// other heads run compiled code).
    #[inline(always)]
    pub(super) fn unify_head(&mut self, clause: &Clause, goal: Cell) -> bool {
        let (Cell::Str(h), Cell::Str(g)) = (clause.head, goal) else {
            return true;
        };
        let cells = &clause.cells[..];
        let Cell::Fun(_, n) = cells[h as usize] else {
            return true;
        };
        let (h, g) = (h as usize, g as usize);
        // Arguments are taken in order without going through the stack; the stack only
        // holds the pending pairs inside nested structures (depth first, left to right),
        // drained before the next argument.
        for (i, &t) in cells[h + 1..h + 1 + n as usize].iter().enumerate() {
            let c = self.heap[g + 1 + i];
            if !self.head_pair(cells, t, c) {
                self.hstack.clear();
                return false;
            }
            while let Some((t, c)) = self.hstack.pop() {
                if !self.head_pair(cells, t, c) {
                    self.hstack.clear();
                    return false;
                }
            }
        }
        true
    }

    /// Matches head template cell `t` against goal subterm `c`; the arguments of a
    /// nested structure that holds structures go to the stack.
    #[inline(always)]
    pub(super) fn head_pair(&mut self, cells: &[Cell], t: Cell, c: Cell) -> bool {
        match t {
            Cell::Str(p) => match self.deref(c) {
                Cell::Ref(a) => {
                    let built =
                        instantiate(&mut self.heap, cells, t, &mut self.frame, &mut self.istack);
                    self.bind(a, built);
                    true
                }
                Cell::Str(q) => {
                    let f = cells[p as usize];
                    match f {
                        Cell::Fun(_, m) if same_functor(self.heap[q as usize], f) => {
                            let (p, q, m) = (p as usize, q as usize, m as usize);
                            let targs = &cells[p + 1..p + 1 + m];
                            if targs.iter().all(|a| !matches!(a, Cell::Str(_))) {
                                // No nested structure (a list cell [H|T] ...): matched
                                // in place, in the same order the stack would give.
                                let mut ok = true;
                                for (j, &t) in targs.iter().enumerate() {
                                    if !self.head_leaf(t, self.heap[q + 1 + j]) {
                                        ok = false;
                                        break;
                                    }
                                }
                                ok
                            } else {
                                for j in (0..m).rev() {
                                    self.hstack.push((targs[j], self.heap[q + 1 + j]));
                                }
                                true
                            }
                        }
                        _ => false,
                    }
                }
                _ => false,
            },
            leaf => self.head_leaf(leaf, c),
        }
    }

    pub(super) fn call_user(&mut self, p: u32, goal: Cell, arity: u32, args: u32, f: Frame) -> Res {
        self.count_inference()?;
        let key = if arity > 0 {
            packed_key_of_cell(&self.heap, self.arg(args, 0))
        } else {
            (0, 0)
        };
        if self.observer.is_some() && self.opts.ports {
            let g = self.read(goal);
            self.emit(TraceEvent::Call {
                depth: f.depth as usize,
                goal: g,
            });
            self.push_cp(CpKind::TraceFail {
                goal,
                depth: f.depth,
            });
        }
        let clauses = &self.db.preds[p as usize].clauses;
        let (first, following) = clauses.first_two(key);
        let Some(i) = first else {
            if self.observer.is_some() && !self.opts.ports {
                let g = self.read(goal);
                self.emit(TraceEvent::NoClause {
                    depth: f.depth as usize,
                    goal: g,
                });
            }
            return Ok(false);
        };
        let barrier = self.cps.len() as u32;
        let clause = clauses[i].clone();
        if following.is_some()
            && let Cell::Str(goal_at) = goal
            && self.observer.is_none()
            && !self.opts.explain
        {
            return self.call_alternatives(p, goal_at, key, clause, following, f);
        }
        if let Some(j) = following {
            // Only a call with alternatives holds on to the clause list (so that clauses
            // added or removed meanwhile do not change what it sees).
            let clauses = self.db.preds[p as usize].clauses.clone();
            let goal_at = match goal {
                Cell::Str(a) => a,
                other => {
                    // An atom goal: keep its cell on the heap, under the choicepoint.
                    let at = self.heap.len() as u32;
                    self.heap.push(other);
                    at
                }
            };
            self.push_cp(CpKind::Clauses {
                clauses,
                next: j as u32,
                goal_at,
                depth: f.depth,
                proof: f.proof,
            });
        }
        let ok = self.try_clause(&clause, goal, barrier, f.depth, f.proof)?;
        if !ok && self.observer.is_some() && !self.opts.ports && self.cps.len() as u32 == barrier {
            let g = self.read(goal);
            self.emit(TraceEvent::NoClause {
                depth: f.depth as usize,
                goal: g,
            });
        }
        Ok(ok)
    }
    /// A call with several candidate clauses (outside traces and proofs): the head of a
    /// clause with alternatives is matched before any choicepoint is made, so one whose
    /// head fails (`count(N, N)` called with two different numbers, `no_attack(_, [], _)`
    /// with a non-empty list) is passed over without the choicepoint's push, restore and
    /// pop, and a call whose other clauses all fail so leaves none. Bindings are trailed
    /// as under a choicepoint (`hb` is raised to the heap top), so a failed head is undone
    /// exactly; each clause passed over counts an inference, as the backtracking it
    /// replaces did. Apart from `call_user` so that deterministic calls stay short.
    #[inline(never)]
    pub(super) fn call_alternatives(
        &mut self,
        p: u32,
        goal_at: u32,
        key: (u32, u64),
        mut clause: Rc<Clause>,
        mut following: Option<usize>,
        f: Frame,
    ) -> Res {
        let goal = Cell::Str(goal_at);
        let barrier = self.cps.len() as u32;
        while let Some(j) = following {
            let (heap0, trail0) = (self.heap.len(), self.trail.len());
            let hb = self.hb;
            self.hb = heap0 as u32;
            let matched = self.match_head(&clause, goal);
            self.hb = hb;
            if matched {
                let clauses = self.db.preds[p as usize].clauses.clone();
                self.push_cp_at(
                    CpKind::Clauses {
                        clauses,
                        next: j as u32,
                        goal_at,
                        depth: f.depth,
                        proof: f.proof,
                    },
                    heap0 as u32,
                    trail0 as u32,
                );
                return self.push_body(&clause, goal, barrier, f.depth, f.proof);
            }
            self.undo_trail(trail0);
            self.heap.truncate(heap0);
            self.count_inference()?;
            let clauses = &self.db.preds[p as usize].clauses;
            clause = clauses[j].clone();
            following = clauses.next_match(j + 1, key);
        }
        // The last candidate's entry, inlined (`count(N, N) :- !` passed over, then
        // `count(I, N) :- ...` entered at each step of a counting loop).
        if !self.match_head(&clause, goal) {
            return Ok(false);
        }
        self.push_body(&clause, goal, barrier, f.depth, f.proof)
    }
}
