//! The DLX peer: Knuth's Algorithm X with dancing links as the `exact-covers` crate implements it
//! (the fastest DLX the issue names for 16×16), on the same exact-cover model coverlab builds, for
//! side-by-side runs with `coverlab bench`.
//!
//! ```text
//! cargo run --release -p coverlab-strategies --example peer_dlx -- FILE [--limit 1|2]
//! ```
//!
//! One puzzle per line (a classic n×n grid, '.' empty; the reader of the other examples). The
//! matrix is the model's own (`Model::exact_cover`: an item per cell and per (house, value),
//! secondary items for at-most-once groups) less what the givens cover: the items of their
//! options, and the options of values a unit of their cell already holds. The crate's search
//! cannot be interrupted between solutions, so there is no timeout: use it on files it finishes.
//! Every solution it returns is checked by coverlab's validator before it counts.
//!
//! Prints a markdown table row shaped like `coverlab bench`'s: puzzles, solved, then the wall time
//! per puzzle (model building included) as median, p99 and max in µs, and puzzles/s over the file.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use coverlab_engine::{Bits, UnitSets};
use coverlab_model::{Grid, Item, Puzzle, Value, validate};
use exact_covers::{DlSolver, Solver};

mod common;

/// Solves one puzzle up to `limit` solutions: the solutions found, each checked by the validator.
fn solve(puzzle: &Puzzle, limit: usize) -> Result<usize, String> {
    let model = puzzle.model();
    let givens = puzzle.givens().values();
    // Clashing givens: no solution.
    let Some(sets) = UnitSets::<u64>::from_givens(puzzle) else {
        return Ok(0);
    };
    // The model's own matrix less what the givens cover: their options' items, and every option
    // of a value some unit of its cell already holds.
    let ec = model.exact_cover();
    let mut covered = vec![false; ec.items().len()];
    for (cell, &given) in givens.iter().enumerate().filter(|&(_, &v)| v != 0) {
        for &item in ec.option_items(ec.option(cell, given)) {
            covered[item as usize] = true;
        }
    }
    let live = |items: std::ops::Range<usize>| items.filter(|&i| !covered[i]).map(|i| i as u32).collect::<Vec<_>>();
    let (primary, secondary) = (live(0..ec.primary()), live(ec.primary()..ec.items().len()));
    let mut solver: DlSolver<'_, u32, ()> = DlSolver::new(&primary, &secondary);
    for cell in (0..givens.len()).filter(|&c| givens[c] == 0) {
        for v in sets.fits(cell).iter() {
            let option = ec.option_items(ec.option(cell, (v + 1) as Value));
            let split = option.partition_point(|&i| (i as usize) < ec.primary());
            let loose: Vec<(u32, Option<()>)> = option[split..].iter().map(|&i| (i, None)).collect();
            solver.add_option(&option[..split], loose);
        }
    }
    let mut found = 0;
    let mut error = None;
    let mut option = Vec::new();
    solver.solve(|mut solution| {
        let mut values = givens.to_vec();
        while solution.next(&mut option) {
            // An option is its cell's item and its units' (unit, value) items.
            let (mut cell, mut value) = (None, None);
            for (item, _) in &option {
                match ec.items()[**item as usize] {
                    Item::Cell(c) => cell = Some(c),
                    Item::HouseValue(_, v) | Item::GroupValue(_, v) => value = Some(v),
                }
            }
            if let (Some(c), Some(v)) = (cell, value) {
                values[c] = v;
            }
        }
        let grid = Grid::from_values(model.size(), values).expect("values in range");
        if let Err(e) = validate::check_solution(model, puzzle.givens(), &grid) {
            error = Some(format!("the peer returned an invalid solution: {e}"));
            return ControlFlow::Break(());
        }
        found += 1;
        if found >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    match error {
        Some(e) => Err(e),
        None => Ok(found),
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut file, mut limit) = (None, 1usize);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => limit = args.next().and_then(|v| v.parse().ok()).unwrap_or(0),
            _ => file = Some(a),
        }
    }
    let (Some(file), 1..=2) = (file, limit) else {
        eprintln!("usage: peer_dlx FILE [--limit 1|2]");
        return ExitCode::from(2);
    };
    let puzzles = match common::read_puzzles(&file, usize::MAX) {
        Ok(puzzles) => puzzles,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (mut times, mut solved) = (Vec::with_capacity(puzzles.len()), 0);
    let start = Instant::now();
    for p in &puzzles {
        let t0 = Instant::now();
        match solve(p, limit) {
            Ok(found) => solved += usize::from(found > 0),
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::FAILURE;
            }
        }
        times.push(t0.elapsed().as_secs_f64() * 1e6);
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times.get(((q * times.len() as f64).ceil() as usize).saturating_sub(1)).copied().unwrap_or(0.0);
    println!("| strategy | puzzles | solved | puzzles/s | median µs | p99 µs | max µs |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    println!(
        "| DLX (exact-covers 0.3) | {} | {solved} | {:.0} | {:.1} | {:.1} | {:.1} |",
        times.len(),
        times.len() as f64 / total.max(1e-9),
        at(0.5),
        at(0.99),
        times.last().copied().unwrap_or(0.0)
    );
    ExitCode::SUCCESS
}
