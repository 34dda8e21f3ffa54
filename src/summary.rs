//! What a run did, in constant memory whatever its size: counts per status, effort, and the
//! distribution of per-puzzle times and guesses as log-scale histograms (quantiles within a
//! few percent), plus the slowest puzzles. Read by `--stats` (a few lines on stderr),
//! `--summary FILE` (one JSON object) and `--plot FILE.svg`.

use coverlab_model::text::count;
use std::collections::BTreeSet;
use std::time::Duration;

use serde::Serialize;

use crate::input::Location;
use crate::output::PuzzleStatus;

/// Buckets per doubling: a quantile read from the histogram is within 2^(1/16) − 1 ≈ 4.4 %.
const PER_DOUBLING: f64 = 16.0;
/// Buckets: from 1 ns to 2^48 ns (3.3 days) for times; guesses use the same scale from 1.
const BUCKETS: usize = 48 * 16 + 1;
/// The slowest puzzles kept, by time.
const SLOWEST: usize = 5;

/// A histogram of positive values on a log scale; bucket 0 holds values below 1.
#[derive(Debug, Clone)]
pub struct LogHistogram {
    counts: Vec<u64>,
    total: u64,
    max: u64,
    sum: u128,
}

impl Default for LogHistogram {
    fn default() -> Self {
        LogHistogram { counts: vec![0; BUCKETS], total: 0, max: 0, sum: 0 }
    }
}

impl LogHistogram {
    fn bucket(value: u64) -> usize {
        if value == 0 {
            return 0;
        }
        (((value as f64).log2() * PER_DOUBLING) as usize + 1).min(BUCKETS - 1)
    }

    /// The value at the middle of bucket `b` (on the log scale).
    fn value_of(b: usize) -> f64 {
        if b == 0 { 0.0 } else { 2f64.powf((b as f64 - 0.5) / PER_DOUBLING) }
    }

    /// Adds one value.
    pub fn add(&mut self, value: u64) {
        self.add_many(value, 1);
    }

    /// Adds `count` times the same value.
    pub fn add_many(&mut self, value: u64, count: u64) {
        if count == 0 {
            return;
        }
        self.counts[Self::bucket(value)] += count;
        self.total += count;
        self.max = self.max.max(value);
        self.sum += u128::from(value) * u128::from(count);
    }

    /// Values added.
    pub fn len(&self) -> u64 {
        self.total
    }

    /// True when no value was added.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The largest value, exactly.
    pub fn max(&self) -> u64 {
        self.max
    }

    /// The mean, exactly.
    pub fn mean(&self) -> f64 {
        if self.total == 0 { 0.0 } else { self.sum as f64 / self.total as f64 }
    }

    /// The `q` quantile (0 to 1), within a bucket's width; the largest value for `q = 1`.
    pub fn quantile(&self, q: f64) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        if q >= 1.0 {
            return self.max as f64;
        }
        let rank = ((q * self.total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (b, &count) in self.counts.iter().enumerate() {
            seen += count;
            if seen >= rank {
                return Self::value_of(b).min(self.max as f64);
            }
        }
        self.max as f64
    }

    /// The non-empty buckets as (representative value, count): exact for small integers (every
    /// value below 23 has a bucket of its own), the bucket's middle above.
    pub fn values(&self) -> impl Iterator<Item = (f64, u64)> + '_ {
        self.counts.iter().enumerate().filter(|&(_, &c)| c > 0).map(|(b, &c)| {
            let v = Self::value_of(b);
            (if v < 23.0 { v.round() } else { v }, c)
        })
    }

    /// The non-empty buckets as (low edge, high edge, count), for plotting.
    pub fn bins(&self) -> Vec<(f64, f64, u64)> {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(b, &c)| {
                let low = if b == 0 { 0.0 } else { 2f64.powf((b as f64 - 1.0) / PER_DOUBLING) };
                (low, 2f64.powf(b as f64 / PER_DOUBLING), c)
            })
            .collect()
    }
}

/// One puzzle as the summary sees it.
pub struct Seen<'a> {
    /// Its position in the input.
    pub index: usize,
    /// Where it starts.
    pub location: &'a Location,
    /// How it ended.
    pub status: PuzzleStatus,
    /// Its spec's name (not for an unreadable puzzle).
    pub spec: Option<&'a str>,
    /// Its search's effort.
    pub nodes: u64,
    /// Its search's decisions.
    pub guesses: u64,
    /// Its solve time, when timed.
    pub nanos: Option<u64>,
}

/// A slow puzzle.
#[derive(Debug, Clone, Serialize)]
pub struct Slow {
    /// Its position in the input.
    pub index: usize,
    /// Where it starts (`file:line`).
    pub location: String,
    /// Its solve time.
    pub micros: f64,
}

/// The run so far.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Puzzles, valid or not.
    pub puzzles: u64,
    /// Per status.
    pub solved: u64,
    /// The search was complete and found no solution.
    pub unsolvable: u64,
    /// A limit stopped the search before a solution.
    pub stopped: u64,
    /// Could not be read, or clashing givens.
    pub invalid: u64,
    /// Inputs that could not be read at all.
    pub unreadable_inputs: u64,
    /// Total search nodes.
    pub nodes: u64,
    /// Total decisions.
    pub guesses: u64,
    /// Solve times, in nanoseconds (timed runs only).
    pub times: LogHistogram,
    /// Decisions per puzzle.
    pub guess_counts: LogHistogram,
    /// The slowest puzzles, slowest first.
    pub slowest: Vec<Slow>,
    /// The specs met, by name.
    pub specs: BTreeSet<String>,
}

impl Summary {
    /// Counts one puzzle.
    pub fn add(&mut self, seen: Seen<'_>) {
        self.puzzles += 1;
        match seen.status {
            PuzzleStatus::Solved => self.solved += 1,
            PuzzleStatus::Unsolvable => self.unsolvable += 1,
            PuzzleStatus::Stopped => self.stopped += 1,
            PuzzleStatus::Invalid => self.invalid += 1,
        }
        if seen.status == PuzzleStatus::Invalid {
            return;
        }
        self.nodes += seen.nodes;
        self.guesses += seen.guesses;
        self.guess_counts.add(seen.guesses);
        if let Some(spec) = seen.spec
            && !self.specs.contains(spec)
        {
            self.specs.insert(spec.to_string());
        }
        if let Some(nanos) = seen.nanos {
            self.times.add(nanos);
            let micros = nanos as f64 / 1000.0;
            if self.slowest.len() < SLOWEST || self.slowest.last().is_some_and(|s| s.micros < micros) {
                let slow = Slow { index: seen.index, location: seen.location.to_string(), micros };
                let at = self.slowest.partition_point(|s| s.micros >= micros);
                self.slowest.insert(at, slow);
                self.slowest.truncate(SLOWEST);
            }
        }
    }

    /// Puzzles that were not solved: unsolvable or stopped.
    pub fn unsolved(&self) -> u64 {
        self.unsolvable + self.stopped
    }

    /// The `--stats` lines for people.
    pub fn human(&self, wall: Duration) -> String {
        let secs = wall.as_secs_f64();
        let mut out = format!(
            "{} in {}: {} solved, {} unsolvable, {} stopped, {} invalid",
            count(self.puzzles, "puzzle"),
            seconds(secs),
            self.solved,
            self.unsolvable,
            self.stopped,
            self.invalid
        );
        if self.unreadable_inputs > 0 {
            out.push_str(&format!(", {} unreadable", count(self.unreadable_inputs, "input")));
        }
        out.push_str(&format!(
            "\n{:.0} puzzles/s; {}, {} ({:.1} guesses per puzzle)",
            self.puzzles as f64 / secs.max(1e-9),
            count(self.nodes, "node"),
            count(self.guesses, "guess"),
            self.guess_counts.mean()
        ));
        if !self.times.is_empty() {
            let t = &self.times;
            out.push_str(&format!(
                "\ntime per puzzle: median {}, p90 {}, p99 {}, max {}",
                seconds(t.quantile(0.5) / 1e9),
                seconds(t.quantile(0.9) / 1e9),
                seconds(t.quantile(0.99) / 1e9),
                seconds(t.max() as f64 / 1e9)
            ));
            let slowest: Vec<String> = self
                .slowest
                .iter()
                .map(|s| format!("#{} {} ({})", s.index, s.location, seconds(s.micros / 1e6)))
                .collect();
            out.push_str(&format!("\nslowest: {}", slowest.join(", ")));
        }
        out
    }
}

/// A duration for people: `812 ns`, `3.4 µs`, `17.2 ms`, `2.31 s`.
pub fn seconds(secs: f64) -> String {
    match secs {
        s if s < 1e-6 => format!("{:.0} ns", s * 1e9),
        s if s < 1e-3 => format!("{:.1} µs", s * 1e6),
        s if s < 1.0 => format!("{:.1} ms", s * 1e3),
        s => format!("{s:.2} s"),
    }
}
