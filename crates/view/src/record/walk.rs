//! Recording a backtracking run: each choice made and undone.

use crate::DEFAULT_NODE_CAP;
use crate::draw::WalkEvent;
use resolu_search::backtrack::{Backtrack, BacktrackStats};

/// A backtracking problem watched: each choice made (with the square it takes, given by
/// `head`) and undone, up to a cap of events; the run is the command's own, so its
/// counters are the ones the terminal prints.
pub struct Watched<'a, B, F> {
    inner: &'a mut B,
    head: F,
    events: Vec<WalkEvent>,
    total: u64,
    cap: usize,
}

impl<'a, B, F> Watched<'a, B, F> {
    /// Watches `inner`, placing each choice on the square `head` gives after it.
    pub fn new(inner: &'a mut B, head: F) -> Self {
        Watched {
            inner,
            head,
            events: Vec::new(),
            total: 0,
            cap: DEFAULT_NODE_CAP,
        }
    }

    /// The events, and the total when the cap cut them.
    pub fn finish(self) -> (Vec<WalkEvent>, Option<u64>) {
        let cut = (self.total > self.events.len() as u64).then_some(self.total);
        (self.events, cut)
    }
}

impl<B: Backtrack, F: FnMut(&B) -> (usize, usize)> Backtrack for Watched<'_, B, F> {
    type Choice = B::Choice;
    fn is_complete(&self) -> bool {
        self.inner.is_complete()
    }
    fn candidates(&self, out: &mut Vec<B::Choice>) {
        self.inner.candidates(out)
    }
    fn promising(&self, choice: B::Choice) -> bool {
        self.inner.promising(choice)
    }
    fn apply(&mut self, choice: B::Choice) {
        self.inner.apply(choice);
        self.total += 1;
        if self.events.len() < self.cap {
            let (r, c) = (self.head)(self.inner);
            self.events.push(WalkEvent::Enter(r, c));
        }
    }
    fn undo(&mut self, choice: B::Choice) {
        self.inner.undo(choice);
        self.total += 1;
        if self.events.len() < self.cap {
            self.events.push(WalkEvent::Leave);
        }
    }
    fn frame_bytes(&self) -> usize {
        self.inner.frame_bytes()
    }
}

/// The counters of a backtracking run, named as the text output names them.
pub fn backtrack_counters(stats: &BacktrackStats) -> Vec<(String, String)> {
    vec![
        ("tries".into(), stats.tries.to_string()),
        ("backtracks".into(), stats.backtracks.to_string()),
        ("depth".into(), stats.max_depth.to_string()),
    ]
}
