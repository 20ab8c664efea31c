//! Breadth-first search.
//!
//! Expands states in order of depth with a FIFO queue and an explored set (every generated
//! state is stored once). The goal test is applied when a state is generated, which saves
//! a whole layer of expansions and keeps optimality in the number of steps.
//!
//! - Complete on finite spaces (and on infinite ones when a goal exists at finite depth).
//! - Optimal when every step costs the same.
//! - Time and space O(b^d) for branching factor b and solution depth d.
//!
//! ```
//! use resolu_search::{bfs::bfs, FnProblem, Limits, NoObserver, Successor};
//! let p = FnProblem::new(1u32, |&s: &u32| s == 12, |&s: &u32, out: &mut Vec<Successor<u32, char>>| {
//!     out.push(Successor::new('+', s + 1, 1.0));
//!     out.push(Successor::new('*', s * 3, 1.0));
//! });
//! let outcome = bfs(&p, Limits::default(), &mut NoObserver);
//! assert_eq!(outcome.path.unwrap().len(), 3); // 1 → 3 → 4 → 12
//! ```

use crate::budget::Budget;
use crate::nodes::{Nodes, Offer, expand};
use crate::{Limits, Observer, Outcome, Problem, Prune, Stats, StopReason};
use std::collections::VecDeque;

/// Breadth-first search of `problem` (see the [module documentation](self)).
pub fn bfs<P, O>(problem: &P, limits: Limits, observer: &mut O) -> Outcome<P::State, P::Action>
where
    P: Problem,
    O: Observer<P::State, P::Action>,
{
    let budget = Budget::new(limits, problem.state_bytes()).releasing::<P::State>();
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let start = problem.start();
    let mut nodes = Nodes::new(start, budget.max_states());
    let finish = |reason, path, mut stats: Stats, nodes: &Nodes<_, _>| {
        stats.stored = nodes.len() as u64;
        stats.elapsed = budget.elapsed();
        Outcome {
            reason,
            path,
            stats,
        }
    };
    if problem.is_goal(nodes.state(0)) {
        let path = Some(nodes.path(0));
        return finish(StopReason::Solved, path, stats, &nodes);
    }
    let mut queue = VecDeque::from([0]);
    stats.max_frontier = 1;
    let mut buf = Vec::new();
    while let Some(id) = queue.pop_front() {
        if let Some(limit) = budget.check(stats.expanded, nodes.len() as u64) {
            return finish(limit, None, stats, &nodes);
        }
        let (g, depth) = {
            let info = nodes.info(id);
            (info.g, info.depth)
        };
        // The state is read where it is stored, not cloned: its successors are listed in
        // `buf` before the store grows.
        observer.expand(nodes.state(id), g, 0.0);
        expand(problem, nodes.state(id), &mut buf, &mut stats);
        for succ in buf.drain(..) {
            let child_g = g + succ.cost;
            observer.generate(nodes.state(id), &succ.action, &succ.state, child_g, 0.0);
            let is_goal = problem.is_goal(&succ.state);
            match nodes.offer(id, succ, child_g, depth + 1, |_| false) {
                Offer::New(child) => {
                    if is_goal {
                        let path = Some(nodes.path(child));
                        return finish(StopReason::Solved, path, stats, &nodes);
                    }
                    queue.push_back(child);
                }
                Offer::Better(seen, _) | Offer::Worse(seen) => {
                    stats.duplicates += 1;
                    observer.prune(nodes.state(seen), Prune::Duplicate);
                }
            }
        }
        stats.max_frontier = stats.max_frontier.max(queue.len() as u64);
    }
    finish(StopReason::Exhausted, None, stats, &nodes)
}
