//! Conformance with SWI-Prolog: classic programs and the answers SWI-Prolog 9 gives, in
//! order. The expected texts were produced by running each query under `swipl` with a
//! small harness printing each answer as its top level does (`X = value` with writeq,
//! `true` for an answer without bindings, the output of write/1 in between, and
//! `error: Formal` for an uncaught error); variable names like `_123` are written `_`.
//! The harness is `tests/swi/harness.pl`: `swipl tests/swi/harness.pl -- FILE 'QUERY' LIMIT`.

#![allow(clippy::unwrap_used)]

use resolu_logic::{Database, Options};

/// The answers of `query` as SWI's top level would print them, at most `limit` answers.
fn run(db: &mut Database, query: &str, limit: usize) -> String {
    let q = match db.parse_query(query) {
        Ok(q) => q,
        Err(_) => return "syntax error\n".to_string(),
    };
    let mut sols = db.solve(&q, Options::default());
    let mut text = String::new();
    let mut count = 0;
    while count < limit {
        let next = sols.next();
        text.push_str(&sols.take_output());
        match next {
            None => break,
            Some(Ok(a)) => {
                count += 1;
                if a.bindings.is_empty() {
                    text.push_str("true\n");
                } else {
                    let parts: Vec<String> = a
                        .bindings
                        .iter()
                        .map(|(n, t)| format!("{n} = {}", a.operators().writeq_at(t, 699)))
                        .collect();
                    text.push_str(&parts.join(", "));
                    text.push('\n');
                }
            }
            Some(Err(e)) => {
                text.push_str(&format!("error: {e}\n"));
                break;
            }
        }
    }
    anonymous(&text)
}

/// `_G12` becomes `_` (SWI numbers its variables differently).
fn anonymous(text: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let prev_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '_' && !prev_ident {
            let mut j = i + 1;
            if j < chars.len() && chars[j] == 'G' {
                j += 1;
            }
            let digits = j;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j > digits {
                out.push('_');
                i = j;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Runs every case on a fresh database per case (so asserts do not leak between cases).
fn check(program: &str, cases: &[(&str, usize, &str)]) {
    let mut failures = Vec::new();
    for (query, limit, expected) in cases {
        let mut db = Database::new();
        db.consult(program).unwrap();
        let got = run(&mut db, query, *limit);
        if got != *expected {
            failures.push(format!(
                "?- {query}.\n--- SWI-Prolog:\n{expected}--- resolu-logic:\n{got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn family() {
    check(
        include_str!("../../../examples/prolog/family.pl"),
        &[
            (
                r#"grandparent(tom, X)"#,
                100,
                r#"X = ann
X = pat
"#,
            ),
            (
                r#"grandparent(X, jim)"#,
                100,
                r#"X = bob
"#,
            ),
            (
                r#"sibling(X, Y)"#,
                100,
                r#"X = bob, Y = liz
X = liz, Y = bob
X = ann, Y = pat
X = pat, Y = ann
"#,
            ),
            (
                r#"ancestor(tom, X)"#,
                100,
                r#"X = bob
X = liz
X = ann
X = pat
X = jim
"#,
            ),
            (
                r#"ancestor(X, jim)"#,
                100,
                r#"X = pat
X = tom
X = pam
X = bob
"#,
            ),
            (
                r#"childless(X)"#,
                100,
                r#"X = jim
X = liz
X = ann
"#,
            ),
            (
                r#"children(bob, C)"#,
                100,
                r#"C = [ann,pat]
"#,
            ),
            (
                r#"father(F, ann)"#,
                100,
                r#"F = bob
"#,
            ),
            (
                r#"mother(M, bob)"#,
                100,
                r#"M = pam
"#,
            ),
            (
                r#"parent(X, Y), \+ male(X)"#,
                100,
                r#"X = pam, Y = bob
X = pat, Y = jim
"#,
            ),
            (
                r#"findall(X-Y, parent(X, Y), L), length(L, N)"#,
                100,
                r#"X = _, Y = _, L = [tom-bob,tom-liz,pam-bob,bob-ann,bob-pat,pat-jim], N = 6
"#,
            ),
            (r#"parent(nobody, X)"#, 100, r#""#),
        ],
    );
}

#[test]
fn lists() {
    check(
        include_str!("../../../examples/prolog/lists.pl"),
        &[
            (
                r#"append(X, Y, [1,2,3])"#,
                100,
                r#"X = [], Y = [1,2,3]
X = [1], Y = [2,3]
X = [1,2], Y = [3]
X = [1,2,3], Y = []
"#,
            ),
            (
                r#"append([1], [2], L)"#,
                100,
                r#"L = [1,2]
"#,
            ),
            (
                r#"append(X, [3], [1,2,3])"#,
                100,
                r#"X = [1,2]
"#,
            ),
            (
                r#"append([1,2], Y, [1,2,3])"#,
                100,
                r#"Y = [3]
"#,
            ),
            (
                r#"append(X, Y, Z)"#,
                3,
                r#"X = [], Y = _, Z = _
X = [_], Y = _, Z = [_|_]
X = [_,_], Y = _, Z = [_,_|_]
"#,
            ),
            (
                r#"append(X, [a|T], [b,a,c,a])"#,
                100,
                r#"X = [b], T = [c,a]
X = [b,a,c], T = []
"#,
            ),
            (
                r#"member(X, [a,b,c])"#,
                100,
                r#"X = a
X = b
X = c
"#,
            ),
            (
                r#"member(b, [a,b,c])"#,
                100,
                r#"true
"#,
            ),
            (r#"member(x, [a,b,c])"#, 100, r#""#),
            (
                r#"member(f(X), [f(1), g(2), f(3)])"#,
                100,
                r#"X = 1
X = 3
"#,
            ),
            (
                r#"reverse([1,2,3], R)"#,
                100,
                r#"R = [3,2,1]
"#,
            ),
            (
                r#"reverse(R, [1,2,3])"#,
                1,
                r#"R = [3,2,1]
"#,
            ),
            (
                r#"nth1(2, [a,b,c], E)"#,
                100,
                r#"E = b
"#,
            ),
            (
                r#"nth1(I, [a,b,c], E)"#,
                100,
                r#"I = 1, E = a
I = 2, E = b
I = 3, E = c
"#,
            ),
            (
                r#"nth0(I, [a,b], E)"#,
                100,
                r#"I = 0, E = a
I = 1, E = b
"#,
            ),
            (
                r#"msort([b,a,c,a], L)"#,
                100,
                r#"L = [a,a,b,c]
"#,
            ),
            (
                r#"sort([b,a,c,a], L)"#,
                100,
                r#"L = [a,b,c]
"#,
            ),
            (
                r#"length(L, N)"#,
                3,
                r#"L = [], N = 0
L = [_], N = 1
L = [_,_], N = 2
"#,
            ),
            (
                r#"length([a,b|T], 4)"#,
                100,
                r#"T = [_,_]
"#,
            ),
            (
                r#"length([a,b,c], N)"#,
                100,
                r#"N = 3
"#,
            ),
            (
                r#"select(X, [1,2,3], R)"#,
                100,
                r#"X = 1, R = [2,3]
X = 2, R = [1,3]
X = 3, R = [1,2]
"#,
            ),
            (
                r#"permutation([1,2,3], P)"#,
                100,
                r#"P = [1,2,3]
P = [1,3,2]
P = [2,1,3]
P = [2,3,1]
P = [3,1,2]
P = [3,2,1]
"#,
            ),
            (
                r#"last([1,2,3], X)"#,
                100,
                r#"X = 3
"#,
            ),
            (
                r#"sum_list([1,2,3], S)"#,
                100,
                r#"S = 6
"#,
            ),
            (
                r#"numlist(1, 5, L)"#,
                100,
                r#"L = [1,2,3,4,5]
"#,
            ),
            (
                r#"between(1, 3, X)"#,
                100,
                r#"X = 1
X = 2
X = 3
"#,
            ),
            (r#"between(1, 3, 5)"#, 100, r#""#),
            (
                r#"between(1.5, 3, X)"#,
                100,
                r#"error: type_error(integer,1.5)
"#,
            ),
            (
                r#"between(1, 2.5, X)"#,
                100,
                r#"error: type_error(integer,2.5)
"#,
            ),
            (
                r#"findall(X, member(X, [c,a,b]), L)"#,
                100,
                r#"X = _, L = [c,a,b]
"#,
            ),
            (
                r#"msort([c, 1, f(x), 2.0, b, g(a,b), h(z), 0], L)"#,
                100,
                r#"L = [0,1,2.0,b,c,f(x),h(z),g(a,b)]
"#,
            ),
            (
                r#"sort([c-1, a-2, b-3, a-1], L)"#,
                100,
                r#"L = [a-1,a-2,b-3,c-1]
"#,
            ),
            (
                r#"my_append(X, Y, [a,b])"#,
                100,
                r#"X = [], Y = [a,b]
X = [a], Y = [b]
X = [a,b], Y = []
"#,
            ),
            (
                r#"my_member(X, [a,b])"#,
                100,
                r#"X = a
X = b
"#,
            ),
            (
                r#"nrev([1,2,3,4], R)"#,
                100,
                r#"R = [4,3,2,1]
"#,
            ),
            (
                r#"rev([1,2,3], R)"#,
                100,
                r#"R = [3,2,1]
"#,
            ),
            (
                r#"my_length([a,b,c], N)"#,
                100,
                r#"N = 3
"#,
            ),
            (
                r#"isort([3,1,2,5,4], S)"#,
                100,
                r#"S = [1,2,3,4,5]
"#,
            ),
            (
                r#"qsort([3,1,4,1,5,9,2,6], S)"#,
                100,
                r#"S = [1,1,2,3,4,5,6,9]
"#,
            ),
            (
                r#"range(1, 5, L)"#,
                100,
                r#"L = [1,2,3,4,5]
"#,
            ),
            (
                r#"last_of([a,b,c], X)"#,
                100,
                r#"X = c
"#,
            ),
            (
                r#"maplist(succ, [1,2,3], L)"#,
                100,
                r#"L = [2,3,4]
"#,
            ),
            (
                r#"include(integer, [a,1,b,2], L)"#,
                100,
                r#"L = [1,2]
"#,
            ),
            (
                r#"subtract([1,2,3,4], [2,4], L)"#,
                100,
                r#"L = [1,3]
"#,
            ),
            (
                r#"delete([a,b,a,c], a, L)"#,
                100,
                r#"L = [b,c]
"#,
            ),
            (
                r#"list_to_set([a,b,a,c,b], S)"#,
                100,
                r#"S = [a,b,c]
"#,
            ),
            (
                r#"max_list([3,1,4], M), min_list([3,1,4], N)"#,
                100,
                r#"M = 4, N = 1
"#,
            ),
            (
                r#"keysort([b-1, a-2, b-0, a-1], L)"#,
                100,
                r#"L = [a-2,a-1,b-1,b-0]
"#,
            ),
            (
                r#"append([[1],[2,3],[]], L)"#,
                100,
                r#"L = [1,2,3]
"#,
            ),
            (
                r#"memberchk(X, [a,b])"#,
                100,
                r#"X = a
"#,
            ),
            (
                r#"selectchk(b, [a,b,c,b], R)"#,
                100,
                r#"R = [a,c,b]
"#,
            ),
        ],
    );
}

#[test]
fn queens() {
    check(
        include_str!("../../../examples/prolog/queens.pl"),
        &[
            (
                r#"queens(4, Qs)"#,
                100,
                r#"Qs = [2,4,1,3]
Qs = [3,1,4,2]
"#,
            ),
            (
                r#"queens2(4, Qs)"#,
                100,
                r#"Qs = [3,1,4,2]
Qs = [2,4,1,3]
"#,
            ),
            (
                r#"queens2(6, Qs)"#,
                100,
                r#"Qs = [5,3,1,6,4,2]
Qs = [4,1,5,2,6,3]
Qs = [3,6,2,5,1,4]
Qs = [2,4,6,1,3,5]
"#,
            ),
            (
                r#"count_queens(8, C)"#,
                100,
                r#"C = 92
"#,
            ),
            (
                r#"queens2(8, Qs)"#,
                3,
                r#"Qs = [4,2,7,3,6,8,5,1]
Qs = [5,2,4,7,3,8,6,1]
Qs = [3,5,2,8,6,4,7,1]
"#,
            ),
            (
                r#"queens(8, Qs)"#,
                1,
                r#"Qs = [1,5,8,6,3,7,2,4]
"#,
            ),
        ],
    );
}

#[test]
fn hanoi() {
    check(
        include_str!("../../../examples/prolog/hanoi.pl"),
        &[
            (
                r#"hanoi(3, left, middle, right)"#,
                100,
                r#"left -> right
left -> middle
right -> middle
left -> right
middle -> left
middle -> right
left -> right
true
"#,
            ),
            (
                r#"count_moves(5, K)"#,
                100,
                r#"K = 31
"#,
            ),
            (
                r#"moves(2, a, b, c, Ms)"#,
                100,
                r#"Ms = [a-b,a-c,b-c]
"#,
            ),
        ],
    );
}

#[test]
fn cut() {
    check(
        r#"
t1(X) :- member(X, [1,2,3]), !.
t2(X, Y) :- member(X, [1,2,3]), !, member(Y, [a,b]).
max(X, Y, X) :- X >= Y, !.
max(_, Y, Y).
c(X) :- ( X = 1 ; X = 2 ), !.
d(X) :- call((member(X, [1,2,3]), !)) ; X = 4.
e(X) :- \+ \+ X = 1.
f(X) :- member(X, [1,2,3]), \+ X = 2.
g(X) :- ( member(X, [1,2,3]), X > 1 -> true ; X = none ).
h(X) :- ( member(X, [1,2,3]), X > 5 -> true ; X = none ).
i(X) :- ( member(X, [1,2,3]) *-> true ; X = none ).
j(X) :- not(member(X, [a])), X = b.
k(R) :- ( true ; R = second ), !, R = first.
m(X) :- member(X, [1,2,3]), ( X >= 2, ! ; fail ).
n(L) :- findall(X, (member(X, [1,2,3]), !), L).
o(X) :- once(member(X, [c,d])).
p(X) :- forall(member(Y, [1,2,3]), Y > 0), X = yes.
q(X) :- ignore(member(X, [])), X = z.
"#,
        &[
            (
                r#"t1(X)"#,
                100,
                r#"X = 1
"#,
            ),
            (
                r#"t2(X, Y)"#,
                100,
                r#"X = 1, Y = a
X = 1, Y = b
"#,
            ),
            (
                r#"max(3, 5, M)"#,
                100,
                r#"M = 5
"#,
            ),
            (
                r#"max(5, 3, M)"#,
                100,
                r#"M = 5
"#,
            ),
            (
                r#"c(X)"#,
                100,
                r#"X = 1
"#,
            ),
            (
                r#"d(X)"#,
                100,
                r#"X = 1
X = 4
"#,
            ),
            (
                r#"e(X)"#,
                100,
                r#"X = _
"#,
            ),
            (
                r#"f(X)"#,
                100,
                r#"X = 1
X = 3
"#,
            ),
            (
                r#"g(X)"#,
                100,
                r#"X = 2
"#,
            ),
            (
                r#"h(X)"#,
                100,
                r#"X = none
"#,
            ),
            (
                r#"i(X)"#,
                100,
                r#"X = 1
X = 2
X = 3
"#,
            ),
            (r#"j(X)"#, 100, r#""#),
            (
                r#"k(R)"#,
                100,
                r#"R = first
"#,
            ),
            (
                r#"m(X)"#,
                100,
                r#"X = 2
"#,
            ),
            (
                r#"n(L)"#,
                100,
                r#"L = [1]
"#,
            ),
            (
                r#"o(X)"#,
                100,
                r#"X = c
"#,
            ),
            (
                r#"p(X)"#,
                100,
                r#"X = yes
"#,
            ),
            (
                r#"q(X)"#,
                100,
                r#"X = z
"#,
            ),
            (
                r#"(member(X, [1,2,3]) ; X = 4)"#,
                100,
                r#"X = 1
X = 2
X = 3
X = 4
"#,
            ),
            (r#"(fail -> true)"#, 100, r#""#),
            (r#"(true -> fail ; true)"#, 100, r#""#),
            (
                r#"\+ fail, \+ member(a, [b])"#,
                100,
                r#"true
"#,
            ),
            (
                r#"X = 1, (X == 1 -> Y = one ; Y = other)"#,
                100,
                r#"X = 1, Y = one
"#,
            ),
        ],
    );
}

#[test]
fn errors() {
    check(
        r#"
:- dynamic dyn/1.
known(1).
call_unknown :- unknown_pred(1).
thrower(X) :- catch(throw(my_ball), B, X = caught(B)).
"#,
        &[
            (
                r#"X is Y + 1"#,
                100,
                r#"error: instantiation_error
"#,
            ),
            (
                r#"foo(1)"#,
                100,
                r#"error: existence_error(procedure,foo/1)
"#,
            ),
            (
                r#"call_unknown"#,
                100,
                r#"error: existence_error(procedure,unknown_pred/1)
"#,
            ),
            (
                r#"X is a + 1"#,
                100,
                r#"error: type_error(evaluable,a/0)
"#,
            ),
            (
                r#"X is 1 / 0"#,
                100,
                r#"error: evaluation_error(zero_divisor)
"#,
            ),
            (
                r#"X is 5 mod 0"#,
                100,
                r#"error: evaluation_error(zero_divisor)
"#,
            ),
            (r#"dyn(X)"#, 100, r#""#),
            (
                r#"known(X), undefined_after"#,
                100,
                r#"error: existence_error(procedure,undefined_after/0)
"#,
            ),
            (
                r#"thrower(X)"#,
                100,
                r#"X = caught(my_ball)
"#,
            ),
            (
                r#"throw(oops)"#,
                100,
                r#"error: oops
"#,
            ),
            (
                r#"arg(x, f(a), A)"#,
                100,
                r#"error: type_error(integer,x)
"#,
            ),
            (
                r#"atom_codes(X, Y)"#,
                100,
                r#"error: instantiation_error
"#,
            ),
            (
                r#"functor(F, foo, 3)"#,
                100,
                r#"F = foo(_,_,_)
"#,
            ),
            (
                r#"call(1)"#,
                100,
                r#"error: type_error(callable,1)
"#,
            ),
            (
                r#"call(G)"#,
                100,
                r#"error: instantiation_error
"#,
            ),
            (
                r#"catch(X is foo + 1, error(E, _), true)"#,
                100,
                r#"X = _, E = type_error(evaluable,foo/0)
"#,
            ),
            (
                r#"X = f(X), fail ; true"#,
                100,
                r#"X = _
"#,
            ),
            (
                r#"atom_length(X, L)"#,
                100,
                r#"error: instantiation_error
"#,
            ),
            (
                r#"assertz(foo :- 1)"#,
                100,
                r#"error: type_error(callable,1)
"#,
            ),
            (
                r#"assertz((atom(_) :- true))"#,
                100,
                r#"error: permission_error(modify,static_procedure,atom/1)
"#,
            ),
            (
                r#"msort(a, L)"#,
                100,
                r#"error: type_error(list,a)
"#,
            ),
            (
                r#"X is 1 + a"#,
                100,
                r#"error: type_error(evaluable,a/0)
"#,
            ),
            (
                r#"1 < X"#,
                100,
                r#"error: instantiation_error
"#,
            ),
            (r#"succ(X, 0)"#, 100, r#""#),
        ],
    );
}

#[test]
fn database() {
    check(
        r#"
:- dynamic counter/1, fact/1.
counter(0).
incr(V) :- retract(counter(N)), V is N + 1, assertz(counter(V)).
p(1). p(2).
add_more :- p(X), Y is X + 10, assertz(p(Y)), fail.
add_more.
"#,
        &[
            (
                r#"incr(A), incr(B), counter(C)"#,
                100,
                r#"A = 1, B = 2, C = 2
"#,
            ),
            (
                r#"retract(p(X))"#,
                100,
                r#"error: permission_error(modify,static_procedure,p/1)
"#,
            ),
            (
                r#"retract(p(5))"#,
                100,
                r#"error: permission_error(modify,static_procedure,p/1)
"#,
            ),
            (r#"fact(X)"#, 100, r#""#),
            (
                r#"assertz(fact(a)), asserta(fact(b)), findall(X, fact(X), L)"#,
                100,
                r#"X = _, L = [b,a]
"#,
            ),
            (
                r#"add_more, findall(X, p(X), L)"#,
                100,
                r#"error: permission_error(modify,static_procedure,p/1)
"#,
            ),
            (
                r#"retract((incr(V) :- B))"#,
                100,
                r#"error: permission_error(modify,static_procedure,incr/1)
"#,
            ),
            (
                r#"assertz(q(1)), assertz(q(2)), retractall(q(_)), findall(X, q(X), L)"#,
                100,
                r#"X = _, L = []
"#,
            ),
            (
                r#"assertz(q(1)), assertz(q(2)), assertz(q(1)), retractall(q(1)), findall(X, q(X), L)"#,
                100,
                r#"X = _, L = [2]
"#,
            ),
            (
                r#"assertz((s(1) :- true)), assertz((s(2) :- fail)), assertz((s(3) :- s(2))), retractall(s(2)), findall(X-B, clause(s(X), B), L)"#,
                100,
                r#"X = _, B = _, L = [1-true,3-s(2)]
"#,
            ),
            (
                r#"assertz(r(1)), clause(r(X), B)"#,
                100,
                r#"X = 1, B = true
"#,
            ),
            (
                r#"clause(incr(V), B)"#,
                100,
                r#"V = _, B = (retract(counter(_)),_ is _+1,assertz(counter(_)))
"#,
            ),
        ],
    );
}

#[test]
fn arith() {
    check(
        r#"dummy."#,
        &[
            (
                r#"X is 7 / 2"#,
                100,
                r#"X = 3.5
"#,
            ),
            (
                r#"X is 6 / 2"#,
                100,
                r#"X = 3
"#,
            ),
            (
                r#"X is 7 // 2"#,
                100,
                r#"X = 3
"#,
            ),
            (
                r#"X is -7 // 2"#,
                100,
                r#"X = -3
"#,
            ),
            (
                r#"X is 7 mod -2"#,
                100,
                r#"X = -1
"#,
            ),
            (
                r#"X is -7 mod 2"#,
                100,
                r#"X = 1
"#,
            ),
            (
                r#"X is -7 rem 2"#,
                100,
                r#"X = -1
"#,
            ),
            (
                r#"M is -9223372036854775807 - 1, X is M mod -1, Y is M rem -1"#,
                100,
                r#"M = -9223372036854775808, X = 0, Y = 0
"#,
            ),
            (
                r#"X is max(1, 2.0)"#,
                100,
                r#"X = 2.0
"#,
            ),
            (
                r#"X is min(3, 2)"#,
                100,
                r#"X = 2
"#,
            ),
            (
                r#"X is abs(-3)"#,
                100,
                r#"X = 3
"#,
            ),
            (
                r#"X is 2 ** 3"#,
                100,
                r#"X = 8
"#,
            ),
            (
                r#"X is 2 ^ 10"#,
                100,
                r#"X = 1024
"#,
            ),
            (
                r#"X is 2.0 ** 3"#,
                100,
                r#"X = 8.0
"#,
            ),
            (
                r#"X is sqrt(16)"#,
                100,
                r#"X = 4.0
"#,
            ),
            (
                r#"X is 10 / 4.0"#,
                100,
                r#"X = 2.5
"#,
            ),
            (
                r#"X is 5.0"#,
                100,
                r#"X = 5.0
"#,
            ),
            (
                r#"X is 3 + 4 * 2 - 1"#,
                100,
                r#"X = 10
"#,
            ),
            (
                r#"X is (3 + 4) * 2"#,
                100,
                r#"X = 14
"#,
            ),
            (
                r#"X is - (3)"#,
                100,
                r#"X = -3
"#,
            ),
            (
                r#"X is 17 >> 2"#,
                100,
                r#"X = 4
"#,
            ),
            (
                r#"X is 5 /\ 3, Y is 5 \/ 3, Z is 5 xor 3"#,
                100,
                r#"X = 1, Y = 7, Z = 6
"#,
            ),
            (
                r#"X is truncate(3.7), Y is round(3.5), Z is ceiling(3.2), W is floor(-3.2)"#,
                100,
                r#"X = 3, Y = 4, Z = 4, W = -4
"#,
            ),
            (
                r#"X is float(3)"#,
                100,
                r#"X = 3.0
"#,
            ),
            (
                r#"X is integer(2.5)"#,
                100,
                r#"X = 3
"#,
            ),
            (
                r#"X is sign(-4)"#,
                100,
                r#"X = -1
"#,
            ),
            (
                r#"X is 1.0e10"#,
                100,
                r#"X = 10000000000.0
"#,
            ),
            (
                r#"X is 1.5e20 * 1"#,
                100,
                r#"X = 1.5e+20
"#,
            ),
            (
                r#"X is 0.1 + 0.2"#,
                100,
                r#"X = 0.30000000000000004
"#,
            ),
            (
                r#"1 =:= 1.0"#,
                100,
                r#"true
"#,
            ),
            (r#"1 == 1.0"#, 100, r#""#),
            (r#"2 > 1, 1 =< 1, 3 >= 4"#, 100, r#""#),
            (
                r#"X = 3, Y is X * X"#,
                100,
                r#"X = 3, Y = 9
"#,
            ),
            (
                r#"X is 100000 * 100000"#,
                100,
                r#"X = 10000000000
"#,
            ),
            (
                r#"succ(X, 4), succ(3, Y)"#,
                100,
                r#"X = 3, Y = 4
"#,
            ),
            (
                r#"plus(2, X, 5)"#,
                100,
                r#"X = 3
"#,
            ),
            (
                r#"X is gcd(12, 18)"#,
                100,
                r#"X = 6
"#,
            ),
            (
                r#"X is pi"#,
                100,
                r#"X = 3.141592653589793
"#,
            ),
            (
                r#"X is 10 - 3 - 2"#,
                100,
                r#"X = 5
"#,
            ),
        ],
    );
}

#[test]
fn terms() {
    check(
        r#"dummy."#,
        &[
            (
                r#"X = f(Y), Y = 1"#,
                100,
                r#"X = f(1), Y = 1
"#,
            ),
            (
                r#"f(X, b) = f(a, Y)"#,
                100,
                r#"X = a, Y = b
"#,
            ),
            (r#"f(X, X) = f(a, b)"#, 100, r#""#),
            (r#"X \= a"#, 100, r#""#),
            (
                r#"a \= b"#,
                100,
                r#"true
"#,
            ),
            (
                r#"f(X) == f(X)"#,
                100,
                r#"X = _
"#,
            ),
            (r#"f(X) == f(Y)"#, 100, r#""#),
            (
                r#"X \== Y"#,
                100,
                r#"X = _, Y = _
"#,
            ),
            (
                r#"a @< b, 1 @< a, f(a) @> b"#,
                100,
                r#"true
"#,
            ),
            (
                r#"compare(O, 1, 1.0)"#,
                100,
                r#"O = >
"#,
            ),
            (
                r#"compare(O, f(a), g(a))"#,
                100,
                r#"O = <
"#,
            ),
            (
                r#"compare(O, f(a,b), g(a))"#,
                100,
                r#"O = >
"#,
            ),
            (
                r#"X =.. [foo, a, b]"#,
                100,
                r#"X = foo(a,b)
"#,
            ),
            (
                r#"f(a, b) =.. L"#,
                100,
                r#"L = [f,a,b]
"#,
            ),
            (
                r#"a =.. L"#,
                100,
                r#"L = [a]
"#,
            ),
            (
                r#"functor(f(a,b), N, A)"#,
                100,
                r#"N = f, A = 2
"#,
            ),
            (
                r#"functor(T, point, 2)"#,
                100,
                r#"T = point(_,_)
"#,
            ),
            (
                r#"arg(2, f(a, b, c), X)"#,
                100,
                r#"X = b
"#,
            ),
            (
                r#"arg(N, f(a, b), X)"#,
                100,
                r#"N = 1, X = a
N = 2, X = b
"#,
            ),
            (
                r#"copy_term(f(X, Y, X), C)"#,
                100,
                r#"X = _, Y = _, C = f(_,_,_)
"#,
            ),
            (
                r#"atom(a), atomic(1), number(1.5), integer(3), float(3.0), var(_), nonvar(a), compound(f(x)), callable(a), is_list([a])"#,
                100,
                r#"true
"#,
            ),
            (r#"atom(1)"#, 100, r#""#),
            (r#"is_list([a|_])"#, 100, r#""#),
            (
                r#"atom_codes(abc, L)"#,
                100,
                r#"L = [97,98,99]
"#,
            ),
            (
                r#"atom_chars(X, [h, i])"#,
                100,
                r#"X = hi
"#,
            ),
            (
                r#"atom_length(hello, N)"#,
                100,
                r#"N = 5
"#,
            ),
            (
                r#"atom_concat(ab, cd, X)"#,
                100,
                r#"X = abcd
"#,
            ),
            (
                r#"atom_concat(X, Y, abc)"#,
                100,
                r#"X = '', Y = abc
X = a, Y = bc
X = ab, Y = c
X = abc, Y = ''
"#,
            ),
            (
                r#"char_code(C, 65)"#,
                100,
                r#"C = 'A'
"#,
            ),
            (
                r#"number_codes(N, [0'4, 0'2])"#,
                100,
                r#"N = 42
"#,
            ),
            (
                r#"atom_number('3.5', N)"#,
                100,
                r#"N = 3.5
"#,
            ),
            (
                r#"X = 'hello world'"#,
                100,
                r#"X = 'hello world'
"#,
            ),
            (
                r#"X = [a, 'B', 1.5, -2]"#,
                100,
                r#"X = [a,'B',1.5,-2]
"#,
            ),
            (
                r#"X = (a :- b, c ; d -> e)"#,
                100,
                r#"X = (a:-b,c;d->e)
"#,
            ),
            (
                r#"X = - 1, Y = -(1), Z = 1 - -1, W = - a"#,
                100,
                r#"X = - 1, Y = - 1, Z = 1- -1, W = -a
"#,
            ),
            (
                r#"X = f(-), Y = [-], Z = (- (-))"#,
                100,
                r#"X = f(-), Y = [-], Z = - (-)
"#,
            ),
            (
                r#"X = {a, b}"#,
                100,
                r#"X = {a,b}
"#,
            ),
            (
                r#"X = f((a, b)), Y = f((a :- b)), Z = f((a ; b))"#,
                100,
                r#"X = f((a,b)), Y = f((a:-b)), Z = f((a;b))
"#,
            ),
            (
                r#"X = 'don''t', Y = '\n', Z = ''"#,
                100,
                r#"X = 'don\'t', Y = '\n', Z = ''
"#,
            ),
            (
                r#"X = [a|b], Z = []"#,
                100,
                r#"X = [a|b], Z = []
"#,
            ),
            (
                r#"X = a:b:c, Y = (p :- \+ q)"#,
                100,
                r#"X = a:b:c, Y = (p:- \+q)
"#,
            ),
            (
                r#"X = 2 - (3 - 4), Y = (2 - 3) - 4, Z = 2 ^ 3 ^ 4, W = (2 ^ 3) ^ 4"#,
                100,
                r#"X = 2-(3-4), Y = 2-3-4, Z = 2^3^4, W = (2^3)^4
"#,
            ),
            (
                r#"X = - (1 + 2), Y = (\+ (a, b))"#,
                100,
                r#"X = - (1+2), Y = (\+ (a,b))
"#,
            ),
            (
                r#"X = f(a- -1, a * -1, 1 + -2)"#,
                100,
                r#"X = f(a- -1,a* -1,1+ -2)
"#,
            ),
            (
                r#"X = 0'a, Y = 0x1F, Z = 0b101"#,
                100,
                r#"X = 97, Y = 31, Z = 5
"#,
            ),
            (
                r#"ground(f(a)), \+ ground(f(_))"#,
                100,
                r#"true
"#,
            ),
            (
                r#"write(hello), nl, writeq('A b'), nl, print(x), nl"#,
                100,
                r#"hello
'A b'
x
true
"#,
            ),
            (
                r#"write(f('A b', [1,2], 'x y')), nl"#,
                100,
                r#"f(A b,[1,2],x y)
true
"#,
            ),
            (
                r#"tab(3), write(x), nl"#,
                100,
                r#"   x
true
"#,
            ),
        ],
    );
}

#[test]
fn output() {
    check(
        r#"dummy."#,
        &[
            (
                r#"format('~w and ~a: ~q~n', [f(x), abc, 'A b'])"#,
                100,
                r#"f(x) and abc: 'A b'
true
"#,
            ),
            (
                r#"format("~d items ~2d~n", [42, 314])"#,
                100,
                r#"42 items 3.14
true
"#,
            ),
            (
                r#"format('~e ~4f ~g~n', [1.5, 2, 0.5])"#,
                100,
                r#"1.500000e+00 2.0000 0.5
true
"#,
            ),
            (
                r#"format(atom(A), '~w-~w', [a, b])"#,
                100,
                r#"A = 'a-b'
"#,
            ),
            (
                r#"format('~c~r~8|~~~n', [65, 255])"#,
                100,
                r#"A377    ~
true
"#,
            ),
            (
                r#"format('~w~10|~w~5+~w~n', [ab, cd, e])"#,
                100,
                r#"ab        cd   e
true
"#,
            ),
            (
                r#"term_to_atom(f(a, 'A', [1]), A)"#,
                100,
                r#"A = 'f(a,\'A\',[1])'
"#,
            ),
            (
                r#"term_to_atom(T, 'foo(bar, [1,2])')"#,
                100,
                r#"T = foo(bar,[1,2])
"#,
            ),
            (
                r#"format('hello~n')"#,
                100,
                r#"hello
true
"#,
            ),
            (
                r#"format('~s~n', [[104,105]])"#,
                100,
                r#"hi
true
"#,
            ),
            (
                r#"format('~a~n', x)"#,
                100,
                r#"x
true
"#,
            ),
            (
                r#"forall(member(X, [1,2,3]), (write(X), nl))"#,
                100,
                r#"1
2
3
X = _
"#,
            ),
            (
                r#"between(1, inf, X), X > 2"#,
                2,
                r#"X = 3
X = 4
"#,
            ),
            (
                r#"catch(catch(throw(a), b, true), E, (write(outer(E)), nl))"#,
                100,
                r#"outer(a)
E = a
"#,
            ),
        ],
    );
}

#[test]
fn grammar() {
    check(
        include_str!("../../../examples/prolog/grammar.pl"),
        &[
            (
                r#"phrase(sentence(T), [the, cat, sees, a, dog])"#,
                100,
                r#"T = s(np(d(the),n(cat)),vp(v(sees),np(d(a),n(dog))))
"#,
            ),
            (
                r#"phrase(sentence(T), [a, dog, sleeps])"#,
                100,
                r#"T = s(np(d(a),n(dog)),vp(v(sleeps)))
"#,
            ),
            (r#"phrase(sentence(T), [dog, the])"#, 100, r#""#),
            (
                r#"phrase(sentence(_), L)"#,
                6,
                r#"L = [the,cat,sees,the,cat]
L = [the,cat,sees,the,dog]
L = [the,cat,sees,a,cat]
L = [the,cat,sees,a,dog]
L = [the,cat,sleeps,the,cat]
L = [the,cat,sleeps,the,dog]
"#,
            ),
            (
                r#"phrase(anbn, [a,a,b,b])"#,
                100,
                r#"true
"#,
            ),
            (r#"phrase(anbn, [a,b,b])"#, 100, r#""#),
            (
                r#"phrase(anbn, L)"#,
                4,
                r#"L = []
L = [a,b]
L = [a,a,b,b]
L = [a,a,a,b,b,b]
"#,
            ),
            (
                r#"short(3, L)"#,
                100,
                r#"L = [the,cat,sees]
L = [the,cat,sleeps]
L = [the,dog,sees]
L = [the,dog,sleeps]
L = [a,cat,sees]
L = [a,cat,sleeps]
L = [a,dog,sees]
L = [a,dog,sleeps]
"#,
            ),
            (
                r#"phrase(noun_phrase(NP), [the, dog | Rest], R)"#,
                100,
                r#"NP = np(d(the),n(dog)), Rest = _, R = _
"#,
            ),
            (
                r#"phrase(([the], noun(N)), [the, cat])"#,
                100,
                r#"N = n(cat)
"#,
            ),
            (
                r#"phrase(({X = 1} ; [b]), L)"#,
                100,
                r#"X = 1, L = []
X = _, L = [b]
"#,
            ),
            (
                r#"phrase((\+ [a], [b]), [b])"#,
                100,
                r#"true
"#,
            ),
        ],
    );
}

#[test]
fn control2() {
    check(
        r#"
:- dynamic f/1, g/2.
f(1). f(2). f(3).
g(a, 1). g(b, 2). g(a, 3).
clean :- retract(f(_)), fail.
clean.
t(X) :- ( X > 0 -> !, fail ; true ).
t(_).
deep(0) :- throw(bottom).
deep(N) :- N1 is N - 1, deep(N1).
count(N) :- findall(x, f(_), L), length(L, N).
"#,
        &[
            (
                r#"clean, count(N)"#,
                100,
                r#"N = 0
"#,
            ),
            (
                r#"retract(g(a, X))"#,
                100,
                r#"X = 1
X = 3
"#,
            ),
            (
                r#"retract(g(a, X)), fail ; findall(K-V, g(K, V), L)"#,
                100,
                r#"X = _, K = _, V = _, L = [b-2]
"#,
            ),
            (
                r#"retract(f(X)), X >= 2"#,
                100,
                r#"X = 2
X = 3
"#,
            ),
            (r#"t(1)"#, 100, r#""#),
            (
                r#"t(-1)"#,
                100,
                r#"true
true
"#,
            ),
            (
                r#"catch(deep(100000), E, true)"#,
                100,
                r#"E = bottom
"#,
            ),
            (
                r#"catch((member(X, [1,2,3]), X > 1, throw(found(X))), found(Y), true)"#,
                100,
                r#"X = _, Y = 2
"#,
            ),
            (
                r#"catch(throw(a), b, true)"#,
                100,
                r#"error: a
"#,
            ),
            (
                r#"catch(catch(throw(x), y, true), x, write(outer))"#,
                100,
                r#"outertrue
"#,
            ),
            (
                r#"findall(X-L, (member(X, [1,2]), findall(Y, (member(Y, [a,b]), Y \== X), L)), R)"#,
                100,
                r#"X = _, L = _, Y = _, R = [1-[a,b],2-[a,b]]
"#,
            ),
            (
                r#"\+ \+ X = 1"#,
                100,
                r#"X = _
"#,
            ),
            (r#"call((!, fail ; true))"#, 100, r#""#),
            (
                r#"G = (X = 1 ; X = 2), call(G)"#,
                100,
                r#"G = (1=1;1=2), X = 1
G = (2=1;2=2), X = 2
"#,
            ),
            (
                r#"findall(X, (member(X, [1,2,3]), X > 1), L)"#,
                100,
                r#"X = _, L = [2,3]
"#,
            ),
            (r#"forall(member(X, [1,2]), X > 1)"#, 100, r#""#),
            (
                r#"once((member(X, [a,b]), X \== a))"#,
                100,
                r#"X = b
"#,
            ),
            (
                r#"between(1, 5, X), X mod 2 =:= 0"#,
                100,
                r#"X = 2
X = 4
"#,
            ),
            (
                r#"catch(findall(X, (member(X, [1,0]), Y is 1 / X), L), error(E, _), true)"#,
                100,
                r#"X = _, Y = _, L = _, E = evaluation_error(zero_divisor)
"#,
            ),
            (
                r#"assertz(cnt(0)), forall(between(1, 5, _), (retract(cnt(C)), C1 is C + 1, assertz(cnt(C1)))), cnt(N)"#,
                100,
                r#"C = _, C1 = _, N = 5
"#,
            ),
            (
                r#"findall(X, (member(X, [3,1,2]) ; X = 0), L), msort(L, S)"#,
                100,
                r#"X = _, L = [3,1,2,0], S = [0,1,2,3]
"#,
            ),
            (
                r#"catch(call(undefined_thing), error(existence_error(procedure, PI), _), true)"#,
                100,
                r#"PI = undefined_thing/0
"#,
            ),
            (
                r#"X = point(1, 2), X =.. [F | Args], length(Args, N)"#,
                100,
                r#"X = point(1,2), F = point, Args = [1,2], N = 2
"#,
            ),
            (
                r#"length(L, 2), L = [a | T]"#,
                100,
                r#"L = [a,_], T = [_]
"#,
            ),
            (
                r#"copy_term([X, Y, X], L), L = [1, 2, Z]"#,
                100,
                r#"X = _, Y = _, L = [1,2,1], Z = 1
"#,
            ),
            (
                r#"atom_chars(A, [a, b]), atom_length(A, N), sub_list = sub_list"#,
                100,
                r#"A = ab, N = 2
"#,
            ),
        ],
    );
}

#[test]
fn strings() {
    check(
        r#"
greet --> "hello ", name.
name --> "world".
"#,
        &[
            (
                r#"X = "abc""#,
                100,
                r#"X = "abc"
"#,
            ),
            (
                r#"X = [a, "b c", 'd']"#,
                100,
                r#"X = [a,"b c",d]
"#,
            ),
            (
                r#"write("Hello world"), nl"#,
                100,
                r#"Hello world
true
"#,
            ),
            (
                r#"writeq("say \"hi\""), nl"#,
                100,
                r#""say \"hi\""
true
"#,
            ),
            (
                r#"string("a"), \+ atom("a"), atomic("a"), \+ string(a)"#,
                100,
                r#"true
"#,
            ),
            (r#""abc" == abc"#, 100, r#""#),
            (
                r#""abc" = "abc""#,
                100,
                r#"true
"#,
            ),
            (
                r#"atom_length("hello", N)"#,
                100,
                r#"N = 5
"#,
            ),
            (
                r#"string_concat("ab", cd, S)"#,
                100,
                r#"S = "abcd"
"#,
            ),
            (
                r#"string_chars(S, [h, i])"#,
                100,
                r#"S = "hi"
"#,
            ),
            (
                r#"string_codes("hi", C)"#,
                100,
                r#"C = [104,105]
"#,
            ),
            (
                r#"string_to_atom("abc", A)"#,
                100,
                r#"A = abc
"#,
            ),
            (
                r#"string_to_atom(S, abc)"#,
                100,
                r#"S = "abc"
"#,
            ),
            (
                r#"string_length("hello", N)"#,
                100,
                r#"N = 5
"#,
            ),
            (
                r#"number_string(N, "42")"#,
                100,
                r#"N = 42
"#,
            ),
            (
                r#"atom_string(abc, S)"#,
                100,
                r#"S = "abc"
"#,
            ),
            (
                r#"atom_string(A, "xyz")"#,
                100,
                r#"A = xyz
"#,
            ),
            (
                r#"term_string(f(X, 'A'), S)"#,
                100,
                r#"X = _, S = "f(_,'A')"
"#,
            ),
            (
                r#"msort([b, "a", 1, f(x), a], L)"#,
                100,
                r#"L = [1,"a",a,b,f(x)]
"#,
            ),
            (
                r#"X is "a" + 0"#,
                100,
                r#"X = 97
"#,
            ),
            (
                r#"atom_codes(A, "hi")"#,
                100,
                r#"A = hi
"#,
            ),
            (
                r#"format("~w and ~a~n", ["s", "t"])"#,
                100,
                r#"s and t
true
"#,
            ),
            (
                r#"format("~s~n", ["codes"])"#,
                100,
                r#"codes
true
"#,
            ),
            (
                r#"phrase(greet, `hello world`)"#,
                100,
                r#"true
"#,
            ),
            (
                r#"X = `ab`"#,
                100,
                r#"X = [97,98]
"#,
            ),
            (
                r#"compare(O, "a", a)"#,
                100,
                r#"O = <
"#,
            ),
        ],
    );
}

#[test]
fn library2() {
    check(
        r#"
by_length(O, A, B) :- atom_length(A, LA), atom_length(B, LB), compare(O, LA, LB).
p(1, a). p(2, b). p(3, a).
"#,
        &[
            (
                r#"predsort(by_length, [abc, a, bb, xy, b], L)"#,
                100,
                r#"L = [a,bb,abc]
"#,
            ),
            (
                r#"aggregate_all(count, p(_, _), C)"#,
                100,
                r#"C = 3
"#,
            ),
            (
                r#"aggregate_all(sum(X), p(X, _), S)"#,
                100,
                r#"X = _, S = 6
"#,
            ),
            (
                r#"aggregate_all(max(X), p(X, a), M)"#,
                100,
                r#"X = _, M = 3
"#,
            ),
            (
                r#"aggregate_all(bag(Y), p(_, Y), B)"#,
                100,
                r#"Y = _, B = [a,b,a]
"#,
            ),
            (
                r#"aggregate_all(set(Y), p(_, Y), B)"#,
                100,
                r#"Y = _, B = [a,b]
"#,
            ),
            (r#"aggregate_all(max(X), p(X, z), M)"#, 100, r#""#),
            (
                r#"aggregate_all(count, fail, C)"#,
                100,
                r#"C = 0
"#,
            ),
            (
                r#"sort(0, @>=, [1,3,2,3], L)"#,
                100,
                r#"L = [3,3,2,1]
"#,
            ),
            (
                r#"sort(0, @<, [c,a,b,a], L)"#,
                100,
                r#"L = [a,b,c]
"#,
            ),
            (
                r#"sort(2, @<, [f(1,b), f(2,a), f(3,b)], L)"#,
                100,
                r#"L = [f(2,a),f(1,b)]
"#,
            ),
            (
                r#"sort(1, @>, [f(1,b), f(2,a), f(3,b)], L)"#,
                100,
                r#"L = [f(3,b),f(2,a),f(1,b)]
"#,
            ),
            (
                r#"sort(2, @=<, [f(1,b), f(2,a), f(3,b)], L)"#,
                100,
                r#"L = [f(2,a),f(1,b),f(3,b)]
"#,
            ),
            (
                r#"char_type(a, alpha), char_type('A', upper(L)), char_type(x, to_upper(U))"#,
                100,
                r#"L = a, U = x
"#,
            ),
            (
                r#"code_type(0'5, digit(W))"#,
                100,
                r#"W = 5
"#,
            ),
            (
                r#"char_type('A', to_lower(L)), char_type(a, to_lower(X)), char_type('A', to_upper(U))"#,
                100,
                r#"L = 'A', X = 'A', U = a
"#,
            ),
            (
                r#"char_type(' ', space), \+ char_type(a, digit)"#,
                100,
                r#"true
"#,
            ),
            (
                r#"sub_atom(hello, 1, 3, A, S)"#,
                100,
                r#"A = 1, S = ell
"#,
            ),
            (
                r#"sub_atom(abc, B, L, A, S)"#,
                100,
                r#"B = 0, L = 0, A = 3, S = ''
B = 0, L = 1, A = 2, S = a
B = 0, L = 2, A = 1, S = ab
B = 0, L = 3, A = 0, S = abc
B = 1, L = 0, A = 2, S = ''
B = 1, L = 1, A = 1, S = b
B = 1, L = 2, A = 0, S = bc
B = 2, L = 0, A = 1, S = ''
B = 2, L = 1, A = 0, S = c
B = 3, L = 0, A = 0, S = ''
"#,
            ),
            (
                r#"sub_atom(banana, B, _, _, ana)"#,
                100,
                r#"B = 1
B = 3
"#,
            ),
            (
                r#"sub_atom(hello, B, 2, 0, S)"#,
                100,
                r#"B = 3, S = lo
"#,
            ),
            (
                r#"sub_atom(abc, B, L, A, "bc")"#,
                100,
                r#"B = 1, L = 2, A = 0
"#,
            ),
        ],
    );
}

#[test]
fn bagof() {
    check(
        include_str!("../../../examples/prolog/family.pl"),
        &[
            (
                r#"bagof(C, parent(P, C), L)"#,
                100,
                r#"C = _, P = bob, L = [ann,pat]
C = _, P = pam, L = [bob]
C = _, P = pat, L = [jim]
C = _, P = tom, L = [bob,liz]
"#,
            ),
            (
                r#"setof(C, parent(P, C), L)"#,
                100,
                r#"C = _, P = bob, L = [ann,pat]
C = _, P = pam, L = [bob]
C = _, P = pat, L = [jim]
C = _, P = tom, L = [bob,liz]
"#,
            ),
            (
                r#"bagof(C, P^parent(P, C), L)"#,
                100,
                r#"C = _, P = _, L = [bob,liz,bob,ann,pat,jim]
"#,
            ),
            (
                r#"setof(C, P^parent(P, C), L)"#,
                100,
                r#"C = _, P = _, L = [ann,bob,jim,liz,pat]
"#,
            ),
            (
                r#"setof(P-C, parent(P, C), L)"#,
                100,
                r#"P = _, C = _, L = [bob-ann,bob-pat,pam-bob,pat-jim,tom-bob,tom-liz]
"#,
            ),
            (r#"bagof(X, parent(nobody, X), L)"#, 100, r#""#),
            (
                r#"setof(X, member(X, [c,a,b,a]), L)"#,
                100,
                r#"X = _, L = [a,b,c]
"#,
            ),
            (
                r#"setof(N-X, member(X-N, [a-2, b-1]), L)"#,
                100,
                r#"N = _, X = _, L = [1-b,2-a]
"#,
            ),
            (
                r#"bagof(X, member(X-Y, [a-1, b-2, c-1]), L)"#,
                100,
                r#"X = _, Y = 1, L = [a,c]
X = _, Y = 2, L = [b]
"#,
            ),
            (
                r#"term_variables(f(X, g(Y, X), _Z), Vs)"#,
                100,
                r#"X = _, Y = _, Vs = [_,_,_]
"#,
            ),
            (
                r#"setof(A, B^C^(parent(A, B), parent(B, C)), L)"#,
                100,
                r#"A = _, B = _, C = _, L = [bob,pam,tom]
"#,
            ),
            (
                r#"aggregate_all(count, parent(_, _), N)"#,
                100,
                r#"N = 6
"#,
            ),
            (
                r#"X^member(X, [1]), Y = ok"#,
                100,
                r#"error: existence_error(procedure,(^)/2)
"#,
            ),
        ],
    );
}

/// The cases of a recorded file (`tests/swi/*.txt`, written by `tests/swi/record.py`):
/// `(program, query, limit, expected)`. Cases are separated by `----` lines; a case is an
/// optional `program:` block, a `?- QUERY` or `?- [LIMIT] QUERY` line and SWI's answers.
fn recorded(text: &str) -> Vec<(String, String, usize, String)> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut cases = Vec::new();
    for block in text.split("\n----\n") {
        let lines: Vec<&str> = block.split('\n').collect();
        let Some(q) = lines.iter().position(|l| l.starts_with("?- ")) else {
            continue;
        };
        let program = if lines[0] == "program:" {
            lines[1..q].join("\n")
        } else {
            String::new()
        };
        let query = &lines[q][3..];
        // `[N] ` is a limit only when N is a number: `[] == '[]'` is a query.
        let limited = query
            .strip_prefix('[')
            .and_then(|r| r.split_once("] "))
            .and_then(|(n, rest)| Some((n.parse().ok()?, rest)));
        let (limit, query) = limited.unwrap_or((100, query));
        let rest = &lines[q + 1..];
        let expected = if rest.is_empty() {
            String::new()
        } else {
            rest.join("\n") + "\n"
        };
        cases.push((program, query.to_string(), limit, expected));
    }
    cases
}

/// Runs every case of a recorded file, each on a fresh database.
fn check_recorded(text: &str) {
    let cases = recorded(text);
    let mut failures = Vec::new();
    for (program, query, limit, expected) in &cases {
        let mut db = Database::new();
        if let Err(e) = db.consult(program) {
            failures.push(format!("?- {query}.\n--- the program does not load: {e}"));
            continue;
        }
        let got = run(&mut db, query, *limit);
        if got != *expected {
            failures.push(format!(
                "?- {query}.\n--- SWI-Prolog:\n{expected}--- resolu-logic:\n{got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// The standard's built-ins and error cases (ISO/IEC 13211-1 §7, §8) and SWI-Prolog's
/// library predicates of common use, recorded from SWI-Prolog 9.
#[test]
fn standard() {
    check_recorded(include_str!("swi/standard.txt"));
}

/// SWI-Prolog 7's lists: `[]` is a reserved symbol distinct from the atom `'[]'` (atomic
/// but not an atom), and lists are built with `'[|]'/2`, recorded from SWI-Prolog 9.
#[test]
fn nil_and_lists() {
    check_recorded(include_str!("swi/nil.txt"));
}

/// The reader's corner cases (operators as operands, priorities of arguments, numbers,
/// escapes, special floats), recorded from SWI-Prolog 9.
#[test]
fn reader() {
    check_recorded(include_str!("swi/reader.txt"));
}

/// The context of the errors built-ins raise (`context(system:Name/Arity, _)`), recorded
/// from SWI-Prolog 9.
#[test]
fn error_contexts() {
    check_recorded(include_str!("swi/errors.txt"));
}

/// Strings (#13: they live on the heap, not in the atom table): type tests, inspection,
/// the standard order, indexing, the text built-ins and the writer, recorded from
/// SWI-Prolog 9.
#[test]
fn strings_recorded() {
    check_recorded(include_str!("swi/strings.txt"));
}
