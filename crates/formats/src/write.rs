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
    // Symbols are printable ASCII (`Symbols` checks it): one byte each, through a table.
    let mut table = [b'?'; 256];
    table[0] = b'.';
    for (v, slot) in table.iter_mut().enumerate().take(symbols.len().min(255) + 1).skip(1) {
        *slot = u8::try_from(symbols.symbol(v as u8)).unwrap_or(b'?');
    }
    let bytes: Vec<u8> = values.iter().map(|&v| table[usize::from(v)]).collect();
    String::from_utf8(bytes).expect("symbols are ASCII")
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

/// An ASCII board, each line ending with a newline, drawn only with `+`, `-`, `|` and spaces, so
/// that the grid reader reads it back (its rows are cells between `|`, its rules are skipped).
/// Cells are their symbol with a space on each side (as in Norvig's boards), `.` when empty.
///
/// `regions[cell]` names the region (box, or jigsaw region) holding each cell, row-major: a `|`
/// stands between two cells of a row in different regions, and a rule line between two rows
/// where some cells of a column are in different regions, with `-` under those cells only and
/// `+` where lines meet. Columns stay aligned: where a `|` stands in any row, the other rows
/// have a space in its place. With `None`, only the outer frame is drawn. See [`box_regions`]
/// for the region map of a spec's boxes.
///
/// ```
/// use coverlab_formats::{box_regions, write_boxed};
/// use coverlab_model::Symbols;
/// let values = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 1];
/// let symbols = Symbols::default_for(4);
/// assert_eq!(write_boxed(&values, &symbols, Some(&box_regions(4, (2, 2)))), "\
/// +-----+-----+
/// | 1 2 | 3 4 |
/// | 3 4 | 1 2 |
/// +-----+-----+
/// | 2 1 | 4 3 |
/// | 4 3 | . 1 |
/// +-----+-----+
/// ");
/// assert_eq!(write_boxed(&values, &symbols, None), "\
/// +---------+
/// | 1 2 3 4 |
/// | 3 4 1 2 |
/// | 2 1 4 3 |
/// | 4 3 . 1 |
/// +---------+
/// ");
/// ```
pub fn write_boxed(values: &[u8], symbols: &Symbols, regions: Option<&[u16]>) -> String {
    write_boxed_marked(values, symbols, regions, None)
}

/// [`write_boxed`], with the cells `marked` (the givens of a solved puzzle, say) in bold for a
/// terminal (ANSI `ESC[1m` … `ESC[0m`: write it only to a terminal).
pub fn write_boxed_marked(
    values: &[u8],
    symbols: &Symbols,
    regions: Option<&[u16]>,
    marked: Option<&[bool]>,
) -> String {
    let n = symbols.len().max(1);
    let rows = values.len().div_ceil(n);
    let region = |r: usize, c: usize| regions.and_then(|map| map.get(r * n + c).copied());
    // A `|` in row r before column c (c = n: after the last column).
    let bar = |r: usize, c: usize| c == 0 || c == n || regions.is_some() && region(r, c - 1) != region(r, c);
    // A rule above row r (r = rows: below the last row) under column c.
    let rule = |r: usize, c: usize| r == 0 || r == rows || region(r - 1, c) != region(r, c);
    // Gap c (before column c) is wide, room for a `|`, when some row has a `|` there.
    let wide: Vec<bool> = (0..=n).map(|c| (0..rows).any(|r| bar(r, c))).collect();
    // Where lines meet above row r, at gap c.
    let corner = |r: usize, c: usize| {
        let across = c > 0 && rule(r, c - 1) || c < n && rule(r, c);
        let down = r > 0 && bar(r - 1, c) || r < rows && bar(r, c);
        match (across, down) {
            (true, true) => '+',
            (true, false) => '-',
            (false, true) => '|',
            (false, false) => ' ',
        }
    };
    let width = 2 * n + 2 * wide.iter().filter(|&&w| w).count();
    let mut out = String::with_capacity((2 * rows + 1) * width);
    let rule_line = |out: &mut String, r: usize| {
        out.push(corner(r, 0));
        for c in 0..n {
            let fill = if rule(r, c) { '-' } else { ' ' };
            out.extend([fill, fill]);
            if wide[c + 1] {
                out.extend([fill, corner(r, c + 1)]);
            }
        }
        out.push('\n');
    };
    for r in 0..rows {
        if r == 0 || (0..n).any(|c| rule(r, c)) {
            rule_line(&mut out, r);
        }
        out.push('|');
        for c in 0..n {
            let value = values.get(r * n + c).copied().unwrap_or(0);
            out.push(' ');
            if marked.is_some_and(|m| m.get(r * n + c) == Some(&true)) {
                out.push_str("\x1b[1m");
                out.push(symbol(value, symbols, '.'));
                out.push_str("\x1b[0m");
            } else {
                out.push(symbol(value, symbols, '.'));
            }
            if wide[c + 1] {
                out.extend([' ', if bar(r, c + 1) { '|' } else { ' ' }]);
            }
        }
        out.push('\n');
    }
    rule_line(&mut out, rows);
    out
}

/// The region map of boxes of `rows × cols` cells in an n×n grid (row-major, boxes numbered
/// row by row), as [`write_boxed`] takes it. Empty when the boxes do not tile the grid.
pub fn box_regions(n: usize, (rows, cols): (usize, usize)) -> Vec<u16> {
    if rows == 0 || cols == 0 || !n.is_multiple_of(rows) || !n.is_multiple_of(cols) {
        return Vec::new();
    }
    (0..n * n).map(|i| ((i / n / rows) * (n / cols) + (i % n) / cols) as u16).collect()
}

/// Writes `values` in `format`. [`OutputFormat::Json`] gives a JSON string of the line form
/// (quoted, no newline); the caller builds any surrounding object.
///
/// `boxes` draws the boxed board's borders around boxes of that shape (see [`write_boxed`] for
/// any other region map).
pub fn write(values: &[u8], symbols: &Symbols, boxes: Option<(usize, usize)>, format: OutputFormat) -> String {
    match format {
        OutputFormat::Line => write_line(values, symbols),
        OutputFormat::Grid => write_grid(values, symbols),
        OutputFormat::Boxed => {
            let regions = boxes.map(|b| box_regions(symbols.len(), b)).filter(|map| !map.is_empty());
            write_boxed(values, symbols, regions.as_deref())
        }
        OutputFormat::Json => serde_json::Value::String(write_line(values, symbols)).to_string(),
    }
}
