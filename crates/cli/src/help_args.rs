//! The arguments' descriptions of `--help` in French. The English ones are written beside the
//! code (doc comments); the catalogue holds each one twice, in English exactly as written
//! there and in French, under `help-arg-COMMAND-ID` (`COMMAND` the command's path, `resolu`
//! for the program, `matches-solve` for a nested one; `ID` the argument's id with `-` for
//! `_`), its longer form under `help-long-arg-COMMAND-ID`, and each possible value's
//! description under `help-value-COMMAND-ID-VALUE`. An argument shared by many commands with
//! the same English text (`--max-nodes`, `--format`, `--lang`...) is translated once, without
//! the command (`help-arg-ID`): the shared text is used only where the English text is
//! still the one translated. A test walks the whole command tree and fails if any argument
//! shown lacks its French text or if its English text changed since it was translated.
//!
//! clap writes "[default: X]" and "Possible values:" in English whatever the help's
//! language: in French those are hidden and written here, in the argument's own text.

use crate::i18n;
use crate::lang::Lang;
use clap::Arg;

/// The catalogue's message `id` in `lang`, if the catalogue has it.
pub fn text(lang: Lang, id: &str) -> Option<String> {
    let message = i18n::message(lang, id, None);
    // A message missing from both catalogues prints as its own id.
    (message != id).then_some(message)
}

/// An argument id or a value's name as it is written in a catalogue id.
fn id_part(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The English texts a person reads about `arg`: its help, its long help, and each visible
/// possible value's name with its description.
#[derive(Debug, PartialEq, Eq)]
pub struct ArgTexts {
    /// The one-line description.
    pub help: Option<String>,
    /// The longer description of `--help`, if any.
    pub long: Option<String>,
    /// The visible possible values, each with its description if it has one.
    pub values: Vec<(String, Option<String>)>,
}

impl ArgTexts {
    /// What `arg` says (in the language it was written in).
    pub fn of(arg: &Arg) -> ArgTexts {
        ArgTexts {
            help: arg.get_help().map(ToString::to_string),
            long: arg.get_long_help().map(ToString::to_string),
            values: arg
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| {
                    (
                        v.get_name().to_string(),
                        v.get_help().map(ToString::to_string),
                    )
                })
                .collect(),
        }
    }

    /// The same texts read from the catalogue of `lang` under `key` (`COMMAND-ID` or `ID`),
    /// for the values named in `self`.
    pub fn in_catalogue(&self, lang: Lang, key: &str) -> ArgTexts {
        ArgTexts {
            help: text(lang, &format!("help-arg-{key}")),
            long: text(lang, &format!("help-long-arg-{key}")),
            values: self
                .values
                .iter()
                .map(|(name, _)| {
                    let id = format!("help-value-{key}-{}", id_part(name));
                    (name.clone(), text(lang, &id))
                })
                .collect(),
        }
    }

    /// Whether there is anything to say about the argument.
    fn is_empty(&self) -> bool {
        self.help.is_none() && self.long.is_none() && self.values.iter().all(|v| v.1.is_none())
    }
}

/// The catalogue key of `arg` of the command `command` ("resolu", "taquin",
/// "matches-solve"): its own (`COMMAND-ID`) if the catalogue has one, else the shared one
/// (`ID`) if its English texts are the argument's; `None` when the catalogue has neither.
pub fn key_of(arg: &Arg, command: &str) -> Option<String> {
    let id = id_part(arg.get_id().as_str());
    let own = format!("{command}-{id}");
    if text(Lang::En, &format!("help-arg-{own}")).is_some() {
        return Some(own);
    }
    let english = ArgTexts::of(arg);
    (english.in_catalogue(Lang::En, &id) == english).then_some(id)
}

/// Whether `arg` shows in the help and is described by this program (clap's own `-h` and
/// `-V` are worded elsewhere).
pub fn is_described(arg: &Arg) -> bool {
    let id = arg.get_id().as_str();
    !arg.is_hide_set() && id != "help" && id != "version" && !ArgTexts::of(arg).is_empty()
}

/// `arg` of the command `command` described in French, if it is described and the
/// catalogue has it; else `arg` unchanged.
pub fn localise_argument(arg: Arg, command: &str) -> Arg {
    match key_of(&arg, command) {
        Some(key) if is_described(&arg) => localise_with(arg, &key),
        _ => arg,
    }
}

/// `arg` described in French from the catalogue's `key`, with its default and possible
/// values written in French.
fn localise_with(arg: Arg, key: &str) -> Arg {
    let english = ArgTexts::of(&arg);
    let french = english.in_catalogue(Lang::Fr, key);
    let help = french.help.or(english.help.clone()).unwrap_or_default();
    let mut short = help.clone();
    let mut notes = Vec::new();
    let shows_default = arg.get_action().takes_values() && !arg.is_hide_default_value_set();
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if shows_default && !defaults.is_empty() {
        let default = i18n::message(
            Lang::Fr,
            "help-default",
            Some(&one_arg("value", defaults.join(" "))),
        );
        short.push_str(&format!(" {default}"));
        notes.push(default);
    }
    let shows_values = !arg.is_hide_possible_values_set() && !french.values.is_empty();
    let described_values = french.values.iter().any(|v| v.1.is_some());
    if shows_values {
        let names: Vec<&str> = french.values.iter().map(|v| v.0.as_str()).collect();
        let list = i18n::message(
            Lang::Fr,
            "help-possible-values",
            Some(&one_arg("values", names.join(", "))),
        );
        short.push_str(&format!(" {list}"));
        if !described_values {
            notes.push(list);
        }
    }
    let mut arg = arg
        .hide_default_value(true)
        .hide_possible_values(true)
        .help(short);
    if english.long.is_some() || (shows_values && described_values) {
        let mut long = french.long.or(english.long).unwrap_or(help);
        for note in notes {
            long.push_str(&format!("\n\n{note}"));
        }
        if shows_values && described_values {
            long.push_str(&format!("\n\n{}", value_list(&french.values)));
        }
        arg = arg.long_help(long);
    }
    arg
}

/// "Valeurs possibles :" and one line per value with its description, aligned as clap
/// aligns them.
fn value_list(values: &[(String, Option<String>)]) -> String {
    let width = values
        .iter()
        .map(|v| v.0.chars().count())
        .max()
        .unwrap_or(0);
    let mut list = i18n::message(Lang::Fr, "help-possible-values-heading", None);
    for (name, help) in values {
        list.push_str(&format!("\n- {name}"));
        if let Some(help) = help {
            let padding = width - name.chars().count();
            list.push_str(&format!(" :{:padding$} {help}", ""));
        }
    }
    list
}

/// Fluent arguments with one text argument.
fn one_arg(name: &'static str, value: String) -> fluent_bundle::FluentArgs<'static> {
    let mut args = fluent_bundle::FluentArgs::new();
    args.set(name, value);
    args
}

#[cfg(test)]
mod tests;
