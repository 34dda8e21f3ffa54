//! The `line` format: one puzzle per line, n² symbols, row-major, perhaps followed by a comment.
//!
//! ```text
//! # comments and blank lines are skipped
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! ..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87 box duplicate
//! Grid 02
//! 52...6.........7.13...........4..8..6......5...........418.........3..2...87.....;hardest
//! ```
//!
//! The puzzle is the line up to its first space, tab, `;` or `,`; the rest of the line is its
//! [`comment`](crate::Parsed::comment) (without a leading `#`). A line whose puzzle is not of a
//! possible length (n² for the forced spec, or for a size with a built-in spec) is a rule line,
//! skipped, or a title, kept for the next puzzle, when it is one (see `kind`); otherwise it is a
//! puzzle of the wrong length, an error.

use std::io::BufRead;

use coverlab_model::{MAX_SIZE, builtin};

use crate::decode::{Context, Raw, Token};
use crate::error::FormatError;
use crate::kind::{self, Kind};
use crate::source::{Line, Lines, Next};
use crate::{Found, Parsed};

/// Reads the next puzzle: the next line that is neither blank, a comment, a rule nor a title.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Found> {
    let mut title = None;
    loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => return Some((e.line(), Err(e))),
            Next::Line(line) if line.is_blank() || line.is_comment() => lines.recycle(line),
            Next::Line(line) => {
                let (from, to, ascii) = puzzle_span(&line);
                let cells = if ascii { to - from } else { line.text[from..to].chars().count() };
                if !is_length(cells, ctx) {
                    let rest = line.rest().trim();
                    if matches!(kind::rule(rest), Some(Kind::Rule | Kind::Dashes(_))) {
                        lines.recycle(line);
                        continue;
                    }
                    if kind::is_title(rest, ctx) {
                        title = Some(line.whole().to_string());
                        continue;
                    }
                }
                let mut result = parse(&line, from, to, ascii, ctx);
                if let Ok(parsed) = &mut result {
                    parsed.title = title;
                    parsed.comment = comment_after(&line, to);
                }
                let found = (line.number, result);
                lines.recycle(line);
                return Some(found);
            }
        }
    }
}

/// Where the puzzle of a line is, as byte offsets into its text: from its first non-blank
/// character to the first space, tab, `;` or `,` after it; and whether it is all ASCII.
pub(crate) fn puzzle_span(line: &Line) -> (usize, usize, bool) {
    let rest = line.rest();
    let from = line.start + (rest.len() - rest.trim_start().len());
    let text = &line.text[from..line.end];
    // Bytes first (puzzles are ASCII); from the first non-ASCII byte on, characters. Most lines
    // are a puzzle alone: a pass without an early exit (vectorised) tells.
    let special = |b: u8| b <= b' ' || b == b';' || b == b',' || b >= 0x80;
    if text.bytes().fold(0u8, |any, b| any | u8::from(special(b))) == 0 {
        return (from, line.end, true);
    }
    match text.bytes().position(special) {
        None => (from, line.end, true),
        Some(i) if text.as_bytes()[i] < 0x80 && is_separator(char::from(text.as_bytes()[i])) => (from, from + i, true),
        Some(i) => {
            let end = text[i..].find(is_separator).map_or(line.end, |k| from + i + k);
            (from, end, line.text[from..end].is_ascii())
        }
    }
}

/// A character that ends a line puzzle.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ';' || c == ','
}

/// The comment after a puzzle ending at byte `to`: the rest of the line, trimmed, without the
/// separator and `#` that start it.
fn comment_after(line: &Line, to: usize) -> Option<String> {
    let tail = line.text[to..].trim_start();
    let tail = tail.strip_prefix([';', ',']).unwrap_or(tail).trim_start();
    let tail = tail.strip_prefix('#').unwrap_or(tail).trim();
    (!tail.is_empty()).then(|| tail.to_string())
}

/// True when a line puzzle can have `cells` cells: n² for the forced spec, or for a size with a
/// built-in spec.
pub(crate) fn is_length(cells: usize, ctx: &Context) -> bool {
    match (&ctx.forced, ctx.line_size) {
        (_, Some((known, _))) if known == cells => true,
        (Some(forced), _) => cells == forced.size * forced.size,
        (None, _) => builtin::for_cell_count(cells).is_some(),
    }
}

/// Parses the puzzle written in `line.text[from..to]`.
fn parse(line: &Line, from: usize, to: usize, ascii: bool, ctx: &mut Context) -> Result<Parsed, FormatError> {
    let text = &line.text[from..to];
    let cells = if ascii { text.len() } else { text.chars().count() };
    let n = match ctx.line_size {
        Some((known, n)) if known == cells => n,
        _ => {
            let n = size_of(cells, line.number, ctx)?;
            ctx.line_size = Some((cells, n));
            n
        }
    };
    if ascii && let Some(parsed) = ctx.decode_ascii_line(text.as_bytes(), n) {
        return Ok(parsed);
    }
    let first_column = line.column(from);
    let raws: Vec<Raw> = text
        .chars()
        .enumerate()
        .map(|(i, c)| Raw { token: Token::of_char(c), line: line.number, column: first_column + i })
        .collect();
    ctx.decode(&raws, n, false)
}

/// The size of a line puzzle of `cells` cells: the forced spec's, or one with a built-in spec.
fn size_of(cells: usize, line: usize, ctx: &Context) -> Result<usize, FormatError> {
    let root = cells.isqrt();
    if let Some(forced) = &ctx.forced {
        if cells == forced.size * forced.size {
            return Ok(forced.size);
        }
        if root * root == cells && builtin::for_cell_count(cells).is_some() {
            ctx.check_size(root, line)?;
        }
        return Err(FormatError::WrongLength {
            line,
            cells,
            expected: forced.size * forced.size,
            spec: forced.name.clone(),
        });
    }
    if builtin::for_cell_count(cells).is_some() {
        return Ok(root);
    }
    // The nearest size with a spec (the smaller on a tie).
    let (expected, spec) = (4..=MAX_SIZE)
        .filter_map(|n| builtin::for_cell_count(n * n).map(|name| (n * n, name)))
        .min_by_key(|&(sq, _)| sq.abs_diff(cells))
        .expect("built-in specs exist");
    Err(FormatError::WrongLength { line, cells, expected, spec: spec.to_string() })
}
