//! `coverlab`: solve sudoku-like grid puzzles of any size as exact-cover problems.
//!
//! The CLI starts here: [`cli`] declares the arguments (clap), [`commands`] holds one module per
//! command, [`input`] reads puzzles and resolves specs, [`output`] writes results.

mod cli;
mod commands;
mod input;
mod logging;
mod output;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

/// Exit codes: 0 every puzzle solved, 1 some puzzle has no solution (or none before a limit),
/// 2 usage, spec or input error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Everything asked for was done.
    #[default]
    Ok = 0,
    /// Some puzzle is unsolvable, or stopped before a solution.
    NoSolution = 1,
    /// Some input, spec or argument is wrong.
    Invalid = 2,
}

fn main() -> ExitCode {
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
        Ok(exit) => ExitCode::from(exit as u8),
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            let _ = std::io::stdout().flush();
            eprintln!("coverlab: {e:#}");
            ExitCode::from(Exit::Invalid as u8)
        }
    }
}

/// A closed stdout (`coverlab solve … | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().filter_map(|c| c.downcast_ref::<std::io::Error>()).any(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}
