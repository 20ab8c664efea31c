//! Recording a forward-chaining run: each cycle's conflict set, the rule fired, the facts
//! added and removed, drawn as three columns: the rule base (the rule firing
//! highlighted), the conflict set in the strategy's order (the chosen activation first),
//! and the working memory (a fact added highlighted, a fact removed struck through and
//! written "−fact" in the cycle that removes it).

use super::rules_scene::{RuleText, Scene};
use crate::{DEFAULT_NODE_CAP, Labels, Page, Section, Step};
use resolu_logic::{Term, writeq};
use resolu_rules::{Cycle, Rule, Stop};

/// The cycles of the command's own run, as it goes (the engine's `run` callback); the run
/// records its conflict sets for it (`Engine::set_record_conflict_sets`).
pub struct RulesRecorder {
    scene: Scene,
    steps: Vec<Step>,
    cycles: u64,
    labels: Labels,
}

impl RulesRecorder {
    /// A recording starting from the initial facts.
    pub fn new(facts: &[Term]) -> RulesRecorder {
        let mut scene = Scene::default();
        for f in facts {
            let t = writeq(f);
            if !scene.facts.iter().any(|l| l.text == t) {
                scene.add_fact(t, 0);
            }
        }
        let count = scene.facts.len();
        RulesRecorder {
            scene,
            steps: vec![
                Step::new(format!("initial working memory: {count} facts"))
                    .counters(format!("facts {count}")),
            ],
            cycles: 0,
            labels: Labels::english(),
        }
    }

    /// The recording in the words of `labels` (call before the first cycle).
    pub fn labels(mut self, labels: Labels) -> RulesRecorder {
        self.labels = labels;
        let count = self.scene.facts.len();
        if labels.is_french() {
            self.steps[0] = Step::new(format!("mémoire de travail initiale : {count} faits"))
                .counters(format!("faits {count}"));
        }
        self
    }

    /// The rule base drawn beside the run: each rule as the file writes it (`source`, the
    /// text `rules` were parsed from).
    pub fn rule_base(mut self, rules: &[Rule], source: &str) -> RulesRecorder {
        let lines: Vec<&str> = source.lines().collect();
        self.scene.rules = rules
            .iter()
            .map(|r| RuleText {
                name: r.name.clone(),
                lines: rule_lines(&lines, r.line),
            })
            .collect();
        self
    }

    /// One cycle of the run.
    pub fn cycle(&mut self, cycle: &Cycle) {
        self.cycles += 1;
        if self.steps.len() > DEFAULT_NODE_CAP {
            return;
        }
        let k = self.steps.len();
        let fr = self.labels.is_french();
        for f in &cycle.removed {
            self.scene.remove_fact(&writeq(f), k);
        }
        for f in &cycle.added {
            self.scene.add_fact(writeq(f), k);
        }
        let set: Vec<String> = cycle.conflict_set.iter().map(|i| i.to_string()).collect();
        self.scene.fired(k, cycle.fired().rule, set.clone());
        let mut change: Vec<String> = cycle
            .removed
            .iter()
            .map(|f| format!("−{}", writeq(f)))
            .collect();
        change.extend(cycle.added.iter().map(|f| format!("+{}", writeq(f))));
        let live = self.scene.facts.iter().filter(|l| l.gone.is_none()).count();
        let (fires, conflict, facts) = if fr {
            ("Cycle {n} : déclenche", "ensemble de conflits", "faits")
        } else {
            ("Cycle {n}: fires", "conflict set", "facts")
        };
        self.steps.push(
            Step::new(format!(
                "{} {}   {}",
                fires.replace("{n}", &cycle.number.to_string()),
                cycle.fired(),
                change.join(", ")
            ))
            .counters(format!(
                "{conflict} ({}){} {}; {facts} {live}",
                set.len(),
                self.labels.colon(),
                set.join("; ")
            ))
            .state(cycle.fired().name.clone()),
        );
    }

    /// The page, once the run stopped with `stop` (`strategy`: its name; `rules`: the
    /// rule base's rule names).
    pub fn page(mut self, strategy: &str, rules: &[String], stop: Stop) -> Page {
        let l = self.labels;
        self.steps
            .push(Step::new(format!("stop{} {}", l.colon(), stop.as_str())).state(stop.as_str()));
        let scene = self.scene.svg(&l);
        let section = Section::scene(
            l.say(
                "The cycles: conflict set, rule fired, facts added and removed",
                "Les cycles : ensemble de conflits, règle déclenchée, faits ajoutés et retirés",
            ),
            scene,
            self.steps,
        )
        .with_log(true)
        .counters([
            (l.say("cycles", "cycles"), self.cycles.to_string()),
            (l.say("stop", "arrêt"), stop.as_str().to_string()),
        ])
        .note(l.say(
            "Left, the rule base: the rule firing is highlighted. Middle, the conflict set of the cycle in the strategy's order: the first (▶) fires. Right, the working memory: a fact appears in the cycle that adds it (highlighted) and, in the cycle that removes it, is struck through and written −fact, then goes.",
            "À gauche, la base de règles : la règle déclenchée est surlignée. Au milieu, l'ensemble de conflits du cycle dans l'ordre de la stratégie : la première (▶) est déclenchée. À droite, la mémoire de travail : un fait apparaît au cycle qui l'ajoute (surligné) et, au cycle qui le retire, est barré et écrit −fait, puis disparaît.",
        ));
        let mut page = Page::new("resolu rules")
            .intro(format!("{} {strategy}.", l.say("Strategy", "Stratégie")));
        if !rules.is_empty() {
            page = page.intro(format!(
                "{}{} {}.",
                l.say("Rules", "Règles"),
                l.colon(),
                rules.join(", ")
            ));
        }
        page.section(section)
    }
}

/// The lines of the rule that starts on line `line` (from 1) of the file: up to the line
/// that ends the clause with a full stop, at most 8.
fn rule_lines(lines: &[&str], line: usize) -> Vec<String> {
    let mut out = Vec::new();
    for text in lines.iter().skip(line.saturating_sub(1)).take(8) {
        let code = text.split('%').next().unwrap_or("").trim_end();
        if code.trim().is_empty() {
            continue;
        }
        out.push(code.to_string());
        if code.ends_with('.') {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_is_read_up_to_its_full_stop() {
        let file = [
            "% comment",
            "rule r1 priority 1:",
            "    a, b",
            "    ==> assert(c).",
            "rule r2: c ==> halt.",
        ];
        assert_eq!(
            rule_lines(&file, 2),
            vec!["rule r1 priority 1:", "    a, b", "    ==> assert(c)."]
        );
        assert_eq!(rule_lines(&file, 5), vec!["rule r2: c ==> halt."]);
    }
}
