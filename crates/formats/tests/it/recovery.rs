//! One broken line never loses or shifts the puzzles around it: back-to-back grid and csv
//! puzzles, one-line header puzzles, each with unreadable lines among them.

use crate::common;

use common::{digits, err, ok};
use coverlab_formats::{Entry, FormatError, InputFormat, MAX_LINE_BYTES, Reader};

/// The first `count` puzzles of the 17-clue corpus, cycled.
fn puzzles(count: usize) -> Vec<String> {
    let corpus = common::read("tests/data/9x9/17_clue_first200.txt");
    corpus.lines().cycle().take(count).map(str::to_string).collect()
}

/// The rows of a 9x9 puzzle (a line of 81 digits or dots), with cells joined by `sep`.
fn rows(line: &str, sep: &str) -> Vec<String> {
    let values = digits(line);
    values.chunks(9).map(|r| r.iter().map(u8::to_string).collect::<Vec<_>>().join(sep)).collect()
}

/// The three kinds of unreadable row, by `k`: invalid UTF-8, a line over the limit, 70 cells.
fn broken_row(k: usize, sep: &str) -> Vec<u8> {
    match k % 3 {
        0 => b"0 0 3 \xff 2 0 6 0 0".to_vec(),
        1 => vec![b'1'; MAX_LINE_BYTES + 1],
        _ => vec!["0"; 70].join(sep).into_bytes(),
    }
}

fn read(bytes: &[u8], format: Option<InputFormat>) -> Vec<Entry> {
    Reader::new(bytes, "<test>", format, None).collect()
}

/// 1,000 back-to-back puzzles, 24 of them with an unreadable row `broken_at` (0: the first).
fn back_to_back(sep: &str, broken_at: usize) -> (Vec<u8>, Vec<String>, Vec<usize>) {
    let puzzles = puzzles(1000);
    let broken: Vec<usize> = std::iter::once(0).chain((0..23).map(|k| 41 * k + 3)).collect();
    let mut text = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        for (r, row) in rows(puzzle, sep).iter().enumerate() {
            match broken.iter().position(|&b| b == i) {
                Some(k) if r == broken_at => text.extend(broken_row(k, sep)),
                _ => text.extend_from_slice(row.as_bytes()),
            }
            text.push(b'\n');
        }
    }
    (text, puzzles, broken)
}

fn check_back_to_back(sep: &str, format: InputFormat, broken_at: usize) {
    let (text, puzzles, broken) = back_to_back(sep, broken_at);
    let reader = Reader::new(text.as_slice(), "<test>", None, None);
    assert_eq!(reader.format(), Some(format));
    let entries: Vec<Entry> = reader.collect();
    assert_eq!(entries.len(), 1000);
    assert_eq!(entries.iter().filter(|e| e.result.is_ok()).count(), 976);
    for (i, entry) in entries.iter().enumerate() {
        assert_eq!((entry.index, entry.line), (i, 9 * i + 1), "puzzle {i}");
        match broken.iter().position(|&b| b == i) {
            Some(k) => {
                let e = err(entry);
                assert_eq!(e.line(), 9 * i + 1 + broken_at, "puzzle {i}: {e}");
                let expected_kind = match k % 3 {
                    0 => matches!(e, FormatError::InvalidUtf8 { .. }),
                    1 => matches!(e, FormatError::LineTooLong { .. }),
                    _ if broken_at == 0 => matches!(e, FormatError::RowTooWide { cells: 70, .. }),
                    _ => matches!(e, FormatError::WrongRowLength { cells: 70, expected: 9, .. }),
                };
                assert!(expected_kind, "puzzle {i}: {e}");
            }
            None => assert_eq!(ok(entry).values, digits(&puzzles[i]), "puzzle {i}"),
        }
    }
}

#[test]
fn back_to_back_grids_with_unreadable_first_rows() {
    check_back_to_back(" ", InputFormat::Grid, 0);
}

#[test]
fn back_to_back_csv_with_unreadable_first_rows() {
    check_back_to_back(",", InputFormat::Csv, 0);
}

#[test]
fn back_to_back_grids_and_csv_with_unreadable_middle_rows() {
    check_back_to_back(" ", InputFormat::Grid, 4);
    check_back_to_back(",", InputFormat::Csv, 4);
}

#[test]
fn back_to_back_grids_with_a_forced_spec() {
    let (text, _, broken) = back_to_back(" ", 0);
    let model = coverlab_model::builtin::load("classic-9x9").unwrap().unwrap();
    let entries: Vec<Entry> = Reader::new(text.as_slice(), "<test>", None, Some(&model)).collect();
    assert_eq!(entries.len(), 1000);
    let bad: Vec<usize> = entries.iter().filter(|e| e.result.is_err()).map(|e| e.index).collect();
    assert_eq!(bad, broken);
}

#[test]
fn first_rows_of_the_wrong_length_do_not_shift_the_next_puzzles() {
    // A first row missing a cell, in the first puzzle (no size known yet) and in a later one.
    let puzzles = puzzles(6);
    let mut text = String::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        for (r, row) in rows(puzzle, " ").iter().enumerate() {
            let row = if r == 0 && (i == 0 || i == 3) { &row[2..] } else { row.as_str() };
            text.push_str(row);
            text.push('\n');
        }
    }
    let entries = read(text.as_bytes(), None);
    assert_eq!(entries.len(), 6);
    for (i, entry) in entries.iter().enumerate() {
        assert_eq!(entry.line, 9 * i + 1);
        if i == 0 || i == 3 {
            assert_eq!(err(entry).to_string(), format!("line {}: the row has 8 cells, expected 9", 9 * i + 1));
        } else {
            assert_eq!(ok(entry).values, digits(&puzzles[i]));
        }
    }
}

#[test]
fn an_unreadable_line_alone_before_a_blank_line() {
    let good = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let mut text = b"\xc3\x28\n\n".to_vec();
    text.extend_from_slice(good.as_bytes());
    text.extend_from_slice(b"1 2\xff\n\n");
    text.extend_from_slice(good.as_bytes());
    let entries = read(&text, Some(InputFormat::Grid));
    assert_eq!(
        entries.iter().map(|e| (e.line, e.result.is_ok())).collect::<Vec<_>>(),
        [(1, false), (3, true), (7, false), (9, true)]
    );
}

#[test]
fn one_line_header_puzzles_resync_after_unreadable_lines() {
    let puzzles = puzzles(300);
    let broken = [0, 5, 6, 77, 150, 299];
    let mut text = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let numbers: Vec<String> = digits(puzzle).iter().map(u8::to_string).collect();
        let line = format!("9 {}", numbers.join(" "));
        match broken.iter().position(|&b| b == i) {
            Some(0) => text.extend_from_slice(&[0xff, b'9', b' ']),
            Some(k) if k % 2 == 1 => {
                let mut bytes = line.into_bytes();
                bytes[40] = 0xfe;
                text.extend(bytes);
            }
            Some(_) => text.extend(vec![b'0'; MAX_LINE_BYTES + 1]),
            None => text.extend_from_slice(line.as_bytes()),
        }
        text.push(b'\n');
    }
    let reader = Reader::new(text.as_slice(), "<test>", None, None);
    assert_eq!(reader.format(), Some(InputFormat::Header));
    let entries: Vec<Entry> = reader.collect();
    let lines: Vec<usize> = entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, (1..=300).collect::<Vec<_>>());
    for (i, entry) in entries.iter().enumerate() {
        assert_eq!(entry.line, i + 1);
        if broken.contains(&i) {
            err(entry);
        } else {
            assert_eq!(ok(entry).values, digits(&puzzles[i]), "puzzle {i}");
        }
    }
    // A bad size among one-line puzzles: its line only.
    let text =
        "4 1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1\nx 1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1\n4 1 0 0 0 0 0 3 0 0 4 0 0 0 0 0 2\n";
    let entries = read(text.as_bytes(), Some(InputFormat::Header));
    assert_eq!(
        entries.iter().map(|e| (e.line, e.result.is_ok())).collect::<Vec<_>>(),
        [(1, true), (2, false), (3, true)]
    );
}
