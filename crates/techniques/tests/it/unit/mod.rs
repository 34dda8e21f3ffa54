//! The tests of the library's internals, one module per source file. They were `#[cfg(test)]`
//! modules inside `src/`; here they are built into this crate's one test binary, so that `cargo
//! test` compiles the library once instead of twice (issue 30). What they reach that is not part
//! of the API is public but `#[doc(hidden)]`.

mod bits;
mod find_finned;
mod find_subsets;
mod se_aligned;
mod se_unique;
mod step;
