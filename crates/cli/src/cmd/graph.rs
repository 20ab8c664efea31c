//! `resolu graph FILE`: search an explicit state graph read from a text file.

use crate::common::{
    AlgoArgs, CliError, CmdResult, Exit, ExpansionTrace, Format, Io, LimitArgs, bad_input,
    read_file, reason_text, search_json, search_stop_text, stats_line, write_json,
};
use crate::input_errors_fr::part;
use clap::{Args as ClapArgs, ValueEnum};
use resolu_puzzles::graph::Graph;
use resolu_search::{Algorithm, Outcome, Runner, Stats};
use resolu_view::record::{Both, SearchRecorder};
use std::path::PathBuf;

/// The road map of the demo, embedded so that `resolu demo` works from any directory.
const ROMANIA: &str = include_str!("../../../../examples/graphs/romania.graph");

/// Flags of `resolu graph`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu graph examples/graphs/romania.graph --algo astar
  resolu graph examples/graphs/tree.graph --algo dfs --trace
  resolu graph examples/graphs/romania.graph --algo greedy --format json

File format: one directive per line, '#' starts a comment:
  start NAME | goal NAME... | edge A B [COST] | arc A B [COST] | node NAME [h=VALUE] [x=X y=Y] (x, y: where --html draws it)")]
pub struct Args {
    /// The graph file.
    pub file: PathBuf,
    #[command(flatten)]
    pub algo: AlgoArgs,
    /// Heuristic: the h values of the file, or zero.
    #[arg(long, value_enum, default_value_t = GraphHeuristic::File)]
    pub heuristic: GraphHeuristic,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print each expansion with f, g and h.
    #[arg(long)]
    pub trace: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub html: crate::html::SearchHtml,
}

/// The heuristics of an explicit graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GraphHeuristic {
    /// The `h=` values given in the file (0 where missing).
    File,
    /// h = 0 everywhere.
    Zero,
}

/// Runs `resolu graph`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    // --timeout counts from here: reading a graph of millions of edges takes seconds too.
    let started = std::time::Instant::now();
    let deadline = args.limits.timeout.and_then(|t| started.checked_add(t));
    let text = read_file(&args.file)?;
    let algorithm = args.algo.algorithm()?;
    let Some(graph) = Graph::parse_until(&text, deadline).map_err(|e| {
        let origin = args.file.display().to_string();
        bad_input(
            crate::input_errors_fr::graph(&origin, &e).unwrap_or_else(|| format!("{origin}: {e}")),
        )
    })?
    else {
        let reason = resolu_search::StopReason::TimeLimit;
        if args.format == Format::Json {
            write_json(
                io.out,
                &search_json::<u32, u32>(&Outcome::new(reason, None, Stats::default()), vec![]),
            )?;
        } else {
            writeln!(
                io.out,
                "{}",
                crate::tr!(
                    "graph-stopped-reading",
                    reason = reason_text(reason),
                    file = args.file.display().to_string()
                )
            )?;
        }
        return Ok(Exit::Limit);
    };
    let mut args = args;
    if let Some(t) = &mut args.limits.timeout {
        *t = t.saturating_sub(started.elapsed());
    }
    if args.format == Format::Text {
        for note in isolated_notes(&graph) {
            writeln!(io.out, "{}", crate::tr!("note", note = note))?;
        }
    }
    let mut recorder = args.html.html.as_ref().map(|_| {
        resolu_view::pages::search::graph_recorder(&graph, algorithm, args.algo.weight)
            .labels(crate::html::labels())
    });
    let (exit, outcome) = solve(&graph, algorithm, &args, io, recorder.as_mut())?;
    if let (Some(path), Some(recorder)) = (&args.html.html, recorder) {
        let run = resolu_view::pages::Recorded { recorder, outcome };
        let runs = args.html.runs(&args.algo, run, |algorithm| {
            let mut recorder =
                resolu_view::pages::search::graph_recorder(&graph, algorithm, args.algo.weight)
                    .labels(crate::html::labels());
            let outcome = runner(&graph, &args).observer(&mut recorder).run(algorithm);
            resolu_view::pages::Recorded { recorder, outcome }
        })?;
        crate::html::write_page(path, &resolu_view::pages::search::graph_page(&graph, runs))?;
    }
    Ok(exit)
}

/// The start or goals that no edge or arc touches (named only by `start` or `goal`): most
/// likely a misspelt name, which the verdict alone would not reveal.
fn isolated_notes(graph: &Graph) -> Vec<String> {
    use resolu_search::Problem;
    let mut touched = vec![false; graph.len()];
    let mut out = Vec::new();
    for id in 0..graph.len() as u32 {
        out.clear();
        graph.successors(&id, &mut out);
        if !out.is_empty() {
            touched[id as usize] = true;
        }
        for s in &out {
            touched[s.state as usize] = true;
        }
    }
    let start = graph.start();
    (0..graph.len() as u32)
        .filter(|&id| !touched[id as usize])
        .filter_map(|id| {
            let role = if id == start {
                "start"
            } else if graph.is_goal(&id) {
                "goal"
            } else {
                return None;
            };
            Some(crate::tr!(
                "graph-isolated",
                role = role,
                name = graph.name(id)
            ))
        })
        .collect()
}

/// A heuristic chosen at run time.
type GraphH<'g> = Box<dyn Fn(&u32) -> f64 + 'g>;

/// The heuristic the flags choose: the file's `h` values, or zero.
fn heuristic<'g>(graph: &'g Graph, args: &Args) -> GraphH<'g> {
    match args.heuristic {
        GraphHeuristic::File => Box::new(graph.file_heuristic()),
        GraphHeuristic::Zero => Box::new(|_: &u32| 0.0),
    }
}

/// A runner with the flags' settings.
fn runner<'g>(graph: &'g Graph, args: &Args) -> Runner<'g, Graph, GraphH<'g>> {
    Runner::new(graph)
        .heuristic(heuristic(graph, args))
        .limits(args.limits.limits())
        .weight(args.algo.weight)
        .seed(args.algo.seed)
        .depth_limit(args.algo.depth_limit)
}

/// Searches and reports; `recorder` (for `--html`) records the run as it goes.
fn solve<'g>(
    graph: &'g Graph,
    algorithm: Algorithm,
    args: &Args,
    io: &mut Io,
    recorder: Option<&mut SearchRecorder<'g, u32, u32>>,
) -> Result<(Exit, Outcome<u32, u32>), CliError> {
    let runner = runner(graph, args);
    let trace = args.trace && args.format == Format::Text;
    if trace {
        writeln!(
            io.out,
            "{}",
            crate::tr!("trace-of", algorithm = algorithm.to_string())
        )?;
    }
    let show = |s: &u32| graph.name(*s).to_string();
    let weight = args.algo.weight;
    let outcome = match (trace, recorder) {
        (true, Some(recorder)) => {
            let trace = ExpansionTrace::new(&mut *io.out, show, algorithm, weight);
            runner.observer(Both(trace, recorder)).run(algorithm)
        }
        (true, None) => {
            let trace = ExpansionTrace::new(&mut *io.out, show, algorithm, weight);
            runner.observer(trace).run(algorithm)
        }
        (false, Some(recorder)) => runner.observer(recorder).run(algorithm),
        (false, None) => {
            let mut runner = runner;
            runner.run(algorithm)
        }
    };
    let exit = report(graph, algorithm, &outcome, args, io)?;
    Ok((exit, outcome))
}

fn report(
    graph: &Graph,
    algorithm: Algorithm,
    outcome: &Outcome<u32, u32>,
    args: &Args,
    io: &mut Io,
) -> CmdResult {
    if args.format == Format::Json {
        let moves = outcome.path.as_ref().map_or_else(Vec::new, |p| {
            p.actions().map(|&n| graph.name(n).into()).collect()
        });
        write_json(io.out, &search_json(outcome, moves))?;
        return Ok(Exit::from_reason(outcome.reason));
    }
    match &outcome.path {
        Some(path) => {
            writeln!(
                io.out,
                "{algorithm}: {}",
                crate::tr!(
                    "graph-path",
                    count = path.len(),
                    cost = path.cost.to_string(),
                    path = graph.names(path.states()).join(" -> ")
                )
            )?;
            let mut previous = path.start;
            let mut g = 0.0;
            for (i, ((_, node), &step)) in path.steps.iter().zip(&path.step_costs).enumerate() {
                g += step;
                writeln!(
                    io.out,
                    "{:>3}. {} -> {}  {}",
                    i + 1,
                    graph.name(previous),
                    graph.name(*node),
                    crate::tr!(
                        "graph-step-cost",
                        step = step.to_string(),
                        total = g.to_string()
                    )
                )?;
                previous = *node;
            }
        }
        None => writeln!(
            io.out,
            "{algorithm}: {}",
            search_stop_text(outcome.reason, args.algo.depth_limit)
        )?,
    }
    writeln!(io.out, "{}", stats_line(&outcome.stats))?;
    Ok(Exit::from_reason(outcome.reason))
}

/// `resolu demo`: A* and greedy search on the Romanian road map.
pub fn demo(io: &mut Io) -> CmdResult {
    let graph = Graph::parse(ROMANIA).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-origin",
            origin = "romania.graph",
            message = part(e)
        ))
    })?;
    writeln!(
        io.out,
        "From Arad to Bucharest, h = straight-line distance:"
    )?;
    let mut worst = Exit::Success;
    for algorithm in [Algorithm::Astar, Algorithm::Greedy] {
        let args = Args {
            file: PathBuf::from("romania.graph"),
            algo: AlgoArgs {
                algo: algorithm.name().into(),
                weight: 2.0,
                depth_limit: None,
                seed: 0,
            },
            heuristic: GraphHeuristic::File,
            limits: LimitArgs::default(),
            trace: false,
            format: Format::Text,
            html: Default::default(),
        };
        worst = worst.worst(solve(&graph, algorithm, &args, io, None)?.0);
    }
    Ok(worst)
}
