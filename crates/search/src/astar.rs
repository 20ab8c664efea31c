//! A* and weighted A*, and the best-first engine that uniform cost and greedy search share.
//!
//! A* expands the open state of least f = g + h, where g is the cost from the start and h
//! the heuristic estimate to a goal. The open set is a bucket queue indexed by node (see
//! `open.rs`): with whole-number priorities (unit costs, integer heuristics) finding the
//! minimum, inserting and lowering the f of a state already open (decrease-key) are a few
//! array reads; with any other priorities they take O(1) plus O(log k) for a priority not
//! seen before, k ≤ n being the number of distinct priorities. The closed set is the store
//! of seen states with parent links, from which the path is rebuilt. When a cheaper path
//! reaches a closed state (possible only with an inconsistent heuristic) the state is
//! re-opened and counted in `reopened`.
//!
//! Ties on f go to the smaller h (the deeper node, nearer a goal by the estimate), then to
//! the state generated first: the order is total, so a run is deterministic.
//!
//! - Complete on finite spaces, and on infinite ones with step costs bounded away from 0.
//! - Optimal when h is admissible (never overestimates); with a consistent h no state is
//!   expanded twice.
//! - Weighted A* orders by f = g + w·h (w ≥ 1): usually far fewer expansions, and a solution
//!   that costs at most w times the optimum when h is admissible.
//! - Time and space: the number of states with f below the optimal cost, O(b^d) at worst.
//!
//! ```
//! use resolu_search::{astar::astar, FnProblem, Limits, NoObserver, Successor};
//!
//! // Grid walk from (0, 0) to (3, 2), Manhattan distance as heuristic.
//! let grid = FnProblem::new((0i32, 0i32), |&p: &(i32, i32)| p == (3, 2),
//!     |&(x, y): &(i32, i32), out: &mut Vec<Successor<(i32, i32), char>>| {
//!         for (c, dx, dy) in [('R', 1, 0), ('L', -1, 0), ('D', 0, 1), ('U', 0, -1)] {
//!             out.push(Successor::new(c, (x + dx, y + dy), 1.0));
//!         }
//!     });
//! let h = |&(x, y): &(i32, i32)| ((3 - x).abs() + (2 - y).abs()) as f64;
//! let outcome = astar(&grid, &h, Limits::default(), &mut NoObserver);
//! assert_eq!(outcome.path.unwrap().cost, 5.0);
//! assert_eq!(outcome.stats.expanded, 5); // one shortest path, the goal not expanded
//! ```

use crate::budget::Budget;
use crate::nodes::{Nodes, Offer};
use crate::open::{OpenSet, Priority};
use crate::{Heuristic, Limits, Observer, Outcome, Problem, Prune, Stats, StopReason};

/// A* search (see the [module documentation](self)).
pub fn astar<P, H, O>(
    problem: &P,
    heuristic: &H,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: Problem,
    H: Heuristic<P::State, P::Action>,
    O: Observer<P::State, P::Action>,
{
    best_first(problem, heuristic, Order::astar(1.0), limits, observer)
}

/// Weighted A*: f = g + `weight`·h (see the [module documentation](self)).
pub fn weighted_astar<P, H, O>(
    problem: &P,
    heuristic: &H,
    weight: f64,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: Problem,
    H: Heuristic<P::State, P::Action>,
    O: Observer<P::State, P::Action>,
{
    best_first(problem, heuristic, Order::astar(weight), limits, observer)
}

/// How a best-first search orders its open set: f = g_weight·g + h_weight·h.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Order {
    pub g_weight: f64,
    pub h_weight: f64,
    /// Whether a cheaper path to a seen state replaces the old one (and re-opens the state
    /// if closed). Greedy search ignores costs, so it keeps the first path found.
    pub improve: bool,
}

impl Order {
    pub fn astar(weight: f64) -> Self {
        Order {
            g_weight: 1.0,
            h_weight: weight,
            improve: true,
        }
    }

    #[inline]
    fn priority(self, g: f64, h: f64) -> Priority {
        Priority {
            f: self.g_weight * g + self.h_weight * h,
            h,
        }
    }
}

/// The best-first engine: goal test at expansion, bucket-queue open set, closed set with
/// parent links.
pub(crate) fn best_first<P, H, O>(
    problem: &P,
    heuristic: &H,
    order: Order,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: Problem,
    H: Heuristic<P::State, P::Action>,
    O: Observer<P::State, P::Action>,
{
    let budget = Budget::new(limits, problem.state_bytes() + 24).releasing::<P::State>();
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let start = problem.start();
    let h0 = heuristic.estimate(&start);
    let mut nodes = Nodes::new(start, budget.max_states());
    nodes.info_mut(0).h = h0;
    let mut open = OpenSet::new();
    open.push_or_decrease(0, order.priority(0.0, h0));
    stats.max_frontier = 1;
    let mut buf = Vec::new();
    let finish = |reason, path, stats, stored| budget.outcome(reason, path, stats, stored);
    // The state being expanded is copied into this one buffer, kept for the whole run
    // (`clone_from` reuses its heap, so a state owning a `Vec` costs no allocation): the
    // successors are offered to the store while they are generated, and the store may grow
    // and move the state it holds.
    let mut state = nodes.state(0).clone();
    while let Some(id) = open.pop() {
        if let Some(limit) = budget.check(stats.expanded, nodes.len() as u64) {
            return finish(limit, None, stats, nodes.len());
        }
        let (g, depth, h) = {
            let info = nodes.info_mut(id);
            info.closed = true;
            (info.g, info.depth, info.h)
        };
        state.clone_from(nodes.state(id));
        if problem.is_goal(&state) {
            let path = Some(nodes.path(id));
            return finish(StopReason::Solved, path, stats, nodes.len());
        }
        observer.expand(&state, g, h);
        stats.expanded += 1;
        let improve = order.improve;
        problem.visit_successors(&state, &mut buf, |succ| {
            stats.generated += 1;
            let child_g = g + succ.cost;
            let child_h = heuristic.update(&state, h, &succ.action, &succ.state);
            observer.generate(&state, &succ.action, &succ.state, child_g, child_h);
            match nodes.offer(id, succ, child_g, depth + 1, |old| {
                improve && child_g < old.g
            }) {
                Offer::New(child) => {
                    nodes.info_mut(child).h = child_h;
                    open.push_or_decrease(child, order.priority(child_g, child_h));
                }
                Offer::Better(child, old_g) => {
                    let info = nodes.info_mut(child);
                    if info.closed {
                        info.closed = false;
                        stats.reopened += 1;
                    }
                    let child_h = info.h;
                    observer.update(nodes.state(child), old_g, child_g);
                    open.push_or_decrease(child, order.priority(child_g, child_h));
                }
                Offer::Worse(seen) => {
                    stats.duplicates += 1;
                    observer.prune(nodes.state(seen), Prune::Duplicate);
                }
            }
        });
        stats.max_frontier = stats.max_frontier.max(open.len() as u64);
    }
    finish(StopReason::Exhausted, None, stats, nodes.len())
}
