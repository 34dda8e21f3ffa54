//! The shell holds: what a careless or hostile user can do to `coverlab` loses no result, never
//! panics, and stays bounded. One test per way it used to go wrong (issue 11).

use std::fs::{self, File};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

use common::{bin, run, s, text};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> common::Scratch {
    common::scratch("hostile", name)
}

const EASY: &str = "..9.1..58...4....64..8.673.7..92.81.8.15.79...5.1..3.7....5.68353..89.2.28.34.57.";
const UNIQUE_4X4: &str = ".342.....43.....";

/// Lines of `puzzles` copies of a shipped puzzle file.
fn puzzle_file(dir: &Path, name: &str, puzzles: usize) -> PathBuf {
    let path = dir.join(name);
    let mut f = File::create(&path).unwrap();
    for _ in 0..puzzles {
        writeln!(f, "{EASY}").unwrap();
    }
    path
}

#[test]
fn a_trace_path_that_is_an_input_is_refused_and_the_input_kept() {
    let dir = scratch("trace-input");
    let input = puzzle_file(&dir, "p.txt", 3);
    let before = fs::read(&input).unwrap();
    let link = dir.join("hard-link.txt");
    fs::hard_link(&input, &link).unwrap();
    for trace in [&input, &link] {
        let o = run(&["solve", "--trace", s(trace), s(&input)]);
        assert_eq!(o.status.code(), Some(2));
        assert!(text(&o.stderr).contains("that is also an input"), "{}", text(&o.stderr));
        assert!(o.stdout.is_empty(), "nothing solved");
    }
    let spec = dir.join("spec.ron");
    fs::write(&spec, "Spec(name: \"s\", size: 4, rules: [Rows, Columns, Boxes(rows: 2, cols: 2)])").unwrap();
    let o = run(&["solve", "--spec", s(&spec), "--trace", s(&spec), s(&input)]);
    assert_eq!(o.status.code(), Some(2), "the spec file is an input too");
    let o = run(&["graph", "--spec", s(&spec), "--output", s(&spec)]);
    assert_eq!(o.status.code(), Some(2), "graph --output over its spec");
    assert_eq!(fs::read(&input).unwrap(), before, "the input is untouched");
    assert!(fs::read_to_string(&spec).unwrap().starts_with("Spec("), "the spec is untouched");
}

#[test]
fn a_full_stdout_is_an_error_that_says_so_never_a_panic() {
    let full = File::options().write(true).open("/dev/full").expect("/dev/full exists on Linux");
    let dir = scratch("full");
    let input = puzzle_file(&dir, "p.txt", 2);
    let trace = dir.join("t.jsonl");
    assert_eq!(run(&["solve", "--strategy", "dfs", "--trace", s(&trace), s(&input)]).status.code(), Some(0));
    let bad = dir.join("bad.txt");
    fs::write(&bad, "1.1.............\n").unwrap();
    for args in [
        vec!["solve", s(&input)],
        vec!["check", s(&bad)],
        vec!["replay", "--trace", s(&trace), s(&input)],
        vec!["bench", "--strategies", "dfs", "--min-seconds", "0", s(&input)],
        vec!["strategies"],
        vec!["specs", "--format", "json"],
        vec!["graph", "--spec", "classic-4x4"],
    ] {
        let o = bin().args(&args).stdin(Stdio::null()).stdout(full.try_clone().unwrap()).output().unwrap();
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot write to standard output: No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_stdout_ends_quietly_with_success() {
    let dir = scratch("closed");
    let input = puzzle_file(&dir, "p.txt", 20_000);
    for args in [vec!["solve", "--jobs", "1", s(&input)], vec!["solve", "--jobs", "2", s(&input)], vec!["strategies"]] {
        let mut child = bin().args(&args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap(); // then closed
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o.stderr));
        assert!(o.stderr.is_empty(), "{args:?}: {}", text(&o.stderr));
    }
}

#[test]
fn a_full_stderr_loses_no_result() {
    let full = File::options().write(true).open("/dev/full").unwrap();
    let dir = scratch("stderr");
    // Every other puzzle is bad: each writes a message to the full stderr.
    let path = dir.join("mixed.txt");
    let mut f = File::create(&path).unwrap();
    for i in 0..10_000 {
        writeln!(
            f,
            "{}",
            if i % 2 == 0 {
                EASY
            } else {
                "1.1............................................................................."
            }
        )
        .unwrap();
    }
    drop(f);
    for jobs in ["1", "2"] {
        let o = bin().args(["solve", "--jobs", jobs, s(&path)]).stderr(full.try_clone().unwrap()).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "some puzzles are invalid");
        assert_eq!(text(&o.stdout).lines().count(), 10_000, "one record per puzzle, --jobs {jobs}");
    }
}

#[test]
fn a_missing_file_among_several_is_reported_and_the_others_are_solved() {
    let dir = scratch("missing");
    let good = puzzle_file(&dir, "good.txt", 3);
    let good2 = puzzle_file(&dir, "good2.txt", 4);
    let missing = dir.join("missing.txt");
    for jobs in ["1", "2"] {
        let o = run(&["solve", "--format", "json", "--jobs", jobs, s(&good), s(&missing), s(&dir), s(&good2)]);
        assert_eq!(o.status.code(), Some(2), "--jobs {jobs}");
        let records: Vec<serde_json::Value> =
            text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(records.len(), 7, "--jobs {jobs}: every puzzle of the readable files");
        assert!(records.iter().all(|r| r["status"] == "solved"));
        assert_eq!(
            records.iter().map(|r| r["index"].as_u64().unwrap()).collect::<Vec<_>>(),
            (0..7).collect::<Vec<_>>()
        );
        let err = text(&o.stderr);
        assert!(err.contains("cannot open") && err.contains("missing.txt: No such file"), "{err}");
        assert!(err.contains("is a directory, not a puzzle file"), "{err}");
    }
}

#[test]
fn an_input_without_puzzles_says_so() {
    let dir = scratch("empty");
    let empty = dir.join("empty.txt");
    fs::write(&empty, "").unwrap();
    let comments = dir.join("comments.txt");
    fs::write(&comments, "# nothing here\n\n# still nothing\n").unwrap();
    for path in [&empty, &comments] {
        let o = run(&["solve", s(path)]);
        assert_eq!(o.status.code(), Some(2));
        assert!(text(&o.stderr).contains("no puzzle found"), "{}", text(&o.stderr));
    }
    let o = bin().arg("solve").stdin(Stdio::null()).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("<stdin>: no puzzle found"), "{}", text(&o.stderr));
}

#[test]
fn special_files_are_bounded() {
    // A spec that never ends: refused at the size cap, not read forever.
    let o = run(&["check", "--spec", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("larger than 4194304 bytes"), "{}", text(&o.stderr));
    // A trace that is one endless line.
    let dir = scratch("special");
    let input = puzzle_file(&dir, "p.txt", 1);
    let o = run(&["replay", "--trace", "/dev/zero", s(&input)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("line longer than 65536 bytes"), "{}", text(&o.stderr));
    // Puzzles from an endless run of NUL bytes: the input is given up on, with a message.
    let start = Instant::now();
    let o = bin().args(["check", "/dev/zero"]).stdin(Stdio::null()).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let out = text(&o.stdout);
    assert!(out.contains("/dev/zero:1: no end of line within 67108864 bytes: not a puzzle file"), "{out}");
    assert!(text(&o.stderr).contains("1 puzzle: 0 well-formed, 1 invalid"), "{}", text(&o.stderr));
    assert!(start.elapsed() < Duration::from_secs(60), "it ends (bounded by the read, not by this clock)");
}

#[test]
fn a_trace_is_cut_at_its_limit_and_replay_checks_up_to_the_cut() {
    let dir = scratch("cut");
    // An empty 9x9 counted by dfs: a search far larger than any trace limit.
    let input = dir.join("empty.txt");
    fs::write(&input, format!("{}\n{UNIQUE_4X4}\n", ".".repeat(81))).unwrap();
    let trace = dir.join("t.jsonl");
    let o = run(&[
        "count",
        "--strategy",
        "dfs",
        "--max-solutions",
        "500",
        "--trace",
        s(&trace),
        "--trace-limit",
        "64K",
        s(&input),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "500+\n1\n", "the search goes on past the cut");
    assert!(
        text(&o.stderr).contains("the trace reached --trace-limit (65536 bytes) in puzzle 0"),
        "{}",
        text(&o.stderr)
    );
    let size = fs::metadata(&trace).unwrap().len();
    assert!(size <= 65536, "{size} bytes");
    let last = fs::read_to_string(&trace).unwrap().lines().last().unwrap().to_string();
    let last: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(last, serde_json::json!({"index": 0, "event": "cut", "limit": 65536}));
    let o = run(&["replay", "--trace", s(&trace), s(&input)]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(out.contains("puzzle 0: ok (") && out.contains("cut by --trace-limit"), "{out}");
    assert!(out.contains("puzzle 1: not traced (the trace was cut before it)"), "{out}");
}

#[test]
fn a_truncated_or_empty_trace_is_refused() {
    let dir = scratch("truncated");
    let input = dir.join("p.txt");
    fs::write(&input, format!("{UNIQUE_4X4}\n")).unwrap();
    let trace = dir.join("t.jsonl");
    let o = run(&["solve", "--strategy", "dfs", "--trace", s(&trace), s(&input)]);
    assert_eq!(o.status.code(), Some(0));
    let full = fs::read_to_string(&trace).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    let truncated = dir.join("truncated.jsonl");
    fs::write(&truncated, lines[..lines.len() - 1].join("\n")).unwrap();
    let o = run(&["replay", "--trace", s(&truncated), s(&input)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains("without a stop event (is it truncated?)"), "{}", text(&o.stdout));
    let empty = dir.join("empty.jsonl");
    fs::write(&empty, "").unwrap();
    let o = run(&["replay", "--trace", s(&empty), s(&input)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains("FAILED: the trace has no events for it"), "{}", text(&o.stdout));
    // A text trace is named for what it is.
    let o = run(&["solve", "--strategy", "dfs", "--trace", s(&trace), "--trace-format", "text", s(&input)]);
    assert_eq!(o.status.code(), Some(0));
    let o = run(&["replay", "--trace", s(&trace), s(&input)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("is a text trace (--trace-format text)"), "{}", text(&o.stderr));
}

#[test]
fn control_characters_never_reach_the_terminal() {
    let dir = scratch("control");
    let nasty = dir.join("evil\u{1b}]0;pwned\u{7}\u{1b}[2J.txt");
    fs::write(&nasty, "1\u{1b}[31m..............\n").unwrap();
    let o = run(&["solve", s(&nasty), s(&dir.join("missing\u{1b}[2J.txt"))]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\e[2J"), "escaped, still readable: {err}");
    assert!(err.contains("'"), "a name with odd characters is quoted: {err}");
}

#[test]
fn many_more_jobs_than_cores_are_capped_and_lose_nothing() {
    let dir = scratch("jobs");
    let input = puzzle_file(&dir, "p.txt", 3000);
    let o = run(&["solve", "--jobs", "1024", s(&input)]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o.stdout).lines().count(), 3000);
}

#[test]
fn ctrl_c_stops_cleanly_with_complete_lines_and_exit_130() {
    let dir = scratch("sigint");
    // Hard enough per puzzle (dfs counting an empty-ish 9x9 to 20000 solutions) that the run is
    // far from done when the signal comes.
    let path = dir.join("many.txt");
    let mut f = File::create(&path).unwrap();
    for _ in 0..2000 {
        writeln!(f, "{}", ".".repeat(81)).unwrap();
    }
    drop(f);
    for jobs in ["1", "2"] {
        let mut child = bin()
            .args(["count", "--strategy", "dfs", "--max-solutions", "20000", "--format", "json", "--jobs", jobs])
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        assert!(first.ends_with('\n'), "a first result arrives while the run goes on");
        let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
        assert!(kill.success());
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(130), "--jobs {jobs}: {}", text(&o.stderr));
        let all = first + &rest;
        assert!(all.ends_with('\n'), "no half-written line");
        let records: Vec<serde_json::Value> = all.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert!(records.len() < 2000, "the run stopped early: {} records", records.len());
        for (i, r) in records.iter().enumerate() {
            assert_eq!(r["index"], i, "in order, none missing");
            assert!(r["status"] == "solved" || r["stopped"] == "interrupted", "{r}");
        }
        assert!(text(&o.stderr).contains("interrupted:"), "{}", text(&o.stderr));
    }
}

/// EASY as 9 rows of 9 digits (0 for empty), as Project Euler writes them.
fn easy_rows() -> Vec<String> {
    EASY.as_bytes().chunks(9).map(|r| r.iter().map(|&b| if b == b'.' { '0' } else { b as char }).collect()).collect()
}

#[test]
fn back_to_back_grid_puzzles_with_bad_ones_lose_nothing() {
    let dir = scratch("back-to-back");
    let path = dir.join("grids.txt");
    let mut bytes = Vec::new();
    let mut broken = 0;
    for i in 0..1000 {
        for (r, row) in easy_rows().iter().enumerate() {
            if r == 0 && i % 41 == 7 && broken < 24 {
                broken += 1;
                match broken % 3 {
                    0 => bytes.extend_from_slice(b"00\xff000000"),            // not UTF-8
                    1 => bytes.extend(std::iter::repeat_n(b'0', 20_000)),     // over the line cap
                    _ => bytes.extend_from_slice("1 ".repeat(70).as_bytes()), // 70 cells
                }
            } else {
                bytes.extend_from_slice(row.as_bytes());
            }
            bytes.push(b'\n');
        }
    }
    assert_eq!(broken, 24);
    fs::write(&path, bytes).unwrap();
    for jobs in ["1", "2"] {
        let o = run(&["solve", "--format", "json", "--jobs", jobs, s(&path)]);
        assert_eq!(o.status.code(), Some(2));
        let records: Vec<serde_json::Value> =
            text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(records.len(), 1000, "--jobs {jobs}: one record per puzzle");
        assert_eq!(records.iter().filter(|r| r["status"] == "invalid").count(), 24);
        assert_eq!(records.iter().filter(|r| r["status"] == "solved").count(), 976);
        assert_eq!(records[7]["location"], format!("{}:64", s(&path)), "puzzle 7 starts on line 64");
    }
    let o = run(&["check", s(&path)]);
    assert!(text(&o.stderr).contains("1000 puzzles: 976 well-formed, 24 invalid"), "{}", text(&o.stderr));
}

#[test]
fn common_files_are_read_as_the_puzzles_they_hold() {
    let dir = scratch("common");
    // Project Euler 96: a title line before each grid.
    let euler = dir.join("p096_sudoku.txt");
    let mut text_euler = String::new();
    for g in 1..=50 {
        text_euler.push_str(&format!("Grid {g:02}\r\n"));
        for row in easy_rows() {
            text_euler.push_str(&row);
            text_euler.push_str("\r\n");
        }
    }
    fs::write(&euler, text_euler).unwrap();
    let o = run(&["solve", "--format", "json", s(&euler)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let records: Vec<serde_json::Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 50);
    assert_eq!(records[49]["title"], "Grid 50");
    // Line puzzles with a comment after them (the `sudoku` crate's test data).
    let commented = dir.join("commented.txt");
    fs::write(&commented, format!("{EASY} box duplicate\n{EASY}\t# easy\n{EASY};hardest\n")).unwrap();
    let o = run(&["solve", "--format", "json", s(&commented)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let records: Vec<serde_json::Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["comment"], "box duplicate");
    assert_eq!(records[2]["comment"], "hardest");
    // A Norvig board, pasted.
    let board = dir.join("board.txt");
    let mut norvig = String::new();
    for (r, row) in easy_rows().iter().enumerate() {
        if r > 0 && r % 3 == 0 {
            norvig.push_str("------+------+------\n");
        }
        let cells: Vec<String> = row.chars().map(|c| if c == '0' { ".".into() } else { c.to_string() }).collect();
        norvig.push_str(&format!("{} |{} |{}\n", cells[..3].join(" "), cells[3..6].join(" "), cells[6..].join(" ")));
    }
    fs::write(&board, norvig).unwrap();
    let o = run(&["solve", s(&board), s(&euler)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let lines: Vec<String> = text(&o.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 51);
    assert_eq!(lines[0], lines[1], "the board is the same puzzle as the Euler grids");
}

#[test]
fn what_coverlab_writes_it_reads_back() {
    let dir = scratch("round-trip");
    for (spec, puzzle) in
        [("classic-9x9", EASY.to_string()), ("classic-4x4", UNIQUE_4X4.to_string()), ("jigsaw-9x9", String::new())]
    {
        let input = dir.join("in.txt");
        let line = if puzzle.is_empty() {
            // a jigsaw puzzle: the first solution of the empty grid, some cells blanked
            let mut child =
                bin().args(["solve", "--spec", spec]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
            child.stdin.take().unwrap().write_all(format!("{}\n", ".".repeat(81)).as_bytes()).unwrap();
            let out = text(&child.wait_with_output().unwrap().stdout);
            let full = out.lines().next().unwrap().to_string(); // then "# 0: not unique …"
            full.chars().enumerate().map(|(i, c)| if i % 3 == 0 { '.' } else { c }).collect()
        } else {
            puzzle
        };
        fs::write(&input, format!("{line}\n")).unwrap();
        let solved = text(&run(&["solve", "--spec", spec, s(&input)]).stdout);
        let solved = solved.lines().next().unwrap().to_string() + "\n"; // without a uniqueness note
        for format in ["line", "grid", "boxed"] {
            let o = run(&["solve", "--spec", spec, "--format", format, s(&input)]);
            assert_eq!(o.status.code(), Some(0));
            let written = dir.join(format!("{format}.txt"));
            fs::write(&written, &o.stdout).unwrap();
            let again = run(&["solve", "--spec", spec, s(&written)]);
            assert_eq!(again.status.code(), Some(0), "{spec} {format}: {}", text(&again.stderr));
            assert_eq!(text(&again.stdout), solved, "{spec}: {format} output reads back as the same grid");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Issue 29: outputs whole or not at all, compare and bench bounded, partial results on a signal.
// ---------------------------------------------------------------------------------------------

/// Sends SIGINT to a child.
fn interrupt(child: &std::process::Child) {
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
}

/// Two runs writing one trace at once leave one whole trace, which replay accepts (they used to
/// interleave into broken JSON, both exiting 0), and no temporary file behind.
#[test]
fn two_runs_writing_one_trace_at_once_leave_a_whole_one() {
    let dir = scratch("concurrent-trace");
    let input = puzzle_file(&dir, "p.txt", 400);
    let trace = dir.join("t.jsonl");
    let start = |strategy: &str| {
        bin()
            .args(["solve", "--strategy", strategy, "--jobs", "1", "--trace", s(&trace), s(&input)])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (start("dfs"), start("mrv"));
    for child in [a, b] {
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    }
    let o = run(&["replay", "--trace", s(&trace), s(&input)]);
    assert_eq!(o.status.code(), Some(0), "the trace is one run's, whole: {}", text(&o.stderr));
    assert!(text(&o.stderr).contains("400 traces: 400 ok"), "{}", text(&o.stderr));
    let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "only the input and the trace: {left:?}");
}

/// A run killed while writing leaves the file it would have replaced as it was.
#[test]
fn a_run_killed_while_writing_its_trace_leaves_the_old_one() {
    let dir = scratch("killed-trace");
    let path = dir.join("many.txt");
    fs::write(&path, format!("{}\n", ".".repeat(81)).repeat(2000)).unwrap();
    let trace = dir.join("t.jsonl");
    fs::write(&trace, "the old trace\n").unwrap();
    let mut child = bin()
        .args(["count", "--strategy", "dfs", "--max-solutions", "100", "--jobs", "1", "--trace", s(&trace)])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(fs::read_to_string(&trace).unwrap(), "the old trace\n");
}

/// A 64×64 grid with every other cell blank, in `dir`: long searches that make few events.
fn half_blank_64x64(dir: &Path) -> PathBuf {
    let o = run(&["generate", "--size", "64", "--full", "--seed", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let full = text(&o.stdout);
    let half: String = full.trim().chars().enumerate().map(|(i, c)| if i % 2 == 0 { '.' } else { c }).collect();
    let path = dir.join("half.txt");
    fs::write(&path, format!("{half}\n")).unwrap();
    path
}

/// A 64×64 grid half blank: compare's searches end at --timeout (the run went past 120 s).
#[test]
fn compare_keeps_its_timeout_on_a_64x64_grid() {
    let dir = scratch("compare-64");
    let path = half_blank_64x64(&dir);
    let started = Instant::now();
    let o = run(&["compare", s(&path), "--strategy", "mrv", "--strategy", "dfs", "--timeout", "0.5"]);
    let took = started.elapsed();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(took < Duration::from_secs(10), "compare took {took:?} for --timeout 0.5");
    let out = text(&o.stdout);
    assert!(out.contains("timeout") || out.contains("cut at --max-events"), "{out}");
}

/// Ctrl-C during compare: what the searches had is printed, marked partial, exit 130.
#[test]
fn an_interrupted_compare_prints_what_it_had() {
    let dir = scratch("compare-sigint");
    let path = half_blank_64x64(&dir);
    // mrv on this grid runs for minutes, a few thousand events a second: only the signal ends it.
    let child = bin()
        .args(["compare", s(&path), "--strategy", "mrv", "--strategy", "mrv"])
        .args(["--max-events", "1000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Long enough for the process to start and take over Ctrl-C (milliseconds), with room to
    // spare on a loaded machine.
    std::thread::sleep(Duration::from_millis(600));
    let sent = Instant::now();
    interrupt(&child);
    let o = child.wait_with_output().unwrap();
    assert!(sent.elapsed() < Duration::from_secs(5), "ended {:?} after the signal", sent.elapsed());
    assert_eq!(o.status.code(), Some(130), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("interrupted: partial"), "{out}");
    assert!(out.contains("guesses"), "the table is printed: {out}");
}

/// Ctrl-C during bench: the rows timed so far are printed, the running one marked partial.
#[test]
fn an_interrupted_bench_prints_its_partial_rows() {
    let dir = scratch("bench-sigint");
    let input = puzzle_file(&dir, "p.txt", 20);
    let child = bin()
        .args(["bench", "--strategies", "fast,dfs", "--min-seconds", "60", s(&input)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(600));
    interrupt(&child);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("| fast (partial) |"), "{out}");
    assert!(!out.contains("| dfs"), "dfs was never started: {out}");
    assert!(text(&o.stderr).contains("interrupted: partial results"), "{}", text(&o.stderr));
}

/// `bench --compare` on a large stored run: the per-puzzle times are passed over as they are
/// read (a 150 MB run took 1.15 GB, 7.7 times its size). Here 48 MB of times under a 256 MiB
/// address-space cap, which the old reading would pass twice over.
#[test]
fn bench_compare_reads_a_large_stored_run_in_bounded_memory() {
    let dir = scratch("bench-stored");
    let input = puzzle_file(&dir, "p.txt", 2);
    let stored = dir.join("big.json");
    let mut f = std::io::BufWriter::new(File::create(&stored).unwrap());
    write!(f, r#"{{"coverlab":"0.1.0","limit":2,"jobs":1,"min_seconds":0.0,"timeout":10.0,"rows":["#).unwrap();
    // One row's long lists, written once as text and repeated.
    let times = vec!["1.25"; 1_000_000].join(",");
    let answered = vec!["true"; 200_000].join(",");
    for row in 0..8 {
        let comma = if row == 0 { "" } else { "," };
        write!(f, r#"{comma}{{"file":"x","strategy":"s{row}","label":"","puzzles":1,"solved":1,"timeouts":0,"puzzles_per_sec":1.0,"median_us":1.0,"p99_us":1.0,"max_us":1.0,"guesses_per_puzzle":0.0,"no_guess_pct":0.0,"times_us":[{times}],"answered":[{answered}]}}"#).unwrap();
    }
    writeln!(f, "]}}").unwrap();
    drop(f);
    assert!(fs::metadata(&stored).unwrap().len() > 45_000_000);
    let command = format!(
        "ulimit -v 262144 && exec '{}' bench --strategies fast --min-seconds 0 --compare '{}' '{}'",
        env!("CARGO_BIN_EXE_coverlab"),
        s(&stored),
        s(&input)
    );
    let o = Command::new("sh").args(["-c", &command]).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("not stored"), "no stored row for this file: {}", text(&o.stdout));
}
