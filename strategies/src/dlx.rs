//! `dlx`: Knuth's Algorithm X with dancing links, on the model's exact-cover matrix.
//!
//! Source: D. E. Knuth, *The Art of Computer Programming*, Vol. 4B (2022), §7.2.2.1,
//! Algorithm X (exact covering via dancing links) with its treatment of secondary items
//! (Algorithm C without colours). The matrix is [`coverlab_model::ExactCover`]: primary items are
//! the cells and the (house, value) pairs, secondary items the (at-most-once group, value) pairs,
//! and the options are the (cell, value) pairs.
//!
//! # Data
//! Two arenas indexed by newtypes, laid out as in Knuth's Table 1 (no pointers, no `Rc`):
//! - items `0..=N+1`: item 0 is the root of the circular list of active *primary* items; matrix
//!   item `j` is arena item `j + 1`; the secondary items form a second circular list headed by
//!   item `N + 1`, so X3 never sees them;
//! - nodes: node 0 is unused; nodes `1..=N` are the items' header nodes (`TOP` = `LEN`); then each
//!   option's nodes in a row, the options separated by spacers (`TOP ≤ 0`; the spacer after
//!   option `o` has `TOP = -(o + 1)`, its `ULINK` is the first node of the option before it and
//!   its `DLINK` the last node of the option after it).
//!
//! The arenas are rebuilt (allocations reused) at the start of every solve; the givens are then
//! covered as the data's fixed choices. A given whose option is already gone (its cell, or a
//! value in one of its units, is taken by another given) means there is no solution.
//!
//! # Search
//! Iterative, with an explicit stack of levels (`x_0 … x_l` and what the trace needs); every
//! step carries Knuth's label. X3 chooses the primary item with the fewest options (MRV), ties
//! going to the first in the item list (cells, then (house, value) pairs).
//!
//! # Trace, in puzzle terms
//! - a level whose item has one option left places it: `place … cover` at the current decision
//!   depth (no new decision level);
//! - a level whose item has `m > 1` options is a decision: alternative `k` is
//!   `guess d(depth+1) … (k/m)`, preceded for `k > 1` by `backtrack d(depth)`;
//! - an item with no option left is a conflict: a cell item is `NoCandidates`, a (house, value)
//!   item `NoPlace`. Both claims hold in grid terms, because an option (c, v) leaves the matrix
//!   only when an option sharing an item with it is chosen, that is when c is filled or a cell
//!   sharing a unit with c (a peer) gets v; so the options left are exactly the grid's
//!   candidates, and an uncovered cell item is an empty cell.
//!
//! `depth` counts decision levels, not DLX levels.
//!
//! # Constraints beyond houses
//! A cage's sum, a thermometer or a dot is not an exact-cover item. They are checked as the
//! search goes ("side constraints"): X5 passes over an option that would break one, given the
//! options chosen so far, as if it had left the matrix. Each constraint is checked whenever one
//! of its cells is filled, and exactly once its last cell is, so every solution satisfies all.

use coverlab_engine::{Choice, ConflictCause, Limits, Outcome, PlaceReason, Search, Strategy, TraceSink};
use coverlab_model::{ExactCover, Item, Model, OptionId, Puzzle, Value, cell_name};

/// Knuth's Algorithm X with dancing links (TAOCP 7.2.2.1).
#[derive(Debug, Default)]
pub struct Dlx {
    matrix: Matrix,
    /// The explicit stack: one entry per level of the search, x_0 … x_l.
    levels: Vec<Level>,
    /// Per matrix item, while the givens are covered: is it covered already?
    covered: Vec<bool>,
    /// Why the level just entered branches on its item, for its first guess (only when the
    /// sink asked for choices).
    why: Option<Choice>,
    /// The grid as the search stands (givens and chosen options), kept only when the spec has
    /// constraints beyond houses, which are checked against it.
    grid: Vec<Value>,
    /// A buffer for one constraint's values.
    scratch: Vec<Value>,
}

/// True when `value` in `cell` breaks no constraint beyond houses, given `grid`.
fn fits(model: &Model, grid: &[Value], scratch: &mut Vec<Value>, cell: usize, value: Value) -> bool {
    model.constraints_of(cell).iter().all(|&k| {
        let c = &model.constraints()[k as usize];
        scratch.clear();
        scratch.extend(c.cells.iter().map(|&x| if x == cell { value } else { grid[x] }));
        c.holds(scratch)
    })
}

impl Strategy for Dlx {
    fn name(&self) -> &str {
        "dlx"
    }

    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        let mut search = Search::begin(self.name(), puzzle, limits, sink);
        let ec = puzzle.model().exact_cover();
        // X1: initialize.
        self.matrix.build(ec);
        self.levels.clear();
        self.levels.reserve(puzzle.model().cells());
        if self.cover_givens(puzzle) {
            self.run(puzzle, &mut search);
        }
        search.finish()
    }
}

/// An item of the arena: 0 is the root, `j + 1` is the matrix's item `j`, `N + 1` heads the
/// list of secondary items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct ItemId(pub u32);

impl ItemId {
    #[doc(hidden)]
    pub const ROOT: ItemId = ItemId(0);

    /// The item's header node (same number).
    fn header(self) -> NodeId {
        NodeId(self.0)
    }

    /// The item's index in the model's exact-cover matrix.
    #[doc(hidden)]
    pub fn matrix_index(self) -> usize {
        self.0 as usize - 1
    }
}

/// A node of the arena: headers, option nodes and spacers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct NodeId(u32);

impl NodeId {
    fn next(self) -> NodeId {
        NodeId(self.0 + 1)
    }

    fn prev(self) -> NodeId {
        NodeId(self.0 - 1)
    }
}

/// An item's place in its horizontal list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct ItemRec {
    llink: ItemId,
    pub rlink: ItemId,
}

/// A node: `top` is the item (≥ 1) of an option node, the `LEN` of a header node, and ≤ 0 for a
/// spacer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct Node {
    top: i32,
    ulink: NodeId,
    dlink: NodeId,
}

/// The dancing-links matrix.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
#[doc(hidden)]
pub struct Matrix {
    items: Vec<ItemRec>,
    nodes: Vec<Node>,
    /// Per option: its first node (the one of its cell item).
    pub starts: Vec<NodeId>,
}

/// One level of the search.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// The item chosen at X3.
    item: ItemId,
    /// x_l: the option node being tried (the item's header once they are exhausted).
    x: NodeId,
    /// The options the item had when chosen.
    m: u32,
    /// Which of them is being tried, from 1.
    k: u32,
    /// The decision depth when the level was entered.
    depth: u32,
}

/// Where the search goes next: Knuth's steps X5 to X8 (X2–X4 are `Enter`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Enter,
    Try,
    TryAgain,
    Backtrack,
    Leave,
}

fn arena_index(k: usize) -> u32 {
    u32::try_from(k).expect("the matrix of a 64×64 grid fits u32 indices")
}

impl std::ops::Index<ItemId> for Matrix {
    type Output = ItemRec;
    fn index(&self, i: ItemId) -> &ItemRec {
        &self.items[i.0 as usize]
    }
}

impl std::ops::IndexMut<ItemId> for Matrix {
    fn index_mut(&mut self, i: ItemId) -> &mut ItemRec {
        &mut self.items[i.0 as usize]
    }
}

impl std::ops::Index<NodeId> for Matrix {
    type Output = Node;
    fn index(&self, x: NodeId) -> &Node {
        &self.nodes[x.0 as usize]
    }
}

impl std::ops::IndexMut<NodeId> for Matrix {
    fn index_mut(&mut self, x: NodeId) -> &mut Node {
        &mut self.nodes[x.0 as usize]
    }
}

impl Matrix {
    /// Builds the arenas for `ec`, every item active and every option present.
    #[doc(hidden)]
    pub fn build(&mut self, ec: &ExactCover) {
        let n = ec.items().len();
        let n1 = ec.primary();
        assert!(n1 > 0, "a model has cells, so primary items");
        let head2 = ItemId(arena_index(n + 1));
        self.items.clear();
        self.nodes.clear();
        self.starts.clear();
        // Items: root, 1..=N in order, then the secondary head; then close both circles.
        self.items.push(ItemRec { llink: ItemId(arena_index(n1)), rlink: ItemId(1) });
        for k in 1..=n {
            self.items.push(ItemRec { llink: ItemId(arena_index(k - 1)), rlink: ItemId(arena_index(k + 1)) });
        }
        self.items.push(ItemRec { llink: head2, rlink: head2 });
        self.items[n1].rlink = ItemId::ROOT;
        if n > n1 {
            self.items[n1 + 1].llink = head2;
            self.items[n + 1] = ItemRec { llink: ItemId(arena_index(n)), rlink: ItemId(arena_index(n1 + 1)) };
        }
        // Nodes: unused node 0, the headers (empty vertical lists), the first spacer.
        self.nodes.push(Node { top: 0, ulink: NodeId(0), dlink: NodeId(0) });
        for k in 1..=n {
            let x = NodeId(arena_index(k));
            self.nodes.push(Node { top: 0, ulink: x, dlink: x });
        }
        self.nodes.push(Node { top: 0, ulink: NodeId(0), dlink: NodeId(0) });
        // Options, each followed by its spacer.
        self.starts.reserve(ec.options());
        for o in 0..ec.options() {
            let first = NodeId(arena_index(self.nodes.len()));
            self.starts.push(first);
            for &j in ec.option_items(o) {
                let header = ItemId(j + 1).header();
                let x = NodeId(arena_index(self.nodes.len()));
                let last = self[header].ulink;
                self.nodes.push(Node { top: (j + 1) as i32, ulink: last, dlink: header });
                self[last].dlink = x;
                self[header].ulink = x;
                self[header].top += 1;
            }
            let last = NodeId(arena_index(self.nodes.len() - 1));
            self[first.prev()].dlink = last;
            let spacer = -i32::try_from(o + 1).expect("n³ options fit i32");
            self.nodes.push(Node { top: spacer, ulink: first, dlink: NodeId(0) });
        }
    }

    /// LEN(i): the options left for item `i`.
    #[doc(hidden)]
    pub fn len(&self, i: ItemId) -> u32 {
        self[i.header()].top as u32
    }

    /// The item of an option node; `None` for a spacer.
    #[doc(hidden)]
    pub fn item_of(&self, x: NodeId) -> Option<ItemId> {
        let top = self[x].top;
        (top > 0).then_some(ItemId(top as u32))
    }

    /// The option an option node belongs to: the number written in the spacer after it.
    #[doc(hidden)]
    pub fn option_of(&self, x: NodeId) -> OptionId {
        let mut q = x;
        while self[q].top > 0 {
            q = q.next();
        }
        (-self[q].top - 1) as usize
    }

    /// cover(i): takes `i` out of its item list and hides every option containing it.
    #[doc(hidden)]
    pub fn cover(&mut self, i: ItemId) {
        let header = i.header();
        let mut p = self[header].dlink;
        while p != header {
            self.hide(p);
            p = self[p].dlink;
        }
        let ItemRec { llink: l, rlink: r } = self[i];
        self[l].rlink = r;
        self[r].llink = l;
    }

    /// hide(p): takes the other nodes of p's option out of their vertical lists.
    fn hide(&mut self, p: NodeId) {
        let mut q = p.next();
        while q != p {
            let Node { top: x, ulink: u, dlink: d } = self[q];
            if x <= 0 {
                q = u; // a spacer: back to the first node of the option
            } else {
                self[u].dlink = d;
                self[d].ulink = u;
                self[ItemId(x as u32).header()].top -= 1;
                q = q.next();
            }
        }
    }

    /// uncover(i): undoes cover(i).
    #[doc(hidden)]
    pub fn uncover(&mut self, i: ItemId) {
        let ItemRec { llink: l, rlink: r } = self[i];
        self[l].rlink = i;
        self[r].llink = i;
        let header = i.header();
        let mut p = self[header].ulink;
        while p != header {
            self.unhide(p);
            p = self[p].ulink;
        }
    }

    /// unhide(p): undoes hide(p), in the reverse order.
    fn unhide(&mut self, p: NodeId) {
        let mut q = p.prev();
        while q != p {
            let Node { top: x, ulink: u, dlink: d } = self[q];
            if x <= 0 {
                q = d; // a spacer: on to the last node of the option
            } else {
                self[u].dlink = q;
                self[d].ulink = q;
                self[ItemId(x as u32).header()].top += 1;
                q = q.prev();
            }
        }
    }

    /// Covers every item of x's option other than TOP(x), left to right from x (step X5).
    #[doc(hidden)]
    pub fn cover_others(&mut self, x: NodeId) {
        let mut p = x.next();
        while p != x {
            match self.item_of(p) {
                Some(j) => {
                    self.cover(j);
                    p = p.next();
                }
                None => p = self[p].ulink,
            }
        }
    }

    /// Uncovers every item of x's option other than TOP(x), right to left from x (step X6).
    #[doc(hidden)]
    pub fn uncover_others(&mut self, x: NodeId) {
        let mut p = x.prev();
        while p != x {
            match self.item_of(p) {
                Some(j) => {
                    self.uncover(j);
                    p = p.prev();
                }
                None => p = self[p].dlink,
            }
        }
    }

    /// The active primary item with the fewest options, the first in the list on ties, and
    /// its number of options.
    #[doc(hidden)]
    pub fn choose(&self) -> (ItemId, u32) {
        let (mut best, mut t) = (ItemId::ROOT, u32::MAX);
        let mut i = self[ItemId::ROOT].rlink;
        while i != ItemId::ROOT {
            let len = self.len(i);
            if len < t {
                (best, t) = (i, len);
                if t == 0 {
                    break;
                }
            }
            i = self[i].rlink;
        }
        (best, t)
    }

    /// Why `choose` took item `i` with `m` options: `fewest-options`, and the next active items
    /// with their counts of options.
    fn why(&self, i: ItemId, m: u32, model: &Model) -> Choice {
        let ec = model.exact_cover();
        let name = |j: ItemId| match ec.items()[j.matrix_index()] {
            Item::Cell(cell) => cell_name(cell, model.size()),
            Item::HouseValue(unit, value) => {
                format!("{} in {}", model.symbols().symbol(value), model.units()[unit].label)
            }
            Item::GroupValue(unit, value) => {
                format!("{} in {}", model.symbols().symbol(value), model.units()[unit].label)
            }
        };
        let mut others = Vec::new();
        let mut j = self[ItemId::ROOT].rlink;
        while j != ItemId::ROOT {
            if j != i {
                others.push((name(j), u64::from(self.len(j))));
            }
            j = self[j].rlink;
        }
        Choice::ranked("fewest-options", u64::from(m), others, |a, b| a < b)
    }
}

impl Dlx {
    /// Covers the options of the givens, the data's fixed choices. False when a given's option
    /// is no longer available: the givens contradict each other.
    fn cover_givens(&mut self, puzzle: &Puzzle) -> bool {
        let ec = puzzle.model().exact_cover();
        self.covered.clear();
        self.covered.resize(ec.items().len(), false);
        for (cell, &value) in puzzle.givens().values().iter().enumerate() {
            if value == 0 {
                continue;
            }
            let o = ec.option(cell, value);
            // An option is gone exactly when one of its items is covered.
            let items = ec.option_items(o);
            if items.iter().any(|&j| self.covered[j as usize]) {
                return false;
            }
            for &j in items {
                self.covered[j as usize] = true;
            }
            let x = self.matrix.starts[o];
            let i = self.matrix.item_of(x).expect("an option node");
            self.matrix.cover(i);
            self.matrix.cover_others(x);
        }
        true
    }

    /// Algorithm X from step X2, the givens covered.
    fn run(&mut self, puzzle: &Puzzle, search: &mut Search<'_>) {
        let ec = puzzle.model().exact_cover();
        let constrained = !puzzle.model().constraints().is_empty();
        self.grid.clear();
        self.grid.extend_from_slice(puzzle.givens().values());
        if constrained
            && puzzle.model().constraints().iter().any(|c| {
                self.scratch.clear();
                self.scratch.extend(c.cells.iter().map(|&x| self.grid[x]));
                !c.holds(&self.scratch)
            })
        {
            return; // the givens break a constraint: no solution
        }
        let mut depth = 0u32;
        let mut step = Step::Enter;
        loop {
            match step {
                Step::Enter => {
                    // X2: enter level l.
                    if !search.node() {
                        return;
                    }
                    if self.matrix[ItemId::ROOT].rlink == ItemId::ROOT {
                        // Every primary item is covered: visit the solution x_0 … x_{l-1}.
                        let (matrix, levels) = (&self.matrix, &self.levels);
                        let flow = search.solution(|| {
                            let mut grid = puzzle.givens().clone();
                            for level in levels {
                                let (cell, value) = ec.cell_value(matrix.option_of(level.x));
                                grid.set(cell, value);
                            }
                            grid
                        });
                        if flow.is_break() {
                            return;
                        }
                        step = Step::Leave;
                        continue;
                    }
                    // X3: choose item i (MRV).
                    let (i, m) = self.matrix.choose();
                    if m == 0 {
                        // Covering i would leave x_l = i at once (X5 to X7 to X8): go to X8.
                        let cause = match ec.items()[i.matrix_index()] {
                            Item::Cell(cell) => ConflictCause::NoCandidates { cell },
                            Item::HouseValue(unit, value) => ConflictCause::NoPlace { unit, value },
                            Item::GroupValue(..) => ConflictCause::NoOption { item: i.matrix_index() },
                        };
                        search.conflict(depth as usize, cause);
                        step = Step::Leave;
                        continue;
                    }
                    if m > 1 && search.choices() {
                        self.why = Some(self.matrix.why(i, m, puzzle.model()));
                    }
                    // X4: cover i, x_l = DLINK(i).
                    self.matrix.cover(i);
                    let x = self.matrix[i.header()].dlink;
                    self.levels.push(Level { item: i, x, m, k: 0, depth });
                    step = Step::Try;
                }
                Step::Try => {
                    // X5: try x_l.
                    let level = self.levels.last_mut().expect("a level is open");
                    if level.x == level.item.header() {
                        step = Step::Backtrack;
                        continue;
                    }
                    if constrained {
                        // Side constraints, checked as the search goes: an option that would
                        // break one (a cage's sum, a thermometer) is passed over.
                        let x = level.x;
                        let (cell, value) = ec.cell_value(self.matrix.option_of(x));
                        if !fits(puzzle.model(), &self.grid, &mut self.scratch, cell, value) {
                            let level = self.levels.last_mut().expect("a level is open");
                            level.x = self.matrix[x].dlink;
                            continue;
                        }
                        self.grid[cell] = value;
                    }
                    let level = self.levels.last_mut().expect("a level is open");
                    level.k += 1;
                    let level = *level;
                    self.matrix.cover_others(level.x);
                    // Only the trace reads the cell and value.
                    let (cell, value) =
                        if search.tracing() { ec.cell_value(self.matrix.option_of(level.x)) } else { (0, 0) };
                    if level.m == 1 {
                        search.place(cell, value, PlaceReason::Cover, level.depth as usize);
                        depth = level.depth;
                    } else {
                        if level.k > 1 {
                            search.backtrack(level.depth as usize);
                        }
                        depth = level.depth + 1;
                        if level.k == 1 {
                            let why = self.why.take();
                            search.guess_because(depth as usize, cell, value, (1, level.m as usize), || why);
                        } else {
                            search.guess(depth as usize, cell, value, level.k as usize, level.m as usize);
                        }
                    }
                    step = Step::Enter;
                }
                Step::TryAgain => {
                    // X6: try again: uncover the items ≠ i of x_l, right to left; x_l = DLINK(x_l).
                    let level = self.levels.last_mut().expect("a level is open");
                    let x = level.x;
                    level.x = self.matrix[x].dlink;
                    self.matrix.uncover_others(x);
                    if constrained {
                        self.grid[ec.cell_value(self.matrix.option_of(x)).0] = 0;
                    }
                    step = Step::Try;
                }
                Step::Backtrack => {
                    // X7: backtrack: uncover i.
                    let level = self.levels.pop().expect("a level is open");
                    self.matrix.uncover(level.item);
                    step = Step::Leave;
                }
                Step::Leave => {
                    // X8: leave level l: terminate at level 0, else back to X6 one level up.
                    if self.levels.is_empty() {
                        return;
                    }
                    step = Step::TryAgain;
                }
            }
        }
    }
}
