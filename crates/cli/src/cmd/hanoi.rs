//! `resolu hanoi`: the Towers of Hanoi, by the optimal algorithms or by search.

use crate::common::{
    CmdResult, Exit, ExpansionTrace, Format, Io, LimitArgs, bad_input, reason_text, search_json,
    stats_line, write_json,
};
use clap::Args as ClapArgs;
use resolu_puzzles::hanoi::{DisksOffGoal, Hanoi, HanoiMove, OptimalMoves, Pegs, frame_stewart};
use resolu_search::{Algorithm, Runner};

/// Most moves that `--method optimal` lists (20 disks on 3 pegs).
const MAX_LISTED_MOVES: u64 = (1 << 20) - 1;

/// Flags of `resolu hanoi`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu hanoi --method optimal                 the recursive algorithm: 7 moves
  resolu hanoi --method optimal --pegs 4 --disks 8   Frame–Stewart: 33 moves
  resolu hanoi --method bfs --pegs 4 --disks 6 --format json
  resolu hanoi --method idastar --disks 3 --compact

Methods: optimal (the recursion for 3 pegs, Frame–Stewart for more), or a search algorithm:
random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar (the informed ones with an
admissible heuristic: each disk off the goal peg moves at least once, each disk on it above
a misplaced larger one at least twice).
Pegs are numbered from 0; the disks start on peg 0 and go to the last peg. JSON: `length`,
`moves` as [from, to] pairs, `optimum` (2^n - 1, or Frame–Stewart's number).")]
pub struct Args {
    /// How to solve: optimal, or a search algorithm (bfs, astar, idastar, ...).
    #[arg(long, default_value = "optimal", value_name = "METHOD")]
    pub method: String,
    /// Number of disks.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub disks: usize,
    /// Number of pegs (3 to 8).
    #[arg(long, default_value_t = 3, value_name = "P")]
    pub pegs: usize,
    /// Weight w of weighted A* (f = g + w·h).
    #[arg(long, default_value_t = 2.0, value_name = "W")]
    pub weight: f64,
    /// Seed of the random search.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print each expansion of a search with f, g and h.
    #[arg(long)]
    pub trace: bool,
    /// One line per move instead of a picture of the pegs.
    #[arg(long)]
    pub compact: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs `resolu hanoi`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let hanoi = Hanoi::new(args.disks, args.pegs).map_err(bad_input)?;
    match args.method.to_ascii_lowercase().as_str() {
        "optimal" | "recursive" | "frame-stewart" => optimal(&hanoi, &args, io),
        name => {
            let algorithm = match name.parse::<Algorithm>() {
                Ok(Algorithm::WeightedAstar(_)) => {
                    if !(args.weight.is_finite() && args.weight >= 1.0) {
                        return Err(bad_input(format!(
                            "--weight must be a number >= 1, got {}",
                            args.weight
                        )));
                    }
                    Algorithm::WeightedAstar(args.weight)
                }
                Ok(a) => a,
                Err(_) => {
                    return Err(bad_input(format!(
                        "unknown method '{}' (expected optimal, or a search algorithm: {})",
                        args.method,
                        Algorithm::NAMES.join(", ")
                    )));
                }
            };
            search(&hanoi, algorithm, &args, io)
        }
    }
}

/// The optimum for the puzzle, with how it is known.
fn optimum_text(hanoi: &Hanoi) -> String {
    let n = hanoi.disks();
    let best = frame_stewart(n, hanoi.pegs());
    if hanoi.pegs() == 3 {
        format!("2^{n} - 1 = {best}")
    } else {
        format!("{best}, the Frame–Stewart number")
    }
}

/// What a text run shows: the pegs after each move, numbered.
struct Replay<'a> {
    hanoi: &'a Hanoi,
    compact: bool,
    state: Pegs,
    count: u64,
}

impl<'a> Replay<'a> {
    fn new(hanoi: &'a Hanoi, compact: bool, io: &mut Io) -> Result<Self, crate::common::CliError> {
        let replay = Replay {
            hanoi,
            compact,
            state: resolu_search::Problem::start(hanoi),
            count: 0,
        };
        replay.show("Start", io)?;
        Ok(replay)
    }

    fn show(&self, title: &str, io: &mut Io) -> Result<(), crate::common::CliError> {
        // Pictures of more than 10 disks are too wide for a terminal.
        if self.compact || self.hanoi.disks() > 10 {
            writeln!(io.out, "{title:<40} {}", self.hanoi.one_line(self.state))?;
        } else {
            writeln!(io.out, "{title}")?;
            write!(io.out, "{}", self.hanoi.picture(self.state))?;
        }
        Ok(())
    }

    fn play(&mut self, m: HanoiMove, io: &mut Io) -> Result<(), crate::common::CliError> {
        self.count += 1;
        self.state = self.hanoi.apply(self.state, m);
        self.show(&format!("Move {}: {m}", self.count), io)
    }
}

fn moves_json(moves: impl Iterator<Item = HanoiMove>) -> Vec<serde_json::Value> {
    moves.map(|m| serde_json::json!([m.from, m.to])).collect()
}

fn header(hanoi: &Hanoi, how: &str, io: &mut Io) -> Result<(), crate::common::CliError> {
    writeln!(
        io.out,
        "Towers of Hanoi: {} disks on {} pegs, from peg 0 to peg {}, by {how}.",
        hanoi.disks(),
        hanoi.pegs(),
        hanoi.goal_peg()
    )?;
    Ok(())
}

/// `--method optimal`: the recursion for 3 pegs, Frame–Stewart for more.
fn optimal(hanoi: &Hanoi, args: &Args, io: &mut Io) -> CmdResult {
    let best = frame_stewart(hanoi.disks(), hanoi.pegs());
    if best > MAX_LISTED_MOVES {
        return Err(bad_input(format!(
            "{} disks on {} pegs take {best} moves; --method optimal lists at most {MAX_LISTED_MOVES}",
            hanoi.disks(),
            hanoi.pegs()
        )));
    }
    if args.format == Format::Json {
        let moves = moves_json(OptimalMoves::new(hanoi));
        write_json(
            io.out,
            &serde_json::json!({
                "method": "optimal",
                "disks": hanoi.disks(),
                "pegs": hanoi.pegs(),
                "solved": true,
                "length": moves.len(),
                "optimum": best,
                "moves": moves,
                "reason": null,
            }),
        )?;
        return Ok(Exit::Success);
    }
    let how = if hanoi.pegs() == 3 {
        "the recursive algorithm (n - 1 disks aside, the largest across, n - 1 on top)"
    } else {
        "Frame–Stewart (k disks aside with every peg, the others with one peg fewer, k on top)"
    };
    header(hanoi, how, io)?;
    let mut replay = Replay::new(hanoi, args.compact, io)?;
    for m in OptimalMoves::new(hanoi) {
        replay.play(m, io)?;
    }
    writeln!(
        io.out,
        "Solved in {} moves (optimal: {}).",
        replay.count,
        optimum_text(hanoi)
    )?;
    Ok(Exit::Success)
}

/// `--method ALGO`: a search of the situation graph.
fn search(hanoi: &Hanoi, algorithm: Algorithm, args: &Args, io: &mut Io) -> CmdResult {
    let json = args.format == Format::Json;
    let runner = Runner::new(hanoi)
        .heuristic(DisksOffGoal::new(hanoi))
        .limits(args.limits.limits())
        .seed(args.seed);
    if !json {
        header(hanoi, &format!("search ({algorithm})"), io)?;
    }
    let outcome = if args.trace && !json {
        writeln!(io.out, "Trace of {algorithm}:")?;
        let show = |s: &Pegs| hanoi.one_line(*s);
        runner
            .observer(ExpansionTrace::new(&mut *io.out, show))
            .run(algorithm)
    } else {
        let mut runner = runner;
        runner.run(algorithm)
    };
    let moves: Vec<HanoiMove> = outcome
        .path
        .as_ref()
        .map_or_else(Vec::new, |p| p.actions().copied().collect());
    if json {
        let mut value = search_json(&outcome, moves_json(moves.iter().copied()));
        if let serde_json::Value::Object(map) = &mut value {
            map.insert("method".into(), algorithm.name().into());
            map.insert("disks".into(), hanoi.disks().into());
            map.insert("pegs".into(), hanoi.pegs().into());
            map.insert(
                "optimum".into(),
                frame_stewart(hanoi.disks(), hanoi.pegs()).into(),
            );
        }
        write_json(io.out, &value)?;
        return Ok(Exit::from_reason(outcome.reason));
    }
    if outcome.is_solved() {
        let mut replay = Replay::new(hanoi, args.compact, io)?;
        for &m in &moves {
            replay.play(m, io)?;
        }
        let note = if algorithm.is_optimal() {
            " (optimal)"
        } else {
            ""
        };
        writeln!(
            io.out,
            "Solved by {algorithm} in {} moves{note}; the optimum is {}.",
            moves.len(),
            optimum_text(hanoi)
        )?;
    } else {
        writeln!(io.out, "{algorithm}: {}", reason_text(outcome.reason))?;
    }
    writeln!(io.out, "{}", stats_line(&outcome.stats))?;
    Ok(Exit::from_reason(outcome.reason))
}
