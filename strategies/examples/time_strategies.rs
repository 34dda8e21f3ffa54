//! Times strategies on a puzzle file: median and max milliseconds per puzzle, with a cap.
//!
//! ```text
//! cargo run --release -p coverlab-strategies --example time_strategies -- FILE COUNT CAP_MS NAME...
//! ```
//! FILE holds one puzzle per line ('.' empty, values as the spec's symbols, e.g. 1-9A-G for
//! 16x16); the spec is the classic one for the line length. The first COUNT lines are solved by
//! each named strategy (to two solutions, which proves uniqueness), each with a deadline of CAP_MS.

use std::sync::Arc;
use std::time::{Duration, Instant};

use coverlab_engine::{Limits, NullSink, Status};
use coverlab_model::{Grid, Puzzle, builtin, validate};
use coverlab_strategies::registry;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, count, cap, names @ ..] = args.as_slice() else {
        eprintln!("usage: time_strategies FILE COUNT CAP_MS NAME...");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("COUNT is a number");
    let cap = Duration::from_millis(cap.parse().expect("CAP_MS is a number"));
    let text = std::fs::read_to_string(file).expect("readable file");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).take(count).collect();
    let spec = builtin::for_cell_count(lines[0].chars().count()).expect("a classic size");
    let model = Arc::new(builtin::load(spec).expect("built-in").expect("valid"));
    let n = model.size();
    let puzzles: Vec<Puzzle> = lines
        .iter()
        .map(|line| {
            let values =
                line.chars().map(|c| if c == '.' { 0 } else { model.symbols().value_of(c).expect("a symbol") });
            Puzzle::new(model.clone(), Grid::from_values(n, values.collect()).expect("n² cells")).expect("no conflict")
        })
        .collect();
    println!("{file}: {} puzzles, {spec}, cap {} ms", puzzles.len(), cap.as_millis());
    println!(
        "{:<16} {:>9} {:>9} {:>7} {:>7} {:>12}",
        "strategy", "median ms", "max ms", "solved", "capped", "guesses/pz"
    );
    for name in names {
        let info = registry::find(name).unwrap_or_else(|| panic!("no strategy {name}"));
        let mut times = Vec::new();
        let (mut solved, mut capped, mut guesses) = (0, 0, 0);
        for puzzle in &puzzles {
            let mut strategy = info.build(0);
            let limits = Limits { deadline: Some(Instant::now() + cap), ..Limits::count(2, 1) };
            let start = Instant::now();
            let outcome = strategy.solve(puzzle, &limits, &mut NullSink);
            times.push(start.elapsed().as_secs_f64() * 1e3);
            guesses += outcome.stats.guesses;
            match outcome.status {
                Status::Complete if outcome.count == 1 => {
                    validate::check_solution(puzzle.model(), puzzle.givens(), &outcome.solutions[0]).expect("valid");
                    solved += 1;
                }
                Status::Complete => panic!("{name}: {} solutions", outcome.count),
                _ => capped += 1,
            }
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let max = times[times.len() - 1];
        let per = guesses as f64 / puzzles.len() as f64;
        println!("{name:<16} {median:>9.3} {max:>9.1} {solved:>7} {capped:>7} {per:>12.0}");
    }
}
