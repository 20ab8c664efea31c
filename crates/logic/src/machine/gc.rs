//! The garbage collector: a mark-and-slide collector of the heap above the newest
//! choicepoint.
//!
//! Backtracking already reclaims everything above a choicepoint's heap mark; what it
//! cannot reclaim is what deterministic code leaves behind: the body goals of every
//! clause entered, intermediate results, the arguments of last calls. This collector
//! reclaims those, on the segment of the heap above the newest choicepoint (`hb`):
//!
//! - cells below `hb` are never moved, so the choicepoints' heap marks stay valid;
//! - a cell below `hb` can only point into the segment through a binding made after the
//!   choicepoint, and such bindings are trailed (the variable is older than `hb`): the
//!   trail gives the old cells whose value is a root;
//! - the other roots are the query's variables and the goals of the continuation frames
//!   pushed since the choicepoint (older frames only hold older cells).
//!
//! Live cells are marked in a bitmap, then slid down in address order (so the segment
//! keeps its order: variables keep their relative age, which unification relies on to
//! bind the younger to the older) and every pointer into the segment is renumbered by
//! the number of live cells below its target. Trail entries for cells of the segment are
//! dropped: no choicepoint can undo them (backtracking cuts the heap to `hb` or lower).
//! It runs between two steps of the machine, where no cell is held in a Rust variable,
//! and not while a trace or a proof is recorded (they hold heap addresses of their own).

use super::*;

/// The least growth of the heap between two collections (in cells: 256 KB). A
/// deterministic loop that leaves garbage at each step (the count-to-a-million
/// benchmark) then keeps reusing the same young cells, which stay in the core's L2
/// cache. The count loop's SWI-Prolog ratio (`cargo bench -p resolu-bench --bench
/// prolog`, release profile, medians of 5 to 7): 1.56x with 4 MB, 1.47-1.49x with 512 KB,
/// 1.47x with 128 KB, 1.48x with 256 KB (the collections' own cost showing no more).
pub(super) const MIN_GROWTH: usize = 1 << 14;

/// The live cells of the segment `[base, base + 64 * bits.len())`, one bit each, with the
/// count of live cells before each word (the new address of a cell is `base` plus the
/// number of live cells below it).
struct LiveMap {
    base: u32,
    bits: Vec<u64>,
    before: Vec<u32>,
}

impl LiveMap {
    #[inline]
    fn is_marked(&self, a: u32) -> bool {
        let i = (a - self.base) as usize;
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    #[inline]
    fn mark(&mut self, a: u32) {
        let i = (a - self.base) as usize;
        self.bits[i / 64] |= 1 << (i % 64);
    }

    /// The address a live cell of the segment moves to.
    #[inline]
    fn forward(&self, a: u32) -> u32 {
        let i = (a - self.base) as usize;
        let below = self.bits[i / 64] & ((1u64 << (i % 64)) - 1);
        self.base + self.before[i / 64] + below.count_ones()
    }

    /// A cell with its pointer into the segment renumbered.
    #[inline]
    fn relocate(&self, c: Cell) -> Cell {
        match c {
            Cell::Ref(a) if a >= self.base => Cell::Ref(self.forward(a)),
            Cell::Str(a) if a >= self.base => Cell::Str(self.forward(a)),
            other => other,
        }
    }
}

impl Machine<'_> {
    /// Collects the garbage of the heap above the newest choicepoint (see the module
    /// documentation), then sets the height for the next collection.
    pub(super) fn collect_garbage(&mut self) {
        self.gc_wanted = false;
        let len = self.heap.len();
        if self.observer.is_some() || self.opts.explain || len > u32::MAX as usize {
            self.gc_at = usize::MAX;
            return;
        }
        let base = self.hb;
        let (cp_conts, cp_trail) = self
            .cps
            .last()
            .map_or((0, 0), |cp| (cp.conts, cp.trail as usize));
        let words = (len - base as usize).div_ceil(64);
        let mut live = LiveMap {
            base,
            bits: vec![0; words],
            before: Vec::new(),
        };

        // Mark from the roots.
        let mut stack: Vec<Cell> = Vec::new();
        for (_, c) in &self.query_vars {
            stack.push(*c);
        }
        let frames = self.segment_frames(cp_conts);
        if let Some(Frame {
            goal: Goal::Call(c),
            ..
        }) = self.direct
        {
            stack.push(c);
        }
        for &k in &frames {
            if let Goal::Call(c) = self.conts[k as usize].goal {
                stack.push(c);
            }
        }
        for &a in &self.trail[cp_trail..] {
            if a < base {
                stack.push(self.heap[a as usize]);
            }
        }
        while let Some(c) = stack.pop() {
            match c {
                Cell::Ref(a) if a >= base && !live.is_marked(a) => {
                    live.mark(a);
                    let v = self.heap[a as usize];
                    if v != Cell::Ref(a) {
                        stack.push(v);
                    }
                }
                Cell::Str(a) if a >= base && !live.is_marked(a) => {
                    let n = match self.heap[a as usize] {
                        Cell::Fun(_, n) => n,
                        _ => 0,
                    };
                    for i in 0..=n {
                        live.mark(a + i);
                    }
                    // Only pointers into the segment are pushed, the last argument first:
                    // a list's tail then waits under its head, not a million heads under
                    // the tail (the stack stays as deep as the term, not as long).
                    for i in (1..=n).rev() {
                        let v = self.heap[(a + i) as usize];
                        if v != Cell::Ref(a + i)
                            && matches!(v, Cell::Ref(b) | Cell::Str(b) if b >= base)
                        {
                            stack.push(v);
                        }
                    }
                }
                _ => {}
            }
        }

        // Number the live cells.
        let mut count = 0u32;
        live.before = live
            .bits
            .iter()
            .map(|w| {
                let b = count;
                count += w.count_ones();
                b
            })
            .collect();

        // Renumber the pointers: in the live cells, the roots, the trailed old cells.
        for (w, &word) in live.bits.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let a = base as usize + w * 64 + i;
                self.heap[a] = live.relocate(self.heap[a]);
            }
        }
        for (_, c) in &mut self.query_vars {
            *c = live.relocate(*c);
        }
        if let Some(Frame {
            goal: Goal::Call(c),
            ..
        }) = &mut self.direct
        {
            *c = live.relocate(*c);
        }
        for &k in &frames {
            if let Goal::Call(c) = &mut self.conts[k as usize].goal {
                *c = live.relocate(*c);
            }
        }
        let mut kept = cp_trail;
        for j in cp_trail..self.trail.len() {
            let a = self.trail[j];
            if a < base {
                self.heap[a as usize] = live.relocate(self.heap[a as usize]);
                self.trail[kept] = a;
                kept += 1;
            }
        }
        self.trail.truncate(kept);

        // Slide the live cells down, in address order.
        let mut to = base as usize;
        for (w, &word) in live.bits.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let a = base as usize + w * 64 + i;
                self.heap[to] = self.heap[a];
                to += 1;
            }
        }
        self.heap.truncate(to);
        let segment = to - base as usize;
        self.gc_at = to + (segment / 4).max(MIN_GROWTH);
    }

    /// The continuation frames reachable from the running goal that were pushed since the
    /// newest choicepoint (index `conts_mark` and up): those may hold cells of the
    /// segment. Frames form chains towards older (lower) indices.
    fn segment_frames(&self, conts_mark: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut k = match self.direct {
            Some(f) => f.next,
            None => self.cont,
        };
        while k != NONE && k >= conts_mark {
            out.push(k);
            k = self.conts[k as usize].next;
        }
        out
    }
}
