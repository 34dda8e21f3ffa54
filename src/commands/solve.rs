//! `coverlab solve` and `coverlab count`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use coverlab_engine::trace::{JsonLinesSink, TextSink, TracingSink};
use coverlab_engine::{Limits, NullSink, Strategy, TraceSink};
use coverlab_model::Puzzle;
use coverlab_strategies::registry::StrategyInfo;
use rayon::prelude::*;

use crate::Exit;
use crate::cli::{SolveArgs, TraceFormatArg};
use crate::input::{Item, Puzzles};
use crate::output::{PuzzleResult, PuzzleStatus};

/// Puzzles read ahead and solved in parallel at a time: bounds memory on huge inputs.
const CHUNK: usize = 1024;

/// Most threads racing on one puzzle (each holds its own copy of the puzzle's SAT encoding).
const PORTFOLIO_MAX: usize = 8;

struct Run<'a> {
    args: &'a SolveArgs,
    info: &'static StrategyInfo,
    counting: bool,
    /// Solve times are wanted: `--stats`, or debug logs.
    timed: bool,
    /// Threads each puzzle may use (a portfolio); 1 unless `--jobs N` was given for fewer than
    /// N puzzles.
    threads: usize,
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
        }
    }

    fn solve(&self, strategy: &mut dyn Strategy, item: Item, sink: &mut dyn TraceSink) -> PuzzleResult {
        let puzzle = match item.puzzle {
            Ok(p) => p,
            Err(e) => return PuzzleResult::invalid(item.index, item.location, e),
        };
        let span =
            tracing::debug_span!("solve", index = item.index, spec = puzzle.model().name(), strategy = self.info.name);
        let _guard = span.enter();
        let start = self.timed.then(Instant::now);
        let outcome = strategy.solve(&puzzle, &self.limits(), sink);
        let micros = start.map_or(0, |start| start.elapsed().as_micros() as u64);
        tracing::debug!(
            status = ?outcome.status,
            count = outcome.count,
            nodes = outcome.stats.nodes,
            micros,
            threads = self.threads,
            "solved"
        );
        let mut result = PuzzleResult::solved(item.index, item.location, puzzle, outcome, self.counting);
        if self.args.stats {
            result.micros = Some(micros);
        }
        result
    }
}

/// Solves (or counts) every puzzle of the inputs, printing results in input order.
pub fn run(args: SolveArgs, count: bool) -> Result<Exit> {
    let counting = count || args.count;
    let info = super::strategy(args.strategy.as_deref())?;
    if let Some(t) = args.timeout
        && !(t.is_finite() && t > 0.0)
    {
        bail!("--timeout must be a positive number of seconds, not {t}");
    }
    let mut puzzles = args.input.open(args.input.spec()?);
    let timed = args.stats || tracing::enabled!(tracing::Level::DEBUG);
    let mut run = Run { args: &args, info, counting, timed, threads: 1 };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut summary = Summary::default();
    let started = Instant::now();

    if let Some(path) = &args.trace {
        // Traces are written as the search goes, so puzzles are solved one at a time, in order.
        let file = File::create(path).with_context(|| format!("cannot create trace file {}", path.display()))?;
        let mut trace = BufWriter::new(file);
        let mut strategy = info.build(args.seed);
        while let Some(item) = puzzles.next_item()? {
            let result = match &item.puzzle {
                Ok(p) => {
                    let p: Puzzle = p.clone();
                    match args.trace_format {
                        TraceFormatArg::Json => {
                            let mut sink = JsonLinesSink::new(&mut trace, p.model(), p.symbols(), item.index);
                            let r = run.solve(&mut strategy, item, &mut sink);
                            sink.finish().context("cannot write the trace")?;
                            r
                        }
                        TraceFormatArg::Text => {
                            writeln!(trace, "# puzzle {} ({})", item.index, item.location)?;
                            let mut sink = TextSink::new(&mut trace, p.model(), p.symbols());
                            let r = run.solve(&mut strategy, item, &mut sink);
                            sink.finish().context("cannot write the trace")?;
                            r
                        }
                    }
                }
                Err(_) => run.solve(&mut strategy, item, &mut NullSink),
            };
            summary.emit(&result, &args, &mut out)?;
        }
        trace.flush().context("cannot write the trace")?;
    } else {
        let jobs =
            args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize);
        let forward = tracing::enabled!(target: "coverlab::trace", tracing::Level::TRACE);
        if jobs == 1 {
            // One thread: each puzzle is solved and written as soon as it is read; the output is
            // flushed as often as with several jobs (every CHUNK puzzles).
            let mut strategy = info.build(args.seed);
            let mut done = 0usize;
            while let Some(item) = puzzles.next_item()? {
                let result = solve_with(&run, &mut strategy, item, forward);
                summary.emit(&result, &args, &mut out)?;
                done += 1;
                if done.is_multiple_of(CHUNK) {
                    out.flush()?;
                }
            }
        } else {
            solve_in_chunks(&mut run, &mut puzzles, jobs, forward, &mut summary, &mut out)?;
        }
    }
    out.flush()?;
    if args.stats {
        summary.report(started.elapsed());
    }
    Ok(summary.exit)
}

/// Solves `jobs` puzzles at a time on a thread pool, CHUNK puzzles read ahead, writing the
/// results of each chunk in input order. When `--jobs N` is given and the whole input holds
/// fewer than N puzzles, they are solved one at a time instead, each with N threads (at most
/// one per core and [`PORTFOLIO_MAX`]): a strategy that can race a portfolio (`auto`, `sat`,
/// `fast-sat` on large grids) uses them all on one hard puzzle.
fn solve_in_chunks(
    run: &mut Run<'_>,
    puzzles: &mut Puzzles,
    jobs: usize,
    forward: bool,
    summary: &mut Summary,
    out: &mut impl Write,
) -> Result<()> {
    let (args, info) = (run.args, run.info);
    // Started with the first full chunk: an input short enough to race on needs no pool.
    let mut pool = None;
    let mut first = true;
    loop {
        let mut chunk = Vec::with_capacity(CHUNK);
        while chunk.len() < CHUNK {
            match puzzles.next_item()? {
                Some(item) => chunk.push(item),
                None => break,
            }
        }
        if chunk.is_empty() {
            break;
        }
        if first && run.args.jobs.is_some() && chunk.len() < jobs && chunk.len() < CHUNK {
            // The whole input is this one short chunk. More racers than cores would only share
            // them (and each holds a copy of the encoding).
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            run.threads = jobs.min(cores).min(PORTFOLIO_MAX);
            let mut strategy = info.build(args.seed);
            for item in chunk {
                let result = solve_with(run, &mut strategy, item, forward);
                summary.emit(&result, args, out)?;
            }
            break;
        }
        first = false;
        if pool.is_none() {
            let threads = rayon::ThreadPoolBuilder::new().num_threads(jobs).build();
            pool = Some(threads.context("cannot start worker threads")?);
        }
        let pool = pool.as_ref().expect("started above");
        let run = &*run;
        let results: Vec<PuzzleResult> = pool.install(|| {
            chunk
                .into_par_iter()
                .map_init(|| info.build(args.seed), |s, item| solve_with(run, s, item, forward))
                .collect()
        });
        for result in &results {
            summary.emit(result, args, out)?;
        }
        out.flush()?;
    }
    Ok(())
}

fn solve_with(run: &Run<'_>, strategy: &mut Box<dyn Strategy>, item: Item, forward: bool) -> PuzzleResult {
    match &item.puzzle {
        Ok(p) if forward => {
            let p = p.clone();
            run.solve(strategy, item, &mut TracingSink::new(p.model(), p.symbols()))
        }
        _ => run.solve(strategy, item, &mut NullSink),
    }
}

#[derive(Default)]
struct Summary {
    puzzles: usize,
    solved: usize,
    unsolvable: usize,
    stopped: usize,
    invalid: usize,
    exit: Exit,
}

impl Summary {
    fn emit(&mut self, result: &PuzzleResult, args: &SolveArgs, out: &mut impl Write) -> Result<()> {
        self.puzzles += 1;
        match result.status {
            PuzzleStatus::Solved => self.solved += 1,
            PuzzleStatus::Unsolvable => self.unsolvable += 1,
            PuzzleStatus::Stopped => self.stopped += 1,
            PuzzleStatus::Invalid => self.invalid += 1,
        }
        self.exit = self.exit.max(result.status.exit());
        if let Some(error) = &result.error {
            eprintln!("coverlab: {error}");
        }
        if args.stats
            && let Some(stats) = &result.stats
        {
            eprintln!(
                "puzzle {}: {:?} nodes={} guesses={} backtracks={} placements={} time={}µs",
                result.index,
                result.status,
                stats.nodes,
                stats.guesses,
                stats.backtracks,
                stats.placements,
                result.micros.unwrap_or(0)
            );
        }
        result.write_to(out, args.format)?;
        Ok(())
    }

    fn report(&self, elapsed: Duration) {
        let secs = elapsed.as_secs_f64();
        eprintln!(
            "{} puzzles: {} solved, {} unsolvable, {} stopped, {} invalid in {:.3} s ({:.0} puzzles/s)",
            self.puzzles,
            self.solved,
            self.unsolvable,
            self.stopped,
            self.invalid,
            secs,
            self.puzzles as f64 / secs.max(1e-9)
        );
    }
}
