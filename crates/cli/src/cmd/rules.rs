//! `resolu rules FILE`: forward chaining over a rule base.

use crate::common::{
    CliError, CmdResult, Format, Io, bad_input, default_memory_bytes, parse_seconds, read_file,
    write_json,
};
use crate::input_errors_fr::part;
use crate::rule_run::{
    Watch, exit_of, message_json, set_limits, stop_message, stop_text, strategy, write_trace,
};
use clap::Args as ClapArgs;
use resolu_logic::{Term, writeq};
use resolu_rules::{
    Cycle, Engine, Origin, ParseStop, RuleBase, Step, Stop, Strategy, WorkingMemory,
};
use resolu_search::StopReason;
use resolu_view::record::RulesRecorder;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The car-diagnosis base, embedded for `resolu demo`.
pub const CAR_RULES: &str = include_str!("../../../../examples/rules/car.rules");

/// Default of `--max-cycles`.
pub const DEFAULT_MAX_CYCLES: u64 = 10_000;

/// Flags of `resolu rules`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu rules examples/rules/car.rules                every conclusion and how it was derived
  resolu rules examples/rules/car.rules --fact klaxon_OK --trace
  resolu rules examples/rules/hanoi.rules --trace      the course's expert system, cycle by cycle
  resolu rules examples/rules/hanoi.rules --strategy recency --max-cycles 100
  resolu rules examples/rules/car.rules --explain voiture_OK   the full tree of one fact
  resolu rules examples/rules/strategies.rules --strategy depth --trace

File format (Prolog clauses may be mixed in; conditions may call them):
  fact TERM.   facts T1, T2.                 the initial working memory (ground terms)
  rule NAME [priority N] [salience N]: C1, C2 ==> A1, A2.   conditions ==> actions
  goal C1, C2.                               optional: stop as soon as this holds
Conditions: patterns matched against facts, calls to Prolog predicates, \\+ G or not(G).
A pattern over a relation that no fact, action or clause defines is an error (declare it
with `:- dynamic name/arity.` if it may come from --fact).
Actions: assert(F), retract(F), print(X, ...), halt, or any Prolog goal.
Strategies: salience first (higher first, as in CLIPS), then: priority (smallest number
first: the course's meta-rule), order (file order), recency (most recent facts first),
specificity (most conditions first); ties follow the file order, then the order the
instances were found. CLIPS 6's strategies: depth (newest activation first), breadth
(oldest first), simplicity / complexity (fewest / most comparisons), lex, mea, random
(seeded by --seed). An instance fires once (refraction).
Exit codes: 0 goal reached, halted, or nothing left to derive (no goal); 1 stuck (no rule
eligible before the goal); 2 bad file; 3 --max-cycles, --timeout, --max-memory or
--max-inferences reached, or Ctrl-C.")]
pub struct Args {
    /// The rule file.
    pub file: PathBuf,
    /// Conflict resolution: priority, order, recency, specificity, depth, breadth,
    /// simplicity, complexity, lex, mea, random.
    #[arg(long, default_value = "priority", value_name = "NAME")]
    pub strategy: String,
    /// Seed of the random strategy.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop after this many cycles (exit code 3).
    #[arg(long, default_value_t = DEFAULT_MAX_CYCLES, value_name = "N")]
    pub max_cycles: u64,
    /// Stop after this many seconds, also inside matching and Prolog conditions (decimal
    /// allowed; exit code 3).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Memory budget in megabytes, counted as facts, instances and matches held (default:
    /// half the available memory, at most 8 GiB; exit code 3 when reached).
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
    /// Stop when one Prolog call of a condition or an action makes this many inferences
    /// (exit code 3; default 100000000, 0 for no limit).
    #[arg(long, value_name = "N")]
    pub max_inferences: Option<u64>,
    /// Print each cycle: the conflict set, the rule chosen, the facts added and removed.
    #[arg(long)]
    pub trace: bool,
    /// Add an observed fact to the initial working memory (repeatable).
    #[arg(long = "fact", value_name = "TERM")]
    pub facts: Vec<String>,
    /// Without a value: list every derived fact with its rule and premises, even when the
    /// base has a goal. With a fact: print that fact's full derivation tree.
    #[arg(long, value_name = "FACT", num_args = 0..=1, default_missing_value = "")]
    pub explain: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub html: crate::html::HtmlArg,
}

/// Runs `resolu rules`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    // --timeout counts from here: reading a large file of facts is part of the run.
    let started = Instant::now();
    let strategy = strategy(&args.strategy)?;
    let text = read_file(&args.file)?;
    let origin = args.file.display().to_string();
    // The text and the facts read count against the memory budget as they are read.
    let budget = args
        .max_memory
        .map_or_else(default_memory_bytes, |mb| mb << 20);
    let mut base = match RuleBase::parse_within(&text, budget) {
        Ok(base) => base,
        Err(ParseStop::Limit(reason)) => return reading_stopped(reason, strategy, &args, io),
        Err(ParseStop::File(e)) => {
            let french = crate::input_errors_fr::rules(&origin, &e);
            return Err(bad_input(french.unwrap_or_else(|| format!("{origin}:{e}"))));
        }
        Err(other) => {
            return Err(bad_input(crate::tr!(
                "refusal-origin",
                origin = &origin,
                message = part(other)
            )));
        }
    };
    for fact in &args.facts {
        let read = resolu_logic::parse_term(fact).map_err(|e| {
            bad_input(crate::tr!(
                "refusal-flag",
                flag = "--fact",
                message = part(e)
            ))
        })?;
        if !read.term.is_ground() || read.term.functor().is_none() {
            return Err(bad_input(crate::tr!(
                "refusal-fact-not-ground",
                fact = fact
            )));
        }
        base.facts.push(read.term);
    }
    // --html records the run's own cycles.
    let page = args.html.html.as_ref().map(|_| {
        RulesRecorder::new(&base.facts)
            .labels(crate::html::labels())
            .rule_base(&base.rules, &text)
    });
    let engine = Engine::new(base, strategy).map_err(|e| {
        bad_input(
            crate::input_errors_fr::rules(&origin, &e).unwrap_or_else(|| format!("{origin}: {e}")),
        )
    })?;
    execute(engine, &origin, &args, started, io, page)
}

/// A limit reached while reading the rule base: the run stops before its first cycle,
/// reported as any stop (exit 3).
fn reading_stopped(reason: StopReason, strategy: Strategy, args: &Args, io: &mut Io) -> CmdResult {
    let stop = Stop::Limit(reason);
    let message = || {
        let stop = stop_text(stop, 0, None);
        crate::tr!("rules-reading-stopped", stop = stop)
    };
    if args.format == Format::Json {
        let message = crate::i18n::in_english(message);
        let report = serde_json::json!({
            "stop": stop.as_str(),
            "reason": stop.as_str(),
            "message": message,
            "cycles": 0,
            "strategy": strategy.name(),
            "fired": [],
            "facts": [],
            "conclusions": [],
        });
        write_json(io.out, &report)?;
    } else {
        writeln!(io.out, "{}", message())?;
    }
    Ok(exit_of(stop))
}

fn execute(
    mut engine: Engine,
    origin: &str,
    args: &Args,
    started: Instant,
    io: &mut Io,
    mut page: Option<RulesRecorder>,
) -> CmdResult {
    // The fact to explain is read before the run, so that a typo costs no run.
    let explain_fact = match args.explain.as_deref() {
        None | Some("") => None,
        Some(text) => Some(
            resolu_logic::parse_term(text)
                .map_err(|e| {
                    bad_input(crate::tr!(
                        "refusal-flag",
                        flag = "--explain",
                        message = part(e)
                    ))
                })?
                .term,
        ),
    };
    let time_left = args.timeout.map(|t| t.saturating_sub(started.elapsed()));
    set_limits(&mut engine, args.max_cycles, time_left, args.max_memory);
    let max_inferences = match args.max_inferences {
        None => Some(resolu_rules::DEFAULT_MAX_INFERENCES),
        Some(0) => None,
        n => n,
    };
    engine.set_max_inferences(max_inferences);
    engine.set_seed(args.seed);
    engine.set_record_conflict_sets(args.trace || page.is_some());
    let json = args.format == Format::Json;
    if !json {
        let said = crate::tr!(
            "rules-header",
            origin = origin,
            rules = engine.rule_names().len(),
            facts = engine.memory().len(),
            goal = if engine.has_goal() { "yes" } else { "no" },
            strategy = engine.strategy().to_string()
        );
        writeln!(io.out, "{said}")?;
    }
    // With JSON, each cycle fired is kept as its JSON text (a fraction of what a JSON
    // value takes), counted against the memory budget with the engine's own.
    let mut fired: Vec<String> = Vec::new();
    let mut fired_bytes = 0usize;
    let watch = Watch::start(&mut engine);
    let result = loop {
        let cycle = match engine.step() {
            Ok(Step::Fired(cycle)) => cycle,
            Ok(Step::Stopped(stop)) => break Ok(stop),
            Err(e) => break Err(e),
        };
        if let Some(page) = page.as_mut() {
            page.cycle(&cycle);
        }
        if json {
            let text = cycle_json(&cycle, args.trace).to_string();
            fired_bytes += text.capacity() + std::mem::size_of::<String>();
            fired.push(text);
            engine.set_caller_bytes(fired_bytes + fired.capacity() * std::mem::size_of::<String>());
            continue;
        }
        if args.trace {
            write_trace(&cycle, io)?;
        }
        for line in &cycle.output {
            match args.trace {
                true => writeln!(io.out, "  {}", crate::tr!("rules-says", line = line))?,
                false => writeln!(io.out, "{line}")?,
            }
        }
    };
    drop(watch);
    let stop = result.map_err(|e| {
        bad_input(crate::tr!(
            "refusal-origin",
            origin = origin,
            message = part(e)
        ))
    })?;
    if let (Some(path), Some(page)) = (&args.html.html, page) {
        let rules: Vec<String> = engine.rule_names().iter().map(|r| r.to_string()).collect();
        let strategy = engine.strategy().to_string();
        crate::html::write_page(path, &page.page(&strategy, &rules, stop))?;
    }
    let conclusions = conclusions(engine.memory());
    let memory = engine.memory();
    let explained = explain_fact.as_ref().map(|t| find_fact(memory, t));
    if json {
        let mut out = serde_json::json!({
            "stop": stop.as_str(),
            "reason": stop.as_str(),
            "message": message_json(stop, &engine, max_inferences),
            "cycles": engine.cycles(),
            "strategy": engine.strategy().name(),
            "fired": [],
            "facts": memory.facts().map(|f| writeq(&f.term)).collect::<Vec<_>>(),
            "conclusions": conclusions.iter().map(|&tag| conclusion_json(memory, tag)).collect::<Vec<_>>(),
        });
        if let (Some(found), serde_json::Value::Object(map)) = (&explained, &mut out) {
            map.insert(
                "explanation".into(),
                match found {
                    Some(tag) => memory
                        .explain(*tag)
                        .into_iter()
                        .map(|(depth, f)| {
                            let mut node = conclusion_json(memory, f.tag);
                            if let serde_json::Value::Object(n) = &mut node {
                                n.insert("depth".into(), depth.into());
                            }
                            node
                        })
                        .collect(),
                    None => serde_json::Value::Null,
                },
            );
        }
        write_report(io, &out, &fired)?;
        leave_if_stopped(engine, stop);
        return Ok(exit_of(stop));
    }
    writeln!(io.out, "{}", stop_message(stop, &engine, max_inferences))?;
    match (&explain_fact, explained) {
        (Some(_), Some(Some(tag))) => write_tree(memory, tag, io)?,
        (Some(t), _) => writeln!(
            io.out,
            "{}",
            crate::tr!("rules-never-in-memory", fact = writeq(t))
        )?,
        (None, _) if !engine.has_goal() || args.explain.is_some() => {
            write_conclusions(memory, &conclusions, io)?
        }
        (None, _) => {}
    }
    leave_if_stopped(engine, stop);
    Ok(exit_of(stop))
}

/// Leaves an engine stopped by a limit to the end of the process rather than freeing it:
/// a run cut short may hold millions of pending instances, whose freeing would take a good
/// part of the time limit again (as the prover's stopped queries). The command returns
/// right after.
fn leave_if_stopped(engine: Engine, stop: Stop) {
    if matches!(stop, Stop::Limit(_)) {
        std::mem::forget(engine);
    }
}

/// One cycle fired, as the JSON report lists it.
fn cycle_json(cycle: &Cycle, trace: bool) -> serde_json::Value {
    let mut c = serde_json::json!({
        "cycle": cycle.number,
        "rule": cycle.fired().name,
        "bindings": bindings_json(cycle),
        "added": cycle.added.iter().map(writeq).collect::<Vec<_>>(),
        "removed": cycle.removed.iter().map(writeq).collect::<Vec<_>>(),
        "output": cycle.output,
    });
    if trace && let serde_json::Value::Object(map) = &mut c {
        map.insert(
            "conflict_set".into(),
            cycle
                .conflict_set
                .iter()
                .map(|i| serde_json::Value::from(i.to_string()))
                .collect(),
        );
    }
    c
}

/// Writes the JSON report `out` (whose `fired` list is empty) with the cycles `fired`
/// (each already JSON text) in its `fired` list.
fn write_report(io: &mut Io, out: &serde_json::Value, fired: &[String]) -> Result<(), CliError> {
    let text = out.to_string();
    // The key is unique: a string value cannot hold an unescaped quote.
    let Some((before, after)) = text.split_once("\"fired\":[]") else {
        return Ok(write_json(io.out, out)?);
    };
    write!(io.out, "{before}\"fired\":[")?;
    for (i, cycle) in fired.iter().enumerate() {
        if i > 0 {
            write!(io.out, ",")?;
        }
        write!(io.out, "{cycle}")?;
    }
    writeln!(io.out, "]{after}")?;
    Ok(())
}

fn bindings_json(cycle: &Cycle) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = cycle
        .fired()
        .bindings
        .iter()
        .map(|(n, v)| (n.clone(), writeq(v).into()))
        .collect();
    serde_json::Value::Object(map)
}

/// The derived facts still in the working memory, oldest first.
fn conclusions(memory: &WorkingMemory) -> Vec<usize> {
    memory
        .facts()
        .filter(|f| matches!(f.origin, Origin::Rule { .. }))
        .map(|f| f.tag)
        .collect()
}

/// The fact equal to `term`: the one present, else the last one removed.
fn find_fact(memory: &WorkingMemory, term: &Term) -> Option<usize> {
    memory.find(term).or_else(|| {
        (0..usize::MAX)
            .map_while(|t| memory.fact(t))
            .filter(|f| f.term == *term)
            .map(|f| f.tag)
            .last()
    })
}

/// A fact with its rule, cycle and premises (by their terms): one step of a chain,
/// never the whole tree, so that the conclusions of a run stay linear in size.
fn conclusion_json(memory: &WorkingMemory, tag: usize) -> serde_json::Value {
    let fact = memory.fact(tag);
    let (rule, cycle, premises) = match fact.as_ref().map(|f| &f.origin) {
        Some(Origin::Rule {
            rule,
            cycle,
            premises,
        }) => (
            Some(rule.clone()),
            Some(*cycle),
            premises
                .iter()
                .filter_map(|&p| memory.fact(p).map(|f| writeq(&f.term)))
                .collect(),
        ),
        _ => (None, None, Vec::new()),
    };
    serde_json::json!({
        "fact": fact.map(|f| writeq(&f.term)),
        "rule": rule,
        "cycle": cycle,
        "premises": premises,
    })
}

/// How a fact came: `observed`, or its rule, cycle and premises.
fn origin_text(memory: &WorkingMemory, origin: &Origin) -> String {
    match origin {
        Origin::Initial => crate::tr!("rules-observed"),
        Origin::Rule {
            rule,
            cycle,
            premises,
        } => {
            let from: Vec<String> = premises
                .iter()
                .filter_map(|&p| memory.fact(p).map(|f| writeq(&f.term)))
                .collect();
            let (rule, cycle) = (rule.to_string(), cycle.to_string());
            if from.is_empty() {
                crate::tr!("rules-by", rule = rule, cycle = cycle)
            } else {
                let from = from.join(", ");
                crate::tr!("rules-by-from", rule = rule, cycle = cycle, from = from)
            }
        }
    }
}

/// Each derived fact with the rule and the premises it comes from, one line each (the
/// premises' own derivations are their own lines: nothing is repeated).
fn write_conclusions(memory: &WorkingMemory, tags: &[usize], io: &mut Io) -> Result<(), CliError> {
    if tags.is_empty() {
        writeln!(io.out, "{}", crate::tr!("rules-no-derived"))?;
        return Ok(());
    }
    writeln!(
        io.out,
        "{}",
        crate::tr!("rules-derived-heading", count = tags.len())
    )?;
    for &tag in tags {
        if let Some(f) = memory.fact(tag) {
            writeln!(
                io.out,
                "  {}  ({})",
                writeq(&f.term),
                origin_text(memory, &f.origin)
            )?;
        }
    }
    Ok(())
}

/// The full derivation tree of one fact, indented; a fact met again is not expanded again.
fn write_tree(memory: &WorkingMemory, tag: usize, io: &mut Io) -> Result<(), CliError> {
    writeln!(io.out, "{}", crate::tr!("rules-how-derived"))?;
    for (depth, f) in memory.explain(tag) {
        let how = match &f.origin {
            Origin::Initial => crate::tr!("rules-observed"),
            Origin::Rule { rule, cycle, .. } => {
                let (rule, cycle) = (rule.to_string(), cycle.to_string());
                crate::tr!("rules-by", rule = rule, cycle = cycle)
            }
        };
        writeln!(
            io.out,
            "  {}{}  ({how})",
            "    ".repeat(depth),
            writeq(&f.term)
        )?;
    }
    Ok(())
}

/// `resolu demo`: the car diagnosis forwards.
pub fn demo(io: &mut Io) -> CmdResult {
    let base = RuleBase::parse(CAR_RULES).map_err(|e| {
        bad_input(
            crate::input_errors_fr::rules("car.rules", &e)
                .unwrap_or_else(|| format!("car.rules:{e}")),
        )
    })?;
    let engine = Engine::new(base, Strategy::Priority).map_err(|e| bad_input(e.to_string()))?;
    let args = Args {
        file: PathBuf::from("examples/rules/car.rules"),
        strategy: "priority".into(),
        seed: 0,
        max_cycles: DEFAULT_MAX_CYCLES,
        timeout: None,
        max_memory: None,
        max_inferences: None,
        trace: false,
        facts: Vec::new(),
        explain: None,
        format: Format::Text,
        html: Default::default(),
    };
    execute(
        engine,
        "examples/rules/car.rules",
        &args,
        Instant::now(),
        io,
        None,
    )
}
