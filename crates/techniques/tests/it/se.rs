//! `rate --scale se`: the Sudoku Explainer ratings against serate's, stored beside the puzzles
//! in `tests/data/se/serate.txt` (its header says which serate, which options, when), and every
//! step of the rating checked against the puzzle's solution.

use coverlab_techniques::se::{BANDS, Hint, SeRating, band, rate, rate_with, rate_within};

use crate::common;

/// The lines of `serate.txt` (1-based, counting only puzzle lines) where our ER, EP or ED is not
/// serate's, with the reason where it is known. The test fails when another line disagrees, and
/// when one of these starts to agree (remove it here: the count is the measure).
const KNOWN_DISAGREEMENTS: &[(usize, &str)] = &[];

fn samples() -> Vec<(String, [u32; 3])> {
    let text = common::read("crates/techniques/tests/data/se/serate.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (puzzle, rating) = l.split_once(' ').expect("puzzle and rating");
            let tenths: Vec<u32> =
                rating.split('/').map(|x| (x.parse::<f64>().expect("a rating") * 10.0).round() as u32).collect();
            (puzzle.to_string(), [tenths[0], tenths[1], tenths[2]])
        })
        .collect()
}

fn givens(puzzle: &str) -> Vec<u8> {
    puzzle.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect()
}

#[test]
fn ratings_equal_serates_except_the_known_disagreements() {
    let samples = samples();
    assert_eq!(samples.len(), 173, "the stored sample");
    let mut unexpected = Vec::new();
    let mut now_agree = Vec::new();
    for (i, (puzzle, theirs)) in samples.iter().enumerate() {
        let line = i + 1;
        let r = rate(&givens(puzzle)).unwrap_or_else(|e| panic!("{puzzle}: {e:?}"));
        let ours = [r.er, r.ep, r.ed];
        let known = KNOWN_DISAGREEMENTS.iter().any(|&(l, _)| l == line);
        let show = |t: [u32; 3]| t.map(SeRating::show).join("/");
        if ours != *theirs && !known {
            unexpected.push(format!("line {line}: {puzzle}: serate {}, ours {}", show(*theirs), show(ours)));
        }
        if ours == *theirs && known {
            now_agree.push(line);
        }
    }
    assert!(unexpected.is_empty(), "new disagreements:\n{}", unexpected.join("\n"));
    assert!(now_agree.is_empty(), "these now agree, remove them from KNOWN_DISAGREEMENTS: {now_agree:?}");
}

/// serate's hardest step on the BUG lines of `serate.txt` (lines 153..=165, counting puzzle
/// lines): ours must be the same technique, type included.
const BUG_HARDEST: [&str; 13] = [
    "BUG type 1",
    "BUG type 2",
    "BUG type 1",
    "BUG type 1",
    "BUG type 2",
    "BUG type 1",
    "BUG type 2",
    "BUG type 2",
    "BUG type 2",
    "BUG type 4",
    "BUG type 3",
    "BUG type 3",
    "BUG type 4",
];

#[test]
fn bug_steps_are_the_hardest_as_for_serate() {
    let samples = samples();
    for ((puzzle, theirs), name) in samples[152..].iter().zip(BUG_HARDEST) {
        let r = rate(&givens(puzzle)).expect("rated");
        assert_eq!((r.hardest, r.er), (name, theirs[0]), "{puzzle}");
    }
}

/// The unique rectangle type 3 lines of `serate.txt` (166..=173): serate's hardest step is a
/// "Unique Rectangle type 3" (4.5 or 4.6); without type 3 ours rated them 5.0 to 8.4.
#[test]
fn unique_rectangles_of_type_3_are_the_hardest_as_for_serate() {
    let samples = samples();
    assert_eq!(samples[165..].len(), 8);
    for (puzzle, theirs) in &samples[165..] {
        let r = rate(&givens(puzzle)).expect("rated");
        assert_eq!((r.hardest, r.er), ("Unique Rectangle type 3", theirs[0]), "{puzzle}");
    }
}

#[test]
fn every_step_holds_in_the_solution() {
    for (puzzle, _) in samples().iter().step_by(3) {
        rate_checking_steps(puzzle);
    }
}

/// `puzzle` rated, every step of the rating checked against its one solution (found by a search,
/// not by the rater): no step removes a solution value or places another.
fn rate_checking_steps(puzzle: &str) -> SeRating {
    let model = common::model("classic-9x9");
    let parsed = coverlab_model::Puzzle::new_unchecked(model.clone(), common::parse_line(&model, puzzle));
    let (solutions, complete) = common::solve(&parsed, 2);
    assert!(complete && solutions.len() == 1, "{puzzle}: one solution");
    let solution = solutions[0].values();
    let mut steps: Vec<Hint> = Vec::new();
    let rating = rate_with(&givens(puzzle), |h| steps.push(h.clone())).expect("rated");
    for h in &steps {
        for &(cell, v) in &h.remove {
            assert_ne!(solution[cell], v, "{puzzle}: {} removes the solution's {v} from cell {cell}", h.name);
        }
        if let Some((cell, v)) = h.place {
            assert_eq!(solution[cell], v, "{puzzle}: {} places {v} in cell {cell}", h.name);
        }
    }
    rating
}

#[test]
fn bad_shapes_are_refused() {
    assert!(rate(&[0; 80]).is_err());
    assert!(rate(&[10; 81]).is_err());
}

#[test]
fn bands_cover_the_scale_at_ses_edges() {
    let name = |er| BANDS[band(er)].0;
    // SE's generator: easy 1.0–1.2, medium 1.3–1.6, hard 1.7–2.5, fiendish 2.6–6.0,
    // diabolical 6.1–11.0 (and above, here).
    for (er, want) in [
        (10, "easy"),
        (12, "easy"),
        (13, "medium"),
        (16, "medium"),
        (17, "hard"),
        (25, "hard"),
        (26, "fiendish"),
        (60, "fiendish"),
        (61, "diabolical"),
        (110, "diabolical"),
        (SeRating::BEYOND, "diabolical"),
    ] {
        assert_eq!(name(er), want, "ER {}", SeRating::show(er));
    }
}

/// The lines of `serate_hardest.txt`: puzzle, serate's ER/EP/ED in tenths, its hardest step.
fn hardest_samples() -> Vec<(String, [u32; 3], String)> {
    let text = common::read("crates/techniques/tests/data/se/serate_hardest.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut fields = l.splitn(4, ' ');
            let puzzle = fields.next().expect("a puzzle").to_string();
            let tenths: Vec<u32> = fields
                .next()
                .expect("a rating")
                .split('/')
                .map(|x| (x.parse::<f64>().expect("a rating") * 10.0).round() as u32)
                .collect();
            let _time = fields.next();
            let name = fields.next().expect("serate's hardest step").to_string();
            (puzzle, [tenths[0], tenths[1], tenths[2]], name)
        })
        .collect()
}

/// A forum_hardest puzzle rated as serate rates it (ER/EP/ED and the hardest step's name),
/// every step of it holding in the solution.
fn rates_as_serate(puzzle: &str, theirs: [u32; 3], name: &str) {
    let r = rate_checking_steps(puzzle);
    assert_eq!(([r.er, r.ep, r.ed], r.hardest), (theirs, name), "{puzzle}");
}

/// The nested forcing chains (9.5: forcing chains inside each implication): the first line of
/// `serate_hardest.txt`, the cheapest to rate (about 0.3 s).
#[test]
fn nested_forcing_chains_rate_a_forum_hardest_puzzle_as_serate() {
    let samples = hardest_samples();
    let (puzzle, theirs, name) = &samples[0];
    assert_eq!(name, "Dynamic Region Forcing Chains (+ Forcing Chains)");
    rates_as_serate(puzzle, *theirs, name);
}

/// Lines of `serate_hardest.txt` (1-based, puzzle lines) where our first step as hard as ER is
/// not serate's, though ER, EP and ED are: lines 5 and 6 reach 11.0 first with a nested
/// forcing chain (9.5 + 1.5, a contradiction) where serate's first 11.0 is a nested multiple
/// forcing chain (10.0 + 1.0), so the two take different steps somewhere before (not yet
/// found: a nested chain's complexity counted differently is the likely cause).
const HARDEST_NAME_DIFFERS: &[usize] = &[5, 6];

/// Every line of `serate_hardest.txt` (up to 10 s each): `cargo test -p coverlab-techniques
/// --test it se::every_stored_forum_hardest -- --ignored`.
#[test]
#[ignore = "slow: a few seconds a puzzle"]
fn every_stored_forum_hardest_rating_is_serates() {
    for (i, (puzzle, theirs, name)) in hardest_samples().into_iter().enumerate() {
        let r = rate(&givens(&puzzle)).expect("rated");
        if HARDEST_NAME_DIFFERS.contains(&(i + 1)) {
            assert_ne!(r.hardest, name, "line {}: now the same step, remove it from HARDEST_NAME_DIFFERS", i + 1);
            assert_eq!([r.er, r.ep, r.ed], theirs, "{puzzle}");
        } else {
            rates_as_serate(&puzzle, theirs, &name);
        }
    }
}

/// Line 11 of forum_hardest_1106 (../shared/data/9x9), which levels up to 3 cannot rate: SE's
/// level 4 (dynamic forcing chains nested in each implication of a dynamic forcing chain, 10.5
/// and up) rates it within its budget, every step holding in the solution. serate's own rating
/// of it is not stored (it takes serate far longer than the 13 minutes of the slowest stored
/// one), so only the level is checked: its first step already needs level 4. About 16 s.
#[test]
#[ignore = "slow: about 16 s"]
fn nested_dynamic_forcing_chains_rate_a_puzzle_levels_up_to_3_cannot() {
    let puzzle = "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4";
    let r = rate_checking_steps(puzzle);
    assert!(r.er >= 105 && r.er < SeRating::BEYOND, "{puzzle}: ER {}", SeRating::show(r.er));
    assert!(r.ed >= 105, "{puzzle}: the first step needs level 4, ED {}", SeRating::show(r.ed));
    assert!(r.hardest.ends_with("(+ Dynamic Forcing Chains)"), "{puzzle}: {}", r.hardest);
}

/// The budget of level 4 as a parameter ([`rate_within`]): line 11 of forum_hardest_1106, which
/// needs level 4 from its first steps on and far more nested searches than 5, is past a budget
/// of 0 or 5 (ER 20.0, "Beyond budget"), after the same steps, the same on every machine (a
/// count of searches, no clock); levels up to 3 still run first (about 1 s).
#[test]
fn past_its_budget_level_4_stops_and_the_puzzle_is_not_rated() {
    let puzzle = "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4";
    let mut taken = Vec::new();
    for budget in [0, 5] {
        let mut steps = Vec::new();
        let r = rate_within(&givens(puzzle), budget, |h| steps.push(h.clone())).expect("a shape rated");
        assert_eq!((r.er, r.hardest, r.steps), (SeRating::BEYOND, SeRating::OVER_BUDGET, steps.len()), "{budget}");
        assert!(steps.len() <= 2, "budget {budget}: {steps:?}");
        taken.push(steps);
    }
    assert_eq!(taken[0], taken[1]);
}
