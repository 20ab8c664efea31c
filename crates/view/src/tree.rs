//! A tree drawn as it grows: search trees, game trees, proof trees.

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
}

impl Mark {
    fn class(self) -> &'static str {
        match self {
            Mark::Plain => "",
            Mark::Solution => " solution",
            Mark::Pruned => " pruned",
            Mark::Failed => " failed",
        }
    }
}

/// One node of a [`Tree`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TreeNode {
    /// The parent's index in [`Tree::nodes`] (it must come earlier), `None` for a root.
    pub parent: Option<usize>,
    /// A short label drawn in the node (cut at 12 characters; the full text is the tooltip).
    pub label: String,
    /// A value drawn under the label once the node is done (f = g + h, a minimax value).
    pub value: String,
    /// The tooltip: the whole state and its numbers.
    pub title: String,
    /// The label of the edge from the parent (the action).
    pub edge: String,
    /// The step at which the node appears (generated, called, visited).
    pub shown: usize,
    /// The step at which it is done (expanded, exited, valued), if ever.
    pub done: Option<usize>,
    /// A mark.
    pub mark: Mark,
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

const NODE_W: f64 = 84.0;
const NODE_H: f64 = 34.0;
const GAP_X: f64 = 10.0;
const LEVEL_H: f64 = 66.0;
const MARGIN: f64 = 8.0;

fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max - 1).collect();
        s.push('…');
        s
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

    /// The tree as an SVG scene with step attributes: an edge appears with its child; a
    /// node's value appears when it is done.
    pub fn svg(&self) -> Svg {
        let pos = self.layout();
        let px = |x: f64| MARGIN + x * (NODE_W + GAP_X) + NODE_W / 2.0;
        let py = |d: usize| MARGIN + d as f64 * LEVEL_H;
        let leaves = pos.iter().map(|p| p.0).fold(0.0, f64::max) + 1.0;
        let depth = pos.iter().map(|p| p.1).max().unwrap_or(0);
        let width = 2.0 * MARGIN + leaves * (NODE_W + GAP_X);
        let height = 2.0 * MARGIN + depth as f64 * LEVEL_H + NODE_H;
        let mut body = String::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(p) = node.parent.filter(|&p| p < i) {
                let (x1, y1) = (px(pos[p].0), py(pos[p].1) + NODE_H);
                let (x2, y2) = (px(pos[i].0), py(pos[i].1));
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
                        escape(&cut(&node.edge, 12))
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
        }
        for (i, node) in self.nodes.iter().enumerate() {
            let (x, y) = (px(pos[i].0), py(pos[i].1));
            let done = node
                .done
                .map(|d| format!(" data-d=\"{d}\""))
                .unwrap_or_default();
            let _ = write!(
                body,
                "<g class=\"node{}\" data-s=\"{}\"{done}><title>{}</title>\
<rect x=\"{}\" y=\"{}\" width=\"{NODE_W}\" height=\"{NODE_H}\" rx=\"5\"/>\
<text x=\"{}\" y=\"{}\">{}</text></g>",
                self.class(node.mark),
                node.shown,
                escape(&node.title),
                number(x - NODE_W / 2.0),
                number(y),
                number(x),
                number(
                    y + if node.value.is_empty() {
                        NODE_H / 2.0
                    } else {
                        11.0
                    }
                ),
                escape(&cut(&node.label, 12))
            );
            if let (Mark::Solution, Some(k)) = (node.mark, self.reveal) {
                let _ = write!(
                    body,
                    "<rect class=\"ring\" data-s=\"{k}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"7\"/>",
                    number(x - NODE_W / 2.0 - 3.0),
                    number(y - 3.0),
                    number(NODE_W + 6.0),
                    number(NODE_H + 6.0)
                );
            }
            if let (Mark::Failed, Some(k)) = (node.mark, node.done.or(Some(node.shown))) {
                // A failure is drawn from the step it happens, not from the call.
                let _ = write!(
                    body,
                    "<rect class=\"ring failed\" data-s=\"{k}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"7\"/>",
                    number(x - NODE_W / 2.0 - 3.0),
                    number(y - 3.0),
                    number(NODE_W + 6.0),
                    number(NODE_H + 6.0)
                );
            }
            if !node.value.is_empty() {
                let _ = write!(
                    body,
                    "<text class=\"value\" data-s=\"{}\" x=\"{}\" y=\"{}\">{}</text>",
                    node.done.unwrap_or(node.shown),
                    number(x),
                    number(y + 25.0),
                    escape(&cut(&node.value, 14))
                );
            }
        }
        Svg {
            width,
            height,
            body,
        }
    }
}
