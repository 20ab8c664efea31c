//! Why the N-queens backtracking refuses a square: the queen of an earlier row that
//! attacks it, and along which line (its column or a diagonal), drawn on the square (a
//! cross with a tooltip) and said in the step's caption.

use crate::{Labels, escape, number};
use std::fmt::Write as _;

/// The line along which a queen attacks a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The same column.
    Column,
    /// A diagonal.
    Diagonal,
}

/// A square of a row refused because a queen attacks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The refused square's column.
    pub column: usize,
    /// The row of the queen that attacks it (the earliest one, when several do).
    pub by_row: usize,
    /// Along which line.
    pub line: Line,
}

/// The columns of `row` that the queens `placed` (row, column) attack, each with the
/// earliest queen that does, by column.
pub fn refusals(n: usize, placed: &[(usize, usize)], row: usize) -> Vec<Refusal> {
    (0..n)
        .filter_map(|column| {
            placed
                .iter()
                .filter(|&&(r, _)| r < row)
                .find_map(|&(r, c)| {
                    let line = if c == column {
                        Line::Column
                    } else if row - r == c.abs_diff(column) {
                        Line::Diagonal
                    } else {
                        return None;
                    };
                    Some(Refusal {
                        column,
                        by_row: r,
                        line,
                    })
                })
        })
        .collect()
}

/// The reason for one refusal, in the page's words: "column 1: attacked by the queen on
/// row 0 along a diagonal".
pub fn reason(refusal: &Refusal, labels: &Labels) -> String {
    let (column, by) = (refusal.column, refusal.by_row);
    match (labels.is_french(), refusal.line) {
        (false, Line::Column) => {
            format!("column {column}: attacked by the queen on row {by} along the column")
        }
        (false, Line::Diagonal) => {
            format!("column {column}: attacked by the queen on row {by} along a diagonal")
        }
        (true, Line::Column) => {
            format!("colonne {column} : attaquée par la reine de la ligne {by} sur la colonne")
        }
        (true, Line::Diagonal) => {
            format!("colonne {column} : attaquée par la reine de la ligne {by} sur une diagonale")
        }
    }
}

/// The crosses on the refused squares of `row` (squares `size` pixels wide), each with
/// its reason as a tooltip and a short label (`|0` for the column of row 0's queen,
/// `╲0`/`╱0` for a diagonal) when the squares are large enough to read it.
pub fn crosses(row: usize, refused: &[Refusal], size: f64, labels: &Labels) -> String {
    let mut out = String::new();
    for r in refused {
        let (x, y) = ((r.column as f64 + 0.5) * size, (row as f64 + 0.5) * size);
        let line = match r.line {
            Line::Column => "column",
            Line::Diagonal => "diagonal",
        };
        let _ = write!(
            out,
            "<g class=\"refused\" data-col=\"{}\" data-by=\"{}\" data-line=\"{line}\"><title>{}</title>\
<text x=\"{}\" y=\"{}\" fill=\"#b91c1c\" text-anchor=\"middle\" dominant-baseline=\"central\" style=\"font-size:{}px\">×</text>",
            r.column,
            r.by_row,
            escape(&reason(r, labels)),
            number(x),
            number(y - size * 0.1),
            number(size * 0.55)
        );
        if size >= 30.0 {
            let mark = match r.line {
                Line::Column => "|",
                Line::Diagonal => "/",
            };
            let _ = write!(
                out,
                "<text class=\"why\" x=\"{}\" y=\"{}\" fill=\"#7f1d1d\" text-anchor=\"middle\" style=\"font-size:{}px\">{mark}{}</text>",
                number(x),
                number(y + size * 0.38),
                number(size * 0.26),
                r.by_row
            );
        }
        out.push_str("</g>");
    }
    out
}

/// The caption's sentence on the columns refused in `row` (those before `chosen` when a
/// queen was placed there; all of them when the row is a dead end).
pub fn sentence(row: usize, refused: &[Refusal], chosen: Option<usize>, labels: &Labels) -> String {
    let listed: Vec<String> = refused
        .iter()
        .filter(|r| chosen.is_none_or(|c| r.column < c))
        .map(|r| reason(r, labels))
        .collect();
    if listed.is_empty() {
        return String::new();
    }
    let head = match (chosen.is_some(), labels.is_french()) {
        (true, false) => format!("refused before it in row {row}"),
        (true, true) => format!("refusées avant elle sur la ligne {row}"),
        (false, false) => format!("row {row} refuses"),
        (false, true) => format!("la ligne {row} refuse"),
    };
    let separator = labels.say("; ", " ; ");
    format!(" — {head}{} {}", labels.colon(), listed.join(separator))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_is_refused_by_the_earliest_queen_that_attacks_it() {
        // Queens on (0, 0) and (1, 2): row 2 refuses column 0 (row 0, its column), column 1
        // (row 1, a diagonal), column 2 (row 0's diagonal comes first), column 3 (row 1).
        let refused = refusals(4, &[(0, 0), (1, 2)], 2);
        let got: Vec<(usize, usize, Line)> = refused
            .iter()
            .map(|r| (r.column, r.by_row, r.line))
            .collect();
        assert_eq!(
            got,
            vec![
                (0, 0, Line::Column),
                (1, 1, Line::Diagonal),
                (2, 0, Line::Diagonal),
                (3, 1, Line::Diagonal)
            ]
        );
        let en = Labels::english();
        assert_eq!(
            reason(&refused[0], &en),
            "column 0: attacked by the queen on row 0 along the column"
        );
        assert_eq!(
            sentence(2, &refused, Some(2), &en),
            " — refused before it in row 2: column 0: attacked by the queen on row 0 along the column; column 1: attacked by the queen on row 1 along a diagonal"
        );
        assert!(
            crosses(2, &refused, 40.0, &en)
                .contains("data-col=\"1\" data-by=\"1\" data-line=\"diagonal\"")
        );
    }
}
