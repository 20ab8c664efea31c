//! Step-through pages: pure functions from states, outcomes and recorded traces to one
//! self-contained HTML string (inline SVG, CSS and a small script; no network, no file or
//! terminal I/O), so that the command line only writes what is returned and tests can read
//! the page. [`record`] holds the observers a command runs beside its printing one (so a
//! page shows the very run the terminal reports), [`pages`] the pages of the commands,
//! [`draw`] every picture.
//!
//! The data model is small. A [`Page`] holds [`Section`]s; each section is a sequence of
//! [`Step`]s (a caption, the counters at that step, a text form of the state) and one SVG
//! scene whose elements carry the step at which they appear (`data-s`), disappear
//! (`data-x`) and are done (`data-d`: closed, expanded, valued). One shared script steps
//! every section (buttons, a slider, keys, play/pause) by toggling classes, so a solution
//! drawn frame by frame ([`Section::frames`]) and a search tree growing node by node
//! ([`Section::tree`]) are the same mechanism.
//!
//! ```
//! use resolu_view::{draw, Frame, Page, Section};
//!
//! let frames = vec![
//!     Frame::new(draw::tiles(2, 2, &["1", "2", "", "3"], None), "start", "1 2 / _ 3"),
//!     Frame::new(draw::tiles(2, 2, &["1", "2", "3", ""], Some(2)), "move 1: 3", "1 2 / 3 _"),
//! ];
//! let page = Page::new("2x2").section(Section::frames("Solution", frames));
//! let html = page.render();
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains("move 1: 3"));
//! ```

pub mod draw;
pub mod fold;
mod labels;
pub mod on_problem;
pub mod pages;
pub mod record;
mod refusals;
pub mod report;
mod tree;
mod words;

pub use labels::Labels;
pub use tree::{Mark, Shape, Tree, TreeNode, wrap};

use std::fmt::Write as _;

/// The most nodes a tree panel draws by default; recorders stop there and the page says so.
pub const DEFAULT_NODE_CAP: usize = 2000;

/// Escapes text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Formats a number without a useless fraction: `3` for 3.0, `2.5` for 2.5.
pub fn number(x: f64) -> String {
    if x.is_finite() && x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else if x.is_infinite() {
        if x > 0.0 { "∞".into() } else { "-∞".into() }
    } else {
        let s = format!("{x:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// An SVG picture: its size and its inner markup (no `<svg>` wrapper).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Svg {
    /// Width in pixels.
    pub width: f64,
    /// Height in pixels.
    pub height: f64,
    /// The elements inside the `<svg>` element.
    pub body: String,
}

impl Svg {
    /// The picture as a standalone `<svg>` element.
    pub fn to_element(&self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">{}</svg>",
            self.body,
            w = number(self.width),
            h = number(self.height)
        )
    }
}

impl Svg {
    /// This picture with `below` under it (a map over a search tree), both left-aligned.
    pub fn over(self, below: Svg) -> Svg {
        let gap = 12.0;
        Svg {
            width: self.width.max(below.width),
            height: self.height + gap + below.height,
            body: format!(
                "{}<g transform=\"translate(0 {})\">{}</g>",
                self.body,
                number(self.height + gap),
                below.body
            ),
        }
    }
}

/// One step of a section: what the page says while it is shown.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Step {
    /// A one-line caption ("Move 3: tile c", "expand #4: f = 5 (g = 2, h = 3)").
    pub caption: String,
    /// The counters at this step ("frontier 4, closed 3"), empty if none.
    pub counters: String,
    /// The state shown, as text (the page writes it into the section's `data-shown`
    /// attribute, which the browser tests read); empty means the caption.
    pub state: String,
}

impl Step {
    /// A step with a caption only.
    pub fn new(caption: impl Into<String>) -> Step {
        Step {
            caption: caption.into(),
            ..Step::default()
        }
    }

    /// Sets the counters line.
    pub fn counters(mut self, counters: impl Into<String>) -> Step {
        self.counters = counters.into();
        self
    }

    /// Sets the text form of the state shown.
    pub fn state(mut self, state: impl Into<String>) -> Step {
        self.state = state.into();
        self
    }
}

/// One picture of a solution drawn frame by frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frame {
    /// The picture.
    pub svg: Svg,
    /// Its step.
    pub step: Step,
}

impl Frame {
    /// A frame: a picture, a caption and the state as text.
    pub fn new(svg: Svg, caption: impl Into<String>, state: impl Into<String>) -> Frame {
        Frame {
            svg,
            step: Step::new(caption).state(state),
        }
    }
}

/// A section of a page: a titled sequence of steps over one scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Section {
    /// The heading.
    pub title: String,
    /// Sentences under the heading (what is drawn, caps applied).
    pub notes: Vec<String>,
    /// The final counters, as the text output prints them: (name, value).
    pub counters: Vec<(String, String)>,
    /// The picture; its elements carry `data-s`/`data-x`/`data-d` step attributes.
    pub scene: Svg,
    /// The steps, from 0.
    pub steps: Vec<Step>,
    /// Whether to list every step's caption beside the picture (an expansion log).
    pub log: bool,
    /// Whether to list the frontier beside the picture at each step (its open nodes, in
    /// the order the algorithm takes them, the next choice first).
    pub frontier: bool,
}

impl Section {
    /// A section showing one frame per step (a solution move by move).
    pub fn frames(title: impl Into<String>, frames: Vec<Frame>) -> Section {
        let width = frames.iter().map(|f| f.svg.width).fold(0.0, f64::max);
        let height = frames.iter().map(|f| f.svg.height).fold(0.0, f64::max);
        let mut body = String::new();
        let mut steps = Vec::with_capacity(frames.len());
        for (k, frame) in frames.into_iter().enumerate() {
            let _ = write!(
                body,
                "<g class=\"frame\" data-s=\"{k}\" data-x=\"{}\">{}</g>",
                k + 1,
                frame.svg.body
            );
            steps.push(frame.step);
        }
        Section {
            title: title.into(),
            scene: Svg {
                width,
                height,
                body,
            },
            steps,
            ..Section::default()
        }
    }

    /// A section drawing a tree that grows step by step: each node appears at its
    /// `shown` step and is marked done at its `done` step; `steps` says what happens at
    /// each step (they should number at least one more than the largest step of a node).
    pub fn tree(title: impl Into<String>, tree: &Tree, steps: Vec<Step>) -> Section {
        Section {
            title: title.into(),
            scene: tree.svg(),
            steps,
            log: true,
            ..Section::default()
        }
    }

    /// A section over any scene whose elements carry step attributes.
    pub fn scene(title: impl Into<String>, scene: Svg, steps: Vec<Step>) -> Section {
        Section {
            title: title.into(),
            scene,
            steps,
            ..Section::default()
        }
    }

    /// Adds a sentence under the heading.
    pub fn note(mut self, note: impl Into<String>) -> Section {
        self.notes.push(note.into());
        self
    }

    /// Sets the final counters (name, value), shown beside the picture.
    pub fn counters<N: Into<String>, V: ToString>(
        mut self,
        counters: impl IntoIterator<Item = (N, V)>,
    ) -> Section {
        self.counters = counters
            .into_iter()
            .map(|(n, v)| (n.into(), v.to_string()))
            .collect();
        self
    }

    /// Shows (or hides) the frontier panel (for a tree whose nodes carry `open`).
    pub fn frontier(mut self, on: bool) -> Section {
        self.frontier = on;
        self
    }

    /// Shows (or hides) the list of every step's caption.
    pub fn with_log(mut self, log: bool) -> Section {
        self.log = log;
        self
    }

    fn render(&self, out: &mut String, index: usize, labels: &Labels) {
        let _ = write!(
            out,
            "<section class=\"stepper\" id=\"s{index}\" data-steps=\"{}\">\n<h2>{}</h2>\n",
            self.steps.len(),
            escape(&self.title)
        );
        for note in &self.notes {
            let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(note));
        }
        let b = &labels.buttons;
        let z = &labels.zoom;
        let _ = write!(
            out,
            "<div class=\"controls\"><button class=\"first\" title=\"{}\">|◀</button>\
<button class=\"prev\" title=\"{}\">◀</button>\
<button class=\"play\" title=\"{}\">{}</button>\
<button class=\"next\" title=\"{}\">▶</button>\
<button class=\"last\" title=\"{}\">▶|</button>\
<input class=\"slider\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" aria-label=\"{}\">\
<span class=\"where\"></span>\
<span class=\"zoom\"><button class=\"zout\" title=\"{}\">−</button><button class=\"zfit\" title=\"{}\">{}</button><button class=\"zin\" title=\"{}\">+</button></span></div>\n<div class=\"caption\"></div><div class=\"now-counters\"></div>\n<div class=\"body\">",
            b[0], b[1], b[2], labels.play, b[3], b[4], labels.step, z[0], z[1], z[3], z[2]
        );
        let _ = write!(
            out,
            "<div class=\"scene\">{}</div>\n<div class=\"side-panel\">",
            self.scene.to_element()
        );
        if !self.counters.is_empty() {
            out.push_str("<table class=\"counters\">");
            for (name, value) in &self.counters {
                let _ = write!(
                    out,
                    "<tr><th>{}</th><td>{}</td></tr>",
                    escape(name),
                    escape(value)
                );
            }
            out.push_str("</table>");
        }
        if self.frontier {
            let _ = write!(
                out,
                "<div class=\"frontier-title\">{}</div><ol class=\"frontier\"></ol>",
                escape(labels.frontier_title)
            );
        }
        if self.log {
            out.push_str("<ol class=\"log\" start=\"0\">");
            for (k, step) in self.steps.iter().enumerate() {
                let _ = write!(out, "<li data-step=\"{k}\">{}</li>", escape(&step.caption));
            }
            out.push_str("</ol>");
        }
        out.push_str("</div></div>\n<script type=\"application/json\" class=\"steps\">");
        let steps: Vec<serde_json::Value> = if self.steps.is_empty() {
            vec![serde_json::json!({"c": labels.nothing})]
        } else {
            self.steps
                .iter()
                .map(|s| {
                    let mut o = serde_json::Map::new();
                    o.insert("c".into(), s.caption.clone().into());
                    if !s.counters.is_empty() {
                        o.insert("n".into(), s.counters.clone().into());
                    }
                    if !s.state.is_empty() {
                        o.insert("t".into(), s.state.clone().into());
                    }
                    serde_json::Value::Object(o)
                })
                .collect()
        };
        // `</` inside a script element would end it early; JSON allows `<\/`.
        let json = serde_json::Value::Array(steps)
            .to_string()
            .replace("</", "<\\/");
        out.push_str(&json);
        out.push_str("</script>\n</section>\n");
    }
}

/// A whole page: a title, a few sentences, and sections.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// The title (also the heading).
    pub title: String,
    /// Sentences under the title (the command, the problem).
    pub intro: Vec<String>,
    /// The sections, in order.
    pub sections: Vec<Section>,
    /// Whether sections sit side by side (a comparison) rather than one under the other.
    pub side_by_side: bool,
    /// With [`side_by_side`](Page::side_by_side): how many sections come first at full width
    /// (the solution) before the compared ones, which share one row, a column each.
    pub lead_sections: usize,
}

impl Page {
    /// An empty page with a title.
    pub fn new(title: impl Into<String>) -> Page {
        Page {
            title: title.into(),
            ..Page::default()
        }
    }

    /// Adds a sentence under the title.
    pub fn intro(mut self, line: impl Into<String>) -> Page {
        self.intro.push(line.into());
        self
    }

    /// Adds a section.
    pub fn section(mut self, section: Section) -> Page {
        self.sections.push(section);
        self
    }

    /// Puts the sections side by side (for comparisons).
    pub fn side_by_side(mut self, yes: bool) -> Page {
        self.side_by_side = yes;
        self
    }

    /// Keeps the first `n` sections at full width above the side-by-side ones.
    pub fn lead_sections(mut self, n: usize) -> Page {
        self.lead_sections = n;
        self
    }

    /// The page as one self-contained HTML document, in English. The same page always
    /// gives the same string: nothing in it depends on the time or the machine.
    pub fn render(&self) -> String {
        self.render_in(&Labels::english())
    }

    /// The page as one self-contained HTML document, its buttons and keys in the words of
    /// `labels` (the captions and titles are the sections' own).
    pub fn render_in(&self, labels: &Labels) -> String {
        let mut out = String::with_capacity(16 * 1024);
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"resolu\">\n<title>{}</title>\n<style>\n{}</style>\n</head>\n\
<body data-ready=\"no\" data-l-step=\"{}\" data-l-play=\"{}\" data-l-pause=\"{}\" data-l-more=\"{}\">\n<h1>{}</h1>\n",
            labels.lang,
            escape(&self.title),
            include_str!("page.css"),
            escape(labels.step),
            escape(labels.play),
            escape(labels.pause),
            escape(labels.more),
            escape(&self.title)
        );
        for line in &self.intro {
            let _ = writeln!(out, "<p class=\"intro\">{}</p>", escape(line));
        }
        let _ = write!(out, "<p class=\"keys\">{}", labels.keys);
        if self.sections.len() > 1 {
            let _ = write!(
                out,
                " <label><input type=\"checkbox\" id=\"sync\"> {}</label>",
                escape(labels.sync)
            );
        }
        out.push_str("</p>\n");
        // A comparison puts its searches in one row, a column each (at 1280 px, three
        // columns of about 400 px, whose trees fit their box), under the lead sections.
        let lead = if self.side_by_side {
            self.lead_sections.min(self.sections.len())
        } else {
            self.sections.len()
        };
        let (first, compared) = self.sections.split_at(lead);
        if !first.is_empty() {
            out.push_str("<div class=\"sections\">\n");
            for (i, section) in first.iter().enumerate() {
                section.render(&mut out, i, labels);
            }
            out.push_str("</div>\n");
        }
        if !compared.is_empty() {
            let _ = writeln!(
                out,
                "<div class=\"sections side\" style=\"--columns: {}\">",
                compared.len()
            );
            for (i, section) in compared.iter().enumerate() {
                section.render(&mut out, lead + i, labels);
            }
            out.push_str("</div>\n");
        }
        out.push_str("<script>\n");
        out.push_str(include_str!("page.js"));
        out.push_str("</script>\n</body>\n</html>\n");
        out
    }
}
