//! A puzzle: a compiled model plus givens.

use std::sync::Arc;

use crate::validate::{Conflict, find_conflict};
use crate::{Grid, Model, Symbols};

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
