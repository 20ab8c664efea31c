//! The Towers of Hanoi pages: the moves drawn (from the recursion, the rules or a search)
//! and the search recorded.

use super::Recorded;
use super::hanoi_picture::hanoi_large;
use crate::record::SearchRecorder;
use crate::{Frame, Labels, Page, Section};
use resolu_puzzles::hanoi::{Hanoi, HanoiMove, Pegs};
use resolu_search::Algorithm;

/// The most frames a Hanoi page draws; beyond, moves are sampled (the page says so).
const MAX_HANOI_FRAMES: usize = 1000;

/// The rule of the expert system that made a move: its name and the conflict set of that
/// cycle, in the strategy's order (the rule fired first).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleFired {
    /// The rule fired ("r1").
    pub rule: String,
    /// The rules eligible in that cycle, in the strategy's order (the fired one first).
    pub eligible: Vec<String>,
}

/// How a Hanoi solution was found, for the captions: the rules (each move's rule and the
/// strategy that chose it), or anything else.
#[derive(Clone, Copy, Debug)]
pub enum HanoiHow<'a> {
    /// The expert system: each move's rule, and the strategy's name.
    Rules(&'a [RuleFired], &'a str),
    /// The recursion or a search: no rule.
    Plain,
}

/// The caption of move `number`, as the terminal writes it ("Move 3 (r1, 1 rule
/// eligible): disk 2 from peg 0 to peg 1").
fn move_caption(number: usize, m: HanoiMove, by: Option<&RuleFired>, labels: &Labels) -> String {
    let by = by
        .map(|r| {
            let n = r.eligible.len().max(1) as u64;
            let eligible = if labels.is_french() {
                labels.count(n, "règle déclenchable", "règles déclenchables")
            } else {
                labels.count(n, "rule eligible", "rules eligible")
            };
            format!(" ({}, {eligible})", r.rule)
        })
        .unwrap_or_default();
    let (disk, from, to) = (u32::from(m.disk) + 1, m.from, m.to);
    if labels.is_french() {
        format!("Coup {number}{by} : palet {disk} du pic {from} au pic {to}")
    } else {
        format!("Move {number}{by}: disk {disk} from peg {from} to peg {to}")
    }
}

/// The line under a move made by a rule: the rule fired and, when several were eligible,
/// how the strategy (the course's meta-rule for `priority`) chose it.
fn rule_line(r: &RuleFired, strategy: &str, labels: &Labels) -> String {
    if r.eligible.len() <= 1 {
        return labels
            .say(
                "rule {r} fired (the only rule eligible)",
                "règle {r} déclenchée (seule règle déclenchable)",
            )
            .replace("{r}", &r.rule);
    }
    let set = r.eligible.join(", ");
    let how = if strategy == "priority" {
        labels
            .say(
                "the meta-rule fires the smallest number",
                "la méta-règle déclenche le plus petit numéro",
            )
            .to_string()
    } else {
        format!("{} {strategy}", labels.say("strategy", "stratégie"))
    };
    labels
        .say(
            "rule {r} fired; eligible: {set}; {how}",
            "règle {r} déclenchée ; déclenchables : {set} ; {how}",
        )
        .replace("{r}", &r.rule)
        .replace("{set}", &set)
        .replace("{how}", &how)
}

/// The moves of a Hanoi solution, frame by frame, drawn large: the disk moved at each step
/// outlined with an arrow from its old peg, and under it the rule that fired when the
/// expert system made it.
pub fn hanoi_section(
    hanoi: &Hanoi,
    moves: &[HanoiMove],
    how: HanoiHow<'_>,
    labels: &Labels,
) -> Section {
    let every = moves.len().div_ceil(MAX_HANOI_FRAMES).max(1);
    let mut state: Pegs = resolu_search::Problem::start(hanoi);
    let frame = |s: Pegs, m: Option<HanoiMove>, under: Vec<String>, caption: String| {
        Frame::new(
            hanoi_large(&hanoi.stacks(s), hanoi.disks(), m, &under, labels),
            caption,
            hanoi.one_line(s),
        )
    };
    let start = labels.say("Start", "Départ").to_string();
    let mut frames = vec![frame(state, None, Vec::new(), start)];
    for (i, &m) in moves.iter().enumerate() {
        state = hanoi.apply(state, m);
        if (i + 1) % every == 0 || i + 1 == moves.len() {
            let (by, under) = match how {
                HanoiHow::Rules(rules, strategy) => match rules.get(i) {
                    Some(r) => (Some(r), vec![rule_line(r, strategy, labels)]),
                    None => (None, Vec::new()),
                },
                HanoiHow::Plain => (None, Vec::new()),
            };
            frames.push(frame(
                state,
                Some(m),
                under,
                move_caption(i + 1, m, by, labels),
            ));
        }
    }
    let title = labels.say("The moves", "Les coups");
    let mut section = Section::frames(title, frames)
        .counters([(labels.say("moves", "coups"), moves.len())])
        .note(labels.say(
            "The disk moved at each step is outlined in orange, with an arrow from the peg it left (its old place dashed); under each peg, its disks bottom first as the text lists them.",
            "Le palet déplacé à chaque étape est entouré d'orange, avec une flèche depuis le pic qu'il quitte (son ancienne place en pointillés) ; sous chaque pic, ses palets de bas en haut comme le texte les liste.",
        ));
    if every > 1 {
        section = section.note(
            labels
                .say(
                    "{n} moves: every {k}th is drawn.",
                    "{n} coups : un sur {k} est dessiné.",
                )
                .replace("{n}", &moves.len().to_string())
                .replace("{k}", &every.to_string()),
        );
    }
    section
}

/// `resolu hanoi --html` for the rules and the recursion: the moves drawn (`header`: the
/// terminal's first line).
pub fn moves_page(
    hanoi: &Hanoi,
    moves: &[HanoiMove],
    how: HanoiHow<'_>,
    header: &str,
    labels: &Labels,
) -> Page {
    Page::new("resolu hanoi")
        .intro(header)
        .section(hanoi_section(hanoi, moves, how, labels))
}

/// A recorder of a Hanoi search.
pub fn hanoi_recorder(hanoi: &Hanoi, algorithm: Algorithm) -> SearchRecorder<'_, Pegs, HanoiMove> {
    SearchRecorder::new(
        algorithm,
        resolu_search::DEFAULT_WEIGHT,
        move |s: &Pegs| hanoi.one_line(*s),
        |m: &HanoiMove| format!("{}→{}", m.from, m.to),
    )
}

/// `resolu hanoi --method ALGO --html`: the moves and the search recorded.
pub fn search_page(hanoi: &Hanoi, run: Recorded<'_, Pegs, HanoiMove>) -> Page {
    let algorithm = run.recorder.algorithm();
    let labels = *run.recorder.words();
    let mut page = Page::new("resolu hanoi").intro(if labels.is_french() {
        format!(
            "{} palets sur {} pics, cherché par {algorithm}.",
            hanoi.disks(),
            hanoi.pegs()
        )
    } else {
        format!(
            "{} disks on {} pegs, searched by {algorithm}.",
            hanoi.disks(),
            hanoi.pegs()
        )
    });
    if let Some(p) = &run.outcome.path {
        let moves: Vec<HanoiMove> = p.actions().copied().collect();
        page = page.section(hanoi_section(hanoi, &moves, HanoiHow::Plain, &labels));
    }
    page.section(run.section())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_chosen_among_several_names_the_meta_rule() {
        let fired = RuleFired {
            rule: "r2".into(),
            eligible: vec!["r2".into(), "r4".into()],
        };
        let en = Labels::english();
        assert_eq!(
            rule_line(&fired, "priority", &en),
            "rule r2 fired; eligible: r2, r4; the meta-rule fires the smallest number"
        );
        assert_eq!(
            rule_line(&fired, "recency", &Labels::french()),
            "règle r2 déclenchée ; déclenchables : r2, r4 ; stratégie recency"
        );
        let m = HanoiMove {
            disk: 1,
            from: 0,
            to: 1,
        };
        assert_eq!(
            move_caption(3, m, Some(&fired), &en),
            "Move 3 (r2, 2 rules eligible): disk 2 from peg 0 to peg 1"
        );
    }
}
