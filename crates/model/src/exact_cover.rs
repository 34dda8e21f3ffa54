//! The exact-cover matrix of a model (Knuth, TAOCP 7.2.2.1).
//!
//! Options are (cell, value) pairs. Primary items, covered exactly once: each cell is filled
//! (`Cell`), and each value appears in each house (`HouseValue`). Secondary items, covered at
//! most once: each value appears at most once in each at-most-once group (`GroupValue`).

use crate::{Cell, Value};

/// An item (a column of the matrix).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Item {
    /// The cell is filled.
    Cell(Cell),
    /// The house (an index into [`Model::units`](crate::Model::units)) holds the value.
    HouseValue(usize, Value),
    /// The at-most-once group (an index into [`Model::units`](crate::Model::units)) holds the value at most once.
    GroupValue(usize, Value),
}

/// An option's index: `cell * n + (value - 1)`.
pub type OptionId = usize;

/// The exact-cover matrix: items numbered primary first, then secondary; each option's items as
/// compressed rows.
#[derive(Debug, Clone)]
pub struct ExactCover {
    n: usize,
    items: Vec<Item>,
    primary: usize,
    offsets: Vec<u32>,
    option_items: Vec<u32>,
}

impl ExactCover {
    /// The matrix of an n×n grid with `units` units, the first `houses` of them houses (the rest
    /// at-most-once groups), `units_of(cell)` the units holding a cell.
    pub(crate) fn build<'a>(n: usize, houses: usize, units: usize, units_of: impl Fn(Cell) -> &'a [u32]) -> ExactCover {
        let cells = n * n;
        // Item numbering: cells, then (house, value), then (group, value).
        let mut items: Vec<Item> = (0..cells).map(Item::Cell).collect();
        for u in 0..houses {
            items.extend((1..=n as Value).map(|v| Item::HouseValue(u, v)));
        }
        for u in houses..units {
            items.extend((1..=n as Value).map(|v| Item::GroupValue(u, v)));
        }
        let primary = cells + houses * n;
        let mut offsets = Vec::with_capacity(cells * n + 1);
        let mut option_items = Vec::new();
        offsets.push(0);
        for cell in 0..cells {
            for v in 0..n {
                option_items.push(cell as u32);
                let mut unit_items: Vec<u32> = units_of(cell)
                    .iter()
                    .map(|&u| {
                        let u = u as usize;
                        if u < houses { cells + u * n + v } else { primary + (u - houses) * n + v }
                    } as u32)
                    .collect();
                unit_items.sort_unstable();
                option_items.extend(unit_items);
                offsets.push(option_items.len() as u32);
            }
        }
        ExactCover { n, items, primary, offsets, option_items }
    }

    /// All items, primary first.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The number of primary items; items from this index on are secondary.
    pub fn primary(&self) -> usize {
        self.primary
    }

    /// The number of options, n³.
    pub fn options(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The items of an option, ascending; the first is always its `Cell` item.
    pub fn option_items(&self, option: OptionId) -> &[u32] {
        &self.option_items[self.offsets[option] as usize..self.offsets[option + 1] as usize]
    }

    /// The option placing `value` (1-based) in `cell`.
    pub fn option(&self, cell: Cell, value: Value) -> OptionId {
        cell * self.n + usize::from(value) - 1
    }

    /// The (cell, value) an option places.
    pub fn cell_value(&self, option: OptionId) -> (Cell, Value) {
        (option / self.n, (option % self.n + 1) as Value)
    }
}
