//! Clauses compiled to instructions: the head's unification and the body's construction
//! decided once, when the clause is stored, instead of at each call by walking the
//! template and testing each variable's frame slot.
//!
//! The code does exactly what the template walk does (`Machine::unify_head`,
//! `instantiate`), in the same order: the same cells are built at the same addresses and
//! the same variables bound, so answers, the standard order of fresh variables and the
//! inference counts are unchanged. Only what the walk decided from the template is now
//! known ahead: whether a variable is met for the first time, where a nested structure
//! of a body goal will be built, which cell is a constant.
//!
//! - The head is compiled when no argument holds a structure inside a structure (`f(a,
//!   X)`, `[H|T]` and `'$string'(...)` do; `[a, b|T]` does not). Within such an argument a
//!   variable's first occurrence is the same whether the goal's argument is read (matched)
//!   or written (built, the goal having a variable there); with nesting it is not, and the
//!   walk keeps those heads.
//! - The body is compiled for each number of opening arithmetic goals the clause entry
//!   may run (`Clause::arith`, 0 to all), since the variables an is/2 run at entry sets are
//!   no longer first met in the goals built after it.

use crate::store::Cell;
use crate::term::{Atom, atoms};

/// One step of a compiled head, taken against the goal's arguments in order.
#[derive(Clone, Copy, Debug)]
pub(crate) enum HeadOp {
    /// The first occurrence of a variable: it takes the goal's cell as it is.
    First(u32),
    /// A later occurrence: unified with the goal's cell.
    Value(u32),
    /// An atom.
    Atom(Atom),
    /// A number: the template cell at this index (operations stay 12 bytes: fewer loads
    /// per operation than with a 16-byte cell inside).
    Num(u32),
    /// A structure with this functor whose arguments (the next `n` operations, each
    /// `First`, `Value`, `Atom` or `Num`) hold no structure.
    Struct(Atom, u32),
    /// Only as the first operation: the first `n` arguments are the first occurrences of
    /// variables `0..n` (`count(I, N)`): one copy.
    Args(u32),
    /// A list cell of two variables (`[H|T]`): `Struct('.', 2)` and its two operations in
    /// one, each a variable's number, with `FIRST` set for a first occurrence.
    Cons(u32, u32),
}

/// In `HeadOp::Cons`, marks a variable's first occurrence.
pub(crate) const FIRST: u32 = 1 << 31;

/// One step of building a clause's body goals (last goal first, as the walk does).
/// Twelve bytes, as the head's: constants are named by their template index.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PutOp {
    /// Push this functor cell.
    Fun(Atom, u32),
    /// Push this atom.
    Atom(Atom),
    /// Push the template cell at this index (a number or another constant).
    Const(u32),
    /// Push a variable's value.
    Var(u32),
    /// Push two variables' values (two `Var` in a row, the usual arguments of a
    /// recursive call: one dispatch and one capacity check for both).
    Var2(u32, u32),
    /// Push three variables' values (numbers below 2^16, which keeps the operation 12
    /// bytes): the arguments of `app(T, L, R)` in one write.
    Var3(u16, u16, u16),
    /// A variable's first occurrence: a fresh variable in the cell pushed.
    First(u32),
    /// Push a reference to the structure built this many cells after the goal's start.
    Str(u32),
    /// The goal is built: it is the structure at its start; push its continuation frame.
    FrameStr,
    /// The goal is the clause's body goal at this index, a constant: push its frame.
    FrameGoal(u32),
    /// The goal is this variable's value: push its continuation frame.
    FrameVar(u32),
    /// As `FrameStr`, `FrameGoal` and `FrameVar` for the goal that runs next (the first
    /// goal left, built last).
    DirectStr,
    DirectGoal(u32),
    DirectVar(u32),
}

/// Compiles a clause's head (the template `cells`, head at `head`), `None` when an
/// argument nests a structure in a structure.
pub(crate) fn compile_head(cells: &[Cell], head: Cell, nvars: u32) -> Option<Box<[HeadOp]>> {
    let Cell::Str(h) = head else {
        return Some(Box::new([]));
    };
    let h = h as usize;
    let Cell::Fun(_, n) = cells[h] else {
        return None;
    };
    let mut seen = vec![false; nvars as usize];
    let leaf = |at: usize, seen: &mut Vec<bool>| -> Option<HeadOp> {
        Some(match cells[at] {
            Cell::Ref(k) => {
                let s = seen.get_mut(k as usize)?;
                if *s {
                    HeadOp::Value(k)
                } else {
                    *s = true;
                    HeadOp::First(k)
                }
            }
            Cell::Atom(a) => HeadOp::Atom(a),
            Cell::Int(_) | Cell::Float(_) => HeadOp::Num(u32::try_from(at).ok()?),
            Cell::Str(_) | Cell::Fun(..) => return None,
        })
    };
    let mut code = Vec::new();
    for at in h + 1..h + 1 + n as usize {
        match cells[at] {
            Cell::Str(p) => {
                let p = p as usize;
                let Cell::Fun(f, m) = cells[p] else {
                    return None;
                };
                code.push(HeadOp::Struct(f, m));
                for a in p + 1..p + 1 + m as usize {
                    code.push(leaf(a, &mut seen)?);
                }
            }
            _ => code.push(leaf(at, &mut seen)?),
        }
    }
    // A list cell of two variables is one operation (the most frequent structure in a
    // head: `app([H|T], L, [H|R])`).
    let var = |op: HeadOp| match op {
        HeadOp::First(k) if k < FIRST => Some(k | FIRST),
        HeadOp::Value(k) if k < FIRST => Some(k),
        _ => None,
    };
    let mut i = 0;
    while i + 2 < code.len() {
        if let (HeadOp::Struct(atoms::CONS, 2), Some(x), Some(y)) =
            (code[i], var(code[i + 1]), var(code[i + 2]))
        {
            code.splice(i..i + 3, [HeadOp::Cons(x, y)]);
        }
        i += 1;
    }
    let n = code
        .iter()
        .enumerate()
        .take_while(|&(i, op)| matches!(op, HeadOp::First(k) if *k as usize == i))
        .count();
    if n >= 2 {
        code.splice(..n, [HeadOp::Args(n as u32)]);
    }
    Some(code.into_boxed_slice())
}

/// Which variables occur in the head (template `cells`, head at `head`).
pub(crate) fn head_vars(cells: &[Cell], head: Cell, nvars: u32) -> Vec<bool> {
    let mut seen = vec![false; nvars as usize];
    mark_vars(cells, head, &mut seen);
    seen
}

/// The variables occurring in template term `t`, marked in `seen`.
fn mark_vars(cells: &[Cell], t: Cell, seen: &mut [bool]) {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Cell::Ref(k) => {
                if let Some(s) = seen.get_mut(k as usize) {
                    *s = true;
                }
            }
            Cell::Str(p) => {
                let p = p as usize;
                if let Cell::Fun(_, n) = cells[p] {
                    stack.extend_from_slice(&cells[p + 1..p + 1 + n as usize]);
                }
            }
            _ => {}
        }
    }
}

/// Compiles the body's construction for each number of opening arithmetic goals run at
/// entry (`arith_lhs[k]`: the variable is/2 goal `k` sets, if any): element `d` builds
/// `body[d..]`.
pub(crate) fn compile_bodies(
    cells: &[Cell],
    head: Cell,
    body: &[Cell],
    nvars: u32,
    arith_lhs: &[Option<u32>],
) -> Box<[Box<[PutOp]>]> {
    let head_seen = head_vars(cells, head, nvars);
    let mut out = Vec::with_capacity(arith_lhs.len() + 1);
    for done in 0..=arith_lhs.len().min(body.len()) {
        let mut seen = head_seen.clone();
        for v in arith_lhs[..done].iter().flatten() {
            if let Some(s) = seen.get_mut(*v as usize) {
                *s = true;
            }
        }
        out.push(compile_body(cells, body, done, &mut seen));
    }
    out.into_boxed_slice()
}

/// The construction of `goals`, last to first, as `instantiate` does it: a structure's
/// arguments in order, the nested structures met deferred on a stack (last met, first
/// built), a variable first met as an argument living in its argument cell.
fn compile_body(cells: &[Cell], body: &[Cell], from: usize, seen: &mut [bool]) -> Box<[PutOp]> {
    let mut code = Vec::new();
    if from >= body.len() {
        return Box::new([]);
    }
    let order = (from + 1..body.len()).rev().chain(std::iter::once(from));
    for i in order {
        let g = body[i];
        let direct = i == from;
        let root = match g {
            Cell::Ref(k) => {
                let op = put_var(k, seen);
                if matches!(op, PutOp::First(_)) {
                    code.push(op);
                }
                if direct {
                    PutOp::DirectVar(k)
                } else {
                    PutOp::FrameVar(k)
                }
            }
            Cell::Str(p) if matches!(cells[p as usize], Cell::Fun(..)) => {
                // Cells pushed since the goal's start, and the nested structures still to
                // build: the operation standing for their reference, and their template.
                let mut len = 0u32;
                let mut todo: Vec<(usize, Cell)> = Vec::new();
                put_struct(cells, g, seen, &mut code, &mut todo, &mut len);
                while let Some((at, t)) = todo.pop() {
                    code[at] = PutOp::Str(len);
                    put_struct(cells, t, seen, &mut code, &mut todo, &mut len);
                }
                if direct {
                    PutOp::DirectStr
                } else {
                    PutOp::FrameStr
                }
            }
            _ => {
                let i = i as u32;
                if direct {
                    PutOp::DirectGoal(i)
                } else {
                    PutOp::FrameGoal(i)
                }
            }
        };
        code.push(root);
    }
    group_vars(code)
}

/// Merges each two `Var` operations in a row into one `Var2`, three into one `Var3`
/// (after the goals are built, so that the indices `todo` patched no longer matter:
/// `Str` counts cells, not operations).
fn group_vars(code: Vec<PutOp>) -> Box<[PutOp]> {
    let mut out: Vec<PutOp> = Vec::with_capacity(code.len());
    for op in code {
        let merged = match (out.last(), op) {
            (Some(&PutOp::Var(a)), PutOp::Var(b)) => Some(PutOp::Var2(a, b)),
            (Some(&PutOp::Var2(a, b)), PutOp::Var(c)) => {
                match (u16::try_from(a), u16::try_from(b), u16::try_from(c)) {
                    (Ok(a), Ok(b), Ok(c)) => Some(PutOp::Var3(a, b, c)),
                    _ => None,
                }
            }
            _ => None,
        };
        match (merged, out.last_mut()) {
            (Some(m), Some(last)) => *last = m,
            _ => out.push(op),
        }
    }
    out.into_boxed_slice()
}

/// A variable's operation: its first occurrence, or its value.
fn put_var(k: u32, seen: &mut [bool]) -> PutOp {
    match seen.get_mut(k as usize) {
        Some(s) if !*s => {
            *s = true;
            PutOp::First(k)
        }
        _ => PutOp::Var(k),
    }
}

/// One structure's cells (`instantiate_one`): its nested structures go to `todo`.
fn put_struct(
    cells: &[Cell],
    t: Cell,
    seen: &mut [bool],
    code: &mut Vec<PutOp>,
    todo: &mut Vec<(usize, Cell)>,
    len: &mut u32,
) {
    let Cell::Str(p) = t else { return };
    let p = p as usize;
    let Cell::Fun(f, n) = cells[p] else { return };
    code.push(PutOp::Fun(f, n));
    *len += 1;
    for (at, &a) in cells.iter().enumerate().skip(p + 1).take(n as usize) {
        match a {
            Cell::Ref(k) => code.push(put_var(k, seen)),
            Cell::Str(_) => {
                todo.push((code.len(), a));
                code.push(PutOp::Str(0));
            }
            Cell::Atom(x) => code.push(PutOp::Atom(x)),
            _ => code.push(PutOp::Const(at as u32)),
        }
        *len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_in_a_row_are_pushed_together() {
        let ops = |vars: &[u32]| vars.iter().map(|&k| PutOp::Var(k)).collect::<Vec<_>>();
        let shape = |code: &[PutOp]| {
            code.iter()
                .map(|op| match op {
                    PutOp::Var(_) => "Var",
                    PutOp::Var2(..) => "Var2",
                    PutOp::Var3(..) => "Var3",
                    _ => "other",
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(shape(&group_vars(ops(&[0, 1, 2]))), ["Var3"]);
        assert_eq!(shape(&group_vars(ops(&[0, 1, 2, 3, 4]))), ["Var3", "Var2"]);
        assert!(matches!(
            *group_vars(ops(&[4, 5, 6])),
            [PutOp::Var3(4, 5, 6)]
        ));
        // A variable numbered past 2^16 does not fit a Var3: the pair and the single stay.
        let big = 1 << 16;
        assert!(matches!(
            *group_vars(ops(&[0, 1, big])),
            [PutOp::Var2(0, 1), PutOp::Var(b)] if b == big
        ));
        // Anything between breaks a run.
        let mut code = ops(&[0]);
        code.push(PutOp::Atom(atoms::NIL));
        code.extend(ops(&[1]));
        assert_eq!(shape(&group_vars(code)), ["Var", "other", "Var"]);
    }
}
