//! The problem and heuristic traits, and closure adapters for both.

use std::hash::Hash;

/// One successor of a state: the action taken, the state it leads to and its step cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Successor<S, A> {
    /// The action (operator) that leads from the parent to `state`.
    pub action: A,
    /// The state reached.
    pub state: S,
    /// The cost of the step; must be non-negative (`1.0` for unit-cost problems).
    pub cost: f64,
}

impl<S, A> Successor<S, A> {
    /// A successor reached by `action` at `cost`.
    pub fn new(action: A, state: S, cost: f64) -> Self {
        Successor {
            action,
            state,
            cost,
        }
    }
}

/// A state-space search problem, defined in one place: its start state, goal test and
/// successor function.
///
/// Costs are `f64`: exact for integer costs below 2^53, and the same type serves puzzles
/// with unit costs, road maps with decimal distances and weighted A*.
///
/// ```
/// use resolu_search::{Problem, Successor};
///
/// /// Count from 0 to a target by steps of +1 or *2.
/// struct Counter(u32);
///
/// impl Problem for Counter {
///     type State = u32;
///     type Action = &'static str;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn successors(&self, s: &u32, out: &mut Vec<Successor<u32, &'static str>>) {
///         out.push(Successor::new("+1", s + 1, 1.0));
///         if *s > 0 && *s <= self.0 / 2 { out.push(Successor::new("*2", s * 2, 1.0)); }
///     }
/// }
/// let outcome = resolu_search::Runner::new(&Counter(10)).run(resolu_search::Algorithm::Bfs);
/// assert_eq!(outcome.path.unwrap().len(), 5); // 0 → 1 → 2 → 4 → 5 → 10
/// ```
pub trait Problem {
    /// A state of the problem. Hashing and equality identify already-seen states.
    type State: Clone + Eq + Hash;
    /// An action (operator) between two states.
    type Action: Clone;

    /// The initial state.
    fn start(&self) -> Self::State;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Pushes the successors of `state` onto `out` (which the caller has cleared), in a
    /// fixed order: algorithms break ties by that order, so the order is part of the
    /// problem's definition.
    fn successors(&self, state: &Self::State, out: &mut Vec<Successor<Self::State, Self::Action>>);

    /// Hands each successor of `state` to `visit`, in the order of
    /// [`successors`](Self::successors). The default collects them in `buf` (cleared
    /// first) and hands them over; a problem that makes its successors one at a time can
    /// override it, so a search handles each child as it is made: one loop instead of
    /// two, whose exit the processor mispredicts once rather than twice. Overriding it is only a matter of speed, and only the
    /// best-first searches (uniform cost, greedy, A*, weighted A*) call it: the others need
    /// the whole list (depth-first pushes it in reverse, breadth-first stops at a goal
    /// among the children, IDA* keeps one list per frame).
    #[inline]
    fn visit_successors<F>(
        &self,
        state: &Self::State,
        buf: &mut Vec<Successor<Self::State, Self::Action>>,
        mut visit: F,
    ) where
        Self: Sized,
        F: FnMut(Successor<Self::State, Self::Action>),
    {
        buf.clear();
        self.successors(state, buf);
        for succ in buf.drain(..) {
            visit(succ);
        }
    }

    /// Estimated bytes that one stored state occupies, used by the memory limit. The default
    /// counts the state's inline size; problems whose states own heap data should add it.
    fn state_bytes(&self) -> usize {
        std::mem::size_of::<Self::State>()
    }
}

/// A reference to a problem is the same problem: every method forwards to the referent,
/// the provided ones too (a dropped [`visit_successors`](Problem::visit_successors) would
/// silently lose the referent's faster override). `P` must be `Sized` because
/// `visit_successors` is generic and so callable only on sized problems.
impl<P: Problem> Problem for &P {
    type State = P::State;
    type Action = P::Action;
    #[inline]
    fn start(&self) -> Self::State {
        (**self).start()
    }
    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        (**self).is_goal(state)
    }
    #[inline]
    fn successors(&self, state: &Self::State, out: &mut Vec<Successor<Self::State, Self::Action>>) {
        (**self).successors(state, out)
    }
    #[inline]
    fn visit_successors<F>(
        &self,
        state: &Self::State,
        buf: &mut Vec<Successor<Self::State, Self::Action>>,
        visit: F,
    ) where
        F: FnMut(Successor<Self::State, Self::Action>),
    {
        (**self).visit_successors(state, buf, visit)
    }
    #[inline]
    fn state_bytes(&self) -> usize {
        (**self).state_bytes()
    }
}

/// A heuristic: an estimate of the cost from a state to the nearest goal.
///
/// Heuristics are values separate from the problem, so one problem can be searched with
/// several of them. Every closure `Fn(&State) -> f64` is a heuristic.
///
/// [`update`](Heuristic::update) lets a heuristic compute a child's value from its parent's
/// (the sliding-tile puzzle's Manhattan distance changes by exactly one per move); every
/// informed algorithm calls it when it generates a successor, so incremental heuristics need
/// no special path around the generic algorithms.
pub trait Heuristic<S, A> {
    /// The estimate for `state`, computed from scratch.
    fn estimate(&self, state: &S) -> f64;

    /// The estimate for `child`, reached from `parent` (whose estimate is `parent_h`) by
    /// `action`. The default recomputes from scratch.
    #[inline]
    fn update(&self, parent: &S, parent_h: f64, action: &A, child: &S) -> f64 {
        let _ = (parent, parent_h, action);
        self.estimate(child)
    }
}

impl<S, A, F: Fn(&S) -> f64> Heuristic<S, A> for F {
    #[inline]
    fn estimate(&self, state: &S) -> f64 {
        self(state)
    }
}

/// The heuristic that always answers 0: informed algorithms then behave as uninformed ones
/// (A* becomes uniform cost).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroHeuristic;

impl<S, A> Heuristic<S, A> for ZeroHeuristic {
    #[inline]
    fn estimate(&self, _state: &S) -> f64 {
        0.0
    }
}

/// A problem built from closures: the quick way to pose a problem without a new type.
///
/// ```
/// use resolu_search::{FnProblem, Runner, Algorithm, Successor};
///
/// // Water jugs of 4 and 3 litres: get exactly 2 litres in the big one.
/// let jugs = FnProblem::new(
///     (0u8, 0u8),
///     |&(a, _b): &(u8, u8)| a == 2,
///     |&(a, b): &(u8, u8), out: &mut Vec<Successor<(u8, u8), &'static str>>| {
///         let pour_ab = a.min(3 - b);
///         let pour_ba = b.min(4 - a);
///         for (name, next) in [
///             ("fill A", (4, b)), ("fill B", (a, 3)), ("empty A", (0, b)), ("empty B", (a, 0)),
///             ("A->B", (a - pour_ab, b + pour_ab)), ("B->A", (a + pour_ba, b - pour_ba)),
///         ] {
///             out.push(Successor::new(name, next, 1.0));
///         }
///     },
/// );
/// let outcome = Runner::new(&jugs).run(Algorithm::Bfs);
/// assert_eq!(outcome.path.unwrap().len(), 6);
/// ```
pub struct FnProblem<S, A, G, F> {
    start: S,
    is_goal: G,
    successors: F,
    _action: std::marker::PhantomData<fn() -> A>,
}

impl<S, A, G, F> FnProblem<S, A, G, F>
where
    S: Clone + Eq + Hash,
    A: Clone,
    G: Fn(&S) -> bool,
    F: Fn(&S, &mut Vec<Successor<S, A>>),
{
    /// A problem from its start state, goal test and successor function.
    pub fn new(start: S, is_goal: G, successors: F) -> Self {
        FnProblem {
            start,
            is_goal,
            successors,
            _action: std::marker::PhantomData,
        }
    }
}

impl<S, A, G, F> Problem for FnProblem<S, A, G, F>
where
    S: Clone + Eq + Hash,
    A: Clone,
    G: Fn(&S) -> bool,
    F: Fn(&S, &mut Vec<Successor<S, A>>),
{
    type State = S;
    type Action = A;
    fn start(&self) -> S {
        self.start.clone()
    }
    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal)(state)
    }
    fn successors(&self, state: &S, out: &mut Vec<Successor<S, A>>) {
        (self.successors)(state, out)
    }
}
