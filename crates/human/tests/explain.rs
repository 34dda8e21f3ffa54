//! Every step of every explanation, checked against the puzzle's solution found by a search
//! strategy and checked by the model's validator: a placement puts the solution's value, an
//! elimination never removes it. Which techniques the shipped puzzles call for, and how far the
//! techniques get on each collection.

use std::collections::BTreeMap;
use std::sync::Arc;

use coverlab_engine::{Limits, NullSink};
use coverlab_human::{Ending, Technique, explain};
use coverlab_model::{Model, Puzzle, builtin, validate};
use coverlab_strategies::registry;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The first `limit` puzzles of a shipped file (a puzzle bringing its own spec gets it).
fn puzzles(path: &str, spec: Option<&str>, limit: usize) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap();
    let forced = spec.map(|s| Arc::new(builtin::load(s).unwrap().unwrap()));
    coverlab_formats::read_str(&text, None, forced.as_deref())
        .into_iter()
        .take(limit)
        .map(|e| {
            let p = e.result.unwrap();
            let model = match (&p.spec, &forced) {
                (Some(own), _) => Arc::new(Model::compile((**own).clone()).unwrap()),
                (None, Some(m)) => m.clone(),
                (None, None) => {
                    Arc::new(builtin::load(builtin::for_cell_count(p.values.len()).unwrap()).unwrap().unwrap())
                }
            };
            Puzzle::new(model, p.grid()).unwrap().with_symbols(p.symbols.clone())
        })
        .collect()
}

/// Explains each puzzle and checks every step against its one solution; returns the endings
/// and the techniques used.
fn check(path: &str, spec: Option<&str>, limit: usize) -> (BTreeMap<&'static str, usize>, BTreeMap<Technique, usize>) {
    let mut endings = BTreeMap::new();
    let mut used = BTreeMap::new();
    for (i, puzzle) in puzzles(path, spec, limit).iter().enumerate() {
        let model = puzzle.model();
        let out = registry::default_strategy().build(0).solve(puzzle, &Limits::count(2, 2), &mut NullSink);
        assert_eq!(out.solutions.len(), 1, "{path} #{i}: a unique puzzle");
        let solution = &out.solutions[0];
        validate::check_solution(model, puzzle.givens(), solution).unwrap();
        let truth = solution.values();
        let e = explain(puzzle, 100_000);
        for (k, step) in e.steps.iter().enumerate() {
            let said = step.describe(model, puzzle.symbols());
            for &(c, v) in &step.placements {
                assert_eq!(truth[c], v, "{path} #{i} step {}: {said}", k + 1);
            }
            for &(c, v) in &step.eliminations {
                assert_ne!(truth[c], v, "{path} #{i} step {}: {said} removes the solution's value", k + 1);
            }
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{said}: does nothing");
            *used.entry(step.technique).or_insert(0) += 1;
        }
        let board = e.board.as_ref().unwrap();
        for (c, &v) in truth.iter().enumerate() {
            assert!(board.value(c) == 0 || board.value(c) == v);
        }
        let ending = match e.ending {
            Ending::Solved => "solved",
            Ending::Stuck => "stuck",
            Ending::Contradiction(c) => panic!("{path} #{i}: a contradiction on a solvable puzzle: {}", c.message),
            Ending::StepLimit => panic!("{path} #{i}: 100,000 steps"),
        };
        *endings.entry(ending).or_insert(0) += 1;
    }
    (endings, used)
}

#[test]
fn easy_puzzles_fall_to_singles() {
    let (endings, used) = check("tests/data/9x9/qqwing_simple_50.txt", None, 50);
    assert_eq!(endings.get("solved"), Some(&50));
    assert!(used.keys().all(|t| matches!(t, Technique::NakedSingle | Technique::HiddenSingle)), "{used:?}");
}

#[test]
fn every_step_on_the_shipped_puzzles_agrees_with_the_solution() {
    let mut all: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut add =
        |used: BTreeMap<Technique, usize>| used.into_iter().for_each(|(t, k)| *all.entry(t).or_insert(0) += k);
    let (endings, used) = check("tests/data/9x9/17_clue_first200.txt", None, 60);
    assert!(endings.get("solved").is_some_and(|&s| s >= 50), "{endings:?}");
    add(used);
    let (endings, used) = check("tests/data/9x9/magictour_top1465_first50.txt", None, 50);
    assert!(endings.contains_key("solved") && endings.contains_key("stuck"), "{endings:?}");
    add(used);
    let (endings, used) = check("tests/data/9x9/forum_hardest_1106_first50.txt", None, 50);
    assert!(endings.get("stuck").is_some_and(|&s| s >= 45), "the hardest need guesses: {endings:?}");
    add(used);
    add(check("tests/data/16x16/generated_minimal_30.txt", None, 10).1);
    add(check("tests/data/variants/killer_tarek_27_6_30.jsonl", None, 30).1);
    add(check("examples/puzzles/killer-9x9.txt", Some("killer-9x9-example"), 1).1);
    // X-wings and swordfish are rarer than these sets: the unit tests build boards for them.
    for t in Technique::ALL.into_iter().filter(|t| !matches!(t, Technique::XWing | Technique::Swordfish)) {
        assert!(all.get(&t).is_some_and(|&k| k > 0), "{} never used: {all:?}", t.name());
    }
}

#[test]
fn explanations_are_deterministic() {
    let p = &puzzles("tests/data/9x9/magictour_top1465_first50.txt", None, 1)[0];
    let (a, b) = (explain(p, 1000), explain(p, 1000));
    assert_eq!(a.steps, b.steps);
    assert_eq!(a.ending, b.ending);
}

#[test]
fn clashing_givens_and_limits_end_cleanly() {
    let m = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
    let clash = coverlab_model::Grid::from_values(4, [1, 1].into_iter().chain([0; 14]).collect()).unwrap();
    let e = explain(&Puzzle::new_unchecked(m.clone(), clash), 10);
    match e.ending {
        Ending::Contradiction(c) => assert!(c.message.contains("r1c1") && c.message.contains("r1c2"), "{}", c.message),
        other => panic!("{other:?}"),
    }
    let empty = coverlab_model::Grid::from_values(4, vec![0; 16]).unwrap();
    let e = explain(&Puzzle::new(m, empty).unwrap(), 0);
    assert_eq!(e.ending, Ending::StepLimit);
    // An empty 64×64 grid: nothing applies, and the search for it ends.
    let m = Arc::new(builtin::load("classic-64x64").unwrap().unwrap());
    let e = explain(&Puzzle::new(m, coverlab_model::Grid::from_values(64, vec![0; 4096]).unwrap()).unwrap(), 10);
    assert_eq!(e.ending, Ending::Stuck);
}
