//! The tests of the library's internals, one module per source file. They were `#[cfg(test)]`
//! modules inside `src/`; here they are built into this crate's one test binary, so that `cargo
//! test` compiles the library once instead of twice (issue 30: the unit-test harness of this
//! crate was about 44 s of a fresh clone's build). What they reach that is not part of the API is
//! public but `#[doc(hidden)]`.

mod decode;
mod error;
mod fpuzzles;
mod iss_internals;
mod iss_nfa;
mod killer;
mod kind;
mod marks;
mod source;
mod sudokupad;
mod write;
