//! A research variant and its snapshot test, the whole of it: `mrv-last`, MRV with its ties
//! broken by the last cell. `Plain` gives it the loop, the limits and the trace; `trace_snapshot`
//! replays the trace with the checker and validates the solutions before insta compares the text.

use coverlab_engine::{Bits, Limits, UnitSets};
use coverlab_model::{Cell, Puzzle};
use coverlab_strategies::plain::{Hooks, Plain};
use coverlab_strategies::snapshot::trace_snapshot;

/// MRV, ties broken by the last cell rather than the first.
struct MrvLast;

impl Hooks for MrvLast {
    fn name(&self) -> &str {
        "mrv-last"
    }

    fn choose_cell<B: Bits>(&mut self, sets: &UnitSets<'_, B>, _after: Option<Cell>) -> Option<Cell> {
        let empty = (0..sets.values().len()).rev().filter(|&c| sets.value(c) == 0);
        empty.min_by_key(|&c| sets.fits(c).count())
    }
}

#[test]
fn mrv_last_snapshots() {
    let guessing = ".7.....248.3..47..41.57...6.8.4.3...6.579.8.....8.5.472.8146.791.7...46.96.3..218";
    for (case, spec, line) in
        [("4x4-several", "classic-4x4", "...2.....43....."), ("9x9-guessing", "classic-9x9", guessing)]
    {
        let text = trace_snapshot(&mut Plain(MrvLast), &Puzzle::builtin(spec, line).unwrap(), &Limits::count(10, 10));
        insta::with_settings!({
            snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots/variant"),
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => format!("mrv-last on {case} ({spec})"),
        }, {
            insta::assert_snapshot!(format!("mrv-last__{case}"), text);
        });
    }
}
