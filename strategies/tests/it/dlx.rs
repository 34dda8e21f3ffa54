//! The `dlx` strategy: solutions of every kind of spec, counts against `dfs`, traces replayed
//! by the checker, contradictory givens, limits.

use std::sync::Arc;

use coverlab_engine::replay::replay;
use coverlab_engine::{ConflictCause, Limits, Outcome, Rng, Status, StopReason, TraceEvent, VecSink};
use coverlab_model::{Grid, Model, Puzzle, builtin, validate};
use coverlab_strategies::registry;

fn model(name: &str) -> Arc<Model> {
    Arc::new(builtin::load(name).expect("built-in").expect("compiles"))
}

fn run(strategy: &str, puzzle: &Puzzle, limits: &Limits) -> Outcome {
    let mut s = registry::find(strategy).expect("registered").build(0);
    s.solve(puzzle, limits, &mut coverlab_engine::NullSink)
}

/// Solves with `dlx`, tracing; checks every solution with the validator and the trace with the
/// replay checker (same solutions, same count).
fn dlx_checked(puzzle: &Puzzle, limits: &Limits) -> (Outcome, Vec<TraceEvent>) {
    let mut s = registry::find("dlx").expect("registered").build(0);
    let mut sink = VecSink::new();
    let outcome = s.solve(puzzle, limits, &mut sink);
    for grid in &outcome.solutions {
        validate::check_solution(puzzle.model(), puzzle.givens(), grid).expect("a valid solution");
    }
    let replayed = replay(puzzle, &sink.events).unwrap_or_else(|e| panic!("{}: {e}", puzzle.model().name()));
    assert_eq!(replayed.final_count, Some(outcome.count));
    let kept = outcome.solutions.len();
    assert_eq!(replayed.solutions[..kept], outcome.solutions[..]);
    (outcome, sink.events)
}

/// A full grid of `model`: the first solution `dfs` finds for the empty grid.
fn full_by_dfs(model: &Arc<Model>) -> Grid {
    let puzzle = Puzzle::new(model.clone(), Grid::empty(model.size())).unwrap();
    let outcome = run("dfs", &puzzle, &Limits::default());
    let grid = outcome.solutions.into_iter().next().expect("the empty grid has a solution");
    validate::check_solution(model, puzzle.givens(), &grid).unwrap();
    grid
}

/// A full classic grid with r×c boxes by the shifted-rows pattern, for sizes `dfs` is slow at.
fn full_by_pattern(model: &Arc<Model>) -> Grid {
    let n = model.size();
    let (r, c) = model.boxes().expect("a classic spec");
    let values = (0..n * n).map(|cell| ((cell / n % r * c + cell / n / r + cell % n) % n + 1) as u8).collect();
    let grid = Grid::from_values(n, values).unwrap();
    validate::check_solution(model, &Grid::empty(n), &grid).expect("the pattern is a solution");
    grid
}

/// `full` with `blanks` cells emptied, chosen by a seeded shuffle.
fn blank(model: &Arc<Model>, full: &Grid, blanks: usize, seed: u64) -> Puzzle {
    let mut cells: Vec<usize> = (0..full.values().len()).collect();
    Rng::new(seed).shuffle(&mut cells);
    let mut givens = full.clone();
    for &cell in &cells[..blanks] {
        givens.set(cell, 0);
    }
    Puzzle::new(model.clone(), givens).unwrap()
}

fn parse(model: &Arc<Model>, line: &str) -> Puzzle {
    let n = model.size();
    let values = line.chars().map(|ch| if ch == '.' { 0 } else { model.symbols().value_of(ch).unwrap() }).collect();
    Puzzle::new(model.clone(), Grid::from_values(n, values).unwrap()).unwrap()
}

#[test]
fn solves_puzzles_of_every_builtin_spec() {
    for name in [
        "classic-4x4",
        "classic-6x6",
        "classic-9x9",
        "classic-10x10",
        "classic-12x12",
        "x-sudoku-9x9",
        "windoku-9x9",
        "jigsaw-9x9",
        "anti-knight-9x9",
        "anti-king-9x9",
        "classic-16x16",
    ] {
        let model = model(name);
        let full = full_by_dfs(&model);
        let cells = model.cells();
        for seed in 0..3 {
            let puzzle = blank(&model, &full, cells * 3 / 5, seed);
            let (outcome, _) = dlx_checked(&puzzle, &Limits::count(2, 2));
            assert!(outcome.count >= 1, "{name} seed {seed}: the puzzle was made from a solution");
            assert_eq!(
                outcome.status,
                if outcome.count == 2 { Status::Stopped(StopReason::SolutionLimit) } else { Status::Complete }
            );
        }
    }
}

#[test]
fn solves_large_grids() {
    for (name, blanks) in [("classic-25x25", 300), ("classic-36x36", 500), ("classic-64x64", 1200)] {
        let model = model(name);
        let full = full_by_pattern(&model);
        let puzzle = blank(&model, &full, blanks, 7);
        let (outcome, events) = dlx_checked(&puzzle, &Limits::default());
        assert_eq!(outcome.count, 1, "{name}");
        assert!(events.iter().any(|e| matches!(e, TraceEvent::Place { .. })));
    }
}

#[test]
fn solves_an_empty_grid_of_each_shape() {
    // (Not anti-knight: plain MRV needs millions of nodes for its empty grid.)
    for name in ["classic-6x6", "classic-12x12", "windoku-9x9", "jigsaw-9x9", "anti-king-9x9", "classic-36x36"] {
        let model = model(name);
        let puzzle = Puzzle::new(model.clone(), Grid::empty(model.size())).unwrap();
        let (outcome, _) = dlx_checked(&puzzle, &Limits::default());
        assert_eq!(outcome.count, 1, "{name}");
        assert_eq!(outcome.status, Status::Stopped(StopReason::SolutionLimit));
    }
}

#[test]
fn counts_match_dfs() {
    let all = Limits::count(u64::MAX, usize::MAX);
    let mut cases: Vec<Puzzle> = Vec::new();
    let m4 = model("classic-4x4");
    cases.push(Puzzle::new(m4.clone(), Grid::empty(4)).unwrap());
    let full4 = full_by_dfs(&m4);
    for (blanks, seed) in [(13, 1), (12, 2), (14, 3)] {
        cases.push(blank(&m4, &full4, blanks, seed));
    }
    for (name, blanks) in [("anti-knight-9x9", 60), ("anti-king-9x9", 56), ("x-sudoku-9x9", 58), ("classic-6x6", 24)] {
        let model = model(name);
        let full = full_by_dfs(&model);
        for seed in 0..2 {
            cases.push(blank(&model, &full, blanks, seed));
        }
    }
    let mut several = 0;
    for puzzle in &cases {
        let expected = run("dfs", puzzle, &all);
        assert_eq!(expected.status, Status::Complete);
        let (outcome, _) = dlx_checked(puzzle, &all);
        assert_eq!(outcome.status, Status::Complete);
        assert_eq!(outcome.count, expected.count, "{}", puzzle.model().name());
        let (mut mine, mut theirs) = (outcome.solutions.clone(), expected.solutions.clone());
        mine.sort_by(|a, b| a.values().cmp(b.values()));
        theirs.sort_by(|a, b| a.values().cmp(b.values()));
        assert_eq!(mine, theirs, "the same solutions");
        several += usize::from(outcome.count > 1);
    }
    assert_eq!(run("dlx", &cases[0], &all).count, 288, "the empty 4x4 has 288 solutions");
    assert!(several >= cases.len() / 2, "most cases have several solutions ({several} of {})", cases.len());
}

#[test]
fn contradictory_givens_have_no_solution() {
    let m4 = model("classic-4x4");
    // Two 1s in row 1.
    let mut g = Grid::empty(4);
    g.set(0, 1);
    g.set(3, 1);
    // Two 3s a knight's move apart (r1c1, r2c3): only the secondary items see it.
    let ak = model("anti-knight-9x9");
    let mut h = Grid::empty(9);
    h.set(0, 3);
    h.set(11, 3);
    for puzzle in [Puzzle::new_unchecked(m4, g), Puzzle::new_unchecked(ak, h)] {
        assert!(puzzle.conflict().is_some());
        let outcome = run("dlx", &puzzle, &Limits::count(10, 10));
        assert_eq!((outcome.count, outcome.status), (0, Status::Complete));
        assert!(outcome.solutions.is_empty());
    }
}

#[test]
fn dead_ends_are_reported_in_grid_terms() {
    // Consistent givens, no solution: r1c3 has no candidate (1, 2 in its row; 3, 4 in its column).
    let m4 = model("classic-4x4");
    let mut g = Grid::empty(4);
    g.set(0, 1);
    g.set(1, 2);
    g.set(6, 3);
    g.set(10, 4);
    let puzzle = Puzzle::new(m4, g).unwrap();
    let (outcome, events) = dlx_checked(&puzzle, &Limits::default());
    assert_eq!((outcome.count, outcome.status), (0, Status::Complete));
    assert!(events.contains(&TraceEvent::Conflict { depth: 0, cause: ConflictCause::NoCandidates { cell: 2 } }));

    // Hard 9x9 puzzles (magictour top1465, lines 1-3), every solution counted: the traces go
    // back through forced levels many times, and both kinds of conflict occur.
    let m9 = model("classic-9x9");
    let mut causes = (0, 0);
    let mut backups = 0;
    for line in [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
    ] {
        let puzzle = parse(&m9, line);
        let (outcome, events) = dlx_checked(&puzzle, &Limits::count(u64::MAX, 4));
        assert_eq!((outcome.count, outcome.status), (1, Status::Complete));
        let mut depth = 0;
        for e in &events {
            match e {
                TraceEvent::Conflict { cause: ConflictCause::NoCandidates { .. }, .. } => causes.0 += 1,
                TraceEvent::Conflict { cause: ConflictCause::NoPlace { .. }, .. } => causes.1 += 1,
                TraceEvent::Conflict { cause, .. } => panic!("an unexpected cause {cause:?}"),
                TraceEvent::Guess { depth: d, .. } => depth = *d,
                TraceEvent::Backtrack { depth: d } => {
                    backups += usize::from(*d + 1 < depth);
                    depth = *d;
                }
                _ => {}
            }
        }
    }
    assert!(causes.0 > 0 && causes.1 > 0, "both kinds of conflict: {causes:?}");
    assert!(backups > 0, "some backtracks skip several decision levels");
}

#[test]
fn node_limit_stops_the_search() {
    let m9 = model("classic-9x9");
    let puzzle = Puzzle::new(m9, Grid::empty(9)).unwrap();
    let limits = Limits { max_nodes: Some(50), ..Limits::count(u64::MAX, 0) };
    let (outcome, _) = dlx_checked(&puzzle, &limits);
    assert_eq!(outcome.status, Status::Stopped(StopReason::NodeLimit));
    assert_eq!(outcome.stats.nodes, 50);
}

#[test]
fn same_puzzle_same_trace_after_other_solves() {
    let m9 = model("anti-knight-9x9");
    let full = full_by_dfs(&m9);
    let a = blank(&m9, &full, 55, 11);
    let big = model("classic-16x16");
    let b = blank(&big, &full_by_dfs(&big), 150, 3);
    let mut s = registry::find("dlx").unwrap().build(0);
    let mut trace = |p: &Puzzle| {
        let mut sink = VecSink::new();
        let outcome = s.solve(p, &Limits::count(5, 5), &mut sink);
        (outcome, sink.events)
    };
    let first = trace(&a);
    let _ = trace(&b);
    let again = trace(&a);
    assert_eq!(first, again);
}
