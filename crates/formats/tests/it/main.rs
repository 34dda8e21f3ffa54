//! The readers' and writers' tests, in one test binary (one link for all).

mod common;

mod corpora;
mod errors;
mod fpuzzles_types;
mod iss;
mod reading;
mod recovery;
mod roundtrip;
mod sudokupad;
mod unit;
