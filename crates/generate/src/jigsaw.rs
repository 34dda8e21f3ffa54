//! Random jigsaw layouts: n connected regions of n cells each, for any n from 2 to 64.
//!
//! Start from a tiling everyone knows (the boxes of the size rule, or the rows when n is prime)
//! and apply random swaps: a cell of region A that touches region B moves to B, and a cell of
//! B that touches A moves to A, kept only when both regions stay connected. After a few swaps
//! per cell the layout has forgotten where it started. Not every layout has a full grid (a
//! region may be forced to share too much with a row): the generator tries to fill each one
//! and draws another when it cannot.

use coverlab_engine::Rng;
use coverlab_model::{Cell, Rule, Spec, builtin};

/// The letters that name regions in a map, one per region (64, for the largest grids).
pub const LETTERS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@&";

/// Successful swaps per cell.
const SWAPS_PER_CELL: usize = 4;

/// A random layout: the region of each cell (0..n), row-major.
pub fn random_regions(n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut region: Vec<u8> = match builtin::box_shape(n) {
        Some((h, w)) => (0..n * n).map(|cell| ((cell / n / h) * (n / w) + (cell % n) / w) as u8).collect(),
        None => (0..n * n).map(|cell| (cell / n) as u8).collect(),
    };
    if n < 3 {
        return region;
    }
    let wanted = SWAPS_PER_CELL * n * n;
    let mut done = 0;
    let mut tries = 0;
    while done < wanted && tries < 50 * wanted {
        tries += 1;
        let a = rng.below((n * n) as u64) as usize;
        let neighbours = orthogonal(a, n);
        let b = neighbours[rng.below(neighbours.len() as u64) as usize];
        let (ra, rb) = (region[a], region[b]);
        if ra == rb {
            continue;
        }
        // A cell of B, other than b's partner, that touches A once a has left it.
        let candidates: Vec<Cell> = (0..n * n)
            .filter(|&c| region[c] == rb && orthogonal(c, n).iter().any(|&d| d != a && region[d] == ra))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let c = candidates[rng.below(candidates.len() as u64) as usize];
        region[a] = rb;
        region[c] = ra;
        if connected(&region, n, ra) && connected(&region, n, rb) {
            done += 1;
        } else {
            region[a] = ra;
            region[c] = rb;
        }
    }
    region
}

/// The orthogonal neighbours of `cell`.
fn orthogonal(cell: Cell, n: usize) -> Vec<Cell> {
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - n);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    out
}

/// Whether the cells of region `id` form one orthogonally connected piece.
pub fn connected(region: &[u8], n: usize, id: u8) -> bool {
    let cells: Vec<Cell> = (0..n * n).filter(|&c| region[c] == id).collect();
    let Some(&first) = cells.first() else { return true };
    let mut seen = vec![false; n * n];
    let mut stack = vec![first];
    seen[first] = true;
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        for d in orthogonal(cell, n) {
            if !seen[d] && region[d] == id {
                seen[d] = true;
                stack.push(d);
            }
        }
    }
    reached == cells.len()
}

/// The region map as a spec's `Regions` rows.
pub fn map_rows(region: &[u8], n: usize) -> Vec<String> {
    region.chunks(n).map(|row| row.iter().map(|&r| char::from(LETTERS[usize::from(r)])).collect()).collect()
}

/// A jigsaw spec (rows, columns and the regions of `region`) called `name`.
pub fn spec(name: String, region: &[u8], n: usize) -> Spec {
    Spec {
        name,
        summary: "jigsaw: rows, columns and n irregular regions (a random layout)".into(),
        size: n,
        symbols: None,
        rules: vec![Rule::Rows, Rule::Columns, Rule::Regions(map_rows(region, n))],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_n_connected_regions_of_n_cells() {
        for n in [2, 3, 4, 5, 6, 7, 9, 12, 16, 25] {
            for seed in 0..3 {
                let region = random_regions(n, &mut Rng::new(seed));
                for id in 0..n as u8 {
                    assert_eq!(region.iter().filter(|&&r| r == id).count(), n, "n {n} seed {seed} region {id}");
                    assert!(connected(&region, n, id), "n {n} seed {seed} region {id}");
                }
            }
        }
        // The swaps move cells: a 9×9 layout is not the boxes any more.
        let boxes: Vec<u8> = (0..81).map(|c| ((c / 9 / 3) * 3 + (c % 9) / 3) as u8).collect();
        assert_ne!(random_regions(9, &mut Rng::new(0)), boxes);
    }
}
