//! A grid with the set of values placed in each unit: the house sets of seed 001 and the masks of
//! seed 002, generalised to every unit of a spec (houses and at-most-once groups).

use coverlab_model::{Cell, Grid, Model, Puzzle, Value};

use crate::Bits;

/// A grid, and per unit the values placed in it, so that the values fitting a cell are one OR
/// over the cell's units. Shared by the plain backtracking strategies.
#[derive(Debug, Clone)]
pub struct UnitSets<'p, B> {
    model: &'p Model,
    grid: Vec<Value>,
    used: Vec<B>,
    full: B,
}

impl<'p, B: Bits> UnitSets<'p, B> {
    /// The puzzle's givens placed; `None` when two givens share a unit and a value (a
    /// contradictory puzzle: no solution).
    pub fn from_givens(puzzle: &'p Puzzle) -> Option<UnitSets<'p, B>> {
        let model = puzzle.model();
        let n = model.size();
        let mut sets =
            UnitSets { model, grid: vec![0; n * n], used: vec![B::EMPTY; model.units().len()], full: B::full(n) };
        for (cell, &v) in puzzle.givens().values().iter().enumerate() {
            if v != 0 {
                if sets.taken(cell).has(usize::from(v) - 1) {
                    return None;
                }
                sets.place(cell, v);
            }
        }
        // Givens that already break a constraint beyond houses: no solution either.
        let mut values = Vec::new();
        for c in model.constraints() {
            values.clear();
            values.extend(c.cells.iter().map(|&x| sets.grid[x]));
            if !c.holds(&values) {
                return None;
            }
        }
        Some(sets)
    }

    /// The values (as bit indices) held by some unit of `cell`.
    #[inline]
    pub fn taken(&self, cell: Cell) -> B {
        let mut taken = B::EMPTY;
        for &u in self.model.units_of(cell) {
            taken |= self.used[u as usize];
        }
        taken
    }

    /// The values (as bit indices) that no unit of `cell` holds and that break no constraint
    /// beyond houses (a cage's sum, a thermometer, …) given the values placed: the check a plain
    /// search makes at each placement.
    #[inline]
    pub fn fits(&self, cell: Cell) -> B {
        let fits = self.full & !self.taken(cell);
        if self.model.constraints_of(cell).is_empty() { fits } else { self.keep_constrained(cell, fits) }
    }

    /// The values of `fits` that break no constraint on `cell`.
    ///
    /// A constraint whose filter is exact ([`Constraint::idempotent`]: automata, pair tables,
    /// sums by partial sums, …) is filtered once, with `fits` as the cell's domain, the placed
    /// values as singletons and every value elsewhere: it keeps exactly the values `holds` would
    /// accept one at a time, for one pass instead of one per value (a pill arrow's automaton
    /// tried value by value was 97 % of `singles-copy`'s time on its corpus case). The others
    /// are checked value by value with [`Constraint::holds`].
    ///
    /// [`Constraint::idempotent`]: coverlab_model::constraint::Constraint::idempotent
    /// [`Constraint::holds`]: coverlab_model::constraint::Constraint::holds
    fn keep_constrained(&self, cell: Cell, fits: B) -> B {
        let mut keep = fits;
        let mut values = [0 as Value; 64];
        let mut domains = [0u64; 64];
        let everything = self.full.to_u64();
        for &k in self.model.constraints_of(cell) {
            if keep.is_empty() {
                break;
            }
            let c = &self.model.constraints()[k as usize];
            let len = c.cells.len();
            let at = c.cells.iter().rposition(|&x| x == cell).unwrap_or(0);
            if c.idempotent() && len <= 64 {
                let domains = &mut domains[..len];
                for (d, &x) in domains.iter_mut().zip(&c.cells) {
                    let v = self.grid[x];
                    *d = if v == 0 { everything } else { 1 << (v - 1) };
                }
                domains[at] = keep.to_u64();
                keep = match c.filter(domains) {
                    Ok(()) => keep & B::from_u64(domains[at]),
                    Err(_) => B::EMPTY,
                };
                continue;
            }
            let mut long = Vec::new();
            let values: &mut [Value] = if len <= 64 {
                &mut values[..len]
            } else {
                long.resize(len, 0);
                &mut long
            };
            for (v, &x) in values.iter_mut().zip(&c.cells) {
                *v = self.grid[x];
            }
            for bit in keep.iter() {
                values[at] = (bit + 1) as Value;
                if !c.holds(values) {
                    keep &= !B::bit(bit);
                }
            }
        }
        keep
    }

    /// Places `value` (1-based) in the empty `cell`.
    #[inline]
    pub fn place(&mut self, cell: Cell, value: Value) {
        debug_assert_eq!(self.grid[cell], 0, "placing in a filled cell");
        self.grid[cell] = value;
        let bit = B::bit(usize::from(value) - 1);
        for &u in self.model.units_of(cell) {
            self.used[u as usize] |= bit;
        }
    }

    /// Empties `cell`, removing its value from its units.
    #[inline]
    pub fn clear(&mut self, cell: Cell) {
        let bit = B::bit(usize::from(self.grid[cell]) - 1);
        self.grid[cell] = 0;
        for &u in self.model.units_of(cell) {
            self.used[u as usize] &= !bit;
        }
    }

    /// The value in `cell` (0 when empty).
    #[inline]
    pub fn value(&self, cell: Cell) -> Value {
        self.grid[cell]
    }

    /// The values, row-major.
    pub fn values(&self) -> &[Value] {
        &self.grid
    }

    /// The model: its units, each cell's peers.
    pub fn model(&self) -> &'p Model {
        self.model
    }

    /// The set of every value, {1..=n}.
    pub fn full(&self) -> B {
        self.full
    }

    /// The grid as it stands.
    pub fn to_grid(&self) -> Grid {
        Grid::from_values(self.model.size(), self.grid.clone()).expect("values stay in range")
    }
}
