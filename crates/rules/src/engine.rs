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

use crate::activation::{Act, Key, key_hash, mix};
use crate::agenda::{Agenda, table_bytes};
use crate::build::{Built, build};
use crate::compile::{Check, Compiled, CompiledGoal, Do, Preset, Relations};
use crate::join::{Found, Matcher, Pool, resolve};
use crate::limits::Limits;
use crate::memory::{Origin, Tag, WorkingMemory};
pub use crate::outcome::{Cycle, Instance, RunError, Step, Stop};
use crate::outcome::{Interrupt, negation_error};
use crate::parse::{RuleBase, RuleError};
use crate::strategy::{Ranked, Strategy};
use crate::terms::{Id, NONE};
use resolu_logic::{Atom, Database, write_plain, writeq};
use resolu_search::{Monitor, StopReason};
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt;
use std::time::{Duration, Instant};

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
    /// Where the last limit stopped the run, if inside a rule ([`Engine::stop_detail`]).
    stop_detail: Option<String>,
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
    /// What the caller holds for the run (its record of the cycles), counted against the
    /// memory budget with the engine's own ([`Engine::set_caller_bytes`]).
    caller_bytes: usize,
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

/// A [`Matcher`] over the engine's fields (a macro, so that the borrows stay per field).
macro_rules! matcher {
    ($engine:expr, $visible_below:expr) => {
        Matcher {
            base_bytes: $engine.memory.approx_bytes() + $engine.agenda.approx_bytes(),
            agenda_growth: $engine.agenda.growth(),
            db: &mut $engine.db,
            store: &$engine.memory.store,
            terms: &mut $engine.memory.terms,
            limits: &$engine.limits,
            detail: &mut $engine.stop_detail,
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
        let Built {
            db,
            rules,
            goal,
            memory,
            facts,
            mirrored,
            seeds,
            negations,
            index_slots,
        } = build(base)?;
        let nrules = rules.len();
        let mut engine = Engine {
            db,
            rules,
            goal,
            memory,
            strategy,
            agenda: Agenda {
                by_rule: vec![FxHashSet::default(); nrules],
                index_slots,
                strategy,
                ..Agenda::default()
            },
            fired: FxHashSet::default(),
            cycles: 0,
            halted: false,
            limits: Limits::default(),
            stop_detail: None,
            next_activation: 0,
            seed: 0,
            started: false,
            stopped: None,
            record_conflict_sets: true,
            mirrored,
            seeds,
            negations,
            pool: Pool::default(),
            caller_bytes: 0,
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

    /// Takes the run's limits as every engine of resolu takes them: `max_nodes` read as
    /// the cycle limit ([`StopReason::CycleLimit`]), `timeout` counted from now,
    /// `max_memory_bytes` as the memory budget (0: the run stops at once), and the
    /// monitor (its flag: [`StopReason::Interrupted`]). The inference limit of one Prolog
    /// call is set apart ([`Engine::set_max_inferences`]).
    pub fn set_limits(&mut self, limits: &resolu_search::Limits) {
        self.set_max_cycles(limits.max_nodes);
        self.set_timeout(limits.timeout);
        self.set_max_memory(Some(
            usize::try_from(limits.max_memory_bytes).unwrap_or(usize::MAX),
        ));
        self.limits.monitor = limits.monitor;
    }

    /// Stops runs after this many cycles ([`StopReason::CycleLimit`]).
    pub fn set_max_cycles(&mut self, max: Option<u64>) {
        self.limits.max_cycles = max;
    }

    /// Stops runs after this long from now ([`StopReason::TimeLimit`]): checked between cycles,
    /// while matching, and inside the Prolog calls of conditions and actions.
    pub fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.limits.timeout = timeout;
        self.limits.deadline = timeout.and_then(|t| Instant::now().checked_add(t));
    }

    /// Stops runs when the working memory, the conflict set and the matches being built
    /// are estimated to hold more than this many bytes ([`StopReason::MemoryLimit`]).
    pub fn set_max_memory(&mut self, bytes: Option<usize>) {
        self.limits.max_memory = bytes;
    }

    /// Bounds each call to the prover of a condition or an action ([`StopReason::InferenceLimit`]
    /// past it; default [`crate::DEFAULT_MAX_INFERENCES`]; `None`: no limit).
    pub fn set_max_inferences(&mut self, max: Option<u64>) {
        self.limits.max_inferences = max;
    }

    /// Stops runs when `monitor`'s flag is raised ([`StopReason::Interrupted`]: checked between
    /// cycles and while matching), and publishes to it the cycles fired and the bytes
    /// held after each cycle. The caller counts the run ([`Monitor::begin_run`]).
    pub fn set_monitor(&mut self, monitor: &'static Monitor) {
        self.limits.monitor = Some(monitor);
    }

    /// Asked by the prover at its clock checks during a rule's Prolog condition (see
    /// `resolu_logic::Options::interrupt`): `true` stops the call, and the run with
    /// [`StopReason::Interrupted`] when the monitor's flag is raised too. A plain function,
    /// as the prover takes it: it reads the same flag as the monitor.
    pub fn set_prolog_interrupt(&mut self, interrupt: fn(u64) -> bool) {
        self.limits.prolog_interrupt = Some(interrupt);
    }

    /// Where the last limit stopped the run, when it stopped inside a rule's condition or
    /// action (the rule, the call, what was being gathered): for the message.
    pub fn stop_detail(&self) -> Option<&str> {
        self.stop_detail.as_deref()
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
        // An instance fired is remembered by its key (rule, facts, values: two vectors).
        let key = std::mem::size_of::<Key>();
        self.memory.approx_bytes()
            + self.agenda.approx_bytes()
            + table_bytes(self.fired.len(), self.fired.capacity(), key)
            + self.fired.len() * 64
            + self.caller_bytes
    }

    /// Counts `bytes` that the caller holds for this run (its record of the cycles, as a
    /// JSON report's list of the rules fired) against the memory budget, with the engine's
    /// own: past the budget the run stops ([`StopReason::MemoryLimit`]) at the next cycle.
    pub fn set_caller_bytes(&mut self, bytes: usize) {
        self.caller_bytes = bytes;
    }

    /// The bytes counted against the memory budget: the working memory, the conflict
    /// set, the instances fired, and what the caller holds ([`Engine::set_caller_bytes`]).
    pub fn held_bytes(&self) -> usize {
        self.bytes()
    }

    /// A limit reached between cycles, if any.
    fn limit_reached(&self) -> Option<Stop> {
        let bytes = self.bytes();
        if let Some(monitor) = self.limits.monitor {
            monitor.publish(self.cycles, bytes as u64);
        }
        if self.limits.max_cycles.is_some_and(|m| self.cycles >= m) {
            Some(Stop::Limit(StopReason::CycleLimit))
        } else {
            self.limits.check(bytes).err()
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
        let Some(best) = self.agenda.best() else {
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
        self.agenda.insert(act);
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
                if !p.may_match(id, terms) {
                    continue;
                }
                slots.clear();
                slots.resize(self.rules[r].var_names.len(), NONE);
                if !p.bind(id, terms, &mut slots, &mut trail) {
                    continue;
                }
                let mut blocked: Vec<u64> = Vec::new();
                // Only the activations that agree with the fact on the variable the
                // pattern shares with the rule can be blocked (and those that leave it
                // unbound); without such a variable, every activation of the rule.
                let candidates: Vec<u64> = match &self.rules[r].unblock[i] {
                    Some((outer, _)) if !outer.is_empty() => {
                        let v = outer[0];
                        let mut list = Vec::new();
                        for value in [slots[v as usize], NONE] {
                            if let Some(acts) = self.agenda.by_value.get(&(r, v, value)) {
                                list.extend_from_slice(acts);
                            }
                        }
                        list
                    }
                    _ => self.agenda.by_rule[r].iter().copied().collect(),
                };
                for a in &candidates {
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
                            None => {
                                let rule = &self.rules[r];
                                return Err(negation_error(&rule.name, rule.line));
                            }
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
            if !p.may_match(id, &self.memory.terms) {
                continue;
            }
            let store = &self.memory.store;
            let absent = rule
                .ground_facts
                .iter()
                .any(|&(k, fact)| k != i && store.find_id(fact).is_none_or(|t| t >= visible_below));
            if absent {
                continue;
            }
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
                self.agenda.insert(act);
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
                        let Some(fact) = self.memory.fact_term(tag) else {
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
                            if !store.is_present(tag) {
                                continue;
                            }
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
                        let Some(term) = self.memory.fact_term(tag) else {
                            continue;
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
