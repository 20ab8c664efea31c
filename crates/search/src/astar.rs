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
use crate::nodes::{Arena, Nodes, Offer, Rec};
use crate::open::{OpenSet, Priority};
use crate::{
    Cost, Heuristic, InPlace, InPlaceHeuristic, Limits, Observer, Outcome, Problem, Prune, Stats,
    StopReason,
};

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
    while let Some(id) = open.pop() {
        if let Some(limit) = budget.check(stats.expanded, nodes.len() as u64) {
            return finish(limit, None, stats, nodes.len());
        }
        let (g, depth, h) = {
            let info = nodes.info_mut(id);
            info.closed = true;
            (info.g, info.depth, info.h)
        };
        let state = nodes.state(id).clone();
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

/// A* for a problem that also implements [`InPlace`], with a heuristic that implements
/// [`InPlaceHeuristic`]: the same expansions, in the same order, and the same path as
/// [`astar`], faster. The moves come from [`InPlace::next_move`], so the move back to the
/// parent is never generated (it could only find the parent again, closed at a lower cost:
/// `generated` and `duplicates` count one less per expansion); a child's estimate comes from
/// its parent's and the move; a child is made by applying the move to the expanded state
/// and is cloned into the store only when it is new; costs stay in the problem's
/// [`Cost`] type (whole numbers file their open nodes in the bucket grid directly); a
/// node's record holds costs, parent and move alone (a node is closed when it is not in
/// the open set: no flag).
///
/// ```
/// use resolu_search::astar::{astar, astar_in_place};
/// use resolu_search::{InPlace, Heuristic, InPlaceHeuristic, Limits, NoObserver, Problem, Successor};
///
/// /// A walk on the integers by +1, +3 or -1, from 0 to 10.
/// struct Walk;
/// const STEPS: [i32; 3] = [1, 3, -1];
/// impl Problem for Walk {
///     type State = i32;
///     type Action = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, s: &i32) -> bool { *s == 10 }
///     fn successors(&self, s: &i32, out: &mut Vec<Successor<i32, i32>>) {
///         for d in STEPS { out.push(Successor::new(d, s + d, 1.0)); }
///     }
/// }
/// impl InPlace for Walk {
///     type Cost = u32;
///     fn next_move(&self, _: &i32, _: Option<&i32>, cursor: &mut u64) -> Option<(i32, u32)> {
///         let d = *STEPS.get(*cursor as usize)?;
///         *cursor += 1;
///         Some((d, 1))
///     }
///     fn apply(&self, s: &mut i32, d: &i32) { *s += d; }
///     fn undo(&self, s: &mut i32, d: &i32) { *s -= d; }
/// }
/// struct Thirds;
/// impl Heuristic<i32, i32> for Thirds {
///     fn estimate(&self, s: &i32) -> f64 { f64::from((10 - s).abs().div_euclid(3)) }
/// }
/// impl InPlaceHeuristic<i32, i32, u32> for Thirds {
///     fn update_in_place(&self, s: &i32, _: u32, d: &i32) -> u32 {
///         (10 - s - d).unsigned_abs() / 3
///     }
/// }
/// let fast = astar_in_place(&Walk, &Thirds, Limits::default(), &mut NoObserver);
/// let plain = astar(&Walk, &Thirds, Limits::default(), &mut NoObserver);
/// assert_eq!(fast.path.unwrap().len(), 4); // 3 + 3 + 3 + 1
/// assert_eq!(fast.stats.expanded, plain.stats.expanded);
/// ```
pub fn astar_in_place<P, H, O>(
    problem: &P,
    heuristic: &H,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::State, P::Action>
where
    P: InPlace,
    H: InPlaceHeuristic<P::State, P::Action, P::Cost>,
    O: Observer<P::State, P::Action>,
{
    let budget = Budget::new(limits, problem.state_bytes() + 24).releasing::<P::State>();
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let start = problem.start();
    let zero = P::Cost::default();
    let h0 = P::Cost::from_f64(heuristic.estimate(&start));
    let mut nodes: Arena<P::State, P::Action, P::Cost> =
        Arena::new(start, zero, h0, budget.max_states());
    let mut open = OpenSet::new();
    push(&mut open, 0, h0, h0);
    stats.max_frontier = 1;
    let finish = |reason, path, stats, stored| budget.outcome(reason, path, stats, stored);
    while let Some(id) = open.pop() {
        if let Some(limit) = budget.check(stats.expanded, nodes.len() as u64) {
            return finish(limit, None, stats, nodes.len());
        }
        let rec = &nodes.recs[id as usize];
        let (g, h, came_by) = (rec.g, rec.h, rec.action.clone());
        let mut state = nodes.states[id as usize].clone();
        if problem.is_goal(&state) {
            let path = Some(nodes.path(id, Cost::to_f64));
            return finish(StopReason::Solved, path, stats, nodes.len());
        }
        observer.expand(&state, g.to_f64(), h.to_f64());
        stats.expanded += 1;
        let mut cursor = problem.first_cursor(&state, came_by.as_ref());
        while let Some((action, cost)) = problem.next_move(&state, came_by.as_ref(), &mut cursor) {
            stats.generated += 1;
            let child_h = heuristic.update_in_place(&state, h, &action);
            let child_g = g + cost;
            problem.apply(&mut state, &action);
            let parent = &nodes.states[id as usize];
            observer.generate(parent, &action, &state, child_g.to_f64(), child_h.to_f64());
            let found = nodes.find_or_insert(&state, || Rec {
                parent: id,
                action: Some(action.clone()),
                g: child_g,
                step: cost,
                h: child_h,
            });
            match found {
                Ok(child) => push(&mut open, child, child_g + child_h, child_h),
                Err(seen) => {
                    let rec = &mut nodes.recs[seen as usize];
                    if child_g < rec.g {
                        let old_g = rec.g;
                        rec.parent = id;
                        rec.action = Some(action.clone());
                        rec.g = child_g;
                        rec.step = cost;
                        let seen_h = rec.h;
                        if !open.contains(seen) {
                            stats.reopened += 1;
                        }
                        observer.update(&state, old_g.to_f64(), child_g.to_f64());
                        push(&mut open, seen, child_g + seen_h, seen_h);
                    } else {
                        stats.duplicates += 1;
                        observer.prune(&state, Prune::Duplicate);
                    }
                }
            }
            problem.undo(&mut state, &action);
        }
        stats.max_frontier = stats.max_frontier.max(open.len() as u64);
    }
    finish(StopReason::Exhausted, None, stats, nodes.len())
}

/// Files `id` in the open set at priority (f, h), through the grid when both are whole.
#[inline(always)]
fn push<C: Cost>(open: &mut OpenSet, id: u32, f: C, h: C) {
    match (f.whole(), h.whole()) {
        (Some(f), Some(h)) => open.push_or_decrease_whole(id, f, h),
        _ => open.push_or_decrease(
            id,
            Priority {
                f: f.to_f64(),
                h: h.to_f64(),
            },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NoObserver, Successor};

    /// A weighted graph whose heuristic is admissible but not consistent, so that A*
    /// re-opens closed nodes: edges (from, to, cost).
    struct Graph(Vec<(u32, u32, u32)>);

    impl Problem for Graph {
        type State = u32;
        type Action = (u32, u32);
        fn start(&self) -> u32 {
            0
        }
        fn is_goal(&self, s: &u32) -> bool {
            *s == 9
        }
        fn successors(&self, s: &u32, out: &mut Vec<Successor<u32, (u32, u32)>>) {
            for &(a, b, c) in &self.0 {
                if a == *s {
                    out.push(Successor::new((a, b), b, f64::from(c)));
                }
            }
        }
    }

    impl InPlace for Graph {
        type Cost = u32;
        fn next_move(
            &self,
            s: &u32,
            _: Option<&(u32, u32)>,
            cursor: &mut u64,
        ) -> Option<((u32, u32), u32)> {
            while let Some(&(a, b, c)) = self.0.get(*cursor as usize) {
                *cursor += 1;
                if a == *s {
                    return Some(((a, b), c));
                }
            }
            None
        }
        fn apply(&self, s: &mut u32, &(_, to): &(u32, u32)) {
            *s = to;
        }
        fn undo(&self, s: &mut u32, &(from, _): &(u32, u32)) {
            *s = from;
        }
    }

    struct Table([u32; 10]);

    impl Heuristic<u32, (u32, u32)> for Table {
        fn estimate(&self, s: &u32) -> f64 {
            f64::from(self.0[*s as usize])
        }
    }

    impl InPlaceHeuristic<u32, (u32, u32), u32> for Table {
        fn update_in_place(&self, _: &u32, _: u32, &(_, to): &(u32, u32)) -> u32 {
            self.0[to as usize]
        }
    }

    #[test]
    fn the_in_place_engine_reopens_and_finds_what_the_generic_one_does() {
        // 0 → 1 (1) → 3: h(1) = 6 delays 1, so 3 is first closed through 2 at cost 5,
        // then re-opened at cost 2 through 1.
        let graph = Graph(vec![
            (0, 1, 1),
            (0, 2, 1),
            (1, 3, 1),
            (2, 3, 4),
            (3, 4, 1),
            (4, 9, 6),
            (2, 9, 12),
        ]);
        let h = Table([0, 6, 0, 0, 0, 0, 0, 0, 0, 0]);
        let plain = astar(&graph, &h, Limits::default(), &mut NoObserver);
        let fast = astar_in_place(&graph, &h, Limits::default(), &mut NoObserver);
        let summary = |o: Outcome<u32, (u32, u32)>| {
            let s = o.stats;
            let path = o.path.expect("a path");
            let states: Vec<u32> = path.states().copied().collect();
            (states, path.cost, s.expanded, s.reopened)
        };
        let plain = summary(plain);
        assert_eq!(plain.0, vec![0, 1, 3, 4, 9]);
        assert_eq!(plain.1, 9.0);
        assert!(plain.3 > 0, "the case re-opens a node");
        assert_eq!(summary(fast), plain);
    }
}
