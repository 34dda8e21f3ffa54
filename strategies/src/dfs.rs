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
//! Like the seed, it deduces nothing; a cell where a single value fits is filled with it (a
//! forced placement, `place … naked-single`), a cell where several fit is a decision (`guess
//! k/m`). The loop is the shared [`crate::plain`] search; this file holds the seed's choices.

use coverlab_engine::{Bits, Choice, UnitSets};
use coverlab_model::{Cell, cell_name};

use crate::plain::{Hooks, Plain};

/// Plain depth-first search (seed 001).
pub type Dfs = Plain<RowMajor>;

/// The seed's choices: the first empty cell in row-major order; values ascending.
#[derive(Debug, Clone, Copy, Default)]
pub struct RowMajor;

impl Hooks for RowMajor {
    fn name(&self) -> &str {
        "dfs"
    }

    fn choose_cell<B: Bits>(&mut self, sets: &UnitSets<'_, B>, after: Option<Cell>) -> Option<Cell> {
        // Cells are filled in row-major order: every cell before the last one filled is full.
        let from = after.map_or(0, |c| c + 1);
        (from..sets.values().len()).find(|&c| sets.value(c) == 0)
    }

    /// `next-empty`: the first empty cell in row-major order, whatever its count of values
    /// (the key); the cells passed over are those after it.
    fn why<B: Bits>(&self, sets: &UnitSets<'_, B>, cell: Cell) -> Option<Choice> {
        let n = sets.model().size();
        let fits = |c: Cell| u64::from(sets.fits(c).count());
        let next = (cell + 1..sets.values().len()).filter(|&c| sets.value(c) == 0).take(Choice::SHOWN);
        Some(Choice {
            rule: "next-empty".into(),
            key: fits(cell),
            next: next.map(|c| (cell_name(c, n), fits(c))).collect(),
        })
    }
}
