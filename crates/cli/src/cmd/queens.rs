//! `resolu queens N`: the N-queens problem by backtracking.

use crate::common::{
    CmdResult, Exit, Format, Io, LimitArgs, backtrack_stats_json, backtrack_stats_line,
    backtrack_stop_text, bad_input, write_json,
};
use crate::enumerate::{Enumerate, enumerate};
use clap::Args as ClapArgs;
use resolu_puzzles::queens::Queens;
use resolu_search::backtrack;
use resolu_search::{Limits, StopReason};
use serde_json::json;

/// Flags of `resolu queens`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu queens                     the first solution on 8x8, with its tries and backtracks
  resolu queens 12 --count          14200 solutions
  resolu queens 6 --all             one solution at a time, asking whether to go on
  resolu queens 8 --all --limit 5 --format json   JSON Lines: 5 solutions, then a summary

One queen per row; the columns are tried from left to right; columns and diagonals are
bitsets, so the promising test is three bit reads. --max-nodes counts tries.")]
pub struct Args {
    /// The size of the board (1 to 32).
    #[arg(default_value_t = 8)]
    pub n: usize,
    /// Enumerate the solutions, asking after each one whether to go on (unless --count or
    /// --limit).
    #[arg(long)]
    pub all: bool,
    /// Count the solutions without printing them.
    #[arg(long)]
    pub count: bool,
    /// Stop after this many solutions (implies --all).
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub html: crate::html::HtmlArg,
}

/// The rows of a board as strings: `Q` a queen, `.` an empty square.
fn rows(q: &Queens) -> Vec<String> {
    q.to_text().lines().map(|l| l.replace(' ', "")).collect()
}

/// Runs `resolu queens`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let mut queens = Queens::new(args.n).map_err(|e| bad_input(e.to_string()))?;
    let limits = args.limits.limits();
    let json = args.format == Format::Json;
    if args.all || args.count || args.limit.is_some() {
        if let Some(path) = &args.html.html {
            // These modes enumerate: the page shows the search for the first solution.
            let mut first = Queens::new(args.n).map_err(|e| bad_input(e.to_string()))?;
            first_recorded(&mut first, limits, path)?;
        }
        let mode = Enumerate {
            count_only: args.count,
            limit: args.limit,
            json,
            noun: "solution",
            title: crate::tr!("queens-title", n = args.n),
        };
        return enumerate(&mut queens, limits, &mode, io, |q, k, io| {
            if json {
                write_json(
                    io.out,
                    &json!({ "solution": k, "board": rows(q), "columns": q.columns() }),
                )?;
            } else {
                writeln!(io.out, "{}", crate::tr!("queens-solution", number = k))?;
                write!(io.out, "{}", q.to_text())?;
            }
            Ok(())
        });
    }
    first(&mut queens, limits, json, io, args.html.html.as_deref())
}

/// The first solution; with `html`, the run is recorded and its page written there.
fn first(
    queens: &mut Queens,
    limits: Limits,
    json: bool,
    io: &mut Io,
    html: Option<&std::path::Path>,
) -> CmdResult {
    let outcome = match html {
        Some(path) => first_recorded(queens, limits, path)?,
        None => backtrack::first(queens, limits),
    };
    let solved = outcome.reason == StopReason::Solved;
    if json {
        write_json(
            io.out,
            &json!({
                "n": queens.n(),
                "solved": solved,
                "board": if solved { json!(rows(queens)) } else { json!(null) },
                "columns": if solved { json!(queens.columns()) } else { json!(null) },
                "stats": backtrack_stats_json(&outcome.stats),
                "reason": if solved { None } else { Some(outcome.reason.as_str()) },
            }),
        )?;
    } else {
        let n = queens.n();
        writeln!(io.out, "{}", crate::tr!("queens-first", n = n))?;
        if solved {
            write!(io.out, "{}", queens.to_text())?;
        } else {
            writeln!(
                io.out,
                "{}",
                backtrack_stop_text(outcome.reason, "solution")
            )?;
        }
        writeln!(io.out, "{}", backtrack_stats_line(&outcome.stats))?;
    }
    Ok(Exit::from_reason(outcome.reason))
}

/// `resolu demo`: the first solution of the 8 queens, and the count of all of them.
pub fn demo(io: &mut Io) -> CmdResult {
    let mut queens = Queens::new(8).map_err(|e| bad_input(e.to_string()))?;
    let exit = first(&mut queens, Limits::default(), false, io, None)?;
    let mut queens = Queens::new(8).map_err(|e| bad_input(e.to_string()))?;
    let outcome = backtrack::count(&mut queens, Limits::default());
    writeln!(
        io.out,
        "{}",
        crate::tr!(
            "queens-demo-count",
            count = outcome.stats.solutions,
            counters = backtrack_stats_line(&outcome.stats)
        )
    )?;
    Ok(exit.worst(Exit::from_reason(match outcome.reason {
        StopReason::Exhausted => StopReason::Solved,
        r => r,
    })))
}

/// The first solution, the run recorded for `--html` and its page written to `path`.
fn first_recorded(
    queens: &mut Queens,
    limits: Limits,
    path: &std::path::Path,
) -> Result<backtrack::BacktrackOutcome, crate::common::CliError> {
    let mut watched = resolu_view::record::Watched::new(&mut *queens, |q: &Queens| {
        let cols = q.columns();
        (
            cols.len().saturating_sub(1),
            cols.last().map_or(0, |&c| c as usize),
        )
    });
    let outcome = backtrack::first(&mut watched, limits);
    let (events, cut) = watched.finish();
    let solution: Option<Vec<usize>> = (outcome.reason == StopReason::Solved)
        .then(|| queens.columns().iter().map(|&c| c as usize).collect());
    let page = resolu_view::pages::walk::queens_page(
        queens.n(),
        &events,
        cut,
        &outcome.stats,
        solution.as_deref(),
        &crate::html::labels(),
    );
    crate::html::write_page(path, &page)?;
    Ok(outcome)
}
