//! The water-jugs puzzle: with a 4-litre and a 3-litre jug, a tap and a sink, measure exactly
//! 2 litres. The whole problem is the `Problem` impl below; BFS finds the fewest pourings.
//!
//! Run with `cargo run --example water_jugs`.

use resolu_search::{Algorithm, Problem, Runner, Successor};

/// Jug capacities and the target amount in either jug.
struct Jugs {
    capacity: [u8; 2],
    target: u8,
}

impl Problem for Jugs {
    /// Litres in each jug.
    type State = [u8; 2];
    type Action = &'static str;

    fn start(&self) -> [u8; 2] {
        [0, 0]
    }

    fn is_goal(&self, s: &[u8; 2]) -> bool {
        s.contains(&self.target)
    }

    fn successors(&self, &[a, b]: &[u8; 2], out: &mut Vec<Successor<[u8; 2], &'static str>>) {
        let [ca, cb] = self.capacity;
        let a_to_b = a.min(cb - b);
        let b_to_a = b.min(ca - a);
        for (action, next) in [
            ("fill the big jug", [ca, b]),
            ("fill the small jug", [a, cb]),
            ("empty the big jug", [0, b]),
            ("empty the small jug", [a, 0]),
            ("pour big into small", [a - a_to_b, b + a_to_b]),
            ("pour small into big", [a + b_to_a, b - b_to_a]),
        ] {
            if next != [a, b] {
                out.push(Successor::new(action, next, 1.0));
            }
        }
    }
}

fn main() {
    let jugs = Jugs {
        capacity: [4, 3],
        target: 2,
    };
    let outcome = Runner::new(&jugs).run(Algorithm::Bfs);
    match outcome.path {
        Some(path) => {
            println!("{} pourings:", path.len());
            for (i, (action, [a, b])) in path.steps.iter().enumerate() {
                println!("{:>2}. {action:<22} -> big {a} l, small {b} l", i + 1);
            }
        }
        None => println!("no solution: {}", outcome.reason),
    }
    println!("expanded {} states", outcome.stats.expanded);
}
