//! Plots as SVG (plotters' SVG backend: text is written as `<text>` elements, so no font is
//! needed to make them, and any browser shows them).
//!
//! - [`solve_times`]: where the time of a run went, the chart of seed 004: the distribution of
//!   per-puzzle solve times on a log axis, beside the distribution of guesses per puzzle.
//! - [`solved_within`]: one curve per strategy of the puzzles solved within t (the cumulative
//!   "cactus" plot solver papers compare with), on a log time axis.

use plotters::prelude::*;

use crate::summary::{LogHistogram, Summary};

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

/// The histogram's bins regrouped `per` to a bucket (coarser bars), as (low, high, count).
fn coarse(h: &LogHistogram, scale: f64, per: usize) -> Vec<(f64, f64, u64)> {
    let mut out: Vec<(f64, f64, u64)> = Vec::new();
    for (low, high, count) in h.bins() {
        let (low, high) = ((low * scale).max(f64::MIN_POSITIVE), high * scale);
        // Bars start on a grid of `per` fine buckets per doubling... of 16.
        let key = (low.log2() * 16.0 / per as f64).floor();
        match out.last_mut() {
            Some(last) if (last.0.log2() * 16.0 / per as f64).floor() == key => {
                last.1 = high;
                last.2 += count;
            }
            _ => out.push((2f64.powf(key * per as f64 / 16.0), high, count)),
        }
    }
    out
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
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((low..high).log_scale(), 0u64..top + top / 10 + 1)?;
    chart.configure_mesh().x_desc(x_desc).y_desc("puzzles").x_labels(8).y_labels(6).draw()?;
    chart.draw_series(bars.iter().map(|&(l, h, c)| Rectangle::new([(l, 0), (h, c)], color.mix(0.8).filled())))?;
    Ok(())
}

/// The solve-time and guess distributions of a run, as an SVG document.
pub fn solve_times(summary: &Summary, inputs: &str, strategy: &str) -> String {
    let mut svg = String::new();
    let drawn = (|| -> Result<(), Box<dyn std::error::Error>> {
        let root = SVGBackend::with_string(&mut svg, (1100, 460)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!("{inputs}: {} puzzles, strategy {strategy}", summary.puzzles);
        let root = root.titled(&title, ("sans-serif", 20))?;
        let (left, right) = root.split_horizontally(550);
        // Times in microseconds: the histogram holds nanoseconds.
        let times = coarse(&summary.times, 1e-3, 4);
        histogram_panel(&left, &times, "solve time per puzzle", "time (µs, log scale)", PALETTE[0])?;
        // Guesses shifted by one, so that puzzles solved without a guess have a place on a log axis.
        let mut shifted = LogHistogram::default();
        for (low, _, count) in summary.guess_counts.bins() {
            shifted.add_many(low.round() as u64 + 1, count);
        }
        let guesses = coarse(&shifted, 1.0, 8);
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
