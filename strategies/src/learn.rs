//! `fast-learn`: conflict-driven nogood learning over (cell, value) literals, for the heavy tail
//! of large grids.
//!
//! Source: CDCL as in MiniSat (Eén and Sörensson 2003) and Chaff (1-UIP learning, two watched
//! literals, activity bumping, Moskewicz et al. 2001), with restarts on the Luby schedule and
//! clause-database reduction by LBD (Audemard and Simon 2009, Glucose). The exact-one structure
//! of a sudoku is propagated natively rather than through clauses:
//!
//! - a variable x(c, v) is "value v in cell c"; setting it true sets false, at once, every other
//!   value of c and v in every peer of c (the at-most-one side of cells, houses and groups);
//! - each cell and each (house, value) pair counts its variables not yet false: at 0 it is a
//!   conflict (no candidate / no place), at 1 the last one is set true (naked / hidden single);
//! - a conflict is analysed to the first unique implication point over those reasons; the
//!   learned clause sends the search back (backjumping) and is watched like any SAT clause.
//!
//! Decisions put a value in a cell: the unsolved cell with fewest candidates, its value of
//! highest activity. After each solution a clause forbidding it is added, so counting continues
//! until the clauses are unsatisfiable.
//!
//! Trace: decisions are `guess` events (k = 1: a learning search never retries an alternative in
//! order); a backjump is `backtrack`; singles are placed with their reasons; a value ruled out
//! by a learned clause is an `eliminate`; a value forced by a learned clause is placed as a naked
//! single after its cell's other candidates are eliminated (each implied by the placement).

use std::sync::Arc;

use coverlab_engine::{ConflictCause, Limits, Outcome, PlaceReason, Rng, Search, Strategy, TraceEvent, TraceSink};
use coverlab_model::{Grid, Model, Puzzle, Value};

use crate::geometry::Geometry;

const UNDEF: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// Why a variable has its value: packed as a tag in the top two bits.
const R_NONE: u32 = 0; // decision or given
const R_BIN: u32 = 1 << 30; // false because the variable in the low bits is true
const R_GROUP: u32 = 2 << 30; // true because every other variable of the group is false
const R_CLAUSE: u32 = 3 << 30; // implied by the clause at the offset in the low bits
const R_MASK: u32 = 3 << 30;

const NOT_IN_HEAP: u32 = u32::MAX;

/// Conflicts per Luby unit between restarts (measured on 25×25: 30 and 100 did worse than 300;
/// longer intervals matched it).
const RESTART_UNIT: u64 = 300;

/// Learned clauses kept before the first reduction (plus one per cell); each reduction keeps the
/// clauses of LBD ≤ 2 and the newer half of the rest, and raises the bound by 10 %. A bound of
/// 2,000 lost too much: 25×25 solved 2 of 8 where 20,000 solved 4 of 8.
const FIRST_REDUCE: usize = 20_000;

/// The learning strategy.
pub struct Learn {
    name: &'static str,
    vsids: bool,
    seed: u64,
    cache: Option<(Arc<Model>, Geometry)>,
}

impl Learn {
    /// A learning strategy named `name`: decisions by MRV cells, or with `vsids` by variable
    /// activity; the seed breaks ties (MRV) or sets the initial activities (VSIDS).
    pub fn new(name: &'static str, vsids: bool, seed: u64) -> Learn {
        Learn { name, vsids, seed, cache: None }
    }
}

/// `fast-learn`: MRV decisions.
pub fn fast_learn(seed: u64) -> Learn {
    Learn::new("fast-learn", false, seed)
}

/// `fast-learn-vsids`: decisions by variable activity (VSIDS), as SAT solvers do.
pub fn fast_learn_vsids(seed: u64) -> Learn {
    Learn::new("fast-learn-vsids", true, seed)
}

impl std::fmt::Debug for Learn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Learn").field("name", &self.name).field("seed", &self.seed).finish_non_exhaustive()
    }
}

impl Strategy for Learn {
    fn name(&self) -> &'static str {
        self.name
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        let model = puzzle.model_arc();
        if !matches!(&self.cache, Some((m, _)) if crate::geometry::same_model(m, model)) {
            self.cache = Some((model.clone(), Geometry::build(model)));
        }
        let geom = &self.cache.as_ref().expect("cached above").1;
        if search.tracing() {
            Cdcl::<true>::new(geom, &mut search, self.seed, self.vsids).run(puzzle);
        } else {
            Cdcl::<false>::new(geom, &mut search, self.seed, self.vsids).run(puzzle);
        }
        search.finish()
    }
}

struct Cdcl<'a, 's, const TRACE: bool> {
    g: &'a Geometry,
    search: &'a mut Search<'s>,
    rng: Rng,
    n: usize,
    value: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<u32>,
    /// Per group (cells, then house × value): variables not yet false, counted when processed.
    nfree: Vec<u16>,
    /// Per cell: its value + 1 while some variable of it is true, else 0.
    cell_value: Vec<Value>,
    trail: Vec<u32>,
    trail_lim: Vec<usize>,
    qhead: usize,
    /// Clause arena: [len, lbd | learnt flag, lits...].
    arena: Vec<u32>,
    learnts: Vec<u32>,
    originals: Vec<u32>,
    watches: Vec<Vec<u32>>,
    activity: Vec<f64>,
    inc: f64,
    seen: Vec<bool>,
    learnt: Vec<u32>,
    /// Reused buffers of conflict analysis (no allocation per conflict once grown).
    buf: Vec<u32>,
    scratch: Vec<u32>,
    stamp: Vec<u32>,
    stamp_now: u32,
    /// Decisions by activity over all variables (VSIDS) rather than MRV cells.
    vsids: bool,
    heap: Vec<u32>,
    heap_pos: Vec<u32>,
    placements: u64,
    conflicts: u64,
}

#[inline]
fn lit(var: usize, negative: bool) -> u32 {
    (var as u32) << 1 | negative as u32
}

#[inline]
fn var_of(l: u32) -> usize {
    (l >> 1) as usize
}

impl<'a, 's, const TRACE: bool> Cdcl<'a, 's, TRACE> {
    fn new(g: &'a Geometry, search: &'a mut Search<'s>, seed: u64, vsids: bool) -> Self {
        let n = g.n;
        let vars = g.cells * n;
        let groups = g.cells + g.houses * n;
        Cdcl {
            g,
            search,
            rng: Rng::new(seed),
            n,
            value: vec![UNDEF; vars],
            level: vec![0; vars],
            reason: vec![R_NONE; vars],
            nfree: vec![n as u16; groups],
            cell_value: vec![0; g.cells],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            arena: Vec::new(),
            learnts: Vec::new(),
            originals: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            activity: vec![0.0; vars],
            inc: 1.0,
            seen: vec![false; vars],
            learnt: Vec::new(),
            buf: Vec::new(),
            scratch: Vec::new(),
            stamp: vec![0; g.cells + 1],
            stamp_now: 0,
            vsids,
            heap: Vec::new(),
            heap_pos: vec![NOT_IN_HEAP; vars],
            placements: 0,
            conflicts: 0,
        }
    }

    fn depth(&self) -> usize {
        self.trail_lim.len()
    }

    /// The literal of `var` that is false now.
    #[inline]
    fn false_lit(&self, var: usize) -> u32 {
        lit(var, self.value[var] == TRUE)
    }

    #[inline]
    fn lit_value(&self, l: u32) -> u8 {
        let v = self.value[var_of(l)];
        if v == UNDEF || l & 1 == 0 { v } else { v ^ 3 }
    }

    /// Sets `var` true: every other value of its cell and this value in every peer become false.
    fn set_true(&mut self, var: usize, reason: u32) {
        let n = self.n;
        let (cell, v) = (var / n, var % n);
        let d = self.depth() as u32;
        self.value[var] = TRUE;
        self.level[var] = d;
        self.reason[var] = reason;
        self.trail.push(var as u32);
        self.cell_value[cell] = (v + 1) as Value;
        let bin = R_BIN | var as u32;
        for w in 0..n {
            let y = cell * n + w;
            if self.value[y] == UNDEF {
                self.set_false(y, bin);
            }
        }
        for &p in self.g.peers(cell) {
            let y = p as usize * n + v;
            if self.value[y] == UNDEF {
                self.set_false(y, bin);
            }
        }
    }

    #[inline]
    fn set_false(&mut self, var: usize, reason: u32) {
        self.value[var] = FALSE;
        self.level[var] = self.depth() as u32;
        self.reason[var] = reason;
        self.trail.push(var as u32);
    }

    fn emit_place(&mut self, var: usize, reason: PlaceReason) {
        self.placements += 1;
        if TRACE {
            let (cell, value, depth) = (var / self.n, (var % self.n + 1) as Value, self.depth());
            self.search.emit(|| TraceEvent::Place { cell, value, reason, depth });
        }
    }

    fn emit_eliminate(&mut self, var: usize) {
        if TRACE {
            let (cell, value, depth) = (var / self.n, (var % self.n + 1) as Value, self.depth());
            self.search.emit(|| TraceEvent::Eliminate { cell, value, depth });
        }
    }

    /// Asserts literal `l` implied by the clause at `cref`.
    fn imply(&mut self, l: u32, cref: u32) {
        let var = var_of(l);
        if l & 1 == 1 {
            self.emit_eliminate(var);
            self.set_false(var, R_CLAUSE | cref);
        } else {
            if TRACE {
                let cell = var / self.n;
                for w in 0..self.n {
                    let y = cell * self.n + w;
                    if y != var && self.value[y] == UNDEF {
                        self.emit_eliminate(y);
                    }
                }
            }
            self.emit_place(var, PlaceReason::NakedSingle);
            self.set_true(var, R_CLAUSE | cref);
        }
    }

    /// Unit propagation; returns the conflicting reason (a group or clause) if any.
    fn propagate(&mut self) -> Option<u32> {
        let n = self.n;
        let cells = self.g.cells;
        while self.qhead < self.trail.len() {
            let var = self.trail[self.qhead] as usize;
            self.qhead += 1;
            let (cell, v) = (var / n, var % n);
            if self.value[var] == FALSE {
                // Counting side of the exact-one groups.
                if let Some(c) = self.group_decrement(cell) {
                    return Some(c);
                }
                let g = self.g;
                for &h in g.houses_of(cell) {
                    if let Some(c) = self.group_decrement(cells + h as usize * n + v) {
                        return Some(c);
                    }
                }
            }
            // Clauses watching the literal that just became false.
            let false_lit = self.false_lit(var);
            if !self.watches[false_lit as usize].is_empty()
                && let Some(c) = self.propagate_watches(false_lit)
            {
                return Some(c);
            }
        }
        None
    }

    /// Calls `f` with each variable of a group until it returns true; returns that variable.
    #[inline]
    fn group_find(&self, group: usize, mut f: impl FnMut(usize) -> bool) -> Option<usize> {
        let n = self.n;
        let cells = self.g.cells;
        if group < cells {
            (group * n..group * n + n).find(|&y| f(y))
        } else {
            let (unit, v) = ((group - cells) / n, (group - cells) % n);
            self.g.unit(unit).iter().map(|&c| c as usize * n + v).find(|&y| f(y))
        }
    }

    #[inline]
    fn group_decrement(&mut self, group: usize) -> Option<u32> {
        self.nfree[group] -= 1;
        match self.nfree[group] {
            0 => Some(R_GROUP | group as u32),
            1 => match self.group_find(group, |y| self.value[y] != FALSE) {
                None => Some(R_GROUP | group as u32),
                Some(y) if self.value[y] == UNDEF => {
                    let cells = self.g.cells;
                    let reason = if group < cells {
                        PlaceReason::NakedSingle
                    } else {
                        PlaceReason::HiddenSingle { unit: (group - cells) / self.n }
                    };
                    self.emit_place(y, reason);
                    self.set_true(y, R_GROUP | group as u32);
                    None
                }
                Some(_) => None,
            },
            _ => None,
        }
    }

    fn propagate_watches(&mut self, false_lit: u32) -> Option<u32> {
        let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut i = 0;
        let mut j = 0;
        let mut conflict = None;
        while i < ws.len() {
            let cref = ws[i];
            i += 1;
            let base = cref as usize + 2;
            let len = self.arena[cref as usize] as usize;
            // Make sure the false literal is at position 1.
            if self.arena[base] == false_lit {
                self.arena.swap(base, base + 1);
            }
            let first = self.arena[base];
            if self.lit_value(first) == TRUE {
                ws[j] = cref;
                j += 1;
                continue;
            }
            let mut moved = false;
            for k in 2..len {
                let l = self.arena[base + k];
                if self.lit_value(l) != FALSE {
                    self.arena.swap(base + 1, base + k);
                    self.watches[l as usize].push(cref);
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            ws[j] = cref;
            j += 1;
            if self.lit_value(first) == FALSE {
                conflict = Some(R_CLAUSE | cref);
                while i < ws.len() {
                    ws[j] = ws[i];
                    j += 1;
                    i += 1;
                }
                break;
            }
            self.imply(first, cref);
        }
        ws.truncate(j);
        self.watches[false_lit as usize] = ws;
        conflict
    }

    /// The variables of a reason or conflict (other than `skip`), each currently false-making.
    fn reason_vars(&self, reason: u32, skip: usize, out: &mut Vec<u32>) {
        out.clear();
        let low = reason & !R_MASK;
        match reason & R_MASK {
            R_BIN => out.push(low),
            R_GROUP => {
                self.group_find(low as usize, |y| {
                    if y != skip {
                        out.push(y as u32);
                    }
                    false
                });
            }
            R_CLAUSE => {
                let len = self.arena[low as usize] as usize;
                for k in 0..len {
                    let y = var_of(self.arena[low as usize + 2 + k]);
                    if y != skip {
                        out.push(y as u32);
                    }
                }
            }
            _ => {}
        }
    }

    fn bump(&mut self, var: usize) {
        self.activity[var] += self.inc;
        if self.activity[var] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        if self.heap_pos[var] != NOT_IN_HEAP {
            self.heap_up(self.heap_pos[var] as usize);
        }
    }

    fn heap_up(&mut self, mut i: usize) {
        let var = self.heap[i];
        let a = self.activity[var as usize];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if self.activity[p as usize] >= a {
                break;
            }
            self.heap[i] = p;
            self.heap_pos[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = var;
        self.heap_pos[var as usize] = i as u32;
    }

    fn heap_down(&mut self, mut i: usize) {
        let var = self.heap[i];
        let a = self.activity[var as usize];
        let len = self.heap.len();
        loop {
            let mut child = 2 * i + 1;
            if child >= len {
                break;
            }
            if child + 1 < len
                && self.activity[self.heap[child + 1] as usize] > self.activity[self.heap[child] as usize]
            {
                child += 1;
            }
            let c = self.heap[child];
            if self.activity[c as usize] <= a {
                break;
            }
            self.heap[i] = c;
            self.heap_pos[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = var;
        self.heap_pos[var as usize] = i as u32;
    }

    fn heap_insert(&mut self, var: usize) {
        if self.heap_pos[var] == NOT_IN_HEAP {
            self.heap.push(var as u32);
            let i = self.heap.len() - 1;
            self.heap_pos[var] = i as u32;
            self.heap_up(i);
        }
    }

    fn heap_pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
        self.heap_pos[top as usize] = NOT_IN_HEAP;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.heap_pos[last as usize] = 0;
            self.heap_down(0);
        }
        Some(top as usize)
    }

    /// 1-UIP analysis: fills `self.learnt` (asserting literal first) and returns the backjump
    /// level and the clause's LBD.
    fn analyze(&mut self, conflict: u32) -> (usize, u32) {
        let current = self.depth() as u32;
        let mut learnt = std::mem::take(&mut self.learnt);
        learnt.clear();
        learnt.push(0);
        let mut pending = 0;
        let mut buf = std::mem::take(&mut self.buf);
        let mut reason = conflict;
        let mut skip = usize::MAX;
        let mut index = self.trail.len();
        loop {
            self.reason_vars(reason, skip, &mut buf);
            for &y in &buf {
                let y = y as usize;
                if self.seen[y] || self.level[y] == 0 {
                    continue;
                }
                self.seen[y] = true;
                self.bump(y);
                if self.level[y] == current {
                    pending += 1;
                } else {
                    learnt.push(self.false_lit(y));
                }
            }
            // Next seen variable of the current level on the trail.
            let var = loop {
                index -= 1;
                let v = self.trail[index] as usize;
                if self.seen[v] {
                    break v;
                }
            };
            self.seen[var] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = self.false_lit(var);
                break;
            }
            reason = self.reason[var];
            skip = var;
        }
        // Local minimisation: drop a literal whose reason lies wholly inside the clause.
        let mut all = std::mem::take(&mut self.scratch);
        all.clear();
        all.extend_from_slice(&learnt);
        let mut j = 1;
        for i in 1..learnt.len() {
            let y = var_of(learnt[i]);
            let r = self.reason[y];
            let redundant = r != R_NONE && {
                self.reason_vars(r, y, &mut buf);
                buf.iter().all(|&z| self.seen[z as usize] || self.level[z as usize] == 0)
            };
            if !redundant {
                learnt[j] = learnt[i];
                j += 1;
            }
        }
        learnt.truncate(j);
        for &l in &all[1..] {
            self.seen[var_of(l)] = false;
        }
        self.scratch = all;
        // Backjump level: the highest level among the rest, moved to position 1.
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if self.level[var_of(learnt[k])] > self.level[var_of(learnt[best])] {
                    best = k;
                }
            }
            learnt.swap(1, best);
            back = self.level[var_of(learnt[1])] as usize;
        }
        self.stamp_now += 1;
        let mut lbd = 0;
        for &l in &learnt {
            let lv = self.level[var_of(l)] as usize;
            if lv < self.stamp.len() && self.stamp[lv] != self.stamp_now {
                self.stamp[lv] = self.stamp_now;
                lbd += 1;
            }
        }
        self.inc *= 1.0 / 0.95;
        self.learnt = learnt;
        self.buf = buf;
        (back, lbd)
    }

    /// Undoes every assignment above `level`.
    fn backtrack_to(&mut self, level: usize) {
        if self.depth() <= level {
            return;
        }
        let n = self.n;
        let cells = self.g.cells;
        let mark = self.trail_lim[level];
        for i in (mark..self.trail.len()).rev() {
            let var = self.trail[i] as usize;
            let (cell, v) = (var / n, var % n);
            if self.value[var] == FALSE {
                if i < self.qhead {
                    self.nfree[cell] += 1;
                    for &h in self.g.houses_of(cell) {
                        self.nfree[cells + h as usize * n + v] += 1;
                    }
                }
            } else {
                self.cell_value[cell] = 0;
            }
            self.value[var] = UNDEF;
            if self.vsids {
                self.heap_insert(var);
            }
        }
        self.trail.truncate(mark);
        self.trail_lim.truncate(level);
        self.qhead = mark;
        self.search.backtrack(level);
    }

    fn add_clause(&mut self, lits: &[u32], learnt: bool, lbd: u32) -> u32 {
        let cref = self.arena.len() as u32;
        self.arena.push(lits.len() as u32);
        self.arena.push(lbd | (learnt as u32) << 31);
        self.arena.extend_from_slice(lits);
        self.watches[lits[0] as usize].push(cref);
        self.watches[lits[1] as usize].push(cref);
        if learnt {
            self.learnts.push(cref);
        } else {
            self.originals.push(cref);
        }
        cref
    }

    /// Keeps the learned clauses of LBD ≤ 2 and the newer half of the rest, drops clauses
    /// satisfied at level 0, and rebuilds the watches. Called at level 0 only.
    fn reduce(&mut self) {
        let keep_from = self.learnts.len() / 2;
        let old = std::mem::take(&mut self.arena);
        let mut arena = Vec::with_capacity(old.len());
        for w in &mut self.watches {
            w.clear();
        }
        let mut lists = [std::mem::take(&mut self.originals), std::mem::take(&mut self.learnts)];
        for (which, list) in lists.iter_mut().enumerate() {
            let mut kept = Vec::with_capacity(list.len());
            for (i, &c) in list.iter().enumerate() {
                let c = c as usize;
                let len = old[c] as usize;
                let lbd = old[c + 1] & 0x7fff_ffff;
                if which == 1 && lbd > 2 && i < keep_from {
                    continue;
                }
                let lits = &old[c + 2..c + 2 + len];
                if lits.iter().any(|&l| self.lit_value(l) == TRUE) {
                    continue;
                }
                let new = arena.len() as u32;
                arena.push(len as u32);
                arena.push(old[c + 1]);
                let start = arena.len();
                arena.extend(lits.iter().copied().filter(|&l| self.lit_value(l) != FALSE));
                arena.extend(lits.iter().copied().filter(|&l| self.lit_value(l) == FALSE));
                self.watches[arena[start] as usize].push(new);
                self.watches[arena[start + 1] as usize].push(new);
                kept.push(new);
            }
            *list = kept;
        }
        self.arena = arena;
        let [originals, learnts] = lists;
        self.originals = originals;
        self.learnts = learnts;
    }

    /// The next decision: with `vsids`, the unassigned variable of highest activity; else MRV
    /// (the unsolved cell with fewest candidates, its value of highest activity).
    fn decide(&mut self) -> Option<usize> {
        if self.vsids {
            while let Some(var) = self.heap_pop() {
                if self.value[var] == UNDEF {
                    return Some(var);
                }
            }
            return None;
        }
        let n = self.n;
        let cells = self.g.cells;
        let start = self.rng.below(cells as u64) as usize;
        let mut best = u16::MAX;
        let mut best_cell = usize::MAX;
        for i in 0..cells {
            let c = (start + i) % cells;
            if self.cell_value[c] != 0 {
                continue;
            }
            let k = self.nfree[c];
            if k < best {
                best = k;
                best_cell = c;
                if k <= 2 {
                    break;
                }
            }
        }
        if best_cell == usize::MAX {
            return None;
        }
        let mut best_var = usize::MAX;
        for w in 0..n {
            let y = best_cell * n + w;
            if self.value[y] == UNDEF && (best_var == usize::MAX || self.activity[y] > self.activity[best_var]) {
                best_var = y;
            }
        }
        Some(best_var)
    }

    fn report_conflict(&mut self, conflict: u32) {
        if TRACE && conflict & R_MASK == R_GROUP {
            let g = (conflict & !R_MASK) as usize;
            let cells = self.g.cells;
            let cause = if g < cells {
                ConflictCause::NoCandidates { cell: g }
            } else {
                ConflictCause::NoPlace { unit: (g - cells) / self.n, value: ((g - cells) % self.n + 1) as Value }
            };
            self.search.conflict(self.depth(), cause);
        }
    }

    fn run(mut self, puzzle: &Puzzle) {
        let n = self.n;
        if self.vsids {
            for var in 0..self.value.len() {
                self.activity[var] = self.rng.below(1000) as f64 * 1e-6;
                self.heap_insert(var);
            }
        }
        for (cell, &v) in puzzle.givens().values().iter().enumerate() {
            if v != 0 {
                let var = cell * n + usize::from(v) - 1;
                if self.value[var] != UNDEF {
                    return self.done(); // contradictory givens
                }
                self.set_true(var, R_NONE);
            }
        }
        if !self.search.node() {
            return self.done();
        }
        if let Some(c) = self.propagate() {
            self.report_conflict(c);
            return self.done();
        }
        let mut restart = 1u64;
        let mut budget = crate::fast::luby(restart) * RESTART_UNIT;
        let mut since_restart = 0u64;
        let mut max_learnts = FIRST_REDUCE + self.g.cells;
        loop {
            match self.decide() {
                None => {
                    // Every cell holds a value: a solution.
                    let cells = self.g.cells;
                    let grid: Vec<Value> = self.cell_value.clone();
                    if self.search.solution(|| Grid::from_values(n, grid.clone()).expect("values in range")).is_break()
                    {
                        return self.done();
                    }
                    // Forbid it: some cell decided above level 0 must differ.
                    let block: Vec<u32> = (0..cells)
                        .map(|c| c * n + usize::from(grid[c]) - 1)
                        .filter(|&y| self.level[y] > 0)
                        .map(|y| lit(y, true))
                        .collect();
                    if block.is_empty() {
                        return self.done();
                    }
                    self.backtrack_to(0);
                    if block.len() == 1 {
                        self.imply(block[0], 0);
                        self.reason[var_of(block[0])] = R_NONE;
                    } else {
                        self.add_clause(&block, false, 0);
                    }
                    if let Some(c) = self.propagate() {
                        self.report_conflict(c);
                        return self.done();
                    }
                }
                Some(var) => {
                    if !self.search.node() {
                        return self.done();
                    }
                    let cell = var / n;
                    let m = self.nfree[cell] as usize;
                    self.trail_lim.push(self.trail.len());
                    self.search.guess(self.depth(), cell, (var % n + 1) as Value, 1, m.max(1));
                    self.set_true(var, R_NONE);
                    while let Some(conflict) = self.propagate() {
                        self.conflicts += 1;
                        since_restart += 1;
                        self.report_conflict(conflict);
                        if self.depth() == 0 {
                            return self.done();
                        }
                        let (back, lbd) = self.analyze(conflict);
                        self.backtrack_to(back);
                        let learnt = std::mem::take(&mut self.learnt);
                        if learnt.len() == 1 {
                            self.imply(learnt[0], 0);
                            self.reason[var_of(learnt[0])] = R_NONE;
                        } else {
                            let cref = self.add_clause(&learnt, true, lbd);
                            self.imply(learnt[0], cref);
                        }
                        self.learnt = learnt;
                        if !self.search.node() {
                            return self.done();
                        }
                    }
                    if since_restart >= budget {
                        since_restart = 0;
                        restart += 1;
                        budget = crate::fast::luby(restart) * RESTART_UNIT;
                        self.backtrack_to(0);
                        if self.learnts.len() > max_learnts {
                            self.reduce();
                            max_learnts += max_learnts / 10;
                        }
                    }
                }
            }
        }
    }

    fn done(self) {
        let placements = self.placements;
        self.search.stats_mut().placements += placements;
    }
}
