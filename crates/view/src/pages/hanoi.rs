//! The Towers of Hanoi pages: the moves drawn (from the recursion, the rules or a search)
//! and the search recorded.

use super::Recorded;
use crate::record::SearchRecorder;
use crate::{Frame, Page, Section, draw};
use resolu_puzzles::hanoi::{Hanoi, HanoiMove, Pegs};
use resolu_search::Algorithm;

/// The most frames a Hanoi page draws; beyond, moves are sampled (the page says so).
const MAX_HANOI_FRAMES: usize = 1000;

/// The moves of a Hanoi solution, frame by frame (`rules`: the rule fired for each move).
pub fn hanoi_section(hanoi: &Hanoi, moves: &[HanoiMove], rules: Option<&[String]>) -> Section {
    let every = moves.len().div_ceil(MAX_HANOI_FRAMES).max(1);
    let mut state: Pegs = resolu_search::Problem::start(hanoi);
    let frame = |s: Pegs, caption: String| {
        Frame::new(
            draw::hanoi(&hanoi.stacks(s), hanoi.disks()),
            caption,
            hanoi.one_line(s),
        )
    };
    let mut frames = vec![frame(state, "start".into())];
    for (i, &m) in moves.iter().enumerate() {
        state = hanoi.apply(state, m);
        if (i + 1) % every == 0 || i + 1 == moves.len() {
            let by = rules
                .and_then(|r| r.get(i))
                .map(|r| format!(" (rule {r})"))
                .unwrap_or_default();
            frames.push(frame(state, format!("Move {}: {m}{by}", i + 1)));
        }
    }
    let mut section = Section::frames("The moves", frames).counters([("moves", moves.len())]);
    if every > 1 {
        section = section.note(format!("{} moves: every {every}th is drawn.", moves.len()));
    }
    section
}

/// `resolu hanoi --html` for the rules and the recursion: the moves drawn.
pub fn moves_page(hanoi: &Hanoi, moves: &[HanoiMove], rules: Option<&[String]>, how: &str) -> Page {
    Page::new("resolu hanoi")
        .intro(format!(
            "{} disks on {} pegs, solved by {how}.",
            hanoi.disks(),
            hanoi.pegs()
        ))
        .section(hanoi_section(hanoi, moves, rules))
}

/// A recorder of a Hanoi search.
pub fn hanoi_recorder(hanoi: &Hanoi, algorithm: Algorithm) -> SearchRecorder<'_, Pegs, HanoiMove> {
    SearchRecorder::new(
        algorithm,
        resolu_search::DEFAULT_WEIGHT,
        move |s: &Pegs| hanoi.one_line(*s),
        |m: &HanoiMove| format!("{}→{}", m.from, m.to),
    )
}

/// `resolu hanoi --method ALGO --html`: the moves and the search recorded.
pub fn search_page(hanoi: &Hanoi, run: Recorded<'_, Pegs, HanoiMove>) -> Page {
    let algorithm = run.recorder.algorithm();
    let mut page = Page::new("resolu hanoi").intro(format!(
        "{} disks on {} pegs, searched by {algorithm}.",
        hanoi.disks(),
        hanoi.pegs()
    ));
    if let Some(p) = &run.outcome.path {
        let moves: Vec<HanoiMove> = p.actions().copied().collect();
        page = page.section(hanoi_section(hanoi, &moves, None));
    }
    page.section(run.section())
}
