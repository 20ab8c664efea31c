//! Recording a proof search as it runs: the port trace (calls, exits, failures, redos) as
//! a tree, and each answer with its proof tree.

use crate::{DEFAULT_NODE_CAP, Mark, Page, Section, Step, Tree, TreeNode};
use resolu_logic::{Answer, TraceEvent, writeq};
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
}

impl ProofRecorder {
    /// An empty recording.
    pub fn new() -> ProofRecorder {
        ProofRecorder {
            steps: vec![Step::new("start")],
            ..ProofRecorder::default()
        }
    }

    fn full(&self) -> bool {
        self.tree.nodes.len() >= DEFAULT_NODE_CAP || self.steps.len() >= 2 * DEFAULT_NODE_CAP
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
                let text = writeq(goal);
                self.open.truncate(*depth);
                let parent = self.open.last().copied();
                self.tree.nodes.push(TreeNode {
                    parent,
                    label: text.clone(),
                    title: format!("call {text} (depth {depth})"),
                    shown: k,
                    ..TreeNode::default()
                });
                let id = self.tree.nodes.len() - 1;
                self.open.push(id);
                self.at_depth.insert(*depth, id);
                self.steps
                    .push(Step::new(format!("call {text}")).state(text));
            }
            TraceEvent::Exit { depth, goal } | TraceEvent::Fail { depth, goal } => {
                let exit = matches!(e, TraceEvent::Exit { .. });
                let text = writeq(goal);
                if let Some(&id) = self.at_depth.get(depth) {
                    let node = &mut self.tree.nodes[id];
                    node.done = Some(k);
                    node.value = if exit {
                        "✓ exit".into()
                    } else {
                        "✗ fail".into()
                    };
                    if exit {
                        // The goal as proved, with its bindings.
                        node.title = format!("{text}: proved");
                        node.label = text.clone();
                    } else {
                        node.mark = Mark::Failed;
                    }
                }
                let port = if exit { "exit" } else { "fail" };
                self.steps
                    .push(Step::new(format!("{port} {text}")).state(format!("{port} {text}")));
            }
            TraceEvent::Redo { goal, .. } => {
                let text = writeq(goal);
                self.steps.push(
                    Step::new(format!("redo {text}: backtrack for another solution"))
                        .state(format!("redo {text}")),
                );
            }
            TraceEvent::Step { goals, clause, .. } => {
                let goals: Vec<String> = goals.iter().map(writeq).collect();
                self.steps.push(Step::new(format!(
                    "prove {} using {}",
                    goals.join(", "),
                    writeq(clause)
                )));
            }
            TraceEvent::NoClause { goal, .. } | TraceEvent::Unknown { goal, .. } => {
                self.steps.push(Step::new(format!(
                    "no clause for {}: backtrack",
                    writeq(goal)
                )));
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
            .map(|(n, v)| format!("{n} = {}", writeq(v)))
            .collect();
        let shown = if shown.is_empty() {
            "true".to_string()
        } else {
            shown.join(", ")
        };
        if !self.full() {
            self.steps.push(
                Step::new(format!("answer {}: {shown}", self.answers.len() + 1))
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
            tree,
            mut steps,
            events,
            calls,
            answers,
            answer_count,
            stopped,
            ..
        } = self;
        let verdict = if answer_count == 0 {
            "false.".to_string()
        } else {
            format!("{answer_count} answer(s)")
        };
        steps.push(
            Step::new(format!("end: {verdict}"))
                .state(answers.first().map_or("false".to_string(), |a| a.0.clone())),
        );
        let mut page = Page::new("resolu prove").intro(format!("Query: {}", query.trim()));
        let mut search = Section::tree("The search for proofs: calls, exits, failures, redos", &tree, steps)
            .counters([("calls", calls), ("trace events", events), ("answers", answer_count as u64)])
            .note("Each call is a node under the goal that called it, shown as proved when it exits (✓, with its bindings), ✗ when it fails; a redo goes back to a goal for another solution (backtracking).");
        if tree.nodes.len() >= DEFAULT_NODE_CAP {
            search = search.note(format!(
                "The page records the first {DEFAULT_NODE_CAP} calls; the counters are the whole run's."
            ));
        }
        if let Some(e) = stopped {
            search = search.note(format!("The run stopped: {e}."));
        }
        page = page.section(search);
        for (i, (shown, answer)) in answers.iter().enumerate().take(MAX_PROOF_TREES) {
            if let Some(section) = proof_section(i, shown, answer) {
                page = page.section(section);
            }
        }
        page
    }
}

/// The proof tree of one answer (with the run's `explain` option), node by node.
fn proof_section(i: usize, shown: &str, answer: &Answer) -> Option<Section> {
    let proof = answer.proof.as_ref()?;
    let mut tree = Tree::default();
    let mut at: Vec<usize> = Vec::new();
    let mut steps = Vec::new();
    for (k, node) in proof.nodes.iter().enumerate().take(DEFAULT_NODE_CAP) {
        at.truncate(node.depth);
        let how = match &node.clause {
            Some(c) if c.functor().is_some_and(|(f, n)| f.name() == ":-" && n == 2) => writeq(c),
            Some(_) => "fact".to_string(),
            None => "built-in".to_string(),
        };
        let goal = writeq(&node.goal);
        tree.nodes.push(TreeNode {
            parent: at.last().copied(),
            label: goal.clone(),
            value: if how.len() > 14 {
                "rule".into()
            } else {
                how.clone()
            },
            title: format!("{goal}\nby {how}"),
            shown: k,
            done: Some(k),
            mark: Mark::Solution,
            ..TreeNode::default()
        });
        at.push(tree.nodes.len() - 1);
        steps.push(Step::new(format!("{goal}  [{how}]")).state(goal));
    }
    Some(Section::tree(
        format!("Proof tree of answer {}: {shown}", i + 1),
        &tree,
        steps,
    ))
}
