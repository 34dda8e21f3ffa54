//! Naked and hidden singles.

use coverlab_model::Model;

use crate::bits::{Ones, bit, full, values};
use crate::find::placed;
use crate::{Board, Contradiction, Step, Technique};

/// The first open cell (row-major) with one candidate. Err at an open cell without any.
pub(crate) fn naked(board: &Board, model: &Model) -> Result<Option<Step>, Contradiction> {
    for (cell, &mask) in board.masks().iter().enumerate() {
        if board.value(cell) != 0 {
            continue;
        }
        match mask.count_ones() {
            0 => return Err(Contradiction::new(format!("{} has no candidates", model.cell_name(cell)))),
            1 => {
                let v = (mask.trailing_zeros() + 1) as u8;
                let mut step = Step::new(Technique::NakedSingle);
                step.placements.push((cell, v));
                step.cells.push(cell);
                step.values.push(v);
                return Ok(Some(step));
            }
            _ => {}
        }
    }
    Ok(None)
}

/// The first house (by index) with a value not placed there that has one possible cell, its
/// lowest such value. Err at a house value without any place.
pub(crate) fn hidden(board: &Board, model: &Model) -> Result<Option<Step>, Contradiction> {
    let all = full(model.size());
    for (u, house) in model.houses().iter().enumerate() {
        let (mut once, mut twice) = (0u64, 0u64);
        for &c in &house.cells {
            let m = board.candidates(c);
            twice |= once & m;
            once |= m;
        }
        let placed = placed(board, &house.cells);
        if let Some(v) = values(all & !placed & !once).next() {
            return Err(Contradiction::new(format!("{} has no place in {}", board.sym(v), house.label)));
        }
        let singles = once & !twice & !placed;
        if let Some(i) = Ones(singles).next() {
            let v = (i + 1) as u8;
            let Some(&cell) = house.cells.iter().find(|&&c| board.candidates(c) & bit(v) != 0) else {
                continue;
            };
            let mut step = Step::new(Technique::HiddenSingle);
            step.placements.push((cell, v));
            step.units.push(u);
            step.cells.push(cell);
            step.values.push(v);
            return Ok(Some(step));
        }
    }
    Ok(None)
}
