//! `coverlab generate --format parquet` and `csv-extreme` (docs/datasets.md): the files read back
//! (with the `parquet` crate's own reader) to puzzles whose solutions the validator accepts, the
//! same command makes the same bytes, shares of a set made apart make the same files and card,
//! and bad requests are refused.

use std::path::Path;

use coverlab_model::{Grid, Model, builtin, validate};
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;

use crate::common::{run, s, scratch, text};

fn grid_of(model: &Model, line: &str) -> Grid {
    let values = line.chars().map(|c| model.symbols().value_of(c).unwrap_or(0)).collect();
    Grid::from_values(model.size(), values).unwrap()
}

/// Every file of `dir` (names sorted) with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for entry in walk(dir) {
        let name = entry.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
        out.push((name, std::fs::read(&entry).unwrap()));
    }
    out.sort();
    out
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() { out.extend(walk(&path)) } else { out.push(path) }
    }
    out
}

/// The rows of a Parquet file as (column name → field) lists.
fn rows(path: &Path) -> Vec<Vec<(String, Field)>> {
    let reader = SerializedFileReader::new(std::fs::File::open(path).unwrap()).unwrap();
    reader
        .get_row_iter(None)
        .unwrap()
        .map(|row| row.unwrap().get_column_iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .collect()
}

fn field<'a>(row: &'a [(String, Field)], name: &str) -> &'a Field {
    &row.iter().find(|(k, _)| k == name).unwrap_or_else(|| panic!("no column {name}")).1
}

fn string(row: &[(String, Field)], name: &str) -> String {
    match field(row, name) {
        Field::Str(v) => v.clone(),
        other => panic!("{name} is {other:?}"),
    }
}

#[test]
fn a_parquet_set_reads_back_to_valid_puzzles_and_a_card_that_counts_them() {
    let dir = scratch("datasets", "read-back");
    let out = run(&["generate", "--format", "parquet", "--output", s(&dir), "-n", "25", "--seed", "3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let model = builtin::load("classic-9x9").unwrap().unwrap();
    let rows = rows(&dir.join("data/part-00000.parquet"));
    assert_eq!(rows.len(), 25);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(field(row, "index"), &Field::ULong(i as u64));
        let (puzzle, solution) = (string(row, "puzzle"), string(row, "solution"));
        validate::check_solution(&model, &grid_of(&model, &puzzle), &grid_of(&model, &solution))
            .unwrap_or_else(|e| panic!("row {i}: {e}"));
        let givens = puzzle.chars().filter(|&c| c != '.').count();
        assert_eq!(field(row, "givens"), &Field::Int(givens as i32));
        assert_eq!(field(row, "minimal"), &Field::Bool(true));
        assert_eq!(field(row, "techniques"), &Field::Null);
        // The canonical id is the one `coverlab canon` gives.
        let canon = run(&["canon", &puzzle]);
        assert_eq!(text(&canon.stdout).trim(), string(row, "canon"), "row {i}");
    }
    let card: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("dataset.json")).unwrap()).unwrap();
    assert_eq!(card["counts"]["made"], 25);
    assert_eq!(card["recipe"]["seed"], 3);
    let levels: u64 = card["levels"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(levels, 25);
    assert_eq!(
        card["command"],
        "coverlab generate --format parquet --output DIR --seed 3 -n 25 --symmetry none --attempts 1000 --rows-per-file 100000"
    );
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(readme.contains(card["command"].as_str().unwrap()), "{readme}");
}

#[test]
fn the_same_command_makes_the_same_bytes_and_shares_made_apart_make_the_same_set() {
    let dir = scratch("datasets", "same");
    let common = ["generate", "--format", "parquet", "--seed", "11", "--rows-per-file", "8", "--techniques"];
    let make = |out: &Path, extra: &[&str]| {
        let mut args: Vec<&str> = common.to_vec();
        args.extend(["--output", s(out)]);
        args.extend(extra);
        let o = run(&args);
        assert!(o.status.success(), "{extra:?}: {}", text(&o.stderr));
    };
    let (a, b, c) = (dir.join("a"), dir.join("b"), dir.join("c"));
    make(&a, &["-n", "20", "--jobs", "1"]);
    make(&b, &["-n", "20", "--jobs", "2"]);
    // Three shares, out of order, each a run of its own, then the card.
    make(&c, &["--start", "16", "-n", "4", "--no-card"]);
    make(&c, &["--start", "0", "-n", "8", "--no-card"]);
    make(&c, &["--start", "8", "-n", "8", "--no-card"]);
    make(&c, &["--card-only"]);
    let made = files(&a);
    let names: Vec<&str> = made.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["README.md", "data/part-00000.parquet", "data/part-00001.parquet", "data/part-00002.parquet", "dataset.json"]
    );
    assert!(made == files(&b), "--jobs changed the files");
    assert!(made == files(&c), "shares made apart differ from one run");
    // With --techniques, each row says how human techniques solve it.
    let row = &rows(&a.join("data/part-00000.parquet"))[0];
    let techniques: serde_json::Value = serde_json::from_str(&string(row, "techniques")).unwrap();
    assert!(techniques.as_object().is_some_and(|m| !m.is_empty()), "{techniques}");
}

#[test]
fn the_card_refuses_a_set_with_a_missing_share_or_another_recipe() {
    let dir = scratch("datasets", "refused");
    let make = |extra: &[&str]| {
        let mut args = vec!["generate", "--format", "parquet", "--output", s(&dir), "--rows-per-file", "4"];
        args.extend(extra);
        run(&args)
    };
    assert!(make(&["-n", "4", "--no-card"]).status.success());
    assert!(make(&["-n", "4", "--start", "8", "--no-card"]).status.success());
    let card = make(&["--card-only"]);
    assert_eq!(card.status.code(), Some(2));
    assert!(text(&card.stderr).contains("part-00002.parquet: puzzles 8 to 11 follow 0 to 3"), "{}", text(&card.stderr));
    assert!(make(&["-n", "4", "--start", "4", "--seed", "1", "--no-card"]).status.success());
    let card = make(&["--card-only"]);
    assert!(text(&card.stderr).contains("part-00001.parquet was made by another recipe"), "{}", text(&card.stderr));
    for (args, says) in [
        (vec!["--format", "parquet", "--start", "3"], "--start 3 is not a multiple of --rows-per-file 4"),
        (vec!["--format", "line"], "--output is for --format parquet"),
    ] {
        let mut all = vec!["generate", "--output", s(&dir), "--rows-per-file", "4"];
        all.extend(args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2));
        assert!(text(&o.stderr).contains(says), "{}", text(&o.stderr));
    }
    let o = run(&["generate", "--format", "parquet"]);
    assert!(text(&o.stderr).contains("name it with --output DIR"), "{}", text(&o.stderr));
    let o = run(&["generate", "-n", "1", "--rows-per-file", "4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--rows-per-file is for --format parquet"), "{}", text(&o.stderr));
}

#[test]
fn the_csv_view_has_sudoku_extremes_four_columns() {
    let out = run(&["generate", "--format", "csv-extreme", "-n", "5", "--seed", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("source,question,answer,rating"));
    let model = builtin::load("classic-9x9").unwrap().unwrap();
    let mut count = 0;
    for (i, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert_eq!(fields[0], format!("coverlab-classic-9x9-s2-{i}"));
        assert_eq!((fields[1].len(), fields[2].len()), (81, 81));
        validate::check_solution(&model, &grid_of(&model, fields[1]), &grid_of(&model, fields[2])).unwrap();
        fields[3].parse::<u64>().unwrap();
        count += 1;
    }
    assert_eq!(count, 5);
    // The same puzzles as the plain lines.
    let lines = run(&["generate", "-n", "5", "--seed", "2"]);
    let questions: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').nth(1).unwrap()).collect();
    assert_eq!(text(&lines.stdout).lines().collect::<Vec<_>>(), questions);
}
