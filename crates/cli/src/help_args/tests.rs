use super::*;
use clap::{Command, CommandFactory};
use std::collections::BTreeMap;

/// Each command of the tree with its catalogue path ("resolu", "taquin", "matches-solve"),
/// clap's `help` subcommands left out.
fn commands(command: &Command, path: &str, into: &mut Vec<(String, Command)>) {
    into.push((path.to_string(), command.clone()));
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let sub_path = if path == "resolu" {
            sub.get_name().to_string()
        } else {
            format!("{path}-{}", sub.get_name())
        };
        commands(sub, &sub_path, into);
    }
}

fn all_commands(command: Command) -> Vec<(String, Command)> {
    let mut command = command;
    command.build();
    let mut found = Vec::new();
    commands(&command, "resolu", &mut found);
    found
}

/// `text` as the value of a Fluent message `id` (braces escaped, lines indented).
fn ftl(id: &str, text: &str) -> String {
    let escaped: String = text
        .chars()
        .map(|c| match c {
            '{' => "{\"{\"}".to_string(),
            '}' => "{\"}\"}".to_string(),
            c => c.to_string(),
        })
        .collect();
    if !escaped.contains('\n') {
        return format!("{id} = {escaped}\n");
    }
    let mut entry = format!("{id} =\n");
    for line in escaped.split('\n') {
        if line.is_empty() {
            entry.push('\n');
        } else if line.starts_with(['[', '*', '.']) {
            entry.push_str(&format!("    {{\"{}\"}}{}\n", &line[..1], &line[1..]));
        } else {
            entry.push_str(&format!("    {line}\n"));
        }
    }
    entry
}

/// The catalogue entries of `texts` under `key`.
fn entries(key: &str, texts: &ArgTexts) -> String {
    let mut out = String::new();
    if let Some(help) = &texts.help {
        out += &ftl(&format!("help-arg-{key}"), help);
    }
    if let Some(long) = &texts.long {
        out += &ftl(&format!("help-long-arg-{key}"), long);
    }
    for (name, help) in &texts.values {
        if let Some(help) = help {
            out += &ftl(&format!("help-value-{key}-{}", id_part(name)), help);
        }
    }
    out
}

#[test]
fn every_argument_shown_in_help_has_its_text_in_both_catalogues() {
    let mut missing: BTreeMap<(String, String), Vec<(String, ArgTexts)>> = BTreeMap::new();
    let mut stale = Vec::new();
    let mut described = 0;
    for (path, command) in all_commands(crate::Cli::command()) {
        for arg in command.get_arguments().filter(|a| is_described(a)) {
            described += 1;
            let english = ArgTexts::of(arg);
            let id = id_part(arg.get_id().as_str());
            match key_of(arg, &path) {
                None => {
                    let texts = format!("{english:?}");
                    missing
                        .entry((id, texts))
                        .or_default()
                        .push((path.clone(), english));
                }
                Some(key) if english.in_catalogue(Lang::En, &key) != english => {
                    stale.push(format!(
                        "{key}: the English text changed since it was translated\n{}",
                        entries(&key, &english)
                    ));
                }
                Some(key) => {
                    let french = english.in_catalogue(Lang::Fr, &key);
                    assert_eq!(
                        (french.help.is_some(), french.long.is_some()),
                        (english.help.is_some(), english.long.is_some()),
                        "{key}: the French texts are not the English ones' twins"
                    );
                }
            }
        }
    }
    // What to add, ready to paste: a text met in more than one command under its shared id.
    // An id whose English text differs between commands is shared by its most frequent text.
    let mut to_add = String::new();
    for ((id, texts), places) in &missing {
        let most_frequent = missing
            .iter()
            .filter(|((other, _), _)| other == id)
            .max_by_key(|(_, p)| p.len())
            .is_some_and(|((_, t), _)| t == texts);
        if places.len() > 1 && most_frequent {
            to_add += &entries(id, &places[0].1);
        } else {
            for (path, texts) in places {
                to_add += &entries(&format!("{path}-{id}"), texts);
            }
        }
    }
    assert!(described > 100, "the arguments were not found: {described}");
    assert!(
        missing.is_empty() && stale.is_empty(),
        "arguments without their catalogue texts (add these to locales/en/help.ftl and \
         their translation to locales/fr/help.ftl):\n{to_add}\n{}",
        stale.join("\n")
    );
}

#[test]
fn the_french_help_describes_every_argument_in_french() {
    let english = all_commands(crate::Cli::command());
    let french = all_commands(crate::help_fr::localise(crate::Cli::command()));
    assert_eq!(english.len(), french.len());
    let mut checked = 0;
    for ((path, en), (_, fr)) in english.iter().zip(&french) {
        for arg in en.get_arguments().filter(|a| is_described(a)) {
            let Some(key) = key_of(arg, path) else {
                continue; // the test above names it
            };
            let Some(wanted) = text(Lang::Fr, &format!("help-arg-{key}")) else {
                continue;
            };
            let localised = fr
                .get_arguments()
                .find(|a| a.get_id() == arg.get_id())
                .and_then(|a| a.get_help())
                .map(ToString::to_string)
                .unwrap_or_default();
            assert!(
                localised.starts_with(&wanted),
                "{path} {}: {localised:?} is not the French {wanted:?}",
                arg.get_id()
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} arguments were checked");
}

#[test]
fn defaults_and_possible_values_are_written_in_french() {
    let arg = Arg::new("algo")
        .long("algo")
        .help("Search algorithm")
        .default_value("astar")
        .value_parser(["bfs", "astar"]);
    let localised = localise_with(arg, "no-such-key");
    let help = localised.get_help().map(ToString::to_string);
    assert_eq!(
        help.as_deref(),
        Some("Search algorithm [par défaut : astar] [valeurs possibles : bfs, astar]")
    );
    assert!(localised.is_hide_default_value_set() && localised.is_hide_possible_values_set());
}

#[test]
fn a_value_list_aligns_the_descriptions() {
    let values = vec![
        ("text".to_string(), Some("du texte".to_string())),
        ("json".to_string(), None),
        ("course".to_string(), Some("la trace".to_string())),
    ];
    assert_eq!(
        value_list(&values),
        "Valeurs possibles :\n- text :   du texte\n- json\n- course : la trace"
    );
}

#[test]
fn a_text_is_written_as_a_fluent_message() {
    assert_eq!(ftl("a", "x {y}"), "a = x {\"{\"}y{\"}\"}\n");
    assert_eq!(ftl("a", "x\n\n[y]"), "a =\n    x\n\n    {\"[\"}y]\n");
}

#[test]
fn the_french_command_line_parses_as_the_english_one() {
    let line = [
        "resolu",
        "--lang",
        "fr",
        "taquin",
        "--start",
        "bhc/afd/g_e",
        "--max-nodes",
        "5",
        "-h",
    ];
    let mut french = crate::help_fr::localise(crate::Cli::command());
    let error = french
        .try_get_matches_from_mut(line)
        .expect_err("-h stops the parse with the help");
    assert_eq!(error.kind(), clap::error::ErrorKind::DisplayHelp);
    let help = error.render().to_string();
    assert!(help.contains("Utilisation : resolu taquin"), "{help}");
    assert!(help.contains("Le taquin de départ"), "{help}");
    let matches = french
        .try_get_matches_from_mut(&line[..line.len() - 1])
        .expect("a French command line parses");
    let (name, taquin) = matches.subcommand().expect("a subcommand");
    assert_eq!(name, "taquin");
    assert_eq!(
        taquin.get_one::<String>("start").map(String::as_str),
        Some("bhc/afd/g_e")
    );
}

#[test]
fn every_command_s_examples_have_their_text_in_both_catalogues() {
    let mut to_add = String::new();
    let mut checked = 0;
    for (path, command) in all_commands(crate::Cli::command()) {
        let Some(after) = command.get_after_help().map(ToString::to_string) else {
            continue;
        };
        let id = format!("help-after-{path}");
        checked += 1;
        if text(Lang::En, &id).as_deref() != Some(after.as_str()) {
            to_add += &ftl(&id, &after);
        }
    }
    assert!(
        checked > 10,
        "the commands' examples were not found: {checked}"
    );
    assert!(
        to_add.is_empty(),
        "examples without their catalogue texts, or changed since they were translated \
         (add these to locales/en/help.ftl and their translation to locales/fr/help.ftl):\n{to_add}"
    );
}
