//! A solve from start to end: the solver over its buffers, the givens placed and propagated,
//! the search run (with restarts or a hand-over when configured), conflicts and their weights
//! (dom/wdeg), solutions reported.

use super::*;

impl<'a, 's, B: Bits, const TRACE: bool> Solver<'a, 's, B, TRACE> {
    pub(super) fn new(
        g: &'a Geometry,
        b: &'a mut Buffers<B>,
        cfg: Config,
        rng: Rng,
        search: &'a mut Search<'s>,
        brancher: Option<&'a mut (dyn Brancher + 'static)>,
    ) -> Self {
        let gac = g.n >= cfg.all_different_from;
        let cons = !g.constraints.is_empty();
        Solver {
            g,
            b,
            cfg,
            rng,
            full: B::full(g.n),
            search,
            placements: 0,
            depth: 0,
            random: false,
            keep: false,
            gac,
            cons,
            nodes: 0,
            brancher,
            why: None,
        }
    }

    pub(super) fn run(mut self, puzzle: &Puzzle, max_solutions: u64) {
        if self.init(puzzle) {
            let restarts = self.cfg.restarts && max_solutions <= RESTART_MAX_SOLUTIONS;
            if restarts {
                self.random = true;
                self.keep = true;
                let unit = 16 + self.g.cells as u64 / 8;
                let mut i = 1;
                while let RunEnd::Restart = self.dfs(Some(Budget { guesses: luby(i) * unit, spare_path: false })) {
                    i += 1;
                }
            } else if let Some((_, guesses)) = self.cfg.sat_after.filter(|&(from, _)| self.g.n >= from) {
                self.keep = true;
                let budget = sat_after_guesses(guesses, self.g.n, self.cfg.sat_after_by_cells);
                // The guesses on the current path are spared: a search that goes straight down
                // (an empty 49×49 grid fills with 2,401 guesses and 3 backtracks) is not stuck.
                if let RunEnd::Restart = self.dfs(Some(Budget { guesses: budget, spare_path: true })) {
                    // Hand over: the propagated root as the givens (and its candidates: what
                    // locked candidates and all-different ruled out stays out), the solutions
                    // found so far blocked.
                    let cells = self.g.cells;
                    let root = self.b.grid[..cells].to_vec();
                    let allowed: Vec<u64> = self.b.cand[..cells].iter().map(|c| c.to_u64()).collect();
                    let found = std::mem::take(&mut self.b.found);
                    self.search.stats_mut().placements += std::mem::take(&mut self.placements);
                    crate::sat::finish(puzzle, root, &allowed, &found, self.search);
                }
            } else {
                self.dfs(None);
            }
        }
        self.search.stats_mut().placements += self.placements;
    }

    /// Fills slot 0 from the givens and propagates. False when the puzzle has no solution.
    pub(super) fn init(&mut self, puzzle: &Puzzle) -> bool {
        let cells = self.g.cells;
        let g = self.g;
        let full = self.full;
        let cand = &mut self.b.cand[..cells];
        let grid = &mut self.b.grid[..cells];
        cand.fill(full);
        grid.fill(0);
        let mut unsolved = cells as u32;
        for (cell, &v) in puzzle.givens().values().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = B::bit(usize::from(v) - 1);
            if cand[cell] & bit == B::EMPTY {
                return false; // contradictory givens: no solution, nothing to trace
            }
            grid[cell] = v;
            cand[cell] = B::EMPTY;
            unsolved -= 1;
            for &p in g.peers(cell) {
                let p = p as usize;
                if grid[p] == 0 {
                    cand[p] &= !bit;
                }
            }
        }
        self.b.unsolved[0] = unsolved;
        if !self.search.node() {
            return false;
        }
        for cell in 0..cells {
            if self.b.grid[cell] == 0 {
                let c = self.b.cand[cell];
                if c.is_empty() {
                    self.conflict(ConflictCause::NoCandidates { cell });
                    return false;
                }
                if c.is_single() {
                    self.b.queue.push(cell as u16);
                }
            }
        }
        for h in 0..self.g.houses {
            self.b.dirty[h >> 6] |= 1 << (h & 63);
            self.b.ldirty[h >> 6] |= 1 << (h & 63);
            self.b.gdirty[h >> 6] |= 1 << (h & 63);
        }
        for k in 0..self.g.constraints.len() {
            self.b.cdirty[k >> 6] |= 1 << (k & 63);
        }
        if let Err(cause) = self.propagate() {
            self.conflict(cause);
            return false;
        }
        true
    }

    /// Reports the grid of the current slot as a solution, unless a restart found it before.
    pub(super) fn solution(&mut self) -> std::ops::ControlFlow<()> {
        let cells = self.g.cells;
        let grid = &self.b.grid[self.depth * cells..(self.depth + 1) * cells];
        if self.random && self.b.found.iter().any(|f| f.as_slice() == grid) {
            return std::ops::ControlFlow::Continue(());
        }
        if self.keep {
            self.b.found.push(grid.to_vec());
        }
        let n = self.g.n;
        self.search.solution(|| Grid::from_values(n, grid.to_vec()).expect("values in range"))
    }

    /// Makes slot `to` a copy of slot `from`.
    #[inline]
    pub(super) fn copy_slot(&mut self, from: usize, to: usize) {
        let cells = self.g.cells;
        // The buffers may come from a solve of another grid size: check both the level count
        // (`unsolved`'s length) and the candidates' length over this grid's cells.
        if self.b.unsolved.len() <= to || self.b.cand.len() < (to + 1) * cells {
            let levels = (to + 1).max(2 * from + 2);
            self.b.cand.resize(self.b.cand.len().max(levels * cells), B::EMPTY);
            self.b.grid.resize(self.b.grid.len().max(levels * cells), 0);
            let levels = levels.max(self.b.unsolved.len());
            self.b.unsolved.resize(levels, 0);
            self.b.node.resize(levels, 0);
            self.b.live.resize(levels * self.g.constraints.len(), u64::MAX);
        }
        self.nodes += 1;
        self.b.node[to] = self.nodes;
        let ks = self.g.constraints.len();
        self.b.live.copy_within(from * ks..(from + 1) * ks, to * ks);
        self.b.cand.copy_within(from * cells..(from + 1) * cells, to * cells);
        self.b.grid.copy_within(from * cells..(from + 1) * cells, to * cells);
        self.b.unsolved[to] = self.b.unsolved[from];
    }

    #[inline]
    pub(super) fn conflict(&mut self, cause: ConflictCause) {
        if self.cfg.conflict_weights {
            self.weigh(&cause);
        }
        if TRACE && cause != HALL_VIOLATION {
            self.search.conflict(self.depth, cause);
        }
        self.b.queue.clear();
        self.b.dirty.fill(0);
        self.b.ldirty.fill(0);
        self.b.gdirty.fill(0);
        self.b.cdirty.fill(0);
    }

    /// Adds a conflict's weight to the cells of what failed (the last decision's cell when the
    /// cause names nothing: a Hall violation).
    #[cold]
    pub(super) fn weigh(&mut self, cause: &ConflictCause) {
        let g = self.g;
        let weight = &mut self.b.weight;
        match *cause {
            ConflictCause::NoCandidates { cell } => weight[cell] += 1,
            ConflictCause::NoPlace { unit, .. } if unit < g.houses => {
                g.unit(unit).iter().for_each(|&c| weight[c as usize] += 1);
            }
            ConflictCause::Constraint { constraint, .. } => {
                g.constraints[constraint].cells.iter().for_each(|&c| weight[c] += 1);
            }
            _ => {
                if let Some(f) = self.b.frames.last()
                    && f.unit == NO_UNIT
                {
                    weight[f.cell as usize] += 1;
                }
            }
        }
    }
}
