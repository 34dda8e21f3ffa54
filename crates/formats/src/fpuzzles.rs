//! f-puzzles: the format the variant sudoku community shares puzzles in. One puzzle per line:
//! its JSON object, an f-puzzles link (`https://f-puzzles.com/?load=…`), or the link's payload
//! (the JSON compressed with LZString's `compressToBase64`). Each puzzle brings its own spec
//! (size, boxes or regions, every constraint) in [`Parsed::spec`].
//!
//! Supported keys: `size`, `grid` (`value` with `given: true`, `region`), `killercage`,
//! `thermometer`, `arrow` (a one-cell circle), `difference` (white dots), `ratio` (black dots),
//! `xv`, `even`, `odd`, `whispers`, `renban`, `palindrome`, `littlekillersum`, `sandwichsum`,
//! `extraregion`, and the flags `diagonal+`, `diagonal-`, `antiknight`, `antiking`,
//! `nonconsecutive`, `disjointgroups`, `negative`. Metadata (`title`, `author`, `ruleset`,
//! `solution`, colours and pencil marks) is ignored. Anything else with content is refused by
//! name: a puzzle is never solved with one of its rules silently dropped.

use coverlab_model::spec::{CellRef, Mark, Rule, Spec};
use coverlab_model::{MAX_SIZE, Symbols};
use serde_json::{Map, Value};

use crate::error::FormatError;
use crate::source::Lines;
use crate::{Found, Parsed};
use std::io::BufRead;

/// The largest text a compressed payload may expand to: real puzzles are a few kilobytes.
pub const MAX_DECOMPRESSED: usize = 1 << 20;

/// True when `text` looks like an f-puzzles puzzle: a JSON object, a link, or a payload.
pub(crate) fn looks_like(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('{') || t.contains("f-puzzles.com") || t.contains("?load=") || t.starts_with("N4Ig")
}

/// The next puzzle: one non-blank line.
pub(crate) fn next<R: BufRead>(lines: &mut Lines<R>) -> Option<Found> {
    crate::one_per_line(lines, parse, |line, message| FormatError::Fpuzzles { line, message })
}

/// Reads one puzzle (JSON, link or payload).
pub fn parse(text: &str) -> Result<Parsed, String> {
    let t = text.trim();
    let json = if t.starts_with('{') {
        t.to_string()
    } else {
        let payload = match t.split_once("load=") {
            Some((_, rest)) => rest.split(['&', '#', ' ']).next().unwrap_or(""),
            None => t,
        };
        let payload = percent_decode(payload);
        decompress_base64(&payload).ok_or("the link's payload is not LZString base64 (f-puzzles' compression)")?
    };
    let value: Value = serde_json::from_str(&json).map_err(|e| format!("not f-puzzles JSON: {e}"))?;
    let obj = value.as_object().ok_or("an f-puzzles puzzle is a JSON object")?;
    from_json(obj)
}

fn percent_decode(s: &str) -> String {
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

/// LZString's `decompressFromBase64`, with the output bounded by [`MAX_DECOMPRESSED`] (a
/// hostile payload could otherwise expand quadratically). `None` when it is not a payload.
pub fn decompress_base64(input: &str) -> Option<String> {
    const KEY: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let values: Vec<u32> =
        input.bytes().map(|c| KEY.iter().position(|&k| k == c).map(|p| p as u32)).collect::<Option<_>>()?;
    if values.is_empty() {
        return None;
    }
    let reset = 32u32;
    let (mut val, mut position, mut index) = (values[0], reset, 1usize);
    let mut read = |bits: u32| -> Option<u32> {
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
                return None;
            }
            out |= u32::from(bit > 0) << power;
        }
        Some(out)
    };
    let mut dict: Vec<Vec<u16>> = vec![vec![], vec![], vec![]];
    let first = match read(2)? {
        0 => read(8)? as u16,
        1 => read(16)? as u16,
        _ => return Some(String::new()),
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
            2 => return String::from_utf16(&result).ok(),
            _ => {}
        }
        if enlarge == 0 {
            enlarge = 1 << bits;
            bits += 1;
            if bits > 24 {
                return None;
            }
        }
        let entry = if c < dict.len() {
            dict[c].clone()
        } else if c == dict.len() {
            let mut e = w.clone();
            e.push(w[0]);
            e
        } else {
            return None;
        };
        result.extend_from_slice(&entry);
        if result.len() > MAX_DECOMPRESSED {
            return None;
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
                return None;
            }
        }
    }
}

/// Keys that carry no rule.
const IGNORED: &[&str] = &["title", "author", "ruleset", "solution", "highlight", "version", "cellSize"];

fn from_json(obj: &Map<String, Value>) -> Result<Parsed, String> {
    let n = obj.get("size").and_then(Value::as_u64).ok_or("no \"size\" (a whole number)")? as usize;
    if !(1..=MAX_SIZE).contains(&n) {
        return Err(format!("size {n} is out of range (1 to {MAX_SIZE})"));
    }
    let cell = |v: &Value| -> Result<CellRef, String> {
        let s = v.as_str().ok_or_else(|| format!("{v} is not a cell like \"R1C1\""))?;
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
        match v {
            Some(Value::String(s)) => s.trim().parse().map_err(|_| format!("{what}: {s:?} is not a whole number")),
            Some(Value::Number(x)) => x
                .as_u64()
                .and_then(|x| u32::try_from(x).ok())
                .ok_or_else(|| format!("{what}: {x} is not a whole number")),
            _ => Err(format!("{what}: no value")),
        }
    };
    let list = |key: &str| -> &[Value] { obj.get(key).and_then(Value::as_array).map_or(&[], Vec::as_slice) };
    let flag = |key: &str| obj.get(key).and_then(Value::as_bool).unwrap_or(false);
    let mut rules = vec![Rule::Rows, Rule::Columns];
    let mut values = vec![0u8; n * n];
    // The grid: givens and regions.
    let grid = obj.get("grid").and_then(Value::as_array).ok_or("no \"grid\"")?;
    if grid.len() != n {
        return Err(format!("the grid has {} rows, expected {n}", grid.len()));
    }
    let mut regions = vec![None::<u64>; n * n];
    for (r, row) in grid.iter().enumerate() {
        let row = row.as_array().ok_or_else(|| format!("row {} of the grid is not a list", r + 1))?;
        if row.len() != n {
            return Err(format!("row {} of the grid has {} cells, expected {n}", r + 1, row.len()));
        }
        for (c, x) in row.iter().enumerate() {
            let Some(x) = x.as_object() else { continue };
            if x.get("given").and_then(Value::as_bool).unwrap_or(false)
                && let Some(v) = x.get("value").and_then(Value::as_u64)
            {
                if v == 0 || v as usize > n {
                    return Err(format!("r{}c{}: the given {v} is out of range 1 to {n}", r + 1, c + 1));
                }
                values[r * n + c] = v as u8;
            }
            regions[r * n + c] = x.get("region").and_then(Value::as_u64);
        }
    }
    if regions.iter().any(Option::is_some) {
        const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$";
        // Cells without a region keep their default box's.
        let (h, w) = box_shape(n);
        let map: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let k = regions[r * n + c].unwrap_or(((r / h) * (n / w) + c / w) as u64) as usize;
                        *LETTERS.get(k).unwrap_or(&b'?') as char
                    })
                    .collect()
            })
            .collect();
        rules.push(Rule::Regions(map));
    } else if n > 1 {
        let (h, w) = box_shape(n);
        if h > 1 {
            rules.push(Rule::Boxes { rows: h, cols: w });
        }
    }
    let mut unsupported: Vec<String> = Vec::new();
    for (key, v) in obj {
        let empty = match v {
            Value::Null => true,
            Value::Bool(b) => !b,
            Value::Array(a) => a.is_empty(),
            _ => false,
        };
        if empty || IGNORED.contains(&key.as_str()) || key == "size" || key == "grid" {
            continue;
        }
        match key.as_str() {
            "killercage" => {
                for c in list(key) {
                    let cage = cells(c.get("cells"), "killercage")?;
                    let sum = match c.get("value") {
                        None | Some(Value::Null) => None,
                        Some(Value::String(s)) if s.trim().is_empty() => None,
                        v => Some(number(v, "killercage")?),
                    };
                    rules.push(Rule::Cage { cells: cage, sum });
                }
            }
            "thermometer" | "whispers" | "renban" | "palindrome" => {
                for t in list(key) {
                    for line in t.get("lines").and_then(Value::as_array).ok_or_else(|| format!("{key}: no lines"))? {
                        let cells = cells(Some(line), key)?;
                        rules.push(match key.as_str() {
                            "thermometer" => Rule::Thermometer { cells },
                            "whispers" => Rule::Whisper { cells, difference: None },
                            "renban" => Rule::Renban { cells },
                            _ => Rule::Palindrome { cells },
                        });
                    }
                }
            }
            "arrow" => {
                for a in list(key) {
                    let circle = cells(a.get("cells"), "arrow")?;
                    if circle.len() != 1 {
                        return Err(format!(
                            "an arrow with a circle of {} cells (a pill) is not supported",
                            circle.len()
                        ));
                    }
                    for line in a.get("lines").and_then(Value::as_array).ok_or("arrow: no lines")? {
                        let mut line = cells(Some(line), "arrow")?;
                        if line.first() == Some(&circle[0]) {
                            line.remove(0);
                        }
                        rules.push(Rule::Arrow { circle: circle[0], line });
                    }
                }
            }
            "difference" | "ratio" | "xv" => {
                for d in list(key) {
                    let cells = cells(d.get("cells"), key)?;
                    let value = d
                        .get("value")
                        .and_then(|v| v.as_str().map(str::to_string).or(v.as_u64().map(|x| x.to_string())));
                    let rule = match (key.as_str(), value.as_deref()) {
                        ("difference", None | Some("") | Some("1")) => Rule::WhiteDot { cells },
                        ("ratio", None | Some("") | Some("2")) => Rule::BlackDot { cells },
                        ("xv", Some("X" | "x")) => Rule::X { cells },
                        ("xv", Some("V" | "v")) => Rule::V { cells },
                        (_, v) => {
                            return Err(format!("{key} with value {:?} is not supported", v.unwrap_or("")));
                        }
                    };
                    rules.push(rule);
                }
            }
            "even" | "odd" => {
                let cells = list(key)
                    .iter()
                    .map(|e| cell(e.get("cell").unwrap_or(&Value::Null)))
                    .collect::<Result<Vec<_>, _>>()?;
                rules.push(if key == "even" { Rule::Even { cells } } else { Rule::Odd { cells } });
            }
            "extraregion" => {
                for (i, e) in list(key).iter().enumerate() {
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
                for l in list(key) {
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
                for s in list(key) {
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
            "diagonal+" | "diagonal-" => {}
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
                for m in list(key) {
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
    match (flag("diagonal+"), flag("diagonal-")) {
        (true, true) => rules.push(Rule::Diagonals),
        (plus, minus) => {
            if minus {
                let cells = (1..=n).map(|i| CellRef { row: i, col: i }).collect();
                rules.push(Rule::House { name: "main diagonal".into(), cells });
            }
            if plus {
                let cells = (1..=n).map(|i| CellRef { row: n + 1 - i, col: i }).collect();
                rules.push(Rule::House { name: "anti-diagonal".into(), cells });
            }
        }
    }
    if !unsupported.is_empty() {
        return Err(format!("f-puzzles constraint {} not supported by coverlab", unsupported.join(", ")));
    }
    let title = obj.get("title").and_then(Value::as_str).map(str::to_string);
    let name = spec_name(title.as_deref());
    let spec = Spec { name, summary: title.clone().unwrap_or_default(), size: n, symbols: None, rules };
    Ok(Parsed { size: n, values, symbols: Symbols::default_for(n), title, comment: None, spec: Some(Box::new(spec)) })
}

/// A clue cell written outside the grid, `R0C3`, as signed row and column.
fn outside_cell(s: &str) -> Result<(i64, i64), String> {
    let bad = || format!("{s:?} is not a cell like \"R0C3\"");
    let rest = s.strip_prefix(['R', 'r']).ok_or_else(bad)?;
    let (r, c) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
    Ok((r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?))
}

/// The box shape f-puzzles uses for size n: rows the largest divisor of n up to √n.
fn box_shape(n: usize) -> (usize, usize) {
    let h = (1..=n).filter(|&h| h * h <= n && n.is_multiple_of(h)).max().unwrap_or(1);
    (h, n / h)
}

/// A kebab-case spec name from the puzzle's title.
fn spec_name(title: Option<&str>) -> String {
    let mut name = String::from("fpuzzles");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killer_json_maps_to_cages() {
        let text = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R4C4"]}],"title":"Tiny #1"}"#;
        let p = parse(text).unwrap();
        let spec = p.spec.unwrap();
        assert_eq!(spec.name, "fpuzzles-tiny-1");
        assert_eq!(p.values[0], 1);
        assert!(spec.rules.contains(&Rule::Boxes { rows: 2, cols: 2 }));
        assert!(spec.rules.iter().any(|r| matches!(r, Rule::Cage { sum: Some(3), .. })));
        assert!(spec.rules.iter().any(|r| matches!(r, Rule::Cage { sum: None, .. })));
    }

    #[test]
    fn unknown_constraints_are_named_not_dropped() {
        let text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"quadruple":[{"cells":["R1C1"]}],"clone":[]}"#;
        let e = parse(text).unwrap_err();
        assert!(e.contains("'quadruple' (1 of them)"), "{e}");
        assert!(!e.contains("clone"), "an empty list holds no rule: {e}");
    }

    #[test]
    fn little_killer_and_sandwich_clues_outside_the_grid() {
        let text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"7"}],"sandwichsum":[{"cell":"R0C2","value":"0"},{"cell":"R3C5","value":"2"}]}"#;
        let spec = parse(text).unwrap().spec.unwrap();
        let lk = spec
            .rules
            .iter()
            .find_map(|r| if let Rule::LittleKiller { cells, .. } = r { Some(cells.clone()) } else { None });
        assert_eq!(lk.unwrap().iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["r1c2", "r2c3", "r3c4"]);
        assert!(spec.rules.contains(&Rule::Sandwich { row: None, column: Some(2), sum: 0 }));
        assert!(spec.rules.contains(&Rule::Sandwich { row: Some(3), column: None, sum: 2 }));
    }

    #[test]
    fn lz_payloads_and_links_decompress() {
        // LZString.compressToBase64('{"size":4}') as computed by the reference implementation.
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
        let payload = lz_str::compress_to_base64(json);
        assert_eq!(decompress_base64(&payload).as_deref(), Some(json));
        let link = format!("https://f-puzzles.com/?load={}", payload.replace('+', "%2B"));
        assert_eq!(parse(&link).unwrap().size, 4);
        assert!(decompress_base64("not*base64").is_none());
    }
}
