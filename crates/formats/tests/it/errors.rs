//! Every error message, asserted as full text, and recovery after a bad puzzle.

use crate::common;

use common::{err, ok};
use coverlab_formats::{FormatError, InputFormat, MAX_LINE_BYTES, Reader, read_str};
use coverlab_model::builtin;

const P9: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The only entry of `text`, which must be an error; returns its message.
fn message(text: &str, format: Option<InputFormat>, spec: Option<&str>) -> String {
    let model = spec.map(|s| builtin::load(s).unwrap().unwrap());
    let entries = read_str(text, format, model.as_ref());
    assert_eq!(entries.len(), 1, "{entries:?}");
    err(&entries[0]).to_string()
}

#[test]
fn wrong_line_length() {
    let text = format!("{P9}\n\n# comment\n{P9}\n{}\n", &P9[..80]);
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 3);
    let e = err(&entries[2]);
    assert_eq!(e.to_string(), "line 5: the puzzle has 80 cells, expected 81 (classic-9x9)");
    assert_eq!((e.line(), e.column(), entries[2].line, entries[2].index), (5, None, 5, 2));
    // Nearest plausible size, the smaller on a tie.
    let msg = message(&format!("{P9}{}", ".".repeat(40)), Some(InputFormat::Line), None);
    assert_eq!(msg, "line 1: the puzzle has 121 cells, expected 100 (classic-10x10)");
    // With a forced spec, the spec's length.
    let msg = message(&P9[..80], Some(InputFormat::Line), Some("x-sudoku-9x9"));
    assert_eq!(msg, "line 1: the puzzle has 80 cells, expected 81 (x-sudoku-9x9)");
}

#[test]
fn unknown_symbol_says_what_the_spec_allows() {
    let mut line = ".".repeat(256);
    line.replace_range(16..17, "Z");
    line.replace_range(0..1, "G");
    let text = format!("{}\n{}\n{line}\n", ".".repeat(256), ".".repeat(256));
    let entries = read_str(&text, None, None);
    let e = err(&entries[2]);
    assert_eq!(
        e.to_string(),
        "line 3, column 17: 'Z' is not a symbol of spec classic-16x16 (expected 1-9, A-G or '.')"
    );
    assert_eq!((e.line(), e.column()), (3, Some(17)));
    // A 25x25 puzzle in A-Y with one digit: the expected alphabet is the one the rest fits.
    let mut line: String = "ABCDEFGHIJKLMNOPQRSTUVWXY".repeat(25);
    line.replace_range(30..31, "7");
    assert_eq!(
        message(&line, None, None),
        "line 1, column 31: '7' is not a symbol of spec classic-25x25 (expected A-Y or '.')"
    );
    // In a grid, columns count characters.
    let grid = "1 2 3 4\n3 4 1 2\n2 1 x 3\n4 3 2 1\n";
    assert_eq!(
        message(grid, None, None),
        "line 3, column 5: 'x' is not a symbol of spec classic-4x4 (expected 1-4 or '.')"
    );
    // A symbol outside ASCII.
    assert_eq!(
        message("1 2 3 4\n3 4 1 2\n2 1 é 3\n4 3 2 1\n", None, None),
        "line 3, column 5: 'é' is not a symbol of spec classic-4x4 (expected 1-4 or '.')"
    );
    // A size with no built-in spec.
    let grid7 = "1 0 0 0 0 0 0\n".repeat(6) + "0 0 0 0 0 0 9\n";
    assert_eq!(
        message(&grid7, None, None),
        "line 7, column 13: '9' is not a symbol of a 7x7 puzzle (expected 1-7 or '.')"
    );
}

#[test]
fn number_out_of_range() {
    let mut rows = ["0 0 0 0 0 0 0 0 0"; 9];
    rows[2] = "0 0 0 0 0 0 0 0 10";
    let text = rows.join("\n");
    assert_eq!(
        message(&text, None, None),
        "line 3, column 17: the number 10 is out of range for spec classic-9x9 (expected 1-9, or 0 for empty)"
    );
    let csv = "1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,5\n";
    assert_eq!(
        message(csv, None, None),
        "line 4, column 7: the number 5 is out of range for spec classic-4x4 (expected 1-4, or 0 for empty)"
    );
    let header = "4\n1 2 3 4 3 4 1 2\n2 1 4 3 4 3 99999999999999999999 1\n";
    assert_eq!(
        message(header, None, None),
        "line 3, column 13: the number 99999999999999999999 is out of range for spec classic-4x4 (expected 1-4, or 0 for empty)"
    );
}

#[test]
fn bad_token() {
    let grid = "1 2 3 4\n3 4 1 2\n2 1 4x 3\n4 3 2 1\n";
    assert_eq!(message(grid, None, None), "line 3, column 5: '4x' is neither a number nor a single symbol");
}

#[test]
fn header_size_out_of_range_is_refused_before_allocating() {
    let text = "100\n1 2 3\n";
    let e = message(text, None, None);
    assert_eq!(e, "line 1, column 1: the size 100 is out of range (expected 1-64)");
    let huge = format!("{}\n0 0 0\n", "9".repeat(40));
    assert_eq!(
        message(&huge, Some(InputFormat::Header), None),
        format!("line 1, column 1: the size {} is out of range (expected 1-64)", "9".repeat(40))
    );
    assert_eq!(
        message("0\n", Some(InputFormat::Header), None),
        "line 1, column 1: the size 0 is out of range (expected 1-64)"
    );
    assert_eq!(
        message("  x 1 2\n", Some(InputFormat::Header), None),
        "line 1, column 3: 'x' is not a size (expected a number 1-64)"
    );
}

#[test]
fn too_long_line() {
    let long = "1".repeat(MAX_LINE_BYTES + 1);
    let text = format!("{P9}\n{long}\n{P9}\n");
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 3);
    ok(&entries[0]);
    assert_eq!(err(&entries[1]).to_string(), format!("line 2: line too long (more than {MAX_LINE_BYTES} bytes)"));
    assert_eq!(entries[1].line, 2);
    assert_eq!(ok(&entries[2]).values, ok(&entries[0]).values);
    // Exactly the limit is accepted (and then is a wrong length).
    let at_limit = "1".repeat(MAX_LINE_BYTES);
    let msg = message(&at_limit, Some(InputFormat::Line), None);
    assert!(msg.starts_with(&format!("line 1: the puzzle has {MAX_LINE_BYTES} cells")), "{msg}");
    // A CRLF terminator does not count.
    let entries = read_str(&format!("{at_limit}\r\n"), Some(InputFormat::Line), None);
    assert!(matches!(entries[0].result, Err(FormatError::WrongLength { cells: MAX_LINE_BYTES, .. })));
}

#[test]
fn size_mismatch_with_a_forced_spec() {
    let janko = common::read("tests/data/16x16/gecode_janko_55.txt");
    let first16 = janko.lines().next().unwrap();
    assert_eq!(message(first16, None, Some("classic-9x9")), "line 1: the puzzle is 16x16, but spec classic-9x9 is 9x9");
    let grid4 = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let text = format!("{grid4}\n{}", common::read("examples/puzzles/seed003.grid"));
    let model = builtin::load("classic-9x9").unwrap().unwrap();
    let entries = read_str(&text, None, Some(&model));
    assert_eq!(entries.len(), 2);
    assert_eq!(err(&entries[0]).to_string(), "line 1: the puzzle is 4x4, but spec classic-9x9 is 9x9");
    assert_eq!((entries[1].line, ok(&entries[1]).size), (6, 9));
    let header = "4 1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1\n";
    assert_eq!(
        message(header, Some(InputFormat::Header), Some("classic-6x6")),
        "line 1: the puzzle is 4x4, but spec classic-6x6 is 6x6"
    );
}

#[test]
fn invalid_utf8() {
    let mut bytes = format!("{P9}\n").into_bytes();
    bytes.extend_from_slice(b"12\xff4");
    bytes.extend_from_slice(format!("\n{P9}\n").as_bytes());
    let entries: Vec<_> = Reader::new(bytes.as_slice(), "<test>", None, None).collect();
    assert_eq!(entries.len(), 3);
    assert_eq!(err(&entries[1]).to_string(), "line 2, column 3: invalid UTF-8");
    ok(&entries[2]);
}

#[test]
fn truncated_last_puzzle() {
    let grid = "1 2 3 4\n3 4 1 2\n2 1 4 3\n";
    assert_eq!(message(grid, None, None), "line 3: the puzzle stops after 3 of 4 rows (end of input)");
    let grid = "1 2 3 4\n3 4 1 2\n\n2 1 4 3\n4 3 2 1\n";
    let entries = read_str(grid, None, None);
    assert_eq!(err(&entries[0]).to_string(), "line 3: the puzzle stops after 2 of 4 rows (blank line)");
    let header = "4\n1 2 3 4\n3 4 1 2\n2 1 4\n";
    assert_eq!(message(header, None, None), "line 4: the puzzle stops after 11 of 16 cells (end of input)");
    let csv = "1,2,3,4\n3,4,1,2\n";
    assert_eq!(message(csv, None, None), "line 2: the puzzle stops after 2 of 4 rows (end of input)");
}

#[test]
fn wrong_row_length() {
    let grid = "1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n";
    assert_eq!(message(grid, None, None), "line 2: the row has 3 cells, expected 4");
    let wide = "0 ".repeat(65);
    assert_eq!(
        message(&wide, Some(InputFormat::Grid), None),
        "line 1: the row has 65 cells, more than the largest size (64)"
    );
}

#[test]
fn one_bad_puzzle_between_good_ones() {
    // line
    let text = format!("{P9}\n{}Z\n{P9}\n", &P9[..80]);
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 3);
    assert!(entries[0].result.is_ok() && entries[2].result.is_ok());
    assert_eq!(
        err(&entries[1]).to_string(),
        "line 2, column 81: 'Z' is not a symbol of spec classic-9x9 (expected 1-9 or '.')"
    );
    // grid, consecutive puzzles: a bad row does not shift the next puzzle
    let good = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let bad = "1 2 3 4\n3 4 1 2 5\n2 1 4 3\n4 3 2 1\n";
    let entries = read_str(&format!("{good}{bad}{good}"), None, None);
    assert_eq!(entries.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 5, 9]);
    assert!(entries[0].result.is_ok() && entries[2].result.is_ok());
    assert_eq!(err(&entries[1]).to_string(), "line 6: the row has 5 cells, expected 4");
    // header: a bad size resumes at the next size line
    let text = "4\n1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1\n100\n1 2 3\n4 5 6\n4\n1 0 0 0 0 0 3 0 0 4 0 0 0 0 0 2\n";
    let entries = read_str(text, None, None);
    assert_eq!(entries.len(), 3);
    assert_eq!(err(&entries[1]).to_string(), "line 3, column 1: the size 100 is out of range (expected 1-64)");
    assert_eq!((entries[2].line, ok(&entries[2]).values[6]), (6, 3));
    // csv: an out-of-range number spoils only its puzzle
    let good = "1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,1\n";
    let bad = "1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,9\n";
    let entries = read_str(&format!("{good}\n{bad}\n{good}"), None, None);
    assert_eq!(entries.len(), 3);
    assert!(entries[0].result.is_ok() && entries[2].result.is_ok() && entries[1].result.is_err());
}

#[test]
fn unknown_format_names() {
    let e = "xml".parse::<InputFormat>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown input format 'xml' (expected line, grid, header, csv, fpuzzles, killer, iss, sudokupad or marks)"
    );
    let e = "csv".parse::<coverlab_formats::OutputFormat>().unwrap_err();
    assert_eq!(e.to_string(), "unknown output format 'csv' (expected line, grid, boxed or json)");
}

#[test]
fn header_sizes_too_long_or_negative() {
    for (size, message_start) in [
        ("1000", "the size 1000 is out of range"),
        ("-5", "the size -5 is out of range"),
        ("99999999999999999999", "the size 99999999999999999999 is out of range"),
    ] {
        let text = format!("{size}\n1 2 3\n4 5 6\n");
        assert_eq!(Reader::new(text.as_bytes(), "<test>", None, None).format(), Some(InputFormat::Header), "{size}");
        assert_eq!(message(&text, None, None), format!("line 1, column 1: {message_start} (expected 1-64)"));
    }
    // A lone line of symbols followed by rows of the same length stays a grid.
    let entries = read_str("1234\n3412\n2143\n4321\n", None, None);
    assert_eq!((entries.len(), ok(&entries[0]).size), (1, 4));
}

#[test]
fn utf16_without_byte_order_mark() {
    for big_endian in [false, true] {
        let text = format!("{P9}\r\n{P9}\r\n");
        let bytes: Vec<u8> =
            text.encode_utf16().flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect();
        let entries: Vec<_> = Reader::new(bytes.as_slice(), "<test>", None, None).collect();
        assert_eq!(entries.len(), 1, "{entries:?}");
        assert_eq!(
            err(&entries[0]).to_string(),
            "line 1: looks like UTF-16 without a byte-order mark: save it as UTF-8"
        );
    }
}

#[test]
fn nul_bytes() {
    let mut bytes = format!("{P9}\n").into_bytes();
    bytes.extend_from_slice(b"4....\x00..");
    bytes.extend_from_slice(format!("\n{P9}\n").as_bytes());
    let entries: Vec<_> = Reader::new(bytes.as_slice(), "<test>", None, None).collect();
    assert_eq!(entries.len(), 3);
    assert_eq!(err(&entries[1]).to_string(), "line 2, column 6: a NUL byte (expected text)");
    ok(&entries[2]);
}

#[test]
fn control_characters_never_reach_a_message() {
    let grid = "1 2 3 4\n3 4 1 2\n2 1 \u{1b}[2J 3\n4 3 2 1\n";
    assert_eq!(message(grid, None, None), "line 3, column 5: '\\e[2J' is neither a number nor a single symbol");
    let grid = "1 2 3 4\n3 4 1 2\n2 1 \u{202e} 3\n4 3 2 1\n";
    assert_eq!(
        message(grid, None, None),
        "line 3, column 5: '\\u{202e}' is not a symbol of spec classic-4x4 (expected 1-4 or '.')"
    );
    let line = format!("{}\u{1b}", &P9[..80]);
    assert_eq!(
        message(&line, Some(InputFormat::Line), None),
        "line 1, column 81: '\\e' is not a symbol of spec classic-9x9 (expected 1-9 or '.')"
    );
    assert_eq!(
        message("\u{1b}]0;x\u{7}\n1 2\n", Some(InputFormat::Header), None),
        "line 1, column 1: '\\e]0;x\\u{7}' is not a size (expected a number 1-64)"
    );
    for e in read_str("1 2 3 4\n3 4 1 2\n2 1 \u{1b} 3\n4 3 2 1\n\u{1b}\n", None, None) {
        assert!(!err(&e).to_string().chars().any(|c| c.is_control()), "{e:?}");
    }
}

#[test]
fn an_endless_line_ends_the_input_after_a_bounded_read() {
    // A reader that never ends and never has a newline (like /dev/zero): one error, then the
    // end, after at most MAX_SKIP_BYTES read.
    let endless = std::io::BufReader::new(std::io::repeat(b'1'));
    let mut reader = Reader::new(endless, "<zero>", None, None);
    let entry = reader.next().expect("one entry");
    assert!(matches!(entry.result, Err(FormatError::NoLineEnd { .. })), "{:?}", entry.result);
    assert!(reader.next().is_none(), "the input ends there");
    // A line of 3 MiB is one line, one error, and the next line is read.
    let text = format!("{}\n1...........4..3\n", "7".repeat(3 << 20));
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert!(matches!(entries[0].result, Err(FormatError::LineTooLong { .. })));
    assert_eq!(entries[1].line, 2);
}

#[test]
fn a_lone_line_puzzle_with_a_bad_symbol_names_the_symbol() {
    // 16 symbols, like a 16x16 grid row; alone, it is a 4x4 line puzzle with a bad symbol.
    let m = message("12Z4............\n", None, None);
    assert!(m.contains("'Z' is not a symbol of"), "{m}");
    // Two such runs in a row are the rows of a 16x16 grid written in symbols.
    let rows = "GFEDCBA987654321\n".repeat(2);
    assert_eq!(coverlab_formats::read_str(&rows, None, None).len(), 1);
}
