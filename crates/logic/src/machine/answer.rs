//! The answer of a solution: the query's bindings and the proof tree.

use super::*;
use crate::answer_names::AnswerNames;
use crate::term::Args;
use crate::write::{
    Sink, TermSource, View, WriteOptions, WriteStop, write_answer_value, write_source,
};

/// A proof's goals are written `...` past this depth of nesting: the goals of a deep
/// proof hold ever larger terms (each goal of `build(100000, T)` holds the rest of the
/// tree: read back whole, 5 x 10^9 nodes), and a proof line is read, not searched.
const PROOF_GOAL_DEPTH: usize = 10;

/// ... and past this many nodes each.
const PROOF_GOAL_NODES: usize = 200;

/// The term at `c` as [`read_back`] gives it, but with `...` for the subterms past
/// [`PROOF_GOAL_DEPTH`] or [`PROOF_GOAL_NODES`] (a big integer or a string is whole).
fn read_back_elided(heap: &[Cell], c: Cell, names: &mut FxHashMap<u32, u32>) -> Term {
    enum Step {
        Visit(Cell, usize),
        Build(Atom, usize),
    }
    let mut todo = vec![Step::Visit(c, 0)];
    let mut done: Vec<Term> = Vec::new();
    let mut nodes = 0usize;
    while let Some(step) = todo.pop() {
        match step {
            Step::Visit(c, depth) => {
                nodes += 1;
                if depth > PROOF_GOAL_DEPTH || nodes > PROOF_GOAL_NODES {
                    done.push(Term::atom("..."));
                    continue;
                }
                match deref(heap, c) {
                    Cell::Str(a) if !crate::bigint::is_big(heap, c) => match heap[a as usize] {
                        Cell::Fun(f, n) if crate::strings::from_heap(heap, a).is_none() => {
                            todo.push(Step::Build(f, n as usize));
                            for i in (1..=n).rev() {
                                todo.push(Step::Visit(heap[(a + i) as usize], depth + 1));
                            }
                        }
                        _ => done.push(read_back(heap, c, names, 1)),
                    },
                    _ => done.push(read_back(heap, c, names, 1)),
                }
            }
            Step::Build(f, n) => {
                let args = done.split_off(done.len() - n);
                done.push(Term::Compound(f, Args::from(args)));
            }
        }
    }
    done.pop().unwrap_or(Term::nil())
}

impl Machine<'_> {
    /// The answer for the current solution: bindings of the query variables (unbound
    /// variables numbered _G1, _G2, ... in this answer) and the proof if recorded.
    /// An answer too large for what is left of the memory budget is the memory limit.
    pub(crate) fn answer(&mut self) -> Result<Answer, SolveError> {
        let mut names = FxHashMap::default();
        let used = (self.heap.capacity() * 16) as u64 + self.stack_bytes(false);
        let mut left = (self.budget.saturating_sub(used) / ANSWER_NODE_BYTES) as usize;
        let mut bindings = Vec::with_capacity(self.query_vars.len());
        for (n, c) in &self.query_vars {
            let Some(t) = read_back_bounded(&self.heap, *c, &mut names, 1, left) else {
                self.done = true;
                return Err(SolveError::MemoryLimit(self.budget));
            };
            left = left.saturating_sub(term_cells(&t));
            bindings.push((n.clone(), t));
        }
        let proof = match self.opts.explain {
            true => Some(self.proof(&mut names, left).ok_or_else(|| {
                self.done = true;
                SolveError::MemoryLimit(self.budget)
            })?),
            false => None,
        };
        Ok(Answer {
            bindings,
            proof,
            operators: self.db.operators(),
        })
    }

    /// The proof tree, its goals elided past [`PROOF_GOAL_DEPTH`] and
    /// [`PROOF_GOAL_NODES`]; `None` when it takes more than `left` answer nodes.
    fn proof(&self, names: &mut FxHashMap<u32, u32>, mut left: usize) -> Option<Proof> {
        let mut depth_of: Vec<usize> = Vec::with_capacity(self.proofs.len());
        let mut nodes = Vec::with_capacity(self.proofs.len());
        for n in &self.proofs {
            let depth = if n.parent == NONE {
                0
            } else {
                depth_of.get(n.parent as usize).map_or(0, |d| d + 1)
            };
            depth_of.push(depth);
            let goal = read_back_elided(&self.heap, n.goal, names);
            let clause = n.clause.as_ref().map(|c| c.source.clone());
            let cells = 1 + term_cells(&goal) + clause.as_ref().map_or(0, term_cells);
            left = left.checked_sub(cells)?;
            nodes.push(ProofNode {
                depth,
                goal,
                clause,
            });
        }
        Some(Proof { nodes })
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
}

/// A term on the heap as the writer reads it: written as it stands, never copied out
/// (an answer of ten million elements is written in the memory its heap already takes).
struct HeapTerms<'h> {
    heap: &'h [Cell],
    /// Unbound variables met so far (address to number), `_G1` first.
    names: &'h mut FxHashMap<u32, u32>,
    /// The names of a text answer's variables, `_` and `_A` (JSON numbers them `_G1`...).
    named: Option<&'h mut AnswerNames>,
    /// The compounds being written, a bit per heap cell (made on the first one): a
    /// cyclic term is cut where it loops back, as [`read_back`] cuts it.
    open: Vec<u64>,
    big: Atom,
}

impl<'h> HeapTerms<'h> {
    fn new(heap: &'h [Cell], names: &'h mut FxHashMap<u32, u32>) -> Self {
        HeapTerms {
            heap,
            names,
            named: None,
            open: Vec::new(),
            big: crate::bigint::big_atom(),
        }
    }
}

impl TermSource for HeapTerms<'_> {
    type Node = Cell;

    fn view(&mut self, c: Cell) -> View {
        match deref(self.heap, c) {
            Cell::Ref(a) if self.named.is_some() => View::Var(a),
            Cell::Ref(a) => {
                let n = self.names.len() as u32 + 1;
                View::Var(*self.names.entry(a).or_insert(n))
            }
            Cell::Atom(a) | Cell::Fun(a, _) => View::Atom(a),
            Cell::Int(n) => View::Int(n),
            Cell::Float(x) => View::Float(x),
            Cell::Str(a) => {
                let Cell::Fun(f, n) = self.heap[a as usize] else {
                    return View::Atom(atoms::NIL);
                };
                if f == atoms::CONS {
                    return View::Compound(f, n as usize);
                }
                if let Some(s) = crate::strings::from_heap(self.heap, a) {
                    return View::Str(s);
                }
                if f == self.big
                    && let Some(b) = crate::bigint::from_heap(self.heap, a)
                {
                    return View::Big(b);
                }
                View::Compound(f, n as usize)
            }
        }
    }

    fn arg(&mut self, c: Cell, i: usize) -> Cell {
        match deref(self.heap, c) {
            Cell::Str(a) => self.heap[a as usize + 1 + i],
            other => other,
        }
    }

    fn enter(&mut self, c: Cell) -> bool {
        let Cell::Str(a) = deref(self.heap, c) else {
            return true;
        };
        if self.open.is_empty() {
            self.open = vec![0; self.heap.len().div_ceil(64)];
        }
        let (w, b) = (a as usize / 64, 1u64 << (a % 64));
        let fresh = self.open[w] & b == 0;
        self.open[w] |= b;
        fresh
    }

    fn leave(&mut self, c: Cell) {
        if let Cell::Str(a) = deref(self.heap, c)
            && let Some(w) = self.open.get_mut(a as usize / 64)
        {
            *w &= !(1u64 << (a % 64));
        }
    }

    fn can_loop(&self) -> bool {
        true
    }

    fn var_text(&mut self, v: u32) -> String {
        match &mut self.named {
            Some(names) => names.text(v),
            None => format!("_G{v}"),
        }
    }
}

/// Bytes of output between two checks of the clock.
const CHECK_EVERY_BYTES: usize = 1 << 16;

/// What a step of work that writes nothing (counting variables) weighs, in bytes of
/// output, between two checks of the clock.
const TICK_BYTES: usize = 8;

/// The bytes one pending step of the writer takes (a generous bound).
const WRITER_STEP_BYTES: u64 = 64;

/// An answer's output stream: buffered, JSON-escaped inside a JSON string, and watching
/// the run's limits (time, Ctrl-C) as the text goes out.
struct AnswerSink<'w> {
    out: std::io::BufWriter<&'w mut dyn std::io::Write>,
    /// Escape the text as inside a JSON string.
    json: bool,
    deadline: Option<Instant>,
    timeout: SolveError,
    interrupt: Option<fn(u64) -> bool>,
    inferences: u64,
    budget: u64,
    max_pending: usize,
    since_check: usize,
    /// The operators of the answer's database.
    syntax: std::rc::Rc<crate::ops::Syntax>,
}

impl AnswerSink<'_> {
    /// The time or Ctrl-C stop, if reached.
    fn check(&mut self) -> Result<(), WriteStop> {
        self.since_check = 0;
        if self.interrupt.is_some_and(|stop| stop(self.inferences)) {
            return Err(WriteStop::Limit(SolveError::Interrupted));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(WriteStop::Limit(self.timeout.clone()));
        }
        Ok(())
    }

    fn raw(&mut self, text: &str) -> Result<(), WriteStop> {
        use std::io::Write;
        self.out.write_all(text.as_bytes()).map_err(WriteStop::Io)
    }
}

impl Sink for AnswerSink<'_> {
    fn put(&mut self, text: &str) -> Result<(), WriteStop> {
        self.since_check += text.len();
        if self.since_check >= CHECK_EVERY_BYTES {
            self.check()?;
        }
        if !self.json {
            return self.raw(text);
        }
        let mut escaped = String::with_capacity(text.len() + 2);
        crate::answer_writing::json_escape_into(&mut escaped, text);
        self.raw(&escaped)
    }

    fn big_text(&mut self, n: &num_bigint::BigInt) -> Result<String, WriteStop> {
        // Up to about 20,000 digits the text takes a millisecond: written at once.
        if n.bits() < 1 << 16 {
            return Ok(n.to_string());
        }
        // Ten million digits take seconds: computed aside while the clock is watched
        // here (a stopped conversion ends with the process, or finishes unseen).
        let (tx, rx) = std::sync::mpsc::channel();
        let owned = n.clone();
        let spawned = std::thread::Builder::new().spawn(move || {
            let _ = tx.send(owned.to_string());
        });
        if spawned.is_err() {
            return Ok(n.to_string());
        }
        loop {
            match rx.recv_timeout(Duration::from_millis(20)) {
                Ok(text) => return Ok(text),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => self.check()?,
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Ok(n.to_string());
                }
            }
        }
    }

    fn max_pending(&self) -> usize {
        self.max_pending
    }

    fn syntax(&self) -> Option<&crate::ops::Syntax> {
        Some(&self.syntax)
    }

    fn tick(&mut self) -> Result<(), WriteStop> {
        self.since_check += TICK_BYTES;
        if self.since_check >= CHECK_EVERY_BYTES {
            self.check()?;
        }
        Ok(())
    }

    fn too_deep(&self) -> WriteStop {
        WriteStop::Limit(SolveError::MemoryLimit(self.budget))
    }
}

impl Machine<'_> {
    /// Writes the current answer's bindings to `out` as they are read off the heap,
    /// `X = Value, Y = Value` (`true` without any), values past `max_depth` (0: none)
    /// abbreviated; or with `json`, as the JSON object `{"X":"Value",...}` of whole
    /// values. The run's time limit and Ctrl-C stop the writing; so does the memory
    /// budget, should the writer's stack (the nesting of a value) not fit what is left.
    pub(crate) fn write_bindings(
        &mut self,
        out: &mut dyn std::io::Write,
        max_depth: usize,
        json: bool,
    ) -> Result<(), WriteStop> {
        let used = (self.heap.capacity() * 16) as u64 + self.stack_bytes(false);
        let left = self.budget.saturating_sub(used) / WRITER_STEP_BYTES;
        let timeout = match self.timeout_stop() {
            Stop::Limit(e) => *e,
            Stop::Ball(_) => SolveError::Interrupted,
        };
        let mut sink = AnswerSink {
            out: std::io::BufWriter::with_capacity(CHECK_EVERY_BYTES, out),
            json: false,
            deadline: self.deadline,
            timeout,
            interrupt: self.opts.interrupt,
            inferences: self.inferences,
            budget: self.budget,
            max_pending: usize::try_from(left).unwrap_or(usize::MAX),
            since_check: 0,
            syntax: Rc::clone(&self.db.syntax),
        };
        let written = self.write_bindings_to(&mut sink, max_depth, json);
        let flushed = std::io::Write::flush(&mut sink.out).map_err(WriteStop::Io);
        if matches!(written, Err(WriteStop::Limit(_))) {
            self.done = true;
        }
        written.and(flushed)
    }

    fn write_bindings_to(
        &self,
        sink: &mut AnswerSink<'_>,
        max_depth: usize,
        json: bool,
    ) -> Result<(), WriteStop> {
        if json {
            return self.write_bindings_json(sink);
        }
        let mut named = answer_vars::answer_names(&self.heap, &self.query_vars, sink)?;
        let mut names = FxHashMap::default();
        let mut first = true;
        for (name, c) in &self.query_vars {
            if let Cell::Ref(a) = deref(&self.heap, *c)
                && named.is_own_name(a, name)
            {
                continue;
            }
            sink.raw(&format!("{}{name} = ", if first { "" } else { ", " }))?;
            first = false;
            let mut source = HeapTerms::new(&self.heap, &mut names);
            source.named = Some(&mut named);
            write_answer_value(&mut source, *c, max_depth, sink)?;
        }
        if first {
            sink.raw("true")?;
        }
        Ok(())
    }

    /// The answer as the JSON object `{"X":"Value",...}`, values whole, unbound variables
    /// numbered `_G1`, `_G2`... as they are met.
    fn write_bindings_json(&self, sink: &mut AnswerSink<'_>) -> Result<(), WriteStop> {
        let mut names = FxHashMap::default();
        sink.raw("{")?;
        for (i, (name, c)) in self.query_vars.iter().enumerate() {
            let mut source = HeapTerms::new(&self.heap, &mut names);
            let mut key = String::new();
            crate::answer_writing::json_escape_into(&mut key, name);
            sink.raw(&format!("{}\"{key}\":\"", if i > 0 { "," } else { "" }))?;
            sink.json = true;
            let opts = WriteOptions {
                quoted: true,
                ..WriteOptions::default()
            };
            let written = write_source(&mut source, *c, (opts, 0), 1200, false, sink);
            sink.json = false;
            written?;
            sink.raw("\"")?;
        }
        sink.raw("}")
    }
}
