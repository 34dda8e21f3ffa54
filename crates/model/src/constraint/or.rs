//! `Or` rules: at least one branch holds, each branch a list of constraints and groups of cells
//! that differ, compiled like the spec's own rules.
//!
//! The filter runs each branch on its own copy of the domains, to the branch's fixpoint (every
//! constraint of the branch and every group, again until none narrows anything); a branch that
//! fails is out, and each cell keeps the values some surviving branch left it. Sound, since a
//! value no branch keeps is in no assignment any branch allows; exact on a full assignment,
//! since every part's filter is. Not claimed idempotent (see [`super::Constraint::idempotent`]).

use super::Constraint;

/// The branches of an `Or` rule.
#[derive(Debug, PartialEq, Eq)]
pub struct Alternatives {
    /// The branches, in the rule's order.
    pub branches: Vec<Branch>,
}

/// One branch of an `Or` rule: everything in it holds together.
#[derive(Debug, PartialEq, Eq)]
pub struct Branch {
    /// Its constraints, each with the positions of its cells among the `Or`'s cells.
    pub parts: Vec<(Constraint, Vec<usize>)>,
    /// Groups of positions whose cells hold different values (a cage's or a renban line's "no
    /// repeats", an `AtMostOnce` group).
    pub distinct: Vec<Vec<usize>>,
}

impl Branch {
    /// Narrows `d` (one mask per cell of the `Or`) to the branch's fixpoint; false when the
    /// branch cannot hold.
    pub(super) fn filter(&self, d: &mut [u64]) -> bool {
        let mut scratch: Vec<u64> = Vec::new();
        loop {
            let mut changed = false;
            for (c, positions) in &self.parts {
                scratch.clear();
                scratch.extend(positions.iter().map(|&p| d[p]));
                if c.filter(&mut scratch).is_err() {
                    return false;
                }
                for (&p, &m) in positions.iter().zip(&scratch) {
                    if d[p] != m {
                        d[p] = m;
                        changed = true;
                    }
                }
            }
            for group in &self.distinct {
                match distinct(group, d) {
                    None => return false,
                    Some(c) => changed |= c,
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

/// Cells that differ: a placed value leaves the others; fewer values than cells fails. `None`:
/// the group cannot hold; otherwise whether it narrowed anything.
fn distinct(group: &[usize], d: &mut [u64]) -> Option<bool> {
    let mut changed = false;
    loop {
        let mut again = false;
        for (i, &p) in group.iter().enumerate() {
            let m = d[p];
            if m.count_ones() != 1 {
                continue;
            }
            for (j, &q) in group.iter().enumerate() {
                if i != j && d[q] & m != 0 {
                    d[q] &= !m;
                    if d[q] == 0 {
                        return None;
                    }
                    again = true;
                }
            }
        }
        changed |= again;
        if !again {
            break;
        }
    }
    let union = group.iter().fold(0u64, |u, &p| u | d[p]);
    (union.count_ones() as usize >= group.len()).then_some(changed)
}

/// The `Or` filter: each cell keeps the values some branch that can still hold leaves it.
pub(super) fn filter(a: &Alternatives, d: &mut [u64]) -> Result<(), usize> {
    let mut union = vec![0u64; d.len()];
    let mut copy = vec![0u64; d.len()];
    let mut any = false;
    for branch in &a.branches {
        copy.copy_from_slice(d);
        if branch.filter(&mut copy) {
            any = true;
            for (u, &m) in union.iter_mut().zip(&copy) {
                *u |= m;
            }
            if union == d {
                // Nothing left to remove: the other branches can only keep more.
                return Ok(());
            }
        }
    }
    if !any {
        return Err(0);
    }
    for (m, &u) in d.iter_mut().zip(&union) {
        *m &= u;
    }
    Ok(())
}
