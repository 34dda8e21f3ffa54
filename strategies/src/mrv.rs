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

use coverlab_engine::{Bits, ConflictCause, Limits, Outcome, Search, Strategy, TraceSink, dispatch_bits};
use coverlab_model::{Cell, Grid, Puzzle, Value};

/// Recursive backtracking on the most constrained cell, with unit bitmasks (seed 002).
#[derive(Debug, Default)]
pub struct Mrv;

impl Strategy for Mrv {
    fn name(&self) -> &'static str {
        "mrv"
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        dispatch_bits!(puzzle.size(), B => run::<B>(puzzle, &mut search));
        search.finish()
    }
}

struct State<'p, B> {
    puzzle: &'p Puzzle,
    grid: Vec<Value>,
    /// Per unit: the bitmask of the values set in it.
    masks: Vec<B>,
    full: B,
}

fn run<B: Bits>(puzzle: &Puzzle, search: &mut Search<'_>) {
    let model = puzzle.model();
    let n = model.size();
    let mut st = State { puzzle, grid: vec![0; n * n], masks: vec![B::EMPTY; model.units().len()], full: B::full(n) };
    for (cell, &v) in puzzle.givens().values().iter().enumerate() {
        if v != 0 {
            let bit = B::bit(usize::from(v) - 1);
            if model.units_of(cell).iter().any(|&u| st.masks[u as usize] & bit != B::EMPTY) {
                return; // contradictory givens: no solution
            }
            st.set(cell, v);
        }
    }
    let _ = solve(&mut st, search, 0);
}

impl<B: Bits> State<'_, B> {
    /// The OR of the masks of the cell's units: the values that have impact on it.
    fn impact(&self, cell: Cell) -> B {
        let mut taken = B::EMPTY;
        for &u in self.puzzle.model().units_of(cell) {
            taken |= self.masks[u as usize];
        }
        taken & self.full
    }

    fn set(&mut self, cell: Cell, value: Value) {
        self.grid[cell] = value;
        for &u in self.puzzle.model().units_of(cell) {
            self.masks[u as usize] |= B::bit(usize::from(value) - 1);
        }
    }

    fn clear(&mut self, cell: Cell) {
        let bit = B::bit(usize::from(self.grid[cell]) - 1);
        self.grid[cell] = 0;
        for &u in self.puzzle.model().units_of(cell) {
            self.masks[u as usize] &= !bit;
        }
    }

    /// Section 2 of the seed: the empty cell whose OR of masks has the most bits set (lowest
    /// index on ties), with that OR; `None` when the grid is full.
    fn pick(&self) -> Option<(Cell, B)> {
        let mut best: Option<(Cell, B)> = None;
        let mut best_bits = 0;
        for cell in (0..self.grid.len()).filter(|&c| self.grid[c] == 0) {
            let impact = self.impact(cell);
            let bits = impact.count();
            if best.is_none() || bits > best_bits {
                best = Some((cell, impact));
                best_bits = bits;
                if impact == self.full {
                    break; // nothing fits: no cell can beat it
                }
            }
        }
        best
    }
}

/// Section 1 of the seed: fill the picked cell with each value that fits and recurse.
fn solve<B: Bits>(st: &mut State<'_, B>, search: &mut Search<'_>, depth: usize) -> ControlFlow<()> {
    if !search.node() {
        return ControlFlow::Break(());
    }
    let Some((cell, impact)) = st.pick() else {
        // Every field is filled: a solution.
        let (n, grid) = (st.puzzle.size(), &st.grid);
        return search.solution(|| Grid::from_values(n, grid.clone()).expect("values in range"));
    };
    let fits = st.full & !impact;
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
        st.set(cell, value);
        let flow = solve(st, search, depth + 1);
        // Reverse the move before the next option (or the return).
        st.clear(cell);
        flow?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use coverlab_engine::{TraceEvent, VecSink};
    use coverlab_model::builtin;

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
