//! The tests of `src/kind.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_formats::decode::Context;

use coverlab_formats::kind::*;

fn of(text: &str) -> Kind {
    let mut ctx = Context::new(None);
    let line = super::source::line(text);
    kind(&line, &mut ctx)
}

#[test]
fn rules_and_rows_of_dashes() {
    for text in [
        "------+------+------",
        "+-------+-------+",
        "|   |",
        "=====",
        "- - - + - - -",
        "+",
        ".-----.-----.",
        ":-----+-----:",
        "'-----------'",
    ] {
        assert_eq!(of(text), Kind::Rule, "{text}");
    }
    for text in ["- - - - - - - - -", "| - - - | - - - |", "-", "---:---", "-- --", "-5"] {
        assert_eq!(of(text), Kind::Data, "{text}");
    }
    assert_eq!(of("---------"), Kind::Dashes(9));
}

#[test]
fn titles_never_eat_rows() {
    for text in ["Grid 01", "Puzzle 1 of 50", "Easy", "Sudoku #1", "Hard: 17 clues"] {
        assert_eq!(of(text), Kind::Title, "{text}");
    }
    for text in [
        "1 2 3 4",
        "003020600",
        "1 2 3 4x",
        "ABCDEFGHIJKLMNOPQRSTUVWXY",
        "A B C D",
        "4 . . |. . . |8 . 5",
        "AB.C|....|....|....",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... box duplicate",
        "10,11,12,13",
        "1 2 3 AB",
        "Puzzle 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ] {
        assert_eq!(of(text), Kind::Data, "{text}");
    }
}
