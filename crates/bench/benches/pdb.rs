//! Pattern databases on the 15-puzzle: table build time, then Korf's 100 (or the 17
//! hardest) solved by IDA* with a partition and reflection: nodes generated per instance
//! against Korf and Felner (2002), total time. Linear conflict on the same instances is the
//! baseline of the same run (only on instances it finishes quickly: pass `lc`).
//!
//! `cargo bench -p resolu-bench --bench pdb -- [PARTITION] [korf100|hardest] [N] [DIR] [lc]`
//! (defaults: 5-5-5, korf100, 100, the user's cache directory). Tables are read from DIR
//! when there, else built (timed) and stored.

use resolu_puzzles::sliding::heuristics::{LinearConflict, TileHeuristic};
use resolu_puzzles::sliding::pdb::{self, Partition, PatternDatabase, Source};
use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle};
use resolu_search::{Algorithm, Heuristic, Runner};
use std::path::PathBuf;
use std::time::Instant;

const KORF_GOAL: &str = "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15";

fn instances(file: &str) -> Vec<(usize, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let board = w[2..]
                .chunks(4)
                .map(|r| r.join(" "))
                .collect::<Vec<_>>()
                .join("/");
            (w[1].parse().unwrap_or(0), board)
        })
        .collect()
}

fn solve<H: Heuristic<resolu_puzzles::sliding::Board<u64>, resolu_puzzles::sliding::Move>>(
    p: &SlidingPuzzle,
    h: H,
) -> (usize, u64, f64) {
    let problem = p.problem::<u64>();
    let started = Instant::now();
    let out = Runner::new(&problem).heuristic(h).run(Algorithm::IdaStar);
    let len = out.path.map_or(0, |p| p.len());
    // Korf counts the root among the nodes generated.
    (
        len,
        out.stats.generated + 1,
        started.elapsed().as_secs_f64(),
    )
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let pattern = args.first().cloned().unwrap_or_else(|| "5-5-5".into());
    let set = args.get(1).cloned().unwrap_or_else(|| "korf100".into());
    let count: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(100);
    let dir = args.get(3).map(PathBuf::from).or_else(|| {
        pdb::default_dir(
            std::env::var_os("XDG_CACHE_HOME").as_deref(),
            std::env::var_os("HOME").as_deref(),
        )
    });
    let baseline = args.iter().any(|a| a == "lc");
    let Some(dir) = dir else {
        eprintln!("no cache directory: give one");
        return;
    };
    let file = if set == "hardest" {
        "15puzzle-hardest80.txt"
    } else {
        "korf100.txt"
    };
    let all = instances(file);
    let Ok(goal_grid) = Grid::parse(KORF_GOAL) else {
        return;
    };
    let Ok(goal) = SlidingPuzzle::new(&goal_grid, Goal::Grid(goal_grid.clone())) else {
        return;
    };
    let Ok(partition) = Partition::parse(&goal, &pattern) else {
        eprintln!("bad partition {pattern}");
        return;
    };
    let started = Instant::now();
    let loaded = pdb::load_or_build(&goal, &partition, &dir, u64::MAX, &|_| ());
    let Ok((tables, source)) = loaded else {
        eprintln!("cannot build the tables");
        return;
    };
    let how = match source {
        Source::Cached => "read from the cache",
        Source::Built(_) => "built",
    };
    println!(
        "{pattern}: tables {how} in {:.1} s ({} bytes)",
        started.elapsed().as_secs_f64(),
        partition.table_bytes(&goal)
    );
    let db = PatternDatabase::additive(&goal, &partition, tables, true);
    let (mut nodes, mut seconds, mut lc_nodes, mut lc_seconds, mut wrong) =
        (0u64, 0.0, 0u64, 0.0, 0);
    let picked: Vec<_> = all.iter().take(count).collect();
    for (i, (optimal, board)) in picked.iter().enumerate() {
        let Ok(start) = Grid::parse(board) else {
            continue;
        };
        let Ok(p) = SlidingPuzzle::new(&start, Goal::Grid(goal_grid.clone())) else {
            continue;
        };
        let (len, n, t) = solve(&p, db.clone());
        nodes += n;
        seconds += t;
        wrong += usize::from(len != *optimal);
        let mut line = format!("#{:<3} {len:>3} moves {n:>12} nodes {t:>8.3} s", i + 1);
        if baseline {
            let (l2, n2, t2) = solve(&p, TileHeuristic::LinearConflict(LinearConflict::new(&p)));
            lc_nodes += n2;
            lc_seconds += t2;
            wrong += usize::from(l2 != *optimal);
            line += &format!("   linear conflict {n2:>12} nodes {t2:>8.3} s");
        }
        println!("{line}");
    }
    let k = picked.len().max(1) as f64;
    println!(
        "{pattern} + reflection on {} {set} instances: {} not at the published length; mean {:.0} nodes generated, total {:.2} s",
        picked.len(),
        wrong,
        nodes as f64 / k,
        seconds
    );
    if baseline {
        println!(
            "linear conflict on the same: mean {:.0} nodes generated, total {:.2} s ({:.0}x the nodes)",
            lc_nodes as f64 / k,
            lc_seconds,
            lc_nodes as f64 / nodes.max(1) as f64
        );
    }
    println!("Korf and Felner (2002), 7-8 with reflection: 36,710 nodes generated on average.");
}
