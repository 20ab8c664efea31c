//! `resolu tictactoe` end to end.

use crate::common::{json, run, run_with_input};

#[test]
fn the_default_gives_the_published_counts_and_a_draw() {
    let (code, out, _) = run(&["morpion"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("255168 plays (X wins 131184, O wins 77904, draws 46080), 549946 nodes"),
        "{out}"
    );
    assert!(out.contains("5478 distinct positions (958 final)"));
    assert!(out.contains("A draw with perfect play"));
    assert!(out.contains("Minimax value for X: 0."));
    let (_, out, _) = run(&["tictactoe", "--format", "json"]);
    let v = json(&out);
    assert_eq!(v["counts"]["plays"], 255_168);
    assert_eq!(v["counts"]["positions"], 5_478);
    assert_eq!(v["visited"]["minimax"], 549_946);
    assert!(v["visited"]["alphabeta"].as_u64().unwrap() < 549_946);
}

#[test]
fn solve_gives_value_moves_and_distance() {
    let (code, out, _) = run(&["tictactoe", "solve", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["to_move"], 1);
    assert_eq!(v["value"], "draw");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 9);
    assert_eq!(v["winning_moves"][0], serde_json::json!([1, 1]));
    assert_eq!(v["plies_to_end"], 9);

    let (_, out, _) = run(&[
        "tictactoe",
        "solve",
        "--board",
        "xx./oo./...",
        "--format",
        "json",
    ]);
    let v = json(&out);
    assert_eq!(v["value"], "win");
    assert_eq!(v["plies_to_end"], 1);
    assert_eq!(v["winning_moves"][0], serde_json::json!([1, 3]));

    let (_, out, _) = run(&[
        "tictactoe",
        "solve",
        "--board",
        "x.x/.o./x.o",
        "--format",
        "json",
    ]);
    let v = json(&out);
    assert_eq!(
        (v["to_move"].as_u64(), v["value"].as_str()),
        (Some(2), Some("loss"))
    );
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_eq!(v["plies_to_end"], 2);

    let (code, out, _) = run(&["tictactoe", "solve", "--board", "xx./oo./..."]);
    assert_eq!(code, 0);
    assert!(out.contains("X to move wins, in 1 more move at best: play (row, column) (1, 3)."));

    for bad in ["xxx/ooo/...", "x", "xq./.../..."] {
        let (code, _, err) = run(&["tictactoe", "solve", "--board", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(err.contains("--board"), "{err}");
    }
}

#[test]
fn play_refuses_taken_and_malformed_cells_and_the_computer_never_loses() {
    // The human tries every cell in order; taken cells are refused and the game goes on.
    let script = "1 1\n1 1\nfoo\n4 4\n0\n1 2\n1 3\n2 1\n2 2\n2 3\n3 1\n3 2\n3 3\n";
    let (code, out, _) = run_with_input(&["tictactoe", "play"], script);
    assert_eq!(code, 0);
    assert!(out.contains("Refused: row 1, column 1 is taken."), "{out}");
    assert!(out.contains("Refused: 'foo' is not a number."), "{out}");
    assert!(
        out.contains("Refused: there is no cell at row 4, column 4"),
        "{out}"
    );
    assert!(
        out.contains("Refused: there is no cell 0 (1 to 9)"),
        "{out}"
    );
    let end = out.trim_end().lines().last().unwrap();
    assert!(end == "Draw." || end == "The computer wins.", "{out}");
    assert!(out.contains("Computer: "));

    // A winning board: the human completes the row.
    let (code, out, _) = run_with_input(&["tictactoe", "play", "--board", "xx./oo./..."], "3\n");
    assert_eq!(code, 0);
    assert!(out.contains("You: row 1, column 3."), "{out}");
    assert!(out.trim_end().ends_with("You win!"), "{out}");

    // The computer starts as X; the perfect computer takes a corner or the centre...
    let (code, out, _) = run_with_input(&["tictactoe", "play", "--first", "computer"], "");
    assert_eq!(code, 0);
    assert!(out.contains("You are player 2"));
    assert!(
        out.contains("Computer: row 1, column 1."),
        "first move in the game's order"
    );
    assert!(
        out.trim_end()
            .ends_with("End of input: the game stops here.")
    );

    // ...and a random computer with a seed plays the same game twice.
    let args = ["tictactoe", "play", "--level", "random", "--seed", "9"];
    let script = "5\n1\n2\n3\n4\n6\n7\n8\n9\n";
    assert_eq!(run_with_input(&args, script), run_with_input(&args, script));
}
