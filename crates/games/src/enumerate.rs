//! Enumeration of the game tree: every play (a sequence of moves from a position to the end
//! of the game), depth first or breadth first, and counts of plays, tree nodes and distinct
//! positions.
//!
//! - [`plays_dfs`] walks the tree depth first with an explicit stack: memory O(depth ·
//!   branching), plays in the order of the moves;
//! - [`plays_bfs`] walks it breadth first, level by level: the shortest plays come first.
//!   Every node keeps a link to its parent, so that each play is rebuilt whole when its last
//!   node leaves the queue (memory: the nodes of the tree visited so far);
//! - [`count`] counts without listing, by dynamic programming over the distinct positions
//!   (a position reached by several plays is counted once and its counts reused), so it is
//!   linear in the number of positions, not in the size of the tree.
//!
//! ```
//! use resolu_games::{Game, Player, enumerate::{count, plays_dfs}, matches::{Matches, TakeSet}};
//! use std::ops::ControlFlow;
//!
//! let game = Matches::new(vec![5], TakeSet::one_to(3), false);
//! let counts = count(&game, &game.start());
//! assert_eq!((counts.plays, counts.wins[0], counts.wins[1]), (13, 7, 6));
//! let mut won_by_1 = 0;
//! plays_dfs(&game, &game.start(), None, |_, _, outcome| {
//!     if outcome.winner() == Some(Player::One) {
//!         won_by_1 += 1;
//!     }
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(won_by_1, 7);
//! ```

use crate::{Game, GameResult, Player};
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;

/// How an enumeration went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Plays handed to the visitor.
    pub plays: u64,
    /// Tree nodes visited.
    pub nodes: u64,
    /// Whether the whole tree was walked (false if the visitor or the node limit stopped it).
    pub complete: bool,
}

/// Calls `visit(states, moves, outcome)` on every play from `state`, depth first, in the
/// order of the moves: `states` runs from `state` to the final state, `moves[i]` leads from
/// `states[i]` to `states[i + 1]`. Stops when `visit` breaks or after `max_nodes` nodes.
pub fn plays_dfs<G: Game>(
    game: &G,
    state: &G::State,
    max_nodes: Option<u64>,
    mut visit: impl FnMut(&[G::State], &[G::Move], GameResult) -> ControlFlow<()>,
) -> Walk {
    let mut walk = Walk::default();
    let mut states = vec![state.clone()];
    let mut path: Vec<G::Move> = Vec::new();
    // One (moves, next) per state of the path that is not terminal.
    let mut frames: Vec<(Vec<G::Move>, usize)> = Vec::new();
    let mut fresh = true;
    loop {
        if fresh {
            fresh = false;
            walk.nodes += 1;
            let Some(current) = states.last() else {
                unreachable!("the path holds at least the root")
            };
            if let Some(o) = game.result(current) {
                walk.plays += 1;
                if visit(&states, &path, o).is_break() {
                    return walk;
                }
                // Back up from the leaf.
                if frames.is_empty() {
                    walk.complete = true;
                    return walk;
                }
                states.pop();
                path.pop();
            } else {
                let mut moves = Vec::new();
                game.moves(current, &mut moves);
                frames.push((moves, 0));
            }
        }
        let Some((moves, next)) = frames.last_mut() else {
            walk.complete = true;
            return walk;
        };
        if *next < moves.len() {
            if max_nodes.is_some_and(|m| walk.nodes >= m) {
                return walk;
            }
            let mv = moves[*next].clone();
            *next += 1;
            let Some(current) = states.last() else {
                unreachable!("a frame has its state on the path")
            };
            let child = game.play(current, &mv);
            states.push(child);
            path.push(mv);
            fresh = true;
        } else {
            frames.pop();
            if frames.is_empty() {
                walk.complete = true;
                return walk;
            }
            states.pop();
            path.pop();
        }
    }
}

/// Calls `visit(states, moves, outcome)` on every play from `state`, breadth first: plays
/// of fewer moves come first, and plays of one length in the order of the moves. Stops when
/// `visit` breaks or after `max_nodes` nodes.
pub fn plays_bfs<G: Game>(
    game: &G,
    state: &G::State,
    max_nodes: Option<u64>,
    mut visit: impl FnMut(&[G::State], &[G::Move], GameResult) -> ControlFlow<()>,
) -> Walk {
    struct Node<S, M> {
        parent: usize,
        mv: Option<M>,
        state: S,
    }
    let mut walk = Walk::default();
    let mut arena: Vec<Node<G::State, G::Move>> = vec![Node {
        parent: usize::MAX,
        mv: None,
        state: state.clone(),
    }];
    // The arena is filled in breadth-first order, so it is its own queue.
    let mut head = 0;
    let mut moves = Vec::new();
    let (mut states, mut path) = (Vec::new(), Vec::new());
    while head < arena.len() {
        let index = head;
        head += 1;
        walk.nodes += 1;
        if let Some(o) = game.result(&arena[index].state) {
            states.clear();
            path.clear();
            let mut i = index;
            while i != usize::MAX {
                states.push(arena[i].state.clone());
                if let Some(m) = &arena[i].mv {
                    path.push(m.clone());
                }
                i = arena[i].parent;
            }
            states.reverse();
            path.reverse();
            walk.plays += 1;
            if visit(&states, &path, o).is_break() {
                return walk;
            }
            continue;
        }
        if max_nodes.is_some_and(|m| arena.len() as u64 >= m) {
            return walk;
        }
        moves.clear();
        game.moves(&arena[index].state, &mut moves);
        for mv in moves.drain(..) {
            let child = game.play(&arena[index].state, &mv);
            arena.push(Node {
                parent: index,
                mv: Some(mv),
                state: child,
            });
        }
    }
    walk.complete = true;
    walk
}

/// Counts of the game tree below a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Plays (paths from the position to an end of the game).
    pub plays: u128,
    /// Plays won by player 1 (`wins[0]`) and player 2 (`wins[1]`).
    pub wins: [u128; 2],
    /// Plays ending in a draw.
    pub draws: u128,
    /// Nodes of the game tree (the position included).
    pub tree_nodes: u128,
    /// Distinct positions reachable (the position included).
    pub positions: u64,
    /// Distinct terminal positions reachable.
    pub terminal_positions: u64,
    /// Whether some count exceeded `u128::MAX` and was capped there.
    pub saturated: bool,
}

#[derive(Clone, Copy, Default)]
struct Tally {
    plays: u128,
    wins: [u128; 2],
    draws: u128,
    nodes: u128,
}

impl Tally {
    fn add(&mut self, o: &Tally, saturated: &mut bool) {
        let mut sum = |a: &mut u128, b: u128| {
            *a = a.checked_add(b).unwrap_or_else(|| {
                *saturated = true;
                u128::MAX
            })
        };
        sum(&mut self.plays, o.plays);
        sum(&mut self.wins[0], o.wins[0]);
        sum(&mut self.wins[1], o.wins[1]);
        sum(&mut self.draws, o.draws);
        sum(&mut self.nodes, o.nodes);
    }

    fn leaf(o: GameResult) -> Tally {
        let mut t = Tally {
            plays: 1,
            nodes: 1,
            ..Tally::default()
        };
        match o {
            GameResult::Win(Player::One) => t.wins[0] = 1,
            GameResult::Win(Player::Two) => t.wins[1] = 1,
            GameResult::Draw => t.draws = 1,
        }
        t
    }
}

/// Counts the plays (by winner), tree nodes and distinct positions below `state`.
pub fn count<G: Game>(game: &G, state: &G::State) -> Counts {
    match count_within(game, state, None) {
        Some(c) => c,
        None => unreachable!("no limit was set"),
    }
}

/// [`count`], or `None` if more than `max_positions` distinct positions are reachable.
pub fn count_within<G: Game>(
    game: &G,
    state: &G::State,
    max_positions: Option<usize>,
) -> Option<Counts> {
    let mut memo: FxHashMap<G::State, Tally> = FxHashMap::default();
    let mut counts = Counts::default();
    let mut terminal = 0u64;
    struct Frame<S, M> {
        state: S,
        moves: Vec<M>,
        next: usize,
        tally: Tally,
    }
    let root = match game.result(state) {
        Some(o) => Tally::leaf(o),
        None => {
            let mut moves = Vec::new();
            game.moves(state, &mut moves);
            let mut stack = vec![Frame {
                state: state.clone(),
                moves,
                next: 0,
                tally: Tally {
                    nodes: 1,
                    ..Tally::default()
                },
            }];
            loop {
                let Some(top) = stack.last_mut() else {
                    unreachable!("the root frame returns before the stack empties")
                };
                if top.next < top.moves.len() {
                    let child = game.play(&top.state, &top.moves[top.next]);
                    top.next += 1;
                    if let Some(t) = memo.get(&child) {
                        let t = *t;
                        top.tally.add(&t, &mut counts.saturated);
                    } else if let Some(o) = game.result(&child) {
                        let t = Tally::leaf(o);
                        top.tally.add(&t, &mut counts.saturated);
                        memo.insert(child, t);
                        terminal += 1;
                    } else {
                        if max_positions.is_some_and(|m| memo.len() + stack.len() >= m) {
                            return None;
                        }
                        let mut moves = Vec::new();
                        game.moves(&child, &mut moves);
                        stack.push(Frame {
                            state: child,
                            moves,
                            next: 0,
                            tally: Tally {
                                nodes: 1,
                                ..Tally::default()
                            },
                        });
                    }
                } else {
                    let Some(done) = stack.pop() else {
                        unreachable!("the stack is not empty")
                    };
                    match stack.last_mut() {
                        Some(parent) => {
                            parent.tally.add(&done.tally, &mut counts.saturated);
                            memo.insert(done.state, done.tally);
                        }
                        None => {
                            memo.insert(done.state, done.tally);
                            break done.tally;
                        }
                    }
                }
            }
        }
    };
    if memo.is_empty() {
        // The position itself is terminal.
        terminal = 1;
        counts.positions = 1;
    } else {
        counts.positions = memo.len() as u64;
    }
    counts.terminal_positions = terminal;
    counts.plays = root.plays;
    counts.wins = root.wins;
    counts.draws = root.draws;
    counts.tree_nodes = root.nodes;
    Some(counts)
}

/// The distinct positions reachable from `state` (itself first), in breadth-first order,
/// at most `max` of them; the flag says whether the list is complete.
///
/// ```
/// use resolu_games::{Game, enumerate::reachable, matches::{Matches, TakeSet}};
///
/// let game = Matches::new(vec![5], TakeSet::one_to(3), false);
/// let (states, complete) = reachable(&game, &game.start(), 100);
/// assert!(complete);
/// assert_eq!(states.len(), 10); // (5, 1), (4, 2), and (k, 1), (k, 2) for k = 0..=3
/// ```
pub fn reachable<G: Game>(game: &G, state: &G::State, max: usize) -> (Vec<G::State>, bool) {
    let mut seen = indexset(state);
    let mut head = 0;
    let mut moves = Vec::new();
    while head < seen.len() {
        let current = seen[head].clone();
        head += 1;
        moves.clear();
        if game.result(&current).is_none() {
            game.moves(&current, &mut moves);
        }
        for mv in &moves {
            let child = game.play(&current, mv);
            if !seen.contains(&child) {
                if seen.len() >= max {
                    return (seen.into_vec(), false);
                }
                seen.push(child);
            }
        }
    }
    (seen.into_vec(), true)
}

/// A vector with a hash set beside it: insertion order and O(1) membership.
struct IndexSet<S> {
    items: Vec<S>,
    set: rustc_hash::FxHashSet<S>,
}

fn indexset<S: Clone + Eq + std::hash::Hash>(first: &S) -> IndexSet<S> {
    let mut set = rustc_hash::FxHashSet::default();
    set.insert(first.clone());
    IndexSet {
        items: vec![first.clone()],
        set,
    }
}

impl<S: Clone + Eq + std::hash::Hash> IndexSet<S> {
    fn len(&self) -> usize {
        self.items.len()
    }
    fn contains(&self, s: &S) -> bool {
        self.set.contains(s)
    }
    fn push(&mut self, s: S) {
        self.set.insert(s.clone());
        self.items.push(s);
    }
    fn into_vec(self) -> Vec<S> {
        self.items
    }
}

impl<S> std::ops::Index<usize> for IndexSet<S> {
    type Output = S;
    fn index(&self, i: usize) -> &S {
        &self.items[i]
    }
}
