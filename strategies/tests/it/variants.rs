//! The variant conformance corpus (constraints beyond houses) against every registered strategy.
//!
//! `corpus/variants/variants.txt` holds one case per line, `spec file : puzzle : expected_count`;
//! the spec files sit beside it, and the counts come from `corpus/variants/make_variants.py`
//! (its own backtracking counter, each rule checked straight from its definition: no Rust
//! involved). A count of 1001 means "more than 1000".
//!
//! Every strategy and preset counts every case (to one more than expected: see [`max_solutions`]); every solution
//! must pass the independent validator (which checks every constraint kind from the spec's
//! rules), strategies that decide a case must agree on its solutions, and the traces of the
//! `TRACED` strategies on each case of at most two solutions must replay (the checker verifies
//! each `eliminate … by` and each constraint conflict): the traces are those of the counting
//! runs, searched once for both. A strategy stopped by the node limit is skipped for that case
//! and the skip printed; its partial count must still not exceed the expected one.
//!
//! The cases on grids of [`BIG`]×[`BIG`] and more (one family per kind at 16×16 and 25×25) are
//! run by the propagating strategies only (roles `Default` and `Speed`: `auto`, `band-9x9`,
//! `fast` and its presets, `sat`, `batsat`); the seed strategies and `dlx` are not run on them
//! at all (see [`runs`]).
//!
//! Without `COVERLAB_TESTS=full` (`.ci/run` sets it), the strategies other than those two roles,
//! and the presets of `fast`, run every third case each (a different third per strategy, see
//! `common::sampled`): every case is still run by `auto`, `band-9x9`, `fast`, `sat` and `batsat`
//! and by a third of the others.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;

use coverlab_engine::replay::replay;
use coverlab_engine::{Limits, NullSink, Status, StopReason, TraceEvent, VecSink};
use coverlab_model::validate::check_solution;
use coverlab_model::{ConstraintKind, Model, Puzzle};
use coverlab_strategies::registry::{self, Chosen};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/variants");
/// Counting stops here; the corpus writes "more than 1000" as 1001.
const CAP: u64 = 1001;
const KEEP: usize = 300;
/// Cases with more than 1000 solutions are counted to this many: enough to show that a strategy
/// neither stops early nor repeats itself. Counting all 1001 (little killers, thermometers and
/// whispers on an empty 9×9 grid) took half of this test's time.
const MANY: u64 = 20;
/// The CDCL strategies (`sat`, `batsat`) count to at most this many: each further solution is
/// a new solve under one more blocking clause, and counting the cases of 11 to 300 solutions
/// to the end was a quarter of their time here. Their exact counts of up to 9 solutions are
/// still checked here, and `sat.rs` counts every case of the conformance corpus exactly.
const SAT_MANY: u64 = 10;
/// Nodes per solve before a strategy is skipped on a case: the propagating strategies stay far
/// below it.
const NODE_LIMIT: u64 = 200_000;
/// The same for the seed strategies and `dlx` (plain or naive searches), which need millions on
/// some 9×9 cases: past this many nodes a case is as good as out of their reach. Their runs to
/// this limit on the cases they cannot finish were a third of this test's CPU at 40,000. At
/// 15,000, 374 of the 8,831 strategy–case runs are skipped (264 at 40,000); the skips are
/// printed.
const PLAIN_NODE_LIMIT: u64 = 15_000;
/// `singles-copy` copies its whole state at every node and checks every constraint of every
/// open cell in its singles phase (about 130 µs a node on the 9×9 pill arrows).
const COPY_NODE_LIMIT: u64 = 6_000;

/// From this size on, a case is run by the propagating strategies only. The seed strategies and
/// `dlx` only check the constraints beyond houses against what is placed (they filter no
/// candidate by them): on 16×16 and 25×25 grids with a hundred or more empty cells they would
/// spend their node budget on a case, and this test is already the slowest of the workspace.
const BIG: usize = 16;

/// Whether a strategy is run on a case of a grid of size `n`: every strategy below [`BIG`], the
/// propagating ones (roles `Default` and `Speed`) from it on.
fn runs(info: &Chosen, n: usize) -> bool {
    n < BIG || matches!(info.info.role, registry::Role::Default | registry::Role::Speed)
}

/// The node limit of a strategy on the corpus.
fn node_limit(info: &Chosen) -> u64 {
    if matches!(info.info.role, registry::Role::Default | registry::Role::Speed) {
        NODE_LIMIT
    } else if info.name == "singles-copy" {
        COPY_NODE_LIMIT
    } else {
        PLAIN_NODE_LIMIT
    }
}

/// How many solutions `info` counts on `case`: one more than the corpus says (so a complete
/// count is checked), except on the cases of more than 1000 ([`MANY`]) and, for the CDCL
/// strategies, past [`SAT_MANY`].
fn max_solutions(info: &Chosen, case: &Case) -> u64 {
    let max = if case.expected >= CAP { MANY } else { case.expected + 1 };
    if CDCL.contains(&info.name) { max.min(SAT_MANY) } else { max }
}

/// The strategies that search by clause learning, one solve per solution.
const CDCL: [&str; 2] = ["sat", "batsat"];

struct Case {
    line: usize,
    spec: String,
    puzzle: String,
    expected: u64,
}

fn cases() -> (Vec<Case>, BTreeMap<String, Arc<Model>>) {
    let text = std::fs::read_to_string(format!("{DIR}/variants.txt")).expect("variants.txt");
    let mut cases = Vec::new();
    let mut models = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (spec, rest) = line.split_once(':').unwrap_or_else(|| panic!("line {}: no ':'", i + 1));
        let (puzzle, count) = rest.rsplit_once(':').unwrap_or_else(|| panic!("line {}: one ':'", i + 1));
        let spec = spec.trim().to_string();
        if !models.contains_key(&spec) {
            let path = format!("{DIR}/{spec}");
            let ron = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let model = Model::from_ron(&ron, &spec).unwrap_or_else(|e| panic!("{e}"));
            models.insert(spec.clone(), Arc::new(model));
        }
        let expected = count.trim().parse().unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        cases.push(Case { line: i + 1, spec, puzzle: puzzle.trim().to_string(), expected });
    }
    (cases, models)
}

fn puzzle(models: &BTreeMap<String, Arc<Model>>, case: &Case) -> Puzzle {
    let model = models[&case.spec].clone();
    let grid = common::parse_line(&model, &case.puzzle);
    Puzzle::new_unchecked(model, grid)
}

#[test]
fn the_corpus_covers_every_kind_size_and_kind_of_answer() {
    let (cases, models) = cases();
    assert!(cases.len() >= 40, "{} cases", cases.len());
    for kind in ConstraintKind::ALL.into_iter().filter(|&k| k != ConstraintKind::HouseSum) {
        let unique =
            cases.iter().any(|c| c.expected == 1 && models[&c.spec].constraints().iter().any(|x| x.kind == kind));
        assert!(unique, "no case with a unique solution has a {} constraint", kind.name());
    }
    for n in [4, 6, 9, 16, 25] {
        assert!(cases.iter().any(|c| models[&c.spec].size() == n), "no {n}×{n} case");
    }
    // Issue 31: every kind at 16×16 and 25×25 too (entropic lines split the values into thirds,
    // so they exist only where 3 divides the size). A kind with no large family (only where one
    // is truly impossible) is listed here with the reason; the list is empty and only shrinks.
    const NO_LARGE_FAMILY_YET: [ConstraintKind; 0] = [];
    for n in [16, 25] {
        for kind in ConstraintKind::ALL.into_iter().filter(|&k| k != ConstraintKind::HouseSum) {
            if kind == ConstraintKind::Entropic && n % 3 != 0 || NO_LARGE_FAMILY_YET.contains(&kind) {
                continue;
            }
            let unique = cases.iter().any(|c| {
                let model = &models[&c.spec];
                c.expected == 1 && model.size() == n && model.constraints().iter().any(|x| x.kind == kind)
            });
            assert!(unique, "no {n}×{n} case with a unique solution has a {} constraint", kind.name());
        }
    }
    for (what, pred) in [
        ("0 solutions", &(|c: u64| c == 0) as &dyn Fn(u64) -> bool),
        ("1 solution", &|c| c == 1),
        ("2 solutions", &|c| c == 2),
        ("many solutions", &|c| c >= CAP),
    ] {
        assert!(cases.iter().any(|c| pred(c.expected)), "no case with {what}");
    }
}

/// The strategies whose traces are replayed on every case with at most two solutions.
const TRACED: [&str; 6] = ["fast", "singles", "singles-hidden", "dfs", "dlx", "sat"];

#[derive(Default)]
struct Report {
    failures: Vec<String>,
    skip: Option<String>,
    decided: Option<Vec<String>>,
    /// For a traced strategy that finished the case: the trace's replay failure, if any.
    trace_failure: Option<String>,
    /// Eliminations in the trace that name the constraint behind them.
    named: usize,
    /// Refutations in the trace: an unnamed elimination right after a backtrack.
    refuted: usize,
}

/// `info` on `case`, its trace kept and replayed when it is one of the [`TRACED`] strategies.
fn run(info: &Chosen, case: &Case, models: &BTreeMap<String, Arc<Model>>) -> Report {
    run_traced(info, case, models, TRACED.contains(&info.name))
}

/// [`run`], the trace kept and replayed on the cases of at most two solutions when `trace`.
fn run_traced(info: &Chosen, case: &Case, models: &BTreeMap<String, Arc<Model>>, trace: bool) -> Report {
    let puzzle = puzzle(models, case);
    if !runs(info, puzzle.model().size()) {
        return Report::default();
    }
    let max = max_solutions(info, case);
    let limits = Limits { max_nodes: Some(node_limit(info)), ..Limits::count(max, KEEP) };
    // A case of at most two solutions is searched to its end (`max` is one more), so the trace
    // of this run is the whole search: it is kept for the traced strategies and replayed.
    let traced = trace && case.expected <= 2;
    let mut sink = VecSink::default();
    let outcome = if traced {
        info.build(common::SEED).solve(&puzzle, &limits, &mut sink)
    } else {
        info.build(common::SEED).solve(&puzzle, &limits, &mut NullSink)
    };
    let mut report = Report::default();
    let mut fail = |m: String| report.failures.push(format!("{} × line {} ({}): {m}", info.name, case.line, case.spec));
    for (k, grid) in outcome.solutions.iter().enumerate() {
        if let Err(e) = check_solution(puzzle.model(), puzzle.givens(), grid) {
            fail(format!("solution {} is wrong: {e}", k + 1));
        }
    }
    let mut lines: Vec<String> = outcome.solutions.iter().map(|g| common::line(g, puzzle.symbols())).collect();
    lines.sort();
    lines.dedup();
    if lines.len() != outcome.solutions.len() {
        fail("a solution is returned twice".into());
    }
    match outcome.status {
        Status::Complete if outcome.count == case.expected => report.decided = Some(lines),
        Status::Complete => fail(format!("complete with {} solutions, expected {}", outcome.count, case.expected)),
        // Stopped at `max` short of the corpus's count: a part of the solutions, not compared
        // with the other strategies' sets.
        Status::Stopped(StopReason::SolutionLimit) if outcome.count == max && case.expected >= max => {}
        Status::Stopped(StopReason::SolutionLimit) => {
            fail(format!("stopped at {max} with {} solutions, expected {}", outcome.count, case.expected))
        }
        Status::Stopped(StopReason::NodeLimit) => {
            if outcome.count > case.expected {
                fail(format!("{} solutions before the node limit, expected {}", outcome.count, case.expected));
            }
            report.skip = Some(format!("{} × line {} ({})", info.name, case.line, case.spec));
        }
        other => fail(format!("unexpected status {other:?}")),
    }
    if traced && outcome.status == Status::Complete {
        let at = format!("{} × line {} ({})", info.name, case.line, case.spec);
        report.trace_failure = match replay(&puzzle, &sink.events) {
            Err(e) => Some(format!("{at}: {e}")),
            Ok(r) if r.count != case.expected => Some(format!("{at}: replayed to {} solutions", r.count)),
            Ok(_) => None,
        };
        report.named = sink.events.iter().filter(|e| matches!(e, TraceEvent::Eliminate { by: Some(_), .. })).count();
        report.refuted = sink
            .events
            .windows(2)
            .filter(|w| {
                matches!(w[0], TraceEvent::Backtrack { .. }) && matches!(w[1], TraceEvent::Eliminate { by: None, .. })
            })
            .count();
    }
    report
}

/// Every strategy on every case (a strategy per thread); the traces of the `TRACED` strategies
/// are those of the same runs, so counting the corpus and replaying its traces are one search
/// each and one test (nextest runs each test in a process of its own).
#[test]
fn every_strategy_counts_every_variant_case_and_traces_replay() {
    let (cases, models) = cases();
    let all = registry::all();
    let names: Vec<&str> = all.iter().map(|c| c.name).collect();
    for name in TRACED {
        assert!(names.contains(&name), "{name} is not registered");
    }
    let reports: Vec<Vec<Report>> =
        std::thread::scope(|scope| {
            let handles: Vec<_> =
                all.iter()
                    .enumerate()
                    .map(|(s, info)| {
                        let (cases, models) = (&cases, &models);
                        scope.spawn(move || {
                            let each = cases.iter().enumerate();
                            each.map(|(c, case)| {
                                if common::sampled(info, s, c) { run(info, case, models) } else { Report::default() }
                            })
                            .collect()
                        })
                    })
                    .collect();
            handles.into_iter().map(|h| h.join().expect("a strategy panicked")).collect()
        });
    let mut failures: Vec<String> = Vec::new();
    let mut skips: Vec<&str> = Vec::new();
    let mut named = 0;
    for reports in &reports {
        for r in reports {
            failures.extend(r.failures.iter().cloned());
            failures.extend(r.trace_failure.iter().map(|f| format!("trace: {f}")));
            skips.extend(r.skip.as_deref());
            named += r.named;
        }
    }
    for (c, case) in cases.iter().enumerate() {
        if case.expected > KEEP as u64 {
            continue;
        }
        let mut decided = names.iter().zip(&reports).filter_map(|(name, r)| Some((name, r[c].decided.as_ref()?)));
        if let Some((first, reference)) = decided.next() {
            for (name, set) in decided {
                if set != reference {
                    failures.push(format!("line {}: {name} and {first} return different solutions", case.line));
                }
            }
        }
    }
    let not_run: usize =
        all.iter().map(|info| cases.iter().filter(|c| !runs(info, models[&c.spec].size())).count()).sum();
    let left_out: usize = all
        .iter()
        .enumerate()
        .map(|(s, info)| {
            let left =
                |&(c, case): &(usize, &Case)| !common::sampled(info, s, c) && runs(info, models[&case.spec].size());
            cases.iter().enumerate().filter(left).count()
        })
        .sum();
    println!(
        "{} cases × {} strategies; {left_out} left out of this sample (COVERLAB_TESTS=full runs them); {not_run} not run (grids of {BIG}×{BIG} and more: propagating strategies only); {} skipped (node limit {NODE_LIMIT}, {PLAIN_NODE_LIMIT} for the seed strategies and dlx, {COPY_NODE_LIMIT} for singles-copy):",
        cases.len(),
        all.len(),
        skips.len()
    );
    for s in &skips {
        println!("  {s}");
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert!(named > 100, "only {named} eliminations in the traces named a constraint");
}

#[test]
fn two_way_branching_counts_every_case_and_replays() {
    // `fast` with `refute` (a decision is one value or not; the refuted value leaves its cell and
    // the level is decided afresh), as `auto` runs it on constraints and with MRV: each case's
    // count is the corpus's independent one, each solution passes the validator, each trace of
    // a case of at most two solutions (the counting run's own) replays to the same count.
    let (cases, models) = cases();
    let mut refuted = 0;
    for name in ["fast(wdeg: true, place_branching: false, refute: true)", "fast(refute: true)"] {
        let chosen = registry::resolve(name).expect("a valid strategy");
        for case in &cases {
            let report = run_traced(&chosen, case, &models, true);
            assert!(report.failures.is_empty(), "{}", report.failures.join("\n"));
            assert!(report.skip.is_none(), "{name} × line {}: node limit", case.line);
            assert_eq!(report.trace_failure, None, "{name}");
            refuted += report.refuted;
        }
    }
    assert!(refuted > 20, "only {refuted} refutations: the option is not live");
}
