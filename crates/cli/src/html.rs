//! `--html FILE`: the flags and the writing of the step-through pages. The recording (the
//! observers a command runs beside its printing one) and the pages themselves live in
//! `resolu_view::record` and `resolu_view::pages`; a command creates a recorder when the
//! flag is given, runs once with it, and writes the page built from what it recorded.

use crate::common::{AlgoArgs, CliError, algorithm_named, bad_input};
use clap::Args;
use resolu_search::Algorithm;
use resolu_view::pages::Recorded;
use resolu_view::record::ProofRecorder;
use resolu_view::{Labels, Page};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// `--html FILE` of the commands that are not searches.
#[derive(Args, Clone, Debug, Default)]
pub struct HtmlArg {
    /// Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS
    /// and a small script, no network) to open in a browser; ← → step, space plays.
    #[arg(long, value_parser = crate::common::output_file, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// `--html FILE` and `--compare` of the search commands.
#[derive(Args, Clone, Debug, Default)]
pub struct SearchHtml {
    /// Write a step-through page to FILE: the solution move by move and the search itself
    /// (each expansion with f, g, h, the frontier and closed set, the search tree), one
    /// self-contained HTML file to open in a browser; ← → step, space plays.
    #[arg(long, value_parser = crate::common::output_file, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// With --html: the algorithms whose searches the page shows side by side, e.g.
    /// `astar,bfs` (default: --algo alone, the run the text reports).
    #[arg(long, value_name = "ALGOS", requires = "html", value_delimiter = ',')]
    pub compare: Vec<String>,
}

impl SearchHtml {
    /// The algorithms to show: `--compare`'s, or the one of `--algo`.
    fn algorithms(&self, algo: &AlgoArgs) -> Result<Vec<Algorithm>, CliError> {
        if self.compare.is_empty() {
            return Ok(vec![algo.algorithm()?]);
        }
        self.compare
            .iter()
            .map(|name| {
                algorithm_named(name.trim(), algo.weight)?
                    .ok_or_else(|| bad_input(crate::tr!("refusal-compare-unknown", name = name)))
            })
            .collect()
    }

    /// The searches a page shows: the command's own run (`run`, the one the text reports,
    /// first), then each other algorithm of `--compare`, run by `other` for the page.
    pub fn runs<'a, S, A>(
        &self,
        algo: &AlgoArgs,
        run: Recorded<'a, S, A>,
        mut other: impl FnMut(Algorithm) -> Recorded<'a, S, A>,
    ) -> Result<Vec<Recorded<'a, S, A>>, CliError> {
        let own = run.recorder.algorithm();
        let mut runs = vec![run];
        for algorithm in self.algorithms(algo)? {
            if algorithm != own {
                runs.push(other(algorithm));
            }
        }
        Ok(runs)
    }
}

/// The words of the pages in the run's language (`--lang`).
pub fn labels() -> Labels {
    match crate::i18n::lang() {
        crate::lang::Lang::Fr => Labels::french(),
        crate::lang::Lang::En => Labels::english(),
    }
}

/// Writes `page` to `path`, in the run's language, with an error that names the file.
pub fn write_page(path: &Path, page: &Page) -> Result<(), CliError> {
    crate::common::write_output(path, page.render_in(&labels()).as_bytes())
}

/// Writes the page `make` builds to the file of `--html`, if the flag was given.
pub fn write_if(path: &Option<PathBuf>, make: impl FnOnce() -> Page) -> Result<(), CliError> {
    match path {
        Some(path) => write_page(path, &make()),
        None => Ok(()),
    }
}

/// Whether a text output draws a `rows` x `cols` board: up to 20x20, or when asked
/// (`--show-board`); a 1000x1000 tour is a million numbers no terminal shows usefully.
pub fn show_board(rows: usize, cols: usize, asked: bool) -> bool {
    asked || rows * cols <= 400
}

/// `resolu experiment`: `report.html` beside `report.md`, the same report with its SVG plots
/// inline, so that one file opens in a browser.
pub fn experiment_report(out: &Path, report: &str) -> Result<(), CliError> {
    let image = |file: &str| -> Option<String> {
        // Only plots written beside the report are inlined.
        if file.contains('/') || file.contains("..") {
            return None;
        }
        std::fs::read_to_string(out.join(file)).ok()
    };
    let html = resolu_view::report::markdown_page_in(
        labels().lang,
        &crate::tr!("experiment-report-html-title"),
        report,
        &image,
    );
    let path = out.join("report.html");
    crate::common::write_output(&path, html.as_bytes())
}

/// The recording of a `prove` run for `--html` (nothing without the flag): shared between
/// the prover's observer and the loop that prints the answers.
#[derive(Clone, Default)]
pub struct ProofPage(Option<Rc<RefCell<ProofRecorder>>>);

impl ProofPage {
    /// A recording if `--html` is given; the run's options then record ports and proofs.
    pub fn new(html: &HtmlArg, options: &mut resolu_logic::Options) -> ProofPage {
        if html.html.is_none() {
            return ProofPage(None);
        }
        options.ports = true;
        options.explain = true;
        ProofPage(Some(Rc::new(RefCell::new(
            ProofRecorder::new().labels(labels()),
        ))))
    }

    /// Whether the run is recorded.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// The operators of the database that runs, so that the page writes goals as the
    /// terminal does.
    pub fn operators(&self, ops: resolu_logic::Operators) {
        if let Some(r) = &self.0 {
            r.borrow_mut().set_operators(ops);
        }
    }

    /// One trace event of the run.
    pub fn event(&self, e: &resolu_logic::TraceEvent) {
        if let Some(r) = &self.0 {
            r.borrow_mut().event(e);
        }
    }

    /// An answer of the run.
    pub fn answer(&self, a: &resolu_logic::Answer) {
        if let Some(r) = &self.0 {
            r.borrow_mut().answer(a);
        }
    }

    /// The run stopped at a limit: `why`, as the text says it.
    pub fn stopped(&self, why: String) {
        if let Some(r) = &self.0 {
            r.borrow_mut().stopped(why);
        }
    }

    /// Writes the page to the file of `--html`.
    pub fn write(&self, html: &HtmlArg, query: &str) -> Result<(), CliError> {
        match (&html.html, &self.0) {
            (Some(path), Some(r)) => {
                let recorded = std::mem::take(&mut *r.borrow_mut());
                write_page(path, &recorded.page(query))
            }
            _ => Ok(()),
        }
    }
}
