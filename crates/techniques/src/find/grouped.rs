//! Grouped alternating inference chains: the chains of [`super::chains::aic`] whose nodes may
//! also be *groups*, a value's places in a house that lie in a second house (a box–line
//! intersection, a region's part of a row).
//!
//! A group is true when one of its cells holds the value, false when none does. Links:
//!
//! - strong: a value's places in a house split into two nodes A and B (each a cell or a group
//!   lying in another house): if A is false, B is true; and a cell's two candidates;
//! - weak: a node that is true makes false every node of the same value all of whose cells see
//!   all of its cells (a cell's candidate also its cell's other candidates).
//!
//! As for a plain chain, if the first node is false the last is true; when both are the value
//! v, v is out of every cell seeing all the cells of both; when both are single candidates, the
//! plain chain's other conclusions hold too. Bounds: a house's places are split only when it
//! has at most [`MAX_GROUPED_PLACES`]; chains are searched breadth first from each node, at most
//! [`crate::MAX_CHAIN_CELLS`] nodes long.

use std::collections::BTreeMap;

use coverlab_model::{Cell, Model};

use crate::bits::Ones;
use crate::find::als::CellSet;
use crate::{Board, Step, Technique};

/// The most places of a value in a house that are split into two nodes.
pub(crate) const MAX_GROUPED_PLACES: usize = 6;

/// A chain's node: a value and its cells (one cell: a candidate), with the house that holds a
/// group's cells (for a single cell, its first house).
struct Node {
    v: usize,
    cells: Vec<Cell>,
    unit: usize,
}

struct Graph {
    nodes: Vec<Node>,
    strong: Vec<Vec<usize>>,
    /// Per value, its group nodes.
    groups: Vec<Vec<usize>>,
    index: BTreeMap<(usize, Vec<Cell>), usize>,
    /// Per candidate (cell * n + value index), its node, or `usize::MAX`.
    single: Vec<usize>,
    n: usize,
}

impl Graph {
    fn node(&mut self, v: usize, cells: Vec<Cell>, unit: usize) -> usize {
        if let Some(&k) = self.index.get(&(v, cells.clone())) {
            return k;
        }
        let k = self.nodes.len();
        if cells.len() > 1 {
            self.groups[v].push(k);
        } else {
            self.single[cells[0] * self.n + v] = k;
        }
        self.index.insert((v, cells.clone()), k);
        self.nodes.push(Node { v, cells, unit });
        self.strong.push(Vec::new());
        k
    }

    fn link(&mut self, a: usize, b: usize) {
        if a != b && !self.strong[a].contains(&b) {
            self.strong[a].push(b);
            self.strong[b].push(a);
        }
    }
}

/// Whether every cell of `a` sees every cell of `b` (and none is in both).
fn all_see(model: &Model, a: &[Cell], b: &[Cell]) -> bool {
    a.iter().all(|&x| b.iter().all(|&y| x != y && model.sees(x, y)))
}

/// The house (by index) other than `h` holding all of `cells`, if any.
fn other_house(model: &Model, h: usize, cells: &[Cell]) -> Option<usize> {
    let houses = model.houses().len();
    model
        .units_of(cells[0])
        .iter()
        .map(|&u| u as usize)
        .find(|&u| u < houses && u != h && cells.iter().all(|&c| model.units()[u].cells.binary_search(&c).is_ok()))
}

fn graph(board: &Board, model: &Model) -> Graph {
    let n = model.size();
    let mut g = Graph {
        nodes: Vec::new(),
        strong: Vec::new(),
        groups: vec![Vec::new(); n],
        index: BTreeMap::new(),
        single: vec![usize::MAX; model.cells() * n],
        n,
    };
    let first_house = |c: Cell| model.units_of(c).first().map_or(0, |&u| u as usize);
    for v in 0..n {
        for (h, house) in model.houses().iter().enumerate() {
            let places: Vec<Cell> =
                house.cells.iter().copied().filter(|&c| board.candidates(c) >> v & 1 == 1).collect();
            if places.len() < 2 || places.len() > MAX_GROUPED_PLACES {
                continue;
            }
            // Each split of the places into the part in another house and the rest, the rest a
            // cell or in one house too.
            let mut splits: Vec<(Vec<Cell>, Vec<Cell>)> = Vec::new();
            if places.len() == 2 {
                splits.push((vec![places[0]], vec![places[1]]));
            }
            for &p in &places {
                for &u in model.units_of(p) {
                    let u = u as usize;
                    if u >= model.houses().len() || u == h {
                        continue;
                    }
                    let inside = |c: &Cell| model.units()[u].cells.binary_search(c).is_ok();
                    let (a, b): (Vec<Cell>, Vec<Cell>) = places.iter().partition(|c| inside(c));
                    if b.is_empty() || (a.len() == 1 && b.len() == 1) {
                        continue;
                    }
                    if b.len() == 1 || other_house(model, h, &b).is_some() {
                        splits.push((a, b));
                    }
                }
            }
            for (a, b) in splits {
                let unit_of = |cells: &[Cell]| {
                    if cells.len() == 1 { first_house(cells[0]) } else { other_house(model, h, cells).unwrap_or(h) }
                };
                let (ua, ub) = (unit_of(&a), unit_of(&b));
                let na = g.node(v, a, ua);
                let nb = g.node(v, b, ub);
                g.link(na, nb);
            }
        }
    }
    for c in (0..model.cells()).filter(|&c| board.value(c) == 0 && board.candidates(c).count_ones() == 2) {
        let mut vs = Ones(board.candidates(c));
        if let (Some(a), Some(b)) = (vs.next(), vs.next()) {
            let na = g.node(a, vec![c], first_house(c));
            let nb = g.node(b, vec![c], first_house(c));
            g.link(na, nb);
        }
    }
    g
}

/// The first grouped alternating inference chain that rules something out: first nodes in the
/// order they were made (values ascending, houses by index), chains breadth first (shortest
/// first), at most [`crate::MAX_CHAIN_CELLS`] nodes.
pub(crate) fn grouped_aic(board: &Board, model: &Model) -> Option<Step> {
    let g = graph(board, model);
    if g.groups.iter().all(Vec::is_empty) {
        return None;
    }
    let count = g.nodes.len();
    // States: node * 2 + 1 when the chain makes it true, node * 2 when false.
    let mut parent = vec![usize::MAX; 2 * count];
    let mut depth = vec![usize::MAX; 2 * count];
    // Per node, the nodes its weak links reach (found once).
    let mut weak: Vec<Option<Vec<usize>>> = vec![None; count];
    let (mut queue, mut next) = (Vec::new(), Vec::new());
    for first in 0..count {
        let start = 2 * first;
        depth[start] = 1;
        queue.clear();
        queue.push(start);
        let mut i = 0;
        let mut found = None;
        while i < queue.len() {
            let state = queue[i];
            i += 1;
            let (node, on) = (state / 2, state % 2 == 1);
            if on && depth[state] >= 2 {
                let out = conclusions(board, model, &g.nodes[first], &g.nodes[node]);
                if !out.is_empty() {
                    found = Some((state, out));
                    break;
                }
            }
            if depth[state] >= crate::MAX_CHAIN_CELLS {
                continue;
            }
            next.clear();
            if on {
                let weak = weak[node].get_or_insert_with(|| weak_links(board, model, &g, node));
                next.extend(weak.iter().map(|&k| 2 * k));
            } else {
                next.extend(g.strong[node].iter().map(|&p| 2 * p + 1));
            }
            for &nx in &next {
                if depth[nx] == usize::MAX {
                    depth[nx] = depth[state] + 1;
                    parent[nx] = state;
                    queue.push(nx);
                }
            }
        }
        if let Some((state, out)) = found {
            let states = super::chains::path_to(&parent, state);
            let mut step = Step::new(Technique::GroupedAic);
            step.eliminations = out;
            for &st in &states {
                let node = &g.nodes[st / 2];
                step.cells.push(node.cells[0]);
                step.values.push((node.v + 1) as u8);
                step.sets.push(CellSet {
                    cells: node.cells.clone(),
                    values: vec![(node.v + 1) as u8],
                    unit: node.unit,
                });
            }
            return Some(step.finish());
        }
        for &st in &queue {
            depth[st] = usize::MAX;
            parent[st] = usize::MAX;
        }
    }
    None
}

/// The nodes a true `node` makes false: the same value's nodes whose cells all see all of its
/// cells, and a single cell's other candidates.
fn weak_links(board: &Board, model: &Model, g: &Graph, node: usize) -> Vec<usize> {
    let Node { v, cells, .. } = &g.nodes[node];
    let v = *v;
    let mut out = Vec::new();
    for &t in model.peers(cells[0]) {
        let t = usize::from(t);
        // A candidate without a strong link is no node: nothing goes on from it.
        let k = g.single[t * g.n + v];
        if k != usize::MAX && !cells.contains(&t) && cells.iter().all(|&c| model.sees(c, t)) {
            out.push(k);
        }
    }
    out.extend(g.groups[v].iter().copied().filter(|&k| all_see(model, cells, &g.nodes[k].cells)));
    if let &[c] = cells.as_slice() {
        for u in Ones(board.candidates(c) & !(1 << v)) {
            let k = g.single[c * g.n + u];
            if k != usize::MAX {
                out.push(k);
            }
        }
    }
    out
}

/// What a chain from `first` false to `last` true rules out.
fn conclusions(board: &Board, model: &Model, first: &Node, last: &Node) -> Vec<(Cell, u8)> {
    let has = |c: Cell, v: usize| board.value(c) == 0 && board.candidates(c) >> v & 1 == 1;
    let (v, w) = (first.v, last.v);
    let mut out: Vec<(Cell, u8)> = Vec::new();
    match (first.cells.as_slice(), last.cells.as_slice()) {
        (&[s], &[e]) if e == s => {
            out.extend(Ones(board.candidates(s) & !(1 << v) & !(1 << w)).map(|u| (s, (u + 1) as u8)));
        }
        (&[s], &[e]) if w != v && model.sees(s, e) => {
            if has(e, v) {
                out.push((e, (v + 1) as u8));
            }
            if has(s, w) {
                out.push((s, (w + 1) as u8));
            }
        }
        (a, b) if w == v => {
            let sees_both = |t: Cell| a.iter().chain(b).all(|&c| c != t && model.sees(c, t));
            out.extend(
                model
                    .peers(a[0])
                    .iter()
                    .map(|&t| usize::from(t))
                    .filter(|&t| has(t, v) && sees_both(t))
                    .map(|t| (t, (v + 1) as u8)),
            );
        }
        _ => {}
    }
    out
}
