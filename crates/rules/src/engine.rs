//! The forward-chaining engine: match the rules against the working memory, build the
//! conflict set, choose one instance by the strategy, fire its actions; repeat.
//!
//! Each cycle:
//! 1. stop if a `halt` action fired, or the goal holds, or the cycle limit is reached;
//! 2. find every instance of every rule (a rule and values of its variables that satisfy
//!    its conditions), leaving out the instances that already fired (refraction);
//! 3. stop if there is none: the run is *stuck* if a goal was given and not reached,
//!    *quiescent* otherwise (every conclusion derived);
//! 4. order the conflict set by the strategy and fire the first instance.
//!
//! Conditions are tried left to right, like a Prolog body. A condition whose predicate has
//! Prolog clauses (or is a built-in) is a call to the prover; `\+ G` and `not(G)` succeed
//! when the prover finds no solution of `G`; any other condition is a pattern matched
//! against the facts of the working memory. The working memory is mirrored in the
//! prover's database, so Prolog clauses and negations see the facts too.

use crate::memory::{Origin, Tag, WorkingMemory};
use crate::parse::{RuleBase, RuleError};
use crate::strategy::Strategy;
use resolu_logic::{Bindings, Database, Options, SolveError, Term, unify, write_plain, writeq};
use rustc_hash::FxHashSet;
use std::fmt;

/// A condition, classified when the engine is built.
#[derive(Clone, Debug)]
enum Cond {
    /// A pattern matched against working-memory facts.
    Fact(Term),
    /// A call to the prover.
    Call(Term),
    /// Negation as failure.
    Not(Term),
}

/// A rule ready to match.
#[derive(Clone, Debug)]
struct Compiled {
    name: String,
    priority: Option<i64>,
    conditions: Vec<Cond>,
    actions: Vec<Term>,
    var_names: Vec<String>,
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
    /// The rule's number of conditions (for the specificity strategy).
    pub specificity: usize,
    /// The values of the rule's named variables (those not starting with `_`).
    pub bindings: Vec<(String, Term)>,
    /// The time tags of the facts matched, in the order of the conditions.
    pub facts: Vec<Tag>,
    /// The value of every variable of the rule, by number (unbound ones as themselves).
    values: Vec<Term>,
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
    /// The conflict set, in the strategy's order: the first one fired.
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
}

impl Stop {
    /// A short name: `goal`, `halt`, `quiescent`, `stuck`, `cycle-limit`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Goal => "goal",
            Stop::Halt => "halt",
            Stop::Quiescent => "quiescent",
            Stop::Stuck => "stuck",
            Stop::CycleLimit => "cycle-limit",
        }
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

/// One answer of the prover: (variable, value) pairs, and the next free variable number.
type Answer = (Vec<(u32, Term)>, u32);

/// A partial match: bindings so far, facts matched so far, and the next free variable
/// number (for variables left unbound by the prover).
#[derive(Clone, Debug)]
struct Partial {
    bindings: Bindings,
    facts: Vec<Tag>,
    fresh: u32,
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
    goal: Option<(Vec<Cond>, usize)>,
    memory: WorkingMemory,
    strategy: Strategy,
    fired: FxHashSet<(usize, Vec<Tag>, Vec<Term>)>,
    cycles: u64,
    halted: bool,
    max_cycles: Option<u64>,
    max_inferences: u64,
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

impl Engine {
    /// An engine over `base` with a strategy: the rules are compiled, the initial facts put
    /// in the working memory.
    pub fn new(base: RuleBase, strategy: Strategy) -> Result<Engine, RuleError> {
        let RuleBase {
            rules,
            facts,
            goal,
            mut db,
        } = base;
        let classify = |t: &Term, db: &Database| -> Cond {
            match t {
                Term::Compound(f, args)
                    if args.len() == 1 && (f.name() == "\\+" || f.name() == "not") =>
                {
                    Cond::Not(args[0].clone())
                }
                _ => match t.functor() {
                    Some((f, n))
                        if CONTROL.contains(&(f.name(), n)) || db.is_defined(f.name(), n) =>
                    {
                        Cond::Call(t.clone())
                    }
                    Some(_) => Cond::Fact(t.clone()),
                    None => Cond::Call(t.clone()),
                },
            }
        };
        let compiled: Vec<Compiled> = rules
            .into_iter()
            .map(|r| Compiled {
                conditions: r.conditions.iter().map(|c| classify(c, &db)).collect(),
                name: r.name,
                priority: r.priority,
                actions: r.actions,
                var_names: r.var_names,
                line: r.line,
            })
            .collect();
        let goal: Option<(Vec<Cond>, usize)> = goal.map(|g| {
            (
                g.conditions.iter().map(|c| classify(c, &db)).collect(),
                g.line,
            )
        });
        // The working memory's relations are dynamic in the prover: a negation or a clause
        // that looks for a fact not (yet) there fails instead of raising an error.
        let mut relations: Vec<(String, usize)> = Vec::new();
        let mut note = |t: &Term| {
            if let Some((f, n)) = t.functor() {
                relations.push((f.name().to_string(), n));
            }
        };
        facts.iter().for_each(&mut note);
        let conds = compiled
            .iter()
            .flat_map(|r| r.conditions.iter())
            .chain(goal.iter().flat_map(|g| g.0.iter()));
        for c in conds {
            match c {
                Cond::Fact(t) | Cond::Not(t) => note(t),
                Cond::Call(_) => {}
            }
        }
        for r in &compiled {
            for a in &r.actions {
                if let Some((f, 1)) = a.functor()
                    && Action::of(f.name(), 1) != Action::Call
                {
                    note(&a.args()[0]);
                }
            }
        }
        for (name, arity) in relations {
            if !db.is_defined(&name, arity) {
                db.declare_dynamic(&name, arity);
            }
        }
        let mut engine = Engine {
            db,
            rules: compiled,
            goal,
            memory: WorkingMemory::new(),
            strategy,
            fired: FxHashSet::default(),
            cycles: 0,
            halted: false,
            max_cycles: None,
            max_inferences: 10_000_000,
        };
        for fact in facts {
            if engine.memory.add(fact.clone(), Origin::Initial).is_some() {
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
        self.max_cycles = max;
    }

    /// Bounds each call to the prover (default 10 million inferences).
    pub fn set_max_inferences(&mut self, max: u64) {
        self.max_inferences = max;
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

    /// One cycle: stop, or fire the first instance of the conflict set.
    pub fn step(&mut self) -> Result<Step, RunError> {
        if self.halted {
            return Ok(Step::Stopped(Stop::Halt));
        }
        if let Some((conds, line)) = &self.goal {
            let mut matcher = Matcher::new(&mut self.db, &self.memory, self.max_inferences);
            if !matcher.satisfy(conds, "goal", *line, 0, true)?.is_empty() {
                return Ok(Step::Stopped(Stop::Goal));
            }
        }
        if self.max_cycles.is_some_and(|m| self.cycles >= m) {
            return Ok(Step::Stopped(Stop::CycleLimit));
        }
        let mut set = self.conflict_set()?;
        if set.is_empty() {
            return Ok(Step::Stopped(if self.goal.is_some() {
                Stop::Stuck
            } else {
                Stop::Quiescent
            }));
        }
        self.strategy.sort(&mut set);
        let chosen = set[0].clone();
        self.fired
            .insert((chosen.rule, chosen.facts.clone(), chosen.values.clone()));
        self.cycles += 1;
        let mut cycle = Cycle {
            number: self.cycles,
            conflict_set: set,
            added: Vec::new(),
            removed: Vec::new(),
            output: Vec::new(),
            halted: false,
        };
        self.fire(&chosen, &mut cycle)?;
        self.halted = cycle.halted;
        Ok(Step::Fired(Box::new(cycle)))
    }

    /// Every instance not yet fired, in rule order then discovery order.
    pub fn conflict_set(&mut self) -> Result<Vec<Instance>, RunError> {
        let mut set = Vec::new();
        let mut matcher = Matcher::new(&mut self.db, &self.memory, self.max_inferences);
        for (r, rule) in self.rules.iter().enumerate() {
            let nvars = rule.var_names.len() as u32;
            for p in matcher.satisfy(&rule.conditions, &rule.name, rule.line, nvars, false)? {
                let values: Vec<Term> = (0..nvars)
                    .map(|v| p.bindings.resolve(&Term::Var(v)))
                    .collect();
                let key = (r, p.facts, values);
                if self.fired.contains(&key) {
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
                set.push(Instance {
                    rule: r,
                    name: rule.name.clone(),
                    priority: rule.priority,
                    specificity: rule.conditions.len(),
                    bindings,
                    facts,
                    values,
                });
            }
        }
        Ok(set)
    }

    /// Does the actions of `inst`, recording their effects in `cycle`.
    fn fire(&mut self, inst: &Instance, cycle: &mut Cycle) -> Result<(), RunError> {
        let rule = &self.rules[inst.rule];
        let err = |message: String| RunError {
            rule: rule.name.clone(),
            line: rule.line,
            message,
        };
        let mut b = Bindings::new();
        for (v, value) in inst.values.iter().enumerate() {
            if *value != Term::Var(v as u32) {
                b.bind(v as u32, value.clone());
            }
        }
        let mut fresh = (rule.var_names.len() as u32).max(1) * 2 + 100_000;
        for action in &rule.actions {
            let (name, arity) = match action.functor() {
                Some((f, n)) => (f.name(), n),
                None => return Err(err(format!("`{action}` is not an action"))),
            };
            match Action::of(name, arity) {
                Action::Assert => {
                    let fact = b.resolve(&action.args()[0]);
                    if !fact.is_ground() || fact.functor().is_none() {
                        return Err(err(format!(
                            "cannot assert `{}`: a fact must be a ground atom or compound term",
                            writeq(&fact)
                        )));
                    }
                    let origin = Origin::Rule {
                        rule: rule.name.clone(),
                        cycle: cycle.number,
                        premises: inst.facts.clone(),
                    };
                    if self.memory.add(fact.clone(), origin).is_some() {
                        self.db
                            .assertz(&fact)
                            .map_err(|e| err(format!("cannot assert `{fact}`: {e}")))?;
                        cycle.added.push(fact);
                    }
                }
                Action::Retract => {
                    let pattern = b.resolve(&action.args()[0]);
                    let Some((f, n)) = pattern.functor() else {
                        return Err(err(format!("cannot retract `{}`", writeq(&pattern))));
                    };
                    let mut found = None;
                    for &tag in self.memory.with_functor(f, n) {
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
                        self.db
                            .retract(&term)
                            .map_err(|e| err(format!("cannot retract `{term}`: {e}")))?;
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
                    let answers = Matcher::new(&mut self.db, &self.memory, self.max_inferences)
                        .call(&goal, fresh, &rule.name, rule.line, true)?;
                    let Some((bound, next)) = answers.into_iter().next() else {
                        return Err(err(format!("the action `{goal}` failed")));
                    };
                    fresh = next;
                    for (v, value) in bound {
                        b.bind(v, value);
                    }
                }
            }
        }
        Ok(())
    }
}

/// What matching needs, borrowed apart from the engine's rules: the prover's database
/// (a call needs it mutably), the working memory and the inference limit of one call.
struct Matcher<'a> {
    db: &'a mut Database,
    memory: &'a WorkingMemory,
    max_inferences: u64,
}

impl<'a> Matcher<'a> {
    fn new(db: &'a mut Database, memory: &'a WorkingMemory, max_inferences: u64) -> Self {
        Matcher {
            db,
            memory,
            max_inferences,
        }
    }

    fn options(&self) -> Options {
        Options {
            max_inferences: Some(self.max_inferences),
            ..Options::default()
        }
    }

    fn solve_error(&self, rule: &str, line: usize, goal: &Term, e: SolveError) -> RunError {
        let message = if e.is_limit() {
            format!(
                "`{goal}` ran past {} inferences (a loop in the Prolog clauses?)",
                self.max_inferences
            )
        } else {
            format!("`{goal}` raised {e}")
        };
        RunError {
            rule: rule.to_string(),
            line,
            message,
        }
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
    ) -> Result<Vec<Answer>, RunError> {
        let vars = goal.variables();
        let max = vars.iter().copied().max().map_or(0, |m| m as usize + 1);
        let names: Vec<String> = (0..max).map(|v| format!("V{v}")).collect();
        let options = self.options();
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

    /// Every way to satisfy `conds` from the empty bindings, left to right, depth first
    /// (in the order a Prolog body would find them); only the first if `first_only`.
    fn satisfy(
        &mut self,
        conds: &[Cond],
        rule: &str,
        line: usize,
        nvars: u32,
        first_only: bool,
    ) -> Result<Vec<Partial>, RunError> {
        let start = Partial {
            bindings: Bindings::new(),
            facts: Vec::new(),
            fresh: nvars.max(1) * 2 + 1000,
        };
        let mut search = Search {
            rule,
            line,
            first_only,
            found: Vec::new(),
        };
        self.extend(conds, start, &mut search)?;
        Ok(search.found)
    }

    /// Every way to satisfy `conds` from `p`, pushed on `search.found`; stops early once
    /// one is found if `search.first_only`.
    fn extend(&mut self, conds: &[Cond], p: Partial, search: &mut Search) -> Result<(), RunError> {
        let Some((cond, rest)) = conds.split_first() else {
            search.found.push(p);
            return Ok(());
        };
        match cond {
            Cond::Fact(pattern) => {
                let pattern = p.bindings.resolve(pattern);
                let Some((f, n)) = pattern.functor() else {
                    return Ok(());
                };
                let memory = self.memory;
                for &tag in memory.with_functor(f, n) {
                    let Some(fact) = memory.fact(tag) else {
                        continue;
                    };
                    let mut b = p.bindings.clone();
                    if unify(&pattern, &fact.term, &mut b) {
                        let mut facts = p.facts.clone();
                        facts.push(tag);
                        let next = Partial {
                            bindings: b,
                            facts,
                            fresh: p.fresh,
                        };
                        self.extend(rest, next, search)?;
                        if search.done() {
                            break;
                        }
                    }
                }
            }
            Cond::Call(goal) => {
                let goal = p.bindings.resolve(goal);
                for (bound, fresh) in self.call(&goal, p.fresh, search.rule, search.line, false)? {
                    let mut b = p.bindings.clone();
                    for (v, value) in bound {
                        b.bind(v, value);
                    }
                    let next = Partial {
                        bindings: b,
                        facts: p.facts.clone(),
                        fresh,
                    };
                    self.extend(rest, next, search)?;
                    if search.done() {
                        break;
                    }
                }
            }
            Cond::Not(goal) => {
                let goal = p.bindings.resolve(goal);
                if self
                    .call(&goal, p.fresh, search.rule, search.line, true)?
                    .is_empty()
                {
                    self.extend(rest, p, search)?;
                }
            }
        }
        Ok(())
    }
}

/// One [`Matcher::satisfy`]: whose conditions (for errors), and the matches found so far.
struct Search<'s> {
    rule: &'s str,
    line: usize,
    first_only: bool,
    found: Vec<Partial>,
}

impl Search<'_> {
    /// Whether the search can stop: it wanted one match and has it.
    fn done(&self) -> bool {
        self.first_only && !self.found.is_empty()
    }
}
