//! Runs registered strategies over puzzle files and prints the benchmark table.
//!
//! ```text
//! cargo run --release -p coverlab-strategies --example bench_files -- FILE... \
//!     [--strategies fast,dfs] [--limit 2] [--min-seconds 5] [--timeout 10] [--max-puzzles N]
//! ```
//!
//! One puzzle per line, cells row-major, '.' (or '0' where it is no symbol) for an empty cell;
//! the spec is `classic-NxN` for the line's cell count and the alphabet is the first of the
//! size's usual alphabets that reads the line (16×16: 1-9A-G; 25×25: A-Y). Blank lines and `#`
//! lines are skipped.

use std::process::ExitCode;
use std::time::Duration;

use coverlab_strategies::{bench, registry};

mod common;
use common::read_puzzles;

fn main() -> ExitCode {
    let mut files = Vec::new();
    let mut strategies = vec![registry::DEFAULT.to_string()];
    let (mut limit, mut min_seconds, mut timeout, mut max_puzzles) = (2u64, 1.0f64, None, usize::MAX);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--strategies" => strategies = value().split(',').map(str::to_string).collect(),
            "--limit" => limit = value().parse().expect("--limit N"),
            "--min-seconds" => min_seconds = value().parse().expect("--min-seconds S"),
            "--timeout" => timeout = Some(Duration::from_secs_f64(value().parse().expect("--timeout SECS"))),
            "--max-puzzles" => max_puzzles = value().parse().expect("--max-puzzles N"),
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        eprintln!(
            "usage: bench_files FILE... [--strategies a,b] [--limit 1|2] [--min-seconds S] [--timeout SECS] [--max-puzzles N]"
        );
        return ExitCode::from(2);
    }
    for file in files {
        let puzzles = match read_puzzles(&file, max_puzzles) {
            Ok(puzzles) => puzzles,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        let mut rows = Vec::new();
        for name in &strategies {
            let Some(info) = registry::find(name) else {
                eprintln!("unknown strategy {name} (known: {})", registry::names().join(", "));
                return ExitCode::from(2);
            };
            rows.push(bench::run(
                info,
                &puzzles,
                bench::Settings { max_solutions: limit, min_seconds, timeout, threads: 1 },
            ));
        }
        println!("### {file} (count to {limit})\n\n{}", bench::markdown(&rows));
    }
    ExitCode::SUCCESS
}
