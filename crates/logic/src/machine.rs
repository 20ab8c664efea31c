//! The resolution engine: SLD resolution, depth first, left to right, with explicit stacks.
//!
//! - the heap holds every term built while proving (clause copies, results);
//! - the continuation store holds goal frames as linked lists (what remains to prove);
//! - the choicepoint stack holds the alternatives (next clause, other branch of `;`, ...)
//!   with the heap, trail and continuation heights to restore on backtracking;
//! - the trail records which variables were bound since a choicepoint.
//!
//! Nothing recurses on the Rust stack, so a million nested calls only cost heap memory.

use crate::arith::{self, Num, error_term, instantiation_error, type_error};
use crate::db::{Clause, ClauseList, packed_key_of_cell};
pub use crate::options::Options;
use crate::store::{Cell, build, deref, read_back, read_back_bounded};
use crate::term::{Atom, Term, atoms};
use crate::{Answer, Database, Observer, Proof, ProofNode, SolveError, TraceEvent};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::rc::Rc;
use std::time::{Duration, Instant};

mod builtins;
pub(crate) mod code;
use builtins::{BuiltinId, Redo};
pub(crate) use builtins::{Comparison, builtin_table};
use limits::{build_cap_error, term_cells};
mod answer;
mod control;
mod format;
mod gc;
pub(crate) mod host;
pub(crate) mod inline;
mod limits;
mod order;
mod output;

use control::Control;
pub(crate) use control::control_table;
pub(crate) use order::compare;

const NONE: u32 = u32::MAX;

/// A frame slot not bound yet (never a value: functor cells are not argument values).
const UNSET: Cell = Cell::Fun(atoms::NIL, u32::MAX);

/// Whether a frame slot is still `UNSET` (a tag test, cheaper than comparing cells).
/// By reference: the test then reads the two fields it needs, not the whole 16-byte
/// cell, which would stall on the narrower stores that just wrote `UNSET` there.
#[inline(always)]
fn is_unset(c: &Cell) -> bool {
    matches!(c, Cell::Fun(_, u32::MAX))
}

/// Whether two functor cells are equal.
#[inline]
fn same_functor(a: Cell, b: Cell) -> bool {
    matches!((a, b), (Cell::Fun(f, n), Cell::Fun(g, m)) if f == g && n == m)
}

/// The largest term a single built-in call may create (length/2, functor/3): beyond it a
/// resource error, rather than exhausting memory on a typo.
const MAX_BUILD: i64 = 1 << 26;

/// The heap size (in 16-byte cells, 32 GiB) past which addresses would no longer fit the
/// cells' 32 bits: a query stops with `resource_error(memory)` before.
const MAX_HEAP_CELLS: usize = 1 << 31;

/// Free room kept ahead on the heap (cells), the continuation store and the choicepoint
/// and trail stacks (entries), reserved with `try_reserve` when the limits are checked:
/// the pushes between two checks then never reallocate, so a failed allocation becomes a
/// `resource_error(memory)` instead of aborting the process.
const HEAP_HEADROOM: usize = 1 << 18;
const STACK_HEADROOM: usize = 1 << 14;

/// How much work (cells built or copied, list cells walked) built-ins may do between two
/// looks at the clock and the memory budget, besides the per-inference checks.
const WORK_STEP: u64 = 1 << 16;

/// Steps after which the term walks (unification, comparison, term_variables) start
/// remembering what they met, so that cyclic terms end; before, they cost nothing extra.
pub(crate) const CYCLE_CHECK_AFTER: u32 = 1 << 20;

fn memory_formal() -> Term {
    Term::compound("resource_error", vec![Term::atom("memory")])
}

fn resource_error() -> Term {
    error_term(memory_formal())
}

/// What a frame asks for.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Goal {
    /// Prove this goal.
    Call(Cell),
    /// Cut the choicepoint stack back to this height (end of an if-then-else condition).
    CutTo(u32),
    /// findall/3: store a copy of the template in bag `n`, then fail for the next one.
    Collect(u32),
    /// The goal of a catch/3 exited: drop its catch frame if it is on top.
    PopCatch(u32),
    /// Port trace: the goal exits.
    /// (The goal cell is kept on the heap at this address: frames stay 32 bytes.)
    Exit(u32),
    /// Soft cut: the condition succeeded, so the else branch at this height is dropped.
    SoftCut(u32),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    goal: Goal,
    next: u32,
    /// Cut barrier: the choicepoint height a `!` here cuts back to.
    cut: u32,
    depth: u32,
    /// The proof node the goal's proof hangs under.
    proof: u32,
}

#[derive(Debug)]
enum CpKind {
    /// The next clauses of a call. The goal is found at heap address `goal_at` (a
    /// functor cell, or the goal's own cell for an atom) and its first-argument key is
    /// recomputed on backtracking: choicepoints stay small.
    Clauses {
        clauses: ClauseList,
        next: u32,
        goal_at: u32,
        depth: u32,
        proof: u32,
    },
    Alt {
        goal: Cell,
        cut: u32,
        depth: u32,
        proof: u32,
    },
    Findall {
        bag: u32,
        result: Cell,
    },
    /// catch/3: its arguments (goal, catcher, recovery) start at heap address `args`.
    Catch {
        args: u32,
        cut: u32,
        depth: u32,
        proof: u32,
    },
    TraceFail {
        goal: Cell,
        depth: u32,
    },
    /// A choicepoint disabled in place (the else branch of a soft cut): skipped.
    Dead,
    /// Resume a nondeterministic built-in (between/3 ...) with its state.
    Retry {
        redo: Redo,
        args: u32,
        state: i64,
        depth: u32,
        proof: u32,
    },
}

#[derive(Debug)]
struct Cp {
    kind: CpKind,
    heap: u32,
    trail: u32,
    conts: u32,
    cont: u32,
    proofs: u32,
}

struct PNode {
    parent: u32,
    goal: Cell,
    clause: Option<Rc<Clause>>,
}

/// How a procedure is implemented.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PredRef {
    Control(Control),
    Builtin(BuiltinId),
    User(u32),
}

/// An error or limit that ends a resolution step.
pub(crate) enum Stop {
    Ball(Box<Term>),
    Limit(Box<SolveError>),
}

impl Stop {
    /// A thrown term (boxed: results stay two words wide on the hot paths).
    pub(crate) fn ball(t: Term) -> Stop {
        Stop::Ball(Box::new(t))
    }
}

impl From<Term> for Stop {
    fn from(t: Term) -> Stop {
        Stop::ball(t)
    }
}

type Res = Result<bool, Stop>;

/// The buffers a finished query leaves to the next one on the same database (emptied,
/// their capacity kept). Only buffers of about the size the first limit check reserves
/// (at most twice the headroom) are kept, so a big query's memory is still freed when it
/// ends. The next query's budget check counts the capacity it holds, as always.
#[derive(Default)]
pub(crate) struct Spare {
    heap: Vec<Cell>,
    trail: Vec<u32>,
    conts: Vec<Frame>,
    cps: Vec<Cp>,
}

/// A running query.
pub(crate) struct Machine<'a> {
    pub(crate) db: &'a mut Database,
    heap: Vec<Cell>,
    trail: Vec<u32>,
    conts: Vec<Frame>,
    cont: u32,
    /// The goal to run next, before the continuation at `cont`: the first body goal of
    /// the clause just entered, which skips a push and pop of the continuation store
    /// (it comes first, so no choicepoint can be made while it waits).
    direct: Option<Frame>,
    cps: Vec<Cp>,
    proofs: Vec<PNode>,
    /// findall/3 in progress: template, the copies collected so far and their size in
    /// cells (counted against the memory budget).
    bags: Vec<(Cell, Vec<Term>, usize)>,
    /// The cells held by all bags.
    bag_cells: usize,
    bag_vars: u32,
    ustack: Vec<(Cell, Cell)>,
    /// The heap height saved by the newest choicepoint (0 without one).
    hb: u32,
    /// The procedure last looked up by a call: name, arity, and what it is (an arity no
    /// procedure has to start with).
    last_proc: (Atom, u32, PredRef),
    hstack: Vec<(Cell, Cell)>,
    istack: Vec<(u32, Cell)>,
    frame: Vec<Cell>,
    pub(crate) query_vars: Vec<(String, Cell)>,
    pub(crate) opts: Options,
    pub(crate) inferences: u64,
    /// The inference count at which `check_limits` runs next.
    check_at: u64,
    start: Instant,
    /// When the query must stop (from `timeout` and `deadline`).
    deadline: Option<Instant>,
    /// The memory budget in bytes (`u64::MAX` without one).
    budget: u64,
    /// Work done by built-ins since the clock was last read.
    work: u64,
    /// The heap height past which the garbage collector runs next.
    gc_at: usize,
    /// Set when the limits are checked and the heap has passed `gc_at`: the collector
    /// runs at the top of the next step (where no cell is held in a local variable).
    gc_wanted: bool,
    /// Whether the last `resource_error(memory)` came from the budget (uncaught, it is
    /// reported as [`SolveError::MemoryLimit`]).
    memory_hit: bool,
    /// The bytes of the clauses this query asserted, less those it retracted (counted
    /// against the budget: an assertz/1 loop must stop within it).
    asserted_bytes: u64,
    pub(crate) output: String,
    pub(crate) observer: Option<Box<dyn Observer + 'a>>,
    /// Whether a first answer was already produced (the next call must backtrack).
    started: bool,
    pub(crate) done: bool,
    /// The exit code of a halt/0,1 under way (no catch/3 takes it).
    pub(crate) halted: Option<i32>,
    /// Where the output captured by with_output_to/2 starts in `output`, innermost last.
    pub(crate) captures: Vec<usize>,
    /// The scratch stacks of arithmetic evaluation, kept from one to the next.
    eval_stacks: std::cell::Cell<arith::EvalStacks>,
}

impl Drop for Machine<'_> {
    /// Leaves the heap and stacks to the database's next query when they are no larger
    /// than a fresh query's first reservation (see [`Spare`]).
    fn drop(&mut self) {
        let small = self.heap.capacity() <= 2 * HEAP_HEADROOM
            && self.trail.capacity() <= 2 * STACK_HEADROOM
            && self.conts.capacity() <= 2 * STACK_HEADROOM
            && self.cps.capacity() <= 2 * STACK_HEADROOM;
        if !small {
            return;
        }
        let mut spare = Spare {
            heap: std::mem::take(&mut self.heap),
            trail: std::mem::take(&mut self.trail),
            conts: std::mem::take(&mut self.conts),
            cps: std::mem::take(&mut self.cps),
        };
        spare.heap.clear();
        spare.trail.clear();
        spare.conts.clear();
        spare.cps.clear();
        self.db.spare = Some(Box::new(spare));
    }
}

impl<'a> Machine<'a> {
    pub(crate) fn new(
        db: &'a mut Database,
        goal: &Term,
        var_names: &[String],
        opts: Options,
    ) -> Self {
        let start = Instant::now();
        let deadline = match (
            opts.timeout.and_then(|t| start.checked_add(t)),
            opts.deadline,
        ) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let budget = opts.max_memory.unwrap_or(u64::MAX);
        let spare = db.spare.take().map(|b| *b).unwrap_or_else(|| Spare {
            heap: Vec::with_capacity(1 << 12),
            ..Spare::default()
        });
        let mut m = Machine {
            db,
            heap: spare.heap,
            trail: spare.trail,
            conts: spare.conts,
            cont: NONE,
            direct: None,
            cps: spare.cps,
            proofs: Vec::new(),
            bags: Vec::new(),
            bag_cells: 0,
            bag_vars: 0,
            ustack: Vec::new(),
            hb: 0,
            last_proc: (atoms::NIL, u32::MAX, PredRef::User(0)),
            hstack: Vec::new(),
            istack: Vec::new(),
            frame: Vec::new(),
            query_vars: Vec::new(),
            opts,
            inferences: 0,
            check_at: 0,
            start,
            deadline,
            budget,
            work: 0,
            gc_at: gc::MIN_GROWTH,
            gc_wanted: false,
            memory_hit: false,
            asserted_bytes: 0,
            output: String::new(),
            observer: None,
            started: false,
            done: false,
            halted: None,
            captures: Vec::new(),
            eval_stacks: std::cell::Cell::default(),
        };
        let mut vars: FxHashMap<u32, Cell> = FxHashMap::default();
        let goal_cell = m.put_term_with(goal, &mut vars);
        for (i, name) in var_names.iter().enumerate() {
            if name.starts_with('_') {
                continue;
            }
            if let Some(&c) = vars.get(&(i as u32)) {
                m.query_vars.push((name.clone(), c));
            }
        }
        m.conts.push(Frame {
            goal: Goal::Call(goal_cell),
            next: NONE,
            cut: 0,
            depth: 0,
            proof: NONE,
        });
        m.cont = 0;
        m
    }

    fn new_var(&mut self) -> Cell {
        let a = self.heap.len() as u32;
        self.heap.push(Cell::Ref(a));
        Cell::Ref(a)
    }

    /// Builds an owned term on the heap, its variables mapped through `vars`.
    fn put_term_with(&mut self, t: &Term, vars: &mut FxHashMap<u32, Cell>) -> Cell {
        build(&mut self.heap, t, &mut |cells, v| {
            *vars.entry(v).or_insert_with(|| {
                let a = cells.len() as u32;
                cells.push(Cell::Ref(a));
                Cell::Ref(a)
            })
        })
    }

    fn put_term(&mut self, t: &Term) -> Cell {
        let mut vars = FxHashMap::default();
        self.put_term_with(t, &mut vars)
    }

    /// Reads a heap term back, variables numbered by address (stable across a trace).
    fn read(&self, c: Cell) -> Term {
        let mut names = FxHashMap::default();
        let t = read_back(&self.heap, c, &mut names, 0);
        let rename: FxHashMap<u32, u32> = names.into_iter().map(|(addr, n)| (n, addr)).collect();
        t.map_vars(&mut |v| Term::Var(rename.get(&v).copied().unwrap_or(v)))
    }

    #[inline]
    fn deref(&self, c: Cell) -> Cell {
        deref(&self.heap, c)
    }

    #[inline]
    fn bind(&mut self, a: u32, value: Cell) {
        self.heap[a as usize] = value;
        // Only variables older than the newest choicepoint need undoing on backtracking.
        if a < self.hb {
            self.trail.push(a);
        }
    }

    /// Unifies two heap terms (no occurs check, as in standard Prolog).
    fn unify(&mut self, a: Cell, b: Cell) -> bool {
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

    fn push_frame(&mut self, goal: Goal, cut: u32, depth: u32, proof: u32) {
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
    fn pop_cp(&mut self) {
        self.cps.pop();
        self.hb = self.cps.last().map_or(0, |c| c.heap);
    }

    fn push_cp(&mut self, kind: CpKind) {
        self.push_cp_at(kind, self.heap.len() as u32, self.trail.len() as u32);
    }

    /// Pushes a choicepoint that restores the heap and trail to the given heights (below
    /// the tops when a clause head was matched before its choicepoint was made; every
    /// binding of a cell under `heap` since then must be on the trail above `trail`).
    #[inline]
    fn push_cp_at(&mut self, kind: CpKind, heap: u32, trail: u32) {
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

    fn cut_to(&mut self, height: u32) {
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
    fn undo_trail(&mut self, to: usize) {
        while self.trail.len() > to {
            if let Some(a) = self.trail.pop() {
                self.heap[a as usize] = Cell::Ref(a);
            }
        }
    }

    /// Restores the state saved in the top choicepoint (which stays on the stack).
    fn restore(&mut self) {
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

    fn emit(&mut self, e: TraceEvent) {
        if let Some(o) = self.observer.as_mut() {
            o.event(&e);
        }
    }

    /// The goals still to prove after the current one (for the course-style trace).
    fn pending_goals(&self, limit: usize) -> Vec<Term> {
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

    fn backtrack_or_stop(&mut self) -> Result<bool, SolveError> {
        self.backtrack().or_else(|stop| self.handle(stop))
    }

    /// Turns a thrown ball into a catch or an error; limits are never caught.
    fn handle(&mut self, stop: Stop) -> Result<bool, SolveError> {
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
    fn uncaught(&self, ball: Term) -> SolveError {
        let e = SolveError::from_ball(ball);
        if self.memory_hit && e == SolveError::Thrown(memory_formal()) {
            return SolveError::MemoryLimit(self.budget);
        }
        e
    }

    fn run(&mut self) -> Result<bool, SolveError> {
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

    fn run_inner(&mut self) -> Result<bool, Stop> {
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
    fn collect(&mut self, bag: u32) -> Res {
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
    fn exit_port(&mut self, at: u32, depth: u32) -> bool {
        let c = self.heap[at as usize];
        let goal = self.read(c);
        self.emit(TraceEvent::Exit {
            depth: depth as usize,
            goal,
        });
        true
    }

    /// Backtracks to the most recent alternative: `Ok(false)` when none is left.
    fn backtrack(&mut self) -> Result<bool, Stop> {
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
                CpKind::Retry {
                    redo,
                    args,
                    state,
                    depth,
                    proof,
                } => {
                    let (redo, args, state, depth, proof) = (*redo, *args, *state, *depth, *proof);
                    self.restore();
                    self.pop_cp();
                    // Each further solution of a built-in is an inference (SWI counts the
                    // redo), so `between(1, inf, X), fail` meets the limits.
                    self.count_inference()?;
                    if redo(self, args, state, depth, proof)? {
                        return Ok(true);
                    }
                }
            }
        }
    }

    /// Unifies a clause head with `goal` and pushes the clause body. The head is matched
    /// straight from the clause template: a head variable met for the first time just
    /// records the goal's subterm in `frame` (no heap cell, no binding), and only template
    /// structures that meet an unbound goal variable are built on the heap (as the WAM's
    /// get instructions do). The body is then built with the frame's values.
    fn try_clause(
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
    fn match_head(&mut self, clause: &Clause, goal: Cell) -> bool {
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
    fn push_body(
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
    fn head_leaf(&mut self, t: Cell, c: Cell) -> bool {
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
    fn unify_head(&mut self, clause: &Clause, goal: Cell) -> bool {
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
    fn head_pair(&mut self, cells: &[Cell], t: Cell, c: Cell) -> bool {
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

    fn goal_parts(&self, c: Cell) -> Result<(Atom, u32, u32), Stop> {
        match c {
            Cell::Atom(a) => Ok((a, 0, 0)),
            Cell::Str(a) => match self.heap[a as usize] {
                Cell::Fun(f, n) => Ok((f, n, a + 1)),
                _ => Err(Stop::ball(type_error("callable", self.read(c)))),
            },
            Cell::Ref(_) => Err(Stop::ball(instantiation_error())),
            _ => Err(Stop::ball(type_error("callable", self.read(c)))),
        }
    }

    #[inline]
    fn arg(&self, args: u32, i: u32) -> Cell {
        self.deref(self.heap[(args + i) as usize])
    }

    fn call(&mut self, c: Cell, f: Frame) -> Res {
        let c = self.deref(c);
        let (name, arity, args) = match c {
            Cell::Str(a) => match self.heap[a as usize] {
                Cell::Fun(name, n) => (name, n, a + 1),
                _ => self.goal_parts(c)?,
            },
            Cell::Atom(a) => (a, 0, 0),
            _ => self.goal_parts(c)?,
        };
        // The procedure last called is usually called again (a recursion, a loop): it
        // is remembered, which is safe because a procedure table entry, once made, is
        // never changed nor removed (a redefinition changes the clauses behind it).
        let pref = if self.last_proc.0 == name && self.last_proc.1 == arity {
            Some(self.last_proc.2)
        } else {
            let found = self.db.index.get(&(name, arity)).copied();
            if let Some(r) = found {
                self.last_proc = (name, arity, r);
            }
            found
        };
        let Some(pref) = pref else {
            // A string is a structure on the heap, but not a goal.
            if crate::strings::is_string(&self.heap, c) {
                return Err(Stop::ball(type_error("callable", self.read(c))));
            }
            self.count_inference()?;
            if self.db.unknown_fail {
                if self.observer.is_some() {
                    let g = self.read(c);
                    self.emit(TraceEvent::Unknown {
                        depth: f.depth as usize,
                        goal: g,
                    });
                }
                return Ok(false);
            }
            return Err(Stop::ball(existence_error(name, arity)));
        };
        match pref {
            PredRef::User(p) => self.call_user(p, c, arity, args, f),
            PredRef::Control(k) => self.control(k, args, f),
            PredRef::Builtin(b) => self.call_builtin(b, c, args, f),
        }
    }

    /// Calls a built-in predicate (apart from `call`, so that the user predicates' path
    /// stays small: inlined, this measured 10% slower on naive reverse).
    #[inline(never)]
    fn call_builtin(&mut self, b: BuiltinId, c: Cell, args: u32, f: Frame) -> Res {
        self.count_inference()?;
        if self.opts.explain {
            self.proofs.push(PNode {
                parent: f.proof,
                goal: c,
                clause: None,
            });
        }
        if self.observer.is_some() && self.opts.ports {
            let g = self.read(c);
            self.emit(TraceEvent::Call {
                depth: f.depth as usize,
                goal: g.clone(),
            });
            let ok = b.run()(self, args, f)?;
            self.emit(if ok {
                TraceEvent::Exit {
                    depth: f.depth as usize,
                    goal: self.read(c),
                }
            } else {
                TraceEvent::Fail {
                    depth: f.depth as usize,
                    goal: g,
                }
            });
            return Ok(ok);
        }
        match b.run()(self, args, f) {
            Err(Stop::Ball(ball)) => Err(Stop::Ball(Box::new(self.in_context(*ball, c)))),
            other => other,
        }
    }

    /// An error term `error(Formal, _)` raised by the built-in `goal` gets SWI-Prolog's
    /// context, `context(system:Name/Arity, _)` (`length/2` and `keysort/2`, ISO core in
    /// SWI, without the module); any other ball, or one with its context set, is kept.
    #[cold]
    fn in_context(&self, ball: Term, goal: Cell) -> Term {
        let Term::Compound(e, args) = &ball else {
            return ball;
        };
        if *e != atoms::ERROR || args.len() != 2 || !matches!(args[1], Term::Var(_)) {
            return ball;
        }
        let (name, arity) = match self.deref(goal) {
            Cell::Str(a) => match self.heap[a as usize] {
                Cell::Fun(name, n) => (name, n),
                _ => return ball,
            },
            Cell::Atom(name) => (name, 0),
            _ => return ball,
        };
        // throw/1 raises the ball it is given, context and all.
        if name.name() == "throw" && arity == 1 {
            return ball;
        }
        let pi = crate::errors::indicator(name, arity);
        let pi = if matches!((name.name(), arity), ("length", 2) | ("keysort", 2)) {
            pi
        } else {
            Term::compound(":", vec![Term::atom("system"), pi])
        };
        // A variable of its own: the formal term may hold the culprit's variables.
        let fresh = args[0].variables().into_iter().max().map_or(0, |v| v + 1);
        let mut args = ball_args(ball);
        args[1] = Term::compound("context", vec![pi, Term::Var(fresh)]);
        Term::new(atoms::ERROR, args)
    }

    fn call_user(&mut self, p: u32, goal: Cell, arity: u32, args: u32, f: Frame) -> Res {
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
    fn call_alternatives(
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

/// The bytes an owned term's node is counted for in an answer.
const ANSWER_NODE_BYTES: u64 = 48;

/// The bytes one cell of a findall/3 copy is counted for (owned terms are larger than
/// heap cells).
const BAG_CELL_BYTES: usize = 32;

pub(crate) fn existence_error(name: Atom, arity: u32) -> Term {
    error_term(Term::compound(
        "existence_error",
        vec![
            Term::atom("procedure"),
            crate::errors::indicator(name, arity),
        ],
    ))
}

/// Builds the clause template term `t` on the heap, variables from `frame` (fresh ones
/// for variables not met yet; a variable first met inside a structure lives in its
/// argument slot). `todo` holds the structure slots still to fill (explicit stack).
/// Inlined: a 16-byte cell returned through memory stalls the store that follows.
#[inline(always)]
fn instantiate(
    heap: &mut Vec<Cell>,
    cells: &[Cell],
    t: Cell,
    frame: &mut [Cell],
    todo: &mut Vec<(u32, Cell)>,
) -> Cell {
    let root = instantiate_one(heap, cells, t, frame, todo);
    while let Some((slot, t)) = todo.pop() {
        let c = instantiate_one(heap, cells, t, frame, todo);
        heap[slot as usize] = c;
    }
    root
}

#[inline(always)]
fn instantiate_one(
    heap: &mut Vec<Cell>,
    cells: &[Cell],
    t: Cell,
    frame: &mut [Cell],
    todo: &mut Vec<(u32, Cell)>,
) -> Cell {
    match t {
        Cell::Ref(k) => {
            let slot = &mut frame[k as usize];
            if is_unset(slot) {
                let a = heap.len() as u32;
                heap.push(Cell::Ref(a));
                *slot = Cell::Ref(a);
            }
            *slot
        }
        Cell::Str(p) => {
            let f = cells[p as usize];
            let Cell::Fun(_, n) = f else { return f };
            let a = heap.len() as u32;
            let p = p as usize;
            let targs = &cells[p + 1..p + 1 + n as usize];
            // One reservation for the structure: the pushes below then never reallocate.
            heap.reserve(targs.len() + 1);
            heap.push(f);
            for (at, &arg) in (a + 1..).zip(targs) {
                let v = match arg {
                    Cell::Ref(k) => {
                        // A variable met for the first time lives in its argument slot.
                        let slot = &mut frame[k as usize];
                        if is_unset(slot) {
                            *slot = Cell::Ref(at);
                        }
                        *slot
                    }
                    Cell::Str(_) => {
                        todo.push((at, arg));
                        UNSET
                    }
                    atomic => atomic,
                };
                heap.push(v);
            }
            Cell::Str(a)
        }
        atomic => atomic,
    }
}

/// The arguments of a compound ball (empty for anything else).
fn ball_args(ball: Term) -> Vec<Term> {
    match ball {
        Term::Compound(_, args) => args.into_vec(),
        _ => Vec::new(),
    }
}
