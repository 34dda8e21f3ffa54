//! `sat` when coverlab is built without its `sat` feature (no CaDiCaL, no kissat, no C++
//! compiler needed): the registry lists no `sat` and no `fast-sat`, naming them when asked for
//! (`registry::resolve`), and `fast` never hands a search over ([`BUILT_IN`] is false), so
//! nothing here is ever run.

use coverlab_engine::{Limits, Outcome, Search, Strategy, TraceSink};
use coverlab_model::{Puzzle, Value};

/// Whether CaDiCaL and kissat are built in.
pub const BUILT_IN: bool = false;

/// Stands in for the `sat` strategy in the registry's table, which never builds it.
pub struct Sat;

impl Strategy for Sat {
    fn name(&self) -> &str {
        "sat"
    }

    fn solve(&mut self, _: &Puzzle, _: &Limits, _: &mut dyn TraceSink) -> Outcome {
        unreachable!("the registry does not build `sat` without the `sat` feature")
    }
}

/// Stands in for the hand-over, which `fast` does not make without the `sat` feature.
pub(crate) fn finish(_: &Puzzle, _: Vec<Value>, _: &[u64], _: &[Vec<Value>], _: &mut Search<'_>) {
    unreachable!("fast hands over only when `sat` is built in")
}
