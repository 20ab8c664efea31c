//! The store of seen states shared by the graph-search algorithms: each state once, with its
//! parent link, the action that reached it and its cost, so the path is rebuilt at the end.

use crate::{Path, Problem, Stats, Successor};
use indexmap::IndexMap;
use indexmap::map::Entry;
use rustc_hash::FxBuildHasher;

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

/// States in insertion order (so a node id is stable and iteration deterministic), each
/// stored once: the hash map's key is the only copy of the state.
pub(crate) struct Nodes<S, A> {
    map: IndexMap<S, NodeInfo<A>, FxBuildHasher>,
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

impl<S: Clone + Eq + std::hash::Hash, A: Clone> Nodes<S, A> {
    pub fn new(start: S) -> Self {
        let mut map = IndexMap::with_hasher(FxBuildHasher);
        map.insert(
            start,
            NodeInfo {
                parent: NONE,
                action: None,
                g: 0.0,
                step: 0.0,
                depth: 0,
                h: 0.0,
                closed: false,
            },
        );
        Nodes { map }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn state(&self, id: NodeId) -> &S {
        self.map.get_index(id as usize).expect("node id in range").0
    }

    pub fn info(&self, id: NodeId) -> &NodeInfo<A> {
        self.map.get_index(id as usize).expect("node id in range").1
    }

    pub fn info_mut(&mut self, id: NodeId) -> &mut NodeInfo<A> {
        self.map
            .get_index_mut(id as usize)
            .expect("node id in range")
            .1
    }

    /// Offers `succ`, reached from `parent` at cost `g`: stores it if new, updates it if
    /// `improve` holds for the old cost, else reports a duplicate. `better` decides.
    pub fn offer(
        &mut self,
        parent: NodeId,
        succ: Successor<S, A>,
        g: f64,
        depth: u32,
        better: impl Fn(&NodeInfo<A>) -> bool,
    ) -> Offer {
        let len = self.map.len();
        match self.map.entry(succ.state) {
            Entry::Vacant(v) => {
                v.insert(NodeInfo {
                    parent,
                    action: Some(succ.action),
                    g,
                    step: succ.cost,
                    depth,
                    h: 0.0,
                    closed: false,
                });
                Offer::New(len as NodeId)
            }
            Entry::Occupied(mut o) => {
                let id = o.index() as NodeId;
                let info = o.get_mut();
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
        let mut cost = 0.0;
        let mut cur = id;
        while let Some((state, info)) = self.map.get_index(cur as usize) {
            match &info.action {
                Some(a) => steps.push((a.clone(), state.clone())),
                None => break,
            }
            cost += info.step;
            cur = info.parent;
        }
        steps.reverse();
        Path {
            start: self.state(0).clone(),
            steps,
            cost,
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
