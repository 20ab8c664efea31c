//! The fixed texts of a page (buttons, section titles, step captions, counter names) in
//! one language: a value the caller chooses (the command line from its `--lang`), so that
//! this crate needs no translation catalogue and a page reads in the run's language.

use crate::number;

/// The words of a page in one language. [`Labels::english`] is the default; the French
/// ones are the course's (états développés, générés, frontière, ensemble fermé, coups,
/// essais, retours arrière).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labels {
    /// The `lang` attribute of the page (`en`, `fr`).
    pub lang: &'static str,
    /// The line under the title that explains the keys (HTML: holds `<kbd>` elements).
    pub keys: &'static str,
    /// The check box that steps all sections together.
    pub sync: &'static str,
    /// The play button's text, and the one while playing.
    pub play: &'static str,
    /// The play button's text while playing.
    pub pause: &'static str,
    /// Tooltips of the buttons: first, back, play, forward, last.
    pub buttons: [&'static str; 5],
    /// Tooltips of the zoom buttons: out, fit, in; and the fit button's text.
    pub zoom: [&'static str; 4],
    /// "step" in "step 3 / 10".
    pub step: &'static str,
    /// "more" in "… 12 more".
    pub more: &'static str,
    /// The caption of a section with nothing to show.
    pub nothing: &'static str,
    /// The heading of the frontier panel.
    pub frontier_title: &'static str,
    /// A search's section title, before the algorithm's name.
    pub search_title: &'static str,
    /// The first step of a search.
    pub search_start: &'static str,
    /// The words of a search step's counters: frontier, closed, generated.
    pub frontier: &'static str,
    /// The closed set, in the counters line.
    pub closed: &'static str,
    /// The nodes generated, in the counters line.
    pub generated: &'static str,
    /// "expand #" before an expansion's number.
    pub expand: &'static str,
    /// The last step when no solution was found.
    pub stopped: &'static str,
    /// "new iteration: bound" before an iteration's bound.
    pub new_iteration: &'static str,
    /// Why a node was dropped: already seen, on the path, beyond the bound.
    pub dropped: [&'static str; 3],
    /// The names of a search's counters: length, expanded, generated, duplicates,
    /// re-opened, max frontier, stored, iterations.
    pub search_counters: [&'static str; 8],
    /// The names of a backtracking run's counters: tries, backtracks, depth.
    pub backtrack_counters: [&'static str; 3],
    /// The title of a solution drawn move by move.
    pub solution_title: &'static str,
    /// The first frame of a solution.
    pub start: &'static str,
    /// "Move" in "Move 3: 5".
    pub move_word: &'static str,
    /// "solved", after the last move.
    pub solved: &'static str,
}

impl Default for Labels {
    fn default() -> Labels {
        Labels::english()
    }
}

impl Labels {
    /// The English words.
    pub const fn english() -> Labels {
        Labels {
            lang: "en",
            keys: "Keys: <kbd>←</kbd> <kbd>→</kbd> step, <kbd>space</kbd> play/pause, \
<kbd>Home</kbd> <kbd>End</kbd> first/last; they act on the section last clicked.",
            sync: "step all sections together",
            play: "▶ play",
            pause: "⏸ pause",
            buttons: [
                "first step (Home)",
                "step back (←)",
                "play / pause (space)",
                "step forward (→)",
                "last step (End)",
            ],
            zoom: ["zoom out", "fit the picture to the box", "zoom in", "fit"],
            step: "step",
            more: "more",
            nothing: "(nothing to show)",
            frontier_title: "Frontier (next choice first)",
            search_title: "The search",
            search_start: "start: nothing expanded yet",
            frontier: "frontier",
            closed: "closed",
            generated: "generated",
            expand: "expand #",
            stopped: "stopped without a solution",
            new_iteration: "new iteration: bound",
            dropped: [
                "dropped: already seen at no greater cost",
                "dropped: already on the path",
                "dropped: beyond the bound",
            ],
            search_counters: [
                "length",
                "expanded",
                "generated",
                "duplicates",
                "re-opened",
                "max frontier",
                "stored",
                "iterations",
            ],
            backtrack_counters: ["tries", "backtracks", "depth"],
            solution_title: "The solution, move by move",
            start: "start",
            move_word: "Move",
            solved: "solved",
        }
    }

    /// The French words, the course's.
    pub const fn french() -> Labels {
        Labels {
            lang: "fr",
            keys: "Touches : <kbd>←</kbd> <kbd>→</kbd> pas à pas, <kbd>espace</kbd> lecture/pause, \
<kbd>Début</kbd> <kbd>Fin</kbd> première/dernière étape ; elles agissent sur la dernière section cliquée.",
            sync: "avancer toutes les sections ensemble",
            play: "▶ lecture",
            pause: "⏸ pause",
            buttons: [
                "première étape (Début)",
                "étape précédente (←)",
                "lecture / pause (espace)",
                "étape suivante (→)",
                "dernière étape (Fin)",
            ],
            zoom: [
                "zoom arrière",
                "ajuster l'image au cadre",
                "zoom avant",
                "ajuster",
            ],
            step: "étape",
            more: "de plus",
            nothing: "(rien à montrer)",
            frontier_title: "Frontière (prochain choix en tête)",
            search_title: "La recherche",
            search_start: "départ : aucun état développé",
            frontier: "frontière",
            closed: "ensemble fermé",
            generated: "états générés",
            expand: "développe n°",
            stopped: "arrêt sans solution",
            new_iteration: "nouvelle itération : seuil",
            dropped: [
                "écarté : déjà vu à un coût inférieur ou égal",
                "écarté : déjà sur le chemin",
                "écarté : au-delà du seuil",
            ],
            search_counters: [
                "longueur",
                "états développés",
                "états générés",
                "doublons",
                "ré-ouverts",
                "frontière max",
                "mémorisés",
                "itérations",
            ],
            backtrack_counters: ["essais", "retours arrière", "profondeur"],
            solution_title: "La solution, coup par coup",
            start: "départ",
            move_word: "Coup",
            solved: "résolu",
        }
    }

    /// The last step of a search that found a path of `moves` moves.
    pub fn solved_path(&self, moves: usize) -> String {
        match self.lang {
            "fr" => format!(
                "résolu : un chemin de {moves} coup{}",
                if moves > 1 { "s" } else { "" }
            ),
            _ => format!("solved: a path of {moves} moves"),
        }
    }

    /// The counters line of a search step.
    pub fn search_step(&self, open: usize, closed: usize, generated: u64) -> String {
        format!(
            "{} {open}, {} {closed}, {} {generated}",
            self.frontier, self.closed, self.generated
        )
    }

    /// The note under a search section (`k`: the step the solution is drawn at).
    pub fn search_note(&self, k: usize) -> String {
        match self.lang {
            "fr" => format!(
                "Chaque étape développe un nœud ; sous chaque état g+h=f. Jaune : ouvert (la frontière, listée à côté de l'arbre dans l'ordre où l'algorithme la prend, le prochain choix en tête), bleu : fermé (développé), orange : le nœud développé (épais) et les fils qu'il génère (fins), contour violet : ré-ouvert par un chemin moins coûteux, pointillés : un état écarté (déjà vu, sur le chemin ou au-delà du seuil), vert : la solution (dessinée à l'étape {k})."
            ),
            _ => format!(
                "Each step expands one node; under each state g+h=f. Yellow: open (the frontier, listed beside the tree in the order the algorithm takes them, the next choice first), blue: closed (expanded), orange: the node expanded (thick) and the children it generated (thin), purple outline: re-opened with a cheaper path, dashed: a state dropped (already seen, on the path or beyond the bound), green: the solution (drawn at step {k})."
            ),
        }
    }

    /// The note of a search recorded up to `steps` expansions and `nodes` nodes only.
    pub fn search_cut(&self, steps: usize, nodes: usize, expanded: u64, generated: u64) -> String {
        match self.lang {
            "fr" => format!(
                "La recherche a continué au-delà de ce qui est dessiné : la page enregistre les {steps} premiers développements, {nodes} nœuds au plus ({expanded} états développés, {generated} générés en tout) pour rester lisible."
            ),
            _ => format!(
                "The search went on beyond what is drawn: the page records the first {steps} expansions, {nodes} nodes at most ({expanded} expanded, {generated} generated in all) to stay readable."
            ),
        }
    }

    /// The caption of an expansion: its number, f, g, h and the state.
    pub fn expansion(&self, count: u64, g: f64, h: f64, state: &str) -> String {
        format!(
            "{}{count}{} f = {} (g = {}, h = {})  {state}",
            self.expand,
            if self.lang == "fr" { " :" } else { ":" },
            number(g + h),
            number(g),
            number(h)
        )
    }

    /// The caption of move `k` of a solution (`last`: the goal is reached).
    pub fn move_caption(&self, k: usize, what: &str, last: bool) -> String {
        let colon = if self.lang == "fr" { " :" } else { ":" };
        let end = if last {
            format!(" — {}", self.solved)
        } else {
            String::new()
        };
        format!("{} {k}{colon} {what}{end}", self.move_word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_captions_use_the_courses_words() {
        let fr = Labels::french();
        assert_eq!(
            fr.search_step(6, 3, 11),
            "frontière 6, ensemble fermé 3, états générés 11"
        );
        assert_eq!(fr.solved_path(4), "résolu : un chemin de 4 coups");
        assert_eq!(
            fr.expansion(3, 2.0, 3.0, "x"),
            "développe n°3 : f = 5 (g = 2, h = 3)  x"
        );
        let en = Labels::english();
        assert_eq!(
            en.expansion(3, 2.0, 3.0, "x"),
            "expand #3: f = 5 (g = 2, h = 3)  x"
        );
        assert_eq!(en.solved_path(4), "solved: a path of 4 moves");
        assert_eq!(en.move_caption(2, "5", true), "Move 2: 5 — solved");
    }
}
