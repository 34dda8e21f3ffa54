//! SE's techniques below the chains: singles, intersections (direct and not), naked and hidden
//! subsets, fish and the XY- and XYZ-wings, each searched in SE's order so the first step found
//! is the one SE takes.

use super::Hint;
use super::grid::{BLOCK, COLUMN, Grid, Memo, ROW, bits, combinations, house, house_of, peers, sees, values};

/// Hidden singles: first the last empty cell of a house (1.0; blocks, columns, rows), then a
/// value's last place (1.2 in a block, 1.5 in a column or row).
pub(crate) fn hidden_single(grid: &Grid) -> Option<Hint> {
    for alone in [true, false] {
        for kind in [BLOCK, COLUMN, ROW] {
            for i in 0..9 {
                let cells = house(kind, i);
                for v in 1..=9 {
                    let places = grid.places(&cells, v);
                    if places.count_ones() == 1 && (grid.empty_cells(&cells) == 1) == alone {
                        let cell = cells[places.trailing_zeros() as usize];
                        let tenths = if alone {
                            10
                        } else if kind == BLOCK {
                            12
                        } else {
                            15
                        };
                        return Some(Hint::place(tenths, "Hidden Single", cell, v));
                    }
                }
            }
        }
    }
    None
}

/// Naked singles (2.3).
pub(crate) fn naked_single(grid: &Grid) -> Option<Hint> {
    (0..81)
        .find(|&c| grid.count(c) == 1)
        .map(|c| Hint::place(23, "Naked Single", c, grid.cand[c].trailing_zeros() as u8))
}

/// The house-kind pairs SE scans for intersections: (block, column), (block, row), (column,
/// block), (row, block).
const LOCK_PAIRS: [(usize, usize); 4] = [(BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK)];

fn crosses(k1: usize, i1: usize, k2: usize, i2: usize) -> bool {
    CROSSES[k1][i1][k2] >> i2 & 1 == 1
}

/// Whether two houses share a cell: by kind and index of the first, kind of the second, a bit
/// per index of the second.
const CROSSES: [[[u16; 3]; 9]; 3] = {
    let mut t = [[[0u16; 3]; 9]; 3];
    let mut c = 0;
    while c < 81 {
        let mut k1 = 0;
        while k1 < 3 {
            let mut k2 = 0;
            while k2 < 3 {
                t[k1][house_of_const(k1, c)][k2] |= 1 << house_of_const(k2, c);
                k2 += 1;
            }
            k1 += 1;
        }
        c += 1;
    }
    t
};

/// [`house_of`] in a constant.
const fn house_of_const(kind: usize, c: usize) -> usize {
    match kind {
        BLOCK => c / 27 * 3 + c % 9 / 3,
        ROW => c / 9,
        _ => c % 9,
    }
}

/// Pointing and claiming. `direct`: only when the removal leaves a value one place in another
/// house of the first kind (direct pointing 1.7, direct claiming 1.9, placing it); otherwise the
/// removal itself (pointing 2.6, claiming 2.8).
pub(crate) fn locking(grid: &Grid, direct: bool) -> Option<Hint> {
    for (k1, k2) in LOCK_PAIRS {
        for v in 1..=9 {
            for i1 in 0..9 {
                let c1 = house(k1, i1);
                let places = grid.places(&c1, v);
                if places.count_ones() < 2 {
                    continue;
                }
                for i2 in 0..9 {
                    if !crosses(k1, i1, k2, i2) {
                        continue;
                    }
                    if !bits(places).all(|k| house_of(k2, c1[k]) == i2) {
                        continue;
                    }
                    let c2 = house(k2, i2);
                    let remove: Vec<(usize, u8)> =
                        c2.iter().filter(|&&c| house_of(k1, c) != i1 && grid.has(c, v)).map(|&c| (c, v)).collect();
                    if remove.is_empty() {
                        continue;
                    }
                    if !direct {
                        let tenths = if k1 == BLOCK { 26 } else { 28 };
                        let name = if k1 == BLOCK { "Pointing" } else { "Claiming" };
                        return Some(Hint { tenths, name, remove, place: None });
                    }
                    for i3 in (0..9).filter(|&i3| i3 != i1 && crosses(k1, i3, k2, i2)) {
                        let c3 = house(k1, i3);
                        let p3 = grid.places(&c3, v);
                        if p3.count_ones() > 1 {
                            let mut left = bits(p3).map(|k| c3[k]).filter(|&c| house_of(k2, c) != i2);
                            if let (Some(cell), None) = (left.next(), left.next()) {
                                let tenths = if k1 == BLOCK { 17 } else { 19 };
                                let name = if k1 == BLOCK { "Direct Pointing" } else { "Direct Claiming" };
                                // SE's direct hint only places: the removal is its reason.
                                return Some(Hint { tenths, name, remove: Vec::new(), place: Some((cell, v)) });
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// Hidden pairs, triplets, quads (3.4, 4.0, 5.4); `direct` (pairs 2.0, triplets 2.5): only when
/// the removal leaves another value one place in the house, which is placed.
pub(crate) fn hidden_set(grid: &Grid, degree: usize, direct: bool, memo: &mut Memo) -> Option<Hint> {
    let combos = combinations(degree);
    let slot = Memo::SETS[usize::from(!direct)] + degree - 2;
    for kind in [BLOCK, COLUMN, ROW] {
        for i in 0..9 {
            let cells = house(kind, i);
            let masks = cells.map(|c| grid.cand[c]);
            if memo.set_found_nothing(slot, kind, i, &masks) {
                continue;
            }
            let empty = grid.empty_cells(&cells);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            // The places of each value in the house, once for all the combinations.
            let mut places = [0u16; 10];
            for v in 1..=9u8 {
                places[v as usize] = grid.places(&cells, v);
            }
            for &combo in combos {
                let mut union = 0u16;
                let mut ok = true;
                for k in bits(combo) {
                    let p = places[k + 1];
                    if p & p.wrapping_sub(1) == 0 {
                        ok = false;
                        break;
                    }
                    union |= p;
                }
                if !ok || union.count_ones() as usize != degree {
                    continue;
                }
                let set: u16 = combo << 1;
                let mut remove = Vec::new();
                for k in bits(union) {
                    for v in values(grid.cand[cells[k]] & !set) {
                        remove.push((cells[k], v));
                    }
                }
                if direct {
                    for v in 1..=9u8 {
                        if set >> v & 1 == 1 {
                            continue;
                        }
                        let p = places[v as usize];
                        if p.count_ones() > 1 && (p & !union).count_ones() == 1 {
                            let cell = cells[(p & !union).trailing_zeros() as usize];
                            let (tenths, name) =
                                if degree == 2 { (20, "Direct Hidden Pair") } else { (25, "Direct Hidden Triplet") };
                            // SE's direct hint only places: the removal is its reason.
                            return Some(Hint::place(tenths, name, cell, v));
                        }
                    }
                    continue;
                }
                if !remove.is_empty() {
                    let (tenths, name) = match degree {
                        2 => (34, "Hidden Pair"),
                        3 => (40, "Hidden Triplet"),
                        _ => (54, "Hidden Quad"),
                    };
                    return Some(Hint { tenths, name, remove, place: None });
                }
            }
            memo.set_nothing_in(slot, kind, i, masks);
        }
    }
    None
}

/// Naked pairs, triplets, quads (3.0, 3.6, 5.0).
pub(crate) fn naked_set(grid: &Grid, degree: usize, memo: &mut Memo) -> Option<Hint> {
    let combos = combinations(degree);
    let slot = Memo::SETS[2] + degree - 2;
    for kind in [BLOCK, COLUMN, ROW] {
        for i in 0..9 {
            let cells = house(kind, i);
            let masks = cells.map(|c| grid.cand[c]);
            if memo.set_found_nothing(slot, kind, i, &masks) {
                continue;
            }
            if grid.empty_cells(&cells) < degree * 2 {
                continue;
            }
            for &combo in combos {
                let mut union = 0u16;
                let mut ok = true;
                for k in bits(combo) {
                    let m = grid.cand[cells[k]];
                    if m.count_ones() <= 1 {
                        ok = false;
                        break;
                    }
                    union |= m;
                }
                if !ok || union.count_ones() as usize != degree {
                    continue;
                }
                let remove: Vec<(usize, u8)> = (0..9)
                    .filter(|&k| combo >> k & 1 == 0)
                    .flat_map(|k| values(grid.cand[cells[k]] & union).map(move |v| (cells[k], v)))
                    .collect();
                if !remove.is_empty() {
                    let (tenths, name) = match degree {
                        2 => (30, "Naked Pair"),
                        3 => (36, "Naked Triplet"),
                        _ => (50, "Naked Quad"),
                    };
                    return Some(Hint { tenths, name, remove, place: None });
                }
            }
            memo.set_nothing_in(slot, kind, i, masks);
        }
    }
    None
}

/// X-wing, swordfish, jellyfish (3.2, 3.8, 5.2): columns as the base first, then rows.
pub(crate) fn fish(grid: &Grid, degree: usize, memo: &mut Memo) -> Option<Hint> {
    let combos = combinations(degree);
    let slot = Memo::FISH + degree - 2;
    let keys = memo.keys(grid);
    let mut placed = [0usize; 10];
    for v in 1..=9u8 {
        placed[v as usize] = grid.placed(v);
    }
    for (base, cover) in [(COLUMN, ROW), (ROW, COLUMN)] {
        // The places of each value in each line, once for all the combinations.
        let mut places = [[0u16; 10]; 9];
        for (i, line) in places.iter_mut().enumerate() {
            for v in 1..=9u8 {
                line[v as usize] = grid.places(&house(base, i), v);
            }
        }
        for &combo in combos {
            for v in 1..=9u8 {
                if placed[v as usize] + degree * 2 > 9 || memo.found_nothing(slot, &keys, v) {
                    continue;
                }
                let mut union = 0u16;
                let mut ok = true;
                for i in bits(combo) {
                    let p = places[i][v as usize];
                    if p & p.wrapping_sub(1) == 0 {
                        ok = false;
                        break;
                    }
                    union |= p;
                }
                if !ok || union.count_ones() as usize != degree {
                    continue;
                }
                let mut remove = Vec::new();
                for j in bits(union) {
                    for c in house(cover, j) {
                        if combo >> house_of(base, c) & 1 == 0 && grid.has(c, v) {
                            remove.push((c, v));
                        }
                    }
                }
                if !remove.is_empty() {
                    let (tenths, name) = match degree {
                        2 => (32, "X-Wing"),
                        3 => (38, "Swordfish"),
                        _ => (52, "Jellyfish"),
                    };
                    return Some(Hint { tenths, name, remove, place: None });
                }
            }
        }
    }
    memo.nothing_at_all(slot, &keys);
    None
}

/// XY-wing (4.2) and XYZ-wing (4.4).
pub(crate) fn xy_wing(grid: &Grid, xyz: bool) -> Option<Hint> {
    let pivot_size = if xyz { 3 } else { 2 };
    for xy in 0..81 {
        let m = grid.cand[xy];
        if m.count_ones() != pivot_size {
            continue;
        }
        for xz in peers(xy) {
            let mz = grid.cand[xz];
            if mz.count_ones() != 2 || (m & !mz).count_ones() != 1 {
                continue;
            }
            for yz in peers(xy) {
                let my = grid.cand[yz];
                if my.count_ones() != 2 {
                    continue;
                }
                let union = m | mz | my;
                let inter = m & mz & my;
                let shape = if xyz { inter.count_ones() == 1 } else { inter == 0 };
                if union.count_ones() != 3 || !shape {
                    continue;
                }
                let z = (mz & my).trailing_zeros() as u8;
                if mz & my == 0 {
                    continue;
                }
                let remove: Vec<(usize, u8)> = (0..81)
                    .filter(|&c| c != xy && c != xz && c != yz)
                    .filter(|&c| sees(c, xz) && sees(c, yz) && (!xyz || sees(c, xy)) && grid.has(c, z))
                    .map(|c| (c, z))
                    .collect();
                if !remove.is_empty() {
                    let (tenths, name) = if xyz { (44, "XYZ-Wing") } else { (42, "XY-Wing") };
                    return Some(Hint { tenths, name, remove, place: None });
                }
            }
        }
    }
    None
}
