//! `auto` on grids of 16×16 and more with constraints beyond houses: dom/wdeg with the late
//! hand-over when some constraint adds values up, `fast`'s default branching when all are pair
//! rules or modular lines. Each rule is checked by the search it makes: the same guesses as the
//! configuration it names, and not those of the other, on a minimal puzzle (from `families.py`'s
//! generator) of each side. And the hand-over's counting on large grids: batsat first, for at
//! most [`BATSAT_FIRST_CONFLICTS`], then CaDiCaL from the same root, the solutions found carried
//! over. And the guesses before the hand-over, scaled by the grid's cells from 16×16 to below
//! 25×25.

use crate::common;

use std::sync::Arc;

use coverlab_engine::{Limits, NullSink, Outcome, Strategy};
use coverlab_model::validate::check_solution;
use coverlab_model::{Model, Puzzle};
use coverlab_strategies::auto::{LARGE_ADDING_SAT_AFTER, SAT_FROM, auto};
use coverlab_strategies::band9::{adds_up, pairs_and_modular_only};
use coverlab_strategies::fast::{Config, Fast, SAT_AFTER_GUESSES, SAT_AFTER_SIDE, sat_after_guesses};
use coverlab_strategies::sat::{BATSAT_FIRST_CONFLICTS, BATSAT_FIRST_FROM, Sat};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/variants");

fn corpus_model(family: &str) -> Arc<Model> {
    let ron = std::fs::read_to_string(format!("{DIR}/{family}.ron")).unwrap();
    Arc::new(Model::from_ron(&ron, family).unwrap())
}

/// Counts to 2 with `strategy`; the puzzle must come out unique, its solution valid.
fn count(strategy: &mut dyn Strategy, puzzle: &Puzzle) -> Outcome {
    let out = strategy.solve(puzzle, &Limits::count(2, 2), &mut NullSink);
    assert_eq!(out.unique(), Some(true), "{}", strategy.name());
    check_solution(puzzle.model(), puzzle.givens(), &out.solutions[0]).unwrap();
    out
}

#[test]
fn the_rules_tell_sums_pairs_and_the_rest_apart() {
    for family in ["killer-16x16-a", "killer-thermo-16x16-a", "double-arrow-16x16-a", "little-killer-16x16-a"] {
        let model = corpus_model(family);
        assert!(adds_up(&model) && !pairs_and_modular_only(&model), "{family}");
    }
    for family in ["pair-16x16-a", "modular-16x16-a"] {
        let model = corpus_model(family);
        assert!(!adds_up(&model) && pairs_and_modular_only(&model), "{family}");
    }
    for family in ["thermo-16x16-a", "skyscraper-16x16-a", "whisper-16x16-a", "classic-16x16"] {
        let model = if family.starts_with("classic") { common::model(family) } else { corpus_model(family) };
        assert!(!adds_up(&model) && !pairs_and_modular_only(&model), "{family}");
    }
}

#[test]
fn large_sums_hand_over_late_and_large_pair_rules_branch_by_default() {
    let hand_over = Config { sat_after: Some((SAT_FROM, SAT_AFTER_GUESSES)), ..Config::DEFAULT };
    let wdeg = Config {
        place_branching: false,
        conflict_weights: true,
        sat_after: Some((SAT_FROM, LARGE_ADDING_SAT_AFTER)),
        ..Config::DEFAULT
    };
    let cases = [
        // (family, minimal puzzle, true when dom/wdeg is auto's choice)
        (
            "killer-16x16-a",
            "F.....C25A...7.......3..........1.....E..............A.GB.C8......G........6A.7.........7.B.E4..97...6...2....C....8...B...A.9F..8....B.......D.....3......9.C5..5...98..D.F.1........G........F...GB..F.......6C.......E7...A..31A..G.E..........B2......8.....",
            true,
        ),
        (
            "pair-16x16-a",
            "..GD.....3..5.8...6....92...B4..A.......4.D.3.FE..74C..6.18B.D....9...A..............E24...3AF..6....5B...C.....8...F...GA....D.......C2A...D84.G....4.15.2.F....1.BD.E...7...6..F4.879....1E2B.B..G..1D..6.859.....7.........2...AF....E.9.......1..25..D.4.B..",
            false,
        ),
    ];
    for (family, line, weighted) in cases {
        let model = corpus_model(family);
        let puzzle = Puzzle::new(model.clone(), common::parse_line(&model, line)).unwrap();
        let ours = count(&mut auto(), &puzzle).stats;
        let with_weights = count(&mut Fast::new("wdeg", wdeg, 0), &puzzle).stats;
        let by_default = count(&mut Fast::new("default", hand_over, 0), &puzzle).stats;
        assert_ne!(with_weights.guesses, by_default.guesses, "{family}: the puzzle does not tell them apart");
        assert_eq!(ours, if weighted { with_weights } else { by_default }, "{family}");
    }
}

/// A minimal xv-16x16-a puzzle (`families.py`'s generator, seed 5, the third) that `fast` hands
/// over after 2,000 guesses and batsat does not settle within its conflicts.
const XV_16: &str = "....5.8....E.....9...FG..A......4.G...........F.8.E.....C.B.2.A...3..E.B.5.A.........G.26F..9..82..9D.A.....C.....F......2D.E.........E.A.G.....B..........6....A....3.6..E..C.......B...8..7D.9......2.........F....65.....B....DA.......5.1..........C.G...5..";

#[test]
fn a_large_hand_over_counts_with_batsat_then_cadical() {
    let model = corpus_model("xv-16x16-a");
    assert!(model.size() >= BATSAT_FIRST_FROM);
    let puzzle = Puzzle::new(model.clone(), common::parse_line(&model, XV_16)).unwrap();
    let stats = count(&mut auto(), &puzzle).stats;
    // Handed over, and past batsat's rung: its conflicts are nodes, as CaDiCaL's are.
    assert!(stats.guesses >= sat_after_guesses(SAT_AFTER_GUESSES, model.size(), true), "{stats:?}");
    assert!(stats.nodes > stats.guesses + BATSAT_FIRST_CONFLICTS, "{stats:?}");
    // With givens taken away the puzzle has many solutions: each rung's are carried to the next
    // and none is counted twice. `sat` (CaDiCaL alone, from the puzzle) counts the same, and
    // every solution is valid and distinct.
    let mut givens = common::parse_line(&model, XV_16);
    let mut removed = 0;
    for cell in 0..model.cells() {
        if givens.get(cell) != 0 && removed < 12 {
            givens.set(cell, 0);
            removed += 1;
        }
    }
    let loose = Puzzle::new(model.clone(), givens).unwrap();
    let limits = Limits::count(40, 40);
    let ours = auto().solve(&loose, &limits, &mut NullSink);
    let theirs = Sat.solve(&loose, &limits, &mut NullSink);
    assert_eq!(ours.solutions.len(), theirs.solutions.len());
    assert!(ours.solutions.len() > 2, "{}", ours.solutions.len());
    for (i, s) in ours.solutions.iter().enumerate() {
        check_solution(&model, loose.givens(), s).unwrap();
        assert!(ours.solutions[..i].iter().all(|t| t != s), "solution {i} twice");
    }
}

#[test]
fn the_hand_over_budget_scales_with_cells_from_16x16_to_25x25() {
    // As given below 16×16 and from 25×25 up, n² / 625 of it between, never 0.
    for n in [4, 9, 12, 15, SAT_AFTER_SIDE, 36, 49, 64] {
        assert_eq!(sat_after_guesses(SAT_AFTER_GUESSES, n, true), SAT_AFTER_GUESSES, "{n}");
    }
    for n in 16..SAT_AFTER_SIDE {
        let scaled = sat_after_guesses(SAT_AFTER_GUESSES, n, true);
        let exact = SAT_AFTER_GUESSES as f64 * (n * n) as f64 / (SAT_AFTER_SIDE * SAT_AFTER_SIDE) as f64;
        assert!(scaled as f64 <= exact && exact < scaled as f64 + 1.0, "{n}: {scaled}");
        assert!(scaled < sat_after_guesses(SAT_AFTER_GUESSES, n + 1, true), "{n}");
    }
    assert_eq!(sat_after_guesses(1, 16, true), 1);
    for n in [9, 16, 20, 25] {
        assert_eq!(sat_after_guesses(SAT_AFTER_GUESSES, n, false), SAT_AFTER_GUESSES, "{n}");
    }
}

#[test]
fn auto_hands_a_16x16_search_over_after_the_scaled_guesses() {
    // xv-16x16-a has no rule that adds values up: auto runs dom/wdeg with the hand-over at every
    // size. Its search is that configuration's with the scaled budget, not the 2,000 guesses'.
    let model = corpus_model("xv-16x16-a");
    let puzzle = Puzzle::new(model.clone(), common::parse_line(&model, XV_16)).unwrap();
    let budget = sat_after_guesses(SAT_AFTER_GUESSES, model.size(), true);
    assert!(budget < SAT_AFTER_GUESSES);
    let wdeg = |guesses| Config {
        place_branching: false,
        conflict_weights: true,
        sat_after: Some((1, guesses)),
        ..Config::DEFAULT
    };
    let ours = count(&mut auto(), &puzzle).stats;
    let scaled = count(&mut Fast::new("scaled", wdeg(budget), 0), &puzzle).stats;
    let unscaled = count(&mut Fast::new("unscaled", wdeg(SAT_AFTER_GUESSES), 0), &puzzle).stats;
    assert_eq!(ours, scaled);
    assert_ne!(ours.guesses, unscaled.guesses);
    assert!(budget <= ours.guesses && ours.guesses < unscaled.guesses, "{ours:?} {unscaled:?}");
}
