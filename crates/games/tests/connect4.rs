//! Connect Four, MCTS and iterative deepening, checked against an independent solver
//! written differently from the library's (a grid of cells, a plain negamax with a memo).

#![allow(clippy::unwrap_used)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use resolu_games::connect4::{Connect4, Position, book::Book, solver::Solver};
use resolu_games::iterative::{DECIDED, Deepening, deepen};
use resolu_games::mcts::{Budget, Mcts};
use resolu_games::player::{Computer, Level};
use resolu_games::solver::Solver as GenericSolver;
use resolu_games::tictactoe::TicTacToe;
use resolu_games::{Game, GameResult, Player, Value};
use resolu_search::{Limits, StopReason};
use rustc_hash::FxHashMap;
use std::time::Duration;

/// A grid of cells (0 empty, 1 and 2 the players), column by column, bottom first.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Grid {
    w: usize,
    h: usize,
    cells: Vec<u8>,
    stones: usize,
}

impl Grid {
    fn new(w: usize, h: usize) -> Grid {
        Grid {
            w,
            h,
            cells: vec![0; w * h],
            stones: 0,
        }
    }

    fn get(&self, c: i32, r: i32) -> u8 {
        if c < 0 || r < 0 || c >= self.w as i32 || r >= self.h as i32 {
            return 0;
        }
        self.cells[c as usize * self.h + r as usize]
    }

    fn height_of(&self, c: usize) -> usize {
        (0..self.h)
            .take_while(|&r| self.cells[c * self.h + r] != 0)
            .count()
    }

    fn mover(&self) -> u8 {
        if self.stones.is_multiple_of(2) { 1 } else { 2 }
    }

    /// Whether the stone at (c, r) is part of four in a line, by walking both ways.
    fn four_through(&self, c: i32, r: i32) -> bool {
        let p = self.get(c, r);
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let mut n = 1;
            for sign in [1, -1] {
                let (mut x, mut y) = (c + sign * dc, r + sign * dr);
                while self.get(x, y) == p {
                    n += 1;
                    x += sign * dc;
                    y += sign * dr;
                }
            }
            n >= 4
        })
    }

    /// Drops a stone; returns its row.
    fn drop(&mut self, c: usize) -> usize {
        let r = self.height_of(c);
        self.cells[c * self.h + r] = self.mover();
        self.stones += 1;
        r
    }

    fn undo(&mut self, c: usize, r: usize) {
        self.cells[c * self.h + r] = 0;
        self.stones -= 1;
    }

    fn any_four(&self) -> Option<u8> {
        for c in 0..self.w as i32 {
            for r in 0..self.h as i32 {
                if self.get(c, r) != 0 && self.four_through(c, r) {
                    return Some(self.get(c, r));
                }
            }
        }
        None
    }
}

/// The exact score of a grid where nobody has won yet, by plain negamax with a memo.
fn plain_score(g: &mut Grid, memo: &mut FxHashMap<Vec<u8>, i32>) -> i32 {
    let cells = (g.w * g.h) as i32;
    if g.stones as i32 == cells {
        return 0;
    }
    if let Some(&v) = memo.get(&g.cells) {
        return v;
    }
    let mut best = i32::MIN;
    for c in 0..g.w {
        if g.height_of(c) == g.h {
            continue;
        }
        let r = g.drop(c);
        let v = if g.four_through(c as i32, r as i32) {
            (cells + 1 - (g.stones as i32 - 1)) / 2
        } else {
            -plain_score(g, memo)
        };
        g.undo(c, r);
        best = best.max(v);
    }
    memo.insert(g.cells.clone(), best);
    best
}

/// A random play of `stones` stones on both representations, stopping before a win.
fn random_position(
    game: &Connect4,
    stones: u32,
    rng: &mut ChaCha8Rng,
) -> Option<(Position, Grid, String)> {
    let mut pos = game.empty();
    let mut grid = Grid::new(game.width() as usize, game.height() as usize);
    let mut moves = String::new();
    for _ in 0..stones {
        let playable: Vec<u32> = (0..game.width())
            .filter(|&c| game.can_play(&pos, c))
            .collect();
        let c = playable[rng.random_range(0..playable.len())];
        pos = game.play_column(&pos, c);
        grid.drop(c as usize);
        moves.push(char::from_digit(c + 1, 10).unwrap());
        if game.last_mover_won(&pos) {
            return None;
        }
    }
    Some((pos, grid, moves))
}

#[test]
fn the_bitboard_agrees_with_a_grid_on_every_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for w in 4..=8u32 {
        for h in 4..=8u32 {
            let game = Connect4::new(w, h).unwrap();
            for _ in 0..30 {
                let mut pos = game.empty();
                let mut grid = Grid::new(w as usize, h as usize);
                loop {
                    let expected = match grid.any_four() {
                        Some(1) => Some(GameResult::Win(Player::One)),
                        Some(_) => Some(GameResult::Win(Player::Two)),
                        None if grid.stones == (w * h) as usize => Some(GameResult::Draw),
                        None => None,
                    };
                    assert_eq!(game.result(&pos), expected);
                    for c in 0..w {
                        for r in 0..h {
                            let cell = grid.get(c as i32, r as i32);
                            let stone = game.stone(&pos, c, r).map(|p| p.number()).unwrap_or(0);
                            assert_eq!(stone, cell);
                        }
                    }
                    if expected.is_some() {
                        break;
                    }
                    let mut moves = Vec::new();
                    game.moves(&pos, &mut moves);
                    let playable: Vec<u8> = (0..w as u8)
                        .filter(|&c| grid.height_of(c as usize) < h as usize)
                        .collect();
                    let mut sorted = moves.clone();
                    sorted.sort();
                    assert_eq!(sorted, playable);
                    // Winning moves found by the bitboard are exactly those of the grid.
                    for &c in &playable {
                        let r = grid.drop(c as usize);
                        let wins = grid.four_through(c as i32, r as i32);
                        grid.undo(c as usize, r);
                        assert_eq!(game.is_winning_move(&pos, u32::from(c)), wins);
                    }
                    let c = moves[rng.random_range(0..moves.len())];
                    pos = game.play(&pos, &c);
                    grid.drop(c as usize);
                }
            }
        }
    }
}

#[test]
fn moves_parse_from_1_and_bad_sequences_are_refused_with_the_reason() {
    let game = Connect4::standard();
    let pos = game.parse_moves("4453").unwrap();
    assert_eq!(pos.moves, 4);
    assert_eq!(game.rows(&pos)[5], "..OXX..");
    assert_eq!(game.rows(&pos)[4], "...O...");
    assert!(game.parse_moves("448").unwrap_err().0.contains("'8'"));
    assert!(
        game.parse_moves("40")
            .unwrap_err()
            .0
            .contains("not a column")
    );
    assert!(
        game.parse_moves("1111111")
            .unwrap_err()
            .0
            .contains("column 1 is full")
    );
    assert!(
        game.parse_moves("12121212")
            .unwrap_err()
            .0
            .contains("already won")
    );
    assert_eq!(game.parse_moves("4 4,5").unwrap().moves, 3);
    assert!(Connect4::new(3, 6).is_err());
    assert!(Connect4::new(7, 9).is_err());
    assert!(Connect4::parse_size("7by6").is_err());
    assert_eq!(Connect4::parse_size("8x8").unwrap().cells(), 64);
}

fn check_against_plain(game: &Connect4, pos: &Position, grid: &Grid, solver: &mut Solver) {
    let analysis = solver.analyse(pos).unwrap();
    let mut memo = FxHashMap::default();
    let mut g = grid.clone();
    let expected = plain_score(&mut g, &mut memo);
    assert_eq!(analysis.score, expected, "{:?}", game.rows(pos));
    assert_eq!(solver.solve(pos).unwrap().0, expected);
    solver.clear();
    assert_eq!(solver.solve_weak(pos).unwrap().0, expected.signum());
    // Each column's score, and the best moves are those that reach the score.
    for c in 0..game.width() as usize {
        if grid.height_of(c) == grid.h {
            assert_eq!(analysis.column_scores[c], None);
            continue;
        }
        let r = g.drop(c);
        let cells = (grid.w * grid.h) as i32;
        let v = if g.four_through(c as i32, r as i32) {
            (cells + 1 - (g.stones as i32 - 1)) / 2
        } else {
            -plain_score(&mut g, &mut memo)
        };
        g.undo(c, r);
        assert_eq!(analysis.column_scores[c], Some(v));
        assert_eq!(analysis.best_moves.contains(&(c as u8)), v == expected);
    }
}

#[test]
fn the_solver_matches_plain_negamax_on_the_empty_4x4_and_random_small_boards() {
    let game = Connect4::new(4, 4).unwrap();
    let mut solver = Solver::new(&game, 16);
    check_against_plain(&game, &game.empty(), &Grid::new(4, 4), &mut solver);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for (w, h, min_stones, count) in [
        (4, 4, 0, 40),
        (5, 4, 6, 40),
        (6, 4, 10, 30),
        (4, 6, 10, 30),
        (5, 5, 12, 30),
    ] {
        let game = Connect4::new(w, h).unwrap();
        let mut solver = Solver::new(&game, 16);
        let mut done = 0;
        while done < count {
            let stones = rng.random_range(min_stones..w * h - 1);
            if let Some((pos, grid, _)) = random_position(&game, stones, &mut rng)
                && pos.moves < game.cells()
            {
                check_against_plain(&game, &pos, &grid, &mut solver);
                done += 1;
            }
        }
    }
}

#[test]
fn late_positions_of_7x6_and_8x8_match_plain_negamax() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // 8x8 uses bits above 64: the u128 masks must carry them.
    for (w, h, min_stones) in [(7, 6, 28), (8, 8, 50), (8, 7, 42), (4, 8, 18)] {
        let game = Connect4::new(w, h).unwrap();
        let mut solver = Solver::new(&game, 16);
        let mut done = 0;
        while done < 25 {
            let stones = rng.random_range(min_stones..w * h - 1);
            if let Some((pos, grid, _)) = random_position(&game, stones, &mut rng) {
                check_against_plain(&game, &pos, &grid, &mut solver);
                done += 1;
            }
        }
    }
}

#[test]
fn the_score_follows_the_published_convention() {
    let game = Connect4::standard();
    let mut solver = Solver::new(&game, 16);
    // Player 1 wins with the 4th stone on a board of 6: (42 + 1 - 6) / 2 = 18.
    let a = solver
        .analyse(&game.parse_moves("445566").unwrap())
        .unwrap();
    assert_eq!((a.score, a.best_moves.clone()), (18, vec![2, 6]));
    // Player 2 to move cannot stop both ends: player 1 wins with stone 4 at 7 stones
    // before it (score 18 for them), so player 2 scores -18.
    let a = solver.analyse(&game.parse_moves("44556").unwrap()).unwrap();
    assert_eq!(a.score, -18);
    assert!(a.best_moves.is_empty() || a.column_scores.iter().flatten().all(|&s| s == -18));
}

#[test]
fn the_solver_stops_at_its_node_limit() {
    let game = Connect4::standard();
    // Exact: the count stops at the limit, not at the next clock check.
    for limit in [1, 10, 4_095, 4_097, 10_000] {
        let mut solver = Solver::new(&game, 18).max_nodes(Some(limit));
        let stopped = solver.solve(&game.empty()).unwrap_err();
        assert_eq!(
            (stopped.reason, stopped.nodes),
            (StopReason::NodeLimit, limit)
        );
        let stopped = solver.analyse(&game.empty()).unwrap_err();
        assert_eq!(stopped.nodes, limit);
    }
    // A budget below the table's size stops at once.
    let mut solver = Solver::new(&game, 18).limits(Limits::new().max_memory_bytes(1 << 20));
    let stopped = solver.solve(&game.empty()).unwrap_err();
    assert_eq!(
        (stopped.reason, stopped.nodes),
        (StopReason::MemoryLimit, 0)
    );
}

/// `count` random positions of `game` with stones in `stones`, the game not over.
fn random_open_positions(
    game: &Connect4,
    stones: std::ops::Range<u32>,
    count: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<(Position, Grid, String)> {
    let mut out = Vec::new();
    while out.len() < count {
        let n = rng.random_range(stones.clone());
        if let Some(found) = random_position(game, n, rng)
            && found.0.moves < game.cells()
        {
            out.push(found);
        }
    }
    out
}

#[test]
fn the_score_alone_equals_the_analysis_and_the_plain_negamax_on_every_engine() {
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    // 7x6 with 2^18 slots runs the compiled 7x6 engine, 6x5 the compact table, 8x7 the
    // 64-bit wide table, 8x8 the 128-bit one.
    for (w, h, stones, bits) in [
        (7, 6, 30..38, 18),
        (6, 5, 18..26, 18),
        (5, 4, 0..12, 16),
        (8, 7, 44..50, 16),
        (8, 8, 50..58, 16),
    ] {
        let game = Connect4::new(w, h).unwrap();
        for (pos, grid, moves) in random_open_positions(&game, stones, 6, &mut rng) {
            // A fresh solver for the score alone: nothing left by an analysis.
            let mut alone = Solver::new(&game, bits);
            let (score, _) = alone.solve(&pos).unwrap();
            let mut memo = FxHashMap::default();
            let expected = plain_score(&mut grid.clone(), &mut memo);
            assert_eq!(score, expected, "{w}x{h} {moves}");
            let analysis = Solver::new(&game, bits).analyse(&pos).unwrap();
            assert_eq!(analysis.score, score, "{w}x{h} {moves}");
            let (_, column, _) = Solver::new(&game, bits).best_move(&pos).unwrap();
            assert!(analysis.best_moves.contains(&column), "{w}x{h} {moves}");
        }
    }
}

#[test]
fn middle_positions_of_7x6_score_alike_alone_and_analysed() {
    // Too deep for the plain negamax: the two paths of the solver against each other.
    let game = Connect4::standard();
    let mut rng = ChaCha8Rng::seed_from_u64(38);
    for (pos, _, moves) in random_open_positions(&game, 20..26, 8, &mut rng) {
        let (score, _) = Solver::new(&game, 20).solve(&pos).unwrap();
        let analysis = Solver::new(&game, 20).analyse(&pos).unwrap();
        assert_eq!(analysis.score, score, "{moves}");
        let (fast_score, column, _) = Solver::new(&game, 20).best_move(&pos).unwrap();
        assert_eq!(fast_score, score, "{moves}");
        assert!(analysis.best_moves.contains(&column), "{moves}: {column}");
        for &best in &analysis.best_moves {
            let after = game.play_column(&pos, u32::from(best));
            if game.result(&after).is_none() {
                let (next, _) = Solver::new(&game, 20).solve(&after).unwrap();
                assert_eq!(-next, score, "{moves} then {}", best + 1);
            }
        }
    }
}

#[test]
fn a_book_gives_the_scores_the_solver_finds_and_speeds_it_up() {
    let game = Connect4::new(5, 4).unwrap();
    let book = Book::build(&game, 4, 18, &mut |_, _| {}).unwrap();
    assert_eq!(book.depth(), 4);
    let mut rng = ChaCha8Rng::seed_from_u64(39);
    for (pos, _, moves) in random_open_positions(&game, 0..5, 10, &mut rng) {
        let (score, _) = Solver::new(&game, 18).solve(&pos).unwrap();
        if !game.can_win_next(&pos) {
            assert_eq!(book.get(&game, &pos), Some(score), "{moves}");
        }
        let shared = Some(std::sync::Arc::new(book.clone()));
        let (with_book, nodes) = Solver::new(&game, 18).book(shared).solve(&pos).unwrap();
        assert_eq!(with_book, score, "{moves}");
        if !game.can_win_next(&pos) {
            assert_eq!(nodes, 0, "{moves}: positions searched despite the book");
        }
    }
    // Bytes round trip; damaged bytes are refused.
    let bytes = book.to_bytes();
    assert_eq!(Book::from_bytes(&bytes).unwrap(), book);
    assert!(Book::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    assert!(Book::from_bytes(&[9, 9, 0]).is_err());
    // Another size's book is ignored, not misread.
    let other = Connect4::new(4, 5).unwrap();
    assert_eq!(book.get(&other, &other.empty()), None);
}

/// Plays a game between two deciders; returns the outcome.
fn play_out<G: Game>(
    game: &G,
    mut state: G::State,
    mut one: impl FnMut(&G::State) -> G::Move,
    mut two: impl FnMut(&G::State) -> G::Move,
) -> GameResult {
    loop {
        if let Some(o) = game.result(&state) {
            return o;
        }
        let mv = match game.to_move(&state) {
            Player::One => one(&state),
            Player::Two => two(&state),
        };
        state = game.play(&state, &mv);
    }
}

#[test]
fn mcts_never_loses_at_tic_tac_toe_against_perfect_play() {
    let game = TicTacToe;
    let perfect = |b: &resolu_games::tictactoe::Board| {
        let s = GenericSolver::new(&TicTacToe).solve(b).unwrap();
        *s.best_move().unwrap()
    };
    for seed in 0..6 {
        let mut mcts = Mcts::new(Budget::iterations(20_000), seed);
        let o = play_out(
            &game,
            game.start(),
            |b| mcts.search(&game, b).best.unwrap(),
            perfect,
        );
        assert_ne!(o, GameResult::Win(Player::Two), "MCTS as X, seed {seed}");
        let mut mcts = Mcts::new(Budget::iterations(20_000), seed);
        let o = play_out(&game, game.start(), perfect, |b| {
            mcts.search(&game, b).best.unwrap()
        });
        assert_ne!(o, GameResult::Win(Player::One), "MCTS as O, seed {seed}");
    }
}

#[test]
fn mcts_reports_visits_and_values_per_move_and_is_reproducible() {
    let game = Connect4::standard();
    let pos = game.parse_moves("445566").unwrap();
    let r = Mcts::new(Budget::iterations(3_000), 5).search(&game, &pos);
    assert_eq!(r.iterations, 3_000);
    assert_eq!(r.moves.len(), 7);
    assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 3_000);
    // The winning columns are found and valued near 1.
    assert!(r.best == Some(2) || r.best == Some(6));
    let best = r.moves.iter().find(|m| Some(m.mv) == r.best).unwrap();
    assert!(best.value > 0.9, "{}", best.value);
    let again = Mcts::new(Budget::iterations(3_000), 5).search(&game, &pos);
    assert_eq!((again.best, again.moves), (r.best, r.moves));
}

#[test]
fn mcts_beats_a_random_player_at_connect4_in_nearly_every_game() {
    let game = Connect4::standard();
    let mut wins = 0;
    for seed in 0..100u64 {
        let mut mcts = Mcts::new(Budget::iterations(400), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(1000 + seed);
        let mut random = |p: &Position| {
            let mut moves = Vec::new();
            game.moves(p, &mut moves);
            moves[rng.random_range(0..moves.len())]
        };
        // MCTS moves first in even games, second in odd ones.
        let (o, mcts_player) = if seed % 2 == 0 {
            let o = play_out(
                &game,
                game.start(),
                |p| mcts.search(&game, p).best.unwrap(),
                &mut random,
            );
            (o, Player::One)
        } else {
            let o = play_out(&game, game.start(), &mut random, |p| {
                mcts.search(&game, p).best.unwrap()
            });
            (o, Player::Two)
        };
        if o == GameResult::Win(mcts_player) {
            wins += 1;
        }
    }
    assert!(wins >= 95, "MCTS won {wins} of 100");
}

#[test]
fn the_solver_beats_or_draws_mcts() {
    for (w, h) in [(4, 4), (5, 4), (6, 4)] {
        let game = Connect4::new(w, h).unwrap();
        let mut solver = Solver::new(&game, 16);
        let value = solver.analyse(&game.empty()).unwrap().score;
        for seed in 0..4u64 {
            let mut mcts = Mcts::new(Budget::iterations(2_000), seed);
            let mut perfect = |p: &Position| solver_move(&mut solver, p);
            let solver_first = seed % 2 == 0;
            let o = if solver_first {
                play_out(&game, game.start(), &mut perfect, |p| {
                    mcts.search(&game, p).best.unwrap()
                })
            } else {
                play_out(
                    &game,
                    game.start(),
                    |p| mcts.search(&game, p).best.unwrap(),
                    &mut perfect,
                )
            };
            let solver_player = if solver_first {
                Player::One
            } else {
                Player::Two
            };
            // The solver loses nothing it holds: a win or draw for its side stays one.
            let held = if solver_first { value } else { -value };
            if held >= 0 {
                assert_ne!(
                    o,
                    GameResult::Win(solver_player.other()),
                    "{w}x{h} seed {seed}"
                );
            }
            if held > 0 {
                assert_eq!(o, GameResult::Win(solver_player), "{w}x{h} seed {seed}");
            }
        }
    }
}

fn solver_move(solver: &mut Solver, p: &Position) -> u8 {
    let a = solver.analyse(p).unwrap();
    a.best_moves[0]
}

#[test]
fn iterative_deepening_proves_what_the_solvers_prove() {
    // Tic-tac-toe: searched to the end, a draw, on the empty board and on random ones.
    let r = deepen(&TicTacToe, &TicTacToe.start(), Deepening::depth(20));
    assert!(r.exact);
    assert_eq!(r.score, 0);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let game = Connect4::new(5, 4).unwrap();
    let mut solver = Solver::new(&game, 16);
    let mut done = 0;
    while done < 20 {
        let stones = rng.random_range(8..16);
        let Some((pos, _, _)) = random_position(&game, stones, &mut rng) else {
            continue;
        };
        let r = deepen(&game, &pos, Deepening::depth(20));
        assert_eq!(
            r.proven(),
            Some(Value::from_score(
                solver.solve(&pos).unwrap().0.signum() as i8
            ))
        );
        if r.score.abs() > DECIDED {
            // The win comes when the solver says: its score counts the winner's stones.
            let score = solver.solve(&pos).unwrap().0;
            let plies = (resolu_games::iterative::WIN - r.score.abs()) as u32;
            let winning_stones = pos.moves + plies - 1;
            assert_eq!(score.abs(), game.win_score(winning_stones));
        }
        done += 1;
    }
    // A time limit returns a move even when nothing is proven.
    let big = Connect4::standard();
    let r = deepen(
        &big,
        &big.empty(),
        Deepening::time(Duration::from_millis(50)),
    );
    assert!(r.best.is_some() && r.depth >= 1 && !r.exact);
}

#[test]
fn levels_parse_and_every_level_plays_a_legal_move() {
    let parse = |s: &str| s.parse::<Level>();
    assert_eq!(
        parse("mcts:1000").unwrap(),
        Level::Mcts {
            iterations: Some(1000),
            time: None,
            exploration: None
        }
    );
    assert_eq!(
        parse("alphabeta:time=1s").unwrap(),
        Level::AlphaBeta {
            time: Some(Duration::from_secs(1)),
            depth: None
        }
    );
    assert_eq!(
        parse("alphabeta:depth=6").unwrap(),
        Level::AlphaBeta {
            time: None,
            depth: Some(6)
        }
    );
    assert_eq!(
        parse("mcts:time=250ms").unwrap(),
        Level::Mcts {
            iterations: None,
            time: Some(Duration::from_millis(250)),
            exploration: None
        }
    );
    for bad in [
        "mcts",
        "mcts:0",
        "mcts:x",
        "alphabeta",
        "alphabeta:time=0s",
        "alphabeta:depth=-1",
        "alphabeta:speed=3",
        "hard",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    assert_eq!(
        parse("mcts:300,c=0.5").unwrap().describe(),
        "mcts:300,c=0.5"
    );
    assert!(parse("mcts:300,c=-1").is_err() && parse("mcts:c=1").is_err());
    assert_eq!(
        parse("alphabeta:time=1.5s").unwrap().describe(),
        "alphabeta:time=1.5s"
    );
    let game = Connect4::new(5, 4).unwrap();
    let pos = game.parse_moves("33").unwrap();
    for level in [
        "random",
        "mcts:200",
        "alphabeta:depth=4",
        "alphabeta:time=20ms",
        "perfect",
    ] {
        let mut c = Computer::new(parse(level).unwrap(), 1);
        let d = c
            .decide(&game, &pos, |_| -> Result<resolu_games::Solution<u8>, ()> {
                let mut s = resolu_games::solver::Solver::new(&game);
                Ok(s.solve(&pos).unwrap())
            })
            .unwrap()
            .unwrap();
        assert!(game.can_play(&pos, u32::from(d.mv)), "{level}");
    }
}
