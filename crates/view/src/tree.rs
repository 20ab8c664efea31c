//! A tree drawn as it grows: search trees, game trees, proof trees.
//!
//! Labels are drawn whole: a label is wrapped (at `/`, the row separator of boards, then at
//! spaces and commas), and the boxes are as wide as the tree's longest line needs, so a
//! board reads as a small board and a Prolog goal as the goal.

use crate::{Svg, escape, number};
use std::fmt::Write as _;

/// How a node is marked, beside its open/done state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    /// Nothing special.
    #[default]
    Plain,
    /// On the solution (the path found, the principal variation, the proof).
    Solution,
    /// Cut off: a duplicate, beyond a bound, a branch alpha-beta did not need.
    Pruned,
    /// Failed (a goal with no proof).
    Failed,
    /// A state generated again with a cheaper path after it was closed (re-opened).
    Reopened,
}

impl Mark {
    fn class(self) -> &'static str {
        match self {
            Mark::Plain => "",
            Mark::Solution => " solution",
            Mark::Pruned => " pruned",
            Mark::Failed => " failed",
            Mark::Reopened => " reopened",
        }
    }
}

/// The shape of a node: a box, or the triangles game trees draw for the two players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shape {
    /// A rounded box (search and proof trees).
    #[default]
    Box,
    /// MAX to move: a triangle pointing up.
    Max,
    /// MIN to move: a triangle pointing down.
    Min,
}

/// One node of a [`Tree`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TreeNode {
    /// The parent's index in [`Tree::nodes`] (it must come earlier), `None` for a root.
    pub parent: Option<usize>,
    /// The label drawn in the node, whole (wrapped at `/`, spaces and commas).
    pub label: String,
    /// A value drawn under the label from the step it is known ([`TreeNode::valued`], else
    /// `done`): f = g + h, a minimax value, a bound.
    pub value: String,
    /// A smaller line under the value, shown with the node (alpha and beta at entry).
    pub note: String,
    /// The tooltip: the whole state and its numbers.
    pub title: String,
    /// The label of the edge from the parent (the action).
    pub edge: String,
    /// The step at which the node appears (generated, called, visited).
    pub shown: usize,
    /// The step at which it is done (expanded, exited, valued), if ever.
    pub done: Option<usize>,
    /// The step from which its value is drawn (`None`: from `done`, or from `shown` when
    /// the node is never done).
    pub valued: Option<usize>,
    /// Whether the node is on the frontier (drawn open) from `shown` until it is done or
    /// dropped.
    pub open: bool,
    /// The step at which it leaves the frontier unexpanded (superseded, cut), if ever.
    pub dropped: Option<usize>,
    /// Its place in the frontier (smaller first; ties in creation order).
    pub priority: f64,
    /// A mark.
    pub mark: Mark,
    /// Its shape.
    pub shape: Shape,
}

/// A tree of nodes in creation order, each with the steps at which it appears and is done.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tree {
    /// The nodes; a parent comes before its children, siblings in the order drawn.
    pub nodes: Vec<TreeNode>,
    /// The step from which nodes marked [`Mark::Solution`] are drawn as such (`None`:
    /// from their first step), so a search's answer shows only once it is found.
    pub reveal: Option<usize>,
}

/// The width of a character of the node font (11 px monospace), in pixels.
const CHAR_W: f64 = 6.7;
/// The height of a line of text in a node.
const LINE_H: f64 = 13.0;
const MIN_NODE_W: f64 = 60.0;
/// The longest line of a node, in characters; longer lines wrap.
const MAX_LINE: usize = 24;
/// The most lines of a label (a taquin board of 5 rows, a long goal).
const MAX_LINES: usize = 6;
const GAP_X: f64 = 10.0;
const GAP_Y: f64 = 30.0;
const MARGIN: f64 = 8.0;

/// `text` wrapped into lines of at most `width` characters: first at `/` (board rows),
/// then at the last space or comma that fits, else hard; at most `MAX_LINES` lines, the
/// last ending in `…` only when a label is longer than that.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for part in text.split('/') {
        let mut rest: Vec<char> = part.chars().collect();
        while rest.len() > width {
            let cut = (1..width)
                .rev()
                .find(|&i| rest[i] == ' ' || rest[i - 1] == ',')
                .unwrap_or(width);
            let line: String = rest[..cut].iter().collect();
            lines.push(line.trim_end().to_string());
            rest = rest[cut..].to_vec();
            while rest.first() == Some(&' ') {
                rest.remove(0);
            }
        }
        lines.push(rest.into_iter().collect());
    }
    if lines.len() > MAX_LINES {
        lines.truncate(MAX_LINES);
        if let Some(last) = lines.last_mut() {
            last.push('…');
        }
    }
    lines
}

/// The sizes of every node of a tree: one width (the longest line), and the height of the
/// tallest node, so that levels line up.
struct Metrics {
    node_w: f64,
    node_h: f64,
    level_h: f64,
    label_lines: usize,
}

impl Metrics {
    fn of(tree: &Tree) -> Metrics {
        let mut longest = 0;
        let mut label_lines = 1;
        let mut extra = 0;
        for node in &tree.nodes {
            let lines = wrap(&node.label, MAX_LINE);
            label_lines = label_lines.max(lines.len());
            longest = longest.max(lines.iter().map(|l| l.chars().count()).max().unwrap_or(0));
            longest = longest.max(node.value.chars().count());
            longest = longest.max(node.note.chars().count());
            extra =
                extra.max(usize::from(!node.value.is_empty()) + usize::from(!node.note.is_empty()));
        }
        let shaped = tree.nodes.iter().any(|n| n.shape != Shape::Box);
        let node_w =
            (longest as f64 * CHAR_W + 14.0).max(MIN_NODE_W) + if shaped { 16.0 } else { 0.0 };
        let node_h = 8.0 + (label_lines + extra) as f64 * LINE_H;
        Metrics {
            node_w,
            node_h,
            level_h: node_h + GAP_Y,
            label_lines,
        }
    }
}

impl Tree {
    /// The class a mark gives, the solution's only when it is not revealed later.
    fn class(&self, mark: Mark) -> &'static str {
        match (mark, self.reveal) {
            (Mark::Solution, Some(_)) | (Mark::Failed, _) => "",
            _ => mark.class(),
        }
    }

    /// Positions (centre x, depth) of every node: leaves side by side in depth-first
    /// order, a parent centred over its first and last child. An explicit stack, no
    /// recursion, so a chain of thousands of nodes is fine.
    pub fn layout(&self) -> Vec<(f64, usize)> {
        let n = self.nodes.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut roots = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            match node.parent {
                Some(p) if p < i => children[p].push(i),
                _ => roots.push(i),
            }
        }
        let mut pos = vec![(0.0, 0usize); n];
        let mut next_leaf = 0.0;
        // (node, depth, children visited?)
        let mut stack: Vec<(usize, usize, bool)> =
            roots.iter().rev().map(|&r| (r, 0, false)).collect();
        while let Some((v, depth, visited)) = stack.pop() {
            if visited || children[v].is_empty() {
                let x = match (children[v].first(), children[v].last()) {
                    (Some(&a), Some(&b)) => (pos[a].0 + pos[b].0) / 2.0,
                    _ => {
                        let x = next_leaf;
                        next_leaf += 1.0;
                        x
                    }
                };
                pos[v] = (x, depth);
            } else {
                stack.push((v, depth, true));
                for &c in children[v].iter().rev() {
                    stack.push((c, depth + 1, false));
                }
            }
        }
        pos
    }

    /// The top centre of every node as [`Tree::svg`] draws it, and the width and height of
    /// a node (for pictures drawn over the tree, such as unfolded subtrees).
    pub(crate) fn places(&self) -> (Vec<(f64, f64)>, f64, f64) {
        let m = Metrics::of(self);
        let places = self
            .layout()
            .iter()
            .map(|&(x, d)| {
                (
                    MARGIN + x * (m.node_w + GAP_X) + m.node_w / 2.0,
                    MARGIN + d as f64 * m.level_h,
                )
            })
            .collect();
        (places, m.node_w, m.node_h)
    }

    /// The tree as an SVG scene with step attributes: an edge appears with its child; a
    /// node's value appears when it is known. Open nodes carry `data-o` (the step they
    /// join the frontier), `data-c` (the step they leave it unexpanded), `data-p` (their
    /// place in it) and `data-k` (their line in the frontier panel).
    pub fn svg(&self) -> Svg {
        let m = Metrics::of(self);
        let pos = self.layout();
        let px = |x: f64| MARGIN + x * (m.node_w + GAP_X) + m.node_w / 2.0;
        let py = |d: usize| MARGIN + d as f64 * m.level_h;
        let leaves = pos.iter().map(|p| p.0).fold(0.0, f64::max) + 1.0;
        let depth = pos.iter().map(|p| p.1).max().unwrap_or(0);
        let width = 2.0 * MARGIN + leaves * (m.node_w + GAP_X);
        let height = 2.0 * MARGIN + depth as f64 * m.level_h + m.node_h;
        let mut body = String::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(p) = node.parent.filter(|&p| p < i) {
                let from = (px(pos[p].0), py(pos[p].1) + m.node_h);
                let to = (px(pos[i].0), py(pos[i].1));
                self.edge(&mut body, node, from, to);
            }
        }
        for (i, node) in self.nodes.iter().enumerate() {
            self.node(&mut body, node, &m, (px(pos[i].0), py(pos[i].1)));
        }
        Svg {
            width,
            height,
            body,
        }
    }

    fn edge(&self, body: &mut String, node: &TreeNode, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
        let _ = write!(
            body,
            "<g data-s=\"{}\"><line class=\"edge{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            node.shown,
            self.class(node.mark),
            number(x1),
            number(y1),
            number(x2),
            number(y2)
        );
        if !node.edge.is_empty() {
            let _ = write!(
                body,
                "<text class=\"edge-label\" x=\"{}\" y=\"{}\">{}</text>",
                number((x1 + x2) / 2.0 + 4.0),
                number((y1 + y2) / 2.0 + 3.0),
                escape(&node.edge)
            );
        }
        body.push_str("</g>");
        if let (Mark::Solution, Some(k)) = (node.mark, self.reveal) {
            let _ = write!(
                body,
                "<line class=\"edge solution\" data-s=\"{k}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                number(x1),
                number(y1),
                number(x2),
                number(y2)
            );
        }
    }

    fn node(&self, body: &mut String, node: &TreeNode, m: &Metrics, (x, y): (f64, f64)) {
        let (w, h) = (m.node_w, m.node_h);
        let mut attrs = String::new();
        if let Some(d) = node.done {
            let _ = write!(attrs, " data-d=\"{d}\"");
        }
        if node.open {
            let _ = write!(
                attrs,
                " data-o=\"{}\" data-p=\"{}\" data-k=\"{}\"",
                node.shown,
                number(node.priority),
                escape(&format!("{}  {}", node.label.replace('/', " "), node.value))
            );
            if let Some(c) = node.dropped {
                let _ = write!(attrs, " data-c=\"{c}\"");
            }
        }
        let _ = write!(
            body,
            "<g class=\"node{}\" data-s=\"{}\"{attrs}><title>{}</title>{}",
            self.class(node.mark),
            node.shown,
            escape(&node.title),
            outline(node.shape, x, y, w, h)
        );
        let lines = wrap(&node.label, MAX_LINE);
        // The label's lines centred in the label area (as many lines as the tallest label).
        let top = y + 4.0 + (m.label_lines - lines.len()) as f64 * LINE_H / 2.0;
        for (j, line) in lines.iter().enumerate() {
            let _ = write!(
                body,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                number(x),
                number(top + (j as f64 + 0.5) * LINE_H),
                escape(line)
            );
        }
        body.push_str("</g>");
        let below = y + 4.0 + m.label_lines as f64 * LINE_H;
        if let (Mark::Solution, Some(k)) = (node.mark, self.reveal) {
            ring(body, "ring", k, x, y, w, h);
        }
        if let (Mark::Failed, Some(k)) = (node.mark, node.done.or(Some(node.shown))) {
            // A failure is drawn from the step it happens, not from the call.
            ring(body, "ring failed", k, x, y, w, h);
        }
        if !node.value.is_empty() {
            let at = node.valued.or(node.done).unwrap_or(node.shown);
            let _ = write!(
                body,
                "<text class=\"value\" data-s=\"{at}\" x=\"{}\" y=\"{}\">{}</text>",
                number(x),
                number(below + LINE_H / 2.0),
                escape(&node.value)
            );
        }
        if !node.note.is_empty() {
            let line = if node.value.is_empty() { 0.5 } else { 1.5 };
            let _ = write!(
                body,
                "<text class=\"tnote\" data-s=\"{}\" x=\"{}\" y=\"{}\">{}</text>",
                node.shown,
                number(x),
                number(below + line * LINE_H),
                escape(&node.note)
            );
        }
    }
}

/// The outline of a node: a box, or a triangle for a MAX (up) or MIN (down) node.
fn outline(shape: Shape, x: f64, y: f64, w: f64, h: f64) -> String {
    match shape {
        Shape::Box => format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"/>",
            number(x - w / 2.0),
            number(y),
            number(w),
            number(h)
        ),
        // The triangles are drawn around the box, so the label still fits inside.
        Shape::Max => format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"/><path class=\"shape\" d=\"M{} {}L{} {}L{} {}Z\"/>",
            number(x - w / 2.0),
            number(y),
            number(w),
            number(h),
            number(x),
            number(y - 6.0),
            number(x + 7.0),
            number(y + 4.0),
            number(x - 7.0),
            number(y + 4.0)
        ),
        Shape::Min => format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"/><path class=\"shape\" d=\"M{} {}L{} {}L{} {}Z\"/>",
            number(x - w / 2.0),
            number(y),
            number(w),
            number(h),
            number(x),
            number(y + h + 6.0),
            number(x + 7.0),
            number(y + h - 4.0),
            number(x - 7.0),
            number(y + h - 4.0)
        ),
    }
}

fn ring(body: &mut String, class: &str, k: usize, x: f64, y: f64, w: f64, h: f64) {
    let _ = write!(
        body,
        "<rect class=\"{class}\" data-s=\"{k}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"7\"/>",
        number(x - w / 2.0 - 3.0),
        number(y - 3.0),
        number(w + 6.0),
        number(h + 6.0)
    );
}
