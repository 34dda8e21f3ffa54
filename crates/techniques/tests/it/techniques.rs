//! Each technique on a crafted board that holds exactly its pattern: the step found, its
//! eliminations and its sentence. Boards start from an empty grid (every candidate) and have
//! candidates removed until only the pattern is left.

use crate::common;

use coverlab_model::{Cell, Model, Puzzle, Value};
use coverlab_techniques::{Board, Clash, Options, Rule, Step, Technique, next_step, try_next_step_with};

/// Cell (r, c) of a 9×9 grid, 1-based.
fn rc(r: usize, c: usize) -> Cell {
    (r - 1) * 9 + (c - 1)
}

fn empty(spec: &str) -> (Puzzle, Board) {
    let model = common::model(spec);
    let line = ".".repeat(model.cells());
    let puzzle = common::puzzle(spec, &line);
    let board = Board::new(&puzzle).expect("an empty grid is consistent");
    (puzzle, board)
}

/// Removes candidates through the public API (a step of eliminations only).
fn cut(board: &mut Board, model: &Model, eliminations: Vec<(Cell, Value)>) {
    let step = Step {
        technique: Technique::Constraint,
        placements: vec![],
        eliminations,
        units: vec![],
        cells: vec![],
        values: vec![],
        constraint: None,
        chains: vec![],
        sets: vec![],
        nesting: None,
    };
    board.apply(model, &step).expect("the crafted board stays consistent");
}

/// Removes `v` from the cells of `cells` other than `keep`.
fn keep_only(board: &mut Board, model: &Model, v: Value, cells: &[Cell], keep: &[Cell]) {
    let elims = cells.iter().filter(|c| !keep.contains(c)).map(|&c| (c, v)).collect();
    cut(board, model, elims);
}

fn row(r: usize) -> Vec<Cell> {
    (1..=9).map(|c| rc(r, c)).collect()
}

fn column(c: usize) -> Vec<Cell> {
    (1..=9).map(|r| rc(r, c)).collect()
}

fn names(model: &Model, cells: &[Cell]) -> String {
    cells.iter().map(|&c| model.cell_name(c)).collect::<Vec<_>>().join(", ")
}

/// The step `next_step` finds, checked to be the technique's own first step and described.
fn first(puzzle: &Puzzle, board: &Board, technique: Technique) -> (Step, String) {
    let model = puzzle.model();
    let step = next_step(board, model).expect("a step");
    assert_eq!(step.technique, technique, "{}", step.describe(model, puzzle.symbols()));
    assert_eq!(technique.find(board, model), Ok(Some(step.clone())));
    let text = step.describe(model, puzzle.symbols());
    (step, text)
}

/// The technique's own step (simpler techniques may apply first on the board), checked to be
/// found by no smaller technique of its family.
fn found(puzzle: &Puzzle, board: &Board, technique: Technique, not: &[Technique]) -> (Step, String) {
    let model = puzzle.model();
    for t in not {
        assert_eq!(t.find(board, model), Ok(None), "{} also applies", t.name());
    }
    let step = technique.find(board, model).expect("no contradiction").expect("the pattern is found");
    let text = step.describe(model, puzzle.symbols());
    (step, text)
}

#[test]
fn naked_single() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    cut(&mut board, model, (1..=8).map(|v| (rc(5, 5), v)).collect());
    let (step, text) = first(&puzzle, &board, Technique::NakedSingle);
    assert_eq!(step.placements, vec![(rc(5, 5), 9)]);
    assert!(step.eliminations.is_empty());
    assert_eq!(text, "naked single: r5c5 can only be 9");
}

#[test]
fn hidden_single_with_the_puzzles_symbols() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let box3: Vec<Cell> = (1..=3).flat_map(|r| (7..=9).map(move |c| rc(r, c))).collect();
    keep_only(&mut board, model, 7, &box3, &[rc(2, 8)]);
    let (step, text) = first(&puzzle, &board, Technique::HiddenSingle);
    assert_eq!(step.placements, vec![(rc(2, 8), 7)]);
    assert_eq!(step.units, vec![18 + 2]);
    assert_eq!(text, "hidden single: in box 3, 7 fits only r2c8");

    // 16×16: value 16 is written G.
    let (puzzle, mut board) = empty("classic-16x16");
    let model = puzzle.model();
    cut(&mut board, model, (1..=15).map(|v| (0, v)).collect());
    let (_, text) = first(&puzzle, &board, Technique::NakedSingle);
    assert_eq!(text, "naked single: r1c1 can only be G");
}

#[test]
fn locked_candidates_pointing_and_claiming() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    // 4 in box 1 only in row 2; row 2 keeps 4 in r2c5 and r2c7 besides.
    cut(&mut board, model, [rc(1, 1), rc(1, 2), rc(1, 3), rc(3, 1), rc(3, 2), rc(3, 3)].map(|c| (c, 4)).to_vec());
    cut(&mut board, model, [rc(2, 4), rc(2, 6), rc(2, 8), rc(2, 9)].map(|c| (c, 4)).to_vec());
    let (step, text) = first(&puzzle, &board, Technique::LockedCandidates);
    assert_eq!(step.eliminations, vec![(rc(2, 5), 4), (rc(2, 7), 4)]);
    assert_eq!(step.cells, vec![rc(2, 1), rc(2, 2), rc(2, 3)]);
    assert_eq!(step.units, vec![18, 1], "box 1, then row 2");
    assert_eq!(text, "locked candidates: in box 1, 4 lies only in row 2, so 4 is out of r2c5, r2c7");

    // Claiming: 6 in row 9 only in box 8.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 6, &row(9), &[rc(9, 4), rc(9, 6)]);
    let (step, text) = first(&puzzle, &board, Technique::LockedCandidates);
    let expected: Vec<Cell> = [rc(7, 4), rc(7, 5), rc(7, 6), rc(8, 4), rc(8, 5), rc(8, 6)].to_vec();
    assert_eq!(step.eliminations, expected.iter().map(|&c| (c, 6)).collect::<Vec<_>>());
    assert_eq!(
        text,
        format!("locked candidates: in row 9, 6 lies only in box 8, so 6 is out of {}", names(model, &expected))
    );
}

#[test]
fn locked_candidates_into_a_cage() {
    // Killer: 9 in row 2 only in r2c2, r2c3, r2c4, three cells of cage 6 (r2c2, r2c3, r2c4,
    // r3c2, r4c2), which holds 9 at most once: 9 is out of r3c2 and r4c2. No house holds all
    // three cells but row 2.
    let (puzzle, mut board) = empty("killer-9x9-example");
    let model = puzzle.model();
    keep_only(&mut board, model, 9, &row(2), &[rc(2, 2), rc(2, 3), rc(2, 4)]);
    let (step, text) = first(&puzzle, &board, Technique::LockedCandidates);
    assert_eq!(step.eliminations, vec![(rc(3, 2), 9), (rc(4, 2), 9)]);
    assert!(!model.units()[step.units[1]].exact, "the second unit is the cage's group");
    assert_eq!(text, "locked candidates: in row 2, 9 lies only in cage 6 (sum 28), so 9 is out of r3c2, r4c2");
}

#[test]
fn constraint_of_a_cage() {
    let (puzzle, board) = empty("killer-9x9-example");
    let (step, text) = first(&puzzle, &board, Technique::Constraint);
    assert_eq!(step.constraint, Some(1));
    assert_eq!(step.eliminations, vec![(rc(1, 3), 5), (rc(1, 4), 5)]);
    assert_eq!(text, "constraint: cage 2 (sum 10) rules out 5 of r1c3 and r1c4");
    let model = puzzle.model();
    let mut board = board;
    board.apply(model, &step).unwrap();
    let (_, text) = first(&puzzle, &board, Technique::Constraint);
    assert_eq!(text, "constraint: cage 4 (sum 13) rules out 1, 2, 3 of r1c6 and r1c7");
}

#[test]
fn naked_pair() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for c in [rc(1, 2), rc(1, 7)] {
        cut(&mut board, model, [1, 2, 4, 5, 6, 7, 9].map(|v| (c, v)).to_vec());
    }
    let others = [1, 3, 4, 5, 6, 8, 9].map(|c| rc(1, c));
    keep_only(&mut board, model, 3, &others, &[rc(1, 4), rc(1, 9)]);
    keep_only(&mut board, model, 8, &others, &[rc(1, 9)]);
    let (step, text) = first(&puzzle, &board, Technique::NakedPair);
    assert_eq!(step.eliminations, vec![(rc(1, 4), 3), (rc(1, 9), 3), (rc(1, 9), 8)]);
    assert_eq!((step.cells.clone(), step.values.clone()), (vec![rc(1, 2), rc(1, 7)], vec![3, 8]));
    assert_eq!(text, "naked pair: r1c2 and r1c7 in row 1 hold only 3 and 8, so they are out of r1c4 (3), r1c9 (3, 8)");
}

#[test]
fn hidden_pair() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for v in [2, 6] {
        keep_only(&mut board, model, v, &row(4), &[rc(4, 1), rc(4, 5)]);
    }
    let (step, text) = first(&puzzle, &board, Technique::HiddenPair);
    let gone = "1, 3, 4, 5, 7, 8, 9";
    assert_eq!(step.eliminations.len(), 14);
    assert_eq!(
        text,
        format!(
            "hidden pair: in row 4, 2 and 6 fit only r4c1 and r4c5, so their other candidates go: r4c1 ({gone}), r4c5 ({gone})"
        )
    );
}

#[test]
fn naked_triple_and_quad() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let sets: [&[Value]; 3] = [&[1, 2], &[2, 3], &[1, 3]];
    for (c, set) in sets.iter().enumerate() {
        cut(&mut board, model, (1..=9).filter(|v| !set.contains(v)).map(|v| (rc(1, c + 1), v)).collect());
    }
    let (step, text) = first(&puzzle, &board, Technique::NakedTriple);
    let rest: Vec<String> = (4..=9).map(|c| format!("r1c{c} (1, 2, 3)")).collect();
    assert_eq!(step.eliminations.len(), 18);
    assert_eq!(
        text,
        format!(
            "naked triple: r1c1, r1c2 and r1c3 in row 1 hold only 1, 2 and 3, so they are out of {}",
            rest.join(", ")
        )
    );

    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let sets: [&[Value]; 4] = [&[1, 2], &[2, 3], &[3, 4], &[1, 4]];
    for (c, set) in sets.iter().enumerate() {
        cut(&mut board, model, (1..=9).filter(|v| !set.contains(v)).map(|v| (rc(1, c + 1), v)).collect());
    }
    let (step, text) = found(&puzzle, &board, Technique::NakedQuad, &[Technique::NakedPair, Technique::NakedTriple]);
    let rest: Vec<String> = (5..=9).map(|c| format!("r1c{c} (1, 2, 3, 4)")).collect();
    assert_eq!(step.eliminations.len(), 20);
    assert_eq!(
        text,
        format!(
            "naked quad: r1c1, r1c2, r1c3 and r1c4 in row 1 hold only 1, 2, 3 and 4, so they are out of {}",
            rest.join(", ")
        )
    );
}

#[test]
fn hidden_triple_and_quad() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let places: [(Value, [usize; 2]); 3] = [(1, [1, 2]), (2, [2, 3]), (3, [1, 3])];
    for (v, cs) in places {
        keep_only(&mut board, model, v, &row(1), &cs.map(|c| rc(1, c)));
    }
    let (step, text) =
        found(&puzzle, &board, Technique::HiddenTriple, &[Technique::HiddenSingle, Technique::HiddenPair]);
    assert_eq!(step.eliminations.len(), 18);
    let gone = "4, 5, 6, 7, 8, 9";
    assert_eq!(
        text,
        format!(
            "hidden triple: in row 1, 1, 2 and 3 fit only r1c1, r1c2 and r1c3, so their other candidates go: r1c1 ({gone}), r1c2 ({gone}), r1c3 ({gone})"
        )
    );

    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let places: [(Value, [usize; 2]); 4] = [(1, [1, 2]), (2, [2, 3]), (3, [3, 4]), (4, [4, 1])];
    for (v, cs) in places {
        keep_only(&mut board, model, v, &row(1), &cs.map(|c| rc(1, c)));
    }
    let (step, text) = found(
        &puzzle,
        &board,
        Technique::HiddenQuad,
        &[Technique::HiddenSingle, Technique::HiddenPair, Technique::HiddenTriple],
    );
    assert_eq!(step.eliminations.len(), 20);
    let gone = "5, 6, 7, 8, 9";
    assert_eq!(
        text,
        format!(
            "hidden quad: in row 1, 1, 2, 3 and 4 fit only r1c1, r1c2, r1c3 and r1c4, so their other candidates go: r1c1 ({gone}), r1c2 ({gone}), r1c3 ({gone}), r1c4 ({gone})"
        )
    );
}

#[test]
fn x_wing() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for r in [2, 7] {
        keep_only(&mut board, model, 5, &row(r), &[rc(r, 3), rc(r, 8)]);
    }
    keep_only(&mut board, model, 5, &column(3), &[rc(2, 3), rc(7, 3), rc(4, 3)]);
    keep_only(&mut board, model, 5, &column(8), &[rc(2, 8), rc(7, 8), rc(9, 8)]);
    let (step, text) = first(&puzzle, &board, Technique::XWing);
    assert_eq!(step.eliminations, vec![(rc(4, 3), 5), (rc(9, 8), 5)]);
    assert_eq!(step.cells, vec![rc(2, 3), rc(2, 8), rc(7, 3), rc(7, 8)]);
    assert_eq!(step.units, vec![1, 6, 9 + 2, 9 + 7], "rows 2 and 7, columns 3 and 8");
    assert_eq!(text, "x-wing: 5 in rows 2 and 7 lies only in columns 3 and 8, so 5 is out of r4c3, r9c8");
}

/// Value `v` kept in each base line only at the given cover lines; the cover lines keep it
/// everywhere else. Returns the expected eliminations (cover lines outside the base).
fn fish_board(board: &mut Board, model: &Model, v: Value, base: &[(usize, [usize; 2])], by_rows: bool) -> Vec<Cell> {
    let at = |i: usize, j: usize| if by_rows { rc(i, j) } else { rc(j, i) };
    for &(i, js) in base {
        let line: Vec<Cell> = (1..=9).map(|j| at(i, j)).collect();
        keep_only(board, model, v, &line, &js.map(|j| at(i, j)));
    }
    let covers: Vec<usize> = {
        let mut c: Vec<usize> = base.iter().flat_map(|(_, js)| *js).collect();
        c.sort_unstable();
        c.dedup();
        c
    };
    let mut out: Vec<Cell> = (1..=9)
        .filter(|i| !base.iter().any(|(b, _)| b == i))
        .flat_map(|i| covers.iter().map(move |&j| at(i, j)))
        .collect();
    out.sort_unstable();
    out
}

#[test]
fn swordfish_in_columns() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let expected = fish_board(&mut board, model, 8, &[(2, [1, 4]), (5, [4, 7]), (8, [7, 1])], false);
    let (step, text) = found(&puzzle, &board, Technique::Swordfish, &[Technique::XWing]);
    assert_eq!(step.eliminations, expected.iter().map(|&c| (c, 8)).collect::<Vec<_>>());
    assert_eq!(step.units, vec![9 + 1, 9 + 4, 9 + 7, 0, 3, 6], "columns 2, 5, 8, then rows 1, 4, 7");
    assert_eq!(
        text,
        format!(
            "swordfish: 8 in columns 2, 5 and 8 lies only in rows 1, 4 and 7, so 8 is out of {}",
            names(model, &expected)
        )
    );
}

#[test]
fn jellyfish() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let expected = fish_board(&mut board, model, 1, &[(2, [2, 4]), (4, [4, 6]), (6, [6, 8]), (8, [8, 2])], true);
    assert_eq!(expected.len(), 20);
    let (step, text) = found(&puzzle, &board, Technique::Jellyfish, &[Technique::XWing, Technique::Swordfish]);
    assert_eq!(step.eliminations, expected.iter().map(|&c| (c, 1)).collect::<Vec<_>>());
    assert_eq!(step.cells.len(), 8, "two corners per base row");
    assert_eq!(
        text,
        format!(
            "jellyfish: 1 in rows 2, 4, 6 and 8 lies only in columns 2, 4, 6 and 8, so 1 is out of {}",
            names(model, &expected)
        )
    );
}

#[test]
fn fish_need_rows_and_columns() {
    // A jigsaw has rows and columns: fish work there. The killer example too. A spec without
    // columns has no fish at all.
    let ron = r#"Spec(name: "rows-and-boxes", summary: "", size: 4, rules: [Rows, Boxes(rows: 2, cols: 2)])"#;
    let model = std::sync::Arc::new(Model::from_ron(ron, "test").unwrap());
    let puzzle = Puzzle::new_unchecked(model.clone(), coverlab_model::Grid::empty(4));
    let board = Board::new(&puzzle).unwrap();
    for t in [Technique::XWing, Technique::Swordfish, Technique::Jellyfish] {
        assert_eq!(t.find(&board, &model), Ok(None));
    }
    // Without the nested net, which would spend its whole budget (about 5 s of CPU) finding
    // nothing on a grid of many solutions, as `explain` never runs it on one.
    let options = Options::default().without(Technique::NestedForcingNet);
    assert_eq!(try_next_step_with(&board, &model, options), Ok(None), "an empty grid needs a guess");
}

#[test]
fn naked_pair_in_a_cage() {
    // r2c4 and r4c2 share no house, only cage 6 (r2c2, r2c3, r2c4, r3c2, r4c2), whose values
    // differ: holding only 1 and 2, they take both from the cage's other cells.
    let (puzzle, mut board) = empty("killer-9x9-example");
    let model = puzzle.model();
    for c in [rc(2, 4), rc(4, 2)] {
        cut(&mut board, model, (3..=9).map(|v| (c, v)).collect());
    }
    let (step, text) = found(&puzzle, &board, Technique::NakedPair, &[]);
    assert_eq!(step.cells, vec![rc(2, 4), rc(4, 2)]);
    assert!(!model.units()[step.units[0]].exact, "found in the cage's group");
    assert_eq!(
        text,
        "naked pair: r2c4 and r4c2 in cage 6 (sum 28) hold only 1 and 2, so they are out of r2c2 (1, 2), r2c3 (1, 2), r3c2 (1, 2)"
    );
}

/// Leaves `cell` with only `keep` as candidates.
fn only(board: &mut Board, model: &Model, cell: Cell, keep: &[Value]) {
    cut(board, model, (1..=9).filter(|v| !keep.contains(v)).map(|v| (cell, v)).collect());
}

#[test]
fn xy_wing() {
    // Pivot r2c2 {1, 2}; pincers r2c7 {1, 3} (its row) and r5c2 {2, 3} (its column): whichever
    // the pivot holds, a pincer holds 3, and r5c7 sees both pincers.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(2, 2), &[1, 2]);
    only(&mut board, model, rc(2, 7), &[1, 3]);
    only(&mut board, model, rc(5, 2), &[2, 3]);
    let (step, text) = found(&puzzle, &board, Technique::XyWing, &[Technique::XyzWing]);
    assert_eq!(step.eliminations, vec![(rc(5, 7), 3)]);
    assert_eq!(step.cells, vec![rc(2, 2), rc(2, 7), rc(5, 2)]);
    assert_eq!(
        text,
        "xy-wing: pivot r2c2 with pincers r2c7 and r5c2: whatever the pivot holds, 3 is in a pincer, so it is out of r5c7"
    );
    // Pincers without a common third value: no wing.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(2, 2), &[1, 2]);
    only(&mut board, model, rc(2, 7), &[1, 3]);
    only(&mut board, model, rc(5, 2), &[2, 4]);
    assert_eq!(Technique::XyWing.find(&board, model), Ok(None));
}

#[test]
fn xy_wing_through_an_anti_knight_group() {
    // On anti-knight, a knight's move is a peer too: pivot r5c5 {1, 2}, pincers r3c4 {1, 3}
    // (a knight's move) and r5c9 {2, 3} (its row).
    let (puzzle, mut board) = empty("anti-knight-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(5, 5), &[1, 2]);
    only(&mut board, model, rc(3, 4), &[1, 3]);
    only(&mut board, model, rc(5, 9), &[2, 3]);
    let (step, _) = found(&puzzle, &board, Technique::XyWing, &[]);
    assert_eq!(step.cells, vec![rc(5, 5), rc(3, 4), rc(5, 9)]);
    // Every cell ruled out sees both pincers, and holds 3 as a candidate.
    assert!(!step.eliminations.is_empty());
    for &(c, v) in &step.eliminations {
        assert_eq!(v, 3);
        let sees = |a: Cell, b: Cell| model.peers(a).contains(&(b as u16));
        assert!(sees(c, rc(3, 4)) && sees(c, rc(5, 9)), "{}", model.cell_name(c));
    }
}

#[test]
fn xyz_wing() {
    // Pivot r2c2 {1, 2, 3}; pincers r1c3 {1, 3} (its box) and r4c2 {2, 3} (its column): 3 is in
    // one of the three, so it is out of the cells that see all three.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(2, 2), &[1, 2, 3]);
    only(&mut board, model, rc(1, 3), &[1, 3]);
    only(&mut board, model, rc(4, 2), &[2, 3]);
    let (step, text) = found(&puzzle, &board, Technique::XyzWing, &[Technique::XyWing]);
    // Seeing r2c2, r1c3 (box 1) and r4c2 (column 2): r1c2 and r3c2.
    assert_eq!(step.eliminations, vec![(rc(1, 2), 3), (rc(3, 2), 3)]);
    assert_eq!(
        text,
        "xyz-wing: pivot r2c2 with pincers r1c3 and r4c2: whatever the pivot holds, 3 is in the pivot or a pincer, so it is out of r1c2, r3c2"
    );
}

#[test]
fn w_wing() {
    // r1c1 and r5c9 hold only 3 and 7 and do not see each other; in row 4, 3 is only in r4c1
    // (which sees r1c1) and r4c9 (which sees r5c9). One of them holds 7: r1c9 and r5c1 see both.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[3, 7]);
    only(&mut board, model, rc(5, 9), &[3, 7]);
    keep_only(&mut board, model, 3, &row(4), &[rc(4, 1), rc(4, 9)]);
    let (step, text) = found(&puzzle, &board, Technique::WWing, &[Technique::XyWing, Technique::XyzWing]);
    assert_eq!(step.eliminations, vec![(rc(1, 9), 7), (rc(5, 1), 7)]);
    assert_eq!(
        text,
        "w-wing: r1c1 and r5c9 hold only 3 and 7; in row 4, 3 is in r4c1 or r4c9, each seeing one of them, so one of them holds 7: 7 is out of r1c9, r5c1"
    );
    // With a third place for 3 in row 4 there is no link, and no wing.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[3, 7]);
    only(&mut board, model, rc(5, 9), &[3, 7]);
    keep_only(&mut board, model, 3, &row(4), &[rc(4, 1), rc(4, 5), rc(4, 9)]);
    assert_eq!(Technique::WWing.find(&board, model), Ok(None));
}

#[test]
fn skyscraper_two_string_kite_and_turbot_fish() {
    // Skyscraper: 4 in rows 2 and 7 only at c1/c5 and c1/c6; r2c1 and r7c1 share column 1, so
    // r2c5 or r7c6 holds 4: out of the cells that see both (r1c6, r3c6 by box 2 and column 6;
    // r8c5, r9c5 by column 5 and box 8).
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 4, &row(2), &[rc(2, 1), rc(2, 5)]);
    keep_only(&mut board, model, 4, &row(7), &[rc(7, 1), rc(7, 6)]);
    let (step, text) = found(&puzzle, &board, Technique::Skyscraper, &[Technique::XWing]);
    assert_eq!(step.eliminations, vec![(rc(1, 6), 4), (rc(3, 6), 4), (rc(8, 5), 4), (rc(9, 5), 4)]);
    assert_eq!(
        text,
        "skyscraper: 4 in row 2 is in r2c1 or r2c5, in row 7 in r7c1 or r7c6; r2c1 and r7c1 see each other, so r2c5 or r7c6 holds 4: 4 is out of r1c6, r3c6, r8c5, r9c5"
    );
    assert_eq!(Technique::TwoStringKite.find(&board, model), Ok(None), "two rows make no kite");

    // Two-string kite: 6 in row 1 only at r1c2/r1c7, in column 1 only at r2c1/r8c1; r1c2 and
    // r2c1 share box 1, so r1c7 or r8c1 holds 6: r8c7 sees both.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 6, &row(1), &[rc(1, 2), rc(1, 7)]);
    keep_only(&mut board, model, 6, &column(1), &[rc(2, 1), rc(8, 1)]);
    let (step, _) = found(&puzzle, &board, Technique::TwoStringKite, &[Technique::Skyscraper]);
    assert_eq!(step.eliminations, vec![(rc(8, 7), 6)]);

    // Turbot fish: 2 in box 5 only at r4c5/r6c4, in row 2 only at r2c5/r2c9; r4c5 and r2c5
    // share column 5, so r6c4 or r2c9 holds 2: r6c9 sees both.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let box5: Vec<Cell> =
        [(4, 4), (4, 5), (4, 6), (5, 4), (5, 5), (5, 6), (6, 4), (6, 5), (6, 6)].map(|(r, c)| rc(r, c)).to_vec();
    keep_only(&mut board, model, 2, &box5, &[rc(4, 5), rc(6, 4)]);
    keep_only(&mut board, model, 2, &row(2), &[rc(2, 5), rc(2, 9)]);
    let (step, text) =
        found(&puzzle, &board, Technique::TurbotFish, &[Technique::Skyscraper, Technique::TwoStringKite]);
    assert_eq!(step.eliminations, vec![(rc(6, 9), 2)]);
    assert!(text.starts_with("turbot fish: 2 in "), "{text}");
}

#[test]
fn simple_colouring_wrap() {
    // 5's strong links: row 1 (r1c1, r1c9), column 9 (r1c9, r9c9), row 9 (r9c9, r9c2), column 2
    // (r9c2, r2c2). Coloured alternately from r1c1: r1c1, r9c9 and r2c2 share a colour, and r1c1
    // and r2c2 see each other (box 1): that colour is false.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(1), &[rc(1, 1), rc(1, 9)]);
    keep_only(&mut board, model, 5, &column(9), &[rc(1, 9), rc(9, 9)]);
    keep_only(&mut board, model, 5, &row(9), &[rc(9, 9), rc(9, 2)]);
    keep_only(&mut board, model, 5, &column(2), &[rc(9, 2), rc(2, 2)]);
    let (step, text) = found(&puzzle, &board, Technique::SimpleColouring, &[]);
    assert_eq!(step.eliminations, vec![(rc(1, 1), 5), (rc(2, 2), 5), (rc(9, 9), 5)]);
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 9), rc(2, 2), rc(9, 2), rc(9, 9)]);
    assert_eq!(
        text,
        "simple colouring: the strong links of 5 join r1c1, r1c9, r2c2, r9c2 and r9c9, which hold 5 alternately; one colour has two cells that see each other, so it is the false one: 5 is out of r1c1, r2c2, r9c9"
    );
}

fn box_cells(b: usize) -> Vec<Cell> {
    let (r0, c0) = (b / 3 * 3 + 1, b % 3 * 3 + 1);
    (0..9).map(|i| rc(r0 + i / 3, c0 + i % 3)).collect()
}

#[test]
fn empty_rectangle() {
    // 4 in box 5 only at r4c4, r4c6 (row 4) and r5c5, r6c5 (column 5); in column 2 only at
    // r4c2, which sees row 4's places, and r8c2. So r8c2 or column 5 in box 5 holds 4: r8c5,
    // which sees both, loses it.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 4, &box_cells(4), &[rc(4, 4), rc(4, 6), rc(5, 5), rc(6, 5)]);
    keep_only(&mut board, model, 4, &column(2), &[rc(4, 2), rc(8, 2)]);
    let not = [Technique::Skyscraper, Technique::TwoStringKite, Technique::TurbotFish];
    let (step, text) = found(&puzzle, &board, Technique::EmptyRectangle, &not);
    assert_eq!(step.eliminations, vec![(rc(8, 5), 4)]);
    assert_eq!(
        text,
        "empty rectangle: in box 5, 4 lies only in row 4 and column 5; in column 2, 4 is in r4c2 or r8c2, and r4c2 sees box 5's places in row 4, so r8c2 holds 4 or box 5 holds it in column 5: 4 is out of r8c5"
    );
    // A place of 4 in box 5 off row 4 and column 5: no rectangle.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 4, &box_cells(4), &[rc(4, 4), rc(4, 6), rc(5, 5), rc(6, 5), rc(6, 6)]);
    keep_only(&mut board, model, 4, &column(2), &[rc(4, 2), rc(8, 2)]);
    assert_eq!(Technique::EmptyRectangle.find(&board, model), Ok(None));
}

#[test]
fn finned_and_sashimi_x_wing() {
    // 5 in rows 2 and 7 only in columns 3 and 8, but for the fin r7c9 in box 9: the fish holds
    // (5 out of column 8's other cells) or r7c9 holds 5; r8c8 and r9c8 see r7c9.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(2), &[rc(2, 3), rc(2, 8)]);
    keep_only(&mut board, model, 5, &row(7), &[rc(7, 3), rc(7, 8), rc(7, 9)]);
    let (step, text) = found(&puzzle, &board, Technique::FinnedXWing, &[Technique::XWing, Technique::SashimiXWing]);
    assert_eq!(step.eliminations, vec![(rc(8, 8), 5), (rc(9, 8), 5)]);
    assert_eq!(
        text,
        "finned x-wing: 5 in rows 2 and 7 lies only in columns 3 and 8 but for the fin r7c9 in box 9; the fish holds or a fin holds 5, so 5 is out of r8c8, r9c8"
    );
    // Sashimi: row 7 holds 5 only at r7c3 in the cover, and the fins r7c7 and r7c9 (box 9).
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(2), &[rc(2, 3), rc(2, 8)]);
    keep_only(&mut board, model, 5, &row(7), &[rc(7, 3), rc(7, 7), rc(7, 9)]);
    let (step, _) = found(&puzzle, &board, Technique::SashimiXWing, &[Technique::FinnedXWing]);
    assert_eq!(step.eliminations, vec![(rc(8, 8), 5), (rc(9, 8), 5)]);
    // Fins in two boxes: nothing.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(2), &[rc(2, 3), rc(2, 8), rc(2, 1)]);
    keep_only(&mut board, model, 5, &row(7), &[rc(7, 3), rc(7, 8), rc(7, 9)]);
    assert_eq!(Technique::FinnedXWing.find(&board, model), Ok(None));
    assert_eq!(Technique::SashimiXWing.find(&board, model), Ok(None));
}

#[test]
fn finned_swordfish() {
    // 5 in rows 1, 5 and 9 only in columns 2, 6 and 8, but for the fin r9c9 (box 9).
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(1), &[rc(1, 2), rc(1, 6)]);
    keep_only(&mut board, model, 5, &row(5), &[rc(5, 6), rc(5, 8)]);
    keep_only(&mut board, model, 5, &row(9), &[rc(9, 2), rc(9, 8), rc(9, 9)]);
    let not = [Technique::Swordfish, Technique::FinnedXWing, Technique::SashimiXWing, Technique::SashimiSwordfish];
    let (step, text) = found(&puzzle, &board, Technique::FinnedSwordfish, &not);
    assert_eq!(step.eliminations, vec![(rc(7, 8), 5), (rc(8, 8), 5)]);
    assert!(
        text.starts_with(
            "finned swordfish: 5 in rows 1, 5 and 9 lies only in columns 2, 6 and 8 but for the fin r9c9 in box 9"
        ),
        "{text}"
    );
}

#[test]
fn remote_pairs() {
    // r1c1, r1c5, r3c5 and r3c9 hold only 3 and 7, each seeing the next: r1c1 and r3c9 hold
    // one each, so the cells seeing both (r1c7..9 by box 3, r3c1..3 by box 1) hold neither.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for c in [rc(1, 1), rc(1, 5), rc(3, 5), rc(3, 9)] {
        only(&mut board, model, c, &[3, 7]);
    }
    let (step, text) = found(&puzzle, &board, Technique::RemotePairs, &[]);
    let targets = [rc(1, 7), rc(1, 8), rc(1, 9), rc(3, 1), rc(3, 2), rc(3, 3)];
    let mut want: Vec<(Cell, Value)> = targets.iter().flat_map(|&c| [(c, 3), (c, 7)]).collect();
    want.sort_unstable();
    assert_eq!(step.eliminations, want);
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 5), rc(3, 5), rc(3, 9)]);
    assert!(
        text.starts_with("remote pairs: r1c1, r1c5, r3c5 and r3c9 hold only 3 and 7, each seeing the next, so they alternate and r1c1 and r3c9 hold one each: 3 and 7 are out of r1c7 (3, 7)"),
        "{text}"
    );
    // Three cells are no remote pair.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for c in [rc(1, 1), rc(1, 5), rc(3, 5)] {
        only(&mut board, model, c, &[3, 7]);
    }
    assert_eq!(Technique::RemotePairs.find(&board, model), Ok(None));
}

#[test]
fn multi_colouring() {
    // 6's strong links: column 1 (r2c1, r7c1), row 7 (r7c1, r7c6): one chain; column 3 (r3c3,
    // r8c3): another. r2c1 and r3c3 see each other (box 1), so r7c1 or r8c3 (their opposite
    // colours) holds 6: r8c2 and r9c2 see both.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 6, &column(1), &[rc(2, 1), rc(7, 1)]);
    keep_only(&mut board, model, 6, &row(7), &[rc(7, 1), rc(7, 6)]);
    keep_only(&mut board, model, 6, &column(3), &[rc(3, 3), rc(8, 3)]);
    let (step, text) = found(&puzzle, &board, Technique::MultiColouring, &[Technique::SimpleColouring]);
    assert_eq!(step.eliminations, vec![(rc(8, 2), 6), (rc(9, 2), 6)]);
    assert_eq!(
        text,
        "multi-colouring: the strong links of 6 colour two chains, r2c1, r3c3, r7c1, r7c6 and r8c3, in two colours each; r2c1 and r3c3 of different chains see each other, so the colour opposite r2c1 or the one opposite r3c3 holds 6: 6 is out of r8c2, r9c2"
    );
    // One chain only: nothing.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 6, &column(1), &[rc(2, 1), rc(7, 1)]);
    keep_only(&mut board, model, 6, &row(7), &[rc(7, 1), rc(7, 6)]);
    assert_eq!(Technique::MultiColouring.find(&board, model), Ok(None));
}

#[test]
fn unique_rectangles() {
    let (a, b, c, d) = (rc(1, 1), rc(1, 4), rc(2, 1), rc(2, 4));
    // Type 1: three corners of r1c1, r1c4, r2c1, r2c4 (boxes 1 and 2) hold only 3 and 7.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for x in [a, b, c] {
        only(&mut board, model, x, &[3, 7]);
    }
    let (step, text) = found(&puzzle, &board, Technique::UniqueRectangle1, &[]);
    assert_eq!(step.eliminations, vec![(d, 3), (d, 7)]);
    assert_eq!(
        text,
        "unique rectangle type 1: r1c1, r1c4 and r2c1 hold only 3 and 7; if r2c4 held either, the four would swap them for a second solution, and the puzzle has one: 3 and 7 are out of r2c4"
    );
    // The same over four boxes is no deadly pattern: no rectangle.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for x in [a, b, rc(4, 1)] {
        only(&mut board, model, x, &[3, 7]);
    }
    assert_eq!(Technique::UniqueRectangle1.find(&board, model), Ok(None));

    // Type 2: r1c1 and r1c4 hold only 3 and 7, r2c1 and r2c4 those and 5: 5 is out of row 2.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, a, &[3, 7]);
    only(&mut board, model, b, &[3, 7]);
    only(&mut board, model, c, &[3, 5, 7]);
    only(&mut board, model, d, &[3, 5, 7]);
    let (step, _) = found(&puzzle, &board, Technique::UniqueRectangle2, &[Technique::UniqueRectangle1]);
    let row2: Vec<(Cell, Value)> = row(2).into_iter().filter(|&x| x != c && x != d).map(|x| (x, 5)).collect();
    assert_eq!(step.eliminations, row2);
    assert_eq!(step.values, vec![3, 7, 5]);

    // Type 4: r1c1 and r1c4 hold only 3 and 7; in row 2, 3 is only in r2c1 and r2c4.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, a, &[3, 7]);
    only(&mut board, model, b, &[3, 7]);
    keep_only(&mut board, model, 3, &row(2), &[c, d]);
    let not = [Technique::UniqueRectangle1, Technique::UniqueRectangle2];
    let (step, text) = found(&puzzle, &board, Technique::UniqueRectangle4, &not);
    assert_eq!(step.eliminations, vec![(c, 7), (d, 7)]);
    assert_eq!(
        text,
        "unique rectangle type 4: r1c1 and r1c4 hold only 3 and 7; in row 2, 3 is only in r2c1 or r2c4, so 7 in the other would make the four swap for a second solution, and the puzzle has one: 7 is out of r2c1, r2c4"
    );

    // Hidden: r1c1 holds only 3 and 7; 3 is only in r2c1 and r2c4 in row 2, and only in r1c4
    // and r2c4 in column 4: 7 is out of r2c4.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, a, &[3, 7]);
    keep_only(&mut board, model, 3, &row(2), &[c, d]);
    keep_only(&mut board, model, 3, &column(4), &[b, d]);
    let (step, _) = found(&puzzle, &board, Technique::HiddenUniqueRectangle, &[Technique::UniqueRectangle4]);
    assert_eq!(step.eliminations, vec![(d, 7)]);

    // On a killer spec (sums beyond the houses) a swap may break a cage: no rectangle.
    let (puzzle, mut board) = empty("killer-9x9-example");
    let model = puzzle.model();
    for x in [a, b, c] {
        only(&mut board, model, x, &[3, 7]);
    }
    assert_eq!(Technique::UniqueRectangle1.find(&board, model), Ok(None));
}

#[test]
fn unique_rectangles_types_3_5_and_6() {
    let (a, b, c, d) = (rc(1, 1), rc(1, 4), rc(2, 1), rc(2, 4));
    // Type 3: r1c1 and r1c4 hold only 3 and 7, r2c1 also 5 and r2c4 also 6; r2c7 holds only 5
    // and 6: r2c1 or r2c4 holds 5 or 6, so with r2c7 they take both from row 2.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, a, &[3, 7]);
    only(&mut board, model, b, &[3, 7]);
    only(&mut board, model, c, &[3, 5, 7]);
    only(&mut board, model, d, &[3, 6, 7]);
    only(&mut board, model, rc(2, 7), &[5, 6]);
    let not = [Technique::UniqueRectangle1, Technique::UniqueRectangle2];
    let (step, text) = found(&puzzle, &board, Technique::UniqueRectangle3, &not);
    let rest: Vec<(Cell, Value)> =
        [2, 3, 5, 6, 8, 9].into_iter().flat_map(|k| [(rc(2, k), 5), (rc(2, k), 6)]).collect();
    assert_eq!(step.eliminations, rest);
    assert_eq!(
        text,
        "unique rectangle type 3: r1c1 and r1c4 hold only 3 and 7, so r2c1 or r2c4 holds one of its other values, or the four would swap for a second solution, and the puzzle has one; with r2c7 that makes 2 cells of row 2 for 2 values 5 and 6: they are out of r2c2 (5, 6), r2c3 (5, 6), r2c5 (5, 6), r2c6 (5, 6), r2c8 (5, 6), r2c9 (5, 6)"
    );
    // r2c7 with a third value: three values for two cells, no subset.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for (x, keep) in [(a, &[3, 7][..]), (b, &[3, 7]), (c, &[3, 5, 7]), (d, &[3, 6, 7]), (rc(2, 7), &[5, 6, 8])] {
        only(&mut board, model, x, keep);
    }
    assert_eq!(Technique::UniqueRectangle3.find(&board, model), Ok(None));

    // Type 5: r1c1 and r2c4 (a diagonal) hold only 3 and 7, r1c4 and r2c1 those and 5: one of
    // the two holds 5, so it is out of the cells seeing both.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for (x, keep) in [(a, &[3, 7][..]), (d, &[3, 7]), (b, &[3, 5, 7]), (c, &[3, 5, 7])] {
        only(&mut board, model, x, keep);
    }
    let (step, text) = found(&puzzle, &board, Technique::UniqueRectangle5, &[Technique::UniqueRectangle2]);
    assert_eq!(step.eliminations, vec![(rc(1, 2), 5), (rc(1, 3), 5), (rc(2, 5), 5), (rc(2, 6), 5)]);
    assert_eq!(
        text,
        "unique rectangle type 5: r1c1 and r2c4 hold only 3 and 7, r1c4 and r2c1 those and 5; without 5 the four would swap for a second solution, and the puzzle has one, so one of r1c4 and r2c1 holds 5: 5 is out of r1c2, r1c3, r2c5, r2c6"
    );
    // With different extra values (5 and 6) there is no single z.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for (x, keep) in [(a, &[3, 7][..]), (d, &[3, 7]), (b, &[3, 5, 7]), (c, &[3, 6, 7])] {
        only(&mut board, model, x, keep);
    }
    assert_eq!(Technique::UniqueRectangle5.find(&board, model), Ok(None));

    // Type 6: the diagonal r1c1, r2c4 holds only 3 and 7; in rows 1 and 2, 3 is only in the
    // corners: 3 in r1c4 and r2c1 would leave 7 in r1c1 and r2c4, so 3 is out of those two.
    assert_eq!(Technique::UniqueRectangle6.find(&board, model), Ok(None));
    keep_only(&mut board, model, 3, &row(1), &[a, b]);
    keep_only(&mut board, model, 3, &row(2), &[c, d]);
    let not = [Technique::UniqueRectangle4, Technique::HiddenUniqueRectangle];
    let (step, text) = found(&puzzle, &board, Technique::UniqueRectangle6, &not);
    assert_eq!(step.eliminations, vec![(b, 3), (c, 3)]);
    assert_eq!(
        text,
        "unique rectangle type 6: r1c1 and r2c4 hold only 3 and 7, and in row 1 and row 2, 3 is only in the four corners, so it is in r1c1 and r2c4 or in r1c4 and r2c1; the latter would leave 7 in r1c1 and r2c4, four cells that swap for a second solution, and the puzzle has one: 3 is out of r1c4, r2c1"
    );
}

#[test]
fn wxyz_wing() {
    // r2c2 holds only 1, 2, 3 and 4; r1c1 {1, 4} and r3c3 {2, 4} in its box, r2c8 {3, 4} in its
    // row: 1, 2 and 3 each lie in cells that see each other, so 4 is in one of the four, and it
    // is out of the cells that see all four (r2c1 and r2c3).
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(2, 2), &[1, 2, 3, 4]);
    only(&mut board, model, rc(1, 1), &[1, 4]);
    only(&mut board, model, rc(3, 3), &[2, 4]);
    only(&mut board, model, rc(2, 8), &[3, 4]);
    let (step, text) = found(&puzzle, &board, Technique::WxyzWing, &[Technique::XyWing, Technique::XyzWing]);
    assert_eq!(step.eliminations, vec![(rc(2, 1), 4), (rc(2, 3), 4)]);
    assert_eq!(
        text,
        "wxyz-wing: r2c2, r1c1, r2c8 and r3c3 hold only 1, 2, 3 and 4, and each of 1, 2 and 3 lies in cells of them that see each other, so it is in one at most; four cells need four values, so 4 is in one of them: it is out of r2c1, r2c3"
    );
    // r2c8 with a fifth value: five values for four cells, no wing.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(2, 2), &[1, 2, 3, 4]);
    only(&mut board, model, rc(1, 1), &[1, 4]);
    only(&mut board, model, rc(3, 3), &[2, 4]);
    only(&mut board, model, rc(2, 8), &[3, 5]);
    assert_eq!(Technique::WxyzWing.find(&board, model), Ok(None));
}

#[test]
fn grouped_alternating_inference_chain() {
    // 5 in row 1 only in r1c2, r1c3 (box 1) and r1c8; in column 1 only in r2c1, r3c1 (box 1)
    // and r7c1; in box 1 only in those four. If r1c8 is not 5, box 1's row holds it, so its
    // column does not, and r7c1 does: r7c8, seeing both ends, is not 5. No house has 5 in two
    // places, so no plain chain, colouring or empty rectangle sees it.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    let (g1, g2) = ([rc(1, 2), rc(1, 3)], [rc(2, 1), rc(3, 1)]);
    keep_only(&mut board, model, 5, &row(1), &[g1[0], g1[1], rc(1, 8)]);
    keep_only(&mut board, model, 5, &column(1), &[g2[0], g2[1], rc(7, 1)]);
    keep_only(&mut board, model, 5, &box_cells(0), &[g1[0], g1[1], g2[0], g2[1]]);
    let not = [Technique::XChain, Technique::Aic, Technique::EmptyRectangle, Technique::SimpleColouring];
    let (step, text) = found(&puzzle, &board, Technique::GroupedAic, &not);
    assert_eq!(step.eliminations, vec![(rc(7, 8), 5)]);
    assert_eq!(
        text,
        "grouped alternating inference chain: if r1c8 is not 5, then one of r1c2 and r1c3 is 5, none of r2c1 and r3c1 is 5, r7c1 is 5; so r1c8 is 5 or r7c1 is 5, which rules out r7c8 (5)"
    );
    // With 5 also in r1c5, row 1 is no link between box 1 and r1c8: no chain.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(1), &[g1[0], g1[1], rc(1, 5), rc(1, 8)]);
    keep_only(&mut board, model, 5, &column(1), &[g2[0], g2[1], rc(7, 1)]);
    keep_only(&mut board, model, 5, &box_cells(0), &[g1[0], g1[1], g2[0], g2[1]]);
    assert_eq!(Technique::GroupedAic.find(&board, model), Ok(None));
}

#[test]
fn bug_plus_one() {
    // A 4×4 board where every cell holds its value in the grid below and its partner (1↔2,
    // 3↔4): every value has two places in every house. r1c1 also holds 3, which then has three
    // places in row 1, column 1 and box 1: without it the board would have two solutions.
    let (puzzle, mut board) = empty("classic-4x4");
    let model = puzzle.model();
    let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let partner = |v: Value| [2, 1, 4, 3][usize::from(v) - 1];
    let mut cuts = Vec::new();
    for (cell, &v) in solution.iter().enumerate() {
        for w in 1..=4u8 {
            if w != v && w != partner(v) && !(cell == 0 && w == 3) {
                cuts.push((cell, w));
            }
        }
    }
    cut(&mut board, model, cuts);
    let (step, text) = found(&puzzle, &board, Technique::BugPlusOne, &[]);
    assert_eq!(step.placements, vec![(0, 3)]);
    assert!(step.eliminations.is_empty());
    assert_eq!(
        text,
        "bug+1: every open cell but r1c1 holds two candidates, and without 3 there every value would have 0 or 2 places in every house: such a board has no solution or two, and the puzzle has one, so r1c1 is 3"
    );
    // Without the third candidate it is a BUG, with no +1: nothing to place.
    cut(&mut board, model, vec![(0, 3)]);
    assert_eq!(Technique::BugPlusOne.find(&board, model), Ok(None));
}

#[test]
fn uniqueness_waits_for_the_caller() {
    for t in Technique::ALL {
        assert_eq!(t.needs_unique(), t.name().contains("unique") || t == Technique::BugPlusOne, "{}", t.name());
    }
    // The type 1 board: whatever is applied, without Options::unique no step is a uniqueness
    // technique's; with it, the rectangle comes before the finned fish and colouring.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    for x in [rc(1, 1), rc(1, 4), rc(2, 1)] {
        only(&mut board, model, x, &[3, 7]);
    }
    // The forcing rungs are off: on this board of many solutions they would only spend their
    // budget at every call once the named techniques are stuck.
    let forcing = [
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::ForcingNet,
        Technique::NestedForcingNet,
    ];
    let plain_options = forcing.into_iter().fold(Options::default(), Options::without);
    let unique = Options { unique: true, ..plain_options };
    let (mut plain, mut with) = (board.clone(), board);
    let (mut plain_used, mut with_used) = (false, false);
    for _ in 0..500 {
        let a = coverlab_techniques::try_next_step_with(&plain, model, plain_options).unwrap();
        if let Some(step) = &a {
            plain_used |= step.technique.needs_unique();
            plain.apply(model, step).unwrap();
        }
        let b = coverlab_techniques::try_next_step_with(&with, model, unique).unwrap();
        if let Some(step) = &b {
            with_used |= step.technique.needs_unique();
            with.apply(model, step).unwrap();
        }
        if a.is_none() && b.is_none() {
            break;
        }
    }
    assert!(!plain_used, "a uniqueness step without the caller's word");
    assert!(with_used, "the rectangle was never used");
}

#[test]
fn sashimi_jellyfish() {
    // 5 in rows 1, 3, 5 and 9 only in columns 1, 4, 6 and 8, but for the fins r9c7 and r9c9
    // (box 9); without them row 9 would keep only r9c1: sashimi. (Smaller sashimi fish hide in
    // it, rows 1 and 3 for one: the search of size 4 is tested here on its own.)
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(1), &[rc(1, 1), rc(1, 4)]);
    keep_only(&mut board, model, 5, &row(3), &[rc(3, 4), rc(3, 6)]);
    keep_only(&mut board, model, 5, &row(5), &[rc(5, 6), rc(5, 8)]);
    keep_only(&mut board, model, 5, &row(9), &[rc(9, 1), rc(9, 7), rc(9, 9)]);
    let not = [Technique::Jellyfish, Technique::FinnedJellyfish];
    let (step, text) = found(&puzzle, &board, Technique::SashimiJellyfish, &not);
    assert_eq!(step.eliminations, vec![(rc(7, 8), 5), (rc(8, 8), 5)]);
    assert!(text.contains("but for the fins r9c7 and r9c9 in box 9"), "{text}");
}

#[test]
fn x_chain() {
    // 5's strong links in rows 1 (r1c1, r1c5), 4 (r4c5, r4c8) and 7 (r7c8, r7c2), joined by
    // weak links in columns 5 and 8: if r1c1 is not 5, r1c5 is, r4c5 is not, r4c8 is, r7c8 is
    // not, and r7c2 is. One of r1c1 and r7c2 holds 5.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(1), &[rc(1, 1), rc(1, 5)]);
    keep_only(&mut board, model, 5, &row(4), &[rc(4, 5), rc(4, 8)]);
    keep_only(&mut board, model, 5, &row(7), &[rc(7, 8), rc(7, 2)]);
    let (step, text) = found(&puzzle, &board, Technique::XChain, &[]);
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 5), rc(4, 5), rc(4, 8), rc(7, 8), rc(7, 2)]);
    assert_eq!(step.eliminations, vec![(rc(2, 2), 5), (rc(3, 2), 5), (rc(8, 1), 5), (rc(9, 1), 5)]);
    assert_eq!(
        text,
        "x-chain: 5 alternates along r1c1, r1c5, r4c5, r4c8, r7c8 and r7c2 (strong and weak links in turn): if r1c1 does not hold it, r7c2 does, so one of them holds 5: 5 is out of r2c2, r3c2, r8c1, r9c1"
    );
    // Without the last strong link (row 7 keeps a third place) the chain ends nowhere.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    keep_only(&mut board, model, 5, &row(1), &[rc(1, 1), rc(1, 5)]);
    keep_only(&mut board, model, 5, &row(4), &[rc(4, 5), rc(4, 8)]);
    keep_only(&mut board, model, 5, &row(7), &[rc(7, 8), rc(7, 2), rc(7, 5)]);
    let step = Technique::XChain.find(&board, model).unwrap();
    assert!(step.is_none_or(|s| !s.cells.contains(&rc(7, 2))), "no chain through row 7");
}

#[test]
fn xy_chain() {
    // r1c1 {1, 2}, r1c5 {2, 3}, r5c5 {3, 4}, r5c9 {4, 1}: if r1c1 is not 1, it is 2, so r1c5 is
    // 3, r5c5 is 4 and r5c9 is 1. r1c9 and r5c1 see both ends.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2]);
    only(&mut board, model, rc(1, 5), &[2, 3]);
    only(&mut board, model, rc(5, 5), &[3, 4]);
    only(&mut board, model, rc(5, 9), &[1, 4]);
    let (step, text) = found(&puzzle, &board, Technique::XyChain, &[Technique::XyWing]);
    assert_eq!(step.eliminations, vec![(rc(1, 9), 1), (rc(5, 1), 1)]);
    assert_eq!(
        text,
        "xy-chain: if r1c1 is not 1, r1c1 is 2, then r1c5 is 3, then r5c5 is 4, then r5c9 is 1; so r1c1 or r5c9 holds 1: 1 is out of r1c9, r5c1"
    );
    // The last cell holding 4 and 6 instead: no end comes back to the first's value.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2]);
    only(&mut board, model, rc(1, 5), &[2, 3]);
    only(&mut board, model, rc(5, 5), &[3, 4]);
    only(&mut board, model, rc(5, 9), &[4, 6]);
    assert_eq!(Technique::XyChain.find(&board, model), Ok(None));
}

#[test]
fn alternating_inference_chain() {
    // r1c1 and r5c9 hold only 1 and 2; 2 in column 5 only at r1c5 and r5c5. If r1c1 is not 1
    // it is 2, so r1c5 is not, r5c5 is, r5c9 is not 2, and r5c9 is 1: r1c9 and r5c1 see both.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2]);
    only(&mut board, model, rc(5, 9), &[1, 2]);
    keep_only(&mut board, model, 2, &column(5), &[rc(1, 5), rc(5, 5)]);
    let (step, text) = found(&puzzle, &board, Technique::Aic, &[Technique::XChain, Technique::XyChain]);
    assert_eq!(step.eliminations, vec![(rc(1, 9), 1), (rc(5, 1), 1)]);
    assert_eq!(
        text,
        "alternating inference chain: if r1c1 is not 1, then r1c1 is 2, r1c5 is not 2, r5c5 is 2, r5c9 is not 2, r5c9 is 1; so r1c1 is 1 or r5c9 is 1, which rules out r1c9 (1), r5c1 (1)"
    );
    // A third place of 2 in column 5 breaks the chain.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2]);
    only(&mut board, model, rc(5, 9), &[1, 2]);
    keep_only(&mut board, model, 2, &column(5), &[rc(1, 5), rc(5, 5), rc(8, 5)]);
    assert_eq!(Technique::Aic.find(&board, model), Ok(None));
}

/// Keeps only `keep` as the candidates of `cell`.
fn candidates_only(board: &mut Board, model: &Model, cell: Cell, keep: &[Value]) {
    cut(board, model, (1..=9).filter(|v| !keep.contains(v)).map(|v| (cell, v)).collect());
}

#[test]
fn forcing_chains_follow_the_cages() {
    // The killer example (no givens) needs forcing chains: without them the named techniques
    // get stuck. With them every branch also runs the cages' filters (and innies and outies),
    // so it ends solved, each step checked against the solution the validator accepts.
    let killer = common::model("killer-9x9-example");
    let file = common::read("examples/puzzles/killer-9x9.txt");
    let puzzle = common::puzzles_of(&file, Some(killer), 1).remove(0);
    let (solutions, complete) = common::solve(&puzzle, 2);
    assert!(complete && solutions.len() == 1);
    let forcing = [
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::ForcingNet,
        Technique::NestedForcingNet,
    ];
    let named = forcing.into_iter().fold(Options::default(), Options::without);
    assert_eq!(coverlab_techniques::explain_with(&puzzle, 100_000, named).ending, coverlab_techniques::Ending::Stuck);
    let explanation = coverlab_techniques::explain(&puzzle, 100_000);
    common::check_explanation(&puzzle, &solutions, &explanation).unwrap();
    assert_eq!(explanation.ending, coverlab_techniques::Ending::Solved);
    // Some branch rests on a constraint's filter (a cage, innies and outies), and its sentence
    // names it.
    let model = puzzle.model();
    let step = explanation
        .steps
        .iter()
        .find(|s| s.chains.iter().any(|b| b.implications.iter().any(|i| matches!(i.rule, Rule::Constraint(_)))))
        .expect("a forcing step through a constraint");
    let text = step.describe(model, puzzle.symbols());
    let named = model.constraints().iter().any(|k| text.contains(&format!(" (by {})", k.label)));
    assert!(named, "{text}");
    for branch in &step.chains {
        for fact in &branch.implications {
            if let Rule::Constraint(k) = fact.rule {
                assert!(model.constraints()[k].cells.contains(&fact.cell), "{fact:?}");
                assert!(!fact.holds && !fact.from.is_empty(), "{fact:?}");
            }
        }
    }
}

#[test]
fn cell_forcing_chain_finds_what_every_candidate_forces() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    // r1c1 holds 1 or 2: 1 makes r1c5 (1 or 5) a 5, 2 makes r2c2 (2 or 5) a 5.
    candidates_only(&mut board, model, rc(1, 1), &[1, 2]);
    candidates_only(&mut board, model, rc(1, 5), &[1, 5]);
    candidates_only(&mut board, model, rc(2, 2), &[2, 5]);
    let (step, text) = found(&puzzle, &board, Technique::CellForcingChain, &[]);
    let out: Vec<(Cell, Value)> = [rc(1, 2), rc(1, 3), rc(2, 4), rc(2, 5), rc(2, 6)].map(|c| (c, 5)).to_vec();
    assert_eq!(step.eliminations, out);
    assert!(step.placements.is_empty());
    assert_eq!(step.cells, vec![rc(1, 1)]);
    assert_eq!(step.values, vec![1, 2]);
    assert_eq!(step.chains.len(), 2);
    for (branch, (c, v)) in step.chains.iter().zip([(rc(1, 1), 1), (rc(1, 1), 2)]) {
        let premise = &branch.implications[0];
        assert_eq!((premise.cell, premise.value, premise.holds, premise.rule), (c, v, true, Rule::Premise));
        assert!(branch.contradiction.is_none());
        // Each fact follows from earlier ones only.
        for (i, fact) in branch.implications.iter().enumerate().skip(1) {
            assert!(!fact.from.is_empty() && fact.from.iter().all(|&f| f < i), "{fact:?}");
        }
    }
    assert_eq!(
        text,
        "cell forcing chain: r1c1 is 1 or 2; if 1, then r1c5 is not 1, r1c5 is 5, r1c2 is not 5, r1c3 is not 5, \
         r2c4 is not 5, r2c5 is not 5, r2c6 is not 5; if 2, then r2c2 is not 2, r2c2 is 5, r1c2 is not 5, r1c3 is not \
         5, r2c4 is not 5, r2c5 is not 5, r2c6 is not 5; either way r1c2 (5), r1c3 (5), r2c4 (5), r2c5 (5), r2c6 (5) go"
    );

    // With a third candidate in r1c1 nothing is forced: no cell or unit forcing chain.
    let (puzzle2, mut board2) = empty("classic-9x9");
    candidates_only(&mut board2, model, rc(1, 1), &[1, 2, 3]);
    candidates_only(&mut board2, model, rc(1, 5), &[1, 5]);
    candidates_only(&mut board2, model, rc(2, 2), &[2, 5]);
    for t in [Technique::CellForcingChain, Technique::UnitForcingChain] {
        assert_eq!(t.find(&board2, puzzle2.model()), Ok(None), "{}", t.name());
    }
}

#[test]
fn a_candidate_that_leads_to_a_contradiction_is_ruled_out() {
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    // If r1c1 were 1, r1c2 and r1c3 (each 1 or 3) would both be 3.
    candidates_only(&mut board, model, rc(1, 1), &[1, 2]);
    candidates_only(&mut board, model, rc(1, 2), &[1, 3]);
    candidates_only(&mut board, model, rc(1, 3), &[1, 3]);
    for t in [Technique::CellForcingChain, Technique::DynamicForcingChain, Technique::ForcingNet] {
        let (step, text) = found(&puzzle, &board, t, &[]);
        assert_eq!(step.eliminations, vec![(rc(1, 1), 1)], "{text}");
        assert!(step.placements.is_empty());
        let [branch] = step.chains.as_slice() else { panic!("one branch: {text}") };
        assert_eq!(branch.contradiction, Some(Clash::Twice(rc(1, 2), rc(1, 3), 3)), "{text}");
        assert_eq!(
            text,
            format!(
                "{}: if r1c1 were 1, then r1c2 is not 1, r1c3 is not 1, r1c2 is 3, r1c3 is 3, and r1c2 and r1c3 would \
                 both hold 3; so r1c1 is not 1",
                t.name()
            )
        );
    }
}

#[test]
fn the_forcing_rungs_find_nothing_on_an_empty_grid() {
    let (puzzle, board) = empty("classic-4x4");
    for t in [
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::ForcingNet,
    ] {
        assert_eq!(t.find(&board, puzzle.model()), Ok(None), "{}", t.name());
    }
}

#[test]
fn a_forcing_net_explains_what_the_dynamic_chains_cannot() {
    // The first of forum_hardest_1106: explained until its first net, whose conclusion the
    // solution (found by the solver, checked by the validator) confirms; at that board no
    // dynamic forcing chain applies.
    let line = common::read("tests/data/9x9/forum_hardest_1106_first50.txt").lines().next().unwrap().to_string();
    let puzzle = common::puzzle("classic-9x9", &line);
    let model = puzzle.model();
    let (solutions, _) = common::solve(&puzzle, 2);
    let [solution] = solutions.as_slice() else { panic!("one solution") };
    let mut board = Board::new(&puzzle).unwrap();
    loop {
        let step = next_step(&board, model).expect("never stuck");
        if step.technique == Technique::ForcingNet {
            assert_eq!(Technique::DynamicForcingChain.find(&board, model), Ok(None));
            let text = step.describe(model, puzzle.symbols());
            let &[(c, v)] = step.eliminations.as_slice() else { panic!("{text}") };
            assert_ne!(solution.get(c), v, "{text}");
            assert!(step.chains[0].implications.iter().any(|i| i.rule == Rule::Nested), "{text}");
            assert!(text.starts_with("forcing net: if ") && text.contains("(assuming it leads to a contradiction)"));
            break;
        }
        board.apply(model, &step).unwrap();
    }
}

/// The step `technique` finds, printed (for the ALS tests below, whose boards hold many sets).
fn als_step(puzzle: &Puzzle, board: &Board, technique: Technique) -> Option<(Step, String)> {
    let model = puzzle.model();
    let step = technique.find(board, model).expect("no contradiction")?;
    let text = step.describe(model, puzzle.symbols());
    Some((step, text))
}

#[test]
fn als_xz_singly_linked() {
    // A = r1c1 {1, 2, 3}, r1c2 and r1c3 {1, 2, 4}: three cells, four values in row 1. B = r5c1
    // {2, 3}. Every 3 of A (r1c1) sees every 3 of B (r5c1): one of them lacks 3 and holds its
    // other values, so 2 is in A or B: r2c1 and r3c1 see every 2 of both.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2, 3]);
    only(&mut board, model, rc(1, 2), &[1, 2, 4]);
    only(&mut board, model, rc(1, 3), &[1, 2, 4]);
    only(&mut board, model, rc(5, 1), &[2, 3]);
    let (step, text) = als_step(&puzzle, &board, Technique::AlsXz).expect("an ALS-XZ");
    assert_eq!(step.eliminations, vec![(rc(2, 1), 2), (rc(3, 1), 2)]);
    assert_eq!(step.values, vec![3]);
    assert_eq!(
        step.sets.iter().map(|s| s.cells.clone()).collect::<Vec<_>>(),
        vec![vec![rc(1, 1), rc(1, 2), rc(1, 3)], vec![rc(5, 1)]]
    );
    assert_eq!(
        text,
        "als-xz: almost locked sets {r1c1, r1c2, r1c3} (1, 2, 3, 4) and {r5c1} (2, 3) (one value more than cells each); every 3 of one sees every 3 of the other, so one of them lacks 3 and holds all its other values, and a value they share is in one of them: r2c1 (2), r3c1 (2) go"
    );
    // With B in column 2, no value of both is restricted (r1c1's 3 does not see r5c2): nothing.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2, 3]);
    only(&mut board, model, rc(1, 2), &[1, 2, 4]);
    only(&mut board, model, rc(1, 3), &[1, 2, 4]);
    only(&mut board, model, rc(5, 2), &[2, 3]);
    assert_eq!(Technique::AlsXz.find(&board, model), Ok(None));
}

#[test]
fn als_xz_doubly_linked() {
    // A = r1c1, r1c2 {1, 2, 3}, B = r1c8 {1, 3}: 1 and 3 are both restricted (row 1), so each set
    // holds one of them and the rest of its values: 1 and 3 stay in A and B (out of row 1's
    // other cells), and 2 stays in A (out of row 1's and box 1's other cells).
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2, 3]);
    only(&mut board, model, rc(1, 2), &[1, 2, 3]);
    only(&mut board, model, rc(1, 8), &[1, 3]);
    let (step, text) = als_step(&puzzle, &board, Technique::AlsXz).expect("an ALS-XZ");
    assert_eq!(step.values, vec![1, 3]);
    let mut expected: Vec<(Cell, Value)> = Vec::new();
    for c in [3, 4, 5, 6, 7, 9] {
        expected.extend([(rc(1, c), 1), (rc(1, c), 2), (rc(1, c), 3)]);
    }
    for r in 2..=3 {
        expected.extend((1..=3).map(|c| (rc(r, c), 2)));
    }
    expected.sort_unstable();
    assert_eq!(step.eliminations, expected);
    assert!(text.starts_with("als-xz: almost locked sets {r1c1, r1c2} (1, 2, 3) and {r1c8} (1, 3) (one value more than cells each); every 1 of one sees every 1 of the other, and so does every 3, so each set holds one of 1 and 3 and all its other values: r1c3 (1, 2, 3), "), "{text}");
}

#[test]
fn als_xy_wing() {
    // The pivot C = r2c2 {1, 2}; A = r2c7 {1, 4}, r2c8 {3, 4} (row 2: two cells, three values),
    // linked to C by 1; B = r5c2 {2, 3}, linked to C by 2. C holds 1 or 2, so A or B holds 3.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(2, 2), &[1, 2]);
    only(&mut board, model, rc(2, 7), &[1, 4]);
    only(&mut board, model, rc(2, 8), &[3, 4]);
    only(&mut board, model, rc(5, 2), &[2, 3]);
    let (step, text) = als_step(&puzzle, &board, Technique::AlsXyWing).expect("an ALS-XY-wing");
    assert_eq!(step.eliminations, vec![(rc(5, 8), 3)], "{text}");
    assert_eq!(step.values, vec![1, 2]);
    assert_eq!(
        text,
        "als-xy-wing: almost locked sets {r2c7, r2c8} (1, 3, 4), {r5c2} (2, 3) and the pivot {r2c2} (1, 2); the pivot holds 1 or 2 (each 1 of it sees each 1 of the first, each 2 of it each 2 of the second), so the first or the second lacks that value and holds all its others, and a value they share is in one of them: r5c8 (3) go"
    );
    // With B = r5c2 {2, 5}, A and B share no value: nothing.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(2, 2), &[1, 2]);
    only(&mut board, model, rc(2, 7), &[1, 4]);
    only(&mut board, model, rc(2, 8), &[3, 4]);
    only(&mut board, model, rc(5, 2), &[2, 5]);
    assert_eq!(Technique::AlsXyWing.find(&board, model), Ok(None));
}

#[test]
fn als_chain() {
    // Four bivalue cells, each an ALS of one cell: r1c1 {1, 2}, r1c5 {2, 3}, r5c5 {3, 4}, r5c9
    // {4, 1}, linked by 2, 3 and 4: if r1c1 is not 1, r5c9 is.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2]);
    only(&mut board, model, rc(1, 5), &[2, 3]);
    only(&mut board, model, rc(5, 5), &[3, 4]);
    only(&mut board, model, rc(5, 9), &[1, 4]);
    let (step, text) = als_step(&puzzle, &board, Technique::AlsChain).expect("an ALS chain");
    assert_eq!(step.eliminations, vec![(rc(1, 9), 1), (rc(5, 1), 1)], "{text}");
    assert_eq!(step.values, vec![2, 3, 4]);
    assert_eq!(
        text,
        "als chain: almost locked sets {r1c1} (1, 2), {r1c5} (2, 3), {r5c5} (3, 4) and {r5c9} (1, 4), each linked to the next by a value the two cannot both hold (2, 3, 4); if the first lacks a value it shares with the last, it holds 2, so the next lacks 2 and holds 3, so the next lacks 3 and holds 4, so the last lacks 4 and holds that value: r1c9 (1), r5c1 (1) go"
    );
    // The last cell {4, 5} shares no value with the first: no chain.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2]);
    only(&mut board, model, rc(1, 5), &[2, 3]);
    only(&mut board, model, rc(5, 5), &[3, 4]);
    only(&mut board, model, rc(5, 9), &[4, 5]);
    assert_eq!(Technique::AlsChain.find(&board, model), Ok(None));
}

#[test]
fn death_blossom() {
    // The stem r5c5 {1, 2, 3}; petals r5c1 {1, 4} (row 5), r1c5 {2, 4} (column 5) and r2c5 {3,
    // 5}, r2c1 {4, 5} (row 2, its 3 in column 5): whatever the stem holds, a petal holds 4.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(5, 5), &[1, 2, 3]);
    only(&mut board, model, rc(5, 1), &[1, 4]);
    only(&mut board, model, rc(1, 5), &[2, 4]);
    only(&mut board, model, rc(2, 5), &[3, 5]);
    only(&mut board, model, rc(2, 1), &[4, 5]);
    let (step, text) = als_step(&puzzle, &board, Technique::DeathBlossom).expect("a death blossom");
    assert_eq!(step.eliminations, vec![(rc(1, 1), 4)], "{text}");
    assert_eq!(step.cells, vec![rc(5, 5)]);
    assert_eq!(
        text,
        "death blossom: the stem r5c5 holds 1, 2 or 3; each petal, {r5c1} (1, 4) for 1, {r1c5} (2, 4) for 2 and {r2c1, r2c5} (3, 4, 5) for 3, is an almost locked set whose every such value sees the stem, so the petal of the stem's value lacks it and holds all its other values, and a value of every petal is in one of them: r1c1 (4) go"
    );
    // Without a petal for 3 (r2c5's 3 moved to r2c6, which does not see the stem): nothing.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(5, 5), &[1, 2, 3]);
    only(&mut board, model, rc(5, 1), &[1, 4]);
    only(&mut board, model, rc(1, 5), &[2, 4]);
    only(&mut board, model, rc(2, 6), &[3, 5]);
    only(&mut board, model, rc(2, 1), &[4, 5]);
    assert_eq!(Technique::DeathBlossom.find(&board, model), Ok(None));
}

#[test]
fn sue_de_coq() {
    // r1c1 and r1c2 (row 1 and box 1) hold 1, 2, 3, 4; r1c5 {1, 2} in row 1, r2c1 {3, 4} in box 1:
    // four cells, four values, 1 and 2 in row 1's part, 3 and 4 in box 1's.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2, 3, 4]);
    only(&mut board, model, rc(1, 2), &[1, 2, 3, 4]);
    only(&mut board, model, rc(1, 5), &[1, 2]);
    only(&mut board, model, rc(2, 1), &[3, 4]);
    let (step, text) = als_step(&puzzle, &board, Technique::SueDeCoq).expect("a Sue de Coq");
    let mut expected: Vec<(Cell, Value)> = (1..=4).map(|v| (rc(1, 3), v)).collect();
    for c in [4, 6, 7, 8, 9] {
        expected.extend([(rc(1, c), 1), (rc(1, c), 2)]);
    }
    for cell in [rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)] {
        expected.extend([(cell, 3), (cell, 4)]);
    }
    expected.sort_unstable();
    assert_eq!(step.eliminations, expected, "{text}");
    assert_eq!(
        text,
        "sue de coq: {r1c1, r1c2} (1, 2, 3, 4) where row 1 meets box 1, with {r1c5} (1, 2) in row 1 and {r2c1} (3, 4) in box 1, whose values are apart: these 4 cells hold 4 values between them, each once, so each unit's part keeps its values from the rest of the unit: r1c3 (1, 2, 3, 4), r1c4 (1, 2), r1c6 (1, 2), r1c7 (1, 2), r1c8 (1, 2), r1c9 (1, 2), r2c2 (3, 4), r2c3 (3, 4), r3c1 (3, 4), r3c2 (3, 4), r3c3 (3, 4) go"
    );
    // r1c5 {1, 3} shares 3 with r2c1: the parts are not apart, nothing follows.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2, 3, 4]);
    only(&mut board, model, rc(1, 2), &[1, 2, 3, 4]);
    only(&mut board, model, rc(1, 5), &[1, 3]);
    only(&mut board, model, rc(2, 1), &[3, 4]);
    assert_eq!(Technique::SueDeCoq.find(&board, model), Ok(None));
}

#[test]
fn aligned_pair_exclusion() {
    // r1c1 {1, 2} and r1c2 {1, 3} see each other; with 1 at r1c1, r1c2 would be 3, and r1c5
    // {1, 3}, seeing both, would have no value: 1 is out of r1c1.
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2]);
    only(&mut board, model, rc(1, 2), &[1, 3]);
    only(&mut board, model, rc(1, 5), &[1, 3]);
    let (step, text) = als_step(&puzzle, &board, Technique::AlignedPairExclusion).expect("an exclusion");
    assert_eq!(step.eliminations, vec![(rc(1, 1), 1)]);
    assert_eq!(
        text,
        "aligned pair exclusion: r1c1 and r1c2 see each other; if r1c1 were 1, r1c2 could hold none of its other values: 3 ({r1c5} (1, 3) would lose 1 and 3); so r1c1 is not 1"
    );
    let (puzzle, mut board) = empty("classic-9x9");
    let model = puzzle.model();
    only(&mut board, model, rc(1, 1), &[1, 2]);
    only(&mut board, model, rc(1, 2), &[1, 3]);
    only(&mut board, model, rc(1, 5), &[1, 4]);
    assert_eq!(Technique::AlignedPairExclusion.find(&board, model), Ok(None));
}

#[test]
fn forcing_budgets_grow_with_the_candidates() {
    use coverlab_techniques::{FULL_WORK_CANDIDATES, MAX_FORCING_WORK, MAX_NET_WORK, MAX_WORK_SCALE, scaled_work};
    // Every 9×9 board (at most 81 × 9 candidates) keeps the budgets as given.
    assert_eq!(FULL_WORK_CANDIDATES, 729);
    for candidates in [0, 16, 200, 729] {
        assert_eq!(scaled_work(MAX_FORCING_WORK, candidates), MAX_FORCING_WORK);
        assert_eq!(scaled_work(MAX_NET_WORK, candidates), MAX_NET_WORK);
    }
    // More candidates, more premises to try: the budget grows with them, up to 4 times.
    assert_eq!(scaled_work(MAX_FORCING_WORK, 2 * 729), 2 * MAX_FORCING_WORK);
    assert_eq!(scaled_work(MAX_NET_WORK, 2_000), MAX_NET_WORK * 2_000 / 729);
    assert_eq!(MAX_WORK_SCALE, 4);
    for candidates in [4 * 729, 625 * 25, 4096 * 64] {
        assert_eq!(scaled_work(MAX_NET_WORK, candidates), 4 * MAX_NET_WORK);
    }
    let counts = [729, 1_000, 1_800, 2_500];
    assert!(counts.windows(2).all(|w| scaled_work(MAX_FORCING_WORK, w[0]) < scaled_work(MAX_FORCING_WORK, w[1])));
}

#[test]
fn almost_locked_sets_stay_small_on_an_empty_64x64() {
    // Every cell has 64 candidates: no ALS of at most MAX_ALS_CELLS cells, no Sue de Coq, and
    // each search returns at once instead of enumerating sets of 63 cells.
    let (puzzle, board) = empty("classic-64x64");
    let model = puzzle.model();
    for t in [
        Technique::SueDeCoq,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsChain,
        Technique::DeathBlossom,
        Technique::AlignedPairExclusion,
    ] {
        let started = std::time::Instant::now();
        assert_eq!(t.find(&board, model), Ok(None), "{}", t.name());
        // Generous (a debug build on a loaded machine); unbounded, aligned pair exclusion took
        // 6 s of a release build here.
        assert!(started.elapsed().as_secs() < 20, "{} took {:?}", t.name(), started.elapsed());
    }
}

#[test]
fn explaining_again_with_more_techniques_reuses_the_earlier_steps_and_matches() {
    // As `explain` does: without the forcing rungs and the uniqueness techniques first, then,
    // stuck, again with them (unique: these puzzles have one solution). The second
    // explanation, built on the first, is the one explain_with gives from scratch.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/9x9/magictour_top1465_first50.txt"
    ))
    .expect("the shipped file");
    let forcing = [
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::ForcingNet,
        Technique::NestedForcingNet,
    ];
    let cheap = forcing.into_iter().fold(Options::default(), Options::without);
    let full = Options { unique: true, ..Options::default() };
    let mut stuck = 0;
    for line in text.lines().filter(|l| l.trim().len() == 81).take(6) {
        let puzzle = common::puzzle("classic-9x9", line.trim());
        let earlier = coverlab_techniques::explain_with(&puzzle, 100_000, cheap);
        if earlier.ending != coverlab_techniques::Ending::Stuck {
            continue;
        }
        stuck += 1;
        let again = coverlab_techniques::explain_again(&puzzle, 100_000, full, &earlier, cheap);
        assert_eq!(again, coverlab_techniques::explain_with(&puzzle, 100_000, full), "{line}");
        assert_eq!(again.ending, coverlab_techniques::Ending::Solved, "{line}");
    }
    assert!(stuck >= 2, "only {stuck} of the puzzles need the forcing rungs");
}

/// TAREK killer 7 (tests/data/variants) as `coverlab explain` has it before its 24th step
/// (its last nested net): nothing placed, each cell's nine candidates (`.` where removed),
/// row-major.
const TAREK_7_BEFORE_NESTED: &str = "\
12.4.6..91...56789123456789123456789123456789.23456789...456789123456789123456789\
123456789123.567..12345678.123456789...456....23456789123.567..123456789123456789\
123456789123456789..3456789123456789123456789123456789.234.678912345678....456789\
123456789..3456789..3456789123456789123......123456789123456789123456789123456789\
123456...123456...123456...123456.........789......789123456.........789123456...\
123456789123456789123456789123456789123456789123456789123456789123456789123456789\
123456789123456789123456789.234567891234567891234567..1234567..123456789123456789\
1234567891234567891234567891234567891234567891234567..12345678912345678.123456789\
123456789123456789123456789123456789123456789123456789123456789123456789123456789";

/// TAREK killer 7, its solution (checked by the validator) and the board of
/// [`TAREK_7_BEFORE_NESTED`].
fn tarek_7() -> (Puzzle, coverlab_model::Grid, Board) {
    let file = common::read("tests/data/variants/killer_tarek_7.jsonl");
    let puzzle = common::puzzles_of(&file, None, 1).remove(0);
    let model = puzzle.model();
    let solution = common::parse_line(model, common::read("tests/data/variants/killer_tarek_7.solutions.txt").trim());
    coverlab_model::validate::check_solution(model, puzzle.givens(), &solution).expect("the validator accepts it");
    let mut board = Board::new(&puzzle).expect("no givens, no clash");
    let marks: Vec<u8> = TAREK_7_BEFORE_NESTED.bytes().collect();
    assert_eq!(marks.len(), 729);
    let gone = (0..81)
        .flat_map(|c| (1..=9u8).map(move |v| (c, v)))
        .filter(|&(c, v)| marks[c * 9 + usize::from(v) - 1] == b'.');
    cut(&mut board, model, gone.collect());
    (puzzle, solution, board)
}

#[test]
fn nested_forcing_net_goes_on_where_every_other_technique_stops() {
    // On this killer board every other rung finds nothing (the forcing net spends its budget);
    // the nested net of level 1 (its larger budget, the same nesting) refutes r1c2 = 6. From
    // there the explanation ends solved, every step checked against the validated solution.
    let (puzzle, solution, mut board) = tarek_7();
    let model = puzzle.model();
    for t in Technique::ALL.into_iter().filter(|&t| t != Technique::NestedForcingNet) {
        assert_eq!(t.find(&board, model), Ok(None), "{} applies", t.name());
    }
    let step = Technique::NestedForcingNet.find(&board, model).expect("no contradiction").expect("a step");
    let text = step.describe(model, puzzle.symbols());
    assert_eq!(step.nesting, Some(1), "{text}");
    assert_eq!(step.eliminations, vec![(rc(1, 2), 6)], "{text}");
    assert_ne!(solution.get(rc(1, 2)), 6);
    assert!(text.starts_with("nested forcing net (level 1): if r1c2 were 6, then "), "{text}");
    assert!(text.ends_with("; so r1c2 is not 6"), "{text}");
    let [branch] = step.chains.as_slice() else { panic!("one branch: {text}") };
    assert!(branch.contradiction.is_some());
    // Inside the assumption, candidates are refuted one level down.
    assert!(branch.implications.iter().any(|i| i.rule == Rule::Nested), "{text}");
    common::check_shape(&step).unwrap();
    board.apply(model, &step).expect("the step applies");
    let options = Options { unique: true, ..Options::default() };
    for _ in 0..729 {
        if board.is_solved() {
            break;
        }
        let step = coverlab_techniques::try_next_step_with(&board, model, options).expect("no contradiction");
        let step = step.expect("a step: every puzzle with one solution ends solved");
        let said = step.describe(model, puzzle.symbols());
        for &(c, v) in &step.placements {
            assert_eq!(solution.get(c), v, "{said}");
        }
        for &(c, v) in &step.eliminations {
            assert_ne!(solution.get(c), v, "{said}");
        }
        board.apply(model, &step).expect("the step applies");
    }
    assert_eq!(board.values(), solution.values());
}

#[test]
fn nested_forcing_nets_solve_a_hard_classic_without_the_forcing_net() {
    // forum_hardest_1106's first puzzle needs forcing nets; with the forcing net turned off the
    // nested one does its work (level 1, or deeper), and the explanation still ends solved.
    let text = common::read("tests/data/9x9/forum_hardest_1106_first50.txt");
    let puzzle = common::puzzle("classic-9x9", text.lines().next().expect("a line").trim());
    let (solutions, complete) = common::solve(&puzzle, 2);
    assert!(complete && solutions.len() == 1);
    let options = Options { unique: true, ..Options::default() }.without(Technique::ForcingNet);
    let explanation = coverlab_techniques::explain_with(&puzzle, 100_000, options);
    common::check_explanation(&puzzle, &solutions, &explanation).unwrap();
    assert_eq!(explanation.ending, coverlab_techniques::Ending::Solved);
    let nested: Vec<&Step> = explanation.steps.iter().filter(|s| s.technique == Technique::NestedForcingNet).collect();
    assert!(!nested.is_empty());
    for step in nested {
        let level = step.nesting.expect("a level");
        assert!((1..=coverlab_techniques::MAX_NESTING).contains(&level));
        let said = step.describe(puzzle.model(), puzzle.symbols());
        assert!(said.starts_with(&format!("nested forcing net (level {level}): ")), "{said}");
    }
}
