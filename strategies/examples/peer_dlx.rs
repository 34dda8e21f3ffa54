//! The DLX peer: Knuth's Algorithm X with dancing links as the `exact-covers` crate implements it
//! (the fastest DLX the issue names for 16×16), on the same exact-cover model coverlab builds, for
//! side-by-side runs with `coverlab bench`.
//!
//! ```text
//! cargo run --release -p coverlab-strategies --example peer_dlx -- FILE [--limit 1|2]
//! ```
//!
//! One puzzle per line (a classic n×n grid, '.' empty; the reader of the other examples). Items:
//! each empty cell, and each (house, value) with the value not given in the house; options: each
//! (cell, value) that no given peer rules out, covering its cell and its houses' (house, value)
//! items (at-most-once groups, where a spec has them, are secondary items). The crate's search
//! cannot be interrupted between solutions, so there is no timeout: use it on files it finishes.
//! Every solution it returns is checked by coverlab's validator before it counts.
//!
//! Prints a markdown table row shaped like `coverlab bench`'s: puzzles, solved, then the wall time
//! per puzzle (model building included) as median, p99 and max in µs, and puzzles/s over the file.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use coverlab_model::{Grid, Puzzle, Value, validate};
use exact_covers::{DlSolver, Solver};

mod common;

/// An item of the exact-cover model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Item {
    Cell(usize),
    UnitValue(usize, Value),
}

/// Solves one puzzle up to `limit` solutions: the solutions found, each checked by the validator.
fn solve(puzzle: &Puzzle, limit: usize) -> Result<usize, String> {
    let model = puzzle.model();
    let n = model.size();
    let givens = puzzle.givens().values();
    if validate::find_conflict(model, puzzle.givens()).is_some() {
        return Ok(0);
    }
    let given_in = |u: usize| {
        model.units()[u].cells.iter().fold(0u64, |m, &c| if givens[c] == 0 { m } else { m | 1 << (givens[c] - 1) })
    };
    let mut primary = Vec::new();
    let mut secondary = Vec::new();
    primary.extend((0..givens.len()).filter(|&c| givens[c] == 0).map(Item::Cell));
    for (u, unit) in model.units().iter().enumerate() {
        let given = given_in(u);
        let items = (1..=n as Value).filter(|&v| given >> (v - 1) & 1 == 0).map(|v| Item::UnitValue(u, v));
        if unit.exact { primary.extend(items) } else { secondary.extend(items) }
    }
    let mut solver: DlSolver<'_, Item, ()> = DlSolver::new(&primary, &secondary);
    for cell in (0..givens.len()).filter(|&c| givens[c] == 0) {
        let taken = model.peers(cell).iter().fold(0u64, |m, &p| match givens[p as usize] {
            0 => m,
            v => m | 1 << (v - 1),
        });
        for v in (1..=n as Value).filter(|&v| taken >> (v - 1) & 1 == 0) {
            let units = model.units_of(cell).iter().map(|&u| u as usize);
            let (exact, loose): (Vec<usize>, Vec<usize>) = units.partition(|&u| model.units()[u].exact);
            let mut items = vec![Item::Cell(cell)];
            items.extend(exact.iter().map(|&u| Item::UnitValue(u, v)));
            let loose: Vec<(Item, Option<()>)> = loose.iter().map(|&u| (Item::UnitValue(u, v), None)).collect();
            solver.add_option(items, loose);
        }
    }
    let mut found = 0;
    let mut error = None;
    let mut option = Vec::new();
    solver.solve(|mut solution| {
        let mut values = givens.to_vec();
        while solution.next(&mut option) {
            // An option is a cell and its houses' (house, value) items.
            let cell = option.iter().find_map(|(item, _)| if let Item::Cell(c) = item { Some(*c) } else { None });
            let value =
                option.iter().find_map(|(item, _)| if let Item::UnitValue(_, v) = item { Some(*v) } else { None });
            if let (Some(c), Some(v)) = (cell, value) {
                values[c] = v;
            }
        }
        let grid = Grid::from_values(n, values).expect("values in range");
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
