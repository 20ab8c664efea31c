//! Solving a puzzle in one call: the board packing that fits the size is chosen here, so
//! that callers (the CLI, the lab) neither repeat that choice nor see the packed states.

use super::heuristics::{HeuristicName, TileHeuristic};
use super::pdb::PatternDatabase;
use super::{Board, Cells, Move, SlidingProblem, SlidingPuzzle};
use resolu_search::{
    Algorithm, InPlaceHeuristic, Limits, NoObserver, Observer, Outcome, Prune, Runner, Stats,
    StopReason, ZeroHeuristic,
};
use std::sync::Arc;

/// How [`SlidingPuzzle::solve`] searches: the algorithm, the heuristic and the run's
/// settings.
#[derive(Clone, Debug)]
pub struct SolveSettings {
    /// The search algorithm.
    pub algorithm: Algorithm,
    /// The heuristic (ignored by the uninformed algorithms). `Pdb` takes its tables from
    /// [`pdb`](Self::pdb).
    pub heuristic: HeuristicName,
    /// The pattern database of heuristic `Pdb`, built or read by the caller (shared, not
    /// copied). When there is none, or it was made for another size or goal, the best one
    /// is built in memory for the run ([`PatternDatabase::best_in_memory`]) within the
    /// limits' memory budget; a budget too small for it stops the run at the memory limit.
    pub pdb: Option<Arc<PatternDatabase>>,
    /// The limits that may stop the search.
    pub limits: Limits,
    /// The weight of weighted A* (f = g + weight · h).
    pub weight: f64,
    /// The seed of the random algorithms.
    pub seed: u64,
    /// The depth limit of depth-first search.
    pub depth_limit: Option<usize>,
    /// The threads IDA* may use (0 or 1: one; at most the cores available); the other
    /// algorithms use one.
    pub threads: usize,
}

impl SolveSettings {
    /// `algorithm` with `heuristic`, the given limits, the default weight
    /// ([`resolu_search::DEFAULT_WEIGHT`]), seed 0 and no depth limit.
    pub fn new(algorithm: Algorithm, heuristic: HeuristicName, limits: Limits) -> Self {
        SolveSettings {
            algorithm,
            heuristic,
            limits,
            weight: resolu_search::DEFAULT_WEIGHT,
            seed: 0,
            depth_limit: None,
            threads: 1,
            pdb: None,
        }
    }
}

impl SlidingPuzzle {
    /// Searches from the start to the goal with the packing that fits the board (`u64` up
    /// to 16 cells, `u128` up to 25, bytes beyond). The path's states are the boards as
    /// internal tile numbers, row-major (draw them with [`SlidingPuzzle::grid_of`]).
    ///
    /// ```
    /// use resolu_puzzles::sliding::heuristics::HeuristicName;
    /// use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle, SolveSettings};
    /// use resolu_search::{Algorithm, Limits};
    /// let start = Grid::parse("1 2 3/4 5 6/_ 7 8").unwrap();
    /// let puzzle = SlidingPuzzle::new(&start, Goal::Standard).unwrap();
    /// let settings = SolveSettings::new(Algorithm::Astar, HeuristicName::Manhattan, Limits::new());
    /// let path = puzzle.solve(&settings).path.unwrap();
    /// assert_eq!(path.len(), 2);
    /// assert_eq!(puzzle.grid_of(path.last()).one_line(), "123/456/78_");
    /// ```
    pub fn solve(&self, settings: &SolveSettings) -> Outcome<Vec<u8>, Move> {
        match self.cells() {
            n if n <= u64::MAX_CELLS => self.solve_packed::<u64, _>(settings, None::<Silent>),
            n if n <= u128::MAX_CELLS => self.solve_packed::<u128, _>(settings, None::<Silent>),
            _ => self.solve_packed::<Box<[u8]>, _>(settings, None::<Silent>),
        }
    }

    /// [`SlidingPuzzle::solve`], telling `observer` each event of the search with the
    /// boards unpacked as in the path (which costs an allocation per event: for traces).
    pub fn solve_observed<O: Observer<Vec<u8>, Move>>(
        &self,
        settings: &SolveSettings,
        mut observer: O,
    ) -> Outcome<Vec<u8>, Move> {
        match self.cells() {
            n if n <= u64::MAX_CELLS => self.solve_packed::<u64, _>(settings, Some(&mut observer)),
            n if n <= u128::MAX_CELLS => {
                self.solve_packed::<u128, _>(settings, Some(&mut observer))
            }
            _ => self.solve_packed::<Box<[u8]>, _>(settings, Some(&mut observer)),
        }
    }

    fn solve_packed<C: Cells, O: Observer<Vec<u8>, Move>>(
        &self,
        settings: &SolveSettings,
        observer: Option<O>,
    ) -> Outcome<Vec<u8>, Move> {
        let problem = self.problem::<C>();
        let heuristic = match self.heuristic_for(settings) {
            Ok(h) => h,
            Err(reason) => return Outcome::new(reason, None, Stats::default()),
        };
        if settings.algorithm == Algorithm::IdaStar
            && let Some(inner) = observer
        {
            // Observed runs (traces, pages) take the same in-place IDA* as the plain run,
            // on one thread, so that they count what the plain run counts.
            let mut unpacking = Unpacking {
                puzzle: self,
                inner,
            };
            let outcome = resolu_search::in_place::idastar_in_place(
                &problem,
                &heuristic,
                settings.limits,
                &mut unpacking,
            );
            return outcome.map_states(|board| self.tiles(&board));
        }
        if settings.algorithm == Algorithm::IdaStar {
            // The in-place IDA*, instantiated for each heuristic, so that its update is
            // inlined in the loop (through the enum it was a call per move).
            let (limits, threads) = (settings.limits, settings.threads);
            let outcome = match &heuristic {
                TileHeuristic::Zero => idastar(&problem, &ZeroHeuristic, limits, threads),
                TileHeuristic::Misplaced(h) => idastar(&problem, h, limits, threads),
                TileHeuristic::Manhattan(h) => idastar(&problem, h, limits, threads),
                TileHeuristic::LinearConflict(h) => idastar(&problem, h, limits, threads),
                TileHeuristic::Pdb(_) => idastar(&problem, &heuristic, limits, threads),
            };
            return outcome.map_states(|board| self.tiles(&board));
        }
        if settings.algorithm == Algorithm::Astar {
            // The in-place A*: same expansions and path as the Runner's, each heuristic's
            // update inlined, the move back never generated, whole-number costs. Observed
            // runs (traces, pages) take it too, so that they count what the plain run counts.
            let limits = settings.limits;
            let outcome = match observer {
                None => match &heuristic {
                    TileHeuristic::Zero => astar(&problem, &ZeroHeuristic, limits),
                    TileHeuristic::Misplaced(h) => astar(&problem, h, limits),
                    TileHeuristic::Manhattan(h) => astar(&problem, h, limits),
                    TileHeuristic::LinearConflict(h) => astar(&problem, h, limits),
                    TileHeuristic::Pdb(_) => astar(&problem, &heuristic, limits),
                },
                Some(inner) => resolu_search::in_place::astar_in_place(
                    &problem,
                    &heuristic,
                    limits,
                    &mut Unpacking {
                        puzzle: self,
                        inner,
                    },
                ),
            };
            return outcome.map_states(|board| self.tiles(&board));
        }
        let mut runner = Runner::new(&problem)
            .heuristic(heuristic)
            .limits(settings.limits)
            .weight(settings.weight)
            .seed(settings.seed)
            .depth_limit(settings.depth_limit);
        let outcome = match observer {
            // Without an observer the search runs on the packed boards alone.
            None => runner.run(settings.algorithm),
            Some(inner) => runner
                .observer(Unpacking {
                    puzzle: self,
                    inner,
                })
                .run(settings.algorithm),
        };
        outcome.map_states(|board| self.tiles(&board))
    }
}

impl SlidingPuzzle {
    /// The heuristic of `settings` for this puzzle, or why the run stops before it starts:
    /// a pattern database that cannot be built within the memory budget (or at all: a
    /// board over 64 cells; Ctrl-C).
    fn heuristic_for(&self, settings: &SolveSettings) -> Result<TileHeuristic, StopReason> {
        let given = settings.pdb.as_deref().filter(|db| db.fits(self));
        if settings.heuristic != HeuristicName::Pdb || given.is_some() {
            return TileHeuristic::new(settings.heuristic, self, given)
                .map_err(|_| StopReason::MemoryLimit);
        }
        match PatternDatabase::best_in_memory(self, settings.limits.max_memory_bytes) {
            Ok(db) => Ok(TileHeuristic::Pdb(db)),
            Err(e) if e.stop_reason() == Some("interrupted") => Err(StopReason::Interrupted),
            Err(_) => Err(StopReason::MemoryLimit),
        }
    }
}

/// IDA* in place on `threads` threads (one for 0 or 1).
fn idastar<C: Cells, H: InPlaceHeuristic<Board<C>, Move, u32> + Sync>(
    problem: &SlidingProblem<'_, C>,
    heuristic: &H,
    limits: Limits,
    threads: usize,
) -> Outcome<Board<C>, Move> {
    if threads > 1 {
        resolu_search::in_place::idastar_parallel(problem, heuristic, limits, threads)
    } else {
        resolu_search::in_place::idastar_in_place(problem, heuristic, limits, &mut NoObserver)
    }
}

/// A* in place.
fn astar<C: Cells, H: InPlaceHeuristic<Board<C>, Move, u32>>(
    problem: &SlidingProblem<'_, C>,
    heuristic: &H,
    limits: Limits,
) -> Outcome<Board<C>, Move> {
    resolu_search::in_place::astar_in_place(problem, heuristic, limits, &mut NoObserver)
}

/// The observer type of an unobserved [`SlidingPuzzle::solve`] (never called).
struct Silent;

impl Observer<Vec<u8>, Move> for Silent {}

/// Hands the events of a search over packed boards to an observer of unpacked boards.
struct Unpacking<'p, O> {
    puzzle: &'p SlidingPuzzle,
    inner: O,
}

impl<C: Cells, O: Observer<Vec<u8>, Move>> Observer<Board<C>, Move> for Unpacking<'_, O> {
    fn expand(&mut self, state: &Board<C>, g: f64, h: f64) {
        self.inner.expand(&self.puzzle.tiles(state), g, h);
    }
    fn generate(&mut self, parent: &Board<C>, action: &Move, state: &Board<C>, g: f64, h: f64) {
        let (parent, state) = (self.puzzle.tiles(parent), self.puzzle.tiles(state));
        self.inner.generate(&parent, action, &state, g, h);
    }
    fn update(&mut self, state: &Board<C>, old_g: f64, new_g: f64) {
        self.inner.update(&self.puzzle.tiles(state), old_g, new_g);
    }
    fn prune(&mut self, state: &Board<C>, why: Prune) {
        self.inner.prune(&self.puzzle.tiles(state), why);
    }
    fn iteration(&mut self, bound: f64) {
        self.inner.iteration(bound);
    }
}
