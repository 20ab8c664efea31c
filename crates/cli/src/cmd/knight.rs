//! `resolu knight`: the knight's tour by backtracking; `--all` and `--count` go through the
//! shared enumeration of solutions ([`crate::enumerate`]).

use crate::common::{
    CliError, CmdResult, Exit, Format, Io, LimitArgs, backtrack_stop_text, bad_input, capitalise,
    write_json,
};
use crate::enumerate::{Enumerate, enumerate};
use crate::input_errors_fr::part;
use clap::Args as ClapArgs;
use resolu_puzzles::knight::{
    KnightCounters, KnightTour, Method, Ties, TourOptions, colour_obstruction, degree_matrix,
    draw_degrees, parse_size, parse_square, warnsdorff_steps,
};
use resolu_search::backtrack;
use resolu_search::{Limits, StopReason};
use resolu_view::record::Watched;
use serde_json::json;
use std::path::PathBuf;

/// Flags of `resolu knight`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu knight                                  the course's 5x5 tour from (0,0), basic version
  resolu knight --method warnsdorff              the course's Warnsdorff tour, no backtrack
  resolu knight --method warnsdorff --degrees    the matrix of free neighbours, then each step
  resolu knight --method warnsdorff --start 1,3  Warnsdorff must backtrack here (214 backtracks)
  resolu knight --start 0,1                      refused, exit 1: no tour starts on that colour
  resolu knight --size 8 --method warnsdorff --ties roth --svg tour.svg
  resolu knight --size 1000 --method warnsdorff --ties roth --format json > tour.json
  resolu knight --size 6 --closed --method warnsdorff --prune
  resolu knight --size 5x6 --start 2,3 --method band
  resolu knight --count                          304 open tours of 5x5 from a corner
  resolu knight --size 6 --closed --count --prune   19,724 directed closed tours of 6x6
  resolu knight --count --all-starts --prune     1,728 open tours of 5x5 from every square
  resolu knight --all                            one tour at a time, asking whether to go on
  resolu knight --all --limit 3 --format json    JSON Lines: 3 tours, then a summary

Methods: basic (moves in the course's order, bounds tested), band (a border two squares wide
marked taken: no bounds test), warnsdorff (fewest onward moves first, backtracking among
equally good squares first). Ties of Warnsdorff: order (the course's move order), roth
(farthest from the centre) or auto (the default: order up to 8x8, roth above). --prune refuses moves that leave a free square without enough
exits (it changes the tries, never the tours).

Counters, the same for the three methods: tries are the squares the knight was placed on,
backtracks the squares taken back, bounds tests the moves tested for staying on the board
(basic tests each move; the band and Warnsdorff need none: the band's gain). --max-nodes
counts moves tested (JSON moves_tested). On a board with an odd number of squares, a start
of the minority colour (row + column odd) has no tour: it is refused at once.")]
pub struct Args {
    /// Board size: N, or ROWSxCOLS for a rectangle.
    #[arg(long, short = 'n', default_value = "5", value_name = "N|ROWSxCOLS")]
    pub size: String,
    /// Start square, from 0.
    #[arg(long, default_value = "0,0", value_name = "ROW,COL")]
    pub start: String,
    /// Version: basic, band or warnsdorff.
    #[arg(long, default_value = "basic", value_name = "METHOD")]
    pub method: String,
    /// Warnsdorff's tie-break: order (the course's), roth (farthest from the centre), or
    /// auto: order up to 8x8 (the course's boards), roth on larger ones, where the move
    /// order leads the backtracking astray (no tour of 300x300 in minutes).
    #[arg(long, default_value = "auto", value_name = "TIES")]
    pub ties: String,
    /// Closed tours only: the last square is a knight's move from the start.
    #[arg(long)]
    pub closed: bool,
    /// Cut branches that leave a free square without enough exits.
    #[arg(long)]
    pub prune: bool,
    /// Enumerate the tours, asking after each one whether to go on (unless --count or
    /// --limit).
    #[arg(long)]
    pub all: bool,
    /// Count the tours without printing them.
    #[arg(long)]
    pub count: bool,
    /// With --count: the tours from every start square, counted from one square of each
    /// class of the board's symmetries (on every core) times the class size.
    #[arg(long, requires = "count")]
    pub all_starts: bool,
    /// Stop after this many tours (implies --all).
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Draw the tour (the last one shown, with --all) as an SVG file.
    #[arg(long, value_parser = crate::common::output_file, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print the board even when it is large (beyond 20x20 the text output gives only the
    /// counters; --svg, --html or --format json give the tour).
    #[arg(long)]
    pub show_board: bool,
    /// Print the matrix of free neighbours of each square, and with Warnsdorff each step of
    /// the tour: the candidates with their free neighbours and the square chosen.
    #[arg(long)]
    pub degrees: bool,
    #[command(flatten)]
    pub html: crate::html::HtmlArg,
}

/// Runs `resolu knight`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let (rows, cols) = parse_size(&args.size).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-flag",
            flag = "--size",
            message = part(e)
        ))
    })?;
    let start = parse_square(&args.start).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-flag",
            flag = "--start",
            message = part(e)
        ))
    })?;
    let opts = TourOptions {
        rows,
        cols,
        start,
        closed: args.closed,
        method: args.method.parse::<Method>().map_err(bad_input)?,
        ties: match args.ties.trim() {
            "auto" if rows * cols > 64 => Ties::Roth,
            "auto" => Ties::Order,
            other => other.parse::<Ties>().map_err(bad_input)?,
        },
        prune: args.prune,
    };
    let mut tour = KnightTour::new(opts).map_err(|e| bad_input(e.to_string()))?;
    let limits = args.limits.limits();
    let json = args.format == Format::Json;
    let what = describe(&opts);
    if let Some(path) = &args.html.html
        && (args.all_starts || args.all || args.count || args.limit.is_some())
    {
        // These modes enumerate: the page shows the search for the first tour, run for it.
        let mut first = KnightTour::new(opts).map_err(|e| bad_input(e.to_string()))?;
        first_recorded(&mut first, &opts, limits, path)?;
    }
    if args.all_starts {
        return all_starts(opts, limits, json, io);
    }
    if let Some(reason) = colour_obstruction(&opts) {
        return refuse(&opts, &reason, json, io);
    }
    if args.all || args.count || args.limit.is_some() {
        let mut last_svg = None;
        let mode = Enumerate {
            count_only: args.count,
            limit: args.limit,
            json,
            noun: "tour",
            title: what,
        };
        let exit = enumerate(&mut tour, limits, &mode, io, |t, k, io| {
            if args.svg.is_some() {
                last_svg = Some(t.svg());
            }
            if json {
                write_json(io.out, &json!({ "solution": k, "board": t.board() }))?;
            } else {
                writeln!(io.out, "{}", crate::tr!("knight-tour-number", number = k))?;
                write!(io.out, "{}", t.to_text())?;
            }
            Ok(())
        })?;
        if let (Some(path), Some(svg)) = (&args.svg, last_svg) {
            write_svg(path, &svg)?;
        }
        return Ok(exit);
    }
    let outcome = match &args.html.html {
        Some(path) => first_recorded(&mut tour, &opts, limits, path)?,
        None => backtrack::first(&mut tour, limits),
    };
    let solved = outcome.reason == StopReason::Solved;
    if let Some(path) = &args.svg {
        write_svg(path, &tour.svg())?;
    }
    if json {
        write_json(
            io.out,
            &json!({
                "rows": rows,
                "cols": cols,
                "start": [start.0, start.1],
                "method": opts.method.as_str(),
                "ties": opts.ties.as_str(),
                "closed": opts.closed,
                "solved": solved,
                "board": if solved { json!(tour.board()) } else { json!(null) },
                "stats": knight_stats_json(&outcome.stats, tour.counters()),
                "reason": if solved { None } else { Some(outcome.reason.as_str()) },
                "degrees": args.degrees.then(|| degree_matrix(rows, cols)),
                "steps": (args.degrees && solved && opts.method == Method::Warnsdorff)
                    .then(|| steps_json(&tour)),
            }),
        )?;
    } else {
        writeln!(
            io.out,
            "{}",
            crate::tr!("heading", title = capitalise(&what))
        )?;
        let show = crate::html::show_board(rows, cols, args.show_board);
        if args.degrees && show {
            write_degrees(&tour, solved, io)?;
        }
        let line = knight_stats_line(&outcome.stats, tour.counters());
        if solved {
            if show {
                write!(io.out, "{}", tour.to_text())?;
            }
            writeln!(io.out, "{}", crate::tr!("knight-found", counters = line))?;
        } else {
            writeln!(io.out, "{}", backtrack_stop_text(outcome.reason, "tour"))?;
            writeln!(io.out, "{line}")?;
        }
    }
    Ok(Exit::from_reason(outcome.reason))
}

/// "knight's tour of 5x5 from (0, 0), basic version", in this run's language.
fn describe(o: &TourOptions) -> String {
    crate::tr!(
        "knight-describe",
        closed = if o.closed { "yes" } else { "no" },
        rows = o.rows,
        cols = o.cols,
        row = o.start.0,
        col = o.start.1,
        method = o.method.as_str(),
        ties = o.ties.as_str(),
        prune = if o.prune { "yes" } else { "no" }
    )
}

/// The lab's counters as one line: the same meaning for the three methods.
fn knight_stats_line(stats: &resolu_search::BacktrackStats, c: KnightCounters) -> String {
    crate::tr!(
        "knight-stats-line",
        tries = c.tries,
        backtracks = c.backtracks,
        bounds = c.bounds_tests,
        depth = stats.max_depth,
        ms = format!("{:.3}", stats.elapsed_ms())
    )
}

/// The counters in JSON: `tries` and `backtracks` are the lab's (squares placed and taken
/// back), `moves_tested` the engine's (what `--max-nodes` bounds).
fn knight_stats_json(
    stats: &resolu_search::BacktrackStats,
    c: KnightCounters,
) -> serde_json::Value {
    json!({
        "tries": c.tries,
        "backtracks": c.backtracks,
        "bounds_tests": c.bounds_tests,
        "moves_tested": stats.tries,
        "solutions": stats.solutions,
        "elapsed_ms": stats.elapsed_ms(),
    })
}

/// `--degrees` in text: the matrix of the empty board, then Warnsdorff's steps.
fn write_degrees(tour: &KnightTour, solved: bool, io: &mut Io) -> Result<(), CliError> {
    let o = tour.options();
    writeln!(io.out, "{}", crate::tr!("knight-degrees-heading"))?;
    write!(io.out, "{}", draw_degrees(&degree_matrix(o.rows, o.cols)))?;
    if !(solved && o.method == Method::Warnsdorff) {
        return Ok(());
    }
    writeln!(io.out, "{}", crate::tr!("knight-steps-heading"))?;
    for s in warnsdorff_steps(o.rows, o.cols, &tour.path()) {
        let cands: Vec<String> = s
            .candidates
            .iter()
            .map(|((r, c), d)| format!("({r},{c}):{d}"))
            .collect();
        writeln!(
            io.out,
            "{:>3} {}",
            s.step,
            crate::tr!(
                "knight-step",
                from = format!("({},{})", s.from.0, s.from.1),
                candidates = cands.join(" "),
                chosen = format!("({},{})", s.chosen.0, s.chosen.1)
            )
        )?;
    }
    Ok(())
}

fn steps_json(tour: &KnightTour) -> serde_json::Value {
    let o = tour.options();
    warnsdorff_steps(o.rows, o.cols, &tour.path())
        .iter()
        .map(|s| {
            json!({
                "step": s.step,
                "from": [s.from.0, s.from.1],
                "candidates": s.candidates.iter()
                    .map(|((r, c), d)| json!({ "square": [r, c], "free_neighbours": d }))
                    .collect::<Vec<_>>(),
                "chosen": [s.chosen.0, s.chosen.1],
            })
        })
        .collect()
}

/// A start the colours rule out: said at once, exit 1, no search.
fn refuse(o: &TourOptions, reason: &str, json: bool, io: &mut Io) -> CmdResult {
    if json {
        write_json(
            io.out,
            &json!({
                "rows": o.rows,
                "cols": o.cols,
                "start": [o.start.0, o.start.1],
                "method": o.method.as_str(),
                "closed": o.closed,
                "solved": false,
                "board": null,
                "no_tour": reason,
            }),
        )?;
    } else {
        writeln!(
            io.out,
            "{}",
            crate::tr!("heading", title = capitalise(&describe(o)))
        )?;
        // The library's reason, in the words of this run's language.
        let squares = o.rows * o.cols;
        let reason = crate::tr!(
            "knight-colour",
            closed = if o.closed { "yes" } else { "no" },
            rows = o.rows,
            cols = o.cols,
            light = squares.div_ceil(2),
            dark = squares / 2,
            row = o.start.0,
            col = o.start.1
        );
        writeln!(io.out, "{}", crate::tr!("knight-no-tour", reason = reason))?;
    }
    Ok(Exit::NoSolution)
}

fn write_svg(path: &std::path::Path, svg: &str) -> Result<(), CliError> {
    crate::common::write_output(path, svg.as_bytes())
}

/// `resolu demo`: the course's 5x5 tour by the basic version, then by Warnsdorff's rule.
pub fn demo(io: &mut Io) -> CmdResult {
    let mut worst = Exit::Success;
    for method in [Method::Basic, Method::Warnsdorff] {
        let opts = TourOptions {
            method,
            ..TourOptions::square(5)
        };
        let mut tour = KnightTour::new(opts).map_err(|e| bad_input(e.to_string()))?;
        let outcome = backtrack::first(&mut tour, Limits::default());
        writeln!(
            io.out,
            "{}",
            crate::tr!("heading", title = capitalise(&describe(&opts)))
        )?;
        write!(io.out, "{}", tour.to_text())?;
        writeln!(
            io.out,
            "{}\n",
            knight_stats_line(&outcome.stats, tour.counters())
        )?;
        worst = worst.worst(Exit::from_reason(outcome.reason));
    }
    let mut tour = KnightTour::new(TourOptions::square(5)).map_err(|e| bad_input(e.to_string()))?;
    let outcome = backtrack::count(&mut tour, Limits::default());
    writeln!(
        io.out,
        "{}",
        crate::tr!(
            "knight-demo-count",
            count = outcome.stats.solutions,
            counters = knight_stats_line(&outcome.stats, tour.counters())
        )
    )?;
    Ok(worst)
}

/// `--count --all-starts`: the tours from every start, one start per symmetry class.
fn all_starts(opts: TourOptions, limits: Limits, json: bool, io: &mut Io) -> CmdResult {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (total, classes) = resolu_puzzles::knight::count_all_starts(opts, limits, threads)
        .map_err(|e| bad_input(e.to_string()))?;
    let reasons: Vec<Option<StopReason>> = classes
        .iter()
        .map(|c| c.outcome.as_ref().map(|o| o.reason))
        .collect();
    let complete = reasons.iter().all(|r| *r == Some(StopReason::Exhausted));
    if json {
        let per_class: Vec<serde_json::Value> = classes
            .iter()
            .map(|c| {
                json!({
                    "start": [c.start.0, c.start.1],
                    "squares": c.size,
                    "tours": c.outcome.as_ref().map(|o| o.stats.solutions),
                    "tries": c.outcome.as_ref().map(|o| o.stats.tries),
                })
            })
            .collect();
        write_json(
            io.out,
            &json!({ "count": total, "complete": complete, "classes": per_class }),
        )?;
    } else {
        for c in &classes {
            if let Some(o) = &c.outcome {
                writeln!(
                    io.out,
                    "{}",
                    crate::tr!(
                        "knight-class",
                        squares = c.size,
                        row = c.start.0,
                        col = c.start.1,
                        tours = o.stats.solutions,
                        tries = o.stats.tries
                    )
                )?;
            }
        }
        let closed = if opts.closed { "yes" } else { "no" };
        let id = if complete {
            "knight-all-starts"
        } else {
            "knight-all-starts-limit"
        };
        writeln!(io.out, "{}", crate::tr!(id, total = total, closed = closed))?;
    }
    Ok(if complete {
        if total == 0 {
            Exit::NoSolution
        } else {
            Exit::Success
        }
    } else {
        Exit::Limit
    })
}

/// The first tour, the run recorded for `--html` and its page written to `path`.
fn first_recorded(
    tour: &mut KnightTour,
    opts: &TourOptions,
    limits: resolu_search::Limits,
    path: &std::path::Path,
) -> Result<resolu_search::backtrack::BacktrackOutcome, CliError> {
    let mut watched = Watched::new(&mut *tour, |t: &KnightTour| {
        t.path().last().copied().unwrap_or((0, 0))
    });
    let outcome = backtrack::first(&mut watched, limits);
    let events = watched.finish();
    let solved = outcome.reason == StopReason::Solved;
    // The board is drawn once with its marks; a board too large to read is left out.
    let warnsdorff = if solved
        && opts.method == Method::Warnsdorff
        && crate::html::show_board(opts.rows, opts.cols, false)
    {
        let path = tour.path();
        let first = &path[..path
            .len()
            .min(resolu_view::pages::warnsdorff::MAX_STEPS + 1)];
        warnsdorff_steps(opts.rows, opts.cols, first)
    } else {
        Vec::new()
    };
    let run = resolu_view::pages::walk::KnightRun {
        size: (opts.rows, opts.cols),
        start: opts.start,
        method: opts.method.as_str(),
        closed: opts.closed,
        tour: solved.then(|| tour.path()),
        events,
        stats: outcome.stats,
        warnsdorff,
    };
    crate::html::write_page(
        path,
        &resolu_view::pages::walk::knight_page(&run, &crate::html::labels()),
    )?;
    Ok(outcome)
}
