//! `--lang fr`: the flags' descriptions of `--help`, clap's parse errors and the libraries'
//! refusals of an input are French (#35); the exit codes stay.

use crate::common::{run, temp_file};

#[test]
fn the_taquin_help_describes_its_flags_in_french() {
    let (code, out, _) = run(&["--lang", "fr", "taquin", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Le taquin de départ"), "{out}");
    assert!(
        out.contains("S'arrête après avoir développé ce nombre d'états"),
        "{out}"
    );
    assert!(out.contains("[par défaut : manhattan]"), "{out}");
    assert!(
        out.contains("La pièce qui glisse dans la case vide"),
        "{out}"
    );
    assert!(out.contains("Options :"), "{out}");
    assert!(!out.contains("The start board"), "{out}");
    assert!(!out.contains("[default:"), "{out}");
    assert!(
        out.contains("Affiche l'aide (un résumé avec « -h »)"),
        "{out}"
    );
    assert!(out.contains("Exemples :"), "{out}");
    // The short help too, and a French locale gives the same.
    let (_, short, _) = run(&["taquin", "-h", "--lang", "fr"]);
    assert!(short.contains("Le taquin de départ"), "{short}");
    assert!(
        short.contains("[valeurs possibles : tiles, blank]"),
        "{short}"
    );
}

#[test]
fn the_english_help_stays_english() {
    let (_, out, _) = run(&["taquin", "--help"]);
    assert!(out.contains("The start board"), "{out}");
    assert!(!out.contains("Le taquin de départ"), "{out}");
}

#[test]
fn clap_errors_are_french_with_exit_code_2() {
    let cases: [(&[&str], &[&str]); 5] = [
        (
            &["--lang", "fr", "taquin", "--strat", "x"],
            &[
                "erreur : argument inattendu « --strat »",
                "astuce : un argument semblable existe : « --start »",
                "Utilisation : resolu taquin",
                "Pour en savoir plus, essayez « --help ».",
            ],
        ),
        (
            &["--lang", "fr", "taquin", "--algo"],
            &["une valeur est requise pour « --algo <ALGO> »"],
        ),
        (
            &["--lang", "fr", "taquin", "--moves-as", "coin"],
            &[
                "valeur « coin » invalide pour « --moves-as <HOW> »",
                "[valeurs possibles : tiles, blank]",
            ],
        ),
        (
            &["--lang", "fr", "tachin"],
            &[
                "sous-commande « tachin » inconnue",
                "une sous-commande semblable existe : « taquin »",
            ],
        ),
        (
            &["--lang", "fr", "taquin", "--max-nodes", "beaucoup"],
            &["valeur « beaucoup » invalide pour « --max-nodes <N> » : chiffre invalide"],
        ),
    ];
    for (args, wanted) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        for w in wanted {
            assert!(err.contains(w), "{args:?}: {w:?} not in {err}");
        }
        assert!(!err.contains("error:"), "{args:?}: {err}");
    }
}

#[test]
fn wrong_taquin_boards_are_refused_in_french() {
    for (start, wanted) in [
        ("12/3_4", "lignes de longueurs différentes"),
        (
            "1_/_2",
            "un taquin a exactement une case vide (0, _, . ou vide), celui-ci en a 2",
        ),
        (
            "1_/_",
            "lignes de longueurs différentes : la ligne 1 a 2 cases, la ligne 2 en a 1",
        ),
        ("12/2_", "la pièce 2 apparaît plusieurs fois"),
        ("1 2 3 4 5", "celle-ci a 5 cases"),
        ("12/34", "celui-ci en a 0"),
    ] {
        let (code, _, err) = run(&["taquin", "--start", start, "--lang", "fr"]);
        assert_eq!(code, 2, "{start}: {err}");
        assert!(err.starts_with("erreur : --start : "), "{start}: {err}");
        assert!(err.contains(wanted), "{start}: {wanted:?} not in {err}");
        assert!(
            err.contains("la case vide s'écrit 0, _, . ou vide"),
            "{err}"
        );
    }
    // A tile of the start that the goal does not have.
    let (code, _, err) = run(&[
        "taquin", "--start", "ab/c_", "--goal", "ab/_d", "--lang", "fr",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("la pièce c est dans le départ mais pas dans le but"),
        "{err}"
    );
    // In English, the library's words.
    let (_, _, err) = run(&["taquin", "--start", "12/2_"]);
    assert!(
        err.contains("error: --start: tile 2 appears more than once"),
        "{err}"
    );
}

#[test]
fn file_errors_are_french_with_their_line_and_column() {
    let graph = temp_file("fr-bad.graph", "start a\ngoal b\nedge a b -3\n");
    let maze = temp_file("fr-bad-maze.txt", "#####\n#S.x#\n#####\n");
    let rules = temp_file("fr-bad.rules", "rule r1: a ==> b.\nrule r2 a ==> c.\n");
    let prolog = temp_file("fr-bad.pl", "p(X) :- q(X.\n");
    let course = temp_file("fr-bad-course.txt", "A <- B C.\n");
    for (args, wanted) in [
        (
            vec!["graph", graph.as_str()],
            format!("{graph} : ligne 3, colonne 10 : '-3' doit être un nombre fini positif ou nul"),
        ),
        (
            vec!["maze", maze.as_str()],
            format!("{maze} : ligne 2, colonne 4 : caractère 'x' inattendu"),
        ),
        (
            vec!["rules", rules.as_str()],
            format!("{rules} : ligne 2, colonne 9 : `:` est attendu après `rule r2`"),
        ),
        (
            vec!["prove", prolog.as_str(), "p(1)"],
            format!("{prolog} : erreur de syntaxe, ligne 1 colonne 12 : `)` attendu (près de `.`)"),
        ),
        (
            vec!["prove", course.as_str(), "A"],
            format!("{course} : ligne 1, colonne 8 : `,`, `;` ou `.` attendu"),
        ),
    ] {
        let mut line = args.clone();
        line.extend(["--lang", "fr"]);
        let (code, _, err) = run(&line);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with("erreur : "), "{args:?}: {err}");
        assert!(err.contains(&wanted), "{args:?}: {wanted:?} not in {err}");
    }
    let (code, _, err) = run(&["prove", prolog.as_str(), "p(1)"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(":1:12: syntax error: expected `)` (near `.`)"),
        "{err}"
    );
    // A query's syntax error.
    let base = temp_file("fr-good.pl", "p(1).\n");
    let (code, _, err) = run(&["prove", base.as_str(), "p(", "--lang", "fr"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("question : erreur de syntaxe, ligne 1 colonne"),
        "{err}"
    );
}

#[test]
fn unknown_names_are_refused_in_french() {
    for (args, wanted) in [
        (
            &["taquin", "--algo", "xyz"][..],
            "erreur : algorithme 'xyz' inconnu (attendu : random, dfs",
        ),
        (
            &["taquin", "--heuristic", "xyz"][..],
            "erreur : heuristique 'xyz' inconnue (attendu : zero, misplaced",
        ),
        (
            &["knight", "--method", "xyz"][..],
            "erreur : méthode 'xyz' inconnue (attendu : basic, band or warnsdorff)",
        ),
    ] {
        let mut line = args.to_vec();
        line.extend(["--lang", "fr"]);
        let (code, _, err) = run(&line);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with(wanted), "{args:?}: {wanted:?} not in {err}");
    }
    let (_, _, err) = run(&["taquin", "--algo", "xyz"]);
    assert!(err.starts_with("error: unknown algorithm 'xyz'"), "{err}");
}

#[test]
fn the_cli_own_refusals_are_french_with_exit_code_2() {
    let capitals = temp_file("fr-capitals.pl", "A :- B, C.\n");
    let heaps: Vec<String> = (1..=65).map(|n| n.to_string()).collect();
    let heaps = heaps.join(",");
    let cases: [(Vec<&str>, &str, &str); 7] = [
        (
            vec!["matches", "play", "--heaps", heaps.as_str()],
            "erreur : --heaps : au plus 64 tas",
            "error: --heaps: at most 64 heaps",
        ),
        (
            vec!["rules", "examples/rules/car.rules", "--fact", "p(X)"],
            "erreur : --fact : p(X) n'est ni un atome ni un terme composé sans variable",
            "error: --fact: p(X) is not a ground atom or compound term",
        ),
        (
            vec!["hanoi", "--method", "zzz"],
            "erreur : méthode 'zzz' inconnue (attendu : rules, optimal, ou un algorithme",
            "error: unknown method 'zzz' (expected rules, optimal, or a search algorithm",
        ),
        (
            vec!["experiment", "hanoi", "--disks", "30"],
            "erreur : --disks : entre 1 et 20 disques",
            "error: --disks: between 1 and 20 disks",
        ),
        (
            vec!["cube", "--size", "4"],
            "erreur : --size doit valoir 2 ou 3, pas 4",
            "error: --size must be 2 or 3, got 4",
        ),
        (
            vec!["pdb", "build", "--size", "9x9"],
            "erreur : --size : '9x9' n'est pas N ou LIGNESxCOLONNES entre 2x2 et 64 cases",
            "error: --size: '9x9' is not N or ROWSxCOLS between 2x2 and 64 cells",
        ),
        (
            vec!["prove", capitals.as_str(), "a"],
            "en Prolog un nom qui commence par une majuscule est une variable",
            "in Prolog a name that starts with a capital is a variable",
        ),
    ];
    for (args, french, english) in cases {
        let mut line = args.clone();
        line.extend(["--lang", "fr"]);
        let (code, _, err) = run(&line);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(french), "{args:?}: {french:?} not in {err}");
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(english), "{args:?}: {english:?} not in {err}");
    }
    // A Prolog clause refused at loading: the place in French, the Prolog error as it is.
    let (_, _, err) = run(&["prove", capitals.as_str(), "a", "--lang", "fr"]);
    assert!(
        err.starts_with(&format!(
            "erreur : {capitals} : ligne 1 : instantiation_error"
        )),
        "{err}"
    );
}

#[test]
fn the_labs_sizes_and_boards_are_refused_in_french_too() {
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &["knight", "--size", "0"],
            "taille d'échiquier « 0 » incorrecte",
            "bad board size '0'",
        ),
        (
            &["queens", "0"],
            "les N reines demandent 1 <= N <= 32, pas 0",
            "N-queens needs 1 <= N <= 32, got 0",
        ),
        (
            &["hanoi", "--disks", "0"],
            "avec 3 pics, il faut de 1 à 32 palets, pas 0",
            "with 3 pegs the disks must number 1 to 32, not 0",
        ),
        (
            &["tictactoe", "solve", "--board", "xxx"],
            "une grille de morpion a neuf cases, celle-ci en a 3",
            "a board has nine cells, got 3",
        ),
        (
            &["matches", "--take", "0"],
            "on prend un nombre entier d'allumettes, au moins 1",
            "takes must be whole numbers of at least 1",
        ),
        (
            &["connect4", "--moves", "9"],
            "caractère 1 (« 9 ») : pas une colonne (1 à 7)",
            "character 1 ('9'): not a column (1 to 7)",
        ),
    ];
    for (args, french, english) in cases {
        let (code, out, err) = run(&[&["--lang", "fr"], args].concat());
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(french), "{args:?}: {err}");
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(english), "{args:?}: {err}");
    }
}

#[test]
fn the_experiments_refusals_are_french_too() {
    let (code, _, err) = run(&["--lang", "fr", "experiment", "taquin", "--depths", "x"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--depths : « x » n'est ni une profondeur"),
        "{err}"
    );
    let (code, _, err) = run(&["--lang", "fr", "experiment", "taquin", "--size", "7y"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--size : « 7y » n'est pas N ou LIGNESxCOLONNES"),
        "{err}"
    );
    let (_, _, err) = run(&["experiment", "taquin", "--size", "7y"]);
    assert!(err.contains("--size: '7y' is not N or ROWSxCOLS"), "{err}");
}
