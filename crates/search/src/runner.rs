//! [`Runner`]: one entry point that runs any [`Algorithm`] on a problem with a heuristic,
//! limits and an observer.

use crate::{
    Heuristic, Limits, NoObserver, Observer, Outcome, Problem, ZeroHeuristic, astar, bfs, dfs,
    greedy, idastar, iddfs, random, ucs,
};
use std::fmt;
use std::str::FromStr;

/// The search algorithms, by the names the command line uses.
///
/// A variant names an algorithm and carries no parameter: the parameters of a run (the
/// weight of weighted A*, the seed of random search, the depth limit of depth-first search)
/// are set on the [`Runner`], so that an `Algorithm` is a plain name that parses, prints
/// and compares as one. The enum is `#[non_exhaustive]`: new algorithms may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// Random search: frontier nodes expanded in a seeded random order, with an explored set.
    Random,
    /// Depth-first graph search with an explicit stack; the runner's depth limit applies.
    Dfs,
    /// Iterative deepening depth-first search.
    Iddfs,
    /// Breadth-first search (optimal for unit costs).
    Bfs,
    /// Uniform-cost search (Dijkstra; optimal).
    Ucs,
    /// Greedy best-first search on h alone.
    Greedy,
    /// A* (optimal with an admissible heuristic).
    Astar,
    /// Weighted A*: f = g + w·h, with the runner's weight w ([`Runner::weight`], 2 by
    /// default); a solution costs at most w times the optimum.
    WeightedAstar,
    /// Iterative-deepening A* (optimal with an admissible heuristic, linear memory).
    IdaStar,
}

impl Algorithm {
    /// Every algorithm name accepted by [`FromStr`].
    pub const NAMES: [&'static str; 9] = [
        "random", "dfs", "iddfs", "bfs", "ucs", "greedy", "astar", "wastar", "idastar",
    ];

    /// The course's French names, in the order of [`NAMES`](Self::NAMES) (accepted by
    /// [`FromStr`] too).
    ///
    /// ```
    /// use resolu_search::Algorithm;
    /// for (fr, en) in Algorithm::FRENCH_NAMES.iter().zip(Algorithm::NAMES) {
    ///     let algorithm: Algorithm = fr.parse().unwrap();
    ///     assert_eq!(algorithm.name(), en);
    /// }
    /// ```
    pub const FRENCH_NAMES: [&'static str; 9] = [
        "aleatoire",
        "profondeur",
        "profondeur-iterative",
        "largeur",
        "cout-uniforme",
        "glouton",
        "aetoile",
        "aetoile-ponderee",
        "idaetoile",
    ];

    /// The command-line name of the algorithm.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Random => "random",
            Algorithm::Dfs => "dfs",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Bfs => "bfs",
            Algorithm::Ucs => "ucs",
            Algorithm::Greedy => "greedy",
            Algorithm::Astar => "astar",
            Algorithm::WeightedAstar => "wastar",
            Algorithm::IdaStar => "idastar",
        }
    }

    /// Whether the algorithm guarantees an optimal solution (given an admissible heuristic
    /// for the informed ones, unit costs for BFS and iterative deepening).
    pub fn is_optimal(self) -> bool {
        matches!(
            self,
            Algorithm::Bfs
                | Algorithm::Iddfs
                | Algorithm::Ucs
                | Algorithm::Astar
                | Algorithm::IdaStar
        )
    }

    /// Whether the algorithm uses the heuristic.
    pub fn is_informed(self) -> bool {
        matches!(
            self,
            Algorithm::Greedy | Algorithm::Astar | Algorithm::WeightedAstar | Algorithm::IdaStar
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown algorithm name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{0}' (expected one of: {names}; in French: {french})", names = Algorithm::NAMES.join(", "), french = Algorithm::FRENCH_NAMES.join(", "))]
pub struct ParseAlgorithmError(pub String);

impl FromStr for Algorithm {
    type Err = ParseAlgorithmError;

    /// Parses a name (case-insensitive; `ids`, `dijkstra`, `a*`, `weighted-astar` and
    /// `ida*` are accepted as aliases, and the course's French names: `aleatoire`,
    /// `profondeur`, `profondeur-iterative`, `largeur`, `cout-uniforme`, `glouton`,
    /// `aetoile`, `aetoile-ponderee`, `idaetoile`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "random" | "aleatoire" | "aléatoire" => Algorithm::Random,
            "dfs" | "profondeur" => Algorithm::Dfs,
            "iddfs" | "ids" | "profondeur-iterative" | "profondeur-itérative" => Algorithm::Iddfs,
            "bfs" | "largeur" => Algorithm::Bfs,
            "ucs" | "dijkstra" | "cout-uniforme" | "coût-uniforme" => Algorithm::Ucs,
            "greedy" | "glouton" => Algorithm::Greedy,
            "astar" | "a*" | "aetoile" => Algorithm::Astar,
            "wastar" | "weighted-astar" | "aetoile-ponderee" | "aetoile-pondérée" => {
                Algorithm::WeightedAstar
            }
            "idastar" | "ida*" | "idaetoile" => Algorithm::IdaStar,
            _ => return Err(ParseAlgorithmError(s.to_string())),
        })
    }
}

/// The weight of weighted A* unless [`Runner::weight`] sets another: the command line's
/// default, a common teaching value (solutions at most twice the optimum).
pub const DEFAULT_WEIGHT: f64 = 2.0;

/// Runs algorithms on one problem with a heuristic, limits, an observer, and the
/// parameters of the algorithms that have one: the weight (for `wastar`), the seed (for
/// `random`) and the depth limit (for `dfs`). Every parameter has a default, so a new one
/// can be added without breaking callers.
///
/// ```
/// use resolu_search::{Algorithm, FnProblem, Limits, Runner, StopReason, Successor};
///
/// // An infinite line: no goal is ever reached, so only a limit stops the search.
/// let line = FnProblem::new(0u64, |_: &u64| false, |&s: &u64, out: &mut Vec<Successor<u64, ()>>| {
///     out.push(Successor::new((), s + 1, 1.0));
/// });
/// let outcome = Runner::new(&line).limits(Limits::new().max_nodes(100)).run(Algorithm::Bfs);
/// assert_eq!(outcome.reason, StopReason::NodeLimit);
/// assert_eq!(outcome.stats.expanded, 100);
/// ```
pub struct Runner<'p, P, H = ZeroHeuristic, O = NoObserver> {
    problem: &'p P,
    heuristic: H,
    observer: O,
    limits: Limits,
    weight: f64,
    seed: u64,
    depth_limit: Option<usize>,
}

impl<'p, P: Problem> Runner<'p, P> {
    /// A runner with no heuristic, no observer, default limits, weight
    /// [`DEFAULT_WEIGHT`], seed 0, no depth limit.
    pub fn new(problem: &'p P) -> Self {
        Runner {
            problem,
            heuristic: ZeroHeuristic,
            observer: NoObserver,
            limits: Limits::default(),
            weight: DEFAULT_WEIGHT,
            seed: 0,
            depth_limit: None,
        }
    }
}

impl<'p, P, H, O> Runner<'p, P, H, O>
where
    P: Problem,
    H: Heuristic<P::State, P::Action>,
    O: Observer<P::State, P::Action>,
{
    /// Uses `heuristic` for the informed algorithms.
    pub fn heuristic<H2: Heuristic<P::State, P::Action>>(
        self,
        heuristic: H2,
    ) -> Runner<'p, P, H2, O> {
        Runner {
            problem: self.problem,
            heuristic,
            observer: self.observer,
            limits: self.limits,
            weight: self.weight,
            seed: self.seed,
            depth_limit: self.depth_limit,
        }
    }

    /// Sends every event to `observer`.
    pub fn observer<O2: Observer<P::State, P::Action>>(self, observer: O2) -> Runner<'p, P, H, O2> {
        Runner {
            problem: self.problem,
            heuristic: self.heuristic,
            observer,
            limits: self.limits,
            weight: self.weight,
            seed: self.seed,
            depth_limit: self.depth_limit,
        }
    }

    /// Sets the limits.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets the weight w of weighted A* (f = g + w·h; a solution costs at most w times the
    /// optimum). The other algorithms ignore it.
    pub fn weight(mut self, weight: f64) -> Self {
        self.weight = weight;
        self
    }

    /// Sets the seed of the random search.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Sets the depth limit of depth-first search (`None`: unlimited).
    pub fn depth_limit(mut self, depth: Option<usize>) -> Self {
        self.depth_limit = depth;
        self
    }

    /// Runs `algorithm`.
    pub fn run(&mut self, algorithm: Algorithm) -> Outcome<P::State, P::Action> {
        let (p, h, l, o) = (
            self.problem,
            &self.heuristic,
            self.limits,
            &mut self.observer,
        );
        match algorithm {
            Algorithm::Random => random::random(p, self.seed, l, o),
            Algorithm::Dfs => dfs::dfs(p, self.depth_limit, l, o),
            Algorithm::Iddfs => iddfs::iddfs(p, l, o),
            Algorithm::Bfs => bfs::bfs(p, l, o),
            Algorithm::Ucs => ucs::ucs(p, l, o),
            Algorithm::Greedy => greedy::greedy(p, h, l, o),
            Algorithm::Astar => astar::astar(p, h, l, o),
            Algorithm::WeightedAstar => astar::weighted_astar(p, h, self.weight, l, o),
            Algorithm::IdaStar => idastar::idastar(p, h, l, o),
        }
    }
}
