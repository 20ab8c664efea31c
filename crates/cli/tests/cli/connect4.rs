//! `resolu connect4` end to end, and the `--level` values shared by every game's `play`.

use crate::common::{json, run, run_with_input};

fn solve_json(args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["connect4", "solve", "--format", "json"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert!(err.is_empty(), "{err}");
    (code, json(&out))
}

#[test]
fn the_board_is_drawn_from_the_columns_played() {
    let (code, out, _) = run(&["puissance4", "--moves", "4453"]);
    assert_eq!(code, 0);
    assert!(out.contains("  1 2 3 4 5 6 7\n"), "{out}");
    assert!(
        out.contains("| . . . O . . . |\n| . . O X X . . |\n+---------------+"),
        "{out}"
    );
    assert!(
        out.contains("4 stones played; player 1 (X) to move."),
        "{out}"
    );
    let (_, out, _) = run(&["connect4", "--moves", "1212121", "--format", "json"]);
    let v = json(&out);
    assert_eq!(
        (v["over"].as_bool(), v["winner"].as_u64()),
        (Some(true), Some(1))
    );
}

#[test]
fn solve_gives_the_published_score_and_the_best_columns() {
    // Player 1 has 4, 5, 6 on the bottom row: columns 3 and 7 win with stone 4 on a board
    // of 6 stones: (42 + 1 - 6) / 2 = 18.
    let (code, v) = solve_json(&["--moves", "445566", "--analyze"]);
    assert_eq!(code, 0);
    assert_eq!(v["score"], 18);
    assert_eq!(v["best_moves"], serde_json::json!([3, 7]));
    assert!(v["nodes"].is_u64());
    // Player 2 cannot block both ends: minus player 1's 18.
    let (_, v) = solve_json(&["--moves", "44556"]);
    assert_eq!(
        (v["score"].as_i64(), v["to_move"].as_u64()),
        (Some(-18), Some(2))
    );
    // The small boards: 5x4 is a draw, held by the three central columns.
    let (_, v) = solve_json(&["--size", "5x4", "--analyze"]);
    assert_eq!(v["score"], 0);
    assert_eq!(v["best_moves"], serde_json::json!([2, 3, 4]));
    assert_eq!(v["column_scores"], serde_json::json!([-1, 0, 0, 0, -1]));
}

#[test]
fn playing_a_best_column_hands_the_opponent_minus_the_score() {
    // Replays each best move and solves again: the score must carry over, negated, and a
    // non-best move must give the opponent more.
    for moves in ["3276477567135243", "57122132124756556", "65145735721317"] {
        let (code, v) = solve_json(&["--moves", moves, "--analyze"]);
        assert_eq!(code, 0, "{moves}");
        let score = v["score"].as_i64().unwrap();
        for (c, s) in v["column_scores"].as_array().unwrap().iter().enumerate() {
            let Some(s) = s.as_i64() else { continue };
            let after = format!("{moves}{}", c + 1);
            let (_, w) = solve_json(&["--moves", &after]);
            if w["over"] == true {
                // The move wins at once.
                assert!(s > 0, "{after}");
                continue;
            }
            assert_eq!(w["score"].as_i64(), Some(-s), "{after}");
            let best = v["best_moves"]
                .as_array()
                .unwrap()
                .contains(&serde_json::json!(c + 1));
            assert_eq!(best, s == score, "{after}");
        }
    }
    let (code, out, _) = run(&[
        "connect4",
        "solve",
        "--moves",
        "3276477567135243",
        "--analyze",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "player 1 (X) to move wins, with their stone number 11 at the latest (score 11)."
        ),
        "{out}"
    );
    assert!(out.contains("Best columns: 4."), "{out}");
}

#[test]
fn the_score_alone_is_the_default_and_agrees_with_the_analysis() {
    for moves in [
        "3276477567135243",
        "57122132124756556",
        "65145735721317",
        "445566",
    ] {
        let (code, alone) = solve_json(&["--moves", moves]);
        assert_eq!(code, 0, "{moves}");
        // Not computed: null, the keys kept.
        assert!(alone["best_moves"].is_null() && alone["column_scores"].is_null());
        let (_, analysed) = solve_json(&["--moves", moves, "--analyze"]);
        assert_eq!(alone["score"], analysed["score"], "{moves}");
        assert!(
            alone["nodes"].as_u64() <= analysed["nodes"].as_u64(),
            "{moves}"
        );
    }
    let (_, out, _) = run(&["connect4", "solve", "--moves", "3276477567135243"]);
    assert!(
        out.contains("(score 11)") && out.contains("--analyze"),
        "{out}"
    );
    assert!(!out.contains("Best columns"), "{out}");
}

#[test]
fn limits_stop_with_exit_3_and_bad_input_exits_2_naming_the_flag() {
    // The node count is exact, even below the clock's check interval.
    for (limit, analyze) in [(5000, false), (10, false), (10, true)] {
        let limit_text = limit.to_string();
        let mut args = vec!["--moves", "4453", "--max-nodes", &limit_text];
        if analyze {
            args.push("--analyze");
        }
        let (code, v) = solve_json(&args);
        assert_eq!(code, 3);
        assert!(v["score"].is_null() && v["stopped"] == true);
        assert_eq!(v["reason"], "node-limit");
        assert_eq!(v["nodes"].as_u64(), Some(limit));
    }
    let (code, v) = solve_json(&["--moves", "4453", "--max-memory", "1"]);
    assert_eq!((code, v["reason"].as_str()), (3, Some("memory-limit")));
    let (code, out, _) = run(&["connect4", "solve", "--moves", "4453", "--max-memory", "1"]);
    assert_eq!(code, 3);
    assert!(out.contains("--max-memory"), "{out}");
    let (code, v) = solve_json(&["--moves", "4453", "--timeout", "0.2"]);
    assert_eq!((code, v["reason"].as_str()), (3, Some("time-limit")));
    for (args, what) in [
        (
            vec!["--moves", "48"],
            "--moves: character 2 ('8'): not a column (1 to 7)",
        ),
        (
            vec!["--moves", "1111111"],
            "--moves: move 7: column 1 is full",
        ),
        (vec!["--moves", "12121212"], "the game is already won"),
        (vec!["--size", "9x6"], "--size: 9 columns"),
        (vec!["--size", "7"], "--size: '7' is not a size"),
    ] {
        let mut all = vec!["connect4", "solve"];
        all.extend(args);
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{what}");
        assert!(err.contains(what), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn play_against_the_solver_on_4x4_never_loses_and_refuses_bad_columns() {
    // The human fills columns left to right; refused input is explained and asked again.
    let script = "9\nx\n0\n1\n1\n1\n1\n1\n2\n2\n2\n2\n3\n3\n3\n3\n4\n4\n4\n4\n";
    let (code, out, _) = run_with_input(&["connect4", "play", "--size", "4x4"], script);
    assert_eq!(code, 0);
    assert!(out.contains("the computer (perfect level)"), "{out}");
    assert!(
        out.contains("Refused: there is no column 9 (1 to 4). Try again."),
        "{out}"
    );
    assert!(
        out.contains("Refused: 'x' is not a column number (1 to 4)."),
        "{out}"
    );
    assert!(
        out.contains("Refused: column 1 is full. Try again."),
        "{out}"
    );
    let end = out.trim_end().lines().last().unwrap();
    assert!(end == "Draw." || end == "The computer wins.", "{out}");
    // The computer starts: the solver opens in a central column on 5x4.
    let (_, out, _) = run_with_input(
        &["connect4", "play", "--size", "5x4", "--first", "computer"],
        "",
    );
    assert!(out.contains("Computer: column 3."), "{out}");
}

#[test]
fn mcts_and_alphabeta_levels_play_every_game_and_say_how() {
    let args = [
        "connect4", "play", "--level", "mcts:300", "--seed", "4", "--first", "computer",
    ];
    let script = "1\n1\n1\n2\n2\n2\n";
    let first = run_with_input(&args, script);
    assert_eq!(first.0, 0);
    assert!(
        first.1.contains("the computer (mcts:300 level)"),
        "{}",
        first.1
    );
    assert!(first.1.contains("(MCTS: 300 iterations, "), "{}", first.1);
    assert_eq!(
        first,
        run_with_input(&args, script),
        "seeded: the same game"
    );
    // 7x6 by default thinks with alpha-beta for a second a move.
    let (code, out, _) = run_with_input(
        &["connect4", "play", "--level", "alphabeta:time=0.2s"],
        "4\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("(alpha-beta: depth "), "{out}");
    // The other games take the same levels.
    let (code, out, _) = run_with_input(
        &["tictactoe", "play", "--level", "alphabeta:time=1s"],
        "5\n1\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("(alpha-beta: depth 8, a draw)"), "{out}");
    let (code, out, _) = run_with_input(
        &[
            "matches",
            "play",
            "--matches",
            "21",
            "--first",
            "computer",
            "--level",
            "mcts:2000",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("(MCTS: 2000 iterations"), "{out}");
    let (code, _, err) = run(&["matches", "play", "--level", "mcts:zero"]);
    assert_eq!(code, 2);
    assert!(err.contains("mcts takes a number of iterations"), "{err}");
}

#[test]
fn the_demo_solves_a_small_board_and_a_middle_game() {
    let (code, out, _) = run(&["demo"]);
    assert_eq!(code, 0);
    assert!(out.contains("=== Connect Four (resolu connect4)"), "{out}");
    assert!(
        out.contains("Connect Four on the empty 5x4 board: A draw with perfect play"),
        "{out}"
    );
    assert!(out.contains("Best columns: 4; "), "{out}");
}

#[test]
fn the_demo_speaks_french_with_lang_fr() {
    let (code, out, _) = run(&["--lang", "fr", "demo"]);
    assert_eq!(code, 0);
    for line in [
        "Morpion : 255168 parties possibles, 5478 positions (la grille vide comprise).",
        "Verdict : une partie nulle en jeu parfait ; 9 des 9 premiers coups le garantissent ; 9 coups.",
        "Puissance 4 sur la grille vide 5x4 : Partie nulle en jeu parfait (le joueur 1 a le trait ; score 0). Score de chaque première colonne : -1 0 0 0 -1 (",
        "Sur 7x6 après les colonnes 3276477567135243 :",
        "Meilleures colonnes : 4 ; ",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    for english in [
        "possible games",
        "Each first column",
        "On 7x6",
        "Best columns",
    ] {
        assert!(!out.contains(english), "no English left: {english}");
    }
}

#[test]
fn play_shows_the_board_before_the_computer_thinks_and_ctrl_c_ends_the_game() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_resolu"))
        .args([
            "connect4",
            "play",
            "--level",
            "mcts:1000000000",
            "--first",
            "computer",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    // Standard output is a pipe: the banner and the board must be flushed before the
    // computer's billion iterations, or this read would wait for them.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = Vec::new();
        let mut byte = [0u8; 1];
        while !String::from_utf8_lossy(&text).contains("+---------------+")
            && out.read(&mut byte).is_ok_and(|n| n == 1)
        {
            text.push(byte[0]);
        }
        let _ = tx.send(String::from_utf8_lossy(&text).into_owned());
    });
    // A guard against a hang, not a measure: the board comes at once.
    let shown = rx.recv_timeout(std::time::Duration::from_secs(120));
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    let shown = shown.expect("the board is shown before the computer thinks");
    assert!(shown.contains("Connect Four on 7x6"), "{shown}");
    assert!(shown.contains("mcts"), "{shown}");
    // Ctrl-C while the computer thinks ends the process with the conventional code.
    assert_eq!(status.code(), Some(130));
}
