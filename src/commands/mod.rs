//! One module per command.

mod batch;
#[doc(hidden)]
pub mod bench;
mod canon;
mod check;
pub mod compare;
pub mod explain;
pub mod generate;
mod graph;
mod lists;
mod rate;
pub mod replay;
pub mod solve;

use anyhow::Result;

use crate::Exit;
use crate::cli::{Cli, Command};
use crate::io::Io;

/// Runs the command; an `Err` is a usage, spec or I/O error (exit 2).
pub fn run(cli: Cli) -> Result<Exit> {
    run_with(cli, Io::process())
}

/// Runs the command with `io`'s output, notes, interrupt and puzzles: `solve`, `count`,
/// `generate`, `rate`, `explain`, `hint` and `check` (what the Python package calls); the other
/// commands write to the process's stdout whatever `io` says.
pub fn run_with(cli: Cli, io: Io) -> Result<Exit> {
    match cli.command {
        Command::Solve(args) => solve::run(args, false, io),
        Command::Count(args) => solve::run(args, true, io),
        Command::Generate(args) => generate::run(args, io),
        Command::Rate(args) => rate::run(args, io),
        Command::Explain(args) => explain::run_explain(args, io),
        Command::Hint(args) => explain::run_hint(args, io),
        Command::Bench(args) => bench::run(args),
        Command::Check(args) => check::run(args, io),
        Command::Canon(args) => canon::run(args, io),
        Command::Graph(args) => graph::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Specs(args) => lists::specs(args),
        Command::Strategies(args) => lists::strategies(args),
    }
}

/// The strategy written on the command line (a name, a preset, options in parentheses), or a
/// usage error that lists the names or the strategy's options.
pub fn strategy(text: Option<&str>) -> Result<coverlab_strategies::registry::Chosen> {
    use coverlab_strategies::registry;
    match text {
        None => Ok(registry::default_strategy()),
        Some(text) => registry::resolve(text).map_err(anyhow::Error::msg),
    }
}

/// Refuses a `--timeout` that is not a positive number of seconds.
pub fn check_timeout(timeout: Option<f64>) -> Result<()> {
    match timeout {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            anyhow::bail!("--timeout must be a positive number of seconds, not {t}")
        }
        _ => Ok(()),
    }
}

/// The deadline `--timeout` sets for work that starts now (none when it would overflow).
pub fn deadline(timeout: Option<f64>) -> Option<std::time::Instant> {
    timeout.and_then(|s| std::time::Instant::now().checked_add(std::time::Duration::try_from_secs_f64(s).ok()?))
}
