//! End-to-end tests of the `coverlab` binary, one module per surface. One test binary for the
//! package: each file of its own would be linked, with the whole workspace, once per file.

mod common;

mod bad_input;
mod canon;
mod cli;
mod datasets;
mod explaining;
mod fpuzzles;
mod generating;
mod hostile;
mod iss;
mod killer_forms;
mod layout;
mod readme;
mod research_variant;
mod sudokupad;
mod unit;
mod variant_snapshot;
mod watching;
