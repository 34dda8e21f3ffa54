//! `band-9x9`: a bit-parallel kernel for classic 9×9 only, in the band representation of
//! JCZSolve (zhouyundong's solver, 2012, as described on the Enjoy Sudoku Players Forum) and
//! tdoku (t-dillon, "Fast Sudoku solvers", 2019). Written here from those published ideas; no code
//! is taken from either, nor from the Rust `sudoku` crate (a JCZSolve port).
//!
//! # Representation
//! The grid is three bands of three rows. For each digit `d` and band `b`, one `u32` holds the 27
//! cells of the band where `d` may still go (bit `9 * row + column`, row and column within the
//! band). A digit placed in a cell keeps its bit there (it is the only bit left in that row), so
//! the solution can be read off the bitboards. Besides the 27 words the state holds each word as
//! it was last shrunk and, per band, the unsolved cells and the (digit, row) pairs already placed:
//! 240 bytes, copied on each guess.
//!
//! # Propagation (a fixpoint of)
//! - Band shrink (box–row interactions): within a band each digit takes exactly one cell in each
//!   of the three rows and in each of the three boxes, so the (row, box) pairs it still has form a
//!   3×3 boolean matrix whose choices must be permutations. Two 512-entry tables give the 9-bit
//!   matrix of a word (`SHRINK` per row) and the cells of every (row, box) triplet used by some
//!   permutation that fits the matrix (`COMPLEX`); one `and` removes all the others (pointing and
//!   claiming along rows, and more), and an empty result is a contradiction. This also finds
//!   hidden singles in rows and boxes: a box with one place forces its row.
//! - Pointing along columns, in the same update: a column that is the digit's only one in a box
//!   of the band leaves the digit's words of the other two bands (a table on the band's 9-bit
//!   column set, as JCZSolve does).
//! - Row singles: a row of a word left with one bit is a placement. It removes the cell from the
//!   other eight digits of the band (its column already left the other bands by pointing).
//!   A word is shrunk again only if it changed since its last shrink (JCZSolve keeps a copy of
//!   each word for this). Here the changed words are gathered into a 27-bit mask and updated in
//!   passes over its set bits, so an unchanged word costs no branch; passes repeat until no word
//!   changed.
//! - Naked singles, then: per band, three accumulators over the nine digits give the cells with
//!   at least one, two, three candidates (bit-parallel counting). An unsolved cell with none is a
//!   contradiction; a cell with one is placed (its row is cut to it).
//! - Stack shrink (box–column interactions), when nothing else is left: the band shrink turned
//!   by a quarter. In each stack a digit takes one column per band and one band per column, so
//!   its (band, column) pairs must fit a permutation too (`PERM9`). With the band shrink this
//!   also places hidden singles in columns and finds a digit with no place in a column.
//!
//! # Search
//! Depth-first, copy-on-guess: a guess copies the whole state to the next slot of a small stack.
//! It branches on a bivalue cell, choosing the one whose two branches remove the most: its score
//! counts the candidates of its two digits among its unsolved peers, those in bivalue peers
//! (which become naked singles) three times. On the hard sets this needs 40-60% fewer guesses than
//! "the first bivalue cell" (magictour 17 instead of 38 per puzzle, counting to 2). Without a
//! bivalue cell it takes the cell with the fewest candidates; digits ascending.
//!
//! # Other specs
//! The kernel runs only when the spec is exactly classic 9×9: size 9 and 27 houses that are the
//! rows, columns and 3×3 boxes, and no other unit. For any other spec, `band-9x9` hands the puzzle
//! to the generic [`Fast`] kernel (with its default options), which traces under this strategy's
//! name: a trace says `start band-9x9` whichever kernel ran. `auto` (in `auto.rs`) is the same,
//! with `fast`'s CaDiCaL hand-over for large grids.
//!
//! # Traces
//! With a tracing sink, a const-generic copy of the kernel emits every placement as
//! `place … propagated` (the propagation finds them in bulk, in an order in which a naked or
//! hidden single claim need not hold yet; the replay checker verifies that each is legal),
//! `guess`, `backtrack` and `solution`. It emits no `conflict` events (they are optional) and no
//! eliminations: box–line removals are not stated, which is why placements do not claim singles.

use std::sync::Arc;

use crate::fast::{Config, Fast};

use coverlab_engine::{Limits, Outcome, PlaceReason, Search, Strategy, TraceEvent, TraceSink};
use coverlab_model::{Grid, Model, Puzzle, Value};

/// The strategy's registered name.
const NAME: &str = "band-9x9";

/// All 27 cells of a band.
#[doc(hidden)]
pub const BAND: u32 = (1 << 27) - 1;

/// The cells of row `r` of a band.
#[doc(hidden)]
pub const ROW: [u32; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];

/// The cells of box `k` of a band.
const BOX_IN_BAND: [u32; 3] =
    [0x7 | 0x7 << 9 | 0x7 << 18, 0x38 | 0x38 << 9 | 0x38 << 18, 0x1c0 | 0x1c0 << 9 | 0x1c0 << 18];

/// For each cell of a band: its peers within the band (its row and its box, itself excluded).
const PEERS_IN_BAND: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut q = 0;
    while q < 27 {
        t[q] = (ROW[q / 9] | BOX_IN_BAND[(q % 9) / 3]) & !(1 << q);
        q += 1;
    }
    t
};

/// The rows (a 3-bit set) as cells of a band.
const ROWS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut s = 0;
    while s < 8 {
        let mut r = 0;
        while r < 3 {
            if s & (1 << r) != 0 {
                t[s] |= 0x1ff << (9 * r);
            }
            r += 1;
        }
        s += 1;
    }
    t
};

/// For the 9 cells of one row of a band: which of its three box segments (3 cells each) are not
/// empty, as 3 bits.
#[doc(hidden)]
pub static SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// For a (row, box) matrix of a digit in a band (bit `3 * row + box`): the cells of the band that
/// lie in a triplet used by some permutation (one box per row, one row per box) that fits the
/// matrix; 0 when none fits.
#[doc(hidden)]
pub static COMPLEX: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut fits = true;
            let mut cells = 0u32;
            let mut r = 0;
            while r < 3 {
                let k = perm[r];
                if s & (1 << (3 * r + k)) == 0 {
                    fits = false;
                }
                cells |= 7 << (9 * r + 3 * k);
                r += 1;
            }
            if fits {
                t[s] |= cells;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// For a 3×3 boolean matrix (bit `3 * row + column`): the entries used by some permutation that
/// fits it (one column per row, one row per column); 0 when none fits.
static PERM9: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let cells = COMPLEX[s];
        let mut r = 0;
        while r < 3 {
            let mut k = 0;
            while k < 3 {
                if cells & (1 << (9 * r + 3 * k)) != 0 {
                    t[s] |= 1 << (3 * r + k);
                }
                k += 1;
            }
            r += 1;
        }
        s += 1;
    }
    t
};

/// For the columns (9 bits) where a digit may go in one band: the cells of another band that
/// keep it, i.e. all but the columns that are the digit's only column within their box.
static POINTING: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut keep = BAND;
        let mut k = 0;
        while k < 3 {
            let seg = (s >> (3 * k)) & 7;
            if seg == 1 || seg == 2 || seg == 4 {
                let col = (seg << (3 * k)) as u32;
                keep &= !(col | col << 9 | col << 18);
            }
            k += 1;
        }
        t[s] = keep;
        s += 1;
    }
    t
};

/// A 3-bit set's size.
const POP3: [u8; 8] = [0, 1, 1, 2, 1, 2, 2, 3];

/// The whole search state of one decision level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Board {
    /// Candidates: word `9 * band + digit`, bit `9 * row + column` within the band.
    f: [u32; 27],
    /// Each word as it was after its last shrink: a word that differs must be shrunk again.
    prev: [u32; 27],
    /// Cells not placed yet, per band.
    unsolved: [u32; 3],
    /// Per band, bit `3 * digit + row`: the digit is placed in that row of the band.
    solved: [u32; 3],
}

impl Board {
    /// Every candidate, no word shrunk yet.
    const EMPTY: Board = Board { f: [BAND; 27], prev: [0; 27], unsolved: [BAND; 3], solved: [0; 3] };

    /// The values, row-major (for a fully placed board: the solution).
    fn values(&self) -> Vec<Value> {
        let mut values = vec![0; 81];
        for b in 0..3 {
            for d in 0..9 {
                let mut x = self.f[9 * b + d] & !self.unsolved[b];
                while x != 0 {
                    values[27 * b + x.trailing_zeros() as usize] = d as Value + 1;
                    x &= x - 1;
                }
            }
        }
        values
    }

    /// The words changed since their last shrink, bit `9 * band + digit`.
    #[inline(always)]
    fn changed(&self) -> u32 {
        let mut m = 0;
        for i in 0..27 {
            m |= u32::from(self.f[i] != self.prev[i]) << i;
        }
        m
    }

    /// `cells` (one per row at most) of `band` now hold digit `d`: they leave the unsolved set and
    /// the other digits' words, and their columns leave the digit's words of the other bands.
    #[inline(always)]
    fn eliminate(&mut self, d: usize, band: usize, cells: u32) {
        self.clear_cells(d, band, cells);
        let cols = (cells | cells >> 9 | cells >> 18) & 0x1ff;
        let column_cells = !(cols | cols << 9 | cols << 18);
        self.f[9 * ((band + 1) % 3) + d] &= column_cells;
        self.f[9 * ((band + 2) % 3) + d] &= column_cells;
    }

    /// `cells` of `band` now hold digit `d`: they leave the unsolved set and the other digits'
    /// words.
    #[inline(always)]
    fn clear_cells(&mut self, d: usize, band: usize, cells: u32) {
        self.unsolved[band] &= !cells;
        let own = self.f[9 * band + d];
        for e in 0..9 {
            self.f[9 * band + e] &= !cells;
        }
        self.f[9 * band + d] = own;
    }

    /// Places digit `d` at `bit` of `band` (a given or a guess). The cell must still have the
    /// digit as a candidate.
    #[inline]
    fn assign(&mut self, d: usize, band: usize, bit: usize) {
        let p = 1u32 << bit;
        let r = bit / 9;
        self.f[9 * band + d] &= !(ROW[r] ^ p);
        self.solved[band] |= 1 << (3 * d + r);
        self.eliminate(d, band, p);
    }
}

/// One open decision: a cell (band and bit), the digits left to try, and k of m.
#[derive(Debug, Clone, Copy)]
struct Frame {
    band: u8,
    bit: u8,
    rest: u16,
    k: u8,
    m: u8,
}

/// What the propagation left: a solution, or a cell to branch on.
#[derive(Debug, Clone, Copy)]
enum Next {
    Solved,
    Branch { band: usize, bit: usize },
}

/// The contradiction marker of the propagation.
#[derive(Debug)]
struct Dead;

/// `band-9x9`: see the module doc.
pub struct Band9 {
    /// `band-9x9`, or `auto` (the default: the same kernel, with `fast-sat` for other specs).
    name: &'static str,
    /// The generic kernel, for every spec other than classic 9×9.
    fallback: Fast,
    /// The generic kernel for specs with constraints beyond houses, when it differs (`auto`).
    constrained: Option<Fast>,
    /// The generic kernel for specs whose constraints beyond houses hold no sum (no cage, arrow,
    /// little killer or sandwich), when it differs from `constrained` (`auto`).
    unsummed: Option<Fast>,
    /// From this grid size up, the generic kernels for specs with constraints beyond houses, when
    /// they differ from `constrained` and `unsummed` (`auto`): the first when some constraint adds
    /// values up ([`adds_up`]), the second when every constraint is a pair rule or a modular line
    /// ([`pairs_and_modular_only`]); other specs keep `constrained` or `unsummed`.
    large: Option<(usize, Fast, Fast)>,
    /// The last model seen and which kernel runs it.
    cache: Option<(Arc<Model>, Kind)>,
    /// One board per decision level, reused across solves.
    stack: Vec<Board>,
    frames: Vec<Frame>,
}

impl Band9 {
    /// `band-9x9`: the kernel on classic 9×9, `fast` with its default options elsewhere.
    pub fn new() -> Band9 {
        Band9::with_fallback(NAME, Config::DEFAULT)
    }

    /// A strategy named `name`: the kernel on classic 9×9, and `fast` running `config` (under
    /// this name) on every other spec.
    pub fn with_fallback(name: &'static str, config: Config) -> Band9 {
        Band9 {
            name,
            fallback: Fast::new(name, config, 0),
            constrained: None,
            unsummed: None,
            large: None,
            cache: None,
            stack: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// The same, with `fast` running `config` on specs with constraints beyond houses.
    pub fn with_constrained(mut self, config: Config) -> Band9 {
        self.constrained = Some(Fast::new(self.name, config, 0));
        self
    }

    /// The same, with `fast` running `config` on specs whose constraints beyond houses hold no
    /// sum ([`has_sums`]).
    pub fn with_unsummed(mut self, config: Config) -> Band9 {
        self.unsummed = Some(Fast::new(self.name, config, 0));
        self
    }

    /// The same, with `fast` running `adding` on specs of `from` cells a side and more whose
    /// constraints beyond houses add values up ([`adds_up`]), and `pairs` on those of that size
    /// whose constraints are all pair rules or modular lines ([`pairs_and_modular_only`]).
    pub fn with_large_constrained(mut self, from: usize, adding: Config, pairs: Config) -> Band9 {
        self.large = Some((from, Fast::new(self.name, adding, 0), Fast::new(self.name, pairs, 0)));
        self
    }
}

impl Default for Band9 {
    fn default() -> Self {
        Band9::new()
    }
}

impl std::fmt::Debug for Band9 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Band9").finish_non_exhaustive()
    }
}

/// Which kernel runs a model: the bit-parallel one, or one of the generic configurations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Classic 9×9: the kernel.
    Classic9x9,
    /// Houses and groups only.
    Houses,
    /// Constraints beyond houses, some adding values up ([`has_sums`]).
    Summed,
    /// Constraints beyond houses, none adding values up.
    Unsummed,
    /// A grid of the large kernels' size or more, with constraints beyond houses of which some
    /// add values up ([`adds_up`]).
    LargeAdding,
    /// A grid of the large kernels' size or more whose constraints beyond houses are all pair
    /// rules or modular lines.
    LargePairs,
}

impl Kind {
    /// The kind of `model`; `large_from`: the size from which specs with constraints beyond
    /// houses are told apart by [`adds_up`] and [`pairs_and_modular_only`].
    fn of(model: &Model, large_from: Option<usize>) -> Kind {
        if is_classic_9x9(model) {
            Kind::Classic9x9
        } else if model.constraints().is_empty() {
            Kind::Houses
        } else if large_from.is_some_and(|from| model.size() >= from) && adds_up(model) {
            Kind::LargeAdding
        } else if large_from.is_some_and(|from| model.size() >= from) && pairs_and_modular_only(model) {
            Kind::LargePairs
        } else if has_sums(model) {
            Kind::Summed
        } else {
            Kind::Unsummed
        }
    }
}

/// True when some constraint beyond houses adds values up: a cage, an arrow, a little killer, a
/// sandwich (or the sums the model derives from them).
pub fn has_sums(model: &Model) -> bool {
    use coverlab_model::Relation;
    model.constraints().iter().any(|c| {
        matches!(
            c.relation,
            Relation::Sum { .. } | Relation::SignedSum { .. } | Relation::Arrow | Relation::Sandwich { .. }
        )
    })
}

/// True when some constraint beyond houses comes from a rule that adds values up, whatever its
/// relation: a cage, an arrow (pill and double arrows too), a little killer, a sandwich, a sum,
/// a sum, region-sum or zipper line, a lunchbox, an X-sum, or a sum the model derives. Wider
/// than [`has_sums`], which looks at the relations (pill and double arrows, sum lines, lunchboxes
/// and X-sums are automata): `auto` branches by conflict weights on these from 16×16 up.
pub fn adds_up(model: &Model) -> bool {
    use coverlab_model::ConstraintKind as K;
    model.constraints().iter().any(|c| {
        matches!(
            c.kind,
            K::Cage
                | K::Arrow
                | K::PillArrow
                | K::DoubleArrow
                | K::LittleKiller
                | K::Sandwich
                | K::Sum
                | K::SumLine
                | K::RegionSum
                | K::Zipper
                | K::Lunchbox
                | K::XSum
                | K::HouseSum
        )
    })
}

/// True when every constraint beyond houses is a user-defined pair rule or a modular line (and
/// there is one): the specs on which `auto` keeps `fast`'s default branching from 16×16 up.
pub fn pairs_and_modular_only(model: &Model) -> bool {
    use coverlab_model::ConstraintKind as K;
    !model.constraints().is_empty() && model.constraints().iter().all(|c| matches!(c.kind, K::Pair | K::Modular))
}

/// True when the model is exactly classic 9×9: 27 houses, the rows, columns and 3×3 boxes.
pub fn is_classic_9x9(model: &Model) -> bool {
    if model.size() != 9
        || model.units().len() != 27
        || model.units().iter().any(|u| !u.exact)
        || !model.constraints().is_empty()
    {
        return false;
    }
    let mut want: Vec<Vec<usize>> = Vec::with_capacity(27);
    for i in 0..9 {
        want.push((0..9).map(|c| 9 * i + c).collect());
        want.push((0..9).map(|r| 9 * r + i).collect());
        want.push((0..9).map(|j| 9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3).collect());
    }
    let mut have: Vec<Vec<usize>> = model
        .units()
        .iter()
        .map(|u| {
            let mut cells = u.cells.clone();
            cells.sort_unstable();
            cells
        })
        .collect();
    for w in &mut want {
        w.sort_unstable();
    }
    want.sort();
    have.sort();
    want == have
}

impl Strategy for Band9 {
    fn name(&self) -> &str {
        self.name
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let model = puzzle.model_arc();
        let kind = match &self.cache {
            Some((m, kind)) if Arc::ptr_eq(m, model) => *kind,
            _ => {
                let kind = Kind::of(model, self.large.as_ref().map(|l| l.0));
                self.cache = Some((model.clone(), kind));
                kind
            }
        };
        let generic = match kind {
            Kind::Classic9x9 => None,
            Kind::LargeAdding => self.large.as_mut().map(|l| &mut l.1),
            Kind::LargePairs => self.large.as_mut().map(|l| &mut l.2),
            Kind::Unsummed if self.unsummed.is_some() => self.unsummed.as_mut(),
            Kind::Unsummed | Kind::Summed if self.constrained.is_some() => self.constrained.as_mut(),
            _ => Some(&mut self.fallback),
        };
        if let Some(fast) = generic {
            return fast.solve(puzzle, limits, sink);
        }
        let mut search = Search::begin(self.name, puzzle, limits, sink);
        if self.stack.len() < 82 {
            self.stack.resize(82, Board::EMPTY);
        }
        self.frames.clear();
        if search.tracing() {
            Kernel::<true>::new(&mut search).run(puzzle, &mut self.stack, &mut self.frames);
        } else {
            Kernel::<false>::new(&mut search).run(puzzle, &mut self.stack, &mut self.frames);
        }
        search.finish()
    }
}

/// The kernel, compiled once with and once without tracing.
struct Kernel<'a, 's, const TRACE: bool> {
    search: &'a mut Search<'s>,
    /// Deductions made (guesses count themselves).
    placements: u64,
    /// The current decision level.
    depth: usize,
}

impl<'a, 's, const TRACE: bool> Kernel<'a, 's, TRACE> {
    fn new(search: &'a mut Search<'s>) -> Self {
        Kernel { search, placements: 0, depth: 0 }
    }

    fn run(mut self, puzzle: &Puzzle, stack: &mut [Board], frames: &mut Vec<Frame>) {
        self.search_tree(puzzle, stack, frames);
        self.search.stats_mut().placements += self.placements;
    }

    fn search_tree(&mut self, puzzle: &Puzzle, stack: &mut [Board], frames: &mut Vec<Frame>) {
        // The root: the givens, then propagation. Clashing givens: no solution, no node.
        let mut root = Board::EMPTY;
        // The givens, gathered without a branch per cell (their places are unpredictable).
        let mut givens = [(0u8, 0u8); 81];
        let mut count = 0;
        for (cell, &v) in puzzle.givens().values().iter().enumerate().take(81) {
            givens[count] = (cell as u8, v);
            count += usize::from(v != 0);
        }
        for &(cell, v) in &givens[..count.min(81)] {
            let (cell, v) = (usize::from(cell), usize::from(v));
            let (band, bit, d) = (cell / 27, cell % 27, v - 1);
            if root.f[9 * band + d] & (1 << bit) == 0 {
                return;
            }
            root.assign(d, band, bit);
        }
        stack[0] = root;
        if !self.search.node() {
            return;
        }
        let mut next = match self.propagate(&mut stack[0]) {
            Ok(next) => next,
            Err(Dead) => return,
        };
        'node: loop {
            // The board of `self.depth` is propagated and has no contradiction.
            match next {
                Next::Solved => {
                    let board = &stack[self.depth];
                    if self.search.solution(|| Grid::from_values(9, board.values()).expect("digits 1-9")).is_break() {
                        return;
                    }
                }
                Next::Branch { band, bit } => {
                    let board = &stack[self.depth];
                    let mut rest = 0u16;
                    for d in 0..9 {
                        rest |= (((board.f[9 * band + d] >> bit) & 1) as u16) << d;
                    }
                    frames.push(Frame { band: band as u8, bit: bit as u8, rest, k: 0, m: pop9(rest) });
                }
            }
            // The next alternative of the innermost open decision.
            loop {
                let Some(f) = frames.last_mut() else {
                    return;
                };
                if f.rest == 0 {
                    frames.pop();
                    continue;
                }
                let d = f.rest.trailing_zeros() as usize;
                f.rest &= f.rest - 1;
                f.k += 1;
                let (band, bit, k, m) = (usize::from(f.band), usize::from(f.bit), usize::from(f.k), usize::from(f.m));
                let level = frames.len() - 1;
                if k > 1 {
                    self.search.backtrack(level);
                }
                stack[level + 1] = stack[level];
                self.depth = level + 1;
                self.search.guess(level + 1, 27 * band + bit, d as Value + 1, k, m);
                if !self.search.node() {
                    return;
                }
                let board = &mut stack[level + 1];
                board.assign(d, band, bit);
                if let Ok(n) = self.propagate(board) {
                    next = n;
                    continue 'node;
                }
            }
        }
    }

    /// Shrinks word `i` (changed since its last shrink), applies its pointing along columns, and
    /// places its new row singles.
    #[inline(always)]
    fn update(&mut self, bd: &mut Board, i: usize) -> Result<(), Dead> {
        let (band, d) = (i / 9, i % 9);
        let x = bd.f[i];
        let s = usize::from(SHRINK[(x & 0x1ff) as usize])
            | usize::from(SHRINK[((x >> 9) & 0x1ff) as usize]) << 3
            | usize::from(SHRINK[(x >> 18) as usize & 0x1ff]) << 6;
        let x = x & COMPLEX[s & 0x1ff];
        if x == 0 {
            return Err(Dead);
        }
        bd.f[i] = x;
        bd.prev[i] = x;
        // Pointing along columns: a column that is the digit's only one in a box of this band
        // leaves the digit's words of the other bands (this also covers the columns of new
        // placements).
        let keep = POINTING[((x | x >> 9 | x >> 18) & 0x1ff) as usize];
        bd.f[9 * ((band + 1) % 3) + d] &= keep;
        bd.f[9 * ((band + 2) % 3) + d] &= keep;
        let new = row_singles(x) & !(bd.solved[band] >> (3 * d)) & 7;
        if new != 0 {
            bd.solved[band] |= new << (3 * d);
            let cells = x & ROWS[new as usize];
            self.placements += u64::from(POP3[new as usize]);
            if TRACE {
                let mut c = cells;
                while c != 0 {
                    let cell = 27 * band + c.trailing_zeros() as usize;
                    c &= c - 1;
                    let depth = self.depth;
                    self.search.emit(|| TraceEvent::Place {
                        cell,
                        value: d as Value + 1,
                        reason: PlaceReason::Propagated,
                        depth,
                    });
                }
            }
            bd.clear_cells(d, band, cells);
        }
        Ok(())
    }

    /// Shrinks the changed words in passes (each over the words changed when it began, in
    /// order), until none changed. A pass walks the set bits of a mask, so which words changed
    /// costs no branch per word.
    #[inline(always)]
    fn settle(&mut self, bd: &mut Board) -> Result<(), Dead> {
        loop {
            let mut m = bd.changed();
            if m == 0 {
                return Ok(());
            }
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                self.update(bd, i)?;
            }
        }
    }

    /// The band shrink turned by a quarter: in each stack a digit takes one column in each band
    /// and one band in each column, so its (band, column) pairs must fit a permutation. Removes
    /// the pairs no fitting permutation uses (box–column interactions; with the band shrink this
    /// also places hidden singles in columns). True if a word changed.
    #[inline]
    fn stack_shrink(&mut self, bd: &mut Board) -> Result<bool, Dead> {
        let mut changed = false;
        for d in 0..9 {
            let x = [bd.f[d], bd.f[9 + d], bd.f[18 + d]];
            let any = x.map(|x| (x | x >> 9 | x >> 18) & 0x1ff);
            let mut allowed = [0u32; 3];
            for k in 0..3 {
                let m = ((any[0] >> (3 * k)) & 7) | ((any[1] >> (3 * k)) & 7) << 3 | ((any[2] >> (3 * k)) & 7) << 6;
                let p = u32::from(PERM9[m as usize]);
                if p == 0 {
                    return Err(Dead);
                }
                allowed[0] |= (p & 7) << (3 * k);
                allowed[1] |= ((p >> 3) & 7) << (3 * k);
                allowed[2] |= ((p >> 6) & 7) << (3 * k);
            }
            for band in 0..3 {
                let cut = x[band] & allowed[band].wrapping_mul(0x40201);
                changed |= cut != x[band];
                bd.f[9 * band + d] = cut;
            }
        }
        Ok(changed)
    }

    /// Deduces to a fixpoint; then the board is solved, or a cell to branch on is named.
    fn propagate(&mut self, bd: &mut Board) -> Result<Next, Dead> {
        loop {
            self.settle(bd)?;
            // Naked singles, and the bivalue cells in case there are none.
            let mut pairs = [0u32; 3];
            let mut found = false;
            for (band, pairs) in pairs.iter_mut().enumerate() {
                let u = bd.unsolved[band];
                if u == 0 {
                    continue;
                }
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = bd.f[9 * band + d];
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                if u & !one != 0 {
                    return Err(Dead);
                }
                let mut singles = u & !two;
                while singles != 0 {
                    let bit = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let p = 1u32 << bit;
                    for d in 0..9 {
                        let x = bd.f[9 * band + d];
                        if x & p != 0 {
                            // Cut the digit's row to the cell; the next pass places it.
                            let cut = x & !(ROW[bit / 9] ^ p);
                            bd.f[9 * band + d] = cut;
                            found |= cut != x;
                            break;
                        }
                    }
                }
                *pairs = u & two & !three;
            }
            if found {
                continue;
            }
            if bd.unsolved == [0; 3] {
                return Ok(Next::Solved);
            }
            if self.stack_shrink(bd)? {
                continue;
            }
            if pairs != [0; 3] {
                return Ok(choose(bd, pairs));
            }
            return Ok(fewest(bd));
        }
    }
}

/// Among the bivalue cells: the one whose branches remove the most. Its score counts the
/// candidates of its two digits among its unsolved peers, and twice more those in bivalue peers
/// (each of which the branch turns into a naked single). Ties go to the last.
fn choose(bd: &Board, pairs: [u32; 3]) -> Next {
    let mut best = (0, 0, 0);
    for (band, &p) in pairs.iter().enumerate() {
        let (b1, b2) = ((band + 1) % 3, (band + 2) % 3);
        let f = &bd.f;
        let mut p = p;
        while p != 0 {
            let q = p.trailing_zeros() as usize;
            p &= p - 1;
            let col = 0x40201u32 << (q % 9);
            let own = PEERS_IN_BAND[q] & bd.unsolved[band];
            let (col1, col2) = (col & bd.unsolved[b1], col & bd.unsolved[b2]);
            let mut digits = 0u32;
            for d in 0..9 {
                digits |= ((f[9 * band + d] >> q) & 1) << d;
            }
            let d1 = digits.trailing_zeros() as usize % 9;
            let d2 = (digits & digits.wrapping_sub(1)).trailing_zeros() as usize % 9;
            let near = u64::from(f[9 * band + d1] & own) | u64::from(f[9 * band + d2] & own) << 27;
            let far = (f[9 * b1 + d1] & col1)
                | (f[9 * b2 + d1] & col2) << 1
                | (f[9 * b1 + d2] & col1) << 2
                | (f[9 * b2 + d2] & col2) << 3;
            // The same, in bivalue peers only (each part of `far` sits at its own offset).
            let (cp1, cp2) = (col1 & pairs[b1], col2 & pairs[b2]);
            let bnear = near & (u64::from(pairs[band]) | u64::from(pairs[band]) << 27);
            let bfar = far & (cp1 | cp2 << 1 | cp1 << 2 | cp2 << 3);
            let score = ones2(near, u64::from(far)) + 2 * ones2(bnear, u64::from(bfar));
            if score >= best.0 {
                best = (score, band, q);
            }
        }
    }
    Next::Branch { band: best.1, bit: best.2 }
}

/// Without a bivalue cell: the unsolved cell with the fewest candidates (the first of them);
/// `Solved` when every cell is placed. Rare (about once per puzzle on the hard sets), so plain.
fn fewest(bd: &Board) -> Next {
    let mut best = (u32::MAX, Next::Solved);
    for band in 0..3 {
        let mut u = bd.unsolved[band];
        while u != 0 {
            let bit = u.trailing_zeros() as usize;
            u &= u - 1;
            let count = (0..9).map(|d| (bd.f[9 * band + d] >> bit) & 1).sum::<u32>();
            if count < best.0 {
                best = (count, Next::Branch { band, bit });
            }
        }
    }
    best.1
}

/// The number of ones in `a` and `b` together (one bit-parallel count for both).
#[inline(always)]
fn ones2(a: u64, b: u64) -> u32 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let a = a - ((a >> 1) & M1);
    let b = b - ((b >> 1) & M1);
    // Each 4-bit field holds at most 4 + 4.
    let s = (a & M2) + ((a >> 2) & M2) + (b & M2) + ((b >> 2) & M2);
    let s = (s & M4) + ((s >> 4) & M4);
    (s.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The rows (3 bits) of a word that hold exactly one bit; every row holds at least one.
#[inline(always)]
#[doc(hidden)]
pub fn row_singles(x: u32) -> u32 {
    let r0 = x & 0x1ff;
    let r1 = (x >> 9) & 0x1ff;
    let r2 = x >> 18;
    u32::from(r0 & r0.wrapping_sub(1) == 0)
        | u32::from(r1 & r1.wrapping_sub(1) == 0) << 1
        | u32::from(r2 & r2.wrapping_sub(1) == 0) << 2
}

/// The size of a 9-bit set.
#[inline]
#[doc(hidden)]
pub fn pop9(x: u16) -> u8 {
    POP3[usize::from(x & 7)] + POP3[usize::from((x >> 3) & 7)] + POP3[usize::from((x >> 6) & 7)]
}
