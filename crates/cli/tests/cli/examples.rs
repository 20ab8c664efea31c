//! Every example command works as written: the `resolu ...` lines of the code blocks of the
//! README and of the labs' guides (docs/tp/*.md), and of each `--help` (found by walking the subcommands the top-level help lists,
//! so commands added later are covered without touching this file). Each runs from a copy
//! of the repository root (`examples/` and `data/` linked, so files the examples write land
//! in a temporary folder), with empty standard input, and must end with the exit code its
//! comment names ("exit 1"), or 0.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The longest an example may take before it counts as hung.
const HANG: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_resolu"))
}

/// Splits a command line as a POSIX shell would for these simple cases: words separated by
/// blanks, single and double quotes. `None` if a quote is left open.
fn shell_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        q if q == c => break,
                        other => w.push(other),
                    }
                }
            }
            c if c.is_whitespace() => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Some(words)
}

/// An example: the arguments after `resolu`, the exit code expected, and where it was found.
/// An example whose comment says "(slow" (a table built for minutes, a search of a
/// minute) is listed but not run, so that the suite stays quick.
#[derive(Debug)]
struct Example {
    args: Vec<String>,
    expected: i32,
    origin: String,
    slow: bool,
}

/// The exit code that a comment names ("exit 1", "(exit 3)"), else 0.
fn expected_code(comment: &str) -> i32 {
    comment
        .split("exit ")
        .nth(1)
        .and_then(|rest| rest.chars().next())
        .and_then(|c| c.to_digit(10))
        .map_or(0, |d| d as i32)
}

/// Cuts `line` (starting with `resolu `) into the command and its comment: a `#` outside
/// quotes (README) or a run of two spaces or more (help texts).
fn split_comment(line: &str, help: bool) -> (String, String) {
    let mut quote = None;
    let bytes: Vec<char> = line.chars().collect();
    for (i, &c) in bytes.iter().enumerate() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '#') if !help => {
                return (bytes[..i].iter().collect(), bytes[i..].iter().collect());
            }
            (None, ' ') if help && bytes.get(i + 1) == Some(&' ') => {
                return (bytes[..i].iter().collect(), bytes[i..].iter().collect());
            }
            _ => {}
        }
    }
    (line.to_string(), String::new())
}

fn example(line: &str, help: bool, origin: String) -> Example {
    let (command, comment) = split_comment(line.trim(), help);
    let mut words =
        shell_words(&command).unwrap_or_else(|| panic!("{origin}: unbalanced quotes: {line}"));
    // `> FILE` redirects the output, which the test discards anyway.
    if let Some(i) = words.iter().position(|w| w == ">") {
        words.truncate(i);
    }
    Example {
        args: words[1..].to_vec(),
        expected: expected_code(&comment),
        origin,
        slow: comment.contains("(slow"),
    }
}

/// The `resolu` lines of the code blocks of the Markdown file `name` (from the root).
fn markdown_examples(name: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(root().join(name)).unwrap();
    let mut in_block = false;
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block && line.trim_start().starts_with("resolu ") {
            found.push(example(line, false, format!("{name}:{}", i + 1)));
        }
    }
    found
}

/// The `resolu` lines of the README's code blocks.
fn readme_examples() -> Vec<Example> {
    markdown_examples("README.md")
}

/// The `resolu` lines of the labs' guides, docs/tp/*.md, each page with at least one.
fn lab_guide_examples() -> Vec<Example> {
    let mut pages: Vec<String> = std::fs::read_dir(root().join("docs/tp"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .collect();
    pages.sort();
    assert!(
        pages.len() >= 5,
        "docs/tp should have a page per lab: {pages:?}"
    );
    let mut found = Vec::new();
    for page in pages {
        let examples = markdown_examples(&format!("docs/tp/{page}"));
        assert!(!examples.is_empty(), "docs/tp/{page} has no command");
        found.extend(examples);
    }
    found
}

/// The help text of `resolu <path...> --help`.
fn help(path: &[String]) -> String {
    let out = Command::new(binary())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .args(path)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "{path:?} --help fails");
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands a help text lists (its "Commands:" section, `help` left out).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The `resolu` lines of every help text, walking the subcommands; also returns the help
/// texts by command path, for the snapshots.
fn help_examples() -> (Vec<Example>, Vec<(String, String)>) {
    let mut found = Vec::new();
    let mut texts = Vec::new();
    let mut todo = vec![Vec::<String>::new()];
    while let Some(path) = todo.pop() {
        let text = help(&path);
        let name = format!("resolu {}", path.join(" ")).trim_end().to_string();
        for line in text.lines() {
            if line.trim_start().starts_with("resolu ") {
                found.push(example(line, true, format!("{name} --help")));
            }
        }
        for sub in subcommands(&text) {
            let mut p = path.clone();
            p.push(sub);
            todo.push(p);
        }
        texts.push((name, text));
    }
    texts.sort();
    (found, texts)
}

/// A folder that looks like the repository root for the examples: `examples` and `data`
/// linked, everything else written there stays there.
fn sandbox() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("resolu-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["examples", "data"] {
        let link = dir.join(name);
        if !link.exists() {
            std::os::unix::fs::symlink(root().join(name), &link).unwrap();
        }
    }
    dir
}

/// Runs one example: its exit code (`None` if it hung), and the time taken.
fn run_example(args: &[String], dir: &Path) -> (Option<i32>, Duration, String) {
    let started = Instant::now();
    let mut child = Command::new(binary())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                use std::io::Read;
                let _ = e.read_to_string(&mut err);
            }
            return (status.code(), started.elapsed(), err);
        }
        if started.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            return (None, started.elapsed(), String::new());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn every_example_of_the_readme_and_of_each_help_works_as_written() {
    let mut examples = readme_examples();
    assert!(examples.len() > 40, "the README's examples were not found");
    let (from_help, _) = help_examples();
    assert!(
        from_help.len() > 40,
        "the help texts' examples were not found"
    );
    examples.extend(from_help);
    examples.extend(lab_guide_examples());
    // The same command found twice runs once.
    let mut seen = std::collections::HashSet::new();
    examples.retain(|e| seen.insert(e.args.clone()));
    let (slow, examples): (Vec<_>, Vec<_>) = examples.into_iter().partition(|e| e.slow);
    for e in &slow {
        eprintln!(
            "not run, marked slow: resolu {} ({})",
            e.args.join(" "),
            e.origin
        );
    }
    assert!(
        slow.len() <= 8,
        "more than 8 examples are marked slow: they would go untested"
    );
    let dir = sandbox();
    let next = Mutex::new(examples.iter());
    let failures = Mutex::new(Vec::new());
    let slow = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| {
                loop {
                    let Some(e) = next.lock().unwrap().next() else {
                        break;
                    };
                    let (code, took, err) = run_example(&e.args, &dir);
                    if code != Some(e.expected) {
                        failures.lock().unwrap().push(format!(
                            "{}: resolu {} exited with {code:?}, expected {} ({})",
                            e.origin,
                            e.args.join(" "),
                            e.expected,
                            err.lines().next().unwrap_or("")
                        ));
                    }
                    slow.lock().unwrap().push((took, e.args.join(" ")));
                }
            });
        }
    });
    let mut slow = slow.into_inner().unwrap();
    slow.sort();
    for (took, args) in slow.iter().rev().take(5) {
        eprintln!("{:>8.2} s  resolu {args}", took.as_secs_f64());
    }
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn comments_and_quotes_of_examples_are_read_as_a_shell_would() {
    let e = example(
        "resolu taquin --start 'a b c / g _ d' --format json   # exit 1: \"no solution\"",
        false,
        String::new(),
    );
    assert_eq!(
        e.args,
        ["taquin", "--start", "a b c / g _ d", "--format", "json"]
    );
    assert_eq!(e.expected, 1);
    let e = example(
        "  resolu hanoi --disks 4 --compact              80 moves, one line each",
        true,
        String::new(),
    );
    assert_eq!(e.args, ["hanoi", "--disks", "4", "--compact"]);
    assert_eq!(e.expected, 0);
    assert_eq!(shell_words("a 'b"), None);
}
