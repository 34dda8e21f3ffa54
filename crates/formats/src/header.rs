//! The `header` format: the size n, then n² numbers (0 for empty), separated by any whitespace
//! (spaces, newlines, blank lines); puzzles follow one another.
//!
//! ```text
//! 4
//! 1 0 0 0
//! 0 0 3 0
//! 0 4 0 0
//! 0 0 0 2
//! ```
//!
//! A puzzle may end in the middle of a line; the next one starts right after it. After an error
//! that breaks the count (a bad size, an unreadable line), reading resumes at the next blank line
//! or the next line holding a lone number (the size of the next puzzle).

use std::io::BufRead;

use coverlab_model::MAX_SIZE;

use crate::Found;
use crate::decode::{Context, Raw, Token};
use crate::error::FormatError;
use crate::source::{Line, Lines, Next, Word};

/// Reads the next header puzzle.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Found> {
    let mut current = match next_data_line(lines)? {
        Ok(line) => line,
        Err(e) => {
            resync(lines);
            return Some((e.line(), Err(e)));
        }
    };
    let start = current.number;
    let n = match size(current.words()[0], start) {
        Ok(n) => n,
        Err(e) => {
            resync(lines);
            return Some((start, Err(e)));
        }
    };
    let mismatch = ctx.check_size(n, start).err();
    let need = n * n;
    let mut cells = Vec::with_capacity(need);
    let mut skip = 1; // words of the current line already used (the size)
    loop {
        let words = current.words();
        let take = (need - cells.len()).min(words.len() - skip);
        cells.extend(words[skip..skip + take].iter().map(|w| Raw {
            token: Token::classify(w.text),
            line: current.number,
            column: w.column,
        }));
        if cells.len() == need {
            if skip + take < words.len() {
                current.start = words[skip + take - 1].end;
                lines.unread(current);
            }
            break;
        }
        let last = current.number;
        current = match next_data_line(lines) {
            Some(Ok(line)) => line,
            Some(Err(e)) => {
                resync(lines);
                return Some((start, Err(e)));
            }
            None => {
                let e = FormatError::Incomplete {
                    line: last,
                    found: cells.len(),
                    expected: need,
                    unit: "cells",
                    reason: "end of input",
                };
                return Some((start, Err(e)));
            }
        };
        skip = 0;
    }
    let result = match mismatch {
        Some(e) => Err(e),
        None => ctx.decode(&cells, n, true),
    };
    Some((start, result))
}

/// The next line with something on it (skipping blank lines and comments); `None` at the end.
fn next_data_line<R: BufRead>(lines: &mut Lines<R>) -> Option<Result<Line, FormatError>> {
    loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => return Some(Err(e)),
            Next::Line(line) if line.is_blank() || line.is_comment() => continue,
            Next::Line(line) => return Some(Ok(line)),
        }
    }
}

/// Reads a size token: a number 1..=MAX_SIZE, refused before anything is allocated for it.
fn size(word: Word<'_>, line: usize) -> Result<usize, FormatError> {
    let column = word.column;
    if word.text.is_empty() || !word.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FormatError::NotASize { line, column, token: word.text.to_string(), max: MAX_SIZE });
    }
    match word.text.parse::<usize>() {
        Ok(n) if (1..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(FormatError::SizeOutOfRange { line, column, size: word.text.to_string(), max: MAX_SIZE }),
    }
}

/// True for a line holding a lone number of at most 3 digits: the start of a header puzzle.
pub(crate) fn is_size_line(line: &Line) -> bool {
    match line.words().as_slice() {
        [word] => word.text.len() <= 3 && word.text.bytes().all(|b| b.is_ascii_digit()),
        _ => false,
    }
}

/// Skips to where the next puzzle probably starts: after the next blank line, or at the next
/// line holding a lone number.
fn resync<R: BufRead>(lines: &mut Lines<R>) {
    loop {
        match lines.next() {
            Next::Eof => return,
            Next::Line(line) if line.is_blank() => return,
            Next::Line(line) if is_size_line(&line) => {
                lines.unread(line);
                return;
            }
            _ => {}
        }
    }
}
