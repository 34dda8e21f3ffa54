//! `coverlab bench`: strategies timed side by side on puzzle files.
//!
//! Results are a markdown table per file (for people), or one JSON document or CSV table for the
//! run (for scripts and for later: `--compare OLD.json` sets a run beside a stored one), with a
//! ratio column against `--baseline` and a "solved within t" plot per file (`--plot`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use coverlab_model::Puzzle;
use coverlab_model::text::{count, file_name};
use coverlab_strategies::bench::{self, BenchRow, Settings};
use coverlab_strategies::registry::{self, Chosen};
use serde::{Deserialize, Serialize};

use crate::cli::{BenchArgs, BenchFormat};
use crate::diag::Stdout;
use crate::input::{Puzzles, resolve_spec};
use crate::signals::Interrupt;
use crate::{Exit, diag};

/// A stored run: what `--format json` writes and `--compare` reads.
#[derive(Debug, Serialize, Deserialize)]
pub struct Stored {
    /// The coverlab version that made it.
    pub coverlab: String,
    /// Solutions counted per puzzle (1 or 2).
    pub limit: u64,
    /// Threads racing on each puzzle.
    pub jobs: u64,
    /// Seconds of repetition per file and strategy.
    pub min_seconds: f64,
    /// The per-puzzle timeout, seconds.
    pub timeout: f64,
    /// The rows.
    pub rows: Vec<Row>,
}

/// One file and one strategy.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Row {
    /// The puzzle file, as given.
    pub file: String,
    /// The figures.
    #[serde(flatten)]
    pub bench: BenchRow,
    /// Throughput as a ratio to `--baseline`'s on the same file, in the same run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vs_baseline: Option<f64>,
    /// Throughput as a ratio to the stored run's row (`--compare`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vs_stored: Option<f64>,
}

impl Row {
    fn new(file: &Path, bench: BenchRow) -> Row {
        Row { file: file.to_string_lossy().into_owned(), bench, vs_baseline: None, vs_stored: None }
    }
}

/// Reads each file, runs every chosen strategy on it and writes the results.
pub fn run(args: BenchArgs) -> Result<Exit> {
    if !(args.min_seconds.is_finite() && args.min_seconds >= 0.0) {
        bail!("--min-seconds must be a non-negative number, not {}", args.min_seconds);
    }
    super::check_timeout(Some(args.timeout))?;
    if !(args.noise.is_finite() && args.noise >= 0.0) {
        bail!("--noise must be a non-negative percentage, not {}", args.noise);
    }
    let mut strategies: Vec<Chosen> = match &args.strategies {
        None => registry::infos().into_iter().map(Chosen::of).collect(),
        Some(list) => split_list(list).into_iter().map(|name| super::strategy(Some(name))).collect::<Result<_>>()?,
    };
    if strategies.is_empty() {
        bail!(
            "--strategies names no strategy: give a comma-separated list such as fast,dfs (`coverlab strategies` lists them)"
        );
    }
    if let Some(base) = &args.baseline {
        let info = super::strategy(Some(base))?;
        if !strategies.iter().any(|s| s.name == info.name) {
            strategies.insert(0, info);
        }
    }
    let stored = match &args.compare {
        Some(path) => Some(read_stored(path, &args)?),
        None => None,
    };
    if let Some(plot) = &args.plot {
        // Every numbered plot (`plot-2.svg` for a second file) against every input.
        let plots: Vec<PathBuf> = (0..args.files.len().max(1)).map(|k| numbered(plot, k, args.files.len())).collect();
        let spec = args.spec.as_deref().filter(|s| coverlab_model::builtin::load(s).is_none()).map(Path::new);
        let inputs = args.files.iter().map(PathBuf::as_path).chain(args.compare.as_deref()).chain(spec);
        crate::outfile::check(plots.iter().map(|p| ("--plot", p.as_path())), inputs)?;
    }
    let spec = args.spec.as_deref().map(resolve_spec).transpose()?;
    let interrupt = Interrupt::install();
    let settings = Settings {
        max_solutions: args.limit,
        min_seconds: args.min_seconds,
        timeout: Duration::try_from_secs_f64(args.timeout).ok(),
        threads: args.jobs as usize,
        interrupt: Some(interrupt.flag().clone()),
    };
    let mut exit = Exit::Ok;
    let mut out = Stdout::new();
    let mut all: Vec<Row> = Vec::new();
    if args.format == BenchFormat::Csv {
        writeln!(out, "{}", CSV_HEADER)?;
    }
    for (number, file) in args.files.iter().enumerate() {
        let (puzzles, bad) = read(file, spec.as_ref(), args.max_puzzles);
        if bad {
            exit = Exit::Invalid;
        }
        if puzzles.is_empty() {
            continue;
        }
        // Strategies not reached before an interrupt have no row; the one running has a
        // partial row, marked as such in every format.
        let mut rows: Vec<Row> = Vec::new();
        for chosen in &strategies {
            if interrupt.signal().is_some() {
                break;
            }
            rows.push(Row::new(file, bench::run(chosen, &puzzles, &settings)));
        }
        if let Some(base) = &args.baseline {
            let base =
                rows.iter().find(|r| &r.bench.strategy == base && !r.bench.partial).map(|r| r.bench.puzzles_per_sec);
            for row in &mut rows {
                row.vs_baseline = base.filter(|&b| b > 0.0).map(|b| row.bench.puzzles_per_sec / b);
            }
        }
        if let Some(stored) = &stored {
            for row in &mut rows {
                row.vs_stored = stored
                    .rows
                    .iter()
                    .find(|s| s.file == row.file && s.strategy == row.bench.strategy && s.puzzles_per_sec > 0.0)
                    .filter(|_| !row.bench.partial)
                    .map(|s| row.bench.puzzles_per_sec / s.puzzles_per_sec);
            }
        }
        if let Some(plot) = &args.plot {
            let path = numbered(plot, number, args.files.len());
            let series: Vec<(String, Vec<f64>)> = rows
                .iter()
                .map(|r| {
                    let solved =
                        r.bench.times_us.iter().zip(&r.bench.answered).filter(|(_, a)| **a).map(|(t, _)| t * 1e-6);
                    (r.bench.strategy.clone(), solved.collect())
                })
                .collect();
            let title = format!("{}: {}, counting to {}", file_name(file), count(puzzles.len(), "puzzle"), args.limit);
            let svg = crate::plot::solved_within(&series, puzzles.len(), &title);
            crate::outfile::write(&path, svg)?;
        }
        match args.format {
            BenchFormat::Markdown => {
                writeln!(
                    out,
                    "## {} ({}, counting to {})\n",
                    file_name(file),
                    count(puzzles.len(), "puzzle"),
                    args.limit
                )?;
                writeln!(out, "{}", markdown(&rows, args.baseline.as_deref(), stored.is_some(), args.noise))?;
            }
            BenchFormat::Csv => {
                for row in &rows {
                    writeln!(out, "{}", csv_line(row))?;
                }
            }
            BenchFormat::Json => {}
        }
        out.flush()?;
        all.extend(rows);
        if interrupt.signal().is_some() {
            break;
        }
    }
    if args.format == BenchFormat::Json {
        let stored = Stored {
            coverlab: env!("CARGO_PKG_VERSION").into(),
            limit: args.limit,
            jobs: args.jobs,
            min_seconds: args.min_seconds,
            timeout: args.timeout,
            rows: all,
        };
        serde_json::to_writer(&mut out, &stored)?;
        writeln!(out)?;
        out.flush()?;
    }
    if let Some(signal) = interrupt.signal() {
        diag!("interrupted: partial results (rows marked partial cover the puzzles timed before the signal)");
        return Ok(Exit::Signal(signal));
    }
    Ok(exit)
}

/// `a,b(x: 1, y: 2),c` split at the commas outside parentheses.
fn split_list(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[from..i].trim());
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(text[from..].trim());
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// The puzzles of `file` (at most `max`), and whether any was bad or the file unreadable.
fn read(file: &Path, spec: Option<&std::sync::Arc<coverlab_model::Model>>, max: usize) -> (Vec<Puzzle>, bool) {
    let mut reader = Puzzles::open(std::slice::from_ref(&file.to_path_buf()), None, spec.cloned());
    let mut puzzles = Vec::new();
    let mut notes = 0;
    let mut bad = false;
    while let Some(item) = reader.next_item(&mut notes) {
        if puzzles.len() >= max {
            diag!("{}: timing its first {} only (--max-puzzles)", file_name(file), count(max, "puzzle"));
            break;
        }
        match item.puzzle {
            Ok(p) => puzzles.push(p),
            Err(e) => {
                diag!("skipped: {e}");
                bad = true;
            }
        }
    }
    (puzzles, bad || notes > 0)
}

/// The largest stored run `--compare` reads: 100,000 puzzles' times for each of a dozen
/// strategies on a few files fit many times over.
pub const MAX_STORED_BYTES: u64 = 256 << 20;

/// What `--compare` reads of a stored run: its settings and each row's throughput. The
/// per-puzzle times are passed over as they are read, so memory grows with the rows, not with
/// the file.
#[derive(Debug, Deserialize)]
struct StoredRun {
    limit: u64,
    #[serde(default)]
    timeout: Option<f64>,
    rows: Vec<StoredRow>,
}

/// One row of a stored run, as `--compare` needs it.
#[derive(Debug, Deserialize)]
struct StoredRow {
    file: String,
    strategy: String,
    puzzles_per_sec: f64,
}

/// Reads a stored run (at most [`MAX_STORED_BYTES`]) and refuses one that cannot be compared
/// with this run: counted to another limit, times are of another task.
fn read_stored(path: &Path, args: &BenchArgs) -> Result<StoredRun> {
    let shown = file_name(path);
    if path.is_dir() {
        bail!("cannot read {shown}: it is a directory");
    }
    let file = std::fs::File::open(path).with_context(|| format!("cannot open {shown}"))?;
    if file.metadata().is_ok_and(|m| m.is_file() && m.len() > MAX_STORED_BYTES) {
        bail!("{shown} is larger than {} MiB, the limit for a stored run", MAX_STORED_BYTES >> 20);
    }
    // Read as a stream (a special file is cut at the limit, and its JSON then ends too soon).
    let limited = std::io::Read::take(file, MAX_STORED_BYTES);
    let run: StoredRun = serde_json::from_reader(std::io::BufReader::new(limited))
        .with_context(|| format!("{shown} is not a run stored with `coverlab bench --format json`"))?;
    if run.limit != args.limit {
        bail!(
            "--compare {shown}: that run counted to {} per puzzle and this one to {} (--limit): \
             their times measure different work",
            count(run.limit, "solution"),
            args.limit
        );
    }
    if let Some(t) = run.timeout.filter(|&t| t != args.timeout) {
        diag!("note: {shown} was run with --timeout {t}, this run with {}: puzzles near it may differ", args.timeout);
    }
    Ok(run)
}

/// `plot.svg`, or `plot-2.svg` for the second of several files.
fn numbered(path: &Path, number: usize, files: usize) -> PathBuf {
    if files <= 1 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().map_or_else(|| "plot".into(), |s| s.to_string_lossy().into_owned());
    let ext = path.extension().map_or_else(|| "svg".into(), |e| e.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{}.{ext}", number + 1))
}

/// A row's strategy as the tables show it: `(partial)` after a row cut short by an interrupt.
fn shown_name(r: &Row) -> String {
    if r.bench.partial { format!("{} (partial)", r.bench.strategy) } else { r.bench.strategy.clone() }
}

/// The markdown table of one file's rows.
fn markdown(rows: &[Row], baseline: Option<&str>, compared: bool, noise: f64) -> String {
    let mut head = String::from(
        "| strategy | puzzles | solved | timeouts | puzzles/s | median µs | p99 µs | max µs | guesses/puzzle | no-guess % |",
    );
    let mut rule = String::from("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    if let Some(base) = baseline {
        head.push_str(&format!(" vs {base} |"));
        rule.push_str(" ---: |");
    }
    if compared {
        head.push_str(" vs stored |");
        rule.push_str(" ---: |");
    }
    let mut out = format!("{head}\n{rule}\n");
    for r in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.2} | {:.1} |",
            shown_name(r),
            r.bench.puzzles,
            r.bench.solved,
            r.bench.timeouts,
            r.bench.puzzles_per_sec,
            r.bench.median_us,
            r.bench.p99_us,
            r.bench.max_us,
            r.bench.guesses_per_puzzle,
            r.bench.no_guess_pct
        ));
        if baseline.is_some() {
            out.push_str(&format!(" {} |", r.vs_baseline.map_or("-".into(), |x| format!("{x:.2}×"))));
        }
        if compared {
            out.push_str(&format!(" {} |", r.vs_stored.map_or("not stored".into(), |x| moved(x, noise))));
        }
        out.push('\n');
    }
    out
}

/// A ratio to a stored run, flagged when it moved by more than the noise.
fn moved(ratio: f64, noise: f64) -> String {
    let change = (ratio - 1.0) * 100.0;
    if change.abs() <= noise {
        format!("{ratio:.2}×")
    } else if change > 0.0 {
        format!("{ratio:.2}× **faster**")
    } else {
        format!("{ratio:.2}× **slower**")
    }
}

const CSV_HEADER: &str = "file,strategy,puzzles,solved,timeouts,puzzles_per_sec,median_us,p99_us,max_us,\
guesses_per_puzzle,no_guess_pct,vs_baseline,vs_stored,times_us";

/// One CSV line: the times joined by spaces in the last column; text fields quoted.
fn csv_line(r: &Row) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let opt = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.4}"));
    let times: Vec<String> = r
        .bench
        .times_us
        .iter()
        .zip(&r.bench.answered)
        .map(|(t, a)| if *a { format!("{t:.2}") } else { "timeout".into() })
        .collect();
    format!(
        "{},{},{},{},{},{:.1},{:.2},{:.2},{:.2},{:.3},{:.2},{},{},{}",
        quote(&r.file),
        quote(&shown_name(r)),
        r.bench.puzzles,
        r.bench.solved,
        r.bench.timeouts,
        r.bench.puzzles_per_sec,
        r.bench.median_us,
        r.bench.p99_us,
        r.bench.max_us,
        r.bench.guesses_per_puzzle,
        r.bench.no_guess_pct,
        opt(r.vs_baseline),
        opt(r.vs_stored),
        quote(&times.join(" "))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_beyond_the_noise_are_flagged() {
        assert_eq!(moved(1.05, 10.0), "1.05×");
        assert_eq!(moved(1.25, 10.0), "1.25× **faster**");
        assert_eq!(moved(0.80, 10.0), "0.80× **slower**");
    }

    #[test]
    fn strategy_lists_split_outside_parentheses() {
        assert_eq!(split_list("fast,dfs"), ["fast", "dfs"]);
        assert_eq!(split_list("fast(hidden: false, gac_from: 1), mrv,"), ["fast(hidden: false, gac_from: 1)", "mrv"]);
    }

    #[test]
    fn several_plots_are_numbered() {
        assert_eq!(numbered(Path::new("out/p.svg"), 0, 1), Path::new("out/p.svg"));
        assert_eq!(numbered(Path::new("out/p.svg"), 1, 3), Path::new("out/p-2.svg"));
    }
}
