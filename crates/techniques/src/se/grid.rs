//! The 9×9 board the Sudoku Explainer scale works on: a value or a candidate mask per cell, and
//! the 27 houses in SE's own orders (blocks, then rows, then columns; a block's cells row by
//! row), which decide which step is found first.

/// Candidates of a cell: bit v (1..=9) set when v is possible.
pub(crate) type Mask = u16;

/// House kinds, numbered as SE numbers its region types.
pub(crate) const BLOCK: usize = 0;
pub(crate) const ROW: usize = 1;
pub(crate) const COLUMN: usize = 2;

/// The cells of every house, by kind and index, in SE's order.
const HOUSES: [[[usize; 9]; 9]; 3] = {
    let mut t = [[[0; 9]; 9]; 3];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            t[BLOCK][i][k] = (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3;
            t[ROW][i][k] = i * 9 + k;
            t[COLUMN][i][k] = k * 9 + i;
            k += 1;
        }
        i += 1;
    }
    t
};

/// The house index of every cell, by kind.
const HOUSE_OF: [[usize; 81]; 3] = {
    let mut t = [[0; 81]; 3];
    let mut c = 0;
    while c < 81 {
        t[BLOCK][c] = c / 27 * 3 + c % 9 / 3;
        t[ROW][c] = c / 9;
        t[COLUMN][c] = c % 9;
        c += 1;
    }
    t
};

/// The 20 peers of every cell, in increasing order.
const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            if o != c && (o / 9 == c / 9 || o % 9 == c % 9 || HOUSE_OF[BLOCK][o] == HOUSE_OF[BLOCK][c]) {
                t[c][n] = o as u8;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    t
};

/// The cells of every house as a set (bit c for cell c), by kind and index.
pub(crate) const HOUSE_SETS: [[u128; 9]; 3] = {
    let mut t = [[0; 9]; 3];
    let mut kind = 0;
    while kind < 3 {
        let mut i = 0;
        while i < 9 {
            let mut k = 0;
            while k < 9 {
                t[kind][i] |= 1 << HOUSES[kind][i][k];
                k += 1;
            }
            i += 1;
        }
        kind += 1;
    }
    t
};

/// The peers of every cell as three sets (bit c for cell c): its block's other cells, then its
/// row's and its column's outside the block; ascending cells in each follow the house's order.
pub(crate) const PEER_SETS: [[u128; 3]; 81] = {
    let mut t = [[0; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let block = HOUSE_SETS[BLOCK][HOUSE_OF[BLOCK][c]];
        t[c][0] = block & !(1 << c);
        t[c][1] = HOUSE_SETS[ROW][HOUSE_OF[ROW][c]] & !block;
        t[c][2] = HOUSE_SETS[COLUMN][HOUSE_OF[COLUMN][c]] & !block;
        c += 1;
    }
    t
};

/// The 20 peers of `cell` as a set (bit c for cell c).
pub(crate) fn peer_set(cell: usize) -> u128 {
    let [block, row, column] = PEER_SETS[cell];
    block | row | column
}

/// The cells of house `i` (0..9) of `kind`, in SE's order.
pub(crate) fn house(kind: usize, i: usize) -> [usize; 9] {
    HOUSES[kind][i]
}

/// The index of the house of `kind` holding `cell`.
pub(crate) fn house_of(kind: usize, cell: usize) -> usize {
    HOUSE_OF[kind][cell]
}

/// Whether two distinct cells share a house.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || house_of(BLOCK, a) == house_of(BLOCK, b))
}

/// The 20 peers of every cell, in increasing order.
pub(crate) fn peers(cell: usize) -> impl Iterator<Item = usize> {
    PEERS[cell].iter().map(|&o| o as usize)
}

/// Values placed and candidates left.
#[derive(Clone, PartialEq, Eq)]
#[doc(hidden)]
pub struct Grid {
    #[doc(hidden)]
    pub value: [u8; 81],
    #[doc(hidden)]
    pub cand: [Mask; 81],
}

impl Grid {
    /// The givens (0: empty) with every candidate a peer's given does not rule out.
    #[doc(hidden)]
    pub fn new(givens: &[u8; 81]) -> Grid {
        let mut grid = Grid { value: [0; 81], cand: [0x3fe; 81] };
        for (cell, &v) in givens.iter().enumerate() {
            if v != 0 {
                grid.place(cell, v);
            }
        }
        grid
    }

    /// Puts `v` in `cell` and removes it from the cell's peers.
    pub(crate) fn place(&mut self, cell: usize, v: u8) {
        self.value[cell] = v;
        self.cand[cell] = 0;
        for p in peers(cell) {
            self.cand[p] &= !(1 << v);
        }
    }

    /// The places of each value (bit c for cell c), indexed by value (0 unused).
    pub(crate) fn places_by_value(&self) -> [u128; 10] {
        let mut out = [0u128; 10];
        for (c, &m) in self.cand.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                out[m.trailing_zeros() as usize] |= 1 << c;
                m &= m - 1;
            }
        }
        out
    }

    pub(crate) fn has(&self, cell: usize, v: u8) -> bool {
        self.cand[cell] >> v & 1 == 1
    }

    pub(crate) fn count(&self, cell: usize) -> u32 {
        self.cand[cell].count_ones()
    }

    pub(crate) fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The positions (0..9, bit k for the house's k-th cell) of `v` in a house.
    pub(crate) fn places(&self, cells: &[usize; 9], v: u8) -> u16 {
        let mut bits = 0;
        for (k, &c) in cells.iter().enumerate() {
            if self.has(c, v) {
                bits |= 1 << k;
            }
        }
        bits
    }

    pub(crate) fn empty_cells(&self, cells: &[usize; 9]) -> usize {
        cells.iter().filter(|&&c| self.value[c] == 0).count()
    }

    /// How many times `v` is placed.
    pub(crate) fn placed(&self, v: u8) -> usize {
        self.value.iter().filter(|&&x| x == v).count()
    }
}

/// The values of a mask, lowest first.
pub(crate) fn values(mask: Mask) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&v| mask >> v & 1 == 1)
}

/// The bit positions of a 9-bit position set, lowest first.
pub(crate) fn bits(set: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |&k| set >> k & 1 == 1)
}

/// The k-subsets of 0..9 as bit sets, in SE's order (its `Permutations`: lexicographic on the
/// positions, lowest first); computed once.
pub(crate) fn combinations(k: usize) -> &'static [u16] {
    fn go(start: usize, k: usize, acc: u16, out: &mut Vec<u16>) {
        if k == 0 {
            out.push(acc);
            return;
        }
        for i in start..=9 - k {
            go(i + 1, k - 1, acc | 1 << i, out);
        }
    }
    static ALL: std::sync::LazyLock<Vec<Vec<u16>>> = std::sync::LazyLock::new(|| {
        (0..=9)
            .map(|k| {
                let mut out = Vec::new();
                go(0, k, 0, &mut out);
                out
            })
            .collect()
    });
    &ALL[k]
}

/// What one step's searches leave to the next: for each rule that reads a single value's places
/// only (fish, strong links, X-chains and cycles, Nishio), the places each value had when that
/// rule last found nothing for it. A value whose places are the same again is skipped, since the
/// rule would find nothing for it again; each step removes a few candidates, so most are.
#[doc(hidden)]
pub struct Memo {
    nothing: [[u128; 10]; Memo::SLOTS],
    /// Aligned pair and triplet exclusion: the candidates when each last found nothing.
    pub(crate) aligned: [Option<[Mask; 81]>; 2],
    /// Naked and hidden sets (see [`Memo::SETS`]): each house's candidates (by kind × 9 +
    /// index) when the rule last found nothing in it. A set's step in a house depends on that
    /// house's candidates alone, so a house whose candidates are the same again is skipped.
    sets: Box<[[[Mask; 9]; 27]; Memo::SET_SLOTS]>,
    /// The grid [`Memo::keys`] last answered for (candidates; a rating's grids all differ in
    /// them) and its answer: the rules of one step ask for the same keys.
    keys_of: Option<[Mask; 81]>,
    keys: [u128; 10],
}

impl Memo {
    /// Fish of 2, 3, 4 lines: slots 0, 1, 2.
    pub(crate) const FISH: usize = 0;
    /// Chains of 2, 3, 4 strong links: slots 3, 4, 5.
    pub(crate) const STRONG_LINKS: usize = 3;
    /// The X pass of the cycles and forcing chains.
    pub(crate) const X_CHAINS: usize = 6;
    /// Nishio forcing chains.
    pub(crate) const NISHIO: usize = 7;
    const SLOTS: usize = 8;
    /// Set rules: direct hidden pairs and triplets (slots 0, 1), hidden pairs to quads (2 to
    /// 4), naked pairs to quads (5 to 7).
    pub(crate) const SETS: [usize; 3] = [0, 2, 5];
    const SET_SLOTS: usize = 8;

    #[doc(hidden)]
    pub fn new() -> Memo {
        // No real key has bits above 100: nothing is known yet.
        // No real candidate mask has bits above 9: nothing is known yet.
        Memo {
            nothing: [[u128::MAX; 10]; Memo::SLOTS],
            aligned: [None; 2],
            sets: Box::new([[[Mask::MAX; 9]; 27]; Memo::SET_SLOTS]),
            keys_of: None,
            keys: [0; 10],
        }
    }

    /// Whether set rule `slot` found nothing in house `kind`, `i` when its cells had the
    /// candidates `masks`.
    pub(crate) fn set_found_nothing(&self, slot: usize, kind: usize, i: usize, masks: &[Mask; 9]) -> bool {
        self.sets[slot][kind * 9 + i] == *masks
    }

    /// Notes that set rule `slot` finds nothing in house `kind`, `i` with candidates `masks`.
    pub(crate) fn set_nothing_in(&mut self, slot: usize, kind: usize, i: usize, masks: [Mask; 9]) {
        self.sets[slot][kind * 9 + i] = masks;
    }

    /// Each value's key on `grid`: its places, and how many times it is placed.
    pub(crate) fn keys(&mut self, grid: &Grid) -> [u128; 10] {
        if self.keys_of.as_ref() != Some(&grid.cand) {
            let mut keys = grid.places_by_value();
            let mut placed = [0u128; 10];
            for &v in &grid.value {
                placed[v as usize] += 1;
            }
            for (v, key) in keys.iter_mut().enumerate().skip(1) {
                *key |= placed[v] << 96;
            }
            self.keys = keys;
            self.keys_of = Some(grid.cand);
        }
        self.keys
    }

    /// Whether `slot`'s rule found nothing for `v` when its key was `keys[v]`.
    pub(crate) fn found_nothing(&self, slot: usize, keys: &[u128; 10], v: u8) -> bool {
        self.nothing[slot][v as usize] == keys[v as usize]
    }

    /// Notes that `slot`'s rule finds nothing for `v` at `keys[v]`.
    pub(crate) fn nothing_for(&mut self, slot: usize, keys: &[u128; 10], v: u8) {
        self.nothing[slot][v as usize] = keys[v as usize];
    }

    /// Notes that `slot`'s rule finds nothing for any value at `keys`.
    pub(crate) fn nothing_at_all(&mut self, slot: usize, keys: &[u128; 10]) {
        self.nothing[slot] = *keys;
    }
}

/// The `k`-subsets of `0..n` in SE's order (its `Permutations`: increasing as bit masks).
pub(crate) struct Colex {
    next: Option<u64>,
    n: usize,
}

impl Colex {
    pub(crate) fn new(k: usize, n: usize) -> Colex {
        // SE's Permutations yield nothing from an empty set, even the empty subset.
        Colex { next: (n > 0).then(|| (1u64 << k) - 1), n }
    }
}

impl Iterator for Colex {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let value = self.next?;
        if value >> self.n != 0 {
            self.next = None;
            return None;
        }
        self.next = if value == 0 {
            None
        } else {
            let smallest = value & value.wrapping_neg();
            let ripple = value + smallest;
            Some(ripple | (((value ^ ripple) >> 2) / smallest))
        };
        Some((0..self.n).filter(|&i| value >> i & 1 == 1).collect())
    }
}
