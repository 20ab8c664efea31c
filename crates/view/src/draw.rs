//! Pictures of the domains' states, from plain data (labels, stacks, squares), so this
//! crate depends on no problem crate: the command line converts its states and calls these.

use crate::{Section, Step, Svg, escape, number};
use std::fmt::Write as _;

/// The most steps a path section shows; a longer path is shown in this many chunks, each
/// step adding one chunk (said on the page).
pub const MAX_PATH_STEPS: usize = 1000;

/// A sliding-tile board: `cells` row by row, an empty string for the blank; `moved` is the
/// cell of the tile that just moved (drawn highlighted).
pub fn tiles(rows: usize, cols: usize, cells: &[&str], moved: Option<usize>) -> Svg {
    let size = if rows.max(cols) > 6 { 36.0 } else { 64.0 };
    let mut body = String::new();
    for (i, label) in cells.iter().enumerate().take(rows * cols) {
        let (r, c) = (i / cols, i % cols);
        let (x, y) = (4.0 + c as f64 * size, 4.0 + r as f64 * size);
        if label.is_empty() {
            let _ = write!(
                body,
                "<rect class=\"blank\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\"/>",
                number(x + 2.0),
                number(y + 2.0),
                number(size - 4.0),
                number(size - 4.0)
            );
        } else {
            let class = if moved == Some(i) {
                "tile moved"
            } else {
                "tile"
            };
            let font = if size < 40.0 || label.chars().count() > 2 {
                " style=\"font-size:14px\""
            } else {
                ""
            };
            let _ = write!(
                body,
                "<g class=\"{class}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\"/>\
<text x=\"{}\" y=\"{}\"{font}>{}</text></g>",
                number(x + 2.0),
                number(y + 2.0),
                number(size - 4.0),
                number(size - 4.0),
                number(x + size / 2.0),
                number(y + size / 2.0),
                escape(label)
            );
        }
    }
    Svg {
        width: 8.0 + cols as f64 * size,
        height: 8.0 + rows as f64 * size,
        body,
    }
}

/// Towers of Hanoi: `stacks[p]` lists the disks on peg `p` bottom first, disk 0 the
/// smallest; `disks` is the number of disks (for the widths).
pub fn hanoi(stacks: &[Vec<u8>], disks: usize) -> Svg {
    let disks = disks.max(1);
    let disk_h = if disks > 12 { 8.0 } else { 22.0 };
    let max_w = 40.0 + disks as f64 * if disks > 12 { 6.0 } else { 24.0 };
    let peg_gap = max_w + 20.0;
    let height = 40.0 + disks as f64 * disk_h + 20.0;
    let base = height - 14.0;
    let width = 20.0 + stacks.len() as f64 * peg_gap;
    let mut body = format!(
        "<rect class=\"peg\" x=\"6\" y=\"{}\" width=\"{}\" height=\"6\" rx=\"2\"/>",
        number(base),
        number(width - 12.0)
    );
    for (p, stack) in stacks.iter().enumerate() {
        let cx = 10.0 + peg_gap * (p as f64 + 0.5);
        let _ = write!(
            body,
            "<rect class=\"peg\" x=\"{}\" y=\"20\" width=\"6\" height=\"{}\" rx=\"2\"/>\
<text class=\"frame-title\" x=\"{}\" y=\"14\" text-anchor=\"middle\">peg {p}</text>",
            number(cx - 3.0),
            number(base - 20.0),
            number(cx)
        );
        for (level, &d) in stack.iter().enumerate() {
            let w = 24.0 + (max_w - 30.0) * (d as f64 + 1.0) / disks as f64;
            let hue = (d as usize * 360 / disks + 20) % 360;
            let _ = write!(
                body,
                "<rect class=\"disk\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"hsl({hue},70%,60%)\"><title>disk {}</title></rect>",
                number(cx - w / 2.0),
                number(base - (level as f64 + 1.0) * disk_h),
                number(w),
                number(disk_h - 1.0),
                d + 1
            );
        }
    }
    Svg {
        width,
        height,
        body,
    }
}

/// N queens: `columns[r]` is the column of the queen on row `r` (rows beyond
/// `columns.len()` are empty).
pub fn queens(n: usize, columns: &[usize]) -> Svg {
    let size = queen_square(n);
    let mut body = String::new();
    if n <= 64 {
        for r in 0..n {
            for c in 0..n {
                let _ = write!(
                    body,
                    "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                    if (r + c) % 2 == 0 { "light" } else { "dark" },
                    number(c as f64 * size),
                    number(r as f64 * size),
                    number(size),
                    number(size)
                );
            }
        }
    } else {
        let _ = write!(
            body,
            "<rect class=\"light\" width=\"{0}\" height=\"{0}\"/>",
            number(n as f64 * size)
        );
    }
    for (r, &c) in columns.iter().enumerate() {
        if size >= 16.0 {
            let _ = write!(
                body,
                "<text class=\"queen\" x=\"{}\" y=\"{}\" style=\"font-size:{}px\">♛</text>",
                number((c as f64 + 0.5) * size),
                number((r as f64 + 0.5) * size),
                number(size * 0.8)
            );
        } else {
            let _ = write!(
                body,
                "<circle class=\"queen\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                number((c as f64 + 0.5) * size),
                number((r as f64 + 0.5) * size),
                number(size * 0.4)
            );
        }
    }
    Svg {
        width: n as f64 * size,
        height: n as f64 * size,
        body,
    }
}

/// A tic-tac-toe board: 9 cells row by row, each 'x', 'o' or anything else for empty;
/// `last` is the cell just played.
pub fn tictactoe(cells: &[char], last: Option<usize>) -> Svg {
    let s = 70.0;
    let mut body = String::new();
    for i in 1..3 {
        let v = number(4.0 + i as f64 * s);
        let _ = write!(
            body,
            "<line class=\"edge\" x1=\"{v}\" y1=\"4\" x2=\"{v}\" y2=\"214\" style=\"stroke-width:3\"/>\
<line class=\"edge\" y1=\"{v}\" x1=\"4\" y2=\"{v}\" x2=\"214\" style=\"stroke-width:3\"/>"
        );
    }
    for (i, &c) in cells.iter().enumerate().take(9) {
        let (r, col) = (i / 3, i % 3);
        let (x, y) = (4.0 + (col as f64 + 0.5) * s, 4.0 + (r as f64 + 0.5) * s);
        if last == Some(i) {
            let _ = write!(
                body,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffedd5\"/>",
                number(x - s / 2.0 + 3.0),
                number(y - s / 2.0 + 3.0),
                number(s - 6.0),
                number(s - 6.0)
            );
        }
        let piece = match c.to_ascii_lowercase() {
            'x' => "x",
            'o' => "o",
            _ => continue,
        };
        let _ = write!(
            body,
            "<text class=\"piece {piece}\" x=\"{}\" y=\"{}\">{}</text>",
            number(x),
            number(y),
            piece.to_uppercase()
        );
    }
    Svg {
        width: 218.0,
        height: 218.0,
        body,
    }
}

/// Heaps of matches, drawn as sticks (a heap of more than 40 as a number).
pub fn matches(heaps: &[u32]) -> Svg {
    let mut body = String::new();
    let mut width: f64 = 120.0;
    for (h, &n) in heaps.iter().enumerate() {
        let y = 10.0 + h as f64 * 70.0;
        let _ = write!(
            body,
            "<text class=\"frame-title\" x=\"4\" y=\"{}\">{n}</text>",
            number(y + 34.0)
        );
        if n > 40 {
            continue;
        }
        for i in 0..n {
            let x = 40.0 + i as f64 * 14.0;
            let _ = write!(
                body,
                "<line class=\"stick\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/><circle class=\"stick-head\" cx=\"{0}\" cy=\"{1}\" r=\"4\"/>",
                number(x),
                number(y + 8.0),
                number(y + 58.0)
            );
        }
        width = width.max(50.0 + n as f64 * 14.0);
    }
    Svg {
        width,
        height: 20.0 + heaps.len() as f64 * 70.0,
        body,
    }
}

/// A graph drawn with its nodes on a circle (in the order given), `on` the nodes and edges
/// of the current path highlighted. `edges` are pairs of node indices with a label.
pub fn graph(names: &[String], edges: &[(usize, usize, String)], on_path: &[usize]) -> Svg {
    let n = names.len().max(1);
    let radius = (50.0 + n as f64 * 9.0).min(210.0);
    let c = radius + 50.0;
    let at = |i: usize| {
        let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
        (c + radius * a.cos(), c + radius * a.sin())
    };
    let on_edge = |a: usize, b: usize| {
        on_path
            .windows(2)
            .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
    };
    let mut body = String::new();
    for (a, b, label) in edges {
        let ((x1, y1), (x2, y2)) = (at(*a), at(*b));
        let _ = write!(
            body,
            "<line class=\"gedge{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"><title>{}</title></line>",
            if on_edge(*a, *b) { " on" } else { "" },
            number(x1),
            number(y1),
            number(x2),
            number(y2),
            escape(label)
        );
    }
    for (i, name) in names.iter().enumerate() {
        let (x, y) = at(i);
        let _ = write!(
            body,
            "<g class=\"gnode{}\"><circle cx=\"{}\" cy=\"{}\" r=\"20\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
            if on_path.contains(&i) { " on" } else { "" },
            number(x),
            number(y),
            number(x),
            number(y),
            escape(&crate_cut(name, 9))
        );
    }
    Svg {
        width: 2.0 * c,
        height: 2.0 * c,
        body,
    }
}

fn path_square(rows: usize, cols: usize) -> f64 {
    (640.0 / rows.max(cols).max(1) as f64).clamp(0.64, 48.0)
}

fn queen_square(n: usize) -> f64 {
    (480.0 / n.max(1) as f64).clamp(4.0, 40.0)
}

fn crate_cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        text.chars().take(max).collect()
    }
}

/// What lies under a path drawn on a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground<'a> {
    /// A chessboard (the knight's tour).
    Chess,
    /// A maze: `walls[r][c]` is true on a wall.
    Maze(&'a [Vec<bool>]),
}

/// The squares under a path: a chessboard (a pattern when large) or a maze's walls.
fn ground_body(ground: Ground, rows: usize, cols: usize, size: f64) -> String {
    let mut body = String::new();
    let width = cols as f64 * size;
    let height = rows as f64 * size;
    match ground {
        Ground::Chess if rows * cols <= 64 * 64 => {
            let _ = write!(
                body,
                "<rect class=\"light\" width=\"{}\" height=\"{}\"/>",
                number(width),
                number(height)
            );
            for r in 0..rows {
                for c in 0..cols {
                    if (r + c) % 2 == 1 {
                        let _ = write!(
                            body,
                            "<rect class=\"dark\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                            number(c as f64 * size),
                            number(r as f64 * size),
                            number(size),
                            number(size)
                        );
                    }
                }
            }
        }
        Ground::Chess => {
            // A pattern instead of a million squares.
            let _ = write!(
                body,
                "<defs><pattern id=\"chess\" width=\"{0}\" height=\"{0}\" patternUnits=\"userSpaceOnUse\">\
<rect class=\"light\" width=\"{0}\" height=\"{0}\"/><rect class=\"dark\" x=\"{1}\" width=\"{1}\" height=\"{1}\"/>\
<rect class=\"dark\" y=\"{1}\" width=\"{1}\" height=\"{1}\"/></pattern></defs>\
<rect width=\"{2}\" height=\"{3}\" fill=\"url(#chess)\"/>",
                number(2.0 * size),
                number(size),
                number(width),
                number(height)
            );
        }
        Ground::Maze(walls) => {
            let _ = write!(
                body,
                "<rect class=\"free\" width=\"{}\" height=\"{}\"/>",
                number(width),
                number(height)
            );
            for (r, row) in walls.iter().enumerate() {
                // Runs of wall in a row, one rectangle each.
                let mut c = 0;
                while c < row.len() {
                    if row[c] {
                        let start = c;
                        while c < row.len() && row[c] {
                            c += 1;
                        }
                        let _ = write!(
                            body,
                            "<rect class=\"wall\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                            number(start as f64 * size),
                            number(r as f64 * size),
                            number((c - start) as f64 * size),
                            number(size)
                        );
                    } else {
                        c += 1;
                    }
                }
            }
        }
    }
    body
}

/// A path over a grid of `rows` x `cols` squares, drawn as it grows: step 0 shows the
/// start, each step adds one move, or one chunk of moves when the path has more than
/// [`MAX_PATH_STEPS`] moves (each chunk its own polyline, so no element is huge; a note
/// says so). `closed` adds the move back to the start at the last step.
pub fn path_section(
    title: &str,
    rows: usize,
    cols: usize,
    ground: Ground,
    path: &[(usize, usize)],
    closed: bool,
) -> Section {
    let size = path_square(rows, cols);
    let stroke = (size / 8.0).clamp(0.3, 3.0);
    let width = cols as f64 * size;
    let height = rows as f64 * size;
    let mut body = ground_body(ground, rows, cols, size);
    let centre = |&(r, c): &(usize, usize)| {
        (
            number((c as f64 + 0.5) * size),
            number((r as f64 + 0.5) * size),
        )
    };
    let mut points: Vec<(usize, usize)> = path.to_vec();
    if closed && let Some(&first) = path.first() {
        points.push(first);
    }
    let moves = points.len().saturating_sub(1);
    let chunk = moves.div_ceil(MAX_PATH_STEPS).max(1);
    let mut steps = vec![Step::new(match path.first() {
        Some(&(r, c)) => format!("start at ({r}, {c})"),
        None => "no path".to_string(),
    })];
    if let Some(first) = path.first() {
        let (x, y) = centre(first);
        let _ = write!(
            body,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#15803d\"><title>start</title></circle>",
            number((size * 0.3).max(1.0))
        );
    }
    if let (Ground::Maze(_), Some(last)) = (ground, path.last()) {
        let (x, y) = centre(last);
        let _ = write!(
            body,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#b91c1c\"><title>exit</title></circle>",
            number((size * 0.3).max(1.0))
        );
    }
    let mut from = 0;
    while from < moves {
        let to = (from + chunk).min(moves);
        let k = steps.len();
        let pts: Vec<String> = points[from..=to]
            .iter()
            .map(|p| {
                let (x, y) = centre(p);
                format!("{x},{y}")
            })
            .collect();
        let _ = write!(
            body,
            "<polyline class=\"path\" data-s=\"{k}\" style=\"stroke-width:{}\" points=\"{}\"/>",
            number(stroke),
            pts.join(" ")
        );
        if chunk == 1 && matches!(ground, Ground::Chess) && rows * cols <= 400 && to < path.len() {
            // The knight's move number on its square, as a course draws a tour.
            let (x, y) = centre(&points[to]);
            let _ = write!(
                body,
                "<text class=\"move-number\" data-s=\"{k}\" x=\"{x}\" y=\"{y}\" style=\"font-size:{}px\">{}</text>",
                number((size * 0.4).max(6.0)),
                to + 1
            );
        }
        let (r, c) = points[to];
        let caption = if chunk == 1 {
            format!("move {to}: to ({r}, {c})")
        } else {
            format!("moves {}–{to}: now at ({r}, {c})", from + 1)
        };
        steps.push(Step::new(caption).state(format!("{to} moves, at ({r}, {c})")));
        from = to;
    }
    let mut section = Section::scene(
        title,
        Svg {
            width,
            height,
            body,
        },
        steps,
    );
    if chunk > 1 {
        section = section.note(format!(
            "The path has {moves} moves: each step adds {chunk} of them (at most {MAX_PATH_STEPS} steps), each chunk one polyline."
        ));
    }
    section
}

/// One event of a backtracking run, as [`walk_section`] draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkEvent {
    /// A choice was made: the square now taken (the path's new head, a queen placed).
    Enter(usize, usize),
    /// The last choice was undone.
    Leave,
}

/// How [`walk_section`] draws the choices of a backtracking run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkStyle {
    /// A path from `start`, one segment per choice; with `dead_ends`, a square left by
    /// backtracking keeps a mark (the maze walk never enters it again).
    Path {
        /// The first square.
        start: (usize, usize),
        /// Whether squares left stay marked.
        dead_ends: bool,
    },
    /// Queens placed one per row.
    Queens,
}

/// A backtracking run step by step: each step one choice made or undone, with the depth and
/// the backtracks so far. `total` is the number of events of the whole run, when it had more
/// than `events` (the page says so).
pub fn walk_section(
    title: &str,
    rows: usize,
    cols: usize,
    ground: Ground,
    style: WalkStyle,
    events: &[WalkEvent],
    total: Option<u64>,
) -> Section {
    walk_section_in(
        title,
        (rows, cols),
        ground,
        style,
        (events, total),
        &crate::Labels::english(),
    )
}

/// [`walk_section`] in the words of `labels`; with queens, each step also marks the
/// squares refused in the row it decides and says why (the queen and the line).
pub fn walk_section_in(
    title: &str,
    (rows, cols): (usize, usize),
    ground: Ground,
    style: WalkStyle,
    (events, total): (&[WalkEvent], Option<u64>),
    labels: &crate::Labels,
) -> Section {
    let words = walk_words(labels);
    let (size, base) = match style {
        WalkStyle::Queens => (queen_square(rows), queens(rows, &[]).body),
        WalkStyle::Path { .. } => (
            path_square(rows, cols),
            path_section("", rows, cols, ground, &[], false).scene.body,
        ),
    };
    let centre = |(r, c): (usize, usize)| ((c as f64 + 0.5) * size, (r as f64 + 0.5) * size);
    // (appears, hidden from, markup)
    let mut elements: Vec<(usize, Option<usize>, String)> = Vec::new();
    let mut stack: Vec<((usize, usize), usize)> = Vec::new();
    let mut steps = vec![Step::new(words[0]).counters(walk_counters(&words, 0, 0))];
    let mut backtracks = 0u64;
    if let WalkStyle::Path { start, .. } = style {
        let (x, y) = centre(start);
        elements.push((
            0,
            None,
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#15803d\"/>",
                number(x),
                number(y),
                number(size * 0.3)
            ),
        ));
        stack.push((start, usize::MAX));
    }
    for event in events {
        let k = steps.len();
        match *event {
            WalkEvent::Enter(r, c) => {
                let (x, y) = centre((r, c));
                let markup = match style {
                    WalkStyle::Path { .. } => {
                        let (px, py) = stack.last().map_or((x, y), |&(p, _)| centre(p));
                        format!(
                            "<line class=\"path\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" style=\"stroke-width:{}\"/>",
                            number(px),
                            number(py),
                            number(x),
                            number(y),
                            number((size / 8.0).clamp(1.0, 3.0))
                        )
                    }
                    WalkStyle::Queens => format!(
                        "{}<text class=\"queen\" x=\"{}\" y=\"{}\" style=\"font-size:{}px\">♛</text>",
                        attacks(rows, (r, c), size),
                        number(x),
                        number(y),
                        number(size * 0.8)
                    ),
                };
                let why = queens_refused(style, rows, &stack, r, Some(c), labels);
                elements.push((k, None, markup));
                stack.push(((r, c), elements.len() - 1));
                if !why.0.is_empty() {
                    elements.push((k, Some(k + 1), why.0));
                }
                let what = match style {
                    WalkStyle::Path { .. } => format!("{} ({r}, {c})", words[3]),
                    WalkStyle::Queens => labels
                        .say(
                            "row {r}: queen in column {c}",
                            "ligne {r} : reine en colonne {c}",
                        )
                        .replace("{r}", &r.to_string())
                        .replace("{c}", &c.to_string()),
                };
                steps.push(
                    Step::new(format!("{what}{}", why.1))
                        .counters(walk_counters(&words, depth(&stack, style), backtracks))
                        .state(format!("({r}, {c})")),
                );
            }
            WalkEvent::Leave => {
                // The row under the queen taken back had no square left: why, on it.
                let why = match stack.last() {
                    Some(&((r, _), e)) if e != usize::MAX => {
                        queens_refused(style, rows, &stack, r + 1, None, labels)
                    }
                    _ => (String::new(), String::new()),
                };
                let Some(((r, c), element)) = stack.pop().filter(|&(_, e)| e != usize::MAX) else {
                    continue;
                };
                if !why.0.is_empty() {
                    elements.push((k, Some(k + 1), why.0));
                }
                backtracks += 1;
                if let Some(e) = elements.get_mut(element) {
                    e.1 = Some(k);
                }
                if let WalkStyle::Path {
                    dead_ends: true, ..
                } = style
                {
                    let (x, y) = centre((r, c));
                    elements.push((
                        k,
                        None,
                        format!(
                            "<text class=\"mark\" x=\"{}\" y=\"{}\" fill=\"#b91c1c\" style=\"font-size:{}px\">×</text>",
                            number(x),
                            number(y),
                            number(size * 0.7)
                        ),
                    ));
                }
                steps.push(
                    Step::new(format!("{} ({r}, {c}){}", words[4], why.1))
                        .counters(walk_counters(&words, depth(&stack, style), backtracks))
                        .state(format!("back from ({r}, {c})")),
                );
            }
        }
    }
    let mut body = base;
    for (s, x, markup) in elements {
        let hide = x.map(|x| format!(" data-x=\"{x}\"")).unwrap_or_default();
        let _ = write!(body, "<g data-s=\"{s}\"{hide}>{markup}</g>");
    }
    let mut section = Section::scene(
        title,
        Svg {
            width: cols as f64 * size,
            height: rows as f64 * size,
            body,
        },
        steps,
    )
    .with_log(true);
    if let Some(total) = total {
        section = section.note(cut_note(total, events.len(), labels));
    }
    section
}

/// The counters line of a walk's step.
fn walk_counters(words: &[&str; 5], depth: usize, backtracks: u64) -> String {
    format!("{} {depth}, {} {backtracks}", words[1], words[2])
}

/// The note of a walk recorded up to `shown` of its `total` events.
fn cut_note(total: u64, shown: usize, labels: &crate::Labels) -> String {
    labels
        .say(
            "The run made {total} choices and undos in all; the page shows the first {n} to stay readable.",
            "La recherche a fait {total} choix et retours en tout ; la page montre les {n} premiers pour rester lisible.",
        )
        .replace("{total}", &total.to_string())
        .replace("{n}", &shown.to_string())
}

/// The squares a queen at `(r, c)` attacks in the rows still to fill (below it): its
/// column and its two diagonals, drawn as translucent bands (several queens' bands
/// overlap darker), so a refused column shows why.
fn attacks(n: usize, (r, c): (usize, usize), size: f64) -> String {
    let below = n.saturating_sub(r + 1) as f64;
    let (x, y) = ((c as f64 + 0.5) * size, (r as f64 + 0.5) * size);
    let mut out = String::new();
    for dx in [-1.0, 0.0, 1.0] {
        // Each band stops at the board's edge.
        let room = match dx {
            d if d < 0.0 => c as f64,
            d if d > 0.0 => n.saturating_sub(c + 1) as f64,
            _ => below,
        };
        let len = below.min(room);
        if len <= 0.0 {
            continue;
        }
        let _ = write!(
            out,
            "<line class=\"attack\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" style=\"stroke-width:{}\"/>",
            number(x),
            number(y),
            number(x + dx * len * size),
            number(y + len * size),
            number(size * 0.35)
        );
    }
    out
}

/// The words of a walk's steps: start, depth, backtracks, "move to", "back: undo".
fn walk_words(labels: &crate::Labels) -> [&'static str; 5] {
    if labels.is_french() {
        [
            "départ",
            "profondeur",
            "retours arrière",
            "va en",
            "retour : annule",
        ]
    } else {
        ["start", "depth", "backtracks", "move to", "back: undo"]
    }
}

/// With queens: the crosses on the squares of `row` that the queens of `stack` refuse, and
/// the caption's sentence on them (those before `chosen`, or all when none was chosen).
fn queens_refused(
    style: WalkStyle,
    n: usize,
    stack: &[((usize, usize), usize)],
    row: usize,
    chosen: Option<usize>,
    labels: &crate::Labels,
) -> (String, String) {
    if style != WalkStyle::Queens || row >= n || n > 64 {
        return (String::new(), String::new());
    }
    let placed: Vec<(usize, usize)> = stack.iter().map(|&(square, _)| square).collect();
    let refused = crate::refusals::refusals(n, &placed, row);
    (
        crate::refusals::crosses(row, &refused, queen_square(n), labels),
        crate::refusals::sentence(row, &refused, chosen, labels),
    )
}

fn depth(stack: &[((usize, usize), usize)], style: WalkStyle) -> usize {
    match style {
        WalkStyle::Path { .. } => stack.len().saturating_sub(1),
        WalkStyle::Queens => stack.len(),
    }
}

/// A cube's net (`n` x `n` faces): `cells` are (row, column, face letter U R F D L B) of
/// the cross U above F, then L F R B, then D below F; each face coloured as the standard
/// scheme colours it.
pub fn cube_net(n: usize, cells: &[(usize, usize, char)]) -> Svg {
    let cell = 30;
    let gap = 6;
    let width = 4 * n * cell + 3 * gap + 20;
    let height = 3 * n * cell + 2 * gap + 20;
    let mut s = String::from("<rect width=\"100%\" height=\"100%\" fill=\"#f4f4f4\"/>\n");
    for &(r, c, face) in cells {
        let x = 10 + c * cell + (c / n.max(1)) * gap;
        let y = 10 + r * cell + (r / n.max(1)) * gap;
        let colour = match face {
            'U' => "#ffffff",
            'R' => "#c41e3a",
            'F' => "#009e60",
            'D' => "#ffd500",
            'L' => "#ff5800",
            'B' => "#0051ba",
            _ => "#808080",
        };
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" rx=\"3\" fill=\"{colour}\" stroke=\"#222\" stroke-width=\"1.5\"><title>{face}</title></rect>"
        );
    }
    Svg {
        width: width as f64,
        height: height as f64,
        body: s,
    }
}
