//! The techniques' tests, in one test binary.

mod common;

mod corpus;
mod hostile;
mod se;
mod soundness;
mod techniques;
mod unit;
