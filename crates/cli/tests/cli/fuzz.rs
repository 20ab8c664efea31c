//! A fuzz test on stable Rust: random and mutated inputs for the board, graph, maze, Prolog
//! and rule parsers must give a value or an error, never a panic or a hang. Seeded, so a
//! failure is reproduced by its seed; a few seconds by default, longer with
//! `RESOLU_FUZZ_SECONDS=600 cargo test --release -p resolu --test cli fuzz`.

use resolu_puzzles::graph::Graph;
use resolu_puzzles::maze::Maze;
use resolu_puzzles::sliding::{Goal, Grid, SlidingPuzzle};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// The longest one parse may take: far beyond any real parse of these small inputs.
const HANG: Duration = Duration::from_secs(2);

/// xorshift64*: small, seeded, and enough to shuffle bytes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Pieces that the formats give meaning to, so mutations reach deep into the parsers.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ".",
    ";",
    "|",
    ":-",
    "-->",
    "==>",
    "\\+",
    "'",
    "\"",
    "0'",
    "%",
    "/*",
    "*/",
    "\n",
    " ",
    "/",
    "_",
    "#",
    "S",
    "E",
    "start ",
    "goal ",
    "edge ",
    "arc ",
    "node ",
    "h=",
    "-1",
    "1e308",
    "NaN",
    "rule ",
    "fact ",
    "priority ",
    ": ",
    "é",
    "日",
    "\u{0}",
    "\t",
    "999999999999999999999",
    "X",
    "a",
    "0",
    "16",
    "\r\n",
];

fn mutate(rng: &mut Rng, seed: &str) -> String {
    let mut text: Vec<char> = seed.chars().collect();
    for _ in 0..=rng.below(6) {
        let at = rng.below(text.len() + 1);
        match rng.below(5) {
            0 if !text.is_empty() => {
                let end = (at + rng.below(8)).min(text.len());
                text.drain(at.min(end)..end);
            }
            1 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                text.splice(at..at, token.chars());
            }
            2 if !text.is_empty() => {
                let start = rng.below(text.len());
                let end = (start + rng.below(40)).min(text.len());
                let piece: Vec<char> = text[start..end].to_vec();
                text.splice(at..at, piece);
            }
            3 => {
                let c = char::from_u32(rng.below(0x3000) as u32).unwrap_or('?');
                text.insert(at, c);
            }
            _ => {
                let random: String = (0..rng.below(30))
                    .map(|_| TOKENS[rng.below(TOKENS.len())])
                    .collect();
                text.splice(at..at, random.chars());
            }
        }
    }
    text.into_iter().collect()
}

fn seeds(folder: &str) -> Vec<String> {
    let dir =
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples")).join(folder);
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    texts.sort();
    texts
}

type Parser = fn(&str);

fn parse_board(text: &str) {
    if let Ok(grid) = Grid::parse(text)
        && let Ok(puzzle) = SlidingPuzzle::new(&grid, Goal::Default)
    {
        let _ = puzzle.is_solvable();
    }
    let _ = Goal::parse(text);
}

fn parse_graph(text: &str) {
    let _ = Graph::parse(text);
}

fn parse_maze(text: &str) {
    let _ = Maze::parse(text);
}

fn parse_prolog(text: &str) {
    let _ = resolu_logic::parse_program(text);
    let _ = resolu_logic::parse_query(text);
}

fn parse_rules(text: &str) {
    let _ = resolu_rules::parse::RuleBase::parse(text);
}

#[test]
fn parsers_never_panic_nor_hang_on_random_and_mutated_input() {
    let seconds: f64 = std::env::var("RESOLU_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let boards = vec![
        "bhc/afd/g_e".to_string(),
        "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12".to_string(),
        "1 2\n3 _".to_string(),
    ];
    let targets: Vec<(&str, Parser, Vec<String>)> = vec![
        ("board", parse_board, boards),
        ("graph", parse_graph, seeds("graphs")),
        ("maze", parse_maze, seeds("mazes")),
        ("prolog", parse_prolog, seeds("prolog")),
        ("rules", parse_rules, seeds("rules")),
    ];
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut runs = 0u64;
    let mut failure = None;
    'outer: for round in 0u64.. {
        for (name, parse, seeds) in &targets {
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ round.wrapping_mul(31) ^ runs);
            let input = if rng.below(8) == 0 {
                // Purely random text from the tokens.
                (0..rng.below(60))
                    .map(|_| TOKENS[rng.below(TOKENS.len())])
                    .collect()
            } else {
                let seed = &seeds[rng.below(seeds.len())];
                mutate(&mut rng, seed)
            };
            let started = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(|| parse(&input)));
            runs += 1;
            if result.is_err() {
                failure = Some(format!("{name} parser panicked on {input:?}"));
                break 'outer;
            }
            if started.elapsed() > HANG {
                failure = Some(format!(
                    "{name} parser took {:?} on {input:?}",
                    started.elapsed()
                ));
                break 'outer;
            }
        }
        if Instant::now() > deadline {
            break;
        }
    }
    eprintln!("{runs} inputs parsed in {seconds} s");
    assert!(failure.is_none(), "{}", failure.unwrap_or_default());
    assert!(runs > 100, "only {runs} inputs in {seconds} s");
}
