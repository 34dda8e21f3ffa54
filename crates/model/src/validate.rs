//! An independent validator: checks grids against a model's units directly, sharing no code with
//! any strategy. Every solution in the test suite is checked here.

use std::fmt;

use crate::model::{Model, UnitKind};
use crate::{Cell, Grid, Symbols, Value, cell_name};

/// Two cells of one unit holding the same value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The first cell (row-major order).
    pub first: Cell,
    /// The second cell.
    pub second: Cell,
    /// The value both hold.
    pub value: Value,
    /// The symbol that writes it.
    pub symbol: char,
    /// The unit's label, like `row 1`.
    pub unit: String,
    /// The unit's kind.
    pub kind: UnitKind,
    /// The grid size, for cell names.
    pub size: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (cell_name(self.first, self.size), cell_name(self.second, self.size));
        match self.kind {
            UnitKind::AntiKnight => write!(f, "{a} and {b} both hold {}, a knight's move apart", self.symbol),
            UnitKind::AntiKing => write!(f, "{a} and {b} both hold {}, a king's move apart", self.symbol),
            _ => write!(f, "{a} and {b} both hold {} in {}", self.symbol, self.unit),
        }
    }
}

impl std::error::Error for Conflict {}

/// The first unit (in model order) where two cells hold the same value, written with the model's
/// alphabet.
pub fn find_conflict(model: &Model, grid: &Grid) -> Option<Conflict> {
    find_conflict_written(model, grid, model.symbols())
}

/// As [`find_conflict`], naming values with `symbols`.
pub fn find_conflict_written(model: &Model, grid: &Grid, symbols: &Symbols) -> Option<Conflict> {
    let n = model.size();
    let mut seen: Vec<Option<Cell>> = vec![None; n + 1];
    for unit in model.units() {
        seen.iter_mut().for_each(|s| *s = None);
        for &cell in &unit.cells {
            let v = grid.get(cell);
            if v == 0 {
                continue;
            }
            if let Some(first) = seen[usize::from(v)] {
                return Some(Conflict {
                    first,
                    second: cell,
                    value: v,
                    symbol: symbols.symbol(v),
                    unit: unit.label.clone(),
                    kind: unit.kind,
                    size: n,
                });
            }
            seen[usize::from(v)] = Some(cell);
        }
    }
    None
}

/// Why a grid is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Violation {
    /// The grid has the wrong size.
    #[error("the grid is {found}×{found}, expected {expected}×{expected}")]
    WrongSize {
        /// The grid's size.
        found: usize,
        /// The model's size.
        expected: usize,
    },
    /// A cell is empty.
    #[error("{cell} is empty")]
    Empty {
        /// The cell's name.
        cell: String,
    },
    /// A given was changed.
    #[error("{cell} holds {found}, but the puzzle gives {given}")]
    GivenChanged {
        /// The cell's name.
        cell: String,
        /// The given value.
        given: Value,
        /// The value in the grid.
        found: Value,
    },
    /// Two cells of a unit hold the same value.
    #[error("{0}")]
    Conflict(Conflict),
}

/// Checks that `solution` is complete, keeps every given, and breaks no unit of the model.
pub fn check_solution(model: &Model, givens: &Grid, solution: &Grid) -> Result<(), Violation> {
    let n = model.size();
    if solution.size() != n || givens.size() != n {
        return Err(Violation::WrongSize { found: solution.size(), expected: n });
    }
    for cell in 0..n * n {
        let (g, v) = (givens.get(cell), solution.get(cell));
        if v == 0 {
            return Err(Violation::Empty { cell: cell_name(cell, n) });
        }
        if g != 0 && g != v {
            return Err(Violation::GivenChanged { cell: cell_name(cell, n), given: g, found: v });
        }
    }
    match find_conflict(model, solution) {
        Some(c) => Err(Violation::Conflict(c)),
        None => Ok(()),
    }
}
