//! The tests of `src/cli.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use clap::CommandFactory;
use coverlab::cli::*;

#[test]
fn sizes_read_with_units() {
    assert_eq!(parse_bytes("0"), Ok(0));
    assert_eq!(parse_bytes("512"), Ok(512));
    assert_eq!(parse_bytes("4k"), Ok(4096));
    assert_eq!(parse_bytes("100M"), Ok(100 << 20));
    assert_eq!(parse_bytes("2G"), Ok(2 << 30));
    assert!(parse_bytes("-1").is_err());
    assert!(parse_bytes("12X").is_err());
    assert!(parse_bytes("99999999999999999999G").is_err());
    assert!(parse_bytes("").is_err());
}

/// Every subcommand's help ends with examples, each a coverlab command whose files ship in
/// the repository (tests/it/readme.rs runs the README's; these read the same files).
#[test]
fn every_subcommand_help_has_examples_with_shipped_files() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for sub in Cli::command().get_subcommands() {
        let help = sub.get_after_help().map(|h| h.to_string()).unwrap_or_default();
        assert!(help.starts_with("Examples:\n  coverlab "), "{}: {help:?}", sub.get_name());
        for word in help.split_whitespace().filter(|w| w.starts_with("examples/") || w.starts_with("tests/")) {
            assert!(root.join(word).is_file(), "{}: {word} ships in the repository", sub.get_name());
        }
    }
}

#[test]
fn the_command_line_is_consistent() {
    Cli::command().debug_assert();
}
