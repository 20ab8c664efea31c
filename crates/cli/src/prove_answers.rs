//! How `resolu prove` reports: answers written as the prover finds them (text
//! abbreviated as SWI-Prolog's top level, or whole; JSON whole and streamed), and the
//! stops (a limit, Ctrl-C, halt/0,1) in words and in JSON.

use crate::common::{CliError, CmdResult, Exit, Io};
use crate::html::ProofPage;
use resolu_logic::{
    AnswerForm, AnswerWriteError, Database, Options, ReadTerm, Solutions, SolveError,
};

/// halt/0,1: what was written is flushed and the process ends with `code`, at once.
pub fn halt_now(io: &mut Io, code: i32) -> ! {
    let _ = io.out.flush();
    crate::progress::clear_line();
    std::process::exit(code)
}

/// The JSON of a run ended by halt/0,1: the answers so far and the exit code.
pub fn halt_json(answers: Vec<serde_json::Value>, code: i32) -> serde_json::Value {
    serde_json::json!({"answers": answers, "exhausted": false, "error": null, "halt": code})
}

/// The `reason` word of a stop, as the searches say it.
fn stop_reason(e: &SolveError) -> &'static str {
    // The budget, or memory the system refused (a resource error).
    e.stop_reason()
        .map_or("memory-limit", resolu_search::StopReason::as_str)
}

/// The JSON of a run stopped by a limit or Ctrl-C: the answers so far, the error as
/// before, the `reason` word, the message and the inferences (when known).
pub fn stop_json(
    answers: Vec<serde_json::Value>,
    e: &SolveError,
    inferences: Option<u64>,
) -> serde_json::Value {
    let mut obj = serde_json::json!({
        "answers": answers,
        "exhausted": false,
        "error": e.to_string(),
        "reason": stop_reason(e),
        "message": crate::i18n::in_english(|| limit_message(e)),
    });
    if let Some(n) = inferences {
        obj["inferences"] = n.into();
    }
    obj
}

/// The sentence of a stop, in this run's language: the limit, its flag and how to raise it.
pub fn limit_message(e: &SolveError) -> String {
    match e {
        SolveError::InferenceLimit(n) => {
            crate::tr!("prove-stop-inferences", limit = n.to_string())
        }
        SolveError::Timeout(d) => {
            crate::tr!("prove-stop-time", seconds = d.as_secs_f64().to_string())
        }
        SolveError::MemoryLimit(b) => {
            crate::tr!("prove-stop-memory", mb = b.div_ceil(1 << 20).to_string())
        }
        SolveError::Interrupted => crate::tr!("prove-stop-interrupted"),
        SolveError::Thrown(t) if e.is_limit() => {
            crate::tr!("prove-stop-out-of-memory", error = t.to_string())
        }
        other => other.to_string(),
    }
}

/// Leaves a query stopped by a limit to the end of the process rather than freeing it: it
/// may hold gigabytes of small allocations (findall/3 copies), whose freeing would take a
/// good part of the time limit again. The command returns right after.
pub fn exit_soon(sols: Solutions<'_>) {
    std::mem::forget(sols);
}

/// The answer form the flag asks for.
pub fn form(whole: bool) -> AnswerForm {
    if whole {
        AnswerForm::Whole
    } else {
        AnswerForm::Abbreviated
    }
}

/// Writes the answer just found by `next_answer` on a line of its own, as it is read off
/// the prover's heap. A limit reached while writing (the time limit, Ctrl-C) ends the line
/// and gives the stop (exit 3 for the caller, its message written).
pub fn print_answer(
    sols: &mut Solutions<'_>,
    form: AnswerForm,
    io: &mut Io,
) -> Result<Option<SolveError>, CliError> {
    match sols.write_answer(io.out, form) {
        Ok(()) => {
            writeln!(io.out)?;
            Ok(None)
        }
        Err(AnswerWriteError::Stopped(e)) => {
            writeln!(io.out)?;
            let stop = limit_message(&e);
            writeln!(io.out, "{}", crate::tr!("prove-while-writing", stop = stop))?;
            if e == SolveError::Interrupted {
                let count = sols.inferences().to_string();
                writeln!(
                    io.out,
                    "{}",
                    crate::tr!("prove-inferences-so-far", count = count)
                )?;
            }
            Ok(Some(e))
        }
        Err(AnswerWriteError::Io(e)) => Err(e.into()),
        Err(other) => Err(crate::common::bad_input(other.to_string())),
    }
}

/// Writes the rest of a JSON report whose `"answers":[` array is open: closes it and
/// writes the other keys of `report` (an object whose `answers` is empty).
fn close_json(io: &mut Io, report: &serde_json::Value) -> std::io::Result<()> {
    let text = report.to_string();
    let rest = text.strip_prefix("{\"answers\":[]").unwrap_or("}");
    writeln!(io.out, "]{rest}")
}

/// `--format json`: `{"answers":[{"X":"Value",...},...],"exhausted":...,"error":...}`,
/// each answer written (whole) as it is found, never held whole in memory.
/// With `page` on (`--html`), each answer is also read back for the page.
pub fn run_json(
    db: &mut Database,
    q: &ReadTerm,
    options: Options,
    limit: Option<usize>,
    io: &mut Io,
    page: &ProofPage,
) -> CmdResult {
    let mut sols = db.solve(q, options);
    if page.is_on() {
        let page = page.clone();
        sols.set_observer(Box::new(move |e: &resolu_logic::TraceEvent| page.event(e)));
    }
    let mut error = serde_json::Value::Null;
    let mut exhausted = true;
    let mut exit = Exit::NoSolution;
    let mut count = 0usize;
    write!(io.out, "{{\"answers\":[")?;
    loop {
        if limit.is_some_and(|l| count >= l) {
            exhausted = sols.is_exhausted();
            break;
        }
        let next = if page.is_on() {
            sols.next().map(|r| r.map(Some))
        } else {
            sols.next_answer().map(|r| r.map(|()| None))
        };
        match next {
            None => break,
            Some(Ok(read)) => {
                if count > 0 {
                    write!(io.out, ",")?;
                }
                let written = match read {
                    Some(a) => {
                        page.answer(&a);
                        let object: serde_json::Map<String, serde_json::Value> = a
                            .bindings
                            .iter()
                            .map(|(n, t)| (n.clone(), a.operators().writeq(t).into()))
                            .collect();
                        write!(io.out, "{}", serde_json::Value::Object(object))?;
                        Ok(())
                    }
                    None => sols.write_answer_json(io.out),
                };
                match written {
                    Ok(()) => {}
                    Err(AnswerWriteError::Stopped(e)) => {
                        // The value cut where the limit stopped it: the object closed, and
                        // the report says that its last answer is cut.
                        write!(io.out, "\"}}")?;
                        let mut report = stop_json(Vec::new(), &e, Some(sols.inferences()));
                        report["answer_cut"] = true.into();
                        close_json(io, &report)?;
                        exit_soon(sols);
                        return Ok(Exit::Limit);
                    }
                    Err(AnswerWriteError::Io(e)) => return Err(e.into()),
                    Err(other) => return Err(crate::common::bad_input(other.to_string())),
                }
                count += 1;
                exit = Exit::Success;
            }
            Some(Err(SolveError::Halt(code))) => {
                close_json(io, &halt_json(Vec::new(), code))?;
                halt_now(io, code);
            }
            Some(Err(e)) => {
                if e.is_limit() {
                    close_json(io, &stop_json(Vec::new(), &e, Some(sols.inferences())))?;
                    exit_soon(sols);
                    return Ok(Exit::Limit);
                }
                exit = Exit::NoSolution;
                error = serde_json::Value::String(e.to_string());
                break;
            }
        }
    }
    let _ = sols.take_output();
    let report = serde_json::json!({"answers": [], "exhausted": exhausted, "error": error});
    close_json(io, &report)?;
    Ok(exit)
}
