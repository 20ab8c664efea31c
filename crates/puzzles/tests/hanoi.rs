//! The Towers of Hanoi against ground truth: 2^n − 1 for 3 pegs, the published Frame–Stewart
//! numbers for 4 and 5 pegs confirmed by exhaustive breadth-first search, every solution
//! replayed move by move, and the heuristic checked against exact distances.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use resolu_puzzles::hanoi::{
    DisksOffGoal, Hanoi, HanoiMove, OptimalMoves, Pegs, frame_stewart, optimal_moves,
};
use resolu_search::{Algorithm, Heuristic, Problem, Runner, StopReason, Successor};
use std::collections::{HashMap, VecDeque};

/// OEIS A007664 (4 pegs) and A007665 (5 pegs), the Frame–Stewart numbers for 1, 2, ... disks.
const FOUR_PEGS: [u64; 12] = [1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81];
const FIVE_PEGS: [u64; 12] = [1, 3, 5, 7, 11, 15, 19, 23, 27, 31, 39, 47];

fn search_length(h: &Hanoi, algo: Algorithm) -> u64 {
    let outcome = Runner::new(h).heuristic(DisksOffGoal::new(h)).run(algo);
    assert_eq!(outcome.reason, StopReason::Solved);
    let path = outcome.path.unwrap();
    let moves: Vec<HanoiMove> = path.actions().copied().collect();
    assert_eq!(h.replay(&moves), Ok(h.all_on(h.goal_peg())), "{algo}");
    moves.len() as u64
}

/// Exact distances from every situation to the goal, by one breadth-first search backwards
/// from the goal (moves are reversible), written here without the search library.
fn distances(h: &Hanoi) -> HashMap<Pegs, u64> {
    let goal = h.all_on(h.goal_peg());
    let mut dist = HashMap::from([(goal, 0)]);
    let mut queue = VecDeque::from([goal]);
    let mut succ: Vec<Successor<Pegs, HanoiMove>> = Vec::new();
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        succ.clear();
        h.successors(&s, &mut succ);
        for next in &succ {
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(next.state) {
                e.insert(d + 1);
                queue.push_back(next.state);
            }
        }
    }
    dist
}

/// The textbook recursion, as a reference for the explicit-stack generator.
fn reference(n: u8, from: u8, to: u8, via: u8, out: &mut Vec<(u8, u8, u8)>) {
    if n > 0 {
        reference(n - 1, from, via, to, out);
        out.push((n - 1, from, to));
        reference(n - 1, via, to, from, out);
    }
}

#[test]
fn three_pegs_take_two_to_the_n_minus_one_moves_by_every_optimal_method() {
    for n in 1..=10 {
        let h = Hanoi::new(n, 3).unwrap();
        let optimum = (1u64 << n) - 1;
        assert_eq!(frame_stewart(n, 3), optimum);
        assert_eq!(search_length(&h, Algorithm::Bfs), optimum, "bfs {n}");
        assert_eq!(search_length(&h, Algorithm::Astar), optimum, "astar {n}");
        if n <= 4 {
            assert_eq!(
                search_length(&h, Algorithm::IdaStar),
                optimum,
                "idastar {n}"
            );
        }
        let mut expected = Vec::new();
        reference(n as u8, 0, 2, 1, &mut expected);
        let got: Vec<(u8, u8, u8)> = optimal_moves(&h)
            .iter()
            .map(|m| (m.disk, m.from, m.to))
            .collect();
        assert_eq!(got, expected, "{n} disks");
    }
}

#[test]
fn exhaustive_search_on_four_and_five_pegs_finds_the_frame_stewart_numbers() {
    // 4^9 = 262,144 situations for 9 disks on 4 pegs; the benchmark goes further.
    for n in 1..=9 {
        let h = Hanoi::new(n, 4).unwrap();
        assert_eq!(frame_stewart(n, 4), FOUR_PEGS[n - 1]);
        assert_eq!(search_length(&h, Algorithm::Bfs), FOUR_PEGS[n - 1], "{n}");
    }
    for n in 1..=7 {
        let h = Hanoi::new(n, 5).unwrap();
        assert_eq!(frame_stewart(n, 5), FIVE_PEGS[n - 1]);
        assert_eq!(search_length(&h, Algorithm::Bfs), FIVE_PEGS[n - 1], "{n}");
        assert_eq!(search_length(&h, Algorithm::Astar), FIVE_PEGS[n - 1], "{n}");
    }
    for n in 8..=12 {
        assert_eq!(frame_stewart(n, 4), FOUR_PEGS[n - 1]);
        assert_eq!(frame_stewart(n, 5), FIVE_PEGS[n - 1]);
    }
}

#[test]
fn the_frame_stewart_moves_are_legal_and_as_many_as_the_formula_says() {
    for pegs in 3..=8 {
        for n in 1..=14 {
            let h = Hanoi::new(n, pegs).unwrap();
            let moves = optimal_moves(&h);
            assert_eq!(moves.len() as u64, frame_stewart(n, pegs), "{n} on {pegs}");
            assert_eq!(h.replay(&moves), Ok(h.all_on(pegs - 1)), "{n} on {pegs}");
        }
    }
    // Lazily, without storing them: 2^24 − 1 moves, each checked.
    let h = Hanoi::new(24, 3).unwrap();
    let mut s = h.start();
    let mut count = 0u64;
    for m in OptimalMoves::new(&h) {
        assert_eq!(h.legal(s, m.from as usize, m.to as usize), Some(m));
        s = h.apply(s, m);
        count += 1;
    }
    assert_eq!((count, s), ((1 << 24) - 1, h.all_on(2)));
}

#[test]
fn the_heuristic_is_admissible_and_consistent_against_exact_distances() {
    for (n, pegs) in [(6, 3), (6, 4), (4, 5)] {
        let h = Hanoi::new(n, pegs).unwrap();
        let heuristic = DisksOffGoal::new(&h);
        let dist = distances(&h);
        assert_eq!(
            dist.len(),
            pegs.pow(n as u32),
            "every situation is reachable"
        );
        let mut succ = Vec::new();
        for (&s, &d) in &dist {
            let hs = heuristic.estimate(&s);
            assert!(hs <= d as f64, "{}: h {hs} > {d}", h.one_line(s));
            succ.clear();
            h.successors(&s, &mut succ);
            for next in &succ {
                assert!(hs <= 1.0 + heuristic.estimate(&next.state));
            }
        }
        assert_eq!(dist[&h.start()], frame_stewart(n, pegs));
    }
}

#[test]
fn situations_are_built_from_stacks_and_drawn() {
    let h = Hanoi::new(3, 3).unwrap();
    assert_eq!(h.situation(&[vec![2, 1, 0], vec![], vec![]]), Ok(h.start()));
    let s = h.situation(&[vec![2], vec![1], vec![0]]).unwrap();
    assert_eq!(h.stacks(s), vec![vec![2], vec![1], vec![0]]);
    assert_eq!(h.one_line(s), "[3] [2] [1]");
    let picture = [
        "    |        |        |",
        "    |        |        |",
        "    |        |        |",
        " ===3===   ==2==     =1=",
        "---------------------------",
        "    0        1        2",
    ];
    assert_eq!(h.picture(s), picture.join("\n") + "\n");
    // From 10 disks on, a disk's middle is `|`, not its size; cells are 2n + 3 = 23 wide.
    let big = Hanoi::new(10, 3).unwrap();
    let lines: Vec<String> = big.picture(big.start()).lines().map(String::from).collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(
        lines[0],
        format!("{}|{}|{}|", " ".repeat(11), " ".repeat(22), " ".repeat(22))
    );
    assert_eq!(
        lines[1],
        format!(
            "{}=|={}|{}|",
            " ".repeat(10),
            " ".repeat(21),
            " ".repeat(22)
        )
    );
    assert_eq!(
        lines[10],
        format!(
            " {}|{} {}|{}|",
            "=".repeat(10),
            "=".repeat(10),
            " ".repeat(11),
            " ".repeat(22)
        )
    );
    assert_eq!(lines[11], "-".repeat(69));
    assert_eq!(
        lines[12],
        format!("{}0{}1{}2", " ".repeat(11), " ".repeat(22), " ".repeat(22))
    );
    for (bad, why) in [
        (vec![vec![0, 1, 2], vec![], vec![]], "smaller"),
        (vec![vec![2, 1], vec![], vec![]], "missing"),
        (vec![vec![2, 1, 1], vec![], vec![]], "twice"),
        (vec![vec![2, 1, 0, 3], vec![], vec![]], "no disk 4"),
        (vec![vec![2, 1, 0], vec![]], "3 pegs"),
    ] {
        let err = h.situation(&bad).unwrap_err().to_string();
        assert!(err.contains(why), "{bad:?}: {err}");
    }
}

#[test]
fn disk_lists_are_read_back_and_checked() {
    let h = Hanoi::new(4, 4).unwrap();
    // Every situation on a path of optimal moves goes there and back unchanged.
    let mut s = h.start();
    for m in OptimalMoves::new(&h) {
        assert_eq!(h.from_disk_lists(&h.disk_lists(s)), Ok(s));
        let next = h.apply(s, m);
        assert_eq!(h.move_between(s, next), Some(m));
        assert_eq!(
            h.move_between(next, s).map(|b| (b.from, b.to)),
            Some((m.to, m.from))
        );
        assert_eq!(h.move_between(s, s), None);
        s = next;
    }
    // Two moves apart is not one move.
    let mut two = OptimalMoves::new(&h);
    let (a, b) = (two.next().unwrap(), two.next().unwrap());
    assert_eq!(
        h.move_between(h.start(), h.apply(h.apply(h.start(), a), b)),
        None
    );
    assert_eq!(
        h.disk_lists(s),
        vec![vec![], vec![], vec![], vec![1, 2, 3, 4]]
    );
    for (bad, why) in [
        (
            vec![vec![0, 1, 2, 3], vec![], vec![], vec![]],
            "0 is not a disk size",
        ),
        (
            vec![vec![1, 2, 3, 65], vec![], vec![], vec![]],
            "65 is not a disk size",
        ),
        (vec![vec![2, 1, 3, 4], vec![], vec![], vec![]], "smaller"),
        (vec![vec![1, 2, 3], vec![], vec![], vec![]], "missing"),
    ] {
        let err = h.from_disk_lists(&bad).unwrap_err().to_string();
        assert!(err.contains(why), "{bad:?}: {err}");
    }
}

#[test]
fn situation_numbers_are_the_course_s_and_tell_situations_apart() {
    let hanoi = resolu_puzzles::hanoi::Hanoi::new(3, 3).unwrap();
    assert_eq!(hanoi.situation_number(hanoi.all_on(2)), Some(448));
    assert_eq!(hanoi.situation_number(hanoi.all_on(1)), Some(56));
    // All 27 situations of 3 disks get distinct numbers.
    let mut numbers: Vec<u64> = (0..27u64)
        .map(|k| {
            let s = resolu_puzzles::hanoi::Pegs(
                (0..3).fold(0, |acc, d| acc | ((k / 3u64.pow(d)) % 3) << (2 * d)),
            );
            hanoi.situation_number(s).unwrap()
        })
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers.len(), 27);
}
