//! `coverlab explain` and `coverlab hint`: human-style steps in words, checked against `solve`.

use std::fs;

use crate::common;

use common::{json_lines, run, s, scratch, text};

const EASY: &str = "..9.1..58...4....64..8.673.7..92.81.8.15.79...5.1..3.7....5.68353..89.2.28.34.57.";

#[test]
fn explain_steps_agree_with_the_solution_and_say_how_it_ended() {
    let dir = scratch("explaining", "explain");
    let file = dir.join("p.txt");
    // An easy puzzle, one of the hardest (it needs a guess), and a line that is not a puzzle.
    let hardest = fs::read_to_string("tests/data/9x9/forum_hardest_1106_first50.txt").unwrap();
    let hardest = hardest.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).unwrap().to_string();
    fs::write(&file, format!("{EASY}\n{hardest}\n12345\n")).unwrap();
    let o = run(&["explain", "--format", "json", s(&file)]);
    assert_eq!(o.status.code(), Some(2), "the bad line: {}", text(&o.stderr));
    assert!(text(&o.stderr).contains(":3"), "it is named: {}", text(&o.stderr));
    let mut lines = json_lines(&o);
    assert_eq!(lines.len(), 3, "one record per puzzle: the two good ones are still explained");
    assert_eq!(lines[0]["ending"], "solved");
    assert_eq!(lines[1]["ending"], "stuck");
    assert_eq!((&lines[2]["index"], &lines[2]["status"]), (&2.into(), &"invalid".into()), "the bad one has its record");
    lines.pop();
    // The solution, from `solve`: every placement agrees, no elimination removes its value.
    let o = run(&["solve", "--format", "json", s(&file)]);
    let solved = json_lines(&o);
    for (explained, solved) in lines.iter().zip(&solved) {
        let solution: Vec<char> = solved["solutions"][0].as_str().unwrap().chars().collect();
        let at = |cell: &str| {
            let (r, c) = cell[1..].split_once('c').unwrap();
            (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
        };
        for step in explained["steps"].as_array().unwrap() {
            for p in step["placements"].as_array().unwrap() {
                let v = p["value"].as_str().unwrap().chars().next().unwrap();
                assert_eq!(solution[at(p["cell"].as_str().unwrap())], v, "{}", step["text"]);
            }
            for p in step["eliminations"].as_array().unwrap() {
                let v = p["value"].as_str().unwrap().chars().next().unwrap();
                assert_ne!(solution[at(p["cell"].as_str().unwrap())], v, "{}", step["text"]);
            }
        }
    }
    let grid = lines[0]["grid"].as_str().unwrap();
    assert_eq!(grid, solved[0]["solutions"][0].as_str().unwrap(), "solved by the steps alone");
    // Text: numbered sentences, then the ending with the techniques used.
    let o = run(&["explain", &hardest]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.starts_with("# puzzle 0 (<argument>"), "{out}");
    assert!(out.contains("\n1. "), "{out}");
    assert!(out.contains("stuck after ") && out.contains("the rest needs a guess"), "{out}");
    assert!(out.contains("\ngrid: "), "{out}");
}

#[test]
fn hints_name_the_next_step_or_only_where_to_look() {
    let o = run(&["hint", EASY]);
    assert_eq!(o.status.code(), Some(0));
    let hint = text(&o.stdout);
    assert!(hint.starts_with("naked single: ") || hint.starts_with("hidden single: "), "{hint}");
    let o = run(&["hint", "--nudge", EASY]);
    let nudge = text(&o.stdout);
    assert!(
        nudge.starts_with("look for a naked single at r") || nudge.starts_with("look for a hidden single in "),
        "{nudge}"
    );
    let o = run(&["hint", "--format", "json", EASY]);
    let v = &json_lines(&o)[0];
    assert_eq!(v["hint"].as_str().unwrap(), hint.trim_end());
    assert_eq!(v["step"]["placements"].as_array().unwrap().len(), 1);
    // Solved already; givens that clash (exit 1).
    let full = run(&["solve", "--format", "line", EASY]);
    let solution = text(&full.stdout).lines().next().unwrap().split_whitespace().next().unwrap().to_string();
    let dir = scratch("explaining", "hint");
    let file = dir.join("solved.txt");
    fs::write(&file, format!("{solution}\n")).unwrap();
    let o = run(&["hint", s(&file)]);
    assert_eq!(text(&o.stdout).trim(), "solved already");
    let o = run(&["hint", "12....3...4....."]);
    assert_eq!(o.status.code(), Some(1), "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(text(&o.stdout).starts_with("no solution: "), "{}", text(&o.stdout));
}

#[test]
fn killers_are_explained_with_their_cages() {
    let o = run(&["explain", "--spec", "killer-9x9-example", "examples/puzzles/killer-9x9.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("constraint: cage "), "{out}");
    assert!(out.contains("innies") || out.contains("outies"), "derived sums are named: {out}");
}

#[test]
fn explain_counts_when_stuck_and_says_when_a_step_relies_on_uniqueness() {
    // The 16th of magictour_top1465: stuck after 24 steps without the uniqueness techniques;
    // counted unique, its 25th step is a unique rectangle and it is solved.
    let puzzle = "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........";
    let o = run(&["explain", puzzle]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.contains("\n25. unique rectangle type 4: r1c8 and r1c9 hold only 4 and 6; in row 5, "), "{out}");
    assert!(out.contains("\nsolved in "), "{out}");
    assert!(out.contains("\nuniqueness: the puzzle has exactly one solution (counted)"), "{out}");
    let o = run(&["explain", "--no-uniqueness", puzzle]);
    let out = text(&o.stdout);
    assert!(!out.contains("unique") && out.contains("stuck after 24 steps"), "{out}");
    // JSON says what the count found: one solution, several, or no count (not stuck).
    let several = format!(".{}", &puzzle[1..]);
    let o = run(&["explain", "--format", "json", puzzle, &several, EASY]);
    let lines = json_lines(&o);
    let unique: Vec<&serde_json::Value> = lines.iter().map(|l| &l["unique"]).collect();
    assert_eq!(unique, [&true.into(), &false.into(), &serde_json::Value::Null]);
    let used = |l: &serde_json::Value| {
        l["steps"].as_array().unwrap().iter().any(|s| s["technique"].as_str().unwrap().contains("unique"))
    };
    assert!(used(&lines[0]) && !used(&lines[1]) && !used(&lines[2]));
}
