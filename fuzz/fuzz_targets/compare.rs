//! `compare` on traces: any two JSON-lines texts (the input split at its first NUL byte) read
//! against a small puzzle are compared or refused with a message, never a panic; what is read
//! stays within `--max-events`, and the report is written whole.
#![no_main]

use std::io::Cursor;
use std::sync::OnceLock;

use coverlab::commands::compare::{View, read_trace, report};
use coverlab::commands::replay::TraceLines;
use coverlab::signals::Interrupt;
use coverlab_model::Puzzle;
use libfuzzer_sys::fuzz_target;

fn puzzle() -> &'static Puzzle {
    static PUZZLE: OnceLock<Puzzle> = OnceLock::new();
    // The puzzle of the seed traces in fuzz/corpus/compare.
    PUZZLE.get_or_init(|| Puzzle::builtin("classic-4x4", ".342.....43.....").unwrap())
}

/// Few events, so the cut is reached often.
const MAX_EVENTS: usize = 64;

fuzz_target!(|data: &[u8]| {
    let puzzle = puzzle();
    let (first, second) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, data),
    };
    let interrupt = Interrupt::default();
    let read = |bytes: &[u8], name: &str| {
        read_trace(TraceLines::new(Cursor::new(bytes.to_vec()), name.into()), 0, puzzle, MAX_EVENTS, &interrupt)
    };
    let (Ok(a), Ok(b)) = (read(first, "a"), read(second, "b")) else { return };
    for side in [&a, &b] {
        assert!(side.events().len() <= MAX_EVENTS, "more events than --max-events");
    }
    let mut out = Vec::new();
    for diff in [false, true] {
        out.clear();
        report(&mut out, puzzle, [&a, &b], &View { max_events: MAX_EVENTS, context: 3, diff }).unwrap();
        let text = String::from_utf8(out.clone()).expect("the report is text");
        assert!(text.contains("ended"), "the table is written");
    }
});
