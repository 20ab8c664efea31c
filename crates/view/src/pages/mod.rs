//! The pages of the commands, built from what their own run recorded (see
//! [`crate::record`]) and from the domains' values: the command line only creates the
//! recorder, runs, and writes what these return.

pub mod connect4;
pub mod connect4_play;
pub mod games;
pub mod hanoi;
mod hanoi_picture;
pub mod maze;
pub mod search;
pub mod walk;
pub mod warnsdorff;

use crate::record::SearchRecorder;
use crate::{Page, Section};
use resolu_search::Outcome;
use std::hash::Hash;

/// One search as it ran: its recorder and its outcome.
pub struct Recorded<'a, S, A> {
    /// The recorder the run was observed by.
    pub recorder: SearchRecorder<'a, S, A>,
    /// The run's outcome.
    pub outcome: Outcome<S, A>,
}

impl<S: Clone + Eq + Hash, A> Recorded<'_, S, A> {
    /// The search section, titled by the algorithm, with the run's counters.
    pub fn section(self) -> Section {
        let states = self
            .outcome
            .path
            .as_ref()
            .map(|p| p.states().cloned().collect::<Vec<_>>());
        let title = format!(
            "{}: {}",
            self.recorder.words().search_title,
            self.recorder.algorithm()
        );
        self.recorder
            .section(&title, states, &self.outcome.stats, None)
    }

    /// The search section with `picture` (of the problem, from the recording and the
    /// step at which the solution shows) drawn over the tree.
    pub fn section_on(
        self,
        picture: impl FnOnce(&SearchRecorder<'_, S, A>, Option<&[S]>, usize) -> crate::Svg,
    ) -> Section {
        let states = self
            .outcome
            .path
            .as_ref()
            .map(|p| p.states().cloned().collect::<Vec<_>>());
        let above = picture(&self.recorder, states.as_deref(), self.recorder.last_step());
        let title = format!(
            "{}: {}",
            self.recorder.words().search_title,
            self.recorder.algorithm()
        );
        self.recorder
            .section(&title, states, &self.outcome.stats, Some(above))
    }
}

/// Adds the sections of several searches, side by side when there are more than one (a
/// comparison).
pub fn with_searches(page: Page, sections: Vec<Section>) -> Page {
    let compare = sections.len() > 1;
    let lead = page.sections.len();
    sections
        .into_iter()
        .fold(page, Page::section)
        .side_by_side(compare)
        .lead_sections(lead)
}
