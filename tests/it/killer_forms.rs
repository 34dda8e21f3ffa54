//! Killers in the text forms the killer community shares them in (SudoCue's `3x3::k:` form and
//! the forum's arrow form): read with their own specs, detected without being named, solved to
//! the solutions their collections give; a broken one is reported by line and cell, exit 2, and
//! the others of its file are still solved.

use crate::common;

use common::{run, s, scratch, text};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/");

fn lines(name: &str) -> Vec<String> {
    std::fs::read_to_string(format!("{DATA}{name}")).unwrap().lines().map(str::to_string).collect()
}

fn solutions(out: &std::process::Output) -> Vec<String> {
    text(&out.stdout).lines().map(|l| l.chars().take(81).collect()).collect()
}

/// Each JSON line's first solution and whether the search proved it the only one
/// (`solve --max-solutions 2 --format json`).
fn solved_and_unique(out: &std::process::Output) -> (Vec<String>, Vec<bool>) {
    text(&out.stdout)
        .lines()
        .map(|l| {
            let r: serde_json::Value = serde_json::from_str(l).unwrap();
            (r["solutions"][0].as_str().unwrap_or("").to_string(), r["unique"] == true)
        })
        .unzip()
}

#[test]
fn the_arrow_form_gives_what_the_same_killers_give_as_f_puzzles() {
    // The f-puzzles lines were converted from these strings by another tool: the two readers
    // must agree on every cage.
    let arrows = format!("{DATA}killer_tarek_27_6_30.arrows.txt");
    let out = run(&["solve", "--format", "line", &arrows]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(solutions(&out), lines("killer_tarek_27_6_30.solutions.txt"));
    let json = run(&["solve", "--format", "line", &format!("{DATA}killer_tarek_27_6_30.jsonl")]);
    assert_eq!(solutions(&out), solutions(&json));
}

#[test]
fn extreme_killers_in_sudocue_form_are_solved_and_proved_unique() {
    // Solved and proved unique by `auto` in one run: each line's solution and `unique`.
    let file = format!("{DATA}killer_extreme_4.txt");
    let out = run(&["solve", "--max-solutions", "2", "--format", "json", "--input-format", "killer", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let (found, unique) = solved_and_unique(&out);
    assert_eq!(found, lines("killer_extreme_4.solutions.txt"));
    assert_eq!(unique, [true; 4], "auto: {}", text(&out.stderr));
    // A second proof by an independent kind of solver (CaDiCaL through `sat`), on the two it
    // settles fastest: on all four it took 2.3 s, the slowest test of this binary.
    let dir = scratch("killer", "sat-proof");
    let two = dir.join("last-two.txt");
    std::fs::write(&two, lines("killer_extreme_4.txt")[2..].join("\n") + "\n").unwrap();
    let out = run(&["count", "--input-format", "killer", "--strategy", "sat", "--max-solutions", "2", s(&two)]);
    assert_eq!(text(&out.stdout), "1\n1\n", "sat: {}", text(&out.stderr));
    // check says what each holds.
    let out = run(&["check", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("killer_extreme_4.txt:1: 9×9 killer-9x9, rules: Rows, Columns, Boxes, "));
}

#[test]
fn a_broken_killer_is_named_and_the_others_still_solved() {
    let good = lines("killer_tarek_27_6_30.arrows.txt");
    // r1c1 of the second puzzle points left, off the grid.
    let bad = format!("<{}", &good[1][1..]);
    let dir = scratch("killer", "broken");
    let file = dir.join("mixed.txt");
    std::fs::write(&file, format!("{}\n{bad}\n{}\n", good[0], good[2])).unwrap();
    let out = run(&["solve", "--format", "line", s(&file)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("mixed.txt:2") && err.contains("r1c1") && err.contains("outside the grid"), "{err}");
    let want = lines("killer_tarek_27_6_30.solutions.txt");
    let got = solutions(&out);
    assert!(got.contains(&want[0]) && got.contains(&want[2]), "{got:?}");
    // A cage whose sum no set of distinct values reaches is refused with the spec's reason.
    let k = std::fs::read_to_string(format!("{DATA}killer_extreme_4.txt")).unwrap();
    let first = k.lines().next().unwrap().split_whitespace().next().unwrap();
    // r1c1's cage (number 6 at 6150 = 24 × 256 + 6) given the sum 99 everywhere.
    let impossible: Vec<String> =
        first.split(':').map(|w| if w == "6150" { (99 * 256 + 6).to_string() } else { w.to_string() }).collect();
    let impossible = impossible.join(":");
    let dir = scratch("killer", "sum");
    let file = dir.join("sum.txt");
    std::fs::write(&file, format!("{impossible}\n")).unwrap();
    let out = run(&["solve", s(&file)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("sum.txt:1") && err.contains("(sum 99)") && err.contains("never 99"), "{err}");
}

#[test]
fn hidden_cage_values_change_the_search_not_the_answers() {
    // `fast` with and without the deduction that a cage holds each value whose every place in
    // a house lies in its cells: the same unique solutions, the ones the collections give.
    for (file, solved) in [
        ("killer_extreme_4.txt", "killer_extreme_4.solutions.txt"),
        ("killer_tarek_27_6_30.arrows.txt", "killer_tarek_27_6_30.solutions.txt"),
    ] {
        let mut guesses = Vec::new();
        for flag in ["true", "false"] {
            let strategy = format!("fast(wdeg: true, place_branching: false, hidden_cage: {flag})");
            let path = format!("{DATA}{file}");
            let out = run(&["solve", "--max-solutions", "2", "--strategy", &strategy, "--format", "json", &path]);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            let (found, unique) = solved_and_unique(&out);
            assert_eq!(found, lines(solved), "{file} {flag}");
            assert!(unique.iter().all(|&u| u), "{file} {flag}");
            let results: Vec<serde_json::Value> =
                text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            guesses.push(results.iter().map(|r| r["stats"]["guesses"].as_u64().unwrap()).collect::<Vec<_>>());
        }
        // The option is live: the two searches differ.
        assert_ne!(guesses[0], guesses[1], "{file}");
    }
}

#[test]
fn specs_written_back_keep_every_layout() {
    // Four killers read with the same spec name: each layout gets a file of its own, and each
    // file with its puzzle line solves to the collection's solution.
    let dir = scratch("killer", "specs");
    let out = run(&["check", "--spec-out", s(&dir), &format!("{DATA}killer_extreme_4.txt")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let pairs: Vec<(&str, &str)> = stdout.lines().map(|l| l.split_once(" : ").unwrap()).collect();
    assert_eq!(pairs.len(), 4);
    let mut files: Vec<&str> = pairs.iter().map(|p| p.0).collect();
    files.dedup();
    assert_eq!(files.len(), 4, "{stdout}");
    for ((spec, line), want) in pairs.iter().zip(lines("killer_extreme_4.solutions.txt")) {
        let out = run(&["solve", "--format", "line", "--spec", spec, line]);
        assert_eq!(out.status.code(), Some(0), "{spec}: {}", text(&out.stderr));
        assert_eq!(solutions(&out), vec![want], "{spec}");
    }
}

#[test]
fn traces_of_killers_replay() {
    // `fast`'s deductions on 9×9 killers, hidden cage values included, each checked by the
    // replayer from its own state. The three puzzles in their arrow form and, in the full run
    // (COVERLAB_TESTS=full, as CI runs), in their f-puzzles form (`.jsonl`) too: the two give the
    // same solutions (the test above), and tracing both was half of this test's CPU.
    let dir = scratch("killer", "trace");
    let trace = dir.join("trace.jsonl");
    let forms: &[&str] = if common::full() {
        &["killer_tarek_27_6_30.arrows.txt", "killer_tarek_27_6_30.jsonl"]
    } else {
        &["killer_tarek_27_6_30.arrows.txt"]
    };
    for file in forms {
        let input = format!("{DATA}{file}");
        let out = run(&["solve", "--strategy", "fast", "--trace", s(&trace), &input]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let out = run(&["replay", "--trace", s(&trace), &input]);
        assert_eq!(out.status.code(), Some(0), "{file}: {}", text(&out.stderr));
    }
}
