//! SukakuExplainer's additions to SE 1.2.1 that its default set uses: two strong links of a
//! value joined by a weak one (skyscraper, two-string kite, turbot fish; 4.0–4.1) and the
//! WXYZ- to TUVWXYZ-wings (an almost locked set of 3 to 6 mutually seeing cells and a bivalue
//! cell; 5.5 to 7.5). Grouped strong links (4.3) and chains of three or more links are not
//! reproduced.

use super::Hint;
use super::grid::{BLOCK, COLUMN, Grid, ROW, bits, house, sees, values};

/// A strong link: a value's only two places in a house.
struct Link {
    kind: usize,
    cells: [usize; 2],
}

fn same_line(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9
}

/// SE's suffix for a pair of link kinds: lines are named alike, a block is 0.
fn line_name(kinds: [usize; 2]) -> String {
    let original: String = kinds.iter().map(|k| k.to_string()).collect();
    if kinds.contains(&ROW) {
        let current: String = kinds
            .iter()
            .map(|&k| {
                if k == ROW {
                    '2'
                } else if k == COLUMN {
                    '1'
                } else {
                    '0'
                }
            })
            .collect();
        let reverse: String = current.chars().rev().collect();
        let swap = reverse.min(current);
        return original.min(swap);
    }
    kinds.iter().map(|&k| if k == COLUMN { '1' } else { char::from(b'0' + k as u8) }).collect()
}

/// Two strong links of a value whose near ends see each other: the value is out of the cells
/// seeing both far ends.
pub(crate) fn strong_links(grid: &Grid) -> Option<Hint> {
    let mut found: Vec<(u32, usize, String, Hint)> = Vec::new();
    for v in 1..=9u8 {
        let mut links = Vec::new();
        for kind in [BLOCK, ROW, COLUMN] {
            for i in 0..9 {
                let cells = house(kind, i);
                let places = grid.places(&cells, v);
                if places.count_ones() == 2 {
                    let two: Vec<usize> = bits(places).map(|k| cells[k]).collect();
                    if kind == BLOCK && same_line(two[0], two[1]) {
                        continue;
                    }
                    links.push(Link { kind, cells: [two[0], two[1]] });
                }
            }
        }
        for (a, la) in links.iter().enumerate() {
            for lb in &links[a + 1..] {
                if la.cells.iter().any(|c| lb.cells.contains(c)) {
                    continue;
                }
                for ua in 0..2 {
                    for ub in 0..2 {
                        let (start, bridge1) = (la.cells[ua], la.cells[1 - ua]);
                        let (bridge2, end) = (lb.cells[ub], lb.cells[1 - ub]);
                        if !sees(bridge1, bridge2) || sees(start, end) {
                            continue;
                        }
                        let remove: Vec<(usize, u8)> = (0..81)
                            .filter(|&c| !la.cells.contains(&c) && !lb.cells.contains(&c))
                            .filter(|&c| sees(c, start) && sees(c, end) && grid.has(c, v))
                            .map(|c| (c, v))
                            .collect();
                        if remove.is_empty() {
                            continue;
                        }
                        let suffix = line_name([la.kind, lb.kind]);
                        let tenths = if suffix.contains('0') || suffix.contains('2') { 41 } else { 40 };
                        let name = match tenths {
                            40 => "Skyscraper",
                            _ if la.kind != BLOCK && lb.kind != BLOCK => "2-String Kite",
                            _ => "Turbot Fish",
                        };
                        let count = remove.len();
                        found.push((tenths, count, suffix, Hint { tenths, name, remove, place: None }));
                    }
                }
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    found.into_iter().next().map(|f| f.3)
}

/// An almost locked set of `k` mutually seeing cells (k + 1 values) and a bivalue cell xz
/// outside it whose x is restricted (every x of the set sees the bivalue cell): z is out of the
/// cells seeing every z of both. When z is restricted too, x and the set's other values go from
/// the cells seeing all their places. WXYZ- (k = 3), VWXYZ- (4), UVWXYZ- (5), TUVWXYZ-wing (6).
pub(crate) fn als_wing(grid: &Grid, k: usize) -> Option<Hint> {
    let mut sets: Vec<u128> = Vec::new();
    let mut found: Vec<(u32, usize, Hint)> = Vec::new();
    for kind in [BLOCK, ROW, COLUMN] {
        for i in 0..9 {
            let cells: Vec<usize> = house(kind, i).into_iter().filter(|&c| grid.count(c) >= 2).collect();
            if cells.len() < k {
                continue;
            }
            for combo in super::grid::combinations(k) {
                // combinations of 0..9: keep those within the open cells.
                if combo >> cells.len() != 0 {
                    continue;
                }
                let als: Vec<usize> = bits(combo).map(|j| cells[j]).collect();
                let union = als.iter().fold(0u16, |m, &c| m | grid.cand[c]);
                if union.count_ones() as usize != k + 1 {
                    continue;
                }
                let key = als.iter().fold(0u128, |m, &c| m | 1 << c);
                if sets.contains(&key) {
                    continue;
                }
                sets.push(key);
                wings_of(grid, &als, union, k, &mut found);
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    found.into_iter().next().map(|f| f.2)
}

fn wings_of(grid: &Grid, als: &[usize], union: u16, k: usize, found: &mut Vec<(u32, usize, Hint)>) {
    let biggest = als.iter().map(|&c| grid.count(c) as i32).max().unwrap_or(2);
    let tenths = match k {
        3 => (55 + (1 - (3 - biggest).abs())) as u32,
        4 => (62 + (2 - (3 - biggest).abs())) as u32,
        5 => 66,
        _ => 75,
    };
    let name = match k {
        3 => "WXYZ-Wing",
        4 => "VWXYZ-Wing",
        5 => "UVWXYZ-Wing",
        _ => "TUVWXYZ-Wing",
    };
    let with = |v: u8| -> Vec<usize> { als.iter().copied().filter(|&c| grid.has(c, v)).collect() };
    // Cells outside the wing seeing every one of `cells`, holding v.
    let victims = |cells: &[usize], yz: usize, v: u8, out: &mut Vec<(usize, u8)>| {
        for c in 0..81 {
            if c != yz
                && !als.contains(&c)
                && grid.has(c, v)
                && cells.iter().all(|&o| sees(c, o))
                && !out.contains(&(c, v))
            {
                out.push((c, v));
            }
        }
    };
    for yz in 0..81 {
        let m = grid.cand[yz];
        if m.count_ones() != 2 || m & union != m || als.contains(&yz) {
            continue;
        }
        let restricted = |v: u8| with(v).iter().all(|&c| sees(c, yz));
        let pair: Vec<u8> = values(m).collect();
        for (x, z) in [(pair[0], pair[1]), (pair[1], pair[0])] {
            if !restricted(x) {
                continue;
            }
            let double = restricted(z);
            if double && x > z {
                // The doubly linked wing, once.
                continue;
            }
            let mut remove = Vec::new();
            let mut zs = with(z);
            zs.push(yz);
            victims(&zs, yz, z, &mut remove);
            if double {
                let mut xs = with(x);
                xs.push(yz);
                victims(&xs, yz, x, &mut remove);
                for w in values(union & !m) {
                    victims(&with(w), yz, w, &mut remove);
                }
            }
            if !remove.is_empty() {
                let count = remove.len();
                found.push((tenths, count, Hint { tenths, name, remove, place: None }));
            }
        }
    }
}
