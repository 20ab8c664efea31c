//! The Connect Four page: the position, then the line the strong solver plays from it
//! (each board with every column's score), with the command's own counters.

use crate::{Frame, Labels, Page, Section, Svg, escape, number};
use resolu_games::Game;
use resolu_games::connect4::{Connect4, Position};
use std::fmt::Write as _;

/// One position of the line: the scores of its columns for the player to move (`None`:
/// full), and the column then played (from 0).
#[derive(Clone, Debug, PartialEq)]
pub struct LineStep {
    /// Each column's score, if the solver gave them.
    pub column_scores: Vec<Option<i32>>,
    /// The column played (from 0), `None` at the end.
    pub played: Option<u8>,
}

/// The board: stones as discs (X red, O yellow), the last stone ringed, each column's score
/// above it.
pub(crate) fn board(
    game: &Connect4,
    pos: &Position,
    last: Option<u8>,
    scores: &[Option<i32>],
) -> Svg {
    let cell = 44.0;
    let top = 26.0;
    let rows = game.rows(pos);
    let (w, h) = (game.width() as usize, rows.len());
    let mut body = format!(
        "<rect class=\"c4-frame\" x=\"0\" y=\"{top}\" width=\"{}\" height=\"{}\" rx=\"8\"/>",
        number(w as f64 * cell),
        number(h as f64 * cell)
    );
    // The row of the last stone: the highest stone of its column.
    let last_row = last.and_then(|c| {
        rows.iter()
            .position(|r| r.as_bytes().get(c as usize).is_some_and(|&b| b != b'.'))
    });
    for (r, row) in rows.iter().enumerate() {
        for (c, stone) in row.chars().enumerate() {
            let class = match stone {
                'X' => "c4-x",
                'O' => "c4-o",
                _ => "c4-empty",
            };
            let ring = if last.map(usize::from) == Some(c) && last_row == Some(r) {
                " c4-last"
            } else {
                ""
            };
            let _ = write!(
                body,
                "<circle class=\"{class}{ring}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                number((c as f64 + 0.5) * cell),
                number(top + (r as f64 + 0.5) * cell),
                number(cell * 0.4)
            );
        }
    }
    for (c, score) in scores.iter().enumerate() {
        let text = score.map_or("–".to_string(), |s| {
            if s > 0 {
                format!("+{s}")
            } else {
                s.to_string()
            }
        });
        let _ = write!(
            body,
            "<text class=\"c4-score\" x=\"{}\" y=\"16\">{}</text>",
            number((c as f64 + 0.5) * cell),
            escape(&text)
        );
    }
    Svg {
        width: w as f64 * cell,
        height: top + h as f64 * cell + 4.0,
        body,
    }
}

/// `resolu connect4 solve --html`: the position (`verdict`, the command's sentence) and the
/// solver's line from it; `nodes`, the positions the command's run searched; `note`, why
/// the line stops early, if it does; the page reads in the words of `labels`.
pub fn connect4_page(
    game: &Connect4,
    start: &Position,
    verdict: &str,
    nodes: u64,
    line: &[LineStep],
    note: Option<&str>,
    labels: &Labels,
) -> Page {
    let mut frames = Vec::new();
    let mut pos = *start;
    let mut last = None;
    for (i, step) in line.iter().enumerate() {
        let caption = if i == 0 {
            let player = game.to_move(&pos).number();
            match labels.is_french() {
                true => format!(
                    "la position, le joueur {player} a le trait : le score de chaque colonne au-dessus d'elle"
                ),
                false => {
                    format!("the position, player {player} to move: each column's score above it")
                }
            }
        } else {
            format!(
                "{} {i}{} {} {}",
                labels.move_word,
                labels.colon(),
                labels.say("column", "colonne"),
                last.map_or(0, |c: u8| c + 1)
            )
        };
        let text = game.rows(&pos).join("/");
        frames.push(Frame::new(
            board(game, &pos, last, &step.column_scores),
            caption,
            text,
        ));
        if let Some(c) = step.played {
            pos = game.play(&pos, &c);
            last = Some(c);
        }
    }
    let mut section = Section::frames(
        labels.say("Perfect play by the solver", "Le jeu parfait du solveur"),
        frames,
    )
    .counters([(labels.say("nodes", "positions explorées"), nodes)])
    .note(labels.say(
        "Above each column: its score for the player to move (positive: a win, the faster the higher; 0: a draw; –: full). Each move is the solver's best column (the first among equals).",
        "Au-dessus de chaque colonne : son score pour le joueur qui a le trait (positif : un gain, d'autant plus grand qu'il est rapide ; 0 : partie nulle ; – : pleine). Chaque coup est la meilleure colonne du solveur (la première entre colonnes égales).",
    ));
    if let Some(note) = note {
        section = section.note(note);
    }
    Page::new("resolu connect4")
        .intro(format!(
            "{} {}x{}. {verdict}",
            labels.say("Connect Four on", "Puissance 4 sur"),
            game.width(),
            game.height()
        ))
        .section(section)
}
