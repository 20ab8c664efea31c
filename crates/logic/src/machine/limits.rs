//! The limits of a query: inferences, time, and memory (the heap, the stacks and the
//! findall/3 buffers against the budget; room reserved ahead so that a refused
//! allocation becomes `resource_error(memory)`).

use super::*;

/// The capacity error of a built-in asked for a term of `n` cells, past [`MAX_BUILD`].
pub(super) fn build_cap_error(builtin: &str, n: impl std::fmt::Display) -> Term {
    crate::errors::capacity_error(
        "memory",
        &format!(
            "stopped: {builtin} was asked for a term of {n} elements, past the prover's cap \
             of {MAX_BUILD} elements built by one call (resource_error(memory))"
        ),
    )
}

/// The number of cells an owned term takes (its nodes; a string, its structure's cells,
/// so that collecting long strings is charged for their text).
pub(super) fn term_cells(t: &Term) -> usize {
    let mut n = 0;
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Compound(_, args) => {
                n += 1;
                stack.extend(args.iter());
            }
            Term::Str(s) => n += crate::strings::cells_for(s.len()),
            _ => n += 1,
        }
    }
    n
}

/// The cells of a findall/3 answer copy counted as one inference (smaller copies count
/// none: a usual answer costs its call only).
const COPY_CELLS_PER_INFERENCE: usize = 64;

/// The bytes a stored clause is counted for: a fixed part (the clause's record, its
/// compiled code, its slot in the list; about 300 bytes for `f(N)`) and a part per cell
/// of its term (its template cell and its source term's node). Measured: asserting
/// `f(N)` costs about 390 bytes a clause, `fact(N, [N, N])` about 740.
const CLAUSE_BASE_BYTES: u64 = 384;
const CLAUSE_CELL_BYTES: u64 = 64;

/// The capacity a vector of `len` entries out of `cap` gets when it needs `need` more
/// (doubling, or exactly).
fn grown(len: usize, cap: usize, need: usize, double: bool) -> usize {
    if len + need <= cap {
        cap
    } else if double {
        (len + need).max(cap.saturating_mul(2))
    } else {
        len + need
    }
}

/// Makes room for `extra` more entries with `try_reserve` (doubling if asked).
fn reserve<T>(v: &mut Vec<T>, extra: usize, double: bool) -> Result<(), ()> {
    if v.len() + extra <= v.capacity() {
        return Ok(());
    }
    let want = if double {
        extra.max(v.capacity())
    } else {
        extra
    };
    v.try_reserve_exact(want).map_err(|_| ())
}

impl Machine<'_> {
    /// Counts one inference. The limit, the clock and the heap size are looked at only
    /// when the count reaches `check_at` (the limit, or every 4096 inferences): one
    /// compare on the hot path.
    #[inline]
    pub(super) fn count_inference(&mut self) -> Result<(), Stop> {
        self.inferences += 1;
        if self.inferences >= self.check_at {
            self.check_limits()?;
        }
        Ok(())
    }

    #[cold]
    pub(super) fn check_limits(&mut self) -> Result<(), Stop> {
        let max = self.opts.max_inferences.unwrap_or(u64::MAX);
        self.check_at = max.saturating_add(1).min((self.inferences | 0xfff) + 1);
        if self.inferences > max {
            return Err(Stop::Limit(Box::new(SolveError::InferenceLimit(max))));
        }
        if self.heap.len() > self.gc_at {
            self.gc_wanted = true;
        }
        self.check_clock_and_memory(0)
    }

    /// Counts `n` units of work done inside a built-in (cells built, copied or walked):
    /// a built-in that works long on one call still looks at the clock and the budget.
    #[inline]
    pub(crate) fn charge(&mut self, n: usize) -> Result<(), Stop> {
        self.work += n as u64;
        if self.work >= WORK_STEP {
            self.work = 0;
            return self.check_clock_and_memory(0);
        }
        Ok(())
    }

    /// Charges the copy of a findall/3 (bagof/3, setof/3) answer of `cells` cells: as
    /// work, and as one inference per [`COPY_CELLS_PER_INFERENCE`] cells, so that the
    /// inference limit covers answers that grow with each solution (`bagof(X, member(X,
    /// L), B)` with `L` unbound copies 1 + 2 + ... + n cells for n inferences).
    pub(super) fn count_copy(&mut self, cells: usize) -> Result<(), Stop> {
        let extra = (cells / COPY_CELLS_PER_INFERENCE) as u64;
        if extra > 0 {
            self.inferences += extra;
            if self.inferences >= self.check_at {
                self.check_limits()?;
            }
        }
        self.charge(cells)
    }

    /// Stops at the deadline, and makes room for `cells` more heap cells (and the usual
    /// headroom) within the memory budget.
    #[cold]
    pub(crate) fn check_clock_and_memory(&mut self, cells: usize) -> Result<(), Stop> {
        if self
            .opts
            .interrupt
            .is_some_and(|stop| stop(self.inferences))
        {
            return Err(Stop::Limit(Box::new(SolveError::Interrupted)));
        }
        if let Some(monitor) = self.opts.monitor {
            monitor.publish(self.inferences, self.stack_bytes(false));
            if monitor.is_interrupted() {
                return Err(Stop::Limit(Box::new(SolveError::Interrupted)));
            }
        }
        self.flush_if_stale()?;
        if let Some(d) = self.deadline
            && Instant::now() >= d
        {
            return Err(self.timeout_stop());
        }
        self.ensure_room(cells)
    }

    /// The time limit's stop (the deadline has passed).
    pub(crate) fn timeout_stop(&self) -> Stop {
        let t = self.opts.timeout.unwrap_or_else(|| {
            self.deadline
                .map_or(Duration::ZERO, |d| d.saturating_duration_since(self.start))
        });
        Stop::Limit(Box::new(SolveError::Timeout(t)))
    }

    /// Reserves room ahead (with `try_reserve`, so that a refused allocation is an error,
    /// not an abort) for `cells` more heap cells plus the headroom of every stack, after
    /// checking that the grown stacks stay within the budget. The heap grows by doubling
    /// while that fits, then to the exact need.
    pub(crate) fn ensure_room(&mut self, cells: usize) -> Result<(), Stop> {
        let need_heap = cells.saturating_add(HEAP_HEADROOM);
        if self.heap.len().saturating_add(need_heap) > MAX_HEAP_CELLS {
            return Err(Stop::ball(crate::errors::capacity_error(
                "memory",
                &format!(
                    "stopped: the heap reached {MAX_HEAP_CELLS} cells, the most its 32-bit \
                     addresses reach, whatever --max-memory (resource_error(memory))"
                ),
            )));
        }
        let (len, cap) = (self.heap.len(), self.heap.capacity());
        let mut heap_cap = grown(len, cap, need_heap, true);
        let mut double = true;
        if (heap_cap * 16) as u64 + self.stack_bytes(true) > self.budget {
            heap_cap = grown(len, cap, need_heap, false);
            double = false;
            if (heap_cap * 16) as u64 + self.stack_bytes(false) > self.budget {
                return Err(self.out_of_memory(true));
            }
        }
        let refused = self.heap.try_reserve_exact(heap_cap - len).is_err()
            || reserve(&mut self.conts, STACK_HEADROOM, double).is_err()
            || reserve(&mut self.cps, STACK_HEADROOM, double).is_err()
            || reserve(&mut self.trail, STACK_HEADROOM, double).is_err();
        if refused {
            return Err(self.out_of_memory(false));
        }
        Ok(())
    }

    /// The bytes taken by everything but the heap, once the stacks have their headroom
    /// (grown by doubling, or exactly).
    pub(super) fn stack_bytes(&self, double: bool) -> u64 {
        let conts = grown(
            self.conts.len(),
            self.conts.capacity(),
            STACK_HEADROOM,
            double,
        );
        let cps = grown(self.cps.len(), self.cps.capacity(), STACK_HEADROOM, double);
        let trail = grown(
            self.trail.len(),
            self.trail.capacity(),
            STACK_HEADROOM,
            double,
        );
        (conts * std::mem::size_of::<Frame>()
            + cps * std::mem::size_of::<Cp>()
            + trail * 4
            + self.proofs.capacity() * std::mem::size_of::<PNode>()
            + self.bag_cells * BAG_CELL_BYTES
            + self.output.capacity()) as u64
            + self.asserted_bytes
            + crate::term::atom_bytes()
    }

    /// The memory limit, when `bytes` more of text (a format/2 column argument of that
    /// many digits) would not fit what is left of the budget: checked before the text is
    /// made, so that `~200000000f` stops within the budget rather than past it.
    pub(super) fn check_text_room(&self, bytes: usize) -> Result<(), Stop> {
        let used = (self.heap.capacity() * 16) as u64 + self.stack_bytes(false);
        if bytes as u64 > self.budget.saturating_sub(used) {
            return Err(Stop::Limit(Box::new(SolveError::MemoryLimit(self.budget))));
        }
        Ok(())
    }

    /// Counts a clause asserted (or, `added` false, retracted) against the budget.
    pub(crate) fn count_clause(&mut self, clause: &Term, added: bool) -> Result<(), Stop> {
        let cells = term_cells(clause);
        let bytes = CLAUSE_BASE_BYTES + cells as u64 * CLAUSE_CELL_BYTES;
        if added {
            self.asserted_bytes += bytes;
            self.charge(cells)
        } else {
            self.asserted_bytes = self.asserted_bytes.saturating_sub(bytes);
            Ok(())
        }
    }

    /// `resource_error(memory)`, remembering whether the budget (rather than the system)
    /// refused the memory.
    #[cold]
    pub(super) fn out_of_memory(&mut self, budget: bool) -> Stop {
        self.memory_hit = budget;
        Stop::ball(resource_error())
    }
}
