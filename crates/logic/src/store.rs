//! The prover's term store: a flat heap of cells, as in the WAM. Variables are cells that
//! point to themselves while unbound; binding overwrites the cell in place (and the trail
//! remembers it for backtracking). Compound terms are a functor cell followed by their
//! arguments. Conversions to and from owned [`Term`]s use explicit stacks.

use crate::term::{Args, Atom, Term};
use rustc_hash::FxHashMap;

/// One heap cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Cell {
    /// A variable: unbound when it points to its own address.
    Ref(u32),
    /// An atom.
    Atom(Atom),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A compound term whose functor cell is at this address.
    Str(u32),
    /// A functor cell: name and arity, followed by the arguments.
    Fun(Atom, u32),
}

/// A first-argument index key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    /// A variable: matches anything.
    Any,
    Atom(Atom),
    Int(i64),
    Float(u64),
    Fun(Atom, u32),
}

impl Key {
    pub(crate) fn compatible(self, other: Key) -> bool {
        self == Key::Any || other == Key::Any || self == other
    }
}

/// Builds `t` into `cells` (appending), returning the cell that denotes it. Variables are
/// mapped through `var_cell`, which gives the cell for a term variable number.
pub(crate) fn build(
    cells: &mut Vec<Cell>,
    t: &Term,
    var_cell: &mut dyn FnMut(&mut Vec<Cell>, u32) -> Cell,
) -> Cell {
    // Compound terms are allocated when met; their argument slots are filled from `todo`.
    fn alloc<'t>(
        cells: &mut Vec<Cell>,
        t: &'t Term,
        var_cell: &mut dyn FnMut(&mut Vec<Cell>, u32) -> Cell,
        todo: &mut Vec<(u32, &'t Term)>,
    ) -> Cell {
        match t {
            Term::Atom(a) => Cell::Atom(*a),
            Term::Int(n) => Cell::Int(*n),
            Term::Float(x) => Cell::Float(*x),
            Term::Str(s) => crate::strings::push(cells, s),
            Term::Var(v) => var_cell(cells, *v),
            Term::Compound(f, args) => {
                let a = cells.len() as u32;
                cells.push(Cell::Fun(*f, args.len() as u32));
                for _ in 0..args.len() {
                    cells.push(Cell::Int(0));
                }
                for (i, arg) in args.iter().enumerate().rev() {
                    todo.push((a + 1 + i as u32, arg));
                }
                Cell::Str(a)
            }
        }
    }
    let mut todo: Vec<(u32, &Term)> = Vec::new();
    let root = alloc(cells, t, var_cell, &mut todo);
    while let Some((slot, t)) = todo.pop() {
        let c = alloc(cells, t, var_cell, &mut todo);
        cells[slot as usize] = c;
    }
    root
}

/// Follows bound variables.
#[inline]
pub(crate) fn deref(heap: &[Cell], mut c: Cell) -> Cell {
    while let Cell::Ref(a) = c {
        let next = heap[a as usize];
        if next == Cell::Ref(a) {
            return c;
        }
        c = next;
    }
    c
}

/// Reads a heap term back as an owned term. Unbound variables are numbered through
/// `names` (address to number), new ones from `names.len()` + `first`. A cyclic term
/// (made by `X = f(X)`, which standard Prolog allows) is cut where it loops back, with the
/// atom `...` in place of the repeated subterm.
pub(crate) fn read_back(
    heap: &[Cell],
    c: Cell,
    names: &mut FxHashMap<u32, u32>,
    first: u32,
) -> Term {
    read_back_bounded(heap, c, names, first, usize::MAX).unwrap_or(Term::nil())
}

/// The compound terms being read back (a cycle revisits one of them): a hash set while
/// small, a bit per heap cell once large (a long list nests as deep as it is long).
enum OpenSet {
    Small(rustc_hash::FxHashSet<u32>),
    Big(Vec<u64>),
}

impl OpenSet {
    /// Adds `a`; false if it was there.
    fn insert(&mut self, a: u32, heap_len: usize) -> bool {
        match self {
            OpenSet::Small(set) => {
                if set.len() >= 1 << 14 {
                    let mut bits = vec![0u64; heap_len.div_ceil(64)];
                    for &x in set.iter() {
                        bits[x as usize / 64] |= 1 << (x % 64);
                    }
                    *self = OpenSet::Big(bits);
                    return self.insert(a, heap_len);
                }
                set.insert(a)
            }
            OpenSet::Big(bits) => {
                let (w, b) = (a as usize / 64, 1u64 << (a % 64));
                let fresh = bits[w] & b == 0;
                bits[w] |= b;
                fresh
            }
        }
    }

    fn remove(&mut self, a: u32) {
        match self {
            OpenSet::Small(set) => {
                set.remove(&a);
            }
            OpenSet::Big(bits) => bits[a as usize / 64] &= !(1u64 << (a % 64)),
        }
    }
}

/// [`read_back`], giving up (`None`) past `max_nodes` nodes: the caller's memory budget.
pub(crate) fn read_back_bounded(
    heap: &[Cell],
    c: Cell,
    names: &mut FxHashMap<u32, u32>,
    first: u32,
    max_nodes: usize,
) -> Option<Term> {
    enum Step {
        Visit(Cell),
        Build(Atom, usize, u32),
    }
    let mut todo = vec![Step::Visit(c)];
    let mut done: Vec<Term> = Vec::new();
    let mut open = OpenSet::Small(rustc_hash::FxHashSet::default());
    let mut nodes = 0usize;
    while let Some(step) = todo.pop() {
        match step {
            Step::Visit(c) => {
                nodes += 1;
                if nodes > max_nodes {
                    return None;
                }
                match deref(heap, c) {
                    Cell::Ref(a) => {
                        let n = names.len() as u32 + first;
                        let v = *names.entry(a).or_insert(n);
                        done.push(Term::Var(v));
                    }
                    Cell::Atom(a) => done.push(Term::Atom(a)),
                    Cell::Int(n) => done.push(Term::Int(n)),
                    Cell::Float(x) => done.push(Term::Float(x)),
                    Cell::Str(a) => {
                        if let Some(s) = crate::strings::from_heap(heap, a) {
                            done.push(Term::Str(s.into()));
                            continue;
                        }
                        if !open.insert(a, heap.len()) {
                            done.push(Term::atom("..."));
                            continue;
                        }
                        if let Cell::Fun(f, n) = heap[a as usize] {
                            todo.push(Step::Build(f, n as usize, a));
                            for i in (1..=n).rev() {
                                todo.push(Step::Visit(heap[(a + i) as usize]));
                            }
                        }
                    }
                    Cell::Fun(f, _) => done.push(Term::Atom(f)),
                }
            }
            Step::Build(f, n, a) => {
                open.remove(a);
                let args = done.split_off(done.len() - n);
                done.push(Term::Compound(f, Args::from(args)));
            }
        }
    }
    Some(done.pop().unwrap_or(Term::nil()))
}
