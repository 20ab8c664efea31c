//! The game pages: perfect play drawn move by move, then the minimax and alpha-beta trees
//! as the games crate's algorithms ran them (through its observer).

use crate::record::GameRecorder;
use crate::{Frame, Labels, Page, Section, Svg, draw};
use resolu_games::alphabeta::alphabeta_observed;
use resolu_games::matches::{Matches, Position, Take};
use resolu_games::minimax::minimax_observed;
use resolu_games::solver::Solver;
use resolu_games::tictactoe::{Board, TicTacToe};
use resolu_games::{Game, GameResult, Player, Value};
use std::cell::Cell;

/// The most positions a page's minimax may visit; a bigger tree is not traversed (the page
/// says so and draws perfect play only).
pub const MAX_GAME_NODES: u64 = 3_000_000;

/// A game whose positions stop having moves once `budget` positions were expanded, so that
/// a traversal for a page ends in bounded time; `exceeded` says whether it happened.
struct Bounded<'g, G> {
    game: &'g G,
    expanded: Cell<u64>,
    budget: u64,
}

impl<G> Bounded<'_, G> {
    fn exceeded(&self) -> bool {
        self.expanded.get() > self.budget
    }
}

impl<G: Game> Game for Bounded<'_, G> {
    type State = G::State;
    type Move = G::Move;
    fn start(&self) -> G::State {
        self.game.start()
    }
    fn to_move(&self, s: &G::State) -> Player {
        self.game.to_move(s)
    }
    fn moves(&self, s: &G::State, out: &mut Vec<G::Move>) {
        self.expanded.set(self.expanded.get() + 1);
        if !self.exceeded() {
            self.game.moves(s, out);
        }
    }
    fn play(&self, s: &G::State, mv: &G::Move) -> G::State {
        self.game.play(s, mv)
    }
    fn result(&self, s: &G::State) -> Option<GameResult> {
        self.game.result(s)
    }
}

/// Draws a position, the move that led to it highlighted.
pub type Picture<'a, S, M> = &'a dyn Fn(&S, Option<&M>) -> Svg;

/// How a game page draws its positions and moves.
pub struct GameView<'a, G: Game> {
    /// A position as text (a `/` starts a new line: a small board).
    pub show_state: &'a dyn Fn(&G::State) -> String,
    /// A move as text.
    pub show_move: &'a dyn Fn(&G::Move) -> String,
    /// A position drawn, the move that led to it highlighted.
    pub picture: Picture<'a, G::State, G::Move>,
    /// The page's words, in the run's language.
    pub labels: Labels,
}

/// Perfect play from `start`, by the games crate's solver: each side plays its best move
/// (best value, the fastest win or draw, the slowest loss; the first in move order among
/// equals).
fn perfect_play<G: Game>(game: &G, start: &G::State, view: &GameView<'_, G>) -> Option<Section> {
    let mut solver = Solver::new(game).max_positions(Some(2_000_000));
    let first = solver.solve(start).ok()?;
    let show = view.show_state;
    let l = &view.labels;
    let mut frames = vec![Frame::new(
        (view.picture)(start, None),
        format!("{}{} {}", l.start, l.colon(), show(start)),
        show(start),
    )];
    let mut state = start.clone();
    let mut i = 0;
    while let Ok(solution) = solver.solve(&state) {
        let Some(mv) = solution.best_move().cloned() else {
            break;
        };
        state = game.play(&state, &mv);
        i += 1;
        frames.push(Frame::new(
            (view.picture)(&state, Some(&mv)),
            l.move_caption(i, &(view.show_move)(&mv), false),
            show(&state),
        ));
    }
    let verdict = match first.value {
        Value::Win => l.say("the player to move wins", "le joueur qui a le trait gagne"),
        Value::Loss => l.say("the player to move loses", "le joueur qui a le trait perd"),
        Value::Draw => l.say("a draw", "partie nulle"),
    };
    let title = l.say("Perfect play", "Jeu parfait");
    Some(Section::frames(format!("{title}{} {verdict}", l.colon()), frames).note(l.say(
        "Each player picks the move of best value: the fastest win, the slowest loss (the first in move order among equals).",
        "Chaque joueur choisit le coup de meilleure valeur : la victoire la plus rapide, la défaite la plus lente (le premier dans l'ordre des coups entre coups égaux).",
    )))
}

/// The minimax tree, then the alpha-beta tree, as the games crate's algorithms ran them.
fn game_trees<G: Game>(
    game: &G,
    start: &G::State,
    view: &GameView<'_, G>,
) -> Option<(Section, Section)> {
    let bounded = Bounded {
        game,
        expanded: Cell::new(0),
        budget: MAX_GAME_NODES,
    };
    let mut minimax =
        GameRecorder::new(&bounded, false, view.show_state, view.show_move).labels(view.labels);
    let (_, mm_stats) = minimax_observed(&bounded, start, &mut minimax);
    if bounded.exceeded() {
        return None;
    }
    let mut alphabeta =
        GameRecorder::new(&bounded, true, view.show_state, view.show_move).labels(view.labels);
    let (_, ab_stats) = alphabeta_observed(&bounded, start, None, &mut alphabeta);
    Some((minimax.section(&mm_stats), alphabeta.section(&ab_stats)))
}

/// A game page: perfect play, then the minimax and alpha-beta trees.
pub fn game_page<G: Game>(
    title: &str,
    intro: String,
    game: &G,
    start: &G::State,
    view: &GameView<'_, G>,
) -> Page {
    let mut page = Page::new(title).intro(intro);
    if let Some(section) = perfect_play(game, start, view) {
        page = page.section(section);
    }
    match game_trees(game, start, view) {
        Some((minimax, alphabeta)) => page.section(minimax).section(alphabeta),
        None => page.intro(if view.labels.is_french() {
            format!(
                "L'arbre de jeu depuis cette position a plus de {MAX_GAME_NODES} nœuds : trop grand pour être dessiné ici ; partez d'une position plus avancée."
            )
        } else {
            format!(
                "The game tree from this position has more than {MAX_GAME_NODES} nodes: too big to draw here; start from a later position."
            )
        }),
    }
}

/// `resolu matches --html`, in the words of `labels`.
pub fn matches_page(game: &Matches, start: &Position, labels: &Labels) -> Page {
    let several = start.heaps.len() > 1;
    let (heap, take) = (labels.say("heap", "tas"), labels.say("take", "prendre"));
    let colon = labels.colon();
    let show_move = |t: &Take| {
        if several && labels.is_french() {
            // As the terminal says it: "prendre 3 allumettes du tas 1".
            format!("{take} {} du {heap} {}", t.count, t.heap + 1)
        } else if several {
            format!("{heap} {}{colon} {take} {}", t.heap + 1, t.count)
        } else {
            format!("{take} {}", t.count)
        }
    };
    let view = GameView::<Matches> {
        show_state: &|p: &Position| p.to_string(),
        show_move: &show_move,
        picture: &|p: &Position, _| draw::matches(&p.heaps),
        labels: *labels,
    };
    let intro = if labels.is_french() {
        format!("Départ {start} : un état est (allumettes restantes, joueur qui a le trait).")
    } else {
        format!("Start {start}: a state is (matches left, player to move).")
    };
    game_page("resolu matches", intro, game, start, &view)
}

/// `resolu tictactoe --html`, in the words of `labels`.
pub fn tictactoe_page(start: Board, labels: &Labels) -> Page {
    let cells = |b: &Board| -> Vec<char> {
        (0..9)
            .map(|i| match b.cell(i) {
                Some(Player::One) => 'x',
                Some(Player::Two) => 'o',
                None => '.',
            })
            .collect()
    };
    let view = GameView::<TicTacToe> {
        show_state: &|b: &Board| b.to_string(),
        show_move: &|m: &u8| format!("({}, {})", m / 3 + 1, m % 3 + 1),
        picture: &|b: &Board, m: Option<&u8>| draw::tictactoe(&cells(b), m.map(|&m| m as usize)),
        labels: *labels,
    };
    let intro = if labels.is_french() {
        format!("Départ {start} ; X est le joueur 1.")
    } else {
        format!("Start {start}; X is player 1.")
    };
    game_page("resolu tictactoe", intro, &TicTacToe, &start, &view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_page_reads_in_the_language_of_its_labels() {
        let start = TicTacToe::parse("xx./oo./...").expect("a board");
        let fr = Labels::french();
        let french = tictactoe_page(start, &fr).render_in(&fr);
        for word in [
            "Jeu parfait : le joueur qui a le trait gagne",
            "Coup 1 : (1, 3)",
            "visite XX./OO./..., α = ",
            "valeur de XX./OO./... : +1 pour le joueur 1",
            "<th>coupures</th>",
        ] {
            assert!(french.contains(word), "{word}");
        }
        let en = Labels::english();
        let english = tictactoe_page(start, &en).render_in(&en);
        for word in [
            "Perfect play: the player to move wins",
            "Move 1: (1, 3)",
            "visit XX./OO./..., α = ",
            "value of XX./OO./...: +1 for player 1",
            "<th>cut-offs</th>",
        ] {
            assert!(english.contains(word), "{word}");
        }
        let game = Matches::new(
            vec![5],
            resolu_games::matches::TakeSet::List(vec![1, 2, 3]),
            false,
        );
        let matches = matches_page(&game, &game.position(), &fr).render_in(&fr);
        assert!(
            matches.contains("Coup 1 : prendre 1"),
            "five matches: take one"
        );
    }
}
