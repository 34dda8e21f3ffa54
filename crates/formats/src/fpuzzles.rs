//! f-puzzles: the format the variant sudoku community shares puzzles in. One puzzle per line:
//! its JSON object, an f-puzzles link (`https://f-puzzles.com/?load=…`), or the link's payload
//! (the JSON compressed with LZString's `compressToBase64`). Each puzzle brings its own spec
//! (size, boxes or regions, every constraint) in [`Parsed::spec`].
//!
//! Supported keys: `size`, `grid` (`value` with `given: true`, `region`), `killercage`,
//! `thermometer`, `arrow` (a one-cell circle, or a pill of 2 or 3 cells read left to right and
//! top to bottom), `doublearrow`, `quadruple`, `difference` (white dots), `ratio` (black dots),
//! `xv`, `even`, `odd`, `whispers`, `renban`, `palindrome`, `betweenline`, `littlekillersum`, `sandwichsum`,
//! `extraregion`, the line kinds the solver plugins add (`lockout`, `entropicline`, `modularline`,
//! `zipperline`, `regionsumline`, `slowthermometer`: see `PLUGIN_LINES` in the source) and its `skyscraper`
//! and `xsum` clues (a cell outside the grid, `R0C3` above column 3, as `sandwichsum`), and the flags `diagonal+`, `diagonal-`, `antiknight`, `antiking`,
//! `nonconsecutive`, `disjointgroups`, `negative`. Metadata (`title`, `author`, `ruleset`,
//! `solution`, colours and pencil marks) is ignored. Anything else with content is refused by
//! name: a puzzle is never solved with one of its rules silently dropped.
//!
//! Every field is read with its type checked, so that a puzzle is never read as another one. A
//! value of another type is read as meant when that is unambiguous: a number written as a string
//! (`"3"`) or as a whole float (`3.0`), a flag written `"true"` or `"false"`. Anything else is
//! refused with the field and the cell: `r1c2: "given" is "yes", expected true or false`,
//! `r1c2: "value" is -3, out of range (expected 1 to 9)`. A flag is on only when it is true, never
//! for holding something. In the grid:
//! - each cell is an object; its keys `value`, `given` and `region` are read, the pencil marks
//!   and colours f-puzzles writes (`centerPencilMarks`, `cornerPencilMarks`, `c`, `highlight`)
//!   are ignored, and any other key with content is refused by name;
//! - a `value` is a given only with `given: true`: without it, it is the player's entry, which is
//!   not part of the puzzle (it is still checked, 1 to n);
//! - a `region` is 0 to n − 1 (a cell without one keeps its default box's region).

use coverlab_model::MAX_SIZE;
use coverlab_model::spec::{CellRef, Mark, Rule, Spec};
use serde_json::{Map, Value};

use crate::error::FormatError;
use crate::source::Lines;
use crate::{Found, Parsed};
use std::io::BufRead;

/// The largest text a compressed payload may expand to: real puzzles are a few kilobytes.
pub const MAX_DECOMPRESSED: usize = 1 << 20;

/// True when `text` looks like an f-puzzles puzzle: a JSON object, a link, or a payload; or JSON
/// of another shape (a list), which no other format reads and whose error says what it is.
pub(crate) fn looks_like(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('{')
        || t.contains("f-puzzles.com")
        || t.contains("?load=")
        || t.starts_with("N4Ig")
        || t.starts_with('[') && serde_json::from_str::<Value>(t).is_ok()
}

/// The next puzzle: one non-blank line.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>) -> Option<Found> {
    crate::one_per_line(lines, parse, |line, message| FormatError::Fpuzzles { line, message })
}

/// Reads one puzzle (JSON, link or payload).
pub fn parse(text: &str) -> Result<Parsed, String> {
    let t = text.trim();
    let json = if t.starts_with(['{', '[']) {
        t.to_string()
    } else {
        let payload = match t.split_once("load=") {
            Some((_, rest)) => rest.split(['&', '#', ' ']).next().unwrap_or(""),
            None => t,
        };
        let payload = percent_decode(payload);
        decompress_base64(&payload).map_err(|e| match e {
            DecompressError::NotBase64 { .. } if !t.contains("load=") => format!(
                "not an f-puzzles puzzle (expected its JSON object, a link https://f-puzzles.com/?load=… or the \
                 link's payload): {e}"
            ),
            _ => e.to_string(),
        })?
    };
    let value: Value = serde_json::from_str(&json).map_err(|e| format!("not f-puzzles JSON: {e}"))?;
    match value {
        Value::Object(obj) => from_json(&obj),
        other => Err(format!(
            "{} is JSON but not an f-puzzles puzzle (expected a JSON object with \"size\" and \"grid\")",
            match other {
                Value::Array(a) => format!("a list of {} value{}", a.len(), if a.len() == 1 { "" } else { "s" }),
                Value::String(_) => "a string".into(),
                Value::Number(_) => "a number".into(),
                Value::Bool(_) => "a boolean".into(),
                Value::Null => "null".into(),
                Value::Object(_) => unreachable!("matched above"),
            }
        )),
    }
}

pub(crate) fn percent_decode(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let Ok(v) = u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16)
        {
            out.push(v);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Why a link's payload could not be decompressed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecompressError {
    /// Nothing to decompress.
    #[error("the link's payload is empty")]
    Empty,
    /// A character outside base64's alphabet (`A-Z`, `a-z`, `0-9`, `+`, `/`, `=`).
    #[error("the link's payload is not base64: '{}' at character {at}", crate::error::shown_char(.found))]
    NotBase64 {
        /// The character.
        found: char,
        /// Its 1-based position in the payload.
        at: usize,
    },
    /// The text would be longer than [`MAX_DECOMPRESSED`] characters; decompression stopped there.
    #[error("the link's payload expands past {MAX_DECOMPRESSED} characters (1 MiB, the limit for one puzzle)")]
    TooLarge,
    /// Base64, but not a whole LZString stream (cut short, or damaged).
    #[error("the link's payload is base64 but not LZString (f-puzzles' compression): cut short or damaged")]
    Corrupt,
}

/// LZString's `decompressFromBase64`, with the output bounded by [`MAX_DECOMPRESSED`] (a
/// hostile payload could otherwise expand quadratically).
pub fn decompress_base64(input: &str) -> Result<String, DecompressError> {
    const KEY: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let values: Vec<u32> = input
        .chars()
        .enumerate()
        .map(|(i, c)| {
            KEY.iter()
                .position(|&k| char::from(k) == c)
                .map(|p| p as u32)
                .ok_or(DecompressError::NotBase64 { found: c, at: i + 1 })
        })
        .collect::<Result<_, _>>()?;
    if values.is_empty() {
        return Err(DecompressError::Empty);
    }
    let reset = 32u32;
    let (mut val, mut position, mut index) = (values[0], reset, 1usize);
    let mut read = |bits: u32| -> Result<u32, DecompressError> {
        let mut out = 0u32;
        for power in 0..bits {
            let bit = val & position;
            position >>= 1;
            if position == 0 {
                position = reset;
                val = *values.get(index).unwrap_or(&0);
                index += 1;
            }
            if index > values.len() + 1 {
                return Err(DecompressError::Corrupt);
            }
            out |= u32::from(bit > 0) << power;
        }
        Ok(out)
    };
    let mut dict: Vec<Vec<u16>> = vec![vec![], vec![], vec![]];
    let first = match read(2)? {
        0 => read(8)? as u16,
        1 => read(16)? as u16,
        _ => return Ok(String::new()),
    };
    dict.push(vec![first]);
    let mut w = vec![first];
    let mut result: Vec<u16> = vec![first];
    let (mut enlarge, mut bits) = (4u32, 3u32);
    loop {
        let mut c = read(bits)? as usize;
        match c {
            0 | 1 => {
                let v = read(if c == 0 { 8 } else { 16 })? as u16;
                dict.push(vec![v]);
                c = dict.len() - 1;
                enlarge -= 1;
            }
            2 => return String::from_utf16(&result).map_err(|_| DecompressError::Corrupt),
            _ => {}
        }
        if enlarge == 0 {
            enlarge = 1 << bits;
            bits += 1;
            if bits > 24 {
                return Err(DecompressError::Corrupt);
            }
        }
        let entry = if c < dict.len() {
            dict[c].clone()
        } else if c == dict.len() {
            let mut e = w.clone();
            e.push(w[0]);
            e
        } else {
            return Err(DecompressError::Corrupt);
        };
        result.extend_from_slice(&entry);
        if result.len() > MAX_DECOMPRESSED {
            return Err(DecompressError::TooLarge);
        }
        let mut add = w;
        add.push(entry[0]);
        dict.push(add);
        enlarge -= 1;
        w = entry;
        if enlarge == 0 {
            enlarge = 1 << bits;
            bits += 1;
            if bits > 24 {
                return Err(DecompressError::Corrupt);
            }
        }
    }
}

/// Top-level keys that carry no rule.
const IGNORED: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "highlight",
    "version",
    "cellSize",
    // The f-puzzles solver's own settings: which of its techniques it may use.
    "disabledlogic",
    "truecandidatesoptions",
];

/// The line kinds f-puzzles' solver plugins add: each plugin's key (its constraint's name in lower
/// case without spaces, as f-puzzles' `cID` makes it) and that name, which the plugin also writes
/// as `fromConstraint` on the cosmetic copy (`line`) it exports for players without the plugin.
/// Keys and meanings as dclamage/SudokuSolver reads and documents them
/// (`SudokuSolver/PuzzleFormats/FPuzzlesBoard.cs`, `UserScripts/fpuzzles-newconstraints.js`, commit
/// 226e55bba25e522ce0c1824f9187f8c866383d44: a modular line is modulo 3) and as the
/// Fpuzzles-LockoutLines user script writes `lockout` (its ends differ by at least ⌊n/2⌋).
pub(crate) const PLUGIN_LINES: &[(&str, &str)] = &[
    ("lockout", "Lockout"),
    ("entropicline", "Entropic Line"),
    ("modularline", "Modular Line"),
    ("zipperline", "Zipper Line"),
    ("regionsumline", "Region Sum Line"),
    ("slowthermometer", "Slow Thermometer"),
];

/// The rule of a plugin's line (`key` one of [`PLUGIN_LINES`]).
pub(crate) fn plugin_line(key: &str, cells: Vec<CellRef>) -> Rule {
    match key {
        "lockout" => Rule::Lockout { cells, difference: None },
        "entropicline" => Rule::Entropic { cells },
        "modularline" => Rule::Modular { cells, modulus: None },
        "zipperline" => Rule::Zipper { cells },
        "regionsumline" => Rule::RegionSum { cells },
        _ => Rule::SlowThermometer { cells },
    }
}

/// Objects f-puzzles draws without a rule: lines, shapes, text and cages without sums (a
/// setter's rule text may give them a meaning, which coverlab cannot read). Read past, and
/// listed in [`crate::Parsed::drawings`].
const DRAWINGS: &[&str] = &["line", "text", "circle", "rectangle", "cage"];

/// Keys of a grid cell that carry no rule: the player's pencil marks, the setter's (`c`) and
/// the player's (`highlight`) colours. `value`, `given` and `region` are read; `givenPencilMarks`
/// (candidates a setter gives, a rule) is refused when it holds any.
const CELL_IGNORED: &[&str] = &["centerPencilMarks", "cornerPencilMarks", "c", "highlight"];

/// A JSON value as a message shows it: as written (strings quoted), cut short when long.
pub(crate) fn shown(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// True for a value that holds nothing: null, false, `""`, `[]` or `{}`.
pub(crate) fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::Number(_) => false,
    }
}

/// What a number-like value holds: a whole number (saturated far beyond any range checked), a
/// number with a fraction, or no number at all.
enum Read {
    Whole(i128),
    Fraction,
    NotANumber,
}

/// Reads a number written as a JSON number (`5`, `5.0`) or as a string of digits (`"5"`,
/// `" 5 "`, `"5.0"`, `"-3"`); `1e3`, `"inf"` and the like are not numbers here.
fn whole_of(v: &Value) -> Read {
    match v {
        Value::Number(x) => match (x.as_i64(), x.as_u64(), x.as_f64()) {
            (Some(i), _, _) => Read::Whole(i.into()),
            (_, Some(u), _) => Read::Whole(u.into()),
            (_, _, Some(f)) if f.fract() != 0.0 => Read::Fraction,
            (_, _, Some(f)) => Read::Whole(f.clamp(-1e30, 1e30) as i128),
            _ => Read::NotANumber,
        },
        Value::String(s) => {
            let t = s.trim();
            let (negative, digits) = match t.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, t.strip_prefix('+').unwrap_or(t)),
            };
            let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
            let all_digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
            if int.is_empty() || !all_digits(int) || !all_digits(frac) || (digits.contains('.') && frac.is_empty()) {
                return Read::NotANumber;
            }
            if frac.bytes().any(|b| b != b'0') {
                return Read::Fraction;
            }
            let magnitude = int.parse::<i128>().unwrap_or(i128::MAX);
            Read::Whole(if negative { -magnitude } else { magnitude })
        }
        _ => Read::NotANumber,
    }
}

/// Reads `field` (found at `at`, a prefix such as `r1c2: `) as a whole number from `lo` to `hi`.
pub(crate) fn whole(v: &Value, at: &str, field: &str, lo: u32, hi: u32) -> Result<u32, String> {
    let bad = |why: String| format!("{at}{field:?} is {}, {why}", shown(v));
    match whole_of(v) {
        Read::Whole(x) if (i128::from(lo)..=i128::from(hi)).contains(&x) => Ok(x as u32),
        Read::Whole(_) => Err(bad(format!("out of range (expected {lo} to {hi})"))),
        Read::Fraction => Err(bad("not a whole number".into())),
        Read::NotANumber => Err(bad("expected a whole number".into())),
    }
}

/// Reads `field` (found at `at`) as true or false: a JSON boolean or the string `"true"` or
/// `"false"` (any case); null is false. Anything else is refused: a flag is never on because its
/// value is not empty.
fn boolean(v: &Value, at: &str, field: &str) -> Result<bool, String> {
    match v {
        Value::Bool(b) => Ok(*b),
        Value::Null => Ok(false),
        Value::String(s) if s.trim().eq_ignore_ascii_case("true") => Ok(true),
        Value::String(s) if s.trim().eq_ignore_ascii_case("false") => Ok(false),
        _ => Err(format!("{at}{field:?} is {}, expected true or false", shown(v))),
    }
}

/// The items of a constraint's list, refusing a value that is not a list.
fn items<'a>(v: &'a Value, key: &str) -> Result<&'a [Value], String> {
    v.as_array().map(Vec::as_slice).ok_or_else(|| format!("{key:?} is {}, expected a list", shown(v)))
}

/// The grid's givens and regions, read cell by cell (see the module doc).
struct GridCells {
    /// n² values, row-major, 0 for a cell without a given.
    values: Vec<u8>,
    /// Each cell's region (0-based), when the puzzle says.
    regions: Vec<Option<usize>>,
}

fn read_grid(obj: &Map<String, Value>, n: usize) -> Result<GridCells, String> {
    let grid = match obj.get("grid") {
        Some(Value::Array(grid)) => grid,
        Some(other) => return Err(format!("\"grid\" is {}, expected a list of rows", shown(other))),
        None => return Err("no \"grid\"".into()),
    };
    if grid.len() != n {
        return Err(format!("the grid has {}, expected {n}", coverlab_model::text::count(grid.len(), "row")));
    }
    let top = u32::try_from(n).expect("n is at most 64");
    let mut values = vec![0u8; n * n];
    let mut regions = vec![None; n * n];
    for (r, row) in grid.iter().enumerate() {
        let row =
            row.as_array().ok_or_else(|| format!("row {} of the grid is {}, expected a list", r + 1, shown(row)))?;
        if row.len() != n {
            return Err(format!(
                "row {} of the grid has {}, expected {n}",
                r + 1,
                coverlab_model::text::count(row.len(), "cell")
            ));
        }
        for (c, x) in row.iter().enumerate() {
            let at = format!("r{}c{}: ", r + 1, c + 1);
            let Value::Object(x) = x else {
                return Err(format!(
                    "{at}{} is not a cell (expected an object such as {{}} or {{\"value\":5,\"given\":true}})",
                    shown(x)
                ));
            };
            let mut given = false;
            let mut value = None;
            for (key, v) in x {
                match key.as_str() {
                    "given" => given = boolean(v, &at, key)?,
                    "value" if matches!(v, Value::Null) || v.as_str().is_some_and(|s| s.trim().is_empty()) => {}
                    "value" => value = Some(whole(v, &at, key, 1, top)?),
                    "region" => {
                        if v.is_null() {
                            return Err(format!(
                                "{at}\"region\" is null (a cell in no region), which coverlab does not support"
                            ));
                        }
                        regions[r * n + c] = Some(whole(v, &at, key, 0, top - 1)? as usize);
                    }
                    "givenPencilMarks" if !is_empty(v) => {
                        return Err(format!(
                            "{at}given pencil marks (\"givenPencilMarks\") are not supported by coverlab"
                        ));
                    }
                    _ if CELL_IGNORED.contains(&key.as_str()) || is_empty(v) => {}
                    _ => return Err(format!("{at}unknown key {key:?} in a cell (holding {})", shown(v))),
                }
            }
            match (given, value) {
                (true, Some(v)) => values[r * n + c] = v as u8,
                (true, None) => return Err(format!("{at}\"given\" is true, but the cell has no \"value\"")),
                // A value without `given` is the player's entry, not part of the puzzle.
                (false, _) => {}
            }
        }
    }
    Ok(GridCells { values, regions })
}

#[doc(hidden)]
pub fn from_json(obj: &Map<String, Value>) -> Result<Parsed, String> {
    let size = obj.get("size").ok_or("no \"size\"")?;
    let n = whole(size, "", "size", 1, MAX_SIZE as u32)? as usize;
    let cell = |v: &Value| -> Result<CellRef, String> {
        let s = v.as_str().ok_or_else(|| format!("{} is not a cell like \"R1C1\"", shown(v)))?;
        let c: CellRef = s.to_ascii_lowercase().parse().map_err(|_| format!("{s:?} is not a cell like \"R1C1\""))?;
        if c.row > n || c.col > n {
            return Err(format!("{s} is outside the {n}×{n} grid"));
        }
        Ok(c)
    };
    let cells = |v: Option<&Value>, what: &str| -> Result<Vec<CellRef>, String> {
        v.and_then(Value::as_array).ok_or_else(|| format!("{what}: no list of cells"))?.iter().map(cell).collect()
    };
    let number = |v: Option<&Value>, what: &str| -> Result<u32, String> {
        whole(v.ok_or_else(|| format!("{what}: no \"value\""))?, &format!("{what}: "), "value", 0, u32::MAX)
    };
    let mut rules = vec![Rule::Rows, Rule::Columns];
    let GridCells { values, regions } = read_grid(obj, n)?;
    if regions.iter().any(Option::is_some) {
        // One character per region: regions are 0..n and n is at most 64.
        const LETTERS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$";
        const _: () = assert!(MAX_SIZE <= LETTERS.len(), "a letter per region");
        // Cells without a region keep their default box's.
        let (h, w) = box_shape(n);
        let map: Vec<String> = (0..n)
            .map(|r| (0..n).map(|c| LETTERS[regions[r * n + c].unwrap_or((r / h) * (n / w) + c / w)] as char).collect())
            .collect();
        rules.push(Rule::Regions(map));
    } else if n > 1 {
        let (h, w) = box_shape(n);
        if h > 1 {
            rules.push(Rule::Boxes { rows: h, cols: w });
        }
    }
    let mut unsupported: Vec<String> = Vec::new();
    let mut drawings: Vec<String> = Vec::new();
    let (mut plus, mut minus) = (false, false);
    for (key, v) in obj {
        if is_empty(v) || IGNORED.contains(&key.as_str()) || key == "size" || key == "grid" {
            continue;
        }
        if key == "line"
            && let Value::Array(list) = v
        {
            // A plugin's cosmetic copy of its line names the constraint it draws: read as that
            // rule when the plugin's own key is missing (the puzzle was saved without the plugin).
            let mut drawn = 0;
            for item in list {
                let from = item.get("fromConstraint").and_then(Value::as_str);
                match PLUGIN_LINES.iter().find(|(_, name)| Some(*name) == from) {
                    Some((plugin_key, _)) if obj.get(*plugin_key).is_none_or(is_empty) => {
                        for line in item.get("lines").and_then(Value::as_array).ok_or("line: no lines")? {
                            rules.push(plugin_line(plugin_key, cells(Some(line), plugin_key)?));
                        }
                    }
                    _ => drawn += 1,
                }
            }
            if drawn > 0 {
                drawings.push(format!("'line' ({drawn})"));
            }
            continue;
        }
        if DRAWINGS.contains(&key.as_str()) {
            drawings.push(match v.as_array() {
                Some(a) => format!("'{key}' ({})", a.len()),
                None => format!("'{key}'"),
            });
            continue;
        }
        if let Value::Array(list) = v {
            for (i, item) in list.iter().enumerate() {
                item_fields(key, item, i)?;
            }
        }
        match key.as_str() {
            "killercage" => {
                for (i, c) in items(v, key)?.iter().enumerate() {
                    let what = format!("killercage {}", i + 1);
                    let cage = cells(c.get("cells"), &what)?;
                    let sum = match c.get("value") {
                        None | Some(Value::Null) => None,
                        Some(Value::String(s)) if s.trim().is_empty() => None,
                        v => Some(number(v, &what)?),
                    };
                    rules.push(Rule::Cage { cells: cage, sum });
                }
            }
            "thermometer" | "whispers" | "renban" | "palindrome" | "betweenline" => {
                for t in items(v, key)? {
                    for line in t.get("lines").and_then(Value::as_array).ok_or_else(|| format!("{key}: no lines"))? {
                        let cells = cells(Some(line), key)?;
                        rules.push(match key.as_str() {
                            "thermometer" => Rule::Thermometer { cells },
                            "whispers" => Rule::Whisper { cells, difference: None },
                            "renban" => Rule::Renban { cells },
                            "betweenline" => Rule::Between { cells },
                            _ => Rule::Palindrome { cells },
                        });
                    }
                }
            }
            _ if PLUGIN_LINES.iter().any(|(k, _)| k == key) => {
                for t in items(v, key)? {
                    for line in t.get("lines").and_then(Value::as_array).ok_or_else(|| format!("{key}: no lines"))? {
                        rules.push(plugin_line(key, cells(Some(line), key)?));
                    }
                }
            }
            "arrow" => {
                for a in items(v, key)? {
                    let mut circle = cells(a.get("cells"), "arrow")?;
                    match circle.len() {
                        1..=3 => {}
                        0 => return Err("an arrow with no circle cell (its \"cells\" is empty)".into()),
                        k => return Err(format!("an arrow with a pill of {k} cells (coverlab reads pills of 2 or 3)")),
                    }
                    // A pill's digits read left to right, top to bottom.
                    circle.sort();
                    for line in a.get("lines").and_then(Value::as_array).ok_or("arrow: no lines")? {
                        let mut line = cells(Some(line), "arrow")?;
                        // The line is drawn from a cell of the circle (or pill).
                        if line.first().is_some_and(|c| circle.contains(c)) {
                            line.remove(0);
                        }
                        rules.push(if circle.len() == 1 {
                            Rule::Arrow { circle: circle[0], line }
                        } else {
                            Rule::PillArrow { pill: circle.clone(), line }
                        });
                    }
                }
            }
            "difference" | "ratio" | "xv" => {
                for d in items(v, key)? {
                    let cells = cells(d.get("cells"), key)?;
                    let value = match d.get("value") {
                        None | Some(Value::Null) => None,
                        Some(Value::String(s)) if s.trim().is_empty() => None,
                        Some(Value::String(s)) if key == "xv" => Some(s.trim().to_ascii_uppercase()),
                        Some(v) => Some(whole(v, &format!("{key}: "), "value", 0, u32::MAX)?.to_string()),
                    };
                    let rule = match (key.as_str(), value.as_deref()) {
                        ("difference", None | Some("1")) => Rule::WhiteDot { cells },
                        ("ratio", None | Some("2")) => Rule::BlackDot { cells },
                        ("xv", Some("X")) => Rule::X { cells },
                        ("xv", Some("V")) => Rule::V { cells },
                        (_, v) => {
                            return Err(format!("{key} with value {:?} is not supported", v.unwrap_or("")));
                        }
                    };
                    rules.push(rule);
                }
            }
            "quadruple" => {
                for (i, q) in items(v, key)?.iter().enumerate() {
                    let what = format!("quadruple {}", i + 1);
                    let block = cells(q.get("cells"), &what)?;
                    let corner = block.iter().min().copied().ok_or_else(|| format!("{what}: no cells"))?;
                    let mut want: Vec<CellRef> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                        .iter()
                        .map(|&(dr, dc)| CellRef { row: corner.row + dr, col: corner.col + dc })
                        .collect();
                    let mut got = block.clone();
                    got.sort();
                    want.sort();
                    if got != want {
                        return Err(format!("{what}: its cells are not the four of a 2×2 block"));
                    }
                    let values = q
                        .get("values")
                        .and_then(Value::as_array)
                        .ok_or_else(|| format!("{what}: no values"))?
                        .iter()
                        .map(|x| whole(x, &format!("{what}: "), "value", 1, n as u32))
                        .collect::<Result<Vec<u32>, String>>()?;
                    rules.push(Rule::Quadruple { cell: corner, values });
                }
            }
            "clone" => {
                // dclamage's reader: `cells` and `cloneCells`, the same length, in order.
                for (i, c) in items(v, key)?.iter().enumerate() {
                    let what = format!("clone {}", i + 1);
                    let clone = cells(c.get("cloneCells"), &format!("{what}: cloneCells"))?;
                    rules.push(Rule::Clone { cells: cells(c.get("cells"), &what)?, clone });
                }
            }
            "columnindexer" | "rowindexer" => {
                // dclamage's reader: one object per group of indexing cells, `cells` its cells.
                let noun = if key == "columnindexer" { "column indexer" } else { "row indexer" };
                for (i, c) in items(v, key)?.iter().enumerate() {
                    let cells = cells(c.get("cells"), &format!("{noun} {}", i + 1))?;
                    rules.push(if key == "columnindexer" {
                        Rule::ColumnIndexer { cells }
                    } else {
                        Rule::RowIndexer { cells }
                    });
                }
            }
            "doublearrow" => {
                for t in items(v, key)? {
                    for line in t.get("lines").and_then(Value::as_array).ok_or("doublearrow: no lines")? {
                        rules.push(Rule::DoubleArrow { cells: cells(Some(line), key)? });
                    }
                }
            }
            "even" | "odd" => {
                let cells = items(v, key)?
                    .iter()
                    .map(|e| cell(e.get("cell").unwrap_or(&Value::Null)))
                    .collect::<Result<Vec<_>, _>>()?;
                rules.push(if key == "even" { Rule::Even { cells } } else { Rule::Odd { cells } });
            }
            "minimum" | "maximum" => {
                let cells = items(v, key)?
                    .iter()
                    .map(|e| cell(e.get("cell").unwrap_or(&Value::Null)))
                    .collect::<Result<Vec<_>, _>>()?;
                rules.push(if key == "minimum" { Rule::Minimum { cells } } else { Rule::Maximum { cells } });
            }
            "extraregion" => {
                for (i, e) in items(v, key)?.iter().enumerate() {
                    let cells = cells(e.get("cells"), key)?;
                    let name = format!("extra region {}", i + 1);
                    rules.push(if cells.len() == n {
                        Rule::House { name, cells }
                    } else {
                        Rule::AtMostOnce { name, cells }
                    });
                }
            }
            "littlekillersum" => {
                for l in items(v, key)? {
                    let clue = l.get("cell").and_then(Value::as_str).ok_or("littlekillersum: no clue cell")?;
                    let (r, c) = outside_cell(clue)?;
                    let (dr, dc) = match l.get("direction").and_then(Value::as_str) {
                        Some("DR") => (1, 1),
                        Some("DL") => (1, -1),
                        Some("UR") => (-1, 1),
                        Some("UL") => (-1, -1),
                        d => return Err(format!("littlekillersum: direction {d:?} (expected DR, DL, UR or UL)")),
                    };
                    let mut diag = Vec::new();
                    let (mut r, mut c) = (r + dr, c + dc);
                    while (1..=n as i64).contains(&r) && (1..=n as i64).contains(&c) {
                        diag.push(CellRef { row: r as usize, col: c as usize });
                        r += dr;
                        c += dc;
                    }
                    if diag.is_empty() {
                        return Err(format!("littlekillersum at {clue}: its diagonal misses the grid"));
                    }
                    rules.push(Rule::LittleKiller { cells: diag, sum: number(l.get("value"), "littlekillersum")? });
                }
            }
            "sandwichsum" => {
                for s in items(v, key)? {
                    let clue = s.get("cell").and_then(Value::as_str).ok_or("sandwichsum: no clue cell")?;
                    let (r, c) = outside_cell(clue)?;
                    let sum = number(s.get("value"), "sandwichsum")?;
                    let n = n as i64;
                    let (row, column) = if (1..=n).contains(&r) && (c == 0 || c == n + 1) {
                        (Some(r as usize), None)
                    } else if (1..=n).contains(&c) && (r == 0 || r == n + 1) {
                        (None, Some(c as usize))
                    } else {
                        return Err(format!("sandwichsum at {clue}: not beside a row or a column"));
                    };
                    rules.push(Rule::Sandwich { row, column, sum });
                }
            }
            "skyscraper" | "xsum" => {
                for s in items(v, key)? {
                    let clue = s.get("cell").and_then(Value::as_str).ok_or_else(|| format!("{key}: no clue cell"))?;
                    let (r, c) = outside_cell(clue)?;
                    let value = number(s.get("value"), key)?;
                    let n = n as i64;
                    let (row, column, from_end) = if (1..=n).contains(&r) && (c == 0 || c == n + 1) {
                        (Some(r as usize), None, c != 0)
                    } else if (1..=n).contains(&c) && (r == 0 || r == n + 1) {
                        (None, Some(c as usize), r != 0)
                    } else {
                        return Err(format!("{key} at {clue}: not beside a row or a column"));
                    };
                    rules.push(if key == "xsum" {
                        Rule::XSum { row, column, from_end, sum: value }
                    } else {
                        Rule::Skyscraper { row, column, from_end, count: value }
                    });
                }
            }
            "diagonal+" => plus = boolean(v, "", key)?,
            "diagonal-" => minus = boolean(v, "", key)?,
            "antiknight" | "antiking" | "nonconsecutive" | "disjointgroups" if !boolean(v, "", key)? => {}
            "antiknight" => rules.push(Rule::AntiKnight),
            "antiking" => rules.push(Rule::AntiKing),
            "nonconsecutive" => rules.push(Rule::NonConsecutive),
            "disjointgroups" => {
                let (h, w) = box_shape(n);
                for i in 0..h {
                    for j in 0..w {
                        let cells = (0..n / h)
                            .flat_map(|br| {
                                (0..n / w).map(move |bc| CellRef { row: br * h + i + 1, col: bc * w + j + 1 })
                            })
                            .collect();
                        rules.push(Rule::House { name: format!("disjoint group {}", i * w + j + 1), cells });
                    }
                }
            }
            "negative" => {
                let mut marks = Vec::new();
                for m in items(v, key)? {
                    match m.as_str() {
                        Some("ratio") => marks.push(Mark::BlackDot),
                        Some("difference") => marks.push(Mark::WhiteDot),
                        Some("xv") => marks.extend([Mark::X, Mark::V]),
                        other => return Err(format!("negative {other:?} is not supported")),
                    }
                }
                rules.push(Rule::Negative(marks));
            }
            _ => unsupported.push(match v.as_array() {
                Some(a) => format!("'{key}' ({} of them)", a.len()),
                None => format!("'{key}'"),
            }),
        }
    }
    if plus && minus {
        rules.push(Rule::Diagonals);
    } else {
        if minus {
            let cells = (1..=n).map(|i| CellRef { row: i, col: i }).collect();
            rules.push(Rule::House { name: "main diagonal".into(), cells });
        }
        if plus {
            let cells = (1..=n).map(|i| CellRef { row: n + 1 - i, col: i }).collect();
            rules.push(Rule::House { name: "anti-diagonal".into(), cells });
        }
    }
    if !unsupported.is_empty() {
        return Err(format!("f-puzzles constraint {} not supported by coverlab", unsupported.join(", ")));
    }
    let title = obj.get("title").and_then(Value::as_str).map(str::to_string);
    let name = spec_name(title.as_deref());
    let spec = Spec { name, summary: title.clone().unwrap_or_default(), size: n, symbols: None, rules };
    Ok(Parsed::with_spec(values, spec, title, drawings))
}

/// The fields each constraint's objects carry: a field of another name with content is named in
/// an error rather than dropped (it may be a rule's parameter under a name coverlab does not
/// read). Styling that carries no rule (colours, widths) is passed over.
fn item_fields(key: &str, item: &Value, index: usize) -> Result<(), String> {
    const STYLE: &[&str] = &["outlineC", "fontC", "baseC", "c", "width", "height", "angle", "isNewConstraint"];
    let known: &[&str] = match key {
        "killercage" | "difference" | "ratio" | "xv" | "sandwichsum" | "skyscraper" | "xsum" => {
            &["cells", "cell", "value"]
        }
        "thermometer" | "whispers" | "renban" | "palindrome" | "betweenline" | "doublearrow" => &["lines"],
        "quadruple" => &["cells", "values"],
        "clone" => &["cells", "cloneCells"],
        "columnindexer" | "rowindexer" => &["cells"],
        _ if PLUGIN_LINES.iter().any(|(k, _)| *k == key) => &["lines"],
        "arrow" => &["cells", "lines"],
        "even" | "odd" | "minimum" | "maximum" => &["cell"],
        "extraregion" => &["cells"],
        "littlekillersum" => &["cell", "direction", "value"],
        _ => return Ok(()),
    };
    let Value::Object(fields) = item else { return Ok(()) };
    for (field, v) in fields {
        if !known.contains(&field.as_str()) && !STYLE.contains(&field.as_str()) && !is_empty(v) {
            return Err(format!(
                "{key} {}: field {field:?} is not one coverlab reads (it reads {}); refused rather than dropped",
                index + 1,
                known.join(", ")
            ));
        }
    }
    Ok(())
}

/// A clue cell written outside the grid, `R0C3`, as signed row and column.
fn outside_cell(s: &str) -> Result<(i64, i64), String> {
    let bad = || format!("{s:?} is not a cell like \"R0C3\"");
    let rest = s.strip_prefix(['R', 'r']).ok_or_else(bad)?;
    let (r, c) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
    Ok((r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?))
}

/// The box shape f-puzzles uses for size n: rows the largest divisor of n up to √n.
pub(crate) fn box_shape(n: usize) -> (usize, usize) {
    let h = (1..=n).filter(|&h| h * h <= n && n.is_multiple_of(h)).max().unwrap_or(1);
    (h, n / h)
}

/// A kebab-case spec name from the puzzle's title.
fn spec_name(title: Option<&str>) -> String {
    prefixed_name("fpuzzles", title)
}

/// A kebab-case spec name: `prefix`, then the puzzle's title in kebab case, if any.
pub(crate) fn prefixed_name(prefix: &str, title: Option<&str>) -> String {
    let mut name = String::from(prefix);
    if let Some(t) = title {
        let mut dash = true;
        let mut part = String::from("-");
        for ch in t.chars() {
            if ch.is_ascii_alphanumeric() {
                part.push(ch.to_ascii_lowercase());
                dash = false;
            } else if !dash {
                part.push('-');
                dash = true;
            }
        }
        let part = part.trim_end_matches('-');
        if part.len() > 1 {
            name.push_str(part);
        }
    }
    name.truncate(64);
    name.trim_end_matches('-').to_string()
}
