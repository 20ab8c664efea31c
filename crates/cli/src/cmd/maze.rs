//! `resolu maze FILE`: a maze solved by backtracking (a path, with the tries and backtracks)
//! or by BFS / A* (a shortest path).

use crate::common::{
    CmdResult, Exit, Format, Io, LimitArgs, backtrack_stats_json, backtrack_stats_line,
    backtrack_stop_text, bad_input, read_file, reason_text, stats_json, stats_line, write_json,
};
use crate::input_errors_fr::part;
use clap::{Args as ClapArgs, ValueEnum};
use resolu_puzzles::maze::{Maze, MazeWalk};
use resolu_search::{Algorithm, Limits, Runner, StopReason, backtrack};
use resolu_view::record::Watched;
use serde_json::json;
use std::path::PathBuf;

/// The maze of the demo, embedded so that `resolu demo` works from any directory.
const DEMO_MAZE: &str = include_str!("../../../../examples/mazes/rooms.maze");

/// Flags of `resolu maze`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu maze examples/mazes/classic.maze                  backtracking: a path, its tries
  resolu maze examples/mazes/rooms.maze --algo bfs         the shortest path
  resolu maze examples/mazes/rooms.maze --algo astar --format json
  resolu maze examples/mazes/walled.maze                   no path (exit 1)

File format: '#' a wall, '.' a free square, 'S' the start, 'E' the exit (one each); a row
shorter than the others is completed with walls. The path is drawn with 'o'.
Backtracking tries east, south, west, north in turn; a square left by backtracking stays
marked as a dead end. --max-nodes counts tries (backtrack) or expansions (bfs, astar).")]
pub struct Args {
    /// The maze file.
    pub file: PathBuf,
    /// Algorithm: backtrack (a path), bfs or astar (a shortest path, A* with the Manhattan
    /// distance).
    #[arg(long, value_enum, default_value_t = MazeAlgo::Backtrack)]
    pub algo: MazeAlgo,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub html: crate::html::HtmlArg,
}

/// How to solve a maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MazeAlgo {
    /// The backtracking walk: a path, not always the shortest.
    Backtrack,
    /// Breadth-first search: a shortest path.
    Bfs,
    /// A* with the Manhattan distance: a shortest path.
    Astar,
}

impl MazeAlgo {
    fn name(self) -> &'static str {
        match self {
            MazeAlgo::Backtrack => "backtrack",
            MazeAlgo::Bfs => "bfs",
            MazeAlgo::Astar => "astar",
        }
    }
}

/// Runs `resolu maze`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let text = read_file(&args.file)?;
    let maze = Maze::parse(&text).map_err(|e| {
        let origin = args.file.display().to_string();
        bad_input(
            crate::input_errors_fr::maze(&origin, &e).unwrap_or_else(|| format!("{origin}: {e}")),
        )
    })?;
    if args.format == Format::Text
        && let Some(note) = ragged_note(&text)
    {
        writeln!(io.out, "{}: {note}", args.file.display())?;
    }
    solve(
        &maze,
        args.algo,
        args.limits.limits(),
        args.format == Format::Json,
        io,
        args.html.html.as_deref(),
    )
}

/// When the rows of a maze differ in length, says which row is short: the parser reads the
/// missing cells as walls, which the user should know.
fn ragged_note(text: &str) -> Option<String> {
    let rows: Vec<(usize, usize)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end().chars().count()))
        .filter(|&(_, n)| n > 0)
        .collect();
    let widest = rows.iter().map(|&(_, n)| n).max()?;
    let (line, n) = *rows.iter().find(|&&(_, n)| n < widest)?;
    Some(crate::tr!(
        "maze-ragged",
        line = line,
        cells = n,
        widest = widest
    ))
}

/// Solves and reports; with `html`, the run is recorded and its page written there.
fn solve(
    maze: &Maze,
    algo: MazeAlgo,
    limits: Limits,
    json: bool,
    io: &mut Io,
    html: Option<&std::path::Path>,
) -> CmdResult {
    let (path, stats, stats_text, reason, exit) = match algo {
        MazeAlgo::Backtrack => {
            let mut walk = MazeWalk::new(maze);
            let outcome = match html {
                Some(file) => {
                    let mut watched = Watched::new(&mut walk, |w: &MazeWalk| {
                        w.path().last().copied().unwrap_or((0, 0))
                    });
                    let outcome = backtrack::first(&mut watched, limits);
                    let (events, cut) = watched.finish();
                    let found = (outcome.reason == StopReason::Solved).then(|| walk.path());
                    let page = resolu_view::pages::maze::backtrack_page(
                        maze,
                        &events,
                        cut,
                        &outcome.stats,
                        found.as_deref(),
                    );
                    crate::html::write_page(file, &page)?;
                    outcome
                }
                None => backtrack::first(&mut walk, limits),
            };
            let path = (outcome.reason == StopReason::Solved).then(|| walk.path());
            (
                path,
                backtrack_stats_json(&outcome.stats),
                backtrack_stats_line(&outcome.stats),
                outcome.reason,
                Exit::from_reason(outcome.reason),
            )
        }
        MazeAlgo::Bfs | MazeAlgo::Astar => {
            let problem = maze.problem();
            let algorithm = if algo == MazeAlgo::Bfs {
                Algorithm::Bfs
            } else {
                Algorithm::Astar
            };
            let runner = Runner::new(&problem)
                .heuristic(problem.manhattan())
                .limits(limits);
            let outcome = match html {
                Some(file) => {
                    let mut recorder = resolu_view::pages::maze::maze_recorder(&problem, algorithm)
                        .labels(crate::html::labels());
                    let outcome = runner.observer(&mut recorder).run(algorithm);
                    let run = resolu_view::pages::Recorded {
                        recorder,
                        outcome: outcome.clone(),
                    };
                    let page = resolu_view::pages::maze::search_page(maze, &problem, run);
                    crate::html::write_page(file, &page)?;
                    outcome
                }
                None => {
                    let mut runner = runner;
                    runner.run(algorithm)
                }
            };
            let path = outcome
                .path
                .as_ref()
                .map(|p| p.states().map(|&s| problem.square(s)).collect::<Vec<_>>());
            (
                path,
                stats_json(&outcome.stats),
                stats_line(&outcome.stats),
                outcome.reason,
                Exit::from_reason(outcome.reason),
            )
        }
    };
    let solved = path.is_some();
    let drawn = maze.draw(path.as_deref().unwrap_or(&[]));
    if json {
        write_json(
            io.out,
            &json!({
                "algo": algo.name(),
                "solved": solved,
                "length": path.as_ref().map(|p| p.len() - 1),
                "board": path.as_ref().map(|p| p.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>()),
                "maze": drawn.lines().collect::<Vec<_>>(),
                "stats": stats,
                "reason": if solved { None } else { Some(reason.as_str()) },
            }),
        )?;
        return Ok(exit);
    }
    write!(io.out, "{drawn}")?;
    match &path {
        Some(p) => {
            let line = crate::tr!("maze-path", count = p.len() - 1, how = algo.name());
            writeln!(io.out, "{line}")?;
        }
        None if algo == MazeAlgo::Backtrack => {
            writeln!(io.out, "{}", backtrack_stop_text(reason, "path"))?;
        }
        None => writeln!(io.out, "{}", reason_text(reason))?,
    }
    writeln!(io.out, "{stats_text}")?;
    Ok(exit)
}

/// `resolu demo`: the embedded maze by backtracking, then by BFS.
pub fn demo(io: &mut Io) -> CmdResult {
    let maze = Maze::parse(DEMO_MAZE)
        .map_err(|e| bad_input(crate::tr!("refusal-demo-maze", message = part(e))))?;
    let walked = solve(
        &maze,
        MazeAlgo::Backtrack,
        Limits::default(),
        false,
        io,
        None,
    )?;
    writeln!(io.out)?;
    let shortest = solve(&maze, MazeAlgo::Bfs, Limits::default(), false, io, None)?;
    Ok(walked.worst(shortest))
}
