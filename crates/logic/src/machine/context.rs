//! The narrow context the built-in predicates run in.
//!
//! A built-in (`builtins`) is handed a [`Context`], not the machine: it reads terms (the
//! heap, read-only), dereferences, unifies and binds, builds terms within the memory
//! budget, throws an error term (returns `Err(Stop::ball(..))`), leaves a choicepoint to
//! be resumed ([`Context::retry`], [`Context::retry_later`]), and reaches the database
//! (clauses, flags, operators, input), the program's output and the run's limits
//! through the methods below. It cannot touch the continuation store, the choicepoint
//! stack, the trail or the machine's registers: the `Context`'s machine is private to
//! this module, which is the whole of what built-ins may do to the machine.
//!
//! The control constructs that must manipulate the machine stay on it (`control`,
//! `call`, `run`): conjunction and disjunction, if-then-else, `\+`, call/N, cut,
//! findall/3 and its kin, catch/3 and the unwinding of throw/1, halt's exit code, and
//! the garbage collector.

use super::builtins::{Redo, Resume};
use super::*;

/// What a built-in predicate may do to the machine it runs on (see the module doc).
pub(crate) struct Context<'m, 'a> {
    m: &'m mut Machine<'a>,
}

impl<'a> Machine<'a> {
    /// The context a built-in runs in.
    #[inline(always)]
    pub(super) fn ctx(&mut self) -> Context<'_, 'a> {
        Context { m: self }
    }
}

impl Context<'_, '_> {
    // ---- Terms: reading, unifying, binding.

    /// The heap, read-only: the terms a built-in reads.
    #[inline(always)]
    pub(in crate::machine) fn heap(&self) -> &[Cell] {
        &self.m.heap
    }

    /// The `i`-th argument (from 0) of a goal whose arguments start at `args`,
    /// dereferenced.
    #[inline(always)]
    pub(in crate::machine) fn arg(&self, args: u32, i: u32) -> Cell {
        self.m.arg(args, i)
    }

    /// Follows a cell's variable bindings.
    #[inline(always)]
    pub(in crate::machine) fn deref(&self, c: Cell) -> Cell {
        self.m.deref(c)
    }

    /// Unifies two heap terms (bindings trailed, undone on backtracking).
    #[inline(always)]
    pub(in crate::machine) fn unify(&mut self, a: Cell, b: Cell) -> bool {
        self.m.unify(a, b)
    }

    /// Binds the unbound variable at `a` to `value` (trailed when it must be).
    #[inline(always)]
    pub(in crate::machine) fn bind(&mut self, a: u32, value: Cell) {
        self.m.bind(a, value);
    }

    /// A heap term read back as an owned term.
    pub(in crate::machine) fn read(&self, c: Cell) -> Term {
        self.m.read(c)
    }

    /// The name, arity and argument address of a callable term (errors for others).
    pub(in crate::machine) fn goal_parts(&self, c: Cell) -> Result<(Atom, u32, u32), Stop> {
        self.m.goal_parts(c)
    }

    // ---- Terms: building (within the budget).

    /// An owned term built on the heap, with fresh variables.
    pub(in crate::machine) fn put_term(&mut self, t: &Term) -> Cell {
        self.m.put_term(t)
    }

    /// A fresh variable.
    pub(in crate::machine) fn new_var(&mut self) -> Cell {
        self.m.new_var()
    }

    /// Makes room for `cells` more heap cells (within the memory budget, looking at the
    /// clock too when the work adds up): called before a built-in builds a term whose size
    /// depends on its input.
    #[inline]
    pub(in crate::machine) fn room(&mut self, cells: usize) -> Result<(), Stop> {
        self.m.room(cells)
    }

    /// Builds `cells` on the heap as they are (addresses in them count from the heap's
    /// current top, returned); the caller made [`Context::room`] for them.
    pub(in crate::machine) fn push_cells(&mut self, cells: &[Cell]) -> u32 {
        let at = self.m.heap.len() as u32;
        self.m.heap.extend_from_slice(cells);
        at
    }

    /// Builds the string `text` on the heap; the caller made [`Context::room`] for it.
    pub(in crate::machine) fn push_string(&mut self, text: &str) -> Cell {
        crate::strings::push(&mut self.m.heap, text)
    }

    /// A number as a cell: a big integer's structure is built on the heap.
    pub(in crate::machine) fn num_cell(&mut self, n: Num) -> Result<Cell, Stop> {
        Ok(match n {
            Num::I(i) => Cell::Int(i),
            Num::F(x) => Cell::Float(x),
            Num::B(b) => {
                let cells = crate::bigint::cells(&b).unwrap_or_default();
                self.room(cells.len())?;
                Cell::Str(self.push_cells(&cells))
            }
        })
    }

    /// A list of `k` fresh variables ending in `tail` (each variable lives in its list
    /// cell: three cells an element).
    pub(in crate::machine) fn fresh_list(&mut self, k: usize, tail: Cell) -> Result<Cell, Stop> {
        if k == 0 {
            return Ok(tail);
        }
        self.room(3 * k)?;
        let heap = &mut self.m.heap;
        let start = heap.len() as u32;
        for i in 0..k as u32 {
            let a = start + 3 * i;
            heap.push(Cell::Fun(atoms::CONS, 2));
            heap.push(Cell::Ref(a + 1));
            heap.push(Cell::Str(a + 3));
        }
        if let Some(last) = heap.last_mut() {
            *last = tail;
        }
        Ok(Cell::Str(start))
    }

    /// The list of `items` ending in `tail`.
    pub(in crate::machine) fn make_list(
        &mut self,
        items: &[Cell],
        tail: Cell,
    ) -> Result<Cell, Stop> {
        self.room(3 * items.len())?;
        let heap = &mut self.m.heap;
        let mut l = tail;
        for &it in items.iter().rev() {
            let a = heap.len() as u32;
            heap.push(Cell::Fun(atoms::CONS, 2));
            heap.push(it);
            heap.push(l);
            l = Cell::Str(a);
        }
        Ok(l)
    }

    /// The conjunction of `goals` (`true` for none).
    pub(in crate::machine) fn conjunction(&mut self, goals: &[Cell]) -> Cell {
        self.m.conjunction(goals)
    }

    /// The string `text`, built on the heap (within the memory budget).
    pub(in crate::machine) fn put_string(&mut self, text: &str) -> Result<Cell, Stop> {
        self.m.put_string(text)
    }

    /// Copies a heap term with fresh variables, on the heap. Each structure is copied once
    /// (a map from old to new addresses), so shared subterms stay shared and a cyclic term
    /// gets a cyclic copy, as in SWI-Prolog.
    pub(in crate::machine) fn copy_cell(&mut self, c: Cell) -> Result<Cell, Stop> {
        let mut vars: FxHashMap<u32, Cell> = FxHashMap::default();
        let mut structs: FxHashMap<u32, u32> = FxHashMap::default();
        let mut todo: Vec<(u32, Cell)> = Vec::new();
        let mut copy_one =
            |m: &mut Machine<'_>, c: Cell, todo: &mut Vec<(u32, Cell)>| -> Result<Cell, Stop> {
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
        let root = copy_one(self.m, c, &mut todo)?;
        while let Some((slot, c)) = todo.pop() {
            let v = copy_one(self.m, c, &mut todo)?;
            self.m.heap[slot as usize] = v;
        }
        Ok(root)
    }

    /// Copies clause `cl` to the heap and unifies it with `head :- body`.
    pub(in crate::machine) fn unify_clause(&mut self, cl: &Clause, head: Cell, body: Cell) -> bool {
        let base = self.m.heap.len() as u32;
        let reloc = |c: Cell| match c {
            Cell::Ref(k) => Cell::Ref(k + base),
            Cell::Str(p) => Cell::Str(p + base),
            other => other,
        };
        self.m.heap.extend(cl.cells.iter().map(|&c| reloc(c)));
        let h = reloc(cl.head);
        let goals: Vec<Cell> = cl.body.iter().map(|&g| reloc(g)).collect();
        let b = self.conjunction(&goals);
        self.unify(head, h) && self.unify(body, b)
    }

    /// Whether `f` succeeds, every binding it made undone: it runs under a marker
    /// choicepoint (so that all its bindings are trailed), restored and popped after.
    pub(in crate::machine) fn undone(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        self.m.push_cp(CpKind::Dead);
        let ok = f(self);
        self.m.restore();
        self.m.pop_cp();
        ok
    }

    // ---- Arithmetic.

    /// Evaluates an arithmetic expression.
    pub(in crate::machine) fn eval(&self, c: Cell) -> Result<Num, Stop> {
        let m = &*self.m;
        // Fast paths: numbers and simple integer sums.
        match m.deref(c) {
            Cell::Int(n) => return Ok(Num::I(n)),
            Cell::Float(x) => return Ok(Num::F(x)),
            // `X + 1`, `Q1 - D`...: two integers and + - *, without the evaluator's stacks.
            Cell::Str(a) => {
                if let Cell::Fun(op, 2) = m.heap[a as usize]
                    && let Cell::Int(x) = m.deref(m.heap[a as usize + 1])
                    && let Cell::Int(y) = m.deref(m.heap[a as usize + 2])
                    && let Some(r) = super::inline::small_arith(op, x, y)
                {
                    return Ok(Num::I(r));
                }
            }
            _ => {}
        }
        let mut stacks = m.eval_stacks.take();
        let r = arith::eval(&m.heap, c, &|c| m.read(c), m.deadline, &mut stacks);
        m.eval_stacks.set(stacks);
        r.map_err(|e| {
            if e == arith::interrupted() {
                m.timeout_stop()
            } else {
                Stop::ball(e)
            }
        })
    }

    // ---- Nondeterminism.

    /// A nondeterministic built-in, the goal with arguments at `args`: its first try,
    /// `redo` from `state` (which calls [`Context::retry_later`] while more solutions may
    /// follow).
    #[inline]
    pub(in crate::machine) fn retry(&mut self, redo: Redo, args: u32, state: i64) -> Res {
        redo(self, Resume::of(redo, args), state)
    }

    /// Leaves the choicepoint that resumes the built-in `at` from `state` on
    /// backtracking (each resumption counts as an inference).
    pub(in crate::machine) fn retry_later(&mut self, at: Resume, state: i64) {
        self.m.push_cp(CpKind::Retry { at, state });
    }

    /// The height of the choicepoint stack (setup_call_cleanup/3 tells a deterministic
    /// exit by it).
    pub(in crate::machine) fn choicepoint_height(&self) -> usize {
        self.m.cps.len()
    }

    /// Ends the query with the exit code `code` (halt/0,1): no catch/3 takes it.
    pub(in crate::machine) fn halt_with(&mut self, code: i32) -> Res {
        self.m.halted = Some(code);
        Err(Stop::ball(Term::atom("$halt")))
    }

    // ---- The database.

    /// The database the machine runs on.
    pub(in crate::machine) fn db(&self) -> &Database {
        self.m.db
    }

    /// The database the machine runs on, to change it (assert, flags, operators).
    pub(in crate::machine) fn db_mut(&mut self) -> &mut Database {
        self.m.db
    }

    // ---- The run's limits and counters.

    /// Counts `n` units of work done by the built-in (see [`Machine::charge`]).
    #[inline]
    pub(in crate::machine) fn charge(&mut self, n: usize) -> Result<(), Stop> {
        self.m.charge(n)
    }

    /// The memory limit, when `bytes` more of text would not fit the budget.
    pub(in crate::machine) fn check_text_room(&self, bytes: usize) -> Result<(), Stop> {
        self.m.check_text_room(bytes)
    }

    /// Counts a clause asserted (or, `added` false, retracted) against the budget.
    pub(in crate::machine) fn count_clause(
        &mut self,
        clause: &Term,
        added: bool,
    ) -> Result<(), Stop> {
        self.m.count_clause(clause, added)
    }

    /// `resource_error(memory)` (`budget`: the budget, not the system, refused).
    pub(in crate::machine) fn out_of_memory(&mut self, budget: bool) -> Stop {
        self.m.out_of_memory(budget)
    }

    /// The memory budget in bytes (`u64::MAX` without one).
    pub(in crate::machine) fn budget(&self) -> u64 {
        self.m.budget
    }

    /// The time since the query started.
    pub(in crate::machine) fn elapsed(&self) -> Duration {
        self.m.start.elapsed()
    }

    /// The inferences counted so far.
    pub(in crate::machine) fn inferences(&self) -> u64 {
        self.m.inferences
    }

    // ---- The program's output (see `output`).

    /// Writes `text` to the program's output.
    pub(in crate::machine) fn write_out(&mut self, text: &str) -> Result<(), Stop> {
        self.m.write_out(text)
    }

    /// Writes `c` `n` times, in steps that look at the limits.
    pub(in crate::machine) fn write_out_repeated(&mut self, c: char, n: u64) -> Result<(), Stop> {
        self.m.write_out_repeated(c, n)
    }

    /// Sends what the output holds to its sink.
    pub(in crate::machine) fn flush_output(&mut self) -> Result<(), Stop> {
        self.m.flush_output()
    }

    /// with_output_to/2: starts capturing the output.
    pub(in crate::machine) fn capture_start(&mut self) -> Res {
        self.m.capture_start()
    }

    /// with_output_to/2: ends the innermost capture, its text unified as asked.
    pub(in crate::machine) fn capture_end(&mut self, args: u32) -> Res {
        self.m.capture_end(args)
    }
}
