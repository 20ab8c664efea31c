//! The messages a person reads, in English or French, from Project Fluent catalogues
//! (`locales/{en,fr}/*.ftl`, built into the binary: `main.ftl` for the commands' texts,
//! `output.ftl` for the reports of the prover, rules, tables, cube and experiments,
//! `help.ftl` for `--help` and parse errors). The language is chosen once at
//! startup ([`set_lang`], from `--lang` or the locale) and read by [`tr!`](crate::tr) where a
//! message is written. JSON never goes through here: its keys and words are a contract.
//!
//! A message missing from the French catalogue falls back to the English one, and one
//! missing from both prints its id: a test (below) keeps the two catalogues' messages the
//! same, and another checks that every id the sources use exists.

use crate::lang::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// The English catalogue, one file per area (an id lives in one file only).
const EN_FTL: [&str; 3] = [
    include_str!("../locales/en/main.ftl"),
    include_str!("../locales/en/output.ftl"),
    include_str!("../locales/en/help.ftl"),
];
/// The French catalogue, the same files.
const FR_FTL: [&str; 3] = [
    include_str!("../locales/fr/main.ftl"),
    include_str!("../locales/fr/output.ftl"),
    include_str!("../locales/fr/help.ftl"),
];

/// The language of this run: 0 English, 1 French.
static LANG: AtomicU8 = AtomicU8::new(0);

/// Sets the language of every message of this run.
pub fn set_lang(lang: Lang) {
    LANG.store(
        match lang {
            Lang::En => 0,
            Lang::Fr => 1,
        },
        Ordering::Relaxed,
    );
}

/// The language of this run (English until [`set_lang`] says otherwise), or English while
/// [`in_english`] words a JSON value on this thread.
pub fn lang() -> Lang {
    if ENGLISH_HERE.get() {
        return Lang::En;
    }
    match LANG.load(Ordering::Relaxed) {
        1 => Lang::Fr,
        _ => Lang::En,
    }
}

thread_local! {
    /// Set while [`in_english`] runs: the JSON's `message` sentences stay English.
    static ENGLISH_HERE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `make()` with every message in English, whatever the run's language: the sentences a
/// JSON report carries (its `message`) are part of its contract, as its keys.
pub fn in_english<T>(make: impl FnOnce() -> T) -> T {
    let before = ENGLISH_HERE.replace(true);
    let made = make();
    ENGLISH_HERE.set(before);
    made
}

/// The catalogue of `lang`, parsed once.
fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static EN: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    static FR: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    let (cell, texts, id) = match lang {
        Lang::En => (&EN, EN_FTL, "en"),
        Lang::Fr => (&FR, FR_FTL, "fr"),
    };
    let id: unic_langid::LanguageIdentifier = id.parse().unwrap_or_default();
    cell.get_or_init(|| {
        // The catalogues are part of the binary and a test parses both without error: a
        // faulty entry is skipped here (its id then prints as itself) rather than abort.
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // No Unicode isolation marks around arguments: the output goes to terminals and
        // files, where they would show as stray characters.
        bundle.set_use_isolating(false);
        for text in texts {
            let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
            let _ = bundle.add_resource(resource);
        }
        bundle
    })
}

/// The message `id` in `lang` with `args`; the English one if `lang`'s catalogue lacks it,
/// else the id itself.
pub fn message(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    for lang in [lang, Lang::En] {
        let bundle = bundle(lang);
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            return bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned();
        }
    }
    id.to_string()
}

/// The message `id` of this run's language if a catalogue has it (for the optional ones,
/// such as a subcommand's French help).
pub fn optional(id: &str) -> Option<String> {
    let known = [lang(), Lang::En].into_iter().any(|l| {
        bundle(l)
            .get_message(id)
            .is_some_and(|m| m.value().is_some())
    });
    known.then(|| message(lang(), id, None))
}

/// An argument of a message: numbers stay numbers (for plural forms), the rest is text.
pub trait Arg {
    /// The Fluent value of this argument.
    fn value(self) -> FluentValue<'static>;
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            fn value(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, u128, usize, i32, i64);

impl Arg for String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl Arg for &String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

impl Arg for &str {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

/// `tr!("id")` or `tr!("id", name = value, ...)`: the message `id` of this run's language,
/// with its arguments (numbers for plural forms, anything else as text).
#[macro_export]
macro_rules! tr {
    ($id:expr) => {
        $crate::i18n::message($crate::i18n::lang(), $id, None)
    };
    ($id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), $crate::i18n::Arg::value($value)); )+
        $crate::i18n::message($crate::i18n::lang(), $id, Some(&args))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_syntax::ast;
    use std::collections::{BTreeMap, BTreeSet};

    /// Each message (and term) of a catalogue with its attributes and the variables it uses.
    fn inventory(text: &str) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(text)
            .unwrap_or_else(|(_, errors)| panic!("a catalogue does not parse: {errors:?}"));
        let mut found = BTreeMap::new();
        for entry in resource.body {
            let (id, value, attributes) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_string(), m.value, m.attributes),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(t.value), t.attributes),
                _ => continue,
            };
            let mut parts = BTreeSet::new();
            if let Some(p) = &value {
                variables(p, &mut parts);
            }
            for a in &attributes {
                parts.insert(format!(".{}", a.id.name));
                variables(&a.value, &mut parts);
            }
            found.insert(id, parts);
        }
        found
    }

    /// The `$variables` a pattern uses, selectors included.
    fn variables(pattern: &ast::Pattern<&str>, into: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, into);
            }
        }
    }

    fn expression_variables(e: &ast::Expression<&str>, into: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline_variables(selector, into);
                for v in variants {
                    variables(&v.value, into);
                }
            }
            ast::Expression::Inline(i) => inline_variables(i, into),
        }
    }

    fn inline_variables(e: &ast::InlineExpression<&str>, into: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                into.insert(format!("${}", id.name));
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_variables(a, into);
                }
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, into)
            }
            _ => {}
        }
    }

    /// Every message of a language's files; an id defined in two files fails.
    fn inventory_all(texts: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
        let mut all = BTreeMap::new();
        for text in texts {
            for (id, parts) in inventory(text) {
                assert!(
                    all.insert(id.clone(), parts).is_none(),
                    "{id} is defined in two catalogue files"
                );
            }
        }
        all
    }

    #[test]
    fn both_catalogues_have_the_same_messages_with_the_same_arguments() {
        let en = inventory_all(&EN_FTL);
        let fr = inventory_all(&FR_FTL);
        let only_en: Vec<_> = en.keys().filter(|k| !fr.contains_key(*k)).collect();
        let only_fr: Vec<_> = fr.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(
            only_en.is_empty() && only_fr.is_empty(),
            "messages only in English: {only_en:?}; only in French: {only_fr:?}"
        );
        for (id, parts) in &en {
            assert_eq!(
                parts, &fr[id],
                "{id}: the attributes and arguments differ between English and French"
            );
        }
        assert!(en.len() > 50, "the catalogues were not read");
    }

    #[test]
    fn the_inventory_sees_a_missing_message_or_argument() {
        let en = inventory("a = A { $x }\nb = B\n");
        assert_ne!(en, inventory("a = A { $x }\n"), "a message missing");
        assert_ne!(en, inventory("a = A\nb = B\n"), "an argument missing");
        assert_eq!(en, inventory("b = Bé\na = Â { $x }\n"));
    }

    /// The ids written as `tr!("id"` in the sources.
    fn ids_used() -> BTreeSet<String> {
        let mut ids = BTreeSet::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("the sources are readable") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("i18n.rs")
                {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    for (at, _) in text.match_indices("tr!(") {
                        // `include_str!(` and the like end the same way.
                        if text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                            continue;
                        }
                        let piece = text[at + 4..].trim_start();
                        if let Some(rest) = piece.strip_prefix('"')
                            && let Some(end) = rest.find('"')
                        {
                            ids.insert(rest[..end].to_string());
                        }
                    }
                }
            }
        }
        ids
    }

    #[test]
    fn every_message_the_sources_use_is_in_the_catalogues() {
        let en = inventory_all(&EN_FTL);
        let ids = ids_used();
        assert!(ids.len() > 10, "the sources' messages were not found");
        let missing: Vec<_> = ids.iter().filter(|id| !en.contains_key(*id)).collect();
        assert!(
            missing.is_empty(),
            "messages used but not catalogued: {missing:?}"
        );
    }

    #[test]
    fn messages_take_their_arguments_and_plural_forms() {
        let mut args = FluentArgs::new();
        args.set("count", FluentValue::from(1u64));
        assert_eq!(message(Lang::Fr, "test-plural", Some(&args)), "1 coup");
        args.set("count", FluentValue::from(0u64));
        assert_eq!(message(Lang::Fr, "test-plural", Some(&args)), "0 coup");
        assert_eq!(message(Lang::En, "test-plural", Some(&args)), "0 moves");
        args.set("count", FluentValue::from(12_345u64));
        assert_eq!(message(Lang::En, "test-plural", Some(&args)), "12345 moves");
        assert_eq!(
            message(Lang::Fr, "no-such-message", None),
            "no-such-message"
        );
    }
}
