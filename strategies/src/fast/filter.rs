//! Filtering beyond singles: each constraint beyond houses through the model's filter (with
//! hidden cage values and pointing from a constraint's forced values), and all-different
//! filtering of houses by matching (Régin), from 16×16.

use super::*;

impl<'a, 's, B: Bits, const TRACE: bool> Solver<'a, 's, B, TRACE> {
    /// Filters the constraints beyond houses marked since their last filtering (the model's
    /// [`coverlab_model::Constraint::filter`]: cage tables, partial sums, pair tables, …), until
    /// none is marked or one narrows a cell to a single value; true if anything was eliminated.
    pub(super) fn filter_constraints(&mut self) -> Result<bool, ConflictCause> {
        let mut changed = false;
        for i in 0..self.b.cdirty.len() {
            while self.b.cdirty[i] != 0 {
                let word = self.b.cdirty[i];
                let k = i * 64 + word.trailing_zeros() as usize;
                self.b.cdirty[i] &= word - 1;
                changed |= self.filter_one(k)?;
                if changed && !self.b.queue.is_empty() {
                    return Ok(true);
                }
            }
        }
        Ok(changed)
    }

    /// Filters the marked constraints on `cell`, about to take a value: a single queued earlier
    /// may no longer fit a constraint a later placement changed.
    pub(super) fn settle(&mut self, cell: usize) -> Result<(), ConflictCause> {
        let g = self.g;
        for &k in g.constraints_of(cell) {
            let (w, b) = (k as usize >> 6, 1u64 << (k & 63));
            if self.b.cdirty[w] & b != 0 {
                self.b.cdirty[w] &= !b;
                self.filter_one(k as usize)?;
            }
        }
        Ok(())
    }

    /// Filters constraint `k`, eliminating what it rules out; true if anything was.
    #[inline]
    pub(super) fn filter_one(&mut self, k: usize) -> Result<bool, ConflictCause> {
        // Scratch sized to the constraint: most have a handful of cells.
        match self.g.constraints[k].cells.len() {
            0..=8 => self.filter_sized::<8>(k),
            9..=64 => self.filter_sized::<64>(k),
            // A rule over the whole grid (full rank): 16×16 and 32×32 at most, then 64×64.
            65..=256 => self.filter_sized::<256>(k),
            257..=1024 => self.filter_sized::<1024>(k),
            _ => self.filter_sized::<4096>(k),
        }
    }

    pub(super) fn filter_sized<const N: usize>(&mut self, k: usize) -> Result<bool, ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let mut changed = false;
        let mut dom = [0u64; N];
        let c = &g.constraints[k];
        let len = c.cells.len();
        for (d, &x) in dom.iter_mut().zip(&c.cells) {
            let v = self.b.grid[base + x];
            *d = if v == 0 { self.b.cand[base + x].to_u64() } else { 1 << (v - 1) };
        }
        let must = if self.cfg.hidden_cage_values { self.forced(k) } else { 0 };
        let live = &mut self.b.live[self.depth * g.constraints.len() + k];
        let required = match c.filter_forced(&mut dom[..len], live, must) {
            Ok(required) => required,
            Err(at) => return Err(ConflictCause::Constraint { constraint: k, cell: c.cells[at] }),
        };
        for (j, &x) in c.cells.iter().enumerate() {
            if self.b.grid[base + x] != 0 {
                continue;
            }
            let gone = self.b.cand[base + x].to_u64() & !dom[j];
            if gone == 0 {
                continue;
            }
            if TRACE {
                let depth = self.depth;
                for v in B::from_u64(gone).iter() {
                    self.search.emit(|| TraceEvent::Eliminate { cell: x, value: (v + 1) as Value, depth, by: Some(k) });
                }
            }
            changed = true;
            // Never empty: the filter left the cell a value.
            self.remove(x, B::from_u64(gone))?;
        }
        if changed && c.idempotent() {
            // Marked by its own eliminations above, which filtering again would only confirm.
            self.b.cdirty[k >> 6] &= !(1 << (k & 63));
        }
        // A value the constraint needs (a cage's every combination holds it) is out of every
        // cell that sees all of its places in the constraint.
        if required != 0 {
            // The same places as at the last pass on this path (here or at an ancestor, whose
            // eliminations this level inherited): nothing new to eliminate.
            let mut sig = required.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            for &d in &dom[..len] {
                sig = (sig ^ (d & required)).wrapping_mul(0x0100_0000_01b3).rotate_left(17);
            }
            let (last, at, node) = self.b.pointed[k];
            let depth = self.depth;
            if !(last == sig && (at as usize) <= depth && self.b.node[at as usize] == node) {
                changed |= self.point(k, required, &dom[..len])?;
                self.b.pointed[k] = (sig, depth as u32, self.b.node[depth]);
            }
        }
        Ok(changed)
    }

    /// The values constraint `k` (a cage) must hold: each value with no place, open or filled,
    /// outside it in a house it touches (that house holds the value in the cage's cells). 0 for
    /// a constraint without a table of value sets.
    pub(super) fn forced(&self, k: usize) -> u64 {
        let base = self.depth * self.g.cells;
        let full = self.full.to_u64();
        let (mut must, mut outside) = (0u64, 0u64);
        for &y in self.g.around(k) {
            if y == AROUND_END {
                must |= !outside;
                outside = 0;
            } else if outside != full {
                let y = usize::from(y);
                let v = self.b.grid[base + y];
                outside |= if v == 0 { self.b.cand[base + y].to_u64() } else { 1 << (v - 1) };
            }
        }
        must & full
    }

    /// For each value of `required` (needed by constraint `k`, whose filtered domains are
    /// `dom`), eliminates it from the cells that see every cell of `k` where it can go.
    pub(super) fn point(&mut self, k: usize, required: u64, dom: &[u64]) -> Result<bool, ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let cells = &g.constraints[k].cells;
        let mut changed = false;
        let words = g.sees_words;
        // Scratch for the cells that see every place: 81 cells take two words.
        let mut small = [0u64; 4];
        let mut large;
        let seen = if words <= small.len() {
            &mut small[..words]
        } else {
            large = [0u64; 64];
            &mut large[..words]
        };
        let mut r = required;
        while r != 0 {
            let v = r.trailing_zeros() as usize;
            r &= r - 1;
            let bit = B::bit(v);
            let mut places = cells.iter().zip(dom).filter(|(_, d)| *d >> v & 1 == 1).map(|(&x, _)| x);
            let Some(first) = places.next() else { continue };
            // Placed already: its peers lost the value when it was placed.
            if self.b.grid[base + first] != 0 {
                continue;
            }
            // The cells that see every place.
            seen.copy_from_slice(g.seen_by(first));
            for x in places {
                seen.iter_mut().zip(g.seen_by(x)).for_each(|(s, &t)| *s &= t);
            }
            for (w, word) in seen.iter_mut().enumerate() {
                while *word != 0 {
                    let p = w * 64 + word.trailing_zeros() as usize;
                    *word &= *word - 1;
                    // The constraint's own cells are out already: a place does not see
                    // itself, and the others lost the value to the filter (or are filled).
                    if self.b.cand[base + p] & bit == B::EMPTY {
                        continue;
                    }
                    if TRACE {
                        let depth = self.depth;
                        self.search.emit(|| TraceEvent::Eliminate {
                            cell: p,
                            value: (v + 1) as Value,
                            depth,
                            by: Some(k),
                        });
                    }
                    changed = true;
                    self.remove(p, bit)?;
                }
            }
        }
        Ok(changed)
    }

    /// All-different filtering of the houses touched since their last filtering, one at a time
    /// (each house's eliminations go through singles before the next house); true if anything
    /// was eliminated.
    pub(super) fn all_different(&mut self) -> Result<bool, ConflictCause> {
        for i in 0..self.b.gdirty.len() {
            while self.b.gdirty[i] != 0 {
                let word = self.b.gdirty[i];
                let h = i * 64 + word.trailing_zeros() as usize;
                self.b.gdirty[i] &= word - 1;
                if self.filter_house(h)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Régin's filter for the all-different of house `h`: a perfect matching of its unsolved
    /// cells to its missing values (Kuhn's augmenting paths on bitsets), then every candidate
    /// that lies in no perfect matching is eliminated: (c, v) survives iff v is c's mate or
    /// mate(v) and c lie on a common cycle of the alternating graph (same strongly connected
    /// component, found by a bitset transitive closure).
    pub(super) fn filter_house(&mut self, h: usize) -> Result<bool, ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let unit = g.unit(h);
        let mut adj = [B::EMPTY; 64];
        let mut at = [0u16; 64];
        let mut k = 0;
        for &c in unit {
            let x = self.b.cand[base + c as usize];
            if !x.is_empty() {
                adj[k] = x;
                at[k] = c;
                k += 1;
            }
        }
        if k <= 2 {
            return Ok(false);
        }
        const NONE: u8 = u8::MAX;
        let mut mate_of_value = [NONE; 64];
        let mut mate_of_cell = [NONE; 64];
        // Greedy start: most cells get a free value without any augmenting path.
        let mut free = self.full;
        for i in 0..k {
            let x = adj[i] & free;
            if !x.is_empty() {
                let v = x.lowest();
                free &= !B::bit(v);
                mate_of_value[v] = i as u8;
                mate_of_cell[i] = v as u8;
            }
        }
        for i in 0..k {
            if mate_of_cell[i] != NONE {
                continue;
            }
            let mut visited = B::EMPTY;
            if !augment(i, &adj, &mut visited, &mut mate_of_value, &mut mate_of_cell) {
                return Err(HALL_VIOLATION);
            }
        }
        // Alternating graph on cells: i -> mate(v) for each non-matching candidate v of i.
        let mut reach = [0u64; 64];
        for i in 0..k {
            let mut r = 0u64;
            for v in (adj[i] & !B::bit(usize::from(mate_of_cell[i]))).iter() {
                r |= 1 << mate_of_value[v];
            }
            reach[i] = r;
        }
        // Warshall's closure, branch-free (the inner loop vectorises).
        for j in 0..k {
            let rj = reach[j];
            for r in reach.iter_mut().take(k) {
                *r |= rj & 0u64.wrapping_sub(*r >> j & 1);
            }
        }
        let mut changed = false;
        for i in 0..k {
            let mut drop = B::EMPTY;
            for v in (adj[i] & !B::bit(usize::from(mate_of_cell[i]))).iter() {
                let j = usize::from(mate_of_value[v]);
                if reach[j] >> i & 1 == 0 {
                    drop |= B::bit(v);
                }
            }
            if drop.is_empty() {
                continue;
            }
            let cell = at[i] as usize;
            if TRACE {
                let depth = self.depth;
                for v in drop.iter() {
                    self.search.emit(|| TraceEvent::Eliminate { cell, value: (v + 1) as Value, depth, by: None });
                }
            }
            changed = true;
            // Never empty: the cell keeps its mate.
            self.remove(cell, drop)?;
        }
        Ok(changed)
    }
}

/// Kuhn's augmenting path from cell `i` (bitset adjacency to values); true when `i` got a mate.
fn augment<B: Bits>(
    i: usize,
    adj: &[B; 64],
    visited: &mut B,
    mate_of_value: &mut [u8; 64],
    mate_of_cell: &mut [u8; 64],
) -> bool {
    for v in (adj[i] & !*visited).iter() {
        *visited |= B::bit(v);
        let m = mate_of_value[v];
        if m == u8::MAX || augment(usize::from(m), adj, visited, mate_of_value, mate_of_cell) {
            mate_of_value[v] = i as u8;
            mate_of_cell[i] = v as u8;
            return true;
        }
    }
    false
}
