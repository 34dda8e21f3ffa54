//! Propagation: placing values and removing candidates, naked singles through the peers,
//! hidden singles by house scans, locked candidates between intersecting units.

use super::*;

impl<'a, 's, B: Bits, const TRACE: bool> Solver<'a, 's, B, TRACE> {
    /// Marks the constraints beyond houses on `cell` for filtering.
    #[inline]
    pub(super) fn mark_constraints(&mut self, cell: usize) {
        for &k in self.g.constraints_of(cell) {
            self.b.cdirty[k as usize >> 6] |= 1 << (k & 63);
        }
    }

    #[inline]
    pub(super) fn mark_dirty(&mut self, cell: usize) {
        if self.cons {
            self.mark_constraints(cell);
        }
        let (locked, gac) = (self.cfg.locked_candidates, self.gac);
        for &h in self.g.houses_of(cell) {
            self.b.dirty[usize::from(h) >> 6] |= 1 << (h & 63);
            if locked {
                self.b.ldirty[usize::from(h) >> 6] |= 1 << (h & 63);
            }
            if gac {
                self.b.gdirty[usize::from(h) >> 6] |= 1 << (h & 63);
            }
        }
    }

    /// Removes the values `x` from open `cell` at the current level (their `eliminate` events
    /// already traced): a cell left without candidates is a conflict, one left with a single
    /// candidate is queued, and its houses and constraints are marked.
    #[inline]
    pub(super) fn remove(&mut self, cell: usize, x: B) -> Result<(), ConflictCause> {
        let at = self.depth * self.g.cells + cell;
        let nc = self.b.cand[at] & !x;
        self.b.cand[at] = nc;
        if nc.is_empty() {
            return Err(ConflictCause::NoCandidates { cell });
        }
        if nc.is_single() {
            self.b.queue.push(cell as u16);
        }
        self.mark_dirty(cell);
        Ok(())
    }

    /// Puts bit `v` in `cell` and removes it from every peer.
    #[inline]
    pub(super) fn assign(&mut self, cell: usize, v: usize) -> Result<(), ConflictCause> {
        let cells = self.g.cells;
        let base = self.depth * cells;
        let bit = B::bit(v);
        self.b.grid[base + cell] = (v + 1) as Value;
        let old = self.b.cand[base + cell];
        self.b.cand[base + cell] = B::EMPTY;
        self.b.unsolved[self.depth] -= 1;
        let hidden = self.cfg.hidden_singles;
        if hidden && old != bit {
            self.mark_dirty(cell);
        } else if self.cons && old != bit {
            // A naked single's constraints see the same value before and after: `place`
            // filtered those marked just now, and the others were settled already.
            self.mark_constraints(cell);
        }
        let cons = self.cons;
        let g = self.g;
        let (locked, gac) = (self.cfg.locked_candidates, self.gac);
        let cand = &mut self.b.cand[base..base + cells];
        for &p in g.peers(cell) {
            let p = p as usize;
            let c = cand[p];
            if c & bit != B::EMPTY {
                let nc = c ^ bit;
                cand[p] = nc;
                if nc.is_empty() {
                    return Err(ConflictCause::NoCandidates { cell: p });
                }
                if nc.is_single() {
                    self.b.queue.push(p as u16);
                }
                if cons {
                    for &k in g.constraints_of(p) {
                        self.b.cdirty[k as usize >> 6] |= 1 << (k & 63);
                    }
                }
                if hidden {
                    for &h in g.houses_of(p) {
                        let (w, b) = (usize::from(h) >> 6, 1u64 << (h & 63));
                        self.b.dirty[w] |= b;
                        if locked {
                            self.b.ldirty[w] |= b;
                        }
                        if gac {
                            self.b.gdirty[w] |= b;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    #[inline]
    pub(super) fn place(&mut self, cell: usize, v: usize, reason: PlaceReason) -> Result<(), ConflictCause> {
        if self.cons {
            self.settle(cell)?;
            if self.b.cand[self.depth * self.g.cells + cell] & B::bit(v) == B::EMPTY {
                // The value left the cell: a naked single's cell is empty now, a hidden single's
                // value has no place left in its house.
                return Err(match reason {
                    PlaceReason::HiddenSingle { unit } => ConflictCause::NoPlace { unit, value: (v + 1) as Value },
                    _ => ConflictCause::NoCandidates { cell },
                });
            }
        }
        self.placements += 1;
        if TRACE {
            let depth = self.depth;
            self.search.emit(|| TraceEvent::Place { cell, value: (v + 1) as Value, reason, depth });
        }
        self.assign(cell, v)
    }

    /// Deduces until nothing changes, or a conflict.
    pub(super) fn propagate(&mut self) -> Result<(), ConflictCause> {
        let base = self.depth * self.g.cells;
        loop {
            while let Some(p) = self.b.queue.pop() {
                let p = p as usize;
                if self.b.grid[base + p] != 0 {
                    continue;
                }
                let v = self.b.cand[base + p].lowest();
                self.place(p, v, PlaceReason::NakedSingle)?;
            }
            if self.cons && self.filter_constraints()? {
                continue;
            }
            if !self.cfg.hidden_singles {
                return Ok(());
            }
            if let Some(h) = self.next_dirty() {
                self.scan_house(h)?;
                continue;
            }
            if self.cfg.locked_candidates && self.locked()? {
                continue;
            }
            if self.gac && self.all_different()? {
                continue;
            }
            return Ok(());
        }
    }

    /// Takes a dirty house off the set.
    #[inline]
    pub(super) fn next_dirty(&mut self) -> Option<usize> {
        for (i, w) in self.b.dirty.iter_mut().enumerate() {
            if *w != 0 {
                let h = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + h);
            }
        }
        None
    }

    /// Hidden singles in house `h`.
    pub(super) fn scan_house(&mut self, h: usize) -> Result<(), ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let (mut once, mut twice, mut placed) = (B::EMPTY, B::EMPTY, B::EMPTY);
        let cand = &self.b.cand[base..base + g.cells];
        let grid = &self.b.grid[base..base + g.cells];
        for &c in g.unit(h) {
            let x = cand[c as usize];
            twice |= once & x;
            once |= x;
            // Branch-free: bit v-1 for a filled cell, nothing for an empty one (values go up to
            // 64: in 64 bits, not as `1u128 << v >> 1`, which WebAssembly has no instruction for:
            // a call to `__ashlti3` through memory, a tenth of the module's search time).
            let v = u32::from(grid[c as usize]);
            placed |= B::from_u64(u64::from(v != 0) << (v.wrapping_sub(1) & 63));
        }
        let missing = self.full & !(once | placed);
        if !missing.is_empty() {
            return Err(ConflictCause::NoPlace { unit: h, value: (missing.lowest() + 1) as Value });
        }
        for v in (once & !twice).iter() {
            let bit = B::bit(v);
            let Some(&c) = g.unit(h).iter().find(|&&c| self.b.cand[base + c as usize] & bit != B::EMPTY) else {
                // Its one cell took another hidden value of this house just now.
                return Err(ConflictCause::NoPlace { unit: h, value: (v + 1) as Value });
            };
            self.place(c as usize, v, PlaceReason::HiddenSingle { unit: h })?;
        }
        Ok(())
    }

    /// One pass of locked candidates over the intersections of the houses touched since the
    /// last pass; true if anything was eliminated.
    pub(super) fn locked(&mut self) -> Result<bool, ConflictCause> {
        let mut changed = false;
        for i in 0..self.b.ldirty.len() {
            let mut word = std::mem::take(&mut self.b.ldirty[i]);
            while word != 0 {
                let h = i * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                changed |= self.locked_from(h)?;
            }
        }
        Ok(changed)
    }

    /// Locked candidates of house `h` against every unit it shares two or more cells with.
    pub(super) fn locked_from(&mut self, h: usize) -> Result<bool, ConflictCause> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        let mut changed = false;
        for link in g.links_from(h) {
            let cand = &self.b.cand[base..base + g.cells];
            let mut inter = B::EMPTY;
            for &c in g.link_cells(link.inter) {
                inter |= cand[c as usize];
            }
            if inter.is_empty() {
                continue;
            }
            let mut out = B::EMPTY;
            for &c in g.link_cells(link.from_only) {
                out |= cand[c as usize];
            }
            let locked = inter & !out;
            if locked.is_empty() {
                continue;
            }
            for &c in g.link_cells(link.to_only) {
                let cell = c as usize;
                let x = self.b.cand[base + cell] & locked;
                if x.is_empty() {
                    continue;
                }
                if TRACE {
                    let depth = self.depth;
                    for v in x.iter() {
                        self.search.emit(|| TraceEvent::Eliminate { cell, value: (v + 1) as Value, depth, by: None });
                    }
                }
                changed = true;
                self.remove(cell, x)?;
            }
        }
        Ok(changed)
    }
}
