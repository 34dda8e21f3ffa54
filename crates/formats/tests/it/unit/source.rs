//! The tests of `src/source.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_formats::source::*;

/// A line as a reader gets it.
pub(crate) fn line(text: &str) -> Line {
    Line { number: 1, text: text.to_string(), start: 0, end: data_end(text) }
}

#[test]
fn words_are_split_as_the_standard_library_splits_them() {
    let texts = ["", " ", "1.2", "1.2 x", "  1.2\t x y", "a\u{b}b", "é.1 x", "1\u{3000}2 3", "1\u{a0}2", "x\u{85}"];
    for text in texts {
        assert_eq!(split_at_space(text), text.split_once(char::is_whitespace), "{text:?}");
        assert_eq!(first_word(text), text.split_whitespace().next().unwrap_or(""), "{text:?}");
    }
}

#[test]
fn trailing_comments_follow_whitespace() {
    let l = line("1 2 3 4  # the first row");
    assert_eq!((l.rest(), l.comment()), ("1 2 3 4", Some("the first row")));
    let l = line("12#4");
    assert_eq!((l.rest(), l.comment()), ("12#4", None));
    let l = line("  # only a comment");
    assert!(l.is_comment() && l.is_blank());
    assert_eq!(line("1 2 #").comment(), None);
}

#[test]
fn utf16_is_recognised_by_its_nul_bytes() {
    assert!(looks_like_utf16(b"5\x003\x00.\x00"));
    assert!(looks_like_utf16(b"\x005\x003\x00"));
    assert!(looks_like_utf16(b"5\x00"));
    assert!(!looks_like_utf16(b"\x00\x00\x00"));
    assert!(!looks_like_utf16(b"12345\x006789"));
}
