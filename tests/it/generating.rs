//! `coverlab generate` and `coverlab rate` end to end: what they print, that it reads back,
//! that `--jobs` changes nothing, that bad requests are refused and known sets rate in order.

use crate::common;

use common::{json_lines, run, s, scratch, text};

#[test]
fn the_same_seed_gives_the_same_puzzles_whatever_jobs_is() {
    let args =
        |jobs: &'static str| ["generate", "-n", "40", "--seed", "9", "--symmetry", "rot180", "--jobs", jobs, "-q"];
    let one = run(&args("1"));
    let two = run(&args("2"));
    assert!(one.status.success(), "{}", text(&one.stderr));
    assert_eq!(text(&one.stdout).lines().count(), 40);
    assert_eq!(one.stdout, two.stdout);
    let other = run(&["generate", "-n", "40", "--seed", "10", "--symmetry", "rot180", "-q"]);
    assert_ne!(one.stdout, other.stdout);
}

#[test]
fn generated_puzzles_read_back_and_have_one_solution() {
    let dir = scratch("generating", "read-back");
    let file = dir.join("puzzles.txt");
    for (spec, extra) in
        [("classic-9x9", "--minimal"), ("classic-16x16", "--clues=140"), ("anti-knight-9x9", "--minimal")]
    {
        let out = run(&["generate", "--spec", spec, "-n", "3", extra, "-q"]);
        assert!(out.status.success(), "{spec}: {}", text(&out.stderr));
        std::fs::write(&file, &out.stdout).unwrap();
        // Counted by another strategy than the generator's.
        let counted = run(&["count", "--strategy", "dlx", "--max-solutions", "2", "--spec", spec, s(&file)]);
        assert_eq!(text(&counted.stdout), "1\n1\n1\n", "{spec}: {}", text(&counted.stderr));
    }
}

#[test]
fn json_records_carry_the_solution_the_rating_and_a_jigsaw_map() {
    let dir = scratch("generating", "jigsaw");
    let out =
        run(&["generate", "--spec", "jigsaw", "--size", "6", "-n", "2", "--format", "json", "--spec-out", s(&dir)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for record in json_lines(&out) {
        assert_eq!(record["status"], "generated");
        let name = record["spec"].as_str().unwrap();
        assert!(name.starts_with("jigsaw-6x6-s0-"), "{name}");
        assert_eq!(record["regions"].as_array().unwrap().len(), 6);
        assert!(["easy", "medium", "hard", "expert"].contains(&record["level"].as_str().unwrap()));
        // The spec written for it solves the puzzle to the recorded solution.
        let spec = dir.join(format!("{name}.ron"));
        let puzzle = dir.join("p.txt");
        std::fs::write(&puzzle, format!("{}\n", record["puzzle"].as_str().unwrap())).unwrap();
        let solved = run(&["solve", "--spec", s(&spec), s(&puzzle)]);
        assert_eq!(text(&solved.stdout).trim(), record["solution"].as_str().unwrap(), "{}", text(&solved.stderr));
    }
}

#[test]
fn out_of_reach_targets_are_refused_or_reported() {
    let out = run(&["generate", "--clues", "16"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("fewer than 17 givens"), "{}", text(&out.stderr));
    let out = run(&["generate", "--size", "16", "--clues", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("at least 15 givens"), "{}", text(&out.stderr));
    let out = run(&["generate", "--size", "7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--spec jigsaw --size 7"), "{}", text(&out.stderr));
    // Reachable in principle, not in 2 grids: reported per puzzle, exit 1, no loop.
    let out = run(&["generate", "-n", "2", "--clues", "18", "--attempts", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "# 0: not generated\n# 1: not generated\n");
    assert!(text(&out.stderr).contains("no grid of 2 reached 18 givens"), "{}", text(&out.stderr));
}

#[test]
fn full_grids_come_even_at_64x64() {
    let out = run(&["generate", "--full", "--size", "64", "-q"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dir = scratch("generating", "full");
    let file = dir.join("grid.txt");
    std::fs::write(&file, &out.stdout).unwrap();
    let checked = run(&["count", "--strategy", "dlx", s(&file)]);
    assert_eq!(text(&checked.stdout), "1\n", "{}", text(&checked.stderr));
}

/// The mean score of a file's puzzles, and every record's fields checked.
fn mean_score(file: &str) -> f64 {
    let out = run(&["rate", "--format", "json", file]);
    assert!(out.status.success(), "{file}: {}", text(&out.stderr));
    let records = json_lines(&out);
    assert_eq!(records.len(), 50);
    for r in &records {
        assert_eq!(r["scale"], "propagation");
        assert_eq!(r["unique"], true);
        let score = r["score"].as_f64().unwrap();
        let expected = match r["level"].as_str().unwrap() {
            "easy" => 1.0,
            "medium" => 2.0,
            "hard" => 3.0,
            _ => 4.0 + (r["guesses"].as_f64().unwrap().max(1.0)).log2(),
        };
        assert!((score - expected).abs() < 0.01, "{r}");
    }
    records.iter().map(|r| r["score"].as_f64().unwrap()).sum::<f64>() / 50.0
}

#[test]
fn known_sets_rate_in_the_order_people_expect() {
    let easy = mean_score("tests/data/9x9/qqwing_simple_50.txt");
    let top = mean_score("tests/data/9x9/magictour_top1465_first50.txt");
    let hardest = mean_score("tests/data/9x9/forum_hardest_1106_first50.txt");
    assert!(easy < top && top < hardest, "easy {easy}, top1465 {top}, forum_hardest {hardest}");
}

#[test]
fn rate_reports_a_bad_puzzle_and_rates_the_others() {
    let dir = scratch("generating", "rate-bad");
    let file = dir.join("mixed.txt");
    let good = std::fs::read_to_string("tests/data/9x9/magictour_top1465_first50.txt").unwrap();
    let good: Vec<&str> = good.lines().take(2).collect();
    std::fs::write(&file, format!("{}\n11{}\n{}\n", good[0], ".".repeat(79), good[1])).unwrap();
    let out = run(&["rate", s(&file)]);
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].ends_with("expert") || lines[0].ends_with("hard"), "{}", lines[0]);
    assert_eq!(lines[1], "# 1: invalid");
    assert!(text(&out.stderr).contains(":2"), "{}", text(&out.stderr));
}

#[test]
fn a_spec_file_with_extra_houses_and_groups_gets_unique_puzzles() {
    let dir = scratch("generating", "spec-file");
    let spec = dir.join("odd-8x8.ron");
    std::fs::write(
        &spec,
        r#"Spec(
    name: "odd-8x8",
    size: 8,
    rules: [
        Rows,
        Columns,
        Boxes(rows: 2, cols: 4),
        House(name: "diagonal", cells: ["r1c1", "r2c2", "r3c3", "r4c4", "r5c5", "r6c6", "r7c7", "r8c8"]),
        AtMostOnce(name: "corners", cells: ["r1c8", "r8c1", "r4c5", "r5c4"]),
    ],
)
"#,
    )
    .unwrap();
    let out = run(&["generate", "--spec", s(&spec), "-n", "4", "--symmetry", "rot180", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let puzzles: String = json_lines(&out).iter().map(|r| format!("{}\n", r["puzzle"].as_str().unwrap())).collect();
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, puzzles).unwrap();
    let counted = run(&["count", "--strategy", "dlx", "--max-solutions", "2", "--spec", s(&spec), s(&file)]);
    assert_eq!(text(&counted.stdout), "1\n1\n1\n1\n", "{}", text(&counted.stderr));
}

#[test]
fn rate_scale_se_gives_er_ep_ed_and_refuses_other_specs() {
    let dir = scratch("generating", "rate-se");
    let file = dir.join("puzzles.txt");
    // The first two of `generate -n 100 --seed 7`; serate rates them 1.5/1.2/1.2 and 2.0/1.2/1.2
    // (crates/techniques/tests/data/se/serate.txt).
    std::fs::write(
        &file,
        ".5..7..29.......4.36.4.......6...5...3.7..2...95.2...1.2....7..7...963...........\n\
         8...2.....1...5.7...56...3.39.4...1.4......5...78.2....4.......1.8.....5.7...412.\n",
    )
    .unwrap();
    let out = run(&["rate", "--scale", "se", s(&file)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1.5/1.2/1.2\n2.0/1.2/1.2\n");
    let out = run(&["rate", "--scale", "se", "--format", "json", s(&file)]);
    let records = json_lines(&out);
    assert_eq!(records[1]["er"].as_f64(), Some(2.0));
    assert_eq!(records[1]["ep"].as_f64(), Some(1.2));
    assert_eq!(records[1]["ed"].as_f64(), Some(1.2));
    assert_eq!(records[1]["scale"], "se");
    // --stats counts SE's own bands of ER (its generator's), not the propagation levels.
    let out = run(&["rate", "--scale", "se", "--stats", s(&file)]);
    let stats = text(&out.stderr);
    assert!(stats.contains("se bands: easy 0 (0.0%), medium 1 (50.0%), hard 1 (50.0%), fiendish 0 (0.0%)"), "{stats}");
    assert!(stats.contains("er: mean 1.75"), "{stats}");
    assert!(!stats.contains("levels:"), "{stats}");

    let small = dir.join("small.txt");
    std::fs::write(&small, ".342.....43.....\n").unwrap();
    let out = run(&["rate", "--scale", "se", "--spec", "classic-4x4", s(&small)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("small.txt:1: --scale se rates classic 9x9 sudoku only"),
        "{}",
        text(&out.stderr)
    );

    // Two solutions: SE's scale assumes one.
    let two = dir.join("two.txt");
    std::fs::write(&two, format!("{}\n", ".".repeat(81))).unwrap();
    let out = run(&["rate", "--scale", "se", s(&two)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("more than one solution"), "{}", text(&out.stderr));

    // Pencil marks are named as what the scale does not read.
    let out = run(&["rate", "--scale", "se", "examples/puzzles/marks-9x9.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("does not read pencil marks"), "{}", text(&out.stderr));
}

/// A file in a scratch folder `name` holding forum_hardest's 50th (which needs SE's level 4)
/// and then an easy puzzle (rated 1.5/1.2/1.2): `hard.txt`, with the folder (kept bound while
/// the file is used: it goes when dropped).
fn hard_then_easy(name: &str) -> (common::Scratch, std::path::PathBuf) {
    let dir = scratch("generating", name);
    let hard = dir.join("hard.txt");
    let hardest = std::fs::read_to_string("tests/data/9x9/forum_hardest_1106_first50.txt").unwrap();
    let first = hardest.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).nth(49).unwrap();
    std::fs::write(
        &hard,
        format!("{first}\n.5..7..29.......4.36.4.......6...5...3.7..2...95.2...1.2....7..7...963...........\n"),
    )
    .unwrap();
    (dir, hard)
}

/// forum_hardest's 50th, which the nested chains up to level 3 do not solve: level 4 goes on
/// (SE's last level, within its budget of nested searches): either a rating of 10.5 or more,
/// or, past the budget, no figure (not SE's 20.0) and a message naming the budget; either way
/// the good puzzle after it is still rated. Slow: level 4 runs for seconds to minutes.
#[test]
#[ignore = "slow: SE's level 4 on a forum_hardest puzzle"]
fn rate_scale_se_level_4_rates_or_says_unrated_and_the_batch_goes_on() {
    let (_dir, hard) = hard_then_easy("rate-se-level-4");
    let out = run(&["rate", "--scale", "se", s(&hard)]);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[1], "1.5/1.2/1.2");
    if lines[0] == "# 0: unrated" {
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("hard.txt:1: not rated"), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("budget"), "{}", text(&out.stderr));
    } else {
        assert!(out.status.success(), "{}", text(&out.stderr));
        let er: f64 = lines[0].split('/').next().unwrap().parse().unwrap();
        assert!(er >= 10.5, "{stdout}");
    }
}

/// The budget path, fast and the same on every machine: with the hidden `--se-budget` (for
/// tests) set to 10 nested searches, forum_hardest's 50th (which needs level 4, and far more
/// than 10 of its searches) is not rated: `# 0: unrated`, a message naming that budget, exit 1;
/// the good puzzle after it is still rated. A count, not a clock: no timing in the outcome.
#[test]
fn rate_scale_se_past_a_small_budget_says_unrated_naming_it_and_the_batch_goes_on() {
    let (_dir, hard) = hard_then_easy("rate-se-budget");
    let out = run(&["rate", "--scale", "se", "--se-budget", "10", s(&hard)]);
    assert_eq!(text(&out.stdout), "# 0: unrated\n1.5/1.2/1.2\n");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains(
            "hard.txt:1: not rated: SE's last nesting level (dynamic forcing chains inside dynamic chains, \
             ER 10.5 and up) ran past its budget of 10 nested searches"
        ),
        "{}",
        text(&out.stderr)
    );
    // The flag is for tests: hidden from the help.
    let help = run(&["rate", "--help"]);
    assert!(!text(&help.stdout).contains("se-budget"), "{}", text(&help.stdout));
}

#[test]
fn generate_min_and_max_rating_keep_puzzles_in_the_se_range() {
    let dir = scratch("generating", "rating-range");
    let out = run(&["generate", "-n", "2", "--seed", "1", "--min-rating", "4.0", "--max-rating", "6.0"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = dir.join("made.txt");
    std::fs::write(&file, &out.stdout).unwrap();
    let rated = run(&["rate", "--scale", "se", "--format", "json", s(&file)]);
    let records = json_lines(&rated);
    assert_eq!(records.len(), 2, "{}", text(&rated.stderr));
    for record in &records {
        let er = record["er"].as_f64().unwrap();
        assert!((4.0..=6.0).contains(&er), "ER {er} outside 4.0 to 6.0");
    }

    // Refused at once, exit 2: another spec, an empty range, a dataset; a range out of reach
    // within --attempts is reported, exit 1.
    for (args, says) in [
        (&["--size", "4", "--min-rating", "2"][..], "classic 9x9 sudoku only"),
        (&["--min-rating", "9", "--max-rating", "8"][..], "--min-rating 9.0 is above --max-rating 8.0"),
        (&["--max-rating", "3", "--format", "parquet", "-o", s(&dir)][..], "not for --format parquet"),
    ] {
        let out = run(&[&["generate"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
    }
    let out = run(&["generate", "--min-rating", "1.0", "--max-rating", "1.0", "--attempts", "2", "--seed", "2"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("reached SE rating 1.0 to 1.0"), "{}", text(&out.stderr));
}
