//! `coverlab compare`: two strategies (or two traces) on one puzzle, side by side.
//!
//! It shows their effort in the same units (the counters mean the same for every strategy), the
//! first step where their traces part, with the steps around it in two columns, and with
//! `--diff` a unified diff of the whole traces. The `start` line, which always differs, is left
//! out; depths count decisions only (a forced value is a `place`, not a `guess`), so a diff shows
//! where the searches really differ rather than shifted labels.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use coverlab_engine::replay::Replayer;
use coverlab_engine::{Limits, Outcome, PlaceReason, Status, StopReason, TraceEvent, TraceSink, VecSink};
use coverlab_model::Puzzle;
use coverlab_model::text::file_name;

use crate::Exit;
use crate::cli::CompareArgs;
use crate::diag::Stdout;
use crate::input::{Puzzles, resolve_spec};
use crate::outfile::OutputFile;
use crate::signals::Interrupt;

use super::replay::TraceLines;

/// Whether an event is of a kind counted in the table.
type IsKind = fn(&TraceEvent) -> bool;

/// One side of the comparison: a search run here, or a trace read.
pub struct Side {
    /// The strategy with its options, or the trace file's name.
    name: String,
    events: Vec<TraceEvent>,
    /// The outcome, when a strategy was run here.
    outcome: Option<Outcome>,
    /// The trace was cut at `--max-events`.
    cut: bool,
}

impl Side {
    /// Every event read or recorded, `start` included.
    pub fn events(&self) -> &[TraceEvent] {
        &self.events
    }

    /// The events after `start`.
    fn steps(&self) -> &[TraceEvent] {
        match self.events.first() {
            Some(TraceEvent::Start { .. }) => &self.events[1..],
            _ => &self.events,
        }
    }
}

/// Compares two strategies or traces on one puzzle.
pub fn run(args: CompareArgs) -> Result<Exit> {
    super::check_timeout(args.timeout)?;
    if args.trace.is_empty() && args.strategy.len() != 2 {
        bail!("compare needs two strategies (--strategy A --strategy B) or two traces (--trace A --trace B)");
    }
    if !args.trace.is_empty() && args.trace.len() != 2 {
        bail!("compare needs two traces (--trace A --trace B)");
    }
    if let Some(path) = &args.html {
        let spec = args.spec.as_deref().and_then(crate::input::spec_file);
        let inputs = args.trace.iter().map(PathBuf::as_path).chain(spec).chain(Some(Path::new(&args.puzzle)));
        crate::outfile::check([("--html", path.as_path())], inputs)?;
    }
    let chosen: Vec<_> = args.strategy.iter().map(|text| super::strategy(Some(text))).collect::<Result<_>>()?;
    let spec = args.spec.as_deref().map(resolve_spec).transpose()?;
    let puzzle = puzzle(&args, spec)?;
    let interrupt = Interrupt::install();
    let sides: Vec<Side> = if args.trace.is_empty() {
        let limits = Limits {
            max_nodes: args.max_nodes,
            deadline: super::deadline(args.timeout),
            interrupt: Some(interrupt.flag().clone()),
            ..Limits::count(args.max_solutions, 0)
        };
        // The two searches run side by side, each on its own thread, under one deadline.
        std::thread::scope(|scope| {
            let runs: Vec<_> = chosen
                .iter()
                .map(|chosen| {
                    let (puzzle, limits) = (&puzzle, &limits);
                    scope.spawn(move || {
                        let mut sink = VecSink { events: Vec::new(), max_events: Some(args.max_events), choices: true };
                        let outcome = chosen.build(args.seed).solve(puzzle, limits, &mut sink);
                        let cut = outcome.status == Status::Stopped(StopReason::SinkRequested);
                        Side { name: chosen.label(args.seed), events: sink.events, outcome: Some(outcome), cut }
                    })
                })
                .collect();
            runs.into_iter().map(|run| run.join().expect("a search does not panic")).collect()
        })
    } else {
        args.trace
            .iter()
            .map(|path| read_trace(TraceLines::open(path)?, args.index, &puzzle, args.max_events, &interrupt))
            .collect::<Result<_>>()?
    };
    if let Some(path) = &args.html {
        write_page(path, &args.puzzle, &puzzle, &sides)?;
    }
    let mut out = Stdout::new();
    let view = View { max_events: args.max_events, context: args.context, diff: args.diff };
    report(&mut out, &puzzle, [&sides[0], &sides[1]], &view)?;
    if let Some(signal) = interrupt.signal() {
        writeln!(out, "\n(interrupted: partial, the searches or traces stopped where the signal came)")?;
        out.flush()?;
        return Ok(Exit::Signal(signal));
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// What the report shows beyond the table.
#[derive(Debug, Clone, Copy)]
pub struct View {
    /// The cap the events were read under (named when a side reached it).
    pub max_events: usize,
    /// Steps shown around the first difference, and in the diff.
    pub context: usize,
    /// Also the whole unified diff.
    pub diff: bool,
}

/// Writes the comparison of two sides of one puzzle: the table of their effort, how each
/// ended, the first step where they part with the steps around it, and with `diff` the whole
/// diff.
pub fn report(out: &mut impl Write, puzzle: &Puzzle, sides: [&Side; 2], view: &View) -> std::io::Result<()> {
    let [a, b] = sides;
    let line = |event: &TraceEvent| event.display(puzzle.model(), puzzle.symbols()).to_string();
    // The steps compared: everything after `start`, which always differs. They are written out
    // as text only where shown: memory is the events', not their text's.
    let (la, lb) = (a.steps(), b.steps());
    writeln!(out, "A: {}", a.name)?;
    writeln!(out, "B: {}", b.name)?;
    writeln!(
        out,
        "puzzle: {} ({})",
        coverlab_formats::write_line(puzzle.givens().values(), puzzle.symbols()),
        puzzle.model().name()
    )?;
    writeln!(out)?;
    // Counts, from the events (and the outcome where there is one).
    let count = |side: &Side, f: fn(&TraceEvent) -> bool| side.events.iter().filter(|e| f(e)).count();
    let rows: [(&str, IsKind); 6] = [
        ("guesses", |e| matches!(e, TraceEvent::Guess { .. })),
        ("placements", |e| matches!(e, TraceEvent::Place { reason, .. } if *reason != PlaceReason::Given)),
        ("eliminations", |e| matches!(e, TraceEvent::Eliminate { .. })),
        ("conflicts", |e| matches!(e, TraceEvent::Conflict { .. })),
        ("backtracks", |e| matches!(e, TraceEvent::Backtrack { .. })),
        ("solutions", |e| matches!(e, TraceEvent::Solution { .. })),
    ];
    writeln!(out, "{:<14}{:>20}{:>20}", "", "A", "B")?;
    let nodes = |side: &Side| {
        side.outcome.as_ref().map(|o| o.stats.nodes.to_string()).or_else(|| {
            side.events.iter().rev().find_map(|e| match e {
                TraceEvent::Stop { stats, .. } => Some(stats.nodes.to_string()),
                _ => None,
            })
        })
    };
    writeln!(out, "{:<14}{:>20}{:>20}", "nodes", nodes(a).unwrap_or("-".into()), nodes(b).unwrap_or("-".into()))?;
    for (name, f) in rows {
        writeln!(out, "{name:<14}{:>20}{:>20}", count(a, f), count(b, f))?;
    }
    writeln!(out, "{:<14}{:>20}{:>20}", "events", a.events.len(), b.events.len())?;
    let ending = |side: &Side| -> String {
        let stop = side.events.iter().rev().find_map(|e| match e {
            TraceEvent::Stop { status, count, .. } => Some((*status, *count)),
            _ => None,
        });
        let trace_cut = side.events.iter().any(|e| matches!(e, TraceEvent::Cut { .. }));
        match stop {
            _ if side.cut => "cut at --max-events".into(),
            Some((Status::Complete, count)) => format!("complete, {count}"),
            Some((Status::Stopped(reason), count)) => format!("{}, {count}+", stop_words(reason)),
            None if trace_cut => "cut at --trace-limit".into(),
            None => "no stop event".into(),
        }
    };
    writeln!(out, "{:<14}{:>20}{:>20}", "ended", ending(a), ending(b))?;
    if a.cut || b.cut {
        writeln!(
            out,
            "(traces are compared over their first {}: --max-events)",
            coverlab_model::text::count(view.max_events, "event")
        )?;
    }
    writeln!(out)?;
    // The first step where they part, with context in two columns. Steps are written out only
    // around it: memory is the events', not their text's.
    let parted = (0..la.len().max(lb.len())).find(|&i| la.get(i).map(line) != lb.get(i).map(line));
    let givens = la.iter().take_while(|e| matches!(e, TraceEvent::Place { reason: PlaceReason::Given, .. })).count();
    match parted {
        None => writeln!(
            out,
            "The traces are the same, step for step ({} after start).",
            coverlab_model::text::count(la.len(), "event")
        )?,
        Some(at) => {
            writeln!(
                out,
                "They part at step {} after the givens (event {} of each trace):",
                at - givens.min(at) + 1,
                at + 2
            )?;
            let from = at.saturating_sub(view.context);
            let to = (at + view.context + 1).max(from);
            let width = 46;
            for i in from..to {
                let mark = if i == at {
                    '>'
                } else if i < at {
                    ' '
                } else {
                    '·'
                };
                let (left, right) = (la.get(i).map(line).unwrap_or_default(), lb.get(i).map(line).unwrap_or_default());
                if left.is_empty() && right.is_empty() {
                    break;
                }
                writeln!(out, "{mark} {:<width$} | {}", clip(&left, width), clip(&right, width))?;
            }
            // Why each side took the decision it was in when they parted, when it says.
            let (wa, wb) = (decision_at(la, at), decision_at(lb, at));
            if wa.says_why() || wb.says_why() {
                writeln!(out)?;
                for (side, decision) in [("A", wa), ("B", wb)] {
                    match decision {
                        Decision::Why(cell, why) => writeln!(
                            out,
                            "{side} branched on {} by {why}",
                            coverlab_model::cell_name(cell, puzzle.size())
                        )?,
                        Decision::Unsaid => writeln!(out, "{side}: its strategy does not say why it branched there")?,
                        Decision::None => {}
                    }
                }
            }
        }
    }
    if view.diff {
        writeln!(out)?;
        let text = |side: &Side| -> String {
            let mut text = String::new();
            for e in side.steps() {
                text.push_str(&line(e));
                text.push('\n');
            }
            text
        };
        let (ta, tb) = (text(a), text(b));
        // Bounded: past two seconds the diff is coarser (larger hunks), never slower.
        let diff = similar::TextDiff::configure()
            .algorithm(similar::Algorithm::Patience)
            .timeout(std::time::Duration::from_secs(2))
            .diff_lines(&ta, &tb);
        write!(out, "{}", diff.unified_diff().context_radius(view.context).header(&a.name, &b.name))?;
    }
    Ok(())
}

/// The decision a side was in at step `at`, as far as its trace says.
enum Decision<'e> {
    /// The step is not a guess.
    None,
    /// A guess whose decision carries no [`coverlab_engine::Choice`].
    Unsaid,
    /// The decision's cell and why it was chosen.
    Why(coverlab_model::Cell, &'e coverlab_engine::Choice),
}

impl Decision<'_> {
    fn says_why(&self) -> bool {
        matches!(self, Decision::Why(..))
    }
}

/// The decision of the guess at step `at` (its first alternative carries the choice).
fn decision_at(steps: &[TraceEvent], at: usize) -> Decision<'_> {
    let Some(TraceEvent::Guess { depth, .. }) = steps.get(at) else { return Decision::None };
    let first = steps[..=at].iter().rev().find_map(|e| match e {
        TraceEvent::Guess { depth: d, k: 1, cell, why, .. } if d == depth => Some((*cell, why)),
        _ => None,
    });
    match first {
        Some((cell, Some(why))) => Decision::Why(cell, why),
        _ => Decision::Unsaid,
    }
}

/// Why a search stopped, in plain words.
fn stop_words(reason: StopReason) -> &'static str {
    match reason {
        StopReason::SolutionLimit => "solution limit",
        StopReason::NodeLimit => "node limit",
        StopReason::Deadline => "timeout",
        StopReason::SinkRequested => "cut at --max-events",
        StopReason::Interrupted => "interrupted",
        _ => reason.name(),
    }
}

/// `--html`: the viewer page with the two runs of `puzzle` (named after the argument: a file's
/// name, or `<argument>` for a pasted puzzle).
fn write_page(path: &Path, argument: &str, puzzle: &Puzzle, sides: &[Side]) -> Result<()> {
    let shown = file_name(path);
    let name = if Path::new(argument).is_file() { file_name(Path::new(argument)) } else { "<argument>".into() };
    let file = OutputFile::create(path).with_context(|| format!("cannot create {shown}"))?;
    let write = || -> std::io::Result<()> {
        let mut page = crate::viewer::Page::start(std::io::BufWriter::new(file), &format!("coverlab compare: {name}"))?;
        page.puzzle(&name, puzzle)?;
        for side in sides {
            let mut run = page.run(puzzle.model(), puzzle.symbols())?;
            for event in &side.events {
                if run.event(event).is_break() {
                    break;
                }
            }
            run.end(&side.name, side.cut)?;
        }
        page.end_puzzle()?;
        page.finish()?.into_inner().map_err(std::io::IntoInnerError::into_error)?.commit()
    };
    write().with_context(|| format!("cannot write {shown}"))
}

/// `text` cut to `width` characters, with `…` when cut.
fn clip(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    text.chars().take(width - 1).chain(std::iter::once('…')).collect()
}

/// The puzzle: the `--index`th of the file named, or the argument itself as a puzzle.
fn puzzle(args: &CompareArgs, spec: Option<std::sync::Arc<coverlab_model::Model>>) -> Result<Puzzle> {
    let mut puzzles = if Path::new(&args.puzzle).is_file() {
        Puzzles::open(&[args.puzzle.clone().into()], None, spec)
    } else {
        Puzzles::from_text(&args.puzzle, None, spec)
    };
    let mut notes = 0;
    while let Some(item) = puzzles.next_item(&mut notes) {
        if item.index == args.index {
            return item.puzzle.map_err(anyhow::Error::msg);
        }
    }
    bail!("no puzzle {} in {}", args.index, file_name(Path::new(&args.puzzle)))
}

/// The events of puzzle `index` in a JSON-lines trace, at most `max`, each checked by the
/// trace replayer as `replay` checks it: a trace of another puzzle, spec or size is refused.
pub fn read_trace<R: std::io::BufRead>(
    mut lines: TraceLines<R>,
    index: usize,
    puzzle: &Puzzle,
    max: usize,
    interrupt: &Interrupt,
) -> Result<Side> {
    let shown = lines.name().to_string();
    let mut replayer = Replayer::new(puzzle.clone(), 0);
    let mut events = Vec::new();
    let mut cut = false;
    while let Some((line, value)) = lines.next_event()? {
        if interrupt.signal().is_some() {
            break;
        }
        let Some(at) = value.get("index").and_then(serde_json::Value::as_u64) else {
            bail!("{shown}:{line}: an event without a puzzle index");
        };
        if at != index as u64 {
            if events.is_empty() {
                continue;
            }
            // A puzzle's events come together: its trace is over.
            break;
        }
        if events.len() >= max {
            cut = true;
            break;
        }
        let event = TraceEvent::from_json(&value, puzzle.model(), puzzle.symbols())
            .map_err(|e| anyhow::anyhow!("{shown}:{line}: {e}"))?;
        replayer.step(&event).map_err(|e| {
            anyhow::anyhow!("{shown}:{line}: {} (compare reads traces of this puzzle that replay accepts)", e.message)
        })?;
        events.push(event);
    }
    if events.is_empty() {
        bail!("{shown} has no events for puzzle {index}");
    }
    Ok(Side { name: shown, events, outcome: None, cut })
}
