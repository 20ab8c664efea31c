//! The working memory: the facts the rules match, each with a time tag (its order of
//! arrival, for the recency strategies and refraction) and its origin (for explanations).
//!
//! Facts are indexed by functor and by the value of each argument, so that a pattern with
//! some arguments bound finds its candidates without looking at the other facts, and a
//! ground pattern (as in a negated condition `\+ seen(S1)` once `S1` is bound) is answered
//! by one hash look-up.

use resolu_logic::{Atom, Term};
use rustc_hash::{FxHashMap, FxHasher};
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

/// A fact's time tag: facts are numbered 0, 1, 2, ... as they arrive, and a fact removed
/// then added again gets a new tag.
pub type Tag = usize;

/// Where a fact comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// The initial working memory (observed facts).
    Initial,
    /// Added by a rule's action.
    Rule {
        /// The rule's name.
        rule: String,
        /// The cycle in which it fired (from 1).
        cycle: u64,
        /// The facts its conditions matched (by tag: a chain of derivations is shared
        /// between the facts it explains, never copied).
        premises: Vec<Tag>,
    },
}

/// A fact of the working memory, present or removed.
#[derive(Clone, Debug, PartialEq)]
pub struct Fact {
    /// The fact (a ground term).
    pub term: Term,
    /// Its time tag.
    pub tag: Tag,
    /// Where it comes from.
    pub origin: Origin,
    /// Whether it is still in the working memory.
    pub present: bool,
}

/// The index key of one argument: functor, arity, argument position, hash of its value.
type ArgKey = (Atom, usize, usize, u64);

/// The working memory: a set of ground facts, with every fact ever added kept for
/// explanations.
#[derive(Clone, Debug, Default)]
pub struct WorkingMemory {
    /// Every fact ever added, indexed by tag.
    history: Vec<Fact>,
    /// Present facts: term to tag.
    present: FxHashMap<Term, Tag>,
    /// Present facts by functor (ordered sets: oldest first, and removal in log time).
    by_functor: FxHashMap<(Atom, usize), BTreeSet<Tag>>,
    /// Present facts by the value of one argument.
    by_arg: FxHashMap<ArgKey, BTreeSet<Tag>>,
    /// An estimate of the bytes held by the present facts and their indexes.
    bytes: usize,
}

/// The hash of a term, for the argument index.
fn hash_of(t: &Term) -> u64 {
    let mut h = FxHasher::default();
    t.hash(&mut h);
    h.finish()
}

/// The number of nodes of a term (for the memory estimate).
pub(crate) fn term_size(t: &Term) -> usize {
    let mut n = 0;
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        n += 1;
        if let Term::Compound(_, args) = t {
            stack.extend(args.iter());
        }
    }
    n
}

/// Bytes counted per term node and per index entry (an estimate, for `--max-memory`).
const NODE_BYTES: usize = 32;
const ENTRY_BYTES: usize = 48;

impl WorkingMemory {
    /// An empty working memory.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a fact; `None` if an equal fact is already present (the memory is a set).
    pub fn add(&mut self, term: Term, origin: Origin) -> Option<Tag> {
        if self.present.contains_key(&term) {
            return None;
        }
        let tag = self.history.len();
        if let Some((f, n)) = term.functor() {
            self.by_functor.entry((f, n)).or_default().insert(tag);
            for (i, a) in term.args().iter().enumerate() {
                self.by_arg
                    .entry((f, n, i, hash_of(a)))
                    .or_default()
                    .insert(tag);
            }
        }
        self.bytes += 2 * term_size(&term) * NODE_BYTES + (term.args().len() + 3) * ENTRY_BYTES;
        self.present.insert(term.clone(), tag);
        self.history.push(Fact {
            term,
            tag,
            origin,
            present: true,
        });
        Some(tag)
    }

    /// Removes the present fact with this tag; whether it was present.
    pub fn remove(&mut self, tag: Tag) -> bool {
        let Some(fact) = self.history.get_mut(tag) else {
            return false;
        };
        if !fact.present {
            return false;
        }
        fact.present = false;
        self.present.remove(&fact.term);
        let term = &fact.term;
        self.bytes = self
            .bytes
            .saturating_sub(term_size(term) * NODE_BYTES + (term.args().len() + 2) * ENTRY_BYTES);
        if let Some((f, n)) = term.functor() {
            if let Some(tags) = self.by_functor.get_mut(&(f, n)) {
                tags.remove(&tag);
            }
            for (i, a) in term.args().iter().enumerate() {
                let key = (f, n, i, hash_of(a));
                if let Some(tags) = self.by_arg.get_mut(&key) {
                    tags.remove(&tag);
                    if tags.is_empty() {
                        self.by_arg.remove(&key);
                    }
                }
            }
        }
        true
    }

    /// The tag of a present fact equal to `term`.
    pub fn find(&self, term: &Term) -> Option<Tag> {
        self.present.get(term).copied()
    }

    /// The present facts with this functor, oldest first.
    pub fn with_functor(&self, name: Atom, arity: usize) -> impl Iterator<Item = Tag> + '_ {
        self.by_functor
            .get(&(name, arity))
            .into_iter()
            .flat_map(|s| s.iter().copied())
    }

    /// The present facts that may unify with `pattern`, oldest first: the equal fact if
    /// the pattern is ground, else those sharing the value of its most selective bound
    /// argument, else every fact with its functor. A superset: the caller unifies.
    pub fn candidates(&self, pattern: &Term) -> Vec<Tag> {
        let Some((f, n)) = pattern.functor() else {
            return Vec::new();
        };
        if pattern.is_ground() {
            return self.find(pattern).into_iter().collect();
        }
        let mut best: Option<&BTreeSet<Tag>> = None;
        for (i, a) in pattern.args().iter().enumerate() {
            if !a.is_ground() {
                continue;
            }
            match self.by_arg.get(&(f, n, i, hash_of(a))) {
                None => return Vec::new(),
                Some(s) if best.is_none_or(|b| s.len() < b.len()) => best = Some(s),
                Some(_) => {}
            }
        }
        match best.or_else(|| self.by_functor.get(&(f, n))) {
            Some(s) => s.iter().copied().collect(),
            None => Vec::new(),
        }
    }

    /// Like [`WorkingMemory::candidates`] for `pattern` with its variables looked up by
    /// `value` (bound ones as their values), without building the resolved pattern.
    pub fn candidates_under<'v>(
        &self,
        pattern: &Term,
        value: &dyn Fn(u32) -> Option<&'v Term>,
    ) -> Vec<Tag> {
        let Some((f, n)) = pattern.functor() else {
            return Vec::new();
        };
        let mut best: Option<&BTreeSet<Tag>> = None;
        for (i, a) in pattern.args().iter().enumerate() {
            let a = match a {
                Term::Var(v) => match value(*v) {
                    Some(t) => t,
                    None => continue,
                },
                a => a,
            };
            if !a.is_ground() {
                continue;
            }
            match self.by_arg.get(&(f, n, i, hash_of(a))) {
                None => return Vec::new(),
                Some(s) if best.is_none_or(|b| s.len() < b.len()) => best = Some(s),
                Some(_) => {}
            }
        }
        match best.or_else(|| self.by_functor.get(&(f, n))) {
            Some(s) => s.iter().copied().collect(),
            None => Vec::new(),
        }
    }

    /// The fact with this tag (present or removed).
    pub fn fact(&self, tag: Tag) -> Option<&Fact> {
        self.history.get(tag)
    }

    /// The present facts, oldest first.
    pub fn facts(&self) -> impl Iterator<Item = &Fact> {
        self.history.iter().filter(|f| f.present)
    }

    /// The number of present facts.
    pub fn len(&self) -> usize {
        self.present.len()
    }

    /// Whether no fact is present.
    pub fn is_empty(&self) -> bool {
        self.present.is_empty()
    }

    /// An estimate of the bytes the working memory holds (present facts, their indexes,
    /// and the history kept for explanations), for memory budgets.
    pub fn approx_bytes(&self) -> usize {
        self.bytes + self.history.len() * std::mem::size_of::<Fact>()
    }

    /// How `tag` was derived: the fact, then the facts it came from, each with its depth
    /// in the derivation tree (pre-order). A fact met a second time is listed (so that
    /// its place in the tree shows) but not explained again: the output is linear in the
    /// number of facts involved, however much the chains share.
    pub fn explain(&self, tag: Tag) -> Vec<(usize, &Fact)> {
        let mut out = Vec::new();
        let mut explained = vec![false; self.history.len()];
        let mut stack = vec![(0usize, tag)];
        while let Some((depth, t)) = stack.pop() {
            let Some(fact) = self.history.get(t) else {
                continue;
            };
            out.push((depth, fact));
            if std::mem::replace(&mut explained[t], true) {
                continue;
            }
            if let Origin::Rule { premises, .. } = &fact.origin {
                for &p in premises.iter().rev() {
                    stack.push((depth + 1, p));
                }
            }
        }
        out
    }
}
