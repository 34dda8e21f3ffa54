//! The tests of `src/sat/rust_sat.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use std::sync::Arc;

use coverlab_engine::{Limits, NullSink, Search, Status, Strategy};
use coverlab_model::{Grid, Puzzle, builtin, validate};

use coverlab_strategies::sat::{Batsat, batsat_finish as finish};

/// A hand-over (what `fast` makes without CaDiCaL) counts the solutions it did not find
/// before: the empty 4×4 has 288, one of them handed over as found.
#[test]
fn a_hand_over_counts_the_solutions_not_found_before() {
    let model = Arc::new(builtin::load("classic-4x4").expect("built-in").expect("valid"));
    let puzzle = Puzzle::new(model, Grid::empty(4)).expect("empty grid");
    let first = Batsat.solve(&puzzle, &Limits::default(), &mut NullSink).solutions.remove(0);
    let limits = Limits::count(1000, 1000);
    let mut sink = NullSink;
    let mut search = Search::begin("test", &puzzle, &limits, &mut sink);
    let found = vec![first.values().to_vec()];
    finish(&puzzle, vec![0; 16], &[0b1111; 16], &found, &mut search);
    let outcome = search.finish();
    assert_eq!((outcome.status, outcome.count), (Status::Complete, 287));
    for grid in &outcome.solutions {
        validate::check_solution(puzzle.model(), puzzle.givens(), grid).expect("a solution");
        assert_ne!(grid, &first, "the solution found before is not found again");
    }
}
