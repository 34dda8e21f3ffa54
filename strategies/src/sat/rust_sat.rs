//! `batsat`: `sat`'s encoding solved by batsat (the `batsat` crate: MiniSat 2.2 ported to Rust
//! by Simon Cruanes and Masaki Hara, MIT), the one SAT solver of a build without CaDiCaL and
//! kissat (`cargo build --no-default-features`, or the page built with `KISSAT=0`): there
//! `fast`'s hand-over (`auto` on large grids) comes here ([`finish`]). With kissat but not
//! CaDiCaL (the page), the hand-over's first solution is kissat's and the rest comes here
//! ([`run`]). With CaDiCaL built in it is a strategy of its own, to test and measure it beside
//! `sat`.
//!
//! Everything but the solver is `sat`'s: the encoding (`encode`), the blocking clause after each
//! model (incremental: batsat keeps what it learned), the trace (`report`) and the stats (one
//! node per call plus one per conflict). No thread and no clock unless the limits have a
//! deadline or an interrupt flag: the page gives neither (it ends the worker to stop).
//!
//! Measured on the 18 Frisch 25×25 puzzles (docs/performance.md) it is far slower than kissat:
//! MiniSat's search has no inprocessing, no target phases and no stable mode.

use std::cell::Cell;

use batsat::{Callbacks, ClauseKind, Lit, SolverInterface, SolverOpts, lbool};
use coverlab_engine::{Limits, Outcome, Search, Strategy, TraceSink};
use coverlab_model::{Grid, Puzzle, Value};

use super::{Clauses, Encoding, Stops, encode, encoded, report, start};

/// The strategy's name.
pub const NAME: &str = "batsat";

/// How many of batsat's polls pass between two looks at the clock (it polls at every decision
/// and every conflict).
const CLOCK_EVERY: u32 = 256;

/// The SAT strategy on batsat.
#[derive(Debug, Default)]
pub struct Batsat;

impl Strategy for Batsat {
    fn name(&self) -> &str {
        NAME
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        run(puzzle, limits, &mut search, None, &[]);
        search.finish()
    }
}

/// batsat's hooks: conflicts counted, and a call stopped at a conflict limit, the deadline or
/// an interrupt.
#[derive(Default)]
struct Hooks {
    /// Clauses learned (conflicts) since the last call began.
    learned: u64,
    /// Stop the call after this many conflicts.
    max_learned: Option<u64>,
    stops: Stops,
    polls: Cell<u32>,
    /// A stop was seen in this call: batsat asks again on its way out, and must hear it again.
    stopped: Cell<bool>,
}

impl Callbacks for Hooks {
    fn on_new_clause(&mut self, _: &[Lit], kind: ClauseKind) {
        if matches!(kind, ClauseKind::Learnt) {
            self.learned += 1;
        }
    }

    fn stop(&self) -> bool {
        if self.stopped.get() || self.max_learned.is_some_and(|max| self.learned >= max) {
            return true;
        }
        let polls = self.polls.get().wrapping_add(1);
        self.polls.set(polls);
        let stop = polls.is_multiple_of(CLOCK_EVERY) && self.stops.reached();
        self.stopped.set(stop);
        stop
    }
}

/// A batsat solver taking `sat`'s clauses.
struct Solver(batsat::Solver<Hooks>);

impl Solver {
    fn lit(&mut self, lit: i32) -> Lit {
        Lit::new(self.0.var_of_int(lit.unsigned_abs() - 1), lit > 0)
    }

    /// True when `var` is true in the model of a satisfiable call.
    fn is_true(&mut self, var: i32) -> bool {
        let lit = self.lit(var);
        self.0.value_lit(lit) == lbool::TRUE
    }
}

impl Clauses for Solver {
    fn reserve(&mut self, vars: i32) {
        if vars > 0 {
            self.lit(vars);
        }
    }

    fn add(&mut self, lits: &[i32]) {
        let mut clause: Vec<Lit> = lits.iter().map(|&l| self.lit(l)).collect();
        self.0.add_clause_reuse(&mut clause);
    }
}

/// Takes over a search `fast` started, as `sat::finish` does with CaDiCaL and kissat: `root`
/// its propagated root grid, `allowed` the candidates left there, `found` the solutions it
/// reported already (blocked here). With CaDiCaL built in, `sat::finish` is `fast`'s instead
/// (kissat's, then batsat's `run` without CaDiCaL) and this is reached from the tests only.
#[cfg_attr(feature = "kissat", allow(dead_code))]
#[doc(hidden)]
pub fn finish(puzzle: &Puzzle, root: Vec<Value>, allowed: &[u64], found: &[Vec<Value>], search: &mut Search<'_>) {
    let limits = search.limits().clone();
    let root = Grid::from_values(puzzle.size(), root).expect("values in range");
    let root = Puzzle::new_unchecked(puzzle.model_arc().clone(), root);
    run(&root, &limits, search, Some(allowed), found);
}

/// Encodes, blocks the solutions in `blocked`, then solves and blocks each model until
/// unsatisfiable or a limit. What follows kissat in a hand-over without CaDiCaL (`sat::rest`).
pub(super) fn run(
    puzzle: &Puzzle,
    limits: &Limits,
    search: &mut Search<'_>,
    allowed: Option<&[u64]>,
    blocked: &[Vec<Value>],
) {
    run_capped(puzzle, limits, search, allowed, blocked, None);
}

/// [`run`] for at most `cap` conflicts in all, when `cap` is given: `Some(blocked)` when the cap
/// is reached with the question still open (`blocked`: the solutions given and those found here,
/// the trace back at level 0), for a stronger solver to go on from the same puzzle; `None` when
/// this settled the run or a limit stopped it (always, without a cap). With a cap, the first rung
/// of `auto`'s ladder on large grids (`sat::rest`).
pub(super) fn run_capped(
    puzzle: &Puzzle,
    limits: &Limits,
    search: &mut Search<'_>,
    allowed: Option<&[u64]>,
    blocked: &[Vec<Value>],
    cap: Option<u64>,
) -> Option<Vec<Vec<Value>>> {
    let hooks = Hooks { stops: Stops::new(limits, None), ..Hooks::default() };
    let mut solver = Solver(batsat::Solver::new(SolverOpts::default(), hooks));
    let enc = encode(puzzle, &mut solver, allowed, Some(limits), None);
    let (mut solver, enc) = encoded(search, Some((solver, enc)))?;
    let mut grid = start(puzzle, &enc, &mut solver, search, blocked)?;
    let mut found = solve_all(&mut solver, &enc, limits, search, &mut grid, cap)?;
    if !found.is_empty() {
        search.backtrack(0);
    }
    found.splice(0..0, blocked.iter().cloned());
    Some(found)
}

/// Solves and blocks each model until unsatisfiable or a limit. With `cap`, at most that many
/// conflicts in all: `Some(the solutions found)` when the cap stopped it.
fn solve_all(
    solver: &mut Solver,
    enc: &Encoding,
    limits: &Limits,
    search: &mut Search<'_>,
    grid: &mut [Value],
    cap: Option<u64>,
) -> Option<Vec<Vec<Value>>> {
    let mut chosen: Vec<i32> = vec![0; enc.free.len()];
    let mut found: Vec<Vec<Value>> = Vec::new();
    let mut spent_in_all = 0u64;
    loop {
        // One node per call; the nodes left bound its conflicts.
        if !search.nodes(1) {
            return None;
        }
        let budget = search.node_limit().map(|max| max.saturating_sub(search.stats().nodes));
        let left = cap.map(|cap| cap.saturating_sub(spent_in_all));
        let capped = left.is_some_and(|left| budget.is_none_or(|budget| left < budget));
        let hooks = solver.0.cb_mut();
        hooks.learned = 0;
        hooks.max_learned = if capped { left } else { budget };
        hooks.stopped.set(false);
        let answer = solver.0.solve_limited(&[]);
        let learned = solver.0.cb().learned;
        spent_in_all += learned;
        if answer == lbool::FALSE {
            // Every solution has been found.
            search.stats_mut().nodes += learned;
            return None;
        }
        if answer == lbool::TRUE {
            search.nodes(learned);
            let flow = report(search, enc, grid, &mut chosen, !found.is_empty(), |l| solver.is_true(l));
            found.push(grid.to_vec());
            if flow.is_break() {
                return None;
            }
            let block: Vec<i32> = chosen.iter().map(|&l| -l).collect();
            solver.add(&block);
            continue;
        }
        if capped && limits.expired().is_none() {
            // The cap, not the caller's limits: the conflicts count as nodes, the rest is the
            // next solver's.
            if !search.nodes(learned) {
                return None;
            }
            return Some(found);
        }
        // Stopped by the conflict limit, the deadline or an interrupt.
        let spent = match budget {
            Some(budget) if limits.expired().is_none() => learned.max(budget + 1),
            _ => learned,
        };
        if !search.nodes(spent) {
            return None;
        }
    }
}
