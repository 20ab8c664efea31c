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
use crate::compile::arith::ArithOp;
use crate::compile::arith::{ArithLhs, IntExpr, IntOp, Operand, PostOp, STACK};

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
