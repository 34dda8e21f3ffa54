//! The `batsat` strategy (`sat`'s encoding on batsat, the SAT solver of builds without C++):
//! solutions checked by the validator and by replaying the trace, a true partial count under a
//! node limit, and a hard 25×25 solved. Its conformance, traces and snapshots run with every
//! strategy.

use crate::common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use coverlab_engine::replay::replay;
use coverlab_engine::{Limits, Outcome, Status, StopReason, VecSink};
use coverlab_model::{Puzzle, validate};
use coverlab_strategies::registry;

/// Solves with `batsat`, tracing; checks the solutions (validator, no repeats) and the trace
/// (replay: the same solutions and count).
fn batsat_checked(puzzle: &Puzzle, limits: &Limits) -> Outcome {
    let mut batsat = registry::find("batsat").expect("registered").build(0);
    let mut sink = VecSink::new();
    let outcome = batsat.solve(puzzle, limits, &mut sink);
    for grid in &outcome.solutions {
        validate::check_solution(puzzle.model(), puzzle.givens(), grid).unwrap();
    }
    let distinct: BTreeSet<&[u8]> = outcome.solutions.iter().map(|g| g.values()).collect();
    assert_eq!(distinct.len(), outcome.solutions.len(), "a solution found twice");
    let replayed = replay(puzzle, &sink.events).unwrap_or_else(|e| panic!("replay: {e}"));
    assert_eq!(replayed.final_count, Some(outcome.count));
    assert_eq!(replayed.solutions[..outcome.solutions.len()], outcome.solutions[..]);
    outcome
}

#[test]
fn batsat_counts_the_empty_4x4_and_a_node_limit_keeps_a_true_partial_count() {
    // The empty 4×4 has 288 solutions, each found once by blocking the ones before.
    let puzzle = common::puzzle("classic-4x4", "................");
    let all = batsat_checked(&puzzle, &Limits::count(1000, 1000));
    assert_eq!((all.status, all.count), (Status::Complete, 288));
    // Every call is a node, so 20 nodes find fewer than 20.
    let cut = batsat_checked(&puzzle, &Limits { max_nodes: Some(20), ..Limits::count(1000, 1000) });
    assert_eq!(cut.status, Status::Stopped(StopReason::NodeLimit));
    assert!((1..20).contains(&cut.count), "{} solutions", cut.count);
    assert_eq!(cut.stats.nodes, 20);
}

#[test]
fn batsat_solves_a_minimal_25x25_and_proves_it_unique() {
    // Line 18 of the Frisch set: one of the easier of the 18 for a SAT solver.
    let text =
        std::fs::read_to_string(format!("{}/../tests/data/25x25/gecode_frisch_18.txt", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
    let line = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).nth(17).unwrap();
    let puzzle = common::puzzle("classic-25x25", line.trim());
    let outcome = batsat_checked(&puzzle, &Limits::count(2, 2));
    assert_eq!((outcome.status, outcome.count), (Status::Complete, 1));
}

#[test]
fn a_deadline_stops_batsat_in_a_hard_search() {
    // Line 1 of the Frisch set takes batsat more than 20 s; stopped after 0.3 s, it reports the
    // deadline with no solution, well within a second of it (the clock is read every 256 polls).
    let text =
        std::fs::read_to_string(format!("{}/../tests/data/25x25/gecode_frisch_18.txt", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
    let line = text.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).unwrap();
    let puzzle = common::puzzle("classic-25x25", line.trim());
    let started = Instant::now();
    let deadline = started + Duration::from_millis(300);
    let outcome = batsat_checked(&puzzle, &Limits { deadline: Some(deadline), ..Limits::count(1, 1) });
    let took = started.elapsed();
    assert_eq!((outcome.status, outcome.count), (Status::Stopped(StopReason::Deadline), 0));
    assert!(took < Duration::from_millis(1300), "stopped after {took:?}");
}
