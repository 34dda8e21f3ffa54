//! Interactive Sudoku Solver constraint strings: the puzzles ISS ships whose rules coverlab has
//! (`tests/data/iss/conformance.txt`) are read, solved, checked by the independent validator and
//! compared with the solutions ISS records for them; the binary reads them detected or named,
//! `check` says what each holds, and a string holding what coverlab lacks is refused by name while
//! the others of its file are still solved.

use std::sync::Arc;

use coverlab_engine::{Limits, NullSink};
use coverlab_formats::{InputFormat, Reader};
use coverlab_model::{Grid, Model, Puzzle, validate};

use crate::common;

use common::{run, s, scratch, text};

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/iss/conformance.txt");
const SOLUTIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/iss/conformance.solutions.txt");

/// A solution as ISS writes it (digits up to 9×9, letters `A`… = 1… above; on values from 0,
/// `zero`, digits from 0 for value 1) as values.
fn iss_values(solution: &str, n: usize, zero: bool) -> Vec<u8> {
    solution
        .chars()
        .map(|c| match c {
            '0'..='9' if zero && n <= 10 => c as u8 - b'0' + 1,
            '1'..='9' if n < 10 => c as u8 - b'0',
            'A'..='Z' if n >= 10 => c as u8 - b'A' + 1,
            _ => panic!("{c:?} in an ISS solution of a {n}×{n} grid"),
        })
        .collect()
}

#[test]
fn iss_puzzles_solve_to_the_solutions_iss_records() {
    let text = std::fs::read_to_string(PUZZLES).unwrap();
    let solutions: Vec<String> = std::fs::read_to_string(SOLUTIONS).unwrap().lines().map(str::to_string).collect();
    let reader = Reader::new(text.as_bytes(), "conformance.txt", None, None);
    assert_eq!(reader.format(), Some(InputFormat::Iss));
    let entries: Vec<_> = reader.collect();
    assert_eq!(entries.len(), solutions.len());
    let chosen = coverlab_strategies::registry::resolve("auto").unwrap();
    let mut compared = 0;
    // Every puzzle with COVERLAB_TESTS=full; otherwise every third (all are read above).
    let stride = if common::full() { 1 } else { 3 };
    for (entry, recorded) in entries.iter().zip(&solutions).step_by(stride) {
        let parsed = entry.result.as_ref().unwrap_or_else(|e| panic!("{e}"));
        let name = parsed.comment.clone().unwrap_or_default();
        let model = Arc::new(Model::compile(*parsed.spec.clone().unwrap()).unwrap());
        let givens = Grid::from_values(parsed.size, parsed.values.clone()).unwrap();
        let puzzle = Puzzle::new(model, givens).unwrap_or_else(|e| panic!("{name}: {e}"));
        let outcome = chosen.build(0).solve(&puzzle, &Limits::count(2, 1), &mut NullSink);
        assert!(outcome.count >= 1, "{name}: no solution ({:?})", outcome.status);
        let found = &outcome.solutions[0];
        validate::check_solution(puzzle.model(), puzzle.givens(), found).unwrap_or_else(|e| panic!("{name}: {e}"));
        if recorded != "-" {
            // ISS records the one solution of a unique puzzle.
            assert_eq!(outcome.count, 1, "{name}: more than one solution");
            let zero = parsed.symbols.to_string().starts_with('0') && parsed.size <= 10;
            assert_eq!(found.values(), iss_values(recorded, parsed.size, zero).as_slice(), "{name}");
            compared += 1;
        }
    }
    let recorded = solutions.iter().step_by(stride).filter(|r| *r != "-").count();
    assert_eq!(compared, recorded);
    if common::full() {
        assert_eq!(compared, 142);
    }
}

#[test]
fn the_binary_reads_iss_strings_detected_or_named() {
    let solutions: Vec<String> = std::fs::read_to_string(SOLUTIONS).unwrap().lines().map(str::to_string).collect();
    let lines: Vec<String> = std::fs::read_to_string(PUZZLES).unwrap().lines().take(3).map(str::to_string).collect();
    let dir = scratch("iss", "named");
    let file = dir.join("three.txt");
    std::fs::write(&file, format!("{}\n", lines.join("\n"))).unwrap();
    for format in [None, Some("iss")] {
        let mut args = vec!["solve", "--format", "line"];
        if let Some(f) = format {
            args.extend(["--input-format", f]);
        }
        args.push(s(&file));
        let out = run(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let got: Vec<String> = text(&out.stdout).lines().map(|l| l.chars().take(81).collect()).collect();
        assert_eq!(got, solutions[..3], "{format:?}");
    }
    let out = run(&["check", s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("three.txt:2: 9×9 iss-9x9, rules: Rows, Columns, Boxes, Even, Odd"), "{err}");
    assert!(err.contains("three.txt:3: 9×9 iss-9x9, rules: Rows, Columns, Boxes, 4 Thermometer"), "{err}");
    // Pasted as the argument itself.
    let data = lines[2].split(" #").next().unwrap();
    let out = run(&["solve", "--format", "line", data]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with(&solutions[2]), "{}", text(&out.stdout));
}

#[test]
fn a_constraint_coverlab_lacks_is_named_and_the_other_puzzles_still_solved() {
    let solutions: Vec<String> = std::fs::read_to_string(SOLUTIONS).unwrap().lines().map(str::to_string).collect();
    let lines: Vec<String> = std::fs::read_to_string(PUZZLES).unwrap().lines().take(3).map(str::to_string).collect();
    let bad = format!(".CountDistinct~R1C1~R1C2{}", lines[1]);
    let dir = scratch("iss", "mixed");
    let file = dir.join("mixed.txt");
    std::fs::write(&file, format!("{}\n{bad}\n{}\n", lines[0], lines[2])).unwrap();
    let out = run(&["solve", "--format", "line", s(&file)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "mixed.txt:2:1: iss: constraint 1 \".CountDistinct~R1C1~R1C2\": distinct-value counts are not supported by coverlab"
        ),
        "{err}"
    );
    let stdout = text(&out.stdout);
    let solved: Vec<&str> = stdout.lines().filter(|l| l.len() >= 81).collect();
    assert_eq!(solved, [solutions[0].as_str(), solutions[2].as_str()], "{stdout}");
}
