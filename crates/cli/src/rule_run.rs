//! Running a rule base, shared by `rules` and `hanoi --method rules`: the strategy named
//! by a flag, the engine's limits from the flags, one cycle of a trace, and why a run
//! stopped (in words and as an exit code).

use crate::common::{CliError, Exit, Io, bad_input, default_memory_bytes};
use crate::progress::MONITOR;
use resolu_logic::writeq;
use resolu_rules::{Cycle, Engine, Stop, Strategy};
use resolu_search::{Limits, StopReason};
use std::time::Duration;

/// Parses a strategy name into the library's type.
pub fn strategy(name: &str) -> Result<Strategy, CliError> {
    name.parse()
        .map_err(|e: resolu_rules::ParseStrategyError| bad_input(e.to_string()))
}

/// The exit code of a stop.
pub fn exit_of(stop: Stop) -> Exit {
    match stop {
        Stop::Goal | Stop::Halt | Stop::Quiescent => Exit::Success,
        Stop::Stuck => Exit::NoSolution,
        // Every other stop is a limit or an interrupt (`Stop` is non-exhaustive).
        _ => Exit::Limit,
    }
}

/// The JSON `message` beside a stop's `reason` (whose words, `stop.as_str()`, are the
/// searches' for the limits: `cycle-limit`, `time-limit`, `memory-limit`,
/// `inference-limit`, `interrupted`): for a limit, the sentence the text output shows;
/// else null.
pub fn message_json(stop: Stop, engine: &Engine, max_inferences: Option<u64>) -> serde_json::Value {
    match stop.is_limit() {
        true => crate::i18n::in_english(|| stop_message(stop, engine, max_inferences)).into(),
        false => serde_json::Value::Null,
    }
}

/// [`stop_text`], with where in the rules the limit stopped the run (when inside one).
pub fn stop_message(stop: Stop, engine: &Engine, max_inferences: Option<u64>) -> String {
    let text = stop_text(stop, engine.cycles(), max_inferences);
    match engine.stop_detail() {
        Some(detail) if stop.is_limit() && stop != Stop::Limit(StopReason::CycleLimit) => {
            format!("{text}\n  ({detail})")
        }
        _ => text,
    }
}

/// Lets Ctrl-C stop the engine's run (exit 3 with the counters so far, as for the
/// searches): the engine watches the command line's monitor, which counts the run while
/// this guard lives.
pub struct Watch(());

impl Watch {
    /// Starts watching `engine`'s run.
    pub fn start(engine: &mut Engine) -> Watch {
        engine.set_monitor(&MONITOR);
        engine.set_prolog_interrupt(|_| MONITOR.is_interrupted());
        MONITOR.begin_run();
        Watch(())
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        MONITOR.end_run();
    }
}

/// One sentence on why a run stopped (`max_inferences`: the limit of one Prolog call,
/// named when it stopped the run).
pub fn stop_text(stop: Stop, cycles: u64, max_inferences: Option<u64>) -> String {
    use crate::tr;
    let after = tr!("rules-after", cycles = cycles);
    match stop {
        Stop::Goal => tr!("rules-stop-goal", after = after),
        Stop::Halt => tr!("rules-stop-halt", after = after),
        Stop::Quiescent => tr!("rules-stop-quiescent", after = after),
        Stop::Stuck => tr!("rules-stop-stuck", after = after),
        Stop::Limit(StopReason::CycleLimit) => tr!("rules-stop-cycle-limit", after = after),
        Stop::Limit(StopReason::TimeLimit) => tr!("rules-stop-time-limit", after = after),
        Stop::Limit(StopReason::MemoryLimit) => tr!("rules-stop-memory-limit", after = after),
        Stop::Limit(StopReason::InferenceLimit) => {
            let limit = max_inferences.map_or_else(|| tr!("rules-no-limit"), |n| n.to_string());
            tr!("rules-stop-inference-limit", after = after, limit = limit)
        }
        Stop::Limit(StopReason::Interrupted) => tr!("rules-stop-interrupted", after = after),
        _ => tr!("rules-stop-other", after = after),
    }
}

/// Writes one cycle of a trace.
pub fn write_trace(cycle: &Cycle, io: &mut Io) -> Result<(), CliError> {
    let set: Vec<String> = cycle.conflict_set.iter().map(|i| i.to_string()).collect();
    let said = crate::tr!(
        "rules-cycle",
        number = cycle.number.to_string(),
        count = set.len(),
        set = set.join("; ")
    );
    writeln!(io.out, "{said}")?;
    let rule = cycle.fired().name.to_string();
    writeln!(io.out, "  {}", crate::tr!("rules-fires", rule = rule))?;
    for f in &cycle.removed {
        writeln!(io.out, "  - {}", writeq(f))?;
    }
    for f in &cycle.added {
        writeln!(io.out, "  + {}", writeq(f))?;
    }
    Ok(())
}

/// The run's limits from the flags, in the shape every engine takes: cycles (as the
/// limit's nodes), time (counted from now), memory (`--max-memory 0`: stop at once, as
/// the searches do), and the command line's Ctrl-C monitor.
pub fn limits(max_cycles: u64, timeout: Option<Duration>, max_memory_mb: Option<u64>) -> Limits {
    let mut limits = Limits::new().max_nodes(max_cycles).monitor(&MONITOR);
    limits.timeout = timeout;
    limits.max_memory_bytes = max_memory_mb.map_or_else(default_memory_bytes, |mb| mb << 20);
    limits
}

/// Sets the engine's limits from the flags: cycles, time (counted from now), memory.
pub fn set_limits(
    engine: &mut Engine,
    max_cycles: u64,
    timeout: Option<Duration>,
    max_memory_mb: Option<u64>,
) {
    engine.set_limits(&limits(max_cycles, timeout, max_memory_mb));
}
