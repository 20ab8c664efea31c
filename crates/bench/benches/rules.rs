//! The rule engine at production-system scale: the course's Hanoi rules (3^n - 1 moves,
//! one cycle each) from 6 to 12 disks, with cycles per second, which incremental matching
//! should keep flat as the working memory grows (every situation met stays as a `seen`
//! fact); Miss Manners from 16 to 128 guests and Waltz from 10 to 100 cubes, beside CLIPS 6
//! on the same data when `clips` is on the PATH (same printed lines — the seating, the
//! labelling — and the times, best of 3 runs each); then the strategy-telling base under
//! every strategy.
//!
//! Run with `cargo bench -p resolu-bench --bench rules` (an argument: the largest number
//! of disks, default 10; each run stops after 120 s).

use resolu_logic::Term;
use resolu_rules::{Engine, RuleBase, Stop, Strategy};
use std::process::Command;
use std::time::{Duration, Instant};

const COURSE: &str = include_str!("../../../examples/rules/hanoi.rules");
const STRATEGIES: &str = include_str!("../../../examples/rules/strategies.rules");
const STRATEGIES_CLP: &str = include_str!("../../rules/tests/clips/strategies.clp");
const MANNERS: &str = include_str!("../../../examples/rules/manners.rules");
const MANNERS_CLP: &str = include_str!("../../../examples/rules/manners.clp");
const WALTZ: &str = include_str!("../../../examples/rules/waltz.rules");
const WALTZ_CLP: &str = include_str!("../../../examples/rules/waltz.clp");

/// The situation with every disk on `peg` (3 pegs): `[[n,...,1],[],[]]` for peg 0 (bottom
/// first).
fn all_on(n: i64, peg: usize) -> Term {
    let disks = Term::list((1..=n).rev().map(Term::int).collect(), Term::nil());
    let pegs: Vec<Term> = (0..3)
        .map(|p| if p == peg { disks.clone() } else { Term::nil() })
        .collect();
    Term::list(pegs, Term::nil())
}

/// One run of the course's rules on `n` disks: (stop, cycles, seconds).
fn hanoi(n: i64) -> Result<(Stop, u64, f64), String> {
    let mut base = RuleBase::parse(COURSE).map_err(|e| e.to_string())?;
    base.facts = vec![
        Term::compound("state", vec![all_on(n, 0)]),
        Term::compound("seen", vec![all_on(n, 0)]),
        Term::compound("target", vec![all_on(n, 2)]),
    ];
    let mut engine = Engine::new(base, Strategy::Priority).map_err(|e| e.to_string())?;
    engine.set_record_conflict_sets(false);
    engine.set_max_cycles(Some(10_000_000));
    engine.set_timeout(Some(Duration::from_secs(120)));
    let started = Instant::now();
    let stop = engine.run(|_| {}).map_err(|e| e.to_string())?;
    let secs = started.elapsed().as_secs_f64();
    Ok((stop, engine.cycles(), secs))
}

fn main() {
    let largest: i64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10);
    println!("Hanoi by the course's rules (examples/rules/hanoi.rules), strategy priority");
    println!(
        "{:>5} {:>10} {:>10} {:>10} {:>12}",
        "disks", "3^n-1", "cycles", "seconds", "cycles/s"
    );
    for n in 6..=largest {
        match hanoi(n) {
            Ok((stop, cycles, secs)) => println!(
                "{n:>5} {:>10} {cycles:>10} {secs:>10.3} {:>12.0}{}",
                3u64.pow(n as u32) - 1,
                cycles as f64 / secs,
                if stop == Stop::Goal {
                    String::new()
                } else {
                    format!("  ({})", stop.as_str())
                }
            ),
            Err(e) => println!("{n:>5} error: {e}"),
        }
    }
    manners();
    waltz();
    strategies();
}

/// The guests of Miss Manners, as the examples' generator writes them: guest i has sex m
/// if i is odd, and two of three hobbies (any two guests share one). (name, sex, hobby).
fn guests(n: u32) -> Vec<(String, &'static str, String)> {
    let mut out = Vec::new();
    for i in 1..=n {
        let sex = if i % 2 == 1 { "m" } else { "f" };
        let mut hobbies = [1 + i % 3, 1 + (i + 1) % 3];
        hobbies.sort_unstable();
        for h in hobbies {
            out.push((format!("n{i}"), sex, format!("h{h}")));
        }
    }
    out
}

/// Miss Manners in resolu's rule language and in CLIPS, on the same guests.
fn manners() {
    println!(
        "\nMiss Manners (examples/rules/manners.rules and manners.clp), strategy depth, \
         best of 3 runs each"
    );
    println!(
        "{:>6} {:>8} {:>12} {:>12} {:>8}  same output",
        "guests", "cycles", "resolu s", "clips s", "ratio"
    );
    for n in [16, 32, 64, 128] {
        let mut text: String = MANNERS
            .lines()
            .filter(|l| !l.starts_with("fact "))
            .map(|l| format!("{l}\n"))
            .collect();
        let mut facts = String::from("(deffacts manners\n");
        for (name, sex, hobby) in guests(n) {
            text.push_str(&format!("fact guest({name}, {sex}, {hobby}).\n"));
            facts.push_str(&format!(
                "   (guest (name {name}) (sex {sex}) (hobby {hobby}))\n"
            ));
        }
        text.push_str(&format!(
            "fact last_seat({n}).\nfact count(1).\nfact context(start).\n"
        ));
        facts.push_str(&format!(
            "   (last_seat (seat {n}))\n   (count (c 1))\n   (context (state start)))\n"
        ));
        let Some(rules) = MANNERS_CLP
            .find("(deffacts manners")
            .map(|i| &MANNERS_CLP[..i])
        else {
            return;
        };
        side_by_side(n, &text, &format!("{rules}{facts}"), Stop::Halt);
    }
}

/// The cubes of the Waltz drawing, as the examples' generator writes them: cube `i` seen
/// from a corner (a hexagon and a Y inside), centred at x = 5 + 6i, y = 5; a point is the
/// number 100x + y. Its nine lines.
fn cube_lines(i: u32) -> [(u32, u32); 9] {
    let (cx, cy) = (5 + 6 * i, 5);
    let p = |x: u32, y: u32| x * 100 + y;
    let (top, ur, lr) = (p(cx, cy + 2), p(cx + 2, cy + 1), p(cx + 2, cy - 1));
    let (bottom, ll, ul, centre) = (
        p(cx, cy - 2),
        p(cx - 2, cy - 1),
        p(cx - 2, cy + 1),
        p(cx, cy),
    );
    [
        (top, ur),
        (ur, lr),
        (lr, bottom),
        (bottom, ll),
        (ll, ul),
        (ul, top),
        (centre, top),
        (centre, lr),
        (centre, ll),
    ]
}

/// Waltz in resolu's rule language and in CLIPS, on the same drawings.
fn waltz() {
    println!(
        "\nWaltz (examples/rules/waltz.rules and waltz.clp), strategy depth, best of 3 runs each"
    );
    println!(
        "{:>6} {:>8} {:>12} {:>12} {:>8}  same output",
        "cubes", "cycles", "resolu s", "clips s", "ratio"
    );
    for n in [10, 25, 50, 100] {
        let mut text: String = WALTZ
            .lines()
            .filter(|l| !l.starts_with("fact line("))
            .map(|l| format!("{l}\n"))
            .collect();
        let mut facts = String::from("(deffacts waltz\n");
        for i in 0..n {
            for (a, b) in cube_lines(i) {
                text.push_str(&format!("fact line({a}, {b}).\n"));
                facts.push_str(&format!("   (line (p1 {a}) (p2 {b}))\n"));
            }
        }
        facts.push_str("   (stage (value duplicate)))\n");
        let Some(rules) = WALTZ_CLP.find("(deffacts waltz").map(|i| &WALTZ_CLP[..i]) else {
            return;
        };
        side_by_side(n, &text, &format!("{rules}{facts}"), Stop::Quiescent);
    }
}

/// Runs a rule base (`text`) and its CLIPS translation (`clp`, rules and deffacts) under
/// the depth strategy, best of three runs each, and prints a row: cycles, times, ratio,
/// whether both printed the same lines.
fn side_by_side(n: u32, text: &str, clp: &str, expected: Stop) {
    // The best of three runs on each side: the machine is shared, and the least
    // disturbed run is the closest to each program's own speed.
    let mut ours = f64::INFINITY;
    let mut printed: Vec<String> = Vec::new();
    let mut cycles = 0;
    for _ in 0..3 {
        let Ok(base) = RuleBase::parse(text) else {
            println!("{n:>6} the generated rule base does not parse");
            return;
        };
        let Ok(mut engine) = Engine::new(base, Strategy::Depth) else {
            return;
        };
        engine.set_record_conflict_sets(false);
        engine.set_timeout(Some(Duration::from_secs(300)));
        let started = Instant::now();
        printed.clear();
        let stop = engine.run(|c| printed.extend(c.output.iter().cloned()));
        ours = ours.min(started.elapsed().as_secs_f64());
        if stop != Ok(expected) {
            println!("{n:>6} stopped: {stop:?}");
            return;
        }
        cycles = engine.cycles();
    }
    let clips = if clips_on_path() {
        (0..3)
            .filter_map(|_| clips_run(clp))
            .min_by(|a, b| a.0.total_cmp(&b.0))
    } else {
        None
    };
    let (theirs, same) = match &clips {
        Some((secs, lines)) => (
            format!("{secs:>12.3}"),
            if *lines == printed { "yes" } else { "NO" },
        ),
        None => (format!("{:>12}", "-"), "(clips not on the PATH)"),
    };
    let ratio = clips
        .as_ref()
        .map_or_else(String::new, |(secs, _)| format!("{:.1}", ours / secs));
    println!("{n:>6} {cycles:>8} {ours:>12.3} {theirs} {ratio:>8}  {same}");
}

/// CLIPS on a program (rules and deffacts): the time of its `(run)` (measured inside
/// CLIPS, after `(reset)`) and the lines it printed.
fn clips_run(program: &str) -> Option<(f64, Vec<String>)> {
    let script = format!(
        "{program}(defglobal ?*started* = 0)\n(reset)\n(bind ?*started* (time))\n(run)\n\
         (printout t \"elapsed \" (- (time) ?*started*) crlf)\n(exit)\n"
    );
    let dir = std::env::temp_dir().join(format!("resolu-bench-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let file = dir.join("run.clp");
    std::fs::write(&file, script).ok()?;
    let out = Command::new("clips")
        .arg("-f")
        .arg(&file)
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = Vec::new();
    let mut secs = None;
    let mut running = false;
    for line in text.lines() {
        if line.starts_with("CLIPS> (run)") {
            running = true;
            continue;
        }
        if !running || line.trim().is_empty() || line.starts_with("CLIPS>") {
            continue;
        }
        match line.strip_prefix("elapsed ") {
            Some(t) => secs = t.trim().parse().ok(),
            None => lines.push(line.to_string()),
        }
    }
    Some((secs?, lines))
}

/// The strategy-telling base under each strategy, and CLIPS on its translation.
fn strategies() {
    println!("\nThe strategy-telling base (examples/rules/strategies.rules), 100 runs each");
    let clips = clips_on_path();
    for name in ["depth", "breadth", "simplicity", "complexity", "lex", "mea"] {
        let strategy: Strategy = match name.parse() {
            Ok(s) => s,
            Err(_) => continue,
        };
        let started = Instant::now();
        let mut cycles = 0;
        for _ in 0..100 {
            let base = match RuleBase::parse(STRATEGIES) {
                Ok(b) => b,
                Err(e) => return println!("  {e}"),
            };
            let mut engine = match Engine::new(base, strategy) {
                Ok(e) => e,
                Err(e) => return println!("  {e}"),
            };
            engine.set_record_conflict_sets(false);
            if let Err(e) = engine.run(|_| {}) {
                return println!("  {e}");
            }
            cycles = engine.cycles();
        }
        let ours = started.elapsed().as_secs_f64() / 100.0;
        let theirs = if clips { clips_time(name) } else { None };
        println!(
            "  {name:<11} {cycles} cycles, resolu {:.3} ms per run (parsing included){}",
            ours * 1000.0,
            theirs.map_or_else(
                || " (clips not on the PATH)".to_string(),
                |t| format!(
                    ", clips {:.3} ms per run (100 resets and runs in one process)",
                    t * 1000.0
                )
            )
        );
    }
}

/// Whether a `clips` program is on the PATH (looked for, not run: CLIPS's prompt does not
/// stop at the end of its input).
fn clips_on_path() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("clips").is_file()))
}

/// CLIPS's time for one run of the translated base (1000 resets and runs in one process).
fn clips_time(strategy: &str) -> Option<f64> {
    let dir = std::env::temp_dir().join(format!("resolu-bench-clips-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let file = dir.join("bench.clp");
    let script = format!(
        "{STRATEGIES_CLP}\n(set-strategy {strategy})\n\
         (defglobal ?*started* = 0)\n\
         (deffunction bench () (loop-for-count 100 (reset) (run)))\n\
         (bind ?*started* (time))\n(bench)\n\
         (printout t \"elapsed \" (- (time) ?*started*) crlf)\n(exit)\n"
    );
    std::fs::write(&file, script).ok()?;
    let out = Command::new("clips")
        .arg("-f")
        .arg(&file)
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let secs: f64 = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("elapsed "))?
        .trim()
        .parse()
        .ok()?;
    Some(secs / 100.0)
}
