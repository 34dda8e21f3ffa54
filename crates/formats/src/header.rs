//! The `header` format: the size n, then n² numbers (0 for empty), separated by any whitespace
//! (spaces, newlines, blank lines); puzzles follow one another.
//!
//! ```text
//! 4
//! 1 0 0 0
//! 0 0 3 0
//! 0 4 0 0
//! 0 0 0 2
//! 4 0 0 0 3 0 4 0 0 0 0 0 0 0 2 0 0
//! ```
//!
//! A puzzle may end in the middle of a line; the next one starts right after it. A title line
//! before a puzzle is kept (see `kind`); a title line before a puzzle has all its cells ends it
//! early (an error). After an error that breaks the count (a bad size, an unreadable line),
//! reading resumes at the next blank line, the next title, the next line holding a lone number
//! (the size of the next puzzle), or the next line that is a whole one-line puzzle (a size s and
//! s² more words); among one-line puzzles, an unreadable line is one puzzle (an error) and the
//! next line is the next puzzle.

use std::io::BufRead;

use coverlab_model::MAX_SIZE;

use crate::Found;
use crate::decode::{Context, Raw, Token};
use crate::error::FormatError;
use crate::kind::{Kind, kind};
use crate::source::{Line, Lines, Next, Word};

/// Reads the next header puzzle.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Found> {
    let mut title = None;
    let mut current = loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => {
                resync(lines, ctx);
                return Some((e.line(), Err(e)));
            }
            Next::Line(line) => match kind(&line, ctx) {
                Kind::Blank | Kind::Comment | Kind::Rule | Kind::Dashes(_) => lines.recycle(line),
                Kind::Title => title = Some(line.whole().to_string()),
                Kind::Data => break line,
            },
        }
    };
    let start = current.number;
    ctx.one_line_headers = current.start == 0 && is_one_line_puzzle(&current);
    let n = match size(current.words()[0], start) {
        Ok(n) => n,
        Err(e) => {
            resync(lines, ctx);
            return Some((start, Err(e)));
        }
    };
    let mismatch = ctx.check_size(n, start).err();
    let need = n * n;
    let mut cells = Vec::with_capacity(need);
    let mut comment = None;
    let mut skip = 1; // words of the current line already used (the size)
    loop {
        let words = current.words();
        let take = (need - cells.len()).min(words.len() - skip);
        cells.extend(words[skip..skip + take].iter().map(|w| Raw {
            token: Token::classify(w.text),
            line: current.number,
            column: w.column,
        }));
        if skip + take == words.len() && comment.is_none() {
            comment = current.comment().map(str::to_string); // the puzzle read this line to its end
        }
        if cells.len() == need {
            if skip + take < words.len() {
                current.start = words[skip + take - 1].end;
                lines.unread(current);
            }
            break;
        }
        let last = current.number;
        let incomplete =
            |line, reason| FormatError::Incomplete { line, found: cells.len(), expected: need, unit: "cells", reason };
        current = match next_data_line(lines, ctx) {
            Some(Ok(line)) if kind(&line, ctx) == Kind::Title => {
                let e = incomplete(line.number, "title line");
                lines.unread(line);
                return Some((start, Err(e)));
            }
            Some(Ok(line)) => line,
            Some(Err(e)) => {
                resync(lines, ctx);
                return Some((start, Err(e)));
            }
            None => return Some((start, Err(incomplete(last, "end of input")))),
        };
        skip = 0;
    }
    let result = match mismatch {
        Some(e) => Err(e),
        None => ctx.decode(&cells, n, true).map(|mut parsed| {
            parsed.title = title;
            parsed.comment = comment;
            parsed
        }),
    };
    Some((start, result))
}

/// The next line with something on it (skipping blank lines, comments and rules); `None` at
/// the end.
fn next_data_line<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Result<Line, FormatError>> {
    loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => return Some(Err(e)),
            Next::Line(line) => match kind(&line, ctx) {
                Kind::Blank | Kind::Comment | Kind::Rule | Kind::Dashes(_) => lines.recycle(line),
                Kind::Title | Kind::Data => return Some(Ok(line)),
            },
        }
    }
}

/// Reads a size token: a number 1..=MAX_SIZE, refused before anything is allocated for it.
fn size(word: Word<'_>, line: usize) -> Result<usize, FormatError> {
    let column = word.column;
    if !is_integer(word.text) {
        return Err(FormatError::NotASize { line, column, token: word.text.to_string(), max: MAX_SIZE });
    }
    match word.text.parse::<usize>() {
        Ok(n) if (1..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(FormatError::SizeOutOfRange { line, column, size: word.text.to_string(), max: MAX_SIZE }),
    }
}

/// True for digits, perhaps after a minus sign.
pub(crate) fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The lone word of a line holding nothing but an integer (perhaps negative, perhaps long): the
/// size of a header puzzle, valid or not.
pub(crate) fn lone_integer(line: &Line) -> Option<&str> {
    match line.words().as_slice() {
        [word] if is_integer(word.text) => Some(word.text),
        _ => None,
    }
}

/// True for a line that is a whole one-line header puzzle: a size s (2..=64) and s² more words.
pub(crate) fn is_one_line_puzzle(line: &Line) -> bool {
    let words = line.words();
    match words.first().and_then(|w| w.text.parse::<usize>().ok()) {
        Some(s) => (2..=MAX_SIZE).contains(&s) && words.len() == 1 + s * s,
        None => false,
    }
}

/// Skips to where the next puzzle probably starts: after the next blank line, or at the next
/// title, line holding a lone number, or one-line puzzle. Among one-line puzzles (the last
/// puzzle was one, or the next line is one) an unreadable line is a puzzle of its own.
fn resync<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) {
    loop {
        match lines.next() {
            Next::Eof => return,
            Next::Bad(e) => {
                // Among one-line puzzles, an unreadable line is one of them.
                let next = lines.next();
                let alone = match &next {
                    Next::Line(line) => is_one_line_puzzle(line),
                    _ => false,
                };
                lines.unread_next(next);
                if ctx.one_line_headers || alone {
                    return lines.unread_next(Next::Bad(e));
                }
            }
            Next::Line(line) => match kind(&line, ctx) {
                Kind::Blank => return,
                Kind::Title => return lines.unread(line),
                Kind::Data if lone_integer(&line).is_some() || is_one_line_puzzle(&line) => return lines.unread(line),
                _ => lines.recycle(line),
            },
        }
    }
}
