//! The size rules over the workspace's library and program sources (`crates/*/src`).

use std::path::{Path, PathBuf};

/// Files and functions over the limits that are being split, as `crate-relative path` or
/// `path:fn name`. The list only shrinks: an entry that is back within the limits fails the
/// test too, so that it is removed.
const BEING_SPLIT: &[&str] = &[];

/// `path` relative to the crates folder, with `/` separators.
fn short(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    text.rsplit_once("crates/tidy/../")
        .map_or(text.clone(), |(_, rest)| rest.to_string())
}

/// Fails with `what` for the violations not in [`BEING_SPLIT`] and the entries of
/// [`BEING_SPLIT`] of this kind that no longer violate.
fn check(what: &str, violations: Vec<(String, String)>, is_kind: fn(&str) -> bool) {
    let mut errors: Vec<String> = violations
        .iter()
        .filter(|(key, _)| !BEING_SPLIT.contains(&key.as_str()))
        .map(|(_, message)| message.clone())
        .collect();
    for entry in BEING_SPLIT.iter().filter(|e| is_kind(e)) {
        if !violations.iter().any(|(key, _)| key == entry) {
            errors.push(format!(
                "{entry} is within the limits now: remove it from BEING_SPLIT"
            ));
        }
    }
    assert!(errors.is_empty(), "{what}:\n{}", errors.join("\n"));
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn workspace_sources() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates)
        .expect("the crates folder is readable")
        .flatten()
    {
        sources(&entry.path().join("src"), &mut files);
    }
    files.sort();
    assert!(
        files.len() > 50,
        "found only {} source files under {}",
        files.len(),
        crates.display()
    );
    files
}

#[test]
fn no_file_over_the_limit() {
    let mut long = Vec::new();
    for path in workspace_sources() {
        let text = std::fs::read_to_string(&path).expect("a source file is readable");
        let lines = resolu_tidy::counted_lines(&text);
        if lines > resolu_tidy::MAX_FILE_LINES {
            long.push((short(&path), format!("{}: {lines} lines", short(&path))));
        }
    }
    let what = format!(
        "files over {} lines before their tests (split them by responsibility)",
        resolu_tidy::MAX_FILE_LINES
    );
    check(&what, long, |entry| !entry.contains(':'));
}

#[test]
fn no_function_over_the_limit() {
    let mut long = Vec::new();
    for path in workspace_sources() {
        let text = std::fs::read_to_string(&path).expect("a source file is readable");
        for f in resolu_tidy::functions(&text) {
            if f.lines > resolu_tidy::MAX_FUNCTION_LINES {
                let key = format!("{}:fn {}", short(&path), f.name);
                let message = format!(
                    "{}:{}: fn {} is {} lines",
                    short(&path),
                    f.line,
                    f.name,
                    f.lines
                );
                long.push((key, message));
            }
        }
    }
    let what = format!(
        "functions over {} lines (outside tests)",
        resolu_tidy::MAX_FUNCTION_LINES
    );
    check(&what, long, |entry| entry.contains(':'));
}
