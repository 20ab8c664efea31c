//! `--html` pages of #36, second part: the Connect Four game as played, big search trees
//! folded per subtree, IDA* and IDDFS drawn as the depth-first searches they are, and the
//! size and opening time of every README example's page.

use crate::common::run_with_input;
use crate::html::{Browser, page, section_attr};

/// The body tag of a dumped DOM.
fn body_tag(dom: &str) -> &str {
    let body = &dom[dom.find("<body").unwrap()..];
    &body[..body.find('>').unwrap()]
}

/// The value of attribute `name` in a tag.
fn attr<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    Some(&tag[at..at + tag[at..].find('"')?])
}

#[test]
fn connect4_play_page_shows_the_game_as_played_with_the_solvers_scores() {
    let dir = std::env::temp_dir().join(format!("resolu-c4play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c4play.html");
    let file = path.to_str().unwrap();
    // You play column 1 three times, then the input ends: 3 human moves, 3 replies.
    let (code, out, err) = run_with_input(
        &["connect4", "--size", "5x4", "play", "--html", file],
        "1\n1\n1\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    let replies: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Computer: column "))
        .collect();
    assert_eq!(replies.len(), 3, "{out}");
    let html = std::fs::read_to_string(&path).unwrap();
    // One step per move and one for the end; each computer move is the one the terminal
    // printed, with its score among the columns' scores above the board.
    assert!(html.contains("data-steps=\"7\""), "6 moves and the end");
    for (i, reply) in replies.iter().enumerate() {
        let column = reply.trim_end_matches('.');
        let caption = format!(
            "Move {} (the computer, O): column {column}, score ",
            2 * i + 2
        );
        assert!(html.contains(&caption), "{caption}");
    }
    assert!(html.contains("Move 1 (you, X): column 1, score "));
    assert!(html.contains("class=\"c4-chosen\""));
    assert_eq!(
        html.matches("class=\"c4-score\"").count(),
        6 * 5,
        "5 columns scored per move"
    );
    assert!(html.contains("End: the game stopped before its end."));
    let Some(browser) = Browser::find() else {
        return;
    };
    let dom = browser.dom(&path, "step=1");
    assert!(section_attr(&dom, "s0", "data-shown").contains('X'));
}

#[test]
fn connect4_play_page_without_scores_says_what_the_computer_said() {
    let dir = std::env::temp_dir().join(format!("resolu-c4ab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c4ab.html");
    let file = path.to_str().unwrap();
    let (code, out, err) = run_with_input(
        &[
            "connect4",
            "play",
            "--level",
            "alphabeta:depth=2",
            "--html",
            file,
        ],
        "4\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    let html = std::fs::read_to_string(&path).unwrap();
    assert!(
        html.contains("(alpha-beta: depth 2, "),
        "the computer's figures"
    );
    assert!(
        !html.contains("class=\"c4-score\""),
        "no scores without the solver"
    );
}

#[test]
fn a_big_search_tree_is_folded_per_subtree_and_unfolds_on_a_click() {
    let args = [
        "taquin",
        "--algo",
        "astar",
        "--start",
        "8 6 7/2 5 4/3 _ 1",
        "--goal",
        "standard",
    ];
    let (path, html) = page("folded.html", &args, 0);
    assert!(html.len() < 1_000_000, "{} bytes", html.len());
    let note = html
        .split("Folded tree: ")
        .nth(1)
        .expect("the page says the tree is folded");
    let recorded: usize = note.split(' ').next().unwrap().parse().unwrap();
    let in_place: usize = note
        .split("In place: ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(in_place < 1000 && recorded > in_place + 500, "{note}");
    let folds = html.matches("<rect class=\"fold-hit\"").count();
    assert!(folds > 1, "several subtrees folded, each its own node");
    assert_eq!(folds, html.matches("<g class=\"unfold\"").count());
    // Every node recorded is drawn in place or counted in the "+N" node of its subtree.
    let in_place_part = html.split("<g class=\"unfold\"").next().unwrap();
    let counted: usize = in_place_part
        .split(">+")
        .skip(1)
        .filter_map(|t| t.split("</text>").next()?.parse::<usize>().ok())
        .sum();
    assert_eq!(in_place + counted, recorded, "{note}");
    let Some(browser) = Browser::find() else {
        return;
    };
    let dom = browser.dom(&path, "step=last&unfold");
    assert_eq!(dom.matches("<g class=\"unfold shown\"").count(), 1);
    assert!(dom.contains("class=\"fold-hit unfolded\""));
}

#[test]
fn idastar_page_shows_the_threshold_the_stack_and_the_nodes_it_prunes() {
    let (_, html) = page(
        "idastar.html",
        &[
            "graph",
            "examples/graphs/romania.graph",
            "--algo",
            "idastar",
        ],
        0,
    );
    assert!(html.contains("IDA* keeps no frontier"));
    // Each iteration is a step; each expansion says its f against the threshold, and the
    // step's counters the stack (the path the depth-first search holds).
    assert!(html.contains("\"c\":\"new iteration: bound 393\""));
    assert!(html.contains("Sibiu · f = 393 ≤ 393"));
    assert!(html.contains("threshold f ≤ 393 · stack (2): Arad → Sibiu"));
    // A child pruned by the threshold says why, as the test on f that failed.
    assert!(html.contains(">75+374=449 &gt; 366</text>"));
    let (_, html) = page(
        "iddfs.html",
        &[
            "taquin",
            "--algo",
            "iddfs",
            "--start",
            "1 2 3/4 _ 6/7 5 8",
            "--goal",
            "standard",
        ],
        0,
    );
    assert!(html.contains("Iterative deepening keeps no frontier"));
    assert!(html.contains("new iteration: bound 1"));
    assert!(html.contains("depth limit 1 · stack (2): 123 4_6 758 → 123 456 7_8"));
    assert!(
        html.contains(">d 1 &gt; 0</text>"),
        "a child beyond the depth limit 0"
    );
}

/// The README's `--html` examples (and the two slow ones of #36): each page's size, and
/// its opening time in headless Chromium (the script's end, `data-ready-ms`), printed; the
/// size asserted, the time only reported (timed assertions are not allowed).
#[test]
fn readme_pages_are_under_a_megabyte_and_their_opening_time_is_printed() {
    let examples: [&[&str]; 14] = [
        &["taquin"],
        &["taquin", "--compare", "astar,bfs"],
        &["graph", "examples/graphs/romania.graph"],
        &["maze", "examples/mazes/rooms.maze"],
        &["hanoi"],
        &["knight", "--size", "8", "--method", "warnsdorff"],
        &["queens", "8"],
        &["tictactoe", "solve", "--board", "xx./oo./..."],
        &["tictactoe"],
        &["matches", "--matches", "21"],
        &["prove", "examples/prolog/family.pl", "grandparent(tom, X)"],
        &["rules", "examples/rules/car.rules"],
        &["cube", "R U R' U'"],
        &["connect4", "solve", "--moves", "327647756713"],
    ];
    let browser = Browser::find();
    eprintln!("page | bytes | ms (script done, best of 3)");
    for (i, args) in examples.iter().enumerate() {
        let (path, html) = page(&format!("sized-{i}.html"), args, 0);
        assert!(html.len() < 1_000_000, "{args:?}: {} bytes", html.len());
        let ms = browser.as_ref().map(|b| {
            (0..3)
                .filter_map(|_| {
                    let dom = b.dom(&path, "");
                    attr(body_tag(&dom), "data-ready-ms").and_then(|v| v.parse::<u64>().ok())
                })
                .min()
                .unwrap_or(0)
        });
        eprintln!(
            "{} | {} | {}",
            args.join(" "),
            html.len(),
            ms.map_or("-".into(), |m| m.to_string())
        );
    }
}
