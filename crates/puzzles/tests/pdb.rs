//! Whole state spaces and pattern databases against ground truth: census counts against the
//! published 8-puzzle histogram and a hash-table BFS that does not use the numbered engine;
//! every pattern database checked admissible, consistent and additive against exact
//! distances on small boards; Korf instances solved at their published optimal length with
//! 5-5-5; damaged cache files detected and rebuilt.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

mod common;
use common::{data, korf, puzzle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use resolu_puzzles::sliding::heuristics::{HeuristicName, TileHeuristic};
use resolu_puzzles::sliding::pdb::{
    self, Partition, PatternDatabase, Source, cache_file, load_or_build,
};
use resolu_puzzles::sliding::{SlidingPuzzle, SolveSettings};
use resolu_search::{Algorithm, Heuristic, InPlaceHeuristic, Limits, Problem, Runner, StopReason};
use std::path::PathBuf;
use std::sync::Arc;

/// The histogram of a hash-table BFS (the existing `distances_to_goal`, no numbering).
fn histogram_by_hash_bfs(p: &SlidingPuzzle) -> Vec<u64> {
    let dist = p.distances_to_goal().unwrap();
    let max = *dist.values().max().unwrap() as usize;
    let mut counts = vec![0u64; max + 1];
    for &d in dist.values() {
        counts[d as usize] += 1;
    }
    counts
}

#[test]
fn census_of_the_8_puzzle_matches_the_published_histogram() {
    let published: Vec<u64> = data("8puzzle.txt")
        .lines()
        .filter_map(|l| l.strip_prefix("depth "))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(published.len(), 32);
    for goal in ["0 1 2/3 4 5/6 7 8", "1 2 3/4 5 6/7 8 0", "snail"] {
        let p = puzzle("1 2 3/4 5 6/7 8 _", goal);
        let census = pdb::census(&p, u64::MAX, None, None).unwrap();
        assert_eq!(census.counts, histogram_by_hash_bfs(&p), "goal {goal}");
        if goal != "snail" {
            assert_eq!(census.counts, published);
        }
    }
}

#[test]
fn census_of_small_boards_matches_a_hash_table_bfs() {
    for start in [
        "1 2/3 _",
        "1 2 3/4 5 _",
        "1 2 3 4/5 6 7 _",
        "1 2 3 4 5/6 7 8 9 _",
    ] {
        let p = puzzle(start, "standard");
        let census = pdb::census(&p, u64::MAX, None, None).unwrap();
        let n: u64 = (1..=p.cells() as u64).product();
        assert_eq!(census.reached(), n / 2, "{start}");
        assert_eq!(census.counts, histogram_by_hash_bfs(&p), "{start}");
    }
}

#[test]
fn census_refuses_a_table_over_the_memory_budget() {
    let p = puzzle("1 2 3 4/5 6 7 8/9 10 11 _", "standard");
    let err = pdb::census(&p, 1 << 20, None, None).unwrap_err();
    assert!(err.is_memory_limit(), "{err}");
    assert!(err.to_string().contains("memory budget"), "{err}");
}

#[test]
fn census_stops_when_its_monitor_is_interrupted_and_says_how_far_it_went() {
    let p = puzzle("1 2 3/4 5 6/7 8 _", "standard");
    let monitor = resolu_search::Monitor::new();
    monitor.interrupt();
    let err = pdb::census(&p, u64::MAX, None, Some(&monitor)).unwrap_err();
    assert!(
        matches!(
            err,
            pdb::PdbError::Numbered(resolu_search::numbered::NumberedError::Interrupted {
                depth: 0,
                reached: 1
            })
        ),
        "{err}"
    );
    assert_eq!(monitor.running(), 0, "the run is counted as ended");
}

/// Every board reachable from the goal, with its exact distance.
fn all_boards(p: &SlidingPuzzle) -> Vec<(Vec<u8>, u8)> {
    let dist = p.distances_to_goal().unwrap();
    dist.into_iter()
        .map(|(cells, d)| {
            let tiles = (0..p.cells())
                .map(|i| ((cells >> (4 * i)) & 0xF) as u8)
                .collect();
            (tiles, d)
        })
        .collect()
}

fn check_admissible_consistent_additive(
    p: &SlidingPuzzle,
    partition: &Partition,
    jumps: &mut usize,
    moves: &mut usize,
) {
    let tables = pdb::build_tables(p, partition, u64::MAX, &|_| ()).unwrap();
    let singles: Vec<PatternDatabase> = partition
        .groups
        .iter()
        .zip(&tables)
        .map(|(g, t)| {
            PatternDatabase::additive(
                p,
                &Partition {
                    groups: vec![g.clone()],
                },
                vec![t.clone()],
                false,
            )
        })
        .collect();
    let whole = PatternDatabase::additive(p, partition, tables.clone(), false);
    let reflected = PatternDatabase::additive(p, partition, tables, true);
    let problem = p.problem::<u64>();
    let mut succ = Vec::new();
    let mut positive = 0;
    for (tiles, d) in all_boards(p) {
        let h = whole.value_of_tiles(&tiles);
        let parts: u32 = singles.iter().map(|s| s.value_of_tiles(&tiles)).sum();
        assert_eq!(h, parts, "the sum is the groups' values");
        assert!(h <= u32::from(d), "admissible: {tiles:?} h {h} > {d}");
        let r = reflected.value_of_tiles(&tiles);
        assert!(
            r >= h && r <= u32::from(d),
            "reflection: {tiles:?} {r} vs {h}, {d}"
        );
        if d == 0 {
            assert_eq!(h, 0);
        }
        positive += usize::from(h > 0);
        // Consistency: a move of a tile outside every group changes nothing; a move of a
        // group's tile changes that group's entry only. (The tables keep, per placement,
        // the least distance over the blank's regions, which is admissible but not
        // always consistent: a move may change it by more than one. Counted, not
        // asserted; see the module documentation.) The incremental update must give the
        // value computed from scratch.
        let board = p.board::<u64>(&tiles);
        succ.clear();
        problem.successors(&board, &mut succ);
        let hb = Heuristic::estimate(&whole, &board);
        for s in &succ {
            let child_tiles = p.tiles(&s.state);
            let child = whole.value_of_tiles(&child_tiles);
            let moved = s.action.tile;
            for (g, single) in partition.groups.iter().zip(&singles) {
                if !g.contains(&moved) {
                    assert_eq!(
                        single.value_of_tiles(&tiles),
                        single.value_of_tiles(&child_tiles)
                    );
                }
            }
            *jumps += usize::from(child.abs_diff(h) > 1);
            *moves += 1;
            assert_eq!(
                whole.update(&board, hb, &s.action, &s.state),
                f64::from(child)
            );
            assert_eq!(
                reflected.update(&board, f64::from(r), &s.action, &s.state),
                f64::from(reflected.value_of_tiles(&child_tiles))
            );
        }
    }
    assert!(positive > 1000, "the tables say something");
}

/// The table of one group computed the plain way, with no numbering: a 0-1 breadth-first
/// search over (cells of the group's tiles, cell of the blank) from the goal, where the
/// blank moving into a cell free of the group costs 0 and a tile of the group sliding into
/// the blank costs 1; each placement's value is its least distance over the blank's cells.
fn group_table_by_0_1_bfs(
    p: &SlidingPuzzle,
    group: &[u8],
) -> std::collections::HashMap<Vec<u8>, u32> {
    use std::collections::{HashMap, VecDeque};
    let goal: Vec<u8> = group.iter().map(|&t| p.goal_cells()[t as usize]).collect();
    let start = (goal, p.goal_cells()[0]);
    let mut dist: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
    let mut deque = VecDeque::from([(start.clone(), 0u32)]);
    while let Some(((cells, blank), d)) = deque.pop_front() {
        if dist.contains_key(&(cells.clone(), blank)) {
            continue;
        }
        dist.insert((cells.clone(), blank), d);
        for &nb in p.neighbours(blank as usize) {
            match cells.iter().position(|&c| c == nb) {
                None => deque.push_front(((cells.clone(), nb), d)),
                Some(i) => {
                    let mut moved = cells.clone();
                    moved[i] = blank;
                    deque.push_back(((moved, nb), d + 1));
                }
            }
        }
    }
    let mut best: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((cells, _), d) in dist {
        let e = best.entry(cells).or_insert(d);
        *e = (*e).min(d);
    }
    best
}

#[test]
fn each_table_equals_a_plain_0_1_search_over_placements_and_blank() {
    let cases = [
        ("1 2 3/4 5 6/7 8 _", "0 1 2/3 4 5/6 7 8", "4-4"),
        ("1 2 3/4 5 6/7 8 _", "snail", "1,3,4/2,5/6,7,8"),
        ("1 2 3 4/5 6 7 _", "standard", "3-4"),
        ("1 2 3 4/5 6 7 _", "standard", "1,5/2,6,3/7,4"),
        ("1 2 3 4/5 6 7 8/9 10 11 _", "standard", "4-3-4"),
    ];
    for (start, goal, part) in cases {
        let p = puzzle(start, goal);
        let partition = Partition::parse(&p, part).unwrap();
        let tables = pdb::build_tables(&p, &partition, u64::MAX, &|_| ()).unwrap();
        for (g, t) in partition.groups.iter().zip(tables) {
            let single = PatternDatabase::additive(
                &p,
                &Partition {
                    groups: vec![g.clone()],
                },
                vec![t],
                false,
            );
            let reference = group_table_by_0_1_bfs(&p, g);
            let placements: u64 = (0..g.len() as u64).map(|i| p.cells() as u64 - i).product();
            assert_eq!(
                reference.len() as u64,
                placements,
                "{part}: every placement reached"
            );
            for (cells, d) in reference {
                // A board with the group on `cells`, the other tiles anywhere.
                let mut tiles = vec![u8::MAX; p.cells()];
                for (&t, &c) in g.iter().zip(&cells) {
                    tiles[c as usize] = t;
                }
                let mut others = (0..p.cells() as u8).filter(|t| !g.contains(t));
                for slot in tiles.iter_mut().filter(|s| **s == u8::MAX) {
                    *slot = others.next().unwrap();
                }
                assert_eq!(
                    single.value_of_tiles(&tiles),
                    d,
                    "{part} {g:?} on {cells:?}"
                );
            }
        }
    }
}

#[test]
fn pattern_databases_are_admissible_consistent_and_additive_on_small_boards() {
    let (mut jumps, mut moves) = (0, 0);
    let p = puzzle("1 2 3/4 5 6/7 8 _", "0 1 2/3 4 5/6 7 8");
    for part in ["4-4", "1,3,4/2,5/6,7,8", "3-3-2"] {
        let partition = Partition::parse(&p, part).unwrap();
        check_admissible_consistent_additive(&p, &partition, &mut jumps, &mut moves);
    }
    let p = puzzle("1 2 3 4/5 6 7 _", "standard");
    for part in ["3-4", "2-2-3", "1,5/2,6/3,7/4"] {
        let partition = Partition::parse(&p, part).unwrap();
        check_admissible_consistent_additive(&p, &partition, &mut jumps, &mut moves);
    }
    eprintln!("{jumps} of {moves} moves change the heuristic by more than one");
}

/// The in-place update keeps the group values of recent boards per thread: along walks
/// that evaluate every child and go on from one of them (the order of a depth-first
/// search, so the parent is found), and with two databases taking turns on the same
/// boards, every child's value must equal the full evaluation.
#[test]
fn in_place_updates_equal_the_full_value_with_and_without_reflection() {
    let p = puzzle("1 2 3/4 5 6/7 8 _", "0 1 2/3 4 5/6 7 8");
    let partition = Partition::parse(&p, "1,3,4/2,5/6,7,8").unwrap();
    let tables = pdb::build_tables(&p, &partition, 1 << 30, &|_| ()).unwrap();
    let reflecting = PatternDatabase::additive(&p, &partition, tables.clone(), true);
    let plain = PatternDatabase::additive(&p, &partition, tables, false);
    assert!(reflecting.reflects() && !plain.reflects());
    let mut jumps_apart = 0;
    for (db, other) in [(&reflecting, &plain), (&plain, &reflecting)] {
        let problem = p.problem::<u64>();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut succ = Vec::new();
        for _ in 0..50 {
            let mut board = p.board::<u64>(&p.random_walk_from_goal(30, &mut rng));
            for _ in 0..40 {
                succ.clear();
                problem.successors(&board, &mut succ);
                let (h, other_h) = (db.estimate(&board) as u32, other.estimate(&board) as u32);
                for s in &succ {
                    let full = db.estimate(&s.state) as u32;
                    assert_eq!(db.update_in_place(&board, h, &s.action), full);
                    let other_full = other.estimate(&s.state) as u32;
                    assert_eq!(
                        other.update_in_place(&board, other_h, &s.action),
                        other_full
                    );
                    jumps_apart += u32::from(full != other_full);
                }
                board = succ[rng.random_range(0..succ.len())].state.clone();
            }
        }
    }
    assert!(jumps_apart > 0, "reflection changes some values");
}

#[test]
fn the_exact_table_of_the_8_puzzle_is_the_distance() {
    let p = puzzle("1 2 3/4 5 6/7 8 _", "snail");
    let exact = PatternDatabase::exact(&p, u64::MAX).unwrap();
    for (tiles, d) in all_boards(&p) {
        assert_eq!(exact.value_of_tiles(&tiles), u32::from(d));
    }
}

#[test]
fn korf_instances_are_solved_optimally_with_5_5_5() {
    let instances = korf("korf100.txt");
    let (_, first) = &instances[0];
    let partition = Partition::parse(first, "5-5-5").unwrap();
    let tables = pdb::build_tables(first, &partition, 1 << 30, &|_| ()).unwrap();
    let h = PatternDatabase::additive(first, &partition, tables, true);
    assert!(h.reflects(), "Korf's goal is symmetric about the diagonal");
    for id in [79, 12, 42, 55, 94, 1] {
        let (optimal, p) = &instances[id - 1];
        let problem = p.problem::<u64>();
        let outcome = Runner::new(&problem)
            .heuristic(h.clone())
            .run(Algorithm::IdaStar);
        let path = outcome.path.unwrap();
        assert_eq!(path.len(), *optimal, "#{id}");
        let moves: Vec<_> = path.actions().copied().collect();
        assert_eq!(p.replay(&moves).unwrap(), p.goal_tiles(), "#{id}");
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("resolu-pdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn damaged_cache_files_are_detected_and_rebuilt() {
    let dir = temp_dir("damage");
    let p = puzzle("1 2 3/4 5 6/7 8 _", "standard");
    let partition = Partition::parse(&p, "4-4").unwrap();
    let (first, source) = load_or_build(&p, &partition, &dir, u64::MAX, &|_| ()).unwrap();
    assert!(matches!(source, Source::Built(None)));
    let (again, source) = load_or_build(&p, &partition, &dir, u64::MAX, &|_| ()).unwrap();
    assert!(matches!(source, Source::Cached));
    assert_eq!(first, again);
    let path = cache_file(&dir, &p, &partition);
    let good = std::fs::read(&path).unwrap();

    let mut flipped = good.clone();
    let last = flipped.len() - 10;
    flipped[last] ^= 0x10;
    std::fs::write(&path, &flipped).unwrap();
    let (tables, source) = load_or_build(&p, &partition, &dir, u64::MAX, &|_| ()).unwrap();
    assert!(
        matches!(&source, Source::Built(Some(why)) if why.contains("corrupt")),
        "{source:?}"
    );
    assert_eq!(tables, first);
    let (reread, source) = load_or_build(&p, &partition, &dir, u64::MAX, &|_| ()).unwrap();
    assert!(matches!(source, Source::Cached), "rebuilt in place");
    assert_eq!(reread, first);

    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    let (_, source) = load_or_build(&p, &partition, &dir, u64::MAX, &|_| ()).unwrap();
    assert!(
        matches!(&source, Source::Built(Some(why)) if why.contains("truncated")),
        "{source:?}"
    );

    // A file of another goal put under this name: its key says so.
    let other = puzzle("1 2 3/4 5 6/7 8 _", "snail");
    let other_part = Partition::parse(&other, "4-4").unwrap();
    load_or_build(&other, &other_part, &dir, u64::MAX, &|_| ()).unwrap();
    std::fs::copy(cache_file(&dir, &other, &other_part), &path).unwrap();
    let (tables, source) = load_or_build(&p, &partition, &dir, u64::MAX, &|_| ()).unwrap();
    assert!(
        matches!(&source, Source::Built(Some(why)) if why.contains("holds")),
        "{source:?}"
    );
    assert_eq!(tables, first);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Solves `p` optimally with IDA* and heuristic `pdb`, the database `db` handed to it.
fn solve_with(
    p: &SlidingPuzzle,
    db: Option<&Arc<PatternDatabase>>,
    limits: Limits,
) -> resolu_search::Outcome<Vec<u8>, resolu_puzzles::sliding::Move> {
    let mut settings = SolveSettings::new(Algorithm::IdaStar, HeuristicName::Pdb, limits);
    settings.pdb = db.cloned();
    p.solve(&settings)
}

#[test]
fn two_pattern_databases_are_used_side_by_side_in_one_process() {
    // Two goals, two partitions: each search uses the database it is handed, none other.
    let standard = puzzle("8 6 7/2 5 4/3 _ 1", "1 2 3/4 5 6/7 8 _");
    let snail = puzzle("2 8 3/1 6 4/7 _ 5", "snail");
    let of = |p: &SlidingPuzzle, groups: &str| {
        let partition = Partition::parse(p, groups).unwrap();
        let tables = pdb::build_tables(p, &partition, 1 << 30, &|_| ()).unwrap();
        Arc::new(PatternDatabase::additive(p, &partition, tables, false))
    };
    let (fine, coarse) = (
        of(&standard, "1,2,3,4/5,6,7,8"),
        of(&standard, "1,2/3,4/5,6/7,8"),
    );
    let for_snail = of(&snail, "1,2,3,4/5,6,7,8");
    assert!(fine.fits(&standard) && !fine.fits(&snail) && for_snail.fits(&snail));
    let optimum = |p: &SlidingPuzzle| {
        let settings =
            SolveSettings::new(Algorithm::Astar, HeuristicName::Manhattan, Limits::new());
        p.solve(&settings).path.map(|path| path.len())
    };
    let (standard_length, snail_length) = (optimum(&standard), optimum(&snail));
    let runs = std::thread::scope(|scope| {
        let a = scope.spawn(|| solve_with(&standard, Some(&fine), Limits::new()));
        let b = scope.spawn(|| solve_with(&standard, Some(&coarse), Limits::new()));
        let c = scope.spawn(|| solve_with(&snail, Some(&for_snail), Limits::new()));
        [a, b, c].map(|t| t.join().expect("a search"))
    });
    let [fine_run, coarse_run, snail_run] = runs;
    assert_eq!(fine_run.path.map(|p| p.len()), standard_length);
    assert_eq!(coarse_run.path.map(|p| p.len()), standard_length);
    assert_eq!(snail_run.path.map(|p| p.len()), snail_length);
    // The finer tables prune more: the two runs did not share a database.
    assert!(fine_run.stats.expanded < coarse_run.stats.expanded);
    // A database made for the other goal is not used: the search builds its own.
    let mismatched = solve_with(&snail, Some(&fine), Limits::new());
    assert_eq!(mismatched.path.map(|p| p.len()), snail_length);
}

#[test]
fn a_pattern_database_needs_tables_and_a_budget_that_fits_them() {
    let p = puzzle("15 14 13 12/11 10 9 8/7 6 5 4/3 2 1 _", "standard");
    assert!(TileHeuristic::new(HeuristicName::Pdb, &p, None).is_err());
    // Built for the run, within its memory budget: 1 MB is too little for 4x4 tables.
    let stopped = solve_with(&p, None, Limits::new().max_memory_bytes(1 << 20));
    assert_eq!(stopped.reason, StopReason::MemoryLimit);
    assert!(stopped.path.is_none());
    let small = puzzle("8 6 7/2 5 4/3 _ 1", "snail");
    assert!(PatternDatabase::exact(&small, 1000).is_err_and(|e| e.is_memory_limit()));
}
