//! Recording a search as it runs: an observer that the command passes beside (or instead
//! of) its printing one, so that the page shows the very run whose figures the terminal
//! prints.

use crate::{DEFAULT_NODE_CAP, Labels, Mark, Section, Step, Tree, TreeNode, number};
use resolu_search::{Algorithm, Observer, Prune, Stats};
use std::collections::HashMap;
use std::hash::Hash;

/// Records a search as a tree: each generated state a node under the node expanded, open
/// (on the frontier) from the step it is generated, with its g, h and f, until it is
/// expanded (closed) or dropped (a duplicate, a cheaper path found, beyond a bound); each
/// expansion a step with the sizes of the frontier and the closed set. Stops recording at
/// `cap` nodes or expansions (the page says so); the counters are the whole run's.
pub struct SearchRecorder<'a, S, A> {
    show_state: Box<dyn Fn(&S) -> String + 'a>,
    show_action: Box<dyn Fn(&A) -> String + 'a>,
    algorithm: Algorithm,
    weight: f64,
    labels: Labels,
    cap: usize,
    tree: Tree,
    steps: Vec<Step>,
    /// The node of each state seen, the latest.
    ids: HashMap<S, usize>,
    /// The state of each node.
    states: Vec<S>,
    /// The nodes expanded along the current path, with their g.
    path: Vec<(usize, f64)>,
    /// The nodes on the frontier now.
    open: Vec<bool>,
    open_count: usize,
    closed: usize,
    current: Option<usize>,
    /// The node just generated and the node it replaced for its state.
    last: Option<(usize, Option<usize>)>,
    expanded: u64,
    generated: u64,
    truncated: bool,
    /// The bound of the current iteration (IDA*'s threshold on f, IDDFS's depth limit).
    bound: Option<f64>,
    /// The stack as it was at the last expansion (the step's counters show it).
    stack_text: String,
}

impl<S, A> SearchRecorder<'_, S, A> {
    /// The algorithm recorded.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The words its steps and section are written in.
    pub fn words(&self) -> &Labels {
        &self.labels
    }

    /// Writes the steps and the section in the words of `labels` (English by default);
    /// given before the run, as the steps are written while it runs.
    pub fn labels(mut self, labels: Labels) -> Self {
        self.labels = labels;
        if let Some(first) = self.steps.first_mut() {
            first.caption = labels.search_start.to_string();
        }
        self
    }
}

impl<'a, S: Clone + Eq + Hash, A> SearchRecorder<'a, S, A> {
    /// A recorder of a run of `algorithm` (`weight`: that of weighted A*), drawing states
    /// with `show_state` (a `/` in it starts a new line) and actions with `show_action`.
    pub fn new(
        algorithm: Algorithm,
        weight: f64,
        show_state: impl Fn(&S) -> String + 'a,
        show_action: impl Fn(&A) -> String + 'a,
    ) -> Self {
        SearchRecorder {
            show_state: Box::new(show_state),
            show_action: Box::new(show_action),
            algorithm,
            weight,
            labels: Labels::english(),
            cap: DEFAULT_NODE_CAP,
            tree: Tree::default(),
            steps: vec![Step::new("start: nothing expanded yet")],
            ids: HashMap::new(),
            states: Vec::new(),
            path: Vec::new(),
            open: Vec::new(),
            open_count: 0,
            closed: 0,
            current: None,
            last: None,
            expanded: 0,
            generated: 0,
            truncated: false,
            bound: None,
            stack_text: String::new(),
        }
    }

    /// Whether the recording stops: after half of `cap` expansions (each is a step of
    /// the page, written twice: its data and its line in the log), or `RECORD_FACTOR` times
    /// `cap` nodes (the page then folds the tree to fewer than `cap` nodes drawn).
    fn full(&self) -> bool {
        self.tree.nodes.len() >= self.cap.saturating_mul(RECORD_FACTOR)
            || self.steps.len() > self.cap / 2
    }

    /// Whether the algorithm is a depth-first search under a bound that grows by
    /// iterations (IDA*, IDDFS): it holds a path (its recursion stack), not a frontier.
    fn bounded(&self) -> bool {
        matches!(self.algorithm, Algorithm::IdaStar | Algorithm::Iddfs)
    }

    /// For IDA* and IDDFS: the bound and the stack after the frontier's counters.
    fn counters_with_stack(&self) -> String {
        let mut text = self.counters();
        if let (true, Some(bound)) = (self.bounded(), self.bound) {
            let fr = self.labels.lang == "fr";
            let name = match (self.algorithm, fr) {
                (Algorithm::IdaStar, false) => "threshold f ≤",
                (Algorithm::IdaStar, true) => "seuil f ≤",
                (_, false) => "depth limit",
                (_, true) => "profondeur limite",
            };
            let _ = std::fmt::Write::write_fmt(
                &mut text,
                format_args!(" · {name} {} · {}", number(bound), self.stack_text),
            );
        }
        text
    }

    /// The stack before an iteration's root is entered.
    fn stack_line_empty(&self) -> String {
        let word = if self.labels.lang == "fr" {
            "pile"
        } else {
            "stack"
        };
        format!("{word} (0)")
    }

    /// The recursion stack of IDA* or IDDFS, root first, as one line (the deepest nodes when
    /// it is long).
    fn stack_line(&self) -> String {
        const SHOWN: usize = 4;
        let skip = self.path.len().saturating_sub(SHOWN);
        let mut parts: Vec<String> = self.path[skip..]
            .iter()
            .map(|&(id, _)| self.tree.nodes[id].label.replace('/', " "))
            .collect();
        if skip > 0 {
            parts.insert(0, format!("… ({skip})"));
        }
        let word = if self.labels.lang == "fr" {
            "pile"
        } else {
            "stack"
        };
        format!("{word} ({}): {}", self.path.len(), parts.join(" → "))
    }

    /// The place of a node in the frontier, as the algorithm orders it: f for A*, g + w·h
    /// for weighted A*, h for greedy, g for uniform cost; first in, first out for
    /// breadth-first; last in, first out for the depth-first ones.
    fn priority(&self, g: f64, h: f64, index: usize) -> f64 {
        match self.algorithm {
            Algorithm::Astar | Algorithm::IdaStar => g + h,
            Algorithm::WeightedAstar => g + self.weight * h,
            Algorithm::Greedy => h,
            Algorithm::Ucs => g,
            Algorithm::Bfs => index as f64,
            _ => -(index as f64),
        }
    }

    fn counters(&self) -> String {
        self.labels
            .search_step(self.open_count, self.closed, self.generated)
    }

    fn set_open(&mut self, id: usize, on: bool) {
        if self.open.len() <= id {
            self.open.resize(id + 1, false);
        }
        if self.open[id] != on {
            self.open[id] = on;
            if on {
                self.open_count += 1;
            } else {
                self.open_count -= 1;
            }
        }
    }

    /// Takes `id` off the frontier without expanding it, at the current step.
    fn drop_node(&mut self, id: usize) {
        if self.open.get(id).copied().unwrap_or(false) {
            self.set_open(id, false);
            self.tree.nodes[id].dropped = Some(self.steps.len() - 1);
        }
    }

    fn refresh_counters(&mut self) {
        let counters = self.counters_with_stack();
        if let Some(step) = self.steps.last_mut() {
            step.counters = counters;
        }
    }

    /// A root node for `state` (the start, or the start of a new iteration).
    fn root(&mut self, state: &S, g: f64, h: f64) -> usize {
        let text = (self.show_state)(state);
        let index = self.tree.nodes.len();
        let priority = self.priority(g, h, index);
        self.tree.nodes.push(TreeNode {
            label: text.clone(),
            value: gh(g, h),
            title: format!(
                "{text}\ng = {}, h = {}, f = {}",
                number(g),
                number(h),
                number(g + h)
            ),
            shown: self.steps.len() - 1,
            open: true,
            priority,
            ..TreeNode::default()
        });
        self.set_open(index, true);
        self.ids.insert(state.clone(), index);
        self.states.push(state.clone());
        index
    }

    /// Every node recorded, for a picture of the problem.
    pub fn spans(&self) -> Vec<Span<'_, S>> {
        self.states
            .iter()
            .zip(&self.tree.nodes)
            .map(|(state, node)| Span {
                state,
                open: node.shown,
                left: node.done.or(node.dropped),
                closed: node.done,
            })
            .collect()
    }

    /// The step at which the section marks the solution (its last step).
    pub fn last_step(&self) -> usize {
        self.steps.len()
    }

    /// The section: the tree, the steps, the solution path (`path_states`) marked at the
    /// last step, with the run's counters; `above`, a picture of the problem drawn over
    /// the tree (its elements with their own step attributes).
    pub fn section(
        mut self,
        title: &str,
        path_states: Option<Vec<S>>,
        stats: &Stats,
        above: Option<crate::Svg>,
    ) -> Section {
        let length = path_states.as_ref().map(|s| s.len().saturating_sub(1));
        let k = self.steps.len();
        let last = match &path_states {
            Some(states) => {
                if let Some(goal) = states.last()
                    && let Some(&id) = self.ids.get(goal)
                {
                    let mut at = Some(id);
                    while let Some(i) = at {
                        self.tree.nodes[i].mark = Mark::Solution;
                        at = self.tree.nodes[i].parent;
                    }
                }
                let goal = states
                    .last()
                    .map(|s| (self.show_state)(s))
                    .unwrap_or_default();
                Step::new(self.labels.solved_path(length.unwrap_or(0))).state(goal)
            }
            None => Step::new(self.labels.stopped),
        };
        self.tree.reveal = Some(k);
        if self.truncated {
            // What the page does not draw one by one, folded into one node.
            let drawn = self.tree.nodes.len() as u64;
            self.tree.nodes.push(TreeNode {
                parent: Some(0).filter(|_| drawn > 0),
                label: format!(
                    "… {} {}",
                    self.generated.saturating_sub(drawn),
                    self.labels.more
                ),
                title: "generated after the page's cap: counted, not drawn".into(),
                shown: k,
                mark: Mark::Pruned,
                ..TreeNode::default()
            });
        }
        let counters = self.counters_with_stack();
        self.steps.push(last.counters(counters));
        // The paths kept in place when the tree is folded: to the solution, to the last
        // node expanded, to the node counting what was not recorded.
        let mut keep: Vec<usize> = (0..self.tree.nodes.len())
            .filter(|&i| self.tree.nodes[i].mark == Mark::Solution)
            .collect();
        keep.extend(self.path.last().map(|&(id, _)| id));
        if self.truncated {
            keep.push(self.tree.nodes.len() - 1);
        }
        let folded = crate::fold::fold(&self.tree, &keep, FOLD_IN_PLACE, FOLD_ON_CLICK);
        let folds = folded.main.nodes.len() < self.tree.nodes.len();
        let mut scene = folded.svg();
        if let Some(above) = above {
            scene = above.over(scene);
        }
        let bounded = self.bounded();
        let mut section = Section::scene(title, scene, self.steps)
            .with_log(true)
            .counters(search_counters(length, stats, &self.labels))
            .frontier(true)
            .note(self.labels.search_note(k));
        if self.truncated {
            section = section.note(self.labels.search_cut(
                self.cap / 2,
                self.cap.saturating_mul(RECORD_FACTOR),
                self.expanded,
                self.generated,
            ));
        }
        if folds {
            section = section.note(crate::fold::note(
                self.labels.lang,
                self.tree.nodes.len(),
                &folded,
            ));
        }
        if bounded {
            section = section.note(bounded_note(self.algorithm, self.labels.lang));
        }
        section
    }
}

/// How many times `cap` nodes a recording keeps (it stops at `cap` expansions).
const RECORD_FACTOR: usize = 10;
/// The nodes of a big tree drawn in place, and the nodes drawn in its folds (on a click).
const FOLD_IN_PLACE: usize = 800;
const FOLD_ON_CLICK: usize = 300;

/// What the page of IDA* or IDDFS shows instead of a frontier.
fn bounded_note(algorithm: Algorithm, lang: &str) -> String {
    let ida = algorithm == Algorithm::IdaStar;
    match (lang, ida) {
        ("fr", true) => "IDA* ne garde pas de frontière : une itération est un parcours en profondeur limité par un seuil sur f, qui ne garde que le chemin courant (sa pile). Chaque étape donne le seuil, f du nœud développé face au seuil et la pile ; un fils dont f dépasse le seuil est écarté (pointillés, « f > seuil ») et le plus petit de ces f devient le seuil de l'itération suivante (une étape le dit). Le moteur essaie les fils un à un : ceux qui restent à essayer ne lui sont pas signalés et ne sont pas dessinés.".into(),
        ("fr", false) => "L'approfondissement itératif ne garde pas de frontière : une itération est un parcours en profondeur limité en profondeur, qui ne garde que le chemin courant (sa pile). Chaque étape donne la limite et la pile ; un fils au-delà de la limite est écarté (pointillés) et une nouvelle itération (une étape le dit) recommence avec la limite suivante.".into(),
        (_, true) => "IDA* keeps no frontier: an iteration is a depth-first search under a threshold on f that holds only the current path (its stack). Each step gives the threshold, the f of the node expanded against it, and the stack; a child whose f exceeds the threshold is pruned (dashed, \"f > threshold\") and the smallest such f is the next iteration's threshold (a step says so). The engine tries the children one at a time: those still to try are not reported to the page and not drawn.".into(),
        (_, false) => "Iterative deepening keeps no frontier: an iteration is a depth-first search under a depth limit that holds only the current path (its stack). Each step gives the limit and the stack; a child beyond the limit is pruned (dashed) and a new iteration (a step says so) starts over with the next limit.".into(),
    }
}

/// One node of a recording, for a picture of the problem (a map, a maze): the state, the
/// step it joins the frontier, the step it leaves it (expanded or dropped), the step it is
/// expanded (closed).
#[derive(Clone, Copy, Debug)]
pub struct Span<'s, S> {
    /// The state.
    pub state: &'s S,
    /// The step it is generated (open from).
    pub open: usize,
    /// The step it leaves the frontier, if ever.
    pub left: Option<usize>,
    /// The step it is expanded, if ever.
    pub closed: Option<usize>,
}

/// `g+h=f`, the line under a search node.
fn gh(g: f64, h: f64) -> String {
    format!("{}+{}={}", number(g), number(h), number(g + h))
}

/// The counters of a search, named as the text output names them (the time is left out,
/// so that the page is the same on every run).
pub fn search_counters(
    length: Option<usize>,
    stats: &Stats,
    labels: &Labels,
) -> Vec<(String, String)> {
    let names = &labels.search_counters;
    let mut rows = Vec::new();
    if let Some(len) = length {
        rows.push((names[0].to_string(), len.to_string()));
    }
    for (name, value) in names[1..].iter().zip([
        stats.expanded,
        stats.generated,
        stats.duplicates,
        stats.reopened,
        stats.max_frontier,
        stats.stored,
        stats.iterations,
    ]) {
        rows.push((name.to_string(), value.to_string()));
    }
    rows
}

impl<S: Clone + Eq + Hash, A> Observer<S, A> for SearchRecorder<'_, S, A> {
    fn expand(&mut self, state: &S, g: f64, h: f64) {
        self.expanded += 1;
        self.last = None;
        if self.full() {
            self.truncated = true;
            self.current = None;
            return;
        }
        // A root joins the frontier at the step before its expansion (the start, or the
        // start of an iteration), so that the frontier drawn there holds it.
        // The path of expansions so far (an engine that reports no generation, as the
        // in-place IDA*, expands depth first: the parent is the last node expanded with a
        // smaller g).
        while self.path.last().is_some_and(|&(_, pg)| pg >= g) {
            self.path.pop();
        }
        let id = match self.ids.get(state) {
            Some(&id) if self.tree.nodes[id].done.is_none() => id,
            _ => {
                let id = self.root(state, g, h);
                self.tree.nodes[id].parent = self.path.last().map(|&(p, _)| p);
                self.refresh_counters();
                id
            }
        };
        self.path.push((id, g));
        let k = self.steps.len();
        let text = (self.show_state)(state);
        let mut caption = self
            .labels
            .expansion(self.expanded, g, h, &text.replace('/', " "));
        if let (true, Some(bound)) = (self.bounded(), self.bound) {
            let measure = if self.algorithm == Algorithm::IdaStar {
                format!("f = {}", number(g + h))
            } else {
                format!("d = {}", self.path.len() - 1)
            };
            caption = format!("{caption} · {measure} ≤ {}", number(bound));
        }
        self.steps.push(Step::new(caption).state(text));
        if self.bounded() {
            self.stack_text = self.stack_line();
        }
        self.set_open(id, false);
        self.closed += 1;
        self.tree.nodes[id].done = Some(k);
        self.current = Some(id);
        self.refresh_counters();
    }

    fn generate(&mut self, parent_state: &S, action: &A, state: &S, g: f64, h: f64) {
        self.generated += 1;
        self.last = None;
        if self.bounded() {
            // Back in `parent_state`'s frame: the deeper frames are off the stack.
            while let Some(&(top, _)) = self.path.last() {
                if self.states.get(top) == Some(parent_state) {
                    break;
                }
                self.path.pop();
            }
            self.current = self.path.last().map(|&(id, _)| id).or(self.current);
        }
        let Some(parent) = self.current else { return };
        if self.full() {
            self.truncated = true;
            return;
        }
        let text = (self.show_state)(state);
        let id = self.tree.nodes.len();
        let priority = self.priority(g, h, id);
        self.tree.nodes.push(TreeNode {
            parent: Some(parent),
            label: text.clone(),
            value: gh(g, h),
            title: format!(
                "{text}\ng = {}, h = {}, f = {}",
                number(g),
                number(h),
                number(g + h)
            ),
            edge: (self.show_action)(action),
            shown: self.steps.len() - 1,
            open: true,
            priority,
            ..TreeNode::default()
        });
        self.set_open(id, true);
        self.states.push(state.clone());
        let previous = self.ids.insert(state.clone(), id);
        self.last = Some((id, previous));
        self.refresh_counters();
    }

    fn update(&mut self, state: &S, _old_g: f64, _new_g: f64) {
        // The node just generated replaces the one this state had: a frontier entry is
        // superseded; a closed one is re-opened.
        if let Some((id, Some(previous))) = self.last
            && self.ids.get(state) == Some(&id)
        {
            if self.tree.nodes[previous].done.is_some() {
                self.tree.nodes[id].mark = Mark::Reopened;
            } else {
                self.drop_node(previous);
                self.tree.nodes[previous].mark = Mark::Pruned;
            }
            self.refresh_counters();
        }
    }

    fn prune(&mut self, state: &S, why: Prune) {
        if let Some((id, previous)) = self.last.take()
            && self.ids.get(state) == Some(&id)
        {
            self.drop_node(id);
            let node = &mut self.tree.nodes[id];
            node.mark = Mark::Pruned;
            node.title.push('\n');
            node.title.push_str(match why {
                Prune::Duplicate => self.labels.dropped[0],
                Prune::OnPath => self.labels.dropped[1],
                Prune::Bound => self.labels.dropped[2],
            });
            if let (Prune::Bound, Some(bound)) = (why, self.bound) {
                // The test that failed, written on the node: f (or the depth) > the bound.
                let over = if self.algorithm == Algorithm::Iddfs {
                    format!("d {} > {}", self.path.len(), number(bound))
                } else {
                    format!("{} > {}", node.value, number(bound))
                };
                node.value = over;
            }
            match previous {
                Some(p) => self.ids.insert(state.clone(), p),
                None => self.ids.remove(state),
            };
            self.refresh_counters();
        }
    }

    fn iteration(&mut self, bound: f64) {
        self.current = None;
        self.last = None;
        self.bound = Some(bound);
        self.stack_text = self.stack_line_empty();
        if self.full() {
            return;
        }
        self.steps.push(Step::new(format!(
            "{} {}",
            self.labels.new_iteration,
            number(bound)
        )));
        // The previous iteration's tree is left as it was; its frontier is forgotten.
        let open: Vec<usize> = (0..self.open.len()).filter(|&i| self.open[i]).collect();
        for id in open {
            self.drop_node(id);
        }
        self.ids.clear();
        self.path.clear();
        self.closed = 0;
        self.refresh_counters();
    }
}

/// Two observers told every event in turn: the printing one and the recording one.
pub struct Both<X, Y>(pub X, pub Y);

impl<S, A, X: Observer<S, A>, Y: Observer<S, A>> Observer<S, A> for Both<X, Y> {
    fn expand(&mut self, state: &S, g: f64, h: f64) {
        self.0.expand(state, g, h);
        self.1.expand(state, g, h);
    }
    fn generate(&mut self, parent: &S, action: &A, state: &S, g: f64, h: f64) {
        self.0.generate(parent, action, state, g, h);
        self.1.generate(parent, action, state, g, h);
    }
    fn update(&mut self, state: &S, old_g: f64, new_g: f64) {
        self.0.update(state, old_g, new_g);
        self.1.update(state, old_g, new_g);
    }
    fn prune(&mut self, state: &S, why: Prune) {
        self.0.prune(state, why);
        self.1.prune(state, why);
    }
    fn iteration(&mut self, bound: f64) {
        self.0.iteration(bound);
        self.1.iteration(bound);
    }
}
