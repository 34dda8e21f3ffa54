//! `singles` and `singles-hidden`: singles propagation to a fixpoint, then a guess in the cell
//! with the fewest possibilities, undone through a guess journal.
//!
//! Sources: seed 004 (SudokuSolver, "possibility vectors") and seed 003 (sudoku-solver, "2-phase
//! recursive search").
//! - Seed 004: every cell has a possibility vector. A given reduces its cell's vector to its value
//!   and erases the value from the vectors of the cells sharing a unit with it. "Brute": a vector
//!   of size 1 is the cell's value, which is then erased from the other cells' vectors; repeat
//!   until no such vector is left. "Heuristic": guess in the cell with the smallest vector. A
//!   journal records each guess ('G'), each deletion from a vector ('C') and each confirmed value
//!   ('W'); on a contradiction the search goes back to the last guess.
//! - Seed 003: phase 1 fills the cells where the fitness table leaves one digit, until none is
//!   left; phase 2 tries each possible digit of a cell and recurses into phase 1 again.
//!
//! Here the journal is the engine's [`Trail`] over one slot per cell (its possibility vector and
//! its value): a guess opens a checkpoint ('G'), each deletion ('C') and each placement ('W') is a
//! trailed write, and a contradiction undoes everything back to the checkpoint. Guesses: the
//! empty cell with the fewest possibilities, the lowest cell index on ties, its lowest value.
//! Then, as seed 004 says, the search "updates the acquired information": the guessed value is
//! deleted from the cell at the level of the guess, propagation runs, and the smallest cell is
//! chosen afresh (option `refute`, on by default). With `refute: false` the cell's values are
//! tried in turn instead, as seed 003's phase 2 does (which `singles-copy` follows whole: a copy
//! of the state per guess instead of a journal).
//!
//! Generalised to every spec: "the same row, column or box" becomes every unit of the cell
//! (houses and at-most-once groups), that is its peers in the constraint graph. `singles` is
//! seed 004's rule (naked singles only); `singles-hidden` adds hidden singles: a value that only
//! one cell of a house can still take is placed there, and a house where a value has no cell
//! left is a contradiction.
//!
//! Constraints beyond houses (cages' sums, thermometers, dots, lines): each placement filters
//! the constraints on its cell with the model's filter, and every value that removes is a
//! deletion ('C'), traced `eliminate … by <constraint>`; a constraint that cannot hold is a
//! contradiction (`conflict … <constraint> cannot hold at …`).
//!
//! Trace: each journal entry is one event: `eliminate` for each deletion (every one, including
//! those caused by a peer's placement), `place … naked-single` / `place … hidden-single in …` for
//! each confirmed value, `guess dK cell=v (k/m)` for each guess (m = the cell's possibilities).
//! Dead ends are `conflict … has no candidates` (a vector became empty) or, for
//! `singles-hidden`, `conflict … has no place in …`.

use std::ops::ControlFlow;

use coverlab_engine::{
    Bits, Choice, ConflictCause, Limits, Outcome, PlaceReason, Search, Strategy, TraceSink, Trail, dispatch_bits,
};
use coverlab_model::{Cell, Grid, Puzzle, Value};

use crate::branching::{Board, Brancher, checked, checked_value, fewest_candidates};
use crate::options::{OptionInfo, Options};

/// `singles`'s options.
pub const OPTIONS: &[OptionInfo] = &[
    OptionInfo::flag("hidden", false, "place hidden singles too (seed 004 places naked singles only)"),
    OptionInfo::flag(
        "refute",
        true,
        "after a wrong guess, remove its value from the cell and propagate before guessing again (seed 004); \
         false: try the cell's next value",
    ),
];

/// Singles propagation with a guess journal (seeds 004 and 003).
pub struct Singles {
    label: String,
    hidden: bool,
    refute: bool,
    /// Choice points set by a research variant ([`Singles::with_brancher`]).
    brancher: Option<Box<dyn Brancher>>,
}

impl std::fmt::Debug for Singles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Singles { label, hidden, refute, .. } = self;
        f.debug_struct("Singles")
            .field("label", label)
            .field("hidden", hidden)
            .field("refute", refute)
            .finish_non_exhaustive()
    }
}

impl Singles {
    /// Naked singles only (`singles`, as seed 004).
    pub fn naked() -> Singles {
        let options = Options::defaults(OPTIONS);
        Singles::with_options(&options, options.label("singles"))
    }

    /// Naked and hidden singles (the `singles-hidden` preset).
    pub fn with_hidden() -> Singles {
        let mut options = Options::defaults(OPTIONS);
        options.apply("hidden: true", "singles").expect("a valid option");
        Singles::with_options(&options, options.label("singles"))
    }

    /// The strategy `options` (of [`OPTIONS`]) describe, named `label` in its traces.
    pub fn with_options(options: &Options, label: String) -> Singles {
        Singles { label, hidden: options.flag("hidden"), refute: options.flag("refute"), brancher: None }
    }

    /// The same search guessing where `brancher` says (its cell, its value order) whenever it
    /// chooses a cell: the journal, propagation, limits and traces are `singles`'s.
    pub fn with_brancher(mut self, brancher: impl Brancher + 'static) -> Singles {
        self.brancher = Some(Box::new(brancher));
        self
    }
}

impl Strategy for Singles {
    fn name(&self) -> &str {
        &self.label
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(&self.label, puzzle, limits, sink);
        // The kernel is compiled twice: with its trace calls, and without any (the null sink).
        let traced = search.tracing();
        let brancher = self.brancher.as_deref_mut();
        dispatch_bits!(puzzle.size(), B => if traced {
            run::<B, true>(puzzle, self.hidden, self.refute, brancher, &mut search)
        } else {
            run::<B, false>(puzzle, self.hidden, self.refute, brancher, &mut search)
        });
        search.finish()
    }
}

/// One cell: its possibility vector and its value (0 while empty). A filled cell's vector is
/// its value alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slot<B> {
    cand: B,
    value: Value,
}

/// `TRACE`: whether the kernel emits its eliminations and deductions.
struct State<'p, B, const TRACE: bool> {
    puzzle: &'p Puzzle,
    hidden: bool,
    /// After a wrong guess, delete its value and propagate (seed 004), rather than try the next.
    refute: bool,
    full: B,
    /// The guess journal: every change to a slot, with a checkpoint per guess.
    slots: Trail<Slot<B>>,
    /// Cells whose vector shrank to one value and that wait to be confirmed, oldest first.
    queue: Vec<Cell>,
    head: usize,
    /// A research variant's choice points.
    brancher: Option<&'p mut (dyn Brancher + 'static)>,
}

/// The journal's slots as a research variant's brancher sees them.
struct Slots<'x, B> {
    puzzle: &'x Puzzle,
    slots: &'x [Slot<B>],
}

impl<B: Bits> Board for Slots<'_, B> {
    fn size(&self) -> usize {
        self.puzzle.size()
    }
    fn candidates(&self, cell: Cell) -> u64 {
        let slot = self.slots[cell];
        if slot.value == 0 { slot.cand.to_u64() } else { 0 }
    }
    fn peers(&self, cell: Cell) -> &[u16] {
        self.puzzle.model().peers(cell)
    }
}

fn run<'p, B: Bits, const TRACE: bool>(
    puzzle: &'p Puzzle,
    hidden: bool,
    refute: bool,
    brancher: Option<&'p mut (dyn Brancher + 'static)>,
    search: &mut Search<'_>,
) {
    let model = puzzle.model();
    let n = model.size();
    let cells = n * n;
    let full = B::full(n);
    let mut st = State::<B, TRACE> {
        puzzle,
        hidden,
        refute,
        full,
        slots: Trail::new(cells, Slot { cand: full, value: 0 }),
        queue: Vec::with_capacity(cells),
        head: 0,
        brancher,
    };
    let givens = puzzle.givens().values();
    // Contradictory givens: no solution.
    let clash = |cell: Cell| model.peers(cell).iter().any(|&p| givens[usize::from(p)] == givens[cell]);
    if (0..cells).any(|c| givens[c] != 0 && clash(c)) {
        return;
    }
    // A given's vector is its value alone...
    for (cell, &v) in givens.iter().enumerate() {
        if v != 0 {
            st.slots.set(cell, Slot { cand: B::bit(usize::from(v) - 1), value: v });
        }
    }
    // ...and its value is erased from its peers' vectors.
    for (cell, &v) in givens.iter().enumerate() {
        if v != 0 && !st.erase_from_peers(cell, v, 0, search) {
            return;
        }
    }
    // The constraints beyond houses, once at the root.
    for k in 0..model.constraints().len() {
        if !st.filter_one(k, 0, search) {
            return;
        }
    }
    let consistent = st.propagate(0, search);
    st.forget_queue();
    if consistent {
        let _ = branch(&mut st, search, 0);
    }
}

impl<B: Bits, const TRACE: bool> State<'_, B, TRACE> {
    /// 'C': deletes `value` from the vector of the empty `cell`. False on a contradiction (the
    /// vector became empty); a vector left with one value queues its cell.
    fn delete(&mut self, cell: Cell, value: Value, depth: usize, search: &mut Search<'_>) -> bool {
        let slot = self.slots.get(cell);
        let cand = slot.cand & !B::bit(usize::from(value) - 1);
        self.slots.set(cell, Slot { cand, ..slot });
        if TRACE {
            search.eliminate(cell, value, depth);
        }
        if cand.is_empty() {
            search.conflict(depth, ConflictCause::NoCandidates { cell });
            return false;
        }
        if cand.is_single() {
            self.queue.push(cell);
        }
        true
    }

    /// Erases the value of `cell` from the vectors of its empty peers.
    fn erase_from_peers(&mut self, cell: Cell, value: Value, depth: usize, search: &mut Search<'_>) -> bool {
        let bit = B::bit(usize::from(value) - 1);
        for &p in self.puzzle.model().peers(cell) {
            let p = usize::from(p);
            let slot = self.slots.get(p);
            if slot.value == 0 && slot.cand & bit != B::EMPTY && !self.delete(p, value, depth, search) {
                return false;
            }
        }
        true
    }

    /// 'W' (or the placement of a 'G'): `cell` takes `value`, erased from its peers, and the
    /// constraints beyond houses on `cell` are filtered.
    fn confirm(&mut self, cell: Cell, value: Value, depth: usize, search: &mut Search<'_>) -> bool {
        self.slots.set(cell, Slot { cand: B::bit(usize::from(value) - 1), value });
        self.erase_from_peers(cell, value, depth, search) && self.filter_constraints(cell, depth, search)
    }

    /// Filters each constraint beyond houses on `cell` (a cage's sum, a thermometer, a dot: the
    /// model's [`coverlab_model::Constraint::filter`]); each value it rules out is a deletion
    /// ('C') named for it. False on a contradiction.
    fn filter_constraints(&mut self, cell: Cell, depth: usize, search: &mut Search<'_>) -> bool {
        let model = self.puzzle.model();
        for &k in model.constraints_of(cell) {
            if !self.filter_one(k as usize, depth, search) {
                return false;
            }
        }
        true
    }

    fn filter_one(&mut self, k: usize, depth: usize, search: &mut Search<'_>) -> bool {
        let c = &self.puzzle.model().constraints()[k];
        let mut domains: Vec<u64> = c.cells.iter().map(|&x| self.slots.get(x).cand.to_u64()).collect();
        if let Err(i) = c.filter(&mut domains) {
            search.conflict(depth, ConflictCause::Constraint { constraint: k, cell: c.cells[i] });
            return false;
        }
        for (&x, &d) in c.cells.iter().zip(&domains) {
            let slot = self.slots.get(x);
            let gone = slot.cand.to_u64() & !d;
            if slot.value != 0 || gone == 0 {
                continue;
            }
            let cand = slot.cand & B::from_u64(d);
            self.slots.set(x, Slot { cand, ..slot });
            if TRACE {
                for v in B::from_u64(gone).iter() {
                    search.eliminate_by(x, (v + 1) as Value, depth, k);
                }
            }
            if cand.is_single() {
                self.queue.push(x);
            }
        }
        true
    }

    /// Drops what is still queued (after a contradiction; a fixpoint leaves nothing queued).
    fn forget_queue(&mut self) {
        self.queue.clear();
        self.head = 0;
    }

    /// Seed 004 "Brute" / seed 003 phase 1: confirms every vector of size 1 until none is left
    /// (then, for `singles-hidden`, hidden singles too). False on a contradiction.
    fn propagate(&mut self, depth: usize, search: &mut Search<'_>) -> bool {
        if !self.naked_singles(depth, search) {
            return false;
        }
        if !self.hidden {
            return true;
        }
        // Hidden singles, house after house (round robin), each placement followed by naked
        // singles; done once every house was checked in a row without a placement.
        let houses = self.puzzle.model().houses().len();
        let (mut house, mut quiet) = (0, 0);
        while quiet < houses {
            match self.hidden_single(house) {
                Err(value) => {
                    search.conflict(depth, ConflictCause::NoPlace { unit: house, value });
                    return false;
                }
                Ok(Some((cell, value))) => {
                    if TRACE {
                        search.place(cell, value, PlaceReason::HiddenSingle { unit: house }, depth);
                    } else {
                        search.stats_mut().placements += 1;
                    }
                    if !self.confirm(cell, value, depth, search) || !self.naked_singles(depth, search) {
                        return false;
                    }
                    quiet = 0; // check the same house again
                }
                Ok(None) => {
                    quiet += 1;
                    house = (house + 1) % houses;
                }
            }
        }
        true
    }

    /// Confirms the queued cells, and those their placements queue, until the queue is empty.
    fn naked_singles(&mut self, depth: usize, search: &mut Search<'_>) -> bool {
        while let Some(&cell) = self.queue.get(self.head) {
            self.head += 1;
            let slot = self.slots.get(cell);
            if slot.value != 0 {
                continue;
            }
            let value = (slot.cand.lowest() + 1) as Value;
            if TRACE {
                search.place(cell, value, PlaceReason::NakedSingle, depth);
            } else {
                search.stats_mut().placements += 1;
            }
            if !self.confirm(cell, value, depth, search) {
                return false;
            }
        }
        true
    }

    /// In house `house` (an index into the model's units, houses come first): `Err(value)` when
    /// a value is neither placed nor possible in any cell, `Ok(Some((cell, value)))` for the
    /// lowest value that only one empty cell can take, `Ok(None)` otherwise.
    fn hidden_single(&self, house: usize) -> Result<Option<(Cell, Value)>, Value> {
        let cells = &self.puzzle.model().houses()[house].cells;
        let (mut placed, mut once, mut twice) = (B::EMPTY, B::EMPTY, B::EMPTY);
        for &c in cells {
            let slot = self.slots.get(c);
            if slot.value != 0 {
                placed |= slot.cand;
            } else {
                twice |= once & slot.cand;
                once |= slot.cand;
            }
        }
        let missing = self.full & !(placed | once);
        if !missing.is_empty() {
            return Err((missing.lowest() + 1) as Value);
        }
        let single = once & !twice & !placed;
        if single.is_empty() {
            return Ok(None);
        }
        let bit = single.lowest();
        let cell = cells
            .iter()
            .copied()
            .find(|&c| self.slots.get(c).value == 0 && self.slots.get(c).cand.has(bit))
            .expect("a value seen once has its cell");
        Ok(Some((cell, (bit + 1) as Value)))
    }

    /// Seed 004 "Heuristic": the empty cell with the smallest vector (lowest index on ties);
    /// `None` when every cell is filled.
    fn smallest(&self) -> Option<Cell> {
        let mut best: Option<(Cell, u32)> = None;
        for (cell, slot) in self.slots.values().iter().enumerate() {
            if slot.value == 0 {
                let size = slot.cand.count();
                if best.is_none_or(|(_, s)| size < s) {
                    best = Some((cell, size));
                    if size <= 2 {
                        break; // after propagation no empty cell has fewer
                    }
                }
            }
        }
        best.map(|(cell, _)| cell)
    }

    /// The cell to guess in, and whether the brancher chose it: the brancher's, if there is
    /// one and it chooses, else the smallest; `None` when every cell is filled.
    fn choose(&mut self) -> Option<(Cell, bool)> {
        if let Some(brancher) = self.brancher.as_deref_mut() {
            let board = Slots { puzzle: self.puzzle, slots: self.slots.values() };
            if let Some(cell) = checked(&board, brancher.choose_cell(&board)) {
                return Some((cell, true));
            }
        }
        self.smallest().map(|cell| (cell, false))
    }

    /// The value to try next in `cell` among `left`: the brancher's, else the lowest.
    fn next_value(&mut self, cell: Cell, left: B) -> Value {
        match self.brancher.as_deref_mut() {
            Some(brancher) => {
                let board = Slots { puzzle: self.puzzle, slots: self.slots.values() };
                checked_value(left.to_u64(), brancher.next_value(&board, cell, left.to_u64()))
            }
            None => (left.lowest() + 1) as Value,
        }
    }

    /// Why the guess goes in `cell`: the brancher's reason when it chose, else seed 004's rule.
    /// Boxed, and never inlined: the search recurses once per guess (4,096 deep on an empty
    /// 64×64 grid), so its frames stay small.
    #[inline(never)]
    #[cold]
    fn why(&self, cell: Cell, by_brancher: bool) -> Option<Box<Choice>> {
        let board = Slots { puzzle: self.puzzle, slots: self.slots.values() };
        match self.brancher.as_deref() {
            Some(brancher) if by_brancher => brancher.why(&board, cell),
            _ => Some(fewest_candidates("fewest-possibilities", &board, cell)),
        }
        .map(Box::new)
    }
}

/// Seed 004's guess (and seed 003's phase 2): in the smallest cell, each under a journal
/// checkpoint, recursing into propagation.
///
/// With `refute` (seed 004: "we backtrack till the point when we made the previous guess and
/// update the acquired information"), a guess is its cell's lowest value; when the search under
/// it is over, the value is deleted from the cell at this level ('C'), propagation runs, and the
/// smallest cell is chosen afresh: a binary branch, value or not. Without it (seed 003's phase
/// 2), the cell's values are tried in turn, ascending.
fn branch<B: Bits, const TRACE: bool>(
    st: &mut State<'_, B, TRACE>,
    search: &mut Search<'_>,
    depth: usize,
) -> ControlFlow<()> {
    loop {
        if !search.node() {
            return ControlFlow::Break(());
        }
        let Some((cell, by_brancher)) = st.choose() else {
            // Every cell is confirmed: a solution.
            let n = st.puzzle.size();
            let slots = st.slots.values();
            return search
                .solution(|| Grid::from_values(n, slots.iter().map(|s| s.value).collect()).expect("values in range"));
        };
        let cand = st.slots.get(cell).cand;
        let m = cand.count() as usize;
        let why = if search.choices() { st.why(cell, by_brancher) } else { None };
        if st.refute {
            let value = st.next_value(cell, cand);
            guess(st, search, depth, cell, value, (1, m), why)?;
            // The acquired information: the value is not the cell's, at this level.
            search.backtrack(depth);
            let consistent = st.delete(cell, value, depth, search) && st.propagate(depth, search);
            st.forget_queue();
            if !consistent {
                return ControlFlow::Continue(());
            }
            continue; // choose again at this level
        }
        let (mut left, mut why) = (cand, why);
        for k in 0..m {
            if k > 0 {
                search.backtrack(depth);
            }
            let value = st.next_value(cell, left);
            left &= !B::bit(usize::from(value) - 1);
            guess(st, search, depth, cell, value, (k + 1, m), why.take())?;
        }
        return ControlFlow::Continue(());
    }
}

/// 'G': opens a checkpoint, places `value` in `cell` (alternative `k` of `m`), propagates and
/// searches on; then undoes every journal entry since the checkpoint.
fn guess<B: Bits, const TRACE: bool>(
    st: &mut State<'_, B, TRACE>,
    search: &mut Search<'_>,
    depth: usize,
    cell: Cell,
    value: Value,
    (k, m): (usize, usize),
    why: Option<Box<Choice>>,
) -> ControlFlow<()> {
    st.slots.checkpoint();
    if k == 1 {
        search.guess_because(depth + 1, cell, value, (k, m), || why.map(|w| *w));
    } else {
        search.guess(depth + 1, cell, value, k, m);
    }
    let consistent = st.confirm(cell, value, depth + 1, search) && st.propagate(depth + 1, search);
    st.forget_queue();
    let flow = if consistent { branch(st, search, depth + 1) } else { ControlFlow::Continue(()) };
    st.slots.backtrack();
    flow
}
