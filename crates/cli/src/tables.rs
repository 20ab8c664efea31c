//! Pattern databases of the sliding-tile puzzle as the commands get them, shared by `pdb`
//! and `taquin`: the cache directory, the goal puzzle of `--size` and `--goal`, and the
//! loader that reads tables or builds them with a progress bar, refusing a build beyond
//! the memory budget.

use crate::common::{CliError, bad_input};
use crate::input_errors_fr::part;
use indicatif::{ProgressBar, ProgressStyle};
use resolu_puzzles::sliding::pdb::{self, Partition, PatternDatabase, Progress, Source};
use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle};
use std::io::IsTerminal;
use std::path::PathBuf;

/// The default table directory: `pdb` in resolu's cache directory.
pub fn default_dir() -> Option<PathBuf> {
    pdb::default_dir(
        std::env::var_os("XDG_CACHE_HOME").as_deref(),
        std::env::var_os("HOME").as_deref(),
    )
}

/// The directory of `--pdb-dir`, else the default one.
pub fn dir_of(flag: &Option<PathBuf>) -> Result<PathBuf, CliError> {
    match flag {
        // A file where the folder should be would fail later as "File exists (os error
        // 17)": say what is wrong instead.
        Some(d) if d.exists() && !d.is_dir() => Err(bad_input(crate::tr!(
            "refusal-pdb-dir-is-file",
            path = d.display().to_string()
        ))),
        Some(d) => Ok(d.clone()),
        None => default_dir()
            .ok_or_else(|| bad_input(crate::tr!("refusal-no-cache-dir", flag = "--pdb-dir"))),
    }
}

/// The goal puzzle for a size and a goal.
pub fn goal_puzzle(size: Option<&str>, goal: Option<&str>) -> Result<SlidingPuzzle, CliError> {
    let goal = match goal {
        Some(g) => Goal::parse(g).map_err(|e| {
            bad_input(crate::tr!(
                "refusal-flag",
                flag = "--goal",
                message = part(e)
            ))
        })?,
        None => Goal::Standard,
    };
    let (rows, cols) = match (size, &goal) {
        (Some(s), _) => parse_size(s)?,
        (None, Goal::Grid(g)) => (g.rows, g.cols),
        (None, _) => (4, 4),
    };
    let n = rows * cols;
    let cells = (1..n).map(|t| Some(t.to_string())).chain([None]).collect();
    let board = match &goal {
        Goal::Grid(g) => g.clone(),
        _ => Grid { rows, cols, cells },
    };
    if (board.rows, board.cols) != (rows, cols) {
        return Err(bad_input(crate::tr!(
            "refusal-goal-size",
            goal = format!("{}x{}", board.rows, board.cols),
            size = format!("{rows}x{cols}")
        )));
    }
    SlidingPuzzle::new(&board, goal).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-flag",
            flag = "--goal",
            message = part(e)
        ))
    })
}

/// Reads `N` or `ROWSxCOLS`.
pub fn parse_size(size: &str) -> Result<(usize, usize), CliError> {
    let (rows, cols) = match size.split_once(['x', 'X']) {
        Some((r, c)) => (r.trim().parse::<usize>(), c.trim().parse::<usize>()),
        None => (size.trim().parse::<usize>(), size.trim().parse::<usize>()),
    };
    match (rows, cols) {
        (Ok(r), Ok(c)) if r >= 2 && c >= 2 && r * c <= pdb::MAX_CELLS => Ok((r, c)),
        _ => Err(bad_input(crate::tr!("refusal-size-range", size = size))),
    }
}

/// A progress bar on standard error for a table build (hidden when not a terminal).
pub fn build_bar() -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(&crate::tr!("pdb-bar-template"))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Moves `bar` as a table build reports its progress; when standard error is no terminal
/// (piped, redirected: the bar is not drawn), writes a line there per group and per layer
/// of its search instead, so that a long build is seen to go on.
pub fn progress_of(bar: &ProgressBar) -> impl Fn(Progress) + Sync + '_ {
    let lines = !std::io::stderr().is_terminal();
    move |p| match p {
        Progress::Group {
            group,
            groups,
            tiles,
        } => {
            let message = crate::tr!(
                "pdb-progress-group",
                group = (group + 1).to_string(),
                groups = groups.to_string(),
                tiles = tiles.to_string()
            );
            if lines {
                eprintln!("{message}");
            }
            bar.set_position(0);
            bar.set_message(message);
        }
        Progress::Layer(l) => {
            if lines {
                let said = crate::tr!(
                    "pdb-progress-layer",
                    depth = l.depth.to_string(),
                    reached = l.reached.to_string(),
                    total = l.total.to_string()
                );
                eprintln!("  {said}");
            }
            bar.set_length(l.total);
            bar.set_position(l.reached);
        }
    }
}

/// Why tables could not be had: bad input (exit 2) or the memory budget (exit 3).
pub enum LoadError {
    /// A usage error.
    Cli(CliError),
    /// The build would exceed `--max-memory` (`memory-limit`), or Ctrl-C stopped it
    /// (`interrupted`): exit 3.
    Stopped {
        /// The stop reason's name.
        reason: &'static str,
        /// What stopped it.
        message: String,
    },
}

impl From<CliError> for LoadError {
    fn from(e: CliError) -> Self {
        LoadError::Cli(e)
    }
}

/// The pattern database named by `spec` (`pdb` or `pdb:PARTITION`) for `puzzle`: the exact
/// table on boards of 10 cells or fewer when no partition is named; else tables read from
/// `dir` (default cache directory) or built, stored, with a progress bar on standard error.
/// `note` receives what happened to a cached file that could not be used.
pub fn load(
    puzzle: &SlidingPuzzle,
    spec: &str,
    dir: &Option<PathBuf>,
    max_memory: u64,
    note: &mut dyn FnMut(String),
) -> Result<PatternDatabase, LoadError> {
    let named = spec
        .strip_prefix("pdb")
        .map(|rest| rest.strip_prefix(':'))
        .ok_or_else(|| bad_input(crate::tr!("refusal-not-pdb", spec = spec)))?;
    let partition = match named {
        None if puzzle.cells() <= 10 => {
            return PatternDatabase::exact(puzzle, max_memory).map_err(|e| {
                if e.is_memory_limit() {
                    LoadError::Stopped {
                        reason: "memory-limit",
                        message: e.to_string(),
                    }
                } else {
                    LoadError::Cli(bad_input(e))
                }
            });
        }
        None => Partition::best_for(puzzle),
        Some(text) => Partition::parse(puzzle, text).map_err(|e| {
            LoadError::Cli(bad_input(crate::tr!(
                "refusal-heuristic-spec",
                spec = spec,
                message = part(e)
            )))
        })?,
    };
    let dir = dir_of(dir)?;
    let bar = build_bar();
    let progress = progress_of(&bar);
    // Ctrl-C stops a build (nothing is written) rather than the process.
    let hold = crate::progress::hold_interrupts();
    let monitor = Some(&crate::progress::MONITOR);
    let loaded =
        pdb::load_or_build_watched(puzzle, &partition, &dir, max_memory, &progress, monitor);
    drop(hold);
    bar.finish_and_clear();
    let (tables, source) = loaded.map_err(|e| match e.stop_reason() {
        Some(reason) => LoadError::Stopped {
            reason,
            message: e.to_string(),
        },
        None => LoadError::Cli(bad_input(e)),
    })?;
    if let Source::Built(Some(why)) = source {
        let why = why.to_string();
        note(crate::tr!("pdb-rebuilt", why = why));
    }
    Ok(PatternDatabase::additive(puzzle, &partition, tables, true))
}
