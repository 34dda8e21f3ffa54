//! Helpers shared by the integration tests (each test file includes this with `mod common;`).
#![allow(dead_code, reason = "each test file uses a different subset")]

use std::path::PathBuf;

use coverlab_formats::{Entry, FormatError, Parsed};

/// A path under the workspace root.
pub fn workspace(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)
}

/// The workspace file's text.
pub fn read(path: &str) -> String {
    std::fs::read_to_string(workspace(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The puzzle of an entry, or a panic naming its error.
pub fn ok(entry: &Entry) -> &Parsed {
    entry.result.as_ref().unwrap_or_else(|e| panic!("puzzle {} (line {}): {e}", entry.index, entry.line))
}

/// The error of an entry, or a panic.
pub fn err(entry: &Entry) -> &FormatError {
    match &entry.result {
        Err(e) => e,
        Ok(p) => panic!("puzzle {} (line {}) parsed, expected an error: {p:?}", entry.index, entry.line),
    }
}

/// Values from a line of digits and dots (sizes up to 9).
pub fn digits(text: &str) -> Vec<u8> {
    text.chars().map(|c| c.to_digit(10).map_or(0, |d| d as u8)).collect()
}
