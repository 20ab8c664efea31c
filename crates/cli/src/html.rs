//! `--html FILE`: the step-through pages. Everything the commands need to record a run and
//! turn it into a `resolu_view::Page` lives here, so that each command adds a flag and a
//! call. Pages are written only when asked; the recording runs the search (or game, proof,
//! rule base) a second time with an observer, so the command's own run and its text output
//! are untouched.

use crate::common::{AlgoArgs, CliError, LimitArgs, algorithm_named, bad_input};
use clap::Args;
use resolu_search::{Algorithm, Heuristic, Observer, Outcome, Problem, Prune, Runner, Stats};
use resolu_view::{
    DEFAULT_NODE_CAP, Frame, Mark, Page, Section, Step, Tree, TreeNode, draw, number,
};
use std::collections::HashMap;
use std::hash::Hash;
use std::path::{Path, PathBuf};

/// `--html FILE` of the commands that are not searches.
#[derive(Args, Clone, Debug, Default)]
pub struct HtmlArg {
    /// Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS
    /// and a small script, no network) to open in a browser; ← → step, space plays.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// `--html FILE` and `--compare` of the search commands.
#[derive(Args, Clone, Debug, Default)]
pub struct SearchHtml {
    /// Write a step-through page to FILE: the solution move by move and the search itself
    /// (each expansion with f, g, h, the frontier and closed set, the search tree), one
    /// self-contained HTML file to open in a browser; ← → step, space plays.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// With --html: the algorithms whose searches the page shows side by side, e.g.
    /// `astar,bfs` (default: --algo alone).
    #[arg(long, value_name = "ALGOS", requires = "html", value_delimiter = ',')]
    pub compare: Vec<String>,
}

impl SearchHtml {
    /// The algorithms to show: `--compare`'s, or the one of `--algo`.
    fn algorithms(&self, algo: &AlgoArgs) -> Result<Vec<Algorithm>, CliError> {
        if self.compare.is_empty() {
            return Ok(vec![algo.algorithm()?]);
        }
        self.compare
            .iter()
            .map(|name| {
                algorithm_named(name.trim(), algo.weight)?.ok_or_else(|| {
                    bad_input(format!(
                        "--compare: unknown algorithm '{name}' (random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar)"
                    ))
                })
            })
            .collect()
    }
}

/// Writes `page` to `path`, with an error that names the file.
pub fn write_page(path: &Path, page: &Page) -> Result<(), CliError> {
    std::fs::write(path, page.render())
        .map_err(|e| bad_input(format!("cannot write {}: {e}", path.display())))
}

/// The counters of a search, named as the text output names them (the time is left out,
/// so that the page is the same on every run).
pub fn search_counters(
    outcome_len: Option<usize>,
    cost: Option<f64>,
    stats: &Stats,
) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    if let Some(len) = outcome_len {
        rows.push(("length".to_string(), len.to_string()));
    }
    if let Some(cost) = cost {
        rows.push(("cost".to_string(), number(cost)));
    }
    for (name, value) in [
        ("expanded", stats.expanded),
        ("generated", stats.generated),
        ("duplicates", stats.duplicates),
        ("re-opened", stats.reopened),
        ("max frontier", stats.max_frontier),
        ("stored", stats.stored),
        ("iterations", stats.iterations),
    ] {
        rows.push((name.to_string(), value.to_string()));
    }
    rows
}

/// Records a search as a tree: each generated state a node under the node expanded, each
/// expansion a step with f, g, h and the sizes of the frontier and the closed set. Stops
/// recording at `cap` nodes or `cap` expansions (the page says so); the counters are the
/// whole run's.
pub struct SearchRecorder<S, FS, FA> {
    show_state: FS,
    show_action: FA,
    cap: usize,
    tree: Tree,
    steps: Vec<Step>,
    ids: HashMap<S, usize>,
    current: Option<usize>,
    last: Option<(usize, Option<usize>)>,
    expanded: u64,
    generated: u64,
    open: usize,
    closed: usize,
    truncated: bool,
}

impl<S: Clone + Eq + Hash, FS: FnMut(&S) -> String, FA> SearchRecorder<S, FS, FA> {
    /// A recorder drawing states with `show_state` and actions with `show_action`.
    pub fn new(show_state: FS, show_action: FA, cap: usize) -> Self {
        SearchRecorder {
            show_state,
            show_action,
            cap,
            tree: Tree::default(),
            steps: vec![Step::new("start: nothing expanded yet")],
            ids: HashMap::new(),
            current: None,
            last: None,
            expanded: 0,
            generated: 0,
            open: 1,
            closed: 0,
            truncated: false,
        }
    }

    fn full(&self) -> bool {
        self.tree.nodes.len() >= self.cap || self.steps.len() > self.cap
    }

    /// The section: the tree, the steps, the solution path marked at the last step.
    pub fn section(
        mut self,
        title: &str,
        path_states: Option<Vec<S>>,
        counters: Vec<(String, String)>,
    ) -> Section {
        let k = self.steps.len();
        let last = match &path_states {
            Some(states) => {
                // The goal's node and its ancestors, as recorded.
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
                Step::new(format!(
                    "solved: a path of {} moves",
                    states.len().saturating_sub(1)
                ))
                .state(goal)
            }
            None => Step::new("stopped without a solution"),
        };
        self.tree.reveal = Some(k);
        self.steps.push(last.counters(format!(
            "frontier {}, closed {}, generated {}",
            self.open, self.closed, self.generated
        )));
        let mut section = Section::tree(title, &self.tree, self.steps)
            .counters(counters)
            .note(format!(
                "Each step expands one node (f = g + h under it); yellow: the frontier, blue: the closed set, orange: the node expanded, green: the solution found (drawn at step {k}), dashed: a state pruned (already seen, on the path or beyond the bound)."
            ));
        if self.truncated {
            section = section.note(format!(
                "The search went on beyond what is drawn: the page records the first {} nodes and expansions ({} expanded, {} generated in all) to stay readable.",
                self.cap, self.expanded, self.generated
            ));
        }
        section
    }
}

impl<S: Clone + Eq + Hash, A, FS: FnMut(&S) -> String, FA: FnMut(&A) -> String> Observer<S, A>
    for SearchRecorder<S, FS, FA>
{
    fn expand(&mut self, state: &S, g: f64, h: f64) {
        self.expanded += 1;
        self.last = None;
        if self.full() {
            self.truncated = true;
            self.current = None;
            return;
        }
        let k = self.steps.len();
        let text = (self.show_state)(state);
        let id = match self.ids.get(state) {
            Some(&id) => id,
            None => {
                self.tree.nodes.push(TreeNode {
                    parent: None,
                    label: text.clone(),
                    title: text.clone(),
                    shown: k,
                    ..TreeNode::default()
                });
                self.ids.insert(state.clone(), self.tree.nodes.len() - 1);
                self.tree.nodes.len() - 1
            }
        };
        let node = &mut self.tree.nodes[id];
        if node.done.is_none() {
            self.open = self.open.saturating_sub(1);
            self.closed += 1;
        }
        node.done = Some(k);
        node.value = format!("{}+{}={}", number(g), number(h), number(g + h));
        self.current = Some(id);
        self.steps.push(
            Step::new(format!(
                "expand #{}: f = {} (g = {}, h = {})  {text}",
                self.expanded,
                number(g + h),
                number(g),
                number(h)
            ))
            .counters(format!(
                "frontier {}, closed {}, generated {}",
                self.open, self.closed, self.generated
            ))
            .state(text),
        );
    }

    fn generate(&mut self, _parent: &S, action: &A, state: &S, g: f64, h: f64) {
        self.generated += 1;
        self.last = None;
        let Some(parent) = self.current else { return };
        if self.full() {
            self.truncated = true;
            return;
        }
        let text = (self.show_state)(state);
        self.tree.nodes.push(TreeNode {
            parent: Some(parent),
            label: text.clone(),
            value: format!("{}+{}={}", number(g), number(h), number(g + h)),
            title: format!(
                "{text}\ng = {}, h = {}, f = {}",
                number(g),
                number(h),
                number(g + h)
            ),
            edge: (self.show_action)(action),
            shown: self.steps.len() - 1,
            ..TreeNode::default()
        });
        let id = self.tree.nodes.len() - 1;
        let previous = self.ids.insert(state.clone(), id);
        self.last = Some((id, previous));
        self.open += 1;
        if let Some(step) = self.steps.last_mut() {
            step.counters = format!(
                "frontier {}, closed {}, generated {}",
                self.open, self.closed, self.generated
            );
        }
    }

    fn update(&mut self, state: &S, _old_g: f64, _new_g: f64) {
        // The new node (just generated) replaces the old one for this state.
        if let Some((id, Some(previous))) = self.last
            && self.ids.get(state) == Some(&id)
        {
            self.tree.nodes[previous].mark = Mark::Pruned;
        }
    }

    fn prune(&mut self, state: &S, _why: Prune) {
        if let Some((id, previous)) = self.last.take()
            && self.ids.get(state) == Some(&id)
        {
            self.tree.nodes[id].mark = Mark::Pruned;
            self.tree.nodes[id].value.clear();
            self.open = self.open.saturating_sub(1);
            match previous {
                Some(p) => self.ids.insert(state.clone(), p),
                None => self.ids.remove(state),
            };
            if let Some(step) = self.steps.last_mut() {
                step.counters = format!(
                    "frontier {}, closed {}, generated {}",
                    self.open, self.closed, self.generated
                );
            }
        }
    }

    fn iteration(&mut self, bound: f64) {
        self.ids.clear();
        self.current = None;
        self.last = None;
        self.open = 1;
        self.closed = 0;
        if !self.full() {
            self.steps
                .push(Step::new(format!("new iteration: bound {}", number(bound))));
        }
    }
}

/// Runs `algorithm` on `problem` with a recorder and returns its search section.
pub fn search_section<P, H>(
    problem: &P,
    heuristic: H,
    algorithm: Algorithm,
    algo: &AlgoArgs,
    limits: &LimitArgs,
    show_state: impl FnMut(&P::State) -> String,
    show_action: impl FnMut(&P::Action) -> String,
) -> (Section, Outcome<P::State, P::Action>)
where
    P: Problem,
    P::State: Clone + Eq + Hash,
    H: Heuristic<P::State, P::Action>,
{
    let mut recorder = SearchRecorder::new(show_state, show_action, DEFAULT_NODE_CAP);
    let outcome = Runner::new(problem)
        .heuristic(heuristic)
        .limits(limits.limits())
        .seed(algo.seed)
        .depth_limit(algo.depth_limit)
        .observer(&mut recorder)
        .run(algorithm);
    let counters = search_counters(
        outcome.path.as_ref().map(|p| p.len()),
        outcome.path.as_ref().map(|p| p.cost),
        &outcome.stats,
    );
    let states = outcome
        .path
        .as_ref()
        .map(|p| p.states().cloned().collect::<Vec<_>>());
    let section = recorder.section(&format!("The search: {algorithm}"), states, counters);
    (section, outcome)
}

// ---------------------------------------------------------------- taquin

use resolu_puzzles::sliding::heuristics::{HeuristicName, TileHeuristic};
use resolu_puzzles::sliding::{Cells, Move, SlidingPuzzle};

fn tile_frame(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    moved: Option<usize>,
    caption: String,
) -> Frame {
    let grid = puzzle.grid_of(tiles);
    let labels: Vec<&str> = grid
        .cells
        .iter()
        .map(|c| c.as_deref().unwrap_or(""))
        .collect();
    Frame::new(
        draw::tiles(puzzle.rows(), puzzle.cols(), &labels, moved),
        caption,
        grid.one_line(),
    )
}

/// The solution of a sliding-tile puzzle, move by move.
fn taquin_frames(puzzle: &SlidingPuzzle, moves: &[Move]) -> Section {
    let mut tiles = puzzle.start_tiles().to_vec();
    let mut frames = vec![tile_frame(puzzle, &tiles, None, "start".into())];
    for (i, m) in moves.iter().enumerate() {
        tiles.swap(m.from as usize, m.to as usize);
        let last = if i + 1 == moves.len() {
            " — solved"
        } else {
            ""
        };
        frames.push(tile_frame(
            puzzle,
            &tiles,
            Some(m.to as usize),
            format!("Move {}: {}{last}", i + 1, puzzle.label(m.tile)),
        ));
    }
    Section::frames("The solution, move by move", frames)
}

/// `resolu taquin --html FILE [--compare A,B]`.
pub fn taquin(
    html: &SearchHtml,
    puzzle: &SlidingPuzzle,
    algo: &AlgoArgs,
    limits: &LimitArgs,
    heuristic: HeuristicName,
) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let algorithms = html.algorithms(algo)?;
    let mut page = Page::new("resolu taquin").intro(format!(
        "Start {}, goal {}, heuristic {heuristic}.",
        puzzle.start_grid().one_line(),
        puzzle.goal_grid().one_line()
    ));
    if !puzzle.is_solvable() {
        let frames = vec![
            tile_frame(puzzle, puzzle.start_tiles(), None, "start".into()),
            tile_frame(
                puzzle,
                puzzle.goal_tiles(),
                None,
                "goal (unreachable)".into(),
            ),
        ];
        page = page.section(Section::frames("No solution exists", frames).note(
            "The start and the goal differ by a permutation of the wrong parity: no search is run.",
        ));
        return write_page(path, &page);
    }
    let mut searches = Vec::new();
    let mut solution = None;
    for algorithm in algorithms {
        let (section, moves) = match puzzle.cells() {
            n if n <= u64::MAX_CELLS => {
                taquin_search::<u64>(puzzle, algorithm, algo, limits, heuristic)
            }
            n if n <= u128::MAX_CELLS => {
                taquin_search::<u128>(puzzle, algorithm, algo, limits, heuristic)
            }
            _ => taquin_search::<Box<[u8]>>(puzzle, algorithm, algo, limits, heuristic),
        };
        if solution.is_none() {
            solution = moves;
        }
        searches.push(section);
    }
    if let Some(moves) = solution {
        page = page.section(taquin_frames(puzzle, &moves));
    }
    let compare = searches.len() > 1;
    let mut page = searches.into_iter().fold(page, Page::section);
    page.side_by_side = compare;
    write_page(path, &page)
}

fn taquin_search<C: Cells>(
    puzzle: &SlidingPuzzle,
    algorithm: Algorithm,
    algo: &AlgoArgs,
    limits: &LimitArgs,
    heuristic: HeuristicName,
) -> (Section, Option<Vec<Move>>) {
    let problem = puzzle.problem::<C>();
    let (section, outcome) = search_section(
        &problem,
        TileHeuristic::new(heuristic, puzzle),
        algorithm,
        algo,
        limits,
        |b| puzzle.grid(b).one_line(),
        |m: &Move| puzzle.label(m.tile).to_string(),
    );
    let moves = outcome.path.map(|p| p.actions().copied().collect());
    (section, moves)
}
