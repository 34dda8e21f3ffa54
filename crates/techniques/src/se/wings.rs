//! SukakuExplainer's additions to SE 1.2.1 that its default set uses: two strong links of a
//! value joined by a weak one (skyscraper, two-string kite, turbot fish; 4.0–4.1) and the
//! WXYZ- to TUVWXYZ-wings (an almost locked set of 3 to 6 mutually seeing cells and a bivalue
//! cell; 5.5 to 7.5). Grouped strong links (4.3) and chains of three or more links are not
//! reproduced.

use super::Hint;
use super::grid::{BLOCK, COLUMN, Grid, Memo, ROW, bits, house, house_of, peer_set, sees, values};

/// A strong link: a value's places in a house split in two groups, one of which holds it: the
/// only two places, or (grouped) a block's places on the cross of a row and a column, or a
/// line's places in two of its three boxes.
struct Link {
    kind: usize,
    house: usize,
    cells: Vec<usize>,
    /// `cells` as a set (bit c for cell c).
    set: u128,
    ends: [Vec<usize>; 2],
    /// The houses holding each end (`houses_of`).
    houses: [u32; 2],
    grouped: bool,
}

fn same_line(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9
}

/// The links of `v`, blocks, rows then columns.
fn links(grid: &Grid, v: u8) -> Vec<Link> {
    let mut out = Vec::new();
    for kind in [BLOCK, ROW, COLUMN] {
        for i in 0..9 {
            let house_cells = house(kind, i);
            let places = grid.places(&house_cells, v);
            let cells: Vec<usize> = bits(places).map(|k| house_cells[k]).collect();
            let n = cells.len();
            if n == 2 {
                if kind == BLOCK && same_line(cells[0], cells[1]) {
                    continue;
                }
                let set = 1 << cells[0] | 1 << cells[1];
                let ends = [vec![cells[0]], vec![cells[1]]];
                let houses = [houses_of(&ends[0]), houses_of(&ends[1])];
                out.push(Link { kind, house: i, ends, houses, cells, set, grouped: false });
            } else if (3..=6).contains(&n) {
                let ends = if kind == BLOCK {
                    // The first heart (in the block's order) whose row and column hold every place,
                    // with places on both arms.
                    house_cells.iter().find_map(|&h| {
                        if !cells.iter().all(|&c| c / 9 == h / 9 || c % 9 == h % 9) {
                            return None;
                        }
                        let row: Vec<usize> = cells.iter().copied().filter(|&c| c / 9 == h / 9).collect();
                        let col: Vec<usize> = cells.iter().copied().filter(|&c| c % 9 == h % 9).collect();
                        let arms = row.iter().any(|&c| c != h) && col.iter().any(|&c| c != h);
                        arms.then_some([row, col])
                    })
                } else {
                    // Two of the line's three boxes.
                    (0..3).find_map(|e| {
                        let segment = |c: usize| if kind == ROW { c % 9 / 3 } else { c / 27 };
                        if cells.iter().any(|&c| segment(c) == e) {
                            return None;
                        }
                        let (lo, hi) = if e == 0 {
                            (1, 2)
                        } else if e == 1 {
                            (0, 2)
                        } else {
                            (0, 1)
                        };
                        let a: Vec<usize> = cells.iter().copied().filter(|&c| segment(c) == lo).collect();
                        let b: Vec<usize> = cells.iter().copied().filter(|&c| segment(c) == hi).collect();
                        (!a.is_empty() && !b.is_empty()).then_some([a, b])
                    })
                };
                if let Some(ends) = ends {
                    let set = cells.iter().fold(0, |m, &c| m | 1 << c);
                    let houses = [houses_of(&ends[0]), houses_of(&ends[1])];
                    out.push(Link { kind, house: i, ends, houses, cells, set, grouped: true });
                }
            }
        }
    }
    out
}

/// The house (kind, index) holding all of `cells`, columns first, then rows, then blocks.
fn common_house(cells: &[usize]) -> Option<(usize, usize)> {
    for kind in [COLUMN, ROW, BLOCK] {
        let i = house_of(kind, cells[0]);
        if cells.iter().all(|&c| house_of(kind, c) == i) {
            return Some((kind, i));
        }
    }
    None
}

/// The houses holding all of `cells`, as a set (bit `kind * 9 + index`): two groups of cells
/// share a house when their sets meet.
fn houses_of(cells: &[usize]) -> u32 {
    let mut out = 0;
    for kind in [BLOCK, ROW, COLUMN] {
        let i = house_of(kind, cells[0]);
        if cells.iter().all(|&c| house_of(kind, c) == i) {
            out |= 1 << (kind * 9 + i);
        }
    }
    out
}

/// SE's suffix of a chain of link kinds: the lines named alike, the smaller of the two
/// directions.
fn line_name(kinds: &[usize]) -> String {
    let forward: String = kinds.iter().map(|k| k.to_string()).collect();
    let reverse: String = kinds.iter().rev().map(|k| k.to_string()).collect();
    let set: Vec<usize> = if forward <= reverse { kinds.to_vec() } else { kinds.iter().rev().copied().collect() };
    let original: String = set.iter().map(|k| k.to_string()).collect();
    if set.contains(&ROW) {
        let current: String = set
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
    set.iter().map(|&k| if k == COLUMN { '1' } else { char::from(b'0' + k as u8) }).collect()
}

/// Chains of `n` strong links of a value (2: skyscraper, two-string kite, turbot fish; 3 and 4
/// links), each link's far end sharing a house with the next link's near end: the value is out
/// of the cells seeing both ends of the chain (or, when the ends share a house too, out of every
/// house of the loop). Difficulty 4.0, 5.4, 5.8, plus 0.1 or 0.2 for the kinds of houses and 0.3
/// for a grouped link (SE's rules).
pub(crate) fn strong_links(grid: &Grid, n: usize, memo: &mut Memo) -> Option<Hint> {
    let slot = Memo::STRONG_LINKS + n - 2;
    let keys = memo.keys(grid);
    let base = match n {
        2 => 40,
        3 => 54,
        _ => 58,
    };
    let mut found: Vec<(u32, usize, String, Hint)> = Vec::new();
    for v in 1..=9u8 {
        if memo.found_nothing(slot, &keys, v) {
            continue;
        }
        let before = found.len();
        let links = links(grid, v);
        let mut chain: Vec<(usize, usize)> = Vec::new();
        for first in 0..links.len() {
            for side in 0..2 {
                chain.push((first, side));
                extend(grid, v, &links, n, base, &mut chain, &mut found);
                chain.pop();
            }
        }
        if found.len() == before {
            memo.nothing_for(slot, &keys, v);
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    found.into_iter().next().map(|f| f.3)
}

/// Extends `chain` (links with the side they enter by) to `n` links; records each complete one.
fn extend(
    grid: &Grid,
    v: u8,
    links: &[Link],
    n: usize,
    base: u32,
    chain: &mut Vec<(usize, usize)>,
    found: &mut Vec<(u32, usize, String, Hint)>,
) {
    let &(last, side) = chain.last().expect("a first link");
    if chain.len() == n {
        let (first, first_side) = chain[0];
        // Each chain once: its first link before its last.
        if first > last {
            return;
        }
        let start = &links[first].ends[first_side];
        let end = &links[last].ends[1 - side];
        let used: Vec<usize> = chain.iter().flat_map(|&(l, _)| links[l].cells.iter().copied()).collect();
        let mut remove = Vec::new();
        let mut ends: Vec<usize> = start.clone();
        ends.extend(end.iter().copied());
        if let Some((kind, i)) = common_house(&ends) {
            // A loop: every weak link's house loses the value outside the chain.
            let mut houses = vec![(kind, i)];
            for w in chain.windows(2) {
                let mut bridge = links[w[0].0].ends[1 - w[0].1].clone();
                bridge.extend(links[w[1].0].ends[w[1].1].iter().copied());
                houses.extend(common_house(&bridge));
            }
            for (kind, i) in houses {
                for c in house(kind, i) {
                    if !used.contains(&c) && grid.has(c, v) && !remove.contains(&(c, v)) {
                        remove.push((c, v));
                    }
                }
            }
        } else {
            for c in 0..81 {
                if !used.contains(&c) && grid.has(c, v) && ends.iter().all(|&e| sees(c, e)) {
                    remove.push((c, v));
                }
            }
        }
        if remove.is_empty() {
            return;
        }
        let kinds: Vec<usize> = chain.iter().map(|&(l, _)| links[l].kind).collect();
        let grouped = chain.iter().filter(|&&(l, _)| links[l].grouped).count();
        let suffix = format!("{grouped}{}", line_name(&kinds));
        let tail = &suffix[1..];
        let tenths = if grouped > 0 {
            base + 3
        } else if !tail.contains('0') && !tail.contains('2') {
            base
        } else if tail.contains('0') && tail.contains('2') {
            base + 2
        } else {
            base + 1
        };
        let name = match n {
            2 if grouped > 0 => "Grouped 2 Strong Links",
            2 if tenths == base => "Skyscraper",
            2 => "2 Strong Links",
            3 => "3 Strong Links",
            _ => "4 Strong Links",
        };
        let count = remove.len();
        found.push((tenths, count, suffix, Hint { tenths, name, remove, place: None }));
        return;
    }
    let out_houses = links[last].houses[1 - side];
    let used = chain.iter().fold(0u128, |m, &(l, _)| m | links[l].set);
    for (next, link) in links.iter().enumerate() {
        if chain.iter().any(|&(l, _)| l == next) || used & link.set != 0 {
            continue;
        }
        if chain.iter().any(|&(l, _)| links[l].kind == link.kind && links[l].house == link.house) {
            continue;
        }
        for s in 0..2 {
            if out_houses & link.houses[s] != 0 {
                chain.push((next, s));
                extend(grid, v, links, n, base, chain, found);
                chain.pop();
            }
        }
    }
}

/// An almost locked set of `k` mutually seeing cells (k + 1 values) and a bivalue cell xz
/// outside it whose x is restricted (every x of the set sees the bivalue cell): z is out of the
/// cells seeing every z of both. When z is restricted too, x and the set's other values go from
/// the cells seeing all their places. WXYZ- (k = 3), VWXYZ- (4), UVWXYZ- (5), TUVWXYZ-wing (6).
pub(crate) fn als_wing(grid: &Grid, k: usize) -> Option<Hint> {
    let by_value = grid.places_by_value();
    // The bivalue cells, the only candidates for the wing's yz.
    let bivalue = (0..81).filter(|&c| grid.count(c) == 2).fold(0u128, |m, c| m | 1 << c);
    let mut found: Vec<(u32, usize, Hint)> = Vec::new();
    let combinations = super::grid::combinations(k);
    for kind in [BLOCK, ROW, COLUMN] {
        for i in 0..9 {
            let cells: Vec<usize> = house(kind, i).into_iter().filter(|&c| grid.count(c) >= 2).collect();
            if cells.len() < k {
                continue;
            }
            for &combo in combinations {
                // combinations of 0..9: keep those within the open cells.
                if combo >> cells.len() != 0 {
                    continue;
                }
                let union = bits(combo).fold(0u16, |m, j| m | grid.cand[cells[j]]);
                if union.count_ones() as usize != k + 1 {
                    continue;
                }
                let als: Vec<usize> = bits(combo).map(|j| cells[j]).collect();
                let key = als.iter().fold(0u128, |m, &c| m | 1 << c);
                // The first time only: a set in a block and a line (three cells at most, the
                // lines' intersection with the block) was met in the block, whose turn is
                // first; two lines share one cell at most.
                if kind != BLOCK && als.iter().all(|&c| house_of(BLOCK, c) == house_of(BLOCK, als[0])) {
                    continue;
                }
                wings_of(grid, &by_value, bivalue, &als, key, union, k, &mut found);
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    found.into_iter().next().map(|f| f.2)
}

/// The wings of one almost locked set (`als`, as cells and as the set `als_set`; `by_value`:
/// the grid's places of each value).
#[allow(clippy::too_many_arguments)]
fn wings_of(
    grid: &Grid,
    by_value: &[u128; 10],
    bivalue: u128,
    als: &[usize],
    als_set: u128,
    union: u16,
    k: usize,
    found: &mut Vec<(u32, usize, Hint)>,
) {
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
    // The set's places of v.
    let with = |v: u8| als_set & by_value[v as usize];
    // Cells outside the wing seeing every one of `cells` (and yz), holding v, ascending; each
    // call is for another value, so none is named twice.
    let victims = |cells: u128, yz: usize, v: u8, out: &mut Vec<(usize, u8)>| {
        let mut seeing = by_value[v as usize] & !als_set & !(1 << yz);
        let mut rest = cells;
        while rest != 0 {
            seeing &= peer_set(rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
        while seeing != 0 {
            out.push((seeing.trailing_zeros() as usize, v));
            seeing &= seeing - 1;
        }
    };
    let mut pairs = bivalue & !als_set;
    while pairs != 0 {
        let yz = pairs.trailing_zeros() as usize;
        pairs &= pairs - 1;
        let m = grid.cand[yz];
        if m & union != m {
            continue;
        }
        let restricted = |v: u8| with(v) & !peer_set(yz) == 0;
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
            victims(with(z) | 1 << yz, yz, z, &mut remove);
            if double {
                victims(with(x) | 1 << yz, yz, x, &mut remove);
                for w in values(union & !m) {
                    victims(with(w), yz, w, &mut remove);
                }
            }
            if !remove.is_empty() {
                let count = remove.len();
                found.push((tenths, count, Hint { tenths, name, remove, place: None }));
            }
        }
    }
}
