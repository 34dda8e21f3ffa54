//! `coverlab solve` and `coverlab count`.
//!
//! Puzzles are read as a stream, solved by `--jobs` workers (`crate::pipeline`) and written in
//! input order as soon as each is known: a result reaches stdout at once on a terminal, and
//! within [`FLUSH_EVERY`] otherwise (writes are batched while results come fast). A bad puzzle
//! is a record with its error, a bad input file a message; the run goes on either way. Ctrl-C
//! stops taking puzzles, cuts the searches under way short (their records say `interrupted`)
//! and exits 130 with only complete lines written.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use coverlab_engine::trace::{JsonLinesSink, TextSink, TracingSink};
use coverlab_engine::{Limits, NullSink, Stats, Strategy, TraceEvent, TraceSink};
use coverlab_model::Model;
use coverlab_model::text::file_name;
use coverlab_model::validate::find_conflict_written;
use coverlab_strategies::registry::Chosen;

use crate::cli::{ColorArg, SolveArgs, TraceFormatArg};
use crate::diag::Notes;
use crate::input::{Item, Location, Next};
use crate::io::Io;
use crate::outfile::OutputFile;
use crate::output::{PuzzleResult, PuzzleStatus};
use crate::pipeline::{self, Shape};
use crate::progress::Progress;
use crate::signals::Interrupt;
use crate::summary::{Seen, Summary};
use crate::{Exit, diag};

/// The most solutions `solve` keeps and prints per puzzle: beyond it, `count` counts them.
pub const MAX_KEPT: u64 = 10_000;

/// The least effort `solve` spends looking for a second solution, in search nodes (it spends
/// as much again as the first solution took, when that is more).
pub const UNIQUENESS_NODES: u64 = 10_000;

/// Most threads racing on one puzzle (each holds its own copy of the puzzle's SAT encoding).
const PORTFOLIO_MAX: usize = 8;

/// Results written but not yet flushed reach stdout within this time.
pub const FLUSH_EVERY: Duration = Duration::from_millis(50);

/// Most puzzles in one batch (one lock of the input and one of the output per batch).
const MAX_BATCH: usize = 256;

/// What every puzzle is solved with.
struct Run<'a> {
    args: &'a SolveArgs,
    info: &'a Chosen,
    counting: bool,
    /// Solve times are wanted: `--stats`, or logs at info level.
    timed: bool,
    /// Threads each puzzle may use (a portfolio); 1 unless `--jobs N` was given for fewer than
    /// N puzzles.
    threads: usize,
    interrupt: &'a Interrupt,
    /// Givens in bold in boxed boards (`--color`).
    color: bool,
    /// Results are handed over as values ([`Io::with_results`]), not written.
    handed: bool,
}

impl Run<'_> {
    fn limits(&self) -> Limits {
        Limits {
            deadline: super::deadline(self.args.timeout),
            threads: self.threads,
            interrupt: Some(self.interrupt.flag().clone()),
            ..limits(self.counting, self.args.max_solutions, self.args.max_nodes)
        }
    }

    fn solve(&self, strategy: &mut dyn Strategy, item: Item, sink: &mut dyn TraceSink) -> PuzzleResult {
        let (title, comment) = (item.title, item.comment);
        let mut result = self.solve_puzzle(strategy, item.index, item.location, item.puzzle, sink);
        result.title = title;
        result.comment = comment;
        result
    }

    fn solve_puzzle(
        &self,
        strategy: &mut dyn Strategy,
        index: usize,
        location: crate::input::Location,
        puzzle: Result<coverlab_model::Puzzle, String>,
        sink: &mut dyn TraceSink,
    ) -> PuzzleResult {
        let puzzle = match puzzle {
            Ok(p) => p,
            Err(e) => return PuzzleResult::invalid(index, location, e),
        };
        let span = tracing::debug_span!("solve", index, spec = puzzle.model().name(), strategy = self.info.name);
        let _guard = span.enter();
        let start = self.timed.then(Instant::now);
        let outcome = strategy.solve(&puzzle, &self.limits(), sink);
        let nanos = start.map(|start| start.elapsed().as_nanos() as u64);
        let micros = nanos.unwrap_or(0) / 1000;
        tracing::info!(
            status = ?outcome.status,
            count = outcome.count,
            nodes = outcome.stats.nodes,
            guesses = outcome.stats.guesses,
            backtracks = outcome.stats.backtracks,
            placements = outcome.stats.placements,
            micros,
            threads = self.threads,
            "puzzle {index} ({location})"
        );
        if outcome.is_unsolvable()
            && let Some(clash) = find_conflict_written(puzzle.model(), puzzle.givens(), puzzle.symbols())
        {
            // Given checks are deferred to here (`Puzzles::defer_given_checks`).
            return PuzzleResult::invalid(index, location.clone(), format!("{location}: {clash}"));
        }
        let mut result = PuzzleResult::solved(index, location, puzzle, outcome, self.counting);
        result.nanos = nanos;
        if self.args.stats {
            result.micros = Some(micros);
        }
        result
    }

    /// Solves one batch, writing its records into one buffer.
    fn batch(&self, strategy: &mut Box<dyn Strategy>, batch: Vec<Next>, trace: Option<&Mutex<Trace>>) -> Done {
        let mut done = Done { bytes: Vec::new(), records: Vec::with_capacity(batch.len()), results: Vec::new() };
        let forward = tracing::enabled!(target: "coverlab::trace", tracing::Level::TRACE);
        // The spec of the previous puzzle: a record names its spec only when it changes (a
        // name for the summary, rather than a clone of a model every thread shares).
        let mut last_spec: Option<Arc<Model>> = None;
        for next in batch {
            let item = match next {
                Next::Puzzle(item) => item,
                Next::Note(note) => {
                    done.records.push(Record::Note(note));
                    continue;
                }
            };
            let result = match (&item.puzzle, trace) {
                (Ok(p), Some(trace)) => {
                    let p = p.clone();
                    lock(trace).solve(self, strategy, item, &p)
                }
                (Ok(p), None) if forward => {
                    let p = p.clone();
                    self.solve(strategy, item, &mut TracingSink::new(p.model(), p.symbols()))
                }
                _ => self.solve(strategy, item, &mut NullSink),
            };
            let spec = match result.model() {
                Some(model) if !last_spec.as_ref().is_some_and(|last| Arc::ptr_eq(last, model)) => {
                    last_spec = Some(model.clone());
                    Some(model.name().to_string())
                }
                _ => None,
            };
            let record = Record::Puzzle {
                index: result.index,
                spec,
                location: result.location.clone(),
                status: result.status,
                stats: result.stats,
                nanos: result.nanos,
                error: result.error.clone(),
            };
            done.records.push(record);
            if self.handed {
                done.results.push(result);
            } else {
                // Writing to a Vec cannot fail.
                let _ = result.write_to(&mut done.bytes, self.args.format, self.color);
            }
        }
        done
    }
}

/// A batch's results: its records written out (or handed over), and what the summary needs of
/// each.
struct Done {
    bytes: Vec<u8>,
    records: Vec<Record>,
    results: Vec<PuzzleResult>,
}

enum Record {
    Puzzle {
        index: usize,
        location: Location,
        /// The spec's name, when it differs from the previous record's in the batch.
        spec: Option<String>,
        status: PuzzleStatus,
        stats: Option<Stats>,
        nanos: Option<u64>,
        error: Option<String>,
    },
    /// A problem with a whole input.
    Note(String),
}

/// The run so far, for the exit code, `--stats`, `--summary` and `--plot`.
#[derive(Default)]
struct Report {
    summary: Summary,
    exit: Exit,
    notes: Notes,
}

impl Report {
    fn add(&mut self, record: Record) {
        match record {
            Record::Note(note) => {
                self.summary.unreadable_inputs += 1;
                self.exit = self.exit.max(Exit::Invalid);
                self.notes.say(&note);
            }
            Record::Puzzle { index, location, spec, status, stats, nanos, error } => {
                self.exit = self.exit.max(status.exit());
                let stats = stats.unwrap_or_default();
                self.summary.add(Seen {
                    index,
                    location: &location,
                    status,
                    spec: spec.as_deref(),
                    nodes: stats.nodes,
                    guesses: stats.guesses,
                    nanos,
                });
                if let Some(error) = error {
                    self.notes.echo(&error);
                }
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The limits of `solve` (`counting`: of `count`) with `--max-solutions` and `--max-nodes`, on
/// one thread with no deadline. Solving without `--max-solutions` looks for a second solution
/// too, as long again as the first took (see `Limits::uniqueness_nodes`), to say whether the
/// puzzle is unique. The web page (`crates/web`) solves with the same.
pub fn limits(counting: bool, max_solutions: Option<u64>, max_nodes: Option<u64>) -> Limits {
    let (max_solutions, keep, uniqueness_nodes) = match (counting, max_solutions) {
        (true, max) => (max.unwrap_or(u64::MAX), 0, None),
        (false, Some(max)) => (max, usize::try_from(max).unwrap_or(usize::MAX), None),
        (false, None) => (2, 1, Some(UNIQUENESS_NODES)),
    };
    Limits { max_solutions, keep_solutions: keep, max_nodes, uniqueness_nodes, ..Limits::default() }
}

/// Checks the arguments that need no file (the strategy, the limits); returns the strategy.
pub fn check_args(args: &SolveArgs, counting: bool) -> Result<Chosen> {
    let info = super::strategy(args.strategy.as_deref())?;
    super::check_timeout(args.timeout)?;
    if let Some(max) = args.max_solutions
        && !counting
        && max > MAX_KEPT
    {
        bail!(
            "--max-solutions {max}: solve prints at most {MAX_KEPT} solutions per puzzle; \
             `coverlab count --max-solutions {max}` counts any number"
        );
    }
    Ok(info)
}

/// Solves (or counts) every puzzle of the inputs, writing results in input order to `io`.
pub fn run(args: SolveArgs, count: bool, mut io: Io) -> Result<Exit> {
    let counting = count || args.count;
    let info = check_args(&args, counting)?;
    let outputs = [("--trace", &args.trace), ("--summary", &args.summary), ("--plot", &args.plot)];
    let outputs = outputs.iter().filter_map(|(flag, path)| path.as_deref().map(|p| (*flag, p)));
    crate::outfile::check(outputs, args.input.paths())?;
    let mut puzzles = io.open(&args.input, io.spec(&args.input)?);
    if args.trace.is_none() {
        // A traced puzzle with clashing givens is reported before it is solved, as replay reads
        // it; otherwise the clash is looked for only in an unsolvable puzzle.
        puzzles.defer_given_checks();
    }
    let puzzles_reading = puzzles.reading();
    let interrupt = io.interrupt();
    let notes = io.notes();
    let terminal = io.terminal();
    let requested = args.jobs.map(|j| j as usize);
    // `--jobs 1` needs no count of the cores (reading it takes a few cgroup files).
    let cores = if requested == Some(1) { 1 } else { std::thread::available_parallelism().map_or(1, |n| n.get()) };
    let mut jobs = requested.unwrap_or(cores).min(cores);
    if let Some(r) = requested
        && r > cores
    {
        tracing::info!("--jobs {r}: {cores} threads, one per core (more would only share the cores)");
    }
    let timed = args.stats || args.summary.is_some() || args.plot.is_some() || tracing::enabled!(tracing::Level::INFO);
    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            terminal && std::env::var_os("NO_COLOR").is_none() && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
        }
    };
    let handed = io.results();
    let mut run = Run {
        args: &args,
        info: &info,
        counting,
        timed,
        threads: 1,
        interrupt: &interrupt,
        color,
        handed: handed.is_some(),
    };

    // `--jobs N` for fewer than N puzzles: one puzzle at a time, N threads racing on each.
    let mut ahead = std::collections::VecDeque::new();
    if let Some(r) = requested
        && r > 1
        && args.trace.is_none()
    {
        let mut seen = 0;
        while seen < r {
            match puzzles.next() {
                Some(next) => {
                    seen += usize::from(matches!(next, Next::Puzzle(_)));
                    ahead.push_back(next);
                }
                None => {
                    run.threads = r.min(cores).min(PORTFOLIO_MAX);
                    jobs = 1;
                    break;
                }
            }
        }
    }
    let source = move || ahead.pop_front().or_else(|| puzzles.next());

    let trace = match &args.trace {
        Some(path) => {
            jobs = 1; // traces are written as the search goes: one puzzle at a time, in order
            Some(Mutex::new(Trace::create(path, args.trace_format, args.trace_limit, args.trace_choices)?))
        }
        None => None,
    };
    let max_batch = match (counting, args.max_solutions) {
        (false, Some(keep)) => (1024 / keep.max(1) as usize).clamp(1, MAX_BATCH),
        _ => MAX_BATCH,
    };

    let started = Instant::now();
    let mut progress = Progress::new(args.progress.mode(), puzzles_reading, "puzzles");
    let mut report = Report { notes, ..Report::default() };
    let out = Mutex::new(Pending { out: io.out().writer, dirty: false, error: None });
    let result = std::thread::scope(|scope| {
        // Flushes results written and not yet flushed, every FLUSH_EVERY, until the run ends.
        // It starts with the second batch taken: a run of one batch (one puzzle, say) writes at
        // its end and is flushed then, without a thread to start and join (which, on a busy
        // machine, waits for a core).
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let flusher = Mutex::new((!terminal).then_some(done_rx));
        let batches = AtomicU64::new(0);
        let start_flusher = || {
            // Only the second batch taken starts it: the others need not look at the lock.
            if batches.fetch_add(1, Ordering::Relaxed) != 1 {
                return;
            }
            if let Some(done_rx) = lock(&flusher).take() {
                let out = &out;
                scope.spawn(move || {
                    while let Err(mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(FLUSH_EVERY) {
                        lock(out).flush();
                    }
                });
            }
        };
        let run = &run;
        let trace = trace.as_ref();
        let result = pipeline::run(
            Shape::new(jobs, max_batch),
            source,
            || info.build(args.seed),
            |strategy, batch| {
                start_flusher();
                run.batch(strategy, batch, trace)
            },
            |done: Done| {
                let mut pending = lock(&out);
                if let Some(e) = pending.error.take() {
                    return Err(e);
                }
                pending.out.write_all(&done.bytes)?;
                pending.dirty = true;
                if let Some(handed) = &handed {
                    lock(handed).extend(done.results);
                }
                if terminal {
                    pending.flush();
                    if let Some(e) = pending.error.take() {
                        return Err(e);
                    }
                }
                drop(pending);
                for record in done.records {
                    report.add(record);
                }
                progress.update(&report.summary);
                Ok(())
            },
            interrupt.flag(),
        );
        drop(done_tx);
        result
    });
    let mut pending = out.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    let flushed = pending.out.flush();
    result?;
    flushed?;
    if let Some(trace) = trace {
        let trace = trace.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
        trace.finish()?;
    }
    progress.finish();
    let wall = started.elapsed();
    let summary = &report.summary;
    if args.stats {
        diag::line(&summary.human(wall));
    }
    if let Some(path) = &args.summary {
        let json = run_summary(&args, counting, &info, summary, wall, interrupt.signal().is_some());
        let text = serde_json::to_string_pretty(&json).expect("a summary serializes") + "\n";
        crate::outfile::write(path, text)?;
    }
    if let Some(path) = &args.plot {
        let title = args.input.files.iter().map(|f| file_name(f)).collect::<Vec<_>>().join(", ");
        let svg = crate::plot::solve_times(summary, &title, &info.label(args.seed));
        crate::outfile::write(path, svg)?;
    }
    if let Some(signal) = interrupt.signal() {
        report.notes.echo(&format!(
            "interrupted: {} written; the rest of the input was not read",
            coverlab_model::text::count(summary.puzzles, "puzzle")
        ));
        return Ok(Exit::Signal(signal));
    }
    Ok(report.exit)
}

/// Stdout with what the flusher needs to know.
struct Pending {
    out: Box<dyn Write + Send>,
    /// Written since the last flush.
    dirty: bool,
    /// A flush that failed, for the next delivery to report.
    error: Option<std::io::Error>,
}

impl Pending {
    fn flush(&mut self) {
        if self.dirty && self.error.is_none() {
            if let Err(e) = self.out.flush() {
                self.error = Some(e);
            }
            self.dirty = false;
        }
    }
}

/// A trace file being written: `--trace FILE`, cut at `--trace-limit` bytes.
struct Trace {
    out: TraceOut,
    /// The bytes written to the file so far.
    written: Arc<AtomicU64>,
    format: TraceFormatArg,
    /// 0: no limit.
    limit: u64,
    /// Decisions say why they branched where they did (`--trace-choices`).
    choices: bool,
    /// The puzzle whose trace reached the limit.
    cut_at: Option<usize>,
    /// The first error writing the trace (the run goes on untraced, and fails at the end).
    error: Option<std::io::Error>,
}

/// The trace file: lines (JSON or text), or a viewer page.
enum TraceOut {
    Lines(Counting<BufWriter<OutputFile>>),
    Html(crate::viewer::Page<Counting<BufWriter<OutputFile>>>),
}

/// A writer counting the bytes written through it.
struct Counting<W> {
    inner: W,
    written: Arc<AtomicU64>,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Room kept under the limit for the `cut` marker and the event being written.
const CUT_MARGIN: u64 = 512;

impl Trace {
    fn create(path: &Path, format: TraceFormatArg, limit: u64, choices: bool) -> Result<Trace> {
        let shown = coverlab_model::text::file_name(path);
        let file = OutputFile::create(path).with_context(|| format!("cannot create trace file {shown}"))?;
        let written = Arc::new(AtomicU64::new(0));
        let lines = Counting { inner: BufWriter::new(file), written: written.clone() };
        let out = match format {
            TraceFormatArg::Html => TraceOut::Html(
                crate::viewer::Page::start(lines, "coverlab trace")
                    .with_context(|| format!("cannot write trace file {shown}"))?,
            ),
            _ => TraceOut::Lines(lines),
        };
        Ok(Trace { out, written, format, limit, choices, cut_at: None, error: None })
    }

    fn solve(
        &mut self,
        run: &Run<'_>,
        strategy: &mut dyn Strategy,
        item: Item,
        puzzle: &coverlab_model::Puzzle,
    ) -> PuzzleResult {
        if self.cut_at.is_some() || self.error.is_some() {
            return run.solve(strategy, item, &mut NullSink);
        }
        let index = item.index;
        let written = self.written.clone();
        let budget = match self.limit {
            0 => u64::MAX,
            limit => limit.saturating_sub(CUT_MARGIN),
        };
        let (model, symbols) = (puzzle.model(), puzzle.symbols());
        let mut cut = false;
        let (result, written_ok) = match (&mut self.out, self.format) {
            (TraceOut::Html(page), _) => {
                let label = strategy.name().to_string();
                let opened = page.puzzle(&item.location.to_string(), puzzle);
                match opened.and_then(|()| page.run(model, symbols)) {
                    Ok(mut sink) => {
                        let mut capped =
                            Capped { inner: &mut sink, written: &written, budget, limit: self.limit, cut: &mut cut };
                        let result = run.solve(strategy, item, &mut capped);
                        (result, sink.end(&label, false).and_then(|()| page.end_puzzle()))
                    }
                    Err(e) => (run.solve(strategy, item, &mut NullSink), Err(e)),
                }
            }
            (TraceOut::Lines(out), TraceFormatArg::Json) => {
                let mut sink = JsonLinesSink::new(out, model, symbols, index).with_choices(self.choices);
                let mut capped =
                    Capped { inner: &mut sink, written: &written, budget, limit: self.limit, cut: &mut cut };
                let result = run.solve(strategy, item, &mut capped);
                (result, sink.finish().map(drop))
            }
            (TraceOut::Lines(out), _) => {
                let header = writeln!(out, "# puzzle {index} ({})", item.location);
                let mut sink = TextSink::new(out, model, symbols).with_choices(self.choices);
                let mut capped =
                    Capped { inner: &mut sink, written: &written, budget, limit: self.limit, cut: &mut cut };
                let result = run.solve(strategy, item, &mut capped);
                (result, header.and(sink.finish().map(drop)))
            }
        };
        if let Err(e) = written_ok {
            diag!("cannot write the trace: {e}; the rest of the run is solved without a trace");
            self.error = Some(e);
        }
        if cut {
            self.cut_at = Some(index);
            diag!(
                "the trace reached --trace-limit ({} bytes) in puzzle {index}: it ends there with a `cut` marker, \
                 and the rest of the run is solved without a trace",
                self.limit
            );
        }
        result
    }

    fn finish(self) -> Result<()> {
        if let Some(e) = self.error {
            return Err(e).context("cannot write the trace");
        }
        let lines = match self.out {
            TraceOut::Lines(lines) => Ok(lines),
            TraceOut::Html(page) => page.finish(),
        };
        lines
            .and_then(|lines| lines.inner.into_inner().map_err(std::io::IntoInnerError::into_error))
            .and_then(OutputFile::commit)
            .context("cannot write the trace")
    }
}

/// Forwards events until the trace file would pass its budget, then writes one `cut` event and
/// drops the rest (the search goes on: the trace is a record of it, not a limit on it).
struct Capped<'a> {
    inner: &'a mut dyn TraceSink,
    written: &'a AtomicU64,
    budget: u64,
    limit: u64,
    cut: &'a mut bool,
}

impl TraceSink for Capped<'_> {
    fn choices(&self) -> bool {
        self.inner.choices()
    }
    fn event(&mut self, event: &TraceEvent) -> std::ops::ControlFlow<()> {
        if *self.cut {
            return std::ops::ControlFlow::Continue(());
        }
        if self.written.load(Ordering::Relaxed) >= self.budget {
            *self.cut = true;
            let _ = self.inner.event(&TraceEvent::Cut { limit: self.limit });
            return std::ops::ControlFlow::Continue(());
        }
        self.inner.event(event)
    }
}

/// `--summary FILE`: what the run did, and what it was asked (enough to run it again).
#[derive(serde::Serialize)]
struct RunSummary<'a> {
    coverlab: &'static str,
    command: &'static str,
    /// The strategy with every option written out: what ran.
    strategy: String,
    /// The name it was chosen by (a strategy or a preset).
    chosen_as: &'static str,
    seed: u64,
    /// The spec given with `--spec`, if any; `specs` lists those met.
    spec: Option<&'a str>,
    specs: Vec<&'a str>,
    inputs: Vec<String>,
    options: Options<'a>,
    interrupted: bool,
    puzzles: u64,
    solved: u64,
    unsolvable: u64,
    stopped: u64,
    invalid: u64,
    unreadable_inputs: u64,
    wall_seconds: f64,
    puzzles_per_second: f64,
    nodes: u64,
    guesses: u64,
    /// Per-puzzle solve times, in microseconds (quantiles within 4.4 %).
    time_micros: Quantiles,
    slowest: &'a [crate::summary::Slow],
}

#[derive(serde::Serialize)]
struct Options<'a> {
    max_solutions: Option<u64>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    jobs: Option<u64>,
    input_format: Option<&'a str>,
    /// The least effort spent looking for a second solution (`solve` without `--max-solutions`).
    uniqueness_nodes: Option<u64>,
}

#[derive(serde::Serialize)]
struct Quantiles {
    median: f64,
    p90: f64,
    p99: f64,
    max: f64,
    mean: f64,
}

fn run_summary<'a>(
    args: &'a SolveArgs,
    counting: bool,
    info: &Chosen,
    summary: &'a Summary,
    wall: Duration,
    interrupted: bool,
) -> RunSummary<'a> {
    let t = &summary.times;
    let micros = |q: f64| (t.quantile(q) / 100.0).round() / 10.0;
    RunSummary {
        coverlab: env!("CARGO_PKG_VERSION"),
        command: if counting { "count" } else { "solve" },
        strategy: info.label(args.seed),
        chosen_as: info.name,
        seed: args.seed,
        spec: args.input.spec.as_deref(),
        specs: summary.specs.iter().map(String::as_str).collect(),
        inputs: if args.input.files.is_empty() {
            vec!["-".into()]
        } else {
            args.input.files.iter().map(|f| f.to_string_lossy().into_owned()).collect()
        },
        options: Options {
            max_solutions: args.max_solutions,
            max_nodes: args.max_nodes,
            timeout: args.timeout,
            jobs: args.jobs,
            input_format: args.input.format().map(|f| f.name()),
            uniqueness_nodes: (!counting && args.max_solutions.is_none()).then_some(UNIQUENESS_NODES),
        },
        interrupted,
        puzzles: summary.puzzles,
        solved: summary.solved,
        unsolvable: summary.unsolvable,
        stopped: summary.stopped,
        invalid: summary.invalid,
        unreadable_inputs: summary.unreadable_inputs,
        wall_seconds: wall.as_secs_f64(),
        puzzles_per_second: summary.puzzles as f64 / wall.as_secs_f64().max(1e-9),
        nodes: summary.nodes,
        guesses: summary.guesses,
        time_micros: Quantiles {
            median: micros(0.5),
            p90: micros(0.9),
            p99: micros(0.99),
            max: micros(1.0),
            mean: (t.mean() / 100.0).round() / 10.0,
        },
        slowest: &summary.slowest,
    }
}
