//! The tests of `src/write.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_formats::OutputFormat;
use coverlab_model::Symbols;

use coverlab_formats::write::*;

#[test]
fn marked_cells_are_bold_and_nothing_else_moves() {
    let symbols = Symbols::default_for(4);
    let values = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let regions = box_regions(4, (2, 2));
    let mut marked = [false; 16];
    marked[0] = true;
    let plain = write_boxed(&values, &symbols, Some(&regions));
    let bold = write_boxed_marked(&values, &symbols, Some(&regions), Some(&marked));
    assert_eq!(bold.replace("\x1b[1m", "").replace("\x1b[0m", ""), plain);
    assert!(bold.contains("| \x1b[1m1\x1b[0m 2 |"), "{bold}");
}

/// Seed 003's solved puzzle, with its boxes and with the outer frame only.
#[test]
fn boxed_classic_and_plain() {
    let solved = "135294678478163259269578143613925784824317596957846312582739461741682935396451827";
    let values: Vec<u8> = solved.bytes().map(|b| b - b'0').collect();
    let nine = Symbols::default_for(9);
    let board = write(&values, &nine, Some((3, 3)), OutputFormat::Boxed);
    let rule = "+-------+-------+-------+";
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(lines[..3], [rule, "| 1 3 5 | 2 9 4 | 6 7 8 |", "| 4 7 8 | 1 6 3 | 2 5 9 |"]);
    assert_eq!((lines[4], lines[8], lines[12]), (rule, rule, rule));
    assert_eq!(lines[11], "| 3 9 6 | 4 5 1 | 8 2 7 |");
    let plain = write_boxed(&values, &nine, None);
    assert!(plain.starts_with("+-------------------+\n| 1 3 5 2 9 4 6 7 8 |\n| 4 7 8 1 6 3 2 5 9 |\n"));
    assert_eq!(plain.lines().count(), 11);
}

#[test]
fn boxed_marks_rectangular_boxes() {
    let values = vec![0u8; 36];
    let board = write(&values, &Symbols::default_for(6), Some((2, 3)), OutputFormat::Boxed);
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines.len(), 10);
    assert_eq!(lines[0], "+-------+-------+");
    assert_eq!(lines[1], "| . . . | . . . |");
    assert_eq!(lines[3], "+-------+-------+");
    assert!(lines.iter().all(|l| l.len() == 17), "monospace-aligned");
}

#[test]
fn boxed_jigsaw_draws_partial_rules() {
    // 4x4 with regions: AABB / ACBB / CCDD / CDDD (region ids 0-3).
    let map: Vec<u16> = "AABBACBBCCDDCDDD".bytes().map(|b| u16::from(b - b'A')).collect();
    let board = write_boxed(&[0; 16], &Symbols::default_for(4), Some(&map));
    assert_eq!(
        board,
        "\
+-------+-----+
| .   . | . . |
|   +---+     |
| . | . | . . |
+---+   +-----+
| .   . | . . |
|   +---+     |
| . | .   . . |
+---+---------+
"
    );
}

#[test]
fn grid_uses_zero_for_empty_unless_it_is_a_symbol() {
    let nine = Symbols::default_for(9);
    let mut values = vec![0u8; 81];
    values[1] = 9;
    assert!(write_grid(&values, &nine).starts_with("0 9 0 0 0 0 0 0 0\n"));
    let hex = Symbols::new("0123456789ABCDEF", 16).unwrap();
    let mut values = vec![0u8; 256];
    values[1] = 1;
    assert!(write_grid(&values, &hex).starts_with(". 0 . ."));
    assert_eq!(write(&values[..3], &hex, None, OutputFormat::Json), "\".0.\"");
}
