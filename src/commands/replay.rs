//! `coverlab replay`: check a JSON-lines trace against its puzzles, step by step.
//!
//! The trace is read as a stream, one line at a time (at most [`MAX_LINE`] bytes), and each
//! puzzle's events are checked as they come ([`Replayer`]): memory stays bounded by one puzzle's
//! state whatever the trace's size. A puzzle's events must come together, puzzles in input
//! order, as `solve --trace` writes them.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};

use anyhow::{Context, Result, bail};
use coverlab_engine::TraceEvent;
use coverlab_engine::replay::{Replayed, Replayer};
use coverlab_model::text::{self, file_name};

use crate::Exit;
use crate::cli::ReplayArgs;
use crate::diag::{self, Stdout};
use crate::input::Item;

/// Lines longer than this are not trace events (the longest real event is a few hundred bytes).
pub const MAX_LINE: usize = 1 << 16;

/// One puzzle's trace being checked.
struct Current {
    index: usize,
    /// The trace line of its first event.
    line: usize,
    replayer: Replayer,
    /// The first wrong step: the rest of the puzzle's events are skipped.
    failed: Option<String>,
}

/// The verdicts so far.
struct Verdicts {
    out: Stdout,
    ok: usize,
    failed: usize,
    untraced: usize,
}

impl Verdicts {
    fn report(&mut self, current: Current, trace: &str) -> Result<()> {
        let index = current.index;
        let verdict = match current.failed {
            Some(message) => Err(message),
            None => current.replayer.finish().map_err(|e| format!("{trace}:{}: {}", current.line, e.message)),
        };
        match verdict {
            Ok(Replayed { count, max_depth, events, cut, .. }) => {
                self.ok += 1;
                let cut = if cut { ", cut by --trace-limit: checked up to the cut" } else { "" };
                let (events, count) = (text::count(events, "event"), text::count(count, "solution"));
                writeln!(self.out, "puzzle {index}: ok ({events}, {count}, depth {max_depth}{cut})")?;
            }
            Err(e) => {
                self.failed += 1;
                writeln!(self.out, "puzzle {index}: FAILED: {}", diag::printable(&e))?;
            }
        }
        Ok(())
    }

    /// A puzzle of the inputs with no events in the trace.
    fn untraced(&mut self, item: &Item, cut: bool) -> Result<()> {
        let index = item.index;
        match &item.puzzle {
            Err(_) => writeln!(self.out, "puzzle {index}: invalid, not traced")?,
            Ok(_) if cut => {
                self.untraced += 1;
                writeln!(self.out, "puzzle {index}: not traced (the trace was cut before it)")?;
            }
            Ok(_) => {
                self.failed += 1;
                writeln!(self.out, "puzzle {index}: FAILED: the trace has no events for it")?;
            }
        }
        Ok(())
    }
}

/// A JSON-lines trace read as a stream: one line at a time, each at most [`MAX_LINE`] bytes,
/// so memory stays bounded whatever the file holds (`/dev/zero`, a binary file, a huge trace).
/// `replay` and `compare` read traces through it.
pub struct TraceLines<R = BufReader<File>> {
    reader: R,
    /// The file's name as messages show it.
    name: String,
    line: usize,
    buf: Vec<u8>,
}

impl TraceLines {
    /// Opens a trace file (a directory or a missing file is an error naming it).
    pub fn open(path: &std::path::Path) -> Result<TraceLines> {
        let name = file_name(path);
        if path.is_dir() {
            bail!("cannot read trace {name}: it is a directory");
        }
        let file = File::open(path).with_context(|| format!("cannot open trace {name}"))?;
        Ok(TraceLines::new(BufReader::new(file), name))
    }
}

impl<R: BufRead> TraceLines<R> {
    /// Reads a trace from `reader`, named `name` in messages.
    pub fn new(reader: R, name: String) -> TraceLines<R> {
        TraceLines { reader, name, line: 0, buf: Vec::new() }
    }

    /// The trace's name, as messages show it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The next event as JSON, with its line number; `None` at the end. A line that is not a
    /// JSON object (too long, not UTF-8, a text trace) is an error naming the file and line.
    pub fn next_event(&mut self) -> Result<Option<(usize, serde_json::Value)>> {
        let name = &self.name;
        loop {
            self.buf.clear();
            let read = self
                .reader
                .by_ref()
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut self.buf)
                .with_context(|| format!("cannot read trace {name}"))?;
            if read == 0 {
                return Ok(None);
            }
            self.line += 1;
            let line = self.line;
            if self.buf.last() != Some(&b'\n') && self.buf.len() > MAX_LINE {
                bail!("{name}:{line}: line longer than {MAX_LINE} bytes: not a trace event");
            }
            let text =
                std::str::from_utf8(&self.buf).map_err(|_| anyhow::anyhow!("{name}:{line}: invalid UTF-8"))?.trim();
            if text.is_empty() {
                continue;
            }
            if !text.starts_with('{') {
                if text.starts_with("# puzzle") || text.starts_with("start ") {
                    bail!(
                        "{name} is a text trace (--trace-format text): only the JSON trace format, \
                         which `solve --trace FILE` writes by default, can be read back"
                    );
                }
                bail!("{name}:{line}: not a JSON trace event");
            }
            let value = serde_json::from_str(text).with_context(|| format!("{name}:{line}: not JSON"))?;
            return Ok(Some((line, value)));
        }
    }
}

/// Replays each puzzle's events with the trace checker.
pub fn run(args: ReplayArgs) -> Result<Exit> {
    let trace = file_name(&args.trace);
    let mut lines = TraceLines::open(&args.trace)?;
    let mut puzzles = args.input.open(args.input.spec()?);
    let mut notes = 0;
    let mut verdicts = Verdicts { out: Stdout::new(), ok: 0, failed: 0, untraced: 0 };
    let mut current: Option<Current> = None;
    let mut cut = false;
    while let Some((line_no, value)) = lines.next_event()? {
        if cut {
            bail!("{trace}:{line_no}: an event after the `cut` marker that ends a cut trace");
        }
        let Some(index) = value.get("index").and_then(|i| i.as_u64()).map(|i| i as usize) else {
            bail!("{trace}:{line_no}: an event without a puzzle index");
        };
        if current.as_ref().is_none_or(|c| c.index != index) {
            let previous = current.take();
            if let Some(previous) = previous {
                if index < previous.index {
                    bail!(
                        "{trace}:{line_no}: an event of puzzle {index} after those of puzzle {}: \
                         each puzzle's events must come together, in input order",
                        previous.index
                    );
                }
                verdicts.report(previous, &trace)?;
            }
            // The inputs' puzzles up to this one; those skipped have no events.
            let item = loop {
                let Some(item) = puzzles.next_item(&mut notes) else {
                    bail!("{trace}:{line_no}: events of puzzle {index}, which the inputs do not have");
                };
                if item.index == index {
                    break item;
                }
                verdicts.untraced(&item, false)?;
            };
            let puzzle = match item.puzzle {
                Ok(p) => p,
                Err(e) => bail!("{trace}:{line_no}: events of puzzle {index}, which cannot be read: {e}"),
            };
            current = Some(Current { index, line: line_no, replayer: Replayer::new(puzzle, 0), failed: None });
        }
        let c = current.as_mut().expect("set above");
        if c.failed.is_some() {
            continue;
        }
        let puzzle = c.replayer.puzzle();
        let step = TraceEvent::from_json(&value, puzzle.model(), puzzle.symbols())
            .map_err(|e| format!("{trace}:{line_no}: {e}"))
            .and_then(|event| {
                cut = matches!(event, TraceEvent::Cut { .. });
                c.replayer.step(&event).map_err(|e| format!("{trace}:{line_no}: {}", e.message))
            });
        if let Err(e) = step {
            c.failed = Some(e);
        }
    }
    if let Some(last) = current.take() {
        verdicts.report(last, &trace)?;
    }
    while let Some(item) = puzzles.next_item(&mut notes) {
        verdicts.untraced(&item, cut)?;
    }
    verdicts.out.flush()?;
    let Verdicts { ok, failed, untraced, .. } = verdicts;
    let untraced = if untraced > 0 { format!(", {untraced} not traced") } else { String::new() };
    diag::line(&format!("{}: {ok} ok, {failed} failed{untraced}", text::count(ok + failed, "trace")));
    Ok(if failed > 0 {
        Exit::NoSolution
    } else if notes > 0 {
        Exit::Invalid
    } else {
        Exit::Ok
    })
}
