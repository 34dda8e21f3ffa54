//! Writes random puzzles of classic n×n sudoku, one per line, for benchmarks of large grids.
//!
//! ```text
//! cargo run --release -p coverlab-strategies --example gen_grids -- N COUNT BLANK_PERCENT SEED > FILE
//! ```
//!
//! Each puzzle: a random full grid (the empty grid solved by `fast-restarts` with a per-puzzle
//! seed, so values are chosen in random order), relabelled at random, then each cell blanked with
//! probability BLANK_PERCENT/100. Symbols are the spec's default alphabet; '.' is empty. The
//! puzzles are not checked for uniqueness: a half-blank grid usually has many solutions.

use std::sync::Arc;

use coverlab_engine::{Limits, NullSink, Rng};
use coverlab_model::{Grid, Puzzle, builtin, validate};
use coverlab_strategies::registry;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [n, count, blank, seed] = args.as_slice() else {
        eprintln!("usage: gen_grids N COUNT BLANK_PERCENT SEED");
        std::process::exit(2);
    };
    let n: usize = n.parse().expect("N");
    let count: usize = count.parse().expect("COUNT");
    let blank: u64 = blank.parse().expect("BLANK_PERCENT");
    let seed: u64 = seed.parse().expect("SEED");
    let model = Arc::new(builtin::load(builtin::for_cell_count(n * n).expect("a classic size")).unwrap().unwrap());
    let symbols = model.symbols().clone();
    let mut rng = Rng::new(seed);
    for k in 0..count {
        let empty = Puzzle::new(model.clone(), Grid::empty(n)).unwrap();
        let mut solver = registry::find("fast-restarts").unwrap().build(seed.wrapping_mul(1000) + k as u64);
        let out = solver.solve(&empty, &Limits::count(1, 1), &mut NullSink);
        let full = out.solutions.first().expect("the empty grid has a solution");
        validate::check_solution(&model, &Grid::empty(n), full).expect("a valid full grid");
        let mut labels: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut labels);
        let line: String = full
            .values()
            .iter()
            .map(|&v| if rng.below(100) < blank { '.' } else { symbols.symbol(labels[usize::from(v) - 1]) })
            .collect();
        println!("{line}");
    }
}
