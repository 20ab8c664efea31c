//! Joins: every way to satisfy a rule's conditions left to right (seeded by a new fact,
//! or with some variables preset), over the working memory's access-path indexes, with the
//! values bound in place in slots and undone through a trail; calls to the prover.

use crate::compile::{Check, Fast};
use crate::limits::Limits;
use crate::memory::{Store, Tag};
use crate::outcome::NEGATION_TESTS;
use crate::outcome::{Interrupt, RunError, Stop};
use crate::terms::{Id, NONE, Pattern, Renumbered, Terms};
use resolu_logic::{Database, SolveError, Term};
use resolu_search::StopReason;

/// The working vectors of a join (values, trail, path, candidate buffers), kept between
/// joins so that the thousands of small joins of a run do not allocate them each time.
#[derive(Debug, Default)]
pub(crate) struct Pool {
    pub(crate) slots: Vec<Id>,
    pub(crate) trail: Vec<u32>,
    pub(crate) path: Vec<u64>,
    pub(crate) buffers: Vec<Vec<Tag>>,
    /// The variables a prover call reports.
    pub(crate) wanted: Vec<u32>,
}

/// A match found by a join: the values of the rule's variables (by slot; `NONE` for
/// those the conditions do not bind), and per condition the fact's tag or the answer's
/// number.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) values: Vec<Id>,
    pub(crate) path: Vec<u64>,
}

/// The term `t` with its variables replaced by their values in `slots` (unbound ones
/// stay), for the prover and for printing.
pub(crate) fn resolve(t: &Term, terms: &Terms, slots: &[Id]) -> Term {
    if t.is_ground() {
        return t.clone();
    }
    t.map_vars(&mut |v| match slots.get(v as usize) {
        Some(&id) if id != NONE => terms.term(id),
        _ => Term::Var(v),
    })
}

/// What matching needs, borrowed apart from the engine's rules and conflict set: the
/// prover's database (a call needs it mutably), the facts, the shared terms (a Prolog
/// answer adds to them), the limits.
pub(crate) struct Matcher<'a> {
    pub(crate) db: &'a mut Database,
    pub(crate) store: &'a Store,
    pub(crate) terms: &'a mut Terms,
    pub(crate) limits: &'a Limits,
    /// Where a limit stopped the join, said when it was inside a Prolog call.
    pub(crate) detail: &'a mut Option<String>,
    /// Only facts with a smaller tag are seen (while the initial facts are loaded).
    pub(crate) visible_below: Tag,
    /// Bytes held outside this join (working memory, conflict set).
    pub(crate) base_bytes: usize,
    /// How many matches the conflict set takes before its tables grow, and the bytes
    /// they hold while they grow (the matches found go there next).
    pub(crate) agenda_growth: (usize, usize),
    pub(crate) ticks: u64,
    pub(crate) pool: &'a mut Pool,
}

/// Bytes counted per partial match found (an estimate, for the memory budget).
pub(crate) const PARTIAL_BYTES: usize = 256;

/// Bytes counted per answer of a Prolog call gathered, beside its values.
const ANSWER_BYTES: usize = 48;

/// A goal as written, cut after 100 characters (a message names it; its arguments may
/// be huge terms).
fn shortened(goal: &Term) -> String {
    let text = goal.to_string();
    match text.char_indices().nth(100) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

/// `line N: `, or nothing for an unknown line (0).
fn line_of(line: usize) -> String {
    if line > 0 {
        format!("line {line}: ")
    } else {
        String::new()
    }
}

/// One [`Matcher::join`]: whose conditions (for errors), their access paths, the seed's
/// condition, the values bound so far (undone through the trail on the way back), and
/// the matches found.
pub(crate) struct Search<'s> {
    pub(crate) steps: &'s [Check],
    pub(crate) plan: &'s [u64],
    pub(crate) rule: (&'s str, usize),
    pub(crate) first_only: bool,
    pub(crate) seed: Option<usize>,
    pub(crate) slots: Vec<Id>,
    pub(crate) trail: Vec<u32>,
    pub(crate) path: Vec<u64>,
    pub(crate) fresh: u32,
    pub(crate) found: Vec<Found>,
    pub(crate) buffers: Vec<Vec<Tag>>,
}

impl Search<'_> {
    /// Whether the search can stop: it wanted one match and has it.
    pub(crate) fn done(&self) -> bool {
        self.first_only && !self.found.is_empty()
    }

    /// Unbinds the slots bound since `mark`.
    pub(crate) fn undo(&mut self, mark: usize) {
        for v in self.trail.drain(mark..) {
            self.slots[v as usize] = NONE;
        }
    }
}

impl Matcher<'_> {
    /// Checks the time and memory limits now and then while matching.
    pub(crate) fn tick(&mut self, found: usize) -> Result<(), Interrupt> {
        self.ticks += 1;
        if !self.ticks.is_multiple_of(256) {
            return Ok(());
        }
        let (room, growing) = self.agenda_growth;
        let growth = if found > room { growing } else { 0 };
        self.limits
            .check(self.base_bytes + found * PARTIAL_BYTES + growth)
            .map_err(Interrupt::Limit)
    }

    /// A limit met inside a Prolog call stops the run (saying where); any other error of
    /// the prover ends it with the rule's name.
    pub(crate) fn solve_error(
        &mut self,
        rule: (&str, usize),
        goal: &Term,
        e: SolveError,
    ) -> Interrupt {
        let stop = match e {
            // Ctrl-C during a long call: the call ended by its own limit, but the user
            // asked first.
            _ if e.is_limit() && self.limits.interrupted() => {
                Some(Stop::Limit(StopReason::Interrupted))
            }
            SolveError::Timeout(_) => Some(Stop::Limit(StopReason::TimeLimit)),
            SolveError::MemoryLimit(_) => Some(Stop::Limit(StopReason::MemoryLimit)),
            SolveError::InferenceLimit(_) => Some(Stop::Limit(StopReason::InferenceLimit)),
            _ => None,
        };
        if let Some(stop) = stop {
            let what = match stop {
                Stop::Limit(StopReason::InferenceLimit) => format!(
                    "ran past {} inferences (a loop in the Prolog clauses?)",
                    self.limits.max_inferences.unwrap_or(u64::MAX)
                ),
                _ => "was running".to_string(),
            };
            *self.detail = Some(format!(
                "{}rule {}: `{goal}` {what}",
                line_of(rule.1),
                rule.0
            ));
            return Interrupt::Limit(stop);
        }
        Interrupt::Error(RunError {
            rule: rule.0.to_string(),
            line: rule.1,
            message: format!("`{goal}` raised {e}"),
        })
    }

    /// Calls `template` (its variables looked up in `slots`) in the prover: every answer,
    /// as the values of its unbound variables (variables the answer leaves unbound are
    /// renumbered from `fresh`).
    pub(crate) fn call(
        &mut self,
        template: &Term,
        slots: &[Id],
        fresh: &mut u32,
        rule: (&str, usize),
        first_only: bool,
    ) -> Result<Vec<Vec<(u32, Id)>>, Interrupt> {
        // The rule's variables still unbound: the prover reports their values by number.
        let wanted = &mut self.pool.wanted;
        wanted.clear();
        let mut stack = vec![template];
        while let Some(t) = stack.pop() {
            match t {
                Term::Var(v) if slots.get(*v as usize) == Some(&NONE) && !wanted.contains(v) => {
                    wanted.push(*v)
                }
                Term::Compound(_, args) => stack.extend(args.iter()),
                _ => {}
            }
        }
        let wanted = std::mem::take(wanted);
        let options = match self.limits.prover_options(self.base_bytes) {
            Ok(options) => options,
            Err(stop) => {
                self.pool.wanted = wanted;
                return Err(Interrupt::Limit(stop));
            }
        };
        // Every answer is gathered before the rule's instances are made (the prover holds
        // the database while it runs): a generator (`between(1, inf, X)`) would gather
        // forever, so the answers and the terms they add are counted against the budget,
        // and the clock and the interrupt are looked at, as they come.
        let terms_before = self.terms.approx_bytes();
        let mut gathered = 0usize;
        let mut gathering_stop = None;
        // The goal is built from the shared terms and the answers stored back into them
        // by the prover itself: no `Term` is made for the situation or for its answers.
        let value = |v: u32| slots.get(v as usize).copied().filter(|&id| id != NONE);
        let mut answers = Vec::new();
        let mut error = None;
        let mut solutions = self
            .db
            .solve_host(&*self.terms, template, &value, &wanted, options);
        'answers: loop {
            match solutions.next_answer() {
                Err(e) => {
                    error = Some(e);
                    break;
                }
                Ok(false) => break,
                Ok(true) => {
                    let mut bound = Vec::with_capacity(wanted.len());
                    for (k, &v) in wanted.iter().enumerate() {
                        let mut store = Renumbered {
                            terms: self.terms,
                            offset: *fresh,
                            largest: None,
                        };
                        match solutions.value(k, &mut store) {
                            Err(e) => {
                                error = Some(e);
                                break 'answers;
                            }
                            Ok(None) => {}
                            Ok(Some(id)) => {
                                *fresh += store.largest.map_or(0, |m| m + 1);
                                bound.push((v, id));
                            }
                        }
                    }
                    gathered += ANSWER_BYTES + bound.len() * 8;
                    answers.push(bound);
                    if first_only {
                        break;
                    }
                    // The memory after each answer (an answer may be a long list), the
                    // clock and the interrupt now and then.
                    let grown = self.terms.approx_bytes().saturating_sub(terms_before);
                    let held = self.base_bytes + grown + gathered;
                    let over = self.limits.max_memory.is_some_and(|m| held > m);
                    if (over || answers.len().is_multiple_of(256))
                        && let Err(stop) = self.limits.check(held)
                    {
                        gathering_stop = Some(stop);
                        break;
                    }
                }
            }
        }
        drop(solutions);
        self.pool.wanted = wanted;
        if let Some(stop) = gathering_stop {
            let goal = resolve(template, self.terms, slots);
            *self.detail = Some(format!(
                "{}rule {}: the condition `{}` had given {} answers, all gathered before \
                 the rule can fire (a generator without end?)",
                line_of(rule.1),
                rule.0,
                shortened(&goal),
                answers.len()
            ));
            return Err(Interrupt::Limit(stop));
        }
        match error {
            Some(e) => {
                let goal = resolve(template, self.terms, slots);
                Err(self.solve_error(rule, &goal, e))
            }
            None => Ok(answers),
        }
    }

    /// Whether a present (visible) fact matches `pattern` under the search's values, with
    /// `tests` holding, through the access path `mask`.
    pub(crate) fn exists(
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
        let list = self
            .store
            .candidates(pattern, mask, self.terms, &search.slots);
        // Oldest first: the facts not yet visible are a tail.
        let list = &list[..list.partition_point(|&t| t < self.visible_below)];
        for &tag in list {
            if tag >= self.visible_below || !self.store.is_present(tag) {
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
    pub(crate) fn join_from<'s>(
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
    pub(crate) fn join<'s>(
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
    pub(crate) fn search<'s>(
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
    pub(crate) fn give_back(&mut self, search: &mut Search) {
        self.pool.slots = std::mem::take(&mut search.slots);
        self.pool.trail = std::mem::take(&mut search.trail);
        self.pool.path = std::mem::take(&mut search.path);
        self.pool.buffers = std::mem::take(&mut search.buffers);
    }

    /// Every way to satisfy `steps[i..]` from the values bound so far, pushed on
    /// `search.found`; stops early once one is found if `search.first_only`.
    pub(crate) fn extend(&mut self, i: usize, search: &mut Search) -> Result<(), Interrupt> {
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
                    // The lists hold tags oldest first: those not yet visible (while the
                    // initial facts are joined one by one) are a tail, cut off here rather
                    // than skipped one by one (each fact would walk all those after it).
                    let list = &list[..list.partition_point(|&t| t < self.visible_below)];
                    if search.seed.is_some_and(|s| i < s) {
                        candidates.extend(list.iter().rev());
                    } else {
                        candidates.extend_from_slice(list);
                    }
                }
                for &tag in &candidates {
                    if tag >= self.visible_below || !self.store.is_present(tag) {
                        continue;
                    }
                    // The clock is looked at among candidates too: a long list whose facts
                    // do not match takes time without going deeper.
                    if let Err(stop) = self.tick(search.found.len()) {
                        search.buffers.push(candidates);
                        return Err(stop);
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
