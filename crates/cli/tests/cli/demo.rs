//! `resolu demo` end to end: every domain shows its default, with the figures a newcomer
//! should see first.

use crate::common::run;

#[test]
fn the_demo_runs_every_domain_on_its_default() {
    let (code, out, err) = run(&["demo"]);
    assert_eq!(code, 0, "{err}");
    for expected in [
        // Search on a road map, then the taquin and its unsolvable question.
        "astar: 4 steps, cost 418",
        "greedy: 3 steps, cost 450",
        "Solved by astar with manhattan in 5 moves (optimal): f h b a h",
        "No solution exists",
        // Backward and forward chaining.
        "voiture_OK   [by  voiture_OK :- batterie_OK, demarreur_OK, essence_OK]",
        "Solved by the rules in 26 moves; the optimum is 2^3 - 1 = 7.",
        "voiture_OK  (by r1, cycle 6, from batterie_OK, demarreur_OK, essence_OK)",
        // Games.
        "13 plays from (5, 1): 7 won by player 1, 6 by player 2.",
        "can force a win: take 1 match (leaving 4)",
        "255168 possible games, 5478 positions",
        "a draw with perfect play; 9 of the 9 first moves",
        // Backtracking: the course's two 5x5 tours, counts, a maze.
        " 1 14 19  8 25\n 6  9  2 13 18\n",
        " 1 12 25 18  3\n22 17  2 13 24\n",
        "Open tours of 5x5 from (0, 0): 304 ",
        "All solutions of the 8 queens: 92 ",
        "Path of 32 moves found by backtracking",
        "Path of 20 moves found by BFS (shortest)",
        // The 2x2x2, solved by lookup in its census.
        "Solution (6 moves, htm, optimal, by table lookup):",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
}

#[test]
fn the_demo_titles_its_parts_in_the_runs_language() {
    let (code, out, err) = run(&["--lang", "fr", "demo"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("=== Le taquin (resolu taquin)"), "{out}");
    assert!(out.contains("=== Le parcours du cavalier (resolu knight)"));
    assert!(!out.contains("=== The sliding-tile puzzle"));
    let (_, out, _) = run(&["demo"]);
    assert!(out.contains("=== The sliding-tile puzzle (resolu taquin)"));
}
