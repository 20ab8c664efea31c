//! Strings on the prover's heap. A string is the structure `'$string'(W1, ..., Wk)`: its
//! UTF-8 bytes packed eight to an `Int` cell, then padded with `0xFF` bytes (a byte UTF-8
//! never uses) to a whole cell, with at least one padding byte, so the empty string is
//! one cell of padding and a text has exactly one form. Being an ordinary structure, like
//! a big integer's, it is copied, unified (equal texts have equal cells), collected by the
//! garbage collector and freed by backtracking as any term, and no string ever enters the
//! process-wide atom table; the type tests, the standard order, the text built-ins, the
//! reader and the writer treat it as the string it is. Owned terms hold a string as
//! [`Term::Str`] (`Arc<str>`).

use crate::store::{Cell, deref};
use crate::term::Atom;
use std::sync::OnceLock;

/// The functor name of a string's structure.
pub(crate) const STRING: &str = "$string";

/// The atom of [`STRING`] (looked up once: the type tests compare it often).
pub(crate) fn string_atom() -> Atom {
    static ATOM: OnceLock<Atom> = OnceLock::new();
    *ATOM.get_or_init(|| Atom::new(STRING))
}

/// The padding byte: never part of UTF-8 text.
const PAD: u8 = 0xFF;

/// The number of word cells of a text of `len` bytes (at least one padding byte).
pub(crate) fn words(len: usize) -> usize {
    len / 8 + 1
}

/// The number of heap cells of the structure of a text of `len` bytes: the functor cell
/// and the words.
pub(crate) fn cells_for(len: usize) -> usize {
    1 + words(len)
}

/// The words of `text`, as `Int` cells.
fn word_cells(text: &str) -> impl Iterator<Item = Cell> + '_ {
    let bytes = text.as_bytes();
    (0..words(bytes.len())).map(move |i| {
        let mut w = [PAD; 8];
        let from = i * 8;
        let to = (from + 8).min(bytes.len());
        if from < to {
            w[..to - from].copy_from_slice(&bytes[from..to]);
        }
        Cell::Int(i64::from_le_bytes(w))
    })
}

/// Appends the structure of `text` to `cells` and returns the cell that denotes it.
/// The caller has made room for [`cells_for`] cells.
pub(crate) fn push(cells: &mut Vec<Cell>, text: &str) -> Cell {
    let at = cells.len() as u32;
    cells.push(Cell::Fun(string_atom(), words(text.len()) as u32));
    cells.extend(word_cells(text));
    Cell::Str(at)
}

/// The text of the words `ws` (each an `Int`), if they are a string's.
fn decode(ws: impl Iterator<Item = Option<i64>>) -> Option<String> {
    let mut bytes = Vec::new();
    for w in ws {
        bytes.extend_from_slice(&w?.to_le_bytes());
    }
    // The text ends at the first padding byte, which is in the last word, and every byte
    // after it pads.
    let end = bytes.iter().position(|&b| b == PAD)?;
    if bytes.len() - end > 8 || bytes[end..].iter().any(|&b| b != PAD) {
        return None;
    }
    bytes.truncate(end);
    String::from_utf8(bytes).ok()
}

/// The text of the string whose functor cell is at heap address `a`, if it is one.
pub(crate) fn from_heap(heap: &[Cell], a: u32) -> Option<String> {
    let Cell::Fun(f, n) = heap[a as usize] else {
        return None;
    };
    if n == 0 || f != string_atom() {
        return None;
    }
    decode((1..=n).map(|i| match deref(heap, heap[(a + i) as usize]) {
        Cell::Int(w) => Some(w),
        _ => None,
    }))
}

/// Whether the cell is a string.
pub(crate) fn is_string(heap: &[Cell], c: Cell) -> bool {
    match deref(heap, c) {
        // The functor first: most structures are not strings.
        Cell::Str(a) => {
            matches!(heap[a as usize], Cell::Fun(f, n) if n > 0 && f == string_atom())
                && from_heap(heap, a).is_some()
        }
        _ => false,
    }
}

/// The first-argument index key of a string of `len` bytes: its structure's functor.
pub(crate) fn key_arity(len: usize) -> u32 {
    words(len) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_round_trip_through_the_heap_in_one_form() {
        for text in [
            "",
            "a",
            "abcdefg",
            "abcdefgh",
            "abcdefghi",
            "héllo wörld ☃",
            "\u{10FFFF}",
        ] {
            let mut heap = vec![Cell::Atom(crate::term::atoms::NIL)];
            let c = push(&mut heap, text);
            assert_eq!(heap.len(), 1 + cells_for(text.len()));
            let Cell::Str(at) = c else {
                panic!("not a structure")
            };
            assert_eq!(from_heap(&heap, at).as_deref(), Some(text));
            assert!(is_string(&heap, c));
            // The same text gives the same cells (so unification is cell equality).
            let d = push(&mut heap, text);
            let (Cell::Str(x), Cell::Str(y)) = (c, d) else {
                panic!("not a structure")
            };
            let n = cells_for(text.len());
            assert_eq!(
                heap[x as usize..x as usize + n],
                heap[y as usize..y as usize + n]
            );
        }
    }

    #[test]
    fn a_forged_structure_is_not_a_string() {
        let mut heap = vec![Cell::Fun(string_atom(), 1), Cell::Int(0)];
        // No padding byte.
        assert!(!is_string(&heap, Cell::Str(0)));
        heap[1] = Cell::Atom(crate::term::atoms::NIL);
        assert!(!is_string(&heap, Cell::Str(0)));
        // Padding then text.
        heap[1] = Cell::Int(i64::from_le_bytes([
            PAD, b'a', PAD, PAD, PAD, PAD, PAD, PAD,
        ]));
        assert!(!is_string(&heap, Cell::Str(0)));
    }
}
