//! Counting the knight's directed open tours from every start with the board's symmetries
//! (`knight::count_all_starts`): `cargo bench -p resolu-bench --bench knight_count -- [N]
//! [threads=T]` (default 6x6, every core). 5x5 gives 1,728 tours, 6x6 6,637,920.

use resolu_puzzles::knight::{TourOptions, count_all_starts};
use resolu_search::Limits;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(6);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let threads = args
        .iter()
        .find_map(|a| a.strip_prefix("threads=")?.parse().ok())
        .unwrap_or(cores);
    let opts = TourOptions {
        prune: true,
        ..TourOptions::square(n)
    };
    let started = Instant::now();
    let (total, classes) = count_all_starts(opts, Limits::default(), threads).expect("a board");
    let elapsed = started.elapsed().as_secs_f64();
    for c in &classes {
        let (solutions, tries) = c
            .outcome
            .as_ref()
            .map_or((0, 0), |o| (o.stats.solutions, o.stats.tries));
        println!(
            "  start {:?} x{}: {solutions} tours, {tries} tries",
            c.start, c.size
        );
    }
    println!("{n}x{n}: {total} directed open tours in {elapsed:.1} s on {threads} threads");
}
