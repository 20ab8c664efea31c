//! Recording a forward-chaining run: each cycle's conflict set, the rule fired, the facts
//! added and removed, over the working memory drawn as a list that grows and shrinks.

use crate::{DEFAULT_NODE_CAP, Page, Section, Step, Svg, escape, number};
use resolu_logic::{Term, writeq};
use resolu_rules::{Cycle, Stop};
use std::fmt::Write as _;

/// The cycles of the command's own run, as it goes (the engine's `run` callback); the run
/// records its conflict sets for it (`Engine::set_record_conflict_sets`).
pub struct RulesRecorder {
    /// (text, appears at, removed at)
    lines: Vec<(String, usize, Option<usize>)>,
    steps: Vec<Step>,
    cycles: u64,
}

impl RulesRecorder {
    /// A recording starting from the initial facts.
    pub fn new(facts: &[Term]) -> RulesRecorder {
        let mut lines: Vec<(String, usize, Option<usize>)> = Vec::new();
        for f in facts {
            let t = writeq(f);
            if !lines.iter().any(|l| l.0 == t) {
                lines.push((t, 0, None));
            }
        }
        let steps = vec![
            Step::new(format!("initial working memory: {} facts", lines.len()))
                .counters(format!("facts {}", lines.len())),
        ];
        RulesRecorder {
            lines,
            steps,
            cycles: 0,
        }
    }

    /// One cycle of the run.
    pub fn cycle(&mut self, cycle: &Cycle) {
        self.cycles += 1;
        if self.steps.len() > DEFAULT_NODE_CAP {
            return;
        }
        let k = self.steps.len();
        for f in &cycle.removed {
            let t = writeq(f);
            if let Some(l) = self.lines.iter_mut().find(|l| l.0 == t && l.2.is_none()) {
                l.2 = Some(k);
            }
        }
        for f in &cycle.added {
            self.lines.push((writeq(f), k, None));
        }
        let set: Vec<String> = cycle.conflict_set.iter().map(|i| i.to_string()).collect();
        let mut change: Vec<String> = cycle
            .removed
            .iter()
            .map(|f| format!("removes {}", writeq(f)))
            .collect();
        change.extend(cycle.added.iter().map(|f| format!("adds {}", writeq(f))));
        let live = self.lines.iter().filter(|l| l.2.is_none()).count();
        self.steps.push(
            Step::new(format!(
                "Cycle {}: fires {}   {}",
                cycle.number,
                cycle.fired(),
                change.join(", ")
            ))
            .counters(format!(
                "conflict set ({}): {}; facts {live}",
                set.len(),
                set.join("; ")
            ))
            .state(cycle.fired().name.clone()),
        );
    }

    /// The page, once the run stopped with `stop` (`strategy`: its name; `rules`: the
    /// rule base's rule names).
    pub fn page(mut self, strategy: &str, rules: &[String], stop: Stop) -> Page {
        self.steps
            .push(Step::new(format!("stop: {}", stop.as_str())).state(stop.as_str()));
        let row = 18.0;
        let mut body = String::new();
        for (i, (t, s, x)) in self.lines.iter().enumerate() {
            let hide = x.map(|x| format!(" data-x=\"{x}\"")).unwrap_or_default();
            let _ = write!(
                body,
                "<text class=\"fact\" data-s=\"{s}\"{hide} x=\"8\" y=\"{}\">{}</text>",
                number(14.0 + i as f64 * row),
                escape(t)
            );
        }
        let longest = self
            .lines
            .iter()
            .map(|l| l.0.chars().count())
            .max()
            .unwrap_or(10);
        let scene = Svg {
            width: (16.0 + 7.9 * longest as f64).max(200.0),
            height: 20.0 + self.lines.len() as f64 * row,
            body,
        };
        let section = Section::scene(
            "The cycles: conflict set, rule fired, facts added and removed",
            scene,
            self.steps,
        )
        .with_log(true)
        .counters([("cycles", self.cycles.to_string()), ("stop", stop.as_str().to_string())])
        .note("The picture is the working memory: a fact appears in the cycle that adds it (highlighted) and disappears in the cycle that removes it. The counters line lists the conflict set in the strategy's order; the first fires.");
        let mut page = Page::new("resolu rules").intro(format!("Strategy {strategy}."));
        if !rules.is_empty() {
            page = page.intro(format!("Rules: {}.", rules.join(", ")));
        }
        page.section(section)
    }
}
