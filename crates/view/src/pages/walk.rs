//! The backtracking pages: the knight's tour and the N queens.

use crate::draw::{self, Ground, WalkEvent, WalkStyle};
use crate::record::walk::backtrack_counters;
use crate::{Frame, Labels, Page, Section};
use resolu_search::backtrack::BacktrackStats;

/// What a knight's tour page shows: the board, the start, the options named.
pub struct KnightRun<'a> {
    /// Rows and columns of the board.
    pub size: (usize, usize),
    /// The start square.
    pub start: (usize, usize),
    /// The method's name.
    pub method: &'a str,
    /// Whether a closed tour was asked.
    pub closed: bool,
    /// The tour found, if any.
    pub tour: Option<Vec<(usize, usize)>>,
    /// The choices recorded, and the total when the cap cut them.
    pub events: (Vec<WalkEvent>, Option<u64>),
    /// The run's counters.
    pub stats: BacktrackStats,
    /// With Warnsdorff's rule, each move of the tour with its candidates and their
    /// degrees (empty otherwise).
    pub warnsdorff: Vec<resolu_puzzles::knight::CandidateStep>,
}

/// The counters of a backtracking run in the page's words.
fn counters_in(stats: &BacktrackStats, labels: &Labels) -> Vec<(String, String)> {
    let mut counters = backtrack_counters(stats);
    for (c, name) in counters.iter_mut().zip(labels.backtrack_counters) {
        c.0 = name.to_string();
    }
    counters
}

/// `resolu knight --html`: the tour found, drawn as it grows, then the backtracking run.
pub fn knight_page(run: &KnightRun<'_>, labels: &Labels) -> Page {
    let (rows, cols) = run.size;
    let intro = if labels.is_french() {
        format!(
            "Parcours du cavalier sur {rows}x{cols} depuis ({}, {}), méthode {}{}.",
            run.start.0,
            run.start.1,
            run.method,
            if run.closed { ", fermé" } else { "" }
        )
    } else {
        format!(
            "Knight's tour of {rows}x{cols} from ({}, {}), method {}{}.",
            run.start.0,
            run.start.1,
            run.method,
            if run.closed { ", closed" } else { "" }
        )
    };
    let mut page = Page::new("resolu knight").intro(intro);
    if let Some(tour) = &run.tour {
        let mut section = draw::path_section(
            labels.say("The tour, move by move", "Le parcours, coup par coup"),
            rows,
            cols,
            Ground::Chess,
            tour,
            run.closed,
        )
        .counters(counters_in(&run.stats, labels));
        if labels.is_french() {
            section = path_steps_in_french(section);
        }
        page = page.section(section);
    }
    page = page.section(
        draw::walk_section_in(
            labels.say(
                "The backtracking: each choice and each undo",
                "Le retour arrière : chaque choix et chaque retour",
            ),
            (rows, cols),
            Ground::Chess,
            WalkStyle::Path {
                start: run.start,
                dead_ends: false,
            },
            (&run.events.0, run.events.1),
            labels,
        )
        .counters(counters_in(&run.stats, labels)),
    );
    match &run.tour {
        Some(tour) if !run.warnsdorff.is_empty() => page.section(super::warnsdorff::steps_section(
            rows,
            cols,
            tour,
            &run.warnsdorff,
            labels,
        )),
        _ => page,
    }
}

/// `resolu queens --html`: the backtracking run queen by queen, then the solution.
pub fn queens_page(
    n: usize,
    events: &[WalkEvent],
    cut: Option<u64>,
    stats: &BacktrackStats,
    solution: Option<&[usize]>,
    labels: &Labels,
) -> Page {
    let mut page = Page::new("resolu queens").intro(if labels.is_french() {
        format!("{n} reines sur {n}x{n}, une par ligne, colonnes essayées de gauche à droite.")
    } else {
        format!("{n} queens on {n}x{n}, one per row, columns tried from left to right.")
    });
    page = page.section(
        draw::walk_section_in(
            labels.say(
                "The backtracking: each queen placed and removed",
                "Le retour arrière : chaque reine posée et retirée",
            ),
            (n, n),
            Ground::Chess,
            WalkStyle::Queens,
            (events, cut),
            labels,
        )
        .counters(counters_in(stats, labels))
        .note(labels.say(
            "Shaded: the squares the queens attack. At each step, the squares of the row being decided that a queen attacks carry a cross (hover it: which queen, along which line); the caption lists those refused before the column chosen.",
            "Ombré : les cases attaquées par les reines. À chaque étape, les cases de la ligne en jeu qu'une reine attaque portent une croix (survolez-la : quelle reine, sur quelle ligne) ; la légende énumère celles refusées avant la colonne choisie.",
        )),
    );
    let Some(columns) = solution else { return page };
    let frames: Vec<Frame> = (0..=columns.len().min(200))
        .map(|k| {
            let state = columns[..k]
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            Frame::new(
                draw::queens(n, &columns[..k]),
                if k == 0 {
                    labels.say("empty board", "échiquier vide").to_string()
                } else if labels.is_french() {
                    format!("ligne {} : colonne {}", k - 1, columns[k - 1])
                } else {
                    format!("row {}: column {}", k - 1, columns[k - 1])
                },
                if state.is_empty() {
                    "empty".to_string()
                } else {
                    state
                },
            )
        })
        .collect();
    let title = labels.say("The solution, row by row", "La solution, ligne par ligne");
    let mut section = Section::frames(title, frames).counters(counters_in(stats, labels));
    if columns.len() > 200 {
        section = section.note(labels.say(
            "The first 200 rows are shown one by one.",
            "Les 200 premières lignes sont montrées une à une.",
        ));
    }
    page.section(section)
}

/// A tour's section ([`draw::path_section`], whose captions are English) with its
/// captions and notes in French: "départ en (0, 0)", "coup 3 : en (1, 2)", "coups 1–5 :
/// maintenant en (2, 3)".
fn path_steps_in_french(mut section: Section) -> Section {
    for step in &mut section.steps {
        let c = &step.caption;
        step.caption = if let Some(at) = c.strip_prefix("start at ") {
            format!("départ en {at}")
        } else if c == "no path" {
            "pas de chemin".to_string()
        } else if let Some(rest) = c.strip_prefix("moves ") {
            format!(
                "coups {}",
                rest.replacen(": now at ", " : maintenant en ", 1)
            )
        } else if let Some(rest) = c.strip_prefix("move ") {
            format!("coup {}", rest.replacen(": to ", " : en ", 1))
        } else {
            c.clone()
        };
    }
    for note in &mut section.notes {
        if let Some(rest) = note.strip_prefix("The path has ") {
            // "The path has N moves: each step adds K of them (at most M steps), …"
            let numbers: Vec<&str> = rest
                .split(|ch: char| !ch.is_ascii_digit())
                .filter(|w| !w.is_empty())
                .collect();
            if let [moves, chunk, most, ..] = numbers[..] {
                *note = format!(
                    "Le chemin a {moves} coups : chaque étape en ajoute {chunk} (au plus {most} étapes), chaque tranche une ligne brisée."
                );
            }
        }
    }
    section
}
