//! `resolu rules FILE`: forward chaining over a rule base.

use crate::common::{CliError, CmdResult, Exit, Format, Io, bad_input, read_file, write_json};
use clap::Args as ClapArgs;
use resolu_logic::writeq;
use resolu_rules::{Cycle, Engine, Origin, RuleBase, Stop, Strategy, WorkingMemory};
use std::path::PathBuf;

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

File format (Prolog clauses may be mixed in; conditions may call them):
  fact TERM.   facts T1, T2.                 the initial working memory (ground terms)
  rule NAME [priority N]: C1, C2 ==> A1, A2. conditions ==> actions
  goal C1, C2.                               optional: stop as soon as this holds
Conditions: patterns matched against facts, calls to Prolog predicates, \\+ G or not(G).
Actions: assert(F), retract(F), print(X, ...), halt, or any Prolog goal.
Strategies: priority (smallest number first: the course's meta-rule), order (file order),
recency (most recent facts first), specificity (most conditions first). Ties follow the
file order, then the order the instances were found. An instance fires once (refraction).
Exit codes: 0 goal reached, halted, or nothing left to derive (no goal); 1 stuck (no rule
eligible before the goal); 2 bad file; 3 --max-cycles reached.")]
pub struct Args {
    /// The rule file.
    pub file: PathBuf,
    /// Conflict resolution: priority, order, recency, specificity.
    #[arg(long, default_value = "priority", value_name = "NAME")]
    pub strategy: String,
    /// Stop after this many cycles (exit code 3).
    #[arg(long, default_value_t = DEFAULT_MAX_CYCLES, value_name = "N")]
    pub max_cycles: u64,
    /// Print each cycle: the conflict set, the rule chosen, the facts added and removed.
    #[arg(long)]
    pub trace: bool,
    /// Add an observed fact to the initial working memory (repeatable).
    #[arg(long = "fact", value_name = "TERM")]
    pub facts: Vec<String>,
    /// Explain every derived fact, even when the base has a goal.
    #[arg(long)]
    pub explain: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub html: crate::html::HtmlArg,
}

/// "1 rule", "2 rules".
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// Parses a strategy name into the library's type.
pub fn strategy(name: &str) -> Result<Strategy, CliError> {
    name.parse()
        .map_err(|e: resolu_rules::ParseStrategyError| bad_input(e.to_string()))
}

/// Runs `resolu rules`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let strategy = strategy(&args.strategy)?;
    let text = read_file(&args.file)?;
    let origin = args.file.display().to_string();
    let mut base = RuleBase::parse(&text).map_err(|e| bad_input(format!("{origin}:{e}")))?;
    for fact in &args.facts {
        let read = resolu_logic::parse_term(fact).map_err(|e| bad_input(format!("--fact: {e}")))?;
        if !read.term.is_ground() || read.term.functor().is_none() {
            return Err(bad_input(format!(
                "--fact: {fact} is not a ground atom or compound term"
            )));
        }
        base.facts.push(read.term);
    }
    crate::html::rules(&args.html, &text, &base.facts, strategy, args.max_cycles)?;
    let engine = Engine::new(base, strategy).map_err(|e| bad_input(format!("{origin}: {e}")))?;
    execute(engine, &origin, &args, io)
}

/// The exit code of a stop.
pub fn exit_of(stop: Stop) -> Exit {
    match stop {
        Stop::Goal | Stop::Halt | Stop::Quiescent => Exit::Success,
        Stop::Stuck => Exit::NoSolution,
        Stop::CycleLimit => Exit::Limit,
    }
}

/// One sentence on why a run stopped.
pub fn stop_text(stop: Stop, cycles: u64) -> String {
    let after = format!("after {cycles} cycle{}", if cycles == 1 { "" } else { "s" });
    match stop {
        Stop::Goal => format!("Goal reached {after}."),
        Stop::Halt => format!("Halted by a rule {after}."),
        Stop::Quiescent => {
            format!("No rule is eligible any more {after}: everything derivable is derived.")
        }
        Stop::Stuck => format!(
            "Stuck {after}: no rule is eligible and the goal is not reached (the rule base \
             cannot go on from this situation)."
        ),
        Stop::CycleLimit => format!("Stopped {after}: the cycle limit (--max-cycles) was reached."),
    }
}

/// Writes one cycle of a trace.
pub fn write_trace(cycle: &Cycle, io: &mut Io) -> Result<(), CliError> {
    let set: Vec<String> = cycle.conflict_set.iter().map(|i| i.to_string()).collect();
    writeln!(
        io.out,
        "Cycle {}: conflict set ({}): {}",
        cycle.number,
        set.len(),
        set.join("; ")
    )?;
    writeln!(io.out, "  fires {}", cycle.fired().name)?;
    for f in &cycle.removed {
        writeln!(io.out, "  - {}", writeq(f))?;
    }
    for f in &cycle.added {
        writeln!(io.out, "  + {}", writeq(f))?;
    }
    Ok(())
}

fn execute(mut engine: Engine, origin: &str, args: &Args, io: &mut Io) -> CmdResult {
    engine.set_max_cycles(Some(args.max_cycles));
    let json = args.format == Format::Json;
    if !json {
        writeln!(
            io.out,
            "{origin}: {}, {}, {}; strategy {}.",
            plural(engine.rule_names().len(), "rule"),
            plural(engine.memory().len(), "fact"),
            if engine.has_goal() {
                "a goal"
            } else {
                "no goal"
            },
            engine.strategy()
        )?;
    }
    let mut fired = Vec::new();
    let mut write_error = None;
    let result = engine.run(|cycle| {
        if json {
            let mut c = serde_json::json!({
                "cycle": cycle.number,
                "rule": cycle.fired().name,
                "bindings": bindings_json(cycle),
                "added": cycle.added.iter().map(writeq).collect::<Vec<_>>(),
                "removed": cycle.removed.iter().map(writeq).collect::<Vec<_>>(),
                "output": cycle.output,
            });
            if args.trace
                && let serde_json::Value::Object(map) = &mut c
            {
                map.insert(
                    "conflict_set".into(),
                    cycle
                        .conflict_set
                        .iter()
                        .map(|i| serde_json::Value::from(i.to_string()))
                        .collect(),
                );
            }
            fired.push(c);
            return;
        }
        if write_error.is_some() {
            return;
        }
        let written = (|| -> Result<(), CliError> {
            if args.trace {
                write_trace(cycle, io)?;
            }
            for line in &cycle.output {
                writeln!(io.out, "{}{line}", if args.trace { "  says: " } else { "" })?;
            }
            Ok(())
        })();
        if let Err(e) = written {
            write_error = Some(e);
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    let stop = result.map_err(|e| bad_input(format!("{origin}: {e}")))?;
    let conclusions = conclusions(engine.memory());
    if json {
        write_json(
            io.out,
            &serde_json::json!({
                "stop": stop.as_str(),
                "cycles": engine.cycles(),
                "strategy": engine.strategy().name(),
                "fired": fired,
                "facts": engine.memory().facts().map(|f| writeq(&f.term)).collect::<Vec<_>>(),
                "conclusions": conclusions.iter().map(|&tag| conclusion_json(engine.memory(), tag)).collect::<Vec<_>>(),
            }),
        )?;
        return Ok(exit_of(stop));
    }
    writeln!(io.out, "{}", stop_text(stop, engine.cycles()))?;
    if !engine.has_goal() || args.explain {
        write_conclusions(engine.memory(), &conclusions, io)?;
    }
    Ok(exit_of(stop))
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

/// The rules that produced a fact, in the order they fired (each once).
fn chain(memory: &WorkingMemory, tag: usize) -> Vec<(u64, String)> {
    let mut rules: Vec<(u64, String)> = memory
        .explain(tag)
        .into_iter()
        .filter_map(|(_, f)| match &f.origin {
            Origin::Rule { rule, cycle, .. } => Some((*cycle, rule.clone())),
            Origin::Initial => None,
        })
        .collect();
    rules.sort();
    rules.dedup();
    rules
}

fn conclusion_json(memory: &WorkingMemory, tag: usize) -> serde_json::Value {
    let fact = memory.fact(tag);
    let premises: Vec<String> = match fact.map(|f| &f.origin) {
        Some(Origin::Rule { premises, .. }) => premises
            .iter()
            .filter_map(|&p| memory.fact(p).map(|f| writeq(&f.term)))
            .collect(),
        _ => Vec::new(),
    };
    serde_json::json!({
        "fact": fact.map(|f| writeq(&f.term)),
        "rule": match fact.map(|f| &f.origin) {
            Some(Origin::Rule { rule, .. }) => Some(rule.clone()),
            _ => None,
        },
        "premises": premises,
        "chain": chain(memory, tag).into_iter().map(|(_, r)| r).collect::<Vec<_>>(),
    })
}

/// Each derived fact with its derivation tree, indented.
fn write_conclusions(memory: &WorkingMemory, tags: &[usize], io: &mut Io) -> Result<(), CliError> {
    if tags.is_empty() {
        writeln!(io.out, "No fact was derived.")?;
        return Ok(());
    }
    writeln!(
        io.out,
        "Derived facts ({}), each with the facts and rules it comes from:",
        tags.len()
    )?;
    for &tag in tags {
        let rules: Vec<String> = chain(memory, tag).into_iter().map(|(_, r)| r).collect();
        for (depth, f) in memory.explain(tag) {
            let how = match &f.origin {
                Origin::Initial => "observed".to_string(),
                Origin::Rule { rule, cycle, .. } if depth == 0 => {
                    format!("by {rule}, cycle {cycle}; chain: {}", rules.join(" -> "))
                }
                Origin::Rule { rule, cycle, .. } => format!("by {rule}, cycle {cycle}"),
            };
            writeln!(
                io.out,
                "  {}{}  ({how})",
                "    ".repeat(depth),
                writeq(&f.term)
            )?;
        }
    }
    Ok(())
}

/// `resolu demo`: the car diagnosis forwards.
pub fn demo(io: &mut Io) -> CmdResult {
    let base = RuleBase::parse(CAR_RULES).map_err(|e| bad_input(format!("car.rules:{e}")))?;
    let engine = Engine::new(base, Strategy::Priority).map_err(|e| bad_input(e.to_string()))?;
    let args = Args {
        file: PathBuf::from("examples/rules/car.rules"),
        strategy: "priority".into(),
        max_cycles: DEFAULT_MAX_CYCLES,
        trace: false,
        facts: Vec::new(),
        explain: false,
        format: Format::Text,
        html: Default::default(),
    };
    execute(engine, "examples/rules/car.rules", &args, io)
}
