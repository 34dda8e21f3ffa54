//! One result per puzzle, written for people (line, grid, boxed) or scripts (JSON lines).

use std::io::Write;

use coverlab_engine::{Outcome, Stats, Status, StopReason};
use coverlab_formats::{OutputFormat, write, write_boxed};
use std::sync::Arc;

use coverlab_model::{Grid, Model, Puzzle};
use serde::Serialize;

use crate::Exit;
use crate::cli::OutputFormatArg;
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

/// A result as a JSON line: built when written, so that the text formats (and `--count`) pay
/// for none of it.
#[derive(Serialize)]
struct JsonResult<'a> {
    index: usize,
    status: PuzzleStatus,
    location: &'a Location,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<&'a str>,
    /// The spec it was solved with.
    #[serde(skip_serializing_if = "Option::is_none")]
    spec: Option<&'a str>,
    /// Solutions in line form, in the puzzle's alphabet.
    solutions: Vec<String>,
    /// `true`, `false`, or `null` when the search stopped before knowing; absent when not solved
    /// or counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<Option<bool>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<StopReason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<&'a Stats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
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

    /// Writes the result to `out` in `format`.
    pub fn write_to(&self, out: &mut impl Write, format: OutputFormatArg) -> std::io::Result<()> {
        if format == OutputFormatArg::Json {
            let json = JsonResult {
                index: self.index,
                status: self.status,
                location: &self.location,
                title: self.title.as_deref(),
                comment: self.comment.as_deref(),
                spec: self.puzzle.as_ref().map(|p| p.model().name()),
                solutions: match &self.puzzle {
                    Some(p) => {
                        self.grids.iter().map(|g| write(g.values(), p.symbols(), None, OutputFormat::Line)).collect()
                    }
                    None => Vec::new(),
                },
                unique: (self.status == PuzzleStatus::Solved && self.count.is_none()).then_some(self.unique),
                count: self.count,
                exact: self.exact,
                stopped: self.stopped,
                stats: self.stats.as_ref(),
                micros: self.micros,
                error: self.error.as_deref(),
            };
            serde_json::to_writer(&mut *out, &json)?;
            return writeln!(out);
        }
        if let Some(count) = self.count {
            return write_count(out, count, self.exact == Some(false));
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

/// Writes `count` in decimal, `+` when it is a lower bound, and a newline: `--count` writes one
/// per puzzle, so without the formatting machinery.
fn write_count(out: &mut impl Write, count: u64, more: bool) -> std::io::Result<()> {
    let mut buf = [0u8; 22];
    let mut at = buf.len() - 1;
    buf[at] = b'\n';
    if more {
        at -= 1;
        buf[at] = b'+';
    }
    let mut rest = count;
    loop {
        at -= 1;
        buf[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.write_all(&buf[at..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_written_as_format_would() {
        for (count, more) in [(0, false), (1, false), (2, true), (10, false), (1234567, true), (u64::MAX, true)] {
            let mut out = Vec::new();
            write_count(&mut out, count, more).unwrap();
            let plus = if more { "+" } else { "" };
            assert_eq!(String::from_utf8(out).unwrap(), format!("{count}{plus}\n"));
        }
    }
}
