//! The tests of `src/spec.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::spec::*;

#[test]
fn cell_refs_parse_and_print() {
    let c: CellRef = "r3c14".parse().unwrap();
    assert_eq!(c, CellRef { row: 3, col: 14 });
    assert_eq!(c.to_string(), "r3c14");
    assert!("r0c1".parse::<CellRef>().is_err());
    assert!("x1c1".parse::<CellRef>().is_err());
    assert!("r1".parse::<CellRef>().is_err());
}

#[test]
fn syntax_errors_carry_line_and_column() {
    let text = "Spec(\n  name: \"x\",\n  size: 4,\n  rules: [Rows, Colums],\n)";
    let e = Spec::parse(text, "x.ron").unwrap_err();
    assert_eq!(e.position.map(|p| p.0), Some(4), "{e}");
    assert!(e.to_string().starts_with("x.ron:4:"), "{e}");
    assert!(e.to_string().contains("Colums"), "{e}");
}

#[test]
fn absurd_sizes_are_refused_before_allocation() {
    let text = "Spec(name: \"huge\", size: 1000000, rules: [Rows])";
    let e = Spec::parse(text, "huge.ron").unwrap_err();
    assert_eq!(e.to_string(), "huge.ron:1:20: size 1000000 is out of range (coverlab solves 1 to 64)");
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_spec() {
    let text = "\u{feff}Spec(name: \"bom\", size: 4, rules: [Rows, Columns, Boxes(rows: 2, cols: 2)])";
    assert_eq!(Spec::parse(text, "bom.ron").expect("parses").name, "bom");
    let bad = "\u{feff}Spec(name: \"bom\", size: 4, rules: [Rows, Colums])";
    let e = Spec::parse(bad, "bom.ron").unwrap_err();
    assert_eq!(e.position.map(|p| p.0), Some(1), "{e}");
}

#[test]
fn errors_point_at_the_field_not_at_a_comment_or_string_naming_it() {
    let text = "// size matters: rules below\nSpec(\n  name: \"x\",\n  summary: \"size: big\",\n  size: 65,\n  rules: [Rows],\n)";
    let e = Spec::parse(text, "x.ron").unwrap_err();
    assert_eq!(e.position, Some((5, 3)), "{e}");
    assert_eq!(find_in_ron("a /* Windows */ [Rows, Windows]", "Windows", 0), Some(23));
    assert_eq!(find_in_ron("// \"r1c1\"\ncells: [\"r1c1\"]", "\"r1c1\"", 0), Some(18));
}

#[test]
fn a_size_that_is_not_a_whole_number_says_so() {
    let e = Spec::parse("Spec(name: \"x\", size: 4.5, rules: [Rows])", "x.ron").unwrap_err();
    assert!(e.message.contains("4.5 is not an integer"), "{e}");
    let e = Spec::parse("Spec(name: \"x\", size: -3, rules: [Rows])", "x.ron").unwrap_err();
    assert!(e.message.contains("-3 is negative"), "{e}");
}

#[test]
fn deep_nesting_is_refused_with_a_message() {
    let text = format!("Spec(name: \"deep\", size: 4, rules: {}{})", "[".repeat(10_000), "]".repeat(10_000));
    let e = Spec::parse(&text, "deep.ron").unwrap_err();
    assert!(e.to_string().starts_with("deep.ron:1:"), "{e}");
}

#[test]
fn round_trips_through_ron() {
    let spec = Spec {
        name: "t".into(),
        summary: "s".into(),
        size: 4,
        symbols: None,
        rules: vec![
            Rule::Rows,
            Rule::Boxes { rows: 2, cols: 2 },
            Rule::AtMostOnce { name: "g".into(), cells: vec![CellRef { row: 1, col: 1 }, CellRef { row: 2, col: 3 }] },
        ],
    };
    assert_eq!(Spec::parse(&spec.to_ron(), "t").unwrap(), spec);
}
