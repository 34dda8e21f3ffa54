//! Trace reading and replay: any JSON-lines text checked against a small puzzle is accepted or
//! refused with a message, never a panic; memory stays the puzzle's.
#![no_main]

use std::sync::OnceLock;

use coverlab_engine::TraceEvent;
use coverlab_engine::replay::Replayer;
use coverlab_model::Puzzle;
use libfuzzer_sys::fuzz_target;

fn puzzle() -> &'static Puzzle {
    static PUZZLE: OnceLock<Puzzle> = OnceLock::new();
    // The puzzle of the seed traces in fuzz/corpus/replay.
    PUZZLE.get_or_init(|| Puzzle::builtin("classic-4x4", ".342.....43.....").unwrap())
}

fuzz_target!(|data: &[u8]| {
    let puzzle = puzzle();
    let mut replayer = Replayer::new(puzzle.clone(), 4);
    for line in data.split(|&b| b == b'\n') {
        let Ok(value) = serde_json::from_slice::<serde_json::Value>(line) else { continue };
        let Ok(event) = TraceEvent::from_json(&value, puzzle.model(), puzzle.symbols()) else { continue };
        let _ = event.display(puzzle.model(), puzzle.symbols()).to_string();
        if replayer.step(&event).is_err() {
            return;
        }
    }
    if let Ok(replayed) = replayer.finish() {
        for grid in &replayed.solutions {
            coverlab_model::validate::check_solution(puzzle.model(), puzzle.givens(), grid)
                .expect("replay checks solutions");
        }
    }
});
