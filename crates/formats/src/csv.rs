//! The `csv` format: n rows of n comma-separated numbers (0 or an empty field for an empty
//! cell); puzzles separated by blank lines or following one another.
//!
//! ```text
//! 5,3,0,0,7,0,0,0,0
//! 6,,,1,9,5,,,
//! …
//! ```

use std::io::BufRead;

use crate::Found;
use crate::decode::{Context, Raw, Token};
use crate::grid::next_rows;
use crate::source::{Line, Lines};

/// Reads the next csv puzzle (rows are read as in the grid format).
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<Found> {
    next_rows(lines, ctx, split_row, true)
}

/// Splits a csv row at commas; each field is trimmed.
fn split_row(line: &Line, out: &mut Vec<Raw>) -> usize {
    let mut count = 0;
    let mut column = line.column(line.start);
    for field in line.rest().split(',') {
        let trimmed = field.trim_start();
        let lead = field[..field.len() - trimmed.len()].chars().count();
        out.push(Raw { token: Token::classify(trimmed.trim_end()), line: line.number, column: column + lead });
        column += field.chars().count() + 1;
        count += 1;
    }
    count
}
