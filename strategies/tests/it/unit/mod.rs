//! The tests of the library's internals, one module per source file. They were `#[cfg(test)]`
//! modules inside `src/`; here they are built into this one test binary, so that `cargo test`
//! compiles the library once instead of twice (issue 30: the unit-test harness of this crate was
//! about 45 s of a fresh clone's build). What they reach that is not part of the API is public
//! but `#[doc(hidden)]`.

mod band9;
mod bench;
mod dlx;
mod fast_branch;
mod mrv;
mod options;
mod random_stack;
mod registry;
mod rust_sat;
mod sat;
mod singles;
