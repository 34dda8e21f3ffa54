//! The in-process benchmark harness behind `coverlab bench`:
//! runs one registered strategy over a set of puzzles, single thread, and reports puzzles/s on
//! CPU time, per-puzzle latencies, guesses per puzzle and the share solved without guessing
//! (tdoku's benchmark columns).
//!
//! Times are the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID` on unix; wall time elsewhere), so
//! other processes on a shared machine disturb them less. Throughput comes from whole passes (no
//! clock read per puzzle); a puzzle's latency is the least CPU time of its first three solves
//! (fewer when the time budget is short). Machines are noisy: compare strategies (and peers)
//! side by side in one run and report ratios.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use coverlab_engine::{Limits, NullSink, Status, StopReason};
use coverlab_model::Puzzle;

use crate::registry::Chosen;

/// One strategy's figures over one set of puzzles (what `coverlab bench --format json` stores).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BenchRow {
    /// The strategy's name as chosen (a registered strategy or a preset).
    pub strategy: String,
    /// The strategy with every option written out (seed 0): what ran.
    #[serde(default)]
    pub label: String,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Puzzles answered: the search completed or reached the solution limit.
    pub solved: usize,
    /// Puzzles stopped by the timeout.
    pub timeouts: usize,
    /// Puzzles per second of CPU time, over every timed pass.
    pub puzzles_per_sec: f64,
    /// Median time per puzzle, µs (CPU time, the least over the latency passes).
    pub median_us: f64,
    /// 99th percentile time per puzzle, µs.
    pub p99_us: f64,
    /// Slowest puzzle, µs.
    pub max_us: f64,
    /// Mean decisions per puzzle.
    pub guesses_per_puzzle: f64,
    /// Percentage of puzzles answered without any decision.
    pub no_guess_pct: f64,
    /// Each puzzle's time, µs, in input order (as `median_us`).
    pub times_us: Vec<f64>,
    /// Whether each puzzle was answered (not stopped by the timeout or another limit).
    pub answered: Vec<bool>,
    /// The run was interrupted: the figures cover the puzzles timed before it (`puzzles`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub partial: bool,
}

/// How a strategy is timed.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Count up to this many solutions: 1 solves, 2 also proves uniqueness.
    pub max_solutions: u64,
    /// Repeat the set until this much CPU time has passed (0: one pass).
    pub min_seconds: f64,
    /// Stop a puzzle after this long.
    pub timeout: Option<Duration>,
    /// Threads racing on each puzzle (`Limits::threads`): above 1, times are wall times.
    pub threads: usize,
    /// Stop as soon as this flag is set (a user's Ctrl-C): the row then covers the puzzles
    /// timed so far and says it is partial.
    pub interrupt: Option<Arc<AtomicBool>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_solutions: 2,
            min_seconds: 1.0,
            timeout: Some(Duration::from_secs(10)),
            threads: 1,
            interrupt: None,
        }
    }
}

/// The calling thread's CPU time, or the wall clock where it cannot be read.
struct Clock {
    wall: Instant,
    cpu: Option<u64>,
}

#[cfg(unix)]
fn thread_cpu_ns() -> Option<u64> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through a valid pointer to a local.
    #[allow(unsafe_code, reason = "the thread's CPU clock has no safe std API")]
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

#[cfg(not(unix))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

impl Clock {
    fn start() -> Clock {
        Clock { wall: Instant::now(), cpu: thread_cpu_ns() }
    }
    fn wall() -> Clock {
        Clock { wall: Instant::now(), cpu: None }
    }
    fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a) as f64 * 1e-9,
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

/// Passes over the set whose per-puzzle times are recorded (the least is kept).
const LATENCY_PASSES: usize = 3;

/// Runs `info`'s strategy (seed 0) on every puzzle, counting up to `max_solutions`, each solve
/// stopped after `timeout`. A first pass records latencies and effort; when `min_seconds > 0`
/// it also serves as warm-up, up to two more passes refine the latencies (each puzzle's least
/// CPU time is kept; puzzles that timed out are not repeated), and timed passes over the whole
/// set repeat until `min_seconds` of CPU time have passed. With `threads` above 1 (a
/// portfolio racing on each puzzle) every time is wall time, as CPU time would count all of
/// the threads.
pub fn run(chosen: &Chosen, puzzles: &[Puzzle], settings: &Settings) -> BenchRow {
    let Settings { max_solutions, min_seconds, timeout, threads, ref interrupt } = *settings;
    let interrupted = || interrupt.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed));
    let mut strategy = chosen.build(0);
    let limits = |now: Instant| Limits {
        max_solutions: max_solutions.max(1),
        keep_solutions: 0,
        max_nodes: None,
        deadline: timeout.and_then(|t| now.checked_add(t)),
        threads: threads.max(1),
        interrupt: interrupt.clone(),
        ..Limits::default()
    };
    let start = || if threads > 1 { Clock::wall() } else { Clock::start() };
    // Per-puzzle latency: the thread's CPU time of each solve (wall time where unavailable),
    // the least over the first pass and up to LATENCY_PASSES - 1 more, so a solve preempted or
    // slowed by a neighbour on a shared machine does not set the maximum.
    let mut times = Vec::with_capacity(puzzles.len());
    let mut timed_out = Vec::with_capacity(puzzles.len());
    let (mut solved, mut timeouts, mut guesses, mut no_guess) = (0, 0, 0u64, 0);
    let first = start();
    for p in puzzles {
        if interrupted() {
            break;
        }
        let t0 = start();
        let outcome = strategy.solve(p, &limits(Instant::now()), &mut NullSink);
        times.push(t0.seconds());
        let mut stopped = false;
        match outcome.status {
            Status::Complete | Status::Stopped(StopReason::SolutionLimit) => {
                solved += 1;
                if outcome.stats.guesses == 0 {
                    no_guess += 1;
                }
            }
            Status::Stopped(StopReason::Deadline) => {
                timeouts += 1;
                stopped = true;
            }
            Status::Stopped(StopReason::Interrupted) => {
                times.pop();
                break;
            }
            Status::Stopped(_) => stopped = true,
        }
        timed_out.push(stopped);
        guesses += outcome.stats.guesses;
    }
    let partial = times.len() < puzzles.len();
    let puzzles = &puzzles[..times.len()];
    let mut cpu = first.seconds();
    if min_seconds > 0.0 && !partial {
        let spent = start();
        for _ in 1..LATENCY_PASSES {
            if spent.seconds() + cpu > min_seconds / 2.0 {
                break;
            }
            for (i, p) in puzzles.iter().enumerate() {
                if timed_out[i] {
                    continue; // a timeout's time is the timeout: not worth repeating
                }
                let t0 = start();
                std::hint::black_box(strategy.solve(p, &limits(Instant::now()), &mut NullSink).count);
                if interrupted() {
                    break; // cut short: its time is not a latency
                }
                times[i] = times[i].min(t0.seconds());
            }
        }
    }
    let mut done = puzzles.len();
    if min_seconds > 0.0 && !puzzles.is_empty() && !partial {
        let clock = start();
        done = 0;
        loop {
            for p in puzzles {
                std::hint::black_box(strategy.solve(p, &limits(Instant::now()), &mut NullSink).count);
            }
            done += puzzles.len();
            cpu = clock.seconds();
            if cpu >= min_seconds || interrupted() {
                break;
            }
        }
    }
    let times_us: Vec<f64> = times.iter().map(|t| t * 1e6).collect();
    let answered = timed_out.iter().map(|&t| !t).collect();
    times.sort_unstable_by(f64::total_cmp);
    let us = |d: Option<&f64>| d.map_or(0.0, |d| d * 1e6);
    let pct = |q: f64| times.get(((times.len() as f64 - 1.0) * q).round() as usize);
    let count = puzzles.len().max(1) as f64;
    BenchRow {
        strategy: chosen.name.to_string(),
        label: chosen.label(0),
        puzzles: puzzles.len(),
        solved,
        timeouts,
        puzzles_per_sec: if cpu > 0.0 { done as f64 / cpu } else { 0.0 },
        median_us: us(pct(0.5)),
        p99_us: us(pct(0.99)),
        max_us: us(times.last()),
        guesses_per_puzzle: guesses as f64 / count,
        no_guess_pct: 100.0 * no_guess as f64 / count,
        times_us,
        answered,
        partial: partial || interrupted(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use coverlab_model::{Grid, builtin};

    use super::*;

    #[test]
    fn a_run_counts_every_puzzle_and_renders_one_line_per_row() {
        let model = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
        let empty = Puzzle::new(model.clone(), Grid::empty(4)).unwrap();
        let mut full = Grid::empty(4);
        for (cell, v) in [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1].into_iter().enumerate() {
            full.set(cell, v);
        }
        let solved = Puzzle::new(model, full).unwrap();
        let info = crate::registry::find("fast").unwrap();
        let settings = Settings { min_seconds: 0.0, timeout: Some(Duration::from_secs(5)), ..Settings::default() };
        let row = run(&info, &[empty, solved], &settings);
        assert_eq!(row.times_us.len(), 2);
        assert_eq!(row.answered, [true, true]);
        assert_eq!((row.puzzles, row.solved, row.timeouts), (2, 2, 0));
        assert!(row.puzzles_per_sec > 0.0);
        assert_eq!(row.no_guess_pct, 50.0, "the full grid needs no guess, the empty one does");
    }
}
