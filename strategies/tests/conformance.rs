//! The conformance corpus (tdoku style) against every registered strategy.
//!
//! `corpus/conformance.txt` holds one case per line, `spec : puzzle : expected_count`, with counts
//! computed independently by `corpus/make_corpus.py` (its own Algorithm X, no Rust involved).
//! Every strategy of [`REGISTRY`] counts every case with `Limits::count(min(expected + 1, CAP))`;
//! the test then checks:
//! - a `Complete` outcome has exactly the expected count (and `expected < CAP`);
//! - a `SolutionLimit` outcome has counted to the limit, and the expected count reaches it;
//! - every returned solution passes `coverlab_model::validate::check_solution` and none repeats;
//! - strategies that decided a case with at most `KEEP` solutions return the same set of grids.
//!
//! Some cases are out of reach of the plain `dfs` (minimal 9×9 puzzles, a hard-to-refute
//! unsolvable one). Every solve runs under `NODE_LIMIT` nodes; a strategy that stops on that
//! limit is skipped for that case only, and the skips are printed (`cargo test -- --nocapture`).
//! A skip never hides a wrong answer: the partial count must still not exceed the expected one
//! and its solutions are still validated.

mod common;

use std::collections::BTreeMap;

use coverlab_engine::{Limits, NullSink, Status, StopReason};
use coverlab_model::validate::check_solution;
use coverlab_strategies::registry::REGISTRY;

/// Counting stops at this many solutions (cases with more must reach it).
const CAP: u64 = 1000;
/// Solutions kept per outcome, validated and compared across strategies.
const KEEP: usize = 300;
/// Nodes per solve before a strategy is skipped on a case (about 50 ms of plain dfs).
const NODE_LIMIT: u64 = 3_000_000;

const CORPUS: &str = include_str!("corpus/conformance.txt");

struct Case {
    /// 1-based line in the corpus file.
    line: usize,
    spec: String,
    puzzle: String,
    expected: u64,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (i, text) in CORPUS.lines().enumerate() {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        // spec : puzzle : count -- split on the first and last ':' so no symbol is lost.
        let (spec, rest) = text
            .split_once(':')
            .unwrap_or_else(|| panic!("line {}: no ':'", i + 1));
        let (puzzle, count) = rest
            .rsplit_once(':')
            .unwrap_or_else(|| panic!("line {}: one ':' only", i + 1));
        out.push(Case {
            line: i + 1,
            spec: spec.trim().to_string(),
            puzzle: puzzle.trim().to_string(),
            expected: count
                .trim()
                .parse()
                .unwrap_or_else(|e| panic!("line {}: count: {e}", i + 1)),
        });
    }
    out
}

#[test]
fn corpus_covers_every_size_variant_and_kind_of_answer() {
    let cases = cases();
    assert!((60..=150).contains(&cases.len()), "{} cases", cases.len());
    for spec in [
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
    ] {
        assert!(cases.iter().any(|c| c.spec == spec), "no case for {spec}");
    }
    for (what, pred) in [
        ("0 solutions", &(|c: u64| c == 0) as &dyn Fn(u64) -> bool),
        ("1 solution", &|c| c == 1),
        ("2 solutions", &|c| c == 2),
        ("many solutions", &|c| c > CAP),
    ] {
        assert!(
            cases.iter().any(|c| pred(c.expected)),
            "no case with {what}"
        );
    }
    // Contradictory givens are part of the corpus, and their count is 0 (checked without any
    // strategy: the model's own conflict finder).
    let mut contradictory = 0;
    for c in &cases {
        if common::puzzle(&c.spec, &c.puzzle).conflict().is_some() {
            assert_eq!(
                c.expected, 0,
                "line {}: contradictory givens must count 0",
                c.line
            );
            contradictory += 1;
        }
    }
    assert!(
        contradictory >= 5,
        "only {contradictory} contradictory cases"
    );
}

#[test]
fn every_strategy_counts_every_case() {
    let cases = cases();
    let mut failures: Vec<String> = Vec::new();
    let mut skips: Vec<String> = Vec::new();
    let mut nodes: BTreeMap<&str, u64> = BTreeMap::new();
    for case in &cases {
        let puzzle = common::puzzle(&case.spec, &case.puzzle);
        let max = (case.expected + 1).min(CAP);
        let limits = Limits {
            max_nodes: Some(NODE_LIMIT),
            ..Limits::count(max, KEEP)
        };
        // The solution sets of the strategies that decided the case, to compare.
        let mut sets: Vec<(&str, Vec<String>)> = Vec::new();
        for info in REGISTRY {
            let mut strategy = info.build(common::SEED);
            let outcome = strategy.solve(&puzzle, &limits, &mut NullSink);
            *nodes.entry(info.name).or_default() += outcome.stats.nodes;
            let mut fail = |msg: String| {
                failures.push(format!(
                    "{} × line {} ({}): {msg}",
                    info.name, case.line, case.spec
                ));
            };
            for (k, grid) in outcome.solutions.iter().enumerate() {
                if let Err(e) = check_solution(puzzle.model(), puzzle.givens(), grid) {
                    fail(format!("solution {} is wrong: {e}", k + 1));
                }
            }
            let mut lines: Vec<String> = outcome
                .solutions
                .iter()
                .map(|g| common::line(g, puzzle.symbols()))
                .collect();
            lines.sort();
            lines.dedup();
            if lines.len() != outcome.solutions.len() {
                fail("a solution is returned twice".into());
            }
            if outcome.solutions.len() as u64 != outcome.count.min(KEEP as u64) {
                fail(format!(
                    "{} solutions kept of {} counted (keep {KEEP})",
                    outcome.solutions.len(),
                    outcome.count
                ));
            }
            match outcome.status {
                Status::Complete => {
                    if outcome.count != case.expected {
                        fail(format!(
                            "complete with {} solutions, expected {}",
                            outcome.count, case.expected
                        ));
                    } else {
                        sets.push((info.name, lines));
                    }
                }
                Status::Stopped(StopReason::SolutionLimit) => {
                    if outcome.count != max || case.expected < max {
                        fail(format!(
                            "stopped at the solution limit {max} with {} solutions, expected {}",
                            outcome.count, case.expected
                        ));
                    } else {
                        sets.push((info.name, lines));
                    }
                }
                Status::Stopped(StopReason::NodeLimit) => {
                    if outcome.count > case.expected {
                        fail(format!(
                            "{} solutions before the node limit, expected {}",
                            outcome.count, case.expected
                        ));
                    }
                    skips.push(format!(
                        "{} × line {} ({}, expected {}): node limit, {} solutions so far",
                        info.name, case.line, case.spec, case.expected, outcome.count
                    ));
                }
                other => fail(format!("unexpected status {other:?}")),
            }
        }
        // Strategies that decided a case must agree on its solutions (all of them when counted
        // in full, else the count already matched and the kept sets differ by search order).
        if case.expected <= KEEP as u64 {
            if let Some((first, reference)) = sets.first() {
                for (name, set) in &sets[1..] {
                    if set != reference {
                        failures.push(format!(
                            "line {}: {name} and {first} return different solutions",
                            case.line
                        ));
                    }
                }
            }
        }
    }
    println!("{} cases × {} strategies", cases.len(), REGISTRY.len());
    for (name, n) in &nodes {
        println!("  {name}: {n} nodes in all");
    }
    println!("{} skipped (node limit {NODE_LIMIT}):", skips.len());
    for s in &skips {
        println!("  {s}");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
