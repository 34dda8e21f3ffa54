//! The board as a person keeps it: the values placed and each open cell's candidates.

use coverlab_model::validate::find_conflict_written;
use coverlab_model::{Cell, ConstraintKind, Model, Puzzle, Relation, Symbols, Value};
use serde::Serialize;

use crate::bits::{bit, full, values};
use crate::{Contradiction, Step};

/// The candidates as a person keeps them: the values placed, and per open cell its candidate
/// mask (bit `v - 1` for value `v`; a filled cell's mask is 0).
///
/// Invariant kept by [`Board::new`] and [`Board::apply`]: no candidate of an open cell is held by
/// one of its peers. Candidates only ever shrink.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    n: usize,
    values: Vec<Value>,
    #[serde(rename = "candidates")]
    cand: Vec<u64>,
    /// The puzzle's alphabet, for messages.
    #[serde(skip)]
    symbols: Symbols,
}

impl Board {
    /// Givens placed, each open cell's candidates = the values no peer holds.
    ///
    /// Err when two givens clash (`r1c1 and r1c5 both hold 3 in row 1`), an open cell has no
    /// candidate (`r4c5 has no candidates`) or a value has no place left in a house
    /// (`7 has no place in row 3`).
    pub fn new(puzzle: &Puzzle) -> Result<Board, Contradiction> {
        let (board, contradiction) = Board::start(puzzle);
        match contradiction {
            Some(c) => Err(c),
            None => Ok(board),
        }
    }

    /// The board of [`Board::new`] even when the givens contradict, with the first contradiction.
    pub(crate) fn start(puzzle: &Puzzle) -> (Board, Option<Contradiction>) {
        let model = puzzle.model();
        let n = model.size();
        let values = puzzle.givens().values().to_vec();
        let all = full(n);
        let cand: Vec<u64> = (0..values.len())
            .map(|c| {
                if values[c] != 0 {
                    return 0;
                }
                let seen = model.peers(c).iter().fold(0, |m, &p| m | bit(values[usize::from(p)]));
                all & !seen
            })
            .collect();
        let mut board = Board { n, values, cand, symbols: puzzle.symbols().clone() };
        // A pencil-mark grid's candidates are where the person is: the board starts from them
        // rather than stepping to them.
        for k in model.constraints().iter().filter(|k| k.kind == ConstraintKind::Candidates) {
            if let (&[cell], &Relation::Allowed(mask)) = (k.cells.as_slice(), &k.relation) {
                board.cand[cell] &= mask;
            }
        }
        if let Some(conflict) = find_conflict_written(model, puzzle.givens(), puzzle.symbols()) {
            return (board, Some(Contradiction::new(conflict.to_string())));
        }
        let contradiction = board.check(model).err();
        (board, contradiction)
    }

    /// The side length n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The value at `cell`: 1..=n, 0 when open (or when `cell` is off the grid).
    pub fn value(&self, cell: Cell) -> Value {
        self.values.get(cell).copied().unwrap_or(0)
    }

    /// The candidates of `cell`, bit `v - 1` for value `v`; 0 for a filled cell (or one off the
    /// grid).
    pub fn candidates(&self, cell: Cell) -> u64 {
        self.cand.get(cell).copied().unwrap_or(0)
    }

    /// The values, row-major, 0 for an open cell.
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// True when every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The alphabet the puzzle was written in (values in messages are written with it).
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// Applies a step: places its values (removing each from the cell's peers), then removes its
    /// eliminations.
    ///
    /// Err on a contradiction, named: a placement or elimination off the grid or out of range, a
    /// placement of a value that is not a candidate (or on a cell holding another value), an
    /// elimination of a placed value, and afterwards an open cell without candidates or a house
    /// value without a place. On Err the board holds what the step did up to that point. A
    /// placement already on the board and an elimination of a value that is no candidate are
    /// no-ops.
    pub fn apply(&mut self, model: &Model, step: &Step) -> Result<(), Contradiction> {
        if model.cells() != self.values.len() {
            return Err(self.wrong_model(model));
        }
        let name = |c: Cell| model.cell_name(c);
        for &(cell, v) in &step.placements {
            self.in_range(model, cell, v)?;
            let held = self.values[cell];
            if held == v {
                continue;
            }
            if held != 0 {
                return Err(Contradiction::new(format!(
                    "{} holds {}, the step places {} there",
                    name(cell),
                    self.sym(held),
                    self.sym(v)
                )));
            }
            if self.cand[cell] & bit(v) == 0 {
                return Err(Contradiction::new(format!("{} is not a candidate of {}", self.sym(v), name(cell))));
            }
            self.values[cell] = v;
            self.cand[cell] = 0;
            for &p in model.peers(cell) {
                self.cand[usize::from(p)] &= !bit(v);
            }
        }
        for &(cell, v) in &step.eliminations {
            self.in_range(model, cell, v)?;
            if self.values[cell] == v {
                return Err(Contradiction::new(format!(
                    "{} holds {}, which the step rules out",
                    name(cell),
                    self.sym(v)
                )));
            }
            self.cand[cell] &= !bit(v);
        }
        self.check(model)
    }

    /// The first open cell without candidates, or the first house value without a place.
    pub(crate) fn check(&self, model: &Model) -> Result<(), Contradiction> {
        if model.cells() != self.values.len() {
            return Err(self.wrong_model(model));
        }
        if let Some(cell) = (0..self.values.len()).find(|&c| self.values[c] == 0 && self.cand[c] == 0) {
            return Err(Contradiction::new(format!("{} has no candidates", model.cell_name(cell))));
        }
        let all = full(self.n);
        for house in model.houses() {
            let covered = house.cells.iter().fold(0, |m, &c| m | bit(self.values[c]) | self.cand[c]);
            if let Some(v) = values(all & !covered).next() {
                return Err(Contradiction::new(format!("{} has no place in {}", self.sym(v), house.label)));
            }
        }
        Ok(())
    }

    fn in_range(&self, model: &Model, cell: Cell, v: Value) -> Result<(), Contradiction> {
        if cell >= self.values.len() {
            return Err(Contradiction::new(format!("the step names cell {cell}, off the {n}×{n} grid", n = self.n)));
        }
        if v == 0 || usize::from(v) > self.n {
            return Err(Contradiction::new(format!(
                "the step names value {v} for {}, out of the range 1 to {}",
                model.cell_name(cell),
                self.n
            )));
        }
        Ok(())
    }

    fn wrong_model(&self, model: &Model) -> Contradiction {
        Contradiction::new(format!(
            "the board is {n}×{n} but the model {} is {m}×{m}",
            model.name(),
            n = self.n,
            m = model.size()
        ))
    }

    /// The symbol writing `v`, or its number when out of the alphabet.
    pub(crate) fn sym(&self, v: Value) -> String {
        crate::step::symbol(&self.symbols, v)
    }

    /// The candidate masks, row-major (0 for filled cells).
    pub(crate) fn masks(&self) -> &[u64] {
        &self.cand
    }
}
