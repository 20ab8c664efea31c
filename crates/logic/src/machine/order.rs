//! The standard order of terms.

use super::*;

/// Atoms by their text, the reserved symbol `[]` before every atom (SWI-Prolog 7 orders
/// it apart from the atoms, `'[]'` included).
fn atom_order(x: Atom, y: Atom) -> Ordering {
    if x == y {
        Ordering::Equal
    } else if x == atoms::NIL {
        Ordering::Less
    } else if y == atoms::NIL {
        Ordering::Greater
    } else {
        x.name().cmp(y.name())
    }
}

/// The standard order of terms: Var < Number < String < Atom < Compound (SWI's order).
/// Strings and big integers are structures on the heap, compared by their values.
/// Cyclic terms end: after many steps, pairs of structures already met are taken as
/// equal (the comparison of rational trees, as in unification).
pub(crate) fn compare(heap: &[Cell], a: Cell, b: Cell) -> Ordering {
    let mut stack = vec![(a, b)];
    let mut steps = 0u32;
    let mut seen: Option<rustc_hash::FxHashSet<(u32, u32)>> = None;
    while let Some((a, b)) = stack.pop() {
        let (a, b) = (deref(heap, a), deref(heap, b));
        steps = steps.saturating_add(1);
        if steps > CYCLE_CHECK_AFTER
            && let (Cell::Str(x), Cell::Str(y)) = (a, b)
            && !seen.get_or_insert_with(Default::default).insert((x, y))
        {
            continue;
        }
        let big = |c: Cell| match c {
            Cell::Str(x) => crate::bigint::from_heap(heap, x),
            _ => None,
        };
        let (big_a, big_b) = (big(a), big(b));
        if big_a.is_some() || big_b.is_some() {
            // A big integer among numbers: by value, a float before an equal integer.
            let num = |c: Cell, big: &Option<num_bigint::BigInt>| match (c, big) {
                (_, Some(n)) => Some(crate::arith::Num::B(Box::new(n.clone()))),
                (Cell::Int(i), None) => Some(crate::arith::Num::I(i)),
                (Cell::Float(x), None) => Some(crate::arith::Num::F(x)),
                _ => None,
            };
            match (num(a, &big_a), num(b, &big_b)) {
                (Some(x), Some(y)) => {
                    let o = crate::arith::cmp_num(&x, &y);
                    if o != Ordering::Equal {
                        return o;
                    }
                    match (x, y) {
                        (crate::arith::Num::F(_), crate::arith::Num::B(_)) => {
                            return Ordering::Less;
                        }
                        (crate::arith::Num::B(_), crate::arith::Num::F(_)) => {
                            return Ordering::Greater;
                        }
                        _ => continue,
                    }
                }
                // A number against a non-number: numbers come after variables only.
                (Some(_), None) => {
                    return if matches!(b, Cell::Ref(_)) {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    };
                }
                (None, _) => {
                    return if matches!(a, Cell::Ref(_)) {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    };
                }
            }
        }
        let text = |c: Cell| match c {
            Cell::Str(x) => crate::strings::from_heap(heap, x),
            _ => None,
        };
        let (text_a, text_b) = (text(a), text(b));
        let rank = |c: Cell, text: &Option<String>| match c {
            Cell::Ref(_) => 0,
            Cell::Float(_) | Cell::Int(_) => 1,
            // SWI-Prolog orders strings before atoms.
            Cell::Str(_) if text.is_some() => 2,
            Cell::Atom(_) => 3,
            _ => 5,
        };
        let o = rank(a, &text_a).cmp(&rank(b, &text_b));
        if o != Ordering::Equal {
            return o;
        }
        // Strings by their text (UTF-8 bytes order as the code points do).
        if let (Some(x), Some(y)) = (&text_a, &text_b) {
            match x.cmp(y) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        let o = match (a, b) {
            (Cell::Ref(x), Cell::Ref(y)) => x.cmp(&y),
            (Cell::Int(x), Cell::Int(y)) => x.cmp(&y),
            (Cell::Float(x), Cell::Float(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
            (Cell::Int(x), Cell::Float(y)) => match (x as f64).partial_cmp(&y) {
                Some(Ordering::Equal) | None => Ordering::Greater,
                Some(o) => o,
            },
            (Cell::Float(x), Cell::Int(y)) => match x.partial_cmp(&(y as f64)) {
                Some(Ordering::Equal) | None => Ordering::Less,
                Some(o) => o,
            },
            (Cell::Atom(x), Cell::Atom(y)) => atom_order(x, y),
            (Cell::Str(x), Cell::Str(y)) => {
                if x == y {
                    continue;
                }
                let (Cell::Fun(f, n), Cell::Fun(g, m)) = (heap[x as usize], heap[y as usize])
                else {
                    return Ordering::Equal;
                };
                let o = n.cmp(&m).then_with(|| atom_order(f, g));
                if o == Ordering::Equal {
                    for i in (1..=n).rev() {
                        stack.push((heap[(x + i) as usize], heap[(y + i) as usize]));
                    }
                }
                o
            }
            _ => Ordering::Equal,
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}
