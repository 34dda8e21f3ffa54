//! Full rank (ISS's `FullRank`): every row and column read as a number from each end, 4n
//! numbers ranked from the lowest; a clue gives one number's rank.
//!
//! With rows and columns as houses, each value starts exactly four of the numbers (the first
//! and last column, the first and last row each hold it once), so the numbers starting with v
//! hold ranks 4(v − 1) + 1 to 4v: a clue of rank r starts with v = ⌈r/4⌉, and among the
//! (four) numbers starting with v exactly (r − 1) mod 4 are lower than it. This relation is
//! that statement, as ISS's solver states it: the clue's first cell holds v, and of the other
//! numbers starting with v, exactly (r − 1) mod 4 are lower and, unless ties are allowed
//! ([`Ties::Any`]), exactly 3 − (r − 1) mod 4 higher and none equal. [`Ties::Never`] adds that
//! no two of the 4n numbers are equal.
//!
//! The filter compares the clue's number with each other one cell by cell, from the second
//! (both start with v), over the candidates: which of lower, equal and higher it may still be,
//! and which it must be if it starts with v. It fails when too few numbers may be lower (or
//! too many must be), narrows the first cell of a number that cannot be in the group (or must
//! be), and orders two numbers that must be in a given order at the first cell where they may
//! still differ. Sound (cells compared independently: it may only keep more); exact once at
//! most one cell is open (each value of the last open cell is tried). A pass is not monotone
//! (what it deduces depends on the order it narrows in), so the filter repeats passes to their
//! fixpoint, which the trace replayer's check of each elimination on its own needs.
//!
//! The check of a placement ([`super::Constraint::holds`], what plain searches and the replayer
//! run) is only the clues' first cells until the grid is full: a stronger check on partial grids
//! could refute a value the filter keeps (it is not exact short of a full grid), which a
//! propagating search may then place as a hidden single or a guess. Plain searches (`dfs`) so
//! find a full-rank conflict only on the full grid.

use crate::Cell;
use crate::spec::Ties;

use super::masks::{above, below, bit, highest, lowest};

/// The clues of a full-rank rule, and its numbers' cells.
#[derive(Debug, PartialEq, Eq)]
pub struct FullRank {
    /// The grid size.
    n: usize,
    /// The 4n numbers' cells, most significant first: row i (from 0) read from the left is
    /// number 2i, from the right 2i + 1; column j from the top 2n + 2j, from the bottom
    /// 2n + 2j + 1.
    entries: Vec<Vec<Cell>>,
    /// Each clue: its number (an index into `entries`) and its rank, 1 to 4n.
    clues: Vec<(usize, u32)>,
    /// Which numbers may tie.
    ties: Ties,
}

impl FullRank {
    /// The rule on an n×n grid with these clues (number, rank).
    pub fn new(n: usize, clues: Vec<(usize, u32)>, ties: Ties) -> FullRank {
        let mut entries = Vec::with_capacity(4 * n);
        for i in 0..n {
            let row: Vec<Cell> = (0..n).map(|j| i * n + j).collect();
            entries.push(row.clone());
            entries.push(row.into_iter().rev().collect());
        }
        for j in 0..n {
            let column: Vec<Cell> = (0..n).map(|i| i * n + j).collect();
            entries.push(column.clone());
            entries.push(column.into_iter().rev().collect());
        }
        FullRank { n, entries, clues, ties }
    }

    /// The number read along a row (`column` false) or column `index` (from 0), from its end
    /// when `from_end`: its index among the 4n.
    pub fn entry_of(n: usize, column: bool, index: usize, from_end: bool) -> usize {
        (if column { 2 * n } else { 0 }) + 2 * index + usize::from(from_end)
    }

    /// The 4n numbers' cells (see [`FullRank::entry_of`]).
    pub fn entries(&self) -> &[Vec<Cell>] {
        &self.entries
    }

    /// The clues: (number, rank).
    pub fn clues(&self) -> &[(usize, u32)] {
        &self.clues
    }

    /// Which numbers may tie.
    pub fn ties(&self) -> Ties {
        self.ties
    }

    /// The grid size.
    pub fn size(&self) -> usize {
        self.n
    }
}

/// What a number F may be against a clue's number E when both start with the same value:
/// (lower, equal, higher), comparing the cells from the second.
fn compare(f: &[Cell], e: &[Cell], d: &[u64]) -> (bool, bool, bool) {
    let (mut less, mut greater) = (false, false);
    for j in 1..f.len() {
        let (a, b) = (d[f[j]], d[e[j]]);
        less |= lowest(a) < highest(b);
        greater |= highest(a) > lowest(b);
        if a & b == 0 {
            return (less, false, greater);
        }
        if less && greater {
            // Both still possible; whether they may also be equal no longer narrows anything
            // the caller uses without it, so look on only for that.
            return (less, (j + 1..f.len()).all(|i| d[f[i]] & d[e[i]] != 0), greater);
        }
    }
    (less, true, greater)
}

/// Narrows `d` so that the number `low` is lower than `high` (both start with the same value):
/// at the first cell where they may still differ, `low`'s cell keeps values up to the largest
/// of `high`'s, and `high`'s values from the smallest of `low`'s. Fails when they must be equal.
fn order(low: &[Cell], high: &[Cell], d: &mut [u64]) -> Result<(), usize> {
    for j in 1..low.len() {
        let (a, b) = (d[low[j]], d[high[j]]);
        if a == b && a.count_ones() == 1 {
            continue;
        }
        let a2 = a & !above(highest(b));
        if a2 == 0 {
            return Err(low[j]);
        }
        let b2 = b & !below(lowest(a2));
        if b2 == 0 {
            return Err(high[j]);
        }
        d[low[j]] = a2;
        d[high[j]] = b2;
        if !(a2 == b2 && a2.count_ones() == 1) {
            return Ok(());
        }
    }
    Err(low[0])
}

/// The check of a placement (see [`super::Constraint::holds`]): a clue's first cell holds the
/// clue's value; on a full grid, the rule. Nothing in between: the filter is not exact short of
/// a full grid, and a value it keeps must pass this check once placed (a search places it; the
/// trace replayer checks each placement with it).
pub(super) fn holds(rule: &FullRank, values: &[u8]) -> bool {
    for &(e, rank) in &rule.clues {
        let first = values[rule.entries[e][0]];
        if first != 0 && u32::from(first) != rank.div_ceil(4) {
            return false;
        }
    }
    if values.contains(&0) {
        return true;
    }
    let mut d: Vec<u64> = values.iter().map(|&v| bit(u32::from(v))).collect();
    filter(rule, &mut d).is_ok()
}

/// The full-rank filter over every cell of the grid (`d[cell]`). With one cell left open, each
/// of its values is tried on the full grid it makes, so that the last value placed is exact.
pub(super) fn filter(rule: &FullRank, d: &mut [u64]) -> Result<(), usize> {
    let mut open = d.iter().enumerate().filter(|(_, m)| m.count_ones() > 1).map(|(i, _)| i);
    if let (Some(cell), None) = (open.next(), open.next()) {
        let mut keep = 0;
        let mut copy = d.to_vec();
        for w in (1..=64).filter(|&w| d[cell] >> (w - 1) & 1 == 1) {
            copy.copy_from_slice(d);
            copy[cell] = bit(w);
            if pass(rule, &mut copy).is_ok() {
                keep |= bit(w);
            }
        }
        d[cell] = keep;
        if keep == 0 {
            return Err(cell);
        }
    }
    // Passes until one changes nothing: a pass is not monotone (what it deduces depends on the
    // order it narrows in), and its fixpoint deduces from narrower candidates what it deduced
    // from wider ones far more often (the trace replayer checks each elimination on its own).
    let mut before = d.to_vec();
    loop {
        pass(rule, d)?;
        if *d == before[..] {
            return Ok(());
        }
        before.copy_from_slice(d);
    }
}

/// One pass of the filter (see the module doc).
fn pass(rule: &FullRank, d: &mut [u64]) -> Result<(), usize> {
    let strict = rule.ties != Ties::Any;
    for &(e, rank) in &rule.clues {
        let entry = &rule.entries[e];
        let v = rank.div_ceil(4);
        let value = bit(v);
        let below = ((rank - 1) % 4) as usize;
        let above = 3 - below;
        d[entry[0]] &= value;
        if d[entry[0]] == 0 {
            return Err(entry[0]);
        }
        // Clues starting with the same value, in the order of their ranks.
        for &(other, r) in &rule.clues {
            if r.div_ceil(4) == v && r > rank {
                order(entry, &rule.entries[other], d)?;
            }
        }
        let (mut less_may, mut less_must, mut greater_may, mut greater_must) = (0, 0, 0, 0);
        // Per number in the group (or maybe): may it be lower, higher; if in, must it be?
        let mut seen: Vec<(usize, bool, bool, bool, bool)> = Vec::with_capacity(rule.entries.len());
        for (f, cells) in rule.entries.iter().enumerate() {
            if f == e || d[cells[0]] & value == 0 {
                continue;
            }
            let inside = d[cells[0]] == value;
            let (less, equal, greater) = compare(cells, entry, d);
            if strict && !less && !greater {
                // It would equal the clue's number: not in the group.
                if inside {
                    return Err(cells[0]);
                }
                d[cells[0]] &= !value;
                if d[cells[0]] == 0 {
                    return Err(cells[0]);
                }
                continue;
            }
            let only_less = less && !greater && (strict || !equal);
            let only_greater = greater && !less && (strict || !equal);
            less_may += usize::from(less);
            greater_may += usize::from(greater);
            less_must += usize::from(inside && only_less);
            greater_must += usize::from(inside && only_greater);
            seen.push((f, less, greater, only_less, only_greater));
        }
        if less_must > below || less_may < below || greater_must > above || (strict && greater_may < above) {
            return Err(entry[0]);
        }
        // Each deduction on its own (none excludes another), so that narrower candidates never
        // deduce less than wider ones did.
        for &(f, less, greater, only_less, only_greater) in &seen {
            let cells = &rule.entries[f];
            if less && less_may == below {
                // Every number that may be lower must be.
                d[cells[0]] &= value;
                if d[cells[0]] == 0 {
                    return Err(cells[0]);
                }
                order(cells, entry, d)?;
            }
            if strict && greater && greater_may == above {
                d[cells[0]] &= value;
                if d[cells[0]] == 0 {
                    return Err(cells[0]);
                }
                order(entry, cells, d)?;
            }
            let inside = d[cells[0]] == value;
            if !inside
                && ((only_less && less_must == below && less_may > below)
                    || (only_greater && greater_must == above && greater_may > above))
            {
                // It would be one lower (higher) too many: not in the group.
                d[cells[0]] &= !value;
                if d[cells[0]] == 0 {
                    return Err(cells[0]);
                }
            }
            if inside && less && greater && (strict || !compare(cells, entry, d).1) {
                if less_must == below && less_may > below {
                    order(entry, cells, d)?;
                }
                if greater_must == above && greater_may > above {
                    order(cells, entry, d)?;
                }
            }
        }
    }
    if rule.ties == Ties::Never {
        // No two numbers whose cells all hold one value are equal.
        let mut fixed: Vec<Vec<u64>> = rule
            .entries
            .iter()
            .filter(|cells| cells.iter().all(|&c| d[c].count_ones() == 1))
            .map(|cells| cells.iter().map(|&c| d[c]).collect())
            .collect();
        fixed.sort_unstable();
        if let Some(w) = fixed.windows(2).find(|w| w[0] == w[1]) {
            let at = rule.entries.iter().find(|cells| cells.iter().map(|&c| d[c]).eq(w[0].iter().copied()));
            return Err(at.map_or(0, |cells| cells[0]));
        }
    }
    Ok(())
}
