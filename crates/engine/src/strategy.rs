//! The one trait every strategy implements.

use coverlab_model::Puzzle;

use crate::{Limits, Outcome, TraceSink};

/// A search strategy: given a puzzle, find (or count) its solutions.
///
/// `solve` cannot fail: contradictory givens give an outcome with no solutions, and a limit hit
/// gives a stopped status. Malformed input was rejected when the [`Puzzle`] was built.
///
/// A strategy resets its state at entry, so solving the same puzzle twice gives the same outcome
/// and the same trace. Randomness comes only from the seed given at construction.
pub trait Strategy: Send {
    /// What produced a result, as a trace's `start` event records it: the registered name, with
    /// every option written out when the strategy has options (`fast(hidden: true, …)`).
    fn name(&self) -> &str;

    /// Solves `puzzle` within `limits`, reporting each step to `sink`.
    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn crate::TraceSink) -> Outcome;
}

/// Lets a boxed strategy be used where a strategy is expected.
impl<S: Strategy + ?Sized> Strategy for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn solve(&mut self, puzzle: &Puzzle, limits: &Limits, sink: &mut dyn TraceSink) -> Outcome {
        (**self).solve(puzzle, limits, sink)
    }
}
