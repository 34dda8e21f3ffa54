//! Pencil-mark grids: a person's candidates, one puzzle per line, in the form Sudoku Explainer
//! reads (729 characters for a 9×9 grid).
//!
//! Each cell is n characters in a row, row-major, so a line is n³ characters: the k-th character
//! of a cell is the k-th symbol (value k) when that value is still a candidate, and `.` or `0`
//! when it was crossed out. A 9×9 grid whose first cell keeps 1, 2 and 5 starts `12..5....`.
//! Text after the first whitespace is the puzzle's comment.
//!
//! A cell with one candidate is a filled cell (a given, as the person has it); a cell with
//! several is open, and the puzzle's spec gains a [`Rule::Candidates`] for it, so that every
//! strategy, `explain` and `hint` start from the person's marks. A cell with none is an error
//! naming it. The spec is the forced one (`--spec`) or the classic spec of the size.
//!
//! The layout tells the form from a line puzzle of n³ cells: each symbol stands in its own place
//! in its cell (a 27×27 line puzzle never does).
//!
//! Pencil marks are also read as a grid of candidate lists, as HoDoKu and forum posts print them
//! (n ≤ 9): n rows of n words, each word a cell's candidates (`4 68 38 | 1 7 5 | …`), `|`
//! between boxes and rule lines (`.---+---.`, `:---+---:`, `'---'`, `+---+`, `---`) ignored. A
//! row is told from a grid row of values by a word of two candidates or more. The grid ends at
//! its n-th row; one puzzle per grid.

use std::io::BufRead;

use coverlab_model::spec::{CellRef, Rule, Spec};
use coverlab_model::{Symbols, builtin, cell_name};

use crate::error::FormatError;
use crate::source::{Line, Lines, Next};
use crate::{Found, Parsed};

/// The size n of a pencil-mark line (its first word): n³ characters, each a cell's own symbol in
/// its place or a crossed-out mark. `None` when `text` is not one.
pub fn looks_like(text: &str) -> Option<usize> {
    let word = first_word(text);
    let len = word.len();
    let n = (4..=16).find(|n| n * n * n == len)?;
    let symbols = Symbols::default_for(n);
    let mut kept = 0;
    for (i, c) in word.chars().enumerate() {
        let place = (i % n) as u8 + 1;
        match symbols.value_of(c) {
            Some(v) if v == place => kept += 1,
            _ if crossed(c) => {}
            _ => return None,
        }
    }
    // A line of crossed-out marks alone is an empty line puzzle of n³ cells, not marks.
    (kept > 0).then_some(n)
}

/// The size n of a row of candidate lists (n ≤ 9 words of increasing digits 1..=n separated by
/// whitespace or `|`, at least one of two digits or more). `None` when `text` is not one.
pub fn looks_like_row(text: &str) -> Option<usize> {
    // Counted before they are collected: most lines (a line puzzle, a grid's row of 9 words) are
    // told apart here, with no allocation.
    if !(4..=9).contains(&row_word_iter(text).count()) || !row_word_iter(text).any(|w| w.len() >= 2) {
        return None;
    }
    let words = row_words(text);
    let n = words.len();
    if !(4..=9).contains(&n) || builtin::box_shape(n).is_none() || words.iter().all(|w| w.len() < 2) {
        return None;
    }
    words.iter().all(|w| candidates_of(w, n).is_some()).then_some(n)
}

/// The words of a row of candidate lists.
fn row_words(text: &str) -> Vec<&str> {
    row_word_iter(text).collect()
}

/// The words of a row of candidate lists, one at a time.
fn row_word_iter(text: &str) -> impl Iterator<Item = &str> {
    let data = text.split_once(" #").map_or(text, |(d, _)| d);
    data.split(|c: char| c.is_whitespace() || c == '|').filter(|w| !w.is_empty())
}

/// A word's candidates as a mask: increasing digits 1..=n. `None` otherwise.
fn candidates_of(word: &str, n: usize) -> Option<u64> {
    let mut mask = 0u64;
    let mut last = 0;
    for c in word.chars() {
        let v = c.to_digit(10).filter(|&v| v as usize <= n && v > last)?;
        last = v;
        mask |= 1 << (v - 1);
    }
    (mask != 0).then_some(mask)
}

/// A rule line drawn between a candidate grid's bands: only `.`, `-`, `:`, `+`, `'`, `=`, `|`
/// and spaces, with a `-` or `=`.
fn is_rule(text: &str) -> bool {
    let t = text.trim();
    t.contains(['-', '=']) && t.chars().all(|c| ".-:+'=| ".contains(c))
}

/// A crossed-out candidate.
fn crossed(c: char) -> bool {
    c == '.' || c == '0'
}

/// The first word of `text`.
fn first_word(text: &str) -> &str {
    crate::source::first_word(text)
}

/// Reads the next pencil-mark line or grid; `forced` is the spec given with `--spec`, if any.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, forced: Option<&Spec>) -> Option<Found> {
    let error = |line, message| FormatError::Marks { line, message };
    loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => return Some((e.line(), Err(e))),
            Next::Line(line) if line.is_blank() || line.is_comment() || is_rule(line.rest()) => lines.recycle(line),
            Next::Line(line) if looks_like(&line.text).is_some() || looks_like_row(line.rest()).is_none() => {
                lines.unread(line);
                return crate::one_per_line(lines, |text| parse(text, forced), error);
            }
            Next::Line(line) => return Some(grid(lines, line, forced)),
        }
    }
}

/// Reads a grid of candidate lists from its first row on.
fn grid<R: BufRead>(lines: &mut Lines<R>, first: Line, forced: Option<&Spec>) -> Found {
    let start = first.number;
    let n = row_words(first.rest()).len();
    let mut masks: Vec<u64> = Vec::with_capacity(n * n);
    let mut next = Some(first);
    let result = loop {
        let line = match next.take() {
            Some(line) => line,
            None => match lines.next() {
                Next::Line(line) => line,
                Next::Bad(e) => break Err(e),
                Next::Eof => {
                    break Err(FormatError::Marks {
                        line: start,
                        message: format!("the grid of candidates ends after {} of its {n} rows", masks.len() / n),
                    });
                }
            },
        };
        if line.is_comment() || is_rule(line.rest()) {
            lines.recycle(line);
            continue;
        }
        let words = row_words(line.rest());
        let row: Option<Vec<u64>> = words.iter().map(|w| candidates_of(w, n)).collect();
        let problem = match row {
            Some(row) if row.len() == n => {
                masks.extend(row);
                None
            }
            _ => Some(match words.iter().find(|w| candidates_of(w, n).is_none()) {
                Some(w) => format!("{w:?} is not a list of candidates (increasing digits 1 to {n})"),
                None => format!("a row of {} cells in a grid of candidates {n} wide", words.len()),
            }),
        };
        let number = line.number;
        lines.recycle(line);
        if let Some(message) = problem {
            break Err(FormatError::Marks { line: number, message });
        }
        if masks.len() == n * n {
            break from_masks(n, &masks, forced, None).map_err(|message| FormatError::Marks { line: start, message });
        }
    };
    (start, result)
}

/// Reads one pencil-mark line (see the module's documentation).
pub fn parse(text: &str, forced: Option<&Spec>) -> Result<Parsed, String> {
    let word = first_word(text);
    let comment = text.trim().strip_prefix(word).map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    let n = looks_like(word).ok_or_else(|| {
        format!(
            "not a pencil-mark line: expected n³ characters (729 for 9×9), each cell's n candidates in \
             their places or `.` where crossed out; found {} characters",
            word.chars().count()
        )
    })?;
    let chars: Vec<char> = word.chars().collect();
    let masks: Vec<u64> = chars
        .chunks(n)
        .map(|marks| (1..=n).filter(|&v| !crossed(marks[v - 1])).fold(0, |m, v| m | 1 << (v - 1)))
        .collect();
    from_masks(n, &masks, forced, comment)
}

/// The puzzle of n² candidate masks (bit v − 1 for value v): one candidate is a filled cell,
/// fewer than all a [`Rule::Candidates`] of the forced spec, or of the classic spec of the size.
fn from_masks(n: usize, masks: &[u64], forced: Option<&Spec>, comment: Option<String>) -> Result<Parsed, String> {
    let mut spec = match forced {
        Some(spec) if spec.size == n => spec.clone(),
        Some(spec) => {
            return Err(format!("the pencil marks are {n}×{n}, but spec {} is {1}×{1}", spec.name, spec.size));
        }
        None => builtin::classic(n).ok_or_else(|| format!("no classic spec is {n}×{n}: give one with --spec"))?,
    };
    let mut values = vec![0u8; n * n];
    for (cell, &mask) in masks.iter().enumerate() {
        let kept: Vec<u32> = (1..=n as u32).filter(|&v| mask >> (v - 1) & 1 == 1).collect();
        match kept.as_slice() {
            [] => return Err(format!("{} has no candidate left", cell_name(cell, n))),
            &[v] => values[cell] = v as u8,
            _ if kept.len() == n => {}
            _ => spec
                .rules
                .push(Rule::Candidates { cell: CellRef { row: cell / n + 1, col: cell % n + 1 }, values: kept }),
        }
    }
    let mut parsed = Parsed::with_spec(values, spec, None, Vec::new());
    parsed.comment = comment;
    Ok(parsed)
}
