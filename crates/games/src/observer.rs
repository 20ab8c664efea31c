//! Watching a game-tree search: the positions entered, their values (exact or a bound)
//! and the cut-offs, for traces and step-through pages. Values and windows are given for
//! player 1 (MAX): +1 a win, -1 a loss, 0 a draw, whatever the algorithm computes inside.

/// What a value says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// The value itself.
    Exact,
    /// A lower bound (for player 1): the position is worth at least this.
    AtLeast,
    /// An upper bound (for player 1): the position is worth at most this.
    AtMost,
}

impl ValueKind {
    /// The value written as a course writes it: `+1`, `≥ 0`, `≤ -1`.
    pub fn show(self, value: i8) -> String {
        let v = if value > 0 {
            format!("+{value}")
        } else {
            value.to_string()
        };
        match self {
            ValueKind::Exact => v,
            ValueKind::AtLeast => format!("≥ {v}"),
            ValueKind::AtMost => format!("≤ {v}"),
        }
    }
}

/// Receives the events of minimax and alpha-beta. Every method does nothing by default;
/// [`NoGameObserver`] costs nothing at run time.
pub trait GameObserver<S, M> {
    /// A position is entered, reached by `mv` from the position entered before it that is
    /// still open (`None` for the root); `window` is alpha-beta's (alpha, beta) for player
    /// 1 (minimax gives (-1, +1)).
    fn enter(&mut self, state: &S, mv: Option<&M>, window: (i8, i8)) {
        let _ = (state, mv, window);
    }
    /// The position last entered and still open is done: its value for player 1.
    fn value(&mut self, state: &S, value: i8, kind: ValueKind) {
        let _ = (state, value, kind);
    }
    /// A cut-off in the open position: `skipped` are its moves not examined, because
    /// `bound` (for player 1) already decides the choice above.
    fn cut(&mut self, state: &S, bound: i8, skipped: &[M]) {
        let _ = (state, bound, skipped);
    }
}

/// The observer that ignores every event.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoGameObserver;

impl<S, M> GameObserver<S, M> for NoGameObserver {}

impl<S, M, O: GameObserver<S, M> + ?Sized> GameObserver<S, M> for &mut O {
    fn enter(&mut self, state: &S, mv: Option<&M>, window: (i8, i8)) {
        (**self).enter(state, mv, window)
    }
    fn value(&mut self, state: &S, value: i8, kind: ValueKind) {
        (**self).value(state, value, kind)
    }
    fn cut(&mut self, state: &S, bound: i8, skipped: &[M]) {
        (**self).cut(state, bound, skipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabeta::alphabeta_observed;
    use crate::minimax::{minimax, minimax_observed};
    use crate::tictactoe::{Board, TicTacToe};
    use crate::{Game, Player};

    /// Every value reported, with its kind.
    #[derive(Default)]
    struct Values {
        entered: usize,
        values: Vec<(Board, i8, ValueKind)>,
        cuts: usize,
    }

    impl GameObserver<Board, u8> for Values {
        fn enter(&mut self, _: &Board, _: Option<&u8>, _: (i8, i8)) {
            self.entered += 1;
        }
        fn value(&mut self, state: &Board, value: i8, kind: ValueKind) {
            self.values.push((*state, value, kind));
        }
        fn cut(&mut self, _: &Board, _: i8, skipped: &[u8]) {
            assert!(!skipped.is_empty());
            self.cuts += 1;
        }
    }

    fn boards() -> Vec<Board> {
        [
            "x../.o./...",
            "xx./oo./...",
            ".........",
            "xo./.x./..o",
            "x.o/...../",
        ]
        .iter()
        .filter_map(|b| TicTacToe::parse(b).ok())
        .collect()
    }

    #[test]
    fn minimax_reports_every_position_once_with_its_exact_value() {
        for board in boards() {
            let mut seen = Values::default();
            let (score, stats) = minimax_observed(&TicTacToe, &board, &mut seen);
            assert_eq!(seen.entered as u64, stats.visited);
            assert_eq!(seen.values.len(), seen.entered);
            assert_eq!(seen.values.last().map(|v| v.1), Some(score));
            assert!(seen.values.iter().all(|v| v.2 == ValueKind::Exact));
        }
    }

    #[test]
    fn alpha_beta_reports_bounds_that_hold_and_exact_values_that_are_minimaxs() {
        let mut bounds = 0;
        for board in boards() {
            let mut seen = Values::default();
            let (value, stats) = alphabeta_observed(&TicTacToe, &board, None, &mut seen);
            assert_eq!(seen.entered as u64, stats.visited);
            assert_eq!(seen.cuts as u64, stats.cutoffs);
            let (root, _) = minimax(&TicTacToe, &board);
            let mover = if TicTacToe.to_move(&board) == Player::One {
                1
            } else {
                -1
            };
            assert_eq!(value.score() * mover, root);
            for &(state, v, kind) in &seen.values {
                let (truth, _) = minimax(&TicTacToe, &state);
                match kind {
                    ValueKind::Exact => assert_eq!(truth, v, "{state}"),
                    ValueKind::AtLeast => assert!(truth >= v, "{state}: {truth} ≥ {v}"),
                    ValueKind::AtMost => assert!(truth <= v, "{state}: {truth} ≤ {v}"),
                }
                bounds += usize::from(kind != ValueKind::Exact);
            }
        }
        assert!(bounds > 0, "some cut-off gave a bound");
    }

    #[test]
    fn values_are_written_as_a_course_writes_them() {
        assert_eq!(ValueKind::Exact.show(1), "+1");
        assert_eq!(ValueKind::AtLeast.show(0), "≥ 0");
        assert_eq!(ValueKind::AtMost.show(-1), "≤ -1");
    }
}
