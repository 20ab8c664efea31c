//! Depth-first search, iterative with an explicit stack, with an explored set and an
//! optional depth limit.
//!
//! The deepest state is expanded first; successors are pushed in reverse so that the
//! problem's first successor is explored first. The stack lives on the heap, so a deep space
//! cannot overflow the call stack. Every generated state is stored once with its depth; with
//! a depth limit, a state met again at a smaller depth is re-opened (counted in `reopened`),
//! so that the limit does not hide a solution. Goal test at expansion.
//!
//! - Complete on finite spaces (the explored set prevents loops); not optimal.
//! - With a depth limit: complete for solutions within the limit. When the limit cut a state
//!   that has successors, a run that finds nothing ends with `DepthLimit` (no solution
//!   within the limit; one may lie deeper); `Exhausted` means the limit cut nothing, so no
//!   solution exists at all.
//! - Time O(b^m), space O(b·m) for the stack plus the explored set.
//!
//! ```
//! use resolu_search::{dfs::dfs, FnProblem, Limits, NoObserver, StopReason, Successor};
//! let p = FnProblem::new(0u32, |&s: &u32| s == 5, |&s: &u32, out: &mut Vec<Successor<u32, ()>>| {
//!     if s < 100_000 { out.push(Successor::new((), s + 2, 1.0)); out.push(Successor::new((), s + 1, 1.0)); }
//! });
//! // Unlimited, DFS first follows +2 all the way (deep, but on a heap stack) then backs up.
//! assert!(dfs(&p, None, Limits::default(), &mut NoObserver).is_solved());
//! let limited = dfs(&p, Some(2), Limits::default(), &mut NoObserver);
//! assert_eq!(limited.reason, StopReason::DepthLimit); // 5 needs 3 steps
//! ```

use crate::budget::Budget;
use crate::nodes::{NodeId, Nodes, Offer, expand};
use crate::{Limits, Observer, Outcome, Problem, Prune, Stats, StopReason};

/// Depth-first search (see the [module documentation](self)); `depth_limit` bounds the
/// number of steps from the start.
pub fn dfs<P, O>(
    problem: &P,
    depth_limit: Option<usize>,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: Problem,
    O: Observer<P::State, P::Action>,
{
    let budget = Budget::new(limits, problem.state_bytes()).releasing::<P::State>();
    let mut stats = Stats {
        iterations: 1,
        max_frontier: 1,
        ..Stats::default()
    };
    let mut nodes = Nodes::new(problem.start(), budget.max_states());
    let mut stack = vec![0];
    let mut buf = Vec::new();
    let max_depth = depth_limit.map_or(u32::MAX, |d| d.min(u32::MAX as usize) as u32);

    let finish = |reason, path, stats, stored| budget.outcome(reason, path, stats, stored);
    while let Some(id) = stack.pop() {
        if let Some(limit) = budget.check(stats.expanded, nodes.len() as u64) {
            return finish(limit, None, stats, nodes.len());
        }
        // The state is read where it is stored, not cloned: its successors are listed in
        // `buf` before the store grows.
        let (g, depth) = {
            let info = nodes.info(id);
            (info.g, info.depth)
        };
        if problem.is_goal(nodes.state(id)) {
            let path = Some(nodes.path(id));
            return finish(StopReason::Solved, path, stats, nodes.len());
        }
        if depth >= max_depth {
            observer.prune(nodes.state(id), Prune::Bound);
            continue;
        }
        observer.expand(nodes.state(id), g, 0.0);
        expand(problem, nodes.state(id), &mut buf, &mut stats);
        for succ in buf.drain(..).rev() {
            let child_g = g + succ.cost;
            observer.generate(nodes.state(id), &succ.action, &succ.state, child_g, 0.0);
            let limited = depth_limit.is_some();
            match nodes.offer(id, succ, child_g, depth + 1, |old| {
                limited && depth + 1 < old.depth
            }) {
                Offer::New(child) => stack.push(child),
                Offer::Better(child, old_g) => {
                    stats.reopened += 1;
                    observer.update(nodes.state(child), old_g, child_g);
                    stack.push(child);
                }
                Offer::Worse(seen) => {
                    stats.duplicates += 1;
                    observer.prune(nodes.state(seen), Prune::Duplicate);
                }
            }
        }
        stats.max_frontier = stats.max_frontier.max(stack.len() as u64);
    }
    // Every state within the limit is now stored with its least depth (a shallower path
    // re-opens it). The limit cut something if a state at the limit has successors: then
    // nothing was found within the limit, but a solution may lie deeper.
    let cut = depth_limit.is_some()
        && (0..nodes.len()).any(|id| {
            let id = id as NodeId;
            nodes.info(id).depth >= max_depth && {
                buf.clear();
                problem.successors(nodes.state(id), &mut buf);
                !buf.is_empty()
            }
        });
    let reason = if cut {
        StopReason::DepthLimit
    } else {
        StopReason::Exhausted
    };
    finish(reason, None, stats, nodes.len())
}
