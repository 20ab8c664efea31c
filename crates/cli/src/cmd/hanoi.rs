//! `resolu hanoi`: the Towers of Hanoi, by the course's expert system (a rule base run by
//! forward chaining), by the optimal algorithms, or by search.

use crate::common::{
    CliError, CmdResult, Exit, ExpansionTrace, Format, Io, LimitArgs, algorithm_named, bad_input,
    search_json, search_stop_text, stats_line, write_json,
};
use clap::Args as ClapArgs;
use resolu_puzzles::hanoi::{DisksOffGoal, Hanoi, HanoiMove, OptimalMoves, Pegs, frame_stewart};
use resolu_search::{Algorithm, Runner};
use resolu_view::record::Both;

mod expert;

/// The course's four rules (3 pegs).
pub const COURSE_RULES: &str = include_str!("../../../../examples/rules/hanoi.rules");
/// The course's rules generalised to moves between neighbouring pegs (any number of pegs).
pub const NEIGHBOUR_RULES: &str = include_str!("../../../../examples/rules/hanoi-neighbours.rules");
/// An optimal rule base for 3 pegs (the last disk moved and the parity of n).
pub const OPTIMAL_RULES: &str = include_str!("../../../../examples/rules/hanoi-optimal.rules");

/// The rule bases built into the binary, by the names `--rules` accepts.
const BUILT_IN: [(&str, &str, &str); 3] = [
    ("course", "examples/rules/hanoi.rules", COURSE_RULES),
    (
        "neighbours",
        "examples/rules/hanoi-neighbours.rules",
        NEIGHBOUR_RULES,
    ),
    (
        "optimal",
        "examples/rules/hanoi-optimal.rules",
        OPTIMAL_RULES,
    ),
];

/// Most moves that `--method optimal` lists (20 disks on 3 pegs).
const MAX_LISTED_MOVES: u64 = (1 << 20) - 1;

/// Flags of `resolu hanoi`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu hanoi                                  the course's expert system: 26 moves
  resolu hanoi --disks 4 --compact              80 moves, one line each
  resolu hanoi --rules optimal --disks 5        rules that look at the last disk moved: 31
  resolu hanoi --pegs 4                         the course's rules on 4 pegs (neighbours)
  resolu hanoi --rules examples/rules/hanoi.rules --trace   a rule base file, cycle by cycle
  resolu hanoi --method optimal                 the recursive algorithm: 7 moves
  resolu hanoi --method optimal --pegs 4 --disks 8   Frame–Stewart: 33 moves
  resolu hanoi --method bfs --pegs 4 --disks 6 --format json
  resolu hanoi --method idastar --disks 3 --compact

Methods: rules (the default: a rule base run by forward chaining, see `resolu rules --help`),
optimal (the recursion for 3 pegs, Frame–Stewart for more), or a search algorithm:
random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar (the informed ones with an
admissible heuristic: each disk off the goal peg moves at least once, each disk on it above
a misplaced larger one at least twice).
--method bfs counts all P^N situations (2 bits each; JSON adds counts and eccentricity); with
--max-nodes or --timeout it runs the generic breadth-first search instead.
Pegs are numbered from 0; the disks start on peg 0 and go to the last peg. JSON: `length`,
`moves` as [from, to] pairs, `optimum` (2^n - 1, or Frame–Stewart's number).

Rule bases: --rules takes a file or a built-in name: course (examples/rules/hanoi.rules, the
default on 3 pegs), neighbours (examples/rules/hanoi-neighbours.rules, the default on more
pegs), optimal (examples/rules/hanoi-optimal.rules). A situation is a list of pegs, each the
list of its disks bottom first, as the pegs are drawn: [[3,2,1],[],[]]. --disks and --pegs
replace the file's facts state(S), seen(S) and target(T) by the start situation (twice) and
the goal one; the other facts stay. Without a goal in the file, the goal is
`state(S), target(S)`. Every move the rules make is checked; exit 1 if the rule base gets
stuck, 3 at --max-cycles, --timeout or --max-memory (honoured inside matching and Prolog
conditions too).")]
pub struct Args {
    /// How to solve: rules, optimal, or a search algorithm (bfs, astar, idastar, ...).
    #[arg(long, default_value = "rules", value_name = "METHOD")]
    pub method: String,
    /// The rule base of --method rules: a file, or course, neighbours, optimal
    /// [default: course on 3 pegs, neighbours on more].
    #[arg(long, value_name = "FILE")]
    pub rules: Option<String>,
    /// Conflict resolution of the rules: priority, order, recency, specificity.
    #[arg(long, default_value = "priority", value_name = "NAME")]
    pub strategy: String,
    /// Stop the rules after this many cycles (exit code 3).
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub max_cycles: u64,
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
    /// Depth limit of --method dfs (number of moves).
    #[arg(long, value_name = "D")]
    pub depth_limit: Option<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print each cycle of the rules (conflict set, rule fired, facts added and removed),
    /// or each expansion of a search with f, g and h.
    #[arg(long)]
    pub trace: bool,
    /// One line per move instead of a picture of the pegs.
    #[arg(long)]
    pub compact: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub html: crate::html::HtmlArg,
}

/// Runs `resolu hanoi`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let hanoi = Hanoi::new(args.disks, args.pegs).map_err(|e| bad_input(e.to_string()))?;
    let method = if args.rules.is_some() {
        "rules".to_string()
    } else {
        args.method.to_ascii_lowercase()
    };
    match method.as_str() {
        "rules" | "expert" | "regles" => expert::rules(&hanoi, &args, io),
        "optimal" | "recursive" | "frame-stewart" => optimal(&hanoi, &args, io),
        // The exhaustive search stops only at its memory budget; with a node or time limit
        // the generic breadth-first search runs instead.
        "bfs" | "largeur"
            if args.limits.node_limit().is_none() && args.limits.timeout.is_none() =>
        {
            bfs(&hanoi, &args, io)
        }
        name => {
            let Some(algorithm) = algorithm_named(name, args.weight)? else {
                return Err(bad_input(crate::tr!(
                    "refusal-hanoi-method",
                    method = &args.method,
                    names = Algorithm::NAMES.join(", ")
                )));
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
        crate::tr!("hanoi-frame-stewart-number", best = best)
    }
}

/// What a text run shows: the pegs after each move, numbered.
struct Replay<'a> {
    hanoi: &'a Hanoi,
    compact: bool,
    state: Pegs,
    count: u64,
    /// The text of the last picture, its buffer reused from move to move.
    text: String,
    /// The ground line and peg numbers of every picture, drawn once.
    footer: String,
    /// Whether each title ends with the course's situation number (the rules method).
    numbered: bool,
}

impl<'a> Replay<'a> {
    fn new(hanoi: &'a Hanoi, compact: bool, io: &mut Io) -> Result<Self, CliError> {
        Self::with_numbers(hanoi, compact, false, io)
    }

    /// A replay whose titles end with the course's situation numbers when `numbered`.
    fn with_numbers(
        hanoi: &'a Hanoi,
        compact: bool,
        numbered: bool,
        io: &mut Io,
    ) -> Result<Self, CliError> {
        let start = resolu_search::Problem::start(hanoi);
        let mut replay = Replay {
            hanoi,
            compact,
            state: start,
            count: 0,
            text: String::new(),
            footer: hanoi.picture_footer(),
            numbered,
        };
        replay.show(&crate::tr!("hanoi-start"), io)?;
        Ok(replay)
    }

    fn show(&mut self, title: &str, io: &mut Io) -> Result<(), CliError> {
        let numbered;
        let title = match self.hanoi.situation_number(self.state) {
            Some(k) if self.numbered => {
                numbered = crate::tr!("hanoi-situation", title = title, number = k);
                &numbered
            }
            _ => title,
        };
        // Pictures of more than 10 disks are too wide for a terminal.
        if self.compact || self.hanoi.disks() > 10 {
            let width = if self.numbered { 72 } else { 40 };
            writeln!(
                io.out,
                "{title:<width$} {}",
                self.hanoi.one_line(self.state)
            )?;
        } else {
            writeln!(io.out, "{title}")?;
            self.hanoi.draw_rows(self.state, &mut self.text);
            self.text.push_str(&self.footer);
            io.out.write_all(self.text.as_bytes())?;
        }
        Ok(())
    }

    fn play(&mut self, m: HanoiMove, io: &mut Io) -> Result<(), CliError> {
        self.play_by(m, None, io)
    }

    /// Plays `m`, naming the rule that made it, if any.
    fn play_by(&mut self, m: HanoiMove, rule: Option<&str>, io: &mut Io) -> Result<(), CliError> {
        self.count += 1;
        self.state = self.hanoi.apply(self.state, m);
        let title = crate::tr!(
            "hanoi-move",
            number = self.count,
            by = rule.map_or_else(String::new, |r| format!(" ({r})")),
            disk = u64::from(m.disk) + 1,
            from = m.from,
            to = m.to
        );
        self.show(&title, io)
    }
}

fn moves_json(moves: impl Iterator<Item = HanoiMove>) -> Vec<serde_json::Value> {
    moves.map(|m| serde_json::json!([m.from, m.to])).collect()
}

/// The first line of the text output (also the intro of the page).
fn header_text(hanoi: &Hanoi, how: &str) -> String {
    crate::tr!(
        "hanoi-header",
        disks = hanoi.disks(),
        pegs = hanoi.pegs(),
        goal = hanoi.goal_peg(),
        how = how
    )
}

fn header(hanoi: &Hanoi, how: &str, io: &mut Io) -> Result<(), CliError> {
    writeln!(io.out, "{}", header_text(hanoi, how))?;
    Ok(())
}

/// `--method optimal`: the recursion for 3 pegs, Frame–Stewart for more.
fn optimal(hanoi: &Hanoi, args: &Args, io: &mut Io) -> CmdResult {
    let best = frame_stewart(hanoi.disks(), hanoi.pegs());
    if best > MAX_LISTED_MOVES {
        return Err(bad_input(crate::tr!(
            "refusal-hanoi-too-many",
            disks = hanoi.disks().to_string(),
            pegs = hanoi.pegs().to_string(),
            best = best.to_string(),
            max = MAX_LISTED_MOVES.to_string()
        )));
    }
    let how = if hanoi.pegs() == 3 {
        crate::tr!("hanoi-by-recursion")
    } else {
        crate::tr!("hanoi-by-frame-stewart")
    };
    crate::html::write_if(&args.html.html, || {
        let moves: Vec<HanoiMove> = OptimalMoves::new(hanoi).collect();
        resolu_view::pages::hanoi::moves_page(
            hanoi,
            &moves,
            resolu_view::pages::hanoi::HanoiHow::Plain,
            &header_text(hanoi, &how),
            &crate::html::labels(),
        )
    })?;
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
    header(hanoi, &how, io)?;
    let mut replay = Replay::new(hanoi, args.compact, io)?;
    for m in OptimalMoves::new(hanoi) {
        replay.play(m, io)?;
    }
    writeln!(
        io.out,
        "{}",
        crate::tr!(
            "hanoi-optimal-solved",
            count = replay.count,
            optimum = optimum_text(hanoi)
        )
    )?;
    Ok(Exit::Success)
}

/// `--method ALGO`: a search of the situation graph.
fn search(hanoi: &Hanoi, algorithm: Algorithm, args: &Args, io: &mut Io) -> CmdResult {
    let json = args.format == Format::Json;
    let runner = Runner::new(hanoi)
        .heuristic(DisksOffGoal::new(hanoi))
        .limits(args.limits.limits())
        .weight(args.weight)
        .seed(args.seed)
        .depth_limit(args.depth_limit);
    if !json {
        let how = crate::tr!("hanoi-by-search", algorithm = algorithm.to_string());
        header(hanoi, &how, io)?;
    }
    let mut recorder = args.html.html.as_ref().map(|_| {
        resolu_view::pages::hanoi::hanoi_recorder(hanoi, algorithm).labels(crate::html::labels())
    });
    let trace = args.trace && !json;
    if trace {
        writeln!(
            io.out,
            "{}",
            crate::tr!("trace-of", algorithm = algorithm.to_string())
        )?;
    }
    let show = |s: &Pegs| hanoi.one_line(*s);
    let outcome = match (trace, recorder.as_mut()) {
        (true, Some(recorder)) => {
            let trace = ExpansionTrace::new(&mut *io.out, show, algorithm, args.weight);
            runner.observer(Both(trace, recorder)).run(algorithm)
        }
        (true, None) => {
            let trace = ExpansionTrace::new(&mut *io.out, show, algorithm, args.weight);
            runner.observer(trace).run(algorithm)
        }
        (false, Some(recorder)) => runner.observer(recorder).run(algorithm),
        (false, None) => {
            let mut runner = runner;
            runner.run(algorithm)
        }
    };
    let moves: Vec<HanoiMove> = outcome
        .path
        .as_ref()
        .map_or_else(Vec::new, |p| p.actions().copied().collect());
    if let (Some(path), Some(recorder)) = (&args.html.html, recorder) {
        let run = resolu_view::pages::Recorded {
            recorder,
            outcome: outcome.clone(),
        };
        crate::html::write_page(path, &resolu_view::pages::hanoi::search_page(hanoi, run))?;
    }
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
        writeln!(
            io.out,
            "{}",
            crate::tr!(
                "hanoi-search-solved",
                algorithm = algorithm.to_string(),
                count = moves.len(),
                optimal = if algorithm.is_optimal() { "yes" } else { "no" },
                optimum = optimum_text(hanoi)
            )
        )?;
    } else {
        writeln!(
            io.out,
            "{algorithm}: {}",
            search_stop_text(outcome.reason, args.depth_limit)
        )?;
    }
    writeln!(io.out, "{}", stats_line(&outcome.stats))?;
    Ok(Exit::from_reason(outcome.reason))
}

/// `resolu demo`: the course's expert system on 3 disks, one line per move.
pub fn demo(io: &mut Io) -> CmdResult {
    let args = Args {
        method: "rules".into(),
        rules: None,
        strategy: "priority".into(),
        max_cycles: 100_000,
        disks: 3,
        pegs: 3,
        weight: 2.0,
        seed: 0,
        depth_limit: None,
        limits: LimitArgs::default(),
        trace: false,
        compact: true,
        format: Format::Text,
        html: Default::default(),
    };
    run(args, io)
}

/// `--method bfs`: an exhaustive breadth-first search over all P^N situations, numbered in
/// base P, 2 bits each (see `resolu_search::numbered`): the number of situations at each
/// distance from the start, and the distance of the goal, checked against Frame–Stewart's
/// solution (whose moves are shown).
fn bfs(hanoi: &Hanoi, args: &Args, io: &mut Io) -> CmdResult {
    use resolu_search::numbered::{LayerDone, NumberedBfs, Ranked};
    let json = args.format == Format::Json;
    let limits = args.limits.limits();
    let count = Ranked::state_count(hanoi);
    let start = hanoi.rank(&resolu_search::Problem::start(hanoi));
    let goal = hanoi.rank(&hanoi.all_on(hanoi.goal_peg()));
    let bar = indicatif::ProgressBar::new(count);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "bfs: depth {msg} {bar:30} {pos}/{len} situations, {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let observer = |l: LayerDone| {
        bar.set_position(l.reached);
        bar.set_message(l.depth.to_string());
    };
    let started = std::time::Instant::now();
    let numbered = resolu_puzzles::hanoi::NumberedHanoi(hanoi);
    let report = NumberedBfs::new(&numbered)
        .max_memory_bytes(limits.max_memory_bytes)
        .target(goal)
        .observer(&observer)
        .monitor(&crate::progress::MONITOR)
        .run(&[start]);
    bar.finish_and_clear();
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            let reason = e.stop_reason().unwrap_or("memory-limit");
            if json {
                write_json(
                    io.out,
                    &serde_json::json!({"method": "bfs", "disks": hanoi.disks(), "pegs": hanoi.pegs(),
                        "solved": false, "length": null, "moves": [], "reason": reason, "error": e.to_string()}),
                )?;
            } else {
                writeln!(io.out, "{}", crate::tr!("stopped", reason = e.to_string()))?;
            }
            return Ok(Exit::Limit);
        }
    };
    // The table keeps 2 bits a situation (reached or not), not the depths, so it cannot
    // give the path back; the moves shown are Frame–Stewart's, replayed and checked to be
    // as short as the distance the search measured.
    let length = u64::from(report.target_depth.unwrap_or(0));
    let moves: Vec<HanoiMove> = OptimalMoves::new(hanoi).collect();
    if moves.len() as u64 != length || hanoi.replay(&moves) != Ok(hanoi.all_on(hanoi.goal_peg())) {
        return Err(bad_input(crate::tr!(
            "refusal-hanoi-mismatch",
            length = length.to_string(),
            moves = moves.len().to_string()
        )));
    }
    let elapsed = started.elapsed();
    if json {
        write_json(
            io.out,
            &serde_json::json!({
                "method": "bfs",
                "disks": hanoi.disks(),
                "pegs": hanoi.pegs(),
                "solved": true,
                "length": moves.len(),
                "cost": moves.len(),
                "optimum": frame_stewart(hanoi.disks(), hanoi.pegs()),
                "moves": moves_json(moves.iter().copied()),
                "states": report.reached(),
                "eccentricity": report.eccentricity(),
                "counts": report.counts,
                "stats": {"expanded": report.reached(), "stored": report.reached(),
                          "table_bytes": count.div_ceil(4), "elapsed_ms": elapsed.as_millis() as u64},
                "reason": null,
            }),
        )?;
        return Ok(Exit::Success);
    }
    header(hanoi, &crate::tr!("hanoi-by-bfs"), io)?;
    let mut replay = Replay::new(hanoi, true, io)?;
    for &m in &moves {
        replay.play(m, io)?;
    }
    let distance = crate::tr!(
        "hanoi-bfs-distance",
        count = moves.len(),
        optimum = optimum_text(hanoi)
    );
    writeln!(io.out, "{distance}")?;
    let counts = report.counts.iter().map(ToString::to_string);
    let reached = crate::tr!(
        "hanoi-bfs-reached",
        reached = report.reached(),
        farthest = report.eccentricity() as u64,
        counts = counts.collect::<Vec<_>>().join(" ")
    );
    writeln!(io.out, "{reached}")?;
    let table = crate::tr!(
        "hanoi-bfs-table",
        bytes = count.div_ceil(4),
        seconds = format!("{:.2}", elapsed.as_secs_f64())
    );
    writeln!(io.out, "{table}")?;
    Ok(Exit::Success)
}
