//! SudokuPad links: killers shared as SudokuPad links (an f-puzzles puzzle inside, `fpuz…`, or
//! SudokuPad's own zipped JSON, `scl…`) are read offline and solved to the known solutions; a
//! short link, which needs SudokuPad's server, is refused saying so, exit 2.
//!
//! The scl links are written by hand in SudokuPad's zipped form as its loader documents it
//! (marktekfan/sudokupad-penpa-import, `src/sudokupad/puzzlezipper.js` and
//! `src/sudokupad/fpuzzlesdecoder.js`, commit 0181f41cbfe2a16d5a66b14a2c19f9f7a6475311), killer
//! cages as that converter writes them: `{unique:t,ce:[[r,c],…],v:13,sum:13}`.

use crate::common;

use common::{run, s, scratch, text};

const KILLERS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/killer_tarek_27_6_30.jsonl");
const SOLUTIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/killer_tarek_27_6_30.solutions.txt");
const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/puzzles/sudokupad-killer.txt");

/// SudokuPad's zipped JSON of an f-puzzles killer: 9 empty rows, the 3×3 boxes as regions, the
/// cages, the title as a metadata cage.
fn zipped_scl(fpuzzles_json: &str) -> String {
    let p: serde_json::Value = serde_json::from_str(fpuzzles_json).unwrap();
    let rc = |s: &str| -> String {
        let (r, c) = s[1..].split_once('C').unwrap();
        format!("[{},{}]", r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1)
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
            let cells: Vec<String> =
                cage["cells"].as_array().unwrap().iter().map(|c| rc(c.as_str().unwrap())).collect();
            let sum = cage["value"].as_str().unwrap();
            format!("{{unique:t,ce:[{}],v:{sum},sum:{sum}}}", cells.join(","))
        })
        .collect();
    cages.push(format!("{{v:'title: {}'}}", p["title"].as_str().unwrap()));
    format!("{{cs:50,ce:[{rows}],re:[{}],ca:[{}]}}", regions.join(","), cages.join(","))
}

fn killers() -> Vec<String> {
    std::fs::read_to_string(KILLERS).unwrap().lines().map(str::to_string).collect()
}

fn solutions() -> Vec<String> {
    std::fs::read_to_string(SOLUTIONS).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn scl_and_fpuz_links_are_solved_to_the_known_solutions() {
    let scl: Vec<String> = killers()
        .iter()
        .map(|k| format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(&zipped_scl(k))))
        .collect();
    let fpuz: Vec<String> =
        killers().iter().map(|k| format!("https://sudokupad.app/fpuzzles{}", lz_str::compress_to_base64(k))).collect();
    let dir = scratch("sudokupad", "links");
    for (name, links) in [("scl", &scl), ("fpuz", &fpuz)] {
        let file = dir.join(format!("{name}.txt"));
        std::fs::write(&file, links.join("\n") + "\n").unwrap();
        let out = run(&["solve", "--format", "line", s(&file)]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        let got: Vec<String> = text(&out.stdout).lines().map(|l| l.chars().take(81).collect()).collect();
        assert_eq!(got, solutions(), "{name}");
        let count = run(&["count", "--input-format", "sudokupad", "--max-solutions", "2", s(&file)]);
        assert_eq!(text(&count.stdout), "1\n1\n1\n", "{name}: {}", text(&count.stderr));
    }
    // Pasted as the argument itself, as a user copies it from the browser.
    let out = run(&["solve", "--format", "line", &scl[1]]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().next().map(|l| &l[..81]), Some(solutions()[1].as_str()));
}

#[test]
fn the_example_file_is_the_first_killer_as_an_scl_link() {
    let want = format!("https://sudokupad.app/scl{}\n", lz_str::compress_to_base64(&zipped_scl(&killers()[0])));
    assert_eq!(std::fs::read_to_string(EXAMPLE).unwrap(), want);
}

#[test]
fn a_short_link_is_refused_as_needing_the_network() {
    let out = run(&["solve", "https://sudokupad.app/abc123"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("<argument>:1: sudokupad: this is a short SudokuPad link (\"abc123\"): its puzzle lives on SudokuPad's server, which coverlab does not contact"),
        "{err}"
    );
    assert!(!err.contains("cannot open"), "{err}");
}

/// The corpus's zipper-4x4-a (its three zipper lines, r2c1 given 4: one solution) drawn as
/// SudokuPad shows a converted f-puzzles puzzle (`#CDB1EC` lines 5 thick), zipped.
fn zipper_link(rules: &str) -> String {
    let line = |cells: &[(usize, usize)]| {
        let wp: Vec<String> = cells.iter().map(|(r, c)| format!("[{}.5,{}.5]", r - 1, c - 1)).collect();
        format!("{{wp:[{}],c:CDB1EC,th:5}}", wp.join(","))
    };
    let lines = [
        line(&[(4, 1), (3, 2), (2, 3), (3, 4)]),
        line(&[(1, 1), (2, 2), (1, 3), (1, 2)]),
        line(&[(4, 2), (3, 3), (4, 4), (4, 3)]),
    ];
    let zipped = format!(
        "{{ce:[[,,,],[{{v:4}},,,],[,,,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],l:[{}],ca:[{{v:'rules: {rules}'}}]}}",
        lines.join(",")
    );
    format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(&zipped))
}

#[test]
fn an_scl_link_with_zipper_lines_named_by_its_rules_is_solved_validly() {
    let spec = concat!(env!("CARGO_MANIFEST_DIR"), "/strategies/tests/corpus/variants/zipper-4x4-a.ron");
    let model = coverlab_model::Model::from_ron(&std::fs::read_to_string(spec).unwrap(), spec).unwrap();
    let link = zipper_link(
        "Normal sudoku rules apply. Digits the same distance from the middle of a zipper line add up alike.",
    );
    let out = run(&["solve", "--format", "line", &link]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let line = text(&out.stdout).lines().next().unwrap().to_string();
    let values: Vec<u8> = line.bytes().map(|b| b - b'0').collect();
    let solution = coverlab_model::Grid::from_values(4, values).unwrap();
    let mut givens = vec![0u8; 16];
    givens[4] = 4;
    let givens = coverlab_model::Grid::from_values(4, givens).unwrap();
    coverlab_model::validate::check_solution(&model, &givens, &solution).unwrap();
    let count = run(&["count", "--max-solutions", "2", &link]);
    assert_eq!(text(&count.stdout), "1\n", "{}", text(&count.stderr));
    // The same drawing under rules that do not name zipper lines: refused, exit 2.
    let out = run(&["solve", &zipper_link("Normal sudoku rules apply.")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("3 lines in the style of zipper lines, but the rules text does not name the kind")
    );
}
