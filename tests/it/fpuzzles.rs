//! f-puzzles input: killers shared as f-puzzles JSON lines are read with their own specs and
//! solved; a puzzle holding a constraint coverlab does not support is reported by name, exit 2,
//! and the others of its file are still solved.

use crate::common;

use common::{run, s, scratch, text};

const KILLERS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/killer_tarek_27_6_30.jsonl");
const SOLUTIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/killer_tarek_27_6_30.solutions.txt");

#[test]
fn killers_from_f_puzzles_json_are_solved_and_proved_unique() {
    let out = run(&["solve", "--format", "line", KILLERS]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let got: Vec<String> = text(&out.stdout).lines().map(|l| l.chars().take(81).collect()).collect();
    let want: Vec<String> = std::fs::read_to_string(SOLUTIONS).unwrap().lines().map(str::to_string).collect();
    assert_eq!(got, want);
    let count = run(&["count", "--max-solutions", "2", KILLERS]);
    assert_eq!(text(&count.stdout), "1\n1\n1\n", "{}", text(&count.stderr));
    // The format can be named too, and every strategy family agrees.
    for strategy in ["fast", "sat", "singles"] {
        let out =
            run(&["count", "--input-format", "fpuzzles", "--strategy", strategy, "--max-solutions", "2", KILLERS]);
        assert_eq!(text(&out.stdout), "1\n1\n1\n", "{strategy}: {}", text(&out.stderr));
    }
}

#[test]
fn an_unsupported_constraint_is_named_and_the_other_puzzles_still_solved() {
    let lines: Vec<String> = std::fs::read_to_string(KILLERS).unwrap().lines().map(str::to_string).collect();
    let bad = lines[1].replacen("\"killercage\"", "\"boxindexer\":[{\"cells\":[\"R1C1\"]}],\"killercage\"", 1);
    let dir = scratch("fpuzzles", "mixed");
    let file = dir.join("mixed.jsonl");
    std::fs::write(&file, format!("{}\n{bad}\n{}\n", lines[0], lines[2])).unwrap();
    let out = run(&["solve", "--format", "line", s(&file)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("mixed.jsonl:2") && err.contains("'boxindexer' (1 of them)"), "{err}");
    let stdout = text(&out.stdout);
    let solved: Vec<&str> = stdout.lines().filter(|l| l.len() >= 81).collect();
    assert_eq!(solved.len(), 2, "{stdout}");
}

#[test]
fn a_link_payload_is_read_like_its_json() {
    let json = std::fs::read_to_string(KILLERS).unwrap().lines().next().unwrap().to_string();
    let link = format!("https://f-puzzles.com/?load={}", lz_str_compress(&json));
    let dir = scratch("fpuzzles", "link");
    let file = dir.join("link.txt");
    std::fs::write(&file, format!("{link}\n")).unwrap();
    let out = run(&["solve", "--format", "line", s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let want = std::fs::read_to_string(SOLUTIONS).unwrap().lines().next().unwrap().to_string();
    assert!(text(&out.stdout).starts_with(&want), "{}", text(&out.stdout));
    // Pasted as the argument itself, as a user copies it from the browser.
    let out = run(&["solve", "--format", "line", &link]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with(&want), "{}", text(&out.stdout));
    // A broken pasted link is an error about the link, not about a missing file.
    let broken = format!("{}!", &link[..link.len() - 8]);
    let out = run(&["solve", &broken, s(&file)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("<argument>:1: f-puzzles") && !err.contains("cannot open"), "{err}");
    assert!(text(&out.stdout).lines().any(|l| l.starts_with(&want)), "the file after it is still solved");
}

/// LZString's compressToBase64, from the `lz-str` crate (an independent implementation of the
/// compression that coverlab's reader undoes).
fn lz_str_compress(s: &str) -> String {
    lz_str::compress_to_base64(s)
}

#[test]
fn check_reports_what_each_puzzle_holds_and_writes_its_spec_back_as_ron() {
    let dir = scratch("fpuzzles", "specs");
    let out = run(&["check", "--spec-out", s(&dir), KILLERS]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("9×9 fpuzzles-killer-027-tarek-all-27-42, rules: Rows, Columns, Boxes, 25 Cage")
    );
    let want: Vec<String> = std::fs::read_to_string(SOLUTIONS).unwrap().lines().map(str::to_string).collect();
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    for (line, want) in lines.iter().zip(&want) {
        // `DIR/<name>.ron : <puzzle line>`: the RON spec and the line solve the same puzzle.
        let (spec, puzzle) = line.split_once(" : ").expect("spec : puzzle");
        let file = dir.join("one.txt");
        std::fs::write(&file, format!("{puzzle}\n")).unwrap();
        let solved = run(&["solve", "--format", "line", "--spec", spec, s(&file)]);
        assert_eq!(text(&solved.stdout).lines().next(), Some(want.as_str()), "{}", text(&solved.stderr));
    }
}

/// A 25×25 killer with givens as f-puzzles JSON (about 24 KB on one line), and its solution's
/// values row-major: the pattern (5 × (r mod 5) + r / 5 + c) mod 25 + 1.
fn killer_25x25() -> (String, Vec<u32>) {
    let value = |r: usize, c: usize| ((r % 5) * 5 + r / 5 + c) as u32 % 25 + 1;
    let rows: Vec<String> = (0..25)
        .map(|r| {
            let cells: Vec<String> = (0..25)
                .map(|c| {
                    if (r * 25 + c) % 3 == 0 {
                        "{}".to_string()
                    } else {
                        format!(r#"{{"value":{},"given":true}}"#, value(r, c))
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let cages: Vec<String> = (0..25)
        .flat_map(|r| (0..12).map(move |k| (r, 2 * k)))
        .map(|(r, c)| {
            format!(
                r#"{{"cells":["R{}C{}","R{}C{}"],"value":"{}"}}"#,
                r + 1,
                c + 1,
                r + 1,
                c + 2,
                value(r, c) + value(r, c + 1)
            )
        })
        .collect();
    let json = format!(r#"{{"size":25,"grid":[{}],"killercage":[{}]}}"#, rows.join(","), cages.join(","));
    (json, (0..625).map(|i| value(i / 25, i % 25)).collect())
}

#[test]
fn a_json_line_longer_than_16_kib_is_read_like_its_link() {
    let (json, solution) = killer_25x25();
    assert!(json.len() > 20_000, "{}", json.len());
    let dir = scratch("fpuzzles", "long-line");
    let (as_json, as_link) = (dir.join("json.txt"), dir.join("link.txt"));
    std::fs::write(&as_json, format!("{json}\n")).unwrap();
    std::fs::write(&as_link, format!("https://f-puzzles.com/?load={}\n", lz_str_compress(&json))).unwrap();
    let mut answers = Vec::new();
    for file in [&as_json, &as_link] {
        let out = run(&["solve", "--format", "grid", s(file)]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        // Written in the 25×25 alphabet 1-9, A-P.
        let numbers: Vec<u32> =
            text(&out.stdout).split_whitespace().filter_map(|w| u32::from_str_radix(w, 26).ok()).collect();
        answers.push(text(&out.stdout));
        assert_eq!(numbers, solution, "{}", text(&out.stdout));
    }
    assert_eq!(answers[0], answers[1]);
}

#[test]
fn spec_with_a_puzzle_that_brings_its_own_rules_says_so() {
    let out = run(&["solve", "--spec", "classic-9x9", KILLERS]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "killer_tarek_27_6_30.jsonl:1: an f-puzzles puzzle brings its own rules, so --spec classic-9x9 is not \
             for it: leave out --spec"
        ),
        "{err}"
    );
}

#[test]
fn drawings_are_read_past_named_once_and_listed_by_check() {
    // A killer with f-puzzles' drawings (a line, a text) and its solver's settings: solved as
    // before, with one note naming the drawings; `check` lists each puzzle's.
    let lines: Vec<String> = std::fs::read_to_string(KILLERS).unwrap().lines().map(str::to_string).collect();
    let drawn = |line: &str| {
        line.replacen(
            "\"killercage\"",
            r##""line":[{"lines":[["R1C1","R2C2"]],"outlineC":"#000"}],"text":[{"cells":["R5C5"],"value":"hi"}],"disabledlogic":["Tuples"],"killercage""##,
            1,
        )
    };
    let dir = scratch("fpuzzles", "drawings");
    let file = dir.join("drawn.jsonl");
    std::fs::write(&file, format!("{}\n{}\n{}\n", drawn(&lines[0]), lines[1], drawn(&lines[2]))).unwrap();
    let out = run(&["count", "--max-solutions", "2", s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1\n1\n1\n");
    let err = text(&out.stderr);
    assert_eq!(err.matches("read without its drawings").count(), 1, "one note a run: {err}");
    assert!(err.contains("drawn.jsonl:1") && err.contains("'line' (1), 'text' (1)"), "{err}");
    let out = run(&["check", "--format", "json", s(&file)]);
    let records: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let drawings: Vec<usize> = records.iter().map(|r| r["drawings"].as_array().map_or(0, Vec::len)).collect();
    assert_eq!(drawings, [2, 0, 2], "{records:?}");
}
