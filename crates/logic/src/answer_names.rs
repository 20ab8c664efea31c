//! The names of an answer's unbound variables in text, as SWI-Prolog 9's top level gives
//! them: a query variable left unbound by its own name (`L = [A,_]`), and the binding
//! `A = A` left out; any other variable `_` when it occurs once in the whole answer (its
//! bindings' values written whole), `_A`, `_B`, ... `_Z`, `_A1`... when it occurs more
//! than once, lettered in the order they are written. JSON answers keep `_G1`, `_G2`...
//!
//! The occurrences are counted over the whole values, before the answer is written: an
//! abbreviated `T = f(g(...),_A)` says that `_A` occurs again in the part cut.

use crate::term::Term;
use crate::write::{TermSource, View};
use rustc_hash::FxHashMap;

/// A set of small numbers (heap addresses, variable numbers), a bit each.
#[derive(Default)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    /// An empty set with room for the numbers below `n`.
    pub(crate) fn with_room(n: usize) -> Self {
        Bits(vec![0; n.div_ceil(64)])
    }

    /// Whether `i` is in the set.
    pub(crate) fn contains(&self, i: u32) -> bool {
        self.0
            .get(i as usize / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }

    /// Adds `i`; false when it was there already.
    pub(crate) fn insert(&mut self, i: u32) -> bool {
        let w = i as usize / 64;
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        let b = 1u64 << (i % 64);
        let fresh = self.0[w] & b == 0;
        self.0[w] |= b;
        fresh
    }

    /// The numbers of the set, in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64u32)
                .filter(move |b| bits & (1u64 << b) != 0)
                .map(move |b| w as u32 * 64 + b)
        })
    }
}

/// How the unbound variables of one answer are written (by an identifier: a heap address,
/// or a [`Term::Var`] number).
#[derive(Default)]
pub(crate) struct AnswerNames {
    /// The variables that query variables stand for, by the name of the last one (SWI:
    /// `X = Y` answers `X = Y`).
    named: FxHashMap<u32, String>,
    /// The variables that occur more than once in the answer.
    pub(crate) shared: Bits,
    /// The letters given so far (`_A` is 0).
    letters: FxHashMap<u32, usize>,
}

impl AnswerNames {
    /// Names the variable `v` after the query variable `name` (the last one given wins).
    pub(crate) fn name_after_query(&mut self, v: u32, name: &str) {
        self.named.insert(v, name.to_string());
    }

    /// Whether the binding `name = v` says nothing (`A = A`): left out of the answer.
    pub(crate) fn is_own_name(&self, v: u32, name: &str) -> bool {
        self.named.get(&v).is_some_and(|n| n == name)
    }

    /// The text of the variable `v`.
    pub(crate) fn text(&mut self, v: u32) -> String {
        if let Some(name) = self.named.get(&v) {
            return name.clone();
        }
        if !self.shared.contains(v) {
            return "_".into();
        }
        let next = self.letters.len();
        let n = *self.letters.entry(v).or_insert(next);
        format!("_{}", crate::write::var_name(n as i64))
    }

    /// The names of the answer `bindings` read back: counts their variables' occurrences.
    pub(crate) fn of_bindings(bindings: &[(String, Term)]) -> Self {
        let mut names = AnswerNames::default();
        let mut seen = Bits::default();
        let mut todo: Vec<&Term> = Vec::new();
        for (name, value) in bindings {
            if let Term::Var(v) = value {
                names.name_after_query(*v, name);
            }
            todo.push(value);
        }
        // A term read back is a tree: each occurrence is met once.
        while let Some(t) = todo.pop() {
            match t {
                // Met before: more than once.
                Term::Var(v) if !seen.insert(*v) => {
                    names.shared.insert(*v);
                }
                Term::Compound(_, args) => todo.extend(args.iter()),
                _ => {}
            }
        }
        names
    }
}

/// A term read back, written with the names of its answer.
pub(crate) struct NamedTerms<'t, 'n> {
    pub(crate) names: &'n mut AnswerNames,
    pub(crate) term: std::marker::PhantomData<&'t Term>,
}

impl<'t> TermSource for NamedTerms<'t, '_> {
    type Node = &'t Term;

    fn view(&mut self, mut n: &'t Term) -> View {
        n.view(n)
    }

    fn arg(&mut self, mut n: &'t Term, i: usize) -> &'t Term {
        n.arg(n, i)
    }

    fn var_text(&mut self, v: u32) -> String {
        self.names.text(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_are_named_by_their_query_variable_or_their_occurrences() {
        let bindings = vec![
            ("X".to_string(), Term::Var(0)),
            ("Y".to_string(), Term::Var(0)),
            (
                "T".to_string(),
                Term::compound(
                    "f",
                    vec![Term::Var(3), Term::Var(2), Term::Var(3), Term::Var(0)],
                ),
            ),
        ];
        let mut names = AnswerNames::of_bindings(&bindings);
        assert_eq!(names.text(0), "Y");
        assert!(names.is_own_name(0, "Y"));
        assert!(!names.is_own_name(0, "X"));
        assert_eq!(names.text(2), "_");
        assert_eq!(names.text(3), "_A");
        assert_eq!(names.text(3), "_A");
    }

    #[test]
    fn letters_go_on_after_z_as_swi_prolog_numbers_them() {
        let mut names = AnswerNames::default();
        for v in 0..28 {
            names.shared.insert(v);
        }
        let texts: Vec<String> = (0..28).map(|v| names.text(v)).collect();
        assert_eq!(texts[0], "_A");
        assert_eq!(texts[25], "_Z");
        assert_eq!(texts[26], "_A1");
        assert_eq!(texts[27], "_B1");
    }

    #[test]
    fn a_set_of_bits_grows_on_demand() {
        let mut bits = Bits::with_room(10);
        assert!(bits.insert(3));
        assert!(!bits.insert(3));
        assert!(bits.insert(700));
        assert!(bits.contains(700) && !bits.contains(699));
        assert_eq!(bits.iter().collect::<Vec<_>>(), vec![3, 700]);
    }
}
