//! `dfs`: plain depth-first search over bitset houses.
//!
//! Source: seed 001 (DanArmor/Sudoku_set, "Simple Sudoku solver based on bit sets"). Each house
//! keeps the set of values already placed in it; the search takes the first empty cell in
//! row-major order and tries the values 1..=n in ascending order, skipping any value already in
//! one of the cell's houses; it places a value by adding it to the cell's house sets, recurses,
//! and removes it again on return.
//!
//! Generalised from the seed's rows, columns and boxes to every unit of a spec (diagonals,
//! windows, regions, at-most-once groups): a value fits a cell when no unit of the cell holds it.
//! Like the seed, it deduces nothing: every placement is a decision (`guess k/m`, where m counts
//! the values that fit).

use std::ops::ControlFlow;

use coverlab_engine::{Bits, ConflictCause, Limits, Outcome, Search, Strategy, TraceSink, dispatch_bits};
use coverlab_model::{Grid, Puzzle, Value};

/// Plain depth-first search (seed 001).
#[derive(Debug, Default)]
pub struct Dfs;

impl Strategy for Dfs {
    fn name(&self) -> &'static str {
        "dfs"
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
    /// Per unit: the values placed in it (the seed's house sets).
    used: Vec<B>,
    full: B,
}

fn run<B: Bits>(puzzle: &Puzzle, search: &mut Search<'_>) {
    let model = puzzle.model();
    let n = model.size();
    let mut st = State { puzzle, grid: vec![0; n * n], used: vec![B::EMPTY; model.units().len()], full: B::full(n) };
    for (cell, &v) in puzzle.givens().values().iter().enumerate() {
        if v != 0 {
            for &u in model.units_of(cell) {
                if st.used[u as usize].has(usize::from(v) - 1) {
                    return; // contradictory givens: no solution
                }
                st.used[u as usize] |= B::bit(usize::from(v) - 1);
            }
            st.grid[cell] = v;
        }
    }
    let _ = dfs(&mut st, search, 0, 0);
}

impl<B: Bits> State<'_, B> {
    fn fits(&self, cell: usize) -> B {
        let mut taken = B::EMPTY;
        for &u in self.puzzle.model().units_of(cell) {
            taken |= self.used[u as usize];
        }
        self.full & !taken
    }

    fn toggle(&mut self, cell: usize, bit: usize) {
        for &u in self.puzzle.model().units_of(cell) {
            self.used[u as usize] = self.used[u as usize] ^ B::bit(bit);
        }
    }
}

/// Searches from the first empty cell at or after `from`, with `depth` decisions in force.
fn dfs<B: Bits>(st: &mut State<'_, B>, search: &mut Search<'_>, from: usize, depth: usize) -> ControlFlow<()> {
    if !search.node() {
        return ControlFlow::Break(());
    }
    // 1. Skip filled cells, row-major.
    let Some(cell) = (from..st.grid.len()).find(|&c| st.grid[c] == 0) else {
        // 2. No cell left: a solution.
        let grid = &st.grid;
        let n = st.puzzle.size();
        return search.solution(|| Grid::from_values(n, grid.clone()).expect("values in range"));
    };
    // 3. Try every value that is in none of the cell's house sets, ascending.
    let fits = st.fits(cell);
    let m = fits.count() as usize;
    if m == 0 {
        search.conflict(depth, ConflictCause::NoCandidates { cell });
        return ControlFlow::Continue(());
    }
    for (k, bit) in fits.iter().enumerate() {
        if k > 0 {
            search.backtrack(depth);
        }
        let value = (bit + 1) as Value;
        search.guess(depth + 1, cell, value, k + 1, m);
        st.toggle(cell, bit);
        st.grid[cell] = value;
        let flow = dfs(st, search, cell + 1, depth + 1);
        // 4. Clear the cell and its house sets again.
        st.grid[cell] = 0;
        st.toggle(cell, bit);
        flow?;
    }
    ControlFlow::Continue(())
}
