//! Every explanation of a broad corpus checked against independent solutions.
//!
//! The corpus: the first 50 puzzles of each 9×9 file of `tests/data/9x9`, the first 10 of
//! `gecode_janko_55` and all 30 of `generated_minimal_30` (16×16), two 25×25 puzzles, every
//! case of the strategies' conformance corpus (classic 4×4 to 16×16, x-sudoku, windoku, jigsaw,
//! anti-knight, anti-king, …) and of the variant corpus (killers, thermometers, arrows, dots,
//! lines, little killers, sandwiches, …: unique, several and no solutions), the killers of
//! `tests/data/variants` and `examples/puzzles/killer-9x9.txt`. Each puzzle is solved by the
//! default strategy (every solution checked by the independent validator; a corpus case with
//! several solutions keeps up to 50, and the killers' solutions are compared with the ones
//! their collections ship), then explained; every step is replayed and checked against every
//! solution kept (a placement is each solution's value, no elimination removes one, the board
//! never loses a solution's value), and an explanation must be the same twice. A puzzle with no solution must never end solved.
//!
//! On classic puzzles the explanation is also checked against `coverlab rate`'s propagation
//! levels, an independent implementation of the same deductions inside the `fast` strategy:
//! naked singles alone solve a puzzle exactly when `rate` says `easy`, singles exactly when it
//! says at most `medium`, singles and locked candidates exactly when it says at most `hard`.
//!
//! The run is shared by the tests of this file (computed once, on two threads). Without
//! `COVERLAB_TESTS=full` (`.ci/run` sets it) it explains a fixed part of the corpus: fewer puzzles
//! of each data file, no classic 25×25, and every third case of the conformance corpus (the
//! variant corpus whole), about half the work; the counts below that depend on the whole corpus are checked in the
//! full run only.

use crate::common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use coverlab_engine::Limits;
use coverlab_generate::rate::{Level, Rater};
use coverlab_model::{Grid, Model, Puzzle};
use coverlab_techniques::{Ending, Options, Technique, explain_with};

/// Solutions kept per puzzle (all of them when fewer).
const KEEP: u64 = 50;

struct Job {
    source: String,
    puzzle: Puzzle,
    /// The count the corpus states.
    expected: u64,
    /// Solutions to look for: 1 for the unique puzzles of the data files (a second search
    /// proving a 25×25 unique takes seconds), one more than the count (at most [`KEEP`]) for
    /// the conformance corpora.
    max: u64,
    /// The solution the corpus ships, if it does.
    known: Option<Grid>,
}

#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    stuck: usize,
    contradiction: usize,
    techniques: BTreeMap<Technique, usize>,
}

struct Outcome {
    ending: Ending,
    counts: BTreeMap<Technique, usize>,
    failures: Vec<String>,
}

#[derive(Default)]
struct Report {
    by_source: BTreeMap<String, Tally>,
    /// Per source, per puzzle: the ending and the techniques used.
    endings: BTreeMap<String, Vec<(Ending, Vec<Technique>)>>,
    failures: Vec<String>,
}

fn jobs() -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut add = |source: &str, puzzles: Vec<Puzzle>, expected: u64, known: Vec<Grid>| {
        let max = if source.starts_with("strategies/") { (expected + 1).min(KEEP) } else { 1 };
        for (i, puzzle) in puzzles.into_iter().enumerate() {
            jobs.push(Job { source: source.into(), puzzle, expected, max, known: known.get(i).cloned() });
        }
    };
    let full = common::full();
    for (dir, file, limit) in [
        ("9x9", "qqwing_simple_50.txt", 50),
        ("9x9", "17_clue_first200.txt", 50),
        ("9x9", "magictour_top1465_first50.txt", common::full_or(50, 15)),
        // Each of these needs the forcing rungs: with the determinism check's second
        // explanation, the solve and the rating, about 0.6 s of CPU apiece here, so 4 keep this
        // binary's time in hand. `benches/explain.py` explains the whole sets.
        ("9x9", "forum_hardest_1106_first50.txt", common::full_or(4, 2)),
        ("16x16", "gecode_janko_55.txt", 10),
        // 10 of the 30: each is stuck after the chain searches, about 0.2 s of CPU apiece,
        // which made the 30 most of this binary's time.
        ("16x16", "generated_minimal_30.txt", common::full_or(10, 3)),
        // About a quarter of the sample's CPU for one puzzle: the full run only (the variant
        // corpus's 25×25 cases are in the sample).
        ("25x25", "gecode_frisch_18.txt", common::full_or(2, 0)),
    ] {
        let path = format!("tests/data/{dir}/{file}");
        add(&path, common::puzzles_of(&common::read(&path), None, limit), 1, vec![]);
    }
    let solutions = |path: &str| -> Vec<Grid> {
        let model = common::model("classic-9x9");
        let text = common::read(path);
        text.lines().map(str::trim).filter(|l| !l.is_empty()).map(|l| common::parse_line(&model, l)).collect()
    };
    for (file, known) in [
        ("tests/data/variants/killer_tarek_27_6_30.jsonl", "tests/data/variants/killer_tarek_27_6_30.solutions.txt"),
        ("tests/data/variants/killer_extreme_4.txt", "tests/data/variants/killer_extreme_4.solutions.txt"),
    ] {
        add(file, common::puzzles_of(&common::read(file), None, usize::MAX), 1, solutions(known));
    }
    let example = "examples/puzzles/killer-9x9.txt";
    let killer = common::model("killer-9x9-example");
    add(example, common::puzzles_of(&common::read(example), Some(killer), usize::MAX), 1, vec![]);
    // The conformance corpora: `spec : puzzle : count` per line.
    for (corpus, spec_dir) in [
        ("strategies/tests/corpus/conformance.txt", None),
        ("strategies/tests/corpus/variants/variants.txt", Some("strategies/tests/corpus/variants")),
    ] {
        let mut models: BTreeMap<String, Arc<Model>> = BTreeMap::new();
        let lines = common::read(corpus);
        let cases = lines.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
        let stride = if full || spec_dir.is_some() { 1 } else { 3 };
        for line in cases.step_by(stride) {
            let (spec, rest) = line.split_once(':').expect("spec : puzzle : count");
            let (grid, count) = rest.rsplit_once(':').expect("spec : puzzle : count");
            let spec = spec.trim();
            let model = models
                .entry(spec.to_string())
                .or_insert_with(|| match spec_dir {
                    Some(dir) => common::model_file(&format!("{dir}/{spec}")),
                    None => common::model(spec),
                })
                .clone();
            let givens = common::parse_line(&model, grid.trim());
            let source = format!("{corpus} {}", spec.trim_end_matches(".ron"));
            let count: u64 = count.trim().parse().expect("a count");
            add(&source, vec![Puzzle::new_unchecked(model, givens)], count, vec![]);
        }
    }
    jobs
}

/// The forcing rungs are used on the unique puzzles of 9×9 and smaller specs without
/// constraints beyond houses (all of them end solved). Elsewhere they would spend this binary's
/// time: killers (the propagation does not read cages, so they stay stuck, at 2 s each), puzzles
/// with several solutions (stuck at the budget), 25×25 (the same), 16×16 (solved, at 1.5 s each:
/// `crates/techniques/benches/explain.py` measures them).
fn options(job: &Job) -> Options {
    let model = job.puzzle.model();
    if model.constraints().is_empty() && job.expected == 1 && model.size() <= 9 {
        return Options::default();
    }
    [
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::ForcingNet,
        Technique::NestedForcingNet,
    ]
    .into_iter()
    .fold(Options::default(), Options::without)
}

/// `again`: explain a second time and compare (determinism), on every fourth job: it doubles a
/// job's cost, and one non-deterministic finder would show on many puzzles.
fn run(job: &Job, rater: &mut Rater, again: bool) -> Outcome {
    let mut failures = Vec::new();
    let mut fail = |m: String| failures.push(format!("{} ({}): {m}", job.source, job.puzzle.model().name()));
    let (solutions, complete) = common::solve(&job.puzzle, job.max);
    if (job.expected > 0 && solutions.is_empty()) || (complete && solutions.len() as u64 != job.expected.min(KEEP)) {
        fail(format!("the strategy found {} solutions, the corpus says {}", solutions.len(), job.expected));
    }
    if job.known.is_some() && solutions.first() != job.known.as_ref() {
        fail("the strategy's solution is not the one the corpus ships".into());
    }
    let options = options(job);
    let explanation = explain_with(&job.puzzle, 100_000, options);
    if let Err(e) = common::check_explanation(&job.puzzle, &solutions, &explanation) {
        fail(e);
    }
    if again && explain_with(&job.puzzle, 100_000, options) != explanation {
        fail("two explanations of the same puzzle differ".into());
    }
    let mut counts: BTreeMap<Technique, usize> = BTreeMap::new();
    for step in &explanation.steps {
        *counts.entry(step.technique).or_default() += 1;
    }
    if job.puzzle.model().name().starts_with("classic-") && solutions.len() == 1 {
        let solved = explanation.ending == Ending::Solved;
        let within = |allowed: &[Technique]| solved && counts.keys().all(|t| allowed.contains(t));
        for (level, allowed) in [
            (Level::Easy, &[Technique::NakedSingle][..]),
            (Level::Medium, &[Technique::NakedSingle, Technique::HiddenSingle][..]),
            (Level::Hard, &[Technique::NakedSingle, Technique::HiddenSingle, Technique::LockedCandidates][..]),
        ] {
            let rate = rater.solves_at(&job.puzzle, level, &Limits::default());
            if rate != Some(within(allowed)) {
                let used: Vec<&str> = counts.keys().map(|t| t.name()).collect();
                fail(format!(
                    "rate says {rate:?} at {}; explain used {used:?}, {:?}",
                    level.name(),
                    explanation.ending
                ));
            }
        }
    }
    Outcome { ending: explanation.ending, counts, failures }
}

fn report() -> &'static Report {
    static REPORT: OnceLock<Report> = OnceLock::new();
    REPORT.get_or_init(|| {
        let jobs = jobs();
        let next = AtomicUsize::new(0);
        let results = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    let mut rater = coverlab_strategies::generation::rater();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        let start = std::time::Instant::now();
                        let outcome = run(job, &mut rater, i.is_multiple_of(4));
                        results.lock().expect("no worker panicked").push((i, outcome, start.elapsed()));
                    }
                });
            }
        });
        let mut report = Report::default();
        let mut results = results.into_inner().expect("no worker panicked");
        // The slowest jobs, for `cargo test -p coverlab-techniques corpus -- --nocapture`.
        results.sort_by_key(|(_, _, took)| std::cmp::Reverse(*took));
        for (i, _, took) in results.iter().take(12) {
            println!("{:>6} ms  {} ({})", took.as_millis(), jobs[*i].source, jobs[*i].puzzle.model().name());
        }
        results.sort_by_key(|(i, _, _)| *i);
        for (i, outcome, _) in results {
            let source = jobs[i].source.clone();
            let tally = report.by_source.entry(source.clone()).or_default();
            tally.puzzles += 1;
            match outcome.ending {
                Ending::Solved => tally.solved += 1,
                Ending::Stuck => tally.stuck += 1,
                Ending::Contradiction(_) => tally.contradiction += 1,
                Ending::StepLimit => {}
            }
            for (&t, &k) in &outcome.counts {
                *tally.techniques.entry(t).or_default() += k;
            }
            let used = outcome.counts.keys().copied().collect();
            report.endings.entry(source).or_default().push((outcome.ending, used));
            report.failures.extend(outcome.failures);
        }
        report
    })
}

fn totals(report: &Report) -> BTreeMap<Technique, usize> {
    let mut all: BTreeMap<Technique, usize> = BTreeMap::new();
    for tally in report.by_source.values() {
        for (&t, &k) in &tally.techniques {
            *all.entry(t).or_default() += k;
        }
    }
    all
}

#[test]
fn explanations_are_sound_on_the_whole_corpus() {
    let report = report();
    eprintln!("{:<64} {:>7} {:>6} {:>5} {:>6}", "source", "puzzles", "solved", "stuck", "contra");
    for (source, t) in &report.by_source {
        eprintln!("{source:<64} {:>7} {:>6} {:>5} {:>6}", t.puzzles, t.solved, t.stuck, t.contradiction);
    }
    for (t, k) in totals(report) {
        eprintln!("{:<20} {k}", t.name());
    }
    let puzzles: usize = report.by_source.values().map(|t| t.puzzles).sum();
    let least = common::full_or(450, 300);
    assert!(puzzles >= least, "only {puzzles} puzzles");
    assert!(report.failures.is_empty(), "{} failures:\n{}", report.failures.len(), report.failures.join("\n"));
}

/// Techniques the shipped data never needs: each has a crafted board in `tests/techniques.rs`.
/// Aligned pair exclusion, the last named technique, is no longer reached since the grouped
/// chains come before it (the soundness test sees it fire on random boards).
/// The nested forcing net too: the corpus's classic puzzles end solved before it, and the others
/// are explained without the forcing rungs (its test is a TAREK killer's board).
const CRAFTED_ONLY: &[Technique] = &[
    Technique::Jellyfish,
    Technique::RemotePairs,
    Technique::SashimiJellyfish,
    Technique::AlignedPairExclusion,
    Technique::NestedForcingNet,
];

#[test]
fn every_technique_appears() {
    if !common::full() {
        eprintln!("checked with COVERLAB_TESTS=full only: the sample does not reach every technique");
        return;
    }
    let all = totals(report());
    for t in Technique::ALL {
        let seen = all.get(&t).copied().unwrap_or(0);
        if t.needs_unique() {
            // The corpus is explained without Options::unique (it has puzzles with several
            // solutions): the uniqueness techniques are checked in `soundness.rs`.
            assert_eq!(seen, 0, "{} used without the caller saying the puzzle is unique", t.name());
        } else if CRAFTED_ONLY.contains(&t) {
            // Some of them appear after a forcing step; each has its crafted board anyway.
        } else {
            assert!(seen > 0, "no {} in the whole corpus", t.name());
        }
    }
}

#[test]
fn simple_puzzles_need_naked_singles_only() {
    let endings = &report().endings["tests/data/9x9/qqwing_simple_50.txt"];
    assert_eq!(endings.len(), 50);
    for (i, (ending, used)) in endings.iter().enumerate() {
        assert_eq!(*ending, Ending::Solved, "puzzle {}", i + 1);
        assert_eq!(used, &[Technique::NakedSingle], "puzzle {}", i + 1);
    }
}

#[test]
fn hard_puzzles_are_all_solved_and_unique_ones_never_contradict() {
    let report = report();
    // No guess, ever: every unique classic puzzle of the data files ends solved.
    for file in ["forum_hardest_1106_first50", "magictour_top1465_first50", "17_clue_first200", "qqwing_simple_50"] {
        let t = &report.by_source[&format!("tests/data/9x9/{file}.txt")];
        assert!(t.puzzles >= 2 && t.solved == t.puzzles, "{file}: {} of {} solved", t.solved, t.puzzles);
    }
    for (source, t) in &report.by_source {
        if !source.contains("corpus") {
            assert_eq!(t.contradiction, 0, "{source}: a unique puzzle ended in a contradiction");
        }
    }
}

#[test]
fn unsolvable_cases_are_often_refuted() {
    let report = report();
    let refuted: usize = report.by_source.values().map(|t| t.contradiction).sum();
    let least = common::full_or(10, 3);
    assert!(refuted >= least, "only {refuted} unsolvable cases ended in a contradiction");
}

#[test]
fn killers_use_their_cages() {
    let report = report();
    for source in ["tests/data/variants/killer_tarek_27_6_30.jsonl", "examples/puzzles/killer-9x9.txt"] {
        let t = &report.by_source[source];
        assert!(t.techniques.get(&Technique::Constraint).copied().unwrap_or(0) > 0, "{source}: no constraint step");
    }
}
