//! Runs people can watch and read (issue 12): results as they come, summaries, plots, bench
//! results to store and compare, and what a new user meets first.

use std::fs::{self, File};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::common;

use common::{bin, json_lines, run, s, text};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> common::Scratch {
    common::scratch("watching", name)
}

const EASY: &str = "..9.1..58...4....64..8.673.7..92.81.8.15.79...5.1..3.7....5.68353..89.2.28.34.57.";
const SHIPPED_17: &str = "tests/data/9x9/17_clue_first200.txt";
const MAGIC_50: &str = "tests/data/9x9/magictour_top1465_first50.txt";

#[test]
fn the_summary_counts_every_puzzle_and_says_how_to_run_again() {
    let dir = scratch("summary");
    let input = dir.join("mixed.txt");
    let mut f = File::create(&input).unwrap();
    for i in 0..20 {
        if i == 10 {
            writeln!(f, "1.1{}", ".".repeat(78)).unwrap(); // clashing givens, in the middle
        }
        writeln!(f, "{EASY}").unwrap();
    }
    drop(f);
    let summary = dir.join("summary.json");
    let o = run(&["solve", "--jobs", "2", "--stats", "--summary", s(&summary), "--strategy", "fast", s(&input)]);
    assert_eq!(o.status.code(), Some(2), "one puzzle is invalid");
    let err = text(&o.stderr);
    assert!(err.contains("21 puzzles in "), "{err}");
    assert!(err.contains("20 solved, 0 unsolvable, 0 stopped, 1 invalid"), "{err}");
    assert!(err.contains("time per puzzle: median "), "{err}");
    assert!(err.contains("slowest: #"), "{err}");
    assert!(!err.contains("puzzle 3:"), "no per-puzzle lines without -v: {err}");
    let json: serde_json::Value = serde_json::from_str(&fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(json["puzzles"], 21);
    assert_eq!(json["solved"], 20);
    assert_eq!(json["invalid"], 1);
    assert_eq!(json["chosen_as"], "fast");
    assert!(
        json["strategy"].as_str().unwrap().starts_with("fast(hidden: true, locked: true, "),
        "every option: {json}"
    );
    assert_eq!(json["command"], "solve");
    assert_eq!(json["specs"], serde_json::json!(["classic-9x9"]));
    assert_eq!(json["options"]["jobs"], 2);
    assert_eq!(json["coverlab"], env!("CARGO_PKG_VERSION"));
    assert_eq!(json["inputs"][0], s(&input));
    assert!(json["nodes"].as_u64().unwrap() >= 20);
    let t = &json["time_micros"];
    assert!(t["median"].as_f64().unwrap() <= t["p90"].as_f64().unwrap());
    assert!(t["p99"].as_f64().unwrap() <= t["max"].as_f64().unwrap());
    assert_eq!(json["slowest"].as_array().unwrap().len(), 5);
}

#[test]
fn no_progress_bar_or_escape_code_off_a_terminal() {
    let dir = scratch("progress");
    let input = dir.join("many.txt");
    let mut f = File::create(&input).unwrap();
    // Counts that cannot finish, each cut at 60 ms: a run past the one-second mark, when a bar
    // would show on a terminal.
    for _ in 0..20 {
        writeln!(f, "{}", ".".repeat(81)).unwrap();
    }
    drop(f);
    let args = ["count", "--strategy", "dfs", "--timeout", "0.06", "--jobs", "1", s(&input)];
    // --progress always draws even into a pipe (for `tail -f` on a log): the same run shows it.
    // The two runs go side by side.
    let always = bin()
        .args(args)
        .args(["--progress", "always"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "lower bounds, each \"N+\": {}", text(&o.stderr));
    assert!(text(&o.stdout).lines().all(|l| l.ends_with('+')));
    assert_eq!(text(&o.stdout).lines().count(), 20);
    assert!(!o.stderr.contains(&0x1b), "no escape code in a pipe: {:?}", text(&o.stderr));
    // Only the one note that these grids have few givens (and may want a spec).
    assert_eq!(text(&o.stderr).lines().count(), 1, "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("few or no givens"), "{}", text(&o.stderr));
    let o = always.wait_with_output().unwrap();
    assert!(text(&o.stderr).contains("puzzles ("), "{:?}", text(&o.stderr));
}

#[test]
fn results_come_as_they_are_known() {
    // The first puzzle is easy, the second takes a while: the first result arrives before the
    // second is done, in a pipe too.
    let dir = scratch("stream");
    let input = dir.join("two.txt");
    fs::write(&input, format!("{EASY}\n{}\n", ".".repeat(81))).unwrap();
    let mut child = bin()
        .args(["count", "--strategy", "dfs", "--max-solutions", "2000000", "--jobs", "1", s(&input)])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert_eq!(first, "1", "the easy puzzle's count");
    let still_running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    let _ = child.wait();
    assert!(still_running, "the first result came while the second puzzle was being counted");
}

fn parse_svg(path: &Path) -> String {
    let svg = fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{}: not XML: {e}", path.display()));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants().filter(|n| n.tag_name().name() == "text").filter_map(|n| n.text()).collect::<Vec<_>>().join("|")
}

#[test]
fn plots_are_svg_with_their_series_and_labels() {
    let dir = scratch("plots");
    let plot = dir.join("times.svg");
    let o = run(&["solve", "--plot", s(&plot), SHIPPED_17]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let labels = parse_svg(&plot);
    for label in ["solve time per puzzle", "guesses per puzzle", "time (µs, log scale)", "200 puzzles", "puzzles"] {
        assert!(labels.contains(label), "{label:?} in {labels}");
    }
    let svg = fs::read_to_string(&plot).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let bars = doc.descendants().filter(|n| n.tag_name().name() == "rect").count();
    assert!(bars > 10, "histogram bars: {bars}");

    let bench_plot = dir.join("bench.svg");
    let o = run(&["bench", "--strategies", "fast,mrv", "--min-seconds", "0", "--plot", s(&bench_plot), MAGIC_50]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let labels = parse_svg(&bench_plot);
    for label in
        ["fast", "mrv", "puzzles solved within t", "time per puzzle (s, log scale)", "magictour_top1465_first50.txt"]
    {
        assert!(labels.contains(label), "{label:?} in {labels}");
    }
    let svg = fs::read_to_string(&bench_plot).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let curves = doc.descendants().filter(|n| n.tag_name().name() == "polyline").count();
    assert!(curves >= 2, "one curve per strategy (and legend marks): {curves}");
}

#[test]
fn bench_results_can_be_stored_and_compared() {
    let dir = scratch("bench");
    let o = run(&[
        "bench",
        "--strategies",
        "fast,mrv",
        "--baseline",
        "fast",
        "--min-seconds",
        "0",
        "--format",
        "json",
        MAGIC_50,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let stored: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = stored["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["strategy"], "fast");
    assert_eq!(rows[0]["vs_baseline"], 1.0);
    assert_eq!(rows[1]["times_us"].as_array().unwrap().len(), 50, "every puzzle's time");
    assert_eq!(rows[1]["solved"], 50);
    let old = dir.join("old.json");
    fs::write(&old, &o.stdout).unwrap();
    let o = run(&["bench", "--strategies", "fast,singles", "--min-seconds", "0", "--compare", s(&old), MAGIC_50]);
    let table = text(&o.stdout);
    assert!(table.contains("| vs stored |"), "{table}");
    assert!(table.lines().any(|l| l.starts_with("| singles |") && l.ends_with("not stored |")), "{table}");
    assert!(table.lines().any(|l| l.starts_with("| fast |") && l.contains("×")), "{table}");
    let o = run(&["bench", "--strategies", "fast", "--min-seconds", "0", "--format", "csv", MAGIC_50]);
    let csv = text(&o.stdout);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("file,strategy,puzzles,solved"));
    assert_eq!(lines[1].matches(',').count(), lines[0].matches(',').count(), "{csv}");
}

#[test]
fn a_puzzle_with_several_solutions_says_so() {
    let o = run(&["solve", "examples/puzzles/seed003.grid"]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.contains("# 0: not unique"), "{out}");
    let o = run(&["solve", "--format", "json", "examples/puzzles/seed003.grid", "examples/puzzles/classic-9x9.txt"]);
    let records = json_lines(&o);
    assert_eq!(records[0]["unique"], false);
    assert!(records[1..].iter().all(|r| r["unique"] == true), "the 17-clue puzzles are unique");
    // Several solutions printed are told apart.
    let o = run(&["solve", "--max-solutions", "3", "examples/puzzles/seed003.grid"]);
    let out = text(&o.stdout);
    assert!(out.contains("# 0: solution 1\n") && out.contains("# 0: solution 3\n"), "{out}");
}

#[test]
fn compare_says_why_each_search_branched_where_they_part() {
    let json_lines_of =
        |t: &str| t.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()).collect::<Vec<_>>();
    // mrv and fast part where mrv guesses and fast deduces a hidden single: mrv says its rule
    // and the cells it passed over; fast, not deciding there, says nothing.
    let o = run(&[
        "compare",
        "examples/puzzles/classic-9x9.txt",
        "--strategy",
        "mrv",
        "--strategy",
        "fast",
        "--max-events",
        "500",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let why = |side: &str| out.lines().find(|l| l.starts_with(&format!("{side} branched on "))).map(str::to_string);
    assert_eq!(why("A").as_deref(), Some("A branched on r7c3 by fewest-values 2; next r8c1 2, r8c8 2, r9c3 2, r4c9 3"));
    assert_eq!(why("B"), None, "{out}");
    // A trace written with --trace-choices carries them, and replay still accepts it.
    let dir = scratch("choices");
    let trace = dir.join("t.jsonl");
    let puzzle = dir.join("one.txt");
    fs::write(
        &puzzle,
        fs::read_to_string("examples/puzzles/classic-9x9.txt").unwrap().lines().find(|l| !l.starts_with('#')).unwrap(),
    )
    .unwrap();
    let o = run(&["solve", "--strategy", "singles", "--trace", s(&trace), "--trace-choices", s(&puzzle)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let written = fs::read_to_string(&trace).unwrap();
    let first = json_lines_of(&written).into_iter().find(|e| e["event"] == "guess").expect("a guess");
    assert_eq!(first["why"]["rule"], "fewest-possibilities", "{first}");
    assert_eq!(first["why"]["next"][0][1], 2, "{first}");
    let o = run(&["replay", "--trace", s(&trace), s(&puzzle)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn compare_sets_two_strategies_side_by_side() {
    // The same strategy twice: the same trace.
    let o = run(&["compare", "...2.....43.....", "--strategy", "dfs", "--strategy", "dfs"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("The traces are the same, step for step"), "{}", text(&o.stdout));
    // Two strategies: counts side by side, where they part, and the diff.
    let o = run(&[
        "compare",
        MAGIC_50,
        "--index",
        "3",
        "--strategy",
        "mrv",
        "--strategy",
        "singles",
        "--diff",
        "--max-events",
        "3000",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.starts_with("A: mrv\nB: singles(hidden: false, refute: true)\n"), "{out}");
    for row in ["nodes", "guesses", "placements", "eliminations", "backtracks", "ended"] {
        assert!(out.lines().any(|l| l.starts_with(row)), "{row}: {out}");
    }
    assert!(out.contains("They part at step"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("> ")), "the first differing step is marked: {out}");
    assert!(out.contains("@@ "), "a unified diff: {out}");
    assert!(!out.lines().any(|l| l.starts_with("-start") || l.starts_with("+start")), "start is left out: {out}");
    // Two traces of the same puzzle.
    let dir = scratch("compare");
    let puzzle = dir.join("p.txt");
    fs::write(&puzzle, "...2.....43.....\n").unwrap();
    let (ta, tb) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    for (t, strategy) in [(&ta, "dfs"), (&tb, "random-stack(seed: 3)")] {
        let o = run(&["count", "--strategy", strategy, "--trace", s(t), s(&puzzle)]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    }
    let o = run(&["compare", s(&puzzle), "--trace", s(&ta), "--trace", s(&tb)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("complete, 3"), "both counted 3 solutions: {}", text(&o.stdout));
    // One strategy is not a comparison.
    let o = run(&["compare", s(&puzzle), "--strategy", "dfs"]);
    assert_eq!(o.status.code(), Some(2));
}

/// The text of a viewer page's data block `id` (`<script type=... id="ID">TEXT</script>`).
pub(crate) fn page_block<'h>(html: &'h str, id: &str) -> Option<&'h str> {
    let at = html.find(&format!(" id=\"{id}\">"))? + id.len() + 7;
    Some(&html[at..at + html[at..].find("</script>")?])
}

/// The data of a viewer page as one object: `{"title", "puzzles": [board + "runs": [{"events",
/// "label", "strategy", "total", "cut"}]]}`, each run's events read one a line.
fn page_data(html: &str) -> serde_json::Value {
    let json = |t: &str| serde_json::from_str::<serde_json::Value>(t).expect("a data block parses");
    let mut data = json(page_block(html, "cl-page").expect("the page holds its data"));
    let mut puzzles = Vec::new();
    for k in 0.. {
        let Some(board) = page_block(html, &format!("cl-p{k}")) else { break };
        let mut p = json(board);
        let mut runs = Vec::new();
        for j in 0.. {
            let Some(events) = page_block(html, &format!("cl-p{k}-r{j}")) else { break };
            assert!(!events.contains('<'), "no '<' in an events block");
            let mut run = json(page_block(html, &format!("cl-p{k}-r{j}-end")).expect("a run's closing record"));
            run["events"] = events.lines().map(json).collect();
            runs.push(run);
        }
        p["runs"] = runs.into();
        puzzles.push(p);
    }
    data["puzzles"] = puzzles.into();
    data
}

/// A JSON-lines trace's events, without the puzzle index.
fn trace_events(path: &std::path::Path) -> Vec<serde_json::Value> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let mut e: serde_json::Value = serde_json::from_str(l).unwrap();
            e.as_object_mut().unwrap().remove("index");
            e
        })
        .collect()
}

#[test]
fn html_pages_hold_the_traces_they_play() {
    let dir = scratch("html");
    let puzzles = dir.join("p.txt");
    fs::write(&puzzles, "1...............\n...2.....43.....\n").unwrap();
    let (page, lines) = (dir.join("t.html"), dir.join("t.jsonl"));
    for strategy in ["fast", "dfs", "dlx"] {
        let o = run(&["count", "--strategy", strategy, "--trace", s(&page), "--trace-format", "html", s(&puzzles)]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let o = run(&["count", "--strategy", strategy, "--trace", s(&lines), s(&puzzles)]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let html = fs::read_to_string(&page).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"), "a whole page");
        assert!(!html.contains("http://") && !html.contains("https://"), "nothing fetched");
        let data = page_data(&html);
        let all = trace_events(&lines);
        let got = data["puzzles"].as_array().unwrap();
        assert_eq!(got.len(), 2, "one entry per puzzle");
        assert_eq!(got[0]["size"], 4);
        assert_eq!(got[0]["givens"][0], 1, "r1c1 holds the given 1");
        assert_eq!(got[1]["givens"][3], 2);
        assert_eq!(got[0]["regions"].as_array().unwrap().len(), 16, "boxes drawn");
        assert_eq!(got[0]["units"].as_array().unwrap().len(), 12, "rows, columns, boxes");
        // The two puzzles' events, in order, are the JSON trace's, event for event.
        let played: Vec<serde_json::Value> =
            got.iter().flat_map(|p| p["runs"][0]["events"].as_array().unwrap().clone()).collect();
        assert_eq!(played, all, "{strategy}");
        for p in got {
            let run = &p["runs"][0];
            assert_eq!(run["total"], run["events"].as_array().unwrap().len());
            assert_eq!(run["cut"], false);
            assert!(run["strategy"].as_str().unwrap().starts_with(strategy), "{}", run["strategy"]);
        }
    }
    // A limit cuts the trace, and the page still closes.
    let o = run(&[
        "count",
        "--strategy",
        "dfs",
        "--trace",
        s(&page),
        "--trace-format",
        "html",
        "--trace-limit",
        "4K",
        s(&puzzles),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let html = fs::read_to_string(&page).unwrap();
    assert!(html.trim_end().ends_with("</html>"));
    let data = page_data(&html);
    let first = &data["puzzles"][0]["runs"][0];
    assert_eq!(first["cut"], true);
    assert_eq!(first["events"].as_array().unwrap().last().unwrap()["event"], "cut");
    assert_eq!(data["puzzles"].as_array().unwrap().len(), 1, "the rest of the run is not traced");
    // A killer brings its cages; two strategies side by side from `compare --html`.
    let o = run(&[
        "compare",
        "examples/puzzles/killer-9x9.txt",
        "--spec",
        "killer-9x9-example",
        "--strategy",
        "fast",
        "--strategy",
        "singles",
        "--max-events",
        "200000",
        "--html",
        s(&page),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let data = page_data(&fs::read_to_string(&page).unwrap());
    let p = &data["puzzles"][0];
    let runs = p["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["label"].as_str().unwrap().split('(').next(), Some("fast"));
    assert_eq!(runs[1]["label"].as_str().unwrap().split('(').next(), Some("singles"));
    for r in runs {
        let events = r["events"].as_array().unwrap();
        assert_eq!(events[0]["event"], "start");
        assert_eq!(events.last().unwrap()["event"], "stop");
        assert_eq!(events.last().unwrap()["count"], 1);
    }
    let cages: Vec<&serde_json::Value> =
        p["constraints"].as_array().unwrap().iter().filter(|c| c["kind"] == "cage").collect();
    assert!(!cages.is_empty() && cages.iter().all(|c| c["sum"].as_u64().is_some_and(|s| s >= 1)));
    let covered: usize = cages.iter().map(|c| c["cells"].as_array().unwrap().len()).sum();
    assert_eq!(covered, 81, "the example's cages cover the grid");
}

/// Runs `src/viewer/check.js` on a page; None (with a message) where node is not installed.
pub(crate) fn check_page(page: &Path) -> Option<String> {
    check_pages(&[page.to_path_buf()]).map(|mut reports| reports.remove(0))
}

/// Runs `src/viewer/check.js` once on several pages (one node start, not one a page): each
/// page's report, in order; None (with a message) where node is not installed.
pub(crate) fn check_pages(pages: &[PathBuf]) -> Option<Vec<String>> {
    if std::process::Command::new("node").arg("--version").output().is_err() {
        eprintln!("skipped: no node on this machine");
        return None;
    }
    let o = std::process::Command::new("node")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/viewer/check.js"))
        .args(pages)
        .output()
        .unwrap();
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}{}", text(&o.stderr));
    if let [_] = pages {
        return Some(vec![out]); // one page: its report alone, no heading
    }
    // Each report follows a line `== PAGE`.
    let mut reports: Vec<String> = Vec::new();
    for line in out.lines() {
        if pages.get(reports.len()).is_some_and(|p| line == format!("== {}", p.display())) {
            reports.push(String::new());
        } else if let Some(report) = reports.last_mut() {
            report.push_str(line);
            report.push('\n');
        }
    }
    assert_eq!(reports.len(), pages.len(), "a report per page: {out}");
    Some(reports)
}

/// The page's own logic and page script, run by `src/viewer/check.js` under node (where node is
/// installed; the viewer needs no node to work): it plays both runs of a compare page to their
/// ends, draws the board before reading any step, then reads the steps in slices.
#[test]
fn the_viewer_logic_plays_a_page_under_node() {
    let dir = scratch("viewer-node");
    let page = dir.join("c.html");
    let o = run(&[
        "compare",
        "tests/data/9x9/forum_hardest_1106_first50.txt",
        "--strategy",
        "fast",
        "--strategy",
        "singles",
        "--max-events",
        "200000",
        "--html",
        s(&page),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let Some(out) = check_page(&page) else { return };
    assert_eq!(out.matches("last: stop: complete, 1 solution").count(), 2, "{out}");
    // The board before the steps, then the steps in slices, with a status while they load.
    assert!(out.contains("page: the board is drawn before any step is read (2 grids, step 0 / 0"), "{out}");
    let status = out.split("first status \"loading steps: ").nth(1).unwrap_or_else(|| panic!("{out}"));
    let counts: Vec<u64> =
        status.split('"').next().unwrap().split(" of ").map(|k| k.replace(',', "").parse().unwrap()).collect();
    assert!(counts[0] < counts[1], "some steps were still to read: {status}");
    // Only the options that differ head the two grids.
    assert!(
        out.contains("page: headings: fast(hidden: true, refute: false) | singles(hidden: false, refute: true)\n"),
        "{out}"
    );
    // The arrow keys step with the select focused; jumps with no target say so.
    assert!(out.contains("ArrowRight with the select focused: \"step 1 / 2,910\" -> \"step 2 / 2,910\""), "{out}");
    assert!(out.contains("page: next solution from the end: \"no solution after step "), "{out}");
    assert!(out.contains("page: previous solution from the start: \"no solution before step 1\""), "{out}");
    // Every icon button has a name for screen readers.
    for label in ["first: Go to the start", "play: Play", "next: Next one", "zoomin: Zoom in", "zoomout: Zoom out"] {
        assert!(out.contains(label), "{label}: {out}");
    }
}

/// At 16×16 the candidates are too small to draw in every cell until the grid is zoomed in; the
/// hovered cell's show under the grid meanwhile.
#[test]
fn the_viewer_keeps_large_candidates_readable() {
    let dir = scratch("viewer-16");
    let page = dir.join("p16.html");
    let o = run(&[
        "solve",
        "--strategy",
        "fast",
        "--trace",
        s(&page),
        "--trace-format",
        "html",
        "examples/puzzles/classic-16x16.txt",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let Some(out) = check_page(&page) else { return };
    let line = out.lines().find(|l| l.starts_with("page: candidates by zoom: ")).unwrap_or_else(|| panic!("{out}"));
    let kinds: Vec<&str> = line.split(", ").map(|z| z.rsplit(' ').next().unwrap()).collect();
    assert_eq!(kinds.first(), Some(&"hovered"), "{line}");
    assert_eq!(kinds.last(), Some(&"all"), "{line}");
}

/// The 17-clue puzzle under the variant specs of [`VIEWER_KINDS`], whose clues its solution
/// satisfies (but for the non-consecutive rule: that search ends at once with no solution).
const GIVENS_17: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

/// Specs of every kind the viewer draws: (case, a built-in spec or RON rules after rows, columns
/// and 3×3 boxes, the puzzle, the legend's kinds in order, the clues drawn outside the grid).
const VIEWER_KINDS: &[(&str, &str, &str, &[&str], &str)] = &[
    ("x-sudoku", "x-sudoku-9x9", "", &["diagonal"], "(none)"),
    ("windoku", "windoku-9x9", "", &["window"], "(none)"),
    ("jigsaw", "jigsaw-9x9", "", &["region"], "(none)"),
    ("anti-knight", "anti-knight-9x9", "", &["anti-knight"], "(none)"),
    ("anti-king", "anti-king-9x9", "", &["anti-king"], "(none)"),
    ("killer", "killer-9x9-example", "", &["cage", "house-sum"], "(none)"),
    (
        "lines",
        r#"Palindrome(cells: ["r1c1", "r2c2", "r3c2", "r4c3", "r3c4"]),
        Whisper(cells: ["r6c1", "r5c2", "r5c1", "r4c1"]), Renban(cells: ["r1c7", "r1c8", "r2c8", "r3c9"]),
        Thermometer(cells: ["r7c5", "r7c4", "r6c5", "r7c6"]), Arrow(circle: "r1c5", line: ["r2c6", "r3c6"]),
        Regex(cells: ["r9c7", "r9c8", "r9c9", "r8c9"], pattern: "[4-6](8|3)+9")"#,
        GIVENS_17,
        &["thermometer", "arrow", "whisper", "renban", "palindrome", "regex"],
        "(none)",
    ),
    (
        "outside",
        r#"LittleKiller(cells: ["r1c2", "r2c3", "r3c4", "r4c5", "r5c6", "r6c7", "r7c8", "r8c9"], sum: 50),
        LittleKiller(cells: ["r9c3", "r8c2", "r7c1"], sum: 17),
        LittleKiller(cells: ["r4c9", "r5c8", "r6c7", "r7c6", "r8c5", "r9c4"], sum: 39),
        Sandwich(row: 3, sum: 7), Sandwich(column: 5, sum: 21)"#,
        GIVENS_17,
        &["little-killer", "sandwich"],
        "50, 17, 39, 7, 21",
    ),
    (
        "skyscraper",
        r#"Skyscraper(row: 1, count: 3), Skyscraper(row: 2, from_end: true, count: 2),
        Skyscraper(column: 4, count: 1), Skyscraper(column: 9, from_end: true, count: 4),
        XSum(row: 5, sum: 10), XSum(column: 1, from_end: true, sum: 12),
        NumberedRoom(row: 7, from_end: true, value: 9), HiddenSkyscraper(column: 2, value: 1)"#,
        "",
        &["skyscraper", "x-sum", "hidden-skyscraper", "numbered-room"],
        "3, 2, 1, 4, 10, 12, 9, 1",
    ),
    (
        "sums",
        r#"Quadruple(cell: "r1c1", values: [1, 2]), Quadruple(cell: "r3c3", values: [9, 9]),
        Sum(cells: ["r3c3", "r4c4"], sum: 12), Rellik(cells: ["r6c1", "r6c2", "r7c1"], sum: 6),
        PillArrow(pill: ["r1c5", "r1c6"], line: ["r2c7", "r3c7", "r4c7"]),
        DoubleArrow(cells: ["r9c1", "r9c2", "r9c3", "r9c4"]),
        SumLine(cells: ["r7c5", "r7c6", "r7c7"], sum: 10),
        Lunchbox(cells: ["r8c6", "r8c7", "r8c8", "r8c9"], sum: 5),
        StateMachine(name: "low high", cells: ["r5c1", "r5c2"], start: [0], accept: [1],
            transitions: [(0, "[1-4]", 1), (1, "[5-9]", 1)]),
        Clone(cells: ["r1c8", "r1c9"], clone: ["r4c5", "r4c6"]), ColumnIndexer(cells: ["r6c9"])"#,
        "",
        &[
            "quadruple",
            "sum",
            "rellik",
            "pill-arrow",
            "double-arrow",
            "sum-line",
            "lunchbox",
            "clone",
            "indexer",
            "state-machine",
        ],
        "(none)",
    ),
    (
        "or",
        r#"Or([[Thermometer(cells: ["r1c1", "r1c2", "r1c3"])], [Cage(cells: ["r1c1", "r2c1"], sum: 9),
        X(cells: ["r2c2", "r2c3"])]]),
        Or([[Skyscraper(row: 9, count: 3)], [AtMostOnce(name: "g", cells: ["r9c1", "r8c2"])]])"#,
        GIVENS_17,
        &["cage", "thermometer", "x", "skyscraper", "or"],
        "3",
    ),
    (
        "marks",
        r#"Negative([V]), V(cells: ["r1c3", "r2c3"]), V(cells: ["r3c1", "r3c2"]), V(cells: ["r3c2", "r4c2"]),
        V(cells: ["r3c6", "r4c6"]), V(cells: ["r3c8", "r4c8"]), V(cells: ["r5c1", "r6c1"]), V(cells: ["r6c6", "r6c7"]),
        V(cells: ["r9c4", "r9c5"]), X(cells: ["r2c4", "r2c5"]), WhiteDot(cells: ["r1c1", "r2c1"]),
        BlackDot(cells: ["r1c5", "r2c5"]), Even(cells: ["r9c1"]), Odd(cells: ["r1c1", "r9c9"]),
        Cage(cells: ["r5c5", "r5c6"])"#,
        GIVENS_17,
        &["cage", "white-dot", "black-dot", "x", "v", "negative", "even", "odd"],
        "(none)",
    ),
    (
        "groups",
        r#"NonConsecutive, AtMostOnce(name: "g", cells: ["r1c1", "r5c5", "r9c9"]),
        House(name: "h", cells: ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r1c7"])"#,
        GIVENS_17,
        &["house", "group", "non-consecutive"],
        "(none)",
    ),
    (
        "full-rank",
        r#"FullRank(column: 2, rank: 26), FullRank(row: 8, from_end: true, rank: 23)"#,
        GIVENS_17,
        &["full-rank"],
        "#26, #23",
    ),
    (
        "counting-circles",
        r#"CountingCircles(cells: ["r1c1", "r5c5", "r9c9"])"#,
        GIVENS_17,
        &["counting-circles"],
        "(none)",
    ),
    (
        "minimum-maximum",
        r#"Minimum(cells: ["r5c5"]), Maximum(cells: ["r1c1", "r9c9"])"#,
        GIVENS_17,
        &["minimum", "maximum"],
        "(none)",
    ),
];

/// The viewer draws every kind of house and constraint (issue 31): for a page of each kind,
/// the board carries what is drawn (a little killer's clue and arrow, a sandwich's clue, a
/// palindrome's ordered line, the kinds of houses), the page draws the clues outside the grid,
/// and the legend lists exactly the kinds present, each with a named drawing and words.
#[test]
fn the_viewer_draws_every_kind_with_a_legend() {
    use serde_json::json;
    let dir = scratch("viewer-kinds");
    // The pages' checks under node run at the end, all in one node process.
    let mut pages = Vec::new();
    for &(case, spec, givens, legend, clues) in VIEWER_KINDS {
        let spec = if spec.contains('(') {
            let path = dir.join(format!("{case}.ron"));
            let rules = format!("Rows, Columns, Boxes(rows: 3, cols: 3), {spec}");
            fs::write(&path, format!("Spec(name: \"{case}-9x9\", size: 9, rules: [{rules}])")).unwrap();
            path.to_str().unwrap().to_string()
        } else {
            spec.to_string()
        };
        let (puzzle, page) = (dir.join(format!("{case}.txt")), dir.join(format!("{case}.html")));
        let line = if givens.is_empty() { ".".repeat(81) } else { givens.to_string() };
        fs::write(&puzzle, format!("{line}\n")).unwrap();
        let o = run(&[
            "solve",
            "--spec",
            &spec,
            "--strategy",
            "fast",
            "--trace",
            s(&page),
            "--trace-format",
            "html",
            "--trace-limit",
            "200K",
            s(&puzzle),
        ]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{case}: {}", text(&o.stderr));
        let data = page_data(&fs::read_to_string(&page).unwrap());
        let board = &data["puzzles"][0];
        let of_kind = |what: &str, kind: &str| -> Vec<serde_json::Value> {
            board[what].as_array().unwrap().iter().filter(|x| x["kind"] == kind).cloned().collect()
        };
        match case {
            "x-sudoku" => assert_eq!(of_kind("units", "diagonal").len(), 2),
            "windoku" => assert_eq!(of_kind("units", "window").len(), 4),
            "jigsaw" => {
                assert_eq!(of_kind("units", "region").len(), 9);
                let regions = board["regions"].as_array().expect("the regions' borders are drawn");
                assert_eq!((regions.len(), regions[20].as_u64()), (81, Some(3)), "r3c3 is in region D");
            }
            "lines" => {
                let pairs = of_kind("constraints", "palindrome");
                assert_eq!(pairs.len(), 2, "the model's mirror pairs");
                assert_eq!(pairs[0]["line"], json!([0, 10, 19, 29, 21]), "the line, in order");
                assert!(pairs[1].get("line").is_none(), "drawn once");
                let regex = of_kind("constraints", "regex");
                assert_eq!(
                    (&regex[0]["pattern"], &regex[0]["cells"]),
                    (&json!("[4-6](8|3)+9"), &json!([78, 79, 80, 71]))
                );
            }
            "outside" => {
                let clues: Vec<_> = of_kind("constraints", "little-killer")
                    .iter()
                    .map(|k| (k["sum"].clone(), k["clue"].clone(), k["step"].clone()))
                    .collect();
                assert_eq!(
                    clues,
                    [
                        (json!(50), json!([-1, 0]), json!([1, 1])),
                        (json!(17), json!([9, 3]), json!([-1, -1])),
                        (json!(39), json!([2, 9]), json!([1, -1])),
                    ]
                );
                let sandwiches: Vec<_> = of_kind("constraints", "sandwich").iter().map(|k| k["clue"].clone()).collect();
                assert_eq!(sandwiches, [json!([2, -1]), json!([-1, 4])]);
            }
            "skyscraper" => {
                let clues: Vec<_> = of_kind("constraints", "skyscraper")
                    .iter()
                    .map(|k| (k["sum"].clone(), k["clue"].clone()))
                    .collect();
                assert_eq!(
                    clues,
                    [
                        (json!(3), json!([0, -1])),
                        (json!(2), json!([1, 9])),
                        (json!(1), json!([-1, 3])),
                        (json!(4), json!([9, 8])),
                    ]
                );
                let x_sums: Vec<_> =
                    of_kind("constraints", "x-sum").iter().map(|k| (k["sum"].clone(), k["clue"].clone())).collect();
                assert_eq!(x_sums, [(json!(10), json!([4, -1])), (json!(12), json!([9, 0]))]);
                // Eight pairs from r7c9 (cell 62); the clue, right of the row, with the first.
                let rooms = of_kind("constraints", "numbered-room");
                assert_eq!(rooms.len(), 8);
                assert_eq!(
                    (&rooms[0]["cells"], &rooms[0]["sum"], &rooms[0]["clue"]),
                    (&json!([62, 61]), &json!(9), &json!([6, 9]))
                );
                assert!(rooms[1].get("clue").is_none(), "drawn once");
                let hidden = of_kind("constraints", "hidden-skyscraper");
                assert_eq!((&hidden[0]["sum"], &hidden[0]["clue"]), (&json!(1), &json!([-1, 1])));
            }
            "sums" => {
                let quads: Vec<_> = of_kind("constraints", "quadruple")
                    .iter()
                    .map(|k| (k["cells"].clone(), k["values"].clone()))
                    .collect();
                assert_eq!(quads, [(json!([0, 1, 9, 10]), json!([1, 2])), (json!([20, 21, 29, 30]), json!([9, 9]))]);
                assert_eq!(of_kind("constraints", "sum")[0]["sum"], json!(12));
                let rellik = of_kind("constraints", "rellik");
                assert_eq!((&rellik[0]["sum"], &rellik[0]["cells"]), (&json!(6), &json!([45, 46, 54])));
                let pill = of_kind("constraints", "pill-arrow");
                assert_eq!((&pill[0]["pill"], &pill[0]["cells"]), (&json!(2), &json!([4, 5, 15, 24, 33])));
                // The two ends first, then the middle.
                assert_eq!(of_kind("constraints", "double-arrow")[0]["cells"], json!([72, 75, 73, 74]));
                let line = of_kind("constraints", "sum-line");
                assert_eq!((&line[0]["sum"], &line[0]["cells"]), (&json!(10), &json!([58, 59, 60])));
                let lunchbox = of_kind("constraints", "lunchbox");
                assert_eq!((&lunchbox[0]["sum"], &lunchbox[0]["cells"]), (&json!(5), &json!([68, 69, 70, 71])));
                let machine = of_kind("constraints", "state-machine");
                assert_eq!((&machine[0]["name"], &machine[0]["cells"]), (&json!("low high"), &json!([36, 37])));
                let clones: Vec<_> = of_kind("constraints", "clone").iter().map(|k| k["cells"].clone()).collect();
                assert_eq!(clones, [json!([7, 31]), json!([8, 32])]);
                // One pair a cell of the indexer's row: r6c9 (cell 53) with r6c1 … r6c8.
                let indexer: Vec<_> = of_kind("constraints", "indexer").iter().map(|k| k["cells"].clone()).collect();
                assert_eq!(indexer, (45..53).map(|b| json!([53, b])).collect::<Vec<_>>());
            }
            "marks" => {
                assert_eq!(board["negative"], json!(["v"]));
                let cages = of_kind("constraints", "cage");
                assert_eq!(cages.len(), 1, "a cage without a sum is drawn too");
                assert_eq!((&cages[0]["label"], &cages[0]["cells"]), (&json!("cage 1"), &json!([40, 41])));
            }
            "or" => {
                // Each branch's own drawings, clues included; a group alone drawn as a cage.
                let ors = of_kind("constraints", "or");
                assert_eq!(ors.len(), 2);
                let kinds = |k: &serde_json::Value| -> Vec<Vec<String>> {
                    k["branches"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|b| {
                            b.as_array().unwrap().iter().map(|p| p["kind"].as_str().unwrap().to_string()).collect()
                        })
                        .collect()
                };
                assert_eq!(kinds(&ors[0]), [vec!["thermometer"], vec!["cage", "x"]]);
                assert_eq!(kinds(&ors[1]), [vec!["skyscraper"], vec!["cage"]]);
                assert_eq!(ors[0]["branches"][1][0]["sum"], json!(9));
                let sky = &ors[1]["branches"][0][0];
                assert_eq!((&sky["sum"], &sky["clue"]), (&json!(3), &json!([8, -1])));
                assert_eq!(ors[1]["branches"][1][0]["cells"], json!([72, 64]));
            }
            "minimum-maximum" => {
                // A pair per neighbour, the marked cell first: four around r5c5, two at each corner.
                let least = of_kind("constraints", "minimum");
                assert_eq!(least.len(), 4);
                assert!(least.iter().all(|k| k["cells"][0] == json!(40)));
                assert_eq!(of_kind("constraints", "maximum").len(), 4);
            }
            "counting-circles" => {
                let circles = of_kind("constraints", "counting-circles");
                assert_eq!((circles.len(), &circles[0]["cells"]), (1, &json!([0, 40, 80])), "one set of three rings");
            }
            _ => {}
        }
        pages.push((case, legend, clues, page));
    }
    // A classic grid has no legend.
    let classic = dir.join("classic.html");
    let o = run(&["solve", "--trace", s(&classic), "--trace-format", "html", "examples/puzzles/classic-9x9.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let paths: Vec<PathBuf> = pages.iter().map(|p| p.3.clone()).chain([classic]).collect();
    let Some(reports) = check_pages(&paths) else { return };
    for ((case, legend, clues, _), out) in pages.iter().zip(&reports) {
        assert!(out.contains(&format!("  legend: {}\n", legend.join(", "))), "{case}: {out}");
        assert!(out.contains(&format!("page: legend shown: {}\n", legend.join(", "))), "{case}: {out}");
        assert!(out.contains(&format!("page: clues outside the grid: {clues}\n")), "{case}: {out}");
    }
    let out = &reports[pages.len()];
    assert!(out.contains("  legend: (none)\n") && out.contains("page: legend hidden: \n"), "{out}");
}
