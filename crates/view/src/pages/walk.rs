//! The backtracking pages: the knight's tour and the N queens.

use crate::draw::{self, Ground, WalkEvent, WalkStyle};
use crate::record::walk::backtrack_counters;
use crate::{Frame, Page, Section};
use resolu_search::backtrack::BacktrackStats;

/// What a knight's tour page shows: the board, the start, the options named.
pub struct KnightRun<'a> {
    /// Rows and columns of the board.
    pub size: (usize, usize),
    /// The start square.
    pub start: (usize, usize),
    /// The method's name.
    pub method: &'a str,
    /// Whether a closed tour was asked.
    pub closed: bool,
    /// The tour found, if any.
    pub tour: Option<Vec<(usize, usize)>>,
    /// The choices recorded, and the total when the cap cut them.
    pub events: (Vec<WalkEvent>, Option<u64>),
    /// The run's counters.
    pub stats: BacktrackStats,
    /// With Warnsdorff's rule, each move of the tour with its candidates and their
    /// degrees (empty otherwise).
    pub warnsdorff: Vec<resolu_puzzles::knight::CandidateStep>,
}

/// `resolu knight --html`: the tour found, drawn as it grows, then the backtracking run.
pub fn knight_page(run: &KnightRun<'_>) -> Page {
    let (rows, cols) = run.size;
    let mut page = Page::new("resolu knight").intro(format!(
        "Knight's tour of {rows}x{cols} from ({}, {}), method {}{}.",
        run.start.0,
        run.start.1,
        run.method,
        if run.closed { ", closed" } else { "" }
    ));
    if let Some(tour) = &run.tour {
        page = page.section(
            draw::path_section(
                "The tour, move by move",
                rows,
                cols,
                Ground::Chess,
                tour,
                run.closed,
            )
            .counters(backtrack_counters(&run.stats)),
        );
    }
    page = page.section(
        draw::walk_section(
            "The backtracking: each choice and each undo",
            rows,
            cols,
            Ground::Chess,
            WalkStyle::Path {
                start: run.start,
                dead_ends: false,
            },
            &run.events.0,
            run.events.1,
        )
        .counters(backtrack_counters(&run.stats)),
    );
    match &run.tour {
        Some(tour) if !run.warnsdorff.is_empty() => page.section(super::warnsdorff::steps_section(
            rows,
            cols,
            tour,
            &run.warnsdorff,
        )),
        _ => page,
    }
}

/// `resolu queens --html`: the backtracking run queen by queen, then the solution.
pub fn queens_page(
    n: usize,
    events: &[WalkEvent],
    cut: Option<u64>,
    stats: &BacktrackStats,
    solution: Option<&[usize]>,
) -> Page {
    let mut page = Page::new("resolu queens").intro(format!(
        "{n} queens on {n}x{n}, one per row, columns tried from left to right."
    ));
    page = page.section(
        draw::walk_section(
            "The backtracking: each queen placed and removed",
            n,
            n,
            Ground::Chess,
            WalkStyle::Queens,
            events,
            cut,
        )
        .counters(backtrack_counters(stats)),
    );
    let Some(columns) = solution else { return page };
    let frames: Vec<Frame> = (0..=columns.len().min(200))
        .map(|k| {
            let state = columns[..k]
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            Frame::new(
                draw::queens(n, &columns[..k]),
                if k == 0 {
                    "empty board".to_string()
                } else {
                    format!("row {}: column {}", k - 1, columns[k - 1])
                },
                if state.is_empty() {
                    "empty".to_string()
                } else {
                    state
                },
            )
        })
        .collect();
    let mut section =
        Section::frames("The solution, row by row", frames).counters(backtrack_counters(stats));
    if columns.len() > 200 {
        section = section.note("The first 200 rows are shown one by one.");
    }
    page.section(section)
}
