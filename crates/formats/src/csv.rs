//! The `csv` format: n rows of n numbers separated by `,` (or `;`), 0 or an empty field for an
//! empty cell; puzzles separated by blank lines or following one another.
//!
//! ```text
//! 5,3,0,0,7,0,0,0,0
//! 6,,,1,9,5,,,
//! …
//! ```
//!
//! A row may end with a separator (`5,3,0,0,7,0,0,0,0,`): a row of n + 1 fields whose last is
//! empty is n cells when the puzzle's rows have n cells. For a first row of n + 1 fields, with no
//! size known yet, the empty last field is a trailing separator unless the row leaves other
//! fields empty too (`6,,,1,9,5,,,` is nine cells). Rows are counted as in the grid format.

use std::io::BufRead;

use crate::Found;
use crate::decode::{Context, Raw, Token};
use crate::grid::next_rows;
use crate::source::{Line, Lines};

/// Reads the next csv puzzle (rows are read as in the grid format).
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Found> {
    next_rows(lines, ctx, split_row, true)
}

/// Splits a csv row at commas (at semicolons when it has no comma); each field is trimmed.
fn split_row(line: &Line, out: &mut Vec<Raw>, hint: Option<usize>) -> usize {
    let rest = line.rest();
    let sep = if rest.contains(',') { ',' } else { ';' };
    let mut count = 0;
    let mut column = line.column(line.start.min(line.end));
    let (mut empty_inside, mut last_empty) = (false, false);
    for field in rest.split(sep) {
        let trimmed = field.trim_start();
        let lead = field[..field.len() - trimmed.len()].chars().count();
        let text = trimmed.trim_end();
        empty_inside |= last_empty;
        last_empty = text.is_empty();
        out.push(Raw { token: Token::classify(text), line: line.number, column: column + lead });
        column += field.chars().count() + 1;
        count += 1;
    }
    if count >= 2 && last_empty {
        let trailing = match hint {
            Some(n) if n + 1 == count => true,
            Some(n) if n == count => false,
            _ => !empty_inside,
        };
        if trailing {
            out.pop();
            count -= 1;
        }
    }
    count
}
