//! Recording minimax and alpha-beta as they run (through the games crate's observer): the
//! positions in the order visited, MAX and MIN by shape, alpha and beta at entry, each
//! value once known (a bound written as a bound), the moves a cut-off skipped.

use crate::{Mark, Section, Shape, Step, Tree, TreeNode};
use resolu_games::{Game, GameObserver, GameStats, Player, ValueKind};

/// The most positions a game tree draws one by one; beyond, a subtree is folded into one
/// node that counts its positions.
pub const GAME_NODE_CAP: usize = 250;

/// Where a position entered is drawn: its own node, or the fold node it is counted in.
#[derive(Clone, Copy)]
enum Entry {
    Node(usize),
    Fold(usize),
}

/// Writes a value as text (a position, a move).
type Show<'a, T> = Box<dyn Fn(&T) -> String + 'a>;

/// A game tree recorded from minimax or alpha-beta.
pub struct GameRecorder<'a, G: Game> {
    game: &'a G,
    show_state: Show<'a, G::State>,
    show_move: Show<'a, G::Move>,
    pruning: bool,
    tree: Tree,
    steps: Vec<Step>,
    stack: Vec<Entry>,
    /// The number of positions counted in each fold node.
    folded: Vec<(usize, u64)>,
}

impl<'a, G: Game> GameRecorder<'a, G> {
    /// A recorder for `game`; `pruning` says whether alpha-beta runs (its windows shown).
    pub fn new(
        game: &'a G,
        pruning: bool,
        show_state: impl Fn(&G::State) -> String + 'a,
        show_move: impl Fn(&G::Move) -> String + 'a,
    ) -> Self {
        GameRecorder {
            game,
            show_state: Box::new(show_state),
            show_move: Box::new(show_move),
            pruning,
            tree: Tree::default(),
            steps: vec![Step::new("start")],
            stack: Vec::new(),
            folded: Vec::new(),
        }
    }

    fn full(&self) -> bool {
        self.tree.nodes.len() >= GAME_NODE_CAP
    }

    /// A fold node under `parent` (one per parent), created when first needed.
    fn fold_under(&mut self, parent: usize) -> usize {
        if let Some(&(id, _)) = self
            .folded
            .iter()
            .find(|(id, _)| self.tree.nodes[*id].parent == Some(parent))
        {
            return id;
        }
        self.tree.nodes.push(TreeNode {
            parent: Some(parent),
            title: "positions not drawn one by one (the counters include them)".into(),
            shown: self.steps.len() - 1,
            mark: Mark::Pruned,
            ..TreeNode::default()
        });
        let id = self.tree.nodes.len() - 1;
        self.folded.push((id, 0));
        id
    }

    /// The section, with the run's counters.
    pub fn section(mut self, stats: &GameStats) -> Section {
        for &(id, count) in &self.folded {
            self.tree.nodes[id].label = format!("… {count} more");
        }
        let title = if self.pruning {
            "Alpha-beta"
        } else {
            "Minimax"
        };
        let mut counters = vec![("nodes visited".to_string(), stats.visited.to_string())];
        if self.pruning {
            counters.push(("cut-offs".to_string(), stats.cutoffs.to_string()));
        }
        let mut section = Section::tree(title, &self.tree, self.steps).counters(counters).note(
            "Each node is a position: ▲ MAX (player 1) to move, ▼ MIN (player 2) to move. Its value, shown once known, is for player 1: +1 a win, 0 a draw, -1 a loss.",
        );
        if self.pruning {
            section = section.note(
                "Under each position, its window [α, β] at entry; a value written ≥ v or ≤ v is a bound: a cut-off stopped the search there once the choice above was decided. Dashed: moves not examined.",
            );
        }
        if !self.folded.is_empty() {
            section = section.note(format!(
                "The tree has {} positions: the first {GAME_NODE_CAP} are drawn one by one, the others folded into “… more” nodes; the counters are the whole traversal's.",
                stats.visited
            ));
        }
        section
    }
}

fn signed(v: i8) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

impl<G: Game> GameObserver<G::State, G::Move> for GameRecorder<'_, G> {
    fn enter(&mut self, state: &G::State, mv: Option<&G::Move>, (alpha, beta): (i8, i8)) {
        let parent = self.stack.last().copied();
        let entry = match parent {
            Some(Entry::Fold(id)) => Entry::Fold(id),
            Some(Entry::Node(p)) if self.full() => Entry::Fold(self.fold_under(p)),
            _ => {
                let text = (self.show_state)(state);
                let max = self.game.to_move(state) == Player::One;
                let window = format!("[{}, {}]", signed(alpha), signed(beta));
                self.tree.nodes.push(TreeNode {
                    parent: match parent {
                        Some(Entry::Node(p)) => Some(p),
                        _ => None,
                    },
                    label: text.clone(),
                    note: if self.pruning {
                        window.clone()
                    } else {
                        String::new()
                    },
                    title: format!(
                        "{text}, {} to move",
                        if max {
                            "MAX (player 1)"
                        } else {
                            "MIN (player 2)"
                        }
                    ),
                    edge: mv.map(|m| (self.show_move)(m)).unwrap_or_default(),
                    shown: self.steps.len(),
                    shape: if max { Shape::Max } else { Shape::Min },
                    ..TreeNode::default()
                });
                let caption = if self.pruning {
                    format!("visit {text}, α = {}, β = {}", signed(alpha), signed(beta))
                } else {
                    format!("visit {text}")
                };
                self.steps.push(Step::new(caption).state(text));
                Entry::Node(self.tree.nodes.len() - 1)
            }
        };
        if let Entry::Fold(id) = entry
            && let Some(f) = self.folded.iter_mut().find(|f| f.0 == id)
        {
            f.1 += 1;
        }
        self.stack.push(entry);
    }

    fn value(&mut self, state: &G::State, value: i8, kind: ValueKind) {
        let Some(Entry::Node(id)) = self.stack.pop() else {
            return;
        };
        let k = self.steps.len();
        let shown = kind.show(value);
        let node = &mut self.tree.nodes[id];
        node.done = Some(k);
        node.value = shown.clone();
        let text = (self.show_state)(state);
        let why = match kind {
            ValueKind::Exact => String::new(),
            _ => " (a bound: a cut-off left moves unexamined)".to_string(),
        };
        self.steps
            .push(Step::new(format!("value of {text}: {shown} for player 1{why}")).state(text));
    }

    fn cut(&mut self, state: &G::State, bound: i8, skipped: &[G::Move]) {
        let Some(Entry::Node(id)) = self.stack.last().copied() else {
            return;
        };
        if self.full() {
            return;
        }
        let text = (self.show_state)(state);
        let max = self.game.to_move(state) == Player::One;
        let (side, sign) = if max { ("MAX", "≥") } else { ("MIN", "≤") };
        self.steps.push(
            Step::new(format!(
                "cut-off in {text} ({side} to move): its value is already {sign} {}, enough to decide the choice above; {} move(s) not examined",
                signed(bound),
                skipped.len()
            ))
            .state(text),
        );
        for mv in skipped {
            self.tree.nodes.push(TreeNode {
                parent: Some(id),
                label: "cut".into(),
                title: format!(
                    "not examined: the bound {} already decides the choice above",
                    signed(bound)
                ),
                edge: (self.show_move)(mv),
                shown: self.steps.len() - 1,
                mark: Mark::Pruned,
                ..TreeNode::default()
            });
        }
    }
}
