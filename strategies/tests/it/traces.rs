//! Every registered strategy's traces pass the trace checker (`coverlab_engine::replay`), agree
//! with the outcome, and are deterministic.
//!
//! For each strategy × puzzle (small ones of every spec; unique, several-solution, contradictory
//! and unsolvable; plus a solve cut short by the node limit and one by the solution limit):
//! - the trace begins with `start`, ends with its only `stop`, and `stop` carries the outcome's
//!   status, count and stats;
//! - the counters are the counts of their events: `guesses` of `guess`, `backtracks` of
//!   `backtrack`, `placements` of `place` other than givens; no `guess` has a single alternative;
//! - `replay` accepts it and finds the same solutions and count as the outcome;
//! - solving again (a fresh instance, and the same instance a second time) gives the identical
//!   trace, and solving without a trace (`NullSink`) gives the identical outcome.

use crate::common;

use coverlab_engine::replay::replay;
use coverlab_engine::{Limits, NullSink, Outcome, PlaceReason, Status, StopReason, Strategy, TraceEvent, VecSink};
use coverlab_model::Puzzle;
use coverlab_strategies::registry;

/// Counting limit for the cases that count every solution.
const ALL: u64 = 1000;
/// A node limit no case below needs, so a runaway search fails instead of hanging.
const GUARD: u64 = 2_000_000;

/// The node limit of the `node-limit` case.
const NODE_LIMIT: u64 = 500;

/// (name, spec, puzzle, limits).
fn cases() -> Vec<(&'static str, &'static str, &'static str, Limits)> {
    let all = Limits { max_nodes: Some(GUARD), ..Limits::count(ALL, ALL as usize) };
    vec![
        ("4x4-unique", "classic-4x4", ".342.....43.....", all.clone()),
        ("4x4-24-solutions", "classic-4x4", ".........43.....", all.clone()),
        ("4x4-empty-288", "classic-4x4", "................", all.clone()),
        ("4x4-contradictory", "classic-4x4", "2..2............", all.clone()),
        ("4x4-no-candidates", "classic-4x4", ".12.3...4.......", all.clone()),
        ("4x4-no-place", "classic-4x4", "..4.12..4.......", all.clone()),
        ("6x6-unique", "classic-6x6", "1...6......45...322.........1...3.5.", all.clone()),
        ("6x6-2-solutions", "classic-6x6", "3.256.5.623.465312231645153426624153", all.clone()),
        (
            "9x9-magictour-450",
            "classic-9x9",
            "1..6.......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13",
            all.clone(),
        ),
        (
            "9x9-serg-134",
            "classic-9x9",
            "8.........95.......76.........624798...731245...598163...956..7...473.8....8125..",
            all.clone(),
        ),
        (
            "9x9-wrong-clue",
            "classic-9x9",
            "15.6.......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13",
            all.clone(),
        ),
        (
            "12x12-unique",
            "classic-12x12",
            ".8..B94.A......15.8C.....6...21...87.3.C6..9....1.A.7.C......7.8..A5..C14C2915.A38.B.....C749.127..693...C.A84C3..9B.7562A....5184.3.9...8...B.C",
            all.clone(),
        ),
        (
            "x-sudoku",
            "x-sudoku-9x9",
            "..3....95...9....7...8...2.1...2..3.4.7..19.....3...........341.4..98...71.4.....",
            all.clone(),
        ),
        (
            "windoku-2-solutions",
            "windoku-9x9",
            "..65728.....8...3...................1.9...5..5..2...97..4615...25...8..6.........",
            all.clone(),
        ),
        (
            "jigsaw-7-solutions",
            "jigsaw-9x9",
            "..9....83...45..........49.2..94....9.7..1....1.3....6......76..9..74...37.1.....",
            all.clone(),
        ),
        (
            "anti-knight",
            "anti-knight-9x9",
            "..8....95...6....8...4...2.3...7....2.6..43.....3....6......543.6..43...54.8.....",
            all.clone(),
        ),
        (
            "anti-king",
            "anti-king-9x9",
            "9...7...6......5..4.6.8.7.....73.1..7....4...1..8...2.8.5.......276.1.5..4.......",
            all.clone(),
        ),
        ("anti-king-contradictory", "anti-king-9x9", DIAGONAL_PAIR, all.clone()),
        (
            "node-limit",
            "classic-9x9",
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            Limits { max_nodes: Some(NODE_LIMIT), ..Limits::count(2, 2) },
        ),
        ("solution-limit", "classic-4x4", "................", Limits::count(5, 3)),
    ]
}

/// Two 7s diagonally adjacent across boxes (r3c3, r4c4): contradictory only for anti-king.
const DIAGONAL_PAIR: &str = "....................7.........7..................................................";

fn traced(strategy: &mut dyn Strategy, puzzle: &Puzzle, limits: &Limits) -> (Outcome, Vec<TraceEvent>) {
    let mut sink = VecSink::new();
    let outcome = strategy.solve(puzzle, limits, &mut sink);
    (outcome, sink.events)
}

#[test]
fn every_strategy_emits_traces_the_checker_accepts() {
    let mut failures = Vec::new();
    for (case, spec, line, limits) in cases() {
        let puzzle = common::puzzle(spec, line);
        for info in registry::all() {
            let who = format!("{} × {case}", info.name);
            let mut strategy = info.build(common::SEED);
            let (outcome, events) = traced(&mut *strategy, &puzzle, &limits);

            // The frame: start first, stop last and only once, stop = outcome.
            if !matches!(events.first(), Some(TraceEvent::Start { .. })) {
                failures.push(format!("{who}: the trace does not begin with start"));
            }
            let stops = events.iter().filter(|e| matches!(e, TraceEvent::Stop { .. })).count();
            match events.last() {
                Some(TraceEvent::Stop { status, count, stats }) if stops == 1 => {
                    if (*status, *count, *stats) != (outcome.status, outcome.count, outcome.stats) {
                        failures.push(format!("{who}: stop says {status:?} {count} {stats:?}, the outcome differs"));
                    }
                }
                _ => failures.push(format!("{who}: {stops} stop events, and stop must be the last")),
            }

            // One meaning for the counters: each is the count of its events (with a solve cut
            // short by a limit, the trace stops where the counting does too), and a decision has
            // alternatives (a single one is a forced placement).
            let guesses = events.iter().filter(|e| matches!(e, TraceEvent::Guess { .. })).count() as u64;
            let backtracks = events.iter().filter(|e| matches!(e, TraceEvent::Backtrack { .. })).count() as u64;
            let placements = events
                .iter()
                .filter(|e| matches!(e, TraceEvent::Place { reason, .. } if *reason != PlaceReason::Given))
                .count() as u64;
            let stats = outcome.stats;
            if (stats.guesses, stats.backtracks, stats.placements) != (guesses, backtracks, placements) {
                failures.push(format!(
                    "{who}: stats say {} guesses, {} backtracks, {} placements; the trace has {guesses}, {backtracks}, {placements}",
                    stats.guesses, stats.backtracks, stats.placements
                ));
            }
            if let Some(TraceEvent::Guess { k, m, .. }) =
                events.iter().find(|e| matches!(e, TraceEvent::Guess { m, .. } if *m < 2))
            {
                failures.push(format!("{who}: a guess with one alternative ({k}/{m}) is a placement"));
            }

            // The checker accepts it, and sees what the outcome reports.
            match replay(&puzzle, &events) {
                Err(e) => failures.push(format!("{who}: replay refused the trace: {e}")),
                Ok(r) => {
                    if r.final_count != Some(outcome.count) {
                        failures
                            .push(format!("{who}: replay counts {:?}, the outcome {}", r.final_count, outcome.count));
                    }
                    let kept = r.solutions.len().min(limits.keep_solutions);
                    if r.solutions[..kept] != outcome.solutions[..] {
                        failures.push(format!("{who}: the trace's solutions differ from the outcome's"));
                    }
                }
            }

            // Expected endings: complete, except the two limit cases. A strategy may solve the
            // node-limit case (a 17-clue puzzle that plain dfs cannot finish in 500 nodes)
            // within the limit; otherwise it must stop on it, reporting exactly the limit.
            let ok = match case {
                "node-limit" => match outcome.status {
                    Status::Stopped(StopReason::NodeLimit) => outcome.stats.nodes == NODE_LIMIT,
                    Status::Complete => outcome.stats.nodes <= NODE_LIMIT && outcome.count == 1,
                    _ => false,
                },
                "solution-limit" => outcome.status == Status::Stopped(StopReason::SolutionLimit) && outcome.count == 5,
                _ => outcome.status == Status::Complete,
            };
            if !ok {
                failures.push(format!(
                    "{who}: ended {:?} with {} solutions after {} nodes",
                    outcome.status, outcome.count, outcome.stats.nodes
                ));
            }

            // Determinism: the same instance again, a fresh instance, and no trace at all.
            let (again, events_again) = traced(&mut *strategy, &puzzle, &limits);
            if events_again != events || again != outcome {
                failures.push(format!("{who}: solving twice with one instance gives another trace"));
            }
            let (fresh, events_fresh) = traced(&mut *info.build(common::SEED), &puzzle, &limits);
            if events_fresh != events || fresh != outcome {
                failures.push(format!("{who}: a fresh instance gives another trace"));
            }
            let untraced = info.build(common::SEED).solve(&puzzle, &limits, &mut NullSink);
            if untraced != outcome {
                failures.push(format!("{who}: solving without a trace gives another outcome"));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// Asking decisions why they branched where they did (`TraceSink::choices`) changes nothing but
/// the choices written: the same events otherwise and the same outcome. Each strategy that says
/// why names its own rule on each decision's first alternative, and its key ranks the chosen
/// place at least as well as every place it lists as passed over (`dfs`'s `next-empty` ranks by
/// position, not by its key).
#[test]
fn choices_explain_decisions_without_changing_them() {
    let rules: &[(&str, &[&str])] = &[
        ("dfs", &["next-empty"]),
        ("mrv", &["fewest-values"]),
        ("singles", &["fewest-possibilities"]),
        ("fast", &["bivalue-score", "fewest-candidates", "two-places"]),
        ("fast(wdeg: true)", &["dom/wdeg", "two-places"]),
        ("dlx", &["fewest-options"]),
    ];
    for (name, case, spec, line, limits) in
        rules.iter().flat_map(|&(name, _)| cases().into_iter().map(move |(c, s, l, lim)| (name, c, s, l, lim)))
    {
        let puzzle = common::puzzle(spec, line);
        let chosen = registry::resolve(name).unwrap();
        let (plain_outcome, plain) = traced(&mut *chosen.build(common::SEED), &puzzle, &limits);
        let mut sink = VecSink { choices: true, ..VecSink::new() };
        let outcome = chosen.build(common::SEED).solve(&puzzle, &limits, &mut sink);
        let at = format!("{name} on {case}");
        assert_eq!(
            (outcome.status, outcome.count, outcome.stats),
            (plain_outcome.status, plain_outcome.count, plain_outcome.stats),
            "{at}"
        );
        let mut said = 0;
        let stripped: Vec<TraceEvent> = sink
            .events
            .into_iter()
            .map(|e| match e {
                TraceEvent::Guess { depth, cell, value, k, m, why } => {
                    if let Some(why) = &why {
                        assert_eq!(k, 1, "{at}: a choice on a later alternative");
                        let allowed = rules.iter().find(|r| r.0 == name).unwrap().1;
                        assert!(allowed.contains(&why.rule.as_str()), "{at}: rule {}", why.rule);
                        let ranked = |key: u64| match why.rule.as_str() {
                            "next-empty" => true,
                            "bivalue-score" => key <= why.key,
                            _ => key >= why.key,
                        };
                        assert!(why.next.iter().all(|(_, key)| ranked(*key)), "{at}: {why}");
                        assert!(why.next.len() <= coverlab_engine::Choice::SHOWN);
                        said += 1;
                    } else {
                        assert!(k > 1, "{at}: a decision of {name} without its choice");
                    }
                    TraceEvent::Guess { depth, cell, value, k, m, why: None }
                }
                other => other,
            })
            .collect();
        assert_eq!(stripped, plain, "{at}: asking for choices changed the search");
        assert_eq!(said as u64, plain.iter().filter(|e| matches!(e, TraceEvent::Guess { k: 1, .. })).count() as u64);
    }
}
