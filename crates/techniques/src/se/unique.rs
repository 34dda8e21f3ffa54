//! SE's unique rectangles and loops, types 1, 2 and 4 (4.5; loops of 6 cells 4.6, of 8 4.7,
//! of 10 or more 5.0): cells holding the same two values around a loop, each house of the loop
//! visited by two cells an odd number of steps apart, would let a puzzle with one solution swap
//! the two values; the extra candidates of one or two cells must break the pattern. Type 3
//! (the extra values forming a naked or hidden set) adds 0.1 a value past the first.

use super::Hint;
use super::grid::{BLOCK, COLUMN, Colex, Grid, Mask, ROW, house, house_of, peer_set, sees, values};

/// Candidates removed: (cell, value).
type Removals = Vec<(usize, u8)>;

/// The step SE's unique loops take, if any.
pub(crate) fn unique_loops(grid: &Grid) -> Option<Hint> {
    let mut found: Vec<(u32, u8, Vec<usize>, Hint)> = Vec::new();
    for cell in 0..81 {
        if grid.count(cell) != 2 {
            continue;
        }
        let pair: Vec<u8> = values(grid.cand[cell]).collect();
        let (v1, v2) = (pair[0], pair[1]);
        let mut loops = Vec::new();
        let mut path = Vec::new();
        walk(grid, cell, v1, v2, &mut path, 2, 0, usize::MAX, &mut loops);
        for lp in loops {
            if !valid(&lp) {
                continue;
            }
            let extra: Vec<usize> = lp.iter().copied().filter(|&c| grid.count(c) > 2).collect();
            let both = (1u16 << v1) | (1u16 << v2);
            // Each: its type, the difficulty it adds to the loop's, its removals.
            let mut hints: Vec<(u8, u32, Removals)> = Vec::new();
            if extra.len() == 1 {
                hints.push((1, 0, vec![(extra[0], v1), (extra[0], v2)]));
            } else if extra.len() >= 2 {
                let others = extra.iter().fold(0u16, |m, &c| m | grid.cand[c]) & !both;
                if others.count_ones() == 1 {
                    let v = others.trailing_zeros() as u8;
                    let remove: Vec<(usize, u8)> = (0..81)
                        .filter(|&c| !extra.contains(&c) && grid.has(c, v) && extra.iter().all(|&e| sees(c, e)))
                        .map(|c| (c, v))
                        .collect();
                    hints.push((2, 0, remove));
                } else if extra.len() == 2 && others.count_ones() >= 2 {
                    hints.extend(type3(grid, extra[0], extra[1], v1, v2).into_iter().map(|(t, r)| (3, t, r)));
                }
                if extra.len() == 2
                    && let Some(remove) = type4(grid, extra[0], extra[1], v1, v2)
                {
                    hints.push((4, 0, remove));
                }
            }
            let n = lp.len();
            let tenths = 45
                + if n >= 10 {
                    5
                } else if n >= 8 {
                    2
                } else if n >= 6 {
                    1
                } else {
                    0
                };
            let mut key = lp.clone();
            key.sort_unstable();
            for (kind, more, remove) in hints {
                if remove.is_empty() || found.iter().any(|f| f.1 == kind && f.2 == key && f.3.remove == remove) {
                    continue;
                }
                let name = name(n, kind);
                let tenths = tenths + more;
                found.push((tenths, kind, key.clone(), Hint { tenths, name, remove, place: None }));
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    found.into_iter().next().map(|f| f.3)
}

/// SE's name of a unique loop step: "Unique Rectangle type 1", "Unique Loop 6 type 2", …
#[doc(hidden)]
pub fn name(cells: usize, kind: u8) -> &'static str {
    // Every even length a loop of cells can have, each of the four types.
    static NAMES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        (4..=80)
            .step_by(2)
            .flat_map(|n| {
                (1..=4).map(move |k| {
                    if n == 4 { format!("Unique Rectangle type {k}") } else { format!("Unique Loop {n} type {k}") }
                })
            })
            .collect()
    });
    NAMES[(cells.clamp(4, 80) - 4) / 2 * 4 + kind as usize - 1].as_str()
}

/// Extends `path` (ending at `cell`) through the houses of `cell` other than the one it came
/// by, over cells holding both values; at most `allowed` more cells with extra values, unless
/// every extra cell so far has the same single extra value.
#[allow(clippy::too_many_arguments, reason = "SE's loop search state")]
fn walk(
    grid: &Grid,
    cell: usize,
    v1: u8,
    v2: u8,
    path: &mut Vec<usize>,
    allowed: u32,
    extra: u16,
    last_kind: usize,
    out: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    for kind in [BLOCK, ROW, COLUMN] {
        if kind == last_kind {
            continue;
        }
        for next in house(kind, house_of(kind, cell)) {
            if next == path[0] && path.len() >= 4 {
                out.push(path.clone());
            } else if !path.contains(&next) && grid.has(next, v1) && grid.has(next, v2) {
                let m = grid.cand[next];
                let new_extra = (extra | m) & !((1 << v1) | (1 << v2));
                let card = m.count_ones();
                if card == 2 || new_extra.count_ones() == 1 || allowed > 0 {
                    let left = if card > 2 { allowed.saturating_sub(1) } else { allowed };
                    walk(grid, next, v1, v2, path, left, new_extra, kind, out);
                }
            }
        }
    }
    path.pop();
}

/// Every house a loop cell is in is visited by exactly one cell of each parity (or none).
fn valid(lp: &[usize]) -> bool {
    let mut odd: Vec<(usize, usize)> = Vec::new();
    let mut even: Vec<(usize, usize)> = Vec::new();
    for (i, &c) in lp.iter().enumerate() {
        let side = if i % 2 == 1 { &mut odd } else { &mut even };
        for kind in [BLOCK, ROW, COLUMN] {
            let h = (kind, house_of(kind, c));
            if side.contains(&h) {
                return false;
            }
            side.push(h);
        }
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

/// Type 3, SE's way: the extra values of the two extra cells `c1`, `c2` (sharing a house), as
/// if one more cell of that house, complete a naked set (each of its values goes from the cells
/// seeing all the set's cells holding it), or the loop's values with `degree - 2` others have
/// `degree` places in the house besides `c2`, a hidden set (the other values go from those
/// places). By degree 2..=7, house kind, SE's order of subsets; each step with the difficulty
/// it adds (0.1 for each value of a naked set past the first, each place of a hidden set past
/// the first besides `c1` and `c2`).
fn type3(grid: &Grid, c1: usize, c2: usize, v1: u8, v2: u8) -> Vec<(u32, Removals)> {
    let both: Mask = (1 << v1) | (1 << v2);
    let extra = (grid.cand[c1] | grid.cand[c2]) & !both;
    let mut out = Vec::new();
    for degree in 2..=7usize {
        for kind in [BLOCK, ROW, COLUMN] {
            let h = house_of(kind, c1);
            if h != house_of(kind, c2) {
                continue;
            }
            let cells = house(kind, h);
            let empty = cells.iter().filter(|&&c| grid.value[c] == 0).count();
            let i1 = cells.iter().position(|&c| c == c1).expect("c1 in its house");
            let i2 = cells.iter().position(|&c| c == c2).expect("c2 in its house");
            if degree * 2 <= empty && degree >= extra.count_ones() as usize {
                for pick in Colex::new(degree, 9) {
                    if !pick.contains(&i1) || pick.contains(&i2) {
                        continue;
                    }
                    let others: Vec<usize> = pick.iter().filter(|&&i| i != i1).map(|&i| cells[i]).collect();
                    let union = others.iter().fold(extra, |m, &c| m | grid.cand[c]);
                    let naked = others.iter().fold(extra & grid.cand[c1] & grid.cand[c2], |m, &c| m | grid.cand[c]);
                    if naked.count_ones() as usize != degree
                        || union.count_ones() as usize != degree
                        || others.iter().any(|&c| grid.count(c) <= 1)
                    {
                        continue;
                    }
                    let mut remove = Vec::new();
                    for v in values(union) {
                        let victims = others
                            .iter()
                            .chain([&c1, &c2])
                            .filter(|&&c| grid.has(c, v))
                            .fold(!0u128, |s, &c| s & peer_set(c));
                        remove.extend((0..81).filter(|&c| victims >> c & 1 == 1 && grid.has(c, v)).map(|c| (c, v)));
                    }
                    if !remove.is_empty() {
                        remove.sort_unstable();
                        out.push((union.count_ones() - 1, remove));
                    }
                }
            }
            if degree * 2 < empty {
                let rest: Vec<u8> = (1..=9u8).filter(|&v| (both | extra) >> v & 1 == 0).collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                for pick in Colex::new(degree - 2, rest.len()) {
                    let hidden: Vec<u8> = pick.iter().map(|&i| rest[i]).chain([v1, v2]).collect();
                    let mut places = 0u16;
                    let mut light = true;
                    for &v in &hidden {
                        let at = grid.places(&cells, v) & !(1 << i2);
                        light &= at != 0;
                        places |= at;
                    }
                    if !light || places.count_ones() as usize != degree {
                        continue;
                    }
                    let places = places & !(1 << i1) & !(1 << i2);
                    let keep = hidden.iter().fold(0 as Mask, |m, &v| m | 1 << v);
                    let remove: Vec<(usize, u8)> = (0..9)
                        .filter(|&i| places >> i & 1 == 1)
                        .flat_map(|i| values(grid.cand[cells[i]] & !keep).map(move |v| (cells[i], v)))
                        .collect();
                    if !remove.is_empty() {
                        out.push((places.count_ones().saturating_sub(1), remove));
                    }
                }
            }
        }
    }
    out
}

/// Type 4: the two extra cells share a house where one of the values has no other place; the
/// other value goes from both.
fn type4(grid: &Grid, c1: usize, c2: usize, v1: u8, v2: u8) -> Option<Vec<(usize, u8)>> {
    let (mut r1, mut r2) = (false, false);
    for kind in [BLOCK, ROW, COLUMN] {
        if house_of(kind, c1) != house_of(kind, c2) {
            continue;
        }
        let others = house(kind, house_of(kind, c1)).into_iter().filter(|&c| c != c1 && c != c2);
        let (mut has1, mut has2) = (false, false);
        for c in others {
            has1 |= grid.has(c, v1);
            has2 |= grid.has(c, v2);
        }
        r1 |= !has1;
        r2 |= !has2;
    }
    if r1 {
        Some(vec![(c1, v2), (c2, v2)])
    } else if r2 {
        Some(vec![(c1, v1), (c2, v1)])
    } else {
        None
    }
}
