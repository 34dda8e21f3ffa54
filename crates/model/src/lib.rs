//! The coverlab model: what a puzzle *is*, independent of how it is solved.
//!
//! - [`spec`]: puzzle families described in RON files (`specs/*.ron`), parsed and checked;
//! - [`builtin`]: the specs shipped in the binary, plus the `classic-NxN` size rule;
//! - [`Model`]: a spec compiled to flat arrays: houses, at-most-once groups, each cell's
//!   units and peers, the [`ExactCover`] matrix and the petgraph [constraint graph](graph);
//! - [`Grid`], [`Symbols`], [`Puzzle`]: values, their written form, and a model plus givens;
//! - [`validate`]: an independent validator used to check every solution a strategy returns;
//! - [`text`]: text from an input made safe to print in a message.
//!
//! Nothing here searches; the strategies live in the `coverlab-strategies` crate.

pub mod builtin;
pub mod constraint;
mod exact_cover;
pub mod graph;
mod grid;
mod model;
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
pub use puzzle::{LineError, Puzzle};
pub use spec::{Mark, Rule, Spec, SpecError};
pub use symbols::{Symbols, SymbolsError};
pub use unit::{Unit, UnitKind};

/// The largest grid size a spec may declare: candidate sets of a cell fit in one `u64`.
///
/// A spec asking for more is refused before anything is allocated for it.
pub const MAX_SIZE: usize = 64;
