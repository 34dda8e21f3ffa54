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
