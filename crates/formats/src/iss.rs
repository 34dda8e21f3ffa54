//! The Interactive Sudoku Solver's constraint strings (sigh/Interactive-Sudoku-Solver, "ISS"),
//! one puzzle per line, each bringing its own spec as f-puzzles puzzles do:
//!
//! ```text
//! .Shape~6x6.Cage~10~R1C1~R1C2.Thermo~R2C1~R2C2~R2C3.~R1C5_4~R2C2_1
//! ```
//!
//! A string is a run of constraints, each `.Name~arg~arg…`; whitespace anywhere is ignored, as
//! ISS ignores it. Cells are `R<row>C<column>` with one character each (`1`–`9`, then `a`–`g` for
//! 10–16: `RaCg` is r10c16). Givens are the constraint with the empty name, `.~R1C1_5~R2C3_7`
//! (also written `.Given~…`); a cell given several values (`R4C7_2_4_6_8`) is read as an even or
//! odd cell when the values are exactly the even or the odd ones, and refused otherwise. A line
//! may start with a plain grid of the givens, ISS's other way of writing them (n² characters:
//! digits for up to 9×9, letters `A`–`P` for larger grids, one character such as `.` or `0` for
//! empty), followed by whitespace and the constraint string. A trailing `# comment` is the
//! puzzle's comment.
//!
//! Read, with ISS's meaning (checked against its `js/sudoku_constraint.js` and
//! `js/solver/sudoku_builder.js`): `Shape` (square, values 1 to n; default 9×9), givens,
//! `Cage` (sum 0 or empty: no sum), `Sum` (its cells in one row, column, box, jigsaw region or
//! `Diagonal`, so a cage; or a run along one diagonal, so a little killer; otherwise a sum whose
//! values may repeat), `Thermo` (bulb first, strictly
//! increasing), `Arrow` (the first cell is the circle), `WhiteDot`, `BlackDot`, `X`, `V` (each
//! orthogonally adjacent pair of their cells), `Whisper` (difference as given; without one,
//! ISS's German whispers: 5 on every grid), `Renban`, `Palindrome`, `Between`, `Lockout`
//! (`Lockout~4~…`: the ends' least difference first), `Entropic`, `Modular` (`Modular~3~…`: the
//! modulus first), `Zipper`, `RegionSumLine`, `LittleKiller` (named by the
//! diagonal's first cell, its direction the one ISS gives that cell), `Sandwich` (`R3` or `C5`),
//! `Skyscraper` and `XSum` (`Skyscraper~R3~2~4`: the row or column, the clue seen from its left
//! or top, then the one from its right or bottom, either left empty), `Quad` (`Quad~R4C4~1~2`:
//! the block's top-left cell, then its values), `RellikCage`, `PillArrow` (`PillArrow~2~…`: the
//! pill's size, its cells sorted into reading order, then the line), `DoubleArrow`, `SumLine`
//! (`SumLine~10~…`: the segments' total, then the line; `~LOOP` last closes it into a loop),
//! `Lunchbox` (`Lunchbox~7~…`: the total, then the cells in order), `NFA` (a state machine,
//! serialized as ISS's `NFASerializer` writes it, then `_name` and groups of cells separated by
//! an empty argument: a `StateMachine` for each group; groups cut into segments are refused),
//! `SameValues` of one-cell sets (`SameValues~3~R1C1~R5C5~R9C9`: the cells hold one value, as
//! `Clone`s; larger sets, equal as multisets, are refused), `Indexing` (`Indexing~C~…` column
//! indexers, `Indexing~R~…` row indexers: `ColumnIndexer`, `RowIndexer`), `NumberedRoom`,
//! `HiddenSkyscraper` and `FullRank` (each as `Skyscraper`: a row or column, then the clue from its
//! start and the one from its end), `FullRankTies` (`none`, `only-unclued`, `any`),
//! `CountingCircles` (one rule per constraint: each set of circles counts among itself),
//! `GreaterThan` (each cell greater than its orthogonal neighbours listed after
//! it: a `Pair` rule per neighbouring pair), `Pair`, `PairX` and their legacy forms `Binary`,
//! `BinaryX` (ISS's pair key, a table of n² bits in base64, then groups of cells as `NFA`'s:
//! `Pair` rules on each cell and the next, or on every two cells of a group), `Regex` (the
//! pattern in base64, then groups of cells, each a `Regex` line; ISS's syntax is a subset of
//! coverlab's, its value characters written as the grid's symbols), `AntiTaxicab` (a `Pair` rule
//! on each two cells at distance d ≤ n: not both d), `GlobalEntropy` and `GlobalMod` (on 9×9,
//! a `StateMachine` on each 2×2 square: a value of each of the three classes),
//! `AntiKnight`, `AntiKing`, `AntiConsecutive`, `Diagonal~1` (the anti-diagonal, ╱) and
//! `Diagonal~-1` (the main one, ╲), `Windoku`, `DisjointSets`, `Jigsaw` (a layout of n²
//! region characters), `NoBoxes`, `StrictKropki` and `StrictXV` (the negative rules),
//! `AllDifferent`, `RegionSize` of n. A `Shape` whose values run from 0 (`9x9~0-8`) is read as
//! the same puzzle with every value one higher, written with the symbols `0`… (so its solutions
//! read as ISS writes them): givens and quadruples one higher, cage, sum and little-killer totals
//! one higher per cell, X, V and black dots as the pairs of values they allow (`Pair`), the rules
//! that only compare values unchanged; arrows, pill and double arrows, rellik cages, zippers,
//! region-sum lines, sandwiches, X-sums, skyscrapers (ISS sees no building of height 0), entropic
//! lines and the negative Kropki and XV rules are refused there, naming the rule. `SearchPriority` only orders ISS's search, and is passed
//! over. Where ISS lets a later clue replace an earlier one (two little killers from one cell,
//! two sandwiches on one row, two givens of one cell: their values intersect), the reader does
//! the same.
//!
//! `Or` composites (`.Or.A.B.End`: each constraint up to `End` a branch, `.And … .End` a branch of
//! several; each branch read as a puzzle of its own on the same grid, its givens as `Candidates`;
//! houses and whole-grid rules inside one refused) are read as `Or`, and `.And … .End` outside
//! an `Or` as its constraints.
//!
//! Everything else ISS has (chaos construction, the composites `Replicate` and `Container`,
//! extra cells, value ranges other than 1 to n or 0 to n − 1, rectangular grids…) is
//! refused naming the constraint and where it is: `constraint 3 ".Lunchbox~R1~3": lunchboxes are
//! not supported by coverlab`. A puzzle is
//! never solved with one of its rules dropped or guessed at. Errors from the spec's own checks
//! (lines whose cells do not touch, sums no values reach) name the constraint they came from.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io::BufRead;

use coverlab_model::Model;
use coverlab_model::spec::{CellRef, Mark, Rule, Spec};

use crate::error::FormatError;
use crate::source::{Lines, Next};
use crate::{Found, Parsed};

/// The longest text read as one puzzle (a line is at most [`crate::MAX_LINE_BYTES`] anyway).
pub const MAX_TEXT: usize = 1 << 20;

/// The most constraints one string may hold: the largest puzzles ISS ships have about a
/// hundred; this bounds the spec built from a hostile line.
pub const MAX_CONSTRAINTS: usize = 10_000;

/// The largest grid ISS writes: its cell ids have one character per row and column.
const MAX_SIDE: usize = 16;

/// Why an ISS string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{problem}", .at.as_ref().map(|a| format!("{a}: ")).unwrap_or_default())]
pub struct IssError {
    /// The constraint the error is about, when it is about one.
    pub at: Option<At>,
    /// What is wrong.
    pub problem: Problem,
}

/// A constraint of the string, as an error names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct At {
    /// Its position among the string's constraints, from 1.
    pub number: usize,
    /// The 1-based column (in characters) of its `.` in the text read.
    pub column: usize,
    /// Its text, cut short when long.
    pub text: String,
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "constraint {} \"{}\"", self.number, self.text)
    }
}

/// What is wrong with an ISS string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// The text is longer than [`MAX_TEXT`].
    #[error("the text is {bytes} bytes long, more than {MAX_TEXT} (the limit for one puzzle)")]
    TooLong {
        /// Its length.
        bytes: usize,
    },
    /// More than [`MAX_CONSTRAINTS`] constraints.
    #[error("more than {MAX_CONSTRAINTS} constraints (the limit for one puzzle)")]
    TooMany,
    /// The text is not a constraint string.
    #[error(
        "not an ISS constraint string: it starts with \"{found}\" (expected '.', as in .Cage~10~R1C1~R1C2 or .~R1C1_5)"
    )]
    NotAString {
        /// Its start, as shown.
        found: String,
    },
    /// A constraint name ISS does not have.
    #[error("unknown constraint \"{name}\" (not one the Interactive Sudoku Solver writes{suggestion})")]
    Unknown {
        /// The name, as shown.
        name: String,
        /// `; did you mean Cage?`, or nothing.
        suggestion: String,
    },
    /// A constraint ISS has but coverlab does not: refused, never dropped.
    #[error("{what} not supported by coverlab")]
    Unsupported {
        /// What it is, with its verb: `skyscrapers are`.
        what: String,
    },
    /// A cell id, an argument, a count or a value that is wrong: the message says which.
    #[error("{0}")]
    Invalid(String),
}

impl IssError {
    /// The 1-based column of the constraint the error is about, if it is about one.
    pub fn column(&self) -> Option<usize> {
        self.at.as_ref().map(|a| a.column)
    }

    fn whole(problem: Problem) -> IssError {
        IssError { at: None, problem }
    }
}

/// Every constraint ISS writes that coverlab does not read, with what its refusal calls it.
#[doc(hidden)]
pub const REFUSED: &[(&str, &str)] = &[
    ("Container", "composite constraints (Container) are"),
    ("Replicate", "composite constraints (Replicate … End) are"),
    ("ChaosConstruction", "chaos construction is"),
    ("ChaosArrow", "chaos construction arrows are"),
    ("ChaosCount", "chaos construction counts are"),
    ("RegionSameValues", "regions holding the same values are"),
    ("Doppelganger", "doppelganger is"),
    ("DutchFlatmates", "Dutch flatmates are"),
    ("ValueIndexing", "value-indexing arrows are"),
    ("EqualityCage", "equality cages are"),
    ("ContainAtLeast", "required values (ContainAtLeast) are"),
    ("ContainExact", "required values (ContainExact) are"),
    ("LookAndSay", "look-and-say clues are"),
    ("ConnectedValues", "connected values are"),
    ("EqualSum", "equal sums are"),
    ("CountDistinct", "distinct-value counts are"),
    ("Var", "extra cells (Var) are"),
];

/// A machine's transitions as a spec writes them: those from one state to another joined into
/// one class of the spec's symbols (`alphabet`); values past n, which no cell holds, dropped.
fn machine_transitions(machine: &nfa::Machine, n: usize, alphabet: &[u8]) -> Vec<(usize, String, usize)> {
    let mut joined: BTreeMap<(usize, usize), BTreeSet<u32>> = BTreeMap::new();
    for &(from, value, to) in &machine.transitions {
        if (1..=n as u32).contains(&value) {
            joined.entry((from, to)).or_default().insert(value);
        }
    }
    joined
        .into_iter()
        .map(|((from, to), values)| {
            let symbols: String = values.iter().map(|&v| char::from(alphabet[v as usize - 1])).collect();
            let class = if values.len() == 1 { symbols } else { format!("[{symbols}]") };
            (from, class, to)
        })
        .collect()
}

/// The constraints coverlab reads on values 1 to n but not on values from 0 (ISS's `9x9~0-8`),
/// with why: where shifting every value by one changes what the rule says, and no rule of
/// coverlab's says the shifted thing.
const ZERO_REFUSED: &[(&str, &str)] = &[
    ("Arrow", "the circle's sum shifts by the line's length less one"),
    ("PillArrow", "the pill's number and the line's sum shift differently"),
    ("DoubleArrow", "the ends' sum and the middle's shift differently"),
    ("RellikCage", "each subset's sum shifts by its own size"),
    ("Entropic", "ISS refuses it there"),
    ("Zipper", "each pair's sum shifts by 2, the middle by 1"),
    ("RegionSumLine", "segments of different lengths shift differently"),
    ("SumLine", "segments of different lengths shift differently"),
    ("Lunchbox", "the sum between shifts by the distance"),
    ("Sandwich", "the sum between the crusts shifts by their distance"),
    ("XSum", "the first value counts cells and is one higher"),
    ("Skyscraper", "ISS sees no building of height 0"),
    ("StrictKropki", "the pairs it forbids change"),
    ("StrictXV", "the pairs it forbids change"),
    ("Indexing", "a value names a column or row by its number"),
    ("NumberedRoom", "the first value names a cell by its place"),
    ("AntiTaxicab", "a value is a distance; ISS refuses it there"),
    ("GlobalEntropy", "its classes are of 1 to 9; ISS refuses it there"),
    ("CountingCircles", "each value counts the circles holding it: one higher, it would count one more"),
];

/// The constraints coverlab reads, by name (besides the givens' empty name), as the module doc
/// describes them; every other name ISS writes is refused.
pub const SUPPORTED: &[&str] = &[
    "Given",
    "Shape",
    "Cage",
    "Sum",
    "Thermo",
    "Arrow",
    "WhiteDot",
    "BlackDot",
    "X",
    "V",
    "Whisper",
    "Renban",
    "Palindrome",
    "Between",
    "Lockout",
    "Entropic",
    "Modular",
    "Zipper",
    "RegionSumLine",
    "LittleKiller",
    "Sandwich",
    "Skyscraper",
    "XSum",
    "Quad",
    "RellikCage",
    "PillArrow",
    "DoubleArrow",
    "SumLine",
    "Lunchbox",
    "NFA",
    "SameValues",
    "Indexing",
    "NumberedRoom",
    "HiddenSkyscraper",
    "FullRank",
    "FullRankTies",
    "CountingCircles",
    "GreaterThan",
    "Pair",
    "PairX",
    "Binary",
    "BinaryX",
    "Regex",
    "AntiTaxicab",
    "GlobalEntropy",
    "GlobalMod",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
    "Diagonal",
    "Windoku",
    "DisjointSets",
    "Jigsaw",
    "NoBoxes",
    "RegionSize",
    "StrictKropki",
    "StrictXV",
    "AllDifferent",
    "SearchPriority",
    "Or",
    "And",
    "End",
];

/// True when `text` looks like an ISS constraint string: after an optional plain grid and
/// whitespace, `.` then givens (`.~R1C1_5`), or a capitalised name and `~` (`.Cage~10~…`), or a
/// name ISS has, written with a small letter, then `.` or the end (`.AntiKnight.…`, `.Or.…`).
/// `.V.X…` is a 25×25 line puzzle in letters, not ISS's V and X, which always have cells.
pub fn looks_like(text: &str) -> bool {
    let t = text.trim_start();
    let body = match crate::source::split_at_space(t) {
        Some((first, rest)) if rest.trim_start().starts_with('.') && plain_grid(first).is_some() => rest.trim_start(),
        _ => t,
    };
    let Some(rest) = body.strip_prefix('.') else { return false };
    // Empty constraints (`..Cage~…`) are empty givens, which ISS passes over.
    let rest = rest.trim_start_matches('.');
    if let Some(cell) = rest.strip_prefix('~') {
        let b = cell.as_bytes();
        return b.len() >= 4 && matches!(b[0], b'R' | b'r') && cell_char(b[1]).is_some() && matches!(b[2], b'C' | b'c');
    }
    let name_len = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
    let name = &rest[..name_len];
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return false;
    }
    let named = || name.bytes().any(|b| b.is_ascii_lowercase()) && is_name(name);
    match rest[name_len..].chars().next() {
        Some('~') => true,
        None | Some('.') => named(),
        Some(c) => c.is_whitespace() && named(),
    }
}

/// True for a constraint name ISS has (read or refused).
fn is_name(name: &str) -> bool {
    SUPPORTED.contains(&name) || REFUSED.iter().any(|(r, _)| *r == name)
}

/// The next puzzle: one line holding something; its trailing `# comment` is the comment.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>) -> Option<Found> {
    loop {
        match lines.next() {
            Next::Eof => return None,
            Next::Bad(e) => return Some((e.line(), Err(e))),
            Next::Line(line) if line.is_blank() || line.is_comment() => lines.recycle(line),
            Next::Line(line) => {
                let number = line.number;
                let comment = line.comment().map(str::to_string);
                // Columns count from the line's start, not from where its data starts.
                let offset = line.text[..line.start.min(line.end)].chars().count();
                let result = parse(line.rest())
                    .map(|mut p| {
                        p.comment = comment;
                        p
                    })
                    .map_err(|e| FormatError::Iss {
                        line: number,
                        column: e.column().map(|c| c + offset),
                        message: e.to_string(),
                    });
                lines.recycle(line);
                return Some((number, result));
            }
        }
    }
}

/// One constraint of the string.
#[derive(Clone)]
struct Item<'a> {
    /// From 1.
    number: usize,
    /// 1-based column of its `.`.
    column: usize,
    /// Its text after the `.`, whitespace removed.
    text: &'a str,
    /// The name: `""` for givens.
    name: &'a str,
    /// The arguments after the name.
    args: Vec<&'a str>,
}

impl Item<'_> {
    fn at(&self) -> At {
        let full = format!(".{}", self.text);
        let shown = match full.char_indices().nth(40) {
            Some((i, _)) => format!("{}…", &full[..i]),
            None => full,
        };
        At { number: self.number, column: self.column, text: coverlab_model::text::escape(&shown).into_owned() }
    }

    fn err(&self, problem: Problem) -> IssError {
        IssError { at: Some(self.at()), problem }
    }

    fn invalid(&self, message: impl Into<String>) -> IssError {
        self.err(Problem::Invalid(message.into()))
    }

    fn unsupported(&self, what: impl Into<String>) -> IssError {
        self.err(Problem::Unsupported { what: what.into() })
    }

    /// Refuses any argument: the name is a flag.
    fn no_args(&self) -> Result<(), IssError> {
        match self.args.as_slice() {
            [] => Ok(()),
            args => Err(self.invalid(format!("{} takes no arguments, but has {}", self.name, args.len()))),
        }
    }
}

/// A value shown in a message: escaped, cut short when long.
fn shown(text: &str) -> String {
    let cut = match text.char_indices().nth(24) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    };
    coverlab_model::text::escape(&cut).into_owned()
}

/// A row or column character of an ISS cell id: `1`–`9`, then `a`–`g` (either case) for 10–16;
/// 0-based.
fn cell_char(b: u8) -> Option<usize> {
    match b {
        b'1'..=b'9' => Some(usize::from(b - b'1')),
        b'a'..=b'g' => Some(usize::from(b - b'a') + 9),
        b'A'..=b'G' => Some(usize::from(b - b'A') + 9),
        _ => None,
    }
}

/// Reads an ISS cell id on an n×n grid.
fn cell(id: &str, n: usize) -> Result<CellRef, String> {
    let b = id.as_bytes();
    if b.len() == 4
        && matches!(b[0], b'R' | b'r')
        && matches!(b[2], b'C' | b'c')
        && let (Some(r), Some(c)) = (cell_char(b[1]), cell_char(b[3]))
    {
        if r >= n || c >= n {
            return Err(format!("{id} is outside the {n}×{n} grid"));
        }
        return Ok(CellRef { row: r + 1, col: c + 1 });
    }
    if id.starts_with('V') {
        return Err(format!("\"{}\" is an extra cell (Var), which coverlab does not support", shown(id)));
    }
    Err(format!(
        "\"{}\" is not an ISS cell (R<row>C<column>, one character each: 1-9, then a-g for 10-16, as in R1C1 or RaCg)",
        shown(id)
    ))
}

/// Reads the cells `ids` of `item`: at least `least` of them.
fn cells(item: &Item<'_>, ids: &[&str], least: usize, n: usize) -> Result<Vec<CellRef>, IssError> {
    if ids.len() < least {
        return Err(item.invalid(format!(
            "{} has {}, expected at least {least}",
            item.name,
            coverlab_model::text::count(ids.len(), "cell")
        )));
    }
    ids.iter().map(|id| cell(id, n).map_err(|e| item.invalid(e))).collect()
}

/// A whole number as ISS writes one: an optional sign and decimal digits. `None` for anything
/// else; a number beyond `i64` saturates (every check below then refuses it as out of range).
fn whole(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX);
    Some(if negative { -magnitude } else { magnitude })
}

/// Reads a sum or clue value `text` of `item` (`what` names it): a whole number from 0.
fn total(item: &Item<'_>, text: &str, what: &str) -> Result<u32, IssError> {
    match whole(text) {
        Some(v) if v < 0 => Err(item.invalid(format!("{what} {v} is negative: no values add up to it"))),
        Some(v) => u32::try_from(v).map_err(|_| item.invalid(format!("{what} {} is out of range", shown(text)))),
        None => Err(item.invalid(format!("{what} \"{}\" is not a whole number", shown(text)))),
    }
}

/// A plain grid (ISS's `_parsePlainSudokuToAst`): n² characters for 2 ≤ n ≤ 16, each a value
/// (digits `1`–`n` up to 9×9; letters `A`… from 10×10, `A` = 1) or, all of them the same
/// character, an empty cell. The size and the values (0 for empty).
fn plain_grid(word: &str) -> Option<(usize, Vec<u8>)> {
    let len = word.chars().count();
    let n = len.isqrt();
    if n * n != len || !(2..=MAX_SIDE).contains(&n) {
        return None;
    }
    let mut empty: Option<char> = None;
    let mut values = Vec::with_capacity(len);
    for c in word.chars() {
        let value = match c {
            '1'..='9' if n < 10 => c as usize - '0' as usize,
            'A'..='Z' if n >= 10 => c as usize - 'A' as usize + 1,
            _ => 0,
        };
        if (1..=n).contains(&value) {
            values.push(value as u8);
        } else {
            match empty {
                Some(e) if e != c => return None,
                _ => empty = Some(c),
            }
            values.push(0);
        }
    }
    Some((n, values))
}

/// Splits the constraint string into its constraints; `offset` is the column before `body`.
fn items(body: &str, offset: usize) -> Result<(String, Vec<usize>), IssError> {
    let mut compact = String::with_capacity(body.len());
    let mut columns = Vec::new();
    for (i, c) in body.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        if c == '.' {
            if columns.len() >= MAX_CONSTRAINTS {
                return Err(IssError::whole(Problem::TooMany));
            }
            columns.push(offset + i + 1);
        }
        compact.push(c);
    }
    if !compact.starts_with('.') {
        let found: String = compact.chars().take(20).collect();
        return Err(IssError::whole(Problem::NotAString { found: shown(&found) }));
    }
    Ok((compact, columns))
}

/// A grid's shape as ISS's `Shape` gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    rows: usize,
    cols: usize,
    /// The smallest and the largest value.
    values: (i64, i64),
    /// ISS's `Raw` grid type: no rows, columns or boxes as houses.
    raw: bool,
}

impl Shape {
    fn square(n: usize) -> Shape {
        Shape { rows: n, cols: n, values: (1, n as i64), raw: false }
    }
}

/// Reads a `Shape`'s arguments (ISS's `CellGeometry.fromShapeSpec`): `<rows>x<cols>`, then
/// optionally a value count or range (`9`, `0-8`), then optionally a grid type (`Sudoku`, `Raw`).
fn shape(args: &[&str]) -> Result<Shape, String> {
    let spec = args.join("~");
    let bad = || format!("\"{}\" is not a shape (expected <rows>x<columns>, as in 9x9 or 6x6)", shown(&spec));
    if args.is_empty() || args.len() > 3 || args.last() == Some(&"") {
        return Err(bad());
    }
    let (r, c) = args[0].split_once('x').ok_or_else(bad)?;
    let dim = |t: &str| whole(t).filter(|_| t.bytes().all(|b| b.is_ascii_digit())).ok_or_else(bad);
    let (rows, cols) = (dim(r)?, dim(c)?);
    if !(1..=MAX_SIDE as i64).contains(&rows) || !(1..=MAX_SIDE as i64).contains(&cols) {
        return Err(format!("a {rows}x{cols} grid is out of range (ISS grids have 1 to {MAX_SIDE} rows and columns)"));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let mut values = (1, rows.max(cols) as i64);
    if let Some(range) = args.get(1).filter(|r| !r.is_empty()) {
        let number = |t: &str| whole(t).filter(|_| t.bytes().all(|b| b.is_ascii_digit())).ok_or_else(bad);
        values = match range.split_once('-') {
            Some((lo, hi)) => (number(lo)?, number(hi)?),
            None => (1, number(range)?),
        };
    }
    let raw = match args.get(2) {
        None | Some(&"Sudoku") => false,
        Some(&"Raw") => true,
        Some(other) => return Err(format!("\"{}\" is not a grid type (expected Sudoku or Raw)", shown(other))),
    };
    Ok(Shape { rows, cols, values, raw })
}

/// ISS's box shape for an n×n grid (`CellGeometry.boxDimsForSize`): the most nearly square
/// rows × columns with rows ≤ columns; none when n is prime (or below 4).
fn box_dims(n: usize) -> Option<(usize, usize)> {
    (2..=n.isqrt()).rev().find(|s| n.is_multiple_of(*s)).map(|s| (s, n / s))
}

/// The diagonals ISS's little killer clues name, by their first cell (its `LittleKiller.cellMap`):
/// from the left edge down-right, from the right edge up-left, from the top edge down-left, from
/// the bottom edge up-right; one-cell diagonals and a diagonal already named are left out.
fn little_killer_lines(n: usize) -> BTreeMap<CellRef, Vec<CellRef>> {
    let n = n as i64;
    let mut starts: Vec<(i64, i64, i64, i64)> = Vec::new();
    starts.extend((0..n - 1).map(|r| (r, 0, 1, 1)));
    starts.extend((1..n - 1).map(|r| (r, n - 1, -1, -1)));
    starts.extend((1..n).map(|c| (0, c, 1, -1)));
    starts.extend((1..n - 1).map(|c| (n - 1, c, -1, 1)));
    let mut seen: BTreeSet<Vec<CellRef>> = BTreeSet::new();
    let mut lines = BTreeMap::new();
    for (mut r, mut c, dr, dc) in starts {
        let mut line = Vec::new();
        while (0..n).contains(&r) && (0..n).contains(&c) {
            line.push(CellRef { row: r as usize + 1, col: c as usize + 1 });
            r += dr;
            c += dc;
        }
        if line.len() <= 1 {
            continue;
        }
        let mut sorted = line.clone();
        sorted.sort();
        if seen.insert(sorted) {
            lines.insert(line[0], line);
        }
    }
    lines
}

/// The orthogonally adjacent pairs among `cells` (ISS's `_adjacentCellPairs`: each cell in turn,
/// with its neighbours left, right, up and down among the cells not yet taken), each once.
fn adjacent_pairs(cells: &[CellRef]) -> Vec<(CellRef, CellRef)> {
    let mut left: BTreeSet<CellRef> = cells.iter().copied().collect();
    let mut pairs = Vec::new();
    for &a in cells {
        // A cell listed again pairs with nothing new: its neighbours were paired the first time.
        if !left.remove(&a) {
            continue;
        }
        let (r, c) = (a.row, a.col);
        let around = [(r, c.wrapping_sub(1)), (r, c + 1), (r.wrapping_sub(1), c), (r + 1, c)];
        for (row, col) in around {
            let b = CellRef { row, col };
            if left.contains(&b) {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// Region characters for a `Regions` map: one per region, n ≤ 16.
const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOP";

/// The spec being built, each rule with the constraint it came from (for locating errors).
struct Build {
    rules: Vec<Rule>,
    /// The item index (into the list of items) each rule came from; `None` for the grid's own.
    from: Vec<Option<usize>>,
}

impl Build {
    fn push(&mut self, rule: Rule, from: Option<usize>) {
        self.rules.push(rule);
        self.from.push(from);
    }
}

/// Reads one puzzle: an optional plain grid, then a constraint string.
pub fn parse(text: &str) -> Result<Parsed, IssError> {
    if text.len() > MAX_TEXT {
        return Err(IssError::whole(Problem::TooLong { bytes: text.len() }));
    }
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    // A plain grid first (ISS's other way of writing givens), then the constraints.
    let (grid, body, body_at) = match t.split_once(char::is_whitespace) {
        Some((first, rest)) if plain_grid(first).is_some() => {
            let rest_at = t.len() - rest.len();
            let skipped = rest.len() - rest.trim_start().len();
            (plain_grid(first), rest.trim_start(), lead + rest_at + skipped)
        }
        None if plain_grid(t).is_some() => (plain_grid(t), "", t.len()),
        _ => (None, t, lead),
    };
    let offset = text[..body_at].chars().count();
    // A plain grid alone is a puzzle (ISS reads it so); anything else must be a string.
    let (compact, columns) =
        if body.is_empty() && grid.is_some() { (String::new(), Vec::new()) } else { items(body, offset)? };
    let items: Vec<Item<'_>> = compact
        .split('.')
        .skip(1)
        .zip(&columns)
        .enumerate()
        .map(|(i, (text, &column))| {
            let mut parts = text.split('~');
            let name = parts.next().unwrap_or("");
            Item { number: i + 1, column, text, name, args: parts.collect() }
        })
        .collect();
    read(&items, grid)
}

/// The constraints that give the grid its houses: read outside an `Or`, refused inside one.
const STRUCTURE: &[&str] = &["Shape", "NoBoxes", "Jigsaw", "Diagonal", "RegionSize"];

/// The constraints over the whole grid: refused inside an `Or`.
const FLAGS: &[&str] =
    &["AntiKnight", "AntiKing", "AntiConsecutive", "Windoku", "DisjointSets", "StrictKropki", "StrictXV"];

/// The item closing the `Or` or `And` at `start`.
fn end_of(items: &[Item<'_>], start: usize) -> Result<usize, IssError> {
    let mut depth = 0usize;
    for (j, it) in items.iter().enumerate().skip(start) {
        match it.name {
            "Or" | "And" | "Replicate" | "Container" => depth += 1,
            "End" => {
                depth -= 1;
                if depth == 0 {
                    return Ok(j);
                }
            }
            _ => {}
        }
    }
    Err(items[start].invalid(format!("{} has no End", items[start].name)))
}

/// Marks the items of `from..to` inside a composite, and lists each `Or` with its branches (the
/// items of each: one constraint, an `And`'s constraints, or a whole nested `Or`).
fn composites(
    items: &[Item<'_>],
    from: usize,
    to: usize,
    inside: &mut [bool],
    ors: &mut Vec<(usize, Vec<Vec<usize>>)>,
) -> Result<(), IssError> {
    let mut i = from;
    while i < to {
        match items[i].name {
            "And" => {
                let j = end_of(items, i)?;
                (inside[i], inside[j]) = (true, true);
                composites(items, i + 1, j, inside, ors)?;
                i = j + 1;
            }
            "Or" => {
                let j = end_of(items, i)?;
                inside[i..=j].iter_mut().for_each(|x| *x = true);
                let mut branches = Vec::new();
                let mut k = i + 1;
                while k < j {
                    match items[k].name {
                        "And" => {
                            let e = end_of(items, k)?;
                            branches.push((k + 1..e).collect());
                            k = e + 1;
                        }
                        "Or" | "Replicate" | "Container" => {
                            let e = end_of(items, k)?;
                            branches.push((k..=e).collect());
                            k = e + 1;
                        }
                        _ => {
                            branches.push(vec![k]);
                            k += 1;
                        }
                    }
                }
                if branches.is_empty() {
                    return Err(items[i].invalid("Or has no constraint before its End"));
                }
                ors.push((i, branches));
                i = j + 1;
            }
            "End" => return Err(items[i].invalid("End closes no Or or And")),
            // Composites coverlab does not read: refused before their `End` is taken for a stray.
            name @ ("Replicate" | "Container") => {
                let what = REFUSED.iter().find(|(r, _)| *r == name).map_or("composites are", |(_, w)| w);
                return Err(items[i].unsupported(what));
            }
            _ => i += 1,
        }
    }
    Ok(())
}

/// Builds the puzzle from its constraints.
fn read(items: &[Item<'_>], grid: Option<(usize, Vec<u8>)>) -> Result<Parsed, IssError> {
    read_part(items, grid, false)
}

/// [`read`], of the whole puzzle or (`branch`) of one branch of an `Or`, where a rule that can
/// never hold (a cage's sum no values reach) is no error: the branch fails, as in ISS.
fn read_part(items: &[Item<'_>], grid: Option<(usize, Vec<u8>)>, branch: bool) -> Result<Parsed, IssError> {
    // What `.Or … .End` holds is read branch by branch, after the rest; `.And … .End` outside an
    // Or is its constraints.
    let mut inside = vec![false; items.len()];
    let mut ors: Vec<(usize, Vec<Vec<usize>>)> = Vec::new();
    composites(items, 0, items.len(), &mut inside, &mut ors)?;
    let grid_size = grid.as_ref().map(|(n, _)| *n);
    // The shape first: every constraint is read on it. ISS takes the first `Shape` and
    // refuses any other that disagrees; a plain grid stands for the shape of its size.
    let mut first: Option<(Shape, Option<usize>)> = grid.as_ref().map(|(n, _)| (Shape::square(*n), None));
    for (i, item) in items.iter().enumerate().filter(|(i, it)| it.name == "Shape" && !inside[*i]) {
        let s = shape(&item.args).map_err(|e| item.invalid(e))?;
        match first {
            None => first = Some((s, Some(i))),
            Some((f, _)) if f == s => {}
            Some((f, _)) => {
                return Err(item.invalid(format!(
                    "this shape ({}x{}) disagrees with the puzzle's first ({}x{}, {})",
                    s.rows,
                    s.cols,
                    f.rows,
                    f.cols,
                    if grid.is_some() { "the plain grid's size" } else { "its first Shape" }
                )));
            }
        }
    }
    let (shape, shape_item) = first.unwrap_or((Shape::square(9), None));
    let refuse_shape = |what: String| match shape_item {
        Some(i) => items[i].unsupported(what),
        None => IssError::whole(Problem::Unsupported { what }),
    };
    if shape.rows != shape.cols {
        return Err(refuse_shape(format!("rectangular grids ({}x{}) are", shape.rows, shape.cols)));
    }
    let n = shape.rows;
    // ISS's 0-based grids (`9x9~0-8`): the same puzzle with every value one higher, written with
    // the symbols 0 to n − 1. Rules that only compare values are read as they are, sums take
    // one more per cell, pair rules (X, V, black dots) become the pairs they allow; the rest
    // (`ZERO_REFUSED`) are refused.
    let zero = n > 1 && shape.values == (0, n as i64 - 1);
    if shape.values != (1, n as i64) && !zero {
        return Err(refuse_shape(format!(
            "values {} to {} on a {n}×{n} grid (coverlab's grids hold 1 to {n}) are",
            shape.values.0, shape.values.1
        )));
    }
    if shape.raw {
        return Err(refuse_shape("Raw grids (rows and columns that may repeat values) are".into()));
    }
    let mut values = grid.map_or_else(|| vec![0u8; n * n], |(_, v)| v);
    let mut b = Build { rules: vec![Rule::Rows, Rule::Columns], from: vec![None, None] };

    // The facts other constraints depend on: boxes, jigsaw regions, diagonals.
    let mut no_boxes = None;
    let mut pieces: Vec<(Vec<CellRef>, usize)> = Vec::new();
    let mut seen_pieces: BTreeSet<Vec<CellRef>> = BTreeSet::new();
    let (mut plus, mut minus) = (None, None);
    for (i, item) in items.iter().enumerate().filter(|(i, _)| !inside[*i]) {
        match item.name {
            "NoBoxes" => {
                item.no_args()?;
                no_boxes.get_or_insert(i);
            }
            "Jigsaw" => {
                for piece in jigsaw(item, n)? {
                    // ISS merges pieces with the same cells (its uniqueness key); a piece's cells
                    // are in reading order, so equal pieces are equal lists.
                    if seen_pieces.insert(piece.clone()) {
                        pieces.push((piece, i));
                    }
                }
            }
            "Diagonal" => match item.args.as_slice() {
                ["1" | "+1"] => plus = plus.or(Some(i)),
                ["-1"] => minus = minus.or(Some(i)),
                _ => {
                    return Err(item.invalid(format!(
                        "Diagonal takes 1 (the anti-diagonal, ╱) or -1 (the main diagonal, ╲), not \"{}\"",
                        shown(&item.args.join("~"))
                    )));
                }
            },
            "RegionSize" => match item.args.as_slice() {
                [k] if whole(k) == Some(n as i64) => {}
                [k] => {
                    return Err(item.unsupported(format!(
                        "regions of {} cells on a {n}×{n} grid (coverlab's boxes and regions have {n}) are",
                        shown(k)
                    )));
                }
                args => return Err(item.invalid(format!("RegionSize takes one argument, not {}", args.len()))),
            },
            _ => {}
        }
    }
    let dims = box_dims(n);
    let boxes = if no_boxes.is_some() { None } else { dims };
    if let Some((rows, cols)) = boxes {
        b.push(Rule::Boxes { rows, cols }, None);
    }
    // A whole layout (n pieces covering the grid) is one region map, as jigsaw specs are
    // written; part of one (ISS leaves a region of another size unconstrained), or pieces of
    // several layouts, are houses.
    let mut map = vec![vec![b'?'; n]; n];
    if pieces.len() == n {
        for (k, (piece, _)) in pieces.iter().enumerate() {
            for c in piece {
                map[c.row - 1][c.col - 1] = LETTERS[k];
            }
        }
    }
    if pieces.len() == n && map.iter().flatten().all(|&l| l != b'?') {
        let map = map.into_iter().map(|row| String::from_utf8(row).expect("ASCII letters")).collect();
        b.push(Rule::Regions(map), Some(pieces[0].1));
    } else {
        for (k, (piece, i)) in pieces.iter().enumerate() {
            b.push(Rule::House { name: format!("jigsaw region {}", k + 1), cells: piece.clone() }, Some(*i));
        }
    }
    match (plus, minus) {
        (Some(i), Some(_)) => b.push(Rule::Diagonals, Some(i)),
        (Some(i), None) => {
            let cells = (1..=n).map(|k| CellRef { row: n + 1 - k, col: k }).collect();
            b.push(Rule::House { name: "anti-diagonal".into(), cells }, Some(i));
        }
        (None, Some(i)) => {
            let cells = (1..=n).map(|k| CellRef { row: k, col: k }).collect();
            b.push(Rule::House { name: "main diagonal".into(), cells }, Some(i));
        }
        (None, None) => {}
    }

    // The houses a sum's cells may share, making it a cage (values cannot repeat there).
    let same_house = |cells: &[CellRef]| -> bool {
        let all = |f: &dyn Fn(&CellRef) -> usize| cells.iter().all(|c| f(c) == f(&cells[0]));
        all(&|c| c.row)
            || all(&|c| c.col)
            || boxes.is_some_and(|(h, w)| all(&|c| (c.row - 1) / h * n + (c.col - 1) / w))
            || pieces.iter().any(|(p, _)| cells.iter().all(|c| p.contains(c)))
            || plus.is_some() && cells.iter().all(|c| c.row + c.col == n + 1)
            || minus.is_some() && cells.iter().all(|c| c.row == c.col)
    };

    let mut givens: BTreeMap<CellRef, (Vec<u32>, usize)> = BTreeMap::new();
    let mut little_killers: BTreeMap<CellRef, (Rule, usize)> = BTreeMap::new();
    let mut sandwiches: BTreeMap<(bool, usize), (Rule, usize)> = BTreeMap::new();
    let mut skyscrapers: BTreeMap<(&str, bool, usize, bool), (Rule, usize)> = BTreeMap::new();
    let mut flags: BTreeMap<&str, usize> = BTreeMap::new();
    let mut kropki: BTreeSet<(CellRef, CellRef)> = BTreeSet::new();
    let mut xv: BTreeSet<(CellRef, CellRef)> = BTreeSet::new();
    for (i, item) in items.iter().enumerate().filter(|(i, _)| !inside[*i]) {
        let args = item.args.as_slice();
        if zero && let Some((_, why)) = ZERO_REFUSED.iter().find(|(name, _)| *name == item.name) {
            return Err(item.unsupported(format!("{} on values from 0 ({why}) is", item.name)));
        }
        match item.name {
            "Shape" | "NoBoxes" | "Jigsaw" | "Diagonal" | "RegionSize" => {}
            "" | "Given" => {
                for arg in args {
                    let (c, vals) = value_id(arg, n, zero).map_err(|e| item.invalid(e))?;
                    // ISS intersects the values given to one cell (its `mergeConstraints`).
                    givens.entry(c).and_modify(|(old, _)| old.retain(|v| vals.contains(v))).or_insert((vals, i));
                }
            }
            "Cage" => {
                let [sum, ids @ ..] = args else { return Err(item.invalid("Cage has no sum and no cells")) };
                let cells = cells(item, ids, 1, n)?;
                // ISS: an empty sum or 0 means "any sum" (only the values differ).
                let sum = if sum.is_empty() { 0 } else { total(item, sum, "the sum")? };
                let shift = if zero { cells.len() as u32 } else { 0 };
                b.push(Rule::Cage { cells, sum: (sum != 0).then(|| sum.saturating_add(shift)) }, Some(i));
            }
            "Sum" => {
                let [sum, ids @ ..] = args else { return Err(item.invalid("Sum has no sum and no cells")) };
                let cells = cells(item, ids, 1, n)?;
                let mut parts = sum.split('_');
                let value = total(item, parts.next().unwrap_or(""), "the sum")?;
                let value = if zero { value.saturating_add(cells.len() as u32) } else { value };
                match parts.next() {
                    None => {}
                    Some("=") => {
                        let coefficients: Vec<&str> = parts.collect();
                        if coefficients.len() != cells.len() {
                            return Err(item.invalid(format!(
                                "{} for {}",
                                coverlab_model::text::count(coefficients.len(), "coefficient"),
                                coverlab_model::text::count(cells.len(), "cell")
                            )));
                        }
                        if coefficients.iter().any(|c| whole(c) != Some(1)) {
                            return Err(item.unsupported("weighted sums (coefficients other than 1) are"));
                        }
                    }
                    Some(_) => return Err(item.invalid(format!("\"{}\" is not a sum", shown(sum)))),
                }
                if same_house(&cells) {
                    b.push(Rule::Cage { cells, sum: Some(value) }, Some(i));
                } else if let Some(line) = diagonal_run(&cells) {
                    b.push(Rule::LittleKiller { cells: line, sum: value }, Some(i));
                } else {
                    // Values that may repeat: a sum without the cage's "no repeats".
                    b.push(Rule::Sum { cells, sum: value }, Some(i));
                }
            }
            "Thermo" => b.push(Rule::Thermometer { cells: cells(item, args, 1, n)? }, Some(i)),
            "Quad" => {
                // ISS: the top-left cell of the 2×2 block, then the values it holds.
                let [corner, values @ ..] = args else { return Err(item.invalid("Quad has no cell and no values")) };
                let cell = cell(corner, n).map_err(|e| item.invalid(e))?;
                let (low, high) = (i64::from(!zero), n as i64 - i64::from(zero));
                let values = values
                    .iter()
                    .map(|v| match whole(v) {
                        Some(x) if (low..=high).contains(&x) => Ok((x + i64::from(zero)) as u32),
                        _ => Err(item
                            .invalid(format!("\"{}\" is not a value of the {n}×{n} grid ({low} to {high})", shown(v)))),
                    })
                    .collect::<Result<Vec<u32>, IssError>>()?;
                b.push(Rule::Quadruple { cell, values }, Some(i));
            }
            "RellikCage" => {
                let [sum, ids @ ..] = args else { return Err(item.invalid("RellikCage has no sum and no cells")) };
                let cells = cells(item, ids, 1, n)?;
                b.push(Rule::Rellik { cells, sum: total(item, sum, "the sum")? }, Some(i));
            }
            "PillArrow" => {
                // ISS: the pill's size (2 or 3), then the pill's cells and the line's; the pill is
                // read in reading order (its cells sorted), as ISS reads it.
                let [size, ids @ ..] = args else {
                    return Err(item.invalid("PillArrow has no pill size and no cells"));
                };
                let size = match whole(size) {
                    Some(k @ 2..=3) => k as usize,
                    _ => return Err(item.invalid(format!("the pill size \"{}\" is not 2 or 3", shown(size)))),
                };
                let all = cells(item, ids, size + 1, n)?;
                let mut pill = all[..size].to_vec();
                pill.sort();
                b.push(Rule::PillArrow { pill, line: all[size..].to_vec() }, Some(i));
            }
            "DoubleArrow" => b.push(Rule::DoubleArrow { cells: cells(item, args, 3, n)? }, Some(i)),
            "SumLine" => {
                // ISS: the segments' total, then the line; `LOOP` last closes it into a loop.
                let [sum, ids @ ..] = args else { return Err(item.invalid("SumLine has no sum and no cells")) };
                let (ids, closed) = match ids {
                    [line @ .., last] if *last == "LOOP" => (line, true),
                    _ => (ids, false),
                };
                let sum = total(item, sum, "the sum")?;
                b.push(Rule::SumLine { cells: cells(item, ids, 1, n)?, sum, closed }, Some(i));
            }
            "Lunchbox" => {
                // ISS: the total, then the cells in order (they differ).
                let [sum, ids @ ..] = args else { return Err(item.invalid("Lunchbox has no sum and no cells")) };
                let sum = total(item, sum, "the sum")?;
                b.push(Rule::Lunchbox { cells: cells(item, ids, 2, n)?, sum }, Some(i));
            }
            "Indexing" => {
                // ISS: `C` (column indexing) or `R` (row), then the indexing cells.
                let rule = match args {
                    ["C", ids @ ..] => Rule::ColumnIndexer { cells: cells(item, ids, 1, n)? },
                    ["R", ids @ ..] => Rule::RowIndexer { cells: cells(item, ids, 1, n)? },
                    [other, ..] => {
                        return Err(item.invalid(format!(
                            "the indexing type \"{}\" is neither C (columns) nor R (rows)",
                            shown(other)
                        )));
                    }
                    [] => return Err(item.invalid("Indexing has no type (C or R) and no cells")),
                };
                b.push(rule, Some(i));
            }
            "SameValues" => {
                // ISS: the number of sets, then the cells, cut into that many sets of equal size
                // holding the same values. Sets of one cell each are clones of one another.
                let [sets, ids @ ..] = args else {
                    return Err(item.invalid("SameValues has no set count and no cells"));
                };
                let all = cells(item, ids, 2, n)?;
                match whole(sets) {
                    Some(k) if k >= 2 && k as usize == all.len() => {
                        let k = all.len();
                        b.push(Rule::Clone { cells: all[..k - 1].to_vec(), clone: all[1..].to_vec() }, Some(i));
                    }
                    Some(k) if k >= 2 && all.len().is_multiple_of(k as usize) => {
                        return Err(item.unsupported(
                            "same-value sets of more than one cell each (equal as multisets, not cell by cell) are",
                        ));
                    }
                    _ => {
                        return Err(item.invalid(format!(
                            "the set count \"{}\" does not divide its {} cells into sets of one size",
                            shown(sets),
                            all.len()
                        )));
                    }
                }
            }
            "NFA" => {
                // ISS: the serialized machine, then groups of cells, each a line of its own
                // (`_name` names the groups after it; an empty argument ends a group; `-` cuts
                // a group into segments, which coverlab does not read).
                let [encoded, groups @ ..] = args else { return Err(item.invalid("NFA has no machine and no cells")) };
                let machine = nfa::decode(encoded).map_err(|e| {
                    item.invalid(format!("the state machine \"{}\" is not one ISS writes: {e}", shown(encoded)))
                })?;
                let alphabet = match zero {
                    true => "0123456789ABCDEF"[..n].to_string(),
                    false => coverlab_model::Symbols::default_for(n).as_string(),
                };
                let transitions = machine_transitions(&machine, n, alphabet.as_bytes());
                let mut name: Option<String> = None;
                let mut group: Vec<&str> = Vec::new();
                // An empty argument after the last closes the last group.
                for arg in groups.iter().chain([&""]) {
                    if *arg == "-" {
                        return Err(item.unsupported("state machines read over several segments (`-`) are"));
                    }
                    if arg.is_empty() || arg.starts_with('_') {
                        if !group.is_empty() {
                            let rule = Rule::StateMachine {
                                name: name.clone(),
                                cells: cells(item, &group, 1, n)?,
                                start: machine.starts.clone(),
                                accept: machine.accept.clone(),
                                transitions: transitions.clone(),
                            };
                            b.push(rule, Some(i));
                            group.clear();
                        }
                        if let Some(rest) = arg.strip_prefix('_') {
                            let decoded = crate::fpuzzles::percent_decode(rest);
                            name = (!decoded.is_empty()).then_some(decoded);
                        }
                    } else {
                        group.push(arg);
                    }
                }
            }
            "GreaterThan" => {
                // ISS: each cell is greater than its orthogonal neighbours listed after it.
                let cells = cells(item, args, 2, n)?;
                let pairs = adjacent_pairs(&cells);
                if pairs.is_empty() {
                    return Err(
                        item.invalid("GreaterThan marks nothing: no two of its cells are orthogonal neighbours")
                    );
                }
                for (a, c) in pairs {
                    let allowed = (1..=n as u32).flat_map(|x| (1..x).map(move |y| (x, y))).collect();
                    let name = Some("greater than".to_string());
                    b.push(Rule::Pair { name, cells: vec![a, c], allowed: Some(allowed), holds: None }, Some(i));
                }
            }
            "Pair" | "PairX" | "Binary" | "BinaryX" => {
                // ISS: the pair key, then named groups of cells: each cell and the next (`Pair`,
                // `Binary`) or every two cells of a group, the earlier first (`PairX`,
                // `BinaryX`), hold a pair of values the key allows.
                let [key, groups @ ..] = args else {
                    return Err(item.invalid(format!("{} has no pair key and no cells", item.name)));
                };
                let legacy = item.name.starts_with("Binary");
                let allowed = custom::pair_table(key, n, legacy).map_err(|e| item.invalid(e))?;
                if allowed.is_empty() {
                    return Err(item.invalid(format!("the pair key \"{}\" allows no pair of values", shown(key))));
                }
                let every = item.name.ends_with('X');
                for (name, group) in custom::named_groups(groups) {
                    let group = cells(item, &group, 1, n)?;
                    let name = name.or_else(|| Some(format!("{} {}", item.name, item.number)));
                    let mut push = |cells: Vec<CellRef>| {
                        let rule =
                            Rule::Pair { name: name.clone(), cells, allowed: Some(allowed.clone()), holds: None };
                        b.push(rule, Some(i));
                    };
                    if every {
                        for (k, &a) in group.iter().enumerate() {
                            for &c in &group[k + 1..] {
                                push(vec![a, c]);
                            }
                        }
                    } else if group.len() >= 2 {
                        push(group);
                    }
                }
            }
            "Regex" => {
                // ISS: the pattern, then groups of cells, each a line of its own.
                let [encoded, groups @ ..] = args else {
                    return Err(item.invalid("Regex has no pattern and no cells"));
                };
                let alphabet = match zero {
                    true => "0123456789ABCDEF"[..n].to_string(),
                    false => coverlab_model::Symbols::default_for(n).as_string(),
                };
                let pattern = custom::regex_pattern(encoded, alphabet.as_bytes(), zero).map_err(|e| item.invalid(e))?;
                for group in groups.split(|a| a.is_empty()).filter(|g| !g.is_empty()) {
                    b.push(Rule::Regex { cells: cells(item, group, 1, n)?, pattern: pattern.clone() }, Some(i));
                }
            }
            "Arrow" => {
                let cells = cells(item, args, 2, n)?;
                b.push(Rule::Arrow { circle: cells[0], line: cells[1..].to_vec() }, Some(i));
            }
            "WhiteDot" | "BlackDot" | "X" | "V" => {
                let cells = cells(item, args, 2, n)?;
                let pairs = adjacent_pairs(&cells);
                if pairs.is_empty() {
                    return Err(item.invalid(format!(
                        "{} marks nothing: no two of its cells are orthogonal neighbours",
                        item.name
                    )));
                }
                for (a, c) in pairs {
                    let key = (a.min(c), a.max(c));
                    let cells = vec![a, c];
                    // On values from 0, what ISS's rule holds of a and b (its values, ours less
                    // one) as the pairs of ours it allows.
                    let holds: Option<fn(u32, u32) -> bool> = match item.name {
                        _ if !zero => None,
                        "BlackDot" => Some(|a, b| a == 2 * b || b == 2 * a),
                        "X" => Some(|a, b| a + b == 10),
                        "V" => Some(|a, b| a + b == 5),
                        _ => None,
                    };
                    let rule = match (item.name, holds) {
                        (_, Some(holds)) => {
                            let allowed = (1..=n as u32)
                                .flat_map(|a| (1..=n as u32).map(move |b| (a, b)))
                                .filter(|&(a, b)| holds(a - 1, b - 1))
                                .collect();
                            let name = format!("{} on values from 0", item.name);
                            Rule::Pair { name: Some(name), cells, allowed: Some(allowed), holds: None }
                        }
                        ("WhiteDot", None) => Rule::WhiteDot { cells },
                        ("BlackDot", None) => Rule::BlackDot { cells },
                        ("X", None) => Rule::X { cells },
                        _ => Rule::V { cells },
                    };
                    if matches!(item.name, "WhiteDot" | "BlackDot") { &mut kropki } else { &mut xv }.insert(key);
                    if item.name == "WhiteDot" {
                        flags.entry("white dot").or_insert(i);
                    }
                    b.push(rule, Some(i));
                }
            }
            "Whisper" => {
                // ISS: a first argument that is a number is the difference; without one, German
                // whispers, whose difference ISS sets to 5 whatever the grid.
                let (difference, ids) = match args {
                    [d, rest @ ..] if !d.starts_with(['R', 'r', 'V']) => match whole(d) {
                        Some(v) if (1..=i64::from(u32::MAX)).contains(&v) => (v as u32, rest),
                        _ => {
                            return Err(
                                item.invalid(format!("the difference \"{}\" is not a whole number from 1", shown(d)))
                            );
                        }
                    },
                    _ => (5, args),
                };
                // A line may come back to a cell; ISS holds each neighbouring pair to the rule,
                // so the line is cut into runs without a repeat, each from where the last ended.
                for run in runs(cells(item, ids, 1, n)?) {
                    b.push(Rule::Whisper { cells: run, difference: Some(difference) }, Some(i));
                }
            }
            "Renban" => b.push(Rule::Renban { cells: cells(item, args, 1, n)? }, Some(i)),
            "Between" => b.push(Rule::Between { cells: cells(item, args, 2, n)? }, Some(i)),
            "Entropic" => b.push(Rule::Entropic { cells: cells(item, args, 2, n)? }, Some(i)),
            "Zipper" => b.push(Rule::Zipper { cells: cells(item, args, 2, n)? }, Some(i)),
            "RegionSumLine" => b.push(Rule::RegionSum { cells: cells(item, args, 2, n)? }, Some(i)),
            "Lockout" | "Modular" => {
                // ISS: the least difference of the ends (Lockout~4~…), the modulus (Modular~3~…).
                let what = if item.name == "Lockout" { "the difference" } else { "the modulus" };
                let [first, ids @ ..] = args else {
                    return Err(item.invalid(format!("{} takes {what} and cells, not nothing", item.name)));
                };
                let value = match whole(first) {
                    Some(v) if (1..=i64::from(u32::MAX)).contains(&v) => v as u32,
                    _ => return Err(item.invalid(format!("{what} \"{}\" is not a whole number from 1", shown(first)))),
                };
                let rule = if item.name == "Lockout" {
                    Rule::Lockout { cells: cells(item, ids, 2, n)?, difference: Some(value) }
                } else {
                    Rule::Modular { cells: cells(item, ids, 2, n)?, modulus: Some(value) }
                };
                b.push(rule, Some(i));
            }
            "Palindrome" => b.push(Rule::Palindrome { cells: cells(item, args, 1, n)? }, Some(i)),
            "CountingCircles" => b.push(Rule::CountingCircles { cells: cells(item, args, 1, n)? }, Some(i)),
            "LittleKiller" => {
                let [sum, start] = args else {
                    return Err(item.invalid(format!(
                        "LittleKiller takes a sum and the diagonal's first cell, not {}",
                        coverlab_model::text::count(args.len(), "argument")
                    )));
                };
                let sum = total(item, sum, "the sum")?;
                let start = cell(start, n).map_err(|e| item.invalid(e))?;
                let Some(line) = little_killer_lines(n).remove(&start) else {
                    return Err(item.invalid(format!(
                        "{start} starts no little killer diagonal (ISS's start on the grid's edge: down-right from \
                         the left column, up-left from the right, down-left from the top row, up-right from the \
                         bottom)"
                    )));
                };
                let sum = if zero { sum.saturating_add(line.len() as u32) } else { sum };
                // ISS keeps the last clue of a diagonal (its uniqueness key).
                little_killers.insert(start, (Rule::LittleKiller { cells: line, sum }, i));
            }
            "Sandwich" => {
                let [sum, line] = args else {
                    return Err(item.invalid(format!(
                        "Sandwich takes a sum and a row or column (R3, C5), not {}",
                        coverlab_model::text::count(args.len(), "argument")
                    )));
                };
                let sum = total(item, sum, "the sum")?;
                let index = line
                    .get(1..)
                    .filter(|d| !d.starts_with('0') && d.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|d| d.parse::<usize>().ok())
                    .filter(|k| (1..=n).contains(k));
                let rule = match (line.as_bytes().first(), index) {
                    (Some(b'R'), Some(r)) => Rule::Sandwich { row: Some(r), column: None, sum },
                    (Some(b'C'), Some(c)) => Rule::Sandwich { row: None, column: Some(c), sum },
                    _ => {
                        return Err(item.invalid(format!(
                            "\"{}\" is not a row or column of the {n}×{n} grid (R1 to R{n}, C1 to C{n})",
                            shown(line)
                        )));
                    }
                };
                // ISS keeps the last clue of a line (its uniqueness key).
                sandwiches.insert((line.starts_with('R'), index.unwrap_or(0)), (rule, i));
            }
            "Skyscraper" | "XSum" | "NumberedRoom" | "HiddenSkyscraper" | "FullRank" => {
                let (line, clues) = match args {
                    [line, clues @ ..] if (1..=2).contains(&clues.len()) => (line, clues),
                    _ => {
                        return Err(item.invalid(format!(
                            "{} takes a row or column (R3, C5) and one or two clues, not {}",
                            item.name,
                            coverlab_model::text::count(args.len(), "argument")
                        )));
                    }
                };
                let index = line
                    .get(1..)
                    .filter(|d| !d.starts_with('0') && d.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|d| d.parse::<usize>().ok())
                    .filter(|k| (1..=n).contains(k));
                let (row, index) = match (line.as_bytes().first(), index) {
                    (Some(b'R'), Some(r)) => (true, r),
                    (Some(b'C'), Some(c)) => (false, c),
                    _ => {
                        return Err(item.invalid(format!(
                            "\"{}\" is not a row or column of the {n}×{n} grid (R1 to R{n}, C1 to C{n})",
                            shown(line)
                        )));
                    }
                };
                for (from_end, clue) in clues.iter().enumerate() {
                    if clue.is_empty() {
                        continue;
                    }
                    let value = match whole(clue) {
                        Some(v) if v >= 0 => u32::try_from(v).unwrap_or(u32::MAX),
                        _ if item.name == "XSum" => {
                            return Err(item.invalid(format!("the clue \"{}\" is not a sum", shown(clue))));
                        }
                        _ if item.name == "NumberedRoom" || item.name == "HiddenSkyscraper" => {
                            return Err(item.invalid(format!("the clue \"{}\" is not a value", shown(clue))));
                        }
                        _ if item.name == "FullRank" => {
                            return Err(item.invalid(format!("the clue \"{}\" is not a rank", shown(clue))));
                        }
                        _ => return Err(item.invalid(format!("the clue \"{}\" is not a count of cells", shown(clue)))),
                    };
                    let (r, c) = if row { (Some(index), None) } else { (None, Some(index)) };
                    let from_end = from_end == 1;
                    let rule = match item.name {
                        "XSum" => Rule::XSum { row: r, column: c, from_end, sum: value },
                        "NumberedRoom" => Rule::NumberedRoom { row: r, column: c, from_end, value },
                        // On values from 0 every value is one higher: the order, and so what is
                        // hidden, stays.
                        "HiddenSkyscraper" => {
                            let value = if zero { value.saturating_add(1) } else { value };
                            Rule::HiddenSkyscraper { row: r, column: c, from_end, value }
                        }
                        // On values from 0 every number is read one higher in each digit:
                        // their order, and so the ranks, stay.
                        "FullRank" => Rule::FullRank { row: r, column: c, from_end, rank: value },
                        _ => Rule::Skyscraper { row: r, column: c, from_end, count: value },
                    };
                    // ISS keeps the last clue of a line and direction (its uniqueness key).
                    skyscrapers.insert((item.name, row, index, from_end), (rule, i));
                }
            }
            "AntiKnight" | "AntiKing" | "AntiConsecutive" | "Windoku" | "DisjointSets" | "StrictKropki"
            | "StrictXV" | "AntiTaxicab" | "GlobalEntropy" | "GlobalMod" => {
                item.no_args()?;
                flags.entry(item.name).or_insert(i);
            }
            "AllDifferent" => {
                let cells = cells(item, args, 1, n)?;
                let name = format!("AllDifferent (constraint {})", item.number);
                // One cell differs from nothing: ISS's constraint holds, and so nothing is added.
                if cells.len() == n {
                    b.push(Rule::House { name, cells }, Some(i));
                } else if cells.len() > 1 {
                    b.push(Rule::AtMostOnce { name, cells }, Some(i));
                }
            }
            "FullRankTies" => {
                let ties = match args {
                    ["none"] => coverlab_model::Ties::Never,
                    ["only-unclued"] => coverlab_model::Ties::Unclued,
                    ["any"] => coverlab_model::Ties::Any,
                    _ => {
                        return Err(item.invalid(format!(
                            "FullRankTies takes one of none, only-unclued and any, not \"{}\"",
                            shown(&args.join("~"))
                        )));
                    }
                };
                b.push(Rule::FullRankTies(ties), Some(i));
            }
            // Only the order ISS searches in: no rule.
            "SearchPriority" => {}
            name => {
                return Err(match REFUSED.iter().find(|(r, _)| *r == name) {
                    Some((_, what)) => item.unsupported(*what),
                    None => {
                        let known = SUPPORTED.iter().copied().chain(REFUSED.iter().map(|(r, _)| *r));
                        let suggestion =
                            coverlab_model::text::did_you_mean(name, known).map_or(String::new(), |q| format!("; {q}"));
                        item.err(Problem::Unknown { name: shown(name), suggestion })
                    }
                });
            }
        }
    }
    for (rule, i) in little_killers.into_values().chain(sandwiches.into_values()).chain(skyscrapers.into_values()) {
        b.push(rule, Some(i));
    }

    // Each `Or`: each branch read as a puzzle of its own on the same grid (its shape, boxes,
    // regions and diagonals), less the rules that grid alone gives; its givens are candidates.
    if !ors.is_empty() {
        let structure: Vec<Item<'_>> = items
            .iter()
            .enumerate()
            .filter(|(i, it)| !inside[*i] && STRUCTURE.contains(&it.name))
            .map(|(_, it)| it.clone())
            .collect();
        let empty = || grid_size.map(|n| (n, vec![0u8; n * n]));
        let base = read(&structure, empty())?.spec.map_or(0, |s| s.rules.len());
        for (at, branches) in ors {
            let mut rules = Vec::with_capacity(branches.len());
            for branch in branches {
                if let Some(&k) =
                    branch.iter().find(|&&k| STRUCTURE.contains(&items[k].name) || FLAGS.contains(&items[k].name))
                {
                    return Err(items[k].unsupported(format!("{} inside an Or is", items[k].name)));
                }
                let sub: Vec<Item<'_>> =
                    structure.iter().cloned().chain(branch.iter().map(|&k| items[k].clone())).collect();
                let parsed = read_part(&sub, empty(), true)?;
                let mut own: Vec<Rule> = Vec::new();
                for (c, &v) in parsed.values.iter().enumerate().filter(|(_, v)| **v != 0) {
                    let cell = CellRef { row: c / n + 1, col: c % n + 1 };
                    own.push(Rule::Candidates { cell, values: vec![u32::from(v)] });
                }
                let spec = parsed.spec.map(|s| s.rules).unwrap_or_default();
                // All different on n cells is a house, which an Or cannot hold; at most once on
                // them says the same.
                own.extend(spec.into_iter().skip(base).map(|r| match r {
                    Rule::House { name, cells } => Rule::AtMostOnce { name, cells },
                    r => r,
                }));
                rules.push(own);
            }
            b.push(Rule::Or(rules), Some(at));
        }
    }

    // The givens: one value, or a parity written as the candidates it leaves.
    let (mut even, mut odd) = (Vec::new(), Vec::new());
    let evens: Vec<u32> = (2..=n as u32).step_by(2).collect();
    let odds: Vec<u32> = (1..=n as u32).step_by(2).collect();
    for (c, (mut vals, i)) in givens {
        let at = (c.row - 1) * n + c.col - 1;
        if values[at] != 0 {
            // Given in the plain grid too: ISS intersects the two.
            if !vals.contains(&u32::from(values[at])) {
                return Err(items[i].invalid(format!(
                    "{c} is given {} in the plain grid, which this constraint excludes",
                    values[at]
                )));
            }
            continue;
        }
        vals.sort_unstable();
        vals.dedup();
        match vals.as_slice() {
            [v] => values[at] = *v as u8,
            [] => return Err(items[i].invalid(format!("{c} is given values that exclude each other"))),
            v if v == evens => even.push((c, i)),
            v if v == odds => odd.push((c, i)),
            v => {
                let list: Vec<String> = v.iter().map(u32::to_string).collect();
                return Err(items[i].unsupported(format!(
                    "candidate lists ({c}: {}) other than one value, all even or all odd values are",
                    list.join(", ")
                )));
            }
        }
    }
    if let Some(&(_, i)) = even.first() {
        b.push(Rule::Even { cells: even.iter().map(|(c, _)| *c).collect() }, Some(i));
    }
    if let Some(&(_, i)) = odd.first() {
        b.push(Rule::Odd { cells: odd.iter().map(|(c, _)| *c).collect() }, Some(i));
    }

    // The rules over the whole grid.
    for (&flag, &i) in &flags {
        let item = &items[i];
        match flag {
            "AntiKnight" => b.push(Rule::AntiKnight, Some(i)),
            "AntiKing" => b.push(Rule::AntiKing, Some(i)),
            "AntiTaxicab" => {
                // ISS: a cell holding v has no cell at taxicab distance v holding v. Each two
                // cells at distance d ≤ n: a pair rule allowing every pair but (d, d). Two cells
                // of a row or a column never hold one value anyway: left out.
                let all: Vec<CellRef> = (1..=n).flat_map(|row| (1..=n).map(move |col| CellRef { row, col })).collect();
                for (k, &a) in all.iter().enumerate() {
                    for &c in &all[k + 1..] {
                        let d = a.row.abs_diff(c.row) + a.col.abs_diff(c.col);
                        if d > n || a.row == c.row || a.col == c.col {
                            continue;
                        }
                        let name = Some("anti-taxicab".to_string());
                        let holds = Some(format!("a != {d} || b != {d}"));
                        b.push(Rule::Pair { name, cells: vec![a, c], allowed: None, holds }, Some(i));
                    }
                }
            }
            "GlobalEntropy" | "GlobalMod" => {
                // ISS: every 2×2 square holds a value of each of three classes (1-3, 4-6, 7-9;
                // or 1, 4, 7 / 2, 5, 8 / 3, 6, 9), on 9×9 only. A state machine per square, read
                // around it, its state the classes seen so far.
                if n != 9 {
                    return Err(item.unsupported(format!("{} on a {n}×{n} grid (ISS's is for 9 values) is", item.name)));
                }
                let entropy = flag == "GlobalEntropy";
                let alphabet = if zero { b"012345678" } else { b"123456789" };
                let class = |k: usize| -> String {
                    let values: Vec<usize> =
                        if entropy { (3 * k + 1..=3 * k + 3).collect() } else { vec![k + 1, k + 4, k + 7] };
                    format!("[{}]", values.iter().map(|&v| char::from(alphabet[v - 1])).collect::<String>())
                };
                let transitions: Vec<(usize, String, usize)> = (0..8)
                    .flat_map(|seen| (0..3).map(move |k| (seen, k)))
                    .map(|(seen, k)| (seen, class(k), seen | 1 << k))
                    .collect();
                let name = if entropy { "global entropy" } else { "global mod 3" };
                for r in 1..n {
                    for c in 1..n {
                        let cells = vec![
                            CellRef { row: r, col: c },
                            CellRef { row: r, col: c + 1 },
                            CellRef { row: r + 1, col: c + 1 },
                            CellRef { row: r + 1, col: c },
                        ];
                        let rule = Rule::StateMachine {
                            name: Some(name.to_string()),
                            cells,
                            start: vec![0],
                            accept: vec![7],
                            transitions: transitions.clone(),
                        };
                        b.push(rule, Some(i));
                    }
                }
            }
            "AntiConsecutive" => {
                // ISS holds every orthogonal pair to it, white-dot pairs too; coverlab's
                // NonConsecutive excepts them, so the two agree only without white dots.
                if flags.contains_key("white dot") {
                    return Err(item.unsupported(
                        "anti-consecutive with white dots (ISS keeps white-dot pairs non-consecutive too, coverlab \
                         exempts them) is",
                    ));
                }
                b.push(Rule::NonConsecutive, Some(i));
            }
            "Windoku" => match (boxes, dims) {
                (Some(_), _) => b.push(Rule::Windows, Some(i)),
                (None, Some((h, w))) => {
                    // Without boxes, ISS still places windows of the box shape.
                    let starts = |len: usize| (0..).map(move |k| 1 + k * (len + 1)).take_while(move |s| s + len < n);
                    for (k, (r0, c0)) in starts(h).flat_map(|r| starts(w).map(move |c| (r, c))).enumerate() {
                        let cells = (0..h)
                            .flat_map(|r| (0..w).map(move |c| CellRef { row: r0 + r + 1, col: c0 + c + 1 }))
                            .collect();
                        b.push(Rule::House { name: format!("window {}", k + 1), cells }, Some(i));
                    }
                }
                (None, None) => return Err(item.unsupported(format!("windoku on a {n}×{n} grid (no box shape) is"))),
            },
            "DisjointSets" => {
                let Some((h, w)) = dims else {
                    return Err(item.unsupported(format!("disjoint sets on a {n}×{n} grid (no box shape) are")));
                };
                for r in 0..h {
                    for c in 0..w {
                        let cells = (0..n / h)
                            .flat_map(|br| {
                                (0..n / w).map(move |bc| CellRef { row: br * h + r + 1, col: bc * w + c + 1 })
                            })
                            .collect();
                        b.push(Rule::House { name: format!("disjoint set {}", r * w + c + 1), cells }, Some(i));
                    }
                }
            }
            _ => {}
        }
    }
    match (flags.get("StrictKropki"), flags.get("StrictXV")) {
        (Some(&i), Some(&j)) => {
            // ISS keeps the two negative rules apart (a pair with an X but no dot is still no
            // Kropki pair); coverlab's Negative rule excepts a pair with any of its marks. They
            // agree when the marked pairs are the same.
            if kropki != xv {
                return Err(items[i.max(j)].unsupported(
                    "StrictKropki with StrictXV where a pair has a Kropki dot but no X or V, or the reverse, is",
                ));
            }
            b.push(Rule::Negative(vec![Mark::WhiteDot, Mark::BlackDot, Mark::X, Mark::V]), Some(i.min(j)));
        }
        (Some(&i), None) => b.push(Rule::Negative(vec![Mark::WhiteDot, Mark::BlackDot]), Some(i)),
        (None, Some(&j)) => b.push(Rule::Negative(vec![Mark::X, Mark::V]), Some(j)),
        (None, None) => {}
    }

    let spec = Spec {
        name: format!("iss-{n}x{n}"),
        summary: "read from an Interactive Sudoku Solver constraint string".into(),
        size: n,
        symbols: zero.then(|| "0123456789ABCDEF"[..n].to_string()),
        rules: b.rules.clone(),
    };
    // The spec's own checks (lines that do not touch, sums no values reach), each error told
    // as the constraint it came from.
    if let Err(e) = Model::compile(spec.clone())
        && !(branch && e.never_holds)
    {
        return Err(locate(&e, &b, items));
    }
    Ok(Parsed::with_spec(values, spec, None, Vec::new()))
}

/// The constraint a spec error is about: the rule it names (its kind and how many of that kind
/// came before, or its quoted name), and the constraint that rule came from.
fn locate(e: &coverlab_model::SpecError, b: &Build, items: &[Item<'_>]) -> IssError {
    let rule = e.needle.as_deref().and_then(|needle| {
        let by_kind = b.rules.iter().enumerate().filter(|(_, r)| r.kind() == needle).nth(e.nth).map(|(k, _)| k);
        by_kind.or_else(|| {
            b.rules.iter().position(|r| match r {
                Rule::House { name, .. } | Rule::AtMostOnce { name, .. } => format!("\"{name}\"") == needle,
                _ => false,
            })
        })
    });
    match rule.and_then(|k| b.from[k]) {
        Some(i) => items[i].invalid(e.message.clone()),
        None => IssError::whole(Problem::Invalid(e.message.clone())),
    }
}

/// Reads a given, ISS's value id: a cell and its values, `R1C1_5` or `R4C7_2_4_6_8`.
/// On values from 0 (`zero`), ISS's value v is ours v + 1.
fn value_id(arg: &str, n: usize, zero: bool) -> Result<(CellRef, Vec<u32>), String> {
    let (low, high) = (u32::from(!zero), n as u32 - u32::from(zero));
    let mut parts = arg.split('_');
    let c = cell(parts.next().unwrap_or(""), n)?;
    let mut values = Vec::new();
    for v in parts {
        // ISS takes a value only as written plainly: no sign, no leading zero, nothing after.
        let plain = !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) && (v == "0" || !v.starts_with('0'));
        match v.parse::<u32>() {
            Ok(x) if plain && (low..=high).contains(&x) => values.push(x + u32::from(zero)),
            _ => return Err(format!("{c} is given \"{}\", not a value {low} to {high}", shown(v))),
        }
    }
    if values.is_empty() {
        return Err(format!("{c} is given no value (expected {c}_<value>, as in R1C1_5)"));
    }
    Ok((c, values))
}

/// Reads a jigsaw layout: n² region characters (ISS's legacy form has the shape before it). The
/// pieces of n cells; a layout of one region holds none, and one region of another size is left
/// unconstrained, as ISS leaves it.
fn jigsaw(item: &Item<'_>, n: usize) -> Result<Vec<Vec<CellRef>>, IssError> {
    let layout = match item.args.as_slice() {
        [layout] | [_, layout] => *layout,
        args => return Err(item.invalid(format!("Jigsaw takes a layout, not {}", args.len()))),
    };
    let chars: Vec<char> = layout.chars().collect();
    if chars.len() != n * n {
        return Err(item.invalid(format!(
            "the layout has {}, expected {} (one region character per cell of the {n}×{n} grid)",
            coverlab_model::text::count(chars.len(), "character"),
            n * n
        )));
    }
    let mut regions: Vec<(char, Vec<CellRef>)> = Vec::new();
    for (k, &ch) in chars.iter().enumerate() {
        let c = CellRef { row: k / n + 1, col: k % n + 1 };
        match regions.iter_mut().find(|(r, _)| *r == ch) {
            Some((_, cells)) => cells.push(c),
            None => regions.push((ch, vec![c])),
        }
    }
    if regions.len() == 1 {
        return Ok(Vec::new());
    }
    let mut other = None;
    let mut pieces = Vec::new();
    for (ch, cells) in regions {
        if cells.len() == n {
            pieces.push(cells);
        } else if other.is_none() {
            other = Some(ch);
        } else {
            return Err(item.invalid(format!(
                "regions '{}' and '{}' have other sizes than {n} cells (ISS allows one such region)",
                shown(&other.map(String::from).unwrap_or_default()),
                shown(&ch.to_string())
            )));
        }
    }
    Ok(pieces)
}

/// A line cut into runs with no cell twice, each starting at the cell the last one ended on: the
/// same neighbouring pairs, in pieces a spec's line rules take.
fn runs(cells: Vec<CellRef>) -> Vec<Vec<CellRef>> {
    let mut runs = Vec::new();
    let mut run: Vec<CellRef> = Vec::new();
    let mut in_run: BTreeSet<CellRef> = BTreeSet::new();
    for c in cells {
        if let Some(&last) = run.last()
            && in_run.contains(&c)
        {
            runs.push(std::mem::replace(&mut run, vec![last]));
            in_run = BTreeSet::from([last]);
        }
        run.push(c);
        in_run.insert(c);
    }
    runs.push(run);
    runs
}

/// The cells as one run along a diagonal, in order, when they are one.
fn diagonal_run(cells: &[CellRef]) -> Option<Vec<CellRef>> {
    let mut line = cells.to_vec();
    line.sort();
    let steps = |dc: i64| line.windows(2).all(|w| w[1].row == w[0].row + 1 && w[1].col as i64 - w[0].col as i64 == dc);
    (line.len() >= 2 && (steps(1) || steps(-1))).then_some(line)
}

mod custom;
#[doc(hidden)]
pub mod nfa;
