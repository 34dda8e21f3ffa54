//! `coverlab bench`: strategies timed side by side on puzzle files, one markdown table per file.

use std::io::Write;
use std::time::Duration;

use anyhow::{Result, bail};
use coverlab_model::Puzzle;
use coverlab_strategies::bench;
use coverlab_strategies::registry::{self, StrategyInfo};

use crate::cli::BenchArgs;
use crate::diag::Stdout;
use crate::input::{Puzzles, resolve_spec};
use crate::{Exit, diag};

/// Reads each file, runs every chosen strategy on it and prints the table.
pub fn run(args: BenchArgs) -> Result<Exit> {
    if !(args.min_seconds.is_finite() && args.min_seconds >= 0.0) {
        bail!("--min-seconds must be a non-negative number, not {}", args.min_seconds);
    }
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        bail!("--timeout must be a positive number of seconds, not {}", args.timeout);
    }
    let strategies: Vec<&'static StrategyInfo> = if args.strategies.is_empty() {
        registry::REGISTRY.iter().collect()
    } else {
        args.strategies.iter().map(|name| super::strategy(Some(name))).collect::<Result<_>>()?
    };
    let spec = args.spec.as_deref().map(resolve_spec).transpose()?;
    let mut exit = Exit::Ok;
    let mut out = Stdout::new();
    for file in &args.files {
        let mut reader = Puzzles::open(std::slice::from_ref(file), None, spec.clone());
        let mut puzzles: Vec<Puzzle> = Vec::new();
        let mut notes = 0;
        while let Some(item) = reader.next_item(&mut notes) {
            if puzzles.len() >= args.max_puzzles {
                diag!(
                    "{}: timing its first {} puzzles only (--max-puzzles)",
                    coverlab_model::text::file_name(file),
                    args.max_puzzles
                );
                break;
            }
            match item.puzzle {
                Ok(p) => puzzles.push(p),
                Err(e) => {
                    diag!("skipped: {e}");
                    exit = Exit::Invalid;
                }
            }
        }
        if notes > 0 {
            exit = Exit::Invalid;
        }
        if puzzles.is_empty() {
            continue;
        }
        let rows: Vec<bench::BenchRow> = strategies
            .iter()
            .map(|info| {
                bench::run(info, &puzzles, args.limit, args.min_seconds, Duration::try_from_secs_f64(args.timeout).ok())
            })
            .collect();
        let name = coverlab_model::text::file_name(file);
        writeln!(out, "## {name} ({} puzzles, counting to {})\n", puzzles.len(), args.limit)?;
        writeln!(out, "{}", bench::markdown(&rows))?;
        out.flush()?;
    }
    Ok(exit)
}
