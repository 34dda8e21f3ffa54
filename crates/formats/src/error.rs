//! What can be wrong with a puzzle's text, and where.
//!
//! Text taken from the input (a token, a symbol, a size as written) is shown through
//! [`coverlab_model::text::escape`], so that a control character in a file never reaches a
//! terminal raw.

use std::borrow::Cow;

use coverlab_model::text::{count, escape};

/// Input text as a message shows it.
fn shown(text: &str) -> Cow<'_, str> {
    escape(text)
}

/// Where an error is, as its message starts: `line 3, column 17: ` or `line 3: `.
fn at(line: usize, column: Option<usize>) -> String {
    match column {
        Some(column) => format!("line {line}, column {column}: "),
        None => format!("line {line}: "),
    }
}

/// An input character as a message shows it.
pub(crate) fn shown_char(c: &char) -> String {
    escape(c.encode_utf8(&mut [0; 4])).into_owned()
}

/// Why a puzzle could not be read. Each message names the offending value, where it is (1-based
/// line and, where it makes sense, column) and what was expected.
///
/// `target` fields name what the puzzle was read as: `spec classic-9x9` (the forced spec, or the
/// built-in spec of that size) or `a 7x7 puzzle` (a size with no built-in spec).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// The input could not be read (an I/O error); reading stops here.
    #[error("line {line}: read error: {message}")]
    Io {
        /// The line being read.
        line: usize,
        /// The I/O error's message.
        message: String,
    },
    /// A line is longer than [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES); its content is skipped.
    #[error("line {line}: line too long (more than {limit} bytes)")]
    LineTooLong {
        /// The line.
        line: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// A line has not ended after [`MAX_SKIP_BYTES`](crate::MAX_SKIP_BYTES): the input is no
    /// puzzle file, and reading stops here.
    #[error("line {line}: no end of line within {limit} bytes: not a puzzle file, the rest of it is not read")]
    NoLineEnd {
        /// The line.
        line: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// An f-puzzles puzzle that cannot be read or holds what coverlab does not support.
    #[error("line {line}: f-puzzles: {message}")]
    Fpuzzles {
        /// The line.
        line: usize,
        /// What is wrong, naming the key or value.
        message: String,
    },
    /// A SudokuPad link that cannot be read offline or holds what coverlab does not support.
    #[error("line {line}: sudokupad: {message}")]
    Sudokupad {
        /// The line.
        line: usize,
        /// What is wrong, naming the key, the cell or the drawings.
        message: String,
    },
    /// A pencil-mark line that cannot be read (a cell with no candidate, a size without a spec).
    #[error("line {line}: marks: {message}")]
    Marks {
        /// The line.
        line: usize,
        /// What is wrong, naming the cell.
        message: String,
    },
    /// A killer (SudoCue's `3x3::k:` form or the arrow form) that cannot be read.
    #[error("line {line}: killer: {message}")]
    Killer {
        /// The line.
        line: usize,
        /// What is wrong, naming the cell.
        message: String,
    },
    /// An Interactive Sudoku Solver constraint string that cannot be read or holds what coverlab
    /// does not support; the column is the offending constraint's, when the error is about one.
    #[error("{}iss: {message}", at(*.line, *.column))]
    Iss {
        /// The line.
        line: usize,
        /// The 1-based column of the constraint's `.`, when the error is about one constraint.
        column: Option<usize>,
        /// What is wrong, naming the constraint.
        message: String,
    },
    /// A line is not valid UTF-8.
    #[error("line {line}, column {column}: invalid UTF-8")]
    InvalidUtf8 {
        /// The line.
        line: usize,
        /// The first character that is not valid UTF-8.
        column: usize,
    },
    /// A line of UTF-16 input (read through its byte-order mark) is not valid UTF-16: a lone
    /// surrogate, or an odd last byte.
    #[error("line {line}, column {column}: invalid UTF-16")]
    InvalidUtf16 {
        /// The line.
        line: usize,
        /// The first character that is not valid UTF-16.
        column: usize,
    },
    /// The input's first line has a NUL byte every other byte: UTF-16 text without the
    /// byte-order mark that would say so. Reading stops here (every later line would be
    /// misread the same way).
    #[error("line {line}: looks like UTF-16 without a byte-order mark: save it as UTF-8")]
    Utf16WithoutBom {
        /// The line.
        line: usize,
    },
    /// A line holds a NUL byte (a binary file, or a damaged one).
    #[error("line {line}, column {column}: a NUL byte (expected text)")]
    NulByte {
        /// The line.
        line: usize,
        /// The column of the first NUL byte.
        column: usize,
    },
    /// A `line` puzzle has a number of cells that is not n² for any size with a spec.
    #[error("line {line}: the puzzle has {}, expected {expected} ({})", count(*.cells, "cell"), shown(.spec))]
    WrongLength {
        /// The line.
        line: usize,
        /// The number of cells found.
        cells: usize,
        /// The nearest plausible number of cells.
        expected: usize,
        /// The spec with that many cells.
        spec: String,
    },
    /// A row of a `grid` or `csv` puzzle has the wrong number of cells.
    #[error("line {line}: the row has {}, expected {expected}", count(*.cells, "cell"))]
    WrongRowLength {
        /// The line.
        line: usize,
        /// The number of cells found in the row.
        cells: usize,
        /// The number of cells in the puzzle's first row.
        expected: usize,
    },
    /// The first row of a `grid` or `csv` puzzle is wider than any spec allows.
    #[error("line {line}: the row has {cells} cells, more than the largest size ({max})")]
    RowTooWide {
        /// The line.
        line: usize,
        /// The number of cells found in the row.
        cells: usize,
        /// [`coverlab_model::MAX_SIZE`].
        max: usize,
    },
    /// A puzzle ends before all its rows or cells were read.
    #[error("line {line}: the puzzle stops after {found} of {expected} {unit} ({reason})")]
    Incomplete {
        /// The line where it stops (a blank line, or the last line of the input).
        line: usize,
        /// How many rows or cells were read.
        found: usize,
        /// How many the puzzle needs.
        expected: usize,
        /// `rows` or `cells`.
        unit: &'static str,
        /// `blank line`, `end of input` or `title line` (a line that starts the next puzzle).
        reason: &'static str,
    },
    /// A symbol that no alphabet of the puzzle's size accepts.
    #[error(
        "line {line}, column {column}: '{}' is not a symbol of {} (expected {expected} or '.')",
        shown_char(.symbol),
        shown(.target)
    )]
    UnknownSymbol {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The offending character.
        symbol: char,
        /// What the puzzle was read as.
        target: String,
        /// The alphabet that fits the rest of the puzzle best, described (`1-9, A-G`).
        expected: String,
    },
    /// A number greater than the puzzle's size.
    #[error(
        "line {line}, column {column}: the number {} is out of range for {} (expected 1-{size}, or 0 for empty)",
        shown(.number),
        shown(.target)
    )]
    NumberOutOfRange {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The number as written.
        number: String,
        /// What the puzzle was read as.
        target: String,
        /// The puzzle's size n.
        size: usize,
    },
    /// A token that is neither a number nor a single symbol (`AB`, `1x`).
    #[error("line {line}, column {column}: '{}' is neither a number nor a single symbol", shown(.token))]
    BadToken {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The token as written.
        token: String,
    },
    /// The first token of a `header` puzzle is not a number.
    #[error("line {line}, column {column}: '{}' is not a size (expected a number 1-{max})", shown(.token))]
    NotASize {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The token as written.
        token: String,
        /// [`coverlab_model::MAX_SIZE`].
        max: usize,
    },
    /// A `header` size outside 1..=[`MAX_SIZE`](coverlab_model::MAX_SIZE) (too large, or
    /// negative), refused before anything is allocated for it.
    #[error("line {line}, column {column}: the size {} is out of range (expected 1-{max})", shown(.size))]
    SizeOutOfRange {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The size as written.
        size: String,
        /// [`coverlab_model::MAX_SIZE`].
        max: usize,
    },
    /// With a forced spec, a puzzle of another size.
    #[error("line {line}: the puzzle is {found}x{found}, but spec {} is {expected}x{expected}", shown(.spec))]
    SizeMismatch {
        /// The line where the puzzle starts.
        line: usize,
        /// The puzzle's size.
        found: usize,
        /// The spec's size.
        expected: usize,
        /// The spec's name.
        spec: String,
    },
}

impl FormatError {
    /// The 1-based line the error is about.
    pub fn line(&self) -> usize {
        match self {
            FormatError::Io { line, .. }
            | FormatError::LineTooLong { line, .. }
            | FormatError::NoLineEnd { line, .. }
            | FormatError::InvalidUtf8 { line, .. }
            | FormatError::InvalidUtf16 { line, .. }
            | FormatError::Utf16WithoutBom { line }
            | FormatError::NulByte { line, .. }
            | FormatError::WrongLength { line, .. }
            | FormatError::WrongRowLength { line, .. }
            | FormatError::RowTooWide { line, .. }
            | FormatError::Incomplete { line, .. }
            | FormatError::UnknownSymbol { line, .. }
            | FormatError::NumberOutOfRange { line, .. }
            | FormatError::BadToken { line, .. }
            | FormatError::NotASize { line, .. }
            | FormatError::SizeOutOfRange { line, .. }
            | FormatError::SizeMismatch { line, .. }
            | FormatError::Fpuzzles { line, .. }
            | FormatError::Sudokupad { line, .. }
            | FormatError::Marks { line, .. }
            | FormatError::Killer { line, .. }
            | FormatError::Iss { line, .. } => *line,
        }
    }

    /// The 1-based column (in characters) the error is about, when it is about one place in a line.
    pub fn column(&self) -> Option<usize> {
        match self {
            FormatError::InvalidUtf8 { column, .. }
            | FormatError::InvalidUtf16 { column, .. }
            | FormatError::NulByte { column, .. }
            | FormatError::UnknownSymbol { column, .. }
            | FormatError::NumberOutOfRange { column, .. }
            | FormatError::BadToken { column, .. }
            | FormatError::NotASize { column, .. }
            | FormatError::SizeOutOfRange { column, .. } => Some(*column),
            FormatError::Iss { column, .. } => *column,
            _ => None,
        }
    }

    /// What is wrong, without where (the message `Display` writes after `line L, column C: `).
    pub fn message(&self) -> String {
        let full = self.to_string();
        let at = match self.column() {
            Some(column) => format!("line {}, column {column}: ", self.line()),
            None => format!("line {}: ", self.line()),
        };
        full.strip_prefix(&at).map_or(full.clone(), str::to_string)
    }

    /// The error located in a named input, the way compilers write it: `origin:line:column:
    /// message` (`puzzles.txt:3:17: 'Z' is not a symbol of …`).
    pub fn located(&self, origin: &str) -> String {
        match self.column() {
            Some(column) => format!("{origin}:{}:{column}: {}", self.line(), self.message()),
            None => format!("{origin}:{}: {}", self.line(), self.message()),
        }
    }
}
