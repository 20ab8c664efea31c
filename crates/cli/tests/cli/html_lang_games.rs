//! `--lang fr --html FILE` on the game pages (tic-tac-toe, matches), the prover page and
//! the cube page (#36): their intro, titles, counters and step captions read in French in
//! the browser, as the terminal's French output does; the English pages keep their words.

use crate::html::{Browser, page, section, text_of};

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

#[test]
fn connect4_pages_read_in_french_with_lang_fr() {
    let solve = [
        "--lang",
        "fr",
        "connect4",
        "solve",
        "--moves",
        "327647756713",
    ];
    let (path, html) = page("lang-fr-connect4.html", &solve, 0);
    assert!(html.contains("<html lang=\"fr\">"));
    for word in [
        "Puissance 4 sur 7x6. Le joueur 1 (X), qui a le trait, gagne",
        "Le jeu parfait du solveur",
        "<th>positions explorées</th>",
        "Au-dessus de chaque colonne : son score pour le joueur qui a le trait",
    ] {
        assert!(
            html.contains(word),
            "the French Connect Four page has {word}"
        );
    }
    for english in [
        "Perfect play by the solver",
        "Connect Four on",
        "Above each column",
    ] {
        assert!(!html.contains(english), "no English left: {english}");
    }
    let (_, english) = page(
        "lang-en-connect4.html",
        &[
            "--lang",
            "en",
            "connect4",
            "solve",
            "--moves",
            "327647756713",
        ],
        0,
    );
    assert!(english.contains("Perfect play by the solver"));
    assert!(english.contains("<th>nodes</th>"));

    let file = std::env::temp_dir().join(format!("resolu-c4-play-fr-{}.html", std::process::id()));
    let file_arg = file.to_str().unwrap();
    let (code, _, err) = crate::common::run_with_input(
        &[
            "--lang", "fr", "connect4", "--size", "5x4", "play", "--level", "random", "--seed",
            "1", "--html", file_arg,
        ],
        "1\n2\n3\n",
    );
    assert_eq!(code, 0, "{err}");
    let game = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_file(&file);
    for word in [
        "Puissance 4 sur 5x4, contre l&#39;ordinateur (niveau random).",
        "La partie jouée",
        "Coup 1 (vous, X) : colonne 1",
        "Coup 2 (l'ordinateur, O) : colonne ",
        "<th>coups</th>",
    ] {
        assert!(game.contains(word), "the French play page has {word}");
    }
    assert!(!game.contains("The game as played"));

    let Some(browser) = Browser::find() else {
        return;
    };
    let first = browser.dom(&path, "step=0");
    let caption = text_of(section(&first, "s0"), "caption");
    assert_eq!(
        caption,
        "la position, le joueur 1 a le trait : le score de chaque colonne au-dessus d'elle"
    );
    let second = browser.dom(&path, "step=1");
    assert_eq!(
        text_of(section(&second, "s0"), "caption"),
        "Coup 1 : colonne 3"
    );
    assert!(text_of(&second, "where").starts_with("étape 1 / "));
}
