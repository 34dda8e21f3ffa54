//! One result per puzzle, written for people (line, grid, boxed) or scripts (JSON lines).

use std::io::Write;

use coverlab_engine::{Outcome, Stats, Status, StopReason};
use coverlab_formats::{OutputFormat, write, write_boxed, write_boxed_marked};
use std::sync::Arc;

use coverlab_model::{Grid, Model, Puzzle};
use serde::Serialize;

use crate::Exit;
use crate::cli::OutputFormatArg;
use crate::diag::push_u64;
use crate::input::Location;

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
    /// The status as JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            PuzzleStatus::Solved => "solved",
            PuzzleStatus::Unsolvable => "unsolvable",
            PuzzleStatus::Invalid => "invalid",
            PuzzleStatus::Stopped => "stopped",
        }
    }

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
#[derive(Debug, Clone)]
pub struct PuzzleResult {
    /// 0-based position in the input.
    pub index: usize,
    /// How it ended.
    pub status: PuzzleStatus,
    /// Where the puzzle starts (`file:line`).
    pub location: Location,
    /// Solutions counted (with `--count`).
    pub count: Option<u64>,
    /// True when the count is exact (the search was complete).
    pub exact: Option<bool>,
    /// Why the search stopped early, if it did.
    pub stopped: Option<StopReason>,
    /// Effort.
    pub stats: Option<Stats>,
    /// Wall time in microseconds (with `--stats` only: times differ from run to run).
    pub micros: Option<u64>,
    /// Wall time in nanoseconds, when the run is timed (for the summary; never written).
    pub nanos: Option<u64>,
    /// What is wrong with an invalid puzzle.
    pub error: Option<String>,
    /// The puzzle's title line in the input (`Grid 01`).
    pub title: Option<String>,
    /// The comment after the puzzle on its line in the input.
    pub comment: Option<String>,
    /// Whether the puzzle has exactly one solution, when solving found out (not with `--count`:
    /// the count says it).
    pub unique: Option<bool>,
    /// The solutions kept.
    grids: Vec<Grid>,
    /// The puzzle solved (its spec and alphabet write the output); `None` when invalid.
    puzzle: Option<Puzzle>,
}

impl PuzzleResult {
    /// The result of an input that could not be made a puzzle.
    pub fn invalid(index: usize, location: Location, error: String) -> PuzzleResult {
        PuzzleResult {
            index,
            status: PuzzleStatus::Invalid,
            location,
            count: None,
            exact: None,
            stopped: None,
            stats: None,
            micros: None,
            nanos: None,
            error: Some(error),
            title: None,
            comment: None,
            unique: None,
            grids: Vec::new(),
            puzzle: None,
        }
    }

    /// The result of a search.
    pub fn solved(index: usize, location: Location, puzzle: Puzzle, outcome: Outcome, counting: bool) -> PuzzleResult {
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
            count: counting.then_some(outcome.count),
            exact: counting.then_some(outcome.status == Status::Complete),
            stopped,
            stats: Some(outcome.stats),
            micros: None,
            nanos: None,
            error: None,
            title: None,
            comment: None,
            unique: outcome.unique(),
            grids: outcome.solutions,
            puzzle: Some(puzzle),
        }
    }

    /// The spec the puzzle was solved with (`None` for an invalid puzzle).
    pub fn model(&self) -> Option<&Arc<Model>> {
        self.puzzle.as_ref().map(Puzzle::model_arc)
    }

    /// The solutions kept, each written as one line of symbols (as the JSON record has them).
    pub fn solution_lines(&self) -> impl Iterator<Item = String> + '_ {
        let symbols = self.puzzle.as_ref().map(Puzzle::symbols);
        self.grids.iter().filter_map(move |grid| symbols.map(|s| write(grid.values(), s, None, OutputFormat::Line)))
    }

    /// The solutions kept, as values 1 to n (row-major).
    pub fn solution_values(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.grids.iter().map(Grid::values)
    }

    /// Writes the result as one JSON line (by hand: a record is written per puzzle, and serde's
    /// general path spent more on it than reading the puzzle did):
    /// `{"index":0,"status":"solved","location":"p.txt:1","spec":"classic-9x9","solutions":[…],
    /// "unique":true,"stats":{…}}`, with `title`, `comment`, `count`, `exact`, `stopped`,
    /// `micros` and `error` when they apply.
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"index\":");
        push_u64(out, self.index as u64);
        out.extend_from_slice(b",\"status\":\"");
        out.extend_from_slice(self.status.name().as_bytes());
        out.extend_from_slice(b"\",\"location\":");
        self.location.write_json(out);
        for (key, text) in [("title", &self.title), ("comment", &self.comment)] {
            if let Some(text) = text {
                push_key(out, key);
                push_str(out, text);
            }
        }
        if let Some(p) = &self.puzzle {
            push_key(out, "spec");
            push_str(out, p.model().name());
        }
        out.extend_from_slice(b",\"solutions\":[");
        if let Some(p) = &self.puzzle {
            for (i, grid) in self.grids.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                push_str(out, &write(grid.values(), p.symbols(), None, OutputFormat::Line));
            }
        }
        out.push(b']');
        if self.status == PuzzleStatus::Solved && self.count.is_none() {
            push_key(out, "unique");
            out.extend_from_slice(match self.unique {
                Some(true) => b"true",
                Some(false) => b"false",
                None => b"null",
            });
        }
        if let Some(count) = self.count {
            push_key(out, "count");
            push_u64(out, count);
        }
        if let Some(exact) = self.exact {
            push_key(out, "exact");
            out.extend_from_slice(if exact { b"true" } else { b"false" });
        }
        if let Some(reason) = self.stopped {
            push_key(out, "stopped");
            push_str(out, reason.name());
        }
        if let Some(stats) = &self.stats {
            out.extend_from_slice(b",\"stats\":{\"nodes\":");
            push_u64(out, stats.nodes);
            out.extend_from_slice(b",\"guesses\":");
            push_u64(out, stats.guesses);
            out.extend_from_slice(b",\"backtracks\":");
            push_u64(out, stats.backtracks);
            out.extend_from_slice(b",\"placements\":");
            push_u64(out, stats.placements);
            out.push(b'}');
        }
        if let Some(micros) = self.micros {
            push_key(out, "micros");
            push_u64(out, micros);
        }
        if let Some(error) = &self.error {
            push_key(out, "error");
            push_str(out, error);
        }
        out.extend_from_slice(b"}\n");
    }

    /// Writes the result to `out` in `format`.
    /// `bold_givens`: in the `boxed` format, show the givens in bold (for a terminal).
    pub fn write_to(&self, out: &mut Vec<u8>, format: OutputFormatArg, bold_givens: bool) -> std::io::Result<()> {
        if format == OutputFormatArg::Json {
            self.write_json(out);
            return Ok(());
        }
        if let Some(count) = self.count {
            return write_count(out, count, self.exact == Some(false));
        }
        let Some(puzzle) = &self.puzzle else {
            return writeln!(out, "# {}: invalid", self.index);
        };
        if self.grids.is_empty() {
            let what = match self.status {
                PuzzleStatus::Stopped => self.stopped.map_or("stopped at a limit", stopped_words).to_string(),
                _ => "no solution".into(),
            };
            return writeln!(out, "# {}: {what}", self.index);
        }
        let format = match format {
            OutputFormatArg::Line => OutputFormat::Line,
            OutputFormatArg::Grid => OutputFormat::Grid,
            OutputFormatArg::Boxed => OutputFormat::Boxed,
            OutputFormatArg::Json => unreachable!("handled above"),
        };
        let several = self.grids.len() > 1;
        for (k, grid) in self.grids.iter().enumerate() {
            if several {
                writeln!(out, "# {}: solution {}", self.index, k + 1)?;
            }
            let mut text = match format {
                // Region borders: the boxes, or a jigsaw's regions.
                OutputFormat::Boxed if bold_givens => {
                    let givens: Vec<bool> = puzzle.givens().values().iter().map(|&v| v != 0).collect();
                    write_boxed_marked(grid.values(), puzzle.symbols(), puzzle.model().regions(), Some(&givens))
                }
                OutputFormat::Boxed => write_boxed(grid.values(), puzzle.symbols(), puzzle.model().regions()),
                _ => write(grid.values(), puzzle.symbols(), None, format),
            };
            text.push('\n');
            out.write_all(text.as_bytes())?;
        }
        if self.unique == Some(false) && !several {
            writeln!(out, "# {}: not unique: it has other solutions (`coverlab count` counts them)", self.index)?;
        }
        Ok(())
    }
}

/// Why a search stopped, in plain words for people (`stopped at the node limit (--max-nodes)`);
/// JSON records and traces keep the kebab-case [`StopReason::name`].
pub fn stopped_words(reason: StopReason) -> &'static str {
    match reason {
        StopReason::SolutionLimit => "stopped at the solution limit (--max-solutions)",
        StopReason::NodeLimit => "stopped at the node limit (--max-nodes)",
        StopReason::Deadline => "stopped by --timeout",
        StopReason::SinkRequested => "stopped by its trace",
        StopReason::Interrupted => "interrupted",
        _ => "stopped early",
    }
}

/// Appends `,"key":`.
fn push_key(out: &mut Vec<u8>, key: &str) {
    out.extend_from_slice(b",\"");
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(b"\":");
}

/// Appends `text` as a JSON string: as is when nothing in it needs escaping (the usual case),
/// else through serde_json.
#[doc(hidden)]
pub fn push_str(out: &mut Vec<u8>, text: &str) {
    // One pass without an early exit, which the compiler vectorises.
    let plain = !text.bytes().fold(false, |bad, b| bad | (b < 0x20) | (b == b'"') | (b == b'\\'));
    if plain {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    } else {
        let _ = serde_json::to_writer(&mut *out, text);
    }
}

/// Writes `count` in decimal, `+` when it is a lower bound, and a newline: `--count` writes one
/// per puzzle, so without the formatting machinery.
#[doc(hidden)]
pub fn write_count(out: &mut Vec<u8>, count: u64, more: bool) -> std::io::Result<()> {
    push_u64(out, count);
    if more {
        out.push(b'+');
    }
    out.push(b'\n');
    Ok(())
}
