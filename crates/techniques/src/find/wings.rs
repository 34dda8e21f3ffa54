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
