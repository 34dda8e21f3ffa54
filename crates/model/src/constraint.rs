//! Constraints beyond houses: killer cages, thermometers, arrows, dots, lines, little killers and
//! sandwiches, compiled from a spec's rules into one abstraction every strategy uses.
//!
//! A [`Constraint`] is a list of cells (in the rule's order: a thermometer from its bulb, an
//! arrow from its circle) and a relation on their values. It offers two operations:
//!
//! - [`Constraint::filter`] narrows candidate sets (one `u64` mask per cell, bit `v - 1` for
//!   value `v`) to the values that still have support: exact tables of the value combinations
//!   a cage of k cells and sum s allows, a dynamic program over reachable partial sums for sums
//!   without that table, bounds for sums too large for it, pair tables for dots and whispers,
//!   windows for renban, bounds passes for thermometers. Filtering is sound (it removes only
//!   values that no assignment satisfying the constraint uses) and, once every cell has one
//!   candidate, exact: it fails then exactly when the values break the constraint.
//! - [`Constraint::holds`] checks a partial assignment with the same code, for plain searches.
//!
//! Houses and at-most-once groups stay what they were: units, the fast special case. A cage's
//! and a renban line's "no repeats" part is an at-most-once group of the model; the constraint
//! holds only the sum (or the span).

use std::sync::Arc;

use crate::Cell;

/// The rule a constraint comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ConstraintKind {
    /// A killer cage with a sum.
    Cage,
    /// A thermometer.
    Thermometer,
    /// An arrow.
    Arrow,
    /// A white Kropki dot.
    WhiteDot,
    /// A black Kropki dot.
    BlackDot,
    /// An X.
    X,
    /// A V.
    V,
    /// The negative rule between two unmarked neighbours.
    Negative,
    /// An even cell.
    Even,
    /// An odd cell.
    Odd,
    /// Two orthogonal neighbours of a non-consecutive puzzle.
    NonConsecutive,
    /// Two neighbours on a German whispers line.
    Whisper,
    /// A renban line.
    Renban,
    /// Two cells a palindrome line pairs up.
    Palindrome,
    /// A little killer diagonal.
    LittleKiller,
    /// A sandwich clue.
    Sandwich,
    /// A sum the model derives from houses and cages (innies and outies: the cells of a row, or
    /// of several, not in the cages inside it add up to what those cages leave of the houses'
    /// total). Implied by the other constraints, it only helps propagation.
    HouseSum,
}

impl ConstraintKind {
    /// Every kind, in a fixed order.
    pub const ALL: [ConstraintKind; 17] = [
        ConstraintKind::Cage,
        ConstraintKind::Thermometer,
        ConstraintKind::Arrow,
        ConstraintKind::WhiteDot,
        ConstraintKind::BlackDot,
        ConstraintKind::X,
        ConstraintKind::V,
        ConstraintKind::Negative,
        ConstraintKind::Even,
        ConstraintKind::Odd,
        ConstraintKind::NonConsecutive,
        ConstraintKind::Whisper,
        ConstraintKind::Renban,
        ConstraintKind::Palindrome,
        ConstraintKind::LittleKiller,
        ConstraintKind::Sandwich,
        ConstraintKind::HouseSum,
    ];

    /// Its name in messages, `coverlab check` and the graph: kebab-case.
    pub fn name(self) -> &'static str {
        match self {
            ConstraintKind::Cage => "cage",
            ConstraintKind::Thermometer => "thermometer",
            ConstraintKind::Arrow => "arrow",
            ConstraintKind::WhiteDot => "white-dot",
            ConstraintKind::BlackDot => "black-dot",
            ConstraintKind::X => "x",
            ConstraintKind::V => "v",
            ConstraintKind::Negative => "negative",
            ConstraintKind::Even => "even",
            ConstraintKind::Odd => "odd",
            ConstraintKind::NonConsecutive => "non-consecutive",
            ConstraintKind::Whisper => "whisper",
            ConstraintKind::Renban => "renban",
            ConstraintKind::Palindrome => "palindrome",
            ConstraintKind::LittleKiller => "little-killer",
            ConstraintKind::Sandwich => "sandwich",
            ConstraintKind::HouseSum => "house-sum",
        }
    }
}

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

/// The relation a constraint states on its cells' values.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Relation {
    /// Two cells whose value pair must be in the table (dots, XV, whispers, palindromes, the
    /// negative and non-consecutive rules).
    Pair(Arc<PairTable>),
    /// One cell, whose value must be in the mask (even, odd).
    Allowed(u64),
    /// Strictly increasing along the cells (a thermometer).
    Increasing,
    /// The values add up to `sum`. With `combinations` (the masks of every set of distinct values
    /// of that size and sum), the cells are also known to differ (a cage), and filtering uses
    /// the table; without, a dynamic program over partial sums (sums under 128) or bounds.
    Sum {
        /// The total.
        sum: u32,
        /// For a cage: every allowed value set, when there are at most [`MAX_COMBINATIONS`].
        combinations: Option<Arc<[u64]>>,
    },
    /// The values add up to `difference` once those of the cells in `negated` (bit i: the i-th
    /// cell) are subtracted instead of added: innies minus outies. Filtered as the sum of the
    /// others and of n + 1 − value for the negated cells.
    SignedSum {
        /// Σ added − Σ subtracted.
        difference: i32,
        /// The subtracted cells, one bit each.
        negated: u64,
    },
    /// The first cell (the circle) holds the sum of the others (the line).
    Arrow,
    /// The values are a set of consecutive values (the cells are also known to differ).
    Consecutive,
    /// The cells are a whole row or column in order; the values strictly between the cells
    /// holding 1 and n add up to `sum`.
    Sandwich {
        /// The total between 1 and n.
        sum: u32,
    },
}

/// The most value sets a cage's table holds; beyond, its filtering uses partial sums or bounds.
pub const MAX_COMBINATIONS: usize = 4096;

/// A constraint on some cells' values, beyond "these cells differ".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constraint {
    /// The rule it comes from.
    pub kind: ConstraintKind,
    /// Its name in messages and traces: `cage 12 (sum 10)`, `thermometer 2`, `white dot r1c1-r1c2`.
    pub label: String,
    /// Its cells, in the rule's order.
    pub cells: Vec<Cell>,
    /// What it states.
    pub relation: Relation,
    /// The grid size.
    n: usize,
}

/// Masks of values: bit `v - 1` for value `v`.
#[inline]
fn bit(v: u32) -> u64 {
    1 << (v - 1)
}

#[inline]
fn full(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The lowest value of a non-empty mask.
#[inline]
fn lowest(m: u64) -> u32 {
    m.trailing_zeros() + 1
}

/// The highest value of a non-empty mask.
#[inline]
fn highest(m: u64) -> u32 {
    64 - m.leading_zeros()
}

/// Values greater than `v` (0: all).
#[inline]
fn above(v: u32) -> u64 {
    if v >= 64 { 0 } else { u64::MAX << v }
}

/// Values less than `v`.
#[inline]
fn below(v: u32) -> u64 {
    if v == 0 { 0 } else { above(v - 1) ^ u64::MAX }
}

impl Constraint {
    /// A constraint of `kind` on `cells` of an n×n grid.
    pub fn new(kind: ConstraintKind, label: String, cells: Vec<Cell>, relation: Relation, n: usize) -> Constraint {
        Constraint { kind, label, cells, relation, n }
    }

    /// Narrows `domains` (one mask per cell of [`Constraint::cells`], in order; a filled cell's
    /// mask is its one value) to the values with support. `Err(i)`: no assignment satisfies the
    /// constraint, and `i` is the position of a cell that lost every value (or the first cell).
    pub fn filter(&self, domains: &mut [u64]) -> Result<(), usize> {
        self.filter_required(domains).map(|_| ())
    }

    /// [`Constraint::filter`], then [`Constraint::required`] of the narrowed domains, in one
    /// pass where the filter already knows it (a cage's table: the values every combination
    /// that still fits holds).
    pub fn filter_required(&self, domains: &mut [u64]) -> Result<u64, usize> {
        let mut live = u64::MAX;
        self.filter_tracked(domains, &mut live)
    }

    /// [`Constraint::filter_required`] for a search that narrows domains as it goes deeper:
    /// `live` holds one bit per value set of a cage's table (the first 64 sets) that may still
    /// fit; sets that no longer fit these domains are cleared from it and not tried again under
    /// narrower ones (simple tabular reduction). Start from `u64::MAX`; other kinds ignore it.
    pub fn filter_tracked(&self, domains: &mut [u64], live: &mut u64) -> Result<u64, usize> {
        self.filter_forced(domains, live, 0)
    }

    /// [`Constraint::filter_tracked`] knowing that the cells hold every value of `must`
    /// together (a value whose every place in some house lies in these cells): a cage's value
    /// sets without one of them no longer fit. Other kinds ignore `must`.
    pub fn filter_forced(&self, domains: &mut [u64], live: &mut u64, must: u64) -> Result<u64, usize> {
        debug_assert_eq!(domains.len(), self.cells.len());
        if let Some(i) = domains.iter().position(|&d| d == 0) {
            return Err(i);
        }
        if let Relation::Sum { combinations: Some(table), .. } = &self.relation {
            return cage(table, domains, live, must);
        }
        match &self.relation {
            Relation::Pair(table) => pair(table, domains),
            &Relation::Allowed(mask) => {
                domains[0] &= mask;
                if domains[0] == 0 { Err(0) } else { Ok(()) }
            }
            Relation::Increasing => increasing(domains),
            Relation::Sum { combinations: Some(_), .. } => unreachable!("filtered above"),
            &Relation::Sum { sum, combinations: None } => sum_filter(domains, Targets::Exactly(sum)),
            &Relation::SignedSum { difference, negated } => signed_sum(self.n, difference, negated, domains),
            Relation::Arrow => arrow(domains),
            Relation::Consecutive => consecutive(self.n, domains),
            &Relation::Sandwich { sum } => sandwich(self.n, sum, domains),
        }?;
        Ok(self.required(domains))
    }

    /// True unless the values (`values[i]` for the i-th cell, 0 when empty) already break the
    /// constraint: what a plain search checks at each placement. For a full assignment it is
    /// exact.
    pub fn holds(&self, values: &[u8]) -> bool {
        let all = full(self.n);
        let mut domains = [0u64; 64];
        let k = values.len().min(64);
        for (d, &v) in domains.iter_mut().zip(&values[..k]) {
            *d = if v == 0 { all } else { bit(u32::from(v)) };
        }
        if k < values.len() {
            // Longer than any line of a grid: check it with a buffer of its own.
            let mut domains: Vec<u64> = values.iter().map(|&v| if v == 0 { all } else { bit(u32::from(v)) }).collect();
            return self.filter(&mut domains).is_ok();
        }
        self.filter(&mut domains[..k]).is_ok()
    }

    /// The values every assignment satisfying the constraint within `domains` uses somewhere in
    /// its cells (a cage of sum 3 on two cells needs 1 and 2; a renban line of 5 on 9×9 needs
    /// 5): a value that must be in these cells is out of every cell that sees all of its places
    /// there. Known for cages with a table and renban lines; 0 otherwise. `domains` as for
    /// [`Constraint::filter`], after it.
    pub fn required(&self, domains: &[u64]) -> u64 {
        match &self.relation {
            Relation::Sum { combinations: Some(table), .. } => {
                let union = domains.iter().fold(0, |u, &m| u | m);
                let mut required = u64::MAX;
                let mut any = false;
                for &set in table.iter() {
                    if set & !union == 0 && domains.iter().all(|&m| m & set != 0) && matches_all(domains, set) {
                        required &= set;
                        any = true;
                    }
                }
                if any { required } else { 0 }
            }
            Relation::Consecutive => {
                let k = domains.len();
                if k > self.n {
                    return 0;
                }
                let span = full(k);
                let mut required = u64::MAX;
                let mut any = false;
                for lo in 0..=(self.n - k) {
                    let w = span << lo;
                    if domains.iter().all(|&m| m & w != 0) {
                        required &= w;
                        any = true;
                    }
                }
                if any { required } else { 0 }
            }
            _ => 0,
        }
    }

    /// True for a sum with a table of value sets (a cage; a derived sum over cells that see
    /// each other).
    pub fn has_table(&self) -> bool {
        matches!(self.relation, Relation::Sum { combinations: Some(_), .. })
    }

    /// True when filtering the domains [`Constraint::filter`] just narrowed removes nothing more
    /// (the filter keeps exactly the values some satisfying assignment uses): pair tables,
    /// allowed values, and sums filtered by partial sums (totals under 128). A propagator need
    /// not queue such a constraint again for its own eliminations.
    pub fn idempotent(&self) -> bool {
        match &self.relation {
            Relation::Pair(_) | Relation::Allowed(_) => true,
            &Relation::Sum { sum, combinations: None } => sum < 128,
            &Relation::SignedSum { difference, negated } => {
                let total = i64::from(difference) + (self.n as i64 + 1) * i64::from(negated.count_ones());
                total < 128
            }
            _ => false,
        }
    }

    /// The grid size the constraint was built for.
    pub fn size(&self) -> usize {
        self.n
    }
}

fn pair(table: &PairTable, d: &mut [u64]) -> Result<(), usize> {
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
fn increasing(d: &mut [u64]) -> Result<(), usize> {
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
fn cage(table: &[u64], d: &mut [u64], live: &mut u64, must: u64) -> Result<u64, usize> {
    // Scratch sized to the cage: most cages have a handful of cells.
    match d.len() {
        0..=8 => cage_sized::<8>(table, d, live, must),
        9..=16 => cage_sized::<16>(table, d, live, must),
        _ => cage_sized::<64>(table, d, live, must),
    }
}

fn cage_sized<const N: usize>(table: &[u64], d: &mut [u64], live: &mut u64, must: u64) -> Result<u64, usize> {
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
fn matches_all(d: &[u64], set: u64) -> bool {
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
fn narrow_to(d: &mut [u64], new: &[u64], any: bool) -> Result<(), usize> {
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

/// The totals a sum may take.
#[derive(Clone, Copy)]
enum Targets {
    /// One total.
    Exactly(u32),
    /// Any value of the mask (an arrow's circle).
    Values(u64),
}

/// Each cell keeps the values that some assignment of the others completes to a target total.
/// Exact (a dynamic program over reachable partial sums, in `u64` bitsets when every target is
/// under 64 and in `u128` ones otherwise) when every target is under 128: partial sums only grow, so those of 128 and more, dropped by the shifts, could
/// never reach one. Otherwise bounds: a value stays when the others' least and greatest totals
/// leave a target within reach.
fn sum_filter(d: &mut [u64], targets: Targets) -> Result<(), usize> {
    let k = d.len();
    let exact = match targets {
        Targets::Exactly(s) => s < 128,
        Targets::Values(_) => true,
    };
    if !exact {
        let Targets::Exactly(s) = targets else { unreachable!() };
        return sum_bounds(d, s as u64, s as u64);
    }
    // Every total under 64 (every sum of a 9×9 cage or house sum): one word per cell, and the
    // value 64 (of a 64×64 grid) out at once, since it alone passes every such total.
    let small = match targets {
        Targets::Exactly(s) => s < 64,
        Targets::Values(m) => m >> 63 == 0,
    };
    if small && k <= 16 {
        d.iter_mut().for_each(|m| *m &= u64::MAX >> 1);
    }
    match targets {
        Targets::Exactly(s) if small && k <= 16 => sum_program::<u64, 17>(d, 1u64 << s),
        Targets::Values(m) if small && k <= 16 => sum_program::<u64, 17>(d, m << 1),
        Targets::Exactly(s) => sum_program::<u128, 65>(d, 1u128 << s),
        Targets::Values(m) => sum_program::<u128, 65>(d, u128::from(m) << 1),
    }
}

/// A bitset of partial sums (bit t: total t is reachable): `u64` when every total is under 64,
/// `u128` otherwise.
trait Totals: Copy + Eq + std::ops::BitOr<Output = Self> + std::ops::BitOrAssign + std::ops::BitAnd<Output = Self> {
    const NONE: Self;
    const ZERO_TOTAL: Self;
    /// Every total raised by `v`, less than the word's bits (those raised past it dropped).
    fn up(self, v: u32) -> Self;
    /// Every total lowered by `v`, less than the word's bits (those below 0 dropped).
    fn down(self, v: u32) -> Self;
    /// `self` if `keep`, no total otherwise, without a branch.
    fn keep_if(self, keep: bool) -> Self;
}

macro_rules! totals {
    ($($word:ty),*) => {$(
        impl Totals for $word {
            const NONE: Self = 0;
            const ZERO_TOTAL: Self = 1;
            #[inline]
            fn up(self, v: u32) -> Self {
                debug_assert!(v < Self::BITS);
                self << v
            }
            #[inline]
            fn down(self, v: u32) -> Self {
                debug_assert!(v < Self::BITS);
                self >> v
            }
            #[inline]
            fn keep_if(self, keep: bool) -> Self {
                self & Self::from(keep).wrapping_neg()
            }
        }
    )*};
}

totals!(u64, u128);

/// [`sum_filter`]'s dynamic program, `goal` the bitset of target totals.
fn sum_program<T: Totals, const N: usize>(d: &mut [u64], goal: T) -> Result<(), usize> {
    let k = d.len();
    // forward[i]: the totals the first i cells can reach (N > k).
    let mut forward = [T::NONE; N];
    forward[0] = T::ZERO_TOTAL;
    for i in 0..k {
        let mut next = T::NONE;
        let mut m = d[i];
        while m != 0 {
            let v = m.trailing_zeros() + 1;
            next |= forward[i].up(v);
            m &= m - 1;
        }
        forward[i + 1] = next;
    }
    if forward[k] & goal == T::NONE {
        return Err(0);
    }
    // need: the totals the cells before i must reach for the rest to end on a target.
    let mut need = goal;
    for i in (0..k).rev() {
        let mut keep = 0u64;
        let mut next_need = T::NONE;
        let mut m = d[i];
        while m != 0 {
            let v = m.trailing_zeros() + 1;
            let before = need.down(v);
            // Branch-free: whether a value keeps support is unpredictable.
            let hit = forward[i] & before != T::NONE;
            keep |= u64::from(hit) << (v - 1);
            next_need |= before.keep_if(hit);
            m &= m - 1;
        }
        d[i] = keep;
        if keep == 0 {
            return Err(i);
        }
        need = next_need;
    }
    Ok(())
}

/// Σ added − Σ negated = `difference`: the sum filter on n + 1 − value for the negated cells.
fn signed_sum(n: usize, difference: i32, negated: u64, d: &mut [u64]) -> Result<(), usize> {
    let flip = |d: &mut [u64]| {
        for (i, m) in d.iter_mut().enumerate() {
            if negated >> i & 1 == 1 {
                *m = m.reverse_bits() >> (64 - n);
            }
        }
    };
    let total = i64::from(difference) + (n as i64 + 1) * i64::from(negated.count_ones());
    if total < 0 || total > u32::MAX as i64 {
        return Err(0);
    }
    flip(d);
    let result = sum_filter(d, Targets::Exactly(total as u32));
    flip(d);
    result
}

/// Bounds reasoning for a total between `lo` and `hi`.
fn sum_bounds(d: &mut [u64], lo: u64, hi: u64) -> Result<(), usize> {
    let least: u64 = d.iter().map(|&m| u64::from(lowest(m))).sum();
    let most: u64 = d.iter().map(|&m| u64::from(highest(m))).sum();
    if least > hi || most < lo {
        return Err(0);
    }
    for (i, m) in d.iter_mut().enumerate() {
        let (l, h) = (u64::from(lowest(*m)), u64::from(highest(*m)));
        // v + (least - l) <= hi and v + (most - h) >= lo.
        let max_v = hi - (least - l);
        let min_v = lo.saturating_sub(most - h);
        let mut keep = *m;
        if max_v < 64 {
            keep &= below(max_v as u32 + 1);
        }
        if min_v > 1 {
            keep &= above(min_v.min(64) as u32 - 1);
        }
        *m = keep;
        if keep == 0 {
            return Err(i);
        }
    }
    Ok(())
}

/// The circle (cell 0) is the total of the line: the line's sum filtered against the circle's
/// values, the circle against the line's reachable totals.
fn arrow(d: &mut [u64]) -> Result<(), usize> {
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
fn consecutive(n: usize, d: &mut [u64]) -> Result<(), usize> {
    let k = d.len();
    if k > n {
        return Err(0);
    }
    let mut new = [0u64; 64];
    let mut any = false;
    let span = full(k);
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
        any = true;
        for (x, &m) in new.iter_mut().zip(d.iter()) {
            *x |= m & w;
        }
    }
    narrow_to(d, &new[..k], any)
}

/// The largest grid on which a sandwich is filtered by its placements of 1 and n (n² pairs of
/// places, each with a partial-sum program); above it only a decided line is checked.
const SANDWICH_FILTER_MAX: usize = 25;

/// A sandwich: for each pair of places the 1 and the n may take, the cells between must reach
/// the sum with values other than 1 and n, and the cells outside must hold such values too.
fn sandwich(n: usize, sum: u32, d: &mut [u64]) -> Result<(), usize> {
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

/// Every set of `k` distinct values from 1..=n adding up to `sum`, as masks, ascending; `None`
/// when there are more than [`MAX_COMBINATIONS`]. The search visits only prefixes that can
/// still be completed (the sums of k distinct values form an interval), so it is quick.
pub fn combinations(n: usize, k: usize, sum: u32) -> Option<Vec<u64>> {
    fn go(n: u32, from: u32, k: u32, sum: u32, set: u64, out: &mut Vec<u64>) -> bool {
        if k == 0 {
            if sum == 0 {
                out.push(set);
            }
            return out.len() <= MAX_COMBINATIONS;
        }
        for v in from..=n {
            // The least and greatest totals of k values from v up.
            let least = k * v + k * (k - 1) / 2;
            if least > sum {
                break;
            }
            let most = k * n - k * (k - 1) / 2;
            if most < sum || n + 1 - v < k {
                continue;
            }
            if !go(n, v + 1, k - 1, sum - v, set | bit(v), out) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    go(n as u32, 1, k as u32, sum, 0, &mut out).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(relation: Relation, cells: usize, n: usize) -> Constraint {
        Constraint::new(ConstraintKind::Cage, "t".into(), (0..cells).collect(), relation, n)
    }

    fn mask(values: &[u32]) -> u64 {
        values.iter().map(|&v| bit(v)).fold(0, |a, b| a | b)
    }

    #[test]
    fn cage_tables_match_a_count() {
        // 2 cells summing to 3 on 9×9: {1,2} only; 3 cells to 24: {7,8,9}; 2 to 10: four sets.
        assert_eq!(combinations(9, 2, 3), Some(vec![mask(&[1, 2])]));
        assert_eq!(combinations(9, 3, 24), Some(vec![mask(&[7, 8, 9])]));
        assert_eq!(combinations(9, 2, 10).map(|v| v.len()), Some(4));
        assert_eq!(combinations(9, 9, 45).map(|v| v.len()), Some(1));
        assert_eq!(combinations(9, 2, 18), Some(vec![]));
        assert!(combinations(64, 32, 1040).is_none(), "too many to list");
    }

    #[test]
    fn a_cage_keeps_only_values_of_feasible_sets() {
        let table: Arc<[u64]> = combinations(9, 2, 4).unwrap().into();
        let cage = c(Relation::Sum { sum: 4, combinations: Some(table) }, 2, 9);
        let mut d = [full(9), full(9)];
        cage.filter(&mut d).unwrap();
        assert_eq!(d, [mask(&[1, 3]), mask(&[1, 3])]);
        let mut d = [mask(&[3, 5]), full(9)];
        cage.filter(&mut d).unwrap();
        assert_eq!(d, [mask(&[3]), mask(&[1])]);
        assert!(cage.holds(&[1, 3]) && !cage.holds(&[2, 2]) && !cage.holds(&[1, 2]) && cage.holds(&[0, 3]));
        assert!(!cage.holds(&[0, 4]));
    }

    /// A small deterministic generator for the brute-force comparisons below.
    fn lcg(state: &mut u64) -> u64 {
        *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *state >> 33
    }

    /// Whether cells `i..` can take distinct values of `set`, none of `used`: by trying each.
    fn brute_matches(d: &[u64], i: usize, set: u64, used: u64) -> bool {
        i == d.len()
            || (0..64).any(|v| (d[i] & set & !used) >> v & 1 == 1 && brute_matches(d, i + 1, set, used | 1 << v))
    }

    #[test]
    fn matching_agrees_with_trying_every_assignment() {
        let mut state = 7;
        for round in 0..20_000 {
            let k = 1 + round % 6;
            // Sparse domains over 8 values, so that many sets have no matching.
            let d: Vec<u64> = (0..k).map(|_| lcg(&mut state) & lcg(&mut state) & 0xff).collect();
            let set = lcg(&mut state) & 0xff | lcg(&mut state) & 0xff;
            assert_eq!(matches_all(&d, set), brute_matches(&d, 0, set, 0), "domains {d:x?}, set {set:x}");
        }
    }

    /// The values of each cell used by some assignment within `d` whose total is `sum`.
    fn brute_sum(d: &[u64], sum: u32) -> Vec<u64> {
        let mut keep = vec![0u64; d.len()];
        let mut values = vec![0u32; d.len()];
        fn go(d: &[u64], i: usize, total: u32, sum: u32, values: &mut [u32], keep: &mut [u64]) {
            if i == d.len() {
                if total == sum {
                    values.iter().zip(keep.iter_mut()).for_each(|(&v, k)| *k |= bit(v));
                }
                return;
            }
            for v in 1..=64 {
                if d[i] & bit(v) != 0 && total + v <= sum {
                    values[i] = v;
                    go(d, i + 1, total + v, sum, values, keep);
                }
            }
        }
        go(d, 0, 0, sum, &mut values, &mut keep);
        keep
    }

    #[test]
    fn partial_sums_agree_with_trying_every_assignment() {
        // Totals under 64 take one word per cell, larger ones two; values up to 64 (a 64×64
        // grid's) must not wrap around in either.
        let mut state = 11;
        for round in 0..3_000 {
            let k = 1 + round % 4;
            let d: Vec<u64> = (0..k)
                .map(|_| match round % 3 {
                    0 => lcg(&mut state) & 0x1ff,
                    1 => lcg(&mut state) << 31 | lcg(&mut state),
                    _ => bit(64) | lcg(&mut state) & 0xff,
                })
                .map(|m| if m == 0 { bit(64) } else { m })
                .collect();
            let sum = 1 + (lcg(&mut state) % 140) as u32;
            let constraint = c(Relation::Sum { sum, combinations: None }, k, 64);
            let expected = brute_sum(&d, sum);
            let mut got = d.clone();
            let result = constraint.filter(&mut got);
            if sum < 128 {
                // Exact.
                match result {
                    Ok(()) => assert_eq!(got, expected, "domains {d:x?}, sum {sum}"),
                    Err(_) => assert!(expected.contains(&0), "domains {d:x?}, sum {sum}"),
                }
            } else if result.is_ok() {
                // Bounds: sound, keeping every value some assignment uses.
                assert!(got.iter().zip(&expected).all(|(g, e)| g & e == *e), "domains {d:x?}, sum {sum}");
            } else {
                assert!(expected.contains(&0), "domains {d:x?}, sum {sum}");
            }
        }
    }

    #[test]
    fn idempotent_filters_remove_nothing_when_run_again() {
        let mut state = 5;
        let constraints = [
            c(Relation::Sum { sum: 17, combinations: None }, 4, 9),
            c(Relation::Sum { sum: 100, combinations: None }, 3, 64),
            c(Relation::SignedSum { difference: 3, negated: 0b1000 }, 4, 9),
            c(Relation::SignedSum { difference: -20, negated: 0b110 }, 3, 16),
            c(Relation::Pair(Arc::new(PairTable::new(9, |a, b| a.abs_diff(b) == 1))), 2, 9),
        ];
        for constraint in &constraints {
            assert!(constraint.idempotent());
            let all = full(constraint.size());
            for _ in 0..2_000 {
                let mut d: Vec<u64> =
                    constraint.cells.iter().map(|_| (lcg(&mut state) | lcg(&mut state) << 31) & all).collect();
                if constraint.filter(&mut d).is_ok() {
                    let once = d.clone();
                    assert_eq!(constraint.filter(&mut d), Ok(()));
                    assert_eq!(d, once, "{:?}", constraint.relation);
                }
            }
        }
        let bounds = c(Relation::Sum { sum: 200, combinations: None }, 4, 64);
        let cage = c(Relation::Sum { sum: 10, combinations: Some(combinations(9, 3, 10).unwrap().into()) }, 3, 9);
        assert!(!bounds.idempotent() && !cage.idempotent());
    }

    #[test]
    fn tracked_cage_sets_give_what_the_whole_table_gives_under_narrowing_domains() {
        let mut state = 3;
        for round in 0..2_000 {
            let k = 2 + round % 5;
            let sum = (k * (k + 1) / 2) as u32 + (lcg(&mut state) % (k as u64 * (9 - k as u64) + 1)) as u32;
            let cage = c(Relation::Sum { sum, combinations: Some(combinations(9, k, sum).unwrap().into()) }, k, 9);
            let mut live = u64::MAX;
            let mut d = vec![full(9); k];
            // Narrow one cell at a time, as a search going deeper does.
            for _ in 0..6 {
                let i = (lcg(&mut state) % k as u64) as usize;
                d[i] &= !bit(1 + (lcg(&mut state) % 9) as u32);
                let (mut whole, mut tracked) = (d.clone(), d.clone());
                let expected = cage.filter_required(&mut whole);
                assert_eq!(cage.filter_tracked(&mut tracked, &mut live), expected, "{d:x?}, sum {sum}");
                if expected.is_err() {
                    break;
                }
                assert_eq!(tracked, whole);
                d = whole;
            }
        }
    }

    /// The values of each cell used by some assignment of distinct values within `d` adding up
    /// to `sum` and using every value of `must`.
    fn brute_cage(d: &[u64], sum: u32, must: u64) -> Vec<u64> {
        fn go(
            d: &[u64],
            i: usize,
            (used, total): (u64, u32),
            (sum, must): (u32, u64),
            values: &mut [u32],
            keep: &mut [u64],
        ) {
            if i == d.len() {
                if total == sum && used & must == must {
                    values.iter().zip(keep.iter_mut()).for_each(|(&v, k)| *k |= bit(v));
                }
                return;
            }
            for v in 1..=9 {
                if d[i] & bit(v) != 0 && used & bit(v) == 0 {
                    values[i] = v;
                    go(d, i + 1, (used | bit(v), total + v), (sum, must), values, keep);
                }
            }
        }
        let mut keep = vec![0u64; d.len()];
        go(d, 0, (0, 0), (sum, must), &mut vec![0; d.len()], &mut keep);
        keep
    }

    #[test]
    fn values_a_cage_must_hold_filter_like_trying_every_assignment() {
        let mut state = 11;
        let mut narrowed = 0;
        for round in 0..3_000 {
            let k = 2 + round % 4;
            let sum = (k * (k + 1) / 2) as u32 + (lcg(&mut state) % (k as u64 * (9 - k as u64) + 1)) as u32;
            let cage = c(Relation::Sum { sum, combinations: Some(combinations(9, k, sum).unwrap().into()) }, k, 9);
            let mut d: Vec<u64> = (0..k).map(|_| (lcg(&mut state) | lcg(&mut state)) & full(9)).collect();
            // One or two values the cage must hold.
            let must = bit(1 + (lcg(&mut state) % 9) as u32)
                | if round % 3 == 0 { bit(1 + (lcg(&mut state) % 9) as u32) } else { 0 };
            let expected = brute_cage(&d, sum, must);
            let without = brute_cage(&d, sum, 0);
            // The same cage with only the value sets holding `must`, written out by hand.
            let sets: Vec<u64> = combinations(9, k, sum).unwrap().into_iter().filter(|s| s & must == must).collect();
            let mut by_hand = d.clone();
            let hand = if sets.is_empty() {
                Err(0)
            } else {
                c(Relation::Sum { sum, combinations: Some(sets.into()) }, k, 9).filter_required(&mut by_hand)
            };
            let mut live = u64::MAX;
            match cage.filter_forced(&mut d, &mut live, must) {
                Ok(required) => {
                    // Sound: every value some assignment uses is kept; and the same as the
                    // smaller table.
                    assert!(
                        d.iter().zip(&expected).all(|(&got, &used)| got & used == used),
                        "sum {sum}, must {must:x}"
                    );
                    assert_eq!((Ok(required), &d), (hand, &by_hand), "sum {sum}, must {must:x}");
                    assert_eq!(required & must, must);
                }
                Err(_) => {
                    assert!(expected.contains(&0), "sum {sum}, must {must:x}: {expected:x?}");
                    assert!(hand.is_err());
                }
            }
            narrowed += usize::from(expected != without);
        }
        // The values asked for do narrow: the comparison is not of two unfiltered sets.
        assert!(narrowed > 300, "{narrowed}");
    }

    #[test]
    fn sums_without_a_table_are_exact_under_128_and_bounded_above() {
        let sum = c(Relation::Sum { sum: 5, combinations: None }, 3, 9);
        let mut d = [full(9); 3];
        sum.filter(&mut d).unwrap();
        assert_eq!(d, [mask(&[1, 2, 3]); 3]);
        assert!(sum.holds(&[1, 1, 3]) && !sum.holds(&[1, 1, 1]) && !sum.holds(&[3, 3, 0]));
        let big = c(Relation::Sum { sum: 200, combinations: None }, 4, 64);
        assert!(big.holds(&[50, 50, 50, 50]) && !big.holds(&[50, 50, 50, 49]) && big.holds(&[64, 64, 0, 0]));
        assert!(!big.holds(&[1, 1, 1, 0]));
    }

    #[test]
    fn signed_sums_subtract_the_negated_cells() {
        // a + b − c = 12 on 9×9.
        let diff = c(Relation::SignedSum { difference: 12, negated: 0b100 }, 3, 9);
        assert!(diff.holds(&[9, 4, 1]) && diff.holds(&[5, 8, 1]) && !diff.holds(&[9, 4, 2]));
        // b = 12 + c − a ≥ 10 with a ≤ 3 and c ≥ 1: out of reach.
        let mut d = [mask(&[1, 2, 3]), full(9), full(9)];
        assert!(diff.filter(&mut d).is_err());
        // a + b = 12 + c ∈ {13, 14}: a and b at least 4; c keeps both values.
        let mut d = [full(9), full(9), mask(&[1, 2])];
        diff.filter(&mut d).unwrap();
        assert_eq!(d, [mask(&[4, 5, 6, 7, 8, 9]), mask(&[4, 5, 6, 7, 8, 9]), mask(&[1, 2])]);
        let mut d = [full(9), full(9), mask(&[9])];
        assert!(diff.filter(&mut d).is_err(), "a + b = 21 is out of reach");
    }

    #[test]
    fn thermometers_arrows_renban_and_sandwiches() {
        let thermo = c(Relation::Increasing, 3, 9);
        let mut d = [full(9); 3];
        thermo.filter(&mut d).unwrap();
        assert_eq!(d, [mask(&[1, 2, 3, 4, 5, 6, 7]), mask(&[2, 3, 4, 5, 6, 7, 8]), mask(&[3, 4, 5, 6, 7, 8, 9])]);
        assert!(thermo.holds(&[1, 5, 9]) && !thermo.holds(&[2, 2, 0]) && !thermo.holds(&[0, 9, 0]));

        let arrow = c(Relation::Arrow, 3, 9);
        assert!(arrow.holds(&[7, 3, 4]) && !arrow.holds(&[7, 3, 3]) && !arrow.holds(&[1, 0, 0]));
        let mut d = [full(9), mask(&[5]), full(9)];
        arrow.filter(&mut d).unwrap();
        assert_eq!(d[0], mask(&[6, 7, 8, 9]));
        assert_eq!(d[2], mask(&[1, 2, 3, 4]));

        let renban = c(Relation::Consecutive, 3, 9);
        assert!(renban.holds(&[4, 2, 3]) && !renban.holds(&[1, 2, 4]) && renban.holds(&[1, 0, 3]));
        let mut d = [mask(&[1]), full(9), full(9)];
        renban.filter(&mut d).unwrap();
        assert_eq!(d[1], mask(&[1, 2, 3]));

        let sandwich = c(Relation::Sandwich { sum: 5 }, 9, 9);
        assert!(sandwich.holds(&[2, 1, 3, 2, 9, 4, 5, 6, 7]), "not a house here: values between 1 and 9 sum to 5");
        assert!(!sandwich.holds(&[2, 1, 3, 4, 9, 5, 6, 7, 8]));
        assert!(sandwich.holds(&[9, 2, 3, 1, 4, 5, 6, 7, 8]));
        assert!(c(Relation::Sandwich { sum: 0 }, 9, 9).holds(&[2, 1, 9, 3, 4, 5, 6, 7, 8]));
    }

    #[test]
    fn pair_tables() {
        let white = Arc::new(PairTable::new(9, |a, b| a.abs_diff(b) == 1));
        let dot = c(Relation::Pair(white), 2, 9);
        let mut d = [mask(&[5]), full(9)];
        dot.filter(&mut d).unwrap();
        assert_eq!(d[1], mask(&[4, 6]));
        assert!(!dot.holds(&[1, 3]) && dot.holds(&[2, 1]));
    }
}
