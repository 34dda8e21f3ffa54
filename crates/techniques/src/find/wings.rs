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

/// Whether two cells see each other.
fn sees(model: &Model, a: Cell, b: Cell) -> bool {
    model.peers(a).binary_search(&(b as u16)).is_ok()
}

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
                        && sees(model, c, b)
                        && (!three || sees(model, c, pivot))
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
            if board.candidates(b) != m || sees(model, a, b) {
                continue;
            }
            for x in Ones(m) {
                let y = (m & !(1 << x)).trailing_zeros() as usize;
                let targets: Vec<Cell> = model
                    .peers(a)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| {
                        c != b && board.value(c) == 0 && board.candidates(c) >> y & 1 == 1 && sees(model, c, b)
                    })
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
                    let linked = (sees(model, p, a) && sees(model, q, b)) || (sees(model, p, b) && sees(model, q, a));
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
