//! `resolu cube` end to end: every solution replayed on the library's cube model, census
//! counts against the published ones, optimal lengths against breadth-first search.

use crate::common::{json, run};
use resolu_puzzles::cube::pocket;
use resolu_puzzles::cube::problem::distances_within;
use resolu_puzzles::cube::{CubieCube, Metric, facelets, parse_moves};

fn cache_dir(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("resolu-cube-{name}-{}", std::process::id()));
    dir.to_str().unwrap().to_string()
}

/// Applies the JSON solution to `start` and says whether the cube is solved.
fn replays(start: &CubieCube, out: &serde_json::Value, pocket_cube: bool) -> bool {
    let moves = parse_moves(out["solution"].as_str().unwrap()).unwrap();
    let end = start.apply_all(&moves);
    if pocket_cube {
        pocket::is_solved(&end)
    } else {
        end.is_solved()
    }
}

#[test]
fn a_scramble_is_solved_by_two_phase_and_the_json_keeps_the_contract() {
    let dir = cache_dir("json");
    let scramble = "R U2 F' L D B2 R' U";
    let (code, out, err) = run(&["cube", scramble, "--format", "json", "--cache-dir", &dir]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["metric"], "htm");
    assert_eq!(v["optimal"], false);
    assert!(v["stats"].is_object());
    let start = CubieCube::from_moves(&parse_moves(scramble).unwrap());
    assert!(replays(&start, &v, false));
    let length = v["length"].as_u64().unwrap();
    assert_eq!(
        length as usize,
        parse_moves(v["solution"].as_str().unwrap()).unwrap().len()
    );
    assert!(length <= 22);
    // The French alias, and the cached tables on the second run.
    let (code, out, _) = run(&["rubik", scramble, "--cache-dir", &dir]);
    assert_eq!(code, 0);
    assert!(out.contains("tables read from the cache"), "{out}");
    assert!(out.contains("Replayed on the cube model: solved."));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn random_cubes_and_scrambles_are_solved_in_at_most_22_moves() {
    let dir = cache_dir("random");
    for seed in ["1", "2"] {
        let (code, out, err) = run(&[
            "cube",
            "--random",
            "--seed",
            seed,
            "--format",
            "json",
            "--cache-dir",
            &dir,
        ]);
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        let start = facelets::parse(v["facelets"].as_str().unwrap()).unwrap();
        assert!(replays(&start, &v, false));
        assert!(v["length"].as_u64().unwrap() <= 22);
    }
    let (code, out, _) = run(&[
        "cube",
        "--scramble",
        "30",
        "--seed",
        "4",
        "--format",
        "json",
        "--cache-dir",
        &dir,
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    let start = CubieCube::from_moves(&parse_moves(v["scramble"].as_str().unwrap()).unwrap());
    assert_eq!(
        parse_moves(v["scramble"].as_str().unwrap()).unwrap().len(),
        30
    );
    assert!(replays(&start, &v, false));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_table_is_reported_and_rebuilt() {
    let dir = cache_dir("damaged");
    let (code, _, _) = run(&["cube", "R U", "--cache-dir", &dir]);
    assert_eq!(code, 0);
    let path = std::path::Path::new(&dir).join("cube-two-phase.table");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 10] ^= 0xFF;
    std::fs::write(&path, &bytes).unwrap();
    let (code, out, err) = run(&["cube", "R U", "--cache-dir", &dir]);
    assert_eq!(code, 0);
    assert!(
        err.contains("corrupt") && err.contains("rebuilding"),
        "{err}"
    );
    assert!(out.contains("tables built"), "{out}");
    let (_, out, _) = run(&["cube", "R U", "--cache-dir", &dir]);
    assert!(out.contains("tables read from the cache"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_census_gives_the_published_counts_in_both_metrics() {
    let (code, out, _) = run(&["cube", "--size", "2", "--census", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["metric"], "htm");
    assert_eq!(
        v["counts"],
        serde_json::json!([
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ])
    );
    let (code, out, _) = run(&["cube", "--size", "2", "--census", "--metric", "qtm"]);
    assert_eq!(code, 0);
    assert!(out.contains("      14           276\n"), "{out}");
    assert!(out.contains("God's number (qtm): 14"), "{out}");
    assert!(out.contains("3,674,160 positions"), "{out}");
}

#[test]
fn the_2x2x2_is_solved_optimally_by_every_method() {
    let scramble = "R U F' R2 U'";
    let start = CubieCube::from_moves(&parse_moves(scramble).unwrap());
    let mut lengths = Vec::new();
    for method in ["optimal", "idastar", "bfs"] {
        let (code, out, err) = run(&[
            "cube", "--size", "2", scramble, "--method", method, "--format", "json",
        ]);
        assert_eq!(code, 0, "{method}: {err}");
        let v = json(&out);
        assert_eq!(v["optimal"], true);
        assert!(replays(&start, &v, true), "{method}");
        lengths.push(v["length"].as_u64().unwrap());
    }
    assert!(
        lengths.iter().all(|&l| l == lengths[0] && l <= 7),
        "{lengths:?}"
    );
    // Stickers in, the same length out.
    let stickers = pocket::to_string(&start);
    let (code, out, _) = run(&[
        "cube",
        "--size",
        "2",
        "--facelets",
        &stickers,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["length"].as_u64().unwrap(), lengths[0]);
}

#[test]
fn short_3x3x3_scrambles_get_optimal_lengths_from_bfs_and_idastar_generic() {
    let reference = distances_within(3, Metric::Half);
    for scramble in ["R U F'", "R L' U2", "F B"] {
        let start = CubieCube::from_moves(&parse_moves(scramble).unwrap());
        let (code, out, err) = run(&["cube", scramble, "--method", "bfs", "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        assert!(replays(&start, &v, false));
        assert_eq!(
            v["length"].as_u64().unwrap() as u32,
            reference[&start],
            "{scramble}"
        );
    }
    // Quarter-turn metric: a half turn counts 2.
    let (code, out, _) = run(&[
        "cube", "R2 U", "--method", "bfs", "--metric", "qtm", "--format", "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["length"], 3);
    assert_eq!(v["metric"], "qtm");
}

#[test]
fn impossible_cubes_and_bad_input_exit_2_with_the_reason() {
    let solved = facelets::to_string(&CubieCube::SOLVED);
    let mut flipped: Vec<char> = solved.chars().collect();
    flipped.swap(5, 10);
    let flipped: String = flipped.into_iter().collect();
    let (code, _, err) = run(&["cube", "--facelets", &flipped]);
    assert_eq!(code, 2);
    assert!(err.contains("an edge is flipped"), "{err}");
    let mut twisted = CubieCube::SOLVED;
    twisted.co[0] = 1;
    twisted.co[1] = 1;
    twisted.co[2] = 2;
    twisted.co[3] = 1;
    let (code, _, err) = run(&["cube", "--facelets", &facelets::to_string(&twisted)]);
    assert_eq!(code, 2);
    assert!(err.contains("a corner is twisted"), "{err}");
    let mut swapped = CubieCube::SOLVED;
    swapped.ep.swap(0, 1);
    let (code, _, err) = run(&["cube", "--facelets", &facelets::to_string(&swapped)]);
    assert_eq!(code, 2);
    assert!(err.contains("parity"), "{err}");
    let (code, _, err) = run(&["cube", "--facelets", &solved.replacen('U', "R", 1)]);
    assert_eq!(code, 2);
    assert!(err.contains("colour counts"), "{err}");
    let (code, _, err) = run(&["cube", "R U X"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 5"), "{err}");
    let (code, _, err) = run(&["cube", "--size", "4"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["cube", "--census"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["cube", "--metric", "stm"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn the_optimal_solver_refuses_to_exceed_the_memory_budget() {
    let (code, out, _) = run(&["cube", "R U", "--method", "optimal", "--max-memory", "10"]);
    assert_eq!(code, 3);
    assert!(out.contains("more than the memory budget"), "{out}");
}

#[test]
fn the_census_and_the_2x2x2_lookup_honour_the_memory_budget() {
    // The census table is 3.5 MB: the numbered-states engine refuses a 1 MB budget.
    let (code, out, _) = run(&["cube", "--size", "2", "--census", "--max-memory", "1"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("more than the memory budget"), "{out}");
    let (code, out, _) = run(&[
        "cube",
        "--size",
        "2",
        "R U",
        "--max-memory",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["reason"], "memory-limit");
    assert!(v["solution"].is_null());
    let (code, _, _) = run(&["cube", "--size", "2", "--census", "--max-memory", "4"]);
    assert_eq!(code, 0);
}

#[test]
fn the_timeout_stops_the_pattern_database_build_with_exit_3() {
    // A fresh cache directory: the build (seconds of CPU at best) must start and be cut.
    let dir = cache_dir("timeout-build");
    let _ = std::fs::remove_dir_all(&dir);
    let (code, out, _) = run(&[
        "cube",
        "R U",
        "--method",
        "optimal",
        "--timeout",
        "0.3",
        "--cache-dir",
        &dir,
        "--format",
        "json",
    ]);
    assert_eq!(code, 3, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["reason"], "time-limit");
    assert!(v["solution"].is_null());
    let (code, out, _) = run(&[
        "cube",
        "R U",
        "--method",
        "optimal",
        "--timeout",
        "0.3",
        "--cache-dir",
        &dir,
    ]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("--timeout 0.3 s"), "{out}");
    assert!(
        !std::path::Path::new(&dir)
            .join("cube-optimal.table")
            .exists(),
        "a table cut short must not be cached"
    );
}

#[test]
fn the_net_is_drawn_as_text_and_svg() {
    let svg = crate::common::temp_file("cube.svg", "");
    let (code, out, _) = run(&["cube", "R", "--svg", &svg, "--cache-dir", &cache_dir("svg")]);
    assert_eq!(code, 0);
    // R brings F's colour up on U's right column.
    assert!(
        out.contains("             U  U  F\n             U  U  F\n             U  U  F\n"),
        "{out}"
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("<rect x=").count(), 54);
    assert!(text.starts_with("<svg"));
    let (code, out, _) = run(&[
        "cube",
        "R",
        "--color",
        "always",
        "--cache-dir",
        &cache_dir("svg"),
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("\x1b[48;5;"), "{out}");
    let _ = std::fs::remove_dir_all(cache_dir("svg"));
}
