//! `resolu matches` end to end.

use crate::common::{json, run, run_with_input};

#[test]
fn the_default_shows_the_course_model_from_states_to_verdict() {
    let (code, out, _) = run(&["allumettes"]);
    assert_eq!(code, 0);
    assert!(out.contains("10 reachable from (5, 1)"), "{out}");
    assert!(out.contains("(0, 1) (player 2 has won), (0, 2) (player 1 has won)"));
    assert!(out.contains("Operators: (k, p): player p takes k matches, k in {1, 2, 3}"));
    assert!(out.contains("28 nodes, 13 plays (7 won by player 1, 6 by player 2)"));
    // The tree: 27 edges below the root, each drawn with a guide.
    let edges = out.lines().filter(|l| l.contains("── take ")).count();
    assert_eq!(edges, 27, "{out}");
    assert!(out.contains("can force a win: take 1 match (leaving 4)"));
    assert!(out.contains("ends after 3 more moves"));
}

#[test]
fn states_list_the_successor_function() {
    let (code, out, _) = run(&["matches", "states"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("(5, 1)  -1-> (4, 2)  -2-> (3, 2)  -3-> (2, 2)"),
        "{out}"
    );
    assert!(out.contains("(1, 2)  -1-> (0, 1)"));
    assert!(out.contains("(0, 2) -> (none: final)"));
    let (_, out, _) = run(&["matches", "states", "--format", "json"]);
    let v = json(&out);
    assert_eq!(v["states"].as_array().unwrap().len(), 10);
    assert_eq!(v["states"][0]["successors"].as_array().unwrap().len(), 3);
}

/// The plays of 5 matches won by player 1, written out by hand from the rules: the takes
/// sum to 5, each from 1 to 3, and player 1 moves last (an odd number of moves).
fn won_by_1() -> Vec<Vec<u64>> {
    let mut plays = Vec::new();
    let mut stack = vec![(Vec::new(), 0u64)];
    while let Some((play, sum)) = stack.pop() {
        if sum == 5 {
            if play.len() % 2 == 1 {
                plays.push(play);
            }
            continue;
        }
        for k in 1..=3 {
            if sum + k <= 5 {
                let mut p = play.clone();
                p.push(k);
                stack.push((p, sum + k));
            }
        }
    }
    plays.sort();
    plays
}

#[test]
fn plays_won_by_player_1_depth_first_and_breadth_first() {
    let (code, out, _) = run(&["matches", "plays", "--winner", "1"]);
    assert_eq!(code, 0);
    let plays: Vec<&str> = out.lines().filter(|l| l.contains(": (5, 1)")).collect();
    assert_eq!(plays.len(), 7, "{out}");
    assert!(plays.iter().all(|p| p.ends_with("(0, 2)")));
    assert!(plays[0].contains("-1-> (4, 2) -1-> (3, 1) -1-> (2, 2) -1-> (1, 1) -1-> (0, 2)"));
    assert!(out.contains("7 plays won by player 1 (of 13 plays in all), depth first"));

    let (code, out, _) = run(&[
        "matches", "plays", "--winner", "1", "--bfs", "--format", "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["count"], 7);
    let mut got: Vec<Vec<u64>> = v["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            assert_eq!(p["winner"], 1);
            p["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_u64().unwrap())
                .collect()
        })
        .collect();
    // Breadth first: the shortest plays first.
    assert!(got.windows(2).all(|w| w[0].len() <= w[1].len()), "{got:?}");
    assert_eq!(got.last().unwrap().len(), 5);
    got.sort();
    assert_eq!(got, won_by_1());

    let (_, out, _) = run(&["matches", "plays", "--winner", "2", "--bfs"]);
    assert!(out.contains("6 plays won by player 2 (of 13 plays in all), breadth first"));
}

#[test]
fn solve_follows_the_multiples_of_4_normal_and_1_mod_4_misere() {
    for n in 1..=13u64 {
        let m = n.to_string();
        let (code, out, _) = run(&["matches", "solve", "--matches", &m, "--format", "json"]);
        assert_eq!(code, 0);
        let v = json(&out);
        assert_eq!(v["to_move"], 1);
        if n % 4 == 0 {
            assert_eq!(v["value"], "loss", "n = {n}");
            assert_eq!(v["winning_moves"], serde_json::json!([]));
            assert_eq!(v["plies_to_end"], n / 2, "the loser delays: 2 moves per 4");
        } else {
            assert_eq!(v["value"], "win", "n = {n}");
            assert_eq!(v["winning_moves"], serde_json::json!([n % 4]));
            assert_eq!(v["plies_to_end"], 1 + (n - n % 4) / 2);
        }
        let (_, out, _) = run(&[
            "matches",
            "solve",
            "--matches",
            &m,
            "--misere",
            "--format",
            "json",
        ]);
        let v = json(&out);
        assert_eq!(v["value"] == "loss", n % 4 == 1, "misere n = {n}");
    }
    // Flags before or after the subcommand; the player to move as asked.
    let (_, a, _) = run(&["matches", "--matches", "21", "solve", "--format", "json"]);
    let (_, b, _) = run(&["matches", "solve", "--matches", "21", "--format", "json"]);
    assert_eq!(a, b);
    let (_, out, _) = run(&["matches", "solve", "--to-move", "2", "--format", "json"]);
    assert_eq!(json(&out)["to_move"], 2);
}

#[test]
fn a_million_matches_are_solved_at_once() {
    let (code, out, _) = run(&[
        "matches",
        "solve",
        "--matches",
        "1000000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["value"], "loss");
    assert_eq!(v["plies_to_end"], 500_000);
    let (code, out, _) = run(&["matches", "--matches", "1000001"]);
    assert_eq!(code, 0);
    assert!(out.contains("take 1 match (leaving 1000000)"), "{out}");
}

#[test]
fn nim_heaps_follow_the_xor_rule_with_moves_as_heap_and_count() {
    for heaps in [[3u32, 4, 5], [1, 2, 3], [2, 5, 6], [7, 7, 1]] {
        let list = heaps.map(|h| h.to_string()).join(",");
        let (code, out, _) = run(&[
            "matches", "solve", "--heaps", &list, "--take", "any", "--format", "json",
        ]);
        assert_eq!(code, 0);
        let v = json(&out);
        let x = heaps[0] ^ heaps[1] ^ heaps[2];
        assert_eq!(v["value"], if x == 0 { "loss" } else { "win" }, "{list}");
        let mut expected = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if (h ^ x) < h {
                expected.push(serde_json::json!([i + 1, h - (h ^ x)]));
            }
        }
        assert_eq!(
            v["winning_moves"],
            serde_json::Value::Array(expected),
            "{list}"
        );
    }
    let (code, out, _) = run(&[
        "matches", "solve", "--heaps", "1,1,1", "--take", "any", "--misere",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("loses against perfect play"), "{out}");
    assert!(out.contains("Bouton"));
    let (code, out, _) = run(&["matches", "solve", "--heaps", "3,4,5", "--take", "1,2"]);
    assert_eq!(code, 0);
    assert!(out.contains("Sprague-Grundy"), "{out}");
}

#[test]
fn bad_input_exits_2_and_a_search_limit_exits_3() {
    for args in [
        &["matches", "solve", "--take", "0,1"][..],
        &["matches", "solve", "--take", "one"],
        &["matches", "solve", "--heaps", "3,x"],
        &["matches", "plays", "--winner", "3"],
        &["matches", "play", "--level", "hard"],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.is_empty());
    }
    let (code, out, _) = run(&[
        "matches",
        "solve",
        "--heaps",
        "30,30,30,30",
        "--take",
        "1,3",
        "--misere",
        "--max-positions",
        "1000",
    ]);
    assert_eq!(code, 3);
    assert!(out.contains("position limit"));
    // The shared flags: --max-nodes is --max-positions; --timeout names the time limit.
    let sum = [
        "matches",
        "solve",
        "--heaps",
        "30,30,30,30",
        "--take",
        "1,3",
        "--misere",
    ];
    let (code, out, _) = run(&[&sum[..], &["--max-nodes", "1000"]].concat());
    assert_eq!(code, 3);
    assert!(
        out.contains("the position limit (1000) was reached"),
        "{out}"
    );
    let (code, out, _) = run(&[&sum[..], &["--timeout", "0"]].concat());
    assert_eq!(code, 3);
    assert!(
        out.contains("the time limit (0 s) was reached") && out.contains("--timeout"),
        "{out}"
    );
}

#[test]
fn play_refuses_bad_moves_and_the_game_goes_on_to_its_end() {
    // 5 matches, you first: take 1, the perfect computer (lost) takes 1, you take the 3 left.
    let (code, out, _) = run_with_input(&["matches", "play"], "9\nabc\n0\n1\n4\n3\n");
    assert_eq!(code, 0);
    let refused: Vec<&str> = out.lines().filter(|l| l.starts_with("Refused:")).collect();
    assert_eq!(refused.len(), 4, "{out}");
    assert!(refused[0].contains("1, 2 or 3"), "{out}");
    assert!(refused[1].contains("'abc'"));
    assert!(refused[3].contains("not 4"), "{out}");
    assert!(out.contains("You: take 1 match.\nState (4, 2)"), "{out}");
    assert!(
        out.contains("Computer: take 1 match.\nState (3, 1)"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("You win!"), "{out}");

    // From 8 the first player loses: the perfect computer answers every move with 4 - k.
    let (code, out, _) = run_with_input(&["matches", "play", "--matches", "8"], "1\n2\n3\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("Computer: take 3 matches.\nState (4, 1)"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("The computer wins."), "{out}");

    // More than the heap holds.
    let (_, out, _) = run_with_input(&["matches", "play", "--matches", "2"], "3\n2\n");
    assert!(
        out.contains("Refused: only 2 matches left, you cannot take 3."),
        "{out}"
    );
    assert!(out.trim_end().ends_with("You win!"), "{out}");

    // End of input ends the game cleanly; 'q' too.
    let (code, out, _) = run_with_input(&["matches", "play", "--matches", "21"], "1\n");
    assert_eq!(code, 0);
    assert!(
        out.trim_end()
            .ends_with("End of input: the game stops here."),
        "{out}"
    );
    let (code, out, _) = run_with_input(&["matches", "play"], "q\n");
    assert_eq!(code, 0);
    assert!(out.contains("You stop the game."));
}

#[test]
fn the_computer_can_start_and_play_at_random_reproducibly() {
    let args = [
        "matches",
        "play",
        "--matches",
        "15",
        "--first",
        "computer",
        "--level",
        "random",
        "--seed",
        "4",
    ];
    let input = "1\n1\n1\n1\n1\n1\n1\n1\n";
    let (code, a, _) = run_with_input(&args, input);
    assert_eq!(code, 0);
    assert!(a.contains("You are player 2"));
    let first = a.lines().find(|l| l.starts_with("Computer:")).unwrap();
    assert!(
        a.find(first).unwrap() < a.find("You:").unwrap(),
        "the computer starts"
    );
    let (_, b, _) = run_with_input(&args, input);
    assert_eq!(a, b, "same seed, same game");
    // Several heaps: moves are 'heap count'.
    let (code, out, _) = run_with_input(
        &["matches", "play", "--heaps", "1,2", "--take", "any"],
        "3 1\n2\n1 1\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Refused: there is no heap 3"), "{out}");
    assert!(out.contains("Refused: '2' is not a move"), "{out}");
    assert!(out.contains("You: take 1 match from heap 1."), "{out}");
    assert!(out.trim_end().ends_with("The computer wins."), "{out}");
}

#[test]
fn tree_and_its_limits() {
    let (code, out, _) = run(&["matches", "tree", "--matches", "3"]);
    assert_eq!(code, 0);
    // 3 matches: 8 nodes, 4 plays (1+1+1, 1+2, 2+1, 3); player 1 moves last in 1+1+1 and 3.
    assert!(
        out.contains("8 nodes, 4 plays (2 won by player 1, 2 by player 2)"),
        "{out}"
    );
    assert!(out.contains("└── take 3 matches → (0, 2)  player 1 has won"));
    let (code, out, _) = run(&["matches", "tree", "--matches", "30", "--limit", "10"]);
    assert_eq!(code, 0);
    assert!(out.contains("the tree is cut after 10 of its"), "{out}");
    let (_, out, _) = run(&["matches", "tree", "--depth", "1"]);
    assert_eq!(out.matches("  ...").count(), 3, "{out}");
}

#[test]
fn states_lists_the_12_states_of_either_player_starting() {
    let (code, out, _) = run(&["matches", "states"]);
    assert_eq!(code, 0);
    assert!(out.contains("10 reachable from (5, 1)"), "{out}");
    assert!(
        out.contains(
            "States with either player starting: 12\n  (5, 1)  (5, 2)  (4, 1)  (4, 2)  (3, 1)  (3, 2)  (2, 1)  (2, 2)\n  (1, 1)  (1, 2)  (0, 1)  (0, 2)\n"
        ),
        "{out}"
    );
    let (code, out, _) = run(&["matches", "states", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    let either = v["either_player"].as_array().unwrap();
    assert_eq!(either.len(), 12);
    assert_eq!(either[1], serde_json::json!({"matches": 5, "to_move": 2}));
    assert_eq!(v["either_player_complete"], true);
    assert_eq!(v["states"].as_array().unwrap().len(), 10);
}
