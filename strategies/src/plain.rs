//! The plain backtracking search `dfs` and `mrv` share, with its choice points as hooks: which
//! empty cell to fill next ([`Hooks::choose_cell`]) and in which order to try its values
//! ([`Hooks::order_values`]). A variant overrides one hook and inherits the loop, its limits and
//! its trace: "MRV with ties broken by empty-peer degree" is a dozen lines (see
//! `examples/variant_strategy.rs`).
//!
//! The loop: count a node; ask for a cell (none left: a solution); the values no unit of the
//! cell holds are its alternatives. None: a dead end (`conflict … has no candidates`). One: it is
//! forced, placed without a decision (`place … naked-single`, at the current decision level).
//! Several: a decision (`guess dK cell=v (k/m)` for each, `backtrack` before each after the
//! first), which opens a level. Every placement is undone when the search returns past it.
//!
//! So the trace's depths count real decisions only, and the counters mean what they mean for every
//! strategy: `guesses` the alternatives tried at decisions, `placements` the forced values.

use std::ops::ControlFlow;

use coverlab_engine::{
    Bits, Choice, ConflictCause, Limits, Outcome, PlaceReason, Search, Strategy, TraceSink, UnitSets, dispatch_bits,
};
use coverlab_model::{Cell, Puzzle, Value, cell_name};

/// The choice points of the plain search. Every method but `name` and `choose_cell` has a
/// default.
pub trait Hooks: Send {
    /// The strategy's name, as its traces' `start` event says it.
    fn name(&self) -> &str;

    /// The empty cell to fill next; `None` when the grid is full. `after` is the cell filled
    /// last on the way here (`None` at the root), for scans that resume after it.
    fn choose_cell<B: Bits>(&mut self, sets: &UnitSets<'_, B>, after: Option<Cell>) -> Option<Cell>;

    /// Appends the values to try in `cell`, in order: by default those that fit (no unit of
    /// the cell holds them), ascending. Each value appended must fit.
    fn order_values<B: Bits>(&mut self, sets: &UnitSets<'_, B>, cell: Cell, order: &mut Vec<Value>) {
        order.extend(sets.fits(cell).iter().map(|bit| (bit + 1) as Value));
    }

    /// Why `cell` was chosen, for traces that ask ([`Choice`]): called only then, before the
    /// first alternative. By default, none.
    fn why<B: Bits>(&self, sets: &UnitSets<'_, B>, cell: Cell) -> Option<Choice> {
        let _ = (sets, cell);
        None
    }
}

/// The [`Choice`] of a rule that picks the empty cell with the fewest values that fit (first
/// on ties): `rule` with the chosen cell's count, and the next best cells with theirs.
pub fn fewest_values<B: Bits>(rule: &str, sets: &UnitSets<'_, B>, cell: Cell) -> Choice {
    let n = sets.model().size();
    let others = (0..sets.values().len())
        .filter(|&c| c != cell && sets.value(c) == 0)
        .map(|c| (cell_name(c, n), u64::from(sets.fits(c).count())))
        .collect();
    Choice::ranked(rule, u64::from(sets.fits(cell).count()), others, |a, b| a < b)
}

/// The plain search run with `H`'s choices: a [`Strategy`].
#[derive(Debug, Clone, Default)]
pub struct Plain<H>(pub H);

impl<H: Hooks> Strategy for Plain<H> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.0.name(), puzzle, limits, sink);
        dispatch_bits!(puzzle.size(), B => {
            // One set of placed values per unit; clashing givens: no solution.
            if let Some(mut sets) = UnitSets::<B>::from_givens(puzzle) {
                let mut orders = Vec::new();
                let _ = descend(&mut self.0, &mut sets, &mut search, None, 0, &mut orders);
            }
        });
        search.finish()
    }
}

/// Searches on from the state of `sets`, with `depth` decisions in force; `orders` holds one
/// buffer of values per recursion level, reused across solves.
fn descend<H: Hooks, B: Bits>(
    hooks: &mut H,
    sets: &mut UnitSets<'_, B>,
    search: &mut Search<'_>,
    after: Option<Cell>,
    depth: usize,
    orders: &mut Vec<Vec<Value>>,
) -> ControlFlow<()> {
    if !search.node() {
        return ControlFlow::Break(());
    }
    let Some(cell) = hooks.choose_cell(sets, after) else {
        return search.solution(|| sets.to_grid());
    };
    let mut order = orders.pop().unwrap_or_default();
    order.clear();
    hooks.order_values(sets, cell, &mut order);
    let m = order.len();
    let flow = match m {
        0 => {
            search.conflict(depth, ConflictCause::NoCandidates { cell });
            ControlFlow::Continue(())
        }
        1 => {
            // Forced: not a decision.
            search.place(cell, order[0], PlaceReason::NakedSingle, depth);
            sets.place(cell, order[0]);
            let flow = descend(hooks, sets, search, Some(cell), depth, orders);
            sets.clear(cell);
            flow
        }
        _ => {
            let mut flow = ControlFlow::Continue(());
            for (k, &value) in order.iter().enumerate() {
                if k > 0 {
                    search.backtrack(depth);
                }
                if k == 0 {
                    first_guess(hooks, sets, search, (depth + 1, cell, value, m));
                } else {
                    search.guess(depth + 1, cell, value, k + 1, m);
                }
                sets.place(cell, value);
                flow = descend(hooks, sets, search, Some(cell), depth + 1, orders);
                sets.clear(cell);
                if flow.is_break() {
                    break;
                }
            }
            flow
        }
    };
    orders.push(order);
    flow
}

/// The first alternative of a decision, saying why when the sink asks. Never inlined: `descend`
/// recurses once per cell (4,096 deep on an empty 64×64 grid), so its frame stays small.
#[inline(never)]
fn first_guess<H: Hooks, B: Bits>(
    hooks: &H,
    sets: &UnitSets<'_, B>,
    search: &mut Search<'_>,
    (depth, cell, value, m): (usize, Cell, Value, usize),
) {
    search.guess_because(depth, cell, value, (1, m), || hooks.why(sets, cell));
}
