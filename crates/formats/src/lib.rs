//! Puzzle text formats: reading puzzles written as lines, grids, headers or csv, and writing grids
//! back in the alphabet they came in.
//!
//! Reading streams: [`Reader`] yields one [`Entry`] per puzzle, holding either the [`Parsed`]
//! values or a [`FormatError`] that says what is wrong and where (line and column, 1-based). A bad
//! puzzle never stops the others from being read.
//!
//! ```
//! use coverlab_formats::{InputFormat, OutputFormat, read_str, write};
//!
//! let text = "# two 4x4 puzzles\n1...........4..3\n12.4.3..........\n";
//! let entries = read_str(text, None, None);
//! assert_eq!(entries.len(), 2);
//! let first = entries[0].result.as_ref().unwrap();
//! assert_eq!((first.size, first.values[0], entries[0].line), (4, 1, 2));
//! assert_eq!(write(&first.values, &first.symbols, None, OutputFormat::Line), "1...........4..3");
//!
//! let grid = "1 0 0 0\n0 0 0 0\n0 0 0 0\n4 0 0 3\n";
//! let entries = read_str(grid, Some(InputFormat::Grid), None);
//! assert_eq!(entries[0].result.as_ref().unwrap().values, first.values);
//! ```
//!
//! Modules: one per format ([`line`](InputFormat::Line), [`grid`](InputFormat::Grid),
//! [`header`](InputFormat::Header), [`csv`](InputFormat::Csv), and [`fpuzzles`], [`killer`],
//! [`iss`] and [`sudokupad`], the four that bring their own specs), detection, and the writers. The
//! input's bytes become numbered lines in one place (`source`: encodings, terminators, limits,
//! trailing comments), lines are classified in one place (`kind`: blank, comment, rule, title,
//! data) and cells and alphabets are decoded in one place (`decode`).

mod csv;
#[doc(hidden)]
pub mod decode;
mod detect;
#[doc(hidden)]
pub mod error;
pub mod fpuzzles;
mod grid;
mod header;
pub mod iss;
pub mod killer;
#[doc(hidden)]
pub mod kind;
mod line;
pub mod marks;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod source;
pub mod sudokupad;
#[doc(hidden)]
pub mod write;

use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

use coverlab_model::{Grid, Model, Symbols};

pub use error::FormatError;
pub use source::{MAX_LINE_BYTES, MAX_SKIP_BYTES};
pub use write::{box_regions, write, write_boxed, write_boxed_marked, write_grid, write_line};

use decode::Context;
use source::Lines;

/// The text formats puzzles can be read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// One puzzle per line: n² symbols, `.` (or `_`, `-`, `*`, or `0` when it is not a symbol)
    /// for empty, perhaps followed by a space, tab, `;` or `,` and a comment; blank lines and `#`
    /// comments skipped.
    Line,
    /// n rows of n space-separated tokens (numbers with 0 for empty, symbols, `.`), or n rows of
    /// n symbols; `|` between cells and rule lines between rows ignored (Norvig's boards, the
    /// `boxed` output); puzzles separated by blank lines or following one another.
    Grid,
    /// The size n, then n² numbers (0 for empty), separated by any whitespace.
    Header,
    /// n rows of n numbers separated by `,` or `;` (0 or an empty field for empty), perhaps with
    /// a separator at the end of each row.
    Csv,
    /// f-puzzles, one puzzle per line: its JSON, a link, or the link's compressed payload; each
    /// puzzle brings its own spec ([`Parsed::spec`]).
    Fpuzzles,
    /// 9×9 killers, one per line, in SudoCue's `3x3::k:…` form or the enjoysudoku forum's arrow
    /// form ([`killer`]); each puzzle brings its own spec.
    Killer,
    /// The Interactive Sudoku Solver's constraint strings, one per line
    /// (`.Cage~10~R1C1~R1C2.~R1C5_4`, [`iss`]); each puzzle brings its own spec.
    Iss,
    /// SudokuPad links (`https://sudokupad.app/…`) or their puzzle ids, one per line, read
    /// offline ([`sudokupad`]); each puzzle brings its own spec.
    Sudokupad,
    /// Pencil marks, one grid per line: each cell's n candidates in their places, `.` or `0`
    /// where crossed out (729 characters for 9×9, as Sudoku Explainer reads them), or a grid of
    /// candidate lists as HoDoKu prints it ([`marks`]). Open cells' candidates become rules of
    /// the puzzle's spec.
    Marks,
}

impl InputFormat {
    /// Every input format, in the order of their documentation.
    pub const ALL: [InputFormat; 9] = [
        InputFormat::Line,
        InputFormat::Grid,
        InputFormat::Header,
        InputFormat::Csv,
        InputFormat::Fpuzzles,
        InputFormat::Killer,
        InputFormat::Iss,
        InputFormat::Sudokupad,
        InputFormat::Marks,
    ];

    /// The format's name: `line`, `grid`, `header`, `csv`.
    pub fn name(self) -> &'static str {
        match self {
            InputFormat::Line => "line",
            InputFormat::Grid => "grid",
            InputFormat::Header => "header",
            InputFormat::Csv => "csv",
            InputFormat::Fpuzzles => "fpuzzles",
            InputFormat::Killer => "killer",
            InputFormat::Iss => "iss",
            InputFormat::Sudokupad => "sudokupad",
            InputFormat::Marks => "marks",
        }
    }
}

/// The text formats grids can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// n² symbols on one line ([`write_line`]).
    Line,
    /// n rows of space-separated symbols ([`write_grid`]).
    Grid,
    /// An ASCII board with region borders, readable back as a grid ([`write_boxed`]).
    Boxed,
    /// The line form as a JSON string.
    Json,
}

impl OutputFormat {
    /// Every output format.
    pub const ALL: [OutputFormat; 4] =
        [OutputFormat::Line, OutputFormat::Grid, OutputFormat::Boxed, OutputFormat::Json];

    /// The format's name: `line`, `grid`, `boxed`, `json`.
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::Line => "line",
            OutputFormat::Grid => "grid",
            OutputFormat::Boxed => "boxed",
            OutputFormat::Json => "json",
        }
    }
}

/// A format name that is not one of the known ones.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} format '{name}' (expected {expected})")]
pub struct UnknownFormat {
    /// `input` or `output`.
    pub kind: &'static str,
    /// The name given.
    pub name: String,
    /// The known names, listed.
    pub expected: String,
}

fn unknown(kind: &'static str, name: &str, names: &[&str]) -> UnknownFormat {
    let (last, rest) = names.split_last().expect("formats exist");
    UnknownFormat { kind, name: name.to_string(), expected: format!("{} or {last}", rest.join(", ")) }
}

impl FromStr for InputFormat {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        InputFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| unknown("input", s, &InputFormat::ALL.map(InputFormat::name)))
    }
}

impl FromStr for OutputFormat {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        OutputFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| unknown("output", s, &OutputFormat::ALL.map(OutputFormat::name)))
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle as read: its size, values and the alphabet it was written in, and the text around
/// it that names or describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The side length n.
    pub size: usize,
    /// n² values, row-major: 1..=n, 0 for an empty cell.
    pub values: Vec<u8>,
    /// The alphabet the puzzle was written in (for numbers: the forced spec's, or the default
    /// one), so that output can be written the way the input came.
    pub symbols: Symbols,
    /// The title line before the puzzle (`Grid 01`), trimmed: the last line before its first
    /// row that is not puzzle data (see [`Reader`]'s line rules).
    pub title: Option<String>,
    /// The text after the puzzle on its line (`box duplicate` after a line puzzle), or the text
    /// of a trailing `# comment` on one of its lines (the first one), trimmed.
    pub comment: Option<String>,
    /// The puzzle's own spec, for formats that carry one (f-puzzles): its size, regions and
    /// constraints. `None`: the spec comes from `--spec` or the size.
    pub spec: Option<Box<coverlab_model::Spec>>,
    /// What the input draws without a rule, read past (f-puzzles' `line`, `text`, `circle`,
    /// `rectangle` and `cage` objects): one entry per kind, `'line' (3)`. `check` lists them.
    pub drawings: Vec<String>,
}

impl Parsed {
    /// A puzzle that brings its own spec (f-puzzles, SudokuPad, ISS): its n² values, written in
    /// the default alphabet of the spec's size.
    pub(crate) fn with_spec(
        values: Vec<u8>,
        spec: coverlab_model::Spec,
        title: Option<String>,
        drawings: Vec<String>,
    ) -> Parsed {
        let n = spec.size;
        Parsed {
            size: n,
            values,
            // The spec's own alphabet where it has one (ISS's values from 0), else the size's.
            symbols: spec
                .symbols
                .as_deref()
                .and_then(|t| Symbols::new(t, n).ok())
                .unwrap_or_else(|| Symbols::default_for(n)),
            title,
            comment: None,
            spec: Some(Box::new(spec)),
            drawings,
        }
    }

    /// The values as a [`Grid`].
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.size, self.values.clone()).expect("values are checked against the size")
    }
}

/// One puzzle of an input: where it was, and what was read there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The 0-based position of the puzzle in the input (bad puzzles count too).
    pub index: usize,
    /// The 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle, or why it could not be read.
    pub result: Result<Parsed, FormatError>,
}

/// A puzzle and the line it starts on, as the format modules return them.
pub(crate) type Found = (usize, Result<Parsed, FormatError>);

/// The next puzzle of a format that writes one per line (f-puzzles, killer forms): the next
/// line that is neither blank nor a `#` comment, read by `parse`, its error made by `error`
/// from the line number and the message.
pub(crate) fn one_per_line<R: BufRead>(
    lines: &mut source::Lines<R>,
    parse: impl Fn(&str) -> Result<Parsed, String>,
    error: impl Fn(usize, String) -> FormatError,
) -> Option<Found> {
    loop {
        match lines.next() {
            source::Next::Eof => return None,
            source::Next::Bad(e) => return Some((e.line(), Err(e))),
            source::Next::Line(line) if line.text.trim().is_empty() || line.text.trim_start().starts_with('#') => {
                lines.recycle(line)
            }
            source::Next::Line(line) => {
                let number = line.number;
                let result = parse(&line.text).map_err(|message| error(number, message));
                lines.recycle(line);
                return Some((number, result));
            }
        }
    }
}

/// Reads puzzles one at a time from a [`BufRead`]; an iterator of [`Entry`].
///
/// It streams: it holds at most one line ([`MAX_LINE_BYTES`] at most), the current puzzle and a
/// fixed lookahead (a line or two while reading; up to 64 lines while detecting the format) in
/// memory. The format is detected on the first line holding a puzzle, unless forced.
///
/// Every format shares the same line rules: lines end at `\n`, `\r\n` or `\r`; UTF-16 with a
/// byte-order mark is transcoded; blank lines and `#` comment lines are skipped; a `#` after
/// whitespace starts a trailing comment (kept as [`Parsed::comment`]); rule lines drawn between
/// rows (`------+------`, `+-------+`) are skipped; a line before a puzzle that is not puzzle
/// data (`Grid 01`) is its [`Parsed::title`]. A line that cannot be read (not UTF-8, longer than
/// [`MAX_LINE_BYTES`], a NUL byte) is an error that spoils only its own puzzle.
///
/// Puzzles that say what they are, one line each (f-puzzles, killer forms), may come between
/// puzzles of other formats: unless the format was forced, such a line is read in its own
/// format and the line after it is detected afresh, so each puzzle of a mixed file is one entry.
/// With a forced format, such a line is an error saying what it holds.
pub struct Reader<R: BufRead> {
    lines: Lines<R>,
    origin: String,
    format: Option<InputFormat>,
    /// The format was forced, not detected.
    forced: bool,
    ctx: Context,
    index: usize,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`. `origin` names it in messages (a file name, or `<stdin>`);
    /// `format` forces a format (`None`: detect it); `spec` forces a spec, which fixes n (a
    /// puzzle of another size is an error) and the alphabet tried first.
    ///
    /// Detection reads the input up to its first line holding a puzzle (and, rarely, the line
    /// after it) right here, so `new` may block on an interactive input.
    pub fn new(input: R, origin: &str, format: Option<InputFormat>, spec: Option<&Model>) -> Self {
        let mut lines = Lines::new(input);
        let mut ctx = Context::new(spec);
        let forced = format.is_some();
        let format = format.or_else(|| detect::detect(&mut lines, &mut ctx));
        Reader { lines, origin: origin.to_string(), format, forced, ctx, index: 0 }
    }

    /// The format: forced, or detected (in a file that mixes formats, the one of the puzzle read
    /// last, see [`Reader`]); `None` when nothing was forced and the input holds no puzzle (only
    /// blank lines and comments).
    pub fn format(&self) -> Option<InputFormat> {
        self.format
    }

    /// The name of the input, as given to [`Reader::new`]; errors do not carry it, so prefix it:
    /// `{origin}: {error}`.
    pub fn origin(&self) -> &str {
        &self.origin
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        let format = self.format?;
        let (line, result) = match self.format_of_next(format) {
            Ok(format) => self.next_in(format),
            Err(found) => Some(*found),
        }?;
        let index = self.index;
        self.index += 1;
        Some(Entry { index, line, result })
    }
}

impl<R: BufRead> Reader<R> {
    /// The format to read the next puzzle in. Puzzles that say what they are (an f-puzzles
    /// puzzle, a killer in one of its text forms) are one line each and may follow puzzles of
    /// any format: with a detected format, such a line is read in its own format, and the line
    /// after it detected afresh. With a forced format, such a line is an error that says what it
    /// is (`Err`, holding that entry, the line read; boxed, as a rare path).
    fn format_of_next(&mut self, format: InputFormat) -> Result<InputFormat, Box<Found>> {
        let Some((number, own)) = self.peek() else {
            return Ok(format);
        };
        match own {
            Some(own) if own == format => Ok(format),
            Some(own) if self.forced => {
                let found = match self.lines.next() {
                    source::Next::Line(_) => {
                        let what = match own {
                            InputFormat::Fpuzzles => "an f-puzzles puzzle",
                            InputFormat::Iss => "an ISS constraint string",
                            InputFormat::Sudokupad => "a SudokuPad link",
                            InputFormat::Marks => "pencil marks",
                            _ => "a killer",
                        };
                        let message = format!(
                            "this line holds {what}, but the input is read as {} puzzles (the format was forced)",
                            format.name()
                        );
                        lines_error(own, number, message)
                    }
                    _ => unreachable!("peek saw a line"),
                };
                Err(Box::new((number, Err(found))))
            }
            Some(own) => {
                self.format = Some(own);
                Ok(own)
            }
            None if !self.forced
                && matches!(
                    format,
                    InputFormat::Fpuzzles
                        | InputFormat::Killer
                        | InputFormat::Iss
                        | InputFormat::Sudokupad
                        | InputFormat::Marks
                ) =>
            {
                let detected = detect::detect(&mut self.lines, &mut self.ctx).unwrap_or(format);
                self.format = Some(detected);
                Ok(detected)
            }
            None => Ok(format),
        }
    }

    /// The number of the next line holding something (not blank, not a `#` comment), and the
    /// format it says it is in (f-puzzles or killer), if any; every line read is given back.
    fn peek(&mut self) -> Option<(usize, Option<InputFormat>)> {
        // The blank and comment lines before it (most often none: no allocation).
        let mut held = Vec::new();
        let found = loop {
            match self.lines.next() {
                source::Next::Line(line) if line.text.trim().is_empty() || line.is_comment() => {
                    held.push(source::Next::Line(line));
                }
                source::Next::Line(line) => {
                    let own = if sudokupad::looks_like(&line.text) {
                        Some(InputFormat::Sudokupad)
                    } else if fpuzzles::looks_like(&line.text) {
                        Some(InputFormat::Fpuzzles)
                    } else if iss::looks_like(line.rest()) {
                        Some(InputFormat::Iss)
                    } else if killer::looks_like(&line.text) {
                        Some(InputFormat::Killer)
                    } else if marks::looks_like(&line.text).is_some() || marks::looks_like_row(line.rest()).is_some() {
                        Some(InputFormat::Marks)
                    } else {
                        None
                    };
                    let found = (line.number, own);
                    self.lines.unread(line);
                    break Some(found);
                }
                other => {
                    held.push(other);
                    break None;
                }
            }
        };
        for next in held.into_iter().rev() {
            self.lines.unread_next(next);
        }
        found
    }

    /// The next puzzle, read in `format`.
    fn next_in(&mut self, format: InputFormat) -> Option<Found> {
        match format {
            InputFormat::Line => line::next(&mut self.lines, &mut self.ctx),
            InputFormat::Grid => grid::next(&mut self.lines, &mut self.ctx),
            InputFormat::Header => header::next(&mut self.lines, &mut self.ctx),
            InputFormat::Csv => csv::next(&mut self.lines, &mut self.ctx),
            InputFormat::Fpuzzles => fpuzzles::next(&mut self.lines),
            InputFormat::Killer => killer::next(&mut self.lines),
            InputFormat::Iss => iss::next(&mut self.lines),
            InputFormat::Sudokupad => sudokupad::next(&mut self.lines),
            InputFormat::Marks => marks::next(&mut self.lines, self.ctx.forced_spec()),
        }
    }
}

/// The error of a line in its own format (`own`, f-puzzles or killer).
fn lines_error(own: InputFormat, line: usize, message: String) -> FormatError {
    match own {
        InputFormat::Fpuzzles => FormatError::Fpuzzles { line, message },
        InputFormat::Iss => FormatError::Iss { line, column: None, message },
        InputFormat::Sudokupad => FormatError::Sudokupad { line, message },
        InputFormat::Marks => FormatError::Marks { line, message },
        _ => FormatError::Killer { line, message },
    }
}

/// Reads every puzzle of `text` (a convenience over [`Reader`]).
pub fn read_str(text: &str, format: Option<InputFormat>, spec: Option<&Model>) -> Vec<Entry> {
    Reader::new(text.as_bytes(), "<string>", format, spec).collect()
}
