//! Almost locked sets: ALS-XZ, ALS-XY-wing, ALS chains, death blossom, Sue de Coq and aligned
//! pair exclusion.
//!
//! An *almost locked set* (ALS) is k open cells of one unit (a house or an at-most-once group:
//! cells that hold different values) with k + 1 candidates between them; a bivalue cell is one
//! of a single cell. Take one value away from it and the other k are locked in it: each is in
//! one of its cells. Two ALSs A and B (they may share cells) have a *restricted common
//! candidate* x when every x of A sees every x of B (so no x is in a shared cell): x is then
//! in one of them at most, so the other is locked without it.
//!
//! - ALS-XZ: A and B with a restricted common x and another common value z: one of them is
//!   locked without x, and holds z, so z is out of the cells seeing every z of both. Doubly
//!   linked (two restricted commons x and y): each holds exactly one of them, so each is locked
//!   with its other values, and x and y are each in one of the two.
//! - ALS-XY-wing: a pivot ALS C linked to A by x and to B by y (x ≠ y): C holds x or y, so A
//!   or B loses its link value and is locked; a value z common to A and B (not x, y) is in one.
//! - ALS chain: A1 … Ak (pairwise disjoint, 4 ≤ k ≤ [`crate::MAX_ALS_CHAIN`]), each linked to
//!   the next by a value other than the previous link's: if A1 does not hold z it holds its
//!   link value, so A2 does not and is locked, … so Ak holds z (z not the last link's value).
//! - Death blossom: a stem cell and, for each of its candidates d, a petal ALS whose every d
//!   sees the stem: the stem holds some d, so that petal is locked without it; a value z of
//!   every petal (none of the stem's) is in one of them.
//! - Sue de Coq: cells C where two units meet, holding |C| + 2 or more values V (at most
//!   [`crate::MAX_ALS_CELLS`] + 1); cells D of the first unit and E of the second outside it,
//!   D's and E's candidates apart, with as many values between C, D and E as cells: they hold
//!   every one of those values once, so D's values and the values of V that E lacks are in C
//!   or D (out of the rest of the first unit), and the same for the second unit with E.
//! - Aligned pair exclusion: two open cells that see each other; a value x of the first such
//!   that, whatever the second holds (y), some ALS whose cells all see both holds x and y (it
//!   would be left with fewer values than cells) or a cell seeing both has only x and y: x is
//!   out of the first cell.
//!
//! Each search is bounded: the ALSs (of at most [`crate::MAX_ALS_CELLS`] cells) are
//! enumerated per unit under [`crate::MAX_ALS_NODES`] extensions (a set whose values exceed
//! the largest possible ALS's is not extended), at most [`crate::MAX_ALS`] of them are kept,
//! pairs are then scanned (aligned pair exclusion reads, per cell, the ALSs all of whose cells
//! it sees), stems have at most [`crate::MAX_STEM_VALUES`] candidates, and the chain, blossom
//! and Sue de Coq searches stop after [`crate::MAX_ALS_CHAIN_NODES`] nodes (per first ALS, per
//! stem, per pair of units). Every "sees" is the model's peers, so each holds on every spec.

use std::collections::BTreeSet;

use coverlab_model::{Cell, Model, Value};
use serde::Serialize;

use crate::bits::{Ones, values};
use crate::{Board, Step, Technique};

/// A group of a step's cells with their candidates: an almost locked set, or one of a Sue de
/// Coq's three groups.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CellSet {
    /// The cells, ascending.
    pub cells: Vec<Cell>,
    /// Their candidates, ascending.
    pub values: Vec<Value>,
    /// The unit (index into [`Model::units`]) that holds them.
    pub unit: usize,
}

/// A set of cells as a bitset (one bit per cell of the grid): a slice of words.
fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

fn holds(bits: &[u64], c: Cell) -> bool {
    bits[c / 64] >> (c % 64) & 1 == 1
}

/// The eliminations of value index z from the cells in every one of `sets` (bitsets).
fn out_of(sets: &[&[u64]], z: usize, out: &mut Vec<(Cell, Value)>) {
    let Some((first, rest)) = sets.split_first() else { return };
    for (w, &word) in first.iter().enumerate() {
        let m = rest.iter().fold(word, |m, s| m & s[w]);
        out.extend(Ones(m).map(|i| (w * 64 + i, (z + 1) as Value)));
    }
}

/// An almost locked set: its unit, its cells (a range of [`Sets::cells`]), its candidates, and
/// where its bitsets start in [`Sets::bits`]: its cells, then per value of `mask` (ascending)
/// the cells of the set holding it, then per value the other cells holding it that see every
/// one of those.
struct Als {
    unit: usize,
    cells: (usize, usize),
    mask: u64,
    at: usize,
}

/// The ALSs of a board, with what the searches read: per cell its peers and per value the
/// cells holding it as a candidate (bitsets of `words` words), and the links between ALSs.
/// Built once per board and kept for the next technique (see [`sets`]).
struct Sets {
    units: Vec<Vec<Cell>>,
    masks: Vec<u64>,
    values: Vec<Value>,
    words: usize,
    peers: Vec<u64>,
    has: Vec<u64>,
    list: Vec<Als>,
    cells: Vec<Cell>,
    bits: Vec<u64>,
    /// Per ALS, the ALSs linked to it (index, restricted common candidates), ascending.
    links: Vec<Vec<(usize, u64)>>,
}

impl Sets {
    fn peers(&self, c: Cell) -> &[u64] {
        &self.peers[c * self.words..(c + 1) * self.words]
    }

    fn has(&self, x: usize) -> &[u64] {
        &self.has[x * self.words..(x + 1) * self.words]
    }

    fn cells(&self, a: &Als) -> &[Cell] {
        &self.cells[a.cells.0..a.cells.1]
    }

    fn bits(&self, a: &Als) -> &[u64] {
        &self.bits[a.at..a.at + self.words]
    }

    fn slot(a: &Als, x: usize) -> usize {
        (a.mask & ((1u64 << x) - 1)).count_ones() as usize
    }

    /// The cells of `a` holding candidate x.
    fn with(&self, a: &Als, x: usize) -> &[u64] {
        let at = a.at + self.words * (1 + Sets::slot(a, x));
        &self.bits[at..at + self.words]
    }

    /// The other cells holding x that see every x of `a`.
    fn reach(&self, a: &Als, x: usize) -> &[u64] {
        let at = a.at + self.words * (1 + a.mask.count_ones() as usize + Sets::slot(a, x));
        &self.bits[at..at + self.words]
    }

    fn set(&self, a: &Als) -> CellSet {
        CellSet { cells: self.cells(a).to_vec(), values: values(a.mask).collect(), unit: a.unit }
    }

    /// The restricted common candidates of two ALSs: the values x of both whose every cell in
    /// one sees every cell in the other (so none is in a cell both share: a cell does not see
    /// itself). The sets may overlap: x is still in one of them at most.
    fn restricted(&self, a: &Als, b: &Als) -> u64 {
        if a.mask & b.mask == 0 {
            return 0;
        }
        Ones(a.mask & b.mask).filter(|&x| subset(self.with(b, x), self.reach(a, x))).fold(0, |m, x| m | 1 << x)
    }

    /// Whether these are the sets of `board` on `model`.
    fn fits(&self, board: &Board, model: &Model) -> bool {
        self.masks == board.masks()
            && self.values == board.values()
            && self.units.len() == model.units().len()
            && self.units.iter().zip(model.units()).all(|(a, b)| *a == b.cells)
    }

    fn build(board: &Board, model: &Model) -> Sets {
        let cells = model.cells();
        let words = cells.div_ceil(64);
        let mut peers = vec![0u64; cells * words];
        let mut has = vec![0u64; model.size() * words];
        for c in 0..cells {
            for &p in model.peers(c) {
                let p = usize::from(p);
                peers[c * words + p / 64] |= 1 << (p % 64);
            }
            if board.value(c) == 0 {
                for v in Ones(board.candidates(c)) {
                    has[v * words + c / 64] |= 1 << (c % 64);
                }
            }
        }
        let mut sets = Sets {
            units: model.units().iter().map(|u| u.cells.clone()).collect(),
            masks: board.masks().to_vec(),
            values: board.values().to_vec(),
            words,
            peers,
            has,
            list: Vec::new(),
            cells: Vec::new(),
            bits: Vec::new(),
            links: Vec::new(),
        };
        sets.enumerate(board, model);
        let n = sets.list.len();
        let mut links = vec![Vec::new(); n];
        for i in 0..n {
            for j in i + 1..n {
                let r = sets.restricted(&sets.list[i], &sets.list[j]);
                if r != 0 {
                    links[i].push((j, r));
                    links[j].push((i, r));
                }
            }
        }
        sets.links = links;
        sets
    }

    /// Every ALS of the board (by unit index, then combinations of the unit's open cells in
    /// order), each cell set once, at most [`crate::MAX_ALS`].
    fn enumerate(&mut self, board: &Board, model: &Model) {
        let words = self.words;
        let mut found: BTreeSet<Vec<Cell>> = BTreeSet::new();
        for (u, unit) in model.units().iter().enumerate() {
            let open: Vec<Cell> = unit.cells.iter().copied().filter(|&c| board.value(c) == 0).take(64).collect();
            if open.len() < 2 {
                continue;
            }
            // A set of all the open cells of a house is locked, not almost: at most len - 1 cells.
            let most = (open.len() - 1).min(crate::MAX_ALS_CELLS);
            let mut budget = crate::MAX_ALS_NODES;
            let mut chosen = Vec::new();
            let mut found_here = Vec::new();
            combos(board, &open, most, 0, 0, &mut chosen, &mut budget, &mut found_here);
            for (cells, mask) in found_here {
                if self.list.len() >= crate::MAX_ALS {
                    return;
                }
                if !found.insert(cells.clone()) {
                    continue;
                }
                let k = mask.count_ones() as usize;
                let at = self.bits.len();
                self.bits.resize(at + words * (1 + 2 * k), 0);
                for &c in &cells {
                    self.bits[at + c / 64] |= 1 << (c % 64);
                    for x in Ones(board.candidates(c)) {
                        let w = at + words * (1 + (mask & ((1u64 << x) - 1)).count_ones() as usize);
                        self.bits[w + c / 64] |= 1 << (c % 64);
                    }
                }
                for (slot, x) in Ones(mask).enumerate() {
                    let reach = at + words * (1 + k + slot);
                    for w in 0..words {
                        self.bits[reach + w] = self.has[x * words + w];
                    }
                    for &c in &cells {
                        if board.candidates(c) >> x & 1 == 1 {
                            for w in 0..words {
                                self.bits[reach + w] &= self.peers[c * words + w];
                            }
                        }
                    }
                }
                let start = self.cells.len();
                self.cells.extend_from_slice(&cells);
                self.list.push(Als { unit: u, cells: (start, self.cells.len()), mask, at });
            }
        }
    }
}

thread_local! {
    /// The sets of the last board searched: the ALS techniques are tried one after another on
    /// the same board, and each would otherwise enumerate them again.
    static LAST: std::cell::RefCell<Option<std::rc::Rc<Sets>>> = const { std::cell::RefCell::new(None) };
}

/// The ALSs of `board` on `model`, built or taken from the last search on this thread (when
/// the board, its values and the model's units are the same: the same result either way).
fn sets(board: &Board, model: &Model) -> std::rc::Rc<Sets> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some(s) = last.as_ref().filter(|s| s.fits(board, model)) {
            return std::rc::Rc::clone(s);
        }
        let s = std::rc::Rc::new(Sets::build(board, model));
        *last = Some(std::rc::Rc::clone(&s));
        s
    })
}

/// The combinations of `open` (from `start`) extending `chosen` with at most `most` cells whose
/// union has one value more than cells, depth first; a union of more than `most` + 1 values is
/// not extended. Each extension costs one unit of `budget`.
#[allow(clippy::too_many_arguments)]
fn combos(
    board: &Board,
    open: &[Cell],
    most: usize,
    start: usize,
    union: u64,
    chosen: &mut Vec<Cell>,
    budget: &mut usize,
    out: &mut Vec<(Vec<Cell>, u64)>,
) {
    for i in start..open.len() {
        if *budget == 0 || chosen.len() >= most {
            return;
        }
        *budget -= 1;
        let u = union | board.candidates(open[i]);
        if u.count_ones() as usize > most + 1 {
            continue;
        }
        chosen.push(open[i]);
        if u.count_ones() as usize == chosen.len() + 1 {
            out.push((chosen.clone(), u));
        }
        combos(board, open, most, i + 1, u, chosen, budget, out);
        chosen.pop();
    }
}

/// The first ALS-XZ that rules something out: pairs of ALSs in enumeration order.
pub(crate) fn als_xz(board: &Board, model: &Model) -> Option<Step> {
    let s = sets(board, model);
    for (i, near) in s.links.iter().enumerate() {
        let a = &s.list[i];
        for &(j, rcc) in near.iter().filter(|&&(j, _)| j > i) {
            let b = &s.list[j];
            let mut elims = Vec::new();
            let linked: Vec<usize> = Ones(rcc).take(2).collect();
            if let &[x1, x2] = linked.as_slice() {
                // Doubly linked: each is locked but for one of x1, x2.
                for x in [x1, x2] {
                    out_of(&[s.reach(a, x), s.reach(b, x)], x, &mut elims);
                }
                for one in [a, b] {
                    for z in Ones(one.mask & !(1 << x1) & !(1 << x2)) {
                        out_of(&[s.reach(one, z)], z, &mut elims);
                    }
                }
            } else {
                let x = linked[0];
                for z in Ones(a.mask & b.mask & !(1 << x)) {
                    out_of(&[s.reach(a, z), s.reach(b, z)], z, &mut elims);
                }
            }
            if elims.is_empty() {
                continue;
            }
            let mut step = Step::new(Technique::AlsXz);
            step.eliminations = elims;
            step.sets = vec![s.set(a), s.set(b)];
            step.units = vec![a.unit, b.unit];
            step.values = linked.iter().map(|&x| (x + 1) as Value).collect();
            return Some(step.finish());
        }
    }
    None
}

/// The first ALS-XY-wing that rules something out: pivots C in enumeration order, then pairs
/// of its links.
pub(crate) fn als_xy_wing(board: &Board, model: &Model) -> Option<Step> {
    let s = sets(board, model);
    for (c, near) in s.links.iter().enumerate() {
        for (k, &(a, ra)) in near.iter().enumerate() {
            for &(b, rb) in &near[k + 1..] {
                let (sa, sb) = (&s.list[a], &s.list[b]);
                if sa.mask & sb.mask == 0 || meets(s.bits(sa), s.bits(sb)) {
                    continue;
                }
                for x in Ones(ra) {
                    for y in Ones(rb & !(1 << x)) {
                        let mut elims = Vec::new();
                        for z in Ones(sa.mask & sb.mask & !(1 << x) & !(1 << y)) {
                            out_of(&[s.reach(sa, z), s.reach(sb, z)], z, &mut elims);
                        }
                        if elims.is_empty() {
                            continue;
                        }
                        let pivot = &s.list[c];
                        let mut step = Step::new(Technique::AlsXyWing);
                        step.eliminations = elims;
                        step.sets = vec![s.set(sa), s.set(sb), s.set(pivot)];
                        step.units = vec![sa.unit, sb.unit, pivot.unit];
                        step.values = vec![(x + 1) as Value, (y + 1) as Value];
                        return Some(step.finish());
                    }
                }
            }
        }
    }
    None
}

/// A path of the ALS chain search: the ALSs, the link values, the cells used.
struct Path {
    sets: Vec<usize>,
    links: Vec<usize>,
    used: Vec<u64>,
}

/// The first ALS chain of 4 to [`crate::MAX_ALS_CHAIN`] ALSs that rules something out: first
/// ALSs in enumeration order, then depth first along the links (ascending), at most
/// [`crate::MAX_ALS_CHAIN_NODES`] nodes from each first ALS.
pub(crate) fn als_chain(board: &Board, model: &Model) -> Option<Step> {
    let s = sets(board, model);
    for first in 0..s.list.len() {
        if s.links[first].is_empty() {
            continue;
        }
        let mut path = Path { sets: vec![first], links: Vec::new(), used: s.bits(&s.list[first]).to_vec() };
        let mut budget = crate::MAX_ALS_CHAIN_NODES;
        if let Some(elims) = extend(&s, &mut path, &mut budget) {
            let mut step = Step::new(Technique::AlsChain);
            step.eliminations = elims;
            step.sets = path.sets.iter().map(|&i| s.set(&s.list[i])).collect();
            step.units = path.sets.iter().map(|&i| s.list[i].unit).collect();
            step.values = path.links.iter().map(|&x| (x + 1) as Value).collect();
            return Some(step.finish());
        }
    }
    None
}

fn extend(s: &Sets, path: &mut Path, budget: &mut usize) -> Option<Vec<(Cell, Value)>> {
    let last = *path.sets.last()?;
    if path.sets.len() >= 4 {
        let (a, e) = (&s.list[path.sets[0]], &s.list[last]);
        let (x1, xk) = (path.links[0], *path.links.last()?);
        let mut elims = Vec::new();
        for z in Ones(a.mask & e.mask & !(1 << x1) & !(1 << xk)) {
            out_of(&[s.reach(a, z), s.reach(e, z)], z, &mut elims);
        }
        if !elims.is_empty() {
            return Some(elims);
        }
    }
    if path.sets.len() >= crate::MAX_ALS_CHAIN {
        return None;
    }
    let previous = path.links.last().map_or(0, |&x| 1u64 << x);
    for &(next, rcc) in &s.links[last] {
        let bits = s.bits(&s.list[next]);
        if meets(bits, &path.used) {
            continue;
        }
        for x in Ones(rcc & !previous) {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            // The sets are disjoint: adding the cells and taking them away again are xors.
            path.used.iter_mut().zip(bits).for_each(|(u, b)| *u ^= b);
            path.sets.push(next);
            path.links.push(x);
            if let Some(found) = extend(s, path, budget) {
                return Some(found);
            }
            path.sets.pop();
            path.links.pop();
            path.used.iter_mut().zip(bits).for_each(|(u, b)| *u ^= b);
        }
    }
    None
}

/// The first death blossom that rules something out: stems by cell, then values z ascending,
/// petals chosen in enumeration order (pairwise disjoint), at most
/// [`crate::MAX_ALS_CHAIN_NODES`] choices per stem.
pub(crate) fn death_blossom(board: &Board, model: &Model) -> Option<Step> {
    let s = sets(board, model);
    for stem in 0..model.cells() {
        let m = board.candidates(stem);
        if board.value(stem) != 0 || m.count_ones() < 2 || m.count_ones() > crate::MAX_STEM_VALUES {
            continue;
        }
        // Per candidate d of the stem: the ALSs without the stem whose every d sees it.
        let petals: Vec<Vec<usize>> = Ones(m)
            .map(|d| {
                (0..s.list.len())
                    .filter(|&i| {
                        let a = &s.list[i];
                        a.mask >> d & 1 == 1 && !holds(s.bits(a), stem) && holds(s.reach(a, d), stem)
                    })
                    .collect()
            })
            .collect();
        if petals.iter().any(Vec::is_empty) {
            continue;
        }
        let common = petals.iter().map(|p| p.iter().fold(0, |u, &i| u | s.list[i].mask)).fold(!0u64, |a, b| a & b);
        let mut budget = crate::MAX_ALS_CHAIN_NODES;
        for z in Ones(common & !m) {
            let mut chosen = Vec::new();
            let mut used = vec![0u64; s.words];
            if let Some(elims) = bloom(&s, &petals, z, &mut chosen, &mut used, &mut budget) {
                let mut step = Step::new(Technique::DeathBlossom);
                step.eliminations = elims;
                step.cells = vec![stem];
                step.values = values(m).collect();
                step.sets = chosen.iter().map(|&i| s.set(&s.list[i])).collect();
                step.units = chosen.iter().map(|&i| s.list[i].unit).collect();
                return Some(step.finish());
            }
        }
    }
    None
}

/// Chooses a petal holding z for each next candidate of the stem; at the end, the cells seeing
/// every z of the petals lose it.
fn bloom(
    s: &Sets,
    petals: &[Vec<usize>],
    z: usize,
    chosen: &mut Vec<usize>,
    used: &mut [u64],
    budget: &mut usize,
) -> Option<Vec<(Cell, Value)>> {
    let Some(options) = petals.get(chosen.len()) else {
        let mut reach: Vec<&[u64]> = chosen.iter().map(|&i| s.reach(&s.list[i], z)).collect();
        reach.push(s.has(z));
        let mut elims = Vec::new();
        out_of(&reach, z, &mut elims);
        return (!elims.is_empty()).then_some(elims);
    };
    for &i in options {
        let bits = s.bits(&s.list[i]);
        if s.list[i].mask >> z & 1 == 0 || meets(bits, used) {
            continue;
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        used.iter_mut().zip(bits).for_each(|(u, b)| *u ^= b);
        chosen.push(i);
        if let Some(found) = bloom(s, petals, z, chosen, used, budget) {
            return Some(found);
        }
        chosen.pop();
        used.iter_mut().zip(bits).for_each(|(u, b)| *u ^= b);
    }
    None
}

/// The first Sue de Coq that rules something out: pairs of units (by index) meeting in two
/// open cells or more, the meeting cells' subsets, then the two sides' subsets in order.
pub(crate) fn sue_de_coq(board: &Board, model: &Model) -> Option<Step> {
    let units = model.units();
    let open = |u: usize| units[u].cells.iter().copied().filter(|&c| board.value(c) == 0).collect::<Vec<Cell>>();
    let inside = |u: usize, c: Cell| units[u].cells.binary_search(&c).is_ok();
    for u1 in 0..units.len() {
        let cells1 = open(u1);
        if cells1.len() < 4 {
            continue;
        }
        let mut partners: Vec<usize> =
            cells1.iter().flat_map(|&c| model.units_of(c).iter().map(|&u| u as usize)).filter(|&u| u > u1).collect();
        partners.sort_unstable();
        partners.dedup();
        for u2 in partners {
            let meet: Vec<Cell> = cells1.iter().copied().filter(|&c| inside(u2, c)).collect();
            if meet.len() < 2 {
                continue;
            }
            let side1: Vec<Cell> = cells1.iter().copied().filter(|&c| !inside(u2, c)).collect();
            let side2: Vec<Cell> = open(u2).into_iter().filter(|&c| !inside(u1, c)).collect();
            if side1.is_empty() || side2.is_empty() {
                continue;
            }
            let mut budget = crate::MAX_ALS_CHAIN_NODES;
            let mut cores = Vec::new();
            subsets(&meet, meet.len(), &mut budget, &mut |cs| cores.push(cs.to_vec()));
            for core in cores.into_iter().filter(|c| c.len() >= 2) {
                let v = core.iter().fold(0, |m, &c| m | board.candidates(c));
                let need = v.count_ones() as usize;
                // At least two values more than cells; at most as many values as an ALS has (on
                // 9×9 any): cells with many candidates (a 64×64 early on) make no Sue de Coq.
                if need < core.len() + 2 || need > crate::MAX_ALS_CELLS + 1 {
                    continue;
                }
                let need = need - core.len();
                // The sides' subsets that bring values of V: (cells, candidates, cells − new values).
                let side = |cells: &[Cell], budget: &mut usize| {
                    let mut out: Vec<(Vec<Cell>, u64)> = Vec::new();
                    let cells: Vec<Cell> = cells.iter().copied().filter(|&c| board.candidates(c) & v != 0).collect();
                    subsets(&cells, need, budget, &mut |cs| {
                        let m = cs.iter().fold(0, |m, &c| m | board.candidates(c));
                        if cs.len() > (m & !v).count_ones() as usize {
                            out.push((cs.to_vec(), m));
                        }
                    });
                    out
                };
                let ds = side(&side1, &mut budget);
                let es = side(&side2, &mut budget);
                for (d, md) in &ds {
                    let sd = d.len() - (md & !v).count_ones() as usize;
                    for (e, me) in &es {
                        let se = e.len() - (me & !v).count_ones() as usize;
                        if md & me != 0 || sd + se != need {
                            continue;
                        }
                        let mut elims = Vec::new();
                        let (out1, out2) = (md | (v & !me), me | (v & !md));
                        for c in side1.iter().copied().filter(|c| !d.contains(c)) {
                            elims.extend(values(board.candidates(c) & out1).map(|x| (c, x)));
                        }
                        for c in side2.iter().copied().filter(|c| !e.contains(c)) {
                            elims.extend(values(board.candidates(c) & out2).map(|x| (c, x)));
                        }
                        // A meeting cell outside C is in both units: both parts' values leave it.
                        for c in meet.iter().copied().filter(|c| !core.contains(c)) {
                            elims.extend(values(board.candidates(c) & (out1 | out2)).map(|x| (c, x)));
                        }
                        if elims.is_empty() {
                            continue;
                        }
                        let set = |cells: &[Cell], m: u64, unit: usize| CellSet {
                            cells: cells.to_vec(),
                            values: values(m).collect(),
                            unit,
                        };
                        let mut step = Step::new(Technique::SueDeCoq);
                        step.eliminations = elims;
                        step.units = vec![u1, u2];
                        step.sets = vec![set(&core, v, u1), set(d, *md, u1), set(e, *me, u2)];
                        return Some(step.finish());
                    }
                }
            }
        }
    }
    None
}

/// Calls `each` with every nonempty subset of `cells` of at most `most` cells, in
/// lexicographic order, while `budget` lasts (one unit per subset).
fn subsets(cells: &[Cell], most: usize, budget: &mut usize, each: &mut dyn FnMut(&[Cell])) {
    fn go(
        cells: &[Cell],
        most: usize,
        start: usize,
        chosen: &mut Vec<Cell>,
        budget: &mut usize,
        each: &mut dyn FnMut(&[Cell]),
    ) {
        for i in start..cells.len() {
            if *budget == 0 || chosen.len() >= most {
                return;
            }
            *budget -= 1;
            chosen.push(cells[i]);
            each(chosen);
            go(cells, most, i + 1, chosen, budget, each);
            chosen.pop();
        }
    }
    go(cells, most, 0, &mut Vec::new(), budget, each);
}

/// The first aligned pair exclusion: pairs of open cells that see each other (by the first
/// cell, then its peers ascending), the first cell's values before the second's.
pub(crate) fn aligned_pair_exclusion(board: &Board, model: &Model) -> Option<Step> {
    let s = sets(board, model);
    let mut both = vec![0u64; s.words];
    // Per cell, the ALSs all of whose cells it sees.
    let mut seen_by: Vec<Vec<usize>> = vec![Vec::new(); model.cells()];
    let mut common = vec![0u64; s.words];
    for (i, a) in s.list.iter().enumerate() {
        common.fill(u64::MAX);
        for &c in s.cells(a) {
            common.iter_mut().zip(s.peers(c)).for_each(|(m, p)| *m &= p);
        }
        for (w, &m) in common.iter().enumerate() {
            for j in Ones(m) {
                if let Some(list) = seen_by.get_mut(w * 64 + j) {
                    list.push(i);
                }
            }
        }
    }
    for (a, seen) in seen_by.iter().enumerate() {
        if board.value(a) != 0 {
            continue;
        }
        for &b in model.peers(a) {
            let b = usize::from(b);
            if b < a || board.value(b) != 0 {
                continue;
            }
            for (w, x) in both.iter_mut().enumerate() {
                *x = s.peers(a)[w] & s.peers(b)[w];
            }
            let seeing: Vec<&Als> = seen.iter().map(|&i| &s.list[i]).filter(|x| subset(s.bits(x), &both)).collect();
            if seeing.is_empty() {
                continue;
            }
            for (p, q) in [(a, b), (b, a)] {
                let (mp, mq) = (board.candidates(p), board.candidates(q));
                for x in Ones(mp) {
                    // For each candidate y of q (other than x): the first ALS that x and y would empty.
                    let why: Option<Vec<(usize, &Als)>> = Ones(mq & !(1 << x))
                        .map(|y| seeing.iter().find(|t| t.mask >> x & 1 == 1 && t.mask >> y & 1 == 1).map(|&t| (y, t)))
                        .collect();
                    let Some(why) = why.filter(|w| !w.is_empty()) else { continue };
                    let mut step = Step::new(Technique::AlignedPairExclusion);
                    step.eliminations = vec![(p, (x + 1) as Value)];
                    step.cells = vec![p, q];
                    step.values =
                        std::iter::once(x).chain(why.iter().map(|&(y, _)| y)).map(|v| (v + 1) as Value).collect();
                    step.sets = why.iter().map(|(_, t)| s.set(t)).collect();
                    step.units = why.iter().map(|(_, t)| t.unit).collect();
                    return Some(step.finish());
                }
            }
        }
    }
    None
}
