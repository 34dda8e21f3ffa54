//! Interactive Sudoku Solver constraint strings, structure-aware: the bytes choose constraints
//! (names read and refused, a few unknown), arguments (cells inside, outside and beside the
//! grid, sums and values in and out of range, layouts) and separators, sometimes a plain grid
//! first. Whatever is read: no panic; a puzzle read has its values in range and a spec that
//! compiles (the reader checks it); a single given written plainly on a fresh cell is never
//! dropped; an error names a constraint of the string, or none.
#![no_main]

use coverlab_formats::iss;
use coverlab_model::Model;
use libfuzzer_sys::fuzz_target;

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

    fn pick<'s>(&mut self, from: &[&'s str]) -> &'s str {
        from[usize::from(self.next()) % from.len()]
    }
}

/// Names beside those the reader reads: the givens' empty name, names it refuses, a misspelling.
/// The rest come from `iss::SUPPORTED`, so a kind the reader learns is fuzzed without a change
/// here (a copy of that list here had already missed eight of them).
const OTHER_NAMES: &[&str] = &["", "Or", "End", "Var", "Cagee"];

const SHAPES: &[&str] = &["4x4", "6x6", "9x9", "16x16", "6x9", "9x9~0-8", "7x7", "9x9~~Raw", "x"];

/// One argument: a cell (often in the grid), a value id, a number, a row or column, a layout.
fn arg(b: &mut Bytes<'_>, n: usize) -> String {
    const CHARS: &[u8] = b"123456789abcdefgh0";
    let cell = |b: &mut Bytes<'_>| {
        let r = CHARS[usize::from(b.next()) % (n + 2).min(CHARS.len())] as char;
        let c = CHARS[usize::from(b.next()) % (n + 2).min(CHARS.len())] as char;
        format!("R{r}C{c}")
    };
    match b.next() % 10 {
        0..=3 => cell(b),
        4 => format!("{}_{}", cell(b), b.next() % 18),
        5 => (i32::from(b.next()) - 20).to_string(),
        6 => format!("{}{}", if b.next() % 2 == 0 { 'R' } else { 'C' }, b.next() % 18),
        7 => {
            let len = [n * n, n * n + 1, 3][usize::from(b.next() % 3)];
            (0..len).map(|k| char::from(b'0' + ((k / n + b.next() as usize % 2) % 10) as u8)).collect()
        }
        8 => b.pick(SHAPES).to_string(),
        _ => "VA1".to_string(),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let shape = b.pick(SHAPES);
    let n = match shape {
        "4x4" => 4,
        "6x6" => 6,
        "16x16" => 16,
        _ => 9,
    };
    let mut text = String::new();
    if b.next() % 8 == 0 {
        let cells = if b.next() % 2 == 0 { n * n } else { 81 };
        text.extend((0..cells).map(|_| if b.next() % 4 == 0 { '1' } else { '.' }));
        text.push(' ');
    }
    // On a grid whose values start at 0 (`9x9~0-8`) every value is read one higher.
    let mut offset = 0;
    if b.next() % 2 == 0 {
        text.push_str(&format!(".Shape~{shape}"));
        offset = u8::from(shape.contains("~0-"));
    }
    // A plain given on r1c1, when the bytes ask for one: it must be kept.
    let plain = (b.next() % 4 == 0).then(|| 1 + b.next() % n as u8);
    if let Some(v) = plain {
        text.push_str(&format!(".~R1C1_{v}"));
    }
    for _ in 0..b.next() % 8 {
        let name = if b.next() % 4 == 0 { b.pick(OTHER_NAMES) } else { b.pick(iss::SUPPORTED) };
        text.push('.');
        text.push_str(name);
        for _ in 0..b.next() % 5 {
            text.push(if b.next() % 16 == 0 { ' ' } else { '~' });
            text.push_str(&arg(&mut b, n));
        }
    }
    let _ = iss::looks_like(&text);
    match iss::parse(&text) {
        Ok(p) => {
            assert!(p.values.iter().all(|&v| usize::from(v) <= p.size), "{text}");
            let spec = p.spec.expect("an ISS puzzle brings its spec");
            if let Some(v) = plain {
                // Another given of r1c1 may narrow it (to an error), never replace it.
                assert_eq!(p.values[0], v + offset, "{text}");
            }
            assert!(Model::compile(*spec).is_ok(), "{text}");
        }
        Err(e) => {
            let constraints = text.matches('.').count();
            if let Some(at) = &e.at {
                assert!((1..=constraints).contains(&at.number), "{text}: {e}");
            }
        }
    }
});
