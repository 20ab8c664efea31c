//! Snapshots of what a user reads first, so that any drift shows up in review: every
//! `--help` (walked from the top-level one), `resolu demo`, and a few outputs. Times are
//! replaced by `[ms]`. After an intended change, run
//! `INSTA_UPDATE=always cargo test --release -p resolu --test cli snapshots` and review the
//! diff of `tests/cli/snapshots/`.

use crate::common::run;

/// `text` with every duration in milliseconds (`0.035 ms`, `"elapsed_ms":0.03`) replaced
/// by `[ms]`: the only part of the outputs that changes from run to run.
fn scrub(text: &str) -> String {
    let number = |c: char| c.is_ascii_digit() || c == '.';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("\"elapsed_ms\":") {
            out.push_str("\"elapsed_ms\":\"[ms]\"");
            rest = after.trim_start_matches(|c: char| number(c) || c == 'e' || c == '-');
            continue;
        }
        if rest.starts_with(" ms") && out.ends_with(number) {
            let kept = out.trim_end_matches(number).len();
            out.truncate(kept);
            out.push_str("[ms]");
            rest = &rest[3..];
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

fn snapshot_of(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    scrub(&format!(
        "$ resolu {}\nexit {code}\n{out}{}",
        args.join(" "),
        if err.is_empty() {
            String::new()
        } else {
            format!("--- stderr\n{err}")
        }
    ))
}

#[test]
fn scrub_hides_times_only() {
    assert_eq!(
        scrub("1 steps, 0.035 ms, 12 ms\n{\"elapsed_ms\":0.5,\"x\":2}"),
        "1 steps, [ms], [ms]\n{\"elapsed_ms\":\"[ms]\",\"x\":2}"
    );
}

#[test]
fn every_help_text() {
    let mut todo = vec![Vec::<String>::new()];
    while let Some(path) = todo.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let (code, text, _) = run(&args);
        assert_eq!(code, 0, "{args:?}");
        let name = if path.is_empty() {
            "help".to_string()
        } else {
            format!("help-{}", path.join("-"))
        };
        insta::assert_snapshot!(name, text);
        let subcommands = text
            .lines()
            .skip_while(|l| !l.starts_with("Commands:"))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|name| *name != "help")
            .map(str::to_string)
            .collect::<Vec<_>>();
        for sub in subcommands {
            let mut p = path.clone();
            p.push(sub);
            todo.push(p);
        }
    }
}

#[test]
fn demo() {
    insta::assert_snapshot!("demo", snapshot_of(&["demo"]));
}

#[test]
fn outputs() {
    for (name, args) in [
        ("taquin-default", &["taquin"][..]),
        (
            "taquin-depth-limit",
            &["taquin", "--algo", "dfs", "--depth-limit", "3"],
        ),
        (
            "taquin-snail-hint",
            &["taquin", "--start", "1 2 3/4 5 6/7 8 0"],
        ),
        (
            "graph-romania-json",
            &["graph", "examples/graphs/romania.graph", "--format", "json"],
        ),
        (
            "graph-one-step",
            &["graph", "examples/graphs/tree.graph", "--algo", "bfs"],
        ),
        ("queens-limit-0", &["queens", "8", "--all", "--limit", "0"]),
        ("maze-rooms", &["maze", "examples/mazes/rooms.maze"]),
        ("hanoi-compact", &["hanoi", "--disks", "2", "--compact"]),
    ] {
        insta::assert_snapshot!(name, snapshot_of(args));
    }
}

/// The course's commands in French (`--lang fr`): the lab's words, pinned as the English
/// outputs are.
#[test]
fn french_outputs() {
    for (name, args) in [
        ("fr-taquin-default", &["taquin", "--lang", "fr"][..]),
        (
            "fr-taquin-unsolvable",
            &["taquin", "--start", "a b c / g _ d / h f e", "--lang", "fr"],
        ),
        (
            "fr-knight-warnsdorff",
            &[
                "knight",
                "--size",
                "5",
                "--method",
                "warnsdorff",
                "--lang",
                "fr",
            ],
        ),
        (
            "fr-hanoi-compact",
            &["hanoi", "--disks", "2", "--compact", "--lang", "fr"],
        ),
        (
            "fr-matches-solve",
            &["matches", "solve", "--matches", "21", "--lang", "fr"],
        ),
        ("fr-queens", &["queens", "6", "--lang", "fr"]),
        (
            "fr-bad-input",
            &["taquin", "--file", "no/such/board.txt", "--lang", "fr"],
        ),
        ("fr-help-taquin", &["taquin", "--help", "--lang", "fr"]),
    ] {
        insta::assert_snapshot!(name, snapshot_of(args));
    }
}
