//! The tests of `src/commands/bench.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use std::path::Path;

use coverlab::commands::bench::*;

#[test]
fn moves_beyond_the_noise_are_flagged() {
    assert_eq!(moved(1.05, 10.0), "1.05×");
    assert_eq!(moved(1.25, 10.0), "1.25× **faster**");
    assert_eq!(moved(0.80, 10.0), "0.80× **slower**");
}

#[test]
fn strategy_lists_split_outside_parentheses() {
    assert_eq!(split_list("fast,dfs"), ["fast", "dfs"]);
    assert_eq!(split_list("fast(hidden: false, gac_from: 1), mrv,"), ["fast(hidden: false, gac_from: 1)", "mrv"]);
}

fn row(name: &str, pps: f64) -> Row {
    let stored = r#"{"file":"p.txt","strategy":"fast","label":"","puzzles":2,"solved":2,"timeouts":0,
        "puzzles_per_sec":0.0,"median_us":10.0,"p99_us":20.0,"max_us":20.0,"guesses_per_puzzle":0.5,
        "no_guess_pct":50.0,"times_us":[10.0,20.0],"answered":[true,true]}"#;
    let mut row: Row = serde_json::from_str(stored).expect("a row stored before the counters reads");
    assert_eq!((row.bench.name.as_str(), row.bench.node_limited, row.bench.nodes_per_puzzle), ("", 0, 0.0));
    assert_eq!(row_name(&row), "fast", "an old row is named by its strategy");
    row.bench.name = name.into();
    row.bench.puzzles_per_sec = pps;
    row.bench.nodes_per_puzzle = 1234.0;
    row
}

#[test]
fn rows_are_named_by_what_ran_in_markdown_and_csv() {
    let rows = [row("fast", 0.523), row("fast(locked: false)", 12.44)];
    let columns = Columns { baseline: None, compared: false, node_limited: false, noise: 15.0 };
    let table = markdown(&rows, &columns);
    assert!(table.contains("| nodes/puzzle | guesses/puzzle | backtracks/puzzle |"), "{table}");
    assert!(table.contains("| fast | 2 | 2 | 0 | 0.523 | 10.0 | 20.0 | 20.0 | 1,234 | 0.500 | 0 | 50.0 |"), "{table}");
    assert!(table.contains("| fast(locked: false) | 2 | 2 | 0 | 12.4 |"), "{table}");
    assert!(!table.contains("node-limited"), "only with --max-nodes: {table}");
    let columns = Columns { node_limited: true, compared: true, ..columns };
    let mut cut = row("fast(locked: false)", 1.0);
    cut.bench.partial = true;
    let table = markdown(&[cut], &columns);
    assert!(table.contains("| timeouts | node-limited | puzzles/s |"), "{table}");
    assert!(table.contains("| fast(locked: false) (partial) | 2 | 2 | 0 | 0 | 1.00 |"), "{table}");
    assert!(table.contains("| - (partial) |"), "a partial row is not compared, nor 'not stored': {table}");
    let line = csv_line(&rows[1]);
    assert!(line.starts_with("\"p.txt\",\"fast(locked: false)\",2,2,0,0,12.4,"), "{line}");
    assert_eq!(line.split(',').count(), CSV_HEADER.split(',').count(), "a field per column: {line}");
    let two = csv_line(&row("fast(locked: false, hidden: false)", 1.0));
    assert!(two.contains(",\"fast(locked: false, hidden: false)\","), "a name's comma is quoted: {two}");
}

#[test]
fn figures_keep_three_significant_digits() {
    let cases = [
        (0.0, "0"),
        (0.000_523_4, "0.000523"),
        (0.5234, "0.523"),
        (1.0, "1.00"),
        (9.996, "10.0"),
        (12.44, "12.4"),
        (99.96, "100"),
        (123.4, "123"),
        (1234.4, "1,234"),
        (461_326.2, "461,326"),
        (1_234_567.0, "1,234,567"),
    ];
    for (x, text) in cases {
        assert_eq!(significant(x, true), text, "{x}");
    }
    assert_eq!(significant(1234.4, false), "1234");
}

#[test]
fn differences_between_runs_are_named() {
    let now = ["fast".to_string(), "fast(locked: false)".to_string()];
    assert_eq!(differ(["fast(locked: false)", "fast"].into_iter(), &now), None);
    assert_eq!(differ(["fast", "fast"].into_iter(), &now).unwrap(), "this run only: fast(locked: false)");
    assert_eq!(
        differ(["dfs", "fast"].into_iter(), &now).unwrap(),
        "stored only: dfs; this run only: fast(locked: false)"
    );
}

#[test]
fn several_plots_are_numbered() {
    assert_eq!(numbered(Path::new("out/p.svg"), 0, 1), Path::new("out/p.svg"));
    assert_eq!(numbered(Path::new("out/p.svg"), 1, 3), Path::new("out/p-2.svg"));
}
