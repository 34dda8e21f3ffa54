//! Writes random puzzles of classic n×n sudoku, one per line, for benchmarks of large grids.
//!
//! ```text
//! cargo run --release -p coverlab-strategies --example gen_grids -- N COUNT BLANK_PERCENT SEED [balanced] > FILE
//! ```
//!
//! Each puzzle: a random full grid (the empty grid solved by `fast-restarts` with a per-puzzle
//! seed, so values are chosen in random order), relabelled at random, then each cell blanked with
//! probability BLANK_PERCENT/100. With `balanced`, every row and every column gets the same
//! number of holes instead, round(N × BLANK_PERCENT / 100): the cells (r, r + k mod N) for k below
//! that number, under a random permutation of the rows and one of the columns. Balanced holes
//! make quasigroup completion harder (Kautz, Ruan, Achlioptas, Gomes, Selman and Stickel,
//! "Balance and filtering in structured satisfiable problems", IJCAI 2001). Symbols are the
//! spec's default alphabet; '.' is empty. The puzzles are not checked for uniqueness: a
//! half-blank grid usually has many solutions.

use std::sync::Arc;

use coverlab_engine::{Limits, NullSink, Rng};
use coverlab_model::{Grid, Puzzle, builtin, validate};
use coverlab_strategies::registry;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (balanced, args) = match args.split_last() {
        Some((last, rest)) if last == "balanced" => (true, rest),
        _ => (false, args.as_slice()),
    };
    let [n, count, blank, seed] = args else {
        eprintln!("usage: gen_grids N COUNT BLANK_PERCENT SEED [balanced]");
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
        let holes: Vec<bool> = if balanced {
            let per_line = (n as u64 * blank + 50) / 100;
            let (mut rows, mut cols): (Vec<usize>, Vec<usize>) = ((0..n).collect(), (0..n).collect());
            rng.shuffle(&mut rows);
            rng.shuffle(&mut cols);
            let mut holes = vec![false; n * n];
            for r in 0..n {
                for k in 0..per_line as usize {
                    holes[rows[r] * n + cols[(r + k) % n]] = true;
                }
            }
            holes
        } else {
            (0..n * n).map(|_| rng.below(100) < blank).collect()
        };
        let line: String = full
            .values()
            .iter()
            .zip(&holes)
            .map(|(&v, &hole)| if hole { '.' } else { symbols.symbol(labels[usize::from(v) - 1]) })
            .collect();
        println!("{line}");
    }
}
