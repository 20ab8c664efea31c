//! The Rubik's cube: the 2x2x2 census, the two-phase solver on random cubes, and the
//! optimal solver (Korf's pattern databases) on 14-move scrambles, with the generic
//! `resolu_search` IDA* on the same cubes and heuristic as the baseline of the specialised
//! IDA*. Run with `cargo bench -p resolu-bench --bench cube` (builds the 88M-entry corner
//! table unless it is cached in `target/cube-bench/`; a number sets how many cubes of
//! each kind, default 10; `deep` adds 14-move scrambles, minutes each set).
//!
//! `cargo bench -p resolu-bench --bench cube -- engine` instead compares, in CPU time of
//! this process, the cube module's own flat BFS (`coord::bfs_depths`, `optimal::bfs_nibbles`)
//! with the numbered-states engine of `resolu_search` on the 2x2x2 census and the 88M-entry
//! corner pattern database: the measurement behind the choice recorded in ARCHITECTURE.md.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use resolu_puzzles::cache;
use resolu_puzzles::cube::optimal::{OptimalTables, PdbSet};
use resolu_puzzles::cube::pocket::Pocket;
use resolu_puzzles::cube::problem::{CubeProblem, CubeState};
use resolu_puzzles::cube::twophase::{TwoPhase, TwoPhaseConfig};
use resolu_puzzles::cube::{CubieCube, Metric, Move, random_scramble};
use resolu_search::{Algorithm, Limits, Runner};
use std::time::{Duration, Instant};

fn main() {
    let n: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10);
    let deep = std::env::args().any(|a| a == "deep");
    if std::env::args().any(|a| a == "engine") {
        engine_versus_flat_bfs();
        return;
    }

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

/// CPU time (user + system) of this process so far, from /proc/self/stat (clock ticks of
/// 1/100 s); zero where that file does not exist.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // After the command name: state is field 0, utime 11, stime 12.
    (ticks(11) + ticks(12)) / 100.0
}

/// Runs `f`, printing its wall and CPU time.
fn timed<T>(label: &str, f: impl FnOnce() -> T) -> T {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let out = f();
    println!(
        "{label}: {:.2} s CPU, {:.2} s wall",
        cpu_seconds() - cpu,
        wall.elapsed().as_secs_f64()
    );
    out
}

fn engine_versus_flat_bfs() {
    use resolu_puzzles::cube::coord;
    use resolu_puzzles::cube::optimal::{CORNER_ENTRIES, bfs_nibbles};
    use resolu_puzzles::cube::pocket;
    use resolu_search::numbered::{Encoding, Numbered, NumberedBfs};
    use std::sync::atomic::{AtomicU8, Ordering};

    println!("machine shared: compare rows of the same run only");
    for metric in [Metric::Half, Metric::Quarter] {
        let flat = timed(&format!("2x2x2 {} flat bfs_depths", metric.name()), || {
            let moves: Vec<Move> = Move::ALL
                .into_iter()
                .filter(|m| m.index() < 9 && (metric == Metric::Half || m.index() % 3 != 1))
                .collect();
            coord::bfs_depths(
                3_674_160,
                &[0],
                moves.len(),
                |s, k| pocket::turn(s, moves[k]).unwrap_or(s),
                &mut |_, _| {},
            )
        });
        let engine = timed(&format!("2x2x2 {} engine Byte", metric.name()), || {
            Pocket::build(metric, u64::MAX, None, None).expect("no budget")
        });
        assert_eq!(flat.iter().filter(|&&d| d != 255).count(), 3_674_160);
        assert_eq!(engine.counts().iter().sum::<u64>(), 3_674_160);
    }

    let all: Vec<usize> = (0..18).collect();
    let corner_move = coord::move_table(
        40320,
        &all,
        |c, v| coord::set_corner_permutation(c, v as u16),
        |c| coord::corner_permutation(c) as usize,
    );
    let twist_move = coord::move_table(
        2187,
        &all,
        |c, v| coord::set_twist(c, v as u16),
        |c| coord::twist(c) as usize,
    );
    let next = |s: usize, m: usize| {
        corner_move[(s / 2187) * 18 + m] as usize * 2187 + twist_move[(s % 2187) * 18 + m] as usize
    };
    struct Corners<F>(F);
    impl<F: Fn(usize, usize) -> usize + Sync> Numbered for Corners<F> {
        fn state_count(&self) -> u64 {
            CORNER_ENTRIES as u64
        }
        fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
            out.extend((0..18).map(|m| (self.0)(rank as usize, m) as u64));
        }
    }
    let flat = timed("corner PDB flat bfs_nibbles (44 MB)", || {
        bfs_nibbles(CORNER_ENTRIES, 0, 18, next, &mut |_, _| {})
    });
    let corners = Corners(next);
    let byte = timed("corner PDB engine Byte (88 MB)", || {
        NumberedBfs::new(&corners)
            .encoding(Encoding::Byte)
            .run(&[0])
            .expect("no budget")
    });
    let nibbles: Vec<AtomicU8> = (0..CORNER_ENTRIES.div_ceil(2))
        .map(|_| AtomicU8::new(0xFF))
        .collect();
    let record = |rank: u64, depth: u32| {
        let shift = 4 * (rank % 2);
        nibbles[(rank / 2) as usize]
            .fetch_and(!(((!depth as u8) & 0xF) << shift), Ordering::Relaxed);
    };
    let two_bits = timed(
        "corner PDB engine TwoBits + depths by on_reached (22 + 44 MB)",
        || {
            NumberedBfs::new(&corners)
                .on_reached(&record)
                .run(&[0])
                .expect("no budget")
        },
    );
    assert_eq!(byte.counts, two_bits.counts);
    let nibbles: Vec<u8> = nibbles.into_iter().map(AtomicU8::into_inner).collect();
    assert!(
        nibbles == flat,
        "the engine's depths differ from bfs_nibbles'"
    );
    println!("corner PDB depths: {:?}", byte.counts);
}
