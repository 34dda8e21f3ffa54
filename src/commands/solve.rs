//! `coverlab solve` and `coverlab count`.
//!
//! Puzzles are read as a stream, solved by `--jobs` workers ([`crate::pipeline`]) and written in
//! input order as soon as each is known: a result reaches stdout at once on a terminal, and
//! within [`FLUSH_EVERY`] otherwise (writes are batched while results come fast). A bad puzzle
//! is a record with its error, a bad input file a message; the run goes on either way. Ctrl-C
//! stops taking puzzles, cuts the searches under way short (their records say `interrupted`)
//! and exits 130 with only complete lines written.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use coverlab_engine::trace::{JsonLinesSink, TextSink, TracingSink};
use coverlab_engine::{Limits, NullSink, Stats, Strategy, TraceEvent, TraceSink};
use coverlab_strategies::registry::StrategyInfo;

use crate::cli::{SolveArgs, TraceFormatArg};
use crate::diag::Stdout;
use crate::input::{Item, Next, refuse_overwrite};
use crate::output::{PuzzleResult, PuzzleStatus};
use crate::pipeline::{self, Shape};
use crate::signals::Interrupt;
use crate::{Exit, diag};

/// The most solutions `solve` keeps and prints per puzzle: beyond it, `count` counts them.
pub const MAX_KEPT: u64 = 10_000;

/// Most threads racing on one puzzle (each holds its own copy of the puzzle's SAT encoding).
const PORTFOLIO_MAX: usize = 8;

/// Results written but not yet flushed reach stdout within this time.
pub const FLUSH_EVERY: Duration = Duration::from_millis(50);

/// Most puzzles in one batch (one lock of the input and one of the output per batch).
const MAX_BATCH: usize = 256;

/// What every puzzle is solved with.
struct Run<'a> {
    args: &'a SolveArgs,
    info: &'static StrategyInfo,
    counting: bool,
    /// Solve times are wanted: `--stats`, or logs at info level.
    timed: bool,
    /// Threads each puzzle may use (a portfolio); 1 unless `--jobs N` was given for fewer than
    /// N puzzles.
    threads: usize,
    interrupt: &'a Interrupt,
}

impl Run<'_> {
    fn limits(&self) -> Limits {
        let (max_solutions, keep) = if self.counting {
            (self.args.max_solutions.unwrap_or(u64::MAX), 0)
        } else {
            let max = self.args.max_solutions.unwrap_or(1);
            (max, usize::try_from(max).unwrap_or(usize::MAX))
        };
        Limits {
            max_solutions,
            keep_solutions: keep,
            max_nodes: self.args.max_nodes,
            deadline: self.args.timeout.and_then(|s| Instant::now().checked_add(Duration::try_from_secs_f64(s).ok()?)),
            threads: self.threads,
            interrupt: Some(self.interrupt.flag().clone()),
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
        let micros = start.map_or(0, |start| start.elapsed().as_micros() as u64);
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
        let mut result = PuzzleResult::solved(index, location, puzzle, outcome, self.counting);
        if self.args.stats {
            result.micros = Some(micros);
        }
        result
    }

    /// Solves one batch, writing its records into one buffer.
    fn batch(&self, strategy: &mut Box<dyn Strategy>, batch: Vec<Next>, trace: Option<&Mutex<Trace>>) -> Done {
        let mut done = Done { bytes: Vec::new(), records: Vec::with_capacity(batch.len()) };
        let forward = tracing::enabled!(target: "coverlab::trace", tracing::Level::TRACE);
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
            // Writing to a Vec cannot fail.
            let _ = result.write_to(&mut done.bytes, self.args.format);
            done.records.push(Record::Puzzle {
                status: result.status,
                stats: result.stats,
                micros: result.micros,
                error: result.error,
            });
        }
        done
    }
}

/// A batch's results: its records written out, and what the summary needs of each.
struct Done {
    bytes: Vec<u8>,
    records: Vec<Record>,
}

enum Record {
    Puzzle {
        status: PuzzleStatus,
        stats: Option<Stats>,
        micros: Option<u64>,
        error: Option<String>,
    },
    /// A problem with a whole input.
    Note(String),
}

/// Counts for the exit code and the `--stats` summary.
#[derive(Default)]
struct Report {
    puzzles: usize,
    solved: usize,
    unsolvable: usize,
    stopped: usize,
    invalid: usize,
    notes: usize,
    nodes: u64,
    guesses: u64,
    micros: u64,
    exit: Exit,
}

impl Report {
    fn add(&mut self, record: Record) {
        match record {
            Record::Note(note) => {
                self.notes += 1;
                self.exit = self.exit.max(Exit::Invalid);
                diag!("{note}");
            }
            Record::Puzzle { status, stats, micros, error } => {
                self.puzzles += 1;
                match status {
                    PuzzleStatus::Solved => self.solved += 1,
                    PuzzleStatus::Unsolvable => self.unsolvable += 1,
                    PuzzleStatus::Stopped => self.stopped += 1,
                    PuzzleStatus::Invalid => self.invalid += 1,
                }
                self.exit = self.exit.max(status.exit());
                if let Some(stats) = stats {
                    self.nodes += stats.nodes;
                    self.guesses += stats.guesses;
                }
                self.micros += micros.unwrap_or(0);
                if let Some(error) = error {
                    diag!("{error}");
                }
            }
        }
    }

    fn print(&self, elapsed: Duration) {
        let secs = elapsed.as_secs_f64();
        let notes = match self.notes {
            0 => String::new(),
            1 => ", 1 input unreadable".into(),
            n => format!(", {n} inputs unreadable"),
        };
        diag::line(&format!(
            "{} puzzles: {} solved, {} unsolvable, {} stopped, {} invalid{notes} in {secs:.3} s ({:.0} puzzles/s); \
             {} nodes, {} guesses",
            self.puzzles,
            self.solved,
            self.unsolvable,
            self.stopped,
            self.invalid,
            self.puzzles as f64 / secs.max(1e-9),
            self.nodes,
            self.guesses,
        ));
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Checks the arguments that need no file (the strategy, the limits); returns the strategy.
pub fn check_args(args: &SolveArgs, counting: bool) -> Result<&'static StrategyInfo> {
    let info = super::strategy(args.strategy.as_deref())?;
    if let Some(t) = args.timeout
        && !(t.is_finite() && t > 0.0)
    {
        bail!("--timeout must be a positive number of seconds, not {t}");
    }
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

/// Solves (or counts) every puzzle of the inputs, printing results in input order.
pub fn run(args: SolveArgs, count: bool) -> Result<Exit> {
    let counting = count || args.count;
    let info = check_args(&args, counting)?;
    if let Some(path) = &args.trace {
        refuse_overwrite("--trace", path, &args.input)?;
    }
    let mut puzzles = args.input.open(args.input.spec()?);
    let interrupt = Interrupt::install();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let requested = args.jobs.map(|j| j as usize);
    let mut jobs = requested.unwrap_or(cores).min(cores);
    if let Some(r) = requested
        && r > cores
    {
        tracing::info!("--jobs {r}: {cores} threads, one per core (more would only share the cores)");
    }
    let timed = args.stats || tracing::enabled!(tracing::Level::INFO);
    let mut run = Run { args: &args, info, counting, timed, threads: 1, interrupt: &interrupt };

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
            Some(Mutex::new(Trace::create(path, args.trace_format, args.trace_limit)?))
        }
        None => None,
    };
    let max_batch = match (counting, args.max_solutions) {
        (false, Some(keep)) => (1024 / keep.max(1) as usize).clamp(1, MAX_BATCH),
        _ => MAX_BATCH,
    };

    let started = Instant::now();
    let mut report = Report::default();
    let terminal = std::io::stdout().is_terminal();
    let out = Mutex::new(Pending { out: Stdout::new(), dirty: false, error: None });
    let result = std::thread::scope(|scope| {
        // Flushes results written and not yet flushed, every FLUSH_EVERY, until the run ends.
        let (done_tx, done_rx) = mpsc::channel::<()>();
        if !terminal {
            let out = &out;
            scope.spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(FLUSH_EVERY) {
                    lock(out).flush();
                }
            });
        }
        let run = &run;
        let trace = trace.as_ref();
        let result = pipeline::run(
            Shape::new(jobs, max_batch),
            source,
            || info.build(args.seed),
            |strategy, batch| run.batch(strategy, batch, trace),
            |done: Done| {
                let mut pending = lock(&out);
                if let Some(e) = pending.error.take() {
                    return Err(e);
                }
                pending.out.write_all(&done.bytes)?;
                pending.dirty = true;
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
    if args.stats {
        report.print(started.elapsed());
    }
    if let Some(signal) = interrupt.signal() {
        diag!("interrupted: {} puzzles written; the rest of the input was not read", report.puzzles);
        return Ok(Exit::Signal(signal));
    }
    Ok(report.exit)
}

/// Stdout with what the flusher needs to know.
struct Pending {
    out: Stdout,
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
    out: Counting<BufWriter<File>>,
    format: TraceFormatArg,
    /// 0: no limit.
    limit: u64,
    /// The puzzle whose trace reached the limit.
    cut_at: Option<usize>,
    /// The first error writing the trace (the run goes on untraced, and fails at the end).
    error: Option<std::io::Error>,
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
    fn create(path: &Path, format: TraceFormatArg, limit: u64) -> Result<Trace> {
        let shown = coverlab_model::text::file_name(path);
        let file = File::create(path).with_context(|| format!("cannot create trace file {shown}"))?;
        let out = Counting { inner: BufWriter::new(file), written: Arc::new(AtomicU64::new(0)) };
        Ok(Trace { out, format, limit, cut_at: None, error: None })
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
        let written = self.out.written.clone();
        let budget = match self.limit {
            0 => u64::MAX,
            limit => limit.saturating_sub(CUT_MARGIN),
        };
        let (model, symbols) = (puzzle.model(), puzzle.symbols());
        let mut cut = false;
        let (result, written_ok) = match self.format {
            TraceFormatArg::Json => {
                let mut sink = JsonLinesSink::new(&mut self.out, model, symbols, index);
                let mut capped =
                    Capped { inner: &mut sink, written: &written, budget, limit: self.limit, cut: &mut cut };
                let result = run.solve(strategy, item, &mut capped);
                (result, sink.finish().map(drop))
            }
            TraceFormatArg::Text => {
                let header = writeln!(self.out, "# puzzle {index} ({})", item.location);
                let mut sink = TextSink::new(&mut self.out, model, symbols);
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

    fn finish(mut self) -> Result<()> {
        if let Some(e) = self.error {
            return Err(e).context("cannot write the trace");
        }
        self.out.flush().context("cannot write the trace")
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
