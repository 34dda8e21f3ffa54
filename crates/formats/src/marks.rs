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

use std::io::BufRead;

use coverlab_model::spec::{CellRef, Rule, Spec};
use coverlab_model::{Symbols, builtin, cell_name};

use crate::error::FormatError;
use crate::source::Lines;
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

/// A crossed-out candidate.
fn crossed(c: char) -> bool {
    c == '.' || c == '0'
}

/// The first word of `text`.
fn first_word(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or("")
}

/// Reads the next pencil-mark line; `forced` is the spec given with `--spec`, if any.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, forced: Option<&Spec>) -> Option<Found> {
    crate::one_per_line(lines, |text| parse(text, forced), |line, message| FormatError::Marks { line, message })
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
    let mut spec = match forced {
        Some(spec) if spec.size == n => spec.clone(),
        Some(spec) => {
            return Err(format!("the pencil marks are {n}×{n}, but spec {} is {1}×{1}", spec.name, spec.size));
        }
        None => builtin::classic(n).ok_or_else(|| format!("no classic spec is {n}×{n}: give one with --spec"))?,
    };
    let chars: Vec<char> = word.chars().collect();
    let mut values = vec![0u8; n * n];
    for (cell, marks) in chars.chunks(n).enumerate() {
        let kept: Vec<u32> = (1..=n as u32).filter(|&v| !crossed(marks[v as usize - 1])).collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The marks of a 4×4 grid: every cell open, with the given candidate lists.
    fn line(cells: &[&str]) -> String {
        cells
            .iter()
            .map(|c| {
                (1..=4)
                    .map(|v| if c.contains(char::from(b'0' + v)) { char::from(b'0' + v) } else { '.' })
                    .collect::<String>()
            })
            .collect()
    }

    #[test]
    fn a_line_of_marks_is_told_from_a_line_puzzle() {
        let all = line(&["1234"; 16]);
        assert_eq!(looks_like(&all), Some(4));
        assert_eq!(looks_like(&format!("{all} a comment")), Some(4));
        // Out of place, too short, or only crossed out: not marks.
        assert_eq!(looks_like(&all.replacen("1234", "2134", 1)), None);
        assert_eq!(looks_like(&all[1..]), None);
        assert_eq!(looks_like(&".".repeat(64)), None);
        assert_eq!(looks_like(&"1".repeat(729)), None);
    }

    #[test]
    fn single_marks_are_givens_and_the_others_rules() {
        let mut cells = vec!["1234"; 16];
        cells[0] = "1";
        cells[5] = "24";
        let parsed = parse(&format!("{} # mine", line(&cells)), None).unwrap();
        assert_eq!(parsed.values[0], 1);
        assert!(parsed.values[1..].iter().all(|&v| v == 0));
        let spec = parsed.spec.unwrap();
        assert_eq!(spec.name, "classic-4x4");
        assert_eq!(spec.rules.last(), Some(&Rule::Candidates { cell: CellRef { row: 2, col: 2 }, values: vec![2, 4] }));
        assert_eq!(spec.rules.len(), 4);
        assert_eq!(parsed.comment.as_deref(), Some("# mine"));
    }

    #[test]
    fn a_cell_without_candidates_is_named() {
        let mut text = line(&["1234"; 16]);
        text.replace_range(20..24, "....");
        // Only crossed-out marks in r2c2: still marks (other cells keep theirs), and an error.
        assert_eq!(parse(&text, None).unwrap_err(), "r2c2 has no candidate left");
    }
}
