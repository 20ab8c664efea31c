//! What a traced query reports as it runs, and who receives it.

use crate::term::Term;

/// Events reported while proving, for traces. Variables in terms are numbered by their
/// heap address (stable within one run).
#[derive(Clone, Debug, PartialEq)]
pub enum TraceEvent {
    /// The course's step: the conjunction still to prove (first the goal being resolved)
    /// and the clause chosen for it, at this depth.
    Step {
        /// Call depth.
        depth: usize,
        /// The goal then the goals after it (the first few).
        goals: Vec<Term>,
        /// The clause chosen, as written.
        clause: Term,
    },
    /// No clause (or no further clause) proves this goal: backtrack.
    NoClause {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
    /// An unknown procedure, taken as false (`unknown` flag set to fail).
    Unknown {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
    /// Port trace: a goal is called.
    Call {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
    /// Port trace: a goal succeeded.
    Exit {
        /// Call depth.
        depth: usize,
        /// The goal, as instantiated.
        goal: Term,
    },
    /// Port trace: backtracking into a goal for another solution.
    Redo {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
    /// Port trace: a goal has no (more) solutions.
    Fail {
        /// Call depth.
        depth: usize,
        /// The goal.
        goal: Term,
    },
}

/// Receives trace events (the library never prints; the caller decides).
pub trait Observer {
    /// One event.
    fn event(&mut self, event: &TraceEvent);
}

impl<F: FnMut(&TraceEvent)> Observer for F {
    fn event(&mut self, event: &TraceEvent) {
        self(event)
    }
}
