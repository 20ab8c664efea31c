//! Generates the Connect Four test sets of `data/connect4/` (seeded, deterministic), in the
//! manner of Pascal Pons's six published sets, which are not available here:
//! `cargo bench -p resolu-bench --bench connect4_sets` (an existing file is kept; delete it
//! to regenerate it; `RESOLU_C4_SETS_DIR` writes elsewhere).
//!
//! A position is the columns played from 1 (his format), followed by its score for the
//! player to move. Random plays of a uniformly drawn number of stones (the game not over,
//! the player to move unable to win at once: those are scored without search), sorted by
//! - stones played: `begin` fewer than 14, `middle` 14 to 28, `end` more than 28;
//! - the plies left to the end of the game under perfect play (the next stone included,
//!   from the score; the whole board for a draw): `easy` fewer than 14, `medium` 14 to 27,
//!   `hard` 28 or more.
//!
//! Each candidate is scored by the library's solver within a node budget (a candidate
//! over it is dropped: it is not easy), so the sets take minutes, not hours, to make; the
//! begin sets start after several stones (8 for easy, 6 for medium and hard: earlier
//! positions are rarely easy and take minutes to hours without a book).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use resolu_games::connect4::{Connect4, Position, solver::Solver};
use std::fmt::Write as _;
use std::path::PathBuf;

/// One set: its name, the stones, the plies left, how many positions, the node budget of
/// a candidate.
struct SetSpec {
    name: &'static str,
    stones: std::ops::Range<u32>,
    plies_left: std::ops::Range<u32>,
    count: usize,
    budget: u64,
}

const SETS: [SetSpec; 6] = [
    SetSpec {
        name: "end-easy",
        stones: 29..42,
        plies_left: 0..14,
        count: 40,
        budget: 1 << 30,
    },
    SetSpec {
        name: "middle-easy",
        stones: 14..29,
        plies_left: 0..14,
        count: 40,
        budget: 1 << 30,
    },
    SetSpec {
        name: "middle-medium",
        stones: 14..29,
        plies_left: 14..28,
        count: 40,
        budget: 1 << 30,
    },
    SetSpec {
        name: "begin-easy",
        stones: 8..14,
        plies_left: 0..14,
        count: 20,
        budget: 2_000_000,
    },
    SetSpec {
        name: "begin-medium",
        stones: 6..14,
        plies_left: 14..28,
        count: 10,
        budget: 20_000_000,
    },
    SetSpec {
        name: "begin-hard",
        stones: 6..14,
        plies_left: 28..43,
        count: 2,
        budget: 300_000_000,
    },
];

/// Plies to the end, the next stone included, for a score of the player to move in a
/// position of `stones` stones (as `resolu connect4`'s words: the winning stone is placed
/// on a board of `n_w` stones, `(cells + 1 - n_w) / 2 = |score|`, `n_w` of the winner's
/// parity).
fn plies_left(cells: u32, stones: u32, score: i32) -> u32 {
    if score == 0 {
        return cells - stones;
    }
    let winner_parity = if score > 0 {
        stones % 2
    } else {
        1 - stones % 2
    };
    let mut n_w = cells + 1 - 2 * score.unsigned_abs();
    if n_w % 2 != winner_parity {
        n_w -= 1;
    }
    n_w - stones + 1
}

/// A random play of `n` stones, if the game is still open and the player to move cannot
/// win at once.
fn random_play(game: &Connect4, n: u32, rng: &mut ChaCha8Rng) -> Option<(Position, String)> {
    let mut pos = game.empty();
    let mut moves = String::new();
    for _ in 0..n {
        let playable: Vec<u32> = (0..game.width())
            .filter(|&c| game.can_play(&pos, c))
            .collect();
        let col = playable[rng.random_range(0..playable.len())];
        if game.is_winning_move(&pos, col) {
            return None;
        }
        pos = game.play_column(&pos, col);
        moves.push(char::from(b'1' + col as u8));
    }
    (pos.moves < game.cells() && !game.can_win_next(&pos)).then_some((pos, moves))
}

fn main() {
    let dir = std::env::var_os("RESOLU_C4_SETS_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/connect4"),
        PathBuf::from,
    );
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("{}: {e}", dir.display());
        return;
    }
    let game = Connect4::standard();
    for (i, spec) in SETS.iter().enumerate() {
        let path = dir.join(format!("{}.txt", spec.name));
        if path.exists() {
            println!("{}: kept", path.display());
            continue;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(37 + i as u64);
        let mut solver = Solver::new(&game, 24).max_nodes(Some(spec.budget));
        let mut seen = std::collections::HashSet::new();
        let mut text = String::new();
        let (mut found, mut tried) = (0, 0);
        while found < spec.count {
            let n = rng.random_range(spec.stones.clone());
            let Some((pos, moves)) = random_play(&game, n, &mut rng) else {
                continue;
            };
            if !seen.insert(moves.clone()) {
                continue;
            }
            tried += 1;
            solver.clear();
            let Ok((score, _)) = solver.solve(&pos) else {
                continue;
            };
            if spec
                .plies_left
                .contains(&plies_left(game.cells(), pos.moves, score))
            {
                let _ = writeln!(text, "{moves} {score}");
                found += 1;
                eprintln!("{}: {found}/{} ({tried} tried)", spec.name, spec.count);
            }
        }
        match std::fs::write(&path, text) {
            Ok(()) => println!("{}: {found} positions of {tried} tried", path.display()),
            Err(e) => eprintln!("{}: {e}", path.display()),
        }
    }
}
