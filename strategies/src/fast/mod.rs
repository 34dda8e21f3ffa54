//! `fast` and its variants: candidate bitsets, singles, locked candidates, MRV, copy-on-guess.
//!
//! Sources: the propagate-then-guess scheme of seeds 003/004 (fill forced cells, then guess the
//! cell with the fewest candidates), Norvig's constraint propagation (naked and hidden singles),
//! the "pointing / claiming" intersections of human solving (locked candidates, generalised to
//! any two units that share cells), and for the heavy tail randomised restarts on a Luby schedule
//! (Luby, Sinclair and Zuckerman 1993; Gomes, Selman and Kautz 1998, "Boosting combinatorial
//! search through randomization").
//!
//! The kernel works for every spec: it reads only the flat arrays of `Geometry` (geometry.rs:
//! units, each cell's houses and peers, unit intersections). Each cell's candidates are one [`Bits`] word
//! (`u16`/`u32`/`u64`, chosen once per solve by n). The state of a decision level (candidates,
//! values, unsolved count) lives in one slot of a flat buffer; a guess copies the slot below
//! (copy-on-guess: no undo code, and the buffers are reused, so no allocation per node).
//!
//! Each node:
//! 1. naked singles: a cell left with one candidate takes it; placing a value removes it from
//!    every peer (houses and at-most-once groups), queueing peers left with one candidate;
//! 2. constraints beyond houses (cages, thermometers, dots, …), after naked singles: each one
//!    marked since its last filtering is filtered by the model's `Constraint::filter` (a cage by
//!    its table of value sets, narrowed as the search goes deeper); a cage also drops the sets
//!    without a value that some house it shares two cells with can place only in the cage
//!    (hidden cage values, option `hidden_cage`), and a value every remaining set holds leaves
//!    the cells that see all of its places in the cage;
//! 3. hidden singles (optional): each house touched since its last scan is scanned once with
//!    two bitset accumulators (`once`, `twice`): a value with no place is a conflict, a value
//!    with one place is placed there;
//! 4. locked candidates (optional), when singles stall: if every place of a value in house A
//!    lies in A ∩ B (B any unit sharing ≥ 2 cells with A), the value leaves B \ A (emitted as
//!    `eliminate` events);
//! 5. MRV: branch on the unsolved cell with fewest candidates; among bivalue cells, on the one
//!    whose two branches remove the most candidates from its peers (the score of `band-9x9`,
//!    bivalue peers weighted 5×: on 16×16 generated_minimal_30 the largest search went from
//!    1,026 guesses to 241); values ascending, or in random order with restarts. With option
//!    `refute` the branching is two-way, as in most CP solvers: a decision is one value or not;
//!    when the search under the value is over, the value leaves the cell at the decision's level
//!    (traced as an `eliminate` after the `backtrack`), propagation runs, and the next cell is
//!    chosen afresh.
//!
//! Tracing is a const generic: with the null sink, the kernel compiled for `TRACE = false`
//! builds no events at all.

use std::any::Any;
use std::sync::Arc;

use coverlab_engine::{
    Bits, Choice, ConflictCause, Limits, Outcome, PlaceReason, Rng, Search, Strategy, TraceEvent, TraceSink,
    dispatch_bits,
};
use coverlab_model::{Grid, Model, Puzzle, Value};

use crate::branching::{Board, Brancher};
use crate::geometry::{AROUND_END, Geometry};
use crate::options::{OptionInfo, Options};

#[doc(hidden)]
pub mod branch;
mod filter;
mod propagate;
mod run;

use branch::Budget;
pub(crate) use branch::luby;

/// Which deductions run between decisions, and whether the search restarts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// Place hidden singles (a value with one place left in a house).
    pub hidden_singles: bool,
    /// Eliminate locked candidates (pointing and claiming, for any intersecting units).
    pub locked_candidates: bool,
    /// Randomised restarts on a Luby schedule (only while counting up to a few solutions).
    pub restarts: bool,
    /// When no cell has two candidates, branch on a value with two places in a house.
    pub place_branching: bool,
    /// Among the bivalue cells, branch on the one whose two branches remove the most candidates
    /// (`band-9x9`'s score) instead of the first found.
    pub scored_bivalue: bool,
    /// Generalised arc consistency on each house's all-different (Régin's matching filter) for
    /// grids of at least this size (`usize::MAX`: never).
    pub all_different_from: usize,
    /// On grids of at least `.0` cells a side, give up after `.1` guesses and hand the rest of
    /// the search to the `sat` strategy, starting from the propagated root (`None`: never).
    pub sat_after: Option<(usize, u64)>,
    /// `sat_after`'s guesses are those of a 25×25 grid ([`SAT_AFTER_SIDE`]): from 16×16 to below
    /// 25×25 a grid of n×n cells gets n² / 625 of them ([`sat_after_guesses`]; `auto`'s hand-over).
    pub sat_after_by_cells: bool,
    /// Branch on the cell of fewest candidates per conflict it took part in (dom/wdeg: each
    /// conflict adds a weight to the cells of the house or constraint that failed), instead of
    /// the fewest candidates alone.
    pub conflict_weights: bool,
    /// Hidden cage values: a value whose every place in a house lies in a cage's cells must be
    /// in the cage, and the cage's value sets without it are dropped.
    pub hidden_cage_values: bool,
    /// Two-way branching: a cell's decision is one value or not; when the search under the
    /// value is over, the value leaves the cell at the decision's level, propagation runs and
    /// the cell to branch on is chosen afresh (instead of trying the cell's next value).
    pub refute: bool,
}

impl Config {
    /// The default (the option table's defaults): singles, locked candidates, scored bivalue
    /// branching, with all-different filtering from 16×16 up (where it cuts the search more than
    /// it costs; at 9×9 it costs more than it saves).
    pub const DEFAULT: Config = Config {
        hidden_singles: true,
        locked_candidates: true,
        restarts: false,
        place_branching: true,
        scored_bivalue: true,
        all_different_from: 16,
        sat_after: None,
        sat_after_by_cells: false,
        conflict_weights: false,
        hidden_cage_values: true,
        refute: false,
    };
}

/// k^1.4 × 1024, rounded, for k = 0..=64 candidates: the domain term of dom/wdeg
/// (`choose_weighted`), in integers so that every machine makes the same choices.
#[doc(hidden)]
pub const DOM_POWER: [u64; 65] = [
    0, 1024, 2702, 4767, 7132, 9747, 12581, 15611, 18820, 22194, 25722, 29393, 33201, 37138, 41198, 45376, 49667,
    54067, 58571, 63176, 67880, 72679, 77570, 82550, 87618, 92772, 98008, 103326, 108723, 114198, 119748, 125374,
    131072, 136842, 142682, 148592, 154569, 160614, 166724, 172898, 179136, 185437, 191800, 198224, 204707, 211250,
    217852, 224511, 231227, 237999, 244826, 251709, 258645, 265636, 272679, 279774, 286922, 294120, 301369, 308669,
    316018, 323416, 330863, 338358, 345901,
];

/// Guesses `fast-sat` (and the default, `auto`) make on a large grid before handing it to CaDiCaL:
/// easy large puzzles are settled by then in a few milliseconds; the hard ones (the Frisch
/// 25×25 puzzles, half-blank 36×36) would take `fast` minutes where CaDiCaL takes seconds.
pub const SAT_AFTER_GUESSES: u64 = 2_000;

/// The grid side at which [`SAT_AFTER_GUESSES`] was set (the Frisch 25×25 puzzles) and from which
/// a hand-over scaled by cells ([`Config::sat_after_by_cells`]) gets all of them.
pub const SAT_AFTER_SIDE: usize = 25;

/// The grid side from which a hand-over's guesses are scaled by cells: below it they stay as given
/// (the 6×6 and 9×9 families were measured with 2,000; scaled, 259 at 9×9 would hand puzzles of
/// 15 of their 82 families over, unmeasured: strategies/PERFORMANCE.md).
pub const SAT_AFTER_SCALED_FROM: usize = 16;

/// The guesses before the hand-over on an n×n grid: `guesses` itself, or with `by_cells` and
/// n from [`SAT_AFTER_SCALED_FROM`] to below [`SAT_AFTER_SIDE`], `guesses` × n² / 25² (2,000: 819
/// at 16×16, 1,280 at 20×20). A guess costs `fast` a slot copy and a propagation over the grid's
/// n² cells, while what the hand-over starts with (the CNF and a CDCL solver's start on it: over
/// 10⁵ binary clauses at 16×16, about n⁴) grows as n⁴: the guesses worth one start grow as n².
/// From 25×25 up the budget stays (the hand-overs of half-blank 36×36 and 49×49 grids were
/// measured with it).
pub const fn sat_after_guesses(guesses: u64, n: usize, by_cells: bool) -> u64 {
    if !by_cells || n < SAT_AFTER_SCALED_FROM || n >= SAT_AFTER_SIDE {
        return guesses;
    }
    let (n, side) = (n as u64, SAT_AFTER_SIDE as u64);
    let scaled = guesses * n * n / (side * side);
    if scaled == 0 { 1 } else { scaled }
}

/// Restarts are used only when at most this many solutions are asked for: every solution found
/// is kept to recognise it when a later run finds it again.
const RESTART_MAX_SOLUTIONS: u64 = 64;

/// The strategy's registered name.
pub const NAME: &str = "fast";

/// `fast`'s options: each technique can be switched off, so that its effect can be measured
/// (the presets `fast-locked`, `fast-hidden`, … are named sets of them).
pub const OPTIONS: &[OptionInfo] = &[
    OptionInfo::flag("hidden", true, "place hidden singles (a value with one place left in a house)"),
    OptionInfo::flag("locked", true, "eliminate locked candidates (pointing and claiming)"),
    OptionInfo::flag("place_branching", true, "with no bivalue cell, branch on a value with two places in a house"),
    OptionInfo::flag("bivalue_score", true, "branch on the bivalue cell whose branches remove the most candidates"),
    OptionInfo::number(
        "gac_from",
        16,
        1,
        65,
        "all-different filtering (Régin) on grids of this size and up; 65: never",
    ),
    OptionInfo::flag("restarts", false, "randomised MRV tie-breaks and value order with Luby restarts"),
    OptionInfo::number("sat_from", 65, 1, 65, "on grids of this size and up, hand a hard search to sat; 65: never"),
    OptionInfo::number(
        "sat_after",
        SAT_AFTER_GUESSES,
        1,
        u32::MAX as u64,
        "the guesses before that hand-over (those of the decisions open on the current path not counted)",
    ),
    OptionInfo::flag("wdeg", false, "branch on fewest candidates per conflict a cell took part in (dom/wdeg)"),
    OptionInfo::flag(
        "hidden_cage",
        true,
        "a cage must hold each value whose every place in a house it touches is in its cells",
    ),
    OptionInfo::flag(
        "refute",
        false,
        "two-way branching: after a value's search, remove it from its cell, propagate and choose again",
    ),
    OptionInfo::number("seed", 0, 0, u64::MAX, "the restarts' random seed (--seed when not given)"),
];

impl Config {
    /// The configuration `options` (of [`OPTIONS`]) describe.
    pub fn from_options(options: &Options) -> Config {
        let size = |name: &str| match options.number(name) {
            65.. => None,
            n => Some(n as usize),
        };
        Config {
            hidden_singles: options.flag("hidden"),
            locked_candidates: options.flag("locked"),
            restarts: options.flag("restarts"),
            place_branching: options.flag("place_branching"),
            scored_bivalue: options.flag("bivalue_score"),
            all_different_from: size("gac_from").unwrap_or(usize::MAX),
            sat_after: size("sat_from").map(|from| (from, options.number("sat_after"))),
            sat_after_by_cells: false,
            conflict_weights: options.flag("wdeg"),
            hidden_cage_values: options.flag("hidden_cage"),
            refute: options.flag("refute"),
        }
    }
}

/// The generic fast strategy, configured by its options.
pub struct Fast {
    /// What its traces say ran: `fast(…)` with every option, or the name of a strategy it
    /// serves (`auto`, `band-9x9` on specs other than classic 9×9).
    name: String,
    config: Config,
    seed: u64,
    /// The last model seen and its flat arrays.
    cache: Option<(Arc<Model>, Geometry)>,
    /// The search buffers of the last bit width used (`Buffers<B>`), reused across solves.
    buffers: Option<Box<dyn Any + Send>>,
    /// Choice points set by a research variant ([`Fast::with_brancher`]).
    brancher: Option<Box<dyn Brancher>>,
}

impl Fast {
    /// A strategy named `name` running `config`, seeded (the seed matters only with restarts).
    pub fn new(name: impl Into<String>, config: Config, seed: u64) -> Fast {
        Fast { name: name.into(), config, seed, cache: None, buffers: None, brancher: None }
    }

    /// The same search branching where `brancher` says (its cell, its value order) whenever it
    /// chooses a cell: propagation, limits and traces are `fast`'s. Its cells are branched on
    /// value by value (or value or not, with `refute`), never by a value's places in a house.
    pub fn with_brancher(mut self, brancher: impl Brancher + 'static) -> Fast {
        self.brancher = Some(Box::new(brancher));
        self
    }

    /// The strategy `options` (of [`OPTIONS`]) describe, named `label` in its traces.
    pub fn with_options(options: &Options, label: String) -> Fast {
        Fast::new(label, Config::from_options(options), options.number("seed"))
    }
}

impl std::fmt::Debug for Fast {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fast").field("name", &self.name).field("config", &self.config).finish_non_exhaustive()
    }
}

impl Strategy for Fast {
    fn name(&self) -> &str {
        &self.name
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(&self.name, puzzle, limits, sink);
        let model = puzzle.model_arc();
        if !matches!(&self.cache, Some((m, _)) if crate::geometry::same_model(m, model)) {
            self.cache = Some((model.clone(), Geometry::build(model)));
        }
        let geom = &self.cache.as_ref().expect("cached above").1;
        let config = self.config;
        let rng = Rng::new(self.seed);
        let tracing = search.tracing();
        let brancher = self.brancher.as_deref_mut();
        dispatch_bits!(puzzle.size(), B => {
            let buffers = buffers::<B>(&mut self.buffers, geom);
            if tracing {
                Solver::<B, true>::new(geom, buffers, config, rng, &mut search, brancher).run(puzzle, limits.max_solutions);
            } else {
                Solver::<B, false>::new(geom, buffers, config, rng, &mut search, brancher).run(puzzle, limits.max_solutions);
            }
        });
        search.finish()
    }
}

/// One decision, k of m: either the values of a cell (`unit == NO_UNIT`, `rest` = values not
/// tried yet) or the places of value `value` in house `unit` (`rest` = positions in the unit).
#[derive(Debug, Clone, Copy)]
struct Frame<B> {
    cell: u32,
    unit: u32,
    value: u32,
    rest: B,
    k: u32,
    m: u32,
}

const NO_UNIT: u32 = u32::MAX;

/// Everything a solve writes, kept between solves.
struct Buffers<B> {
    /// Candidates, one slot of `cells` words per decision level; 0 for a filled cell.
    cand: Vec<B>,
    /// Values (1..=n, 0 empty), one slot per level.
    grid: Vec<Value>,
    /// Unsolved cells per level.
    unsolved: Vec<u32>,
    frames: Vec<Frame<B>>,
    /// Cells left with one candidate, not yet placed.
    queue: Vec<u16>,
    /// Houses touched since their last hidden-single scan, one bit each.
    dirty: Vec<u64>,
    /// Houses touched since the last locked-candidates pass looked at them.
    ldirty: Vec<u64>,
    /// Houses touched since their last all-different filtering.
    gdirty: Vec<u64>,
    /// Constraints beyond houses whose cells changed since their last filtering.
    cdirty: Vec<u64>,
    /// Solutions found so far (kept only with restarts, to skip them when found again).
    found: Vec<Vec<Value>>,
    /// Each cell's conflict weight (`conflict_weights`): the conflicts its houses and
    /// constraints took part in.
    weight: Vec<u32>,
    /// Each level's node: a number no other node of the solve has.
    node: Vec<u64>,
    /// Per level, one word per constraint beyond houses: the value sets of a cage's table that
    /// may still fit ([`coverlab_model::Constraint::filter_tracked`]).
    live: Vec<u64>,
    /// Per constraint, the last pointing pass that ran on the current path: a signature of the
    /// places of its needed values, and the level and node it ran at.
    pointed: Vec<(u64, u32, u64)>,
}

fn buffers<'b, B: Bits>(slot: &'b mut Option<Box<dyn Any + Send>>, geom: &Geometry) -> &'b mut Buffers<B> {
    if !slot.as_ref().is_some_and(|b| b.is::<Buffers<B>>()) {
        *slot = Some(Box::new(Buffers::<B> {
            cand: Vec::new(),
            grid: Vec::new(),
            unsolved: Vec::new(),
            frames: Vec::new(),
            queue: Vec::new(),
            dirty: Vec::new(),
            ldirty: Vec::new(),
            gdirty: Vec::new(),
            cdirty: Vec::new(),
            found: Vec::new(),
            weight: Vec::new(),
            node: Vec::new(),
            live: Vec::new(),
            pointed: Vec::new(),
        }));
    }
    let b = slot.as_mut().and_then(|b| b.downcast_mut::<Buffers<B>>()).expect("buffers of this width");
    let cells = geom.cells;
    if b.cand.len() < 2 * cells {
        b.cand.resize(2 * cells, B::EMPTY);
        b.grid.resize(2 * cells, 0);
    }
    if b.unsolved.len() < 2 {
        b.unsolved.resize(2, 0);
    }
    b.dirty.clear();
    b.dirty.resize(geom.houses.div_ceil(64), 0);
    b.ldirty.clear();
    b.ldirty.resize(geom.houses.div_ceil(64), 0);
    b.gdirty.clear();
    b.gdirty.resize(geom.houses.div_ceil(64), 0);
    b.cdirty.clear();
    b.cdirty.resize(geom.constraints.len().div_ceil(64), 0);
    b.queue.clear();
    b.frames.clear();
    b.found.clear();
    b.weight.clear();
    b.weight.resize(cells, 0);
    b.node.clear();
    b.node.resize(b.unsolved.len(), 0);
    b.live.clear();
    b.live.resize(b.unsolved.len() * geom.constraints.len(), u64::MAX);
    b.pointed.clear();
    b.pointed.resize(geom.constraints.len(), (0, u32::MAX, 0));
    b.cand[..cells].fill(B::EMPTY);
    b
}

/// How one run of the search ended.
enum RunEnd {
    /// The tree was exhausted: the count is exact.
    Complete,
    /// A limit was hit or the solution limit reached.
    Stop,
    /// The restart budget ran out.
    Restart,
}

/// The kernel for one bit width and one tracing mode.
struct Solver<'a, 's, B: Bits, const TRACE: bool> {
    g: &'a Geometry,
    b: &'a mut Buffers<B>,
    cfg: Config,
    rng: Rng,
    full: B,
    search: &'a mut Search<'s>,
    /// Deductions placed (added to the stats at the end; guesses count themselves).
    placements: u64,
    /// The current level, which is also the slot in use.
    depth: usize,
    /// Random choices (restarts only).
    random: bool,
    /// Keep every solution found (set with `random`, and for a run that may hand over to `sat`).
    keep: bool,
    /// All-different filtering is on for this grid.
    gac: bool,
    /// The spec has constraints beyond houses.
    cons: bool,
    /// Nodes numbered so far (the root is 0).
    nodes: u64,
    /// A research variant's choice points ([`Fast::with_brancher`]).
    brancher: Option<&'a mut (dyn Brancher + 'static)>,
    /// Why the decision just chosen branches where it does, for its first guess (only when the
    /// sink asked for choices).
    why: Option<Choice>,
}

/// A conflict with no cause in puzzle terms (a Hall set: fewer values than cells): not traced.
const HALL_VIOLATION: ConflictCause = ConflictCause::NoOption { item: usize::MAX };
