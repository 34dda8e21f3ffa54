//! The searches the generator and the rating scale run, built from the registered strategies:
//! `coverlab_generate` drives searches but names none (it needs only the engine's trait), so the
//! choice of which ones lives here.
//!
//! - [`worker`]: the default strategy checks uniqueness within the generator's node cap, `sat`
//!   (CaDiCaL) decides the checks it leaves open (without the `sat` feature, the default
//!   strategy, uncapped), [`filler`] makes full grids and [`rater`] rates;
//! - [`filler`]: `fast` with random tie-breaks, random value order and Luby restarts, seeded;
//! - [`rater`]: one `fast` per level of the propagation scale, with that level's deductions
//!   ([`Level::deductions`]), no restarts and no all-different filtering, so that the scale means
//!   the same at every size.
//!
//! ```
//! use std::sync::Arc;
//! use coverlab_engine::Limits;
//! use coverlab_generate::{Generator, Layout, Request, Target};
//! use coverlab_model::builtin;
//!
//! let model = Arc::new(builtin::load("classic-6x6").unwrap().unwrap());
//! let request = Request { target: Target::Minimal, ..Request::new(Layout::Spec(model), 7) };
//! let generator = Generator::new(request);
//! let mut worker = coverlab_strategies::generation::worker();
//! let made = generator.generate(&mut worker, 1, &Limits::default()).unwrap();
//! assert!(made.givens.filled() < 36);
//! ```

use coverlab_engine::Strategy;
use coverlab_generate::{Filler, Level, Rater, Worker};

use crate::fast::{Config, Fast};
use crate::registry;

/// A worker with the default searches (see the module doc).
pub fn worker() -> Worker {
    Worker::new(
        registry::default_strategy().build(0),
        // Without the `sat` feature, the default strategy, uncapped.
        registry::resolve("sat").unwrap_or_else(|_| registry::default_strategy()).build(0),
        filler(),
        rater(),
    )
}

/// The randomised search that completes grids: `fast` with restarts, seeded.
pub fn filler() -> Filler {
    Box::new(|seed| {
        let config = Config { restarts: true, sat_after: None, all_different_from: usize::MAX, ..Config::DEFAULT };
        Box::new(Fast::new("fill", config, seed)) as Box<dyn Strategy>
    })
}

/// The rater of the propagation scale: one `fast` per level.
pub fn rater() -> Rater {
    Rater::new(Level::ALL.map(|level| {
        let (hidden, locked) = level.deductions();
        let config = Config {
            hidden_singles: hidden,
            locked_candidates: locked,
            restarts: false,
            all_different_from: usize::MAX,
            sat_after: None,
            ..Config::DEFAULT
        };
        Box::new(Fast::new(format!("rate-{}", level.name()), config, 0)) as Box<dyn Strategy>
    }))
}
