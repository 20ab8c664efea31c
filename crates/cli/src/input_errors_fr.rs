//! The libraries' refusals of a file or a board, in French. The libraries word their errors
//! in English (they know nothing of the catalogues); they give the place (line, column) as
//! numbers and what is wrong as one of a known set of messages. Where the CLI turns such an
//! error into its one line, and the language is French, it asks here: each known message
//! is recognised by its English pattern and written with the catalogue's French words
//! (an unknown one stays English, its place French). In English each function returns
//! `None`, and the CLI writes the error as it always did.

use crate::i18n;
use crate::lang::Lang;
use fluent_bundle::FluentArgs;
use resolu_logic::course::CourseSyntaxError;
use resolu_puzzles::graph::GraphError;
use resolu_puzzles::maze::MazeError;
use resolu_puzzles::sliding::{ACCEPTED_FORMS, GridError};
use resolu_rules::RuleError;

/// Each known English message of the libraries, `{}` standing for a part that varies, with
/// the catalogue id of its French wording (whose arguments are `$a`, `$b`... in order).
const PATTERNS: &[(&str, &str)] = &[
    // Boards of the taquin (resolu_puzzles::sliding).
    ("empty board", "input-board-empty"),
    (
        "rows of unequal length: row 1 has {} cells, row {} has {}",
        "input-board-unequal-rows",
    ),
    (
        "a board has at least 2 rows and 2 columns, this one is {}x{}",
        "input-board-too-small",
    ),
    (
        "a board has exactly one blank (0, _, . or vide), this one has {}",
        "input-board-blanks",
    ),
    (
        "tile {} appears more than once",
        "input-board-repeated-tile",
    ),
    (
        "a flat list of cells makes a square board (9 cells: 3x3, 16: 4x4), this one has {} cells",
        "input-board-not-square",
    ),
    (
        "a row of a list of rows is not a list: '{}'",
        "input-board-row-not-list",
    ),
    (
        "the start is {}x{} but the goal is {}x{}",
        "input-board-size-mismatch",
    ),
    (
        "boards have at most 256 cells, this one has {}",
        "input-board-too-big",
    ),
    (
        "tile {} is in the start but not in the goal",
        "input-board-tile-not-in-goal",
    ),
    (
        "tile {} is in the goal but not in the start",
        "input-board-tile-not-in-start",
    ),
    (
        "the start and the goal have different tiles",
        "input-board-different-tiles",
    ),
    // Graph files (resolu_puzzles::graph).
    (
        "'start' takes exactly one node name",
        "input-graph-start-one",
    ),
    ("the start node is given twice", "input-graph-start-twice"),
    (
        "'goal' needs at least one node name",
        "input-graph-goal-name",
    ),
    ("'node' needs a node name", "input-graph-node-name"),
    (
        "unknown node attribute '{}' (expected h=VALUE, x=X or y=Y)",
        "input-graph-attribute",
    ),
    (
        "'{}' must be a finite non-negative number",
        "input-graph-negative",
    ),
    ("'{}' is not a number", "input-graph-not-a-number"),
    (
        "'{}' takes two node names and an optional cost",
        "input-graph-edge",
    ),
    (
        "unknown directive '{}' (expected start, goal, node, edge or arc)",
        "input-graph-directive",
    ),
    (
        "no start node: add a line 'start NAME'",
        "input-graph-no-start",
    ),
    (
        "no goal node: add a line 'goal NAME'",
        "input-graph-no-goal",
    ),
    // Maze files (resolu_puzzles::maze).
    ("the maze is empty", "input-maze-empty"),
    (
        "the maze is too large ({}x{}, at most {} squares)",
        "input-maze-too-large",
    ),
    (
        "a second start 'S' (the first is at line {}, column {})",
        "input-maze-second-start",
    ),
    (
        "a second exit 'E' (the first is at line {}, column {})",
        "input-maze-second-exit",
    ),
    (
        "unexpected {} (expected '#' wall, '.' free, 'S' start or 'E' exit)",
        "input-maze-character",
    ),
    ("the maze has no start 'S'", "input-maze-no-start"),
    ("the maze has no exit 'E'", "input-maze-no-exit"),
    // Rule bases (resolu_rules).
    (
        "this item does not end with a full stop (`.` then a space or a new line)",
        "input-rules-no-full-stop",
    ),
    ("expected the rule's name after `rule`", "input-rules-name"),
    ("expected an integer after `{}`", "input-rules-integer"),
    (
        "expected `:` after `rule {}` (and its priority or salience, if any)",
        "input-rules-colon",
    ),
    (
        "rule {} needs `==>` between its conditions and its actions",
        "input-rules-arrow",
    ),
    ("rule {} has a second `==>`", "input-rules-second-arrow"),
    (
        "rule {} has no conditions before `==>` (write `true`)",
        "input-rules-no-conditions",
    ),
    (
        "a rule base has one goal; this is a second",
        "input-rules-second-goal",
    ),
    ("this clause cannot be added: {}", "input-rules-clause"),
    ("the fact {} cannot be added: {}", "input-rules-fact"),
    ("syntax error: {} (near `{}`)", "input-syntax-near"),
    // The Prolog reader (resolu_logic) and the course's notation.
    (
        "operator expected (or missing `.` at the end of the clause)",
        "input-syntax-operator-or-period",
    ),
    ("operator expected", "input-syntax-operator"),
    ("term expected", "input-syntax-term"),
    ("operator priority clash", "input-syntax-priority-clash"),
    ("unexpected character", "input-syntax-character"),
    (
        "unterminated quoted text",
        "input-syntax-unterminated-quote",
    ),
    (
        "unterminated block comment",
        "input-syntax-unterminated-comment",
    ),
    ("text after the end of the term", "input-syntax-text-after"),
    ("empty query", "input-syntax-empty-query"),
    ("end of text", "input-syntax-end-of-text"),
    (
        "expected `<-` or `.` after the rule's head",
        "input-course-after-head",
    ),
    (
        "expected `,`, `;` or `.` (each rule ends with a period)",
        "input-course-after-body",
    ),
    (
        "expected a symbol (letters, digits, `_`)",
        "input-course-symbol",
    ),
    ("expected `{}`", "input-syntax-expected"),
    // The course's other boards and sizes (knight, queens, Hanoi, tic-tac-toe, matches,
    // Connect Four).
    (
        "bad board size '{}' (expected N or ROWSxCOLS, e.g. 8 or 5x6)",
        "input-knight-size",
    ),
    (
        "bad square '{}' (expected ROW,COL, e.g. 0,0)",
        "input-knight-square",
    ),
    ("N-queens needs 1 <= N <= 32, got {}", "input-queens-size"),
    (
        "with {} pegs the disks must number 1 to {}, not {}",
        "input-hanoi-disks",
    ),
    (
        "a board has nine cells, got {} (write rows like 'x.o/.x./...')",
        "input-tictactoe-cells",
    ),
    (
        "column {}: '{}' is not a cell (x, o or .)",
        "input-tictactoe-cell",
    ),
    (
        "'{}': takes must be whole numbers of at least 1 (or 'any')",
        "input-matches-takes",
    ),
    (
        "'{}' is not a whole number from 0 to {}",
        "input-whole-number",
    ),
    (
        "character {} ('{}'): not a column (1 to {})",
        "input-connect4-column",
    ),
    (
        "move {} (column {}): the game is already won",
        "input-connect4-won",
    ),
    (
        "move {}: column {} is full ({} stones)",
        "input-connect4-full",
    ),
    (
        "{} columns: a board has 4 to 8 columns",
        "input-connect4-columns",
    ),
    ("{} rows: a board has 4 to 8 rows", "input-connect4-rows"),
    // The experiments' own refusals (cmd/experiment.rs), whole messages.
    ("{}: no number of disks given", "input-experiment-no-disks"),
    ("{}: no depth given", "input-experiment-no-depth"),
    (
        "{}: '{}' is not a number of disks, a range A-B or A-B/STEP",
        "input-experiment-bad-disks",
    ),
    (
        "{}: '{}' is not a depth, a range A-B or A-B/STEP",
        "input-experiment-bad-depth",
    ),
    ("{}: the list is empty", "input-experiment-empty-list"),
    (
        "--size: '{}' is not N or ROWSxCOLS",
        "input-experiment-size",
    ),
    (
        "--size: {}x{} is not between 2x2 and 64 cells",
        "input-experiment-size-range",
    ),
    ("--goal: {}", "input-experiment-goal"),
    // Names of algorithms, heuristics, strategies and methods (whole messages).
    (
        "unknown algorithm '{}' (expected one of: {}; in French: {})",
        "input-unknown-algorithm",
    ),
    (
        "unknown heuristic '{}' (expected one of: {}; the course's h1, h2; in French: {})",
        "input-unknown-heuristic",
    ),
    (
        "unknown strategy '{}' (expected one of: {})",
        "input-unknown-strategy",
    ),
    ("unknown method '{}' (expected {})", "input-unknown-method"),
];

/// The names of the arguments of a pattern's message, in order.
const ARG_NAMES: [&str; 4] = ["a", "b", "c", "d"];

/// The parts of `text` standing where `pattern` has `{}`, if `text` is written so.
fn captures<'t>(text: &'t str, pattern: &str) -> Option<Vec<&'t str>> {
    let pieces: Vec<&str> = pattern.split("{}").collect();
    let (first, others) = pieces.split_first()?;
    let mut rest = text.strip_prefix(first)?;
    let mut found = Vec::new();
    for (i, piece) in others.iter().enumerate() {
        let end = if i + 1 == others.len() {
            // The last piece ends the text.
            rest.strip_suffix(piece)?.len()
        } else {
            rest.find(piece)?
        };
        found.push(&rest[..end]);
        rest = &rest[end + piece.len()..];
    }
    rest.is_empty().then_some(found)
}

/// `message` in `lang`: the catalogue's wording of the first pattern it matches (its
/// varying parts translated too, as they may be messages themselves), else itself.
fn translate(lang: Lang, message: &str) -> String {
    for (pattern, id) in PATTERNS {
        if let Some(parts) = captures(message, pattern) {
            let mut args = FluentArgs::new();
            for (name, part) in ARG_NAMES.iter().zip(parts) {
                args.set(*name, translate(lang, part));
            }
            return i18n::message(lang, id, Some(&args));
        }
    }
    message.to_string()
}

/// The French text of an error found at `line` and `column` of `origin`.
fn at(origin: &str, line: usize, column: usize, message: &str) -> Option<String> {
    french().then(|| {
        let mut args = FluentArgs::new();
        args.set("origin", origin.to_string());
        args.set("line", line);
        args.set("column", column);
        args.set("message", translate(Lang::Fr, message));
        i18n::message(Lang::Fr, "input-at", Some(&args))
    })
}

/// Whether this run speaks French.
fn french() -> bool {
    i18n::lang() == Lang::Fr
}

/// A refused board (of `origin`: `--start`, `--goal`, a file), in French, with the
/// accepted forms.
pub fn board(origin: Option<&str>, error: &GridError) -> Option<String> {
    if !french() {
        return None;
    }
    let suffix = format!("; {ACCEPTED_FORMS}");
    let (what, forms) = match error.0.strip_suffix(&suffix) {
        Some(what) => (what, true),
        None => (error.0.as_str(), false),
    };
    let mut text = translate(Lang::Fr, what);
    if forms {
        text = format!(
            "{text} ; {}",
            i18n::message(Lang::Fr, "input-board-forms", None)
        );
    }
    Some(match origin {
        Some(origin) => format!("{origin} : {text}"),
        None => text,
    })
}

/// A whole one-line error of the CLI in this run's language: in French, a library's
/// message recognised whole (an unknown algorithm or heuristic name...) is translated; any
/// other message is returned as it is.
pub fn whole(message: String) -> String {
    if french() {
        translate(Lang::Fr, &message)
    } else {
        message
    }
}

/// A library's message inside one of the CLI's own refusals, in this run's language: in
/// French a message recognised here is translated, any other stays as the library wrote it.
pub fn part(message: impl std::fmt::Display) -> String {
    whole(message.to_string())
}

/// An error of a graph file, in French.
pub fn graph(origin: &str, error: &GraphError) -> Option<String> {
    at(origin, error.line, error.column, &error.message)
}

/// An error of a maze file, in French.
pub fn maze(origin: &str, error: &MazeError) -> Option<String> {
    at(origin, error.line, error.column, &error.message)
}

/// An error of a rule file, in French.
pub fn rules(origin: &str, error: &RuleError) -> Option<String> {
    at(origin, error.line, error.column, &error.message)
}

/// An error of a base in the course's notation, in French.
pub fn course(origin: &str, error: &CourseSyntaxError) -> Option<String> {
    at(origin, error.line, error.column, &error.message)
}

/// A Prolog syntax error at `line` and `column` of `origin`, near `near`, in French:
/// "erreur de syntaxe, ligne L colonne C : ...".
pub fn syntax(
    origin: &str,
    line: usize,
    column: usize,
    message: &str,
    near: &str,
) -> Option<String> {
    french().then(|| {
        let mut args = FluentArgs::new();
        args.set("origin", origin.to_string());
        args.set("line", line);
        args.set("column", column);
        args.set("message", translate(Lang::Fr, message));
        args.set("near", translate(Lang::Fr, near));
        i18n::message(Lang::Fr, "input-syntax-error", Some(&args))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pattern_is_its_english_message() {
        for (pattern, id) in PATTERNS {
            let count = pattern.matches("{}").count();
            let mut args = FluentArgs::new();
            let mut wanted = pattern.to_string();
            for name in &ARG_NAMES[..count] {
                args.set(*name, format!("<{name}>"));
                wanted = wanted.replacen("{}", &format!("<{name}>"), 1);
            }
            assert_eq!(i18n::message(Lang::En, id, Some(&args)), wanted, "{id}");
            let french = i18n::message(Lang::Fr, id, Some(&args));
            assert_ne!(french, wanted, "{id} is not translated");
            for name in &ARG_NAMES[..count] {
                assert!(french.contains(&format!("<{name}>")), "{id} lacks ${name}");
            }
        }
    }

    #[test]
    fn the_accepted_forms_are_the_library_ones() {
        assert_eq!(
            i18n::message(Lang::En, "input-board-forms", None),
            ACCEPTED_FORMS
        );
    }

    #[test]
    fn a_message_is_recognised_with_its_parts() {
        assert_eq!(
            captures(
                "tile 3 appears more than once",
                "tile {} appears more than once"
            ),
            Some(vec!["3"])
        );
        assert_eq!(captures("empty board", "empty board"), Some(vec![]));
        assert_eq!(captures("empty boards", "empty board"), None);
        assert_eq!(
            translate(Lang::Fr, "syntax error: operator expected (near `foo`)"),
            "erreur de syntaxe : opérateur attendu (près de `foo`)"
        );
        assert_eq!(translate(Lang::Fr, "something else"), "something else");
    }
}
