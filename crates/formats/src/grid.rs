//! The `grid` format: n rows of n cells, as space-separated tokens or as n symbols without
//! spaces; puzzles separated by blank lines or following one another.
//!
//! ```text
//! Grid 01                  4 . . |. . . |8 . 5      +-------+-------+
//! 003020600                . 3 . |. . . |. . .      | 1 2 . | . . 6 |
//! 900305001                …                        …
//! …                        ------+------+------     +-------+-------+
//! ```
//!
//! Boards drawn with `|` between boxes and rule lines between bands (Norvig's, or the `boxed`
//! output) read the same: a `|` in a row separates cells like a space (or, in a row of symbols
//! without spaces, is left out), and rule lines are skipped. The line before a puzzle's first
//! row that is not puzzle data is its title (see `kind`).
//!
//! The row reader here is shared with the `csv` format, which differs only in how a row is split.
//! It counts rows so that one broken line never loses or shifts the puzzles after it:
//! - n is the number of cells of a puzzle's first row, and the puzzle is n rows;
//! - a line that cannot be read (not UTF-8, too long, a NUL byte) or a row wider than 64 cells
//!   takes the place of one row. As the first row, the puzzle is n rows for n the forced spec's
//!   size, or else the previous puzzle's size, or else the number of cells of the next row that
//!   can be read (no such row before a blank line, a title or the end: the puzzle ends there) —
//!   unless the rows after it, up to a blank line or the end, are a whole puzzle by themselves:
//!   then the unreadable line (a title in another encoding, say) is a record of its own;
//! - when the first row's length is not the size already known (the forced spec's or the
//!   previous puzzle's, if any) and the second row disagrees with it, the second row's length
//!   is n if the first row can be read with that length too (a csv trailing separator), or if
//!   a third row agrees with the second (then the first row is the broken one);
//! - comments and rules are skipped anywhere; a blank line before the last row ends the puzzle
//!   early (an error).

use std::io::BufRead;

use coverlab_model::MAX_SIZE;

use crate::Found;
use crate::decode::{Context, Raw, Token};
use crate::error::FormatError;
use crate::kind::{Kind, kind};
use crate::source::{Line, Lines, Next};

/// Splits one row into cells, appending them to `out`; returns how many cells the row has.
/// `hint` is the number of cells expected, when known (csv tells a trailing separator from an
/// empty last cell with it).
pub(crate) type SplitRow = fn(&Line, &mut Vec<Raw>, Option<usize>) -> usize;

/// Reads the next grid puzzle.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Found> {
    next_rows(lines, ctx, split_row, false)
}

/// Splits a grid row: tokens separated by whitespace or `|`, or (a single word of several
/// characters, `|` aside) one symbol per character.
pub(crate) fn split_row(line: &Line, out: &mut Vec<Raw>, _hint: Option<usize>) -> usize {
    let untrimmed = line.rest();
    let rest = untrimmed.trim();
    let spaced = rest.bytes().any(|b| b <= b' ' || b >= 0x80) && rest.contains(char::is_whitespace);
    if !spaced && rest.chars().filter(|&c| c != '|').nth(1).is_some() {
        let before = out.len();
        let column = line.column(line.start.min(line.end) + untrimmed.len() - untrimmed.trim_start().len());
        for (i, c) in rest.chars().enumerate().filter(|&(_, c)| c != '|') {
            out.push(Raw { token: Token::of_char(c), line: line.number, column: column + i });
        }
        return out.len() - before;
    }
    let words = line.split(|c| c.is_whitespace() || c == '|');
    out.extend(words.iter().map(|w| Raw { token: Token::classify(w.text), line: line.number, column: w.column }));
    words.len()
}

/// The number of cells of a row.
fn width(line: &Line, split: SplitRow, hint: Option<usize>) -> usize {
    split(line, &mut Vec::new(), hint)
}

/// A puzzle being read in rows.
struct Rows {
    /// The line of its first row.
    start: usize,
    /// The last line read.
    last: usize,
    /// Row slots used.
    rows: usize,
    cells: Vec<Raw>,
    error: Option<FormatError>,
    comment: Option<String>,
}

/// Reads the next puzzle made of rows (see the module doc for how rows are counted).
pub(crate) fn next_rows<R: BufRead>(
    lines: &mut Lines<R>,
    ctx: &mut Context,
    split: SplitRow,
    numbers_first: bool,
) -> Option<Found> {
    let known = ctx.known_rows();
    let mut title = None;
    // What comes before the first row: blank lines, comments, rules, titles.
    let first = loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => break Err(e),
            Next::Line(line) => match kind(&line, ctx) {
                Kind::Blank | Kind::Comment | Kind::Rule => lines.recycle(line),
                Kind::Title => title = Some(line.whole().to_string()),
                Kind::Dashes(len) if !dashes_start_rows(lines, ctx, split, len, known) => lines.recycle(line),
                Kind::Dashes(_) | Kind::Data => break Ok(line),
            },
        }
    };
    let mut p = Rows { start: 0, last: 0, rows: 1, cells: Vec::new(), error: None, comment: None };
    let mut n = None;
    let mut first_row = None;
    match first {
        Ok(line) => {
            (p.start, p.last) = (line.number, line.number);
            p.comment = line.comment().map(str::to_string);
            let found = split(&line, &mut p.cells, known);
            if found <= MAX_SIZE {
                n = Some(found);
                p.cells.reserve(found * found - found);
                p.error = ctx.check_size(found, p.start).err();
                if known != Some(found) {
                    first_row = Some(line); // its length may be overruled by the next rows
                }
            } else {
                p.cells.clear();
                p.error = Some(FormatError::RowTooWide { line: p.start, cells: found, max: MAX_SIZE });
            }
        }
        Err(e) => {
            (p.start, p.last) = (e.line(), e.line());
            p.error = Some(e);
        }
    }
    let n = match n.or(known) {
        Some(n) => n,
        // An unreadable line, with no size known, before a whole puzzle (its rows up to a blank
        // line or the end): a broken title or note, a record of its own.
        None if whole_puzzle_follows(lines, ctx, split) => {
            return Some((p.start, Err(p.error.expect("an unreadable first row"))));
        }
        None => match size_from_next_row(lines, ctx, split, &mut p) {
            Some(n) => n,
            None => return Some((p.start, Err(p.error.expect("an unreadable first row")))),
        },
    };
    let n = read_rows(lines, ctx, split, &mut p, n, first_row);
    ctx.last_rows = Some(n);
    let result = match p.error {
        Some(e) => Err(e),
        None => ctx.decode(&p.cells, n, numbers_first).map(|mut parsed| {
            parsed.title = title;
            parsed.comment = p.comment;
            parsed
        }),
    };
    Some((p.start, result))
}

/// Reads rows until the puzzle has `n` (or ends early); returns its size. `first_row`, when
/// given, is a first row whose length may be overruled by the next rows: when the second row
/// has another length, either the first row can be read with that length too (a csv row whose
/// empty last field is a trailing separator, or not), or a third row agreeing with the second
/// shows that the first row is the broken one.
fn read_rows<R: BufRead>(
    lines: &mut Lines<R>,
    ctx: &mut Context,
    split: SplitRow,
    p: &mut Rows,
    mut n: usize,
    mut first_row: Option<Line>,
) -> usize {
    while p.rows < n {
        let incomplete =
            |line, found, reason| FormatError::Incomplete { line, found, expected: n, unit: "rows", reason };
        let line = match lines.next() {
            Next::Eof => {
                p.error.get_or_insert(incomplete(p.last, p.rows, "end of input"));
                break;
            }
            Next::Bad(e) => {
                p.last = e.line();
                p.error.get_or_insert(e);
                p.rows += 1;
                first_row = None;
                continue;
            }
            Next::Line(line) => line,
        };
        match kind(&line, ctx) {
            Kind::Comment | Kind::Rule => continue,
            Kind::Dashes(len) if len != n => continue,
            Kind::Blank => {
                p.error.get_or_insert(incomplete(line.number, p.rows, "blank line"));
                break;
            }
            Kind::Dashes(_) | Kind::Title | Kind::Data => {}
        }
        p.last = line.number;
        p.rows += 1;
        if p.comment.is_none() {
            p.comment = line.comment().map(str::to_string);
        }
        let before = p.cells.len();
        let found = split(&line, &mut p.cells, Some(n));
        if found != n {
            p.cells.truncate(before);
            match first_row.take() {
                Some(first) if (2..=MAX_SIZE).contains(&found) && width(&first, split, Some(found)) == found => {
                    // The first row reads with this length too.
                    n = found;
                    p.cells.clear();
                    split(&first, &mut p.cells, Some(n));
                    split(&line, &mut p.cells, Some(n));
                    p.error = ctx.check_size(n, p.start).err();
                }
                Some(_) if (1..=MAX_SIZE).contains(&found) && next_row_agrees(lines, ctx, split, found) => {
                    // The first row is the broken one.
                    p.error = Some(FormatError::WrongRowLength { line: p.start, cells: n, expected: found });
                    n = found;
                }
                _ => {
                    p.error.get_or_insert(FormatError::WrongRowLength { line: line.number, cells: found, expected: n });
                }
            }
        }
        if let Some(first) = first_row.take() {
            lines.recycle(first);
        }
        lines.recycle(line);
    }
    n
}

/// The next line that is not a comment or a rule (those are dropped).
fn next_slot<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Next {
    loop {
        match lines.next() {
            Next::Line(line) if matches!(kind(&line, ctx), Kind::Comment | Kind::Rule) => lines.recycle(line),
            next => return next,
        }
    }
}

/// True when the next row has `len` cells (the row is read again later).
fn next_row_agrees<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context, split: SplitRow, len: usize) -> bool {
    let next = next_slot(lines, ctx);
    let agrees = match &next {
        Next::Line(line) => match kind(line, ctx) {
            Kind::Dashes(dashes) => dashes == len,
            Kind::Data | Kind::Title => width(line, split, Some(len)) == len,
            _ => false,
        },
        _ => false,
    };
    lines.unread_next(next);
    agrees
}

/// True when a run of `len` dashes before a puzzle is its first row (of empty cells) rather than
/// a rule: when `len` is the size already known, or the row after it has `len` cells.
fn dashes_start_rows<R: BufRead>(
    lines: &mut Lines<R>,
    ctx: &mut Context,
    split: SplitRow,
    len: usize,
    known: Option<usize>,
) -> bool {
    known == Some(len) || len <= MAX_SIZE && next_row_agrees(lines, ctx, split, len)
}

/// After an unreadable first row, with no size known: reads on to the next row that can be read
/// and returns its number of cells. Unreadable lines on the way take a row's place each. `None`
/// when the puzzle ends first (a blank line, a title, the end of the input).
/// True when the lines ahead, up to a blank line, a title or the end, are the n rows of n cells
/// of a whole puzzle (comments and rules aside). Everything looked at is given back.
fn whole_puzzle_follows<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context, split: SplitRow) -> bool {
    let mut held = Vec::new();
    let mut widths = Vec::new();
    let whole = loop {
        if widths.len() > MAX_SIZE {
            break false;
        }
        let next = lines.next();
        let end = match &next {
            Next::Eof => true,
            Next::Bad(_) => {
                held.push(next);
                break false;
            }
            Next::Line(line) => match kind(line, ctx) {
                Kind::Blank | Kind::Title => true,
                Kind::Comment | Kind::Rule | Kind::Dashes(_) => false,
                Kind::Data => {
                    widths.push(width(line, split, None));
                    false
                }
            },
        };
        held.push(next);
        if end {
            break widths.first().is_some_and(|&w| widths.len() == w && widths.iter().all(|&x| x == w));
        }
    };
    for next in held.into_iter().rev() {
        lines.unread_next(next);
    }
    whole
}

fn size_from_next_row<R: BufRead>(
    lines: &mut Lines<R>,
    ctx: &mut Context,
    split: SplitRow,
    p: &mut Rows,
) -> Option<usize> {
    loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => {
                p.last = e.line();
                p.rows += 1;
            }
            Next::Line(line) => match kind(&line, ctx) {
                Kind::Comment | Kind::Rule | Kind::Dashes(_) => lines.recycle(line),
                Kind::Blank => return None,
                Kind::Title => {
                    lines.unread(line);
                    return None;
                }
                Kind::Data => {
                    let found = width(&line, split, None);
                    p.last = line.number;
                    p.rows += 1;
                    lines.recycle(line);
                    if found <= MAX_SIZE {
                        return Some(found);
                    }
                }
            },
        }
    }
}
