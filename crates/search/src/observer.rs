//! Observers receive each event of a search, to print a teaching trace or collect data.

/// Why a generated state was not added to the frontier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prune {
    /// Already seen with a cost at least as good (closed set or frontier).
    Duplicate,
    /// Already on the current path (cycle check of depth-first algorithms).
    OnPath,
    /// Beyond the depth limit or the f-bound of an iteration.
    Bound,
}

/// Receives the events of a search. Every method does nothing by default, so an observer
/// implements only what it needs; [`NoObserver`] costs nothing at run time.
///
/// `g` is the cost from the start, `h` the heuristic estimate (0 for uninformed algorithms).
pub trait Observer<S, A> {
    /// A node is expanded: its successors are about to be generated.
    fn expand(&mut self, state: &S, g: f64, h: f64) {
        let _ = (state, g, h);
    }
    /// A successor is generated.
    fn generate(&mut self, parent: &S, action: &A, state: &S, g: f64, h: f64) {
        let _ = (parent, action, state, g, h);
    }
    /// A state already in the frontier (or closed) got a cheaper path: its cost drops from
    /// `old_g` to `new_g`.
    fn update(&mut self, state: &S, old_g: f64, new_g: f64) {
        let _ = (state, old_g, new_g);
    }
    /// A generated state was discarded.
    fn prune(&mut self, state: &S, why: Prune) {
        let _ = (state, why);
    }
    /// An iterative algorithm starts a new iteration with this bound (depth or f).
    fn iteration(&mut self, bound: f64) {
        let _ = bound;
    }
}

/// The observer that ignores every event.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<S, A> Observer<S, A> for NoObserver {}

impl<S, A, O: Observer<S, A> + ?Sized> Observer<S, A> for &mut O {
    fn expand(&mut self, state: &S, g: f64, h: f64) {
        (**self).expand(state, g, h)
    }
    fn generate(&mut self, parent: &S, action: &A, state: &S, g: f64, h: f64) {
        (**self).generate(parent, action, state, g, h)
    }
    fn update(&mut self, state: &S, old_g: f64, new_g: f64) {
        (**self).update(state, old_g, new_g)
    }
    fn prune(&mut self, state: &S, why: Prune) {
        (**self).prune(state, why)
    }
    fn iteration(&mut self, bound: f64) {
        (**self).iteration(bound)
    }
}
