//! `prove --trace course`: the lab's DAT trace, line for line (lab 004): each conjunction
//! still to prove, numbered by level and indented three spaces a level, each rule chosen,
//! and the answer line, in French or English (`--lang`); and the hints that point a student
//! from Prolog's habits (capitals, unknown predicates) to the course's.

use crate::common::{CmdResult, Exit, Format, Io, write_json};
use crate::lang::Lang;
use resolu_logic::course::{DatEvent, DatLimits, DatStop, dat};
use resolu_logic::{Database, Operators, SolveError, Term};

/// A goal as the lab's Python prints it in a list: `True`, or the goal quoted (`'A'`);
/// the query's variables by their names.
fn goal_text(t: &Term, names: &[String], ops: &Operators) -> String {
    if t.is_atom("true") {
        return "True".into();
    }
    match t {
        Term::Atom(a) => format!("'{}'", a.name()),
        other => format!("'{}'", plain(other, names, ops)),
    }
}

/// `t` written plainly, the query's variables by their names (`X`, not `_G0`).
fn plain(t: &Term, names: &[String], ops: &Operators) -> String {
    let named = t.map_vars(&mut |v| match names.get(v as usize) {
        Some(n) if !n.is_empty() => Term::atom(n),
        _ => Term::Var(v),
    });
    ops.write(&named)
}

/// A list of goals as the lab prints it: `['A', 'D']`.
fn list_text(goals: &[Term], names: &[String], ops: &Operators) -> String {
    let items: Vec<String> = goals.iter().map(|g| goal_text(g, names, ops)).collect();
    format!("[{}]", items.join(", "))
}

/// The lines of one DAT event.
fn event_line(e: &DatEvent, lang: Lang, names: &[String], ops: &Operators) -> String {
    let list_text = |goals: &[Term]| list_text(goals, names, ops);
    let indent = |level: usize| " ".repeat(3 * level.saturating_sub(1));
    match e {
        DatEvent::Conjunction { level, goals } => format!(
            "{}{level} {} : {}",
            indent(*level),
            lang.pick(
                "On doit démontrer la CONJONCTION",
                "We must prove the CONJUNCTION"
            ),
            list_text(goals)
        ),
        DatEvent::Rule { level, head, body } => format!(
            "{}{} {} : {}",
            indent(*level),
            lang.pick(
                "Pour ce Theorème, on a trouvé la règle",
                "For this Theorem, we found the rule"
            ),
            plain(head, names, ops),
            list_text(body)
        ),
        DatEvent::Branch { level, goals } => format!(
            "{}{} : {}",
            indent(*level),
            lang.pick(
                "Pour cette DISJONCTION, on essaie la branche",
                "For this DISJUNCTION, we try the branch"
            ),
            list_text(goals)
        ),
    }
}

/// Proves `goals` by DAT on `db` and prints the trace, the answer line and the query's
/// named variables (`var_names[v]` names variable `v`); exit 0 when proved, 1 when not,
/// 3 when a limit stopped it.
pub fn run(
    db: &mut Database,
    goals: &[Term],
    var_names: &[String],
    limits: &DatLimits,
    lang: Lang,
    format: Format,
    io: &mut Io,
) -> CmdResult {
    let mut lines = Vec::new();
    let mut write_error = None;
    let json = format == Format::Json;
    let ops = db.operators();
    let result = dat(db, goals, limits, &mut |e| {
        let line = event_line(e, lang, var_names, &ops);
        if json {
            lines.push(line);
        } else if write_error.is_none()
            && let Err(err) = writeln!(io.out, "{line}")
        {
            write_error = Some(err);
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let question = list_text(goals, var_names, &ops);
    let (verdict, exit, reason) = match &result {
        Ok(Some(_)) => ("True", Exit::Success, None),
        Ok(None) => ("False", Exit::NoSolution, None),
        Err(stop) => ("?", Exit::Limit, Some(stop_reason(stop))),
    };
    let answers: Vec<(String, String)> = match &result {
        Ok(Some(b)) => goals
            .iter()
            .flat_map(Term::variables)
            .fold(Vec::new(), |mut seen, v| {
                if !seen.contains(&v) {
                    seen.push(v);
                }
                seen
            })
            .into_iter()
            .filter_map(|v| {
                let name = var_names.get(v as usize)?;
                (!name.is_empty() && !name.starts_with('_'))
                    .then(|| (name.clone(), b.resolve(&Term::Var(v)).to_string()))
            })
            .collect(),
        _ => Vec::new(),
    };
    if json {
        let mut value = serde_json::json!({
            "proved": matches!(result, Ok(Some(_))),
            "bindings": answers.iter().map(|(n, v)| (n.clone(), serde_json::Value::from(v.as_str()))).collect::<serde_json::Map<_, _>>(),
            "trace": lines,
        });
        if let (Some(reason), Err(stop)) = (reason, &result) {
            value["reason"] = reason.into();
            value["message"] = stop.to_string().into();
        }
        write_json(io.out, &value)?;
        return Ok(exit);
    }
    match &result {
        Err(stop) => writeln!(
            io.out,
            "{} {}",
            lang.pick("Arrêt :", "Stopped:"),
            stop_text(stop, lang)
        )?,
        _ => writeln!(
            io.out,
            "{} {question} = {verdict}",
            lang.pick("La réponse à la question", "The answer to the question"),
        )?,
    }
    for (name, value) in &answers {
        writeln!(io.out, "{name} = {value}")?;
    }
    Ok(exit)
}

/// The JSON `reason` of a stop, in the words of every command.
fn stop_reason(stop: &DatStop) -> &'static str {
    match stop {
        DatStop::InferenceLimit(_) => "inference-limit",
        DatStop::TimeLimit => "time-limit",
        DatStop::DepthLimit(_) => "depth-limit",
        DatStop::Builtin(e) if e.to_string().contains("memory") => "memory-limit",
        DatStop::Builtin(_) => "error",
    }
}

/// A stop, with the flag that raises its limit.
fn stop_text(stop: &DatStop, lang: Lang) -> String {
    match (stop, lang) {
        (DatStop::InferenceLimit(n), Lang::Fr) => {
            format!("la limite de {n} inférences est atteinte (--max-inferences)")
        }
        (DatStop::InferenceLimit(n), Lang::En) => {
            format!("the limit of {n} inferences was reached (--max-inferences)")
        }
        (DatStop::TimeLimit, Lang::Fr) => "le temps imparti est écoulé (--timeout)".into(),
        (DatStop::TimeLimit, Lang::En) => "the time limit was reached (--timeout)".into(),
        (DatStop::DepthLimit(n), Lang::Fr) => {
            format!("la profondeur de {n} niveaux est atteinte (une récursion sans fin ?)")
        }
        (DatStop::DepthLimit(n), Lang::En) => {
            format!("the depth of {n} levels was reached (an endless recursion?)")
        }
        (DatStop::Builtin(e), _) => e.to_string(),
    }
}

/// The course writes its propositions with capitals (`A :- B, C.`), which Prolog reads as
/// variables: a clause whose head is a variable gets a hint to the course's notation.
pub fn capitals_hint(text: &str, line: usize, error: &SolveError) -> String {
    let starts_with_capital = text
        .lines()
        .nth(line.saturating_sub(1))
        .and_then(|l| l.trim_start().chars().next())
        .is_some_and(|c| c.is_uppercase() || c == '_');
    if starts_with_capital && error.to_string().contains("instantiation_error") {
        crate::tr!("refusal-capitals-hint")
    } else {
        String::new()
    }
}

/// What to do about an error a student meets: an unknown predicate is an error in standard
/// Prolog, false in the course.
pub fn error_hint(e: &SolveError) -> &'static str {
    if e.to_string().starts_with("existence_error(procedure") {
        " (a predicate with no clause; --unknown fail makes it false, as the course's \
         \"what is not in the base is false\")"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_print_as_the_labs_python_does() {
        let ops = Database::new().operators();
        let goals = vec![
            Term::atom("true"),
            Term::atom("C"),
            Term::atom("voiture_OK"),
        ];
        assert_eq!(list_text(&goals, &[], &ops), "[True, 'C', 'voiture_OK']");
        assert_eq!(list_text(&[], &[], &ops), "[]");
        let goal = Term::compound("parent", vec![Term::atom("tom"), Term::Var(0)]);
        assert_eq!(list_text(&[goal], &["X".into()], &ops), "['parent(tom,X)']");
    }
}
