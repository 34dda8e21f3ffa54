//! Fish: X-wing (2), swordfish (3), jellyfish (4), on rows and columns.
//!
//! For a value v: when in k rows (the base) its candidates all lie in the same k columns (the
//! cover), the k copies of v in those rows fill those columns, so v is out of the cover
//! columns' other cells. The same with rows and columns swapped. Only on models with every row
//! and every column as a house.

use coverlab_model::{Model, UnitKind};

use crate::bits::{Ones, bit};
use crate::find::subsets::first_combination;
use crate::{Board, MAX_FISH_NODES, Step, Technique};

/// The unit index of every row and every column, when the model has them all.
pub(crate) fn lines(model: &Model) -> Option<(Vec<usize>, Vec<usize>)> {
    let n = model.size();
    let (mut rows, mut cols) = (vec![usize::MAX; n], vec![usize::MAX; n]);
    for (u, house) in model.houses().iter().enumerate() {
        let (kind, cells) = (house.kind, &house.cells);
        if cells.len() != n {
            continue;
        }
        if kind == UnitKind::Row && cells.iter().all(|&c| c / n == cells[0] / n) {
            rows[cells[0] / n] = u;
        } else if kind == UnitKind::Column && cells.iter().all(|&c| c % n == cells[0] % n) {
            cols[cells[0] % n] = u;
        }
    }
    (rows.iter().chain(&cols).all(|&u| u != usize::MAX)).then_some((rows, cols))
}

/// The first fish of size k: values ascending, rows as the base before columns, base lines in
/// lexicographic order; only one that eliminates something.
pub(crate) fn fish(board: &Board, model: &Model, k: usize) -> Option<Step> {
    let n = model.size();
    let (rows, cols) = lines(model)?;
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let mut line_masks = vec![0u64; n];
    let mut items: Vec<usize> = Vec::new();
    let mut masks: Vec<u64> = Vec::new();
    for v in 1..=n as u8 {
        for by_rows in [true, false] {
            // cell(i, j): the j-th cell of base line i.
            let cell = |i: usize, j: usize| if by_rows { i * n + j } else { j * n + i };
            for (i, m) in line_masks.iter_mut().enumerate() {
                *m = (0..n).filter(|&j| board.candidates(cell(i, j)) & bit(v) != 0).fold(0, |m, j| m | 1 << j);
            }
            items.clear();
            masks.clear();
            for (i, &m) in line_masks.iter().enumerate() {
                if (2..=k as u32).contains(&m.count_ones()) {
                    items.push(i);
                    masks.push(m);
                }
            }
            if items.len() < k {
                continue;
            }
            let in_base = |chosen: &[usize], i: usize| chosen.iter().any(|&x| items[x] == i);
            let mut accept = |chosen: &[usize], cover: u64| {
                line_masks.iter().enumerate().any(|(i, &m)| !in_base(chosen, i) && m & cover != 0)
            };
            let mut budget = MAX_FISH_NODES;
            let Some((chosen, cover)) = first_combination(&masks, k, &mut budget, &mut accept) else {
                continue;
            };
            let mut step = Step::new(technique);
            for (i, &m) in line_masks.iter().enumerate() {
                if !in_base(&chosen, i) {
                    step.eliminations.extend(Ones(m & cover).map(|j| (cell(i, j), v)));
                }
            }
            let (base, across) = if by_rows { (&rows, &cols) } else { (&cols, &rows) };
            step.units = chosen.iter().map(|&x| base[items[x]]).chain(Ones(cover).map(|j| across[j])).collect();
            for &x in &chosen {
                step.cells.extend(Ones(masks[x]).map(|j| cell(items[x], j)));
            }
            step.cells.sort_unstable();
            step.values.push(v);
            return Some(step.finish());
        }
    }
    None
}
