//! The engine: what every strategy shares, and nothing strategy-specific.
//!
//! - [`Strategy`]: the one trait a strategy implements (`name` + `solve`);
//! - [`Limits`], [`Outcome`], [`Status`], [`StopReason`], [`Stats`]: what goes in and comes out;
//! - [`Search`]: the bookkeeping every search does (counting nodes, honouring limits, recording
//!   solutions, emitting trace events), so a strategy file holds only its algorithm;
//! - [`trace`]: the one event vocabulary and its sinks; [`replay`]: the trace checker;
//! - [`Trail`]: checkpointed undo; [`Rng`]: the one seeded, portable generator;
//! - [`Bits`]: candidate sets as `u16`/`u32`/`u64`, chosen once per solve by the grid size;
//!   [`UnitSets`]: a grid with the values placed in each unit, for plain backtracking.
//!
//! The engine depends on the model; strategies depend on the engine; the CLI on all.

mod bits;
mod outcome;
pub mod replay;
mod rng;
mod search;
mod strategy;
pub mod trace;
mod trail;
mod unit_sets;

pub use bits::{BitIter, Bits};
pub use outcome::{Limits, Outcome, Stats, Status, StopReason};
pub use rng::Rng;
pub use search::Search;
pub use strategy::Strategy;
pub use trace::{ConflictCause, NullSink, PlaceReason, TraceEvent, TraceSink, VecSink};
pub use trail::Trail;
pub use unit_sets::UnitSets;
