//! The search for each technique's first step, one module per family.
//!
//! Every search runs in a fixed order (units by index, then cells and values ascending), reads
//! the board and the model only, and is bounded: singles, locked candidates and constraints are
//! polynomial scans; subsets and fish enumerate combinations under a node budget
//! ([`crate::MAX_SUBSET_NODES`], [`crate::MAX_FISH_NODES`]).

pub(crate) mod als;
pub(crate) mod chains;
pub(crate) mod constraints;
#[doc(hidden)]
pub mod finned;
pub(crate) mod fish;
pub(crate) mod forcing;
pub(crate) mod grouped;
pub(crate) mod locked;
pub(crate) mod singles;
#[doc(hidden)]
pub mod subsets;
pub(crate) mod unique;
pub(crate) mod wings;

use coverlab_model::Cell;

use crate::Board;
use crate::bits::{Ones, bit};

/// The values placed among `cells`.
pub(crate) fn placed(board: &Board, cells: &[Cell]) -> u64 {
    cells.iter().fold(0, |m, &c| m | bit(board.value(c)))
}

/// Per value (index v - 1), the positions (indices into `cells`) where it is a candidate; only
/// the first 64 cells count (a unit has at most n ≤ 64).
pub(crate) fn positions(board: &Board, cells: &[Cell]) -> [u64; 64] {
    let mut pos = [0u64; 64];
    for (i, &c) in cells.iter().enumerate().take(64) {
        for v in Ones(board.candidates(c)) {
            pos[v] |= 1 << i;
        }
    }
    pos
}
