//! The coverlab model: what a puzzle *is*, independent of how it is solved.
//!
//! - [`spec`]: puzzle families described in RON files (`specs/*.ron`), parsed and checked;
//! - [`builtin`]: the specs shipped in the binary, plus the `classic-NxN` size rule;
//! - [`Model`]: a spec compiled to flat arrays: houses, at-most-once groups, each cell's
//!   units and peers, the [`ExactCover`] matrix and the petgraph [constraint graph](graph);
//! - [`Grid`], [`Symbols`], [`Puzzle`]: values, their written form, and a model plus givens;
//! - [`validate`]: an independent validator used to check every solution a strategy returns;
//! - [`pattern`]: the regular expressions of regex lines, and their automata;
//! - [`text`]: text from an input made safe to print in a message.
//!
//! Nothing here searches; the strategies live in the `coverlab-strategies` crate.
//!
//! ```
//! use coverlab_model::{Grid, Puzzle, validate};
//!
//! // A built-in spec and a puzzle on it, from one line ('.' for an empty cell).
//! let puzzle = Puzzle::builtin("classic-4x4", ".342.....43.....").unwrap();
//! let model = puzzle.model();
//! assert_eq!((model.size(), model.houses().len()), (4, 12)); // 4 rows, 4 columns, 4 boxes
//! // The validator checks a solution against the givens and every rule.
//! let solution = Grid::from_values(4, vec![1, 3, 4, 2, 4, 2, 1, 3, 2, 4, 3, 1, 3, 1, 2, 4]).unwrap();
//! assert!(validate::check_solution(model, puzzle.givens(), &solution).is_ok());
//! ```

pub mod builtin;
pub mod canon;
pub mod constraint;
mod exact_cover;
pub mod expr;
pub mod graph;
mod grid;
mod model;
pub mod pattern;
mod puzzle;
mod rules;
pub mod spec;
mod symbols;
pub mod text;
mod unit;
pub mod validate;

pub use constraint::{Constraint, ConstraintKind, Relation};
pub use exact_cover::{ExactCover, Item, OptionId};
pub use grid::{Cell, Grid, Value, cell_name};
pub use model::Model;
pub use puzzle::{EMPTY_MARKS, LineError, Puzzle};
pub use spec::{Mark, Rule, Spec, SpecError, Ties};
pub use symbols::{Symbols, SymbolsError};
pub use unit::{Unit, UnitKind};

/// The largest grid size a spec may declare: candidate sets of a cell fit in one `u64`.
///
/// A spec asking for more is refused before anything is allocated for it.
pub const MAX_SIZE: usize = 64;
