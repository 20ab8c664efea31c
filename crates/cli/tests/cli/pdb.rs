//! `resolu taquin --census`, `resolu hanoi --method bfs`, `resolu pdb` and
//! `resolu taquin --heuristic pdb...` end to end; counts checked against breadth-first
//! searches written here with hash maps, solutions replayed.

use crate::common::{json, run};
use std::collections::{HashMap, VecDeque};

/// States at each distance from `start`, by a plain breadth-first search over a hash map
/// (independent of the numbered engine under test).
fn histogram(start: Vec<u8>, successors: impl Fn(&[u8]) -> Vec<Vec<u8>>) -> Vec<u64> {
    let mut dist: HashMap<Vec<u8>, usize> = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        for child in successors(&s) {
            if !dist.contains_key(&child) {
                dist.insert(child.clone(), d + 1);
                queue.push_back(child);
            }
        }
    }
    let mut counts = vec![0u64; dist.values().max().unwrap() + 1];
    for d in dist.values() {
        counts[*d] += 1;
    }
    counts
}

/// Boards (tiles row-major, 0 blank) at each distance from `goal`.
fn sliding_histogram(rows: usize, cols: usize, goal: Vec<u8>) -> Vec<u64> {
    histogram(goal, |b| {
        let blank = b.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / cols, blank % cols);
        let mut next = Vec::new();
        if r > 0 {
            next.push(blank - cols);
        }
        if r + 1 < rows {
            next.push(blank + cols);
        }
        if c > 0 {
            next.push(blank - 1);
        }
        if c + 1 < cols {
            next.push(blank + 1);
        }
        next.into_iter()
            .map(|n| {
                let mut child = b.to_vec();
                child.swap(blank, n);
                child
            })
            .collect()
    })
}

#[test]
fn census_counts_match_a_plain_bfs() {
    for (size, rows, cols) in [("2x4", 2, 4), ("3x3", 3, 3), ("2x3", 2, 3)] {
        let (code, out, _) = run(&[
            "taquin", "--census", "--size", size, "--goal", "standard", "--format", "json",
        ]);
        assert_eq!(code, 0);
        let v = json(&out);
        let n = rows * cols;
        let goal: Vec<u8> = (1..n as u8).chain([0]).collect();
        let expected = sliding_histogram(rows, cols, goal);
        let counts: Vec<u64> = v["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert_eq!(counts, expected, "{size}");
        assert_eq!(v["states"].as_u64().unwrap(), expected.iter().sum::<u64>());
        assert_eq!(v["diameter"].as_u64().unwrap() as usize, expected.len() - 1);
    }
    let (code, out, _) = run(&["taquin", "--census", "--size", "4", "--max-memory", "10"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("memory"), "{out}");
}

/// Hanoi situations (peg of each disk) at each distance from all-on-peg-0.
fn hanoi_histogram(disks: usize, pegs: usize) -> Vec<u64> {
    histogram(vec![0u8; disks], |s| {
        // The top disk of a peg is the smallest disk on it.
        let top = |p: u8| (0..disks).find(|&k| s[k] == p);
        let mut children = Vec::new();
        for from in 0..pegs as u8 {
            let Some(disk) = top(from) else { continue };
            for to in 0..pegs as u8 {
                if to != from && top(to).is_none_or(|t| t > disk) {
                    let mut child = s.to_vec();
                    child[disk] = to;
                    children.push(child);
                }
            }
        }
        children
    })
}

#[test]
fn hanoi_bfs_counts_every_situation_and_finds_frame_stewart() {
    for (disks, pegs, best) in [(4usize, 3usize, 15u64), (6, 4, 17), (4, 5, 7)] {
        let (code, out, _) = run(&[
            "hanoi",
            "--method",
            "bfs",
            "--disks",
            &disks.to_string(),
            "--pegs",
            &pegs.to_string(),
            "--format",
            "json",
        ]);
        assert_eq!(code, 0);
        let v = json(&out);
        let expected = hanoi_histogram(disks, pegs);
        let counts: Vec<u64> = v["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert_eq!(counts, expected, "{disks} disks, {pegs} pegs");
        assert_eq!(
            v["eccentricity"].as_u64().unwrap() as usize,
            expected.len() - 1
        );
        assert_eq!(v["length"].as_u64().unwrap(), best);
        assert_eq!(v["moves"].as_array().unwrap().len() as u64, best);
    }
    let (code, out, _) = run(&[
        "hanoi",
        "--method",
        "bfs",
        "--disks",
        "20",
        "--pegs",
        "4",
        "--max-memory",
        "16",
    ]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("--max-memory"), "{out}");
}

fn temp_dir(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("resolu-cli-pdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.display().to_string()
}

const KORF_GOAL: &str = "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15";

#[test]
fn pdb_build_then_taquin_uses_it_and_damage_is_rebuilt() {
    let dir = temp_dir("build");
    let (code, out, _) = run(&[
        "pdb",
        "build",
        "--pattern",
        "5-5-5",
        "--goal",
        KORF_GOAL,
        "--pdb-dir",
        &dir,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}");
    let built = json(&out);
    assert_eq!(built["built"], true);
    // Three tables of 16·15·14·13·12 placements, 4 bits each.
    assert_eq!(
        built["bytes"].as_u64().unwrap(),
        3 * 16 * 15 * 14 * 13 * 12 / 2
    );
    let file = built["file"].as_str().unwrap().to_string();

    // Korf's instance #79 (42 moves), solved with the cached tables.
    let start = "0 1 9 7/11 13 5 3/14 12 4 2/8 6 10 15";
    let (code, out, err) = run(&[
        "taquin",
        "--goal",
        KORF_GOAL,
        "--start",
        start,
        "--algo",
        "idastar",
        "--heuristic",
        "pdb:5-5-5",
        "--pdb-dir",
        &dir,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["length"].as_u64().unwrap(), 42);
    assert!(err.is_empty(), "nothing rebuilt: {err}");

    let (code, out, _) = run(&["pdb", "info", "--pdb-dir", &dir]);
    assert_eq!(code, 0);
    assert!(
        out.contains("partition 1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"),
        "{out}"
    );

    // A flipped byte: verify says so (exit 1), and taquin rebuilds it with a warning.
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.len() - 100;
    bytes[at] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let (code, out, _) = run(&["pdb", "verify", "--pdb-dir", &dir]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("DAMAGED"), "{out}");
    let (code, out, err) = run(&[
        "taquin",
        "--goal",
        KORF_GOAL,
        "--start",
        start,
        "--algo",
        "idastar",
        "--heuristic",
        "pdb:5-5-5",
        "--pdb-dir",
        &dir,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["length"].as_u64().unwrap(), 42);
    assert!(err.contains("corrupt") && err.contains("rebuilt"), "{err}");
    let (code, _, _) = run(&["pdb", "verify", "--pdb-dir", &dir]);
    assert_eq!(code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pdb_heuristic_on_small_boards_and_bad_partitions() {
    // 3x3: `pdb` is the exact table, so A* expands only the path.
    let (code, out, _) = run(&[
        "taquin",
        "--start",
        "8 0 6/5 4 7/2 3 1",
        "--goal",
        "0 1 2/3 4 5/6 7 8",
        "--heuristic",
        "pdb",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["length"].as_u64().unwrap(), 31);
    assert!(v["stats"]["expanded"].as_u64().unwrap() <= 40, "{v}");
    let (code, _, err) = run(&[
        "taquin",
        "--heuristic",
        "pdb:5-5",
        "--start",
        "1 2 3/4 5 6/7 _ 8",
        "--goal",
        "standard",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("does not cover"), "{err}");
}
