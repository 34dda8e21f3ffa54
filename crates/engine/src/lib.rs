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
//!
//! ```
//! use coverlab_engine::{Limits, Rng, VecSink, replay::replay};
//! use coverlab_model::Puzzle;
//!
//! // What a solve is asked: count up to two solutions (a uniqueness check), keep one.
//! let limits = Limits::count(2, 1);
//! assert_eq!((limits.max_solutions, limits.keep_solutions), (2, 1));
//! // The one seeded generator: the same seed, the same numbers, on every machine.
//! assert_eq!(Rng::new(7).next_u64(), Rng::new(7).next_u64());
//! // The trace checker refuses a trace that does not begin with `start`.
//! let puzzle = Puzzle::builtin("classic-4x4", ".342.....43.....").unwrap();
//! let sink = VecSink { events: Vec::new(), max_events: None, choices: false };
//! assert!(replay(&puzzle, &sink.events).is_err());
//! ```

mod bits;
mod outcome;
pub mod replay;
#[doc(hidden)]
pub mod rng;
#[doc(hidden)]
pub mod search;
mod strategy;
pub mod trace;
mod trail;
mod unit_sets;

pub use bits::{BitIter, Bits};
pub use outcome::{Limits, Outcome, Stats, Status, StopReason};
pub use rng::Rng;
pub use search::Search;
pub use strategy::Strategy;
pub use trace::{Choice, ConflictCause, NullSink, PlaceReason, TraceEvent, TraceSink, VecSink};
pub use trail::Trail;
pub use unit_sets::UnitSets;
