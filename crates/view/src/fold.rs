//! Big trees folded per subtree: a tree of thousands of nodes is drawn with the paths that
//! matter (to the solution, to the current node) and its first nodes in place; every other
//! subtree under a drawn node is folded into one node "+N" that a click unfolds (its nodes
//! drawn beside it, with their own step attributes), so that a page stays small and every
//! node recorded is either drawn or counted.

use crate::{Mark, Svg, Tree, TreeNode, escape, number};
use std::fmt::Write as _;

/// The most nodes drawn in one unfolded subtree; the rest are counted in a "+N" leaf.
const PER_FOLD: usize = 150;

/// A tree cut into the part drawn in place and the folded subtrees, each drawn on demand.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Folded {
    /// The nodes drawn in place, fold nodes included (as leaves "+N").
    pub main: Tree,
    /// For each fold node of `main` (its index), the nodes it folds as a tree of their own
    /// (cut itself if it is large), shown when the fold node is clicked.
    pub folds: Vec<(usize, Tree)>,
    /// How many nodes recorded are in no picture (counted in their fold node only).
    pub hidden: usize,
    /// How many nodes recorded are drawn in place (fold nodes left out).
    pub in_place: usize,
    /// How many nodes recorded are drawn in the folds (shown on a click).
    pub on_click: usize,
}

/// The fold node of `count` nodes under `parent`, shown at `shown`.
fn fold_node(parent: Option<usize>, count: usize, shown: usize, clickable: bool) -> TreeNode {
    TreeNode {
        parent,
        label: format!("+{count}"),
        title: if clickable {
            format!("{count} nodes folded: click to unfold them (and again to fold them)")
        } else {
            format!("{count} nodes not drawn (counted)")
        },
        shown,
        mark: Mark::Pruned,
        ..TreeNode::default()
    }
}

/// `tree` with at most `budget` nodes drawn in place: the nodes of `keep` and their
/// ancestors, then the others in creation order (a parent before its children); the
/// subtrees left out are folded per parent, and up to `fold_budget` of their nodes are
/// drawn in the folds. A tree within `budget` is returned whole.
pub fn fold(tree: &Tree, keep: &[usize], budget: usize, fold_budget: usize) -> Folded {
    let n = tree.nodes.len();
    if n <= budget {
        return Folded {
            main: tree.clone(),
            in_place: n,
            ..Folded::default()
        };
    }
    let parent_of = |i: usize| tree.nodes[i].parent.filter(|&p| p < i);
    let mut kept = vec![false; n];
    let mut count = 0;
    for &k in keep.iter().filter(|&&k| k < n) {
        let mut at = Some(k);
        while let Some(i) = at {
            if kept[i] {
                break;
            }
            kept[i] = true;
            count += 1;
            at = parent_of(i);
        }
    }
    for i in 0..n {
        if count >= budget {
            break;
        }
        if !kept[i] && parent_of(i).is_none_or(|p| kept[p]) {
            kept[i] = true;
            count += 1;
        }
    }
    // The drawn nodes, renumbered.
    let mut new_id = vec![usize::MAX; n];
    let mut main = Tree {
        nodes: Vec::with_capacity(count + 64),
        reveal: tree.reveal,
    };
    for i in (0..n).filter(|&i| kept[i]) {
        new_id[i] = main.nodes.len();
        let mut node = tree.nodes[i].clone();
        node.parent = parent_of(i).map(|p| new_id[p]);
        main.nodes.push(node);
    }
    // Each left-out node's fold: the one of its parent's subtree (parent `None`: at the top).
    let mut group_of_parent: std::collections::HashMap<Option<usize>, usize> =
        std::collections::HashMap::new();
    let mut groups: Vec<(Option<usize>, Vec<usize>)> = Vec::new();
    let mut group = vec![usize::MAX; n];
    for i in (0..n).filter(|&i| !kept[i]) {
        let g = match parent_of(i) {
            Some(p) if !kept[p] => group[p],
            p => {
                let at = p.map(|p| new_id[p]);
                *group_of_parent.entry(at).or_insert_with(|| {
                    groups.push((at, Vec::new()));
                    groups.len() - 1
                })
            }
        };
        group[i] = g;
        groups[g].1.push(i);
    }
    let in_place = main.nodes.len();
    let mut folds = Vec::new();
    let mut left = fold_budget;
    let mut hidden = 0;
    for (at, members) in groups {
        let shown = members
            .iter()
            .map(|&i| tree.nodes[i].shown)
            .min()
            .unwrap_or(0);
        let drawn = members.len().min(PER_FOLD).min(left);
        let id = main.nodes.len();
        main.nodes
            .push(fold_node(at, members.len(), shown, drawn > 0));
        if drawn == 0 {
            hidden += members.len();
            continue;
        }
        left -= drawn;
        folds.push((id, subtree(tree, &members, drawn, &mut hidden)));
    }
    Folded {
        main,
        folds,
        hidden,
        in_place,
        on_click: n - in_place - hidden,
    }
}

/// The first `drawn` of `members` (a parent before its children) as a tree of their own,
/// the rest counted in one node "+N" at the top; adds the rest to `hidden`.
fn subtree(tree: &Tree, members: &[usize], drawn: usize, hidden: &mut usize) -> Tree {
    let mut index = std::collections::HashMap::new();
    let mut sub = Tree {
        nodes: Vec::with_capacity(drawn + 1),
        reveal: tree.reveal,
    };
    for &i in members {
        if sub.nodes.len() >= drawn {
            break;
        }
        // Members come in creation order, so a member's parent, if folded too, is drawn
        // already; the others hang from the fold node (the tops of this picture).
        let parent = tree.nodes[i].parent.and_then(|p| index.get(&p).copied());
        index.insert(i, sub.nodes.len());
        let mut node = tree.nodes[i].clone();
        node.parent = parent;
        sub.nodes.push(node);
    }
    let rest = members.len() - sub.nodes.len();
    if rest > 0 {
        *hidden += rest;
        let shown = members
            .iter()
            .filter(|i| !index.contains_key(i))
            .map(|&i| tree.nodes[i].shown)
            .min()
            .unwrap_or(0);
        sub.nodes.push(fold_node(None, rest, shown, false));
    }
    sub
}

impl Folded {
    /// The picture: the tree drawn in place, each fold node framed as a button, and each
    /// fold's subtree under its node, hidden until the node is clicked.
    pub fn svg(&self) -> Svg {
        let mut svg = self.main.svg();
        if self.folds.is_empty() {
            return svg;
        }
        let (places, node_w, node_h) = self.main.places();
        for (id, sub) in &self.folds {
            let Some(&(x, y)) = places.get(*id) else {
                continue;
            };
            let shown = self.main.nodes[*id].shown;
            let _ = write!(
                svg.body,
                "<rect class=\"fold-hit\" data-s=\"{shown}\" data-fold=\"{id}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"><title>{}</title></rect>",
                number(x - node_w / 2.0),
                number(y),
                number(node_w),
                number(node_h),
                escape(&self.main.nodes[*id].title)
            );
            let picture = sub.svg();
            let (left, top) = (x - node_w / 2.0, y + node_h + 6.0);
            let _ = write!(
                svg.body,
                "<g class=\"unfold\" data-fold=\"{id}\" transform=\"translate({} {})\"><rect class=\"unfold-bg\" width=\"{}\" height=\"{}\" rx=\"6\"/>{}</g>",
                number(left),
                number(top),
                number(picture.width),
                number(picture.height),
                picture.body
            );
            svg.width = svg.width.max(left + picture.width);
            svg.height = svg.height.max(top + picture.height);
        }
        svg
    }
}

/// The sentence under a folded tree: `recorded` nodes, how many are drawn in place, how
/// many a click shows, how many are only counted.
pub fn note(lang: &str, recorded: usize, folded: &Folded) -> String {
    let (in_place, on_click) = (folded.in_place, folded.on_click);
    match lang {
        "fr" => format!(
            "Arbre replié : {recorded} nœuds enregistrés ; le chemin de la solution, celui du dernier nœud développé et les premiers nœuds sont dessinés ; chaque autre sous-arbre est replié en un nœud « +N » (encadré en bleu) qu'un clic déplie ({on_click} nœuds ainsi, {} seulement comptés). En place : {in_place} nœuds.",
            folded.hidden
        ),
        _ => format!(
            "Folded tree: {recorded} nodes recorded; the solution's path, the last expanded node's path and the first nodes are drawn in place; every other subtree is folded into one node \"+N\" (framed in blue) that a click unfolds ({on_click} nodes so, {} only counted). In place: {in_place} nodes.",
            folded.hidden
        ),
    }
}
