//! Constraints beyond houses: killer cages, thermometers, arrows, dots, lines, little killers,
//! sandwiches, regex lines and the other variant lines (between, lockout, entropic, modular,
//! parity, zipper, region-sum, slow thermometers), skyscraper and X-sum clues, quadruples, sums
//! with repeats, rellik cages, pill and double arrows, sum lines, lunchboxes, counting circles, compiled from a spec's rules into one
//! abstraction every strategy uses.
//!
//! A [`Constraint`] is a list of cells (in the rule's order: a thermometer from its bulb, an
//! arrow from its circle) and a relation on their values. It offers two operations:
//!
//! - [`Constraint::filter`] narrows candidate sets (one `u64` mask per cell, bit `v - 1` for
//!   value `v`) to the values that still have support: exact tables of the value combinations
//!   a cage of k cells and sum s allows, a dynamic program over reachable partial sums for sums
//!   without that table, bounds for sums too large for it, pair tables for dots and whispers,
//!   windows for renban, bounds passes for thermometers, forward and backward reachability over
//!   (position, state) for a regex line's automaton (entropic and modular lines, skyscraper
//!   and X-sum clues, quadruples, rellik cages, pill and double arrows, sum lines and lunchboxes are automata too), each pair of end values for between and lockout lines, each total for zipper and
//!   region-sum lines, the counts of each value and the sets of values adding up to the number of
//!   circles for counting circles. Filtering is sound (it removes only
//!   values that no assignment satisfying the constraint uses) and, once every cell has one
//!   candidate, exact: it fails then exactly when the values break the constraint.
//! - [`Constraint::holds`] checks a partial assignment with the same code, for plain searches.
//!
//! Houses and at-most-once groups stay what they were: units, the fast special case. A cage's
//! and a renban line's "no repeats" part is an at-most-once group of the model; the constraint
//! holds only the sum (or the span).

use std::sync::Arc;

use crate::Cell;

#[doc(hidden)]
pub mod automaton;
mod counting;
#[doc(hidden)]
pub mod filters;
#[doc(hidden)]
pub mod masks;
mod or;
mod rank;
#[doc(hidden)]
pub mod sums;

pub use automaton::Automaton;
pub use counting::Circles;
pub use filters::PairTable;
use filters::*;
use masks::*;
pub use or::{Alternatives, Branch};
pub use rank::FullRank;
use sums::*;
pub use sums::{MAX_COMBINATIONS, combinations};

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
    /// A cell's candidates as a person pencilled them in (a pencil-mark grid): its value is one
    /// of them.
    Candidates,
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
    /// Two cells of a user-defined pair rule (`Pair` in a spec).
    Pair,
    /// A regex line: its values, read as symbols, match a pattern.
    Regex,
    /// A between line: the middle strictly between the ends.
    Between,
    /// A lockout line: the ends far apart, the middle outside them.
    Lockout,
    /// An entropic line: one low, one middle and one high value in every three cells.
    Entropic,
    /// A modular line: three different remainders mod 3 in every three cells.
    Modular,
    /// Two neighbours on a parity line (one odd, one even).
    ParityLine,
    /// A zipper line.
    Zipper,
    /// A region-sum line.
    RegionSum,
    /// A slow thermometer (never decreasing).
    SlowThermometer,
    /// A skyscraper clue: how many values of a row or column are seen from outside.
    Skyscraper,
    /// An X-sum clue: the first X values of a row or column from outside add up to it.
    XSum,
    /// A quadruple: values the 2×2 cells around a grid point hold.
    Quadruple,
    /// A sum whose values may repeat (a cage without its "no repeats" part).
    Sum,
    /// A rellik cage: no set of its values adds up to its number.
    Rellik,
    /// A pill arrow: the line adds up to the number the pill's digits write.
    PillArrow,
    /// A double arrow: the middle of the line adds up to the two ends.
    DoubleArrow,
    /// A sum line: the line splits into segments each adding up to its total.
    SumLine,
    /// A lunchbox: the values between its smallest and largest add up to its total.
    Lunchbox,
    /// A clone: a cell holding the same value as another.
    Clone,
    /// A row or column indexer: a value in the indexing cell and the value of the cell it points
    /// to in its row (column), one pair of cells for each other cell of the line.
    Indexer,
    /// A numbered room clue: the first value of a row (column) read from the clue and the cell
    /// it points at, one pair of cells for each cell after the first.
    NumberedRoom,
    /// A hidden skyscraper clue: the values of a row (column) read from the clue rise until the
    /// first hidden one, which is the clue.
    HiddenSkyscraper,
    /// A state machine of the spec's own (ISS's NFA): it accepts the values read along the cells.
    StateMachine,
    /// An `Or` rule: at least one of its branches (each a list of rules) holds.
    Or,
    /// A sum the model derives from houses and cages (innies and outies: the cells of a row, or
    /// of several, not in the cages inside it add up to what those cages leave of the houses'
    /// total). Implied by the other constraints, it only helps propagation.
    HouseSum,
    /// The full-rank clues (and tie rule) of a spec: one constraint over every cell.
    FullRank,
    /// Counting circles: each circle's value is how many of the rule's circles hold it.
    CountingCircles,
    /// A minimum cell and one of its orthogonal neighbours: the first holds less.
    Minimum,
    /// A maximum cell and one of its orthogonal neighbours: the first holds more.
    Maximum,
}

impl ConstraintKind {
    /// Every kind, in a fixed order.
    pub const ALL: [ConstraintKind; 47] = [
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
        ConstraintKind::Candidates,
        ConstraintKind::NonConsecutive,
        ConstraintKind::Whisper,
        ConstraintKind::Renban,
        ConstraintKind::Palindrome,
        ConstraintKind::LittleKiller,
        ConstraintKind::Sandwich,
        ConstraintKind::Pair,
        ConstraintKind::Regex,
        ConstraintKind::Between,
        ConstraintKind::Lockout,
        ConstraintKind::Entropic,
        ConstraintKind::Modular,
        ConstraintKind::ParityLine,
        ConstraintKind::Zipper,
        ConstraintKind::RegionSum,
        ConstraintKind::SlowThermometer,
        ConstraintKind::Skyscraper,
        ConstraintKind::XSum,
        ConstraintKind::Quadruple,
        ConstraintKind::Sum,
        ConstraintKind::Rellik,
        ConstraintKind::PillArrow,
        ConstraintKind::DoubleArrow,
        ConstraintKind::SumLine,
        ConstraintKind::Lunchbox,
        ConstraintKind::StateMachine,
        ConstraintKind::Clone,
        ConstraintKind::Indexer,
        ConstraintKind::NumberedRoom,
        ConstraintKind::HiddenSkyscraper,
        ConstraintKind::Or,
        ConstraintKind::HouseSum,
        ConstraintKind::FullRank,
        ConstraintKind::CountingCircles,
        ConstraintKind::Minimum,
        ConstraintKind::Maximum,
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
            ConstraintKind::Candidates => "candidates",
            ConstraintKind::NonConsecutive => "non-consecutive",
            ConstraintKind::Whisper => "whisper",
            ConstraintKind::Renban => "renban",
            ConstraintKind::Palindrome => "palindrome",
            ConstraintKind::LittleKiller => "little-killer",
            ConstraintKind::Sandwich => "sandwich",
            ConstraintKind::Pair => "pair",
            ConstraintKind::Regex => "regex",
            ConstraintKind::Between => "between",
            ConstraintKind::Lockout => "lockout",
            ConstraintKind::Entropic => "entropic",
            ConstraintKind::Modular => "modular",
            ConstraintKind::ParityLine => "parity-line",
            ConstraintKind::Zipper => "zipper",
            ConstraintKind::RegionSum => "region-sum",
            ConstraintKind::SlowThermometer => "slow-thermometer",
            ConstraintKind::Skyscraper => "skyscraper",
            ConstraintKind::XSum => "x-sum",
            ConstraintKind::Quadruple => "quadruple",
            ConstraintKind::Sum => "sum",
            ConstraintKind::Rellik => "rellik",
            ConstraintKind::PillArrow => "pill-arrow",
            ConstraintKind::DoubleArrow => "double-arrow",
            ConstraintKind::SumLine => "sum-line",
            ConstraintKind::Lunchbox => "lunchbox",
            ConstraintKind::StateMachine => "state-machine",
            ConstraintKind::Clone => "clone",
            ConstraintKind::Indexer => "indexer",
            ConstraintKind::NumberedRoom => "numbered-room",
            ConstraintKind::HiddenSkyscraper => "hidden-skyscraper",
            ConstraintKind::Or => "or",
            ConstraintKind::FullRank => "full-rank",
            ConstraintKind::CountingCircles => "counting-circles",
            ConstraintKind::Minimum => "minimum",
            ConstraintKind::Maximum => "maximum",
            ConstraintKind::HouseSum => "house-sum",
        }
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
    /// Never decreasing along the cells (a slow thermometer).
    NonDecreasing,
    /// The values of the cells between the first and the last lie strictly between theirs (a
    /// between line).
    Between,
    /// The first and the last cell differ by at least `difference`, and no cell between them
    /// holds a value from the smaller of theirs to the larger (a lockout line).
    Lockout {
        /// The least difference of the ends.
        difference: u32,
    },
    /// Cells the same distance from the middle of the line add up to one total, the middle
    /// cell's value when the line has an odd number of cells (a zipper line).
    Zipper,
    /// The cells, cut into consecutive segments, give every segment the same sum (a region-sum
    /// line cut by the region borders). `ends[j]`: the position after segment j.
    SegmentSums {
        /// Where each segment ends (exclusive), the last one at the line's length.
        ends: Vec<usize>,
    },
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
    /// The values along the cells, in order, are a sequence the automaton accepts (a regex
    /// line).
    Automaton(Arc<Automaton>),
    /// At least one branch holds (an `Or` rule): each branch's constraints and groups, on
    /// positions among the cells.
    Or(Arc<Alternatives>),
    /// Every row and column read as a number from both ends, and the ranks of some of them
    /// (full rank): the cells are the whole grid, in order.
    FullRank(Arc<FullRank>),
    /// Each cell's value is the number of the cells holding it (counting circles): a value is
    /// in none of them or in exactly that many.
    CountingCircles(Arc<Circles>),
}

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
            Relation::NonDecreasing => non_decreasing(domains),
            Relation::Between => ends(self.n, None, domains),
            &Relation::Lockout { difference } => ends(self.n, Some(difference), domains),
            Relation::Zipper => zipper(self.n, domains),
            Relation::SegmentSums { ends } => segment_sums(ends, domains),
            Relation::Sum { combinations: Some(_), .. } => unreachable!("filtered above"),
            &Relation::Sum { sum, combinations: None } => sum_filter(domains, Targets::Exactly(sum)),
            &Relation::SignedSum { difference, negated } => signed_sum(self.n, difference, negated, domains),
            Relation::Arrow => arrow(domains),
            Relation::Consecutive => consecutive(self.n, domains),
            &Relation::Sandwich { sum } => sandwich(self.n, sum, domains),
            Relation::Automaton(a) => automaton::automaton(a, domains),
            Relation::Or(alternatives) => or::filter(alternatives, domains),
            Relation::FullRank(rule) => rank::filter(rule, domains),
            Relation::CountingCircles(circles) => counting::filter(self.n, circles, domains),
        }?;
        Ok(self.required(domains))
    }

    /// True unless the values (`values[i]` for the i-th cell, 0 when empty) already break the
    /// constraint: what a plain search checks at each placement. For a full assignment it is
    /// exact.
    pub fn holds(&self, values: &[u8]) -> bool {
        if let Relation::FullRank(rule) = &self.relation {
            return rank::holds(rule, values);
        }
        if let Relation::Consecutive = self.relation {
            // Placed values differ and fit in one run of the line's length; the empty cells can
            // take the rest of it. (The filter's matching per window is for narrowing.)
            let placed = values.iter().filter(|&&v| v != 0);
            let (mut seen, mut lo, mut hi) = (0u64, u8::MAX, 0u8);
            for &v in placed {
                if seen & bit(u32::from(v)) != 0 {
                    return false;
                }
                seen |= bit(u32::from(v));
                (lo, hi) = (lo.min(v), hi.max(v));
            }
            return values.len() <= self.n && (seen == 0 || usize::from(hi - lo) < values.len());
        }
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
    /// allowed values, sums filtered by partial sums (totals under 128), automata, between,
    /// lockout and zipper lines and slow thermometers. A
    /// propagator need not queue such a constraint again for its own eliminations.
    ///
    /// An `Or` is not claimed: each branch runs to its own fixpoint, which makes a second pass
    /// remove nothing when every filter inside is monotone (narrower domains in, narrower out),
    /// but that is not established for every filter a branch may hold.
    pub fn idempotent(&self) -> bool {
        match &self.relation {
            Relation::Pair(_)
            | Relation::Allowed(_)
            | Relation::Automaton(_)
            | Relation::NonDecreasing
            | Relation::Between
            | Relation::Lockout { .. }
            | Relation::Zipper => true,
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
