//! `mrv`: recursive backtracking that always fills the most constrained cell next.
//!
//! Source: seed 002 (algdat "Sudoku Solver", recursive brute force with smart field picking).
//! Each row, column and segment holds a bitmask of the values set in it (section 2 of the seed);
//! the OR of a cell's masks is the set of values that "have impact on" the cell, so the next cell
//! is the empty one whose OR has the most bits set: the one with the fewest values left (the
//! minimum-remaining-values rule). The search fills it with each value whose bit is clear, in
//! ascending order, and calls itself (section 1); a cell with no value left sends it back to the
//! last decision with an option untried.
//!
//! Generalised from the seed's rows, columns and 3×3 segments to every unit of a spec
//! (diagonals, windows, regions, at-most-once groups): one bitmask per unit, and a value fits a
//! cell when no unit of the cell holds it. Ties between cells go to the lowest cell index. A cell
//! with one value left is filled with it (`place … naked-single`), one with several is a decision
//! (`guess k/m`, m counting the values that fit). The loop is the shared [`crate::plain`] search;
//! this file holds the seed's choices.

use coverlab_engine::{Bits, Choice, UnitSets};
use coverlab_model::Cell;

use crate::plain::{Hooks, Plain, fewest_values};

/// Recursive backtracking on the most constrained cell, with unit bitmasks (seed 002).
pub type Mrv = Plain<FewestValues>;

/// The seed's choices: section 2's field picking; values ascending.
#[derive(Debug, Clone, Copy, Default)]
pub struct FewestValues;

impl Hooks for FewestValues {
    fn name(&self) -> &str {
        "mrv"
    }

    /// Section 2 of the seed: the empty cell whose OR of masks (the values that have impact on
    /// it) has the most bits set, lowest index on ties.
    fn choose_cell<B: Bits>(&mut self, masks: &UnitSets<'_, B>, _after: Option<Cell>) -> Option<Cell> {
        let mut best: Option<Cell> = None;
        let mut best_bits = 0;
        for cell in (0..masks.values().len()).filter(|&c| masks.value(c) == 0) {
            let impact = masks.taken(cell);
            let bits = impact.count();
            if best.is_none() || bits > best_bits {
                best = Some(cell);
                best_bits = bits;
                if impact == masks.full() {
                    break; // nothing fits: no cell can beat it
                }
            }
        }
        best
    }

    /// `fewest-values`: the cell's count of values that fit, and the next best cells'.
    fn why<B: Bits>(&self, masks: &UnitSets<'_, B>, cell: Cell) -> Option<Choice> {
        Some(fewest_values("fewest-values", masks, cell))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use coverlab_engine::{Limits, PlaceReason, Strategy, TraceEvent, VecSink};
    use coverlab_model::Puzzle;
    use coverlab_model::{Grid, builtin};

    use super::*;

    #[test]
    fn picks_the_cell_with_the_fewest_values_left() {
        // Classic 4x4: r2c4 sees 1, 2 and 3 (row 2 and column 4), so it has one value left and
        // is picked first although r1c1 comes earlier.
        let model = Arc::new(builtin::load("classic-4x4").expect("built-in").expect("valid"));
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
}
