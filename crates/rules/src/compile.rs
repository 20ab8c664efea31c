//! Rules compiled for matching: each condition classified (a pattern, a negated pattern
//! with its comparisons, a Prolog call, a negated call) and compiled over the shared terms
//! (variables as slots), the access paths of each join order, the tests the engine
//! evaluates itself, the actions; and the analyses that mirror CLIPS's network (alpha
//! nodes, specificity) for its firing order.

use crate::parse::conjuncts;
use crate::terms::{Id, NONE, Pat, Pattern, Terms};
use resolu_logic::{Atom, Database, Term, Unknown, writeq};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// A condition, classified when the engine is built (as written: for the analyses that
/// mirror CLIPS's network).
#[derive(Clone, Debug)]
pub(crate) enum Cond {
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
pub(crate) enum Check {
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
pub(crate) enum Do {
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
pub(crate) enum Fast {
    /// `==` (true) or `\==` (false) of two variables or constants.
    Same(bool, Pat, Pat),
    /// An arithmetic comparison.
    Compare(Cmp, Expr, Expr),
    /// `X is Expr`, `X` a variable or a constant.
    Is(Pat, Expr),
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Cmp {
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
}

/// An integer expression.
#[derive(Clone, Debug)]
pub(crate) enum Expr {
    Int(i64),
    Slot(u32),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
}

impl Expr {
    pub(crate) fn compile(t: &Term) -> Option<Expr> {
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
    pub(crate) fn eval(&self, terms: &Terms, slots: &[Id]) -> Option<i64> {
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
    pub(crate) fn compile(goal: &Term, terms: &mut Terms) -> Option<Fast> {
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
    pub(crate) fn is_test(goal: &Term) -> bool {
        matches!(
            Fast::compile(goal, &mut Terms::default()),
            Some(Fast::Same(..) | Fast::Compare(..))
        )
    }

    /// Runs a comparison (not an `is`): `None` if a value is not an integer (`<`...) or
    /// not ground (`==`).
    pub(crate) fn test(&self, terms: &Terms, slots: &[Id]) -> Option<bool> {
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
    pub(crate) fn run(
        &self,
        terms: &mut Terms,
        slots: &mut [Id],
        trail: &mut Vec<u32>,
    ) -> Option<bool> {
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
pub(crate) struct Compiled {
    pub(crate) name: String,
    pub(crate) priority: Option<i64>,
    pub(crate) salience: i64,
    pub(crate) conditions: Vec<Cond>,
    pub(crate) steps: Vec<Check>,
    /// Per seed (none, then each condition), the access path of each pattern: the mask
    /// of its argument positions bound when it is matched.
    pub(crate) plans: Vec<Vec<u64>>,
    pub(crate) actions: Vec<Do>,
    pub(crate) var_names: Vec<String>,
    pub(crate) line: usize,
    /// A Prolog call in its conditions reads the working memory: joined again in full
    /// after each change instead of fact by fact.
    pub(crate) volatile: bool,
    /// CLIPS's specificity: the comparisons its conditions make.
    pub(crate) complexity: usize,
    /// The positions of its patterns among its conditions.
    pub(crate) positions: Rc<[usize]>,
    /// Those of its patterns over relations that actions retract.
    pub(crate) removable: Rc<[usize]>,
    /// The number of its negated conditions.
    pub(crate) nots: usize,
    /// Per negated pattern: the variables it shares with the rest of the rule, and the
    /// access paths of a join with them bound (when a fact it matched leaves, the rule is
    /// joined again with the values the fact gives them only).
    pub(crate) unblock: Vec<Option<(Vec<u32>, Vec<u64>)>>,
    /// Its patterns without variables (`stage(labeling)`) that come before any call or
    /// negation: (condition, the fact). A join seeded by another condition finds nothing
    /// while one of these is absent, and is not started.
    pub(crate) ground_facts: Vec<(usize, Id)>,
}

impl Compiled {
    pub(crate) fn nvars(&self) -> u32 {
        self.var_names.len() as u32
    }
}

/// The goal, ready to match.
#[derive(Clone, Debug)]
pub(crate) struct CompiledGoal {
    pub(crate) steps: Vec<Check>,
    pub(crate) plan: Vec<u64>,
    pub(crate) nvars: u32,
    pub(crate) line: usize,
}

/// Compiles a condition.
pub(crate) fn compile_step(c: &Cond, terms: &mut Terms) -> Check {
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
pub(crate) fn plan(steps: &[Check], seed: Option<usize>) -> Vec<u64> {
    plan_from(steps, seed, &[])
}

/// [`plan`] with the variables `prebound` bound before the first condition.
pub(crate) fn plan_from(steps: &[Check], seed: Option<usize>, prebound: &[u32]) -> Vec<u64> {
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
pub(crate) type Preset = Vec<(u32, Id)>;

/// The variables of a compiled condition, pushed on `out`.
pub(crate) fn step_vars(c: &Check, out: &mut Vec<u32>) {
    match c {
        Check::Fact(p) | Check::NotFact(p, _) => out.extend(p.vars()),
        Check::Call { goal, .. } | Check::NotCall { goal } => out.extend(goal.variables()),
    }
}

/// Control constructs, run by the prover whatever the database says.
pub(crate) const CONTROL: [(&str, usize); 9] = [
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
pub(crate) enum Action {
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
    pub(crate) fn of(name: &str, arity: usize) -> Action {
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
pub(crate) type Relations = FxHashSet<(Atom, usize)>;

/// Classifies a condition; an error for a pattern over a relation nothing defines.
pub(crate) fn classify(t: &Term, db: &Database, relations: &Relations) -> Result<Cond, String> {
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
pub(crate) fn relations_read(goal: &Term, db: &Database, relations: &Relations) -> Relations {
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
pub(crate) fn complexity(conds: &[Cond]) -> usize {
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
pub(crate) fn merged_test(conds: &[Cond], i: usize) -> Option<usize> {
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
pub(crate) fn alpha_nodes(rules: &[Compiled]) -> Vec<Vec<usize>> {
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

/// Compiles an action.
pub(crate) fn compile_action(a: &Term, terms: &mut Terms) -> Do {
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
