//! The tests of `src/input.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab::input::is_inline_puzzle;

#[test]
fn pasted_puzzles_are_told_from_file_names() {
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    assert!(is_inline_puzzle(line));
    assert!(is_inline_puzzle("12.............."));
    assert!(is_inline_puzzle(&format!("{}G{}", ".".repeat(100), ".".repeat(155))));
    assert!(is_inline_puzzle("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSz"));
    assert!(is_inline_puzzle(&"9<<<<<<<<".repeat(9)));
    assert!(is_inline_puzzle(&format!("3x3::k:{}", "2560:".repeat(81))));
    assert!(is_inline_puzzle(".Shape~4x4.Cage~3~R1C1~R1C2"));
    assert!(is_inline_puzzle(".~R1C1_5.AntiKnight"));
    // A nearly finished grid, and blanks written `_` or `*`.
    let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert!(is_inline_puzzle(solved));
    assert!(is_inline_puzzle(&solved.replacen('9', "_", 1)));
    assert!(is_inline_puzzle("12**34**********"));
    for name in ["puzzles.txt", "abcdefghijklmnop", "1234567812345678", "9x9/puzzles.txt", "-", "", &line[1..]] {
        assert!(!is_inline_puzzle(name), "{name}");
    }
}
