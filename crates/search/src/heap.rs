//! An indexed binary min-heap: the open set of the best-first algorithms.
//!
//! Entries are node ids with a priority; `pos[id]` remembers where each id sits in the heap,
//! so lowering the priority of an id already in the heap (decrease-key) sifts it up from its
//! place in O(log n) instead of pushing a duplicate entry (the lazy-deletion alternative grows
//! the heap with stale entries and must skip them when popped).

use crate::nodes::NodeId;
use std::cmp::Ordering;

/// A priority: smaller `f` first; on equal `f`, smaller `h` (the node closer to a goal by
/// the estimate, i.e. deeper); on equal `h`, the smaller node id, i.e. the state generated
/// first (FIFO). The order is total, so runs are deterministic.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Priority {
    pub f: f64,
    pub h: f64,
}

#[inline]
fn less(a: (Priority, NodeId), b: (Priority, NodeId)) -> bool {
    match a.0.f.total_cmp(&b.0.f) {
        Ordering::Less => true,
        Ordering::Greater => false,
        Ordering::Equal => match a.0.h.total_cmp(&b.0.h) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => a.1 < b.1,
        },
    }
}

const ABSENT: u32 = u32::MAX;

pub(crate) struct IndexedHeap {
    heap: Vec<(Priority, NodeId)>,
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

    /// Inserts `id`, or lowers its priority if it is present with a worse one.
    pub fn push_or_decrease(&mut self, id: NodeId, prio: Priority) {
        let idx = id as usize;
        if idx >= self.pos.len() {
            self.pos.resize(idx + 1, ABSENT);
        }
        let p = self.pos[idx];
        if p == ABSENT {
            self.heap.push((prio, id));
            let last = self.heap.len() - 1;
            self.pos[idx] = last as u32;
            self.sift_up(last);
        } else if less((prio, id), self.heap[p as usize]) {
            self.heap[p as usize].0 = prio;
            self.sift_up(p as usize);
        }
    }

    pub fn pop(&mut self) -> Option<(NodeId, Priority)> {
        if self.heap.is_empty() {
            return None;
        }
        let last = self.heap.len() - 1;
        self.heap.swap(0, last);
        let (prio, id) = self.heap.pop()?;
        self.pos[id as usize] = ABSENT;
        if !self.heap.is_empty() {
            self.pos[self.heap[0].1 as usize] = 0;
            self.sift_down(0);
        }
        Some((id, prio))
    }

    fn sift_up(&mut self, mut i: usize) {
        let item = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !less(item, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.pos[self.heap[i].1 as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = item;
        self.pos[item.1 as usize] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize) {
        let item = self.heap[i];
        let n = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && less(self.heap[right], self.heap[left]) {
                right
            } else {
                left
            };
            if !less(self.heap[child], item) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.pos[self.heap[i].1 as usize] = i as u32;
            i = child;
        }
        self.heap[i] = item;
        self.pos[item.1 as usize] = i as u32;
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
