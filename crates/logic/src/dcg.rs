//! Definite clause grammars: `Head --> Body` rules translated to ordinary clauses with two
//! extra arguments, the list before and after (as in SWI-Prolog, without pushback).

use crate::arith::type_error;
use crate::term::{Term, atoms};

/// Translates `head --> body` into `head(S0, S) :- body'`; `None` if the head is not a
/// callable term.
pub(crate) fn translate(head: &Term, body: &Term) -> Option<Term> {
    let mut next = head
        .variables()
        .into_iter()
        .chain(body.variables())
        .max()
        .map_or(0, |v| v + 1);
    let mut fresh = || {
        next += 1;
        Term::Var(next - 1)
    };
    let s0 = fresh();
    let s = fresh();
    let h = extend(head, s0.clone(), s.clone())?;
    let b = body_goal(body, s0, s, &mut fresh);
    Some(Term::compound(":-", vec![h, b]))
}

/// `t` with two more arguments.
fn extend(t: &Term, s0: Term, s: Term) -> Option<Term> {
    match t {
        Term::Atom(a) => Some(Term::new(*a, vec![s0, s])),
        Term::Compound(f, args) => {
            let mut v: Vec<Term> = args.iter().cloned().collect();
            v.push(s0);
            v.push(s);
            Some(Term::new(*f, v))
        }
        _ => None,
    }
}

fn eq(a: Term, b: Term) -> Term {
    Term::compound("=", vec![a, b])
}

/// The goal for DCG body `b` from list `s0` to `s`. Explicit stack of pending pieces:
/// grammar bodies can be long conjunctions.
pub(crate) fn body_goal(b: &Term, s0: Term, s: Term, fresh: &mut dyn FnMut() -> Term) -> Term {
    // A conjunction is flattened first, then each part translated with a fresh
    // intermediate list.
    let mut parts = Vec::new();
    let mut stack = vec![b];
    while let Some(t) = stack.pop() {
        match t {
            Term::Compound(f, args) if *f == atoms::COMMA && args.len() == 2 => {
                stack.push(&args[1]);
                stack.push(&args[0]);
            }
            other => parts.push(other),
        }
    }
    let n = parts.len();
    let mut goals = Vec::with_capacity(n);
    let mut cur = s0;
    for (i, p) in parts.into_iter().enumerate() {
        let out = if i + 1 == n { s.clone() } else { fresh() };
        goals.push(single(p, cur, out.clone(), fresh));
        cur = out;
    }
    let mut it = goals.into_iter().rev();
    let mut g = it.next().unwrap_or_else(|| Term::atom("true"));
    for prev in it {
        g = Term::compound(",", vec![prev, g]);
    }
    g
}

fn single(t: &Term, s0: Term, s: Term, fresh: &mut dyn FnMut() -> Term) -> Term {
    match t {
        Term::Var(_) => Term::compound("phrase", vec![t.clone(), s0, s]),
        // A string literal is a list of codes.
        Term::Str(text) => {
            let codes = text.chars().map(|c| Term::Int(c as i64)).collect();
            eq(s0, Term::list(codes, s))
        }
        Term::Atom(a) if *a == atoms::NIL => eq(s0, s),
        Term::Atom(a) if *a == atoms::CUT => Term::compound(",", vec![Term::atom("!"), eq(s0, s)]),
        Term::Compound(f, args) if *f == atoms::CONS && args.len() == 2 => {
            // A terminal list: S0 = [a, b | S].
            let mut items = Vec::new();
            let mut l = t;
            while let Term::Compound(g, a) = l {
                if *g != atoms::CONS || a.len() != 2 {
                    break;
                }
                items.push(a[0].clone());
                l = &a[1];
            }
            eq(s0, Term::list(items, s))
        }
        Term::Compound(f, args) if (*f == atoms::SEMI || *f == atoms::BAR) && args.len() == 2 => {
            let a = body_goal(&args[0], s0.clone(), s.clone(), fresh);
            let b = body_goal(&args[1], s0, s, fresh);
            Term::compound(";", vec![a, b])
        }
        Term::Compound(f, args) if *f == atoms::ARROW && args.len() == 2 => {
            let mid = fresh();
            let c = body_goal(&args[0], s0, mid.clone(), fresh);
            let then = body_goal(&args[1], mid, s, fresh);
            Term::compound("->", vec![c, then])
        }
        Term::Compound(f, args) if *f == atoms::NOT && args.len() == 1 => {
            let g = body_goal(&args[0], s0.clone(), fresh(), fresh);
            Term::compound(",", vec![Term::compound("\\+", vec![g]), eq(s0, s)])
        }
        Term::Compound(f, args) if *f == atoms::CURLY && args.len() == 1 => {
            Term::compound(",", vec![args[0].clone(), eq(s0, s)])
        }
        // call//N too: the list pair is added to its arguments.
        other => extend(other, s0.clone(), s.clone()).unwrap_or_else(|| {
            Term::compound("throw", vec![type_error("callable", other.clone())])
        }),
    }
}
