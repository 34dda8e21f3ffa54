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
//!
//! Beside the times, each puzzle's search nodes, guesses and backtracks (its first solve's
//! [`coverlab_engine::Stats`]) are kept: counters that do not depend on the machine, so two runs
//! can be compared exactly. `max_nodes` stops a solve at the same place on every run (counted in
//! `node_limited`, apart from `timeouts`); `budget` bounds the time a strategy spends on one set.

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
    /// What the row is called: the chosen name and the options that differ from its own
    /// values (`fast(locked: false)`, [`Chosen::short_label`]). Empty in runs stored before it.
    #[serde(default)]
    pub name: String,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Puzzles answered: the search completed or reached the solution limit.
    pub solved: usize,
    /// Puzzles stopped by the timeout.
    pub timeouts: usize,
    /// Puzzles stopped by `max_nodes` (the same ones on every run).
    #[serde(default)]
    pub node_limited: usize,
    /// Puzzles per second of CPU time, over every timed pass.
    pub puzzles_per_sec: f64,
    /// Median time per puzzle, µs (CPU time, the least over the latency passes).
    pub median_us: f64,
    /// 99th percentile time per puzzle, µs.
    pub p99_us: f64,
    /// Slowest puzzle, µs.
    pub max_us: f64,
    /// Mean search nodes per puzzle.
    #[serde(default)]
    pub nodes_per_puzzle: f64,
    /// Mean decisions per puzzle.
    pub guesses_per_puzzle: f64,
    /// Mean backtracks per puzzle.
    #[serde(default)]
    pub backtracks_per_puzzle: f64,
    /// Percentage of puzzles answered without any decision.
    pub no_guess_pct: f64,
    /// Each puzzle's time, µs, in input order (as `median_us`).
    pub times_us: Vec<f64>,
    /// Whether each puzzle was answered (not stopped by the timeout or another limit).
    pub answered: Vec<bool>,
    /// Each puzzle's search nodes, in input order (its first solve: the same on every run).
    #[serde(default)]
    pub nodes: Vec<u64>,
    /// Each puzzle's guesses, in input order.
    #[serde(default)]
    pub guesses: Vec<u64>,
    /// Each puzzle's backtracks, in input order.
    #[serde(default)]
    pub backtracks: Vec<u64>,
    /// The run was interrupted or spent its budget: the figures cover the puzzles timed before
    /// (`puzzles`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub partial: bool,
    /// The budget was spent before every puzzle was timed (the row is then also `partial`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub over_budget: bool,
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
    /// Stop a puzzle after this many search nodes (`Limits::max_nodes`): deterministic, counted
    /// in `BenchRow::node_limited`.
    pub max_nodes: Option<u64>,
    /// The most time one strategy may spend on the set: once its first pass has spent it, the
    /// remaining puzzles are not timed and the row is partial; repeated passes stop short of it.
    pub budget: Option<Duration>,
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
            max_nodes: None,
            budget: None,
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
/// stopped after `timeout` or `max_nodes`. A first pass records latencies and effort; when
/// `min_seconds > 0` it also serves as warm-up, up to two more passes refine the latencies (each
/// puzzle's least CPU time is kept; puzzles stopped by a limit are not repeated), and timed
/// passes over the whole set repeat until `min_seconds` of CPU time have passed. With `threads`
/// above 1 (a portfolio racing on each puzzle) every time is wall time, as CPU time would count
/// all of the threads.
///
/// With a `budget`, the first pass stops once it has spent the budget: the puzzle running then
/// is cut (its solve's deadline is the budget's end, when that comes before the timeout's) and
/// not counted, the rest are not timed, and the row is `partial` and `over_budget`. The
/// repeated passes only start while a pass as long as the first fits in what is left of it.
pub fn run(chosen: &Chosen, puzzles: &[Puzzle], settings: &Settings) -> BenchRow {
    let Settings { max_solutions, min_seconds, timeout, max_nodes, budget, threads, ref interrupt } = *settings;
    let interrupted = || interrupt.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed));
    let mut strategy = chosen.build(0);
    let limits = |deadline: Option<Instant>| Limits {
        max_solutions: max_solutions.max(1),
        keep_solutions: 0,
        max_nodes,
        deadline,
        threads: threads.max(1),
        interrupt: interrupt.clone(),
        ..Limits::default()
    };
    let by_timeout = || timeout.and_then(|t| Instant::now().checked_add(t));
    let start = || if threads > 1 { Clock::wall() } else { Clock::start() };
    // Whether `spent` seconds and one more pass of `pass` seconds go beyond the budget.
    let beyond_budget = |spent: f64, pass: f64| budget.is_some_and(|b| spent + pass > b.as_secs_f64());
    // Per-puzzle latency: the thread's CPU time of each solve (wall time where unavailable),
    // the least over the first pass and up to LATENCY_PASSES - 1 more, so a solve preempted or
    // slowed by a neighbour on a shared machine does not set the maximum.
    let mut times = Vec::with_capacity(puzzles.len());
    let mut timed_out = Vec::with_capacity(puzzles.len());
    let (mut nodes, mut guesses, mut backtracks) = (Vec::new(), Vec::new(), Vec::new());
    let (mut solved, mut timeouts, mut node_limited, mut no_guess) = (0, 0, 0, 0);
    let mut over_budget = false;
    // The time of a solve cut by the budget or an interrupt: not part of the throughput.
    let mut uncounted = 0.0;
    let first = start();
    for p in puzzles {
        if interrupted() {
            break;
        }
        // The budget's end as a deadline: CPU time runs no faster than the clock, so the solve
        // is cut no later than when the budget is spent (sooner on a busy machine).
        let left = budget.map(|b| b.as_secs_f64() - first.seconds());
        if left.is_some_and(|left| left <= 0.0) {
            over_budget = true;
            break;
        }
        let by_budget = left.and_then(|left| Instant::now().checked_add(Duration::try_from_secs_f64(left).ok()?));
        let timeout_at = by_timeout();
        let budget_first = by_budget.is_some_and(|b| timeout_at.is_none_or(|t| b < t));
        let t0 = start();
        let outcome = strategy.solve(p, &limits(if budget_first { by_budget } else { timeout_at }), &mut NullSink);
        let took = t0.seconds();
        let mut stopped = false;
        match outcome.status {
            Status::Complete | Status::Stopped(StopReason::SolutionLimit) => {
                solved += 1;
                if outcome.stats.guesses == 0 {
                    no_guess += 1;
                }
            }
            Status::Stopped(StopReason::Deadline) if budget_first => {
                over_budget = true; // cut by the budget, not by the timeout: not timed
                uncounted = took;
                break;
            }
            Status::Stopped(StopReason::Deadline) => {
                timeouts += 1;
                stopped = true;
            }
            Status::Stopped(StopReason::NodeLimit) => {
                node_limited += 1;
                stopped = true;
            }
            Status::Stopped(StopReason::Interrupted) => {
                uncounted = took;
                break;
            }
            Status::Stopped(_) => stopped = true,
        }
        times.push(took);
        timed_out.push(stopped);
        nodes.push(outcome.stats.nodes);
        guesses.push(outcome.stats.guesses);
        backtracks.push(outcome.stats.backtracks);
    }
    let partial = times.len() < puzzles.len();
    let puzzles = &puzzles[..times.len()];
    let cpu = (first.seconds() - uncounted).max(0.0);
    let mut spent = cpu;
    if min_seconds > 0.0 && !partial {
        let clock = start();
        for _ in 1..LATENCY_PASSES {
            if clock.seconds() + cpu > min_seconds / 2.0 || beyond_budget(spent + clock.seconds(), cpu) {
                break;
            }
            for (i, p) in puzzles.iter().enumerate() {
                if timed_out[i] {
                    continue; // a stopped puzzle's time is its limit: not worth repeating
                }
                let t0 = start();
                std::hint::black_box(strategy.solve(p, &limits(by_timeout()), &mut NullSink).count);
                if interrupted() {
                    break; // cut short: its time is not a latency
                }
                times[i] = times[i].min(t0.seconds());
            }
        }
        spent += clock.seconds();
    }
    // Throughput: the timed passes when there are any, else the first pass.
    let (mut done, mut rate_cpu) = (puzzles.len(), cpu);
    if min_seconds > 0.0 && !puzzles.is_empty() && !partial {
        let clock = start();
        let mut passes = 0;
        while !beyond_budget(spent + clock.seconds(), cpu) {
            for p in puzzles {
                std::hint::black_box(strategy.solve(p, &limits(by_timeout()), &mut NullSink).count);
            }
            passes += 1;
            if clock.seconds() >= min_seconds || interrupted() {
                break;
            }
        }
        if passes > 0 {
            (done, rate_cpu) = (passes * puzzles.len(), clock.seconds());
        }
    }
    let times_us: Vec<f64> = times.iter().map(|t| t * 1e6).collect();
    let answered = timed_out.iter().map(|&t| !t).collect();
    times.sort_unstable_by(f64::total_cmp);
    let us = |d: Option<&f64>| d.map_or(0.0, |d| d * 1e6);
    let pct = |q: f64| times.get(((times.len() as f64 - 1.0) * q).round() as usize);
    let count = puzzles.len().max(1) as f64;
    let mean = |counts: &[u64]| counts.iter().sum::<u64>() as f64 / count;
    BenchRow {
        strategy: chosen.name.to_string(),
        label: chosen.label(0),
        name: chosen.short_label(),
        puzzles: puzzles.len(),
        solved,
        timeouts,
        node_limited,
        puzzles_per_sec: if rate_cpu > 0.0 { done as f64 / rate_cpu } else { 0.0 },
        median_us: us(pct(0.5)),
        p99_us: us(pct(0.99)),
        max_us: us(times.last()),
        nodes_per_puzzle: mean(&nodes),
        guesses_per_puzzle: mean(&guesses),
        backtracks_per_puzzle: mean(&backtracks),
        no_guess_pct: 100.0 * no_guess as f64 / count,
        times_us,
        answered,
        nodes,
        guesses,
        backtracks,
        partial: partial || interrupted(),
        over_budget,
    }
}
