//! Counting circles (ISS's `CountingCircles`): the value in each circle is the number of the
//! rule's circles holding that value.
//!
//! So a value v is either in none of the circles or in exactly v of them, and the values that
//! are there, each once, add up to the number of circles k. The filter, repeated to its
//! fixpoint, reasons on those two facts:
//!
//! - per value v: `fixed` circles hold it for sure, `may` circles still can, and at most
//!   `room` of them can hold it together: `may`, and for each kind of house (rows, columns,
//!   boxes, …) the number of houses of that kind among the circles that may hold it (two
//!   circles of one house never hold one value; a circle in no house of the kind counts alone).
//!   The value is possible only when `fixed <= v <= room`, and present for sure when some circle
//!   holds it;
//! - the sets S of values that may be there: the present ones and some possible ones, adding up
//!   to k (a reachability table of partial sums, forwards and backwards over the values). A value
//!   in no such set leaves every circle; a value in every one of them is present, and when its
//!   `room` is exactly v, each house (or lone circle) counted holds it once: where one circle
//!   of them may, that circle does;
//! - a value held by v circles already leaves the others.
//!
//! Sound (each step removes only values no assignment satisfying the rule uses) and exact on a
//! full assignment: there every value's `fixed` and `may` are its count, so a value held by a
//! number of circles other than itself is impossible and present, which fails.

use super::masks::{bit, lowest};

/// A set of counting circles: which of them share a house, per kind of house.
#[derive(Debug, PartialEq, Eq)]
pub struct Circles {
    /// For each kind of house, a label per circle (by position): circles with one label are in
    /// one house of that kind, so at most one of them holds a value.
    partitions: Vec<Vec<usize>>,
}

impl Circles {
    /// The circles of a rule, given for each kind of house the house of each circle (by
    /// position; `None`: in no house of that kind).
    pub fn new(houses: Vec<Vec<Option<usize>>>) -> Circles {
        let partitions = houses
            .into_iter()
            .map(|of| {
                // Lone circles get labels past every house's.
                let lone = of.iter().flatten().max().map_or(0, |m| m + 1);
                of.iter().enumerate().map(|(i, h)| h.unwrap_or(lone + i)).collect()
            })
            .collect();
        Circles { partitions }
    }
}

/// Filters the circles' domains (see the module documentation). `Err(i)`: no assignment
/// fits, and the i-th circle lost every value (or holds a value that cannot be there).
pub(super) fn filter(n: usize, circles: &Circles, domains: &mut [u64]) -> Result<(), usize> {
    let k = domains.len();
    // The labels seen, for counting a partition's classes.
    let mut seen: Vec<bool> = Vec::new();
    let mut classes = |labels: &[usize], v: usize, domains: &[u64]| -> usize {
        seen.clear();
        seen.resize(labels.iter().max().map_or(0, |m| m + 1), false);
        let mut count = 0;
        for (i, &d) in domains.iter().enumerate() {
            if d & bit(v as u32) != 0 && !seen[labels[i]] {
                seen[labels[i]] = true;
                count += 1;
            }
        }
        count
    };
    loop {
        let mut changed = false;
        // fixed[v], may[v]: circles holding v for sure, circles that may hold it (v from 1).
        let mut fixed = vec![0usize; n + 1];
        let mut may = vec![0usize; n + 1];
        for &d in domains.iter() {
            if d.is_power_of_two() {
                fixed[lowest(d) as usize] += 1;
            }
            let mut m = d;
            while m != 0 {
                may[lowest(m) as usize] += 1;
                m &= m - 1;
            }
        }
        let room: Vec<usize> = (0..=n)
            .map(|v| {
                if v == 0 || may[v] < v {
                    return may.get(v).copied().unwrap_or(0);
                }
                circles.partitions.iter().map(|p| classes(p, v, domains)).fold(may[v], usize::min)
            })
            .collect();
        let possible = |v: usize| room[v] >= v && fixed[v] <= v;
        if let Some(v) = (1..=n).find(|&v| fixed[v] > 0 && !possible(v)) {
            return Err(domains.iter().position(|&d| d == bit(v as u32)).unwrap_or(0));
        }
        // reach[v][s]: the values 1..=v (the present ones among them, and possible ones) can
        // add up to s; back[v][s]: the values v..=n can.
        // One value's step: from each sum `prev` reaches, `here` reaches it without v (when no
        // circle holds v) and with v added (when v is possible).
        let extend = |prev: &[bool], here: &mut [bool], v: usize| {
            for s in (0..=k).filter(|&s| prev[s]) {
                if fixed[v] == 0 {
                    here[s] = true;
                }
                if possible(v) && s + v <= k {
                    here[s + v] = true;
                }
            }
        };
        let mut reach = vec![vec![false; k + 1]; n + 2];
        reach[0][0] = true;
        for v in 1..=n {
            let (before, rest) = reach.split_at_mut(v);
            extend(&before[v - 1], &mut rest[0], v);
        }
        if !reach[n][k] {
            return Err(0);
        }
        let mut back = vec![vec![false; k + 1]; n + 2];
        back[n + 1][0] = true;
        for v in (1..=n).rev() {
            let (head, tail) = back.split_at_mut(v + 1);
            extend(&tail[0], &mut head[v], v);
        }
        // With v: some s reached by the values below, k − s − v by those above; without it,
        // k − s.
        let mut keep = 0u64;
        let mut present = 0u64;
        for v in 1..=n {
            let with = possible(v) && (0..=k - v.min(k)).any(|s| reach[v - 1][s] && back[v + 1][k - s - v]);
            let without = fixed[v] == 0 && (0..=k).any(|s| reach[v - 1][s] && back[v + 1][k - s]);
            if with {
                keep |= bit(v as u32);
                if !without {
                    present |= bit(v as u32);
                }
            }
        }
        // The values held by as many circles as themselves: in no other circle.
        let full: u64 = (1..=n).filter(|&v| fixed[v] == v).fold(0, |m, v| m | bit(v as u32));
        for (i, d) in domains.iter_mut().enumerate() {
            let mut m = *d & keep;
            if !m.is_power_of_two() {
                m &= !full;
            }
            if m == 0 {
                return Err(i);
            }
            if m != *d {
                *d = m;
                changed = true;
            }
        }
        // A present value with room for exactly v circles: each class counted holds it once,
        // so a class where one circle may hold it is that circle (all of them, when `may` is v).
        for v in 1..=n {
            if present & bit(v as u32) == 0 || room[v] != v || fixed[v] == v {
                continue;
            }
            let b = bit(v as u32);
            if may[v] == v {
                for d in domains.iter_mut() {
                    if *d & b != 0 && *d != b {
                        *d = b;
                        changed = true;
                    }
                }
                continue;
            }
            for labels in &circles.partitions {
                if classes(labels, v, domains) != v {
                    continue;
                }
                for i in 0..k {
                    if domains[i] & b != 0
                        && domains[i] != b
                        && !(0..k).any(|j| j != i && labels[j] == labels[i] && domains[j] & b != 0)
                    {
                        domains[i] = b;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return Ok(());
        }
    }
}
