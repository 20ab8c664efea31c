//! The knight's tour: the course's boards exactly, published counts, every tour checked move
//! by move by a checker written here independently of the library.

#![allow(clippy::unwrap_used)]

use resolu_puzzles::knight::{
    KnightError, KnightTour, Method, Ties, TourOptions, colour_obstruction, count_all_starts,
    degree_matrix, parse_size, parse_square, tour_svg, warnsdorff_steps,
};
use resolu_search::backtrack::{self, Backtrack};
use resolu_search::{Limits, StopReason};
use std::ops::ControlFlow;

/// Checks a board of step numbers: each number 1..=rows*cols once, the start numbered 1,
/// consecutive numbers a knight's move apart, and the last one a knight's move from the
/// start when `closed`.
fn check_tour(board: &[Vec<u32>], start: (usize, usize), closed: bool) {
    let rows = board.len();
    let cols = board[0].len();
    let n = rows * cols;
    let mut at = vec![None; n + 1];
    for (r, row) in board.iter().enumerate() {
        assert_eq!(row.len(), cols);
        for (c, &v) in row.iter().enumerate() {
            let v = v as usize;
            assert!((1..=n).contains(&v), "step {v} out of range");
            assert!(at[v].is_none(), "step {v} twice");
            at[v] = Some((r as i64, c as i64));
        }
    }
    let at: Vec<(i64, i64)> = at[1..].iter().map(|p| p.unwrap()).collect();
    assert_eq!(
        at[0],
        (start.0 as i64, start.1 as i64),
        "starts at the start"
    );
    let knight = |a: (i64, i64), b: (i64, i64)| {
        let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    };
    for w in at.windows(2) {
        assert!(
            knight(w[0], w[1]),
            "{:?} -> {:?} is no knight's move",
            w[0],
            w[1]
        );
    }
    if closed {
        assert!(
            knight(at[n - 1], at[0]),
            "a closed tour returns to its start"
        );
    }
}

fn tour(opts: TourOptions) -> KnightTour {
    KnightTour::new(opts).unwrap()
}

fn opts(rows: usize, cols: usize, method: Method) -> TourOptions {
    TourOptions {
        rows,
        cols,
        method,
        ..TourOptions::square(rows)
    }
}

/// Counts the tours, checking each one.
fn count_checked(o: TourOptions) -> u64 {
    let mut t = tour(o);
    let outcome = backtrack::for_each(&mut t, Limits::default(), |t| {
        check_tour(&t.board(), o.start, o.closed);
        ControlFlow::Continue(())
    });
    assert_eq!(outcome.reason, StopReason::Exhausted);
    outcome.stats.solutions
}

#[test]
fn the_basic_version_reproduces_the_course_board() {
    let mut t = tour(TourOptions::square(5));
    let outcome = backtrack::first(&mut t, Limits::default());
    assert_eq!(outcome.reason, StopReason::Solved);
    assert_eq!(
        t.board(),
        [
            [1, 14, 19, 8, 25],
            [6, 9, 2, 13, 18],
            [15, 20, 7, 24, 3],
            [10, 5, 22, 17, 12],
            [21, 16, 11, 4, 23],
        ]
    );
    check_tour(&t.board(), (0, 0), false);
    assert!(outcome.stats.backtracks > 0);
    assert!(outcome.stats.tries > outcome.stats.backtracks);
}

#[test]
fn warnsdorff_reproduces_the_course_board_without_a_backtrack() {
    let mut t = tour(opts(5, 5, Method::Warnsdorff));
    let outcome = backtrack::first(&mut t, Limits::default());
    assert_eq!(outcome.reason, StopReason::Solved);
    assert_eq!(outcome.stats.backtracks, 0);
    assert_eq!(
        t.board(),
        [
            [1, 12, 25, 18, 3],
            [22, 17, 2, 13, 24],
            [11, 8, 23, 4, 19],
            [16, 21, 6, 9, 14],
            [7, 10, 15, 20, 5],
        ]
    );
    check_tour(&t.board(), (0, 0), false);
}

#[test]
fn the_band_changes_no_counter_only_the_test() {
    for n in [5, 6] {
        let mut basic = tour(TourOptions::square(n));
        let mut band = tour(opts(n, n, Method::Band));
        let a = backtrack::first(&mut basic, Limits::default());
        let b = backtrack::first(&mut band, Limits::default());
        assert_eq!(basic.board(), band.board());
        assert_eq!(
            (a.stats.tries, a.stats.backtracks),
            (b.stats.tries, b.stats.backtracks)
        );
        check_tour(&band.board(), (0, 0), false);
    }
}

#[test]
fn there_are_304_directed_open_tours_of_5x5_from_a_corner() {
    assert_eq!(count_checked(TourOptions::square(5)), 304);
    assert_eq!(count_checked(opts(5, 5, Method::Band)), 304);
    // Pruning cuts tries, never tours.
    let pruned = TourOptions {
        prune: true,
        ..TourOptions::square(5)
    };
    assert_eq!(count_checked(pruned), 304);
    let mut plain = tour(TourOptions::square(5));
    let mut cut = tour(pruned);
    let plain = backtrack::count(&mut plain, Limits::default()).stats.tries;
    let cut = backtrack::count(&mut cut, Limits::default()).stats.tries;
    assert!(cut < plain / 2, "pruning: {cut} tries against {plain}");
}

#[test]
fn five_by_five_has_1728_directed_open_tours_from_all_starts() {
    // 1728 directed open tours of 5x5 in all (OEIS A165134); none starts on a square of the
    // other colour than the corners (13 squares against 12, and a tour alternates colours).
    let mut total = 0;
    for r in 0..5 {
        for c in 0..5 {
            let o = TourOptions {
                start: (r, c),
                prune: true,
                ..TourOptions::square(5)
            };
            let n = count_checked(o);
            if (r + c) % 2 == 1 {
                assert_eq!(n, 0, "({r}, {c})");
            }
            // The colour argument rules out exactly the starts with no tour.
            assert_eq!(colour_obstruction(&o).is_some(), n == 0, "({r}, {c})");
            total += n;
        }
    }
    assert_eq!(total, 1728);
}

#[test]
fn closed_tours_of_3x10_are_16_each_both_ways() {
    // 16 undirected closed tours on 3x10 (OEIS A070030), each run both ways from a square.
    let closed = TourOptions {
        rows: 3,
        cols: 10,
        closed: true,
        ..TourOptions::square(3)
    };
    assert_eq!(count_checked(closed), 32);
    let pruned = TourOptions {
        prune: true,
        ..closed
    };
    assert_eq!(count_checked(pruned), 32);
    let band_pruned = TourOptions {
        method: Method::Band,
        start: (1, 4),
        ..pruned
    };
    assert_eq!(count_checked(band_pruned), 32);
}

#[test]
fn closed_tours_are_found_and_checked_on_even_boards() {
    // Warnsdorff with pruning finds closed tours in a few dozen tries (plain Warnsdorff needs
    // millions of tries on most of these).
    for (rows, cols) in [(6, 6), (8, 8), (5, 6), (6, 7), (10, 10), (3, 12), (20, 20)] {
        let o = TourOptions {
            rows,
            cols,
            closed: true,
            prune: true,
            method: Method::Warnsdorff,
            ..TourOptions::square(rows)
        };
        let mut t = tour(o);
        let outcome = backtrack::first(&mut t, Limits::default().max_tries(1_000_000));
        assert_eq!(outcome.reason, StopReason::Solved, "{rows}x{cols}");
        check_tour(&t.board(), (0, 0), true);
    }
    // A board with an odd number of squares has no closed tour (the colours alternate).
    let o = TourOptions {
        closed: true,
        prune: true,
        ..TourOptions::square(5)
    };
    let outcome = backtrack::first(&mut tour(o), Limits::default());
    assert_eq!(outcome.reason, StopReason::Exhausted);
}

#[test]
fn warnsdorff_with_roth_ties_tours_every_board_from_5_to_100_from_the_corner() {
    let mut backtracked = Vec::new();
    for n in 5..=100 {
        let o = TourOptions {
            method: Method::Warnsdorff,
            ties: Ties::Roth,
            ..TourOptions::square(n)
        };
        let mut t = tour(o);
        let outcome = backtrack::first(&mut t, Limits::default().max_tries(1_000_000));
        assert_eq!(outcome.reason, StopReason::Solved, "{n}x{n}");
        check_tour(&t.board(), (0, 0), false);
        if outcome.stats.backtracks > 0 {
            backtracked.push((n, outcome.stats.backtracks));
        }
    }
    // Roth's tie-break needs no backtrack except on three boards: 7x7 (202,965 backtracks,
    // 20 ms), 58x58 (56) and 89x89 (6). Recorded here so that a change shows.
    assert_eq!(backtracked, [(7, 202_965), (58, 56), (89, 6)]);
}

#[test]
fn rectangular_boards_and_any_start() {
    for (rows, cols, start, method) in [
        (3, 4, (0, 0), Method::Basic),
        (4, 5, (0, 0), Method::Band),
        (5, 7, (2, 2), Method::Warnsdorff),
        (6, 6, (3, 2), Method::Basic),
        (7, 9, (6, 8), Method::Warnsdorff),
        (20, 8, (5, 5), Method::Warnsdorff),
    ] {
        let o = TourOptions {
            rows,
            cols,
            start,
            method,
            ..TourOptions::square(rows)
        };
        let mut t = tour(o);
        let outcome = backtrack::first(&mut t, Limits::default());
        assert_eq!(
            outcome.reason,
            StopReason::Solved,
            "{rows}x{cols} {start:?}"
        );
        check_tour(&t.board(), start, false);
        assert_eq!(t.path().len(), rows * cols);
        assert_eq!(t.path()[0], start);
    }
}

#[test]
fn small_boards_without_tours_are_exhausted() {
    // 1x1 is its own tour; 2x2, 3x3 and 4x4 have none.
    let mut one = tour(TourOptions::square(1));
    assert_eq!(
        backtrack::first(&mut one, Limits::default()).reason,
        StopReason::Solved
    );
    assert_eq!(one.board(), [[1]]);
    let closed_one = TourOptions {
        closed: true,
        ..TourOptions::square(1)
    };
    assert_eq!(count_checked(closed_one), 0);
    for n in [2, 3, 4] {
        assert_eq!(count_checked(TourOptions::square(n)), 0, "{n}x{n}");
    }
}

#[test]
fn limits_stop_the_search_with_the_counters_so_far() {
    let mut t = tour(TourOptions::square(8));
    let outcome = backtrack::first(&mut t, Limits::default().max_tries(10_000));
    assert_eq!(outcome.reason, StopReason::NodeLimit);
    assert_eq!(outcome.stats.tries, 10_000);
    assert!(outcome.stats.max_depth >= 30);
    // The board is left as the limit found it: a valid partial path.
    assert!(t.visited() > 1 && !t.is_complete());
}

#[test]
fn all_solutions_are_pulled_one_at_a_time() {
    let mut t = tour(TourOptions::square(5));
    let boards: Vec<_> = backtrack::solutions(&mut t, Limits::default(), |t| t.board())
        .take(3)
        .collect();
    assert_eq!(boards.len(), 3);
    assert_eq!(boards[0][0], [1, 14, 19, 8, 25]);
    assert_ne!(boards[0], boards[1]);
    for b in &boards {
        check_tour(b, (0, 0), false);
    }
}

#[test]
fn sizes_and_squares_parse_and_bad_ones_are_errors() {
    assert_eq!(parse_size("8"), Ok((8, 8)));
    assert_eq!(parse_size("5x6"), Ok((5, 6)));
    assert_eq!(parse_size(" 3 X 10 "), Ok((3, 10)));
    assert!(matches!(parse_size("0"), Err(KnightError::BadSize(_))));
    assert!(matches!(parse_size("5x"), Err(KnightError::BadSize(_))));
    assert!(matches!(parse_size("-3"), Err(KnightError::BadSize(_))));
    assert_eq!(parse_square("2,3"), Ok((2, 3)));
    assert!(matches!(parse_square("2"), Err(KnightError::BadSquare(_))));
    assert!(matches!(
        parse_square("a,b"),
        Err(KnightError::BadSquare(_))
    ));
    let off = TourOptions {
        start: (5, 0),
        ..TourOptions::square(5)
    };
    assert!(matches!(
        KnightTour::new(off),
        Err(KnightError::StartOutside { .. })
    ));
    assert!(matches!(
        KnightTour::new(opts(100_000, 100_000, Method::Basic)),
        Err(KnightError::BoardSize { .. })
    ));
    assert!("warnsdorff".parse::<Method>().is_ok());
    assert!("roth".parse::<Ties>().is_ok());
    assert!("sideways".parse::<Method>().is_err());
}

#[test]
fn the_svg_draws_the_tour_as_one_path() {
    let mut t = tour(TourOptions::square(5));
    backtrack::first(&mut t, Limits::default());
    let svg = t.svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let points = svg
        .split("points=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert_eq!(points.split(' ').count(), 25);
    // Step 2 is at (1, 2): x = 2*40+20, y = 1*40+20.
    assert!(points.starts_with("20,20 100,60 "), "{points}");
    let closed = tour_svg(3, 4, &[(0, 0), (2, 1)], true);
    let points = closed
        .split("points=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert_eq!(points, "20,20 60,100 20,20");
}

#[test]
fn counting_one_start_per_symmetry_class_gives_every_starts_total() {
    // Against the sum over every start (checked tour by tour above: 1728 on 5x5), and on
    // a rectangle, whose symmetries are four, against the plain sum too.
    for (rows, cols) in [(5, 5), (3, 4), (4, 5)] {
        let opts = TourOptions {
            rows,
            cols,
            prune: true,
            ..TourOptions::square(rows)
        };
        let plain: u64 = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|start| count_checked(TourOptions { start, ..opts }))
            .sum();
        for threads in [1, 2] {
            let (total, classes) = count_all_starts(opts, Limits::default(), threads).unwrap();
            assert_eq!(total, plain, "{rows}x{cols}");
            assert_eq!(
                classes.iter().map(|c| c.size).sum::<u64>(),
                (rows * cols) as u64
            );
        }
    }
}

#[test]
// Six seconds of CPU in a release build; a debug build takes minutes.
#[cfg_attr(debug_assertions, ignore)]
fn six_by_six_has_6637920_directed_open_tours_from_all_starts() {
    // OEIS A165134: 6,637,920 directed open tours of 6x6; counted on the bit-board
    // counter, split into tasks over two threads.
    let (total, classes) = count_all_starts(TourOptions::square(6), Limits::default(), 2).unwrap();
    assert_eq!(total, 6_637_920);
    assert!(
        classes
            .iter()
            .all(|c| c.outcome.is_some_and(|o| o.reason == StopReason::Exhausted))
    );
}

#[test]
fn counting_all_starts_stops_at_the_tries_limit_with_a_partial_count() {
    let limits = Limits::default().max_tries(200_000);
    for threads in [1, 2] {
        let (total, classes) = count_all_starts(TourOptions::square(6), limits, threads).unwrap();
        assert!(total < 6_637_920, "{total}");
        assert!(
            classes
                .iter()
                .all(|c| c.outcome.is_some_and(|o| o.reason == StopReason::NodeLimit))
        );
        // The limits are checked every 16,384 nodes (at most 8 tries each) per thread: a
        // class passes the limit by that much at most.
        let tries: u64 = classes.iter().map(|c| c.outcome.unwrap().stats.tries).sum();
        assert!(tries < 6 * (200_000 + 2 * 8 * 16_384), "{tries}");
    }
}

#[test]
fn the_three_versions_count_squares_placed_and_only_basic_tests_bounds() {
    let mut basic = tour(TourOptions::square(5));
    let mut band = tour(opts(5, 5, Method::Band));
    let mut warnsdorff = tour(opts(5, 5, Method::Warnsdorff));
    let moves_tested = backtrack::first(&mut basic, Limits::default()).stats.tries;
    backtrack::first(&mut band, Limits::default());
    backtrack::first(&mut warnsdorff, Limits::default());
    let (a, b, w) = (basic.counters(), band.counters(), warnsdorff.counters());
    // Placed minus taken back is the depth of the tour found: 24 moves on 5x5.
    assert_eq!(a.tries - a.backtracks, 24);
    assert_eq!(w.tries - w.backtracks, 24);
    assert_eq!((a.tries, a.backtracks), (b.tries, b.backtracks));
    assert_eq!((w.tries, w.backtracks), (24, 0));
    // The basic version tests the bounds of every move it looks at.
    assert_eq!(a.bounds_tests, moves_tested);
    assert!(a.bounds_tests > 7 * a.tries, "{a:?}");
    assert_eq!((b.bounds_tests, w.bounds_tests), (0, 0));
}

#[test]
fn the_degree_matrix_of_5x5_is_the_course_s_and_steps_follow_the_tour() {
    let m = degree_matrix(5, 5);
    let want: Vec<Vec<u8>> = vec![
        vec![2, 3, 4, 3, 2],
        vec![3, 4, 6, 4, 3],
        vec![4, 6, 8, 6, 4],
        vec![3, 4, 6, 4, 3],
        vec![2, 3, 4, 3, 2],
    ];
    assert_eq!(m, want);
    let mut w = tour(opts(5, 5, Method::Warnsdorff));
    backtrack::first(&mut w, Limits::default());
    let steps = warnsdorff_steps(5, 5, &w.path());
    assert_eq!(steps.len(), 24);
    for s in &steps {
        // With no backtrack, each step went to a candidate of the fewest free neighbours.
        let least = s
            .candidates
            .iter()
            .map(|c| c.1)
            .filter(|&d| d > 0 || s.step == 25)
            .min();
        let chosen = s.candidates.iter().find(|c| c.0 == s.chosen).unwrap().1;
        assert_eq!(Some(chosen), least, "step {}", s.step);
    }
}

#[test]
fn a_start_of_the_minority_colour_has_no_tour_by_exhaustive_search() {
    let o = TourOptions {
        start: (0, 1),
        ..TourOptions::square(5)
    };
    assert!(colour_obstruction(&o).is_some());
    let mut t = tour(o);
    let outcome = backtrack::count(&mut t, Limits::default());
    assert_eq!(outcome.reason, StopReason::Exhausted);
    assert_eq!(outcome.stats.solutions, 0);
    // Closed tours of an odd board are ruled out from any start; even boards never are.
    assert!(
        colour_obstruction(&TourOptions {
            closed: true,
            ..TourOptions::square(5)
        })
        .is_some()
    );
    assert!(
        colour_obstruction(&TourOptions {
            start: (0, 1),
            ..TourOptions::square(6)
        })
        .is_none()
    );
}
