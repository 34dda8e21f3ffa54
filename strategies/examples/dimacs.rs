//! Writes the CNF that the `sat` strategy hands CaDiCaL, as DIMACS, so that other SAT solvers can
//! be run on exactly the same encoding.
//!
//! ```text
//! cargo run --release -p coverlab-strategies --example dimacs -- FILE LINE [--counter-above K] > puzzle.cnf
//! ```
//!
//! LINE counts from 1; one puzzle per line (classic n×n, '.' empty). With `--counter-above K`,
//! every at-most-one set of more than K options is Sinz's sequential counter (`sat`'s encoding
//! before 2026-11-26 for K = 16), instead of `sat`'s own choice.

use std::io::Write;
use std::process::ExitCode;

use coverlab_strategies::sat;

mod common;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        eprintln!("usage: dimacs FILE LINE [--counter-above K]");
        ExitCode::from(2)
    };
    let (file, line, counter_above) = match args.as_slice() {
        [file, line] => (file, line, None),
        [file, line, flag, k] if flag == "--counter-above" => match k.parse::<usize>() {
            Ok(k) => (file, line, Some(k)),
            Err(_) => return usage(),
        },
        _ => return usage(),
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
    let written = match counter_above {
        Some(k) => sat::write_dimacs_with_counters(&puzzle, k, &mut out),
        None => sat::write_dimacs(&puzzle, &mut out),
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("writing: {e}");
            ExitCode::FAILURE
        }
    }
}
