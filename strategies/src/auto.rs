//! `auto`, the default strategy: the fastest registered kernel for each spec and size.
//!
//! - Classic 9×9: the `band-9x9` kernel (bit-parallel bands, box–line shrink tables), which
//!   reaches the fastest 9×9 solvers' throughput (strategies/PERFORMANCE.md).
//! - Every other spec: `fast` (singles, locked candidates, all-different filtering from 16×16,
//!   scored bivalue branching), which settles most puzzles of any size in milliseconds; on grids
//!   of 16×16 and more, a search still open after 2,000 guesses (not counting those of the
//!   current path; below 25×25, 2,000 × n²/625 of them, 819 at 16×16: see below) is handed, with
//!   everything it deduced at its root, to the `sat` strategy's
//!   solvers: kissat for a first solution (a fresh one per call; with `--jobs 2` or more, two
//!   racing), CaDiCaL for counts and uniqueness proofs (incremental calls): the hard tail of
//!   large grids is where a CDCL solver's learning wins. That hand-over is `fast(sat_from: 16)`.
//!   From 16×16 up a count or proof goes first to batsat for at most 2,000 conflicts
//!   ([`crate::sat::BATSAT_FIRST_CONFLICTS`]), then to CaDiCaL from the same root with what
//!   batsat found blocked: on a formula of that size (over 10⁵ binary clauses) CaDiCaL's start
//!   costs more than the whole search of an easy rest, which batsat, lighter to start, settles.
//!   On 19 minimal xv-16x16 puzzles (17 handed over) `auto` went from 1.58–1.89× behind the
//!   `batsat` strategy to 1.39–1.67× (two runs: not reliably within 1.5×), on 20 thermo-16x16
//!   from 1.25–1.52× behind `fast` to 1.16–1.22× (strategies/PERFORMANCE.md).
//!   The guesses before that hand-over scale with the grid's cells from 16×16 to below 25×25
//!   ([`crate::fast::sat_after_guesses`]: 2,000 × n²/625, 819 at 16×16): a guess costs `fast`
//!   about n² (a slot copy, a propagation over the cells), the SAT start about n⁴ (the CNF's
//!   binary clauses), so the guesses worth one start grow as n². On xv-16x16 `auto` went from
//!   1.33 s to 0.91 s of CPU for the 19 (`batsat` 0.72 s: 1.85× → 1.26×); on modular,
//!   skyscraper, parity and candidates at 16×16, where `fast` settled puzzles between 819 and
//!   2,000 guesses, it lost 15–40% (up to 1.3–1.47× behind the best, from about 1.0×). Below
//!   16×16 the 2,000 stay (the small families were measured with them), and from 25×25 up.
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
//! - From 16×16 up ([`LARGE_FROM`]), when some constraint comes from a rule that adds values up
//!   ([`crate::band9::adds_up`]: cages, arrows of every kind, little killers, sandwiches, sums,
//!   sum, region-sum and zipper lines, lunchboxes, X-sums), the dom/wdeg configuration above
//!   hands over after 20,000 guesses instead of 2,000 ([`LARGE_ADDING_SAT_AFTER`]): on 10
//!   generated minimal 16×16 puzzles per family, killers 36 ms a puzzle instead of 48, double
//!   arrows 12 instead of 23, pill arrows 29 instead of 54, and a little killer 27 ms instead of
//!   278 (CaDiCaL took longer than `fast` needed to finish alone). When every constraint is a
//!   pair rule or a modular line ([`crate::band9::pairs_and_modular_only`]), `fast`'s default
//!   branching (scored bivalue cells, a value's two places in a house) with the 2,000-guess
//!   hand-over: dom/wdeg was 2.5× and 1.6× behind it there. Every other kind measured, skyscrapers
//!   and whispers most (2.3× and 2.7×), is faster with dom/wdeg, so it stays. Below 16×16 nothing
//!   changed (strategies/PERFORMANCE.md, "`auto` against the best strategy").
//!
//! Its traces say `start auto` whichever kernel ran; its options are none (choose `band-9x9`,
//! `fast(…)` or `sat` to set a kernel's).

use crate::band9::Band9;
use crate::fast::{Config, SAT_AFTER_GUESSES};

/// The grid size from which `auto` hands a hard search to CaDiCaL (on specs whose constraints
/// beyond houses, if any, add values up).
pub const SAT_FROM: usize = 16;

/// The grid size from which `auto` hands specs whose constraints add values up
/// ([`crate::band9::adds_up`]) over later, and runs fast's default branching on specs of pair
/// rules and modular lines ([`crate::band9::pairs_and_modular_only`]).
pub const LARGE_FROM: usize = 16;

/// The guesses before the hand-over to CaDiCaL on grids of [`LARGE_FROM`] and more whose
/// constraints add values up (see the module doc for the measurements).
pub const LARGE_ADDING_SAT_AFTER: u64 = 20_000;

/// The default strategy.
pub fn auto() -> Band9 {
    let config = Config { sat_after: Some((SAT_FROM, SAT_AFTER_GUESSES)), sat_after_by_cells: true, ..Config::DEFAULT };
    let constrained = Config { place_branching: false, conflict_weights: true, ..config };
    Band9::with_fallback("auto", config)
        .with_constrained(constrained)
        .with_unsummed(Config { sat_after: Some((1, SAT_AFTER_GUESSES)), ..constrained })
        .with_large_constrained(
            LARGE_FROM,
            Config { sat_after: Some((SAT_FROM, LARGE_ADDING_SAT_AFTER)), sat_after_by_cells: false, ..constrained },
            config,
        )
}
