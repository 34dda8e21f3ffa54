//! `dfs`: plain depth-first search over bitset houses.
//!
//! Source: seed 001 (DanArmor/Sudoku_set, "Simple Sudoku solver based on bit sets"). Each house
//! keeps the set of values already placed in it; the search takes the first empty cell in
//! row-major order and tries the values 1..=n in ascending order, skipping any value already in
//! one of the cell's houses; it places a value by adding it to the cell's house sets, recurses,
//! and removes it again on return.
//!
//! Generalised from the seed's rows, columns and boxes to every unit of a spec (diagonals,
//! windows, regions, at-most-once groups): a value fits a cell when no unit of the cell holds it.
//! Like the seed, it deduces nothing: every placement is a decision (`guess k/m`, where m counts
//! the values that fit).

use std::ops::ControlFlow;

use coverlab_engine::{Bits, ConflictCause, Limits, Outcome, Search, Strategy, TraceSink, UnitSets, dispatch_bits};
use coverlab_model::{Puzzle, Value};

/// Plain depth-first search (seed 001).
#[derive(Debug, Default)]
pub struct Dfs;

impl Strategy for Dfs {
    fn name(&self) -> &str {
        "dfs"
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        dispatch_bits!(puzzle.size(), B => {
            // The seed's house sets, one per unit; clashing givens: no solution.
            if let Some(mut sets) = UnitSets::<B>::from_givens(puzzle) {
                let _ = dfs(&mut sets, &mut search, 0, 0);
            }
        });
        search.finish()
    }
}

/// Searches from the first empty cell at or after `from`, with `depth` decisions in force.
fn dfs<B: Bits>(sets: &mut UnitSets<'_, B>, search: &mut Search<'_>, from: usize, depth: usize) -> ControlFlow<()> {
    if !search.node() {
        return ControlFlow::Break(());
    }
    // 1. Skip filled cells, row-major.
    let Some(cell) = (from..sets.values().len()).find(|&c| sets.value(c) == 0) else {
        // 2. No cell left: a solution.
        return search.solution(|| sets.to_grid());
    };
    // 3. Try every value that is in none of the cell's house sets, ascending.
    let fits = sets.fits(cell);
    let m = fits.count() as usize;
    if m == 0 {
        search.conflict(depth, ConflictCause::NoCandidates { cell });
        return ControlFlow::Continue(());
    }
    for (k, bit) in fits.iter().enumerate() {
        if k > 0 {
            search.backtrack(depth);
        }
        let value = (bit + 1) as Value;
        search.guess(depth + 1, cell, value, k + 1, m);
        sets.place(cell, value);
        let flow = dfs(sets, search, cell + 1, depth + 1);
        // 4. Clear the cell and its house sets again.
        sets.clear(cell);
        flow?;
    }
    ControlFlow::Continue(())
}
