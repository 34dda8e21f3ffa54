//! `coverlab compare`: two strategies (or two traces) on one puzzle, side by side.
//!
//! It shows their effort in the same units (the counters mean the same for every strategy), the
//! first step where their traces part, with the steps around it in two columns, and with
//! `--diff` a unified diff of the whole traces. The `start` line, which always differs, is left
//! out; depths count decisions only (a forced value is a `place`, not a `guess`), so a diff shows
//! where the searches really differ rather than shifted labels.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use coverlab_engine::{Limits, Outcome, Status, TraceEvent, TraceSink, VecSink};
use coverlab_model::Puzzle;
use coverlab_model::text::file_name;

use crate::Exit;
use crate::cli::CompareArgs;
use crate::diag::Stdout;
use crate::input::{Puzzles, resolve_spec};

/// Whether an event is of a kind counted in the table.
type IsKind = fn(&TraceEvent) -> bool;

/// One side of the comparison.
struct Side {
    /// The strategy with its options, or the trace file's name.
    name: String,
    events: Vec<TraceEvent>,
    /// The outcome, when a strategy was run here.
    outcome: Option<Outcome>,
    /// The trace was cut at `--max-events`.
    cut: bool,
}

/// Compares two strategies or traces on one puzzle.
pub fn run(args: CompareArgs) -> Result<Exit> {
    let spec = args.spec.as_deref().map(resolve_spec).transpose()?;
    let puzzle = puzzle(&args, spec)?;
    let sides: Vec<Side> = if args.trace.is_empty() {
        if args.strategy.len() != 2 {
            bail!("compare needs two strategies (--strategy A --strategy B) or two traces (--trace A --trace B)");
        }
        args.strategy
            .iter()
            .map(|text| {
                let chosen = super::strategy(Some(text))?;
                let mut sink = VecSink { events: Vec::new(), max_events: Some(args.max_events) };
                let limits = Limits::count(args.max_solutions, 0);
                let outcome = chosen.build(args.seed).solve(&puzzle, &limits, &mut sink);
                let cut = sink.events.len() >= args.max_events;
                Ok(Side { name: chosen.label(args.seed), events: sink.events, outcome: Some(outcome), cut })
            })
            .collect::<Result<_>>()?
    } else {
        if args.trace.len() != 2 {
            bail!("compare needs two traces (--trace A --trace B)");
        }
        args.trace.iter().map(|path| read_trace(path, args.index, &puzzle, args.max_events)).collect::<Result<_>>()?
    };
    if let Some(path) = &args.html {
        write_page(path, &args.puzzle, &puzzle, &sides)?;
    }
    let (a, b) = (&sides[0], &sides[1]);
    let lines = |side: &Side| -> Vec<String> {
        side.events
            .iter()
            .filter(|e| !matches!(e, TraceEvent::Start { .. }))
            .map(|e| e.display(puzzle.model(), puzzle.symbols()).to_string())
            .collect()
    };
    let (la, lb) = (lines(a), lines(b));
    let mut out = Stdout::new();
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
        (
            "placements",
            |e| matches!(e, TraceEvent::Place { reason, .. } if *reason != coverlab_engine::PlaceReason::Given),
        ),
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
        match stop {
            Some((Status::Complete, count)) => format!("complete, {count}"),
            Some((Status::Stopped(reason), count)) => format!("{}, {count}+", reason.name()),
            None if side.cut => "cut".into(),
            None => "no stop".into(),
        }
    };
    writeln!(out, "{:<14}{:>20}{:>20}", "ended", ending(a), ending(b))?;
    if a.cut || b.cut {
        writeln!(out, "(traces are compared over their first {} events: --max-events)", args.max_events)?;
    }
    writeln!(out)?;
    // The first step where they part, with context in two columns.
    match la.iter().zip(&lb).position(|(x, y)| x != y).or((la.len() != lb.len()).then(|| la.len().min(lb.len()))) {
        None => writeln!(out, "The traces are the same, step for step ({} events after start).", la.len())?,
        Some(at) => {
            let givens = la.iter().take_while(|l| l.ends_with(" given")).count();
            writeln!(
                out,
                "They part at step {} after the givens (event {} of each trace):",
                at - givens.min(at) + 1,
                at + 2
            )?;
            let from = at.saturating_sub(args.context);
            let to = (at + args.context + 1).max(from);
            let width = 46;
            for i in from..to {
                let mark = if i == at {
                    '>'
                } else if i < at {
                    ' '
                } else {
                    '·'
                };
                let left = la.get(i).map_or("", String::as_str);
                let right = lb.get(i).map_or("", String::as_str);
                if left.is_empty() && right.is_empty() {
                    break;
                }
                writeln!(out, "{mark} {:<width$} | {}", clip(left, width), clip(right, width))?;
            }
        }
    }
    if args.diff {
        writeln!(out)?;
        let (ta, tb) = (la.join("\n") + "\n", lb.join("\n") + "\n");
        // Bounded: past two seconds the diff is coarser (larger hunks), never slower.
        let diff = similar::TextDiff::configure()
            .algorithm(similar::Algorithm::Patience)
            .timeout(std::time::Duration::from_secs(2))
            .diff_lines(&ta, &tb);
        write!(out, "{}", diff.unified_diff().context_radius(args.context).header(&a.name, &b.name))?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// `--html`: the viewer page with the two runs of `puzzle` (named after the argument: a file's
/// name, or `<argument>` for a pasted puzzle).
fn write_page(path: &Path, argument: &str, puzzle: &Puzzle, sides: &[Side]) -> Result<()> {
    let shown = file_name(path);
    let name = if Path::new(argument).is_file() { file_name(Path::new(argument)) } else { "<argument>".into() };
    let file = std::fs::File::create(path).with_context(|| format!("cannot create {shown}"))?;
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
        page.finish().map(drop)
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
        Puzzles::from_text(&args.puzzle, spec)
    };
    let mut notes = 0;
    while let Some(item) = puzzles.next_item(&mut notes) {
        if item.index == args.index {
            return item.puzzle.map_err(anyhow::Error::msg);
        }
    }
    bail!("no puzzle {} in {}", args.index, file_name(Path::new(&args.puzzle)))
}

/// The events of puzzle `index` in a JSON-lines trace, at most `max`.
fn read_trace(path: &Path, index: usize, puzzle: &Puzzle, max: usize) -> Result<Side> {
    use std::io::BufRead;
    let shown = file_name(path);
    let file = std::fs::File::open(path).with_context(|| format!("cannot open trace {shown}"))?;
    let mut events = Vec::new();
    let mut cut = false;
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("{shown}:{}: cannot read", n + 1))?;
        if line.trim().is_empty() || line.len() > super::replay::MAX_LINE {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(&line).with_context(|| format!("{shown}:{}: not JSON", n + 1))?;
        if value.get("index").and_then(|i| i.as_u64()) != Some(index as u64) {
            continue;
        }
        if events.len() >= max {
            cut = true;
            break;
        }
        let event = TraceEvent::from_json(&value, puzzle.model(), puzzle.symbols())
            .map_err(|e| anyhow::anyhow!("{shown}:{}: {e}", n + 1))?;
        events.push(event);
    }
    if events.is_empty() {
        bail!("{shown} has no events for puzzle {index}");
    }
    Ok(Side { name: shown, events, outcome: None, cut })
}
