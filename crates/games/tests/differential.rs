//! Differential tests: on random games, the algorithms that should agree do.

#![allow(clippy::unwrap_used)]

use proptest::collection::vec;
use proptest::prelude::*;
use resolu_games::alphabeta::alphabeta;
use resolu_games::matches::{Matches, TakeSet};
use resolu_games::minimax::minimax;
use resolu_games::solver::Solver;
use resolu_games::tictactoe::TicTacToe;
use resolu_games::tt::TranspositionTable;
use resolu_games::{Game, Player, Value};

mod common;
use common::Plain;

fn for_player_one(v: Value, to_move: Player) -> i8 {
    if to_move == Player::One {
        v.score()
    } else {
        -v.score()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn minimax_alphabeta_table_solver_and_the_matches_rules_agree(
        heaps in vec(0u32..6, 1..4),
        takes in vec(1u32..5, 1..4),
        misere in any::<bool>(),
        second in any::<bool>(),
    ) {
        let game = Matches::new(heaps, TakeSet::list(takes).unwrap(), misere);
        let mut pos = game.position();
        if second {
            pos.to_move = Player::Two;
        }
        let (mm, _) = minimax(&game, &pos);
        let (ab, _) = alphabeta(&game, &pos, None);
        let mut table = TranspositionTable::new();
        let (abt, _) = alphabeta(&game, &pos, Some(&mut table));
        let solved = Solver::new(&game).solve(&pos).unwrap();
        // `Matches::solve` may route to the same solver (misère sums of several heaps): the
        // distances are checked against a search without the canonical form.
        let plain = Solver::new(&Plain(game.clone())).solve(&pos).unwrap();
        let fast = game.solve(&pos, None).unwrap().solution;
        prop_assert_eq!(for_player_one(ab, pos.to_move), mm);
        prop_assert_eq!(abt, ab);
        prop_assert_eq!(solved.value, ab);
        prop_assert_eq!(plain.value, ab);
        prop_assert_eq!(fast.value, ab);
        prop_assert_eq!(solved.plies, plain.plies);
        prop_assert_eq!(fast.plies, plain.plies);
    }

    #[test]
    fn on_tic_tac_toe_positions_too(cells in vec(0u8..9, 0..7)) {
        let game = TicTacToe;
        let mut board = game.start();
        for c in cells {
            let mut moves = Vec::new();
            game.moves(&board, &mut moves);
            if moves.is_empty() {
                break;
            }
            // A legal move chosen by the drawn number.
            let mv = moves[usize::from(c) % moves.len()];
            board = game.play(&board, &mv);
        }
        let (mm, _) = minimax(&game, &board);
        let (ab, _) = alphabeta(&game, &board, None);
        let mut table = TranspositionTable::new();
        let (abt, _) = alphabeta(&game, &board, Some(&mut table));
        let solved = Solver::new(&game).solve(&board).unwrap();
        prop_assert_eq!(for_player_one(ab, game.to_move(&board)), mm);
        prop_assert_eq!(abt, ab);
        prop_assert_eq!(solved.value, ab);
        // Every move the solver keeps leads to a position of the opposite value.
        for m in solved.winning_moves() {
            let (v, _) = alphabeta(&game, &game.play(&board, m), None);
            prop_assert_eq!(v, solved.value.negate());
        }
    }
}
