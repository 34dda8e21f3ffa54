//! Locked candidates: pointing and claiming as one rule, on any pair of units.
//!
//! A value must go somewhere in a house A. When every candidate cell of it in A also lies in a
//! second unit B, the value sits in A ∩ B, so no other cell of B can hold it. B is a house (a
//! box and a row: pointing; a row and a box: claiming; a row and a jigsaw region or a diagonal
//! alike) or an at-most-once group such as a killer cage's "no repeats" part, which may hold the
//! value at most once.

use coverlab_model::{Cell, Model};

use crate::bits::{Ones, bit, full, values};
use crate::find::{placed, positions};
use crate::{Board, Step, Technique};

/// The first house A (by index), value (ascending) and unit B (by index) that eliminate something.
pub(crate) fn locked(board: &Board, model: &Model) -> Option<Step> {
    let all = full(model.size());
    for (a, house) in model.houses().iter().enumerate() {
        let pos = positions(board, &house.cells);
        for v in values(all & !placed(board, &house.cells)) {
            let p = pos[usize::from(v) - 1];
            if p.count_ones() < 2 {
                continue;
            }
            let locked: Vec<Cell> = Ones(p).map(|i| house.cells[i]).collect();
            for &b in model.units_of(locked[0]) {
                let b = b as usize;
                if b == a || !locked[1..].iter().all(|&c| model.units_of(c).contains(&(b as u32))) {
                    continue;
                }
                let eliminations: Vec<_> = model.units()[b]
                    .cells
                    .iter()
                    .filter(|&&c| board.candidates(c) & bit(v) != 0 && !model.units_of(c).contains(&(a as u32)))
                    .map(|&c| (c, v))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::LockedCandidates);
                step.eliminations = eliminations;
                step.units = vec![a, b];
                step.cells = locked;
                step.values.push(v);
                return Some(step.finish());
            }
        }
    }
    None
}
