//! Databases share nothing hidden: each reads with its own operators and flags, however
//! many others a thread creates or runs.

#![allow(clippy::unwrap_used)]

use resolu_logic::{Database, Options, Term};

/// The answers of `query` on `db`, each value written with `db`'s operators.
fn answers(db: &mut Database, query: &str) -> Vec<String> {
    let ops = db.operators();
    db.query(query)
        .unwrap_or_else(|e| panic!("{query}: {e}"))
        .map(|a| {
            let a = a.unwrap();
            a.bindings
                .iter()
                .map(|(n, v)| format!("{n} = {}", ops.writeq(v)))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect()
}

#[test]
fn a_second_database_does_not_forget_the_first_ones_operators() {
    let mut a = Database::new();
    a.consult(":- op(700, xfx, ===>).\nr(a ===> b).").unwrap();
    let mut b = Database::new();
    assert_eq!(answers(&mut a, "r(X ===> Y)"), ["X = a, Y = b"]);
    // b never defined the operator: the text does not read there.
    assert!(b.query("r(X ===> Y)").is_err());
    assert!(b.consult("r(a ===> b).").is_err());
    // a still reads it after b ran.
    assert_eq!(answers(&mut a, "r(X ===> Y)"), ["X = a, Y = b"]);
    assert_eq!(answers(&mut a, "X = (p ===> q)"), ["X = p===>q"]);
}

#[test]
fn two_databases_read_the_same_operator_with_their_own_priorities() {
    let mut a = Database::new();
    let mut b = Database::new();
    a.consult(":- op(700, xfx, ~>).").unwrap();
    b.consult(":- op(200, xfy, ~>).").unwrap();
    // In a, `~>` binds looser than `+`; in b, tighter.
    let qa = a.parse_query("X = (1 + 2 ~> 3)").unwrap();
    let qb = b.parse_query("X = (1 + 2 ~> 3)").unwrap();
    let principal = |t: &Term| match t {
        Term::Compound(_, args) => match &args[1] {
            Term::Compound(f, _) => f.name(),
            other => panic!("{other}"),
        },
        other => panic!("{other}"),
    };
    assert_eq!(principal(&qa.term), "~>");
    assert_eq!(principal(&qb.term), "+");
    assert_eq!(
        a.solve(&qa, Options::default()).count() + b.solve(&qb, Options::default()).count(),
        2
    );
    // current_op/3 lists each database's own definition.
    assert_eq!(
        answers(&mut a, "current_op(P, T, ~>)"),
        ["P = 700, T = xfx"]
    );
    assert_eq!(
        answers(&mut b, "current_op(P, T, ~>)"),
        ["P = 200, T = xfy"]
    );
}

#[test]
fn the_double_quotes_flag_belongs_to_its_database() {
    let mut a = Database::new();
    a.consult(":- set_prolog_flag(double_quotes, codes).")
        .unwrap();
    let mut b = Database::new();
    b.consult(":- set_prolog_flag(double_quotes, atom).")
        .unwrap();
    // The flag is local to the text loaded; set at run time, it stays.
    assert_eq!(
        answers(&mut a, "set_prolog_flag(double_quotes, codes)"),
        [""]
    );
    assert_eq!(
        answers(&mut b, "set_prolog_flag(double_quotes, atom)"),
        [""]
    );
    let mut c = Database::new();
    assert_eq!(answers(&mut a, "X = \"ab\""), ["X = [97,98]"]);
    assert_eq!(answers(&mut b, "X = \"ab\""), ["X = ab"]);
    assert_eq!(answers(&mut c, "X = \"ab\", string(X)"), ["X = \"ab\""]);
    // read_term/2 at run time reads with its database's flag too.
    assert_eq!(
        answers(&mut a, "term_to_atom(T, '\"hi\"')"),
        ["T = [104,105]"]
    );
}

#[test]
fn an_answer_is_written_with_its_own_databases_operators_whatever_ran_since() {
    let mut a = Database::new();
    a.consult(":- op(700, xfx, ===>).").unwrap();
    let mut b = Database::new();
    let qa = a.parse_query("X = (p ===> q)").unwrap();
    let mut sols_a = a.solve(&qa, Options::default());
    assert!(matches!(sols_a.next_answer(), Some(Ok(()))));
    // b runs in between, without the operator.
    assert_eq!(answers(&mut b, "X = f(a)"), ["X = f(a)"]);
    for form in [
        resolu_logic::AnswerForm::Abbreviated,
        resolu_logic::AnswerForm::Whole,
    ] {
        let mut text = Vec::new();
        sols_a.write_answer(&mut text, form).unwrap();
        assert_eq!(String::from_utf8(text).unwrap(), "X = (p===>q)");
    }
    let mut json = Vec::new();
    sols_a.write_answer_json(&mut json).unwrap();
    assert_eq!(String::from_utf8(json).unwrap(), r#"{"X":"p===>q"}"#);
}

/// What `goal` writes on `db`, the first answer's output.
fn output(db: &mut Database, goal: &str) -> String {
    let mut sols = db.query(goal).unwrap_or_else(|e| panic!("{goal}: {e}"));
    assert!(
        matches!(sols.next(), Some(Ok(_))),
        "{goal} should succeed once"
    );
    sols.take_output()
}

/// Every way a program writes a term with operators, one line each.
const WRITERS: &str = "T = '~>'('~>'(1+2, 3), '~>'(a, '~>'(b, c))), \
    writeq(T), nl, print(T), nl, write(T), nl, write_canonical(T), nl, \
    write_term(T, [quoted(true)]), nl, write_term(user_output, T, []), nl, \
    format('~w|~q~n', [T, T]), term_to_atom(T, A), write(A), nl";

#[test]
fn each_database_writes_with_its_own_operators_whatever_ran_between() {
    let mut a = Database::new();
    a.consult(":- op(700, xfx, ~>).").unwrap();
    let mut b = Database::new();
    b.consult(":- op(200, xfy, ~>).").unwrap();
    let mut plain = Database::new();
    // xfx 700: a nested `~>` is bracketed on both sides, `+` (500) is not.
    let in_a = "(1+2~>3)~>(a~>(b~>c))";
    // xfy 200: right-nested without brackets, `+` (500) bracketed.
    let in_b = "((1+2)~>3)~>a~>b~>c";
    let canonical = "~>(~>(+(1,2),3),~>(a,~>(b,c)))";
    let expect = |t: &str| format!("{t}\n{t}\n{t}\n{canonical}\n{t}\n{t}\n{t}|{t}\n{t}\n");
    // Interleaved: each query runs right after the other database's.
    for _ in 0..2 {
        assert_eq!(output(&mut a, WRITERS), expect(in_a), "database a");
        assert_eq!(output(&mut b, WRITERS), expect(in_b), "database b");
        assert_eq!(
            output(&mut plain, WRITERS),
            expect("~>(~>(1+2,3),~>(a,~>(b,c)))"),
            "no operator"
        );
    }
    // An op/3 at run time changes how its own database writes, and no other's.
    assert_eq!(
        output(&mut b, "op(0, xfy, ~>), writeq('~>'(a, b))"),
        "~>(a,b)"
    );
    assert_eq!(output(&mut a, "writeq('~>'(a, b))"), "a~>b");
    // Owned terms through each database's operators, and without one.
    let t = Term::compound("~>", vec![Term::atom("a"), Term::atom("b")]);
    assert_eq!(a.operators().writeq(&t), "a~>b");
    assert_eq!(b.operators().writeq(&t), "~>(a,b)");
    assert_eq!(resolu_logic::writeq(&t), "~>(a,b)");
}
