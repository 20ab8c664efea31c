//! What an experiment leaves behind: a CSV of every run, SVG plots of the summary, and a
//! Markdown report that embeds them.

use crate::{Run, Summary};
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
pub fn write_csv(path: &Path, runs: &[Run]) -> Result<(), String> {
    let mut w = csv::Writer::from_path(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if runs.is_empty() {
        w.write_record(CSV_COLUMNS).map_err(|e| e.to_string())?;
    }
    for r in runs {
        w.serialize(r).map_err(|e| e.to_string())?;
    }
    w.flush().map_err(|e| e.to_string())
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
pub fn write_plots(dir: &Path, summary: &Summary) -> Result<(), String> {
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
/// with powers of ten.
fn line_chart(
    path: &Path,
    title: &str,
    y_desc: &str,
    series: &[(String, Vec<(f64, f64)>)],
    log10: bool,
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in points {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    if x0 > x1 {
        (x0, x1, y0, y1) = (0.0, 1.0, 0.0, 1.0);
    }
    let (y0, y1) = if log10 {
        (y0.floor(), y1.ceil().max(y0.floor() + 1.0))
    } else {
        (0.0_f64.min(y0), y1 * 1.1 + 0.1)
    };
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(70)
        .build_cartesian_2d(x0..x1.max(x0 + 1.0), y0..y1)
        .map_err(|e| err(&e))?;
    let power = |v: &f64| {
        if log10 {
            format!("1e{v:.0}")
        } else {
            format!("{v:.2}")
        }
    };
    chart
        .configure_mesh()
        .x_desc("optimal solution length (moves)")
        .y_desc(y_desc)
        .y_label_formatter(&power)
        .y_labels(if log10 { (y1 - y0) as usize + 1 } else { 10 })
        .draw()
        .map_err(|e| err(&e))?;
    for (i, (name, pts)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))
            .map_err(|e| err(&e))?
            .label(name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart
            .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
            .map_err(|e| err(&e))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

/// The summary as a Markdown table.
pub fn markdown_table(summary: &Summary) -> String {
    let mut s = String::from(
        "| depth | configuration | runs | solved | median expanded | median time (ms) | median b* |\n\
         | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n",
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
