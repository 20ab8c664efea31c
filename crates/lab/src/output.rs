//! What an experiment leaves behind: a CSV of every run, SVG plots of the summary, and a
//! Markdown report that embeds them.

use crate::{LabError, Run, Summary};
use plotters::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

/// The CSV columns, in order: one row per run.
pub const CSV_COLUMNS: [&str; 12] = [
    "problem",
    "algorithm",
    "heuristic",
    "instance",
    "depth",
    "status",
    "length",
    "expanded",
    "generated",
    "max_frontier",
    "time_ms",
    "bstar",
];

/// Writes every run to `path` as CSV with the [`CSV_COLUMNS`] header (empty cells for
/// missing values).
pub fn write_csv(path: &Path, runs: &[Run]) -> Result<(), LabError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    if runs.is_empty() {
        w.write_record(CSV_COLUMNS)?;
    }
    for r in runs {
        w.serialize(r)?;
    }
    let bytes = w.into_inner().map_err(|e| LabError::Write {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    write_whole(path, &bytes)
}

/// Writes `bytes` to `path` whole or not at all (a temporary file renamed into place), so
/// that a failed write never leaves half a file where the previous good one was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), LabError> {
    resolu_puzzles::cache::write_atomically(path, |w| w.write_all(bytes)).map_err(|e| {
        LabError::Write {
            path: path.to_path_buf(),
            message: e.to_string(),
        }
    })
}

/// A CSV of runs written as they end (`runs.partial.csv` beside `runs.csv`): a study killed
/// midway keeps what it measured. Safe to share between the threads of a study; when the
/// whole results are written, [`RunLog::done`] removes it.
pub struct RunLog {
    path: std::path::PathBuf,
    writer: std::sync::Mutex<Option<csv::Writer<std::fs::File>>>,
}

impl RunLog {
    /// Creates (or empties) the log at `path`.
    pub fn create(path: &Path) -> Result<RunLog, LabError> {
        let writer = csv::Writer::from_path(path).map_err(|e| LabError::Write {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        Ok(RunLog {
            path: path.to_path_buf(),
            writer: std::sync::Mutex::new(Some(writer)),
        })
    }

    /// Appends `run`'s row and flushes it, then gives the run back. A failed write only
    /// loses this safety copy (the log stops; the study goes on).
    pub fn keep(&self, run: Run) -> Run {
        if let Ok(mut guard) = self.writer.lock()
            && let Some(w) = guard.as_mut()
            && (w.serialize(&run).is_err() || w.flush().is_err())
        {
            *guard = None;
        }
        run
    }

    /// The whole results are written elsewhere: the log goes.
    pub fn done(self) {
        drop(self.writer);
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The plots written by [`write_plots`], as (file name, what it shows).
pub const PLOTS: [(&str, &str); 3] = [
    (
        "nodes.svg",
        "median expanded nodes against solution depth (log scale)",
    ),
    ("time.svg", "median time against solution depth (log scale)"),
    (
        "bstar.svg",
        "median effective branching factor b* against solution depth",
    ),
];

const COLORS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// Writes the three [`PLOTS`] of `summary` into `dir`, one line per configuration.
pub fn write_plots(dir: &Path, summary: &Summary) -> Result<(), LabError> {
    let series =
        |value: &dyn Fn(&crate::SummaryRow) -> Option<f64>| -> Vec<(String, Vec<(f64, f64)>)> {
            summary
                .configs()
                .into_iter()
                .map(|c| {
                    let points = summary
                        .rows
                        .iter()
                        .filter(|r| r.config() == c)
                        .filter_map(|r| value(r).map(|v| (f64::from(r.depth), v)))
                        .collect();
                    (c, points)
                })
                .collect()
        };
    let log = |v: f64| (v > 0.0).then(|| v.log10());
    line_chart(
        &dir.join(PLOTS[0].0),
        "Expanded nodes by solution depth",
        "expanded nodes (median)",
        &series(&|r| log(r.median_expanded)),
        true,
    )?;
    line_chart(
        &dir.join(PLOTS[1].0),
        "Time by solution depth",
        "time in ms (median)",
        &series(&|r| log(r.median_time_ms)),
        true,
    )?;
    line_chart(
        &dir.join(PLOTS[2].0),
        "Effective branching factor b* by solution depth",
        "b* (median of solved runs)",
        &series(&|r| r.median_bstar),
        false,
    )
}

/// One line chart; with `log10`, the values are base-10 logarithms and the axis is labelled
/// with the plain numbers (1, 10, 100, 0.01). The series are told apart by colour, marker
/// (disc, triangle, square, cross, then hollow ones) and line style (solid, dashed,
/// dotted); the legend sits to the right of the plot, off the data; the x axis is labelled
/// at the measured depths only.
fn line_chart(
    path: &Path,
    title: &str,
    y_desc: &str,
    series: &[(String, Vec<(f64, f64)>)],
    log10: bool,
) -> Result<(), LabError> {
    let err = |e: &dyn std::fmt::Display| LabError::Write {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in points.clone() {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    if x0 > x1 {
        (x0, x1, y0, y1) = (0.0, 1.0, 0.0, 1.0);
    }
    let mut depths: Vec<f64> = points.map(|&(x, _)| x).collect();
    depths.sort_by(f64::total_cmp);
    depths.dedup();
    let (y0, y1) = if log10 {
        (y0.floor(), y1.ceil().max(y0.floor() + 1.0))
    } else {
        (0.0_f64.min(y0), y1 * 1.1 + 0.1)
    };
    let mut svg = String::new();
    draw_chart(
        &mut svg,
        title,
        y_desc,
        series,
        log10,
        (x0, x1, y0, y1),
        &depths,
    )
    .map_err(|e| err(&e))?;
    write_whole(path, svg.as_bytes())
}

/// Draws [`line_chart`]'s chart into `svg`, within the bounds given.
fn draw_chart(
    svg: &mut String,
    title: &str,
    y_desc: &str,
    series: &[(String, Vec<(f64, f64)>)],
    log10: bool,
    (x0, x1, y0, y1): (f64, f64, f64, f64),
    depths: &[f64],
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let legend_width = 230;
    let root = SVGBackend::with_string(svg, (900 + legend_width, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let (plot, legend) = root.split_horizontally(900);
    let pad = (x1 - x0).max(1.0) * 0.03;
    let mut chart = ChartBuilder::on(&plot)
        .caption(title, ("sans-serif", 22))
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(80)
        .build_cartesian_2d((x0 - pad)..(x1.max(x0 + 1.0) + pad), y0..y1)
        .map_err(|e| err(&e))?;
    let plain = |v: &f64| {
        if log10 {
            plain_number(10f64.powf(*v))
        } else {
            plain_number(*v)
        }
    };
    chart
        .configure_mesh()
        .x_desc("optimal solution length (moves)")
        .y_desc(y_desc)
        .x_labels(0)
        .disable_x_mesh()
        .y_label_formatter(&plain)
        .y_labels(if log10 { (y1 - y0) as usize + 1 } else { 10 })
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(|e| err(&e))?;
    // The x axis at the measured depths only: a light line and the depth under the axis.
    let tick_font = ("sans-serif", 13).into_font().color(&BLACK);
    for &d in depths {
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(d, y0), (d, y1)],
                BLACK.mix(0.12).stroke_width(1),
            )))
            .map_err(|e| err(&e))?;
        let (px, py) = chart.backend_coord(&(d, y0));
        plot.draw(&Text::new(
            format!("{d:.0}"),
            (px - 4 * format!("{d:.0}").len() as i32, py + 6),
            tick_font.clone(),
        ))
        .map_err(|e| err(&e))?;
    }
    for (i, (_, pts)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let style = color.stroke_width(2);
        match i % 3 {
            0 => chart
                .draw_series(LineSeries::new(pts.iter().copied(), style))
                .map(|_| ()),
            1 => chart
                .draw_series(DashedLineSeries::new(pts.iter().copied(), 9, 5, style))
                .map(|_| ()),
            _ => chart
                .draw_series(DashedLineSeries::new(pts.iter().copied(), 2, 4, style))
                .map(|_| ()),
        }
        .map_err(|e| err(&e))?;
        for &p in pts {
            marker(chart.plotting_area(), p, i, color).map_err(|e| err(&e))?;
        }
    }
    // The legend, to the right of the plot.
    let name_font = ("sans-serif", 14).into_font().color(&BLACK);
    for (i, (name, _)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let y = 70 + 26 * i as i32;
        let (dash, gap) = match i % 3 {
            0 => (36, 0),
            1 => (9, 5),
            _ => (2, 4),
        };
        let mut x = 8;
        while x < 44 {
            let end = (x + dash).min(44);
            legend
                .draw(&PathElement::new(
                    vec![(x, y), (end, y)],
                    color.stroke_width(2),
                ))
                .map_err(|e| err(&e))?;
            x = end + gap.max(1);
        }
        marker(&legend, (26, y), i, color).map_err(|e| err(&e))?;
        legend
            .draw(&Text::new(name.clone(), (52, y - 8), name_font.clone()))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))
}

/// Draws the marker of series `i` at `at`: a disc, a triangle, a square or a cross, filled
/// for the first eight series and hollow for the next eight.
fn marker<DB: DrawingBackend, CT: CoordTranslate>(
    area: &DrawingArea<DB, CT>,
    at: CT::From,
    i: usize,
    color: RGBColor,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = if (i / 4).is_multiple_of(2) {
        color.filled()
    } else {
        color.stroke_width(2)
    };
    match i % 4 {
        0 => area.draw(&(EmptyElement::at(at) + Circle::new((0, 0), 5, style))),
        1 => area.draw(&(EmptyElement::at(at) + TriangleMarker::new((0, 0), 6, style))),
        2 => area.draw(&(EmptyElement::at(at) + Rectangle::new([(-4, -4), (4, 4)], style))),
        _ => area.draw(&(EmptyElement::at(at) + Cross::new((0, 0), 5, color.stroke_width(2)))),
    }
}

/// A number as people write it: `1000`, `2.5`, `0.01` (no exponent).
fn plain_number(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let digits = (2 - v.abs().log10().floor() as i32).clamp(0, 12) as usize;
    let s = format!("{v:.digits$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// The summary as a Markdown table, its header in `words`.
pub fn markdown_table(summary: &Summary, words: &dyn crate::ReportWords) -> String {
    let mut s = format!(
        "{}\n| ---: | --- | ---: | ---: | ---: | ---: | ---: |\n",
        words.summary_header()
    );
    for r in &summary.rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {:.0} | {:.3} | {} |",
            r.depth,
            r.config(),
            r.runs,
            r.solved,
            r.median_expanded,
            r.median_time_ms,
            r.median_bstar.map_or("".into(), |b| format!("{b:.3}"))
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::plain_number;

    #[test]
    fn numbers_are_written_plainly() {
        assert_eq!(plain_number(1000.0), "1000");
        assert_eq!(plain_number(100000.0), "100000");
        assert_eq!(plain_number(1.0), "1");
        assert_eq!(plain_number(0.01), "0.01");
        assert_eq!(plain_number(0.0001), "0.0001");
        assert_eq!(plain_number(2.5), "2.5");
        assert_eq!(plain_number(0.0), "0");
    }
}
