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
    Bits, ConflictCause, Limits, Outcome, PlaceReason, Rng, Search, Strategy, TraceEvent, TraceSink, dispatch_bits,
};
use coverlab_model::{Grid, Model, Puzzle, Value};

use crate::geometry::{AROUND_END, Geometry};
use crate::options::{OptionInfo, Options};

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
        conflict_weights: false,
        hidden_cage_values: true,
        refute: false,
    };
}

/// k^1.4 × 1024, rounded, for k = 0..=64 candidates: the domain term of dom/wdeg
/// (`choose_weighted`), in integers so that every machine makes the same choices.
const DOM_POWER: [u64; 65] = [
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
    OptionInfo::number("sat_after", SAT_AFTER_GUESSES, 1, u32::MAX as u64, "the guesses before that hand-over"),
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
}

impl Fast {
    /// A strategy named `name` running `config`, seeded (the seed matters only with restarts).
    pub fn new(name: impl Into<String>, config: Config, seed: u64) -> Fast {
        Fast { name: name.into(), config, seed, cache: None, buffers: None }
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
        dispatch_bits!(puzzle.size(), B => {
            let buffers = buffers::<B>(&mut self.buffers, geom);
            if tracing {
                Solver::<B, true>::new(geom, buffers, config, rng, &mut search).run(puzzle, limits.max_solutions);
            } else {
                Solver::<B, false>::new(geom, buffers, config, rng, &mut search).run(puzzle, limits.max_solutions);
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
}

impl<'a, 's, B: Bits, const TRACE: bool> Solver<'a, 's, B, TRACE> {
    fn new(g: &'a Geometry, b: &'a mut Buffers<B>, cfg: Config, rng: Rng, search: &'a mut Search<'s>) -> Self {
        let gac = g.n >= cfg.all_different_from;
        let cons = !g.constraints.is_empty();
        Solver {
            g,
            b,
            cfg,
            rng,
            full: B::full(g.n),
            search,
            placements: 0,
            depth: 0,
            random: false,
            keep: false,
            gac,
            cons,
            nodes: 0,
        }
    }

    fn run(mut self, puzzle: &Puzzle, max_solutions: u64) {
        if self.init(puzzle) {
            let restarts = self.cfg.restarts && max_solutions <= RESTART_MAX_SOLUTIONS;
            if restarts {
                self.random = true;
                self.keep = true;
                let unit = 16 + self.g.cells as u64 / 8;
                let mut i = 1;
                while let RunEnd::Restart = self.dfs(Some(luby(i) * unit)) {
                    i += 1;
                }
            } else if let Some((_, budget)) =
                self.cfg.sat_after.filter(|&(from, _)| crate::sat::BUILT_IN && self.g.n >= from)
            {
                self.keep = true;
                if let RunEnd::Restart = self.dfs(Some(budget)) {
                    // Hand over: the propagated root as the givens (and its candidates: what
                    // locked candidates and all-different ruled out stays out), the solutions
                    // found so far blocked.
                    let cells = self.g.cells;
                    let root = self.b.grid[..cells].to_vec();
                    let allowed: Vec<u64> = self.b.cand[..cells].iter().map(|c| c.to_u64()).collect();
                    let found = std::mem::take(&mut self.b.found);
                    self.search.stats_mut().placements += std::mem::take(&mut self.placements);
                    crate::sat::finish(puzzle, root, &allowed, &found, self.search);
                }
            } else {
                self.dfs(None);
            }
        }
        self.search.stats_mut().placements += self.placements;
    }

    /// Fills slot 0 from the givens and propagates. False when the puzzle has no solution.
    fn init(&mut self, puzzle: &Puzzle) -> bool {
        let cells = self.g.cells;
        let g = self.g;
        let full = self.full;
        let cand = &mut self.b.cand[..cells];
        let grid = &mut self.b.grid[..cells];
        cand.fill(full);
        grid.fill(0);
        let mut unsolved = cells as u32;
        for (cell, &v) in puzzle.givens().values().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = B::bit(usize::from(v) - 1);
            if cand[cell] & bit == B::EMPTY {
                return false; // contradictory givens: no solution, nothing to trace
            }
            grid[cell] = v;
            cand[cell] = B::EMPTY;
            unsolved -= 1;
            for &p in g.peers(cell) {
                let p = p as usize;
                if grid[p] == 0 {
                    cand[p] &= !bit;
                }
            }
        }
        self.b.unsolved[0] = unsolved;
        if !self.search.node() {
            return false;
        }
        for cell in 0..cells {
            if self.b.grid[cell] == 0 {
                let c = self.b.cand[cell];
                if c.is_empty() {
                    self.conflict(ConflictCause::NoCandidates { cell });
                    return false;
                }
                if c.is_single() {
                    self.b.queue.push(cell as u16);
                }
            }
        }
        for h in 0..self.g.houses {
            self.b.dirty[h >> 6] |= 1 << (h & 63);
            self.b.ldirty[h >> 6] |= 1 << (h & 63);
            self.b.gdirty[h >> 6] |= 1 << (h & 63);
        }
        for k in 0..self.g.constraints.len() {
            self.b.cdirty[k >> 6] |= 1 << (k & 63);
        }
        if let Err(cause) = self.propagate() {
            self.conflict(cause);
            return false;
        }
        true
    }

    #[inline]
    fn conflict(&mut self, cause: ConflictCause) {
        if self.cfg.conflict_weights {
            self.weigh(&cause);
        }
        if TRACE && cause != HALL_VIOLATION {
            self.search.conflict(self.depth, cause);
        }
        self.b.queue.clear();
        self.b.dirty.fill(0);
        self.b.ldirty.fill(0);
        self.b.gdirty.fill(0);
        self.b.cdirty.fill(0);
    }

    /// Adds a conflict's weight to the cells of what failed (the last decision's cell when the
    /// cause names nothing: a Hall violation).
    #[cold]
    fn weigh(&mut self, cause: &ConflictCause) {
        let g = self.g;
        let weight = &mut self.b.weight;
        match *cause {
            ConflictCause::NoCandidates { cell } => weight[cell] += 1,
            ConflictCause::NoPlace { unit, .. } if unit < g.houses => {
                g.unit(unit).iter().for_each(|&c| weight[c as usize] += 1);
            }
            ConflictCause::Constraint { constraint, .. } => {
                g.constraints[constraint].cells.iter().for_each(|&c| weight[c] += 1);
            }
            _ => {
                if let Some(f) = self.b.frames.last()
                    && f.unit == NO_UNIT
                {
                    weight[f.cell as usize] += 1;
                }
            }
        }
    }

    /// Marks the constraints beyond houses on `cell` for filtering.
    #[inline]
    fn mark_constraints(&mut self, cell: usize) {
        for &k in self.g.constraints_of(cell) {
            self.b.cdirty[k as usize >> 6] |= 1 << (k & 63);
        }
    }

    #[inline]
    fn mark_dirty(&mut self, cell: usize) {
        if self.cons {
            self.mark_constraints(cell);
        }
        let (locked, gac) = (self.cfg.locked_candidates, self.gac);
        for &h in self.g.houses_of(cell) {
            self.b.dirty[usize::from(h) >> 6] |= 1 << (h & 63);
            if locked {
                self.b.ldirty[usize::from(h) >> 6] |= 1 << (h & 63);
            }
            if gac {
                self.b.gdirty[usize::from(h) >> 6] |= 1 << (h & 63);
            }
        }
    }

    /// Removes the values `x` from open `cell` at the current level (their `eliminate` events
    /// already traced): a cell left without candidates is a conflict, one left with a single
    /// candidate is queued, and its houses and constraints are marked.
    #[inline]
    fn remove(&mut self, cell: usize, x: B) -> Result<(), ConflictCause> {
        let at = self.depth * self.g.cells + cell;
        let nc = self.b.cand[at] & !x;
        self.b.cand[at] = nc;
        if nc.is_empty() {
            return Err(ConflictCause::NoCandidates { cell });
        }
        if nc.is_single() {
            self.b.queue.push(cell as u16);
        }
        self.mark_dirty(cell);
        Ok(())
    }

    /// Puts bit `v` in `cell` and removes it from every peer.
    #[inline]
    fn assign(&mut self, cell: usize, v: usize) -> Result<(), ConflictCause> {
        let cells = self.g.cells;
        let base = self.depth * cells;
        let bit = B::bit(v);
        self.b.grid[base + cell] = (v + 1) as Value;
        let old = self.b.cand[base + cell];
        self.b.cand[base + cell] = B::EMPTY;
        self.b.unsolved[self.depth] -= 1;
        let hidden = self.cfg.hidden_singles;
        if hidden && old != bit {
            self.mark_dirty(cell);
        } else if self.cons && old != bit {
            // A naked single's constraints see the same value before and after: `place`
            // filtered those marked just now, and the others were settled already.
            self.mark_constraints(cell);
        }
        let cons = self.cons;
        let g = self.g;
        let (locked, gac) = (self.cfg.locked_candidates, self.gac);
        let cand = &mut self.b.cand[base..base + cells];
        for &p in g.peers(cell) {
            let p = p as usize;
            let c = cand[p];
            if c & bit != B::EMPTY {
                let nc = c ^ bit;
                cand[p] = nc;
                if nc.is_empty() {
                    return Err(ConflictCause::NoCandidates { cell: p });
                }
                if nc.is_single() {
                    self.b.queue.push(p as u16);
                }
                if cons {
                    for &k in g.constraints_of(p) {
                        self.b.cdirty[k as usize >> 6] |= 1 << (k & 63);
                    }
                }
                if hidden {
                    for &h in g.houses_of(p) {
                        let (w, b) = (usize::from(h) >> 6, 1u64 << (h & 63));
                        self.b.dirty[w] |= b;
                        if locked {
                            self.b.ldirty[w] |= b;
                        }
                        if gac {
                            self.b.gdirty[w] |= b;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    #[inline]
    fn place(&mut self, cell: usize, v: usize, reason: PlaceReason) -> Result<(), ConflictCause> {
        if self.cons {
            self.settle(cell)?;
            if self.b.cand[self.depth * self.g.cells + cell] & B::bit(v) == B::EMPTY {
                // The value left the cell: a naked single's cell is empty now, a hidden single's
                // value has no place left in its house.
                return Err(match reason {
                    PlaceReason::HiddenSingle { unit } => ConflictCause::NoPlace { unit, value: (v + 1) as Value },
                    _ => ConflictCause::NoCandidates { cell },
                });
            }
        }
        self.placements += 1;
        if TRACE {
            let depth = self.depth;
            self.search.emit(|| TraceEvent::Place { cell, value: (v + 1) as Value, reason, depth });
        }
        self.assign(cell, v)
    }

    /// Deduces until nothing changes, or a conflict.
    fn propagate(&mut self) -> Result<(), ConflictCause> {
        let base = self.depth * self.g.cells;
        loop {
            while let Some(p) = self.b.queue.pop() {
                let p = p as usize;
                if self.b.grid[base + p] != 0 {
                    continue;
                }
                let v = self.b.cand[base + p].lowest();
                self.place(p, v, PlaceReason::NakedSingle)?;
            }
            if self.cons && self.filter_constraints()? {
                continue;
            }
            if !self.cfg.hidden_singles {
                return Ok(());
            }
            if let Some(h) = self.next_dirty() {
                self.scan_house(h)?;
                continue;
            }
            if self.cfg.locked_candidates && self.locked()? {
                continue;
            }
            if self.gac && self.all_different()? {
                continue;
            }
            return Ok(());
        }
    }

    /// Filters the constraints beyond houses marked since their last filtering (the model's
    /// [`coverlab_model::Constraint::filter`]: cage tables, partial sums, pair tables, …), until
    /// none is marked or one narrows a cell to a single value; true if anything was eliminated.
    fn filter_constraints(&mut self) -> Result<bool, ConflictCause> {
        let mut changed = false;
        for i in 0..self.b.cdirty.len() {
            while self.b.cdirty[i] != 0 {
                let word = self.b.cdirty[i];
                let k = i * 64 + word.trailing_zeros() as usize;
                self.b.cdirty[i] &= word - 1;
                changed |= self.filter_one(k)?;
                if changed && !self.b.queue.is_empty() {
                    return Ok(true);
                }
            }
        }
        Ok(changed)
    }

    /// Filters the marked constraints on `cell`, about to take a value: a single queued earlier
    /// may no longer fit a constraint a later placement changed.
    fn settle(&mut self, cell: usize) -> Result<(), ConflictCause> {
        let g = self.g;
        for &k in g.constraints_of(cell) {
            let (w, b) = (k as usize >> 6, 1u64 << (k & 63));
            if self.b.cdirty[w] & b != 0 {
                self.b.cdirty[w] &= !b;
                self.filter_one(k as usize)?;
            }
        }
        Ok(())
    }

    /// Filters constraint `k`, eliminating what it rules out; true if anything was.
    #[inline]
    fn filter_one(&mut self, k: usize) -> Result<bool, ConflictCause> {
        // Scratch sized to the constraint: most have a handful of cells.
        match self.g.constraints[k].cells.len() {
            0..=8 => self.filter_sized::<8>(k),
            9..=64 => self.filter_sized::<64>(k),
            _ => Ok(false), // no line is longer than a grid side; checked on load
        }
    }

    fn filter_sized<const N: usize>(&mut self, k: usize) -> Result<bool, ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let mut changed = false;
        let mut dom = [0u64; N];
        let c = &g.constraints[k];
        let len = c.cells.len();
        for (d, &x) in dom.iter_mut().zip(&c.cells) {
            let v = self.b.grid[base + x];
            *d = if v == 0 { self.b.cand[base + x].to_u64() } else { 1 << (v - 1) };
        }
        let must = if self.cfg.hidden_cage_values { self.forced(k) } else { 0 };
        let live = &mut self.b.live[self.depth * g.constraints.len() + k];
        let required = match c.filter_forced(&mut dom[..len], live, must) {
            Ok(required) => required,
            Err(at) => return Err(ConflictCause::Constraint { constraint: k, cell: c.cells[at] }),
        };
        for (j, &x) in c.cells.iter().enumerate() {
            if self.b.grid[base + x] != 0 {
                continue;
            }
            let gone = self.b.cand[base + x].to_u64() & !dom[j];
            if gone == 0 {
                continue;
            }
            if TRACE {
                let depth = self.depth;
                for v in B::from_u64(gone).iter() {
                    self.search.emit(|| TraceEvent::Eliminate { cell: x, value: (v + 1) as Value, depth, by: Some(k) });
                }
            }
            changed = true;
            // Never empty: the filter left the cell a value.
            self.remove(x, B::from_u64(gone))?;
        }
        if changed && c.idempotent() {
            // Marked by its own eliminations above, which filtering again would only confirm.
            self.b.cdirty[k >> 6] &= !(1 << (k & 63));
        }
        // A value the constraint needs (a cage's every combination holds it) is out of every
        // cell that sees all of its places in the constraint.
        if required != 0 {
            // The same places as at the last pass on this path (here or at an ancestor, whose
            // eliminations this level inherited): nothing new to eliminate.
            let mut sig = required.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            for &d in &dom[..len] {
                sig = (sig ^ (d & required)).wrapping_mul(0x0100_0000_01b3).rotate_left(17);
            }
            let (last, at, node) = self.b.pointed[k];
            let depth = self.depth;
            if !(last == sig && (at as usize) <= depth && self.b.node[at as usize] == node) {
                changed |= self.point(k, required, &dom[..len])?;
                self.b.pointed[k] = (sig, depth as u32, self.b.node[depth]);
            }
        }
        Ok(changed)
    }

    /// The values constraint `k` (a cage) must hold: each value with no place, open or filled,
    /// outside it in a house it touches (that house holds the value in the cage's cells). 0 for
    /// a constraint without a table of value sets.
    fn forced(&self, k: usize) -> u64 {
        let base = self.depth * self.g.cells;
        let full = self.full.to_u64();
        let (mut must, mut outside) = (0u64, 0u64);
        for &y in self.g.around(k) {
            if y == AROUND_END {
                must |= !outside;
                outside = 0;
            } else if outside != full {
                let y = usize::from(y);
                let v = self.b.grid[base + y];
                outside |= if v == 0 { self.b.cand[base + y].to_u64() } else { 1 << (v - 1) };
            }
        }
        must & full
    }

    /// For each value of `required` (needed by constraint `k`, whose filtered domains are
    /// `dom`), eliminates it from the cells that see every cell of `k` where it can go.
    fn point(&mut self, k: usize, required: u64, dom: &[u64]) -> Result<bool, ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let cells = &g.constraints[k].cells;
        let mut changed = false;
        let words = g.sees_words;
        // Scratch for the cells that see every place: 81 cells take two words.
        let mut small = [0u64; 4];
        let mut large;
        let seen = if words <= small.len() {
            &mut small[..words]
        } else {
            large = [0u64; 64];
            &mut large[..words]
        };
        let mut r = required;
        while r != 0 {
            let v = r.trailing_zeros() as usize;
            r &= r - 1;
            let bit = B::bit(v);
            let mut places = cells.iter().zip(dom).filter(|(_, d)| *d >> v & 1 == 1).map(|(&x, _)| x);
            let Some(first) = places.next() else { continue };
            // Placed already: its peers lost the value when it was placed.
            if self.b.grid[base + first] != 0 {
                continue;
            }
            // The cells that see every place.
            seen.copy_from_slice(g.seen_by(first));
            for x in places {
                seen.iter_mut().zip(g.seen_by(x)).for_each(|(s, &t)| *s &= t);
            }
            for (w, word) in seen.iter_mut().enumerate() {
                while *word != 0 {
                    let p = w * 64 + word.trailing_zeros() as usize;
                    *word &= *word - 1;
                    // The constraint's own cells are out already: a place does not see
                    // itself, and the others lost the value to the filter (or are filled).
                    if self.b.cand[base + p] & bit == B::EMPTY {
                        continue;
                    }
                    if TRACE {
                        let depth = self.depth;
                        self.search.emit(|| TraceEvent::Eliminate {
                            cell: p,
                            value: (v + 1) as Value,
                            depth,
                            by: Some(k),
                        });
                    }
                    changed = true;
                    self.remove(p, bit)?;
                }
            }
        }
        Ok(changed)
    }

    /// All-different filtering of the houses touched since their last filtering, one at a time
    /// (each house's eliminations go through singles before the next house); true if anything
    /// was eliminated.
    fn all_different(&mut self) -> Result<bool, ConflictCause> {
        for i in 0..self.b.gdirty.len() {
            while self.b.gdirty[i] != 0 {
                let word = self.b.gdirty[i];
                let h = i * 64 + word.trailing_zeros() as usize;
                self.b.gdirty[i] &= word - 1;
                if self.filter_house(h)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Régin's filter for the all-different of house `h`: a perfect matching of its unsolved
    /// cells to its missing values (Kuhn's augmenting paths on bitsets), then every candidate
    /// that lies in no perfect matching is eliminated: (c, v) survives iff v is c's mate or
    /// mate(v) and c lie on a common cycle of the alternating graph (same strongly connected
    /// component, found by a bitset transitive closure).
    fn filter_house(&mut self, h: usize) -> Result<bool, ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let unit = g.unit(h);
        let mut adj = [B::EMPTY; 64];
        let mut at = [0u16; 64];
        let mut k = 0;
        for &c in unit {
            let x = self.b.cand[base + c as usize];
            if !x.is_empty() {
                adj[k] = x;
                at[k] = c;
                k += 1;
            }
        }
        if k <= 2 {
            return Ok(false);
        }
        const NONE: u8 = u8::MAX;
        let mut mate_of_value = [NONE; 64];
        let mut mate_of_cell = [NONE; 64];
        // Greedy start: most cells get a free value without any augmenting path.
        let mut free = self.full;
        for i in 0..k {
            let x = adj[i] & free;
            if !x.is_empty() {
                let v = x.lowest();
                free &= !B::bit(v);
                mate_of_value[v] = i as u8;
                mate_of_cell[i] = v as u8;
            }
        }
        for i in 0..k {
            if mate_of_cell[i] != NONE {
                continue;
            }
            let mut visited = B::EMPTY;
            if !augment(i, &adj, &mut visited, &mut mate_of_value, &mut mate_of_cell) {
                return Err(HALL_VIOLATION);
            }
        }
        // Alternating graph on cells: i -> mate(v) for each non-matching candidate v of i.
        let mut reach = [0u64; 64];
        for i in 0..k {
            let mut r = 0u64;
            for v in (adj[i] & !B::bit(usize::from(mate_of_cell[i]))).iter() {
                r |= 1 << mate_of_value[v];
            }
            reach[i] = r;
        }
        // Warshall's closure, branch-free (the inner loop vectorises).
        for j in 0..k {
            let rj = reach[j];
            for r in reach.iter_mut().take(k) {
                *r |= rj & 0u64.wrapping_sub(*r >> j & 1);
            }
        }
        let mut changed = false;
        for i in 0..k {
            let mut drop = B::EMPTY;
            for v in (adj[i] & !B::bit(usize::from(mate_of_cell[i]))).iter() {
                let j = usize::from(mate_of_value[v]);
                if reach[j] >> i & 1 == 0 {
                    drop |= B::bit(v);
                }
            }
            if drop.is_empty() {
                continue;
            }
            let cell = at[i] as usize;
            if TRACE {
                let depth = self.depth;
                for v in drop.iter() {
                    self.search.emit(|| TraceEvent::Eliminate { cell, value: (v + 1) as Value, depth, by: None });
                }
            }
            changed = true;
            // Never empty: the cell keeps its mate.
            self.remove(cell, drop)?;
        }
        Ok(changed)
    }

    /// Takes a dirty house off the set.
    #[inline]
    fn next_dirty(&mut self) -> Option<usize> {
        for (i, w) in self.b.dirty.iter_mut().enumerate() {
            if *w != 0 {
                let h = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + h);
            }
        }
        None
    }

    /// Hidden singles in house `h`.
    fn scan_house(&mut self, h: usize) -> Result<(), ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let (mut once, mut twice, mut placed) = (B::EMPTY, B::EMPTY, B::EMPTY);
        let cand = &self.b.cand[base..base + g.cells];
        let grid = &self.b.grid[base..base + g.cells];
        for &c in g.unit(h) {
            let x = cand[c as usize];
            twice |= once & x;
            once |= x;
            // Branch-free: bit v-1 for a filled cell, nothing for an empty one.
            placed |= B::from_u64((1u128 << grid[c as usize] >> 1) as u64);
        }
        let missing = self.full & !(once | placed);
        if !missing.is_empty() {
            return Err(ConflictCause::NoPlace { unit: h, value: (missing.lowest() + 1) as Value });
        }
        for v in (once & !twice).iter() {
            let bit = B::bit(v);
            let Some(&c) = g.unit(h).iter().find(|&&c| self.b.cand[base + c as usize] & bit != B::EMPTY) else {
                // Its one cell took another hidden value of this house just now.
                return Err(ConflictCause::NoPlace { unit: h, value: (v + 1) as Value });
            };
            self.place(c as usize, v, PlaceReason::HiddenSingle { unit: h })?;
        }
        Ok(())
    }

    /// One pass of locked candidates over the intersections of the houses touched since the
    /// last pass; true if anything was eliminated.
    fn locked(&mut self) -> Result<bool, ConflictCause> {
        let mut changed = false;
        for i in 0..self.b.ldirty.len() {
            let mut word = std::mem::take(&mut self.b.ldirty[i]);
            while word != 0 {
                let h = i * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                changed |= self.locked_from(h)?;
            }
        }
        Ok(changed)
    }

    /// Locked candidates of house `h` against every unit it shares two or more cells with.
    fn locked_from(&mut self, h: usize) -> Result<bool, ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let mut changed = false;
        for link in g.links_from(h) {
            let cand = &self.b.cand[base..base + g.cells];
            let mut inter = B::EMPTY;
            for &c in g.link_cells(link.inter) {
                inter |= cand[c as usize];
            }
            if inter.is_empty() {
                continue;
            }
            let mut out = B::EMPTY;
            for &c in g.link_cells(link.from_only) {
                out |= cand[c as usize];
            }
            let locked = inter & !out;
            if locked.is_empty() {
                continue;
            }
            for &c in g.link_cells(link.to_only) {
                let cell = c as usize;
                let x = self.b.cand[base + cell] & locked;
                if x.is_empty() {
                    continue;
                }
                if TRACE {
                    let depth = self.depth;
                    for v in x.iter() {
                        self.search.emit(|| TraceEvent::Eliminate { cell, value: (v + 1) as Value, depth, by: None });
                    }
                }
                changed = true;
                self.remove(cell, x)?;
            }
        }
        Ok(changed)
    }

    /// MRV: the unsolved cell with the fewest candidates (a bivalue cell ends the scan), or with
    /// `scored_bivalue`, the bivalue cell of best [`Self::bivalue_score`] (ties: the first found).
    fn choose(&mut self) -> usize {
        if self.cfg.conflict_weights && !self.random {
            return self.choose_weighted();
        }
        let cells = self.g.cells;
        let cand = &self.b.cand[self.depth * cells..(self.depth + 1) * cells];
        let start = if self.random { self.rng.below(cells as u64) as usize } else { 0 };
        let mut best = u32::MAX;
        let mut best_cell = 0;
        let mut best_score = 0;
        for i in 0..cells {
            let mut c = start + i;
            if c >= cells {
                c -= cells;
            }
            let x = cand[c];
            if x.is_empty() {
                continue;
            }
            let k = x.count();
            if k == 2 && self.cfg.scored_bivalue {
                let score = self.bivalue_score(c);
                if best > 2 || score > best_score {
                    (best, best_cell, best_score) = (2, c, score);
                }
            } else if k < best {
                best = k;
                best_cell = c;
                if k <= 2 {
                    break;
                }
            }
        }
        best_cell
    }

    /// dom/wdeg: the unsolved cell of least k^1.4 / (weight + 1), k its candidates, ties to the
    /// first (in integers: [`DOM_POWER`]). The exponent was 2 until 2026-11-26: 1.4 took the 42
    /// TAREK killers from 44,816 guesses to 43,658, the 4 EXTREME ones from 47,031 to 43,082
    /// and the 14 Mathemagic ones from 3.46M to 3.03M (strategies/PERFORMANCE.md). The square
    /// had halved the TAREK median against k / (weight + 1); fewest candidates first with the
    /// weight as a tie-break took twice as long in all.
    fn choose_weighted(&self) -> usize {
        let cells = self.g.cells;
        let cand = &self.b.cand[self.depth * cells..(self.depth + 1) * cells];
        // No cell yet: best_d / best_w is infinite.
        let (mut best_cell, mut best_d, mut best_w) = (0, 1u64, 0u64);
        for (c, x) in cand.iter().enumerate() {
            if x.is_empty() {
                continue;
            }
            let d = DOM_POWER[x.count() as usize];
            let w = u64::from(self.b.weight[c]) + 1;
            // d / w < best_d / best_w (d < 2^19 and weights far below 2^32: no overflow)
            if d * best_w < best_d * w || best_w == 0 {
                (best_cell, best_d, best_w) = (c, d, w);
            }
        }
        best_cell
    }

    /// What branching on bivalue cell `c` removes: the candidates of its two values among its
    /// peers, those in bivalue peers (each of which a branch turns into a naked single) counted
    /// BIVALUE_WEIGHT times. As `band-9x9` does on 9×9.
    #[inline]
    fn bivalue_score(&self, c: usize) -> u32 {
        const BIVALUE_WEIGHT: u32 = 5;
        let cells = self.g.cells;
        let cand = &self.b.cand[self.depth * cells..(self.depth + 1) * cells];
        let x = cand[c];
        self.g.peers(c).iter().fold(0, |score, &p| {
            let y = cand[p as usize];
            let w = (y & x).count();
            score + if y.count() == 2 { w * BIVALUE_WEIGHT } else { w }
        })
    }

    /// A value with exactly two places in some house (the first found), as a decision: used when
    /// no cell has two candidates (MRV over the exact-cover items, cells and house-values).
    fn choose_place(&mut self) -> Option<Frame<B>> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        for h in 0..g.houses {
            let (mut once, mut twice, mut thrice) = (B::EMPTY, B::EMPTY, B::EMPTY);
            for &c in g.unit(h) {
                let x = self.b.cand[base + c as usize];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            let two = twice & !thrice;
            if two.is_empty() {
                continue;
            }
            let v = two.lowest();
            let bit = B::bit(v);
            let mut rest = B::EMPTY;
            for (i, &c) in g.unit(h).iter().enumerate() {
                if self.b.cand[base + c as usize] & bit != B::EMPTY {
                    rest |= B::bit(i);
                }
            }
            return Some(Frame { cell: 0, unit: h as u32, value: v as u32, rest, k: 0, m: 2 });
        }
        None
    }

    /// Makes slot `to` a copy of slot `from`.
    #[inline]
    fn copy_slot(&mut self, from: usize, to: usize) {
        let cells = self.g.cells;
        // The buffers may come from a solve of another grid size: check both the level count
        // (`unsolved`'s length) and the candidates' length over this grid's cells.
        if self.b.unsolved.len() <= to || self.b.cand.len() < (to + 1) * cells {
            let levels = (to + 1).max(2 * from + 2);
            self.b.cand.resize(self.b.cand.len().max(levels * cells), B::EMPTY);
            self.b.grid.resize(self.b.grid.len().max(levels * cells), 0);
            let levels = levels.max(self.b.unsolved.len());
            self.b.unsolved.resize(levels, 0);
            self.b.node.resize(levels, 0);
            self.b.live.resize(levels * self.g.constraints.len(), u64::MAX);
        }
        self.nodes += 1;
        self.b.node[to] = self.nodes;
        let ks = self.g.constraints.len();
        self.b.live.copy_within(from * ks..(from + 1) * ks, to * ks);
        self.b.cand.copy_within(from * cells..(from + 1) * cells, to * cells);
        self.b.grid.copy_within(from * cells..(from + 1) * cells, to * cells);
        self.b.unsolved[to] = self.b.unsolved[from];
    }

    /// Depth-first search from the propagated root (slot 0); with a budget, gives up after that
    /// many guesses.
    fn dfs(&mut self, budget: Option<u64>) -> RunEnd {
        let cells = self.g.cells;
        self.b.frames.clear();
        self.depth = 0;
        let mut guesses = 0u64;
        let refute = self.cfg.refute;
        'node: loop {
            // The state of slot `depth` is propagated and has no conflict.
            if self.b.unsolved[self.depth] == 0 {
                if self.solution().is_break() {
                    return RunEnd::Stop;
                }
            } else {
                let cell = self.choose();
                let rest = self.b.cand[self.depth * cells + cell];
                let frame = if self.cfg.place_branching && rest.count() > 2 { self.choose_place() } else { None };
                let frame =
                    frame.unwrap_or(Frame { cell: cell as u32, unit: NO_UNIT, value: 0, rest, k: 0, m: rest.count() });
                self.b.frames.push(frame);
            }
            // Next alternative of the innermost open decision.
            loop {
                let Some(f) = self.b.frames.last_mut() else {
                    return RunEnd::Complete;
                };
                if refute && f.unit == NO_UNIT && f.k > 0 {
                    // Two-way: the search under cell = value is over; the value leaves the cell
                    // at this level, and the level is decided afresh.
                    let (cell, v) = (f.cell as usize, f.value as usize);
                    let d = self.b.frames.len() - 1;
                    self.b.frames.pop();
                    self.search.backtrack(d);
                    self.depth = d;
                    if !self.search.node() {
                        return RunEnd::Stop;
                    }
                    match self.refute(cell, v) {
                        Ok(()) => continue 'node,
                        Err(cause) => {
                            self.conflict(cause);
                            continue;
                        }
                    }
                }
                if f.rest.is_empty() {
                    self.b.frames.pop();
                    continue;
                }
                if budget.is_some_and(|b| guesses >= b) {
                    if guesses > 0 {
                        self.search.backtrack(0);
                    }
                    return RunEnd::Restart;
                }
                let pick = if self.random {
                    let r = self.rng.below(u64::from(f.rest.count()));
                    let mut x = f.rest;
                    for _ in 0..r {
                        x = x.without_lowest();
                    }
                    x.lowest()
                } else {
                    f.rest.lowest()
                };
                f.rest &= !B::bit(pick);
                f.k += 1;
                if refute && f.unit == NO_UNIT {
                    f.value = pick as u32;
                }
                let (k, m) = (f.k as usize, f.m as usize);
                let (cell, v) = if f.unit == NO_UNIT {
                    (f.cell as usize, pick)
                } else {
                    (self.g.unit(f.unit as usize)[pick] as usize, f.value as usize)
                };
                let d = self.b.frames.len() - 1;
                if k > 1 {
                    self.search.backtrack(d);
                }
                self.copy_slot(d, d + 1);
                self.depth = d + 1;
                guesses += 1;
                self.search.guess(d + 1, cell, (v + 1) as Value, k, m);
                if !self.search.node() {
                    return RunEnd::Stop;
                }
                match self.assign(cell, v).and_then(|()| self.propagate()) {
                    Ok(()) => continue 'node,
                    Err(cause) => self.conflict(cause),
                }
            }
        }
    }

    /// Removes value bit `v` from `cell` at the current level (a refuted decision) and
    /// propagates.
    fn refute(&mut self, cell: usize, v: usize) -> Result<(), ConflictCause> {
        if TRACE {
            self.search.eliminate(cell, (v + 1) as Value, self.depth);
        }
        self.remove(cell, B::bit(v))?;
        self.propagate()
    }

    /// Reports the grid of the current slot as a solution, unless a restart found it before.
    fn solution(&mut self) -> std::ops::ControlFlow<()> {
        let cells = self.g.cells;
        let grid = &self.b.grid[self.depth * cells..(self.depth + 1) * cells];
        if self.random && self.b.found.iter().any(|f| f.as_slice() == grid) {
            return std::ops::ControlFlow::Continue(());
        }
        if self.keep {
            self.b.found.push(grid.to_vec());
        }
        let n = self.g.n;
        self.search.solution(|| Grid::from_values(n, grid.to_vec()).expect("values in range"))
    }
}

/// A conflict with no cause in puzzle terms (a Hall set: fewer values than cells): not traced.
const HALL_VIOLATION: ConflictCause = ConflictCause::NoOption { item: usize::MAX };

/// Kuhn's augmenting path from cell `i` (bitset adjacency to values); true when `i` got a mate.
fn augment<B: Bits>(
    i: usize,
    adj: &[B; 64],
    visited: &mut B,
    mate_of_value: &mut [u8; 64],
    mate_of_cell: &mut [u8; 64],
) -> bool {
    for v in (adj[i] & !*visited).iter() {
        *visited |= B::bit(v);
        let m = mate_of_value[v];
        if m == u8::MAX || augment(usize::from(m), adj, visited, mate_of_value, mate_of_cell) {
            mate_of_value[v] = i as u8;
            mate_of_cell[i] = v as u8;
            return true;
        }
    }
    false
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, … (i from 1).
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // Find k with 2^k - 1 >= i.
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{DOM_POWER, luby};

    #[test]
    fn dom_power_is_k_to_the_1_4_scaled_and_increasing() {
        for (k, &d) in DOM_POWER.iter().enumerate() {
            let exact = (k as f64).powf(1.4) * 1024.0;
            assert!((d as f64 - exact).abs() <= 0.5, "k = {k}: {d} against {exact}");
        }
        assert!(DOM_POWER.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn luby_sequence_starts_as_published() {
        let seq: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(seq, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
