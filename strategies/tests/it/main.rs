//! The strategies' tests, one module per concern, in one test binary (one link for all).

mod common;

mod auto;
mod band9;
mod batsat;
mod conformance;
mod constraint_snapshots;
mod dlx;
mod fast;
#[cfg(feature = "sat")]
mod fast_sat;
#[cfg(feature = "sat")]
mod generate;
mod properties;
#[cfg(feature = "sat")]
mod sat;
mod seed_strategies;
mod snapshots;
mod traces;
mod unit;
mod variants;
