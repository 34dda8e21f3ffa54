//! `coverlab replay`: check a JSON-lines trace against its puzzles, step by step.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader};

use anyhow::{Context, Result, bail};
use coverlab_engine::TraceEvent;
use coverlab_engine::replay::replay;

use crate::Exit;
use crate::cli::ReplayArgs;

/// Lines longer than this are not trace events.
const MAX_LINE: usize = 1 << 16;

/// Replays each puzzle's events (grouped by their `index`) with the trace checker.
pub fn run(args: ReplayArgs) -> Result<Exit> {
    let file = File::open(&args.trace).with_context(|| format!("cannot open trace {}", args.trace.display()))?;
    let mut by_index: BTreeMap<usize, Vec<(usize, serde_json::Value)>> = BTreeMap::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("{}:{}: cannot read", args.trace.display(), n + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        if line.len() > MAX_LINE {
            bail!("{}:{}: line too long for a trace event", args.trace.display(), n + 1);
        }
        let value: serde_json::Value =
            serde_json::from_str(&line).with_context(|| format!("{}:{}: not JSON", args.trace.display(), n + 1))?;
        let Some(index) = value.get("index").and_then(|i| i.as_u64()) else {
            bail!("{}:{}: an event without a puzzle index", args.trace.display(), n + 1);
        };
        by_index.entry(index as usize).or_default().push((n + 1, value));
    }
    let mut puzzles = args.input.open(args.input.spec()?);
    let mut exit = Exit::Ok;
    let (mut ok, mut failed) = (0usize, 0usize);
    while let Some(item) = puzzles.next_item()? {
        let Some(lines) = by_index.remove(&item.index) else { continue };
        let puzzle = match item.puzzle {
            Ok(p) => p,
            Err(e) => bail!("puzzle {} cannot be read: {e}", item.index),
        };
        let mut events = Vec::with_capacity(lines.len());
        let mut bad = None;
        for (line, value) in &lines {
            match TraceEvent::from_json(value, puzzle.model(), puzzle.symbols()) {
                Ok(e) => events.push(e),
                Err(e) => {
                    bad = Some(format!("{}:{line}: {e}", args.trace.display()));
                    break;
                }
            }
        }
        let verdict = match bad {
            Some(e) => Err(e),
            None => replay(&puzzle, &events).map_err(|e| {
                let line = lines.get(e.index).map_or(0, |(l, _)| *l);
                format!("{}:{line}: {}", args.trace.display(), e.message)
            }),
        };
        match verdict {
            Ok(r) => {
                ok += 1;
                println!(
                    "puzzle {}: ok ({} events, {} solutions, depth {})",
                    item.index,
                    r.events,
                    r.solutions.len(),
                    r.max_depth
                );
            }
            Err(e) => {
                failed += 1;
                exit = Exit::NoSolution;
                println!("puzzle {}: FAILED: {e}", item.index);
            }
        }
    }
    if let Some(index) = by_index.keys().next() {
        bail!("the trace has events for puzzle {index}, which the inputs do not have");
    }
    eprintln!("{} traces: {ok} ok, {failed} failed", ok + failed);
    Ok(exit)
}
