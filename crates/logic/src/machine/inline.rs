//! Arithmetic run from the clause: the is/2 and comparison goals that open a clause body
//! (`Clause::arith`) are evaluated at clause entry straight from the template and the
//! frame, when every value they meet is a small integer and the operations are `+ - *`
//! (and unary minus) without overflow. The goal is then never built on the heap nor
//! dispatched; a variable first met as the left side of is/2 takes the value in its frame
//! slot. Anything else (a float, an unbound variable, another function, an overflow)
//! leaves the goal and those after it to the ordinary path, which raises the same errors
//! and builds the same big integers as before. Each goal run here counts its inference
//! as its call would, in the same order, so the limits stop at the same count.

use super::*;
use crate::db::ArithOp;

/// How deep an expression is followed in the template (deeper ones take the ordinary
/// path: no recursion whose depth the program decides).
const MAX_DEPTH: u32 = 8;

/// The evaluation stack's size: an expression at most `MAX_DEPTH` deep needs no more.
const STACK: usize = MAX_DEPTH as usize + 2;

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
    fn apply(self, x: i64, y: i64) -> Option<i64> {
        match self {
            IntOp::Add => x.checked_add(y),
            IntOp::Sub => x.checked_sub(y),
            IntOp::Mul => x.checked_mul(y),
            IntOp::Neg => y.checked_neg(),
        }
    }
}

impl Machine<'_> {
    /// Runs the arithmetic goals that open `clause`'s body, as far as they take the fast
    /// path: `Ok(Some(n))` when the first `n` goals ran and succeeded, `Ok(None)` when one
    /// of them failed (the clause fails).
    #[inline(always)]
    pub(super) fn run_inline_arith(&mut self, clause: &Clause) -> Result<Option<usize>, Stop> {
        for (k, goal) in clause.arith.iter().enumerate() {
            let Some(y) = self.eval_int(&goal.rhs) else {
                return Ok(Some(k));
            };
            let holds = match (&goal.lhs, goal.op) {
                (ArithLhs::Expr(l), ArithOp::Compare(c)) => {
                    let Some(x) = self.eval_int(l) else {
                        return Ok(Some(k));
                    };
                    self.count_inference()?;
                    c.holds(x.cmp(&y))
                }
                (&ArithLhs::IsFirst(v), _) => {
                    self.count_inference()?;
                    self.frame[v as usize] = Cell::Int(y);
                    true
                }
                (&ArithLhs::IsVar(v), _) => {
                    self.count_inference()?;
                    match self.deref(self.frame[v as usize]) {
                        Cell::Ref(a) => {
                            self.bind(a, Cell::Int(y));
                            true
                        }
                        other => other == Cell::Int(y),
                    }
                }
                (&ArithLhs::IsInt(x), _) => {
                    self.count_inference()?;
                    x == y
                }
                // A structure or another constant on the left: the ordinary path.
                _ => return Ok(Some(k)),
            };
            if !holds {
                return Ok(None);
            }
        }
        Ok(Some(clause.arith.len()))
    }

    /// The value of an operand if it is a small integer (a bound variable's too).
    #[inline(always)]
    fn operand(&self, a: Operand) -> Option<i64> {
        match a {
            Operand::Int(n) => Some(n),
            Operand::Var(v) => match self.deref(self.frame[v as usize]) {
                Cell::Int(n) => Some(n),
                _ => None,
            },
        }
    }

    /// The value of a compiled expression if it is a small integer computed with `+ - *`
    /// from integers and bound variables, without overflow.
    #[inline(always)]
    fn eval_int(&self, e: &IntExpr) -> Option<i64> {
        match e {
            IntExpr::Leaf(a) => self.operand(*a),
            IntExpr::Bin(op, a, b) => {
                let x = self.operand(*a)?;
                let y = self.operand(*b)?;
                op.apply(x, y)
            }
            IntExpr::Code(code) => self.eval_code(code),
            IntExpr::Never => None,
        }
    }

    fn eval_code(&self, code: &[PostOp]) -> Option<i64> {
        let mut stack = [0i64; STACK];
        let mut n = 0;
        for &op in code {
            match op {
                PostOp::Push(a) => {
                    *stack.get_mut(n)? = self.operand(a)?;
                    n += 1;
                }
                PostOp::Apply(IntOp::Neg) => {
                    let x = stack.get_mut(n.checked_sub(1)?)?;
                    *x = x.checked_neg()?;
                }
                PostOp::Apply(op) => {
                    let y = *stack.get(n.checked_sub(1)?)?;
                    n -= 1;
                    let x = stack.get_mut(n.checked_sub(1)?)?;
                    *x = op.apply(*x, y)?;
                }
            }
        }
        (n == 1).then(|| stack[0])
    }
}

/// `x op y` for `+`, `-` and `*` on small integers: `None` for another operator or on
/// overflow (which the general evaluator then handles, with big integers).
#[inline(always)]
pub(super) fn small_arith(op: Atom, x: i64, y: i64) -> Option<i64> {
    if op == atoms::PLUS {
        x.checked_add(y)
    } else if op == atoms::MINUS {
        x.checked_sub(y)
    } else if op == atoms::STAR {
        x.checked_mul(y)
    } else {
        None
    }
}
