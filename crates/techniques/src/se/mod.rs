//! The Sudoku Explainer rating (ER/EP/ED), as SukakuExplainer's `serate` computes it with its
//! default settings, for classic 9×9 puzzles.
//!
//! SE solves a puzzle one step at a time. At each step it asks its techniques in a fixed order
//! (roughly easiest first) and takes the first step the first technique that applies finds; a
//! chain technique finds all its steps and takes its easiest (lowest difficulty, then shortest).
//! Each step has a difficulty; then
//! - **ER** (explainer rating) is the highest difficulty of all the steps to the solution;
//! - **EP** (pearl) is the highest difficulty up to the first placement;
//! - **ED** (diamond) is the difficulty of the first step.
//!
//! | technique | difficulty |
//! | --- | --- |
//! | hidden single (last cell of a house; in a block; in a row or column) | 1.0; 1.2; 1.5 |
//! | direct pointing, direct claiming (a removal that leaves a hidden single) | 1.7, 1.9 |
//! | direct hidden pair, triplet | 2.0, 2.5 |
//! | naked single | 2.3 |
//! | pointing, claiming | 2.6, 2.8 |
//! | naked pair, X-wing, hidden pair | 3.0, 3.2, 3.4 |
//! | naked triplet, swordfish, hidden triplet | 3.6, 3.8, 4.0 |
//! | two strong links (skyscraper, kite, turbot; grouped) | 4.0–4.1; 4.3 |
//! | XY-wing, XYZ-wing | 4.2, 4.4 |
//! | unique rectangle / loop, types 1, 2, 4 | 4.5 (loops of 6, 8, 10+ cells: 4.6, 4.7, 5.0) |
//! | unique rectangle / loop, type 3 (naked or hidden set) | the loop's, plus 0.1 a value (place) past two |
//! | naked quad, jellyfish, hidden quad | 5.0, 5.2, 5.4 |
//! | three, four strong links | 5.4–5.7, 5.8–6.1 |
//! | WXYZ-, VWXYZ-, UVWXYZ-, TUVWXYZ-wing | 5.5–5.6, 6.2–6.4, 6.6, 7.5 |
//! | BUG types 1, 2 and 4, 3 (after the WXYZ-wing) | 5.6, 5.7, 5.8–6.2 |
//! | aligned pair exclusion (after the VWXYZ-wing), aligned triplet exclusion (after the TUVWXYZ-wing) | 6.2, 7.5 |
//! | bidirectional X- or Y-cycle; forcing X- or Y-chain; with both link kinds | 6.5; 6.6; 7.0, plus the length bonus |
//! | Nishio forcing chains | 7.5 + bonus |
//! | multiple (cell and region) forcing chains | 8.0 + bonus |
//! | dynamic forcing chains (contradiction, double, cell, region) | 8.5 + bonus |
//! | dynamic forcing chains (+): also through intersections, pairs and X-wings | 9.0 + bonus |
//! | nested: dynamic forcing chains with forcing chains and cycles inside each implication | 9.5 + bonus |
//! | nested: … and multiple (cell and region) forcing chains inside | 10.0 + bonus |
//! | nested level 4: dynamic forcing chains inside (of level 0, then 1, 2, 3: SE's nesting limit) | 10.5 + bonus |
//!
//! The length bonus is 0.1 each time a chain's potentials (less 2) pass 4, 6, 8, 12, 16, 24, …
//! (`se/chain.rs`); a nested chain adds its own complexity to the chain it serves. Level 4 is
//! SE's last (its "experimental" producers: the same rule with the nesting limit 0 to 3, each
//! tried when the one before finds nothing); a puzzle whose level 4 runs past its budget (below)
//! gets no rating ([`SeRating::OVER_BUDGET`]). See docs/commands.md (rate) for the measured
//! agreement.
//!
//! **Budget.** Every rule is a bounded search, with no clock (the rating is the same on every
//! machine): a chain search expands each of the 1,458 potentials at most once per assumption.
//! The nested levels run, inside each assumption (one per candidate, on and off), the nested
//! rule each time the assumption's implications stop (at most once per potential they turn
//! off); a nested search is itself at most 3 passes × 729 starts of one such search, and is
//! done once per grid an assumption reaches in the whole rating (a grid reached again, at the
//! same step, at a later one or by another level, reuses its steps: they depend on that grid
//! alone, and the outer grid only decides what each rests on, which for a later, smaller outer
//! grid is the same list less the candidates it lost; at most 50,000 grids remembered, then
//! forgotten and remembered again). Level 4 runs a whole dynamic forcing chain search in
//! each such place, so it is bounded as a whole: at most [`NESTED_BUDGET`] nested searches run
//! in one rating (all its steps and nesting limits together; a search answered from a grid
//! remembered is not counted); past them the rating stops, unrated.
//! Measured on the first 100 forum_hardest_1106 puzzles: see docs/commands.md.

#[doc(hidden)]
pub mod aligned;
mod basic;
mod bug;
mod chain;
#[doc(hidden)]
pub mod grid;
#[doc(hidden)]
pub mod unique;
mod wings;

pub use chain::NESTED_BUDGET;
use grid::{Grid, Memo};

/// One SE step: its difficulty in tenths, its name, the candidates it removes and the value it
/// places, if any (cells 0..81 row-major, values 1..=9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The difficulty in tenths (SE's 2.3 is 23).
    pub tenths: u32,
    /// SE's name of the technique.
    pub name: &'static str,
    /// The candidates removed: (cell, value).
    pub remove: Vec<(usize, u8)>,
    /// The value placed: (cell, value).
    pub place: Option<(usize, u8)>,
}

impl Hint {
    fn place(tenths: u32, name: &'static str, cell: usize, v: u8) -> Hint {
        Hint { tenths, name, remove: Vec::new(), place: Some((cell, v)) }
    }
}

/// A puzzle's Sudoku Explainer rating, each figure in tenths (SE prints one decimal).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeRating {
    /// ER: the hardest step to the solution (200 when the techniques cannot solve it, as SE's
    /// 20.0).
    pub er: u32,
    /// EP: the hardest step up to the first placement.
    pub ep: u32,
    /// ED: the first step.
    pub ed: u32,
    /// The name of the first step as hard as ER.
    pub hardest: &'static str,
    /// Steps taken.
    pub steps: usize,
}

impl SeRating {
    /// The ER when the techniques cannot solve the puzzle (SE's 20.0).
    pub const BEYOND: u32 = 200;

    /// The hardest step's name (with ER [`SeRating::BEYOND`]) when the nested level 4 ran out
    /// of its budget (see the module's note) before it found a step or showed there is none.
    pub const OVER_BUDGET: &'static str = "Beyond budget";

    /// A figure in tenths as SE prints it: `8.5`.
    pub fn show(tenths: u32) -> String {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// The bands of ER that Sudoku Explainer's own generator offers (its `GenerateDialog`: easy
/// 1.0–1.2, medium 1.3–1.6, hard 1.7–2.5, fiendish 2.6–6.0, diabolical 6.1–11.0), which cover
/// the scale without overlap; diabolical takes everything above 11.0 too. Each: its name and
/// its lowest ER in tenths.
pub const BANDS: [(&str, u32); 5] = [("easy", 10), ("medium", 13), ("hard", 17), ("fiendish", 26), ("diabolical", 61)];

/// The index in [`BANDS`] of the band of an ER in tenths (below 1.0: easy).
pub fn band(er: u32) -> usize {
    BANDS.iter().rposition(|&(_, low)| er >= low).unwrap_or(0)
}

/// The next step SE takes, in its order of techniques.
fn next(grid: &Grid, memo: &mut Memo, scratch: &mut chain::Scratch) -> Option<Hint> {
    basic::hidden_single(grid)
        .or_else(|| basic::locking(grid, true))
        .or_else(|| basic::hidden_set(grid, 2, true, memo))
        .or_else(|| basic::naked_single(grid))
        .or_else(|| basic::hidden_set(grid, 3, true, memo))
        .or_else(|| basic::locking(grid, false))
        .or_else(|| basic::naked_set(grid, 2, memo))
        .or_else(|| basic::fish(grid, 2, memo))
        .or_else(|| basic::hidden_set(grid, 2, false, memo))
        .or_else(|| basic::naked_set(grid, 3, memo))
        .or_else(|| basic::fish(grid, 3, memo))
        .or_else(|| basic::hidden_set(grid, 3, false, memo))
        .or_else(|| wings::strong_links(grid, 2, memo))
        .or_else(|| basic::xy_wing(grid, false))
        .or_else(|| basic::xy_wing(grid, true))
        .or_else(|| unique::unique_loops(grid))
        .or_else(|| basic::naked_set(grid, 4, memo))
        .or_else(|| basic::fish(grid, 4, memo))
        .or_else(|| basic::hidden_set(grid, 4, false, memo))
        .or_else(|| wings::strong_links(grid, 3, memo))
        .or_else(|| wings::als_wing(grid, 3))
        .or_else(|| bug::bug(grid))
        .or_else(|| wings::strong_links(grid, 4, memo))
        .or_else(|| wings::als_wing(grid, 4))
        .or_else(|| aligned::aligned_exclusion(grid, 2, memo))
        .or_else(|| wings::als_wing(grid, 5))
        .or_else(|| chain::find(grid, chain::Rule::CYCLES, memo, scratch))
        .or_else(|| wings::als_wing(grid, 6))
        .or_else(|| aligned::aligned_exclusion(grid, 3, memo))
        .or_else(|| chain::find(grid, chain::Rule::NISHIO, memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::MULTIPLE, memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::DYNAMIC, memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::DYNAMIC_PLUS, memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::NESTED_CHAINS, memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::NESTED_MULTIPLE, memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::NESTED_DYNAMIC[0], memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::NESTED_DYNAMIC[1], memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::NESTED_DYNAMIC[2], memo, scratch))
        .or_else(|| chain::find(grid, chain::Rule::NESTED_DYNAMIC[3], memo, scratch))
}

/// Why a puzzle gets no SE rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeError {
    /// Not 81 cells of 0..=9.
    Shape,
    /// A step emptied a cell or the givens clash: the puzzle has no solution.
    NoSolution,
}

/// Rates a classic 9×9 puzzle (`givens`: 81 values, 0 for an empty cell) on the Sudoku
/// Explainer scale. The caller checks that the puzzle has exactly one solution (SE's ratings
/// assume it); on a puzzle with none the steps may run into an empty cell, reported as
/// [`SeError::NoSolution`].
pub fn rate(givens: &[u8]) -> Result<SeRating, SeError> {
    rate_with(givens, |_| {})
}

/// [`rate`], showing `each_step` every step as it is taken.
pub fn rate_with(givens: &[u8], each_step: impl FnMut(&Hint)) -> Result<SeRating, SeError> {
    rate_within(givens, NESTED_BUDGET, each_step)
}

/// [`rate_with`] with another budget of nested searches for level 4 than [`NESTED_BUDGET`]
/// (`budget` of them in the whole rating; past it, ER [`SeRating::BEYOND`] and the hardest
/// step [`SeRating::OVER_BUDGET`]). For tests of that path: a small budget reaches it on any
/// machine in the same way, since it counts searches rather than time.
pub fn rate_within(givens: &[u8], budget: u32, mut each_step: impl FnMut(&Hint)) -> Result<SeRating, SeError> {
    let givens: &[u8; 81] = givens.try_into().map_err(|_| SeError::Shape)?;
    if givens.iter().any(|&v| v > 9) {
        return Err(SeError::Shape);
    }
    let mut grid = Grid::new(givens);
    let mut memo = Memo::new();
    let mut scratch = chain::Scratch::with_budget(budget);
    let mut rating = SeRating { er: 0, ep: 0, ed: 0, hardest: "", steps: 0 };
    // At most 81 placements and 729 removals: every step does one or the other.
    while !grid.solved() {
        if (0..81).any(|c| grid.value[c] == 0 && grid.cand[c] == 0) {
            return Err(SeError::NoSolution);
        }
        let Some(hint) = next(&grid, &mut memo, &mut scratch) else {
            rating.er = SeRating::BEYOND;
            rating.hardest = if scratch.exhausted { SeRating::OVER_BUDGET } else { "Beyond solver" };
            break;
        };
        rating.steps += 1;
        each_step(&hint);
        if hint.tenths > rating.er {
            rating.er = hint.tenths;
            rating.hardest = hint.name;
        }
        for &(c, v) in &hint.remove {
            grid.cand[c] &= !(1 << v);
        }
        if let Some((c, v)) = hint.place {
            grid.place(c, v);
        }
        if rating.ep == 0 {
            if rating.ed == 0 {
                rating.ed = rating.er;
            }
            if hint.place.is_some() {
                rating.ep = rating.er;
            }
        }
    }
    Ok(rating)
}
