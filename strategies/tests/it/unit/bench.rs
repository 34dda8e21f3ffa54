//! The tests of `src/bench.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use std::sync::Arc;

use std::time::Duration;

use coverlab_model::{Grid, Puzzle, builtin};

use coverlab_strategies::bench::*;

#[test]
fn a_run_counts_every_puzzle_and_renders_one_line_per_row() {
    let model = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
    let empty = Puzzle::new(model.clone(), Grid::empty(4)).unwrap();
    let mut full = Grid::empty(4);
    for (cell, v) in [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1].into_iter().enumerate() {
        full.set(cell, v);
    }
    let solved = Puzzle::new(model, full).unwrap();
    let info = coverlab_strategies::registry::find("fast").unwrap();
    let settings = Settings { min_seconds: 0.0, timeout: Some(Duration::from_secs(5)), ..Settings::default() };
    let row = run(&info, &[empty, solved], &settings);
    assert_eq!(row.times_us.len(), 2);
    assert_eq!(row.answered, [true, true]);
    assert_eq!((row.puzzles, row.solved, row.timeouts), (2, 2, 0));
    assert!(row.puzzles_per_sec > 0.0);
    assert_eq!(row.no_guess_pct, 50.0, "the full grid needs no guess, the empty one does");
    assert_eq!(row.name, "fast");
    assert_eq!((row.nodes.len(), row.guesses.len(), row.backtracks.len()), (2, 2, 2));
    assert_eq!(row.guesses[1], 0);
    let mean = row.nodes.iter().sum::<u64>() as f64 / 2.0;
    assert_eq!(row.nodes_per_puzzle, mean);
    assert!(!row.partial && !row.over_budget);
}

/// The empty 4×4 grid (many solutions: it branches) and a full one (no search).
fn empty_and_full() -> Vec<Puzzle> {
    let model = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
    let mut full = Grid::empty(4);
    for (cell, v) in [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1].into_iter().enumerate() {
        full.set(cell, v);
    }
    vec![Puzzle::new(model.clone(), Grid::empty(4)).unwrap(), Puzzle::new(model, full).unwrap()]
}

#[test]
fn max_nodes_stops_the_same_solves_at_the_same_place_and_counts_them_apart() {
    let chosen = coverlab_strategies::registry::resolve("dfs").unwrap();
    let settings = Settings { min_seconds: 0.0, max_nodes: Some(3), ..Settings::default() };
    let row = run(&chosen, &empty_and_full(), &settings);
    assert_eq!((row.puzzles, row.solved, row.timeouts, row.node_limited), (2, 1, 0, 1));
    assert_eq!(row.answered, [false, true]);
    assert!(!row.partial, "a node limit is a result, not a cut row");
    let again = run(&chosen, &empty_and_full(), &settings);
    assert_eq!((&row.nodes, &row.guesses, &row.backtracks), (&again.nodes, &again.guesses, &again.backtracks));
}

#[test]
fn a_spent_budget_leaves_the_rest_untimed_and_the_row_partial() {
    let chosen = coverlab_strategies::registry::resolve("fast(locked: false)").unwrap();
    let settings = Settings { min_seconds: 0.0, budget: Some(Duration::ZERO), ..Settings::default() };
    let row = run(&chosen, &empty_and_full(), &settings);
    assert_eq!((row.puzzles, row.partial, row.over_budget), (0, true, true));
    assert!(row.times_us.is_empty() && row.nodes.is_empty());
    assert_eq!(row.name, "fast(locked: false)", "named by what ran");
    assert_eq!(row.strategy, "fast");
    // A budget that is not reached changes nothing but the repetitions.
    let settings = Settings { min_seconds: 0.05, budget: Some(Duration::from_secs(60)), ..Settings::default() };
    let row = run(&chosen, &empty_and_full(), &settings);
    assert_eq!((row.puzzles, row.solved, row.partial, row.over_budget), (2, 2, false, false));
}
