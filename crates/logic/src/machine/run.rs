//! The solve loop: running goals until an answer, backtracking into the newest
//! choicepoint, handling thrown balls (catch/3) and limits, and reporting trace events.

use super::{Cp, CpKind, Goal, Machine, NONE, Res, Stop, memory_formal, term_cells};
use crate::db::packed_key_of_cell;
use crate::store::{Cell, read_back};
use crate::term::{Term, atoms};
use crate::{SolveError, TraceEvent};
use rustc_hash::FxHashMap;

impl Machine<'_> {
    pub(super) fn emit(&mut self, e: TraceEvent) {
        if let Some(o) = self.observer.as_mut() {
            o.event(&e);
        }
    }

    /// The goals still to prove after the current one (for the course-style trace).
    pub(super) fn pending_goals(&self, limit: usize) -> Vec<Term> {
        let mut out = Vec::new();
        let mut k = self.cont;
        while k != NONE && out.len() < limit {
            let f = self.conts[k as usize];
            if let Goal::Call(c) = f.goal {
                out.push(self.read(c));
            }
            k = f.next;
        }
        out
    }

    /// Finds the next solution: `Ok(true)` with the bindings in place, `Ok(false)` when
    /// there are no more.
    pub(crate) fn next_solution(&mut self) -> Result<bool, SolveError> {
        if self.done {
            return Ok(false);
        }
        if self.started && !self.backtrack_or_stop()? {
            self.done = true;
            return Ok(false);
        }
        self.started = true;
        let result = self.run();
        // What the program wrote reaches the sink before the answer or the error.
        self.settle_output(result.is_err());
        match result {
            Ok(found) => {
                if !found {
                    self.done = true;
                }
                Ok(found)
            }
            Err(e) => {
                self.done = true;
                Err(e)
            }
        }
    }

    pub(super) fn backtrack_or_stop(&mut self) -> Result<bool, SolveError> {
        self.backtrack().or_else(|stop| self.handle(stop))
    }

    /// Turns a thrown ball into a catch or an error; limits are never caught.
    pub(super) fn handle(&mut self, stop: Stop) -> Result<bool, SolveError> {
        match stop {
            Stop::Limit(e) => Err(*e),
            Stop::Ball(ball) => {
                let ball = *ball;
                if let Some(code) = self.halted {
                    return Err(SolveError::Halt(code));
                }
                loop {
                    let Some(cp) = self.cps.last() else {
                        return Err(self.uncaught(ball));
                    };
                    if let CpKind::Catch {
                        args,
                        cut,
                        depth,
                        proof,
                    } = cp.kind
                    {
                        let catcher = self.heap[args as usize + 1];
                        let recovery = self.heap[args as usize + 2];
                        self.restore();
                        self.pop_cp();
                        let mark = self.heap.len();
                        let trail = self.trail.len();
                        let b = self.put_term(&ball);
                        if self.unify(catcher, b) {
                            self.push_frame(Goal::Call(recovery), cut, depth, proof);
                            return Ok(true);
                        }
                        self.undo_trail(trail);
                        self.heap.truncate(mark);
                    } else {
                        // A findall/3 left by the exception drops its bag.
                        if let CpKind::Findall { bag, .. } = cp.kind {
                            self.bags.truncate(bag as usize);
                            self.bag_cells = self.bags.iter().map(|b| b.2).sum();
                        }
                        self.pop_cp();
                    }
                }
            }
        }
    }

    /// The error for a ball no catch/3 took: a `resource_error(memory)` raised by the
    /// budget is the memory limit.
    pub(super) fn uncaught(&self, ball: Term) -> SolveError {
        let e = SolveError::from_ball(ball);
        if self.memory_hit && e == SolveError::Thrown(memory_formal()) {
            return SolveError::MemoryLimit(self.budget);
        }
        e
    }

    pub(super) fn run(&mut self) -> Result<bool, SolveError> {
        loop {
            match self.run_inner() {
                Ok(found) => return Ok(found),
                Err(stop) => {
                    if !self.handle(stop)? {
                        return Ok(false);
                    }
                }
            }
        }
    }

    pub(super) fn run_inner(&mut self) -> Result<bool, Stop> {
        loop {
            if self.gc_wanted {
                self.collect_garbage();
            }
            let f = match self.direct.take() {
                Some(f) => f,
                None => {
                    if self.cont == NONE {
                        return Ok(true);
                    }
                    let idx = self.cont;
                    let f = self.conts[idx as usize];
                    self.cont = f.next;
                    // A frame on top of the store that no choicepoint can come back to is
                    // garbage once popped: deterministic code then runs in constant
                    // continuation space.
                    if idx as usize + 1 == self.conts.len()
                        && idx >= self.cps.last().map_or(0, |c| c.conts)
                    {
                        self.conts.pop();
                    }
                    f
                }
            };
            let ok = match f.goal {
                Goal::Call(c) => self.call(c, f)?,
                Goal::CutTo(h) => {
                    self.cut_to(h);
                    true
                }
                Goal::Collect(bag) => self.collect(bag)?,
                Goal::PopCatch(h) => {
                    if self.cps.len() == h as usize + 1
                        && matches!(self.cps.last().map(|c| &c.kind), Some(CpKind::Catch { .. }))
                    {
                        self.pop_cp();
                    }
                    true
                }
                Goal::SoftCut(h) => {
                    if let Some(cp) = self.cps.get_mut(h as usize)
                        && matches!(cp.kind, CpKind::Alt { .. })
                    {
                        cp.kind = CpKind::Dead;
                    }
                    true
                }
                Goal::Exit(at) => self.exit_port(at, f.depth),
            };
            if !ok && !self.backtrack()? {
                return Ok(false);
            }
        }
    }

    /// Collects one answer of a findall/3 (`Goal::Collect`), then fails for the next.
    /// Out of the step loop, like `exit_port`: the loop is then shorter.
    #[inline(never)]
    pub(super) fn collect(&mut self, bag: u32) -> Res {
        let template = self
            .bags
            .get(bag as usize)
            .map_or(Cell::Atom(atoms::NIL), |b| b.0);
        // Fresh variable numbers per collected copy, so that two answers never share a
        // variable.
        let mut names = FxHashMap::default();
        let t = read_back(&self.heap, template, &mut names, self.bag_vars);
        self.bag_vars += names.len() as u32;
        let cells = term_cells(&t);
        if let Some(b) = self.bags.get_mut(bag as usize) {
            b.1.push(t);
            b.2 += cells;
        }
        self.bag_cells += cells;
        self.count_copy(cells)?;
        Ok(false)
    }

    /// The exit port of a traced call (`Goal::Exit`): the goal kept at heap address `at`.
    #[cold]
    #[inline(never)]
    pub(super) fn exit_port(&mut self, at: u32, depth: u32) -> bool {
        let c = self.heap[at as usize];
        let goal = self.read(c);
        self.emit(TraceEvent::Exit {
            depth: depth as usize,
            goal,
        });
        true
    }

    /// Backtracks to the most recent alternative: `Ok(false)` when none is left.
    pub(super) fn backtrack(&mut self) -> Result<bool, Stop> {
        loop {
            let Some(cp) = self.cps.last_mut() else {
                return Ok(false);
            };
            match &mut cp.kind {
                CpKind::Clauses {
                    clauses,
                    next,
                    goal_at,
                    depth,
                    proof,
                } => {
                    let i = *next as usize;
                    let (goal_at, depth, proof) = (*goal_at, *depth, *proof);
                    let clauses = clauses.clone();
                    let barrier = (self.cps.len() - 1) as u32;
                    self.restore();
                    let goal = match self.heap[goal_at as usize] {
                        Cell::Fun(..) => Cell::Str(goal_at),
                        other => other,
                    };
                    // The key is read after restoring: the first argument is as it was
                    // at the call.
                    let key = match goal {
                        Cell::Str(a) => packed_key_of_cell(&self.heap, self.arg(a + 1, 0)),
                        _ => (0, 0),
                    };
                    let clause = clauses[i].clone();
                    let following = clauses.next_match(i + 1, key);
                    match following {
                        Some(j) => {
                            if let Some(Cp {
                                kind: CpKind::Clauses { next, .. },
                                ..
                            }) = self.cps.last_mut()
                            {
                                *next = j as u32;
                            }
                        }
                        None => {
                            self.pop_cp();
                        }
                    }
                    if self.observer.is_some() && self.opts.ports {
                        let g = self.read(goal);
                        self.emit(TraceEvent::Redo {
                            depth: depth as usize,
                            goal: g,
                        });
                    }
                    self.count_inference()?;
                    if self.try_clause(&clause, goal, barrier, depth, proof)? {
                        return Ok(true);
                    }
                }
                CpKind::Alt {
                    goal,
                    cut,
                    depth,
                    proof,
                } => {
                    let (goal, cut, depth, proof) = (*goal, *cut, *depth, *proof);
                    self.restore();
                    self.pop_cp();
                    self.push_frame(Goal::Call(goal), cut, depth, proof);
                    return Ok(true);
                }
                CpKind::Findall { bag, result } => {
                    let (bag, result) = (*bag, *result);
                    self.restore();
                    self.pop_cp();
                    let (items, cells) = self.bags.pop().map(|b| (b.1, b.2)).unwrap_or_default();
                    debug_assert_eq!(bag as usize, self.bags.len());
                    // The list is built on the heap, then the copies are dropped.
                    self.bag_cells -= cells;
                    self.check_clock_and_memory(cells + 3 * items.len())?;
                    let list = Term::list(items, Term::nil());
                    let l = self.put_term(&list);
                    if self.unify(result, l) {
                        return Ok(true);
                    }
                }
                CpKind::Catch { .. } | CpKind::Dead => {
                    self.restore();
                    self.pop_cp();
                }
                CpKind::TraceFail { goal, depth } => {
                    let (goal, depth) = (*goal, *depth);
                    self.restore();
                    self.pop_cp();
                    let g = self.read(goal);
                    self.emit(TraceEvent::Fail {
                        depth: depth as usize,
                        goal: g,
                    });
                }
                CpKind::Retry { at, state } => {
                    let (at, state) = (*at, *state);
                    self.restore();
                    self.pop_cp();
                    // Each further solution of a built-in is an inference (SWI counts the
                    // redo), so `between(1, inf, X), fail` meets the limits.
                    self.count_inference()?;
                    if (at.redo)(&mut self.ctx(), at, state)? {
                        return Ok(true);
                    }
                }
            }
        }
    }
}
