//! Unification and matching of owned terms, for embedders such as the rule engine (the
//! prover itself unifies terms in its heap, see `machine`).

use crate::term::Term;
use rustc_hash::FxHashMap;

/// A substitution: variable number to term. Bound values may mention other bound
/// variables; [`Bindings::resolve`] applies the substitution fully.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bindings {
    map: FxHashMap<u32, Term>,
}

impl Bindings {
    /// The empty substitution.
    pub fn new() -> Bindings {
        Bindings::default()
    }
    /// The value bound to variable `v`, if any (not resolved).
    pub fn get(&self, v: u32) -> Option<&Term> {
        self.map.get(&v)
    }
    /// Binds `v` to `t` (replacing any previous value).
    pub fn bind(&mut self, v: u32, t: Term) {
        self.map.insert(v, t);
    }
    /// The number of bound variables.
    pub fn len(&self) -> usize {
        self.map.len()
    }
    /// Whether no variable is bound.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
    /// The bound variables, in increasing order.
    pub fn vars(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.map.keys().copied().collect();
        v.sort_unstable();
        v
    }

    /// Follows variable bindings at the top of `t` only.
    fn walk<'a>(&'a self, mut t: &'a Term) -> &'a Term {
        while let Term::Var(v) = t {
            match self.map.get(v) {
                Some(b) => t = b,
                None => break,
            }
        }
        t
    }

    /// `t` with the substitution applied everywhere (unbound variables stay).
    pub fn resolve(&self, t: &Term) -> Term {
        // Bindings made by `unify` are acyclic (occurs check), so this terminates; each
        // step substitutes then re-walks the value's own variables.
        let mut t = t.map_vars(&mut |v| match self.map.get(&v) {
            Some(b) => b.clone(),
            None => Term::Var(v),
        });
        while t.variables().iter().any(|v| self.map.contains_key(v)) {
            t = t.map_vars(&mut |v| match self.map.get(&v) {
                Some(b) => b.clone(),
                None => Term::Var(v),
            });
        }
        t
    }

    fn occurs(&self, v: u32, t: &Term) -> bool {
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            match self.walk(t) {
                Term::Var(w) if *w == v => return true,
                Term::Compound(_, args) => stack.extend(args.iter()),
                _ => {}
            }
        }
        false
    }
}

/// Unifies `a` and `b` under `bindings`, extending them; with the occurs check, so the
/// result is always a finite term. On failure `bindings` is left as it was.
///
/// The two terms share one variable numbering: rename one apart first
/// ([`Term::offset_vars`]) if their variables are unrelated.
///
/// ```
/// use resolu_logic::{Bindings, parse_term, unify};
/// let a = parse_term("parent(X, bob)").unwrap().term;
/// let b = parse_term("parent(tom, Y)").unwrap().term.offset_vars(10);
/// let mut s = Bindings::new();
/// assert!(unify(&a, &b, &mut s));
/// assert_eq!(s.resolve(&a).to_string(), "parent(tom,bob)");
/// ```
pub fn unify(a: &Term, b: &Term, bindings: &mut Bindings) -> bool {
    let mut added = Vec::new();
    let ok = unify_inner(a, b, bindings, &mut added, false);
    if !ok {
        for v in added {
            bindings.map.remove(&v);
        }
    }
    ok
}

/// One-way matching: binds only variables of `pattern` so that it becomes equal to
/// `target`; variables of `target` are treated as constants. On failure `bindings` is
/// left as it was.
///
/// ```
/// use resolu_logic::{Bindings, parse_term, match_term};
/// let p = parse_term("age(P, A)").unwrap().term;
/// let f = parse_term("age(ann, 30)").unwrap().term;
/// let mut s = Bindings::new();
/// assert!(match_term(&p, &f, &mut s));
/// assert_eq!(s.get(1).unwrap().to_string(), "30");
/// ```
pub fn match_term(pattern: &Term, target: &Term, bindings: &mut Bindings) -> bool {
    let mut added = Vec::new();
    let ok = unify_inner(pattern, target, bindings, &mut added, true);
    if !ok {
        for v in added {
            bindings.map.remove(&v);
        }
    }
    ok
}

fn unify_inner(a: &Term, b: &Term, s: &mut Bindings, added: &mut Vec<u32>, one_way: bool) -> bool {
    let mut stack: Vec<(Term, Term)> = vec![(a.clone(), b.clone())];
    while let Some((x, y)) = stack.pop() {
        if one_way {
            // Pattern variables are bound to pieces of the target only, so a bound one
            // must equal its target piece exactly.
            if let Term::Var(v) = x {
                match s.map.get(&v) {
                    Some(bound) => {
                        if *bound != y {
                            return false;
                        }
                    }
                    None => {
                        s.map.insert(v, y);
                        added.push(v);
                    }
                }
                continue;
            }
        }
        let x = match x {
            Term::Var(v) if s.map.contains_key(&v) => s.walk(&Term::Var(v)).clone(),
            x => x,
        };
        let y = match y {
            Term::Var(v) if !one_way && s.map.contains_key(&v) => s.walk(&Term::Var(v)).clone(),
            y => y,
        };
        match (x, y) {
            (Term::Var(v), Term::Var(w)) if v == w && !one_way => {}
            (Term::Var(v), y) if !one_way => {
                if s.occurs(v, &y) {
                    return false;
                }
                s.map.insert(v, y);
                added.push(v);
            }
            (x, Term::Var(w)) if !one_way => {
                if s.occurs(w, &x) {
                    return false;
                }
                s.map.insert(w, x);
                added.push(w);
            }
            (Term::Atom(p), Term::Atom(q)) if p == q => {}
            (Term::Int(p), Term::Int(q)) if p == q => {}
            (Term::Float(p), Term::Float(q)) if p.to_bits() == q.to_bits() => {}
            (Term::Str(p), Term::Str(q)) if p == q => {}
            (Term::Compound(f, xs), Term::Compound(g, ys)) if f == g && xs.len() == ys.len() => {
                let xs = xs.into_vec();
                let ys = ys.into_vec();
                stack.extend(xs.into_iter().zip(ys).rev());
            }
            _ => return false,
        }
    }
    true
}
