//! `resolu taquin`: the sliding-tile puzzle.

use crate::common::{
    AlgoArgs, CliError, CmdResult, Exit, ExpansionTrace, Format, Io, LimitArgs, bad_input,
    read_file, search_json, search_stop_text, stats_line, unsolvable_json, write_json,
};
use clap::Args as ClapArgs;
use resolu_puzzles::sliding::heuristics::{HeuristicName, TileHeuristic};
use resolu_puzzles::sliding::pdb::PatternDatabase;
use resolu_puzzles::sliding::{Goal, Grid, Move, SlidingPuzzle, SolveSettings};
use resolu_search::{Algorithm, Outcome};
use resolu_view::pages::Recorded;
use resolu_view::record::{Both, SearchRecorder};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// With `--html`: the recorder of the command's own search, and its outcome once run.
type Recording<'p> = Option<Recorder<'p>>;

/// The recorder of a search and its outcome once run.
type Recorder<'p> = (
    SearchRecorder<'p, Vec<u8>, Move>,
    Option<Outcome<Vec<u8>, Move>>,
);

/// The course's instance: 5 moves from the spiral goal.
pub const COURSE_START: &str = "b h c / a f d / g _ e";

/// Flags of `resolu taquin`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu taquin                                   the course's instance, A* and Manhattan
  resolu taquin --start 'a b c / g _ d / h f e'   no solution exists (exit 1), said at once
  resolu taquin --start 'bhc/afd/g_e' --heuristic misplaced --trace
  resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar
  resolu taquin --start '1 2/_ 3' --goal standard --format json
  resolu taquin --start '[2, 8, 3, 1, 6, 4, 7, 0, 5]'   the notebook's list (9 cells: 3x3)
  resolu taquin --start '[[b,h,c],[a,f,d],[g,vide,e]]' --algo aetoile --heuristic h1
  resolu taquin --moves-as blank --lang fr         moves as the blank's directions (haut, bas...)
  resolu taquin --start 'a b c / g _ d / h f e' --search-anyway   A* explores all 181,440 boards
  resolu taquin --batch examples/boards.txt --heuristic linear-conflict
  resolu taquin --batch examples/boards.txt --algo idastar --threads 2   boards on 2 cores
  resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar --threads 0
  resolu taquin --census --size 2x5 --format json      boards at each distance from the goal
  resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar --heuristic pdb:5-5-5

Boards: rows separated by '/' or new lines, cells by spaces (a row of one-character tiles may
be written without spaces); tiles are numbers or letters; the blank is 0, _, '.' or vide.
The labs' forms too: [2, 8, 3, 1, 6, 4, 7, 0, 5] or 2 8 3 1 6 4 7 0 5 (9 cells: 3x3, 16: 4x4)
and [[b,h,c],[a,f,d],[g,vide,e]].
Names: h1 = misplaced (the blank not counted), h2 = manhattan; French algorithm names
(aleatoire, profondeur, profondeur-iterative, largeur, cout-uniforme, glouton, aetoile,
aetoile-ponderee, idaetoile) and heuristics (mal-places, conflits-lineaires).
Goals: 'standard' (ascending, blank last), 'snail' (ascending along a clockwise spiral from
the top-left corner), or a board. Default: snail on 3x3, standard otherwise.

Pattern databases: --heuristic pdb takes the best for the size (the exact distance table up
to 10 cells, 7-8 on 4x4, 6-6-6-6 on 5x5), pdb:7-8, pdb:6-6-3, pdb:5-5-5, pdb:6-6-6-6 or any
partition (pdb:4-4, pdb:1,2,3/4,5,6,7,8); the board mirrored about the diagonal is looked up
too when the goal allows. Tables are read from --pdb-dir (default
$XDG_CACHE_HOME/resolu/pdb or ~/.cache/resolu/pdb), built on first use with a progress bar
(see `resolu pdb --help`).
--census counts the boards at each distance from the goal by an exhaustive breadth-first
search, 2 bits a board (3x3: 181,440; 3x4: 239,500,800 in 120 MB); JSON {states, diameter,
counts}.")]
pub struct Args {
    /// The start board.
    #[arg(long, value_name = "BOARD", conflicts_with_all = ["file", "batch"])]
    pub start: Option<String>,
    /// Read the start board from a file.
    #[arg(long, value_name = "FILE", conflicts_with = "batch")]
    pub file: Option<PathBuf>,
    /// The goal: standard, snail, or a board [default: snail on 3x3, standard otherwise].
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,
    /// Heuristic: misplaced (h1), manhattan (h2), linear-conflict, pdb, pdb:PARTITION (or
    /// zero); in French: mal-places, manhattan, conflits-lineaires.
    #[arg(long, default_value = "manhattan", value_name = "NAME")]
    pub heuristic: String,
    /// The directory of the pattern databases [default: $XDG_CACHE_HOME/resolu/pdb or
    /// ~/.cache/resolu/pdb].
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<PathBuf>,
    /// Count the boards at each distance from the goal (the whole state space) instead of
    /// solving.
    #[arg(long, conflicts_with_all = ["start", "file", "batch"])]
    pub census: bool,
    /// Board size of --census: N or ROWSxCOLS [default: the goal's, else 3x3].
    #[arg(long, value_name = "SIZE", requires = "census")]
    pub size: Option<String>,
    #[command(flatten)]
    pub algo: AlgoArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print each expansion with f, g and h.
    #[arg(long)]
    pub trace: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Solve every board of FILE (one per line, '#' comments); JSON Lines out, one object
    /// per board in input order; the exit code is the worst of the boards'.
    #[arg(long, value_name = "FILE")]
    pub batch: Option<PathBuf>,
    /// Threads: IDA* splits one board's tree over them, --batch solves that many boards at
    /// once (results still in input order); 0 = every core. Capped at the cores available.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub threads: usize,
    #[command(flatten)]
    pub html: crate::html::SearchHtml,
    /// How moves are named: tiles (the tile that slides) or blank (the blank's direction,
    /// as the labs name them: up/down/left/right, haut/bas/gauche/droite with --lang fr).
    #[arg(long, value_enum, default_value_t = MovesAs::Tiles, value_name = "HOW")]
    pub moves_as: MovesAs,
    /// Search even when the parity says that no solution exists: the search then explores
    /// every reachable board (181,440 on 3x3) and says so.
    #[arg(long)]
    pub search_anyway: bool,
}

/// How `--moves-as` names a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum MovesAs {
    /// The tile that slides into the blank (the course's "coup").
    #[default]
    Tiles,
    /// The direction the blank goes (the labs' naming).
    Blank,
}

/// The direction the blank goes in `m`, in `lang`.
fn blank_direction(puzzle: &SlidingPuzzle, m: &Move, lang: crate::lang::Lang) -> &'static str {
    let (from, to, cols) = (usize::from(m.from), usize::from(m.to), puzzle.cols());
    // The blank moves from `to` (its cell before the move) to `from` (the tile's).
    if from + cols == to {
        lang.pick("haut", "up")
    } else if from == to + cols {
        lang.pick("bas", "down")
    } else if from + 1 == to {
        lang.pick("gauche", "left")
    } else {
        lang.pick("droite", "right")
    }
}

/// The blank's directions along a solution, in English (JSON's `blank_moves`).
fn blank_moves_json(
    puzzle: &SlidingPuzzle,
    outcome: &Outcome<Vec<u8>, Move>,
) -> Vec<serde_json::Value> {
    outcome.path.as_ref().map_or_else(Vec::new, |p| {
        p.actions()
            .map(|m| blank_direction(puzzle, m, crate::lang::Lang::En).into())
            .collect()
    })
}

/// h of the start and of the goal under `heuristic` (lab 001 tests both heuristics on
/// both); the goal's is 0 for every admissible heuristic.
fn h_start_and_goal(
    puzzle: &SlidingPuzzle,
    heuristic: HeuristicName,
    pdb: Option<&PatternDatabase>,
) -> (f64, f64) {
    use resolu_search::Heuristic;
    // Pdb's tables are loaded before (`Solver::prepare`): no error left but in principle.
    let Ok(h) = TileHeuristic::new(heuristic, puzzle, pdb) else {
        return (f64::NAN, f64::NAN);
    };
    let at = |tiles: &[u8]| {
        let board = puzzle.board::<Box<[u8]>>(tiles);
        Heuristic::<_, Move>::estimate(&h, &board)
    };
    (at(puzzle.start_tiles()), at(puzzle.goal_tiles()))
}

/// A search's JSON with the labs' additions: the blank's moves and h of the start and goal.
fn taquin_json(
    puzzle: &SlidingPuzzle,
    outcome: &Outcome<Vec<u8>, Move>,
    heuristic: HeuristicName,
    pdb: Option<&PatternDatabase>,
) -> serde_json::Value {
    let mut value = search_json(outcome, moves_json(puzzle, outcome));
    let (h_start, h_goal) = h_start_and_goal(puzzle, heuristic, pdb);
    if let serde_json::Value::Object(map) = &mut value {
        map.insert(
            "blank_moves".into(),
            blank_moves_json(puzzle, outcome).into(),
        );
        map.insert("h_start".into(), h_start.into());
        map.insert("h_goal".into(), h_goal.into());
    }
    value
}

/// Runs `resolu taquin`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    if args.census {
        return census(&args, io);
    }
    let algorithm = args.algo.algorithm()?;
    let heuristic: HeuristicName = if args.heuristic.starts_with("pdb:") {
        HeuristicName::Pdb
    } else {
        args.heuristic.parse().map_err(bad_input)?
    };
    let goal = match &args.goal {
        Some(g) => Goal::parse(g).map_err(|e| {
            bad_input(
                crate::input_errors_fr::board(Some("--goal"), &e)
                    .unwrap_or_else(|| format!("--goal: {e}")),
            )
        })?,
        None => Goal::Default,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = match args.threads {
        // A page records the run the text reports: one thread, so that its every event
        // is the run's.
        _ if args.html.html.is_some() => 1,
        0 => cores,
        n => n.min(cores),
    };
    let solver = Solver {
        algorithm,
        heuristic,
        args: &args,
        threads,
        pdb: OnceLock::new(),
    };
    if let Some(path) = &args.batch {
        return batch(&solver, &read_file(path)?, &goal, io);
    }
    let (text, origin) = match (&args.start, &args.file) {
        (Some(s), _) => (s.clone(), "--start".to_string()),
        (None, Some(path)) => (read_file(path)?, path.display().to_string()),
        (None, None) => (COURSE_START.to_string(), "--start".to_string()),
    };
    let start = Grid::parse(&text).map_err(|e| {
        bad_input(
            crate::input_errors_fr::board(Some(&origin), &e)
                .unwrap_or_else(|| format!("{origin}: {e}")),
        )
    })?;
    let puzzle = SlidingPuzzle::new(&start, goal).map_err(|e| {
        bad_input(crate::input_errors_fr::board(None, &e).unwrap_or_else(|| e.to_string()))
    })?;
    if let Some(exit) = solver.prepare(&puzzle, io)? {
        return Ok(exit);
    }
    let mut recording: Recording = args.html.html.as_ref().map(|_| {
        let recorder =
            resolu_view::pages::search::taquin_recorder(&puzzle, algorithm, args.algo.weight)
                .labels(crate::html::labels());
        (recorder, None)
    });
    let exit = solver.solve_and_report(&puzzle, io, &mut recording)?;
    if let (Some(path), Some(recorded)) = (&args.html.html, recording) {
        write_page(path, &solver, &puzzle, recorded)?;
    }
    Ok(exit)
}

/// `--html FILE`: the page of the command's own search (and of the other algorithms of
/// `--compare`, run for it), or of the parity test when no search ran.
fn write_page(
    path: &std::path::Path,
    solver: &Solver,
    puzzle: &SlidingPuzzle,
    (recorder, outcome): Recorder<'_>,
) -> Result<(), CliError> {
    let label = solver.heuristic_label();
    let Some(outcome) = outcome else {
        let page = resolu_view::pages::search::taquin_unsolvable(puzzle, &label);
        return crate::html::write_page(path, &page);
    };
    let html = &solver.args.html;
    let runs = html.runs(
        &solver.args.algo,
        Recorded { recorder, outcome },
        |algorithm| {
            let mut recorder = resolu_view::pages::search::taquin_recorder(
                puzzle,
                algorithm,
                solver.args.algo.weight,
            )
            .labels(crate::html::labels());
            let settings = SolveSettings {
                algorithm,
                ..solver.settings()
            };
            let outcome = puzzle.solve_observed(&settings, &mut recorder);
            Recorded { recorder, outcome }
        },
    )?;
    let page = resolu_view::pages::search::taquin_page(puzzle, &label, runs);
    crate::html::write_page(path, &page)
}

/// `--census`: the boards at each distance from the goal.
fn census(args: &Args, io: &mut Io) -> CmdResult {
    let goal_text = args.goal.as_deref();
    let size = match (&args.size, goal_text) {
        (Some(s), _) => Some(s.as_str()),
        (None, Some(g))
            if Grid::parse(g).is_ok()
                && !matches!(
                    g.trim(),
                    "standard" | "snail" | "default" | "spiral" | "escargot"
                ) =>
        {
            None
        }
        (None, _) => Some("3x3"),
    };
    let mut puzzle = crate::tables::goal_puzzle(size, goal_text)?;
    if args.goal.is_none() && (puzzle.rows(), puzzle.cols()) == (3, 3) {
        // The course's convention: the snail goal on 3x3.
        puzzle = SlidingPuzzle::new(&puzzle.goal_grid(), Goal::Default)
            .map_err(|e| bad_input(e.to_string()))?;
    }
    let max_memory = args
        .limits
        .max_memory
        .map_or_else(crate::common::default_memory_bytes, |mb| mb << 20);
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "census: depth {msg} {bar:30} {pos}/{len}, {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let observer = |l: resolu_search::numbered::LayerDone| {
        bar.set_length(l.total / 2);
        bar.set_position(l.reached);
        bar.set_message(l.depth.to_string());
    };
    let report = resolu_puzzles::sliding::pdb::census(
        &puzzle,
        max_memory,
        Some(&observer),
        Some(&crate::progress::MONITOR),
    );
    bar.finish_and_clear();
    let report = match report {
        Ok(r) => r,
        Err(e) if e.stop_reason().is_some() => {
            if args.format == Format::Json {
                write_json(
                    io.out,
                    &serde_json::json!({"reason": e.stop_reason(), "error": e.to_string()}),
                )?;
            } else {
                writeln!(io.out, "{}", crate::tr!("stopped", reason = e.to_string()))?;
            }
            return Ok(Exit::Limit);
        }
        Err(e) => return Err(bad_input(e)),
    };
    if args.format == Format::Json {
        write_json(
            io.out,
            &serde_json::json!({
                "size": format!("{}x{}", puzzle.rows(), puzzle.cols()),
                "goal": puzzle.goal_grid().one_line(),
                "states": report.reached(),
                "diameter": report.eccentricity(),
                "counts": report.counts,
            }),
        )?;
        return Ok(Exit::Success);
    }
    writeln!(io.out, "{}", crate::tr!("taquin-goal"))?;
    write!(io.out, "{}", puzzle.goal_grid())?;
    writeln!(io.out, "{}", crate::tr!("taquin-census-heading"))?;
    for (d, c) in report.counts.iter().enumerate() {
        writeln!(io.out, "{d:>8}  {c}")?;
    }
    writeln!(
        io.out,
        "{}",
        crate::tr!(
            "taquin-census-summary",
            reached = report.reached(),
            farthest = report.eccentricity() as u64,
            count = report.counts.last().copied().unwrap_or(0)
        )
    )?;
    Ok(Exit::Success)
}

/// An algorithm, a heuristic and the flags, applied to one puzzle.
struct Solver<'a> {
    algorithm: Algorithm,
    heuristic: HeuristicName,
    args: &'a Args,
    /// Threads for one board (IDA*); a batch of several boards gives each board one.
    threads: usize,
    /// The pattern database of `--heuristic pdb...`, loaded by [`Solver::prepare`].
    pdb: OnceLock<Arc<PatternDatabase>>,
}

impl Solver<'_> {
    /// Loads (or builds) the pattern database that `--heuristic pdb...` names for the
    /// puzzle's goal, once per goal; `Some(exit)` when the memory budget refuses it.
    fn prepare(&self, puzzle: &SlidingPuzzle, io: &mut Io) -> Result<Option<Exit>, CliError> {
        if self.heuristic != HeuristicName::Pdb || self.pdb().is_some_and(|db| db.fits(puzzle)) {
            return Ok(None);
        }
        let max_memory = self
            .args
            .limits
            .max_memory
            .map_or_else(crate::common::default_memory_bytes, |mb| mb << 20);
        let mut notes = Vec::new();
        match crate::tables::load(
            puzzle,
            &self.args.heuristic,
            &self.args.pdb_dir,
            max_memory,
            &mut |n| notes.push(n),
        ) {
            Ok(db) => {
                for n in notes {
                    eprintln!("warning: {n}");
                }
                // The boards of a batch share their goal: one database serves them all.
                let _ = self.pdb.set(Arc::new(db));
                Ok(None)
            }
            Err(crate::tables::LoadError::Cli(e)) => Err(e),
            Err(crate::tables::LoadError::Stopped { reason, message: e }) => {
                if self.args.format == Format::Json {
                    write_json(
                        io.out,
                        &serde_json::json!({"solved": false, "reason": reason, "error": e}),
                    )?;
                } else {
                    writeln!(io.out, "{}", crate::tr!("stopped", reason = e.to_string()))?;
                }
                Ok(Some(Exit::Limit))
            }
        }
    }

    /// The pattern database loaded for `--heuristic pdb...`, if any.
    fn pdb(&self) -> Option<&PatternDatabase> {
        self.pdb.get().map(|db| &**db)
    }

    /// The settings of a run, from the flags.
    fn settings(&self) -> SolveSettings {
        SolveSettings {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            limits: self.args.limits.limits(),
            weight: self.args.algo.weight,
            seed: self.args.algo.seed,
            depth_limit: self.args.algo.depth_limit,
            threads: self.threads,
            pdb: self.pdb.get().cloned(),
        }
    }

    /// Searches with the flags' settings (and the trace they ask for), recorded for the
    /// page when `recording` holds a recorder.
    fn search(
        &self,
        puzzle: &SlidingPuzzle,
        io: &mut Io,
        recording: &mut Recording,
    ) -> Outcome<Vec<u8>, Move> {
        let settings = self.settings();
        let trace = self.args.trace && self.args.format == Format::Text;
        if trace {
            let _ = writeln!(
                io.out,
                "{}",
                crate::tr!("trace-of", algorithm = self.algorithm.to_string())
            );
        }
        let show = |tiles: &Vec<u8>| puzzle.grid_of(tiles).one_line();
        let (algorithm, weight) = (self.algorithm, self.args.algo.weight);
        let outcome = match (trace, recording.as_mut()) {
            (true, Some((recorder, _))) => puzzle.solve_observed(
                &settings,
                Both(
                    ExpansionTrace::new(&mut *io.out, show, algorithm, weight),
                    recorder,
                ),
            ),
            (true, None) => puzzle.solve_observed(
                &settings,
                ExpansionTrace::new(&mut *io.out, show, algorithm, weight),
            ),
            (false, Some((recorder, _))) => puzzle.solve_observed(&settings, recorder),
            (false, None) => puzzle.solve(&settings),
        };
        if let Some((_, recorded)) = recording {
            *recorded = Some(outcome.clone());
        }
        outcome
    }

    /// When the default goal (the snail, on 3x3) makes a board unsolvable that the standard
    /// goal does not, a numbered board was most likely meant for the standard goal: say so.
    fn default_goal_hint(&self, puzzle: &SlidingPuzzle) -> Option<String> {
        let snail_by_default = self.args.goal.is_none() && (puzzle.rows(), puzzle.cols()) == (3, 3);
        let standard = SlidingPuzzle::new(&puzzle.start_grid(), Goal::Standard).ok()?;
        (snail_by_default && standard.is_solvable()).then(|| {
            crate::tr!(
                "taquin-default-goal-hint",
                snail = puzzle.goal_grid().one_line(),
                standard = standard.goal_grid().one_line()
            )
        })
    }

    /// The heuristic's canonical English name (`h1` and `mal-places` print `misplaced`),
    /// or the partition written after `pdb:`.
    fn heuristic_label(&self) -> String {
        if self.args.heuristic.starts_with("pdb:") {
            self.args.heuristic.clone()
        } else {
            self.heuristic.to_string()
        }
    }

    fn solve_and_report(
        &self,
        puzzle: &SlidingPuzzle,
        io: &mut Io,
        recording: &mut Recording,
    ) -> CmdResult {
        let json = self.args.format == Format::Json;
        let lang = crate::i18n::lang();
        let solvable = puzzle.is_solvable();
        if !solvable && !self.args.search_anyway {
            if json {
                write_json(io.out, &unsolvable_json())?;
            } else {
                show_boards(puzzle, io)?;
                writeln!(io.out, "{}", unsolvable())?;
                if let Some(hint) = self.default_goal_hint(puzzle) {
                    writeln!(io.out, "{hint}")?;
                }
            }
            return Ok(Exit::NoSolution);
        }
        if !json {
            show_boards(puzzle, io)?;
            let (h_start, h_goal) = h_start_and_goal(puzzle, self.heuristic, self.pdb());
            writeln!(
                io.out,
                "{}",
                crate::tr!(
                    "taquin-h-start-goal",
                    start = h_start.to_string(),
                    goal = h_goal.to_string(),
                    heuristic = self.heuristic_label()
                )
            )?;
        }
        let outcome = self.search(puzzle, io, recording);
        if json {
            write_json(
                io.out,
                &taquin_json(puzzle, &outcome, self.heuristic, self.pdb()),
            )?;
            return Ok(Exit::from_reason(outcome.reason));
        }
        let what = if self.algorithm.is_informed() {
            crate::tr!(
                "algorithm-with",
                algorithm = self.algorithm.to_string(),
                heuristic = self.heuristic_label()
            )
        } else {
            self.algorithm.to_string()
        };
        match &outcome.path {
            Some(path) => {
                let moves: Vec<Move> = path.actions().copied().collect();
                let name = |m: &Move| match self.args.moves_as {
                    MovesAs::Tiles => puzzle.label(m.tile).to_string(),
                    MovesAs::Blank => blank_direction(puzzle, m, lang).to_string(),
                };
                for (i, (m, tiles)) in path.steps.iter().enumerate() {
                    writeln!(
                        io.out,
                        "{}",
                        crate::tr!("taquin-move", number = i + 1, name = name(m))
                    )?;
                    write!(io.out, "{}", puzzle.grid_of(tiles))?;
                }
                let optimal = self.algorithm.is_optimal()
                    && (self.heuristic != HeuristicName::Zero || !self.algorithm.is_informed());
                writeln!(
                    io.out,
                    "{}",
                    crate::tr!(
                        "taquin-solved",
                        what = what,
                        count = moves.len(),
                        optimal = if optimal { "yes" } else { "no" },
                        moves = moves.iter().map(name).collect::<Vec<_>>().join(" ")
                    )
                )?;
            }
            None if outcome.reason == resolu_search::StopReason::Exhausted => writeln!(
                io.out,
                "{what}: {}",
                crate::common::reason_text(outcome.reason)
            )?,
            None => writeln!(
                io.out,
                "{what}: {}",
                search_stop_text(outcome.reason, self.args.algo.depth_limit)
            )?,
        }
        writeln!(io.out, "{}", stats_line(&outcome.stats))?;
        Ok(Exit::from_reason(outcome.reason))
    }
}

/// The verdict on a board whose parity forbids a solution (in French, the lab's own words
/// first, then the parity argument).
fn unsolvable() -> String {
    crate::tr!("taquin-unsolvable")
}

fn show_boards(puzzle: &SlidingPuzzle, io: &mut Io) -> Result<(), CliError> {
    writeln!(io.out, "{}", crate::tr!("taquin-start"))?;
    write!(io.out, "{}", puzzle.start_grid())?;
    writeln!(io.out, "{}", crate::tr!("taquin-goal"))?;
    write!(io.out, "{}", puzzle.goal_grid())?;
    Ok(())
}

/// The tiles moved, written as in the input.
fn moves_json(puzzle: &SlidingPuzzle, outcome: &Outcome<Vec<u8>, Move>) -> Vec<serde_json::Value> {
    outcome.path.as_ref().map_or_else(Vec::new, |p| {
        p.actions().map(|m| puzzle.label(m.tile).into()).collect()
    })
}

/// `--batch`: one JSON object per board, in input order; a bad line gives an object with an
/// `error` and the batch goes on. With several threads (and no trace), the boards are solved
/// that many at a time, each on one thread, and written in input order.
fn batch(solver: &Solver, text: &str, goal: &Goal, io: &mut Io) -> CmdResult {
    let mut worst = Exit::Success;
    let mut boards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let board = line.split('#').next().unwrap_or("").trim();
        if board.is_empty() {
            continue;
        }
        let parsed = Grid::parse(board).and_then(|g| SlidingPuzzle::new(&g, goal.clone()));
        if let Ok(puzzle) = &parsed
            && puzzle.is_solvable()
            && let Some(exit) = solver.prepare(puzzle, io)?
        {
            return Ok(exit);
        }
        boards.push((i, board, parsed));
    }
    let parallel = solver.threads > 1 && boards.len() > 1 && !solver.args.trace;
    let solved: Vec<Option<Outcome<Vec<u8>, Move>>> = if parallel {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let workers = solver.threads.min(boards.len());
        // The boards in flight share the memory budget.
        let mut limits = solver.args.limits.limits();
        limits.max_memory_bytes /= workers as u64;
        let results = std::sync::Mutex::new(vec![None; boards.len()]);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((_, _, Ok(puzzle))) = boards.get(k) else {
                            if k >= boards.len() {
                                break;
                            }
                            continue;
                        };
                        if !puzzle.is_solvable() {
                            continue;
                        }
                        let mut settings =
                            SolveSettings::new(solver.algorithm, solver.heuristic, limits);
                        settings.weight = solver.args.algo.weight;
                        settings.seed = solver.args.algo.seed;
                        settings.depth_limit = solver.args.algo.depth_limit;
                        settings.pdb = solver.pdb.get().cloned();
                        let outcome = puzzle.solve(&settings);
                        if let Ok(mut r) = results.lock() {
                            r[k] = Some(outcome);
                        }
                    }
                });
            }
        });
        results.into_inner().unwrap_or_default()
    } else {
        vec![None; boards.len()]
    };
    for ((i, board, parsed), outcome) in boards.iter().zip(solved) {
        let (mut value, exit) = match parsed {
            Err(e) => (
                serde_json::json!({ "error": format!("line {}: {e}", i + 1) }),
                Exit::BadInput,
            ),
            Ok(puzzle) if !puzzle.is_solvable() => (unsolvable_json(), Exit::NoSolution),
            Ok(puzzle) => {
                let outcome = match outcome {
                    Some(o) => o,
                    None => solver.search(puzzle, io, &mut None),
                };
                (
                    taquin_json(puzzle, &outcome, solver.heuristic, solver.pdb()),
                    Exit::from_reason(outcome.reason),
                )
            }
        };
        if let serde_json::Value::Object(map) = &mut value {
            map.insert("line".into(), (i + 1).into());
            map.insert("start".into(), (*board).into());
        }
        write_json(io.out, &value)?;
        worst = worst.worst(exit);
    }
    Ok(worst)
}

/// `resolu demo`: the course's instance with A* and Manhattan, then the course's question
/// answered without search.
pub fn demo(io: &mut Io) -> CmdResult {
    let args = Args {
        start: None,
        file: None,
        goal: None,
        heuristic: "manhattan".into(),
        pdb_dir: None,
        census: false,
        size: None,
        algo: AlgoArgs {
            algo: "astar".into(),
            weight: 2.0,
            depth_limit: None,
            seed: 0,
        },
        limits: LimitArgs::default(),
        trace: false,
        format: Format::Text,
        batch: None,
        threads: 1,
        html: Default::default(),
        moves_as: MovesAs::Tiles,
        search_anyway: false,
    };
    let solver = Solver {
        algorithm: Algorithm::Astar,
        heuristic: HeuristicName::Manhattan,
        args: &args,
        threads: 1,
        pdb: OnceLock::new(),
    };
    let course = Grid::parse(COURSE_START).map_err(|e| bad_input(e.to_string()))?;
    let puzzle =
        SlidingPuzzle::new(&course, Goal::Default).map_err(|e| bad_input(e.to_string()))?;
    let solved = solver.solve_and_report(&puzzle, io, &mut None)?;
    writeln!(io.out, "\n{}", crate::tr!("taquin-demo-question"))?;
    let question = Grid::parse("a b c / g _ d / h f e").map_err(|e| bad_input(e.to_string()))?;
    let puzzle =
        SlidingPuzzle::new(&question, Goal::Default).map_err(|e| bad_input(e.to_string()))?;
    if puzzle.is_solvable() {
        return Err(bad_input(crate::tr!("refusal-taquin-course-solvable")));
    }
    writeln!(io.out, "{}", unsolvable())?;
    Ok(solved)
}
