//! Recording minimax and alpha-beta as they run (through the games crate's observer): the
//! positions in the order visited, MAX and MIN by shape, alpha and beta at entry, each
//! value once known (a bound written as a bound), the moves a cut-off skipped.

use crate::{Labels, Mark, Section, Shape, Step, Tree, TreeNode};
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
    labels: Labels,
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
            labels: Labels::english(),
        }
    }

    /// The recording in the words of `labels` (the run's language).
    pub fn labels(mut self, labels: Labels) -> Self {
        self.steps[0] = Step::new(labels.start);
        self.labels = labels;
        self
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
            title: self
                .labels
                .say(
                    "positions not drawn one by one (the counters include them)",
                    "positions non dessinées une à une (les compteurs les comptent)",
                )
                .into(),
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
        let l = self.labels;
        for &(id, count) in &self.folded {
            self.tree.nodes[id].label = format!("… {count} {}", l.more);
        }
        let title = match (self.pruning, l.is_french()) {
            (true, false) => "Alpha-beta",
            (true, true) => "Alpha-bêta",
            (false, _) => "Minimax",
        };
        let mut counters = vec![(
            l.say("nodes visited", "nœuds visités").to_string(),
            stats.visited.to_string(),
        )];
        if self.pruning {
            counters.push((
                l.say("cut-offs", "coupures").to_string(),
                stats.cutoffs.to_string(),
            ));
        }
        let mut section = Section::tree(title, &self.tree, self.steps).counters(counters).note(l.say(
            "Each node is a position: ▲ MAX (player 1) to move, ▼ MIN (player 2) to move. Its value, shown once known, is for player 1: +1 a win, 0 a draw, -1 a loss.",
            "Chaque nœud est une position : ▲ MAX (joueur 1) a le trait, ▼ MIN (joueur 2) a le trait. Sa valeur, affichée dès qu'elle est connue, est pour le joueur 1 : +1 une victoire, 0 une partie nulle, -1 une défaite.",
        ));
        if self.pruning {
            section = section.note(l.say(
                "Under each position, its window [α, β] at entry; a value written ≥ v or ≤ v is a bound: a cut-off stopped the search there once the choice above was decided. Dashed: moves not examined.",
                "Sous chaque position, sa fenêtre [α, β] à l'entrée ; une valeur écrite ≥ v ou ≤ v est une borne : une coupure a arrêté la recherche là, une fois le choix du dessus décidé. Pointillés : coups non examinés.",
            ));
        }
        if !self.folded.is_empty() {
            section = section.note(if l.is_french() {
                format!(
                    "L'arbre a {} positions : les {GAME_NODE_CAP} premières sont dessinées une à une, les autres repliées dans des nœuds « … de plus » ; les compteurs sont ceux du parcours entier.",
                    stats.visited
                )
            } else {
                format!(
                    "The tree has {} positions: the first {GAME_NODE_CAP} are drawn one by one, the others folded into “… more” nodes; the counters are the whole traversal's.",
                    stats.visited
                )
            });
        }
        section
    }
}

/// The tooltip of a position: its text and who is to move.
fn to_move_title(labels: &Labels, text: &str, max: bool) -> String {
    match (labels.is_french(), max) {
        (false, true) => format!("{text}, MAX (player 1) to move"),
        (false, false) => format!("{text}, MIN (player 2) to move"),
        (true, true) => format!("{text}, MAX (joueur 1) a le trait"),
        (true, false) => format!("{text}, MIN (joueur 2) a le trait"),
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
                    title: to_move_title(&self.labels, &text, max),
                    edge: mv.map(|m| (self.show_move)(m)).unwrap_or_default(),
                    shown: self.steps.len(),
                    shape: if max { Shape::Max } else { Shape::Min },
                    ..TreeNode::default()
                });
                let visit = self.labels.say("visit", "visite");
                let caption = if self.pruning {
                    format!(
                        "{visit} {text}, α = {}, β = {}",
                        signed(alpha),
                        signed(beta)
                    )
                } else {
                    format!("{visit} {text}")
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
        let l = &self.labels;
        let why = match kind {
            ValueKind::Exact => "",
            _ => l.say(
                " (a bound: a cut-off left moves unexamined)",
                " (une borne : une coupure a laissé des coups non examinés)",
            ),
        };
        let caption = if l.is_french() {
            format!("valeur de {text} : {shown} pour le joueur 1{why}")
        } else {
            format!("value of {text}: {shown} for player 1{why}")
        };
        self.steps.push(Step::new(caption).state(text));
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
        let caption = if self.labels.is_french() {
            format!(
                "coupure dans {text} ({side} a le trait) : sa valeur est déjà {sign} {}, assez pour décider le choix du dessus ; {}",
                signed(bound),
                if skipped.len() > 1 {
                    format!("{} coups non examinés", skipped.len())
                } else {
                    format!("{} coup non examiné", skipped.len())
                }
            )
        } else {
            format!(
                "cut-off in {text} ({side} to move): its value is already {sign} {}, enough to decide the choice above; {} move(s) not examined",
                signed(bound),
                skipped.len()
            )
        };
        self.steps.push(Step::new(caption).state(text));
        for mv in skipped {
            self.tree.nodes.push(TreeNode {
                parent: Some(id),
                label: self.labels.say("cut", "coupé").into(),
                title: if self.labels.is_french() {
                    format!(
                        "non examiné : la borne {} décide déjà le choix du dessus",
                        signed(bound)
                    )
                } else {
                    format!(
                        "not examined: the bound {} already decides the choice above",
                        signed(bound)
                    )
                },
                edge: (self.show_move)(mv),
                shown: self.steps.len() - 1,
                mark: Mark::Pruned,
                ..TreeNode::default()
            });
        }
    }
}
