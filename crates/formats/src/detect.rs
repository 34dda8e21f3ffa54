//! Guessing the input format from the first line that holds a puzzle.
//!
//! Blank lines, comments (`#` first), rule lines (`------+------`, `+-------+`, a long run of
//! dashes) and title lines (`Grid 01`: a word of two or more letters, and not a row of cells;
//! see `kind`) are passed over. A trailing `# comment` (a `#` after whitespace) is not part of a
//! line. A line that says what it is comes first: a SudokuPad link, an f-puzzles puzzle (JSON, a link), an ISS
//! constraint string (`.` then a capitalised name and `~`, or givens `.~R1C1_5`, perhaps after a
//! plain grid) or a killer in one of its text forms. Then the rules, in order, on the first line
//! left:
//! 1. it starts with a line puzzle: n² symbols for the forced spec, or for a size with a built-in
//!    spec, up to the first space, tab, `;` or `,`, fitting an alphabet of size n (or too long to
//!    be a row) → `line`; whatever follows on the line is the puzzle's comment
//!    (`<81 symbols> box duplicate`, `<81 symbols>;hardest`);
//! 2. it contains `,` or `;` → `csv`;
//! 3. it is a lone number of at most 3 digits (a size) → `header`;
//! 4. it is a lone integer of more digits, or a negative one (`1000`, `-5`): `grid` when the next
//!    puzzle line is a lone word of as many characters (rows of digits such as `003020600`),
//!    else `header` (a size out of range, which its error will say);
//! 5. it is a size s followed by exactly s² numbers, none above s, and so is the next puzzle
//!    line if there is one, unless that is a lone size (a one-line header; a grid row cannot
//!    pass this twice, as two rows would start with the same value in one column) → `header`;
//! 6. it has several tokens, separated by whitespace or `|` → `grid`;
//! 7. it is one run of symbols: of the forced spec's size n → `grid`; with a forced spec of
//!    another size → `line`; else of n² ≤ 64 symbols for a size n with a spec (they did not fit
//!    rule 1's alphabets) → `grid` when the next puzzle line is another such run (the rows of a
//!    16x16 grid written in symbols), else `line` (a line puzzle whose error names the bad
//!    symbol); else of 2 to 64 symbols → `grid`, and longer → `line` (whose error will say what
//!    length was expected).

use std::io::BufRead;

use coverlab_model::{MAX_SIZE, builtin};

use crate::InputFormat;
use crate::decode::{Context, EMPTY_MARKS};
use crate::header::{is_integer, lone_integer};
use crate::kind::{Kind, kind};
use crate::line::puzzle_span;
use crate::source::{Line, Lines, Next};

/// How many unreadable lines or lines after the first puzzle line detection looks at.
const LOOKAHEAD: usize = 64;

/// Detects the format of the input, leaving every line it looked at to be read again (blank
/// lines, comments and rules before the first puzzle line aside: every format skips them).
/// `None` when the input holds nothing but blank lines, comments, rules and titles.
pub(crate) fn detect<R: BufRead>(lines: &mut Lines<R>, ctx: &mut Context) -> Option<InputFormat> {
    // Unreadable lines and the last title before each, given back.
    let mut before: Vec<Next> = Vec::new();
    let mut bad = 0;
    let first = loop {
        match lines.next() {
            Next::Eof => break None,
            Next::Line(line)
                if crate::sudokupad::looks_like(&line.text)
                    || crate::fpuzzles::looks_like(&line.text)
                    || crate::iss::looks_like(line.rest())
                    || crate::killer::looks_like(&line.text)
                    || crate::marks::looks_like(&line.text).is_some()
                    || crate::marks::looks_like_row(line.rest()).is_some() =>
            {
                break Some(line);
            }
            Next::Line(line) => match kind(&line, ctx) {
                Kind::Blank | Kind::Comment | Kind::Rule => {}
                Kind::Dashes(len) if !could_be_data(len, ctx) => {}
                Kind::Title => {
                    if matches!(before.last(), Some(Next::Line(_))) {
                        before.pop();
                    }
                    before.push(Next::Line(line));
                }
                Kind::Dashes(_) | Kind::Data => break Some(line),
            },
            bad_line @ Next::Bad(_) => {
                before.push(bad_line);
                bad += 1;
                if bad >= LOOKAHEAD {
                    break None;
                }
            }
        }
    };
    let mut after: Vec<Next> = Vec::new();
    let format = match &first {
        None if bad == 0 => None,
        None => Some(InputFormat::Line), // only unreadable lines: each becomes an error entry
        Some(line) => Some(classify(line, lines, &mut after, ctx)),
    };
    // Give everything back in reading order: unreadable lines, the first line, what followed.
    let back = before.into_iter().chain(first.map(Next::Line)).chain(after);
    for next in back.collect::<Vec<_>>().into_iter().rev() {
        lines.unread_next(next);
    }
    format
}

/// True when a run of `len` dashes could be cells: a row, or a line puzzle, of empty cells.
fn could_be_data(len: usize, ctx: &Context) -> bool {
    match ctx.forced_size() {
        Some(n) => len == n || len == n * n,
        None => len <= MAX_SIZE || builtin::for_cell_count(len).is_some(),
    }
}

/// Applies the rules to the first puzzle line; `held` collects any line read beyond it.
fn classify<R: BufRead>(line: &Line, lines: &mut Lines<R>, held: &mut Vec<Next>, ctx: &mut Context) -> InputFormat {
    if crate::sudokupad::looks_like(&line.text) {
        return InputFormat::Sudokupad;
    }
    if crate::fpuzzles::looks_like(&line.text) {
        return InputFormat::Fpuzzles;
    }
    if crate::iss::looks_like(line.rest()) {
        return InputFormat::Iss;
    }
    if crate::killer::looks_like(&line.text) {
        return InputFormat::Killer;
    }
    if crate::marks::looks_like(&line.text).is_some() || crate::marks::looks_like_row(line.rest()).is_some() {
        return InputFormat::Marks;
    }
    let (from, to, _) = puzzle_span(line);
    if is_line_puzzle(&line.text[from..to], ctx) {
        return InputFormat::Line;
    }
    let rest = line.rest().trim();
    if rest.contains([',', ';']) {
        return InputFormat::Csv;
    }
    if let Some(word) = lone_integer(line) {
        let len = word.chars().count();
        if ctx.forced_size() == Some(len) {
            return InputFormat::Grid;
        }
        if len <= 3 && !word.starts_with('-') {
            return InputFormat::Header;
        }
        let next = next_puzzle_line(lines, held, ctx);
        let rows = next.is_some_and(|l| matches!(l.words().as_slice(), [w] if w.text.chars().count() == len));
        return if rows { InputFormat::Grid } else { InputFormat::Header };
    }
    if line.split(|c| c.is_whitespace() || c == '|').len() > 1 {
        if one_line_header(line) {
            // The next puzzle line must be a one-line header too, or a size, or absent.
            let next = next_puzzle_line(lines, held, ctx);
            if next.is_none_or(|l| one_line_header(l) || lone_integer(l).is_some_and(|w| w.len() <= 3)) {
                return InputFormat::Header;
            }
        }
        return InputFormat::Grid;
    }
    let len = rest.chars().filter(|&c| c != '|').count();
    match ctx.forced_size() {
        Some(n) if len == n => InputFormat::Grid,
        Some(_) => InputFormat::Line,
        None if builtin::for_cell_count(len).is_some() && len <= MAX_SIZE => {
            // n² symbols that do not fit an n-symbol alphabet: the first row of a grid written
            // in symbol rows (a 16x16 row is as long as a 4x4 line puzzle) when the next line is
            // another such row; else a line puzzle with a bad symbol, which its error will name.
            let root = len.isqrt();
            let rows = next_puzzle_line(lines, held, ctx).is_some_and(|l| {
                let words = l.words();
                matches!(words.as_slice(), [w] if w.text.chars().count() == len)
                    && !ctx.fits_some_alphabet(words[0].text, root)
            });
            if rows { InputFormat::Grid } else { InputFormat::Line }
        }
        None if (2..=MAX_SIZE).contains(&len) => InputFormat::Grid,
        None => InputFormat::Line,
    }
}

/// True when `text` is a line puzzle: n² cells for the forced spec's n, or for an n with a
/// built-in spec whose alphabets fit its symbols (or too long to be a row: a 16x16 grid row is
/// 16 symbols long, like a 4x4 line puzzle, and its symbols tell them apart).
fn is_line_puzzle(text: &str, ctx: &mut Context) -> bool {
    let len = text.chars().count();
    let root = len.isqrt();
    match ctx.forced_size() {
        Some(n) => len == n * n && len > 1,
        None => builtin::for_cell_count(len).is_some() && (len > MAX_SIZE || ctx.fits_some_alphabet(text, root)),
    }
}

/// The next line holding something (not blank, a comment, a rule or a title), read into `held`; `None`
/// at the end of the input or after [`LOOKAHEAD`] lines.
fn next_puzzle_line<'a, R: BufRead>(
    lines: &mut Lines<R>,
    held: &'a mut Vec<Next>,
    ctx: &mut Context,
) -> Option<&'a Line> {
    let found = loop {
        if held.len() >= LOOKAHEAD {
            break None;
        }
        let next = lines.next();
        let verdict = match &next {
            Next::Line(l) => match kind(l, ctx) {
                Kind::Blank | Kind::Comment | Kind::Rule | Kind::Title => None,
                _ => Some(true),
            },
            Next::Bad(_) => None,
            Next::Eof => Some(false),
        };
        held.push(next);
        if let Some(verdict) = verdict {
            break Some(verdict);
        }
    };
    match (found, held.last()) {
        (Some(true), Some(Next::Line(line))) => Some(line),
        _ => None,
    }
}

/// True for `s v1 … v(s²)` with 2 ≤ s ≤ 64 and every v a number 0..=s or an empty mark.
fn one_line_header(line: &Line) -> bool {
    let words = line.words();
    let Some(s) = words.first().and_then(|w| w.text.parse::<usize>().ok()) else {
        return false;
    };
    (2..=MAX_SIZE).contains(&s)
        && words.len() == 1 + s * s
        && words[1..].iter().all(|w| {
            is_integer(w.text) && w.text.parse::<usize>().is_ok_and(|v| v <= s)
                || w.text.chars().count() == 1 && w.text.chars().all(|c| EMPTY_MARKS.contains(&c))
        })
}
