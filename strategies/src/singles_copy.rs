//! `singles-copy`: seed 003's 2-phase search as written, with a copy of the whole state per guess.
//!
//! Source: seed 003 (sudoku-solver, "2-phase recursive search").
//! - Phase 1: a fitness table says, for every empty tile and digit, whether the digit can be
//!   placed there (it is in none of the tile's row, column and square). A tile where only one
//!   digit fits takes it; phase 1 repeats until no tile has a single digit.
//! - Phase 2: the first empty tile; for each digit that fits it, a copy of the current state with
//!   the tile filled, solved recursively (phase 1 again, then phase 2). The recursion stops when
//!   the whole grid is filled.
//!
//! Generalised to every spec: "row, column or square" becomes every unit of the tile (houses and
//! at-most-once groups). A tile where no digit fits is a dead end. Next to `singles`, which keeps
//! one state and undoes it through a journal, this is the same propagation with the other way of
//! going back: the two can be compared on equal terms (`coverlab bench --strategies
//! singles(refute: false),singles-copy`).
//!
//! Trace: phase 1's placements are `place … naked-single`; phase 2's are `guess dK cell=v (k/m)`,
//! with `backtrack` before every value after the first (the copy is dropped, the one below it is
//! the state again); a tile with no digit left is `conflict … has no candidates`.

use std::ops::ControlFlow;

use coverlab_engine::{
    Bits, ConflictCause, Limits, Outcome, PlaceReason, Search, Strategy, TraceSink, UnitSets, dispatch_bits,
};
use coverlab_model::{Cell, Puzzle, Value};

/// Seed 003's search: fitness-table singles, then a copy of the state per guess.
#[derive(Debug, Clone, Copy, Default)]
pub struct SinglesCopy;

impl Strategy for SinglesCopy {
    fn name(&self) -> &str {
        "singles-copy"
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        dispatch_bits!(puzzle.size(), B => {
            // The state: the grid and, per unit, the digits placed in it; clashing givens: none.
            if let Some(state) = UnitSets::<B>::from_givens(puzzle) {
                let _ = solve(state, &mut search, 0);
            }
        });
        search.finish()
    }
}

/// Phase 1 on `state`, then phase 2; `depth` guesses are in force.
fn solve<B: Bits>(mut state: UnitSets<'_, B>, search: &mut Search<'_>, depth: usize) -> ControlFlow<()> {
    if !search.node() {
        return ControlFlow::Break(());
    }
    // Phase 1: fill every tile where one digit fits, until none is left.
    loop {
        let mut filled = false;
        for cell in 0..state.values().len() {
            if state.value(cell) != 0 {
                continue;
            }
            let fits = state.fits(cell);
            match fits.count() {
                0 => {
                    search.conflict(depth, ConflictCause::NoCandidates { cell });
                    return ControlFlow::Continue(());
                }
                1 => {
                    let value = (fits.lowest() + 1) as Value;
                    search.place(cell, value, PlaceReason::NakedSingle, depth);
                    state.place(cell, value);
                    filled = true;
                }
                _ => {}
            }
        }
        if !filled {
            break;
        }
    }
    // Phase 2: the first empty tile, each digit that fits in a copy of the state.
    let Some(cell): Option<Cell> = (0..state.values().len()).find(|&c| state.value(c) == 0) else {
        return search.solution(|| state.to_grid());
    };
    let fits = state.fits(cell);
    let m = fits.count() as usize;
    for (k, bit) in fits.iter().enumerate() {
        if k > 0 {
            search.backtrack(depth);
        }
        let value = (bit + 1) as Value;
        search.guess(depth + 1, cell, value, k + 1, m);
        let mut copy = state.clone();
        copy.place(cell, value);
        solve(copy, search, depth + 1)?;
    }
    ControlFlow::Continue(())
}
