//! The committed excerpts of the public corpora (tests/data, see its README.md) read completely,
//! with the right counts, sizes, alphabets and clue counts, and write back byte for byte.

use crate::common;

use coverlab_formats::{InputFormat, Reader, write_line};
use coverlab_model::Symbols;

/// Reads a corpus file; checks its format, count, size, alphabet and clue range, and that each
/// puzzle writes back as its own line.
fn check(path: &str, count: usize, size: usize, alphabet: &str, clues: std::ops::RangeInclusive<usize>) {
    let text = common::read(path);
    let reader = Reader::new(text.as_bytes(), path, None, None);
    assert_eq!(reader.format(), Some(InputFormat::Line), "{path}");
    let entries: Vec<_> = reader.collect();
    assert_eq!(entries.len(), count, "{path}");
    let expected = Symbols::new(alphabet, size).unwrap();
    for (entry, line) in entries.iter().zip(text.lines()) {
        let p = common::ok(entry);
        assert_eq!(p.size, size, "{path}:{}", entry.line);
        assert_eq!(p.symbols, expected, "{path}:{}", entry.line);
        let filled = p.values.iter().filter(|&&v| v != 0).count();
        assert!(clues.contains(&filled), "{path}:{}: {filled} clues", entry.line);
        assert_eq!(write_line(&p.values, &p.symbols), line, "{path}:{}", entry.line);
    }
    assert_eq!(entries.last().unwrap().line, count);
}

#[test]
fn seventeen_clue() {
    check("tests/data/9x9/17_clue_first200.txt", 200, 9, "123456789", 17..=17);
}

#[test]
fn magictour() {
    check("tests/data/9x9/magictour_top1465_first50.txt", 50, 9, "123456789", 17..=28);
}

#[test]
fn gecode_janko() {
    check("tests/data/16x16/gecode_janko_55.txt", 55, 16, "123456789ABCDEFG", 98..=128);
}

#[test]
fn generated_minimal() {
    check("tests/data/16x16/generated_minimal_30.txt", 30, 16, "123456789ABCDEFG", 90..=99);
}

#[test]
fn gecode_frisch() {
    check("tests/data/25x25/gecode_frisch_18.txt", 18, 25, "ABCDEFGHIJKLMNOPQRSTUVWXY", 266..=284);
}
