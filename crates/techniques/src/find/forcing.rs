//! Forcing chains and nets: the last rungs, which follow what one assumption forces.
//!
//! A *premise* (a cell holds a value) is propagated on a copy of the board: a placed value
//! leaves its peers and the cell's other candidates go; a cell left with one candidate holds it
//! (naked single); a house value left with one place goes there (hidden single); from the
//! dynamic rung on, a house value whose places lie in a second unit leaves that unit's other
//! cells (locked candidates); at every rung, each constraint beyond houses whose cells changed
//! runs its own filter (a cage's sums, a thermometer's order, a dot's pairs, innies and
//! outies: what [`Technique::Constraint`] applies), and what it drops goes, or the branch
//! contradicts when nothing satisfies it; and in a forcing net, a candidate whose own assumption leads to a
//! contradiction (by the dynamic propagation) goes too (one level of nesting). Every derived
//! fact records the facts it follows from, so the implication graph can be drawn.
//!
//! - Cell forcing chain: each candidate of a cell, propagated with singles; what every branch
//!   concludes holds; a branch that contradicts itself rules its premise out instead.
//! - Unit forcing chain: the same from each place of a value in a house.
//! - Dynamic forcing chain: one candidate whose propagation (singles and locked candidates)
//!   meets a contradiction is false; then cell and unit forcing with that propagation.
//! - Forcing net: one candidate whose nested propagation meets a contradiction is false.
//!
//! Budgets: propagation counts *work*, one unit per cell visited (a peer cleared, a house
//! scanned for its last place, a unit read by the locked candidates scan). Each rung's search
//! for one step stops after [`crate::MAX_FORCING_WORK`] (the chains) or
//! [`crate::MAX_NET_WORK`] (the net) units, more on a board of many candidates
//! ([`crate::scaled_work`]), and a search that runs out finds nothing (the explanation ends
//! stuck).
//!
//! Cost: a propagation keeps, per house and value, the positions of its places (a bit per cell
//! of the house), so a hidden single and a locked candidates pattern are read from them; the
//! locked candidates scan reads only the values that lost a place in a house since its last
//! scan; going back to the base undoes the propagation's own events (no copy of the board, no
//! allocation per premise). A unit of work so costs about the same at every size.

use coverlab_model::{Cell, ConstraintKind, Model, Value};
use serde::Serialize;

use crate::bits::{Ones, full};
use crate::{Board, Step, Technique};

/// One fact of a forcing branch: `cell` holds `value` (`holds`) or cannot hold it, following
/// from the facts at indices `from` of the same branch (none for the premise, and for a
/// candidate a nested contradiction rules out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Implication {
    /// The cell.
    pub cell: Cell,
    /// The value.
    pub value: Value,
    /// True: the cell holds the value; false: it cannot.
    pub holds: bool,
    /// Why, by the rule of [`Rule`].
    pub rule: Rule,
    /// The indices (into the branch's implications) of the facts it follows from.
    pub from: Vec<usize>,
}

/// The rule that derives an [`Implication`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// The assumption the branch starts from.
    Premise,
    /// The cell has no other candidate left.
    NakedSingle,
    /// The value has no other place left in the house (index into [`Model::units`]).
    HiddenSingle(usize),
    /// A peer holds the value.
    Peer,
    /// The cell holds another value.
    Cell,
    /// Locked candidates: the value's places in the first house all lie in the second unit.
    Locked(usize, usize),
    /// Assuming the candidate leads to a contradiction (a nested propagation).
    Nested,
    /// The constraint's filter (index into [`Model::constraints`]) drops the candidate.
    Constraint(usize),
}

/// How a branch contradicts itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Clash {
    /// The cell would have no value.
    NoValue(Cell),
    /// The value would have no place in the house (index into [`Model::units`]).
    NoPlace(usize, Value),
    /// The two cells, which see each other, would both hold the value.
    Twice(Cell, Cell, Value),
    /// No values left to the constraint's cells satisfy it (index into [`Model::constraints`]).
    Unsatisfied(usize),
}

/// One branch of a forcing step: the premise (first), the facts that lead to the conclusion or
/// to the contradiction, in the order found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Branch {
    /// The facts, the premise first; each `from` points to earlier ones.
    pub implications: Vec<Implication>,
    /// The contradiction the branch ends in, if it does (the premise is then false).
    pub contradiction: Option<Clash>,
}

/// How far a propagation goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Singles,
    Dynamic,
    /// Dynamic, and every candidate whose own propagation one level down contradicts goes:
    /// level 1 tests them with [`Level::Dynamic`], level d with `Nested(d - 1)`.
    Nested(u8),
}

impl Level {
    /// The level the candidates tested inside this one's propagation are followed at.
    fn inner(self) -> Option<Level> {
        match self {
            Level::Nested(1) => Some(Level::Dynamic),
            Level::Nested(d) => Some(Level::Nested(d - 1)),
            _ => None,
        }
    }

    /// How many worlds one propagation at this level nests (one per level).
    fn depth(self) -> usize {
        match self {
            Level::Nested(d) => usize::from(d),
            _ => 0,
        }
    }
}

#[derive(Clone, Copy)]
struct Ev {
    cell: u32,
    value: u8,
    holds: bool,
    rule: Rule,
    /// For Peer and Cell: the placement it follows from.
    origin: u32,
}

const NONE: u32 = u32::MAX;

/// The model's houses as a propagation reads them, built once per search and shared by its
/// worlds: where each cell sits in its houses, and for the locked candidates scan, the units
/// each house position shares with other cells of the house.
struct Layout {
    /// Per cell, offsets into `slots`.
    slot_at: Vec<u32>,
    /// (house, position of the cell in the house's cells), houses in [`Model::units_of`] order.
    slots: Vec<(u32, u32)>,
    /// Per house position (`pos_at[h] + i`), offsets into `line_ids`.
    pos_at: Vec<u32>,
    line_at: Vec<u32>,
    /// Per house position: the lines (indices into `lines`) through the cell there, in
    /// [`Model::units_of`] order.
    line_ids: Vec<u32>,
    lines: Vec<Line>,
    /// The cells of each line's unit outside its house (ranges in `lines`).
    targets: Vec<u32>,
}

/// A unit sharing two cells or more with a house.
struct Line {
    unit: u32,
    /// The house positions of the shared cells.
    mask: u64,
    /// The unit's other cells: `targets[from..to]`.
    from: u32,
    to: u32,
}

impl Layout {
    fn new(model: &Model) -> Layout {
        let houses = model.houses().len();
        let mut slot_at = vec![0u32];
        let mut slots = Vec::new();
        for c in 0..model.cells() {
            for &h in model.units_of(c) {
                if (h as usize) < houses
                    && let Some(i) = model.units()[h as usize].cells.iter().position(|&x| x == c)
                {
                    slots.push((h, i as u32));
                }
            }
            slot_at.push(slots.len() as u32);
        }
        let (mut pos_at, mut line_at, mut line_ids, mut lines, mut targets) =
            (vec![0u32], vec![0u32], Vec::new(), Vec::new(), Vec::new());
        for (h, house) in model.houses().iter().enumerate() {
            // The units meeting the house in two cells or more, by unit index.
            let mut meets: Vec<(u32, u64)> = Vec::new();
            for (i, &c) in house.cells.iter().enumerate().take(64) {
                for &b in model.units_of(c) {
                    if b as usize == h {
                        continue;
                    }
                    match meets.iter_mut().find(|m| m.0 == b) {
                        Some(m) => m.1 |= 1 << i,
                        None => meets.push((b, 1 << i)),
                    }
                }
            }
            meets.retain(|m| m.1.count_ones() >= 2);
            let first = lines.len();
            for &(b, mask) in &meets {
                let from = targets.len() as u32;
                targets.extend(
                    model.units()[b as usize].cells.iter().filter(|c| !house.cells.contains(c)).map(|&c| c as u32),
                );
                lines.push(Line { unit: b, mask, from, to: targets.len() as u32 });
            }
            for (i, &c) in house.cells.iter().enumerate().take(64) {
                for &b in model.units_of(c) {
                    if let Some(k) = meets.iter().position(|m| m.0 == b && m.1 >> i & 1 == 1) {
                        line_ids.push((first + k) as u32);
                    }
                }
                line_at.push(line_ids.len() as u32);
            }
            pos_at.push(line_at.len() as u32 - 1);
        }
        Layout { slot_at, slots, pos_at, line_at, line_ids, lines, targets }
    }

    /// The houses holding cell `c`, with its position in each.
    fn slots(&self, c: Cell) -> &[(u32, u32)] {
        &self.slots[self.slot_at[c] as usize..self.slot_at[c + 1] as usize]
    }

    /// The lines through position `i` of house `h`.
    fn lines_at(&self, h: usize, i: usize) -> &[u32] {
        let k = self.pos_at[h] as usize + i;
        &self.line_ids[self.line_at[k] as usize..self.line_at[k + 1] as usize]
    }
}

/// A hypothetical board: the base (the board the premises are tried on) and the current state
/// of one propagation.
struct World<'m> {
    model: &'m Model,
    layout: &'m Layout,
    n: usize,
    houses: usize,
    base_cand: Vec<u64>,
    base_vals: Vec<u8>,
    base_pos: Vec<u64>,
    base_done: Vec<u64>,
    cand: Vec<u64>,
    vals: Vec<u8>,
    /// Per house and value index: the positions (into the house's cells) of the open cells
    /// where it is a candidate.
    pos: Vec<u64>,
    /// Per house: the values placed.
    done: Vec<u64>,
    /// Per candidate (cell * n + value index): the event deciding it.
    decided: Vec<u32>,
    events: Vec<Ev>,
    clash: Option<(Clash, Vec<u32>)>,
    /// Work left before the search gives up.
    left: u64,
    /// Where the nested tests start: the cell of the last candidate they ruled out.
    cursor: usize,
    /// Per cell, the constraints (indices into [`Model::constraints`]) whose filter reads it.
    filters_of: Vec<Vec<u32>>,
    /// Per constraint: a cell of it changed since its filter last ran.
    dirty: Vec<bool>,
    /// The filter's domains, reused.
    domains: Vec<u64>,
    /// Per house: the values (bit per value index) that lost a place in it since its last
    /// locked candidates scan (only those can point anew; the others were scanned, or hold no
    /// pattern at the base).
    stale: Vec<u64>,
    /// Whether the base may hold a locked candidates pattern (every house stale at a reset).
    base_stale: bool,
}

impl<'m> World<'m> {
    fn new(model: &'m Model, layout: &'m Layout, cand: &[u64], vals: &[u8], left: u64) -> World<'m> {
        let n = model.size();
        let houses = model.houses().len();
        let mut pos = vec![0u64; houses * n];
        let mut done = vec![0u64; houses];
        for (h, house) in model.houses().iter().enumerate() {
            for (i, &c) in house.cells.iter().enumerate().take(64) {
                if vals[c] != 0 {
                    done[h] |= 1 << (vals[c] - 1);
                }
                for u in Ones(cand[c]) {
                    pos[h * n + u] |= 1 << i;
                }
            }
        }
        let mut filters_of = vec![Vec::new(); cand.len()];
        for (k, constraint) in model.constraints().iter().enumerate() {
            // Pencil marks are the board's candidates already.
            if constraint.kind == ConstraintKind::Candidates || constraint.cells.iter().any(|&c| c >= cand.len()) {
                continue;
            }
            for &c in &constraint.cells {
                filters_of[c].push(k as u32);
            }
        }
        World {
            model,
            layout,
            n,
            houses,
            base_cand: cand.to_vec(),
            base_vals: vals.to_vec(),
            base_pos: pos.clone(),
            base_done: done.clone(),
            cand: cand.to_vec(),
            vals: vals.to_vec(),
            pos,
            done,
            decided: vec![NONE; cand.len() * n],
            events: Vec::new(),
            clash: None,
            left,
            cursor: 0,
            filters_of,
            dirty: vec![false; model.constraints().len()],
            domains: Vec::new(),
            stale: vec![full(n); houses],
            base_stale: true,
        }
    }

    /// Scans the base once for locked candidates: when it holds none (as on a board where the
    /// locked candidates rung found nothing), a propagation rescans only the houses it changed.
    fn settle(&mut self) {
        self.reset();
        self.stale.fill(full(self.n));
        if !self.locked() {
            self.base_stale = false;
        }
        self.reset();
    }

    /// Makes the current state of `outer` this world's base.
    /// The outer world is at a fixpoint of its propagation, locked candidates included.
    fn rebase(&mut self, outer: &World<'_>) {
        for e in &self.events {
            self.decided[e.cell as usize * self.n + usize::from(e.value)] = NONE;
        }
        self.events.clear();
        self.cand.copy_from_slice(&outer.cand);
        self.vals.copy_from_slice(&outer.vals);
        self.pos.copy_from_slice(&outer.pos);
        self.done.copy_from_slice(&outer.done);
        self.base_stale = false;
        self.base_cand.copy_from_slice(&outer.cand);
        self.base_vals.copy_from_slice(&outer.vals);
        self.base_pos.copy_from_slice(&outer.pos);
        self.base_done.copy_from_slice(&outer.done);
    }

    /// Back to the base, ready for a premise: each event of the last propagation undone (every
    /// change to the state is an event), so a reset costs what the propagation did, not the
    /// grid's size.
    fn reset(&mut self) {
        let (n, layout) = (self.n, self.layout);
        for e in &self.events {
            let (c, u) = (e.cell as usize, usize::from(e.value));
            self.decided[c * n + u] = NONE;
            self.cand[c] |= 1 << u;
            if e.holds {
                self.vals[c] = 0;
            }
            for &(h, i) in layout.slots(c) {
                let h = h as usize;
                self.pos[h * n + u] |= 1 << i;
                if e.holds {
                    self.done[h] &= !(1 << u);
                }
            }
        }
        self.events.clear();
        self.clash = None;
        self.cursor = 0;
        self.dirty.fill(false);
        self.stale.fill(if self.base_stale { full(n) } else { 0 });
        self.left = self.left.saturating_sub(self.cand.len() as u64 / 8 + 1);
    }

    fn push(&mut self, c: Cell, u: usize, holds: bool, rule: Rule, origin: u32) -> u32 {
        let e = self.events.len() as u32;
        self.events.push(Ev { cell: c as u32, value: u as u8, holds, rule, origin });
        self.decided[c * self.n + u] = e;
        e
    }

    fn eliminate(&mut self, c: Cell, u: usize, rule: Rule, origin: u32) {
        if self.cand[c] >> u & 1 == 0 {
            return;
        }
        self.cand[c] &= !(1 << u);
        self.push(c, u, false, rule, origin);
        for &(h, i) in self.layout.slots(c) {
            let h = h as usize;
            self.pos[h * self.n + u] &= !(1 << i);
            self.stale[h] |= 1 << u;
        }
        self.touch(c);
    }

    /// Marks the constraints reading cell `c` for their filters.
    fn touch(&mut self, c: Cell) {
        for &k in &self.filters_of[c] {
            self.dirty[k as usize] = true;
        }
    }

    /// Places value index u at open cell c (a candidate there).
    fn place(&mut self, c: Cell, u: usize, rule: Rule) {
        let e = self.push(c, u, true, rule, NONE);
        self.vals[c] = (u + 1) as u8;
        self.cand[c] &= !(1 << u);
        for &(h, i) in self.layout.slots(c) {
            let h = h as usize;
            self.done[h] |= 1 << u;
            self.pos[h * self.n + u] &= !(1 << i);
            self.stale[h] |= 1 << u;
        }
        for w in Ones(self.cand[c]) {
            self.eliminate(c, w, Rule::Cell, e);
        }
        self.cand[c] = 0;
        self.touch(c);
    }

    fn spend(&mut self, work: usize) -> bool {
        self.left = self.left.saturating_sub(work as u64);
        self.left > 0
    }

    /// Propagates the events from index `i` on, to a fixpoint at `level`, a contradiction, or
    /// the end of the budget. `inners` are the worlds nested tests run in, one per level down.
    fn run(&mut self, level: Level, inners: &mut [World<'m>]) {
        let mut i = 0;
        loop {
            while i < self.events.len() {
                if self.clash.is_some() || self.left == 0 {
                    return;
                }
                let ev = self.events[i];
                let (c, u) = (ev.cell as usize, usize::from(ev.value));
                if ev.holds {
                    let peers = self.model.peers(c);
                    self.spend(peers.len());
                    for &p in peers {
                        let p = usize::from(p);
                        if self.vals[p] == ev.value + 1 {
                            self.clash =
                                Some((Clash::Twice(c, p, ev.value + 1), vec![i as u32, self.decided[p * self.n + u]]));
                            return;
                        }
                        self.eliminate(p, u, Rule::Peer, i as u32);
                    }
                } else {
                    if self.vals[c] == 0 {
                        match self.cand[c].count_ones() {
                            0 => {
                                let from = self.decided_of_cell(c);
                                self.clash = Some((Clash::NoValue(c), from));
                                return;
                            }
                            1 => self.place(c, self.cand[c].trailing_zeros() as usize, Rule::NakedSingle),
                            _ => {}
                        }
                    }
                    let layout = self.layout;
                    for &(h, _) in layout.slots(c) {
                        let h = h as usize;
                        if self.done[h] >> u & 1 == 1 {
                            continue;
                        }
                        let p = self.pos[h * self.n + u];
                        match p.count_ones() {
                            0 => {
                                let from = self.decided_in_house(h, u);
                                self.clash = Some((Clash::NoPlace(h, (u + 1) as u8), from));
                                return;
                            }
                            1 => {
                                let cells = &self.model.units()[h].cells;
                                self.spend(cells.len());
                                self.place(cells[p.trailing_zeros() as usize], u, Rule::HiddenSingle(h));
                            }
                            _ => {}
                        }
                    }
                }
                i += 1;
            }
            if self.clash.is_some() || self.left == 0 {
                return;
            }
            if self.filters() {
                continue;
            }
            if self.clash.is_some() || self.left == 0 || level == Level::Singles {
                return;
            }
            if self.locked() {
                continue;
            }
            if let Some(inner_level) = level.inner()
                && let Some((inner, rest)) = inners.split_first_mut()
                && self.nested(inner, inner_level, rest)
            {
                continue;
            }
            return;
        }
    }

    /// The filter of each constraint whose cells changed (by index), until one rules something
    /// out (true) or meets a contradiction (true, with the clash set). Each filter costs 16
    /// units of work per cell.
    fn filters(&mut self) -> bool {
        for k in 0..self.dirty.len() {
            if !self.dirty[k] {
                continue;
            }
            self.dirty[k] = false;
            let constraint = &self.model.constraints()[k];
            if !self.spend(16 * constraint.cells.len()) {
                return false;
            }
            let mut domains = std::mem::take(&mut self.domains);
            domains.clear();
            domains.extend(constraint.cells.iter().map(|&c| match self.vals[c] {
                0 => self.cand[c],
                v => 1 << (v - 1),
            }));
            let filtered = constraint.filter(&mut domains);
            let before = self.events.len();
            match filtered {
                Err(_) => {
                    let from = constraint.cells.iter().flat_map(|&c| self.decided_of_cell(c)).collect();
                    self.clash = Some((Clash::Unsatisfied(k), from));
                }
                Ok(()) => {
                    for (&c, &after) in constraint.cells.iter().zip(&domains) {
                        if self.vals[c] == 0 {
                            for u in Ones(self.cand[c] & !after) {
                                self.eliminate(c, u, Rule::Constraint(k), NONE);
                            }
                        }
                    }
                }
            }
            self.domains = domains;
            if self.clash.is_some() || self.events.len() > before {
                return true;
            }
        }
        false
    }

    /// One pass of locked candidates over the stale houses: true when it ruled something out.
    /// Only the values that lost a place in a house since its last scan are read there, from
    /// their kept positions.
    fn locked(&mut self) -> bool {
        let n = self.n;
        let layout = self.layout;
        let before = self.events.len();
        for h in 0..self.houses {
            let stale = self.stale[h];
            if stale == 0 {
                continue;
            }
            self.stale[h] = 0;
            if !self.spend(2 * self.model.units()[h].cells.len()) {
                return false;
            }
            for u in Ones(stale) {
                let p = self.pos[h * n + u];
                if p.count_ones() < 2 {
                    continue;
                }
                for &l in layout.lines_at(h, p.trailing_zeros() as usize) {
                    let line = &layout.lines[l as usize];
                    if p & !line.mask != 0 {
                        continue;
                    }
                    let b = line.unit as usize;
                    self.spend(self.model.units()[b].cells.len());
                    for &c in &layout.targets[line.from as usize..line.to as usize] {
                        let c = c as usize;
                        if self.cand[c] >> u & 1 == 1 {
                            self.eliminate(c, u, Rule::Locked(h, b), NONE);
                        }
                    }
                }
            }
            if self.events.len() > before {
                return true;
            }
        }
        false
    }

    /// Tries each candidate of the current state in `inner`, followed at `level` (nesting
    /// further in `rest`): the first that contradicts is ruled out here. True when one was.
    fn nested(&mut self, inner: &mut World<'m>, level: Level, rest: &mut [World<'m>]) -> bool {
        inner.rebase(self);
        inner.left = self.left;
        // Round the cells from where the last one was found: a full round without one ends it.
        let cells = self.cand.len();
        for k in 0..cells {
            let c = (self.cursor + k) % cells;
            if self.vals[c] != 0 {
                continue;
            }
            for u in Ones(self.cand[c]) {
                inner.reset();
                inner.place(c, u, Rule::Premise);
                inner.run(level, rest);
                let hit = inner.clash.is_some();
                self.left = inner.left;
                if self.left == 0 {
                    return false;
                }
                if hit {
                    self.cursor = c;
                    self.eliminate(c, u, Rule::Nested, NONE);
                    return true;
                }
            }
        }
        false
    }

    fn decided_of_cell(&self, c: Cell) -> Vec<u32> {
        Ones(self.base_cand[c]).map(|u| self.decided[c * self.n + u]).filter(|&e| e != NONE).collect()
    }

    fn decided_in_house(&self, h: usize, u: usize) -> Vec<u32> {
        self.model.units()[h]
            .cells
            .iter()
            .filter(|&&p| self.base_cand[p] >> u & 1 == 1)
            .map(|&p| self.decided[p * self.n + u])
            .filter(|&e| e != NONE)
            .collect()
    }

    /// The events event `e` follows from.
    fn parents(&self, e: u32) -> Vec<u32> {
        let ev = self.events[e as usize];
        let (c, u) = (ev.cell as usize, usize::from(ev.value));
        let mut from: Vec<u32> = match ev.rule {
            Rule::Premise | Rule::Nested => Vec::new(),
            Rule::Peer | Rule::Cell => vec![ev.origin],
            Rule::NakedSingle => Ones(self.base_cand[c] & !(1 << u)).map(|w| self.decided[c * self.n + w]).collect(),
            Rule::HiddenSingle(h) => self.model.units()[h]
                .cells
                .iter()
                .filter(|&&p| p != c && self.base_cand[p] >> u & 1 == 1)
                .map(|&p| self.decided[p * self.n + u])
                .collect(),
            Rule::Constraint(k) => self.model.constraints()[k]
                .cells
                .iter()
                .flat_map(|&p| Ones(self.base_cand[p]).map(move |w| (p, w)))
                .map(|(p, w)| self.decided[p * self.n + w])
                .collect(),
            Rule::Locked(h, b) => self.model.units()[h]
                .cells
                .iter()
                .filter(|&&p| self.base_cand[p] >> u & 1 == 1 && !self.model.units_of(p).contains(&(b as u32)))
                .map(|&p| self.decided[p * self.n + u])
                .collect(),
        };
        from.retain(|&f| f != NONE && f < e);
        from
    }

    /// The branch leading to `targets` (events) and the contradiction if any: their
    /// ancestors, in the order found.
    fn branch(&self, targets: &[u32]) -> Branch {
        let mut keep = vec![false; self.events.len()];
        let mut stack: Vec<u32> = targets.to_vec();
        if let Some((_, from)) = &self.clash {
            stack.extend(from.iter().copied());
        }
        while let Some(e) = stack.pop() {
            if e == NONE || keep[e as usize] {
                continue;
            }
            keep[e as usize] = true;
            stack.extend(self.parents(e));
        }
        let mut index = vec![usize::MAX; self.events.len()];
        let mut implications = Vec::new();
        for (e, ev) in self.events.iter().enumerate() {
            if !keep[e] {
                continue;
            }
            index[e] = implications.len();
            let from = self.parents(e as u32).iter().map(|&f| index[f as usize]).filter(|&f| f != usize::MAX).collect();
            implications.push(Implication {
                cell: ev.cell as usize,
                value: ev.value + 1,
                holds: ev.holds,
                rule: ev.rule,
                from,
            });
        }
        Branch { implications, contradiction: self.clash.as_ref().map(|(c, _)| *c) }
    }

    /// Every fact of the current propagation: (candidate index, holds).
    fn facts(&self) -> Vec<(usize, bool)> {
        self.events.iter().map(|e| (e.cell as usize * self.n + usize::from(e.value), e.holds)).collect()
    }
}

/// The first forcing step of `technique` (one of the four forcing rungs), within its budget.
pub(crate) fn forcing(board: &Board, model: &Model, technique: Technique) -> Option<Step> {
    let base = if technique == Technique::ForcingNet { crate::MAX_NET_WORK } else { crate::MAX_FORCING_WORK };
    let budget = crate::scaled_work(base, candidates(board));
    let layout = Layout::new(model);
    let mut world = World::new(model, &layout, board.masks(), board.values(), budget);
    world.settle();
    match technique {
        Technique::CellForcingChain => cells(&mut world, Level::Singles, technique),
        Technique::UnitForcingChain => units(&mut world, Level::Singles, technique),
        Technique::DynamicForcingChain => contradiction(&mut world, Level::Dynamic, technique)
            .or_else(|| cells(&mut world, Level::Dynamic, technique))
            .or_else(|| units(&mut world, Level::Dynamic, technique)),
        Technique::ForcingNet => contradiction(&mut world, Level::Nested(1), technique),
        _ => None,
    }
}

/// The nested forcing net: nets of level 1 (a forcing net's propagation), 2, … up to
/// [`crate::MAX_NESTING`], each with four times the budget of the one before
/// ([`crate::MAX_NESTED_WORK`] for level 1, at every size); at each level
/// first a candidate whose propagation contradicts, then a cell whose candidates all force the
/// same facts. The first found is the step, its level in [`Step::nesting`].
pub(crate) fn nested_net(board: &Board, model: &Model) -> Option<Step> {
    let technique = Technique::NestedForcingNet;
    let layout = Layout::new(model);
    for depth in 1..=crate::MAX_NESTING {
        let budget = crate::MAX_NESTED_WORK << (2 * (depth - 1));
        let mut world = World::new(model, &layout, board.masks(), board.values(), budget);
        world.settle();
        let level = Level::Nested(depth);
        let found = contradiction(&mut world, level, technique).or_else(|| cells(&mut world, level, technique));
        if let Some(mut step) = found {
            step.nesting = Some(depth);
            return Some(step);
        }
    }
    None
}

/// The candidates of the board's open cells: the premises a sweep tries.
fn candidates(board: &Board) -> usize {
    board.masks().iter().map(|m| m.count_ones() as usize).sum()
}

fn propagate<'m>(world: &mut World<'m>, c: Cell, u: usize, level: Level, inners: &mut Vec<World<'m>>) {
    world.reset();
    world.place(c, u, Rule::Premise);
    while inners.len() < level.depth() {
        inners.push(World::new(world.model, world.layout, &world.base_cand, &world.base_vals, 0));
    }
    world.run(level, inners);
}

/// The first candidate (cells ascending, values ascending) whose propagation contradicts.
fn contradiction(world: &mut World<'_>, level: Level, technique: Technique) -> Option<Step> {
    let mut inners = Vec::new();
    for c in 0..world.base_cand.len() {
        if world.base_vals[c] != 0 {
            continue;
        }
        for u in Ones(world.base_cand[c]) {
            propagate(world, c, u, level, &mut inners);
            if world.left == 0 {
                return None;
            }
            if world.clash.is_some() {
                return Some(refuted(world, technique, c, u));
            }
        }
    }
    None
}

/// The step ruling out premise (c, u), whose propagation in `world` just contradicted.
fn refuted(world: &World<'_>, technique: Technique, c: Cell, u: usize) -> Step {
    let mut step = Step::new(technique);
    step.eliminations = vec![(c, (u + 1) as u8)];
    step.cells = vec![c];
    step.values = vec![(u + 1) as u8];
    step.chains = vec![world.branch(&[])];
    step
}

/// What a set of premises covering every case proves.
enum Forced {
    /// What every branch concludes, and each branch's chain to it.
    Common(Vec<(Cell, Value, bool)>, Vec<Branch>),
    /// A premise's propagation contradicts: it is false.
    Refuted(Step),
}

/// Premises that cover every case (a cell's candidates, a house value's places): what every
/// branch concludes, or the first premise that contradicts (a step ruling it out). None when
/// there is nothing new, or when the budget runs out.
fn common(world: &mut World<'_>, level: Level, premises: &[(Cell, usize)], technique: Technique) -> Option<Forced> {
    let n = world.n;
    let mut agreed: Option<Vec<(usize, bool)>> = None;
    let mut inners = Vec::new();
    for &(c, u) in premises {
        propagate(world, c, u, level, &mut inners);
        if world.left == 0 {
            return None;
        }
        if world.clash.is_some() {
            return Some(Forced::Refuted(refuted(world, technique, c, u)));
        }
        let mut facts = world.facts();
        facts.sort_unstable();
        agreed = Some(match agreed {
            None => facts,
            Some(a) => a.into_iter().filter(|f| facts.binary_search(f).is_ok()).collect(),
        });
        if agreed.as_ref().is_some_and(|a| a.is_empty()) {
            return None;
        }
    }
    let agreed = agreed?;
    // Placements if any, else eliminations (a placement's own eliminations are its business).
    let placed: Vec<(usize, bool)> = agreed.iter().copied().filter(|&(_, h)| h).collect();
    let chosen = if placed.is_empty() { agreed } else { placed };
    let conclusions: Vec<(Cell, Value, bool)> = chosen.iter().map(|&(k, h)| (k / n, (k % n + 1) as u8, h)).collect();
    // Redo each branch to record its chain to the conclusions.
    let mut branches = Vec::new();
    for &(c, u) in premises {
        propagate(world, c, u, level, &mut inners);
        let targets: Vec<u32> = chosen.iter().map(|&(k, _)| world.decided[k]).collect();
        branches.push(world.branch(&targets));
    }
    Some(Forced::Common(conclusions, branches))
}

fn conclude(technique: Technique, conclusions: Vec<(Cell, Value, bool)>, branches: Vec<Branch>) -> Step {
    let mut step = Step::new(technique);
    for (c, v, holds) in conclusions {
        if holds {
            step.placements.push((c, v));
        } else {
            step.eliminations.push((c, v));
        }
    }
    step.chains = branches;
    step.finish()
}

/// Cells by number of candidates then index: the first whose candidates all force something.
fn cells(world: &mut World<'_>, level: Level, technique: Technique) -> Option<Step> {
    let mut order: Vec<Cell> = (0..world.base_cand.len()).filter(|&c| world.base_vals[c] == 0).collect();
    order.sort_by_key(|&c| (world.base_cand[c].count_ones(), c));
    for c in order {
        let premises: Vec<(Cell, usize)> = Ones(world.base_cand[c]).map(|u| (c, u)).collect();
        if premises.len() < 2 {
            continue;
        }
        match common(world, level, &premises, technique) {
            Some(Forced::Refuted(step)) => return Some(step),
            Some(Forced::Common(conclusions, branches)) => {
                let mut step = conclude(technique, conclusions, branches);
                step.cells = vec![c];
                step.values = premises.iter().map(|&(_, u)| (u + 1) as u8).collect();
                return Some(step);
            }
            None => {}
        }
        if world.left == 0 {
            return None;
        }
    }
    None
}

/// House values by number of places, then house, then value: the first whose places all force
/// something.
fn units(world: &mut World<'_>, level: Level, technique: Technique) -> Option<Step> {
    let n = world.n;
    let mut order: Vec<(u32, usize, usize)> = Vec::new();
    for h in 0..world.houses {
        for u in 0..n {
            let k = world.base_pos[h * n + u].count_ones();
            if world.base_done[h] >> u & 1 == 0 && k >= 2 {
                order.push((k, h, u));
            }
        }
    }
    order.sort_unstable();
    for (_, h, u) in order {
        let premises: Vec<(Cell, usize)> = world.model.units()[h]
            .cells
            .iter()
            .filter(|&&c| world.base_cand[c] >> u & 1 == 1)
            .map(|&c| (c, u))
            .collect();
        match common(world, level, &premises, technique) {
            Some(Forced::Refuted(step)) => return Some(step),
            Some(Forced::Common(conclusions, branches)) => {
                let mut step = conclude(technique, conclusions, branches);
                step.units = vec![h];
                step.cells = premises.iter().map(|&(c, _)| c).collect();
                step.values = vec![(u + 1) as u8];
                return Some(step);
            }
            None => {}
        }
        if world.left == 0 {
            return None;
        }
    }
    None
}
