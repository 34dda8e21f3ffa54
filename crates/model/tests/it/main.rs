//! The model crate's tests, in one test binary.

mod counting;
mod model;
mod rank;
mod unit;
