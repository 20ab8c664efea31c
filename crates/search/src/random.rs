//! Random search: the frontier's states are expanded in a random order, drawn from a seeded
//! generator (ChaCha8, portable: the same seed gives the same run on every machine), with an
//! explored set so that no state is expanded twice.
//!
//! It is the baseline the informed algorithms are compared with: it finds a solution on a
//! finite space, but neither quickly nor optimally. Goal test at expansion.
//!
//! - Complete on finite spaces; not optimal.
//! - Time and space: up to the whole reachable space.
//!
//! ```
//! use resolu_search::{random::random, FnProblem, Limits, NoObserver, Successor};
//! let p = FnProblem::new(0i32, |&s: &i32| s == 6, |&s: &i32, out: &mut Vec<Successor<i32, i32>>| {
//!     for d in [1, -1] { if (s + d).abs() <= 10 { out.push(Successor::new(d, s + d, 1.0)); } }
//! });
//! let a = random(&p, 42, Limits::default(), &mut NoObserver);
//! let b = random(&p, 42, Limits::default(), &mut NoObserver);
//! assert_eq!(a.path.unwrap().last(), &6);
//! assert_eq!(a.stats.expanded, b.stats.expanded); // same seed, same run
//! ```

use crate::budget::Budget;
use crate::nodes::{Nodes, Offer, expand};
use crate::{Limits, Observer, Outcome, Problem, Prune, Stats, StopReason};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Random search with `seed` (see the [module documentation](self)).
pub fn random<P, O>(
    problem: &P,
    seed: u64,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: Problem,
    O: Observer<P::State, P::Action>,
{
    let budget = Budget::new(limits, problem.state_bytes()).releasing::<P::State>();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = Stats {
        iterations: 1,
        max_frontier: 1,
        ..Stats::default()
    };
    let mut nodes = Nodes::new(problem.start(), budget.max_states());
    let mut frontier = vec![0];
    let mut buf = Vec::new();
    let finish = |reason, path, stats, stored| budget.outcome(reason, path, stats, stored);
    while !frontier.is_empty() {
        if let Some(limit) = budget.check(stats.expanded, nodes.len() as u64) {
            return finish(limit, None, stats, nodes.len());
        }
        let pick = rng.random_range(0..frontier.len());
        let id = frontier.swap_remove(pick);
        let (g, depth) = {
            let info = nodes.info(id);
            (info.g, info.depth)
        };
        if problem.is_goal(nodes.state(id)) {
            let path = Some(nodes.path(id));
            return finish(StopReason::Solved, path, stats, nodes.len());
        }
        // The state is read where it is stored, not cloned: its successors are listed in
        // `buf` before the store grows.
        observer.expand(nodes.state(id), g, 0.0);
        expand(problem, nodes.state(id), &mut buf, &mut stats);
        for succ in buf.drain(..) {
            let child_g = g + succ.cost;
            observer.generate(nodes.state(id), &succ.action, &succ.state, child_g, 0.0);
            match nodes.offer(id, succ, child_g, depth + 1, |_| false) {
                Offer::New(child) => frontier.push(child),
                Offer::Better(seen, _) | Offer::Worse(seen) => {
                    stats.duplicates += 1;
                    observer.prune(nodes.state(seen), Prune::Duplicate);
                }
            }
        }
        stats.max_frontier = stats.max_frontier.max(frontier.len() as u64);
    }
    finish(StopReason::Exhausted, None, stats, nodes.len())
}
