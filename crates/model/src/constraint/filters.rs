//! The domain filters of the relations that are not sums: pair tables (dots, whispers, XV),
//! increasing lines (thermometers), cages by their value combinations, arrows, consecutive
//! windows (renban), sandwiches, and the between, lockout, zipper, region-sum and slow
//! thermometer lines.

use super::masks::*;
use super::sums::*;

/// Which value pairs two cells may hold: `forward[a]` is the mask of values the second cell may
/// hold when the first holds `a + 1`; `backward[b]` the reverse.
#[derive(Debug, PartialEq, Eq)]
pub struct PairTable {
    forward: Vec<u64>,
    backward: Vec<u64>,
}

impl PairTable {
    /// The table of `allowed(a, b)` over values 1..=n.
    pub fn new(n: usize, allowed: impl Fn(u32, u32) -> bool) -> PairTable {
        let mut forward = vec![0u64; n];
        let mut backward = vec![0u64; n];
        for a in 1..=n as u32 {
            for b in 1..=n as u32 {
                if allowed(a, b) {
                    forward[a as usize - 1] |= 1 << (b - 1);
                    backward[b as usize - 1] |= 1 << (a - 1);
                }
            }
        }
        PairTable { forward, backward }
    }

    /// True when the pair `(a, b)` is allowed (values from 1).
    pub fn allows(&self, a: u32, b: u32) -> bool {
        self.forward[a as usize - 1] >> (b - 1) & 1 == 1
    }
}

pub(super) fn pair(table: &PairTable, d: &mut [u64]) -> Result<(), usize> {
    let mut support = 0u64;
    let mut a = d[0];
    while a != 0 {
        support |= table.forward[a.trailing_zeros() as usize];
        a &= a - 1;
    }
    d[1] &= support;
    if d[1] == 0 {
        return Err(1);
    }
    let mut support = 0u64;
    let mut b = d[1];
    while b != 0 {
        support |= table.backward[b.trailing_zeros() as usize];
        b &= b - 1;
    }
    d[0] &= support;
    if d[0] == 0 { Err(0) } else { Ok(()) }
}

/// Bounds passes both ways: exact for a chain of `<`.
pub(super) fn increasing(d: &mut [u64]) -> Result<(), usize> {
    let mut floor = 0u32;
    for (i, m) in d.iter_mut().enumerate() {
        *m &= above(floor);
        if *m == 0 {
            return Err(i);
        }
        floor = lowest(*m);
    }
    let mut ceiling = 65u32;
    for (i, m) in d.iter_mut().enumerate().rev() {
        *m &= below(ceiling);
        if *m == 0 {
            return Err(i);
        }
        ceiling = highest(*m);
    }
    Ok(())
}

/// A cage with its table of value sets: a set is feasible when it uses only values some cell
/// still has and every cell has one of its values. Each cell keeps the values of feasible sets;
/// a value every feasible set needs, left in one cell, is placed there. Returns the values every
/// feasible set holds (what [`Constraint::required`] gives after the filter).
pub(super) fn cage(table: &[u64], d: &mut [u64], live: &mut u64, must: u64) -> Result<u64, usize> {
    // Scratch sized to the cage: most cages have a handful of cells.
    match d.len() {
        0..=8 => cage_sized::<8>(table, d, live, must),
        9..=16 => cage_sized::<16>(table, d, live, must),
        _ => cage_sized::<64>(table, d, live, must),
    }
}

pub(super) fn cage_sized<const N: usize>(
    table: &[u64],
    d: &mut [u64],
    live: &mut u64,
    must: u64,
) -> Result<u64, usize> {
    let k = d.len();
    let union = d.iter().fold(0, |u, &m| u | m);
    let mut new = [0u64; N];
    let mut required = u64::MAX;
    let mut any = false;
    // Every value of a set is some cell's (a set has as many values as the cage has cells).
    let fits = |set: u64| set & !union == 0 && set & must == must && matches_all(d, set);
    let tracked = table.len().min(64);
    let mut sets = *live & if tracked == 64 { u64::MAX } else { (1 << tracked) - 1 };
    let mut keep = |set: u64, new: &mut [u64; N]| {
        any = true;
        required &= set;
        for (n, &m) in new.iter_mut().zip(d.iter()) {
            *n |= m & set;
        }
    };
    while sets != 0 {
        let i = sets.trailing_zeros();
        sets &= sets - 1;
        let set = table[i as usize];
        if fits(set) {
            keep(set, &mut new);
        } else {
            *live &= !(1 << i);
        }
    }
    for &set in &table[tracked..] {
        if fits(set) {
            keep(set, &mut new);
        }
    }
    if !any {
        return Err(0);
    }
    let mut r = required;
    while r != 0 {
        let b = r & r.wrapping_neg();
        r ^= b;
        let mut holder = usize::MAX;
        for (i, &m) in new[..k].iter().enumerate() {
            if m & b != 0 {
                if holder != usize::MAX {
                    holder = usize::MAX - 1;
                    break;
                }
                holder = i;
            }
        }
        match holder {
            usize::MAX => return Err(0),
            h if h < k => new[h] = b,
            _ => {}
        }
    }
    narrow_to(d, &new[..k], true).map(|()| required)
}

/// True when each cell can take a different value of `set` (a perfect matching of the cells
/// into the set): a greedy pass in the cells' order, which succeeds on most sets, then Kuhn's
/// augmenting paths on bitmasks from what the greedy pass matched.
#[doc(hidden)]
pub fn matches_all(d: &[u64], set: u64) -> bool {
    // Up to three cells: Hall's condition on every subset, without a branch per value.
    match *d {
        [a] => return a & set != 0,
        [a, b] => {
            let (a, b) = (a & set, b & set);
            return a != 0 && b != 0 && (a | b).count_ones() >= 2;
        }
        [a, b, c] => {
            let (a, b, c) = (a & set, b & set, c & set);
            return a != 0
                && b != 0
                && c != 0
                && (a | b).count_ones() >= 2
                && (a | c).count_ones() >= 2
                && (b | c).count_ones() >= 2
                && (a | b | c).count_ones() >= 3;
        }
        _ => {}
    }
    const FREE: u8 = u8::MAX;
    let mut owner = [FREE; 64];
    let mut used = 0u64;
    // Cells the greedy pass left unmatched, one bit each (cages have at most 64 cells).
    let mut left = 0u64;
    for (i, &m) in d.iter().enumerate() {
        let free = m & set & !used;
        if free == 0 {
            left |= 1 << i;
        } else {
            let v = free.trailing_zeros() as usize;
            used |= 1 << v;
            owner[v] = i as u8;
        }
    }
    fn augment(i: usize, d: &[u64], set: u64, seen: &mut u64, owner: &mut [u8; 64]) -> bool {
        let mut m = d[i] & set & !*seen;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            *seen |= 1 << v;
            if owner[v] == FREE || augment(usize::from(owner[v]), d, set, seen, owner) {
                owner[v] = i as u8;
                return true;
            }
        }
        false
    }
    while left != 0 {
        let i = left.trailing_zeros() as usize;
        left &= left - 1;
        let mut seen = 0u64;
        if !augment(i, d, set, &mut seen, &mut owner) {
            return false;
        }
    }
    true
}

/// Sets each domain to its supported values `new`; `Err` when nothing was supported (`any` is
/// false: position 0) or a cell has no value left (its position).
pub(super) fn narrow_to(d: &mut [u64], new: &[u64], any: bool) -> Result<(), usize> {
    if !any {
        return Err(0);
    }
    for (i, (m, &x)) in d.iter_mut().zip(new).enumerate() {
        *m = x;
        if x == 0 {
            return Err(i);
        }
    }
    Ok(())
}

/// The circle (cell 0) is the total of the line: the line's sum filtered against the circle's
/// values, the circle against the line's reachable totals.
pub(super) fn arrow(d: &mut [u64]) -> Result<(), usize> {
    let (circle, line) = d.split_first_mut().expect("an arrow has a circle");
    // Reachable totals of the line, for the circle.
    let mut reach = 1u128;
    for &m in line.iter() {
        let mut next = 0u128;
        let mut x = m;
        while x != 0 {
            next |= reach << (x.trailing_zeros() + 1);
            x &= x - 1;
        }
        reach = next;
    }
    *circle &= (reach >> 1) as u64;
    if *circle == 0 {
        return Err(0);
    }
    sum_filter(line, Targets::Values(*circle)).map_err(|i| i + 1)
}

/// Renban: the values fill a window of k consecutive values. A window is feasible when every
/// cell has a value in it and every value of it is some cell's candidate.
pub(super) fn consecutive(n: usize, d: &mut [u64]) -> Result<(), usize> {
    let k = d.len();
    if k > n {
        return Err(0);
    }
    let mut new = [0u64; 64];
    let mut any = false;
    let span = full(k);
    let mut one = [0u64; 64];
    for lo in 0..=(n - k) {
        let w = span << lo;
        let mut union = 0;
        if d.iter().any(|&m| m & w == 0) {
            continue;
        }
        for &m in d.iter() {
            union |= m & w;
        }
        if union != w {
            continue;
        }
        if k > RENBAN_EXACT_MAX {
            any = true;
            for (x, &m) in new.iter_mut().zip(d.iter()) {
                *x |= m & w;
            }
            continue;
        }
        // k cells and the k values of the window: a one-to-one match. A value stays in a cell
        // when some perfect matching gives it that value (Hall's condition for sets of cells,
        // which the union check above only tests for all of them at once): exact for the window.
        if !matches_all(d, w) {
            continue;
        }
        any = true;
        // Cells that can take every value of the window take each in some matching: the others
        // can be matched around it (each of them can too). Only the narrower cells are checked.
        if d.iter().all(|&m| m & w == w) {
            for x in new.iter_mut().take(k) {
                *x |= w;
            }
            continue;
        }
        let one = &mut one[..k];
        one.copy_from_slice(d);
        for c in 0..k {
            let mut left = d[c] & w & !new[c];
            while left != 0 {
                let v = left & left.wrapping_neg();
                left &= left - 1;
                one[c] = v;
                if matches_all(one, w) {
                    new[c] |= v;
                }
            }
            one[c] = d[c];
        }
    }
    narrow_to(d, &new[..k], any)
}

/// The longest renban line filtered exactly (each window's values matched one to one with the
/// cells); a longer one keeps only the values some window holds.
const RENBAN_EXACT_MAX: usize = 16;

/// The largest grid on which a sandwich is filtered by its placements of 1 and n (n² pairs of
/// places, each with a partial-sum program); above it only a decided line is checked.
pub(super) const SANDWICH_FILTER_MAX: usize = 25;

/// A sandwich: for each pair of places the 1 and the n may take, the cells between must reach
/// the sum with values other than 1 and n, and the cells outside must hold such values too.
pub(super) fn sandwich(n: usize, sum: u32, d: &mut [u64]) -> Result<(), usize> {
    let k = d.len();
    let (one, big) = (bit(1), bit(n as u32));
    let mid = full(n) & !one & !big;
    let decided = d.iter().all(|m| m.count_ones() == 1);
    if !decided && (n > SANDWICH_FILTER_MAX || sum >= 128) {
        return Ok(());
    }
    let mut new = [0u64; 64];
    let mut any = false;
    let mut between = [0u64; 64];
    for p in 0..k {
        for q in p + 1..k {
            for (a, b) in [(one, big), (big, one)] {
                if d[p] & a == 0 || d[q] & b == 0 {
                    continue;
                }
                if d[..p].iter().chain(&d[q + 1..]).any(|&m| m & mid == 0) {
                    continue;
                }
                let inner = &mut between[..q - p - 1];
                for (x, &m) in inner.iter_mut().zip(&d[p + 1..q]) {
                    *x = m & mid;
                }
                if inner.contains(&0) {
                    continue;
                }
                if inner.is_empty() {
                    if sum != 0 {
                        continue;
                    }
                } else if sum_filter(inner, Targets::Exactly(sum)).is_err() {
                    continue;
                }
                any = true;
                new[p] |= a;
                new[q] |= b;
                for (x, &m) in new[p + 1..q].iter_mut().zip(inner.iter()) {
                    *x |= m;
                }
                for i in (0..p).chain(q + 1..k) {
                    new[i] |= d[i] & mid;
                }
            }
        }
    }
    narrow_to(d, &new[..k], any)
}

/// Bounds passes both ways: exact for a chain of `≤` (a slow thermometer).
pub(super) fn non_decreasing(d: &mut [u64]) -> Result<(), usize> {
    let mut floor = 1u32;
    for (i, m) in d.iter_mut().enumerate() {
        *m &= above(floor - 1);
        if *m == 0 {
            return Err(i);
        }
        floor = lowest(*m);
    }
    let mut ceiling = 64u32;
    for (i, m) in d.iter_mut().enumerate().rev() {
        *m &= below(ceiling + 1);
        if *m == 0 {
            return Err(i);
        }
        ceiling = highest(*m);
    }
    Ok(())
}

/// A between line (`lockout` none) or a lockout line (`lockout` the least difference of the
/// ends): for each pair of end values, the values the middle cells may take (strictly between
/// them; or outside them, the ends' values excluded); a pair stands when every middle cell has
/// one. Exact: given the ends, the middle cells are independent.
pub(super) fn ends(n: usize, lockout: Option<u32>, d: &mut [u64]) -> Result<(), usize> {
    let k = d.len();
    let last = k - 1;
    let mut new = vec![0u64; k];
    let mut any = false;
    let mut a = d[0];
    while a != 0 {
        let x = lowest(a);
        a &= a - 1;
        let mut b = d[last];
        while b != 0 {
            let y = lowest(b);
            b &= b - 1;
            let (lo, hi) = (x.min(y), x.max(y));
            let allowed = match lockout {
                None => above(lo) & below(hi),
                Some(g) if hi - lo >= g => (below(lo) | above(hi)) & full(n),
                Some(_) => continue,
            };
            if d[1..last].iter().any(|&m| m & allowed == 0) {
                continue;
            }
            any = true;
            new[0] |= bit(x);
            new[last] |= bit(y);
            for (x, &m) in new[1..last].iter_mut().zip(&d[1..last]) {
                *x |= m & allowed;
            }
        }
    }
    narrow_to(d, &new, any)
}

/// A zipper line: for each total (the middle cell's values on a line of odd length; any of
/// 2..=2n on one of even length), each mirror pair keeps the values that some value of its
/// partner completes to it; a total stands when every pair keeps some. Exact: given the total,
/// the pairs are independent.
pub(super) fn zipper(n: usize, d: &mut [u64]) -> Result<(), usize> {
    let k = d.len();
    let pairs = k / 2;
    let middle = (k % 2 == 1).then_some(k / 2);
    let mut new = vec![0u64; k];
    let mut any = false;
    let mut keep = vec![0u64; k];
    let total_allowed = |t: u32| middle.is_none_or(|c| t <= n as u32 && d[c] & bit(t) != 0);
    for t in (2..=2 * n as u32).filter(|&t| total_allowed(t)) {
        let mut ok = true;
        for p in 0..pairs {
            let q = k - 1 - p;
            let (mut sp, mut sq) = (0u64, 0u64);
            let mut m = d[p];
            while m != 0 {
                let x = lowest(m);
                m &= m - 1;
                if t > x && t - x <= n as u32 && d[q] & bit(t - x) != 0 {
                    sp |= bit(x);
                    sq |= bit(t - x);
                }
            }
            if sp == 0 {
                ok = false;
                break;
            }
            (keep[p], keep[q]) = (sp, sq);
        }
        if !ok {
            continue;
        }
        any = true;
        for p in 0..pairs {
            new[p] |= keep[p];
            new[k - 1 - p] |= keep[k - 1 - p];
        }
        if let Some(c) = middle {
            new[c] |= bit(t);
        }
    }
    narrow_to(d, &new, any)
}

/// A region-sum line: for each total every segment can reach, each segment filtered to add up
/// to it (partial sums under 128, bounds above); the values kept for some total stay.
pub(super) fn segment_sums(ends: &[usize], d: &mut [u64]) -> Result<(), usize> {
    if ends.len() < 2 {
        return Ok(());
    }
    // The totals every segment can reach by its bounds.
    let (mut lo, mut hi) = (0u32, u32::MAX);
    let mut start = 0;
    for &end in ends {
        let seg = &d[start..end];
        lo = lo.max(seg.iter().map(|&m| lowest(m)).sum());
        hi = hi.min(seg.iter().map(|&m| highest(m)).sum());
        start = end;
    }
    let mut new = vec![0u64; d.len()];
    let mut any = false;
    let mut scratch = vec![0u64; d.len()];
    for t in lo..=hi {
        scratch.copy_from_slice(d);
        let mut start = 0;
        let mut ok = true;
        for &end in ends {
            if sum_filter(&mut scratch[start..end], Targets::Exactly(t)).is_err() {
                ok = false;
                break;
            }
            start = end;
        }
        if ok {
            any = true;
            for (x, &m) in new.iter_mut().zip(&scratch) {
                *x |= m;
            }
        }
    }
    narrow_to(d, &new, any)
}
