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

impl Machine<'_> {
    /// Runs the arithmetic goals that open `clause`'s body, as far as they take the fast
    /// path: `Ok(Some(n))` when the first `n` goals ran and succeeded, `Ok(None)` when one
    /// of them failed (the clause fails).
    #[inline]
    pub(super) fn run_inline_arith(&mut self, clause: &Clause) -> Result<Option<usize>, Stop> {
        let cells = &clause.cells[..];
        for (k, (&op, &goal)) in clause.arith.iter().zip(clause.body.iter()).enumerate() {
            let Cell::Str(p) = goal else {
                return Ok(Some(k));
            };
            let p = p as usize;
            let (lhs, rhs) = (cells[p + 1], cells[p + 2]);
            let Some(y) = self.template_int(cells, rhs, MAX_DEPTH) else {
                return Ok(Some(k));
            };
            let comparison = match op {
                ArithOp::Is => None,
                ArithOp::Compare(c) => Some(c),
            };
            let holds = match (comparison, lhs) {
                (Some(c), _) => {
                    let Some(x) = self.template_int(cells, lhs, MAX_DEPTH) else {
                        return Ok(Some(k));
                    };
                    self.count_inference()?;
                    c.holds(x.cmp(&y))
                }
                (None, Cell::Ref(v)) => {
                    let v = v as usize;
                    self.count_inference()?;
                    if is_unset(&self.frame[v]) {
                        self.frame[v] = Cell::Int(y);
                        true
                    } else {
                        match self.deref(self.frame[v]) {
                            Cell::Ref(a) => {
                                self.bind(a, Cell::Int(y));
                                true
                            }
                            other => other == Cell::Int(y),
                        }
                    }
                }
                (None, Cell::Int(x)) => {
                    self.count_inference()?;
                    x == y
                }
                // A structure or another constant on the left: the ordinary path.
                (None, _) => return Ok(Some(k)),
            };
            if !holds {
                return Ok(None);
            }
        }
        Ok(Some(clause.arith.len()))
    }

    /// The value of template expression `t` if it is a small integer computed with
    /// `+ - *` from integers and bound variables, without overflow.
    fn template_int(&self, cells: &[Cell], t: Cell, depth: u32) -> Option<i64> {
        match t {
            Cell::Int(n) => Some(n),
            Cell::Ref(v) => {
                let c = self.frame[v as usize];
                if is_unset(&c) {
                    return None;
                }
                match self.deref(c) {
                    Cell::Int(n) => Some(n),
                    _ => None,
                }
            }
            Cell::Str(p) if depth > 0 => {
                let p = p as usize;
                match cells[p] {
                    Cell::Fun(op, 2) => {
                        let x = self.template_int(cells, cells[p + 1], depth - 1)?;
                        let y = self.template_int(cells, cells[p + 2], depth - 1)?;
                        small_arith(op, x, y)
                    }
                    Cell::Fun(op, 1) if op == atoms::MINUS => self
                        .template_int(cells, cells[p + 1], depth - 1)?
                        .checked_neg(),
                    _ => None,
                }
            }
            _ => None,
        }
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
