//! The clause database: predicates, their compiled clauses and first-argument keys.

use crate::store::{Cell, Key, build};
use crate::term::{Term, atoms};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A clause compiled to a cell template. Cells `0..nvars` are the variables (each
/// `Ref(k)`); `Str(p)` points inside the template. Calling the clause copies the template
/// to the heap top with every address shifted by the heap top: fresh variables for free.
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
}

pub(crate) type ClauseList = Rc<Vec<Rc<Clause>>>;

/// A predicate: its clauses (shared with running calls, copied on write so that a call
/// sees the clauses as they were when it started: the logical update view).
#[derive(Debug)]
pub(crate) struct Pred {
    pub(crate) arity: u32,
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
        Term::Str(s) => Key::Text(*s),
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
    let body_cells = goals
        .iter()
        .map(|g| build(&mut cells, g, &mut var_cell))
        .collect();
    let key = head.args().first().map_or(Key::Any, key_of_term);
    Clause {
        cells,
        nvars,
        head: head_cell,
        body: body_cells,
        key,
        source,
    }
}
