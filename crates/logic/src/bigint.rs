//! Unbounded integers, as SWI-Prolog has them. A value that fits 64 bits is always an
//! `Int` (the fast path everywhere); a larger one is the structure `'$big'(Sign, D0, D1,
//! ...)`: its sign (1 or -1) and its magnitude in 64-bit digits, least significant first,
//! each stored as the `Int` of the same bits. Being an ordinary structure, it is copied,
//! unified (one value, one form), collected and indexed as any term; the type tests, the
//! standard order, arithmetic, the reader and the writer treat it as the integer it is.

use crate::store::{Cell, deref};
use crate::term::{Atom, Term};
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::ToPrimitive;

/// The functor name of a big integer's structure.
pub(crate) const BIG: &str = "$big";

/// The atom of [`BIG`].
pub(crate) fn big_atom() -> Atom {
    Atom::new(BIG)
}

/// The limbs of a big integer's structure: sign then 64-bit digits.
fn limbs(n: &BigInt) -> Vec<i64> {
    let (sign, digits) = n.to_u64_digits();
    let mut v = vec![if sign == Sign::Minus { -1 } else { 1 }];
    v.extend(digits.into_iter().map(|d| d as i64));
    v
}

/// The integer from its limbs.
fn from_limbs(sign: i64, digits: impl Iterator<Item = i64>) -> BigInt {
    let mut words = Vec::new();
    for d in digits {
        let d = d as u64;
        words.push(d as u32);
        words.push((d >> 32) as u32);
    }
    let sign = if sign < 0 { Sign::Minus } else { Sign::Plus };
    BigInt::from_biguint(sign, BigUint::new(words))
}

/// `n` as a term: an `Int` when it fits, else its `'$big'` structure.
pub(crate) fn to_term(n: &BigInt) -> Term {
    match n.to_i64() {
        Some(i) => Term::Int(i),
        None => Term::compound(BIG, limbs(n).into_iter().map(Term::Int).collect()),
    }
}

/// The integer a `'$big'` term stands for.
pub(crate) fn from_term(t: &Term) -> Option<BigInt> {
    let Term::Compound(f, args) = t else {
        return None;
    };
    if f.name() != BIG || args.len() < 2 {
        return None;
    }
    let mut ints = args.iter().map(|a| match a {
        Term::Int(i) => Some(*i),
        _ => None,
    });
    let sign = ints.next()??;
    let digits: Option<Vec<i64>> = ints.collect();
    Some(from_limbs(sign, digits?.into_iter()))
}

/// The integer of a `'$big'` structure at heap address `a` (its functor cell), if it
/// is one.
pub(crate) fn from_heap(heap: &[Cell], a: u32) -> Option<BigInt> {
    let Cell::Fun(f, n) = heap[a as usize] else {
        return None;
    };
    if n < 2 || f.name() != BIG {
        return None;
    }
    let Cell::Int(sign) = deref(heap, heap[a as usize + 1]) else {
        return None;
    };
    let mut digits = Vec::with_capacity(n as usize - 1);
    for i in 2..=n {
        let Cell::Int(d) = deref(heap, heap[(a + i) as usize]) else {
            return None;
        };
        digits.push(d);
    }
    Some(from_limbs(sign, digits.into_iter()))
}

/// Whether the cell is a big integer's structure.
pub(crate) fn is_big(heap: &[Cell], c: Cell) -> bool {
    match deref(heap, c) {
        Cell::Str(a) => matches!(heap[a as usize], Cell::Fun(f, n) if n >= 2 && f.name() == BIG),
        _ => false,
    }
}

/// The cells of `n`'s structure (functor, then arguments), to push on the heap; `None`
/// when `n` fits an `Int`.
pub(crate) fn cells(n: &BigInt) -> Option<Vec<Cell>> {
    if n.to_i64().is_some() {
        return None;
    }
    let l = limbs(n);
    let mut v = vec![Cell::Fun(big_atom(), l.len() as u32)];
    v.extend(l.into_iter().map(Cell::Int));
    Some(v)
}
