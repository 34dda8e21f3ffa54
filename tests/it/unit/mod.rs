//! The tests of the library's internals, one module per source file of `src/`. They were
//! `#[cfg(test)]` modules there; here they are built into this one test binary, so that `cargo
//! test` compiles the library once instead of twice (issue 30). What they reach that is not part
//! of the API is public but `#[doc(hidden)]`.

mod cli;
mod commands_bench;
mod input;
mod outfile;
mod output;
mod pipeline;
mod progress;
mod summary;
mod viewer;
