//! `coverlab`: solve sudoku-like grid puzzles of any size as exact-cover problems.
//!
//! The CLI starts here: [`main`] parses the arguments ([`cli`], clap) and runs a command
//! ([`commands`], one module per command); [`input`] reads puzzles and resolves specs,
//! [`output`] writes results, [`diag`](mod@diag) carries messages to stderr. The binary (`src/main.rs`)
//! only calls [`main`]; tests and fuzz targets call the same functions, and the Python package
//! (`python/`) runs the commands with an [`io::Io`] of its own ([`commands::run_with`]).
//!
//! ```
//! use clap::Parser;
//! use coverlab::{Exit, cli::Cli, commands};
//!
//! // `coverlab solve .342.....43.....`, as the binary runs it (the solution goes to stdout).
//! let cli = Cli::parse_from(["coverlab", "solve", ".342.....43....."]);
//! assert_eq!(commands::run(cli).unwrap(), Exit::Ok);
//! ```

pub mod cli;
pub mod commands;
pub mod dataset;
pub mod diag;
pub mod input;
pub mod io;
mod logging;
pub mod outfile;
pub mod output;
pub mod pipeline;
pub mod plot;
pub mod progress;
pub mod signals;
pub mod summary;
pub mod viewer;

use std::process::ExitCode;

use clap::Parser;

/// Exit codes: 0 every puzzle solved, 1 some puzzle has no solution (or none before a limit),
/// 2 usage, spec or input error, 128 + the signal's number when a signal stopped the run (130
/// for Ctrl-C, 143 for SIGTERM). The worst of a run's outcomes wins (`max`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Everything asked for was done.
    #[default]
    Ok,
    /// Some puzzle is unsolvable, or stopped before a solution.
    NoSolution,
    /// Some input, spec or argument is wrong.
    Invalid,
    /// A signal (its number) stopped the run.
    Signal(u8),
}

impl Exit {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::NoSolution => 1,
            Exit::Invalid => 2,
            Exit::Signal(signal) => 128u8.saturating_add(signal),
        }
    }
}

/// Runs `coverlab` with the process's arguments and returns its exit code.
pub fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    logging::init(cli.verbose);
    match commands::run(cli) {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            diag!("{e:#}");
            ExitCode::from(Exit::Invalid.code())
        }
    }
}

/// A closed stdout (`coverlab solve … | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().filter_map(|c| c.downcast_ref::<std::io::Error>()).any(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}
