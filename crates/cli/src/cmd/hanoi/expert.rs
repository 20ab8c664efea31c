//! `resolu hanoi --method rules`: the course's expert system (lab 000), a rule base run by
//! forward chaining, each move it makes checked and drawn. Situations are written in the
//! rule bases as lists of pegs, each listed bottom first as everywhere else
//! (`[[3,2,1],[],[]]`: every disk on peg 0, the smallest on top).

use super::{Args, BUILT_IN, Replay, header, header_text, moves_json, optimum_text};
use crate::common::{CliError, CmdResult, Exit, Format, Io, bad_input, read_file, write_json};
use crate::input_errors_fr::part;
use crate::rule_run::{Watch, message_json, set_limits, stop_message, strategy, write_trace};
use resolu_logic::Term;
use resolu_puzzles::hanoi::{Hanoi, HanoiMove, Pegs, frame_stewart};
use resolu_rules::{Engine, RuleBase, Step, Stop, Strategy};
use resolu_view::pages::hanoi::{HanoiHow, RuleFired};
use std::path::PathBuf;

/// The rule base that `--rules` names (a built-in name or a file): its name for messages,
/// and its text.
fn rule_source(args: &Args, hanoi: &Hanoi) -> Result<(String, String), CliError> {
    let name = match &args.rules {
        Some(n) => n.clone(),
        None if hanoi.pegs() == 3 => "course".to_string(),
        None => "neighbours".to_string(),
    };
    if let Some((_, path, text)) = BUILT_IN.iter().find(|(n, _, _)| *n == name) {
        return Ok((path.to_string(), text.to_string()));
    }
    Ok((name.clone(), read_file(&PathBuf::from(&name))?))
}

/// A situation as the rule bases write it: the list of the pegs, each the list of its
/// disks bottom first, sizes from 1 (`[[3,2,1],[],[]]`).
fn situation_term(hanoi: &Hanoi, s: Pegs) -> Term {
    let pegs = hanoi
        .stacks(s)
        .into_iter()
        .map(|stack| {
            let disks = stack.into_iter().map(|d| Term::int(i64::from(d) + 1));
            Term::list(disks.collect(), Term::nil())
        })
        .collect();
    Term::list(pegs, Term::nil())
}

/// The situation a rule base wrote (as [`situation_term`] writes it), checked: every disk
/// once, larger under smaller, sizes from 1 to the number of disks.
fn situation_of(hanoi: &Hanoi, t: &Term) -> Result<Pegs, String> {
    let pegs = t.list_items().ok_or("it is not a list of pegs")?;
    let mut stacks = Vec::with_capacity(pegs.len());
    for peg in pegs {
        let disks = peg.list_items().ok_or("a peg is not a list of disks")?;
        let stack = disks
            .iter()
            .map(|d| match d {
                Term::Int(n) if (1..=64).contains(n) => Ok((n - 1) as u8),
                other => Err(format!("{other} is not a disk size")),
            })
            .collect::<Result<Vec<u8>, String>>()?;
        stacks.push(stack);
    }
    hanoi.situation(&stacks).map_err(|e| e.to_string())
}

/// The engine over the rule base `text` (named `origin`), its situation facts set to the
/// puzzle of `--disks` and `--pegs`, with the flags' limits.
fn engine_for(
    hanoi: &Hanoi,
    origin: &str,
    text: &str,
    strategy: Strategy,
    args: &Args,
) -> Result<Engine, CliError> {
    let mut base = RuleBase::parse(text).map_err(|e| {
        bad_input(
            crate::input_errors_fr::rules(origin, &e).unwrap_or_else(|| format!("{origin}:{e}")),
        )
    })?;
    let start = resolu_search::Problem::start(hanoi);
    let goal = hanoi.all_on(hanoi.goal_peg());
    // The situation facts follow --disks and --pegs; the file's other facts stay.
    base.facts.retain(|f| {
        !matches!(f.functor(), Some((name, 1)) if ["state", "seen", "target"].contains(&name.name()))
    });
    for (relation, s) in [("state", start), ("seen", start), ("target", goal)] {
        base.facts
            .push(Term::compound(relation, vec![situation_term(hanoi, s)]));
    }
    if base.goal.is_none() {
        base.set_goal("state(S), target(S)")
            .map_err(|e| bad_input(e.to_string()))?;
    }
    let mut engine = Engine::new(base, strategy).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-origin",
            origin = origin,
            message = part(e)
        ))
    })?;
    set_limits(
        &mut engine,
        args.max_cycles,
        args.limits.timeout,
        args.limits.max_memory,
    );
    // The size of each conflict set is shown (whether the meta-rule had to choose): a few
    // instances a cycle for these bases.
    engine.set_record_conflict_sets(true);
    Ok(engine)
}

/// What the rules did: their moves, the rule that made each and how many were eligible
/// then, the moves back to a situation already met, why the engine stopped, and where.
struct RulesRun {
    moves: Vec<HanoiMove>,
    fired: Vec<String>,
    eligible: Vec<usize>,
    /// With --html: each move's rule and conflict set (names), for the page.
    page_rules: Option<Vec<RuleFired>>,
    repeated: u64,
    stop: Stop,
    state: Pegs,
}

/// Runs the engine to its stop, checking that each new situation is one legal move away,
/// and drawing it on `replay` (text output).
fn run_moves(
    hanoi: &Hanoi,
    origin: &str,
    engine: &mut Engine,
    trace: bool,
    mut replay: Option<&mut Replay>,
    page: bool,
    io: &mut Io,
) -> Result<RulesRun, CliError> {
    let start = resolu_search::Problem::start(hanoi);
    let mut run = RulesRun {
        moves: Vec::new(),
        fired: Vec::new(),
        eligible: Vec::new(),
        page_rules: page.then(Vec::new),
        repeated: 0,
        stop: Stop::Stuck,
        state: start,
    };
    let mut seen = std::collections::HashSet::from([start]);
    let mut fired_bytes = 0;
    let watch = Watch::start(engine);
    run.stop = loop {
        let step = engine.step().map_err(|e| {
            bad_input(crate::tr!(
                "refusal-origin",
                origin = origin,
                message = part(e)
            ))
        })?;
        let cycle = match step {
            Step::Stopped(stop) => break stop,
            Step::Fired(cycle) => cycle,
        };
        if trace {
            write_trace(&cycle, io)?;
        }
        let rule = cycle.fired().name.clone();
        let conflict = cycle.conflict_set.len();
        let new_state = cycle.added.iter().find_map(|f| match f {
            Term::Compound(name, a) if name.name() == "state" && a.len() == 1 => Some(&a[0]),
            _ => None,
        });
        // A rule that does not change the situation (bookkeeping) is not a move.
        let Some(new_state) = new_state else {
            continue;
        };
        let next = situation_of(hanoi, new_state).map_err(|e| {
            bad_input(crate::tr!(
                "refusal-rule-not-situation",
                origin = origin,
                rule = rule.to_string(),
                state = new_state.to_string(),
                disks = hanoi.disks().to_string(),
                pegs = hanoi.pegs().to_string(),
                message = part(e)
            ))
        })?;
        let Some(m) = hanoi.move_between(run.state, next) else {
            return Err(bad_input(crate::tr!(
                "refusal-rule-not-legal",
                origin = origin,
                rule = rule.to_string(),
                from = hanoi.one_line(run.state),
                to = hanoi.one_line(next)
            )));
        };
        run.state = next;
        run.moves.push(m);
        if !seen.insert(next) {
            run.repeated += 1;
        }
        if let Some(r) = replay.as_deref_mut() {
            let by = crate::tr!("hanoi-by-rule", rule = rule.as_str(), count = conflict);
            r.play_by(m, Some(&by), io)?;
        }
        fired_bytes += rule.capacity();
        if let Some(rules) = run.page_rules.as_mut() {
            rules.push(RuleFired {
                rule: rule.clone(),
                eligible: cycle.conflict_set.iter().map(|i| i.name.clone()).collect(),
            });
        }
        run.fired.push(rule);
        run.eligible.push(conflict);
        // What this run keeps grows with the moves: it counts in the engine's memory
        // budget, so that a long run stops at --max-memory rather than past it.
        let per_move = std::mem::size_of::<HanoiMove>()
            + std::mem::size_of::<String>()
            + std::mem::size_of::<usize>()
            + 2 * std::mem::size_of::<Pegs>();
        engine.set_caller_bytes(fired_bytes + run.moves.len() * per_move + seen.capacity() * 8);
    };
    drop(watch);
    Ok(run)
}

/// `--method rules`: the expert system, each move checked and drawn.
pub(super) fn rules(hanoi: &Hanoi, args: &Args, io: &mut Io) -> CmdResult {
    let strategy = strategy(&args.strategy)?;
    let (origin, text) = rule_source(args, hanoi)?;
    let mut engine = engine_for(hanoi, &origin, &text, strategy, args)?;
    let start = resolu_search::Problem::start(hanoi);
    let goal = hanoi.all_on(hanoi.goal_peg());
    let json = args.format == Format::Json;
    let how = crate::tr!(
        "hanoi-by-rules",
        origin = origin.as_str(),
        strategy = strategy.to_string()
    );
    let mut replay = if json {
        None
    } else {
        header(hanoi, &how, io)?;
        Some(Replay::with_numbers(hanoi, args.compact, true, io)?)
    };
    let trace = args.trace && !json;
    let page = args.html.html.is_some();
    let run = run_moves(
        hanoi,
        &origin,
        &mut engine,
        trace,
        replay.as_mut(),
        page,
        io,
    )?;
    crate::html::write_if(&args.html.html, || {
        let rules = run.page_rules.as_deref().unwrap_or_default();
        let strategy = strategy.name();
        resolu_view::pages::hanoi::moves_page(
            hanoi,
            &run.moves,
            HanoiHow::Rules(rules, strategy),
            &header_text(hanoi, &how),
            &crate::html::labels(),
        )
    })?;
    let cycles = engine.cycles();
    let max_inferences = Some(resolu_rules::DEFAULT_MAX_INFERENCES);
    let stop_said = stop_message(run.stop, &engine, max_inferences);
    let message = message_json(run.stop, &engine, max_inferences);
    // The engine keeps every situation met (its working memory's history and shared
    // terms): freeing them node by node took a tenth of a run of 10 disks, just before
    // the process ends and the system takes the memory back in one piece.
    std::mem::forget(engine);
    // Solved means the disks are on the goal peg, whatever the file's own goal says.
    let solved = run.state == goal && !run.stop.is_limit();
    let exit = match run.stop {
        stop if stop.is_limit() => Exit::Limit,
        _ if solved => Exit::Success,
        _ => Exit::NoSolution,
    };
    if json {
        let situations = std::iter::once(start)
            .chain(run.moves.iter().scan(start, |s, &m| {
                *s = hanoi.apply(*s, m);
                Some(*s)
            }))
            .map(|s| hanoi.situation_number(s))
            .collect::<Vec<_>>();
        write_json(
            io.out,
            &serde_json::json!({
                "method": "rules",
                "rules": origin,
                "strategy": strategy.name(),
                "disks": hanoi.disks(),
                "pegs": hanoi.pegs(),
                "solved": solved,
                "stop": run.stop.as_str(),
                "reason": run.stop.as_str(),
                "message": message,
                "length": run.moves.len(),
                "optimum": frame_stewart(hanoi.disks(), hanoi.pegs()),
                "moves": moves_json(run.moves.iter().copied()),
                "fired": run.fired,
                "eligible": run.eligible,
                "situations": situations,
                "cycles": cycles,
                "repeated": run.repeated,
            }),
        )?;
        return Ok(exit);
    }
    write_verdict(hanoi, &run, solved, &stop_said, io)?;
    Ok(exit)
}

/// The text verdict of a rules run: solved (and why it took more than the optimum, for
/// rules that only move between neighbouring pegs), stuck or stopped; then whether a
/// situation came back.
fn write_verdict(
    hanoi: &Hanoi,
    run: &RulesRun,
    solved: bool,
    stop_said: &str,
    io: &mut Io,
) -> Result<(), CliError> {
    let n = hanoi.disks();
    let made = run.moves.len();
    let optimum = frame_stewart(n, hanoi.pegs());
    let goal_peg = hanoi.goal_peg();
    let line = match run.stop {
        _ if solved => crate::tr!(
            "hanoi-rules-solved",
            count = made,
            optimum = optimum_text(hanoi)
        ),
        Stop::Stuck => crate::tr!("hanoi-rules-stuck", count = made, peg = goal_peg),
        stop if stop.is_limit() => {
            crate::tr!("hanoi-rules-limit", stopped = stop_said, count = made)
        }
        _ => crate::tr!(
            "hanoi-rules-off-goal",
            stopped = stop_said,
            count = made,
            peg = goal_peg
        ),
    };
    writeln!(io.out, "{line}")?;
    if solved {
        let neighbours_only = run.moves.iter().all(|m| m.from.abs_diff(m.to) == 1);
        let all_situations = 3u64.checked_pow(n as u32);
        if hanoi.pegs() == 3
            && neighbours_only
            && all_situations.is_some_and(|a| made as u64 == a - 1)
        {
            let why = crate::tr!(
                "hanoi-why-neighbours",
                count = made,
                optimum = optimum,
                n = n,
                situations = made + 1
            );
            writeln!(io.out, "{why}")?;
        } else if neighbours_only && made as u64 > optimum {
            writeln!(io.out, "{}", crate::tr!("hanoi-neighbours-longer"))?;
        }
    }
    writeln!(
        io.out,
        "{}",
        crate::tr!("hanoi-repeated", count = run.repeated)
    )?;
    Ok(())
}
