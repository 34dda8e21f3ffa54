//! `rate --scale se`: the Sudoku Explainer ratings against serate's, stored beside the puzzles
//! in `tests/data/se/serate.txt` (its header says which serate, which options, when), and every
//! step of the rating checked against the puzzle's solution.

use coverlab_techniques::se::{BANDS, Hint, SeRating, band, rate, rate_with};

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
        assert_eq!((r.hardest, r.er), ("Unique Rectangle", theirs[0]), "{puzzle}");
    }
}

#[test]
fn every_step_holds_in_the_solution() {
    let model = common::model("classic-9x9");
    for (puzzle, _) in samples().iter().step_by(3) {
        let parsed = coverlab_model::Puzzle::new_unchecked(model.clone(), common::parse_line(&model, puzzle));
        let (solutions, complete) = common::solve(&parsed, 2);
        assert!(complete && solutions.len() == 1, "{puzzle}: one solution");
        let solution = solutions[0].values();
        let mut steps: Vec<Hint> = Vec::new();
        rate_with(&givens(puzzle), |h| steps.push(h.clone())).expect("rated");
        for h in &steps {
            for &(cell, v) in &h.remove {
                assert_ne!(solution[cell], v, "{puzzle}: {} removes the solution's {v} from cell {cell}", h.name);
            }
            if let Some((cell, v)) = h.place {
                assert_eq!(solution[cell], v, "{puzzle}: {} places {v} in cell {cell}", h.name);
            }
        }
    }
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
