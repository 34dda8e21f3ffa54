//! Finned and sashimi fish: X-wing (2), swordfish (3), jellyfish (4) with fins in one box.
//!
//! For a value v, k base rows whose candidates lie in k cover columns except for some extra
//! candidates, the fins, all in one box (or jigsaw region). Either a fin holds v, or none does
//! and the base rows' copies of v fill the cover columns as in a plain fish. A cell of a cover
//! column outside the base rows that sees every fin loses v either way. Sashimi: without its
//! fins, a base row would have at most one candidate left in the cover. The same with rows and
//! columns swapped. Only on models with every row and every column as a house.

use coverlab_model::{Cell, Model, UnitKind};

use crate::bits::{Ones, bit};
use crate::find::fish::lines;
use crate::{Board, MAX_FISH_NODES, Step, Technique};

/// The technique of a finned (or sashimi) fish of size k.
pub(crate) fn technique(k: usize, sashimi: bool) -> Technique {
    match (k, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (2, true) => Technique::SashimiXWing,
        (3, false) => Technique::FinnedSwordfish,
        (3, true) => Technique::SashimiSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (_, true) => Technique::SashimiJellyfish,
    }
}

/// The first finned (`sashimi == false`) or sashimi fish of size k that rules something out:
/// values ascending, rows as the base before columns, base lines in lexicographic order, then
/// covers in lexicographic order. Base lines are those with 2 or more candidates; a base whose
/// candidates span more than k + w lines across (w: the widest box) cannot have its fins in one
/// box and is not extended; the search for one value and orientation stops after
/// [`MAX_FISH_NODES`] extensions and covers tried.
pub(crate) fn finned(board: &Board, model: &Model, k: usize, sashimi: bool) -> Option<Step> {
    let n = model.size();
    let (rows, cols) = lines(model)?;
    let fin_houses: Vec<usize> = (0..model.houses().len())
        .filter(|&h| matches!(model.houses()[h].kind, UnitKind::Box | UnitKind::Region))
        .collect();
    if fin_houses.is_empty() || k >= n {
        return None;
    }
    // The widest box across rows and across columns.
    let span = |by_rows: bool| {
        fin_houses
            .iter()
            .map(|&h| {
                let m = model.houses()[h].cells.iter().fold(0u64, |m, &c| m | 1 << if by_rows { c % n } else { c / n });
                m.count_ones() as usize
            })
            .max()
            .unwrap_or(n)
    };
    let want = technique(k, sashimi);
    // Per cell, the fin houses holding it (bit i for fin_houses[i]; boxes and regions are at
    // most n ≤ 64): the box of a set of fins is the first bit common to all of them.
    let mut fin_of = vec![0u64; model.cells()];
    for (i, &h) in fin_houses.iter().enumerate().take(64) {
        for &c in &model.houses()[h].cells {
            fin_of[c] |= 1 << i;
        }
    }
    let mut fins: Vec<Cell> = Vec::new();
    let mut line_masks = vec![0u64; n];
    for v in 1..=n as u8 {
        for by_rows in [true, false] {
            let cell = |i: usize, j: usize| if by_rows { i * n + j } else { j * n + i };
            for (i, m) in line_masks.iter_mut().enumerate() {
                *m = (0..n).filter(|&j| board.candidates(cell(i, j)) & bit(v) != 0).fold(0, |m, j| m | 1 << j);
            }
            let items: Vec<usize> = (0..n).filter(|&i| line_masks[i].count_ones() >= 2).collect();
            if items.len() < k {
                continue;
            }
            let max_union = (k + span(by_rows)).min(n);
            let mut budget = MAX_FISH_NODES;
            let mut chosen: Vec<usize> = Vec::with_capacity(k);
            let mut leaf = |base: &[usize], union: u64, budget: &mut usize| -> Option<Step> {
                if union.count_ones() as usize <= k {
                    return None; // a plain fish
                }
                let across: Vec<usize> = Ones(union).collect();
                let mut found = None;
                each_subset(&across, k, &mut |cover_cols: &[usize]| {
                    if *budget == 0 {
                        return true;
                    }
                    *budget -= 1;
                    let cover = cover_cols.iter().fold(0u64, |m, &j| m | 1 << j);
                    // The fins' common box first, without listing them: most covers have none.
                    let (mut common, mut any) = (u64::MAX, false);
                    for &i in base {
                        for j in Ones(line_masks[i] & !cover) {
                            any = true;
                            common &= fin_of[cell(i, j)];
                        }
                    }
                    if !any || common == 0 {
                        return false;
                    }
                    let h = fin_houses[common.trailing_zeros() as usize];
                    fins.clear();
                    fins.extend(base.iter().flat_map(|&i| Ones(line_masks[i] & !cover).map(move |j| cell(i, j))));
                    let is_sashimi = base.iter().any(|&i| (line_masks[i] & cover).count_ones() <= 1);
                    if is_sashimi != sashimi {
                        return false;
                    }
                    let mut step = Step::new(want);
                    for (i, &m) in line_masks.iter().enumerate() {
                        if base.contains(&i) {
                            continue;
                        }
                        for j in Ones(m & cover) {
                            let c = cell(i, j);
                            if fins.iter().all(|&f| model.sees(c, f)) {
                                step.eliminations.push((c, v));
                            }
                        }
                    }
                    if step.eliminations.is_empty() {
                        return false;
                    }
                    let (b, a) = if by_rows { (&rows, &cols) } else { (&cols, &rows) };
                    step.units = base.iter().map(|&i| b[i]).chain(cover_cols.iter().map(|&j| a[j])).collect();
                    step.units.push(h);
                    for &i in base {
                        step.cells.extend(Ones(line_masks[i]).map(|j| cell(i, j)));
                    }
                    step.cells.sort_unstable();
                    step.values.push(v);
                    found = Some(step.finish());
                    true
                });
                found
            };
            if let Some(step) = combine(&items, &line_masks, k, max_union, 0, 0, &mut chosen, &mut budget, &mut leaf) {
                return Some(step);
            }
        }
    }
    None
}

/// Extends `chosen` (base lines) from `items[start..]`, depth first, while the union of their
/// masks has at most `max_union` bits; calls `leaf` on each base of k lines.
#[allow(clippy::too_many_arguments, reason = "a recursive search's state")]
fn combine(
    items: &[usize],
    masks: &[u64],
    k: usize,
    max_union: usize,
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    budget: &mut usize,
    leaf: &mut impl FnMut(&[usize], u64, &mut usize) -> Option<Step>,
) -> Option<Step> {
    if chosen.len() == k {
        return leaf(chosen, union, budget);
    }
    for idx in start..items.len() {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let i = items[idx];
        let u = union | masks[i];
        if u.count_ones() as usize > max_union {
            continue;
        }
        chosen.push(i);
        let found = combine(items, masks, k, max_union, idx + 1, u, chosen, budget, leaf);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Calls `f` on each k-subset of `items` in lexicographic order until it returns true.
#[doc(hidden)]
pub fn each_subset(items: &[usize], k: usize, f: &mut impl FnMut(&[usize]) -> bool) {
    fn go(items: &[usize], k: usize, start: usize, acc: &mut Vec<usize>, f: &mut impl FnMut(&[usize]) -> bool) -> bool {
        if acc.len() == k {
            return f(acc);
        }
        for i in start..items.len() {
            if items.len() - i < k - acc.len() {
                break;
            }
            acc.push(items[i]);
            let stop = go(items, k, i + 1, acc, f);
            acc.pop();
            if stop {
                return true;
            }
        }
        false
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f);
}
