//! SE's bivalue universal grave (BUG), types 1–4, with lkSudoku's fix (SE's default): without
//! a few extra candidates ("BUG values" in "BUG cells") every empty cell would hold two values
//! and every value two places in each house, a pattern that cannot have one solution; so the
//! extra candidates cannot all be false.
//! - type 1 (5.6): one BUG cell: its BUG values are true, its other values go;
//! - type 2 (5.7): one BUG value: it goes from every cell seeing all the BUG cells;
//! - type 3 (5.8–6.2): the BUG values, as one more cell of a house shared by the BUG cells,
//!   complete a naked set of 2–6 values (0.1 more each value past 2);
//! - type 4 (5.7): two BUG cells in one house sharing one other value: that value is true in
//!   one of them, so their third values go.
//!
//! SE takes the first step found: type 1; else type 2 then 4; else type 4 then 3.

use super::Hint;
use super::grid::{BLOCK, COLUMN, Colex, Grid, Mask, ROW, house, house_of, peer_set, values};

/// Cells `0..81` of a cell set in increasing order.
fn cells_of(set: u128) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&c| set >> c & 1 == 1)
}

/// The step SE's BUG takes, if any.
pub(crate) fn bug(grid: &Grid) -> Option<Hint> {
    let mut temp = grid.cand;
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0 as Mask; 81];
    let mut all: Mask = 0;
    let mut common: Option<u128> = None;
    // lkSudoku: when a single value is ever out of place, all its cells with extra values.
    let mut all_extra: Option<u128> = None;
    let mut only_value = 0u8;
    let mut one_value = true;
    for kind in [BLOCK, ROW, COLUMN] {
        for i in 0..9 {
            let cells = house(kind, i);
            for v in 1..=9u8 {
                let places: Vec<usize> = cells.iter().copied().filter(|&c| grid.has(c, v)).collect();
                if places.is_empty() || places.len() == 2 {
                    continue;
                }
                let new: Vec<usize> = places.into_iter().filter(|&c| grid.count(c) >= 3).collect();
                let new_set = new.iter().fold(0u128, |s, &c| s | 1 << c);
                match all_extra.as_mut() {
                    None => {
                        all_extra = Some(new_set);
                        only_value = v;
                    }
                    Some(set) if one_value => {
                        if only_value == v {
                            *set |= new_set;
                        } else {
                            one_value = false;
                        }
                    }
                    Some(_) => {}
                }
                // Two or more extra cells: another house decides which one holds the BUG value.
                if let [c] = new[..] {
                    if !bug_cells.contains(&c) {
                        bug_cells.push(c);
                    }
                    bug_values[c] |= 1 << v;
                    all |= 1 << v;
                    temp[c] &= !(1 << v);
                    if !add_common(&mut common, c, &bug_cells, all) {
                        return None;
                    }
                }
                if new.is_empty() {
                    // Three places or more and no cell with more than two values: no BUG.
                    return None;
                }
            }
        }
    }
    if let Some(extra) = all_extra
        && one_value
        && extra.count_ones() as usize > bug_cells.len()
    {
        let known = bug_cells.iter().fold(0u128, |s, &c| s | 1 << c);
        for c in cells_of(extra & !known) {
            bug_cells.push(c);
            bug_values[c] = 1 << only_value;
            temp[c] &= !(1 << only_value);
            if !add_common(&mut common, c, &bug_cells, all) {
                return None;
            }
        }
    }
    // Without the BUG values: two values in every empty cell, two places for a value in a house.
    if (0..81).any(|c| grid.value[c] == 0 && temp[c].count_ones() != 2) {
        return None;
    }
    for kind in [BLOCK, ROW, COLUMN] {
        for i in 0..9 {
            let cells = house(kind, i);
            for v in 1..=9u8 {
                let n = cells.iter().filter(|&&c| temp[c] >> v & 1 == 1).count();
                if n != 0 && n != 2 {
                    return None;
                }
            }
        }
    }
    let common = common.unwrap_or(0);
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        let remove = values(grid.cand[c] & !all).map(|v| (c, v)).collect();
        return Some(Hint { tenths: 56, name: "BUG type 1", remove, place: None });
    }
    if all.count_ones() == 1 {
        let v = all.trailing_zeros() as u8;
        let remove: Vec<(usize, u8)> = cells_of(common).filter(|&c| grid.has(c, v)).map(|c| (c, v)).collect();
        if !remove.is_empty() {
            return Some(Hint { tenths: 57, name: "BUG type 2", remove, place: None });
        }
        if bug_cells.len() == 2 {
            return type4(grid, &bug_cells, &bug_values, all);
        }
    } else if common != 0 {
        if bug_cells.len() == 2
            && let Some(hint) = type4(grid, &bug_cells, &bug_values, all)
        {
            return Some(hint);
        }
        return type3(grid, &bug_cells, all, common);
    }
    None
}

/// Narrows the cells seeing every BUG cell to those seeing `cell` too; false when SE gives up
/// (two BUG cells or more, two BUG values or more, and no cell seeing them all).
fn add_common(common: &mut Option<u128>, cell: usize, bug_cells: &[usize], all: Mask) -> bool {
    let known = bug_cells.iter().fold(0u128, |s, &c| s | 1 << c);
    let narrowed = common.map_or(peer_set(cell), |s| s & peer_set(cell)) & !known;
    *common = Some(narrowed);
    !(bug_cells.len() > 1 && all.count_ones() > 1 && narrowed == 0)
}

/// The house of `kind` all `cells` share, if any.
fn shared(kind: usize, cells: &[usize]) -> Option<usize> {
    let h = house_of(kind, cells[0]);
    cells.iter().all(|&c| house_of(kind, c) == h).then_some(h)
}

/// Type 4: two BUG cells in one house with exactly one common value besides the BUG values.
fn type4(grid: &Grid, bug_cells: &[usize], bug_values: &[Mask; 81], all: Mask) -> Option<Hint> {
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let common = grid.cand[c1] & grid.cand[c2] & !all;
    if common.count_ones() != 1 {
        return None;
    }
    [BLOCK, ROW, COLUMN].into_iter().find_map(|kind| shared(kind, bug_cells))?;
    let remove = [c1, c2]
        .into_iter()
        .flat_map(|c| values(grid.cand[c] & !bug_values[c] & !common).map(move |v| (c, v)))
        .collect();
    Some(Hint { tenths: 57, name: "BUG type 4", remove, place: None })
}

/// Type 3: the BUG values with `degree - 1` cells of a house shared by the BUG cells (each
/// seeing them all) hold `degree` values; each goes from the cells seeing all of the set's
/// cells holding it. By degree, then house kind, then SE's order of combinations.
fn type3(grid: &Grid, bug_cells: &[usize], all: Mask, common: u128) -> Option<Hint> {
    if all.count_ones() <= 1 {
        return None;
    }
    for degree in 2..=6usize {
        for kind in [BLOCK, ROW, COLUMN] {
            let Some(h) = shared(kind, bug_cells) else { continue };
            let region: Vec<usize> = cells_of(common).filter(|&c| house_of(kind, c) == h).collect();
            if region.len() < degree {
                continue;
            }
            for pick in Colex::new(degree - 1, region.len()) {
                let naked: Vec<usize> = pick.iter().map(|&i| region[i]).collect();
                if naked.iter().any(|&c| grid.count(c) <= 1) {
                    continue;
                }
                let others = naked.iter().fold(0 as Mask, |m, &c| m | grid.cand[c]);
                if others.count_ones() as usize != degree || all & !others != 0 {
                    continue;
                }
                let mut remove = Vec::new();
                for v in values(others) {
                    let victims = naked
                        .iter()
                        .chain(bug_cells)
                        .filter(|&&c| grid.has(c, v))
                        .fold(!0u128, |s, &c| s & peer_set(c));
                    remove.extend(cells_of(victims).filter(|&c| grid.has(c, v)).map(|c| (c, v)));
                }
                if !remove.is_empty() {
                    remove.sort_unstable();
                    return Some(Hint { tenths: 56 + degree as u32, name: "BUG type 3", remove, place: None });
                }
            }
        }
    }
    None
}
