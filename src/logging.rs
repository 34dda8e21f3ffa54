//! Logs on stderr through `tracing`: `-v` info, `-vv` debug, `-vvv` trace (which also forwards
//! every search event); `RUST_LOG` overrides.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// Installs the subscriber. Logs never go to stdout.
pub fn init(verbose: u8) {
    let default = match verbose {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(true)
        .without_time()
        .try_init();
}
