//! One module per command.

mod bench;
mod check;
mod graph;
mod lists;
mod replay;
pub mod solve;

use anyhow::Result;

use crate::Exit;
use crate::cli::{Cli, Command};

/// Runs the command; an `Err` is a usage, spec or I/O error (exit 2).
pub fn run(cli: Cli) -> Result<Exit> {
    match cli.command {
        Command::Solve(args) => solve::run(args, false),
        Command::Count(args) => solve::run(args, true),
        Command::Bench(args) => bench::run(args),
        Command::Check(args) => check::run(args),
        Command::Graph(args) => graph::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Specs(args) => lists::specs(args),
        Command::Strategies(args) => lists::strategies(args),
    }
}

/// The registered strategy of that name, or a usage error listing the names.
pub fn strategy(name: Option<&str>) -> Result<&'static coverlab_strategies::registry::StrategyInfo> {
    use coverlab_strategies::registry;
    match name {
        None => Ok(registry::default_strategy()),
        Some(name) => registry::find(name)
            .ok_or_else(|| anyhow::anyhow!("unknown strategy {name:?} (registered: {})", registry::names().join(", "))),
    }
}
