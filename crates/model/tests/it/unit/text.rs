//! The tests of `src/text.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::text::*;

#[test]
fn counts_agree_with_their_nouns() {
    assert_eq!(count(1u64, "puzzle"), "1 puzzle");
    assert_eq!(count(0u64, "step"), "0 steps");
    assert_eq!(count(2usize, "guess"), "2 guesses");
    assert_eq!(count(1usize, "guess"), "1 guess");
    assert_eq!(count(5u32, "box"), "5 boxes");
    assert_eq!(plural(1u64, "trace"), "trace");
}

#[test]
fn edit_distances() {
    assert_eq!(edit_distance("", "abc"), 3);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    assert_eq!(edit_distance("dxl", "dlx"), 1);
    assert_eq!(edit_distance("singels", "singles"), 1);
    assert_eq!(edit_distance("same", "same"), 0);
}

#[test]
fn suggestions_name_the_nearest_names_only() {
    let strategies = ["auto", "fast", "dlx", "dfs", "mrv", "singles", "singles-copy"];
    assert_eq!(did_you_mean("singels", strategies).as_deref(), Some("did you mean singles?"));
    assert_eq!(did_you_mean("fats", strategies).as_deref(), Some("did you mean fast?"));
    assert_eq!(did_you_mean("nonesuch", strategies), None);
    assert_eq!(
        did_you_mean("x-sudoku", ["x-sudoku-9x9", "windoku-9x9"]).as_deref(),
        Some("did you mean x-sudoku-9x9?")
    );
}

#[test]
fn every_control_character_is_escaped() {
    for c in (0u32..0x20).chain(0x7f..0xa0).filter_map(char::from_u32) {
        let text = format!("a{c}b");
        let shown = escape(&text);
        assert!(!shown.chars().any(|c| c.is_control()), "{c:?} reached the output: {shown:?}");
        assert!(shown.starts_with('a') && shown.ends_with('b'));
    }
}

#[test]
fn bidirectional_overrides_are_escaped() {
    assert_eq!(escape("abc\u{202e}def"), "abc\\u{202e}def");
    assert_eq!(quote_name("\u{202e}txt.exe"), "'\\u{202e}txt.exe'");
}

#[test]
fn names_with_quotes_or_spaces_are_quoted_unambiguously() {
    assert_eq!(quote_name("it's.txt"), "'it\\'s.txt'");
    assert_eq!(quote_name(""), "''");
    assert_eq!(quote_name("<stdin>"), "<stdin>");
    assert_eq!(quote_name("données.txt"), "données.txt");
}
