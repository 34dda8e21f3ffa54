//! The `line` format: one puzzle per line, n² symbols, row-major.
//!
//! ```text
//! # comments and blank lines are skipped
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! ```

use std::io::BufRead;

use coverlab_model::{MAX_SIZE, builtin};

use crate::decode::{Context, Raw, Token};
use crate::error::FormatError;
use crate::source::{Line, Lines, Next};
use crate::{Found, Parsed};

/// Reads the next puzzle: the next line that is neither blank nor a comment.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Found> {
    loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => return Some((e.line(), Err(e))),
            Next::Line(line) if line.is_blank() || line.is_comment() => continue,
            Next::Line(line) => {
                let found = (line.number, parse(&line, ctx));
                lines.recycle(line);
                return Some(found);
            }
        }
    }
}

/// Parses one line holding one puzzle.
pub(crate) fn parse(line: &Line, ctx: &mut Context) -> Result<Parsed, FormatError> {
    let text = line.rest();
    let lead = text.len() - text.trim_start().len();
    let text = text.trim();
    let ascii = text.is_ascii();
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
    let first_column = line.column(line.start + lead);
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
