//! The specs that ship inside the binary: the files of `specs/`, plus a size rule that makes
//! `classic-NxN` for every other n up to [`crate::MAX_SIZE`] with a box shape.

use crate::spec::{Rule, Spec, SpecError};
use crate::{MAX_SIZE, Model};

/// The built-in spec files, as (name, RON text).
pub const FILES: &[(&str, &str)] = &[
    ("classic-4x4", include_str!("../../../specs/classic-4x4.ron")),
    ("classic-6x6", include_str!("../../../specs/classic-6x6.ron")),
    ("classic-9x9", include_str!("../../../specs/classic-9x9.ron")),
    ("classic-12x12", include_str!("../../../specs/classic-12x12.ron")),
    ("classic-16x16", include_str!("../../../specs/classic-16x16.ron")),
    ("classic-25x25", include_str!("../../../specs/classic-25x25.ron")),
    ("classic-36x36", include_str!("../../../specs/classic-36x36.ron")),
    ("x-sudoku-9x9", include_str!("../../../specs/x-sudoku-9x9.ron")),
    ("windoku-9x9", include_str!("../../../specs/windoku-9x9.ron")),
    ("anti-knight-9x9", include_str!("../../../specs/anti-knight-9x9.ron")),
    ("anti-king-9x9", include_str!("../../../specs/anti-king-9x9.ron")),
    ("jigsaw-9x9", include_str!("../../../specs/jigsaw-9x9.ron")),
    ("killer-9x9-example", include_str!("../../../specs/killer-9x9-example.ron")),
];

/// The box shape the size rule gives size `n`: the most nearly square `rows × cols = n` with
/// `rows ≤ cols` and `rows ≥ 2`; `None` for 1, primes, and sizes beyond the maximum.
pub fn box_shape(n: usize) -> Option<(usize, usize)> {
    if n > MAX_SIZE {
        return None;
    }
    (2..=n).take_while(|r| r * r <= n).filter(|r| n.is_multiple_of(*r)).last().map(|r| (r, n / r))
}

/// The `classic-NxN` spec of the size rule, for n with a box shape.
pub fn classic(n: usize) -> Option<Spec> {
    let (rows, cols) = box_shape(n)?;
    Some(Spec {
        name: format!("classic-{n}x{n}"),
        summary: format!("{n}×{n} sudoku: rows, columns and {rows}×{cols} boxes (size rule)"),
        size: n,
        symbols: None,
        rules: vec![Rule::Rows, Rule::Columns, Rule::Boxes { rows, cols }],
    })
}

/// Parses `classic-NxN`.
fn classic_size(name: &str) -> Option<usize> {
    let dims = name.strip_prefix("classic-")?;
    let (a, b) = dims.split_once('x')?;
    let n: usize = a.parse().ok()?;
    (a == b && a.len() <= 3).then_some(n)
}

/// The built-in spec of that name: a file of `specs/`, or the `classic-NxN` size rule.
/// `None` when no built-in has the name.
pub fn load(name: &str) -> Option<Result<Model, SpecError>> {
    if let Some((_, text)) = FILES.iter().find(|(n, _)| *n == name) {
        return Some(Model::from_ron(text, &format!("specs/{name}.ron")));
    }
    let n = classic_size(name)?;
    Some(match classic(n) {
        Some(spec) => Model::compile(spec),
        None => Err(SpecError::invalid(
            name,
            format!(
                "no classic spec of size {n}: the size rule needs 4 ≤ n ≤ {MAX_SIZE} with a box shape (n not prime)"
            ),
            None,
        )),
    })
}

/// The built-in spec that fits a puzzle of `cells` cells: `classic-NxN` for n² = cells.
pub fn for_cell_count(cells: usize) -> Option<&'static str> {
    let n = (cells as f64).sqrt().round() as usize;
    if n * n != cells || box_shape(n).is_none() {
        return None;
    }
    Some(match n {
        4 => "classic-4x4",
        6 => "classic-6x6",
        9 => "classic-9x9",
        12 => "classic-12x12",
        16 => "classic-16x16",
        25 => "classic-25x25",
        36 => "classic-36x36",
        _ => return rule_name(n),
    })
}

/// Names produced by the size rule, interned once.
fn rule_name(n: usize) -> Option<&'static str> {
    use std::sync::OnceLock;
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| (0..=MAX_SIZE).map(|n| format!("classic-{n}x{n}")).collect());
    box_shape(n).map(|_| names[n].as_str())
}

/// The names listed by `coverlab specs`: every file, then the size rule's other square sizes.
pub fn names() -> Vec<String> {
    let mut out: Vec<String> = FILES.iter().map(|(n, _)| n.to_string()).collect();
    for n in 4..=MAX_SIZE {
        let name = format!("classic-{n}x{n}");
        if box_shape(n).is_some() && !out.contains(&name) && is_square_box(n) {
            out.push(name);
        }
    }
    out
}

fn is_square_box(n: usize) -> bool {
    box_shape(n).is_some_and(|(r, c)| r == c)
}
