//! Bounded line reading: encodings, line terminators, line numbers, a length cap, UTF-8 and NUL
//! checks, trailing comments and pushback.
//!
//! Every format reads its input through [`Lines`], so no format ever holds more than one line of
//! at most [`MAX_LINE_BYTES`] bytes (plus the current puzzle's cells and a line or two of
//! lookahead) in memory.
//!
//! - A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files); `\r\n` is one terminator even
//!   when the two bytes arrive in different reads.
//! - An input starting with a UTF-16 byte-order mark (`FF FE` or `FE FF`) is transcoded to UTF-8
//!   as it streams, a few kilobytes at a time; a UTF-8 byte-order mark on line 1 is dropped.
//! - A line that cannot be taken (longer than [`MAX_LINE_BYTES`], not UTF-8, holding a NUL byte)
//!   is handed out as an error, and the next line is read as usual. A first line of text with a
//!   NUL every other byte is UTF-16 without a byte-order mark: one error, and the input ends
//!   there (every later line would be garbage).
//! - A `#` preceded by whitespace starts a trailing comment: [`Line::rest`] stops before it and
//!   [`Line::comment`] holds its text.

use std::io::{BufRead, ErrorKind};

use crate::error::FormatError;

/// The longest line accepted, in bytes, without its line terminator: 1 MiB, the bound an
/// f-puzzles link's payload may expand to ([`MAX_DECOMPRESSED`](crate::fpuzzles::MAX_DECOMPRESSED)),
/// so that a puzzle read as a link is also read as its JSON (a 25×25 killer with givens is about
/// 24 KB of JSON; a 64×64 line puzzle is 16 KiB at 4 bytes a cell).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A line longer than [`MAX_LINE_BYTES`] is skipped up to its end, but at most this far: a line
/// that has not ended after this many bytes (`/dev/zero`, a binary file) is reported once, and
/// the rest of the input is not read (it is no puzzle file).
pub const MAX_SKIP_BYTES: usize = 64 << 20;

/// One line of input, without its terminator and trailing whitespace.
#[derive(Debug, Clone)]
#[doc(hidden)]
pub struct Line {
    /// 1-based line number.
    pub number: usize,
    /// The whole text, trailing comment included.
    pub text: String,
    /// Byte offset where unread content starts (a format may give back the rest of a line).
    pub start: usize,
    /// Byte offset where the data ends: before a trailing `# comment` and the whitespace before
    /// it; the length of the text when there is none.
    pub end: usize,
}

impl Line {
    /// The unread part of the line's data.
    pub fn rest(&self) -> &str {
        &self.text[self.start.min(self.end)..self.end]
    }

    /// True when nothing but whitespace (or a trailing comment) is left.
    pub fn is_blank(&self) -> bool {
        self.rest().trim().is_empty()
    }

    /// True for a comment: a line whose first non-blank character is `#`.
    pub fn is_comment(&self) -> bool {
        self.text.trim_start().starts_with('#')
    }

    /// The text of a trailing `# comment` (after the `#`, trimmed); `None` without one, or
    /// when it is empty.
    pub fn comment(&self) -> Option<&str> {
        let tail = self.text[self.end..].trim_start().strip_prefix('#')?.trim();
        (!tail.is_empty()).then_some(tail)
    }

    /// The whole line, trimmed: how a title is kept.
    pub fn whole(&self) -> &str {
        self.text.trim()
    }

    /// The 1-based character column of byte offset `at`.
    pub fn column(&self, at: usize) -> usize {
        self.text[..at].chars().count() + 1
    }

    /// The whitespace-separated words of the unread part, with their columns and end offsets.
    pub fn words(&self) -> Vec<Word<'_>> {
        self.split(char::is_whitespace)
    }

    /// The words of the unread part, separated by runs of characters for which `sep` holds.
    pub fn split(&self, sep: impl Fn(char) -> bool) -> Vec<Word<'_>> {
        let from = self.start.min(self.end);
        let rest = self.rest();
        if rest.is_ascii() {
            // One byte per character: columns are offsets (the usual case, and a faster loop).
            let column = self.column(from);
            let bytes = rest.as_bytes();
            let mut out = Vec::with_capacity(bytes.len().div_ceil(2));
            let mut i = 0;
            while i < bytes.len() {
                while i < bytes.len() && sep(char::from(bytes[i])) {
                    i += 1;
                }
                let start = i;
                while i < bytes.len() && !sep(char::from(bytes[i])) {
                    i += 1;
                }
                if i > start {
                    out.push(Word { text: &rest[start..i], column: column + start, end: from + i });
                }
            }
            return out;
        }
        let mut out = Vec::new();
        let mut current: Option<(usize, usize)> = None; // (byte start, column)
        for (column, (i, c)) in (self.column(from)..).zip(self.rest().char_indices()) {
            let at = from + i;
            match (sep(c), current) {
                (true, Some((start, col))) => {
                    out.push(Word { text: &self.text[start..at], column: col, end: at });
                    current = None;
                }
                (false, None) => current = Some((at, column)),
                _ => {}
            }
        }
        if let Some((start, col)) = current {
            out.push(Word { text: &self.text[start..self.end], column: col, end: self.end });
        }
        out
    }
}

/// `text` split at its first whitespace character, as `text.split_once(char::is_whitespace)`
/// splits it, found byte by byte while the text is ASCII (a line puzzle is): every line of a
/// batch is asked whether it is in a format that says what it is, and most are one word.
#[doc(hidden)]
pub fn split_at_space(text: &str) -> Option<(&str, &str)> {
    let at = match text.bytes().position(|b| matches!(b, b' ' | b'\t'..=b'\r') || b >= 0x80) {
        None => return None,
        Some(i) if text.as_bytes()[i] < 0x80 => return Some((&text[..i], &text[i + 1..])),
        Some(i) => i,
    };
    let (first, rest) = text[at..].split_once(char::is_whitespace)?;
    Some((&text[..at + first.len()], rest))
}

/// The first word of `text`, as `text.split_whitespace().next().unwrap_or("")` finds it (see
/// [`split_at_space`]).
#[doc(hidden)]
pub fn first_word(text: &str) -> &str {
    let t = text.trim_start();
    split_at_space(t).map_or(t, |(word, _)| word)
}

/// Where the data of `text` ends: at the first `#` that starts the line or follows whitespace,
/// less the whitespace before it.
#[doc(hidden)]
pub fn data_end(text: &str) -> usize {
    let mut from = 0;
    while let Some(i) = text[from..].find('#') {
        let at = from + i;
        let before = &text[..at];
        if before.is_empty() || before.ends_with(char::is_whitespace) {
            return before.trim_end().len();
        }
        from = at + 1;
    }
    text.len()
}

/// A word of a line.
#[derive(Debug, Clone, Copy)]
#[doc(hidden)]
pub struct Word<'a> {
    /// The word.
    pub text: &'a str,
    /// Its 1-based character column.
    pub column: usize,
    /// The byte offset just after it.
    pub end: usize,
}

/// What [`Lines::next`] found.
#[derive(Debug)]
pub(crate) enum Next {
    /// A line.
    Line(Line),
    /// A line that could not be taken (too long, not UTF-8, a NUL byte, or an I/O error).
    Bad(FormatError),
    /// The end of the input.
    Eof,
}

/// Lines of a [`BufRead`], numbered, capped and checked.
pub(crate) struct Lines<R> {
    input: Source<R>,
    /// The number of the last line read from `input`.
    number: usize,
    /// Lines given back, read again newest first.
    pushed: Vec<Next>,
    buf: Vec<u8>,
    /// Set after an I/O error, or UTF-16 without a byte-order mark: the input is treated as ended.
    failed: bool,
    /// The last line ended with `\r`: a `\n` right after it belongs to the same terminator.
    after_cr: bool,
    /// A line with something other than whitespace on it was read.
    seen_text: bool,
    /// The line in `buf` may hold a NUL byte or a `#` (false: it holds neither).
    special: bool,
    /// A line went on past [`MAX_SKIP_BYTES`].
    endless: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Self {
        Lines {
            input: Source::Fresh(input),
            number: 0,
            pushed: Vec::new(),
            buf: Vec::new(),
            failed: false,
            after_cr: false,
            seen_text: false,
            special: false,
            endless: false,
        }
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
        if self.endless {
            self.failed = true;
            return Next::Bad(FormatError::NoLineEnd { line, limit: MAX_SKIP_BYTES });
        }
        if too_long {
            self.seen_text = true;
            return Next::Bad(FormatError::LineTooLong { line, limit: MAX_LINE_BYTES });
        }
        if self.special && self.buf.contains(&0) {
            let at = self.buf.iter().position(|&b| b == 0).expect("contains a NUL");
            if !self.seen_text && looks_like_utf16(&self.buf) {
                self.failed = true;
                return Next::Bad(FormatError::Utf16WithoutBom { line });
            }
            self.seen_text = true;
            let column = String::from_utf8_lossy(&self.buf[..at]).chars().count() + 1;
            return Next::Bad(FormatError::NulByte { line, column });
        }
        let bytes = std::mem::take(&mut self.buf);
        match String::from_utf8(bytes) {
            Ok(mut text) => {
                text.truncate(text.trim_end().len());
                if line == 1 && text.starts_with('\u{feff}') {
                    text.drain(..'\u{feff}'.len_utf8()); // a byte-order mark, as some editors write
                }
                self.seen_text |= !text.is_empty();
                let end = if self.special { data_end(&text) } else { text.len() };
                Next::Line(Line { number: line, text, start: 0, end })
            }
            Err(e) => {
                self.seen_text = true;
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                self.buf = bytes;
                if matches!(self.input, Source::Utf16(_)) {
                    // The transcoder writes what is not UTF-16 as a byte no UTF-8 has.
                    return Next::Bad(FormatError::InvalidUtf16 { line, column });
                }
                Next::Bad(FormatError::InvalidUtf8 { line, column })
            }
        }
    }

    /// Reads one raw line into `buf`, storing at most `MAX_LINE_BYTES` bytes.
    /// `Ok(None)` at the end of input, else `Ok(Some(too_long))`.
    fn read_raw(&mut self) -> std::io::Result<Option<bool>> {
        self.buf.clear();
        self.special = false;
        let mut overflow = false;
        let mut any = false;
        let mut seen = 0usize;
        loop {
            if overflow && seen >= MAX_SKIP_BYTES {
                self.endless = true; // `/dev/zero`: reported once, and the input ends there
                break;
            }
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    self.input.consume(1); // the second half of a `\r\n`
                    continue;
                }
            }
            any = true;
            // `\n` first (the usual terminator), then one pass without an early exit (vectorised)
            // for the bytes that need a closer look: a `\r` before it, NUL, `#`.
            let newline = chunk.iter().position(|&b| b == b'\n');
            let upto = &chunk[..newline.unwrap_or(chunk.len())];
            let special = upto.iter().fold(0u8, |any, &b| any | u8::from((b == b'\r') | (b == 0) | (b == b'#'))) != 0;
            self.special |= special;
            let cr = if special { upto.iter().position(|&b| b == b'\r') } else { None };
            let (take, end) = match cr.or(newline) {
                Some(i) => {
                    self.after_cr = chunk[i] == b'\r';
                    (i + 1, true)
                }
                None => (chunk.len(), false),
            };
            let content = &chunk[..if end { take - 1 } else { take }];
            if !overflow && self.buf.len() + content.len() > MAX_LINE_BYTES {
                overflow = true;
            }
            if !overflow {
                self.buf.extend_from_slice(content);
            }
            self.input.consume(take);
            seen += take;
            if end {
                break;
            }
        }
        Ok(any.then_some(overflow))
    }
}

/// True for a line that holds NUL bytes every other byte: ASCII text saved as UTF-16.
#[doc(hidden)]
pub fn looks_like_utf16(bytes: &[u8]) -> bool {
    let nuls = |parity: usize| bytes.iter().skip(parity).step_by(2).filter(|&&b| b == 0).count();
    let (even, odd) = (nuls(0), nuls(1));
    let half = |parity: usize| (bytes.len() + 1 - parity) / 2;
    (even == 0 && odd > 0 && 2 * odd >= half(1)) || (odd == 0 && even > 0 && 2 * even >= half(0))
}

/// The bytes of the input: as they are, or transcoded from UTF-16 when the input starts with
/// its byte-order mark. Which one is decided on the first read.
enum Source<R> {
    /// Not read yet.
    Fresh(R),
    /// Bytes as they are: the (at most two) bytes read to look for a byte-order mark, then the
    /// rest.
    Plain { head: [u8; 2], at: usize, len: usize, inner: R, error: Option<std::io::Error> },
    /// UTF-16 transcoded to UTF-8.
    Utf16(Utf16<R>),
    /// Only while switching from `Fresh`.
    Gone,
}

impl<R: BufRead> Source<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if let Source::Fresh(_) = self {
            let Source::Fresh(inner) = std::mem::replace(self, Source::Gone) else { unreachable!() };
            *self = Source::sniff(inner);
        }
        match self {
            Source::Plain { error, .. } if error.is_some() => Err(error.take().expect("checked")),
            Source::Plain { head, at, len, .. } if *at < *len => Ok(&head[*at..*len]),
            Source::Plain { inner, .. } => inner.fill_buf(),
            Source::Utf16(utf16) => utf16.fill_buf(),
            Source::Fresh(_) | Source::Gone => unreachable!("sniffed above"),
        }
    }

    fn consume(&mut self, amount: usize) {
        match self {
            Source::Plain { at, len, .. } if *at < *len => *at += amount,
            Source::Plain { inner, .. } => inner.consume(amount),
            Source::Utf16(utf16) => utf16.at += amount,
            Source::Fresh(_) | Source::Gone => unreachable!("consume follows fill_buf"),
        }
    }

    /// Reads the first two bytes and picks the decoding.
    fn sniff(mut inner: R) -> Source<R> {
        let mut head = [0u8; 2];
        let mut len = 0;
        let mut error = None;
        while len < 2 {
            match inner.fill_buf() {
                Ok([]) => break,
                Ok(chunk) => {
                    let k = chunk.len().min(2 - len);
                    head[len..len + k].copy_from_slice(&chunk[..k]);
                    inner.consume(k);
                    len += k;
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        match (head, len, &error) {
            ([0xFF, 0xFE], 2, None) => Source::Utf16(Utf16::new(inner, false)),
            ([0xFE, 0xFF], 2, None) => Source::Utf16(Utf16::new(inner, true)),
            _ => Source::Plain { head, at: 0, len, inner, error },
        }
    }
}

/// UTF-16 (after its byte-order mark) transcoded to UTF-8, one bounded chunk at a time. A unit
/// that is not valid UTF-16 (a lone surrogate, an odd last byte) becomes the byte `FF`, so that
/// its line is reported as not UTF-8, at its column.
struct Utf16<R> {
    inner: R,
    big_endian: bool,
    /// Transcoded bytes, read from `at`.
    out: Vec<u8>,
    at: usize,
    /// The first byte of a unit whose second byte is in the next chunk.
    odd: Option<u8>,
    /// A high surrogate waiting for its low half.
    high: Option<u16>,
    done: bool,
}

/// The most input bytes transcoded at once.
const UTF16_CHUNK: usize = 4096;

impl<R: BufRead> Utf16<R> {
    fn new(inner: R, big_endian: bool) -> Self {
        Utf16 { inner, big_endian, out: Vec::new(), at: 0, odd: None, high: None, done: false }
    }

    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.at == self.out.len() && !self.done {
            self.out.clear();
            self.at = 0;
            let Utf16 { inner, big_endian, out, odd, high, done, .. } = self;
            let chunk = inner.fill_buf()?;
            if chunk.is_empty() {
                *done = true;
                if odd.take().is_some() | high.take().is_some() {
                    out.push(0xFF);
                }
                break;
            }
            let take = chunk.len().min(UTF16_CHUNK);
            for &b in &chunk[..take] {
                match odd.take() {
                    None => *odd = Some(b),
                    Some(first) => {
                        let unit =
                            if *big_endian { u16::from_be_bytes([first, b]) } else { u16::from_le_bytes([first, b]) };
                        push_unit(out, high, unit);
                    }
                }
            }
            inner.consume(take);
        }
        Ok(&self.out[self.at..])
    }
}

/// Appends one UTF-16 unit to `out` as UTF-8, pairing surrogates through `high`.
fn push_unit(out: &mut Vec<u8>, high: &mut Option<u16>, unit: u16) {
    match unit {
        0xD800..=0xDBFF => {
            if high.replace(unit).is_some() {
                out.push(0xFF);
            }
        }
        0xDC00..=0xDFFF => match high.take() {
            Some(h) => {
                let code = 0x10000 + ((u32::from(h) - 0xD800) << 10) + (u32::from(unit) - 0xDC00);
                push_char(out, char::from_u32(code).expect("a surrogate pair is a character"));
            }
            None => out.push(0xFF),
        },
        _ => {
            if high.take().is_some() {
                out.push(0xFF);
            }
            push_char(out, char::from_u32(u32::from(unit)).expect("not a surrogate"));
        }
    }
}

fn push_char(out: &mut Vec<u8>, c: char) {
    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
}
