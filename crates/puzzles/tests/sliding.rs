//! The sliding-tile puzzle against ground truth: exhaustive breadth-first distances on the
//! 8-puzzle and smaller boards, the published data in `data/puzzles/` (shipped in the
//! repository; see its README), and every
//! solution replayed move by move.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

mod common;
use common::{data, korf, puzzle};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use resolu_puzzles::sliding::heuristics::{HeuristicName, TileHeuristic};
use resolu_puzzles::sliding::{Cells, Goal, Grid, Move, SlidingPuzzle, SolveSettings};
use resolu_search::{Algorithm, Heuristic, Limits, Problem, Runner, StopReason};

const HEURISTICS: [HeuristicName; 3] = [
    HeuristicName::Misplaced,
    HeuristicName::Manhattan,
    HeuristicName::LinearConflict,
];

/// Solves with `algo` and `h`, replays the moves and returns the length.
fn solve<C: Cells>(p: &SlidingPuzzle, algo: Algorithm, h: HeuristicName) -> usize {
    let problem = p.problem::<C>();
    let outcome = Runner::new(&problem)
        .heuristic(TileHeuristic::new(h, p, None).expect("a heuristic without tables"))
        .limits(Limits::new().max_nodes(5_000_000))
        .run(algo);
    assert_eq!(
        outcome.reason,
        StopReason::Solved,
        "{algo} {h} on {}",
        p.start_grid().one_line()
    );
    let path = outcome.path.unwrap();
    let moves: Vec<Move> = path.actions().copied().collect();
    assert_eq!(
        p.replay(&moves).unwrap(),
        p.goal_tiles(),
        "replay reaches the goal"
    );
    moves.len()
}

#[test]
fn the_course_instance_takes_five_moves_with_every_optimal_algorithm() {
    let p = puzzle("b h c / a f d / g _ e", "default");
    assert_eq!(p.goal_grid(), Grid::parse("abc/h_d/gfe").unwrap());
    for algo in [Algorithm::Bfs, Algorithm::Ucs, Algorithm::Iddfs] {
        assert_eq!(solve::<u64>(&p, algo, HeuristicName::Zero), 5);
    }
    for h in HEURISTICS {
        for algo in [Algorithm::Astar, Algorithm::IdaStar] {
            assert_eq!(solve::<u64>(&p, algo, h), 5);
        }
    }
}

#[test]
fn the_course_question_is_unsolvable_on_every_packing() {
    let p = puzzle("a b c / g _ d / h f e", "default");
    assert!(!p.is_solvable());
    // The exhaustive table agrees: the start is not among the reachable boards.
    let table = p.distances_to_goal().unwrap();
    assert_eq!(table.len(), 181_440);
    assert!(!table.contains_key(&p.board::<u64>(p.start_tiles()).cells));
}

#[test]
fn parity_decides_solvability_on_small_boards_of_every_shape() {
    // On 2x2, 2x3, 3x2, 2x4 and 3x3, every permutation is checked against exhaustive
    // reachability from the goal: solvable exactly when parity says so.
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)] {
        let n = rows * cols;
        let tiles: Vec<String> = (1..n).map(|t| t.to_string()).collect();
        let goal = Grid {
            rows,
            cols,
            cells: tiles.iter().cloned().map(Some).chain([None]).collect(),
        };
        let p = SlidingPuzzle::new(&goal, Goal::Standard).unwrap();
        let table = p.distances_to_goal().unwrap();
        let total: usize = (1..=n).product();
        assert_eq!(table.len(), total / 2, "{rows}x{cols}");
        let mut perm: Vec<u8> = (0..n as u8).collect();
        let mut count = 0;
        permutations(&mut perm, 0, &mut |tiles| {
            let q = p.with_start(&p.grid_of(tiles)).unwrap();
            let reachable = table.contains_key(&q.board::<u64>(tiles).cells);
            assert_eq!(q.is_solvable(), reachable, "{}", q.start_grid().one_line());
            count += 1;
        });
        assert_eq!(count, total);
    }
}

fn permutations(v: &mut Vec<u8>, k: usize, f: &mut impl FnMut(&[u8])) {
    if k == v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, f);
        v.swap(k, i);
    }
}

#[test]
fn the_8_puzzle_depth_counts_match_the_published_table() {
    let expected: Vec<usize> = data("8puzzle.txt")
        .lines()
        .filter_map(|l| l.strip_prefix("depth "))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(expected.len(), 32);
    for goal in ["1 2 3/4 5 6/7 8 0", "0 1 2/3 4 5/6 7 8"] {
        let p = puzzle(goal, goal);
        let table = p.distances_to_goal().unwrap();
        let mut counts = vec![0usize; 32];
        for &d in table.values() {
            counts[d as usize] += 1;
        }
        assert_eq!(counts, expected, "goal {goal}");
    }
}

#[test]
fn heuristics_are_admissible_ordered_and_updated_exactly_on_every_8_puzzle_board() {
    for goal in ["abc/h_d/gfe", "123/456/780"] {
        let p = puzzle(goal, goal);
        let table = p.distances_to_goal().unwrap();
        let hs: Vec<TileHeuristic> = HEURISTICS
            .iter()
            .map(|&h| TileHeuristic::new(h, &p, None).expect("a heuristic without tables"))
            .collect();
        let problem = p.problem::<u64>();
        let mut succ = Vec::new();
        for (&cells, &d) in &table {
            let tiles: Vec<u8> = (0..9).map(|i| cells.get(i)).collect();
            let board = p.board::<u64>(&tiles);
            let values: Vec<f64> = hs.iter().map(|h| h.estimate(&board)).collect();
            assert!(values[0] <= values[1] && values[1] <= values[2] && values[2] <= f64::from(d));
            succ.clear();
            problem.successors(&board, &mut succ);
            for s in &succ {
                for (h, &v) in hs.iter().zip(&values) {
                    assert_eq!(
                        h.update(&board, v, &s.action, &s.state),
                        h.estimate(&s.state)
                    );
                }
            }
        }
    }
}

#[test]
fn the_two_31_move_positions_are_solved_in_31_moves() {
    for line in data("8puzzle.txt")
        .lines()
        .filter(|l| l.starts_with("hardest"))
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        let goal = if words[1] == "blank-first" {
            "0 1 2/3 4 5/6 7 8"
        } else {
            "1 2 3/4 5 6/7 8 0"
        };
        let start = words[2..]
            .chunks(3)
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("/");
        let p = puzzle(&start, goal);
        for h in [HeuristicName::Manhattan, HeuristicName::LinearConflict] {
            assert_eq!(solve::<u64>(&p, Algorithm::Astar, h), 31);
            assert_eq!(solve::<u64>(&p, Algorithm::IdaStar, h), 31);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random 8-puzzle boards (both goals): A* and IDA* with each heuristic find the
    /// exhaustive-search distance; weighted A* and greedy find valid, possibly longer, ones.
    #[test]
    fn optimal_algorithms_find_the_exhaustive_distance(seed: u64, walk in 0usize..60, snail: bool) {
        let goal = if snail { "abc/h_d/gfe" } else { "abc/def/gh_" };
        let p0 = puzzle(goal, goal);
        let tiles = p0.random_walk_from_goal(walk, &mut ChaCha8Rng::seed_from_u64(seed));
        let p = p0.with_start(&p0.grid_of(&tiles)).unwrap();
        prop_assert!(p.is_solvable());
        let table = TABLES.with(|t| t.clone());
        let d = table[snail as usize][&p.board::<u64>(&tiles).cells] as usize;
        for h in HEURISTICS {
            prop_assert_eq!(solve::<u64>(&p, Algorithm::Astar, h), d);
            prop_assert_eq!(solve::<u64>(&p, Algorithm::IdaStar, h), d);
            prop_assert!(solve::<u64>(&p, Algorithm::WeightedAstar, h) >= d);
            // The wider packings give the same answers.
            prop_assert_eq!(solve::<u128>(&p, Algorithm::Astar, h), d);
            prop_assert_eq!(solve::<Box<[u8]>>(&p, Algorithm::Astar, h), d);
        }
        prop_assert!(solve::<u64>(&p, Algorithm::Greedy, HeuristicName::Manhattan) >= d);
    }
}

thread_local! {
    static TABLES: Vec<std::rc::Rc<rustc_hash::FxHashMap<u64, u8>>> = ["abc/def/gh_", "abc/h_d/gfe"]
        .iter()
        .map(|g| std::rc::Rc::new(puzzle(g, g).distances_to_goal().unwrap()))
        .collect();
}

#[test]
fn korf_15_puzzle_instances_are_solved_at_their_published_optimal_length() {
    let instances = korf("korf100.txt");
    assert_eq!(instances.len(), 100);
    assert!(instances.iter().all(|(_, p)| p.is_solvable()));
    // The instances a test can afford (fewest IDA* nodes in Korf's table): #79, #12, #42,
    // #55, #94 (ids from 1).
    for id in [79, 12, 42, 55, 94] {
        let (optimal, p) = &instances[id - 1];
        assert_eq!(
            solve::<u64>(p, Algorithm::IdaStar, HeuristicName::Manhattan),
            *optimal,
            "#{id}"
        );
        assert_eq!(
            solve::<u64>(p, Algorithm::IdaStar, HeuristicName::LinearConflict),
            *optimal,
            "#{id}"
        );
        assert_eq!(
            solve::<u64>(p, Algorithm::Astar, HeuristicName::LinearConflict),
            *optimal,
            "#{id}"
        );
    }
}

#[test]
fn the_hardest_15_puzzle_positions_are_solvable_with_manhattan_58_or_56() {
    let goal = "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15";
    let p0 = puzzle(goal, goal);
    for (len, p) in korf("15puzzle-hardest80.txt") {
        assert_eq!(len, 80);
        assert!(p.is_solvable());
        let h = TileHeuristic::new(HeuristicName::Manhattan, &p0, None)
            .expect("a heuristic without tables")
            .estimate(&p.problem::<u64>().start());
        assert!(h == 58.0 || h == 56.0, "{h}");
    }
}

#[test]
fn the_24_puzzle_instances_are_solvable_and_manhattan_is_below_their_length() {
    let goal: Vec<String> = (0..25).map(|t| t.to_string()).collect();
    let goal = goal
        .chunks(5)
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join("/");
    for line in data("korf-felner-24.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let w: Vec<&str> = line.split_whitespace().collect();
        let start = w[2..]
            .chunks(5)
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("/");
        let p = puzzle(&start, &goal);
        assert!(p.is_solvable());
        let optimal: f64 = w[1].parse().unwrap();
        let start = p.problem::<u128>().start();
        let lc = TileHeuristic::new(HeuristicName::LinearConflict, &p, None)
            .expect("a heuristic without tables")
            .estimate(&start);
        let md = TileHeuristic::new(HeuristicName::Manhattan, &p, None)
            .expect("a heuristic without tables")
            .estimate(&start);
        assert!(md <= lc && lc <= optimal && (optimal - md) % 2.0 == 0.0);
    }
}

#[test]
fn small_and_rectangular_boards_match_breadth_first_search() {
    for goal in [
        "1 2/3 _",
        "1 2 3/4 5 _",
        "1 2/3 4/5 _",
        "a b c d/e f g _",
        "ab/cd/ef/g_",
    ] {
        let p0 = puzzle(goal, goal);
        let table = p0.distances_to_goal().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for walk in [3, 10, 25, 60] {
            let tiles = p0.random_walk_from_goal(walk, &mut rng);
            let p = p0.with_start(&p0.grid_of(&tiles)).unwrap();
            let d = table[&p.board::<u64>(&tiles).cells] as usize;
            for h in HEURISTICS {
                assert_eq!(solve::<u64>(&p, Algorithm::Astar, h), d);
                assert_eq!(solve::<u64>(&p, Algorithm::IdaStar, h), d);
            }
            assert_eq!(solve::<u64>(&p, Algorithm::Bfs, HeuristicName::Zero), d);
        }
    }
}

#[test]
fn large_boards_use_the_boxed_packing() {
    let goal: Vec<String> = (1..36).map(|t| t.to_string()).chain(["0".into()]).collect();
    let goal = goal
        .chunks(6)
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join("/");
    let p0 = puzzle(&goal, "standard");
    let tiles = p0.random_walk_from_goal(12, &mut ChaCha8Rng::seed_from_u64(1));
    let p = p0.with_start(&p0.grid_of(&tiles)).unwrap();
    let len = solve::<Box<[u8]>>(&p, Algorithm::Astar, HeuristicName::LinearConflict);
    assert!(len <= 12 && len.is_multiple_of(2));
}

#[test]
fn mismatched_goals_are_refused() {
    let start = Grid::parse("abc/h_d/gfe").unwrap();
    for (goal, why) in [
        ("ab/c_", "3x3"),
        ("abc/h_d/gfx", "tile e"),
        ("123/456/78_", "not in the goal"),
    ] {
        let e = SlidingPuzzle::new(&start, Goal::parse(goal).unwrap()).unwrap_err();
        assert!(e.0.contains(why), "{goal}: {e}");
    }
}

/// The generic IDA* (a list of successors per frame) on `p` with `h`: moves and expansions.
fn generic_idastar<C: Cells>(p: &SlidingPuzzle, h: HeuristicName) -> (Vec<Move>, u64) {
    let problem = p.problem::<C>();
    let outcome = Runner::new(&problem)
        .heuristic(TileHeuristic::new(h, p, None).expect("a heuristic without tables"))
        .run(Algorithm::IdaStar);
    let moves = outcome.path.unwrap().actions().copied().collect();
    (moves, outcome.stats.expanded)
}

/// IDA* through `SlidingPuzzle::solve` (in place) on `threads` threads, with `limits`.
fn solve_idastar(
    p: &SlidingPuzzle,
    h: HeuristicName,
    limits: Limits,
    threads: usize,
) -> resolu_search::Outcome<Vec<u8>, Move> {
    let mut settings = SolveSettings::new(Algorithm::IdaStar, h, limits);
    settings.threads = threads;
    p.solve(&settings)
}

/// `SlidingPuzzle::solve` with IDA* (in place) on `threads` threads: moves and expansions,
/// the moves replayed to the goal.
fn in_place_idastar(p: &SlidingPuzzle, h: HeuristicName, threads: usize) -> (Vec<Move>, u64) {
    let outcome = solve_idastar(p, h, Limits::new(), threads);
    assert_eq!(outcome.reason, StopReason::Solved);
    let moves: Vec<Move> = outcome.path.unwrap().actions().copied().collect();
    assert_eq!(
        p.replay(&moves).unwrap(),
        p.goal_tiles(),
        "replay reaches the goal"
    );
    (moves, outcome.stats.expanded)
}

#[test]
fn the_in_place_idastar_makes_the_generic_ones_expansions_and_path_on_every_packing() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let goal = "123/456/780";
    let base = puzzle(goal, goal);
    let mut cases: Vec<(SlidingPuzzle, &[HeuristicName])> = (0..20)
        .map(|_| {
            let tiles = base.random_walk_from_goal(40, &mut rng);
            let p = base.with_start(&base.grid_of(&tiles)).unwrap();
            (p, &HEURISTICS[..])
        })
        .collect();
    // Two of Korf's instances, with the heuristics that solve them in a blink.
    let instances = korf("korf100.txt");
    cases.extend([79, 12].map(|id| (instances[id - 1].1.clone(), &HEURISTICS[1..])));
    for (p, heuristics) in &cases {
        for &h in *heuristics {
            let (moves, expanded) = generic_idastar::<u64>(p, h);
            assert_eq!(in_place_idastar(p, h, 1), (moves.clone(), expanded), "{h}");
            // Two threads: the same solution (the first in depth-first order), optimal.
            assert_eq!(in_place_idastar(p, h, 2).0, moves, "{h}, 2 threads");
        }
    }
    // A 5x5 board (u128 cells) and a 16x16 one (boxed cells; lines too long for the
    // conflict tables), a few moves from the goal.
    for (rows, cols, steps) in [(5, 5, 30), (16, 16, 24)] {
        let text: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| ((r * cols + c + 1) % (rows * cols)).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let base = puzzle(&text.join("/"), "standard");
        let tiles = base.random_walk_from_goal(steps, &mut rng);
        let p = base.with_start(&base.grid_of(&tiles)).unwrap();
        for h in [HeuristicName::Manhattan, HeuristicName::LinearConflict] {
            let generic = if rows * cols <= 25 {
                generic_idastar::<u128>(&p, h)
            } else {
                generic_idastar::<Box<[u8]>>(&p, h)
            };
            assert_eq!(in_place_idastar(&p, h, 1), generic, "{rows}x{cols} {h}");
        }
    }
}

#[test]
fn linear_conflicts_are_updated_exactly_on_lines_too_long_for_tables() {
    // Rows of 8 cells: the conflicts of a row are recomputed, those of a column (3 cells)
    // read from the table. Every move of a long random walk is checked against the value
    // computed from scratch.
    let goal = "1 2 3 4 5 6 7 8/9 10 11 12 13 14 15 16/17 18 19 20 21 22 23 0";
    let p = puzzle(goal, goal);
    let h = TileHeuristic::new(HeuristicName::LinearConflict, &p, None)
        .expect("a heuristic without tables");
    let problem = p.problem::<u128>();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut succ = Vec::new();
    for _ in 0..200 {
        let tiles = p.random_walk_from_goal(40, &mut rng);
        let board = p.board::<u128>(&tiles);
        let v = h.estimate(&board);
        succ.clear();
        problem.successors(&board, &mut succ);
        for s in &succ {
            assert_eq!(
                h.update(&board, v, &s.action, &s.state),
                h.estimate(&s.state)
            );
        }
    }
}

#[test]
fn the_in_place_idastar_stops_at_the_node_limit() {
    let (_, p) = &korf("korf100.txt")[0];
    let limits = Limits::new().max_nodes(10_000);
    let one = solve_idastar(p, HeuristicName::Manhattan, limits, 1);
    assert_eq!(
        (one.reason, one.stats.expanded),
        (StopReason::NodeLimit, 10_000)
    );
    let two = solve_idastar(p, HeuristicName::Manhattan, limits, 2);
    assert_eq!(two.reason, StopReason::NodeLimit);
}

/// A* through the Runner (the generic engine) and through `SlidingPuzzle::solve` (the
/// in-place engine): moves, expansions, stored states and the largest frontier.
fn both_astars<C: Cells>(p: &SlidingPuzzle, h: HeuristicName) -> [(Vec<Move>, [u64; 3]); 2] {
    let problem = p.problem::<C>();
    let generic = Runner::new(&problem)
        .heuristic(TileHeuristic::new(h, p, None).expect("a heuristic without tables"))
        .run(Algorithm::Astar);
    let fast = p.solve(&SolveSettings::new(Algorithm::Astar, h, Limits::new()));
    [generic.map_states(|_| ()), fast.map_states(|_| ())].map(|o| {
        assert_eq!(o.reason, StopReason::Solved);
        let s = o.stats;
        (
            o.path.unwrap().actions().copied().collect(),
            [s.expanded, s.stored, s.max_frontier],
        )
    })
}

#[test]
fn the_in_place_astar_makes_the_generic_ones_expansions_and_path() {
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let goal = "123/456/780";
    let base = puzzle(goal, goal);
    for _ in 0..20 {
        let tiles = base.random_walk_from_goal(60, &mut rng);
        let p = base.with_start(&base.grid_of(&tiles)).unwrap();
        for h in HEURISTICS {
            let [generic, fast] = both_astars::<u64>(&p, h);
            assert_eq!(fast, generic, "{h} on {}", p.start_grid().one_line());
            assert_eq!(p.replay(&fast.0).unwrap(), p.goal_tiles());
        }
    }
    let (_, p) = &korf("korf100.txt")[78];
    let [generic, fast] = both_astars::<u64>(p, HeuristicName::Manhattan);
    assert_eq!(fast, generic, "Korf #79");
    // A 4x5 board (u128 cells) a few moves from the goal.
    let base = puzzle(
        "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 0",
        "standard",
    );
    let tiles = base.random_walk_from_goal(40, &mut rng);
    let p = base.with_start(&base.grid_of(&tiles)).unwrap();
    let [generic, fast] = both_astars::<u128>(&p, HeuristicName::LinearConflict);
    assert_eq!(fast, generic, "4x5");
}

#[test]
fn the_in_place_astar_stops_at_the_node_limit() {
    let (_, p) = &korf("korf100.txt")[0];
    let limits = Limits::new().max_nodes(10_000);
    let outcome = p.solve(&SolveSettings::new(
        Algorithm::Astar,
        HeuristicName::Manhattan,
        limits,
    ));
    assert_eq!(
        (outcome.reason, outcome.stats.expanded),
        (StopReason::NodeLimit, 10_000)
    );
}

/// The labs' board forms: the notebook's flat list (bracketed or not), the Prolog list of
/// rows with `vide`, each read as the same board as the plain form, and solved the same way.
#[test]
fn the_labs_board_forms_read_as_the_same_grid_and_solve_the_same() {
    let letters = Grid::parse("b h c / a f d / g _ e").unwrap();
    for text in [
        "[[b,h,c],[a,f,d],[g,vide,e]]",
        "[[b, h, c], [a, f, d], [g, vide, e]]",
        "b h c / a f d / g vide e",
        "b h c a f d g _ e",
    ] {
        assert_eq!(Grid::parse(text).unwrap(), letters, "{text}");
    }
    let numbers = Grid::parse("2 8 3 / 1 6 4 / 7 0 5").unwrap();
    for text in [
        "[2, 8, 3, 1, 6, 4, 7, 0, 5]",
        "[2,8,3,1,6,4,7,0,5]",
        "2 8 3 1 6 4 7 0 5",
        "2 8 3 1 6 4 7 vide 5",
        "[[2,8,3],[1,6,4],[7,vide,5]]",
    ] {
        assert_eq!(Grid::parse(text).unwrap(), numbers, "{text}");
    }
    let sixteen = Grid::parse("[5, 1, 2, 3, 9, 6, 7, 4, 13, 10, 11, 8, 0, 14, 15, 12]").unwrap();
    assert_eq!(
        sixteen,
        Grid::parse("5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12").unwrap()
    );
    // The notebook's numbers are the course's letters (a = 1, ..., h = 8): the same
    // solution, tile for tile.
    let solve = |g: &Grid| {
        let p = SlidingPuzzle::new(g, Goal::Default).unwrap();
        let outcome = p.solve(&SolveSettings::new(
            Algorithm::Astar,
            HeuristicName::Manhattan,
            Limits::new(),
        ));
        let path = outcome.path.unwrap();
        path.actions()
            .map(|m| p.label(m.tile).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(solve(&letters), ["f", "h", "b", "a", "h"]);
    assert_eq!(solve(&numbers), ["6", "8", "2", "1", "8"]);
}

#[test]
fn a_wrong_board_is_refused_with_an_accepted_form() {
    for (text, why) in [
        ("[2, 8, 3, 1, 6, 4, 7, 0]", "8 cells"),
        ("2 8 3 1 6 4 7", "7 cells"),
        ("[2, 8, 3", "not closed"),
        ("[[b,h,c],[a,f,d],[g,vide]]", "unequal"),
        ("[[b,h,c],a]", "not a list"),
        ("b h c / a f d / g vide _", "exactly one blank"),
    ] {
        let e = Grid::parse(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
        assert!(
            e.contains("'b h c / a f d / g _ e'") && e.contains("[2, 8, 3, 1, 6, 4, 7, 0, 5]"),
            "{text}: {e}"
        );
    }
}
