//! `fast-sat` (and so the default, `auto`, off classic 9×9): `fast` hands the search to CaDiCaL
//! after a guess budget. Here the budget is forced down to a handful of guesses on small grids,
//! so the hand-over happens mid-count: the solutions found before it must not be counted again,
//! the count must match the corpus's independent count, every solution must pass the validator,
//! and the trace of both halves must replay.

use crate::common;

use std::collections::BTreeSet;

use coverlab_engine::replay::replay;
use coverlab_engine::{Limits, Outcome, Status, Strategy, TraceEvent, VecSink};
use coverlab_model::Puzzle;
use coverlab_model::validate::check_solution;
use coverlab_strategies::fast::{Config, Fast};

/// What every run here must hold: each solution passes the validator and is reported once, and
/// the trace replays to the same count.
fn check_outcome(puzzle: &Puzzle, outcome: &Outcome, events: &[TraceEvent], at: &str) {
    let distinct: BTreeSet<&[u8]> = outcome.solutions.iter().map(|g| g.values()).collect();
    assert_eq!(distinct.len(), outcome.solutions.len(), "{at}: a solution counted twice");
    for grid in &outcome.solutions {
        check_solution(puzzle.model(), puzzle.givens(), grid).unwrap_or_else(|e| panic!("{at}: {e}"));
    }
    let replayed = replay(puzzle, events).unwrap_or_else(|e| panic!("{at}: replay: {e}"));
    assert_eq!(replayed.final_count, Some(outcome.count), "{at}: replayed count");
}

#[test]
fn a_hand_over_mid_count_counts_every_solution_once_and_replays() {
    let mut handed_over = 0;
    // Three threads: CaDiCaL races as a portfolio after the hand-over.
    for (budget, threads) in [(1, 1), (3, 1), (10, 1), (3, 3)] {
        let config = Config { sat_after: Some((1, budget)), ..Config::DEFAULT };
        let mut strategy = Fast::new("fast-sat", config, 0);
        for common::CorpusCase { line, spec, puzzle: text, expected } in common::corpus_cases(300) {
            let puzzle = common::puzzle(&spec, &text);
            let limits = Limits { threads, ..Limits::count(u64::MAX, usize::MAX) };
            let mut sink = VecSink::new();
            let outcome = strategy.solve(&puzzle, &limits, &mut sink);
            let at = format!("corpus line {line} ({spec}), budget {budget}, {threads} threads");
            assert_eq!(outcome.status, Status::Complete, "{at}");
            assert_eq!(outcome.count, expected, "{at}: count");
            check_outcome(&puzzle, &outcome, &sink.events, &at);
            if outcome.stats.guesses > budget {
                handed_over += 1;
            }
        }
    }
    assert!(handed_over >= 40, "only {handed_over} solves went past the budget: the hand-over was barely tested");
}

#[test]
fn small_grids_never_reach_cadical_under_the_shipped_budget() {
    // The shipped configuration hands over from 20×20 only: a 9×9 search stays depth-first
    // however long it runs (its trace has no `cover` placements, which only `sat` emits).
    let mut strategy = Fast::new(
        "fast-sat",
        Config { sat_after: Some((20, coverlab_strategies::fast::SAT_AFTER_GUESSES)), ..Config::DEFAULT },
        0,
    );
    for common::CorpusCase { line, spec, puzzle: text, .. } in common::corpus_cases(300) {
        let puzzle = common::puzzle(&spec, &text);
        let mut sink = VecSink::new();
        strategy.solve(&puzzle, &Limits::count(u64::MAX, 0), &mut sink);
        let cover = sink.events.iter().any(|e| {
            matches!(e, coverlab_engine::TraceEvent::Place { reason: coverlab_engine::PlaceReason::Cover, .. })
        });
        assert!(!cover, "corpus line {line}: fast-sat handed a small grid to sat");
    }
}

#[test]
fn a_search_going_straight_down_is_not_handed_over() {
    // An empty 49×49 grid fills with about 2,400 guesses and no dead end: more guesses than the
    // budget, none of them abandoned, so the default keeps it (it took CaDiCaL 5.7 s where `fast`
    // takes 0.3 s, whole process, when every guess counted).
    let model = coverlab_model::builtin::load("classic-49x49").expect("built in").expect("valid");
    let puzzle = Puzzle::new(std::sync::Arc::new(model), coverlab_model::Grid::empty(49)).expect("no givens");
    let mut sink = VecSink::new();
    let outcome =
        coverlab_strategies::registry::default_strategy().build(0).solve(&puzzle, &Limits::count(2, 2), &mut sink);
    assert_eq!((outcome.status, outcome.count), (Status::Stopped(coverlab_engine::StopReason::SolutionLimit), 2));
    assert!(outcome.stats.guesses > coverlab_strategies::fast::SAT_AFTER_GUESSES, "{} guesses", outcome.stats.guesses);
    let cover =
        sink.events.iter().any(|e| matches!(e, TraceEvent::Place { reason: coverlab_engine::PlaceReason::Cover, .. }));
    assert!(!cover, "the default handed a search without dead ends to sat");
    check_outcome(&puzzle, &outcome, &sink.events, "empty 49×49");
}

#[test]
fn a_first_solution_handed_over_comes_from_kissat_and_holds() {
    // One solution asked for, or two with a bounded look for the second (plain `solve`): the
    // hand-over's calls go to a fresh kissat each (alone on one thread; on two, racing a kissat
    // that sees every literal negated). Every answer must agree with the corpus's independent
    // count.
    let mut handed_over = 0;
    for (budget, threads) in [(1, 1), (5, 1), (1, 2)] {
        let config = Config { sat_after: Some((1, budget)), ..Config::DEFAULT };
        let mut strategy = Fast::new("fast-sat", config, 0);
        for common::CorpusCase { line, spec, puzzle: text, expected } in common::corpus_cases(300) {
            let puzzle = common::puzzle(&spec, &text);
            for (max, uniqueness_nodes) in [(1, None), (2, Some(10_000))] {
                let limits =
                    Limits { threads, max_solutions: max, keep_solutions: 2, uniqueness_nodes, ..Limits::default() };
                let mut sink = VecSink::new();
                let outcome = strategy.solve(&puzzle, &limits, &mut sink);
                let at = format!("corpus line {line} ({spec}), budget {budget}, {threads} threads, max {max}");
                assert_eq!(outcome.count, expected.min(max), "{at}: count ({:?})", outcome.status);
                check_outcome(&puzzle, &outcome, &sink.events, &at);
                if outcome.stats.guesses > budget {
                    handed_over += 1;
                }
            }
        }
    }
    assert!(handed_over >= 40, "only {handed_over} solves went past the budget: the hand-over was barely tested");
}

#[test]
fn kissat_is_stopped_at_the_deadline() {
    // Frisch 25×25 #5 (tests/data/25x25/gecode_frisch_18.txt line 5) takes kissat seconds (2.7 s
    // on one thread here). kissat polls no hook of ours: a watcher raises its termination flag.
    // A deadline 0.2 s away must end the hand-over's call(s), one kissat or two racing, long
    // before kissat would have answered (the bound leaves room for a loaded machine).
    let text = include_str!("../../../tests/data/25x25/gecode_frisch_18.txt");
    let line = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).nth(4).expect("line 5");
    let puzzle = common::puzzle("classic-25x25", line.trim());
    let config = Config { sat_after: Some((1, 1)), ..Config::DEFAULT };
    for threads in [1, 2] {
        let mut strategy = Fast::new("fast-sat", config, 0);
        let start = std::time::Instant::now();
        let deadline = start + std::time::Duration::from_millis(200);
        let limits = Limits { threads, deadline: Some(deadline), ..Limits::default() };
        let outcome = strategy.solve(&puzzle, &limits, &mut VecSink::new());
        let took = start.elapsed();
        match outcome.count {
            0 => {
                assert_eq!(outcome.status, Status::Stopped(coverlab_engine::StopReason::Deadline), "{threads} threads")
            }
            _ => {
                // A lucky early answer is allowed; it must still be a solution.
                for grid in &outcome.solutions {
                    check_solution(puzzle.model(), puzzle.givens(), grid).unwrap_or_else(|e| panic!("{e}"));
                }
            }
        }
        assert!(took < std::time::Duration::from_secs(2), "{threads} threads: stopped after {took:?}");
    }
}
