//! An indexed binary min-heap: the open set of the best-first algorithms.
//!
//! Entries are node ids with a priority; `pos[id]` remembers where each id sits in the heap,
//! so lowering the priority of an id already in the heap (decrease-key) sifts it up from its
//! place in O(log n) instead of pushing a duplicate entry (the lazy-deletion alternative grows
//! the heap with stale entries and must skip them when popped).

use crate::nodes::NodeId;

/// A priority: smaller `f` first; on equal `f`, smaller `h` (the node closer to a goal by
/// the estimate, i.e. deeper); on equal `h`, the smaller node id, i.e. the state generated
/// first (FIFO). The order is total, so runs are deterministic.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Priority {
    pub f: f64,
    pub h: f64,
}

/// A heap entry: the priority as integers, compared faster than floats. For non-negative
/// floats the order of the bit patterns is the order of the values (`+ 0.0` turns a
/// negative zero into a positive one); f and h are never negative.
#[derive(Clone, Copy, Debug)]
struct Entry {
    f: u64,
    h: u64,
    id: NodeId,
}

impl Entry {
    #[inline]
    fn new(prio: Priority, id: NodeId) -> Entry {
        Entry {
            f: (prio.f + 0.0).to_bits(),
            h: (prio.h + 0.0).to_bits(),
            id,
        }
    }

    #[inline]
    fn priority(self) -> Priority {
        Priority {
            f: f64::from_bits(self.f),
            h: f64::from_bits(self.h),
        }
    }
}

/// Smaller f first, then smaller h (the node believed closer to a goal), then the older
/// node (smaller id): a total order, so runs are deterministic.
#[inline]
fn less(a: Entry, b: Entry) -> bool {
    (a.f, a.h, a.id) < (b.f, b.h, b.id)
}

const ABSENT: u32 = u32::MAX;

pub(crate) struct IndexedHeap {
    heap: Vec<Entry>,
    pos: Vec<u32>,
}

impl IndexedHeap {
    pub fn new() -> Self {
        IndexedHeap {
            heap: Vec::new(),
            pos: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Inserts `id`, or lowers its priority if it is already in the heap with a higher one.
    pub fn push_or_decrease(&mut self, id: NodeId, prio: Priority) {
        let idx = id as usize;
        if idx >= self.pos.len() {
            self.pos.resize(idx + 1, ABSENT);
        }
        let entry = Entry::new(prio, id);
        let p = self.pos[idx];
        if p == ABSENT {
            self.heap.push(entry);
            self.sift_up(self.heap.len() - 1, entry);
        } else if less(entry, self.heap[p as usize]) {
            self.sift_up(p as usize, entry);
        }
    }

    /// Removes the entry of least priority.
    pub fn pop(&mut self) -> Option<(NodeId, Priority)> {
        let last = self.heap.pop()?;
        if self.heap.is_empty() {
            self.pos[last.id as usize] = ABSENT;
            return Some((last.id, last.priority()));
        }
        let top = self.heap[0];
        self.pos[top.id as usize] = ABSENT;
        // Floyd's pop: walk the hole at the root down to a leaf along the smaller children
        // (one comparison per level), then sift the last entry up from there. The last entry
        // usually belongs near the bottom, so this beats sifting it down from the root.
        let n = self.heap.len();
        let mut hole = 0;
        loop {
            let left = 2 * hole + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && less(self.heap[right], self.heap[left]) {
                right
            } else {
                left
            };
            self.heap[hole] = self.heap[child];
            self.pos[self.heap[hole].id as usize] = hole as u32;
            hole = child;
        }
        self.sift_up(hole, last);
        Some((top.id, top.priority()))
    }

    /// Places `item` at `i` or above, moving larger parents down.
    #[inline]
    fn sift_up(&mut self, mut i: usize, item: Entry) {
        while i > 0 {
            let parent = (i - 1) / 2;
            if !less(item, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.pos[self.heap[i].id as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = item;
        self.pos[item.id as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_priority_order_after_decreases() {
        let mut heap = IndexedHeap::new();
        let fs = [5.0, 3.0, 8.0, 1.0, 9.0, 4.0, 7.0];
        for (id, &f) in fs.iter().enumerate() {
            heap.push_or_decrease(id as NodeId, Priority { f, h: 0.0 });
        }
        heap.push_or_decrease(4, Priority { f: 0.5, h: 0.0 });
        heap.push_or_decrease(2, Priority { f: 2.0, h: 0.0 });
        heap.push_or_decrease(0, Priority { f: 6.0, h: 0.0 }); // not lower: ignored
        let order: Vec<_> = std::iter::from_fn(|| heap.pop().map(|(id, _)| id)).collect();
        assert_eq!(order, vec![4, 3, 2, 1, 5, 0, 6]);
    }

    #[test]
    fn ties_prefer_smaller_h_then_older_id() {
        let mut heap = IndexedHeap::new();
        heap.push_or_decrease(0, Priority { f: 3.0, h: 2.0 });
        heap.push_or_decrease(1, Priority { f: 3.0, h: 1.0 });
        heap.push_or_decrease(2, Priority { f: 3.0, h: 1.0 });
        let order: Vec<_> = std::iter::from_fn(|| heap.pop().map(|(id, _)| id)).collect();
        assert_eq!(order, vec![1, 2, 0]);
    }
}
