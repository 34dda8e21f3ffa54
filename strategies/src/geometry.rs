//! A model flattened once for the fast strategies: every unit's cells, each cell's houses and
//! peers as compressed rows of `u16`, and the intersections of units used by locked candidates.
//!
//! Built from [`Model`] when a strategy first meets a model and cached by the strategy (keyed by
//! the model's `Arc`), so a run over many puzzles of one spec builds it once.

use coverlab_model::{Constraint, Model};

/// True when two models have the same units (so the same flat arrays): the same `Arc`, or a
/// model compiled again from the same spec (readers may build one per puzzle).
pub(crate) fn same_model(a: &std::sync::Arc<Model>, b: &std::sync::Arc<Model>) -> bool {
    std::sync::Arc::ptr_eq(a, b)
        || (a.size() == b.size() && a.units() == b.units() && a.constraints() == b.constraints())
}

/// One directed intersection for locked candidates: when every candidate place of a value in
/// the house `from` lies in `from ∩ to`, the value leaves the cells of `to \ from`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Link {
    /// Range in [`Geometry::link_cells`]: the cells of `from ∩ to`.
    pub inter: (u32, u32),
    /// Range: the cells of `from \ to`.
    pub from_only: (u32, u32),
    /// Range: the cells of `to \ from`, where the value is eliminated.
    pub to_only: (u32, u32),
}

/// The flat arrays of a model.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// Side length.
    pub n: usize,
    /// n².
    pub cells: usize,
    /// Number of houses (exact units); units `0..houses` are houses.
    pub houses: usize,
    unit_off: Vec<u32>,
    unit_cells: Vec<u16>,
    house_of_off: Vec<u32>,
    house_of: Vec<u16>,
    peer_off: Vec<u32>,
    peers: Vec<u16>,
    /// Directed intersections, for locked candidates, grouped by their `from` house.
    links: Vec<Link>,
    link_off: Vec<u32>,
    link_cells: Vec<u16>,
    /// The constraints beyond houses (cages' sums, thermometers, dots, …) and each cell's.
    pub constraints: Vec<Constraint>,
    cons_off: Vec<u32>,
    cons_of: Vec<u32>,
    /// Which cells see each other (share a unit): for each cell a row of `sees_words` words, one
    /// bit per cell; built only when the spec has constraints beyond houses (for the cells that
    /// see every place of a value a cage needs).
    sees: Vec<u64>,
    pub sees_words: usize,
    /// Per constraint with a table of value sets (cages): for each house it touches, that
    /// house's cells outside the constraint, the houses separated by [`AROUND_END`] (an empty
    /// range for other constraints).
    around_off: Vec<u32>,
    around_cells: Vec<u16>,
}

/// Ends one house's cells in [`Geometry::around`].
pub(crate) const AROUND_END: u16 = u16::MAX;

/// Compressed rows of `lists`, the flat list reserved for `total` items (a bound, so that it
/// does not move as it grows).
fn rows<T: Copy>(lists: impl ExactSizeIterator<Item = Vec<T>>, total: usize) -> (Vec<u32>, Vec<T>) {
    let mut off = Vec::with_capacity(lists.len() + 1);
    off.push(0);
    let mut flat = Vec::with_capacity(total);
    for l in lists {
        flat.extend_from_slice(&l);
        off.push(flat.len() as u32);
    }
    (off, flat)
}

impl Geometry {
    /// Flattens `model`.
    pub fn build(model: &Model) -> Geometry {
        let n = model.size();
        let cells = model.cells();
        let units = model.units();
        let houses = model.houses().len();
        let members: usize = units.iter().map(|u| u.cells.len()).sum();
        let (unit_off, unit_cells) = rows(units.iter().map(|u| u.cells.iter().map(|&c| c as u16).collect()), members);
        let (house_of_off, house_of) = rows(
            (0..cells)
                .map(|c| model.units_of(c).iter().filter(|&&u| (u as usize) < houses).map(|&u| u as u16).collect()),
            members,
        );
        let (peer_off, peers) = model.peer_table();
        let (peer_off, peers) = (peer_off.to_vec(), peers.to_vec());
        let (cons_off, cons_of) = model.constraint_table();
        let (cons_off, cons_of) = (cons_off.to_vec(), cons_of.to_vec());
        let constraints = model.constraints().to_vec();
        let mut sees = Vec::new();
        let sees_words = cells.div_ceil(64);
        if !constraints.is_empty() {
            sees = vec![0u64; cells * sees_words];
            for c in 0..cells {
                for &p in model.peers(c) {
                    let p = usize::from(p);
                    sees[c * sees_words + (p >> 6)] |= 1 << (p & 63);
                }
            }
        }
        let around = constraints.iter().map(|c| {
            let mut around: Vec<u16> = Vec::new();
            if c.has_table() {
                // Houses sharing two cells or more with it: where it has one, a value with no
                // other place is a hidden single, which the search places anyway.
                let mut touched: Vec<(u16, usize)> = Vec::new();
                for &x in &c.cells {
                    for &h in &house_of[house_of_off[x] as usize..house_of_off[x + 1] as usize] {
                        match touched.iter_mut().find(|(t, _)| *t == h) {
                            Some((_, count)) => *count += 1,
                            None => touched.push((h, 1)),
                        }
                    }
                }
                for (h, _) in touched.into_iter().filter(|&(_, count)| count >= 2) {
                    let outside = units[usize::from(h)].cells.iter().filter(|y| !c.cells.contains(y));
                    around.extend(outside.map(|&y| y as u16));
                    around.push(AROUND_END);
                }
            }
            around
        });
        let (around_off, around_cells) = rows(around, 0);
        // Unit pairs sharing at least two cells (a one-cell overlap locks nothing a hidden
        // single would not find): every pair of units a cell is in, sorted, so that equal pairs
        // are neighbours and the order is deterministic.
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for c in 0..cells {
            let us = model.units_of(c);
            for (i, &a) in us.iter().enumerate() {
                for &b in &us[i + 1..] {
                    pairs.push((a.min(b), a.max(b)));
                }
            }
        }
        pairs.sort_unstable();
        let mut links = Vec::new();
        let mut link_cells: Vec<u16> = Vec::new();
        // Membership stamps: cell c is in the current link's `from` unit when in_a[c] == stamp.
        let (mut in_a, mut in_b, mut stamp) = (vec![0u32; cells], vec![0u32; cells], 0u32);
        let mut push = |from: usize, to: usize, links: &mut Vec<(usize, Link)>| {
            let a = &units[from].cells;
            let b = &units[to].cells;
            stamp += 1;
            a.iter().for_each(|&c| in_a[c] = stamp);
            b.iter().for_each(|&c| in_b[c] = stamp);
            let mut range = |cells: Vec<u16>| {
                let start = link_cells.len() as u32;
                link_cells.extend(cells);
                (start, link_cells.len() as u32)
            };
            let to_only: Vec<u16> = b.iter().filter(|&&c| in_a[c] != stamp).map(|&c| c as u16).collect();
            if to_only.is_empty() {
                return;
            }
            let inter = range(a.iter().filter(|&&c| in_b[c] == stamp).map(|&c| c as u16).collect());
            let from_only = range(a.iter().filter(|&&c| in_b[c] != stamp).map(|&c| c as u16).collect());
            let to_only = range(to_only);
            links.push((from, Link { inter, from_only, to_only }));
        };
        for run in pairs.chunk_by(|x, y| x == y) {
            if run.len() < 2 {
                continue;
            }
            let (a, b) = (run[0].0 as usize, run[0].1 as usize);
            if a < houses {
                push(a, b, &mut links);
            }
            if b < houses {
                push(b, a, &mut links);
            }
        }
        links.sort_by_key(|(from, _)| *from);
        let mut link_off = vec![0u32; houses + 1];
        for (from, _) in &links {
            link_off[from + 1] += 1;
        }
        for h in 0..houses {
            link_off[h + 1] += link_off[h];
        }
        let links = links.into_iter().map(|(_, l)| l).collect();
        Geometry {
            n,
            cells,
            houses,
            unit_off,
            unit_cells,
            house_of_off,
            house_of,
            peer_off,
            peers,
            links,
            link_off,
            link_cells,
            constraints,
            cons_off,
            cons_of,
            sees,
            sees_words,
            around_off,
            around_cells,
        }
    }

    /// For constraint `k` with a table of value sets: the cells outside it of each house it
    /// touches, each house's followed by [`AROUND_END`]; empty for other constraints.
    #[inline]
    pub fn around(&self, k: usize) -> &[u16] {
        &self.around_cells[self.around_off[k] as usize..self.around_off[k + 1] as usize]
    }

    /// The cells `a` sees, one bit each (only when the spec has constraints beyond houses).
    #[inline]
    pub fn seen_by(&self, a: usize) -> &[u64] {
        &self.sees[a * self.sees_words..(a + 1) * self.sees_words]
    }

    /// The constraints beyond houses on `cell` (indices into [`Geometry::constraints`]).
    #[inline]
    pub fn constraints_of(&self, cell: usize) -> &[u32] {
        &self.cons_of[self.cons_off[cell] as usize..self.cons_off[cell + 1] as usize]
    }

    /// The cells of unit `u`.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[self.unit_off[u] as usize..self.unit_off[u + 1] as usize]
    }

    /// The houses containing `cell`.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.house_of[self.house_of_off[cell] as usize..self.house_of_off[cell + 1] as usize]
    }

    /// The peers of `cell`.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_off[cell] as usize..self.peer_off[cell + 1] as usize]
    }

    /// The intersections whose `from` house is `h`.
    #[inline]
    pub fn links_from(&self, h: usize) -> &[Link] {
        &self.links[self.link_off[h] as usize..self.link_off[h + 1] as usize]
    }

    /// The cells of a range of [`Geometry::link_cells`].
    #[inline]
    pub fn link_cells(&self, range: (u32, u32)) -> &[u16] {
        &self.link_cells[range.0 as usize..range.1 as usize]
    }
}
