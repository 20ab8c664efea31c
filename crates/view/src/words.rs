//! The words of the domain pages (Hanoi, queens, rules, prover, games, knight, cube) in
//! the page's language: kept apart from [`Labels`]' fields so that each page's sentences
//! sit in one place, chosen by `Labels::lang`.

use crate::Labels;

impl Labels {
    /// `en` on an English page, `fr` on a French one.
    pub fn say<'a>(&self, en: &'a str, fr: &'a str) -> &'a str {
        if self.lang == "fr" { fr } else { en }
    }

    /// Whether the page is in French.
    pub fn is_french(&self) -> bool {
        self.lang == "fr"
    }

    /// The colon that ends a label: " :" in French typography, ":" in English.
    pub fn colon(&self) -> &'static str {
        if self.is_french() { " :" } else { ":" }
    }

    /// `count` followed by `one` or `many` (English and French plurals agree on 0 and 1
    /// differently: French writes "0 coup", "1 coup", English "0 moves", "1 move").
    pub fn count(&self, count: u64, one: &str, many: &str) -> String {
        let single = count == 1 || (self.is_french() && count == 0);
        format!("{count} {}", if single { one } else { many })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_follow_the_language() {
        let (en, fr) = (Labels::english(), Labels::french());
        assert_eq!(en.say("peg", "pic"), "peg");
        assert_eq!(fr.say("peg", "pic"), "pic");
        assert_eq!(en.count(0, "move", "moves"), "0 moves");
        assert_eq!(fr.count(0, "coup", "coups"), "0 coup");
        assert_eq!(fr.colon(), " :");
    }
}
