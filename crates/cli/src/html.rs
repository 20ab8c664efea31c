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
    #[arg(long, value_parser = crate::common::output_file, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// `--html FILE` and `--compare` of the search commands.
#[derive(Args, Clone, Debug, Default)]
pub struct SearchHtml {
    /// Write a step-through page to FILE: the solution move by move and the search itself
    /// (each expansion with f, g, h, the frontier and closed set, the search tree), one
    /// self-contained HTML file to open in a browser; ← → step, space plays.
    #[arg(long, value_parser = crate::common::output_file, value_name = "FILE")]
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
    crate::common::write_output(path, page.render().as_bytes())
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
                "Each step expands one node (f = g + h under it); yellow: the frontier, blue: the closed set, orange: the node expanded (thick) and the children it generated (thin), green: the solution found (drawn at step {k}), dashed: a state pruned (already seen, on the path or beyond the bound)."
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
        .weight(algo.weight)
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

use resolu_puzzles::sliding::heuristics::TileHeuristic;
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
    heuristic: &TileHeuristic,
) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let algorithms = html.algorithms(algo)?;
    let mut page = Page::new("resolu taquin").intro(format!(
        "Start {}, goal {}, heuristic {}.",
        puzzle.start_grid().one_line(),
        puzzle.goal_grid().one_line(),
        heuristic.name()
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
    heuristic: &TileHeuristic,
) -> (Section, Option<Vec<Move>>) {
    let problem = puzzle.problem::<C>();
    let (section, outcome) = search_section(
        &problem,
        heuristic.clone(),
        algorithm,
        algo,
        limits,
        |b| puzzle.grid(b).one_line(),
        |m: &Move| puzzle.label(m.tile).to_string(),
    );
    let moves = outcome.path.map(|p| p.actions().copied().collect());
    (section, moves)
}

// ---------------------------------------------------------------- backtracking

use resolu_search::backtrack::{self, Backtrack, BacktrackStats};
use resolu_view::draw::{Ground, WalkEvent, WalkStyle};

/// A backtracking problem watched: each choice made (with the square it takes, given by
/// `head`) and undone, up to `cap` events.
struct Watched<'a, B, F> {
    inner: &'a mut B,
    head: F,
    events: Vec<WalkEvent>,
    total: u64,
    cap: usize,
}

impl<'a, B, F> Watched<'a, B, F> {
    fn new(inner: &'a mut B, head: F) -> Self {
        Watched {
            inner,
            head,
            events: Vec::new(),
            total: 0,
            cap: DEFAULT_NODE_CAP,
        }
    }

    /// The events, and the total when the cap cut them.
    fn finish(self) -> (Vec<WalkEvent>, Option<u64>) {
        let cut = (self.total > self.events.len() as u64).then_some(self.total);
        (self.events, cut)
    }
}

impl<B: Backtrack, F: FnMut(&B) -> (usize, usize)> Backtrack for Watched<'_, B, F> {
    type Choice = B::Choice;
    fn is_complete(&self) -> bool {
        self.inner.is_complete()
    }
    fn candidates(&self, out: &mut Vec<B::Choice>) {
        self.inner.candidates(out)
    }
    fn promising(&self, choice: B::Choice) -> bool {
        self.inner.promising(choice)
    }
    fn apply(&mut self, choice: B::Choice) {
        self.inner.apply(choice);
        self.total += 1;
        if self.events.len() < self.cap {
            let (r, c) = (self.head)(self.inner);
            self.events.push(WalkEvent::Enter(r, c));
        }
    }
    fn undo(&mut self, choice: B::Choice) {
        self.inner.undo(choice);
        self.total += 1;
        if self.events.len() < self.cap {
            self.events.push(WalkEvent::Leave);
        }
    }
    fn frame_bytes(&self) -> usize {
        self.inner.frame_bytes()
    }
}

/// The counters of a backtracking run, named as the text output names them.
fn backtrack_counters(stats: &BacktrackStats) -> Vec<(String, String)> {
    vec![
        ("tries".into(), stats.tries.to_string()),
        ("backtracks".into(), stats.backtracks.to_string()),
        ("depth".into(), stats.max_depth.to_string()),
    ]
}

// ---------------------------------------------------------------- knight

use resolu_puzzles::knight::{KnightTour, TourOptions};

/// `resolu knight --html FILE`: the backtracking run (its first choices) and the tour
/// found, drawn as it grows (in chunks on large boards).
pub fn knight(html: &HtmlArg, opts: TourOptions, limits: &LimitArgs) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let mut tour = KnightTour::new(opts).map_err(|e| bad_input(e.to_string()))?;
    let mut watched = Watched::new(&mut tour, |t: &KnightTour| {
        t.path().last().copied().unwrap_or((0, 0))
    });
    let outcome = backtrack::first(&mut watched, limits.limits());
    let (events, cut) = watched.finish();
    let (rows, cols) = (opts.rows, opts.cols);
    let solved = outcome.reason == resolu_search::StopReason::Solved;
    let mut page = Page::new("resolu knight").intro(format!(
        "Knight's tour of {rows}x{cols} from ({}, {}), method {}{}.",
        opts.start.0,
        opts.start.1,
        opts.method.as_str(),
        if opts.closed { ", closed" } else { "" }
    ));
    if solved {
        page = page.section(
            draw::path_section(
                "The tour, move by move",
                rows,
                cols,
                Ground::Chess,
                &tour.path(),
                opts.closed,
            )
            .counters(backtrack_counters(&outcome.stats)),
        );
    }
    page = page.section(
        draw::walk_section(
            "The backtracking: each choice and each undo",
            rows,
            cols,
            Ground::Chess,
            WalkStyle::Path {
                start: opts.start,
                dead_ends: false,
            },
            &events,
            cut,
        )
        .counters(backtrack_counters(&outcome.stats)),
    );
    write_page(path, &page)
}

/// Whether a text output draws a `rows` x `cols` board: up to 20x20, or when asked
/// (`--show-board`); a 1000x1000 tour is a million numbers no terminal shows usefully.
pub fn show_board(rows: usize, cols: usize, asked: bool) -> bool {
    asked || rows * cols <= 400
}

// ---------------------------------------------------------------- queens

use resolu_puzzles::queens::Queens;

/// `resolu queens --html FILE`: the backtracking run, queen by queen, then the solution.
pub fn queens(html: &HtmlArg, n: usize, limits: &LimitArgs) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let mut queens = Queens::new(n).map_err(|e| bad_input(e.to_string()))?;
    let mut watched = Watched::new(&mut queens, |q: &Queens| {
        let cols = q.columns();
        (
            cols.len().saturating_sub(1),
            cols.last().map_or(0, |&c| c as usize),
        )
    });
    let outcome = backtrack::first(&mut watched, limits.limits());
    let (events, cut) = watched.finish();
    let mut page = Page::new("resolu queens").intro(format!(
        "{n} queens on {n}x{n}, one per row, columns tried from left to right."
    ));
    page = page.section(
        draw::walk_section(
            "The backtracking: each queen placed and removed",
            n,
            n,
            Ground::Chess,
            WalkStyle::Queens,
            &events,
            cut,
        )
        .counters(backtrack_counters(&outcome.stats)),
    );
    if outcome.reason == resolu_search::StopReason::Solved {
        let columns: Vec<usize> = queens.columns().iter().map(|&c| c as usize).collect();
        let frames: Vec<Frame> = (0..=columns.len().min(200))
            .map(|k| {
                let state = columns[..k]
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                Frame::new(
                    draw::queens(n, &columns[..k]),
                    if k == 0 {
                        "empty board".to_string()
                    } else {
                        format!("row {}: column {}", k - 1, columns[k - 1])
                    },
                    if state.is_empty() {
                        "empty".to_string()
                    } else {
                        state
                    },
                )
            })
            .collect();
        let mut section = Section::frames("The solution, row by row", frames)
            .counters(backtrack_counters(&outcome.stats));
        if columns.len() > 200 {
            section = section.note("The first 200 rows are shown one by one.");
        }
        page = page.section(section);
    }
    write_page(path, &page)
}

// ---------------------------------------------------------------- maze

use resolu_puzzles::maze::{Maze, MazeWalk};

/// `resolu maze --html FILE`: the backtracking walk (dead ends marked) or the search tree,
/// then the path found.
pub fn maze(html: &HtmlArg, maze: &Maze, algo: &str, limits: &LimitArgs) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let (rows, cols) = (maze.rows(), maze.cols());
    let walls: Vec<Vec<bool>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| !maze.is_free(r as i64, c as i64))
                .collect()
        })
        .collect();
    let mut page =
        Page::new("resolu maze").intro(format!("A {rows}x{cols} maze, solved by {algo}."));
    let found;
    if algo == "backtrack" {
        let mut walk = MazeWalk::new(maze);
        let mut watched = Watched::new(&mut walk, |w: &MazeWalk| {
            w.path().last().copied().unwrap_or((0, 0))
        });
        let outcome = backtrack::first(&mut watched, limits.limits());
        let (events, cut) = watched.finish();
        found = (outcome.reason == resolu_search::StopReason::Solved).then(|| walk.path());
        page = page.section(
            draw::walk_section(
                "The backtracking walk: east, south, west, north in turn",
                rows,
                cols,
                Ground::Maze(&walls),
                WalkStyle::Path {
                    start: maze.start(),
                    dead_ends: true,
                },
                &events,
                cut,
            )
            .counters(backtrack_counters(&outcome.stats)),
        );
    } else {
        let problem = maze.problem();
        let algorithm = if algo == "bfs" {
            Algorithm::Bfs
        } else {
            Algorithm::Astar
        };
        let args = AlgoArgs {
            algo: algo.into(),
            weight: 2.0,
            depth_limit: None,
            seed: 0,
        };
        let (section, outcome) = search_section(
            &problem,
            problem.manhattan(),
            algorithm,
            &args,
            limits,
            |s: &u32| {
                let (r, c) = problem.square(*s);
                format!("({r}, {c})")
            },
            |_| String::new(),
        );
        found = outcome
            .path
            .as_ref()
            .map(|p| p.states().map(|&s| problem.square(s)).collect());
        page = page.section(section);
    }
    if let Some(found) = found {
        let section = draw::path_section(
            "The path found",
            rows,
            cols,
            Ground::Maze(&walls),
            &found,
            false,
        );
        page.sections.insert(0, section);
    }
    write_page(path, &page)
}

// ---------------------------------------------------------------- graph

use resolu_puzzles::graph::Graph;

/// `resolu graph --html FILE [--compare A,B]`: the path on the graph, then the search(es).
pub fn graph(
    html: &SearchHtml,
    graph: &Graph,
    algo: &AlgoArgs,
    limits: &LimitArgs,
    zero_h: bool,
) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let names: Vec<String> = (0..graph.len() as u32)
        .map(|i| graph.name(i).to_string())
        .collect();
    let mut edges = Vec::new();
    let mut out = Vec::new();
    for a in 0..graph.len() as u32 {
        out.clear();
        graph.successors(&a, &mut out);
        for s in &out {
            let b = s.state;
            if !edges.iter().any(|&(x, y, _): &(usize, usize, String)| {
                (x, y) == (b as usize, a as usize) || (x, y) == (a as usize, b as usize)
            }) {
                edges.push((
                    a as usize,
                    b as usize,
                    format!("{} – {}: {}", graph.name(a), graph.name(b), number(s.cost)),
                ));
            }
        }
    }
    let file_h = graph.file_heuristic();
    let h = |s: &u32| if zero_h { 0.0 } else { file_h(s) };
    let mut page =
        Page::new("resolu graph").intro(format!("{} nodes, {} edges.", names.len(), edges.len()));
    let mut searches = Vec::new();
    let mut solution: Option<Vec<u32>> = None;
    for algorithm in html.algorithms(algo)? {
        let (section, outcome) = search_section(
            graph,
            h,
            algorithm,
            algo,
            limits,
            |s: &u32| graph.name(*s).to_string(),
            |_| String::new(),
        );
        if solution.is_none() {
            solution = outcome.path.map(|p| p.states().copied().collect());
        }
        searches.push(section);
    }
    if let Some(states) = solution {
        let ids: Vec<usize> = states.iter().map(|&s| s as usize).collect();
        let frames = (1..=ids.len())
            .map(|k| {
                let caption = if k == 1 {
                    format!("start: {}", names[ids[0]])
                } else {
                    format!("step {}: to {}", k - 1, names[ids[k - 1]])
                };
                Frame::new(
                    draw::graph(&names, &edges, &ids[..k]),
                    caption,
                    names[ids[k - 1]].clone(),
                )
            })
            .collect();
        page = page.section(Section::frames("The path found", frames));
    }
    let compare = searches.len() > 1;
    let mut page = searches.into_iter().fold(page, Page::section);
    page.side_by_side = compare;
    write_page(path, &page)
}

// ---------------------------------------------------------------- hanoi

use resolu_puzzles::hanoi::{DisksOffGoal, Hanoi, HanoiMove, Pegs};

/// The most frames a Hanoi page draws; beyond, moves are sampled (the page says so).
const MAX_HANOI_FRAMES: usize = 1000;

/// The moves of a Hanoi solution, frame by frame (`rules`: the rule fired for each move).
pub fn hanoi_section(hanoi: &Hanoi, moves: &[HanoiMove], rules: Option<&[String]>) -> Section {
    let every = moves.len().div_ceil(MAX_HANOI_FRAMES).max(1);
    let mut state: Pegs = resolu_search::Problem::start(hanoi);
    let frame = |s: Pegs, caption: String| {
        Frame::new(
            draw::hanoi(&hanoi.stacks(s), hanoi.disks()),
            caption,
            hanoi.one_line(s),
        )
    };
    let mut frames = vec![frame(state, "start".into())];
    for (i, &m) in moves.iter().enumerate() {
        state = hanoi.apply(state, m);
        if (i + 1) % every == 0 || i + 1 == moves.len() {
            let by = rules
                .and_then(|r| r.get(i))
                .map(|r| format!(" (rule {r})"))
                .unwrap_or_default();
            frames.push(frame(state, format!("Move {}: {m}{by}", i + 1)));
        }
    }
    let mut section = Section::frames("The moves", frames).counters([("moves", moves.len())]);
    if every > 1 {
        section = section.note(format!("{} moves: every {every}th is drawn.", moves.len()));
    }
    section
}

/// `resolu hanoi --html FILE` for the rules and the recursion: the moves drawn.
pub fn hanoi_moves(
    html: &HtmlArg,
    hanoi: &Hanoi,
    moves: &[HanoiMove],
    rules: Option<&[String]>,
    how: &str,
) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let page = Page::new("resolu hanoi")
        .intro(format!(
            "{} disks on {} pegs, solved by {how}.",
            hanoi.disks(),
            hanoi.pegs()
        ))
        .section(hanoi_section(hanoi, moves, rules));
    write_page(path, &page)
}

/// `resolu hanoi --method optimal --html FILE`: the recursion's moves drawn.
pub fn hanoi_optimal(html: &HtmlArg, hanoi: &Hanoi) -> Result<(), CliError> {
    if html.html.is_none() {
        return Ok(());
    }
    let moves: Vec<HanoiMove> = resolu_puzzles::hanoi::OptimalMoves::new(hanoi).collect();
    hanoi_moves(html, hanoi, &moves, None, "the recursion")
}

/// `resolu hanoi --method ALGO --html FILE`: the moves and the search tree.
pub fn hanoi_search(
    html: &HtmlArg,
    hanoi: &Hanoi,
    algorithm: Algorithm,
    seed: u64,
    limits: &LimitArgs,
) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let args = AlgoArgs {
        algo: algorithm.name().into(),
        weight: 2.0,
        depth_limit: None,
        seed,
    };
    let (section, outcome) = search_section(
        hanoi,
        DisksOffGoal::new(hanoi),
        algorithm,
        &args,
        limits,
        |s: &Pegs| hanoi.one_line(*s),
        |m: &HanoiMove| format!("{}→{}", m.from, m.to),
    );
    let mut page = Page::new("resolu hanoi").intro(format!(
        "{} disks on {} pegs, searched by {algorithm}.",
        hanoi.disks(),
        hanoi.pegs()
    ));
    if let Some(p) = &outcome.path {
        let moves: Vec<HanoiMove> = p.actions().copied().collect();
        page = page.section(hanoi_section(hanoi, &moves, None));
    }
    write_page(path, &page.section(section))
}

// ---------------------------------------------------------------- games

use resolu_games::{Game, Player, Value};

/// The most nodes a game-tree traversal visits for a page; a bigger tree is not drawn.
const MAX_GAME_NODES: u64 = 3_000_000;

/// One frame of the explicit stack of the instrumented minimax / alpha-beta.
struct GameFrame<G: Game> {
    state: G::State,
    moves: Vec<G::Move>,
    next: usize,
    best: i8,
    alpha: i8,
    beta: i8,
    node: Option<usize>,
}

/// A game tree recorded by our own small negamax (with alpha-beta when `prune`), on an
/// explicit stack over the games crate's `Game` trait: each node visited in order, its
/// value once known (for player 1: +1 a win, -1 a loss, 0 a draw), the moves alpha-beta
/// did not need drawn dashed. Returns the section, the root's value for the player to
/// move, and the principal variation; `None` when the tree has more than
/// `MAX_GAME_NODES` nodes.
fn game_tree<G: Game>(
    game: &G,
    start: &G::State,
    prune: bool,
    show_state: &dyn Fn(&G::State) -> String,
    show_move: &dyn Fn(&G::Move) -> String,
) -> Option<(Section, i8, Vec<G::Move>)> {
    let mut tree = Tree::default();
    let mut steps = vec![Step::new("start")];
    let mut visited = 0u64;
    let mut cut_offs = 0u64;
    let for_p1 = |state: &G::State, v: i8| {
        if game.to_move(state) == Player::One {
            v
        } else {
            -v
        }
    };
    let value_text = |v: i8| match v {
        1 => "+1".to_string(),
        v => v.to_string(),
    };
    let cap = DEFAULT_NODE_CAP;
    let new_node = |tree: &mut Tree,
                    steps: &mut Vec<Step>,
                    parent: Option<usize>,
                    state: &G::State,
                    edge: String| {
        if tree.nodes.len() >= cap || steps.len() >= 2 * cap {
            return None;
        }
        let text = show_state(state);
        tree.nodes.push(TreeNode {
            parent,
            label: text.clone(),
            title: format!("{text}, {} to move", game.to_move(state).number()),
            edge,
            shown: steps.len(),
            ..TreeNode::default()
        });
        steps.push(Step::new(format!("visit {text}")).state(text));
        Some(tree.nodes.len() - 1)
    };
    let frame = |state: G::State, node: Option<usize>, alpha: i8, beta: i8| {
        let mut moves = Vec::new();
        game.moves(&state, &mut moves);
        GameFrame::<G> {
            state,
            moves,
            next: 0,
            best: -2,
            alpha,
            beta,
            node,
        }
    };
    let root = new_node(&mut tree, &mut steps, None, start, String::new());
    let mut stack = vec![frame(start.clone(), root, -2, 2)];
    // The value just computed for the frame popped, for its parent.
    let mut returned: Option<i8> = None;
    let mut root_best = 0usize;
    let mut root_value = 0i8;
    while !stack.is_empty() {
        let depth = stack.len();
        let top = stack.last_mut()?;
        if let Some(v) = returned.take() {
            let child_value = -v;
            if child_value > top.best {
                top.best = child_value;
                if depth == 1 {
                    root_best = top.next - 1;
                }
            }
            if prune {
                top.alpha = top.alpha.max(top.best);
            }
        }
        let top = stack.last_mut()?;
        let terminal = game.result(&top.state);
        let done =
            terminal.is_some() || top.next >= top.moves.len() || (prune && top.alpha >= top.beta);
        if done {
            let frame = stack.pop()?;
            let value = match terminal {
                Some(outcome) => Value::of_result(outcome, game.to_move(&frame.state)).score(),
                None => frame.best,
            };
            if let Some(id) = frame.node {
                if frame.next < frame.moves.len() && terminal.is_none() {
                    cut_offs += 1;
                    // The moves alpha-beta did not need to look at.
                    for mv in &frame.moves[frame.next..] {
                        if tree.nodes.len() < cap {
                            tree.nodes.push(TreeNode {
                                parent: Some(id),
                                label: "pruned".into(),
                                title: "not examined: the value cannot change the choice above"
                                    .into(),
                                edge: show_move(mv),
                                shown: steps.len(),
                                mark: Mark::Pruned,
                                ..TreeNode::default()
                            });
                        }
                    }
                }
                if steps.len() < 2 * cap {
                    let v1 = for_p1(&frame.state, value);
                    tree.nodes[id].done = Some(steps.len());
                    tree.nodes[id].value = value_text(v1);
                    let text = show_state(&frame.state);
                    let cut = if frame.next < frame.moves.len() && terminal.is_none() {
                        format!(
                            " (cut-off: {} moves pruned)",
                            frame.moves.len() - frame.next
                        )
                    } else {
                        String::new()
                    };
                    steps.push(
                        Step::new(format!(
                            "value of {text}: {} for player 1{cut}",
                            value_text(v1)
                        ))
                        .state(text),
                    );
                }
            }
            if stack.is_empty() {
                root_value = value;
            }
            returned = Some(value);
            continue;
        }
        let mv = top.moves[top.next].clone();
        top.next += 1;
        let child = game.play(&top.state, &mv);
        let (alpha, beta) = (-top.beta, -top.alpha);
        let parent = top.node;
        visited += 1;
        if visited > MAX_GAME_NODES {
            return None;
        }
        let node =
            parent.and_then(|p| new_node(&mut tree, &mut steps, Some(p), &child, show_move(&mv)));
        stack.push(frame(child, node, alpha, beta));
    }
    // The principal variation: the best move from each node, replayed from the start.
    let mut pv = Vec::new();
    let mut state = start.clone();
    let mut first = true;
    loop {
        let mut moves = Vec::new();
        game.moves(&state, &mut moves);
        if game.result(&state).is_some() || moves.is_empty() {
            break;
        }
        let index = if first {
            root_best
        } else {
            best_reply(game, &state, &moves)
        };
        first = false;
        let mv = moves[index].clone();
        state = game.play(&state, &mv);
        pv.push(mv);
    }
    let nodes = tree.nodes.len();
    tree.reveal = None;
    let title = if prune { "Alpha-beta" } else { "Minimax" };
    let mut section = Section::tree(title, &tree, steps)
        .counters([
            ("nodes visited".to_string(), (visited + 1).to_string()),
            ("cut-offs".to_string(), cut_offs.to_string()),
        ])
        .note("Each node is a position (the player to move in the tooltip); its value, shown once known, is for player 1: +1 a win, 0 a draw, -1 a loss. Dashed: moves alpha-beta did not examine.");
    if nodes >= cap || visited + 1 > cap as u64 {
        section = section.note(format!(
            "The tree has {} nodes: the page draws the first {cap} visited; the counters are the whole traversal's.",
            visited + 1
        ));
    }
    Some((section, root_value, pv))
}

/// The index of the best move in `state` by plain negamax (memoised on the state), used to
/// replay the principal variation after the root.
fn best_reply<G: Game>(game: &G, state: &G::State, moves: &[G::Move]) -> usize {
    let mut memo: HashMap<G::State, i8> = HashMap::new();
    let mut best = (i8::MIN, 0);
    for (i, mv) in moves.iter().enumerate() {
        let v = -negamax_memo(game, &game.play(state, mv), &mut memo);
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// A frame of [`negamax_memo`]: the state, its moves, the next move, the best value so far.
type MemoFrame<G> = (<G as Game>::State, Vec<<G as Game>::Move>, usize, i8);

/// Draws a game state, the move that led to it highlighted.
type GamePicture<'a, G> =
    &'a dyn Fn(&<G as Game>::State, Option<&<G as Game>::Move>) -> resolu_view::Svg;

/// Negamax with a memo on an explicit stack (no recursion).
fn negamax_memo<G: Game>(game: &G, start: &G::State, memo: &mut HashMap<G::State, i8>) -> i8 {
    let mut stack: Vec<MemoFrame<G>> = Vec::new();
    let push = |s: G::State, stack: &mut Vec<MemoFrame<G>>| {
        let mut moves = Vec::new();
        game.moves(&s, &mut moves);
        stack.push((s, moves, 0, i8::MIN));
    };
    push(start.clone(), &mut stack);
    let mut returned: Option<i8> = None;
    while let Some(top) = stack.last_mut() {
        if let Some(v) = returned.take() {
            top.3 = top.3.max(-v);
        }
        if let Some(&v) = memo.get(&top.0) {
            stack.pop();
            returned = Some(v);
            continue;
        }
        if let Some(outcome) = game.result(&top.0) {
            let v = Value::of_result(outcome, game.to_move(&top.0)).score();
            let Some((s, ..)) = stack.pop() else { break };
            memo.insert(s, v);
            returned = Some(v);
            continue;
        }
        if top.2 >= top.1.len() {
            let Some((s, _, _, best)) = stack.pop() else {
                break;
            };
            let v = if best == i8::MIN { 0 } else { best };
            memo.insert(s, v);
            returned = Some(v);
            continue;
        }
        let mv = top.1[top.2].clone();
        top.2 += 1;
        let child = game.play(&top.0, &mv);
        push(child, &mut stack);
    }
    returned.unwrap_or(0)
}

/// A game page: the principal variation drawn, then the minimax and alpha-beta trees.
fn game_page<G: Game>(
    title: &str,
    intro: String,
    game: &G,
    start: &G::State,
    show_state: &dyn Fn(&G::State) -> String,
    show_move: &dyn Fn(&G::Move) -> String,
    picture: GamePicture<'_, G>,
) -> Page {
    let mut page = Page::new(title).intro(intro);
    let Some((minimax, value, pv)) = game_tree(game, start, false, show_state, show_move) else {
        return page.intro(format!(
            "The game tree from this position has more than {MAX_GAME_NODES} nodes: too big to draw here; start from a later position."
        ));
    };
    let mut frames = vec![Frame::new(
        picture(start, None),
        format!("start: {}", show_state(start)),
        show_state(start),
    )];
    let mut state = start.clone();
    for (i, mv) in pv.iter().enumerate() {
        state = game.play(&state, mv);
        frames.push(Frame::new(
            picture(&state, Some(mv)),
            format!("Move {}: {}", i + 1, show_move(mv)),
            show_state(&state),
        ));
    }
    let verdict = match value {
        1 => "the player to move wins",
        -1 => "the player to move loses",
        _ => "a draw",
    };
    page = page.section(
        Section::frames(format!("Perfect play: {verdict}"), frames).note(
            "Each player picks the move of best value (the first in move order among equals).",
        ),
    );
    page = page.section(minimax);
    if let Some((alphabeta, _, _)) = game_tree(game, start, true, show_state, show_move) {
        page = page.section(alphabeta);
    }
    page
}

use resolu_games::matches::{Matches, Position, Take};
use resolu_games::tictactoe::{Board, TicTacToe};

/// `resolu matches --html FILE`.
pub fn matches(html: &Option<PathBuf>, game: &Matches, start: &Position) -> Result<(), CliError> {
    let Some(path) = html else { return Ok(()) };
    let several = start.heaps.len() > 1;
    let show_move = |t: &Take| {
        if several {
            format!("heap {}: take {}", t.heap + 1, t.count)
        } else {
            format!("take {}", t.count)
        }
    };
    let page = game_page(
        "resolu matches",
        format!("Start {start}: a state is (matches left, player to move)."),
        game,
        start,
        &|p: &Position| p.to_string(),
        &show_move,
        &|p: &Position, _| draw::matches(&p.heaps),
    );
    write_page(path, &page)
}

/// `resolu tictactoe --html FILE`.
pub fn tictactoe(html: &Option<PathBuf>, start: Board) -> Result<(), CliError> {
    let Some(path) = html else { return Ok(()) };
    let cells = |b: &Board| -> Vec<char> {
        (0..9)
            .map(|i| match b.cell(i) {
                Some(Player::One) => 'x',
                Some(Player::Two) => 'o',
                None => '.',
            })
            .collect()
    };
    let page = game_page(
        "resolu tictactoe",
        format!("Start {start}; X is player 1."),
        &TicTacToe,
        &start,
        &|b: &Board| b.to_string(),
        &|m: &u8| format!("({}, {})", m / 3 + 1, m % 3 + 1),
        &|b: &Board, m: Option<&u8>| draw::tictactoe(&cells(b), m.map(|&m| m as usize)),
    );
    write_page(path, &page)
}

// ---------------------------------------------------------------- prove

use resolu_logic::{Database, Options, ReadTerm, Term, TraceEvent, writeq};

/// The most answers a prove page shows.
const MAX_PAGE_ANSWERS: usize = 20;

/// Records the port trace of the prover as a tree: each call a node under the goal that
/// called it, done at its exit (✓) or failure (✗); a redo is a step of its own.
#[derive(Default)]
struct ProofRecorder {
    tree: Tree,
    steps: Vec<Step>,
    at_depth: HashMap<usize, usize>,
    open: Vec<usize>,
    events: u64,
    calls: u64,
}

impl ProofRecorder {
    fn full(&self) -> bool {
        self.tree.nodes.len() >= DEFAULT_NODE_CAP || self.steps.len() >= 2 * DEFAULT_NODE_CAP
    }

    fn event(&mut self, e: &TraceEvent) {
        self.events += 1;
        if matches!(e, TraceEvent::Call { .. }) {
            self.calls += 1;
        }
        if self.full() {
            return;
        }
        let k = self.steps.len();
        match e {
            TraceEvent::Call { depth, goal } => {
                let text = writeq(goal);
                self.open.truncate(*depth);
                let parent = self.open.last().copied();
                self.tree.nodes.push(TreeNode {
                    parent,
                    label: text.clone(),
                    title: format!("call {text} (depth {depth})"),
                    shown: k,
                    ..TreeNode::default()
                });
                let id = self.tree.nodes.len() - 1;
                self.open.push(id);
                self.at_depth.insert(*depth, id);
                self.steps
                    .push(Step::new(format!("call {text}")).state(text));
            }
            TraceEvent::Exit { depth, goal } | TraceEvent::Fail { depth, goal } => {
                let exit = matches!(e, TraceEvent::Exit { .. });
                let text = writeq(goal);
                if let Some(&id) = self.at_depth.get(depth) {
                    let node = &mut self.tree.nodes[id];
                    node.done = Some(k);
                    node.value = if exit {
                        "✓ exit".into()
                    } else {
                        "✗ fail".into()
                    };
                    if exit {
                        node.title = format!("{text}: proved");
                    } else {
                        node.mark = Mark::Failed;
                    }
                }
                let port = if exit { "exit" } else { "fail" };
                self.steps
                    .push(Step::new(format!("{port} {text}")).state(format!("{port} {text}")));
            }
            TraceEvent::Redo { goal, .. } => {
                let text = writeq(goal);
                self.steps.push(
                    Step::new(format!("redo {text}: backtrack for another solution"))
                        .state(format!("redo {text}")),
                );
            }
            TraceEvent::Step { goals, clause, .. } => {
                let goals: Vec<String> = goals.iter().map(writeq).collect();
                self.steps.push(Step::new(format!(
                    "prove {} using {}",
                    goals.join(", "),
                    writeq(clause)
                )));
            }
            TraceEvent::NoClause { goal, .. } | TraceEvent::Unknown { goal, .. } => {
                self.steps.push(Step::new(format!(
                    "no clause for {}: backtrack",
                    writeq(goal)
                )));
            }
        }
    }
}

/// `resolu prove FILE QUERY --html FILE`: the search for proofs (calls, exits, failures and
/// redos as a tree), then each answer's proof tree. The query is run again on a database
/// loaded from the same text, so the command's own run is untouched.
pub fn prove(
    html: &HtmlArg,
    db: &mut Database,
    query: &ReadTerm,
    text: &str,
    mut options: Options,
    limit: Option<usize>,
) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    options.ports = true;
    options.explain = true;
    // The page records at most DEFAULT_NODE_CAP calls; a bound keeps a runaway program from
    // running forever for a page no one could read.
    options.max_inferences = Some(options.max_inferences.unwrap_or(1_000_000).min(1_000_000));
    let recorder = std::rc::Rc::new(std::cell::RefCell::new(ProofRecorder::default()));
    recorder.borrow_mut().steps.push(Step::new("start"));
    let mut answers = Vec::new();
    let mut stopped = None;
    {
        let mut sols = db.solve(query, options);
        let sink = recorder.clone();
        sols.set_observer(Box::new(move |e: &TraceEvent| sink.borrow_mut().event(e)));
        let most = limit.unwrap_or(MAX_PAGE_ANSWERS).min(MAX_PAGE_ANSWERS);
        while answers.len() < most {
            match sols.next() {
                None => break,
                Some(Ok(a)) => {
                    let mut r = recorder.borrow_mut();
                    let shown: Vec<String> = a
                        .bindings
                        .iter()
                        .map(|(n, v)| format!("{n} = {}", writeq(v)))
                        .collect();
                    let shown = if shown.is_empty() {
                        "true".to_string()
                    } else {
                        shown.join(", ")
                    };
                    if !r.full() {
                        r.steps.push(
                            Step::new(format!("answer {}: {shown}", answers.len() + 1))
                                .state(shown.clone()),
                        );
                    }
                    answers.push((shown, a));
                }
                Some(Err(e)) => {
                    stopped = Some(e.to_string());
                    break;
                }
            }
        }
    }
    let recorder = std::rc::Rc::try_unwrap(recorder)
        .map_err(|_| bad_input("internal: the trace is still shared"))?
        .into_inner();
    let ProofRecorder {
        tree,
        mut steps,
        events,
        calls,
        ..
    } = recorder;
    let verdict = if answers.is_empty() {
        "false.".to_string()
    } else {
        format!("{} answer(s)", answers.len())
    };
    steps.push(
        Step::new(format!("end: {verdict}"))
            .state(answers.first().map_or("false".to_string(), |a| a.0.clone())),
    );
    let mut page = Page::new("resolu prove").intro(format!("Query: {}", text.trim()));
    let mut search = Section::tree("The search for proofs: calls, exits, failures, redos", &tree, steps)
        .counters([("calls", calls), ("trace events", events), ("answers", answers.len() as u64)])
        .note("Each call is a node under the goal that called it; ✓ when it exits (proved), ✗ when it fails; a redo goes back to a goal for another solution (backtracking).");
    if tree.nodes.len() >= DEFAULT_NODE_CAP {
        search = search.note(format!(
            "The page records the first {DEFAULT_NODE_CAP} calls; the counters are the whole run's."
        ));
    }
    if let Some(e) = stopped {
        search = search.note(format!("The run stopped: {e}."));
    }
    page = page.section(search);
    for (i, (shown, answer)) in answers.iter().enumerate().take(5) {
        let Some(proof) = &answer.proof else { continue };
        let mut tree = Tree::default();
        let mut at: Vec<usize> = Vec::new();
        let mut steps = Vec::new();
        for (k, node) in proof.nodes.iter().enumerate().take(DEFAULT_NODE_CAP) {
            at.truncate(node.depth);
            let how = match &node.clause {
                Some(c) if c.functor().is_some_and(|(f, n)| f.name() == ":-" && n == 2) => {
                    writeq(c)
                }
                Some(_) => "fact".to_string(),
                None => "built-in".to_string(),
            };
            let goal = writeq(&node.goal);
            tree.nodes.push(TreeNode {
                parent: at.last().copied(),
                label: goal.clone(),
                value: if how.len() > 14 {
                    "rule".into()
                } else {
                    how.clone()
                },
                title: format!("{goal}\nby {how}"),
                shown: k,
                done: Some(k),
                mark: Mark::Solution,
                ..TreeNode::default()
            });
            at.push(tree.nodes.len() - 1);
            steps.push(Step::new(format!("{goal}  [{how}]")).state(goal));
        }
        page = page.section(Section::tree(
            format!("Proof tree of answer {}: {shown}", i + 1),
            &tree,
            steps,
        ));
    }
    write_page(path, &page)
}

// ---------------------------------------------------------------- rules

use resolu_rules::{Engine, RuleBase, Strategy};

/// `resolu rules FILE --html FILE`: each cycle's conflict set, the rule fired and the facts
/// added and removed, over the working memory drawn as a list that grows and shrinks. The
/// base is read again from `text` with the command's initial facts, so the command's own
/// run is untouched.
pub fn rules(
    html: &HtmlArg,
    text: &str,
    facts: &[Term],
    strategy: Strategy,
    max_cycles: u64,
) -> Result<(), CliError> {
    let Some(path) = &html.html else {
        return Ok(());
    };
    let mut base = RuleBase::parse(text).map_err(|e| bad_input(e.to_string()))?;
    base.facts = facts.to_vec();
    let mut engine = Engine::new(base, strategy).map_err(|e| bad_input(e.to_string()))?;
    engine.set_max_cycles(Some(max_cycles.min(DEFAULT_NODE_CAP as u64)));
    // (text, appears at, removed at)
    let mut lines: Vec<(String, usize, Option<usize>)> = Vec::new();
    for f in facts {
        let t = writeq(f);
        if !lines.iter().any(|l| l.0 == t) {
            lines.push((t, 0, None));
        }
    }
    let mut steps = vec![
        Step::new(format!("initial working memory: {} facts", lines.len()))
            .counters(format!("facts {}", lines.len())),
    ];
    let stop = loop {
        let step = engine.step().map_err(|e| bad_input(e.to_string()))?;
        let cycle = match step {
            resolu_rules::Step::Stopped(stop) => break stop,
            resolu_rules::Step::Fired(cycle) => cycle,
        };
        let k = steps.len();
        for f in &cycle.removed {
            let t = writeq(f);
            if let Some(l) = lines.iter_mut().find(|l| l.0 == t && l.2.is_none()) {
                l.2 = Some(k);
            }
        }
        for f in &cycle.added {
            lines.push((writeq(f), k, None));
        }
        let set: Vec<String> = cycle.conflict_set.iter().map(|i| i.to_string()).collect();
        let mut change: Vec<String> = cycle
            .removed
            .iter()
            .map(|f| format!("− {}", writeq(f)))
            .collect();
        change.extend(cycle.added.iter().map(|f| format!("+ {}", writeq(f))));
        let live = lines.iter().filter(|l| l.2.is_none()).count();
        steps.push(
            Step::new(format!(
                "Cycle {}: fires {}   {}",
                cycle.number,
                cycle.fired(),
                change.join("  ")
            ))
            .counters(format!(
                "conflict set ({}): {}; facts {live}",
                set.len(),
                set.join("; ")
            ))
            .state(cycle.fired().name.clone()),
        );
    };
    steps.push(Step::new(format!("stop: {}", stop.as_str())).state(stop.as_str()));
    let row = 18.0;
    let mut body = String::new();
    for (i, (t, s, x)) in lines.iter().enumerate() {
        let hide = x.map(|x| format!(" data-x=\"{x}\"")).unwrap_or_default();
        body.push_str(&format!(
            "<text class=\"fact\" data-s=\"{s}\"{hide} x=\"8\" y=\"{}\">{}</text>",
            number(14.0 + i as f64 * row),
            resolu_view::escape(t)
        ));
    }
    let width = 16.0
        + 7.5
            * lines
                .iter()
                .map(|l| l.0.chars().count())
                .max()
                .unwrap_or(10) as f64;
    let scene = resolu_view::Svg {
        width: width.max(200.0),
        height: 20.0 + lines.len() as f64 * row,
        body,
    };
    let cycles = steps.len() - 2;
    let section = Section::scene("The cycles: conflict set, rule fired, facts added and removed", scene, steps)
        .with_log(true)
        .counters([("cycles", cycles.to_string()), ("stop", stop.as_str().to_string())])
        .note("The picture is the working memory: a fact appears in the cycle that adds it (highlighted) and disappears in the cycle that removes it. The counters line lists the conflict set in the strategy's order; the first fires.");
    let page = Page::new("resolu rules")
        .intro(format!("Strategy {strategy}."))
        .section(section);
    write_page(path, &page)
}

// ---------------------------------------------------------------- experiment

/// `resolu experiment`: `report.html` beside `report.md`, the same report with its SVG plots
/// inline, so that one file opens in a browser.
pub fn experiment_report(out: &Path, report: &str) -> Result<(), CliError> {
    let image = |file: &str| -> Option<String> {
        // Only plots written beside the report are inlined.
        if file.contains('/') || file.contains("..") {
            return None;
        }
        std::fs::read_to_string(out.join(file)).ok()
    };
    let html = resolu_view::report::markdown_page("resolu experiment: report", report, &image);
    let path = out.join("report.html");
    crate::common::write_output(&path, html.as_bytes())
}
