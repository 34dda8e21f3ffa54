//! Snapshot-testing a research variant that lives outside `strategies/`: `mrv-degree`, the MRV
//! with a degree tie-break of `examples/variant_strategy.rs` (the README's "Snapshot-testing a
//! research variant" walks through it).
//!
//! - its traces on a few small puzzles are pinned as insta snapshots in `snapshots/variant/`
//!   (`mrv-degree__<case>.snap`, with spec, strategy and seed in the metadata), in the format
//!   of the strategies' own snapshots: header, text trace, outcome summary;
//! - every trace is replayed by the checker (`coverlab_engine::replay`) and every solution is
//!   validated by `check_solution`, both inside `coverlab_strategies::snapshot`;
//! - its counts agree with its parent, the registered `mrv`, on the same puzzles, and with the
//!   independent counts of the conformance corpus;
//! - registered at run time, it is a strategy `--strategy`, `bench` and `compare` know.

#[allow(dead_code, reason = "the example's `main` and helpers are not all used here")]
#[path = "../../examples/variant_strategy.rs"]
mod variant;

#[allow(dead_code, reason = "the example's `main` is not used here")]
#[path = "../../examples/fast_brancher.rs"]
mod fast_brancher;

use std::collections::BTreeMap;
use std::path::Path;

use coverlab_engine::{Limits, NullSink, Status, Strategy};
use coverlab_model::Puzzle;
use coverlab_strategies::registry;
use coverlab_strategies::snapshot::Snapshot;

/// The variant takes no seed; recorded as 0 like the strategies' snapshots.
const SEED: u64 = 0;

/// (case, spec, puzzle, max solutions counted): small enough for full traces.
const CASES: &[(&str, &str, &str, u64)] = &[
    ("4x4-unique", "classic-4x4", ".342.....43.....", 2),
    ("4x4-several", "classic-4x4", "...2.....43.....", 10),
    ("4x4-unsolvable", "classic-4x4", "..4.12..4.......", 2),
    ("6x6-unique", "classic-6x6", "1...6......45...322.........1...3.5.", 2),
    ("jigsaw", "jigsaw-9x9", ".2614598.5..6..31.....9...6.........1.3..642...24.1.65..1827...8453.9.72..7..4...", 2),
];

#[test]
fn mrv_degree_snapshots_replay_and_agree_with_mrv() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots/variant"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    let mut strategy = coverlab_strategies::plain::Plain(variant::MrvDegree);
    for &(case, spec, line, max) in CASES {
        let puzzle = Puzzle::builtin(spec, line).unwrap();
        let limits = Limits::count(max, max as usize);
        // Replays the trace with the checker and validates the solutions, or panics.
        let taken = Snapshot::new(limits.clone()).take(&mut strategy, &puzzle);
        let mrv = registry::find("mrv").unwrap().build(SEED).solve(&puzzle, &limits, &mut NullSink);
        let outcome = taken.outcome;
        assert_eq!((outcome.status, outcome.count), (mrv.status, mrv.count), "{case}: mrv counts otherwise");
        assert_eq!(outcome.status, Status::Complete, "{case}");

        let info = BTreeMap::from([
            ("case", case.to_string()),
            ("seed", SEED.to_string()),
            ("spec", spec.to_string()),
            ("strategy", strategy.name().to_string()),
        ]);
        settings.set_info(&info);
        settings.set_description(format!("{} on {case} ({spec}), seed {SEED}", strategy.name()));
        settings.bind(|| insta::assert_snapshot!(format!("{}__{case}", strategy.name()), taken.text));
    }
}

/// The shared conformance corpus (expected counts from an independent counter), here only its
/// 4×4 and 6×6 cases: this test crate is not optimised, and the variant is as slow as `dfs`.
#[test]
fn mrv_degree_counts_the_small_corpus_cases() {
    let corpus = include_str!("../../strategies/tests/corpus/conformance.txt");
    let mut checked = 0;
    for text in corpus.lines().filter(|l| l.starts_with("classic-4x4") || l.starts_with("classic-6x6")) {
        let (spec, rest) = text.split_once(':').unwrap();
        let (line, expected) = rest.rsplit_once(':').unwrap();
        let (spec, line, expected) = (spec.trim(), line.trim(), expected.trim().parse::<u64>().unwrap());
        let model = std::sync::Arc::new(coverlab_model::builtin::load(spec).unwrap().unwrap());
        let values = line.chars().map(|c| model.symbols().value_of(c).unwrap_or(0)).collect();
        let givens = coverlab_model::Grid::from_values(model.size(), values).unwrap();
        // Contradictory cases are in the corpus too: build them unchecked.
        let puzzle = coverlab_model::Puzzle::new_unchecked(model, givens);
        let limits = Limits::count(expected + 1, 0);
        let outcome = coverlab_strategies::plain::Plain(variant::MrvDegree).solve(&puzzle, &limits, &mut NullSink);
        assert_eq!((outcome.status, outcome.count), (Status::Complete, expected), "{text}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} small cases");
}

#[test]
fn a_registered_variant_is_a_strategy_of_the_command() {
    coverlab_strategies::registry::register(&variant::MRV_DEGREE).unwrap();
    let chosen = registry::resolve("mrv-degree").expect("known once registered");
    assert_eq!(chosen.label(0), "mrv-degree");
    assert!(registry::register(&variant::MRV_DEGREE).is_err(), "a name is registered once");
    assert!(registry::names().contains(&"mrv-degree"));
}

/// `fast` and `singles` with the brancher of `examples/fast_brancher.rs`: the conformance
/// corpus's 9×9 and smaller cases counted as the independent counter says, every trace replayed
/// by the checker, and the brancher's cells are where the decisions go (each says so).
#[test]
fn a_brancher_steers_fast_and_singles_and_they_still_count_right() {
    use coverlab_engine::{TraceEvent, VecSink};
    use coverlab_strategies::fast::{Config, Fast};
    use coverlab_strategies::singles::Singles;
    let corpus = include_str!("../../strategies/tests/corpus/conformance.txt");
    let brancher = fast_brancher::FewestThenDegree;
    let mut strategies: Vec<Box<dyn Strategy>> = vec![
        Box::new(Fast::new("fast-degree", Config::DEFAULT, 0).with_brancher(brancher)),
        Box::new(
            Fast::new("fast-degree-refute", Config { refute: true, ..Config::DEFAULT }, 0).with_brancher(brancher),
        ),
        Box::new(Singles::naked().with_brancher(brancher)),
    ];
    let (mut checked, mut decisions) = (0, 0);
    for text in
        corpus.lines().filter(|l| ["classic-4x4", "classic-6x6", "classic-9x9"].iter().any(|s| l.starts_with(s)))
    {
        let (spec, rest) = text.split_once(':').unwrap();
        let (line, expected) = rest.rsplit_once(':').unwrap();
        let expected: u64 = expected.trim().parse().unwrap();
        let model = std::sync::Arc::new(coverlab_model::builtin::load(spec.trim()).unwrap().unwrap());
        // Contradictory cases are in the corpus too: read unchecked.
        let puzzle = Puzzle::from_line_unchecked(model, line).unwrap();
        for strategy in &mut strategies {
            let mut sink = VecSink { choices: true, ..VecSink::new() };
            let outcome = strategy.solve(&puzzle, &Limits::count(expected.min(50) + 1, 0), &mut sink);
            let at = format!("{} on {text}", strategy.name());
            assert_eq!(outcome.count, expected.min(51), "{at}");
            let replayed =
                coverlab_engine::replay::replay(&puzzle, &sink.events).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(replayed.final_count, Some(outcome.count), "{at}");
            for e in &sink.events {
                if let TraceEvent::Guess { k: 1, why, .. } = e {
                    let why = why.as_ref().unwrap_or_else(|| panic!("{at}: a decision without its choice"));
                    assert_eq!(why.rule, "fewest-then-degree", "{at}");
                    assert!(why.next.iter().all(|(_, key)| *key >= why.key), "{at}: a better cell passed over: {why}");
                    decisions += 1;
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 40 && decisions >= 100, "{checked} cases, {decisions} decisions");
}
