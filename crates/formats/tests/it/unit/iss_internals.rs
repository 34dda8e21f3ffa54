//! The ISS reader, constraint by constraint: what each is read to (cells, values, rules), and
//! every way a string is refused (unknown or unsupported constraints, bad cells, shapes, counts
//! and values, sums no values reach, hostile lengths), each naming the constraint.

use coverlab_model::Model;
use coverlab_model::spec::{CellRef, Mark, Rule, Spec};

use coverlab_formats::iss::*;
use proptest::prelude::*;

fn c(row: usize, col: usize) -> CellRef {
    CellRef { row, col }
}

/// The rules a string is read to, after the grid's own (rows, columns and boxes).
fn rules(text: &str) -> Vec<Rule> {
    let p = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.spec
        .unwrap()
        .rules
        .into_iter()
        .filter(|r| !matches!(r, Rule::Rows | Rule::Columns | Rule::Boxes { .. }))
        .collect()
}

fn spec(text: &str) -> Spec {
    *parse(text).unwrap_or_else(|e| panic!("{text}: {e}")).spec.unwrap()
}

fn error(text: &str) -> IssError {
    match parse(text) {
        Ok(p) => panic!("{text}: read, expected an error: {:?}", p.spec),
        Err(e) => e,
    }
}

/// The message of a refusal.
fn message(text: &str) -> String {
    error(text).to_string()
}

#[test]
fn shapes_give_the_size_and_iss_boxes() {
    let s = spec(".~R1C1_5");
    assert_eq!((s.size, s.name.as_str()), (9, "iss-9x9"));
    assert!(s.rules.starts_with(&[Rule::Rows, Rule::Columns, Rule::Boxes { rows: 3, cols: 3 }]));
    for (shape, n, boxes) in [
        ("4x4", 4, Some((2, 2))),
        ("6x6", 6, Some((2, 3))),
        ("6x6~6", 6, Some((2, 3))),
        ("6x6~1-6", 6, Some((2, 3))),
        ("8x8~~Sudoku", 8, Some((2, 4))),
        ("12x12", 12, Some((3, 4))),
        ("16x16", 16, Some((4, 4))),
        ("7x7", 7, None),
    ] {
        let s = spec(&format!(".Shape~{shape}"));
        assert_eq!(s.size, n, "{shape}");
        let found =
            s.rules.iter().find_map(|r| if let Rule::Boxes { rows, cols } = r { Some((*rows, *cols)) } else { None });
        assert_eq!(found, boxes, "{shape}");
    }
    // NoBoxes: a Latin square.
    assert_eq!(spec(".Shape~4x4.NoBoxes").rules, [Rule::Rows, Rule::Columns]);
}

#[test]
fn givens_in_both_forms_and_their_candidates() {
    let p = parse(".Shape~16x16.~R1C1_5~RaCg_16.Given~R2C3_7").unwrap();
    assert_eq!((p.values[0], p.values[9 * 16 + 15], p.values[16 + 2]), (5, 16, 7));
    assert_eq!(p.values.iter().filter(|&&v| v != 0).count(), 3);
    // ISS intersects the candidates given to one cell.
    assert_eq!(parse(".~R1C1_1_2.~R1C1_2_3").unwrap().values[0], 2);
    // All the even or all the odd values: a parity rule.
    assert_eq!(
        rules(".~R4C7_2_4_6_8~R4C8_8_6_4_2.~R2C3_1_3_5_7_9"),
        [Rule::Even { cells: vec![c(4, 7), c(4, 8)] }, Rule::Odd { cells: vec![c(2, 3)] }]
    );
    // A plain grid of the givens before the constraints, in ISS's letters above 9×9.
    let line = format!("{}4 .Thermo~R1C1~R1C2", ".".repeat(80));
    let p = parse(&line).unwrap();
    assert_eq!((p.values[80], p.values[0]), (4, 0));
    assert_eq!(rules(&line), [Rule::Thermometer { cells: vec![c(1, 1), c(1, 2)] }]);
    // Given in both: the values intersect, as in ISS.
    let both = format!("{}4 .~R9C9_4_5", ".".repeat(80));
    assert_eq!(parse(&both).unwrap().values[80], 4);
    let e = message(&format!("{}4 .~R9C9_5", ".".repeat(80)));
    assert_eq!(e, "constraint 1 \".~R9C9_5\": r9c9 is given 4 in the plain grid, which this constraint excludes");
    let p = parse(&format!("P{}", "0".repeat(255))).unwrap();
    assert_eq!((p.size, p.values[0]), (16, 16));
    // Whitespace anywhere, empty constraints and a trailing '.' are passed over, as ISS does.
    let p = parse("  ..~R1C1_5 ~R1C2_ 6\n.AntiKnight .").unwrap();
    assert_eq!(&p.values[..2], &[5, 6]);
}

#[test]
fn cages_and_sums() {
    assert_eq!(
        rules(".Cage~10~R1C1~R1C2.Cage~~R2C1~R2C2.Cage~0~R3C1"),
        [
            Rule::Cage { cells: vec![c(1, 1), c(1, 2)], sum: Some(10) },
            Rule::Cage { cells: vec![c(2, 1), c(2, 2)], sum: None },
            Rule::Cage { cells: vec![c(3, 1)], sum: None },
        ]
    );
    // A sum within one row, column, box, jigsaw region or diagonal: values cannot repeat, a cage.
    for cells in ["R1C1~R1C9", "R1C1~R9C1", "R1C1~R3C3", "R2C2~R8C8"] {
        let text = format!(".Diagonal~-1.Sum~10~{cells}");
        assert!(matches!(&rules(&text)[1], Rule::Cage { sum: Some(10), .. }), "{cells}");
    }
    // Another diagonal line is no house: values may repeat there (a run of it is a little killer,
    // and cells along no diagonal a sum whose values may repeat).
    assert_eq!(rules(".Diagonal~-1.Sum~10~R1C2~R8C9")[1], Rule::Sum { cells: vec![c(1, 2), c(8, 9)], sum: 10 });
    let text = ".Sum~3_=_1_1~R5C5~R5C6";
    assert_eq!(rules(text), [Rule::Cage { cells: vec![c(5, 5), c(5, 6)], sum: Some(3) }]);
    // A run along a diagonal: values may repeat, a little killer (in order, whatever the order given).
    assert_eq!(
        rules(".Sum~12~R3C3~R2C4~R4C2"),
        [Rule::LittleKiller { cells: vec![c(2, 4), c(3, 3), c(4, 2)], sum: 12 }]
    );
}

#[test]
fn quadruples_rellik_cages_pills_and_double_arrows() {
    assert_eq!(
        rules(".Quad~R3C3~1~2~2.RellikCage~7~R1C1~R1C2.DoubleArrow~R5C1~R5C2~R5C3"),
        [
            Rule::Quadruple { cell: c(3, 3), values: vec![1, 2, 2] },
            Rule::Rellik { cells: vec![c(1, 1), c(1, 2)], sum: 7 },
            Rule::DoubleArrow { cells: vec![c(5, 1), c(5, 2), c(5, 3)] },
        ]
    );
    // The pill's cells in reading order, as ISS sorts them; then the line.
    assert_eq!(
        rules(".PillArrow~2~R1C3~R1C2~R2C1~R3C1"),
        [Rule::PillArrow { pill: vec![c(1, 2), c(1, 3)], line: vec![c(2, 1), c(3, 1)] }]
    );
    assert!(message(".PillArrow~4~R1C1~R1C2~R1C3~R1C4~R2C4").contains("the pill size \"4\" is not 2 or 3"));
    assert!(message(".PillArrow~2~R1C1~R1C2").contains("expected at least 3"));
    assert!(message(".Quad~R1C1~0").contains("\"0\" is not a value of the 9×9 grid (1 to 9)"));
    assert!(message(".DoubleArrow~R1C1~R1C2").contains("expected at least 3"));
    // Sum lines: the total, then the line; a loop is refused.
    assert_eq!(
        rules(".SumLine~10~R1C1~R1C2~R2C3"),
        [Rule::SumLine { cells: vec![c(1, 1), c(1, 2), c(2, 3)], sum: 10, closed: false }]
    );
    assert_eq!(
        rules(".SumLine~10~R1C1~R1C2~R2C2~R2C1~LOOP.Lunchbox~7~R9C1~R9C2~R9C3~R9C4"),
        [
            Rule::SumLine { cells: vec![c(1, 1), c(1, 2), c(2, 2), c(2, 1)], sum: 10, closed: true },
            Rule::Lunchbox { cells: vec![c(9, 1), c(9, 2), c(9, 3), c(9, 4)], sum: 7 },
        ]
    );
    assert!(message(".Lunchbox~50~R1C1~R1C2~R1C3").contains("never add up to 50"));
    assert!(message(".SumLine~10").contains("expected at least 1"), "{}", message(".SumLine~10"));
    // A value twice inside one box never holds: the spec's check, naming the constraint.
    let e = message(".Quad~R4C4~1~2~2");
    assert!(e.starts_with("constraint 1 \".Quad~R4C4~1~2~2\": Quadruple rule 1 asks for value 2 in 2 cells"), "{e}");
}

#[test]
fn lines_keep_their_order_and_ends() {
    assert_eq!(
        rules(".Thermo~R9C4~R8C3~R7C2.Arrow~R1C1~R1C2~R2C3.Renban~R5C5~R5C6.Palindrome~R6C1~R6C2~R6C3"),
        [
            Rule::Thermometer { cells: vec![c(9, 4), c(8, 3), c(7, 2)] },
            Rule::Arrow { circle: c(1, 1), line: vec![c(1, 2), c(2, 3)] },
            Rule::Renban { cells: vec![c(5, 5), c(5, 6)] },
            Rule::Palindrome { cells: vec![c(6, 1), c(6, 2), c(6, 3)] },
        ]
    );
    // German whispers (no difference): ISS's 5, on every grid; or the difference given.
    assert_eq!(
        rules(".Whisper~R1C1~R1C2.Whisper~3~R2C1~R2C2"),
        [
            Rule::Whisper { cells: vec![c(1, 1), c(1, 2)], difference: Some(5) },
            Rule::Whisper { cells: vec![c(2, 1), c(2, 2)], difference: Some(3) },
        ]
    );
    assert_eq!(
        rules(".Shape~6x6.Whisper~R1C1~R1C2"),
        [Rule::Whisper { cells: vec![c(1, 1), c(1, 2)], difference: Some(5) }]
    );
    // A whisper that comes back to a cell: cut where it does, every neighbouring pair kept.
    assert_eq!(
        rules(".Whisper~R5C5~R5C6~R6C6~R5C6~R4C6"),
        [
            Rule::Whisper { cells: vec![c(5, 5), c(5, 6), c(6, 6)], difference: Some(5) },
            Rule::Whisper { cells: vec![c(6, 6), c(5, 6), c(4, 6)], difference: Some(5) },
        ]
    );
}

#[test]
fn dots_and_xv_mark_each_orthogonal_pair_of_their_cells() {
    assert_eq!(
        rules(".WhiteDot~R1C1~R1C2.BlackDot~R2C1~R3C1.X~R4C4~R4C5.V~R5C5~R6C5"),
        [
            Rule::WhiteDot { cells: vec![c(1, 1), c(1, 2)] },
            Rule::BlackDot { cells: vec![c(2, 1), c(3, 1)] },
            Rule::X { cells: vec![c(4, 4), c(4, 5)] },
            Rule::V { cells: vec![c(5, 5), c(6, 5)] },
        ]
    );
    // Several cells: each adjacent pair once (R1C1-R1C3 are not neighbours).
    assert_eq!(
        rules(".X~R1C1~R1C2~R1C3~R1C1"),
        [Rule::X { cells: vec![c(1, 1), c(1, 2)] }, Rule::X { cells: vec![c(1, 2), c(1, 3)] }]
    );
}

#[test]
fn little_killers_start_on_the_edge_in_iss_directions() {
    let diagonal = |text: &str| match &rules(text)[0] {
        Rule::LittleKiller { cells, sum } => (cells.clone(), *sum),
        other => panic!("{other:?}"),
    };
    // From the left column down-right, the right column up-left, the top row down-left, the
    // bottom row up-right.
    assert_eq!(diagonal(".LittleKiller~15~R7C1"), (vec![c(7, 1), c(8, 2), c(9, 3)], 15));
    assert_eq!(diagonal(".LittleKiller~15~R3C9"), (vec![c(3, 9), c(2, 8), c(1, 7)], 15));
    assert_eq!(diagonal(".LittleKiller~10~R1C2"), (vec![c(1, 2), c(2, 1)], 10));
    assert_eq!(diagonal(".LittleKiller~10~R9C8"), (vec![c(9, 8), c(8, 9)], 10));
    assert_eq!(diagonal(".LittleKiller~45~R1C1").0.len(), 9);
    assert_eq!(diagonal(".LittleKiller~45~R1C9").0, (1..=9).map(|k| c(k, 10 - k)).collect::<Vec<_>>());
    // A later clue of the same diagonal replaces the earlier, as in ISS.
    assert_eq!(diagonal(".LittleKiller~10~R1C2.LittleKiller~11~R1C2"), (vec![c(1, 2), c(2, 1)], 11));
    let e = message(".LittleKiller~10~R5C5");
    assert!(e.starts_with("constraint 1 \".LittleKiller~10~R5C5\": r5c5 starts no little killer diagonal"), "{e}");
    // Corners that start no diagonal of two cells or more.
    assert!(message(".LittleKiller~9~R9C9").contains("r9c9 starts no little killer diagonal"));
}

#[test]
fn sandwiches_name_a_row_or_a_column() {
    assert_eq!(
        rules(".Sandwich~0~R9.Sandwich~35~C4.Sandwich~3~C4"),
        [Rule::Sandwich { row: None, column: Some(4), sum: 3 }, Rule::Sandwich { row: Some(9), column: None, sum: 0 },]
    );
    for bad in ["R0", "R10", "r3", "X3", "R03", "R", "C-1"] {
        let e = message(&format!(".Sandwich~5~{bad}"));
        assert!(e.contains("is not a row or column of the 9×9 grid"), "{bad}: {e}");
    }
}

#[test]
fn skyscrapers_name_a_line_and_the_clues_from_each_end() {
    let sky = |row: Option<usize>, column: Option<usize>, from_end: bool, count: u32| Rule::Skyscraper {
        row,
        column,
        from_end,
        count,
    };
    // The first clue is seen from the left (top), the second from the right (bottom); an empty
    // one is no clue; a later clue of the same line and end replaces the earlier one, as in ISS.
    assert_eq!(
        rules(".Skyscraper~R3~2~4.Skyscraper~C4~~3.Skyscraper~C5~5.Skyscraper~C5~6"),
        [
            sky(None, Some(4), true, 3),
            sky(None, Some(5), false, 6),
            sky(Some(3), None, false, 2),
            sky(Some(3), None, true, 4)
        ]
    );
    for bad in ["R0", "R10", "r3", "X3", "R03", "C-1"] {
        let e = message(&format!(".Skyscraper~{bad}~3"));
        assert!(e.contains("is not a row or column of the 9×9 grid"), "{bad}: {e}");
    }
    assert!(
        message(".Skyscraper~R1").contains("Skyscraper takes a row or column (R3, C5) and one or two clues, not 1")
    );
    assert!(message(".Skyscraper~R1~x").contains("the clue \"x\" is not a count of cells"));
    assert!(message(".Skyscraper~R1~-2").contains("the clue \"-2\" is not a count of cells"));
    assert_eq!(
        rules(".XSum~R2~8~.XSum~C9~~45"),
        [
            Rule::XSum { row: None, column: Some(9), from_end: true, sum: 45 },
            Rule::XSum { row: Some(2), column: None, from_end: false, sum: 8 }
        ]
    );
    assert!(message(".XSum~R1~x").contains("the clue \"x\" is not a sum"));
    assert!(message(".XSum~R1~0").contains("never 0"), "{}", message(".XSum~R1~0"));
    // A count the grid cannot show is the spec's own refusal, naming the constraint.
    let e = message(".Skyscraper~R1~10");
    assert!(e.contains(".Skyscraper~R1~10") && e.contains("10 values seen is out of range on a 9×9 grid"), "{e}");
}

#[test]
fn flags_and_houses_over_the_whole_grid() {
    // Each flag once, however often written.
    assert_eq!(
        rules(".AntiKnight.AntiKing.AntiConsecutive.AntiKnight"),
        [Rule::NonConsecutive, Rule::AntiKing, Rule::AntiKnight]
    );
    assert_eq!(rules(".Diagonal~1.Diagonal~-1"), [Rule::Diagonals]);
    let anti = (1..=9).map(|k| c(10 - k, k)).collect();
    assert_eq!(rules(".Diagonal~1"), [Rule::House { name: "anti-diagonal".into(), cells: anti }]);
    let main = (1..=9).map(|k| c(k, k)).collect();
    assert_eq!(rules(".Diagonal~-1"), [Rule::House { name: "main diagonal".into(), cells: main }]);
    assert_eq!(rules(".Windoku"), [Rule::Windows]);
    // Without boxes ISS still places the windows: four houses of 3×3.
    let windows = rules(".NoBoxes.Windoku");
    assert_eq!(windows.len(), 4);
    let Rule::House { cells, .. } = &windows[0] else { panic!("{windows:?}") };
    assert_eq!((cells[0], cells[8]), (c(2, 2), c(4, 4)));
    // Disjoint sets: the cells at one place in every box.
    let sets = rules(".DisjointSets");
    assert_eq!(sets.len(), 9);
    let Rule::House { cells, .. } = &sets[4] else { panic!("{sets:?}") };
    assert_eq!(cells[..3], [c(2, 2), c(2, 5), c(2, 8)]);
    assert_eq!(rules(".StrictKropki"), [Rule::Negative(vec![Mark::WhiteDot, Mark::BlackDot])]);
    assert_eq!(rules(".StrictXV"), [Rule::Negative(vec![Mark::X, Mark::V])]);
    // Both, with the same pairs marked by each (here none): one rule of all four marks.
    assert_eq!(
        rules(".StrictXV.StrictKropki"),
        [Rule::Negative(vec![Mark::WhiteDot, Mark::BlackDot, Mark::X, Mark::V])]
    );
    assert_eq!(
        rules(".AllDifferent~R1C1~R2C2~R3C4.AllDifferent~R5C5"),
        [Rule::AtMostOnce { name: "AllDifferent (constraint 1)".into(), cells: vec![c(1, 1), c(2, 2), c(3, 4)] }]
    );
    // RegionSize of n is the default; SearchPriority only orders ISS's search.
    assert_eq!(rules(".RegionSize~9.SearchPriority~5~R1C1~R1C2"), []);
}

#[test]
fn jigsaw_layouts_are_regions() {
    let layout = "000000021453303021453333221453322221455566121445666111445566667488887777888887777";
    let s = spec(&format!(".NoBoxes.Jigsaw~9x9~{layout}"));
    let Rule::Regions(map) = &s.rules[2] else { panic!("{:?}", s.rules) };
    assert_eq!((map[0].as_str(), map[8].as_str()), ("AAAAAAABC", "IIIIIHHHH"));
    assert_eq!(s.rules.len(), 3, "no boxes");
    // Without NoBoxes, ISS keeps the boxes too.
    let s = spec(&format!(".Jigsaw~{layout}"));
    assert!(s.rules.contains(&Rule::Boxes { rows: 3, cols: 3 }) && matches!(s.rules[3], Rule::Regions(_)));
    // One region of another size is left unconstrained; the others are houses.
    let partial = format!("{}{}", "1".repeat(9), "2".repeat(72));
    assert_eq!(rules(&format!(".Jigsaw~{partial}")).len(), 1);
    // Two layouts: the pieces of both, as houses (coverlab's region map holds one).
    let rows: String = (0..9).map(|r| char::from(b'1' + r).to_string().repeat(9)).collect();
    let columns: String = (0..81).map(|k| char::from(b'1' + (k % 9) as u8)).collect();
    let both = rules(&format!(".NoBoxes.Jigsaw~{rows}.Jigsaw~{columns}"));
    assert_eq!(both.len(), 18);
    assert!(both.iter().all(|r| matches!(r, Rule::House { .. })));
    // A layout of one region holds no constraint.
    assert_eq!(rules(&format!(".Jigsaw~{}", "1".repeat(81))), []);
}

#[test]
fn every_iss_name_is_read_or_refused() {
    // The constraint classes of ISS's js/sudoku_constraint.js (e373f98).
    let classes = "Container Or And Replicate End Jigsaw Thermo Whisper Renban Modular Entropic RegionSumLine \
        Between Lockout Palindrome Zipper SumLine Regex NFA NoBoxes ChaosConstruction ChaosArrow ChaosCount \
        RegionSize RegionSameValues StrictKropki StrictXV Shape Windoku DisjointSets AntiKnight Doppelganger \
        AntiKing AntiTaxicab AntiConsecutive GlobalEntropy GlobalMod FullRankTies DutchFlatmates Diagonal \
        WhiteDot BlackDot GreaterThan X ValueIndexing V Arrow DoubleArrow PillArrow Cage RellikCage \
        EqualityCage Sum LittleKiller XSum Sandwich Lunchbox Skyscraper HiddenSkyscraper NumberedRoom FullRank \
        AllDifferent ContainAtLeast ContainExact LookAndSay ConnectedValues SameValues EqualSum Quad Binary \
        BinaryX Pair PairX Indexing CountingCircles CountDistinct Given SearchPriority Var";
    for name in classes.split_whitespace() {
        let read = SUPPORTED.contains(&name);
        let refused = REFUSED.iter().any(|(r, _)| *r == name);
        assert!(read != refused, "{name}: read {read}, refused {refused}");
        if refused {
            let e = error(&format!(".{name}~1~R1C1"));
            assert!(matches!(e.problem, Problem::Unsupported { .. }), "{name}: {e}");
            assert!(e.to_string().ends_with("not supported by coverlab"), "{name}: {e}");
        }
    }
    assert_eq!(SUPPORTED.len() + REFUSED.len(), classes.split_whitespace().count());
}

#[test]
fn unknown_and_unsupported_constraints_are_named_where_they_are() {
    let e = error(".~R1C1_5.Thermo~R1C2~R1C3.CountDistinct~R1C1");
    assert_eq!(
        e.to_string(),
        "constraint 3 \".CountDistinct~R1C1\": distinct-value counts are not supported by coverlab"
    );
    assert_eq!(e.column(), Some(26));
    let e = error(".Cagee~3~R1C1~R1C2");
    assert!(matches!(&e.problem, Problem::Unknown { name, .. } if name == "Cagee"));
    assert!(e.to_string().ends_with("(not one the Interactive Sudoku Solver writes; did you mean Cage?)"), "{e}");
    assert!(
        message(".Replicate~R1C1.~R1C1_1.End").starts_with("constraint 1 \".Replicate~R1C1\": composite constraints")
    );
    assert!(message(".Var~A~~1.Arrow~VA~R1C1").contains("extra cells (Var) are not supported"));
    assert!(message(".Cage~3~VA~R1C1").contains("\"VA\" is an extra cell (Var)"));
    assert!(message(".Sum~10_=_1_2~R1C1~R1C2").contains("weighted sums"));
    assert!(message(".~R1C1_1_2").contains("candidate lists (r1c1: 1, 2)"));
    // ISS holds white-dot pairs to anti-consecutive too; coverlab exempts them.
    assert!(message(".AntiConsecutive.WhiteDot~R1C1~R1C2").contains("anti-consecutive with white dots"));
    // Strict Kropki and strict XV together, with a pair marked by one family only.
    assert!(message(".StrictKropki.StrictXV.X~R1C1~R1C2").contains("StrictKropki with StrictXV"));
    // Through the reader: the line and the constraint's column.
    let entries = coverlab_formats::read_str(
        "  .Thermo~R1C1~R1C2 .CountDistinct~R1C5\n",
        Some(coverlab_formats::InputFormat::Iss),
        None,
    );
    let e = entries[0].result.as_ref().unwrap_err();
    assert_eq!((e.line(), e.column()), (1, Some(21)));
    assert_eq!(
        e.to_string(),
        "line 1, column 21: iss: constraint 2 \".CountDistinct~R1C5\": distinct-value counts are not supported by coverlab"
    );
}

#[test]
fn values_from_0_are_read_one_higher() {
    // ISS's 0-based grids: givens, quadruples and sums one higher per cell, X, V and black dots
    // as the pairs of ours that ISS's rule allows of ours less one; written with 0 to n − 1.
    let text = ".Shape~4x4~0-3.~R1C1_0~R2C2_1_3.Cage~3~R1C2~R1C3.Sum~4~R1C4~R3C2~R4C4.Quad~R3C3~0~3\
                .V~R3C1~R4C1.BlackDot~R2C1~R3C1.LittleKiller~2~R1C2.Thermo~R2C4~R3C4";
    let p = parse(text).unwrap();
    assert_eq!(p.values[0], 1);
    let s = *p.spec.unwrap();
    assert_eq!(s.symbols.as_deref(), Some("0123"));
    let pairs = |name: &str, allowed: Vec<(u32, u32)>, cells: Vec<CellRef>| Rule::Pair {
        name: Some(format!("{name} on values from 0")),
        cells,
        allowed: Some(allowed),
        holds: None,
    };
    let expected = vec![
        Rule::Cage { cells: vec![c(1, 2), c(1, 3)], sum: Some(5) },
        Rule::Sum { cells: vec![c(1, 4), c(3, 2), c(4, 4)], sum: 7 },
        Rule::Quadruple { cell: c(3, 3), values: vec![1, 4] },
        pairs("V", vec![(3, 4), (4, 3)], vec![c(3, 1), c(4, 1)]),
        pairs("BlackDot", vec![(1, 1), (2, 3), (3, 2)], vec![c(2, 1), c(3, 1)]),
        Rule::Thermometer { cells: vec![c(2, 4), c(3, 4)] },
        Rule::LittleKiller { cells: vec![c(1, 2), c(2, 1)], sum: 4 },
        // Given 1 or 3 of 0 to 3: 2 or 4 of ours, an even cell.
        Rule::Even { cells: vec![c(2, 2)] },
    ];
    let got: Vec<Rule> =
        s.rules.into_iter().filter(|r| !matches!(r, Rule::Rows | Rule::Columns | Rule::Boxes { .. })).collect();
    assert_eq!(got, expected);
}

#[test]
fn shapes_coverlab_lacks_are_refused() {
    for (text, expected) in [
        (".Shape~6x9", "rectangular grids (6x9) are not supported by coverlab"),
        (".Shape~9x9~0-9", "values 0 to 9 on a 9×9 grid (coverlab's grids hold 1 to 9) are not supported"),
        (".Shape~9x9~0-8.Arrow~R1C1~R1C2", "Arrow on values from 0 (the circle's sum shifts"),
        (".Shape~9x9~0-8.Skyscraper~R1~3", "Skyscraper on values from 0 (ISS sees no building of height 0)"),
        (".Shape~9x9~0-8.~R1C1_9", "r1c1 is given \"9\", not a value 0 to 8"),
        (".Shape~4x4~0-3.Quad~R1C1~4", "\"4\" is not a value of the 4×4 grid (0 to 3)"),
        (".Shape~6x6~9", "values 1 to 9 on a 6×6 grid"),
        (".Shape~9x9~~Raw", "Raw grids"),
        (".Shape~9x9~Sudoku", "\"9x9~Sudoku\" is not a shape"),
        (".Shape~9x9~9~Tall", "\"Tall\" is not a grid type"),
        (".Shape~17x17", "a 17x17 grid is out of range"),
        (".Shape~0x0", "a 0x0 grid is out of range"),
        (".Shape~nine", "\"nine\" is not a shape"),
        (".Shape", "\"\" is not a shape"),
        (".Shape~9x9~", "\"9x9~\" is not a shape"),
        (".Shape~9x9.Shape~6x6", "this shape (6x6) disagrees with the puzzle's first (9x9, its first Shape)"),
        (".RegionSize~6", "regions of 6 cells on a 9×9 grid"),
        (".Shape~7x7.Windoku", "windoku on a 7×7 grid (no box shape) is not supported"),
    ] {
        let e = message(text);
        assert!(e.contains(expected), "{text}: {e}");
    }
    // A plain grid's size is a shape too.
    let e = message(&format!("{} .Shape~9x9", ".".repeat(16)));
    assert!(e.contains("disagrees with the puzzle's first (4x4, the plain grid's size)"), "{e}");
}

#[test]
fn bad_cells_counts_and_values_name_the_constraint() {
    for (text, expected) in [
        (".Thermo~R10C1~R1C1", "\"R10C1\" is not an ISS cell (R<row>C<column>, one character each"),
        (".Thermo~RaC1~R1C1", "RaC1 is outside the 9×9 grid"),
        (".Thermo~R1C0", "\"R1C0\" is not an ISS cell"),
        (".Thermo", "Thermo has 0 cells, expected at least 1"),
        (".Arrow~R1C1", "Arrow has 1 cell, expected at least 2"),
        (".Cage", "Cage has no sum and no cells"),
        (".Cage~5", "Cage has 0 cells, expected at least 1"),
        (".Cage~-3~R1C1", "the sum -3 is negative"),
        (".Cage~ten~R1C1", "the sum \"ten\" is not a whole number"),
        (".Cage~99999999999~R1C1", "the sum 99999999999 is out of range"),
        (".Whisper~x~R1C1~R1C2", "the difference \"x\" is not a whole number from 1"),
        // ISS splits at every '.': a difference of 4, no cells, then a constraint "5".
        (".Whisper~4.5~R1C1~R1C2", "constraint 1 \".Whisper~4\": Whisper has 0 cells"),
        (".Whisper~0~R1C1~R1C2", "the difference \"0\" is not a whole number from 1"),
        (".LittleKiller~10", "LittleKiller takes a sum and the diagonal's first cell, not 1 argument"),
        (".Sandwich~5", "Sandwich takes a sum and a row or column"),
        (".Diagonal~2", "Diagonal takes 1 (the anti-diagonal, ╱) or -1 (the main diagonal, ╲), not \"2\""),
        (".AntiKnight~1", "AntiKnight takes no arguments, but has 1"),
        (".X~R1C1~R2C2", "X marks nothing: no two of its cells are orthogonal neighbours"),
        (".~R1C1", "r1c1 is given no value"),
        (".~R1C1_10", "r1c1 is given \"10\", not a value 1 to 9"),
        (".~R1C1_05", "r1c1 is given \"05\""),
        (".~R1C1_1.~R1C1_2", "r1c1 is given values that exclude each other"),
        (".Jigsaw~123", "the layout has 3 characters, expected 81"),
        (".Jigsaw~1~2~3", "Jigsaw takes a layout, not 3"),
    ] {
        let e = error(text);
        assert!(e.at.as_ref().is_some_and(|a| a.number >= 1), "{text}: {e}");
        assert!(e.to_string().contains(expected), "{text}: {e}");
    }
    let layout = format!("{}{}{}", "1".repeat(8), "2".repeat(10), "3".repeat(63));
    assert!(message(&format!(".Jigsaw~{layout}")).contains("have other sizes than 9 cells"));
}

#[test]
fn the_spec_s_own_refusals_name_the_constraint_they_came_from() {
    for (text, expected) in [
        (".~R1C1_5.Cage~50~R1C1~R1C2", "constraint 2 \".Cage~50~R1C1~R1C2\": cage 1 (sum 50): 2 different values"),
        (".Thermo~R1C1~R1C2.Thermo~R2C1~R4C1", "constraint 2 \".Thermo~R2C1~R4C1\": Thermometer rule 2: r2c1 and r4c1"),
        (".Cage~0~R1C1~R1C1", "constraint 1 \".Cage~0~R1C1~R1C1\": Cage rule 1 lists r1c1 twice"),
        (".LittleKiller~100~R1C1", "constraint 1 \".LittleKiller~100~R1C1\": LittleKiller rule 1"),
        (
            ".Shape~4x4.Whisper~R1C1~R1C2",
            "constraint 2 \".Whisper~R1C1~R1C2\": Whisper rule 1: a difference of at least 5",
        ),
        (".AllDifferent~R1C1~R1C2~R1C3~R1C4~R1C5~R1C6~R1C7~R1C8~R1C9~R2C1", "constraint 1 \".AllDifferent"),
    ] {
        let e = message(text);
        assert!(e.starts_with(expected), "{text}: {e}");
    }
}

#[test]
fn hostile_lengths_are_refused_before_anything_is_built() {
    let long = format!(".Thermo~{}", "R1C1~".repeat(MAX_TEXT / 5 + 1));
    assert!(matches!(error(&long).problem, Problem::TooLong { .. }));
    let many = ".AntiKnight".repeat(MAX_CONSTRAINTS + 1);
    assert!(matches!(error(&many).problem, Problem::TooMany));
    assert_eq!(rules(&".AntiKnight".repeat(MAX_CONSTRAINTS)), [Rule::AntiKnight]);
    // Long lists of cells are read without comparing every cell with every other: 100,000 cells
    // of a mark or a line take well under the bound (a quadratic reader takes minutes).
    let cells = "~R1C1~R1C2".repeat(50_000);
    let start = std::time::Instant::now();
    assert_eq!(rules(&format!(".X{cells}")), [Rule::X { cells: vec![c(1, 1), c(1, 2)] }]);
    let e = message(&format!(".Whisper~1{cells}"));
    assert!(e.contains("in more than 256 constraints"), "{e}");
    assert!(start.elapsed() < std::time::Duration::from_secs(10), "{:?}", start.elapsed());
}

#[test]
fn what_is_no_constraint_string_says_so() {
    let e = message("Cage~10~R1C1");
    assert!(e.starts_with("not an ISS constraint string: it starts with \"Cage~10~R1C1\""), "{e}");
    assert!(message("").starts_with("not an ISS constraint string"));
}

#[test]
fn detection_takes_iss_strings_and_leaves_other_formats_alone() {
    for text in [
        ".Cage~10~R1C1~R1C2",
        ".~R1C1_5~R1C2_3",
        "..Cage~3~R1C1",
        ".AntiKnight.~R1C2_3",
        ".AntiKnight",
        ".Or.~R1C1_1.End",
        "  .Shape~6x6",
        ".Foo~1",
    ] {
        assert!(looks_like(text), "{text}");
    }
    assert!(looks_like(&format!("{}4 .Thermo~R1C1~R1C2", ".".repeat(80))));
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let letters25 = format!(".V.X{}", ".".repeat(621));
    for text in
        [line, &letters25, "..........", ".", "", ".A..B", "{\"size\":4}", "3x3::k:1:2", ".cage~1", ".V", ".X.V"]
    {
        assert!(!looks_like(text), "{text}");
    }
}

proptest! {
    /// Strings made of ISS's pieces never panic the reader; what it reads has values in range
    /// and a spec that compiles.
    #[test]
    fn no_string_of_iss_pieces_panics(pieces in proptest::collection::vec(0usize..24, 0..24)) {
        const PIECES: &[&str] = &[
            ".", "~", "Cage", "Sum", "Thermo", "Arrow", "X", "V", "WhiteDot", "LittleKiller", "Sandwich",
            "Jigsaw", "Shape", "4x4", "R1C1", "R2C2", "RgCg", "R1", "_", "3", "-1", "0", "Diagonal", "Whisper",
        ];
        let text: String = pieces.iter().map(|&k| PIECES[k]).collect();
        if let Ok(p) = parse(&text) {
            prop_assert!(p.values.iter().all(|&v| usize::from(v) <= p.size));
            prop_assert!(Model::compile(*p.spec.unwrap()).is_ok());
        }
    }
}
