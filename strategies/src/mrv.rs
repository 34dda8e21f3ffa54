//! `mrv`: recursive backtracking that always fills the most constrained cell next.
//!
//! Source: seed 002 (algdat "Sudoku Solver", recursive brute force with smart field picking).
//! Each row, column and segment holds a bitmask of the values set in it (section 2 of the seed);
//! the OR of a cell's masks is the set of values that "have impact on" the cell, so the next cell
//! is the empty one whose OR has the most bits set: the one with the fewest values left (the
//! minimum-remaining-values rule). The search fills it with each value whose bit is clear, in
//! ascending order, and calls itself (section 1); a cell with no value left sends it back to the
//! last decision with an option untried.
//!
//! Generalised from the seed's rows, columns and 3×3 segments to every unit of a spec
//! (diagonals, windows, regions, at-most-once groups): one bitmask per unit, and a value fits a
//! cell when no unit of the cell holds it. Ties between cells go to the lowest cell index. Every
//! placement is a decision, `guess k/m`, m counting the values that fit.

use std::ops::ControlFlow;

use coverlab_engine::{Bits, ConflictCause, Limits, Outcome, Search, Strategy, TraceSink, UnitSets, dispatch_bits};
use coverlab_model::{Cell, Puzzle, Value};

/// Recursive backtracking on the most constrained cell, with unit bitmasks (seed 002).
#[derive(Debug, Default)]
pub struct Mrv;

impl Strategy for Mrv {
    fn name(&self) -> &str {
        "mrv"
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        dispatch_bits!(puzzle.size(), B => {
            // One bitmask per unit; clashing givens: no solution.
            if let Some(mut masks) = UnitSets::<B>::from_givens(puzzle) {
                let _ = solve(&mut masks, &mut search, 0);
            }
        });
        search.finish()
    }
}

/// Section 2 of the seed: the empty cell whose OR of masks (the values that have impact on it)
/// has the most bits set, lowest index on ties, with that OR; `None` when the grid is full.
fn pick<B: Bits>(masks: &UnitSets<'_, B>) -> Option<(Cell, B)> {
    let mut best: Option<(Cell, B)> = None;
    let mut best_bits = 0;
    for cell in (0..masks.values().len()).filter(|&c| masks.value(c) == 0) {
        let impact = masks.taken(cell);
        let bits = impact.count();
        if best.is_none() || bits > best_bits {
            best = Some((cell, impact));
            best_bits = bits;
            if impact == masks.full() {
                break; // nothing fits: no cell can beat it
            }
        }
    }
    best
}

/// Section 1 of the seed: fill the picked cell with each value that fits and recurse.
fn solve<B: Bits>(masks: &mut UnitSets<'_, B>, search: &mut Search<'_>, depth: usize) -> ControlFlow<()> {
    if !search.node() {
        return ControlFlow::Break(());
    }
    let Some((cell, impact)) = pick(masks) else {
        // Every field is filled: a solution.
        return search.solution(|| masks.to_grid());
    };
    let fits = masks.full() & !impact;
    let m = fits.count() as usize;
    if m == 0 {
        // No possible value for the field: back to the last decision.
        search.conflict(depth, ConflictCause::NoCandidates { cell });
        return ControlFlow::Continue(());
    }
    for (k, bit) in fits.iter().enumerate() {
        if k > 0 {
            search.backtrack(depth);
        }
        let value = (bit + 1) as Value;
        search.guess(depth + 1, cell, value, k + 1, m);
        masks.place(cell, value);
        let flow = solve(masks, search, depth + 1);
        // Reverse the move before the next option (or the return).
        masks.clear(cell);
        flow?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use coverlab_engine::{TraceEvent, VecSink};
    use coverlab_model::{Grid, builtin};

    use super::*;

    #[test]
    fn picks_the_cell_with_the_fewest_values_left() {
        // Classic 4x4: r2c4 sees 1, 2 and 3 (row 2 and column 4), so it has one value left and
        // is picked first although r1c1 comes earlier.
        let model = Arc::new(builtin::load("classic-4x4").expect("built-in").expect("valid"));
        let mut givens = Grid::empty(4);
        givens.set(4, 1); // r2c1 = 1
        givens.set(5, 2); // r2c2 = 2
        givens.set(15, 3); // r4c4 = 3
        let puzzle = Puzzle::new(model, givens).expect("no conflict");
        let mut sink = VecSink::new();
        let outcome = Mrv.solve(&puzzle, &Limits::default(), &mut sink);
        assert_eq!(outcome.count, 1);
        let first = sink.events.iter().find_map(|e| match e {
            TraceEvent::Guess { cell, value, k, m, .. } => Some((*cell, *value, *k, *m)),
            _ => None,
        });
        assert_eq!(first, Some((7, 4, 1, 1)), "r2c4=4, the only value left");
    }
}
