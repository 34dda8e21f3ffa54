//! Writes the CNF that the `sat` strategy hands CaDiCaL, as DIMACS, so that other SAT solvers can
//! be run on exactly the same encoding.
//!
//! ```text
//! cargo run --release -p coverlab-strategies --example dimacs -- FILE LINE > puzzle.cnf
//! ```
//!
//! LINE counts from 1; one puzzle per line (classic n×n, '.' empty).

use std::io::Write;
use std::process::ExitCode;

use coverlab_strategies::sat;

mod common;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, line] = args.as_slice() else {
        eprintln!("usage: dimacs FILE LINE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(text) = line.parse::<usize>().ok().and_then(|k| text.lines().nth(k.checked_sub(1)?)) else {
        eprintln!("{file}: no line {line}");
        return ExitCode::from(2);
    };
    let puzzle = match common::parse_line(text, &mut Vec::new()) {
        Ok(puzzle) => puzzle,
        Err(e) => {
            eprintln!("{file}:{line}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match sat::write_dimacs(&puzzle, &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("writing: {e}");
            ExitCode::FAILURE
        }
    }
}
