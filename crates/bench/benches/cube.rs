//! The Rubik's cube: the 2x2x2 census, the two-phase solver on random cubes, and the
//! optimal solver (Korf's pattern databases) on 14-move scrambles, with the generic
//! `resolu_search` IDA* on the same cubes and heuristic as the baseline of the specialised
//! IDA*. Run with `cargo bench -p resolu-bench --bench cube` (builds the 88M-entry corner
//! table unless it is cached in `target/cube-bench/`; a number sets how many cubes of
//! each kind, default 10; `deep` adds 14-move scrambles, minutes each set).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use resolu_puzzles::cache;
use resolu_puzzles::cube::optimal::{OptimalTables, PdbSet};
use resolu_puzzles::cube::pocket::Pocket;
use resolu_puzzles::cube::problem::{CubeProblem, CubeState};
use resolu_puzzles::cube::twophase::{TwoPhase, TwoPhaseConfig};
use resolu_puzzles::cube::{CubieCube, Metric, random_scramble};
use resolu_search::{Algorithm, Limits, Runner};
use std::time::{Duration, Instant};

fn main() {
    let n: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10);
    let deep = std::env::args().any(|a| a == "deep");

    for metric in [Metric::Half, Metric::Quarter] {
        let t = Instant::now();
        let pocket = Pocket::new(metric);
        println!(
            "2x2x2 census ({}): {:?} in {:.0} ms",
            metric.name(),
            pocket.counts(),
            t.elapsed().as_secs_f64() * 1000.0
        );
    }

    let t = Instant::now();
    let two_phase = TwoPhase::build(&mut |_, _| {});
    println!(
        "\ntwo-phase tables built in {:.0} ms",
        t.elapsed().as_secs_f64() * 1000.0
    );
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for (label, config) in [
        ("first <= 22", TwoPhaseConfig::default()),
        (
            "best in 0.5 s",
            TwoPhaseConfig {
                stop_at: 0,
                improve_for: Some(Duration::from_millis(500)),
                ..TwoPhaseConfig::default()
            },
        ),
    ] {
        let mut times = Vec::new();
        let mut lengths = Vec::new();
        for _ in 0..n * 4 {
            let c = CubieCube::random(&mut rng);
            let r = two_phase.solve(&c, &config);
            let s = r.solution.expect("two-phase always solves");
            assert!(c.apply_all(&s).is_solved());
            times.push(r.elapsed.as_secs_f64() * 1000.0);
            lengths.push(s.len());
        }
        times.sort_by(f64::total_cmp);
        println!(
            "two-phase, {label}, {} random cubes: time median {:.2} ms, max {:.2} ms; length mean {:.2}, max {}",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1],
            lengths.iter().sum::<usize>() as f64 / lengths.len() as f64,
            lengths.iter().max().unwrap_or(&0)
        );
    }

    let set = PdbSet::full();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../target/cube-bench/optimal.table");
    let t = Instant::now();
    let tables = match cache::read(&path, &set.key())
        .ok()
        .and_then(|c| OptimalTables::from_bytes(&set, &c.payload))
    {
        Some(t) => {
            println!("\npattern databases read from {}", path.display());
            t
        }
        None => {
            let tables = OptimalTables::build(&set, &mut |_, _, _| {});
            let ms = t.elapsed().as_millis() as u64;
            println!("\npattern databases built in {:.1} s", ms as f64 / 1000.0);
            let _ = cache::write(&path, &set.key(), ms, &tables.to_bytes());
            tables
        }
    };
    println!("(loaded in {:.1} s)", t.elapsed().as_secs_f64());

    // Baseline: the generic IDA* of resolu_search on the same problem and heuristic.
    let depth = 10;
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let cubes: Vec<CubieCube> = (0..n)
        .map(|_| CubieCube::from_moves(&random_scramble(depth, Metric::Half, &mut rng)))
        .collect();
    let (mut special_t, mut special_n) = (Duration::ZERO, 0u64);
    let (mut generic_t, mut generic_n) = (Duration::ZERO, 0u64);
    for c in &cubes {
        let r = tables.solve(c, Metric::Half, None);
        special_t += r.elapsed;
        special_n += r.nodes;
        let problem = CubeProblem::new(*c, Metric::Half, false);
        let h = |s: &CubeState| f64::from(tables.estimate(&s.cube));
        let t = Instant::now();
        let out = Runner::new(&problem)
            .heuristic(h)
            .limits(Limits::new().timeout(Duration::from_secs(120)))
            .run(Algorithm::IdaStar);
        generic_t += t.elapsed();
        generic_n += out.stats.expanded;
        assert_eq!(
            out.path.map(|p| p.len()),
            r.solution.map(|s| s.len()),
            "both optimal"
        );
    }
    println!(
        "scrambles of {depth}, {n} cubes: specialised IDA* {:.3} s ({special_n} nodes), generic IDA* {:.3} s ({generic_n} expanded): {:.1}x",
        special_t.as_secs_f64(),
        generic_t.as_secs_f64(),
        generic_t.as_secs_f64() / special_t.as_secs_f64()
    );

    let depths: &[usize] = if deep { &[10, 12, 14] } else { &[10, 12] };
    for &depth in depths {
        let mut total = Duration::ZERO;
        let mut nodes = 0u64;
        let mut worst = Duration::ZERO;
        let mut lengths = Vec::new();
        for _ in 0..n {
            let c = CubieCube::from_moves(&random_scramble(depth, Metric::Half, &mut rng));
            let r = tables.solve(&c, Metric::Half, None);
            let s = r.solution.expect("solved");
            assert!(c.apply_all(&s).is_solved());
            total += r.elapsed;
            worst = worst.max(r.elapsed);
            nodes += r.nodes;
            lengths.push(s.len());
        }
        println!(
            "optimal, {n} scrambles of {depth}: lengths {lengths:?}, mean {:.3} s, max {:.3} s, {:.1} M nodes/s",
            total.as_secs_f64() / n as f64,
            worst.as_secs_f64(),
            nodes as f64 / total.as_secs_f64() / 1e6
        );
    }
}
