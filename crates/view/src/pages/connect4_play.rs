//! The page of `resolu connect4 play --html`: the game as it was played, the human's and
//! the computer's moves, each position a board with the column then played marked and,
//! where the computer had them, the perfect solver's scores of every candidate column.

use super::connect4::board;
use crate::{Frame, Labels, Page, Section, number};
use resolu_games::Game;
use resolu_games::connect4::{Connect4, Position};

/// The width of a column of the board drawn by [`board`], and the top of its grid.
const CELL: f64 = 44.0;

/// One move of the game as played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayedMove {
    /// The column played, from 0.
    pub column: u8,
    /// Whether the human played it (else the computer).
    pub by_human: bool,
    /// The perfect solver's score of each column for the player to move before the move
    /// (`None`: a full column); empty when the level gave none.
    pub column_scores: Vec<Option<i32>>,
    /// What the computer said of its move (its search's figures), empty if nothing.
    pub note: String,
}

fn signed(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}

/// The caption of a move: who played which column and, with scores, how it compares with
/// the best column.
fn caption(index: usize, mv: &PlayedMove, mark: char, labels: &Labels) -> String {
    let who = if mv.by_human {
        labels.say("you", "vous")
    } else {
        labels.say("the computer", "l'ordinateur")
    };
    let mut text = format!(
        "{} {index} ({who}, {mark}){} {} {}",
        labels.move_word,
        labels.colon(),
        labels.say("column", "colonne"),
        mv.column + 1
    );
    let scores = &mv.column_scores;
    if let Some(Some(score)) = scores.get(usize::from(mv.column)) {
        let best = scores.iter().flatten().copied().max().unwrap_or(*score);
        let best_columns: Vec<String> = scores
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == Some(best))
            .map(|(c, _)| (c + 1).to_string())
            .collect();
        if *score == best {
            text.push_str(&format!(
                ", score {}{} {}",
                signed(*score),
                labels.colon(),
                labels.say("a best column", "une meilleure colonne")
            ));
        } else {
            text.push_str(&format!(
                ", score {} ({} {} {} {})",
                signed(*score),
                labels.say("best", "meilleur"),
                signed(best),
                labels.say("in column", "en colonne"),
                best_columns.join(", ")
            ));
        }
    }
    text.push_str(&mv.note);
    text
}

/// The column about to be played, drawn as an arrow over the scores.
fn chosen_marker(column: u8) -> String {
    let x = (f64::from(column) + 0.5) * CELL;
    format!(
        "<rect class=\"c4-chosen\" x=\"{}\" y=\"1\" width=\"{}\" height=\"22\" rx=\"5\"/>",
        number(x - CELL / 2.0 + 3.0),
        number(CELL - 6.0)
    )
}

/// `resolu connect4 play --html`: each position of the game (`start`, then after each move
/// of `moves`) with the column played from it marked and its columns' scores when known;
/// `end`, the sentence that ends the game ("You win!", "End of input"); the page reads in
/// the words of `labels`.
pub fn connect4_game_page(
    game: &Connect4,
    start: &Position,
    moves: &[PlayedMove],
    level: &str,
    end: &str,
    labels: &Labels,
) -> Page {
    let mut frames = Vec::with_capacity(moves.len() + 1);
    let mut pos = *start;
    let mut last = None;
    for (i, mv) in moves.iter().enumerate() {
        let mark = if game.to_move(&pos) == resolu_games::Player::One {
            'X'
        } else {
            'O'
        };
        let mut picture = board(game, &pos, last, &mv.column_scores);
        // The marker goes under the scores, so it is drawn first.
        picture.body = format!("{}{}", chosen_marker(mv.column), picture.body);
        frames.push(Frame::new(
            picture,
            caption(i + 1, mv, mark, labels),
            game.rows(&pos).join("/"),
        ));
        if !game.can_play(&pos, u32::from(mv.column)) || game.result(&pos).is_some() {
            break;
        }
        pos = game.play(&pos, &mv.column);
        last = Some(mv.column);
    }
    frames.push(Frame::new(
        board(game, &pos, last, &[]),
        format!("{}{} {end}", labels.say("End", "Fin"), labels.colon()),
        game.rows(&pos).join("/"),
    ));
    let scored = moves.iter().filter(|m| !m.column_scores.is_empty()).count();
    let mut section = Section::frames(labels.say("The game as played", "La partie jouée"), frames)
        .counters([
            (labels.say("moves", "coups"), moves.len()),
            (labels.say("moves with scores", "coups avec scores"), scored),
        ])
        .note(labels.say(
            "Each step shows the position before a move, the column then played marked at the top; the last step the final position.",
            "Chaque étape montre la position avant un coup, la colonne alors jouée marquée en haut ; la dernière étape, la position finale.",
        ));
    if scored > 0 {
        section = section.note(labels.say(
            "Above each column: the perfect solver's score of playing it, for the player to move (positive: a win, the faster the higher; 0: a draw; negative: a loss; –: full).",
            "Au-dessus de chaque colonne : le score du solveur parfait pour le coup joué là, pour le joueur qui a le trait (positif : un gain, d'autant plus grand qu'il est rapide ; 0 : partie nulle ; négatif : une perte ; – : pleine).",
        ));
    }
    let intro = match labels.is_french() {
        true => format!(
            "Puissance 4 sur {}x{}, contre l'ordinateur (niveau {level}).",
            game.width(),
            game.height()
        ),
        false => format!(
            "Connect Four on {}x{}, against the computer ({level} level).",
            game.width(),
            game.height()
        ),
    };
    Page::new("resolu connect4 play")
        .intro(intro)
        .section(section)
}
