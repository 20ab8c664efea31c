//! A* in place: the expansions of [`astar`](crate::astar::astar), a child made by applying
//! a move to the expanded state and cloned into the store only when it is new.

use super::{Cost, InPlace, InPlaceHeuristic};
use crate::budget::Budget;
use crate::nodes::{Arena, Rec};
use crate::open::{OpenSet, Priority};
use crate::{Limits, Observer, Outcome, Prune, Stats, StopReason};

/// A* for a problem that also implements [`InPlace`], with a heuristic that implements
/// [`InPlaceHeuristic`]: the same expansions, in the same order, and the same path as
/// [`astar`](crate::astar::astar), faster. The moves come from [`InPlace::next_move`], so the move back to the
/// parent is never generated (it could only find the parent again, closed at a lower cost:
/// `generated` and `duplicates` count one less per expansion); a child's estimate comes from
/// its parent's and the move; a child is made by applying the move to the expanded state
/// and is cloned into the store only when it is new; costs stay in the problem's
/// [`Cost`] type (whole numbers file their open nodes in the bucket grid directly); a
/// node's record holds costs, parent and move alone (a node is closed when it is not in
/// the open set: no flag).
///
/// ```
/// use resolu_search::astar::astar;
/// use resolu_search::in_place::astar_in_place;
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
    use crate::astar::astar;
    use crate::{Heuristic, NoObserver, Problem, Successor};

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
