//! `--lang fr --html FILE`: a page reads in the run's language (#36), its buttons, step
//! captions, counters and titles in the course's French words.

use crate::html::{Browser, page, text_of};

#[test]
fn html_page_in_french_uses_the_courses_words() {
    let (path, html) = page("lang-fr-taquin.html", &["--lang", "fr", "taquin"], 0);
    assert!(html.contains("<html lang=\"fr\">"));
    for word in [
        "<th>états développés</th>",
        "<th>états générés</th>",
        "Frontière (prochain choix en tête)",
        "La solution, coup par coup",
        "La recherche",
    ] {
        assert!(html.contains(word), "the French page has {word}");
    }
    for english in [
        "expand #",
        "Frontier (next",
        "step forward",
        "<th>expanded</th>",
    ] {
        assert!(!html.contains(english), "no English left: {english}");
    }
    let (_, english) = page("lang-en-taquin.html", &["--lang", "en", "taquin"], 0);
    assert!(english.contains("<th>expanded</th>") && english.contains("expand #3"));
    let Some(browser) = Browser::find() else {
        return;
    };
    let dom = browser.dom(&path, "step=3");
    // The search section is the second one (the solution comes first).
    let search = &dom[dom.find("id=\"s1\"").unwrap()..];
    assert!(
        text_of(search, "caption").starts_with("développe n°3 : f = "),
        "{}",
        text_of(search, "caption")
    );
    let counters = text_of(search, "now-counters");
    for word in ["frontière ", "ensemble fermé ", "états générés "] {
        assert!(counters.contains(word), "{counters}");
    }
    assert!(text_of(search, "where").starts_with("étape 3 / "));
    assert_eq!(text_of(search, "play"), "▶ lecture");
    let last = browser.dom(&path, "step=last");
    let search = &last[last.find("id=\"s1\"").unwrap()..];
    assert_eq!(text_of(search, "caption"), "résolu : un chemin de 5 coups");
}
