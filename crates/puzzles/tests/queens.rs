//! N-queens: the published counts for n = 1 to 12, every solution checked by a test written
//! here (no two queens share a column or a diagonal), and the order of the solutions.

#![allow(clippy::unwrap_used)]

use resolu_puzzles::queens::{PUBLISHED_COUNTS, Queens, QueensError, draw};
use resolu_search::backtrack;
use resolu_search::{Limits, StopReason};
use std::ops::ControlFlow;

/// One queen per row (by construction), no two in a column or on a diagonal.
fn check(n: usize, cols: &[u8]) {
    assert_eq!(cols.len(), n);
    for i in 0..n {
        for j in i + 1..n {
            let (ci, cj) = (cols[i] as i64, cols[j] as i64);
            assert_ne!(ci, cj, "rows {i} and {j} share a column");
            assert_ne!(
                (ci - cj).abs(),
                (j - i) as i64,
                "rows {i} and {j} on a diagonal"
            );
        }
    }
}

#[test]
fn counts_match_the_published_ones_from_1_to_12() {
    for n in 1..=12 {
        let mut q = Queens::new(n).unwrap();
        let outcome = backtrack::count(&mut q, Limits::default());
        assert_eq!(outcome.reason, StopReason::Exhausted);
        assert_eq!(outcome.stats.solutions, PUBLISHED_COUNTS[n - 1], "n = {n}");
        assert!(q.columns().is_empty(), "the board is restored");
    }
}

#[test]
fn every_solution_up_to_9_is_valid_and_distinct() {
    for n in 1..=9 {
        let mut q = Queens::new(n).unwrap();
        let mut all = Vec::new();
        backtrack::for_each(&mut q, Limits::default(), |q| {
            check(n, q.columns());
            all.push(q.columns().to_vec());
            ControlFlow::Continue(())
        });
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, all, "distinct and in lexicographic order");
        assert_eq!(all.len() as u64, PUBLISHED_COUNTS[n - 1]);
    }
}

#[test]
fn the_first_solution_of_8_and_its_counters() {
    let mut q = Queens::new(8).unwrap();
    let outcome = backtrack::first(&mut q, Limits::default());
    assert_eq!(outcome.reason, StopReason::Solved);
    assert_eq!(q.columns(), [0, 4, 7, 5, 2, 6, 1, 3]);
    // 113 placements before the first solution (114 partial boards with the root, 876
    // squares tested), the classic figure of the 8-queens backtracking trace.
    assert_eq!(outcome.stats.tries, 876);
    assert_eq!(outcome.stats.backtracks, 105);
    assert!(
        q.to_text()
            .starts_with("Q . . . . . . .\n. . . . Q . . .\n")
    );
    assert_eq!(draw(2, &[1]), ". Q\n. .\n");
}

#[test]
fn larger_boards_find_a_first_solution_and_limits_stop() {
    for n in [16, 20, 25] {
        let mut q = Queens::new(n).unwrap();
        let outcome = backtrack::first(&mut q, Limits::default().max_tries(50_000_000));
        assert_eq!(outcome.reason, StopReason::Solved, "n = {n}");
        check(n, q.columns());
    }
    let mut q = Queens::new(14).unwrap();
    let outcome = backtrack::count(&mut q, Limits::default().max_tries(1000));
    assert_eq!(outcome.reason, StopReason::NodeLimit);
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert_eq!(Queens::new(0).unwrap_err(), QueensError(0));
    assert!(Queens::new(33).is_err());
    assert!(Queens::new(33).unwrap_err().to_string().contains("32"));
}
