//! Bounded line reading: line numbers, a length cap, UTF-8 checks and pushback.
//!
//! Every format reads its input through [`Lines`], so no format ever holds more than one line of
//! at most [`MAX_LINE_BYTES`] bytes (plus the current puzzle's cells) in memory.

use std::io::{BufRead, ErrorKind};

use crate::error::FormatError;

/// The longest line accepted, in bytes, without its line terminator: room for a 64×64 puzzle
/// written with up to 4 bytes per cell.
pub const MAX_LINE_BYTES: usize = 64 * 64 * 4;

/// One line of input, without its terminator (`\n`, `\r\n`) and trailing whitespace.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    /// 1-based line number.
    pub number: usize,
    /// The text.
    pub text: String,
    /// Byte offset where unread content starts (a format may give back the rest of a line).
    pub start: usize,
}

impl Line {
    /// The unread part of the line.
    pub fn rest(&self) -> &str {
        &self.text[self.start..]
    }

    /// True when nothing but whitespace is left.
    pub fn is_blank(&self) -> bool {
        self.rest().trim().is_empty()
    }

    /// True for a comment: a line whose first non-blank character is `#`.
    pub fn is_comment(&self) -> bool {
        self.text.trim_start().starts_with('#')
    }

    /// The 1-based character column of byte offset `at`.
    pub fn column(&self, at: usize) -> usize {
        self.text[..at].chars().count() + 1
    }

    /// The whitespace-separated words of the unread part, with their columns and end offsets.
    pub fn words(&self) -> Vec<Word<'_>> {
        let mut out = Vec::new();
        let mut current: Option<(usize, usize)> = None; // (byte start, column)
        for (column, (i, c)) in (self.column(self.start)..).zip(self.rest().char_indices()) {
            let at = self.start + i;
            match (c.is_whitespace(), current) {
                (true, Some((from, col))) => {
                    out.push(Word { text: &self.text[from..at], column: col, end: at });
                    current = None;
                }
                (false, None) => current = Some((at, column)),
                _ => {}
            }
        }
        if let Some((from, col)) = current {
            out.push(Word { text: &self.text[from..], column: col, end: self.text.len() });
        }
        out
    }
}

/// A whitespace-separated word of a line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Word<'a> {
    /// The word.
    pub text: &'a str,
    /// Its 1-based character column.
    pub column: usize,
    /// The byte offset just after it.
    pub end: usize,
}

/// What [`Lines::next`] found.
pub(crate) enum Next {
    /// A line.
    Line(Line),
    /// A line that could not be taken (too long, not UTF-8, or an I/O error).
    Bad(FormatError),
    /// The end of the input.
    Eof,
}

/// Lines of a [`BufRead`], numbered, capped and checked.
pub(crate) struct Lines<R> {
    input: R,
    /// The number of the last line read from `input`.
    number: usize,
    /// Lines given back, read again newest first.
    pushed: Vec<Next>,
    buf: Vec<u8>,
    /// Set after an I/O error: the input is treated as ended.
    failed: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Self {
        Lines { input, number: 0, pushed: Vec::new(), buf: Vec::new(), failed: false }
    }

    /// Gives a line back: the next call to [`Lines::next`] returns it again.
    pub fn unread(&mut self, line: Line) {
        self.pushed.push(Next::Line(line));
    }

    /// Gives back anything [`Lines::next`] returned.
    pub fn unread_next(&mut self, next: Next) {
        self.pushed.push(next);
    }

    /// Hands back a line that is done with, so that its buffer holds the next line read (one
    /// allocation per input rather than one per line).
    pub fn recycle(&mut self, line: Line) {
        if self.buf.capacity() == 0 {
            self.buf = line.text.into_bytes();
        }
    }

    /// The next line.
    pub fn next(&mut self) -> Next {
        if let Some(next) = self.pushed.pop() {
            return next;
        }
        if self.failed {
            return Next::Eof;
        }
        let too_long = match self.read_raw() {
            Ok(None) => return Next::Eof,
            Ok(Some(too_long)) => too_long,
            Err(e) => {
                self.failed = true;
                self.number += 1;
                return Next::Bad(FormatError::Io { line: self.number, message: e.to_string() });
            }
        };
        self.number += 1;
        let line = self.number;
        if too_long {
            return Next::Bad(FormatError::LineTooLong { line, limit: MAX_LINE_BYTES });
        }
        let bytes = std::mem::take(&mut self.buf);
        match String::from_utf8(bytes) {
            Ok(mut text) => {
                text.truncate(text.trim_end().len());
                if line == 1 && text.starts_with('\u{feff}') {
                    text.drain(..'\u{feff}'.len_utf8()); // a byte-order mark, as some editors write
                }
                Next::Line(Line { number: line, text, start: 0 })
            }
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                self.buf = bytes;
                Next::Bad(FormatError::InvalidUtf8 { line, column })
            }
        }
    }

    /// Reads one raw line into `buf`, storing at most `MAX_LINE_BYTES + 2` bytes.
    /// `Ok(None)` at the end of input, else `Ok(Some(too_long))`.
    fn read_raw(&mut self) -> std::io::Result<Option<bool>> {
        self.buf.clear();
        let cap = MAX_LINE_BYTES + 2;
        let mut overflow = false;
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let content = &chunk[..if end { take - 1 } else { take }];
            let room = cap - self.buf.len();
            if content.len() > room {
                overflow = true;
            }
            if !overflow {
                self.buf.extend_from_slice(content);
            }
            self.input.consume(take);
            if end {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(Some(overflow || self.buf.len() > MAX_LINE_BYTES))
    }
}
