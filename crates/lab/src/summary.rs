//! Summaries of runs: per depth and configuration, the median nodes and time and the
//! fraction solved.

use crate::Run;
use serde::Serialize;
use std::collections::BTreeMap;

/// One line of a summary: a depth and a configuration (algorithm and heuristic).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SummaryRow {
    /// The optimal solution length of the instances.
    pub depth: u32,
    /// The algorithm.
    pub algorithm: String,
    /// The heuristic.
    pub heuristic: String,
    /// Number of runs.
    pub runs: usize,
    /// Runs that found a solution.
    pub solved: usize,
    /// Median expanded nodes over all runs (a limited run counts with the nodes it
    /// expanded before it stopped: a lower bound).
    pub median_expanded: f64,
    /// Median time in milliseconds over all runs.
    pub median_time_ms: f64,
    /// Median effective branching factor over the solved runs.
    pub median_bstar: Option<f64>,
}

impl SummaryRow {
    /// The configuration's label: `astar/manhattan`.
    pub fn config(&self) -> String {
        format!("{}/{}", self.algorithm, self.heuristic)
    }

    /// The fraction of runs solved.
    pub fn solved_fraction(&self) -> f64 {
        self.solved as f64 / self.runs.max(1) as f64
    }
}

/// A summary of runs, sorted by depth then configuration.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    /// The rows.
    pub rows: Vec<SummaryRow>,
}

/// The median of `values` (the mean of the two middle values for an even count); `None`
/// when empty.
pub fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    Some(if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    })
}

impl Summary {
    /// Groups `runs` by (depth, algorithm, heuristic).
    pub fn of(runs: &[Run]) -> Summary {
        let mut groups: BTreeMap<(u32, &str, &str), Vec<&Run>> = BTreeMap::new();
        for r in runs {
            groups
                .entry((r.depth, &r.algorithm, &r.heuristic))
                .or_default()
                .push(r);
        }
        let rows = groups
            .into_iter()
            .map(|((depth, algorithm, heuristic), runs)| {
                let mut expanded: Vec<f64> = runs.iter().map(|r| r.expanded as f64).collect();
                let mut time: Vec<f64> = runs.iter().map(|r| r.time_ms).collect();
                let mut bstar: Vec<f64> = runs.iter().filter_map(|r| r.bstar).collect();
                SummaryRow {
                    depth,
                    algorithm: algorithm.to_string(),
                    heuristic: heuristic.to_string(),
                    runs: runs.len(),
                    solved: runs.iter().filter(|r| r.solved()).count(),
                    median_expanded: median(&mut expanded).unwrap_or(0.0),
                    median_time_ms: median(&mut time).unwrap_or(0.0),
                    median_bstar: median(&mut bstar),
                }
            })
            .collect();
        Summary { rows }
    }

    /// The configurations, in order.
    pub fn configs(&self) -> Vec<String> {
        let mut c: Vec<String> = self.rows.iter().map(SummaryRow::config).collect();
        c.sort();
        c.dedup();
        c
    }

    /// The depths, in order.
    pub fn depths(&self) -> Vec<u32> {
        let mut d: Vec<u32> = self.rows.iter().map(|r| r.depth).collect();
        d.sort_unstable();
        d.dedup();
        d
    }

    /// The deepest depth up to which every run of `config` was solved (every depth at or
    /// below it fully solved), if any.
    pub fn reach(&self, config: &str) -> Option<u32> {
        let mut best = None;
        for r in self.rows.iter().filter(|r| r.config() == config) {
            if r.solved < r.runs {
                break;
            }
            best = Some(r.depth);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(depth: u32, heuristic: &str, status: &str, expanded: u64) -> Run {
        Run {
            problem: "p".into(),
            algorithm: "astar".into(),
            heuristic: heuristic.into(),
            instance: "i".into(),
            depth,
            status: status.into(),
            length: (status == "solved").then_some(depth),
            expanded,
            generated: expanded * 2,
            max_frontier: 1,
            time_ms: expanded as f64,
            bstar: None,
        }
    }

    #[test]
    fn medians_fractions_and_reach() {
        let runs = [
            run(2, "m", "solved", 3),
            run(2, "m", "solved", 5),
            run(2, "m", "solved", 100),
            run(4, "m", "solved", 10),
            run(4, "m", "node-limit", 1000),
            run(6, "m", "solved", 10),
        ];
        let s = Summary::of(&runs);
        assert_eq!(s.rows.len(), 3);
        assert_eq!(s.rows[0].median_expanded, 5.0);
        assert_eq!(s.rows[1].median_expanded, 505.0);
        assert_eq!(s.rows[1].solved_fraction(), 0.5);
        assert_eq!(s.reach("astar/m"), Some(2));
        assert_eq!(s.depths(), [2, 4, 6]);
    }
}
