//! The requests the page sends, answered natively: the same code the WebAssembly module runs.

use serde_json::{Value, json};

use crate::common::{assert_solves, call, root};

const SEVENTEEN: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

fn example(name: &str) -> String {
    std::fs::read_to_string(root().join("examples/puzzles").join(name)).unwrap().trim().to_string()
}

#[test]
fn solve_gives_the_clis_record_and_a_solution_the_validator_accepts() {
    let v = call(json!({"op": "solve", "puzzle": SEVENTEEN, "strategy": "fast"}));
    let r = &v["results"][0];
    assert_eq!(r["status"], "solved", "{v}");
    assert_eq!(r["location"], "<argument>:1");
    assert_eq!(r["spec"], "classic-9x9");
    assert_eq!(r["unique"], true);
    assert!(r["stats"]["nodes"].as_u64().unwrap() >= 1);
    assert_solves(SEVENTEEN, None, r["solutions"][0].as_str().unwrap());
}

#[test]
fn every_strategy_of_the_catalog_solves_a_16x16() {
    let puzzle = std::fs::read_to_string(root().join("examples/puzzles/classic-16x16.txt")).unwrap();
    let puzzle = puzzle.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).unwrap().to_string();
    let catalog = call(json!({"op": "catalog"}));
    let names: Vec<&str> =
        catalog["strategies"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"fast") && names.contains(&"dlx"), "{names:?}");
    assert_eq!(catalog["kissat"], coverlab_strategies::sat::KISSAT, "{catalog}");
    for name in names {
        if name == "band-9x9" || name.contains("sat") || name == "plain" || name == "dfs" {
            continue; // 9×9 only, not built in the page, or hopeless at 16×16
        }
        // In the sample, at 300,000 nodes, `mrv` (1.6 million to solve it) and `random-stack` stop,
        // as the page lets them; at 2 million (COVERLAB_TESTS=full, as CI runs) they solve, and
        // were half of this binary's CPU.
        let full = std::env::var("COVERLAB_TESTS").is_ok_and(|v| v == "full");
        let max_nodes = if full { 2_000_000 } else { 300_000 };
        let v = call(json!({"op": "solve", "puzzle": puzzle, "strategy": name, "max_nodes": max_nodes}));
        let r = &v["results"][0];
        if r["status"] == "solved" {
            assert_solves(&puzzle, None, r["solutions"][0].as_str().unwrap());
        } else {
            assert_eq!(r["status"], "stopped", "{name}: {v}");
        }
    }
}

#[test]
fn links_and_ron_specs_are_read_as_the_cli_reads_them() {
    let link = example("killer-link.txt");
    let v = call(json!({"op": "solve", "puzzle": link}));
    let r = &v["results"][0];
    assert_eq!(r["status"], "solved", "{v}");
    assert_solves(&link, None, r["solutions"][0].as_str().unwrap());

    let ron = std::fs::read_to_string(root().join("examples/specs/own-rules-6x6.ron")).unwrap();
    let puzzle = "................4...2.6......4..3.1.";
    let v = call(json!({"op": "count", "puzzle": puzzle, "spec": ron, "max_solutions": 2}));
    assert_eq!(v["results"][0]["count"], 1, "{v}");
    assert_eq!(v["results"][0]["exact"], true);
    let v = call(json!({"op": "solve", "puzzle": puzzle, "spec": ron}));
    let model = coverlab_model::Model::from_ron(&ron, "own-rules").unwrap();
    assert_solves(puzzle, Some(&model), v["results"][0]["solutions"][0].as_str().unwrap());
}

#[test]
fn count_stops_at_its_max_and_says_the_count_is_not_exact() {
    let v = call(json!({"op": "count", "puzzle": "................", "max_solutions": 1000}));
    assert_eq!(v["results"][0]["count"], 288, "the 4×4 grids: {v}");
    assert_eq!(v["results"][0]["exact"], true);
    let v = call(json!({"op": "count", "puzzle": "................", "max_solutions": 10}));
    assert_eq!(v["results"][0]["count"], 10);
    assert_eq!(v["results"][0]["exact"], false);
}

#[test]
fn hint_and_explain_are_the_clis_records() {
    let puzzle = "..9.1..58...4....64..8.673.7..92.81.8.15.79...5.1..3.7....5.68353..89.2.28.34.57.";
    let v = call(json!({"op": "hint", "puzzle": puzzle, "nudge": true}));
    assert_eq!(v["results"][0]["hint"], "look for a naked single at r2c8", "{v}");
    let v = call(json!({"op": "hint", "puzzle": puzzle}));
    let step = &v["results"][0]["step"];
    assert_eq!(step["technique"], "naked single", "{v}");
    assert_eq!(step["placements"][0]["cell"], "r2c8");

    let v = call(json!({"op": "explain", "puzzle": SEVENTEEN}));
    let r = &v["results"][0];
    assert_eq!(r["ending"], "solved", "{v}");
    let steps = r["steps"].as_array().unwrap();
    assert!(steps.len() > 10 && steps.iter().all(|s| !s["text"].as_str().unwrap().is_empty()));
    assert_solves(SEVENTEEN, None, r["grid"].as_str().unwrap());
}

#[test]
fn generate_makes_what_the_cli_makes_from_the_same_seed() {
    // README: `coverlab generate -n 2 --seed 1 --symmetry rot180 --difficulty hard`, first line.
    let v = call(json!({"op": "generate", "size": 9, "seed": 1, "symmetry": "rot180", "difficulty": "hard"}));
    assert_eq!(v["status"], "generated", "{v}");
    assert_eq!(v["puzzle"], "9...2.1...37.6..4....8.57.6..26..5..6.......7..9..24..1.62.7....9..5.67...4.9...8");
    assert_eq!(v["level"], "hard");
    assert_solves(v["puzzle"].as_str().unwrap(), None, v["solution"].as_str().unwrap());
    let v = call(json!({"op": "generate", "size": 9, "symmetry": "spiral"}));
    let error = v["error"].as_str().unwrap_or_else(|| panic!("{v}"));
    assert!(error.contains("spiral") && error.contains("rot180"), "{error}");
    let v = call(json!({"op": "generate", "size": 7}));
    assert!(v["error"].as_str().unwrap().contains("prime"), "{v}");
}

#[test]
fn trace_writes_the_viewers_page_with_one_run_per_strategy() {
    let v = call(json!({"op": "trace", "puzzle": SEVENTEEN, "strategies": ["fast", "dlx"]}));
    let page = v["page"].as_str().unwrap_or_else(|| panic!("{v}"));
    for id in ["cl-page", "cl-p0", "cl-p0-r0", "cl-p0-r0-end", "cl-p0-r1", "cl-p0-r1-end"] {
        assert!(page.contains(&format!("id=\"{id}\"")), "no {id}");
    }
    assert!(page.contains("\"event\":\"start\"") || page.contains("\"start\""), "no start event");
    assert_eq!(v["cut"], false);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    for r in results {
        assert_solves(SEVENTEEN, None, r["solutions"][0].as_str().unwrap());
    }
    // A size limit cuts the events (and only them: the search still solves).
    let v = call(json!({"op": "trace", "puzzle": SEVENTEEN, "strategy": "dlx", "trace_limit": 20_000}));
    assert_eq!(v["cut"], true, "{}", v["results"]);
    assert!(v["page"].as_str().unwrap().len() < 120_000);
    assert_eq!(v["results"][0]["status"], "solved");
}

#[test]
fn read_gives_the_board() {
    let v = call(json!({"op": "read", "puzzle": example("killer-link.txt")}));
    let r = &v["results"][0];
    assert_eq!((r["size"].as_u64(), r["status"].as_str()), (Some(9), Some("read")), "{v}");
    assert_eq!(r["givens"].as_str().unwrap().chars().count(), 81);
    assert_eq!(r["symbols"].as_array().unwrap().len(), 9);
}

#[test]
fn bad_requests_and_bad_puzzles_say_what_and_where() {
    let error = |v: Value| v["error"].as_str().unwrap_or_else(|| panic!("no error: {v}")).to_string();
    assert!(coverlab_web::call("{not json").contains("the request is not valid"));
    assert!(error(call(json!({"op": "fly"}))).contains("unknown op \"fly\""));
    assert!(error(call(json!({"op": "solve", "puzzle": SEVENTEEN, "strategy": "dxl"}))).contains("dlx"));
    assert!(error(call(json!({"op": "solve", "puzzle": SEVENTEEN, "spec": "clasic-9x9"}))).contains("classic-9x9"));
    let e =
        error(call(json!({"op": "solve", "puzzle": SEVENTEEN, "spec": "(name: \"x\", size: 9, rules: [Rows, Nope])"})));
    assert!(e.contains("<spec>") && e.contains("Nope"), "{e}");
    assert!(error(call(json!({"op": "solve", "puzzle": "  "}))).contains("no puzzle"));
    // Clashing givens: a record saying where, as the CLI's.
    let v = call(json!({"op": "solve", "puzzle": format!("11{}", &SEVENTEEN[2..])}));
    let r = &v["results"][0];
    assert_eq!(r["status"], "invalid", "{v}");
    let message = r["error"].as_str().unwrap();
    assert!(message.starts_with("<argument>:1:") && message.contains("r1c1") && message.contains("r1c2"), "{message}");
}
