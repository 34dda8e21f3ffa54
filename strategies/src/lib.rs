//! The search strategies of coverlab: one file each, named in one table, [`registry::REGISTRY`].
//!
//! Every strategy implements [`coverlab_engine::Strategy`] and works for every spec the model
//! accepts (any size up to 64, any houses and at-most-once groups). Pick one by name:
//!
//! ```
//! use std::sync::Arc;
//! use coverlab_engine::{Limits, NullSink};
//! use coverlab_model::{builtin, validate, Grid, Puzzle};
//!
//! let model = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
//! let puzzle = Puzzle::new(model, Grid::empty(4)).unwrap();
//! let mut dfs = coverlab_strategies::registry::resolve("dfs").unwrap().build(0);
//! let outcome = dfs.solve(&puzzle, &Limits::default(), &mut NullSink);
//! assert_eq!(outcome.count, 1);
//! validate::check_solution(puzzle.model(), puzzle.givens(), &outcome.solutions[0]).unwrap();
//! ```

pub mod bench;
pub mod branching;
pub mod options;
pub mod plain;
pub mod registry;
pub mod snapshot;

pub mod auto;
pub mod band9;
pub mod dfs;
pub mod dlx;
pub mod fast;
pub mod generation;
pub mod mrv;
pub mod random_stack;
pub mod sat;
pub mod singles;
pub mod singles_copy;

mod geometry;
