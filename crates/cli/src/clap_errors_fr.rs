//! clap's own parse errors (unknown flag, missing or invalid value, unknown subcommand...)
//! in French: clap words them in English, but says what went wrong as an error kind with
//! its context (the argument, the value, the valid values, a suggestion), from which the
//! French message is written with the catalogue's words. The usage line and the hint to
//! `--help` follow, as clap writes them; the exit code stays 2.

use crate::tr;
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// Two spaces, as clap indents a list or a tip under its message.
const TAB: &str = "  ";

/// `error` as French text to print on standard error, or `None` when clap's own output
/// should be printed (the help or the version, which are no errors, and kinds whose
/// context is missing).
pub fn render(error: &clap::Error) -> Option<String> {
    let message = message(error)?;
    let mut text = tr!("error-line", message = message);
    let tips = tips(error);
    if !tips.is_empty() {
        text.push('\n');
        for tip in tips {
            text.push_str(&format!("\n{TAB}{tip}"));
        }
    }
    if let Some(ContextValue::StyledStr(usage)) = error.get(ContextKind::Usage) {
        let usage = usage.to_string();
        let usage = match usage.strip_prefix("Usage:") {
            Some(rest) => format!("{}{rest}", tr!("clap-error-usage-heading")),
            None => usage,
        };
        text.push_str(&format!("\n\n{usage}"));
    }
    // clap keeps the flag of its hint to itself: it is read from its English text.
    let english = error.render().to_string();
    if let Some(flag) = english
        .split("For more information, try '")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
    {
        text.push_str(&format!("\n\n{}", tr!("clap-error-more-info", flag = flag)));
    }
    text.push('\n');
    Some(text)
}

/// A text of the error's context.
fn string(error: &clap::Error, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        _ => None,
    }
}

/// A list of the error's context.
fn strings(error: &clap::Error, kind: ContextKind) -> Option<Vec<String>> {
    match error.get(kind)? {
        ContextValue::Strings(v) => Some(v.clone()),
        ContextValue::String(s) => Some(vec![s.clone()]),
        _ => None,
    }
}

/// A number of the error's context.
fn number(error: &clap::Error, kind: ContextKind) -> Option<i64> {
    match error.get(kind)? {
        ContextValue::Number(n) => Some(*n as i64),
        _ => None,
    }
}

/// The first line(s) of the error, after "erreur : ".
fn message(error: &clap::Error) -> Option<String> {
    let arg = || string(error, ContextKind::InvalidArg);
    let value = || string(error, ContextKind::InvalidValue);
    let text = match error.kind() {
        ErrorKind::UnknownArgument => tr!("clap-error-unknown-argument", arg = arg()?),
        ErrorKind::InvalidValue => {
            let (arg, value) = (arg()?, value()?);
            let mut text = if value.is_empty() {
                tr!("clap-error-value-required", arg = arg)
            } else {
                tr!("clap-error-invalid-value", value = value, arg = arg)
            };
            if let Some(valid) = strings(error, ContextKind::ValidValue)
                && !valid.is_empty()
            {
                let list = tr!("clap-error-possible-values", values = valid.join(", "));
                text.push_str(&format!("\n{TAB}{list}"));
            }
            text
        }
        ErrorKind::ValueValidation => {
            let mut text = tr!("clap-error-invalid-value", value = value()?, arg = arg()?);
            if let Some(source) = std::error::Error::source(error) {
                text.push_str(&format!(" : {}", number_error(&source.to_string())));
            }
            text
        }
        ErrorKind::InvalidSubcommand => tr!(
            "clap-error-invalid-subcommand",
            name = string(error, ContextKind::InvalidSubcommand)?
        ),
        ErrorKind::MissingRequiredArgument => {
            let mut text = tr!("clap-error-missing-required");
            for missing in strings(error, ContextKind::InvalidArg)? {
                text.push_str(&format!("\n{TAB}{missing}"));
            }
            text
        }
        ErrorKind::MissingSubcommand => {
            let mut text = tr!(
                "clap-error-missing-subcommand",
                name = string(error, ContextKind::InvalidSubcommand)?
            );
            if let Some(valid) = strings(error, ContextKind::ValidSubcommand) {
                let list = tr!("clap-error-subcommands", values = valid.join(", "));
                text.push_str(&format!("\n{TAB}{list}"));
            }
            text
        }
        ErrorKind::ArgumentConflict => conflict(error)?,
        ErrorKind::NoEquals => tr!("clap-error-no-equals", arg = arg()?),
        ErrorKind::TooManyValues => {
            tr!("clap-error-too-many-values", value = value()?, arg = arg()?)
        }
        ErrorKind::TooFewValues => tr!(
            "clap-error-too-few-values",
            arg = arg()?,
            wanted = number(error, ContextKind::MinValues)?,
            given = number(error, ContextKind::ActualNumValues)?
        ),
        ErrorKind::WrongNumberOfValues => tr!(
            "clap-error-too-few-values",
            arg = arg()?,
            wanted = number(error, ContextKind::ExpectedNumValues)?,
            given = number(error, ContextKind::ActualNumValues)?
        ),
        ErrorKind::InvalidUtf8 => tr!("clap-error-invalid-utf8"),
        _ => return None,
    };
    Some(text)
}

/// Two arguments that cannot go together (or one given twice).
fn conflict(error: &clap::Error) -> Option<String> {
    let arg = string(error, ContextKind::InvalidArg)
        .or_else(|| string(error, ContextKind::InvalidSubcommand))?;
    let prior = error.get(ContextKind::PriorArg);
    Some(match prior {
        Some(ContextValue::String(p)) if *p == arg => tr!("clap-error-used-twice", arg = arg),
        Some(ContextValue::String(p)) => tr!("clap-error-conflict", arg = arg, other = p),
        Some(ContextValue::Strings(others)) => {
            let mut text = tr!("clap-error-conflict-many", arg = arg);
            for other in others {
                text.push_str(&format!("\n{TAB}{other}"));
            }
            text
        }
        _ => tr!("clap-error-conflict-others", arg = arg),
    })
}

/// The tips under the message: a similar subcommand, argument or value, or how to pass a
/// value that looks like a flag.
fn tips(error: &clap::Error) -> Vec<String> {
    let mut tips = Vec::new();
    for (kind, what) in [
        (ContextKind::SuggestedSubcommand, "subcommand"),
        (ContextKind::SuggestedArg, "argument"),
        (ContextKind::SuggestedValue, "value"),
    ] {
        if let Some(names) = strings(error, kind) {
            let quoted: Vec<String> = names.iter().map(|n| format!("« {n} »")).collect();
            tips.push(tr!(
                "clap-error-tip-similar",
                what = what,
                count = names.len(),
                names = quoted.join(", ")
            ));
        }
    }
    if let Some(ContextValue::StyledStrs(suggestions)) = error.get(ContextKind::Suggested) {
        for suggestion in suggestions {
            let english = suggestion.to_string();
            let escaped = english
                .strip_prefix("to pass '")
                .and_then(|rest| rest.split('\'').next());
            tips.push(match escaped {
                Some(flag) => tr!("clap-error-tip-escape", arg = flag),
                None => tr!("clap-error-tip", tip = english),
            });
        }
    }
    tips
}

/// The reason a number was refused, in French when it is one of the standard library's.
fn number_error(english: &str) -> String {
    let id = match english {
        "invalid digit found in string" => "clap-error-invalid-digit",
        "cannot parse integer from empty string" => "clap-error-empty-number",
        "number too large to fit in target type" => "clap-error-number-too-large",
        "number too small to fit in target type" => "clap-error-number-too-small",
        "invalid float literal" => "clap-error-invalid-decimal",
        _ => return english.to_string(),
    };
    tr!(id)
}
