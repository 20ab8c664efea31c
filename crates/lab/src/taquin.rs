//! The sliding-tile puzzle in the lab: instances of exact optimal depth, and one run.
//!
//! Boards of at most 10 cells (the 3x3 has 181,440 reachable boards) take their instances
//! from a breadth-first enumeration around the goal, so every depth is exact by
//! construction. Larger boards take random walks from the goal and record the optimal
//! length that IDA* with linear conflicts proves (a walk of d moves is often shorter).

use crate::{LabError, ReportWords, Run, run_all};
use rand::SeedableRng;
use rand::seq::index::sample;
use rand_chacha::ChaCha8Rng;
use resolu_puzzles::sliding::heuristics::HeuristicName;
use resolu_puzzles::sliding::pdb::{self, Partition, PatternDatabase};
use resolu_puzzles::sliding::{Cells, Move, SlidingPuzzle, SolveSettings};
use resolu_search::{Algorithm, Limits, Outcome};
use std::sync::{Arc, OnceLock};

/// A start board and its optimal distance to the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The board, as internal tile numbers row-major (see [`SlidingPuzzle::grid_of`]).
    pub tiles: Vec<u8>,
    /// The optimal number of moves to the goal.
    pub depth: u32,
}

/// Makes `per_depth` instances at each of `depths` for the goal of `puzzle`, reproducibly
/// from `seed` (the same instances whatever the number of threads). `prove` limits each
/// proof of optimality on large boards.
pub fn instances(
    puzzle: &SlidingPuzzle,
    depths: &[u32],
    per_depth: usize,
    seed: u64,
    prove: Limits,
) -> Result<Vec<Instance>, LabError> {
    match puzzle.distances_to_goal() {
        Some(table) => {
            // Boards grouped by depth, in a fixed order, then sampled.
            let mut by_depth: Vec<Vec<u64>> = Vec::new();
            for (&cells, &d) in &table {
                let d = d as usize;
                if by_depth.len() <= d {
                    by_depth.resize(d + 1, Vec::new());
                }
                by_depth[d].push(cells);
            }
            let radius = by_depth.len() - 1;
            let mut out = Vec::new();
            for &d in depths {
                let Some(boards) = by_depth.get_mut(d as usize) else {
                    return Err(LabError::NoBoardAtDepth {
                        rows: puzzle.rows(),
                        cols: puzzle.cols(),
                        depth: d,
                        radius,
                    });
                };
                if boards.len() < per_depth {
                    return Err(LabError::TooFewBoards {
                        rows: puzzle.rows(),
                        cols: puzzle.cols(),
                        depth: d,
                        available: boards.len(),
                        asked: per_depth,
                    });
                }
                boards.sort_unstable();
                let mut rng =
                    ChaCha8Rng::seed_from_u64(seed ^ u64::from(d).wrapping_mul(0x9E37_79B9));
                let mut picked: Vec<usize> = sample(&mut rng, boards.len(), per_depth).into_vec();
                picked.sort_unstable();
                for i in picked {
                    let cells = boards[i];
                    let tiles = (0..puzzle.cells()).map(|c| cells.get(c)).collect();
                    out.push(Instance { tiles, depth: d });
                }
            }
            Ok(out)
        }
        None => {
            let jobs: Vec<(u32, usize)> = depths
                .iter()
                .flat_map(|&d| (0..per_depth).map(move |k| (d, k)))
                .collect();
            let made = run_all(
                &jobs,
                |&(d, k)| walk_and_prove(puzzle, d, seed, k, prove),
                &|| {},
            );
            made.into_iter().collect()
        }
    }
}

/// Walks tried for one instance before giving up.
const WALKS_PER_INSTANCE: u32 = 40;

/// A board exactly `depth` moves from the goal: random walks from the goal (of `depth`
/// moves, then longer ones of the same parity, a walk often being shorter than its
/// length), the first whose optimal length IDA* proves to be `depth`.
fn walk_and_prove(
    puzzle: &SlidingPuzzle,
    depth: u32,
    seed: u64,
    k: usize,
    prove: Limits,
) -> Result<Instance, LabError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (u64::from(depth) << 32) ^ k as u64);
    for attempt in 0..WALKS_PER_INSTANCE {
        let walk = depth + 2 * (attempt / 4);
        let tiles = puzzle.random_walk_from_goal(walk as usize, &mut rng);
        let start = puzzle.with_start(&puzzle.grid_of(&tiles))?;
        let outcome = solve(
            &start,
            Algorithm::IdaStar,
            HeuristicName::LinearConflict,
            prove,
            None,
        );
        if outcome.path.is_some_and(|path| path.len() as u32 == depth) {
            return Ok(Instance { tiles, depth });
        }
    }
    Err(LabError::NoBoardFound(depth))
}

/// Runs `algorithm` with `heuristic` on `puzzle` (see [`SlidingPuzzle::solve`]); heuristic
/// `pdb` uses `pdb`'s database.
pub fn solve(
    puzzle: &SlidingPuzzle,
    algorithm: Algorithm,
    heuristic: HeuristicName,
    limits: Limits,
    pdb: Option<Arc<PatternDatabase>>,
) -> Outcome<Vec<u8>, Move> {
    let mut settings = SolveSettings::new(algorithm, heuristic, limits);
    settings.pdb = pdb;
    puzzle.solve(&settings)
}

/// One run of the experiment: `algorithm` with `heuristic` on `instance`; heuristic `pdb`
/// takes its tables from `pdb` (loaded once for all the runs of a goal).
pub fn run(
    goal: &SlidingPuzzle,
    instance: &Instance,
    (algorithm, heuristic): (Algorithm, HeuristicName),
    limits: Limits,
    pdb: &PdbSlot,
) -> Run {
    let problem = format!("taquin-{}x{}", goal.rows(), goal.cols());
    let error = |e: String| {
        Run::error(
            problem.clone(),
            algorithm.name(),
            heuristic.as_str(),
            e,
            instance.depth,
        )
    };
    let puzzle = match goal.with_start(&goal.grid_of(&instance.tiles)) {
        Ok(p) => p,
        // Instances come from the goal's own tiles, so this cannot happen; record it
        // rather than drop the run.
        Err(e) => return error(e.to_string()),
    };
    let db = if heuristic == HeuristicName::Pdb {
        match pdb.get(goal) {
            Ok(db) => Some(db),
            Err(e) => return error(e),
        }
    } else {
        None
    };
    let outcome = solve(&puzzle, algorithm, heuristic, limits, db);
    Run::from_outcome(
        problem.clone(),
        algorithm.name(),
        heuristic.as_str(),
        puzzle.start_grid().one_line(),
        instance.depth,
        &outcome,
    )
}

/// The pattern database of a goal for the runs of heuristic `pdb`, loaded by the first run
/// that needs it (the others wait for it) and shared by all: the exact table up to 10
/// cells, else the best partition's tables ([`Partition::best_for`]: 7-8 on 4x4) read from
/// the default cache directory, or built and stored there when missing or damaged (which
/// takes minutes for 7-8: build them ahead with `resolu pdb build`), within a memory budget.
pub struct PdbSlot {
    max_memory: u64,
    loaded: OnceLock<Result<Arc<PatternDatabase>, String>>,
}

impl PdbSlot {
    /// A slot whose tables may take at most `max_memory` bytes to build.
    pub fn new(max_memory: u64) -> Self {
        PdbSlot {
            max_memory,
            loaded: OnceLock::new(),
        }
    }

    /// The database of `goal` (the slot serves one goal), or why there is none.
    pub fn get(&self, goal: &SlidingPuzzle) -> Result<Arc<PatternDatabase>, String> {
        self.loaded
            .get_or_init(|| load_pdb(goal, self.max_memory).map_err(|e| e.to_string()))
            .clone()
    }
}

/// Reads or builds the database of a [`PdbSlot`].
fn load_pdb(goal: &SlidingPuzzle, max_memory: u64) -> Result<Arc<PatternDatabase>, LabError> {
    // Built on a thread of its own: the build runs in parallel on rayon's global pool, and
    // a worker of the experiment's pool waiting for it there could steal another run,
    // which would block on the slot (a deadlock).
    let db = std::thread::scope(|scope| {
        scope
            .spawn(|| -> Result<PatternDatabase, pdb::PdbError> {
                if goal.cells() <= 10 {
                    return PatternDatabase::exact(goal, max_memory);
                }
                let partition = Partition::best_for(goal);
                let dir = pdb::default_dir(
                    std::env::var_os("XDG_CACHE_HOME").as_deref(),
                    std::env::var_os("HOME").as_deref(),
                )
                .ok_or("no cache directory for the pattern databases (set HOME)")?;
                let (tables, _) = pdb::load_or_build(goal, &partition, &dir, max_memory, &|_| ())?;
                Ok(PatternDatabase::additive(goal, &partition, tables, true))
            })
            .join()
            .unwrap_or_else(|_| Err("building the pattern database failed".into()))
    })?;
    Ok(Arc::new(db))
}

/// Korf's goal for the 15-puzzle: the blank first, tile t in cell t.
pub const KORF_GOAL: &str = "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15";

/// Reads instances in the format of Korf's data (`id optimal_length t0 .. t15` per line,
/// `#` comments), numbered for the puzzle whose goal is [`KORF_GOAL`].
pub fn korf_instances(text: &str) -> Result<Vec<(u32, Instance)>, LabError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = || LabError::KorfLine(i + 1);
        let numbers: Vec<u32> = line
            .split_whitespace()
            .map(|w| w.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        if numbers.len() != 18 || numbers[2..].iter().any(|&t| t > 15) {
            return Err(bad());
        }
        let tiles = numbers[2..].iter().map(|&t| t as u8).collect();
        out.push((
            numbers[0],
            Instance {
                tiles,
                depth: numbers[1],
            },
        ));
    }
    Ok(out)
}

/// How an experiment was set up, for its report.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The goal puzzle.
    pub goal: SlidingPuzzle,
    /// Instances per depth.
    pub per_depth: usize,
    /// The random seed.
    pub seed: u64,
    /// The limits of each run, in words.
    pub limits: String,
    /// Threads used.
    pub threads: usize,
    /// The command that reproduces the experiment.
    pub command: String,
    /// The runs of the 4x4 probe on Korf's instances, if it ran.
    pub korf_runs: Vec<Run>,
}

/// The Markdown report of a taquin experiment: the setup, the summary table, the plots,
/// and the course's questions answered with the numbers measured.
/// Its sentences come from `words` (English: [`crate::English`]).
pub fn report(
    setup: &Setup,
    summary: &crate::Summary,
    runs: &[Run],
    words: &dyn ReportWords,
) -> String {
    use std::fmt::Write as _;
    let g = &setup.goal;
    let mut s = String::new();
    let size = format!("{}x{}", g.rows(), g.cols());
    let _ = writeln!(s, "# {}\n", words.taquin_title(&size));
    let setup_text = words.taquin_setup(
        &g.goal_grid().one_line(),
        setup.per_depth,
        setup.seed,
        &setup.limits,
        setup.threads,
        runs.len(),
    );
    let _ = writeln!(s, "{setup_text}\n\n{}\n", words.reproduce(&setup.command));
    let _ = writeln!(s, "## {}\n", words.results());
    for (file, _) in crate::output::PLOTS {
        let _ = writeln!(s, "![{}]({file})\n", words.plot_caption(file));
    }
    s.push_str(&crate::output::markdown_table(summary, words));
    let _ = writeln!(
        s,
        "\n{}\n\n## {}\n",
        words.every_run(),
        words.course_questions()
    );
    answer_reach_and_astar(&mut s, summary, words);
    answer_4x4(&mut s, &setup.korf_runs, words);
    s
}

/// The report's answers to "which lengths can each heuristic reach" and "how long does A*
/// take", from the summary.
fn answer_reach_and_astar(s: &mut String, summary: &crate::Summary, words: &dyn ReportWords) {
    use std::fmt::Write as _;
    let _ = writeln!(s, "{}\n", words.reach_question());
    let deepest = summary.depths().last().copied().unwrap_or(0);
    for config in summary.configs() {
        let reach = summary.reach(&config);
        let at_deepest = summary
            .rows
            .iter()
            .find(|r| r.config() == config && r.depth == deepest);
        let reached = match reach {
            Some(d) if d == deepest => words.reach_all(d),
            Some(d) => words.reach_up_to(d),
            None => words.reach_none(),
        };
        let detail = at_deepest.map_or(String::new(), |r| {
            let nodes = format!("{:.0}", r.median_expanded);
            let ms = format!("{:.1}", r.median_time_ms);
            words.reach_detail(deepest, &nodes, &ms, r.solved, r.runs)
        });
        let _ = writeln!(s, "{}", words.item(&config, &format!("{reached}{detail}")));
    }
    let _ = writeln!(s, "\n{}\n", words.astar_question());
    let astar: Vec<&crate::SummaryRow> = summary
        .rows
        .iter()
        .filter(|r| r.algorithm == "astar" && r.depth == deepest)
        .collect();
    for r in &astar {
        let nodes = format!("{:.0}", r.median_expanded);
        let ms = format!("{:.2}", r.median_time_ms);
        let bstar = r
            .median_bstar
            .map_or(String::new(), |b| format!(", b* = {b:.3}"));
        let line = words.astar_line(&r.heuristic, deepest, &nodes, &ms, &bstar);
        let _ = writeln!(s, "{line}");
    }
    if let (Some(worst), Some(best)) = (
        astar
            .iter()
            .max_by(|a, b| a.median_expanded.total_cmp(&b.median_expanded)),
        astar
            .iter()
            .min_by(|a, b| a.median_expanded.total_cmp(&b.median_expanded)),
    ) && best.median_expanded > 0.0
    {
        let ratio = format!("{:.1}", worst.median_expanded / best.median_expanded);
        let compared = words.astar_compare(deepest, &best.heuristic, &ratio, &worst.heuristic);
        let _ = writeln!(s, "\n{compared}");
    }
}

/// The report's answer to "what length for the 4x4?", from the runs on Korf's boards.
fn answer_4x4(s: &mut String, korf: &[Run], words: &dyn ReportWords) {
    use std::fmt::Write as _;
    let _ = writeln!(s, "\n{}\n", words.question_4x4());
    if korf.is_empty() {
        let _ = writeln!(s, "{}", words.korf_not_measured());
        return;
    }
    let ids: Vec<&str> = {
        let mut v: Vec<&str> = korf.iter().map(|r| r.instance.as_str()).collect();
        v.dedup();
        v
    };
    let measured = words.korf_measured(
        ids.len(),
        &words.every_nth(100 / ids.len().max(1)),
        KORF_GOAL,
        korf.iter().map(|r| r.depth).min().unwrap_or(0),
        korf.iter().map(|r| r.depth).max().unwrap_or(0),
    );
    let _ = writeln!(s, "{measured}\n");
    let configs = korf_table(s, korf, words);
    korf_best(s, korf, &configs, ids.len(), words);
}

/// The table of the runs on Korf's boards, a row per configuration; returns the
/// configurations (algorithm, heuristic).
fn korf_table(s: &mut String, korf: &[Run], words: &dyn ReportWords) -> Vec<(String, String)> {
    use std::fmt::Write as _;
    let mut configs: Vec<(String, String)> = korf
        .iter()
        .map(|r| (r.algorithm.clone(), r.heuristic.clone()))
        .collect();
    configs.sort();
    configs.dedup();
    let _ = writeln!(s, "{}", words.korf_header());
    let _ = writeln!(s, "| --- | ---: | ---: | ---: | --- |");
    for (a, h) in &configs {
        let mine: Vec<&Run> = korf
            .iter()
            .filter(|r| &r.algorithm == a && &r.heuristic == h)
            .collect();
        let solved: Vec<&Run> = mine.iter().copied().filter(|r| r.solved()).collect();
        let mut nodes: Vec<f64> = solved.iter().map(|r| r.expanded as f64).collect();
        let mut stops: Vec<&str> = mine
            .iter()
            .filter(|r| !r.solved())
            .map(|r| r.status.as_str())
            .collect();
        stops.sort_unstable();
        stops.dedup();
        let _ = writeln!(
            s,
            "| {a}/{h} | {}/{} | {} | {} | {} |",
            solved.len(),
            mine.len(),
            solved
                .iter()
                .map(|r| r.depth)
                .max()
                .map_or("-".into(), |d| d.to_string()),
            crate::median(&mut nodes).map_or("-".into(), |m| format!("{m:.0}")),
            if stops.is_empty() {
                "-".into()
            } else {
                stops.join(", ")
            }
        );
    }
    configs
}

/// The configuration that solved the most of Korf's boards (fewest nodes on a tie), and the
/// depth a minute of it reaches by its b*.
fn korf_best(
    s: &mut String,
    korf: &[Run],
    configs: &[(String, String)],
    boards: usize,
    words: &dyn ReportWords,
) {
    use std::fmt::Write as _;
    // The configuration that solved the most boards (fewest nodes on a tie) answers.
    let best = configs.iter().max_by(|x, y| {
        let score = |(a, h): &(String, String)| {
            let solved: Vec<&Run> = korf
                .iter()
                .filter(|r| &r.algorithm == a && &r.heuristic == h && r.solved())
                .collect();
            let nodes: u64 = solved.iter().map(|r| r.expanded).sum();
            (solved.len(), std::cmp::Reverse(nodes))
        };
        score(x).cmp(&score(y))
    });
    if let Some((a, h)) = best {
        let solved: Vec<&Run> = korf
            .iter()
            .filter(|r| &r.algorithm == a && &r.heuristic == h && r.solved())
            .collect();
        let mut bstars: Vec<f64> = solved.iter().filter_map(|r| r.bstar).collect();
        if let Some(b) = crate::median(&mut bstars) {
            let speed = solved.iter().map(|r| r.expanded as f64).sum::<f64>()
                / solved
                    .iter()
                    .map(|r| r.time_ms / 1000.0)
                    .sum::<f64>()
                    .max(1e-9);
            let budget = speed * 60.0;
            let depth = (budget * (b - 1.0) + 1.0).ln() / b.ln();
            let best = words.korf_best(
                &format!("{a}/{h}"),
                solved.len(),
                boards,
                &format!("{b:.3}"),
                &format!("{:.1}", speed / 1e6),
                &format!("{budget:.1e}"),
                &format!("{depth:.0}"),
            );
            let _ = writeln!(s, "\n{best}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_taken_are_named_with_their_ordinal() {
        let names: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 33, 50, 100, 101, 111]
            .into_iter()
            .map(|step| crate::English.every_nth(step))
            .collect();
        assert_eq!(
            names,
            [
                "every board",
                "every 2nd",
                "every 3rd",
                "every 4th",
                "every 11th",
                "every 12th",
                "every 13th",
                "every 21st",
                "every 22nd",
                "every 33rd",
                "every 50th",
                "every 100th",
                "every 101st",
                "every 111th"
            ]
        );
    }
    use resolu_puzzles::sliding::{Goal, Grid};

    fn goal(text: &str) -> SlidingPuzzle {
        SlidingPuzzle::new(&Grid::parse(text).unwrap(), Goal::Default).unwrap()
    }

    #[test]
    fn enumerated_instances_have_the_depth_they_claim() {
        let g = goal("abc/h_d/gfe");
        let got = instances(&g, &[5, 17, 30], 4, 9, Limits::default()).unwrap();
        assert_eq!(got.len(), 4 + 4 + 4);
        assert!(got[..4].iter().all(|i| i.depth == 5) && got[8..].iter().all(|i| i.depth == 30));
        // Checked by an independent search: BFS from each board.
        for inst in &got {
            let p = g.with_start(&g.grid_of(&inst.tiles)).unwrap();
            let bfs = solve(
                &p,
                Algorithm::Bfs,
                HeuristicName::Zero,
                Limits::default(),
                None,
            );
            assert_eq!(bfs.path.unwrap().len() as u32, inst.depth);
        }
        // Same seed, same instances.
        assert_eq!(
            got,
            instances(&g, &[5, 17, 30], 4, 9, Limits::default()).unwrap()
        );
        assert!(instances(&g, &[40], 1, 9, Limits::default()).is_err());
        // One board is 0 moves away: asking for 4 is refused, with the number there is.
        let refused = instances(&g, &[0, 5], 4, 9, Limits::default()).unwrap_err();
        assert!(
            refused.to_string().contains("only 1 3x3 boards"),
            "{refused}"
        );
        assert_eq!(
            instances(&g, &[0], 1, 9, Limits::default()).unwrap().len(),
            1
        );
    }

    #[test]
    fn random_walk_instances_record_the_proved_length() {
        let g = goal("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 _");
        let got = instances(&g, &[6, 12], 3, 1, Limits::new().max_nodes(1_000_000)).unwrap();
        assert_eq!(got.len(), 6);
        // The depths asked are the depths studied.
        assert_eq!(
            got.iter().map(|i| i.depth).collect::<Vec<_>>(),
            [6, 6, 6, 12, 12, 12]
        );
        for inst in &got {
            let p = g.with_start(&g.grid_of(&inst.tiles)).unwrap();
            let astar = solve(
                &p,
                Algorithm::Astar,
                HeuristicName::Manhattan,
                Limits::default(),
                None,
            );
            assert_eq!(astar.path.unwrap().len() as u32, inst.depth);
        }
    }

    #[test]
    fn a_limited_run_is_recorded_with_its_limit() {
        let g = goal("abc/h_d/gfe");
        let inst = &instances(&g, &[24], 1, 3, Limits::default()).unwrap()[0];
        let r = run(
            &g,
            inst,
            (Algorithm::Astar, HeuristicName::Misplaced),
            Limits::new().max_nodes(10),
            &PdbSlot::new(0),
        );
        assert_eq!(
            (r.status.as_str(), r.expanded, r.length, r.bstar),
            ("node-limit", 10, None, None)
        );
        let r = run(
            &g,
            inst,
            (Algorithm::IdaStar, HeuristicName::Manhattan),
            Limits::default(),
            &PdbSlot::new(0),
        );
        assert_eq!((r.status.as_str(), r.length), ("solved", Some(24)));
        assert!(r.bstar.unwrap() > 1.0);
    }
}
