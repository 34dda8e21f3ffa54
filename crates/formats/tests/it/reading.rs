//! Reading each input format: several puzzles per input, comments, blank lines, CRLF, the seed
//! examples, alphabets, detection and forced specs.

use crate::common;

use common::{digits, ok};
use coverlab_formats::{InputFormat, Reader, read_str};
use coverlab_model::{Symbols, builtin};

/// Seed 003's example input, copied from the seed's "Example Input".
const SEED_003: &str = "\
0 0 0 0 0 4 0 0 0
0 0 0 0 0 0 2 0 9
2 0 9 0 7 0 0 4 0
0 0 0 0 0 5 0 8 0
0 0 0 3 0 7 0 0 0
0 5 0 0 0 0 0 1 0
0 8 0 0 3 0 4 0 1
7 0 0 0 0 0 0 0 0
0 0 6 4 0 0 0 0 0
";

/// The same puzzle in the line format.
const SEED_003_LINE: &str = ".....4.........2.92.9.7..4......5.8....3.7....5.....1..8..3.4.17..........64.....";

const SOLVED_4: &str = "1234341221434321";

fn detect(text: &str) -> Option<InputFormat> {
    Reader::new(text.as_bytes(), "<test>", None, None).format()
}

#[test]
fn seed_003_example_is_a_grid() {
    let entries = read_str(SEED_003, None, None);
    assert_eq!(entries.len(), 1);
    let p = ok(&entries[0]);
    assert_eq!((p.size, entries[0].line, entries[0].index), (9, 1, 0));
    assert_eq!(p.values, digits(SEED_003_LINE));
    assert_eq!(p.symbols, Symbols::default_for(9));
    assert_eq!(detect(SEED_003), Some(InputFormat::Grid));
    // And the shipped example file holds the same.
    assert_eq!(common::read("examples/puzzles/seed003.grid"), SEED_003);
}

#[test]
fn line_format_skips_comments_blank_lines_and_crlf() {
    let text = format!("# a comment\r\n\r\n{SEED_003_LINE}  \r\n   \n#another\n{SOLVED_4}\t\r\n");
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 2);
    assert_eq!((entries[0].line, entries[1].line), (3, 6));
    assert_eq!(ok(&entries[0]).values, digits(SEED_003_LINE));
    assert_eq!(ok(&entries[1]).values, digits(SOLVED_4));
    assert_eq!(ok(&entries[1]).size, 4);
    assert_eq!(detect(&text), Some(InputFormat::Line));
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let text = "\u{feff}1,2,3,4\r\n3,4,1,2\r\n2,1,4,3\r\n4,3,2,1\r\n";
    assert_eq!(detect(text), Some(InputFormat::Csv));
    assert_eq!(ok(&read_str(text, None, None)[0]).values, digits(SOLVED_4));
}

#[test]
fn line_format_empty_marks() {
    let text = "1_3-*.0.........";
    let p = read_str(text, None, None).remove(0).result.unwrap();
    assert_eq!(p.values, digits("1.3............."));
}

#[test]
fn grid_format_several_puzzles_blank_separated_and_consecutive() {
    let a = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let b = ". . 3 .\n3 . . 2\n2 . . 3\n. 3 . .\n";
    let c = "12..\n..12\n21..\n4..1\n";
    let text = format!("# grids\r\n{a}\r\n\r\n{}# inside\n{c}{a}", b.replace('\n', "\r\n"));
    let entries = read_str(&text, None, None);
    assert_eq!(entries.iter().map(|e| e.line).collect::<Vec<_>>(), [2, 8, 13, 17]);
    assert_eq!(ok(&entries[0]).values, digits(SOLVED_4));
    assert_eq!(ok(&entries[1]).values, digits("..3.3..22..3.3.."));
    assert_eq!(ok(&entries[2]).values, digits("12....1221..4..1"));
    assert_eq!(ok(&entries[3]).values, digits(SOLVED_4));
}

#[test]
fn grid_format_of_symbols_without_spaces() {
    let text = "1234\n3412\n2143\n4321\n";
    assert_eq!(detect(text), Some(InputFormat::Grid));
    assert_eq!(ok(&read_str(text, None, None)[0]).values, digits(SOLVED_4));
    // A 16x16 grid row is 16 symbols long, like a 4x4 line puzzle; its symbols tell them apart.
    let janko = common::read("tests/data/16x16/gecode_janko_55.txt");
    let line = janko.lines().next().unwrap();
    let rows: String = line.as_bytes().chunks(16).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect();
    assert_eq!(detect(&rows), Some(InputFormat::Grid));
    let from_rows = read_str(&rows, None, None).remove(0).result.unwrap();
    let from_line = read_str(line, None, None).remove(0).result.unwrap();
    assert_eq!(from_rows, from_line);
}

#[test]
fn grid_format_with_numbers_for_16x16() {
    let janko = common::read("tests/data/16x16/gecode_janko_55.txt");
    let line = janko.lines().next().unwrap();
    let expected = read_str(line, None, None).remove(0).result.unwrap();
    let rows: String = expected
        .values
        .chunks(16)
        .map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let p = read_str(&rows, None, None).remove(0).result.unwrap();
    assert_eq!(p.values, expected.values);
    assert_eq!(p.symbols, Symbols::default_for(16));
}

#[test]
fn header_format_seed_001() {
    // Seed 001: "First number is length of one side of the grid - n. And next n^2 numbers - grid.
    // If number is 0 - it is empty cell."
    let text = common::read("examples/puzzles/header-4x4.txt");
    assert_eq!(detect(&text), Some(InputFormat::Header));
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 2);
    assert_eq!((entries[0].line, entries[1].line), (1, 7));
    assert_eq!(ok(&entries[0]).values, digits("1.....3..4.....2"));
    assert_eq!(ok(&entries[1]).values, digits("...3.4....1.2..."));
    // Several puzzles on one line, any whitespace, CRLF, comments; 9x9 after 4x4.
    let nine = format!("9 {}", SEED_003.split_whitespace().collect::<Vec<_>>().join("\r\n"));
    let text = format!("4 1 2 3 4\t3 4 1 2 2 1 4 3 4 3 2 1 4 1 0 0 0 0 0 3 0\r\n# c\r\n0 4 0 0 0 0 0 2\r\n\r\n{nine}");
    let entries = read_str(&text, Some(InputFormat::Header), None);
    assert_eq!(entries.len(), 3);
    assert_eq!(entries.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 1, 5]);
    assert_eq!(ok(&entries[0]).values, digits(SOLVED_4));
    assert_eq!(ok(&entries[1]).values, digits("1.....3..4.....2"));
    assert_eq!(ok(&entries[2]).values, digits(SEED_003_LINE));
}

#[test]
fn one_line_headers_are_detected() {
    let text = "4 1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1\n4 1 0 0 0 0 0 3 0 0 4 0 0 0 0 0 2\n";
    assert_eq!(detect(text), Some(InputFormat::Header));
    assert_eq!(read_str(text, None, None).len(), 2);
    assert_eq!(detect("4 1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1"), Some(InputFormat::Header));
    // A 10x10 grid whose first row looks like a one-line 3x3 header: its second row does not.
    let mut rows = vec!["3 0 0 1 2 0 0 0 0 3".to_string()];
    rows.extend((1..10).map(|r| (0..10).map(|c| if c == r { "A" } else { "." }).collect::<Vec<_>>().join(" ")));
    assert_eq!(detect(&rows.join("\n")), Some(InputFormat::Grid));
}

#[test]
fn csv_format_seed_002() {
    let text = common::read("examples/puzzles/classic-9x9.csv");
    assert_eq!(detect(&text), Some(InputFormat::Csv));
    let entries = read_str(&text, None, None);
    let corpus = common::read("tests/data/9x9/17_clue_first200.txt");
    let lines: Vec<&str> = corpus.lines().collect();
    assert_eq!(entries.len(), 2);
    assert_eq!(ok(&entries[0]).values, digits(lines[3]));
    assert_eq!(ok(&entries[1]).values, digits(lines[4]));
    assert_eq!(entries[1].line, 11);
    // Empty fields, spaces around fields, CRLF, consecutive puzzles.
    let text = "1, 2 ,3,4\r\n3,4,1,2\r\n,,,\r\n4,,,1\r\n0,0,0,0\n0,0,0,0\n0,0,0,0\n0,0,0,1\n";
    let entries = read_str(text, None, None);
    assert_eq!(entries.len(), 2);
    assert_eq!(ok(&entries[0]).values, digits("12343412....4..1"));
    assert_eq!(ok(&entries[1]).values, digits("...............1"));
}

#[test]
fn alphabets_are_chosen_and_returned() {
    // 16x16 as 0-9A-F: '0' is value 1.
    let hex = "0123456789ABCDEF".repeat(16);
    let p = read_str(&hex, None, None).remove(0).result.unwrap();
    assert_eq!(p.symbols.as_string(), "0123456789ABCDEF");
    assert_eq!(&p.values[..3], [1, 2, 3]);
    // 16x16 with '0' for empty cells: the default alphabet.
    let zeros = format!("G{}", "0".repeat(255));
    let p = read_str(&zeros, None, None).remove(0).result.unwrap();
    assert_eq!(p.symbols, Symbols::default_for(16));
    assert_eq!(p.values.iter().filter(|&&v| v != 0).collect::<Vec<_>>(), [&16]);
    // 25x25 as A-Y.
    let frisch = common::read("tests/data/25x25/gecode_frisch_18.txt");
    let p = read_str(frisch.lines().next().unwrap(), None, None).remove(0).result.unwrap();
    assert_eq!(p.symbols.as_string(), "ABCDEFGHIJKLMNOPQRSTUVWXY");
    // A forced spec's own alphabet comes first.
    let model = coverlab_model::Model::from_ron(
        r#"Spec(name: "letters-4x4", size: 4, symbols: Some("abcd"), rules: [Rows, Columns, Boxes(rows: 2, cols: 2)])"#,
        "<test>",
    )
    .unwrap();
    let p = read_str("abcd............", None, Some(&model)).remove(0).result.unwrap();
    assert_eq!((p.symbols.as_string().as_str(), &p.values[..4]), ("abcd", &[1u8, 2, 3, 4][..]));
    // ... and digits still read with the default alphabet, tried next.
    let p = read_str("1234............", None, Some(&model)).remove(0).result.unwrap();
    assert_eq!((p.symbols, &p.values[..4]), (Symbols::default_for(4), &[1u8, 2, 3, 4][..]));
}

#[test]
fn forced_spec_fixes_the_size() {
    let model = builtin::load("classic-16x16").unwrap().unwrap();
    // A 16-symbol line is a 16x16 grid row under a 16x16 spec, not a 4x4 puzzle.
    let janko = common::read("tests/data/16x16/gecode_janko_55.txt");
    let line = janko.lines().next().unwrap();
    let rows: String = line.as_bytes().chunks(16).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect();
    let reader = Reader::new(rows.as_bytes(), "<test>", None, Some(&model));
    assert_eq!(reader.format(), Some(InputFormat::Grid));
    let entries: Vec<_> = reader.collect();
    assert_eq!(ok(&entries[0]).size, 16);
}

#[test]
fn empty_inputs_give_nothing() {
    for text in ["", "\n\n", "# only a comment\n\n"] {
        assert_eq!(detect(text), None);
        assert!(read_str(text, None, None).is_empty());
    }
    assert!(read_str("", Some(InputFormat::Grid), None).is_empty());
}

#[test]
fn example_files_parse() {
    for (file, format, count, size) in [
        ("examples/puzzles/classic-9x9.txt", InputFormat::Line, 3, 9),
        ("examples/puzzles/seed003.grid", InputFormat::Grid, 1, 9),
        ("examples/puzzles/header-4x4.txt", InputFormat::Header, 2, 4),
        ("examples/puzzles/classic-9x9.csv", InputFormat::Csv, 2, 9),
        ("examples/puzzles/classic-16x16.txt", InputFormat::Line, 3, 16),
    ] {
        let text = common::read(file);
        assert_eq!(detect(&text), Some(format), "{file}");
        let entries = read_str(&text, None, None);
        assert_eq!(entries.len(), count, "{file}");
        for e in &entries {
            assert_eq!(ok(e).size, size, "{file}");
        }
    }
}

#[test]
fn reader_streams_a_long_input() {
    // 20,000 puzzles through a reader that is handed 7 bytes at a time.
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let k = buf.len().min(7).min(self.0.len());
            buf[..k].copy_from_slice(&self.0[..k]);
            self.0 = &self.0[k..];
            Ok(k)
        }
    }
    let text = format!("{SEED_003_LINE}\n").repeat(20_000);
    let reader = Reader::new(std::io::BufReader::with_capacity(16, Trickle(text.as_bytes())), "<test>", None, None);
    let mut count = 0;
    for entry in reader {
        assert_eq!(ok(&entry).values, digits(SEED_003_LINE));
        assert_eq!(entry.line, count + 1);
        count += 1;
    }
    assert_eq!(count, 20_000);
}

/// A reader handing out `step` bytes at a time, through a buffer of `step` bytes: every line
/// terminator and every multi-byte sequence ends up split across reads somewhere.
fn trickle(bytes: &[u8], step: usize, format: Option<InputFormat>) -> Vec<coverlab_formats::Entry> {
    struct Trickle<'a>(&'a [u8], usize);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let k = buf.len().min(self.1).min(self.0.len());
            buf[..k].copy_from_slice(&self.0[..k]);
            self.0 = &self.0[k..];
            Ok(k)
        }
    }
    let input = std::io::BufReader::with_capacity(step, Trickle(bytes, step));
    Reader::new(input, "<test>", format, None).collect()
}

#[test]
fn cr_only_line_endings() {
    let text = format!("# old Mac\r{SEED_003_LINE}\r\r{SOLVED_4}\r");
    let entries = read_str(&text, None, None);
    assert_eq!(entries.iter().map(|e| e.line).collect::<Vec<_>>(), [2, 4]);
    assert_eq!(ok(&entries[1]).values, digits(SOLVED_4));
    let grid = SEED_003.replace('\n', "\r");
    assert_eq!(detect(&grid), Some(InputFormat::Grid));
    assert_eq!(ok(&read_str(&grid, None, None)[0]).values, digits(SEED_003_LINE));
}

#[test]
fn crlf_is_one_terminator_even_split_across_reads() {
    let text = format!("{SOLVED_4}\r\n{SOLVED_4}\r\n\r\n# c\r\n{SOLVED_4}\r\n");
    for step in 1..8 {
        let entries = trickle(text.as_bytes(), step, None);
        assert_eq!(entries.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 2, 5], "step {step}");
    }
}

#[test]
fn utf16_with_a_byte_order_mark_is_transcoded() {
    let text = format!("# é, and a character outside the BMP: 𝄞\r\n{SEED_003}\n{}", SEED_003.replace(' ', "\t"));
    let expected: Vec<_> = read_str(&text, None, None);
    assert_eq!(expected.len(), 2);
    let units: Vec<u16> = text.encode_utf16().collect();
    let le: Vec<u8> = [0xFF, 0xFE].into_iter().chain(units.iter().flat_map(|u| u.to_le_bytes())).collect();
    let be: Vec<u8> = [0xFE, 0xFF].into_iter().chain(units.iter().flat_map(|u| u.to_be_bytes())).collect();
    for bytes in [le, be] {
        for step in [1, 3, 4096] {
            assert_eq!(trickle(&bytes, step, None), expected, "step {step}");
        }
    }
    // A lone surrogate is reported where it is.
    let mut bytes = vec![0xFF, 0xFE];
    for u in "12\u{0}4".encode_utf16() {
        bytes.extend(if u == 0 { 0xD800u16 } else { u }.to_le_bytes());
    }
    let entries = trickle(&bytes, 2, Some(InputFormat::Line));
    assert_eq!(common::err(&entries[0]).to_string(), "line 1, column 3: invalid UTF-16");
}

#[test]
fn semicolons_separate_csv_fields() {
    let text = "1;2;3;4\n3;4;1;2\n2;;4;3\n4; 3 ;2;1\n";
    assert_eq!(detect(text), Some(InputFormat::Csv));
    assert_eq!(ok(&read_str(text, None, None)[0]).values, digits("123434122.434321"));
}

#[test]
fn csv_rows_may_end_with_a_separator() {
    // Every row with a trailing comma, 0 for empty.
    let rows: Vec<String> =
        digits(SEED_003_LINE).chunks(9).map(|r| r.iter().map(|v| format!("{v},")).collect()).collect();
    let text = rows.join("\n") + "\n";
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 1);
    assert_eq!(ok(&entries[0]).values, digits(SEED_003_LINE));
    // Twice back to back, with `;`.
    let twice = text.replace(',', ";").repeat(2);
    let entries = read_str(&twice, None, None);
    assert_eq!(entries.len(), 2);
    assert_eq!(ok(&entries[1]).values, digits(SEED_003_LINE));
    // Empty fields for empty cells: `6,,,1,9,5,,,` is nine cells, with or without a trailing comma after
    // the first row, and a last row that is all separators.
    let rows: Vec<String> = digits(SEED_003_LINE)
        .chunks(9)
        .map(|r| r.iter().map(|&v| if v == 0 { String::new() } else { v.to_string() }).collect::<Vec<_>>().join(","))
        .collect();
    let text = rows.join("\n") + "\n";
    assert!(text.starts_with(",,,,,4,,,\n"));
    assert_eq!(ok(&read_str(&text, None, None)[0]).values, digits(SEED_003_LINE));
    let trailing: String =
        rows.iter().enumerate().map(|(i, r)| if i == 0 { format!("{r}\n") } else { format!("{r},\n") }).collect();
    assert_eq!(ok(&read_str(&trailing, None, None)[0]).values, digits(SEED_003_LINE));
    // The first row's empty last field is a separator when the second row says so.
    let text = "1,2,3,\n3,4,1,2\n2,1,4,3\n4,3,2,1\n";
    assert_eq!(ok(&read_str(text, None, None)[0]).values, digits("123.341221434321"));
    let text = "1,2,3,4,\n3,4,1,2\n2,1,4,3\n4,3,2,1\n";
    assert_eq!(ok(&read_str(text, None, None)[0]).values, digits(SOLVED_4));
}

#[test]
fn trailing_comments_are_stripped_and_kept() {
    let text = "1 2 3 4   # first row\n3 4 1 2\t#\n2 1 4 3 # another\n4 3 2 1\n";
    let p = read_str(text, None, None).remove(0).result.unwrap();
    assert_eq!((p.values, p.comment.as_deref()), (digits(SOLVED_4), Some("first row")));
    let text = "1,2,3,4 # csv\n3,4,1,2\n2,1,4,3\n4,3,2,1\n";
    assert_eq!(read_str(text, None, None)[0].result.as_ref().unwrap().comment.as_deref(), Some("csv"));
    let text =
        "4 1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1 # solved\n4\n1 0 0 0\n0 0 3 0 # not this one\n0 4 0 0\n0 0 0 2 # this one\n";
    let entries = read_str(text, None, None);
    let comments: Vec<_> = entries.iter().map(|e| ok(e).comment.as_deref()).collect();
    assert_eq!(comments, [Some("solved"), Some("not this one")]);
    // `#` not after whitespace is not a comment.
    let msg = common::err(&read_str("1 2 3 4\n3 4 1 2#x\n2 1 4 3\n4 3 2 1\n", None, None)[0]).to_string();
    assert_eq!(msg, "line 2, column 7: '2#x' is neither a number nor a single symbol");
}

#[test]
fn project_euler_96_titles() {
    // Problem 96's file: `Grid 01` ... `Grid 50`, each before nine rows of nine digits.
    let corpus = common::read("tests/data/9x9/17_clue_first200.txt");
    let puzzles: Vec<&str> = corpus.lines().take(50).collect();
    let mut text = String::new();
    for (i, p) in puzzles.iter().enumerate() {
        text.push_str(&format!("Grid {:02}\r\n", i + 1));
        for row in digits(p).chunks(9) {
            text.extend(row.iter().map(|v| char::from(b'0' + v)));
            text.push_str("\r\n");
        }
    }
    assert_eq!(detect(&text), Some(InputFormat::Grid));
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 50);
    for (i, (entry, puzzle)) in entries.iter().zip(&puzzles).enumerate() {
        let p = ok(entry);
        assert_eq!((entry.line, &p.values), (10 * i + 2, &digits(puzzle)));
        assert_eq!(p.title.as_deref(), Some(format!("Grid {:02}", i + 1).as_str()));
    }
    // Titles of other words, in a csv file and a header file; a title never eats a row of letters.
    let text = "Puzzle one: easy\n1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,1\nPuzzle two\n1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,1\n";
    let titles: Vec<_> = read_str(text, None, None).iter().map(|e| ok(e).title.clone().unwrap()).collect();
    assert_eq!(titles, ["Puzzle one: easy", "Puzzle two"]);
    let text = "Sudoku #1\n4\n1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1\n";
    assert_eq!(ok(&read_str(text, None, None)[0]).title.as_deref(), Some("Sudoku #1"));
    let frisch = common::read("tests/data/25x25/gecode_frisch_18.txt");
    let line = frisch.lines().next().unwrap();
    let rows: String = line.as_bytes().chunks(25).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect();
    let from_rows = read_str(&format!("Frisch 1\n{rows}"), None, None).remove(0).result.unwrap();
    assert_eq!(from_rows.values, read_str(line, None, None)[0].result.as_ref().unwrap().values);
    assert_eq!(from_rows.title.as_deref(), Some("Frisch 1"));
}

#[test]
fn line_puzzles_with_comments() {
    // The convention of the `sudoku` crate's test data: a puzzle, a separator, a comment.
    let p = SEED_003_LINE;
    let text = format!(
        "{p} box duplicate\n{p} column duplicate\n{p};hardest\n{p},from a csv\n{p}\t# 17 clues\n{p}  \n{p} unsolvable row\n"
    );
    assert_eq!(detect(&text), Some(InputFormat::Line));
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 7);
    let comments: Vec<_> = entries.iter().map(|e| ok(e).comment.as_deref()).collect();
    assert_eq!(
        comments,
        [
            Some("box duplicate"),
            Some("column duplicate"),
            Some("hardest"),
            Some("from a csv"),
            Some("17 clues"),
            None,
            Some("unsolvable row")
        ]
    );
    assert!(entries.iter().all(|e| ok(e).values == digits(p)));
    // Titles between line puzzles.
    let text = format!("Grid 01\n{p}\nGrid 02\n{SOLVED_4}\n");
    let entries = read_str(&text, None, None);
    assert_eq!(
        entries.iter().map(|e| (e.line, ok(e).title.clone().unwrap())).collect::<Vec<_>>(),
        [(2, "Grid 01".to_string()), (4, "Grid 02".to_string())]
    );
}

#[test]
fn norvig_boards() {
    let norvig = "\
4 . . |. . . |8 . 5 
. 3 . |. . . |. . . 
. . . |7 . . |. . . 
------+------+------
. 2 . |. . . |. 6 . 
. . . |. 8 . |4 . . 
. . . |. 1 . |. . . 
------+------+------
. . . |6 . 3 |. 7 . 
5 . . |2 . . |. . . 
1 . 4 |. . . |. . . 
";
    const HARD: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    assert_eq!(detect(norvig), Some(InputFormat::Grid));
    let framed = "\
+-------+-------+-------+
| 4 . . | . . . | 8 . 5 |
| . 3 . | . . . | . . . |
| . . . | 7 . . | . . . |
+-------+-------+-------+
| . 2 . | . . . | . 6 . |
| . . . | . 8 . | 4 . . |
| . . . | . 1 . | . . . |
+-------+-------+-------+
| . . . | 6 . 3 | . 7 . |
| 5 . . | 2 . . | . . . |
| 1 . 4 | . . . | . . . |
+-------+-------+-------+
";
    let compact = "4..|...|8.5\n.3.|...|...\n...|7..|...\n---+---+---\n.2.|...|.6.\n...|.8.|4..\n...|.1.|...\n---+---+---\n...|6.3|.7.\n5..|2..|...\n1.4|...|...\n";
    let dashes = HARD.replace('.', "-");
    let dashed: String =
        dashes.as_bytes().chunks(9).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect();
    let spaced: String = dashes
        .as_bytes()
        .chunks(9)
        .map(|r| r.iter().map(|&b| char::from(b).to_string()).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let text = format!("{norvig}\n{framed}{compact}=================\n{dashed}{}{spaced}", "-".repeat(21) + "\n");
    let entries = read_str(&text, None, None);
    assert_eq!(entries.len(), 5, "{entries:?}");
    for entry in &entries {
        assert_eq!(ok(entry).values, digits(HARD), "line {}", entry.line);
    }
    assert_eq!(entries.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 14, 26, 38, 48]);
    // A row of nine dashes is a row of empty cells, not a rule.
    let empty_first = format!("---------\n{}", &dashed[10..]);
    let p = read_str(&empty_first, None, None).remove(0).result.unwrap();
    assert_eq!(&p.values[..9], &[0; 9]);
}

#[test]
fn odd_but_fine_input() {
    // CRLF, a byte-order mark, trailing spaces and tabs, tabs between tokens, `0` and `.`.
    let grid = "\u{feff}1\t0 3  .\t \r\n3 4\t1 2 \r\n. 1 4 3\t\r\n4 3 2 0  \r\n";
    assert_eq!(ok(&read_str(grid, None, None)[0]).values, digits("1.3.3412.1434320".replace('0', ".").as_str()));
    let header = "\u{feff}4\t\r\n1 0 3 .\t\r\n3 4 1 2 \r\n. 1 4 3\r\n4 3 2 0\r\n";
    assert_eq!(ok(&read_str(header, None, None)[0]).values, digits("1.3.3412.143432."));
    let csv = "\u{feff}1,0,3,.\t\r\n3,4,1,2 \r\n,1,4,3\r\n4,3,2,0\r\n";
    assert_eq!(ok(&read_str(csv, None, None)[0]).values, digits("1.3.3412.143432."));
}

/// A 4x4 f-puzzles puzzle with one given.
const FP4: &str =
    r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;

#[test]
fn a_file_mixing_formats_gives_one_entry_per_puzzle() {
    let killer = "9<<<<<<<<".repeat(9);
    let grid = "1 0 0 0\n0 0 0 0\n0 0 0 0\n4 0 0 3\n";
    let line = "1...........4..3";
    let orders = [
        format!("{grid}{FP4}\n{killer}\n{line}\n"),
        format!("{line}\n{FP4}\n{killer}\n{grid}"),
        format!("{FP4}\n{grid}{killer}\n{line}\n"),
        format!("{killer}\n{grid}\n{FP4}\n\n# a comment\n{line}\n"),
    ];
    for text in &orders {
        let entries = read_str(text, None, None);
        assert_eq!(entries.len(), 4, "{text}");
        for e in &entries {
            assert!(e.result.is_ok(), "{text}: {:?}", e.result);
        }
        let own = entries.iter().filter(|e| e.result.as_ref().unwrap().spec.is_some()).count();
        assert_eq!(own, 2, "{text}");
    }
}

#[test]
fn a_forced_format_names_a_line_of_another_format() {
    let text = format!("1...........4..3\n{FP4}\n{}\n", "9<<<<<<<<".repeat(9));
    let entries = read_str(&text, Some(InputFormat::Line), None);
    assert_eq!(entries.len(), 3);
    assert!(entries[0].result.is_ok());
    assert_eq!(
        entries[1].result.as_ref().unwrap_err().to_string(),
        "line 2: f-puzzles: this line holds an f-puzzles puzzle, but the input is read as line puzzles (the format was forced)"
    );
    assert_eq!(
        entries[2].result.as_ref().unwrap_err().to_string(),
        "line 3: killer: this line holds a killer, but the input is read as line puzzles (the format was forced)"
    );
}

#[test]
fn a_json_list_and_a_killer_with_one_bad_character_say_what_they_are() {
    let entries = read_str(r#"[{"size":4}]"#, None, None);
    let e = entries[0].result.as_ref().unwrap_err().to_string();
    assert!(e.contains("a list of 1 value is JSON but not an f-puzzles puzzle"), "{e}");
    let mut killer: Vec<char> = "9<<<<<<<<".repeat(9).chars().collect();
    killer[5] = 'x';
    let entries = read_str(&killer.iter().collect::<String>(), None, None);
    let e = entries[0].result.as_ref().unwrap_err().to_string();
    assert_eq!(e, "line 1: killer: r1c6 (column 6): 'x' is neither a sum nor an arrow");
}

#[test]
fn fpuzzles_indexers_read_as_dclamage_reads_them() {
    // `columnindexer` and `rowindexer`: one object per group of indexing cells, `cells` its cells.
    let row = r#"[{},{},{},{}]"#;
    let json = format!(
        r#"{{"size":4,"grid":[{row},{row},{row},{row}],"columnindexer":[{{"cells":["R1C1","R2C1"]}}],"rowindexer":[{{"cells":["R1C3"]}}]}}"#
    );
    let spec = coverlab_formats::fpuzzles::parse(&json).unwrap().spec.unwrap();
    let cell = |row, col| coverlab_model::spec::CellRef { row, col };
    let ours: Vec<_> = spec
        .rules
        .iter()
        .filter(|r| {
            matches!(
                r,
                coverlab_model::spec::Rule::ColumnIndexer { .. } | coverlab_model::spec::Rule::RowIndexer { .. }
            )
        })
        .cloned()
        .collect();
    assert_eq!(
        ours,
        [
            coverlab_model::spec::Rule::ColumnIndexer { cells: vec![cell(1, 1), cell(2, 1)] },
            coverlab_model::spec::Rule::RowIndexer { cells: vec![cell(1, 3)] }
        ]
    );
    let e =
        coverlab_formats::fpuzzles::parse(&json.replace(r#"{"cells":["R1C3"]}"#, r#"{"cells":"R1C3"}"#)).unwrap_err();
    assert!(e.contains("row indexer 1"), "{e}");
}

#[test]
fn fpuzzles_minimum_and_maximum_cells_read_as_marked_cells() {
    // `minimum` and `maximum`: one object per cell, as even and odd cells are; a field coverlab
    // does not read is refused, never dropped.
    let row = r#"[{},{},{},{}]"#;
    let json = format!(
        r#"{{"size":4,"grid":[{row},{row},{row},{row}],"minimum":[{{"cell":"R1C1"}},{{"cell":"R3C3"}}],"maximum":[{{"cell":"R2C2"}}]}}"#
    );
    let spec = coverlab_formats::fpuzzles::parse(&json).unwrap().spec.unwrap();
    let cell = |row, col| coverlab_model::spec::CellRef { row, col };
    let ours: Vec<_> = spec
        .rules
        .iter()
        .filter(|r| {
            matches!(r, coverlab_model::spec::Rule::Minimum { .. } | coverlab_model::spec::Rule::Maximum { .. })
        })
        .cloned()
        .collect();
    assert_eq!(
        ours,
        [
            // The keys in the JSON object's order (sorted).
            coverlab_model::spec::Rule::Maximum { cells: vec![cell(2, 2)] },
            coverlab_model::spec::Rule::Minimum { cells: vec![cell(1, 1), cell(3, 3)] }
        ]
    );
    let e = coverlab_formats::fpuzzles::parse(&json.replace(r#"{"cell":"R2C2"}"#, r#"{"cell":"R2C2","value":3}"#))
        .unwrap_err();
    assert!(e.contains("maximum 1: field \"value\""), "{e}");
}
