//! Grids of values and the names of cells.

use std::fmt;

/// A value: 1..=n, or 0 for an empty cell.
pub type Value = u8;

/// A cell index, row-major: `row * n + col`.
pub type Cell = usize;

/// The human name of a cell, 1-based: `r3c4`.
pub fn cell_name(cell: Cell, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// An n×n grid of values, row-major, 0 for empty.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<Value>,
}

impl Grid {
    /// An empty n×n grid.
    pub fn empty(size: usize) -> Grid {
        Grid { size, cells: vec![0; size * size] }
    }

    /// A grid from row-major values; `None` when the length is not `size²` or a value exceeds `size`.
    pub fn from_values(size: usize, cells: Vec<Value>) -> Option<Grid> {
        (cells.len() == size * size && cells.iter().all(|&v| usize::from(v) <= size)).then_some(Grid { size, cells })
    }

    /// The side length n.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The value at `cell` (0 when empty).
    pub fn get(&self, cell: Cell) -> Value {
        self.cells[cell]
    }

    /// Sets the value at `cell` (0 empties it).
    ///
    /// # Panics
    /// When `value > n`: values come from the model, never straight from input.
    pub fn set(&mut self, cell: Cell, value: Value) {
        assert!(usize::from(value) <= self.size, "value {value} out of range for size {}", self.size);
        self.cells[cell] = value;
    }

    /// The values, row-major.
    pub fn values(&self) -> &[Value] {
        &self.cells
    }

    /// The number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}x{}: ", self.size, self.size)?;
        for &v in &self.cells {
            if v == 0 { write!(f, ".")? } else { write!(f, "{v},")? }
        }
        write!(f, ")")
    }
}
