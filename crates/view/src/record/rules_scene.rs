//! The picture of a forward-chaining run: the rule base, the conflict set of each cycle
//! and the working memory, side by side, each element carrying the steps at which it
//! shows.

use crate::{Labels, Svg, escape, number};
use std::fmt::Write as _;

/// The most activations of a conflict set listed; the rest are counted.
const MAX_LISTED: usize = 14;
/// The width of a character of the monospace font, in pixels (13 px).
const CHAR_W: f64 = 7.9;
const ROW: f64 = 18.0;
const TOP: f64 = 40.0;

/// A rule as the file writes it.
#[derive(Clone, Debug, Default)]
pub struct RuleText {
    /// Its name.
    pub name: String,
    /// Its lines.
    pub lines: Vec<String>,
}

/// A fact of the working memory: its text, the step that adds it and the one that
/// removes it.
#[derive(Clone, Debug)]
pub struct FactLine {
    /// The fact as written.
    pub text: String,
    /// The step it appears at.
    pub added: usize,
    /// The step that removes it.
    pub gone: Option<usize>,
}

/// What the picture shows.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    /// The rule base.
    pub rules: Vec<RuleText>,
    /// The facts, in the order they were added.
    pub facts: Vec<FactLine>,
    /// Each cycle: its step, the index of the rule fired and the conflict set.
    cycles: Vec<(usize, usize, Vec<String>)>,
}

impl Scene {
    /// A fact added at step `k`.
    pub fn add_fact(&mut self, text: String, k: usize) {
        self.facts.push(FactLine {
            text,
            added: k,
            gone: None,
        });
    }

    /// The fact `text` removed at step `k`.
    pub fn remove_fact(&mut self, text: &str, k: usize) {
        if let Some(l) = self
            .facts
            .iter_mut()
            .find(|l| l.text == text && l.gone.is_none())
        {
            l.gone = Some(k);
        }
    }

    /// Cycle at step `k` fired rule `rule` out of `set` (the strategy's order).
    pub fn fired(&mut self, k: usize, rule: usize, set: Vec<String>) {
        self.cycles.push((k, rule, set));
    }

    /// The picture.
    pub fn svg(&self, labels: &Labels) -> Svg {
        let mut body = String::new();
        let rules_w = self.rules_column(&mut body, labels);
        let set_x = if rules_w > 0.0 { rules_w + 24.0 } else { 8.0 };
        let set_w = self.conflict_column(&mut body, set_x, labels);
        let facts_x = set_x + set_w + 24.0;
        let facts_w = self.facts_column(&mut body, facts_x, labels);
        let rule_rows: usize = self.rules.iter().map(|r| r.lines.len() + 1).sum();
        let set_rows = self
            .cycles
            .iter()
            .map(|c| c.2.len().min(MAX_LISTED) + 1)
            .max()
            .unwrap_or(1);
        let rows = rule_rows.max(set_rows).max(self.facts.len());
        Svg {
            width: facts_x + facts_w + 8.0,
            height: TOP + rows as f64 * ROW + 12.0,
            body,
        }
    }

    fn heading(body: &mut String, x: f64, text: &str) {
        let _ = write!(
            body,
            "<text class=\"frame-title\" x=\"{}\" y=\"20\" style=\"font-weight:700\">{}</text>",
            number(x),
            escape(text)
        );
    }

    /// The rule base, the rule fired at each step highlighted; returns its width.
    fn rules_column(&self, body: &mut String, labels: &Labels) -> f64 {
        if self.rules.is_empty() {
            return 0.0;
        }
        let longest = self
            .rules
            .iter()
            .flat_map(|r| r.lines.iter())
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(10);
        let width = 16.0 + CHAR_W * longest as f64;
        Self::heading(body, 8.0, labels.say("Rule base", "Base de règles"));
        let mut y = TOP;
        let mut top_of = Vec::with_capacity(self.rules.len());
        for rule in &self.rules {
            top_of.push((y, rule.lines.len()));
            for line in &rule.lines {
                let _ = write!(
                    body,
                    "<text class=\"fact rule-line\" x=\"8\" y=\"{}\" xml:space=\"preserve\">{}</text>",
                    number(y),
                    escape(line)
                );
                y += ROW;
            }
            y += ROW;
        }
        // One highlight per cycle, a translucent band over the rule so its text stays legible.
        for (k, rule, _) in &self.cycles {
            if let Some(&(top, lines)) = top_of.get(*rule) {
                let _ = write!(
                    body,
                    "<rect class=\"firing\" data-s=\"{k}\" data-x=\"{}\" data-rule=\"{}\" x=\"2\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" style=\"fill:#fb923c;fill-opacity:.28;stroke:#c2410c;stroke-width:2\"/>",
                    k + 1,
                    escape(&self.rules[*rule].name),
                    number(top - 14.0),
                    number(width),
                    number(lines as f64 * ROW + 4.0)
                );
            }
        }
        width
    }

    /// The conflict set of each cycle, the chosen activation first; returns its width.
    fn conflict_column(&self, body: &mut String, x: f64, labels: &Labels) -> f64 {
        let title = labels.say(
            "Conflict set (strategy's order)",
            "Ensemble de conflits (ordre de la stratégie)",
        );
        Self::heading(body, x, title);
        let mut longest = title.chars().count();
        for (k, _, set) in &self.cycles {
            let _ = write!(
                body,
                "<g class=\"conflict-set\" data-s=\"{k}\" data-x=\"{}\">",
                k + 1
            );
            for (i, activation) in set.iter().take(MAX_LISTED).enumerate() {
                let text = if i == 0 {
                    format!("▶ {activation}")
                } else {
                    format!("{}. {activation}", i + 1)
                };
                longest = longest.max(text.chars().count());
                let _ = write!(
                    body,
                    "<text class=\"fact activation{}\" x=\"{}\" y=\"{}\"{}>{}</text>",
                    if i == 0 { " chosen" } else { "" },
                    number(x),
                    number(TOP + i as f64 * ROW),
                    if i == 0 {
                        " style=\"font-weight:700;fill:#c2410c\""
                    } else {
                        ""
                    },
                    escape(&text)
                );
            }
            if set.len() > MAX_LISTED {
                let _ = write!(
                    body,
                    "<text class=\"fact\" x=\"{}\" y=\"{}\">… {} {}</text>",
                    number(x),
                    number(TOP + MAX_LISTED as f64 * ROW),
                    set.len() - MAX_LISTED,
                    labels.more
                );
            }
            body.push_str("</g>");
        }
        8.0 + CHAR_W * longest as f64
    }

    /// The working memory; returns its width.
    fn facts_column(&self, body: &mut String, x: f64, labels: &Labels) -> f64 {
        let title = labels.say("Working memory", "Mémoire de travail");
        Self::heading(body, x, title);
        let mut longest = title.chars().count();
        for (i, fact) in self.facts.iter().enumerate() {
            let y = TOP + i as f64 * ROW;
            longest = longest.max(fact.text.chars().count() + 1);
            let hide = fact
                .gone
                .map(|g| format!(" data-x=\"{g}\""))
                .unwrap_or_default();
            let _ = write!(
                body,
                "<text class=\"fact\" data-s=\"{}\"{hide} x=\"{}\" y=\"{}\">{}</text>",
                fact.added,
                number(x),
                number(y),
                escape(&fact.text)
            );
            if let Some(g) = fact.gone {
                // The removal, shown in the cycle that makes it: struck through, −fact.
                let w = CHAR_W * (fact.text.chars().count() + 1) as f64;
                let _ = write!(
                    body,
                    "<g class=\"removed\" data-s=\"{g}\" data-x=\"{}\"><text class=\"fact\" x=\"{}\" y=\"{}\" style=\"fill:#b91c1c\">−{}</text>\
<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" style=\"stroke:#b91c1c;stroke-width:1.5\"/></g>",
                    g + 1,
                    number(x),
                    number(y),
                    escape(&fact.text),
                    number(x),
                    number(y - 4.0),
                    number(x + w),
                    number(y - 4.0)
                );
            }
        }
        8.0 + CHAR_W * longest as f64
    }
}
