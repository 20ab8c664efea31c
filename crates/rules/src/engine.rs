//! The forward-chaining engine: match the rules against the working memory, keep the
//! conflict set, choose one instance by the strategy, fire its actions; repeat.
//!
//! Each cycle:
//! 1. stop if a `halt` action fired, or the goal holds, or a limit is reached (cycles,
//!    time, memory);
//! 2. stop if the conflict set is empty: the run is *stuck* if a goal was given and not
//!    reached, *quiescent* otherwise (every conclusion derived);
//! 3. fire the instance the strategy puts first, and take it out of the conflict set (an
//!    instance fires once: refraction).
//!
//! # Matching: TREAT
//!
//! The conflict set is not recomputed each cycle: it is kept, and updated by each change
//! of the working memory as it happens (an action's `assert` or `retract`), in the manner
//! of Miranker's TREAT. A new fact is joined with the rest of the working memory only
//! through the conditions it matches (a *seeded* join: the fact is fixed in one condition,
//! the others are looked up in the working memory's indexes); a removed fact takes with it
//! the instances that used it. A negated condition over working-memory facts (`\+ seen(S)`)
//! is answered by an index look-up, and a new fact it matches removes the instances it now
//! blocks; a removed fact it matched makes the rule be joined again. So a cycle costs in
//! proportion to what changed, not to the size of the working memory.
//!
//! TREAT rather than Rete: no memory of partial matches (beta memories) is kept, only the
//! indexed working memory (which plays the part of the alpha memories) and the conflict
//! set. A retraction costs nothing beyond dropping the instances that used the fact, and
//! a join is cheap: facts and values are shared terms named by numbers (the crate's
//! `terms` module), patterns are compiled to variable slots bound in place, and each
//! pattern is looked up through an index on the arguments bound when it is matched.
//!
//! Conditions are tried left to right, like a Prolog body (after the seed fact's
//! bindings, in a seeded join). A condition whose predicate has Prolog clauses (or is a
//! built-in) is a call to the prover; `\+ G` and `not(G)` succeed when `G` has no
//! solution; any other condition is a pattern matched against the working memory. A
//! pattern naming a relation that no fact, no action and no clause mentions is an error
//! (the prover's `unknown=error`), unless the file declares it `:- dynamic` or sets
//! `:- set_prolog_flag(unknown, fail)`. The working memory is mirrored in the prover's
//! database, so Prolog clauses see the facts too; a rule with a Prolog call that reads
//! the working memory (through its clauses) cannot be updated fact by fact, and is
//! joined again in full after each cycle that changed the working memory.
//!
//! # Activations
//!
//! Each instance is numbered when it enters the conflict set (its *activation*): CLIPS's
//! `depth` fires the newest, `breadth` the oldest. Initial facts arrive one by one in
//! file order, each joined only with the facts before it, so that the activations are
//! numbered as CLIPS's `(reset)` numbers them.

use crate::memory::{Origin, Store, Tag, WorkingMemory};
use crate::parse::{RuleBase, RuleError, conjuncts};
use crate::strategy::{Ranked, Strategy};
use crate::terms::{Id, NONE, Pat, Pattern, Terms};
use resolu_logic::{Atom, Database, Options, SolveError, Term, Unknown, write_plain, writeq};
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// A condition, classified when the engine is built (as written: for the analyses that
/// mirror CLIPS's network).
#[derive(Clone, Debug)]
enum Cond {
    /// A pattern matched against working-memory facts.
    Fact(Term),
    /// A negated pattern, with the tests of its conjunction (`\+ (p(X, Y), Y > Z)`),
    /// answered from the working memory's index.
    NotFact(Term, Vec<Term>),
    /// A call to the prover.
    Call(Term),
    /// Negation as failure of a call to the prover.
    NotCall(Term),
}

/// A condition compiled for matching: patterns over shared terms with variables as slots,
/// calls with their fast path when the engine can evaluate them itself.
#[derive(Clone, Debug)]
enum Check {
    Fact(Pattern),
    /// A negated pattern and its tests (comparisons the engine evaluates itself).
    NotFact(Pattern, Vec<Fast>),
    Call {
        goal: Term,
        fast: Option<Fast>,
    },
    NotCall {
        goal: Term,
    },
}

/// An action compiled.
#[derive(Clone, Debug)]
enum Do {
    /// Add the fact (`None`: the term is not callable, an error when fired).
    Assert(Option<Pattern>, Term),
    /// Remove the first fact that matches.
    Retract(Option<Pattern>, Term),
    Halt,
    Print(Vec<Term>),
    Call {
        goal: Term,
        fast: Option<Fast>,
    },
}

/// A test or an assignment the engine evaluates without the prover, when its values are
/// integers (else the prover is asked, and answers as Prolog would).
#[derive(Clone, Debug)]
enum Fast {
    /// `==` (true) or `\==` (false) of two variables or constants.
    Same(bool, Pat, Pat),
    /// An arithmetic comparison.
    Compare(Cmp, Expr, Expr),
    /// `X is Expr`, `X` a variable or a constant.
    Is(Pat, Expr),
}

#[derive(Clone, Copy, Debug)]
enum Cmp {
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
}

/// An integer expression.
#[derive(Clone, Debug)]
enum Expr {
    Int(i64),
    Slot(u32),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
}

impl Expr {
    fn compile(t: &Term) -> Option<Expr> {
        Some(match t {
            Term::Int(i) => Expr::Int(*i),
            Term::Var(v) => Expr::Slot(*v),
            Term::Compound(f, a) if a.len() == 2 => {
                let (x, y) = (
                    Box::new(Expr::compile(&a[0])?),
                    Box::new(Expr::compile(&a[1])?),
                );
                match f.name() {
                    "+" => Expr::Add(x, y),
                    "-" => Expr::Sub(x, y),
                    "*" => Expr::Mul(x, y),
                    _ => return None,
                }
            }
            Term::Compound(f, a) if a.len() == 1 && f.name() == "-" => {
                Expr::Neg(Box::new(Expr::compile(&a[0])?))
            }
            _ => return None,
        })
    }

    /// The value; `None` if a value is not an integer or the result overflows (the
    /// prover then answers).
    fn eval(&self, terms: &Terms, slots: &[Id]) -> Option<i64> {
        match self {
            Expr::Int(i) => Some(*i),
            Expr::Slot(v) => match slots[*v as usize] {
                NONE => None,
                id => terms.as_int(id),
            },
            Expr::Add(x, y) => x.eval(terms, slots)?.checked_add(y.eval(terms, slots)?),
            Expr::Sub(x, y) => x.eval(terms, slots)?.checked_sub(y.eval(terms, slots)?),
            Expr::Mul(x, y) => x.eval(terms, slots)?.checked_mul(y.eval(terms, slots)?),
            Expr::Neg(x) => x.eval(terms, slots)?.checked_neg(),
        }
    }
}

impl Fast {
    fn compile(goal: &Term, terms: &mut Terms) -> Option<Fast> {
        let Term::Compound(f, a) = goal else {
            return None;
        };
        if a.len() != 2 {
            return None;
        }
        let simple = |t: &Term| matches!(t, Term::Var(_)) || t.is_ground();
        let cmp = match f.name() {
            "==" | "\\==" if simple(&a[0]) && simple(&a[1]) => {
                return Some(Fast::Same(
                    f.name() == "==",
                    Pat::compile(&a[0], terms),
                    Pat::compile(&a[1], terms),
                ));
            }
            "is" if simple(&a[0]) => {
                return Some(Fast::Is(Pat::compile(&a[0], terms), Expr::compile(&a[1])?));
            }
            "<" => Cmp::Lt,
            ">" => Cmp::Gt,
            "=<" => Cmp::Le,
            ">=" => Cmp::Ge,
            "=:=" => Cmp::Eq,
            "=\\=" => Cmp::Ne,
            _ => return None,
        };
        Some(Fast::Compare(
            cmp,
            Expr::compile(&a[0])?,
            Expr::compile(&a[1])?,
        ))
    }

    /// Whether `goal` is a comparison the engine evaluates (`==`, `\==`, `<`...), as the
    /// tests inside a negated condition must be.
    fn is_test(goal: &Term) -> bool {
        matches!(
            Fast::compile(goal, &mut Terms::default()),
            Some(Fast::Same(..) | Fast::Compare(..))
        )
    }

    /// Runs a comparison (not an `is`): `None` if a value is not an integer (`<`...) or
    /// not ground (`==`).
    fn test(&self, terms: &Terms, slots: &[Id]) -> Option<bool> {
        match self {
            Fast::Same(same, x, y) => {
                let value = |p: &Pat| match p {
                    Pat::Const(c) => Some(*c),
                    Pat::Var(v) => Some(slots[*v as usize]).filter(|&s| s != NONE),
                    Pat::Compound(..) => None,
                };
                let (x, y) = (value(x)?, value(y)?);
                if !terms.is_ground(x) || !terms.is_ground(y) {
                    return None;
                }
                Some((x == y) == *same)
            }
            Fast::Compare(op, x, y) => {
                let (x, y) = (x.eval(terms, slots)?, y.eval(terms, slots)?);
                Some(match op {
                    Cmp::Lt => x < y,
                    Cmp::Gt => x > y,
                    Cmp::Le => x <= y,
                    Cmp::Ge => x >= y,
                    Cmp::Eq => x == y,
                    Cmp::Ne => x != y,
                })
            }
            Fast::Is(..) => None,
        }
    }

    /// Runs the test: `None` if it needs the prover, else whether it holds; an `is`
    /// binds its variable (pushed on `trail`).
    fn run(&self, terms: &mut Terms, slots: &mut [Id], trail: &mut Vec<u32>) -> Option<bool> {
        match self {
            Fast::Same(..) | Fast::Compare(..) => self.test(terms, slots),
            Fast::Is(lhs, e) => {
                let value = e.eval(terms, slots)?;
                let id = terms.int(value);
                match lhs {
                    Pat::Var(v) if slots[*v as usize] == NONE => {
                        slots[*v as usize] = id;
                        trail.push(*v);
                        Some(true)
                    }
                    Pat::Var(v) => Some(slots[*v as usize] == id),
                    Pat::Const(c) => Some(*c == id),
                    Pat::Compound(..) => None,
                }
            }
        }
    }
}

/// A rule ready to match.
#[derive(Clone, Debug)]
struct Compiled {
    name: String,
    priority: Option<i64>,
    salience: i64,
    conditions: Vec<Cond>,
    steps: Vec<Check>,
    /// Per seed (none, then each condition), the access path of each pattern: the mask
    /// of its argument positions bound when it is matched.
    plans: Vec<Vec<u64>>,
    actions: Vec<Do>,
    var_names: Vec<String>,
    line: usize,
    /// A Prolog call in its conditions reads the working memory: joined again in full
    /// after each change instead of fact by fact.
    volatile: bool,
    /// CLIPS's specificity: the comparisons its conditions make.
    complexity: usize,
    /// The positions of its patterns among its conditions.
    positions: Rc<[usize]>,
    /// Those of its patterns over relations that actions retract.
    removable: Rc<[usize]>,
    /// The number of its negated conditions.
    nots: usize,
    /// Per negated pattern: the variables it shares with the rest of the rule, and the
    /// access paths of a join with them bound (when a fact it matched leaves, the rule is
    /// joined again with the values the fact gives them only).
    unblock: Vec<Option<(Vec<u32>, Vec<u64>)>>,
}

impl Compiled {
    fn nvars(&self) -> u32 {
        self.var_names.len() as u32
    }
}

/// The goal, ready to match.
#[derive(Clone, Debug)]
struct CompiledGoal {
    steps: Vec<Check>,
    plan: Vec<u64>,
    nvars: u32,
    line: usize,
}

/// Compiles a condition.
fn compile_step(c: &Cond, terms: &mut Terms) -> Check {
    match c {
        Cond::Fact(t) => match Pattern::compile(t, terms) {
            Some(p) => Check::Fact(p),
            None => Check::Call {
                goal: t.clone(),
                fast: None,
            },
        },
        Cond::NotFact(t, tests) => match Pattern::compile(t, terms) {
            Some(p) => Check::NotFact(
                p,
                tests
                    .iter()
                    .filter_map(|g| Fast::compile(g, terms))
                    .collect(),
            ),
            None => Check::NotCall { goal: t.clone() },
        },
        Cond::Call(t) => Check::Call {
            goal: t.clone(),
            fast: Fast::compile(t, terms),
        },
        Cond::NotCall(t) => Check::NotCall { goal: t.clone() },
    }
}

/// The access paths of a join: per condition, the mask of the argument positions of its
/// pattern that are bound when it is matched, conditions taken left to right after the
/// seed's (a call binds its variables).
fn plan(steps: &[Check], seed: Option<usize>) -> Vec<u64> {
    plan_from(steps, seed, &[])
}

/// [`plan`] with the variables `prebound` bound before the first condition.
fn plan_from(steps: &[Check], seed: Option<usize>, prebound: &[u32]) -> Vec<u64> {
    let mut bound: FxHashSet<u32> = prebound.iter().copied().collect();
    if let Some(Check::Fact(p)) = seed.and_then(|s| steps.get(s)) {
        bound.extend(p.vars());
    }
    let mut masks = vec![0; steps.len()];
    for (i, s) in steps.iter().enumerate() {
        if Some(i) == seed {
            continue;
        }
        match s {
            Check::Fact(p) | Check::NotFact(p, _) => {
                for (k, a) in p.args.iter().enumerate().take(64) {
                    let mut vars = Vec::new();
                    a.vars(&mut vars);
                    if vars.iter().all(|v| bound.contains(v)) {
                        masks[i] |= 1 << k;
                    }
                }
                if let Check::Fact(p) = s {
                    bound.extend(p.vars());
                }
            }
            Check::Call { goal, .. } => bound.extend(goal.variables()),
            Check::NotCall { .. } => {}
        }
    }
    masks
}

/// Values given to some variables before a join: (slot, value).
type Preset = Vec<(u32, Id)>;

/// The variables of a compiled condition, pushed on `out`.
fn step_vars(c: &Check, out: &mut Vec<u32>) {
    match c {
        Check::Fact(p) | Check::NotFact(p, _) => out.extend(p.vars()),
        Check::Call { goal, .. } | Check::NotCall { goal } => out.extend(goal.variables()),
    }
}

/// An instance of a rule: the rule and values of its variables that satisfy its
/// conditions, with the facts it matched.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// The rule's index in the file.
    pub rule: usize,
    /// The rule's name.
    pub name: String,
    /// The rule's priority.
    pub priority: Option<i64>,
    /// The rule's salience (0 when not given).
    pub salience: i64,
    /// The rule's number of conditions (for the specificity strategy).
    pub specificity: usize,
    /// The comparisons the rule's conditions make, counted as CLIPS counts them (for the
    /// simplicity and complexity strategies): a constant or an already bound variable in
    /// a pattern, and a call, count one each.
    pub complexity: usize,
    /// The values of the rule's named variables (those not starting with `_`).
    pub bindings: Vec<(String, Term)>,
    /// The time tags of the facts matched, in the order of the conditions.
    pub facts: Vec<Tag>,
    /// The instance's activation number: the order in which instances entered the
    /// conflict set (for the depth and breadth strategies).
    pub activation: u64,
    /// The time tags of the facts matched, most recent first (for lex and recency).
    pub recency: Vec<Tag>,
    /// The time tag of the fact matching the first condition, if it is a pattern (mea).
    pub first_tag: Option<Tag>,
    /// The key of the random strategy, drawn from the engine's seed.
    pub random: u64,
    /// Per condition: the fact's tag or the Prolog answer's number (discovery order).
    pub(crate) path: Vec<u64>,
    /// CLIPS's time tags of the instance (for lex and mea): the facts' tags plus one,
    /// and a 0 for each negated condition (CLIPS counts a `not` as a match of time 0),
    /// most recent first.
    pub(crate) lex: Vec<usize>,
}

impl fmt::Display for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.bindings.is_empty() {
            let b: Vec<String> = self
                .bindings
                .iter()
                .map(|(n, v)| format!("{n} = {}", writeq(v)))
                .collect();
            write!(f, " {{{}}}", b.join(", "))?;
        }
        Ok(())
    }
}

/// An activation as the agenda keeps it: numbers only (shared terms, tags); made into an
/// [`Instance`] when it fires or is shown.
#[derive(Clone, Debug)]
struct Act {
    rule: usize,
    priority: Option<i64>,
    salience: i64,
    specificity: usize,
    complexity: usize,
    /// The positions of the patterns among the conditions (shared by the rule's
    /// activations): the facts matched are the path at those positions.
    positions: Rc<[usize]>,
    /// Those of the patterns over relations that actions retract (the facts whose
    /// removal must find the activation).
    removable: Rc<[usize]>,
    values: Vec<Id>,
    activation: u64,
    first_tag: Option<Tag>,
    random: u64,
    path: Vec<u64>,
    /// The number of negated conditions (each a 0 in the lex time tags).
    nots: usize,
    /// The hash of the key (rule, facts, values).
    hash: u64,
}

impl Act {
    /// The facts matched, in the order of the conditions.
    fn facts(&self) -> impl Iterator<Item = Tag> + '_ {
        self.positions.iter().map(|&i| self.path[i] as Tag)
    }

    fn key(&self) -> Key {
        (self.rule, self.facts().collect(), self.values.clone())
    }

    fn has_key(&self, rule: usize, path: &[u64], values: &[Id]) -> bool {
        self.rule == rule
            && self.values == values
            && self.positions.iter().all(|&i| self.path[i] == path[i])
    }

    /// The facts' tags, most recent first.
    fn recency(&self) -> Vec<Tag> {
        let mut r: Vec<Tag> = self.facts().collect();
        r.sort_unstable_by(|a, b| b.cmp(a));
        r
    }
}

/// The hash of an instance's key: its rule, the facts at `positions` of its path, the
/// values of its variables.
fn key_hash(rule: usize, positions: &[usize], path: &[u64], values: &[Id]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    rule.hash(&mut h);
    for &i in positions {
        path[i].hash(&mut h);
    }
    values.hash(&mut h);
    h.finish()
}

impl Ranked for Act {
    fn salience(&self) -> i64 {
        self.salience
    }
    fn priority(&self) -> Option<i64> {
        self.priority
    }
    fn rule(&self) -> usize {
        self.rule
    }
    fn path(&self) -> &[u64] {
        &self.path
    }
    fn activation(&self) -> u64 {
        self.activation
    }
    fn recency(&self) -> Cow<'_, [Tag]> {
        Cow::Owned(Act::recency(self))
    }
    fn specificity(&self) -> usize {
        self.specificity
    }
    fn complexity(&self) -> usize {
        self.complexity
    }
    fn lex(&self) -> Cow<'_, [usize]> {
        let mut lex: Vec<usize> = Act::recency(self).iter().map(|t| t + 1).collect();
        lex.resize(lex.len() + self.nots, 0);
        Cow::Owned(lex)
    }
    fn first_tag(&self) -> Option<Tag> {
        self.first_tag
    }
    fn random(&self) -> u64 {
        self.random
    }
}

impl Ranked for Instance {
    fn salience(&self) -> i64 {
        self.salience
    }
    fn priority(&self) -> Option<i64> {
        self.priority
    }
    fn rule(&self) -> usize {
        self.rule
    }
    fn path(&self) -> &[u64] {
        &self.path
    }
    fn activation(&self) -> u64 {
        self.activation
    }
    fn recency(&self) -> Cow<'_, [Tag]> {
        Cow::Borrowed(&self.recency)
    }
    fn specificity(&self) -> usize {
        self.specificity
    }
    fn complexity(&self) -> usize {
        self.complexity
    }
    fn lex(&self) -> Cow<'_, [usize]> {
        Cow::Borrowed(&self.lex)
    }
    fn first_tag(&self) -> Option<Tag> {
        self.first_tag
    }
    fn random(&self) -> u64 {
        self.random
    }
}

/// What one cycle did.
#[derive(Clone, Debug, PartialEq)]
pub struct Cycle {
    /// The cycle's number, from 1.
    pub number: u64,
    /// The conflict set, in the strategy's order: the first one fired. Only the instance
    /// fired when the engine does not record conflict sets
    /// ([`Engine::set_record_conflict_sets`]).
    pub conflict_set: Vec<Instance>,
    /// The facts added (an assertion of a fact already present adds nothing).
    pub added: Vec<Term>,
    /// The facts removed.
    pub removed: Vec<Term>,
    /// The lines printed by `print` actions.
    pub output: Vec<String>,
    /// Whether a `halt` action fired.
    pub halted: bool,
}

impl Cycle {
    /// The instance that fired.
    pub fn fired(&self) -> &Instance {
        // A cycle is only recorded when its conflict set was not empty.
        &self.conflict_set[0]
    }
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The goal holds.
    Goal,
    /// A `halt` action fired.
    Halt,
    /// No rule is eligible and no goal was given: everything derivable is derived.
    Quiescent,
    /// No rule is eligible and the goal does not hold: the rule base is stuck.
    Stuck,
    /// The cycle limit was reached.
    CycleLimit,
    /// The time limit was reached (between cycles, while matching, or inside a Prolog
    /// condition).
    TimeLimit,
    /// The memory budget was reached.
    MemoryLimit,
}

impl Stop {
    /// A short name: `goal`, `halt`, `quiescent`, `stuck`, `cycle-limit`, `time-limit`,
    /// `memory-limit`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Goal => "goal",
            Stop::Halt => "halt",
            Stop::Quiescent => "quiescent",
            Stop::Stuck => "stuck",
            Stop::CycleLimit => "cycle-limit",
            Stop::TimeLimit => "time-limit",
            Stop::MemoryLimit => "memory-limit",
        }
    }

    /// Whether a limit stopped the run (cycles, time or memory).
    pub fn is_limit(self) -> bool {
        matches!(self, Stop::CycleLimit | Stop::TimeLimit | Stop::MemoryLimit)
    }
}

/// The result of [`Engine::step`].
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// A rule fired.
    Fired(Box<Cycle>),
    /// The run is over.
    Stopped(Stop),
}

/// An error while running: a Prolog error in a condition or an action, an action that
/// cannot be done, or the inference limit of one call.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{rule}: {message}", line_prefix(*.line))]
pub struct RunError {
    /// The rule (or `goal`).
    pub rule: String,
    /// The line of the rule in its file (0 if unknown).
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

/// `line N: `, or nothing for an unknown line (0).
fn line_prefix(line: usize) -> String {
    if line > 0 {
        format!("line {line}: ")
    } else {
        String::new()
    }
}

/// What interrupts matching or firing: a limit (the run stops) or an error.
#[derive(Debug)]
enum Interrupt {
    Limit(Stop),
    Error(RunError),
}

impl From<RunError> for Interrupt {
    fn from(e: RunError) -> Self {
        Interrupt::Error(e)
    }
}

/// The limits of a run.
#[derive(Clone, Debug)]
struct Limits {
    max_cycles: Option<u64>,
    deadline: Option<Instant>,
    timeout: Option<Duration>,
    max_memory: Option<usize>,
    max_inferences: u64,
}

impl Limits {
    /// The options of one call to the prover: the inference bound of one call, and the
    /// time left. This is the one place where the run's limits are handed to the prover.
    fn prover_options(&self) -> Result<Options, Stop> {
        let timeout = match self.deadline {
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(Stop::TimeLimit);
                }
                Some(left)
            }
            None => None,
        };
        Ok(Options {
            max_inferences: Some(self.max_inferences),
            timeout,
            // The prover checks the run's own deadline and memory budget as it goes, so a
            // Prolog condition that loops or grows stops the run on time and within memory.
            deadline: self.deadline,
            max_memory: self.max_memory.map(|m| m as u64),
            ..Options::default()
        })
    }

    /// Whether the deadline has passed.
    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Control constructs, run by the prover whatever the database says.
const CONTROL: [(&str, usize); 9] = [
    (",", 2),
    (";", 2),
    ("->", 2),
    ("*->", 2),
    ("!", 0),
    ("true", 0),
    ("fail", 0),
    ("false", 0),
    ("call", 1),
];

/// What an action does: the engine does all but [`Action::Call`] itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// `assert/1`, `assertz/1`, `asserta/1`, `add/1`: add a fact.
    Assert,
    /// `retract/1`, `remove/1`: remove the first fact that matches.
    Retract,
    /// `halt/0`: stop after this cycle.
    Halt,
    /// `print`, `write`, `writeln` (any arity): print the arguments.
    Print,
    /// Anything else: a call to the prover.
    Call,
}

impl Action {
    fn of(name: &str, arity: usize) -> Action {
        match (name, arity) {
            ("assert" | "assertz" | "asserta" | "add", 1) => Action::Assert,
            ("retract" | "remove", 1) => Action::Retract,
            ("halt", 0) => Action::Halt,
            ("print" | "write" | "writeln", _) => Action::Print,
            _ => Action::Call,
        }
    }
}

/// The relations of the working memory: those of the initial facts and of the facts the
/// actions assert or retract.
type Relations = FxHashSet<(Atom, usize)>;

/// Classifies a condition; an error for a pattern over a relation nothing defines.
fn classify(t: &Term, db: &Database, relations: &Relations) -> Result<Cond, String> {
    let is_call = |t: &Term| match t.functor() {
        Some((f, n)) => {
            CONTROL.contains(&(f.name(), n))
                || (db.is_defined(f.name(), n) && !relations.contains(&(f, n)))
                || !db.clauses(f.name(), n).is_empty()
        }
        None => true,
    };
    match t {
        Term::Compound(f, args) if args.len() == 1 && (f.name() == "\\+" || f.name() == "not") => {
            let inner = &args[0];
            // A pattern and tests the engine evaluates (`\+ (p(X, Y), Y > Z)`, CLIPS's
            // `(not (p ?x ?y&:(> ?y ?z)))`): answered from the index, not by the prover.
            let parts = conjuncts(inner);
            if parts.len() > 1
                && parts[0]
                    .functor()
                    .is_some_and(|k| relations.contains(&k) && !is_call(parts[0]))
                && parts[1..].iter().all(|t| Fast::is_test(t))
            {
                return Ok(Cond::NotFact(
                    parts[0].clone(),
                    parts[1..].iter().map(|t| (*t).clone()).collect(),
                ));
            }
            if is_call(inner) {
                Ok(Cond::NotCall(inner.clone()))
            } else if inner.functor().is_some_and(|k| relations.contains(&k))
                || db.unknown() == Unknown::Fail
            {
                Ok(Cond::NotFact(inner.clone(), Vec::new()))
            } else {
                // The prover raises the existence error, as for any unknown call.
                Ok(Cond::NotCall(inner.clone()))
            }
        }
        _ if is_call(t) => Ok(Cond::Call(t.clone())),
        _ => match t.functor() {
            Some(k) if relations.contains(&k) || db.unknown() == Unknown::Fail => {
                Ok(Cond::Fact(t.clone()))
            }
            Some((f, n)) => Err(format!(
                "the condition `{}` names {}/{n}, which no fact, action or clause defines \
                 (declare it with `:- dynamic {}/{n}.` if it may be given with --fact)",
                writeq(t),
                f.name(),
                f.name()
            )),
            None => Ok(Cond::Call(t.clone())),
        },
    }
}

/// The relations of the working memory a call may read: those reachable from it through
/// the clauses of the database (every callable subterm is counted: a conservative answer).
fn relations_read(goal: &Term, db: &Database, relations: &Relations) -> Relations {
    let mut read = Relations::default();
    let mut seen: FxHashSet<(Atom, usize)> = FxHashSet::default();
    let mut stack: Vec<Term> = vec![goal.clone()];
    while let Some(t) = stack.pop() {
        let mut inner = vec![&t];
        while let Some(s) = inner.pop() {
            let Some((f, n)) = s.functor() else {
                continue;
            };
            if relations.contains(&(f, n)) {
                read.insert((f, n));
            }
            inner.extend(s.args().iter());
            if seen.insert((f, n)) {
                for clause in db.clauses(f.name(), n) {
                    match &clause {
                        Term::Compound(c, a) if c.name() == ":-" && a.len() == 2 => {
                            stack.push(a[1].clone())
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    read
}

/// The specificity of a rule's conditions, counted as CLIPS 6.3 is seen to count it (the
/// recorded runs in `tests/clips` pin this down): one for each pattern (negated or not),
/// one for each constant and each variable already bound in a pattern, one for each call.
fn complexity(conds: &[Cond]) -> usize {
    let mut bound: FxHashSet<u32> = FxHashSet::default();
    let mut count = 0;
    for c in conds {
        match c {
            Cond::Fact(p) | Cond::NotFact(p, _) => {
                count += 1;
                if let Cond::NotFact(_, tests) = c {
                    count += tests.len();
                }
                let mut stack: Vec<&Term> = p.args().iter().collect();
                while let Some(t) = stack.pop() {
                    match t {
                        Term::Var(v) => {
                            if !bound.insert(*v) {
                                count += 1;
                            }
                        }
                        Term::Compound(_, args) => {
                            count += 1;
                            stack.extend(args.iter());
                        }
                        _ => count += 1,
                    }
                }
            }
            Cond::Call(g) | Cond::NotCall(g) => {
                count += 1;
                bound.extend(g.variables());
            }
        }
    }
    count
}

/// If condition `i` is a call that CLIPS would move into a pattern (a test right after
/// a pattern, or after such tests, on that pattern's variables only), that pattern.
fn merged_test(conds: &[Cond], i: usize) -> Option<usize> {
    let mut j = i;
    while j > 0 {
        j -= 1;
        match &conds[j] {
            Cond::Fact(p) => {
                let vars = p.variables();
                let Cond::Call(g) = &conds[i] else {
                    return None;
                };
                return g.variables().iter().all(|v| vars.contains(v)).then_some(j);
            }
            Cond::Call(_) => continue,
            _ => return None,
        }
    }
    None
}

/// The alpha node of each pattern condition, as CLIPS would share it: patterns equal up
/// to the names of their variables, with the same tests moved into them, share a node.
/// Nodes are numbered in order of first appearance in the file.
fn alpha_nodes(rules: &[Compiled]) -> Vec<Vec<usize>> {
    let mut nodes: FxHashMap<String, usize> = FxHashMap::default();
    let mut out = Vec::with_capacity(rules.len());
    for rule in rules {
        let conds = &rule.conditions;
        let mut per = vec![usize::MAX; conds.len()];
        for (i, c) in conds.iter().enumerate() {
            let Cond::Fact(p) = c else { continue };
            let tests: Vec<&Term> = (i + 1..conds.len())
                .take_while(|&k| merged_test(conds, k) == Some(i))
                .filter_map(|k| match &conds[k] {
                    Cond::Call(g) => Some(g),
                    _ => None,
                })
                .collect();
            // Variables renamed by first occurrence, so that names do not matter.
            let mut names: FxHashMap<u32, u32> = FxHashMap::default();
            let mut rename = |t: &Term| {
                t.map_vars(&mut |v| {
                    let n = names.len() as u32;
                    Term::Var(*names.entry(v).or_insert(n))
                })
            };
            let mut key = writeq(&rename(p));
            for t in tests {
                key.push_str(" & ");
                key.push_str(&writeq(&rename(t)));
            }
            let n = nodes.len();
            per[i] = *nodes.entry(key).or_insert(n);
        }
        out.push(per);
    }
    out
}

/// A well-mixed 64-bit number from a seed and a counter (SplitMix64).
fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What identifies an instance for refraction: rule, facts, values of the variables.
type Key = (usize, Vec<Tag>, Vec<Id>);

/// A match found by a join: the values of the rule's variables (by slot; `NONE` for
/// those the conditions do not bind), and per condition the fact's tag or the answer's
/// number.
#[derive(Clone, Debug)]
struct Found {
    values: Vec<Id>,
    path: Vec<u64>,
}

/// The conflict set, indexed for the updates: by activation, by key, by fact, by rule,
/// and by (salience, age) for the depth and breadth strategies (heaps whose entries of
/// activations gone are dropped when they come to the top).
#[derive(Clone, Debug, Default)]
struct Agenda {
    acts: FxHashMap<u64, Act>,
    /// Activations by the hash of their key.
    by_key: hashbrown::HashTable<u64>,
    /// The activations that used each fact (entries of instances gone are skipped).
    by_tag: FxHashMap<Tag, Vec<u64>>,
    by_rule: Vec<FxHashSet<u64>>,
    newest: BinaryHeap<(i64, u64)>,
    oldest: BinaryHeap<(i64, Reverse<u64>)>,
    bytes: usize,
}

/// Bytes counted per instance beside its vectors (an estimate, for `--max-memory`).
const INSTANCE_BYTES: usize = 256;

impl Agenda {
    /// Whether an activation with this key is on the agenda.
    fn contains(&self, hash: u64, rule: usize, path: &[u64], values: &[Id]) -> bool {
        self.by_key
            .find(hash, |a| {
                self.acts
                    .get(a)
                    .is_some_and(|act| act.has_key(rule, path, values))
            })
            .is_some()
    }

    fn act_bytes(act: &Act) -> usize {
        INSTANCE_BYTES + (act.values.len() + act.path.len()) * 24
    }

    fn insert(&mut self, act: Act, strategy: Strategy) {
        let id = act.activation;
        for &i in act.removable.iter() {
            self.by_tag.entry(act.path[i] as Tag).or_default().push(id);
        }
        self.by_rule[act.rule].insert(id);
        self.by_key
            .insert_unique(act.hash, id, |a| self.acts.get(a).map_or(0, |act| act.hash));
        match strategy {
            Strategy::Depth => self.newest.push((act.salience, id)),
            Strategy::Breadth => self.oldest.push((act.salience, Reverse(id))),
            _ => {}
        }
        self.bytes += Self::act_bytes(&act);
        self.acts.insert(id, act);
    }

    fn remove(&mut self, id: u64) -> Option<Act> {
        let act = self.acts.remove(&id)?;
        if let Ok(entry) = self.by_key.find_entry(act.hash, |&a| a == id) {
            entry.remove();
        }
        self.by_rule[act.rule].remove(&id);
        self.bytes = self.bytes.saturating_sub(Self::act_bytes(&act));
        Some(act)
    }

    /// The activation the strategy fires first.
    fn best(&mut self, strategy: Strategy) -> Option<u64> {
        match strategy {
            Strategy::Depth => {
                while let Some(&(_, id)) = self.newest.peek() {
                    if self.acts.contains_key(&id) {
                        return Some(id);
                    }
                    self.newest.pop();
                }
                None
            }
            Strategy::Breadth => {
                while let Some(&(_, Reverse(id))) = self.oldest.peek() {
                    if self.acts.contains_key(&id) {
                        return Some(id);
                    }
                    self.oldest.pop();
                }
                None
            }
            _ => self
                .acts
                .values()
                .min_by(|a, b| strategy.order(*a, *b))
                .map(|a| a.activation),
        }
    }
}

/// The forward-chaining engine over one rule base.
///
/// ```
/// use resolu_rules::{Engine, RuleBase, Stop, Strategy};
/// let base = RuleBase::parse("
///     fact parent(tom, bob). fact parent(bob, ann).
///     rule gp: parent(X, Y), parent(Y, Z) ==> assert(grandparent(X, Z)).
/// ").unwrap();
/// let mut engine = Engine::new(base, Strategy::Priority).unwrap();
/// assert_eq!(engine.run(|_| {}).unwrap(), Stop::Quiescent);
/// let facts: Vec<String> = engine.memory().facts().map(|f| f.term.to_string()).collect();
/// assert_eq!(facts, ["parent(tom,bob)", "parent(bob,ann)", "grandparent(tom,ann)"]);
/// ```
pub struct Engine {
    db: Database,
    rules: Vec<Compiled>,
    goal: Option<CompiledGoal>,
    memory: WorkingMemory,
    strategy: Strategy,
    agenda: Agenda,
    fired: FxHashSet<Key>,
    cycles: u64,
    halted: bool,
    limits: Limits,
    next_activation: u64,
    seed: u64,
    started: bool,
    stopped: Option<Stop>,
    record_conflict_sets: bool,
    /// The relations whose facts are copied into the prover's database.
    mirrored: Relations,
    /// Per functor, the (rule, condition) pairs whose pattern may match its facts, in the
    /// order CLIPS makes activations for a new fact; and those of negated patterns.
    seeds: FxHashMap<(Atom, usize), Vec<(usize, usize)>>,
    negations: FxHashMap<(Atom, usize), Vec<(usize, usize)>>,
    /// The vectors of the last join, reused by the next.
    pool: Pool,
}

/// The working vectors of a join (values, trail, path, candidate buffers), kept between
/// joins so that the thousands of small joins of a run do not allocate them each time.
#[derive(Debug, Default)]
struct Pool {
    slots: Vec<Id>,
    trail: Vec<u32>,
    path: Vec<u64>,
    buffers: Vec<Vec<Tag>>,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("rules", &self.rules.len())
            .field("facts", &self.memory.len())
            .field("strategy", &self.strategy)
            .field("cycles", &self.cycles)
            .finish()
    }
}

/// The term `t` with its variables replaced by their values in `slots` (unbound ones
/// stay), for the prover and for printing.
fn resolve(t: &Term, terms: &Terms, slots: &[Id]) -> Term {
    if t.is_ground() {
        return t.clone();
    }
    t.map_vars(&mut |v| match slots.get(v as usize) {
        Some(&id) if id != NONE => terms.term(id),
        _ => Term::Var(v),
    })
}

/// A [`Matcher`] over the engine's fields (a macro, so that the borrows stay per field).
macro_rules! matcher {
    ($engine:expr, $visible_below:expr) => {
        Matcher {
            base_bytes: $engine.memory.approx_bytes() + $engine.agenda.bytes,
            db: &mut $engine.db,
            store: &$engine.memory.store,
            terms: &mut $engine.memory.terms,
            limits: &$engine.limits,
            visible_below: $visible_below,
            ticks: 0,
            pool: &mut $engine.pool,
        }
    };
}

impl Engine {
    /// An engine over `base` with a strategy: the rules are compiled, the initial facts put
    /// in the working memory. A condition naming a relation that no fact, action or clause
    /// defines is an error.
    pub fn new(base: RuleBase, strategy: Strategy) -> Result<Engine, RuleError> {
        let RuleBase {
            rules,
            facts,
            goal,
            mut db,
        } = base;
        let mut memory = WorkingMemory::new();
        let mut relations: Relations = FxHashSet::default();
        for fact in &facts {
            if let Some(k) = fact.functor() {
                relations.insert(k);
            }
        }
        // The relations that actions retract (only their facts can leave).
        let mut retracted: Relations = FxHashSet::default();
        for r in &rules {
            for a in &r.actions {
                if let Some((f, 1)) = a.functor()
                    && let action @ (Action::Assert | Action::Retract) = Action::of(f.name(), 1)
                    && let Some(k) = a.args()[0].functor()
                {
                    relations.insert(k);
                    if action == Action::Retract {
                        retracted.insert(k);
                    }
                }
            }
        }
        // The relations the prover may read: only their facts are copied into its database
        // (copying the others would cost a clause per fact, and no Prolog call sees them).
        let mut mirrored = Relations::default();
        let mut compiled = Vec::with_capacity(rules.len());
        for r in rules {
            let mut conditions = Vec::with_capacity(r.conditions.len());
            for c in &r.conditions {
                conditions.push(classify(c, &db, &relations).map_err(|message| RuleError {
                    line: r.line,
                    column: 1,
                    message: format!("rule {}: {message}", r.name),
                })?);
            }
            let mut volatile = false;
            for c in &conditions {
                if let Cond::Call(g) | Cond::NotCall(g) = c {
                    let read = relations_read(g, &db, &relations);
                    volatile |= !read.is_empty();
                    mirrored.extend(read);
                }
            }
            for a in &r.actions {
                if let Some((f, n)) = a.functor()
                    && Action::of(f.name(), n) == Action::Call
                {
                    mirrored.extend(relations_read(a, &db, &relations));
                }
            }
            let steps: Vec<Check> = conditions
                .iter()
                .map(|c| compile_step(c, &mut memory.terms))
                .collect();
            let plans = std::iter::once(None)
                .chain((0..steps.len()).map(Some))
                .map(|seed| plan(&steps, seed))
                .collect();
            let actions = r
                .actions
                .iter()
                .map(|a| compile_action(a, &mut memory.terms))
                .collect();
            let positions = steps
                .iter()
                .enumerate()
                .filter(|(_, c)| matches!(c, Check::Fact(_)))
                .map(|(i, _)| i)
                .collect();
            let nots = steps
                .iter()
                .filter(|c| matches!(c, Check::NotFact(..) | Check::NotCall { .. }))
                .count();
            let removable = steps
                .iter()
                .enumerate()
                .filter(|(_, c)| matches!(c, Check::Fact(p) if retracted.contains(&p.key())))
                .map(|(i, _)| i)
                .collect();
            let unblock = steps
                .iter()
                .map(|c| {
                    let Check::NotFact(p, _) = c else {
                        return None;
                    };
                    // Variables the positive conditions bind (one only shared with another
                    // negation stays free: `\+ a(X), \+ b(X)` asks for no `a(_)` at all).
                    let mut elsewhere = Vec::new();
                    for other in &steps {
                        if matches!(other, Check::Fact(_) | Check::Call { .. }) {
                            step_vars(other, &mut elsewhere);
                        }
                    }
                    let outer: Vec<u32> = p
                        .vars()
                        .into_iter()
                        .filter(|v| elsewhere.contains(v))
                        .collect();
                    let plan = plan_from(&steps, None, &outer);
                    Some((outer, plan))
                })
                .collect();
            compiled.push(Compiled {
                unblock,
                removable,
                positions,
                nots,
                complexity: complexity(&conditions),
                conditions,
                steps,
                plans,
                volatile,
                name: r.name,
                priority: r.priority,
                salience: r.salience.unwrap_or(0),
                actions,
                var_names: r.var_names,
                line: r.line,
            });
        }
        let goal = match goal {
            None => None,
            Some(g) => {
                let mut steps = Vec::new();
                for c in &g.conditions {
                    if let Some(k) = c.functor()
                        && !relations.contains(&k)
                    {
                        mirrored.extend(relations_read(c, &db, &relations));
                    }
                    let cond = classify(c, &db, &relations).map_err(|message| RuleError {
                        line: g.line,
                        column: 1,
                        message: format!("goal: {message}"),
                    })?;
                    steps.push(compile_step(&cond, &mut memory.terms));
                }
                Some(CompiledGoal {
                    plan: plan(&steps, None),
                    steps,
                    nvars: g.var_names.len() as u32,
                    line: g.line,
                })
            }
        };
        // The working memory's relations are dynamic in the prover: a clause that looks
        // for a fact not (yet) there fails instead of raising an error.
        for &(f, n) in &relations {
            if !db.is_defined(f.name(), n) {
                db.declare_dynamic(f.name(), n);
            }
        }
        // The access paths the joins use, indexed.
        let mut paths: Vec<(Atom, usize, u64)> = Vec::new();
        let mut add_paths = |steps: &[Check], plan: &[u64]| {
            for (s, &mask) in steps.iter().zip(plan) {
                if let Check::Fact(p) | Check::NotFact(p, _) = s {
                    paths.push((p.name, p.args.len(), mask));
                }
            }
        };
        for r in &compiled {
            for plan in &r.plans {
                add_paths(&r.steps, plan);
            }
            for (_, plan) in r.unblock.iter().flatten() {
                add_paths(&r.steps, plan);
            }
        }
        if let Some(g) = &goal {
            add_paths(&g.steps, &g.plan);
        }
        for (name, arity, mask) in paths {
            memory.store.add_path(name, arity, mask, &memory.terms);
        }
        let nrules = compiled.len();
        let alpha = alpha_nodes(&compiled);
        // For a new fact: the patterns it may match, the newest alpha node first, and in
        // a node the rules defined last first (the order of CLIPS's activations).
        let mut seeds: FxHashMap<(Atom, usize), Vec<(usize, usize)>> = FxHashMap::default();
        let mut negations: FxHashMap<(Atom, usize), Vec<(usize, usize)>> = FxHashMap::default();
        for (r, rule) in compiled.iter().enumerate() {
            if rule.volatile {
                continue;
            }
            for (i, s) in rule.steps.iter().enumerate() {
                match s {
                    Check::Fact(p) => seeds.entry(p.key()).or_default().push((r, i)),
                    Check::NotFact(p, _) => negations.entry(p.key()).or_default().push((r, i)),
                    _ => {}
                }
            }
        }
        for list in seeds.values_mut() {
            list.sort_by_key(|&(r, i)| (Reverse(alpha[r][i]), Reverse(r)));
        }
        let mut engine = Engine {
            db,
            rules: compiled,
            goal,
            memory,
            strategy,
            agenda: Agenda {
                by_rule: vec![FxHashSet::default(); nrules],
                ..Agenda::default()
            },
            fired: FxHashSet::default(),
            cycles: 0,
            halted: false,
            limits: Limits {
                max_cycles: None,
                deadline: None,
                timeout: None,
                max_memory: None,
                // The prover's own default (`resolu prove`): a loop guard of a few seconds,
                // so that --timeout, when given, is what stops a slower loop.
                max_inferences: 100_000_000,
            },
            next_activation: 0,
            seed: 0,
            started: false,
            stopped: None,
            record_conflict_sets: true,
            mirrored,
            seeds,
            negations,
            pool: Pool::default(),
        };
        for fact in facts {
            if engine.memory.add(fact.clone(), Origin::Initial).is_some()
                && fact.functor().is_some_and(|k| engine.mirrored.contains(&k))
            {
                engine.db.assertz(&fact).map_err(|e| RuleError {
                    line: 0,
                    column: 0,
                    message: format!("the fact {fact} cannot be added: {e}"),
                })?;
            }
        }
        Ok(engine)
    }

    /// Stops runs after this many cycles ([`Stop::CycleLimit`]).
    pub fn set_max_cycles(&mut self, max: Option<u64>) {
        self.limits.max_cycles = max;
    }

    /// Stops runs after this long from now ([`Stop::TimeLimit`]): checked between cycles,
    /// while matching, and inside the Prolog calls of conditions and actions.
    pub fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.limits.timeout = timeout;
        self.limits.deadline = timeout.and_then(|t| Instant::now().checked_add(t));
    }

    /// Stops runs when the working memory, the conflict set and the matches being built
    /// are estimated to hold more than this many bytes ([`Stop::MemoryLimit`]).
    pub fn set_max_memory(&mut self, bytes: Option<usize>) {
        self.limits.max_memory = bytes;
    }

    /// Bounds each call to the prover (default 100 million inferences).
    pub fn set_max_inferences(&mut self, max: u64) {
        self.limits.max_inferences = max;
    }

    /// The seed of the random strategy (default 0).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Whether each [`Cycle`] holds the whole conflict set in the strategy's order (the
    /// default), or only the instance fired: sorting and copying the conflict set each
    /// cycle costs time in proportion to its size, which a run without a trace can spare.
    pub fn set_record_conflict_sets(&mut self, record: bool) {
        self.record_conflict_sets = record;
    }

    /// The strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The working memory.
    pub fn memory(&self) -> &WorkingMemory {
        &self.memory
    }

    /// The cycles fired so far.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// The rules' names, in file order.
    pub fn rule_names(&self) -> Vec<&str> {
        self.rules.iter().map(|r| r.name.as_str()).collect()
    }

    /// Whether the rule base has a goal.
    pub fn has_goal(&self) -> bool {
        self.goal.is_some()
    }

    /// Runs cycles until the run stops, calling `on_cycle` after each.
    pub fn run(&mut self, mut on_cycle: impl FnMut(&Cycle)) -> Result<Stop, RunError> {
        loop {
            match self.step()? {
                Step::Fired(cycle) => on_cycle(&cycle),
                Step::Stopped(stop) => return Ok(stop),
            }
        }
    }

    /// The bytes counted against the memory budget.
    fn bytes(&self) -> usize {
        self.memory.approx_bytes() + self.agenda.bytes + self.fired.len() * INSTANCE_BYTES
    }

    /// A limit reached between cycles, if any.
    fn limit_reached(&self) -> Option<Stop> {
        if self.limits.max_cycles.is_some_and(|m| self.cycles >= m) {
            Some(Stop::CycleLimit)
        } else if self.limits.past_deadline() {
            Some(Stop::TimeLimit)
        } else if self.limits.max_memory.is_some_and(|m| self.bytes() > m) {
            Some(Stop::MemoryLimit)
        } else {
            None
        }
    }

    /// One cycle: stop, or fire the first instance of the conflict set.
    pub fn step(&mut self) -> Result<Step, RunError> {
        match self.step_inner() {
            Ok(step) => Ok(step),
            Err(Interrupt::Limit(stop)) => {
                self.stopped = Some(stop);
                Ok(Step::Stopped(stop))
            }
            Err(Interrupt::Error(e)) => Err(e),
        }
    }

    /// The instance an activation stands for.
    fn instance(&self, act: &Act) -> Instance {
        let rule = &self.rules[act.rule];
        let terms = &self.memory.terms;
        let bindings = rule
            .var_names
            .iter()
            .zip(&act.values)
            .filter(|(name, value)| !name.starts_with('_') && **value != NONE)
            .map(|(name, &value)| (name.clone(), terms.term(value)))
            .collect();
        Instance {
            rule: act.rule,
            name: rule.name.clone(),
            priority: act.priority,
            salience: act.salience,
            specificity: act.specificity,
            complexity: act.complexity,
            bindings,
            facts: act.facts().collect(),
            activation: act.activation,
            recency: act.recency(),
            first_tag: act.first_tag,
            random: act.random,
            path: act.path.clone(),
            lex: Ranked::lex(act).into_owned(),
        }
    }

    /// The whole conflict set, in the strategy's order.
    fn sorted_conflict_set(&self, strategy: Strategy) -> Vec<Instance> {
        let mut acts: Vec<&Act> = self.agenda.acts.values().collect();
        acts.sort_by(|a, b| strategy.order(*a, *b));
        acts.into_iter().map(|a| self.instance(a)).collect()
    }

    fn step_inner(&mut self) -> Result<Step, Interrupt> {
        if let Some(stop) = self.stopped {
            return Ok(Step::Stopped(stop));
        }
        if self.halted {
            return Ok(Step::Stopped(Stop::Halt));
        }
        if !self.started {
            self.start()?;
        }
        if let Some(goal) = &self.goal {
            let mut matcher = matcher!(self, Tag::MAX);
            let found = matcher.join(
                &goal.steps,
                &goal.plan,
                ("goal", goal.line),
                goal.nvars,
                None,
                true,
            )?;
            if !found.is_empty() {
                return Ok(Step::Stopped(Stop::Goal));
            }
        }
        if let Some(stop) = self.limit_reached() {
            return Ok(Step::Stopped(stop));
        }
        let strategy = self.strategy;
        let Some(best) = self.agenda.best(strategy) else {
            return Ok(Step::Stopped(if self.goal.is_some() {
                Stop::Stuck
            } else {
                Stop::Quiescent
            }));
        };
        let conflict_set = if self.record_conflict_sets {
            self.sorted_conflict_set(strategy)
        } else {
            Vec::new()
        };
        let Some(chosen) = self.agenda.remove(best) else {
            return Ok(Step::Stopped(Stop::Quiescent));
        };
        let conflict_set = if self.record_conflict_sets {
            conflict_set
        } else {
            vec![self.instance(&chosen)]
        };
        self.fired.insert(chosen.key());
        self.cycles += 1;
        let mut cycle = Cycle {
            number: self.cycles,
            conflict_set,
            added: Vec::new(),
            removed: Vec::new(),
            output: Vec::new(),
            halted: false,
        };
        match self.fire(&chosen, &mut cycle) {
            Ok(()) => {}
            // The cycle happened; the run stops at the next step.
            Err(Interrupt::Limit(stop)) => self.stopped = Some(stop),
            Err(e) => return Err(e),
        }
        self.halted = cycle.halted;
        Ok(Step::Fired(Box::new(cycle)))
    }

    /// Every instance not yet fired, in rule order then discovery order.
    pub fn conflict_set(&mut self) -> Result<Vec<Instance>, RunError> {
        if !self.started {
            match self.start() {
                Ok(()) => {}
                Err(Interrupt::Error(e)) => return Err(e),
                Err(Interrupt::Limit(stop)) => self.stopped = Some(stop),
            }
        }
        Ok(self.sorted_conflict_set(Strategy::Order))
    }

    /// Builds the conflict set of the initial working memory: rules that need no fact
    /// first, then the initial facts one by one, each joined with those before it.
    fn start(&mut self) -> Result<(), Interrupt> {
        self.started = true;
        for r in 0..self.rules.len() {
            let rule = &self.rules[r];
            if !rule.volatile && !rule.steps.iter().any(|c| matches!(c, Check::Fact(_))) {
                self.rejoin(r, 0)?;
            }
        }
        let initial: Vec<Tag> = self.memory.facts().map(|f| f.tag).collect();
        for tag in initial {
            self.on_add(tag, tag + 1)?;
        }
        self.refresh_volatile()?;
        Ok(())
    }

    /// Adds the instances a join found, unless already there or already fired.
    fn add_instances(&mut self, r: usize, found: Vec<Found>) {
        let positions = self.rules[r].positions.clone();
        for p in found {
            let hash = key_hash(r, &positions, &p.path, &p.values);
            if self.agenda.contains(hash, r, &p.path, &p.values) {
                continue;
            }
            if !self.fired.is_empty() {
                let facts: Vec<Tag> = positions.iter().map(|&i| p.path[i] as Tag).collect();
                let key = (r, facts, p.values);
                let fired = self.fired.contains(&key);
                if fired {
                    continue;
                }
                let (_, _, values) = key;
                self.push_act(r, hash, values, p.path);
            } else {
                self.push_act(r, hash, p.values, p.path);
            }
        }
    }

    /// Puts a new activation of rule `r` on the agenda.
    fn push_act(&mut self, r: usize, hash: u64, values: Vec<Id>, path: Vec<u64>) {
        let rule = &self.rules[r];
        let first_tag = match rule.steps.first() {
            Some(Check::Fact(_)) => Some(path[0] as Tag),
            _ => None,
        };
        let activation = self.next_activation;
        self.next_activation += 1;
        let act = Act {
            rule: r,
            priority: rule.priority,
            salience: rule.salience,
            specificity: rule.steps.len(),
            complexity: rule.complexity,
            positions: rule.positions.clone(),
            removable: rule.removable.clone(),
            values,
            activation,
            first_tag,
            nots: rule.nots,
            hash,
            random: mix(self.seed, activation),
            path,
        };
        self.agenda.insert(act, self.strategy);
    }

    /// Joins rule `r` in full (over the facts below `visible_below`) and adds what is new.
    fn rejoin(&mut self, r: usize, visible_below: Tag) -> Result<(), Interrupt> {
        let rule = &self.rules[r];
        let mut matcher = matcher!(self, visible_below);
        let found = matcher.join(
            &rule.steps,
            &rule.plans[0],
            (&rule.name, rule.line),
            rule.nvars(),
            None,
            false,
        )?;
        self.add_instances(r, found);
        Ok(())
    }

    /// Updates the conflict set for the fact `tag` just added, joining it with the facts
    /// below `visible_below`.
    fn on_add(&mut self, tag: Tag, visible_below: Tag) -> Result<(), Interrupt> {
        if !self.memory.store.is_present(tag) {
            return Ok(());
        }
        let id = self.memory.store.id(tag);
        let Some(key) = self.memory.terms.functor(id) else {
            return Ok(());
        };
        // The instances this fact now blocks through a negation.
        if let Some(negations) = self.negations.get(&key) {
            let terms = &self.memory.terms;
            let mut slots: Vec<Id> = Vec::new();
            let mut trail = Vec::new();
            for &(r, i) in negations {
                let Check::NotFact(p, tests) = &self.rules[r].steps[i] else {
                    continue;
                };
                slots.clear();
                slots.resize(self.rules[r].var_names.len(), NONE);
                if !p.bind(id, terms, &mut slots, &mut trail) {
                    continue;
                }
                let mut blocked: Vec<u64> = Vec::new();
                for a in &self.agenda.by_rule[r] {
                    let Some(act) = self.agenda.acts.get(a) else {
                        continue;
                    };
                    slots.clear();
                    slots.extend_from_slice(&act.values);
                    if !p.bind(id, terms, &mut slots, &mut trail) {
                        continue;
                    }
                    let mut holds = true;
                    for t in tests {
                        match t.test(terms, &slots) {
                            Some(true) => {}
                            Some(false) => holds = false,
                            None => return Err(negation_error(&self.rules[r])),
                        }
                    }
                    if holds {
                        blocked.push(*a);
                    }
                }
                for a in blocked {
                    self.agenda.remove(a);
                }
            }
        }
        // The instances it completes, seeded in each condition it matches. They are made
        // in the order CLIPS makes its activations for one new fact: the newest alpha
        // node first, and in a node the rules defined last first; in a join, partner
        // facts of the conditions before the seed newest first (a Rete beta memory), of
        // those after it oldest first (an alpha memory).
        let seeds = self.seeds.get(&key).cloned().unwrap_or_default();
        let mut slots: Vec<Id> = Vec::new();
        let mut trail = Vec::new();
        for (r, i) in seeds {
            let rule = &self.rules[r];
            // The pattern's own test first (constants, repeated variables), as a Rete alpha
            // network filters a fact before any join.
            let Check::Fact(p) = &rule.steps[i] else {
                continue;
            };
            slots.clear();
            slots.resize(rule.var_names.len(), NONE);
            if !p.bind(id, &self.memory.terms, &mut slots, &mut trail) {
                continue;
            }
            let mut matcher = matcher!(self, visible_below);
            let found = matcher.join(
                &rule.steps,
                &rule.plans[i + 1],
                (&rule.name, rule.line),
                rule.nvars(),
                Some((i, tag)),
                false,
            )?;
            self.add_instances(r, found);
        }
        Ok(())
    }

    /// Updates the conflict set for the fact `tag` (stored as `id`) just removed.
    fn on_remove(&mut self, tag: Tag, id: Id) -> Result<(), Interrupt> {
        for a in self.agenda.by_tag.remove(&tag).unwrap_or_default() {
            self.agenda.remove(a);
        }
        let Some(key) = self.memory.terms.functor(id) else {
            return Ok(());
        };
        // The rules a negated pattern of which matched the fact: joined again, with the
        // variables the pattern shares with the rest of the rule bound to the fact's values
        // (only the instances the fact blocked can appear).
        let mut unblocked: Vec<(usize, usize, Preset)> = Vec::new();
        if let Some(negations) = self.negations.get(&key) {
            let mut slots: Vec<Id> = Vec::new();
            let mut trail = Vec::new();
            for &(r, i) in negations {
                let rule = &self.rules[r];
                let (Check::NotFact(p, _), Some((outer, _))) = (&rule.steps[i], &rule.unblock[i])
                else {
                    continue;
                };
                slots.clear();
                slots.resize(rule.var_names.len(), NONE);
                if p.bind(id, &self.memory.terms, &mut slots, &mut trail) {
                    let preset = outer.iter().map(|&v| (v, slots[v as usize])).collect();
                    unblocked.push((r, i, preset));
                }
            }
        }
        unblocked.sort_by_key(|&(r, i, _)| (r, i));
        for (r, i, preset) in unblocked {
            let rule = &self.rules[r];
            let Some((_, plan)) = &rule.unblock[i] else {
                continue;
            };
            let mut matcher = matcher!(self, Tag::MAX);
            let found = matcher.join_from(
                &rule.steps,
                plan,
                (&rule.name, rule.line),
                rule.nvars(),
                &preset,
            )?;
            self.add_instances(r, found);
        }
        Ok(())
    }

    /// Joins again in full the rules whose Prolog calls read the working memory, keeping
    /// the instances still found (with their activation numbers).
    fn refresh_volatile(&mut self) -> Result<(), Interrupt> {
        for r in 0..self.rules.len() {
            if !self.rules[r].volatile {
                continue;
            }
            let before: Vec<u64> = self.agenda.by_rule[r].iter().copied().collect();
            let old: Vec<Act> = before
                .iter()
                .filter_map(|a| self.agenda.remove(*a))
                .collect();
            let rule = &self.rules[r];
            let mut matcher = matcher!(self, Tag::MAX);
            let found = matcher.join(
                &rule.steps,
                &rule.plans[0],
                (&rule.name, rule.line),
                rule.nvars(),
                None,
                false,
            )?;
            let found_keys: FxHashSet<(&[u64], &[Id])> = found
                .iter()
                .map(|p| (p.path.as_slice(), p.values.as_slice()))
                .collect();
            let kept: Vec<Act> = old
                .into_iter()
                .filter(|a| found_keys.contains(&(a.path.as_slice(), a.values.as_slice())))
                .collect();
            for act in kept {
                self.agenda.insert(act, self.strategy);
            }
            self.add_instances(r, found);
        }
        Ok(())
    }

    /// Does the actions of `act`, recording their effects in `cycle` and updating the
    /// conflict set after each change of the working memory.
    fn fire(&mut self, act: &Act, cycle: &mut Cycle) -> Result<(), Interrupt> {
        let r = act.rule;
        let err = |rules: &[Compiled], message: String| {
            Interrupt::Error(RunError {
                rule: rules[r].name.clone(),
                line: rules[r].line,
                message,
            })
        };
        let mut slots = act.values.clone();
        let mut trail = Vec::new();
        let mut fresh = (self.rules[r].nvars()).max(1) * 2 + 100_000;
        let mut changed = false;
        for a in 0..self.rules[r].actions.len() {
            match &self.rules[r].actions[a] {
                Do::Assert(pattern, written) => {
                    let id = pattern
                        .as_ref()
                        .map(|p| p.build(&mut self.memory.terms, &slots));
                    let Some(id) = id.filter(|&id| self.memory.terms.is_ground(id)) else {
                        let fact = resolve(written, &self.memory.terms, &slots);
                        return Err(err(
                            &self.rules,
                            format!(
                                "cannot assert `{}`: a fact must be a ground atom or compound term",
                                writeq(&fact)
                            ),
                        ));
                    };
                    let origin = Origin::Rule {
                        rule: self.rules[r].name.clone(),
                        cycle: cycle.number,
                        premises: act.facts().collect(),
                    };
                    if let Some(tag) = self.memory.add_id(id, origin) {
                        let Some(fact) = self.memory.fact(tag).map(|f| f.term.clone()) else {
                            continue;
                        };
                        if fact.functor().is_some_and(|k| self.mirrored.contains(&k)) {
                            self.db.assertz(&fact).map_err(|e| {
                                err(&self.rules, format!("cannot assert `{fact}`: {e}"))
                            })?;
                        }
                        cycle.added.push(fact);
                        changed = true;
                        self.on_add(tag, Tag::MAX)?;
                    }
                }
                Do::Retract(pattern, written) => {
                    let Some(pattern) = pattern else {
                        let t = resolve(written, &self.memory.terms, &slots);
                        return Err(err(&self.rules, format!("cannot retract `{}`", writeq(&t))));
                    };
                    let store = &self.memory.store;
                    let terms = &self.memory.terms;
                    let found = if pattern.is_bound(&slots) {
                        pattern
                            .lookup(terms, &slots)
                            .and_then(|id| store.find_id(id))
                    } else {
                        let mut found = None;
                        for &tag in store.with_functor(pattern.key()) {
                            let mark = trail.len();
                            if pattern.bind(store.id(tag), terms, &mut slots, &mut trail) {
                                found = Some(tag);
                                break;
                            }
                            for v in trail.drain(mark..) {
                                slots[v as usize] = NONE;
                            }
                        }
                        found
                    };
                    if let Some(tag) = found {
                        let id = self.memory.store.id(tag);
                        self.memory.remove(tag);
                        let term = match self.memory.fact(tag) {
                            Some(f) => f.term.clone(),
                            None => continue,
                        };
                        if term.functor().is_some_and(|k| self.mirrored.contains(&k)) {
                            self.db.retract(&term).map_err(|e| {
                                err(&self.rules, format!("cannot retract `{term}`: {e}"))
                            })?;
                        }
                        changed = true;
                        self.on_remove(tag, id)?;
                        cycle.removed.push(term);
                    }
                }
                Do::Halt => cycle.halted = true,
                Do::Print(args) => {
                    let text: String = args
                        .iter()
                        .map(|a| write_plain(&resolve(a, &self.memory.terms, &slots)))
                        .collect();
                    cycle.output.push(text);
                }
                Do::Call { goal, fast } => {
                    if let Some(fast) = fast
                        && let Some(holds) =
                            fast.run(&mut self.memory.terms, &mut slots, &mut trail)
                    {
                        if !holds {
                            let goal = resolve(goal, &self.memory.terms, &slots);
                            return Err(err(&self.rules, format!("the action `{goal}` failed")));
                        }
                        continue;
                    }
                    let goal = goal.clone();
                    let rule = &self.rules[r];
                    let (name, line) = (rule.name.clone(), rule.line);
                    let mut matcher = matcher!(self, Tag::MAX);
                    let answers = matcher.call(&goal, &slots, &mut fresh, (&name, line), true)?;
                    let Some(bound) = answers.into_iter().next() else {
                        let goal = resolve(&goal, &self.memory.terms, &slots);
                        return Err(err(&self.rules, format!("the action `{goal}` failed")));
                    };
                    for (v, value) in bound {
                        if slots[v as usize] == NONE {
                            slots[v as usize] = value;
                        }
                    }
                    // A Prolog action may change what the prover's clauses answer.
                    changed = true;
                }
            }
        }
        if changed {
            self.refresh_volatile()?;
        }
        Ok(())
    }
}

/// What a comparison inside a negated condition cannot do.
const NEGATION_TESTS: &str = "a comparison inside a negated condition needs integer values \
     (or ground terms for == and \\==); write the test as a Prolog predicate instead";

/// The error of a negated condition whose comparison cannot be evaluated.
fn negation_error(rule: &Compiled) -> Interrupt {
    Interrupt::Error(RunError {
        rule: rule.name.clone(),
        line: rule.line,
        message: NEGATION_TESTS.into(),
    })
}

/// Compiles an action.
fn compile_action(a: &Term, terms: &mut Terms) -> Do {
    let Some((f, n)) = a.functor() else {
        // Run by the prover, which raises the type error.
        return Do::Call {
            goal: a.clone(),
            fast: None,
        };
    };
    match Action::of(f.name(), n) {
        Action::Assert => {
            let t = &a.args()[0];
            Do::Assert(Pattern::compile(t, terms), t.clone())
        }
        Action::Retract => {
            let t = &a.args()[0];
            Do::Retract(Pattern::compile(t, terms), t.clone())
        }
        Action::Halt => Do::Halt,
        Action::Print => Do::Print(a.args().to_vec()),
        Action::Call => Do::Call {
            goal: a.clone(),
            fast: Fast::compile(a, terms),
        },
    }
}

/// What matching needs, borrowed apart from the engine's rules and conflict set: the
/// prover's database (a call needs it mutably), the facts, the shared terms (a Prolog
/// answer adds to them), the limits.
struct Matcher<'a> {
    db: &'a mut Database,
    store: &'a Store,
    terms: &'a mut Terms,
    limits: &'a Limits,
    /// Only facts with a smaller tag are seen (while the initial facts are loaded).
    visible_below: Tag,
    /// Bytes held outside this join (working memory, conflict set).
    base_bytes: usize,
    ticks: u64,
    pool: &'a mut Pool,
}

/// Bytes counted per partial match found (an estimate, for the memory budget).
const PARTIAL_BYTES: usize = 256;

/// One [`Matcher::join`]: whose conditions (for errors), their access paths, the seed's
/// condition, the values bound so far (undone through the trail on the way back), and
/// the matches found.
struct Search<'s> {
    steps: &'s [Check],
    plan: &'s [u64],
    rule: (&'s str, usize),
    first_only: bool,
    seed: Option<usize>,
    slots: Vec<Id>,
    trail: Vec<u32>,
    path: Vec<u64>,
    fresh: u32,
    found: Vec<Found>,
    buffers: Vec<Vec<Tag>>,
}

impl Search<'_> {
    /// Whether the search can stop: it wanted one match and has it.
    fn done(&self) -> bool {
        self.first_only && !self.found.is_empty()
    }

    /// Unbinds the slots bound since `mark`.
    fn undo(&mut self, mark: usize) {
        for v in self.trail.drain(mark..) {
            self.slots[v as usize] = NONE;
        }
    }
}

impl Matcher<'_> {
    /// Checks the time and memory limits now and then while matching.
    fn tick(&mut self, found: usize) -> Result<(), Interrupt> {
        self.ticks += 1;
        if !self.ticks.is_multiple_of(256) {
            return Ok(());
        }
        if self.limits.past_deadline() {
            return Err(Interrupt::Limit(Stop::TimeLimit));
        }
        if self
            .limits
            .max_memory
            .is_some_and(|m| self.base_bytes + found * PARTIAL_BYTES > m)
        {
            return Err(Interrupt::Limit(Stop::MemoryLimit));
        }
        Ok(())
    }

    fn solve_error(&self, rule: (&str, usize), goal: &Term, e: SolveError) -> Interrupt {
        match e {
            SolveError::Timeout(_) => return Interrupt::Limit(Stop::TimeLimit),
            SolveError::MemoryLimit(_) => return Interrupt::Limit(Stop::MemoryLimit),
            _ => {}
        }
        let message = if e.is_limit() {
            format!(
                "`{goal}` ran past {} inferences (a loop in the Prolog clauses?)",
                self.limits.max_inferences
            )
        } else {
            format!("`{goal}` raised {e}")
        };
        Interrupt::Error(RunError {
            rule: rule.0.to_string(),
            line: rule.1,
            message,
        })
    }

    /// Calls `template` (its variables looked up in `slots`) in the prover: every answer,
    /// as the values of its unbound variables (variables the answer leaves unbound are
    /// renumbered from `fresh`).
    fn call(
        &mut self,
        template: &Term,
        slots: &[Id],
        fresh: &mut u32,
        rule: (&str, usize),
        first_only: bool,
    ) -> Result<Vec<Vec<(u32, Id)>>, Interrupt> {
        let goal = resolve(template, self.terms, slots);
        let vars = goal.variables();
        let max = vars.iter().copied().max().map_or(0, |m| m as usize + 1);
        // The prover reports answers by variable name: the slots' numbers, as names.
        let names: Vec<String> = (0..max).map(|v| format!("V{v}")).collect();
        let options = self.limits.prover_options().map_err(Interrupt::Limit)?;
        let mut answers = Vec::new();
        let mut error = None;
        for answer in self.db.solve_goal(&goal, &names, options) {
            match answer {
                Err(e) => {
                    error = Some(e);
                    break;
                }
                Ok(a) => {
                    let mut bound = Vec::new();
                    for (name, value) in a.bindings {
                        let Some(v) = name.strip_prefix('V').and_then(|n| n.parse::<u32>().ok())
                        else {
                            continue;
                        };
                        if v as usize >= slots.len() {
                            continue;
                        }
                        let id = if value.is_ground() {
                            self.terms.intern(&value)
                        } else {
                            let renamed = value.offset_vars(*fresh);
                            *fresh += value.variables().iter().max().map_or(0, |m| m + 1);
                            self.terms.intern(&renamed)
                        };
                        bound.push((v, id));
                    }
                    answers.push(bound);
                    if first_only {
                        break;
                    }
                }
            }
        }
        match error {
            Some(e) => Err(self.solve_error(rule, &goal, e)),
            None => Ok(answers),
        }
    }

    /// Whether a present (visible) fact matches `pattern` under the search's values, with
    /// `tests` holding, through the access path `mask`.
    fn exists(
        &self,
        pattern: &Pattern,
        tests: &[Fast],
        mask: u64,
        search: &mut Search,
    ) -> Result<bool, Interrupt> {
        if tests.is_empty() && pattern.is_bound(&search.slots) {
            return Ok(pattern
                .lookup(self.terms, &search.slots)
                .and_then(|id| self.store.find_id(id))
                .is_some_and(|t| t < self.visible_below));
        }
        let mark = search.trail.len();
        for &tag in self
            .store
            .candidates(pattern, mask, self.terms, &search.slots)
        {
            if tag >= self.visible_below {
                continue;
            }
            let mut ok = pattern.bind(
                self.store.id(tag),
                self.terms,
                &mut search.slots,
                &mut search.trail,
            );
            for t in tests {
                if !ok {
                    break;
                }
                match t.test(self.terms, &search.slots) {
                    Some(holds) => ok = holds,
                    None => {
                        search.undo(mark);
                        return Err(Interrupt::Error(RunError {
                            rule: search.rule.0.to_string(),
                            line: search.rule.1,
                            message: NEGATION_TESTS.into(),
                        }));
                    }
                }
            }
            search.undo(mark);
            if ok {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Every way to satisfy `steps` with the variables of `preset` bound first.
    fn join_from<'s>(
        &mut self,
        steps: &'s [Check],
        plan: &'s [u64],
        rule: (&'s str, usize),
        nvars: u32,
        preset: &[(u32, Id)],
    ) -> Result<Vec<Found>, Interrupt> {
        let mut search = self.search(steps, plan, rule, nvars, false);
        search.seed = None;
        for &(v, id) in preset {
            search.slots[v as usize] = id;
        }
        let done = self.extend(0, &mut search);
        self.give_back(&mut search);
        done?;
        Ok(search.found)
    }

    /// Every way to satisfy `steps`, left to right, depth first (in the order a Prolog
    /// body would find them); with a seed `(i, tag)`, condition `i` (a pattern) is matched
    /// by that fact only, and first; only the first match if `first_only`.
    fn join<'s>(
        &mut self,
        steps: &'s [Check],
        plan: &'s [u64],
        rule: (&'s str, usize),
        nvars: u32,
        seed: Option<(usize, Tag)>,
        first_only: bool,
    ) -> Result<Vec<Found>, Interrupt> {
        if let Some((i, tag)) = seed
            && (!matches!(steps.get(i), Some(Check::Fact(_))) || !self.store.is_present(tag))
        {
            return Ok(Vec::new());
        }
        let mut search = self.search(steps, plan, rule, nvars, first_only);
        search.seed = seed.map(|(i, _)| i);
        let mut seeded = true;
        if let Some((i, tag)) = seed
            && let Some(Check::Fact(pattern)) = steps.get(i)
        {
            seeded = pattern.bind(
                self.store.id(tag),
                self.terms,
                &mut search.slots,
                &mut search.trail,
            );
            search.path[i] = tag as u64;
        }
        let done = if seeded {
            self.extend(0, &mut search)
        } else {
            Ok(())
        };
        self.give_back(&mut search);
        done?;
        Ok(search.found)
    }

    /// A search over `steps` with the pool's vectors, cleared.
    fn search<'s>(
        &mut self,
        steps: &'s [Check],
        plan: &'s [u64],
        rule: (&'s str, usize),
        nvars: u32,
        first_only: bool,
    ) -> Search<'s> {
        let mut slots = std::mem::take(&mut self.pool.slots);
        slots.clear();
        slots.resize(nvars as usize, NONE);
        let mut trail = std::mem::take(&mut self.pool.trail);
        trail.clear();
        let mut path = std::mem::take(&mut self.pool.path);
        path.clear();
        path.resize(steps.len(), 0);
        Search {
            steps,
            plan,
            rule,
            first_only,
            seed: None,
            slots,
            trail,
            path,
            fresh: nvars.max(1) * 2 + 1000,
            found: Vec::new(),
            buffers: std::mem::take(&mut self.pool.buffers),
        }
    }

    /// Gives a search's vectors back to the pool.
    fn give_back(&mut self, search: &mut Search) {
        self.pool.slots = std::mem::take(&mut search.slots);
        self.pool.trail = std::mem::take(&mut search.trail);
        self.pool.path = std::mem::take(&mut search.path);
        self.pool.buffers = std::mem::take(&mut search.buffers);
    }

    /// Every way to satisfy `steps[i..]` from the values bound so far, pushed on
    /// `search.found`; stops early once one is found if `search.first_only`.
    fn extend(&mut self, i: usize, search: &mut Search) -> Result<(), Interrupt> {
        let Some(step) = search.steps.get(i) else {
            search.found.push(Found {
                values: search.slots.clone(),
                path: search.path.clone(),
            });
            return Ok(());
        };
        self.tick(search.found.len())?;
        match step {
            Check::Fact(_) if search.seed == Some(i) => self.extend(i + 1, search)?,
            Check::Fact(pattern) => {
                // The candidates go to a buffer of the search's (one per depth, reused).
                let mut candidates = search.buffers.pop().unwrap_or_default();
                candidates.clear();
                if pattern.is_bound(&search.slots) {
                    candidates.extend(
                        pattern
                            .lookup(self.terms, &search.slots)
                            .and_then(|id| self.store.find_id(id)),
                    );
                } else {
                    let list =
                        self.store
                            .candidates(pattern, search.plan[i], self.terms, &search.slots);
                    if search.seed.is_some_and(|s| i < s) {
                        candidates.extend(list.iter().rev());
                    } else {
                        candidates.extend_from_slice(list);
                    }
                }
                for &tag in &candidates {
                    if tag >= self.visible_below {
                        continue;
                    }
                    let mark = search.trail.len();
                    if pattern.bind(
                        self.store.id(tag),
                        self.terms,
                        &mut search.slots,
                        &mut search.trail,
                    ) {
                        search.path[i] = tag as u64;
                        self.extend(i + 1, search)?;
                    }
                    search.undo(mark);
                    if search.done() {
                        break;
                    }
                }
                search.buffers.push(candidates);
            }
            Check::NotFact(pattern, tests) => {
                if !self.exists(pattern, tests, search.plan[i], search)? {
                    self.extend(i + 1, search)?;
                }
            }
            Check::Call { goal, fast } => {
                let mark = search.trail.len();
                if let Some(fast) = fast
                    && let Some(holds) = fast.run(self.terms, &mut search.slots, &mut search.trail)
                {
                    if holds {
                        search.path[i] = 0;
                        self.extend(i + 1, search)?;
                    }
                    search.undo(mark);
                    return Ok(());
                }
                let answers =
                    self.call(goal, &search.slots, &mut search.fresh, search.rule, false)?;
                for (n, bound) in answers.into_iter().enumerate() {
                    for (v, value) in bound {
                        if search.slots[v as usize] == NONE {
                            search.slots[v as usize] = value;
                            search.trail.push(v);
                        }
                    }
                    search.path[i] = n as u64;
                    self.extend(i + 1, search)?;
                    search.undo(mark);
                    if search.done() {
                        break;
                    }
                }
            }
            Check::NotCall { goal } => {
                if self
                    .call(goal, &search.slots, &mut search.fresh, search.rule, true)?
                    .is_empty()
                {
                    self.extend(i + 1, search)?;
                }
            }
        }
        Ok(())
    }
}
