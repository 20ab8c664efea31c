//! The limits of a query: inferences, time, and memory (the heap, the stacks and the
//! findall/3 buffers against the budget; room reserved ahead so that a refused
//! allocation becomes `resource_error(memory)`).

use super::*;

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
        self.flush_if_stale()?;
        if let Some(d) = self.deadline
            && Instant::now() >= d
        {
            let t = self
                .opts
                .timeout
                .unwrap_or_else(|| d.saturating_duration_since(self.start));
            return Err(Stop::Limit(Box::new(SolveError::Timeout(t))));
        }
        self.ensure_room(cells)
    }

    /// Reserves room ahead (with `try_reserve`, so that a refused allocation is an error,
    /// not an abort) for `cells` more heap cells plus the headroom of every stack, after
    /// checking that the grown stacks stay within the budget. The heap grows by doubling
    /// while that fits, then to the exact need.
    pub(crate) fn ensure_room(&mut self, cells: usize) -> Result<(), Stop> {
        let need_heap = cells.saturating_add(HEAP_HEADROOM);
        if self.heap.len().saturating_add(need_heap) > MAX_HEAP_CELLS {
            return Err(self.out_of_memory(false));
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
    }

    /// `resource_error(memory)`, remembering whether the budget (rather than the system)
    /// refused the memory.
    #[cold]
    pub(super) fn out_of_memory(&mut self, budget: bool) -> Stop {
        self.memory_hit = budget;
        Stop::ball(resource_error())
    }
}
