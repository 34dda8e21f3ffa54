//! Wings: XY-wing and XYZ-wing, on the cells that see each other in any spec.
//!
//! - XY-wing: a pivot with candidates {x, y} sees two pincers, one {x, z} and one {y, z}.
//!   Whichever of x and y the pivot takes, one pincer is left with z: z is out of every cell
//!   that sees both pincers.
//! - XYZ-wing: a pivot {x, y, z} sees two pincers {x, z} and {y, z}. Whatever the pivot takes,
//!   z is in the pivot or in a pincer: z is out of every cell that sees all three.
//!
//! "Sees" is the model's peers (houses and at-most-once groups: two cells that cannot hold the
//! same value), so the wings hold on every spec and size. The search is a scan over pivots and
//! pairs of their peers: O(cells × peers²), bounded by the grid.

use coverlab_model::{Cell, Model};

use crate::bits::Ones;
use crate::{Board, Step, Technique};

/// The first XY-wing (`three == false`) or XYZ-wing that rules something out: pivots by cell
/// index, then pincer pairs in peer order.
pub(crate) fn wing(board: &Board, model: &Model, three: bool) -> Option<Step> {
    let n = model.size();
    let technique = if three { Technique::XyzWing } else { Technique::XyWing };
    let cand = |c: Cell| board.candidates(c);
    for pivot in 0..n * n {
        let p = cand(pivot);
        if board.value(pivot) != 0 || p.count_ones() != if three { 3 } else { 2 } {
            continue;
        }
        // Pincers: bivalue peers sharing exactly one value with the pivot (XY) or holding two
        // of its three (XYZ).
        let pincers: Vec<Cell> = model
            .peers(pivot)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| {
                let m = cand(c);
                board.value(c) == 0 && m.count_ones() == 2 && if three { m & p == m } else { (m & p).count_ones() == 1 }
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (cand(a), cand(b));
                let z = ma & mb;
                let fits = if three {
                    // {x, z} and {y, z}: different pincers, together the pivot's three values.
                    ma != mb && z.count_ones() == 1 && ma | mb == p
                } else {
                    // {x, z} and {y, z} with {x, y} the pivot's: z shared, not the pivot's.
                    z.count_ones() == 1 && z & p == 0 && (ma | mb) & p == p
                };
                if !fits {
                    continue;
                }
                let zv = z.trailing_zeros() as usize;
                let mut step = Step::new(technique);
                for &c in model.peers(a) {
                    let c = usize::from(c);
                    if c != b
                        && c != pivot
                        && board.value(c) == 0
                        && cand(c) & z != 0
                        && model.sees(c, b)
                        && (!three || model.sees(c, pivot))
                    {
                        step.eliminations.push((c, (zv + 1) as u8));
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.cells = vec![pivot, a, b];
                step.values = Ones(p | z).map(|v| (v + 1) as u8).collect();
                return Some(step.finish());
            }
        }
    }
    None
}

/// The first W-wing that rules something out: two cells holding only the same {x, y} that do
/// not see each other, and a house where x has exactly two places, one seeing each cell (not
/// the cells themselves). One of those places holds x, so the cell it sees is not x: it is y.
/// Either way one of the two cells holds y, so y is out of every cell that sees both. Pairs of
/// cells by index, then houses by index, x before y.
pub(crate) fn w_wing(board: &Board, model: &Model) -> Option<Step> {
    let n = model.size();
    let bivalue: Vec<Cell> =
        (0..n * n).filter(|&c| board.value(c) == 0 && board.candidates(c).count_ones() == 2).collect();
    for (i, &a) in bivalue.iter().enumerate() {
        let m = board.candidates(a);
        for &b in &bivalue[i + 1..] {
            if board.candidates(b) != m || model.sees(a, b) {
                continue;
            }
            for x in Ones(m) {
                let y = (m & !(1 << x)).trailing_zeros() as usize;
                let targets: Vec<Cell> = model
                    .peers(a)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| c != b && board.value(c) == 0 && board.candidates(c) >> y & 1 == 1 && model.sees(c, b))
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                for (h, house) in model.houses().iter().enumerate() {
                    let places: Vec<Cell> =
                        house.cells.iter().copied().filter(|&c| board.candidates(c) >> x & 1 == 1).collect();
                    let &[p, q] = places.as_slice() else { continue };
                    if [p, q].iter().any(|&c| c == a || c == b) {
                        continue;
                    }
                    let linked = (model.sees(p, a) && model.sees(q, b)) || (model.sees(p, b) && model.sees(q, a));
                    if !linked {
                        continue;
                    }
                    let mut step = Step::new(Technique::WWing);
                    step.eliminations = targets.iter().map(|&c| (c, (y + 1) as u8)).collect();
                    step.cells = vec![a, b, p, q];
                    step.units = vec![h];
                    step.values = vec![(x + 1) as u8, (y + 1) as u8];
                    return Some(step.finish());
                }
            }
        }
    }
    None
}

/// The first single-digit pattern that rules something out: two strong links of a value x
/// (houses where x has exactly two places) whose ends p1 and p2 see each other. At most one of
/// p1, p2 holds x, so q1 or q2 (the links' other ends) holds it: x is out of every cell that
/// sees both. Named by the houses: two rows or two columns, a skyscraper; a row and a column, a
/// two-string kite; otherwise (a box, a region, a diagonal), a turbot fish. Values ascending,
/// then pairs of links by house index.
pub(crate) fn single_digit(board: &Board, model: &Model, want: Technique) -> Option<Step> {
    use coverlab_model::UnitKind;
    let n = model.size();
    let houses = model.houses();
    for x in 0..n {
        // The strong links of x: (house, its two places).
        let links: Vec<(usize, Cell, Cell)> = houses
            .iter()
            .enumerate()
            .filter_map(|(h, house)| {
                let places: Vec<Cell> =
                    house.cells.iter().copied().filter(|&c| board.candidates(c) >> x & 1 == 1).collect();
                match places.as_slice() {
                    &[p, q] => Some((h, p, q)),
                    _ => None,
                }
            })
            .collect();
        for (i, &(h1, a1, b1)) in links.iter().enumerate() {
            for &(h2, a2, b2) in &links[i + 1..] {
                for (p1, q1) in [(a1, b1), (b1, a1)] {
                    for (p2, q2) in [(a2, b2), (b2, a2)] {
                        let ends = [p1, q1];
                        if ends.contains(&p2) || ends.contains(&q2) || !model.sees(p1, p2) || model.sees(q1, q2) {
                            continue;
                        }
                        let (k1, k2) = (houses[h1].kind, houses[h2].kind);
                        let technique = match (k1, k2) {
                            (UnitKind::Row, UnitKind::Row) | (UnitKind::Column, UnitKind::Column) => {
                                Technique::Skyscraper
                            }
                            (UnitKind::Row, UnitKind::Column) | (UnitKind::Column, UnitKind::Row) => {
                                Technique::TwoStringKite
                            }
                            _ => Technique::TurbotFish,
                        };
                        if technique != want {
                            continue;
                        }
                        let out: Vec<(Cell, u8)> = model
                            .peers(q1)
                            .iter()
                            .map(|&c| usize::from(c))
                            .filter(|&c| {
                                c != q2 && board.value(c) == 0 && board.candidates(c) >> x & 1 == 1 && model.sees(c, q2)
                            })
                            .map(|c| (c, (x + 1) as u8))
                            .collect();
                        if out.is_empty() {
                            continue;
                        }
                        let mut step = Step::new(technique);
                        step.eliminations = out;
                        step.cells = vec![p1, q1, p2, q2];
                        step.units = vec![h1, h2];
                        step.values = vec![(x + 1) as u8];
                        return Some(step.finish());
                    }
                }
            }
        }
    }
    None
}

/// The first simple colouring that rules something out. For a value x, the cells joined by
/// strong links (houses where x has exactly two places) take x alternately: colour each chain
/// in two colours, and one colour holds x in all its cells, the other in none. Two cells of one
/// colour that see each other cannot both hold x, so that colour is the false one: x is out of
/// all its cells (a wrap). A cell outside the chain that sees both colours sees the true one:
/// x is out of it (a trap). Values ascending, chains from their lowest cell.
pub(crate) fn colouring(board: &Board, model: &Model) -> Option<Step> {
    let n = model.size();
    for x in 0..n {
        let has = |c: Cell| board.value(c) == 0 && board.candidates(c) >> x & 1 == 1;
        // The strong links of x, as an adjacency list over cells.
        let mut links: Vec<Vec<Cell>> = vec![Vec::new(); n * n];
        let mut units: Vec<usize> = Vec::new();
        for (h, house) in model.houses().iter().enumerate() {
            let places: Vec<Cell> = house.cells.iter().copied().filter(|&c| has(c)).collect();
            if let &[p, q] = places.as_slice() {
                links[p].push(q);
                links[q].push(p);
                units.push(h);
            }
        }
        let mut colour: Vec<u8> = vec![0; n * n]; // 0: none, 1 or 2
        for start in 0..n * n {
            if links[start].is_empty() || colour[start] != 0 {
                continue;
            }
            // Colour the chain through `start`, breadth first.
            let mut chain = vec![start];
            colour[start] = 1;
            let mut i = 0;
            while i < chain.len() {
                let c = chain[i];
                i += 1;
                for &d in &links[c] {
                    if colour[d] == 0 {
                        colour[d] = 3 - colour[c];
                        chain.push(d);
                    }
                }
            }
            if chain.len() < 3 {
                continue;
            }
            let of = |k: u8| chain.iter().copied().filter(|&c| colour[c] == k).collect::<Vec<Cell>>();
            let mut step = Step::new(Technique::SimpleColouring);
            // A wrap: a colour with two cells that see each other is false.
            for k in [1u8, 2] {
                let cells = of(k);
                let wraps = cells.iter().enumerate().any(|(i, &a)| cells[i + 1..].iter().any(|&b| model.sees(a, b)));
                if wraps {
                    step.eliminations = cells.iter().map(|&c| (c, (x + 1) as u8)).collect();
                    break;
                }
            }
            // A trap: a cell off the chain that sees both colours.
            if step.eliminations.is_empty() {
                let (ones, twos) = (of(1), of(2));
                step.eliminations = (0..n * n)
                    .filter(|&c| colour[c] == 0 && has(c))
                    .filter(|&c| ones.iter().any(|&a| model.sees(c, a)) && twos.iter().any(|&b| model.sees(c, b)))
                    .map(|c| (c, (x + 1) as u8))
                    .collect();
            }
            if step.eliminations.is_empty() {
                continue;
            }
            let mut cells = chain.clone();
            cells.sort_unstable();
            step.cells = cells;
            step.values = vec![(x + 1) as u8];
            return Some(step.finish());
        }
    }
    None
}

/// The first WXYZ-wing that rules something out: a pivot (cells by index) with two to four
/// candidates and three of its peers (in peer order), open, the four holding four values
/// between them, every value but one (z) in cells that all see each other. Each such value is
/// in at most one of the four, so without z they would hold three values at most: z is in one
/// of them, and out of every cell that sees each z of the four. Combinations are not extended
/// past four values, and the search stops after [`crate::MAX_FISH_NODES`] × 16 extensions.
pub(crate) fn wxyz_wing(board: &Board, model: &Model) -> Option<Step> {
    let n = model.size();
    let cand = |c: Cell| board.candidates(c);
    let small = |c: Cell| board.value(c) == 0 && (2..=4).contains(&cand(c).count_ones());
    let mut budget = crate::MAX_FISH_NODES * 16;
    for pivot in (0..n * n).filter(|&c| small(c)) {
        let wings: Vec<Cell> = model
            .peers(pivot)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| small(c) && (cand(c) | cand(pivot)).count_ones() <= 4)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            let ma = cand(pivot) | cand(a);
            for (j, &b) in wings.iter().enumerate().skip(i + 1) {
                let mb = ma | cand(b);
                if mb.count_ones() > 4 {
                    continue;
                }
                for &c in &wings[j + 1..] {
                    budget = budget.checked_sub(1)?;
                    let all = mb | cand(c);
                    if all.count_ones() != 4 {
                        continue;
                    }
                    let four = [pivot, a, b, c];
                    let unrestricted: Vec<usize> = Ones(all)
                        .filter(|&v| {
                            let holders: Vec<Cell> = four.iter().copied().filter(|&x| cand(x) >> v & 1 == 1).collect();
                            holders
                                .iter()
                                .enumerate()
                                .any(|(k, &p)| holders[k + 1..].iter().any(|&q| !model.sees(p, q)))
                        })
                        .collect();
                    let &[z] = unrestricted.as_slice() else { continue };
                    let holders: Vec<Cell> = four.iter().copied().filter(|&x| cand(x) >> z & 1 == 1).collect();
                    let out: Vec<(Cell, u8)> = model
                        .peers(holders[0])
                        .iter()
                        .map(|&p| usize::from(p))
                        .filter(|&p| board.value(p) == 0 && cand(p) >> z & 1 == 1 && !four.contains(&p))
                        .filter(|&p| holders.iter().all(|&h| model.sees(p, h)))
                        .map(|p| (p, (z + 1) as u8))
                        .collect();
                    if out.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Technique::WxyzWing);
                    step.cells = four.to_vec();
                    step.values = Ones(all & !(1 << z)).chain([z]).map(|v| (v + 1) as u8).collect();
                    step.eliminations = out;
                    return Some(step.finish());
                }
            }
        }
    }
    None
}
