//! f-puzzles JSON, structure-aware: the bytes choose a puzzle object (size, cells, flags, a few
//! constraints) whose fields take every type a file written by hand or by another tool may hold
//! (numbers as strings or floats, negative or huge, booleans as words, lists where objects go,
//! unknown keys). Whatever is read: no panic; a puzzle read has its given values, in range, and
//! a spec that compiles or is refused with a message; a given written plainly (a number in range
//! with `"given": true`) is never dropped; a flag whose value does not mean true is never read as on.
#![no_main]

use coverlab_formats::fpuzzles;
use coverlab_model::{Model, Rule};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value, json};

/// The fuzz bytes, read one choice at a time (0 once they run out).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
}

/// A number as one of the shapes files hold it in; `plain` when it is an ordinary number.
fn number(b: &mut Bytes<'_>, v: i64) -> (Value, bool) {
    match b.next() % 10 {
        0..=3 => (json!(v), true),
        4 => (json!(v.to_string()), false),
        5 => (json!(v as f64), false),
        6 => (json!(v as f64 + 0.5), false),
        7 => (json!(-v), false),
        8 => (json!(1_000_000_000_000_000_000u64), false),
        _ => (json!([v]), false),
    }
}

/// A boolean in some shape, and what it means where that is unambiguous (`true`, `"true"`).
fn boolean(b: &mut Bytes<'_>) -> (Value, Option<bool>) {
    match b.next() % 8 {
        0 | 1 => (json!(true), Some(true)),
        2 => (json!(false), Some(false)),
        3 => (json!("true"), Some(true)),
        4 => (json!("no"), None),
        5 => (json!(1), None),
        6 => (Value::Null, None),
        _ => (json!("yes"), None),
    }
}

fn cell_name(b: &mut Bytes<'_>, n: usize) -> Value {
    let (r, c) = (usize::from(b.next()) % (n + 2), usize::from(b.next()) % (n + 2));
    match b.next() % 6 {
        0 => json!(format!("r{r}c{c}")),
        1 => json!([r, c]),
        _ => json!(format!("R{r}C{c}")),
    }
}

fn cells(b: &mut Bytes<'_>, n: usize) -> Value {
    let k = usize::from(b.next() % 5);
    Value::Array((0..k).map(|_| cell_name(b, n)).collect())
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let n = [4usize, 6, 9][usize::from(b.next() % 3)];
    let mut plain_givens = Vec::new();
    let mut grid = Vec::new();
    for r in 0..n {
        let mut row = Vec::new();
        for c in 0..n {
            let choice = b.next();
            row.push(match choice % 8 {
                0..=3 => json!({}),
                4 | 5 => {
                    let v = i64::from(b.next()) % (n as i64 + 2);
                    let (value, plain_value) = number(&mut b, v);
                    let (given, _) = boolean(&mut b);
                    if plain_value && given == json!(true) && (1..=n as i64).contains(&v) {
                        plain_givens.push((r * n + c, v as u8));
                    }
                    json!({"value": value, "given": given})
                }
                6 => {
                    let region = i64::from(b.next() % 12);
                    json!({"region": number(&mut b, region).0})
                }
                _ => match b.next() % 3 {
                    0 => json!(3),
                    1 => json!({"centerPencilMarks": [1, 2], "c": "#fff"}),
                    _ => json!({"mystery": 1}),
                },
            });
        }
        grid.push(Value::Array(row));
    }
    let mut puzzle = Map::new();
    puzzle.insert("size".into(), if b.next() % 16 == 0 { json!(n.to_string()) } else { json!(n) });
    puzzle.insert("grid".into(), Value::Array(grid));
    let mut flags = Vec::new();
    for flag in ["antiknight", "antiking", "diagonal+", "diagonal-", "nonconsecutive"] {
        if b.next() % 4 == 0 {
            let (value, means) = boolean(&mut b);
            flags.push((flag, means));
            puzzle.insert(flag.into(), value);
        }
    }
    for _ in 0..b.next() % 4 {
        let (key, item) = match b.next() % 6 {
            0 => {
                let sum = i64::from(b.next());
                ("killercage", json!({"cells": cells(&mut b, n), "value": number(&mut b, sum).0}))
            }
            1 => ("thermometer", json!({"lines": [cells(&mut b, n)]})),
            2 => ("arrow", json!({"cells": cells(&mut b, n), "lines": [cells(&mut b, n)]})),
            3 => {
                let mark = ["X", "V", "x", "Q"][usize::from(b.next() % 4)];
                ("xv", json!({"cells": cells(&mut b, n), "value": mark}))
            }
            4 => ("difference", json!({"cells": cells(&mut b, n), "value": number(&mut b, 1).0})),
            _ => ("littlekillersum", json!({"cell": cell_name(&mut b, n), "direction": "DR", "value": number(&mut b, 10).0})),
        };
        let list = puzzle.entry(key).or_insert_with(|| json!([]));
        if let Value::Array(list) = list {
            list.push(item);
        }
    }
    let text = Value::Object(puzzle).to_string();
    let Ok(parsed) = fpuzzles::parse(&text) else { return };
    assert_eq!(parsed.size, n);
    assert_eq!(parsed.values.len(), n * n);
    assert!(parsed.values.iter().all(|&v| usize::from(v) <= n), "a value out of range was read");
    for &(cell, v) in &plain_givens {
        assert_eq!(parsed.values[cell], v, "a plainly written given was dropped: {text}");
    }
    let spec = parsed.spec.expect("an f-puzzles puzzle brings its spec");
    for (flag, means) in flags {
        let on = match flag {
            "antiknight" => spec.rules.contains(&Rule::AntiKnight),
            "antiking" => spec.rules.contains(&Rule::AntiKing),
            "nonconsecutive" => spec.rules.contains(&Rule::NonConsecutive),
            _ => continue,
        };
        assert!(!on || means == Some(true), "{flag} read as on from a value that does not mean true: {text}");
    }
    let _ = Model::compile(*spec);
});
