//! Criterion benchmarks of the fast strategies on fixed puzzles (count to 2, null sink).
//!
//! `cargo bench -p coverlab-bench`. Inputs: the first lines of the public
//! sets in ../shared/data, the corpora beside the repository (17-clue, forum hardest 1106), and
//! of the generated 16×16 minimal set.

use std::hint::black_box;
use std::sync::Arc;

use coverlab_engine::{Limits, NullSink};
use coverlab_model::{Grid, Puzzle, Symbols, builtin};
use coverlab_strategies::registry;
use criterion::{Criterion, criterion_group, criterion_main};

const NINE: &[&str] = &[
    // 17_clue.txt, lines 1-2
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    // forum_hardest_1106.txt, lines 1-5
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
    "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
    "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
    "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
];

// generated_minimal_30.txt, line 1
const SIXTEEN: &str = "....23..D1.....5.E6.D4A..2.7.B...D...98....B...1F...7..64...G38...E..A...C8..G...6.B.1.....A..C4..4.6......3A2...A3F.....5..891..3C..7E.5.621.....B71.2.CGA.E....F..B...7D....2...85C....E.....9....5...6.D.C8..E95...D....1..F.G.....B..4.85132A2....1..7B5....";

fn parse(line: &str) -> Puzzle {
    let n = (line.len() as f64).sqrt() as usize;
    let model = Arc::new(builtin::load(builtin::for_cell_count(line.len()).unwrap()).unwrap().unwrap());
    let symbols = Symbols::default_for(n);
    let values = line.chars().map(|c| symbols.value_of(c).unwrap_or(0)).collect();
    Puzzle::new(model, Grid::from_values(n, values).unwrap()).unwrap()
}

fn bench(c: &mut Criterion) {
    let nine: Vec<Puzzle> = NINE.iter().map(|l| parse(l)).collect();
    let sixteen = [parse(SIXTEEN)];
    let limits = Limits::count(2, 0);
    for (set, puzzles, names) in [
        ("9x9", &nine[..], &["auto", "fast", "fast-hidden", "dlx"][..]),
        ("16x16", &sixteen[..], &["auto", "fast", "sat"][..]),
    ] {
        let mut group = c.benchmark_group(set);
        for name in names {
            let mut strategy = registry::find(name).unwrap().build(0);
            group.bench_function(*name, |b| {
                b.iter(|| {
                    for p in puzzles {
                        black_box(strategy.solve(p, &limits, &mut NullSink).count);
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
