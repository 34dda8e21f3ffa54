//! `coverlab bench`: strategies timed side by side on puzzle files.
//!
//! Results are a markdown table per file (for people), or one JSON document or CSV table for the
//! run (for scripts and for later: `--compare OLD.json` sets a run beside a stored one), with a
//! ratio column against `--baseline` and a "solved within t" plot per file (`--plot`).
//!
//! A row is named by what ran: the chosen name and the options that differ from its own values
//! (`fast(locked: false)`), so ablations of one strategy read apart in every format.

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
    /// The per-solve node limit (`--max-nodes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_nodes: Option<u64>,
    /// The per-strategy, per-file budget, seconds (`--budget`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<f64>,
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
    if let Some(b) = args.budget.filter(|b| !(b.is_finite() && *b > 0.0)) {
        bail!("--budget must be a positive number of seconds, not {b}");
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
    // The baseline's row by its name as shown: `--baseline fast` is not `fast(locked: false)`.
    let baseline = match &args.baseline {
        Some(base) => {
            let chosen = super::strategy(Some(base))?;
            let name = chosen.short_label();
            if !strategies.iter().any(|s| s.short_label() == name) {
                strategies.insert(0, chosen);
            }
            Some(name)
        }
        None => None,
    };
    let names: Vec<String> = strategies.iter().map(Chosen::short_label).collect();
    let stored = match &args.compare {
        Some(path) => Some(read_stored(path, &args, &names)?),
        None => None,
    };
    if let Some(plot) = &args.plot {
        // Every numbered plot (`plot-2.svg` for a second file) against every input.
        let plots: Vec<PathBuf> = (0..args.files.len().max(1)).map(|k| numbered(plot, k, args.files.len())).collect();
        let spec = args.spec.as_deref().and_then(crate::input::spec_file);
        let inputs = args.files.iter().map(PathBuf::as_path).chain(args.compare.as_deref()).chain(spec);
        crate::outfile::check(plots.iter().map(|p| ("--plot", p.as_path())), inputs)?;
    }
    let spec = args.spec.as_deref().map(resolve_spec).transpose()?;
    let interrupt = Interrupt::install();
    let settings = Settings {
        max_solutions: args.limit,
        min_seconds: args.min_seconds,
        timeout: Duration::try_from_secs_f64(args.timeout).ok(),
        max_nodes: args.max_nodes,
        budget: args.budget.and_then(|b| Duration::try_from_secs_f64(b).ok()),
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
            let row = bench::run(chosen, &puzzles, &settings);
            if row.over_budget {
                diag!(
                    "{}: {} spent its --budget of {} s after {} of {} puzzles: its row covers those (partial)",
                    file_name(file),
                    row.name,
                    args.budget.unwrap_or_default(),
                    row.puzzles,
                    puzzles.len()
                );
            }
            rows.push(Row::new(file, row));
        }
        if let Some(base) = &baseline {
            let base = rows.iter().find(|r| row_name(r) == base && !r.bench.partial).map(|r| r.bench.puzzles_per_sec);
            for row in &mut rows {
                row.vs_baseline = base.filter(|&b| b > 0.0).map(|b| row.bench.puzzles_per_sec / b);
            }
        }
        if let Some(stored) = &stored {
            for row in &mut rows {
                row.vs_stored = stored
                    .rows
                    .iter()
                    .find(|s| s.file == row.file && s.name() == row_name(row) && s.puzzles_per_sec > 0.0)
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
                    (row_name(r).to_string(), solved.collect())
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
                let columns = Columns {
                    baseline: baseline.as_deref(),
                    compared: stored.is_some(),
                    node_limited: args.max_nodes.is_some(),
                    noise: args.noise,
                };
                writeln!(out, "{}", markdown(&rows, &columns))?;
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
            max_nodes: args.max_nodes,
            budget: args.budget,
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
#[doc(hidden)]
pub fn split_list(text: &str) -> Vec<&str> {
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
    #[serde(default)]
    max_nodes: Option<u64>,
    rows: Vec<StoredRow>,
}

/// One row of a stored run, as `--compare` needs it.
#[derive(Debug, Deserialize)]
struct StoredRow {
    file: String,
    strategy: String,
    /// Empty in runs stored before rows were named by what ran: then the strategy's name.
    #[serde(default)]
    name: String,
    puzzles_per_sec: f64,
}

impl StoredRow {
    /// The row's name as shown, which `--compare` matches.
    fn name(&self) -> &str {
        if self.name.is_empty() { &self.strategy } else { &self.name }
    }
}

/// Reads a stored run (at most [`MAX_STORED_BYTES`]) and refuses one that cannot be compared
/// with this run: counted to another limit, times are of another task. Notes on stderr what
/// else differs: the timeout, the node limit, the strategies (by `names`, as rows are named)
/// and the files.
fn read_stored(path: &Path, args: &BenchArgs, names: &[String]) -> Result<StoredRun> {
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
    if run.max_nodes != args.max_nodes {
        let limit = |n: Option<u64>| n.map_or("no --max-nodes".to_string(), |n| format!("--max-nodes {n}"));
        diag!(
            "note: {shown} was run with {}, this run with {}: puzzles stopped by it measure other work",
            limit(run.max_nodes),
            limit(args.max_nodes)
        );
    }
    let files: Vec<String> = args.files.iter().map(|f| f.to_string_lossy().into_owned()).collect();
    if let Some(difference) = differ(run.rows.iter().map(StoredRow::name), names) {
        diag!("note: {shown} was run with other strategies ({difference}): rows of one run only are not compared");
    }
    if let Some(difference) = differ(run.rows.iter().map(|r| r.file.as_str()), &files) {
        diag!(
            "note: {shown} was run on other files ({difference}; files match by the path as given): \
             rows of one run only are not compared"
        );
    }
    Ok(run)
}

/// What sets a stored run's `stored` names and this run's `now` apart: `stored only: a, b; this
/// run only: c`, or `None` when they hold the same names.
#[doc(hidden)]
pub fn differ<'a>(stored: impl Iterator<Item = &'a str>, now: &[String]) -> Option<String> {
    let stored: std::collections::BTreeSet<&str> = stored.collect();
    let now: std::collections::BTreeSet<&str> = now.iter().map(String::as_str).collect();
    let list = |names: Vec<&str>| names.join(", ");
    let old: Vec<&str> = stored.difference(&now).copied().collect();
    let new: Vec<&str> = now.difference(&stored).copied().collect();
    match (old.is_empty(), new.is_empty()) {
        (true, true) => None,
        (false, true) => Some(format!("stored only: {}", list(old))),
        (true, false) => Some(format!("this run only: {}", list(new))),
        (false, false) => Some(format!("stored only: {}; this run only: {}", list(old), list(new))),
    }
}

/// `plot.svg`, or `plot-2.svg` for the second of several files.
#[doc(hidden)]
pub fn numbered(path: &Path, number: usize, files: usize) -> PathBuf {
    if files <= 1 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().map_or_else(|| "plot".into(), |s| s.to_string_lossy().into_owned());
    let ext = path.extension().map_or_else(|| "svg".into(), |e| e.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{}.{ext}", number + 1))
}

/// A row's name: what ran (`fast(locked: false)`); the chosen name in rows made before it.
#[doc(hidden)]
pub fn row_name(r: &Row) -> &str {
    if r.bench.name.is_empty() { &r.bench.strategy } else { &r.bench.name }
}

/// A row's name as the tables show it: `(partial)` after a row cut short by an interrupt or
/// its budget.
fn shown_name(r: &Row) -> String {
    if r.bench.partial { format!("{} (partial)", row_name(r)) } else { row_name(r).to_string() }
}

/// The markdown table's optional columns.
#[doc(hidden)]
pub struct Columns<'a> {
    /// A ratio to this row's throughput (`--baseline`).
    pub baseline: Option<&'a str>,
    /// A ratio to the stored run's row (`--compare`).
    pub compared: bool,
    /// The puzzles stopped by `--max-nodes`.
    pub node_limited: bool,
    /// The run-to-run noise, percent: a ratio to the stored run within it is not flagged.
    pub noise: f64,
}

/// The markdown table of one file's rows.
#[doc(hidden)]
pub fn markdown(rows: &[Row], columns: &Columns<'_>) -> String {
    let mut head = String::from("| strategy | puzzles | solved | timeouts |");
    let mut rule = String::from("| --- | ---: | ---: | ---: |");
    if columns.node_limited {
        head.push_str(" node-limited |");
        rule.push_str(" ---: |");
    }
    head.push_str(
        " puzzles/s | median µs | p99 µs | max µs | nodes/puzzle | guesses/puzzle | backtracks/puzzle | no-guess % |",
    );
    rule.push_str(" ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    if let Some(base) = columns.baseline {
        head.push_str(&format!(" vs {base} |"));
        rule.push_str(" ---: |");
    }
    if columns.compared {
        head.push_str(" vs stored |");
        rule.push_str(" ---: |");
    }
    let mut out = format!("{head}\n{rule}\n");
    for r in rows {
        let b = &r.bench;
        out.push_str(&format!("| {} | {} | {} | {} |", shown_name(r), b.puzzles, b.solved, b.timeouts));
        if columns.node_limited {
            out.push_str(&format!(" {} |", b.node_limited));
        }
        out.push_str(&format!(
            " {} | {:.1} | {:.1} | {:.1} | {} | {} | {} | {:.1} |",
            significant(b.puzzles_per_sec, true),
            b.median_us,
            b.p99_us,
            b.max_us,
            significant(b.nodes_per_puzzle, true),
            significant(b.guesses_per_puzzle, true),
            significant(b.backtracks_per_puzzle, true),
            b.no_guess_pct
        ));
        if columns.baseline.is_some() {
            out.push_str(&format!(" {} |", r.vs_baseline.map_or("-".into(), |x| format!("{x:.2}×"))));
        }
        if columns.compared {
            let ratio = match r.vs_stored {
                Some(x) => moved(x, columns.noise),
                None if b.partial => "- (partial)".into(),
                None => "not stored".into(),
            };
            out.push_str(&format!(" {ratio} |"));
        }
        out.push('\n');
    }
    out
}

/// `x` to three significant digits, whole from 100 up: `0.523`, `12.4`, `1,234` (with
/// `separators`, a comma between thousands; CSV leaves them out). Two close figures below 100
/// read apart, and a large one carries no false precision in decimals.
#[doc(hidden)]
pub fn significant(x: f64, separators: bool) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    let decimals = |x: f64| if x.abs() < 1e-12 { 0 } else { (2 - x.abs().log10().floor() as i32).max(0) as usize };
    // Rounding can add a digit (9.996 is 10.00): count the decimals again on the rounded value.
    let rounded: f64 = format!("{x:.*}", decimals(x)).parse().unwrap_or(x);
    let text = format!("{rounded:.*}", decimals(rounded));
    if !separators || rounded.abs() < 1000.0 {
        return text;
    }
    let (sign, digits) = text.strip_prefix('-').map_or(("", text.as_str()), |d| ("-", d));
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped}")
}

/// A ratio to a stored run, flagged when it moved by more than the noise.
#[doc(hidden)]
pub fn moved(ratio: f64, noise: f64) -> String {
    let change = (ratio - 1.0) * 100.0;
    if change.abs() <= noise {
        format!("{ratio:.2}×")
    } else if change > 0.0 {
        format!("{ratio:.2}× **faster**")
    } else {
        format!("{ratio:.2}× **slower**")
    }
}

#[doc(hidden)]
pub const CSV_HEADER: &str = "file,strategy,puzzles,solved,timeouts,node_limited,puzzles_per_sec,median_us,p99_us,max_us,\
nodes_per_puzzle,guesses_per_puzzle,backtracks_per_puzzle,no_guess_pct,vs_baseline,vs_stored,times_us";

/// One CSV line: the times joined by spaces in the last column (`timeout`, `node-limit` or
/// `stopped` for a puzzle not answered); text fields quoted.
#[doc(hidden)]
pub fn csv_line(r: &Row) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let opt = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.4}"));
    // What stopped an unanswered puzzle, when the row says (`stopped` when both limits did).
    let stopped = match (r.bench.timeouts, r.bench.node_limited) {
        (_, 0) => "timeout",
        (0, _) => "node-limit",
        _ => "stopped",
    };
    let times: Vec<String> = r
        .bench
        .times_us
        .iter()
        .zip(&r.bench.answered)
        .map(|(t, a)| if *a { format!("{t:.2}") } else { stopped.into() })
        .collect();
    format!(
        "{},{},{},{},{},{},{},{:.2},{:.2},{:.2},{:.3},{:.3},{:.3},{:.2},{},{},{}",
        quote(&r.file),
        quote(&shown_name(r)),
        r.bench.puzzles,
        r.bench.solved,
        r.bench.timeouts,
        r.bench.node_limited,
        significant(r.bench.puzzles_per_sec, false),
        r.bench.median_us,
        r.bench.p99_us,
        r.bench.max_us,
        r.bench.nodes_per_puzzle,
        r.bench.guesses_per_puzzle,
        r.bench.backtracks_per_puzzle,
        r.bench.no_guess_pct,
        opt(r.vs_baseline),
        opt(r.vs_stored),
        quote(&times.join(" "))
    )
}
