//! Human-style solving: the techniques people use, one step at a time, each step a sentence a
//! person can follow. `coverlab explain` prints every step of a puzzle, `coverlab hint` the next.
//!
//! Every technique is stated on the model's units, so it holds for every spec: any n, square or
//! rectangular boxes, jigsaw regions, extra houses (diagonals, windows), at-most-once groups
//! (anti-knight, anti-king: their cells are peers, and a naked subset works in them too) and
//! constraints beyond houses (a cage's combinations, a thermometer's order, innies and outies:
//! each constraint's own filter, named in the step). The techniques, simplest first
//! ([`Technique::ALL`]): naked and hidden singles, locked candidates, constraints, naked and
//! hidden pairs and triples, X-wings and swordfish. [`next_step`] returns the first that applies.
//!
//! Bounds: subsets and fish are searched over at most [`MAX_SUBSET_CELLS`] open cells of a unit
//! (or rows of a value), so a step stays cheap on 64×64 grids; a larger unit is skipped for
//! triples and swordfish (pairs and X-wings are always searched).

use coverlab_model::{Cell, Model, Puzzle, Symbols, UnitKind, Value};
use serde::Serialize;

/// Triples and swordfish are looked for among at most this many open cells of a unit (rows of a
/// value): C(24, 3) = 2,024 combinations. Pairs and X-wings have no bound (C(64, 2) = 2,016).
pub const MAX_SUBSET_CELLS: usize = 24;

/// A technique, in the order [`next_step`] tries them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Technique {
    /// An open cell with one candidate.
    NakedSingle,
    /// A value with one place in a house.
    HiddenSingle,
    /// A value whose places in one house all lie in another: out of the rest of the other
    /// (pointing and claiming).
    LockedCandidates,
    /// A constraint beyond houses rules values out (a cage's combinations, a thermometer's
    /// order, a dot's pairs, innies and outies).
    Constraint,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two values with the same two places in a house.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three values with three places between them in a house.
    HiddenTriple,
    /// A value with at most two places in each of two rows, in the same two columns (or the
    /// other way round).
    XWing,
    /// The same with three rows and three columns.
    Swordfish,
}

impl Technique {
    /// Every technique, simplest first.
    pub const ALL: [Technique; 10] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedCandidates,
        Technique::Constraint,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
    ];

    /// Its name in sentences: `hidden single`, `x-wing`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::LockedCandidates => "locked candidates",
            Technique::Constraint => "constraint",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
        }
    }

    /// Its rank, from 1: the order in which [`next_step`] tries it.
    pub fn difficulty(self) -> u32 {
        Technique::ALL.iter().position(|&t| t == self).map_or(0, |i| i as u32 + 1)
    }
}

/// A step: what a technique found, and what it places or rules out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Values placed (a single places one).
    pub placements: Vec<(Cell, Value)>,
    /// Candidates ruled out, sorted.
    pub eliminations: Vec<(Cell, Value)>,
    /// The units the pattern lives in (indices into [`Model::units`]).
    pub units: Vec<usize>,
    /// The pattern's cells (a pair's two cells, the places of a locked value, a fish's cells).
    pub cells: Vec<Cell>,
    /// The pattern's values.
    pub values: Vec<Value>,
    /// For [`Technique::Constraint`]: the constraint (an index into [`Model::constraints`]).
    pub constraint: Option<usize>,
}

/// Why a board cannot be completed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Contradiction {
    /// What is wrong: `r4c5 has no candidates`, `7 has no place in row 3`.
    pub message: String,
}

/// The grid as a person keeps it: values placed, and each open cell's candidates (bit v−1 for
/// value v).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    values: Vec<Value>,
    cand: Vec<u64>,
}

fn bit(v: Value) -> u64 {
    1 << (v - 1)
}

fn values_of(mask: u64) -> impl Iterator<Item = Value> {
    (0..64).filter(move |i| mask >> i & 1 == 1).map(|i| i as Value + 1)
}

impl Board {
    /// The givens placed; each open cell's candidates are the values no peer holds. `Err` when
    /// two givens clash, or a cell or a house value is left without a place.
    pub fn new(puzzle: &Puzzle) -> Result<Board, Contradiction> {
        let model = puzzle.model();
        let n = model.size();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let givens = puzzle.givens().values();
        let mut board = Board { values: vec![0; model.cells()], cand: vec![full; model.cells()] };
        for (cell, &v) in givens.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if let Some(&p) = model.peers(cell).iter().find(|&&p| givens[p as usize] == v) {
                return Err(Contradiction {
                    message: format!(
                        "the givens {} and {} share a unit and both hold {}",
                        model.cell_name(p as usize),
                        model.cell_name(cell),
                        puzzle.symbols().symbol(v)
                    ),
                });
            }
            board.place(model, cell, v);
        }
        board.check(model, puzzle.symbols())?;
        Ok(board)
    }

    /// The value in `cell` (0 when open).
    pub fn value(&self, cell: Cell) -> Value {
        self.values[cell]
    }

    /// The candidates of open `cell` (0 for a filled cell).
    pub fn candidates(&self, cell: Cell) -> u64 {
        self.cand[cell]
    }

    /// True when every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The values, row-major (0 for an open cell).
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    fn place(&mut self, model: &Model, cell: Cell, v: Value) {
        self.values[cell] = v;
        self.cand[cell] = 0;
        for &p in model.peers(cell) {
            self.cand[p as usize] &= !bit(v);
        }
    }

    /// Applies `step`: its placements (each value out of the cell's peers), then its
    /// eliminations. `Err` when the board is left with a cell or a house value without a place.
    pub fn apply(&mut self, model: &Model, symbols: &Symbols, step: &Step) -> Result<(), Contradiction> {
        for &(cell, v) in &step.placements {
            if self.values[cell] == 0 {
                if self.cand[cell] & bit(v) == 0 {
                    return Err(Contradiction {
                        message: format!("{} cannot hold {}", model.cell_name(cell), symbols.symbol(v)),
                    });
                }
                self.place(model, cell, v);
            }
        }
        for &(cell, v) in &step.eliminations {
            self.cand[cell] &= !bit(v);
        }
        self.check(model, symbols)
    }

    /// Every open cell has a candidate, and every value a place in every house.
    fn check(&self, model: &Model, symbols: &Symbols) -> Result<(), Contradiction> {
        if let Some(c) = (0..self.values.len()).find(|&c| self.values[c] == 0 && self.cand[c] == 0) {
            return Err(Contradiction { message: format!("{} has no candidates", model.cell_name(c)) });
        }
        for unit in model.units().iter().filter(|u| u.exact) {
            let mut seen = 0u64;
            for &c in &unit.cells {
                seen |= self.cand[c] | if self.values[c] == 0 { 0 } else { bit(self.values[c]) };
            }
            let full = if unit.cells.len() == 64 { u64::MAX } else { (1u64 << unit.cells.len()) - 1 };
            if let Some(v) = values_of(full & !seen).next() {
                return Err(Contradiction { message: format!("{} has no place in {}", symbols.symbol(v), unit.label) });
            }
        }
        Ok(())
    }
}

/// Two houses sharing two cells or more: the ground of locked candidates.
struct Link {
    from: usize,
    to: usize,
    inter: Vec<Cell>,
    from_only: Vec<Cell>,
    to_only: Vec<Cell>,
}

/// The techniques, set up for one model (the house intersections and the rows and columns are
/// found once).
pub struct Techniques<'m> {
    model: &'m Model,
    links: Vec<Link>,
    rows: Vec<usize>,
    columns: Vec<usize>,
    /// Per cell, its row's position in `rows` and its column's in `columns` (`usize::MAX`:
    /// none).
    row_of: Vec<usize>,
    column_of: Vec<usize>,
}

impl<'m> Techniques<'m> {
    /// The techniques for `model`.
    pub fn new(model: &'m Model) -> Techniques<'m> {
        let units = model.units();
        let houses: Vec<usize> = (0..units.len()).filter(|&u| units[u].exact).collect();
        let mut links = Vec::new();
        for &a in &houses {
            for &b in &houses {
                if a == b {
                    continue;
                }
                let inter: Vec<Cell> = units[a].cells.iter().copied().filter(|c| units[b].cells.contains(c)).collect();
                if inter.len() < 2 {
                    continue;
                }
                let from_only = units[a].cells.iter().copied().filter(|c| !inter.contains(c)).collect();
                let to_only = units[b].cells.iter().copied().filter(|c| !inter.contains(c)).collect();
                links.push(Link { from: a, to: b, inter, from_only, to_only });
            }
        }
        let of = |kind| (0..units.len()).filter(|&u| units[u].kind == kind && units[u].exact).collect::<Vec<_>>();
        let (rows, columns) = (of(UnitKind::Row), of(UnitKind::Column));
        let position = |lines: &[usize]| {
            let mut at = vec![usize::MAX; model.cells()];
            for (i, &u) in lines.iter().enumerate() {
                units[u].cells.iter().for_each(|&c| at[c] = i);
            }
            at
        };
        let (row_of, column_of) = (position(&rows), position(&columns));
        Techniques { model, links, rows, columns, row_of, column_of }
    }

    /// The first step of the simplest technique that applies, or `None` when none does (the
    /// next step is a guess, or the board is solved). A constraint that cannot hold at all is
    /// a [`Contradiction`].
    pub fn next_step(&self, board: &Board) -> Result<Option<Step>, Contradiction> {
        if let Some(step) = self.naked_single(board) {
            return Ok(Some(step));
        }
        if let Some(step) = self.hidden_single(board) {
            return Ok(Some(step));
        }
        if let Some(step) = self.locked(board) {
            return Ok(Some(step));
        }
        if let Some(step) = self.constraint(board)? {
            return Ok(Some(step));
        }
        for k in [2, 3] {
            if let Some(step) = self.naked_subset(board, k) {
                return Ok(Some(step));
            }
            if let Some(step) = self.hidden_subset(board, k) {
                return Ok(Some(step));
            }
        }
        for k in [2, 3] {
            if let Some(step) = self.fish(board, k) {
                return Ok(Some(step));
            }
        }
        Ok(None)
    }

    fn step(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            units: Vec::new(),
            cells: Vec::new(),
            values: Vec::new(),
            constraint: None,
        }
    }

    fn naked_single(&self, board: &Board) -> Option<Step> {
        let cell = (0..board.cand.len()).find(|&c| board.values[c] == 0 && board.cand[c].count_ones() == 1)?;
        let v = board.cand[cell].trailing_zeros() as Value + 1;
        Some(Step {
            placements: vec![(cell, v)],
            cells: vec![cell],
            values: vec![v],
            ..Self::step(Technique::NakedSingle)
        })
    }

    fn hidden_single(&self, board: &Board) -> Option<Step> {
        for (u, unit) in self.model.units().iter().enumerate().filter(|(_, u)| u.exact) {
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in &unit.cells {
                twice |= once & board.cand[c];
                once |= board.cand[c];
            }
            if let Some(v) = values_of(once & !twice).next() {
                let cell = *unit.cells.iter().find(|&&c| board.cand[c] & bit(v) != 0)?;
                return Some(Step {
                    placements: vec![(cell, v)],
                    units: vec![u],
                    cells: vec![cell],
                    values: vec![v],
                    ..Self::step(Technique::HiddenSingle)
                });
            }
        }
        None
    }

    fn locked(&self, board: &Board) -> Option<Step> {
        for link in &self.links {
            let inter = link.inter.iter().fold(0, |m, &c| m | board.cand[c]);
            let out = link.from_only.iter().fold(0, |m, &c| m | board.cand[c]);
            for v in values_of(inter & !out) {
                let gone: Vec<(Cell, Value)> =
                    link.to_only.iter().filter(|&&c| board.cand[c] & bit(v) != 0).map(|&c| (c, v)).collect();
                if gone.is_empty() {
                    continue;
                }
                let cells = link.inter.iter().copied().filter(|&c| board.cand[c] & bit(v) != 0).collect();
                return Some(Step {
                    eliminations: gone,
                    units: vec![link.from, link.to],
                    cells,
                    values: vec![v],
                    ..Self::step(Technique::LockedCandidates)
                });
            }
        }
        None
    }

    fn constraint(&self, board: &Board) -> Result<Option<Step>, Contradiction> {
        for (k, c) in self.model.constraints().iter().enumerate() {
            let mut domains: Vec<u64> = c
                .cells
                .iter()
                .map(|&x| if board.values[x] == 0 { board.cand[x] } else { bit(board.values[x]) })
                .collect();
            let before = domains.clone();
            if c.filter(&mut domains).is_err() {
                return Err(Contradiction { message: format!("{} cannot hold", c.label) });
            }
            let mut gone: Vec<(Cell, Value)> = Vec::new();
            for (i, &x) in c.cells.iter().enumerate() {
                if board.values[x] == 0 {
                    gone.extend(values_of(before[i] & !domains[i]).map(|v| (x, v)));
                }
            }
            if !gone.is_empty() {
                gone.sort_unstable();
                gone.dedup();
                return Ok(Some(Step {
                    eliminations: gone,
                    cells: c.cells.clone(),
                    constraint: Some(k),
                    ..Self::step(Technique::Constraint)
                }));
            }
        }
        Ok(None)
    }

    fn naked_subset(&self, board: &Board, k: usize) -> Option<Step> {
        let technique = if k == 2 { Technique::NakedPair } else { Technique::NakedTriple };
        for (u, unit) in self.model.units().iter().enumerate() {
            let open: Vec<Cell> = unit
                .cells
                .iter()
                .copied()
                .filter(|&c| board.values[c] == 0 && (board.cand[c].count_ones() as usize) <= k)
                .collect();
            if open.len() < k || (k > 2 && open.len() > MAX_SUBSET_CELLS) {
                continue;
            }
            let mut found = None;
            combinations(open.len(), k, &mut |pick| {
                let union = pick.iter().fold(0, |m, &i| m | board.cand[open[i]]);
                if union.count_ones() as usize != k {
                    return false;
                }
                let cells: Vec<Cell> = pick.iter().map(|&i| open[i]).collect();
                let mut gone = Vec::new();
                for &c in &unit.cells {
                    if !cells.contains(&c) {
                        gone.extend(values_of(board.cand[c] & union).map(|v| (c, v)));
                    }
                }
                if gone.is_empty() {
                    return false;
                }
                found = Some(Step {
                    eliminations: gone,
                    units: vec![u],
                    cells,
                    values: values_of(union).collect(),
                    ..Self::step(technique)
                });
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    fn hidden_subset(&self, board: &Board, k: usize) -> Option<Step> {
        let technique = if k == 2 { Technique::HiddenPair } else { Technique::HiddenTriple };
        for (u, unit) in self.model.units().iter().enumerate().filter(|(_, u)| u.exact) {
            // The open values (no cell of the house holds them), each with its places.
            let placed =
                unit.cells.iter().fold(0, |m, &c| if board.values[c] == 0 { m } else { m | bit(board.values[c]) });
            let union = unit.cells.iter().fold(0, |m, &c| m | board.cand[c]);
            let open: Vec<(Value, Vec<Cell>)> = values_of(union & !placed)
                .map(|v| (v, unit.cells.iter().copied().filter(|&c| board.cand[c] & bit(v) != 0).collect::<Vec<_>>()))
                .filter(|(_, places)| places.len() <= k)
                .collect();
            if open.len() < k || (k > 2 && open.len() > MAX_SUBSET_CELLS) {
                continue;
            }
            let mut found = None;
            combinations(open.len(), k, &mut |pick| {
                let mut cells: Vec<Cell> = pick.iter().flat_map(|&i| open[i].1.iter().copied()).collect();
                cells.sort_unstable();
                cells.dedup();
                if cells.len() != k {
                    return false;
                }
                let keep = pick.iter().fold(0, |m, &i| m | bit(open[i].0));
                let gone: Vec<(Cell, Value)> =
                    cells.iter().flat_map(|&c| values_of(board.cand[c] & !keep).map(move |v| (c, v))).collect();
                if gone.is_empty() {
                    return false;
                }
                found = Some(Step {
                    eliminations: gone,
                    units: vec![u],
                    cells: cells.clone(),
                    values: values_of(keep).collect(),
                    ..Self::step(technique)
                });
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    fn fish(&self, board: &Board, k: usize) -> Option<Step> {
        let technique = if k == 2 { Technique::XWing } else { Technique::Swordfish };
        let units = self.model.units();
        let n = self.model.size();
        let directions = [
            (&self.rows, &self.columns, &self.row_of, &self.column_of),
            (&self.columns, &self.rows, &self.column_of, &self.row_of),
        ];
        for (base, cover, base_of, cover_of) in directions {
            if base.is_empty() || cover.is_empty() || base.len() > 64 || cover.len() > 64 {
                continue;
            }
            for v in 1..=n as Value {
                // Each base house where v is open: its places, as cover-house positions.
                let lines: Vec<(usize, u64)> = base
                    .iter()
                    .filter_map(|&b| {
                        let cells = &units[b].cells;
                        if cells.iter().any(|&c| board.values[c] == v) {
                            return None;
                        }
                        let mut mask = 0u64;
                        for &c in cells.iter().filter(|&&c| board.cand[c] & bit(v) != 0) {
                            let j = cover_of[c];
                            if j == usize::MAX {
                                return None;
                            }
                            mask |= 1 << j;
                        }
                        (2..=k).contains(&(mask.count_ones() as usize)).then_some((b, mask))
                    })
                    .collect();
                if lines.len() < k || (k > 2 && lines.len() > MAX_SUBSET_CELLS) {
                    continue;
                }
                let mut found = None;
                combinations(lines.len(), k, &mut |pick| {
                    let covers = pick.iter().fold(0u64, |m, &i| m | lines[i].1);
                    if covers.count_ones() as usize != k {
                        return false;
                    }
                    let bases: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                    let covered: Vec<usize> = (0..64).filter(|j| covers >> j & 1 == 1).map(|j| cover[j]).collect();
                    let mut gone = Vec::new();
                    let mut cells = Vec::new();
                    for &h in &covered {
                        for &c in &units[h].cells {
                            if board.cand[c] & bit(v) == 0 {
                                continue;
                            }
                            if base_of[c] != usize::MAX && bases.contains(&base[base_of[c]]) {
                                cells.push(c);
                            } else {
                                gone.push((c, v));
                            }
                        }
                    }
                    if gone.is_empty() {
                        return false;
                    }
                    gone.sort_unstable();
                    cells.sort_unstable();
                    found = Some(Step {
                        eliminations: gone,
                        units: bases.into_iter().chain(covered).collect(),
                        cells,
                        values: vec![v],
                        ..Self::step(technique)
                    });
                    true
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}

/// Calls `f` on each k-subset of 0..m in lexicographic order until it returns true.
fn combinations(m: usize, k: usize, f: &mut dyn FnMut(&[usize]) -> bool) {
    let mut pick: Vec<usize> = (0..k).collect();
    if k == 0 || k > m {
        return;
    }
    loop {
        if f(&pick) {
            return;
        }
        // The rightmost index that can move.
        let Some(i) = (0..k).rev().find(|&i| pick[i] < m - k + i) else { return };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// How an explanation ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Ending {
    /// Every cell is filled.
    Solved,
    /// No technique applies: the next step is a guess.
    Stuck,
    /// The givens, or the steps, show that the puzzle has no solution.
    Contradiction(Contradiction),
    /// The step limit was reached.
    StepLimit,
}

/// A puzzle's explanation: its steps, how it ended, and the board it ended on.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub ending: Ending,
    /// The board after the last step (the givens' board when they contradict: empty then).
    pub board: Option<Board>,
}

/// Steps until the puzzle is solved, no technique applies, a contradiction shows, or
/// `max_steps` steps.
pub fn explain(puzzle: &Puzzle, max_steps: usize) -> Explanation {
    let model = puzzle.model();
    let mut board = match Board::new(puzzle) {
        Ok(board) => board,
        Err(c) => return Explanation { steps: Vec::new(), ending: Ending::Contradiction(c), board: None },
    };
    let techniques = Techniques::new(model);
    let mut steps = Vec::new();
    let ending = loop {
        if board.is_solved() {
            break Ending::Solved;
        }
        if steps.len() >= max_steps {
            break Ending::StepLimit;
        }
        match techniques.next_step(&board) {
            Err(c) => break Ending::Contradiction(c),
            Ok(None) => break Ending::Stuck,
            Ok(Some(step)) => {
                let applied = board.apply(model, puzzle.symbols(), &step);
                steps.push(step);
                if let Err(c) = applied {
                    break Ending::Contradiction(c);
                }
            }
        }
    };
    Explanation { steps, ending, board: Some(board) }
}

impl Step {
    /// The step as one sentence: `hidden single: in box 3, 7 fits only r2c8`.
    pub fn describe(&self, model: &Model, symbols: &Symbols) -> String {
        let cell = |c: Cell| model.cell_name(c);
        let sym = |v: Value| symbols.symbol(v).to_string();
        let unit = |u: usize| model.units()[u].label.clone();
        let and = |items: Vec<String>| match items.len() {
            0 => String::new(),
            1 => items[0].clone(),
            _ => format!("{} and {}", items[..items.len() - 1].join(", "), items[items.len() - 1]),
        };
        let cells = |list: &[Cell]| and(list.iter().map(|&c| cell(c)).collect());
        let values = |list: &[Value]| and(list.iter().map(|&v| sym(v)).collect());
        // The eliminations grouped by cell: `r1c4 (3), r1c9 (3, 8)`, or by cell alone when one
        // value is ruled out.
        let gone = |with_values: bool| {
            let mut groups: Vec<(Cell, Vec<Value>)> = Vec::new();
            for &(c, v) in &self.eliminations {
                match groups.last_mut() {
                    Some((last, vs)) if *last == c => vs.push(v),
                    _ => groups.push((c, vec![v])),
                }
            }
            groups
                .iter()
                .map(|(c, vs)| {
                    if with_values {
                        format!("{} ({})", cell(*c), vs.iter().map(|&v| sym(v)).collect::<Vec<_>>().join(", "))
                    } else {
                        cell(*c)
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let name = self.technique.name();
        match self.technique {
            Technique::NakedSingle => {
                let (c, v) = self.placements[0];
                format!("{name}: {} can only be {}", cell(c), sym(v))
            }
            Technique::HiddenSingle => {
                let (c, v) = self.placements[0];
                format!("{name}: in {}, {} fits only {}", unit(self.units[0]), sym(v), cell(c))
            }
            Technique::LockedCandidates => format!(
                "{name}: in {}, {} lies only where it meets {} ({}), so {} is out of {}",
                unit(self.units[0]),
                sym(self.values[0]),
                unit(self.units[1]),
                cells(&self.cells),
                sym(self.values[0]),
                gone(false)
            ),
            Technique::Constraint => {
                let label = self.constraint.map_or_else(String::new, |k| model.constraints()[k].label.clone());
                format!("{name}: {label} rules out {}", gone(true))
            }
            Technique::NakedPair | Technique::NakedTriple => format!(
                "{name}: {} in {} hold only {} between them, so those are out of {}",
                cells(&self.cells),
                unit(self.units[0]),
                values(&self.values),
                gone(true)
            ),
            Technique::HiddenPair | Technique::HiddenTriple => format!(
                "{name}: in {}, {} fit only {}, so their other candidates go: {}",
                unit(self.units[0]),
                values(&self.values),
                cells(&self.cells),
                gone(true)
            ),
            Technique::XWing | Technique::Swordfish => {
                let k = self.units.len() / 2;
                let (bases, covers) = self.units.split_at(k);
                format!(
                    "{name}: {} in {} lies only in {}, so {} is out of {}",
                    sym(self.values[0]),
                    and(bases.iter().map(|&u| unit(u)).collect()),
                    and(covers.iter().map(|&u| unit(u)).collect()),
                    sym(self.values[0]),
                    gone(false)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use coverlab_model::builtin;

    fn classic9() -> Model {
        builtin::load("classic-9x9").unwrap().unwrap()
    }

    /// An open 9×9 board where `v` is left only in the given (row, column) places of `rows`.
    fn only(rows: &[(usize, &[usize])], v: Value) -> Board {
        let mut board = Board { values: vec![0; 81], cand: vec![0x1ff; 81] };
        for &(r, cols) in rows {
            for c in 0..9 {
                if !cols.contains(&c) {
                    board.cand[r * 9 + c] &= !bit(v);
                }
            }
        }
        board
    }

    #[test]
    fn an_x_wing_is_found_and_said() {
        let m = classic9();
        let board = only(&[(1, &[2, 7]), (6, &[2, 7])], 5);
        let step = Techniques::new(&m).next_step(&board).unwrap().unwrap();
        assert_eq!(step.technique, Technique::XWing);
        let gone: Vec<Cell> = step.eliminations.iter().map(|&(c, _)| c).collect();
        let expected: Vec<Cell> = (0..81).filter(|&c| (c % 9 == 2 || c % 9 == 7) && c / 9 != 1 && c / 9 != 6).collect();
        assert_eq!(gone, expected);
        let symbols = Symbols::default_for(9);
        assert_eq!(
            step.describe(&m, &symbols),
            "x-wing: 5 in row 2 and row 7 lies only in column 3 and column 8, so 5 is out of r1c3, r1c8, \
             r3c3, r3c8, r4c3, r4c8, r5c3, r5c8, r6c3, r6c8, r8c3, r8c8, r9c3, r9c8"
        );
    }

    #[test]
    fn a_swordfish_is_found() {
        let m = classic9();
        // 5 in rows 1, 5 and 9 only in columns 1, 5 and 9 (two places each, in a cycle).
        let board = only(&[(0, &[0, 4]), (4, &[4, 8]), (8, &[0, 8])], 5);
        let step = Techniques::new(&m).next_step(&board).unwrap().unwrap();
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(step.values, vec![5]);
        assert_eq!(step.eliminations.len(), 18, "columns 1, 5, 9 less rows 1, 5, 9: {:?}", step.eliminations);
        assert!(
            step.eliminations
                .iter()
                .all(|&(c, v)| v == 5 && [0, 4, 8].contains(&(c % 9)) && ![0, 4, 8].contains(&(c / 9)))
        );
    }

    #[test]
    fn combinations_are_listed_once_each_in_order() {
        let mut seen = Vec::new();
        combinations(5, 3, &mut |p| {
            seen.push(p.to_vec());
            false
        });
        assert_eq!(seen.len(), 10);
        assert_eq!(seen.first(), Some(&vec![0, 1, 2]));
        assert_eq!(seen.last(), Some(&vec![2, 3, 4]));
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
        let _ = Arc::new(0);
    }
}
