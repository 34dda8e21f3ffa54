//! Puzzles made and rated (`coverlab generate`, `coverlab rate`).
//!
//! - [`fill`]: a random full grid for any spec (a randomised search, then the spec's symmetries);
//! - [`Generator`]: givens removed from a full grid, an orbit of the chosen [`Symmetry`] at a
//!   time, keeping the solution unique, down to a clue count or to a minimal puzzle;
//! - [`jigsaw`]: random layouts of n connected regions for any n;
//! - [`rate`]: the difficulty scale that `--difficulty` and `coverlab rate` use.
//!
//! Everything is a function of the seed and the puzzle's index: the same request gives the same
//! puzzles on every machine, however many threads share the work.
//!
//! The crate drives searches but names none: it needs only the engine's [`Strategy`] trait. The
//! searches it runs come in a [`Worker`] (the uniqueness checker and prover, the randomised
//! filler, the rater's four searches), which `coverlab_strategies::generation::worker()` builds
//! from the registered strategies:
//!
//! ```ignore
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
//!
//! (That example runs as a doc test of `coverlab_strategies::generation`, which can build a
//! worker; this crate cannot.)

pub mod fill;
pub mod jigsaw;
pub mod rate;
mod symmetry;

use std::sync::Arc;

use coverlab_engine::{Limits, NullSink, Rng, Status, StopReason, Strategy};
use coverlab_model::{Cell, Grid, Model, Puzzle};

pub use fill::FillError;
pub use rate::{Level, Rater, Rating, Scale, Unrated};
pub use symmetry::Symmetry;

/// Search nodes the fast uniqueness check may take. When the target is a clue count, a check
/// that needs more keeps its givens (the puzzle stays provably unique; it just keeps a given it
/// might have lost); for minimal puzzles, CaDiCaL decides it.
pub const CHECK_NODES: u64 = 50_000;

/// Grids tried per puzzle, by default, before a target is declared out of reach.
pub const DEFAULT_ATTEMPTS: u32 = 1_000;

/// Where the puzzles live.
#[derive(Debug, Clone)]
pub enum Layout {
    /// One spec for every puzzle.
    Spec(Arc<Model>),
    /// A new random jigsaw layout of this size for every puzzle.
    RandomJigsaw(usize),
}

/// How many givens to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Full grids only: no given removed.
    Full,
    /// Remove until no given (no orbit, with a symmetry) can go without a second solution.
    Minimal,
    /// Remove until at most this many givens remain (exactly this many without a symmetry).
    Clues(usize),
    /// With a difficulty below `expert`: remove while the puzzle stays at or below that level
    /// (it is "minimal for its level"); without one, the same as `Minimal`.
    ForLevel,
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct Request {
    /// The spec, or random jigsaw layouts.
    pub layout: Layout,
    /// How many givens to keep.
    pub target: Target,
    /// The symmetry of the givens' positions.
    pub symmetry: Symmetry,
    /// The difficulty wanted (on the [`rate`] scale), if any.
    pub difficulty: Option<Level>,
    /// A range on another scale the puzzle's rating must fall in, if any (`generate
    /// --min-rating/--max-rating`: Sudoku Explainer's ER).
    pub rating: Option<RatingRange>,
    /// The seed every puzzle's randomness derives from.
    pub seed: u64,
    /// Full grids tried per puzzle before giving up on the target.
    pub attempts: u32,
}

impl Request {
    /// Minimal-for-level puzzles without symmetry, any difficulty.
    pub fn new(layout: Layout, seed: u64) -> Request {
        Request {
            layout,
            target: Target::ForLevel,
            symmetry: Symmetry::None,
            difficulty: None,
            rating: None,
            seed,
            attempts: DEFAULT_ATTEMPTS,
        }
    }
}

/// A range on a scale this crate does not hold (the caller gives the rating function):
/// puzzles rated outside it, or not rated, are drawn again like those of another level.
#[derive(Debug, Clone, Copy)]
pub struct RatingRange {
    /// The rating of a puzzle with one solution, in tenths; `None`: it gets none.
    pub rate: fn(&Puzzle) -> Option<u32>,
    /// The lowest rating accepted, in tenths.
    pub min: u32,
    /// The highest rating accepted, in tenths.
    pub max: u32,
}

impl RatingRange {
    /// Whether `puzzle` is rated within the range.
    pub fn accepts(&self, puzzle: &Puzzle) -> bool {
        (self.rate)(puzzle).is_some_and(|r| (self.min..=self.max).contains(&r))
    }
}

/// A generated puzzle.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Its spec (for random jigsaws, made for it).
    pub model: Arc<Model>,
    /// The givens (the whole grid with [`Target::Full`]).
    pub givens: Grid,
    /// The unique solution.
    pub solution: Grid,
    /// Its rating (none for full grids).
    pub rating: Option<Rating>,
    /// Full grids tried to make it (1 when the first one did).
    pub attempts: u32,
}

/// Why a puzzle was not generated.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The spec has no full grid, or none was found within the search's budget.
    Fill(FillError),
    /// No grid reached the target in `attempts` tries.
    Unreached {
        /// Grids tried.
        attempts: u32,
        /// The fewest givens any of them kept.
        fewest: usize,
        /// How many of them ended at each level (easy, medium, hard, expert).
        levels: [u32; 4],
    },
    /// A deadline or an interrupt stopped it.
    Stopped(StopReason),
}

/// A randomised search for completing a grid, from a seed: it must find a solution when one
/// exists within its node budget, and different seeds should find different ones.
pub type Filler = Box<dyn Fn(u64) -> Box<dyn Strategy> + Send + Sync>;

/// The per-thread state of generation: the searches it runs, reused from puzzle to puzzle.
pub struct Worker {
    checker: Box<dyn Strategy>,
    /// For the checks the checker leaves undecided within [`CHECK_NODES`]: a search that decides
    /// uniqueness on sparse grids where a propagating search can take minutes (CaDiCaL).
    prover: Box<dyn Strategy>,
    filler: Filler,
    rater: Rater,
}

impl Worker {
    /// A worker running these searches: `checker` for uniqueness within [`CHECK_NODES`], `prover`
    /// for the checks it leaves open, `filler` for full grids, `rater` for levels.
    pub fn new(checker: Box<dyn Strategy>, prover: Box<dyn Strategy>, filler: Filler, rater: Rater) -> Worker {
        Worker { checker, prover, filler, rater }
    }

    /// The rater, for rating puzzles that were not generated here.
    pub fn rater(&mut self) -> &mut Rater {
        &mut self.rater
    }

    /// Whether `puzzle` has exactly one solution. With `decide`, every check is decided (the
    /// checker first, for [`CHECK_NODES`] nodes, then the prover); without, `None` when the
    /// checker did not decide within its cap.
    fn unique(&mut self, puzzle: &Puzzle, limits: &Limits, decide: bool) -> Result<Option<bool>, StopReason> {
        let capped = Limits { max_solutions: 2, keep_solutions: 0, max_nodes: Some(CHECK_NODES), ..limits.clone() };
        let outcome = self.checker.solve(puzzle, &capped, &mut NullSink);
        let unique = match outcome.status {
            Status::Stopped(reason @ (StopReason::Deadline | StopReason::Interrupted)) => return Err(reason),
            _ => outcome.unique(),
        };
        if unique.is_some() || !decide {
            return Ok(unique);
        }
        let limits = Limits { max_solutions: 2, keep_solutions: 0, ..limits.clone() };
        let outcome = self.prover.solve(puzzle, &limits, &mut NullSink);
        match outcome.status {
            Status::Stopped(reason @ (StopReason::Deadline | StopReason::Interrupted)) => Err(reason),
            _ => Ok(outcome.unique()),
        }
    }
}

/// Makes puzzles for one request.
pub struct Generator {
    request: Request,
}

/// What decides whether a removal is kept.
#[derive(Clone, Copy)]
enum Keep {
    /// The solution stays unique: every check decided (`true`), or a check the fast checker
    /// leaves open within [`CHECK_NODES`] keeps its givens (`false`).
    Unique(bool),
    /// The deductions of this level still solve the puzzle without a guess.
    Logic(Level),
}

impl Generator {
    /// A generator for `request`.
    pub fn new(request: Request) -> Generator {
        Generator { request }
    }

    /// The request.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// The randomness of puzzle `index`: a function of the seed and the index only.
    fn rng(&self, index: u64) -> Rng {
        let base = Rng::new(self.request.seed).next_u64();
        Rng::new(base ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    /// Puzzle number `index` (any number: 1 for the first) of the request.
    pub fn generate(&self, worker: &mut Worker, index: u64, limits: &Limits) -> Result<Generated, Failure> {
        let request = &self.request;
        let mut rng = self.rng(index);
        let mut fewest = usize::MAX;
        let mut levels = [0; 4];
        let mut last_fill = None;
        for attempt in 1..=request.attempts.max(1) {
            if let Some(reason) = limits.expired() {
                return Err(Failure::Stopped(reason));
            }
            let model = match &request.layout {
                Layout::Spec(model) => model.clone(),
                Layout::RandomJigsaw(n) => {
                    let region = jigsaw::random_regions(*n, &mut rng);
                    let name = format!("jigsaw-{n}x{n}-s{}-{index}", request.seed);
                    let spec = jigsaw::spec(name, &region, *n);
                    Arc::new(Model::compile(spec).expect("a random layout is a valid jigsaw spec"))
                }
            };
            // A random layout that resists two searches is replaced rather than searched on.
            let tries = if matches!(request.layout, Layout::RandomJigsaw(_)) { 2 } else { fill::TRIES };
            let solution = match fill::full_grid(&model, &mut rng, limits, tries, &worker.filler) {
                Ok(grid) => grid,
                Err(FillError::Stopped(reason)) => return Err(Failure::Stopped(reason)),
                Err(e) if matches!(request.layout, Layout::RandomJigsaw(_)) => {
                    last_fill = Some(e);
                    continue; // another layout
                }
                Err(e) => return Err(Failure::Fill(e)),
            };
            if request.target == Target::Full {
                return Ok(Generated { model, givens: solution.clone(), solution, rating: None, attempts: attempt });
            }
            let keep = match (request.target, request.difficulty) {
                (Target::ForLevel, Some(level)) if level < Level::Expert => Keep::Logic(level),
                (Target::Clues(_), _) => Keep::Unique(false),
                _ => Keep::Unique(true),
            };
            let givens = self.dig(worker, &model, &solution, keep, &mut rng, limits)?;
            let clues = givens.filled();
            fewest = fewest.min(clues);
            if let Target::Clues(k) = request.target
                && clues > k
            {
                continue;
            }
            let puzzle = Puzzle::new_unchecked(model.clone(), givens.clone());
            let rating = match worker.rater.rate(&puzzle, limits) {
                Ok(rating) => rating,
                Err(Unrated::Stopped(reason)) => return Err(Failure::Stopped(reason)),
                Err(Unrated::NoSolution) => unreachable!("givens taken from a full grid have a solution"),
            };
            levels[rating.level as usize] += 1;
            if request.difficulty.is_some_and(|level| level != rating.level)
                || request.rating.is_some_and(|range| !range.accepts(&puzzle))
            {
                continue;
            }
            return Ok(Generated { model, givens, solution, rating: Some(rating), attempts: attempt });
        }
        if fewest == usize::MAX
            && let Some(e) = last_fill
        {
            return Err(Failure::Fill(e));
        }
        Err(Failure::Unreached { attempts: request.attempts.max(1), fewest, levels })
    }

    /// Removes givens from `solution`, an orbit at a time in a random order, keeping each removal
    /// that `keep` allows, until the target is met or every orbit has been tried.
    ///
    /// One pass suffices for minimality: a removal refused once is refused for good, since
    /// removing other givens later can only add solutions (or take deductions away).
    fn dig(
        &self,
        worker: &mut Worker,
        model: &Arc<Model>,
        solution: &Grid,
        keep: Keep,
        rng: &mut Rng,
        limits: &Limits,
    ) -> Result<Grid, Failure> {
        let n = model.size();
        let mut orbits = self.request.symmetry.orbits(n);
        rng.shuffle(&mut orbits);
        let target = match self.request.target {
            Target::Clues(k) => k,
            _ => 0,
        };
        let mut givens = solution.clone();
        let mut count = n * n;
        let mut skipped: Vec<&Vec<Cell>> = Vec::new();
        // First pass: orbits that do not take the count below the target; then those that do
        // (a symmetric puzzle may have to end a little below it).
        for pass in 0..2 {
            let todo: Vec<&Vec<Cell>> = if pass == 0 { orbits.iter().collect() } else { std::mem::take(&mut skipped) };
            for orbit in todo {
                if count <= target {
                    return Ok(givens);
                }
                // Each check may end within a strategy's first deadline check (a nearly full
                // 64×64 grid is solved in a few hundred nodes): the loop looks for itself.
                if let Some(reason) = limits.expired() {
                    return Err(Failure::Stopped(reason));
                }
                if pass == 0 && count - orbit.len() < target {
                    skipped.push(orbit);
                    continue;
                }
                for &cell in orbit {
                    givens.set(cell, 0);
                }
                let puzzle = Puzzle::new_unchecked(model.clone(), givens.clone());
                let kept = match keep {
                    Keep::Unique(decide) => {
                        worker.unique(&puzzle, limits, decide).map_err(Failure::Stopped)? == Some(true)
                    }
                    Keep::Logic(level) => match worker.rater.solves_at(&puzzle, level, limits) {
                        Some(solves) => solves,
                        None => return Err(Failure::Stopped(limits.expired().unwrap_or(StopReason::Deadline))),
                    },
                };
                if kept {
                    count -= orbit.len();
                } else {
                    for &cell in orbit {
                        givens.set(cell, solution.get(cell));
                    }
                }
            }
        }
        Ok(givens)
    }
}
