//! `impl Problem for &P` forwards every method, the provided ones included: a problem
//! searched through a reference keeps its `visit_successors` override and its
//! `state_bytes`.

#![allow(clippy::unwrap_used)]

use resolu_search::{Algorithm, Limits, Problem, Runner, StopReason, Successor};
use std::cell::Cell;

/// A walk on 0..=n by +1 or +2, whose `visit_successors` override counts its calls, and
/// whose states claim a large size (for the memory limit).
struct Counting {
    n: u32,
    visits: Cell<u64>,
}

impl Problem for Counting {
    type State = u32;
    type Action = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.n
    }
    fn successors(&self, s: &u32, out: &mut Vec<Successor<u32, u32>>) {
        for d in [1, 2] {
            if s + d <= self.n {
                out.push(Successor::new(d, s + d, 1.0));
            }
        }
    }
    fn visit_successors<F>(&self, s: &u32, _buf: &mut Vec<Successor<u32, u32>>, mut visit: F)
    where
        F: FnMut(Successor<u32, u32>),
    {
        self.visits.set(self.visits.get() + 1);
        for d in [1, 2] {
            if s + d <= self.n {
                visit(Successor::new(d, s + d, 1.0));
            }
        }
    }
    fn state_bytes(&self) -> usize {
        1 << 20
    }
}

#[test]
fn the_speed_hook_is_used_through_a_reference() {
    for algorithm in [
        Algorithm::Ucs,
        Algorithm::Greedy,
        Algorithm::Astar,
        Algorithm::WeightedAstar,
    ] {
        let problem = Counting {
            n: 20,
            visits: Cell::new(0),
        };
        // The runner's problem type is `&Counting`: every call goes through `impl for &P`.
        let by_ref: &Counting = &problem;
        let outcome = Runner::new(&by_ref).run(algorithm);
        assert!(outcome.is_solved(), "{algorithm}");
        assert_eq!(outcome.path.as_ref().unwrap().last(), &20, "{algorithm}");
        // Every expansion of a best-first search goes through the hook: a reference that
        // dropped it would leave the count at 0.
        assert_eq!(problem.visits.get(), outcome.stats.expanded, "{algorithm}");
        assert!(problem.visits.get() > 0, "{algorithm}");
    }
}

#[test]
fn the_state_size_is_used_through_a_reference() {
    let problem = Counting {
        n: 1000,
        visits: Cell::new(0),
    };
    let by_ref: &Counting = &problem;
    // Ten states of a mebibyte and more do not fit in 8 MiB: the memory limit stops BFS,
    // which it would not if the reference reported the 4-byte inline size.
    let outcome = Runner::new(&by_ref)
        .limits(Limits::new().max_memory_bytes(8 << 20))
        .run(Algorithm::Bfs);
    assert_eq!(outcome.reason, StopReason::MemoryLimit);
}
