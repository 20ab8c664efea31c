//! Hostile input and interrupted runs of the searches, studies and tables (the prover's are
//! in `hostile.rs`), beside the fuzz test: each case is a command a student
//! ran that once aborted, hung, lost its work or gave a wrong verdict. Each must end with the
//! exit code its outcome warrants (3 and the limit's name for a limit or Ctrl-C), never a
//! panic, an abort or a block.

use crate::common::{json, resolu, run, temp_file};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder of this test run.
fn temp_dir(name: &str) -> String {
    let dir =
        std::env::temp_dir().join(format!("resolu-cli-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.to_str().unwrap().to_string()
}

#[test]
fn limits_and_refusals_end_with_the_right_exit_code_and_reason() {
    let tables = temp_dir("tables");
    let a_file = temp_file("hostile-not-a-folder", "");
    // (arguments, exit code, JSON `reason` or text that stdout/stderr must contain)
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        // A length cut is a limit, not "no solution exists": two moves solve it.
        (
            vec![
                "cube",
                "L' U",
                "--max-length",
                "1",
                "--timeout",
                "5",
                "--format",
                "json",
            ],
            3,
            "depth-limit",
        ),
        // A 15-tile pattern would take 10 TB: refused by the budget, not an abort.
        (
            vec![
                "pdb",
                "build",
                "--pattern",
                "15",
                "--pdb-dir",
                &tables,
                "--format",
                "json",
            ],
            3,
            "memory-limit",
        ),
        (
            vec![
                "pdb",
                "build",
                "--pattern",
                "14-1",
                "--pdb-dir",
                &tables,
                "--format",
                "json",
            ],
            3,
            "memory-limit",
        ),
        (
            vec!["pdb", "info", "--pdb-dir", &a_file],
            2,
            "is a file, not a folder",
        ),
        // An unwritable page is refused before the search, not after it.
        (
            vec!["taquin", "--html", "/nonexistent-folder/page.html"],
            2,
            "does not exist",
        ),
        (vec!["knight", "--svg", &tables], 2, "is a folder"),
        // The default tie-break finds a large tour at once.
        (
            vec![
                "knight",
                "--size",
                "300",
                "--method",
                "warnsdorff",
                "--format",
                "json",
            ],
            0,
            "",
        ),
    ];
    for (args, code, expected) in cases {
        let started = Instant::now();
        let (got, stdout, stderr) = run(&args);
        assert_eq!(got, code, "{args:?}\nstdout: {stdout}\nstderr: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        if args.contains(&"json") && code != 2 {
            let value = json(&stdout);
            if code == 0 {
                assert!(value.get("reason").is_none_or(|r| r.is_null()), "{args:?}");
            } else {
                assert_eq!(value["reason"], expected, "{args:?}: {stdout}");
            }
        } else {
            assert!(
                stdout.contains(expected) || stderr.contains(expected),
                "{args:?} should say '{expected}'\nstdout: {stdout}\nstderr: {stderr}"
            );
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{args:?} took {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn a_fifo_under_a_tables_name_is_not_read() {
    let dir = temp_dir("fifo");
    let built = resolu()
        .args([
            "pdb",
            "build",
            "--pattern",
            "4-4",
            "--goal",
            "1 2 3/4 5 6/7 8 _",
        ])
        .args(["--pdb-dir", &dir])
        .output()
        .unwrap();
    assert!(built.status.success());
    let table = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "table"))
        .unwrap();
    std::fs::remove_file(&table).unwrap();
    let made = Command::new("mkfifo").arg(&table).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo here: skipped");
        return;
    }
    // `pdb info` lists it as no table; a solve rebuilds the table over it. Neither blocks
    // (the harness's timeout turns a block into a failure).
    let info = resolu()
        .args(["pdb", "info", "--pdb-dir", &dir])
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    assert_eq!(info.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&info.stdout).contains("not a resolu table file"));
    let solved = resolu()
        .args([
            "taquin",
            "--start",
            "8 _ 6/5 4 7/2 3 1",
            "--goal",
            "1 2 3/4 5 6/7 8 _",
        ])
        .args(["--heuristic", "pdb:4-4", "--pdb-dir", &dir])
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    assert_eq!(solved.status.code(), Some(0));
    assert!(
        std::fs::metadata(&table).unwrap().is_file(),
        "rebuilt over the FIFO"
    );
}

/// Starts `resolu args`, sends it SIGINT (Ctrl-C) once it has run for `after`, and returns
/// its exit code and standard output.
fn interrupted(args: &[&str], after: Duration) -> (i32, String) {
    let bin = assert_cmd::cargo::cargo_bin("resolu");
    let child = Command::new(bin)
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn ctrl_c_stops_an_exhaustive_search_with_its_counters_and_exit_3() {
    // 4 pegs and 15 disks: about 30 s of breadth-first search, stopped after 1.5 s.
    let (code, stdout) = interrupted(
        &[
            "hanoi", "--method", "bfs", "--pegs", "4", "--disks", "15", "--format", "json",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(code, 3, "{stdout}");
    let value = json(&stdout);
    assert_eq!(value["reason"], "interrupted");
    assert!(
        value["error"].as_str().unwrap().contains("states"),
        "{value}"
    );
}

#[test]
fn ctrl_c_stops_a_table_build_with_its_counters_and_exit_3_and_writes_nothing() {
    // The 6-6-3 tables of the 15-puzzle: several seconds of search, stopped after 1.5 s.
    let dir = temp_dir("ctrl-c-pdb");
    let (code, stdout) = interrupted(
        &[
            "pdb",
            "build",
            "--pattern",
            "6-6-3",
            "--pdb-dir",
            &dir,
            "--format",
            "json",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(code, 3, "{stdout}");
    let value = json(&stdout);
    assert_eq!(value["reason"], "interrupted");
    assert_eq!(value["built"], false);
    assert!(
        value["error"].as_str().unwrap().contains("states"),
        "{value}"
    );
    let written: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).collect())
        .unwrap_or_default();
    assert!(written.is_empty(), "no table written: {written:?}");
}

#[test]
fn ctrl_c_cuts_a_study_says_so_and_keeps_what_was_measured() {
    let out = temp_dir("study");
    let (code, stdout) = interrupted(
        &[
            "experiment",
            "hanoi",
            "--disks",
            "1-20",
            "--algos",
            "bfs,optimal",
            "--out",
            &out,
        ],
        Duration::from_millis(2500),
    );
    assert_eq!(code, 3, "{stdout}");
    assert!(stdout.contains("Interrupted (Ctrl-C)"), "{stdout}");
    let csv = std::fs::read_to_string(format!("{out}/runs.csv")).unwrap();
    assert!(csv.contains(",interrupted,"), "{csv}");
    assert!(
        csv.contains(",solved,"),
        "the runs done before are kept: {csv}"
    );
    assert!(
        !std::path::Path::new(&format!("{out}/runs.partial.csv")).exists(),
        "the partial log goes once the whole results are written"
    );
}

#[test]
fn ctrl_c_while_the_perfect_player_thinks_ends_the_game_with_exit_3() {
    // The computer opens the empty 7x6 board with no book: minutes of search.
    let (code, stdout) = interrupted(
        &[
            "connect4", "play", "--level", "perfect", "--first", "computer", "--book", "0",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(code, 3, "{stdout}");
    assert!(
        stdout.contains("Interrupted (Ctrl-C) while the computer was thinking"),
        "{stdout}"
    );
    assert!(stdout.contains("positions searched"), "{stdout}");
}
