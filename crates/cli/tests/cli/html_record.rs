//! `--html` pages are made from the run the terminal reports (#36): the counters on a page
//! are the command's JSON, the open nodes drawn at a step are the frontier counted there,
//! a directive runs once, alpha-beta writes a bound as a bound, and the README's examples
//! give small pages whose labels fit their boxes.

use crate::common::run;
use crate::html::{Browser, page, section, section_attr};

/// The value of counter `name` in a page's counters table (the first section that has it).
fn counter(html: &str, name: &str) -> u64 {
    let key = format!("<th>{name}</th><td>");
    let at = html
        .find(&key)
        .unwrap_or_else(|| panic!("no counter {name}"))
        + key.len();
    html[at..].split('<').next().unwrap().parse().unwrap()
}

/// The search counters of a command's JSON (`stats`).
fn json_stats(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let (_, out, err) = run(&all);
    let json: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    json["stats"].clone()
}

#[test]
fn html_page_counters_are_the_commands_own_run() {
    for (i, args) in [
        vec!["taquin"],
        vec![
            "taquin",
            "--algo",
            "idastar",
            "--start",
            "8 6 7/2 5 4/3 _ 1",
            "--goal",
            "standard",
        ],
        vec!["taquin", "--algo", "bfs"],
        vec!["graph", "examples/graphs/romania.graph", "--algo", "astar"],
        vec!["graph", "examples/graphs/romania.graph", "--algo", "ucs"],
        vec!["maze", "examples/mazes/rooms.maze", "--algo", "astar"],
        vec!["hanoi", "--method", "astar", "--disks", "3"],
    ]
    .iter()
    .enumerate()
    {
        let (_, html) = page(&format!("counters-{i}.html"), args, 0);
        let stats = json_stats(args);
        for name in ["expanded", "generated"] {
            assert_eq!(
                serde_json::json!(counter(&html, name)),
                stats[name],
                "{args:?}: {name}"
            );
        }
    }
    // The course's example: the page says what the terminal says.
    let (_, html) = page("course.html", &["taquin"], 0);
    assert_eq!(
        (counter(&html, "generated"), counter(&html, "duplicates")),
        (11, 0)
    );
}

/// The open nodes drawn in a section of a dumped DOM, and the frontier its counters say.
fn open_and_counted(section: &str) -> (usize, usize) {
    let open = section
        .split("<g class=\"node")
        .skip(1)
        .filter(|g| {
            let class = g.split('"').next().unwrap();
            class.split(' ').any(|c| c == "open")
        })
        .count();
    let counters = section.split("class=\"now-counters\">").nth(1).unwrap();
    let frontier = counters
        .split("frontier ")
        .nth(1)
        .unwrap_or_else(|| panic!("no frontier in {}", &counters[..80.min(counters.len())]))
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    (open, frontier)
}

#[test]
fn html_open_nodes_drawn_are_the_frontier_counted_at_each_step() {
    let (path, _) = page("frontier.html", &["taquin"], 0);
    let (rpath, _) = page(
        "frontier-romania.html",
        &["graph", "examples/graphs/romania.graph"],
        0,
    );
    let Some(browser) = Browser::find() else {
        return;
    };
    for k in 0..=5 {
        let dom = browser.dom(&path, &format!("step={k}"));
        let (open, counted) = open_and_counted(section(&dom, "s1"));
        assert_eq!(open, counted, "taquin step {k}");
        if k == 3 {
            assert_eq!(counted, 6, "the course's 'frontier 6' at step 3");
        }
    }
    // Romania at step 3: the two numbers the exercise turns on, in the frontier panel,
    // Fagaras first (the next choice).
    let dom = browser.dom(&rpath, "step=3");
    let s1 = section(&dom, "s1");
    let (open, counted) = open_and_counted(s1);
    assert_eq!(open, counted);
    let panel = s1.split("<ol class=\"frontier\"").nth(1).unwrap();
    let fagaras = panel.find("Fagaras  239+176=415").expect("Fagaras 415");
    let pitesti = panel.find("Pitesti  317+100=417").expect("Pitesti 417");
    assert!(fagaras < pitesti);
    assert!(panel.contains("<li class=\"next\">Fagaras"));
}

#[test]
fn html_prove_runs_a_directive_once() {
    let dir = std::env::temp_dir().join(format!("resolu-html-once-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hello.pl");
    std::fs::write(&file, ":- write(hello), nl.\np(1).\np(2).\n").unwrap();
    let out_page = dir.join("hello.html");
    let (code, out, err) = run(&[
        "prove",
        file.to_str().unwrap(),
        "p(X)",
        "--html",
        out_page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.matches("hello").count(), 1, "{out}");
    let html = std::fs::read_to_string(&out_page).unwrap();
    assert!(html.contains("Proof tree of answer 2: X = 2"));
}

#[test]
fn html_prove_writes_goals_with_the_programs_operators_as_the_terminal_does() {
    let dir = std::env::temp_dir().join(format!("resolu-html-ops-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ops.pl");
    std::fs::write(&file, ":- op(700, xfx, ~>).\nr(a ~> b).\ns(X) :- r(X).\n").unwrap();
    let out_page = dir.join("ops.html");
    let args = ["prove", file.to_str().unwrap(), "s(X)", "--trace", "ports"];
    let (code, out, err) = run(&[&args[..], &["--html", out_page.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Exit: (1) r(a~>b)"), "{out}");
    let html = std::fs::read_to_string(&out_page).unwrap();
    // The call, its exit, the answer and its proof tree, each written as the trace writes it.
    assert!(
        html.contains("r(a~>b)") && html.contains("X = a~>b"),
        "{html}"
    );
    assert!(
        !html.contains("~>(a,b)"),
        "a goal written with the standard operators only"
    );
}

#[test]
fn html_alpha_beta_writes_a_cut_off_bound_as_a_bound_and_players_by_shape() {
    let (_, html) = page(
        "bounds.html",
        &["tictactoe", "solve", "--board", "x../.o./..."],
        0,
    );
    let alphabeta = html.split("<h2>Alpha-beta</h2>").nth(1).unwrap();
    assert!(
        alphabeta.contains("≥ 0") || alphabeta.contains("≤ 0"),
        "a bound is written as one"
    );
    assert!(alphabeta.contains("cut-off in "));
    assert!(alphabeta.contains("α = -1, β = +1"));
    // MAX and MIN nodes differ by shape.
    assert!(html.contains("<path class=\"shape\""));
    let minimax = html
        .split("<h2>Minimax</h2>")
        .nth(1)
        .unwrap()
        .split("<h2>Alpha-beta</h2>")
        .next()
        .unwrap();
    assert!(
        !minimax.contains('≥') && !minimax.contains('≤'),
        "minimax values are exact"
    );
}

#[test]
fn html_readme_examples_are_small_and_no_label_is_cut() {
    let examples: [&[&str]; 12] = [
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
    ];
    let browser = Browser::find();
    for (i, args) in examples.iter().enumerate() {
        let (path, html) = page(&format!("readme-{i}.html"), args, 0);
        assert!(html.len() < 1_000_000, "{args:?}: {} bytes", html.len());
        let Some(browser) = &browser else { continue };
        let dom = browser.dom(&path, "step=last&check");
        let body = &dom[dom.find("<body").unwrap()..];
        let tag = &body[..body.find('>').unwrap()];
        assert!(tag.contains("data-overflow=\"0\""), "{args:?}: {tag}");
        let _ = section_attr(&dom, "s0", "data-step");
    }
}

#[test]
fn warnsdorff_page_shows_each_candidate_with_the_degree_the_text_prints() {
    let args = ["knight", "--size", "5", "--method", "warnsdorff"];
    let (path, html) = page("warnsdorff-degrees.html", &args, 0);
    let (_, out, _) = run(&[&args[..], &["--degrees", "--format", "json"]].concat());
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let steps = json["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 24);
    let shown = |step: &serde_json::Value| {
        step["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                format!(
                    "({},{}):{}",
                    c["square"][0], c["square"][1], c["free_neighbours"]
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Every step's candidates are on the page, as the text gives them.
    for step in steps {
        assert!(html.contains(&shown(step)), "{}", shown(step));
    }
    let Some(browser) = Browser::find() else {
        return;
    };
    for k in [0usize, 5, 23] {
        let dom = browser.dom(&path, &format!("step={k}"));
        assert_eq!(section_attr(&dom, "s2", "data-shown"), shown(&steps[k]));
        let section = &dom[dom.find("id=\"s2\"").unwrap()..];
        // The candidates drawn at this step, and only they: one per candidate, one chosen.
        let classes: Vec<&str> = section
            .split("<g class=\"")
            .skip(1)
            .map(|g| &g[..g.find('"').unwrap()])
            .filter(|c| c.starts_with("candidate"))
            .collect();
        let visible: Vec<&&str> = classes
            .iter()
            .filter(|c| !c.split(' ').any(|w| w == "off"))
            .collect();
        let chosen = visible.iter().filter(|c| c.contains("chosen")).count();
        assert_eq!(chosen, 1, "step {k}: {visible:?}");
        let candidates = steps[k]["candidates"].as_array().unwrap().len();
        assert_eq!(visible.len(), candidates, "step {k}");
        assert!(candidates >= 1);
    }
}
