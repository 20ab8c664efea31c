//! `resolu prove`: backward chaining with the Prolog-like prover of resolu-logic.

use crate::common::{
    CliError, CmdResult, Exit, Format, Io, bad_input, default_memory_bytes, parse_seconds,
    read_file, write_json,
};
use crate::html::ProofPage;
use crate::input_errors_fr::part;
use crate::progress::{ClearingWriter, MONITOR};
use crate::prove_answers::{
    exit_soon, form, halt_json, halt_now, limit_message, print_answer, run_json, stop_json,
};
use clap::{Args as ClapArgs, ValueEnum};
use resolu_logic::{
    Answer, Database, Operators, Options, ReadTerm, Solutions, SolveError, Term, TraceEvent,
    Unknown,
};
use resolu_search::Limits;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The course's car-diagnosis base.
pub const CAR_PL: &str = include_str!("../../../../examples/prolog/car.pl");

/// Flags of `resolu prove`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu prove examples/prolog/car.pl 'voiture_OK'              the course's diagnosis
  resolu prove examples/course/dat.txt 'A, D' --trace course --lang fr   the lab's DAT trace
  resolu prove examples/course/dat.txt 'A ; F'                  the lab's notation, ; for or
  resolu prove examples/prolog/car.pl voiture_OK --trace        DAT on the car base (--lang en|fr)
  resolu prove examples/prolog/car.pl voiture_OK --trace=steps  every resolution step, compact
  resolu prove examples/prolog/car.pl voiture_OK --explain      the proof tree
  resolu prove examples/prolog/tiny.pl 'a, f'                   false. (f is unknown: false)
  resolu prove examples/prolog/family.pl 'grandparent(tom, X)'
  resolu prove examples/prolog/lists.pl 'append(X, Y, [1,2])' --format json
  resolu prove examples/prolog/queens.pl 'queens2(8, Qs)' --limit 3
  resolu prove examples/prolog/family.pl 'ancestor(tom, X)' --trace=ports
  resolu prove examples/prolog/family.pl                        interactive: ?- prompt, ';' for more

Answers print as `X = tom, Y = bob` (`true` when the query has no variable to show), and
`false.` when there is none. Long answers are abbreviated as SWI-Prolog's top level does:
`numlist(1, 100, L)` prints `L = [1,2,3,4,5,6,7,8,9|...]`; --whole-answers prints them
whole (`resolu prove f.pl 'numlist(1, 100, L)' --whole-answers`), written as they are
produced and within --timeout. Exit codes: 0 at least one answer, 1 none (or an uncaught error
of the program), 2 syntax error or bad usage, 3 a limit stopped it (inferences, time or
memory; directives of the file count too). By default a query may make 100,000,000
inferences (a few seconds) and use half the available memory: a runaway loop stops with a
message naming the limit; raise them with --max-inferences (0: no limit) and --max-memory.
Ctrl-C stops a query the same way (exit 3, with the inferences so far). halt(N) ends the
process with exit code N at once. Inside Prolog, running out of memory raises
resource_error(memory), which catch/3 can catch. What the program writes appears as it is
written; read/1 and get_char/1 read standard input as they need it.")]
pub struct Args {
    /// The program (Prolog clauses and directives).
    pub file: PathBuf,
    /// The query, with or without its final period; without it, an interactive top level.
    // A query may start with `-` (`'-1 =:= X'`): it is read as the query, not an option.
    #[arg(allow_hyphen_values = true)]
    pub query: Option<String>,
    /// Stop after this many answers.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Trace the proof: `course` (the lab's DAT trace: each conjunction still to prove,
    /// numbered by level, and each rule chosen, until the first success), `steps` (the
    /// conjunction and clause of every resolution, compact) or `ports` (call, exit, redo,
    /// fail).
    #[arg(long, value_enum, value_name = "STYLE", num_args = 0..=1,
          default_missing_value = "course")]
    pub trace: Option<TraceStyle>,
    /// Print each answer's proof tree: which clause proved each goal.
    #[arg(long)]
    pub explain: bool,
    /// Print answers whole: by default a list is cut after 9 elements and a term nested
    /// deeper than 10 levels, as SWI-Prolog's top level does (`L = [1,2,3,4,5,6,7,8,9|...]`).
    /// JSON answers are always whole.
    #[arg(long)]
    pub whole_answers: bool,
    /// What a call to an unknown predicate does: error (existence_error) or fail.
    #[arg(long, value_enum, value_name = "MODE")]
    pub unknown: Option<UnknownArg>,
    /// Stop after this many inferences (exit code 3; default 100000000, 0 for no limit).
    #[arg(long, value_name = "N")]
    pub max_inferences: Option<u64>,
    /// Memory budget in megabytes for the prover's stacks and findall buffers (default:
    /// half the memory available to the process; past it resource_error(memory), exit
    /// code 3 when not caught).
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
    /// Stop after this many seconds (decimal allowed; exit code 3).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub html: crate::html::HtmlArg,
    /// How the file is written: prolog, or course (the lab's `A <- B, C.` and `B <- True.`,
    /// symbols whatever their case; the query is then `'A, D'`, `;` for or). Default: course
    /// when the file has a `<-` or `←` arrow, else prolog.
    #[arg(long, value_enum, value_name = "SYNTAX")]
    pub syntax: Option<SyntaxArg>,
}

/// `--syntax`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SyntaxArg {
    /// Standard Prolog (capitals are variables).
    Prolog,
    /// The lab's notation: `A <- B, C.`
    Course,
}

/// The trace styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceStyle {
    /// The lab's DAT trace: each conjunction still to prove, by level, and the rule chosen.
    Course,
    /// Every resolution step, compact: the conjunction and the clause chosen.
    Steps,
    /// Prolog's ports: call, exit, redo, fail.
    Ports,
}

/// `--unknown`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum UnknownArg {
    /// existence_error (standard Prolog).
    Error,
    /// Fail: a fact not in the base is false.
    Fail,
}

/// The default `--max-inferences`: a few seconds of a runaway loop.
pub const DEFAULT_MAX_INFERENCES: u64 = 100_000_000;

/// What loading stopped on: bad input, a directive stopped by a limit (its line and
/// the limit), or a directive that called halt/0,1.
pub enum LoadError {
    /// Bad input (exit 2).
    Cli(CliError),
    /// A directive ran into a limit (exit 3).
    Limit(usize, SolveError),
    /// A directive called halt/0,1: the process ends with this code.
    Halt(i32),
}

impl From<CliError> for LoadError {
    fn from(e: CliError) -> Self {
        LoadError::Cli(e)
    }
}

/// Where what a program writes goes, as it writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgramOutput {
    /// Standard output (as SWI-Prolog; the text commands).
    Stdout,
    /// Standard error (beside JSON on standard output).
    Stderr,
    /// Nowhere (a replay whose output was already shown).
    Discard,
}

impl ProgramOutput {
    /// Sends `db`'s output there.
    fn attach(self, db: &mut Database) {
        match self {
            // A terminal shows each line at once; a pipe or file gets whole blocks (the
            // prover still flushes them when text waited a tenth of a second).
            ProgramOutput::Stdout if std::io::stdout().is_terminal() => {
                db.set_output(LineEnd(ClearingWriter(std::io::stdout())))
            }
            ProgramOutput::Stdout => db.set_output(std::io::BufWriter::with_capacity(
                1 << 16,
                LineEnd(ClearingWriter(std::io::stdout())),
            )),
            ProgramOutput::Stderr => db.set_output(std::io::stderr()),
            ProgramOutput::Discard => db.set_output(std::io::sink()),
        }
    }
}

/// Whether the program's output on standard output ends a line (or nothing was written):
/// a stop's message then starts on a line of its own.
static AT_LINE_START: AtomicBool = AtomicBool::new(true);

/// The program's standard output, noting in [`AT_LINE_START`] whether it ends a line.
struct LineEnd<W>(W);

impl<W: Write> Write for LineEnd<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.0.write(buf)?;
        if let Some(&last) = buf[..n].last() {
            AT_LINE_START.store(last == b'\n', Ordering::Relaxed);
        }
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Writes a stop's message on a line of its own, after the program's output.
fn write_stop(out: &mut dyn Write, message: &str) -> std::io::Result<()> {
    if !AT_LINE_START.swap(true, Ordering::Relaxed) {
        writeln!(out)?;
    }
    writeln!(out, "{message}")
}

/// Loads `text` into a new database, with errors naming `origin`, line and column; the
/// directives run under the limits of `options`, their output sent to `output`.
pub fn load(
    text: &str,
    origin: &str,
    unknown: Option<UnknownArg>,
    options: &Options,
    output: ProgramOutput,
) -> Result<Database, LoadError> {
    let mut db = Database::new();
    output.attach(&mut db);
    let report = db.consult_with(text, options).map_err(|e| match e {
        resolu_logic::ConsultError::Syntax(p) => LoadError::Cli(bad_input(
            crate::input_errors_fr::syntax(origin, p.line, p.column, &p.message, &p.near)
                .unwrap_or_else(|| {
                    format!(
                        "{origin}:{}:{}: syntax error: {} (near `{}`)",
                        p.line, p.column, p.message, p.near
                    )
                }),
        )),
        resolu_logic::ConsultError::Clause {
            error: SolveError::Halt(code),
            ..
        } => LoadError::Halt(code),
        resolu_logic::ConsultError::Clause { line, error } if error.is_limit() => {
            LoadError::Limit(line, error)
        }
        resolu_logic::ConsultError::Clause { line, error } => {
            let hint = crate::course_trace::capitals_hint(text, line, &error);
            let message = format!("{}{hint}", part(&error));
            LoadError::Cli(bad_input(crate::tr!(
                "refusal-origin-line",
                origin = origin,
                line = line.to_string(),
                message = message
            )))
        }
    })?;
    for w in &report.warnings {
        let warning = w.to_string();
        eprintln!(
            "{}",
            crate::tr!("prove-warning", origin = origin, warning = warning)
        );
    }
    match unknown {
        Some(UnknownArg::Fail) => db.set_unknown(Unknown::Fail),
        Some(UnknownArg::Error) => db.set_unknown(Unknown::Error),
        None => {}
    }
    Ok(db)
}

fn parse_user_query(db: &Database, text: &str) -> Result<ReadTerm, CliError> {
    db.parse_query(text).map_err(|p| {
        let french = crate::input_errors_fr::syntax(
            &crate::tr!("input-query"),
            p.line,
            p.column,
            &p.message,
            &p.near,
        );
        bad_input(french.unwrap_or_else(|| {
            format!(
                "query:{}:{}: syntax error: {} (near `{}`)",
                p.line, p.column, p.message, p.near
            )
        }))
    })
}

/// Runs `resolu prove`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let text = read_file(&args.file)?;
    let origin = args.file.display().to_string();
    let course_syntax = match args.syntax {
        Some(SyntaxArg::Course) => true,
        Some(SyntaxArg::Prolog) => false,
        None => resolu_logic::course::looks_like_course(&text),
    };
    if course_syntax || args.trace == Some(TraceStyle::Course) {
        return run_course(&text, &origin, course_syntax, &args, io);
    }
    // The limits every engine takes (the inferences are the prover's nodes); Ctrl-C
    // raises the monitor's flag.
    let mut limits = Limits::new()
        .max_memory_bytes(
            args.max_memory
                .map_or_else(default_memory_bytes, |mb| mb << 20),
        )
        .monitor(&MONITOR);
    match args.max_inferences {
        None => limits = limits.max_nodes(DEFAULT_MAX_INFERENCES),
        Some(0) => {}
        Some(n) => limits = limits.max_nodes(n),
    }
    if let Some(t) = args.timeout {
        limits = limits.timeout(t);
    }
    let options = Options {
        explain: args.explain,
        ports: args.trace == Some(TraceStyle::Ports),
        ..Options::from_limits(&limits)
    };
    let directives = Options {
        explain: false,
        ports: false,
        ..options.clone()
    };
    let json = args.format == Format::Json;
    // Ctrl-C stops the run cleanly (exit 3 with the counters) from here on.
    let watch = Watch::start();
    // A directive stopped by a limit ends the run with exit 3, its line named; one that
    // calls halt ends the process.
    let load_or_stop = |io: &mut Io, output| -> Result<Result<Database, Exit>, CliError> {
        match load(&text, &origin, args.unknown, &directives, output) {
            Ok(db) => Ok(Ok(db)),
            Err(LoadError::Cli(e)) => Err(e),
            Err(LoadError::Halt(code)) => {
                if json {
                    write_json(io.out, &halt_json(Vec::new(), code))?;
                }
                halt_now(io, code)
            }
            Err(LoadError::Limit(line, e)) => {
                if json {
                    write_json(io.out, &stop_json(Vec::new(), &e, None))?;
                } else {
                    let message = directive_stop(&origin, line, &e);
                    write_stop(io.out, &message)?;
                }
                Ok(Err(Exit::Limit))
            }
        }
    };
    let output = if json {
        ProgramOutput::Stderr
    } else {
        ProgramOutput::Stdout
    };
    let mut db = match load_or_stop(io, output)? {
        Ok(db) => db,
        Err(exit) => return Ok(exit),
    };
    let Some(query) = &args.query else {
        // The top level watches its queries only: not the prompt, where Ctrl-C belongs
        // to the line editor.
        drop(watch);
        return toplevel(&mut db, &options, &args, io);
    };
    let q = parse_user_query(&db, query)?;
    // read/1 and get_char/1 read standard input as they need it, never ahead of the
    // term or character wanted (a query that reads nothing never waits). The query mode
    // reads nothing else from it.
    db.set_input_reader(std::io::stdin());
    // --html records the query's own run (its calls, exits, failures, redos and answers).
    let mut options = options;
    let page = ProofPage::new(&args.html, &mut options);
    let exit = if json {
        // As before: the query's own output is not part of the JSON.
        ProgramOutput::Discard.attach(&mut db);
        run_json(&mut db, &q, options, args.limit, io, &page)?
    } else {
        run_text(&mut db, &q, options, &args, io, &page)?
    };
    page.write(&args.html, query)?;
    Ok(exit)
}

/// `--trace course` or `--syntax course`: the lab's notation and DAT trace (the first
/// proof), or the lab's base proved by the prover without a trace.
fn run_course(
    text: &str,
    origin: &str,
    course_syntax: bool,
    args: &Args,
    io: &mut Io,
) -> CmdResult {
    let Some(query) = &args.query else {
        return Err(bad_input(
            "--syntax course and --trace course need a query (e.g. 'A, D')",
        ));
    };
    let lang = crate::i18n::lang();
    let (mut db, goals, var_names) = if course_syntax {
        let mut db = resolu_logic::course::load_base(text).map_err(|e| {
            bad_input(
                crate::input_errors_fr::course(origin, &e)
                    .unwrap_or_else(|| format!("{origin}: {e}")),
            )
        })?;
        // The course's rule: what is not in the base is false.
        db.set_unknown(Unknown::Fail);
        let goals = resolu_logic::course::parse_goals(query).map_err(|e| {
            let french = crate::input_errors_fr::course(&crate::tr!("input-query"), &e);
            bad_input(french.unwrap_or_else(|| format!("query: {e}")))
        })?;
        (db, goals, Vec::new())
    } else {
        let options = Options {
            max_inferences: Some(DEFAULT_MAX_INFERENCES),
            ..Options::default()
        };
        let output = if args.format == Format::Json {
            ProgramOutput::Stderr
        } else {
            ProgramOutput::Stdout
        };
        let db = match load(text, origin, args.unknown, &options, output) {
            Ok(db) => db,
            Err(LoadError::Cli(e)) => return Err(e),
            Err(LoadError::Halt(code)) => halt_now(io, code),
            Err(LoadError::Limit(line, e)) => {
                writeln!(io.out, "{}", directive_stop(origin, line, &e))?;
                return Ok(Exit::Limit);
            }
        };
        let q = parse_user_query(&db, query)?;
        let goals = resolu_logic::course::conjuncts(&q.term);
        (db, goals, q.var_names)
    };
    if args.trace != Some(TraceStyle::Course) {
        // The lab's base without the DAT trace: the prover answers, as for any base.
        let term = goals
            .iter()
            .rev()
            .cloned()
            .reduce(|rest, g| resolu_logic::Term::compound(",", vec![g, rest]))
            .unwrap_or_else(|| resolu_logic::Term::atom("true"));
        let q = ReadTerm {
            term,
            var_names,
            line: 1,
            ..parse_user_query(&db, "true")?
        };
        let options = Options {
            max_inferences: Some(args.max_inferences.unwrap_or(DEFAULT_MAX_INFERENCES))
                .filter(|&n| n > 0),
            timeout: args.timeout,
            ..Options::default()
        };
        if args.format == Format::Json {
            return run_json(&mut db, &q, options, args.limit, io, &ProofPage::default());
        }
        return run_text(&mut db, &q, options, args, io, &ProofPage::default());
    }
    let limits = resolu_logic::course::DatLimits {
        max_inferences: match args.max_inferences {
            None => Some(DEFAULT_MAX_INFERENCES),
            Some(0) => None,
            n => n,
        },
        deadline: args
            .timeout
            .and_then(|t| std::time::Instant::now().checked_add(t)),
        ..Default::default()
    };
    crate::course_trace::run(&mut db, &goals, &var_names, &limits, lang, args.format, io)
}

/// A directive of the file stopped by a limit: where, and the stop's sentence.
fn directive_stop(origin: &str, line: usize, e: &SolveError) -> String {
    let stop = limit_message(e);
    crate::tr!(
        "prove-directive-stop",
        origin = origin,
        line = line,
        stop = stop
    )
}

/// Counts the prover's run as one the Ctrl-C handler stops cleanly, while it lives.
struct Watch;

impl Watch {
    fn start() -> Watch {
        MONITOR.begin_run();
        Watch
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        MONITOR.end_run();
    }
}

/// Writes trace events as text lines (collected, then printed between answers).
fn trace_line(e: &TraceEvent, ops: &Operators) -> String {
    let pad = |d: usize| "  ".repeat(d.min(40));
    match e {
        TraceEvent::Step {
            depth,
            goals,
            clause,
        } => format!(
            "{}{}   <- {}",
            pad(*depth),
            goals
                .iter()
                .map(|g| answer_term(g, ops))
                .collect::<Vec<_>>()
                .join(", "),
            clause_text(clause, ops)
        ),
        TraceEvent::NoClause { depth, goal } => {
            let goal = answer_term(goal, ops);
            format!(
                "{}{}",
                pad(*depth),
                crate::tr!("prove-trace-no-clause", goal = goal)
            )
        }
        TraceEvent::Unknown { depth, goal } => {
            let goal = answer_term(goal, ops);
            format!(
                "{}{}",
                pad(*depth),
                crate::tr!("prove-trace-unknown", goal = goal)
            )
        }
        TraceEvent::Call { depth, goal } => {
            format!("{}Call: ({depth}) {}", pad(*depth), answer_term(goal, ops))
        }
        TraceEvent::Exit { depth, goal } => {
            format!("{}Exit: ({depth}) {}", pad(*depth), answer_term(goal, ops))
        }
        TraceEvent::Redo { depth, goal } => {
            format!("{}Redo: ({depth}) {}", pad(*depth), answer_term(goal, ops))
        }
        TraceEvent::Fail { depth, goal } => {
            format!("{}Fail: ({depth}) {}", pad(*depth), answer_term(goal, ops))
        }
    }
}

/// A clause as the course writes it: `head :- g1, g2` or just the fact.
fn clause_text(clause: &Term, ops: &Operators) -> String {
    match clause {
        Term::Compound(f, args) if f.name() == ":-" && args.len() == 2 => {
            let mut goals = Vec::new();
            let mut stack = vec![&args[1]];
            while let Some(g) = stack.pop() {
                match g {
                    Term::Compound(c, a) if c.name() == "," && a.len() == 2 => {
                        stack.push(&a[1]);
                        stack.push(&a[0]);
                    }
                    other => goals.push(answer_term(other, ops)),
                }
            }
            format!("{} :- {}", answer_term(&args[0], ops), goals.join(", "))
        }
        other => answer_term(other, ops),
    }
}

/// A term as an answer shows it: writeq with its database's operators, bracketed where
/// `=` needs it.
fn answer_term(t: &Term, ops: &Operators) -> String {
    ops.writeq_at(t, 699)
}

fn proof_lines(a: &Answer) -> Vec<String> {
    let Some(p) = &a.proof else { return Vec::new() };
    let ops = a.operators();
    p.nodes
        .iter()
        .map(|n| {
            let how = match &n.clause {
                Some(c) if c.functor().is_some_and(|(f, k)| f.name() == ":-" && k == 2) => {
                    crate::tr!("prove-proof-by", clause = clause_text(c, ops))
                }
                Some(_) => crate::tr!("prove-proof-fact"),
                None => crate::tr!("prove-proof-builtin"),
            };
            format!(
                "{}{}   [{how}]",
                "  ".repeat(n.depth.min(40) + 1),
                answer_term(&n.goal, ops)
            )
        })
        .collect()
}

type Shared = std::rc::Rc<std::cell::RefCell<Vec<String>>>;

fn attach_trace(sols: &mut Solutions<'_>, style: Option<TraceStyle>, page: &ProofPage) -> Shared {
    let lines: Shared = Default::default();
    if style.is_some() || page.is_on() {
        page.operators(sols.operators());
        let (sink, page, ops) = (lines.clone(), page.clone(), sols.operators());
        sols.set_observer(Box::new(move |e: &TraceEvent| {
            if style.is_some() {
                sink.borrow_mut().push(trace_line(e, &ops))
            }
            page.event(e);
        }));
    }
    lines
}

fn flush_trace(lines: &Shared, out: &mut dyn Write) -> std::io::Result<()> {
    for l in lines.borrow_mut().drain(..) {
        writeln!(out, "{l}")?;
    }
    Ok(())
}

fn run_text(
    db: &mut Database,
    q: &ReadTerm,
    options: Options,
    args: &Args,
    io: &mut Io,
    page: &ProofPage,
) -> CmdResult {
    let mut sols = db.solve(q, options);
    let trace = attach_trace(&mut sols, args.trace, page);
    let form = form(args.whole_answers);
    let mut count = 0usize;
    let mut exit = Exit::NoSolution;
    loop {
        if args.limit.is_some_and(|l| count >= l) {
            break;
        }
        // Answers printed so far go out before what the program writes next.
        io.out.flush()?;
        // With --explain the answer is read back with its proof tree; else it is written
        // straight from the prover's heap.
        let next = match args.explain || page.is_on() {
            true => sols.next().map(|r| r.map(Some)),
            false => sols.next_answer().map(|r| r.map(|()| None)),
        };
        io.out.write_all(sols.take_output().as_bytes())?;
        flush_trace(&trace, io.out)?;
        match next {
            None => break,
            Some(Ok(read)) => {
                count += 1;
                exit = Exit::Success;
                if args.trace.is_some() {
                    writeln!(io.out, "{}", crate::tr!("prove-success"))?;
                }
                if let Some(a) = read {
                    page.answer(&a);
                    if args.explain {
                        writeln!(io.out, "{}", crate::tr!("prove-proof-heading"))?;
                        for l in proof_lines(&a) {
                            writeln!(io.out, "{l}")?;
                        }
                    }
                    writeln!(io.out, "{}", a.text(form))?;
                } else if print_answer(&mut sols, form, io)?.is_some() {
                    exit_soon(sols);
                    return Ok(Exit::Limit);
                }
            }
            Some(Err(e)) if e.is_limit() => {
                page.stopped(limit_message(&e));
                write_stop(io.out, &limit_message(&e))?;
                if e == SolveError::Interrupted {
                    let n = sols.inferences();
                    let count = n.to_string();
                    writeln!(
                        io.out,
                        "{}",
                        crate::tr!("prove-inferences-so-far", count = count)
                    )?;
                }
                exit_soon(sols);
                return Ok(Exit::Limit);
            }
            // halt/0,1 ends the process: what was printed stands, no `false.`.
            Some(Err(SolveError::Halt(code))) => halt_now(io, code),
            Some(Err(e)) => {
                let message = format!("{e}{}", crate::course_trace::error_hint(&e));
                writeln!(io.out, "{}", crate::tr!("error-line", message = message))?;
                return Ok(Exit::NoSolution);
            }
        }
    }
    if count == 0 {
        if args.trace.is_some() {
            writeln!(io.out, "{}", crate::tr!("prove-failure"))?;
        }
        writeln!(io.out, "false.")?;
    }
    Ok(exit)
}

/// Reads one line: from the terminal with history when interactive, else from `io.input`.
enum Reader {
    Editor(Box<rustyline::DefaultEditor>),
    Plain,
}

impl Reader {
    fn line(&mut self, prompt: &str, io: &mut Io) -> Result<Option<String>, CliError> {
        match self {
            Reader::Editor(ed) => {
                // Answers printed so far must be on the screen before the prompt.
                io.out.flush()?;
                match ed.readline(prompt) {
                    Ok(l) => {
                        if !l.trim().is_empty() {
                            let _ = ed.add_history_entry(l.as_str());
                        }
                        Ok(Some(l))
                    }
                    Err(
                        rustyline::error::ReadlineError::Interrupted
                        | rustyline::error::ReadlineError::Eof,
                    ) => Ok(None),
                    Err(e) => Err(bad_input(crate::tr!(
                        "refusal-read-terminal",
                        message = e.to_string()
                    ))),
                }
            }
            Reader::Plain => {
                write!(io.out, "{prompt}")?;
                io.out.flush()?;
                // Standard input itself, not `io.input` (which would buffer ahead): read/1
                // in a query reads the lines after it from the same stream (see
                // `stdin_line`), as in SWI-Prolog's top level.
                Ok(stdin_line().map(|s| s.trim_end_matches(['\n', '\r']).to_string()))
            }
        }
    }
}

/// The next line of standard input (with its end of line), `None` at its end.
fn stdin_line() -> Option<String> {
    let mut s = String::new();
    match std::io::BufRead::read_line(&mut std::io::stdin().lock(), &mut s) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(s),
    }
}

/// The interactive top level: `?- ` prompt, answers one at a time, `;` for the next.
fn toplevel(db: &mut Database, options: &Options, args: &Args, io: &mut Io) -> CmdResult {
    // read/1 in a query reads the next lines typed (SWI's `|: ` prompt on a terminal).
    let prompt = io.interactive;
    db.set_input_lines(move || {
        if prompt {
            eprint!("|: ");
        }
        stdin_line()
    });
    let mut reader = if io.interactive {
        match rustyline::DefaultEditor::new() {
            Ok(ed) => Reader::Editor(Box::new(ed)),
            Err(_) => Reader::Plain,
        }
    } else {
        Reader::Plain
    };
    if io.interactive {
        writeln!(io.out, "{}", crate::tr!("prove-toplevel-banner"))?;
    }
    let mut pending: Option<String> = None;
    // A query stopped by a limit makes the session's exit code 3.
    let mut stopped = false;
    loop {
        let line = match pending.take() {
            Some(l) => l,
            None => match reader.line("?- ", io)? {
                Some(l) => l,
                None => break,
            },
        };
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if matches!(text, "halt" | "halt.") {
            break;
        }
        let plain = matches!(reader, Reader::Plain);
        if plain {
            // Echo the query so that a scripted session reads like a terminal one.
            writeln!(io.out, "{text}")?;
        }
        let q = match db.parse_query(text) {
            Ok(q) => q,
            Err(p) => {
                let (line, column) = (p.line.to_string(), p.column.to_string());
                let said = crate::tr!(
                    "prove-toplevel-syntax",
                    line = line,
                    column = column,
                    message = &p.message,
                    near = &p.near
                );
                writeln!(io.out, "{said}")?;
                continue;
            }
        };
        let mut sols = db.solve(&q, options.clone());
        let trace = attach_trace(&mut sols, args.trace, &ProofPage::default());
        loop {
            io.out.flush()?;
            let watch = Watch::start();
            let next = sols.next();
            drop(watch);
            io.out.write_all(sols.take_output().as_bytes())?;
            flush_trace(&trace, io.out)?;
            match next {
                None => {
                    writeln!(io.out, "false.")?;
                    break;
                }
                Some(Ok(a)) => {
                    for l in proof_lines(&a) {
                        writeln!(io.out, "{l}")?;
                    }
                    let text = a.text(form(args.whole_answers));
                    if sols.is_exhausted() {
                        // `X = ... .`: the end's period apart from a symbol character.
                        let glue = text.ends_with(|c: char| "+-*/\\^<>=~:.?@#&$".contains(c));
                        writeln!(io.out, "{text}{}.", if glue { " " } else { "" })?;
                        break;
                    }
                    // The answer is the prompt of the reply (the terminal echoes it).
                    let reply = reader.line(&format!("{text} "), io)?;
                    let end = |io: &mut Io, mark: &str| -> std::io::Result<()> {
                        if plain {
                            writeln!(io.out, "{mark}")
                        } else {
                            Ok(())
                        }
                    };
                    match reply.as_deref().map(str::trim) {
                        Some(";") => end(io, ";")?,
                        Some("") | None => {
                            end(io, ".")?;
                            break;
                        }
                        Some(other) => {
                            end(io, ".")?;
                            pending = Some(other.to_string());
                            break;
                        }
                    }
                }
                Some(Err(SolveError::Halt(code))) => halt_now(io, code),
                // Ctrl-C ends the session (the flag stays raised for the run).
                Some(Err(SolveError::Interrupted)) => {
                    write_stop(io.out, &limit_message(&SolveError::Interrupted))?;
                    return Ok(Exit::Limit);
                }
                Some(Err(e)) if e.is_limit() => {
                    write_stop(io.out, &limit_message(&e))?;
                    stopped = true;
                    break;
                }
                Some(Err(e)) => {
                    let message = e.to_string();
                    writeln!(io.out, "{}", crate::tr!("error-line", message = message))?;
                    break;
                }
            }
        }
    }
    if !io.interactive {
        writeln!(io.out)?;
    }
    Ok(if stopped { Exit::Limit } else { Exit::Success })
}

/// `resolu demo`: the course's car diagnosis proved, with its proof tree.
pub fn demo(io: &mut Io) -> CmdResult {
    let loaded = load(
        CAR_PL,
        "car.pl",
        None,
        &Options::default(),
        ProgramOutput::Stderr,
    );
    let mut db = match loaded {
        Ok(db) => db,
        Err(LoadError::Cli(e)) => return Err(e),
        Err(LoadError::Limit(_, e)) => return Err(bad_input(e.to_string())),
        Err(LoadError::Halt(code)) => {
            return Err(bad_input(crate::tr!(
                "refusal-halt",
                origin = "car.pl",
                code = code.to_string()
            )));
        }
    };
    writeln!(io.out, "{}", crate::tr!("prove-demo-heading"))?;
    writeln!(io.out, "?- voiture_OK.")?;
    let q = parse_user_query(&db, "voiture_OK")?;
    let options = Options {
        explain: true,
        ..Options::default()
    };
    let mut sols = db.solve(&q, options);
    match sols.next() {
        Some(Ok(a)) => {
            writeln!(io.out, "{}", crate::tr!("prove-proof-heading"))?;
            for l in proof_lines(&a) {
                writeln!(io.out, "{l}")?;
            }
            writeln!(io.out, "true")?;
            Ok(Exit::Success)
        }
        _ => {
            writeln!(io.out, "false.")?;
            Ok(Exit::NoSolution)
        }
    }
}
