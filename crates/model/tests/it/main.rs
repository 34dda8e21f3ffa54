//! The model crate's tests, in one test binary.

mod model;
mod rank;
mod unit;
