//! Counting the unbound variables of an answer on the heap (once, or more than once), for
//! the names its text gives them ([`AnswerNames`]), within the run's limits.

use super::*;
use crate::answer_names::{AnswerNames, Bits};
use crate::write::{Sink, WriteStop};

/// The names of the answer whose bindings are `query_vars` on `heap`: the variables the
/// query variables stand for, and those met more than once in the values written whole.
///
/// Linear in the heap, however much the values share: each compound is gone through once,
/// then once more from each compound met twice, whose variables all occur more than
/// once. A compound met again inside itself (a cyclic term) counts as met twice.
pub(super) fn answer_names(
    heap: &[Cell],
    query_vars: &[(String, Cell)],
    sink: &mut dyn Sink,
) -> Result<AnswerNames, WriteStop> {
    let mut names = AnswerNames::default();
    for (name, c) in query_vars {
        if let Cell::Ref(a) = deref(heap, *c) {
            names.name_after_query(a, name);
        }
    }
    // Variables met and compounds gone through (a variable and a compound never share
    // an address); in `names.shared`, variables met twice and compounds met twice.
    let mut seen = Bits::with_room(heap.len());
    names.shared = Bits::with_room(heap.len());
    let mut twice = false;
    let mut todo: Vec<Cell> = query_vars.iter().map(|(_, c)| *c).collect();
    let max_pending = sink.max_pending();
    while let Some(c) = todo.pop() {
        sink.tick()?;
        match deref(heap, c) {
            // Met before: more than once.
            Cell::Ref(a) if !seen.insert(a) => {
                names.shared.insert(a);
            }
            Cell::Str(a) => {
                let Some(&Cell::Fun(_, n)) = heap.get(a as usize) else {
                    continue;
                };
                if !seen.insert(a) {
                    names.shared.insert(a);
                    twice = true;
                    continue;
                }
                if todo.len() + n as usize > max_pending {
                    return Err(sink.too_deep());
                }
                // Strings and big integers hold integers only: gone through as any other.
                todo.extend((1..=n).rev().map(|i| heap[(a + i) as usize]));
            }
            _ => {}
        }
    }
    if twice {
        share_below_shared_compounds(heap, &mut names, sink)?;
    }
    Ok(names)
}

/// Marks as shared every variable below a compound met more than once.
fn share_below_shared_compounds(
    heap: &[Cell],
    names: &mut AnswerNames,
    sink: &mut dyn Sink,
) -> Result<(), WriteStop> {
    let starts: Vec<u32> = names
        .shared
        .iter()
        .filter(|&a| matches!(heap.get(a as usize), Some(Cell::Fun(..))))
        .collect();
    let mut done = Bits::with_room(heap.len());
    let max_pending = sink.max_pending();
    for start in starts {
        let mut todo = vec![Cell::Str(start)];
        while let Some(c) = todo.pop() {
            sink.tick()?;
            match deref(heap, c) {
                Cell::Ref(a) => {
                    names.shared.insert(a);
                }
                Cell::Str(a) => {
                    let Some(&Cell::Fun(_, n)) = heap.get(a as usize) else {
                        continue;
                    };
                    if !done.insert(a) {
                        continue;
                    }
                    if todo.len() + n as usize > max_pending {
                        return Err(sink.too_deep());
                    }
                    todo.extend((1..=n).map(|i| heap[(a + i) as usize]));
                }
                _ => {}
            }
        }
    }
    Ok(())
}
