//! Recording a proof search as it runs: the port trace (calls, exits, failures, redos) as
//! a tree, and each answer with its proof tree.

use crate::{DEFAULT_NODE_CAP, Labels, Mark, Page, Section, Step, Tree, TreeNode, escape};
use resolu_logic::{Answer, Operators, Term, TraceEvent, writeq};
use std::collections::HashMap;

/// The most answers a prove page shows; the most with their proof tree drawn.
const MAX_PAGE_ANSWERS: usize = 20;
const MAX_PROOF_TREES: usize = 5;

/// Records the port trace of the prover as a tree: each call a node under the goal that
/// called it, done at its exit (✓) or failure (✗), a redo a step of its own; and the
/// answers as the command prints them. The command feeds it the events of its own run
/// (set the run's `ports` and `explain` options), so a directive or a query runs once.
#[derive(Default)]
pub struct ProofRecorder {
    tree: Tree,
    steps: Vec<Step>,
    at_depth: HashMap<usize, usize>,
    open: Vec<usize>,
    events: u64,
    calls: u64,
    answers: Vec<(String, Answer)>,
    answer_count: usize,
    stopped: Option<String>,
    /// Each node's outcomes after its call, in order: (step, text): an exit with the goal
    /// as proved, a redo, a failure on redo. A node is redrawn at each.
    updates: HashMap<usize, Vec<(usize, String)>>,
    /// The call depth of each node.
    depths: Vec<usize>,
    /// The page's words (English unless [`ProofRecorder::labels`] says otherwise).
    labels: Labels,
    /// The program's operators, so that a goal reads as the terminal writes it (the
    /// standard ones until [`ProofRecorder::set_operators`]).
    operators: Option<Operators>,
}

/// The longest outcome written under a node; a longer proved goal is in its tooltip and
/// the step's caption, the node says "✓ exit".
const MAX_OUTCOME: usize = 24;

impl ProofRecorder {
    /// An empty recording.
    pub fn new() -> ProofRecorder {
        ProofRecorder {
            steps: vec![Step::new("start")],
            ..ProofRecorder::default()
        }
    }

    /// The recording in the words of `labels` (the run's language). The port names (call,
    /// exit, redo, fail) stay Prolog's, as the terminal's `--trace ports` writes them.
    pub fn labels(mut self, labels: Labels) -> ProofRecorder {
        if let Some(first) = self.steps.first_mut() {
            *first = Step::new(labels.start);
        }
        self.labels = labels;
        self
    }

    /// Writes goals with `operators`, those of the database that runs (the run's own
    /// `op/3` declarations), as the terminal's trace does.
    pub fn set_operators(&mut self, operators: Operators) {
        self.operators = Some(operators);
    }

    /// `t` as `writeq/1` writes it with the program's operators.
    fn text(&self, t: &Term) -> String {
        match &self.operators {
            Some(ops) => ops.writeq(t),
            None => writeq(t),
        }
    }

    fn full(&self) -> bool {
        self.tree.nodes.len() >= DEFAULT_NODE_CAP || self.steps.len() >= 2 * DEFAULT_NODE_CAP
    }

    /// The latest node called at `depth` as `goal` (a redo or a failure names the goal as
    /// it was called; siblings share a depth).
    fn called(&self, depth: usize, goal: &str) -> Option<usize> {
        (0..self.tree.nodes.len())
            .rev()
            .find(|&id| self.depths.get(id) == Some(&depth) && self.tree.nodes[id].label == goal)
            .or_else(|| self.at_depth.get(&depth).copied())
    }

    /// One event of the port trace.
    pub fn event(&mut self, e: &TraceEvent) {
        self.events += 1;
        if matches!(e, TraceEvent::Call { .. }) {
            self.calls += 1;
        }
        if self.full() {
            return;
        }
        let k = self.steps.len();
        match e {
            TraceEvent::Call { depth, goal } => {
                let text = self.text(goal);
                self.open.truncate(*depth);
                let parent = self.open.last().copied();
                self.tree.nodes.push(TreeNode {
                    parent,
                    label: text.clone(),
                    title: format!(
                        "call {text} ({} {depth})",
                        self.labels.say("depth", "profondeur")
                    ),
                    shown: k,
                    ..TreeNode::default()
                });
                let id = self.tree.nodes.len() - 1;
                self.depths.push(*depth);
                self.open.push(id);
                self.at_depth.insert(*depth, id);
                self.steps
                    .push(Step::new(format!("call {text}")).state(text));
            }
            TraceEvent::Exit { depth, goal } | TraceEvent::Fail { depth, goal } => {
                let exit = matches!(e, TraceEvent::Exit { .. });
                let text = self.text(goal);
                let id = if exit {
                    self.at_depth.get(depth).copied()
                } else {
                    self.called(*depth, &text)
                };
                if let Some(id) = id {
                    let seen = self.updates.get(&id).is_some_and(|u| !u.is_empty());
                    let outcome = if !exit {
                        "✗ fail".to_string()
                    } else if text.chars().count() + 2 <= MAX_OUTCOME {
                        format!("✓ {text}")
                    } else {
                        "✓ exit".to_string()
                    };
                    let node = &mut self.tree.nodes[id];
                    if exit {
                        // The goal as proved, with its bindings, in the tooltip.
                        let proved = self.labels.say("proved", "démontré");
                        node.title =
                            format!("{}\n{text}{} {proved}", node.title, self.labels.colon());
                        node.done.get_or_insert(k);
                    } else if !seen {
                        node.done = Some(k);
                        node.mark = Mark::Failed;
                    }
                    if exit || seen {
                        self.updates.entry(id).or_default().push((k, outcome));
                    } else {
                        node.value = outcome;
                    }
                }
                let port = if exit { "exit" } else { "fail" };
                self.steps
                    .push(Step::new(format!("{port} {text}")).state(format!("{port} {text}")));
            }
            TraceEvent::Redo { depth, goal } => {
                let text = self.text(goal);
                if let Some(id) = self.called(*depth, &text) {
                    // Back in that goal's box: what it calls next hangs under it.
                    self.at_depth.insert(*depth, id);
                    self.open.truncate(*depth);
                    self.open.push(id);
                    self.updates
                        .entry(id)
                        .or_default()
                        .push((k, "↻ redo".to_string()));
                }
                let why = self.labels.say(
                    "backtrack for another solution",
                    "retour arrière pour une autre solution",
                );
                self.steps.push(
                    Step::new(format!("redo {text}{} {why}", self.labels.colon()))
                        .state(format!("redo {text}")),
                );
            }
            TraceEvent::Step { goals, clause, .. } => {
                let goals: Vec<String> = goals.iter().map(|g| self.text(g)).collect();
                let clause = self.text(clause);
                let (prove, using) = if self.labels.is_french() {
                    ("démontrer", "avec")
                } else {
                    ("prove", "using")
                };
                self.steps.push(Step::new(format!(
                    "{prove} {} {using} {}",
                    goals.join(", "),
                    clause
                )));
            }
            TraceEvent::NoClause { goal, .. } | TraceEvent::Unknown { goal, .. } => {
                // The terminal's words (`prove-trace-no-clause` in French).
                let goal = self.text(goal);
                let caption = if self.labels.is_french() {
                    format!("{goal} : plus de clause, retour arrière")
                } else {
                    format!("no clause for {goal}: backtrack")
                };
                self.steps.push(Step::new(caption));
            }
        }
    }

    /// An answer of the run, as the command prints it.
    pub fn answer(&mut self, answer: &Answer) {
        self.answer_count += 1;
        if self.answers.len() >= MAX_PAGE_ANSWERS {
            return;
        }
        let shown: Vec<String> = answer
            .bindings
            .iter()
            .map(|(n, v)| format!("{n} = {}", answer.operators().writeq(v)))
            .collect();
        let shown = if shown.is_empty() {
            "true".to_string()
        } else {
            shown.join(", ")
        };
        if !self.full() {
            let answer = self.labels.say("answer", "réponse");
            self.steps.push(
                Step::new(format!(
                    "{answer} {}{} {shown}",
                    self.answers.len() + 1,
                    self.labels.colon()
                ))
                .state(shown.clone()),
            );
        }
        self.answers.push((shown, answer.clone()));
    }

    /// The run stopped (a limit, an error): `why` as the command says it.
    pub fn stopped(&mut self, why: impl Into<String>) {
        self.stopped = Some(why.into());
    }

    /// The page: the search for proofs, then each answer's proof tree.
    pub fn page(self, query: &str) -> Page {
        let ProofRecorder {
            mut tree,
            mut steps,
            events,
            calls,
            answers,
            answer_count,
            stopped,
            updates,
            labels,
            ..
        } = self;
        let l = &labels;
        // Each updated node is drawn with its longest outcome (the box fits it), from its
        // first; `redraw` then shows each outcome in its turn.
        for (&id, outcomes) in &updates {
            if let (Some(node), Some(first)) = (tree.nodes.get_mut(id), outcomes.first()) {
                node.value = longest(outcomes).to_string();
                node.valued = Some(first.0);
            }
        }
        let verdict = if answer_count == 0 {
            "false.".to_string()
        } else {
            format!("{answer_count} {}", l.say("answer(s)", "réponse(s)"))
        };
        steps.push(
            Step::new(format!("{}{} {verdict}", l.say("end", "fin"), l.colon()))
                .state(answers.first().map_or("false".to_string(), |a| a.0.clone())),
        );
        let mut page = Page::new("resolu prove").intro(format!(
            "{}{} {}",
            l.say("Query", "Question"),
            l.colon(),
            query.trim()
        ));
        let mut search = Section::tree(
            l.say(
                "The search for proofs: calls, exits, failures, redos",
                "La recherche des preuves : appels (call), succès (exit), échecs (fail), reprises (redo)",
            ),
            &tree,
            steps,
        );
        redraw(&mut search.scene.body, &tree, &updates);
        let mut search = search
            .counters([
                (l.say("calls", "appels"), calls),
                (l.say("trace events", "événements de la trace"), events),
                (l.say("answers", "réponses"), answer_count as u64),
            ])
            .note(l.say(
                "Each call is a node under the goal that called it, written whole as called; under it, its outcome as it happens: ✓ and the goal as proved (its bindings) when it exits, ↻ when a redo goes back to it for another solution (backtracking), ✗ when it fails, also after a redo.",
                "Chaque appel est un nœud sous le but qui l'a appelé, écrit en entier tel qu'appelé ; dessous, son issue au moment où elle arrive : ✓ et le but tel que démontré (ses liaisons) quand il réussit (exit), ↻ quand une reprise (redo) y revient pour une autre solution (retour arrière), ✗ quand il échoue (fail), y compris après une reprise.",
            ));
        if tree.nodes.len() >= DEFAULT_NODE_CAP {
            search = search.note(if l.is_french() {
                format!(
                    "La page enregistre les {DEFAULT_NODE_CAP} premiers appels ; les compteurs sont ceux de toute l'exécution."
                )
            } else {
                format!(
                    "The page records the first {DEFAULT_NODE_CAP} calls; the counters are the whole run's."
                )
            });
        }
        if let Some(e) = stopped {
            search = search.note(format!(
                "{}{} {e}.",
                l.say("The run stopped", "L'exécution s'est arrêtée"),
                l.colon()
            ));
        }
        page = page.section(search);
        for (i, (shown, answer)) in answers.iter().enumerate().take(MAX_PROOF_TREES) {
            if let Some(section) = proof_section(i, shown, answer, l) {
                page = page.section(section);
            }
        }
        page
    }
}

/// The longest outcome of a node.
fn longest(outcomes: &[(usize, String)]) -> &str {
    outcomes
        .iter()
        .map(|o| o.1.as_str())
        .max_by_key(|t| t.chars().count())
        .unwrap_or("")
}

/// Redraws the outcome under each updated node of the rendered tree `body`: the value
/// the tree drew (its longest outcome, from the first) is replaced by each outcome shown
/// from its step to the next one's, a failure in red. Nodes are drawn in order, so the
/// n-th value text drawn with that step and text is the n-th such node.
fn redraw(body: &mut String, tree: &Tree, updates: &HashMap<usize, Vec<(usize, String)>>) {
    let mut ids: Vec<&usize> = updates.keys().collect();
    ids.sort();
    let mut from = 0;
    for &id in ids {
        let (Some(node), outcomes) = (tree.nodes.get(id), &updates[&id]) else {
            continue;
        };
        let Some(first) = node.valued else { continue };
        let head = format!("<text class=\"value\" data-s=\"{first}\" ");
        let tail = format!(">{}</text>", escape(&node.value));
        let Some(at) = body[from..].find(&head).map(|i| i + from) else {
            continue;
        };
        let Some(end) = body[at..].find("</text>").map(|i| i + at + "</text>".len()) else {
            continue;
        };
        if !body[at..end].ends_with(&tail) {
            continue;
        }
        let place = body[at + head.len()..end - tail.len()].to_string();
        let mut drawn = String::new();
        for (j, (k, text)) in outcomes.iter().enumerate() {
            let until = outcomes
                .get(j + 1)
                .map(|next| format!(" data-x=\"{}\"", next.0))
                .unwrap_or_default();
            let failed = if text.starts_with('✗') {
                " style=\"fill:#b91c1c;font-weight:700\""
            } else {
                ""
            };
            drawn.push_str(&format!(
                "<text class=\"value outcome\" data-s=\"{k}\"{until}{failed} {place}>{}</text>",
                escape(text)
            ));
        }
        body.replace_range(at..end, &drawn);
        from = at + drawn.len();
    }
}

/// The proof tree of one answer (with the run's `explain` option), node by node.
fn proof_section(i: usize, shown: &str, answer: &Answer, l: &Labels) -> Option<Section> {
    let proof = answer.proof.as_ref()?;
    let mut tree = Tree::default();
    let mut at: Vec<usize> = Vec::new();
    let mut steps = Vec::new();
    for (k, node) in proof.nodes.iter().enumerate().take(DEFAULT_NODE_CAP) {
        at.truncate(node.depth);
        let how = match &node.clause {
            Some(c) if c.functor().is_some_and(|(f, n)| f.name() == ":-" && n == 2) => {
                answer.operators().writeq(c)
            }
            // The terminal's words (`prove-proof-fact`, `prove-proof-builtin`).
            Some(_) => l.say("fact", "fait").to_string(),
            None => l.say("built-in", "prédéfini").to_string(),
        };
        let goal = answer.operators().writeq(&node.goal);
        tree.nodes.push(TreeNode {
            parent: at.last().copied(),
            label: goal.clone(),
            value: if how.len() > 14 {
                l.say("rule", "règle").into()
            } else {
                how.clone()
            },
            title: format!("{goal}\n{} {how}", l.say("by", "par")),
            shown: k,
            done: Some(k),
            mark: Mark::Solution,
            ..TreeNode::default()
        });
        at.push(tree.nodes.len() - 1);
        steps.push(Step::new(format!("{goal}  [{how}]")).state(goal));
    }
    Some(Section::tree(
        format!(
            "{} {}{} {shown}",
            l.say("Proof tree of answer", "Arbre de preuve de la réponse"),
            i + 1,
            l.colon()
        ),
        &tree,
        steps,
    ))
}
