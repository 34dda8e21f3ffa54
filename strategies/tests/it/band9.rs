//! `band-9x9`, the bit-parallel classic 9×9 kernel: counts agree with `dlx` on real benchmark
//! puzzles, solutions pass the independent validator, multi-solution grids are counted exactly,
//! traces of hard puzzles replay, limits stop it, and any other spec goes to `fast`.

use crate::common;

use std::sync::Arc;

use coverlab_engine::replay::replay;
use coverlab_engine::{Limits, NullSink, Outcome, Status, StopReason, TraceEvent, VecSink};
use coverlab_model::validate::check_solution;
use coverlab_model::{Grid, Model, Puzzle};
use coverlab_strategies::band9::is_classic_9x9;
use coverlab_strategies::registry;

fn solve(name: &str, puzzle: &Puzzle, limits: &Limits) -> Outcome {
    registry::find(name).unwrap().build(common::SEED).solve(puzzle, limits, &mut NullSink)
}

fn file_lines(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).map(|l| l[..81].to_string()).collect()
}

/// Counts to 2 agree with dlx; every solution validates; the unique puzzles' solutions match.
fn agree_with_dlx(lines: &[String]) {
    let mut band = registry::find("band-9x9").unwrap().build(0);
    let limits = Limits::count(2, 2);
    for (i, line) in lines.iter().enumerate() {
        let puzzle = common::puzzle("classic-9x9", line);
        let ours = band.solve(&puzzle, &limits, &mut NullSink);
        let theirs = solve("dlx", &puzzle, &limits);
        assert_eq!((ours.count, ours.status), (theirs.count, theirs.status), "line {}: {line}", i + 1);
        for s in &ours.solutions {
            check_solution(puzzle.model(), puzzle.givens(), s).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        }
        if ours.count == 1 {
            assert_eq!(ours.solutions, theirs.solutions, "line {}", i + 1);
        }
    }
}

#[test]
fn seventeen_clue_puzzles_agree_with_dlx() {
    let lines = file_lines("tests/data/9x9/17_clue_first200.txt");
    assert_eq!(lines.len(), 200);
    agree_with_dlx(&lines);
}

#[test]
fn magictour_puzzles_agree_with_dlx() {
    let lines = file_lines("tests/data/9x9/magictour_top1465_first50.txt");
    assert_eq!(lines.len(), 50);
    agree_with_dlx(&lines);
}

/// The corpus's classic 9×9 cases: (puzzle, expected count).
fn corpus_9x9() -> Vec<(String, u64)> {
    common::corpus_cases(u64::MAX)
        .into_iter()
        .filter(|c| c.spec == "classic-9x9")
        .map(|c| (c.puzzle, c.expected))
        .collect()
}

#[test]
fn every_corpus_case_is_counted_exactly_with_distinct_valid_solutions() {
    let cases = corpus_9x9();
    assert!(cases.iter().any(|&(_, c)| c > 1000), "the corpus has a 9x9 case with thousands of solutions");
    let mut band = registry::find("band-9x9").unwrap().build(0);
    for (line, expected) in cases {
        let puzzle = common::puzzle("classic-9x9", &line);
        let out = band.solve(&puzzle, &Limits::count(u64::MAX, usize::MAX), &mut NullSink);
        assert_eq!((out.count, out.status), (expected, Status::Complete), "{line}");
        let mut seen: Vec<&Grid> = out.solutions.iter().collect();
        for s in &seen {
            check_solution(puzzle.model(), puzzle.givens(), s).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        seen.sort_by(|a, b| a.values().cmp(b.values()));
        seen.dedup();
        assert_eq!(seen.len() as u64, expected, "{line}: a solution repeats");
    }
}

#[test]
fn hard_puzzles_traces_replay_and_match_the_untraced_outcome() {
    // Forum hardest 1106 lines 1 and 96, magictour 1, a 39-solution Serg grid, a wrong clue.
    let cases = corpus_9x9();
    let picks = [
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        ".2..5.7..4..1....68....3...2....8..3.4..2.5.....6...1...2.9.....9......57.4...9..",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "8.........95.......76.........624798...731245...598163...956..7...473.8....8125..",
        "15.6.......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13",
    ];
    for line in picks {
        let expected = cases.iter().find(|(p, _)| p == line).map(|&(_, c)| c).unwrap();
        let puzzle = common::puzzle("classic-9x9", line);
        let limits = Limits::count(1000, 1000);
        let mut sink = VecSink::new();
        let out = registry::find("band-9x9").unwrap().build(0).solve(&puzzle, &limits, &mut sink);
        assert_eq!(out.count, expected, "{line}");
        let replayed = replay(&puzzle, &sink.events).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(replayed.final_count, Some(expected));
        assert_eq!(replayed.solutions, out.solutions);
        assert!(
            matches!(sink.events.first(), Some(TraceEvent::Start { strategy, .. }) if strategy == "band-9x9"),
            "the classic kernel names itself"
        );
        assert_eq!(solve("band-9x9", &puzzle, &limits), out, "{line}: tracing changed the outcome");
        if expected > 0 {
            assert!(out.stats.guesses > 0, "{line}: these puzzles need guesses");
        }
    }
}

#[test]
fn contradictory_givens_count_zero_and_complete() {
    // A clash in a row, in a column, and in a box across rows (not caught by the givens' own
    // row and column eliminations).
    for line in [
        "11.6.......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13",
        "1..69......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13",
        "1.........1......................................................................",
    ] {
        let puzzle = common::puzzle("classic-9x9", line);
        let mut sink = VecSink::new();
        let out = registry::find("band-9x9").unwrap().build(0).solve(&puzzle, &Limits::count(2, 2), &mut sink);
        assert_eq!((out.count, out.status), (0, Status::Complete), "{line}");
        replay(&puzzle, &sink.events).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

#[test]
fn limits_stop_it() {
    let empty = common::puzzle("classic-9x9", &".".repeat(81));
    let mut band = registry::find("band-9x9").unwrap().build(0);
    let out = band.solve(&empty, &Limits { max_nodes: Some(7), ..Limits::count(1000, 0) }, &mut NullSink);
    assert_eq!((out.status, out.stats.nodes), (Status::Stopped(StopReason::NodeLimit), 7));
    let out = band.solve(&empty, &Limits::count(25, 25), &mut NullSink);
    assert_eq!((out.count, out.status), (25, Status::Stopped(StopReason::SolutionLimit)));
    let mut grids: Vec<&Grid> = out.solutions.iter().collect();
    for g in &grids {
        check_solution(empty.model(), empty.givens(), g).unwrap();
    }
    grids.sort_by(|a, b| a.values().cmp(b.values()));
    grids.dedup();
    assert_eq!(grids.len(), 25);
}

/// Classic 9×9 with one extra at-most-once group: not classic, so `fast` solves it.
const CLASSIC_PLUS_GROUP: &str = r#"Spec(
    name: "classic-plus-pair",
    summary: "classic 9x9 and r1c1 differs from r9c9",
    size: 9,
    rules: [Rows, Columns, Boxes(rows: 3, cols: 3), AtMostOnce(name: "corners", cells: ["r1c1", "r9c9"])],
)"#;

/// Classic 9×9 written with regions instead of boxes: the same houses, so classic.
const CLASSIC_AS_REGIONS: &str = r#"Spec(
    name: "classic-by-regions",
    summary: "classic 9x9, boxes drawn as regions",
    size: 9,
    rules: [Rows, Columns, Regions(["AAABBBCCC", "AAABBBCCC", "AAABBBCCC", "DDDEEEFFF", "DDDEEEFFF",
        "DDDEEEFFF", "GGGHHHIII", "GGGHHHIII", "GGGHHHIII"])],
)"#;

#[test]
fn only_exactly_classic_9x9_runs_the_kernel() {
    assert!(is_classic_9x9(&common::model("classic-9x9")));
    assert!(is_classic_9x9(&Model::from_ron(CLASSIC_AS_REGIONS, "test").unwrap()));
    for spec in ["classic-4x4", "classic-16x16", "x-sudoku-9x9", "windoku-9x9", "jigsaw-9x9", "anti-king-9x9"] {
        assert!(!is_classic_9x9(&common::model(spec)), "{spec}");
    }
    assert!(!is_classic_9x9(&Model::from_ron(CLASSIC_PLUS_GROUP, "test").unwrap()));
}

#[test]
fn other_specs_get_exactly_the_fast_outcome_and_trace() {
    let plus = Arc::new(Model::from_ron(CLASSIC_PLUS_GROUP, "test").unwrap());
    // Magictour 450 (its solution has 1 in r1c1 and 3 in r9c9, so the extra pair keeps it).
    let line = "1..6.......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13";
    let puzzles = [
        Puzzle::new(plus.clone(), common::parse_line(&plus, line)).unwrap(),
        Puzzle::new(plus.clone(), Grid::empty(9)).unwrap(),
        common::puzzle(
            "x-sudoku-9x9",
            "..3.1..95...9....79..8.562.1..52.73.4.76.19...5.3..1.8....5.34134..98.7.71.43.58.",
        ),
        common::puzzle("classic-4x4", "................"),
    ];
    for puzzle in &puzzles {
        let limits = Limits::count(50, 50);
        let traced = |name: &str| {
            let mut sink = VecSink::new();
            let out = registry::find(name).unwrap().build(common::SEED).solve(puzzle, &limits, &mut sink);
            (out, sink.events)
        };
        let (ours, our_events) = traced("band-9x9");
        let (fast, fast_events) = traced("fast");
        assert_eq!(ours, fast, "{}", puzzle.model().name());
        // The same events, but for the name the trace starts with: band-9x9 says it ran.
        assert!(matches!(&our_events[0], TraceEvent::Start { strategy, .. } if strategy == "band-9x9"));
        assert_eq!(our_events[1..], fast_events[1..], "{}", puzzle.model().name());
        assert!(ours.count >= 1);
        for s in &ours.solutions {
            check_solution(puzzle.model(), puzzle.givens(), s).unwrap();
        }
    }
}
