//! The domain pages as a teacher draws them (#36), checked on the DOM after the page's
//! script ran: Hanoi drawn large with the moved disk and the rule fired, the queens' refused
//! squares with their reason, the rule base and conflict set of the rule engine with
//! removals struck through, the prover's nodes updated by a redo, and the pages in French.

use crate::common::run;
use crate::html::{Browser, page, section, text_of};

/// The pieces of `dom` that start with `open` (an element's opening text) and are shown:
/// their opening tag has no `off` class. Each piece runs to the next `open`.
fn shown<'d>(dom: &'d str, open: &str) -> Vec<&'d str> {
    dom.split(open)
        .skip(1)
        .filter(|piece| {
            let tag = &piece[..piece.find('>').unwrap_or(piece.len())];
            !tag.contains(" off") && !tag.contains("\"off")
        })
        .collect()
}

/// The step of a page whose caption (in its steps JSON) starts with `prefix`.
fn step_starting(html: &str, prefix: &str) -> usize {
    let json = html
        .split("<script type=\"application/json\" class=\"steps\">")
        .nth(1)
        .unwrap()
        .split("</script>")
        .next()
        .unwrap()
        .replace("<\\/", "</");
    let steps: serde_json::Value = serde_json::from_str(&json).unwrap();
    steps
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s["c"].as_str().unwrap().starts_with(prefix))
        .unwrap_or_else(|| panic!("no step starting {prefix}"))
}

#[test]
fn hanoi_page_draws_the_moved_disk_with_an_arrow_and_the_rule_fired() {
    let (path, html) = page("hanoi-large.html", &["hanoi"], 0);
    let (_, text, _) = run(&["hanoi", "--compact"]);
    let line = text.lines().find(|l| l.starts_with("Move 3 ")).unwrap();
    let Some(browser) = Browser::find() else {
        assert!(html.contains("class=\"disk moved\""));
        return;
    };
    let dom = browser.dom(&path, "step=3");
    let s0 = section(&dom, "s0");
    // The caption is the terminal's line for that move.
    let caption = text_of(s0, "caption");
    assert!(line.starts_with(&caption), "{caption} / {line}");
    assert!(caption.contains("(r1, 1 rule eligible)"), "{caption}");
    let frames = shown(s0, "<g class=\"frame");
    assert_eq!(frames.len(), 1, "one picture at a time");
    let frame = frames[0];
    assert_eq!(frame.matches("class=\"disk moved\"").count(), 1);
    assert!(frame.contains("class=\"move-arrow\""));
    assert!(frame.contains("class=\"ghost\""));
    // The moved disk is disk 2, now on peg 1, listed bottom first under the peg.
    let moved = &frame[frame.find("class=\"disk moved\"").unwrap()..];
    assert!(moved.contains("<title>disk 2</title>"));
    assert!(frame.contains(">peg 1  [2]</text>"));
    assert!(frame.contains(">rule r1 fired (the only rule eligible)</text>"));
    // The start has no moved disk.
    let start = browser.dom(&path, "step=0");
    let first = shown(section(&start, "s0"), "<g class=\"frame")[0];
    assert!(!first.contains("disk moved") && !first.contains("move-arrow"));
}

#[test]
fn queens_page_says_why_each_refused_square_is_refused() {
    let (path, html) = page("queens-why.html", &["queens", "6"], 0);
    // The first queen of row 1 goes to column 2: columns 0 and 1 are attacked by row 0's
    // queen (column 0), along its column and a diagonal.
    let k = step_starting(&html, "row 1: queen in column 2");
    let Some(browser) = Browser::find() else {
        return;
    };
    let dom = browser.dom(&path, &format!("step={k}"));
    let s0 = section(&dom, "s0");
    let caption = text_of(s0, "caption");
    assert!(
        caption.contains("column 0: attacked by the queen on row 0 along the column")
            && caption.contains("column 1: attacked by the queen on row 0 along a diagonal"),
        "{caption}"
    );
    let marks: Vec<&str> = shown(s0, "<g data-s=")
        .into_iter()
        .flat_map(|g| g.split("<g class=\"refused\"").skip(1))
        .collect();
    let cols: Vec<&str> = marks
        .iter()
        .map(|m| {
            m.split("data-col=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(
        cols,
        ["0", "1"],
        "the refused squares of row 1, and only they"
    );
    assert!(
        marks[0].contains("data-line=\"column\"") && marks[1].contains("data-line=\"diagonal\"")
    );
    assert!(
        marks[1]
            .contains("<title>column 1: attacked by the queen on row 0 along a diagonal</title>")
    );
    // One step later the marks of that step are gone.
    let next = browser.dom(&path, &format!("step={}", k + 1));
    let later: usize = shown(section(&next, "s0"), "<g data-s=")
        .iter()
        .filter(|g| g.contains("data-col=\"1\" data-by=\"0\""))
        .count();
    assert_eq!(later, 0);
}

#[test]
fn rules_page_shows_the_rule_base_the_conflict_set_and_removals() {
    let args = ["rules", "examples/rules/car.rules"];
    let (path, _) = page("rules-base.html", &args, 0);
    let (_, trace, _) = run(&["rules", "examples/rules/car.rules", "--trace"]);
    // Cycle 3 of the terminal's trace: its conflict set and the rule fired.
    let set: Vec<String> = trace
        .lines()
        .find(|l| l.starts_with("Cycle 3: conflict set"))
        .unwrap()
        .rsplit(": ")
        .next()
        .unwrap()
        .split("; ")
        .map(str::to_string)
        .collect();
    assert!(set.len() >= 2, "{set:?}");
    let Some(browser) = Browser::find() else {
        return;
    };
    let dom = browser.dom(&path, "step=3");
    let s0 = section(&dom, "s0");
    let firing = shown(s0, "<rect class=\"firing");
    assert_eq!(firing.len(), 1, "one rule highlighted");
    assert!(firing[0].contains(&format!("data-rule=\"{}\"", set[0])));
    // Every rule of the base is drawn.
    for r in 1..=9 {
        assert!(s0.contains(&format!(">rule r{r}: ")), "rule r{r}");
    }
    let lists = shown(s0, "<g class=\"conflict-set");
    assert_eq!(lists.len(), 1);
    let listed: Vec<String> = lists[0]
        .split("<text")
        .skip(1)
        .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
        .collect();
    let expected: Vec<String> = set
        .iter()
        .enumerate()
        .map(|(i, a)| {
            if i == 0 {
                format!("▶ {a}")
            } else {
                format!("{}. {a}", i + 1)
            }
        })
        .collect();
    assert_eq!(listed, expected, "the strategy's order, the chosen first");
    // Hanoi's rules remove the old state: struck through as −fact in that cycle, then gone.
    let (hpath, _) = page(
        "rules-removal.html",
        &["rules", "examples/rules/hanoi.rules"],
        0,
    );
    let one = browser.dom(&hpath, "step=1");
    let removed = shown(section(&one, "s0"), "<g class=\"removed");
    assert_eq!(removed.len(), 1, "one removal in cycle 1");
    assert!(removed[0].contains(">−state([[3,2,1],[],[]])</text><line"));
    let two = browser.dom(&hpath, "step=2");
    let s0 = section(&two, "s0");
    assert!(
        shown(s0, "<g class=\"removed")
            .iter()
            .all(|g| !g.contains("[[3,2,1],[],[]]"))
    );
    assert!(
        !shown(s0, "<text class=\"fact")
            .iter()
            .any(|t| t.contains(">state([[3,2,1],[],[]])</text>")),
        "the removed fact is gone"
    );
}

#[test]
fn prove_page_updates_a_node_when_a_redo_fails_it() {
    let args = ["prove", "examples/prolog/family.pl", "grandparent(tom, X)"];
    let (path, html) = page("prove-redo.html", &args, 0);
    // parent(tom, Y) exits with bob, is redone, exits with liz, then fails.
    let failed = step_starting(&html, "fail parent(tom,");
    let Some(browser) = Browser::find() else {
        return;
    };
    let outcomes = |k: usize| -> Vec<String> {
        let dom = browser.dom(&path, &format!("step={k}"));
        shown(section(&dom, "s0"), "<text class=\"value outcome")
            .iter()
            .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
            .collect()
    };
    let before = outcomes(failed - 1);
    assert!(
        before.contains(&"✓ parent(tom,liz)".to_string()),
        "{before:?}"
    );
    let after = outcomes(failed);
    assert!(
        !after.contains(&"✓ parent(tom,liz)".to_string()),
        "{after:?}"
    );
    assert!(after.contains(&"✗ fail".to_string()), "{after:?}");
    // Each node shows one outcome at a time.
    let redone = step_starting(&html, "redo parent(tom,");
    let at_redo = outcomes(redone);
    assert!(at_redo.contains(&"↻ redo".to_string()));
    assert!(!at_redo.contains(&"✓ parent(tom,bob)".to_string()));
    // Goals are whole: the call's node holds the goal as called.
    let dom = browser.dom(&path, "step=1");
    let s0 = section(&dom, "s0");
    assert!(
        s0.contains(">grandparent(tom,_G"),
        "whole goal with its variable"
    );
    assert!(!s0.contains('…'));
}

#[test]
fn domain_pages_read_in_french_with_lang_fr() {
    let cases: [(&[&str], &str, &[&str]); 4] = [
        (
            &["--lang", "fr", "queens", "6"],
            "queens-fr.html",
            &[
                "Le retour arrière : chaque reine posée et retirée",
                "<th>essais</th>",
                "6 reines sur 6x6",
            ],
        ),
        (
            &[
                "--lang",
                "fr",
                "knight",
                "--size",
                "5",
                "--method",
                "warnsdorff",
            ],
            "knight-fr.html",
            &[
                "Le parcours, coup par coup",
                "La règle de Warnsdorff",
                "<th>retours arrière</th>",
            ],
        ),
        (
            &["--lang", "fr", "rules", "examples/rules/car.rules"],
            "rules-fr.html",
            &[
                "Base de règles",
                "Mémoire de travail",
                "Stratégie priority.",
            ],
        ),
        (
            &["--lang", "fr", "hanoi"],
            "hanoi-fr.html",
            &["Tours de Hanoï : 3 palets", "Les coups", "<th>coups</th>"],
        ),
    ];
    let browser = Browser::find();
    for (args, name, words) in cases {
        let (path, html) = page(name, args, 0);
        assert!(html.contains("<html lang=\"fr\">"));
        for w in words {
            assert!(html.contains(w), "{args:?}: {w}");
        }
        let Some(browser) = &browser else { continue };
        let dom = browser.dom(&path, "step=1");
        let caption = text_of(section(&dom, "s0"), "caption");
        for english in ["row ", "move ", "Move ", "fires ", "start"] {
            assert!(!caption.starts_with(english), "{args:?}: {caption}");
        }
        assert!(text_of(&dom, "where").starts_with("étape 1 / "));
    }
    let (path, _) = page("queens-fr-why.html", &["--lang", "fr", "queens", "6"], 0);
    let Some(browser) = browser else { return };
    let dom = browser.dom(&path, "step=2");
    assert!(
        text_of(section(&dom, "s0"), "caption")
            .starts_with("ligne 1 : reine en colonne 2 — refusées avant elle sur la ligne 1 : colonne 0 : attaquée par la reine de la ligne 0 sur la colonne"),
    );
}
