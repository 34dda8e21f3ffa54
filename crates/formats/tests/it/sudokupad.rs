//! SudokuPad links read offline: an f-puzzles puzzle inside (`fpuz…`) reads to exactly what the
//! f-puzzles reader makes of it; SudokuPad's own JSON (`scl…`), zipped as SudokuPad writes it,
//! reads to the same killers; what cannot be read offline or is not typed is refused by name.
//!
//! The scl fixtures are written by hand in SudokuPad's zipped form as its loader documents it
//! (marktekfan/sudokupad-penpa-import, `src/sudokupad/puzzlezipper.js` and
//! `src/sudokupad/fpuzzlesdecoder.js`, commit 0181f41cbfe2a16d5a66b14a2c19f9f7a6475311): short
//! keys (`ce` cells, `re` regions, `ca` cages, `v` value, `cs` cellSize), single quotes, unquoted
//! keys, `t` for true, empty cells left out of `[,,]`, and killer cages as that converter writes
//! f-puzzles' `killercage`: `{unique:t,ce:[[r,c],…],v:13,sum:13}`.

use coverlab_formats::{InputFormat, Parsed, read_str, sudokupad};
use coverlab_model::spec::{CellRef, Rule};
use serde_json::Value;

const KILLERS: &str = include_str!("../../../../tests/data/variants/killer_tarek_27_6_30.jsonl");

/// SudokuPad's zipped JSON of an f-puzzles killer (see the module doc): 9 empty rows, the 3×3
/// boxes as regions, each cage `{unique:t,ce:…,v:…,sum:…}`, then the title as a metadata cage.
fn zipped_scl(fpuzzles_json: &str) -> String {
    let p: Value = serde_json::from_str(fpuzzles_json).unwrap();
    let rc = |s: &str| -> (usize, usize) {
        let (r, c) = s[1..].split_once('C').unwrap();
        (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1)
    };
    let rows = ["[,,,,,,,,]"; 9].join(",");
    let regions: Vec<String> = (0..9)
        .map(|b| {
            let cells: Vec<String> =
                (0..9).map(|k| format!("[{},{}]", (b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3)).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let mut cages: Vec<String> = p["killercage"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cage| {
            let cells: Vec<String> = cage["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let (r, c) = rc(c.as_str().unwrap());
                    format!("[{r},{c}]")
                })
                .collect();
            let sum = cage["value"].as_str().unwrap();
            format!("{{unique:t,ce:[{}],v:{sum},sum:{sum}}}", cells.join(","))
        })
        .collect();
    cages.push(format!("{{v:'title: {}'}}", p["title"].as_str().unwrap()));
    format!("{{cs:50,ce:[{rows}],re:[{}],ca:[{}]}}", regions.join(","), cages.join(","))
}

fn scl_link(text: &str) -> String {
    format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(text))
}

/// The rules as a comparable list: cages sorted.
fn rules(p: &Parsed) -> Vec<String> {
    let mut rules: Vec<String> = p.spec.as_ref().unwrap().rules.iter().map(|r| format!("{r:?}")).collect();
    rules.sort();
    rules
}

#[test]
fn an_fpuz_link_reads_to_what_the_f_puzzles_reader_makes_of_its_json() {
    for json in KILLERS.lines() {
        let want = coverlab_formats::fpuzzles::parse(json).unwrap();
        let payload = lz_str::compress_to_base64(json);
        for link in [
            format!("https://sudokupad.app/fpuzzles{payload}"),
            format!("https://sudokupad.app/fpuz{}", payload.replace('+', "%2B").replace('/', "%2F")),
            format!("https://sudokupad.app/?puzzle=fpuzzles{payload}&setting-nogrid=1"),
        ] {
            let got = sudokupad::parse(&link).unwrap();
            assert_eq!((got.size, &got.values, &got.title), (want.size, &want.values, &want.title), "{link}");
            assert_eq!(got.spec, want.spec, "{link}");
        }
    }
}

#[test]
fn a_zipped_scl_killer_reads_to_the_same_cages_as_its_f_puzzles_json() {
    for json in KILLERS.lines() {
        let fp = coverlab_formats::fpuzzles::parse(json).unwrap();
        let sp = sudokupad::parse(&scl_link(&zipped_scl(json))).unwrap();
        assert_eq!(sp.size, 9);
        assert_eq!(sp.values, vec![0; 81]);
        assert_eq!(rules(&sp), rules(&fp), "{json}");
        assert!(rules(&sp).iter().filter(|r| r.starts_with("Cage")).count() >= 20);
        assert_eq!(sp.title, fp.title);
        assert!(sp.spec.as_ref().unwrap().name.starts_with("sudokupad-killer"), "{:?}", sp.spec);
        // The ctc prefix is the same form.
        let ctc = sudokupad::parse(&scl_link(&zipped_scl(json)).replace("/scl", "/ctc")).unwrap();
        assert_eq!(ctc.spec, sp.spec);
    }
}

#[test]
fn plain_json_givens_jigsaw_regions_and_flags() {
    // A 4×4 in SudokuPad's JSON unzipped: givens, regions that are not the 2×2 boxes, a cage.
    let json = r#"{"cells":[[{"value":1},{},{},{}],[{},{},{"value":"3"},{}],[{},{},{},{}],[{},{},{},{"value":4,"pencilMarks":[1]}]],
        "regions":[[[0,0],[0,1],[0,2],[1,0]],[[0,3],[1,1],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],
        "cages":[{"cells":[[3,2],[3,3]],"unique":true,"value":"7"},{"value":"author: someone"}],"global":["antiknight"]}"#
        .replace(['\n', ' '], "");
    let p = sudokupad::parse(&scl_link(&json)).unwrap();
    assert_eq!(p.values, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
    let spec = p.spec.unwrap();
    assert!(spec.rules.contains(&Rule::Regions(vec!["AAAB".into(), "ABBB".into(), "CCDD".into(), "CCDD".into()])));
    assert!(spec.rules.contains(&Rule::AntiKnight));
    let cage = Rule::Cage { cells: vec![CellRef { row: 4, col: 3 }, CellRef { row: 4, col: 4 }], sum: Some(7) };
    assert!(spec.rules.contains(&cage), "{:?}", spec.rules);
    // Without regions, a SudokuPad grid has no boxes.
    let bare = sudokupad::parse(&scl_link(r#"{"cells":[[{},{}],[{},{}]]}"#)).unwrap();
    assert_eq!(bare.spec.unwrap().rules, vec![Rule::Rows, Rule::Columns]);
}

#[test]
fn what_cannot_be_read_offline_or_is_not_typed_is_refused_by_name() {
    let err = |text: &str| sudokupad::parse(text).unwrap_err();
    let e = err("https://sudokupad.app/abc123");
    assert!(
        e.starts_with("this is a short SudokuPad link (\"abc123\"): its puzzle lives on SudokuPad's server"),
        "{e}"
    );
    assert!(e.contains("copy the long link"), "{e}");
    assert_eq!(err("https://sudokupad.app/"), "the link names no puzzle (nothing after the host)");
    assert_eq!(err("https://sudokupad.app/scl!!!!"), "the link's payload is not base64: '!' at character 1");
    let cut = &scl_link(&zipped_scl(KILLERS.lines().next().unwrap()))[..60];
    assert!(err(cut).contains("not LZString (SudokuPad's compression)"), "{}", err(cut));
    // Lines, arrows and styled shapes say how they look, not what rule they are.
    let thermo = r##"{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1.5,0.5]],c:CFCFCF,th:21},{wp:[[2.5,2.5],[3.5,3.5]],c:CFCFCF,th:16}],u:[{ct:[0.5,0.5],c2:CFCFCF,r:t,w:0.85,h:0.85}]}"##;
    assert_eq!(
        err(&scl_link(thermo)),
        "2 lines, 1 underlay whose rule is not typed (a thermometer, an arrow, a whisper, a dot…?): not read"
    );
    let drawn_cage = r#"{"cells":[[{},{}],[{},{}]],"cages":[{"cells":[[0,0],[0,1]],"value":"3"}]}"#;
    assert!(
        err(&scl_link(drawn_cage))
            .starts_with("1 cage (neither \"unique\" nor style \"killer\") whose rule is not typed")
    );
    for (json, want) in [
        (r#"{"cells":[[{},{}],[{}]]}"#, "row 2 has 1 cell, but the grid has 2 rows: coverlab reads square grids only"),
        (r#"{"cells":[[{"value":3},{}],[{},{}]]}"#, r#"r1c1: "value" is 3, out of range (expected 1 to 2)"#),
        (r#"{"cells":[[{"v2":3},{}],[{},{}]]}"#, r#"r1c1: unknown key "v2" in a cell (holding 3)"#),
        (
            r#"{"cells":[[{},{}],[{},{}]],"cages":[{"cells":[[0,0],[2,0]],"unique":true}]}"#,
            r#"cage 1: "row" is 2, out of range (expected 0 to 1)"#,
        ),
        (
            r#"{"cells":[[{},{}],[{},{}]],"cages":[{"cells":[[0,0]],"unique":true,"value":"x?"}]}"#,
            r#"cage 1: "value" is "x?", expected a whole number (a cage's value is its sum; a clue of another kind is not read)"#,
        ),
        (
            r#"{"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[0,0],[1,1]]]}"#,
            "r1c1 is in region 1 and in region 2",
        ),
        (
            r#"{"cells":[[{},{}],[{},{}]],"foglight":[[0,0]]}"#,
            "SudokuPad 'foglight' (1 of them) not supported by coverlab",
        ),
        (
            r#"{"cells":[[{},{}],[{},{}]],"global":["disjoint"]}"#,
            r#"SudokuPad global "disjoint" not supported by coverlab"#,
        ),
        (r#"[1,2]"#, r#"the puzzle is [1,2], expected a JSON object with "cells""#),
    ] {
        assert_eq!(err(&scl_link(json)), want, "{json}");
    }
    // An f-puzzles payload keeps the f-puzzles reader's message.
    let fp = format!("https://sudokupad.app/fpuz{}", lz_str::compress_to_base64(r#"{"size":4}"#));
    assert_eq!(err(&fp), "the f-puzzles puzzle in the link: no \"grid\"");
}

#[test]
fn a_payload_expanding_past_the_bound_is_refused() {
    let big = format!(r#"{{"cells":[],"x":"{}"}}"#, "x".repeat(coverlab_formats::fpuzzles::MAX_DECOMPRESSED));
    let e = sudokupad::parse(&scl_link(&big)).unwrap_err();
    assert!(e.contains("expands past 1048576 characters"), "{e}");
}

#[test]
fn links_are_detected_among_other_lines_and_the_format_can_be_forced() {
    let json = KILLERS.lines().next().unwrap();
    let link = scl_link(&zipped_scl(json));
    let text = format!("# a SudokuPad link, then a line puzzle\n{link}\n{}\n", ".".repeat(81));
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 2);
    assert!(entries[0].result.as_ref().unwrap().spec.is_some());
    assert_eq!(entries[0].line, 2);
    assert_eq!(entries[1].result.as_ref().unwrap().size, 9);
    let forced = read_str(&format!("{link}\nhttps://sudokupad.app/shortid\n"), Some(InputFormat::Sudokupad), None);
    assert!(forced[0].result.is_ok());
    let e = forced[1].result.as_ref().unwrap_err().to_string();
    assert!(e.starts_with("line 2: sudokupad: this is a short SudokuPad link"), "{e}");
    assert_eq!("sudokupad".parse::<InputFormat>().unwrap(), InputFormat::Sudokupad);
}
