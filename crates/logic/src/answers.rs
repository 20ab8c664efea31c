//! What a query gives back: the bindings of an answer and its proof tree.

use crate::Operators;
use crate::term::Term;

/// One answer: the bindings of the query's named variables (in the order they appear in
/// the query, `_`-variables left out), unbound variables numbered `_G1`, `_G2`, ... in
/// this answer; and the proof tree when [`crate::Options::explain`] is set. It keeps the
/// operators of the database that gave it, to be written as that database writes.
#[derive(Clone, Debug)]
pub struct Answer {
    /// `(name, value)` pairs.
    pub bindings: Vec<(String, Term)>,
    /// The proof, with `Options::explain`.
    pub proof: Option<Proof>,
    /// The operators of the answer's database.
    pub(crate) operators: Operators,
}

/// Two answers are equal when their bindings and proofs are (whatever their databases).
impl PartialEq for Answer {
    fn eq(&self, other: &Answer) -> bool {
        self.bindings == other.bindings && self.proof == other.proof
    }
}

impl Answer {
    /// The operators of the database that gave the answer: its values and proof written
    /// as that database's `writeq/1` writes them.
    pub fn operators(&self) -> &Operators {
        &self.operators
    }

    /// The value of the variable called `name`.
    pub fn get(&self, name: &str) -> Option<&Term> {
        self.bindings
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t)
    }
}

/// A proof tree, flattened in pre-order: each node's children follow it, one level deeper.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    /// The nodes in pre-order.
    pub nodes: Vec<ProofNode>,
}

/// One goal of a proof and how it was proved.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofNode {
    /// Depth in the tree (0 for the query's goals).
    pub depth: usize,
    /// The goal, with the answer's bindings applied.
    pub goal: Term,
    /// The clause used (as written in the program), or `None` for a built-in.
    pub clause: Option<Term>,
}
