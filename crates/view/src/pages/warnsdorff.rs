//! Warnsdorff's rule drawn step by step on the board: the squares visited with their move
//! numbers, the knight's square, each free square a move away with its number of free
//! neighbours (its degree), and the one the tour took.

use crate::{Labels, Section, Step, Svg, number};
use resolu_puzzles::knight::CandidateStep;
use std::fmt::Write as _;

/// The most steps drawn one by one (a 1000x1000 tour is a million frames no class reads).
pub const MAX_STEPS: usize = 100;

/// The side of a square, in pixels, for a board of `rows` x `cols`.
fn square(rows: usize, cols: usize) -> f64 {
    (480.0 / rows.max(cols).max(1) as f64).clamp(6.0, 48.0)
}

/// The board once, its marks appearing step by step: square `n` of the tour numbered from
/// step `n - 1` on (green while the knight is on it), each step's candidates with their
/// degrees during that step only, the chosen one outlined.
fn board(rows: usize, cols: usize, path: &[(usize, usize)], steps: &[CandidateStep]) -> Svg {
    let size = square(rows, cols);
    let font = number(size * 0.42);
    let s = number(size);
    let mut body = String::new();
    for r in 0..rows {
        for c in 0..cols {
            let fill = if (r + c) % 2 == 0 {
                "#f8fafc"
            } else {
                "#cbd5e1"
            };
            let _ = write!(
                body,
                "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{fill}\"/>",
                number(c as f64 * size),
                number(r as f64 * size),
            );
        }
    }
    let centre = |(r, c): (usize, usize)| {
        (
            number((c as f64 + 0.5) * size),
            number((r as f64 + 0.5) * size),
        )
    };
    for (k, &(r, c)) in path.iter().enumerate().take(steps.len() + 1) {
        let (x, y) = (number(c as f64 * size), number(r as f64 * size));
        let (cx, cy) = centre((r, c));
        // The knight's square at step k, then a visited one.
        let _ = write!(
            body,
            "<rect class=\"head\" data-s=\"{k}\" data-x=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"#15803d\"/>\
<rect class=\"visited\" data-s=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"#94a3b8\"/>\
<text class=\"number\" data-s=\"{k}\" x=\"{cx}\" y=\"{cy}\" font-size=\"{font}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#fff\">{}</text>",
            k + 1,
            k + 1,
            k + 1
        );
    }
    for (k, step) in steps.iter().enumerate() {
        for &(square, degree) in &step.candidates {
            let chosen = square == step.chosen;
            let (cx, cy) = centre(square);
            let _ = write!(
                body,
                "<g class=\"{}\" data-s=\"{k}\" data-x=\"{}\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#fde68a\" stroke=\"{}\" stroke-width=\"{}\"><title>({}, {}): {degree}</title></circle>\
<text class=\"degree\" x=\"{cx}\" y=\"{cy}\" font-size=\"{font}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#1f2933\">{degree}</text></g>",
                if chosen {
                    "candidate chosen"
                } else {
                    "candidate"
                },
                k + 1,
                number(size * 0.4),
                if chosen { "#ea580c" } else { "#a16207" },
                number(if chosen { size * 0.1 } else { size * 0.03 }),
                square.0,
                square.1,
            );
        }
    }
    Svg {
        width: cols as f64 * size,
        height: rows as f64 * size,
        body,
    }
}

/// The section of Warnsdorff's steps along `path` (the tour, squares in order), as
/// `resolu_puzzles::knight::warnsdorff_steps` gives them (for the first moves at least):
/// one step per move, up to [`MAX_STEPS`].
pub fn steps_section(
    rows: usize,
    cols: usize,
    path: &[(usize, usize)],
    steps: &[CandidateStep],
    labels: &Labels,
) -> Section {
    let shown = &steps[..steps.len().min(MAX_STEPS)];
    let captions: Vec<Step> = shown
        .iter()
        .map(|s| {
            let candidates: Vec<String> = s
                .candidates
                .iter()
                .map(|((r, c), d)| format!("({r},{c}):{d}"))
                .collect();
            Step::new(
                labels
                    .say(
                        "move {k}: from ({r},{c}), candidates {set} → ({cr},{cc})",
                        "coup {k} : depuis ({r},{c}), candidats {set} → ({cr},{cc})",
                    )
                    .replace("{k}", &s.step.to_string())
                    .replace("{r}", &s.from.0.to_string())
                    .replace("{c}", &s.from.1.to_string())
                    .replace("{set}", &candidates.join(" "))
                    .replace("{cr}", &s.chosen.0.to_string())
                    .replace("{cc}", &s.chosen.1.to_string()),
            )
            .state(candidates.join(" "))
        })
        .collect();
    let mut section = Section::scene(
        labels.say(
            "Warnsdorff's rule: each candidate with its degree",
            "La règle de Warnsdorff : chaque candidat avec son degré",
        ),
        board(rows, cols, path, shown),
        captions,
    )
    .note(labels.say(
        "At each move, the free squares a knight's move away (yellow) carry their number of free neighbours; the rule takes the fewest (outlined in orange). Grey squares are visited, numbered in order; green is the knight.",
        "À chaque coup, les cases libres à un saut de cavalier (en jaune) portent leur nombre de voisines libres ; la règle prend la plus petite (entourée d'orange). Les cases grises sont visitées, numérotées dans l'ordre ; le cavalier est en vert.",
    ))
    .with_log(true);
    if steps.len() >= MAX_STEPS {
        section = section.note(
            labels
                .say(
                    "The first {n} moves are drawn one by one.",
                    "Les {n} premiers coups sont dessinés un à un.",
                )
                .replace("{n}", &MAX_STEPS.to_string()),
        );
    }
    section
}

#[cfg(test)]
mod tests {
    use super::*;
    use resolu_puzzles::knight::warnsdorff_steps;

    #[test]
    fn each_candidate_is_drawn_with_its_degree() {
        // The first moves of a 5x5 tour from the corner.
        let path = [(0, 0), (1, 2), (0, 4), (2, 3)];
        let steps = warnsdorff_steps(5, 5, &path);
        let section = steps_section(5, 5, &path, &steps, &Labels::english());
        assert_eq!(section.steps.len(), 3);
        // From (0,0): (1,2) and (2,1), each with 5 free neighbours once (0,0) is taken.
        assert_eq!(section.steps[0].state, "(1,2):5 (2,1):5");
        let body = &section.scene.body;
        let first = |class: &str| {
            body.matches(&format!("class=\"{class}\" data-s=\"0\" "))
                .count()
        };
        assert_eq!(first("candidate") + first("candidate chosen"), 2);
        assert_eq!(first("candidate chosen"), 1);
        assert!(body.contains("data-s=\"0\" data-x=\"1\"><circle cx=\"72\" cy=\"120\""));
        // The square of move 2 is numbered from step 1 on.
        assert!(body.contains("class=\"number\" data-s=\"1\" x=\"120\" y=\"72\""));
    }
}
