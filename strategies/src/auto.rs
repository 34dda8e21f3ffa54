//! `auto`, the default strategy: the fastest registered kernel for each spec and size.
//!
//! - Classic 9×9: the `band-9x9` kernel (bit-parallel bands, box–line shrink tables), which
//!   reaches the fastest 9×9 solvers' throughput (strategies/PERFORMANCE.md).
//! - Every other spec: `fast` (singles, locked candidates, all-different filtering from 16×16,
//!   scored bivalue branching), which settles most puzzles of any size in milliseconds; on grids
//!   of 20×20 and more, a search still open after 2,000 guesses is handed, with everything it
//!   deduced at its root, to the `sat` strategy's solvers: kissat for a first solution (a
//!   fresh one per call; with `--jobs 2` or more, two racing), CaDiCaL for counts and
//!   uniqueness proofs (incremental calls): the hard tail of 25×25 and larger grids is where a CDCL solver's
//!   learning wins. That hand-over is `fast(sat_from: 20)`, the
//!   `fast-sat` preset.
//!
//! - A spec with constraints beyond houses (killer cages, thermometers, …): `fast` without
//!   branching on a value's two places in a house (`place_branching: false`), choosing its
//!   cells by conflict weight (`wdeg: true`, dom/wdeg): on the 42 TAREK killers, 3.1 s for all
//!   instead of 9.3 s with MRV, the slowest 0.73 s instead of 4.0 s (whole process; with the
//!   model's innies minus outies, cheaper filtering and hidden cage values since, 0.39 s:
//!   strategies/PERFORMANCE.md).
//!
//! Its traces say `start auto` whichever kernel ran; its options are none (choose `band-9x9`,
//! `fast(…)` or `sat` to set a kernel's).

use crate::band9::Band9;
use crate::fast::{Config, SAT_AFTER_GUESSES};

/// The grid size from which `auto` hands a hard search to CaDiCaL.
pub const SAT_FROM: usize = 20;

/// The default strategy.
pub fn auto() -> Band9 {
    let config = Config { sat_after: Some((SAT_FROM, SAT_AFTER_GUESSES)), ..Config::DEFAULT };
    Band9::with_fallback("auto", config).with_constrained(Config {
        place_branching: false,
        conflict_weights: true,
        ..config
    })
}
