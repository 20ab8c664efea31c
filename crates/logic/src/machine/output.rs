//! The program's output on its way out: what write/1, nl/0, format/2... write is kept in
//! `output` only until the next newline (or a few kilobytes), then sent to the database's
//! sink (standard output for the CLI), so a program that writes forever runs in constant
//! memory and what it wrote survives its end, however it ends. with_output_to/2 captures
//! instead: nothing captured leaves before the capture ends.

use super::*;

/// The buffered bytes past which the output is sent to the sink even without a newline.
const FLUSH_AT: usize = 8 * 1024;

/// The characters written by one step of a long repetition (tab/1, format's `~*c`):
/// between two steps, the output is flushed and the clock and budget looked at.
pub(in crate::machine) const REPEAT_STEP: u64 = 64 * 1024;

/// `error(io_error(Action, Stream), _)`.
pub(super) fn io_error(action: &str, stream: &str) -> Term {
    error_term(Term::compound(
        "io_error",
        vec![Term::atom(action), Term::atom(stream)],
    ))
}

impl Machine<'_> {
    /// Writes `text` to the program's output.
    pub(in crate::machine) fn write_out(&mut self, text: &str) -> Result<(), Stop> {
        if self.output.try_reserve(text.len()).is_err() {
            return Err(self.out_of_memory(false));
        }
        self.output.push_str(text);
        if !self.captures.is_empty() {
            return Ok(());
        }
        if let Some(out) = self.db.output.as_mut() {
            if self.output.len() >= FLUSH_AT || text.contains('\n') {
                let sent = out.write(&self.output, false);
                self.output.clear();
                sent.map_err(|_| Stop::ball(io_error("write", "user_output")))?;
            } else {
                out.mark_waiting();
            }
        }
        Ok(())
    }

    /// Flushes the output when written text has waited too long (a slow program's
    /// lines appear as they are written even through a buffered sink).
    pub(in crate::machine) fn flush_if_stale(&mut self) -> Result<(), Stop> {
        if self.db.output.as_ref().is_some_and(|o| o.is_stale()) {
            self.flush_output()?;
        }
        Ok(())
    }

    /// Writes `c` `n` times, a step at a time: a huge count streams out (or, captured,
    /// grows within the memory budget), and the clock, the budget and Ctrl-C are looked
    /// at between steps.
    pub(in crate::machine) fn write_out_repeated(&mut self, c: char, n: u64) -> Result<(), Stop> {
        let mut left = n;
        let mut step = String::new();
        while left > 0 {
            let k = left.min(REPEAT_STEP);
            if step.chars().count() as u64 != k {
                step = std::iter::repeat_n(c, k as usize).collect();
            }
            self.write_out(&step)?;
            left -= k;
            if left > 0 {
                self.check_clock_and_memory(0)?;
            }
        }
        Ok(())
    }

    /// Sends the buffered output to the sink (when there is one and nothing is being
    /// captured) and flushes it.
    pub(in crate::machine) fn flush_output(&mut self) -> Result<(), Stop> {
        if !self.captures.is_empty() {
            return Ok(());
        }
        let Some(out) = self.db.output.as_mut() else {
            return Ok(());
        };
        let sent = out.write(&self.output, true);
        self.output.clear();
        if self.output.capacity() > 4 * FLUSH_AT {
            self.output.shrink_to(FLUSH_AT);
        }
        sent.map_err(|_| Stop::ball(io_error("write", "user_output")))
    }

    /// At the end of a step of the query: captures left open by an error are dropped,
    /// and the output is flushed (a failing sink is not the query's error any more).
    pub(super) fn settle_output(&mut self, failed: bool) {
        if failed && let Some(&start) = self.captures.first() {
            self.output.truncate(start);
            self.captures.clear();
        }
        let _ = self.flush_output();
    }

    /// '$out_push': starts capturing the output (with_output_to/2).
    pub(in crate::machine) fn capture_start(&mut self) -> Res {
        if self.captures.is_empty() {
            self.flush_output()?;
        }
        self.captures.push(self.output.len());
        Ok(true)
    }

    /// '$out_pop'(Text): ends the innermost capture, Text the string it captured.
    pub(in crate::machine) fn capture_end(&mut self, args: u32) -> Res {
        let Some(start) = self.captures.pop() else {
            return Ok(false);
        };
        let start = start.min(self.output.len());
        let text = self.output.split_off(start);
        let s = self.put_string(&text)?;
        Ok(self.unify(self.heap[args as usize], s))
    }
}
