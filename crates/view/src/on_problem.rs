//! A search drawn on its problem, step by step: the towns of a map or the cells of a maze
//! coloured open (on the frontier), closed (expanded) and, at the end, on the path found,
//! in the colours of the search tree beside them.

use crate::{Svg, escape, number};
use std::fmt::Write as _;

/// When a place is on the frontier and when it is closed, for one node of a recording:
/// (place, open from, left the frontier at, closed at).
pub type PlaceSpan = (usize, usize, Option<usize>, Option<usize>);

/// A town of a map: its name, where it is (y pointing north), its heuristic value.
#[derive(Clone, Debug, PartialEq)]
pub struct Town {
    /// The name.
    pub name: String,
    /// Where it is.
    pub at: (f64, f64),
    /// h, if the file gives it.
    pub h: Option<f64>,
}

/// The overlays of one node: open (from its generation until it leaves the frontier),
/// closed (from its expansion).
fn spans_overlay(body: &mut String, spans: &[PlaceSpan], shape: impl Fn(usize, &str) -> String) {
    for &(place, open, left, closed) in spans {
        let until = left.map(|x| format!(" data-x=\"{x}\"")).unwrap_or_default();
        let _ = write!(
            body,
            "<g data-s=\"{open}\"{until}>{}</g>",
            shape(place, "on-open")
        );
        if let Some(k) = closed {
            let _ = write!(body, "<g data-s=\"{k}\">{}</g>", shape(place, "on-closed"));
        }
    }
}

/// A map: towns at their places (scaled to about 640 pixels wide), roads with their
/// costs, each town's h; the search's open and closed towns at each step (`spans`), the
/// path found from step `reveal`.
pub fn map(
    towns: &[Town],
    roads: &[(usize, usize, f64)],
    spans: &[PlaceSpan],
    path: Option<&[usize]>,
    reveal: usize,
) -> Svg {
    let (min_x, max_x) = towns.iter().fold((f64::MAX, f64::MIN), |(a, b), t| {
        (a.min(t.at.0), b.max(t.at.0))
    });
    let (min_y, max_y) = towns.iter().fold((f64::MAX, f64::MIN), |(a, b), t| {
        (a.min(t.at.1), b.max(t.at.1))
    });
    let span = (max_x - min_x).max(max_y - min_y).max(1e-9);
    let scale = 600.0 / span;
    let margin = 50.0;
    let at = |i: usize| {
        let (x, y) = towns[i].at;
        (margin + (x - min_x) * scale, margin + (max_y - y) * scale)
    };
    let on_path = |a: usize, b: usize| {
        path.is_some_and(|p| {
            p.windows(2)
                .any(|w| (w[0], w[1]) == (a, b) || (w[0], w[1]) == (b, a))
        })
    };
    let mut body = String::new();
    for &(a, b, cost) in roads {
        let ((x1, y1), (x2, y2)) = (at(a), at(b));
        let line = format!(
            "x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"",
            number(x1),
            number(y1),
            number(x2),
            number(y2)
        );
        let _ = write!(
            body,
            "<line class=\"gedge\" {line}/><text class=\"cost\" x=\"{}\" y=\"{}\">{}</text>",
            number((x1 + x2) / 2.0),
            number((y1 + y2) / 2.0 - 3.0),
            number(cost)
        );
        if on_path(a, b) {
            let _ = write!(
                body,
                "<line class=\"gedge on\" data-s=\"{reveal}\" {line}/>"
            );
        }
    }
    spans_overlay(&mut body, spans, |i, class| {
        let (x, y) = at(i);
        format!(
            "<circle class=\"{class}\" cx=\"{}\" cy=\"{}\" r=\"11\"/>",
            number(x),
            number(y)
        )
    });
    for (i, town) in towns.iter().enumerate() {
        let (x, y) = at(i);
        let ring = if path.is_some_and(|p| p.contains(&i)) {
            format!(
                "<circle class=\"on-path\" data-s=\"{reveal}\" cx=\"{}\" cy=\"{}\" r=\"14\"/>",
                number(x),
                number(y)
            )
        } else {
            String::new()
        };
        let h = town
            .h
            .map(|h| format!(" h={}", number(h)))
            .unwrap_or_default();
        let _ = write!(
            body,
            "{ring}<circle class=\"town\" cx=\"{}\" cy=\"{}\" r=\"5\"/><text class=\"town-name\" x=\"{}\" y=\"{}\">{}</text><text class=\"town-h\" x=\"{}\" y=\"{}\">{}</text>",
            number(x),
            number(y),
            number(x),
            number(y - 14.0),
            escape(&town.name),
            number(x),
            number(y + 22.0),
            escape(h.trim())
        );
    }
    Svg {
        width: 2.0 * margin + (max_x - min_x) * scale,
        height: 2.0 * margin + (max_y - min_y) * scale,
        body,
    }
}

/// Towns on a circle, in the order given: the map of a graph whose file gives no places.
pub fn circle(names: &[String], h: &[Option<f64>]) -> Vec<Town> {
    let n = names.len().max(1);
    names
        .iter()
        .zip(h)
        .enumerate()
        .map(|(i, (name, &h))| {
            let a = std::f64::consts::TAU * i as f64 / n as f64 + std::f64::consts::FRAC_PI_2;
            Town {
                name: name.clone(),
                at: (a.cos() * 100.0, a.sin() * 100.0),
                h,
            }
        })
        .collect()
}

/// A maze (`walls[r][c]` true on a wall) with the search's cells coloured open and closed
/// at each step (`spans`, a place being `r * cols + c`), the path found from `reveal`.
pub fn maze(
    walls: &[Vec<bool>],
    spans: &[PlaceSpan],
    path: Option<&[(usize, usize)]>,
    reveal: usize,
) -> Svg {
    let rows = walls.len();
    let cols = walls.first().map_or(0, Vec::len);
    let size = (640.0 / rows.max(cols).max(1) as f64).clamp(4.0, 32.0);
    let mut body = String::new();
    for (r, row) in walls.iter().enumerate() {
        for (c, &wall) in row.iter().enumerate() {
            let _ = write!(
                body,
                "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                if wall { "wall" } else { "free" },
                number(c as f64 * size),
                number(r as f64 * size),
                number(size),
                number(size)
            );
        }
    }
    let cell = |r: usize, c: usize, class: &str| {
        format!(
            "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            number(c as f64 * size + 1.0),
            number(r as f64 * size + 1.0),
            number(size - 2.0),
            number(size - 2.0)
        )
    };
    spans_overlay(&mut body, spans, |place, class| {
        cell(place / cols.max(1), place % cols.max(1), class)
    });
    for &(r, c) in path.unwrap_or(&[]) {
        let _ = write!(
            body,
            "<g data-s=\"{reveal}\">{}</g>",
            cell(r, c, "on-path-cell")
        );
    }
    Svg {
        width: cols as f64 * size,
        height: rows as f64 * size,
        body,
    }
}
