//! Argument parsing to a run: any argument list parses or gives clap's usage error; for `solve`
//! and `count`, the checks made before any file is opened (strategy, limits, sizes) accept or
//! refuse it with a message, never a panic.
#![no_main]

use clap::Parser;
use coverlab::cli::{Cli, Command};
use coverlab::commands::solve::check_args;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let args = std::iter::once("coverlab").chain(text.split('\0'));
    let Ok(cli) = Cli::try_parse_from(args) else { return };
    match cli.command {
        Command::Solve(args) => {
            let _ = check_args(&args, args.count);
        }
        Command::Count(args) => {
            let _ = check_args(&args, true);
        }
        _ => {}
    }
});
