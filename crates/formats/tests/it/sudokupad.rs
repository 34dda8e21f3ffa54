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
    // Lines, arrows and styled shapes say how they look, not what rule they are: a line drawn as
    // a kind is read only when the rules text names the kind too.
    let thermo = r##"{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1.5,0.5]],c:CFCFCF,th:21},{wp:[[2.5,2.5],[3.5,3.5]],c:CFCFCF,th:16}],u:[{ct:[0.5,0.5],c2:CFCFCF,r:t,w:0.85,h:0.85}]}"##;
    assert_eq!(
        err(&scl_link(thermo)),
        "1 line in the style of thermometers, 1 line in the style of palindromes, but the rules text does not \
         name the kind: not read (a line is read as a rule only when its drawing and the rules text agree)"
    );
    let other = r##"{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1.5,0.5]],c:FF0000,th:5},{wp:[[2.5,2.5],[3.5,3.5]],c:CFCFCF,th:16}],u:[{ct:[0.5,0.5],c2:CFCFCF,r:t,w:0.85,h:0.85}],ca:[{v:'rules: Digits on a palindrome read the same both ways.'}]}"##;
    assert_eq!(
        err(&scl_link(other)),
        "1 line, 1 underlay whose rule is not typed (a thermometer, an arrow, a whisper, a dot…?): not read"
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

/// The directory of the variant corpus, whose specs the line tests draw as SudokuPad would.
const VARIANTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../strategies/tests/corpus/variants");

/// How the f-puzzles converters draw each line kind in SudokuPad's JSON, restated here from the
/// sources the module doc names: (kind in RON, words for the rules text, colour, thickness, ends).
/// Ends: "" none, "bulb-u" a grey underlay bulb, "bulb-o" a blue overlay bulb, "circles" between's
/// end circles (and the line cut 0.4 short of their centres).
const DRAWN: &[(&str, &str, &str, f64, &str)] = &[
    ("Thermometer", "Thermometers: digits increase from the bulb.", "CFCFCF", 21.0, "bulb-u"),
    ("Palindrome", "Palindromes read the same both ways.", "CFCFCF", 16.0, ""),
    ("Renban", "Renban lines hold a set of consecutive digits.", "F067F0", 8.0, ""),
    ("Whisper", "Adjacent digits on German whispers differ by at least 5.", "67F067", 6.0, ""),
    ("Between", "Digits on a between line lie between its circles.", "CFCFCF", 2.0, "circles"),
    ("Lockout", "Lockout lines: digits are not between the diamonds.", "006CBA", 6.4, ""),
    ("Entropic", "Entropic lines: any three in a row hold a low, a middle and a high digit.", "FFCCAA", 5.0, ""),
    ("Modular", "Modular lines: any three in a row differ mod 3.", "33BBBB", 5.0, ""),
    ("Zipper", "Zipper lines: digits the same distance from the middle add up alike.", "CDB1EC", 5.0, ""),
    ("RegionSum", "Region-sum lines have the same sum in each box.", "2ECBFF", 5.0, ""),
    ("SlowThermometer", "Slow thermometers: digits never decrease.", "6495ED", 9.6, "bulb-o"),
];

/// A corpus spec drawn as SudokuPad's plain JSON, each line in its converter's style, the givens
/// of `givens` (a line of n² characters) and, when `with_rules`, the rules text naming each kind;
/// `None` when the spec has a rule that is not one of [`DRAWN`] with its default parameters.
fn drawn_spec(spec: &coverlab_model::spec::Spec, givens: &str, with_rules: bool) -> Option<String> {
    let n = spec.size;
    let (mut lines, mut overlays, mut underlays, mut rules_text) = (vec![], vec![], vec![], vec![]);
    let mut regions = None;
    for rule in &spec.rules {
        let (kind, cells) = match rule {
            Rule::Rows | Rule::Columns => continue,
            Rule::Boxes { rows: h, cols: w } => {
                let (h, w) = (*h, *w);
                let list: Vec<String> = (0..n)
                    .map(|b| {
                        let cells: Vec<String> = (0..n)
                            .map(|k| format!("[{},{}]", (b / (n / w)) * h + k / w, (b % (n / w)) * w + k % w))
                            .collect();
                        format!("[{}]", cells.join(","))
                    })
                    .collect();
                regions = Some(list.join(","));
                continue;
            }
            Rule::Thermometer { cells } => ("Thermometer", cells),
            Rule::Palindrome { cells } => ("Palindrome", cells),
            Rule::Renban { cells } => ("Renban", cells),
            Rule::Whisper { cells, difference: None } => ("Whisper", cells),
            Rule::Between { cells } => ("Between", cells),
            Rule::Lockout { cells, difference: None } => ("Lockout", cells),
            Rule::Entropic { cells } => ("Entropic", cells),
            Rule::Modular { cells, modulus: None } => ("Modular", cells),
            Rule::Zipper { cells } => ("Zipper", cells),
            Rule::RegionSum { cells } => ("RegionSum", cells),
            Rule::SlowThermometer { cells } => ("SlowThermometer", cells),
            _ => return None,
        };
        let (_, words, color, thickness, ends) = DRAWN.iter().find(|d| d.0 == kind)?;
        let mut points: Vec<(f64, f64)> = cells.iter().map(|c| (c.row as f64 - 0.5, c.col as f64 - 0.5)).collect();
        let (first, last) = (points[0], points[points.len() - 1]);
        match *ends {
            "bulb-u" => underlays.push(format!(
                r##"{{"borderColor":"#{color}","backgroundColor":"#{color}","center":[{},{}],"rounded":true,"width":0.85,"height":0.85}}"##,
                first.0, first.1
            )),
            "bulb-o" => overlays.push(format!(
                r##"{{"backgroundColor":"#{color}","borderColor":"#{color}","center":[{},{}],"borderSize":1,"rounded":true,"width":0.8,"height":0.8}}"##,
                first.0, first.1
            )),
            "circles" => {
                for (r, c) in [first, last] {
                    overlays.push(format!(
                        r##"{{"borderColor":"#CFCFCF","backgroundColor":"#FFFFFF","center":[{r},{c}],"fontSize":16,"borderSize":2,"rounded":true,"width":0.8,"height":0.8}}"##
                    ));
                }
                // The converter's cut: 0.4 towards the next point, rounded to a tenth.
                let k = points.len() - 1;
                for (end, next) in [(0, 1), (k, k - 1)] {
                    let (dr, dc) = (points[next].0 - points[end].0, points[next].1 - points[end].1);
                    let dist = (dr * dr + dc * dc).sqrt();
                    points[end].0 += (10.0 * 0.4 * dr.signum() * f64::from(u8::from(dr != 0.0)) / dist).round() / 10.0;
                    points[end].1 += (10.0 * 0.4 * dc.signum() * f64::from(u8::from(dc != 0.0)) / dist).round() / 10.0;
                }
            }
            _ => {}
        }
        let wp: Vec<String> = points.iter().map(|(r, c)| format!("[{r},{c}]")).collect();
        lines.push(format!(r##"{{"color":"#{color}","thickness":{thickness},"wayPoints":[{}]}}"##, wp.join(",")));
        if !rules_text.contains(words) {
            rules_text.push(*words);
        }
    }
    let rows: Vec<String> = givens
        .as_bytes()
        .chunks(n)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                // The corpus writes values 1-9 then A-P (16×16 and 25×25): base-36 digits.
                .map(|&b| match (b as char).to_digit(36) {
                    Some(v) => format!(r#"{{"value":{v}}}"#),
                    None => "{}".into(),
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let mut cages = vec![r#"{"value":"title: drawn"}"#.to_string()];
    if with_rules {
        cages.push(format!(r#"{{"value":"rules: Normal sudoku rules apply. {}"}}"#, rules_text.join(" ")));
    }
    Some(format!(
        r#"{{"cells":[{}],"regions":[{}],"lines":[{}],"overlays":[{}],"underlays":[{}],"cages":[{}]}}"#,
        rows.join(","),
        regions.unwrap_or_default(),
        lines.join(","),
        overlays.join(","),
        underlays.join(","),
        cages.join(",")
    ))
}

#[test]
fn lines_drawn_as_the_converters_draw_them_and_named_by_the_rules_read_as_the_corpus_specs() {
    let table = std::fs::read_to_string(format!("{VARIANTS}/variants.txt")).unwrap();
    let mut read = Vec::new();
    for entry in std::fs::read_dir(VARIANTS).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let file = path.file_name().unwrap().to_str().unwrap().to_string();
        let spec = coverlab_model::spec::Spec::parse(&std::fs::read_to_string(&path).unwrap(), &file).unwrap();
        let givens = table
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{file} : ")))
            .map(|l| l.split(" : ").next().unwrap().to_string())
            .unwrap();
        let Some(json) = drawn_spec(&spec, &givens, true) else { continue };
        let p = sudokupad::parse(&scl_link(&json)).unwrap_or_else(|e| panic!("{file}: {e}\n{json}"));
        let mut want: Vec<String> = spec.rules.iter().map(|r| format!("{r:?}")).collect();
        want.sort();
        assert_eq!(rules(&p), want, "{file}");
        assert_eq!(p.values.iter().filter(|v| **v > 0).count(), givens.bytes().filter(|b| *b != b'.').count());
        // The same drawing without the rules text is refused, naming the kind it looks like.
        let bare = drawn_spec(&spec, &givens, false).unwrap();
        let e = sudokupad::parse(&scl_link(&bare)).unwrap_err();
        assert!(e.contains("in the style of") && e.contains("the rules text does not name the kind"), "{file}: {e}");
        read.push(file);
    }
    read.sort();
    let kinds: std::collections::BTreeSet<&str> = read.iter().map(|f| f.rsplitn(3, '-').nth(2).unwrap()).collect();
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        [
            "between",
            "entropic",
            "lockout",
            "modular",
            "palindrome",
            "region-sum",
            "renban",
            "slow-thermo",
            "thermo",
            "whisper",
            "zipper"
        ],
        "{read:?}"
    );
}

#[test]
fn a_zipped_line_and_a_line_over_borders_or_without_its_ends() {
    // Zipped as SudokuPad writes it: colours without '#', short keys.
    let zipped = "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[0.5,1.5],[1.5,1.5]],c:CDB1EC,th:5}],ca:[{v:'rules: Zipper lines apply.'}]}";
    let p = sudokupad::parse(&scl_link(zipped)).unwrap();
    let at = |row, col| CellRef { row, col };
    assert!(rules(&p).contains(&format!("{:?}", Rule::Zipper { cells: vec![at(1, 1), at(1, 2), at(2, 2)] })));
    // A way point on a border, or a bulb missing, is not the kind's drawing.
    for json in [
        "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1,1.5]],c:CDB1EC,th:5}],ca:[{v:'rules: zipper'}]}",
        "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:6495ED,th:9.6}],ca:[{v:'rules: slow thermo'}]}",
        "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:CDB1EC,th:5,target:'cell-grids'}],ca:[{v:'rules: zipper'}]}",
    ] {
        let e = sudokupad::parse(&scl_link(json)).unwrap_err();
        assert!(e.starts_with("1 line whose rule is not typed"), "{json}: {e}");
    }
    // A parity line has no converter's style: however the rules name it, it is not read.
    let parity = "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:FF0000,th:5}],ca:[{v:'rules: parity lines alternate'}]}";
    assert!(sudokupad::parse(&scl_link(parity)).unwrap_err().starts_with("1 line whose rule is not typed"));
}
