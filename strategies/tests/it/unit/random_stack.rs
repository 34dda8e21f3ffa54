//! The tests of `src/random_stack.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_engine::{Limits, NullSink, Status, Strategy};
use coverlab_model::{Grid, Puzzle, validate};

use coverlab_strategies::random_stack::*;

fn empty(spec: &str) -> Puzzle {
    let model = crate::common::model(spec);
    let n = model.size();
    Puzzle::new(model, Grid::empty(n)).expect("no givens, no conflict")
}

#[test]
fn seeds_pick_different_solutions_and_a_seed_always_the_same() {
    let puzzle = empty("classic-9x9");
    let solve = |seed| RandomStack::new(seed).solve(&puzzle, &Limits::default(), &mut NullSink);
    let (a, a_again, b) = (solve(1), solve(1), solve(2));
    for o in [&a, &b] {
        assert_eq!(o.count, 1);
        validate::check_solution(puzzle.model(), puzzle.givens(), &o.solutions[0]).expect("valid");
    }
    assert_eq!(a, a_again);
    assert_ne!(a.solutions[0], b.solutions[0]);
}

#[test]
fn the_scan_starts_at_the_most_filled_row() {
    // Row 3 holds the most givens: the first decision is in row 3, not row 1.
    let model = crate::common::model("classic-4x4");
    let mut givens = Grid::empty(4);
    givens.set(1, 1); // r1c2 = 1
    givens.set(8, 3); // r3c1 = 3
    givens.set(9, 4); // r3c2 = 4
    let puzzle = Puzzle::new(model, givens).expect("no conflict");
    let mut sink = coverlab_engine::VecSink::new();
    RandomStack::new(5).solve(&puzzle, &Limits::default(), &mut sink);
    let first = sink.events.iter().find_map(|e| match e {
        coverlab_engine::TraceEvent::Guess { cell, .. } => Some(*cell),
        _ => None,
    });
    assert_eq!(first, Some(10), "the first empty cell of row 3 is r3c3");
}

#[test]
fn an_unsolvable_grid_is_complete_with_no_solution() {
    // Classic 4x4 where r1c1 can take nothing: row 1 holds 1 and 4, column 1 holds 2, box 1
    // holds 3. The givens themselves do not conflict.
    let model = crate::common::model("classic-4x4");
    let mut givens = Grid::empty(4);
    givens.set(1, 1); // r1c2 = 1
    givens.set(2, 4); // r1c3 = 4
    givens.set(8, 2); // r3c1 = 2
    givens.set(5, 3); // r2c2 = 3
    let puzzle = Puzzle::new(model.clone(), givens).expect("no conflict among the givens");
    let outcome = RandomStack::new(0).solve(&puzzle, &Limits::count(100, 0), &mut NullSink);
    assert_eq!((outcome.status, outcome.count), (Status::Complete, 0));

    // Contradictory givens: two 1s in row 1.
    let mut givens = Grid::empty(4);
    givens.set(0, 1);
    givens.set(3, 1);
    let puzzle = Puzzle::new_unchecked(model, givens);
    let outcome = RandomStack::new(0).solve(&puzzle, &Limits::count(100, 0), &mut NullSink);
    assert_eq!((outcome.status, outcome.count), (Status::Complete, 0));
}
