//! Defining a new game in one place: Kayles. Skittles stand in a row; a player knocks down
//! one skittle or two adjacent ones; whoever knocks down the last skittle wins. A move may
//! split a row in two, so a position is a multiset of rows: `canonical` sorts them, and
//! the solver then stores each multiset once.
//!
//! Run with `cargo run -p resolu-games --example kayles`.

use resolu_games::{Game, GameResult, Player, Value, solver::Solver};

struct Kayles;

/// The rows still standing, and the player to move.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    rows: Vec<u32>,
    to_move: Player,
}

/// Knock down `count` skittles (1 or 2) of row `row`, leaving `left` on their left.
#[derive(Clone, PartialEq, Debug)]
struct Knock {
    row: usize,
    left: u32,
    count: u32,
}

impl Game for Kayles {
    type State = State;
    type Move = Knock;

    fn start(&self) -> State {
        State {
            rows: vec![10],
            to_move: Player::One,
        }
    }

    fn to_move(&self, s: &State) -> Player {
        s.to_move
    }

    fn moves(&self, s: &State, out: &mut Vec<Knock>) {
        for (row, &n) in s.rows.iter().enumerate() {
            for count in 1..=2u32.min(n) {
                // By symmetry, leaving `left` on the left or on the right is the same.
                for left in 0..=(n - count) / 2 {
                    out.push(Knock { row, left, count });
                }
            }
        }
    }

    fn play(&self, s: &State, k: &Knock) -> State {
        let mut rows = s.rows.clone();
        let n = rows.swap_remove(k.row);
        let right = n - k.count - k.left;
        rows.extend([k.left, right].into_iter().filter(|&r| r > 0));
        State {
            rows,
            to_move: s.to_move.other(),
        }
    }

    fn result(&self, s: &State) -> Option<GameResult> {
        // No skittle left: the player who knocked down the last one has won.
        s.rows
            .is_empty()
            .then(|| GameResult::Win(s.to_move.other()))
    }

    fn canonical(&self, s: &State) -> State {
        let mut rows = s.rows.clone();
        rows.sort_unstable();
        State {
            rows,
            to_move: Player::One,
        }
    }
}

fn main() {
    let game = Kayles;
    let mut solver = Solver::new(&game);
    for n in 1..=30 {
        let start = State {
            rows: vec![n],
            to_move: Player::One,
        };
        let s = solver.solve(&start).expect("no limit was set");
        let best = s.best_move().expect("a row of skittles has a move");
        println!(
            "{n:>2} skittles: {} for the first player, in {} moves; e.g. knock down {} leaving {} on the left",
            s.value,
            s.plies.unwrap_or(0),
            best.count,
            best.left
        );
        // The first player wins every row: knock down the middle one or two skittles,
        // then copy the opponent's moves on the other side.
        assert_eq!(s.value, Value::Win);
    }
    println!("{} positions solved and remembered.", solver.positions());
}
