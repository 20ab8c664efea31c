//! Route finding on a weighted road map with the straight-line distance as heuristic:
//! uniform cost, greedy, A* and IDA* compared on one problem defined once.
//!
//! Run with `cargo run --example route_finding`.

use resolu_search::{Algorithm, Problem, Runner, Successor};

/// Towns with map coordinates (km) and roads with their lengths (km, never shorter than the
/// straight line, so the straight-line distance is an admissible heuristic).
struct RoadMap {
    towns: Vec<(&'static str, f64, f64)>,
    roads: Vec<(usize, usize, f64)>,
    from: usize,
    to: usize,
}

impl RoadMap {
    fn straight_line(&self, a: usize, b: usize) -> f64 {
        let (_, xa, ya) = self.towns[a];
        let (_, xb, yb) = self.towns[b];
        (xa - xb).hypot(ya - yb)
    }
}

impl Problem for RoadMap {
    type State = usize;
    type Action = &'static str;

    fn start(&self) -> usize {
        self.from
    }

    fn is_goal(&self, s: &usize) -> bool {
        *s == self.to
    }

    fn successors(&self, s: &usize, out: &mut Vec<Successor<usize, &'static str>>) {
        for &(a, b, km) in &self.roads {
            let next = if a == *s {
                b
            } else if b == *s {
                a
            } else {
                continue;
            };
            out.push(Successor::new(self.towns[next].0, next, km));
        }
    }
}

fn main() {
    let towns = vec![
        ("Paris", 0.0, 0.0),
        ("Orleans", -10.0, 120.0),
        ("Troyes", 150.0, 60.0),
        ("Dijon", 260.0, 200.0),
        ("Bourges", 10.0, 220.0),
        ("Nevers", 90.0, 230.0),
        ("Clermont", 80.0, 360.0),
        ("Lyon", 300.0, 390.0),
    ];
    let roads = vec![
        (0, 1, 133.0),
        (0, 2, 178.0),
        (1, 4, 121.0),
        (2, 3, 185.0),
        (4, 5, 85.0),
        (5, 6, 160.0),
        (5, 3, 200.0),
        (3, 7, 195.0),
        (6, 7, 230.0),
        (1, 5, 167.0),
    ];
    let map = RoadMap {
        towns,
        roads,
        from: 0,
        to: 7,
    };
    let h = |s: &usize| map.straight_line(*s, map.to);
    for algorithm in [
        Algorithm::Ucs,
        Algorithm::Greedy,
        Algorithm::Astar,
        Algorithm::IdaStar,
    ] {
        let outcome = Runner::new(&map).heuristic(h).run(algorithm);
        match &outcome.path {
            Some(path) => println!(
                "{algorithm:>7}: {:>4} km via {:<40} ({} expansions)",
                path.cost,
                std::iter::once("Paris")
                    .chain(path.actions().copied())
                    .collect::<Vec<_>>()
                    .join(" - "),
                outcome.stats.expanded
            ),
            None => println!("{algorithm:>7}: {}", outcome.reason),
        }
    }
}
