//! `resolu experiment` end to end: a tiny study, its files, and reproducibility.

use crate::common::{json, run};
use std::path::Path;

fn tmp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("resolu-exp-{name}-{}", std::process::id()))
}

fn study(out: &Path, threads: &str, max_nodes: &str) -> serde_json::Value {
    let (code, stdout, err) = run(&[
        "experiment",
        "taquin",
        "--depths",
        "2,8-12/4",
        "--per-depth",
        "2",
        "--heuristics",
        "misplaced,manhattan",
        "--algos",
        "astar,idastar",
        "--korf",
        "1",
        "--max-nodes",
        max_nodes,
        "--threads",
        threads,
        "--seed",
        "5",
        "--out",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    json(&stdout)
}

/// The CSV without its time columns (which vary from run to run).
fn csv_without_times(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    let header = rows[0].clone();
    let time = header.iter().position(|c| c == "time_ms").unwrap();
    for r in &mut rows {
        r.remove(time);
    }
    rows
}

#[test]
fn a_tiny_study_writes_its_csv_plots_and_report() {
    let out = tmp("tiny");
    let v = study(&out, "2", "1000000");
    // 3 depths x 2 instances x 2 algorithms x 2 heuristics.
    assert_eq!(v["runs"], 24);
    let summary = v["summary"].as_array().unwrap();
    assert_eq!(summary.len(), 3 * 4);
    assert!(summary.iter().all(|r| r["solved"] == r["runs"]));
    let rows = csv_without_times(&out.join("runs.csv"));
    let text = std::fs::read_to_string(out.join("runs.csv")).unwrap();
    assert_eq!(
        text.lines().next().unwrap(),
        "problem,algorithm,heuristic,instance,depth,status,length,expanded,generated,max_frontier,time_ms,bstar"
    );
    assert_eq!(rows.len(), 1 + 24);
    for r in &rows[1..] {
        assert_eq!(r[5], "solved");
        assert_eq!(r[6], r[4], "optimal algorithms find the claimed depth");
    }
    for svg in ["nodes.svg", "time.svg", "bstar.svg"] {
        let text = std::fs::read_to_string(out.join(svg)).unwrap();
        assert!(
            text.trim_start().starts_with("<svg") && text.trim_end().ends_with("</svg>"),
            "{svg}"
        );
        assert!(
            text.contains("<polyline") || text.contains("<path"),
            "{svg} draws lines"
        );
        assert_eq!(text.matches("<svg").count(), 1);
    }
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    for needle in [
        "](nodes.svg)",
        "](time.svg)",
        "](bstar.svg)",
        "4x4",
        "| depth |",
    ] {
        assert!(report.contains(needle), "report lacks {needle}");
    }
    assert_eq!(csv_without_times(&out.join("runs-korf.csv")).len(), 1 + 4);
}

#[test]
fn results_do_not_depend_on_the_number_of_threads_and_limits_are_recorded() {
    let (a, b) = (tmp("one"), tmp("two"));
    study(&a, "1", "30");
    study(&b, "2", "30");
    let rows = csv_without_times(&a.join("runs.csv"));
    assert_eq!(rows, csv_without_times(&b.join("runs.csv")));
    // With 30 nodes, misplaced tiles cannot finish at depth 12: those runs are kept, marked.
    assert!(
        rows.iter().any(|r| r[5] == "node-limit" && r[7] == "30"),
        "{rows:?}"
    );
    assert_eq!(rows.len(), 1 + 24);
}

#[test]
fn bad_flags_exit_2() {
    for args in [
        vec!["experiment", "taquin", "--depths", "5-2"],
        vec!["experiment", "taquin", "--depths", "40"],
        vec!["experiment", "taquin", "--heuristics", "euclid"],
        vec!["experiment", "taquin", "--algos", "magic"],
        vec!["experiment", "taquin", "--size", "1x5"],
        vec!["experiment", "taquin", "--per-depth", "0"],
    ] {
        let (code, _, err) = run(&[
            &args[..],
            &["--out", tmp("bad").to_str().unwrap(), "--korf", "0"],
        ]
        .concat());
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

#[test]
fn the_hanoi_study_compares_search_with_the_recursion_at_the_optimal_lengths() {
    let out = tmp("hanoi");
    let (code, stdout, err) = run(&[
        "experiment",
        "hanoi",
        "--disks",
        "1-6",
        "--pegs",
        "4",
        "--algos",
        "bfs,astar,optimal",
        "--out",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&stdout)["runs"], 18);
    let rows = csv_without_times(&out.join("runs.csv"));
    let col = |name: &str| rows[0].iter().position(|c| c == name).unwrap();
    let (depth, length, status) = (col("depth"), col("length"), col("status"));
    // Frame–Stewart numbers for 1..6 disks on 4 pegs, reached by every method.
    let expected = ["1", "3", "5", "9", "13", "17"];
    for r in &rows[1..] {
        assert_eq!(r[status], "solved");
        assert_eq!(r[length], r[depth]);
        assert!(expected.contains(&r[depth].as_str()), "{r:?}");
    }
    for f in ["nodes.svg", "time.svg", "bstar.svg", "report.md"] {
        assert!(out.join(f).exists(), "{f}");
    }
    let (code, _, err) = run(&[
        "experiment",
        "hanoi",
        "--pegs",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--pegs"), "{err}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn report_html_is_titled_in_the_runs_language() {
    for (lang, html_lang, title) in [
        ("fr", "fr", "<title>resolu experiment : rapport</title>"),
        ("en", "en", "<title>resolu experiment: report</title>"),
    ] {
        let out = tmp(&format!("title-{lang}"));
        let (code, _, err) = run(&[
            "--lang",
            lang,
            "experiment",
            "hanoi",
            "--disks",
            "1-3",
            "--algos",
            "optimal",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let page = std::fs::read_to_string(out.join("report.html")).unwrap();
        assert!(page.contains(title), "{lang}: {title}");
        assert!(
            page.contains(&format!("<html lang=\"{html_lang}\">")),
            "{lang}"
        );
        let _ = std::fs::remove_dir_all(&out);
    }
}
