//! Random full grids for any spec.
//!
//! Seed 002 fills the first row and column at random and lets a deterministic solver complete
//! the grid, which reaches few of the grids there are (every grid it makes shares the solver's
//! habits everywhere else). Here the whole grid comes from a randomised search (the worker's
//! [`Filler`]: `fast` with random tie-breaks among the cells of fewest candidates, random value
//! order and Luby restarts, `coverlab_strategies::generation::filler`), seeded from the puzzle's
//! seed; then the spec's own symmetries shuffle it further:
//! - the symbols are relabelled (valid for every spec whose rules only say "different values":
//!   not with constraints beyond houses, such as a cage's sum);
//! - on a classic spec (rows, columns and boxes only), rows are permuted within their band, the
//!   bands among themselves, and columns and stacks likewise, and square boxes allow a transpose.

use std::sync::Arc;

use coverlab_engine::{Limits, NullSink, Rng, StopReason};
use coverlab_model::{Grid, Model, Puzzle, Rule, Value};

use crate::Filler;

/// Search nodes one fill attempt may visit per cell before another seed is tried.
const NODES_PER_CELL: u64 = 64;
/// Seeds tried, by default, before a spec is declared unfillable.
pub const TRIES: usize = 8;

/// Why no full grid was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillError {
    /// The spec has no full grid (every attempt ended with the search space exhausted).
    NoGrid,
    /// Every attempt ran out of its node budget.
    TooHard,
    /// A deadline or an interrupt stopped the search.
    Stopped(StopReason),
}

/// A random full grid of `model`, from `rng`, after at most `tries` searches (each with a budget
/// of nodes per cell).
pub fn full_grid(
    model: &Arc<Model>,
    rng: &mut Rng,
    limits: &Limits,
    tries: usize,
    filler: &Filler,
) -> Result<Grid, FillError> {
    let n = model.size();
    if n >= PATTERN_FROM
        && let Some((h, w)) = classic_boxes(model)
    {
        return mixed_pattern(model, h, w, rng, limits, filler);
    }
    let empty = Puzzle::new_unchecked(model.clone(), Grid::empty(n));
    let budget = NODES_PER_CELL * (n * n) as u64;
    let mut exhausted = true;
    for _ in 0..tries.max(1) {
        if let Some(reason) = limits.expired() {
            return Err(FillError::Stopped(reason));
        }
        let outcome = random_completion(&empty, budget, rng, limits, filler);
        if let Some(grid) = outcome.solutions.into_iter().next() {
            return Ok(shuffle(model, grid, rng));
        }
        match outcome.status {
            coverlab_engine::Status::Complete => {}
            coverlab_engine::Status::Stopped(StopReason::NodeLimit) => exhausted = false,
            coverlab_engine::Status::Stopped(reason) => return Err(FillError::Stopped(reason)),
        }
    }
    Err(if exhausted { FillError::NoGrid } else { FillError::TooHard })
}

/// Classic grids of this size and up start from a pattern (a search from the empty grid takes
/// seconds at 64×64, where each node propagates over 4,096 cells).
const PATTERN_FROM: usize = 30;
/// Rounds of re-solving part of a pattern grid.
const MIX_ROUNDS: usize = 4;

/// One randomised search for a completion of `puzzle` (random tie-breaks and value order).
fn random_completion(
    puzzle: &Puzzle,
    budget: u64,
    rng: &mut Rng,
    limits: &Limits,
    filler: &Filler,
) -> coverlab_engine::Outcome {
    let mut search = filler(rng.next_u64());
    let limits = Limits { max_solutions: 1, keep_solutions: 1, max_nodes: Some(budget), ..limits.clone() };
    search.solve(puzzle, &limits, &mut NullSink)
}

/// A classic grid for large n: the pattern grid `(w·(r mod h) + ⌊r/h⌋ + c) mod n` shuffled by the
/// spec's symmetries, then mixed: each round blanks every cell holding one of a random quarter
/// of the symbols and lets a randomised search put those symbols back (the rows, columns and
/// boxes still need exactly them in exactly those cells, which they can take in many ways). A
/// round that runs out of its budget leaves the grid as it was.
fn mixed_pattern(
    model: &Arc<Model>,
    h: usize,
    w: usize,
    rng: &mut Rng,
    limits: &Limits,
    filler: &Filler,
) -> Result<Grid, FillError> {
    let n = model.size();
    let mut grid = Grid::empty(n);
    for r in 0..n {
        for c in 0..n {
            grid.set(r * n + c, ((w * (r % h) + r / h + c) % n + 1) as Value);
        }
    }
    let mut grid = shuffle(model, grid, rng);
    let budget = 16 * n as u64;
    for _ in 0..MIX_ROUNDS {
        if let Some(reason) = limits.expired() {
            return Err(FillError::Stopped(reason));
        }
        let mut symbols: Vec<Value> = (1..=n as u32).map(|v| v as Value).collect();
        rng.shuffle(&mut symbols);
        let blank = &symbols[..4];
        let mut partial = grid.clone();
        for cell in 0..n * n {
            if blank.contains(&grid.get(cell)) {
                partial.set(cell, 0);
            }
        }
        let outcome = random_completion(&Puzzle::new_unchecked(model.clone(), partial), budget, rng, limits, filler);
        match outcome.solutions.into_iter().next() {
            Some(mixed) => grid = mixed,
            None => {
                if let coverlab_engine::Status::Stopped(reason) = outcome.status
                    && reason != StopReason::NodeLimit
                {
                    return Err(FillError::Stopped(reason));
                }
            }
        }
    }
    Ok(grid)
}

/// `grid` with its symbols relabelled and, on a classic spec, its rows and columns permuted.
fn shuffle(model: &Model, grid: Grid, rng: &mut Rng) -> Grid {
    // Constraints beyond houses (a cage's sum, a thermometer) tell values apart: keep them.
    if !model.constraints().is_empty() {
        return grid;
    }
    let n = model.size();
    let mut labels: Vec<Value> = (1..=n as u32).map(|v| v as Value).collect();
    rng.shuffle(&mut labels);
    let relabel = |v: Value| labels[usize::from(v) - 1];

    let (rows, cols, transpose) = match classic_boxes(model) {
        Some((h, w)) => (band_order(n, h, rng), band_order(n, w, rng), h == w && rng.below(2) == 1),
        None => ((0..n).collect(), (0..n).collect(), false),
    };
    let mut out = Grid::empty(n);
    for (r, &row) in rows.iter().enumerate() {
        for (c, &col) in cols.iter().enumerate() {
            let (sr, sc) = if transpose { (col, row) } else { (row, col) };
            out.set(r * n + c, relabel(grid.get(sr * n + sc)));
        }
    }
    out
}

/// The box shape when `model`'s rules are exactly rows, columns and boxes.
fn classic_boxes(model: &Model) -> Option<(usize, usize)> {
    let spec = model.spec();
    let mut boxes = None;
    for rule in &spec.rules {
        match rule {
            Rule::Rows | Rule::Columns => {}
            Rule::Boxes { rows, cols } => boxes = Some((*rows, *cols)),
            _ => return None,
        }
    }
    boxes
}

/// A random order of n lines grouped in bands of `band` lines: the lines within each band
/// shuffled, and the bands shuffled among themselves.
fn band_order(n: usize, band: usize, rng: &mut Rng) -> Vec<usize> {
    let mut bands: Vec<usize> = (0..n / band).collect();
    rng.shuffle(&mut bands);
    let mut order = Vec::with_capacity(n);
    for b in bands {
        let mut lines: Vec<usize> = (b * band..(b + 1) * band).collect();
        rng.shuffle(&mut lines);
        order.extend(lines);
    }
    order
}
