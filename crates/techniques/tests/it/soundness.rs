//! The soundness property on random puzzles: on minimal puzzles made by the generator (classic
//! 9×9, random jigsaw 9×9, classic 6×6), each with the unique solution the generator proves
//! and the independent validator checks, every technique's step at boards of the explanation
//! (every third; the rare techniques at every one), with the uniqueness techniques on as the
//! puzzles are unique, places only the solution's values and never rules one out; the
//! explanation replays as the corpus's do.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;

use coverlab_engine::Limits;
use coverlab_generate::{Generator, Layout, Request, Target};
use coverlab_model::validate::check_solution;
use coverlab_model::{Grid, Puzzle};
use coverlab_techniques::{Board, Ending, Options, Technique, explain_with};

/// Whether `t` is one of the forcing rungs (the costliest searches: a forcing net on a board
/// where a simpler step exists can take tens of milliseconds).
fn forcing(t: Technique) -> bool {
    FORCING.contains(&t)
}

/// The forcing rungs.
const FORCING: [Technique; 5] = [
    Technique::CellForcingChain,
    Technique::UnitForcingChain,
    Technique::DynamicForcingChain,
    Technique::ForcingNet,
    Technique::NestedForcingNet,
];

/// Every technique tried on `board` (only the rare ones unless `all`; the forcing rungs only
/// when `forcing_too`); each step checked against `solution`, counted per technique.
fn check_board(
    puzzle: &Puzzle,
    board: &Board,
    solution: &Grid,
    (all, forcing_too): (bool, bool),
    fired: &mut BTreeMap<Technique, usize>,
) {
    let model = puzzle.model();
    let rare = |t: &Technique| matches!(t, Technique::BugPlusOne | Technique::RemotePairs);
    for t in Technique::ALL.into_iter().filter(|&t| (all || rare(&t)) && (forcing_too || !forcing(t))) {
        let Some(step) = t.find(board, model).expect("a board of a solvable puzzle has no contradiction") else {
            continue;
        };
        let said = step.describe(model, puzzle.symbols());
        for &(c, v) in &step.placements {
            assert_eq!(solution.get(c), v, "{said}: places {v} at {}", model.cell_name(c));
        }
        for &(c, v) in &step.eliminations {
            assert_ne!(solution.get(c), v, "{said}: rules out the solution's {v} at {}", model.cell_name(c));
        }
        *fired.entry(t).or_default() += 1;
    }
}

#[test]
fn no_technique_ever_rules_out_a_solution_value_on_random_puzzles() {
    let mut worker = coverlab_strategies::generation::worker();
    let mut fired: BTreeMap<Technique, usize> = BTreeMap::new();
    let layouts = [
        (Layout::Spec(common::model("classic-9x9")), common::full_or(60, 25)),
        (Layout::RandomJigsaw(9), common::full_or(15, 6)),
        (Layout::Spec(common::model("classic-6x6")), common::full_or(15, 6)),
    ];
    let mut puzzles = 0;
    for (layout, count) in layouts {
        let generator = Generator::new(Request { target: Target::Minimal, ..Request::new(layout, 32) });
        for index in 1..=count {
            let made = generator.generate(&mut worker, index, &Limits::default()).expect("a puzzle");
            check_solution(&made.model, &made.givens, &made.solution).expect("the validator accepts the solution");
            let puzzle = Puzzle::new_unchecked(Arc::clone(&made.model), made.givens.clone());
            // Explained without the forcing rungs, which are tried below where it gets stuck: an
            // explanation that needs them retries every rung at every stuck board, each with its
            // whole budget, which made this test 20 s of CPU instead of 5.
            let named = FORCING.into_iter().fold(Options { unique: true, ..Options::default() }, Options::without);
            let explanation = explain_with(&puzzle, 100_000, named);
            common::check_explanation(&puzzle, std::slice::from_ref(&made.solution), &explanation)
                .unwrap_or_else(|e| panic!("puzzle {index} of {}: {e}", made.model.name()));
            let model = puzzle.model();
            let mut board = Board::new(&puzzle).expect("consistent givens");
            check_board(&puzzle, &board, &made.solution, (true, true), &mut fired);
            // Every technique at every third board, the rare ones (BUG+1, remote pairs) at every
            // board: every technique at every board took 11 s of CPU, half of this binary's.
            // The forcing rungs at the first board and where the named techniques are stuck.
            for (k, step) in explanation.steps.iter().enumerate() {
                board.apply(model, step).expect("the step applies");
                let stuck = k + 1 == explanation.steps.len() && explanation.ending != Ending::Solved;
                check_board(&puzzle, &board, &made.solution, (k % 3 == 2 || stuck, stuck), &mut fired);
            }
            puzzles += 1;
        }
    }
    eprintln!("{puzzles} puzzles; steps found per technique: {fired:?}");
    // The property is not vacuous: every technique finds steps on these boards (all but the
    // constraints' own, as these specs have none beyond houses, and unique rectangle type 5,
    // too rare here: the next test covers it).
    let rare = [Technique::Constraint, Technique::UniqueRectangle5];
    for t in Technique::ALL.into_iter().filter(|t| !rare.contains(t)) {
        assert!(fired.get(&t).copied().unwrap_or(0) > 0, "no {} on any board", t.name());
    }
}

/// Unique rectangle type 5, on the two magictour_top1465 puzzles (lines 357 and 873) whose
/// explanation uses it, explained as `coverlab explain` does (the named techniques first, then
/// again with the uniqueness techniques and the forcing rungs): every step checked against the
/// solution the validator accepts.
#[test]
fn unique_rectangle_type_5_is_sound_where_top1465_uses_it() {
    for line in [
        "1..........4..1.9..6..8......3.7.8.......51..7..1..........3..8..5..497.4.685..1.",
        "...6....4..53.9..1....8.73..1...6...6.3..8...7..91....2..........7...58..9....6.3",
    ] {
        let puzzle = common::puzzle("classic-9x9", line);
        let (solutions, complete) = common::solve(&puzzle, 2);
        assert!(complete && solutions.len() == 1, "{line}: one solution");
        let named = FORCING.into_iter().fold(Options::default(), Options::without);
        let first = explain_with(&puzzle, 100_000, named);
        let all = Options { unique: true, ..Options::default() };
        let explanation = coverlab_techniques::explain_again(&puzzle, 100_000, all, &first, named);
        common::check_explanation(&puzzle, &solutions, &explanation).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(explanation.ending, Ending::Solved);
        assert!(explanation.steps.iter().any(|s| s.technique == Technique::UniqueRectangle5), "{line}: no type 5");
    }
}
