//! Killer sudokus in the two text forms the killer community has long shared them in (9×9, no
//! givens, one puzzle per line; each brings its own spec, as f-puzzles does):
//!
//! - SudoCue's cage form, `3x3::k:6150:6150:6401:…:` (`3x3:d:k:…` with both diagonals as
//!   houses): 81 numbers after `k:`, row-major, each the cell's cage sum × 256 plus a cage
//!   number; cells with the same cage number form a cage, a number below 256 is a cell in no
//!   cage;
//! - the arrow form of the enjoysudoku forum ("understandable snarfable killer cages"), 81
//!   characters: a cage's head cell holds its sum (`1`–`9`, `A`–`Z` for 10–35, `a`–`j` for
//!   36–45; `0` for a cage without a sum) and every other cell an arrow to a neighbour in the
//!   same cage: `<` `>` `^` `v`, and the diagonals `` ` `` (up-left), `'` (up-right), `,`
//!   (down-left), `.` (down-right). `G<<L<K<L<^G>^>^E^^…`.
//!
//! Both are what the Interactive Sudoku Solver (sigh/Interactive-Sudoku-Solver) reads as
//! killers, and its collections (TAREK_ALL, EXTREME_KILLERS, MATHEMAGIC_KILLERS) are written in
//! them.

use std::io::BufRead;

use coverlab_model::Symbols;
use coverlab_model::spec::{CellRef, Rule, Spec};

use crate::error::FormatError;
use crate::source::Lines;
use crate::{Found, Parsed};

const N: usize = 9;
const CELLS: usize = N * N;

/// The characters of the arrow form.
fn arrow_char(c: char) -> bool {
    matches!(c, '0'..='9' | 'A'..='Z' | 'a'..='j' | '<' | '>' | '^' | 'v' | '`' | '\'' | ',' | '.')
}

/// True when `text` looks like a killer in one of the two forms. An arrow form with a few bad
/// characters (at most 9) still counts when it holds `<`, `>` or `^`, which no other format
/// writes, so that its error names the bad character and its column in the killer form.
pub fn looks_like(text: &str) -> bool {
    // Both forms start with `3x3:` or hold an arrow: a line puzzle, which does neither, is told
    // apart in one pass over its bytes (every arrow is ASCII).
    let arrow = |b: u8| matches!(b, b'<' | b'>' | b'^' | b'v' | b'`' | b'\'' | b',');
    if !text.trim_start().starts_with("3x3:") && !text.bytes().any(arrow) {
        return false;
    }
    let t = first_word(text);
    if t.starts_with("3x3:") && t.contains(":k:") {
        return true;
    }
    if !t.bytes().any(arrow) || t.chars().count() != CELLS {
        return false;
    }
    let bad = t.chars().filter(|&c| !arrow_char(c)).count();
    bad == 0 || (bad <= 9 && t.contains(['<', '>', '^']))
}

/// The puzzle part of a line: up to the first whitespace (what follows is a comment).
fn first_word(text: &str) -> &str {
    crate::source::first_word(text)
}

/// The next puzzle: one non-blank line.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>) -> Option<Found> {
    crate::one_per_line(lines, parse, |line, message| FormatError::Killer { line, message })
}

/// Reads one killer (either form); the text after the first whitespace is its comment.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let t = first_word(text);
    let comment = text.trim().strip_prefix(t).map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    let (cages, diagonals, form) =
        if t.starts_with("3x3:") { (sudocue(t)?, t.starts_with("3x3:d:"), "k") } else { (arrows(t)?, false, "arrows") };
    let at = |i: usize| CellRef { row: i / N + 1, col: i % N + 1 };
    let mut rules = vec![Rule::Rows, Rule::Columns, Rule::Boxes { rows: 3, cols: 3 }];
    if diagonals {
        rules.push(Rule::Diagonals);
    }
    for (cells, sum) in cages {
        rules.push(Rule::Cage { cells: cells.into_iter().map(at).collect(), sum });
    }
    let name = if diagonals { "killer-x-9x9" } else { "killer-9x9" };
    let spec = Spec {
        name: name.into(),
        summary: format!("a killer read from the {form} form"),
        size: N,
        symbols: None,
        rules,
    };
    Ok(Parsed {
        size: N,
        values: vec![0; CELLS],
        symbols: Symbols::default_for(N),
        title: None,
        comment,
        spec: Some(Box::new(spec)),
        drawings: Vec::new(),
    })
}

/// A cage: its cells (row-major indices, ascending) and its sum, if it has one.
type Cage = (Vec<usize>, Option<u32>);

/// The cell `rNcM` of index `i`, for messages.
fn name(i: usize) -> String {
    format!("r{}c{}", i / N + 1, i % N + 1)
}

/// SudoCue's form: `3x3:[d]:k:` and 81 numbers separated by `:` (a trailing `:` is fine).
fn sudocue(t: &str) -> Result<Vec<Cage>, String> {
    let mut parts: Vec<&str> = t.split(':').collect();
    if parts.last() == Some(&"") {
        parts.pop();
    }
    match parts.get(1).copied() {
        Some("" | "d") => {}
        Some(other) => {
            return Err(format!("{other:?} after \"3x3:\" is not a variant this reader knows (empty, or d)"));
        }
        None => return Err("not a killer (\"3x3::k:\" then 81 numbers)".into()),
    }
    if parts.get(2) != Some(&"k") {
        return Err("not a killer (\"3x3::k:\" then 81 numbers)".into());
    }
    let numbers = &parts[3..];
    if numbers.len() != CELLS {
        return Err(format!("{} cell numbers after \"k:\", expected {CELLS}", numbers.len()));
    }
    // Cage number → (cells, sum).
    let mut cages: Vec<(u32, Vec<usize>, u32)> = Vec::new();
    for (i, word) in numbers.iter().enumerate() {
        let value: u32 = word
            .parse()
            .map_err(|_| format!("{}: {word:?} is not a whole number (cage sum × 256 + cage number)", name(i)))?;
        let (sum, id) = (value / 256, value % 256);
        if sum == 0 {
            continue;
        }
        match cages.iter_mut().find(|(k, _, _)| *k == id) {
            Some((_, cells, s)) if *s == sum => cells.push(i),
            Some((_, cells, s)) => {
                return Err(format!("{}: cage {id} has sum {sum} here but {s} at {}", name(i), name(cells[0])));
            }
            None => cages.push((id, vec![i], sum)),
        }
    }
    Ok(cages.into_iter().map(|(_, cells, sum)| (cells, Some(sum))).collect())
}

/// The arrow form: 81 characters, heads holding sums and arrows pointing along each cage.
fn arrows(t: &str) -> Result<Vec<Cage>, String> {
    let chars: Vec<char> = t.chars().collect();
    if chars.len() != CELLS {
        return Err(format!(
            "{}, expected {CELLS} (a sum or an arrow per cell)",
            coverlab_model::text::count(chars.len(), "character")
        ));
    }
    // Where each cell points: itself for a head.
    let mut to = [0usize; CELLS];
    for (i, &c) in chars.iter().enumerate() {
        let (r, col) = ((i / N) as i64, (i % N) as i64);
        let (dr, dc) = match c {
            '<' => (0, -1),
            '>' => (0, 1),
            '^' => (-1, 0),
            'v' => (1, 0),
            '`' => (-1, -1),
            '\'' => (-1, 1),
            ',' => (1, -1),
            '.' => (1, 1),
            _ if sum_of(c).is_some() => (0, 0),
            _ => {
                return Err(format!("{} (column {}): {c:?} is neither a sum nor an arrow", name(i), i + 1));
            }
        };
        let (r2, c2) = (r + dr, col + dc);
        if !(0..N as i64).contains(&r2) || !(0..N as i64).contains(&c2) {
            return Err(format!("{} (column {}): {c:?} points outside the grid", name(i), i + 1));
        }
        to[i] = (r2 * N as i64 + c2) as usize;
    }
    // Follow each cell's arrows to its head.
    let mut head_of = [usize::MAX; CELLS];
    for (i, head) in head_of.iter_mut().enumerate() {
        let mut cell = i;
        let mut steps = 0;
        while to[cell] != cell {
            cell = to[cell];
            steps += 1;
            if steps > CELLS {
                return Err(format!("{} (column {}): its arrows go round in a loop", name(i), i + 1));
            }
        }
        *head = cell;
    }
    let mut cages: Vec<Cage> = Vec::new();
    let mut index_of = [usize::MAX; CELLS];
    for (i, &h) in head_of.iter().enumerate() {
        if index_of[h] == usize::MAX {
            index_of[h] = cages.len();
            let sum = sum_of(chars[h]).filter(|&s| s > 0);
            cages.push((Vec::new(), sum));
        }
        cages[index_of[h]].0.push(i);
    }
    Ok(cages)
}

/// A head's sum: `0`–`9`, `A`–`Z` (10–35), `a`–`j` (36–45).
fn sum_of(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(c as u32 - '0' as u32),
        'A'..='Z' => Some(c as u32 - 'A' as u32 + 10),
        'a'..='j' => Some(c as u32 - 'a' as u32 + 36),
        _ => None,
    }
}
