//! A puzzle: a compiled model plus givens; and a puzzle written as one line of text, for tests
//! and examples ([`Puzzle::builtin`], [`Puzzle::from_line`], [`Puzzle::from_grid`]).
//!
//! ```
//! use coverlab_model::Puzzle;
//! let puzzle = Puzzle::builtin("classic-4x4", ".342.....43.....").unwrap();
//! assert_eq!(puzzle.givens().filled(), 5);
//! ```
//!
//! The files a user gives the command are read by `coverlab-formats` (many formats, titles,
//! comments, alphabets guessed, errors with line and column); these constructors read only the
//! plain line form a test writes by hand.

use std::sync::Arc;

use crate::validate::{Conflict, find_conflict};
use crate::{Grid, Model, SpecError, Symbols, builtin, cell_name};

/// The characters that always mark an empty cell (the puzzle readers of `coverlab-formats` use
/// the same); `0` too when it is not a symbol of the spec.
pub const EMPTY_MARKS: &[char] = &['.', '_', '-', '*'];

/// Why a line of text is not a puzzle of a spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// [`Puzzle::builtin`] was given a name that is no built-in spec.
    #[error("no built-in spec is named {name:?} (`coverlab specs` lists them)")]
    UnknownSpec {
        /// The name asked for.
        name: String,
    },
    /// The built-in spec does not compile (a bug of the spec).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Not n² cells.
    #[error("the line has {found} cells, spec {spec} needs {expected} ({n}×{n})")]
    WrongLength {
        /// The spec's name.
        spec: String,
        /// Cells in the line.
        found: usize,
        /// n².
        expected: usize,
        /// The side length.
        n: usize,
    },
    /// A character that is neither a symbol nor an empty mark.
    #[error("cell {cell}: {found:?} is not a symbol of spec {spec} (expected {symbols} or '.')")]
    BadSymbol {
        /// The spec's name.
        spec: String,
        /// The cell's name, `r2c3`.
        cell: String,
        /// The character found.
        found: char,
        /// The spec's alphabet, described.
        symbols: String,
    },
    /// Two givens break a rule ([`Puzzle::from_line_unchecked`] keeps them).
    #[error("the givens break a rule: {0}")]
    Conflict(Conflict),
}

/// The givens of `model` written in `cells` (one character per cell, row-major).
fn parse_givens(model: &Model, cells: impl Iterator<Item = char>) -> Result<Grid, LineError> {
    let (n, symbols) = (model.size(), model.symbols());
    let zero_is_empty = symbols.value_of('0').is_none();
    let mut values = Vec::with_capacity(n * n);
    for c in cells {
        let value = match symbols.value_of(c) {
            Some(v) => v,
            None if EMPTY_MARKS.contains(&c) || (c == '0' && zero_is_empty) => 0,
            None => {
                return Err(LineError::BadSymbol {
                    spec: model.name().to_string(),
                    cell: cell_name(values.len(), n),
                    found: c,
                    symbols: symbols.describe(),
                });
            }
        };
        values.push(value);
    }
    let found = values.len();
    Grid::from_values(n, values).ok_or_else(|| LineError::WrongLength {
        spec: model.name().to_string(),
        found,
        expected: n * n,
        n,
    })
}

/// A model, its givens and the alphabet they were written in.
///
/// Built with [`Puzzle::new`], which refuses givens that already break a rule; tests that want a
/// contradictory puzzle build it with [`Puzzle::new_unchecked`], and every strategy must answer
/// such a puzzle with no solutions.
#[derive(Debug, Clone)]
pub struct Puzzle {
    model: Arc<Model>,
    givens: Grid,
    symbols: Symbols,
}

impl Puzzle {
    /// A puzzle whose givens break no rule; the conflict otherwise.
    ///
    /// # Panics
    /// When the grid's size is not the model's: readers build grids from the model.
    pub fn new(model: Arc<Model>, givens: Grid) -> Result<Puzzle, Conflict> {
        if let Some(conflict) = find_conflict(&model, &givens) {
            return Err(conflict);
        }
        Ok(Puzzle::new_unchecked(model, givens))
    }

    /// A puzzle whose givens are not checked (they may conflict).
    ///
    /// # Panics
    /// When the grid's size is not the model's.
    pub fn new_unchecked(model: Arc<Model>, givens: Grid) -> Puzzle {
        assert_eq!(givens.size(), model.size(), "grid size must match the model");
        let symbols = model.symbols().clone();
        Puzzle { model, givens, symbols }
    }

    /// A puzzle written as one line: n² characters, row-major, each a symbol of the spec or an
    /// empty mark (`.`, `_`, `-`, `*`, or `0` when it is not a symbol); surrounding blanks are
    /// ignored. Givens that break a rule are an error ([`LineError::Conflict`]).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use coverlab_model::{Puzzle, builtin};
    /// let model = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
    /// let puzzle = Puzzle::from_line(model.clone(), "1.........4.....").unwrap();
    /// assert_eq!(puzzle.givens().get(10), 4);
    /// let e = Puzzle::from_line(model, "1..1............").unwrap_err();
    /// assert_eq!(e.to_string(), "the givens break a rule: r1c1 and r1c4 both hold 1 in row 1");
    /// ```
    pub fn from_line(model: Arc<Model>, line: &str) -> Result<Puzzle, LineError> {
        let puzzle = Puzzle::from_line_unchecked(model, line)?;
        match puzzle.conflict() {
            Some(conflict) => Err(LineError::Conflict(conflict)),
            None => Ok(puzzle),
        }
    }

    /// [`Puzzle::from_line`] keeping givens that break a rule (to test that a strategy finds
    /// no solution).
    pub fn from_line_unchecked(model: Arc<Model>, line: &str) -> Result<Puzzle, LineError> {
        let givens = parse_givens(&model, line.trim().chars())?;
        Ok(Puzzle::new_unchecked(model, givens))
    }

    /// A puzzle of the built-in spec named `spec` (`classic-9x9`, `jigsaw-9x9`, ...: what
    /// `coverlab specs` lists) written as one line ([`Puzzle::from_line`]).
    ///
    /// ```
    /// use coverlab_model::Puzzle;
    /// let e = Puzzle::builtin("classic-4x4", ".342....43.....").unwrap_err();
    /// assert_eq!(e.to_string(), "the line has 15 cells, spec classic-4x4 needs 16 (4×4)");
    /// let e = Puzzle::builtin("classic-4x4", ".342.....45.....").unwrap_err();
    /// assert_eq!(e.to_string(), "cell r3c3: '5' is not a symbol of spec classic-4x4 (expected 1-4 or '.')");
    /// ```
    pub fn builtin(spec: &str, line: &str) -> Result<Puzzle, LineError> {
        let model = builtin::load(spec).ok_or_else(|| LineError::UnknownSpec { name: spec.to_string() })??;
        Puzzle::from_line(Arc::new(model), line)
    }

    /// A puzzle written as a grid: one row per line, blanks and the box rules `|` and `+`
    /// ignored, lines of only `-`, `=`, `+` and `|` skipped; cells as in [`Puzzle::from_line`].
    ///
    /// ```
    /// use std::sync::Arc;
    /// use coverlab_model::{Puzzle, builtin};
    /// let model = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
    /// let grid = "
    ///     . 3 | 4 2
    ///     . . | . .
    ///     ----+----
    ///     . 4 | 3 .
    ///     . . | . .";
    /// let puzzle = Puzzle::from_grid(model.clone(), grid).unwrap();
    /// assert_eq!(puzzle.givens(), Puzzle::from_line(model, ".342.....43.....").unwrap().givens());
    /// ```
    pub fn from_grid(model: Arc<Model>, text: &str) -> Result<Puzzle, LineError> {
        let rule = |l: &str| l.chars().all(|c| "-=+| \t".contains(c)) && l.contains(['-', '=']);
        let cells = text
            .lines()
            .filter(|l| !rule(l))
            .flat_map(str::chars)
            .filter(|&c| !c.is_whitespace() && c != '|' && c != '+');
        let givens = parse_givens(&model, cells)?;
        let puzzle = Puzzle::new_unchecked(model, givens);
        match puzzle.conflict() {
            Some(conflict) => Err(LineError::Conflict(conflict)),
            None => Ok(puzzle),
        }
    }

    /// The same puzzle written in another alphabet (as it was read), for output.
    ///
    /// # Panics
    /// When the alphabet's size is not the model's.
    pub fn with_symbols(mut self, symbols: Symbols) -> Puzzle {
        assert_eq!(symbols.len(), self.model.size());
        self.symbols = symbols;
        self
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The shared model.
    pub fn model_arc(&self) -> &Arc<Model> {
        &self.model
    }

    /// The givens (0 for empty cells).
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The alphabet the puzzle was written in.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// The side length n.
    pub fn size(&self) -> usize {
        self.model.size()
    }

    /// The first conflict among the givens, if any.
    pub fn conflict(&self) -> Option<Conflict> {
        find_conflict(&self.model, &self.givens)
    }
}
