//! Every f-puzzles field written with another type: real puzzles re-encoded with numbers as
//! strings or floats, booleans as strings, unknown keys and values of the wrong type must each
//! read to exactly the puzzle the original reads to (values, size and rules), or be refused;
//! never read as another puzzle.

use coverlab_formats::fpuzzles::parse;
use proptest::prelude::*;
use serde_json::{Map, Number, Value};

/// Real puzzles: the TAREK killers, and a 4×4 holding a given, a region and every constraint
/// kind the reader knows.
fn originals() -> Vec<Value> {
    let killers = include_str!("../../../../tests/data/variants/killer_tarek_27_6_30.jsonl");
    let mut all: Vec<Value> = killers.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let four = r##"{"size":4,"title":"every kind","grid":[[{"value":1,"given":true,"region":0},{"region":0,"centerPencilMarks":[2,3]},{},{}],[{"region":0},{"region":0},{"value":3,"given":true},{}],[{},{},{},{"c":"#FF0000"}],[{},{},{},{"value":4}]],"antiknight":false,"diagonal-":true,"killercage":[{"cells":["R4C1","R4C2"],"value":"7"},{"cells":["R3C3"]}],"thermometer":[{"lines":[["R2C1","R3C1"]]}],"arrow":[{"cells":["R1C4"],"lines":[["R1C4","R2C4"]]}],"difference":[{"cells":["R3C2","R3C3"]}],"ratio":[{"cells":["R2C2","R2C3"],"value":2}],"xv":[{"cells":["R4C3","R4C4"],"value":"V"}],"even":[{"cell":"R3C4"}],"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"6"}],"sandwichsum":[{"cell":"R0C3","value":0}],"negative":[]}"##;
    all.push(serde_json::from_str(four).unwrap());
    all
}

/// The number of values in `v`, itself included.
fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count).sum(),
        Value::Object(o) => o.values().map(count).sum(),
        _ => 0,
    }
}

/// The `k`-th value of `v` in pre-order.
fn nth(v: &mut Value, k: usize) -> Option<&mut Value> {
    if k == 0 {
        return Some(v);
    }
    let mut k = k - 1;
    let children: Vec<&mut Value> = match v {
        Value::Array(a) => a.iter_mut().collect(),
        Value::Object(o) => o.values_mut().collect(),
        _ => return None,
    };
    for child in children {
        let size = count(child);
        if k < size {
            return nth(child, k);
        }
        k -= size;
    }
    None
}

/// Rewrites one value in another type or shape; `kind` picks how.
fn mutate(v: &mut Value, kind: u8) {
    let new = match (kind, &*v) {
        (0, Value::Number(x)) => Value::String(x.to_string()),
        (1, Value::Number(x)) => x.as_f64().and_then(Number::from_f64).map_or(Value::Null, Value::Number),
        (2, Value::Bool(b)) => Value::String(b.to_string()),
        (3, Value::String(s)) if s.parse::<u64>().is_ok() => Value::Number(s.parse::<u64>().unwrap().into()),
        (4, Value::Number(x)) => Value::Number((-x.as_i64().unwrap_or(1)).into()),
        (5, Value::Number(_)) => Value::Number(1_000_000_000_000_000_000u64.into()),
        (6, Value::Object(o)) => {
            let mut o: Map<String, Value> = o.clone();
            o.insert("unknownKey".into(), Value::Number(1.into()));
            Value::Object(o)
        }
        (7, _) => Value::String("garbage".into()),
        (8, x) => Value::Array(vec![x.clone()]),
        (9, Value::String(s)) => Value::String(format!(" {s} ")),
        (10, Value::Bool(b)) => Value::Number(u64::from(*b).into()),
        _ => return,
    };
    if new != Value::Null {
        *v = new;
    }
}

/// What a puzzle reads to, its title aside: size, values and rules.
fn read(json: &Value) -> Result<(usize, Vec<u8>, Vec<coverlab_model::spec::Rule>), String> {
    let p = parse(&json.to_string())?;
    Ok((p.size, p.values, p.spec.expect("f-puzzles brings its spec").rules))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
    #[test]
    fn a_re_encoded_puzzle_reads_the_same_or_is_refused(
        which in 0usize..4,
        edits in proptest::collection::vec((any::<usize>(), 0u8..11), 1..6),
    ) {
        let all = originals();
        let original = &all[which % all.len()];
        let want = read(original).expect("the originals read");
        let mut json = original.clone();
        for (at, kind) in edits {
            let k = at % count(&json);
            if let Some(v) = nth(&mut json, k) {
                mutate(v, kind);
            }
        }
        if let Ok(got) = read(&json) {
            prop_assert_eq!(got, want, "{} read as another puzzle", json);
        }
    }
}

#[test]
fn every_field_re_encoded_alone_reads_the_same_or_is_refused() {
    // Exhaustive over one edit: each value of each original, each kind of edit.
    for original in originals() {
        let want = read(&original).unwrap();
        for k in 0..count(&original) {
            for kind in 0..11 {
                let mut json = original.clone();
                mutate(nth(&mut json, k).unwrap(), kind);
                if let Ok(got) = read(&json) {
                    assert_eq!(got, want, "{json} read as another puzzle");
                }
            }
        }
    }
}
