//! Writing then reading gives back the same values and alphabet, for every size and alphabet;
//! and no input, however hostile, makes a reader panic.

use coverlab_formats::{InputFormat, OutputFormat, box_regions, read_str, write, write_boxed, write_grid, write_line};
use coverlab_model::{MAX_SIZE, Symbols, builtin};
use proptest::prelude::*;

/// A puzzle with n = `size`: a Latin square `perm[(r + c) % n]` with random holes, keeping row 0
/// whole so that every symbol is used (otherwise a sparse puzzle may fit several alphabets, and
/// the preferred one is read back).
fn puzzle(size: impl Strategy<Value = usize>) -> impl Strategy<Value = (usize, Vec<u8>)> {
    size.prop_flat_map(|n| {
        let perm = Just((1..=n as u8).collect::<Vec<u8>>()).prop_shuffle();
        (Just(n), perm, proptest::collection::vec(0u8..100, n * n), 0u8..=100)
    })
    .prop_map(|(n, perm, dice, holes)| {
        let values = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                if r > 0 && dice[i] < holes { 0 } else { perm[(r + c) % n] }
            })
            .collect();
        (n, values)
    })
}

/// Every alphabet readers try for size n, by index (taken modulo their number).
fn alphabet(n: usize, pick: usize) -> Symbols {
    let all = Symbols::alternatives(n);
    all[pick % all.len()].clone()
}

fn has_spec(n: usize) -> bool {
    builtin::for_cell_count(n * n).is_some()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn line_round_trip((n, values) in puzzle((4..=MAX_SIZE).prop_filter("a size with a spec", |&n| has_spec(n))), pick in 0usize..3) {
        let symbols = alphabet(n, pick);
        let text = write_line(&values, &symbols);
        prop_assert!(!text.ends_with('\n'));
        let entries = read_str(&text, None, None);
        prop_assert_eq!(entries.len(), 1);
        let p = entries[0].result.as_ref().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(p.size, n);
        prop_assert_eq!(&p.values, &values);
        prop_assert_eq!(&p.symbols, &symbols);
    }

    #[test]
    fn grid_round_trip((n, values) in puzzle(4..=MAX_SIZE), pick in 0usize..3) {
        let symbols = alphabet(n, pick);
        let text = write(&values, &symbols, None, OutputFormat::Grid);
        prop_assert_eq!(text.lines().count(), n);
        prop_assert!(text.ends_with('\n'));
        let entries = read_str(&text, None, None);
        prop_assert_eq!(entries.len(), 1);
        let p = entries[0].result.as_ref().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&p.values, &values);
        prop_assert_eq!(&p.symbols, &symbols);
    }

    #[test]
    fn several_grids_in_a_row_round_trip(
        puzzles in proptest::collection::vec(puzzle(4..=16usize), 1..5),
        blank in any::<bool>(),
    ) {
        let sep = if blank { "\n" } else { "" };
        let text: Vec<String> = puzzles.iter().map(|(n, v)| write_grid(v, &Symbols::default_for(*n))).collect();
        let entries = read_str(&text.join(sep), Some(InputFormat::Grid), None);
        prop_assert_eq!(entries.len(), puzzles.len());
        for (entry, (_, values)) in entries.iter().zip(&puzzles) {
            prop_assert_eq!(&entry.result.as_ref().unwrap().values, values);
        }
    }

    #[test]
    fn header_and_csv_round_trip((n, values) in puzzle(4..=MAX_SIZE)) {
        let numbers: Vec<String> = values.iter().map(u8::to_string).collect();
        let header = format!("{n}\n{}\n", numbers.chunks(n).map(|r| r.join(" ")).collect::<Vec<_>>().join("\n"));
        let csv = numbers.chunks(n).map(|r| r.join(",") + "\n").collect::<String>();
        for text in [header, csv] {
            let entries = read_str(&text, None, None);
            prop_assert_eq!(entries.len(), 1);
            let p = entries[0].result.as_ref().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&p.values, &values);
            prop_assert_eq!(&p.symbols, &Symbols::default_for(n));
        }
    }

    #[test]
    fn json_is_the_line_form_quoted((n, values) in puzzle(4..=36usize), pick in 0usize..3) {
        let symbols = alphabet(n, pick);
        let json = write(&values, &symbols, None, OutputFormat::Json);
        let back: String = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, write_line(&values, &symbols));
    }

    #[test]
    fn boxed_round_trip(
        (n, values) in puzzle(4..=MAX_SIZE),
        pick in 0usize..3,
        layout in 0usize..3,
        ids in proptest::collection::vec(0u16..5, MAX_SIZE * MAX_SIZE),
    ) {
        let symbols = alphabet(n, pick);
        let regions = match layout {
            0 => None,
            1 => builtin::box_shape(n).map(|shape| box_regions(n, shape)),
            _ => Some(ids[..n * n].to_vec()), // any map draws, region sizes aside
        };
        let board = write_boxed(&values, &symbols, regions.as_deref());
        let width = board.lines().next().unwrap().chars().count();
        prop_assert!(board.lines().all(|l| l.chars().count() == width), "aligned:\n{}", board);
        prop_assert!(board.lines().all(|l| !l.ends_with(' ')));
        prop_assert!(!board.contains(['#', '=']));
        // Twice, back to back: the rules between them are skipped.
        let entries = read_str(&board.repeat(2), None, None);
        prop_assert_eq!(entries.len(), 2);
        for entry in &entries {
            let p = entry.result.as_ref().map_err(|e| TestCaseError::fail(format!("{e}\n{board}")))?;
            prop_assert_eq!(&p.values, &values);
            prop_assert_eq!(&p.symbols, &symbols);
        }
    }

    #[test]
    fn hostile_input_never_panics(
        text in proptest::collection::vec(
            prop_oneof![
                Just("\n".to_string()), Just(" ".to_string()), Just(",".to_string()), Just("#".to_string()),
                Just("\r\n".to_string()), Just("0".to_string()), Just(".".to_string()), Just("9".to_string()),
                Just("4".to_string()), Just("64".to_string()), Just("99999999999999999999999".to_string()),
                Just("|".to_string()), Just("-".to_string()), Just(";".to_string()), Just("\r".to_string()),
                Just("+---+".to_string()), Just("Grid 01".to_string()), Just("\u{0}".to_string()),
                Just(" # c".to_string()), Just("-5".to_string()),
                "[0-9A-Za-z.é]{1,20}",
            ],
            0..200,
        ),
        format in proptest::option::of(prop_oneof![
            Just(InputFormat::Line), Just(InputFormat::Grid), Just(InputFormat::Header), Just(InputFormat::Csv)
        ]),
        forced in proptest::option::of(prop_oneof![Just("classic-4x4"), Just("classic-9x9")]),
    ) {
        let text = text.concat();
        let model = forced.map(|s| builtin::load(s).unwrap().unwrap());
        for (i, entry) in read_str(&text, format, model.as_ref()).iter().enumerate() {
            prop_assert_eq!(entry.index, i);
            prop_assert!(entry.line >= 1);
            match &entry.result {
                Ok(p) => {
                    prop_assert_eq!(p.values.len(), p.size * p.size);
                    prop_assert!(p.values.iter().all(|&v| usize::from(v) <= p.size));
                    prop_assert_eq!(p.symbols.len(), p.size);
                }
                Err(e) => {
                    let message = e.to_string();
                    let prefix = format!("line {}", e.line());
                    prop_assert!(message.starts_with(&prefix), "{}", message);
                    prop_assert!(!message.ends_with('.'));
                }
            }
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        for format in [None, Some(InputFormat::Line), Some(InputFormat::Grid), Some(InputFormat::Header), Some(InputFormat::Csv)] {
            let reader = coverlab_formats::Reader::new(bytes.as_slice(), "<bytes>", format, None);
            prop_assert!(reader.count() <= bytes.len());
        }
    }
}

/// Every written format reads back as the same values, for the usual sizes: line, grid, and
/// boxed boards with boxes, with a jigsaw region map and with the frame only.
#[test]
fn every_written_format_reads_back() {
    for n in [4, 6, 9, 12, 16, 25, 36] {
        let symbols = Symbols::default_for(n);
        let shape = builtin::box_shape(n).unwrap();
        // A Latin square with holes.
        let values: Vec<u8> = (0..n * n)
            .map(|i| if i % 7 == 3 { 0 } else { ((i / n * shape.1 + i / n / shape.0 + i % n) % n + 1) as u8 })
            .collect();
        // Jigsaw-like regions: the boxes, each band shifted by its row.
        let jigsaw: Vec<u16> = (0..n * n).map(|i| box_regions(n, shape)[i / n * n + (i % n + i / n) % n]).collect();
        let texts = [
            write(&values, &symbols, None, OutputFormat::Line),
            write(&values, &symbols, None, OutputFormat::Grid),
            write(&values, &symbols, Some(shape), OutputFormat::Boxed),
            write_boxed(&values, &symbols, Some(&jigsaw)),
            write_boxed(&values, &symbols, None),
        ];
        for text in texts {
            let entries = read_str(&text, None, None);
            assert_eq!(entries.len(), 1, "{n}x{n}:\n{text}");
            let p = entries[0].result.as_ref().unwrap_or_else(|e| panic!("{n}x{n}: {e}\n{text}"));
            assert_eq!((p.size, &p.values), (n, &values), "{n}x{n}:\n{text}");
        }
    }
    // The jigsaw spec's own regions.
    let map = "AAABBBCCCAAABBBCCCAADEBBCCFADDEEBCFFDDDEEEFFFDGDEHEFIFDGGEHHIIFGGGHHHIIIGGGHHHIII";
    let regions: Vec<u16> = map.bytes().map(|b| u16::from(b - b'A')).collect();
    let values: Vec<u8> = (0..81).map(|i| ((i * 4 + i / 9) % 9) as u8).collect();
    let board = write_boxed(&values, &Symbols::default_for(9), Some(&regions));
    assert_eq!(read_str(&board, None, None)[0].result.as_ref().unwrap().values, values, "\n{board}");
}
