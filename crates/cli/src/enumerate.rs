//! The enumeration of the solutions of a backtracking problem, shown one at a time with a
//! question after each one (or counted, or up to a limit), and its summary: shared by
//! `knight` and `queens`.

use crate::common::{
    CliError, CmdResult, Exit, Io, backtrack_stats_json, backtrack_stats_line, write_json,
};
use resolu_search::backtrack::{Backtrack, Backtracker};
use resolu_search::{Limits, StopReason};
use serde_json::json;

/// How to enumerate: count only, up to a limit, or asking after each solution.
pub struct Enumerate {
    /// Print no solution, only the count.
    pub count_only: bool,
    /// Stop after this many solutions.
    pub limit: Option<u64>,
    /// JSON Lines output.
    pub json: bool,
    /// What a solution is called ("tour", "solution").
    pub noun: &'static str,
    /// What is enumerated, for the text summary.
    pub title: String,
}

/// Runs through the solutions of `problem`: each is shown by `show` (unless counting), then
/// the limit is checked or the user asked whether to go on (an answer starting with n or q,
/// or the end of the input, stops). Ends with a summary: text, or a JSON object with
/// `count`, `stats` and `reason` (`exhausted` when every solution was seen, `stopped` when
/// the limit or the user stopped, or the limit that struck).
pub fn enumerate<P, F>(
    problem: &mut P,
    limits: Limits,
    mode: &Enumerate,
    io: &mut Io,
    mut show: F,
) -> CmdResult
where
    P: Backtrack,
    F: FnMut(&P, u64, &mut Io) -> Result<(), CliError>,
{
    let mut run = Backtracker::new(problem, limits);
    // `--limit 0` asks for no solution at all: nothing is searched.
    let mut stopped = mode.limit == Some(0);
    while !stopped && run.next_solution().is_some() {
        // The solutions met so far, this one included.
        let count = run.stats().solutions;
        if !mode.count_only {
            show(run.problem(), count, io)?;
        }
        if mode.limit.is_some_and(|l| count >= l) {
            stopped = true;
            break;
        }
        if !mode.count_only && mode.limit.is_none() && !ask_more(io, mode)? {
            stopped = true;
            break;
        }
    }
    let stats = run.stats();
    let count = stats.solutions;
    let reason = run.reason();
    let reason_str = match reason {
        Some(r) if !stopped => r.as_str(),
        _ => "stopped",
    };
    let exit = match reason {
        _ if stopped => Exit::Success,
        Some(r) if r.is_limit() => Exit::Limit,
        _ if count == 0 => Exit::NoSolution,
        _ => Exit::Success,
    };
    if mode.json {
        write_json(
            io.out,
            &json!({ "count": count, "stats": backtrack_stats_json(&stats), "reason": reason_str }),
        )?;
    } else {
        let how = match reason {
            _ if stopped => "stopped",
            Some(StopReason::Exhausted) => "all",
            Some(StopReason::Interrupted) => "interrupted",
            Some(r) if r.is_limit() => "limit",
            _ => "none",
        };
        let line = crate::tr!(
            "enumerate-count",
            count = count,
            noun = mode.noun,
            how = how,
            title = mode.title.as_str()
        );
        writeln!(io.out, "{line}")?;
        writeln!(io.out, "{}", backtrack_stats_line(&stats))?;
    }
    Ok(exit)
}

/// Asks whether to go on; the prompt is shown on a terminal in text mode only, but the
/// answer is always read, so scripts can drive it.
fn ask_more(io: &mut Io, mode: &Enumerate) -> Result<bool, CliError> {
    if io.interactive && !mode.json {
        write!(
            io.out,
            "{} ",
            crate::tr!("enumerate-another", noun = mode.noun)
        )?;
        io.out.flush()?;
    }
    let mut answer = String::new();
    if io.input.read_line(&mut answer)? == 0 {
        return Ok(false);
    }
    let a = answer.trim().to_ascii_lowercase();
    Ok(!(a.starts_with('n') || a.starts_with('q')))
}
