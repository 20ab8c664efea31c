//! The clause database: predicates, their compiled clauses and first-argument keys.

use crate::compile::arith::{ArithGoal, ArithOp};
use crate::compile::code::{HeadOp, PutOp, compile_bodies, compile_head, head_vars};
use crate::store::{Cell, Key, build};
use crate::term::{Atom, Term, atoms};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A clause compiled to a cell template and to instructions. Cells `0..nvars` are the
/// variables (each `Ref(k)`); `Str(p)` points inside the template. A call matches the
/// head with `head_code` (or, for heads with nested structures, by walking the template),
/// recording each variable's value in a frame, and builds on the heap only the head
/// structures that meet unbound goal variables and the body goals (`body_code`; see
/// `Machine::try_clause` and `machine/code.rs`). clause/2, retract/1 and retractall/1 instead copy the whole
/// template to the heap top, every address shifted by the heap top (`unify_clause`).
#[derive(Debug)]
pub(crate) struct Clause {
    pub(crate) cells: Vec<Cell>,
    /// The number of variables (the first `nvars` template cells).
    pub(crate) nvars: u32,
    pub(crate) head: Cell,
    /// The body goals, conjunction flattened.
    pub(crate) body: Vec<Cell>,
    /// The first argument's key.
    pub(crate) key: Key,
    /// The clause as written, for traces and proofs.
    pub(crate) source: Term,
    /// The arithmetic goals (is/2, comparisons) that open the body, in order: the
    /// machine runs them from the template at clause entry when their values are small
    /// integers, without building the goals (`machine/inline.rs`).
    pub(crate) arith: Box<[ArithGoal]>,
    /// The head compiled to instructions (`None` when an argument nests structures:
    /// the machine then walks the template).
    pub(crate) head_code: Option<Box<[HeadOp]>>,
    /// The body's construction, compiled once for each number of `arith` goals that
    /// may run at clause entry (element `d` builds the goals from `body[d]` on).
    pub(crate) body_code: Box<[Box<[PutOp]>]>,
}

pub(crate) type ClauseList = Rc<ClauseSet>;

/// A predicate's clauses in order, with a first-argument hash index built on first use
/// when there are enough clauses for it to pay (and dropped whenever the list changes).
#[derive(Debug, Default)]
pub(crate) struct ClauseSet {
    list: Vec<Rc<Clause>>,
    index: std::cell::OnceCell<Option<FxHashMap<Key, Vec<u32>>>>,
    /// The clauses' first-argument keys packed (`pack`), in order, built on first use:
    /// a scan then reads one array instead of following each clause's pointer.
    keys: std::cell::OnceCell<Box<[(u32, u64)]>>,
}

/// A key as two words compared without a jump on its variant: a tag (0 for a
/// variable) and the value.
#[inline]
fn pack(key: Key) -> (u32, u64) {
    match key {
        Key::Any => (0, 0),
        Key::Atom(a) => (1, u64::from(a.id())),
        Key::Int(n) => (2, n as u64),
        Key::Float(x) => (3, x),
        Key::Fun(f, n) => packed_functor(f, n),
    }
}

/// The packed key of a structure's functor.
#[inline(always)]
fn packed_functor(f: Atom, n: u32) -> (u32, u64) {
    (4, (u64::from(f.id()) << 32) | u64::from(n))
}

/// The inverse of `pack`.
#[inline]
fn unpack((t, v): (u32, u64)) -> Key {
    match t {
        1 => Key::Atom(Atom::from_id(v as u32)),
        2 => Key::Int(v as i64),
        3 => Key::Float(v),
        4 => Key::Fun(Atom::from_id((v >> 32) as u32), v as u32),
        _ => Key::Any,
    }
}

/// The packed key (`pack` of its `Key`) of a goal's first argument, read straight from
/// its cell: the call path compares packed keys, so it skips the `Key` in between.
#[inline(always)]
pub(crate) fn packed_key_of_cell(heap: &[Cell], c: Cell) -> (u32, u64) {
    match c {
        Cell::Ref(_) => (0, 0),
        Cell::Atom(a) => (1, u64::from(a.id())),
        Cell::Int(n) => (2, n as u64),
        Cell::Float(x) => (3, x.to_bits()),
        Cell::Str(a) => match heap[a as usize] {
            Cell::Fun(f, n) => packed_functor(f, n),
            _ => (0, 0),
        },
        Cell::Fun(f, n) => packed_functor(f, n),
    }
}

impl Clone for ClauseSet {
    fn clone(&self) -> Self {
        self.list.clone().into()
    }
}

impl From<Vec<Rc<Clause>>> for ClauseSet {
    fn from(list: Vec<Rc<Clause>>) -> Self {
        ClauseSet {
            list,
            index: std::cell::OnceCell::new(),
            keys: std::cell::OnceCell::new(),
        }
    }
}

impl std::ops::Deref for ClauseSet {
    type Target = Vec<Rc<Clause>>;
    fn deref(&self) -> &Vec<Rc<Clause>> {
        &self.list
    }
}

impl std::ops::DerefMut for ClauseSet {
    fn deref_mut(&mut self) -> &mut Vec<Rc<Clause>> {
        self.index = std::cell::OnceCell::new();
        self.keys = std::cell::OnceCell::new();
        &mut self.list
    }
}

/// Below this many clauses a linear scan of the keys is as fast as hashing.
const INDEX_FROM: usize = 8;

impl ClauseSet {
    /// The first clause at or after `from` whose first-argument key is compatible with
    /// `key` (packed, `packed_key_of_cell`).
    #[inline]
    pub(crate) fn next_match(&self, from: usize, key: (u32, u64)) -> Option<usize> {
        let list = &self.list;
        if key.0 == 0 {
            return (from < list.len()).then_some(from);
        }
        if list.len() >= INDEX_FROM {
            return self.indexed_match(from, unpack(key));
        }
        let (t, v) = key;
        self.packed_keys()
            .get(from..)?
            .iter()
            .position(|&(ct, cv)| ct == 0 || (ct == t && cv == v))
            .map(|k| from + k)
    }

    /// The first clause whose first-argument key is compatible and the next one after
    /// it: `next_match(0, key)` and `next_match(first + 1, key)` in one pass.
    #[inline]
    pub(crate) fn first_two(&self, key: (u32, u64)) -> (Option<usize>, Option<usize>) {
        let n = self.list.len();
        if key.0 == 0 {
            return ((n > 0).then_some(0), (n > 1).then_some(1));
        }
        if n >= INDEX_FROM {
            let key = unpack(key);
            let first = self.indexed_match(0, key);
            return (first, first.and_then(|i| self.indexed_match(i + 1, key)));
        }
        let (t, v) = key;
        let fits = |&(ct, cv): &(u32, u64)| ct == 0 || (ct == t && cv == v);
        // Two clauses (a base case and a recursive one) are the most common procedure:
        // both keys are compared at once, without the scan's loop.
        if let [a, b] = self.packed_keys() {
            return match (fits(a), fits(b)) {
                (true, true) => (Some(0), Some(1)),
                (true, false) => (Some(0), None),
                (false, true) => (Some(1), None),
                (false, false) => (None, None),
            };
        }
        let mut found = self
            .packed_keys()
            .iter()
            .enumerate()
            .filter(|&(_, k)| fits(k))
            .map(|(i, _)| i);
        (found.next(), found.next())
    }

    /// The packed keys, built on first use after a change.
    #[inline]
    fn packed_keys(&self) -> &[(u32, u64)] {
        self.keys
            .get_or_init(|| self.list.iter().map(|c| pack(c.key)).collect())
    }

    /// `next_match` through the hash index (or a scan when variable first arguments
    /// are too many for one).
    #[inline(never)]
    fn indexed_match(&self, from: usize, key: Key) -> Option<usize> {
        let list = &self.list;
        if let Some(index) = self.index.get_or_init(|| self.build_index()) {
            // Positions holding this key or a variable, in order.
            let positions = index.get(&key).or_else(|| index.get(&Key::Any))?;
            let k = positions.partition_point(|&p| (p as usize) < from);
            return positions.get(k).map(|&p| p as usize);
        }
        (from..list.len()).find(|&i| list[i].key.compatible(key))
    }

    /// Key to the positions of the clauses it can match (its own and the variable
    /// ones); `Key::Any` to the variable ones alone. `None` when variable first
    /// arguments are so many that the lists would be quadratic.
    fn build_index(&self) -> Option<FxHashMap<Key, Vec<u32>>> {
        let mut map: FxHashMap<Key, Vec<u32>> = FxHashMap::default();
        let mut any: Vec<u32> = Vec::new();
        let mut total = 0usize;
        for (i, c) in self.list.iter().enumerate() {
            let i = i as u32;
            if c.key == Key::Any {
                any.push(i);
                for v in map.values_mut() {
                    v.push(i);
                }
                total += map.len();
            } else {
                map.entry(c.key).or_insert_with(|| any.clone()).push(i);
                total += 1;
            }
            if total > 4 * self.list.len() + 64 {
                return None;
            }
        }
        map.insert(Key::Any, any);
        Some(map)
    }
}

/// A predicate: its clauses (shared with running calls, copied on write so that a call
/// sees the clauses as they were when it started: the logical update view).
#[derive(Debug)]
pub(crate) struct Pred {
    pub(crate) clauses: ClauseList,
    pub(crate) dynamic: bool,
    /// Defined by the embedded library: a user definition replaces it.
    pub(crate) library: bool,
}

/// Splits a clause term into head and body.
pub(crate) fn head_body(t: &Term) -> (&Term, Option<&Term>) {
    match t {
        Term::Compound(f, args) if *f == atoms::NECK && args.len() == 2 => {
            (&args[0], Some(&args[1]))
        }
        _ => (t, None),
    }
}

pub(crate) fn key_of_term(t: &Term) -> Key {
    match t {
        Term::Var(_) => Key::Any,
        Term::Atom(a) => Key::Atom(*a),
        Term::Int(n) => Key::Int(*n),
        Term::Float(x) => Key::Float(x.to_bits()),
        // A string's key is its structure's functor on the heap (see `packed_key_of_cell`).
        Term::Str(s) => Key::Fun(
            crate::strings::string_atom(),
            crate::strings::key_arity(s.len()),
        ),
        Term::Compound(f, args) => Key::Fun(*f, args.len() as u32),
    }
}

/// Compiles a clause whose head has been checked to be callable.
pub(crate) fn compile(head: &Term, body: Option<&Term>, source: Term) -> Clause {
    let mut vars: FxHashMap<u32, u32> = FxHashMap::default();
    for v in source.variables() {
        let k = vars.len() as u32;
        vars.insert(v, k);
    }
    let nvars = vars.len() as u32;
    let mut cells: Vec<Cell> = (0..nvars).map(Cell::Ref).collect();
    let mut var_cell = |_: &mut Vec<Cell>, v: u32| Cell::Ref(vars.get(&v).copied().unwrap_or(0));
    let head_cell = build(&mut cells, head, &mut var_cell);
    let mut goals = Vec::new();
    if let Some(b) = body {
        // Flatten the top-level conjunction (explicit stack, left to right).
        let mut stack = vec![b];
        while let Some(g) = stack.pop() {
            match g {
                Term::Compound(f, args) if *f == atoms::COMMA && args.len() == 2 => {
                    stack.push(&args[1]);
                    stack.push(&args[0]);
                }
                Term::Atom(a) if *a == atoms::TRUE => {}
                // A variable goal G means call(G).
                Term::Var(_) => goals.push(Term::Compound(atoms::CALL, vec![g.clone()].into())),
                _ => goals.push(g.clone()),
            }
        }
    }
    let body_cells: Vec<Cell> = goals
        .iter()
        .map(|g| build(&mut cells, g, &mut var_cell))
        .collect();
    let key = head.args().first().map_or(Key::Any, key_of_term);
    let mut set = head_vars(&cells, head_cell, nvars);
    let arith: Box<[ArithGoal]> = goals
        .iter()
        .map_while(ArithOp::of)
        .zip(&body_cells)
        .map(|(op, &g)| ArithGoal::compile(op, &cells, g, &mut set))
        .collect();
    // The variable each opening is/2 sets at clause entry (its left side, if a variable).
    let arith_lhs: Vec<Option<u32>> = arith
        .iter()
        .map(|g| match g.lhs {
            crate::compile::arith::ArithLhs::IsFirst(v) => Some(v),
            _ => None,
        })
        .collect();
    let head_code = compile_head(&cells, head_cell, nvars);
    let body_code = compile_bodies(&cells, head_cell, &body_cells, nvars, &arith_lhs);
    Clause {
        cells,
        nvars,
        head: head_cell,
        body: body_cells,
        key,
        source,
        arith,
        head_code,
        body_code,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The call path packs a goal's key from its cell and the hash index unpacks it: both
    /// must agree with `Key` for every kind of first argument.
    #[test]
    fn packed_keys_agree_with_key() {
        let f = Atom::from_id(7);
        let mut heap = vec![Cell::Fun(f, 2), Cell::Int(1), Cell::Int(2)];
        heap.push(Cell::Ref(3));
        let cases = [
            (Cell::Atom(Atom::from_id(5)), Key::Atom(Atom::from_id(5))),
            (Cell::Int(-3), Key::Int(-3)),
            (Cell::Int(i64::MIN), Key::Int(i64::MIN)),
            (Cell::Float(-0.5), Key::Float((-0.5f64).to_bits())),
            (Cell::Str(0), Key::Fun(f, 2)),
            (Cell::Fun(f, 2), Key::Fun(f, 2)),
            (Cell::Ref(3), Key::Any),
        ];
        for (cell, key) in cases {
            let packed = packed_key_of_cell(&heap, cell);
            assert_eq!(packed, pack(key), "{cell:?}");
            assert_eq!(unpack(packed), key, "{cell:?}");
        }
    }
}
