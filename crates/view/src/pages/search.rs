//! The pages of the searches on a state space: the sliding-tile puzzle and graphs.

use super::{Recorded, with_searches};
use crate::on_problem::{self, PlaceSpan, Town};
use crate::record::SearchRecorder;
use crate::{Frame, Labels, Page, Section, draw};
use resolu_puzzles::graph::Graph;
use resolu_puzzles::sliding::{Move, SlidingPuzzle};
use resolu_search::{Algorithm, Problem};

/// A recorder of a sliding-tile search (boards as the path gives them, tile numbers).
pub fn taquin_recorder(
    puzzle: &SlidingPuzzle,
    algorithm: Algorithm,
    weight: f64,
) -> SearchRecorder<'_, Vec<u8>, Move> {
    SearchRecorder::new(
        algorithm,
        weight,
        move |tiles: &Vec<u8>| puzzle.grid_of(tiles).one_line(),
        move |m: &Move| puzzle.label(m.tile).to_string(),
    )
}

fn tile_frame(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    moved: Option<usize>,
    caption: String,
) -> Frame {
    let grid = puzzle.grid_of(tiles);
    let labels: Vec<&str> = grid
        .cells
        .iter()
        .map(|c| c.as_deref().unwrap_or(""))
        .collect();
    Frame::new(
        draw::tiles(puzzle.rows(), puzzle.cols(), &labels, moved),
        caption,
        grid.one_line(),
    )
}

/// The solution of a sliding-tile puzzle, move by move.
fn taquin_frames(puzzle: &SlidingPuzzle, moves: &[Move], labels: &Labels) -> Section {
    let mut tiles = puzzle.start_tiles().to_vec();
    let mut frames = vec![tile_frame(puzzle, &tiles, None, labels.start.into())];
    for (i, m) in moves.iter().enumerate() {
        tiles.swap(m.from as usize, m.to as usize);
        frames.push(tile_frame(
            puzzle,
            &tiles,
            Some(m.to as usize),
            labels.move_caption(i + 1, puzzle.label(m.tile), i + 1 == moves.len()),
        ));
    }
    Section::frames(labels.solution_title, frames)
}

fn taquin_intro(puzzle: &SlidingPuzzle, heuristic: &str) -> Page {
    Page::new("resolu taquin").intro(format!(
        "Start {}, goal {}, heuristic {heuristic}.",
        puzzle.start_grid().one_line(),
        puzzle.goal_grid().one_line()
    ))
}

/// `resolu taquin --html`: the solution of the first run (the command's), then each
/// search recorded.
pub fn taquin_page(
    puzzle: &SlidingPuzzle,
    heuristic: &str,
    runs: Vec<Recorded<'_, Vec<u8>, Move>>,
) -> Page {
    let mut page = taquin_intro(puzzle, heuristic);
    if let Some(run) = runs.first()
        && let Some(path) = run.outcome.path.as_ref()
    {
        let moves: Vec<Move> = path.actions().copied().collect();
        page = page.section(taquin_frames(puzzle, &moves, run.recorder.words()));
    }
    with_searches(page, runs.into_iter().map(Recorded::section).collect())
}

/// `resolu taquin --html` on a board that cannot reach its goal: no search is run.
pub fn taquin_unsolvable(puzzle: &SlidingPuzzle, heuristic: &str) -> Page {
    let frames = vec![
        tile_frame(puzzle, puzzle.start_tiles(), None, "start".into()),
        tile_frame(
            puzzle,
            puzzle.goal_tiles(),
            None,
            "goal (unreachable)".into(),
        ),
    ];
    taquin_intro(puzzle, heuristic).section(Section::frames("No solution exists", frames).note(
        "The start and the goal differ by a permutation of the wrong parity: no search is run.",
    ))
}

/// A recorder of a search on a graph (towns by name).
pub fn graph_recorder(
    graph: &Graph,
    algorithm: Algorithm,
    weight: f64,
) -> SearchRecorder<'_, u32, u32> {
    SearchRecorder::new(
        algorithm,
        weight,
        move |s: &u32| graph.name(*s).to_string(),
        |_: &u32| String::new(),
    )
}

/// The edges of a graph, each once: (a, b, cost).
pub fn graph_edges(graph: &Graph) -> Vec<(usize, usize, f64)> {
    let mut edges: Vec<(usize, usize, f64)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for a in 0..graph.len() as u32 {
        out.clear();
        graph.successors(&a, &mut out);
        for s in &out {
            let b = s.state;
            let key = (a.min(b), a.max(b));
            if seen.insert(key) {
                edges.push((a as usize, b as usize, s.cost));
            }
        }
    }
    edges
}

/// The towns of a graph: at their places when the file gives them all, else on a circle.
pub fn towns(graph: &Graph) -> Vec<Town> {
    let ids = 0..graph.len() as u32;
    let names: Vec<String> = ids.clone().map(|i| graph.name(i).to_string()).collect();
    let h: Vec<Option<f64>> = ids.clone().map(|i| graph.h(i)).collect();
    match ids
        .clone()
        .map(|i| graph.position(i))
        .collect::<Option<Vec<_>>>()
    {
        Some(places) => names
            .into_iter()
            .zip(places)
            .zip(h)
            .map(|((name, at), h)| Town { name, at, h })
            .collect(),
        None => on_problem::circle(&names, &h),
    }
}

/// `resolu graph --html`: the path of the first run on the map, then each search, drawn
/// on the map (open and closed towns at each step) over its tree.
pub fn graph_page(graph: &Graph, runs: Vec<Recorded<'_, u32, u32>>) -> Page {
    let towns = towns(graph);
    let roads = graph_edges(graph);
    let mut page = Page::new("resolu graph").intro(format!(
        "{} nodes, {} edges; on the map, each road with its cost and each town with h.",
        towns.len(),
        roads.len()
    ));
    if let Some(path) = runs.first().and_then(|r| r.outcome.path.as_ref()) {
        let ids: Vec<usize> = path.states().map(|&s| s as usize).collect();
        let frames = (1..=ids.len())
            .map(|k| {
                let caption = if k == 1 {
                    format!("start: {}", towns[ids[0]].name)
                } else {
                    format!("step {}: to {}", k - 1, towns[ids[k - 1]].name)
                };
                let picture = on_problem::map(&towns, &roads, &[], Some(&ids[..k]), 0);
                Frame::new(picture, caption, towns[ids[k - 1]].name.clone())
            })
            .collect();
        page = page.section(Section::frames("The path found", frames));
    }
    let sections = runs
        .into_iter()
        .map(|run| {
            run.section_on(|recorder, path, reveal| {
                let spans: Vec<PlaceSpan> = recorder
                    .spans()
                    .iter()
                    .map(|s| (*s.state as usize, s.open, s.left, s.closed))
                    .collect();
                let path: Option<Vec<usize>> =
                    path.map(|p| p.iter().map(|&s| s as usize).collect());
                on_problem::map(&towns, &roads, &spans, path.as_deref(), reveal)
            })
        })
        .collect();
    with_searches(page, sections)
}
