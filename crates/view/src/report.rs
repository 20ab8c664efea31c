//! An experiment's Markdown report as one HTML page with its SVG plots inline.

use crate::escape;

/// Inline Markdown: `code`, **bold** and *emphasis*, the rest escaped.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let next = ["`", "**", "*"]
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i, *m)))
            .min_by_key(|&(i, m)| (i, std::cmp::Reverse(m.len())));
        let Some((i, mark)) = next else {
            out.push_str(&escape(rest));
            break;
        };
        let after = &rest[i + mark.len()..];
        let Some(end) = after.find(mark) else {
            out.push_str(&escape(rest));
            break;
        };
        out.push_str(&escape(&rest[..i]));
        let tag = match mark {
            "`" => "code",
            "**" => "strong",
            _ => "em",
        };
        out.push_str(&format!("<{tag}>{}</{tag}>", escape(&after[..end])));
        rest = &after[end + mark.len()..];
    }
    out
}

/// The Markdown `report` (headings, paragraphs, lists, tables, images) as a self-contained
/// HTML page; an image `![what](file.svg)` is replaced by `image(file)`'s SVG text, inline
/// (or kept as a link when `image` has none).
///
/// ```
/// let page = resolu_view::report::markdown_page(
///     "Report",
///     "# Title\n\n![plot](a.svg)\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
///     &|f: &str| (f == "a.svg").then(|| "<svg><circle r=\"1\"/></svg>".to_string()),
/// );
/// assert!(page.contains("<h1>Title</h1>"));
/// assert!(page.contains("<figure><svg><circle"));
/// assert!(page.contains("<td>1</td><td>2</td>"));
/// ```
pub fn markdown_page(title: &str, report: &str, image: &dyn Fn(&str) -> Option<String>) -> String {
    markdown_page_in("en", title, report, image)
}

/// [`markdown_page`] whose `<html lang>` is `lang` (`en`, `fr`): the report's language,
/// so that a browser reads and hyphenates it as such.
pub fn markdown_page_in(
    lang: &str,
    title: &str,
    report: &str,
    image: &dyn Fn(&str) -> Option<String>,
) -> String {
    let mut body = String::new();
    let mut paragraph: Vec<String> = Vec::new();
    let mut table: Vec<Vec<String>> = Vec::new();
    let mut list: Vec<String> = Vec::new();
    let flush = |body: &mut String,
                 paragraph: &mut Vec<String>,
                 table: &mut Vec<Vec<String>>,
                 list: &mut Vec<String>| {
        if !paragraph.is_empty() {
            body.push_str(&format!("<p>{}</p>\n", inline(&paragraph.join(" "))));
            paragraph.clear();
        }
        if !list.is_empty() {
            body.push_str("<ul>");
            for item in list.drain(..) {
                body.push_str(&format!("<li>{}</li>", inline(&item)));
            }
            body.push_str("</ul>\n");
        }
        if !table.is_empty() {
            body.push_str("<table>");
            for (i, row) in table.iter().enumerate() {
                // The second row of a Markdown table is the alignment line.
                if i == 1
                    && row
                        .iter()
                        .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
                {
                    continue;
                }
                let cell = if i == 0 { "th" } else { "td" };
                body.push_str("<tr>");
                for c in row {
                    body.push_str(&format!("<{cell}>{}</{cell}>", inline(c.trim())));
                }
                body.push_str("</tr>");
            }
            body.push_str("</table>\n");
            table.clear();
        }
    };
    for line in report.lines() {
        let t = line.trim();
        if t.is_empty() {
            flush(&mut body, &mut paragraph, &mut table, &mut list);
        } else if let Some(h) = t.strip_prefix('#') {
            flush(&mut body, &mut paragraph, &mut table, &mut list);
            let level = 1 + h.chars().take_while(|&c| c == '#').count();
            let text = h.trim_start_matches('#').trim();
            body.push_str(&format!("<h{level}>{}</h{level}>\n", inline(text)));
        } else if t.starts_with('|') {
            if !paragraph.is_empty() || !list.is_empty() {
                flush(&mut body, &mut paragraph, &mut table, &mut list);
            }
            let inner = t.trim_start_matches('|').trim_end_matches('|');
            table.push(inner.split('|').map(str::to_string).collect());
        } else if let Some(item) = t.strip_prefix("- ").or_else(|| t.strip_prefix("* ")) {
            list.push(item.to_string());
        } else if let (Some(rest), true) = (t.strip_prefix("!["), t.ends_with(')')) {
            flush(&mut body, &mut paragraph, &mut table, &mut list);
            let (alt, file) = rest.split_once("](").unwrap_or((rest, ""));
            let file = file.trim_end_matches(')');
            match image(file) {
                Some(svg) => {
                    let svg = match svg.find("<svg") {
                        Some(i) => &svg[i..],
                        None => &svg,
                    };
                    body.push_str(&format!(
                        "<figure>{svg}<figcaption>{}</figcaption></figure>\n",
                        escape(alt)
                    ));
                }
                None => body.push_str(&format!(
                    "<p><a href=\"{}\">{}</a></p>\n",
                    escape(file),
                    escape(alt)
                )),
            }
        } else if !list.is_empty() && line.starts_with("  ") {
            if let Some(last) = list.last_mut() {
                last.push(' ');
                last.push_str(t);
            }
        } else {
            if !table.is_empty() || !list.is_empty() {
                flush(&mut body, &mut paragraph, &mut table, &mut list);
            }
            paragraph.push(t.to_string());
        }
    }
    flush(&mut body, &mut paragraph, &mut table, &mut list);
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n\
body {{ max-width: 980px; margin: 1rem auto 3rem; padding: 0 1rem; font: 15px/1.5 system-ui, sans-serif; color: #1f2933; }}\n\
table {{ border-collapse: collapse; font-variant-numeric: tabular-nums; margin: .8rem 0; }}\n\
th, td {{ border: 1px solid #cbd2d9; padding: .15rem .5rem; }} td {{ text-align: right; }}\n\
th {{ background: #f5f7fa; }}\nfigure {{ margin: 1rem 0; }} figure svg {{ max-width: 100%; height: auto; }}\n\
figcaption {{ color: #616e7c; font-size: .9rem; }}\ncode {{ background: #f5f7fa; padding: 0 .2em; }}\n\
</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(lang),
        escape(title)
    )
}
