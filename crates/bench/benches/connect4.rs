//! Connect Four: how fast the solver scores positions near the end and in the middle of a
//! 7x6 game, small empty boards solved outright, and the first-move values of the empty
//! 7x6 board as far as a time budget allows. Run with
//! `cargo bench -p resolu-bench --bench connect4` (sets of positions and small boards only);
//! `RESOLU_C4_FIRST_MOVES=SECONDS` adds the 7x6 first moves, each search given that long
//! (`RESOLU_C4_COLUMNS=4,3` for some columns only);
//! `RESOLU_C4_BOARDS=5x4,6x5` chooses the empty boards (empty: none); `RESOLU_C4_SETS=0`
//! skips the sets of positions.
//!
//! Positions come from seeded random plays (like the published test sets' "easy" lines:
//! the same ranges of stones), so the counters are deterministic. The baseline, in the
//! same run, is the library's generic alpha-beta with a transposition table on the same
//! positions: it only answers win, draw or loss (a weaker question than the score).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use resolu_games::Game;
use resolu_games::alphabeta::alphabeta;
use resolu_games::connect4::{Connect4, Position, solver::Solver};
use resolu_games::tt::TranspositionTable;
use std::time::{Duration, Instant};

/// `count` positions of `game` after a random number of stones in `stones`, none over
/// and none where the player to move wins at once (those are scored without search).
fn positions(
    game: &Connect4,
    stones: std::ops::Range<u32>,
    count: usize,
    seed: u64,
) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    'draw: while out.len() < count {
        let n = rng.random_range(stones.clone());
        let mut pos = game.empty();
        for _ in 0..n {
            let mut moves = Vec::new();
            game.moves(&pos, &mut moves);
            if moves.is_empty() {
                continue 'draw;
            }
            pos = game.play(&pos, &moves[rng.random_range(0..moves.len())]);
        }
        if game.result(&pos).is_none() && !game.can_win_next(&pos) {
            out.push(pos);
        }
    }
    out
}

fn set(name: &str, game: &Connect4, list: &[Position], log2_slots: u32, baseline: bool) {
    let mut solver = Solver::new(game, log2_slots);
    let (mut nodes, mut max_nodes) = (0u64, 0u64);
    let mut max_time = Duration::ZERO;
    let mut total = Duration::ZERO;
    for p in list {
        // Each position alone: the table is cleared (not timed) before each.
        solver.clear();
        let t = Instant::now();
        let (_, n) = match solver.solve(p) {
            Ok(r) => r,
            Err(e) => panic!("no limit was set: {e}"),
        };
        let time = t.elapsed();
        total += time;
        max_time = max_time.max(time);
        nodes += n;
        max_nodes = max_nodes.max(n);
    }
    let k = list.len() as f64;
    println!(
        "{name:<34} {:>5} {:>14.0} {:>12} {:>12.1} {:>12.1}",
        list.len(),
        nodes as f64 / k,
        max_nodes,
        total.as_secs_f64() * 1e6 / k,
        max_time.as_secs_f64() * 1e6
    );
    if baseline {
        let (mut visited, mut time) = (0u64, Duration::ZERO);
        for p in list {
            let mut table = TranspositionTable::new();
            let t = Instant::now();
            visited += alphabeta(game, p, Some(&mut table)).1.visited;
            time += t.elapsed();
        }
        println!(
            "{:<34} {:>5} {:>14.0} {:>12} {:>12.1} {:>12}",
            "  baseline: generic alpha-beta + TT",
            list.len(),
            visited as f64 / k,
            "-",
            time.as_secs_f64() * 1e6 / k,
            "-"
        );
    }
}

fn empty_board(size: &str) {
    let Ok(game) = Connect4::parse_size(size) else {
        println!("{size}: not a board size");
        return;
    };
    let mut solver = Solver::new(&game, 24);
    match solver.analyse(&game.empty()) {
        Ok(a) => {
            let cols: Vec<String> = a
                .column_scores
                .iter()
                .map(|s| s.map_or("-".into(), |v| v.to_string()))
                .collect();
            println!(
                "{size:<6} score {:>3}  column scores [{}]  best {:?}  {:>14} nodes  {:>10.3} s",
                a.score,
                cols.join(" "),
                a.best_moves.iter().map(|c| c + 1).collect::<Vec<_>>(),
                a.nodes,
                a.elapsed.as_secs_f64()
            );
        }
        Err(e) => println!("{size}: {e}"),
    }
}

fn first_moves(budget: Duration) {
    let game = Connect4::standard();
    println!(
        "\n7x6 empty board: each first move, weak (win/draw/loss) then strong (the score); \
         budget {budget:?} per search"
    );
    // RESOLU_C4_COLUMNS=4,3 picks the columns (from 1); all by default, centre first.
    let chosen: Option<Vec<u8>> = std::env::var("RESOLU_C4_COLUMNS")
        .ok()
        .map(|v| v.split(',').filter_map(|c| c.trim().parse().ok()).collect());
    let mut solver = Solver::new(&game, 25).time_limit(Some(budget));
    for &c in game.column_order() {
        if chosen.as_ref().is_some_and(|list| !list.contains(&(c + 1))) {
            continue;
        }
        let pos = game.play_column(&game.empty(), u32::from(c));
        let t = Instant::now();
        match solver.solve_weak(&pos) {
            Ok((sign, nodes)) => println!(
                "  column {}: weak: {} for player 1  {:>14} nodes  {:>10.1} s",
                c + 1,
                ["loss", "draw", "win"][(1 - sign) as usize],
                nodes,
                t.elapsed().as_secs_f64()
            ),
            Err(e) => {
                println!("  column {}: weak: {e}", c + 1);
                continue;
            }
        }
        let t = Instant::now();
        match solver.solve(&pos) {
            Ok((score, nodes)) => println!(
                "  column {}: strong: score {:>3} for player 1  {:>14} nodes  {:>10.1} s",
                c + 1,
                -score,
                nodes,
                t.elapsed().as_secs_f64()
            ),
            Err(e) => println!("  column {}: strong: {e}", c + 1),
        }
    }
}

fn main() {
    let game = Connect4::standard();
    println!("7x6 positions solved one by one (strong solve: the exact score)");
    println!(
        "{:<34} {:>5} {:>14} {:>12} {:>12} {:>12}",
        "set (stones on the board)", "n", "mean nodes", "max nodes", "mean us", "max us"
    );
    let sets = std::env::var("RESOLU_C4_SETS").map_or(true, |v| v != "0");
    if sets {
        set(
            "end (28 to 41 stones)",
            &game,
            &positions(&game, 28..42, 1000, 1),
            16,
            true,
        );
        set(
            "middle (14 to 27 stones)",
            &game,
            &positions(&game, 14..28, 200, 2),
            20,
            false,
        );
        set(
            "opening (8 to 13 stones)",
            &game,
            &positions(&game, 8..14, 20, 3),
            23,
            false,
        );
    }
    let boards =
        std::env::var("RESOLU_C4_BOARDS").unwrap_or_else(|_| "4x4,5x4,6x4,5x5,4x6,6x5".into());
    println!("\nEmpty boards solved outright (every column's score, the table kept between them)");
    for b in boards.split(',').filter(|b| !b.trim().is_empty()) {
        empty_board(b.trim());
    }
    if let Some(secs) = std::env::var("RESOLU_C4_FIRST_MOVES")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
    {
        first_moves(Duration::from_secs_f64(secs));
    }
}
