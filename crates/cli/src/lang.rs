//! The language of what a person reads: `--lang fr|en`, else the locale (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`, the first one set: `fr*` gives French, anything else English).
//! JSON keys never change with it: they are for programs.

use clap::ValueEnum;

/// A language of the output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French, the course's language.
    Fr,
}

impl Lang {
    /// The language asked for by `flag`, else the locale's.
    pub fn resolve(flag: Option<Lang>) -> Lang {
        flag.unwrap_or_else(|| Lang::of_locale(|name| std::env::var(name).ok()))
    }

    /// The locale's language, reading the environment through `var` (the POSIX order:
    /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`; an empty value counts as unset).
    pub fn of_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|name| var(name).filter(|v| !v.is_empty()));
        match locale {
            Some(l) if l.to_ascii_lowercase().starts_with("fr") => Lang::Fr,
            _ => Lang::En,
        }
    }

    /// The language a command line asks for with `--lang L` or `--lang=L` (before a `--`),
    /// read before clap parses it so that the help can be in that language.
    pub fn flag_in(args: impl Iterator<Item = String>) -> Option<Lang> {
        let mut args = args.take_while(|a| a != "--");
        let mut found = None;
        while let Some(arg) = args.next() {
            let value = match arg.strip_prefix("--lang") {
                Some("") => args.next(),
                Some(rest) => rest.strip_prefix('=').map(str::to_string),
                None => None,
            };
            if let Some(lang) = value.and_then(|v| Lang::from_str(&v, true).ok()) {
                found = Some(lang);
            }
        }
        found
    }

    /// `fr` or `en` text, by this language.
    pub fn pick<'a>(self, fr: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Fr => fr,
            Lang::En => en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_decides_in_posix_order_and_the_flag_wins() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::of_locale(env(&[("LANG", "fr_FR.UTF-8")])), Lang::Fr);
        assert_eq!(
            Lang::of_locale(env(&[("LC_ALL", "C"), ("LANG", "fr_FR.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            Lang::of_locale(env(&[("LC_ALL", ""), ("LC_MESSAGES", "fr_CA")])),
            Lang::Fr
        );
        assert_eq!(Lang::of_locale(env(&[])), Lang::En);
        assert_eq!(Lang::resolve(Some(Lang::En)), Lang::En);
    }

    #[test]
    fn the_flag_is_found_in_a_command_line_before_parsing() {
        let args = |line: &str| line.split(' ').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            Lang::flag_in(args("resolu taquin --lang fr").into_iter()),
            Some(Lang::Fr)
        );
        assert_eq!(
            Lang::flag_in(args("resolu --lang=en knight").into_iter()),
            Some(Lang::En)
        );
        assert_eq!(
            Lang::flag_in(args("resolu knight --lang").into_iter()),
            None
        );
        assert_eq!(
            Lang::flag_in(args("resolu prove f -- --lang fr").into_iter()),
            None
        );
    }
}
