//! The tests of `src/error.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_formats::error::*;

#[test]
fn every_message_is_located_like_a_compiler_error() {
    let symbol = FormatError::UnknownSymbol {
        line: 3,
        column: 17,
        symbol: 'Z',
        target: "spec classic-16x16".into(),
        expected: "1-9, A-G".into(),
    };
    assert_eq!(
        symbol.located("p.txt"),
        "p.txt:3:17: 'Z' is not a symbol of spec classic-16x16 (expected 1-9, A-G or '.')"
    );
    let length = FormatError::WrongRowLength { line: 4, cells: 8, expected: 9 };
    assert_eq!(length.located("p.txt"), "p.txt:4: the row has 8 cells, expected 9");
    assert!(!length.message().starts_with("line"));
}
