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
use crate::db::{Clause, ClauseList};
use crate::store::{Cell, Key, build, deref, read_back};
use crate::term::{Atom, Term, atoms};
use crate::{Answer, Database, Observer, Proof, ProofNode, SolveError, TraceEvent};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::rc::Rc;
use std::time::{Duration, Instant};

const NONE: u32 = u32::MAX;

/// A frame slot not bound yet (never a value: functor cells are not argument values).
const UNSET: Cell = Cell::Fun(atoms::NIL, u32::MAX);

/// The largest term a single built-in call may create (length/2, functor/3): beyond it a
/// resource error, rather than exhausting memory on a typo.
const MAX_BUILD: i64 = 1 << 26;

fn resource_error() -> Term {
    error_term(Term::compound("resource_error", vec![Term::atom("memory")]))
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
    Exit(Cell),
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
    Clauses {
        clauses: ClauseList,
        next: u32,
        goal: Cell,
        key: Key,
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
    Catch {
        catcher: Cell,
        recovery: Cell,
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
        builtin: Builtin,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PredRef {
    Control(Control),
    Builtin(Builtin),
    User(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Control {
    True,
    Fail,
    Conj,
    Disj,
    IfThen,
    SoftIf,
    Not,
    Cut,
    Call(u32),
    Findall,
    Catch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    Unify,
    NotUnify,
    Eq,
    NotEq,
    Is,
    NumCmp(u8),
    TermCmp(u8),
    Compare,
    Var,
    Nonvar,
    IsAtom,
    Number,
    Integer,
    Float,
    Atomic,
    Compound,
    Callable,
    IsList,
    Ground,
    Functor,
    Arg,
    Univ,
    CopyTerm,
    Write,
    Print,
    Writeq,
    WriteCanonical,
    Nl,
    Tab,
    Assertz,
    Asserta,
    Retract,
    RetractAll,
    Abolish,
    Msort,
    Sort,
    Predsort,
    AtomCodes,
    AtomChars,
    CharCode,
    AtomLength,
    NumberCodes,
    AtomNumber,
    AtomString,
    Throw,
    Halt,
    Dynamic,
    SetFlag,
    Between,
    Succ,
    Plus,
    Clause,
    Length,
    AtomConcat,
    SubAtom,
    NbGetval,
    NbSetval,
    Tab2,
    Keysort,
    Format(u8),
    TermToAtom,
    IsString,
    StringConcat,
    StringChars,
    StringCodes,
    StringToAtom,
    StringLength,
    NumberString,
    TermString,
    DcgBody,
}

/// The built-in predicates and control constructs, by name and arity.
pub(crate) fn builtin_table() -> Vec<((&'static str, u32), PredRef)> {
    use Builtin as B;
    use Control as C;
    use PredRef::{Builtin as Bi, Control as Co};
    let mut v = vec![
        (("true", 0), Co(C::True)),
        (("otherwise", 0), Co(C::True)),
        (("fail", 0), Co(C::Fail)),
        (("false", 0), Co(C::Fail)),
        ((",", 2), Co(C::Conj)),
        ((";", 2), Co(C::Disj)),
        (("|", 2), Co(C::Disj)),
        (("->", 2), Co(C::IfThen)),
        (("*->", 2), Co(C::SoftIf)),
        (("\\+", 1), Co(C::Not)),
        (("not", 1), Co(C::Not)),
        (("!", 0), Co(C::Cut)),
        (("findall", 3), Co(C::Findall)),
        (("catch", 3), Co(C::Catch)),
        (("=", 2), Bi(B::Unify)),
        (("\\=", 2), Bi(B::NotUnify)),
        (("==", 2), Bi(B::Eq)),
        (("\\==", 2), Bi(B::NotEq)),
        (("is", 2), Bi(B::Is)),
        (("=:=", 2), Bi(B::NumCmp(0))),
        (("=\\=", 2), Bi(B::NumCmp(1))),
        (("<", 2), Bi(B::NumCmp(2))),
        ((">", 2), Bi(B::NumCmp(3))),
        (("=<", 2), Bi(B::NumCmp(4))),
        ((">=", 2), Bi(B::NumCmp(5))),
        (("@<", 2), Bi(B::TermCmp(2))),
        (("@>", 2), Bi(B::TermCmp(3))),
        (("@=<", 2), Bi(B::TermCmp(4))),
        (("@>=", 2), Bi(B::TermCmp(5))),
        (("compare", 3), Bi(B::Compare)),
        (("var", 1), Bi(B::Var)),
        (("nonvar", 1), Bi(B::Nonvar)),
        (("atom", 1), Bi(B::IsAtom)),
        (("number", 1), Bi(B::Number)),
        (("integer", 1), Bi(B::Integer)),
        (("float", 1), Bi(B::Float)),
        (("atomic", 1), Bi(B::Atomic)),
        (("compound", 1), Bi(B::Compound)),
        (("callable", 1), Bi(B::Callable)),
        (("is_list", 1), Bi(B::IsList)),
        (("ground", 1), Bi(B::Ground)),
        (("functor", 3), Bi(B::Functor)),
        (("arg", 3), Bi(B::Arg)),
        (("=..", 2), Bi(B::Univ)),
        (("copy_term", 2), Bi(B::CopyTerm)),
        (("write", 1), Bi(B::Write)),
        (("print", 1), Bi(B::Print)),
        (("writeq", 1), Bi(B::Writeq)),
        (("write_canonical", 1), Bi(B::WriteCanonical)),
        (("nl", 0), Bi(B::Nl)),
        (("tab", 1), Bi(B::Tab)),
        (("assertz", 1), Bi(B::Assertz)),
        (("assert", 1), Bi(B::Assertz)),
        (("asserta", 1), Bi(B::Asserta)),
        (("retract", 1), Bi(B::Retract)),
        (("retractall", 1), Bi(B::RetractAll)),
        (("abolish", 1), Bi(B::Abolish)),
        (("msort", 2), Bi(B::Msort)),
        (("sort", 2), Bi(B::Sort)),
        (("predsort", 3), Bi(B::Predsort)),
        (("keysort", 2), Bi(B::Keysort)),
        (("atom_codes", 2), Bi(B::AtomCodes)),
        (("atom_chars", 2), Bi(B::AtomChars)),
        (("char_code", 2), Bi(B::CharCode)),
        (("atom_length", 2), Bi(B::AtomLength)),
        (("number_codes", 2), Bi(B::NumberCodes)),
        (("atom_number", 2), Bi(B::AtomNumber)),
        (("atom_string", 2), Bi(B::AtomString)),
        (("atom_concat", 3), Bi(B::AtomConcat)),
        (("sub_atom", 5), Bi(B::SubAtom)),
        (("throw", 1), Bi(B::Throw)),
        (("halt", 0), Bi(B::Halt)),
        (("dynamic", 1), Bi(B::Dynamic)),
        (("set_prolog_flag", 2), Bi(B::SetFlag)),
        (("between", 3), Bi(B::Between)),
        (("succ", 2), Bi(B::Succ)),
        (("plus", 3), Bi(B::Plus)),
        (("clause", 2), Bi(B::Clause)),
        (("length", 2), Bi(B::Length)),
        (("nb_getval", 2), Bi(B::NbGetval)),
        (("b_getval", 2), Bi(B::NbGetval)),
        (("nb_setval", 2), Bi(B::NbSetval)),
        (("b_setval", 2), Bi(B::NbSetval)),
        (("tab", 2), Bi(B::Tab2)),
        (("format", 1), Bi(B::Format(1))),
        (("format", 2), Bi(B::Format(2))),
        (("format", 3), Bi(B::Format(3))),
        (("term_to_atom", 2), Bi(B::TermToAtom)),
        (("string", 1), Bi(B::IsString)),
        (("string_concat", 3), Bi(B::StringConcat)),
        (("string_chars", 2), Bi(B::StringChars)),
        (("string_codes", 2), Bi(B::StringCodes)),
        (("string_to_atom", 2), Bi(B::StringToAtom)),
        (("string_length", 2), Bi(B::StringLength)),
        (("number_string", 2), Bi(B::NumberString)),
        (("term_string", 2), Bi(B::TermString)),
        (("$dcg_body", 4), Bi(B::DcgBody)),
    ];
    for n in 1..=8 {
        v.push((("call", n), Co(C::Call(n - 1))));
    }
    v
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

/// Limits and switches of one run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Stop with [`SolveError::InferenceLimit`] after this many inferences (calls).
    pub max_inferences: Option<u64>,
    /// Stop with [`SolveError::Timeout`] after this long.
    pub timeout: Option<Duration>,
    /// Record a proof tree for each answer ([`Answer::proof`]).
    pub explain: bool,
    /// Report call/exit/redo/fail ports to the observer (the course-style steps are always
    /// reported when an observer is set).
    pub ports: bool,
}

/// A running query.
pub(crate) struct Machine<'a> {
    pub(crate) db: &'a mut Database,
    heap: Vec<Cell>,
    trail: Vec<u32>,
    conts: Vec<Frame>,
    cont: u32,
    cps: Vec<Cp>,
    proofs: Vec<PNode>,
    /// findall/3 in progress: template and the copies collected so far.
    bags: Vec<(Cell, Vec<Term>)>,
    bag_vars: u32,
    ustack: Vec<(Cell, Cell)>,
    /// The heap height saved by the newest choicepoint (0 without one).
    hb: u32,
    hstack: Vec<(Cell, Cell)>,
    istack: Vec<(u32, Cell)>,
    frame: Vec<Cell>,
    pub(crate) query_vars: Vec<(String, Cell)>,
    pub(crate) opts: Options,
    pub(crate) inferences: u64,
    start: Instant,
    pub(crate) output: String,
    pub(crate) observer: Option<Box<dyn Observer + 'a>>,
    /// Whether a first answer was already produced (the next call must backtrack).
    started: bool,
    pub(crate) done: bool,
    pub(crate) halted: bool,
}

impl<'a> Machine<'a> {
    pub(crate) fn new(
        db: &'a mut Database,
        goal: &Term,
        var_names: &[String],
        opts: Options,
    ) -> Self {
        let mut m = Machine {
            db,
            heap: Vec::with_capacity(1 << 12),
            trail: Vec::new(),
            conts: Vec::new(),
            cont: NONE,
            cps: Vec::new(),
            proofs: Vec::new(),
            bags: Vec::new(),
            bag_vars: 0,
            ustack: Vec::new(),
            hb: 0,
            hstack: Vec::new(),
            istack: Vec::new(),
            frame: Vec::new(),
            query_vars: Vec::new(),
            opts,
            inferences: 0,
            start: Instant::now(),
            output: String::new(),
            observer: None,
            started: false,
            done: false,
            halted: false,
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
            steps = steps.wrapping_add(1);
            if steps > 1_000_000
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
                    if fx != fy {
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
        self.hb = self.heap.len() as u32;
        self.cps.push(Cp {
            kind,
            heap: self.heap.len() as u32,
            trail: self.trail.len() as u32,
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
        }
    }

    /// Restores the state saved in the top choicepoint (which stays on the stack).
    fn restore(&mut self) {
        let Some(cp) = self.cps.last() else { return };
        let (heap, trail, conts, cont, proofs) = (cp.heap, cp.trail, cp.conts, cp.cont, cp.proofs);
        while self.trail.len() > trail as usize {
            if let Some(a) = self.trail.pop() {
                self.heap[a as usize] = Cell::Ref(a);
            }
        }
        self.heap.truncate(heap as usize);
        self.conts.truncate(conts as usize);
        self.cont = cont;
        self.proofs.truncate(proofs as usize);
    }

    fn count_inference(&mut self) -> Result<(), Stop> {
        self.inferences += 1;
        if let Some(max) = self.opts.max_inferences
            && self.inferences > max
        {
            return Err(Stop::Limit(Box::new(SolveError::InferenceLimit(max))));
        }
        if self.inferences & 0xfff == 0
            && let Some(t) = self.opts.timeout
            && self.start.elapsed() > t
        {
            return Err(Stop::Limit(Box::new(SolveError::Timeout(t))));
        }
        Ok(())
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
        match self.run() {
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
        match self.backtrack() {
            Ok(b) => Ok(b),
            Err(stop) => match self.handle(stop) {
                Ok(true) => Ok(true),
                Ok(false) => Ok(false),
                Err(e) => Err(e),
            },
        }
    }

    /// Turns a thrown ball into a catch or an error; limits are never caught.
    fn handle(&mut self, stop: Stop) -> Result<bool, SolveError> {
        match stop {
            Stop::Limit(e) => Err(*e),
            Stop::Ball(ball) => {
                let ball = *ball;
                if self.halted {
                    return Err(SolveError::Halt);
                }
                loop {
                    let Some(cp) = self.cps.last() else {
                        return Err(SolveError::from_ball(ball));
                    };
                    if let CpKind::Catch {
                        catcher,
                        recovery,
                        cut,
                        depth,
                        proof,
                    } = cp.kind
                    {
                        self.restore();
                        self.pop_cp();
                        let mark = self.heap.len();
                        let trail = self.trail.len();
                        let b = self.put_term(&ball);
                        if self.unify(catcher, b) {
                            self.push_frame(Goal::Call(recovery), cut, depth, proof);
                            return Ok(true);
                        }
                        while self.trail.len() > trail {
                            if let Some(a) = self.trail.pop() {
                                self.heap[a as usize] = Cell::Ref(a);
                            }
                        }
                        self.heap.truncate(mark);
                    } else {
                        self.pop_cp();
                    }
                }
            }
        }
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
            if self.cont == NONE {
                return Ok(true);
            }
            let idx = self.cont;
            let f = self.conts[idx as usize];
            self.cont = f.next;
            // A frame on top of the store that no choicepoint can come back to is garbage
            // once popped: deterministic code then runs in constant continuation space.
            if idx as usize + 1 == self.conts.len() && idx >= self.cps.last().map_or(0, |c| c.conts)
            {
                self.conts.pop();
            }
            let ok = match f.goal {
                Goal::Call(c) => self.call(c, f)?,
                Goal::CutTo(h) => {
                    self.cut_to(h);
                    true
                }
                Goal::Collect(bag) => {
                    let template = self
                        .bags
                        .get(bag as usize)
                        .map_or(Cell::Atom(atoms::NIL), |b| b.0);
                    // Fresh variable numbers per collected copy, so that two answers
                    // never share a variable.
                    let mut names = FxHashMap::default();
                    let t = read_back(&self.heap, template, &mut names, self.bag_vars);
                    self.bag_vars += names.len() as u32;
                    if let Some(b) = self.bags.get_mut(bag as usize) {
                        b.1.push(t);
                    }
                    false
                }
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
                Goal::Exit(c) => {
                    let goal = self.read(c);
                    self.emit(TraceEvent::Exit {
                        depth: f.depth as usize,
                        goal,
                    });
                    true
                }
            };
            if !ok && !self.backtrack()? {
                return Ok(false);
            }
        }
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
                    goal,
                    key,
                    depth,
                    proof,
                } => {
                    let i = *next as usize;
                    let (goal, key, depth, proof) = (*goal, *key, *depth, *proof);
                    let clause = clauses[i].clone();
                    let following = next_match(clauses, i + 1, key);
                    let barrier = (self.cps.len() - 1) as u32;
                    self.restore();
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
                    if self.try_clause(&clause, goal, barrier, depth, proof) {
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
                    let items = self.bags.pop().map(|b| b.1).unwrap_or_default();
                    debug_assert_eq!(bag as usize, self.bags.len());
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
                    builtin,
                    args,
                    state,
                    depth,
                    proof,
                } => {
                    let (b, args, state, depth, proof) = (*builtin, *args, *state, *depth, *proof);
                    self.restore();
                    self.pop_cp();
                    if self.retry(b, args, state, depth, proof)? {
                        return Ok(true);
                    }
                }
            }
        }
    }

    /// Copies a clause to the heap top, unifies its head with `goal` and pushes its body.
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
    ) -> bool {
        let mut frame = std::mem::take(&mut self.frame);
        frame.clear();
        frame.resize(clause.nvars as usize, UNSET);
        let ok = self.unify_head(clause, goal, &mut frame);
        if !ok {
            self.frame = frame;
            return false;
        }
        self.frame = frame;
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
                self.push_frame(Goal::Exit(goal), barrier, depth, node);
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
        // Body goals are built last to first, each pushed as it is built (the order in
        // which variables get their heap cells does not matter).
        let mut frame = std::mem::take(&mut self.frame);
        for &g in clause.body.iter().rev() {
            let c = self.instantiate(&clause.cells, g, &mut frame);
            self.push_frame(Goal::Call(c), barrier, depth + 1, node);
        }
        self.frame = frame;
        true
    }

    fn unify_head(&mut self, clause: &Clause, goal: Cell, frame: &mut [Cell]) -> bool {
        let (Cell::Str(h), Cell::Str(g)) = (clause.head, goal) else {
            return true;
        };
        let cells = &clause.cells;
        let Cell::Fun(_, n) = cells[h as usize] else {
            return true;
        };
        let mut stack = std::mem::take(&mut self.hstack);
        stack.clear();
        let mut ok = true;
        let mut i = 1;
        // Arguments are taken in order without going through the stack; the stack only
        // holds the pending pairs inside nested structures.
        loop {
            let (t, c) = match stack.pop() {
                Some(pair) => pair,
                None if i <= n => {
                    let pair = (cells[(h + i) as usize], self.heap[(g + i) as usize]);
                    i += 1;
                    pair
                }
                None => break,
            };
            match t {
                Cell::Ref(k) => {
                    let slot = &mut frame[k as usize];
                    if *slot == UNSET {
                        *slot = c;
                    } else if !self.unify(*slot, c) {
                        ok = false;
                        break;
                    }
                }
                Cell::Str(p) => match self.deref(c) {
                    Cell::Ref(a) => {
                        let built = self.instantiate(cells, t, frame);
                        self.bind(a, built);
                    }
                    Cell::Str(q) => {
                        let f = cells[p as usize];
                        if self.heap[q as usize] != f {
                            ok = false;
                            break;
                        }
                        if let Cell::Fun(_, m) = f {
                            for i in (1..=m).rev() {
                                stack.push((cells[(p + i) as usize], self.heap[(q + i) as usize]));
                            }
                        }
                    }
                    _ => {
                        ok = false;
                        break;
                    }
                },
                atomic => match self.deref(c) {
                    Cell::Ref(a) => self.bind(a, atomic),
                    Cell::Float(x) => {
                        if !matches!(atomic, Cell::Float(y) if y.to_bits() == x.to_bits()) {
                            ok = false;
                            break;
                        }
                    }
                    other => {
                        if other != atomic {
                            ok = false;
                            break;
                        }
                    }
                },
            }
        }
        self.hstack = stack;
        ok
    }

    /// Builds the template term `t` on the heap, variables from `frame` (fresh ones for
    /// variables not met yet).
    fn instantiate(&mut self, cells: &[Cell], t: Cell, frame: &mut [Cell]) -> Cell {
        let mut todo = std::mem::take(&mut self.istack);
        todo.clear();
        let root = self.instantiate_one(cells, t, frame, &mut todo);
        while let Some((slot, t)) = todo.pop() {
            let c = self.instantiate_one(cells, t, frame, &mut todo);
            self.heap[slot as usize] = c;
        }
        self.istack = todo;
        root
    }

    #[inline]
    fn instantiate_one(
        &mut self,
        cells: &[Cell],
        t: Cell,
        frame: &mut [Cell],
        todo: &mut Vec<(u32, Cell)>,
    ) -> Cell {
        match t {
            Cell::Ref(k) => {
                let slot = &mut frame[k as usize];
                if *slot == UNSET {
                    let a = self.heap.len() as u32;
                    self.heap.push(Cell::Ref(a));
                    *slot = Cell::Ref(a);
                }
                *slot
            }
            Cell::Str(p) => {
                let f = cells[p as usize];
                let Cell::Fun(_, n) = f else { return f };
                let a = self.heap.len() as u32;
                self.heap.push(f);
                for i in 1..=n {
                    let arg = cells[(p + i) as usize];
                    match arg {
                        Cell::Ref(k) if frame[k as usize] != UNSET => {
                            self.heap.push(frame[k as usize])
                        }
                        Cell::Ref(k) => {
                            let v = self.heap.len() as u32;
                            self.heap.push(Cell::Ref(v));
                            frame[k as usize] = Cell::Ref(v);
                        }
                        Cell::Str(_) => {
                            self.heap.push(UNSET);
                            todo.push((a + i, arg));
                        }
                        atomic => self.heap.push(atomic),
                    }
                }
                Cell::Str(a)
            }
            atomic => atomic,
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
        let Some(&pref) = self.db.index.get(&(name, arity)) else {
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
            PredRef::User(p) => self.call_user(p, c, args, f),
            PredRef::Control(k) => self.control(k, c, args, f),
            PredRef::Builtin(b) => {
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
                    let ok = self.builtin(b, args, f)?;
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
                self.builtin(b, args, f)
            }
        }
    }

    fn call_user(&mut self, p: u32, goal: Cell, args: u32, f: Frame) -> Res {
        self.count_inference()?;
        let pred = &self.db.preds[p as usize];
        let key = if pred.arity > 0 {
            key_of_cell(&self.heap, self.arg(args, 0))
        } else {
            Key::Any
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
        let Some(i) = next_match(clauses, 0, key) else {
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
        if let Some(j) = next_match(clauses, i + 1, key) {
            // Only a call with alternatives holds on to the clause list (so that clauses
            // added or removed meanwhile do not change what it sees).
            let clauses = clauses.clone();
            self.push_cp(CpKind::Clauses {
                clauses,
                next: j as u32,
                goal,
                key,
                depth: f.depth,
                proof: f.proof,
            });
        }
        let ok = self.try_clause(&clause, goal, barrier, f.depth, f.proof);
        if !ok && self.observer.is_some() && !self.opts.ports && self.cps.len() as u32 == barrier {
            let g = self.read(goal);
            self.emit(TraceEvent::NoClause {
                depth: f.depth as usize,
                goal: g,
            });
        }
        Ok(ok)
    }

    fn control(&mut self, k: Control, c: Cell, args: u32, f: Frame) -> Res {
        match k {
            Control::True => Ok(true),
            Control::Fail => Ok(false),
            Control::Conj => {
                let (a, b) = (self.heap[args as usize], self.heap[args as usize + 1]);
                self.push_frame(Goal::Call(b), f.cut, f.depth, f.proof);
                self.push_frame(Goal::Call(a), f.cut, f.depth, f.proof);
                Ok(true)
            }
            Control::Disj => {
                let (a, b) = (self.arg(args, 0), self.heap[args as usize + 1]);
                // (C -> T ; E) and (C *-> T ; E)
                if let Cell::Str(s) = a
                    && let Cell::Fun(op, 2) = self.heap[s as usize]
                    && (op == atoms::ARROW || op == atoms::SOFT_ARROW)
                {
                    let (cond, then) = (self.heap[s as usize + 1], self.heap[s as usize + 2]);
                    let h = self.cps.len() as u32;
                    self.push_cp(CpKind::Alt {
                        goal: b,
                        cut: f.cut,
                        depth: f.depth,
                        proof: f.proof,
                    });
                    self.push_frame(Goal::Call(then), f.cut, f.depth, f.proof);
                    if op == atoms::ARROW {
                        self.push_frame(Goal::CutTo(h), f.cut, f.depth, f.proof);
                    } else {
                        // Soft cut: only the else branch goes; the condition keeps its
                        // alternatives.
                        self.push_frame(Goal::SoftCut(h), f.cut, f.depth, f.proof);
                    }
                    self.push_frame(Goal::Call(cond), h + 1, f.depth, f.proof);
                    return Ok(true);
                }
                self.push_cp(CpKind::Alt {
                    goal: b,
                    cut: f.cut,
                    depth: f.depth,
                    proof: f.proof,
                });
                self.push_frame(Goal::Call(a), f.cut, f.depth, f.proof);
                Ok(true)
            }
            Control::IfThen | Control::SoftIf => {
                let (cond, then) = (self.heap[args as usize], self.heap[args as usize + 1]);
                let h = self.cps.len() as u32;
                self.push_frame(Goal::Call(then), f.cut, f.depth, f.proof);
                if k == Control::IfThen {
                    self.push_frame(Goal::CutTo(h), f.cut, f.depth, f.proof);
                }
                self.push_frame(Goal::Call(cond), h, f.depth, f.proof);
                Ok(true)
            }
            Control::Not => {
                let g = self.heap[args as usize];
                let h = self.cps.len() as u32;
                self.push_cp(CpKind::Alt {
                    goal: Cell::Atom(atoms::TRUE),
                    cut: f.cut,
                    depth: f.depth,
                    proof: f.proof,
                });
                self.push_frame(Goal::Call(Cell::Atom(atoms::FAIL)), f.cut, f.depth, f.proof);
                self.push_frame(Goal::CutTo(h), f.cut, f.depth, f.proof);
                self.push_frame(Goal::Call(g), h + 1, f.depth, f.proof);
                Ok(true)
            }
            Control::Cut => {
                self.cut_to(f.cut);
                Ok(true)
            }
            Control::Call(extra) => {
                self.count_inference()?;
                let g = self.arg(args, 0);
                let goal = if extra == 0 {
                    g
                } else {
                    let (name, n, gargs) = self.goal_parts(g)?;
                    let a = self.heap.len() as u32;
                    self.heap.push(Cell::Fun(name, n + extra));
                    for i in 0..n {
                        let v = self.heap[(gargs + i) as usize];
                        self.heap.push(v);
                    }
                    for i in 1..=extra {
                        let v = self.heap[(args + i) as usize];
                        self.heap.push(v);
                    }
                    Cell::Str(a)
                };
                let _ = c;
                // call/N is opaque to cut: a cut inside cuts back to here only.
                let h = self.cps.len() as u32;
                self.push_frame(Goal::Call(goal), h, f.depth, f.proof);
                Ok(true)
            }
            Control::Findall => {
                let (template, goal, result) = (
                    self.heap[args as usize],
                    self.heap[args as usize + 1],
                    self.heap[args as usize + 2],
                );
                let bag = self.bags.len() as u32;
                self.bags.push((template, Vec::new()));
                let h = self.cps.len() as u32;
                self.push_cp(CpKind::Findall { bag, result });
                self.push_frame(Goal::Collect(bag), h + 1, f.depth, f.proof);
                self.push_frame(Goal::Call(goal), h + 1, f.depth, f.proof);
                Ok(true)
            }
            Control::Catch => {
                let (goal, catcher, recovery) = (
                    self.heap[args as usize],
                    self.heap[args as usize + 1],
                    self.heap[args as usize + 2],
                );
                let h = self.cps.len() as u32;
                self.push_cp(CpKind::Catch {
                    catcher,
                    recovery,
                    cut: f.cut,
                    depth: f.depth,
                    proof: f.proof,
                });
                self.push_frame(Goal::PopCatch(h), f.cut, f.depth, f.proof);
                self.push_frame(Goal::Call(goal), h + 1, f.depth, f.proof);
                Ok(true)
            }
        }
    }
}

/// The first clause at or after `from` whose first-argument key is compatible.
#[inline]
fn next_match(clauses: &[Rc<Clause>], from: usize, key: Key) -> Option<usize> {
    if key == Key::Any {
        return (from < clauses.len()).then_some(from);
    }
    (from..clauses.len()).find(|&i| clauses[i].key.compatible(key))
}

pub(crate) fn key_of_cell(heap: &[Cell], c: Cell) -> Key {
    match c {
        Cell::Ref(_) => Key::Any,
        Cell::Atom(a) => Key::Atom(a),
        Cell::Int(n) => Key::Int(n),
        Cell::Float(x) => Key::Float(x.to_bits()),
        Cell::Text(s) => Key::Text(s),
        Cell::Str(a) => match heap[a as usize] {
            Cell::Fun(f, n) => Key::Fun(f, n),
            _ => Key::Any,
        },
        Cell::Fun(f, n) => Key::Fun(f, n),
    }
}

pub(crate) fn existence_error(name: Atom, arity: u32) -> Term {
    error_term(Term::compound(
        "existence_error",
        vec![
            Term::atom("procedure"),
            Term::compound("/", vec![Term::Atom(name), Term::Int(arity as i64)]),
        ],
    ))
}

/// The standard order of terms: Var < Number < String < Atom < Compound (SWI's order).
pub(crate) fn compare(heap: &[Cell], a: Cell, b: Cell) -> Ordering {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        let (a, b) = (deref(heap, a), deref(heap, b));
        let rank = |c: Cell| match c {
            Cell::Ref(_) => 0,
            Cell::Float(_) | Cell::Int(_) => 1,
            // SWI-Prolog orders strings before atoms.
            Cell::Text(_) => 2,
            Cell::Atom(_) => 3,
            _ => 5,
        };
        let o = rank(a).cmp(&rank(b));
        if o != Ordering::Equal {
            return o;
        }
        let o = match (a, b) {
            (Cell::Ref(x), Cell::Ref(y)) => x.cmp(&y),
            (Cell::Int(x), Cell::Int(y)) => x.cmp(&y),
            (Cell::Float(x), Cell::Float(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
            (Cell::Int(x), Cell::Float(y)) => match (x as f64).partial_cmp(&y) {
                Some(Ordering::Equal) | None => Ordering::Greater,
                Some(o) => o,
            },
            (Cell::Float(x), Cell::Int(y)) => match x.partial_cmp(&(y as f64)) {
                Some(Ordering::Equal) | None => Ordering::Less,
                Some(o) => o,
            },
            (Cell::Atom(x), Cell::Atom(y)) | (Cell::Text(x), Cell::Text(y)) => {
                if x == y {
                    Ordering::Equal
                } else {
                    x.name().cmp(y.name())
                }
            }
            (Cell::Str(x), Cell::Str(y)) => {
                if x == y {
                    continue;
                }
                let (Cell::Fun(f, n), Cell::Fun(g, m)) = (heap[x as usize], heap[y as usize])
                else {
                    return Ordering::Equal;
                };
                let o = n.cmp(&m).then_with(|| {
                    if f == g {
                        Ordering::Equal
                    } else {
                        f.name().cmp(g.name())
                    }
                });
                if o == Ordering::Equal {
                    for i in (1..=n).rev() {
                        stack.push((heap[(x + i) as usize], heap[(y + i) as usize]));
                    }
                }
                o
            }
            _ => Ordering::Equal,
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

impl Machine<'_> {
    /// The answer for the current solution: bindings of the query variables (unbound
    /// variables numbered _G1, _G2, ... in this answer) and the proof if recorded.
    pub(crate) fn answer(&self) -> Answer {
        let mut names = FxHashMap::default();
        let bindings = self
            .query_vars
            .iter()
            .map(|(n, c)| (n.clone(), read_back(&self.heap, *c, &mut names, 1)))
            .collect();
        let proof = self.opts.explain.then(|| self.proof(&mut names));
        Answer { bindings, proof }
    }

    fn proof(&self, names: &mut FxHashMap<u32, u32>) -> Proof {
        let mut depth_of: Vec<usize> = Vec::with_capacity(self.proofs.len());
        let mut nodes = Vec::with_capacity(self.proofs.len());
        for n in &self.proofs {
            let depth = if n.parent == NONE {
                0
            } else {
                depth_of.get(n.parent as usize).map_or(0, |d| d + 1)
            };
            depth_of.push(depth);
            nodes.push(ProofNode {
                depth,
                goal: read_back(&self.heap, n.goal, names, 1),
                clause: n.clause.as_ref().map(|c| c.source.clone()),
            });
        }
        Proof { nodes }
    }

    /// Whether no alternative is left (the last answer was the last one).
    pub(crate) fn no_alternatives(&self) -> bool {
        self.done
            || self.cps.iter().all(|cp| {
                matches!(
                    cp.kind,
                    CpKind::Catch { .. } | CpKind::TraceFail { .. } | CpKind::Dead
                )
            })
    }

    fn num_cmp(&mut self, op: u8, args: u32) -> Res {
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

    fn eval(&self, c: Cell) -> Result<Num, Stop> {
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

    fn list_cells(&self, c: Cell) -> Result<Vec<Cell>, Stop> {
        let mut items = Vec::new();
        let mut t = self.deref(c);
        loop {
            match t {
                Cell::Atom(a) if a == atoms::NIL => return Ok(items),
                Cell::Str(a) if self.heap[a as usize] == Cell::Fun(atoms::DOT, 2) => {
                    items.push(self.heap[a as usize + 1]);
                    t = self.deref(self.heap[a as usize + 2]);
                }
                Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                _ => return Err(Stop::ball(type_error("list", self.read(c)))),
            }
        }
    }

    fn make_list(&mut self, items: &[Cell], tail: Cell) -> Cell {
        let mut l = tail;
        for &it in items.iter().rev() {
            let a = self.heap.len() as u32;
            self.heap.push(Cell::Fun(atoms::DOT, 2));
            self.heap.push(it);
            self.heap.push(l);
            l = Cell::Str(a);
        }
        l
    }

    fn text_of(&self, c: Cell) -> Option<String> {
        match self.deref(c) {
            Cell::Atom(a) | Cell::Text(a) => Some(a.name().to_string()),
            Cell::Int(n) => Some(n.to_string()),
            Cell::Float(x) => Some(crate::write::format_float(x)),
            _ => None,
        }
    }

    fn codes_text(&self, c: Cell, chars: bool) -> Result<String, Stop> {
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

    fn unify_atom_text(&mut self, target: Cell, s: &str) -> bool {
        let c = Cell::Atom(Atom::new(s));
        self.unify(target, c)
    }

    fn parse_number(s: &str) -> Option<Cell> {
        match crate::reader::parse_term(s.trim()) {
            Ok(r) => match r.term {
                Term::Int(n) => Some(Cell::Int(n)),
                Term::Float(x) => Some(Cell::Float(x)),
                _ => None,
            },
            Err(_) => None,
        }
    }

    fn clause_term_parts(&self, c: Cell) -> Result<(Cell, Cell), Stop> {
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

    fn builtin(&mut self, b: Builtin, args: u32, f: Frame) -> Res {
        use Builtin as B;
        let a0 = || self.heap[args as usize];
        Ok(match b {
            B::Unify => {
                let (x, y) = (a0(), self.heap[args as usize + 1]);
                self.unify(x, y)
            }
            B::NotUnify => {
                let (x, y) = (a0(), self.heap[args as usize + 1]);
                let trail = self.trail.len();
                // Bind with trailing forced: push a marker choicepoint.
                self.push_cp(CpKind::Catch {
                    catcher: Cell::Atom(atoms::FAIL),
                    recovery: Cell::Atom(atoms::FAIL),
                    cut: 0,
                    depth: 0,
                    proof: NONE,
                });
                let ok = self.unify(x, y);
                self.restore();
                self.pop_cp();
                let _ = trail;
                !ok
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
            B::StringChars | B::StringCodes => {
                let chars = b == B::StringChars;
                let t = self.deref(a0());
                if let Some(s) = self.text_of(t) {
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
                    let l = self.make_list(&items, Cell::Atom(atoms::NIL));
                    let y = self.heap[args as usize + 1];
                    self.unify(y, l)
                } else {
                    let s = self.codes_text(self.heap[args as usize + 1], chars)?;
                    self.unify(t, Cell::Text(Atom::new(&s)))
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
            B::StringLength => {
                let Some(s) = self.text_of(a0()) else {
                    return Err(Stop::ball(instantiation_error()));
                };
                let y = self.heap[args as usize + 1];
                self.unify(y, Cell::Int(s.chars().count() as i64))
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
                        match Self::parse_number(&s) {
                            Some(n) => self.unify(t, n),
                            None => {
                                return Err(Stop::ball(error_term(Term::compound(
                                    "syntax_error",
                                    vec![Term::atom("illegal_number")],
                                ))));
                            }
                        }
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
                loop {
                    match t {
                        Cell::Atom(a) if a == atoms::NIL => break true,
                        Cell::Str(a) if self.heap[a as usize] == Cell::Fun(atoms::DOT, 2) => {
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
                        let list = self.make_list(&items, Cell::Atom(atoms::NIL));
                        self.unify(l, list)
                    }
                    atomic => {
                        let list = self.make_list(&[atomic], Cell::Atom(atoms::NIL));
                        self.unify(l, list)
                    }
                }
            }
            B::CopyTerm => {
                let t = self.read(a0());
                let c = self.put_term(&t);
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
                    let mark = self.heap.len();
                    self.push_cp(CpKind::Catch {
                        catcher: Cell::Atom(atoms::FAIL),
                        recovery: Cell::Atom(atoms::FAIL),
                        cut: 0,
                        depth: 0,
                        proof: NONE,
                    });
                    let base = mark as u32;
                    let reloc = |c: Cell| match c {
                        Cell::Ref(k) => Cell::Ref(k + base),
                        Cell::Str(p) => Cell::Str(p + base),
                        other => other,
                    };
                    self.heap.extend(cl.cells.iter().map(|&c| reloc(c)));
                    let h = reloc(cl.head);
                    let matched = self.unify(head, h);
                    self.restore();
                    self.pop_cp();
                    if !matched {
                        keep.push(cl.clone());
                    }
                }
                self.db.preds[p].clauses = Rc::new(keep);
                true
            }
            B::Abolish => {
                let spec = self.read(a0());
                if let Term::Compound(_, sa) = &spec
                    && let (Term::Atom(n), Term::Int(k)) = (&sa[0], &sa[1])
                    && let Ok(p) = self.db.pred_for_update(*n, *k as u32)
                {
                    self.db.preds[p].clauses = Rc::new(Vec::new());
                }
                true
            }
            B::Msort | B::Sort | B::Predsort | B::Keysort => {
                if b == B::Predsort {
                    return Err(Stop::ball(existence_error(Atom::new("predsort"), 3)));
                }
                let src = if b == B::Predsort {
                    self.heap[args as usize + 1]
                } else {
                    a0()
                };
                let mut items = self.list_cells(src)?;
                let heap = &self.heap;
                if b == B::Keysort {
                    let mut keyed = Vec::new();
                    for it in items {
                        match deref(heap, it) {
                            Cell::Str(a) if heap[a as usize] == Cell::Fun(atoms::MINUS, 2) => {
                                keyed.push((heap[a as usize + 1], it))
                            }
                            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                            other => {
                                return Err(Stop::ball(type_error("pair", self.read(other))));
                            }
                        }
                    }
                    keyed.sort_by(|x, y| compare(heap, x.0, y.0));
                    items = keyed.into_iter().map(|k| k.1).collect();
                } else {
                    items.sort_by(|x, y| compare(heap, *x, *y));
                    if b == B::Sort {
                        items.dedup_by(|x, y| compare(heap, *x, *y) == Ordering::Equal);
                    }
                }
                let list = self.make_list(&items, Cell::Atom(atoms::NIL));
                let y = self.heap[args as usize + 1];
                self.unify(y, list)
            }
            B::AtomCodes | B::AtomChars => {
                let chars = b == B::AtomChars;
                let t = self.deref(a0());
                if let Some(s) = self.text_of(t) {
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
                    let l = self.make_list(&items, Cell::Atom(atoms::NIL));
                    let y = self.heap[args as usize + 1];
                    self.unify(y, l)
                } else {
                    let s = self.codes_text(self.heap[args as usize + 1], chars)?;
                    self.unify_atom_text(t, &s)
                }
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
            B::AtomLength => {
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
                        let items: Vec<Cell> = s.chars().map(|c| Cell::Int(c as i64)).collect();
                        let l = self.make_list(&items, Cell::Atom(atoms::NIL));
                        let y = self.heap[args as usize + 1];
                        self.unify(y, l)
                    }
                    _ => {
                        let s = self.codes_text(self.heap[args as usize + 1], false)?;
                        match Self::parse_number(&s) {
                            Some(n) => self.unify(t, n),
                            None => {
                                return Err(Stop::ball(error_term(Term::compound(
                                    "syntax_error",
                                    vec![Term::atom("illegal_number")],
                                ))));
                            }
                        }
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
            B::SubAtom => return Err(Stop::ball(existence_error(Atom::new("sub_atom"), 5))),
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
                let lo = self.eval(a0())?;
                let Num::I(lo) = lo else {
                    return Err(Stop::ball(type_error("integer", Term::Float(0.0))));
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
                                let vars: Vec<Cell> = (n..want).map(|_| self.new_var()).collect();
                                let l = self.make_list(&vars, Cell::Atom(atoms::NIL));
                                self.unify(t, l)
                            }
                        }
                        Cell::Ref(_) => return self.retry(B::Length, args, n, f.depth, f.proof),
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

    /// format/2's directives: ~w ~p ~q ~a ~d ~s ~e ~f ~g ~c ~r ~i ~n ~~ and the column
    /// stops ~N| ~N+ (padding after the text; ~t fill positions are ignored).
    fn format(&self, fmt: &str, args: &[Cell]) -> Result<String, Stop> {
        let mut out = String::new();
        let mut last_stop = 0usize;
        let mut next = args.iter();
        let mut chars = fmt.chars().peekable();
        let fmt_error =
            |msg: &str| Stop::ball(error_term(Term::compound("format", vec![Term::atom(msg)])));
        while let Some(c) = chars.next() {
            if c != '~' {
                out.push(c);
                continue;
            }
            let mut num = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit() || **d == '*') {
                num.push(*d);
                chars.next();
            }
            let Some(d) = chars.next() else {
                return Err(fmt_error("truncated format"));
            };
            let mut take = || {
                next.next()
                    .copied()
                    .ok_or_else(|| fmt_error("not enough arguments"))
            };
            let count: Option<usize> = if num == "*" {
                match self.deref(take()?) {
                    Cell::Int(n) => Some(n.max(0) as usize),
                    _ => None,
                }
            } else {
                num.parse().ok()
            };
            match d {
                'w' | 'p' => out.push_str(&crate::write::write(&self.read(take()?))),
                'q' => out.push_str(&crate::write::writeq(&self.read(take()?))),
                'a' => {
                    let a = take()?;
                    out.push_str(
                        &self
                            .text_of(a)
                            .ok_or_else(|| fmt_error("~a expects an atom"))?,
                    )
                }
                'd' => match self.deref(take()?) {
                    Cell::Int(n) => {
                        let s = n.unsigned_abs().to_string();
                        let k = count.unwrap_or(0);
                        if n < 0 {
                            out.push('-');
                        }
                        if k > 0 {
                            let s = format!("{s:0>width$}", width = k + 1);
                            let (int, frac) = s.split_at(s.len() - k);
                            out.push_str(int);
                            out.push('.');
                            out.push_str(frac);
                        } else {
                            out.push_str(&s);
                        }
                    }
                    _ => return Err(fmt_error("~d expects an integer")),
                },
                'e' | 'f' | 'g' => {
                    let x = match self.eval(take()?)? {
                        Num::I(n) => n as f64,
                        Num::F(x) => x,
                    };
                    let k = count.unwrap_or(6);
                    out.push_str(&match d {
                        'e' => {
                            // C's %e: at least two exponent digits, with a sign.
                            let t = format!("{x:.k$e}");
                            let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
                            let (sign, digits) = match e.strip_prefix('-') {
                                Some(d) => ('-', d),
                                None => ('+', e),
                            };
                            format!("{m}e{sign}{digits:0>2}")
                        }
                        'f' => format!("{x:.k$}"),
                        _ => format!("{x}"),
                    });
                }
                's' => {
                    let a = take()?;
                    out.push_str(&self.codes_text(a, false)?);
                }
                'c' => match self.deref(take()?) {
                    Cell::Int(n) => {
                        let ch = u32::try_from(n)
                            .ok()
                            .and_then(char::from_u32)
                            .unwrap_or('?');
                        for _ in 0..count.unwrap_or(1) {
                            out.push(ch);
                        }
                    }
                    _ => return Err(fmt_error("~c expects a character code")),
                },
                'r' => match self.deref(take()?) {
                    Cell::Int(n) => {
                        let radix = count.unwrap_or(8).clamp(2, 36) as u32;
                        let mut v = n.unsigned_abs();
                        let mut digits = Vec::new();
                        loop {
                            digits.push(
                                std::char::from_digit((v % radix as u64) as u32, radix)
                                    .unwrap_or('?'),
                            );
                            v /= radix as u64;
                            if v == 0 {
                                break;
                            }
                        }
                        if n < 0 {
                            out.push('-');
                        }
                        out.extend(digits.iter().rev());
                    }
                    _ => return Err(fmt_error("~r expects an integer")),
                },
                'i' => {
                    take()?;
                }
                'n' => {
                    for _ in 0..count.unwrap_or(1) {
                        out.push('\n');
                    }
                }
                '~' => out.push('~'),
                '|' | '+' => {
                    // Column stops: pad with spaces (text left-aligned; ~t fill
                    // positions are not supported).
                    let line_start = out.rfind('\n').map_or(0, |i| i + 1);
                    let col = out[line_start..].chars().count();
                    let target = if d == '|' {
                        count.unwrap_or(col)
                    } else {
                        last_stop + count.unwrap_or(8)
                    };
                    for _ in col..target {
                        out.push(' ');
                    }
                    last_stop = target.max(col);
                }
                't' => {}
                other => return Err(fmt_error(&format!("unknown directive ~{other}"))),
            }
        }
        Ok(out)
    }

    /// Nondeterministic built-ins: try from `state`, leaving a choicepoint for the next.
    fn retry(&mut self, b: Builtin, args: u32, state: i64, depth: u32, proof: u32) -> Res {
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
                // Partial list of `state` known elements: extend it by one each time.
                again(self, state + 1);
                let mut t = self.deref(self.heap[args as usize]);
                let mut n = 0;
                while let Cell::Str(a) = t {
                    n += 1;
                    t = self.deref(self.heap[a as usize + 2]);
                }
                let _ = n;
                let k = state - n;
                let vars: Vec<Cell> = (0..k.max(0)).map(|_| self.new_var()).collect();
                let l = self.make_list(&vars, Cell::Atom(atoms::NIL));
                let len = self.heap[args as usize + 1];
                Ok(self.unify(t, l) && self.unify(len, Cell::Int(state)))
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
                let base = self.heap.len() as u32;
                let reloc = |c: Cell| match c {
                    Cell::Ref(k) => Cell::Ref(k + base),
                    Cell::Str(p) => Cell::Str(p + base),
                    other => other,
                };
                self.heap.extend(cl.cells.iter().map(|&c| reloc(c)));
                let h = reloc(cl.head);
                let goals: Vec<Cell> = cl.body.iter().map(|&g| reloc(g)).collect();
                let body = self.conjunction(&goals);
                let bc = self.heap[args as usize + 1];
                Ok(self.unify(head, h) && self.unify(bc, body))
            }
            B::Retract => self.retract(args, state as usize, depth, proof),
            _ => Ok(false),
        }
    }

    fn conjunction(&mut self, goals: &[Cell]) -> Cell {
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
    fn retract(&mut self, args: u32, start: usize, depth: u32, proof: u32) -> Res {
        let (head, body) = self.clause_term_parts(self.heap[args as usize])?;
        let (name, arity, _) = self.goal_parts(head)?;
        let p = self.db.dynamic_pred(name, arity).map_err(Stop::ball)?;
        let clauses = self.db.preds[p].clauses.clone();
        for (i, cl) in clauses.iter().enumerate().skip(start) {
            // Try under a marker choicepoint, undone at once: the real bindings are made
            // below, after the choicepoint for the next clause.
            self.push_cp(CpKind::Dead);
            let ok = self.unify_clause(cl, head, body);
            self.restore();
            self.pop_cp();
            if !ok {
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

    /// Copies clause `cl` to the heap and unifies it with `head :- body`.
    fn unify_clause(&mut self, cl: &Clause, head: Cell, body: Cell) -> bool {
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
