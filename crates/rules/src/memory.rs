//! The working memory: the facts the rules match, each with a time tag (its order of
//! arrival, for the recency strategy and refraction) and its origin (for explanations).

use resolu_logic::{Atom, Term};
use rustc_hash::FxHashMap;

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
        /// The facts its conditions matched.
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

/// The working memory: a set of ground facts, with every fact ever added kept for
/// explanations.
#[derive(Clone, Debug, Default)]
pub struct WorkingMemory {
    /// Every fact ever added, indexed by tag.
    history: Vec<Fact>,
    /// Present facts: term to tag.
    present: FxHashMap<Term, Tag>,
    /// Present facts by functor, in order of arrival.
    by_functor: FxHashMap<(Atom, usize), Vec<Tag>>,
}

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
        if let Some(key) = term.functor() {
            self.by_functor.entry(key).or_default().push(tag);
        }
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
        if let Some(key) = fact.term.functor()
            && let Some(tags) = self.by_functor.get_mut(&key)
        {
            tags.retain(|&t| t != tag);
        }
        true
    }

    /// The tag of a present fact equal to `term`.
    pub fn find(&self, term: &Term) -> Option<Tag> {
        self.present.get(term).copied()
    }

    /// The present facts with this functor, oldest first.
    pub fn with_functor(&self, name: Atom, arity: usize) -> &[Tag] {
        self.by_functor
            .get(&(name, arity))
            .map_or(&[], |v| v.as_slice())
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

    /// How `tag` was derived: the fact, then the facts it came from, each with its depth
    /// in the derivation tree (pre-order, each fact explained once).
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
