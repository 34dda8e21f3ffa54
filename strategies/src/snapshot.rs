//! A strategy's run on one puzzle as snapshot text, checked before it is shown: the snapshot
//! loop of a research variant in one call.
//!
//! [`trace_snapshot`] solves the puzzle with a recording sink, replays the trace with the
//! independent checker ([`coverlab_engine::replay`]: every placement legal, every solution the
//! one the trace built, the final count the outcome's), validates every solution
//! ([`coverlab_model::validate::check_solution`]) and panics with the strategy, the spec and the
//! puzzle in the message if any of it fails; so a snapshot can only ever record a correct run.
//! The text is what the strategies' own snapshots hold:
//!
//! ```text
//! spec: classic-4x4
//! puzzle: ...2.....43.....
//! limits: max_solutions=10 max_nodes=none
//! --- trace (35 events)
//! start mrv classic-4x4 size=4 givens=3
//! place r1c4=2 given
//! ...
//! stop complete count=3 nodes=26 guesses=4 backtracks=2 placements=21
//! --- outcome
//! status: complete
//! count: 3
//! stats: nodes=26 guesses=4 backtracks=2 placements=21
//! solution 1: 3142421324311324
//! ...
//! ```
//!
//! A trace longer than [`MAX_EVENTS`] is replaced by its length (it is still replayed);
//! [`Snapshot`] sets other limits, another cap, an outcome-only run for large grids. Nothing in
//! the text depends on time: use solution and node limits, never a deadline.
//!
//! A variant and its snapshot test (`tests/it/variant_snapshot.rs` holds this one):
//!
//! ```
//! use coverlab_engine::{Bits, Limits, UnitSets};
//! use coverlab_model::{Cell, Puzzle};
//! use coverlab_strategies::plain::{Hooks, Plain};
//! use coverlab_strategies::snapshot::trace_snapshot;
//!
//! /// MRV, ties broken by the last cell rather than the first.
//! struct MrvLast;
//! impl Hooks for MrvLast {
//!     fn name(&self) -> &str {
//!         "mrv-last"
//!     }
//!     fn choose_cell<B: Bits>(&mut self, sets: &UnitSets<'_, B>, _: Option<Cell>) -> Option<Cell> {
//!         let empty = (0..sets.values().len()).rev().filter(|&c| sets.value(c) == 0);
//!         empty.min_by_key(|&c| sets.fits(c).count())
//!     }
//! }
//!
//! let puzzle = Puzzle::builtin("classic-4x4", "...2.....43.....").unwrap();
//! let text = trace_snapshot(&mut Plain(MrvLast), &puzzle, &Limits::count(10, 10));
//! assert!(text.contains("start mrv-last classic-4x4") && text.contains("count: 3"));
//! // In a test: insta::assert_snapshot!("mrv-last__4x4-several", text);
//! ```
//!
//! # Reviewing snapshots without a terminal session
//!
//! The snapshots live in the workspace's `snapshots/` folder (`snapshots/strategies`,
//! `snapshots/constraints`, `snapshots/variant`), one `.snap` file per strategy and case. With
//! `CI=true` (as in CI) a changed or missing snapshot fails its test and writes nothing.
//!
//! With cargo-insta (`cargo install --locked cargo-insta`):
//!
//! ```sh
//! cargo insta test --workspace                # run the tests, keep changed snapshots as .snap.new
//! cargo insta pending-snapshots --workspace    # list them
//! cargo insta accept --workspace               # or: cargo insta reject --workspace
//! ```
//!
//! (`cargo insta review --workspace` is the interactive alternative.) Without it:
//!
//! ```sh
//! INSTA_UPDATE=new cargo test -p coverlab-strategies --test it snapshots
//! find snapshots -name '*.snap.new'     # read each, or diff it against its .snap
//! ```
//!
//! then rename an accepted `.snap.new` over its `.snap` and delete the rest. A new case's
//! snapshot is written straight away with `INSTA_UPDATE=always`: read it before committing.

use std::fmt::Write as _;

use coverlab_engine::replay::replay;
use coverlab_engine::trace::render;
use coverlab_engine::{Limits, NullSink, Outcome, Status, Strategy, TraceEvent, VecSink};
use coverlab_model::Puzzle;
use coverlab_model::validate::check_solution;

/// Traces longer than this are snapshotted by their length only.
pub const MAX_EVENTS: usize = 2000;

/// How a run is snapshotted: the limits, the cap on shown events, whether a trace is recorded.
#[derive(Debug, Clone)]
pub struct Snapshot {
    limits: Limits,
    max_events: usize,
    trace: bool,
    limits_line: bool,
    spec: Option<String>,
}

impl Default for Snapshot {
    /// Count to 2 solutions (proving uniqueness), keep both, show up to [`MAX_EVENTS`] events.
    fn default() -> Snapshot {
        Snapshot::new(Limits::count(2, 2))
    }
}

/// A snapshotted run: its text, and what it came from, for further checks.
#[derive(Debug, Clone)]
pub struct Taken {
    /// The snapshot text.
    pub text: String,
    /// The strategy's outcome.
    pub outcome: Outcome,
    /// The whole trace (empty when none was recorded).
    pub events: Vec<TraceEvent>,
}

impl Snapshot {
    /// A snapshot of a run under `limits`, the trace shown up to [`MAX_EVENTS`] events.
    pub fn new(limits: Limits) -> Snapshot {
        Snapshot { limits, max_events: MAX_EVENTS, trace: true, limits_line: true, spec: None }
    }

    /// Show traces of at most `max_events` events (longer ones by their length).
    pub fn max_events(mut self, max_events: usize) -> Snapshot {
        self.max_events = max_events;
        self
    }

    /// Record no trace (16×16 and beyond): the text holds the outcome only.
    pub fn outcome_only(mut self) -> Snapshot {
        self.trace = false;
        self
    }

    /// Leave the `limits:` line out of the header.
    pub fn without_limits_line(mut self) -> Snapshot {
        self.limits_line = false;
        self
    }

    /// Name the spec so in the header (a file name, say) rather than by the model's name.
    pub fn spec(mut self, label: impl Into<String>) -> Snapshot {
        self.spec = Some(label.into());
        self
    }

    /// Runs `strategy` on `puzzle`, checks the run and writes its snapshot text.
    ///
    /// # Panics
    /// When the checker refuses the trace, when its count or solutions are not the outcome's,
    /// or when a solution breaks a rule: the message names the strategy, spec and puzzle.
    pub fn take(&self, strategy: &mut dyn Strategy, puzzle: &Puzzle) -> Taken {
        let symbols = puzzle.symbols();
        let line: String = puzzle.givens().values().iter().map(|&v| symbols.symbol(v)).collect();
        let spec = self.spec.as_deref().unwrap_or(puzzle.model().name());
        let who = format!("{} on {spec} {line}", strategy.name());
        let mut sink = VecSink::new();
        let outcome = if self.trace {
            strategy.solve(puzzle, &self.limits, &mut sink)
        } else {
            strategy.solve(puzzle, &self.limits, &mut NullSink)
        };
        for (i, grid) in outcome.solutions.iter().enumerate() {
            check_solution(puzzle.model(), puzzle.givens(), grid)
                .unwrap_or_else(|e| panic!("{who}: solution {} is wrong: {e}", i + 1));
        }

        let mut text = String::new();
        writeln!(text, "spec: {spec}").unwrap();
        writeln!(text, "puzzle: {line}").unwrap();
        if self.limits_line {
            let nodes = self.limits.max_nodes.map_or("none".into(), |n| n.to_string());
            writeln!(text, "limits: max_solutions={} max_nodes={nodes}", self.limits.max_solutions).unwrap();
        }
        let events = sink.events;
        if !self.trace {
            writeln!(text, "--- trace: not recorded (outcome only)").unwrap();
        } else {
            let replayed =
                replay(puzzle, &events).unwrap_or_else(|e| panic!("{who}: the checker refuses the trace: {e}"));
            assert_eq!(replayed.final_count, Some(outcome.count), "{who}: the trace's count is not the outcome's");
            if !replayed.cut {
                assert!(
                    replayed.solutions.starts_with(&outcome.solutions),
                    "{who}: the trace's solutions are not the outcome's"
                );
            }
            if events.len() <= self.max_events {
                writeln!(text, "--- trace ({} events)", events.len()).unwrap();
                text.push_str(&render(&events, puzzle.model(), symbols));
            } else {
                writeln!(text, "--- trace: {} events (over {}: not shown)", events.len(), self.max_events).unwrap();
            }
        }
        writeln!(text, "--- outcome").unwrap();
        text.push_str(&outcome_summary(&outcome, puzzle));
        Taken { text, outcome, events }
    }
}

/// The snapshot text of `strategy` on `puzzle` under `limits` (see the [module](self)): the
/// trace replayed by the checker and every solution validated first.
///
/// # Panics
/// When the run is not correct (see [`Snapshot::take`]).
pub fn trace_snapshot(strategy: &mut dyn Strategy, puzzle: &Puzzle, limits: &Limits) -> String {
    Snapshot::new(limits.clone()).take(strategy, puzzle).text
}

/// An outcome as a few readable lines: status, count, stats, then each kept solution in line
/// form.
pub fn outcome_summary(outcome: &Outcome, puzzle: &Puzzle) -> String {
    let s = &outcome.stats;
    let mut out = String::new();
    let status = match outcome.status {
        Status::Complete => "complete",
        Status::Stopped(reason) => reason.name(),
    };
    writeln!(out, "status: {status}").unwrap();
    writeln!(out, "count: {}", outcome.count).unwrap();
    writeln!(
        out,
        "stats: nodes={} guesses={} backtracks={} placements={}",
        s.nodes, s.guesses, s.backtracks, s.placements
    )
    .unwrap();
    for (i, grid) in outcome.solutions.iter().enumerate() {
        let line: String = grid.values().iter().map(|&v| puzzle.symbols().symbol(v)).collect();
        writeln!(out, "solution {}: {line}", i + 1).unwrap();
    }
    out
}
