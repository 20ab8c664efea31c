//! The store of seen states shared by the graph-search algorithms: each state once, with its
//! parent link, the action that reached it and its cost, so the path is rebuilt at the end.

use crate::{Path, Problem, Stats, Successor};
use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};

/// Index of a node in [`Nodes`]; `NONE` marks the root's parent.
pub(crate) type NodeId = u32;
pub(crate) const NONE: NodeId = NodeId::MAX;

pub(crate) struct NodeInfo<A> {
    pub parent: NodeId,
    pub action: Option<A>,
    pub g: f64,
    /// The cost of the step from the parent: the path's cost is summed from these, so it
    /// stays exact when an ancestor's cost improved after this node was stored.
    pub step: f64,
    pub depth: u32,
    /// The heuristic value, kept by best-first searches beside what they read with it.
    pub h: f64,
    /// Whether a best-first search has expanded the node.
    pub closed: bool,
}

struct Node<S, A> {
    state: S,
    info: NodeInfo<A>,
}

/// The room the store makes at once, in node records and in ids of the hash table: most
/// searches a user watches store a few hundred to a few thousand states, and growing from
/// empty rehashed a dozen times (measured: a fifth of A*'s time on the 8-puzzle). An id
/// takes 4 bytes, a record dozens, so the table starts larger.
const INITIAL_RECORDS: usize = 1024;
const INITIAL_IDS: usize = 4096;

/// States in insertion order (so a node id is stable and iteration deterministic), each
/// stored once, in its node; the hash table holds node ids and 32 bits of their state's
/// hash.
///
/// Why the hash in the table (#14): growing the table rehashes every entry, and rehashing
/// from the states meant hashing every board again (256 bytes each on 16x16: a pause of
/// a second when millions were stored, so a `--timeout 5` stopped at 6.4 s). With the hash
/// kept, a rehash reads 8 bytes an entry; a probe also compares the hashes before the
/// states. (Records in fixed segments, so that growing never copies them, were tried too:
/// 25% slower on the 8-puzzle for the extra indirection, and not needed: a large vector's
/// growth is a `mremap` of its pages, not a copy.)
pub(crate) struct Nodes<S, A> {
    nodes: Vec<Node<S, A>>,
    /// The table of states no larger than 16 bytes: ids alone (hashing such a state again
    /// costs a multiply, and 4-byte entries keep the 8-puzzle's small searches in cache:
    /// with the hash beside them they ran 12% slower).
    ids: HashTable<NodeId>,
    /// The table of larger states: ids and hashes.
    hashed: HashTable<(NodeId, u32)>,
    /// The most records the memory budget allows (the search stops soon after): the record
    /// vector grows up to it, not to the next power of two, which could ask the allocator
    /// for twice the budget at once.
    max_records: usize,
}

/// Records added beyond `max_records` at most: the searches check the budget before each
/// expansion, so one expansion's successors may land past it.
const SLACK_RECORDS: usize = 1024;

/// The table's 64-bit hash from the 32 bits it keeps, repeated: hashbrown reads its bucket
/// from the low bits and its control byte from the high ones. (A multiply to spread them
/// cost 4% on the 8-puzzle, whose searches are a few hundred nodes each.)
#[inline]
fn spread(h: u32) -> u64 {
    u64::from(h) << 32 | u64::from(h)
}

/// What [`Nodes::offer`] found.
pub(crate) enum Offer {
    /// A state never seen before, now stored.
    New(NodeId),
    /// A state seen before, whose cost dropped from `old_g` (the node is updated).
    Better(NodeId, f64),
    /// A state seen before at a cost at least as good (its node).
    Worse(NodeId),
}

/// The state's hash (Fx).
#[inline]
fn hash<S: Hash>(state: &S) -> u64 {
    FxBuildHasher.hash_one(state)
}

/// 32 bits of a hash, its two halves folded, for the table that keeps them. (Fx's high
/// half alone, tried first, depends on only the low 38 bits of a `u64` state: 15-puzzle
/// boards differing in their last six cells collided, and A* ran four times slower.)
#[inline]
fn fold(h: u64) -> u32 {
    (h ^ (h >> 32)) as u32
}

impl<S: Clone + Eq + Hash, A: Clone> Nodes<S, A> {
    /// Whether the table keeps each state's hash (see [`Nodes`]).
    const KEEP_HASH: bool = std::mem::size_of::<S>() > 16;

    /// A store holding `start`, for at most about `max_states` states (the budget's).
    pub fn new(start: S, max_states: u64) -> Self {
        let (mut ids, mut hashed) = (HashTable::new(), HashTable::new());
        if Self::KEEP_HASH {
            let h = fold(hash(&start));
            hashed.reserve(INITIAL_IDS, |&(_, h)| spread(h));
            hashed.insert_unique(spread(h), (0, h), |&(_, h)| spread(h));
        } else {
            ids.reserve(INITIAL_IDS, |_: &NodeId| unreachable!("empty"));
            ids.insert_unique(hash(&start), 0, |_: &NodeId| unreachable!("room was made"));
        }
        let mut nodes = Vec::with_capacity(INITIAL_RECORDS);
        nodes.push(Node {
            state: start,
            info: NodeInfo {
                parent: NONE,
                action: None,
                g: 0.0,
                step: 0.0,
                depth: 0,
                h: 0.0,
                closed: false,
            },
        });
        Nodes {
            nodes,
            ids,
            hashed,
            max_records: usize::try_from(max_states).unwrap_or(usize::MAX),
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn state(&self, id: NodeId) -> &S {
        &self.nodes[id as usize].state
    }

    pub fn info(&self, id: NodeId) -> &NodeInfo<A> {
        &self.nodes[id as usize].info
    }

    pub fn info_mut(&mut self, id: NodeId) -> &mut NodeInfo<A> {
        &mut self.nodes[id as usize].info
    }

    /// Offers `succ`, reached from `parent` at cost `g`: stores it if new, updates it if
    /// `better` holds for the old node, else reports a duplicate. One probe of the table
    /// either way: a new state goes into the slot the search for it ended on.
    #[inline]
    pub fn offer(
        &mut self,
        parent: NodeId,
        succ: Successor<S, A>,
        g: f64,
        depth: u32,
        better: impl Fn(&NodeInfo<A>) -> bool,
    ) -> Offer {
        let nodes = &mut self.nodes;
        let full = hash(&succ.state);
        let new_id = nodes.len() as NodeId;
        let seen = if Self::KEEP_HASH {
            let h = fold(full);
            let entry = self.hashed.entry(
                spread(h),
                |&(id, hh)| hh == h && nodes[id as usize].state == succ.state,
                |&(_, hh)| spread(hh),
            );
            match entry {
                Entry::Occupied(o) => Some(o.get().0),
                Entry::Vacant(v) => {
                    v.insert((new_id, h));
                    None
                }
            }
        } else {
            let entry = self.ids.entry(
                full,
                |&id| nodes[id as usize].state == succ.state,
                |&id| hash(&nodes[id as usize].state),
            );
            match entry {
                Entry::Occupied(o) => Some(*o.get()),
                Entry::Vacant(v) => {
                    v.insert(new_id);
                    None
                }
            }
        };
        match seen {
            None => {
                let id = new_id;
                if nodes.len() == nodes.capacity() {
                    let len = nodes.len();
                    let room = len.min(self.max_records.saturating_sub(len));
                    nodes.reserve_exact(room.max(SLACK_RECORDS));
                }
                nodes.push(Node {
                    state: succ.state,
                    info: NodeInfo {
                        parent,
                        action: Some(succ.action),
                        g,
                        step: succ.cost,
                        depth,
                        h: 0.0,
                        closed: false,
                    },
                });
                Offer::New(id)
            }
            Some(id) => {
                let info = &mut nodes[id as usize].info;
                if better(info) {
                    let old = info.g;
                    info.parent = parent;
                    info.action = Some(succ.action);
                    info.g = g;
                    info.step = succ.cost;
                    info.depth = depth;
                    Offer::Better(id, old)
                } else {
                    Offer::Worse(id)
                }
            }
        }
    }

    /// The path from the root to `id`.
    pub fn path(&self, id: NodeId) -> Path<S, A> {
        let mut steps = Vec::new();
        let mut step_costs = Vec::new();
        let mut cost = 0.0;
        let mut cur = id;
        while let Some(Node { state, info }) = self.nodes.get(cur as usize) {
            match &info.action {
                Some(a) => steps.push((a.clone(), state.clone())),
                None => break,
            }
            cost += info.step;
            step_costs.push(info.step);
            cur = info.parent;
        }
        steps.reverse();
        step_costs.reverse();
        Path {
            start: self.state(0).clone(),
            steps,
            cost,
            step_costs,
        }
    }
}

/// Generates the successors of `state` into `buf` (cleared first), counting them.
#[inline]
pub(crate) fn expand<P: Problem>(
    problem: &P,
    state: &P::State,
    buf: &mut Vec<Successor<P::State, P::Action>>,
    stats: &mut Stats,
) {
    buf.clear();
    problem.successors(state, buf);
    stats.expanded += 1;
    stats.generated += buf.len() as u64;
}

/// A node of [`Arena`]: what the in-place A* reads and updates beside the state, with
/// costs in the problem's [`Cost`] type (four bytes each for whole-number costs, where
/// [`NodeInfo`]'s `f64`s and flags took 40 bytes a node).
pub(crate) struct Rec<A, C> {
    pub parent: NodeId,
    pub action: Option<A>,
    pub g: C,
    /// The cost of the step from the parent (see [`NodeInfo::step`]).
    pub step: C,
    pub h: C,
}

/// The store of the in-place A*: each state once, in a vector of states alone (a probe
/// compares states, and a dense vector of 16-byte boards keeps four to a cache line),
/// records in a parallel vector, and a table of ids keyed by the state's hash, as in
/// [`Nodes`]. A state is cloned into the store only when it is new: the search hands in
/// the one state it changes in place.
pub(crate) struct Arena<S, A, C> {
    pub states: Vec<S>,
    pub recs: Vec<Rec<A, C>>,
    ids: HashTable<NodeId>,
    hashed: HashTable<(NodeId, u32)>,
    max_records: usize,
}

impl<S: Clone + Eq + Hash, A: Clone, C: Copy> Arena<S, A, C> {
    const KEEP_HASH: bool = std::mem::size_of::<S>() > 16;

    /// A store holding `start` (estimate `h`, cost `zero`), for at most about
    /// `max_states` states.
    pub fn new(start: S, zero: C, h: C, max_states: u64) -> Self {
        let mut arena = Arena {
            states: Vec::with_capacity(INITIAL_RECORDS),
            recs: Vec::with_capacity(INITIAL_RECORDS),
            ids: HashTable::new(),
            hashed: HashTable::new(),
            max_records: usize::try_from(max_states).unwrap_or(usize::MAX),
        };
        if Self::KEEP_HASH {
            arena.hashed.reserve(INITIAL_IDS, |&(_, h)| spread(h));
        } else {
            arena
                .ids
                .reserve(INITIAL_IDS, |_: &NodeId| unreachable!("empty"));
        }
        let start_rec = Rec {
            parent: NONE,
            action: None,
            g: zero,
            step: zero,
            h,
        };
        let _ = arena.find_or_insert(&start, || start_rec);
        arena
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// The id of `state`: `Ok` if it was new (stored now with the record `rec` makes),
    /// `Err` if it was seen before. One probe of the table either way.
    #[inline(always)]
    pub fn find_or_insert(
        &mut self,
        state: &S,
        rec: impl FnOnce() -> Rec<A, C>,
    ) -> Result<NodeId, NodeId> {
        let states = &self.states;
        let full = hash(state);
        let new_id = states.len() as NodeId;
        if Self::KEEP_HASH {
            let h = fold(full);
            match self.hashed.entry(
                spread(h),
                |&(id, hh)| hh == h && states[id as usize] == *state,
                |&(_, hh)| spread(hh),
            ) {
                Entry::Occupied(o) => return Err(o.get().0),
                Entry::Vacant(v) => {
                    v.insert((new_id, h));
                }
            }
        } else {
            match self.ids.entry(
                full,
                |&id| states[id as usize] == *state,
                |&id| hash(&states[id as usize]),
            ) {
                Entry::Occupied(o) => return Err(*o.get()),
                Entry::Vacant(v) => {
                    v.insert(new_id);
                }
            }
        }
        if self.states.len() == self.states.capacity() {
            let len = self.states.len();
            let room = len
                .min(self.max_records.saturating_sub(len))
                .max(SLACK_RECORDS);
            self.states.reserve_exact(room);
            self.recs.reserve_exact(room);
        }
        self.states.push(state.clone());
        self.recs.push(rec());
        Ok(new_id)
    }

    /// The path from the root to `id`, each step's cost converted by `to_f64`.
    pub fn path(&self, id: NodeId, to_f64: impl Fn(C) -> f64) -> Path<S, A> {
        let (mut steps, mut step_costs) = (Vec::new(), Vec::new());
        let mut cur = id;
        while let Some(rec) = self.recs.get(cur as usize) {
            let Some(a) = &rec.action else { break };
            steps.push((a.clone(), self.states[cur as usize].clone()));
            step_costs.push(to_f64(rec.step));
            cur = rec.parent;
        }
        steps.reverse();
        step_costs.reverse();
        Path::new(self.states[0].clone(), steps, step_costs)
    }
}
