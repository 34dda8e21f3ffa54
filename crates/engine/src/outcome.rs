//! What goes into a solve ([`Limits`]) and what comes out ([`Outcome`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use coverlab_model::Grid;
use serde::{Deserialize, Serialize};

/// Bounds on one solve. Every strategy honours them promptly.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Stop once this many solutions are found (≥ 1). Counting to 2 checks uniqueness.
    pub max_solutions: u64,
    /// Keep at most this many solution grids in the outcome (the rest are only counted).
    pub keep_solutions: usize,
    /// Stop after this many search nodes.
    pub max_nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Threads the strategy may use on this one puzzle (≥ 1). A strategy that races several
    /// searches (a portfolio) may then report a different one of several solutions from run to
    /// run; one thread keeps every result and trace deterministic.
    pub threads: usize,
    /// Stop as soon as this flag is set (a user's Ctrl-C), checked with the deadline.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// A cheap uniqueness check: once the first solution is found, look for another for at most
    /// as many more nodes as the first took (and at least this many), then stop with
    /// `NodeLimit` if none turned up. `None`: search until `max_solutions` or another limit.
    /// Deterministic (nodes, not time), so a trace with it is as reproducible as without.
    pub uniqueness_nodes: Option<u64>,
}

impl Default for Limits {
    /// The first solution, kept; no node or time limit.
    fn default() -> Limits {
        Limits {
            max_solutions: 1,
            keep_solutions: 1,
            max_nodes: None,
            deadline: None,
            threads: 1,
            interrupt: None,
            uniqueness_nodes: None,
        }
    }
}

impl Limits {
    /// Count up to `max` solutions, keeping `keep` of them.
    pub fn count(max: u64, keep: usize) -> Limits {
        Limits { max_solutions: max.max(1), keep_solutions: keep, ..Limits::default() }
    }

    /// Why the search must stop now for a reason outside it: the interrupt flag is set, or the
    /// deadline has passed (this reads the clock: call it every so many steps, not every step).
    pub fn expired(&self) -> Option<StopReason> {
        if self.interrupt.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Some(StopReason::Interrupted);
        }
        if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Some(StopReason::Deadline);
        }
        None
    }
}

/// Why a search ended before exhausting its tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum StopReason {
    /// `max_solutions` solutions were found.
    SolutionLimit,
    /// `max_nodes` nodes were visited.
    NodeLimit,
    /// The deadline passed.
    Deadline,
    /// The trace sink asked to stop.
    SinkRequested,
    /// The run was interrupted (`Limits::interrupt`).
    Interrupted,
}

impl StopReason {
    /// The kebab-case name used in traces and JSON.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::SolutionLimit => "solution-limit",
            StopReason::NodeLimit => "node-limit",
            StopReason::Deadline => "deadline",
            StopReason::SinkRequested => "sink-requested",
            StopReason::Interrupted => "interrupted",
        }
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The whole search tree was explored: the solution count is exact (0: unsolvable).
    Complete,
    /// The search stopped early; the count is a lower bound.
    Stopped(StopReason),
}

/// Search effort, in counts only (no clock), so that traces and snapshots are stable.
///
/// The counters mean the same for every strategy, and each matches the trace's events, so they
/// can be compared across strategies (a test holds every registered strategy to it):
/// - `nodes`: the states the search visited (for `sat`, also the solver's conflicts);
/// - `guesses`: the alternatives tried at decisions with two or more (`guess` events);
/// - `placements`: the values placed without a decision, deduced or forced (`place` events
///   other than the givens);
/// - `backtracks`: the returns to an earlier decision (`backtrack` events).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stats {
    /// Search nodes visited (each a state the search branched from or tried).
    pub nodes: u64,
    /// Alternatives tried at decisions with two or more: `guess` events.
    pub guesses: u64,
    /// Returns to an earlier decision: `backtrack` events.
    pub backtracks: u64,
    /// Values placed without a decision (deduced or forced): `place` events other than givens.
    pub placements: u64,
}

/// The result of one solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// Solutions found, up to `keep_solutions`, in the order found.
    pub solutions: Vec<Grid>,
    /// Solutions found (exact when `status` is `Complete`).
    pub count: u64,
    /// Effort.
    pub stats: Stats,
}

impl Outcome {
    /// True when the search was complete and found no solution.
    pub fn is_unsolvable(&self) -> bool {
        self.status == Status::Complete && self.count == 0
    }

    /// Whether the puzzle has exactly one solution, when the search says: `Some(true)` for one
    /// solution and a complete search, `Some(false)` for two or more, `None` when it stopped
    /// before knowing (no solution yet, or one and a limit).
    pub fn unique(&self) -> Option<bool> {
        match (self.count, self.status) {
            (0, _) => None,
            (1, Status::Complete) => Some(true),
            (1, _) => None,
            _ => Some(false),
        }
    }

    /// True when `count` is the exact number of solutions, or the solution limit was reached
    /// (so at least that many exist).
    pub fn is_decided(&self) -> bool {
        matches!(self.status, Status::Complete | Status::Stopped(StopReason::SolutionLimit))
    }
}
