//! The Interactive Sudoku Solver's own puzzles (`tests/data/iss/corpus.txt`, every constraint
//! string of its `data/example_puzzles.js` and `data/collections.js`): each line is detected as
//! ISS and either read, to a spec that compiles with its givens in range, or refused with an error
//! naming its line and constraint. The tally of read and refused strings is pinned, so a change in
//! what the reader supports shows up here; run with `--nocapture` to see it.

use std::collections::BTreeMap;

use coverlab_formats::iss::{self, SUPPORTED};
use coverlab_formats::{FormatError, InputFormat, Reader};
use coverlab_model::Model;
use coverlab_model::spec::Rule;

use crate::common;

const CORPUS: &str = "tests/data/iss/corpus.txt";

/// How many of the corpus's strings coverlab reads; the rest are refused.
const READ: usize = 189;

/// What a string holds that coverlab does not read, each once: the names of its constraints
/// coverlab lacks, and its shape when coverlab lacks that (`Shape: values from 0`).
fn missing(text: &str) -> Vec<String> {
    let compact: String = text.split(" #").next().unwrap().chars().filter(|c| !c.is_whitespace()).collect();
    let mut names: Vec<String> = Vec::new();
    for item in compact.split('.').skip(1) {
        let mut args = item.split('~');
        let name = args.next().unwrap();
        let missing = match name {
            "Shape" => {
                let args: Vec<&str> = args.collect();
                let (rows, cols) = args[0].split_once('x').unwrap();
                match args.get(1).copied().unwrap_or("") {
                    _ if rows != cols => Some("Shape: rectangular grid".to_string()),
                    range if range.starts_with("0-") && Some(range) != zero_based(rows).as_deref() => {
                        Some("Shape: values from 0".to_string())
                    }
                    "" | "1-9" if args.get(2) == Some(&"Raw") => Some("Shape: Raw grid".to_string()),
                    range if !range.is_empty() && range != rows => Some("Shape: more values than rows".to_string()),
                    _ => None,
                }
            }
            // `End` closes a composite (`Or`, `And`, `Replicate`), counted as that.
            _ if name.is_empty() || name == "End" || SUPPORTED.contains(&name) => None,
            _ => Some(name.to_string()),
        };
        if let Some(m) = missing
            && !names.contains(&m)
        {
            names.push(m);
        }
    }
    names
}

/// The value range of an n×n grid whose values start at 0, as ISS writes it (`0-8`).
fn zero_based(rows: &str) -> Option<String> {
    rows.parse::<usize>().ok().filter(|&n| n > 1).map(|n| format!("0-{}", n - 1))
}

#[test]
fn every_string_of_the_corpus_is_read_or_refused_by_name() {
    let text = common::read(CORPUS);
    let reader = Reader::new(text.as_bytes(), CORPUS, None, None);
    assert_eq!(reader.format(), Some(InputFormat::Iss), "detected as ISS without being named");
    let entries: Vec<_> = reader.collect();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(entries.len(), lines.len());
    let (mut read, mut refused) = (0, 0);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for (entry, line) in entries.iter().zip(&lines) {
        assert_eq!(entry.line, entry.index + 1);
        match &entry.result {
            Ok(p) => {
                read += 1;
                let spec = p.spec.clone().expect("an ISS puzzle brings its spec");
                assert!(p.values.iter().all(|&v| usize::from(v) <= p.size));
                assert!(Model::compile(*spec).is_ok(), "line {}: the spec read does not compile", entry.line);
                assert!(p.comment.as_deref().is_some_and(|c| !c.is_empty()), "line {}: its name", entry.line);
            }
            Err(FormatError::Iss { line: at, message, .. }) => {
                refused += 1;
                assert_eq!(*at, entry.line);
                // The first refusal: the constraint named, or the whole puzzle's shape.
                let reason = match message.split_once("\": ") {
                    Some((constraint, why)) if message.starts_with("constraint ") => {
                        let name = constraint.split('"').nth(1).unwrap_or("").trim_start_matches('.');
                        let name = name.split(['~', '.']).next().unwrap_or("");
                        format!(
                            "{} ({})",
                            if name.is_empty() { "Given" } else { name },
                            why.split(" (").next().unwrap()
                        )
                    }
                    _ => message.clone(),
                };
                *reasons.entry(reason).or_default() += 1;
                for kind in missing(line) {
                    *kinds.entry(kind).or_default() += 1;
                }
            }
            Err(e) => panic!("line {}: not an ISS error: {e}", entry.line),
        }
    }
    let mut kinds: Vec<(String, usize)> = kinds.into_iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut reasons: Vec<(String, usize)> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    eprintln!("ISS corpus: {} strings, {read} read, {refused} refused", lines.len());
    eprintln!("constraints coverlab does not read, by the number of strings holding them:");
    for (kind, count) in &kinds {
        eprintln!("  {count:4}  {kind}");
    }
    eprintln!("first refusals:");
    for (reason, count) in &reasons {
        eprintln!("  {count:4}  {reason}");
    }
    assert_eq!(read, READ, "the number of strings read changed: update READ (and the report) if that is meant");
}

#[test]
fn the_parser_and_the_reader_agree() {
    // `iss::parse` on a line's text gives what the reader gives for that line.
    let text = common::read(CORPUS);
    for line in text.lines().take(40) {
        let data = line.split(" #").next().unwrap();
        let entries = coverlab_formats::read_str(line, Some(InputFormat::Iss), None);
        match (iss::parse(data), &entries[0].result) {
            (Ok(p), Ok(q)) => assert_eq!((p.values, p.spec), (q.values.clone(), q.spec.clone())),
            (Err(e), Err(f)) => assert!(f.to_string().ends_with(&e.to_string()), "{f} / {e}"),
            (a, b) => panic!("{line}: {a:?} but {b:?}"),
        }
    }
}

#[test]
fn no_line_of_the_other_corpora_looks_like_iss() {
    // Detection must not take a puzzle of another format for an ISS string: every line of the
    // committed corpora and examples in other formats is left to its own reader.
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in ["tests/data/9x9", "tests/data/16x16", "tests/data/25x25", "tests/data/variants", "examples/puzzles"] {
        for entry in std::fs::read_dir(common::workspace(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().is_some_and(|n| n != "iss.txt" && n != "README.md") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 15, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (k, line) in text.lines().enumerate() {
            assert!(!iss::looks_like(line), "{}:{}: {line}", path.display(), k + 1);
        }
    }
}

/// A pair rule as the tests compare it: its cells' names and its allowed value pairs.
type PairRule = (Vec<String>, Vec<(u32, u32)>);

/// What `pick` takes from each rule of a parsed string's spec.
fn rules_of<T>(text: &str, pick: impl FnMut(&Rule) -> Option<T>) -> Vec<T> {
    let parsed = iss::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    parsed.spec.expect("a spec").rules.iter().filter_map(pick).collect()
}

/// The `Pair` rules of a parsed string.
fn pair_rules(text: &str) -> Vec<PairRule> {
    rules_of(text, |r| match r {
        Rule::Pair { cells, allowed, .. } => {
            Some((cells.iter().map(|c| c.to_string()).collect(), allowed.clone().expect("a table")))
        }
        _ => None,
    })
}

/// The value pairs of 1..=n for which `holds` is true.
fn pairs_where(n: u32, holds: impl Fn(u32, u32) -> bool) -> Vec<(u32, u32)> {
    (1..=n).flat_map(|a| (1..=n).map(move |b| (a, b))).filter(|&(a, b)| holds(a, b)).collect()
}

#[test]
fn pair_keys_read_as_the_pairs_iss_encodes() {
    // Keys made by ISS's fnToBinaryKey (restated in Python) for a + b = 10 and |a − b| ≥ 2.
    let x = pair_rules(".Pair~AEQABEQABEQAB~_sum%20ten~R1C1~R1C2~R2C2");
    assert_eq!(x.len(), 1);
    assert_eq!(x[0].0, ["r1c1", "r1c2", "r2c2"]);
    assert_eq!(x[0].1, pairs_where(9, |a, b| a + b == 10));
    // PairX: every two cells; the legacy BinaryX writes the key with '-' and '_' swapped.
    let far = pairs_where(9, |a, b| a.abs_diff(b) >= 2);
    for text in [".PairX~8H_xf8H_xf8H_B~~R1C1~R1C2~R5C5", ".BinaryX~8H-xf8H-xf8H-B~~R1C1~R1C2~R5C5"] {
        let rules = pair_rules(text);
        let cells: Vec<Vec<String>> = rules.iter().map(|r| r.0.clone()).collect();
        assert_eq!(cells, [["r1c1", "r1c2"], ["r1c1", "r5c5"], ["r1c2", "r5c5"]], "{text}");
        assert!(rules.iter().all(|r| r.1 == far), "{text}");
    }
    // GreaterThan: each cell with its neighbours listed after it, the first the greater.
    let greater = pair_rules(".Shape~4x4.GreaterThan~R1C1~R1C2~R2C1~R3C3");
    let cells: Vec<Vec<String>> = greater.iter().map(|r| r.0.clone()).collect();
    assert_eq!(cells, [["r1c1", "r1c2"], ["r1c1", "r2c1"]]);
    assert!(greater.iter().all(|r| r.1 == pairs_where(4, |a, b| a > b)));
}

#[test]
fn regex_patterns_are_written_in_the_grids_symbols() {
    let pattern = |text: &str| -> Vec<String> {
        rules_of(text, |r| if let Rule::Regex { pattern, .. } = r { Some(pattern.clone()) } else { None })
    };
    // base64 of "1[a-c]G": ISS's a to c are 10 to 12, the 16×16 symbols A to C.
    assert_eq!(pattern(".Shape~16x16.Regex~MVthLWNdRw~R1C1~R1C2~R1C3"), ["1[A-C]G"]);
    // On values from 0 ISS's 1 and a (10) are coverlab's 2 and 11, written 1 and A.
    assert_eq!(pattern(".Shape~16x16~0-15.Regex~MWE~R1C1~R1C2"), ["1A"]);
    // Two groups, two lines; the rest of the syntax kept.
    assert_eq!(
        pattern(".Regex~KDF8MikrW14zLTVdezIsfQ~R1C1~R1C2~R1C3~~R5C5~R5C6~R5C7"),
        ["(1|2)+[^3-5]{2,}", "(1|2)+[^3-5]{2,}"]
    );
}

#[test]
fn an_or_reads_each_branch_and_its_and_groups() {
    use coverlab_model::spec::{CellRef, Rule};
    let p = iss::parse(".Or.~R1C1_1.And.Cage~3~R1C2~R1C3.~R1C4_2.End.End.~R9C9_5").unwrap();
    let spec = p.spec.unwrap();
    let ors: Vec<&Rule> = spec.rules.iter().filter(|r| matches!(r, Rule::Or(_))).collect();
    let c = |row, col| CellRef { row, col };
    let expected = Rule::Or(vec![
        vec![Rule::Candidates { cell: c(1, 1), values: vec![1] }],
        vec![
            Rule::Candidates { cell: c(1, 4), values: vec![2] },
            Rule::Cage { cells: vec![c(1, 2), c(1, 3)], sum: Some(3) },
        ],
    ]);
    assert_eq!(ors, [&expected]);
    assert_eq!(p.values[80], 5, "the given outside the Or is a given");
    assert_eq!(p.values.iter().filter(|&&v| v != 0).count(), 1, "the givens inside it are not");
    // A house inside a branch, and an Or left open, are refused naming the constraint.
    let e = iss::parse(".Or.Diagonal~1.~R1C1_1.End").unwrap_err().to_string();
    assert!(e.starts_with("constraint 2 \".Diagonal~1\": Diagonal inside an Or is not supported"), "{e}");
    let e = iss::parse(".Or.~R1C1_1").unwrap_err().to_string();
    assert!(e.starts_with("constraint 1 \".Or\": Or has no End"), "{e}");
}
