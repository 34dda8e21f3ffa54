//! `auto`, the default strategy: the fastest registered kernel for each spec and size.
//!
//! - Classic 9×9: the `band-9x9` kernel (bit-parallel bands, box–line shrink tables), which
//!   reaches the fastest 9×9 solvers' throughput (strategies/PERFORMANCE.md).
//! - Every other spec: `fast` (singles, locked candidates, all-different filtering from 16×16,
//!   scored bivalue branching), which settles most puzzles of any size in milliseconds; on grids
//!   of 16×16 and more, a search still open after 2,000 guesses (not counting those of the
//!   current path) is handed, with everything it deduced at its root, to the `sat` strategy's
//!   solvers: kissat for a first solution (a fresh one per call; with `--jobs 2` or more, two
//!   racing), CaDiCaL for counts and uniqueness proofs (incremental calls): the hard tail of
//!   large grids is where a CDCL solver's learning wins. That hand-over is `fast(sat_from: 16)`.
//!   On four 16×16 anti-king windoku puzzles, 1.3 s for all instead of 70 s (one still open at
//!   60 s) when the hand-over began at 20×20.
//!   In a build without CaDiCaL and kissat (`--no-default-features`) the hand-over goes to
//!   batsat, a pure-Rust CDCL solver (`sat/rust_sat.rs`), which is much slower than kissat on
//!   the hard tail (docs/performance.md) but settles what `fast` alone cannot. With kissat but
//!   not CaDiCaL (the `kissat` feature: the page in WebAssembly), kissat finds the first
//!   solution and batsat does CaDiCaL's part.
//! - A spec with constraints beyond houses (killer cages, thermometers, …): `fast` without
//!   branching on a value's two places in a house (`place_branching: false`), choosing its
//!   cells by conflict weight (`wdeg: true`, dom/wdeg): on the 42 TAREK killers, 3.1 s for all
//!   instead of 9.3 s with MRV, the slowest 0.73 s instead of 4.0 s (whole process; with the
//!   model's innies minus outies, cheaper filtering and hidden cage values since, 0.39 s:
//!   strategies/PERFORMANCE.md).
//! - When none of those constraints adds values up (thermometers, dots, lines, even/odd: no
//!   cage, arrow, little killer or sandwich), the hand-over to `sat` happens at every size: the
//!   minimal thermometer puzzles of the Interactive Sudoku Solver's hard benchmarks (2-cell
//!   thermometers, no givens) took `fast` more than 10 s each and take CaDiCaL milliseconds.
//!   With sums, `fast`'s cage tables propagate what the CNF encoding does not: `sat` took 3.1 s
//!   on the 4 extreme killers where `fast` takes 0.6 s, and 71 s on the 14 Mathemagic ones
//!   where `fast` takes 44 s, so killers keep the 16×16 threshold.
//!
//! Its traces say `start auto` whichever kernel ran; its options are none (choose `band-9x9`,
//! `fast(…)` or `sat` to set a kernel's).

use crate::band9::Band9;
use crate::fast::{Config, SAT_AFTER_GUESSES};

/// The grid size from which `auto` hands a hard search to CaDiCaL (on specs whose constraints
/// beyond houses, if any, add values up).
pub const SAT_FROM: usize = 16;

/// The default strategy.
pub fn auto() -> Band9 {
    let config = Config { sat_after: Some((SAT_FROM, SAT_AFTER_GUESSES)), ..Config::DEFAULT };
    let constrained = Config { place_branching: false, conflict_weights: true, ..config };
    Band9::with_fallback("auto", config)
        .with_constrained(constrained)
        .with_unsummed(Config { sat_after: Some((1, SAT_AFTER_GUESSES)), ..constrained })
}
