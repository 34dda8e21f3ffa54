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

use std::collections::BTreeSet;

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
    let mut grids = vec![values.to_vec()];
    if rows == cols {
        grids.push((0..n * n).map(|i| values[(i % n) * n + i / n]).collect());
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
    let mut live: Vec<Cand> = (0..grids.len()).map(start).collect();
    let mut out = Vec::with_capacity(n * n);
    let shape = Shape { n, rows, cols };
    for _ in 0..n {
        let mut best: Option<Vec<u8>> = None;
        let mut next: Vec<Cand> = Vec::new();
        let mut seen: BTreeSet<Cand> = BTreeSet::new();
        for cand in &live {
            let grid = &grids[usize::from(cand.orient)];
            // Empty rows of one band are interchangeable: the first one stands for the others.
            let mut empty_tried = 0u64;
            for row in cand.next_rows(&shape) {
                let line = &grid[row * n..(row + 1) * n];
                if line.iter().all(|&v| v == 0) {
                    let band = 1u64 << (row / rows);
                    if empty_tried & band != 0 {
                        continue;
                    }
                    empty_tried |= band;
                }
                let Some((written, children)) = cand.place(row, line, &shape, best.as_deref())? else {
                    continue;
                };
                match best.as_ref().map(|b| written.cmp(b)) {
                    Some(std::cmp::Ordering::Greater) => continue,
                    Some(std::cmp::Ordering::Less) | None => {
                        best = Some(written);
                        next.clear();
                        seen.clear();
                    }
                    Some(std::cmp::Ordering::Equal) => {}
                }
                for child in children {
                    if seen.insert(child) {
                        next.push(child);
                        if next.len() > MAX_CANDIDATES {
                            return Err(CanonError::TooSymmetric);
                        }
                    }
                }
            }
        }
        out.extend(best.expect("every candidate has a row to place"));
        live = next;
    }
    Ok(out)
}

/// Refuses a value twice in a row or a column, which the search relies on (boxes are not
/// checked: the form is defined all the same).
fn check_clashes(values: &[u8], n: usize) -> Result<(), CanonError> {
    for line in 0..n {
        let row = |i: usize| line * n + i;
        let column = |i: usize| i * n + line;
        for (what, cell) in [("row", &row as &dyn Fn(usize) -> usize), ("column", &column)] {
            let mut seen = 0u128;
            for v in (0..n).map(|i| values[cell(i)]).filter(|&v| v != 0) {
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

/// A row placed: the row it writes and the candidates it leaves.
type Placed = (Vec<u8>, Vec<Cand>);

/// The class of a cell in a row being placed: empty, a value already labelled (its label), or
/// a value read for the first time (above every label).
fn class(v: u8, labels: &[u8; 65], n: usize) -> u8 {
    if v == 0 {
        0
    } else if labels[usize::from(v)] != 0 {
        labels[usize::from(v)]
    } else {
        n as u8 + 1
    }
}

/// The groups `cut` marks in positions `from..to`: (start, end) of each.
fn groups(cut: u64, from: usize, to: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut a = from;
    std::iter::from_fn(move || {
        if a >= to {
            return None;
        }
        let b = (a + 1..to).find(|&p| cut & (1 << p) != 0).unwrap_or(to);
        let group = (a, b);
        a = b;
        Some(group)
    })
}

impl Cand {
    /// The input rows that may be placed next.
    fn next_rows(&self, s: &Shape) -> Vec<usize> {
        if self.band_left != 0 {
            return (0..s.n).filter(|r| self.band_left & (1 << r) != 0).collect();
        }
        (0..s.n).filter(|r| r % s.rows == 0 && self.used & (1 << r) == 0).flat_map(|r| r..r + s.rows).collect()
    }

    /// Places input row `row` (its values `line`) next: the row it writes, and the candidates
    /// it leaves (several when ties number new values differently); `None` when that row is
    /// greater than `best` (the ties are not branched then).
    fn place(&self, row: usize, line: &[u8], s: &Shape, best: Option<&[u8]>) -> Result<Option<Placed>, CanonError> {
        let (n, c) = (s.n, s.cols);
        let stacks = n / c;
        let mut base = *self;
        base.used |= 1 << row;
        if base.band_left == 0 {
            let first = row - row % s.rows;
            base.band_left = ((1u64 << s.rows) - 1) << first;
        }
        base.band_left &= !(1u64 << row);
        // Within each stack: each undecided group split into empty cells (still a group),
        // labelled ones (by label) and new ones; the new ones, if more than one, are a tie to
        // branch on. A stack's key is its cells' classes in that order.
        let mut ties: Vec<Tie> = Vec::new();
        let mut key = [0u8; 64];
        let (mut order, mut cut) = (self.col_order, 0u64);
        for st in 0..stacks {
            let mut p = st * c;
            for (a, b) in groups(self.col_cut, st * c, (st + 1) * c) {
                let members = &self.col_order[a..b];
                let empty = members.iter().filter(|&&col| line[usize::from(col)] == 0);
                let mut known: Vec<(u8, u8)> = Vec::new();
                let mut new: Vec<u8> = Vec::new();
                for &col in members {
                    match class(line[usize::from(col)], &self.labels, n) {
                        0 => {}
                        k if usize::from(k) <= n => known.push((k, col)),
                        _ => new.push(col),
                    }
                }
                known.sort_unstable();
                let empties = empty.count();
                if empties > 0 {
                    let mut e: Vec<u8> = members.iter().copied().filter(|&col| line[usize::from(col)] == 0).collect();
                    e.sort_unstable();
                    cut |= 1 << p;
                    for col in e {
                        order[p] = col;
                        key[p] = 0;
                        p += 1;
                    }
                }
                for (k, col) in known {
                    cut |= 1 << p;
                    (order[p], key[p]) = (col, k);
                    p += 1;
                }
                new.sort_unstable();
                if new.len() > 1 {
                    ties.push(Tie::Cols { at: p, members: new.clone() });
                }
                for col in new {
                    cut |= 1 << p;
                    (order[p], key[p]) = (col, n as u8 + 1);
                    p += 1;
                }
            }
        }
        base.col_order = order;
        base.col_cut = cut;
        // The stacks of each undecided group in order of their keys; equal keys holding a new
        // value are a tie, all-empty ones stay undecided.
        let stack_key = |st: u8| &key[usize::from(st) * c..(usize::from(st) + 1) * c];
        let (mut slots, mut slot_cut) = (self.stack_order, 0u64);
        for (a, b) in groups(self.stack_cut, 0, stacks) {
            let mut sorted: Vec<u8> = self.stack_order[a..b].to_vec();
            sorted.sort_by(|&x, &y| stack_key(x).cmp(stack_key(y)).then(x.cmp(&y)));
            let mut i = 0;
            while i < sorted.len() {
                let j =
                    (i..sorted.len()).find(|&j| stack_key(sorted[j]) != stack_key(sorted[i])).unwrap_or(sorted.len());
                if stack_key(sorted[i]).iter().all(|&k| k == 0) {
                    slot_cut |= 1 << (a + i);
                } else {
                    if j - i > 1 {
                        ties.push(Tie::Stacks { at: a + i, members: sorted[i..j].to_vec() });
                    }
                    for k in i..j {
                        slot_cut |= 1 << (a + k);
                    }
                }
                slots[a + i..a + j].copy_from_slice(&sorted[i..j]);
                i = j;
            }
        }
        base.stack_order = slots;
        base.stack_cut = slot_cut;
        // The row written, the same whichever way the ties are broken; compared first, as most
        // rows tried lose.
        let mut probe = base;
        let written = probe.write(line, s);
        if best.is_some_and(|b| written.as_slice() > b) {
            return Ok(None);
        }
        // Every way to break the ties gives that row and its own labels.
        let mut children = vec![base];
        for tie in &ties {
            let orders = permutations(tie.members().len());
            if children.len().saturating_mul(orders.len()) > MAX_CANDIDATES {
                return Err(CanonError::TooSymmetric);
            }
            children = children
                .iter()
                .flat_map(|child| {
                    orders.iter().map(move |o| {
                        let mut c = *child;
                        tie.apply(&mut c, o);
                        c
                    })
                })
                .collect();
        }
        for child in &mut children {
            let again = child.write(line, s);
            debug_assert_eq!(again, written, "ties write the same row");
        }
        Ok(Some((written, children)))
    }

    /// The row `line` writes in this arrangement, numbering its new values.
    fn write(&mut self, line: &[u8], s: &Shape) -> Vec<u8> {
        let c = s.cols;
        let mut out = Vec::with_capacity(s.n);
        // An undecided group of stacks is empty in this row: its cells write 0.
        for slot in 0..s.n / c {
            let st = usize::from(self.stack_order[slot]);
            for &col in &self.col_order[st * c..(st + 1) * c] {
                let v = usize::from(line[usize::from(col)]);
                if v != 0 && self.labels[v] == 0 {
                    self.labels[v] = self.next;
                    self.next += 1;
                }
                out.push(self.labels[v]);
            }
        }
        out
    }
}

/// A tie to branch on: cells (or stacks) the row orders only by which new value gets the
/// smaller label, singletons from position (or slot) `at`.
enum Tie {
    Cols { at: usize, members: Vec<u8> },
    Stacks { at: usize, members: Vec<u8> },
}

impl Tie {
    fn members(&self) -> &[u8] {
        match self {
            Tie::Cols { members, .. } | Tie::Stacks { members, .. } => members,
        }
    }

    fn apply(&self, c: &mut Cand, order: &[usize]) {
        let (at, members, slots) = match self {
            Tie::Cols { at, members } => (*at, members, &mut c.col_order),
            Tie::Stacks { at, members } => (*at, members, &mut c.stack_order),
        };
        for (k, &o) in order.iter().enumerate() {
            slots[at + k] = members[o];
        }
    }
}

/// Every permutation of 0..k, in lexicographic order.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut p: Vec<usize> = (0..k).collect();
    loop {
        all.push(p.clone());
        let Some(i) = (1..k).rev().find(|&i| p[i - 1] < p[i]) else { return all };
        let j = (i..k).rev().find(|&j| p[j] > p[i - 1]).unwrap();
        p.swap(i - 1, j);
        p[i..].reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, k: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % k as u64) as usize
        }
        fn shuffle<T>(&mut self, v: &mut [T]) {
            for i in (1..v.len()).rev() {
                v.swap(i, self.below(i + 1));
            }
        }
    }

    /// A solved grid (the shifted-rows pattern), then shuffled by random symmetries.
    fn solution(rows: usize, cols: usize, rng: &mut Lcg) -> Vec<u8> {
        let n = rows * cols;
        let base: Vec<u8> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((cols * (r % rows) + r / rows + c) % n + 1) as u8
            })
            .collect();
        transform(&base, rows, cols, rng)
    }

    /// An order of 0..n that keeps groups of `size` together (bands or stacks).
    fn grouped_order(n: usize, size: usize, rng: &mut Lcg) -> Vec<usize> {
        let mut groups: Vec<usize> = (0..n / size).collect();
        rng.shuffle(&mut groups);
        groups
            .into_iter()
            .flat_map(|g| {
                let mut within: Vec<usize> = (g * size..(g + 1) * size).collect();
                rng.shuffle(&mut within);
                within
            })
            .collect()
    }

    /// `values` under a random symmetry: rows, columns, transposition (square boxes), labels.
    fn transform(values: &[u8], rows: usize, cols: usize, rng: &mut Lcg) -> Vec<u8> {
        let n = rows * cols;
        let row_order = grouped_order(n, rows, rng);
        let col_order = grouped_order(n, cols, rng);
        let mut labels: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut labels);
        let transpose = rows == cols && rng.below(2) == 1;
        (0..n * n)
            .map(|i| {
                let (r, c) = (row_order[i / n], col_order[i % n]);
                let v = if transpose { values[c * n + r] } else { values[r * n + c] };
                if v == 0 { 0 } else { labels[usize::from(v) - 1] }
            })
            .collect()
    }

    /// Some cells of a solution emptied.
    fn puzzle(rows: usize, cols: usize, keep_in: usize, rng: &mut Lcg) -> Vec<u8> {
        let mut p = solution(rows, cols, rng);
        p.iter_mut().for_each(|v| {
            if rng.below(keep_in) != 0 {
                *v = 0
            }
        });
        p
    }

    /// Every order of 0..n keeping groups of `size` together.
    fn all_grouped_orders(n: usize, size: usize) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        let within = permutations(size);
        for groups in permutations(n / size) {
            let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
            for &g in &groups {
                orders = orders
                    .into_iter()
                    .flat_map(|o| {
                        within.iter().map(move |w| {
                            let mut o = o.clone();
                            o.extend(w.iter().map(|&k| g * size + k));
                            o
                        })
                    })
                    .collect();
            }
            all.extend(orders);
        }
        all
    }

    /// The least relabelled grid over every symmetry, by trying them all.
    fn brute(values: &[u8], rows: usize, cols: usize) -> Vec<u8> {
        let n = rows * cols;
        let row_orders = all_grouped_orders(n, rows);
        let col_orders = all_grouped_orders(n, cols);
        let mut best: Option<Vec<u8>> = None;
        for transpose in [false, true] {
            if transpose && rows != cols {
                continue;
            }
            for ro in &row_orders {
                for co in &col_orders {
                    let mut labels = vec![0u8; n + 1];
                    let mut next = 1;
                    let g: Vec<u8> = (0..n * n)
                        .map(|i| {
                            let (r, c) = (ro[i / n], co[i % n]);
                            let v = usize::from(if transpose { values[c * n + r] } else { values[r * n + c] });
                            if v != 0 && labels[v] == 0 {
                                labels[v] = next;
                                next += 1;
                            }
                            labels[v]
                        })
                        .collect();
                    if best.as_ref().is_none_or(|b| g < *b) {
                        best = Some(g);
                    }
                }
            }
        }
        best.unwrap()
    }

    #[test]
    fn the_form_is_the_least_of_every_symmetry_on_small_grids() {
        let mut rng = Lcg(7);
        for (rows, cols, rounds) in [(2, 2, 150), (2, 3, 30), (1, 4, 40)] {
            for round in 0..rounds {
                let keep_in = 1 + round % 4;
                let p = puzzle(rows, cols, keep_in, &mut rng);
                assert_eq!(canonical(&p, rows, cols).unwrap(), brute(&p, rows, cols), "{rows}x{cols} {p:?}");
            }
        }
    }

    #[test]
    fn symmetric_copies_share_one_form() {
        let mut rng = Lcg(11);
        for (rows, cols, rounds) in [(3, 3, 40), (3, 4, 8), (4, 4, 8), (5, 5, 2)] {
            let n = rows * cols;
            for round in 0..rounds {
                // From half full to sparse (a 17-clue 9×9 keeps about one cell in five); a half
                // full 25×25 ties too many ways in its first rows (TooSymmetric).
                let keep_in = [2, 3, 5, 8][round % 4].max(if n >= 25 { 3 } else { 2 });
                let p = puzzle(rows, cols, keep_in, &mut rng);
                let form = canonical(&p, rows, cols).unwrap_or_else(|e| panic!("{n}x{n} 1/{keep_in}: {e}"));
                let copy = transform(&p, rows, cols, &mut rng);
                assert_eq!(canonical(&copy, rows, cols).unwrap(), form, "{n}x{n} round {round}");
                // The form is itself a copy, so it is its own form, with as many givens.
                assert_eq!(canonical(&form, rows, cols).unwrap(), form);
                assert_eq!(form.iter().filter(|&&v| v != 0).count(), p.iter().filter(|&&v| v != 0).count());
                assert!(form <= p || p.iter().any(|&v| v != 0), "never above a grid it could be");
            }
        }
    }

    #[test]
    fn empty_and_clashing_grids() {
        assert_eq!(canonical(&[0; 81], 3, 3).unwrap(), vec![0; 81]);
        assert_eq!(canonical(&[0; 64 * 64], 8, 8).unwrap(), vec![0; 64 * 64]);
        let mut clash = vec![0u8; 81];
        clash[0] = 5;
        clash[8] = 5;
        assert_eq!(canonical(&clash, 3, 3), Err(CanonError::Clash("5 is twice in row 1".into())));
        assert!(matches!(canonical(&[0; 80], 3, 3), Err(CanonError::Shape(_))));
        assert!(matches!(canonical(&[10; 81], 3, 3), Err(CanonError::Shape(_))));
    }
}
