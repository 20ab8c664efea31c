//! `resolu cube` (rubik): the Rubik's cube and the 2x2x2: a cube from a scramble, facelets
//! or a random draw, drawn as a net (coloured on a terminal, or SVG), solved optimally
//! (table lookup on the 2x2x2, IDA* with pattern databases on the 3x3x3), near-optimally
//! (two-phase), or by the generic IDA* and BFS; the 2x2x2 census.

use crate::common::{
    CliError, CmdResult, Exit, Format, Io, LimitArgs, bad_input, reason_text, write_json,
};
use crate::tr;
use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressStyle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use resolu_puzzles::cache::{self, CacheError};
use resolu_puzzles::cube::optimal::{OptimalTables, PdbSet};
use resolu_puzzles::cube::pocket::{self, Pocket, PocketCoord, PocketHeuristic};
use resolu_puzzles::cube::problem::{CubeProblem, CubeState};
use resolu_puzzles::cube::twophase::{PruningTables, TwoPhase, TwoPhaseConfig};
use resolu_puzzles::cube::{
    CubieCube, Face, Metric, Move, facelets, format_moves, parse_moves, random_scramble,
};
use resolu_search::numbered::{LayerDone, NumberedError};
use resolu_search::{Algorithm, Runner, StopReason};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Flags of `resolu cube`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu cube \"R U R' U'\"                        solve what this scramble leaves (two-phase)
  resolu cube --scramble 25 --seed 7             a random 25-move scramble, two-phase
  resolu cube --random --seed 1                  a uniformly random cube
  resolu cube \"R U2 F' L D\" --method optimal     IDA* with Korf's pattern databases
  resolu cube --scramble 14 --method optimal --timeout 60   (slow: up to a minute)
  resolu cube --facelets UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
  resolu cube --size 2 --census                  the 2x2x2's 3,674,160 positions by distance
  resolu cube --size 2 --census --metric qtm
  resolu cube --size 2 \"R U F' R2\" --format json
  resolu cube \"R U\" --svg cube.svg               the scrambled cube as an SVG net

MOVES: Singmaster notation, faces U D L R F B, each followed by nothing (a clockwise quarter
turn), 2 (a half turn) or ' (counter-clockwise); applied to the solved cube, and the cube it
leaves is the one solved. --facelets: 54 letters, faces in the order U R F D L B, each read
row by row as in the net drawn (U with B on top, D with F on top); any six colours, the
centres naming them. On the 2x2x2: 24 letters, four a face.
Methods: optimal (default on 2x2x2: table lookup; on 3x3x3: IDA* with pattern databases,
the corners' 88,179,840 entries and two groups of six edges, built once, about a minute,
and cached), two-phase (default on 3x3x3: Kociemba's, at most --max-length moves; with
--timeout it keeps looking for shorter ones until then), idastar and bfs (the generic
algorithms of the library on the same cube). Tables are cached in --cache-dir (default
$XDG_CACHE_HOME/resolu or ~/.cache/resolu) with a checksum, and rebuilt if damaged.
Metrics: htm (every face turn counts 1), qtm (a half turn counts 2; the optimal methods then
search quarter turns, two-phase stays a half-turn method whose solution is counted in
quarter turns). Limits: --timeout stops any method, and the pattern databases' build too
(a build cut short is not cached); --max-nodes applies to idastar and bfs; --max-memory to
bfs, to the pattern databases and to the 2x2x2 table (--census too).
JSON: {\"solution\", \"length\", \"metric\", \"optimal\", \"stats\"}; with --census
{\"metric\", \"counts\"}.")]
pub struct Args {
    /// The scramble: moves applied to the solved cube (e.g. \"R U2 F'\").
    #[arg(value_name = "MOVES", conflicts_with_all = ["facelets", "scramble", "random"])]
    pub moves: Option<String>,
    /// The cube as 54 facelet letters (24 on the 2x2x2), faces in the order U R F D L B.
    #[arg(long, value_name = "STRING", conflicts_with_all = ["scramble", "random"])]
    pub facelets: Option<String>,
    /// A random scramble of N moves (seeded by --seed).
    #[arg(long, value_name = "N", conflicts_with = "random")]
    pub scramble: Option<usize>,
    /// A cube drawn uniformly at random among all positions (seeded by --seed).
    #[arg(long)]
    pub random: bool,
    /// Seed of --scramble and --random.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The cube's size: 2 (2x2x2) or 3.
    #[arg(long, default_value_t = 3, value_name = "2|3")]
    pub size: u8,
    /// How moves are counted: htm (half-turn metric) or qtm (quarter-turn metric).
    #[arg(long, default_value = "htm", value_name = "METRIC")]
    pub metric: String,
    /// optimal, two-phase, idastar or bfs [default: optimal on 2x2x2, two-phase on 3x3x3].
    #[arg(long, value_name = "METHOD")]
    pub method: Option<String>,
    /// Count the 2x2x2's positions at each distance (breadth-first search over all).
    #[arg(long)]
    pub census: bool,
    /// Two-phase: accept solutions of at most this many half turns.
    #[arg(long, default_value_t = 22, value_name = "N")]
    pub max_length: usize,
    /// Write the cube (before solving) as an SVG net to FILE.
    #[arg(long, value_parser = crate::common::output_file, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Colours in the terminal: auto (when stdout is a terminal and NO_COLOR is unset),
    /// always, never.
    #[arg(long, default_value = "auto", value_name = "WHEN")]
    pub color: String,
    /// Where the solver tables are cached.
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    #[command(flatten)]
    pub html: crate::html::HtmlArg,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// How the cube is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Optimal,
    TwoPhase,
    IdaStar,
    Bfs,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::Optimal => "optimal",
            Method::TwoPhase => "two-phase",
            Method::IdaStar => "idastar",
            Method::Bfs => "bfs",
        }
    }
}

/// A solver's answer, whatever the method.
struct Solved {
    solution: Option<Vec<Move>>,
    optimal: bool,
    reason: StopReason,
    stats: serde_json::Value,
    summary: String,
}

/// Runs `resolu cube`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    if args.size != 2 && args.size != 3 {
        return Err(bad_input(crate::tr!(
            "refusal-cube-size",
            size = args.size.to_string()
        )));
    }
    let pocket_cube = args.size == 2;
    let metric = Metric::from_name(&args.metric)
        .ok_or_else(|| bad_input(crate::tr!("refusal-cube-metric", metric = &args.metric)))?;
    let colour = match args.color.as_str() {
        "auto" => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        "always" => true,
        "never" => false,
        other => {
            return Err(bad_input(crate::tr!("refusal-cube-color", color = other)));
        }
    };
    if args.census {
        if !pocket_cube {
            return Err(bad_input(crate::tr!("refusal-cube-census")));
        }
        return census(metric, &args, io);
    }
    let method = match args
        .method
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None if pocket_cube => Method::Optimal,
        None => Method::TwoPhase,
        Some("optimal") | Some("korf") => Method::Optimal,
        Some("two-phase") | Some("twophase") | Some("kociemba") => Method::TwoPhase,
        Some("idastar") | Some("ida*") => Method::IdaStar,
        Some("bfs") => Method::Bfs,
        Some(other) => {
            return Err(bad_input(crate::tr!("refusal-cube-method", method = other)));
        }
    };
    if pocket_cube && method == Method::TwoPhase {
        return Err(bad_input(crate::tr!("refusal-cube-two-phase")));
    }
    let (cube, scramble) = start_cube(&args, pocket_cube, metric)?;
    if let Some(path) = &args.svg {
        crate::common::write_output(path, svg(&cube, pocket_cube).as_bytes())?;
    }
    let solved = match method {
        Method::IdaStar | Method::Bfs => solve_generic(&cube, metric, method, &args)?,
        Method::Optimal if pocket_cube => solve_pocket(&cube, metric, &args),
        Method::Optimal => solve_optimal(&cube, metric, &args)?,
        Method::TwoPhase => solve_two_phase(&cube, &args)?,
    };
    // Every solution is replayed on the cube model before it is shown.
    if let Some(solution) = &solved.solution {
        let end = cube.apply_all(solution);
        let ok = if pocket_cube {
            pocket::is_solved(&end)
        } else {
            end.is_solved()
        };
        if !ok {
            return Err(bad_input(crate::tr!(
                "refusal-cube-not-solved",
                solution = format_moves(solution)
            )));
        }
    }
    if let (Some(path), Some(solution)) = (&args.html.html, &solved.solution) {
        html_page(path, &cube, pocket_cube, solution, method.name())?;
    }
    let exit = match solved.reason {
        StopReason::Solved => Exit::Success,
        r => Exit::from_reason(r),
    };
    match args.format {
        Format::Json => {
            let length = solved.solution.as_ref().map(|s| metric.length(s));
            write_json(
                io.out,
                &serde_json::json!({
                    "solution": solved.solution.as_ref().map(|s| format_moves(s)),
                    "length": length,
                    "metric": metric.name(),
                    "optimal": solved.optimal && solved.solution.is_some(),
                    "stats": solved.stats,
                    "method": method.name(),
                    "size": args.size,
                    "scramble": scramble.as_ref().map(|s| format_moves(s)),
                    "facelets": facelets_of(&cube, pocket_cube),
                    "reason": if solved.solution.is_some() { None } else { Some(solved.reason.as_str()) },
                }),
            )?;
        }
        Format::Text => {
            let kind = if pocket_cube { "2x2x2" } else { "3x3x3" };
            if let Some(s) = &scramble {
                let (count, moves) = (s.len(), format_moves(s));
                writeln!(
                    io.out,
                    "{}",
                    tr!("cube-scramble", count = count, moves = moves)
                )?;
            }
            writeln!(io.out, "{}\n", tr!("cube-unfolded", kind = kind))?;
            write!(io.out, "{}", net(&cube, pocket_cube, colour))?;
            writeln!(io.out)?;
            write_verdict(&solved, metric, method, &args, io)?;
            writeln!(io.out, "{}", solved.summary)?;
        }
    }
    Ok(exit)
}

/// The solution found (numbered, replayed) or why there is none, in words.
fn write_verdict(
    solved: &Solved,
    metric: Metric,
    method: Method,
    args: &Args,
    io: &mut Io,
) -> Result<(), CliError> {
    let pocket_cube = args.size == 2;
    match &solved.solution {
        Some(s) if s.is_empty() => writeln!(io.out, "{}", tr!("cube-already-solved"))?,
        Some(s) => {
            let said = tr!(
                "cube-solution",
                count = metric.length(s),
                metric = metric.name(),
                optimal = if solved.optimal { "yes" } else { "no" },
                method = match (method, pocket_cube) {
                    (Method::Optimal, true) => "lookup",
                    (Method::Optimal, false) => "optimal",
                    (Method::TwoPhase, _) => "two-phase",
                    (Method::IdaStar, _) => "idastar",
                    (Method::Bfs, _) => "bfs",
                }
            );
            writeln!(io.out, "{said}")?;
            writeln!(io.out, "{}", numbered(s))?;
            writeln!(io.out, "{}", tr!("cube-replayed"))?;
        }
        None if solved.reason == StopReason::DepthLimit => writeln!(
            io.out,
            "{}",
            tr!("cube-no-solution-length", count = args.max_length)
        )?,
        None => {
            let reason = reason_text(solved.reason);
            writeln!(io.out, "{}", tr!("cube-no-solution", reason = reason))?
        }
    }
    Ok(())
}

/// The cube to solve, and the scramble that made it (if any).
fn start_cube(
    args: &Args,
    pocket_cube: bool,
    metric: Metric,
) -> Result<(CubieCube, Option<Vec<Move>>), CliError> {
    if let Some(text) = &args.moves {
        let moves = parse_moves(text).map_err(|e| {
            bad_input(crate::tr!(
                "refusal-cube-moves",
                moves = text,
                message = e.to_string()
            ))
        })?;
        return Ok((
            normalise(CubieCube::from_moves(&moves), pocket_cube),
            Some(moves),
        ));
    }
    if let Some(text) = &args.facelets {
        let cube = if pocket_cube {
            pocket::parse(text)
        } else {
            facelets::parse(text)
        }
        .map_err(|e| {
            bad_input(crate::tr!(
                "refusal-cube-impossible",
                message = e.to_string()
            ))
        })?;
        return Ok((normalise(cube, pocket_cube), None));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    if let Some(n) = args.scramble {
        if n > 10_000 {
            return Err(bad_input(crate::tr!(
                "refusal-cube-scramble",
                count = n.to_string()
            )));
        }
        let moves = random_scramble(n, metric, &mut rng);
        return Ok((
            normalise(CubieCube::from_moves(&moves), pocket_cube),
            Some(moves),
        ));
    }
    if args.random {
        let cube = if pocket_cube {
            PocketCoord::unrank(rng.random_range(0..pocket::POSITIONS as u32))
        } else {
            CubieCube::random(&mut rng)
        };
        return Ok((cube, None));
    }
    Ok((CubieCube::SOLVED, None))
}

/// A 2x2x2 keeps its corners only.
fn normalise(mut cube: CubieCube, pocket_cube: bool) -> CubieCube {
    if pocket_cube {
        cube.ep = CubieCube::SOLVED.ep;
        cube.eo = CubieCube::SOLVED.eo;
    }
    cube
}

fn facelets_of(cube: &CubieCube, pocket_cube: bool) -> String {
    if pocket_cube {
        pocket::to_string(cube)
    } else {
        facelets::to_string(cube)
    }
}

/// Moves numbered, ten to a line.
fn numbered(moves: &[Move]) -> String {
    moves
        .chunks(10)
        .enumerate()
        .map(|(row, chunk)| {
            chunk
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{:>3}. {:<3}", row * 10 + i + 1, m.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The memory budget of the tables: `--max-memory` (MB), or what the machine has free.
fn memory_budget(args: &Args) -> u64 {
    args.limits
        .max_memory
        .map_or_else(crate::common::default_memory_bytes, |mb| mb << 20)
}

/// The 2x2x2 distance table, built by the numbered-states engine with a progress bar;
/// `Err` (the engine's refusal) when it exceeds the memory budget, or when Ctrl-C stops it
/// (with `watched`: the command line's monitor watches the build).
fn pocket_table(metric: Metric, args: &Args, watched: bool) -> Result<Pocket, NumberedError> {
    let bar = bar(pocket::POSITIONS as u64, "2x2x2 positions");
    let observer = |layer: LayerDone| bar.set_position(layer.reached);
    let monitor = watched.then_some(&crate::progress::MONITOR);
    let pocket = Pocket::build(metric, memory_budget(args), Some(&observer), monitor);
    bar.finish_and_clear();
    pocket
}

fn census(metric: Metric, args: &Args, io: &mut Io) -> CmdResult {
    let started = Instant::now();
    let format = args.format;
    let pocket = match pocket_table(metric, args, true) {
        Ok(p) => p,
        Err(e) => {
            let reason = e.stop_reason().unwrap_or("memory-limit");
            if format == Format::Json {
                let mut value = serde_json::json!({ "metric": metric.name(), "reason": reason, "error": format!("stopped: {e}") });
                if let NumberedError::Interrupted { depth, reached } = e {
                    value["depth"] = depth.into();
                    value["reached"] = reached.into();
                }
                write_json(io.out, &value)?;
            } else {
                writeln!(io.out, "{}", tr!("stopped", reason = e.to_string()))?;
            }
            return Ok(Exit::Limit);
        }
    };
    let counts = pocket.counts();
    match format {
        Format::Json => write_json(
            io.out,
            &serde_json::json!({ "metric": metric.name(), "counts": counts }),
        )?,
        Format::Text => {
            let said = tr!(
                "cube-census-heading",
                positions = group_digits(counts.iter().sum()),
                half = if metric == Metric::Half { "yes" } else { "no" }
            );
            writeln!(io.out, "{said}")?;
            let (distance, positions) = (tr!("cube-distance"), tr!("cube-positions"));
            writeln!(io.out, "{distance:>8}  {positions:>12}")?;
            for (d, n) in counts.iter().enumerate() {
                writeln!(io.out, "{d:>8}  {:>12}", group_digits(*n))?;
            }
            let said = tr!(
                "cube-gods-number",
                metric = metric.name(),
                number = counts.len() - 1,
                ms = format!("{:.0}", started.elapsed().as_secs_f64() * 1000.0)
            );
            writeln!(io.out, "{said}")?;
        }
    }
    Ok(Exit::Success)
}

fn group_digits(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let template = tr!("cube-bar-template", what = what);
    let bar = ProgressBar::new(len).with_style(
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar
}

fn solve_pocket(cube: &CubieCube, metric: Metric, args: &Args) -> Solved {
    let started = Instant::now();
    let pocket = match pocket_table(metric, args, false) {
        Ok(p) => p,
        Err(e) => return memory_refusal(tr!("stopped", reason = e.to_string())),
    };
    let solution = pocket.solve_cube(cube);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    Solved {
        summary: tr!("cube-summary-lookup", ms = format!("{ms:.0}")),
        solution: Some(solution),
        optimal: true,
        reason: StopReason::Solved,
        stats: serde_json::json!({ "table_positions": pocket::POSITIONS, "elapsed_ms": ms }),
    }
}

fn cache_dir(args: &Args) -> Option<PathBuf> {
    args.cache_dir.clone().or_else(|| {
        cache::default_dir(
            std::env::var_os("XDG_CACHE_HOME").as_deref(),
            std::env::var_os("HOME").as_deref(),
        )
    })
}

/// Reads the table `name` (key `key`) from the cache, or builds it with `build` and writes
/// it there; a damaged file is reported on stderr and rebuilt. `None` when `build` gave up
/// (nothing is cached then).
fn cached<T>(
    dir: Option<&Path>,
    name: &str,
    key: &str,
    decode: impl Fn(&[u8]) -> Option<T>,
    build: impl FnOnce() -> Option<(T, Vec<u8>)>,
) -> Option<(T, &'static str)> {
    let path = dir.map(|d| d.join(name));
    if let Some(path) = &path {
        match cache::read(path, key) {
            Ok(table) => {
                if let Some(t) = decode(&table.payload) {
                    return Some((t, "cache"));
                }
                let path = path.display().to_string();
                eprintln!("{}", tr!("cube-note-wrong-size", path = path));
            }
            Err(CacheError::Missing(_)) => {}
            Err(e) => eprintln!("{}", tr!("cube-note-rebuilding", error = e.to_string())),
        }
    }
    let started = Instant::now();
    let (table, bytes) = build()?;
    if let Some(path) = &path
        && let Err(e) = cache::write(path, key, started.elapsed().as_millis() as u64, &bytes)
    {
        eprintln!("{}", tr!("cube-note-not-cached", error = e.to_string()));
    }
    Some((table, "built"))
}

fn solve_two_phase(cube: &CubieCube, args: &Args) -> Result<Solved, CliError> {
    // The pruning tables, plus about as much again for the move tables and the search: a
    // budget below that stops at once, as every command's --max-memory does.
    let need = 2 * PruningTables::LEN as u64;
    let budget = memory_budget(args);
    if need > budget {
        return Ok(memory_refusal(tr!(
            "cube-stop-two-phase-memory",
            need = need.div_ceil(1 << 20).to_string(),
            budget = (budget >> 20).to_string()
        )));
    }
    let started = Instant::now();
    let dir = cache_dir(args);
    let (solver, source) = cached(
        dir.as_deref(),
        "cube-two-phase.table",
        resolu_puzzles::cube::twophase::CACHE_KEY,
        |bytes| PruningTables::from_bytes(bytes).map(TwoPhase::with_pruning),
        || {
            let bar = bar(PruningTables::LEN as u64, &tr!("cube-two-phase-tables"));
            let solver = TwoPhase::build(&mut |done, _| bar.set_position(done));
            bar.finish_and_clear();
            let bytes = solver.pruning().to_bytes();
            Some((solver, bytes))
        },
    )
    .ok_or_else(|| bad_input(crate::tr!("refusal-cube-tables")))?;
    let tables_ms = started.elapsed().as_secs_f64() * 1000.0;
    if args.max_length < 20 && args.limits.timeout.is_none() {
        // Below 20 moves a cube may need a very long search: say so rather than hang.
        return Err(bad_input(
            "--max-length below 20 needs a --timeout (or use --method optimal)",
        ));
    }
    // Without --timeout: the first solution, then a fifth of a second to find shorter
    // ones (a short scramble's own length is usually found at once); with it: shorter
    // ones until then.
    let config = TwoPhaseConfig {
        max_length: args.max_length,
        stop_at: 0,
        timeout: args.limits.timeout,
        improve_for: match args.limits.timeout {
            Some(_) => None,
            None => Some(std::time::Duration::from_millis(200)),
        },
    };
    let r = solver.solve(cube, &config);
    let ms = r.elapsed.as_secs_f64() * 1000.0;
    let reason = if r.solution.is_some() {
        StopReason::Solved
    } else if r.timed_out {
        StopReason::TimeLimit
    } else {
        // Every phase-1 solution within --max-length was tried: a length cut, not a proof
        // that the cube has no solution (every cube has one of at most 20 moves).
        StopReason::DepthLimit
    };
    // In the quarter-turn metric a half turn is still written `R2`, and counts 2.
    let solution = r.solution;
    Ok(Solved {
        summary: tr!(
            "cube-summary-two-phase",
            length = r.phase1_length.to_string(),
            nodes1 = r.phase1_nodes.to_string(),
            nodes2 = r.phase2_nodes.to_string(),
            solutions = r.phase1_solutions.to_string(),
            ms = format!("{ms:.1}"),
            source = source,
            tables_ms = format!("{tables_ms:.0}"),
            timed_out = if r.timed_out { "yes" } else { "no" }
        ),
        solution,
        optimal: false,
        reason,
        stats: serde_json::json!({
            "phase1_nodes": r.phase1_nodes,
            "phase2_nodes": r.phase2_nodes,
            "phase1_solutions": r.phase1_solutions,
            "phase1_length": r.phase1_length,
            "elapsed_ms": ms,
            "tables_ms": tables_ms,
            "timed_out": r.timed_out,
        }),
    })
}

/// Bytes the optimal solver's tables take in memory (pattern databases and move tables).
fn optimal_bytes(set: &PdbSet) -> u64 {
    let k = set.edge_groups.first().map_or(0, Vec::len);
    let perms: u64 = (0..k as u64).map(|i| 12 - i).product();
    let edges = (perms << k) / 2 * set.edge_groups.len() as u64;
    let corners = if set.corners { 88_179_840 / 2 } else { 2187 };
    corners + edges + perms * 18 * 4 + 40320 * 36
}

/// The optimal solver's tables, read from the cache or built; `Ok(Err(stopped))` when the
/// memory budget refuses them or `--timeout` strikes while they are built.
fn load_optimal(args: &Args) -> Result<Result<OptimalTables, Solved>, CliError> {
    let deadline = args.limits.timeout.map(|t| Instant::now() + t);
    let set = PdbSet::full();
    let need = optimal_bytes(&set);
    let budget = args
        .limits
        .max_memory
        .map_or_else(crate::common::default_memory_bytes, |mb| mb << 20);
    if need > budget {
        return Ok(Err(memory_refusal(tr!(
            "cube-stop-pdb-memory",
            need = (need >> 20).to_string(),
            budget = (budget >> 20).to_string()
        ))));
    }
    let dir = cache_dir(args);
    let loaded = cached(
        dir.as_deref(),
        "cube-optimal.table",
        &set.key(),
        |bytes| OptimalTables::from_bytes(&set, bytes),
        || {
            eprintln!("{}", tr!("cube-building-pdb"));
            let bar = bar(100, &tr!("cube-pdb-tables"));
            let mut phase = String::new();
            let tables = OptimalTables::build_until(&set, deadline, &mut |name, done, total| {
                if name != phase {
                    phase = name.to_string();
                    bar.set_message(phase.clone());
                    bar.set_style(
                        ProgressStyle::with_template(&tr!("cube-bar-template", what = name))
                            .unwrap_or_else(|_| ProgressStyle::default_bar()),
                    );
                }
                bar.set_position(done * 100 / total.max(1));
            });
            bar.finish_and_clear();
            let tables = tables?;
            let bytes = tables.to_bytes();
            Some((tables, bytes))
        },
    );
    Ok(match loaded {
        Some((tables, _)) => Ok(tables),
        None => Err(Solved {
            solution: None,
            optimal: false,
            reason: StopReason::TimeLimit,
            stats: serde_json::json!({}),
            summary: tr!(
                "cube-stop-building-timeout",
                seconds = format!(
                    "{:.1}",
                    args.limits.timeout.unwrap_or_default().as_secs_f64()
                )
            ),
        }),
    })
}

fn solve_optimal(cube: &CubieCube, metric: Metric, args: &Args) -> Result<Solved, CliError> {
    let started = Instant::now();
    let tables = match load_optimal(args)? {
        Ok(t) => t,
        Err(stopped) => return Ok(stopped),
    };
    let tables_ms = started.elapsed().as_secs_f64() * 1000.0;
    let timeout = args
        .limits
        .timeout
        .map(|t| t.saturating_sub(started.elapsed()));
    let r = tables.solve(cube, metric, timeout);
    let ms = r.elapsed.as_secs_f64() * 1000.0;
    Ok(Solved {
        summary: tr!(
            "cube-summary-optimal",
            nodes = r.nodes.to_string(),
            iterations = r.iterations.to_string(),
            ms = format!("{ms:.1}"),
            tables_ms = format!("{tables_ms:.0}")
        ),
        reason: if r.solution.is_some() {
            StopReason::Solved
        } else {
            StopReason::TimeLimit
        },
        solution: r.solution,
        optimal: true,
        stats: serde_json::json!({
            "expanded": r.nodes,
            "iterations": r.iterations,
            "elapsed_ms": ms,
            "tables_ms": tables_ms,
        }),
    })
}

fn memory_refusal(msg: String) -> Solved {
    Solved {
        solution: None,
        optimal: false,
        reason: StopReason::MemoryLimit,
        stats: serde_json::json!({}),
        summary: msg,
    }
}

fn solve_generic(
    cube: &CubieCube,
    metric: Metric,
    method: Method,
    args: &Args,
) -> Result<Solved, CliError> {
    let pocket_cube = args.size == 2;
    let problem = CubeProblem::new(*cube, metric, pocket_cube);
    let limits = args.limits.limits();
    let outcome = match method {
        Method::Bfs => Runner::new(&problem).limits(limits).run(Algorithm::Bfs),
        _ if pocket_cube => {
            let h = PocketHeuristic::new(metric);
            let estimate = |s: &CubeState| f64::from(h.estimate(&s.cube));
            Runner::new(&problem)
                .heuristic(estimate)
                .limits(limits)
                .run(Algorithm::IdaStar)
        }
        _ => {
            let tables = match load_optimal(args)? {
                Ok(t) => t,
                Err(stopped) => return Ok(stopped),
            };
            let estimate = |s: &CubeState| f64::from(tables.estimate(&s.cube));
            Runner::new(&problem)
                .heuristic(estimate)
                .limits(limits)
                .run(Algorithm::IdaStar)
        }
    };
    let solution = outcome
        .path
        .as_ref()
        .map(|p| p.actions().copied().collect::<Vec<Move>>());
    Ok(Solved {
        summary: tr!(
            "cube-summary-generic",
            bfs = if method == Method::Bfs { "yes" } else { "no" },
            stats = crate::common::stats_line(&outcome.stats)
        ),
        solution,
        // Each move costs 1 in the search, so BFS and IDA* are optimal in the metric.
        optimal: true,
        reason: outcome.reason,
        stats: crate::common::stats_json(&outcome.stats),
    })
}

/// Terminal colours (256-colour palette) of the faces: the usual scheme, white up and
/// green in front.
fn ansi(face: Face) -> u8 {
    match face {
        Face::U => 231,
        Face::R => 196,
        Face::F => 34,
        Face::D => 226,
        Face::L => 208,
        Face::B => 27,
    }
}

/// The net as (row, column, face) cells: U above F, then L F R B, then D below F.
fn net_cells(cube: &CubieCube, pocket_cube: bool) -> Vec<(usize, usize, Face)> {
    let faces = facelets::to_faces(cube);
    let n = if pocket_cube { 2 } else { 3 };
    // Where each face's top-left sticker goes, in stickers.
    let origin = |f: Face| match f {
        Face::U => (0, n),
        Face::L => (n, 0),
        Face::F => (n, n),
        Face::R => (n, 2 * n),
        Face::B => (n, 3 * n),
        Face::D => (2 * n, n),
    };
    let mut cells = Vec::new();
    for f in Face::ALL {
        let (r0, c0) = origin(f);
        for r in 0..n {
            for c in 0..n {
                // On the 2x2x2 the stickers are the 3x3x3's corner facelets.
                let k = if pocket_cube {
                    r * 6 + c * 2
                } else {
                    r * 3 + c
                };
                cells.push((r0 + r, c0 + c, faces[f as usize * 9 + k]));
            }
        }
    }
    cells
}

/// The net as text: face letters, on coloured backgrounds when `colour`.
fn net(cube: &CubieCube, pocket_cube: bool, colour: bool) -> String {
    let n = if pocket_cube { 2 } else { 3 };
    let mut grid = vec![vec![None; 4 * n]; 3 * n];
    for (r, c, f) in net_cells(cube, pocket_cube) {
        grid[r][c] = Some(f);
    }
    let mut out = String::new();
    for row in grid {
        let mut line = String::from("  ");
        for (c, cell) in row.iter().enumerate() {
            if c > 0 && c % n == 0 {
                line.push(' ');
            }
            match cell {
                Some(f) if colour => line.push_str(&format!(
                    "\x1b[48;5;{}m\x1b[38;5;16m {} \x1b[0m",
                    ansi(*f),
                    f.letter()
                )),
                Some(f) => line.push_str(&format!(" {} ", f.letter())),
                None => line.push_str("   "),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The net as an SVG file.
fn svg(cube: &CubieCube, pocket_cube: bool) -> String {
    let mut s = net_picture(cube, pocket_cube).to_element();
    s.push('\n');
    s
}

/// `--html FILE`: the cube before the solution and after each of its moves.
fn html_page(
    path: &Path,
    cube: &CubieCube,
    pocket_cube: bool,
    solution: &[Move],
    how: &str,
) -> Result<(), CliError> {
    let mut state = *cube;
    let frame = |c: &CubieCube, caption: String| {
        resolu_view::Frame::new(
            net_picture(c, pocket_cube),
            caption,
            facelets_of(c, pocket_cube),
        )
    };
    let labels = crate::html::labels();
    let l = &labels;
    let mut frames = vec![frame(&state, l.start.into())];
    // The terminal's French says "mouvements" for a cube's turns.
    let move_word = l.say("Move", "Mouvement");
    for (i, &m) in solution.iter().enumerate() {
        state = state.apply_all(&[m]);
        frames.push(frame(
            &state,
            format!("{move_word} {}{} {m}", i + 1, l.colon()),
        ));
    }
    let kind = if pocket_cube { "2x2x2" } else { "3x3x3" };
    let (count, moves) = (solution.len(), format_moves(solution));
    let intro = if l.is_french() {
        format!("Le cube {kind}, résolu par {how} en {count} mouvements : {moves}.")
    } else {
        format!("The {kind} cube, solved by {how} in {count} moves: {moves}.")
    };
    let page = resolu_view::Page::new("resolu cube").intro(intro).section(
        resolu_view::Section::frames(l.say("The moves", "Les mouvements"), frames)
            .counters([(l.say("moves", "mouvements"), count)]),
    );
    crate::html::write_page(path, &page)
}

/// The net as a picture (drawn by the view crate): a square per facelet, each face a block
/// of the cross.
fn net_picture(cube: &CubieCube, pocket_cube: bool) -> resolu_view::Svg {
    let n = if pocket_cube { 2 } else { 3 };
    let cells: Vec<(usize, usize, char)> = net_cells(cube, pocket_cube)
        .into_iter()
        .map(|(r, c, f)| (r, c, f.letter()))
        .collect();
    resolu_view::draw::cube_net(n, &cells)
}

/// The demo: a 2x2x2 scramble solved optimally by table lookup (no large table is built).
pub fn demo(io: &mut Io) -> CmdResult {
    let args = Args {
        moves: Some("R U F' R2 U' F".to_string()),
        facelets: None,
        scramble: None,
        random: false,
        seed: 0,
        size: 2,
        metric: "htm".to_string(),
        method: None,
        census: false,
        max_length: 22,
        svg: None,
        color: "never".to_string(),
        cache_dir: None,
        html: Default::default(),
        limits: LimitArgs::default(),
        format: Format::Text,
    };
    run(args, io)
}
