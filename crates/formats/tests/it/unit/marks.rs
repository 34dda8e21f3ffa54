//! The tests of `src/marks.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::spec::{CellRef, Rule};

use coverlab_formats::marks::*;

/// The marks of a 4×4 grid: every cell open, with the given candidate lists.
fn line(cells: &[&str]) -> String {
    cells
        .iter()
        .map(|c| {
            (1..=4)
                .map(|v| if c.contains(char::from(b'0' + v)) { char::from(b'0' + v) } else { '.' })
                .collect::<String>()
        })
        .collect()
}

#[test]
fn a_line_of_marks_is_told_from_a_line_puzzle() {
    let all = line(&["1234"; 16]);
    assert_eq!(looks_like(&all), Some(4));
    assert_eq!(looks_like(&format!("{all} a comment")), Some(4));
    // Out of place, too short, or only crossed out: not marks.
    assert_eq!(looks_like(&all.replacen("1234", "2134", 1)), None);
    assert_eq!(looks_like(&all[1..]), None);
    assert_eq!(looks_like(&".".repeat(64)), None);
    assert_eq!(looks_like(&"1".repeat(729)), None);
}

#[test]
fn single_marks_are_givens_and_the_others_rules() {
    let mut cells = vec!["1234"; 16];
    cells[0] = "1";
    cells[5] = "24";
    let parsed = parse(&format!("{} # mine", line(&cells)), None).unwrap();
    assert_eq!(parsed.values[0], 1);
    assert!(parsed.values[1..].iter().all(|&v| v == 0));
    let spec = parsed.spec.unwrap();
    assert_eq!(spec.name, "classic-4x4");
    assert_eq!(spec.rules.last(), Some(&Rule::Candidates { cell: CellRef { row: 2, col: 2 }, values: vec![2, 4] }));
    assert_eq!(spec.rules.len(), 4);
    assert_eq!(parsed.comment.as_deref(), Some("# mine"));
}

#[test]
fn a_grid_of_candidate_lists_reads_as_its_line() {
    let mut cells = vec!["1234"; 16];
    cells[0] = "1";
    cells[5] = "24";
    let rows: Vec<String> = cells.chunks(4).map(|r| format!("| {} {} | {} {} |", r[0], r[1], r[2], r[3])).collect();
    let grid = format!(
        ".-----------.-----------.\n{}\n{}\n:-----------+-----------:\n{}\n{}\n'-----------------------'\n",
        rows[0], rows[1], rows[2], rows[3]
    );
    assert_eq!(looks_like_row(&rows[1]), Some(4));
    // A row of values, or of a symbol out of order or range, is not one.
    assert_eq!(looks_like_row("| 1 2 | 3 4 |"), None);
    assert_eq!(looks_like_row("| 21 2 | 3 4 |"), None);
    assert_eq!(looks_like_row("| 15 2 | 3 4 |"), None);
    let from_grid = coverlab_formats::read_str(&grid, None, None);
    let from_line = coverlab_formats::read_str(&line(&cells), None, None);
    assert_eq!(from_grid.len(), 1);
    assert_eq!(from_grid[0].line, 2);
    assert_eq!(from_grid[0].result, from_line[0].result);
    // A grid cut short, and a word that is not a candidate list, are named.
    let short = coverlab_formats::read_str(&format!("{}\n{}\n", rows[0], rows[1]), None, None);
    assert_eq!(
        short[0].result.as_ref().unwrap_err().to_string(),
        "line 1: marks: the grid of candidates ends after 2 of its 4 rows"
    );
    let bad = coverlab_formats::read_str(&format!("{}\n| 12 34 | 1x 4 |\n", rows[0]), None, None);
    assert_eq!(
        bad[0].result.as_ref().unwrap_err().to_string(),
        "line 2: marks: \"1x\" is not a list of candidates (increasing digits 1 to 4)"
    );
}

#[test]
fn a_cell_without_candidates_is_named() {
    let mut text = line(&["1234"; 16]);
    text.replace_range(20..24, "....");
    // Only crossed-out marks in r2c2: still marks (other cells keep theirs), and an error.
    assert_eq!(parse(&text, None).unwrap_err(), "r2c2 has no candidate left");
}
