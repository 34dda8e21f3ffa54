//! The techniques' tests, in one test binary.

mod common;

mod corpus;
mod hostile;
mod soundness;
mod techniques;
