//! Constraints beyond houses: each constraint's own filter, run on the candidates.
//!
//! Every constraint of [`Model::constraints`] is tried in order, the derived ones too (kind
//! `HouseSum`: innies and outies, reported with their label). A filled cell is given to the
//! filter as its one value, an open cell as its candidates; every candidate the filter drops
//! is an elimination. The filter is sound (it drops only values no assignment satisfying the
//! constraint uses), so the step is.

use coverlab_model::Model;

use crate::bits::{Ones, bit};
use crate::{Board, Contradiction, Step, Technique};

/// The first constraint (by index) whose filter rules out a candidate. Err when a filter finds
/// that no values of its cells' candidates satisfy its constraint.
pub(crate) fn constraint(board: &Board, model: &Model) -> Result<Option<Step>, Contradiction> {
    let mut domains: Vec<u64> = Vec::new();
    for (k, constraint) in model.constraints().iter().enumerate() {
        if constraint.cells.is_empty() || constraint.cells.iter().any(|&c| c >= model.cells()) {
            continue;
        }
        let before = |c: usize| match board.value(c) {
            0 => board.candidates(c),
            v => bit(v),
        };
        domains.clear();
        domains.extend(constraint.cells.iter().map(|&c| before(c)));
        if let Err(i) = constraint.filter(&mut domains) {
            let cell = constraint.cells.get(i).or(constraint.cells.first()).map(|&c| model.cell_name(c));
            let message = match cell {
                Some(cell) => format!("{} cannot be satisfied: {cell} has no value left", constraint.label),
                None => format!("{} cannot be satisfied", constraint.label),
            };
            return Err(Contradiction::new(message));
        }
        let mut step = Step::new(Technique::Constraint);
        let mut removed = 0u64;
        for (&c, &after) in constraint.cells.iter().zip(&domains) {
            if board.value(c) != 0 {
                continue;
            }
            let gone = board.candidates(c) & !after;
            removed |= gone;
            step.eliminations.extend(Ones(gone).map(|i| (c, (i + 1) as u8)));
        }
        if step.eliminations.is_empty() {
            continue;
        }
        step.cells = constraint.cells.clone();
        step.values = Ones(removed).map(|i| (i + 1) as u8).collect();
        step.constraint = Some(k);
        return Ok(Some(step.finish()));
    }
    Ok(None)
}
