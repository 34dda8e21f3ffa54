//! Tests of the strategies from seeds 000, 002, 003 and 004: `random-stack`, `singles`,
//! `singles-hidden` and `mrv`, on every kind of spec, checked against the independent validator,
//! the trace checker and the `dfs` reference.

use std::sync::Arc;
use std::time::{Duration, Instant};

use coverlab_engine::replay::replay;
use coverlab_engine::{Limits, NullSink, Outcome, Rng, Status, StopReason, Strategy, VecSink};
use coverlab_model::{Grid, Model, Puzzle, builtin, validate};
use coverlab_strategies::registry;

/// The strategies under test.
const NAMES: [&str; 4] = ["random-stack", "singles", "singles-hidden", "mrv"];

/// Every spec kind: sizes 4 to 16, rectangular boxes, diagonals, windows, regions, groups.
const SPECS: [&str; 10] = [
    "classic-4x4",
    "classic-6x6",
    "classic-9x9",
    "classic-12x12",
    "classic-16x16",
    "x-sudoku-9x9",
    "windoku-9x9",
    "jigsaw-9x9",
    "anti-knight-9x9",
    "anti-king-9x9",
];

fn model(spec: &str) -> Arc<Model> {
    Arc::new(builtin::load(spec).expect("built-in").expect("valid"))
}

fn strategy(name: &str, seed: u64) -> Box<dyn Strategy> {
    registry::find(name).unwrap_or_else(|| panic!("{name} is registered")).build(seed)
}

/// A full grid of the spec: the first solution `dfs` finds on the empty grid.
fn full_grid(model: &Arc<Model>) -> Grid {
    let n = model.size();
    let empty = Puzzle::new(model.clone(), Grid::empty(n)).expect("no givens");
    let outcome = strategy("dfs", 0).solve(&empty, &Limits::default(), &mut NullSink);
    assert_eq!(outcome.count, 1, "dfs fills the empty {}", model.name());
    outcome.solutions[0].clone()
}

/// The grid with `blanks` cells emptied, chosen by a generator seeded with `seed`.
fn blank(grid: &Grid, blanks: usize, seed: u64) -> Grid {
    let mut cells: Vec<usize> = (0..grid.values().len()).collect();
    Rng::new(seed).shuffle(&mut cells);
    let mut out = grid.clone();
    for &c in &cells[..blanks] {
        out.set(c, 0);
    }
    out
}

/// Solves with a trace, and checks: every solution valid; the trace replays to the same
/// solutions and count; a second solve gives the same trace (state reset); a solve without a
/// trace gives the same outcome.
fn solve_checked(name: &str, puzzle: &Puzzle, limits: &Limits) -> Outcome {
    let mut s = strategy(name, 7);
    let mut sink = VecSink::new();
    let outcome = s.solve(puzzle, limits, &mut sink);
    let spec = puzzle.model().name();
    for grid in &outcome.solutions {
        validate::check_solution(puzzle.model(), puzzle.givens(), grid)
            .unwrap_or_else(|e| panic!("{name} on {spec}: invalid solution: {e}"));
    }
    let replayed = replay(puzzle, &sink.events).unwrap_or_else(|e| panic!("{name} on {spec}: trace refused: {e}"));
    assert_eq!(replayed.final_count, Some(outcome.count), "{name} on {spec}");
    let kept = outcome.solutions.len();
    assert_eq!(replayed.solutions[..kept], outcome.solutions[..], "{name} on {spec}");
    let mut again = VecSink::new();
    assert_eq!(s.solve(puzzle, limits, &mut again), outcome, "{name} on {spec}: second solve differs");
    assert_eq!(again.events, sink.events, "{name} on {spec}: second trace differs");
    let quiet = strategy(name, 7).solve(puzzle, limits, &mut NullSink);
    assert_eq!(quiet, outcome, "{name} on {spec}: the outcome depends on the sink");
    outcome
}

#[test]
fn blanked_grids_of_every_spec_are_solved_back() {
    for spec in SPECS {
        let model = model(spec);
        let n = model.size();
        let solution = full_grid(&model);
        // About half the cells blanked (fewer on the larger grids, where random-stack and mrv
        // would search long): a puzzle with one or a few solutions.
        let blanks = match n {
            16 => 90,
            12 => 60,
            _ => n * n / 2,
        };
        for seed in 0..2 {
            let givens = blank(&solution, blanks, seed);
            let puzzle = Puzzle::new(model.clone(), givens).expect("a grid's cells never conflict");
            let mut counts = Vec::new();
            for name in NAMES {
                let outcome = solve_checked(name, &puzzle, &Limits::count(1_000, 1_000));
                assert_eq!(outcome.status, Status::Complete, "{name} on {spec}");
                assert!(outcome.count >= 1, "{name} on {spec}: the original grid is a solution");
                assert!(outcome.solutions.contains(&solution), "{name} on {spec}: the original grid is missing");
                counts.push(outcome.count);
            }
            assert!(counts.windows(2).all(|w| w[0] == w[1]), "{spec}: counts differ: {NAMES:?} {counts:?}");
        }
    }
}

#[test]
fn counts_match_dfs_on_puzzles_with_many_solutions() {
    let cases = [
        ("classic-4x4", 16),
        ("classic-6x6", 24),
        ("classic-9x9", 55),
        // 6 solutions at 58 blanks; at 62 (18 solutions) plain `dfs` took 36 million nodes and
        // `random-stack` 6.7 million, nine tenths of this test's CPU.
        ("x-sudoku-9x9", 58),
        ("windoku-9x9", 62),
        ("jigsaw-9x9", 55),
        ("anti-knight-9x9", 60),
        ("anti-king-9x9", 60),
    ];
    for (spec, blanks) in cases {
        let model = model(spec);
        let puzzle = Puzzle::new(model.clone(), blank(&full_grid(&model), blanks, 3)).expect("no conflict");
        let limits = Limits::count(100_000, 0);
        let reference = strategy("dfs", 0).solve(&puzzle, &limits, &mut NullSink);
        assert_eq!(reference.status, Status::Complete, "dfs on {spec}");
        assert!(reference.count > 1, "{spec}: pick more blanks for several solutions ({})", reference.count);
        for name in NAMES {
            let outcome = strategy(name, 11).solve(&puzzle, &limits, &mut NullSink);
            assert_eq!((outcome.status, outcome.count), (Status::Complete, reference.count), "{name} on {spec}");
        }
    }
}

#[test]
fn several_solutions_are_all_valid_and_replay() {
    // The empty 4x4 has 288 solutions; every one is kept, validated and replayed.
    let model = model("classic-4x4");
    let puzzle = Puzzle::new(model, Grid::empty(4)).expect("no givens");
    for name in NAMES {
        let outcome = solve_checked(name, &puzzle, &Limits::count(1_000, 1_000));
        assert_eq!((outcome.status, outcome.count), (Status::Complete, 288), "{name}");
        let mut distinct = outcome.solutions.clone();
        distinct.sort_by(|a, b| a.values().cmp(b.values()));
        distinct.dedup();
        assert_eq!(distinct.len(), 288, "{name}: a solution found twice");
    }
}

#[test]
fn unsolvable_puzzles_end_complete_with_no_solution() {
    // 4x4: r1c1 can take nothing (row 1 holds 1 and 4, column 1 holds 2, box 1 holds 3).
    let mut small = Grid::empty(4);
    for (cell, v) in [(1, 1), (2, 4), (8, 2), (5, 3)] {
        small.set(cell, v);
    }
    let mut puzzles = vec![Puzzle::new(model("classic-4x4"), small).expect("no conflict")];
    // 9x9: a puzzle with one given changed to another value that no peer holds, so that the
    // givens do not conflict but (by dfs) nothing completes them.
    let nine = model("classic-9x9");
    let givens = blank(&full_grid(&nine), 50, 9);
    let broken = (0..81)
        .filter(|&c| givens.get(c) != 0)
        .flat_map(|c| (1..=9).map(move |v| (c, v)))
        .find_map(|(c, v)| {
            let mut g = givens.clone();
            g.set(c, v);
            let p = Puzzle::new(nine.clone(), g).ok()?;
            let o = strategy("dfs", 0).solve(&p, &Limits::count(1, 0), &mut NullSink);
            (o.status == Status::Complete && o.count == 0).then_some(p)
        })
        .expect("some changed given breaks the puzzle");
    puzzles.push(broken);
    for puzzle in &puzzles {
        for name in NAMES {
            let outcome = solve_checked(name, puzzle, &Limits::count(10, 10));
            assert_eq!((outcome.status, outcome.count), (Status::Complete, 0), "{name}");
        }
    }
}

#[test]
fn contradictory_givens_have_no_solution() {
    for spec in ["classic-9x9", "anti-knight-9x9"] {
        let model = model(spec);
        let mut givens = Grid::empty(9);
        givens.set(0, 5);
        // Same row for classic; a knight's move (r2c3) for anti-knight.
        givens.set(if spec == "classic-9x9" { 8 } else { 11 }, 5);
        let puzzle = Puzzle::new_unchecked(model, givens);
        assert!(puzzle.conflict().is_some());
        // (The trace checker refuses such traces at the givens, so only the outcome is checked.)
        for name in NAMES {
            let outcome = strategy(name, 0).solve(&puzzle, &Limits::count(10, 10), &mut NullSink);
            assert_eq!((outcome.status, outcome.count), (Status::Complete, 0), "{name} on {spec}");
        }
    }
}

#[test]
fn the_node_limit_stops_the_search() {
    let model = model("classic-9x9");
    let puzzle = Puzzle::new(model, Grid::empty(9)).expect("no givens");
    let limits = Limits { max_solutions: u64::MAX, keep_solutions: 0, max_nodes: Some(10), ..Limits::default() };
    for name in NAMES {
        let outcome = solve_checked(name, &puzzle, &limits);
        assert_eq!(outcome.status, Status::Stopped(StopReason::NodeLimit), "{name}");
        assert_eq!(outcome.stats.nodes, 10, "{name}");
    }
}

#[test]
fn a_past_deadline_stops_the_search() {
    let model = model("classic-16x16");
    let puzzle = Puzzle::new(model, Grid::empty(16)).expect("no givens");
    let limits = Limits {
        max_solutions: u64::MAX,
        keep_solutions: 0,
        max_nodes: None,
        deadline: Some(Instant::now() - Duration::from_millis(1)),
        ..Limits::default()
    };
    for name in NAMES {
        let outcome = strategy(name, 0).solve(&puzzle, &limits, &mut NullSink);
        assert_eq!(outcome.status, Status::Stopped(StopReason::Deadline), "{name}");
    }
}

#[test]
fn random_stack_seeds_find_different_solutions_of_a_puzzle() {
    // A 9x9 with 60 blanks has many solutions: two seeds reach two different ones first.
    let model = model("classic-9x9");
    let puzzle = Puzzle::new(model.clone(), blank(&full_grid(&model), 60, 5)).expect("no conflict");
    let first = |seed| strategy("random-stack", seed).solve(&puzzle, &Limits::default(), &mut NullSink).solutions;
    let (a, b) = (first(1), first(2));
    assert_eq!(a, first(1), "the same seed finds the same solution");
    assert_ne!(a, b);
    for grid in a.iter().chain(&b) {
        validate::check_solution(&model, puzzle.givens(), grid).expect("valid");
    }
}

#[test]
fn large_grids_use_the_wider_bitsets() {
    // 25x25 runs on u32 sets, 36x36 and 64x64 on u64. The full grid comes from singles-hidden
    // (plain dfs is slow on the empty 25x25), validated independently.
    for (spec, blanks) in [("classic-25x25", 120), ("classic-36x36", 150), ("classic-64x64", 200)] {
        let model = model(spec);
        let n = model.size();
        let empty = Puzzle::new(model.clone(), Grid::empty(n)).expect("no givens");
        let full = strategy("singles-hidden", 0).solve(&empty, &Limits::default(), &mut NullSink);
        assert_eq!(full.count, 1, "{spec}");
        validate::check_solution(&model, empty.givens(), &full.solutions[0]).expect("valid");
        let puzzle = Puzzle::new(model.clone(), blank(&full.solutions[0], blanks, 1)).expect("no conflict");
        let mut counts = Vec::new();
        for name in NAMES {
            let outcome = solve_checked(name, &puzzle, &Limits::count(100, 100));
            assert_eq!(outcome.status, Status::Complete, "{name} on {spec}");
            assert!(outcome.solutions.contains(&full.solutions[0]), "{name} on {spec}");
            counts.push(outcome.count);
        }
        assert!(counts.windows(2).all(|w| w[0] == w[1]), "{spec}: counts differ: {NAMES:?} {counts:?}");
    }
}
