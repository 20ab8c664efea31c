//! Connect Four: the strength of Monte Carlo tree search and of the timed iterative
//! deepening alpha-beta against the perfect player (the solver), on 7x6 over a fixed set of
//! openings: `cargo bench -p resolu-bench --bench connect4_strength`.
//!
//! Each opening is a seeded random play of 14 stones (the game open, the solver's first
//! positions then take milliseconds to seconds, not hours); each level plays it twice,
//! once on each side. A result is counted for the level: a win, a draw or a loss, and
//! against what the opening was worth for its side (a level can only lose what it held).
//! `RESOLU_C4_OPENINGS=N` (default 6), `RESOLU_C4_MCTS=N` iterations a move (default
//! 20000), `RESOLU_C4_THINK_MS` the alpha-beta's time a move (default 200).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use resolu_games::connect4::{Connect4, Position, solver::Solver};
use resolu_games::iterative::{Deepening, deepen};
use resolu_games::mcts::{Budget, Mcts};
use resolu_games::{Game, GameResult, Player};
use std::time::Duration;

/// A player: the column it plays in a position.
type Level<'a> = dyn FnMut(&Position) -> u8 + 'a;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Seeded openings of 14 stones, the game open and no win at once for the player to move.
fn openings(game: &Connect4, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut out = Vec::new();
    'draw: while out.len() < count {
        let mut pos = game.empty();
        for _ in 0..14 {
            let playable: Vec<u32> = (0..7).filter(|&c| game.can_play(&pos, c)).collect();
            let col = playable[rng.random_range(0..playable.len())];
            if game.is_winning_move(&pos, col) {
                continue 'draw;
            }
            pos = game.play_column(&pos, col);
        }
        if !game.can_win_next(&pos) {
            out.push(pos);
        }
    }
    out
}

/// Plays from `pos` to the end: `level` moves for `side`, the solver for the other.
fn play(
    game: &Connect4,
    solver: &mut Solver,
    mut pos: Position,
    side: Player,
    level: &mut dyn FnMut(&Position) -> u8,
) -> Option<GameResult> {
    while game.result(&pos).is_none() {
        let col = if game.to_move(&pos) == side {
            level(&pos)
        } else {
            let analysis = solver.analyse(&pos).ok()?;
            *analysis.best_moves.first()?
        };
        pos = game.play(&pos, &col);
    }
    game.result(&pos)
}

fn main() {
    let game = Connect4::standard();
    let count = env_or("RESOLU_C4_OPENINGS", 6) as usize;
    let iterations = env_or("RESOLU_C4_MCTS", 20_000);
    let think = Duration::from_millis(env_or("RESOLU_C4_THINK_MS", 200));
    let mut solver = Solver::new(&game, 24);
    let openings = openings(&game, count);
    println!(
        "{count} openings of 14 stones, each played on both sides; the perfect player opposite"
    );
    println!(
        "level                      win draw loss  kept/held (games whose opening it held, won or drawn, and kept)"
    );
    let mut mcts = Mcts::new(Budget::iterations(iterations), 1);
    let mut mcts_level = |p: &Position| mcts.search(&game, p).best.unwrap_or(0);
    let mut ab_level = |p: &Position| deepen(&game, p, Deepening::time(think)).best.unwrap_or(0);
    let levels: [(String, &mut Level); 2] = [
        (format!("mcts:{iterations}"), &mut mcts_level),
        (
            format!("alphabeta:time={}ms", think.as_millis()),
            &mut ab_level,
        ),
    ];
    for (name, level) in levels {
        let (mut win, mut draw, mut loss, mut held, mut kept) = (0, 0, 0, 0, 0);
        for opening in &openings {
            let Ok((score, _)) = solver.solve(opening) else {
                continue;
            };
            for side in [Player::One, Player::Two] {
                let worth = if game.to_move(opening) == side {
                    score
                } else {
                    -score
                };
                // The outcome for the level: 1 a win, 0 a draw, -1 a loss.
                let outcome = match play(&game, &mut solver, *opening, side, level) {
                    Some(GameResult::Win(p)) if p == side => 1,
                    Some(GameResult::Draw) => 0,
                    Some(_) => -1,
                    None => continue,
                };
                match outcome {
                    1 => win += 1,
                    0 => draw += 1,
                    _ => loss += 1,
                }
                if worth >= 0 {
                    held += 1;
                    if outcome >= worth.signum() {
                        kept += 1;
                    }
                }
            }
        }
        println!("{name:<26} {win:>3} {draw:>4} {loss:>4}  {kept}/{held}");
    }
}
