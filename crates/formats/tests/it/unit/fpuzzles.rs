//! The tests of `src/fpuzzles.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_formats::Parsed;
use coverlab_model::spec::{CellRef, Rule};
use serde_json::Value;

use coverlab_formats::fpuzzles::*;

#[test]
fn killer_json_maps_to_cages() {
    let text = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R4C4"]}],"title":"Tiny #1"}"#;
    let p = parse(text).unwrap();
    let spec = p.spec.unwrap();
    assert_eq!(spec.name, "fpuzzles-tiny-1");
    assert_eq!(p.values[0], 1);
    assert!(spec.rules.contains(&Rule::Boxes { rows: 2, cols: 2 }));
    assert!(spec.rules.iter().any(|r| matches!(r, Rule::Cage { sum: Some(3), .. })));
    assert!(spec.rules.iter().any(|r| matches!(r, Rule::Cage { sum: None, .. })));
}

#[test]
fn unknown_fields_of_a_constraint_are_named_not_dropped() {
    let grid = r#""grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let text = format!(r#"{{"size":4,{grid},"killercage":[{{"cells":["R1C1","R1C2"],"sum":"3"}}]}}"#);
    let e = parse(&text).unwrap_err();
    assert!(e.contains("killercage 1: field \"sum\""), "{e}");
    let styled = format!(r##"{{"size":4,{grid},"thermometer":[{{"lines":[["R1C1","R1C2"]],"outlineC":"#CFCFCF"}}]}}"##);
    assert!(parse(&styled).is_ok(), "styling carries no rule");
}

#[test]
fn drawings_and_solver_settings_are_read_past_and_drawings_listed() {
    let grid = r#""grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let text = format!(
        r##"{{"size":4,{grid},"line":[{{"lines":[["R1C1","R2C2"]],"outlineC":"#000"}},{{"lines":[["R3C3","R4C4"]]}}],"text":[{{"cells":["R1C1"],"value":"A"}}],"cage":[{{"cells":["R1C1","R1C2"],"value":"?"}}],"disabledlogic":["Tuples"],"truecandidatesoptions":["colored"],"thermometer":[{{"lines":[["R1C1","R1C2"]]}}]}}"##
    );
    let parsed = from_json(serde_json::from_str::<Value>(&text).unwrap().as_object().unwrap()).unwrap();
    assert_eq!(parsed.drawings, ["'cage' (1)", "'line' (2)", "'text' (1)"]);
    let spec = parsed.spec.unwrap();
    assert!(spec.rules.iter().any(|r| matches!(r, Rule::Thermometer { .. })), "the rules are still read");
}

#[test]
fn unknown_constraints_are_named_not_dropped() {
    let text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"boxindexer":[{"cells":["R1C1"]}],"clone":[]}"#;
    let e = parse(text).unwrap_err();
    assert!(e.contains("'boxindexer' (1 of them)"), "{e}");
    assert!(!e.contains("clone"), "an empty list holds no rule: {e}");
}

#[test]
fn little_killer_and_sandwich_clues_outside_the_grid() {
    let text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"7"}],"sandwichsum":[{"cell":"R0C2","value":"0"},{"cell":"R3C5","value":"2"}]}"#;
    let spec = parse(text).unwrap().spec.unwrap();
    let lk = spec
        .rules
        .iter()
        .find_map(|r| if let Rule::LittleKiller { cells, .. } = r { Some(cells.clone()) } else { None });
    assert_eq!(lk.unwrap().iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["r1c2", "r2c3", "r3c4"]);
    assert!(spec.rules.contains(&Rule::Sandwich { row: None, column: Some(2), sum: 0 }));
    assert!(spec.rules.contains(&Rule::Sandwich { row: Some(3), column: None, sum: 2 }));
}

#[test]
fn lz_payloads_and_links_decompress() {
    // LZString.compressToBase64('{"size":4}') as computed by the reference implementation.
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    let payload = lz_str::compress_to_base64(json);
    assert_eq!(decompress_base64(&payload).as_deref(), Ok(json));
    let link = format!("https://f-puzzles.com/?load={}", payload.replace('+', "%2B"));
    assert_eq!(parse(&link).unwrap().size, 4);
    assert_eq!(decompress_base64("not*base64"), Err(DecompressError::NotBase64 { found: '*', at: 4 }));
}

/// A 4×4 puzzle whose r1c2 cell is `cell` and whose other keys are `extra` (`,"key":…`).
fn with_cell(cell: &str, extra: &str) -> Result<Parsed, String> {
    parse(&format!(
        r#"{{"size":4,"grid":[[{{}},{cell},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]]{extra}}}"#
    ))
}

#[test]
fn a_between_line_is_read_in_order() {
    let p = with_cell("{}", r##","betweenline":[{"lines":[["R1C1","R2C2","R3C3"]],"outlineC":"#CFCFCF"}]"##).unwrap();
    let spec = p.spec.expect("a spec");
    let at = |row, col| CellRef { row, col };
    assert!(spec.rules.contains(&Rule::Between { cells: vec![at(1, 1), at(2, 2), at(3, 3)] }), "{:?}", spec.rules);
}

#[test]
fn the_plugins_line_kinds_are_read_from_their_keys_or_their_cosmetic_copies() {
    let at = |row, col| CellRef { row, col };
    let line = vec![at(1, 1), at(2, 2), at(3, 3)];
    for (key, name, rule) in [
        ("lockout", "Lockout", Rule::Lockout { cells: line.clone(), difference: None }),
        ("entropicline", "Entropic Line", Rule::Entropic { cells: line.clone() }),
        ("modularline", "Modular Line", Rule::Modular { cells: line.clone(), modulus: None }),
        ("zipperline", "Zipper Line", Rule::Zipper { cells: line.clone() }),
        ("regionsumline", "Region Sum Line", Rule::RegionSum { cells: line.clone() }),
        ("slowthermometer", "Slow Thermometer", Rule::SlowThermometer { cells: line.clone() }),
    ] {
        let lines = r#""lines":[["R1C1","R2C2","R3C3"]]"#;
        let cosmetic = format!(r##"{{{lines},"outlineC":"#2ECBFF","width":0.15625,"fromConstraint":"{name}"}}"##);
        // The plugin's key and its cosmetic copy: the rule once, the copy listed as drawn.
        let both = with_cell("{}", &format!(r#","{key}":[{{{lines}}}],"line":[{cosmetic}]"#)).unwrap();
        let rules = both.spec.unwrap().rules;
        assert_eq!(rules.iter().filter(|r| **r == rule).count(), 1, "{key}: {rules:?}");
        assert_eq!(both.drawings, ["'line' (1)"], "{key}");
        // Saved without the plugin: the copy names its constraint, and is read as it.
        let copy = with_cell("{}", &format!(r##","line":[{cosmetic},{{{lines},"outlineC":"#000"}}]"##)).unwrap();
        assert!(copy.spec.unwrap().rules.contains(&rule), "{key}");
        assert_eq!(copy.drawings, ["'line' (1)"], "{key}: the other line is a drawing");
        // A field the plugins do not write is named.
        let e = with_cell("{}", &format!(r#","{key}":[{{{lines},"sum":3}}]"#)).unwrap_err();
        assert!(e.starts_with(&format!(r#"{key} 1: field "sum" is not one coverlab reads"#)), "{e}");
    }
}

#[test]
fn skyscraper_clues_outside_the_grid() {
    let p = with_cell(
        "{}",
        r#","skyscraper":[{"cell":"R0C2","value":"3"},{"cell":"R5C1","value":"1"},{"cell":"R2C0","value":"2"},{"cell":"R3C5","value":4}]"#,
    )
    .unwrap();
    let rules = p.spec.unwrap().rules;
    for rule in [
        Rule::Skyscraper { row: None, column: Some(2), from_end: false, count: 3 },
        Rule::Skyscraper { row: None, column: Some(1), from_end: true, count: 1 },
        Rule::Skyscraper { row: Some(2), column: None, from_end: false, count: 2 },
        Rule::Skyscraper { row: Some(3), column: None, from_end: true, count: 4 },
    ] {
        assert!(rules.contains(&rule), "{rule:?} in {rules:?}");
    }
    let x = with_cell("{}", r#","xsum":[{"cell":"R1C5","value":"7"}]"#).unwrap().spec.unwrap().rules;
    assert!(x.contains(&Rule::XSum { row: Some(1), column: None, from_end: true, sum: 7 }), "{x:?}");
    let e = with_cell("{}", r#","skyscraper":[{"cell":"R0C0","value":"3"}]"#).unwrap_err();
    assert_eq!(e, "skyscraper at R0C0: not beside a row or a column");
    let e = with_cell("{}", r#","skyscraper":[{"cell":"R0C1"}]"#).unwrap_err();
    assert_eq!(e, "skyscraper: no \"value\"");
}

#[test]
fn quadruples_pills_and_double_arrows() {
    let c = |row, col| CellRef { row, col };
    let rules = |extra: &str| with_cell("{}", extra).map(|p| p.spec.unwrap().rules[3..].to_vec());
    // A quadruple by its four cells, in any order: the block's top-left cell.
    let quad = rules(r#","quadruple":[{"cells":["R3C3","R2C2","R2C3","R3C2"],"values":[1,"3"]}]"#).unwrap();
    assert_eq!(quad, [Rule::Quadruple { cell: c(2, 2), values: vec![1, 3] }]);
    let e = rules(r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R3C3"],"values":[1]}]"#).unwrap_err();
    assert_eq!(e, "quadruple 1: its cells are not the four of a 2×2 block");
    let e = rules(r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[5]}]"#).unwrap_err();
    assert!(e.contains("quadruple 1: \"value\" is 5, out of range (expected 1 to 4)"), "{e}");
    // A pill: its cells read left to right, top to bottom; its line drawn from one of them.
    let pill = rules(r#","arrow":[{"cells":["R1C2","R1C1"],"lines":[["R1C2","R2C3","R3C3"]]}]"#).unwrap();
    assert_eq!(pill, [Rule::PillArrow { pill: vec![c(1, 1), c(1, 2)], line: vec![c(2, 3), c(3, 3)] }]);
    let e = rules(r#","arrow":[{"cells":["R1C1","R1C2","R1C3","R1C4"],"lines":[["R2C4"]]}]"#).unwrap_err();
    assert!(e.contains("a pill of 4 cells"), "{e}");
    let double = rules(r#","doublearrow":[{"lines":[["R4C1","R4C2","R4C3"]]}]"#).unwrap();
    assert_eq!(double, [Rule::DoubleArrow { cells: vec![c(4, 1), c(4, 2), c(4, 3)] }]);
    // Clones as dclamage's reader reads them: `cells` and `cloneCells`, in order.
    let clone = rules(r#","clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R4C3","R4C4"]}]"#).unwrap();
    assert_eq!(clone, [Rule::Clone { cells: vec![c(1, 1), c(1, 2)], clone: vec![c(4, 3), c(4, 4)] }]);
    let e = rules(r#","clone":[{"cells":["R1C1"]}]"#).unwrap_err();
    assert!(e.contains("clone 1: cloneCells: no list of cells"), "{e}");
}

#[test]
fn a_given_of_another_type_is_read_as_meant() {
    for cell in [
        r#"{"value":3,"given":true}"#,
        r#"{"value":"3","given":true}"#,
        r#"{"value":" 3 ","given":"true"}"#,
        r#"{"value":3.0,"given":"True"}"#,
        r##"{"value":"3.0","given":true,"centerPencilMarks":[1,2],"cornerPencilMarks":[],"c":"#FF0000","highlight":"#00FF00"}"##,
    ] {
        assert_eq!(with_cell(cell, "").unwrap().values[1], 3, "{cell}");
    }
    // Without `given: true`, a value is the player's entry, not part of the puzzle.
    for cell in [r#"{"value":3}"#, r#"{"value":3,"given":false}"#, r#"{"value":"3","given":"false"}"#] {
        assert_eq!(with_cell(cell, "").unwrap().values[1], 0, "{cell}");
    }
}

#[test]
fn a_field_of_the_wrong_type_is_refused_naming_the_field_and_the_cell() {
    for (cell, expected) in [
        (r#"{"value":3,"given":"yes"}"#, r#"r1c2: "given" is "yes", expected true or false"#),
        (r#"{"value":3,"given":1}"#, r#"r1c2: "given" is 1, expected true or false"#),
        (r#"{"value":-3,"given":true}"#, r#"r1c2: "value" is -3, out of range (expected 1 to 4)"#),
        (r#"{"value":0,"given":true}"#, r#"r1c2: "value" is 0, out of range (expected 1 to 4)"#),
        (r#"{"value":5,"given":true}"#, r#"r1c2: "value" is 5, out of range (expected 1 to 4)"#),
        (
            r#"{"value":1000000000000000000,"given":true}"#,
            r#"r1c2: "value" is 1000000000000000000, out of range (expected 1 to 4)"#,
        ),
        (r#"{"value":1e18,"given":true}"#, r#"r1c2: "value" is 1e+18, out of range (expected 1 to 4)"#),
        (r#"{"value":2.5,"given":true}"#, r#"r1c2: "value" is 2.5, not a whole number"#),
        (r#"{"value":"three","given":true}"#, r#"r1c2: "value" is "three", expected a whole number"#),
        (r#"{"value":[3],"given":true}"#, r#"r1c2: "value" is [3], expected a whole number"#),
        (r#"{"value":"inf","given":true}"#, r#"r1c2: "value" is "inf", expected a whole number"#),
        (r#"{"given":true}"#, r#"r1c2: "given" is true, but the cell has no "value""#),
        (r#"{"value":7}"#, r#"r1c2: "value" is 7, out of range (expected 1 to 4)"#),
        (r#"{"value":3,"given":true,"cage":5}"#, r#"r1c2: unknown key "cage" in a cell (holding 5)"#),
        (r#"{"givenPencilMarks":[1,2]}"#, "r1c2: given pencil marks"),
        (r#"{"region":4}"#, r#"r1c2: "region" is 4, out of range (expected 0 to 3)"#),
        (r#"{"region":64}"#, r#"r1c2: "region" is 64, out of range (expected 0 to 3)"#),
        (r#"{"region":null}"#, r#"r1c2: "region" is null (a cell in no region)"#),
        ("3", r#"r1c2: 3 is not a cell (expected an object"#),
        ("null", r#"r1c2: null is not a cell"#),
    ] {
        let e = with_cell(cell, "").unwrap_err();
        assert!(e.starts_with(expected), "{cell}: {e}");
    }
}

#[test]
fn flags_are_true_or_false_never_on_for_being_there() {
    let has = |extra: &str, rule: Rule| with_cell("{}", extra).unwrap().spec.unwrap().rules.contains(&rule);
    for on in [r#","antiknight":true"#, r#","antiknight":"true""#, r#","antiknight":"TRUE""#] {
        assert!(has(on, Rule::AntiKnight), "{on}");
    }
    for off in [r#","antiknight":false"#, r#","antiknight":"false""#, r#","antiknight":null"#] {
        assert!(!has(off, Rule::AntiKnight), "{off}");
    }
    assert!(has(r#","diagonal+":"true","diagonal-":true"#, Rule::Diagonals));
    for (extra, expected) in [
        (r#","antiknight":"no""#, r#""antiknight" is "no", expected true or false"#),
        (r#","antiking":1"#, r#""antiking" is 1, expected true or false"#),
        (r#","diagonal+":"yes""#, r#""diagonal+" is "yes", expected true or false"#),
        (r#","killercage":{"cells":["R1C1"]}"#, r#""killercage" is {"cells":["R1C1"]}, expected a list"#),
        (r#","size":"four""#, r#""size" is "four", expected a whole number"#),
        (r#","size":-4"#, r#""size" is -4, out of range (expected 1 to 64)"#),
    ] {
        let e = with_cell("{}", extra).unwrap_err();
        assert_eq!(e, expected, "{extra}");
    }
}

#[test]
fn sums_and_circles_out_of_range_are_named_for_what_they_are() {
    let e = with_cell("{}", r#","killercage":[{"cells":["R1C1"],"value":1000000000000000000}]"#).unwrap_err();
    assert_eq!(e, r#"killercage 1: "value" is 1000000000000000000, out of range (expected 0 to 4294967295)"#);
    let e = with_cell("{}", r#","killercage":[{"cells":["R1C1"],"value":"7.5"}]"#).unwrap_err();
    assert_eq!(e, r#"killercage 1: "value" is "7.5", not a whole number"#);
    let p = with_cell("{}", r#","killercage":[{"cells":["R1C1","R1C2"],"value":7.0}]"#).unwrap();
    assert!(p.spec.unwrap().rules.iter().any(|r| matches!(r, Rule::Cage { sum: Some(7), .. })));
    let e = with_cell("{}", r#","arrow":[{"cells":[],"lines":[["R1C1","R1C2"]]}]"#).unwrap_err();
    assert_eq!(e, r#"an arrow with no circle cell (its "cells" is empty)"#);
    let e =
        with_cell("{}", r#","arrow":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"lines":[["R1C1","R3C3"]]}]"#).unwrap_err();
    assert!(e.contains("a pill of 4 cells"), "{e}");
}

#[test]
fn regions_up_to_the_grid_size_each_keep_their_own_letter() {
    // A 64×64 grid whose regions are its rows, numbered 0 to 63.
    let row = |r: usize| format!("[{}]", vec![format!(r#"{{"region":{r}}}"#); 64].join(","));
    let rows: Vec<String> = (0..64).map(row).collect();
    let p = parse(&format!(r#"{{"size":64,"grid":[{}]}}"#, rows.join(","))).unwrap();
    let spec = p.spec.unwrap();
    let map = spec.rules.iter().find_map(|r| if let Rule::Regions(m) = r { Some(m.clone()) } else { None });
    let letters: std::collections::BTreeSet<char> = map.unwrap().iter().map(|r| r.chars().next().unwrap()).collect();
    assert_eq!(letters.len(), 64);
    coverlab_model::Model::compile(*spec).unwrap();
}

#[test]
fn what_is_not_an_f_puzzles_object_is_named() {
    let e = parse(r#"[{"size":4}]"#).unwrap_err();
    assert_eq!(
        e,
        r#"a list of 1 value is JSON but not an f-puzzles puzzle (expected a JSON object with "size" and "grid")"#
    );
    let e = parse("1...........4..3").unwrap_err();
    assert!(e.starts_with("not an f-puzzles puzzle") && e.contains("'.' at character 2"), "{e}");
    let e = parse("https://f-puzzles.com/?load=").unwrap_err();
    assert_eq!(e, "the link's payload is empty");
    // A payload that decompresses to more than the bound says so.
    let big = format!(r#"{{"size":4,"title":"{}"}}"#, "x".repeat(MAX_DECOMPRESSED));
    let payload = lz_str::compress_to_base64(&big);
    assert!(payload.len() < 20_000, "{}", payload.len());
    assert_eq!(decompress_base64(&payload), Err(DecompressError::TooLarge));
    assert!(parse(&payload).unwrap_err().contains("expands past 1048576 characters"));
    let cut = &lz_str::compress_to_base64(r#"{"size":4,"grid":[]}"#)[..10];
    assert_eq!(decompress_base64(cut), Err(DecompressError::Corrupt));
}
