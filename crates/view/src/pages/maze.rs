//! The maze pages: the backtracking walk or the search, then the path found.

use super::Recorded;
use crate::draw::{self, Ground, WalkEvent, WalkStyle};
use crate::on_problem::{self, PlaceSpan};
use crate::record::SearchRecorder;
use crate::record::walk::backtrack_counters;
use crate::{Page, Section};
use resolu_puzzles::maze::{Maze, MazeProblem};
use resolu_search::Algorithm;
use resolu_search::backtrack::BacktrackStats;

fn walls(maze: &Maze) -> Vec<Vec<bool>> {
    (0..maze.rows())
        .map(|r| {
            (0..maze.cols())
                .map(|c| !maze.is_free(r as i64, c as i64))
                .collect()
        })
        .collect()
}

fn intro(maze: &Maze, algo: &str) -> Page {
    Page::new("resolu maze").intro(format!(
        "A {}x{} maze, solved by {algo}.",
        maze.rows(),
        maze.cols()
    ))
}

/// The path found, first on the page.
fn with_path(
    mut page: Page,
    maze: &Maze,
    walls: &[Vec<bool>],
    found: Option<&[(usize, usize)]>,
) -> Page {
    if let Some(found) = found {
        let section = draw::path_section(
            "The path found",
            maze.rows(),
            maze.cols(),
            Ground::Maze(walls),
            found,
            false,
        );
        page.sections.insert(0, section);
    }
    page
}

/// `resolu maze --algo backtrack --html`: the walk recorded (its events, and the total
/// when the cap cut them) and the path found.
pub fn backtrack_page(
    maze: &Maze,
    events: &[WalkEvent],
    cut: Option<u64>,
    stats: &BacktrackStats,
    found: Option<&[(usize, usize)]>,
) -> Page {
    let walls = walls(maze);
    let page = intro(maze, "backtrack").section(
        draw::walk_section(
            "The backtracking walk: east, south, west, north in turn",
            maze.rows(),
            maze.cols(),
            Ground::Maze(&walls),
            WalkStyle::Path {
                start: maze.start(),
                dead_ends: true,
            },
            events,
            cut,
        )
        .counters(backtrack_counters(stats)),
    );
    with_path(page, maze, &walls, found)
}

/// A recorder of a maze search (squares as `(row, col)`).
pub fn maze_recorder<'a>(
    problem: &'a MazeProblem<'a>,
    algorithm: Algorithm,
) -> SearchRecorder<'a, u32, u8> {
    SearchRecorder::new(
        algorithm,
        1.0,
        move |s: &u32| {
            let (r, c) = problem.square(*s);
            format!("({r}, {c})")
        },
        |_: &u8| String::new(),
    )
}

/// `resolu maze --algo bfs|astar --html`: the search recorded and the path found.
pub fn search_page(maze: &Maze, problem: &MazeProblem<'_>, run: Recorded<'_, u32, u8>) -> Page {
    let walls = walls(maze);
    let algo = run.recorder.algorithm().name();
    let found: Option<Vec<(usize, usize)>> = run
        .outcome
        .path
        .as_ref()
        .map(|p| p.states().map(|&s| problem.square(s)).collect());
    let cols = maze.cols();
    let section: Section = run.section_on(|recorder, path, reveal| {
        let spans: Vec<PlaceSpan> = recorder
            .spans()
            .iter()
            .map(|s| {
                let (r, c) = problem.square(*s.state);
                (r * cols + c, s.open, s.left, s.closed)
            })
            .collect();
        let path: Option<Vec<(usize, usize)>> =
            path.map(|p| p.iter().map(|&s| problem.square(s)).collect());
        on_problem::maze(&walls, &spans, path.as_deref(), reveal)
    });
    let page = intro(maze, algo).section(section);
    with_path(page, maze, &walls, found.as_deref())
}
