//! The `grid` format: n rows of n cells, as space-separated tokens or as n symbols without
//! spaces; puzzles separated by blank lines or following one another.
//!
//! ```text
//! 0 0 0 0 0 4 0 0 0        4.......         # a row of symbols also works
//! 0 0 0 0 0 0 2 0 9
//! …
//! ```
//!
//! The row reader here is shared with the `csv` format, which differs only in how a row is split.

use std::io::BufRead;

use coverlab_model::MAX_SIZE;

use crate::Found;
use crate::decode::{Context, Raw, Token};
use crate::error::FormatError;
use crate::source::{Line, Lines, Next};

/// Splits one row into cells, appending them to `out`; returns how many cells it has.
pub(crate) type SplitRow = fn(&Line, &mut Vec<Raw>) -> usize;

/// Reads the next grid puzzle.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Found> {
    next_rows(lines, ctx, split_row, false)
}

/// Splits a grid row: whitespace-separated tokens, or (a single word of several characters) one
/// symbol per character.
pub(crate) fn split_row(line: &Line, out: &mut Vec<Raw>) -> usize {
    let words = line.words();
    if let [word] = words.as_slice()
        && word.text.chars().nth(1).is_some()
    {
        let cells = word.text.chars().enumerate().map(|(i, c)| Raw {
            token: Token::of_char(c),
            line: line.number,
            column: word.column + i,
        });
        let before = out.len();
        out.extend(cells);
        return out.len() - before;
    }
    out.extend(words.iter().map(|w| Raw { token: Token::classify(w.text), line: line.number, column: w.column }));
    words.len()
}

/// Reads the next puzzle made of rows: n = the number of cells in its first row; then n - 1 more
/// rows. Comment lines are skipped anywhere; a blank line before the last row ends the puzzle
/// early (an error). After an error the puzzle's remaining rows are still consumed, so the next
/// puzzle starts where it should.
pub(crate) fn next_rows<R: BufRead>(
    lines: &mut Lines<R>,
    ctx: &mut Context,
    split: SplitRow,
    numbers_first: bool,
) -> Option<Found> {
    let first = loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => {
                skip_to_blank(lines);
                return Some((e.line(), Err(e)));
            }
            Next::Line(line) if line.is_blank() || line.is_comment() => continue,
            Next::Line(line) => break line,
        }
    };
    let start = first.number;
    let mut cells = Vec::new();
    let n = split(&first, &mut cells);
    if n > MAX_SIZE {
        skip_to_blank(lines);
        return Some((start, Err(FormatError::RowTooWide { line: start, cells: n, max: MAX_SIZE })));
    }
    let mut error = ctx.check_size(n, start).err();
    cells.reserve(n * n - n);
    let (mut rows, mut last) = (1, start);
    while rows < n {
        let incomplete =
            |line, reason| FormatError::Incomplete { line, found: rows, expected: n, unit: "rows", reason };
        match lines.next() {
            Next::Eof => {
                error.get_or_insert(incomplete(last, "end of input"));
                break;
            }
            Next::Bad(e) => {
                last = e.line();
                error.get_or_insert(e);
            }
            Next::Line(line) if line.is_comment() => continue,
            Next::Line(line) if line.is_blank() => {
                error.get_or_insert(incomplete(line.number, "blank line"));
                break;
            }
            Next::Line(line) => {
                last = line.number;
                let before = cells.len();
                let found = split(&line, &mut cells);
                if found != n {
                    cells.truncate(before);
                    error.get_or_insert(FormatError::WrongRowLength { line: line.number, cells: found, expected: n });
                }
            }
        }
        rows += 1;
    }
    let result = match error {
        Some(e) => Err(e),
        None => ctx.decode(&cells, n, numbers_first),
    };
    Some((start, result))
}

/// Skips lines up to and including the next blank line (or to the end of the input).
pub(crate) fn skip_to_blank<R: BufRead>(lines: &mut Lines<R>) {
    loop {
        match lines.next() {
            Next::Eof => return,
            Next::Line(line) if line.is_blank() => return,
            _ => {}
        }
    }
}
