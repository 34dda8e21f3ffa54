//! A research variant defined outside `strategies/`: plain depth-first search that tries values
//! in **descending** order (n down to 1) instead of ascending. Everything else is `dfs`: the
//! first empty cell in row-major order, bitmask house sets, every placement a decision.
//!
//! It implements [`coverlab_engine::Strategy`] with the shared [`Search`] bookkeeping, so it
//! honours limits, counts stats and emits the same trace events as the registered strategies;
//! `tests/research_variant.rs` snapshot-tests it and replays its traces with the checker (see
//! `docs/snapshot-testing.md`).
//!
//! ```sh
//! cargo run --example variant_strategy                                  # a 4×4 with 3 solutions
//! cargo run --example variant_strategy -- classic-9x9 '..9.1..58...4....64..8.673.7..92.81.8.15.79...5.1..3.7....5.68353..89.2.28.34.57.'
//! ```

use std::io::Write as _;
use std::ops::ControlFlow;
use std::sync::Arc;

use coverlab_engine::trace::TextSink;
use coverlab_engine::{ConflictCause, Limits, Outcome, Search, Strategy, TraceSink};
use coverlab_model::{Grid, Puzzle, Value, builtin};

/// Depth-first search with values tried from n down to 1.
#[derive(Debug, Default)]
pub struct DescendingDfs;

impl Strategy for DescendingDfs {
    fn name(&self) -> &'static str {
        "dfs-descending"
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        // `begin` emits `start` and the givens; `finish` emits `stop` and builds the outcome.
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        let model = puzzle.model();
        let n = model.size();
        // Per unit, the values it holds, as a bitmask (bit v-1 for value v; n <= 64).
        let mut used = vec![0u64; model.units().len()];
        let mut grid = vec![0; n * n];
        let mut contradictory = false;
        for (cell, &v) in puzzle.givens().values().iter().enumerate() {
            if v != 0 {
                for &u in model.units_of(cell) {
                    contradictory |= used[u as usize] & bit(v) != 0;
                    used[u as usize] |= bit(v);
                }
                grid[cell] = v;
            }
        }
        // Clashing givens: no solution, and a complete search (the trace protocol's rule).
        if !contradictory {
            let _ = descend(puzzle, &mut search, &mut grid, &mut used, 0, 0);
        }
        search.finish()
    }
}

/// The bit of value `v` (1-based).
fn bit(v: Value) -> u64 {
    1 << (v - 1)
}

/// Searches from the first empty cell at or after `from`, with `depth` decisions in force.
fn descend(
    puzzle: &Puzzle,
    search: &mut Search<'_>,
    grid: &mut [Value],
    used: &mut [u64],
    from: usize,
    depth: usize,
) -> ControlFlow<()> {
    // One search node; stop promptly once a limit is hit.
    if !search.node() {
        return ControlFlow::Break(());
    }
    let model = puzzle.model();
    let n = model.size();
    let Some(cell) = (from..grid.len()).find(|&c| grid[c] == 0) else {
        return search.solution(|| Grid::from_values(n, grid.to_vec()).expect("values in range"));
    };
    let taken = model.units_of(cell).iter().fold(0, |acc, &u| acc | used[u as usize]);
    let values: Vec<Value> = (1..=n as Value).rev().filter(|&v| taken & bit(v) == 0).collect();
    if values.is_empty() {
        search.conflict(depth, ConflictCause::NoCandidates { cell });
        return ControlFlow::Continue(());
    }
    for (k, &value) in values.iter().enumerate() {
        if k > 0 {
            // Undo back to this level before the next alternative.
            search.backtrack(depth);
        }
        search.guess(depth + 1, cell, value, k + 1, values.len());
        for &u in model.units_of(cell) {
            used[u as usize] |= bit(value);
        }
        grid[cell] = value;
        let flow = descend(puzzle, search, grid, used, cell + 1, depth + 1);
        grid[cell] = 0;
        for &u in model.units_of(cell) {
            used[u as usize] &= !bit(value);
        }
        flow?;
    }
    ControlFlow::Continue(())
}

/// A puzzle of a built-in spec from line format ('.' for an empty cell).
pub fn puzzle(spec: &str, line: &str) -> Result<Puzzle, String> {
    let model = Arc::new(builtin::load(spec).ok_or(format!("no built-in spec {spec}"))?.map_err(|e| e.to_string())?);
    let values = line
        .chars()
        .map(|c| if c == '.' { Ok(0) } else { model.symbols().value_of(c).ok_or(format!("{c:?} is not a symbol")) })
        .collect::<Result<Vec<Value>, String>>()?;
    let n = model.size();
    let givens = Grid::from_values(n, values).ok_or(format!("{spec} needs {} cells", n * n))?;
    Puzzle::new(model, givens).map_err(|e| e.to_string())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (spec, line) = match args.as_slice() {
        [] => ("classic-4x4", "...2.....43....."),
        [spec, line] => (spec.as_str(), line.as_str()),
        _ => return Err("usage: variant_strategy [SPEC PUZZLE]".into()),
    };
    let puzzle = puzzle(spec, line)?;
    // Count up to 10 solutions, printing the trace one event per line as it happens.
    let stdout = std::io::stdout().lock();
    let mut sink = TextSink::new(stdout, puzzle.model(), puzzle.symbols());
    let outcome = DescendingDfs.solve(&puzzle, &Limits::count(10, 10), &mut sink);
    let mut out = sink.finish().map_err(|e| e.to_string())?;
    for grid in &outcome.solutions {
        let line: String = grid.values().iter().map(|&v| puzzle.symbols().symbol(v)).collect();
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    Ok(())
}
