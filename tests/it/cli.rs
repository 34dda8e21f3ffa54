//! End-to-end tests of the `coverlab` binary: what a user types, what they get back.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use coverlab_engine::{Limits, NullSink, Rng};
use coverlab_model::{Grid, Model, Puzzle, builtin, validate};
use coverlab_strategies::registry;

use crate::common;

fn coverlab(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_coverlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The program may exit before reading its input (a usage error): a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn model(name: &str) -> Arc<Model> {
    Arc::new(builtin::load(name).unwrap().unwrap())
}

/// Parses a line-form solution with the model's alphabet.
fn grid_of(model: &Model, line: &str) -> Grid {
    let values = line.chars().map(|c| model.symbols().value_of(c).unwrap_or(0)).collect();
    Grid::from_values(model.size(), values).unwrap()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn the_first_200_17_clue_puzzles_are_solved_validly() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/9x9/17_clue_first200.txt")).unwrap();
    let o = coverlab(&["solve", "--format", "json", "tests/data/9x9/17_clue_first200.txt"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let m = model("classic-9x9");
    let results = json_lines(&o);
    let puzzles: Vec<&str> = text.lines().collect();
    assert_eq!(results.len(), 200);
    for (i, (r, p)) in results.iter().zip(&puzzles).enumerate() {
        assert_eq!(r["index"], i);
        assert_eq!(r["status"], "solved");
        let solution = grid_of(&m, r["solutions"][0].as_str().unwrap());
        validate::check_solution(&m, &grid_of(&m, p), &solution).unwrap_or_else(|e| panic!("puzzle {i}: {e}"));
    }
}

#[test]
fn every_built_in_spec_solves_a_puzzle_validly() {
    let mut names = builtin::names();
    names.retain(|n| builtin::FILES.iter().any(|(f, _)| f == n) || n == "classic-49x49");
    names.push("classic-8x8".into());
    let mut rng = Rng::new(2026);
    for name in names {
        let m = model(&name);
        let n = m.size();
        // A full grid from the default strategy, then a third of the cells blanked at random
        // (large grids near 42% holes sit at the quasigroup-completion phase transition: hard).
        let empty = Puzzle::new(m.clone(), Grid::empty(n)).unwrap();
        let full = registry::default_strategy().build(1).solve(&empty, &Limits::default(), &mut NullSink);
        let full = &full.solutions[0];
        let mut givens = full.clone();
        for cell in 0..n * n {
            if rng.below(3) == 0 {
                givens.set(cell, 0);
            }
        }
        let line: String = givens.values().iter().map(|&v| m.symbols().symbol(v)).collect();
        let o = coverlab(&["solve", "--spec", &name, "--format", "json", "--timeout", "20"], &line);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let r = &json_lines(&o)[0];
        let solution = grid_of(&m, r["solutions"][0].as_str().unwrap());
        validate::check_solution(&m, &givens, &solution).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn statuses_and_exit_codes() {
    let o = coverlab(&["solve", "--format", "json", "--input-format", "line"], "12..............\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(json_lines(&o)[0]["status"], "solved");
    // r1c1 cannot hold anything: its row holds 2 and 3, its column 1 and 4; no given repeats.
    let o = coverlab(&["solve", "--format", "json"], ".23.1.......4...\n");
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert_eq!(json_lines(&o)[0]["status"], "unsolvable");
    let o = coverlab(&["solve", "--format", "json"], "1.1.............\n");
    assert_eq!(o.status.code(), Some(2));
    let r = &json_lines(&o)[0];
    assert_eq!(r["status"], "invalid");
    assert_eq!(r["error"], "<stdin>:1: r1c1 and r1c3 both hold 1 in row 1");
    assert!(stderr(&o).contains("r1c1 and r1c3 both hold 1 in row 1"));
}

#[test]
fn a_puzzle_line_can_be_the_argument_itself() {
    let good = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let o = coverlab(&["solve", "--format", "json", good], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r = &json_lines(&o)[0];
    assert_eq!(r["location"], "<argument>:1");
    let m = model("classic-9x9");
    let solution = grid_of(&m, r["solutions"][0].as_str().unwrap());
    validate::check_solution(&m, &grid_of(&m, good), &solution).unwrap();
    // A clashing pasted puzzle names the cells, as from a file.
    let bad = format!("44{}", &good[2..]);
    let o = coverlab(&["solve", &bad], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("<argument>:1: r1c1 and r1c2 both hold 4"), "{}", stderr(&o));
    // A nearly finished grid, one blank written `_`: the hint finishes it.
    let finished = "534678912672195348198342567859761423426853791713924856961537284287419635345286_79";
    let o = coverlab(&["hint", finished], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "naked single: r9c7 can only be 1");
    // A name that is not a puzzle is still a missing file.
    let o = coverlab(&["solve", "no-such-puzzles.txt"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot open no-such-puzzles.txt"), "{}", stderr(&o));
}

#[test]
fn one_bad_puzzle_does_not_lose_the_others() {
    let good = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let input = format!("{good}\n{}\n{good}\n", &good[..80]);
    let o = coverlab(&["solve", "--format", "json"], &input);
    assert_eq!(o.status.code(), Some(2));
    let r = json_lines(&o);
    assert_eq!(r.len(), 3);
    assert_eq!(r[0]["status"], "solved");
    assert_eq!(r[1]["status"], "invalid");
    assert_eq!(r[2]["status"], "solved");
    assert_eq!(r[0]["solutions"], r[2]["solutions"]);
}

#[test]
fn counting_and_several_solutions() {
    // The empty 4×4 has 288 solutions.
    let o = coverlab(&["count"], "................\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).trim(), "288");
    let o = coverlab(&["solve", "--count", "--max-solutions", "2"], "................\n");
    assert_eq!(stdout(&o).trim(), "2+");
    let o = coverlab(&["solve", "--max-solutions", "3", "--format", "json"], "................\n");
    let r = &json_lines(&o)[0];
    assert_eq!(r["solutions"].as_array().unwrap().len(), 3);
    let m = model("classic-4x4");
    for s in r["solutions"].as_array().unwrap() {
        validate::check_solution(&m, &Grid::empty(4), &grid_of(&m, s.as_str().unwrap())).unwrap();
    }
}

#[test]
fn results_keep_input_order_with_parallel_jobs() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/9x9/17_clue_first200.txt")).unwrap();
    let one = coverlab(&["solve", "--jobs", "1", "tests/data/9x9/17_clue_first200.txt"], "");
    let two = coverlab(&["solve", "--jobs", "2", "-"], &text);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&one).lines().count(), 200);
}

#[test]
fn more_jobs_than_puzzles_race_a_portfolio_on_each() {
    // One puzzle, three jobs: the puzzle gets three threads, or one per core if fewer (CaDiCaL
    // copies racing under `sat`), and the count is still exact.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let o = coverlab(&["count", "--strategy", "sat", "--jobs", "3", "-vv"], "................\n");
    assert_eq!((o.status.code(), stdout(&o).trim()), (Some(0), "288"), "{}", stderr(&o));
    let threads = format!("threads={}", cores.min(3));
    assert!(stderr(&o).contains(&threads), "no {threads}: {}", stderr(&o));
    // Without --jobs (the default is one job per core), or with as many puzzles as jobs, one thread each.
    let o = coverlab(&["count", "--strategy", "sat", "-vv"], "................\n");
    assert!(stderr(&o).contains("threads=1") && !stderr(&o).contains("threads=3"), "{}", stderr(&o));
    let o = coverlab(&["count", "--strategy", "sat", "--jobs", "2", "-vv"], "................\n................\n");
    assert_eq!(stdout(&o), "288\n288\n");
    assert!(!stderr(&o).contains("threads=2"), "{}", stderr(&o));
    // The last, short chunk of a long input is not the whole input: no race there either.
    let many = "1.3...2.3..2..4.\n".repeat(1025);
    let o = coverlab(&["count", "--jobs", "2", "-vv"], &many);
    assert_eq!(stdout(&o).lines().count(), 1025);
    assert!(stderr(&o).contains("threads=1") && !stderr(&o).contains("threads=2"), "{}", stderr(&o));
    // Absurdly many jobs: at most one racing thread per core, and 8.
    let o = coverlab(&["count", "--strategy", "sat", "--jobs", "1000", "-vv"], "................\n");
    assert_eq!(stdout(&o).trim(), "288");
    let threads = format!("threads={}", cores.min(8));
    assert!(stderr(&o).contains(&threads), "no {threads}: {}", stderr(&o));
    // A 16×16 puzzle solved by the default with two threads: a valid solution.
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/16x16/generated_minimal_30.txt"))
            .unwrap();
    let line = text.lines().next().unwrap();
    let o = coverlab(&["solve", "--jobs", "2", "--format", "json"], &format!("{line}\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let m = model("classic-16x16");
    let r = &json_lines(&o)[0];
    let alphabet = "123456789ABCDEFG";
    let grid = |line: &str| {
        let values = line.chars().map(|c| alphabet.find(c).map_or(0, |i| i as u8 + 1)).collect();
        Grid::from_values(16, values).unwrap()
    };
    let solution = grid(r["solutions"][0].as_str().unwrap());
    validate::check_solution(&m, &grid(line), &solution).unwrap();
}

#[test]
fn usage_and_spec_errors_exit_2_with_a_clear_message() {
    let o = coverlab(&["solve", "--strategy", "nonesuch"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown strategy \"nonesuch\" (known: auto, "), "{}", stderr(&o));
    let o = coverlab(&["solve", "--spec", "nonesuch"], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "coverlab: unknown spec nonesuch: not a built-in spec (see `coverlab specs`) and no such file"
    );
    let o = coverlab(&["solve", "--bogus"], "");
    assert_eq!(o.status.code(), Some(2));
    let dir = common::scratch("cli", "bad-spec");
    let spec = dir.join("bad.ron");
    std::fs::write(&spec, "Spec(\n  name: \"bad\",\n  size: 1000000,\n  rules: [Rows],\n)\n").unwrap();
    let o = coverlab(&["solve", "--spec", spec.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(":3:3: size 1000000 is out of range (coverlab solves 1 to 64)"), "{}", stderr(&o));
    let o = coverlab(&["check", "--spec", spec.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn lists_are_tables_or_json() {
    let o = coverlab(&["strategies", "--format", "json"], "");
    let list: Vec<serde_json::Value> = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(list.len(), registry::REGISTRY.len());
    assert!(list.iter().all(|s| s["name"].is_string() && s["summary"].is_string() && s["source"].is_string()));
    let o = coverlab(&["specs", "--format", "json"], "");
    let list: Vec<serde_json::Value> = serde_json::from_str(&stdout(&o)).unwrap();
    for name in [
        "classic-4x4",
        "classic-6x6",
        "classic-12x12",
        "classic-36x36",
        "x-sudoku-9x9",
        "windoku-9x9",
        "anti-knight-9x9",
        "anti-king-9x9",
        "jigsaw-9x9",
        "classic-49x49",
        "classic-64x64",
    ] {
        assert!(list.iter().any(|s| s["name"] == name), "{name} listed");
    }
    let o = coverlab(&["specs"], "");
    assert!(stdout(&o).starts_with("NAME"));
    assert!(stdout(&o).contains("classic-9x9"));
}

#[test]
fn graph_writes_dot_with_one_edge_per_peer_pair() {
    let o = coverlab(&["graph", "--spec", "classic-4x4"], "");
    assert_eq!(o.status.code(), Some(0));
    let dot = stdout(&o);
    assert!(dot.starts_with("// Render as a grid with Graphviz"), "{dot}");
    assert!(dot.contains("graph \"classic-4x4\" {\n  graph [layout=neato"), "{dot}");
    assert!(dot.contains("r1c2 [pos=\"1,3!\"];"), "cells are pinned to their grid places: {dot}");
    assert_eq!(dot.matches(" -- ").count(), 16 * 7 / 2);
    assert!(dot.contains("r1c1 -- r1c2;"));
    assert!(!dot.contains("r1c1 -- r3c3;"));
}

#[test]
fn traces_are_written_and_replayed() {
    let dir = common::scratch("cli", "traces");
    let trace = dir.join("t.jsonl");
    let puzzles = dir.join("p.txt");
    std::fs::write(&puzzles, "1...............\n.2.3............\n").unwrap();
    for strategy in registry::names() {
        let o = coverlab(
            &["solve", "--strategy", strategy, "--trace", trace.to_str().unwrap(), puzzles.to_str().unwrap()],
            "",
        );
        assert_eq!(o.status.code(), Some(0), "{strategy}: {}", stderr(&o));
        let text = std::fs::read_to_string(&trace).unwrap();
        let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(first["event"], "start");
        assert_eq!(first["index"], 0);
        let o = coverlab(&["replay", "--trace", trace.to_str().unwrap(), puzzles.to_str().unwrap()], "");
        assert_eq!(o.status.code(), Some(0), "{strategy}: {}{}", stdout(&o), stderr(&o));
        assert_eq!(stdout(&o).matches(": ok").count(), 2, "{}", stdout(&o));
        // A tampered trace is caught.
        let bad = text
            .lines()
            .map(|l| {
                let mut event: serde_json::Value = serde_json::from_str(l).unwrap();
                if event["event"] == "stop" {
                    event["count"] = 7.into();
                }
                event.to_string()
            })
            .collect::<Vec<_>>()
            .join("\n");
        std::fs::write(&trace, bad).unwrap();
        let o = coverlab(&["replay", "--trace", trace.to_str().unwrap(), puzzles.to_str().unwrap()], "");
        assert_eq!(o.status.code(), Some(1), "{strategy}: tampered trace accepted: {}", stdout(&o));
        assert!(stdout(&o).contains("stop reports 7 solutions"), "{}", stdout(&o));
    }
    let o = coverlab(
        &["solve", "--trace", trace.to_str().unwrap(), "--trace-format", "text", puzzles.to_str().unwrap()],
        "",
    );
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&trace).unwrap();
    assert!(text.starts_with("# puzzle 0 ("), "{text}");
    assert!(text.lines().nth(1).unwrap().starts_with("start "), "{text}");
    assert!(text.contains("place r1c1=1 given"));
}

#[test]
fn the_readme_spec_example_has_solutions() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/specs.md")).unwrap();
    let start = readme.find("```ron\n").unwrap() + 7;
    let end = start + readme[start..].find("```").unwrap();
    let dir = common::scratch("cli", "readme-spec");
    let spec = dir.join("my-jigsaw-6x6.ron");
    std::fs::write(&spec, &readme[start..end]).unwrap();
    let o =
        coverlab(&["solve", "--spec", spec.to_str().unwrap(), "--format", "json"], &format!("{}\n", ".".repeat(36)));
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let m = Arc::new(Model::from_ron(&readme[start..end], "README.md").unwrap());
    let r = &json_lines(&o)[0];
    validate::check_solution(&m, &Grid::empty(6), &grid_of(&m, r["solutions"][0].as_str().unwrap())).unwrap();
}

#[test]
fn absurd_limits_are_handled_not_panicked_on() {
    for timeout in ["1e300", "1e15"] {
        let o = coverlab(&["solve", "--timeout", timeout], "1...............\n");
        assert_eq!(o.status.code(), Some(0), "{timeout}: {}", stderr(&o));
    }
    for timeout in ["0", "-1", "nan", "inf"] {
        let o = coverlab(&["solve", &format!("--timeout={timeout}")], "1...............\n");
        assert_eq!(o.status.code(), Some(2), "{timeout}");
        assert!(stderr(&o).contains("--timeout must be a positive number of seconds"), "{}", stderr(&o));
    }
    let o = coverlab(&["count", "--max-solutions", "18446744073709551615", "--max-nodes", "0"], "1...............\n");
    assert_eq!(o.status.code(), Some(1), "no node allowed: stopped");
    // solve keeps the solutions it prints: a cap, said at once, rather than memory without bound
    let o = coverlab(&["solve", "--max-solutions", "10000000"], "1...............\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("solve prints at most 10000 solutions per puzzle; `coverlab count"), "{}", stderr(&o));
    let o = coverlab(&["solve", "--max-solutions", "10000", "--format", "json"], "1...............\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        json_lines(&o)[0]["solutions"].as_array().map(Vec::len),
        Some(72),
        "every solution of a 4x4 with one given"
    );
    let o = coverlab(&["solve", "--format", "json", "--max-nodes", "0"], "1...............\n");
    assert_eq!(json_lines(&o)[0]["status"], "stopped");
}

/// `bench --format json` stores each puzzle's nodes, guesses and backtracks: counters that are
/// the same on every run, `--max-nodes` included, which stops a slow strategy at one place.
#[test]
fn bench_stores_the_counters_of_every_puzzle() {
    let dir = common::scratch("cli", "bench-counters");
    let puzzles = dir.join("p.txt");
    // A puzzle dfs settles at once, then one it needs 34 million nodes for.
    std::fs::write(
        &puzzles,
        "53467891267219534819834256785976142342685379171392485696153728428741963534528617.\n\
         ..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n",
    )
    .unwrap();
    let run = || {
        let o = coverlab(
            &["bench", "--strategies", "dfs,fast(locked: false)", "--min-seconds", "0", "--max-nodes", "5000"]
                .into_iter()
                .chain(["--format", "json", common::s(&puzzles)])
                .collect::<Vec<_>>(),
            "",
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let stored = run();
    assert_eq!(stored["max_nodes"], 5000);
    let dfs = &stored["rows"][0];
    assert_eq!((dfs["name"].as_str(), dfs["strategy"].as_str()), (Some("dfs"), Some("dfs")));
    assert_eq!(
        (dfs["solved"].as_u64(), dfs["timeouts"].as_u64(), dfs["node_limited"].as_u64()),
        (Some(1), Some(0), Some(1))
    );
    assert_eq!(dfs["nodes"], serde_json::json!([2, 5000]));
    assert_eq!(dfs["answered"], serde_json::json!([true, false]));
    assert_eq!(dfs["nodes_per_puzzle"], 2501.0);
    let ablation = &stored["rows"][1];
    assert_eq!(ablation["strategy"], "fast");
    assert_eq!(ablation["name"], "fast(locked: false)");
    assert!(ablation["label"].as_str().unwrap().starts_with("fast(hidden: true, locked: false, "));
    let again = run();
    for (a, b) in stored["rows"].as_array().unwrap().iter().zip(again["rows"].as_array().unwrap()) {
        for counter in ["nodes", "guesses", "backtracks", "answered"] {
            assert_eq!(a[counter], b[counter], "{counter} of {}", a["name"]);
        }
    }
}

/// `script` (util-linux) runs a command on a pseudo-terminal, feeding it this test's input and
/// then an end of file; `None` when it is not installed.
fn on_a_terminal(args: &str, input: &str) -> Option<Output> {
    let probe = Command::new("script").arg("--version").output();
    if !probe.is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains("util-linux")) {
        eprintln!("skipped: util-linux `script` is not installed, so no pseudo-terminal");
        return None;
    }
    let mut child = Command::new("script")
        .args(["-qec", &format!("'{}' {args}", env!("CARGO_BIN_EXE_coverlab")), "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    Some(child.wait_with_output().unwrap())
}

/// Issue 30: `coverlab solve` with no file on a terminal says it reads the terminal, and draws
/// no progress bar over what is typed; from a pipe it says nothing.
#[test]
fn reading_a_terminal_says_so_and_draws_no_bar() {
    let Some(o) = on_a_terminal("solve --progress always", ".342.....43.....\n") else { return };
    let shown = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{shown}");
    assert!(shown.contains("reading puzzles from the terminal: paste them, then Ctrl-D"), "{shown}");
    assert!(shown.contains("1342421324313124"), "{shown}");
    assert!(!shown.contains("(0/s)") && !shown.contains("1 puzzles ("), "no progress bar: {shown}");
    let o = coverlab(&["solve"], ".342.....43.....\n");
    assert_eq!(stderr(&o), "", "a pipe is read without a word");
    let o = coverlab(&["solve", ".342.....43....."], "");
    assert!(!stderr(&o).contains("terminal"), "{}", stderr(&o));
}
