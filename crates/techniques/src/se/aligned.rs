//! SE's aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! A *base* cell has two or more candidates and no peer down to one; its *excluders* are its
//! peers with 2 candidates (pairs) or 2 to 3 (triplets). For a set of base cells with at least
//! two excluders in common, a combination of values (one per cell) is impossible when two cells
//! that see each other take the same value, or when it covers every candidate of a common
//! excluder. A cell's value that no possible combination gives it goes.
//!
//! SE's order: pairs of base cells (in the order the bases are listed, by the second then the
//! first); triplets add a third cell, one of either cell's excluders that is itself a base. The
//! first set that removes something is the step.
//!
//! A set's outcome depends only on the candidates of its cells and on its cells' peers of at
//! most `degree` candidates (the excluders, and a single that disqualifies a base): a set whose
//! cells and such peers are as they were when the last search of the same degree found
//! nothing finds nothing again, and is not tried (the [`Memo`] keeps that grid).

use super::Hint;
use super::grid::{Grid, Memo, peer_set, sees, values};

/// The step SE's aligned exclusion of `degree` cells (2 or 3) takes on `grid`, if any.
#[doc(hidden)]
pub fn aligned_exclusion(grid: &Grid, degree: usize, memo: &mut Memo) -> Option<Hint> {
    let hint = search(grid, degree, memo.aligned[degree - 2].as_ref());
    if hint.is_none() {
        memo.aligned[degree - 2] = Some(grid.cand);
    }
    hint
}

/// [`aligned_exclusion`], skipping the sets whose cells and peers have the candidates they had
/// in `before`, a grid where every set found nothing.
fn search(grid: &Grid, degree: usize, before: Option<&[u16; 81]>) -> Option<Hint> {
    // The cells whose candidates changed since `before`, or a peer's that has (or had) at
    // most `degree` candidates: a peer of more is neither an excluder nor a single.
    let mut dirty = u128::MAX;
    if let Some(before) = before {
        dirty = 0;
        for (c, (&was, &now)) in before.iter().zip(&grid.cand).enumerate() {
            if was != now {
                dirty |= 1 << c;
                if was.count_ones() as usize <= degree || now.count_ones() as usize <= degree {
                    dirty |= peer_set(c);
                }
            }
        }
    }
    let mut bases: Vec<usize> = Vec::new();
    let mut excluders = [0u128; 81];
    for (cell, excluded_by) in excluders.iter_mut().enumerate() {
        if grid.count(cell) < 2 {
            continue;
        }
        let mut lone = false;
        let mut set = 0u128;
        let mut peers = peer_set(cell);
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            match grid.count(p) {
                1 => lone = true,
                n if n >= 2 && n as usize <= degree => set |= 1 << p,
                _ => {}
            }
        }
        if !lone && set != 0 {
            bases.push(cell);
            *excluded_by = set;
        }
    }
    if bases.len() < degree {
        return None;
    }
    let base_set: u128 = bases.iter().map(|&c| 1u128 << c).sum();
    // A bit per set of three cells (sorted, as a number in base 81); pairs need none.
    let mut tried = if degree == 3 { vec![0u64; (81 * 81 * 81usize).div_ceil(64)] } else { Vec::new() };
    // SE's pairs: (0, 1), (0, 2), (1, 2), (0, 3), …
    for j in 1..bases.len() {
        for i in 0..j {
            let (c0, c1) = (bases[i], bases[j]);
            let pair_dirty = dirty & (1 << c0 | 1 << c1) != 0;
            if degree == 2 {
                if !pair_dirty {
                    continue;
                }
                if let Some(hint) = exclude(grid, &[c0, c1], &excluders) {
                    return Some(hint);
                }
                continue;
            }
            // The third cell: an excluder of the first or of the second that is a base, the
            // first's in increasing order, then the second's not yet met.
            // A set of three is met up to three times (as each of its pairs plus the third):
            // it found nothing the first time.
            let first = excluders[c0] & base_set & !(1 << c0 | 1 << c1);
            let second = excluders[c1] & base_set & !(1 << c0 | 1 << c1) & !first;
            // A set of three unchanged cells is left out (see the module's note), whichever
            // pair meets it.
            let third = if pair_dirty { u128::MAX } else { dirty };
            for mut tail in [first & third, second & third] {
                while tail != 0 {
                    let c2 = tail.trailing_zeros() as usize;
                    tail &= tail - 1;
                    let mut key = [c0, c1, c2];
                    key.sort_unstable();
                    let k = (key[0] * 81 + key[1]) * 81 + key[2];
                    if tried[k / 64] >> (k % 64) & 1 == 1 {
                        continue;
                    }
                    tried[k / 64] |= 1 << (k % 64);
                    if let Some(hint) = exclude(grid, &[c0, c1, c2], &excluders) {
                        return Some(hint);
                    }
                }
            }
        }
    }
    None
}

/// The removals of the aligned exclusion on `cells`, as a step, if it removes anything.
fn exclude(grid: &Grid, cells: &[usize], excluders: &[u128; 81]) -> Option<Hint> {
    let mut common = cells.iter().fold(u128::MAX, |acc, &c| acc & excluders[c]);
    if common.count_ones() < 2 {
        return None;
    }
    // Only a lock within the cells' candidates can be covered by a combination: the others
    // exclude nothing and are left out (at most 20 excluders: a cell's peers).
    let union = cells.iter().fold(0, |acc, &c| acc | grid.cand[c]);
    let mut locks = [0u16; 20];
    let mut n = 0;
    while common != 0 {
        let e = common.trailing_zeros() as usize;
        common &= common - 1;
        if grid.cand[e] & !union == 0 {
            locks[n] = grid.cand[e];
            n += 1;
        }
    }
    // Without a lock, only two cells that see each other taking the same value exclude a
    // combination: with two or more values a cell, that empties a cell's choices only when
    // the two others of a triplet are the same two values and see each other.
    if n == 0 && !(cells.len() == 3 && same_pair(grid, cells)) {
        return None;
    }
    let allowed = allowed(grid, cells, &locks[..n]);
    if cells.iter().zip(allowed).all(|(&c, ok)| grid.cand[c] & !ok == 0) {
        return None;
    }
    let remove: Vec<(usize, u8)> =
        cells.iter().zip(allowed).flat_map(|(&c, ok)| values(grid.cand[c] & !ok).map(move |v| (c, v))).collect();
    let (tenths, name) =
        if cells.len() == 2 { (62, "Aligned Pair Exclusion") } else { (75, "Aligned Triplet Exclusion") };
    Some(Hint { tenths, name, remove, place: None })
}

/// Whether two of `cells` see each other and have the same two candidates.
fn same_pair(grid: &Grid, cells: &[usize]) -> bool {
    (0..cells.len()).any(|j| {
        (0..j).any(|i| {
            let (a, b) = (cells[i], cells[j]);
            grid.cand[a] == grid.cand[b] && grid.count(a) == 2 && sees(a, b)
        })
    })
}

/// The values each of `cells` (2 or 3) takes in some possible combination: no two cells that
/// see each other with the same value, no lock (an excluder's candidates) covered. The last
/// cell's values are found at once for each choice of the others: a lock is covered by the
/// choice alone (every value of the last cell dies) or but for one value (that one dies).
fn allowed(grid: &Grid, cells: &[usize], locks: &[u16]) -> [u16; 3] {
    let last = cells[cells.len() - 1];
    let open_last = |used: u16| -> u16 {
        let mut dead = 0u16;
        for &m in locks {
            let rest = m & !used;
            if rest == 0 {
                return 0;
            }
            if rest & (rest - 1) == 0 {
                dead |= rest;
            }
        }
        grid.cand[last] & !dead
    };
    let mut allowed = [0u16; 3];
    let c0 = cells[0];
    for v0 in values(grid.cand[c0]) {
        if cells.len() == 2 {
            let mut ok = open_last(1 << v0);
            if sees(c0, last) {
                ok &= !(1 << v0);
            }
            if ok != 0 {
                allowed[0] |= 1 << v0;
                allowed[1] |= ok;
            }
            continue;
        }
        let c1 = cells[1];
        for v1 in values(grid.cand[c1]) {
            if v0 == v1 && sees(c0, c1) {
                continue;
            }
            let mut ok = open_last(1 << v0 | 1 << v1);
            if sees(c0, last) {
                ok &= !(1 << v0);
            }
            if sees(c1, last) {
                ok &= !(1 << v1);
            }
            if ok != 0 {
                allowed[0] |= 1 << v0;
                allowed[1] |= 1 << v1;
                allowed[2] |= ok;
            }
        }
    }
    allowed
}
