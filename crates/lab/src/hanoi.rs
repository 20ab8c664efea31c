//! The Towers of Hanoi in the lab: blind search, A* and the optimal algorithm compared by
//! number of disks.
//!
//! An instance is a number of disks on a number of pegs, all on peg 0 to move to the last
//! peg; its optimal length is known in advance (2^n − 1 with 3 pegs, the Frame–Stewart
//! number with more), so every run is checked against it like a taquin run is checked
//! against its proven depth. The "optimal" method is the recursive algorithm, run as a
//! generator: its "expanded" count is the number of moves it produced.
//!
//! ```
//! use resolu_lab::hanoi::{Method, run};
//! use resolu_search::{Algorithm, Limits};
//!
//! let bfs = run(4, 3, Method::Search(Algorithm::Bfs), Limits::default());
//! let optimal = run(4, 3, Method::Optimal, Limits::default());
//! assert_eq!((bfs.length, optimal.length), (Some(15), Some(15)));
//! assert!(bfs.expanded > optimal.expanded);
//! ```

use crate::{LabError, Run};
use resolu_puzzles::hanoi::{DisksOffGoal, Hanoi, OptimalMoves, frame_stewart};
use resolu_search::{Algorithm, Limits, Outcome, Path, Runner, Stats, StopReason};
use std::str::FromStr;
use std::time::Instant;

/// How a run solves the puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// A search algorithm of resolu-search (the informed ones use [`DisksOffGoal`]).
    Search(Algorithm),
    /// The recursive algorithm (Frame–Stewart with more than 3 pegs).
    Optimal,
}

impl Method {
    /// The name used in tables and CSV files.
    pub fn name(self) -> &'static str {
        match self {
            Method::Search(a) => a.name(),
            Method::Optimal => "optimal",
        }
    }

    /// The heuristic the method uses, for the CSV's `heuristic` column.
    pub fn heuristic(self, pegs: usize) -> &'static str {
        match self {
            Method::Search(a) if a.is_informed() => "disks-off-goal",
            Method::Search(_) => "none",
            Method::Optimal if pegs == 3 => "recursion",
            Method::Optimal => "frame-stewart",
        }
    }
}

impl FromStr for Method {
    type Err = LabError;

    fn from_str(s: &str) -> Result<Method, LabError> {
        match s {
            "optimal" | "recursive" => Ok(Method::Optimal),
            other => other
                .parse::<Algorithm>()
                .map(Method::Search)
                .map_err(LabError::HanoiMethod),
        }
    }
}

/// One run: `method` on `disks` disks and `pegs` pegs, within `limits` (the optimal method
/// ignores them: it makes exactly the moves it returns).
pub fn run(disks: usize, pegs: usize, method: Method, limits: Limits) -> Run {
    let problem = format!("hanoi-{pegs}-pegs");
    let instance = format!("{disks} disks");
    let depth = u32::try_from(frame_stewart(disks, pegs)).unwrap_or(u32::MAX);
    let hanoi = match Hanoi::new(disks, pegs) {
        Ok(h) => h,
        Err(e) => return Run::error(problem, method.name(), "", e.to_string(), depth),
    };
    let (name, heuristic) = (method.name(), method.heuristic(pegs));
    match method {
        Method::Search(algorithm) => {
            let outcome = Runner::new(&hanoi)
                .heuristic(DisksOffGoal::new(&hanoi))
                .limits(limits)
                .run(algorithm);
            Run::from_outcome(problem, name, heuristic, instance, depth, &outcome)
        }
        Method::Optimal => {
            let outcome = optimal(&hanoi);
            Run::from_outcome(problem, name, heuristic, instance, depth, &outcome)
        }
    }
}

/// The recursive algorithm's moves, counted as a run: each move is one expansion.
fn optimal(hanoi: &Hanoi) -> Outcome<(), ()> {
    let started = Instant::now();
    let moves = OptimalMoves::new(hanoi).count();
    let mut stats = Stats::default();
    stats.expanded = moves as u64;
    stats.generated = moves as u64;
    stats.elapsed = started.elapsed();
    let path = Path::new((), vec![((), ()); moves], vec![1.0; moves]);
    Outcome::new(StopReason::Solved, Some(path), stats)
}

/// The Markdown report of a Hanoi experiment: the command, the plots, the table, and for
/// each method the largest tower it solved within the limits.
/// Its sentences come from `words` (English: [`crate::English`]).
pub fn report(
    command: &str,
    pegs: usize,
    summary: &crate::Summary,
    runs: &[Run],
    words: &dyn crate::ReportWords,
) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(s, "# {}\n", words.hanoi_title(pegs));
    let setup = words.hanoi_setup(pegs - 1, pegs == 3, runs.len(), command);
    let _ = writeln!(s, "{setup}\n");
    for (file, _) in crate::output::PLOTS {
        let _ = writeln!(s, "![{}]({file})\n", words.plot_caption(file));
    }
    s.push_str(&crate::output::markdown_table(summary, words));
    let _ = writeln!(s, "\n## {}\n", words.hanoi_how_far());
    for config in summary.configs() {
        let mine = runs
            .iter()
            .filter(|r| format!("{}/{}", r.algorithm, r.heuristic) == config);
        let largest = mine
            .clone()
            .filter(|r| r.solved())
            .max_by_key(|r| r.depth)
            .map(|r| r.instance.clone());
        let wrong = mine
            .filter(|r| r.solved() && r.length != Some(r.depth))
            .count();
        let text = format!(
            "{}{}",
            largest.map_or_else(|| words.hanoi_none(), |i| words.hanoi_largest(&i)),
            if wrong > 0 {
                words.hanoi_longer(wrong)
            } else {
                String::new()
            }
        );
        let _ = writeln!(s, "{}", words.item(&config, &text));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_optimal_method_finds_the_known_length() {
        for pegs in [3, 4] {
            for disks in 1..=5 {
                for method in [
                    Method::Search(Algorithm::Bfs),
                    Method::Search(Algorithm::Astar),
                    Method::Optimal,
                ] {
                    let r = run(disks, pegs, method, Limits::default());
                    assert_eq!(r.status, "solved", "{pegs} pegs, {disks} disks, {method:?}");
                    assert_eq!(r.length, Some(r.depth), "{pegs} {disks} {method:?}");
                }
            }
        }
    }

    #[test]
    fn a_limited_run_is_recorded_with_its_limit() {
        let r = run(
            8,
            3,
            Method::Search(Algorithm::Bfs),
            Limits::new().max_nodes(10),
        );
        assert_eq!((r.status.as_str(), r.length), ("node-limit", None));
        assert_eq!(r.depth, 255);
    }

    #[test]
    fn methods_parse_by_name() {
        assert_eq!("optimal".parse::<Method>().ok(), Some(Method::Optimal));
        assert_eq!(
            "astar".parse::<Method>().ok(),
            Some(Method::Search(Algorithm::Astar))
        );
        let unknown = "fastest".parse::<Method>().unwrap_err().to_string();
        assert!(
            unknown.starts_with("unknown algorithm 'fastest'"),
            "{unknown}"
        );
        assert!(unknown.ends_with(", or optimal"), "{unknown}");
    }
}
