//! A difficulty scale from the effort propagation needs (`coverlab rate`, and the generator's
//! `--difficulty`).
//!
//! # The `propagation` scale
//! The puzzle is given to `fast` with ever more of its deductions switched on, and the level is
//! the first set of deductions that solves it without a guess:
//!
//! | level | score | what solves it |
//! |---|---|---|
//! | `easy` | 1 | naked singles alone (a cell with one candidate left) |
//! | `medium` | 2 | naked and hidden singles (a value with one place left in a house) |
//! | `hard` | 3 | singles and locked candidates (pointing and claiming) |
//! | `expert` | 4 + log2(guesses) | none of these: the search must guess |
//!
//! For `expert` puzzles the guesses are those of `fast` with singles and locked candidates
//! (all-different filtering off, so that the scale means the same at every size), counting the
//! solutions up to two: the effort to solve the puzzle *and* prove the solution unique, which
//! depends less on lucky value orders than the effort to the first solution. Its decision
//! depth and backtracks are reported beside it.
//!
//! The scale is deterministic (no randomness anywhere in it) and the same on every machine. A
//! second scale, rating by the human techniques a solver needs, will sit beside it
//! ([`Scale`]).

use std::ops::ControlFlow;

use coverlab_engine::{Limits, Outcome, PlaceReason, Status, StopReason, Strategy, TraceEvent, TraceSink};
use coverlab_model::Puzzle;

/// A difficulty level, from easiest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Naked singles alone solve it.
    Easy,
    /// Hidden singles are needed.
    Medium,
    /// Locked candidates are needed.
    Hard,
    /// The search must guess.
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level called `name`.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The deductions that define the level (for `Expert`, those the search guesses with):
    /// whether hidden singles, and whether locked candidates, are placed and removed.
    pub fn deductions(self) -> (bool, bool) {
        match self {
            Level::Easy => (false, false),
            Level::Medium => (true, false),
            Level::Hard | Level::Expert => (true, true),
        }
    }
}

/// A rating scale. Only one exists today; the human-technique scale will be the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scale {
    /// Levels by the propagation that solves the puzzle, scores by the guesses beyond it.
    #[default]
    Propagation,
}

impl Scale {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Scale::Propagation => "propagation",
        }
    }
}

/// A puzzle's rating and the counts behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The level.
    pub level: Level,
    /// The score: 1, 2 or 3 for the logic levels, 4 + log2(guesses) for `expert`.
    pub score: f64,
    /// Solutions found, counting up to two (1: unique).
    pub solutions: u64,
    /// Placements by naked singles in the run that set the level.
    pub naked_singles: u64,
    /// Placements by hidden singles in that run.
    pub hidden_singles: u64,
    /// Candidates eliminated in that run (by locked candidates, the only eliminating deduction
    /// of the scale).
    pub eliminations: u64,
    /// Decisions with two or more alternatives (0 below `expert`).
    pub guesses: u64,
    /// The deepest decision level reached.
    pub depth: u64,
    /// Backtracks.
    pub backtracks: u64,
}

/// Why a puzzle has no rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unrated {
    /// The puzzle has no solution.
    NoSolution,
    /// A limit stopped the search first.
    Stopped(StopReason),
}

/// Counts what a run did; can stop it at the first guess.
#[derive(Default)]
struct Tally {
    stop_at_guess: bool,
    guessed: bool,
    naked: u64,
    hidden: u64,
    eliminations: u64,
    depth: u64,
}

impl TraceSink for Tally {
    fn event(&mut self, event: &TraceEvent) -> ControlFlow<()> {
        match event {
            TraceEvent::Place { reason: PlaceReason::NakedSingle, .. } => self.naked += 1,
            TraceEvent::Place { reason: PlaceReason::HiddenSingle { .. }, .. } => self.hidden += 1,
            TraceEvent::Eliminate { .. } => self.eliminations += 1,
            TraceEvent::Guess { depth, .. } => {
                self.guessed = true;
                self.depth = self.depth.max(*depth as u64);
                if self.stop_at_guess {
                    return ControlFlow::Break(());
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

/// Rates puzzles; holds one search per level, reused from puzzle to puzzle.
pub struct Rater {
    solvers: [Box<dyn Strategy>; 4],
}

impl Rater {
    /// A rater on the [`Scale::Propagation`] scale, from one search per level ([`Level::ALL`]'s
    /// order): each a propagating search with naked singles and the level's
    /// [`deductions`](Level::deductions), no restarts, deterministic, reporting its deductions
    /// in its trace (`coverlab_strategies::generation::rater` builds them from `fast`).
    pub fn new(solvers: [Box<dyn Strategy>; 4]) -> Rater {
        Rater { solvers }
    }

    /// Whether the deductions of `level` (below `Expert`) solve `puzzle` without a guess (and so
    /// prove its solution unique). `None` when a limit stopped the run.
    pub fn solves_at(&mut self, puzzle: &Puzzle, level: Level, limits: &Limits) -> Option<bool> {
        let (outcome, tally) = self.run(puzzle, level, limits, true);
        match outcome.status {
            Status::Stopped(StopReason::SinkRequested) => Some(false),
            Status::Stopped(_) => None,
            _ => Some(!tally.guessed && outcome.count == 1),
        }
    }

    fn run(&mut self, puzzle: &Puzzle, level: Level, limits: &Limits, stop_at_guess: bool) -> (Outcome, Tally) {
        let mut tally = Tally { stop_at_guess, ..Tally::default() };
        let limits = Limits { max_solutions: 2, keep_solutions: 0, ..limits.clone() };
        let outcome = self.solvers[level as usize].solve(puzzle, &limits, &mut tally);
        (outcome, tally)
    }

    /// How many solutions `puzzle` has, counted up to two by one search (the `expert` level's):
    /// all a scale that needs only uniqueness asks (`rate --scale se`).
    pub fn count_solutions(&mut self, puzzle: &Puzzle, limits: &Limits) -> Result<u64, Unrated> {
        let (outcome, _) = self.run(puzzle, Level::Expert, limits, false);
        if let Status::Stopped(reason) = outcome.status
            && reason != StopReason::SolutionLimit
        {
            return Err(Unrated::Stopped(reason));
        }
        Ok(outcome.count)
    }

    /// The rating of `puzzle`.
    pub fn rate(&mut self, puzzle: &Puzzle, limits: &Limits) -> Result<Rating, Unrated> {
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let (outcome, tally) = self.run(puzzle, level, limits, true);
            match outcome.status {
                Status::Stopped(StopReason::SinkRequested) => continue,
                Status::Stopped(reason) => return Err(Unrated::Stopped(reason)),
                _ if outcome.count == 0 => return Err(Unrated::NoSolution),
                _ => {
                    return Ok(Rating {
                        level,
                        score: f64::from(level as u8 + 1),
                        solutions: outcome.count,
                        naked_singles: tally.naked,
                        hidden_singles: tally.hidden,
                        eliminations: tally.eliminations,
                        guesses: 0,
                        depth: 0,
                        backtracks: 0,
                    });
                }
            }
        }
        let (outcome, tally) = self.run(puzzle, Level::Expert, limits, false);
        if let Status::Stopped(reason) = outcome.status
            && reason != StopReason::SolutionLimit
        {
            return Err(Unrated::Stopped(reason));
        }
        if outcome.count == 0 {
            return Err(Unrated::NoSolution);
        }
        let guesses = outcome.stats.guesses;
        Ok(Rating {
            level: Level::Expert,
            score: 4.0 + (guesses.max(1) as f64).log2(),
            solutions: outcome.count,
            naked_singles: tally.naked,
            hidden_singles: tally.hidden,
            eliminations: tally.eliminations,
            guesses,
            depth: tally.depth,
            backtracks: outcome.stats.backtracks,
        })
    }
}
