//! The working memory: the facts the rules match, each with a time tag (its order of
//! arrival, for the recency strategies and refraction) and its origin (for explanations).
//!
//! Facts are stored as shared terms (the crate's `terms` module) and indexed by functor
//! and by the values of the arguments each rule's pattern has bound when it is matched (its
//! *access path*, found when the rules are compiled): a pattern with some arguments bound finds
//! its candidates by one hash look-up, and a ground pattern (as in a negated condition
//! `\+ seen(S1)` once `S1` is bound) is answered by one look-up of the term's number.

use crate::terms::{Id, Pattern, Terms};
use resolu_logic::{Atom, Term};
use rustc_hash::{FxHashMap, FxHasher};
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

/// A fact of the working memory, present or removed (a copy made when asked for: the
/// memory keeps the fact as a shared term).
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

/// What the memory keeps of a fact beside its shared term.
#[derive(Clone, Debug)]
struct Record {
    origin: Origin,
    present: bool,
}

/// The key of one access path: functor, arity, the mask of the bound argument positions.
type PathKey = (Atom, usize, u64);

/// The facts and their indexes, apart from the table of terms (so that matching can read
/// the one while a Prolog answer adds to the other).
#[derive(Clone, Debug, Default)]
pub(crate) struct Store {
    /// Every fact ever added, indexed by tag: its origin and whether it is present. Its
    /// term is `ids[tag]`, made a `Term` only when asked for (a Hanoi situation kept as
    /// a `Term` per fact was most of the run's memory, and building it a tenth of a
    /// cycle).
    history: Vec<Record>,
    /// The shared term of each fact, by tag.
    ids: Vec<Id>,
    /// Present facts: term to tag.
    present: FxHashMap<Id, Tag>,
    /// Facts by functor, oldest first: the present ones and some removed ones, left in
    /// place until they are half the list (removing from the middle of a long list
    /// shifted its tail: 12% of Waltz's instructions).
    by_functor: FxHashMap<(Atom, usize), Tags>,
    /// Whether the fact with this tag is present, by tag.
    live: Vec<bool>,
    /// The access paths indexed, per functor: masks of bound argument positions.
    paths: FxHashMap<(Atom, usize), Vec<u64>>,
    /// Facts by access path and hash of the bound arguments' values, oldest first: the
    /// present ones and some removed ones, as in `by_functor`.
    by_path: FxHashMap<(PathKey, u64), Tags>,
    /// An estimate of the bytes held by the present facts and their indexes.
    bytes: usize,
}

/// The hash of the arguments at the positions of `mask`.
fn path_hash(mask: u64, args: impl Iterator<Item = Id>) -> u64 {
    let mut h = FxHasher::default();
    for (i, a) in args.enumerate() {
        if i < 64 && mask & (1 << i) != 0 {
            a.hash(&mut h);
        }
    }
    h.finish()
}

/// Bytes counted per fact and per index entry (an estimate, for `--max-memory`).
const FACT_BYTES: usize = 96;
const ENTRY_BYTES: usize = 24;

/// A list of tags, oldest first, with the number of those removed from the working
/// memory but still in it.
#[derive(Clone, Debug, Default)]
struct Tags {
    tags: Vec<Tag>,
    dead: usize,
}

impl Tags {
    /// Counts one more of the list's facts removed (`live` says which are present):
    /// once they are all removed, or most of a long list, the list keeps only the
    /// present ones. Whether it is empty.
    fn drop_one(&mut self, live: &[bool]) -> bool {
        self.dead += 1;
        if self.dead == self.tags.len() || (self.dead > 16 && self.dead * 2 > self.tags.len()) {
            self.tags.retain(|&t| live[t]);
            self.dead = 0;
        }
        self.tags.is_empty()
    }
}

impl Store {
    /// The shared term of the fact `tag`.
    pub(crate) fn id(&self, tag: Tag) -> Id {
        self.ids[tag]
    }

    /// The tag of the present fact whose term is `id`.
    pub(crate) fn find_id(&self, id: Id) -> Option<Tag> {
        self.present.get(&id).copied()
    }

    /// Whether the fact `tag` is present.
    pub(crate) fn is_present(&self, tag: Tag) -> bool {
        self.live.get(tag).copied().unwrap_or(false)
    }

    /// The facts with this functor, oldest first: the present ones and some removed
    /// ones (the caller skips those, [`Store::is_present`]).
    pub(crate) fn with_functor(&self, key: (Atom, usize)) -> &[Tag] {
        self.by_functor.get(&key).map_or(&[], |v| v.tags.as_slice())
    }

    /// The facts that may match `pattern` under `slots` through the access path `mask`
    /// (its bound argument positions): oldest first, a superset (the caller matches, and
    /// skips removed facts, which a list of all the functor's facts may hold). Empty when
    /// a bound argument's value is a term no fact can hold.
    pub(crate) fn candidates(
        &self,
        pattern: &Pattern,
        mask: u64,
        terms: &Terms,
        slots: &[Id],
    ) -> &[Tag] {
        if mask == 0 {
            return self.with_functor(pattern.key());
        }
        let mut h = FxHasher::default();
        for (i, a) in pattern.args.iter().enumerate() {
            if i < 64 && mask & (1 << i) != 0 {
                match a.lookup(terms, slots) {
                    Some(id) => id.hash(&mut h),
                    None => return &[],
                }
            }
        }
        let (name, arity) = pattern.key();
        self.by_path
            .get(&((name, arity, mask), h.finish()))
            .map_or(&[], |v| v.tags.as_slice())
    }

    /// Indexes the facts of `name/arity` by the arguments of `mask` (once).
    pub(crate) fn add_path(&mut self, name: Atom, arity: usize, mask: u64, terms: &Terms) {
        if mask == 0 {
            return;
        }
        let masks = self.paths.entry((name, arity)).or_default();
        if masks.contains(&mask) {
            return;
        }
        masks.push(mask);
        let list = self.by_functor.get(&(name, arity));
        for &tag in list.into_iter().flat_map(|l| l.tags.iter()) {
            if !self.live[tag] {
                continue;
            }
            let h = path_hash(mask, terms.args(self.ids[tag]).iter().copied());
            self.by_path
                .entry(((name, arity, mask), h))
                .or_default()
                .tags
                .push(tag);
            self.bytes += ENTRY_BYTES;
        }
    }

    /// Adds the fact `id`; `None` if it is already present (the memory is a set).
    pub(crate) fn add(&mut self, id: Id, origin: Origin, terms: &Terms) -> Option<Tag> {
        if self.present.contains_key(&id) {
            return None;
        }
        let tag = self.history.len();
        if let Some(key) = terms.functor(id) {
            self.by_functor.entry(key).or_default().tags.push(tag);
            for &mask in self.paths.get(&key).into_iter().flatten() {
                let h = path_hash(mask, terms.args(id).iter().copied());
                self.by_path
                    .entry(((key.0, key.1, mask), h))
                    .or_default()
                    .tags
                    .push(tag);
                self.bytes += ENTRY_BYTES;
            }
        }
        self.bytes += FACT_BYTES + terms.tree_size(id) * 40;
        self.present.insert(id, tag);
        self.ids.push(id);
        self.live.push(true);
        self.history.push(Record {
            origin,
            present: true,
        });
        Some(tag)
    }

    /// Removes the present fact with this tag; whether it was present.
    pub(crate) fn remove(&mut self, tag: Tag, terms: &Terms) -> bool {
        let Some(fact) = self.history.get_mut(tag) else {
            return false;
        };
        if !fact.present {
            return false;
        }
        fact.present = false;
        let id = self.ids[tag];
        self.present.remove(&id);
        self.live[tag] = false;
        if let Some(key) = terms.functor(id) {
            if let Some(list) = self.by_functor.get_mut(&key) {
                list.drop_one(&self.live);
            }
            for &mask in self.paths.get(&key).into_iter().flatten() {
                let h = path_hash(mask, terms.args(id).iter().copied());
                let k = ((key.0, key.1, mask), h);
                if let Some(list) = self.by_path.get_mut(&k)
                    && list.drop_one(&self.live)
                {
                    self.by_path.remove(&k);
                }
                self.bytes = self.bytes.saturating_sub(ENTRY_BYTES);
            }
        }
        true
    }
}

/// The working memory: a set of ground facts, with every fact ever added kept for
/// explanations.
#[derive(Clone, Debug, Default)]
pub struct WorkingMemory {
    /// The shared terms of the facts (and of everything else the engine keeps).
    pub(crate) terms: Terms,
    /// The facts and their indexes.
    pub(crate) store: Store,
}

impl WorkingMemory {
    /// An empty working memory.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a fact; `None` if an equal fact is already present (the memory is a set).
    pub fn add(&mut self, term: Term, origin: Origin) -> Option<Tag> {
        let id = self.terms.intern(&term);
        self.store.add(id, origin, &self.terms)
    }

    /// Adds the fact stored as `id`.
    pub(crate) fn add_id(&mut self, id: Id, origin: Origin) -> Option<Tag> {
        if self.store.present.contains_key(&id) {
            return None;
        }
        self.store.add(id, origin, &self.terms)
    }

    /// Removes the present fact with this tag; whether it was present.
    pub fn remove(&mut self, tag: Tag) -> bool {
        self.store.remove(tag, &self.terms)
    }

    /// The tag of a present fact equal to `term`.
    pub fn find(&self, term: &Term) -> Option<Tag> {
        self.terms
            .lookup(term)
            .and_then(|id| self.store.find_id(id))
    }

    /// The present facts with this functor, oldest first.
    pub fn with_functor(&self, name: Atom, arity: usize) -> impl Iterator<Item = Tag> + '_ {
        self.store
            .with_functor((name, arity))
            .iter()
            .copied()
            .filter(|&t| self.store.is_present(t))
    }

    /// The fact with this tag (present or removed).
    pub fn fact(&self, tag: Tag) -> Option<Fact> {
        let record = self.store.history.get(tag)?;
        Some(Fact {
            term: self.terms.term(self.store.ids[tag]),
            tag,
            origin: record.origin.clone(),
            present: record.present,
        })
    }

    /// The fact with this tag as a term (present or removed).
    pub fn fact_term(&self, tag: Tag) -> Option<Term> {
        self.store.ids.get(tag).map(|&id| self.terms.term(id))
    }

    /// The present facts, oldest first.
    pub fn facts(&self) -> impl Iterator<Item = Fact> + '_ {
        let history = &self.store.history;
        (0..history.len())
            .filter(|&t| history[t].present)
            .filter_map(|t| self.fact(t))
    }

    /// The number of present facts.
    pub fn len(&self) -> usize {
        self.store.present.len()
    }

    /// Whether no fact is present.
    pub fn is_empty(&self) -> bool {
        self.store.present.is_empty()
    }

    /// An estimate of the bytes the working memory holds (present facts, their indexes,
    /// the history kept for explanations, the shared terms), for memory budgets.
    pub fn approx_bytes(&self) -> usize {
        self.store.bytes
            + self.store.history.len() * std::mem::size_of::<Record>()
            + self.terms.approx_bytes()
    }

    /// How `tag` was derived: the fact, then the facts it came from, each with its depth
    /// in the derivation tree (pre-order). A fact met a second time is listed (so that
    /// its place in the tree shows) but not explained again: the output is linear in the
    /// number of facts involved, however much the chains share.
    pub fn explain(&self, tag: Tag) -> Vec<(usize, Fact)> {
        let history = &self.store.history;
        let mut out = Vec::new();
        let mut explained = vec![false; history.len()];
        let mut stack = vec![(0usize, tag)];
        while let Some((depth, t)) = stack.pop() {
            let Some(record) = history.get(t) else {
                continue;
            };
            if let Some(fact) = self.fact(t) {
                out.push((depth, fact));
            }
            if std::mem::replace(&mut explained[t], true) {
                continue;
            }
            if let Origin::Rule { premises, .. } = &record.origin {
                for &p in premises.iter().rev() {
                    stack.push((depth + 1, p));
                }
            }
        }
        out
    }
}
