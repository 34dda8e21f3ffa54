//! The tests of `src/progress.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab::cli::ProgressArg;
use coverlab::input::Reading;
use coverlab::progress::*;

#[test]
fn no_bar_while_a_terminal_is_read() {
    let terminal = Reading { terminal: true, ..Reading::default() };
    assert!(!Progress::new(ProgressArg::Always, terminal.clone(), "puzzles").wanted);
    assert!(!Progress::new(ProgressArg::Auto, terminal, "puzzles").wanted);
    assert!(Progress::new(ProgressArg::Always, Reading::default(), "puzzles").wanted);
}

#[test]
fn thousands_are_grouped() {
    assert_eq!(group(0), "0");
    assert_eq!(group(999), "999");
    assert_eq!(group(1000), "1,000");
    assert_eq!(group(1234567), "1,234,567");
}
