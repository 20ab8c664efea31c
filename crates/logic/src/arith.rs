//! Arithmetic: evaluating `is/2` expressions on the heap (explicit stack), SWI semantics
//! for integers and floats (`/` gives an integer when the division is exact).

use crate::store::{Cell, deref};
use crate::term::{Atom, Term};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{FromPrimitive, Signed, ToPrimitive, Zero};
use std::time::Instant;

/// A number: a 64-bit integer, a float, or an integer beyond 64 bits (never one that
/// fits: results are normalized).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Num {
    I(i64),
    F(f64),
    B(Box<BigInt>),
}

impl Num {
    /// The number as a float.
    pub(crate) fn f(&self) -> f64 {
        match self {
            Num::I(n) => *n as f64,
            Num::F(x) => *x,
            Num::B(b) => b.to_f64().unwrap_or(f64::INFINITY),
        }
    }

    /// An integer as a big integer (`None` for a float).
    fn big(&self) -> Option<BigInt> {
        match self {
            Num::I(n) => Some(BigInt::from(*n)),
            Num::B(b) => Some((**b).clone()),
            Num::F(_) => None,
        }
    }

    /// The integer `n`, normalized: an `I` when it fits.
    pub(crate) fn from_big(n: BigInt) -> Num {
        match n.to_i64() {
            Some(i) => Num::I(i),
            None => Num::B(Box::new(n)),
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

fn int_of(n: &Num) -> Result<i64, Term> {
    match n {
        Num::I(i) => Ok(*i),
        Num::F(x) => Err(type_error("integer", Term::Float(*x))),
        Num::B(_) => Err(overflow()),
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

/// Applies an evaluable functor: on 64-bit integers first; an integer result that does
/// not fit, or a big operand, goes to the unbounded integers.
fn apply(name: &str, args: &[Num], deadline: Option<Instant>) -> Result<Num, Term> {
    let r = if args.iter().any(|a| matches!(a, Num::B(_))) {
        apply_big(name, args, deadline)
    } else {
        match apply_small(name, args) {
            Err(e) if e == overflow() && args.iter().all(|a| matches!(a, Num::I(_))) => {
                apply_big(name, args, deadline)
            }
            r => r,
        }
    };
    r.map_err(|e| divisor_context(e, name, args.len()))
}

/// A division by zero names the evaluable functor as its context, `context((/)/2, _)`, as
/// SWI-Prolog does (its other evaluation errors name `system:(is)/2`, the caller's).
#[cold]
fn divisor_context(e: Term, name: &str, arity: usize) -> Term {
    if e != eval_error("zero_divisor") {
        return e;
    }
    let formal = e.args()[0].clone();
    let pi = Term::compound("/", vec![Term::atom(name), Term::Int(arity as i64)]);
    Term::compound(
        "error",
        vec![formal, Term::compound("context", vec![pi, Term::Var(0)])],
    )
}

/// The most bits a big integer result may have (8 MiB): beyond, a resource error rather
/// than exhausting memory on `2 ** 10 ** 12`.
const MAX_BIG_BITS: u64 = 1 << 26;

fn too_big() -> Term {
    crate::errors::capacity_error(
        "memory",
        &format!(
            "stopped: an integer of more than {MAX_BIG_BITS} bits, past the prover's cap on \
             integers (resource_error(memory))"
        ),
    )
}

/// The ball that stops an evaluation past its deadline ([`eval`]'s caller makes it the
/// time limit).
pub(crate) fn interrupted() -> Term {
    Term::atom("$interrupted")
}

/// Results of at least this many bits look at the clock: below, an operation takes
/// microseconds.
const CLOCK_BITS: u64 = 1 << 16;

fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// `a ^ e` by squaring, looking at the clock after each multiplication: a power of
/// millions of digits takes seconds, and the time limit must cover it (one
/// multiplication, the last and longest, may run past the deadline).
fn pow_checked(a: &BigInt, e: u32, deadline: Option<Instant>) -> Result<BigInt, Term> {
    if deadline.is_none() || a.bits().saturating_mul(e as u64) < CLOCK_BITS {
        return Ok(a.pow(e));
    }
    let mut r = BigInt::from(1);
    for i in (0..u32::BITS - e.leading_zeros()).rev() {
        r = &r * &r;
        if (e >> i) & 1 == 1 {
            r *= a;
        }
        if past(deadline) {
            return Err(interrupted());
        }
    }
    Ok(r)
}

/// The integer functions on unbounded integers (floats mixed in are combined as floats).
fn apply_big(name: &str, args: &[Num], deadline: Option<Instant>) -> Result<Num, Term> {
    let ints: Option<Vec<BigInt>> = args.iter().map(Num::big).collect();
    let Some(ints) = ints else {
        // min/max compare as floats but give back the operand itself (SWI-Prolog:
        // `max(10^30, 1.0)` is the integer).
        if let ("min" | "max", [a, b]) = (name, args) {
            return Ok(min_max(name, a, b));
        }
        // A float among the operands: the float operation on the values as floats (an
        // integer too large for a float is a float overflow, as in SWI-Prolog).
        let fs = args
            .iter()
            .map(as_float)
            .collect::<Result<Vec<Num>, Term>>()?;
        return apply_small(name, &fs);
    };
    let int = |i: &BigInt| -> Result<i64, Term> { i.to_i64().ok_or_else(overflow) };
    let r = match (name, &ints[..]) {
        ("+", [a]) => a.clone(),
        ("-", [a]) => -a,
        ("abs", [a]) => a.abs(),
        ("sign", [a]) => a.signum(),
        ("min", [a, b]) => a.min(b).clone(),
        ("max", [a, b]) => a.max(b).clone(),
        ("+", [a, b]) => a + b,
        ("-", [a, b]) => a - b,
        ("*", [a, b]) => {
            if a.bits() + b.bits() > MAX_BIG_BITS {
                return Err(too_big());
            }
            a * b
        }
        ("/", [a, b]) => {
            if b.is_zero() {
                return Err(eval_error("zero_divisor"));
            }
            let (q, r) = a.div_rem(b);
            if r.is_zero() {
                q
            } else {
                let (Num::F(x), Num::F(y)) = (
                    as_float(&Num::from_big(a.clone()))?,
                    as_float(&Num::from_big(b.clone()))?,
                ) else {
                    return Err(eval_error("undefined"));
                };
                return check_float(x / y);
            }
        }
        ("//" | "mod" | "rem" | "div", [a, b]) => {
            if b.is_zero() {
                return Err(eval_error("zero_divisor"));
            }
            match name {
                "//" => a / b,
                "rem" => a % b,
                "mod" => a.mod_floor(b),
                _ => a.div_floor(b),
            }
        }
        ("**" | "^", [a, b]) => {
            if b.is_negative() {
                return apply_small(
                    name,
                    &[Num::F(a.to_f64().unwrap_or(f64::NAN)), Num::I(int(b)?)],
                );
            }
            let e = u32::try_from(int(b)?).map_err(|_| too_big())?;
            if a.bits().saturating_mul(e as u64) > MAX_BIG_BITS {
                return Err(too_big());
            }
            pow_checked(a, e, deadline)?
        }
        (">>", [a, b]) => a >> usize::try_from(int(b)?).map_err(|_| overflow())?,
        ("<<", [a, b]) => {
            let k = u64::try_from(int(b)?).map_err(|_| overflow())?;
            if a.bits() + k > MAX_BIG_BITS {
                return Err(too_big());
            }
            a << k as usize
        }
        ("/\\", [a, b]) => a & b,
        ("\\/", [a, b]) => a | b,
        ("xor", [a, b]) => a ^ b,
        ("\\", [a]) => !a,
        ("gcd", [a, b]) => a.gcd(b),
        ("msb", [a]) => BigInt::from(a.bits().saturating_sub(1)),
        ("integer" | "truncate" | "round" | "ceiling" | "floor" | "float_integer_part", [a]) => {
            a.clone()
        }
        _ => {
            let fs = args
                .iter()
                .map(as_float)
                .collect::<Result<Vec<Num>, Term>>()?;
            return apply_small(name, &fs);
        }
    };
    if r.bits() >= CLOCK_BITS && past(deadline) {
        return Err(interrupted());
    }
    Ok(Num::from_big(r))
}

/// A number as a float, or `evaluation_error(float_overflow)` for an integer beyond the
/// floats' range (SWI-Prolog: `X is float(10^400)` raises it rather than give `inf`).
fn as_float(n: &Num) -> Result<Num, Term> {
    match n {
        Num::B(b) => match b.to_f64() {
            Some(x) if x.is_finite() => Ok(Num::F(x)),
            _ => Err(eval_error("float_overflow")),
        },
        other => Ok(Num::F(other.f())),
    }
}

/// `min(A, B)` or `max(A, B)`: the operand itself (an integer stays an integer), compared
/// by value; of two equal operands of different types, the float (as SWI-Prolog).
fn min_max(name: &str, a: &Num, b: &Num) -> Num {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let wanted = if name == "min" { Less } else { Greater };
    match cmp_num(a, b) {
        Equal if matches!(b, Num::F(_)) => b.clone(),
        Equal => a.clone(),
        o if o == wanted => a.clone(),
        _ => b.clone(),
    }
}

/// A float's integer part as an integer of any size.
fn float_to_big(x: f64) -> Result<Num, Term> {
    if let Ok(i) = float_to_int(x) {
        return Ok(Num::I(i));
    }
    BigInt::from_f64(x)
        .map(Num::from_big)
        .ok_or_else(|| eval_error("undefined"))
}

/// `//`, `mod`, `rem` or `div` (named `name`) on small integers.
fn int_division(name: &str, a: i64, b: i64) -> Result<i64, Term> {
    if b == 0 {
        return Err(eval_error("zero_divisor"));
    }
    Ok(match name {
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

/// `a ** b` or `a ^ b` on small integers.
fn int_power(a: i64, b: i64) -> Result<Num, Term> {
    use Num::{F, I};
    Ok(if b < 0 {
        if a == 1 {
            I(1)
        } else if a == -1 {
            I(if b % 2 == 0 { 1 } else { -1 })
        } else if a == 0 {
            return Err(eval_error("zero_divisor"));
        } else {
            // SWI-Prolog (prefer_rationals false): a float, for ^ as for **;
            // the standard raises type_error(float, A) for ^.
            F((a as f64).powf(b as f64))
        }
    } else {
        let e = u32::try_from(b).map_err(|_| overflow())?;
        I(a.checked_pow(e).ok_or_else(overflow)?)
    })
}

fn apply_small(name: &str, args: &[Num]) -> Result<Num, Term> {
    use Num::{F, I};
    let r = match (name, args) {
        ("+", [a]) => a.clone(),
        ("-", [I(a)]) => I(a.checked_neg().ok_or_else(overflow)?),
        ("-", [F(a)]) => F(-a),
        ("abs", [I(a)]) => I(a.checked_abs().ok_or_else(overflow)?),
        ("abs", [F(a)]) => F(a.abs()),
        ("sign", [I(a)]) => I(a.signum()),
        ("sign", [F(a)]) => F(a.signum()),
        ("min" | "max", [a, b]) => min_max(name, a, b),
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
        ("//" | "mod" | "rem" | "div", [a, b]) => I(int_division(name, int_of(a)?, int_of(b)?)?),
        ("**", [I(a), I(b)]) | ("^", [I(a), I(b)]) => int_power(*a, *b)?,
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
        ("asin" | "acos", [a]) => {
            if !(-1.0..=1.0).contains(&a.f()) {
                return Err(eval_error("undefined"));
            }
            F(if name == "asin" {
                a.f().asin()
            } else {
                a.f().acos()
            })
        }
        ("atan2" | "atan", [a, b]) => F(a.f().atan2(b.f())),
        ("exp", [a]) => check_float(a.f().exp())?,
        ("log", [a]) => {
            // log(0) is -inf: SWI-Prolog calls it an overflow.
            if a.f() == 0.0 {
                return Err(eval_error("float_overflow"));
            }
            if a.f() < 0.0 {
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
        ("integer", [F(a)]) => float_to_big(a.round())?,
        ("float_integer_part", [a]) => F(a.f().trunc()),
        ("float_fractional_part", [a]) => F(a.f().fract()),
        ("truncate", [I(a)]) | ("round", [I(a)]) | ("ceiling", [I(a)]) | ("floor", [I(a)]) => I(*a),
        ("truncate", [F(a)]) => float_to_big(a.trunc())?,
        ("round", [F(a)]) => float_to_big(a.round())?,
        ("ceiling", [F(a)]) => float_to_big(a.ceil())?,
        ("floor", [F(a)]) => float_to_big(a.floor())?,
        (">>", [a, b]) => I(int_of(a)?
            .checked_shr(u32::try_from(int_of(b)?).map_err(|_| overflow())?)
            .unwrap_or(0)),
        ("<<", [a, b]) => I(int_of(a)?
            .checked_shl(u32::try_from(int_of(b)?).map_err(|_| overflow())?)
            .ok_or_else(overflow)?),
        ("/\\", [a, b]) => I(int_of(a)? & int_of(b)?),
        ("\\/", [a, b]) => I(int_of(a)? | int_of(b)?),
        ("xor", [a, b]) => I(int_of(a)? ^ int_of(b)?),
        ("\\", [a]) => I(!int_of(a)?),
        ("gcd", [a, b]) => {
            let (mut x, mut y) = (int_of(a)?.unsigned_abs(), int_of(b)?.unsigned_abs());
            while y != 0 {
                (x, y) = (y, x % y);
            }
            I(i64::try_from(x).map_err(|_| overflow())?)
        }
        ("msb", [a]) => I(63 - int_of(a)?.leading_zeros() as i64),
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
pub(crate) fn cmp_num(a: &Num, b: &Num) -> std::cmp::Ordering {
    match (a, b) {
        (Num::I(x), Num::I(y)) => x.cmp(y),
        (Num::F(_), _) | (_, Num::F(_)) => a
            .f()
            .partial_cmp(&b.f())
            .unwrap_or(std::cmp::Ordering::Equal),
        _ => a.big().cmp(&b.big()),
    }
}

/// A step of [`eval`]'s walk of an expression: an operand to visit, or a function to
/// apply to the values on top of the value stack.
pub(crate) enum EvalStep {
    Visit(Cell),
    Apply(Atom, u32),
}

/// The two stacks of [`eval`], kept by the caller from one evaluation to the next so
/// that an evaluation allocates nothing once they have grown to the expressions' depth.
#[derive(Default)]
pub(crate) struct EvalStacks {
    todo: Vec<EvalStep>,
    vals: Vec<Num>,
}

/// Evaluates the arithmetic expression `c`, with `stacks` as scratch space.
/// Big-integer operations look at the clock against `deadline` (past it: [`interrupted`]).
pub(crate) fn eval(
    heap: &[Cell],
    c: Cell,
    read: &dyn Fn(Cell) -> Term,
    deadline: Option<Instant>,
    stacks: &mut EvalStacks,
) -> Result<Num, Term> {
    use EvalStep as Step;
    let EvalStacks { todo, vals } = stacks;
    todo.clear();
    vals.clear();
    todo.push(Step::Visit(c));
    while let Some(step) = todo.pop() {
        match step {
            Step::Visit(c) => match deref(heap, c) {
                Cell::Int(n) => vals.push(Num::I(n)),
                Cell::Float(x) => vals.push(Num::F(x)),
                Cell::Ref(_) => return Err(instantiation_error()),
                Cell::Atom(a) => {
                    if a == crate::term::atoms::NIL {
                        return Err(type_error("evaluable", Term::nil()));
                    }
                    vals.push(apply(a.name(), &[], deadline)?)
                }
                Cell::Str(a) => {
                    if let Some(b) = crate::bigint::from_heap(heap, a) {
                        vals.push(Num::B(Box::new(b)));
                        continue;
                    }
                    // "a" evaluates to its character code, as in SWI.
                    if let Some(s) = crate::strings::from_heap(heap, a) {
                        let mut chars = s.chars();
                        match (chars.next(), chars.next()) {
                            (Some(ch), None) => vals.push(Num::I(ch as i64)),
                            _ => return Err(type_error("evaluable", read(c))),
                        }
                        continue;
                    }
                    if let Cell::Fun(f, n) = heap[a as usize] {
                        // "a" (a one-element code list) evaluates to its code, as in SWI.
                        if f == crate::term::atoms::CONS && n == 2 {
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
            },
            Step::Apply(f, n) => {
                use crate::term::atoms::{MINUS, PLUS, STAR};
                // Fast path without the atom-name lookup for the usual integer operations.
                if n == 2
                    && let [.., Num::I(x), Num::I(y)] = vals[..]
                {
                    // An overflow leaves the fast path: apply() goes to big integers.
                    let r = if f == PLUS {
                        x.checked_add(y)
                    } else if f == MINUS {
                        x.checked_sub(y)
                    } else if f == STAR {
                        x.checked_mul(y)
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
                let first = vals.len() - n as usize;
                let r = apply(f.name(), &vals[first..], deadline)?;
                vals.truncate(first);
                vals.push(r);
            }
        }
    }
    vals.pop().ok_or_else(instantiation_error)
}
