//! The tests of `src/mrv.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_engine::{Limits, PlaceReason, Strategy, TraceEvent, VecSink};
use coverlab_model::Grid;
use coverlab_model::Puzzle;

use coverlab_strategies::mrv::*;

#[test]
fn picks_the_cell_with_the_fewest_values_left() {
    // Classic 4x4: r2c4 sees 1, 2 and 3 (row 2 and column 4), so it has one value left and
    // is picked first although r1c1 comes earlier.
    let model = crate::common::model("classic-4x4");
    let mut givens = Grid::empty(4);
    givens.set(4, 1); // r2c1 = 1
    givens.set(5, 2); // r2c2 = 2
    givens.set(15, 3); // r4c4 = 3
    let puzzle = Puzzle::new(model, givens).expect("no conflict");
    let mut sink = VecSink::new();
    let outcome = Mrv::default().solve(&puzzle, &Limits::default(), &mut sink);
    assert_eq!(outcome.count, 1);
    let first = sink.events.iter().find_map(|e| match e {
        TraceEvent::Place { cell, value, reason, .. } if *reason != PlaceReason::Given => Some((*cell, *value)),
        TraceEvent::Guess { .. } => Some((0, 0)),
        _ => None,
    });
    assert_eq!(first, Some((7, 4)), "r2c4=4, the only value left, placed without a decision");
}
