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
            // A projector's width: comparisons sit side by side from 900 px up.
            .args([
                "--window-size=1280,900",
                "--virtual-time-budget=30000",
                "--dump-dom",
            ])
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

/// The text of the first element with class `class` in a piece of DOM.
pub fn text_of(dom: &str, class: &str) -> String {
    let key = format!("class=\"{class}\"");
    let at = dom
        .find(&key)
        .unwrap_or_else(|| panic!("no element of class {class}"));
    let start = at + dom[at..].find('>').unwrap() + 1;
    dom[start..start + dom[start..].find('<').unwrap()].to_string()
}

/// The section `id` of a dumped DOM.
pub fn section<'d>(dom: &'d str, id: &str) -> &'d str {
    let start = dom
        .find(&format!("<section class=\"stepper\" id=\"{id}\""))
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = dom[start..].find("</section>").unwrap();
    &dom[start..start + end]
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
    // The page is made from the run the text reports: the same counters.
    let (_, text, _) = run(&["taquin"]);
    assert!(
        text.contains("expanded 5, generated 11, duplicates 0"),
        "{text}"
    );
    assert!(html.contains("<th>expanded</th><td>5</td>"));
    assert!(html.contains("<th>generated</th><td>11</td>"));
    assert!(html.contains("<th>duplicates</th><td>0</td>"));
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

#[test]
fn graph_page_draws_the_path_to_the_goal_and_compares_searches_side_by_side() {
    let (path, html) = page(
        "graph.html",
        &[
            "graph",
            "examples/graphs/romania.graph",
            "--compare",
            "astar,bfs",
        ],
        0,
    );
    assert_eq!(
        sections(&html),
        3,
        "the path, then one search per algorithm"
    );
    assert!(html.contains("The search: astar") && html.contains("The search: bfs"));
    assert!(html.contains("class=\"sections side\""));
    // A* expands fewer nodes than... the counters are the text output's.
    let (_, text, _) = run(&["graph", "examples/graphs/romania.graph", "--algo", "bfs"]);
    let expanded = text
        .split("expanded ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap();
    assert!(html.contains(&format!("<th>expanded</th><td>{expanded}</td>")));
    let Some(browser) = Browser::find() else {
        return;
    };
    let end = check_stepping(&browser, &path, &html, "s0", "Arad", "Bucharest");
    assert_eq!(section_attr(&end, "s1", "data-shown"), "Bucharest");
    assert_eq!(section_attr(&end, "s2", "data-shown"), "Bucharest");
}

#[test]
fn compared_searches_sit_in_one_row_a_column_each_at_1280_px() {
    let args = ["taquin", "--compare", "astar,bfs,greedy"];
    let (path, html) = page("compare-3.html", &args, 0);
    assert_eq!(
        sections(&html),
        4,
        "the solution, then one search per algorithm"
    );
    assert!(html.contains("class=\"sections side\" style=\"--columns: 3\""));
    let Some(browser) = Browser::find() else {
        return;
    };
    let dom = browser.dom(&path, "check");
    let body = &dom[dom.find("<body").unwrap()..];
    let tag = &body[..body.find('>').unwrap()];
    assert!(tag.contains("data-side-rows=\"1\""), "{tag}");
}

#[test]
fn maze_page_walks_with_dead_ends_and_ends_on_the_exit() {
    let (path, html) = page("maze.html", &["maze", "examples/mazes/rooms.maze"], 0);
    assert!(html.contains("The backtracking walk"));
    assert!(
        html.contains("back: undo"),
        "the walk backtracks in this maze"
    );
    let Some(browser) = Browser::find() else {
        return;
    };
    // Section 0 is the path found: 32 moves, ending on the exit square.
    let end = check_stepping(
        &browser,
        &path,
        &html,
        "s0",
        "start at (1, 1)",
        "32 moves, at (9, 1)",
    );
    assert_eq!(section_attr(&end, "s1", "data-shown"), "(9, 1)");
}

#[test]
fn hanoi_page_moves_every_disk_to_the_last_peg() {
    let (path, html) = page(
        "hanoi.html",
        &["hanoi", "--method", "optimal", "--disks", "3"],
        0,
    );
    assert!(html.contains("Move 7: "));
    assert!(!html.contains("Move 8: "));
    let Some(browser) = Browser::find() else {
        return;
    };
    let start = {
        let dom = browser.dom(&path, "step=0");
        section_attr(&dom, "s0", "data-shown")
    };
    let end = browser.dom(&path, "step=last");
    let last = section_attr(&end, "s0", "data-shown");
    assert_ne!(start, last);
    assert_eq!(section_attr(&end, "s0", "data-step"), "7");
    // The text output's last picture is the same situation.
    let (_, text, _) = run(&["hanoi", "--method", "optimal", "--disks", "3", "--compact"]);
    assert!(text.contains("7 moves"), "{text}");
    let (_, search, _) = run(&[
        "hanoi", "--method", "bfs", "--disks", "3", "--format", "json",
    ]);
    assert!(search.contains("\"length\":7"));
}

#[test]
fn knight_and_queens_pages_replay_the_backtracking() {
    let (kpath, khtml) = page(
        "knight.html",
        &["knight", "--size", "5", "--method", "warnsdorff"],
        0,
    );
    assert!(khtml.contains("The tour, move by move"));
    let (qpath, qhtml) = page("queens.html", &["queens", "6"], 0);
    // The first solution of 6 queens, columns row by row.
    let (_, text, _) = run(&["queens", "6", "--format", "json"]);
    let columns: Vec<u64> = serde_json::from_str::<serde_json::Value>(&text).unwrap()["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    let last = columns
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    // The tour's last square: where the JSON board holds 25.
    let (_, ktext, _) = run(&[
        "knight",
        "--size",
        "5",
        "--method",
        "warnsdorff",
        "--format",
        "json",
    ]);
    let board = serde_json::from_str::<serde_json::Value>(&ktext).unwrap()["board"].clone();
    let (r, c) = (0..5)
        .flat_map(|r| (0..5).map(move |c| (r, c)))
        .find(|&(r, c)| board[r][c] == 25)
        .unwrap();
    let Some(browser) = Browser::find() else {
        return;
    };
    let end = check_stepping(
        &browser,
        &kpath,
        &khtml,
        "s0",
        "start at (0, 0)",
        &format!("24 moves, at ({r}, {c})"),
    );
    assert!(section_attr(&end, "s1", "data-shown").starts_with('('));
    let qend = check_stepping(&browser, &qpath, &qhtml, "s1", "empty", &last);
    assert!(section_attr(&qend, "s0", "data-shown").starts_with('('));
}

#[test]
fn a_huge_tour_is_drawn_in_chunks_not_one_polyline() {
    let (_, html) = page(
        "knight-big.html",
        &[
            "knight",
            "--size",
            "300",
            "--method",
            "warnsdorff",
            "--ties",
            "roth",
            "--format",
            "json",
        ],
        0,
    );
    let longest = html
        .split("<polyline")
        .skip(1)
        .map(|p| p.find("/>").unwrap())
        .max()
        .unwrap();
    assert!(longest < 20_000, "longest polyline {longest} characters");
    assert!(html.contains("The path has 89999 moves"));
}

#[test]
fn game_pages_show_perfect_play_and_both_trees_with_the_solvers_value() {
    // Tic-tac-toe: X wins at once in (1, 3), as `solve` says.
    let (path, html) = page(
        "ttt.html",
        &["tictactoe", "solve", "--board", "xx./oo./..."],
        0,
    );
    let (_, text, _) = run(&[
        "tictactoe",
        "solve",
        "--board",
        "xx./oo./...",
        "--format",
        "json",
    ]);
    let solved: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(solved["value"], "win");
    assert_eq!(solved["winning_moves"][0], serde_json::json!([1, 3]));
    assert!(html.contains("Perfect play: the player to move wins"));
    assert!(html.contains("Move 1: (1, 3)"));
    assert!(html.contains("<h2>Minimax</h2>") && html.contains("<h2>Alpha-beta</h2>"));
    // Alpha-beta visits fewer nodes than minimax and prunes something.
    let visited: Vec<u64> = html
        .match_indices("<th>nodes visited</th><td>")
        .map(|(i, m)| {
            html[i + m.len()..]
                .split('<')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(visited.len(), 2);
    assert!(visited[1] < visited[0], "{visited:?}");
    assert!(html.contains("class=\"node pruned\""));
    // Matches: 5 matches, the player to move wins (5 is not a multiple of 4).
    let (mpath, mhtml) = page("matches.html", &["matches", "solve", "--matches", "5"], 0);
    assert!(mhtml.contains("Perfect play: the player to move wins"));
    assert!(mhtml.contains("value of (5, 1): +1 for player 1"));
    let Some(browser) = Browser::find() else {
        return;
    };
    check_stepping(&browser, &path, &html, "s0", "XX./OO./...", "XXX/OO./...");
    check_stepping(&browser, &mpath, &mhtml, "s0", "(5, 1)", "(0, 2)");
}

#[test]
fn prove_page_traces_calls_and_backtracking_and_draws_each_proof_tree() {
    let args = ["prove", "examples/prolog/family.pl", "grandparent(tom, X)"];
    let (path, html) = page("prove.html", &args, 0);
    let (_, text, _) = run(&args);
    // The same answers as the text output, in order.
    let answers: Vec<&str> = text.lines().filter(|l| l.starts_with("X = ")).collect();
    assert!(answers.len() >= 2, "{text}");
    for (i, a) in answers.iter().enumerate() {
        assert!(
            html.contains(&format!("Proof tree of answer {}: {a}", i + 1)),
            "{a}"
        );
    }
    assert!(
        html.contains("redo "),
        "backtracking for the second answer is shown"
    );
    assert!(html.contains("call grandparent(tom,_"));
    let Some(browser) = Browser::find() else {
        return;
    };
    let end = check_stepping(
        &browser,
        &path,
        &html,
        "s1",
        "grandparent(tom,ann)",
        "parent(bob,ann)",
    );
    assert_eq!(section_attr(&end, "s0", "data-shown"), answers[0]);
}

#[test]
fn rules_page_steps_through_every_cycle_to_the_goal() {
    let args = ["rules", "examples/rules/hanoi.rules"];
    let (path, html) = page("rules.html", &args, 0);
    let (_, text, _) = run(&args);
    assert!(text.contains("Goal reached after 26 cycles."), "{text}");
    assert!(html.contains("<th>cycles</th><td>26</td>"));
    assert!(html.contains("Cycle 26: fires "));
    assert!(html.contains("conflict set ("));
    let (_, trace, _) = run(&["rules", "examples/rules/hanoi.rules", "--trace"]);
    let first_rule = trace
        .lines()
        .find_map(|l| l.trim().strip_prefix("fires "))
        .unwrap()
        .to_string();
    let Some(browser) = Browser::find() else {
        return;
    };
    let one = browser.dom(&path, "step=1");
    assert_eq!(section_attr(&one, "s0", "data-shown"), first_rule);
    let end = browser.dom(&path, "step=last");
    assert_eq!(section_attr(&end, "s0", "data-shown"), "goal");
    assert_eq!(section_attr(&end, "s0", "data-step"), "27");
}

#[test]
fn experiment_writes_report_html_with_its_plots_inline() {
    let dir = out_path("experiment");
    let dir_text = dir.to_str().unwrap();
    let (code, out, err) = run(&["experiment", "hanoi", "--disks", "1-3", "--out", dir_text]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("report.html"));
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    // Every plot the Markdown links is inline in the page, and nothing is fetched.
    let linked = md.matches("](").count();
    assert!(linked >= 3, "{md}");
    assert_eq!(html.matches("<figure><svg").count(), linked);
    assert!(!html.contains("<img") && !html.contains("<a href"));
    assert!(html.contains("<table>"));
}

#[test]
fn a_large_tour_is_summarised_on_the_terminal_and_split_in_the_svg() {
    let svg = out_path("tour100.svg");
    let svg_text = svg.to_str().unwrap();
    let args = [
        "knight",
        "--size",
        "100",
        "--method",
        "warnsdorff",
        "--ties",
        "roth",
    ];
    let mut with_svg = args.to_vec();
    with_svg.extend(["--svg", svg_text]);
    let (code, out, _) = run(&with_svg);
    assert_eq!(code, 0);
    assert!(
        out.len() < 2_000,
        "no 100x100 board on the terminal: {} bytes",
        out.len()
    );
    assert!(out.contains("Found: "));
    let (_, shown, _) = run(&[&args[..], &["--show-board"]].concat());
    assert!(shown.len() > 30_000, "--show-board draws it");
    // 10,000 squares: polylines of at most 1000 points, consecutive ones sharing a point.
    let text = std::fs::read_to_string(&svg).unwrap();
    let lines: Vec<usize> = text
        .split("<polyline")
        .skip(1)
        .map(|p| {
            p.split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .split(' ')
                .count()
        })
        .collect();
    assert!(lines.iter().all(|&n| n <= 1000), "{lines:?}");
    assert_eq!(lines.iter().sum::<usize>(), 10_000 + lines.len() - 1);
}

#[test]
fn cube_page_turns_the_scrambled_cube_move_by_move_to_the_solved_cube() {
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let (path, html) = page("cube.html", &["cube", "R U R' U'"], 0);
    assert!(
        html.contains("Move 1: "),
        "the solution's moves are steps of the page"
    );
    let Some(browser) = Browser::find() else {
        return;
    };
    let start = section_attr(&browser.dom(&path, "step=0"), "s0", "data-shown");
    let end = browser.dom(&path, "step=last");
    assert_ne!(start, solved, "the page starts from the scrambled cube");
    assert_eq!(section_attr(&end, "s0", "data-shown"), solved);
}

#[test]
fn every_solving_subcommand_documents_html_in_its_help() {
    for cmd in [
        "taquin",
        "graph",
        "maze",
        "hanoi",
        "knight",
        "queens",
        "matches",
        "tictactoe",
        "prove",
        "rules",
        "cube",
    ] {
        let (code, out, _) = run(&[cmd, "--help"]);
        assert_eq!(code, 0);
        assert!(
            out.contains("--html <FILE>") && out.contains("step-through page"),
            "{cmd}:\n{out}"
        );
    }
}
