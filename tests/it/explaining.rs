//! `coverlab explain` and `coverlab hint`: human-style steps in words, checked against `solve`.

use std::fs;

use crate::common;

use common::{json_lines, run, s, scratch, text};

const EASY: &str = "..9.1..58...4....64..8.673.7..92.81.8.15.79...5.1..3.7....5.68353..89.2.28.34.57.";

#[test]
fn explain_steps_agree_with_the_solution_and_say_how_it_ended() {
    let dir = scratch("explaining", "explain");
    let file = dir.join("p.txt");
    // An easy puzzle, one of the hardest (it needs forcing chains and nets), and a line that is
    // not a puzzle.
    let hardest = fs::read_to_string("tests/data/9x9/forum_hardest_1106_first50.txt").unwrap();
    let hardest = hardest.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).unwrap().to_string();
    fs::write(&file, format!("{EASY}\n{hardest}\n12345\n")).unwrap();
    let o = run(&["explain", "--format", "json", s(&file)]);
    assert_eq!(o.status.code(), Some(2), "the bad line: {}", text(&o.stderr));
    assert!(text(&o.stderr).contains(":3"), "it is named: {}", text(&o.stderr));
    let mut lines = json_lines(&o);
    assert_eq!(lines.len(), 3, "one record per puzzle: the two good ones are still explained");
    assert_eq!(lines[0]["ending"], "solved");
    assert_eq!(lines[1]["ending"], "solved");
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
    for (explained, solved) in lines.iter().zip(&solved) {
        let grid = explained["grid"].as_str().unwrap();
        assert_eq!(grid, solved["solutions"][0].as_str().unwrap(), "solved by the steps alone");
    }
    // The forcing steps carry their branches: facts pointing to earlier facts.
    let forcing: Vec<&serde_json::Value> =
        lines[1]["steps"].as_array().unwrap().iter().filter(|s| s.get("chains").is_some()).collect();
    assert!(!forcing.is_empty());
    for step in forcing {
        for branch in step["chains"].as_array().unwrap() {
            for (i, fact) in branch["implications"].as_array().unwrap().iter().enumerate() {
                assert!(fact["from"].as_array().unwrap().iter().all(|f| f.as_u64().unwrap() < i as u64), "{fact}");
            }
        }
    }
    // Text: numbered sentences, then the ending with the techniques used.
    let o = run(&["explain", &hardest]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.starts_with("# puzzle 0 (<argument>"), "{out}");
    assert!(out.contains("\n1. "), "{out}");
    assert!(out.contains("\nsolved in ") && out.contains("forcing"), "{out}");
    // Without the forcing rungs it is stuck where a guess is needed.
    let o = run(&[
        "explain",
        "--no-uniqueness",
        "--no-technique",
        "cell-forcing-chain",
        "--no-technique",
        "unit-forcing-chain",
        "--no-technique",
        "dynamic-forcing-chain",
        "--no-technique",
        "forcing-net",
        "--no-technique",
        "nested-forcing-net",
        &hardest,
    ]);
    let out = text(&o.stdout);
    assert!(out.contains("stuck after ") && out.contains("the rest needs a guess"), "{out}");
    assert!(out.contains("\ngrid: "), "{out}");
    let o = run(&["explain", "--no-technique", "guess", &hardest]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("unknown technique `guess`"), "{}", text(&o.stderr));
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
fn a_hint_tries_the_nested_net_alone_once_every_other_technique_found_nothing() {
    // forum_hardest_1106's first puzzle after its first step (a hidden single, r2c9 = 2): with
    // the forcing net off, only the nested one finds a step. The hint's second try runs it alone.
    let grid = "........8..3...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let o = run(&["hint", "--no-technique", "forcing-net", grid]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let hint = text(&o.stdout);
    assert!(hint.starts_with("nested forcing net (level 1): if r1c1 were 1, then "), "{hint}");
    assert!(hint.trim_end().ends_with("; so r1c1 is not 1"), "{hint}");
}

#[test]
fn killers_are_explained_with_their_cages() {
    let o = run(&["explain", "--spec", "killer-9x9-example", "examples/puzzles/killer-9x9.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("constraint: cage "), "{out}");
    assert!(out.contains("innies") || out.contains("outies"), "derived sums are named: {out}");
}

/// Whether `grid` (81 digits) holds 1 to 9 once in every row, column and box: checked here,
/// not by the solver that wrote it.
fn is_sudoku_solution(grid: &[u8]) -> bool {
    let unit = |cells: Vec<usize>| {
        let mut seen: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
        seen.sort_unstable();
        seen == (1..=9).collect::<Vec<u8>>()
    };
    (0..9).all(|i| {
        unit((0..9).map(|j| i * 9 + j).collect())
            && unit((0..9).map(|j| j * 9 + i).collect())
            && unit((0..9).map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3).collect())
    })
}

/// A 17-clue puzzle (a wrong entry clashes with nothing for a long while), its solution by
/// `solve` checked by this file's own checker, and its givens (0 where empty).
fn seventeen_clue() -> (&'static str, Vec<u8>, Vec<u8>) {
    let puzzle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let o = run(&["solve", puzzle]);
    let solution: Vec<u8> = text(&o.stdout).trim().bytes().map(|b| b - b'0').collect();
    assert!(is_sudoku_solution(&solution), "{}", text(&o.stdout));
    let given: Vec<u8> = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    (puzzle, solution, given)
}

/// Whether two different cells of a 9×9 grid share a row, a column or a box.
fn peers(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

#[test]
fn hint_names_a_wrong_entry_given_the_puzzle_as_set() {
    let (puzzle, solution, given) = seventeen_clue();
    // Ten right entries, then `wrong` entries that clash with no value already on the grid.
    let progress = |wrong: usize| -> (String, Vec<usize>) {
        let mut grid = given.clone();
        let empty: Vec<usize> = (0..81).filter(|&c| given[c] == 0).collect();
        for &c in &empty[..10] {
            grid[c] = solution[c];
        }
        let mut changed = Vec::new();
        for &c in &empty[10..] {
            if changed.len() == wrong {
                break;
            }
            let v = (1..=9).find(|&v| v != solution[c] && (0..81).all(|p| !peers(c, p) || grid[p] != v));
            if let Some(v) = v {
                grid[c] = v;
                changed.push(c);
            }
        }
        let line = grid.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }).collect();
        (line, changed)
    };
    let name = |c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
    let (one, wrong_one) = progress(1);
    let (two, wrong_two) = progress(2);
    let (right, _) = progress(0);
    // A given changed: that record is invalid, naming the cell; the others are still answered.
    let first_given = given.iter().position(|&v| v != 0).unwrap();
    let mut changed_given = right.clone().into_bytes();
    changed_given[first_given] = if given[first_given] == 9 { b'8' } else { given[first_given] + b'1' };
    let changed_given = String::from_utf8(changed_given).unwrap();
    let dir = scratch("explaining", "wrong-entry");
    let file = dir.join("progress.txt");
    fs::write(&file, format!("{one}\n{two}\n{right}\n{changed_given}\n")).unwrap();

    let o = run(&["hint", "--puzzle", puzzle, s(&file)]);
    assert_eq!(o.status.code(), Some(2), "the changed given: {}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], format!("{} is wrong", name(wrong_one[0])));
    assert_eq!(lines[1], format!("{}, {} are wrong", name(wrong_two[0]), name(wrong_two[1])));
    assert!(lines[2].starts_with("naked single: ") || lines[2].starts_with("hidden single: "), "{out}");
    assert_eq!(lines[3], "# 3: invalid");
    assert!(text(&o.stderr).contains(&format!("{} is a given", name(first_given))), "{}", text(&o.stderr));

    // JSON: the wrong cells as a list; the right progress's step agrees with the solution.
    let o = run(&["hint", "--format", "json", "--puzzle", puzzle, s(&file)]);
    let records = json_lines(&o);
    assert_eq!(records[1]["wrong"], serde_json::json!([name(wrong_two[0]), name(wrong_two[1])]));
    for p in records[2]["step"]["placements"].as_array().unwrap() {
        let cell = p["cell"].as_str().unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let at = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        assert_eq!(p["value"].as_str().unwrap(), solution[at].to_string(), "{cell}");
    }

    // A nudge names the box of the first wrong entry only.
    let o = run(&["hint", "--nudge", "--puzzle", puzzle, &one]);
    let c = wrong_one[0];
    assert_eq!(text(&o.stdout).trim(), format!("one of your entries in box {} is wrong", c / 27 * 3 + c % 9 / 3 + 1));
    assert_eq!(o.status.code(), Some(1));

    // Without the puzzle, no hint on a grid that cannot be finished.
    let o = run(&["hint", &one]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("no solution: this grid cannot be finished"), "{}", text(&o.stdout));

    // --puzzle names one puzzle.
    let both = dir.join("two-puzzles.txt");
    fs::write(&both, format!("{puzzle}\n{EASY}\n")).unwrap();
    let o = run(&["hint", "--puzzle", s(&both), &one]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--puzzle names one puzzle"), "{}", text(&o.stderr));
}

#[test]
fn explain_counts_when_stuck_and_says_when_a_step_relies_on_uniqueness() {
    // The 2nd of magictour_top1465: needs a forcing chain after 33 steps without the
    // uniqueness techniques; counted unique, its 34th step is a hidden unique rectangle and it
    // is solved. (The 16th, used before, needs neither since ALS-XZ.)
    let puzzle = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let o = run(&["explain", puzzle]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.contains("\n34. hidden unique rectangle: r2c2 holds only 3 and 6, "), "{out}");
    assert!(out.contains("\nsolved in "), "{out}");
    assert!(out.contains("\nuniqueness: the puzzle has exactly one solution (counted)"), "{out}");
    let o = run(&["explain", "--no-uniqueness", puzzle]);
    let out = text(&o.stdout);
    assert!(!out.contains("unique") && out.contains("\n34. cell forcing chain: "), "{out}");
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

/// The 729-character pencil marks of a 9×9 grid: each cell's candidates in their places, `.`
/// where crossed out; a given keeps its one value.
fn marks_of(grid: &[u8], candidates: impl Fn(usize) -> Vec<u8>) -> String {
    (0..81)
        .flat_map(|c| {
            let kept = if grid[c] != 0 { vec![grid[c]] } else { candidates(c) };
            (1..=9u8).map(move |v| if kept.contains(&v) { char::from(b'0' + v) } else { '.' })
        })
        .collect()
}

#[test]
fn pencil_marks_are_where_the_person_is_and_a_wrong_one_is_named() {
    let (puzzle, solution, given) = seventeen_clue();
    let open_candidates =
        |c: usize| -> Vec<u8> { (1..=9).filter(|&v| (0..81).all(|p| !peers(c, p) || given[p] != v)).collect() };
    // A person's marks: what the givens leave, with every candidate but the solution's crossed
    // out in the first five open cells of row 9 (so no single is left to find in the first rows).
    let empty: Vec<usize> = (0..81).filter(|&c| given[c] == 0).collect();
    let narrowed: Vec<usize> = empty.iter().copied().filter(|&c| c / 9 == 8).take(5).collect();
    let right = marks_of(&given, |c| if narrowed.contains(&c) { vec![solution[c]] } else { open_candidates(c) });
    assert_eq!(right.len(), 729);

    // Read as marks: solved to the solution, and `check` counts the open cells' candidate rules.
    let o = run(&["solve", &right]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let solved: Vec<u8> = text(&o.stdout).trim().bytes().map(|b| b - b'0').collect();
    assert_eq!(solved, solution);
    let o = run(&["check", &right]);
    // A cell the marks leave one value is a filled cell; every other open cell is a rule.
    let rules = empty.iter().filter(|&&c| !narrowed.contains(&c) && open_candidates(c).len() > 1).count();
    assert!(text(&o.stderr).contains(&format!("{rules} Candidates")), "{}", text(&o.stderr));

    // The hint starts from the marks: the cells narrowed to one value are filled, so the first
    // hint places a value elsewhere, and what it places is the solution's.
    let o = run(&["hint", "--format", "json", &right]);
    let record = &json_lines(&o)[0];
    for p in record["step"]["placements"].as_array().unwrap() {
        let cell = p["cell"].as_str().unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let at = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        assert!(!narrowed.contains(&at), "{record}");
        assert_eq!(p["value"].as_str(), Some(solution[at].to_string().as_str()), "{record}");
    }

    // One cell's solution value crossed out: without the puzzle, the grid cannot be finished;
    // with it, the mark is named; with --nudge, only its box.
    let victim = empty[20];
    let wrong = marks_of(&given, |c| {
        let mut kept = open_candidates(c);
        if c == victim {
            kept.retain(|&v| v != solution[c]);
        }
        kept
    });
    let o = run(&["hint", &wrong]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains("a crossed-out candidate is wrong"), "{}", text(&o.stdout));
    let name = format!("r{}c{}", victim / 9 + 1, victim % 9 + 1);
    let o = run(&["hint", "--puzzle", puzzle, &wrong]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stdout).trim(),
        format!("your pencil marks cross out {} from {name}, but it is that cell's value", solution[victim])
    );
    let o = run(&["hint", "--format", "json", "--puzzle", puzzle, &wrong]);
    assert_eq!(json_lines(&o)[0]["wrong_marks"], serde_json::json!([format!("{name}={}", solution[victim])]));
    let o = run(&["hint", "--nudge", "--puzzle", puzzle, &wrong]);
    let boxed = victim / 27 * 3 + victim % 9 / 3 + 1;
    assert_eq!(text(&o.stdout).trim(), format!("one of your marks in box {boxed} is wrong"));

    // A cell with every candidate crossed out: an error naming it, exit 2.
    let mut none = right.clone().into_bytes();
    none[victim * 9..victim * 9 + 9].copy_from_slice(b".........");
    let o = run(&["solve", std::str::from_utf8(&none).unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains(&format!("marks: {name} has no candidate left")), "{}", text(&o.stderr));
}

/// `explain --html`: the viewer page with each puzzle's steps. The data it embeds is checked
/// here (the steps are the JSON explanation's, each step's events are its placements and
/// eliminations, which agree with `solve`'s solution, and replaying them gives a solution the
/// validator accepts), and the page is played by `src/viewer/check.js` (where node is
/// installed): each step's candidates on the drawn board before and after it, the arrow keys,
/// the hardest step (a forcing net, its links drawn) and the end.
#[test]
fn explain_html_shows_each_step_on_the_drawn_board() {
    use crate::watching::{check_page, page_block};
    use coverlab_model::{Grid, Puzzle, validate};
    let dir = scratch("explaining", "explain-html");
    let file = dir.join("p.txt");
    let hardest = fs::read_to_string("tests/data/9x9/forum_hardest_1106_first50.txt").unwrap();
    let hardest = hardest.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).unwrap().to_string();
    let sixteen = fs::read_to_string("examples/puzzles/classic-16x16.txt").unwrap();
    let sixteen = sixteen.lines().find(|l| !l.starts_with('#') && l.trim().len() == 256).unwrap().to_string();
    fs::write(&file, format!("{hardest}\n{sixteen}\n")).unwrap();
    let page = dir.join("e.html");
    let o = run(&["explain", "--format", "json", "--html", s(&page), s(&file)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let explained = json_lines(&o);
    let o = run(&["solve", "--format", "json", s(&file)]);
    let solved = json_lines(&o);
    let html = fs::read_to_string(&page).unwrap();
    let json = |id: &str| -> serde_json::Value {
        serde_json::from_str(page_block(&html, id).unwrap_or_else(|| panic!("no {id}"))).unwrap()
    };
    assert_eq!(json("cl-page")["kind"], "explain");
    assert!(page_block(&html, "cl-p2").is_none(), "one board per puzzle");
    for (k, (line, (record, solved))) in [&hardest, &sixteen].into_iter().zip(explained.iter().zip(&solved)).enumerate()
    {
        let (board, x) = (json(&format!("cl-p{k}")), json(&format!("cl-p{k}-x")));
        let n = board["size"].as_u64().unwrap() as usize;
        let symbols: Vec<&str> = board["symbols"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        let value = |e: &serde_json::Value| symbols.iter().position(|&t| t == e["value"]).unwrap() as u8 + 1;
        let cell = |e: &serde_json::Value| {
            let (r, c) = e["cell"].as_str().unwrap()[1..].split_once('c').unwrap();
            (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
        };
        let steps = x["steps"].as_array().unwrap();
        let said: Vec<&serde_json::Value> = record["steps"].as_array().unwrap().iter().map(|s| &s["text"]).collect();
        assert_eq!(steps.iter().map(|s| &s["text"]).collect::<Vec<_>>(), said, "the page's steps are explain's");
        assert_eq!((&x["ending"], &x["grid"]), (&"solved".into(), &record["grid"]));
        // The hardest step is the first of the highest rank.
        let rank = |s: &serde_json::Value| s["difficulty"].as_u64().unwrap();
        let h = x["hardest"].as_u64().unwrap() as usize;
        assert!(
            steps.iter().all(|s| rank(s) <= rank(&steps[h])) && steps[..h].iter().all(|s| rank(s) < rank(&steps[h]))
        );
        // Each step's events are its placements and eliminations, in order and nothing else.
        let events: Vec<serde_json::Value> = page_block(&html, &format!("cl-p{k}-r0"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let mut at = 0;
        for (j, step) in steps.iter().enumerate() {
            let span = step["at"].as_array().unwrap();
            assert_eq!(span[0].as_u64().unwrap() as usize, at, "step {j} starts where the last ended");
            let end = span[1].as_u64().unwrap() as usize;
            let mut want: Vec<(&str, u64, u64)> = Vec::new();
            for (kind, list) in [("place", "placements"), ("eliminate", "eliminations")] {
                want.extend(
                    step[list]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|p| (kind, p[0].as_u64().unwrap(), p[1].as_u64().unwrap())),
                );
            }
            let got: Vec<(&str, u64, u64)> = events[at..end]
                .iter()
                .map(|e| (e["event"].as_str().unwrap(), cell(e) as u64, u64::from(value(e))))
                .collect();
            assert_eq!(got, want, "step {j}");
            at = end;
        }
        assert_eq!(at, events.len(), "no event after the last step (no pencil marks here)");
        // Against the solution found by `solve`: the placements are its values, no elimination
        // removes one; the events replayed from the givens give a grid the validator accepts.
        let solution: Vec<char> = solved["solutions"][0].as_str().unwrap().chars().collect();
        let mut grid: Vec<u8> = board["givens"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as u8).collect();
        for e in &events {
            let (c, v) = (cell(e), value(e));
            let sym = symbols[usize::from(v) - 1];
            match e["event"].as_str().unwrap() {
                "place" => {
                    assert_eq!(solution[c].to_string(), sym, "{e}");
                    grid[c] = v;
                }
                _ => assert_ne!(solution[c].to_string(), sym, "{e}"),
            }
        }
        let spec = if n == 9 { "classic-9x9" } else { "classic-16x16" };
        let puzzle = Puzzle::builtin(spec, line).unwrap();
        let found = Grid::from_values(n, grid).unwrap();
        validate::check_solution(puzzle.model(), puzzle.givens(), &found).unwrap_or_else(|e| panic!("{spec}: {e}"));
        // A forcing step's links join candidates of its branches, drawn from fact to fact.
        for step in steps.iter().filter(|s| !s["links"].as_array().unwrap().is_empty()) {
            for link in step["links"].as_array().unwrap() {
                let l: Vec<u64> = link.as_array().unwrap().iter().filter_map(serde_json::Value::as_u64).collect();
                assert!(
                    l[0] < (n * n) as u64 && l[2] < (n * n) as u64 && l[1] <= n as u64 && l[3] <= n as u64,
                    "{link}"
                );
            }
        }
        if k == 0 {
            assert_eq!(steps[h]["technique"], "forcing net", "the first of forum_hardest needs a net");
            assert!(!steps[h]["links"].as_array().unwrap().is_empty());
        }
    }
    let Some(out) = check_page(&page) else { return };
    let count = |k: usize| json(&format!("cl-p{k}-x"))["steps"].as_array().unwrap().len();
    for k in 0..2 {
        let line = format!("explain: {} steps, solved; hardest step ", count(k));
        assert!(out.contains(&line), "{line}: {out}");
    }
    assert_eq!(
        out.matches("each step's candidates were there before it and done after it; the board after the last step is the explanation's grid").count(),
        2,
        "{out}"
    );
    let x = json("cl-p0-x");
    let (h, s0) = (x["hardest"].as_u64().unwrap() as usize, count(0));
    assert!(out.contains(&format!("explain page: ArrowRight: \"step 2 / {s0} ")), "{out}");
    let struck = x["steps"][h]["eliminations"].as_array().unwrap().len();
    let hard = format!("explain page: H: \"step {} / {s0} · forcing net (the hardest step)\"", h + 1);
    assert!(out.contains(&hard), "{hard}: {out}");
    assert!(
        out.contains(&format!("{struck} candidates struck in red of {struck} it rules out (candidates all)")),
        "{out}"
    );
    let links = x["steps"][h]["links"].as_array().unwrap().len();
    assert!(out.contains(&format!(" cells, {links} links, ")), "the net's links are drawn: {out}");
    assert!(out.contains(&format!("explain page: End: \"after step {s0} / {s0} · solved\"")), "{out}");
    assert!(out.contains("hardest: Go to the hardest step"), "the button has a name for screen readers: {out}");
    // N and P go to the next and previous puzzle of the page (two here), and no further.
    assert!(
        out.contains("explain page: P at the first puzzle: ") && out.contains("status \"no previous puzzle\""),
        "{out}"
    );
    assert!(out.contains("explain page: N: ") && out.contains("16×16\", status \"puzzle 2 / 2\""), "{out}");
    assert!(out.contains("9×9\", status \"puzzle 1 / 2\""), "{out}");
    // An alternating inference chain's links are strong (solid) and weak (dashed) in turn.
    let aic: Vec<&serde_json::Value> =
        x["steps"].as_array().unwrap().iter().filter(|st| st["technique"] == "alternating inference chain").collect();
    assert!(!aic.is_empty());
    for st in aic {
        let dashed: Vec<bool> = st["links"].as_array().unwrap().iter().map(|l| l[4].as_bool().unwrap()).collect();
        let expected: Vec<bool> = (0..dashed.len()).map(|i| i % 2 == 1).collect();
        assert_eq!(dashed, expected, "{}", st["text"]);
    }
}

/// `explain --html` on a killer: the cages drawn (in the legend), each constraint step's
/// candidates checked on the page's board, and a step naming its cage by the board's index; it
/// ends solved (the forcing chains read the cages).
#[test]
fn explain_html_draws_killers_and_their_cage_steps() {
    use crate::watching::{check_page, page_block};
    let dir = scratch("explaining", "explain-html-killer");
    let page = dir.join("k.html");
    let o = run(&["explain", "--spec", "killer-9x9-example", "--html", s(&page), "examples/puzzles/killer-9x9.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let html = fs::read_to_string(&page).unwrap();
    let json = |id: &str| -> serde_json::Value { serde_json::from_str(page_block(&html, id).unwrap()).unwrap() };
    let (board, x) = (json("cl-p0"), json("cl-p0-x"));
    let steps = x["steps"].as_array().unwrap();
    let first = &steps[0];
    assert_eq!(first["technique"], "constraint");
    let k = first["constraint"].as_u64().unwrap() as usize;
    let label = board["constraints"][k]["label"].as_str().unwrap();
    assert!(first["text"].as_str().unwrap().contains(label), "{label}: {}", first["text"]);
    let Some(out) = check_page(&page) else { return };
    assert!(out.contains("legend: cage, house-sum"), "{out}");
    let line = format!("explain: {} steps, solved; ", steps.len());
    assert!(
        out.contains(&line) && out.contains("each step's candidates were there before it and done after it"),
        "{out}"
    );
}
