//! The resolution engine: SLD resolution, depth first, left to right, with explicit stacks.
//!
//! - the heap holds every term built while proving (clause copies, results);
//! - the continuation store holds goal frames as linked lists (what remains to prove);
//! - the choicepoint stack holds the alternatives (next clause, other branch of `;`, ...)
//!   with the heap, trail and continuation heights to restore on backtracking;
//! - the trail records which variables were bound since a choicepoint.
//!
//! Nothing recurses on the Rust stack, so a million nested calls only cost heap memory.
//!
//! This module holds the machine's types and state; its work is split by responsibility:
//! `stacks` (the heap, trail, unification and choicepoints), `run` (the solve loop,
//! backtracking, catch/3 and limits' stops), `call` (what a goal names and dispatching
//! to it), `resolve` (clause selection and heads), `code` and `inline` (running the
//! compiled clauses), `control` (the control constructs), `builtins` (the built-in
//! predicates), `limits` (inference, time and memory checks), `gc`, `order`, `output`,
//! `answer` and `host` (answers for the rule engine).
//!
//! The boundary: the built-ins run in a `Context` (`context`), which lends them the
//! term operations (deref, unify, bind, building within the budget), throwing, retrying,
//! the database, the output and the limits, and nothing of the stacks, choicepoints or
//! registers. What must manipulate those stays on the machine: the control constructs
//! (conjunction, disjunction, if-then-else, negation, cut, call/N, findall/3, catch/3
//! and throw's unwinding), clause resolution, the limits' checks and the collector.

use crate::arith::{self, Num, error_term, instantiation_error, type_error};
use crate::db::{Clause, ClauseList};
pub use crate::options::Options;
use crate::store::{Cell, deref, read_back, read_back_bounded};
use crate::term::{Atom, Term, atoms};
use crate::{Answer, Database, Observer, Proof, ProofNode, SolveError};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::rc::Rc;
use std::time::{Duration, Instant};

mod builtins;
pub(crate) mod code;
pub(crate) use builtins::builtin_table;
use builtins::{BuiltinId, Resume};
use limits::{build_cap_error, term_cells};
mod answer;
mod answer_vars;
mod call;
mod context;
mod control;
mod gc;
pub(crate) mod host;
pub(crate) mod inline;
mod limits;
mod order;
mod output;
mod resolve;
mod run;
mod stacks;

use context::Context;
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
        at: Resume,
        state: i64,
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
