//! Short chains of strong links: empty rectangle, remote pairs, multi-colouring.
//!
//! - Empty rectangle: a value x whose places in a house H (a box, a region) lie in two units
//!   U1 and U2 crossing inside H, and a strong link of x (a house where x has exactly two
//!   places p and q, outside H) with p seeing all of H's places in U1. If p holds x, H's x is
//!   in U2; otherwise q holds x. A cell seeing q and all of H's places in U2 loses x.
//! - Remote pairs: cells holding only the same {x, y}, each seeing the next, alternate x and
//!   y; two of them an odd number of links apart (three or more) hold x and y between them, so
//!   a cell seeing both holds neither.
//! - Multi-colouring: two chains of a value's strong links, each coloured in two as in simple
//!   colouring. When a cell of colour a sees a cell of colour b (of the other chain), a and b
//!   are not both true, so a's opposite A or b's opposite B is: a cell seeing a cell of A and
//!   one of B loses x (a trap). When colour a sees both colours of the other chain, a is false
//!   (a wrap).
//!
//! "Sees" is the model's peers, so each holds on every spec. Each search is a scan bounded by
//! the grid: links × links for the empty rectangle, a breadth-first search per chain cell for
//! remote pairs, pairs of chains for multi-colouring.

use coverlab_model::{Cell, Model};

use crate::bits::{Ones, values};
use crate::{Board, Step, Technique};

/// The strong links of value index x (0-based): (house, its two places), houses by index.
pub(crate) fn strong_links(board: &Board, model: &Model, x: usize) -> Vec<(usize, Cell, Cell)> {
    model
        .houses()
        .iter()
        .enumerate()
        .filter_map(|(h, house)| {
            let mut places = house.cells.iter().copied().filter(|&c| board.candidates(c) >> x & 1 == 1);
            let (p, q) = (places.next()?, places.next()?);
            places.next().is_none().then_some((h, p, q))
        })
        .collect()
}

fn in_unit(model: &Model, u: usize, c: Cell) -> bool {
    model.units()[u].cells.binary_search(&c).is_ok()
}

/// The first empty rectangle that rules something out: values ascending, houses H by index,
/// then the units through H's first place, then strong links by house.
pub(crate) fn empty_rectangle(board: &Board, model: &Model) -> Option<Step> {
    let n = model.size();
    let houses = model.houses().len();
    for x in 0..n {
        let has = |c: Cell| board.value(c) == 0 && board.candidates(c) >> x & 1 == 1;
        let links = strong_links(board, model, x);
        if links.is_empty() {
            continue;
        }
        for (h, house) in model.houses().iter().enumerate() {
            let places: Vec<Cell> = house.cells.iter().copied().filter(|&c| has(c)).collect();
            if places.len() < 2 {
                continue;
            }
            for &u1 in model.units_of(places[0]) {
                let u1 = u1 as usize;
                if u1 == h || u1 >= houses {
                    continue;
                }
                let (in1, in2): (Vec<Cell>, Vec<Cell>) = places.iter().partition(|&&c| in_unit(model, u1, c));
                let Some(&first2) = in2.first() else { continue };
                for &u2 in model.units_of(first2) {
                    let u2 = u2 as usize;
                    if u2 == h || u2 == u1 || u2 >= houses || !in2.iter().all(|&c| in_unit(model, u2, c)) {
                        continue;
                    }
                    // The two units cross inside H.
                    if !house.cells.iter().any(|&c| in_unit(model, u1, c) && in_unit(model, u2, c)) {
                        continue;
                    }
                    for (side, other, us, uo) in [(&in1, &in2, u1, u2), (&in2, &in1, u2, u1)] {
                        for &(l, e1, e2) in &links {
                            for (p, q) in [(e1, e2), (e2, e1)] {
                                if l == h
                                    || in_unit(model, h, p)
                                    || in_unit(model, h, q)
                                    || !side.iter().all(|&c| model.sees(p, c))
                                {
                                    continue;
                                }
                                let out: Vec<(Cell, u8)> = model
                                    .peers(q)
                                    .iter()
                                    .map(|&c| usize::from(c))
                                    .filter(|&c| {
                                        c != p
                                            && has(c)
                                            && !places.contains(&c)
                                            && other.iter().all(|&o| model.sees(c, o))
                                    })
                                    .map(|c| (c, (x + 1) as u8))
                                    .collect();
                                if out.is_empty() {
                                    continue;
                                }
                                let mut step = Step::new(Technique::EmptyRectangle);
                                step.eliminations = out;
                                step.units = vec![h, us, uo, l];
                                step.cells = vec![p, q];
                                step.cells.extend(places.iter().copied());
                                step.values = vec![(x + 1) as u8];
                                return Some(step.finish());
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// Colours the graph `adjacent` restricted to `nodes` (ascending) in two colours, breadth first
/// from each uncoloured node: per node its component's index and its colour (1 or 2), 0 for a
/// node outside `nodes`. A component with an edge between two nodes of one colour (an odd
/// cycle, only on a contradictory board) is marked `bad`.
struct Colouring {
    comp: Vec<usize>,
    colour: Vec<u8>,
    /// Each component's nodes in the order reached, and whether it has an odd cycle.
    comps: Vec<(Vec<Cell>, bool)>,
}

fn colour(cells: usize, nodes: &[Cell], adjacent: impl Fn(Cell) -> Vec<Cell>) -> Colouring {
    let mut c = Colouring { comp: vec![usize::MAX; cells], colour: vec![0; cells], comps: Vec::new() };
    for &start in nodes {
        if c.colour[start] != 0 {
            continue;
        }
        let k = c.comps.len();
        let mut list = vec![start];
        let mut bad = false;
        c.colour[start] = 1;
        c.comp[start] = k;
        let mut i = 0;
        while i < list.len() {
            let a = list[i];
            i += 1;
            for b in adjacent(a) {
                if c.colour[b] == 0 {
                    c.colour[b] = 3 - c.colour[a];
                    c.comp[b] = k;
                    list.push(b);
                } else if c.colour[b] == c.colour[a] {
                    bad = true;
                }
            }
        }
        c.comps.push((list, bad));
    }
    c
}

/// The first remote pair that rules something out: pairs of values by the first cell holding
/// only them, chains from their lowest cell, then pairs of chain cells ascending.
pub(crate) fn remote_pairs(board: &Board, model: &Model) -> Option<Step> {
    let cells = model.cells();
    let bivalue: Vec<Cell> =
        (0..cells).filter(|&c| board.value(c) == 0 && board.candidates(c).count_ones() == 2).collect();
    let mut masks: Vec<u64> = Vec::new();
    for &c in &bivalue {
        if !masks.contains(&board.candidates(c)) {
            masks.push(board.candidates(c));
        }
    }
    for m in masks {
        let nodes: Vec<Cell> = bivalue.iter().copied().filter(|&c| board.candidates(c) == m).collect();
        if nodes.len() < 4 {
            continue;
        }
        let adjacent = |a: Cell| nodes.iter().copied().filter(|&b| b != a && model.sees(a, b)).collect::<Vec<_>>();
        let col = colour(cells, &nodes, adjacent);
        for (list, bad) in &col.comps {
            if *bad || list.len() < 4 {
                continue;
            }
            let mut chain = list.clone();
            chain.sort_unstable();
            for &a in &chain {
                // Breadth first from a: each chain cell's distance and parent.
                let mut parent: Vec<Option<Cell>> = vec![None; cells];
                let mut dist = vec![usize::MAX; cells];
                dist[a] = 0;
                let mut queue = vec![a];
                let mut i = 0;
                while i < queue.len() {
                    let c = queue[i];
                    i += 1;
                    for d in adjacent(c) {
                        if dist[d] == usize::MAX {
                            dist[d] = dist[c] + 1;
                            parent[d] = Some(c);
                            queue.push(d);
                        }
                    }
                }
                for &b in &chain {
                    if b <= a || dist[b] < 3 || dist[b] % 2 == 0 {
                        continue;
                    }
                    let mut step = Step::new(Technique::RemotePairs);
                    for &c in model.peers(a) {
                        let c = usize::from(c);
                        if col.comp[c] == usize::MAX && board.value(c) == 0 && model.sees(c, b) {
                            step.eliminations.extend(values(board.candidates(c) & m).map(|v| (c, v)));
                        }
                    }
                    if step.eliminations.is_empty() {
                        continue;
                    }
                    let mut path = vec![b];
                    while let Some(p) = parent[*path.last().unwrap_or(&a)] {
                        path.push(p);
                    }
                    path.reverse();
                    step.cells = path;
                    step.values = values(m).collect();
                    return Some(step.finish());
                }
            }
        }
    }
    None
}

/// The first multi-colouring that rules something out: values ascending, pairs of chains (of
/// two or more cells) by their lowest cell, a wrap before a trap.
pub(crate) fn multi_colouring(board: &Board, model: &Model) -> Option<Step> {
    let cells = model.cells();
    for x in 0..model.size() {
        let links = strong_links(board, model, x);
        let mut adj: Vec<Vec<Cell>> = vec![Vec::new(); cells];
        for &(_, p, q) in &links {
            adj[p].push(q);
            adj[q].push(p);
        }
        let mut nodes: Vec<Cell> = (0..cells).filter(|&c| !adj[c].is_empty()).collect();
        nodes.sort_unstable();
        let col = colour(cells, &nodes, |a| adj[a].clone());
        let comps: Vec<&Vec<Cell>> = col.comps.iter().filter(|(_, bad)| !bad).map(|(l, _)| l).collect();
        let of = |list: &[Cell], k: u8| list.iter().copied().filter(|&c| col.colour[c] == k).collect::<Vec<Cell>>();
        let sees_any = |c: Cell, set: &[Cell]| set.iter().any(|&s| model.sees(c, s));
        let has = |c: Cell| board.value(c) == 0 && board.candidates(c) >> x & 1 == 1;
        for (i, one) in comps.iter().enumerate() {
            for two in &comps[i + 1..] {
                for (ka, kb) in [(1u8, 1u8), (1, 2), (2, 1), (2, 2)] {
                    let (a, a_opp, b, b_opp) = (of(one, ka), of(one, 3 - ka), of(two, kb), of(two, 3 - kb));
                    let Some((sa, sb)) =
                        a.iter().find_map(|&ca| b.iter().find(|&&cb| model.sees(ca, cb)).map(|&cb| (ca, cb)))
                    else {
                        continue;
                    };
                    let mut step = Step::new(Technique::MultiColouring);
                    // A wrap: colour a sees both colours of the other chain.
                    if a.iter().any(|&c| sees_any(c, &b_opp)) {
                        step.eliminations = a.iter().map(|&c| (c, (x + 1) as u8)).collect();
                    } else {
                        // A trap: A or B holds x.
                        step.eliminations = (0..cells)
                            .filter(|&c| {
                                has(c) && col.colour[c] == 0 || (has(c) && !one.contains(&c) && !two.contains(&c))
                            })
                            .filter(|&c| sees_any(c, &a_opp) && sees_any(c, &b_opp))
                            .map(|c| (c, (x + 1) as u8))
                            .collect();
                    }
                    if step.eliminations.is_empty() {
                        continue;
                    }
                    step.cells = vec![sa, sb];
                    let mut rest: Vec<Cell> = one.iter().chain(two.iter()).copied().collect();
                    rest.sort_unstable();
                    step.cells.extend(rest);
                    step.values = vec![(x + 1) as u8];
                    return Some(step.finish());
                }
            }
        }
    }
    None
}

/// Follows a chain's parents back from state `end` to its start: the cells in order.
fn path(parent: &[usize], end: usize, per: usize) -> Vec<usize> {
    let mut states = vec![end];
    while let Some(&last) = states.last() {
        let p = parent[last];
        if p == usize::MAX {
            break;
        }
        states.push(p);
    }
    states.reverse();
    states.into_iter().map(|s| s / per).collect()
}

/// The first X-chain that rules something out: for a value x, an alternating chain of strong
/// links (a house with two places of x) and weak ones (two cells that see each other) that
/// starts and ends with a strong link. If its first cell does not hold x, the strong link puts
/// x in the next, the weak link takes it from the one after, and so on: its last cell holds x.
/// So one of the two ends does, and x is out of the cells seeing both. Values ascending, first
/// cells ascending, chains breadth first (shortest first), at most
/// [`crate::MAX_CHAIN_CELLS`] cells.
pub(crate) fn x_chain(board: &Board, model: &Model) -> Option<Step> {
    let cells = model.cells();
    for x in 0..model.size() {
        let has = |c: Cell| board.value(c) == 0 && board.candidates(c) >> x & 1 == 1;
        let mut strong: Vec<Vec<Cell>> = vec![Vec::new(); cells];
        for (_, p, q) in strong_links(board, model, x) {
            if !strong[p].contains(&q) {
                strong[p].push(q);
                strong[q].push(p);
            }
        }
        // States: cell * 2 + 1 when the chain makes the cell hold x, cell * 2 when it rules x out.
        let mut parent = vec![usize::MAX; 2 * cells];
        let mut depth = vec![usize::MAX; 2 * cells];
        for s in 0..cells {
            if strong[s].is_empty() {
                continue;
            }
            let start = 2 * s;
            depth[start] = 1;
            let mut queue = vec![start];
            let mut i = 0;
            while i < queue.len() {
                let state = queue[i];
                i += 1;
                let (c, on) = (state / 2, state % 2 == 1);
                if on && c != s {
                    let out: Vec<(Cell, u8)> = model
                        .peers(s)
                        .iter()
                        .map(|&t| usize::from(t))
                        .filter(|&t| t != c && has(t) && model.sees(t, c))
                        .map(|t| (t, (x + 1) as u8))
                        .collect();
                    if !out.is_empty() {
                        let mut step = Step::new(Technique::XChain);
                        step.eliminations = out;
                        step.cells = path(&parent, state, 2);
                        step.values = vec![(x + 1) as u8];
                        return Some(step.finish());
                    }
                }
                if depth[state] >= crate::MAX_CHAIN_CELLS {
                    continue;
                }
                let next: Vec<usize> = if on {
                    model.peers(c).iter().map(|&t| usize::from(t)).filter(|&t| has(t)).map(|t| 2 * t).collect()
                } else {
                    strong[c].iter().map(|&t| 2 * t + 1).collect()
                };
                for n in next {
                    if depth[n] == usize::MAX {
                        depth[n] = depth[state] + 1;
                        parent[n] = state;
                        queue.push(n);
                    }
                }
            }
            // Only the states reached were written: reset them for the next first cell.
            for &st in &queue {
                depth[st] = usize::MAX;
                parent[st] = usize::MAX;
            }
        }
    }
    None
}

/// The first XY-chain that rules something out: cells holding two candidates each, each seeing
/// the next and sharing a value with it. If the first cell is not a, it is its other value b,
/// so the next (seeing it, holding b) is its own other value, and so on; when the last cell is
/// then a, one of the ends holds a, and a is out of the cells seeing both. First cells
/// ascending, a ascending, chains breadth first (shortest first), at most
/// [`crate::MAX_CHAIN_CELLS`] cells.
pub(crate) fn xy_chain(board: &Board, model: &Model) -> Option<Step> {
    let cells = model.cells();
    let n = model.size();
    let bivalue = |c: Cell| board.value(c) == 0 && board.candidates(c).count_ones() == 2;
    // States: cell * n + (v - 1) when the chain makes the cell hold v.
    let mut parent = vec![usize::MAX; cells * n];
    let mut depth = vec![usize::MAX; cells * n];
    for s in (0..cells).filter(|&c| bivalue(c)) {
        let m = board.candidates(s);
        for a in Ones(m) {
            let b = (m & !(1 << a)).trailing_zeros() as usize;
            let start = s * n + b;
            depth[start] = 1;
            let mut queue = vec![start];
            let mut i = 0;
            while i < queue.len() {
                let state = queue[i];
                i += 1;
                let (c, v) = (state / n, state % n);
                if v == a && c != s {
                    let out: Vec<(Cell, u8)> = model
                        .peers(s)
                        .iter()
                        .map(|&t| usize::from(t))
                        .filter(|&t| t != c && board.candidates(t) >> a & 1 == 1 && model.sees(t, c))
                        .map(|t| (t, (a + 1) as u8))
                        .collect();
                    if !out.is_empty() {
                        let chain = path(&parent, state, n);
                        let mut step = Step::new(Technique::XyChain);
                        step.eliminations = out;
                        step.values = vec![(a + 1) as u8];
                        // The value each cell takes when the first is not a.
                        let mut st = state;
                        let mut taken = vec![(st % n + 1) as u8];
                        while parent[st] != usize::MAX {
                            st = parent[st];
                            taken.push((st % n + 1) as u8);
                        }
                        taken.reverse();
                        step.values.extend(taken);
                        step.cells = chain;
                        return Some(step.finish());
                    }
                }
                if depth[state] >= crate::MAX_CHAIN_CELLS {
                    continue;
                }
                for &t in model.peers(c) {
                    let t = usize::from(t);
                    let mt = board.candidates(t);
                    if !bivalue(t) || mt >> v & 1 == 0 {
                        continue;
                    }
                    let w = (mt & !(1 << v)).trailing_zeros() as usize;
                    let next = t * n + w;
                    if depth[next] == usize::MAX {
                        depth[next] = depth[state] + 1;
                        parent[next] = state;
                        queue.push(next);
                    }
                }
            }
            for &st in &queue {
                depth[st] = usize::MAX;
                parent[st] = usize::MAX;
            }
        }
    }
    None
}

/// The first alternating inference chain that rules something out: candidates (a cell and a
/// value) joined by strong links (the value's two places in a house, or a cell's two
/// candidates) and weak links (the same value in cells that see each other, or two candidates
/// of one cell) in turn, strong at both ends. If the first candidate (s, v) is false, the last
/// (e, w) is true, so one of them is:
///
/// - w = v, e ≠ s: v is out of the cells seeing both;
/// - e = s: s holds v or w, so its other candidates go;
/// - otherwise, v is out of e if e sees s, and w out of s if s sees e.
///
/// First candidates by cell then value, chains breadth first (shortest first), at most
/// [`crate::MAX_CHAIN_CELLS`] candidates.
pub(crate) fn aic(board: &Board, model: &Model) -> Option<Step> {
    let cells = model.cells();
    let n = model.size();
    let has = |c: Cell, v: usize| board.value(c) == 0 && board.candidates(c) >> v & 1 == 1;
    // Per candidate (cell * n + v), its strong partners in houses.
    let mut strong: Vec<Vec<usize>> = vec![Vec::new(); cells * n];
    for v in 0..n {
        for (_, p, q) in strong_links(board, model, v) {
            let (a, b) = (p * n + v, q * n + v);
            if !strong[a].contains(&b) {
                strong[a].push(b);
                strong[b].push(a);
            }
        }
    }
    for c in (0..cells).filter(|&c| board.value(c) == 0 && board.candidates(c).count_ones() == 2) {
        let mut vs = Ones(board.candidates(c));
        if let (Some(a), Some(b)) = (vs.next(), vs.next()) {
            strong[c * n + a].push(c * n + b);
            strong[c * n + b].push(c * n + a);
        }
    }
    // States: candidate * 2 + 1 when the chain makes it true, candidate * 2 when false.
    let mut parent = vec![usize::MAX; 2 * cells * n];
    let mut depth = vec![usize::MAX; 2 * cells * n];
    for first in 0..cells * n {
        if strong[first].is_empty() {
            continue;
        }
        let (s, v) = (first / n, first % n);
        let start = 2 * first;
        depth[start] = 1;
        let mut queue = vec![start];
        let mut i = 0;
        let mut found = None;
        while i < queue.len() {
            let state = queue[i];
            i += 1;
            let (cand, on) = (state / 2, state % 2 == 1);
            let (e, w) = (cand / n, cand % n);
            if on && depth[state] >= 2 {
                let mut out: Vec<(Cell, u8)> = Vec::new();
                if e == s {
                    out.extend(Ones(board.candidates(s) & !(1 << v) & !(1 << w)).map(|u| (s, (u + 1) as u8)));
                } else if w == v {
                    out.extend(
                        model
                            .peers(s)
                            .iter()
                            .map(|&t| usize::from(t))
                            .filter(|&t| t != e && has(t, v) && model.sees(t, e))
                            .map(|t| (t, (v + 1) as u8)),
                    );
                } else if model.sees(s, e) {
                    if has(e, v) {
                        out.push((e, (v + 1) as u8));
                    }
                    if has(s, w) {
                        out.push((s, (w + 1) as u8));
                    }
                }
                if !out.is_empty() {
                    found = Some((state, out));
                    break;
                }
            }
            if depth[state] >= crate::MAX_CHAIN_CELLS {
                continue;
            }
            let mut next: Vec<usize> = Vec::new();
            if on {
                // Weak links: the same value in peers, the cell's other candidates.
                next.extend(
                    model.peers(e).iter().map(|&t| usize::from(t)).filter(|&t| has(t, w)).map(|t| 2 * (t * n + w)),
                );
                next.extend(Ones(board.candidates(e) & !(1 << w)).map(|u| 2 * (e * n + u)));
            } else {
                next.extend(strong[cand].iter().map(|&p| 2 * p + 1));
            }
            for nx in next {
                if depth[nx] == usize::MAX {
                    depth[nx] = depth[state] + 1;
                    parent[nx] = state;
                    queue.push(nx);
                }
            }
        }
        if let Some((state, out)) = found {
            let states = path_to(&parent, state);
            let mut step = Step::new(Technique::Aic);
            step.eliminations = out;
            step.cells = states.iter().map(|&st| st / 2 / n).collect();
            step.values = states.iter().map(|&st| (st / 2 % n + 1) as u8).collect();
            return Some(step.finish());
        }
        for &st in &queue {
            depth[st] = usize::MAX;
            parent[st] = usize::MAX;
        }
    }
    None
}

/// The states of a breadth-first search's path from its start to `state`, following `parent`
/// (`usize::MAX` at the start).
pub(super) fn path_to(parent: &[usize], state: usize) -> Vec<usize> {
    let mut states = vec![state];
    while let Some(&last) = states.last()
        && parent[last] != usize::MAX
    {
        states.push(parent[last]);
    }
    states.reverse();
    states
}
