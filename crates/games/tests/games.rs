//! Tests of the games library against closed forms, published counts and independent
//! computations written differently from the library's.

#![allow(clippy::unwrap_used)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use resolu_games::alphabeta::alphabeta;
use resolu_games::enumerate::{count, plays_bfs, plays_dfs};
use resolu_games::matches::{MAX_TABLE_HEAP, Matches, Method, Take, TakeSet, bouton_misere};
use resolu_games::minimax::minimax;
use resolu_games::player::{Computer, Level};
use resolu_games::solver::Solver;
use resolu_games::tictactoe::{Board, TicTacToe};
use resolu_games::tt::TranspositionTable;
use resolu_games::{Game, GameResult, Player, Value};
use std::ops::ControlFlow;

mod common;
use common::Plain;

fn one_heap(n: u32, take: TakeSet, misere: bool) -> Matches {
    Matches::new(vec![n], take, misere)
}

#[test]
fn takes_1_to_3_lose_exactly_on_multiples_of_4_and_on_1_mod_4_in_misere() {
    for n in 0..=400u32 {
        let normal = one_heap(n, TakeSet::one_to(3), false);
        let a = normal.solve(&normal.position(), None).unwrap();
        assert_eq!(a.method, Method::ClosedForm);
        assert_eq!(
            a.solution.value == Value::Loss,
            n % 4 == 0,
            "normal, n = {n}"
        );
        // Closed forms of the distance: each round of two plies removes 4 matches.
        let plies = if n % 4 == 0 {
            n / 2
        } else {
            1 + (n - n % 4) / 2
        };
        assert_eq!(a.solution.plies, Some(u64::from(plies)), "n = {n}");
        if n % 4 != 0 {
            let moves: Vec<u32> = a.solution.winning_moves().iter().map(|t| t.count).collect();
            assert_eq!(
                moves,
                [n % 4],
                "the only winning move leaves a multiple of 4"
            );
        } else {
            assert!(a.solution.winning_moves().is_empty());
        }
        let misere = one_heap(n, TakeSet::one_to(3), true);
        let a = misere.solve(&misere.position(), None).unwrap();
        assert_eq!(
            a.solution.value == Value::Loss,
            n % 4 == 1,
            "misere, n = {n}"
        );
    }
}

#[test]
fn the_table_agrees_with_plain_search_on_random_take_sets() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..60 {
        let takes: Vec<u32> = (0..rng.random_range(1..4))
            .map(|_| rng.random_range(1..6))
            .collect();
        let take = TakeSet::list(takes).unwrap();
        let misere = rng.random_bool(0.5);
        let n = rng.random_range(0..40);
        let game = one_heap(n, take.clone(), misere);
        let fast = game.solve(&game.position(), None).unwrap().solution;
        let plain = Solver::new(&Plain(game.clone()))
            .solve(&game.position())
            .unwrap();
        assert_eq!(fast.value, plain.value, "{take} misere={misere} n={n}");
        assert_eq!(fast.plies, plain.plies, "{take} misere={misere} n={n}");
        assert_eq!(fast.moves, plain.moves, "{take} misere={misere} n={n}");
    }
}

#[test]
fn the_closed_forms_of_takes_1_to_k_agree_with_plain_search() {
    for k in 1..=5 {
        for misere in [false, true] {
            for n in 0..=40 {
                let game = one_heap(n, TakeSet::one_to(k), misere);
                let fast = game.solve(&game.position(), None).unwrap();
                assert_eq!(fast.method, Method::ClosedForm);
                let plain = Solver::new(&Plain(game.clone()))
                    .solve(&game.position())
                    .unwrap();
                let what = format!("k={k} misere={misere} n={n}");
                assert_eq!(fast.solution.value, plain.value, "{what}");
                assert_eq!(fast.solution.plies, plain.plies, "{what}");
                assert_eq!(fast.solution.moves, plain.moves, "{what}");
            }
        }
    }
    // A table for other take sets; no size limit for the closed form.
    let game = one_heap(10, TakeSet::List(vec![1, 3, 4]), false);
    assert_eq!(
        game.solve(&game.position(), None).unwrap().method,
        Method::Table
    );
    // 2^32 - 1 = 3 (mod 4): take 3.
    let game = one_heap(u32::MAX, TakeSet::one_to(3), false);
    let a = game.solve(&game.position(), None).unwrap().solution;
    assert_eq!(a.value, Value::Win);
    assert_eq!(a.winning_moves(), [&Take { heap: 0, count: 3 }]);
    assert_eq!(a.plies, Some(1 + u64::from(u32::MAX - 3) / 2));
    let game = one_heap(MAX_TABLE_HEAP + 1, TakeSet::List(vec![1, 3, 4]), false);
    assert!(game.solve(&game.position(), None).is_err());
}

#[test]
fn with_takes_1_3_4_the_table_loses_exactly_on_0_and_2_mod_7() {
    for n in (0..=300).chain([999_999, 1_000_000, 1_000_001, 1_000_002]) {
        let game = one_heap(n, TakeSet::List(vec![1, 3, 4]), false);
        let a = game.solve(&game.position(), None).unwrap();
        assert_eq!(a.method, Method::Table);
        assert_eq!(
            a.solution.value == Value::Loss,
            n % 7 == 0 || n % 7 == 2,
            "n = {n}"
        );
    }
}

#[test]
fn a_million_matches_are_decided_without_overflowing_the_stack() {
    let game = one_heap(1_000_000, TakeSet::one_to(3), false);
    let a = game.solve(&game.position(), None).unwrap().solution;
    assert_eq!((a.value, a.plies), (Value::Loss, Some(500_000)));
    let game = one_heap(1_000_001, TakeSet::one_to(3), true);
    let a = game.solve(&game.position(), None).unwrap().solution;
    assert_eq!(a.value, Value::Loss);
    // The generic algorithms walk deep games on their own heap stacks too.
    let game = one_heap(200_001, TakeSet::one_to(3), false);
    let s = Solver::new(&game).solve(&game.position()).unwrap();
    assert_eq!((s.value, s.plies), (Value::Win, Some(100_001)));
    let mut table = TranspositionTable::new();
    let (v, stats) = alphabeta(&game, &game.position(), Some(&mut table));
    assert_eq!(v, Value::Win);
    assert!(stats.max_depth >= 200_001 / 3);
    // Any number may be taken: a closed form, whatever the size.
    let nim = one_heap(1_000_000, TakeSet::Any, true);
    let a = nim.solve(&nim.position(), None).unwrap();
    assert_eq!(a.method, Method::ClosedForm);
    assert_eq!((a.solution.value, a.solution.plies), (Value::Win, Some(2)));
    assert_eq!(
        a.solution.best_move(),
        Some(&Take {
            heap: 0,
            count: 999_999
        })
    );
    // Listing four billion moves is refused, not attempted.
    let nim = one_heap(u32::MAX, TakeSet::Any, true);
    assert!(nim.solve(&nim.position(), None).is_err());
}

#[test]
fn nim_follows_the_xor_rule_and_misere_nim_bouton_s_rule() {
    for a in 0..=5u32 {
        for b in 0..=5 {
            for c in 0..=4 {
                let heaps = vec![a, b, c];
                let x = a ^ b ^ c;
                let nim = Matches::new(heaps.clone(), TakeSet::Any, false);
                let fast = nim.solve(&nim.position(), None).unwrap();
                assert_eq!(fast.solution.value == Value::Win, x != 0, "{heaps:?}");
                // Winning moves: exactly those that leave a XOR of zero.
                let mut expected = Vec::new();
                for (i, &h) in heaps.iter().enumerate() {
                    for t in 1..=h {
                        if x ^ h ^ (h - t) == 0 {
                            expected.push(Take { heap: i, count: t });
                        }
                    }
                }
                let got: Vec<Take> = fast.solution.winning_moves().into_iter().copied().collect();
                assert_eq!(got, expected, "{heaps:?}");
                let plain = Solver::new(&Plain(nim.clone()))
                    .solve(&nim.position())
                    .unwrap();
                assert_eq!(fast.solution.plies, plain.plies, "{heaps:?}");
                assert_eq!(fast.solution.moves, plain.moves, "{heaps:?}");

                let misere = Matches::new(heaps.clone(), TakeSet::Any, true);
                let fast = misere.solve(&misere.position(), None).unwrap();
                let plain = Solver::new(&Plain(misere.clone()))
                    .solve(&misere.position())
                    .unwrap();
                assert_eq!(fast.solution.value, plain.value, "misere {heaps:?}");
                assert_eq!(fast.solution.moves, plain.moves, "misere {heaps:?}");
                // Bouton's misere rule, stated directly.
                let all_small = heaps.iter().all(|&h| h <= 1);
                let ones = heaps.iter().filter(|&&h| h == 1).count();
                let wins = if all_small { ones % 2 == 0 } else { x != 0 };
                assert_eq!(plain.value == Value::Win, wins, "misere {heaps:?}");
                let big = heaps.iter().filter(|&&h| h >= 2).count();
                assert_eq!(bouton_misere(x, big, ones), wins);
            }
        }
    }
}

#[test]
fn sums_of_other_take_sets_agree_with_plain_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..80 {
        let takes: Vec<u32> = (0..rng.random_range(1..4))
            .map(|_| rng.random_range(1..5))
            .collect();
        let take = TakeSet::list(takes).unwrap();
        let misere = rng.random_bool(0.5);
        let heaps: Vec<u32> = (0..rng.random_range(2..4))
            .map(|_| rng.random_range(0..9))
            .collect();
        let game = Matches::new(heaps.clone(), take.clone(), misere);
        let fast = game.solve(&game.position(), None).unwrap();
        let plain = Solver::new(&Plain(game.clone()))
            .solve(&game.position())
            .unwrap();
        let what = format!("{take} misere={misere} {heaps:?} ({:?})", fast.method);
        assert_eq!(fast.solution.value, plain.value, "{what}");
        assert_eq!(fast.solution.plies, plain.plies, "{what}");
        assert_eq!(fast.solution.moves, plain.moves, "{what}");
    }
}

#[test]
fn big_sums_give_the_verdict_without_the_distance_and_misere_search_stops_at_the_limit() {
    let nim = Matches::new(vec![1000, 2000, 3000, 4000], TakeSet::one_to(3), false);
    let a = nim.solve(&nim.position(), Some(100_000)).unwrap();
    assert_eq!(a.method, Method::SpragueGrundy);
    assert_eq!(a.solution.plies, None);
    // Grundy number of n under takes 1..3 is n mod 4: 0 ^ 0 ^ 0 ^ 0 = 0.
    assert_eq!(a.solution.value, Value::Loss);
    let misere = Matches::new(vec![30, 30, 30, 30], TakeSet::one_to(3), true);
    assert!(misere.solve(&misere.position(), Some(1000)).is_err());
}

#[test]
fn alphabeta_prunes_and_the_table_saves_more_on_tic_tac_toe() {
    let ttt = TicTacToe;
    let (_, full) = minimax(&ttt, &ttt.start());
    let (_, pruned) = alphabeta(&ttt, &ttt.start(), None);
    let mut table = TranspositionTable::new();
    let (_, tabled) = alphabeta(&ttt, &ttt.start(), Some(&mut table));
    assert_eq!(full.visited, 549_946);
    assert!(pruned.visited < full.visited / 5, "{pruned:?}");
    assert!(tabled.visited < pruned.visited, "{tabled:?}");
    assert!(pruned.cutoffs > 0 && tabled.table_hits > 0);
    assert!(table.len() <= 5_478);
}

/// Plays of n matches with takes 1..3, counted as compositions of n into parts of 1 to 3
/// (a play is the list of takes); player 1 wins when the number of parts is odd. Each
/// composition is a choice of cut points among the n - 1 gaps.
fn compositions(n: u32) -> (u64, u64) {
    let (mut all, mut odd) = (0, 0);
    for cuts in 0u32..(1 << (n - 1)) {
        let mut parts = Vec::new();
        let mut last = 0;
        for gap in 1..n {
            if cuts & (1 << (gap - 1)) != 0 {
                parts.push(gap - last);
                last = gap;
            }
        }
        parts.push(n - last);
        if parts.iter().all(|&p| p <= 3) {
            all += 1;
            odd += parts.len() as u64 % 2;
        }
    }
    (all, odd)
}

#[test]
fn five_matches_have_13_plays_7_won_by_player_1_as_an_independent_count_says() {
    assert_eq!(compositions(5), (13, 7));
    for n in 1..=14 {
        let game = one_heap(n, TakeSet::one_to(3), false);
        let counts = count(&game, &game.start());
        let (all, odd) = compositions(n);
        assert_eq!(counts.plays, u128::from(all), "n = {n}");
        assert_eq!(counts.wins[0], u128::from(odd), "n = {n}");
        assert_eq!(counts.wins[1], u128::from(all - odd), "n = {n}");
        // States (k, p) reachable: (n, 1) and, below it, both players for most k.
        assert!(counts.positions <= 2 * u64::from(n) + 1);
    }
    let game = one_heap(5, TakeSet::one_to(3), false);
    let counts = count(&game, &game.start());
    assert_eq!(counts.tree_nodes, 28);
    // Depth first and breadth first list the same 7 plays won by player 1.
    let mut dfs = Vec::new();
    let walk = plays_dfs(&game, &game.start(), None, |_, moves, o| {
        if o == GameResult::Win(Player::One) {
            dfs.push(moves.iter().map(|t| t.count).collect::<Vec<_>>());
        }
        ControlFlow::Continue(())
    });
    assert!(walk.complete);
    assert_eq!((walk.plays, walk.nodes), (13, 28));
    let mut bfs = Vec::new();
    plays_bfs(&game, &game.start(), None, |states, moves, o| {
        assert_eq!(states.len(), moves.len() + 1);
        assert_eq!(states.last().unwrap().heaps, [0]);
        if o == GameResult::Win(Player::One) {
            bfs.push(moves.iter().map(|t| t.count).collect::<Vec<_>>());
        }
        ControlFlow::Continue(())
    });
    assert_eq!(dfs.len(), 7);
    assert_eq!(dfs[0], [1, 1, 1, 1, 1]);
    assert!(
        bfs.windows(2).all(|w| w[0].len() <= w[1].len()),
        "shortest first"
    );
    assert_eq!(bfs[0].len(), 3);
    let (mut a, mut b) = (dfs.clone(), bfs.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b);
    for play in &dfs {
        assert_eq!(play.iter().sum::<u32>(), 5);
        assert_eq!(play.len() % 2, 1, "player 1 makes the last move");
    }
}

#[test]
fn tic_tac_toe_has_the_published_counts() {
    let ttt = TicTacToe;
    let c = count(&ttt, &ttt.start());
    assert_eq!(c.plays, 255_168);
    assert_eq!(c.wins, [131_184, 77_904]);
    assert_eq!(c.draws, 46_080);
    assert_eq!(c.positions, 5_478);
    assert_eq!(c.terminal_positions, 958);
    assert_eq!(c.tree_nodes, 549_946);
    assert!(!c.saturated);
    // Depth first, counted one play at a time.
    let (mut plays, mut nine) = (0u64, 0u64);
    let walk = plays_dfs(&ttt, &ttt.start(), None, |_, moves, _| {
        plays += 1;
        nine += u64::from(moves.len() == 9);
        ControlFlow::Continue(())
    });
    assert_eq!((plays, walk.nodes), (255_168, 549_946));
    // Games of 9 moves: the 46,080 draws and the 81,792 wins of X on the last move.
    assert_eq!(nine, 46_080 + 81_792);
    // Breadth first: the first plays are the fastest wins of X, in 5 moves.
    let mut first = None;
    plays_bfs(&ttt, &ttt.start(), None, |_, moves, o| {
        first = Some((moves.len(), o));
        ControlFlow::Break(())
    });
    assert_eq!(first, Some((5, GameResult::Win(Player::One))));
}

#[test]
fn tic_tac_toe_is_a_draw_and_the_solver_finds_wins_in_the_fewest_plies() {
    let ttt = TicTacToe;
    let s = Solver::new(&ttt).solve(&ttt.start()).unwrap();
    assert_eq!((s.value, s.plies), (Value::Draw, Some(9)));
    assert_eq!(s.winning_moves().len(), 9);
    // X to move wins at once in cell 2 (it could also win later by other moves).
    let b = TicTacToe::parse("xx./oo./...").unwrap();
    let s = Solver::new(&ttt).solve(&b).unwrap();
    assert_eq!((s.value, s.plies), (Value::Win, Some(1)));
    assert_eq!(s.best_move(), Some(&2));
    // O to move faces a double threat: lost in 2 plies (O blocks one, X plays the other).
    let b = TicTacToe::parse("x.x/.o./x.o").unwrap();
    let s = Solver::new(&ttt).solve(&b).unwrap();
    assert_eq!((s.value, s.plies), (Value::Loss, Some(2)));
    assert!(s.winning_moves().is_empty());
    // O to move must block X's one threat: the only move that keeps the draw.
    let b = TicTacToe::parse("xx./.o./...").unwrap();
    let s = Solver::new(&ttt).solve(&b).unwrap();
    assert_eq!(s.value, Value::Draw);
    assert_eq!(s.winning_moves(), [&2]);
    // Errors name the problem.
    assert!(TicTacToe::parse("xxx/ooo/...").is_err());
    assert!(TicTacToe::parse("xx./.../...").is_err());
    assert!(
        TicTacToe::parse("xq./.../...")
            .unwrap_err()
            .0
            .contains("'q'")
    );
    assert!(TicTacToe::parse("x").is_err());
    assert_eq!(
        TicTacToe::parse("x.o/.../...").unwrap(),
        Board { x: 1, o: 4 }
    );
}

#[test]
fn the_perfect_player_wins_every_won_game_against_random_play() {
    for seed in 0..40 {
        let game = one_heap(21, TakeSet::one_to(3), false);
        let mut perfect = Computer::new(Level::Perfect, 0);
        let mut random = Computer::new(Level::Random, seed);
        let mut pos = game.position();
        while game.result(&pos).is_none() {
            let a = game.solve(&pos, None).unwrap().solution;
            let mv = if pos.to_move == Player::One {
                perfect.choose(&a)
            } else {
                random.choose(&a)
            };
            pos = game.play(&pos, &mv.unwrap());
        }
        assert_eq!(
            game.result(&pos),
            Some(GameResult::Win(Player::One)),
            "seed {seed}"
        );
    }
    // The random player is reproducible from its seed.
    let game = one_heap(30, TakeSet::one_to(3), false);
    let a = game.solve(&game.position(), None).unwrap().solution;
    let picks = |seed| {
        let mut c = Computer::new(Level::Random, seed);
        (0..10)
            .map(|_| c.choose(&a).unwrap().count)
            .collect::<Vec<_>>()
    };
    assert_eq!(picks(5), picks(5));
    assert!((0..10).map(picks).any(|p| p != picks(5)));
}

#[test]
fn take_sets_and_levels_parse_with_errors_naming_the_problem() {
    assert_eq!("1,2,3".parse::<TakeSet>().unwrap(), TakeSet::one_to(3));
    assert_eq!(
        " 3, 1 ".parse::<TakeSet>().unwrap(),
        TakeSet::List(vec![1, 3])
    );
    assert_eq!("ANY".parse::<TakeSet>().unwrap(), TakeSet::Any);
    assert!(
        "0,1"
            .parse::<TakeSet>()
            .unwrap_err()
            .0
            .contains("at least 1")
    );
    assert!("1,x".parse::<TakeSet>().unwrap_err().0.contains("'x'"));
    assert!("1,,2".parse::<TakeSet>().unwrap_err().0.contains("missing"));
    assert!("".parse::<TakeSet>().is_err());
    assert_eq!("random".parse::<Level>().unwrap(), Level::Random);
    assert!("hard".parse::<Level>().is_err());
}
