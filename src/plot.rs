//! Plots as SVG (plotters' SVG backend: text is written as `<text>` elements, so no font is
//! needed to make them, and any browser shows them).
//!
//! - [`solve_times`]: where the time of a run went, the chart of seed 004: the distribution of
//!   per-puzzle solve times on a log axis, beside the distribution of guesses per puzzle.
//! - [`solved_within`]: one curve per strategy of the puzzles solved within t (the cumulative
//!   "cactus" plot solver papers compare with), on a log time axis.

use coverlab_model::text::count;
use plotters::prelude::*;

use crate::summary::Summary;

const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// Bars per doubling of the x axis.
const BARS_PER_DOUBLING: f64 = 4.0;

/// Counts of values `x` (each with its count) as bars on a fixed log grid, 4 per doubling:
/// (low, high, count), no two overlapping.
fn log_bars(values: impl Iterator<Item = (f64, u64)>) -> Vec<(f64, f64, u64)> {
    let mut by_bar: std::collections::BTreeMap<i64, u64> = std::collections::BTreeMap::new();
    for (x, count) in values.filter(|&(x, _)| x > 0.0) {
        *by_bar.entry((x.log2() * BARS_PER_DOUBLING).floor() as i64).or_default() += count;
    }
    let edge = |k: i64| 2f64.powf(k as f64 / BARS_PER_DOUBLING);
    by_bar.into_iter().map(|(k, count)| (edge(k), edge(k + 1), count)).collect()
}

/// A log axis's labels: `12`, `3.5`, `0.25`, `1e6`.
fn label(v: &f64) -> String {
    match v.abs() {
        a if a >= 1e5 => format!("{v:.0e}"),
        a if a >= 10.0 || a == a.round() => format!("{v:.0}"),
        a if a >= 0.1 => format!("{v:.2}").trim_end_matches('0').to_string(),
        _ => format!("{v:.0e}"),
    }
}

/// Draws one histogram panel on a log x axis.
fn histogram_panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    bars: &[(f64, f64, u64)],
    caption: &str,
    x_desc: &str,
    color: RGBColor,
) -> Result<(), Box<dyn std::error::Error>> {
    let low = bars.iter().map(|b| b.0).fold(f64::INFINITY, f64::min);
    let high = bars.iter().map(|b| b.1).fold(0.0, f64::max);
    let (low, high) = if low.is_finite() && high > low { (low, high) } else { (1.0, 10.0) };
    let top = bars.iter().map(|b| b.2).max().unwrap_or(1).max(1);
    // Powers of 2 label a short range, powers of 10 a long one.
    let base = if high / low > 1000.0 { 10.0 } else { 2.0 };
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((low..high).log_scale().base(base), 0u64..top + top / 10 + 1)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc("puzzles")
        .x_labels(12)
        .y_labels(6)
        .x_label_formatter(&label)
        .draw()?;
    chart.draw_series(bars.iter().map(|&(l, h, c)| Rectangle::new([(l, 0), (h, c)], color.mix(0.8).filled())))?;
    Ok(())
}

/// The solve-time and guess distributions of a run, as an SVG document.
pub fn solve_times(summary: &Summary, inputs: &str, strategy: &str) -> String {
    let mut svg = String::new();
    let drawn = (|| -> Result<(), Box<dyn std::error::Error>> {
        let root = SVGBackend::with_string(&mut svg, (1100, 460)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!("{inputs}: {}, strategy {strategy}", count(summary.puzzles, "puzzle"));
        let root = root.titled(&title, ("sans-serif", 20))?;
        let (left, right) = root.split_horizontally(550);
        // Times in microseconds (the histogram holds nanoseconds), each bin at its middle.
        let times = log_bars(summary.times.bins().into_iter().map(|(l, h, c)| ((l * h).sqrt() * 1e-3, c)));
        histogram_panel(&left, &times, "solve time per puzzle", "time (µs, log scale)", PALETTE[0])?;
        // Guesses plus one, so that puzzles solved without a guess have a place on a log axis.
        let guesses = log_bars(summary.guess_counts.values().map(|(v, c)| (v + 1.0, c)));
        histogram_panel(&right, &guesses, "guesses per puzzle", "guesses + 1 (log scale)", PALETTE[1])?;
        root.present()?;
        Ok(())
    })();
    if let Err(e) = drawn {
        tracing::warn!("the plot is incomplete: {e}");
    }
    svg
}

/// Puzzles solved within t, one curve per series of (name, solve times in seconds of the
/// puzzles solved), out of `total` puzzles, as an SVG document.
pub fn solved_within(series: &[(String, Vec<f64>)], total: usize, title: &str) -> String {
    let mut svg = String::new();
    let drawn = (|| -> Result<(), Box<dyn std::error::Error>> {
        let root = SVGBackend::with_string(&mut svg, (900, 540)).into_drawing_area();
        root.fill(&WHITE)?;
        let all = series.iter().flat_map(|(_, t)| t.iter().copied()).filter(|&t| t > 0.0);
        let (low, high) = all.fold((f64::INFINITY, 0.0f64), |(lo, hi), t| (lo.min(t), hi.max(t)));
        let (low, high) = if low.is_finite() && high > low { (low / 1.5, high * 1.5) } else { (1e-6, 1.0) };
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d((low..high).log_scale(), 0usize..total.max(1))?;
        chart.configure_mesh().x_desc("time per puzzle (s, log scale)").y_desc("puzzles solved within t").draw()?;
        for (i, (name, times)) in series.iter().enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            let mut sorted: Vec<f64> = times.iter().map(|&t| t.max(low)).collect();
            sorted.sort_by(f64::total_cmp);
            let points = sorted.iter().enumerate().map(|(k, &t)| (t, k + 1));
            chart
                .draw_series(LineSeries::new(points, color.stroke_width(2)))?
                .label(name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
        }
        chart.configure_series_labels().background_style(WHITE.mix(0.9)).border_style(BLACK).draw()?;
        root.present()?;
        Ok(())
    })();
    if let Err(e) = drawn {
        tracing::warn!("the plot is incomplete: {e}");
    }
    svg
}
