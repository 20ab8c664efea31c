//! `--help` in French (with `--lang fr` or a French locale): what clap lets a program change
//! without rewriting its help. The descriptions of the program and of its subcommands
//! (`about`, and for the course's commands a longer `long_about`) come from the catalogue
//! (`help-about-NAME`, `help-long-NAME`, `help-about-NAME-SUB` for nested ones); the
//! headings "Usage" and "Commands" and the `-h`/`-V` lines are French. The flags' own
//! descriptions stay English (they are written beside the code, as doc comments).

use clap::Command;

/// The help of every command of `command`, in French where the catalogue has it.
pub fn localise(command: Command) -> Command {
    // Building first adds clap's own -h and -V flags and `help` subcommands, which can then
    // be worded too.
    let mut command = command;
    command.build();
    localise_one(command, "")
}

/// `command` (named `path` in the catalogue: "" for the program, "taquin", "matches-solve")
/// and its subcommands, in French.
fn localise_one(command: Command, path: &str) -> Command {
    let key = if path.is_empty() { "resolu" } else { path };
    // clap takes a heading as a `&'static str`: this one is made once per command of a run
    // that asked for French help, and lives as long as the run anyway.
    let heading: &'static str = Box::leak(crate::tr!("help-commands-heading").into_boxed_str());
    let mut command = command
        .help_template(crate::tr!("help-template"))
        .subcommand_help_heading(heading);
    if let Some(about) = crate::i18n::optional(&format!("help-about-{key}")) {
        command = command.about(about);
    }
    if let Some(long) = crate::i18n::optional(&format!("help-long-{key}")) {
        command = command.long_about(long);
    }
    if command.get_arguments().any(|a| a.get_id() == "help") {
        command = command.mut_arg("help", |a| a.help(crate::tr!("help-flag-help")));
    }
    if command.get_arguments().any(|a| a.get_id() == "version") {
        command = command.mut_arg("version", |a| a.help(crate::tr!("help-flag-version")));
    }
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
                sub.about(crate::tr!("help-about-help"))
            } else {
                localise_one(sub, &sub_path)
            }
        });
    }
    command
}
