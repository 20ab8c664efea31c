//! Shared terms: every term the engine keeps (facts, values of variables, constants of
//! patterns) is stored once, in a hash-consed table, and named by a number.
//!
//! Two equal terms get the same number, so comparing, hashing or copying a value is one
//! machine word, however large the term; a new term shares the subterms already stored
//! (a Hanoi situation after a move adds about five nodes, not a copy of every peg). The
//! table only grows: a run keeps every term it met (the working memory's history keeps
//! them anyway, for explanations).

use resolu_logic::{Atom, HostNode, HostTerms, Term, atoms};
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

/// The number of a stored term.
pub(crate) type Id = u32;

/// No term: an unbound slot.
pub(crate) const NONE: Id = Id::MAX;

/// The kind of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Atom,
    Int,
    Float,
    Str,
    Var,
    Compound,
}

/// One stored term: its kind, its atom (name, string or functor), its number (integer,
/// float bits or variable number), its arguments (a range of `Terms::kids`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) atom: Atom,
    pub(crate) value: i64,
    start: u32,
    len: u32,
    ground: bool,
    /// The next node whose hash falls in the same bucket.
    next: Id,
}

/// The table of shared terms.
#[derive(Clone, Debug, Default)]
pub(crate) struct Terms {
    nodes: Vec<Node>,
    kids: Vec<Id>,
    /// Hash of a node to the first node with that hash (the others are chained by `next`).
    buckets: FxHashMap<u64, Id>,
    /// Scratch space for the arguments being built (a stack, reused).
    scratch: Vec<Id>,
}

fn hash_node(kind: Kind, atom: Atom, value: i64, kids: &[Id]) -> u64 {
    let mut h = FxHasher::default();
    kind.hash(&mut h);
    atom.id().hash(&mut h);
    value.hash(&mut h);
    kids.hash(&mut h);
    h.finish()
}

impl Terms {
    /// The node of `id`.
    pub(crate) fn node(&self, id: Id) -> &Node {
        &self.nodes[id as usize]
    }

    /// The arguments of `id` (empty unless a compound).
    pub(crate) fn args(&self, id: Id) -> &[Id] {
        let n = &self.nodes[id as usize];
        &self.kids[n.start as usize..(n.start + n.len) as usize]
    }

    /// Whether the term has no variable.
    pub(crate) fn is_ground(&self, id: Id) -> bool {
        self.nodes[id as usize].ground
    }

    /// The functor of a compound or atom.
    pub(crate) fn functor(&self, id: Id) -> Option<(Atom, usize)> {
        let n = &self.nodes[id as usize];
        match n.kind {
            Kind::Atom => Some((n.atom, 0)),
            Kind::Compound => Some((n.atom, n.len as usize)),
            _ => None,
        }
    }

    /// Bytes held, an estimate: the vectors by their capacity (a vector that doubled
    /// holds twice what it uses), the hash buckets by their number.
    pub(crate) fn approx_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.buckets.capacity() / 7 * 8 * 17
            + self.kids.capacity() * 4
    }

    /// The node with these parts, if stored.
    fn find(&self, kind: Kind, atom: Atom, value: i64, kids: &[Id]) -> (u64, Option<Id>) {
        let h = hash_node(kind, atom, value, kids);
        let mut at = self.buckets.get(&h).copied().unwrap_or(NONE);
        while at != NONE {
            let n = &self.nodes[at as usize];
            if n.kind == kind
                && n.atom == atom
                && n.value == value
                && self.kids[n.start as usize..(n.start + n.len) as usize] == *kids
            {
                return (h, Some(at));
            }
            at = n.next;
        }
        (h, None)
    }

    /// The id of the node with these parts, stored if new.
    fn make(&mut self, kind: Kind, atom: Atom, value: i64, kids: &[Id]) -> Id {
        let (h, found) = self.find(kind, atom, value, kids);
        if let Some(id) = found {
            return id;
        }
        let id = self.nodes.len() as Id;
        let ground = kind != Kind::Var && kids.iter().all(|&k| self.nodes[k as usize].ground);
        let next = self.buckets.insert(h, id).unwrap_or(NONE);
        let start = self.kids.len() as u32;
        self.kids.extend_from_slice(kids);
        self.nodes.push(Node {
            kind,
            atom,
            value,
            start,
            len: kids.len() as u32,
            ground,
            next,
        });
        id
    }

    /// The id of a leaf term (not a compound).
    fn leaf(t: &Term) -> (Kind, Atom, i64) {
        match t {
            Term::Atom(a) => (Kind::Atom, *a, 0),
            Term::Int(i) => (Kind::Int, atoms::NIL, *i),
            Term::Float(f) => (Kind::Float, atoms::NIL, f.to_bits() as i64),
            // The rule engine's working memory interns a string's text (it keeps its
            // terms for the run anyway).
            Term::Str(s) => (Kind::Str, Atom::new(s), 0),
            Term::Var(v) => (Kind::Var, atoms::NIL, i64::from(*v)),
            // Compounds are handled by the callers.
            Term::Compound(f, _) => (Kind::Compound, *f, 0),
        }
    }

    /// Stores `t` (sharing what is already stored): its id. Iterative, so that a long
    /// list does not exhaust the stack.
    pub(crate) fn intern(&mut self, t: &Term) -> Id {
        self.intern_with(t, &mut |_| None)
    }

    /// Stores `t` with its variables replaced by `value` where it gives one.
    pub(crate) fn intern_with(&mut self, t: &Term, value: &mut dyn FnMut(u32) -> Option<Id>) -> Id {
        // A post-order walk: (term, arguments done?); the ids made wait on `scratch`.
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let mut stack: Vec<(&Term, bool)> = vec![(t, false)];
        while let Some((t, done)) = stack.pop() {
            match t {
                Term::Compound(f, args) if done => {
                    let from = scratch.len() - args.len();
                    let id = self.make(Kind::Compound, *f, 0, &scratch[from..]);
                    scratch.truncate(from);
                    scratch.push(id);
                }
                Term::Compound(_, args) => {
                    stack.push((t, true));
                    for a in args.iter().rev() {
                        stack.push((a, false));
                    }
                }
                Term::Var(v) if value(*v).is_some() => {
                    let id = value(*v).unwrap_or(NONE);
                    scratch.push(id);
                }
                leaf => {
                    let (kind, atom, value) = Self::leaf(leaf);
                    let id = self.make(kind, atom, value, &[]);
                    scratch.push(id);
                }
            }
        }
        let id = scratch.pop().unwrap_or(NONE);
        self.scratch = scratch;
        id
    }

    /// The id of `t` if it is stored (nothing is added). Iterative, like
    /// [`Terms::intern`].
    pub(crate) fn lookup(&self, t: &Term) -> Option<Id> {
        let mut ids: Vec<Id> = Vec::new();
        let mut stack: Vec<(&Term, bool)> = vec![(t, false)];
        while let Some((t, done)) = stack.pop() {
            match t {
                Term::Compound(f, args) if done => {
                    let from = ids.len() - args.len();
                    let id = self.find(Kind::Compound, *f, 0, &ids[from..]).1?;
                    ids.truncate(from);
                    ids.push(id);
                }
                Term::Compound(_, args) => {
                    stack.push((t, true));
                    for a in args.iter().rev() {
                        stack.push((a, false));
                    }
                }
                leaf => {
                    let (kind, atom, value) = Self::leaf(leaf);
                    ids.push(self.find(kind, atom, value, &[]).1?);
                }
            }
        }
        ids.pop()
    }

    /// The number of nodes of `id` written out as a tree (shared subterms counted each
    /// time they occur), as an owned term of it would have.
    pub(crate) fn tree_size(&self, id: Id) -> usize {
        let mut n = 0;
        let mut stack = vec![id];
        while let Some(id) = stack.pop() {
            n += 1;
            stack.extend_from_slice(self.args(id));
        }
        n
    }

    /// An integer's id.
    pub(crate) fn int(&mut self, i: i64) -> Id {
        self.make(Kind::Int, atoms::NIL, i, &[])
    }

    /// The integer `id` stands for, if it is one.
    pub(crate) fn as_int(&self, id: Id) -> Option<i64> {
        let n = &self.nodes[id as usize];
        (n.kind == Kind::Int).then_some(n.value)
    }

    /// The term `id` stands for (a copy). Iterative, like [`Terms::intern`].
    pub(crate) fn term(&self, id: Id) -> Term {
        let mut out: Vec<Term> = Vec::new();
        let mut stack: Vec<(Id, bool)> = vec![(id, false)];
        while let Some((id, done)) = stack.pop() {
            let n = &self.nodes[id as usize];
            match n.kind {
                Kind::Compound if done => {
                    let args = out.split_off(out.len() - n.len as usize);
                    out.push(Term::new(n.atom, args));
                }
                Kind::Compound => {
                    stack.push((id, true));
                    for &k in self.args(id).iter().rev() {
                        stack.push((k, false));
                    }
                }
                Kind::Atom => out.push(Term::Atom(n.atom)),
                Kind::Int => out.push(Term::Int(n.value)),
                Kind::Float => out.push(Term::Float(f64::from_bits(n.value as u64))),
                Kind::Str => out.push(Term::string(n.atom.name())),
                Kind::Var => out.push(Term::Var(n.value as u32)),
            }
        }
        out.pop().unwrap_or(Term::Atom(atoms::NIL))
    }
}

/// A pattern compiled against the table: constants (ground subterms) are ids, variables
/// are slots (the rule's variable numbers).
#[derive(Clone, Debug)]
pub(crate) enum Pat {
    /// A ground subterm.
    Const(Id),
    /// A variable, by slot.
    Var(u32),
    /// A compound with a variable inside.
    Compound(Atom, Box<[Pat]>),
}

impl Pat {
    /// Compiles `t` (its variables are slots).
    pub(crate) fn compile(t: &Term, terms: &mut Terms) -> Pat {
        match t {
            Term::Var(v) => Pat::Var(*v),
            Term::Compound(f, args) if !t.is_ground() => {
                Pat::Compound(*f, args.iter().map(|a| Pat::compile(a, terms)).collect())
            }
            t => Pat::Const(terms.intern(t)),
        }
    }

    /// Whether every variable of the pattern has a value in `slots`.
    pub(crate) fn is_bound(&self, slots: &[Id]) -> bool {
        match self {
            Pat::Const(_) => true,
            Pat::Var(v) => slots[*v as usize] != NONE,
            Pat::Compound(_, args) => args.iter().all(|a| a.is_bound(slots)),
        }
    }

    /// Its variables (with repetitions).
    pub(crate) fn vars(&self, out: &mut Vec<u32>) {
        match self {
            Pat::Const(_) => {}
            Pat::Var(v) => out.push(*v),
            Pat::Compound(_, args) => args.iter().for_each(|a| a.vars(out)),
        }
    }

    /// Matches the pattern against the stored term `id`, binding unbound slots (their
    /// numbers pushed on `trail`, for the caller to undo). A slot's value matches only an
    /// equal term: facts are ground, and a value left with variables by a Prolog call
    /// matches only itself.
    pub(crate) fn bind(
        &self,
        id: Id,
        terms: &Terms,
        slots: &mut [Id],
        trail: &mut Vec<u32>,
    ) -> bool {
        match self {
            Pat::Const(c) => *c == id,
            Pat::Var(v) => {
                let s = &mut slots[*v as usize];
                if *s == NONE {
                    *s = id;
                    trail.push(*v);
                    true
                } else {
                    *s == id
                }
            }
            Pat::Compound(f, args) => {
                let n = terms.node(id);
                if n.kind != Kind::Compound || n.atom != *f || n.len as usize != args.len() {
                    return false;
                }
                let kids = terms.args(id);
                for (a, &k) in args.iter().zip(kids) {
                    if !a.bind(k, terms, slots, trail) {
                        return false;
                    }
                }
                true
            }
        }
    }

    /// The id of the pattern's instance under `slots`, if stored (every variable bound).
    pub(crate) fn lookup(&self, terms: &Terms, slots: &[Id]) -> Option<Id> {
        match self {
            Pat::Const(c) => Some(*c),
            Pat::Var(v) => Some(slots[*v as usize]).filter(|&s| s != NONE),
            Pat::Compound(f, args) => lookup_compound(*f, args, terms, slots),
        }
    }

    /// The id of the pattern's instance under `slots`, stored if new; an unbound slot
    /// stays the variable of its number.
    pub(crate) fn build(&self, terms: &mut Terms, slots: &[Id]) -> Id {
        match self {
            Pat::Const(c) => *c,
            Pat::Var(v) => match slots[*v as usize] {
                NONE => terms.make(Kind::Var, atoms::NIL, i64::from(*v), &[]),
                s => s,
            },
            Pat::Compound(f, args) => {
                let kids: Vec<Id> = args.iter().map(|a| a.build(terms, slots)).collect();
                terms.make(Kind::Compound, *f, 0, &kids)
            }
        }
    }
}

/// The id of `f(args)` under `slots`, if stored and every variable is bound.
fn lookup_compound(f: Atom, args: &[Pat], terms: &Terms, slots: &[Id]) -> Option<Id> {
    let mut small = [NONE; 8];
    let mut many = Vec::new();
    let kids: &mut [Id] = if args.len() <= 8 {
        &mut small[..args.len()]
    } else {
        many.resize(args.len(), NONE);
        &mut many
    };
    for (a, k) in args.iter().zip(kids.iter_mut()) {
        *k = a.lookup(terms, slots)?;
    }
    terms.find(Kind::Compound, f, 0, kids).1
}

/// A top-level pattern: functor, arity and arguments.
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    pub(crate) name: Atom,
    pub(crate) args: Box<[Pat]>,
}

impl Pattern {
    /// Compiles a callable term; `None` for a number or a variable.
    pub(crate) fn compile(t: &Term, terms: &mut Terms) -> Option<Pattern> {
        let (name, _) = t.functor()?;
        Some(Pattern {
            name,
            args: t.args().iter().map(|a| Pat::compile(a, terms)).collect(),
        })
    }

    /// Functor and arity.
    pub(crate) fn key(&self) -> (Atom, usize) {
        (self.name, self.args.len())
    }

    /// Matches the stored fact `id` (see [`Pat::bind`]).
    pub(crate) fn bind(
        &self,
        id: Id,
        terms: &Terms,
        slots: &mut [Id],
        trail: &mut Vec<u32>,
    ) -> bool {
        if terms.functor(id) != Some(self.key()) {
            return false;
        }
        let kids = terms.args(id);
        for (a, &k) in self.args.iter().zip(kids) {
            if !a.bind(k, terms, slots, trail) {
                return false;
            }
        }
        true
    }

    /// Whether the stored fact `id` has the pattern's functor and its constant arguments
    /// (a filter before [`Pattern::bind`], which binds variables on its way to a
    /// mismatched constant: a new fact meets every pattern of its functor).
    pub(crate) fn may_match(&self, id: Id, terms: &Terms) -> bool {
        if terms.functor(id) != Some(self.key()) {
            return false;
        }
        let kids = terms.args(id);
        self.args
            .iter()
            .zip(kids)
            .all(|(a, &k)| !matches!(a, Pat::Const(c) if *c != k))
    }

    /// The id of the instance under `slots`, if stored and every variable is bound.
    pub(crate) fn lookup(&self, terms: &Terms, slots: &[Id]) -> Option<Id> {
        if self.args.is_empty() {
            return terms.find(Kind::Atom, self.name, 0, &[]).1;
        }
        lookup_compound(self.name, &self.args, terms, slots)
    }

    /// Whether every variable has a value.
    pub(crate) fn is_bound(&self, slots: &[Id]) -> bool {
        self.args.iter().all(|a| a.is_bound(slots))
    }

    /// The instance under `slots`, stored if new.
    pub(crate) fn build(&self, terms: &mut Terms, slots: &[Id]) -> Id {
        if self.args.is_empty() {
            return terms.make(Kind::Atom, self.name, 0, &[]);
        }
        let kids: Vec<Id> = self.args.iter().map(|a| a.build(terms, slots)).collect();
        terms.make(Kind::Compound, self.name, 0, &kids)
    }

    /// Its variables, each once, in order of first occurrence.
    pub(crate) fn vars(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for a in self.args.iter() {
            a.vars(&mut out);
        }
        let mut seen = Vec::new();
        out.retain(|v| {
            let new = !seen.contains(v);
            seen.push(*v);
            new
        });
        out
    }
}

/// The prover reads goals straight from the table and stores answers straight into it
/// (`Database::solve_host`): no `Term` is built for a call's situation or its answer.
impl HostTerms for Terms {
    type Ref = Id;

    fn node(&self, id: Id) -> HostNode<'_, Id> {
        self.node_of(id)
    }

    /// Stored as [`Terms::intern`] stores the same term.
    fn make(&mut self, node: HostNode<'_, Id>) -> Id {
        self.make_node(node)
    }

    fn is_ground(&self, id: Id) -> bool {
        Terms::is_ground(self, id)
    }
}

impl Terms {
    /// The node `id` names, as the prover reads it.
    pub(crate) fn node_of(&self, id: Id) -> HostNode<'_, Id> {
        let n = &self.nodes[id as usize];
        match n.kind {
            Kind::Atom => HostNode::Atom(n.atom),
            Kind::Int => HostNode::Int(n.value),
            Kind::Float => HostNode::Float(f64::from_bits(n.value as u64)),
            Kind::Str => HostNode::Str(n.atom.name()),
            Kind::Var => HostNode::Var(n.value as u32),
            Kind::Compound => HostNode::Compound(n.atom, self.args(id)),
        }
    }

    /// The id of `node` (stored as [`Terms::intern`] stores the same term).
    pub(crate) fn make_node(&mut self, node: HostNode<'_, Id>) -> Id {
        match node {
            HostNode::Atom(a) => self.make(Kind::Atom, a, 0, &[]),
            HostNode::Int(i) => self.make(Kind::Int, atoms::NIL, i, &[]),
            HostNode::Float(f) => self.make(Kind::Float, atoms::NIL, f.to_bits() as i64, &[]),
            HostNode::Str(s) => self.make(Kind::Str, Atom::new(s), 0, &[]),
            HostNode::Var(v) => self.make(Kind::Var, atoms::NIL, i64::from(v), &[]),
            HostNode::Compound(f, args) => self.make(Kind::Compound, f, 0, args),
        }
    }
}

/// The table as an answer's store, with the answer's variables renumbered from `offset`
/// (apart from the rule's own), noting the largest number met before renumbering.
pub(crate) struct Renumbered<'a> {
    pub(crate) terms: &'a mut Terms,
    pub(crate) offset: u32,
    pub(crate) largest: Option<u32>,
}

impl HostTerms for Renumbered<'_> {
    type Ref = Id;

    fn node(&self, id: Id) -> HostNode<'_, Id> {
        self.terms.node_of(id)
    }

    fn is_ground(&self, id: Id) -> bool {
        self.terms.is_ground(id)
    }

    fn make(&mut self, node: HostNode<'_, Id>) -> Id {
        match node {
            HostNode::Var(v) => {
                self.largest = Some(self.largest.map_or(v, |m| m.max(v)));
                self.terms.make_node(HostNode::Var(v + self.offset))
            }
            other => self.terms.make_node(other),
        }
    }
}
