//! `--html FILE`: the step-through pages, checked in a real browser (headless Chromium,
//! Debian's `chromium`, which `.ci/run` installs). Without `chromium` on PATH the browser
//! checks are skipped with a message; the page checks that need no browser always run.

use crate::common::run;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh output path for a page, in this run's temporary directory.
fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("resolu-html-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs resolu with `args` plus `--html <tmp>/name`, expecting `code`; returns the page's
/// path and text.
pub fn page(name: &str, args: &[&str], code: i32) -> (PathBuf, String) {
    let path = out_path(name);
    let mut all: Vec<&str> = args.to_vec();
    let file = path.to_str().unwrap().to_string();
    all.extend(["--html", &file]);
    let (got, out, err) = run(&all);
    assert_eq!(got, code, "resolu {all:?}\n{out}\n{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"));
    assert!(
        !text.contains("http://") || !text.contains("<script src"),
        "no network"
    );
    assert!(
        !text.contains("<script src") && !text.contains("<link "),
        "self-contained"
    );
    (path, text)
}

/// Headless Chromium, if installed.
pub struct Browser(PathBuf);

impl Browser {
    /// The browser, or `None` after printing why the browser checks are skipped.
    pub fn find() -> Option<Browser> {
        let found = std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("chromium"))
                .find(|p| p.is_file())
        });
        if found.is_none() {
            eprintln!(
                "SKIPPED browser checks: `chromium` is not on PATH (install Debian's chromium package; .ci/run does)"
            );
        }
        found.map(Browser)
    }

    fn command(&self) -> Command {
        let profile = out_path(&format!(
            "profile-{}",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        let mut cmd = Command::new(&self.0);
        cmd.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()));
        cmd
    }

    /// The DOM after the page's script ran, the URL fragment being `fragment`.
    pub fn dom(&self, page: &Path, fragment: &str) -> String {
        let output = self
            .command()
            .args(["--virtual-time-budget=30000", "--dump-dom"])
            .arg(format!("file://{}#{fragment}", page.display()))
            .output()
            .unwrap();
        let dom = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            dom.contains("<body data-ready=\"yes\""),
            "the script ran to its end without error:\n{}",
            &dom[..dom.len().min(3000)]
        );
        let body = &dom[dom.find("<body").unwrap()..];
        let body_tag = &body[..body.find('>').unwrap()];
        assert!(
            !body_tag.contains("data-error"),
            "a script error: {body_tag}"
        );
        dom
    }

    /// A screenshot of the page as PNG bytes.
    pub fn screenshot(&self, page: &Path, fragment: &str) -> Vec<u8> {
        let png = page.with_extension(format!("{}.png", fragment.replace(['=', '&'], "-")));
        let status = self
            .command()
            .args(["--window-size=1100,900", "--virtual-time-budget=5000"])
            .arg(format!("--screenshot={}", png.display()))
            .arg(format!("file://{}#{fragment}", page.display()))
            .output()
            .unwrap();
        assert!(status.status.success(), "{status:?}");
        std::fs::read(png).unwrap()
    }
}

/// The value of `attr` on the section with id `id` in a dumped DOM.
pub fn section_attr(dom: &str, id: &str, attr: &str) -> String {
    let start = dom
        .find(&format!("<section class=\"stepper\" id=\"{id}\""))
        .unwrap_or_else(|| panic!("no section {id}"));
    let tag = &dom[start..start + dom[start..].find('>').unwrap()];
    let key = format!(" {attr}=\"");
    let at = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {attr} in {tag}"))
        + key.len();
    let value = &tag[at..at + tag[at..].find('"').unwrap()];
    value
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
}

/// The number of sections of a page.
fn sections(html: &str) -> usize {
    html.matches("<section class=\"stepper\"").count()
}

/// The checks every page passes in the browser: the script runs without error at the
/// first and at the last step; every section is at its last step with `#step=last`;
/// section `id` shows `first` at step 0 and `last` at the end (what is drawn changed).
/// Returns the DOM at the last step.
pub fn check_stepping(
    browser: &Browser,
    page: &Path,
    html: &str,
    id: &str,
    first: &str,
    last: &str,
) -> String {
    let at_start = browser.dom(page, "step=0");
    assert_eq!(section_attr(&at_start, id, "data-step"), "0");
    assert_eq!(section_attr(&at_start, id, "data-shown"), first);
    let at_end = browser.dom(page, "step=last");
    for i in 0..sections(html) {
        let s = format!("s{i}");
        let steps: usize = section_attr(&at_end, &s, "data-steps").parse().unwrap();
        assert_eq!(
            section_attr(&at_end, &s, "data-step"),
            (steps - 1).to_string()
        );
    }
    assert_eq!(section_attr(&at_end, id, "data-shown"), last);
    assert_ne!(first, last);
    at_end
}

/// Whether a PNG shows more than one colour (a blank page is one).
fn colours(png_bytes: &[u8]) -> usize {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let bytes = &buf[..info.buffer_size()];
    let px = info.color_type.samples();
    let mut seen = std::collections::HashSet::new();
    for p in bytes.chunks(px) {
        seen.insert(p.to_vec());
        if seen.len() > 50 {
            break;
        }
    }
    seen.len()
}

#[test]
fn taquin_page_steps_from_the_start_to_the_solved_board_in_the_browser() {
    let (path, html) = page("taquin.html", &["taquin"], 0);
    // The page holds the counters of the text output.
    let (_, text, _) = run(&["taquin"]);
    assert!(text.contains("expanded 5, generated 15"), "{text}");
    assert!(html.contains("<th>expanded</th><td>5</td>"));
    assert!(html.contains("<th>generated</th><td>15</td>"));
    assert!(html.contains("Move 5: h"));
    let Some(browser) = Browser::find() else {
        return;
    };
    // The solution section: start board at step 0, the goal at the last step (5 moves).
    let end = check_stepping(&browser, &path, &html, "s0", "bhc/afd/g_e", "abc/h_d/gfe");
    assert_eq!(section_attr(&end, "s0", "data-step"), "5");
    // The search section ends on the goal too.
    assert_eq!(section_attr(&end, "s1", "data-shown"), "abc/h_d/gfe");
    // One step forward changes the board: after move 1 (tile f).
    let one = browser.dom(&path, "step=1");
    assert_eq!(section_attr(&one, "s0", "data-shown"), "bhc/a_d/gfe");
    // Play runs to the end by itself.
    let played = browser.dom(&path, "play");
    assert_eq!(section_attr(&played, "s0", "data-step"), "5");
    assert_eq!(section_attr(&played, "s0", "data-playing"), "no");
    // A screenshot shows something.
    let png = browser.screenshot(&path, "step=3");
    assert!(colours(&png) > 20, "the screenshot is not blank");
}

#[test]
fn html_output_is_the_same_on_every_run() {
    let (_, a) = page("same-a.html", &["taquin", "--compare", "astar,bfs"], 0);
    let (_, b) = page("same-b.html", &["taquin", "--compare", "astar,bfs"], 0);
    assert_eq!(a, b);
    assert!(!a.contains(" ms<"), "no time on the page");
}
