//! A research variant of `fast` defined outside `strategies/`: its decisions go to the cell of
//! fewest candidates with the most empty peers (the degree tie-break of CSP variable ordering)
//! instead of `fast`'s bivalue score, with the values tried from the highest down.
//!
//! It implements [`Brancher`] and keeps everything else of `fast`: singles, locked candidates,
//! all-different filtering, the constraints beyond houses, limits, counters and the trace (with
//! `--trace-choices`, each decision says `fewest-then-degree` and the cells it passed over).
//! `singles` takes the same brancher (`Singles::with_brancher`). `tests/it/research_variant.rs`
//! checks its counts against `fast` and replays its traces.
//!
//! ```sh
//! cargo run --release --example fast_brancher -- compare tests/data/9x9/magictour_top1465_first50.txt --strategy fast --strategy fast-degree
//! ```

use coverlab_engine::Choice;
use coverlab_model::{Cell, Value, cell_name};
use coverlab_strategies::branching::{Board, Brancher};
use coverlab_strategies::fast::{Config, Fast};
use coverlab_strategies::registry::{Capabilities, Role, StrategyInfo};

/// Fewest candidates, ties to the most empty peers (then the lowest cell); values descending.
#[derive(Debug, Clone, Copy, Default)]
pub struct FewestThenDegree;

impl FewestThenDegree {
    /// The cell's rank: fewer candidates first, then more empty peers.
    fn key(board: &dyn Board, c: Cell) -> (u32, std::cmp::Reverse<usize>) {
        let empty_peers = board.peers(c).iter().filter(|&&p| board.candidates(p.into()) != 0).count();
        (board.candidates(c).count_ones(), std::cmp::Reverse(empty_peers))
    }
}

impl Brancher for FewestThenDegree {
    fn choose_cell(&mut self, board: &dyn Board) -> Option<Cell> {
        let n = board.size();
        (0..n * n).filter(|&c| board.candidates(c) != 0).min_by_key(|&c| Self::key(board, c))
    }

    fn next_value(&mut self, _board: &dyn Board, _cell: Cell, left: u64) -> Value {
        (64 - left.leading_zeros()) as Value
    }

    fn why(&self, board: &dyn Board, cell: Cell) -> Option<Choice> {
        // The key written as one number: candidates × 1000 − empty peers (lower first).
        let key = |c: Cell| {
            let (count, degree) = Self::key(board, c);
            u64::from(count) * 1000 - degree.0 as u64
        };
        let n = board.size();
        let others = (0..n * n).filter(|&c| c != cell && board.candidates(c) != 0).map(|c| (cell_name(c, n), key(c)));
        Some(Choice::ranked("fewest-then-degree", key(cell), others.collect(), |a, b| a < b))
    }
}

/// Its registry entry: what `--strategy fast-degree` and `coverlab strategies` see.
pub static FAST_DEGREE: StrategyInfo = StrategyInfo {
    name: "fast-degree",
    role: Role::Speed,
    summary: "fast branching on the fewest candidates, ties to the most empty peers (examples/fast_brancher.rs)",
    source: "fast, with the degree tie-break of CSP variable ordering",
    capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS),
    options: &[],
    new: |_, label| Box::new(Fast::new(label, Config::DEFAULT, 0).with_brancher(FewestThenDegree)),
};

/// `coverlab`, with the variant registered.
#[allow(dead_code, reason = "the test includes this file for the variant, not for main")]
fn main() -> std::process::ExitCode {
    coverlab_strategies::registry::register(&FAST_DEGREE).expect("fast-degree is a new name");
    coverlab::main()
}
