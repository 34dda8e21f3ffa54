//! The trace checker: replays a trace on its puzzle and checks every step.
//!
//! It keeps its own grid and its own record of eliminations, sharing no code with any strategy,
//! and checks that: givens come first and match the puzzle (they are placed as stated, so the
//! trace of a contradictory puzzle can be checked too); every placement (given, deduced or
//! guessed) puts a value in an empty cell that no peer holds, that was not eliminated and that
//! breaks no constraint beyond houses (a cage's sum, a thermometer, …); every elimination a
//! constraint is named for really follows from filtering that constraint (for a cage, knowing
//! the values a house it meets can place nowhere else); every
//! naked or hidden single really is one; every claimed conflict really is one; depths open and
//! close in order, and each backtrack restores the state exactly as it was; every solution is
//! valid by the independent validator; and the final count matches the solutions seen.

use coverlab_model::validate::check_solution;
use std::sync::Arc;

use coverlab_model::{Cell, Grid, Model, Puzzle, Symbols, Value, cell_name};

use crate::bits::Bits;
use crate::trace::{ConflictCause, PlaceReason, TraceEvent};

/// What a valid trace showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// The solutions, in order (the first `keep` of them, see [`Replayer::new`]).
    pub solutions: Vec<Grid>,
    /// The number of solutions checked.
    pub count: u64,
    /// The deepest decision level reached.
    pub max_depth: usize,
    /// The number of events.
    pub events: usize,
    /// The count reported by the final `stop`; `None` when the trace was cut before it.
    pub final_count: Option<u64>,
    /// True when the trace ends with a [`TraceEvent::Cut`] marker: the steps before it were
    /// checked, the rest of the search was not written.
    pub cut: bool,
}

/// A step the checker refused: the event's position (0-based) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("event {index}: {message}")]
pub struct ReplayError {
    /// The event's position in the trace.
    pub index: usize,
    /// What is wrong.
    pub message: String,
}

struct State {
    model: Arc<Model>,
    symbols: Symbols,
    grid: Vec<Value>,
    eliminated: Vec<u64>,
    /// (cell, old value, old eliminations) per change, newest last.
    journal: Vec<(Cell, Value, u64)>,
    /// Journal length at each open decision level.
    levels: Vec<usize>,
    /// Per cell, once asked: the values that break no constraint beyond houses given the values
    /// placed (bit v-1 for v). It depends on the grid only, so it is forgotten when a value is
    /// placed or taken back, and kept across eliminations: filtering a cage asks it for every
    /// value of every cell the cage's houses hold, once per `eliminate … by` event.
    fits: Vec<std::cell::Cell<Option<u64>>>,
}

impl State {
    fn n(&self) -> usize {
        self.model.size()
    }

    fn held_by_peer(&self, cell: Cell, value: Value) -> Option<Cell> {
        self.model.peers(cell).iter().map(|&p| p as Cell).find(|&p| self.grid[p] == value)
    }

    fn can_take(&self, cell: Cell, value: Value) -> bool {
        self.grid[cell] == 0
            && self.eliminated[cell] & (1 << (value - 1)) == 0
            && self.held_by_peer(cell, value).is_none()
            && self.fits(cell) & (1 << (value - 1)) != 0
    }

    /// The values that break no constraint beyond houses in `cell`, given the values placed.
    fn fits(&self, cell: Cell) -> u64 {
        if let Some(fits) = self.fits[cell].get() {
            return fits;
        }
        let fits = if self.model.constraints_of(cell).is_empty() {
            u64::full(self.n())
        } else {
            (1..=self.n() as Value).filter(|&v| self.broken_by(cell, v).is_none()).fold(0, |m, v| m | 1 << (v - 1))
        };
        self.fits[cell].set(Some(fits));
        fits
    }

    /// Sets `cell`'s value, forgetting what [`State::fits`] knew when the grid changes.
    fn set_value(&mut self, cell: Cell, value: Value) {
        if self.grid[cell] != value {
            self.grid[cell] = value;
            if !self.model.constraints().is_empty() {
                self.fits.iter().for_each(|f| f.set(None));
            }
        }
    }

    /// A constraint beyond houses that `value` in `cell` would break, given the values placed.
    fn broken_by(&self, cell: Cell, value: Value) -> Option<usize> {
        let mut values = Vec::new();
        self.model.constraints_of(cell).iter().map(|&k| k as usize).find(|&k| {
            let c = &self.model.constraints()[k];
            values.clear();
            values.extend(c.cells.iter().map(|&x| if x == cell { value } else { self.grid[x] }));
            !c.holds(&values)
        })
    }

    /// The values `cell` holds or can take, one bit each: its value when filled.
    fn domain(&self, cell: Cell) -> u64 {
        match self.grid[cell] {
            0 => (1..=self.n() as Value).filter(|&v| self.can_take(cell, v)).fold(0, |m, v| m | 1 << (v - 1)),
            v => 1 << (v - 1),
        }
    }

    /// Filters constraint `k` on the candidates as they stand (a filled cell: its value; an
    /// empty one: the values it can take): the narrowed domains and the values the constraint
    /// needs (see `Constraint::required`). `Err`: the constraint cannot hold.
    fn filtered(&self, k: usize) -> Result<(Vec<u64>, u64), usize> {
        let c = &self.model.constraints()[k];
        let mut domains: Vec<u64> = c.cells.iter().map(|&x| self.domain(x)).collect();
        // A cage holds each value that no cell outside it can take in a house it meets: that
        // house needs the value somewhere (strategies call these hidden cage values).
        let mut must = 0u64;
        if c.has_table() {
            for house in self.model.houses().iter().filter(|h| h.cells.iter().any(|x| c.cells.contains(x))) {
                let outside = house.cells.iter().filter(|x| !c.cells.contains(x)).fold(0, |m, &x| m | self.domain(x));
                must |= !outside;
            }
            must &= u64::full(self.n());
        }
        let mut live = u64::MAX; // every value set of the table tried
        c.filter_forced(&mut domains, &mut live, must).map(|required| (domains, required))
    }

    fn change(&mut self, cell: Cell, value: Value, eliminated: u64) {
        self.journal.push((cell, self.grid[cell], self.eliminated[cell]));
        self.set_value(cell, value);
        self.eliminated[cell] = eliminated;
    }

    fn place(&mut self, cell: Cell, value: Value) -> Result<(), String> {
        let n = self.n();
        let name = cell_name(cell, n);
        let sym = self.symbols.symbol(value);
        if cell >= n * n || value == 0 || usize::from(value) > n {
            return Err(format!("{name}={value} is outside the grid"));
        }
        if self.grid[cell] != 0 {
            return Err(format!("{name}={sym}, but {name} already holds {}", self.symbols.symbol(self.grid[cell])));
        }
        if let Some(p) = self.held_by_peer(cell, value) {
            return Err(format!("{name}={sym}, but its peer {} holds {sym}", cell_name(p, n)));
        }
        if let Some(k) = self.broken_by(cell, value) {
            return Err(format!("{name}={sym} breaks {}", crate::trace::constraint_label(&self.model, k)));
        }
        if self.eliminated[cell] & (1 << (value - 1)) != 0 {
            return Err(format!("{name}={sym}, but {sym} was eliminated from {name}"));
        }
        self.change(cell, value, self.eliminated[cell]);
        Ok(())
    }
}

/// Replays `events` on `puzzle`, keeping every solution; the first wrong step is an error.
/// A convenience over [`Replayer`] for traces held in memory.
pub fn replay(puzzle: &Puzzle, events: &[TraceEvent]) -> Result<Replayed, ReplayError> {
    let mut replayer = Replayer::new(puzzle.clone(), usize::MAX);
    for event in events {
        replayer.step(event)?;
    }
    replayer.finish()
}

/// The trace checker, one event at a time: memory stays bounded by the puzzle (its grid and the
/// changes of the open decision levels) whatever the trace's length.
pub struct Replayer {
    puzzle: Puzzle,
    st: State,
    keep: usize,
    given_count: usize,
    givens_placed: usize,
    solutions: Vec<Grid>,
    count: u64,
    max_depth: usize,
    final_count: Option<u64>,
    cut: bool,
    index: usize,
}

impl Replayer {
    /// A checker for a trace of `puzzle`, keeping the first `keep` solutions it checks.
    pub fn new(puzzle: Puzzle, keep: usize) -> Replayer {
        let n = puzzle.size();
        let st = State {
            model: puzzle.model_arc().clone(),
            symbols: puzzle.symbols().clone(),
            grid: vec![0; n * n],
            eliminated: vec![0; n * n],
            journal: Vec::new(),
            levels: Vec::new(),
            fits: vec![std::cell::Cell::new(None); n * n],
        };
        Replayer {
            given_count: puzzle.givens().filled(),
            puzzle,
            st,
            keep,
            givens_placed: 0,
            solutions: Vec::new(),
            count: 0,
            max_depth: 0,
            final_count: None,
            cut: false,
            index: 0,
        }
    }

    /// The puzzle the trace is checked against.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Events checked so far.
    pub fn events(&self) -> usize {
        self.index
    }

    /// Ends the trace: it must have ended with `stop` (or been cut, see [`TraceEvent::Cut`]).
    pub fn finish(self) -> Result<Replayed, ReplayError> {
        if self.index == 0 {
            return Err(ReplayError { index: 0, message: "the trace is empty".into() });
        }
        if self.final_count.is_none() && !self.cut {
            return Err(ReplayError {
                index: self.index,
                message: format!(
                    "the trace ends after {} without a stop event (is it truncated?)",
                    coverlab_model::text::count(self.index, "event")
                ),
            });
        }
        Ok(Replayed {
            solutions: self.solutions,
            count: self.count,
            max_depth: self.max_depth,
            events: self.index,
            final_count: self.final_count,
            cut: self.cut,
        })
    }

    /// Checks the next event.
    pub fn step(&mut self, event: &TraceEvent) -> Result<(), ReplayError> {
        let index = self.index;
        self.index += 1;
        let st = &mut self.st;
        let puzzle = &self.puzzle;
        let n = puzzle.size();
        let model = puzzle.model();
        let givens = puzzle.givens();
        let given_count = self.given_count;
        let sym = |v: Value| puzzle.symbols().symbol(v);
        let fail = |message: String| ReplayError { index, message };
        let depth_now = st.levels.len();
        let at_depth = |d: usize| {
            if d == depth_now {
                Ok(())
            } else {
                Err(fail(format!("event at depth {d}, but the search is at depth {depth_now}")))
            }
        };
        if index == 0 {
            return match event {
                TraceEvent::Start { spec, size, givens: g, .. } => {
                    if spec != model.name() || *size != n || *g != given_count {
                        return Err(fail(format!(
                            "start names {spec} size {size} with {}, but the puzzle is {} size {n} with {}",
                            coverlab_model::text::count(*g, "given"),
                            model.name(),
                            coverlab_model::text::count(given_count, "given")
                        )));
                    }
                    Ok(())
                }
                _ => Err(fail("a trace begins with start".into())),
            };
        }
        if self.final_count.is_some() || self.cut {
            return Err(fail("an event after stop".into()));
        }
        if let TraceEvent::Cut { .. } = event {
            self.cut = true;
            return Ok(());
        }
        let is_given = matches!(event, TraceEvent::Place { reason: PlaceReason::Given, .. });
        if !is_given && self.givens_placed < given_count {
            return Err(fail(format!(
                "only {} of {given_count} givens placed before the search began",
                self.givens_placed
            )));
        }
        match *event {
            TraceEvent::Start { .. } => return Err(fail("a second start".into())),
            TraceEvent::Cut { .. } => unreachable!("handled above"),
            TraceEvent::Place { cell, value, reason, depth } => {
                at_depth(depth)?;
                match reason {
                    PlaceReason::Given => {
                        if givens.values().get(cell) != Some(&value) || self.givens_placed >= given_count {
                            return Err(fail(format!("{}={} is not a given", cell_name(cell, n), sym(value))));
                        }
                        self.givens_placed += 1;
                        // Givens are the puzzle's own: placed as stated even when two of them
                        // clash (a contradictory puzzle), so that its trace can still be checked.
                        if st.grid[cell] != 0 {
                            return Err(fail(format!("{} is given twice", cell_name(cell, n))));
                        }
                        let e = st.eliminated[cell];
                        st.change(cell, value, e);
                        return Ok(());
                    }
                    PlaceReason::NakedSingle => {
                        if let Some(other) = (1..=n as Value).find(|&v| v != value && st.can_take(cell, v)) {
                            return Err(fail(format!(
                                "{}={} is not a naked single: {} is still possible",
                                cell_name(cell, n),
                                sym(value),
                                sym(other)
                            )));
                        }
                    }
                    PlaceReason::HiddenSingle { unit } => {
                        let Some(u) = model.units().get(unit).filter(|u| u.exact && u.cells.contains(&cell)) else {
                            return Err(fail(format!(
                                "hidden single in unit {unit}, which is not a house of {}",
                                cell_name(cell, n)
                            )));
                        };
                        if let Some(&other) = u.cells.iter().find(|&&c| c != cell && st.can_take(c, value)) {
                            return Err(fail(format!(
                                "{}={} is not a hidden single in {}: {} can take it too",
                                cell_name(cell, n),
                                sym(value),
                                u.label,
                                cell_name(other, n)
                            )));
                        }
                    }
                    // Only legality is checked (below) for these.
                    PlaceReason::Cover | PlaceReason::Propagated => {}
                }
                st.place(cell, value).map_err(fail)?;
            }
            TraceEvent::Eliminate { cell, value, depth, by } => {
                at_depth(depth)?;
                if cell >= n * n || value == 0 || usize::from(value) > n {
                    return Err(fail("elimination outside the grid".into()));
                }
                if let Some(k) = by {
                    let Some(c) = model.constraints().get(k) else {
                        return Err(fail(format!("eliminates by constraint {k}, which does not exist")));
                    };
                    // Implied when filtering the constraint on the state as it stands rules the
                    // value out (or finds that the constraint cannot hold at all); for a cell
                    // outside the constraint, when the constraint needs the value and the cell
                    // sees every cell of it that can take the value.
                    if let Ok((domains, required)) = st.filtered(k) {
                        let bit = 1u64 << (value - 1);
                        let implied = match c.cells.iter().position(|&x| x == cell) {
                            Some(at) => domains[at] & bit == 0,
                            None => {
                                required & bit != 0
                                    && c.cells.iter().zip(&domains).all(|(&x, &d)| d & bit == 0 || model.sees(cell, x))
                            }
                        };
                        if !implied {
                            return Err(fail(format!(
                                "{} is not ruled out of {} by {}",
                                sym(value),
                                cell_name(cell, n),
                                crate::trace::constraint_label(model, k)
                            )));
                        }
                    }
                }
                if st.grid[cell] == value {
                    return Err(fail(format!("eliminates {} from {}, which holds it", sym(value), cell_name(cell, n))));
                }
                let e = st.eliminated[cell] | 1 << (value - 1);
                let v = st.grid[cell];
                st.change(cell, v, e);
            }
            TraceEvent::Guess { depth, cell, value, k, m, .. } => {
                if depth != depth_now + 1 {
                    return Err(fail(format!("guess opens depth {depth}, but the search is at depth {depth_now}")));
                }
                if k == 0 || k > m {
                    return Err(fail(format!("guess alternative {k} of {m}")));
                }
                st.levels.push(st.journal.len());
                self.max_depth = self.max_depth.max(depth);
                st.place(cell, value).map_err(fail)?;
            }
            TraceEvent::Conflict { depth, cause } => {
                at_depth(depth)?;
                match cause {
                    ConflictCause::NoCandidates { cell } => {
                        if cell >= n * n || st.grid[cell] != 0 || (1..=n as Value).any(|v| st.can_take(cell, v)) {
                            return Err(fail(format!(
                                "{} is said to have no candidates, but it has",
                                cell_name(cell, n)
                            )));
                        }
                    }
                    ConflictCause::NoPlace { unit, value } => {
                        let Some(u) = model.units().get(unit).filter(|u| u.exact) else {
                            return Err(fail(format!("unit {unit} is not a house")));
                        };
                        if u.cells.iter().any(|&c| st.grid[c] == value || st.can_take(c, value)) {
                            return Err(fail(format!(
                                "{} is said to have no place in {}, but it has",
                                sym(value),
                                u.label
                            )));
                        }
                    }
                    ConflictCause::NoOption { .. } => {}
                    ConflictCause::Constraint { constraint, cell } => {
                        let label = crate::trace::constraint_label(model, constraint);
                        if model.constraints().get(constraint).is_none_or(|c| !c.cells.contains(&cell)) {
                            return Err(fail(format!("{label} is not a constraint on {}", cell_name(cell, n))));
                        }
                        if st.filtered(constraint).is_ok() {
                            return Err(fail(format!("{label} is said to fail, but it can still hold")));
                        }
                    }
                }
            }
            TraceEvent::Backtrack { depth } => {
                if depth >= depth_now {
                    return Err(fail(format!("backtrack to depth {depth} from depth {depth_now}")));
                }
                let mark = st.levels[depth];
                st.levels.truncate(depth);
                while st.journal.len() > mark {
                    let (cell, value, elim) = st.journal.pop().expect("marked entries");
                    st.set_value(cell, value);
                    st.eliminated[cell] = elim;
                }
            }
            TraceEvent::Solution { number: k } => {
                let grid = Grid::from_values(n, st.grid.clone()).expect("values stay in range");
                check_solution(model, givens, &grid).map_err(|e| fail(format!("solution {k} is not valid: {e}")))?;
                if k != self.count + 1 {
                    return Err(fail(format!("solution numbered {k}, expected {}", self.count + 1)));
                }
                self.count += 1;
                if self.solutions.len() < self.keep {
                    self.solutions.push(grid);
                }
            }
            TraceEvent::Stop { count, .. } => {
                if count != self.count {
                    return Err(fail(format!(
                        "stop reports {}, the trace shows {}",
                        coverlab_model::text::count(count, "solution"),
                        self.count
                    )));
                }
                self.final_count = Some(count);
            }
        }
        Ok(())
    }
}
