//! `random-stack`: iterative backtracking with an explicit stack and shuffled candidate lists.
//!
//! Source: seed 000 (BruteSudoku29, "recursive descent without explicit recursion"). The search
//! keeps a stack of the cells it filled (the seed's `stack<int>`, standing for the recursive
//! calls) and, per cell, a list of candidate values (`candidates[pos]`) filled with 1..=n in a
//! random order when the cell is entered (step 1.4). Values are popped from the back of the list
//! (steps 1.5.1–1.5.2) until one fits; when none does, the stack is unwound (step 1.6): each popped
//! cell tries the rest of its list, and is emptied again if nothing in it fits. Different seeds
//! find different solutions of a puzzle with several; the same seed always the same one.
//!
//! Generalised from the seed's 9×9 to every spec: "val can be placed at pos" means that no unit
//! of the cell (house or at-most-once group) holds the value, checked with one bitset per unit.
//! As the seed says, the scan for the next empty cell starts at the most filled row of the
//! givens (the first such row on ties) and runs row-major, wrapping around to row 1. Since the
//! cells are filled in that scan order, the first empty cell from the start is always the first
//! empty cell after the one on top of the stack, which is where the scan resumes.
//!
//! Two extensions the seed lacks: after a solution the search may go on, treating the full grid
//! as a dead end and unwinding as in step 1.6, so that it counts every solution; and the seed's
//! "grid filled wrong" (step 1.6.2, the stack unwound to empty) is an outcome with no solution.
//!
//! Trace: a cell entered with m ≥ 2 values that fit is a decision, `guess dK cell=v (k/m)`: K
//! counts the decisions on the stack after the push, m the values that fit the cell when it is
//! entered (step 1.4: the cell's units are then the same each time the search comes back to it,
//! since every cell filled after it was emptied again) and k the position of the value among
//! those m in the order tried (values of the list that do not fit are skipped and not counted).
//! Before alternative k > 1 the search emits `backtrack d(K-1)`. A cell where a single value fits
//! is a forced placement, `place … naked-single`, at the current depth; a cell entered with no
//! fitting value emits a conflict.

use coverlab_engine::{
    Bits, ConflictCause, Limits, Outcome, PlaceReason, Rng, Search, Strategy, TraceSink, UnitSets, dispatch_bits,
};
use coverlab_model::{Cell, Puzzle, Value};

use crate::options::{OptionInfo, Options};

/// `random-stack`'s options.
pub const OPTIONS: &[OptionInfo] =
    &[OptionInfo::number("seed", 0, 0, u64::MAX, "the random order's seed (--seed when not given)")];

/// Iterative backtracking with an explicit stack and seeded random candidate order (seed 000).
#[derive(Debug, Clone)]
pub struct RandomStack {
    label: String,
    seed: u64,
}

impl RandomStack {
    /// A search whose candidate orders are drawn from a generator seeded with `seed`.
    pub fn new(seed: u64) -> RandomStack {
        RandomStack { label: format!("random-stack(seed: {seed})"), seed }
    }

    /// The strategy `options` (of [`OPTIONS`]) describe, named `label` in its traces.
    pub fn with_options(options: &Options, label: String) -> RandomStack {
        RandomStack { label, seed: options.number("seed") }
    }
}

impl Strategy for RandomStack {
    fn name(&self) -> &str {
        &self.label
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(&self.label, puzzle, limits, sink);
        // A fresh generator per solve: the same puzzle and seed give the same trace.
        let mut rng = Rng::new(self.seed);
        dispatch_bits!(puzzle.size(), B => run::<B>(puzzle, &mut rng, &mut search));
        search.finish()
    }
}

/// Everything the search changes, allocated once per solve.
struct State<'p, B> {
    n: usize,
    /// The grid, and per unit the values placed in it.
    sets: UnitSets<'p, B>,
    /// The scan order: cell indices row-major from the most filled row, wrapping around.
    order: Vec<Cell>,
    /// Per cell: its position in `order`.
    rank: Vec<usize>,
    /// The seed's `candidates[pos]`: n slots per cell; the first `cand_len[pos]` are left to pop.
    cand: Vec<Value>,
    cand_len: Vec<usize>,
    /// Per cell: how many fitting values it had when entered (m), and how many it tried (k).
    fit_count: Vec<usize>,
    tried: Vec<usize>,
    /// The seed's `stack<int>`: the cells filled by the search, in the order filled.
    stack: Vec<Cell>,
    /// The cells of the stack that were decisions (two or more values fitted): the trace's depth.
    decisions: usize,
}

fn run<B: Bits>(puzzle: &Puzzle, rng: &mut Rng, search: &mut Search<'_>) {
    let model = puzzle.model();
    let n = model.size();
    let cells = n * n;
    let givens = puzzle.givens();
    // Clashing givens: no solution.
    let Some(sets) = UnitSets::<B>::from_givens(puzzle) else { return };
    let mut st = State {
        n,
        sets,
        order: Vec::with_capacity(cells),
        rank: vec![0; cells],
        cand: vec![0; cells * n],
        cand_len: vec![0; cells],
        fit_count: vec![0; cells],
        tried: vec![0; cells],
        stack: Vec::with_capacity(cells),
        decisions: 0,
    };
    // The start cell: the first cell of the most filled row (the first such row on ties).
    let filled_in_row = |r: usize| givens.values()[r * n..(r + 1) * n].iter().filter(|&&v| v != 0).count();
    let start_row = (0..n).fold(0, |best, r| if filled_in_row(r) > filled_in_row(best) { r } else { best });
    st.order.extend((0..cells).map(|i| (start_row * n + i) % cells));
    for (i, &cell) in st.order.iter().enumerate() {
        st.rank[cell] = i;
    }
    st.search(rng, search);
}

impl<B: Bits> State<'_, B> {
    /// Step 1.1: the first empty cell in scan order after the top of the stack (from the start
    /// cell when the stack is empty); `None` when the grid is full.
    fn next_empty(&self) -> Option<Cell> {
        let from = self.stack.last().map_or(0, |&top| self.rank[top] + 1);
        self.order[from..].iter().copied().find(|&c| self.sets.value(c) == 0)
    }

    /// Step 1.4: fill the cell's candidate list with 1..=n in random order; returns how many of
    /// them fit (m).
    fn enter(&mut self, cell: Cell, rng: &mut Rng) -> usize {
        let list = &mut self.cand[cell * self.n..(cell + 1) * self.n];
        for (slot, v) in list.iter_mut().zip(1..) {
            *slot = v;
        }
        rng.shuffle(list);
        self.cand_len[cell] = self.n;
        self.tried[cell] = 0;
        self.fit_count[cell] = self.sets.fits(cell).count() as usize;
        self.fit_count[cell]
    }

    /// Steps 1.5 / 1.6.1.5: pop values from the back of the (empty) cell's list until one can be
    /// placed; `None` when the list runs out.
    fn pop_fitting(&mut self, cell: Cell) -> Option<Value> {
        let fits = self.sets.fits(cell);
        while self.cand_len[cell] > 0 {
            // 1.5.1 / 1.5.2: val := values.back; values.pop_back.
            self.cand_len[cell] -= 1;
            let val = self.cand[cell * self.n + self.cand_len[cell]];
            // 1.5.3: if val can be placed at pos.
            if fits.has(usize::from(val) - 1) {
                self.tried[cell] += 1;
                return Some(val);
            }
        }
        None
    }

    /// Steps 1.5.3.1–1.5.3.2: grid[pos] := val; stack.push(pos). Emits the decision, or the
    /// forced placement when the cell had a single value that fits.
    fn push(&mut self, cell: Cell, val: Value, search: &mut Search<'_>) {
        self.sets.place(cell, val);
        self.stack.push(cell);
        if self.fit_count[cell] >= 2 {
            self.decisions += 1;
            search.guess(self.decisions, cell, val, self.tried[cell], self.fit_count[cell]);
        } else {
            search.place(cell, val, PlaceReason::NakedSingle, self.decisions);
        }
    }

    /// The main loop of the seed (step 1), without recursion.
    fn search(&mut self, rng: &mut Rng, search: &mut Search<'_>) {
        loop {
            if !search.node() {
                return;
            }
            match self.next_empty() {
                // 2. No empty cell: a solution. To count the others, go on as if it were a dead end.
                None => {
                    let sets = &self.sets;
                    if search.solution(|| sets.to_grid()).is_break() {
                        return;
                    }
                }
                // 1.1: pos := the empty cell.
                Some(pos) => {
                    // 1.3 / 1.4: its candidate list, shuffled.
                    let m = self.enter(pos, rng);
                    // 1.5: the first value from the back that fits is placed; on to the next cell.
                    if let Some(val) = self.pop_fitting(pos) {
                        self.push(pos, val, search);
                        continue;
                    }
                    // 1.6: no value fits at pos.
                    debug_assert_eq!(m, 0, "every fitting value of a fresh list is tried");
                    search.conflict(self.decisions, ConflictCause::NoCandidates { cell: pos });
                }
            }
            // 1.6.1: unwind the stack until a cell can take another value of its list.
            loop {
                // 1.6.2: the stack is empty: every choice was tried ("grid filled wrong" when no
                // solution was found).
                let Some(tmp_pos) = self.stack.pop() else {
                    return;
                };
                if self.fit_count[tmp_pos] >= 2 {
                    self.decisions -= 1; // its decision is undone (a forced cell had none)
                }
                // 1.6.1.5: try the rest of its list (its current value is lifted first, so that
                // the check sees only the other cells).
                self.sets.clear(tmp_pos);
                if let Some(val) = self.pop_fitting(tmp_pos) {
                    search.backtrack(self.decisions);
                    self.push(tmp_pos, val, search);
                    break; // 1.6.1.6: a previous cell changed; back to step 1
                }
                // 1.6.1.7: the cell stays empty; unwind one more level.
            }
        }
    }
}
