//! `resolu maze` end to end.

use crate::common::{json, run, temp_file};

/// Checks a path of [row, col] against the maze rows drawn in the JSON: orthogonal steps,
/// no wall, from S to E.
fn check(v: &serde_json::Value) {
    let maze: Vec<Vec<char>> = v["maze"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().chars().collect())
        .collect();
    let path: Vec<(usize, usize)> = serde_json::from_value(v["board"].clone()).unwrap();
    assert_eq!(maze[path[0].0][path[0].1], 'S');
    let last = path[path.len() - 1];
    assert_eq!(maze[last.0][last.1], 'E');
    for w in path.windows(2) {
        assert_eq!(w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1), 1);
    }
    for &(r, c) in &path[1..path.len() - 1] {
        assert_eq!(maze[r][c], 'o', "the path is drawn");
    }
    assert_eq!(v["length"].as_u64().unwrap() as usize, path.len() - 1);
}

#[test]
fn backtracking_draws_a_path_with_its_counters() {
    let (code, out, _) = run(&["maze", "examples/mazes/rooms.maze"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("###############\n#Soooooooooooo#\n"),
        "{out}"
    );
    assert!(
        out.contains("Path of 32 moves found by backtracking"),
        "{out}"
    );
    assert!(out.contains("tries"));
}

#[test]
fn bfs_and_astar_find_the_shortest_path() {
    for algo in ["bfs", "astar"] {
        let (code, out, _) = run(&[
            "labyrinthe",
            "examples/mazes/rooms.maze",
            "--algo",
            algo,
            "--format",
            "json",
        ]);
        assert_eq!(code, 0);
        let v = json(&out);
        assert_eq!(v["length"], 20, "{algo}");
        assert_eq!(v["algo"], algo);
        check(&v);
    }
    let (code, out, _) = run(&["maze", "examples/mazes/classic.maze", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    check(&v);
    assert!(v["stats"]["tries"].as_u64().unwrap() >= v["length"].as_u64().unwrap());
    assert!(v["stats"]["backtracks"].is_u64());
}

#[test]
fn a_walled_off_exit_exits_1() {
    for algo in ["backtrack", "bfs", "astar"] {
        let (code, out, _) = run(&[
            "maze",
            "examples/mazes/walled.maze",
            "--algo",
            algo,
            "--format",
            "json",
        ]);
        assert_eq!(code, 1, "{algo}");
        let v = json(&out);
        assert_eq!(v["solved"], false);
        assert_eq!(v["reason"], "exhausted");
    }
}

#[test]
fn bad_files_name_line_and_column() {
    let path = temp_file("bad.maze", "#####\n#S..#\n#.?E#\n");
    let (code, _, err) = run(&["maze", &path]);
    assert_eq!(code, 2);
    assert!(err.contains("line 3, column 3"), "{err}");
    assert_eq!(err.trim().lines().count(), 1);
    let (code, _, err) = run(&["maze", "examples/mazes/none.maze"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, _) = run(&["maze", "examples/mazes/rooms.maze", "--algo", "dijkstra"]);
    assert_eq!(code, 2);
}
