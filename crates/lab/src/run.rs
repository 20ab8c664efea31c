//! One run of an experiment, and running many in parallel.

use rayon::prelude::*;
use resolu_search::{Outcome, StopReason};
use serde::Serialize;

/// The record of one run: one row of the CSV.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    /// The problem (`taquin-3x3`, ...).
    pub problem: String,
    /// The algorithm's name (`astar`, `idastar`, ...).
    pub algorithm: String,
    /// The heuristic's name (`manhattan`, ...).
    pub heuristic: String,
    /// The instance, as the problem writes it.
    pub instance: String,
    /// The instance's optimal solution length, known before the run.
    pub depth: u32,
    /// `solved`, or what stopped the run: `node-limit`, `time-limit`, `memory-limit`,
    /// `exhausted`.
    pub status: String,
    /// The length of the solution found, if any.
    pub length: Option<u32>,
    /// Expanded nodes.
    pub expanded: u64,
    /// Generated nodes.
    pub generated: u64,
    /// Peak size of the frontier.
    pub max_frontier: u64,
    /// Wall-clock time of the run, in milliseconds.
    pub time_ms: f64,
    /// The effective branching factor b* from the expanded nodes and the depth (empty when
    /// not solved or at depth 0).
    pub bstar: Option<f64>,
}

impl Run {
    /// The record of a search that ended with `outcome` on an instance whose optimal length
    /// is `depth`: the status is the stop reason, b* is computed from the expanded nodes
    /// when solved. Every problem of the lab builds its runs here.
    pub fn from_outcome<S, A>(
        problem: String,
        algorithm: &str,
        heuristic: &str,
        instance: String,
        depth: u32,
        outcome: &Outcome<S, A>,
    ) -> Run {
        let solved = outcome.reason == StopReason::Solved;
        Run {
            problem,
            algorithm: algorithm.into(),
            heuristic: heuristic.into(),
            instance,
            depth,
            status: outcome.reason.as_str().into(),
            length: outcome.path.as_ref().map(|p| p.len() as u32),
            expanded: outcome.stats.expanded,
            generated: outcome.stats.generated,
            max_frontier: outcome.stats.max_frontier,
            time_ms: outcome.stats.elapsed_ms(),
            bstar: if solved {
                effective_branching_factor(outcome.stats.expanded, depth)
            } else {
                None
            },
        }
    }

    /// The record of a run that could not start: status `error`, the error in place of the
    /// instance, no solution and zero counters.
    pub fn error(
        problem: String,
        algorithm: &str,
        heuristic: &str,
        error: String,
        depth: u32,
    ) -> Run {
        Run {
            problem,
            algorithm: algorithm.into(),
            heuristic: heuristic.into(),
            instance: error,
            depth,
            status: "error".into(),
            length: None,
            expanded: 0,
            generated: 0,
            max_frontier: 0,
            time_ms: 0.0,
            bstar: None,
        }
    }

    /// Whether the run found a solution.
    pub fn solved(&self) -> bool {
        self.status == "solved"
    }
}

/// Runs `job` on every element of `jobs` over all the threads of the current rayon pool,
/// calling `progress` after each; the results are in the order of `jobs` whatever the number
/// of threads, so an experiment's output depends only on its inputs (and the clock).
pub fn run_all<J: Sync, R: Send>(
    jobs: &[J],
    job: impl Fn(&J) -> R + Sync,
    progress: &(dyn Fn() + Sync),
) -> Vec<R> {
    jobs.par_iter()
        .map(|j| {
            let r = job(j);
            progress();
            r
        })
        .collect()
}

/// The effective branching factor b*: the branching factor of a uniform tree of depth `d`
/// with N = b* + b*^2 + ... + b*^d nodes, N being the expanded nodes (Russell & Norvig).
/// Found by bisection (the sum grows with b*). `None` at depth 0.
pub fn effective_branching_factor(nodes: u64, depth: u32) -> Option<f64> {
    if depth == 0 {
        return None;
    }
    let n = nodes as f64;
    let total = |b: f64| (1..=depth).map(|i| b.powi(i as i32)).sum::<f64>();
    let (mut lo, mut hi) = (0.0f64, n.max(1.0));
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if total(mid) < n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo + hi) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bstar_inverts_the_geometric_sum() {
        for (b, d) in [(1.5f64, 10u32), (2.0, 5), (1.1, 20), (3.0, 4)] {
            let n: f64 = (1..=d).map(|i| b.powi(i as i32)).sum();
            let got = effective_branching_factor(n.round() as u64, d).unwrap();
            assert!((got - b).abs() < 0.01, "{b} {d}: {got}");
        }
        assert_eq!(effective_branching_factor(5, 0), None);
        // Fewer nodes than the depth: below 1.
        assert!(effective_branching_factor(3, 5).unwrap() < 1.0);
    }

    #[test]
    fn results_keep_the_order_of_the_jobs_whatever_the_threads() {
        let jobs: Vec<u64> = (0..200).collect();
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let four = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        let a = one.install(|| run_all(&jobs, |&x| x * 3, &|| {}));
        let b = four.install(|| run_all(&jobs, |&x| x * 3, &|| {}));
        assert_eq!(a, b);
        assert_eq!(a[199], 597);
    }
}
