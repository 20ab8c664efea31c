//! What every subcommand shares: exit codes, errors, the input/output handles, the output
//! format and the search limits flags, converted to library types in one place.

use clap::{Args, ValueEnum};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// The exit codes of every subcommand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Solved, or success.
    Success = 0,
    /// No solution exists.
    NoSolution = 1,
    /// Bad input or usage.
    BadInput = 2,
    /// A limit stopped the search.
    Limit = 3,
}

impl Exit {
    /// The exit code for a search's stop reason.
    pub fn from_reason(reason: resolu_search::StopReason) -> Exit {
        use resolu_search::StopReason::*;
        match reason {
            Solved => Exit::Success,
            Exhausted => Exit::NoSolution,
            // Every other reason is a limit (`StopReason` is non-exhaustive).
            _ => Exit::Limit,
        }
    }
}

impl Exit {
    /// The worse of two exit codes, for commands that run several searches: bad input is
    /// worst, then a limit, then no solution, then success.
    pub fn worst(self, other: Exit) -> Exit {
        let rank = |e: Exit| match e {
            Exit::Success => 0,
            Exit::NoSolution => 1,
            Exit::Limit => 2,
            Exit::BadInput => 3,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// An error that ends a subcommand: bad input (exit 2, one line on stderr) or a failed
/// write (a broken pipe is a clean exit).
#[derive(Debug)]
pub enum CliError {
    /// Bad input or usage: the message names the problem (and line and column for files).
    Input(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Io(e)
    }
}

/// Shorthand for a bad-input error.
pub fn bad_input(msg: impl std::fmt::Display) -> CliError {
    CliError::Input(msg.to_string())
}

/// What a subcommand returns.
pub type CmdResult = Result<Exit, CliError>;

/// The terminal handles, passed down so that tests can script input and capture output.
pub struct Io<'a> {
    /// Standard input (interactive commands read answers from it).
    pub input: &'a mut dyn BufRead,
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Whether standard input is a terminal (interactive prompts are shown only then, or
    /// when a test asks for them).
    pub interactive: bool,
}

/// `--format text|json`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// Machine-readable JSON.
    Json,
}

/// The limit flags of every search subcommand.
#[derive(Args, Clone, Debug, Default)]
pub struct LimitArgs {
    /// Stop after expanding this many nodes (exit code 3).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds (decimal allowed; exit code 3).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Memory budget in megabytes, counted as stored states (default: half the memory
    /// really available to this process, at most 8 GiB; exit code 3 when reached).
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
}

impl LimitArgs {
    /// The node limit of `--max-nodes`: `None` without the flag, and for 0, which means no
    /// limit (as `prove --max-inferences 0` does).
    pub fn node_limit(&self) -> Option<u64> {
        self.max_nodes.filter(|&n| n > 0)
    }

    /// The library limits these flags describe.
    pub fn limits(&self) -> resolu_search::Limits {
        let mut limits = resolu_search::Limits::new()
            .max_memory_bytes(
                self.max_memory
                    .map_or_else(default_memory_bytes, |mb| mb.saturating_mul(1 << 20)),
            )
            .monitor(&crate::progress::MONITOR);
        // --max-nodes bounds a search's expanded nodes and a backtracking run's tries.
        limits.max_nodes = self.node_limit();
        limits.max_tries = self.node_limit();
        limits.timeout = self.timeout;
        limits
    }
}

/// Parses a decimal number of seconds.
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    Duration::try_from_secs_f64(secs).map_err(|_| format!("'{s}' is not a valid duration"))
}

/// The default memory budget: half the memory really available to this process, at most
/// 8 GiB. "Available" is the least of the machine's available memory (/proc/meminfo), what
/// the process's cgroups (v2 `memory.max`, v1 `memory.limit_in_bytes`, of the cgroup and its
/// ancestors) leave beyond their current usage, and what `RLIMIT_AS` and `RLIMIT_DATA` leave
/// beyond the process's current address space and data (/proc/self/limits and status).
/// Half, because the search's estimate of its own memory is not exact and a growing vector
/// briefly holds its old and new buffers. Read once per process: a batch of boards does
/// not read /proc for each one. The library's default where nothing can be read.
pub fn default_memory_bytes() -> u64 {
    static BUDGET: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BUDGET.get_or_init(|| match available_memory() {
        Some(bytes) => (bytes / 2).min(8 << 30),
        None => resolu_search::DEFAULT_MAX_MEMORY_BYTES,
    })
}

/// The memory this process may still use, in bytes (see [`default_memory_bytes`]).
fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let status = read("/proc/self/status");
    let status_kb = |key: &str| status.as_deref().and_then(|s| field_kb(s, key));
    let limits = read("/proc/self/limits");
    let rlimit = |name: &str| limits.as_deref().and_then(|s| soft_limit(s, name));
    let mut room = [
        read("/proc/meminfo")
            .and_then(|s| field_kb(&s, "MemAvailable:"))
            .map(|kb| kb.saturating_mul(1024)),
        rlimit("Max address space")
            .map(|max| max.saturating_sub(status_kb("VmSize:").unwrap_or(0) * 1024)),
        rlimit("Max data size")
            .map(|max| max.saturating_sub(status_kb("VmData:").unwrap_or(0) * 1024)),
    ]
    .into_iter()
    .flatten()
    .min();
    if let Some(cgroups) = read("/proc/self/cgroup") {
        for bytes in cgroup_room(&cgroups, |path| read(path)) {
            room = Some(room.map_or(bytes, |r| r.min(bytes)));
        }
    }
    room
}

/// The value in kB of the line starting with `key` in /proc/meminfo or /proc/self/status.
fn field_kb(text: &str, key: &str) -> Option<u64> {
    text.lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
}

/// The soft limit in bytes of the line `name` in /proc/self/limits (`None` if unlimited).
fn soft_limit(limits: &str, name: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with(name))?;
    line[name.len()..].split_whitespace().next()?.parse().ok()
}

/// What each memory cgroup of the process (from /proc/self/cgroup) and each of their
/// ancestors leaves: its limit minus its usage, for the limits that are set. `read` reads
/// a file of /sys/fs/cgroup.
fn cgroup_room(cgroups: &str, read: impl Fn(&str) -> Option<String>) -> Vec<u64> {
    let number = |text: Option<String>| text.and_then(|t| t.trim().parse::<u64>().ok());
    let mut room = Vec::new();
    for line in cgroups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = match (parts.next(), parts.next(), parts.next()) {
            (Some(id), Some(c), Some(p)) => (id, c, p),
            _ => continue,
        };
        // v2: "0::/path", files memory.max and memory.current (under /sys/fs/cgroup or,
        // in hybrid mode, /sys/fs/cgroup/unified); v1: "4:memory:/path".
        let (roots, limit_file, usage_file): (&[&str], _, _) = if controllers.is_empty() {
            (
                &["/sys/fs/cgroup", "/sys/fs/cgroup/unified"],
                "memory.max",
                "memory.current",
            )
        } else if controllers.split(',').any(|c| c == "memory") {
            (
                &["/sys/fs/cgroup/memory"],
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            )
        } else {
            continue;
        };
        for root in roots {
            let mut dir = path.trim_end_matches('/');
            loop {
                let limit = number(read(&format!("{root}{dir}/{limit_file}")));
                let usage = number(read(&format!("{root}{dir}/{usage_file}")));
                // "max" (v2) does not parse: no limit there.
                if let Some(limit) = limit {
                    room.push(limit.saturating_sub(usage.unwrap_or(0)));
                }
                match dir.rfind('/') {
                    Some(i) => dir = &dir[..i],
                    None => break,
                }
            }
        }
    }
    room
}

/// Writes `value` as one line of JSON.
pub fn write_json(out: &mut dyn Write, value: &serde_json::Value) -> io::Result<()> {
    writeln!(out, "{value}")
}

/// The `stats` object of the JSON output of a search.
pub fn stats_json(stats: &resolu_search::Stats) -> serde_json::Value {
    serde_json::json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "max_frontier": stats.max_frontier,
        "elapsed_ms": stats.elapsed_ms(),
    })
}

/// The counters of a search as one line of text, in this run's language.
pub fn stats_line(stats: &resolu_search::Stats) -> String {
    crate::tr!(
        "stats-line",
        expanded = stats.expanded,
        generated = stats.generated,
        duplicates = stats.duplicates,
        reopened = stats.reopened,
        frontier = stats.max_frontier,
        ms = format!("{:.3}", stats.elapsed_ms())
    )
}

/// The largest input file read (a graph of millions of edges is tens of MB).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Reads a file for a subcommand, with an error that names it. Refused before reading:
/// what is not a regular file (a directory, a device such as /dev/zero, a pipe) and files
/// over [`MAX_FILE_BYTES`]; a file that grows while read is cut there and refused too.
pub fn read_file(path: &std::path::Path) -> Result<String, CliError> {
    use std::io::Read;
    let cannot = |e: &dyn std::fmt::Display| {
        bad_input(crate::tr!(
            "error-cannot-read",
            path = path.display().to_string(),
            reason = e.to_string()
        ))
    };
    let meta = std::fs::metadata(path).map_err(|e| cannot(&e))?;
    if !meta.is_file() {
        return Err(cannot(&crate::tr!("error-not-a-file")));
    }
    let too_big = || cannot(&crate::tr!("error-file-too-big", mb = MAX_FILE_BYTES >> 20));
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big());
    }
    let file = std::fs::File::open(path).map_err(|e| cannot(&e))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(&e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        cannot(&crate::tr!(
            "error-not-utf8",
            offset = e.utf8_error().valid_up_to()
        ))
    })
}

/// Checks an output file flag (`--html`, `--svg`) when the command line is read, before any
/// run: the folder must exist and take a new file, and the path must not be a folder. A
/// mistyped path is refused at once (exit 2) instead of after a long search.
pub fn output_file(arg: &str) -> Result<std::path::PathBuf, String> {
    let path = std::path::PathBuf::from(arg);
    if arg.is_empty() {
        return Err("an empty path".into());
    }
    if path.is_dir() {
        return Err(format!("{arg} is a folder, not a file"));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(format!("the folder {} does not exist", dir.display()));
    }
    // Creating a file is the only sure test of a folder's permissions (root, ACLs, a
    // read-only mount): one is made and removed at once.
    let probe = dir.join(format!(".resolu-probe-{}", std::process::id()));
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(path)
        }
        Err(e) => Err(format!("cannot write in {}: {e}", dir.display())),
    }
}

/// Writes an output file whole or not at all (a temporary file renamed into place): a
/// failed write leaves the previous file as it was, never a truncated one.
pub fn write_output(path: &std::path::Path, bytes: &[u8]) -> Result<(), CliError> {
    resolu_puzzles::cache::write_atomically(path, |w| w.write_all(bytes)).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-cannot-write",
            path = path.display().to_string(),
            message = e.to_string()
        ))
    })
}

/// The algorithm flags of every search subcommand.
#[derive(Args, Clone, Debug)]
pub struct AlgoArgs {
    /// Search algorithm: random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar (in
    /// French: aleatoire, profondeur, profondeur-iterative, largeur, cout-uniforme, glouton,
    /// aetoile, aetoile-ponderee, idaetoile).
    #[arg(long, default_value = "astar", value_name = "ALGO")]
    pub algo: String,
    /// Weight w of weighted A* (f = g + w·h).
    #[arg(long, default_value_t = 2.0, value_name = "W")]
    pub weight: f64,
    /// Depth limit of dfs (number of steps).
    #[arg(long, value_name = "D")]
    pub depth_limit: Option<usize>,
    /// Seed of the random search.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

impl AlgoArgs {
    /// The algorithm named by `--algo`, with `--weight` for wastar.
    pub fn algorithm(&self) -> Result<resolu_search::Algorithm, CliError> {
        algorithm_named(&self.algo, self.weight)?.ok_or_else(|| {
            bad_input(resolu_search::ParseAlgorithmError(self.algo.clone()).to_string())
        })
    }
}

/// The search algorithm called `name`, with `weight` (`--weight`, at least 1) if it is
/// weighted A*; `None` if no algorithm has that name, for the caller to say so in its own
/// words.
pub fn algorithm_named(
    name: &str,
    weight: f64,
) -> Result<Option<resolu_search::Algorithm>, CliError> {
    use resolu_search::Algorithm;
    Ok(match name.parse::<Algorithm>() {
        Ok(Algorithm::WeightedAstar) => {
            if !(weight.is_finite() && weight >= 1.0) {
                return Err(bad_input(crate::tr!(
                    "error-weight",
                    weight = weight.to_string()
                )));
            }
            Some(Algorithm::WeightedAstar)
        }
        Ok(other) => Some(other),
        Err(_) => None,
    })
}

/// The JSON object of a search result: `{"solved", "length", "cost", "moves", "stats",
/// "reason"}`; `moves` is given by the caller, in the problem's own notation.
pub fn search_json<S, A>(
    outcome: &resolu_search::Outcome<S, A>,
    moves: Vec<serde_json::Value>,
) -> serde_json::Value {
    let solved = outcome.is_solved();
    serde_json::json!({
        "solved": solved,
        "length": outcome.path.as_ref().map(|p| p.len()),
        "cost": outcome.path.as_ref().map(|p| p.cost),
        "moves": moves,
        "stats": stats_json(&outcome.stats),
        "reason": if solved { None } else { Some(outcome.reason.as_str()) },
    })
}

/// The JSON of an instance refused before any search because no solution can exist.
pub fn unsolvable_json() -> serde_json::Value {
    serde_json::json!({
        "solved": false,
        "length": null,
        "cost": null,
        "moves": [],
        "stats": stats_json(&resolu_search::Stats::default()),
        "reason": "unsolvable",
    })
}

/// A one-line explanation of why a search stopped without a solution, in this run's
/// language.
pub fn reason_text(reason: resolu_search::StopReason) -> String {
    use resolu_search::StopReason::*;
    crate::tr!(match reason {
        Solved => "reason-solved",
        Exhausted => "reason-exhausted",
        NodeLimit => "reason-node-limit",
        TimeLimit => "reason-time-limit",
        MemoryLimit => "reason-memory-limit",
        DepthLimit => "reason-depth-limit",
        Interrupted => "reason-interrupted",
        _ => "reason-other-limit",
    })
}

/// [`reason_text`] with the depth limit named: "no solution within depth D".
pub fn search_stop_text(reason: resolu_search::StopReason, depth_limit: Option<usize>) -> String {
    match (reason, depth_limit) {
        (resolu_search::StopReason::DepthLimit, Some(d)) => {
            crate::tr!("reason-depth-limit-at", depth = d)
        }
        _ => reason_text(reason),
    }
}

/// `s` with its first letter in upper case.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// The `stats` object of the JSON output of a backtracking run.
pub fn backtrack_stats_json(stats: &resolu_search::backtrack::BacktrackStats) -> serde_json::Value {
    serde_json::json!({
        "tries": stats.tries,
        "backtracks": stats.backtracks,
        "solutions": stats.solutions,
        "elapsed_ms": stats.elapsed_ms(),
    })
}

/// The counters of a backtracking run as one line of text, in this run's language.
pub fn backtrack_stats_line(stats: &resolu_search::backtrack::BacktrackStats) -> String {
    crate::tr!(
        "backtrack-stats-line",
        tries = stats.tries,
        backtracks = stats.backtracks,
        depth = stats.max_depth,
        ms = format!("{:.3}", stats.elapsed_ms())
    )
}

/// A sentence on why a backtracking run for the first `noun` (`tour`, `path` or
/// `solution`, the catalogue's selector) stopped; the limits are worded as in
/// [`reason_text`], except that a backtracking run counts tries, not nodes.
pub fn backtrack_stop_text(reason: resolu_search::StopReason, noun: &str) -> String {
    use resolu_search::StopReason::*;
    match reason {
        Solved => crate::tr!("backtrack-found", noun = noun),
        Exhausted => crate::tr!("backtrack-exhausted", noun = noun),
        NodeLimit => crate::tr!("backtrack-tries-limit"),
        _ => {
            format!("{}.", capitalise(&reason_text(reason)))
        }
    }
}

/// A teaching trace: one line per expansion with g, h and the priority the algorithm orders
/// its frontier by (f = g + h for A*, f = g + w·h for weighted A*, h for greedy), the state
/// drawn by `show`.
pub struct ExpansionTrace<'w, F> {
    out: &'w mut dyn Write,
    show: F,
    count: u64,
    algorithm: resolu_search::Algorithm,
    weight: f64,
}

impl<'w, F> ExpansionTrace<'w, F> {
    /// A trace of `algorithm`'s expansions (with `weight` if it is weighted A*) written to
    /// `out`, drawing states with `show`.
    pub fn new(
        out: &'w mut dyn Write,
        show: F,
        algorithm: resolu_search::Algorithm,
        weight: f64,
    ) -> Self {
        ExpansionTrace {
            out,
            show,
            count: 0,
            algorithm,
            weight,
        }
    }
}

impl<S, A, F: FnMut(&S) -> String> resolu_search::Observer<S, A> for ExpansionTrace<'_, F> {
    fn expand(&mut self, state: &S, g: f64, h: f64) {
        self.count += 1;
        // A failed write of a trace line surfaces on the next write of the main output.
        use resolu_search::Algorithm;
        // Say what the frontier is ordered by: a sum g + h printed for greedy or weighted
        // A* would be a number the algorithm never looked at.
        let priority = match self.algorithm {
            Algorithm::Greedy => crate::tr!("trace-greedy", h = h.to_string(), g = g.to_string()),
            Algorithm::WeightedAstar => {
                let w = self.weight;
                format!("f = g + {w}·h = {} (g = {g}, h = {h})", g + w * h)
            }
            _ => format!("f = {} (g = {g}, h = {h})", g + h),
        };
        let _ = writeln!(
            self.out,
            "{}",
            crate::tr!(
                "trace-expand",
                count = self.count,
                priority = priority,
                state = (self.show)(state)
            )
        );
    }
    fn iteration(&mut self, bound: f64) {
        let _ = writeln!(
            self.out,
            "{}",
            crate::tr!("trace-iteration", bound = bound.to_string())
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_limits_are_read_from_proc_text() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units
Max data size             unlimited            unlimited            bytes
Max address space         4096000000           unlimited            bytes
";
        assert_eq!(soft_limit(limits, "Max address space"), Some(4_096_000_000));
        assert_eq!(soft_limit(limits, "Max data size"), None);
        assert_eq!(field_kb("VmSize:\t   12345 kB\n", "VmSize:"), Some(12345));
    }

    #[test]
    fn cgroup_limits_of_the_group_and_its_ancestors_count() {
        let files = |path: &str| -> Option<String> {
            match path {
                "/sys/fs/cgroup/a/b/memory.max" => Some("max\n".into()),
                "/sys/fs/cgroup/a/b/memory.current" => Some("100\n".into()),
                "/sys/fs/cgroup/a/memory.max" => Some("1000\n".into()),
                "/sys/fs/cgroup/a/memory.current" => Some("300\n".into()),
                "/sys/fs/cgroup/memory/x/memory.limit_in_bytes" => Some("5000".into()),
                "/sys/fs/cgroup/memory/x/memory.usage_in_bytes" => Some("1000".into()),
                _ => None,
            }
        };
        assert_eq!(cgroup_room("0::/a/b\n", files), [700]);
        assert_eq!(cgroup_room("4:memory:/x\n3:cpu:/y\n", files), [4000]);
        assert!(cgroup_room("0::/\n", files).is_empty());
    }

    #[test]
    fn the_default_budget_is_read_once_and_is_positive() {
        let first = default_memory_bytes();
        assert!(first > 0 && first <= 8 << 30);
        assert_eq!(default_memory_bytes(), first);
    }
}
