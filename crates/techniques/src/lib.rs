//! Human-style solving: the techniques people use, one step at a time, each step a sentence a
//! person can follow: the whole logical path of a puzzle ([`explain`], for an `explain`
//! command) or only its next step ([`next_step`], for a `hint`).
//!
//! A [`Board`] holds the values placed and each open cell's candidates. [`next_step`] tries the
//! techniques of [`Technique::ALL`], simplest first, and returns the first [`Step`] that
//! applies; [`Board::apply`] carries it out; [`Step::describe`] says it in words.
//!
//! Every technique is stated on the model's units and constraints, so it holds for every spec:
//! any n (4 to 64), square or rectangular boxes, jigsaw regions, extra houses (diagonals,
//! windows), at-most-once groups (anti-knight, anti-king, a cage's "no repeats": their cells are
//! peers, and naked subsets and locked candidates work in them too), and constraints beyond
//! houses (a cage's sum, a thermometer, dots, innies and outies: each constraint's own filter,
//! named in the step).
//!
//! | technique | rule |
//! | --- | --- |
//! | naked single | an open cell with one candidate holds it |
//! | hidden single | a value with one possible cell in a house goes there |
//! | locked candidates | a value whose candidates in a house all lie in a second unit is out of that unit's other cells |
//! | constraint | a constraint's filter rules out candidates of its cells |
//! | naked pair, triple, quad | k cells of a unit with k candidates between them: those values are out of the unit's other cells |
//! | hidden pair, triple, quad | k values of a house with k possible cells between them: those cells' other candidates go |
//! | x-wing, swordfish, jellyfish | a value whose candidates in k rows (columns) lie in k columns (rows) is out of those columns' (rows') other cells |
//! | skyscraper, two-string kite, turbot fish | two strong links of a value joined by a weak one: the value is out of the cells seeing both far ends |
//! | empty rectangle | a value's places in a box lie in a row and a column; a strong link with one end seeing the row's places: the value is out of the cells seeing the link's other end and the column's places |
//! | xy-, xyz-, w-wing | bivalue cells and a link force a value into one of two cells: it is out of the cells seeing both |
//! | wxyz-wing | four cells with four values, every value but z in cells that all see each other: z is in one of them, so out of the cells seeing every z of them |
//! | remote pairs | cells holding only the same two values, each seeing the next, alternate: a cell seeing two an odd number of links apart holds neither |
//! | unique rectangle types 1 to 6, hidden unique rectangle, BUG+1 | a unique puzzle has no deadly pattern (four cells over two boxes that could swap two values; a board of bivalue cells): only with [`Options::unique`] |
//! | finned and sashimi x-wing, swordfish, jellyfish | a fish with extra candidates (fins) in one box: the value is out of the cover cells that see every fin |
//! | x-chain, xy-chain, alternating inference chain, grouped alternating inference chain | a value's strong and weak links in turn, or bivalue cells each seeing the next, force a value into one of the chain's two ends: it is out of the cells seeing both (at most [`MAX_CHAIN_CELLS`] cells); grouped, a node may be a value's places in a house lying in a second house |
//! | simple colouring, multi-colouring | one or two chains of a value's strong links in two colours: a colour that sees itself, or one colour of each chain seeing each other, rules out cells |
//! | sue de coq | cells where two units meet holding two values more than cells, and cells of each unit outside holding apart values, as many values as cells: each unit's values are out of the rest of it |
//! | als-xz, als-xy-wing, als chain | almost locked sets (k cells of a unit, k + 1 values) linked by restricted common values (every x of one sees every x of the next): the first or the last is locked and holds z, which is out of the cells seeing every z of both |
//! | death blossom | a stem cell and an almost locked set per candidate, its cells of that candidate seeing the stem: one petal is locked, so a value of every petal is out of the cells seeing all of them |
//! | aligned pair exclusion | two cells that see each other: a value of one that, with every value of the other, takes two values from a cell or almost locked set seeing both, is out |
//! | cell, unit forcing chain | each candidate of a cell (each place of a value in a house), followed with singles and the constraints' filters, reaches the same fact, which holds; or one branch contradicts, and its premise is false |
//! | dynamic forcing chain | a candidate followed with singles and locked candidates contradicts: it is false; then cell and unit forcing followed that way |
//! | forcing net | a candidate contradicts when followed with singles, locked candidates and the candidates a dynamic forcing chain refutes inside the assumption |
//! | nested forcing net | level 1: a forcing net with a larger budget, also from each candidate of a cell; level d: the same with the candidates a level d − 1 net refutes inside the assumption ([`MAX_NESTING`] levels) |
//!
//! ```
//! use coverlab_model::Puzzle;
//! use coverlab_techniques::{Ending, explain};
//!
//! let puzzle = Puzzle::builtin("classic-4x4", ".342.....43.....").unwrap();
//! let explained = explain(&puzzle, 1_000);
//! assert!(matches!(explained.ending, Ending::Solved));
//! let first = &explained.steps[0];
//! println!("{}", first.describe(puzzle.model(), puzzle.symbols())); // "naked single: r1c1 can only be 1"
//! ```
//!
//! # Bounds
//! Every search is bounded. Singles, locked candidates and constraints are scans over the units
//! (constraints: each filter once). Subsets and fish enumerate combinations of at most n items
//! (cells or values of a unit with 2..=k candidates or places; rows or columns where a value
//! has 2..=k places), a combination is not extended once its union exceeds k, and each search
//! (one unit and one k; for fish one value, one orientation and one k) stops after
//! [`MAX_SUBSET_NODES`] (resp. [`MAX_FISH_NODES`]) extensions. On the shipped 9×9 to 25×25
//! puzzles the pruning keeps every search far below the budget (at most 118 extensions in one
//! search over the 9×9, 16×16 and 25×25 test files); on larger or adversarial
//! boards a subset or fish beyond it is not found (another technique may find the step, or the
//! explanation stops [`Ending::Stuck`]), which keeps a step on a 64×64 grid to milliseconds.
//! This replaces a size cut-off (say no triples above 16×16): subsets are searched at every
//! size, as far as the budget goes. The budget counts extensions, not time, so steps are
//! deterministic. Finned fish share the fish budget (base combinations and covers tried); the
//! wings, single-digit patterns, empty rectangles, remote pairs, colourings and rectangles are
//! scans bounded by the grid (pairs of links, pairs of chains, corners × n²).
//!
//! The forcing rungs count their work in cells visited and stop each search after
//! [`MAX_FORCING_WORK`] (chains) or [`MAX_NET_WORK`] (nets) units on a board of at most
//! [`FULL_WORK_CANDIDATES`] candidates (every 9×9), and proportionally more on a board with more
//! candidates, up to [`MAX_WORK_SCALE`] times ([`scaled_work`]: a round of the search tries each
//! candidate); the nested forcing net has [`MAX_NESTED_WORK`] (× 4 per level) at every size. A
//! step beyond the budget is not found, and the explanation ends stuck.

#[doc(hidden)]
pub mod bits;
mod board;
#[doc(hidden)]
pub mod find;
pub mod se;
#[doc(hidden)]
pub mod step;
mod technique;

use std::fmt;

use coverlab_model::{Model, Puzzle};
use serde::Serialize;

pub use board::Board;
pub use find::als::CellSet;
pub use find::forcing::{Branch, Clash, Implication, Rule};
pub use step::Step;
pub use technique::Technique;

/// The most extensions one naked or hidden subset search (one unit, one size k) tries before
/// giving up on that unit.
pub const MAX_SUBSET_NODES: usize = 4096;

/// The most extensions one fish search (one value, rows or columns as the base, one size k)
/// tries before giving up.
pub const MAX_FISH_NODES: usize = 4096;

/// The most cells an X-chain or XY-chain may have, and the most candidates of an alternating
/// inference chain: each chain search is breadth first from each first cell or candidate, over
/// at most 2 states per cell (X-chain), n (XY-chain) or 2n (AIC), and goes no deeper. On the
/// shipped 9×9 sets 32 solves no more puzzles than 16.
pub const MAX_CHAIN_CELLS: usize = 16;

/// The most extensions one unit's almost locked set enumeration tries (combinations of its open
/// cells; a combination with more values than the largest ALS can have is not extended).
pub const MAX_ALS_NODES: usize = 4096;

/// The most cells of an almost locked set (it then has at most this many + 1 values): on 9×9
/// every ALS (a house has 9 cells, an ALS at most 8); above, the large ones are left out, which
/// keeps the enumeration short where cells have many candidates (an empty 64×64 has none).
pub const MAX_ALS_CELLS: usize = 8;

/// The most candidates of a death blossom's stem (one petal per candidate).
pub const MAX_STEM_VALUES: u32 = 5;

/// The most almost locked sets one search keeps (units by index): the pair scans of ALS-XZ,
/// ALS-XY-wing and aligned pair exclusion are quadratic in them.
pub const MAX_ALS: usize = 1024;

/// The most almost locked sets in an ALS chain.
pub const MAX_ALS_CHAIN: usize = 6;

/// The most nodes an ALS chain search tries from each first ALS, a death blossom search per
/// stem, and a Sue de Coq search per pair of units.
pub const MAX_ALS_CHAIN_NODES: usize = 2048;

/// The work one search of a cell, unit or dynamic forcing chain may do before giving up: one
/// unit per cell visited by the propagations (a peer cleared, a house scanned for its last
/// place, a unit read for locked candidates, a candidate state copied: cells / 8). About
/// 20 ms on this machine's class on 9×9; more on a board of many candidates ([`scaled_work`]):
/// a step that needs more is not found.
pub const MAX_FORCING_WORK: u64 = 8_000_000;

/// The work one forcing net search may do (as [`MAX_FORCING_WORK`]): the nested propagations
/// try every candidate inside each assumption, so a net costs about candidates² propagations.
pub const MAX_NET_WORK: u64 = 60_000_000;

/// The work a nested forcing net of level 1 may do (as [`MAX_FORCING_WORK`]); level d may do
/// 4^(d − 1) times as much (level 3: 16 × 100,000,000), at every size (not scaled: the nested
/// net already holds most of a stuck explanation's time). About 0.25 s on 9×9 for level 1 and
/// 4 s for level 3 when the whole budget is spent (less since the propagation got cheaper),
/// which happens only when nothing is found (the explanation then ends stuck).
pub const MAX_NESTED_WORK: u64 = 100_000_000;

/// The deepest nested forcing net: level 3 nets test candidates with level 2 nets, which test
/// them with forcing nets (level 1), which test them with dynamic forcing chains.
pub const MAX_NESTING: u8 = 3;

/// The candidates up to which the chain and net budgets hold as given: every candidate of a
/// 9×9 grid (81 × 9), so no 9×9 board's budget grows.
pub const FULL_WORK_CANDIDATES: usize = 729;

/// The most a chain or net budget grows on a board with many candidates: 4 times.
pub const MAX_WORK_SCALE: u64 = 4;

/// The budget a cell, unit or dynamic forcing chain search or a forcing net search has on a
/// board with `candidates` candidates (on its open cells): `base` ([`MAX_FORCING_WORK`] or
/// [`MAX_NET_WORK`]) × candidates / [`FULL_WORK_CANDIDATES`], at least `base` and at most
/// [`MAX_WORK_SCALE`] × `base`. A search tries each candidate (or each place of a house value)
/// as a premise, so what a whole round of it costs grows with the candidates, while a unit of
/// work costs about the same at every size (about 1–1.5 ns on this machine class from 9×9 to
/// 25×25: the propagation keeps each house value's places as it goes, rescans for locked
/// candidates only the values that lost a place, and undoes its own events rather than copying
/// the board back). On the Frisch 25×25 puzzles (1,800 to 3,000 candidates) a dynamic forcing
/// chain round takes about 18,000,000 units: the former budget, scaled down above 16×16 to
/// 3,300,000, ran out before it; the nested forcing net keeps its base budgets at every size.
pub fn scaled_work(base: u64, candidates: usize) -> u64 {
    let scaled = u128::from(base) * candidates as u128 / FULL_WORK_CANDIDATES as u128;
    (scaled.min(u128::from(base * MAX_WORK_SCALE)) as u64).max(base)
}

/// Why the board admits no solution: `r4c5 has no candidates`, `7 has no place in row 3`,
/// `cage 4 (sum 13) cannot be satisfied: r1c6 has no value left`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Contradiction {
    /// The reason in words, naming the cells, house or constraint.
    pub message: String,
}

impl Contradiction {
    pub(crate) fn new(message: String) -> Contradiction {
        Contradiction { message }
    }
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Contradiction {}

/// How an explanation ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Every cell is filled (and every constraint holds).
    Solved,
    /// No technique applies: the rest needs a guess.
    Stuck,
    /// The givens, or the steps, show the puzzle has no solution.
    Contradiction(Contradiction),
    /// `max_steps` steps were taken before the puzzle was solved.
    StepLimit,
}

/// A puzzle solved as far as the techniques go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The steps, in order; each was applied to the board.
    pub steps: Vec<Step>,
    /// Why it stopped.
    pub ending: Ending,
    /// The board after the last step.
    pub board: Board,
}

/// The simplest step that applies (techniques in [`Technique::ALL`] order; within a technique,
/// a fixed order: lowest unit index, then lowest cell or value), or `None` when none does (the
/// puzzle needs a guess).
///
/// Also `None` when the board is contradictory (an open cell without candidates, a house value
/// without a place, a constraint no values satisfy, or a model of another size): use
/// [`try_next_step`] to tell the two apart.
pub fn next_step(board: &Board, model: &Model) -> Option<Step> {
    try_next_step(board, model).ok().flatten()
}

/// What the caller knows about the puzzle, which some techniques need.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Options {
    /// The puzzle is known to have exactly one solution (counted, say): the uniqueness
    /// techniques ([`Technique::needs_unique`]: unique rectangles, BUG+1) may be used. On a
    /// puzzle with several solutions they may rule out a solution's value.
    pub unique: bool,
    /// The techniques turned off: bit i for [`Technique::ALL`]`[i]` (see [`Options::without`]).
    pub disabled: u64,
}

impl Options {
    /// These options with `technique` turned off: [`try_next_step_with`] never uses it.
    pub fn without(mut self, technique: Technique) -> Options {
        self.disabled |= 1 << (technique.difficulty() - 1);
        self
    }

    /// Whether `technique` may be used (it is not turned off; a uniqueness technique also
    /// needs [`Options::unique`]).
    pub fn allows(&self, technique: Technique) -> bool {
        self.disabled >> (technique.difficulty() - 1) & 1 == 0 && (self.unique || !technique.needs_unique())
    }

    /// The techniques turned off, in [`Technique::ALL`] order.
    pub fn turned_off(&self) -> Vec<Technique> {
        Technique::ALL.into_iter().filter(|&t| self.disabled >> (t.difficulty() - 1) & 1 == 1).collect()
    }
}

/// [`next_step`], with the contradiction a technique meets on the way as Err.
pub fn try_next_step(board: &Board, model: &Model) -> Result<Option<Step>, Contradiction> {
    try_next_step_with(board, model, Options::default())
}

/// [`try_next_step`] with `options`: the uniqueness techniques only when `options.unique`,
/// and none of the techniques `options` turns off.
pub fn try_next_step_with(board: &Board, model: &Model, options: Options) -> Result<Option<Step>, Contradiction> {
    if model.cells() != board.values().len() {
        return board.check(model).map(|()| None);
    }
    for technique in Technique::ALL {
        if !options.allows(technique) {
            continue;
        }
        if let Some(step) = technique.find(board, model)? {
            return Ok(Some(step));
        }
    }
    Ok(None)
}

/// Steps until solved, stuck, or `max_steps`.
///
/// Contradictory givens end it at once ([`Ending::Contradiction`], no steps); so does a puzzle
/// already solved ([`Ending::Solved`], checked before the step limit, so `max_steps` 0 gives
/// [`Ending::StepLimit`] only for an unsolved puzzle). A full board is checked against every
/// constraint beyond houses before it counts as solved. Each step places a value or removes a
/// candidate, so there are at most n³ steps whatever `max_steps` is.
pub fn explain(puzzle: &Puzzle, max_steps: usize) -> Explanation {
    explain_with(puzzle, max_steps, Options::default())
}

/// [`explain`] with `options`: the uniqueness techniques only when `options.unique` (the
/// caller has established that the puzzle has exactly one solution).
pub fn explain_with(puzzle: &Puzzle, max_steps: usize, options: Options) -> Explanation {
    explain_from(puzzle, max_steps, options, None)
}

/// [`explain_with`] `options`, given `earlier`, an explanation of the same puzzle with `fewer`
/// options (which allow some of the techniques `options` allows, none other): the same
/// explanation, without searching again what `earlier` searched. At each of its steps only
/// the techniques `fewer` did not allow and that come before the step's technique are tried;
/// when none applies the step is `earlier`'s, when one does the explanation goes on from there
/// as [`explain_with`] does. `explain` uses it to explain a puzzle again with the forcing rungs
/// and the uniqueness techniques once it is stuck without them.
pub fn explain_again(
    puzzle: &Puzzle,
    max_steps: usize,
    options: Options,
    earlier: &Explanation,
    fewer: Options,
) -> Explanation {
    explain_from(puzzle, max_steps, options, Some((&earlier.steps, fewer)))
}

fn explain_from(
    puzzle: &Puzzle,
    max_steps: usize,
    options: Options,
    mut earlier: Option<(&[Step], Options)>,
) -> Explanation {
    let model = puzzle.model();
    let (mut board, contradiction) = Board::start(puzzle);
    let mut steps = Vec::new();
    let end = |steps, ending, board| Explanation { steps, ending, board };
    if let Some(c) = contradiction {
        return end(steps, Ending::Contradiction(c), board);
    }
    loop {
        if board.is_solved() {
            let broken = model.constraints().iter().find(|c| {
                let values: Vec<u8> = c.cells.iter().map(|&cell| board.value(cell)).collect();
                !c.holds(&values)
            });
            let ending = match broken {
                Some(c) => Ending::Contradiction(Contradiction::new(format!("{} does not hold", c.label))),
                None => Ending::Solved,
            };
            return end(steps, ending, board);
        }
        if steps.len() >= max_steps {
            return end(steps, Ending::StepLimit, board);
        }
        let next = match earlier.as_mut() {
            Some((prefix, fewer)) if !prefix.is_empty() && model.cells() == board.values().len() => {
                let known = &prefix[0];
                *prefix = &prefix[1..];
                let extra = Technique::ALL
                    .into_iter()
                    .take_while(|&t| t != known.technique)
                    .filter(|&t| options.allows(t) && !fewer.allows(t));
                let mut found = Ok(None);
                for t in extra {
                    found = t.find(&board, model);
                    if !matches!(found, Ok(None)) {
                        break;
                    }
                }
                match found {
                    Ok(None) => Ok(Some(known.clone())),
                    other => {
                        earlier = None;
                        other
                    }
                }
            }
            _ => try_next_step_with(&board, model, options),
        };
        match next {
            Err(c) => return end(steps, Ending::Contradiction(c), board),
            Ok(None) => return end(steps, Ending::Stuck, board),
            Ok(Some(step)) => {
                let applied = board.apply(model, &step);
                steps.push(step);
                if let Err(c) = applied {
                    return end(steps, Ending::Contradiction(c), board);
                }
            }
        }
    }
}
