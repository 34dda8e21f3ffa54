//! The bookkeeping every search shares: stats, limits, solutions and trace events.

use std::ops::ControlFlow;

use coverlab_model::{Cell, Grid, Puzzle, Value};

use crate::trace::{Choice, ConflictCause, PlaceReason, TraceEvent, TraceSink};
use crate::{Limits, Outcome, Stats, Status, StopReason};

/// How many nodes pass between two looks at the clock (and the interrupt flag), for a grid of
/// n²  cells: a node costs roughly in proportion to the cells, so the clock is read about every
/// 16k cells' worth of work (every 128 nodes at 9×9, every 4 at 64×64): often enough to stop
/// promptly at any size, rarely enough to cost nothing measurable.
#[doc(hidden)]
pub fn clock_every(n: usize) -> u64 {
    let nodes = (16_384 / (n * n).max(1)).max(1) as u64;
    1 << nodes.ilog2()
}

/// One search in progress: a strategy calls it at each step and it counts, checks the limits,
/// records solutions and forwards trace events to the sink (only when the sink is enabled, so
/// building an event costs nothing with the null sink).
///
/// Methods that can end the search return `false` (or `ControlFlow::Break`) once it must stop;
/// the strategy then unwinds and calls [`Search::finish`].
pub struct Search<'a> {
    limits: &'a Limits,
    sink: &'a mut dyn TraceSink,
    tracing: bool,
    /// The sink asked for [`Choice`]s.
    choices: bool,
    n: usize,
    /// `clock_every(n) - 1`: the clock is read when `nodes & clock_mask == 0`.
    clock_mask: u64,
    stats: Stats,
    /// The node limit in force: `Limits::max_nodes`, lowered by the uniqueness check.
    node_limit: Option<u64>,
    solutions: Vec<Grid>,
    count: u64,
    stop: Option<StopReason>,
}

impl<'a> Search<'a> {
    /// Starts a search: emits `start` and one `place … given` per given, row-major.
    pub fn begin(strategy: &str, puzzle: &Puzzle, limits: &'a Limits, sink: &'a mut dyn TraceSink) -> Search<'a> {
        let tracing = sink.enabled();
        let choices = tracing && sink.choices();
        let mut search = Search {
            limits,
            sink,
            tracing,
            choices,
            n: puzzle.size(),
            clock_mask: clock_every(puzzle.size()) - 1,
            stats: Stats::default(),
            node_limit: limits.max_nodes,
            solutions: Vec::new(),
            count: 0,
            stop: None,
        };
        let givens = puzzle.givens();
        search.emit(|| TraceEvent::Start {
            strategy: strategy.into(),
            spec: puzzle.model().name().into(),
            size: puzzle.size(),
            givens: givens.filled(),
        });
        if search.tracing() {
            for cell in 0..givens.values().len() {
                let v = givens.get(cell);
                if v != 0 {
                    search.emit(|| TraceEvent::Place { cell, value: v, reason: PlaceReason::Given, depth: 0 });
                }
            }
        }
        search
    }

    /// True when the sink wants events: strategies may skip work done only for the trace.
    ///
    /// Built with the `trace-off` feature it is the constant `false`, so every trace call compiles
    /// away: the reference build for measuring what tracing costs when it is off.
    #[inline]
    pub fn tracing(&self) -> bool {
        !cfg!(feature = "trace-off") && self.tracing
    }

    /// The grid size n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Sends an event built by `event` to the sink, if it is enabled.
    #[inline]
    pub fn emit(&mut self, event: impl FnOnce() -> TraceEvent) {
        if self.tracing() && self.sink.event(&event()).is_break() && self.stop.is_none() {
            self.stop = Some(StopReason::SinkRequested);
        }
    }

    /// Counts a search node and checks the node limit, and the deadline and the interrupt flag
    /// every few nodes (more often on larger grids). Returns false once the search must stop.
    #[inline]
    pub fn node(&mut self) -> bool {
        self.stats.nodes += 1;
        let read_clock = self.stats.nodes & self.clock_mask == 0;
        self.within_limits(read_clock)
    }

    /// The node limit and, when `read_clock`, the deadline and the interrupt flag; records why
    /// the search must stop.
    #[inline(always)]
    fn within_limits(&mut self, read_clock: bool) -> bool {
        if self.stop.is_some() {
            return false;
        }
        if let Some(max) = self.node_limit
            && self.stats.nodes > max
        {
            self.stats.nodes = max;
            self.stop = Some(StopReason::NodeLimit);
            return false;
        }
        if read_clock && let Some(reason) = self.limits.expired() {
            self.stop = Some(reason);
            return false;
        }
        true
    }

    /// The node limit in force (`Limits::max_nodes`, or lower once the uniqueness check of
    /// `Limits::uniqueness_nodes` has begun): for a strategy that counts nodes in bulk.
    pub fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// The limits this search runs under (for a strategy that hands the search on to another).
    pub fn limits(&self) -> &'a Limits {
        self.limits
    }

    /// Counts `count` nodes at once and checks the node limit, the deadline and the interrupt
    /// flag now (whatever the
    /// count). For a strategy whose inner search runs outside this bookkeeping, such as a SAT
    /// solver reporting its conflicts after a call. Returns false once the search must stop.
    pub fn nodes(&mut self, count: u64) -> bool {
        self.stats.nodes += count;
        self.within_limits(true)
    }

    /// True once the search must stop (a limit was hit or the sink asked).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.is_some()
    }

    /// Records a decision: `value` tried in `cell` as alternative `k` of `m` (m ≥ 2: a single
    /// alternative is a forced placement, [`Search::place`]), opening `depth`. Counts a guess.
    #[inline]
    pub fn guess(&mut self, depth: usize, cell: Cell, value: Value, k: usize, m: usize) {
        debug_assert!(m >= 2, "a decision has alternatives: a single one is a placement");
        self.stats.guesses += 1;
        self.emit(|| TraceEvent::Guess { depth, cell, value, k, m, why: None });
    }

    /// [`Search::guess`] saying why the decision branched here: `why` is called only when the
    /// sink asked for choices ([`Search::choices`]). For the first alternative of a decision.
    #[inline]
    pub fn guess_because(
        &mut self,
        depth: usize,
        cell: Cell,
        value: Value,
        (k, m): (usize, usize),
        why: impl FnOnce() -> Option<Choice>,
    ) {
        debug_assert!(m >= 2, "a decision has alternatives: a single one is a placement");
        self.stats.guesses += 1;
        let choices = self.choices;
        self.emit(|| TraceEvent::Guess {
            depth,
            cell,
            value,
            k,
            m,
            why: if choices { why().map(Box::new) } else { None },
        });
    }

    /// True when the sink asked decisions to say why they branched where they did: a strategy
    /// may skip the scan that finds the places passed over otherwise.
    #[inline]
    pub fn choices(&self) -> bool {
        self.choices
    }

    /// Records a placement that is not a decision (a deduction, a forced value or cover).
    /// Counts a placement.
    #[inline]
    pub fn place(&mut self, cell: Cell, value: Value, reason: PlaceReason, depth: usize) {
        self.stats.placements += 1;
        self.emit(|| TraceEvent::Place { cell, value, reason, depth });
    }

    /// Records that `value` was ruled out of `cell`.
    #[inline]
    pub fn eliminate(&mut self, cell: Cell, value: Value, depth: usize) {
        self.emit(|| TraceEvent::Eliminate { cell, value, depth, by: None });
    }

    /// Records that constraint `by` (an index into the model's constraints) ruled `value` out of
    /// `cell`.
    #[inline]
    pub fn eliminate_by(&mut self, cell: Cell, value: Value, depth: usize, by: usize) {
        self.emit(|| TraceEvent::Eliminate { cell, value, depth, by: Some(by) });
    }

    /// Records a dead end at `depth`.
    #[inline]
    pub fn conflict(&mut self, depth: usize, cause: ConflictCause) {
        self.emit(|| TraceEvent::Conflict { depth, cause });
    }

    /// Records a return to `depth`: everything after the decision at `depth + 1` is undone.
    #[inline]
    pub fn backtrack(&mut self, depth: usize) {
        self.stats.backtracks += 1;
        self.emit(|| TraceEvent::Backtrack { depth });
    }

    /// Records a solution (built only if it is kept). Returns `Break` once the solution limit is
    /// reached or the search must stop for another reason.
    pub fn solution(&mut self, grid: impl FnOnce() -> Grid) -> ControlFlow<()> {
        self.count += 1;
        if self.solutions.len() < self.limits.keep_solutions {
            self.solutions.push(grid());
        }
        let index = self.count;
        if index == 1
            && let Some(least) = self.limits.uniqueness_nodes
        {
            let nodes = self.stats.nodes;
            let cap = nodes.saturating_add(nodes.max(least));
            self.node_limit = Some(self.node_limit.map_or(cap, |max| max.min(cap)));
        }
        self.emit(|| TraceEvent::Solution { number: index });
        if self.count >= self.limits.max_solutions && self.stop.is_none() {
            self.stop = Some(StopReason::SolutionLimit);
        }
        if self.stop.is_some() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }

    /// The effort so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Mutable access to the counters, for strategies that count in bulk.
    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }

    /// Ends the search: emits `stop` and returns the outcome.
    pub fn finish(self) -> Outcome {
        let status = match self.stop {
            Some(reason) => Status::Stopped(reason),
            None => Status::Complete,
        };
        let (count, stats) = (self.count, self.stats);
        if self.tracing() {
            let _ = self.sink.event(&TraceEvent::Stop { status, count, stats });
        }
        Outcome { status, solutions: self.solutions, count, stats }
    }
}
