//! Bad and extreme input: contradictory givens, steps built by hand, a board and a model of
//! different sizes, step limits, and the largest grid (64×64), empty and nearly full.

use crate::common;

use std::sync::Arc;

use coverlab_model::{Grid, Puzzle, builtin};
use coverlab_techniques::{Board, Ending, Step, Technique, explain, next_step, try_next_step};

const MAGICTOUR_1: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn nine(line: &str) -> Puzzle {
    common::puzzle("classic-9x9", line)
}

fn blank_step(technique: Technique) -> Step {
    Step {
        technique,
        placements: vec![],
        eliminations: vec![],
        units: vec![],
        cells: vec![],
        values: vec![],
        constraint: None,
        chains: vec![],
        sets: vec![],
        nesting: None,
    }
}

#[test]
fn clashing_givens_name_both_cells() {
    let puzzle = nine(&format!("1....1{}", ".".repeat(75)));
    let err = Board::new(&puzzle).unwrap_err();
    assert_eq!(err.message, "r1c1 and r1c6 both hold 1 in row 1");
    let e = explain(&puzzle, 100);
    assert_eq!(e.ending, Ending::Contradiction(err));
    assert!(e.steps.is_empty());

    // A knight's move apart, on anti-knight: the variant's own rule.
    let puzzle = common::puzzle("anti-knight-9x9", &format!("..5..........5{}", ".".repeat(67)));
    assert_eq!(Board::new(&puzzle).unwrap_err().message, "r1c3 and r2c5 both hold 5, a knight's move apart");
}

#[test]
fn a_cell_without_candidates_and_a_value_without_a_place_are_named() {
    // r1c1 sees 1-8 in its row and 9 in its column.
    let puzzle = nine(&format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62)));
    assert_eq!(Board::new(&puzzle).unwrap_err().message, "r1c1 has no candidates");
    // 4×4: r2c1 and r2c2 hold 1 and 2; r2c3 and r2c4 share box 2 with r1c3 = 4, so 4 has no
    // place in row 2 (every cell has candidates).
    let puzzle = common::puzzle("classic-4x4", "..4.12..4.......");
    assert_eq!(Board::new(&puzzle).unwrap_err().message, "4 has no place in row 2");
}

#[test]
fn a_step_limit_of_zero_takes_no_step() {
    let puzzle = nine(MAGICTOUR_1);
    let e = explain(&puzzle, 0);
    assert_eq!(e.ending, Ending::StepLimit);
    assert!(e.steps.is_empty());
    assert_eq!(e.board, Board::new(&puzzle).unwrap());
    let e = explain(&puzzle, 5);
    assert_eq!((e.ending, e.steps.len()), (Ending::StepLimit, 5));
    // A full grid is solved whatever the limit.
    let solved = common::solve(&puzzle, 1).0.remove(0);
    let full = Puzzle::new_unchecked(puzzle.model_arc().clone(), solved);
    assert_eq!(explain(&full, 0).ending, Ending::Solved);
}

#[test]
fn the_same_board_gives_the_same_step() {
    let puzzle = nine(MAGICTOUR_1);
    let board = Board::new(&puzzle).unwrap();
    let first = next_step(&board, puzzle.model()).expect("a step");
    for _ in 0..3 {
        assert_eq!(next_step(&board.clone(), puzzle.model()).as_ref(), Some(&first));
    }
    assert_eq!(explain(&puzzle, 1000), explain(&puzzle, 1000));
}

#[test]
fn steps_built_by_hand_are_refused_not_panicked_on() {
    let puzzle = nine(MAGICTOUR_1);
    let model = puzzle.model();
    let board = Board::new(&puzzle).unwrap();
    type Pairs = Vec<(usize, u8)>;
    let cases: Vec<(Pairs, Pairs, &str)> = vec![
        (vec![(81, 1)], vec![], "the step names cell 81, off the 9×9 grid"),
        (vec![(1, 0)], vec![], "the step names value 0 for r1c2, out of the range 1 to 9"),
        (vec![], vec![(1, 10)], "the step names value 10 for r1c2, out of the range 1 to 9"),
        (vec![(0, 5)], vec![], "r1c1 holds 4, the step places 5 there"),
        (vec![(1, 4)], vec![], "4 is not a candidate of r1c2"),
        (vec![], vec![(0, 4)], "r1c1 holds 4, which the step rules out"),
    ];
    for (placements, eliminations, message) in cases {
        let step = Step { placements, eliminations, ..blank_step(Technique::Constraint) };
        let mut b = board.clone();
        assert_eq!(b.apply(model, &step).unwrap_err().message, message);
        // A shapeless step is still described, plainly.
        let text = step.describe(model, puzzle.symbols());
        assert!(text.starts_with("constraint: "), "{text}");
    }
    // Emptying a cell by hand is a contradiction; so is leaving a value no place.
    let mut b = board.clone();
    let open = (0..81).find(|&c| b.value(c) == 0).unwrap();
    let all: Vec<(usize, u8)> = (1..=9).map(|v| (open, v)).collect();
    let step = Step { eliminations: all, ..blank_step(Technique::Constraint) };
    assert_eq!(b.apply(model, &step).unwrap_err().message, format!("{} has no candidates", model.cell_name(open)));
    assert_eq!(try_next_step(&b, model).unwrap_err().message, format!("{} has no candidates", model.cell_name(open)));
    assert_eq!(next_step(&b, model), None, "next_step says None on a contradictory board");
    // Steps whose indices point nowhere are described without panicking.
    let odd = Step {
        units: vec![9999, 12345],
        values: vec![0, 200],
        constraint: Some(77),
        placements: vec![(5000, 3)],
        ..blank_step(Technique::HiddenSingle)
    };
    for t in Technique::ALL {
        let text = Step { technique: t, ..odd.clone() }.describe(model, puzzle.symbols());
        assert!(text.starts_with(t.name()), "{text}");
    }
    assert_eq!(blank_step(Technique::XWing).describe(model, puzzle.symbols()), "x-wing: changes nothing");
}

#[test]
fn a_board_and_a_model_of_different_sizes() {
    let puzzle = nine(MAGICTOUR_1);
    let board = Board::new(&puzzle).unwrap();
    let small = common::model("classic-4x4");
    let message = "the board is 9×9 but the model classic-4x4 is 4×4";
    assert_eq!(try_next_step(&board, &small).unwrap_err().message, message);
    assert_eq!(next_step(&board, &small), None);
    for t in Technique::ALL {
        assert_eq!(t.find(&board, &small).unwrap_err().message, message);
    }
    let step = next_step(&board, puzzle.model()).unwrap();
    assert_eq!(board.clone().apply(&small, &step).unwrap_err().message, message);
}

#[test]
fn a_constraint_that_cannot_hold_ends_in_a_contradiction() {
    // A one-cell cage of sum 1 holding a given 2: no two givens clash, no single applies, and
    // the cage's filter finds no value.
    let ron = r#"Spec(name: "one-cage", summary: "", size: 4,
        rules: [Rows, Columns, Boxes(rows: 2, cols: 2), Cage(cells: ["r1c1"], sum: 1)])"#;
    let model = Arc::new(coverlab_model::Model::from_ron(ron, "test").unwrap());
    let puzzle = Puzzle::new_unchecked(model.clone(), common::parse_line(&model, "2..............."));
    let board = Board::new(&puzzle).expect("no two givens clash");
    let message = "cage 1 (sum 1) cannot be satisfied: r1c1 has no value left";
    assert_eq!(try_next_step(&board, &model).unwrap_err().message, message);
    assert_eq!(next_step(&board, &model), None);
    let e = explain(&puzzle, 100);
    assert_eq!(e.ending, Ending::Contradiction(coverlab_techniques::Contradiction { message: message.into() }));
    assert!(e.steps.is_empty());
}

/// The classic 64×64 solution pattern: value (8r + r/8 + c) mod 64 + 1.
fn pattern64() -> Grid {
    let n = 64;
    let values = (0..n * n).map(|i| ((i / n * 8 + i / n / 8 + i % n) % n + 1) as u8).collect();
    Grid::from_values(n, values).unwrap()
}

#[test]
fn the_largest_grid_stays_bounded() {
    let model = Arc::new(builtin::load("classic-64x64").unwrap().unwrap());
    // Empty: no technique applies (every cell and value has 64 places), and the search says so
    // once the forcing rungs have spent their budgets (about 2.5 s of CPU here).
    let empty = Puzzle::new_unchecked(model.clone(), Grid::empty(64));
    let e = explain(&empty, 10);
    assert_eq!((e.ending, e.steps.len()), (Ending::Stuck, 0));

    // A third of a full grid blanked: singles fill it back, each step checked by replaying.
    let solution = pattern64();
    assert!(coverlab_model::validate::check_solution(&model, &solution, &solution).is_ok());
    let mut givens = solution.clone();
    for cell in (0..64 * 64).filter(|c| (c * 7 + c / 64) % 3 == 0) {
        givens.set(cell, 0);
    }
    let puzzle = Puzzle::new_unchecked(model, givens);
    let e = explain(&puzzle, 10_000);
    assert_eq!(e.ending, Ending::Solved);
    assert_eq!(e.board.values(), solution.values());
    assert!(common::check_explanation(&puzzle, std::slice::from_ref(&solution), &e).is_ok());
}

#[test]
fn steps_and_endings_serialize_in_kebab_case() {
    let step = Step { values: vec![5], ..blank_step(Technique::XWing) };
    let json = serde_json::to_value(&step).unwrap();
    assert_eq!(json["technique"], "x-wing");
    assert_eq!(serde_json::to_value(Technique::LockedCandidates).unwrap(), "locked-candidates");
    assert_eq!(serde_json::to_value(coverlab_techniques::Ending::Stuck).unwrap(), "stuck");
    let puzzle = nine(MAGICTOUR_1);
    let e = explain(&puzzle, 3);
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json["ending"], "step-limit");
    assert_eq!(json["steps"].as_array().unwrap().len(), 3);
    assert_eq!(json["board"]["values"].as_array().unwrap().len(), 81);
}

#[test]
fn names_and_difficulties_follow_the_order_tried() {
    let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(
        names,
        [
            "naked single",
            "hidden single",
            "locked candidates",
            "constraint",
            "naked pair",
            "hidden pair",
            "naked triple",
            "hidden triple",
            "x-wing",
            "naked quad",
            "hidden quad",
            "swordfish",
            "jellyfish",
            "skyscraper",
            "two-string kite",
            "turbot fish",
            "empty rectangle",
            "xy-wing",
            "xyz-wing",
            "w-wing",
            "wxyz-wing",
            "remote pairs",
            "unique rectangle type 1",
            "unique rectangle type 2",
            "unique rectangle type 3",
            "unique rectangle type 4",
            "unique rectangle type 5",
            "unique rectangle type 6",
            "hidden unique rectangle",
            "bug+1",
            "finned x-wing",
            "sashimi x-wing",
            "simple colouring",
            "multi-colouring",
            "finned swordfish",
            "sashimi swordfish",
            "finned jellyfish",
            "sashimi jellyfish",
            "sue de coq",
            "x-chain",
            "xy-chain",
            "alternating inference chain",
            "grouped alternating inference chain",
            "als-xz",
            "als-xy-wing",
            "als chain",
            "death blossom",
            "aligned pair exclusion",
            "cell forcing chain",
            "unit forcing chain",
            "dynamic forcing chain",
            "forcing net",
            "nested forcing net",
        ]
    );
    assert!(Technique::ALL.windows(2).all(|w| w[0].difficulty() < w[1].difficulty()));
    assert_eq!(Technique::NakedSingle.difficulty(), 1);
    // The command line's ids: one per technique, read back by id and by name, each summarised.
    for t in Technique::ALL {
        assert_eq!(Technique::from_id(&t.id()), Some(t));
        assert_eq!(Technique::from_id(&t.name().to_uppercase()), Some(t));
        assert!(!t.id().contains(' ') && !t.summary().is_empty(), "{}", t.name());
    }
    assert_eq!(Technique::from_id("forcing-net"), Some(Technique::ForcingNet));
    assert_eq!(Technique::from_id("guess"), None);
    let off = coverlab_techniques::Options::default().without(Technique::XWing);
    assert!(!off.allows(Technique::XWing) && off.allows(Technique::Swordfish));
    assert!(!off.allows(Technique::BugPlusOne), "a uniqueness technique needs Options::unique");
    assert_eq!(off.turned_off(), vec![Technique::XWing]);
}
