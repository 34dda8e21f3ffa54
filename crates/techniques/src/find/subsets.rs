//! Naked and hidden subsets (pairs, triples, quads), and the bounded combination search they
//! share with fish.

use coverlab_model::{Cell, Model};

use crate::bits::{Ones, full, mask_of, values};
use crate::find::{placed, positions};
use crate::{Board, MAX_SUBSET_NODES, Step, Technique};

/// The first k of `masks` (indices in lexicographic order) whose union has exactly k bits and
/// which `accept` takes, with that union. Each extension tried costs one unit of `budget`; the
/// search gives up (`None`) when it runs out. A set whose union already exceeds k bits is not
/// extended, so the budget is rarely reached on real puzzles.
#[doc(hidden)]
pub fn first_combination(
    masks: &[u64],
    k: usize,
    budget: &mut usize,
    accept: &mut dyn FnMut(&[usize], u64) -> bool,
) -> Option<(Vec<usize>, u64)> {
    fn go(
        masks: &[u64],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        union: u64,
        budget: &mut usize,
        accept: &mut dyn FnMut(&[usize], u64) -> bool,
    ) -> Option<u64> {
        if chosen.len() == k {
            return (union.count_ones() as usize == k && accept(chosen, union)).then_some(union);
        }
        for i in start..masks.len() {
            if masks.len() - i < k - chosen.len() || *budget == 0 {
                return None;
            }
            *budget -= 1;
            let u = union | masks[i];
            if u.count_ones() as usize > k {
                continue;
            }
            chosen.push(i);
            if let Some(found) = go(masks, k, i + 1, chosen, u, budget, accept) {
                return Some(found);
            }
            chosen.pop();
        }
        None
    }
    let mut chosen = Vec::with_capacity(k);
    let union = go(masks, k, 0, &mut chosen, 0, budget, accept)?;
    Some((chosen, union))
}

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// Naked subsets of size k: in a unit (a house or an at-most-once group), k open cells whose
/// candidates together are exactly k values hold those values, so no other cell of the unit
/// can. Cells with 2..=k candidates are combined; the first unit (by index) and the first
/// combination of its cells (ascending) that eliminates something.
pub(crate) fn naked(board: &Board, model: &Model, k: usize) -> Option<Step> {
    let mut items: Vec<Cell> = Vec::new();
    let mut masks: Vec<u64> = Vec::new();
    for (u, unit) in model.units().iter().enumerate() {
        if unit.cells.len() <= k {
            continue;
        }
        items.clear();
        masks.clear();
        let mut open = 0;
        for &c in &unit.cells {
            let m = board.candidates(c);
            if board.value(c) == 0 {
                open += 1;
                if (2..=k as u32).contains(&m.count_ones()) {
                    items.push(c);
                    masks.push(m);
                }
            }
        }
        if items.len() < k || open <= k {
            continue;
        }
        let mut budget = MAX_SUBSET_NODES;
        let outside = |chosen: &[usize], c: Cell| !chosen.iter().any(|&i| items[i] == c);
        let mut accept = |chosen: &[usize], union: u64| {
            unit.cells.iter().any(|&c| outside(chosen, c) && board.candidates(c) & union != 0)
        };
        let Some((chosen, union)) = first_combination(&masks, k, &mut budget, &mut accept) else {
            continue;
        };
        let mut step = Step::new(naked_technique(k));
        for &c in &unit.cells {
            if outside(&chosen, c) {
                step.eliminations.extend(values(board.candidates(c) & union).map(|v| (c, v)));
            }
        }
        step.units.push(u);
        step.cells = chosen.iter().map(|&i| items[i]).collect();
        step.values = values(union).collect();
        return Some(step.finish());
    }
    None
}

/// Hidden subsets of size k: in a house, k values (not placed there) whose possible cells are
/// together exactly k cells fill those cells, so the cells' other candidates go. Values with
/// 2..=k possible cells are combined; the first house (by index) and the first combination of
/// its values (ascending) that eliminates something.
pub(crate) fn hidden(board: &Board, model: &Model, k: usize) -> Option<Step> {
    let all = full(model.size());
    let mut items: Vec<u8> = Vec::new();
    let mut masks: Vec<u64> = Vec::new();
    for (u, house) in model.houses().iter().enumerate() {
        if house.cells.len() <= k || house.cells.len() > 64 {
            continue;
        }
        let pos = positions(board, &house.cells);
        items.clear();
        masks.clear();
        for v in values(all & !placed(board, &house.cells)) {
            let p = pos[usize::from(v) - 1];
            if (2..=k as u32).contains(&p.count_ones()) {
                items.push(v);
                masks.push(p);
            }
        }
        if items.len() < k {
            continue;
        }
        let mut budget = MAX_SUBSET_NODES;
        let chosen_values = |chosen: &[usize]| mask_of(&chosen.iter().map(|&i| items[i]).collect::<Vec<_>>());
        let mut accept = |chosen: &[usize], cells: u64| {
            let keep = chosen_values(chosen);
            Ones(cells).any(|i| board.candidates(house.cells[i]) & !keep != 0)
        };
        let Some((chosen, cells)) = first_combination(&masks, k, &mut budget, &mut accept) else {
            continue;
        };
        let keep = chosen_values(&chosen);
        let mut step = Step::new(hidden_technique(k));
        for i in Ones(cells) {
            let c = house.cells[i];
            step.eliminations.extend(values(board.candidates(c) & !keep).map(|v| (c, v)));
            step.cells.push(c);
        }
        step.units.push(u);
        step.values = chosen.iter().map(|&i| items[i]).collect();
        return Some(step.finish());
    }
    None
}
