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
}
