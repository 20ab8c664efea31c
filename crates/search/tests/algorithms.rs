//! Every algorithm against ground truth on random graphs: optimal algorithms must find the
//! optimal cost (computed here by an independent Dijkstra / BFS), the others must find a
//! solution exactly when one exists, and every path is replayed step by step.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use resolu_search::{Algorithm, Limits, Outcome, Problem, Runner, StopReason, Successor};

/// A random directed graph with non-negative integer costs; node 0 is the start.
#[derive(Clone, Debug)]
struct Graph {
    edges: Vec<Vec<(u32, f64)>>,
    goals: Vec<bool>,
}

impl Problem for Graph {
    type State = u32;
    type Action = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, s: &u32) -> bool {
        self.goals[*s as usize]
    }
    fn successors(&self, s: &u32, out: &mut Vec<Successor<u32, u32>>) {
        for &(t, c) in &self.edges[*s as usize] {
            out.push(Successor::new(t, t, c));
        }
    }
}

/// Exact distance from every node to the nearest goal (reverse Dijkstra, O(n^3) but tiny).
fn distances_to_goal(g: &Graph) -> Vec<f64> {
    let n = g.edges.len();
    let mut dist: Vec<f64> = g
        .goals
        .iter()
        .map(|&is| if is { 0.0 } else { f64::INFINITY })
        .collect();
    let mut done = vec![false; n];
    for _ in 0..n {
        let Some(u) = (0..n)
            .filter(|&u| !done[u] && dist[u].is_finite())
            .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
        else {
            break;
        };
        done[u] = true;
        for v in 0..n {
            for &(t, c) in &g.edges[v] {
                if t as usize == u && dist[u] + c < dist[v] {
                    dist[v] = dist[u] + c;
                }
            }
        }
    }
    dist
}

/// Fewest steps from the start to a goal (BFS written independently of the library).
fn fewest_steps(g: &Graph) -> Option<usize> {
    let n = g.edges.len();
    let mut depth = vec![usize::MAX; n];
    depth[0] = 0;
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(u) = queue.pop_front() {
        if g.goals[u] {
            return Some(depth[u]);
        }
        for &(t, _) in &g.edges[u] {
            if depth[t as usize] == usize::MAX {
                depth[t as usize] = depth[u] + 1;
                queue.push_back(t as usize);
            }
        }
    }
    None
}

/// Replays `outcome`'s path on `g`: every step an edge, the cost the sum, the end a goal.
fn check_path(g: &Graph, outcome: &Outcome<u32, u32>) {
    let path = outcome.path.as_ref().expect("a solved outcome has a path");
    let mut at = 0u32;
    let mut cost = 0.0;
    // The step costs kept in the path are those of edges taken, and add up to its cost.
    assert_eq!(path.step_costs.len(), path.len());
    for ((_, state), step) in path.steps.iter().zip(&path.step_costs) {
        let edges = &g.edges[at as usize];
        assert!(
            edges.iter().any(|(t, c)| t == state && c == step),
            "{at} -> {state} has no edge of cost {step}"
        );
        at = *state;
    }
    let sum: f64 = path.step_costs.iter().sum();
    assert!(
        (sum - path.cost).abs() < 1e-9,
        "step costs add up to {sum}, not {}",
        path.cost
    );
    at = 0;
    for (action, state) in &path.steps {
        assert_eq!(action, state);
        let step = g.edges[at as usize]
            .iter()
            .filter(|(t, _)| t == state)
            .map(|&(_, c)| c)
            .fold(f64::INFINITY, f64::min);
        assert!(step.is_finite(), "{at} -> {state} is not an edge");
        cost += step;
        at = *state;
    }
    assert!(g.is_goal(&at), "the path ends on {at}, not a goal");
    assert!(
        cost <= path.cost + 1e-9,
        "replayed cost {cost} vs reported {}",
        path.cost
    );
}

fn graph_strategy(unit: bool) -> impl Strategy<Value = Graph> {
    (2usize..16).prop_flat_map(move |n| {
        let edge = (0..n as u32, 0..n as u32, 1u32..10);
        (
            prop::collection::vec(edge, 0..n * 3),
            prop::collection::vec(prop::bool::weighted(0.15), n),
        )
            .prop_map(move |(edges, goals)| {
                let mut adj = vec![Vec::new(); n];
                for (a, b, c) in edges {
                    adj[a as usize].push((b, if unit { 1.0 } else { c as f64 }));
                }
                Graph { edges: adj, goals }
            })
    })
}

/// The weight of weighted A* in these tests.
const WEIGHT: f64 = 1.5;

const ALL: [Algorithm; 9] = [
    Algorithm::Random,
    Algorithm::Dfs,
    Algorithm::Iddfs,
    Algorithm::Bfs,
    Algorithm::Ucs,
    Algorithm::Greedy,
    Algorithm::Astar,
    Algorithm::WeightedAstar,
    Algorithm::IdaStar,
];

/// Runs every algorithm with a node limit: on a graph with cycles and no reachable goal,
/// IDA* raises its bound for ever and iterative deepening enumerates every simple path, so
/// only a limit stops them there.
fn run_all(g: &Graph, h: &dyn Fn(&u32) -> f64) -> Vec<(Algorithm, Outcome<u32, u32>)> {
    ALL.iter()
        .map(|&a| {
            let limits = Limits::new().max_nodes(200_000);
            (
                a,
                Runner::new(g)
                    .heuristic(h)
                    .weight(WEIGHT)
                    .seed(7)
                    .limits(limits)
                    .run(a),
            )
        })
        .collect()
}

/// Whether `algo` may stop at the node limit instead of proving that no goal is reachable.
fn may_not_prove_unreachable(algo: Algorithm) -> bool {
    matches!(algo, Algorithm::IdaStar | Algorithm::Iddfs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn weighted_graphs(
        g in graph_strategy(false),
        scale in 0.0f64..=1.0,
        jitter in prop::collection::vec(0.0f64..=1.0, 24),
    ) {
        let exact = distances_to_goal(&g);
        let optimum = exact[0];
        // Admissible but usually inconsistent: a random fraction of the exact distance.
        let h = |s: &u32| {
            let d = exact[*s as usize];
            if d.is_finite() { d * scale * jitter[*s as usize] } else { 0.0 }
        };
        for (algo, outcome) in run_all(&g, &h) {
            if optimum.is_infinite() {
                if !(may_not_prove_unreachable(algo) && outcome.reason == StopReason::NodeLimit) {
                    prop_assert_eq!(outcome.reason, StopReason::Exhausted, "{}", algo);
                }
                continue;
            }
            prop_assert_eq!(outcome.reason, StopReason::Solved, "{}", algo);
            check_path(&g, &outcome);
            let cost = outcome.path.as_ref().unwrap().cost;
            match algo {
                Algorithm::Ucs | Algorithm::Astar | Algorithm::IdaStar => prop_assert!(
                    (cost - optimum).abs() < 1e-9,
                    "{} found {} instead of {}", algo, cost, optimum
                ),
                Algorithm::WeightedAstar => prop_assert!(
                    cost <= WEIGHT * optimum + 1e-9,
                    "{} cost {} > {} x {}", algo, cost, WEIGHT, optimum
                ),
                _ => prop_assert!(cost >= optimum - 1e-9),
            }
        }
    }

    #[test]
    fn unit_cost_graphs(g in graph_strategy(true)) {
        let steps = fewest_steps(&g);
        for (algo, outcome) in run_all(&g, &|_: &u32| 0.0) {
            match steps {
                None => {
                    if !(may_not_prove_unreachable(algo) && outcome.reason == StopReason::NodeLimit) {
                        prop_assert_eq!(outcome.reason, StopReason::Exhausted, "{}", algo);
                    }
                }
                Some(d) => {
                    prop_assert_eq!(outcome.reason, StopReason::Solved, "{}", algo);
                    check_path(&g, &outcome);
                    let len = outcome.path.as_ref().unwrap().len();
                    if algo.is_optimal() {
                        prop_assert_eq!(len, d, "{}", algo);
                    } else {
                        prop_assert!(len >= d);
                    }
                }
            }
        }
    }

    #[test]
    fn depth_limited_dfs_finds_exactly_the_solutions_within_the_limit(
        g in graph_strategy(true),
        limit in 0usize..6,
    ) {
        let steps = fewest_steps(&g);
        let outcome = Runner::new(&g).depth_limit(Some(limit)).run(Algorithm::Dfs);
        match steps {
            Some(d) if d <= limit => {
                prop_assert_eq!(outcome.reason, StopReason::Solved);
                check_path(&g, &outcome);
                prop_assert!(outcome.path.unwrap().len() <= limit);
            }
            _ => {
                // The limit cut the search if a state at exactly `limit` steps (by BFS,
                // written here independently) has successors.
                let depths = steps_from_start(&g);
                let cut = (0..g.edges.len())
                    .any(|s| depths[s] == Some(limit) && !g.edges[s].is_empty());
                let expected = if cut { StopReason::DepthLimit } else { StopReason::Exhausted };
                prop_assert_eq!(outcome.reason, expected);
            }
        }
    }
}

/// The fewest steps from the start to each node (`None`: unreachable).
fn steps_from_start(g: &Graph) -> Vec<Option<usize>> {
    let mut depth = vec![None; g.edges.len()];
    depth[0] = Some(0);
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(u) = queue.pop_front() {
        let next = depth[u].map(|d| d + 1);
        for &(t, _) in &g.edges[u] {
            if depth[t as usize].is_none() {
                depth[t as usize] = next;
                queue.push_back(t as usize);
            }
        }
    }
    depth
}

/// An infinite binary tree: no goal, so only a limit can stop a search.
struct Endless;

impl Problem for Endless {
    type State = u64;
    type Action = u8;
    fn start(&self) -> u64 {
        1
    }
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
    fn successors(&self, s: &u64, out: &mut Vec<Successor<u64, u8>>) {
        out.push(Successor::new(0, s.wrapping_mul(2), 1.0));
        out.push(Successor::new(1, s.wrapping_mul(2).wrapping_add(1), 1.0));
    }
}

#[test]
fn every_algorithm_obeys_the_node_limit() {
    for algo in ALL {
        let outcome = Runner::new(&Endless)
            .limits(Limits::new().max_nodes(500))
            .run(algo);
        assert_eq!(outcome.reason, StopReason::NodeLimit, "{algo}");
        assert_eq!(outcome.stats.expanded, 500, "{algo}");
        assert!(outcome.path.is_none());
    }
}

#[test]
fn every_algorithm_obeys_the_timeout() {
    for algo in ALL {
        let limits = Limits::new()
            .timeout(std::time::Duration::from_millis(30))
            .max_memory_bytes(1 << 40);
        let outcome = Runner::new(&Endless).limits(limits).run(algo);
        assert_eq!(outcome.reason, StopReason::TimeLimit, "{algo}");
        assert!(outcome.stats.expanded > 0);
    }
}

#[test]
fn graph_searches_stop_at_the_memory_budget() {
    for algo in [
        Algorithm::Random,
        Algorithm::Dfs,
        Algorithm::Bfs,
        Algorithm::Ucs,
        Algorithm::Greedy,
        Algorithm::Astar,
    ] {
        let outcome = Runner::new(&Endless)
            .limits(Limits::new().max_memory_bytes(1 << 20))
            .run(algo);
        assert_eq!(outcome.reason, StopReason::MemoryLimit, "{algo}");
        // 1 MiB at 8 bytes of state plus the per-node overhead: some thousands of states.
        assert!(
            (5_000..20_000).contains(&outcome.stats.stored),
            "{algo}: {}",
            outcome.stats.stored
        );
    }
}

#[test]
fn deep_spaces_do_not_overflow_the_call_stack() {
    // A line of a million states: DFS and IDA* go a million deep on their heap stacks.
    let line = resolu_search::FnProblem::new(
        0u32,
        |&s: &u32| s == 1_000_000,
        |&s: &u32, out: &mut Vec<Successor<u32, ()>>| out.push(Successor::new((), s + 1, 1.0)),
    );
    let dfs = Runner::new(&line).run(Algorithm::Dfs);
    assert_eq!(dfs.path.unwrap().len(), 1_000_000);
    let h = |&s: &u32| f64::from(1_000_000 - s);
    let ida = Runner::new(&line).heuristic(h).run(Algorithm::IdaStar);
    assert_eq!(ida.path.unwrap().len(), 1_000_000);
}

#[test]
fn observers_see_every_expansion() {
    #[derive(Default)]
    struct Count {
        expanded: u64,
        generated: u64,
    }
    impl<S, A> resolu_search::Observer<S, A> for Count {
        fn expand(&mut self, _: &S, _: f64, _: f64) {
            self.expanded += 1;
        }
        fn generate(&mut self, _: &S, _: &A, _: &S, _: f64, _: f64) {
            self.generated += 1;
        }
    }
    for algo in ALL {
        let mut count = Count::default();
        let outcome = Runner::new(&Endless)
            .observer(&mut count)
            .limits(Limits::new().max_nodes(64))
            .run(algo);
        assert_eq!(count.expanded, outcome.stats.expanded, "{algo}");
        assert_eq!(count.generated, outcome.stats.generated, "{algo}");
    }
}

#[test]
fn algorithm_names_round_trip() {
    for name in Algorithm::NAMES {
        let algo: Algorithm = name.parse().unwrap();
        assert_eq!(algo.name(), name);
    }
    let err = "bestfirst".parse::<Algorithm>().unwrap_err();
    assert!(err.to_string().contains("unknown algorithm 'bestfirst'"));
}

/// A line of states 0..=`LINE_END`, moves +1 and -1, the goal at the end: solvable, but
/// beyond the cuts below (iterative deepening takes cubic time on it: keep it short).
struct Line;

const LINE_END: u64 = 300;

impl Problem for Line {
    type State = u64;
    type Action = i8;
    fn start(&self) -> u64 {
        0
    }
    fn is_goal(&self, s: &u64) -> bool {
        *s == LINE_END
    }
    fn successors(&self, s: &u64, out: &mut Vec<Successor<u64, i8>>) {
        if *s < LINE_END {
            out.push(Successor::new(1, s + 1, 1.0));
        }
        if *s > 0 {
            out.push(Successor::new(-1, s - 1, 1.0));
        }
    }
}

#[test]
fn every_cut_off_of_every_algorithm_is_reported_as_such_on_a_solvable_problem() {
    static RAISED: resolu_search::Monitor = resolu_search::Monitor::new();
    RAISED.interrupt();
    let h = |s: &u64| (LINE_END - s) as f64;
    let cuts = [
        (Limits::new().max_nodes(50), StopReason::NodeLimit),
        (
            Limits::new().timeout(std::time::Duration::ZERO),
            StopReason::TimeLimit,
        ),
        (
            Limits::new().max_memory_bytes(1 << 10),
            StopReason::MemoryLimit,
        ),
        (Limits::new().monitor(&RAISED), StopReason::Interrupted),
    ];
    for algo in ALL {
        // Uncut, every algorithm solves it (the reference for the cuts below).
        let outcome = Runner::new(&Line).heuristic(h).run(algo);
        assert_eq!(outcome.reason, StopReason::Solved, "{algo}");
        for (limits, reason) in cuts {
            let outcome = Runner::new(&Line).heuristic(h).limits(limits).run(algo);
            assert_eq!(outcome.reason, reason, "{algo} under {limits:?}");
            assert!(reason.is_limit() && outcome.path.is_none());
        }
    }
    // Depth-first search cut at depth 10 of a goal 300 steps away.
    let outcome = Runner::new(&Line).depth_limit(Some(10)).run(Algorithm::Dfs);
    assert_eq!(outcome.reason, StopReason::DepthLimit);
    assert_eq!(outcome.reason.as_str(), "depth-limit");
    assert!(outcome.reason.is_limit());
    // A limit at or beyond the goal's depth finds it.
    let outcome = Runner::new(&Line)
        .depth_limit(Some(LINE_END as usize))
        .run(Algorithm::Dfs);
    assert_eq!(outcome.path.map(|p| p.len()), Some(LINE_END as usize));
}

#[test]
fn a_depth_limit_that_cuts_nothing_proves_there_is_no_solution() {
    // 0..=5 with no goal: a limit of 5 reaches every state, a limit of 4 cuts state 5.
    let short = resolu_search::FnProblem::new(
        0u8,
        |_: &u8| false,
        |&s: &u8, out: &mut Vec<Successor<u8, ()>>| {
            if s < 5 {
                out.push(Successor::new((), s + 1, 1.0));
            }
        },
    );
    let run = |d| Runner::new(&short).depth_limit(Some(d)).run(Algorithm::Dfs);
    assert_eq!(run(5).reason, StopReason::Exhausted);
    assert_eq!(run(4).reason, StopReason::DepthLimit);
}
