//! Helpers shared by the integration tests of the strategies: reading puzzles in line format,
//! writing grids, and building every registered strategy (outcomes are written by
//! `coverlab_strategies::snapshot::outcome_summary`).
//!
//! Each test file uses a different subset, hence the `dead_code` allowance below.
#![allow(dead_code, reason = "each integration test uses only some of these helpers")]

use std::sync::Arc;

use coverlab_model::{Grid, Model, Puzzle, Symbols, builtin};

/// The seed every test gives every strategy (recorded in snapshot metadata).
pub const SEED: u64 = 0;

/// A built-in spec, compiled.
pub fn model(spec: &str) -> Arc<Model> {
    let model = builtin::load(spec).unwrap_or_else(|| panic!("no built-in spec {spec}"));
    Arc::new(model.unwrap_or_else(|e| panic!("{e}")))
}

/// The givens of a puzzle written as one line, read as [`Puzzle::from_line_unchecked`] reads it
/// (clashing givens kept: some cases are contradictory on purpose).
pub fn parse_line(model: &Arc<Model>, line: &str) -> Grid {
    let puzzle = Puzzle::from_line_unchecked(model.clone(), line).unwrap_or_else(|e| panic!("{e}"));
    puzzle.givens().clone()
}

/// A puzzle from line format; contradictory givens are kept (`Puzzle::new_unchecked`).
pub fn puzzle(spec: &str, line: &str) -> Puzzle {
    let model = model(spec);
    let givens = parse_line(&model, line);
    Puzzle::new_unchecked(model, givens)
}

/// A grid in line format.
pub fn line(grid: &Grid, symbols: &Symbols) -> String {
    grid.values().iter().map(|&v| symbols.symbol(v)).collect()
}

/// The conformance corpus (`corpus/conformance.txt`): `spec : puzzle : count` per line.
const CORPUS: &str = include_str!("../../corpus/conformance.txt");

/// One case of the conformance corpus.
pub struct CorpusCase {
    /// 1-based line in the corpus file.
    pub line: usize,
    pub spec: String,
    pub puzzle: String,
    /// The independently established solution count.
    pub expected: u64,
}

/// The corpus cases with at most `max` solutions.
pub fn corpus_cases(max: u64) -> Vec<CorpusCase> {
    let mut out = Vec::new();
    for (i, text) in CORPUS.lines().enumerate() {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        // spec : puzzle : count -- split on the first and last ':' so no symbol is lost.
        let (spec, rest) = text.split_once(':').unwrap_or_else(|| panic!("line {}: no ':'", i + 1));
        let (puzzle, count) = rest.rsplit_once(':').unwrap_or_else(|| panic!("line {}: one ':' only", i + 1));
        let expected = count.trim().parse().unwrap_or_else(|e| panic!("line {}: count: {e}", i + 1));
        if expected <= max {
            out.push(CorpusCase {
                line: i + 1,
                spec: spec.trim().to_string(),
                puzzle: puzzle.trim().to_string(),
                expected,
            });
        }
    }
    out
}

/// Whether the whole suite runs: `COVERLAB_TESTS=full` (as `.ci/run` sets). Without it the
/// slowest tests take a fixed sample of their cases, so that a warm `cargo test --workspace`
/// stays a quick loop (docs/research.md, "What a test run costs").
pub fn full() -> bool {
    std::env::var("COVERLAB_TESTS").is_ok_and(|v| v == "full")
}

/// Whether strategy number `s` of the registry runs case number `c` of a corpus: always in the
/// full run ([`full`]) and for the strategies of the roles `Default` and `Speed` (the product's:
/// `auto`, `band-9x9`, `fast`, `sat`, `batsat`); otherwise every third case, shifted by the
/// strategy's number, so that every case is still run by a third of the others. The presets of
/// `fast` (`fast-gac`, `fast-sat`, …) are `fast` with other options: they are sampled too, so
/// that each option still runs on a third of the cases while `fast` itself runs every case
/// (the eight presets running every case were a quarter of the variant corpus's CPU).
pub fn sampled(info: &coverlab_strategies::registry::Chosen, s: usize, c: usize) -> bool {
    use coverlab_strategies::registry::Role;
    let product = matches!(info.info.role, Role::Default | Role::Speed) && info.preset.is_none();
    full() || product || (s + c).is_multiple_of(3)
}
