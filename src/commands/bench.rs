//! `coverlab bench`: strategies timed side by side on puzzle files, one markdown table per file.

use std::time::Duration;

use anyhow::{Result, bail};
use coverlab_model::Puzzle;
use coverlab_strategies::bench;
use coverlab_strategies::registry::{self, StrategyInfo};

use crate::Exit;
use crate::cli::BenchArgs;
use crate::input::{Puzzles, resolve_spec};

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
    for file in &args.files {
        let mut reader = Puzzles::open(std::slice::from_ref(file), None, spec.clone());
        let mut puzzles: Vec<Puzzle> = Vec::new();
        while let Some(item) = reader.next_item()? {
            if args.max_puzzles.is_some_and(|max| puzzles.len() >= max) {
                break;
            }
            match item.puzzle {
                Ok(p) => puzzles.push(p),
                Err(e) => {
                    eprintln!("coverlab: skipped: {e}");
                    exit = Exit::Invalid;
                }
            }
        }
        let rows: Vec<bench::BenchRow> = strategies
            .iter()
            .map(|info| {
                bench::run(info, &puzzles, args.limit, args.min_seconds, Duration::try_from_secs_f64(args.timeout).ok())
            })
            .collect();
        println!("## {} ({} puzzles, counting to {})\n", file.display(), puzzles.len(), args.limit);
        println!("{}", bench::markdown(&rows));
    }
    Ok(exit)
}
