//! `coverlab canon`: copies of a puzzle under the sudoku symmetries share one form, and it is
//! the least of them.

use std::fs;

use crate::common;

use common::{run, s, scratch, text};

/// A small generator for the symmetries below (the test's own, not the program's).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, k: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % k as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }

    /// An order of 0..n keeping groups of `size` (bands, stacks) together.
    fn grouped(&mut self, n: usize, size: usize) -> Vec<usize> {
        let mut groups: Vec<usize> = (0..n / size).collect();
        self.shuffle(&mut groups);
        let mut order = Vec::new();
        for g in groups {
            let mut within: Vec<usize> = (g * size..(g + 1) * size).collect();
            self.shuffle(&mut within);
            order.extend(within);
        }
        order
    }
}

/// `line` (n² symbols, `.` empty) with its bands, rows, stacks and columns shuffled, perhaps
/// transposed, and its symbols relabelled.
fn copy(line: &str, box_rows: usize, box_cols: usize, rng: &mut Lcg) -> String {
    let n = box_rows * box_cols;
    let cells: Vec<char> = line.chars().collect();
    let symbols: Vec<char> = "123456789ABCDEFG".chars().take(n).collect();
    let mut relabel = symbols.clone();
    rng.shuffle(&mut relabel);
    let (rows, cols) = (rng.grouped(n, box_rows), rng.grouped(n, box_cols));
    let transpose = box_rows == box_cols && rng.below(2) == 1;
    (0..n * n)
        .map(|i| {
            let (r, c) = (rows[i / n], cols[i % n]);
            let ch = if transpose { cells[c * n + r] } else { cells[r * n + c] };
            symbols.iter().position(|&s| s == ch).map_or('.', |k| relabel[k])
        })
        .collect()
}

fn puzzles(file: &str, size: usize) -> Vec<String> {
    fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.chars().take(size).collect())
        .collect()
}

#[test]
fn copies_of_a_puzzle_share_its_form() {
    // The first 200 of the published 17-clue list are written in their least form already.
    let file = "tests/data/9x9/17_clue_first200.txt";
    let published = puzzles(file, 81);
    let o = run(&["canon", file]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let forms: Vec<String> = text(&o.stdout).lines().map(str::to_string).collect();
    assert_eq!(forms, published);
    // Shuffled copies of them come back to them.
    let mut rng = Lcg(17);
    let dir = scratch("canon", "copies");
    let copies: Vec<String> = published[..40].iter().map(|p| copy(p, 3, 3, &mut rng)).collect();
    assert!(copies.iter().zip(&published).filter(|(c, p)| c != p).count() >= 39, "the copies differ");
    let shuffled = dir.join("copies.txt");
    fs::write(&shuffled, copies.join("\n") + "\n").unwrap();
    let o = run(&["canon", "--jobs", "2", s(&shuffled)]);
    assert_eq!(
        text(&o.stdout).lines().collect::<Vec<_>>(),
        published[..40].iter().map(String::as_str).collect::<Vec<_>>()
    );
    // 16×16 (no published forms): copies share one form, which is no greater than any of them.
    let sixteen = puzzles("tests/data/16x16/gecode_janko_55.txt", 256);
    let mut lines = Vec::new();
    for p in &sixteen[..6] {
        lines.extend([p.clone(), copy(p, 4, 4, &mut rng), copy(p, 4, 4, &mut rng)]);
    }
    let file16 = dir.join("sixteen.txt");
    fs::write(&file16, lines.join("\n") + "\n").unwrap();
    let o = run(&["canon", "--format", "json", s(&file16)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let forms: Vec<String> = common::json_lines(&o).iter().map(|v| v["canon"].as_str().unwrap().to_string()).collect();
    assert_eq!(forms.len(), 18);
    let key = |l: &str| l.chars().map(|c| if c == '.' { '0' } else { c }).collect::<String>();
    for (k, three) in forms.chunks(3).enumerate() {
        assert!(three[0] == three[1] && three[1] == three[2], "puzzle {k}: {three:?}");
        assert!(lines[3 * k..3 * k + 3].iter().all(|l| key(&three[0]) <= key(l)), "puzzle {k}");
    }
}

#[test]
fn canon_refuses_what_is_not_a_classic_puzzle_and_goes_on() {
    let dir = scratch("canon", "refused");
    let file = dir.join("mixed.txt");
    let p = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    fs::write(&file, format!("{p}\n12345\n{p}\n")).unwrap();
    let o = run(&["canon", s(&file)]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stdout), format!("{p}\n# 1: invalid\n{p}\n"));
    assert!(text(&o.stderr).contains("mixed.txt:2"), "{}", text(&o.stderr));
    let o = run(&["canon", "--spec", "x-sudoku-9x9", p]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("for classic puzzles"), "{}", text(&o.stderr));
}
