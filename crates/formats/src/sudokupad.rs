//! SudokuPad links (`https://sudokupad.app/…`), read offline. One puzzle per line: the link, or
//! its puzzle id alone (`scl…`, `fpuz…`). The id says the form of the puzzle it carries:
//!
//! - `fpuz…` or `fpuzzles…`: an f-puzzles puzzle (its JSON compressed with LZString's
//!   `compressToBase64`), read by [`crate::fpuzzles`];
//! - `scl…` or `ctc…`: SudokuPad's own JSON, compressed the same way, usually in SudokuPad's
//!   "zipped" form (keys shortened, `ce` for `cells`, quotes and colours abridged);
//! - anything else (`https://sudokupad.app/abc123`) is a short link: its puzzle lives on
//!   SudokuPad's server, which coverlab does not contact, so it is refused saying so.
//!
//! The link forms and the zipped form follow SudokuPad's loader as published in
//! marktekfan/sudokupad-penpa-import (`src/sudokupad/puzzleloader.js` and `puzzlezipper.js`,
//! commit 0181f41cbfe2a16d5a66b14a2c19f9f7a6475311); the code here is coverlab's own.
//!
//! From SudokuPad's JSON, what the format types is read: the grid's size (`cells`, n rows of n
//! cells), its givens (a cell's `value`), its regions (`regions`, lists of `[row, col]`, 0-based;
//! none means no boxes), cages whose digits do not repeat (`unique: true`, or `style: "killer"`)
//! with their sum (`sum`, or a whole-number `value`), and the `global` flags `antiknight`,
//! `antiking` and `nonconsecutive`. Cages without cells that hold `name: value` are metadata
//! (title, author, rules, solution) and are read past. SudokuPad draws every other constraint
//! (thermometers, arrows, lines, dots) as styled `lines`, `arrows`, `overlays` and `underlays`,
//! which say how they look, not what rule they are. A line is read as a rule only when two things
//! agree: it is drawn exactly as the f-puzzles converters draw that kind (its colour, thickness
//! and end shapes, see `LINE_STYLES` in the source) and the puzzle's rules text names the kind. Any other
//! drawing makes the puzzle refused, naming how many there are (and, for a line drawn like a
//! kind the rules do not name, that kind), rather than solved with a rule guessed or dropped.

use coverlab_model::spec::{CellRef, Rule, Spec};
use coverlab_model::{MAX_SIZE, text::count};
use serde_json::{Map, Value};
use std::io::BufRead;

use crate::error::FormatError;
use crate::fpuzzles::{self, DecompressError, box_shape, is_empty, shown, whole};
use crate::source::Lines;
use crate::{Found, Parsed};

/// Hosts whose links carry SudokuPad puzzle ids.
const HOSTS: &[&str] = &["sudokupad.app/", "app.crackingthecryptic.com/"];

/// The prefixes of the ids that carry their puzzle, longest first.
const PREFIXES: &[&str] = &["fpuzzles", "fpuz", "scl", "ctc", "scf"];

/// True when `text` is a SudokuPad link, or a puzzle id with an inline payload (`scl…`,
/// `fpuz…`: a prefix, then base64 only).
pub fn looks_like(text: &str) -> bool {
    let t = text.trim();
    if after_host(t).is_some() {
        return true;
    }
    PREFIXES.iter().any(|p| {
        t.strip_prefix(p).is_some_and(|rest| {
            rest.len() >= 16
                && rest.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'%' | b'-'))
        })
    })
}

/// What follows the host of a link that starts the text (`https://`, `http://` and `www.`
/// optional): a line that only mentions a link (a title, a comment) is not one.
fn after_host(t: &str) -> Option<&str> {
    let t = t.strip_prefix("https://").or_else(|| t.strip_prefix("http://")).unwrap_or(t);
    let t = t.strip_prefix("www.").unwrap_or(t);
    HOSTS.iter().find_map(|h| t.strip_prefix(h))
}

/// The next puzzle: one non-blank line.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>) -> Option<Found> {
    crate::one_per_line(lines, parse, |line, message| FormatError::Sudokupad { line, message })
}

/// The puzzle id of a link (or of an id given alone): the path after the host, or the value of
/// `?puzzle=`, without SudokuPad's own query (`?setting-…`) or fragment, percent-decoded.
#[doc(hidden)]
pub fn puzzle_id(text: &str) -> String {
    let t = text.trim();
    let rest = after_host(t).unwrap_or(t);
    let id = match rest.find("puzzle=") {
        Some(at) if rest[..at].ends_with(['?', '&']) => &rest[at + "puzzle=".len()..],
        _ => rest,
    };
    let id = id.strip_prefix("sudoku/").or_else(|| id.strip_prefix("puzzle/")).unwrap_or(id);
    let id = id.split(['?', '&', '#', ' ', '\t']).next().unwrap_or("");
    fpuzzles::percent_decode(id)
}

/// Reads one puzzle: a link or an id.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let id = puzzle_id(text);
    if id.is_empty() {
        return Err("the link names no puzzle (nothing after the host)".into());
    }
    let Some(prefix) = PREFIXES.iter().find(|p| id.starts_with(**p)) else {
        return Err(format!(
            "this is a short SudokuPad link ({id:?}): its puzzle lives on SudokuPad's server, which coverlab does \
             not contact; open it and copy the long link instead (a link whose id starts with scl, ctc or fpuz \
             carries the puzzle itself)"
        ));
    };
    let payload = &id[prefix.len()..];
    match *prefix {
        "scf" => Err("SudokuPad's compact classic form (scf…) is not read by coverlab".into()),
        "fpuzzles" | "fpuz" => {
            let json = decompress(payload)?;
            if !json.trim_start().starts_with('{') {
                return Err("the link's f-puzzles payload is not a JSON object".into());
            }
            fpuzzles::parse(&json).map_err(|e| format!("the f-puzzles puzzle in the link: {e}"))
        }
        _ => {
            let text = decompress(payload)?;
            let value = read_json(&text)?;
            match value {
                Value::Object(obj) => from_json(&obj),
                other => Err(format!("the puzzle is {}, expected a JSON object with \"cells\"", shown(&other))),
            }
        }
    }
}

/// The text of a payload: LZString's base64 decompressed (bounded by
/// [`fpuzzles::MAX_DECOMPRESSED`]), or the payload itself when it is JSON already.
fn decompress(payload: &str) -> Result<String, String> {
    if payload.trim_start().starts_with('{') {
        return Ok(payload.to_string());
    }
    fpuzzles::decompress_base64(payload).map_err(|e| match e {
        DecompressError::Corrupt => {
            "the link's payload is base64 but not LZString (SudokuPad's compression): cut short or damaged".into()
        }
        other => other.to_string(),
    })
}

/// SudokuPad's JSON, plain or zipped.
#[doc(hidden)]
pub fn read_json(text: &str) -> Result<Value, String> {
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        return Ok(v);
    }
    let unzipped = unzip(text);
    let mut value: Value =
        serde_json::from_str(&unzipped).map_err(|e| format!("not SudokuPad's JSON, plain or zipped: {e}"))?;
    expand_keys(&mut value)?;
    Ok(value)
}

/// SudokuPad's short key names and the names they stand for.
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Undoes the zipped form's text changes, giving JSON: single quotes for double ones, keys
/// without quotes, `{}` left out between `,`, `[` and `{`, `f`/`t` for false/true, colours without
/// `#` and quotes (`#0`, `#F`, `FF0000`). Strings are left as they are.
fn unzip(zipped: &str) -> String {
    let text: String = if zipped.contains('"') {
        zipped.to_string()
    } else {
        let mut out = String::with_capacity(zipped.len());
        let mut chars = zipped.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&'\'') => {
                    chars.next();
                    out.push('\'');
                }
                '\'' => out.push('"'),
                c => out.push(c),
            }
        }
        out
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '"' => {
                // A string, copied whole.
                out.push(c);
                i += 1;
                while i < chars.len() {
                    out.push(chars[i]);
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        out.push(chars[i + 1]);
                        i += 2;
                        continue;
                    }
                    i += 1;
                    if chars[i - 1] == '"' {
                        break;
                    }
                }
            }
            ',' | '{' | '[' => {
                out.push(c);
                i += 1;
                match chars.get(i) {
                    Some('}') if c == '{' => {}
                    Some(',' | '}' | ']') => out.push_str("{}"),
                    _ => {
                        let end =
                            chars[i..].iter().position(|c| !c.is_ascii_alphanumeric()).map_or(chars.len(), |p| i + p);
                        if end > i && chars.get(end) == Some(&':') {
                            out.push('"');
                            out.extend(&chars[i..end]);
                            out.push('"');
                            i = end;
                        }
                    }
                }
            }
            ':' => {
                out.push(c);
                i += 1;
                // The abridged values are at most 6 characters long.
                let end =
                    chars[i..].iter().take(7).position(|c| matches!(c, ',' | '}' | ']')).map_or(chars.len(), |p| i + p);
                let token: String = chars[i..end.min(chars.len())].iter().collect();
                let replaced = match token.as_str() {
                    "f" => Some("false".to_string()),
                    "t" => Some("true".to_string()),
                    "#0" => Some("\"#000000\"".to_string()),
                    "#F" => Some("\"#FFFFFF\"".to_string()),
                    hex if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => Some(format!("\"#{hex}\"")),
                    _ => None,
                };
                if let (Some(r), true) = (replaced, end < chars.len()) {
                    out.push_str(&r);
                    i = end;
                }
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Renames the zipped form's short keys to their full names, everywhere in `value`.
fn expand_keys(value: &mut Value) -> Result<(), String> {
    match value {
        Value::Array(items) => items.iter_mut().try_for_each(expand_keys),
        Value::Object(obj) => {
            let old = std::mem::take(obj);
            for (key, mut v) in old {
                expand_keys(&mut v)?;
                let key = KEYS.iter().find(|(short, _)| *short == key).map_or(key, |(_, long)| long.to_string());
                if obj.insert(key.clone(), v).is_some() {
                    return Err(format!("the zipped puzzle has \"{key}\" twice (once under its short name)"));
                }
            }
            Ok(())
        }
        Value::String(s) if s.len() == 6 && s.bytes().all(|b| b.is_ascii_hexdigit()) => {
            s.insert(0, '#');
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What marks the ends of a line kind, beside the line itself.
#[derive(Clone, Copy)]
enum Ends {
    /// Nothing.
    Bare,
    /// A round bulb under the first cell (an `underlays` or `overlays` item): its key, its
    /// background colour and its width.
    Bulb(&'static str, &'static str, f64),
    /// A white circle with a grey border over each end cell (f-puzzles' between line); the line
    /// stops short of their centres.
    Circles,
}

/// A line kind as the f-puzzles converters draw it in SudokuPad's JSON.
struct LineStyle {
    /// The kind, as messages name it.
    kind: &'static str,
    /// Words one of which the rules text holds (in lower case, `-` read as a space) when the
    /// puzzle has the kind, once the words of `unlike` are taken out of it.
    words: &'static [&'static str],
    /// Phrases that hold the words but name another kind (`slow thermo` for `thermo`).
    unlike: &'static [&'static str],
    /// The line's colour and thickness.
    color: &'static str,
    thickness: f64,
    ends: Ends,
    rule: fn(Vec<CellRef>) -> Rule,
}

/// The line kinds read from SudokuPad's JSON, as drawn by the converter SudokuPad itself uses
/// for f-puzzles puzzles (marktekfan/sudokupad-penpa-import, `src/sudokupad/fpuzzlesdecoder.js`:
/// `thermometer`, `palindrome` and `betweenline`, and every cosmetic `line` as `{color: outlineC,
/// thickness: 32 × width}`), fed by the cosmetic copies the f-puzzles solver plugins export for
/// their kinds (dclamage/SudokuSolver `UserScripts/fpuzzles-newconstraints.js`, commit
/// 226e55bba25e522ce0c1824f9187f8c866383d44, and the Fpuzzles-LockoutLines script: colour and
/// width of each kind). Parity lines have no such convention: a parity line stays untyped.
const LINE_STYLES: &[LineStyle] = &[
    LineStyle {
        kind: "thermometer",
        words: &["thermo"],
        unlike: &["slow thermo"],
        color: "#CFCFCF",
        thickness: 21.0,
        ends: Ends::Bulb("underlays", "#CFCFCF", 0.85),
        rule: |cells| Rule::Thermometer { cells },
    },
    LineStyle {
        kind: "palindrome",
        words: &["palindrom"],
        unlike: &[],
        color: "#CFCFCF",
        thickness: 16.0,
        ends: Ends::Bare,
        rule: |cells| Rule::Palindrome { cells },
    },
    LineStyle {
        kind: "renban line",
        words: &["renban"],
        unlike: &[],
        color: "#F067F0",
        thickness: 8.0,
        ends: Ends::Bare,
        rule: |cells| Rule::Renban { cells },
    },
    LineStyle {
        kind: "German whispers line",
        words: &["whisper"],
        unlike: &["dutch whisper"],
        color: "#67F067",
        thickness: 6.0,
        ends: Ends::Bare,
        rule: |cells| Rule::Whisper { cells, difference: None },
    },
    LineStyle {
        kind: "between line",
        words: &["between"],
        unlike: &[],
        color: "#CFCFCF",
        thickness: 2.0,
        ends: Ends::Circles,
        rule: |cells| Rule::Between { cells },
    },
    LineStyle {
        kind: "lockout line",
        words: &["lockout"],
        unlike: &[],
        color: "#006CBA",
        thickness: 6.4,
        ends: Ends::Bare,
        rule: |cells| Rule::Lockout { cells, difference: None },
    },
    LineStyle {
        kind: "entropic line",
        words: &["entropic"],
        unlike: &[],
        color: "#FFCCAA",
        thickness: 5.0,
        ends: Ends::Bare,
        rule: |cells| Rule::Entropic { cells },
    },
    LineStyle {
        kind: "modular line",
        words: &["modular"],
        unlike: &[],
        color: "#33BBBB",
        thickness: 5.0,
        ends: Ends::Bare,
        rule: |cells| Rule::Modular { cells, modulus: None },
    },
    LineStyle {
        kind: "zipper line",
        words: &["zipper"],
        unlike: &[],
        color: "#CDB1EC",
        thickness: 5.0,
        ends: Ends::Bare,
        rule: |cells| Rule::Zipper { cells },
    },
    LineStyle {
        kind: "region-sum line",
        words: &["region sum", "box sum"],
        unlike: &[],
        color: "#2ECBFF",
        thickness: 5.0,
        ends: Ends::Bare,
        rule: |cells| Rule::RegionSum { cells },
    },
    LineStyle {
        kind: "slow thermometer",
        words: &["slow thermo"],
        unlike: &[],
        color: "#6495ED",
        thickness: 9.6,
        ends: Ends::Bulb("overlays", "#6495ED", 0.8),
        rule: |cells| Rule::SlowThermometer { cells },
    },
];

/// True when the rules text (already lower case, `-` as spaces) names `style`'s kind.
fn named(rules_text: &str, style: &LineStyle) -> bool {
    let mut text = rules_text.to_string();
    for phrase in style.unlike {
        text = text.replace(phrase, " ");
    }
    style.words.iter().any(|w| text.contains(w))
}

/// A point `[row, col]` of SudokuPad's drawing (0 to n, cell centres at .5).
fn point(v: &Value) -> Option<(f64, f64)> {
    let pair = v.as_array().filter(|p| p.len() == 2)?;
    Some((pair[0].as_f64()?, pair[1].as_f64()?))
}

/// The cells a line's way points lie in, when each lies well inside a cell of the n×n grid
/// (not on a border or a corner) and no two in a row share one.
fn line_cells(points: &[(f64, f64)], n: usize) -> Option<Vec<CellRef>> {
    let mut cells: Vec<CellRef> = Vec::with_capacity(points.len());
    for &(r, c) in points {
        let inside = |x: f64| x > 0.0 && x < n as f64 && (0.05..=0.95).contains(&x.fract());
        if !inside(r) || !inside(c) {
            return None;
        }
        let cell = CellRef { row: r as usize + 1, col: c as usize + 1 };
        if cells.last() == Some(&cell) {
            return None;
        }
        cells.push(cell);
    }
    (cells.len() >= 2).then_some(cells)
}

fn same_color(v: Option<&Value>, color: &str) -> bool {
    v.and_then(Value::as_str).is_some_and(|c| c.eq_ignore_ascii_case(color))
}

fn near(v: Option<&Value>, x: f64) -> bool {
    v.and_then(Value::as_f64).is_some_and(|y| (y - x).abs() < 0.01)
}

/// The index of an unused item of `list` centred on `cell` that `looks` accepts.
fn shape_at(
    list: &[Value],
    used: &[bool],
    cell: CellRef,
    looks: impl Fn(&Map<String, Value>) -> bool,
) -> Option<usize> {
    let centre = (cell.row as f64 - 0.5, cell.col as f64 - 0.5);
    list.iter().enumerate().position(|(i, item)| {
        !used[i]
            && item.as_object().is_some_and(|o| {
                o.get("center")
                    .and_then(point)
                    .is_some_and(|(r, c)| (r - centre.0).abs() < 0.01 && (c - centre.1).abs() < 0.01)
                    && looks(o)
            })
    })
}

/// The lines of SudokuPad's JSON read as rules (see [`LINE_STYLES`]), marking the lines and the
/// end shapes they use in `used` (by key: `lines`, `overlays`, `underlays`). Returns the rules, and
/// for each kind drawn whose rules text does not name it, the kind and how many lines.
fn read_lines(
    obj: &Map<String, Value>,
    n: usize,
    rules_text: &str,
    used: &mut std::collections::BTreeMap<&'static str, Vec<bool>>,
) -> (Vec<Rule>, Vec<(&'static str, usize)>) {
    let empty = Vec::new();
    let list = |key: &str| obj.get(key).and_then(Value::as_array).unwrap_or(&empty);
    let mut rules = Vec::new();
    let mut unnamed: Vec<(&'static str, usize)> = Vec::new();
    for (i, line) in list("lines").iter().enumerate() {
        let Some(line) = line.as_object() else { continue };
        // Only the colour, the thickness and the way points: anything else drawn is not a kind.
        if line.keys().any(|k| !matches!(k.as_str(), "color" | "thickness" | "wayPoints")) {
            continue;
        }
        let Some(points) = line
            .get("wayPoints")
            .and_then(Value::as_array)
            .and_then(|ps| ps.iter().map(point).collect::<Option<Vec<_>>>())
        else {
            continue;
        };
        let Some(style) = LINE_STYLES
            .iter()
            .find(|s| same_color(line.get("color"), s.color) && near(line.get("thickness"), s.thickness))
        else {
            continue;
        };
        let Some(cells) = line_cells(&points, n) else { continue };
        let ends: Vec<(&'static str, usize)> = match style.ends {
            Ends::Bare => Vec::new(),
            Ends::Bulb(key, color, size) => {
                let found = shape_at(list(key), &used[key], cells[0], |o| {
                    same_color(o.get("backgroundColor"), color)
                        && o.get("rounded").and_then(Value::as_bool) == Some(true)
                        && near(o.get("width"), size)
                });
                match found {
                    Some(at) => vec![(key, at)],
                    None => continue,
                }
            }
            Ends::Circles => {
                let looks = |o: &Map<String, Value>| {
                    same_color(o.get("borderColor"), "#CFCFCF")
                        && same_color(o.get("backgroundColor"), "#FFFFFF")
                        && o.get("rounded").and_then(Value::as_bool) == Some(true)
                        && near(o.get("width"), 0.8)
                };
                let first = shape_at(list("overlays"), &used["overlays"], cells[0], looks);
                let mut mark = used["overlays"].clone();
                if let Some(at) = first {
                    mark[at] = true;
                }
                let last = shape_at(list("overlays"), &mark, cells[cells.len() - 1], looks);
                match (first, last) {
                    (Some(a), Some(b)) => vec![("overlays", a), ("overlays", b)],
                    _ => continue,
                }
            }
        };
        if !named(rules_text, style) {
            match unnamed.iter_mut().find(|(k, _)| *k == style.kind) {
                Some((_, count)) => *count += 1,
                None => unnamed.push((style.kind, 1)),
            }
            continue;
        }
        used.get_mut("lines").expect("a list per key")[i] = true;
        for (key, at) in ends {
            used.get_mut(key).expect("a list per key")[at] = true;
        }
        rules.push((style.rule)(cells));
    }
    (rules, unnamed)
}

/// Top-level keys that carry no rule.
const IGNORED: &[&str] = &["id", "cellSize", "metadata", "settings", "videos", "duration"];

/// Drawings SudokuPad types only by their looks: their rule cannot be read.
const DRAWINGS: &[(&str, &str)] =
    &[("lines", "line"), ("arrows", "arrow"), ("overlays", "overlay"), ("underlays", "underlay")];

/// Keys of a cell that carry no rule (the player's marks and colours).
const CELL_IGNORED: &[&str] = &["pencilMarks", "centremarks", "candidates", "color", "colour", "highlight"];

/// Keys of a cage that say how it looks.
const CAGE_STYLE: &[&str] =
    &["color", "borderColor", "backgroundColor", "textColor", "fontC", "outlineC", "opacity", "borderSize", "hidden"];

/// A `[row, col]` pair (0-based) of an n×n grid, as a cell.
fn cell_of(v: &Value, n: usize, what: &str) -> Result<CellRef, String> {
    let pair = v
        .as_array()
        .filter(|p| p.len() == 2)
        .ok_or_else(|| format!("{what}: {} is not a cell [row, col]", shown(v)))?;
    let top = n as u32 - 1;
    let row = whole(&pair[0], &format!("{what}: "), "row", 0, top)? as usize;
    let col = whole(&pair[1], &format!("{what}: "), "col", 0, top)? as usize;
    Ok(CellRef { row: row + 1, col: col + 1 })
}

fn cells_of(v: Option<&Value>, n: usize, what: &str) -> Result<Vec<CellRef>, String> {
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(list)) => list.iter().map(|c| cell_of(c, n, what)).collect(),
        Some(other) => Err(format!("{what}: \"cells\" is {}, expected a list of [row, col]", shown(other))),
    }
}

/// The grid's rows: its size and givens.
fn read_cells(obj: &Map<String, Value>) -> Result<(usize, Vec<u8>), String> {
    let rows = match obj.get("cells") {
        Some(Value::Array(rows)) => rows,
        Some(other) => return Err(format!("\"cells\" is {}, expected a list of rows", shown(other))),
        None => return Err("no \"cells\" (the grid's rows)".into()),
    };
    let n = rows.len();
    if !(1..=MAX_SIZE).contains(&n) {
        return Err(format!("the grid has {}, expected 1 to {MAX_SIZE}", count(n, "row")));
    }
    let mut values = vec![0u8; n * n];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().ok_or_else(|| format!("row {} is {}, expected a list of cells", r + 1, shown(row)))?;
        if row.len() != n {
            return Err(format!(
                "row {} has {}, but the grid has {n} rows: coverlab reads square grids only",
                r + 1,
                count(row.len(), "cell")
            ));
        }
        for (c, cell) in row.iter().enumerate() {
            let at = format!("r{}c{}: ", r + 1, c + 1);
            let cell = match cell {
                Value::Object(cell) => cell,
                Value::Null => continue,
                other => {
                    return Err(format!(
                        "{at}{} is not a cell (expected an object such as {{}} or {{\"value\":5}})",
                        shown(other)
                    ));
                }
            };
            for (key, v) in cell {
                match key.as_str() {
                    "value" if is_empty(v) || v.as_str().is_some_and(|s| s.trim().is_empty()) => {}
                    "value" => values[r * n + c] = whole(v, &at, key, 1, n as u32)? as u8,
                    _ if CELL_IGNORED.contains(&key.as_str()) || is_empty(v) => {}
                    _ => return Err(format!("{at}unknown key {key:?} in a cell (holding {})", shown(v))),
                }
            }
        }
    }
    Ok((n, values))
}

/// The rule of the grid's regions: none, the default boxes, or a jigsaw map.
fn read_regions(v: Option<&Value>, n: usize) -> Result<Option<Rule>, String> {
    let list = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(list)) if list.is_empty() => return Ok(None),
        Some(Value::Array(list)) => list,
        Some(other) => return Err(format!("\"regions\" is {}, expected a list of regions", shown(other))),
    };
    if list.len() != n {
        return Err(format!("the grid has {}, expected {n} (one per row of the grid)", count(list.len(), "region")));
    }
    let mut region_of: Vec<Option<usize>> = vec![None; n * n];
    for (k, region) in list.iter().enumerate() {
        let what = format!("region {}", k + 1);
        let cells = cells_of(Some(region), n, &what)?;
        if cells.len() != n {
            return Err(format!("{what} has {}, expected {n}", count(cells.len(), "cell")));
        }
        for c in cells {
            let slot = &mut region_of[(c.row - 1) * n + c.col - 1];
            if let Some(other) = slot {
                return Err(format!("{c} is in region {} and in region {}", *other + 1, k + 1));
            }
            *slot = Some(k);
        }
    }
    // n regions of n distinct cells cover the grid.
    let region_of: Vec<usize> = region_of.into_iter().map(|r| r.expect("n regions of n distinct cells")).collect();
    let (h, w) = box_shape(n);
    let boxed = |i: usize| (i / n / h) * (n / w) + (i % n) / w;
    // The regions are the boxes when each region lies in one box: both are n groups of n cells.
    let mut box_of_region: Vec<Option<usize>> = vec![None; n];
    let same_as_boxes = (0..n * n).all(|i| *box_of_region[region_of[i]].get_or_insert(boxed(i)) == boxed(i));
    if same_as_boxes {
        return Ok((h > 1).then_some(Rule::Boxes { rows: h, cols: w }));
    }
    const LETTERS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$";
    let map = (0..n).map(|r| (0..n).map(|c| LETTERS[region_of[r * n + c]] as char).collect()).collect();
    Ok(Some(Rule::Regions(map)))
}

/// True for a cage without cells holding `name: value` (SudokuPad's metadata: title, rules…).
fn is_metadata(cage: &Map<String, Value>) -> Option<(String, String)> {
    let text = cage.get("value")?.as_str()?;
    let (name, value) = text.split_once(':')?;
    (!name.is_empty() && !name.contains(' ')).then(|| (name.to_string(), value.trim().to_string()))
}

/// The puzzle's rules text (its `rules:` metadata cages and `metadata.rules`), in lower case with
/// `-` and runs of white space as one space, for [`named`].
fn rules_text(obj: &Map<String, Value>) -> String {
    let mut text = obj.get("metadata").and_then(|m| m.get("rules")).and_then(Value::as_str).unwrap_or("").to_string();
    for cage in obj.get("cages").and_then(Value::as_array).into_iter().flatten() {
        if let Some(cage) = cage.as_object()
            && cage.get("cells").is_none_or(is_empty)
            && let Some((name, value)) = is_metadata(cage)
            && name == "rules"
        {
            text.push(' ');
            text.push_str(&value);
        }
    }
    text.to_lowercase().replace('-', " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

#[doc(hidden)]
pub fn from_json(obj: &Map<String, Value>) -> Result<Parsed, String> {
    let (n, values) = read_cells(obj)?;
    let mut rules = vec![Rule::Rows, Rule::Columns];
    if let Some(rule) = read_regions(obj.get("regions"), n)? {
        rules.push(rule);
    }
    let mut title = obj.get("metadata").and_then(|m| m.get("title")).and_then(Value::as_str).map(str::to_string);
    let mut used: std::collections::BTreeMap<&'static str, Vec<bool>> = DRAWINGS
        .iter()
        .map(|(key, _)| (*key, vec![false; obj.get(*key).and_then(Value::as_array).map_or(0, Vec::len)]))
        .collect();
    let (lines, unnamed) = read_lines(obj, n, &rules_text(obj), &mut used);
    rules.extend(lines);
    let mut untyped: Vec<String> = Vec::new();
    let mut unsupported: Vec<String> = Vec::new();
    for (key, v) in obj {
        if is_empty(v) || IGNORED.contains(&key.as_str()) || key == "cells" || key == "regions" {
            continue;
        }
        if let Some((key, one)) = DRAWINGS.iter().find(|(k, _)| k == key) {
            let k = v.as_array().map_or(1, |_| used[key].iter().filter(|u| !**u).count());
            if k > 0 {
                untyped.push(count(k, one));
            }
            continue;
        }
        match key.as_str() {
            "cages" => {
                let list = v.as_array().ok_or_else(|| format!("\"cages\" is {}, expected a list", shown(v)))?;
                let mut drawn = 0usize;
                for (i, cage) in list.iter().enumerate() {
                    let what = format!("cage {}", i + 1);
                    let Value::Object(cage) = cage else {
                        return Err(format!("{what} is {}, expected an object", shown(cage)));
                    };
                    let cells = cells_of(cage.get("cells"), n, &what)?;
                    if cells.is_empty() {
                        if let Some((name, value)) = is_metadata(cage)
                            && name == "title"
                            && title.is_none()
                        {
                            title = Some(value);
                        }
                        continue; // metadata, or nothing: no cells, no rule
                    }
                    for (field, fv) in cage {
                        if !matches!(field.as_str(), "cells" | "value" | "sum" | "unique" | "style" | "type")
                            && !CAGE_STYLE.contains(&field.as_str())
                            && !is_empty(fv)
                        {
                            return Err(format!(
                                "{what}: field {field:?} is not one coverlab reads (it reads cells, value, sum, unique, \
                                 style); refused rather than dropped"
                            ));
                        }
                    }
                    let unique = match cage.get("unique") {
                        None | Some(Value::Null) => false,
                        Some(Value::Bool(b)) => *b,
                        Some(other) => {
                            return Err(format!("{what}: \"unique\" is {}, expected true or false", shown(other)));
                        }
                    };
                    let killer = cage.get("style").and_then(Value::as_str) == Some("killer");
                    if !unique && !killer {
                        drawn += 1;
                        continue;
                    }
                    let from_value = match cage.get("value") {
                        None | Some(Value::Null) => None,
                        Some(Value::String(s)) if s.trim().is_empty() => None,
                        Some(v) => Some(whole(v, &format!("{what}: "), "value", 0, u32::MAX).map_err(|e| {
                            format!("{e} (a cage's value is its sum; a clue of another kind is not read)")
                        })?),
                    };
                    let from_sum = match cage.get("sum") {
                        None | Some(Value::Null) => None,
                        Some(v) => Some(whole(v, &format!("{what}: "), "sum", 0, u32::MAX)?),
                    };
                    let sum = match (from_value, from_sum) {
                        (Some(a), Some(b)) if a != b => {
                            return Err(format!("{what}: its value {a} and its sum {b} differ"));
                        }
                        (a, b) => a.or(b),
                    };
                    rules.push(Rule::Cage { cells, sum });
                }
                if drawn > 0 {
                    untyped.push(format!("{} (neither \"unique\" nor style \"killer\")", count(drawn, "cage")));
                }
            }
            "global" => {
                let list = v.as_array().ok_or_else(|| format!("\"global\" is {}, expected a list", shown(v)))?;
                for flag in list {
                    match flag.as_str() {
                        Some("antiknight") => rules.push(Rule::AntiKnight),
                        Some("antiking") => rules.push(Rule::AntiKing),
                        Some("nonconsecutive") => rules.push(Rule::NonConsecutive),
                        _ => unsupported.push(format!("global {}", shown(flag))),
                    }
                }
            }
            _ => unsupported.push(match v.as_array() {
                Some(a) => format!("'{key}' ({} of them)", a.len()),
                None => format!("'{key}'"),
            }),
        }
    }
    if !unsupported.is_empty() {
        return Err(format!("SudokuPad {} not supported by coverlab", unsupported.join(", ")));
    }
    if !unnamed.is_empty() {
        let drawn: Vec<String> =
            unnamed.iter().map(|(kind, k)| format!("{} in the style of {kind}s", count(*k, "line"))).collect();
        return Err(format!(
            "{}, but the rules text does not name the kind: not read (a line is read as a rule only when its \
             drawing and the rules text agree)",
            drawn.join(", ")
        ));
    }
    if !untyped.is_empty() {
        return Err(format!(
            "{} whose rule is not typed (a thermometer, an arrow, a whisper, a dot…?): not read",
            untyped.join(", ")
        ));
    }
    let name = fpuzzles::prefixed_name("sudokupad", title.as_deref());
    let spec = Spec { name, summary: title.clone().unwrap_or_default(), size: n, symbols: None, rules };
    Ok(Parsed::with_spec(values, spec, title, Vec::new()))
}
