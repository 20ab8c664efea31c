//! The program's input and output and its end: the output sink written as the program
//! writes, with_output_to/2, halt/0,1 codes, the interrupt hook, lazy reads of a byte
//! stream.

#![allow(clippy::unwrap_used)]

use resolu_logic::{ConsultError, Database, Options, SolveError, parse_query};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// A sink the test reads back.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.borrow().clone()).unwrap()
    }
}

fn first(db: &mut Database, query: &str, opts: Options) -> Option<Result<String, SolveError>> {
    let q = parse_query(query).unwrap();
    let mut sols = db.solve(&q, opts);
    let r = sols.next()?;
    Some(r.map(|a| {
        a.bindings
            .iter()
            .map(|(n, t)| format!("{n}={t}"))
            .collect::<Vec<_>>()
            .join(",")
    }))
}

#[test]
fn halt_gives_its_code_through_catch_findall_and_negation() {
    let mut db = Database::new();
    for (query, code) in [
        ("halt", 0),
        ("halt(3)", 3),
        ("catch(halt(4), _, true)", 4),
        ("findall(X, (X = 1 ; halt(5)), _)", 5),
        ("\\+ halt(6)", 6),
        ("forall(true, halt(7))", 7),
        ("catch(call_cleanup(halt(8), true), _, true)", 8),
    ] {
        let r = first(&mut db, query, Options::default());
        assert_eq!(r, Some(Err(SolveError::Halt(code))), "{query}");
    }
    let r = first(
        &mut db,
        "catch(halt(a), error(E, _), true)",
        Options::default(),
    );
    assert_eq!(r, Some(Ok("E=type_error(integer,a)".into())));
}

#[test]
fn a_halting_directive_stops_the_loading() {
    let mut db = Database::new();
    let e = db.consult("p(1).\n:- halt(4).\np(2).\n").unwrap_err();
    assert!(matches!(
        e,
        ConsultError::Clause {
            line: 2,
            error: SolveError::Halt(4)
        }
    ));
    assert_eq!(db.clauses("p", 1).len(), 1);
}

#[test]
fn output_reaches_the_sink_as_written_and_survives_an_error() {
    let mut db = Database::new();
    let sink = Shared::default();
    db.set_output(sink.clone());
    let q = parse_query("between(1, 3, X), write(X), nl, X >= 2").unwrap();
    let mut sols = db.solve(&q, Options::default());
    assert!(sols.next().unwrap().is_ok());
    // Written before the answer, nothing left for take_output.
    assert_eq!(sink.text(), "1\n2\n");
    assert_eq!(sols.take_output(), "");
    drop(sols);
    let r = first(&mut db, "write(kept), throw(oops)", Options::default());
    assert!(matches!(r, Some(Err(SolveError::Thrown(_)))));
    assert_eq!(sink.text(), "1\n2\nkept");
}

#[test]
fn with_output_to_captures_without_a_sink_and_with_one() {
    let mut db = Database::new();
    let q = "write(a), with_output_to(string(S), (write(b), with_output_to(atom(A), write(c)), write(d))), write(e)";
    let query = parse_query(q).unwrap();
    let mut sols = db.solve(&query, Options::default());
    let a = sols.next().unwrap().unwrap();
    assert_eq!(a.get("S").unwrap().to_string(), "\"bd\"");
    assert_eq!(a.get("A").unwrap().to_string(), "c");
    assert_eq!(sols.take_output(), "ae");
    drop(sols);
    let sink = Shared::default();
    db.set_output(sink.clone());
    let r = first(&mut db, q, Options::default());
    assert_eq!(r, Some(Ok("S=\"bd\",A=c".into())));
    assert_eq!(sink.text(), "ae");
    // A capture that fails or raises drops its text.
    let r = first(
        &mut db,
        "with_output_to(string(_), (write(x), fail)) ; write(y)",
        Options::default(),
    );
    assert_eq!(r, Some(Ok(String::new())));
    assert_eq!(sink.text(), "aey");
}

#[test]
fn the_interrupt_hook_stops_the_query_with_its_counters() {
    fn stop_after_a_while(inferences: u64) -> bool {
        inferences > 100_000
    }
    let mut db = Database::new();
    let opts = Options {
        interrupt: Some(stop_after_a_while),
        ..Options::default()
    };
    let q = parse_query("between(1, inf, _), fail").unwrap();
    let mut sols = db.solve(&q, opts);
    assert_eq!(sols.next(), Some(Err(SolveError::Interrupted)));
    assert!(sols.inferences() > 100_000);
    assert!(SolveError::Interrupted.is_limit());
}

#[test]
fn reads_take_terms_and_characters_from_a_byte_stream_as_needed() {
    let mut db = Database::new();
    db.set_input_reader(std::io::Cursor::new(b"f(X, 'a. b'). \xc3\xa9x.".to_vec()));
    let r = first(
        &mut db,
        "read(T), get_char(C), peek_char(D), read(U), read(E)",
        Options::default(),
    );
    assert_eq!(
        r,
        Some(Ok("T=f(_G1,'a. b'),C=é,D=x,U=x,E=end_of_file".into()))
    );
    db.set_input_reader(std::io::Cursor::new(b"ok. \xff.".to_vec()));
    let r = first(
        &mut db,
        "read(A), catch(read(_), error(E, _), true)",
        Options::default(),
    );
    let text = r.unwrap().unwrap();
    assert!(text.starts_with("A=ok,E=syntax_error("), "{text}");
}
