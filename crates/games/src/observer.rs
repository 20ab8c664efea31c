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
