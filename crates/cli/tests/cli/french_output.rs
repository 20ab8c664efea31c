//! `--lang fr` on the reports that were English only (#35): prove, rules, pdb, cube,
//! experiment, connect4 and the games' play loops speak French, with a space before the
//! French colon; the locale picks French without the flag; JSON stays English.

use crate::common::{json, resolu, run, run_with_input, temp_file};

/// A base whose query never ends: the inference limit stops it.
const LOOP: &str = "loop :- loop.\n";

#[test]
fn prove_speaks_french_around_the_answers_and_keeps_prologs_own_words() {
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/car.pl",
        "voiture_OK",
        "--explain",
        "--limit",
        "1",
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("preuve :\n"), "{out}");
    assert!(out.contains("[par  voiture_OK :- batterie_OK"), "{out}");
    assert!(out.contains("bruit_demarrage   [fait]"), "{out}");
    // Prolog's own answer words stay as SWI-Prolog prints them.
    let (code, out, _) = run(&[
        "prove",
        "examples/prolog/car.pl",
        "nothing_here",
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.ends_with("false.\n"), "{out}");

    let file = temp_file("fr-loop.pl", LOOP);
    let (code, out, _) = run(&[
        "prove",
        &file,
        "loop",
        "--max-inferences",
        "1000",
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("arrêt : la limite d'inférences (1000, --max-inferences) est atteinte"),
        "{out}"
    );
    // The JSON's message is part of its contract: English whatever the language.
    let (code, out, _) = run(&[
        "prove",
        &file,
        "loop",
        "--max-inferences",
        "1000",
        "--format",
        "json",
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 3, "{out}");
    let v = json(&out);
    assert_eq!(v["reason"], "inference-limit");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("stopped: the inference limit (1000"),
        "{out}"
    );
}

#[test]
fn prove_traces_say_success_and_backtracking_in_french() {
    let file = temp_file("fr-trace.pl", "p :- q.\np.\nq :- fail.\n");
    let (code, out, _) = run(&[
        "prove",
        &file,
        "p",
        "--trace=steps",
        "--limit",
        "1",
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("succès"), "{out}");
    let (code, out, _) = run(&["prove", &file, "q", "--trace=steps", "--lang", "fr"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("échec\nfalse."), "{out}");
}

#[test]
fn rules_report_cycles_conflict_sets_and_verdicts_in_french() {
    let (code, out, _) = run(&[
        "rules",
        "examples/rules/hanoi.rules",
        "--trace",
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("; stratégie "), "{out}");
    assert!(out.contains("Cycle 1 : ensemble de conflits ("), "{out}");
    assert!(out.contains("\n  déclenche "), "{out}");
    assert!(!out.contains("conflict set"), "{out}");

    let (code, out, _) = run(&["rules", "examples/rules/car.rules", "--lang", "fr"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(" règles, "), "{out}");

    let looping = temp_file(
        "fr-looping.rules",
        "fact n(0).\nrule inc: n(X), Y is X + 1 ==> retract(n(X)), assert(n(Y)).\n",
    );
    let (code, out, _) = run(&["rules", &looping, "--max-cycles", "5", "--lang", "fr"]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("Arrêt après 5 cycles : la limite de cycles (--max-cycles) est atteinte."),
        "{out}"
    );
    let (code, out, _) = run(&[
        "rules",
        &looping,
        "--max-cycles",
        "5",
        "--format",
        "json",
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 3, "{out}");
    assert_eq!(
        json(&out)["message"],
        "Stopped after 5 cycles: the cycle limit (--max-cycles) was reached."
    );
}

#[test]
fn the_french_locale_picks_french_without_the_flag() {
    let output = resolu()
        .args(["rules", "examples/rules/car.rules"])
        .env("LANG", "fr_FR.UTF-8")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("; stratégie "), "{out}");
    // And `--lang en` wins over the locale.
    let output = resolu()
        .args(["rules", "examples/rules/car.rules", "--lang", "en"])
        .env("LANG", "fr_FR.UTF-8")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("; strategy "), "{out}");
}

#[test]
fn pdb_build_and_info_speak_french() {
    let dir = std::env::temp_dir().join(format!("resolu-cli-fr-pdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir = dir.display().to_string();
    let (code, out, err) = run(&[
        "pdb",
        "build",
        "--size",
        "3",
        "--pattern",
        "4-4",
        "--pdb-dir",
        &dir,
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("Base de motifs 4-4 ("), "{out}");
    assert!(out.contains(" : construite."), "{out}");
    assert!(out.contains(" octets, construite en "), "{out}");
    let (code, out, _) = run(&["pdb", "info", "--pdb-dir", &dir, "--lang", "fr"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("Bases de motifs dans "), "{out}");
    assert!(out.contains(" Mo, construite en "), "{out}");
}

#[test]
fn cube_solutions_and_verdicts_speak_french() {
    let (code, out, _) = run(&["cube", "R U F'", "--method", "bfs", "--lang", "fr"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Le cube 3x3x3, déplié :"), "{out}");
    assert!(
        out.contains(
            "Solution (3 mouvements, htm, optimale, par la recherche en largeur générique) :"
        ),
        "{out}"
    );
    assert!(
        out.contains("Rejouée sur le modèle du cube : résolu."),
        "{out}"
    );
    assert!(
        out.contains("Recherche en largeur (générique, resolu_search) : "),
        "{out}"
    );
}

#[test]
fn the_experiment_summary_speaks_french() {
    let out_dir = std::env::temp_dir().join(format!("resolu-cli-fr-exp-{}", std::process::id()));
    let (code, out, err) = run(&[
        "experiment",
        "hanoi",
        "--disks",
        "1-3",
        "--out",
        out_dir.to_str().unwrap(),
        "--lang",
        "fr",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("profondeur"), "{out}");
    assert!(
        out.contains(
            "Chaque case : médiane des états développés / médiane du temps sur 1 instance"
        ),
        "{out}"
    );
    assert!(out.contains(" exécutions écrites dans "), "{out}");
    // The report is the study's own words too.
    let report = std::fs::read_to_string(out_dir.join("report.md")).unwrap();
    assert!(
        report.starts_with("# Tours de Hanoï sur 3 pics : recherche contre récursion\n"),
        "{report}"
    );
    assert!(
        report.contains("| profondeur | configuration | exécutions | résolues |"),
        "{report}"
    );
    assert!(report.contains("## Jusqu'où va chaque méthode"), "{report}");
    assert!(
        report.contains(" : plus grande tour résolue : "),
        "{report}"
    );
}

#[test]
fn connect4_shows_solves_and_plays_in_french() {
    let (code, out, _) = run(&["connect4", "--size", "5x4", "--lang", "fr"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("Puissance 4 sur 5x4 : "), "{out}");
    assert!(
        out.contains("0 pions joués ; le joueur 1 (X) a le trait."),
        "{out}"
    );
    let (code, out, _) = run(&["connect4", "--size", "5x4", "solve", "--lang", "fr"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Solveur : "), "{out}");
    let (code, out, _) = run_with_input(
        &["connect4", "--size", "5x4", "play", "--lang", "fr"],
        "9\n1\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Vous êtes le joueur 1, l'ordinateur (niveau perfect) est le joueur 2."),
        "{out}"
    );
    assert!(
        out.contains("Refusé : il n'y a pas de colonne 9 (1 à 5). Recommencez."),
        "{out}"
    );
    assert!(out.contains("Vous : colonne 1."), "{out}");
    assert!(out.contains("Ordinateur : colonne "), "{out}");
    assert!(
        out.contains("Fin de l'entrée : la partie s'arrête là."),
        "{out}"
    );
}

#[test]
fn matches_and_tictactoe_play_in_french() {
    let (code, out, _) = run_with_input(
        &["matches", "play", "--matches", "2", "--lang", "fr"],
        "abc\n3\n2\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Refusé : 'abc' n'est pas un nombre entier. Recommencez."),
        "{out}"
    );
    assert!(
        out.contains("Refusé : il ne reste que 2 allumettes, vous ne pouvez pas en prendre 3."),
        "{out}"
    );
    assert!(out.contains("État (2, 1) : il en reste 2"), "{out}");
    assert!(out.contains("Vous avez gagné !"), "{out}");

    let (code, out, _) = run_with_input(&["tictactoe", "play", "--lang", "fr"], "5\n5\nq\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Vous : ligne 2, colonne 2."), "{out}");
    assert!(
        out.contains("Refusé : la case en ligne 2, colonne 2 est déjà prise."),
        "{out}"
    );
    assert!(out.contains("Vous arrêtez la partie."), "{out}");
}
