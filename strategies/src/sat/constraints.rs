//! CNF for the constraints beyond houses (`sat`'s encoding of cages' sums, thermometers, arrows,
//! dots, lines, little killers and sandwiches).
//!
//! - Two-cell and one-cell relations (dots, XV, whispers, palindromes, the negative and
//!   non-consecutive rules, even and odd): a binary clause per forbidden value pair, a unit
//!   clause per forbidden value.
//! - Thermometers: a binary clause per non-increasing value pair of neighbours on the line.
//! - Renban lines (their "no repeats" is a group of the model): a binary clause per pair of
//!   cells and pair of values further apart than the line is long, and the windows of
//!   consecutive values as value sets, encoded as a cage's (below). On the Interactive Sudoku
//!   Solver's three hard renban puzzles (`count --max-solutions 2`) the sets took `sat` from
//!   50,550, 61,177 and 58,019 search nodes to 68,391, 47,833 and 2,661: 30% fewer in all.
//! - Sums over cells that differ and have a table of value sets (cages; derived house sums of
//!   cells that see each other): one variable per set; one of them holds, and a chosen set's
//!   values are the only ones its cells take and each of them is somewhere in its cells. Unit
//!   propagation then keeps only values of sets that still fit, as `fast`'s table filter does.
//!   On the 42 TAREK killers (`count --max-solutions 2 --jobs 1 --strategy sat`, whole
//!   process) this took `sat` from 10.7 s to 3.33 s against the automaton below.
//! - Other sums (little killers, arrows, signed sums) and sandwiches: the constraint read as an
//!   automaton over its cells in order (the state: the partial sum; for a sandwich, also whether
//!   the 1 or the n has been seen), encoded with one variable per reachable (position, state):
//!   the start state is true, and "in state q at position i and cell i holds v" implies the next
//!   state (or is forbidden when the transition is dead or the last state does not accept). Only
//!   the forward implications are needed: the values of the cells force the path through the
//!   states, and a path that ends badly is refused. An arrow's automaton reads the line, then the
//!   circle, which must equal the sum.
//! - Slow thermometers: a binary clause per decreasing value pair of neighbours.
//! - Between and lockout lines: a variable for which end is the smaller; with it, a clause per
//!   pair of end values the line refuses, and per middle cell and value "the smaller end is
//!   below it (or above, for lockout) or the larger above it".
//! - Zipper lines: each mirror pair's first value and the total fix the second (the total is
//!   the middle cell on a line of odd length; one of 2n − 1 new variables otherwise).
//! - Region-sum lines: one of the possible common totals, a new variable each; each segment
//!   read as a sum automaton whose last step reads the total.
//! - Counting circles: per value, a variable "some circle holds it" (each circle holding it
//!   implies it, and it implies one of them) and a sequential counter of the circles holding
//!   it: at least the value when it is there, never more.
//! - Regex lines (entropic and modular lines too): their own automaton, the same way, with a state variable only where a state
//!   is live (reachable from the start, and an accepting state reachable from it in the cells
//!   left); a step into a state that is not live there is forbidden.

use coverlab_engine::ConflictCause;
use coverlab_model::{Cell, Constraint, Model, Relation};

use super::Clauses;

/// The literal "cell holds value v" (v from 0): a variable, or a constant for a given cell or a
/// value that is not a candidate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lit {
    True,
    False,
    Var(i32),
}

/// Adds the clauses of every constraint of `model`. `var[cell * n + v]` is the variable of an
/// empty cell's candidate (0: not a candidate); `givens` the givens' values. A clause left empty
/// by the constants is a contradiction, returned as the constraint that cannot hold.
pub(super) fn encode(
    model: &Model,
    givens: &[u8],
    var: &[i32],
    out: &mut impl Clauses,
    next: &mut i32,
) -> Result<(), ConflictCause> {
    let n = model.size();
    let lit = |cell: Cell, v: usize| -> Lit {
        match givens[cell] {
            0 => match var[cell * n + v] {
                0 => Lit::False,
                x => Lit::Var(x),
            },
            g if usize::from(g) == v + 1 => Lit::True,
            _ => Lit::False,
        }
    };
    let mut clause: Vec<i32> = Vec::new();
    for (k, c) in model.constraints().iter().enumerate() {
        let conflict = ConflictCause::Constraint { constraint: k, cell: c.cells[0] };
        // Adds the clause "not all of `forbid`" (and any of `or`): constants folded.
        let mut add = |forbid: &[Lit], or: &[Lit], out: &mut dyn FnMut(&[i32])| -> Result<(), ConflictCause> {
            clause.clear();
            for &l in forbid {
                match l {
                    Lit::False => return Ok(()),
                    Lit::True => {}
                    Lit::Var(x) => clause.push(-x),
                }
            }
            for &l in or {
                match l {
                    Lit::True => return Ok(()),
                    Lit::False => {}
                    Lit::Var(x) => clause.push(x),
                }
            }
            if clause.is_empty() {
                return Err(conflict);
            }
            out(&clause);
            Ok(())
        };
        let mut sink = |lits: &[i32]| out.add(lits);
        encode_one(c, n, &lit, &mut add, &mut sink, next)?;
    }
    Ok(())
}

/// Adds the clauses of one constraint through `add` (which folds constants and may guard each
/// clause, as an `Or`'s branches are) and `sink`.
fn encode_one(
    c: &Constraint,
    n: usize,
    lit: &dyn Fn(Cell, usize) -> Lit,
    mut add: &mut AddClause<'_>,
    sink: &mut dyn FnMut(&[i32]),
    next: &mut i32,
) -> Result<(), ConflictCause> {
    match &c.relation {
        Relation::Pair(table) => {
            let (a, b) = (c.cells[0], c.cells[1]);
            for x in 0..n {
                for y in 0..n {
                    if !table.allows(x as u32 + 1, y as u32 + 1) {
                        add(&[lit(a, x), lit(b, y)], &[], sink)?;
                    }
                }
            }
        }
        &Relation::Allowed(mask) => {
            for v in (0..n).filter(|v| mask >> v & 1 == 0) {
                add(&[lit(c.cells[0], v)], &[], sink)?;
            }
        }
        Relation::Increasing => {
            for w in c.cells.windows(2) {
                for x in 0..n {
                    for y in 0..=x {
                        add(&[lit(w[0], x), lit(w[1], y)], &[], sink)?;
                    }
                }
            }
        }
        Relation::Consecutive => {
            let len = c.cells.len();
            for (i, &a) in c.cells.iter().enumerate() {
                for &b in &c.cells[i + 1..] {
                    for x in 0..n {
                        for y in 0..n {
                            if x.abs_diff(y) >= len {
                                add(&[lit(a, x), lit(b, y)], &[], sink)?;
                            }
                        }
                    }
                }
            }
            // The windows of `len` consecutive values, as a cage's value sets: one of them
            // holds, and each of its values is somewhere on the line (its cells differ).
            let span = if len >= 64 { u64::MAX } else { (1u64 << len) - 1 };
            let windows: Vec<u64> = (0..=n.saturating_sub(len)).map(|lo| span << lo).collect();
            one_set_of(&windows, &c.cells, n, next, &lit, &mut add, sink)?;
        }
        Relation::Sum { combinations: Some(table), .. } => {
            // Cells that differ (a cage; a derived sum of cells that see each other): unit
            // propagation then does what `fast`'s table filter does, which the automaton (it
            // does not know the cells differ) cannot.
            one_set_of(table, &c.cells, n, next, &lit, &mut add, sink)?;
        }
        Relation::Sum { .. } | Relation::SignedSum { .. } => {
            // A sum of the values, or of n + 1 − value for the negated cells of a signed
            // sum (innies minus outies): their literals read backwards.
            let (total, negated) = match c.relation {
                Relation::SignedSum { difference, negated } => {
                    (i64::from(difference) + (n as i64 + 1) * i64::from(negated.count_ones()), negated)
                }
                Relation::Sum { sum, .. } => (i64::from(sum), 0),
                _ => unreachable!("a sum"),
            };
            if total < 0 {
                add(&[], &[], sink)?;
                return Ok(());
            }
            let sum = total as usize;
            let cells = &c.cells;
            let flip = |i: usize, v: usize| if negated >> i & 1 == 1 { n - 1 - v } else { v };
            automaton(
                cells.len(),
                sum + 1,
                &[true],
                n,
                &mut *next,
                sink,
                &mut add,
                &|i, v| lit(cells[i], flip(i, v)),
                &|i, s, v| {
                    let t = s + v + 1;
                    let last = i + 1 == cells.len();
                    (t <= sum && (!last || t == sum)).then_some(t)
                },
            )?;
        }
        Relation::Arrow => {
            // The line, then the circle: the state is the line's partial sum.
            let order: Vec<Cell> = c.cells[1..].iter().copied().chain([c.cells[0]]).collect();
            let k = order.len();
            automaton(k, n + 1, &[true], n, &mut *next, sink, &mut add, &|i, v| lit(order[i], v), &|i, s, v| {
                if i + 1 == k {
                    (v + 1 == s).then_some(s)
                } else {
                    let t = s + v + 1;
                    (t <= n).then_some(t)
                }
            })?;
        }
        &Relation::Sandwich { sum } => {
            // States: 0 before the first crust, 1 after the second, 2 + s inside after a 1,
            // 2 + (sum + 1) + s inside after an n.
            let s_max = sum as usize;
            let states = 2 + 2 * (s_max + 1);
            let cells = &c.cells;
            let k = cells.len();
            automaton(k, states, &[true], n, &mut *next, sink, &mut add, &|i, v| lit(cells[i], v), &|i, q, v| {
                let (one, big) = (v == 0, v + 1 == n);
                let next = match q {
                    0 if one => Some(2),
                    0 if big => Some(2 + s_max + 1),
                    0 => Some(0),
                    1 if one || big => None,
                    1 => Some(1),
                    q => {
                        let after_one = q < 2 + s_max + 1;
                        let s = if after_one { q - 2 } else { q - 2 - (s_max + 1) };
                        if (after_one && big) || (!after_one && one) {
                            (s == s_max).then_some(1)
                        } else if one || big {
                            None
                        } else {
                            let t = s + v + 1;
                            (t <= s_max).then_some(if after_one { 2 + t } else { 2 + s_max + 1 + t })
                        }
                    }
                };
                let last = i + 1 == k;
                next.filter(|&q| !last || q == 1)
            })?;
        }
        Relation::Automaton(a) => {
            let cells = &c.cells;
            let k = cells.len();
            let live = a.live_states(k);
            automaton(
                k,
                a.states(),
                &live[0][..a.starts()],
                n,
                &mut *next,
                sink,
                &mut add,
                &|i, v| lit(cells[i], v),
                &|i, q, v| a.next(q, v as u32 + 1).filter(|&t| live[i + 1][t]),
            )?;
        }
        Relation::NonDecreasing => {
            for w in c.cells.windows(2) {
                for x in 0..n {
                    for y in 0..x {
                        add(&[lit(w[0], x), lit(w[1], y)], &[], sink)?;
                    }
                }
            }
        }
        Relation::Between | Relation::Lockout { .. } => {
            let k = c.cells.len();
            let (a, b) = (c.cells[0], c.cells[k - 1]);
            let lockout = match c.relation {
                Relation::Lockout { difference } => Some(difference as usize),
                _ => None,
            };
            if lockout.is_none() && k == 2 {
                return Ok(());
            }
            // s: the first end holds the smaller value.
            *next += 1;
            let s = Lit::Var(*next);
            let gap = lockout.unwrap_or(1);
            for x in 0..n {
                for y in 0..n {
                    if y < x + gap {
                        add(&[s, lit(a, x), lit(b, y)], &[], sink)?;
                    }
                    if x < y + gap {
                        add(&[lit(a, x), lit(b, y)], &[s], sink)?;
                    }
                }
            }
            let below = |cell: Cell, z: usize| -> Vec<Lit> { (0..z).map(|v| lit(cell, v)).collect() };
            let above = |cell: Cell, z: usize| -> Vec<Lit> { (z + 1..n).map(|v| lit(cell, v)).collect() };
            for &m in &c.cells[1..k - 1] {
                for z in 0..n {
                    let here = lit(m, z);
                    if lockout.is_none() {
                        // Strictly between: a < z < b with s, b < z < a without.
                        add(&[s, here], &below(a, z), sink)?;
                        add(&[s, here], &above(b, z), sink)?;
                        add(&[here], &[&[s][..], &below(b, z)].concat(), sink)?;
                        add(&[here], &[&[s][..], &above(a, z)].concat(), sink)?;
                    } else {
                        // Outside: z < a or z > b with s, z < b or z > a without.
                        add(&[s, here], &[above(a, z), below(b, z)].concat(), sink)?;
                        add(&[here], &[vec![s], above(b, z), below(a, z)].concat(), sink)?;
                    }
                }
            }
        }
        Relation::Zipper => {
            let cells = &c.cells;
            let k = cells.len();
            // totals[t]: the literal of "the pair totals are t + 2" (t: the sum of two value
            // indices from 0, 0..=2n − 2).
            let totals: Vec<Lit> = if k % 2 == 1 {
                // The middle cell is a total of two values: never 1.
                add(&[lit(cells[k / 2], 0)], &[], sink)?;
                (0..2 * n - 1).map(|t| if t + 1 < n { lit(cells[k / 2], t + 1) } else { Lit::False }).collect()
            } else {
                let first = *next + 1;
                *next += 2 * n as i32 - 1;
                let t: Vec<Lit> = (0..2 * n - 1).map(|t| Lit::Var(first + t as i32)).collect();
                add(&[], &t, sink)?;
                for i in 0..t.len() {
                    for j in i + 1..t.len() {
                        add(&[t[i], t[j]], &[], sink)?;
                    }
                }
                t
            };
            for p in 0..k / 2 {
                let (a, b) = (cells[p], cells[k - 1 - p]);
                for x in 0..n {
                    for (t, &tl) in totals.iter().enumerate() {
                        if tl == Lit::False {
                            continue;
                        }
                        if t >= x && t - x < n {
                            add(&[lit(a, x), tl], &[lit(b, t - x)], sink)?;
                        } else {
                            add(&[lit(a, x), tl], &[], sink)?;
                        }
                    }
                }
            }
        }
        Relation::SegmentSums { ends } => {
            let cells = &c.cells;
            let segments: Vec<&[Cell]> = ends
                .iter()
                .scan(0, |start, &end| {
                    let seg = &cells[*start..end];
                    *start = end;
                    Some(seg)
                })
                .collect();
            if segments.len() < 2 {
                return Ok(());
            }
            let lo = segments.iter().map(|s| s.len()).max().unwrap_or(0);
            let hi = segments.iter().map(|s| s.len() * n).min().unwrap_or(0);
            if lo > hi {
                add(&[], &[], sink)?;
                return Ok(());
            }
            // One variable per common total lo..=hi, exactly one true.
            let first = *next + 1;
            *next += (hi - lo + 1) as i32;
            let total = |t: usize| if (lo..=hi).contains(&t) { Lit::Var(first + (t - lo) as i32) } else { Lit::False };
            let all: Vec<Lit> = (lo..=hi).map(total).collect();
            add(&[], &all, sink)?;
            for i in 0..all.len() {
                for j in i + 1..all.len() {
                    add(&[all[i], all[j]], &[], sink)?;
                }
            }
            // Each segment read as its partial sums, then its total read off the total's variables.
            for seg in segments {
                let len = seg.len();
                automaton(
                    len + 1,
                    hi + 1,
                    &[true],
                    hi + 1,
                    &mut *next,
                    sink,
                    &mut add,
                    &|i, v| {
                        if i == len {
                            total(v)
                        } else if v < n {
                            lit(seg[i], v)
                        } else {
                            Lit::False
                        }
                    },
                    &|i, s, v| {
                        if i == len {
                            (v == s).then_some(s)
                        } else {
                            let t = s + v + 1;
                            (t <= hi).then_some(t)
                        }
                    },
                )?;
            }
        }
        Relation::Or(alternatives) => {
            // A selector per branch, one of them true; each branch's clauses hold when its
            // selector does (each clause gets the selector's negation), and so do its groups:
            // no value twice in their cells.
            let first = *next + 1;
            *next += alternatives.branches.len() as i32;
            let selectors: Vec<Lit> = (0..alternatives.branches.len()).map(|b| Lit::Var(first + b as i32)).collect();
            add(&[], &selectors, sink)?;
            for (branch, &s) in alternatives.branches.iter().zip(&selectors) {
                let mut guarded = |forbid: &[Lit], or: &[Lit], sink: &mut dyn FnMut(&[i32])| {
                    let with: Vec<Lit> = forbid.iter().copied().chain([s]).collect();
                    add(&with, or, sink)
                };
                for (part, _) in &branch.parts {
                    encode_one(part, n, lit, &mut guarded, sink, next)?;
                }
                for group in &branch.distinct {
                    for (i, &a) in group.iter().enumerate() {
                        for &b in &group[i + 1..] {
                            for v in 0..n {
                                guarded(&[lit(c.cells[a], v), lit(c.cells[b], v)], &[], sink)?;
                            }
                        }
                    }
                }
            }
        }
        Relation::FullRank(rule) => full_rank(rule, n, lit, &mut add, sink, next)?,
        Relation::CountingCircles(_) => {
            // Per value v (v + 1 from 1): "some circle holds it" p, implied by each circle
            // holding it and implying one of them; a sequential counter of the circles holding
            // it, at least v + 1 of them when p, never v + 2. Values above the number of circles
            // are in none.
            let k = c.cells.len();
            for v in 0..n {
                let xs: Vec<Lit> = c.cells.iter().map(|&cell| lit(cell, v)).collect();
                if v + 1 > k {
                    for &x in &xs {
                        add(&[x], &[], sink)?;
                    }
                    continue;
                }
                *next += 1;
                let p = Lit::Var(*next);
                for &x in &xs {
                    add(&[x], &[p], sink)?;
                }
                add(&[p], &xs, sink)?;
                let at_least = counter(&xs, v + 1, next, add, sink)?;
                add(&[p], &[at_least[v + 1]], sink)?;
                add(&[at_least[v + 2]], &[], sink)?;
            }
        }
        _ => unreachable!("every relation is encoded above"),
    }
    Ok(())
}

/// Full rank. Each clue E of rank r: its first cell holds v = ⌈r/4⌉, and of the other 4n − 1
/// numbers exactly (r − 1) mod 4 start with v and are lower (a sequential counter over one
/// variable each); unless ties are allowed, none starting with v equals it. "F starts with v
/// and is lower" is defined exactly: e_j, "F equals E up to cell j" (e_0: F starts with v), and
/// at the first cell where they differ, F's value below E's (read through "E's cell holds at
/// least b" variables). Without ties at all, every two numbers differ: for each pair, "equal up
/// to cell j" forced by equal values and refused at the last cell. About 4n² clauses per clue
/// and other number (about 11,000 a clue on 9×9, counted from the loops below); without ties,
/// n² more per pair of numbers (8n⁴ in all).
fn full_rank(
    rule: &coverlab_model::constraint::FullRank,
    n: usize,
    lit: &dyn Fn(Cell, usize) -> Lit,
    add: &mut AddClause<'_>,
    sink: &mut dyn FnMut(&[i32]),
    next: &mut i32,
) -> Result<(), ConflictCause> {
    let fresh = |next: &mut i32| {
        *next += 1;
        Lit::Var(*next)
    };
    let entries = rule.entries();
    // "cell holds value b or more" (b from 0): true for 0, false past n − 1.
    let mut at_least: std::collections::BTreeMap<Cell, Vec<Lit>> = std::collections::BTreeMap::new();
    for &(e, rank) in rule.clues() {
        let entry = &entries[e];
        let v = (rank as usize - 1) / 4;
        let below = (rank as usize - 1) % 4;
        add(&[], &[lit(entry[0], v)], sink)?;
        for &c in &entry[1..] {
            if at_least.contains_key(&c) {
                continue;
            }
            let mut ge = vec![Lit::True; n + 1];
            ge[n] = Lit::False;
            for b in (1..n).rev() {
                ge[b] = fresh(next);
                add(&[lit(c, b)], &[ge[b]], sink)?;
                add(&[ge[b + 1]], &[ge[b]], sink)?;
                add(&[ge[b]], &[lit(c, b), ge[b + 1]], sink)?;
            }
            at_least.insert(c, ge);
        }
        let mut lower: Vec<Lit> = Vec::with_capacity(entries.len());
        for (f, cells) in entries.iter().enumerate() {
            if f == e {
                continue;
            }
            let group = lit(cells[0], v);
            let lt = fresh(next);
            add(&[lt], &[group], sink)?;
            let mut prefix = group;
            for j in 1..n {
                let (a, b) = (cells[j], entry[j]);
                let ge = &at_least[&b];
                for x in 0..n {
                    // First difference here: F's value x below E's makes F lower; above, not.
                    add(&[prefix, lit(a, x), ge[x + 1]], &[lt], sink)?;
                    add(&[prefix, lit(a, x), lt], &[ge[x]], sink)?;
                }
                let eq = fresh(next);
                add(&[eq], &[prefix], sink)?;
                for x in 0..n {
                    add(&[prefix, lit(a, x), lit(b, x)], &[eq], sink)?;
                    add(&[eq, lit(a, x)], &[lit(b, x)], sink)?;
                }
                prefix = eq;
            }
            // Equal throughout: not lower, and refused unless ties are allowed.
            add(&[prefix, lt], &[], sink)?;
            if rule.ties() != coverlab_model::Ties::Any {
                add(&[prefix], &[], sink)?;
            }
            lower.push(lt);
        }
        exactly(&lower, below, next, add, sink)?;
    }
    if rule.ties() == coverlab_model::Ties::Never {
        for (i, a) in entries.iter().enumerate() {
            for b in &entries[i + 1..] {
                let mut prefix = Lit::True;
                for j in 0..n {
                    let eq = fresh(next);
                    for x in 0..n {
                        add(&[prefix, lit(a[j], x), lit(b[j], x)], &[eq], sink)?;
                    }
                    prefix = eq;
                }
                add(&[prefix], &[], sink)?;
            }
        }
    }
    Ok(())
}

/// Exactly `k` of `lits` hold: a sequential counter, s(i, c) "at least c of the first i",
/// defined both ways, for c up to k + 1.
fn exactly(
    lits: &[Lit],
    k: usize,
    next: &mut i32,
    add: &mut AddClause<'_>,
    sink: &mut dyn FnMut(&[i32]),
) -> Result<(), ConflictCause> {
    let prev = counter(lits, k, next, add, sink)?;
    if k > 0 {
        add(&[], &[prev[k]], sink)?;
    }
    add(&[prev[k + 1]], &[], sink)
}

/// A sequential counter over `lits`: the literals "at least c of them hold", for c from 0 to
/// k + 1, each defined both ways (s(i, c) from s(i − 1, c), s(i − 1, c − 1) and the i-th).
fn counter(
    lits: &[Lit],
    k: usize,
    next: &mut i32,
    add: &mut AddClause<'_>,
    sink: &mut dyn FnMut(&[i32]),
) -> Result<Vec<Lit>, ConflictCause> {
    // prev[c]: at least c of the literals so far (prev[0] true).
    let mut prev = vec![Lit::False; k + 2];
    prev[0] = Lit::True;
    for &x in lits {
        let mut here = vec![Lit::False; k + 2];
        here[0] = Lit::True;
        for c in 1..=k + 1 {
            *next += 1;
            let s = Lit::Var(*next);
            add(&[prev[c]], &[s], sink)?;
            add(&[prev[c - 1], x], &[s], sink)?;
            add(&[s], &[prev[c], prev[c - 1]], sink)?;
            add(&[s], &[prev[c], x], sink)?;
            here[c] = s;
        }
        prev = here;
    }
    Ok(prev)
}

/// Adds "not all of these, or one of those" through a clause sink (constants folded).
type AddClause<'a> = dyn FnMut(&[Lit], &[Lit], &mut dyn FnMut(&[i32])) -> Result<(), ConflictCause> + 'a;

/// Encodes an automaton over `k` cells with `states` states, from its starts (states 0 to
/// `starts.len()` − 1, those marked true live): `delta(i, q, v)` is the state after cell `i`
/// holds value `v` (from 0) in state `q`, `None` when that is refused (at the last cell, only
/// accepted states may be returned). One variable per reachable (position, state) after the
/// first cell; one start is a constant, several are a variable each, one of which holds.
#[allow(clippy::too_many_arguments, reason = "the automaton's parts, passed as they are")]
fn automaton(
    k: usize,
    states: usize,
    starts: &[bool],
    n: usize,
    next: &mut i32,
    sink: &mut dyn FnMut(&[i32]),
    add: &mut AddClause<'_>,
    lit: &dyn Fn(usize, usize) -> Lit,
    delta: &dyn Fn(usize, usize, usize) -> Option<usize>,
) -> Result<(), ConflictCause> {
    // The literal of each state at the current position (Lit::False: unreachable).
    let mut here = vec![Lit::False; states];
    if starts.len() == 1 {
        here[0] = Lit::True;
    } else {
        for (q, _) in starts.iter().enumerate().filter(|(_, live)| **live) {
            *next += 1;
            here[q] = Lit::Var(*next);
        }
        let any: Vec<Lit> = here[..starts.len()].iter().copied().filter(|&l| l != Lit::False).collect();
        add(&[], &any, sink)?;
    }
    let mut there = vec![Lit::False; states];
    for i in 0..k {
        there.fill(Lit::False);
        let last = i + 1 == k;
        for (q, &from) in here.iter().enumerate() {
            if from == Lit::False {
                continue;
            }
            for v in 0..n {
                let x = lit(i, v);
                if x == Lit::False {
                    continue;
                }
                match delta(i, q, v) {
                    None => add(&[from, x], &[], sink)?,
                    Some(_) if last => {}
                    Some(t) => {
                        if there[t] == Lit::False {
                            *next += 1;
                            there[t] = Lit::Var(*next);
                        }
                        add(&[from, x], &[there[t]], sink)?;
                    }
                }
            }
        }
        std::mem::swap(&mut here, &mut there);
    }
    Ok(())
}

/// Cells that differ and hold one of `sets` (bit v for value v + 1): one new variable per set;
/// one of them holds, and a chosen set's values are the only ones its cells take and each of
/// them is somewhere in its cells.
fn one_set_of(
    sets: &[u64],
    cells: &[Cell],
    n: usize,
    next: &mut i32,
    lit: &impl Fn(Cell, usize) -> Lit,
    add: &mut impl FnMut(&[Lit], &[Lit], &mut dyn FnMut(&[i32])) -> Result<(), ConflictCause>,
    sink: &mut dyn FnMut(&[i32]),
) -> Result<(), ConflictCause> {
    let first = *next + 1;
    let mut any: Vec<Lit> = Vec::with_capacity(sets.len());
    let mut holders: Vec<Lit> = Vec::with_capacity(cells.len());
    for (j, &set) in sets.iter().enumerate() {
        let y = Lit::Var(first + j as i32);
        any.push(y);
        for v in 0..n {
            if set >> v & 1 == 0 {
                for &cell in cells {
                    add(&[y, lit(cell, v)], &[], sink)?;
                }
            } else {
                holders.clear();
                holders.extend(cells.iter().map(|&cell| lit(cell, v)));
                add(&[y], &holders, sink)?;
            }
        }
    }
    *next += sets.len() as i32;
    add(&[], &any, sink)
}
