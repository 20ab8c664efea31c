//! Compiling a rule base into the engine's tables: each rule's conditions classified
//! (patterns, Prolog calls, negations) and compiled to join steps with their plans, the
//! goal likewise, the relations the prover must see, the working memory's indexes, and
//! per relation the conditions a new fact may match (in CLIPS's order of activations).

use crate::compile::{
    Action, Check, Compiled, CompiledGoal, Cond, Relations, alpha_nodes, classify, compile_action,
    compile_step, complexity, plan, plan_from, relations_read, step_vars,
};
use crate::memory::WorkingMemory;
use crate::parse::{GoalConditions, Rule, RuleBase, RuleError};
use crate::terms::Pat;
use resolu_logic::{Atom, Database, Term};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Reverse;

/// Per relation, the (rule, condition) pairs whose pattern may match its facts.
pub(crate) type Seeds = FxHashMap<(Atom, usize), Vec<(usize, usize)>>;

/// What the engine is made of, compiled from a rule base.
pub(crate) struct Built {
    pub(crate) db: Database,
    pub(crate) rules: Vec<Compiled>,
    pub(crate) goal: Option<CompiledGoal>,
    /// The working memory, empty but for its indexes and the compiled terms.
    pub(crate) memory: WorkingMemory,
    /// The initial facts, to add in file order.
    pub(crate) facts: Vec<Term>,
    /// The relations whose facts are copied into the prover's database.
    pub(crate) mirrored: Relations,
    /// For a new fact: the patterns it may match; and the negated ones.
    pub(crate) seeds: Seeds,
    pub(crate) negations: Seeds,
    /// Per rule, the variable slots the agenda indexes its activations by.
    pub(crate) index_slots: Vec<Vec<u32>>,
}

/// Compiles `base`. A condition naming a relation that no fact, action or clause defines
/// is an error.
pub(crate) fn build(base: RuleBase) -> Result<Built, RuleError> {
    let RuleBase {
        rules,
        facts,
        goal,
        mut db,
    } = base;
    let mut memory = WorkingMemory::new();
    let (relations, retracted) = relations_of(&facts, &rules);
    // The relations the prover may read: only their facts are copied into its database
    // (copying the others would cost a clause per fact, and no Prolog call sees them).
    let mut mirrored = Relations::default();
    let mut compiled = Vec::with_capacity(rules.len());
    for r in rules {
        let tables = Tables {
            db: &db,
            relations: &relations,
            retracted: &retracted,
        };
        compiled.push(compile_rule(r, &tables, &mut mirrored, &mut memory)?);
    }
    let goal = match goal {
        None => None,
        Some(g) => Some(compile_goal(
            g,
            &db,
            &relations,
            &mut mirrored,
            &mut memory,
        )?),
    };
    // The working memory's relations are dynamic in the prover: a clause that looks
    // for a fact not (yet) there fails instead of raising an error.
    for &(f, n) in &relations {
        if !db.is_defined(f.name(), n) {
            db.declare_dynamic(f.name(), n);
        }
    }
    add_access_paths(&compiled, goal.as_ref(), &mut memory);
    let index_slots = index_slots(&compiled);
    let (seeds, negations) = seed_tables(&compiled);
    Ok(Built {
        db,
        rules: compiled,
        goal,
        memory,
        facts,
        mirrored,
        seeds,
        negations,
        index_slots,
    })
}

/// The relations of the working memory (those of the initial facts and of the actions'
/// assertions and retractions), and those that actions retract (only their facts can
/// leave).
fn relations_of(facts: &[Term], rules: &[Rule]) -> (Relations, Relations) {
    let mut relations: Relations = FxHashSet::default();
    for fact in facts {
        if let Some(k) = fact.functor() {
            relations.insert(k);
        }
    }
    let mut retracted: Relations = FxHashSet::default();
    for r in rules {
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
    (relations, retracted)
}

/// What compiling a rule reads.
struct Tables<'a> {
    db: &'a Database,
    relations: &'a Relations,
    retracted: &'a Relations,
}

/// Compiles one rule, adding to `mirrored` the relations its Prolog calls read.
fn compile_rule(
    r: Rule,
    tables: &Tables<'_>,
    mirrored: &mut Relations,
    memory: &mut WorkingMemory,
) -> Result<Compiled, RuleError> {
    let (db, relations) = (tables.db, tables.relations);
    let mut conditions = Vec::with_capacity(r.conditions.len());
    for c in &r.conditions {
        conditions.push(classify(c, db, relations).map_err(|message| RuleError {
            line: r.line,
            column: 1,
            message: format!("rule {}: {message}", r.name),
        })?);
    }
    let mut volatile = false;
    for c in &conditions {
        if let Cond::Call(g) | Cond::NotCall(g) = c {
            let read = relations_read(g, db, relations);
            volatile |= !read.is_empty();
            mirrored.extend(read);
        }
    }
    for a in &r.actions {
        if let Some((f, n)) = a.functor()
            && Action::of(f.name(), n) == Action::Call
        {
            mirrored.extend(relations_read(a, db, relations));
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
        .filter(|(_, c)| matches!(c, Check::Fact(p) if tables.retracted.contains(&p.key())))
        .map(|(i, _)| i)
        .collect();
    let unblock = unblock_plans(&steps);
    // Only those before any call or negation: a join fails at them before any test
    // that could raise an error runs.
    let ground_facts = steps
        .iter()
        .enumerate()
        .take_while(|(_, c)| matches!(c, Check::Fact(_)))
        .filter_map(|(i, c)| match c {
            Check::Fact(p) if p.args.iter().all(|a| matches!(a, Pat::Const(_))) => {
                Some((i, p.build(&mut memory.terms, &[])))
            }
            _ => None,
        })
        .collect();
    Ok(Compiled {
        ground_facts,
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
    })
}

/// Per condition, for a negated pattern: the variables the positive conditions bind and
/// the plan that joins the rule again from them (when a fact it matched goes).
fn unblock_plans(steps: &[Check]) -> Vec<Option<(Vec<u32>, Vec<u64>)>> {
    steps
        .iter()
        .map(|c| {
            let Check::NotFact(p, _) = c else {
                return None;
            };
            // Variables the positive conditions bind (one only shared with another
            // negation stays free: `\+ a(X), \+ b(X)` asks for no `a(_)` at all).
            let mut elsewhere = Vec::new();
            for other in steps {
                if matches!(other, Check::Fact(_) | Check::Call { .. }) {
                    step_vars(other, &mut elsewhere);
                }
            }
            let outer: Vec<u32> = p
                .vars()
                .into_iter()
                .filter(|v| elsewhere.contains(v))
                .collect();
            let plan = plan_from(steps, None, &outer);
            Some((outer, plan))
        })
        .collect()
}

/// Compiles the goal, adding to `mirrored` the relations it reads through the prover.
fn compile_goal(
    g: GoalConditions,
    db: &Database,
    relations: &Relations,
    mirrored: &mut Relations,
    memory: &mut WorkingMemory,
) -> Result<CompiledGoal, RuleError> {
    let mut steps = Vec::new();
    for c in &g.conditions {
        if let Some(k) = c.functor()
            && !relations.contains(&k)
        {
            mirrored.extend(relations_read(c, db, relations));
        }
        let cond = classify(c, db, relations).map_err(|message| RuleError {
            line: g.line,
            column: 1,
            message: format!("goal: {message}"),
        })?;
        steps.push(compile_step(&cond, &mut memory.terms));
    }
    Ok(CompiledGoal {
        plan: plan(&steps, None),
        steps,
        nvars: g.var_names.len() as u32,
        line: g.line,
    })
}

/// Indexes the working memory on the access paths the joins use.
fn add_access_paths(rules: &[Compiled], goal: Option<&CompiledGoal>, memory: &mut WorkingMemory) {
    let mut paths: Vec<(Atom, usize, u64)> = Vec::new();
    let mut add_paths = |steps: &[Check], plan: &[u64]| {
        for (s, &mask) in steps.iter().zip(plan) {
            if let Check::Fact(p) | Check::NotFact(p, _) = s {
                paths.push((p.name, p.args.len(), mask));
            }
        }
    };
    for r in rules {
        for plan in &r.plans {
            add_paths(&r.steps, plan);
        }
        for (_, plan) in r.unblock.iter().flatten() {
            add_paths(&r.steps, plan);
        }
    }
    if let Some(g) = goal {
        add_paths(&g.steps, &g.plan);
    }
    for (name, arity, mask) in paths {
        memory.store.add_path(name, arity, mask, &memory.terms);
    }
}

/// Per rule, the first outer variable of each negated pattern: the agenda indexes the
/// rule's activations by them, to find those a new fact blocks.
fn index_slots(rules: &[Compiled]) -> Vec<Vec<u32>> {
    rules
        .iter()
        .map(|rule| {
            let mut slots: Vec<u32> = Vec::new();
            for (outer, _) in rule.unblock.iter().flatten() {
                if let Some(&v) = outer.first()
                    && !slots.contains(&v)
                {
                    slots.push(v);
                }
            }
            slots
        })
        .collect()
}

/// For a new fact: the patterns it may match, the newest alpha node first, and in a node
/// the rules defined last first (the order of CLIPS's activations); and the negated
/// patterns it may match.
fn seed_tables(rules: &[Compiled]) -> (Seeds, Seeds) {
    let alpha = alpha_nodes(rules);
    let mut seeds = Seeds::default();
    let mut negations = Seeds::default();
    for (r, rule) in rules.iter().enumerate() {
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
    (seeds, negations)
}
