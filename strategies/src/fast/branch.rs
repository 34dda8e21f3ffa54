//! Branching: the cell (or a value's places in a house) to decide, MRV with scored bivalue
//! cells or dom/wdeg, the depth-first search over copy-on-guess slots, two-way refutation, and
//! the Luby restart schedule.

use super::*;
use crate::branching::{checked, checked_value, fewest_candidates};
use coverlab_engine::Choice;
use coverlab_model::cell_name;

impl<'a, 's, B: Bits, const TRACE: bool> Solver<'a, 's, B, TRACE> {
    /// MRV: the unsolved cell with the fewest candidates (a bivalue cell ends the scan), or with
    /// `scored_bivalue`, the bivalue cell of best [`Self::bivalue_score`] (ties: the first found).
    pub(super) fn choose(&mut self) -> usize {
        if self.cfg.conflict_weights && !self.random {
            return self.choose_weighted();
        }
        let cells = self.g.cells;
        let cand = &self.b.cand[self.depth * cells..(self.depth + 1) * cells];
        let start = if self.random { self.rng.below(cells as u64) as usize } else { 0 };
        let mut best = u32::MAX;
        let mut best_cell = 0;
        let mut best_score = 0;
        for i in 0..cells {
            let mut c = start + i;
            if c >= cells {
                c -= cells;
            }
            let x = cand[c];
            if x.is_empty() {
                continue;
            }
            let k = x.count();
            if k == 2 && self.cfg.scored_bivalue {
                let score = self.bivalue_score(c);
                if best > 2 || score > best_score {
                    (best, best_cell, best_score) = (2, c, score);
                }
            } else if k < best {
                best = k;
                best_cell = c;
                if k <= 2 {
                    break;
                }
            }
        }
        best_cell
    }

    /// dom/wdeg: the unsolved cell of least k^1.4 / (weight + 1), k its candidates, ties to the
    /// first (in integers: [`DOM_POWER`]). The exponent was 2 until 2026-11-26: 1.4 took the 42
    /// TAREK killers from 44,816 guesses to 43,658, the 4 EXTREME ones from 47,031 to 43,082
    /// and the 14 Mathemagic ones from 3.46M to 3.03M (strategies/PERFORMANCE.md). The square
    /// had halved the TAREK median against k / (weight + 1); fewest candidates first with the
    /// weight as a tie-break took twice as long in all.
    pub(super) fn choose_weighted(&self) -> usize {
        let cells = self.g.cells;
        let cand = &self.b.cand[self.depth * cells..(self.depth + 1) * cells];
        // No cell yet: best_d / best_w is infinite.
        let (mut best_cell, mut best_d, mut best_w) = (0, 1u64, 0u64);
        for (c, x) in cand.iter().enumerate() {
            if x.is_empty() {
                continue;
            }
            let d = DOM_POWER[x.count() as usize];
            let w = u64::from(self.b.weight[c]) + 1;
            // d / w < best_d / best_w (d < 2^19 and weights far below 2^32: no overflow)
            if d * best_w < best_d * w || best_w == 0 {
                (best_cell, best_d, best_w) = (c, d, w);
            }
        }
        best_cell
    }

    /// What branching on bivalue cell `c` removes: the candidates of its two values among its
    /// peers, those in bivalue peers (each of which a branch turns into a naked single) counted
    /// BIVALUE_WEIGHT times. As `band-9x9` does on 9×9.
    #[inline]
    pub(super) fn bivalue_score(&self, c: usize) -> u32 {
        const BIVALUE_WEIGHT: u32 = 5;
        let cells = self.g.cells;
        let cand = &self.b.cand[self.depth * cells..(self.depth + 1) * cells];
        let x = cand[c];
        self.g.peers(c).iter().fold(0, |score, &p| {
            let y = cand[p as usize];
            let w = (y & x).count();
            score + if y.count() == 2 { w * BIVALUE_WEIGHT } else { w }
        })
    }

    /// A value with exactly two places in some house (the first found), as a decision: used when
    /// no cell has two candidates (MRV over the exact-cover items, cells and house-values).
    pub(super) fn choose_place(&mut self) -> Option<Frame<B>> {
        let base = self.depth * self.g.cells;
        let g = self.g;
        for h in 0..g.houses {
            let (mut once, mut twice, mut thrice) = (B::EMPTY, B::EMPTY, B::EMPTY);
            for &c in g.unit(h) {
                let x = self.b.cand[base + c as usize];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            let two = twice & !thrice;
            if two.is_empty() {
                continue;
            }
            let v = two.lowest();
            let bit = B::bit(v);
            let mut rest = B::EMPTY;
            for (i, &c) in g.unit(h).iter().enumerate() {
                if self.b.cand[base + c as usize] & bit != B::EMPTY {
                    rest |= B::bit(i);
                }
            }
            return Some(Frame { cell: 0, unit: h as u32, value: v as u32, rest, k: 0, m: 2 });
        }
        None
    }

    /// Depth-first search from the propagated root (slot 0); with a budget, gives up after that
    /// many guesses.
    pub(super) fn dfs(&mut self, budget: Option<Budget>) -> RunEnd {
        let cells = self.g.cells;
        self.b.frames.clear();
        self.depth = 0;
        let mut guesses = 0u64;
        let refute = self.cfg.refute;
        'node: loop {
            // The state of slot `depth` is propagated and has no conflict.
            if self.b.unsolved[self.depth] == 0 {
                if self.solution().is_break() {
                    return RunEnd::Stop;
                }
            } else {
                let chosen = self.brancher_cell();
                let frame = match chosen {
                    Some(cell) => self.cell_frame(cell),
                    None => {
                        let cell = self.choose();
                        let rest = self.b.cand[self.depth * cells + cell];
                        let frame =
                            if self.cfg.place_branching && rest.count() > 2 { self.choose_place() } else { None };
                        frame.unwrap_or(self.cell_frame(cell))
                    }
                };
                if self.search.choices() {
                    self.why = self.explain(&frame, chosen.is_some());
                }
                self.b.frames.push(frame);
            }
            // Next alternative of the innermost open decision.
            loop {
                let open = self.b.frames.len() as u64;
                let Some(f) = self.b.frames.last_mut() else {
                    return RunEnd::Complete;
                };
                if refute && f.unit == NO_UNIT && f.k > 0 {
                    // Two-way: the search under cell = value is over; the value leaves the cell
                    // at this level, and the level is decided afresh.
                    let (cell, v) = (f.cell as usize, f.value as usize);
                    let d = self.b.frames.len() - 1;
                    self.b.frames.pop();
                    self.search.backtrack(d);
                    self.depth = d;
                    if !self.search.node() {
                        return RunEnd::Stop;
                    }
                    match self.refute(cell, v) {
                        Ok(()) => continue 'node,
                        Err(cause) => {
                            self.conflict(cause);
                            continue;
                        }
                    }
                }
                if f.rest.is_empty() {
                    self.b.frames.pop();
                    continue;
                }
                if budget.is_some_and(|b| guesses >= b.guesses + if b.spare_path { open } else { 0 }) {
                    if guesses > 0 {
                        self.search.backtrack(0);
                    }
                    return RunEnd::Restart;
                }
                let pick = if self.random {
                    let r = self.rng.below(u64::from(f.rest.count()));
                    let mut x = f.rest;
                    for _ in 0..r {
                        x = x.without_lowest();
                    }
                    x.lowest()
                } else if let (Some(brancher), NO_UNIT) = (self.brancher.as_deref_mut(), f.unit) {
                    // The decision's state is its level's slot, open - 1.
                    let slot = (open as usize - 1) * cells;
                    let board = SlotBoard { g: self.g, cand: &self.b.cand[slot..slot + cells] };
                    let left = f.rest.to_u64();
                    usize::from(checked_value(left, brancher.next_value(&board, f.cell as usize, left))) - 1
                } else {
                    f.rest.lowest()
                };
                f.rest &= !B::bit(pick);
                f.k += 1;
                if refute && f.unit == NO_UNIT {
                    f.value = pick as u32;
                }
                let (k, m) = (f.k as usize, f.m as usize);
                let (cell, v) = if f.unit == NO_UNIT {
                    (f.cell as usize, pick)
                } else {
                    (self.g.unit(f.unit as usize)[pick] as usize, f.value as usize)
                };
                let d = self.b.frames.len() - 1;
                if k > 1 {
                    self.search.backtrack(d);
                }
                self.copy_slot(d, d + 1);
                self.depth = d + 1;
                guesses += 1;
                if k == 1 {
                    let why = self.why.take();
                    self.search.guess_because(d + 1, cell, (v + 1) as Value, (k, m), || why);
                } else {
                    self.search.guess(d + 1, cell, (v + 1) as Value, k, m);
                }
                if !self.search.node() {
                    return RunEnd::Stop;
                }
                match self.assign(cell, v).and_then(|()| self.propagate()) {
                    Ok(()) => continue 'node,
                    Err(cause) => self.conflict(cause),
                }
            }
        }
    }

    /// Removes value bit `v` from `cell` at the current level (a refuted decision) and
    /// propagates.
    pub(super) fn refute(&mut self, cell: usize, v: usize) -> Result<(), ConflictCause> {
        if TRACE {
            self.search.eliminate(cell, (v + 1) as Value, self.depth);
        }
        self.remove(cell, B::bit(v))?;
        self.propagate()
    }
}

impl<'a, 's, B: Bits, const TRACE: bool> Solver<'a, 's, B, TRACE> {
    /// The decision on every value of `cell` at the current level.
    fn cell_frame(&self, cell: usize) -> Frame<B> {
        let rest = self.b.cand[self.depth * self.g.cells + cell];
        Frame { cell: cell as u32, unit: NO_UNIT, value: 0, rest, k: 0, m: rest.count() }
    }

    /// The cell a research variant's brancher chooses at the current level, if any.
    fn brancher_cell(&mut self) -> Option<usize> {
        let brancher = self.brancher.take()?;
        let cells = self.g.cells;
        let board = SlotBoard { g: self.g, cand: &self.b.cand[self.depth * cells..(self.depth + 1) * cells] };
        let cell = checked(&board, brancher.choose_cell(&board));
        self.brancher = Some(brancher);
        cell
    }

    /// Why the decision `frame` branches where it does, in the state of the current level.
    fn explain(&mut self, frame: &Frame<B>, by_brancher: bool) -> Option<Choice> {
        let cells = self.g.cells;
        let n = self.g.n;
        let cand = &self.b.cand[self.depth * cells..(self.depth + 1) * cells];
        let board = SlotBoard { g: self.g, cand };
        let cell = frame.cell as usize;
        if by_brancher {
            return self.brancher.as_deref().and_then(|b| b.why(&board, cell));
        }
        if frame.unit != NO_UNIT {
            return Some(Choice { rule: "two-places".into(), key: 2, next: Vec::new() });
        }
        let others = |key: &dyn Fn(usize) -> u64| -> Vec<(String, u64)> {
            (0..cells).filter(|&c| c != cell && !cand[c].is_empty()).map(|c| (cell_name(c, n), key(c))).collect()
        };
        if self.cfg.conflict_weights && !self.random {
            // k^1.4 / (weight + 1), scaled by 1024: the lowest is chosen.
            let key = |c: usize| DOM_POWER[cand[c].count() as usize] / (u64::from(self.b.weight[c]) + 1);
            return Some(Choice::ranked("dom/wdeg", key(cell), others(&key), |a, b| a < b));
        }
        if self.cfg.scored_bivalue && frame.rest.count() == 2 {
            let score = |c: usize| u64::from(self.bivalue_score(c));
            let bivalue: Vec<(String, u64)> = (0..cells)
                .filter(|&c| c != cell && cand[c].count() == 2)
                .map(|c| (cell_name(c, n), score(c)))
                .collect();
            return Some(Choice::ranked("bivalue-score", score(cell), bivalue, |a, b| a > b));
        }
        let rule = if self.random { "fewest-candidates-from-random" } else { "fewest-candidates" };
        Some(fewest_candidates(rule, &board, cell))
    }
}

/// One level's candidates as a research variant's brancher sees them.
struct SlotBoard<'x, B> {
    g: &'x Geometry,
    cand: &'x [B],
}

impl<B: Bits> Board for SlotBoard<'_, B> {
    fn size(&self) -> usize {
        self.g.n
    }
    fn candidates(&self, cell: usize) -> u64 {
        self.cand[cell].to_u64()
    }
    fn peers(&self, cell: usize) -> &[u16] {
        self.g.peers(cell)
    }
}

/// When [`Solver::dfs`] gives up.
#[derive(Debug, Clone, Copy)]
pub(super) struct Budget {
    /// After this many guesses…
    pub(super) guesses: u64,
    /// …not counting those of the decisions open on the current path (the hand-over to `sat`:
    /// guesses abandoned, not guesses made).
    pub(super) spare_path: bool,
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, … (i from 1).
#[doc(hidden)]
pub fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // Find k with 2^k - 1 >= i.
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}
