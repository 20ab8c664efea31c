//! The matches game, generalised: heaps of matches, a set of allowed takes, normal play
//! (whoever takes the last match wins: the player who cannot move loses) or misère (whoever
//! takes the last match loses: the player who cannot move wins).
//!
//! The course's game is one heap of 5, takes {1, 2, 3}, normal play. A state is (matches
//! left, player to move): the initial state (5, 1), the final states (0, 1) (player 2 has
//! won) and (0, 2) (player 1 has won). Several heaps make a sum of games: a move takes from
//! one heap; with any number allowed ([`TakeSet::Any`]) it is Nim.
//!
//! [`Matches::solve`] decides a position without walking the tree where theory allows:
//! - one heap (or one heap left that can be played): a closed form when the takes are
//!   1..=k or any number, otherwise a table over heap sizes 0..=n built bottom-up
//!   (O(n·|takes|) time, one `u32` per size);
//! - several heaps, normal play: Sprague–Grundy values (the XOR of the heaps' Grundy
//!   numbers is zero exactly in lost positions);
//! - several heaps, misère Nim: Bouton's misère rule (play as in Nim unless every heap has
//!   at most one match: then the player to move wins iff the number of 1-heaps is even);
//! - several heaps, misère with another take set: Grundy values do not apply, so the generic
//!   [`Solver`] searches with memoisation (positions are stored as sorted heaps).
//!
//! Distances to the end of sums come from the solver when the positions fit the limit.
//!
//! ```
//! use resolu_games::{Value, matches::{Matches, TakeSet}};
//!
//! let nim = Matches::new(vec![3, 4, 5], TakeSet::Any, false);
//! let analysis = nim.solve(&nim.position(), None).unwrap();
//! assert_eq!(analysis.solution.value, Value::Win); // 3 ^ 4 ^ 5 = 2, not zero
//! let moves: Vec<_> = analysis.solution.winning_moves().into_iter().map(|t| (t.heap, t.count)).collect();
//! assert_eq!(moves, [(0, 2)]); // leave 1, 4, 5: XOR zero
//! ```

use crate::solver::{Solver, Stopped, fold};
use crate::{Game, GameResult, GameStats, MoveValue, Player, Solution, Value};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// The largest heap decided by a table over heap sizes (a take list other than 1..=k or
/// `any`, which have closed forms): the table holds one `u32` per size.
pub const MAX_TABLE_HEAP: u32 = 20_000_000;

/// The most legal moves [`Matches::solve`] lists with their values (with `any`, a heap of n
/// has n moves).
pub const MAX_MOVES: u64 = 2_000_000;

/// The numbers of matches a player may take from one heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TakeSet {
    /// Any number from 1 to the whole heap (Nim).
    Any,
    /// These numbers (sorted, distinct, at least 1).
    List(Vec<u32>),
}

impl TakeSet {
    /// {1, 2, ..., k}.
    pub fn one_to(k: u32) -> TakeSet {
        TakeSet::List((1..=k).collect())
    }

    /// The set of these numbers (sorted and deduplicated); `None` if empty or if one is 0.
    pub fn list(mut takes: Vec<u32>) -> Option<TakeSet> {
        takes.sort_unstable();
        takes.dedup();
        (!takes.is_empty() && takes[0] > 0).then_some(TakeSet::List(takes))
    }

    /// `Some(k)` if the set is {1, 2, ..., k}.
    pub fn one_to_k(&self) -> Option<u32> {
        match self {
            TakeSet::List(l) if l.iter().zip(1..).all(|(&t, i)| t == i) => l.last().copied(),
            _ => None,
        }
    }

    /// The smallest take.
    pub fn min(&self) -> u32 {
        match self {
            TakeSet::Any => 1,
            TakeSet::List(l) => l[0],
        }
    }

    /// Calls `f` on each allowed take from a heap of `heap`, in increasing order.
    pub fn for_each(&self, heap: u32, mut f: impl FnMut(u32)) {
        match self {
            TakeSet::Any => (1..=heap).for_each(f),
            TakeSet::List(l) => l.iter().take_while(|&&t| t <= heap).for_each(|&t| f(t)),
        }
    }
}

impl fmt::Display for TakeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeSet::Any => f.write_str("any"),
            TakeSet::List(l) => {
                let parts: Vec<String> = l.iter().map(u32::to_string).collect();
                f.write_str(&parts.join(","))
            }
        }
    }
}

/// A list of numbers or a take set that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String);

/// Reads comma-separated whole numbers (spaces allowed), naming the first bad item.
pub fn parse_numbers(text: &str) -> Result<Vec<u32>, ParseError> {
    text.split(',')
        .map(|item| {
            let item = item.trim();
            item.parse::<u32>().map_err(|_| {
                ParseError(if item.is_empty() {
                    format!("'{text}': a number is missing")
                } else {
                    format!("'{item}' is not a whole number from 0 to {}", u32::MAX)
                })
            })
        })
        .collect()
}

impl FromStr for TakeSet {
    type Err = ParseError;

    /// `any`, or comma-separated numbers of at least 1: `1,2,3`.
    fn from_str(s: &str) -> Result<TakeSet, ParseError> {
        if s.trim().eq_ignore_ascii_case("any") {
            return Ok(TakeSet::Any);
        }
        let takes = parse_numbers(s)?;
        TakeSet::list(takes).ok_or_else(|| {
            ParseError(format!(
                "'{s}': takes must be whole numbers of at least 1 (or 'any')"
            ))
        })
    }
}

/// A position: the heaps and the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Matches left in each heap, in the order given.
    pub heaps: Vec<u32>,
    /// The player to move.
    pub to_move: Player,
}

impl fmt::Display for Position {
    /// The course's notation: `(5, 1)`, or `(3 4 5, 1)` with several heaps.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heaps: Vec<String> = self.heaps.iter().map(u32::to_string).collect();
        write!(f, "({}, {})", heaps.join(" "), self.to_move.number())
    }
}

/// The value and distance of a lone heap of a given size.
type Eval = Box<dyn Fn(u32) -> (Value, u64)>;

/// A move: take `count` matches from heap `heap` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Take {
    /// Index of the heap, from 0.
    pub heap: usize,
    /// Matches taken.
    pub count: u32,
}

/// A matches game: the starting heaps, the take set, and normal or misère play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matches {
    /// The heaps at the start.
    pub heaps: Vec<u32>,
    /// The allowed takes.
    pub take: TakeSet,
    /// Misère play: whoever takes the last match loses.
    pub misere: bool,
}

/// How [`Matches::solve`] decided a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// A closed form (one heap, takes 1..=k or any number).
    ClosedForm,
    /// A table over heap sizes built bottom-up (one heap).
    Table,
    /// Sprague–Grundy values (several heaps, normal play).
    SpragueGrundy,
    /// Bouton's misère rule (several heaps, misère Nim).
    BoutonMisere,
    /// Search with memoisation (several heaps, misère, another take set).
    Search,
}

impl Method {
    /// A short description for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Method::ClosedForm => "closed form",
            Method::Table => "table over heap sizes, built bottom-up",
            Method::SpragueGrundy => "Sprague-Grundy values (XOR of the heaps' Grundy numbers)",
            Method::BoutonMisere => "Bouton's misere rule",
            Method::Search => "search with memoisation",
        }
    }
}

/// The result of [`Matches::solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The value, distance and moves. `plies` is `None` for a sum whose positions exceed
    /// the limit (the value and the moves' values are exact all the same).
    pub solution: Solution<Take>,
    /// How the value was found.
    pub method: Method,
}

/// Why [`Matches::solve`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A heap is larger than [`MAX_TABLE_HEAP`] with a take list.
    #[error(
        "a heap of {0} matches is too large to tabulate (at most {MAX_TABLE_HEAP} with a take list)"
    )]
    HeapTooLarge(u32),
    /// The position has more legal moves than [`MAX_MOVES`].
    #[error("{0} legal moves are too many to list (at most {MAX_MOVES})")]
    TooManyMoves(u64),
    /// The search reached the position limit.
    #[error(transparent)]
    Stopped(Stopped),
}

impl Matches {
    /// A game from these heaps.
    pub fn new(heaps: Vec<u32>, take: TakeSet, misere: bool) -> Matches {
        Matches {
            heaps,
            take,
            misere,
        }
    }

    /// The starting position (player 1 to move).
    pub fn position(&self) -> Position {
        Position {
            heaps: self.heaps.clone(),
            to_move: Player::One,
        }
    }

    /// The number of legal moves in `heaps`.
    pub fn count_moves(&self, heaps: &[u32]) -> u64 {
        heaps
            .iter()
            .map(|&h| match &self.take {
                TakeSet::Any => u64::from(h),
                TakeSet::List(l) => l.iter().filter(|&&t| t <= h).count() as u64,
            })
            .sum()
    }

    /// Whether some move is legal in `heaps`.
    fn can_move(&self, heaps: &[u32]) -> bool {
        let min = self.take.min();
        heaps.iter().any(|&h| h >= min)
    }

    /// Decides `pos`: value, distance (when computed) and every legal move with its value.
    /// `max_positions` bounds the search of sums (`None`: no bound).
    pub fn solve(
        &self,
        pos: &Position,
        max_positions: Option<usize>,
    ) -> Result<Analysis, SolveError> {
        let clock = Instant::now();
        if self.take.one_to_k().is_none()
            && self.take != TakeSet::Any
            && let Some(&h) = pos.heaps.iter().find(|&&h| h > MAX_TABLE_HEAP)
        {
            return Err(SolveError::HeapTooLarge(h));
        }
        let legal = self.count_moves(&pos.heaps);
        if legal > MAX_MOVES {
            return Err(SolveError::TooManyMoves(legal));
        }
        let min = self.take.min();
        let live: Vec<usize> = (0..pos.heaps.len())
            .filter(|&i| pos.heaps[i] >= min)
            .collect();
        let mut analysis = if live.len() <= 1 {
            self.one_heap(pos, live.first().copied())
        } else if !self.misere || self.take == TakeSet::Any {
            self.sum_by_rule(pos, max_positions)
        } else {
            let solution = Solver::new(self)
                .max_positions(max_positions)
                .solve(pos)
                .map_err(SolveError::Stopped)?;
            Analysis {
                solution,
                method: Method::Search,
            }
        };
        analysis.solution.stats.elapsed = clock.elapsed();
        Ok(analysis)
    }

    /// One live heap (the others cannot be played): a closed form or a table.
    fn one_heap(&self, pos: &Position, live: Option<usize>) -> Analysis {
        let n = live.map_or(0, |i| pos.heaps[i]);
        let (result, method): (Eval, Method) = match &self.take {
            TakeSet::Any => {
                let misere = self.misere;
                let f = move |m: u32| match (misere, m) {
                    (false, 0) => (Value::Loss, 0),
                    (false, _) => (Value::Win, 1),
                    (true, 0) => (Value::Win, 0),
                    (true, 1) => (Value::Loss, 1),
                    (true, _) => (Value::Win, 2),
                };
                (Box::new(f), Method::ClosedForm)
            }
            TakeSet::List(_) => {
                if let Some(k) = self.take.one_to_k() {
                    (
                        Box::new(one_to_k(u64::from(k), self.misere)),
                        Method::ClosedForm,
                    )
                } else {
                    let table = self.table(n);
                    let f = move |m: u32| {
                        let e = table[m as usize];
                        let v = if e & 1 == 1 { Value::Win } else { Value::Loss };
                        (v, u64::from(e >> 1))
                    };
                    (Box::new(f), Method::Table)
                }
            }
        };
        let mut moves = Vec::new();
        if let Some(heap) = live {
            self.take.for_each(n, |t| {
                let (v, p) = result(n - t);
                moves.push(MoveValue {
                    mv: Take { heap, count: t },
                    value: v.negate(),
                    plies: Some(p + 1),
                });
            });
        }
        let (value, plies) = result(n);
        // The table holds every size up to n, each expanded once; the closed form looks
        // at the position and its children only.
        let stats = match method {
            Method::Table => GameStats {
                visited: u64::from(n) + 1,
                expanded: u64::from(n) + 1,
                stored: u64::from(n) + 1,
                ..GameStats::default()
            },
            _ => GameStats {
                visited: 1 + moves.len() as u64,
                expanded: 1,
                ..GameStats::default()
            },
        };
        Analysis {
            solution: Solution {
                to_move: pos.to_move,
                value,
                plies: Some(plies),
                moves,
                stats,
            },
            method,
        }
    }

    /// For each heap size 0..=n of a lone heap with a take list: `plies << 1 | win` for the
    /// player to move. Bottom-up, so no recursion whatever n is.
    fn table(&self, n: u32) -> Vec<u32> {
        let mut table = Vec::with_capacity(n as usize + 1);
        for m in 0..=n {
            let mut best: Option<(Value, u64)> = None;
            self.take.for_each(m, |t| {
                let e: u32 = table[(m - t) as usize];
                let child = if e & 1 == 1 { Value::Win } else { Value::Loss };
                fold(&mut best, (child, u64::from(e >> 1)));
            });
            let (v, p) = best.unwrap_or(if self.misere {
                (Value::Win, 0)
            } else {
                (Value::Loss, 0)
            });
            // Plies never exceed the heap size, which fits in 31 bits here.
            table.push(((p as u32) << 1) | u32::from(v == Value::Win));
        }
        table
    }

    /// The Grundy numbers of a lone heap of 0..=n under normal play.
    pub fn grundy_numbers(&self, n: u32) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(n as usize + 1);
        let mut seen = Vec::new();
        for m in 0..=n {
            if self.take == TakeSet::Any {
                g.push(m);
                continue;
            }
            seen.clear();
            self.take.for_each(m, |t| seen.push(g[(m - t) as usize]));
            seen.sort_unstable();
            seen.dedup();
            let mex = seen
                .iter()
                .enumerate()
                .find(|&(i, &v)| v != i as u32)
                .map_or(seen.len() as u32, |(i, _)| i as u32);
            g.push(mex);
        }
        g
    }

    /// Several heaps: normal play by Sprague–Grundy, misère Nim by Bouton's rule; the
    /// distance from the solver when the positions fit the limit.
    fn sum_by_rule(&self, pos: &Position, max_positions: Option<usize>) -> Analysis {
        let heaps = &pos.heaps;
        let mut moves = Vec::new();
        let (value, method) = if !self.misere {
            let max = heaps.iter().copied().max().unwrap_or(0);
            // Grundy numbers: n with any take, n mod (k + 1) with takes 1..=k, else a table.
            let k1 = self.take.one_to_k().map(|k| k + 1);
            let g = if self.take == TakeSet::Any || k1.is_some() {
                Vec::new()
            } else {
                self.grundy_numbers(max)
            };
            let grundy = |h: u32| match k1 {
                Some(k1) => h % k1,
                None if g.is_empty() => h,
                None => g[h as usize],
            };
            let x = heaps.iter().fold(0, |x, &h| x ^ grundy(h));
            for (i, &h) in heaps.iter().enumerate() {
                self.take.for_each(h, |t| {
                    let child = x ^ grundy(h) ^ grundy(h - t);
                    moves.push(MoveValue {
                        mv: Take { heap: i, count: t },
                        value: if child == 0 { Value::Win } else { Value::Loss },
                        plies: None,
                    });
                });
            }
            let v = if x != 0 { Value::Win } else { Value::Loss };
            (v, Method::SpragueGrundy)
        } else {
            let x = heaps.iter().fold(0, |x, &h| x ^ h);
            let big = heaps.iter().filter(|&&h| h >= 2).count();
            let ones = heaps.iter().filter(|&&h| h == 1).count();
            for (i, &h) in heaps.iter().enumerate() {
                for t in 1..=h {
                    let r = h - t;
                    let big2 = big - usize::from(h >= 2) + usize::from(r >= 2);
                    let ones2 = ones - usize::from(h == 1) + usize::from(r == 1);
                    let child_wins = bouton_misere(x ^ h ^ r, big2, ones2);
                    moves.push(MoveValue {
                        mv: Take { heap: i, count: t },
                        value: if child_wins { Value::Loss } else { Value::Win },
                        plies: None,
                    });
                }
            }
            let v = if bouton_misere(x, big, ones) {
                Value::Win
            } else {
                Value::Loss
            };
            (v, Method::BoutonMisere)
        };
        let mut solution = Solution {
            to_move: pos.to_move,
            value,
            plies: None,
            moves,
            stats: GameStats::default(),
        };
        // Distances need the search; try it only when the positions surely fit.
        let bound = self.position_bound(heaps);
        if max_positions.is_none_or(|m| bound <= m as u128)
            && let Ok(searched) = Solver::new(self).max_positions(max_positions).solve(pos)
        {
            debug_assert_eq!(searched.value, solution.value);
            solution.plies = searched.plies;
            for (m, s) in solution.moves.iter_mut().zip(&searched.moves) {
                debug_assert_eq!(m.value, s.value);
                m.plies = s.plies;
            }
            solution.stats = searched.stats;
        }
        Analysis { solution, method }
    }

    /// An upper bound on the positions the solver may store: the product of (heap + 1).
    pub fn position_bound(&self, heaps: &[u32]) -> u128 {
        heaps
            .iter()
            .fold(1u128, |p, &h| p.saturating_mul(u128::from(h) + 1))
    }
}

/// The value and distance of a lone heap of m matches with takes 1..=k, in closed form.
///
/// Normal play: m is lost iff m ≡ 0 (mod k + 1); from a lost position every round (the
/// loser takes t, the winner k + 1 - t, the only reply that keeps the loss) removes k + 1
/// matches in 2 moves, so a lost m lasts 2m/(k+1) moves and a won one 1 more than the lost
/// position it leaves. Misère: the same with the residue 1, and the last match taken alone.
fn one_to_k(k: u64, misere: bool) -> impl Fn(u32) -> (Value, u64) {
    move |m: u32| {
        let m = u64::from(m);
        let k1 = k + 1;
        if !misere {
            let r = m % k1;
            if r == 0 {
                (Value::Loss, 2 * m / k1)
            } else {
                (Value::Win, 1 + 2 * (m - r) / k1)
            }
        } else if m == 0 {
            (Value::Win, 0)
        } else if m % k1 == 1 {
            (Value::Loss, 2 * (m - 1) / k1 + 1)
        } else {
            // Take t = (m - 1) mod (k + 1) (between 1 and k), leaving a lost m - t.
            let t = (m - 1) % k1;
            (Value::Win, 1 + 2 * (m - t - 1) / k1 + 1)
        }
    }
}

/// Bouton's rule for misère Nim: does the player to move win? `x` is the XOR of the heaps,
/// `big` the number of heaps of 2 or more, `ones` the number of heaps of exactly 1.
pub fn bouton_misere(x: u32, big: usize, ones: usize) -> bool {
    if big == 0 {
        ones.is_multiple_of(2)
    } else {
        x != 0
    }
}

impl Game for Matches {
    type State = Position;
    type Move = Take;

    fn start(&self) -> Position {
        self.position()
    }

    fn to_move(&self, state: &Position) -> Player {
        state.to_move
    }

    fn moves(&self, state: &Position, out: &mut Vec<Take>) {
        for (heap, &h) in state.heaps.iter().enumerate() {
            self.take
                .for_each(h, |count| out.push(Take { heap, count }));
        }
    }

    fn play(&self, state: &Position, mv: &Take) -> Position {
        let mut heaps = state.heaps.clone();
        heaps[mv.heap] -= mv.count;
        Position {
            heaps,
            to_move: state.to_move.other(),
        }
    }

    fn result(&self, state: &Position) -> Option<GameResult> {
        if self.can_move(&state.heaps) {
            return None;
        }
        // The player who cannot move loses under normal play, wins under misère.
        Some(GameResult::Win(if self.misere {
            state.to_move
        } else {
            state.to_move.other()
        }))
    }

    /// The game is impartial and a sum: the value for the player to move depends only on
    /// the multiset of heaps that can still be played.
    fn canonical(&self, state: &Position) -> Position {
        let min = self.take.min();
        let mut heaps: Vec<u32> = state.heaps.iter().copied().filter(|&h| h >= min).collect();
        heaps.sort_unstable();
        Position {
            heaps,
            to_move: Player::One,
        }
    }
}
