//! `--help` in French (with `--lang fr` or a French locale): what clap lets a program change
//! without rewriting its help. The descriptions of the program and of its subcommands
//! (`about`, and for the course's commands a longer `long_about`) come from the catalogue
//! (`help-about-NAME`, `help-long-NAME`, `help-about-NAME-SUB` for nested ones); the
//! headings "Usage" and "Commands" and the `-h`/`-V` lines are French. Each argument's
//! description comes from the catalogue too (see [`help_args`]).

use crate::help_args;
use crate::i18n;
use crate::lang::Lang;
use clap::Command;
use std::sync::OnceLock;

/// The help of every command of `command`, in French where the catalogue has it.
pub fn localise(command: Command) -> Command {
    // Building first adds clap's own -h and -V flags and `help` subcommands, which can then
    // be worded too.
    let mut command = command;
    command.build();
    localise_one(command, "")
}

/// The French message `id` (the English one if French lacks it).
fn french(id: &str) -> String {
    i18n::message(Lang::Fr, id, None)
}

/// The French headings of the positional arguments and of the options, made once.
fn headings() -> (&'static str, &'static str) {
    static HEADINGS: OnceLock<(String, String)> = OnceLock::new();
    let (arguments, options) = HEADINGS.get_or_init(|| {
        (
            french("help-arguments-heading"),
            french("help-options-heading"),
        )
    });
    (arguments, options)
}

/// `command` (named `path` in the catalogue: "" for the program, "taquin", "matches-solve")
/// and its subcommands, in French.
fn localise_one(command: Command, path: &str) -> Command {
    let key = if path.is_empty() { "resolu" } else { path };
    // clap takes a heading as a `&'static str`: this one is made once per command of a run
    // that asked for French help, and lives as long as the run anyway.
    let heading: &'static str = Box::leak(french("help-commands-heading").into_boxed_str());
    let mut command = command
        .help_template(french("help-template"))
        .subcommand_help_heading(heading);
    if let Some(about) = i18n::optional(&format!("help-about-{key}")) {
        command = command.about(about);
    }
    if let Some(long) = i18n::optional(&format!("help-long-{key}")) {
        command = command.long_about(long);
    }
    // `mut_args` changes the arguments in place: `mut_arg` would move one to the end, which
    // a built command's index of flags does not follow.
    // The examples after the help, when the catalogue has them in French.
    if let Some(after) = help_args::text(Lang::Fr, &format!("help-after-{key}")) {
        command = command.after_help(after);
    }
    command = command.mut_args(|arg| {
        let arg = match arg.get_id().as_str() {
            "help" if arg.get_long_help().is_some() => arg
                .help(french("help-flag-help"))
                .long_help(french("help-flag-help-long")),
            "help" => arg.help(french("help-flag-help")),
            "version" => arg.help(french("help-flag-version")),
            _ => help_args::localise_argument(arg, key),
        };
        // clap heads the arguments without a heading of their own "Arguments:" and
        // "Options:", in English typography.
        match arg.get_help_heading() {
            Some(_) => arg,
            None if arg.is_positional() => arg.help_heading(headings().0),
            None => arg.help_heading(headings().1),
        }
    });
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let sub_path = if path.is_empty() {
            name.clone()
        } else {
            format!("{path}-{name}")
        };
        command = command.mut_subcommand(&name, |sub| {
            if name == "help" {
                sub.about(french("help-about-help"))
            } else {
                localise_one(sub, &sub_path)
            }
        });
    }
    command
}
