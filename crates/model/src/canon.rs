//! Canonical forms of classic puzzles: the least grid, read row by row with an empty cell
//! smallest, among all the grids the sudoku symmetries make of a puzzle.
//!
//! The symmetries of an n×n classic grid with boxes `rows`×`cols`: permuting the bands (`rows`
//! rows each) and the rows within each band, the stacks (`cols` columns each) and the columns
//! within each stack, transposing when the boxes are square, and relabelling the values. Two
//! puzzles are the same puzzle up to these exactly when their canonical forms are equal, so the
//! form is an identifier for deduplicating sets (the "minlex" form of the puzzle community).
//!
//! The relabelling is never searched: for a given arrangement the least relabelling numbers the
//! values in the order they are first read. The arrangement is built a row at a time, breadth
//! first: every candidate arrangement of the rows placed so far tries every input row allowed
//! next (the rest of its band, or the first row of another band), and orders the columns for it
//! as far as that row decides: empty cells first, then values already labelled (in label
//! order), then new values. Columns (and whole stacks) that the row cannot tell apart stay
//! undecided and are ordered by later rows; only ties that would number new values differently
//! are branched. The rows giving the least row survive; duplicate states are merged.
//!
//! It runs without allocating per row tried (fixed arrays, buffers kept across rows and
//! puzzles through [`Canon`]), and a row is given up as soon as its written prefix is above the
//! least row found, nor placed at all when one of its givens must come before the least row's
//! first value: about 4 µs for a 17-clue 9×9 puzzle, where the same search with a vector per
//! step and a tree set of states took 24 µs (docs/datasets.md has the figures).

/// The candidate arrangements kept per row at most; past it the canonical form is refused
/// rather than computed without bound (highly symmetric sparse grids above 16×16).
pub const MAX_CANDIDATES: usize = 200_000;

/// Why a grid has no canonical form here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CanonError {
    /// The values are not an n×n grid of values 0..=n with the given box shape.
    Shape(String),
    /// A value appears twice in a row or column: the form is defined for puzzles whose givens
    /// do not clash.
    Clash(String),
    /// More than [`MAX_CANDIDATES`] arrangements stayed tied.
    TooSymmetric,
}

impl std::fmt::Display for CanonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CanonError::Shape(m) | CanonError::Clash(m) => f.write_str(m),
            CanonError::TooSymmetric => write!(
                f,
                "more than {MAX_CANDIDATES} arrangements of this grid stay tied; its canonical form is not computed"
            ),
        }
    }
}

impl std::error::Error for CanonError {}

/// The canonical form of `values` (row-major, 0 for an empty cell) on an n×n grid with boxes
/// of `rows`×`cols` cells.
///
/// ```
/// use coverlab_model::canon::canonical;
/// // Two 4×4 puzzles, one the other with its columns swapped within a stack and 1↔2 relabelled.
/// let a = [1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3];
/// let b = [0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 3];
/// assert_eq!(canonical(&a, 2, 2).unwrap(), canonical(&b, 2, 2).unwrap());
/// ```
pub fn canonical(values: &[u8], rows: usize, cols: usize) -> Result<Vec<u8>, CanonError> {
    Canon::default().form(values, rows, cols)
}

/// The buffers of the search, kept from one puzzle to the next: [`Canon::form`] on many
/// puzzles allocates nothing once they have grown.
#[derive(Default)]
pub struct Canon {
    /// The grid as given, then transposed (when the boxes are square).
    grids: Vec<u8>,
    /// The columns of each row of `grids` that hold a given (bit per column).
    givens: Vec<u64>,
    live: Vec<Cand>,
    next: Vec<Cand>,
    work: Work,
}

impl Canon {
    /// The canonical form of `values`, as [`canonical`] gives it.
    pub fn form(&mut self, values: &[u8], rows: usize, cols: usize) -> Result<Vec<u8>, CanonError> {
        let mut out = Vec::new();
        self.form_into(values, rows, cols, &mut out)?;
        Ok(out)
    }

    /// The canonical form of `values` written into `out` (cleared first).
    pub fn form_into(&mut self, values: &[u8], rows: usize, cols: usize, out: &mut Vec<u8>) -> Result<(), CanonError> {
        let n = rows * cols;
        if rows == 0 || cols == 0 || n > 64 || values.len() != n * n {
            return Err(CanonError::Shape(format!(
                "{} values are not a grid of {rows}×{cols} boxes ({n}×{n} = {} cells, n at most 64)",
                values.len(),
                n * n
            )));
        }
        if let Some(cell) = values.iter().position(|&v| usize::from(v) > n) {
            return Err(CanonError::Shape(format!(
                "r{}c{} holds {}, more than {n}",
                cell / n + 1,
                cell % n + 1,
                values[cell]
            )));
        }
        check_clashes(values, n)?;
        self.grids.clear();
        self.grids.extend_from_slice(values);
        let orients = if rows == cols { 2 } else { 1 };
        if orients == 2 {
            self.grids.extend((0..n * n).map(|i| values[(i % n) * n + i / n]));
        }
        let stacks = n / cols;
        // One group of every stack, and in each stack one group of its columns.
        let start = |orient: usize| Cand {
            orient: orient as u8,
            used: 0,
            band_left: 0,
            labels: [0; 65],
            next: 1,
            stack_order: std::array::from_fn(|i| i as u8),
            stack_cut: 1,
            col_order: std::array::from_fn(|i| i as u8),
            col_cut: (0..stacks).fold(0, |cut, s| cut | 1 << (s * cols)),
        };
        self.givens.clear();
        self.givens.extend(
            self.grids.chunks_exact(n).map(|row| (0..n).filter(|&i| row[i] != 0).fold(0u64, |m, i| m | 1 << i)),
        );
        self.live.clear();
        self.live.extend((0..orients).map(start));
        out.clear();
        out.reserve(n * n);
        let shape = Shape { n, rows, cols };
        for _ in 0..n {
            let mut best = [0u8; 64];
            let mut have_best = false;
            // The empty cells the least row found starts with: a row that cannot write as many
            // before its first value cannot tie it (see `Cand::last_places`).
            let mut lead = 0;
            self.next.clear();
            for cand in &self.live {
                let o = usize::from(cand.orient);
                let grid = &self.grids[o * n * n..(o + 1) * n * n];
                // Empty rows of one band are interchangeable: the first one stands for the others.
                let mut empty_tried = 0u64;
                let last = cand.last_places(&shape);
                let mut rows_left = cand.next_rows(&shape);
                while rows_left != 0 {
                    let row = rows_left.trailing_zeros() as usize;
                    rows_left &= rows_left - 1;
                    let givens = self.givens[o * n + row];
                    if have_best && leads_at_most(givens, &last, n) < lead {
                        continue;
                    }
                    let line = &grid[row * n..(row + 1) * n];
                    if givens == 0 {
                        let band = 1u64 << (row / rows);
                        if empty_tried & band != 0 {
                            continue;
                        }
                        empty_tried |= band;
                    }
                    let bound = have_best.then_some(&best[..n]);
                    let Some(base) = cand.place(row, line, &shape, bound, &mut self.work) else {
                        continue;
                    };
                    let written = &self.work.written[..n];
                    if !have_best || written < &best[..n] {
                        best[..n].copy_from_slice(written);
                        have_best = true;
                        lead = written.iter().position(|&v| v != 0).unwrap_or(n);
                        self.next.clear();
                    }
                    self.work.expand(base, line, &shape, &mut self.next)?;
                    if self.next.len() > MAX_CANDIDATES {
                        self.next.sort_unstable();
                        self.next.dedup();
                        if self.next.len() > MAX_CANDIDATES {
                            return Err(CanonError::TooSymmetric);
                        }
                    }
                }
            }
            assert!(have_best, "every candidate has a row to place");
            out.extend_from_slice(&best[..n]);
            self.next.sort_unstable();
            self.next.dedup();
            std::mem::swap(&mut self.live, &mut self.next);
        }
        Ok(())
    }
}

/// Refuses a value twice in a row or a column, which the search relies on (boxes are not
/// checked: the form is defined all the same).
fn check_clashes(values: &[u8], n: usize) -> Result<(), CanonError> {
    for line in 0..n {
        for (what, step, first) in [("row", 1, line * n), ("column", n, line)] {
            let mut seen = 0u128;
            for v in (0..n).map(|i| values[first + i * step]).filter(|&v| v != 0) {
                if seen & (1 << v) != 0 {
                    return Err(CanonError::Clash(format!("{v} is twice in {what} {}", line + 1)));
                }
                seen |= 1 << v;
            }
        }
    }
    Ok(())
}

struct Shape {
    n: usize,
    rows: usize,
    cols: usize,
}

/// The lowest `k` bits set (k up to 64).
fn low_bits(k: usize) -> u64 {
    if k >= 64 { u64::MAX } else { (1u64 << k) - 1 }
}

/// One arrangement of the rows placed so far, with the columns ordered as far as they decide.
/// Groups are kept sorted inside, so equal states compare equal.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Cand {
    /// 0: the grid as given, 1: transposed.
    orient: u8,
    /// Input rows placed (bit per row).
    used: u64,
    /// Rows of the band being placed still to place (bit per row); 0 between bands.
    band_left: u64,
    /// The label of each input value (0: not read yet).
    labels: [u8; 65],
    /// The next label to give.
    next: u8,
    /// The input stacks in the order of their slots.
    stack_order: [u8; 64],
    /// Bit i: a group of stacks not ordered yet among themselves starts at slot i.
    stack_cut: u64,
    /// Positions `s * cols ..` hold input stack s's columns in order.
    col_order: [u8; 64],
    /// Bit p: a group of columns not ordered yet among themselves starts at position p.
    col_cut: u64,
}

/// A tie to branch on: `len` cells (or stacks, `stacks`) from position (or slot) `at`, which
/// the row orders only by which new value gets the smaller label; their members are
/// `Work::members[from..from + len]`, in the order the base candidate has them.
#[derive(Clone, Copy)]
struct Tie {
    stacks: bool,
    at: usize,
    from: usize,
    len: usize,
}

/// What placing a row leaves for its expansion, in buffers kept from row to row.
struct Work {
    /// The row written.
    written: [u8; 64],
    ties: Vec<Tie>,
    members: Vec<u8>,
}

impl Default for Work {
    fn default() -> Work {
        Work { written: [0; 64], ties: Vec::new(), members: Vec::new() }
    }
}

/// The groups `cut` marks in positions `from..to`: (start, end) of each.
fn groups(cut: u64, from: usize, to: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut a = from;
    std::iter::from_fn(move || {
        if a >= to {
            return None;
        }
        let above = if a + 1 >= 64 { 0 } else { cut >> (a + 1) << (a + 1) };
        let b = if above == 0 { to } else { (above.trailing_zeros() as usize).min(to) };
        let group = (a, b);
        a = b;
        Some(group)
    })
}

/// Sorts a short slice (insertion sort: groups hold a few stacks).
fn sort_small<T: Copy>(v: &mut [T], cmp: impl Fn(&T, &T) -> std::cmp::Ordering) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && cmp(&v[j - 1], &x).is_gt() {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// The most empty cells a row with givens in the columns `givens` (bit per column) can write
/// first, the last places of the columns being `last`: fewer than the first of those places,
/// and than its empty cells.
fn leads_at_most(givens: u64, last: &[u8; 64], n: usize) -> usize {
    let mut lead = n - givens.count_ones() as usize;
    let mut left = givens;
    while left != 0 {
        lead = lead.min(usize::from(last[left.trailing_zeros() as usize]));
        left &= left - 1;
    }
    lead
}

impl Cand {
    /// The last place each input column can take in the rows written from now on (indexed by
    /// column): its group of columns stays within its stack, and its stack within its group of
    /// stacks, however later rows order them.
    fn last_places(&self, s: &Shape) -> [u8; 64] {
        let (c, stacks) = (s.cols, s.n / s.cols);
        let mut last = [0u8; 64];
        for (a, b) in groups(self.stack_cut, 0, stacks) {
            for &st in &self.stack_order[a..b] {
                let st = usize::from(st);
                for (ga, gb) in groups(self.col_cut, st * c, (st + 1) * c) {
                    let place = (b - 1) * c + (gb - 1 - st * c);
                    for &col in &self.col_order[ga..gb] {
                        last[usize::from(col)] = place as u8;
                    }
                }
            }
        }
        last
    }

    /// The input rows that may be placed next (bit per row).
    fn next_rows(&self, s: &Shape) -> u64 {
        if self.band_left != 0 {
            return self.band_left;
        }
        (0..s.n / s.rows)
            .map(|b| low_bits(s.rows) << (b * s.rows))
            .filter(|&band| self.used & band == 0)
            .fold(0, |all, band| all | band)
    }

    /// Places input row `row` (its values `line`) next: the candidate it leaves before its ties
    /// are broken, with the row it writes and the ties in `w`; `None` when that row is greater
    /// than `best` (the ties are not looked at then).
    fn place(&self, row: usize, line: &[u8], s: &Shape, best: Option<&[u8]>, w: &mut Work) -> Option<Cand> {
        let (n, c) = (s.n, s.cols);
        let stacks = n / c;
        let mut base = *self;
        base.used |= 1 << row;
        if base.band_left == 0 {
            let first = row - row % s.rows;
            base.band_left = low_bits(s.rows) << first;
        }
        base.band_left &= !(1u64 << row);
        w.ties.clear();
        w.members.clear();
        // Within each stack: each undecided group split into empty cells (still a group),
        // labelled ones (by label) and new ones; the new ones, if more than one, are a tie to
        // branch on. A stack's key is its cells' classes in that order. Groups are sorted
        // inside, so their empty cells and new ones come out sorted.
        let new_class = n as u8 + 1;
        let mut key = [0u8; 64];
        let (mut order, mut cut) = (self.col_order, 0u64);
        for st in 0..stacks {
            let mut p = st * c;
            for (a, b) in groups(self.col_cut, st * c, (st + 1) * c) {
                let members = &self.col_order[a..b];
                let empty_at = p;
                for &col in members {
                    if line[usize::from(col)] == 0 {
                        (order[p], key[p]) = (col, 0);
                        p += 1;
                    }
                }
                if p > empty_at {
                    cut |= 1 << empty_at;
                }
                let known_at = p;
                for &col in members {
                    let v = usize::from(line[usize::from(col)]);
                    if v != 0 && self.labels[v] != 0 {
                        (order[p], key[p]) = (col, self.labels[v]);
                        cut |= 1 << p;
                        p += 1;
                    }
                }
                // By label (a value is once in a row: its labels differ).
                for i in known_at + 1..p {
                    let (label, col) = (key[i], order[i]);
                    let mut j = i;
                    while j > known_at && key[j - 1] > label {
                        (key[j], order[j]) = (key[j - 1], order[j - 1]);
                        j -= 1;
                    }
                    (key[j], order[j]) = (label, col);
                }
                let new_at = p;
                for &col in members {
                    let v = usize::from(line[usize::from(col)]);
                    if v != 0 && self.labels[v] == 0 {
                        (order[p], key[p]) = (col, new_class);
                        cut |= 1 << p;
                        p += 1;
                    }
                }
                if p - new_at > 1 {
                    w.ties.push(Tie { stacks: false, at: new_at, from: w.members.len(), len: p - new_at });
                    w.members.extend_from_slice(&order[new_at..p]);
                }
            }
        }
        base.col_order = order;
        base.col_cut = cut;
        // The stacks of each undecided group in order of their keys; equal keys holding a new
        // value are a tie, all-empty ones stay undecided.
        // Up to 8 columns a stack (every classic size to 64×64 with square boxes), a stack's key
        // is packed in a number; wider ones compare their keys' bytes.
        let mut packed = [0u64; 64];
        if c <= 8 {
            for (st, k) in packed[..stacks].iter_mut().enumerate() {
                *k = key[st * c..(st + 1) * c].iter().fold(0, |k, &b| k << 8 | u64::from(b));
            }
        }
        let stack_key = |st: u8| &key[usize::from(st) * c..(usize::from(st) + 1) * c];
        let cmp = |x: u8, y: u8| {
            if c <= 8 { packed[usize::from(x)].cmp(&packed[usize::from(y)]) } else { stack_key(x).cmp(stack_key(y)) }
        };
        let (mut slots, mut slot_cut) = (self.stack_order, 0u64);
        for (a, b) in groups(self.stack_cut, 0, stacks) {
            let sorted = &mut slots[a..b];
            sort_small(sorted, |&x, &y| cmp(x, y).then(x.cmp(&y)));
            let mut i = 0;
            while i < sorted.len() {
                let j = (i..sorted.len()).find(|&j| cmp(sorted[j], sorted[i]).is_ne()).unwrap_or(sorted.len());
                if stack_key(sorted[i]).iter().all(|&k| k == 0) {
                    slot_cut |= 1 << (a + i);
                } else {
                    if j - i > 1 {
                        w.ties.push(Tie { stacks: true, at: a + i, from: w.members.len(), len: j - i });
                        w.members.extend_from_slice(&sorted[i..j]);
                    }
                    for k in i..j {
                        slot_cut |= 1 << (a + k);
                    }
                }
                i = j;
            }
        }
        base.stack_order = slots;
        base.stack_cut = slot_cut;
        // The row written, the same whichever way the ties are broken; compared as it is
        // written, as most rows tried lose.
        let mut probe = base;
        if !probe.write(line, s, &mut w.written, best) {
            return None;
        }
        Some(base)
    }

    /// Writes the row `line` writes in this arrangement into `out`, numbering its new values;
    /// gives up (false) as soon as it is above `best`.
    fn write(&mut self, line: &[u8], s: &Shape, out: &mut [u8; 64], best: Option<&[u8]>) -> bool {
        let c = s.cols;
        let mut i = 0;
        // Only while the prefix equals best's is the row compared.
        let mut tied = best.is_some();
        // An undecided group of stacks is empty in this row: its cells write 0.
        for slot in 0..s.n / c {
            let st = usize::from(self.stack_order[slot]);
            for &col in &self.col_order[st * c..(st + 1) * c] {
                let v = usize::from(line[usize::from(col)]);
                if v != 0 && self.labels[v] == 0 {
                    self.labels[v] = self.next;
                    self.next += 1;
                }
                let label = self.labels[v];
                if tied && let Some(best) = best {
                    match label.cmp(&best[i]) {
                        std::cmp::Ordering::Greater => return false,
                        std::cmp::Ordering::Less => tied = false,
                        std::cmp::Ordering::Equal => {}
                    }
                }
                out[i] = label;
                i += 1;
            }
        }
        true
    }
}

impl Work {
    /// Pushes onto `next` every way to break `base`'s ties (in `self`), each with the labels
    /// the row `line` gives it.
    fn expand(&mut self, base: Cand, line: &[u8], s: &Shape, next: &mut Vec<Cand>) -> Result<(), CanonError> {
        let start = next.len();
        next.push(base);
        for t in 0..self.ties.len() {
            let tie = self.ties[t];
            let orders = (2..=tie.len).fold(1usize, |f, k| f.saturating_mul(k));
            if (next.len() - start).saturating_mul(orders) > MAX_CANDIDATES {
                return Err(CanonError::TooSymmetric);
            }
            let members = &self.members[tie.from..tie.from + tie.len];
            let end = next.len();
            for i in start..end {
                // The base holds the first order (0, 1, …); every other one is a new candidate.
                let mut order: [u8; 64] = std::array::from_fn(|k| k as u8);
                while next_permutation(&mut order[..tie.len]) {
                    let mut child = next[i];
                    let slots = if tie.stacks { &mut child.stack_order } else { &mut child.col_order };
                    for (k, &o) in order[..tie.len].iter().enumerate() {
                        slots[tie.at + k] = members[usize::from(o)];
                    }
                    next.push(child);
                }
            }
        }
        let mut scratch = [0u8; 64];
        for child in &mut next[start..] {
            child.write(line, s, &mut scratch, None);
        }
        Ok(())
    }
}

/// The next permutation of `p` in lexicographic order; false (and `p` unchanged) after the last.
#[doc(hidden)]
pub fn next_permutation(p: &mut [u8]) -> bool {
    let k = p.len();
    let Some(i) = (1..k).rev().find(|&i| p[i - 1] < p[i]) else { return false };
    let j = (i..k).rev().find(|&j| p[j] > p[i - 1]).expect("p[i] is above p[i - 1]");
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}
