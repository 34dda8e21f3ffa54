//! Guessing the input format from the first line that holds a puzzle.
//!
//! Rules, in order, on the first line that is neither blank nor a comment:
//! 1. it contains `,` → `csv`;
//! 2. it is a lone number of at most 3 digits (a size) → `header`;
//! 3. it is a size s followed by exactly s² numbers, none above s, and so is the next puzzle
//!    line if there is one (a one-line header; a grid row cannot pass this twice, as two rows
//!    would start with the same value in one column) → `header`;
//! 4. it has several whitespace-separated tokens → `grid`;
//! 5. it is one run of symbols: of length n² for the forced spec, or for a size with a
//!    built-in spec → `line`, unless that length is also a possible row length and the run uses
//!    symbols that no n-symbol alphabet has (a 16x16 grid row is not a 4x4 line puzzle);
//! 6. a run of n ≤ 64 symbols (n the forced spec's size, if any) → `grid`; anything else → `line`
//!    (whose error will say what length was expected).

use std::io::BufRead;

use coverlab_model::{MAX_SIZE, builtin};

use crate::InputFormat;
use crate::decode::{Context, EMPTY_MARKS};
use crate::header::is_size_line;
use crate::source::{Line, Lines, Next};

/// How many unreadable lines or lines after the first puzzle line detection looks at.
const LOOKAHEAD: usize = 64;

/// Detects the format of the input, leaving every line it looked at to be read again.
/// `None` when the input holds nothing but blank lines and comments.
pub(crate) fn detect<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<InputFormat> {
    // Leading blank lines and comments are dropped: every format skips them.
    let mut before: Vec<Next> = Vec::new();
    let first = loop {
        match lines.next() {
            Next::Eof => break None,
            Next::Line(line) if line.is_blank() || line.is_comment() => continue,
            Next::Line(line) => break Some(line),
            bad @ Next::Bad(_) => {
                before.push(bad);
                if before.len() >= LOOKAHEAD {
                    break None;
                }
            }
        }
    };
    let mut after: Vec<Next> = Vec::new();
    let format = match &first {
        None if before.is_empty() => None,
        None => Some(InputFormat::Line), // only unreadable lines: each becomes an error entry
        Some(line) => Some(classify(line, lines, &mut after, ctx)),
    };
    // Give everything back in reading order: unreadable lines, the first line, what followed.
    let back = before.into_iter().chain(first.map(Next::Line)).chain(after);
    for next in back.collect::<Vec<_>>().into_iter().rev() {
        lines.unread_next(next);
    }
    format
}

/// Applies the rules to the first puzzle line; `held` collects any line read beyond it.
fn classify<R: BufRead>(line: &Line, lines: &mut Lines<R>, held: &mut Vec<Next>, ctx: &mut Context) -> InputFormat {
    if line.rest().contains(',') {
        return InputFormat::Csv;
    }
    if is_size_line(line) {
        return InputFormat::Header;
    }
    let words = line.words();
    if words.len() > 1 {
        if one_line_header(line) {
            // Look at the next puzzle line: it must be a one-line header too, or absent.
            let next = loop {
                if held.len() >= LOOKAHEAD {
                    break None;
                }
                let next = lines.next();
                let seen = match &next {
                    Next::Line(l) if l.is_blank() || l.is_comment() => None,
                    Next::Line(l) => Some(Some(one_line_header(l))),
                    Next::Bad(_) => None,
                    Next::Eof => Some(None),
                };
                held.push(next);
                if let Some(verdict) = seen {
                    break verdict;
                }
            };
            if next != Some(false) {
                return InputFormat::Header;
            }
        }
        return InputFormat::Grid;
    }
    let text = line.rest().trim();
    let len = text.chars().count();
    let root = len.isqrt();
    match ctx.forced_size() {
        Some(n) if len == n * n => InputFormat::Line,
        Some(n) if len == n => InputFormat::Grid,
        Some(_) => InputFormat::Line,
        None if builtin::for_cell_count(len).is_some() => {
            if len <= MAX_SIZE && !ctx.fits_some_alphabet(text, root) {
                InputFormat::Grid
            } else {
                InputFormat::Line
            }
        }
        None if (2..=MAX_SIZE).contains(&len) => InputFormat::Grid,
        None => InputFormat::Line,
    }
}

/// True for `s v1 … v(s²)` with 2 ≤ s ≤ 64 and every v a number 0..=s or an empty mark.
fn one_line_header(line: &Line) -> bool {
    let words = line.words();
    let Some(s) = words.first().and_then(|w| w.text.parse::<usize>().ok()) else {
        return false;
    };
    (2..=MAX_SIZE).contains(&s)
        && words.len() == 1 + s * s
        && words[1..].iter().all(|w| {
            w.text.parse::<usize>().is_ok_and(|v| v <= s)
                || w.text.chars().count() == 1 && w.text.chars().all(|c| EMPTY_MARKS.contains(&c))
        })
}
