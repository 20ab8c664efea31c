//! Arithmetic: evaluating `is/2` expressions on the heap (explicit stack), SWI semantics
//! for integers and floats (`/` gives an integer when the division is exact).

use crate::store::{Cell, deref};
use crate::term::{Atom, Term};

/// A number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Num {
    I(i64),
    F(f64),
}

impl Num {
    pub(crate) fn cell(self) -> Cell {
        match self {
            Num::I(n) => Cell::Int(n),
            Num::F(x) => Cell::Float(x),
        }
    }
    fn f(self) -> f64 {
        match self {
            Num::I(n) => n as f64,
            Num::F(x) => x,
        }
    }
}

/// `error(Formal, _)`.
pub(crate) use crate::errors::{error as error_term, type_error};

pub(crate) fn eval_error(what: &str) -> Term {
    error_term(Term::compound("evaluation_error", vec![Term::atom(what)]))
}

pub(crate) use crate::errors::instantiation_error;

fn overflow() -> Term {
    eval_error("int_overflow")
}

fn int_of(n: Num) -> Result<i64, Term> {
    match n {
        Num::I(i) => Ok(i),
        Num::F(x) => Err(type_error("integer", Term::Float(x))),
    }
}

fn float_to_int(x: f64) -> Result<i64, Term> {
    if x.is_finite() && x >= i64::MIN as f64 && x <= i64::MAX as f64 {
        Ok(x as i64)
    } else {
        Err(overflow())
    }
}

fn check_float(x: f64) -> Result<Num, Term> {
    if x.is_nan() {
        Err(eval_error("undefined"))
    } else if x.is_infinite() {
        Err(eval_error("float_overflow"))
    } else {
        Ok(Num::F(x))
    }
}

fn apply(name: &str, args: &[Num]) -> Result<Num, Term> {
    use Num::{F, I};
    let r = match (name, args) {
        ("+", [a]) => *a,
        ("-", [I(a)]) => I(a.checked_neg().ok_or_else(overflow)?),
        ("-", [F(a)]) => F(-a),
        ("abs", [I(a)]) => I(a.checked_abs().ok_or_else(overflow)?),
        ("abs", [F(a)]) => F(a.abs()),
        ("sign", [I(a)]) => I(a.signum()),
        ("sign", [F(a)]) => F(a.signum()),
        ("min", [a, b]) => {
            if cmp_num(*b, *a) == std::cmp::Ordering::Less {
                *b
            } else {
                *a
            }
        }
        ("max", [a, b]) => {
            if cmp_num(*b, *a) == std::cmp::Ordering::Greater {
                *b
            } else {
                *a
            }
        }
        ("+", [I(a), I(b)]) => I(a.checked_add(*b).ok_or_else(overflow)?),
        ("-", [I(a), I(b)]) => I(a.checked_sub(*b).ok_or_else(overflow)?),
        ("*", [I(a), I(b)]) => I(a.checked_mul(*b).ok_or_else(overflow)?),
        ("+", [a, b]) => check_float(a.f() + b.f())?,
        ("-", [a, b]) => check_float(a.f() - b.f())?,
        ("*", [a, b]) => check_float(a.f() * b.f())?,
        ("/", [I(_), I(0)]) => return Err(eval_error("zero_divisor")),
        ("/", [I(a), I(b)]) => match a.checked_rem(*b) {
            Some(0) => I(a.checked_div(*b).ok_or_else(overflow)?),
            Some(_) => F(*a as f64 / *b as f64),
            // min_int / -1: exact, but the quotient does not fit.
            None => return Err(overflow()),
        },
        ("/", [a, b]) => {
            if b.f() == 0.0 {
                return Err(eval_error("zero_divisor"));
            }
            check_float(a.f() / b.f())?
        }
        ("//" | "mod" | "rem" | "div", [a, b]) => {
            let (a, b) = (int_of(*a)?, int_of(*b)?);
            if b == 0 {
                return Err(eval_error("zero_divisor"));
            }
            I(match name {
                "//" => a.checked_div(b).ok_or_else(overflow)?,
                // Wrapping only for min_int and -1, where it gives the true 0.
                "rem" => a.wrapping_rem(b),
                "mod" => {
                    let r = a.wrapping_rem_euclid(b);
                    if b < 0 && r != 0 { r + b } else { r }
                }
                _ => a
                    .checked_div_euclid(b)
                    .map(|q| {
                        if b < 0 && a.rem_euclid(b) != 0 {
                            q + 1
                        } else {
                            q
                        }
                    })
                    .ok_or_else(overflow)?,
            })
        }
        ("**", [I(a), I(b)]) | ("^", [I(a), I(b)]) => {
            if *b < 0 {
                if *a == 1 {
                    I(1)
                } else if *a == -1 {
                    I(if b % 2 == 0 { 1 } else { -1 })
                } else if *a == 0 {
                    return Err(eval_error("zero_divisor"));
                } else {
                    // SWI-Prolog (prefer_rationals false): a float, for ^ as for **;
                    // the standard raises type_error(float, A) for ^.
                    F((*a as f64).powf(*b as f64))
                }
            } else {
                let e = u32::try_from(*b).map_err(|_| overflow())?;
                I(a.checked_pow(e).ok_or_else(overflow)?)
            }
        }
        ("**" | "^", [a, b]) => check_float(a.f().powf(b.f()))?,
        ("sqrt", [a]) => {
            if a.f() < 0.0 {
                return Err(eval_error("undefined"));
            }
            F(a.f().sqrt())
        }
        ("sin", [a]) => F(a.f().sin()),
        ("cos", [a]) => F(a.f().cos()),
        ("tan", [a]) => check_float(a.f().tan())?,
        ("atan", [a]) => F(a.f().atan()),
        ("atan2" | "atan", [a, b]) => F(a.f().atan2(b.f())),
        ("exp", [a]) => check_float(a.f().exp())?,
        ("log", [a]) => {
            if a.f() <= 0.0 {
                return Err(eval_error("undefined"));
            }
            F(a.f().ln())
        }
        ("log2", [a]) => {
            if a.f() <= 0.0 {
                return Err(eval_error("undefined"));
            }
            F(a.f().log2())
        }
        ("float", [a]) => F(a.f()),
        ("integer", [I(a)]) => I(*a),
        ("integer", [F(a)]) => I(float_to_int(a.round())?),
        ("float_integer_part", [a]) => F(a.f().trunc()),
        ("float_fractional_part", [a]) => F(a.f().fract()),
        ("truncate", [I(a)]) | ("round", [I(a)]) | ("ceiling", [I(a)]) | ("floor", [I(a)]) => I(*a),
        ("truncate", [F(a)]) => I(float_to_int(a.trunc())?),
        ("round", [F(a)]) => I(float_to_int(a.round())?),
        ("ceiling", [F(a)]) => I(float_to_int(a.ceil())?),
        ("floor", [F(a)]) => I(float_to_int(a.floor())?),
        (">>", [a, b]) => I(int_of(*a)?
            .checked_shr(u32::try_from(int_of(*b)?).map_err(|_| overflow())?)
            .unwrap_or(0)),
        ("<<", [a, b]) => I(int_of(*a)?
            .checked_shl(u32::try_from(int_of(*b)?).map_err(|_| overflow())?)
            .ok_or_else(overflow)?),
        ("/\\", [a, b]) => I(int_of(*a)? & int_of(*b)?),
        ("\\/", [a, b]) => I(int_of(*a)? | int_of(*b)?),
        ("xor", [a, b]) => I(int_of(*a)? ^ int_of(*b)?),
        ("\\", [a]) => I(!int_of(*a)?),
        ("gcd", [a, b]) => {
            let (mut x, mut y) = (int_of(*a)?.unsigned_abs(), int_of(*b)?.unsigned_abs());
            while y != 0 {
                (x, y) = (y, x % y);
            }
            I(i64::try_from(x).map_err(|_| overflow())?)
        }
        ("msb", [a]) => I(63 - int_of(*a)?.leading_zeros() as i64),
        ("pi", []) => F(std::f64::consts::PI),
        ("e", []) => F(std::f64::consts::E),
        ("inf" | "infinite", []) => F(f64::INFINITY),
        ("nan", []) => F(f64::NAN),
        ("max_tagged_integer", []) => I((1 << 60) - 1),
        _ => {
            return Err(type_error(
                "evaluable",
                Term::compound("/", vec![Term::atom(name), Term::Int(args.len() as i64)]),
            ));
        }
    };
    Ok(r)
}

/// Compares two numbers by value (`=:=`, `<`, ...).
pub(crate) fn cmp_num(a: Num, b: Num) -> std::cmp::Ordering {
    match (a, b) {
        (Num::I(x), Num::I(y)) => x.cmp(&y),
        _ => a
            .f()
            .partial_cmp(&b.f())
            .unwrap_or(std::cmp::Ordering::Equal),
    }
}

/// Evaluates the arithmetic expression `c`.
pub(crate) fn eval(heap: &[Cell], c: Cell, read: &dyn Fn(Cell) -> Term) -> Result<Num, Term> {
    enum Step {
        Visit(Cell),
        Apply(Atom, u32),
    }
    let mut todo = vec![Step::Visit(c)];
    let mut vals: Vec<Num> = Vec::new();
    while let Some(step) = todo.pop() {
        match step {
            Step::Visit(c) => match deref(heap, c) {
                Cell::Int(n) => vals.push(Num::I(n)),
                Cell::Float(x) => vals.push(Num::F(x)),
                Cell::Ref(_) => return Err(instantiation_error()),
                Cell::Atom(a) => {
                    if a == crate::term::atoms::NIL {
                        return Err(type_error("evaluable", Term::atom("[]")));
                    }
                    vals.push(apply(a.name(), &[])?)
                }
                Cell::Str(a) => {
                    if let Cell::Fun(f, n) = heap[a as usize] {
                        // "a" (a one-element code list) evaluates to its code, as in SWI.
                        if f == crate::term::atoms::DOT && n == 2 {
                            let tail = deref(heap, heap[a as usize + 2]);
                            if tail == Cell::Atom(crate::term::atoms::NIL) {
                                todo.push(Step::Visit(heap[a as usize + 1]));
                                continue;
                            }
                            return Err(type_error("evaluable", read(c)));
                        }
                        todo.push(Step::Apply(f, n));
                        for i in (1..=n).rev() {
                            todo.push(Step::Visit(heap[(a + i) as usize]));
                        }
                    }
                }
                Cell::Fun(..) => return Err(type_error("evaluable", read(c))),
                // "a" evaluates to its character code, as in SWI.
                Cell::Text(s) => {
                    let mut chars = s.name().chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) => vals.push(Num::I(ch as i64)),
                        _ => return Err(type_error("evaluable", read(c))),
                    }
                }
            },
            Step::Apply(f, n) => {
                use crate::term::atoms::{MINUS, PLUS, STAR};
                // Fast path without the atom-name lookup for the usual integer operations.
                if n == 2
                    && let [.., Num::I(x), Num::I(y)] = vals[..]
                {
                    let r = if f == PLUS {
                        Some(x.checked_add(y).ok_or_else(overflow)?)
                    } else if f == MINUS {
                        Some(x.checked_sub(y).ok_or_else(overflow)?)
                    } else if f == STAR {
                        Some(x.checked_mul(y).ok_or_else(overflow)?)
                    } else {
                        None
                    };
                    if let Some(r) = r {
                        vals.pop();
                        if let Some(last) = vals.last_mut() {
                            *last = Num::I(r);
                        }
                        continue;
                    }
                }
                let args = vals.split_off(vals.len() - n as usize);
                vals.push(apply(f.name(), &args)?);
            }
        }
    }
    vals.pop().ok_or_else(instantiation_error)
}
