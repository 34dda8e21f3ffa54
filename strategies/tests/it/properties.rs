//! Property: a random full grid of a random built-in spec, with random cells blanked, is solved
//! back by every registered strategy, to a grid that keeps the givens and passes the independent
//! validator.
//!
//! Full grids: `dfs` solves the empty grid of the spec (the result is checked by
//! `check_solution` before use), then the values are relabelled by a random permutation (every
//! rule of the built-ins is "all different", so a relabelled solution is a solution); classic
//! specs also get their bands, stacks, rows within a band and columns within a stack shuffled.
//! Blanked cells are chosen at random, up to a per-size maximum that keeps plain `dfs` well
//! under the node cap (the whole grid for 4×4 and 6×6; in 60,000 cases tried while tuning,
//! `dfs` never needed more than about 100,000 nodes, a twentieth of the cap).
//!
//! A strategy that stops on the node cap fails the property: the cap is far above what any
//! case needs, so hitting it means a search that wanders or does not end.
//! Regressions found by proptest are kept in `properties.proptest-regressions` (committed).

use crate::common;

use coverlab_engine::{Limits, NullSink, Rng, Status, StopReason};
use coverlab_model::validate::check_solution;
use coverlab_model::{Grid, Model, Puzzle};
use coverlab_strategies::registry::{self, find};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// The specs drawn from, with the most cells blanked for each.
const SPECS: &[(&str, usize)] = &[
    ("classic-4x4", 16),
    ("classic-6x6", 36),
    ("classic-9x9", 50),
    ("classic-12x12", 64),
    ("classic-16x16", 100),
    ("x-sudoku-9x9", 50),
    ("windoku-9x9", 50),
    ("jigsaw-9x9", 50),
    ("anti-knight-9x9", 50),
    ("anti-king-9x9", 50),
];

/// Nodes per solve; a strategy that reaches it fails.
const NODE_CAP: u64 = 2_000_000;

/// The first solution `dfs` finds for the empty grid, checked.
fn base_grid(model: &std::sync::Arc<Model>) -> Grid {
    let empty = Puzzle::new(model.clone(), Grid::empty(model.size())).expect("the empty grid has no clash");
    let mut dfs = find("dfs").expect("dfs is registered").build(common::SEED);
    let outcome = dfs.solve(&empty, &Limits { max_nodes: Some(NODE_CAP), ..Limits::default() }, &mut NullSink);
    let grid = outcome.solutions.into_iter().next().unwrap_or_else(|| panic!("dfs found no {} grid", model.name()));
    check_solution(model, &Grid::empty(model.size()), &grid).expect("dfs's full grid is valid");
    grid
}

/// A permutation of 0..len.
fn permutation(rng: &mut Rng, len: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..len).collect();
    rng.shuffle(&mut p);
    p
}

/// A permutation of 0..n that keeps groups of `size` consecutive indices together (bands of
/// rows or stacks of columns), shuffling the groups and the indices within each.
fn grouped_permutation(rng: &mut Rng, n: usize, size: usize) -> Vec<usize> {
    let groups = permutation(rng, n / size);
    groups.iter().flat_map(|&g| permutation(rng, size).into_iter().map(move |i| g * size + i)).collect()
}

/// A random full grid of the model: relabelled, and for classic specs with shuffled rows and
/// columns (within bands and stacks).
fn random_full_grid(model: &std::sync::Arc<Model>, rng: &mut Rng) -> Grid {
    let n = model.size();
    let base = base_grid(model);
    let relabel = permutation(rng, n);
    let (rows, cols): (Vec<usize>, Vec<usize>) = match model.boxes() {
        Some((br, bc)) if model.name().starts_with("classic-") => {
            (grouped_permutation(rng, n, br), grouped_permutation(rng, n, bc))
        }
        _ => ((0..n).collect(), (0..n).collect()),
    };
    let mut values = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let v = base.get(rows[r] * n + cols[c]);
            values[r * n + c] = relabel[usize::from(v) - 1] as u8 + 1;
        }
    }
    let grid = Grid::from_values(n, values).expect("values in range");
    check_solution(model, &Grid::empty(n), &grid).expect("a transformed full grid stays valid");
    grid
}

/// 256 cases by default (well under a second); `PROPTEST_CASES=5000` for a deep run.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        // Next to this file: tests/properties.proptest-regressions.
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_strategy_solves_a_blanked_full_grid(
        spec in 0..SPECS.len(),
        seed in any::<u64>(),
        blank_share in 0.0f64..=1.0,
    ) {
        let (name, max_blanks) = SPECS[spec];
        let model = common::model(name);
        let n = model.size();
        let mut rng = Rng::new(seed);
        let full = random_full_grid(&model, &mut rng);
        let blanks = (blank_share * max_blanks as f64).round() as usize;
        let mut givens = full.clone();
        for &cell in &permutation(&mut rng, n * n)[..blanks] {
            givens.set(cell, 0);
        }
        let puzzle = Puzzle::new(model.clone(), givens).expect("givens from a solution never clash");
        let limits = Limits { max_nodes: Some(NODE_CAP), ..Limits::default() };
        for info in registry::all() {
            let mut strategy = info.build(common::SEED);
            let outcome = strategy.solve(&puzzle, &limits, &mut NullSink);
            let who = format!("{} on {name} with {blanks} blanks", info.name);
            prop_assert!(
                matches!(outcome.status, Status::Complete | Status::Stopped(StopReason::SolutionLimit)),
                "{who}: stopped with {:?} after {} nodes", outcome.status, outcome.stats.nodes
            );
            prop_assert_eq!(outcome.count, 1, "{}: the blanked grid has a solution", who);
            let solution = &outcome.solutions[0];
            prop_assert!(
                check_solution(&model, puzzle.givens(), solution).is_ok(),
                "{who}: {} is not a solution", common::line(solution, puzzle.symbols())
            );
        }
    }
}
