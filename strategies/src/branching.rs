//! Branching hooks for the propagating searches, `singles` and `fast`: which cell a decision
//! branches on and in which order its values are tried, as [`crate::plain::Hooks`] is for `dfs`
//! and `mrv`. A research variant implements [`Brancher`] and hands it to
//! [`crate::singles::Singles::with_brancher`] or [`crate::fast::Fast::with_brancher`]: the
//! strategy keeps its propagation, its limits and its trace, and asks the brancher at each
//! decision (`examples/brancher.rs` is one in about twenty lines).
//!
//! A brancher sees the propagated state as a [`Board`]: each empty cell's candidates and the
//! cells it sees. Returning `None` from [`Brancher::choose_cell`] leaves that decision to the
//! strategy's own rule.

use coverlab_engine::Choice;
use coverlab_model::{Cell, Value, cell_name};

/// The propagated state a decision is taken in.
pub trait Board {
    /// The grid size n.
    fn size(&self) -> usize;

    /// The candidates of `cell`, bit v-1 for value v; 0 for a filled cell.
    fn candidates(&self, cell: Cell) -> u64;

    /// The cells that share a house or an at-most-once group with `cell`.
    fn peers(&self, cell: Cell) -> &[u16];
}

/// The choice points of `singles` and `fast`. Every method but `choose_cell` has a default.
pub trait Brancher: Send {
    /// The empty cell to branch on: one with at least two candidates. `None`: the strategy's own
    /// rule decides (a cell that is filled or has fewer than two candidates counts as `None`).
    fn choose_cell(&mut self, board: &dyn Board) -> Option<Cell>;

    /// The value to try next in `cell`, among `left` (bit v-1 for value v, never empty): by
    /// default the lowest. A value outside `left` counts as the lowest.
    fn next_value(&mut self, board: &dyn Board, cell: Cell, left: u64) -> Value {
        let _ = (board, cell);
        lowest(left)
    }

    /// Why `cell` was chosen, for traces that ask ([`Choice`]): called only then, on the first
    /// alternative of a decision this brancher chose. By default, none.
    fn why(&self, board: &dyn Board, cell: Cell) -> Option<Choice> {
        let _ = (board, cell);
        None
    }
}

/// The lowest value of a candidate set (bit v-1 for v), which must not be empty.
pub fn lowest(set: u64) -> Value {
    (set.trailing_zeros() + 1) as Value
}

/// The [`Choice`] of a rule that branches on the empty cell of fewest candidates: its count, and
/// the next best cells with theirs.
pub fn fewest_candidates(rule: &str, board: &dyn Board, cell: Cell) -> Choice {
    let n = board.size();
    let others = (0..n * n)
        .filter(|&c| c != cell && board.candidates(c) != 0)
        .map(|c| (cell_name(c, n), u64::from(board.candidates(c).count_ones())))
        .collect();
    Choice::ranked(rule, u64::from(board.candidates(cell).count_ones()), others, |a, b| a < b)
}

/// The cell a brancher chose, if it is one a decision can branch on.
pub(crate) fn checked(board: &dyn Board, cell: Option<Cell>) -> Option<Cell> {
    cell.filter(|&c| c < board.size() * board.size() && board.candidates(c).count_ones() >= 2)
}

/// The value a brancher picked in `left`, or the lowest when it picked one outside.
pub(crate) fn checked_value(left: u64, value: Value) -> Value {
    if (1..=64).contains(&value) && left >> (value - 1) & 1 == 1 { value } else { lowest(left) }
}
