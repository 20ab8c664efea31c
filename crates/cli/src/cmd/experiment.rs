//! `resolu experiment`: tables, CSV, plots and a report of how algorithms and heuristics
//! scale.

mod words;

use crate::common::{CmdResult, Exit, Format, Io, bad_input, parse_seconds, write_json};
use clap::{Args as ClapArgs, Subcommand};
use comfy_table::{Cell, CellAlignment, Table, presets::UTF8_FULL_CONDENSED};
use indicatif::{ProgressBar, ProgressStyle};
use resolu_lab::hanoi;
use resolu_lab::taquin::{self, Instance, Setup};
use resolu_lab::{Run, Summary, output, run_all};
use resolu_puzzles::sliding::heuristics::HeuristicName;
use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle};
use resolu_search::{Algorithm, Limits};
use std::path::{Path, PathBuf};
use std::time::Duration;
use words::CatalogueWords;

/// Flags of `resolu experiment`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub study: Study,
}

/// The studies.
#[derive(Subcommand, Debug)]
pub enum Study {
    /// The sliding-tile puzzle: nodes, time and b* by solution depth, per heuristic and
    /// algorithm.
    #[command(visible_alias = "sliding")]
    #[command(after_help = "Examples:
  resolu experiment taquin                       the course's study (3x3, depths 2..30): a few seconds
  resolu experiment taquin --depths 2,4,6,8 --per-depth 3 --out out/quick
  resolu experiment taquin --size 4 --depths 10,20,30 --heuristics manhattan,linear-conflict --algos idastar

Writes into --out: runs.csv (one row per run), nodes.svg, time.svg, bstar.svg and report.md.")]
    Taquin(TaquinArgs),
    /// The Towers of Hanoi: blind search, A* and the optimal algorithm by number of disks.
    #[command(after_help = "Examples:
  resolu experiment hanoi                               3 pegs, 1 to 12 disks: bfs, astar, optimal
  resolu experiment hanoi --pegs 4 --disks 1-8 --algos bfs,astar,idastar,optimal

Writes into --out: runs.csv (one row per run), nodes.svg, time.svg, bstar.svg and report.md;
the depth of a run is the optimal number of moves (2^n - 1 on 3 pegs).")]
    Hanoi(HanoiArgs),
}

/// Flags of `resolu experiment hanoi`.
#[derive(ClapArgs, Debug)]
pub struct HanoiArgs {
    /// Numbers of disks: a list (3,5) or ranges (1-12).
    #[arg(long, default_value = "1-12")]
    pub disks: String,
    /// Number of pegs (3 to 8).
    #[arg(long, default_value_t = 3)]
    pub pegs: usize,
    /// Methods: search algorithms and `optimal` (the recursive algorithm).
    #[arg(long, default_value = "bfs,astar,optimal")]
    pub algos: String,
    /// Node limit of each run.
    #[arg(long, default_value_t = 5_000_000)]
    pub max_nodes: u64,
    /// Time limit of each run, in seconds.
    #[arg(long, default_value = "10", value_parser = parse_seconds)]
    pub timeout: Duration,
    /// Output folder.
    #[arg(long, default_value = "out/experiment-hanoi")]
    pub out: PathBuf,
    /// Output format of the summary on standard output.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Flags of `resolu experiment taquin`.
#[derive(ClapArgs, Debug)]
pub struct TaquinArgs {
    /// Board size: N for N x N, or ROWSxCOLS.
    #[arg(long, default_value = "3")]
    pub size: String,
    /// The goal: standard, snail or a board [default: snail on 3x3, standard otherwise].
    #[arg(long)]
    pub goal: Option<String>,
    /// Optimal solution lengths to study: a list (2,4,6) or ranges (2-30, 2-30/2 for a step).
    #[arg(long, default_value = "2-30/2")]
    pub depths: String,
    /// Heuristics to compare.
    #[arg(long, default_value = "misplaced,manhattan,linear-conflict")]
    pub heuristics: String,
    /// Algorithms to compare.
    #[arg(long, default_value = "astar,idastar")]
    pub algos: String,
    /// Instances per depth.
    #[arg(long, default_value_t = 5)]
    pub per_depth: usize,
    /// Random seed of the instances.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Node limit of each run (a run stopped by it is recorded as such).
    #[arg(long, default_value_t = 5_000_000)]
    pub max_nodes: u64,
    /// Time limit of each run, in seconds.
    #[arg(long, default_value = "10", value_parser = parse_seconds)]
    pub timeout: Duration,
    /// How many of Korf's 100 random 4x4 boards (evenly spread, 0 to 100) to solve with
    /// the same algorithms, heuristics and limits, to answer "what length for the 4x4?"
    /// (minutes: each may take up to --timeout per configuration).
    #[arg(long, default_value_t = 0)]
    pub korf: usize,
    /// Output folder.
    #[arg(long, default_value = "out/experiment-taquin")]
    pub out: PathBuf,
    /// Worker threads [default: all cores; at most the cores available]. Results do not
    /// depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output format of the summary on standard output.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs `resolu experiment`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    match args.study {
        Study::Taquin(a) => taquin_study(a, io),
        Study::Hanoi(a) => hanoi_study(a, io),
    }
}

fn hanoi_study(args: HanoiArgs, io: &mut Io) -> CmdResult {
    let disks = parse_ranges(&args.disks, "--disks", "number of disks").map_err(bad_input)?;
    if disks.iter().any(|&d| d == 0 || d > 20) {
        return Err(bad_input(crate::tr!("refusal-disks-range")));
    }
    if !(3..=8).contains(&args.pegs) {
        return Err(bad_input(crate::tr!("refusal-pegs-range")));
    }
    let methods = parse_list(&args.algos, "--algos", |s| {
        s.parse::<hanoi::Method>().map_err(|e| e.to_string())
    })
    .map_err(bad_input)?;
    let limits = run_limits(args.max_nodes, args.timeout, rayon_threads());
    let jobs: Vec<(usize, hanoi::Method)> = disks
        .iter()
        .flat_map(|&d| methods.iter().map(move |&m| (d as usize, m)))
        .collect();
    std::fs::create_dir_all(&args.out).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-cannot-create",
            path = args.out.display().to_string(),
            message = e.to_string()
        ))
    })?;
    let _hold = crate::progress::hold_interrupts();
    let bar = progress(jobs.len(), &crate::tr!("experiment-runs"));
    let partial = output::RunLog::create(&args.out.join("runs.partial.csv")).map_err(bad_input)?;
    let runs = run_all(
        &jobs,
        |&(d, m)| partial.keep(hanoi::run(d, args.pegs, m, limits)),
        &|| bar.inc(1),
    );
    bar.finish_and_clear();
    let command = format!(
        "resolu experiment hanoi --disks {} --pegs {} --algos {} --max-nodes {} --timeout {}",
        args.disks,
        args.pegs,
        args.algos,
        args.max_nodes,
        args.timeout.as_secs_f64()
    );
    let summary = Summary::of(&runs);
    let report = hanoi::report(&command, args.pegs, &summary, &runs, &CatalogueWords);
    write_outputs(&args.out, &runs, &summary, &report)?;
    partial.done();
    show_summary(io, args.format, &args.out, &runs, &summary, 1, &[])
}

/// Writes the CSV of `runs`, the plots of `summary` and `report` into `out`.
fn write_outputs(
    out: &Path,
    runs: &[Run],
    summary: &Summary,
    report: &str,
) -> Result<(), crate::common::CliError> {
    std::fs::create_dir_all(out).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-cannot-create",
            path = out.display().to_string(),
            message = e.to_string()
        ))
    })?;
    output::write_csv(&out.join("runs.csv"), runs).map_err(bad_input)?;
    output::write_plots(out, summary).map_err(bad_input)?;
    write_file(&out.join("report.md"), report)?;
    crate::html::experiment_report(out, report)
}

/// The summary on standard output: a table (or JSON) and the files written.
fn show_summary(
    io: &mut Io,
    format: Format,
    out: &Path,
    runs: &[Run],
    summary: &Summary,
    per_depth: usize,
    extra_files: &[&str],
) -> CmdResult {
    // Runs that Ctrl-C cut, and those that had not started and stopped at once: the study
    // is incomplete, and says so.
    let cut = runs.iter().filter(|r| r.status == "interrupted").count();
    if format == Format::Json {
        let mut value = serde_json::json!({
            "out": out.display().to_string(),
            "runs": runs.len(),
            "summary": summary.rows,
        });
        if cut > 0 {
            value["reason"] = "interrupted".into();
            value["interrupted_runs"] = cut.into();
        }
        write_json(io.out, &value)?;
    } else {
        writeln!(io.out, "{}", terminal_table(summary))?;
        writeln!(
            io.out,
            "{}",
            crate::tr!("experiment-caption", count = per_depth)
        )?;
        let (count, out_dir) = (runs.len(), out.display().to_string());
        writeln!(
            io.out,
            "{}",
            crate::tr!("experiment-written", count = count, dir = out_dir)
        )?;
        let files = ["runs.csv"]
            .into_iter()
            .chain(extra_files.iter().copied())
            .chain([
                "nodes.svg",
                "time.svg",
                "bstar.svg",
                "report.md",
                "report.html",
            ]);
        for f in files {
            writeln!(io.out, "  {}", out.join(f).display())?;
        }
        if cut > 0 {
            let said = crate::tr!("experiment-interrupted", cut = cut, count = runs.len());
            writeln!(io.out, "{said}")?;
        }
    }
    Ok(if cut > 0 { Exit::Limit } else { Exit::Success })
}

/// Parses `2,4,6`, `2-30` and `2-30/2` (each a `what`), naming `flag` in its errors.
fn parse_ranges(text: &str, flag: &str, what: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("{flag}: '{part}' is not a {what}, a range A-B or A-B/STEP");
        let (range, step) = match part.split_once('/') {
            Some((r, s)) => (r, s.parse::<u32>().map_err(|_| bad())?),
            None => (part, 1),
        };
        let (a, b) = match range.split_once('-') {
            Some((a, b)) => (
                a.trim().parse::<u32>().map_err(|_| bad())?,
                b.trim().parse::<u32>().map_err(|_| bad())?,
            ),
            None => {
                let d = range.trim().parse::<u32>().map_err(|_| bad())?;
                (d, d)
            }
        };
        if step == 0 || a > b || b > 1000 {
            return Err(bad());
        }
        out.extend((a..=b).step_by(step as usize));
    }
    out.sort_unstable();
    out.dedup();
    if out.is_empty() {
        return Err(format!("{flag}: no {what} given"));
    }
    Ok(out)
}

fn parse_list<T>(
    text: &str,
    flag: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let items: Result<Vec<T>, String> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| parse(s).map_err(|e| format!("{flag}: {e}")))
        .collect();
    match items {
        Ok(v) if v.is_empty() => Err(format!("{flag}: the list is empty")),
        other => other,
    }
}

/// The goal puzzle of a size: letters on 3x3 (the course's), numbers otherwise.
fn goal_puzzle(size: &str, goal: Option<&str>) -> Result<SlidingPuzzle, String> {
    let (rows, cols) = match size.split_once(['x', 'X']) {
        Some((r, c)) => (r.trim().parse::<usize>(), c.trim().parse::<usize>()),
        None => (size.trim().parse::<usize>(), size.trim().parse::<usize>()),
    };
    let (Ok(rows), Ok(cols)) = (rows, cols) else {
        return Err(format!("--size: '{size}' is not N or ROWSxCOLS"));
    };
    if rows < 2 || cols < 2 || rows * cols > 64 {
        return Err(format!(
            "--size: {rows}x{cols} is not between 2x2 and 64 cells"
        ));
    }
    let n = rows * cols;
    let tiles: Vec<String> = if (rows, cols) == (3, 3) {
        ('a'..='h').map(String::from).collect()
    } else {
        (1..n).map(|t| t.to_string()).collect()
    };
    let cells = tiles.into_iter().map(Some).chain([None]).collect();
    let board = Grid { rows, cols, cells };
    let goal = match goal {
        Some(g) => Goal::parse(g).map_err(|e| format!("--goal: {e}"))?,
        None => Goal::Default,
    };
    let goal = match goal {
        Goal::Default if (rows, cols) == (3, 3) => Goal::Snail,
        Goal::Default => Goal::Standard,
        other => other,
    };
    SlidingPuzzle::new(&board, goal).map_err(|e| format!("--goal: {e}"))
}

/// Refuses a number of boards per depth or of Korf's boards that the study cannot give.
fn check_counts(args: &TaquinArgs) -> Result<(), crate::common::CliError> {
    if !(1..=MAX_PER_DEPTH).contains(&args.per_depth) {
        return Err(bad_input(crate::tr!(
            "refusal-per-depth",
            max = MAX_PER_DEPTH.to_string(),
            value = args.per_depth.to_string()
        )));
    }
    let korf_count = taquin::korf_instances(KORF100).map_or(0, |all| all.len());
    if args.korf > korf_count {
        return Err(bad_input(crate::tr!(
            "refusal-korf-count",
            count = korf_count.to_string(),
            value = args.korf.to_string()
        )));
    }
    Ok(())
}

fn taquin_study(args: TaquinArgs, io: &mut Io) -> CmdResult {
    let depths = parse_ranges(&args.depths, "--depths", "depth").map_err(bad_input)?;
    let heuristics = parse_list(&args.heuristics, "--heuristics", |s| {
        s.parse::<HeuristicName>().map_err(|e| e.to_string())
    })
    .map_err(bad_input)?;
    let algos = parse_list(&args.algos, "--algos", |s| {
        s.parse::<Algorithm>().map_err(|e| e.to_string())
    })
    .map_err(bad_input)?;
    check_counts(&args)?;
    let goal = goal_puzzle(&args.size, args.goal.as_deref()).map_err(bad_input)?;
    // More threads than cores only share the cores, each with its own share of memory.
    let threads = args
        .threads
        .unwrap_or_else(rayon_threads)
        .clamp(1, rayon_threads());
    let limits = run_limits(args.max_nodes, args.timeout, threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| {
            bad_input(crate::tr!(
                "refusal-threads",
                threads = threads.to_string(),
                message = e.to_string()
            ))
        })?;
    std::fs::create_dir_all(&args.out).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-cannot-create",
            path = args.out.display().to_string(),
            message = e.to_string()
        ))
    })?;
    let _hold = crate::progress::hold_interrupts();

    let instances: Vec<Instance> = pool
        .install(|| taquin::instances(&goal, &depths, args.per_depth, args.seed, limits))
        .map_err(bad_input)?;
    let mut jobs: Vec<(&Instance, Algorithm, HeuristicName)> = Vec::new();
    for i in &instances {
        for &a in &algos {
            for &h in &heuristics {
                jobs.push((i, a, h));
            }
        }
    }
    // The tables of heuristic pdb, loaded by the first run that needs them, within the
    // whole run's memory budget (the runs' shares are for their searches).
    let pdb = taquin::PdbSlot::new(crate::common::default_memory_bytes());
    let bar = progress(jobs.len(), &crate::tr!("experiment-runs"));
    let partial = output::RunLog::create(&args.out.join("runs.partial.csv")).map_err(bad_input)?;
    let runs: Vec<Run> = pool.install(|| {
        run_all(
            &jobs,
            |&(i, a, h)| partial.keep(taquin::run(&goal, i, (a, h), limits, &pdb)),
            &|| bar.inc(1),
        )
    });
    bar.finish_and_clear();

    let korf_runs = if args.korf > 0 {
        let all = taquin::korf_instances(KORF100).map_err(bad_input)?;
        let step = (all.len() / args.korf.min(all.len()).max(1)).max(1);
        let picked: Vec<Instance> = all
            .into_iter()
            .step_by(step)
            .take(args.korf)
            .map(|(_, i)| i)
            .collect();
        let korf_goal = goal_puzzle("4", Some(taquin::KORF_GOAL)).map_err(bad_input)?;
        let mut jobs = Vec::new();
        for i in &picked {
            for &a in &algos {
                for &h in &heuristics {
                    jobs.push((i, a, h));
                }
            }
        }
        let korf_pdb = taquin::PdbSlot::new(crate::common::default_memory_bytes());
        let bar = progress(jobs.len(), &crate::tr!("experiment-korf-boards"));
        let runs = pool.install(|| {
            run_all(
                &jobs,
                |&(i, a, h)| taquin::run(&korf_goal, i, (a, h), limits, &korf_pdb),
                &|| bar.inc(1),
            )
        });
        bar.finish_and_clear();
        output::write_csv(&args.out.join("runs-korf.csv"), &runs).map_err(bad_input)?;
        runs
    } else {
        Vec::new()
    };

    let summary = Summary::of(&runs);
    let setup = Setup {
        goal: goal.clone(),
        per_depth: args.per_depth,
        seed: args.seed,
        limits: crate::tr!(
            "report-limits",
            nodes = args.max_nodes.to_string(),
            seconds = args.timeout.as_secs_f64().to_string()
        ),
        threads,
        korf_runs,
        command: format!(
            "resolu experiment taquin --size {} --depths {} --heuristics {} --algos {} --per-depth {} --seed {} --max-nodes {} --timeout {} --korf {}",
            args.size,
            args.depths,
            args.heuristics,
            args.algos,
            args.per_depth,
            args.seed,
            args.max_nodes,
            args.timeout.as_secs_f64(),
            args.korf
        ),
    };
    let report = taquin::report(&setup, &summary, &runs, &CatalogueWords);
    write_outputs(&args.out, &runs, &summary, &report)?;
    partial.done();
    let korf_file: &[&str] = if args.korf > 0 {
        &["runs-korf.csv"]
    } else {
        &[]
    };
    show_summary(
        io,
        args.format,
        &args.out,
        &runs,
        &summary,
        args.per_depth,
        korf_file,
    )
}

/// Korf's 100 random 15-puzzle instances with their optimal lengths.
const KORF100: &str = include_str!("../../../../examples/puzzles/korf100.txt");

/// A progress bar on standard error (hidden when it is not a terminal).
fn progress(len: usize, what: &str) -> ProgressBar {
    let template = crate::tr!("experiment-bar-template", what = what);
    ProgressBar::new(len as u64).with_style(
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    )
}

/// The most instances per depth `--per-depth` accepts.
const MAX_PER_DEPTH: usize = 1000;

/// The limits of each run: the flags, the default memory budget shared by the runs that
/// go on at once, and the command line's monitor (Ctrl-C stops the runs).
/// The limits of each run: `max_nodes` 0 means no node limit (as everywhere --max-nodes
/// exists).
fn run_limits(max_nodes: u64, timeout: Duration, threads: usize) -> Limits {
    let mut limits = Limits::new();
    limits.max_nodes = (max_nodes > 0).then_some(max_nodes);
    limits
        .timeout(timeout)
        .max_memory_bytes(crate::common::default_memory_bytes() / threads.max(1) as u64)
        .monitor(&crate::progress::MONITOR)
}

fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn write_file(path: &Path, text: &str) -> Result<(), crate::common::CliError> {
    crate::common::write_output(path, text.as_bytes())
}

/// Depths down, configurations across.
fn terminal_table(summary: &Summary) -> Table {
    let configs = summary.configs();
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    let mut header = vec![Cell::new(crate::tr!("experiment-depth"))];
    header.extend(configs.iter().map(Cell::new));
    table.set_header(header);
    for d in summary.depths() {
        let mut row = vec![Cell::new(d).set_alignment(CellAlignment::Right)];
        for c in &configs {
            let text = summary
                .rows
                .iter()
                .find(|r| r.depth == d && &r.config() == c)
                .map_or(String::new(), |r| {
                    let solved = if r.solved == r.runs {
                        String::new()
                    } else {
                        format!(" ({}/{})", r.solved, r.runs)
                    };
                    format!(
                        "{} / {}{solved}",
                        human(r.median_expanded),
                        millis(r.median_time_ms)
                    )
                });
            row.push(Cell::new(text).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    table
}

fn human(n: f64) -> String {
    match n {
        n if n >= 1e6 => format!("{:.1}M", n / 1e6),
        n if n >= 1e4 => format!("{:.0}k", n / 1e3),
        n => format!("{n:.0}"),
    }
}

fn millis(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else if ms >= 1.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{:.0} µs", ms * 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_lists_and_ranges() {
        let depths = |text| parse_ranges(text, "--depths", "depth");
        assert_eq!(depths("2-10/4,3, 3").unwrap(), [2, 3, 6, 10]);
        assert_eq!(depths("2-30/2").unwrap().len(), 15);
        for bad in ["", "x", "5-2", "1-4/0", "2-"] {
            assert!(depths(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_ranges("5-2", "--disks", "number of disks").unwrap_err(),
            "--disks: '5-2' is not a number of disks, a range A-B or A-B/STEP"
        );
        assert_eq!(
            parse_ranges(",", "--disks", "number of disks").unwrap_err(),
            "--disks: no number of disks given"
        );
    }
}
