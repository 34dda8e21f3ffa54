//! The tests of `src/singles.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_engine::{Limits, NullSink, PlaceReason, Strategy, TraceEvent, VecSink, replay::replay};
use coverlab_model::{Grid, Puzzle, validate};

use coverlab_strategies::singles::*;

fn puzzle(spec: &str, text: &str) -> Puzzle {
    let model = crate::common::model(spec);
    let n = model.size();
    let values = text.chars().map(|c| model.symbols().value_of(c).unwrap_or(0)).collect();
    Puzzle::new(model, Grid::from_values(n, values).expect("n² values")).expect("no conflict")
}

#[test]
fn an_easy_puzzle_needs_no_guess_and_its_trace_replays() {
    // A classic puzzle that naked singles alone solve.
    let p = puzzle("classic-9x9", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    for mut s in [Singles::naked(), Singles::with_hidden()] {
        let mut sink = VecSink::new();
        let outcome = s.solve(&p, &Limits::count(2, 2), &mut sink);
        assert_eq!(outcome.count, 1, "{}", s.name());
        assert_eq!(outcome.stats.guesses, 0, "{}", s.name());
        validate::check_solution(p.model(), p.givens(), &outcome.solutions[0]).expect("valid");
        let replayed = replay(&p, &sink.events).expect("the trace replays");
        assert_eq!(replayed.solutions, outcome.solutions);
    }
}

#[test]
fn hidden_singles_place_what_naked_singles_cannot() {
    // Classic 4x4 with 1 in r1c1, r3c2 and r4c4: in row 2 only r2c3 can take 1 (columns 1, 2
    // and 4 hold it), yet r2c3 keeps all four possibilities: a hidden single, not a naked one.
    let p = puzzle("classic-4x4", "1........1.....1");
    let mut sink = VecSink::new();
    let _ = Singles::with_hidden().solve(&p, &Limits::default(), &mut sink);
    let first_step = sink.events.iter().find_map(|e| match e {
        TraceEvent::Place { reason: PlaceReason::HiddenSingle { unit }, cell, value, .. } => {
            Some((*cell, *value, *unit))
        }
        TraceEvent::Place { reason: PlaceReason::NakedSingle, .. } | TraceEvent::Guess { .. } => Some((0, 0, 0)),
        _ => None,
    });
    assert_eq!(first_step, Some((6, 1, 1)), "r2c3=1, hidden single in row 2");
    replay(&p, &sink.events).expect("the trace replays");

    let outcome = Singles::naked().solve(&p, &Limits::default(), &mut NullSink);
    assert!(outcome.stats.guesses > 0, "naked singles alone must guess here");
}
