//! The arithmetic goals that open a clause body (is/2 and the numeric comparisons),
//! compiled for the machine's fast path (`machine/inline.rs` runs them).

use crate::store::Cell;
use crate::term::{Term, atoms};
use std::cmp::Ordering;

/// How deep an expression is followed in the template (deeper ones take the ordinary
/// path: no recursion whose depth the program decides).
const MAX_DEPTH: u32 = 8;

/// The evaluation stack's size: an expression at most `MAX_DEPTH` deep needs no more.
pub(crate) const STACK: usize = MAX_DEPTH as usize + 2;

/// A leaf of an expression: an integer or a clause variable.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Operand {
    Int(i64),
    Var(u32),
}

/// One of `+ - *`, binary (`Neg` is unary minus).
#[derive(Clone, Copy, Debug)]
pub(crate) enum IntOp {
    Add,
    Sub,
    Mul,
    Neg,
}

/// A template expression compiled once: evaluated on the frame without walking the
/// template (the common shapes without a stack).
#[derive(Clone, Debug)]
pub(crate) enum IntExpr {
    /// Never a small integer here (a float, an atom, another function, too deep): the
    /// ordinary path.
    Never,
    Leaf(Operand),
    Bin(IntOp, Operand, Operand),
    /// Postfix code for anything else.
    Code(Box<[PostOp]>),
}

/// A step of postfix code.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PostOp {
    Push(Operand),
    Apply(IntOp),
}

/// The left side of an opening arithmetic goal.
#[derive(Clone, Debug)]
pub(crate) enum ArithLhs {
    /// A comparison's left expression.
    Expr(IntExpr),
    /// is/2 with a variable on the left not set yet (not in the head nor set by an
    /// is/2 before): it takes the value.
    IsFirst(u32),
    /// is/2 with a variable set before on the left: bound to the value, or compared.
    IsVar(u32),
    /// is/2 with an integer on the left.
    IsInt(i64),
    /// is/2 with anything else on the left: the ordinary path.
    IsOther,
}

/// An opening arithmetic goal compiled: which built-in, and its two sides.
#[derive(Clone, Debug)]
pub(crate) struct ArithGoal {
    pub(crate) op: ArithOp,
    pub(crate) lhs: ArithLhs,
    pub(crate) rhs: IntExpr,
}

impl ArithGoal {
    /// Compiles goal `goal` (template `cells`) calling `op`; `set` tells the variables
    /// that have a value when it runs (those of the head and the left sides of the is/2
    /// goals before), and is updated. A variable without one is never a small integer,
    /// as the template walk found at each call.
    pub(crate) fn compile(op: ArithOp, cells: &[Cell], goal: Cell, set: &mut [bool]) -> ArithGoal {
        let Cell::Str(p) = goal else {
            return ArithGoal {
                op,
                lhs: ArithLhs::IsOther,
                rhs: IntExpr::Never,
            };
        };
        let p = p as usize;
        let (l, r) = (cells[p + 1], cells[p + 2]);
        let rhs = compile_expr(cells, r, set);
        let lhs = match (op, l) {
            (ArithOp::Compare(_), l) => ArithLhs::Expr(compile_expr(cells, l, set)),
            (ArithOp::Is, Cell::Ref(v)) => match set.get_mut(v as usize) {
                Some(s) if !*s => {
                    *s = true;
                    ArithLhs::IsFirst(v)
                }
                _ => ArithLhs::IsVar(v),
            },
            (ArithOp::Is, Cell::Int(x)) => ArithLhs::IsInt(x),
            (ArithOp::Is, _) => ArithLhs::IsOther,
        };
        ArithGoal { op, lhs, rhs }
    }
}

/// Compiles template expression `t` (see `IntExpr`).
fn compile_expr(cells: &[Cell], t: Cell, set: &[bool]) -> IntExpr {
    let mut code = Vec::new();
    if !postfix(cells, t, MAX_DEPTH, set, &mut code) {
        return IntExpr::Never;
    }
    match code[..] {
        [PostOp::Push(a)] => IntExpr::Leaf(a),
        [PostOp::Push(a), PostOp::Push(b), PostOp::Apply(op)] if !matches!(op, IntOp::Neg) => {
            IntExpr::Bin(op, a, b)
        }
        _ => IntExpr::Code(code.into_boxed_slice()),
    }
}

/// Appends the postfix code of `t`: `false` when it can never be a small integer (as
/// the template walk found at each call: another constant, another function, deeper
/// than `depth`, a variable not `set`).
fn postfix(cells: &[Cell], t: Cell, depth: u32, set: &[bool], code: &mut Vec<PostOp>) -> bool {
    match t {
        Cell::Int(n) => code.push(PostOp::Push(Operand::Int(n))),
        Cell::Ref(v) if set.get(v as usize) == Some(&true) => {
            code.push(PostOp::Push(Operand::Var(v)))
        }
        Cell::Str(p) if depth > 0 => {
            let p = p as usize;
            let op = match cells[p] {
                Cell::Fun(f, 2) if f == atoms::PLUS => IntOp::Add,
                Cell::Fun(f, 2) if f == atoms::MINUS => IntOp::Sub,
                Cell::Fun(f, 2) if f == atoms::STAR => IntOp::Mul,
                Cell::Fun(f, 1) if f == atoms::MINUS => IntOp::Neg,
                _ => return false,
            };
            let n = if matches!(op, IntOp::Neg) { 1 } else { 2 };
            for i in 1..=n {
                if !postfix(cells, cells[p + i], depth - 1, set, code) {
                    return false;
                }
            }
            code.push(PostOp::Apply(op));
        }
        _ => return false,
    }
    true
}

impl IntOp {
    #[inline(always)]
    pub(crate) fn apply(self, x: i64, y: i64) -> Option<i64> {
        match self {
            IntOp::Add => x.checked_add(y),
            IntOp::Sub => x.checked_sub(y),
            IntOp::Mul => x.checked_mul(y),
            IntOp::Neg => y.checked_neg(),
        }
    }
}

/// How two values compare: the six comparisons of arithmetic (`=:=`, `=\=`, `<`, `>`,
/// `=<`, `>=`) and of the standard order of terms (`==`, `\==`, `@<`, `@>`, `@=<`, `@>=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Comparison {
    Equal,
    NotEqual,
    Less,
    Greater,
    LessOrEqual,
    GreaterOrEqual,
}

impl Comparison {
    /// Whether two values ordered as `o` satisfy the comparison.
    #[inline]
    pub(crate) fn holds(self, o: Ordering) -> bool {
        match self {
            Comparison::Equal => o == Ordering::Equal,
            Comparison::NotEqual => o != Ordering::Equal,
            Comparison::Less => o == Ordering::Less,
            Comparison::Greater => o == Ordering::Greater,
            Comparison::LessOrEqual => o != Ordering::Greater,
            Comparison::GreaterOrEqual => o != Ordering::Less,
        }
    }
}

/// An arithmetic built-in a clause body may open with: is/2 or one of the six numeric
/// comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArithOp {
    Is,
    Compare(Comparison),
}

impl ArithOp {
    /// The built-in a body goal calls, if it is one of these.
    pub(crate) fn of(goal: &Term) -> Option<ArithOp> {
        let Term::Compound(f, args) = goal else {
            return None;
        };
        if args.len() != 2 {
            return None;
        }
        Some(match f.name() {
            "is" => ArithOp::Is,
            "=:=" => ArithOp::Compare(Comparison::Equal),
            "=\\=" => ArithOp::Compare(Comparison::NotEqual),
            "<" => ArithOp::Compare(Comparison::Less),
            ">" => ArithOp::Compare(Comparison::Greater),
            "=<" => ArithOp::Compare(Comparison::LessOrEqual),
            ">=" => ArithOp::Compare(Comparison::GreaterOrEqual),
            _ => return None,
        })
    }
}
