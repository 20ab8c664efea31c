//! Signs of life and a clean stop for long runs: a progress line on standard error (only
//! when it is a terminal and the output is not JSON) and Ctrl-C, which stops the running
//! search at its next clock check, so that the command prints the counters so far and exits
//! with code 3.
//!
//! The searches know nothing of terminals: they publish their counters to [`MONITOR`] (a
//! `resolu_search::Monitor` that every `LimitArgs::limits` sets) and stop when its flag is
//! raised. This module reads it from a thread of its own.

use resolu_search::Monitor;
use std::io::{self, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The monitor of every search and backtracking run of the command line.
pub static MONITOR: Monitor = Monitor::new();

/// How long a run goes before the line appears: short runs print nothing more.
const QUIET_START: Duration = Duration::from_millis(1500);
/// How often the line is redrawn.
const REDRAW: Duration = Duration::from_millis(250);

/// Whether the progress line is on the screen (the lock also keeps two writers from
/// mixing their bytes on standard error).
static SHOWN: Mutex<bool> = Mutex::new(false);
/// Set when standard output was written to: the line waits before it comes back.
static OUTPUT_SEEN: AtomicBool = AtomicBool::new(false);

/// How many [`InterruptHold`]s are alive.
static HOLDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// While alive, Ctrl-C raises [`MONITOR`]'s flag instead of ending the process, even between
/// two searches: a command that runs many (an experiment) or that watches the flag itself
/// takes one, so that it can stop cleanly, say what was cut and keep what was done.
pub struct InterruptHold(());

/// Takes an [`InterruptHold`].
pub fn hold_interrupts() -> InterruptHold {
    HOLDS.fetch_add(1, Ordering::Relaxed);
    InterruptHold(())
}

impl Drop for InterruptHold {
    fn drop(&mut self) {
        HOLDS.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Ctrl-C: while a search runs (or an [`InterruptHold`] is held), the first one stops it
/// cleanly (exit 3 with the counters); a second one, or one while nothing watches the flag,
/// ends the process at once with the conventional code 130.
pub fn handle_interrupts() {
    // Without a handler (another one installed, no signals), Ctrl-C keeps its default.
    let _ = ctrlc::set_handler(|| {
        let watched = MONITOR.running() > 0 || HOLDS.load(Ordering::Relaxed) > 0;
        if watched && !MONITOR.is_interrupted() {
            MONITOR.interrupt();
        } else {
            clear_line();
            std::process::exit(130);
        }
    });
}

/// Starts the thread that draws the progress line of the runs watched by [`MONITOR`].
pub fn show_progress() {
    let _ = std::thread::Builder::new()
        .name("progress".into())
        .spawn(draw_loop);
}

fn draw_loop() {
    // The run being shown: its number, when this thread first saw it, when the line may
    // appear.
    let mut current: Option<(u64, Instant)> = None;
    let mut quiet_until = Instant::now() + QUIET_START;
    // The count last drawn (or current when the command last wrote): a run that does not
    // advance (waiting at `--all`'s question) draws nothing over the prompt.
    let mut last_nodes = u64::MAX;
    loop {
        std::thread::sleep(REDRAW);
        if OUTPUT_SEEN.swap(false, Ordering::Relaxed) {
            quiet_until = Instant::now() + Duration::from_secs(1);
            last_nodes = MONITOR.expanded();
        }
        if MONITOR.running() == 0 {
            current = None;
            clear_line();
            continue;
        }
        let run = MONITOR.started();
        let started = match current {
            Some((n, at)) if n == run => at,
            _ => {
                let now = Instant::now();
                current = Some((run, now));
                quiet_until = quiet_until.max(now + QUIET_START);
                now
            }
        };
        let now = Instant::now();
        if now < quiet_until {
            continue;
        }
        let elapsed = now - started;
        let nodes = MONITOR.expanded();
        if nodes == last_nodes {
            continue;
        }
        last_nodes = nodes;
        let rate = nodes as f64 / elapsed.as_secs_f64().max(1e-3);
        let line = format!(
            "{} nodes, {}/s, {} MB, {:.1} s (Ctrl-C stops)",
            grouped(nodes),
            grouped(rate as u64),
            MONITOR.memory_bytes() >> 20,
            elapsed.as_secs_f64()
        );
        if let Ok(mut shown) = SHOWN.lock() {
            let _ = write!(io::stderr(), "\r\x1b[2K{line}");
            let _ = io::stderr().flush();
            *shown = true;
        }
    }
}

/// Erases the progress line if it is shown.
pub fn clear_line() {
    if let Ok(mut shown) = SHOWN.lock()
        && *shown
    {
        let _ = write!(io::stderr(), "\r\x1b[2K");
        let _ = io::stderr().flush();
        *shown = false;
    }
}

/// `n` with thin groups of three digits: 12 345 678.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Standard output, erasing the progress line before each write so that the two never
/// share a line of the terminal.
pub struct ClearingWriter<W>(pub W);

impl<W: Write> Write for ClearingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        OUTPUT_SEEN.store(true, Ordering::Relaxed);
        clear_line();
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn large_numbers_are_grouped_by_three() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1000), "1 000");
        assert_eq!(super::grouped(12_345_678), "12 345 678");
    }
}
