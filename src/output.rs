//! One result per puzzle, written for people (line, grid, boxed) or scripts (JSON lines).

use std::io::Write;

use coverlab_engine::{Outcome, Stats, Status, StopReason};
use coverlab_formats::{OutputFormat, write};
use coverlab_model::{Grid, Puzzle};
use serde::Serialize;

use crate::Exit;
use crate::cli::OutputFormatArg;

/// How a puzzle ended, as scripts see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PuzzleStatus {
    /// At least one solution was found.
    Solved,
    /// The search was complete and found none.
    Unsolvable,
    /// The input could not be read, or its givens break a rule.
    Invalid,
    /// A limit stopped the search before any solution.
    Stopped,
}

impl PuzzleStatus {
    /// The exit code this status calls for.
    pub fn exit(self) -> Exit {
        match self {
            PuzzleStatus::Solved => Exit::Ok,
            PuzzleStatus::Unsolvable | PuzzleStatus::Stopped => Exit::NoSolution,
            PuzzleStatus::Invalid => Exit::Invalid,
        }
    }
}

/// The result of one puzzle.
#[derive(Debug, Clone, Serialize)]
pub struct PuzzleResult {
    /// 0-based position in the input.
    pub index: usize,
    /// How it ended.
    pub status: PuzzleStatus,
    /// Where the puzzle starts (`file:line`).
    pub location: String,
    /// The spec it was solved with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spec: Option<String>,
    /// Solutions in line form, in the puzzle's alphabet.
    pub solutions: Vec<String>,
    /// Solutions counted (with `--count`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// True when the count is exact (the search was complete).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<bool>,
    /// Why the search stopped early, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<StopReason>,
    /// Effort.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// Wall time in microseconds (with `--stats` only: times differ from run to run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub micros: Option<u64>,
    /// What is wrong with an invalid puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip)]
    grids: Vec<Grid>,
    #[serde(skip)]
    puzzle: Option<Puzzle>,
}

impl PuzzleResult {
    /// The result of an input that could not be made a puzzle.
    pub fn invalid(index: usize, location: String, error: String) -> PuzzleResult {
        PuzzleResult {
            index,
            status: PuzzleStatus::Invalid,
            location,
            spec: None,
            solutions: Vec::new(),
            count: None,
            exact: None,
            stopped: None,
            stats: None,
            micros: None,
            error: Some(error),
            grids: Vec::new(),
            puzzle: None,
        }
    }

    /// The result of a search.
    pub fn solved(index: usize, location: String, puzzle: Puzzle, outcome: Outcome, counting: bool) -> PuzzleResult {
        let status = if outcome.count > 0 {
            PuzzleStatus::Solved
        } else if outcome.status == Status::Complete {
            PuzzleStatus::Unsolvable
        } else {
            PuzzleStatus::Stopped
        };
        let stopped = match outcome.status {
            Status::Stopped(reason) => Some(reason),
            Status::Complete => None,
        };
        PuzzleResult {
            index,
            status,
            location,
            spec: Some(puzzle.model().name().to_string()),
            solutions: outcome
                .solutions
                .iter()
                .map(|g| write(g.values(), puzzle.symbols(), None, OutputFormat::Line))
                .collect(),
            count: counting.then_some(outcome.count),
            exact: counting.then_some(outcome.status == Status::Complete),
            stopped,
            stats: Some(outcome.stats),
            micros: None,
            error: None,
            grids: outcome.solutions,
            puzzle: Some(puzzle),
        }
    }

    /// Writes the result to `out` in `format`.
    pub fn write_to(&self, out: &mut impl Write, format: OutputFormatArg) -> std::io::Result<()> {
        if format == OutputFormatArg::Json {
            serde_json::to_writer(&mut *out, self)?;
            return writeln!(out);
        }
        if let Some(count) = self.count {
            let more = if self.exact == Some(false) { "+" } else { "" };
            return writeln!(out, "{count}{more}");
        }
        let Some(puzzle) = &self.puzzle else {
            return writeln!(out, "# {}: invalid", self.index);
        };
        if self.grids.is_empty() {
            let what = match self.status {
                PuzzleStatus::Stopped => format!("stopped ({})", self.stopped.map_or("limit", StopReason::name)),
                _ => "no solution".into(),
            };
            return writeln!(out, "# {}: {what}", self.index);
        }
        let boxes = puzzle.model().boxes();
        for grid in &self.grids {
            let text = match format {
                OutputFormatArg::Line => write(grid.values(), puzzle.symbols(), boxes, OutputFormat::Line) + "\n",
                OutputFormatArg::Grid => write(grid.values(), puzzle.symbols(), boxes, OutputFormat::Grid) + "\n",
                OutputFormatArg::Boxed => write(grid.values(), puzzle.symbols(), boxes, OutputFormat::Boxed) + "\n",
                OutputFormatArg::Json => unreachable!("handled above"),
            };
            out.write_all(text.as_bytes())?;
        }
        Ok(())
    }
}
