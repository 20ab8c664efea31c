//! Hostile inputs to `resolu prove`, as a student's first programs give them: each must end
//! with the exit code its answer warrants (a `halt(N)` its N, a limit 3 with the limit
//! named), never abort, panic or block, and keep what the program wrote. Beside the fuzz
//! test: these are the cases found by hand, kept so that they stay true.

use crate::common::{json, resolu, temp_file};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A safety net only: no case comes near it unless it hangs.
const HANG: Duration = Duration::from_secs(60);

/// One run: the program, the query, more flags, standard input, and what must come out.
struct Case {
    name: &'static str,
    program: &'static str,
    query: &'static str,
    flags: &'static [&'static str],
    stdin: &'static [u8],
    code: i32,
    /// Texts standard output must hold.
    has: &'static [&'static str],
    /// Texts standard output must not hold.
    lacks: &'static [&'static str],
}

const fn case(name: &'static str, query: &'static str, code: i32) -> Case {
    Case {
        name,
        program: "p.\n",
        query,
        flags: &[],
        stdin: b"",
        code,
        has: &[],
        lacks: &[],
    }
}

fn cases() -> Vec<Case> {
    vec![
        // halt/0,1 end the process with their code at once, whatever encloses them.
        case("halt/1", "halt(7)", 7),
        case("halt in catch", "catch(halt(1), _, true)", 1),
        case("halt in findall", "findall(X, halt(4), _)", 4),
        case("halt in forall", "forall(true, halt(5))", 5),
        case("halt in negation", "\\+ halt(6)", 6),
        case("halt/0", "halt", 0),
        Case {
            has: &["before\n"],
            lacks: &["true", "false"],
            ..case("output before halt", "write(before), nl, halt(9)", 9)
        },
        Case {
            has: &["type_error(integer,foo)"],
            ..case("halt(foo)", "halt(foo)", 1)
        },
        Case {
            flags: &["--format", "json"],
            has: &["\"halt\":7"],
            ..case("halt under json", "halt(7)", 7)
        },
        Case {
            program: ":- write(loading), nl.\n:- halt(3).\np.\n",
            has: &["loading\n"],
            lacks: &["ran"],
            ..case("halt directive", "write(ran)", 3)
        },
        Case {
            program: ":- halt.\np.\n",
            lacks: &["ran"],
            ..case("halt/0 directive", "write(ran)", 0)
        },
        // Huge repetitions stream out in steps, under the limits.
        Case {
            flags: &["--timeout", "1"],
            has: &["time limit", "--timeout"],
            ..case("format ~*c huge", "format(\"~*c\", [10000000000, 0'x])", 3)
        },
        Case {
            flags: &["--timeout", "1"],
            has: &["time limit"],
            ..case("tab bignum", "tab(100000000000000000000)", 3)
        },
        Case {
            flags: &["--max-memory", "50"],
            has: &["memory budget", "--max-memory"],
            ..case(
                "format/3 huge",
                "format(atom(A), \"~*c\", [10000000000, 0'x])",
                3,
            )
        },
        Case {
            flags: &["--max-memory", "50"],
            has: &["memory budget"],
            ..case(
                "captured tab huge",
                "with_output_to(string(S), tab(100000000000))",
                3,
            )
        },
        // What was written before a limit stopped the query is kept.
        Case {
            flags: &["--max-inferences", "1000"],
            has: &["1\n2\n3\n", "inference limit"],
            ..case(
                "output before a limit",
                "between(1, inf, X), write(X), nl, fail",
                3,
            )
        },
        // with_output_to/2 and its sinks.
        Case {
            has: &["S = \"a1\", A = b, C = [99], L = [d]"],
            ..case(
                "with_output_to sinks",
                "with_output_to(string(S), (write(a), write(1))), \
                 with_output_to(atom(A), write(b)), with_output_to(codes(C), write(c)), \
                 with_output_to(chars(L), write(d))",
                0,
            )
        },
        case("with_output_to fails", "with_output_to(string(_), fail)", 1),
        Case {
            has: &["E = oops"],
            lacks: &["hidden"],
            ..case(
                "with_output_to raises",
                "catch(with_output_to(string(_), (write(hidden), throw(oops))), E, true)",
                0,
            )
        },
        Case {
            has: &["domain_error(output_sink,foo)"],
            ..case("with_output_to bad sink", "with_output_to(foo, true)", 1)
        },
        Case {
            has: &["S = \"xyz\""],
            ..case("format/3 string", "format(string(S), \"x~a\", [yz])", 0)
        },
        Case {
            has: &["C = [111,107]"],
            ..case("format/3 codes", "format(codes(C), \"ok\", [])", 0)
        },
        // Standard input: read lazily, characters too, bytes that are not UTF-8 an error.
        Case {
            stdin: b"\xff\xfe foo.\n",
            has: &["not valid UTF-8"],
            ..case("stdin not utf-8", "read(X)", 1)
        },
        Case {
            stdin: b"\xff\xfe foo.\n",
            has: &["E = syntax_error("],
            ..case(
                "stdin not utf-8 caught",
                "catch(read(_), error(E, _), true)",
                0,
            )
        },
        Case {
            stdin: "hé. t(X).\n".as_bytes(),
            has: &["A = h, B = é, C = '.', D = '.', T = t(_"],
            ..case(
                "get_char and read share stdin",
                "get_char(A), get_char(B), peek_char(C), get_char(D), read(T)",
                0,
            )
        },
        Case {
            stdin: b"",
            has: &["C = end_of_file"],
            ..case("get_char at the end", "get_char(C)", 0)
        },
        // The stops' JSON: the searches' reason words, free text apart.
        Case {
            flags: &["--max-inferences", "100", "--format", "json"],
            has: &[
                "\"reason\":\"inference-limit\"",
                "\"message\":",
                "\"inferences\":",
            ],
            ..case("json inference limit", "between(1, inf, _), fail", 3)
        },
        Case {
            flags: &["--timeout", "0.2", "--format", "json"],
            has: &["\"reason\":\"time-limit\"", "\"error\":\"timeout after"],
            ..case("json time limit", "between(1, inf, _), fail", 3)
        },
        Case {
            flags: &[
                "--max-memory",
                "20",
                "--max-inferences",
                "0",
                "--format",
                "json",
            ],
            has: &["\"reason\":\"memory-limit\""],
            ..case("json memory limit", "length(_, _), fail", 3)
        },
        Case {
            program: ":- between(1, inf, _), fail.\n",
            flags: &["--max-inferences", "100", "--format", "json"],
            has: &["\"reason\":\"inference-limit\""],
            ..case("json directive limit", "true", 3)
        },
    ]
}

#[test]
fn every_hostile_case_ends_with_its_code_and_message() {
    let mut failures = Vec::new();
    for (i, c) in cases().iter().enumerate() {
        let file = temp_file(&format!("hostile-{i}.pl"), c.program);
        let out = resolu()
            .args(["prove", &file, c.query])
            .args(c.flags)
            .write_stdin(c.stdin)
            .timeout(HANG)
            .output()
            .expect("resolu runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let code = out.status.code().unwrap_or(-1);
        let missing: Vec<_> = c.has.iter().filter(|h| !stdout.contains(*h)).collect();
        let extra: Vec<_> = c.lacks.iter().filter(|l| stdout.contains(*l)).collect();
        if code != c.code || !missing.is_empty() || !extra.is_empty() {
            let shown: String = stdout.chars().take(300).collect();
            failures.push(format!(
                "{}: exit {code} (want {}), missing {missing:?}, unwanted {extra:?}, stdout {shown:?}, stderr {:?}",
                c.name,
                c.code,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn tab_writes_every_space_asked_for() {
    let file = temp_file("hostile-tab.pl", "p.\n");
    let out = resolu()
        .args(["prove", &file, "tab(20000), write(x), nl"])
        .timeout(HANG)
        .output()
        .expect("resolu runs");
    assert_eq!(out.status.code(), Some(0));
    let expected = format!("{}x\ntrue\n", " ".repeat(20000));
    assert!(
        out.stdout == expected.as_bytes(),
        "{} bytes",
        out.stdout.len()
    );
}

/// The binary, started with pipes for its three streams.
fn spawn(args: &[&str]) -> Child {
    let bin = assert_cmd::cargo::cargo_bin("resolu");
    Command::new(bin)
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("resolu starts")
}

/// Sends SIGINT, as Ctrl-C does.
fn interrupt(child: &Child) {
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
}

#[test]
fn output_streams_while_the_query_runs_and_ctrl_c_keeps_it() {
    let file = temp_file("hostile-stream.pl", "p.\n");
    let query = "between(1, inf, X), write(X), nl, fail";
    let mut child = spawn(&[
        "prove",
        &file,
        query,
        "--max-inferences",
        "0",
        "--timeout",
        "60",
    ]);
    drop(child.stdin.take());
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("a line");
    assert_eq!(first, "1\n");
    // The first line came while the query still runs: output is not held to the end.
    assert!(child.try_wait().expect("status").is_none());
    interrupt(&child);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("the rest");
    let status = child.wait().expect("resolu ends");
    assert_eq!(status.code(), Some(3), "{rest}");
    assert!(rest.contains("stopped: interrupted (Ctrl-C)"), "{rest}");
    assert!(rest.contains("inferences so far"), "{rest}");
    // Everything written is there, in order, up to the stop.
    let numbers: Vec<u64> = rest
        .lines()
        .take_while(|l| !l.starts_with("stopped"))
        .filter_map(|l| l.parse().ok())
        .collect();
    assert!(!numbers.is_empty());
    assert!(numbers.iter().enumerate().all(|(i, &n)| n == i as u64 + 2));
}

#[test]
fn ctrl_c_under_json_gives_the_interrupted_reason_and_the_counters() {
    // The directive's output goes to standard error beside JSON: its line says the
    // query is about to run.
    let file = temp_file("hostile-json-int.pl", ":- write(ready), nl.\n");
    let mut child = spawn(&[
        "prove",
        &file,
        "between(1, inf, _), fail",
        "--max-inferences",
        "0",
        "--timeout",
        "60",
        "--format",
        "json",
    ]);
    drop(child.stdin.take());
    let mut stderr = BufReader::new(child.stderr.take().expect("piped"));
    let mut ready = String::new();
    stderr.read_line(&mut ready).expect("a line");
    assert_eq!(ready, "ready\n");
    interrupt(&child);
    let mut out = String::new();
    let mut stdout = child.stdout.take().expect("piped");
    stdout.read_to_string(&mut out).expect("the JSON");
    let status = child.wait().expect("resolu ends");
    assert_eq!(status.code(), Some(3), "{out}");
    let v = json(&out);
    assert_eq!(v["reason"], "interrupted");
    assert_eq!(v["error"], "interrupted");
    assert_eq!(v["message"], "stopped: interrupted (Ctrl-C)");
    assert!(v["inferences"].as_u64().is_some(), "{out}");
}

#[test]
fn read_takes_one_term_from_an_endless_input() {
    let file = temp_file("hostile-yes.pl", "p.\n");
    let mut child = spawn(&["prove", &file, "read(X)"]);
    let mut stdin = child.stdin.take().expect("piped");
    // `yes 'a.'`: the writer stops when the prover closes its end.
    let writer = std::thread::spawn(move || while stdin.write_all(b"a.\n").is_ok() {});
    let mut out = String::new();
    let mut stdout = child.stdout.take().expect("piped");
    stdout.read_to_string(&mut out).expect("the answer");
    let status = child.wait().expect("resolu ends");
    writer.join().expect("the writer ends");
    assert_eq!(status.code(), Some(0));
    assert_eq!(out, "X = a\n");
}

#[test]
fn a_term_longer_than_the_budget_on_stdin_is_the_memory_limit() {
    let file = temp_file("hostile-long.pl", "p.\n");
    let long = vec![b'a'; 40 << 20];
    let out = resolu()
        .args(["prove", &file, "read(X)", "--max-memory", "20"])
        .write_stdin(long)
        .timeout(HANG)
        .output()
        .expect("resolu runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(stdout.contains("memory budget (20 MB"), "{stdout}");
}
