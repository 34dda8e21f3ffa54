//! `sat`: the puzzle's exact-cover model handed to a SAT solver, CaDiCaL. The `cadical` crate
//! builds CaDiCaL's C++ sources with the system C++ compiler; `sat/cadical.rs` calls its C API.
//!
//! Source: the direct ("extended") SAT encoding of sudoku (Lynce and Ouaknine, "Sudoku as a SAT
//! problem", 2006), restricted to the free part of the grid as in Kwon and Jain ("Optimized CNF
//! encoding for sudoku puzzles", 2006), solved by CaDiCaL (Biere et al.), a CDCL solver with
//! inprocessing: the reference a CDCL search of our own would have to beat, and the engine behind
//! `auto`'s hand-over on large grids.
//!
//! # Encoding
//! - Start from the givens and remove every value a peer holds; a variable is each remaining
//!   (cell, value) option of an empty cell.
//! - Each primary item of the exact-cover matrix (a cell; a house and a value not given in it)
//!   gets an at-least-one clause over its remaining options and an at-most-one; each secondary
//!   item (an at-most-once group and a value) an at-most-one only.
//! - At-most-one is pairwise, except that when the sets above [`PAIRWISE_MAX`] options would
//!   take more than [`PAIRWISE_BUDGET`] clauses pairwise, the largest of them get Sinz's
//!   sequential counter instead (see `pairwise_bound`). A pair of options shared by two units
//!   (a row and a box) is excluded once, not twice.
//! - An item with no option left is a contradiction found while encoding (count 0, with a
//!   `conflict` event); so are clashing givens.
//! - Constraints beyond houses (cages' sums, thermometers, arrows, dots, lines, sandwiches) get
//!   the clauses of `sat/constraints.rs`: binary clauses for pair relations, and an automaton
//!   over partial sums for sums and sandwiches.
//!
//! Measured on the 18 Frisch 25×25 puzzles (`gecode_frisch_18.txt`, one thread, 30 s cap), CaDiCaL
//! with this encoding solved 18/18 (sum 28 s). The minimal encodings lose badly: cells exactly
//! one plus house-value at-most-one only, 6/18; cells exactly one plus house-value at-least-one
//! only, 2/18. The sequential counter for sets above 6 was slower than pairwise (18/18, sum 53 s).
//!
//! # kissat, for a hand-over's first solution
//! When `fast` hands a search over (`finish`, `auto` on large grids) with no solution found yet
//! and one wanted (or two with a bounded look for the second, as plain `coverlab solve` asks),
//! each call goes to a fresh kissat (`sat/kissat.rs`, the `kissat` crate: the SAT Competition
//! 2021 kissat) on the same encoding, the solutions found before blocked. With two threads or
//! more, two kissats race, the second on the formula with every literal negated (it starts from
//! the opposite phases, and its times are as good as independent of the first's). On the Frisch
//! 25×25 first solutions this took 13.2 s in all against CaDiCaL's 31.0 s (slowest 2.8 s against
//! 6.4 s), and the race took the slowest to 2.0 s (strategies/PERFORMANCE.md). kissat answers
//! one call per solver, so a count goes to CaDiCaL from the start: its incremental calls keep
//! what each solution taught it (kissat first and CaDiCaL's proof from scratch took 1.17× as
//! long on the Frisch uniqueness proofs). The plain `sat` strategy is CaDiCaL's alone.
//!
//! # Counting
//! After each model, a clause forbidding the free cells' chosen values is added and the solver
//! runs again (incrementally, keeping what it learned), until it answers unsatisfiable or a limit
//! is hit.
//!
//! # Limits and stats
//! CaDiCaL's inner search is not traced and has no nodes of its own, so:
//! - `nodes`: one per SAT call plus one per clause CaDiCaL learns (its conflicts, counted
//!   through its learner hook); CaDiCaL's own decisions are not counted anywhere. Each call gets
//!   the nodes left as CaDiCaL's conflict limit, and its terminate hook reads the clock (CaDiCaL
//!   polls it every few search steps); a call cut short by either gives `Stopped(NodeLimit)`
//!   (the nodes then equal the limit) or `Stopped(Deadline)`, with only the solutions found
//!   before it counted. kissat's call
//!   counts one node and no conflicts (its API does not report them); it gets the nodes left
//!   as its conflict limit too, and is stopped at the deadline by a watcher thread.
//! - `guesses`: the `guess` events below (one per solution), as for every strategy.
//! - `backtracks`: the `backtrack` events (one before every solution after the first).
//! - `placements`: the free cells covered, per solution (the `place … cover` events).
//!
//! # Trace
//! `start` and the givens; then, per solution: `backtrack d0` (from the second on), a `guess` at
//! depth 1 for the first free cell with two or more candidates (alternative 1 of them), every
//! other free cell placed as `cover` at depth 1 (at depth 0 when every free cell had one
//! candidate), and `solution`; then `stop`. A contradiction found while encoding
//! is a `conflict` at depth 0 (no candidates for a cell, or no place for a value in a house).
//!
//! # Threads: a portfolio
//! With `Limits::threads` above 1 (the CLI's `--jobs N` given for fewer than N puzzles), one
//! CaDiCaL per thread gets the same clauses, each with its own configuration or seed
//! (`flavour`); on every call they race, the first answer stops the others, and each model is
//! blocked in all of them. Counts and unique solutions are as with one thread; which of several
//! solutions comes first, and the stats, depend on which copy wins. The trace has the same
//! shape either way (it is written from the answer, not from the race).
//!
//! # Without CaDiCaL and kissat
//! Built without the `sat` feature (no C++ compiler), this module keeps its encoding and hands
//! it to batsat, a pure-Rust CDCL solver (`sat/rust_sat.rs`, the `batsat` strategy, which every
//! build has): `fast`'s hand-over ([`BUILT_IN`] false) goes there, and the registry lists no
//! `sat` and no `fast-sat`. With the `kissat` feature alone (kissat is C: the page in
//! WebAssembly builds it with clang, `sat/wasm_libc.rs` giving it the C library functions it
//! calls), the hand-over's first solution is kissat's as above, and batsat does CaDiCaL's part.
//!
//! # Other SAT solvers
//! [`write_dimacs`] writes the same encoding as DIMACS CNF (`cargo run --release -p
//! coverlab-strategies --example dimacs -- FILE LINE`), to run any other solver on it.

#[cfg(feature = "sat")]
mod cadical;
mod constraints;
#[cfg(feature = "kissat")]
mod kissat;
mod rust_sat;
#[cfg(all(feature = "kissat", target_arch = "wasm32"))]
mod wasm_libc;

#[cfg(feature = "sat")]
use std::ffi::CStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(feature = "kissat")]
use std::sync::mpsc;
#[cfg(feature = "kissat")]
use std::time::Duration;
use std::time::Instant;

#[cfg(feature = "sat")]
use cadical::Cadical;
use coverlab_engine::{ConflictCause, Limits, Outcome, PlaceReason, Search, Strategy, TraceSink};
use coverlab_model::{Cell, Grid, Model, Puzzle, Value};
#[cfg(not(feature = "kissat"))]
pub(crate) use rust_sat::finish;
/// batsat's hand-over (for the tests of its internals).
#[doc(hidden)]
pub use rust_sat::finish as batsat_finish;
pub use rust_sat::{Batsat, NAME as BATSAT};

/// Sets of up to this many options always get their at-most-one pairwise. Pairwise is faster
/// where sets are small (Frisch 25×25: 28 s against 53 s with the counter above 6).
pub const PAIRWISE_MAX: usize = 16;

/// Whether CaDiCaL and kissat are built in (the `sat` feature, on by default). Without them,
/// `fast` hands over to batsat (`sat/rust_sat.rs`), or to kissat and then batsat with the
/// `kissat` feature alone ([`KISSAT`]).
pub const BUILT_IN: bool = cfg!(feature = "sat");

/// Whether kissat is built in (the `kissat` feature, which `sat` brings; the page has it alone):
/// a hand-over's first solution is then kissat's.
pub const KISSAT: bool = cfg!(feature = "kissat");

/// The answer of one call of CaDiCaL or kissat.
#[cfg(feature = "kissat")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    Sat,
    Unsat,
    /// Stopped by a limit, the deadline or the stop flag.
    Unknown,
}

/// A formula with this many variables is large (an empty 40×40 grid has about 64,000): its
/// solvers are released on a thread of their own, and CaDiCaL reads the clock at every poll.
#[cfg(feature = "kissat")]
pub(crate) const LARGE_VARS: i32 = 50_000;

/// The clauses the sets above [`PAIRWISE_MAX`] may take pairwise, in all: past it the largest
/// sets get the sequential counter, whose clauses grow with the set, not with its square. The
/// counter costs kissat dearly on loose large grids: with it, the 2021 kissat solved 46 of 50
/// 49×49 grids past the hard band (70–80 % holes) within 10 s, median 2.77 s; pairwise, all 50,
/// median 0.63 s, slowest 1.96 s (strategies/PERFORMANCE.md). The budget bounds memory instead:
/// the empty 64×64 would take about 33 million clauses pairwise (2.8 GB in CaDiCaL); a 64×64
/// grid with 80 % holes takes about 8 million of them (1.2 GB in CaDiCaL, 0.23 GB in kissat).
pub const PAIRWISE_BUDGET: u64 = 10_000_000;

/// CaDiCaL's configuration: `sat` (stable mode only: target phases, fewer restarts) solved the
/// Frisch 25×25 puzzles in 22 s against 32 s for `default`, and proved their uniqueness in
/// 47 s against 62 s.
#[cfg(feature = "sat")]
const CONFIG: &CStr = c"sat";

/// A portfolio's solver `i`: CaDiCaL's configuration and seed. Solver 0 is the one-thread
/// solver. The others alternate `default` (which also runs CaDiCaL's focused mode, with many
/// restarts) and `sat`, with new seeds. On the 18 Frisch 25×25 puzzles (CaDiCaL's own binary on
/// our DIMACS, 15 s cap, one run each) the best of `sat` and `default` per puzzle had a largest
/// time of 5.9 s and a second largest of 3.3 s; the best of `sat` with seeds 0 and 1, 5.9 s and
/// 5.9 s: the configurations differ more than the seeds do.
#[cfg(feature = "sat")]
fn flavour(i: usize) -> (&'static CStr, i32) {
    let config = if i.is_multiple_of(2) { CONFIG } else { c"default" };
    (config, (i / 2) as i32)
}

#[cfg(feature = "sat")]
/// The SAT strategy: the exact-cover model handed to CaDiCaL.
#[derive(Debug, Default)]
pub struct Sat;

#[cfg(feature = "sat")]
impl Strategy for Sat {
    fn name(&self) -> &str {
        "sat"
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        run(puzzle, limits, &mut search, None, &[]);
        search.finish()
    }
}

/// Stands in for the `sat` strategy in the registry's table when CaDiCaL is not built in: the
/// registry lists no `sat` then, naming it when asked for (`registry::resolve`), so this is never
/// run.
#[cfg(not(feature = "sat"))]
#[derive(Debug, Default)]
pub struct Sat;

#[cfg(not(feature = "sat"))]
impl Strategy for Sat {
    fn name(&self) -> &str {
        "sat"
    }

    fn solve(&mut self, _: &Puzzle, _: &Limits, _: &mut dyn TraceSink) -> Outcome {
        unreachable!("the registry does not build `sat` without the `sat` feature")
    }
}

/// One CaDiCaL solver per thread, all given the same clauses, racing on each call: the first
/// to answer stops the others. Their configurations or seeds differ ([`flavour`]), so their
/// searches do; on the Frisch 25×25 puzzles a puzzle's time varies several-fold between them
/// (strategies/PERFORMANCE.md), and the race takes the best.
#[cfg(feature = "sat")]
struct Portfolio {
    solvers: Vec<Cadical>,
    stop: Arc<AtomicBool>,
    /// The variables reserved: the formula's size.
    vars: i32,
    /// The deadline and the interrupt flag, watched from outside a call on a large formula.
    limits: Limits,
}

/// A formula with at least this many variables is solved on a thread of its own, watched from
/// the caller: inside a call CaDiCaL polls its terminate hook only between steps, and on a large
/// formula a step (an inprocessing round) can take a tenth of a second. The caller returns at
/// the deadline whatever CaDiCaL is doing, and the thread ends at its next poll.
#[cfg(feature = "kissat")]
const WATCHED_VARS: i32 = 20_000;

/// How often a watched call looks at the clock and the interrupt flag.
#[cfg(feature = "kissat")]
const WATCH_EVERY: Duration = Duration::from_millis(5);

#[cfg(feature = "sat")]
impl Portfolio {
    /// One CaDiCaL per thread.
    fn new(limits: &Limits) -> Portfolio {
        let threads = limits.threads;
        let stop = Arc::new(AtomicBool::new(false));
        let solvers = (0..threads.max(1))
            .map(|i| {
                let (config, seed) = flavour(i);
                let mut solver = Cadical::new(config, seed);
                solver.hooks().stops = Stops::new(limits, Some(stop.clone()));
                solver
            })
            .collect();
        Portfolio { solvers, stop, vars: 0, limits: limits.clone() }
    }

    /// Runs every solver, each with at most `conflicts` conflicts; the answer, the index of the
    /// solver that gave it, and the conflicts of all of them. A watched call (see
    /// [`WATCHED_VARS`]) cut short by the limits gives `Unknown` and leaves no solver behind.
    fn solve(&mut self, conflicts: Option<i32>) -> (Answer, usize, u64) {
        for solver in &mut self.solvers {
            solver.hooks().learned = 0;
            if let Some(conflicts) = conflicts {
                solver.limit_conflicts(conflicts);
            }
        }
        self.stop.store(false, Ordering::Relaxed);
        let watched = self.vars >= WATCHED_VARS && (self.limits.deadline.is_some() || self.limits.interrupt.is_some());
        let answers = if watched {
            let mut solvers = std::mem::take(&mut self.solvers);
            let stop = self.stop.clone();
            let answered = watch(&self.limits, move || {
                let answers = race(&mut solvers, &stop);
                (solvers, answers)
            });
            match answered {
                Some((solvers, answers)) => {
                    self.solvers = solvers;
                    answers
                }
                None => {
                    self.stop.store(true, Ordering::Relaxed); // the thread ends at its next poll
                    return (Answer::Unknown, 0, 0);
                }
            }
        } else {
            race(&mut self.solvers, &self.stop)
        };
        let learned = self.solvers.iter_mut().map(|s| s.hooks().learned).sum();
        let winner = answers.iter().position(|&a| a != Answer::Unknown).unwrap_or(0);
        (answers[winner], winner, learned)
    }
}

/// Runs `work` on a thread of its own and waits for its result, looking at `limits` every
/// [`WATCH_EVERY`]: `None` once they expire first (the deadline, an interrupt). The thread is
/// then left to finish on its own (it watches the same limits) and its result is dropped there.
#[cfg(feature = "kissat")]
fn watch<T: Send + 'static>(limits: &Limits, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new().name("coverlab-sat".into()).spawn(move || {
        let _ = tx.send(work());
    });
    if spawned.is_err() {
        return None;
    }
    loop {
        match rx.recv_timeout(WATCH_EVERY) {
            Ok(result) => return Some(result),
            Err(mpsc::RecvTimeoutError::Timeout) if limits.expired().is_some() => return None,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => panic!("a SAT thread does not panic"),
        }
    }
}

/// What stops a SAT call early, for CaDiCaL's terminate hook and kissat's watcher alike.
#[derive(Debug, Default, Clone)]
pub(crate) struct Stops {
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop once the user interrupts the run (`Limits::interrupt`).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Stop once another thread raises this (a racer answered).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Stops {
    /// The deadline and interrupt of `limits`, and the racers' flag `stop`.
    fn new(limits: &Limits, stop: Option<Arc<AtomicBool>>) -> Stops {
        Stops { deadline: limits.deadline, interrupt: limits.interrupt.clone(), stop }
    }

    /// Something may stop a call.
    #[cfg(feature = "kissat")]
    pub fn any(&self) -> bool {
        self.deadline.is_some() || self.interrupt.is_some() || self.stop.is_some()
    }

    /// The interrupt or the racers' flag is raised.
    pub fn raised(&self) -> bool {
        let raised = |flag: &Option<Arc<AtomicBool>>| flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
        raised(&self.stop) || raised(&self.interrupt)
    }

    /// The deadline has passed.
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// A call must stop now.
    pub fn reached(&self) -> bool {
        self.raised() || self.past_deadline()
    }
}

/// A SAT solver's one call on the clauses it holds, for [`race`].
#[cfg(feature = "kissat")]
trait Solve: Send {
    fn solve(&mut self) -> Answer;
}

#[cfg(feature = "sat")]
impl Solve for Cadical {
    fn solve(&mut self) -> Answer {
        Cadical::solve(self)
    }
}

#[cfg(feature = "kissat")]
impl Solve for kissat::Kissat {
    fn solve(&mut self) -> Answer {
        kissat::Kissat::solve(self)
    }
}

/// Runs one call of every solver, on a thread each beyond the first; the first to answer stops
/// the others. The answers, in solver order.
#[cfg(feature = "kissat")]
fn race<S: Solve>(solvers: &mut [S], stop: &AtomicBool) -> Vec<Answer> {
    let race = |solver: &mut S| {
        let answer = solver.solve();
        if answer != Answer::Unknown {
            stop.store(true, Ordering::Relaxed);
        }
        answer
    };
    match solvers {
        [one] => vec![one.solve()],
        [first, rest @ ..] => std::thread::scope(|scope| {
            let others: Vec<_> = rest.iter_mut().map(|s| scope.spawn(move || race(s))).collect();
            let mut answers = vec![race(first)];
            answers.extend(others.into_iter().map(|h| h.join().expect("a SAT thread does not panic")));
            answers
        }),
        [] => unreachable!("a portfolio has a solver"),
    }
}

#[cfg(feature = "sat")]
impl Drop for Portfolio {
    /// A large formula's solvers are released on a thread of their own: freeing hundreds of
    /// megabytes of clauses takes a tenth of a second, which a caller with a deadline (or the
    /// next puzzle) need not wait for.
    fn drop(&mut self) {
        release_later(std::mem::take(&mut self.solvers), self.vars >= LARGE_VARS);
    }
}

#[cfg(feature = "sat")]
impl Clauses for Portfolio {
    fn reserve(&mut self, vars: i32) {
        self.vars = self.vars.max(vars);
        self.solvers.iter_mut().for_each(|s| s.reserve(vars));
    }

    fn add(&mut self, lits: &[i32]) {
        self.solvers.iter_mut().for_each(|s| s.add(lits));
    }
}

/// The free part of the puzzle as SAT variables.
struct Encoding {
    /// Each free cell, ascending, with its first variable and its number of variables (a cell's
    /// variables are consecutive, in ascending value order).
    free: Vec<(Cell, i32, usize)>,
    /// The value of each option variable (index: variable − 1).
    values: Vec<Value>,
    /// Every variable, the counters' included.
    vars: i32,
}

/// Where the encoding's clauses go: CaDiCaL, or a list written out as DIMACS.
#[doc(hidden)]
pub trait Clauses {
    /// The variables 1..=`vars` are about to be used.
    fn reserve(&mut self, _vars: i32) {}
    fn add(&mut self, lits: &[i32]);
}

impl Clauses for Vec<Vec<i32>> {
    fn add(&mut self, lits: &[i32]) {
        self.push(lits.to_vec());
    }
}

/// Why a puzzle has no encoding.
enum NoEncoding {
    /// Two givens clash (there is no single cause to name).
    Clash,
    /// A contradiction that shows while encoding.
    Conflict(ConflictCause),
    /// The deadline passed, or the run was interrupted, while encoding.
    Expired,
}

/// How many cells are encoded between two looks at the clock (and units: one at a time, each
/// holds n values' clauses). On a 64×64 grid the encoding has millions of clauses and takes
/// seconds, so it must honour the deadline too.
const ENCODE_CLOCK_EVERY: usize = 16;

/// Encodes the puzzle into `out`; the contradiction that shows while encoding, if one does.
/// With `allowed`, an empty cell's candidates are also limited to its bits. With `limits`,
/// encoding stops when they expire (the deadline, an interrupt). With `counter_above = Some(k)`,
/// every set above k options gets the sequential counter (for [`write_dimacs_with_counters`]);
/// else [`pairwise_bound`] decides.
fn encode(
    puzzle: &Puzzle,
    out: &mut impl Clauses,
    allowed: Option<&[u64]>,
    limits: Option<&Limits>,
    counter_above: Option<usize>,
) -> Result<Encoding, NoEncoding> {
    let model = puzzle.model();
    let n = model.size();
    let givens = puzzle.givens().values();
    let cells = givens.len();
    let expired = || limits.is_some_and(|l| l.expired().is_some());
    // Clashing givens: no solution.
    if coverlab_model::validate::find_conflict(model, puzzle.givens()).is_some() {
        return Err(NoEncoding::Clash);
    }
    // Candidates: every value no given peer holds.
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut var = vec![0i32; cells * n];
    let mut free = Vec::new();
    let mut values = Vec::new();
    for cell in (0..cells).filter(|&c| givens[c] == 0) {
        let taken = model.peers(cell).iter().fold(0u64, |m, &p| match givens[p as usize] {
            0 => m,
            v => m | 1 << (v - 1),
        });
        let candidates = full & !taken & allowed.map_or(u64::MAX, |a| a[cell]);
        if candidates == 0 {
            return Err(NoEncoding::Conflict(ConflictCause::NoCandidates { cell }));
        }
        let first = values.len() as i32 + 1;
        for v in (0..n).filter(|&v| candidates >> v & 1 == 1) {
            values.push((v + 1) as Value);
            var[cell * n + v] = values.len() as i32;
        }
        free.push((cell, first, candidates.count_ones() as usize));
    }
    let bound = counter_above.unwrap_or_else(|| pairwise_bound(&set_sizes(model, givens, &var, &free)));
    let mut next = values.len() as i32;
    out.reserve(next);
    let mut lits: Vec<i32> = Vec::with_capacity(n);
    let mut cells_of: Vec<Cell> = Vec::with_capacity(n);
    // Cells: exactly one value.
    for (i, &(_, first, count)) in free.iter().enumerate() {
        if i % ENCODE_CLOCK_EVERY == 0 && expired() {
            return Err(NoEncoding::Expired);
        }
        lits.clear();
        lits.extend(first..first + count as i32);
        out.add(&lits);
        at_most_one(out, &lits, bound, &mut next, None);
    }
    // Units: each value at least once in a house (unless given there), at most once in any unit.
    for (u, unit) in model.units().iter().enumerate() {
        if expired() {
            return Err(NoEncoding::Expired);
        }
        let given = given_in(&unit.cells, givens);
        for v in (0..n).filter(|&v| given >> v & 1 == 0) {
            lits.clear();
            cells_of.clear();
            for &c in &unit.cells {
                if var[c * n + v] != 0 {
                    lits.push(var[c * n + v]);
                    cells_of.push(c);
                }
            }
            if unit.exact {
                if lits.is_empty() {
                    return Err(NoEncoding::Conflict(ConflictCause::NoPlace { unit: u, value: (v + 1) as Value }));
                }
                out.add(&lits);
            }
            at_most_one(out, &lits, bound, &mut next, Some((model, u, &cells_of)));
        }
    }
    // Constraints beyond houses (sat/constraints.rs).
    if !model.constraints().is_empty() {
        constraints::encode(model, givens, &var, out, &mut next).map_err(NoEncoding::Conflict)?;
    }
    Ok(Encoding { free, values, vars: next })
}

/// The values given in `cells`, as bits.
fn given_in(cells: &[Cell], givens: &[Value]) -> u64 {
    cells.iter().fold(0, |m, &c| if givens[c] == 0 { m } else { m | 1 << (givens[c] - 1) })
}

/// How many at-most-one sets of each size (0..=64 options) the encoding has: one per free cell
/// (its candidates), one per unit and value not given in it (the value's places).
fn set_sizes(model: &Model, givens: &[Value], var: &[i32], free: &[(Cell, i32, usize)]) -> [u64; 65] {
    let n = model.size();
    let mut sizes = [0u64; 65];
    for &(_, _, count) in free {
        sizes[count] += 1;
    }
    let mut places = [0usize; 64];
    for unit in model.units() {
        places[..n].fill(0);
        for &c in unit.cells.iter().filter(|&&c| givens[c] == 0) {
            (0..n).filter(|&v| var[c * n + v] != 0).for_each(|v| places[v] += 1);
        }
        let given = given_in(&unit.cells, givens);
        for v in (0..n).filter(|&v| given >> v & 1 == 0) {
            sizes[places[v]] += 1;
        }
    }
    sizes
}

/// The largest set whose at-most-one is pairwise: every set of up to [`PAIRWISE_MAX`] options,
/// and larger ones, smallest first, while their pairwise clauses stay within
/// [`PAIRWISE_BUDGET`] in all (an upper bound: pairs that two units share are added once).
#[doc(hidden)]
pub fn pairwise_bound(sizes: &[u64; 65]) -> usize {
    let mut spent = 0u64;
    let mut bound = PAIRWISE_MAX;
    for (k, &sets) in sizes.iter().enumerate().skip(PAIRWISE_MAX + 1) {
        spent = spent.saturating_add(sets.saturating_mul((k * (k - 1) / 2) as u64));
        if spent > PAIRWISE_BUDGET {
            break;
        }
        bound = k;
    }
    bound
}

/// Adds "at most one of `lits`": pairwise up to `bound` literals, Sinz's sequential counter
/// above. With `shared = (model, unit, cells)` (the cell of each literal), a pair of cells that
/// also share an earlier unit is skipped: that unit excluded it already.
#[doc(hidden)]
pub fn at_most_one(
    out: &mut impl Clauses,
    lits: &[i32],
    bound: usize,
    next: &mut i32,
    shared: Option<(&Model, usize, &[Cell])>,
) {
    let k = lits.len();
    if k <= bound {
        for i in 0..k {
            for j in i + 1..k {
                if let Some((model, unit, cells)) = shared
                    && first_common_unit(model, cells[i], cells[j]) != Some(unit)
                {
                    continue;
                }
                out.add(&[-lits[i], -lits[j]]);
            }
        }
        return;
    }
    // Sinz's sequential counter: s_i is true when one of lits[0..=i] is.
    let s = |i: usize| *next + 1 + i as i32;
    out.add(&[-lits[0], s(0)]);
    for (i, &lit) in lits.iter().enumerate().take(k - 1).skip(1) {
        out.add(&[-lit, s(i)]);
        out.add(&[-s(i - 1), s(i)]);
        out.add(&[-lit, -s(i - 1)]);
    }
    out.add(&[-lits[k - 1], -s(k - 2)]);
    *next += (k - 1) as i32;
}

/// Writes the puzzle's encoding (the one `sat` hands CaDiCaL) as DIMACS CNF, for other SAT
/// solvers. Comment lines give the symbols in value order (`c symbols 123…`) and map each free
/// cell to its variables: `c rRcC V:VALUE ...`. A puzzle whose contradiction shows while encoding
/// is written as the one empty clause.
pub fn write_dimacs(puzzle: &Puzzle, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    dimacs(puzzle, None, out)
}

/// [`write_dimacs`] with Sinz's sequential counter for every at-most-one set above `above`
/// options (`sat`'s encoding before 2026-11-26 for `above` = 16): kissat 4.0.4 solves the loose
/// 49×49 grids faster with it, so the hardness sweep runs the SAT peers on both.
pub fn write_dimacs_with_counters(puzzle: &Puzzle, above: usize, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    dimacs(puzzle, Some(above), out)
}

fn dimacs(puzzle: &Puzzle, counter_above: Option<usize>, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    let Ok(enc) = encode(puzzle, &mut clauses, None, None, counter_above) else {
        return writeln!(out, "p cnf 0 1\n0");
    };
    let n = puzzle.size();
    writeln!(out, "c symbols {}", puzzle.model().symbols().as_string())?;
    for &(cell, first, count) in &enc.free {
        write!(out, "c r{}c{}", cell / n + 1, cell % n + 1)?;
        for var in first..first + count as i32 {
            write!(out, " {var}:{}", enc.values[var as usize - 1])?;
        }
        writeln!(out)?;
    }
    writeln!(out, "p cnf {} {}", enc.vars, clauses.len())?;
    for clause in &clauses {
        for lit in clause {
            write!(out, "{lit} ")?;
        }
        writeln!(out, "0")?;
    }
    Ok(())
}

/// The first unit (lowest index) holding both cells.
fn first_common_unit(model: &Model, a: Cell, b: Cell) -> Option<usize> {
    let (ua, ub) = (model.units_of(a), model.units_of(b));
    let (mut i, mut j) = (0, 0);
    while i < ua.len() && j < ub.len() {
        match ua[i].cmp(&ub[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return Some(ua[i] as usize),
        }
    }
    None
}

/// Takes over a search another strategy started (`fast-sat`): `root` is its propagated root
/// grid (its deductions at level 0, so the solutions are the puzzle's), `found` the solutions it
/// already reported, blocked here so that none is counted twice; `allowed` the candidates left
/// at its root, one bit per value, for each empty cell. The trace must be back at level 0.
///
/// With kissat built in but not CaDiCaL (the `kissat` feature alone: the page), kissat finds
/// the first solution as here, and batsat takes CaDiCaL's part ([`rest`]).
#[cfg(feature = "kissat")]
pub(crate) fn finish(
    puzzle: &Puzzle,
    root: Vec<Value>,
    allowed: &[u64],
    found: &[Vec<Value>],
    search: &mut Search<'_>,
) {
    let limits = search.limits();
    let root = Grid::from_values(puzzle.size(), root).expect("values in range");
    let root = Puzzle::new_unchecked(puzzle.model_arc().clone(), root);
    let mut blocked = found.to_vec();
    // kissat for a first solution (asked for alone, or with a bounded look for a second: plain
    // `solve`); counting and uniqueness proofs go to CaDiCaL, whose incremental calls keep what
    // the first solution taught it (on the Frisch 25×25 puzzles, kissat's first solution and
    // then CaDiCaL's proof from scratch took 1.17× as long as CaDiCaL alone).
    let kissat = found.is_empty() && (limits.max_solutions == 1 || limits.uniqueness_nodes.is_some());
    if kissat {
        // The bounded look for a second solution is kissat's too (a fresh one, the first
        // solution blocked, the nodes left as its conflict limit): on half-blank 49×49 grids
        // CaDiCaL from scratch took seconds to use up those nodes where kissat finds another
        // solution at once.
        loop {
            match kissat_once(&root, limits, search, allowed, &blocked) {
                Some(solution) => {
                    // Back at level 0 for the next solution.
                    search.backtrack(0);
                    blocked.push(solution);
                    if limits.uniqueness_nodes.is_none() {
                        break;
                    }
                }
                None => return,
            }
        }
    }
    rest(&root, limits, search, Some(allowed), &blocked);
}

/// The grid size from which a hand-over's counting starts with batsat (`rest`; with CaDiCaL
/// built in).
pub const BATSAT_FIRST_FROM: usize = 16;

/// The conflicts batsat may spend in a hand-over's counting before CaDiCaL takes over.
pub const BATSAT_FIRST_CONFLICTS: u64 = 2_000;

/// What a hand-over does after kissat (or instead of it: counting): CaDiCaL's [`run`], or
/// batsat's without CaDiCaL.
#[cfg(feature = "kissat")]
fn rest(puzzle: &Puzzle, limits: &Limits, search: &mut Search<'_>, allowed: Option<&[u64]>, blocked: &[Vec<Value>]) {
    // From 16×16 up, batsat first for a few conflicts: CaDiCaL's start on a formula of that size
    // (over 10⁵ binary clauses) costs more than the whole search of an easy rest, which batsat,
    // lighter to start, settles; what is still open after the cap is CaDiCaL's, from the same
    // root (strategies/PERFORMANCE.md, "`auto` against the best strategy").
    #[cfg(feature = "sat")]
    if puzzle.size() >= BATSAT_FIRST_FROM {
        if let Some(blocked) =
            rust_sat::run_capped(puzzle, limits, search, allowed, blocked, Some(BATSAT_FIRST_CONFLICTS))
        {
            run(puzzle, limits, search, allowed, &blocked);
        }
        return;
    }
    #[cfg(feature = "sat")]
    run(puzzle, limits, search, allowed, blocked);
    #[cfg(not(feature = "sat"))]
    rust_sat::run(puzzle, limits, search, allowed, blocked);
}

/// One answer from a fresh kissat (one call on the hand-over's root, the solutions in `blocked`
/// excluded, the nodes left as its conflict limit): `None` when that settles the run (no
/// further solution, a limit, or the solution limit reached with this one), else the solution
/// it found and reported, to block in what looks for more. kissat finds solutions of the hard
/// large grids faster than CaDiCaL (strategies/PERFORMANCE.md), but it answers one call only
/// and reports no conflicts: its call counts as one node (all the nodes left, when it stops at
/// its conflict limit).
#[cfg(feature = "kissat")]
fn kissat_once(
    puzzle: &Puzzle,
    limits: &Limits,
    search: &mut Search<'_>,
    allowed: &[u64],
    blocked: &[Vec<Value>],
) -> Option<Vec<Value>> {
    // With two threads or more, two kissats race: the second sees every literal negated (the
    // same formula renamed), so its first phases say "not this value" where the first's say
    // "this value". Their times on a puzzle are as good as independent (strategies/PERFORMANCE.md).
    let racers = if limits.threads >= 2 { 2 } else { 1 };
    let stop = Arc::new(AtomicBool::new(false));
    let solvers: Vec<kissat::Kissat> = (0..racers)
        .map(|i| {
            let mut solver = kissat::Kissat::new(i == 1);
            solver.stops = Stops::new(limits, (racers > 1).then(|| stop.clone()));
            solver
        })
        .collect();
    let (mut solvers, enc) = encoded(search, encode_watched(puzzle, limits, Some(allowed), solvers))?;
    if enc.free.is_empty() {
        // Every cell given: CaDiCaL's path (or batsat's) settles it (the givens are the one
        // solution).
        rest(puzzle, limits, search, Some(allowed), blocked);
        return None;
    }
    for solution in blocked {
        if let Some(clause) = blocking_clause(&enc, solution) {
            solvers.add(&clause);
        }
    }
    if !search.nodes(1) {
        return None;
    }
    if let Some(max) = search.node_limit() {
        let left = u32::try_from(max.saturating_sub(search.stats().nodes)).unwrap_or(u32::MAX);
        solvers.iter_mut().for_each(|k| k.limit_conflicts(left));
    }
    let answers = race(&mut solvers, &stop);
    let winner = answers.iter().position(|&a| a != Answer::Unknown).unwrap_or(0);
    let found = match answers[winner] {
        Answer::Unsat => None,
        Answer::Unknown => {
            // The deadline, an interrupt, or the node limit (its conflicts are not known: the
            // node budget counts as spent).
            if limits.expired().is_none() {
                let left = search.node_limit().map_or(0, |max| max.saturating_sub(search.stats().nodes));
                search.nodes(left.saturating_add(1));
            } else {
                search.nodes(0);
            }
            None
        }
        Answer::Sat => {
            let mut grid = puzzle.givens().values().to_vec();
            let mut chosen = vec![0; enc.free.len()];
            let kissat = &mut solvers[winner];
            let flow = report(search, &enc, &mut grid, &mut chosen, false, |l| kissat.is_true(l));
            if flow.is_break() { None } else { Some(grid) }
        }
    };
    release_later(solvers, enc.vars >= LARGE_VARS);
    found
}

#[cfg(feature = "kissat")]
impl Clauses for Vec<kissat::Kissat> {
    fn reserve(&mut self, vars: i32) {
        self.iter_mut().for_each(|k| k.reserve(vars));
    }

    fn add(&mut self, lits: &[i32]) {
        self.iter_mut().for_each(|k| k.add(lits));
    }
}

/// Drops `solvers`, on a thread of its own when `large`: freeing hundreds of megabytes of
/// clauses takes a tenth of a second, which a caller with a deadline (or the next puzzle) need
/// not wait for.
#[cfg(feature = "kissat")]
fn release_later<S: Send + 'static>(solvers: S, large: bool) {
    if large {
        let _ = std::thread::Builder::new().name("coverlab-release".into()).spawn(move || drop(solvers));
    }
}

/// The outcome of [`encode_watched`]: the solver and the encoding, or `None` with the reason
/// recorded in `search`: the limits expired (on the watched thread or between cells), a
/// contradiction showed (a `conflict` event), or the givens clash (no solution, nothing to
/// trace).
fn encoded<S>(search: &mut Search<'_>, outcome: Option<(S, Result<Encoding, NoEncoding>)>) -> Option<(S, Encoding)> {
    match outcome {
        Some((solver, Ok(enc))) => Some((solver, enc)),
        None | Some((_, Err(NoEncoding::Expired))) => {
            search.nodes(0); // records the deadline or the interrupt as the reason to stop
            None
        }
        Some((_, Err(NoEncoding::Conflict(cause)))) => {
            search.conflict(0, cause);
            None
        }
        Some((_, Err(NoEncoding::Clash))) => None,
    }
}

/// Encodes `puzzle` into `solver`; a large formula on a watched thread (its clause store grows
/// by reallocation, one copy of which can take a tenth of a second that no clock check can
/// interrupt). `None`: the limits expired first.
#[cfg(feature = "kissat")]
fn encode_watched<S: Clauses + Send + 'static>(
    puzzle: &Puzzle,
    limits: &Limits,
    allowed: Option<&[u64]>,
    mut solver: S,
) -> Option<(S, Result<Encoding, NoEncoding>)> {
    let free = puzzle.givens().values().iter().filter(|&&v| v == 0).count();
    let large = free * puzzle.size() >= WATCHED_VARS as usize;
    if large && (limits.deadline.is_some() || limits.interrupt.is_some()) {
        let (puzzle, allowed, inner) = (puzzle.clone(), allowed.map(<[u64]>::to_vec), limits.clone());
        watch(limits, move || {
            let enc = encode(&puzzle, &mut solver, allowed.as_deref(), Some(&inner), None);
            (solver, enc)
        })
    } else {
        let enc = encode(puzzle, &mut solver, allowed, Some(limits), None);
        Some((solver, enc))
    }
}

/// What every solver's `run` does once the puzzle is encoded: when every cell is given (without a
/// clash) the givens are the one solution, reported unless `blocked` holds it, and `None` says
/// there is nothing to search; otherwise the solutions in `blocked` are excluded from `solver`
/// and the grid to fill (the givens' values) is returned.
fn start(
    puzzle: &Puzzle,
    enc: &Encoding,
    solver: &mut impl Clauses,
    search: &mut Search<'_>,
    blocked: &[Vec<Value>],
) -> Option<Vec<Value>> {
    let grid = puzzle.givens().values().to_vec();
    if enc.free.is_empty() {
        if blocked.iter().all(|b| b.as_slice() != grid.as_slice()) && search.nodes(1) {
            let _ = search.solution(|| puzzle.givens().clone());
        }
        return None;
    }
    for solution in blocked {
        if let Some(clause) = blocking_clause(enc, solution) {
            solver.add(&clause);
        }
    }
    Some(grid)
}

/// "Some free cell differs from `solution`"; `None` when a value of the solution was ruled out
/// in a free cell (the solution is excluded already).
fn blocking_clause(enc: &Encoding, solution: &[Value]) -> Option<Vec<i32>> {
    enc.free
        .iter()
        .map(|&(cell, first, count)| {
            let i = enc.values[first as usize - 1..][..count].iter().position(|&v| v == solution[cell])?;
            Some(-(first + i as i32))
        })
        .collect()
}

/// Reads a model into `grid` (and each free cell's true literal into `chosen`) and reports it:
/// the trace states it as one decision (on the first free cell with two or more candidates) and
/// every other free cell covered at its level; with no such cell, everything is forced.
/// `again`: a solution was reported before (a backtrack comes first).
fn report(
    search: &mut Search<'_>,
    enc: &Encoding,
    grid: &mut [Value],
    chosen: &mut [i32],
    again: bool,
    mut is_true: impl FnMut(i32) -> bool,
) -> std::ops::ControlFlow<()> {
    for (i, &(cell, first, count)) in enc.free.iter().enumerate() {
        let lit = (first..first + count as i32)
            .find(|&l| is_true(l))
            .expect("the model satisfies the cell's at-least-one clause");
        chosen[i] = lit;
        grid[cell] = enc.values[(lit - 1) as usize];
    }
    if again {
        search.backtrack(0);
    }
    let decision = enc.free.iter().position(|&(_, _, count)| count >= 2);
    let depth = usize::from(decision.is_some());
    if let Some(i) = decision {
        let (cell, _, count) = enc.free[i];
        search.guess(1, cell, grid[cell], 1, count);
    }
    for (i, &(cell, _, _)) in enc.free.iter().enumerate() {
        if Some(i) != decision {
            search.place(cell, grid[cell], PlaceReason::Cover, depth);
        }
    }
    let n = search.size();
    search.solution(|| Grid::from_values(n, grid.to_vec()).expect("values in range"))
}

/// Encodes, blocks the solutions in `blocked`, then solves and blocks each model until
/// unsatisfiable or a limit, with one CaDiCaL per thread `limits` allows.
#[cfg(feature = "sat")]
fn run(puzzle: &Puzzle, limits: &Limits, search: &mut Search<'_>, allowed: Option<&[u64]>, blocked: &[Vec<Value>]) {
    let Some((mut solvers, enc)) = encoded(search, encode_watched(puzzle, limits, allowed, Portfolio::new(limits)))
    else {
        return;
    };
    let Some(mut grid) = start(puzzle, &enc, &mut solvers, search, blocked) else { return };
    let mut chosen: Vec<i32> = vec![0; enc.free.len()];
    let mut found = 0u64;
    loop {
        // One node per SAT call; the nodes left bound its conflicts.
        if !search.nodes(1) {
            return;
        }
        // CaDiCaL checks its conflict limit at every step (the terminate hook only every few).
        let budget = search.node_limit().map(|max| max.saturating_sub(search.stats().nodes));
        let (answer, winner, learned) = solvers.solve(budget.map(|b| i32::try_from(b).unwrap_or(i32::MAX)));
        match answer {
            Answer::Unsat => {
                // Every solution has been found.
                search.stats_mut().nodes += learned;
                return;
            }
            Answer::Unknown => {
                // Stopped by the conflict limit or, through the terminate hook, the deadline or
                // an interrupt.
                let expired = limits.expired().is_some();
                let spent = match budget {
                    Some(budget) if !expired => learned.max(budget + 1),
                    _ => learned,
                };
                if !search.nodes(spent) {
                    return;
                }
            }
            Answer::Sat => {
                search.nodes(learned);
                let model = &mut solvers.solvers[winner];
                let flow = report(search, &enc, &mut grid, &mut chosen, found > 0, |l| model.is_true(l));
                found += 1;
                if flow.is_break() {
                    return;
                }
                let block: Vec<i32> = chosen.iter().map(|&l| -l).collect();
                solvers.add(&block);
            }
        }
    }
}
