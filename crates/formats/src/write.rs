//! Writing grids back as text, in the alphabet they were read in.

use coverlab_model::Symbols;

use crate::OutputFormat;

/// The symbol of `value`: `empty` for 0, `?` for a value the alphabet does not have.
fn symbol(value: u8, symbols: &Symbols, empty: char) -> char {
    match usize::from(value) {
        0 => empty,
        v if v <= symbols.len() => symbols.symbol(value),
        _ => '?',
    }
}

/// The rows of `values`: chunks of n = `symbols.len()` values.
fn rows<'a>(values: &'a [u8], symbols: &Symbols) -> std::slice::Chunks<'a, u8> {
    values.chunks(symbols.len().max(1))
}

/// The `line` form: n² symbols, `.` for an empty cell, no newline.
pub fn write_line(values: &[u8], symbols: &Symbols) -> String {
    values.iter().map(|&v| symbol(v, symbols, '.')).collect()
}

/// The `grid` form: n rows of space-separated symbols, each ending with a newline. An empty
/// cell is `0` when `0` is not a symbol of the alphabet, else `.`.
pub fn write_grid(values: &[u8], symbols: &Symbols) -> String {
    let empty = if symbols.value_of('0').is_none() { '0' } else { '.' };
    let mut out = String::with_capacity(values.len() * 2);
    for row in rows(values, symbols) {
        for (i, &v) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push(symbol(v, symbols, empty));
        }
        out.push('\n');
    }
    out
}

/// An ASCII board (the one of seed 003, for any n), each line ending with a newline; empty cells
/// are `.`. Without boxes every cell is framed by `+---+` rules and `|` bars. With
/// `boxes = Some((rows, cols))` the box boundaries are drawn heavier: `=` rules and `#` bars.
///
/// ```
/// use coverlab_formats::write_boxed;
/// use coverlab_model::Symbols;
/// let board = write_boxed(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 1], &Symbols::default_for(4), Some((2, 2)));
/// assert_eq!(board, "\
/// #=======#=======#
/// ## 1 | 2 # 3 | 4 #
/// #---+---#---+---#
/// ## 3 | 4 # 1 | 2 #
/// #=======#=======#
/// ## 2 | 1 # 4 | 3 #
/// #---+---#---+---#
/// ## 4 | 3 # . | 1 #
/// #=======#=======#
/// ");
/// ```
pub fn write_boxed(values: &[u8], symbols: &Symbols, boxes: Option<(usize, usize)>) -> String {
    let n = symbols.len().max(1);
    let (box_rows, box_cols) = boxes.filter(|&(r, c)| r > 0 && c > 0).unwrap_or((usize::MAX, usize::MAX));
    let heavy_row = |r: usize| boxes.is_some() && (r.is_multiple_of(box_rows) || r == n);
    let heavy_col = |c: usize| boxes.is_some() && (c.is_multiple_of(box_cols) || c == n);
    let rule = |r: usize| {
        let mut line = String::with_capacity(4 * n + 2);
        for c in 0..=n {
            line.push(match (heavy_row(r), heavy_col(c)) {
                (_, true) => '#',
                (true, false) => '=',
                (false, false) => '+',
            });
            if c < n {
                line.push_str(if heavy_row(r) { "===" } else { "---" });
            }
        }
        line.push('\n');
        line
    };
    let mut out = String::new();
    for (r, row) in rows(values, symbols).enumerate() {
        out.push_str(&rule(r));
        for (c, &v) in row.iter().enumerate() {
            out.push(if heavy_col(c) { '#' } else { '|' });
            out.push(' ');
            out.push(symbol(v, symbols, '.'));
            out.push(' ');
        }
        out.push(if heavy_col(row.len()) { '#' } else { '|' });
        out.push('\n');
    }
    out.push_str(&rule(values.len().div_ceil(n)));
    out
}

/// Writes `values` in `format`. [`OutputFormat::Json`] gives a JSON string of the line form
/// (quoted, no newline); the caller builds any surrounding object.
pub fn write(values: &[u8], symbols: &Symbols, boxes: Option<(usize, usize)>, format: OutputFormat) -> String {
    match format {
        OutputFormat::Line => write_line(values, symbols),
        OutputFormat::Grid => write_grid(values, symbols),
        OutputFormat::Boxed => write_boxed(values, symbols, boxes),
        OutputFormat::Json => serde_json::Value::String(write_line(values, symbols)).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solved board of seed 003's example output (without its trailing spaces).
    #[test]
    fn boxed_without_boxes_is_the_seed_003_board() {
        let solved = "135294678478163259269578143613925784824317596957846312582739461741682935396451827";
        let values: Vec<u8> = solved.bytes().map(|b| b - b'0').collect();
        let board = write_boxed(&values, &Symbols::default_for(9), None);
        let rule = "+---+---+---+---+---+---+---+---+---+\n";
        assert!(board.starts_with(&format!("{rule}| 1 | 3 | 5 | 2 | 9 | 4 | 6 | 7 | 8 |\n{rule}")));
        assert!(board.ends_with(&format!("| 3 | 9 | 6 | 4 | 5 | 1 | 8 | 2 | 7 |\n{rule}")));
        assert_eq!(board.lines().count(), 19);
    }

    #[test]
    fn boxed_marks_rectangular_boxes() {
        let values = vec![0u8; 36];
        let board = write_boxed(&values, &Symbols::default_for(6), Some((2, 3)));
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], "#===========#===========#");
        assert_eq!(lines[1], "# . | . | . # . | . | . #");
        assert_eq!(lines[2], "#---+---+---#---+---+---#");
        assert_eq!(lines[4], "#===========#===========#");
        assert!(lines.iter().all(|l| l.len() == 25), "monospace-aligned");
    }

    #[test]
    fn grid_uses_zero_for_empty_unless_it_is_a_symbol() {
        let nine = Symbols::default_for(9);
        let mut values = vec![0u8; 81];
        values[1] = 9;
        assert!(write_grid(&values, &nine).starts_with("0 9 0 0 0 0 0 0 0\n"));
        let hex = Symbols::new("0123456789ABCDEF", 16).unwrap();
        let mut values = vec![0u8; 256];
        values[1] = 1;
        assert!(write_grid(&values, &hex).starts_with(". 0 . ."));
        assert_eq!(write(&values[..3], &hex, None, OutputFormat::Json), "\".0.\"");
    }
}
