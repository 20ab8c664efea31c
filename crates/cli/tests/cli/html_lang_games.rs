//! `--lang fr --html FILE` on the game pages (tic-tac-toe, matches), the prover page and
//! the cube page (#36): their intro, titles, counters and step captions read in French in
//! the browser, as the terminal's French output does; the English pages keep their words.

use crate::html::{Browser, page};

/// The text of the first element with class `class` in a piece of DOM.
fn text_of(dom: &str, class: &str) -> String {
    let key = format!("class=\"{class}\"");
    let at = dom
        .find(&key)
        .unwrap_or_else(|| panic!("no element of class {class}"));
    let start = at + dom[at..].find('>').unwrap() + 1;
    dom[start..start + dom[start..].find('<').unwrap()].to_string()
}

/// The section `id` of a dumped DOM.
fn section<'d>(dom: &'d str, id: &str) -> &'d str {
    let start = dom
        .find(&format!("<section class=\"stepper\" id=\"{id}\""))
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = dom[start..].find("</section>").unwrap();
    &dom[start..start + end]
}

#[test]
fn game_and_prover_pages_read_in_french_with_lang_fr() {
    let board = ["tictactoe", "solve", "--board", "xx./oo./..."];
    let fr_args: Vec<&str> = ["--lang", "fr"].iter().chain(&board).copied().collect();
    let (ttt, html) = page("lang-fr-tictactoe.html", &fr_args, 0);
    assert!(html.contains("<html lang=\"fr\">"));
    for word in [
        "Départ XX./OO./... ; X est le joueur 1.",
        "Jeu parfait : le joueur qui a le trait gagne",
        "Alpha-bêta",
        "<th>nœuds visités</th>",
        "<th>coupures</th>",
    ] {
        assert!(html.contains(word), "the French game page has {word}");
    }
    for english in ["Perfect play", "nodes visited", "visit XX", "value of "] {
        assert!(!html.contains(english), "no English left: {english}");
    }
    let en_args: Vec<&str> = ["--lang", "en"].iter().chain(&board).copied().collect();
    let (_, english) = page("lang-en-tictactoe.html", &en_args, 0);
    for word in [
        "Perfect play: the player to move wins",
        "<th>nodes visited</th>",
    ] {
        assert!(english.contains(word), "the English page keeps {word}");
    }

    let (matches, html) = page("lang-fr-matches.html", &["--lang", "fr", "matches"], 0);
    assert!(
        html.contains("Départ (5, 1) : un état est (allumettes restantes, joueur qui a le trait).")
    );

    let (prove, html) = page(
        "lang-fr-prove.html",
        &[
            "--lang",
            "fr",
            "prove",
            "examples/prolog/family.pl",
            "grandparent(tom,X)",
        ],
        0,
    );
    for word in [
        "Question : grandparent(tom,X)",
        "La recherche des preuves",
        "<th>appels</th>",
        "<th>réponses</th>",
        "Arbre de preuve de la réponse 1 : X = ann",
    ] {
        assert!(html.contains(word), "the French prover page has {word}");
    }
    assert!(!html.contains("Proof tree of answer"));

    let (_, cube) = page(
        "lang-fr-cube.html",
        &["--lang", "fr", "cube", "R U R' U'"],
        0,
    );
    for word in ["Les mouvements", "<th>mouvements</th>", "Mouvement 1 : "] {
        assert!(cube.contains(word), "the French cube page has {word}");
    }
    assert!(!cube.contains("Move 1: "));

    let Some(browser) = Browser::find() else {
        return;
    };
    let dom = browser.dom(&ttt, "step=1");
    let perfect = text_of(section(&dom, "s0"), "caption");
    assert_eq!(perfect, "Coup 1 : (1, 3)");
    assert_eq!(
        text_of(section(&dom, "s1"), "caption"),
        "visite XX./OO./..."
    );
    let alphabeta = text_of(section(&dom, "s2"), "caption");
    assert!(
        alphabeta.starts_with("visite XX./OO./..., α = "),
        "{alphabeta}"
    );
    assert!(text_of(&dom, "where").starts_with("étape 1 / "));
    let last = browser.dom(&ttt, "step=last");
    let value = text_of(section(&last, "s1"), "caption");
    assert!(
        value.starts_with("valeur de XX./OO./... : +1 pour le joueur 1"),
        "{value}"
    );

    let dom = browser.dom(&matches, "step=1");
    assert_eq!(
        text_of(section(&dom, "s0"), "caption"),
        "Coup 1 : prendre 1"
    );
    assert!(text_of(section(&dom, "s1"), "caption").starts_with("visite (5, 1)"));

    let dom = browser.dom(&prove, "step=last");
    assert_eq!(
        text_of(section(&dom, "s0"), "caption"),
        "fin : 2 réponse(s)"
    );
    assert_eq!(
        text_of(section(&dom, "s1"), "caption"),
        "parent(bob,ann)  [fait]"
    );
}
