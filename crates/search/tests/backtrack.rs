//! The backtracking engine on small problems whose answers are known independently:
//! permutations (n!), subsets with a given sum (checked by brute force over bitmasks), a
//! chain a million deep (no call-stack recursion), and each limit.

#![allow(clippy::unwrap_used)]

use resolu_search::backtrack::{self, Backtrack, Backtracker};
use resolu_search::{Limits, StopReason};
use std::ops::ControlFlow;
use std::time::Duration;

/// Permutations of 0..n built in place; every value is a candidate at every level.
struct Perms {
    n: u8,
    used: Vec<bool>,
    perm: Vec<u8>,
}

impl Perms {
    fn new(n: u8) -> Self {
        Perms {
            n,
            used: vec![false; n as usize],
            perm: Vec::new(),
        }
    }
}

impl Backtrack for Perms {
    type Choice = u8;
    fn is_complete(&self) -> bool {
        self.perm.len() == self.n as usize
    }
    fn candidates(&self, out: &mut Vec<u8>) {
        out.extend(0..self.n);
    }
    fn promising(&self, x: u8) -> bool {
        !self.used[x as usize]
    }
    fn apply(&mut self, x: u8) {
        self.used[x as usize] = true;
        self.perm.push(x);
    }
    fn undo(&mut self, x: u8) {
        self.used[x as usize] = false;
        assert_eq!(self.perm.pop(), Some(x), "undo gets the last choice");
    }
}

/// Subsets of `items` (taken in order) that sum to `target`: choices are "take item i".
struct SubsetSum {
    items: Vec<u32>,
    target: u32,
    taken: Vec<usize>,
    sum: u32,
}

impl Backtrack for SubsetSum {
    type Choice = usize;
    fn is_complete(&self) -> bool {
        self.sum == self.target
    }
    fn candidates(&self, out: &mut Vec<usize>) {
        let from = self.taken.last().map_or(0, |&i| i + 1);
        out.extend(from..self.items.len());
    }
    fn promising(&self, i: usize) -> bool {
        self.sum + self.items[i] <= self.target
    }
    fn apply(&mut self, i: usize) {
        self.taken.push(i);
        self.sum += self.items[i];
    }
    fn undo(&mut self, i: usize) {
        self.taken.pop();
        self.sum -= self.items[i];
    }
}

/// A chain: one candidate per level, complete at depth `len`.
struct Chain {
    len: usize,
    depth: usize,
}

impl Backtrack for Chain {
    type Choice = ();
    fn is_complete(&self) -> bool {
        self.depth == self.len
    }
    fn candidates(&self, out: &mut Vec<()>) {
        out.push(());
    }
    fn apply(&mut self, _: ()) {
        self.depth += 1;
    }
    fn undo(&mut self, _: ()) {
        self.depth -= 1;
    }
}

#[test]
fn permutations_are_counted_with_exact_tries_and_backtracks() {
    for n in 1..=7u8 {
        let mut p = Perms::new(n);
        let outcome = backtrack::count(&mut p, Limits::default());
        assert_eq!(outcome.reason, StopReason::Exhausted);
        let fact: u64 = (1..=n as u64).product();
        assert_eq!(outcome.stats.solutions, fact);
        // Every partial permutation of length k < n tries n candidates; every placed value
        // is undone at the end.
        let partial: u64 = (0..n as u64)
            .map(|k| (n as u64 - k + 1..=n as u64).product::<u64>())
            .sum();
        assert_eq!(outcome.stats.tries, partial * n as u64);
        assert_eq!(outcome.stats.backtracks, partial - 1 + fact);
        assert_eq!(outcome.stats.max_depth, n as u64);
        // The problem is restored after a full enumeration.
        assert!(p.perm.is_empty() && p.used.iter().all(|u| !u));
    }
}

#[test]
fn solutions_come_in_candidate_order() {
    let mut p = Perms::new(4);
    let all: Vec<Vec<u8>> =
        backtrack::solutions(&mut p, Limits::default(), |p| p.perm.clone()).collect();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(all, sorted, "lexicographic, as the candidates are listed");
    sorted.dedup();
    assert_eq!(sorted.len(), 24);
}

#[test]
fn subset_sums_match_brute_force() {
    let items = vec![3, 34, 4, 12, 5, 2, 9, 7, 11, 8, 1, 6];
    for target in [0, 1, 9, 20, 30, 45, 200] {
        let brute = (0u32..1 << items.len())
            .filter(|mask| {
                (0..items.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| items[i])
                    .sum::<u32>()
                    == target
            })
            .count() as u64;
        let mut p = SubsetSum {
            items: items.clone(),
            target,
            taken: vec![],
            sum: 0,
        };
        let mut seen = Vec::new();
        let outcome = backtrack::for_each(&mut p, Limits::default(), |p| {
            assert_eq!(p.taken.iter().map(|&i| p.items[i]).sum::<u32>(), target);
            seen.push(p.taken.clone());
            ControlFlow::Continue(())
        });
        // Target 0: the empty set is complete at once, and complete states are leaves.
        let expected = if target == 0 { 1 } else { brute };
        assert_eq!(outcome.stats.solutions, expected, "target {target}");
        assert_eq!(seen.len() as u64, expected);
    }
}

#[test]
fn first_leaves_the_problem_in_its_solution_and_resumes() {
    let mut p = Perms::new(3);
    let outcome = backtrack::first(&mut p, Limits::default());
    assert_eq!(outcome.reason, StopReason::Solved);
    assert_eq!(p.perm, [0, 1, 2]);

    let mut p = Perms::new(3);
    let mut run = Backtracker::new(&mut p, Limits::default());
    assert_eq!(run.next_solution().unwrap().perm, [0, 1, 2]);
    assert_eq!(run.next_solution().unwrap().perm, [0, 2, 1]);
    assert_eq!(run.reason(), None);
    assert_eq!(run.outcome().reason, StopReason::Solved);
    while run.next_solution().is_some() {}
    assert_eq!(run.reason(), Some(StopReason::Exhausted));
    assert_eq!(run.stats().solutions, 6);
    assert!(run.next_solution().is_none());
}

#[test]
fn a_callback_may_stop_the_enumeration() {
    let mut p = Perms::new(5);
    let mut n = 0;
    let outcome = backtrack::for_each(&mut p, Limits::default(), |_| {
        n += 1;
        if n == 10 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(outcome.reason, StopReason::Solved);
    assert_eq!(outcome.stats.solutions, 10);
    assert_eq!(
        p.perm,
        [0, 2, 3, 4, 1],
        "the tenth permutation, left in place"
    );
}

#[test]
fn a_million_levels_need_no_call_stack() {
    let mut c = Chain {
        len: 1_000_000,
        depth: 0,
    };
    let outcome = backtrack::first(&mut c, Limits::default());
    assert_eq!(outcome.reason, StopReason::Solved);
    assert_eq!(outcome.stats.max_depth, 1_000_000);
    assert_eq!(c.depth, 1_000_000);
}

#[test]
fn limits_stop_with_the_search_vocabulary() {
    let mut p = Perms::new(9);
    let outcome = backtrack::count(&mut p, Limits::default().max_tries(1000));
    assert_eq!(outcome.reason, StopReason::NodeLimit);
    assert_eq!(outcome.stats.tries, 1000);

    let mut p = Perms::new(12);
    let outcome = backtrack::count(&mut p, Limits::default().timeout(Duration::from_millis(20)));
    assert_eq!(outcome.reason, StopReason::TimeLimit);
    assert!(outcome.stats.elapsed >= Duration::from_millis(20));

    // The memory budget bounds the depth: frames are counted as stored states.
    let mut c = Chain {
        len: 1_000_000,
        depth: 0,
    };
    let outcome = backtrack::first(&mut c, Limits::default().max_memory_bytes(100_000));
    assert_eq!(outcome.reason, StopReason::MemoryLimit);
    assert!(c.depth < 10_000);
}

#[test]
fn every_cut_off_of_backtracking_is_reported_as_such_on_a_solvable_problem() {
    static RAISED: resolu_search::Monitor = resolu_search::Monitor::new();
    RAISED.interrupt();
    // Permutations of 0..9: solvable (the first takes 45 tries), but not under these cuts.
    assert_eq!(
        backtrack::first(&mut Perms::new(9), Limits::default()).reason,
        StopReason::Solved
    );
    for (limits, reason) in [
        (Limits::new().max_tries(5), StopReason::NodeLimit),
        (
            Limits::new().timeout(std::time::Duration::ZERO),
            StopReason::TimeLimit,
        ),
        (Limits::new().max_memory_bytes(64), StopReason::MemoryLimit),
        (Limits::new().monitor(&RAISED), StopReason::Interrupted),
    ] {
        let outcome = backtrack::first(&mut Perms::new(9), limits);
        assert_eq!(outcome.reason, reason, "{limits:?}");
        assert!(reason.is_limit());
    }
}
