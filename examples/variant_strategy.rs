//! A research variant defined outside `strategies/`: MRV (the `mrv` seed strategy: the empty
//! cell with the fewest values left) with its ties broken by degree: among the cells with the
//! fewest values, the one with the most empty peers, whose value constrains the most others.
//!
//! It overrides one hook of the shared plain search ([`Hooks::choose_cell`]) and inherits the
//! rest: the loop, the limits, forced placements, counters and the standard trace. Registered
//! at run time, it is a strategy of a full `coverlab` command: this example's `main`.
//! `tests/it/research_variant.rs` snapshot-tests it and replays its traces with the checker.
//!
//! ```sh
//! cargo run --release --example variant_strategy -- strategies      # mrv-degree is listed
//! cargo run --release --example variant_strategy -- bench --strategies mrv,mrv-degree tests/data/9x9/magictour_top1465_first50.txt
//! cargo run --release --example variant_strategy -- compare tests/data/9x9/magictour_top1465_first50.txt --strategy mrv --strategy mrv-degree
//! ```

use coverlab_engine::{Bits, UnitSets};
use coverlab_model::Cell;
use coverlab_strategies::plain::{Hooks, Plain};
use coverlab_strategies::registry::{Capabilities, Role, StrategyInfo};

/// MRV, ties broken by the most empty peers (then the lowest cell).
#[derive(Debug, Clone, Copy, Default)]
pub struct MrvDegree;

impl Hooks for MrvDegree {
    fn name(&self) -> &str {
        "mrv-degree"
    }

    fn choose_cell<B: Bits>(&mut self, sets: &UnitSets<'_, B>, _after: Option<Cell>) -> Option<Cell> {
        let empty_peers = |c: Cell| sets.model().peers(c).iter().filter(|&&p| sets.value(p.into()) == 0).count();
        let key = |c: Cell| (sets.fits(c).count(), std::cmp::Reverse(empty_peers(c)));
        (0..sets.values().len()).filter(|&c| sets.value(c) == 0).min_by_key(|&c| key(c))
    }
}

/// Its registry entry: what `--strategy mrv-degree` and `coverlab strategies` see.
pub static MRV_DEGREE: StrategyInfo = StrategyInfo {
    name: "mrv-degree",
    role: Role::Seed,
    summary: "mrv with ties broken by the most empty peers (a variant defined in examples/variant_strategy.rs)",
    source: "seed 002's field picking, plus the degree heuristic of CSP variable ordering",
    capabilities: Capabilities::NONE,
    options: &[],
    new: |_, _| Box::new(Plain(MrvDegree)),
};

/// `coverlab`, with the variant registered.
#[allow(dead_code, reason = "the test includes this file for the variant, not for main")]
fn main() -> std::process::ExitCode {
    coverlab_strategies::registry::register(&MRV_DEGREE).expect("mrv-degree is a new name");
    coverlab::main()
}
