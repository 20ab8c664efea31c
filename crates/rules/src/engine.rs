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
//! set. The rules of a course-sized base have few conditions, their Prolog calls make
//! join results cheap to recompute and costly to store (terms, not pointers), and a
//! retraction costs nothing beyond dropping the instances that used the fact.
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

use crate::memory::{Origin, Tag, WorkingMemory, term_size};
use crate::parse::{RuleBase, RuleError};
use crate::strategy::Strategy;
use resolu_logic::{
    Atom, Bindings, Database, Options, SolveError, Term, Unknown, unify, write_plain, writeq,
};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;
use std::fmt;
use std::time::{Duration, Instant};

/// A condition, classified when the engine is built.
#[derive(Clone, Debug)]
enum Cond {
    /// A pattern matched against working-memory facts.
    Fact(Term),
    /// A negated pattern, answered from the working memory's index.
    NotFact(Term),
    /// A call to the prover.
    Call(Term),
    /// Negation as failure of a call to the prover.
    NotCall(Term),
}

/// A rule ready to match.
#[derive(Clone, Debug)]
struct Compiled {
    name: String,
    priority: Option<i64>,
    salience: i64,
    conditions: Vec<Cond>,
    actions: Vec<Term>,
    var_names: Vec<String>,
    line: usize,
    /// A Prolog call in its conditions reads the working memory: joined again in full
    /// after each change instead of fact by fact.
    volatile: bool,
    /// CLIPS's specificity: the comparisons its conditions make.
    complexity: usize,
}

/// The goal, ready to match.
#[derive(Clone, Debug)]
struct CompiledGoal {
    conditions: Vec<Cond>,
    nvars: u32,
    line: usize,
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
    /// The value of every variable of the rule, by number (unbound ones as themselves).
    values: Vec<Term>,
}

impl Instance {
    /// The key that identifies the instance for refraction.
    fn key(&self) -> Key {
        (self.rule, self.facts.clone(), self.values.clone())
    }
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    /// The rule (or `goal`).
    pub rule: String,
    /// The line of the rule in its file (0 if unknown).
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for RunError {}

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

/// One answer of the prover: (variable, value) pairs, and the next free variable number.
type Answer = (Vec<(u32, Term)>, u32);

/// What identifies an instance for refraction: rule, facts, values of the variables.
type Key = (usize, Vec<Tag>, Vec<Term>);

/// A partial match: bindings so far, per condition the fact's tag or the answer's
/// number, and the next free variable number (for variables left unbound by the prover).
#[derive(Clone, Debug)]
struct Partial {
    bindings: Bindings,
    path: Vec<u64>,
    fresh: u32,
}

/// The conflict set, indexed for the updates: by activation, by key, by fact, by rule.
#[derive(Clone, Debug, Default)]
struct Agenda {
    instances: FxHashMap<u64, Instance>,
    by_key: FxHashMap<Key, u64>,
    /// The activations that used each fact (entries of instances gone are skipped).
    by_tag: FxHashMap<Tag, Vec<u64>>,
    by_rule: Vec<BTreeSet<u64>>,
    bytes: usize,
}

/// Bytes counted per instance beside its terms (an estimate, for `--max-memory`).
const INSTANCE_BYTES: usize = 256;

impl Agenda {
    fn insert(&mut self, inst: Instance) {
        let id = inst.activation;
        for &t in &inst.facts {
            self.by_tag.entry(t).or_default().push(id);
        }
        self.by_rule[inst.rule].insert(id);
        self.by_key.insert(inst.key(), id);
        self.bytes += INSTANCE_BYTES + inst.values.iter().map(term_size).sum::<usize>() * 64;
        self.instances.insert(id, inst);
    }

    fn remove(&mut self, id: u64) -> Option<Instance> {
        let inst = self.instances.remove(&id)?;
        self.by_key.remove(&inst.key());
        self.by_rule[inst.rule].remove(&id);
        self.bytes = self
            .bytes
            .saturating_sub(INSTANCE_BYTES + inst.values.iter().map(term_size).sum::<usize>() * 64);
        Some(inst)
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
    /// Per rule and condition, the CLIPS alpha node of a pattern (its order of creation).
    alpha: Vec<Vec<usize>>,
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
            if is_call(inner) {
                Ok(Cond::NotCall(inner.clone()))
            } else if inner.functor().is_some_and(|k| relations.contains(&k))
                || db.unknown() == Unknown::Fail
            {
                Ok(Cond::NotFact(inner.clone()))
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
            Cond::Fact(p) | Cond::NotFact(p) => {
                count += 1;
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

/// One-way matching of `pattern` against a ground `fact`, with the pattern's variables
/// looked up by `value`: `Some(true)` with the new bindings pushed on `new`, `Some(false)`,
/// or `None` when a variable's value is not ground (the caller unifies instead). Nothing
/// is copied: the hot path of matching, where facts are ground.
fn match_ground<'f, 'v>(
    pattern: &Term,
    fact: &'f Term,
    value: &dyn Fn(u32) -> Option<&'v Term>,
    new: &mut Vec<(u32, &'f Term)>,
) -> Option<bool> {
    match pattern {
        Term::Var(v) => {
            if let Some(bound) = value(*v) {
                if !bound.is_ground() {
                    return None;
                }
                return Some(bound == fact);
            }
            if let Some((_, t)) = new.iter().find(|(w, _)| w == v) {
                return Some(*t == fact);
            }
            new.push((*v, fact));
            Some(true)
        }
        Term::Compound(f, args) => match fact {
            Term::Compound(g, fargs) if f == g && args.len() == fargs.len() => {
                for (a, b) in args.iter().zip(fargs.iter()) {
                    if !match_ground(a, b, value, new)? {
                        return Some(false);
                    }
                }
                Some(true)
            }
            _ => Some(false),
        },
        other => Some(other == fact),
    }
}

/// Whether `pattern`, its variables looked up by `value`, matches the ground `fact`.
fn matches_fact<'v>(pattern: &Term, fact: &Term, value: &dyn Fn(u32) -> Option<&'v Term>) -> bool {
    let mut new = Vec::new();
    match match_ground(pattern, fact, value, &mut new) {
        Some(m) => m,
        None => {
            let mut b = Bindings::new();
            for v in pattern.variables() {
                if let Some(t) = value(v) {
                    b.bind(v, t.clone());
                }
            }
            unify(pattern, fact, &mut b)
        }
    }
}

/// Matches `pattern` under `bindings` against the ground `fact`: the extended bindings.
fn match_under(pattern: &Term, fact: &Term, bindings: &Bindings) -> Option<Bindings> {
    let mut new = Vec::new();
    match match_ground(pattern, fact, &|v| bindings.get(v), &mut new) {
        Some(true) => {
            let mut b = bindings.clone();
            for (v, t) in new {
                b.bind(v, t.clone());
            }
            Some(b)
        }
        Some(false) => None,
        None => {
            let mut b = bindings.clone();
            unify(pattern, fact, &mut b).then_some(b)
        }
    }
}

/// No variable is bound.
fn unbound(_: u32) -> Option<&'static Term> {
    None
}

/// The value of a test that needs no prover: `==` and `\\==` on ground terms, and the
/// arithmetic comparisons of two integers (the common tests of production rules, which
/// a call to the prover would make many times dearer). `None`: ask the prover.
fn simple_test(goal: &Term) -> Option<bool> {
    let Term::Compound(f, args) = goal else {
        return None;
    };
    if args.len() != 2 || !args[0].is_ground() || !args[1].is_ground() {
        return None;
    }
    let (a, b) = (&args[0], &args[1]);
    match f.name() {
        "==" => Some(a == b),
        "\\==" => Some(a != b),
        op => {
            let (Term::Int(x), Term::Int(y)) = (a, b) else {
                return None;
            };
            match op {
                "<" => Some(x < y),
                ">" => Some(x > y),
                "=<" => Some(x <= y),
                ">=" => Some(x >= y),
                "=:=" => Some(x == y),
                "=\\=" => Some(x != y),
                _ => None,
            }
        }
    }
}

/// A well-mixed 64-bit number from a seed and a counter (SplitMix64).
fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A [`Matcher`] over the engine's fields (a macro, so that the borrows stay per field).
macro_rules! matcher {
    ($engine:expr, $visible_below:expr) => {
        Matcher {
            base_bytes: $engine.memory.approx_bytes() + $engine.agenda.bytes,
            db: &mut $engine.db,
            memory: &$engine.memory,
            limits: &$engine.limits,
            visible_below: $visible_below,
            ticks: 0,
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
        let mut relations: Relations = FxHashSet::default();
        for fact in &facts {
            if let Some(k) = fact.functor() {
                relations.insert(k);
            }
        }
        for r in &rules {
            for a in &r.actions {
                if let Some((f, 1)) = a.functor()
                    && matches!(Action::of(f.name(), 1), Action::Assert | Action::Retract)
                    && let Some(k) = a.args()[0].functor()
                {
                    relations.insert(k);
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
            compiled.push(Compiled {
                complexity: complexity(&conditions),
                conditions,
                volatile,
                name: r.name,
                priority: r.priority,
                salience: r.salience.unwrap_or(0),
                actions: r.actions,
                var_names: r.var_names,
                line: r.line,
            });
        }
        let goal = match goal {
            None => None,
            Some(g) => {
                let mut conditions = Vec::new();
                for c in &g.conditions {
                    if let Some(k) = c.functor()
                        && !relations.contains(&k)
                    {
                        mirrored.extend(relations_read(c, &db, &relations));
                    }
                    conditions.push(classify(c, &db, &relations).map_err(|message| RuleError {
                        line: g.line,
                        column: 1,
                        message: format!("goal: {message}"),
                    })?);
                }
                Some(CompiledGoal {
                    conditions,
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
        let nrules = compiled.len();
        let mut engine = Engine {
            db,
            rules: compiled,
            goal,
            memory: WorkingMemory::new(),
            strategy,
            agenda: Agenda {
                by_rule: vec![BTreeSet::new(); nrules],
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
            alpha: Vec::new(),
        };
        engine.alpha = alpha_nodes(&engine.rules);
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

    /// Bounds each call to the prover (default 10 million inferences).
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
            if !matcher
                .join(&goal.conditions, "goal", goal.line, goal.nvars, None, true)?
                .is_empty()
            {
                return Ok(Step::Stopped(Stop::Goal));
            }
        }
        if let Some(stop) = self.limit_reached() {
            return Ok(Step::Stopped(stop));
        }
        let strategy = self.strategy;
        let Some(best) = self
            .agenda
            .instances
            .values()
            .min_by(|a, b| strategy.compare(a, b))
            .map(|i| i.activation)
        else {
            return Ok(Step::Stopped(if self.goal.is_some() {
                Stop::Stuck
            } else {
                Stop::Quiescent
            }));
        };
        let conflict_set = if self.record_conflict_sets {
            let mut set: Vec<Instance> = self.agenda.instances.values().cloned().collect();
            strategy.sort(&mut set);
            set
        } else {
            self.agenda
                .instances
                .get(&best)
                .cloned()
                .into_iter()
                .collect()
        };
        let Some(chosen) = self.agenda.remove(best) else {
            return Ok(Step::Stopped(Stop::Quiescent));
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
        let mut set: Vec<Instance> = self.agenda.instances.values().cloned().collect();
        Strategy::Order.sort(&mut set);
        Ok(set)
    }

    /// Builds the conflict set of the initial working memory: rules that need no fact
    /// first, then the initial facts one by one, each joined with those before it.
    fn start(&mut self) -> Result<(), Interrupt> {
        self.started = true;
        for r in 0..self.rules.len() {
            let rule = &self.rules[r];
            if !rule.volatile && !rule.conditions.iter().any(|c| matches!(c, Cond::Fact(_))) {
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
    fn add_instances(&mut self, r: usize, found: Vec<Partial>) {
        let rule = &self.rules[r];
        for p in found {
            let nvars = rule.var_names.len() as u32;
            let values: Vec<Term> = (0..nvars)
                .map(|v| p.bindings.resolve(&Term::Var(v)))
                .collect();
            let facts: Vec<Tag> = rule
                .conditions
                .iter()
                .zip(&p.path)
                .filter(|(c, _)| matches!(c, Cond::Fact(_)))
                .map(|(_, &t)| t as Tag)
                .collect();
            let key = (r, facts, values);
            if self.fired.contains(&key) || self.agenda.by_key.contains_key(&key) {
                continue;
            }
            let (_, facts, values) = key;
            let bindings = rule
                .var_names
                .iter()
                .zip(&values)
                .enumerate()
                .filter(|(v, (name, value))| {
                    !name.starts_with('_') && **value != Term::Var(*v as u32)
                })
                .map(|(_, (name, value))| (name.clone(), value.clone()))
                .collect();
            let mut recency = facts.clone();
            recency.sort_unstable_by(|a, b| b.cmp(a));
            let mut lex: Vec<usize> = recency.iter().map(|t| t + 1).collect();
            lex.extend(
                rule.conditions
                    .iter()
                    .filter(|c| matches!(c, Cond::NotFact(_) | Cond::NotCall(_)))
                    .map(|_| 0),
            );
            let first_tag = match rule.conditions.first() {
                Some(Cond::Fact(_)) => facts.first().copied(),
                _ => None,
            };
            let activation = self.next_activation;
            self.next_activation += 1;
            self.agenda.insert(Instance {
                rule: r,
                name: rule.name.clone(),
                priority: rule.priority,
                salience: rule.salience,
                specificity: rule.conditions.len(),
                complexity: rule.complexity,
                bindings,
                facts,
                activation,
                recency,
                first_tag,
                random: mix(self.seed, activation),
                path: p.path,
                lex,
                values,
            });
        }
    }

    /// Joins rule `r` in full (over the facts below `visible_below`) and adds what is new.
    fn rejoin(&mut self, r: usize, visible_below: Tag) -> Result<(), Interrupt> {
        let rule = &self.rules[r];
        let mut matcher = matcher!(self, visible_below);
        let nvars = rule.var_names.len() as u32;
        let found = matcher.join(&rule.conditions, &rule.name, rule.line, nvars, None, false)?;
        self.add_instances(r, found);
        Ok(())
    }

    /// Updates the conflict set for the fact `tag` just added, joining it with the facts
    /// below `visible_below`.
    fn on_add(&mut self, tag: Tag, visible_below: Tag) -> Result<(), Interrupt> {
        let Some(term) = self.memory.fact(tag).map(|f| f.term.clone()) else {
            return Ok(());
        };
        let Some(key) = term.functor() else {
            return Ok(());
        };
        for r in 0..self.rules.len() {
            let rule = &self.rules[r];
            if rule.volatile {
                continue;
            }
            // The instances this fact now blocks through a negation.
            for cond in &rule.conditions {
                let Cond::NotFact(p) = cond else { continue };
                if p.functor() != Some(key) || !matches_fact(p, &term, &unbound) {
                    continue;
                }
                let blocked: Vec<u64> = self.agenda.by_rule[r]
                    .iter()
                    .copied()
                    .filter(|id| {
                        self.agenda.instances.get(id).is_some_and(|inst| {
                            let value = |v: u32| {
                                inst.values.get(v as usize).filter(|t| **t != Term::Var(v))
                            };
                            matches_fact(p, &term, &value)
                        })
                    })
                    .collect();
                for id in blocked {
                    self.agenda.remove(id);
                }
            }
        }
        // The instances it completes, seeded in each condition it matches. They are made
        // in the order CLIPS makes its activations for one new fact: the newest alpha
        // node first, and in a node the rules defined last first; in a join, partner
        // facts of the conditions before the seed newest first (a Rete beta memory), of
        // those after it oldest first (an alpha memory).
        let mut seeds: Vec<(usize, usize)> = Vec::new();
        for (r, rule) in self.rules.iter().enumerate() {
            if rule.volatile {
                continue;
            }
            for (i, c) in rule.conditions.iter().enumerate() {
                if let Cond::Fact(p) = c
                    && p.functor() == Some(key)
                {
                    seeds.push((r, i));
                }
            }
        }
        seeds.sort_by_key(|&(r, i)| (std::cmp::Reverse(self.alpha[r][i]), std::cmp::Reverse(r)));
        for (r, i) in seeds {
            let rule = &self.rules[r];
            let mut matcher = matcher!(self, visible_below);
            let nvars = rule.var_names.len() as u32;
            let found = matcher.join(
                &rule.conditions,
                &rule.name,
                rule.line,
                nvars,
                Some((i, tag)),
                false,
            )?;
            self.add_instances(r, found);
        }
        Ok(())
    }

    /// Updates the conflict set for the fact `tag` (`term`) just removed.
    fn on_remove(&mut self, tag: Tag, term: &Term) -> Result<(), Interrupt> {
        for id in self.agenda.by_tag.remove(&tag).unwrap_or_default() {
            self.agenda.remove(id);
        }
        let key = term.functor();
        for r in 0..self.rules.len() {
            let rule = &self.rules[r];
            if rule.volatile {
                continue;
            }
            let unblocks = rule.conditions.iter().any(|c| match c {
                Cond::NotFact(p) => p.functor() == key && matches_fact(p, term, &unbound),
                _ => false,
            });
            if unblocks {
                self.rejoin(r, Tag::MAX)?;
            }
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
            let old: Vec<Instance> = before
                .iter()
                .filter_map(|id| self.agenda.remove(*id))
                .collect();
            let rule = &self.rules[r];
            let mut matcher = matcher!(self, Tag::MAX);
            let nvars = rule.var_names.len() as u32;
            let found =
                matcher.join(&rule.conditions, &rule.name, rule.line, nvars, None, false)?;
            let found_keys: FxHashSet<(Vec<u64>, Vec<Term>)> = found
                .iter()
                .map(|p| {
                    (
                        p.path.clone(),
                        (0..nvars)
                            .map(|v| p.bindings.resolve(&Term::Var(v)))
                            .collect(),
                    )
                })
                .collect();
            for inst in old {
                if found_keys.contains(&(inst.path.clone(), inst.values.clone())) {
                    self.agenda.insert(inst);
                }
            }
            self.add_instances(r, found);
        }
        Ok(())
    }

    /// Does the actions of `inst`, recording their effects in `cycle` and updating the
    /// conflict set after each change of the working memory.
    fn fire(&mut self, inst: &Instance, cycle: &mut Cycle) -> Result<(), Interrupt> {
        let r = inst.rule;
        let err = |rules: &[Compiled], message: String| {
            Interrupt::Error(RunError {
                rule: rules[r].name.clone(),
                line: rules[r].line,
                message,
            })
        };
        let mut b = Bindings::new();
        for (v, value) in inst.values.iter().enumerate() {
            if *value != Term::Var(v as u32) {
                b.bind(v as u32, value.clone());
            }
        }
        let mut fresh = (self.rules[r].var_names.len() as u32).max(1) * 2 + 100_000;
        let mut changed = false;
        for a in 0..self.rules[r].actions.len() {
            let action = &self.rules[r].actions[a];
            let (name, arity) = match action.functor() {
                Some((f, n)) => (f.name(), n),
                None => return Err(err(&self.rules, format!("`{action}` is not an action"))),
            };
            match Action::of(name, arity) {
                Action::Assert => {
                    let fact = b.resolve(&action.args()[0]);
                    if !fact.is_ground() || fact.functor().is_none() {
                        return Err(err(
                            &self.rules,
                            format!(
                                "cannot assert `{}`: a fact must be a ground atom or compound term",
                                writeq(&fact)
                            ),
                        ));
                    }
                    let origin = Origin::Rule {
                        rule: self.rules[r].name.clone(),
                        cycle: cycle.number,
                        premises: inst.facts.clone(),
                    };
                    if let Some(tag) = self.memory.add(fact.clone(), origin) {
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
                Action::Retract => {
                    let pattern = b.resolve(&action.args()[0]);
                    if pattern.functor().is_none() {
                        return Err(err(
                            &self.rules,
                            format!("cannot retract `{}`", writeq(&pattern)),
                        ));
                    }
                    let mut found = None;
                    for tag in self.memory.candidates(&pattern) {
                        if let Some(fact) = self.memory.fact(tag) {
                            let mut trial = b.clone();
                            if unify(&pattern, &fact.term, &mut trial) {
                                found = Some((tag, fact.term.clone(), trial));
                                break;
                            }
                        }
                    }
                    if let Some((tag, term, trial)) = found {
                        b = trial;
                        self.memory.remove(tag);
                        if term.functor().is_some_and(|k| self.mirrored.contains(&k)) {
                            self.db.retract(&term).map_err(|e| {
                                err(&self.rules, format!("cannot retract `{term}`: {e}"))
                            })?;
                        }
                        changed = true;
                        self.on_remove(tag, &term)?;
                        cycle.removed.push(term);
                    }
                }
                Action::Halt => cycle.halted = true,
                Action::Print => {
                    let text: String = action
                        .args()
                        .iter()
                        .map(|a| write_plain(&b.resolve(a)))
                        .collect();
                    cycle.output.push(text);
                }
                Action::Call => {
                    let goal = b.resolve(action);
                    let rule = &self.rules[r];
                    let (name, line) = (rule.name.clone(), rule.line);
                    let answers = matcher!(self, Tag::MAX).call(&goal, fresh, &name, line, true)?;
                    let Some((bound, next)) = answers.into_iter().next() else {
                        return Err(err(&self.rules, format!("the action `{goal}` failed")));
                    };
                    fresh = next;
                    for (v, value) in bound {
                        b.bind(v, value);
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

/// What matching needs, borrowed apart from the engine's rules and conflict set: the
/// prover's database (a call needs it mutably), the working memory, the limits.
struct Matcher<'a> {
    db: &'a mut Database,
    memory: &'a WorkingMemory,
    limits: &'a Limits,
    /// Only facts with a smaller tag are seen (while the initial facts are loaded).
    visible_below: Tag,
    /// Bytes held outside this join (working memory, conflict set).
    base_bytes: usize,
    ticks: u64,
}

/// Bytes counted per partial match found (an estimate, for the memory budget).
const PARTIAL_BYTES: usize = 256;

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

    fn solve_error(&self, rule: &str, line: usize, goal: &Term, e: SolveError) -> Interrupt {
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
            rule: rule.to_string(),
            line,
            message,
        })
    }

    /// Calls `goal` in the prover: every answer, as bindings of its variables (variables
    /// left unbound are renumbered from `fresh`).
    fn call(
        &mut self,
        goal: &Term,
        fresh: u32,
        rule: &str,
        line: usize,
        first_only: bool,
    ) -> Result<Vec<Answer>, Interrupt> {
        let vars = goal.variables();
        let max = vars.iter().copied().max().map_or(0, |m| m as usize + 1);
        let names: Vec<String> = (0..max).map(|v| format!("V{v}")).collect();
        let options = self.limits.prover_options().map_err(Interrupt::Limit)?;
        let mut answers = Vec::new();
        let mut error = None;
        for answer in self.db.solve_goal(goal, &names, options) {
            match answer {
                Err(e) => {
                    error = Some(e);
                    break;
                }
                Ok(a) => {
                    let mut next = fresh;
                    let mut bound = Vec::new();
                    for (name, value) in a.bindings {
                        let Some(v) = name.strip_prefix('V').and_then(|n| n.parse::<u32>().ok())
                        else {
                            continue;
                        };
                        let value = if value.is_ground() {
                            value
                        } else {
                            let renamed = value.offset_vars(next);
                            next += value.variables().iter().max().map_or(0, |m| m + 1);
                            renamed
                        };
                        bound.push((v, value));
                    }
                    answers.push((bound, next));
                    if first_only {
                        break;
                    }
                }
            }
        }
        match error {
            Some(e) => Err(self.solve_error(rule, line, goal, e)),
            None => Ok(answers),
        }
    }

    /// Whether a present (visible) fact matches `pattern` under `bindings`.
    fn exists(&self, pattern: &Term, bindings: &Bindings) -> bool {
        let value = |v| bindings.get(v);
        self.memory
            .candidates_under(pattern, &value)
            .into_iter()
            .any(|t| {
                t < self.visible_below
                    && self
                        .memory
                        .fact(t)
                        .is_some_and(|f| matches_fact(pattern, &f.term, &value))
            })
    }

    /// Every way to satisfy `conds`, left to right, depth first (in the order a Prolog
    /// body would find them); with a seed `(i, tag)`, condition `i` (a pattern) is matched
    /// by that fact only, and first; only the first match if `first_only`.
    fn join(
        &mut self,
        conds: &[Cond],
        rule: &str,
        line: usize,
        nvars: u32,
        seed: Option<(usize, Tag)>,
        first_only: bool,
    ) -> Result<Vec<Partial>, Interrupt> {
        let mut start = Partial {
            bindings: Bindings::new(),
            path: vec![0; conds.len()],
            fresh: nvars.max(1) * 2 + 1000,
        };
        if let Some((i, tag)) = seed {
            let (Some(Cond::Fact(pattern)), Some(fact)) = (conds.get(i), self.memory.fact(tag))
            else {
                return Ok(Vec::new());
            };
            if !fact.present {
                return Ok(Vec::new());
            }
            match match_under(pattern, &fact.term, &start.bindings) {
                Some(b) => start.bindings = b,
                None => return Ok(Vec::new()),
            }
            start.path[i] = tag as u64;
        }
        let mut search = Search {
            rule,
            line,
            first_only,
            seed: seed.map(|(i, _)| i),
            found: Vec::new(),
        };
        self.extend(conds, 0, start, &mut search)?;
        Ok(search.found)
    }

    /// Every way to satisfy `conds[i..]` from `p`, pushed on `search.found`; stops early
    /// once one is found if `search.first_only`.
    fn extend(
        &mut self,
        conds: &[Cond],
        i: usize,
        p: Partial,
        search: &mut Search,
    ) -> Result<(), Interrupt> {
        let Some(cond) = conds.get(i) else {
            search.found.push(p);
            return Ok(());
        };
        self.tick(search.found.len())?;
        match cond {
            Cond::Fact(_) if search.seed == Some(i) => self.extend(conds, i + 1, p, search)?,
            Cond::Fact(pattern) => {
                let value = |v| p.bindings.get(v);
                let mut candidates = self.memory.candidates_under(pattern, &value);
                if search.seed.is_some_and(|s| i < s) {
                    candidates.reverse();
                }
                for tag in candidates {
                    if tag >= self.visible_below {
                        continue;
                    }
                    let Some(fact) = self.memory.fact(tag) else {
                        continue;
                    };
                    if let Some(b) = match_under(pattern, &fact.term, &p.bindings) {
                        let mut path = p.path.clone();
                        path[i] = tag as u64;
                        let next = Partial {
                            bindings: b,
                            path,
                            fresh: p.fresh,
                        };
                        self.extend(conds, i + 1, next, search)?;
                        if search.done() {
                            break;
                        }
                    }
                }
            }
            Cond::NotFact(pattern) => {
                if !self.exists(pattern, &p.bindings) {
                    self.extend(conds, i + 1, p, search)?;
                }
            }
            Cond::Call(goal) => {
                let goal = p.bindings.resolve(goal);
                if let Some(holds) = simple_test(&goal) {
                    if holds {
                        self.extend(conds, i + 1, p, search)?;
                    }
                    return Ok(());
                }
                let answers = self.call(&goal, p.fresh, search.rule, search.line, false)?;
                for (n, (bound, fresh)) in answers.into_iter().enumerate() {
                    let mut b = p.bindings.clone();
                    for (v, value) in bound {
                        b.bind(v, value);
                    }
                    let mut path = p.path.clone();
                    path[i] = n as u64;
                    let next = Partial {
                        bindings: b,
                        path,
                        fresh,
                    };
                    self.extend(conds, i + 1, next, search)?;
                    if search.done() {
                        break;
                    }
                }
            }
            Cond::NotCall(goal) => {
                let goal = p.bindings.resolve(goal);
                if self
                    .call(&goal, p.fresh, search.rule, search.line, true)?
                    .is_empty()
                {
                    self.extend(conds, i + 1, p, search)?;
                }
            }
        }
        Ok(())
    }
}

/// One [`Matcher::join`]: whose conditions (for errors), the seed's condition, and the
/// matches found so far.
struct Search<'s> {
    rule: &'s str,
    line: usize,
    first_only: bool,
    seed: Option<usize>,
    found: Vec<Partial>,
}

impl Search<'_> {
    /// Whether the search can stop: it wanted one match and has it.
    fn done(&self) -> bool {
        self.first_only && !self.found.is_empty()
    }
}
