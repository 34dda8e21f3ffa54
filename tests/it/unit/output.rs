//! The tests of `src/output.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab::diag::push_u64;
use coverlab::output::*;

#[test]
fn numbers_and_strings_are_written_as_json() {
    for n in [0, 7, 10, 99, 12345, u64::MAX] {
        let mut out = Vec::new();
        push_u64(&mut out, n);
        assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
    }
    for text in ["classic-9x9", "a \"quoted\" name", "back\\slash", "tab\there", "é\u{1b}"] {
        let mut out = Vec::new();
        push_str(&mut out, text);
        let back: String = serde_json::from_slice(&out).unwrap();
        assert_eq!(back, text);
    }
}

#[test]
fn counts_are_written_as_format_would() {
    for (count, more) in [(0, false), (1, false), (2, true), (10, false), (1234567, true), (u64::MAX, true)] {
        let mut out = Vec::new();
        write_count(&mut out, count, more).unwrap();
        let plus = if more { "+" } else { "" };
        assert_eq!(String::from_utf8(out).unwrap(), format!("{count}{plus}\n"));
    }
}
