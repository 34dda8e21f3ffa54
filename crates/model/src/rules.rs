//! The rules beyond houses, checked and compiled: each becomes [`Constraint`]s, and cages and
//! renban lines also an at-most-once group (their "no repeats" part).
//!
//! A rule that cannot hold is refused here, naming the rule (its position in the file comes
//! from [`SpecError::locate`]): cells outside the grid or repeated, lines whose cells do not
//! touch (arrows excepted: a sum over any cells, as in ISS), dots between cells that are not neighbours, sums no values reach, thermometers longer
//! than the alphabet, regex lines whose pattern does not parse or matches no line of their
//! length, lockout differences out of range, entropic lines on a grid whose size is not a
//! multiple of 3, region-sum lines without boxes or regions, quadruples off the grid, with
//! more than four values or asking for a value in more of their cells than can share one, pills
//! of more than three digits or whose line cannot reach them, sum lines whose values never
//! split into segments of their total (or loops whose ends do not touch), lunchboxes whose
//! total no values reach, more counting circles than the values can fill.

use std::sync::Arc;

use crate::constraint::{
    Alternatives, Branch, Circles, Constraint, ConstraintKind, FullRank, PairTable, Relation, combinations,
};
use crate::spec::{CellRef, Mark, Rule, Spec, SpecError, Ties};
use crate::unit::{Unit, UnitKind};
use crate::{Cell, Symbols, cell_name};

/// What the rules beyond houses compile to.
pub(crate) struct Compiled {
    pub(crate) constraints: Vec<Constraint>,
    pub(crate) groups: Vec<Unit>,
}

/// The largest modulus of a modular line (its automaton has up to 1237 states).
pub const MAX_MODULUS: usize = 6;

/// The most constraints one cell may be in (with every kind at once, a few dozen).
pub const MAX_CONSTRAINTS_PER_CELL: usize = 256;

pub(crate) fn compile(
    spec: &Spec,
    symbols: &Symbols,
    origin: &str,
    houses: &[Unit],
    groups: &[Unit],
) -> Result<Compiled, SpecError> {
    let n = spec.size;
    // Each cell's box (or, without boxes, region), for region-sum lines.
    let region_of: Option<Vec<usize>> = [UnitKind::Box, UnitKind::Region].into_iter().find_map(|kind| {
        let mut map = vec![usize::MAX; n * n];
        for (i, unit) in houses.iter().filter(|u| u.kind == kind).enumerate() {
            unit.cells.iter().for_each(|&c| map[c] = i);
        }
        map.iter().all(|&r| r != usize::MAX).then_some(map)
    });
    let mut out = Compiled { constraints: Vec::new(), groups: Vec::new() };
    // How many rules of each kind came before, to number labels and locate errors.
    let mut seen: Vec<(&'static str, usize)> = Vec::new();
    let mut marks: Vec<(Mark, Cell, Cell)> = Vec::new();
    let mut regex_budget = crate::pattern::MAX_SPEC_LINE_STATES;
    // Full-rank clues (number, rank), the index of each among the FullRank rules, and the ties.
    let mut ranks: Vec<(usize, u32)> = Vec::new();
    let mut rank_rules: Vec<usize> = Vec::new();
    let mut ties: Option<Ties> = None;
    for rule in &spec.rules {
        let kind = rule.kind();
        let nth = match seen.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, c)) => {
                *c += 1;
                *c - 1
            }
            None => {
                seen.push((kind, 1));
                0
            }
        };
        let number = nth + 1;
        let err = |message: String| SpecError::invalid(origin, message, Some(kind.into())).at_nth(nth);
        let what = || format!("{kind} rule {number}");
        let cells_of = |refs: &[CellRef]| -> Result<Vec<Cell>, SpecError> {
            let mut cells = Vec::with_capacity(refs.len());
            for r in refs {
                if r.row > n || r.col > n {
                    return Err(err(format!("{}: {r} is outside the {n}×{n} grid", what())));
                }
                let c = (r.row - 1) * n + r.col - 1;
                if cells.contains(&c) {
                    return Err(err(format!("{} lists {r} twice", what())));
                }
                cells.push(c);
            }
            Ok(cells)
        };
        let touching = |cells: &[Cell], how: &str| -> Result<(), SpecError> {
            for w in cells.windows(2) {
                if !king(w[0], w[1], n) {
                    return Err(err(format!(
                        "{}: {} and {} follow each other on the {how} but do not touch",
                        what(),
                        cell_name(w[0], n),
                        cell_name(w[1], n)
                    )));
                }
            }
            Ok(())
        };
        let length = |cells: &[Cell], least: usize, most: usize, noun: &str| -> Result<(), SpecError> {
            if cells.len() < least || cells.len() > most {
                let bound = if least == most { format!("{least}") } else { format!("{least} to {most}") };
                return Err(err(format!(
                    "{} has {}; a {noun} has {bound} on a {n}×{n} grid",
                    what(),
                    crate::text::count(cells.len(), "cell")
                )));
            }
            Ok(())
        };
        // A clue outside the grid (sandwich, skyscraper, X-sum): its row or column (one of them),
        // and that line's cells from the left or the top.
        let outside_line = |row: Option<usize>, column: Option<usize>| -> Result<(&str, usize, Vec<Cell>), SpecError> {
            let (line, index) = match (row, column) {
                (Some(r), None) => ("row", r),
                (None, Some(c)) => ("column", c),
                _ => return Err(err(format!("{} needs a row or a column (one of them)", what()))),
            };
            if index == 0 || index > n {
                return Err(err(format!("{}: {line} {index} is outside the {n}×{n} grid", what())));
            }
            let cells = (0..n).map(|i| if line == "row" { (index - 1) * n + i } else { i * n + index - 1 }).collect();
            Ok((line, index, cells))
        };
        let push = |to: &mut Vec<Constraint>, kind: ConstraintKind, label: String, cells: Vec<Cell>, relation| {
            to.push(Constraint::new(kind, label, cells, relation, n));
        };
        match rule {
            Rule::Cage { cells, sum } => {
                let cells = cells_of(cells)?;
                length(&cells, 1, n, "cage")?;
                let k = cells.len() as u64;
                let label = match sum {
                    Some(s) => format!("cage {number} (sum {s})"),
                    None => format!("cage {number}"),
                };
                if let Some(sum) = *sum {
                    let (least, most) = (k * (k + 1) / 2, k * (2 * n as u64 + 1 - k) / 2);
                    if u64::from(sum) < least || u64::from(sum) > most {
                        return Err(err(format!(
                            "{label}: {k} different values on a {n}×{n} grid add up to {least} to {most}, never {sum}"
                        ))
                        .never());
                    }
                    let table = combinations(n, cells.len(), sum).map(Arc::from);
                    push(
                        &mut out.constraints,
                        ConstraintKind::Cage,
                        label.clone(),
                        cells.clone(),
                        Relation::Sum { sum, combinations: table },
                    );
                }
                if cells.len() >= 2 {
                    let mut sorted = cells;
                    sorted.sort_unstable();
                    out.groups.push(Unit { kind: UnitKind::Cage, label, cells: sorted, exact: false });
                }
            }
            Rule::Thermometer { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 1, n, "thermometer")?;
                touching(&cells, "thermometer")?;
                push(
                    &mut out.constraints,
                    ConstraintKind::Thermometer,
                    format!("thermometer {number}"),
                    cells,
                    Relation::Increasing,
                );
            }
            Rule::Arrow { circle, line } => {
                let all: Vec<CellRef> = std::iter::once(*circle).chain(line.iter().copied()).collect();
                let cells = cells_of(&all)?;
                if line.is_empty() || line.len() > n {
                    return Err(err(format!(
                        "{} has a line of {} cells; an arrow's line has 1 to {n} on a {n}×{n} grid",
                        what(),
                        line.len()
                    )));
                }
                // The cells need not touch: the rule is a sum, and ISS's arrows go through any
                // cells (its corpus rotates the cells of an arrow round a loop, one step of
                // which does not touch).
                push(&mut out.constraints, ConstraintKind::Arrow, format!("arrow {number}"), cells, Relation::Arrow);
            }
            Rule::WhiteDot { cells } | Rule::BlackDot { cells } | Rule::X { cells } | Rule::V { cells } => {
                let mark = match rule {
                    Rule::WhiteDot { .. } => Mark::WhiteDot,
                    Rule::BlackDot { .. } => Mark::BlackDot,
                    Rule::X { .. } => Mark::X,
                    _ => Mark::V,
                };
                let cells = cells_of(cells)?;
                length(&cells, 2, 2, "dot")?;
                let (a, b) = (cells[0], cells[1]);
                if !orthogonal(a, b, n) {
                    return Err(err(format!(
                        "{}: {} and {} are not orthogonal neighbours",
                        what(),
                        cell_name(a, n),
                        cell_name(b, n)
                    )));
                }
                let table = PairTable::new(n, |x, y| relation(mark, x, y));
                if !(1..=n as u32).any(|x| (1..=n as u32).any(|y| x != y && table.allows(x, y))) {
                    return Err(err(format!(
                        "{}: {} (on a {n}×{n} grid no two values have it)",
                        what(),
                        mark_says(mark)
                    ))
                    .never());
                }
                let label = format!("{} {}-{}", mark_name(mark), cell_name(a.min(b), n), cell_name(a.max(b), n));
                marks.push((mark, a.min(b), a.max(b)));
                push(&mut out.constraints, mark_kind(mark), label, vec![a, b], Relation::Pair(Arc::new(table)));
            }
            Rule::Negative(list) if list.is_empty() => {
                return Err(err(format!("{} names no mark (WhiteDot, BlackDot, X, V)", what())));
            }
            Rule::Even { cells } | Rule::Odd { cells } => {
                let even = matches!(rule, Rule::Even { .. });
                let cells = cells_of(cells)?;
                length(&cells, 1, n * n, "parity rule")?;
                let mask = (1..=n as u32).filter(|v| (v % 2 == 0) == even).fold(0u64, |m, v| m | 1 << (v - 1));
                if mask == 0 {
                    return Err(err(format!("{}: a {n}×{n} grid has no even value", what())));
                }
                let (ck, word) = if even { (ConstraintKind::Even, "even") } else { (ConstraintKind::Odd, "odd") };
                for c in cells {
                    push(
                        &mut out.constraints,
                        ck,
                        format!("{word} {}", cell_name(c, n)),
                        vec![c],
                        Relation::Allowed(mask),
                    );
                }
            }
            Rule::Candidates { cell, values } => {
                let cells = cells_of(std::slice::from_ref(cell))?;
                let mut mask = 0u64;
                for &v in values {
                    if v == 0 || v as usize > n {
                        return Err(err(format!(
                            "{}: candidate {v} is out of range on a {n}×{n} grid (1 to {n})",
                            what()
                        )));
                    }
                    mask |= 1 << (v - 1);
                }
                if mask == 0 {
                    return Err(err(format!("{}: {cell} has no candidate left", what())));
                }
                let listed: Vec<String> =
                    (1..=n as u32).filter(|v| mask >> (v - 1) & 1 == 1).map(|v| v.to_string()).collect();
                let listed = listed.join(if n <= 9 { "" } else { "," });
                push(
                    &mut out.constraints,
                    ConstraintKind::Candidates,
                    format!("candidates {} ({listed})", cell_name(cells[0], n)),
                    cells,
                    Relation::Allowed(mask),
                );
            }
            Rule::NonConsecutive => {}
            Rule::Whisper { cells, difference } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, "whispers line")?;
                touching(&cells, "line")?;
                let d = difference.unwrap_or(n.div_ceil(2) as u32);
                if d == 0 || d as usize >= n {
                    return Err(err(format!(
                        "{}: a difference of at least {d} is out of range on a {n}×{n} grid (1 to {})",
                        what(),
                        n - 1
                    )));
                }
                let table = Arc::new(PairTable::new(n, |x, y| x.abs_diff(y) >= d));
                for w in cells.windows(2) {
                    push(
                        &mut out.constraints,
                        ConstraintKind::Whisper,
                        format!("whisper {number}"),
                        w.to_vec(),
                        Relation::Pair(table.clone()),
                    );
                }
            }
            Rule::Renban { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n, "renban line")?;
                touching(&cells, "line")?;
                let label = format!("renban {number}");
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                out.groups.push(Unit { kind: UnitKind::Renban, label: label.clone(), cells: sorted, exact: false });
                push(&mut out.constraints, ConstraintKind::Renban, label, cells, Relation::Consecutive);
            }
            Rule::Palindrome { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, "palindrome")?;
                touching(&cells, "line")?;
                let table = Arc::new(PairTable::new(n, |x, y| x == y));
                for i in 0..cells.len() / 2 {
                    let pair = vec![cells[i], cells[cells.len() - 1 - i]];
                    push(
                        &mut out.constraints,
                        ConstraintKind::Palindrome,
                        format!("palindrome {number}"),
                        pair,
                        Relation::Pair(table.clone()),
                    );
                }
            }
            Rule::LittleKiller { cells, sum } => {
                let cells = cells_of(cells)?;
                length(&cells, 1, n, "little killer diagonal")?;
                let step = |a: Cell, b: Cell| {
                    (
                        b as isize / n as isize - a as isize / n as isize,
                        b as isize % n as isize - a as isize % n as isize,
                    )
                };
                if let Some(w) = cells.windows(2).find(|w| {
                    let (dr, dc) = step(w[0], w[1]);
                    dr.abs() != 1 || dc.abs() != 1 || step(cells[0], cells[1]) != (dr, dc)
                }) {
                    return Err(err(format!(
                        "{}: {} to {} is not a step along one diagonal",
                        what(),
                        cell_name(w[0], n),
                        cell_name(w[1], n)
                    )));
                }
                let k = cells.len() as u64;
                if u64::from(*sum) < k || u64::from(*sum) > k * n as u64 {
                    return Err(err(format!(
                        "{}: {k} values on a {n}×{n} grid add up to {k} to {}, never {sum}",
                        what(),
                        k * n as u64
                    ))
                    .never());
                }
                let label = format!("little killer {number} (sum {sum})");
                push(
                    &mut out.constraints,
                    ConstraintKind::LittleKiller,
                    label,
                    cells,
                    Relation::Sum { sum: *sum, combinations: None },
                );
            }
            Rule::Sandwich { row, column, sum } => {
                let (line, index, cells) = outside_line(*row, *column)?;
                let most = (n * n.saturating_sub(1) / 2).saturating_sub(1) as u64;
                if n < 2 || u64::from(*sum) > most {
                    return Err(err(format!(
                        "{}: the values between 1 and {n} add up to 0 to {most}, never {sum}",
                        what()
                    ))
                    .never());
                }
                let label = format!("sandwich {line} {index} (sum {sum})");
                push(&mut out.constraints, ConstraintKind::Sandwich, label, cells, Relation::Sandwich { sum: *sum });
            }
            Rule::Pair { name, cells, allowed, holds } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, "pair rule")?;
                let table = match (allowed, holds) {
                    (Some(list), None) => {
                        if let Some((a, b)) =
                            list.iter().find(|&&(a, b)| a == 0 || b == 0 || a as usize > n || b as usize > n)
                        {
                            return Err(err(format!("{}: ({a}, {b}) is not a pair of values 1 to {n}", what())));
                        }
                        PairTable::new(n, |a, b| list.contains(&(a, b)))
                    }
                    (None, Some(text)) => {
                        let expr = crate::expr::PairExpr::parse(text)
                            .map_err(|e| err(format!("{}: the condition {text:?}: {e}", what())))?;
                        PairTable::new(n, |a, b| expr.allows(a, b, n))
                    }
                    _ => return Err(err(format!("{} needs `allowed` or `holds` (one of them)", what()))),
                };
                if (1..=n as u32).all(|a| (1..=n as u32).all(|b| !table.allows(a, b))) {
                    return Err(err(format!("{} allows no pair of values on a {n}×{n} grid", what())).never());
                }
                let label = match name {
                    // Names go into traces and are read back from them: plain words only.
                    Some(name)
                        if (1..=40).contains(&name.chars().count())
                            && name.chars().all(|c| c.is_alphanumeric() || " -_".contains(c)) =>
                    {
                        name.clone()
                    }
                    Some(name) => {
                        return Err(err(format!(
                            "{}: the name {:?} is not 1 to 40 letters, digits, spaces, '-' or '_'",
                            what(),
                            crate::text::escape(name)
                        )));
                    }
                    None => format!("pair {number}"),
                };
                let table = Arc::new(table);
                for w in cells.windows(2) {
                    push(
                        &mut out.constraints,
                        ConstraintKind::Pair,
                        label.clone(),
                        w.to_vec(),
                        Relation::Pair(table.clone()),
                    );
                }
            }
            Rule::Regex { cells, pattern } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, "regex line")?;
                touching(&cells, "line")?;
                let k = cells.len();
                let line = format!("{} (the line from {})", what(), cell_name(cells[0], n));
                let node = crate::pattern::parse(pattern, symbols)
                    .map_err(|e| err(format!("{line}: pattern {} {e}", quoted(pattern))))?;
                // What this line may still take of the spec's budget (see MAX_SPEC_LINE_STATES).
                let width = k.max(n);
                let room = regex_budget / width;
                let automaton = crate::pattern::compile(&node, n, pattern, room).map_err(|e| {
                    if room < crate::pattern::MAX_STATES {
                        err(format!(
                            "{line}: the spec's regex lines together need more than {} (state, cell) pairs: simplify their patterns",
                            crate::pattern::MAX_SPEC_LINE_STATES
                        ))
                    } else {
                        err(format!("{line}: pattern {} {e}", quoted(pattern)))
                    }
                })?;
                regex_budget -= automaton.states() * width;
                // The filter's work and scratch grow with states × cells.
                if automaton.states().saturating_mul(k) > crate::pattern::MAX_LINE_STATES {
                    return Err(err(format!(
                        "{line}: pattern {} compiles to {} states; times the line's {k} cells that is more than {} to follow",
                        quoted(pattern),
                        automaton.states(),
                        crate::pattern::MAX_LINE_STATES
                    )));
                }
                if !automaton.live_states(k)[0][0] {
                    return Err(err(format!(
                        "{line}: pattern {} matches no sequence of {k} symbols, so the line can never match",
                        quoted(pattern)
                    ))
                    .never());
                }
                push(
                    &mut out.constraints,
                    ConstraintKind::Regex,
                    format!("regex {number}"),
                    cells,
                    Relation::Automaton(Arc::new(automaton)),
                );
            }
            Rule::Between { cells } | Rule::Lockout { cells, .. } => {
                let between = matches!(rule, Rule::Between { .. });
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, if between { "between line" } else { "lockout line" })?;
                touching(&cells, "line")?;
                let (kind, relation, label) = match rule {
                    Rule::Lockout { difference, .. } => {
                        let d = difference.unwrap_or(n as u32 / 2);
                        if d == 0 || d as usize >= n {
                            return Err(err(format!(
                                "{}: ends at least {d} apart is out of range on a {n}×{n} grid (1 to {})",
                                what(),
                                n.saturating_sub(1)
                            )));
                        }
                        if cells.len() > 2 && d as usize + 1 >= n {
                            return Err(err(format!(
                                "{}: ends at least {d} apart leave no value outside them for the cells between on a {n}×{n} grid",
                                what()
                            )));
                        }
                        (ConstraintKind::Lockout, Relation::Lockout { difference: d }, format!("lockout {number}"))
                    }
                    _ => {
                        if cells.len() > 2 && n < 3 {
                            return Err(err(format!(
                                "{}: a {n}×{n} grid has no value strictly between two others",
                                what()
                            )));
                        }
                        (ConstraintKind::Between, Relation::Between, format!("between {number}"))
                    }
                };
                push(&mut out.constraints, kind, label, cells, relation);
            }
            Rule::Entropic { cells } | Rule::Modular { cells, .. } => {
                let entropic = matches!(rule, Rule::Entropic { .. });
                let m = match rule {
                    Rule::Modular { modulus: Some(m), .. } => *m as usize,
                    _ => 3,
                };
                if !(2..=MAX_MODULUS).contains(&m) {
                    return Err(err(format!("{}: a modulus of {m} is out of range (2 to {MAX_MODULUS})", what())));
                }
                let cells = cells_of(cells)?;
                let noun = if entropic { "entropic line" } else { "modular line" };
                length(&cells, 2, n * n, noun)?;
                touching(&cells, "line")?;
                let automaton = if entropic {
                    if !n.is_multiple_of(3) {
                        return Err(err(format!(
                            "{}: entropic lines split the values into three equal thirds, and {n} is not divisible by 3",
                            what()
                        )));
                    }
                    let third = n as u32 / 3;
                    crate::constraint::Automaton::classes(n, 3, "entropic", |v| ((v - 1) / third) as usize)
                } else {
                    crate::constraint::Automaton::classes(n, m, "modular", |v| v as usize % m)
                };
                if !automaton.live_states(cells.len())[0][0] {
                    return Err(err(format!(
                        "{}: on a {n}×{n} grid no {} values fit a {noun} ({m} different {} in every {m} cells)",
                        what(),
                        cells.len(),
                        if entropic { "thirds".to_string() } else { format!("remainders mod {m}") }
                    ))
                    .never());
                }
                let (kind, word) = if entropic {
                    (ConstraintKind::Entropic, "entropic")
                } else {
                    (ConstraintKind::Modular, "modular")
                };
                push(
                    &mut out.constraints,
                    kind,
                    format!("{word} {number}"),
                    cells,
                    Relation::Automaton(Arc::new(automaton)),
                );
            }
            Rule::ParityLine { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, "parity line")?;
                touching(&cells, "line")?;
                if n < 2 {
                    return Err(err(format!("{}: a 1×1 grid has no even value", what())));
                }
                let table = Arc::new(PairTable::new(n, |x, y| x % 2 != y % 2));
                for w in cells.windows(2) {
                    push(
                        &mut out.constraints,
                        ConstraintKind::ParityLine,
                        format!("parity line {number}"),
                        w.to_vec(),
                        Relation::Pair(table.clone()),
                    );
                }
            }
            Rule::Zipper { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, "zipper line")?;
                touching(&cells, "line")?;
                if cells.len() % 2 == 1 && n < 2 {
                    return Err(err(format!("{}: on a 1×1 grid no two values add up to a third", what())));
                }
                push(&mut out.constraints, ConstraintKind::Zipper, format!("zipper {number}"), cells, Relation::Zipper);
            }
            Rule::RegionSum { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, "region-sum line")?;
                touching(&cells, "line")?;
                let Some(region_of) = &region_of else {
                    return Err(err(format!(
                        "{}: a region-sum line is cut by box or region borders, and the spec has no Boxes or Regions rule",
                        what()
                    )));
                };
                let mut ends: Vec<usize> =
                    (1..cells.len()).filter(|&i| region_of[cells[i]] != region_of[cells[i - 1]]).collect();
                ends.push(cells.len());
                push(
                    &mut out.constraints,
                    ConstraintKind::RegionSum,
                    format!("region-sum line {number}"),
                    cells,
                    Relation::SegmentSums { ends },
                );
            }
            Rule::Skyscraper { row, column, from_end, .. }
            | Rule::XSum { row, column, from_end, .. }
            | Rule::HiddenSkyscraper { row, column, from_end, .. } => {
                let (line, index, mut cells) = outside_line(*row, *column)?;
                if *from_end {
                    cells.reverse();
                }
                let side = match (line, from_end) {
                    ("row", false) => "left",
                    ("row", true) => "right",
                    (_, false) => "top",
                    _ => "bottom",
                };
                let (kind, label, automaton) = match rule {
                    Rule::Skyscraper { count, .. } => {
                        if *count == 0 || *count as usize > n {
                            return Err(err(format!(
                                "{}: {count} values seen is out of range on a {n}×{n} grid (1 to {n}: the first is always seen)",
                                what()
                            ))
                            .never());
                        }
                        let label = format!("skyscraper {line} {index} from the {side} ({count} seen)");
                        (
                            ConstraintKind::Skyscraper,
                            label,
                            crate::constraint::Automaton::skyscraper(n, *count as usize),
                        )
                    }
                    Rule::HiddenSkyscraper { value, .. } => {
                        if *value == 0 || *value as usize >= n {
                            return Err(err(format!(
                                "{}: the first hidden value {value} is out of range on a {n}×{n} grid (1 to {}: {n} is never hidden)",
                                what(),
                                n - 1
                            ))
                            .never());
                        }
                        let label = format!("hidden skyscraper {line} {index} from the {side} (first hidden {value})");
                        (
                            ConstraintKind::HiddenSkyscraper,
                            label,
                            crate::constraint::Automaton::hidden_skyscraper(n, *value as usize),
                        )
                    }
                    Rule::XSum { sum, .. } => {
                        let most = n * (n + 1) / 2;
                        if *sum == 0 || *sum as usize > most {
                            return Err(err(format!(
                                "{}: the first values of a line add up to 1 to {most} on a {n}×{n} grid, never {sum}",
                                what()
                            ))
                            .never());
                        }
                        let Some(automaton) = crate::constraint::Automaton::x_sum(n, *sum as usize) else {
                            return Err(err(format!(
                                "{}: an X-sum of {sum} on a {n}×{n} grid needs more than {} states of coverlab's automaton",
                                what(),
                                crate::pattern::MAX_STATES
                            )));
                        };
                        if !automaton.live_states(n)[0][0] {
                            return Err(err(format!(
                                "{}: no first X values of a {n}×{n} line add up to {sum}",
                                what()
                            ))
                            .never());
                        }
                        let label = format!("x-sum {line} {index} from the {side} (sum {sum})");
                        (ConstraintKind::XSum, label, automaton)
                    }
                    _ => unreachable!("matched above"),
                };
                push(&mut out.constraints, kind, label, cells, Relation::Automaton(Arc::new(automaton)));
            }
            Rule::Quadruple { cell, values } => {
                let cells = cells_of(std::slice::from_ref(cell))?;
                let (r, c) = (cells[0] / n, cells[0] % n);
                if r + 1 >= n || c + 1 >= n {
                    return Err(err(format!(
                        "{}: {cell} is the top-left cell of the 2×2 block, so it cannot be in the last row or column of the {n}×{n} grid",
                        what()
                    )));
                }
                if values.is_empty() || values.len() > 4 {
                    return Err(err(format!(
                        "{} lists {}; a quadruple lists 1 to 4 (its block has 4 cells)",
                        what(),
                        crate::text::count(values.len(), "value")
                    )));
                }
                if let Some(v) = values.iter().find(|&&v| v == 0 || v as usize > n) {
                    return Err(err(format!("{}: value {v} is out of range on a {n}×{n} grid (1 to {n})", what())));
                }
                let listed: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                let block = vec![cells[0], cells[0] + 1, cells[0] + n, cells[0] + n + 1];
                // A value listed k times needs k cells of the block no house or group holds two
                // of (the automaton counts values, not which cells may share one).
                let room = most_sharing(&block, houses.iter().chain(groups));
                if let Some(&v) = values.iter().find(|&&v| values.iter().filter(|&&w| w == v).count() > room) {
                    let times = values.iter().filter(|&&w| w == v).count();
                    return Err(err(format!(
                        "{} asks for value {v} in {times} cells, but at most {} of its block {} can hold one value (the others share a house or group)",
                        what(),
                        crate::text::count(room, "cell"),
                        block.iter().map(|&c| cell_name(c, n)).collect::<Vec<_>>().join(", ")
                    ))
                    .never());
                }
                push(
                    &mut out.constraints,
                    ConstraintKind::Quadruple,
                    format!("quadruple {} ({})", cell_name(cells[0], n), listed.join(", ")),
                    block,
                    Relation::Automaton(Arc::new(crate::constraint::Automaton::quadruple(n, values))),
                );
            }
            Rule::Sum { cells, sum } => {
                let cells = cells_of(cells)?;
                length(&cells, 1, n * n, "sum")?;
                let k = cells.len() as u64;
                if u64::from(*sum) < k || u64::from(*sum) > k * n as u64 {
                    return Err(err(format!(
                        "{}: {k} values on a {n}×{n} grid add up to {k} to {}, never {sum}",
                        what(),
                        k * n as u64
                    ))
                    .never());
                }
                push(
                    &mut out.constraints,
                    ConstraintKind::Sum,
                    format!("sum {number} (total {sum})"),
                    cells,
                    Relation::Sum { sum: *sum, combinations: None },
                );
            }
            Rule::Rellik { cells, sum } => {
                let cells = cells_of(cells)?;
                length(&cells, 1, n, "rellik cage")?;
                if *sum == 0 || *sum > 63 {
                    return Err(err(format!(
                        "{}: a total of {sum} is out of range (coverlab's rellik cages take 1 to 63)",
                        what()
                    )));
                }
                let Some(automaton) = crate::constraint::Automaton::rellik(n, *sum) else {
                    return Err(err(format!(
                        "{}: a rellik total of {sum} on a {n}×{n} grid needs more than {} states of coverlab's automaton",
                        what(),
                        crate::pattern::MAX_STATES
                    )));
                };
                let label = format!("rellik {number} (not {sum})");
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                if sorted.len() >= 2 {
                    out.groups.push(Unit { kind: UnitKind::Rellik, label: label.clone(), cells: sorted, exact: false });
                }
                push(
                    &mut out.constraints,
                    ConstraintKind::Rellik,
                    label,
                    cells,
                    Relation::Automaton(Arc::new(automaton)),
                );
            }
            Rule::PillArrow { pill, line } => {
                let all: Vec<CellRef> = pill.iter().chain(line.iter()).copied().collect();
                let cells = cells_of(&all)?;
                if pill.is_empty() || pill.len() > 3 {
                    return Err(err(format!(
                        "{} has a pill of {}; a pill has 1 to 3 (digits)",
                        what(),
                        crate::text::count(pill.len(), "cell")
                    )));
                }
                if line.is_empty() {
                    return Err(err(format!("{} has no line", what())));
                }
                let k = pill.len();
                touching(&cells[..k], "pill")?;
                touching(&cells[k..], "arrow")?;
                if !cells[..k].iter().any(|&p| king(p, cells[k], n)) {
                    return Err(err(format!(
                        "{}: the line starts at {}, which touches no cell of the pill",
                        what(),
                        cell_name(cells[k], n)
                    )));
                }
                let Some(automaton) = crate::constraint::Automaton::pill_arrow(n, k) else {
                    return Err(err(format!(
                        "{}: a pill of {k} digits on a {n}×{n} grid needs more than {} states of coverlab's automaton",
                        what(),
                        crate::pattern::MAX_STATES
                    )));
                };
                if !automaton.live_states(cells.len())[0][0] {
                    return Err(err(format!(
                        "{}: the line's {} values on a {n}×{n} grid never add up to a number of {k} digits",
                        what(),
                        line.len()
                    ))
                    .never());
                }
                push(
                    &mut out.constraints,
                    ConstraintKind::PillArrow,
                    format!("pill arrow {number}"),
                    cells,
                    Relation::Automaton(Arc::new(automaton)),
                );
            }
            Rule::DoubleArrow { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 3, n * n, "double arrow")?;
                touching(&cells, "arrow")?;
                let automaton = crate::constraint::Automaton::double_arrow(n);
                if !automaton.live_states(cells.len())[0][0] {
                    return Err(err(format!(
                        "{}: on a {n}×{n} grid the {} cells between the ends never add up to two values",
                        what(),
                        cells.len() - 2
                    ))
                    .never());
                }
                // The automaton reads the two ends first, then the middle.
                let k = cells.len();
                let order: Vec<Cell> =
                    [cells[0], cells[k - 1]].into_iter().chain(cells[1..k - 1].iter().copied()).collect();
                push(
                    &mut out.constraints,
                    ConstraintKind::DoubleArrow,
                    format!("double arrow {number}"),
                    order,
                    Relation::Automaton(Arc::new(automaton)),
                );
            }
            Rule::SumLine { cells, sum, closed } => {
                let cells = cells_of(cells)?;
                length(&cells, if *closed { 3 } else { 1 }, n * n, "sum line")?;
                touching(&cells, "line")?;
                if *closed && !king(cells[cells.len() - 1], cells[0], n) {
                    return Err(err(format!(
                        "{}: the loop's last cell {} does not touch its first {}",
                        what(),
                        cell_name(cells[cells.len() - 1], n),
                        cell_name(cells[0], n)
                    )));
                }
                if *sum == 0 {
                    return Err(err(format!("{}: a segment adds up to 1 or more, never 0", what())).never());
                }
                let automaton = if *closed {
                    crate::constraint::Automaton::sum_loop(n, *sum)
                } else {
                    crate::constraint::Automaton::sum_line(n, *sum)
                };
                let Some(automaton) = automaton else {
                    return Err(err(format!(
                        "{}: a segment total of {sum} needs more than {} states of coverlab's automaton",
                        what(),
                        crate::pattern::MAX_STATES
                    )));
                };
                if !automaton.live_states(cells.len())[0].iter().any(|&live| live) {
                    return Err(err(format!(
                        "{}: the line's {} on a {n}×{n} grid never split into segments each adding up to {sum}",
                        what(),
                        crate::text::count(cells.len(), "value")
                    ))
                    .never());
                }
                let label = if *closed {
                    format!("sum loop {number} (segments of {sum})")
                } else {
                    format!("sum line {number} (segments of {sum})")
                };
                push(
                    &mut out.constraints,
                    ConstraintKind::SumLine,
                    label,
                    cells,
                    Relation::Automaton(Arc::new(automaton)),
                );
            }
            Rule::Lunchbox { cells, sum } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n, "lunchbox")?;
                let k = cells.len();
                // Its k different values: the k − 2 between the smallest and the largest add up
                // to at most the k − 2 largest values below n.
                let most = (n - k + 2..n).sum::<usize>();
                let unreachable = || {
                    err(format!(
                        "{}: the values between the smallest and largest of {k} different values on a {n}×{n} grid never add up to {sum}",
                        what()
                    ))
                    .never()
                };
                if *sum as usize > most {
                    return Err(unreachable());
                }
                let Some(automaton) = crate::constraint::Automaton::lunchbox(n, *sum) else {
                    return Err(err(format!(
                        "{}: a lunchbox total of {sum} on a {n}×{n} grid needs more than {} states of coverlab's automaton",
                        what(),
                        crate::pattern::MAX_STATES
                    )));
                };
                if !automaton.live_states(k)[0].iter().any(|&live| live) {
                    return Err(unreachable());
                }
                let label = format!("lunchbox {number} (sum {sum})");
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                out.groups.push(Unit { kind: UnitKind::Lunchbox, label: label.clone(), cells: sorted, exact: false });
                push(
                    &mut out.constraints,
                    ConstraintKind::Lunchbox,
                    label,
                    cells,
                    Relation::Automaton(Arc::new(automaton)),
                );
            }
            Rule::Clone { cells, clone } => {
                let (cells, clones) = (cells_of(cells)?, cells_of(clone)?);
                length(&cells, 1, n * n, "clone")?;
                if clones.len() != cells.len() {
                    return Err(err(format!(
                        "{} lists {} and {}: a cell and its clone go at the same place in `cells` and `clone`",
                        what(),
                        crate::text::count(cells.len(), "cell"),
                        crate::text::count(clones.len(), "clone")
                    )));
                }
                let table = Arc::new(PairTable::new(n, |x, y| x == y));
                for (&a, &b) in cells.iter().zip(&clones) {
                    // Two cells of one house or group never hold one value.
                    if let Some(u) =
                        houses.iter().chain(groups).find(|u| a != b && u.cells.contains(&a) && u.cells.contains(&b))
                    {
                        return Err(err(format!(
                            "{}: {} and its clone {} are both in {}, so they can never hold the same value",
                            what(),
                            cell_name(a, n),
                            cell_name(b, n),
                            u.label
                        ))
                        .never());
                    }
                    if a != b {
                        push(
                            &mut out.constraints,
                            ConstraintKind::Clone,
                            format!("clone {number}"),
                            vec![a, b],
                            Relation::Pair(table.clone()),
                        );
                    }
                }
            }
            Rule::NumberedRoom { row, column, from_end, value } => {
                let (line, index, mut cells) = outside_line(*row, *column)?;
                if *from_end {
                    cells.reverse();
                }
                if *value == 0 || *value as usize > n {
                    return Err(err(format!(
                        "{}: the value {value} is out of range on a {n}×{n} grid (1 to {n})",
                        what()
                    )));
                }
                let side = match (line, from_end) {
                    ("row", false) => "left",
                    ("row", true) => "right",
                    (_, false) => "top",
                    _ => "bottom",
                };
                let label = format!("numbered room {line} {index} from the {side} (value {value})");
                // The first cell holding x points at the x-th: a pair rule between the first
                // cell and each later one, "the first holds x only when the x-th holds value";
                // holding 1, it points at itself, so it is 1 only when the value is.
                for (k, &b) in cells.iter().enumerate().skip(1) {
                    let x = k as u32 + 1;
                    let v = *value;
                    let table = if k == 1 {
                        PairTable::new(n, |p, q| (p != 1 || v == 1) && (p != x || q == v))
                    } else {
                        PairTable::new(n, |p, q| p != x || q == v)
                    };
                    push(
                        &mut out.constraints,
                        ConstraintKind::NumberedRoom,
                        label.clone(),
                        vec![cells[0], b],
                        Relation::Pair(Arc::new(table)),
                    );
                }
            }
            Rule::ColumnIndexer { cells } | Rule::RowIndexer { cells } => {
                // The indexing cell a holding v points at the cell of its row (column) in column
                // (row) v, which then holds a's column (row): a pair rule between a and each
                // other cell of its line, "a is v only when that cell holds a's index".
                let by_column = matches!(rule, Rule::ColumnIndexer { .. });
                let noun = if by_column { "column indexer" } else { "row indexer" };
                let cells = cells_of(cells)?;
                length(&cells, 1, n * n, noun)?;
                for a in cells {
                    let (r, c) = (a / n, a % n);
                    let index = if by_column { c } else { r } as u32 + 1;
                    for v in (1..=n as u32).filter(|&v| v != index) {
                        let b = if by_column { r * n + v as usize - 1 } else { (v as usize - 1) * n + c };
                        let table = Arc::new(PairTable::new(n, |x, y| x != v || y == index));
                        push(
                            &mut out.constraints,
                            ConstraintKind::Indexer,
                            format!("{noun} {number} at {}", cell_name(a, n)),
                            vec![a, b],
                            Relation::Pair(table),
                        );
                    }
                }
            }
            Rule::StateMachine { name, cells, start, accept, transitions } => {
                let cells = cells_of(cells)?;
                length(&cells, 1, n * n, "state machine")?;
                let k = cells.len();
                let line = match name {
                    Some(name) => format!("{} ({}, from {})", what(), quoted(name), cell_name(cells[0], n)),
                    None => format!("{} (the cells from {})", what(), cell_name(cells[0], n)),
                };
                let limit = crate::pattern::MAX_MACHINE_STATES;
                if let Some(q) = start
                    .iter()
                    .chain(accept)
                    .chain(transitions.iter().flat_map(|(a, _, b)| [a, b]))
                    .find(|&&q| q >= limit)
                {
                    return Err(err(format!(
                        "{line}: state {q} is past the limit (states are numbered 0 to {}, at most {limit} of them)",
                        limit - 1
                    )));
                }
                if start.is_empty() {
                    return Err(err(format!("{line}: no start state (start: [0], say)")));
                }
                if transitions.len() > crate::pattern::MAX_TRANSITIONS {
                    return Err(err(format!(
                        "{line}: {} transitions, more than the limit of {}",
                        transitions.len(),
                        crate::pattern::MAX_TRANSITIONS
                    )));
                }
                let states = start
                    .iter()
                    .chain(accept)
                    .chain(transitions.iter().flat_map(|(a, _, b)| [a, b]))
                    .max()
                    .map_or(1, |&q| q + 1);
                let mut read = Vec::with_capacity(transitions.len());
                for (i, (from, values, to)) in transitions.iter().enumerate() {
                    let mask = crate::pattern::value_set(values, symbols).map_err(|e| {
                        err(format!("{line}: transition {} ({from} to {to}) on {} {e}", i + 1, quoted(values)))
                    })?;
                    read.push((*from, mask, *to));
                }
                let width = k.max(n);
                let room = regex_budget / width;
                let label = name.clone().unwrap_or_else(|| format!("state machine {number}"));
                let automaton = crate::pattern::machine(n, &label, states, start, accept, &read, room).map_err(|e| {
                    if room < crate::pattern::MAX_STATES {
                        err(format!(
                            "{line}: the spec's regex lines and state machines together need more than {} (state, cell) pairs: simplify them",
                            crate::pattern::MAX_SPEC_LINE_STATES
                        ))
                    } else {
                        err(format!("{line}: {e}"))
                    }
                })?;
                regex_budget -= automaton.states() * width;
                if automaton.states().saturating_mul(k) > crate::pattern::MAX_LINE_STATES {
                    return Err(err(format!(
                        "{line}: made deterministic it has {} states; times its {k} cells that is more than {} to follow",
                        automaton.states(),
                        crate::pattern::MAX_LINE_STATES
                    )));
                }
                if !automaton.live_states(k)[0].iter().any(|&live| live) {
                    return Err(err(format!(
                        "{line}: the machine accepts no sequence of {k} values, so the cells can never satisfy it"
                    ))
                    .never());
                }
                push(
                    &mut out.constraints,
                    ConstraintKind::StateMachine,
                    label,
                    cells,
                    Relation::Automaton(Arc::new(automaton)),
                );
            }
            Rule::SlowThermometer { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 2, n * n, "slow thermometer")?;
                touching(&cells, "slow thermometer")?;
                push(
                    &mut out.constraints,
                    ConstraintKind::SlowThermometer,
                    format!("slow thermometer {number}"),
                    cells,
                    Relation::NonDecreasing,
                );
            }
            Rule::Or(branches) => {
                if branches.is_empty() {
                    return Err(err(format!("{} has no branch: an Or holds when one of its branches does", what())));
                }
                let mut cells: Vec<Cell> = Vec::new();
                let mut compiled = Vec::with_capacity(branches.len());
                // Why each branch that can never hold cannot.
                let mut impossible: Vec<String> = Vec::new();
                for (b, branch) in branches.iter().enumerate() {
                    let here = || format!("{}, branch {}", what(), b + 1);
                    if branch.is_empty() {
                        return Err(err(format!("{} is empty (it would always hold)", here())));
                    }
                    let mut distinct: Vec<Vec<Cell>> = Vec::new();
                    for r in branch {
                        match r {
                            Rule::Rows
                            | Rule::Columns
                            | Rule::Boxes { .. }
                            | Rule::Diagonals
                            | Rule::Windows
                            | Rule::Regions(_)
                            | Rule::House { .. }
                            | Rule::AntiKnight
                            | Rule::AntiKing
                            | Rule::NonConsecutive
                            | Rule::Negative(_)
                            | Rule::FullRank { .. }
                            | Rule::FullRankTies(_) => {
                                return Err(err(format!(
                                    "{}: {} cannot be inside an Or (houses and the rules over the whole grid are \
                                     refused there)",
                                    here(),
                                    r.kind()
                                )));
                            }
                            Rule::AtMostOnce { name, cells: refs } => {
                                let group = cells_of(refs)?;
                                if group.len() < 2 || group.len() > n {
                                    return Err(err(format!(
                                        "{}: group {name:?} has {}, expected 2 to {n}",
                                        here(),
                                        crate::text::count(group.len(), "cell")
                                    )));
                                }
                                distinct.push(group);
                            }
                            _ => {}
                        }
                    }
                    let sub = Spec {
                        name: spec.name.clone(),
                        summary: String::new(),
                        size: n,
                        symbols: spec.symbols.clone(),
                        rules: branch.clone(),
                    };
                    let inner = match compile(&sub, symbols, origin, houses, groups) {
                        Ok(inner) => inner,
                        Err(e) if e.never_holds => {
                            // A rule of the branch can never hold: the branch fails (as in
                            // ISS), once its other rules are known to be well-formed.
                            for r in branch {
                                let alone = Spec { rules: vec![r.clone()], ..sub.clone() };
                                if let Err(e) = compile(&alone, symbols, origin, houses, groups)
                                    && !e.never_holds
                                {
                                    return Err(err(format!("{}: {}", here(), e.message)));
                                }
                            }
                            impossible.push(format!("branch {}: {}", b + 1, e.message));
                            continue;
                        }
                        Err(e) => return Err(err(format!("{}: {}", here(), e.message))),
                    };
                    distinct.extend(inner.groups.into_iter().map(|g| g.cells));
                    let mut position = |c: Cell| match cells.iter().position(|&x| x == c) {
                        Some(p) => p,
                        None => {
                            cells.push(c);
                            cells.len() - 1
                        }
                    };
                    let parts = inner
                        .constraints
                        .into_iter()
                        .map(|c| {
                            let at = c.cells.iter().map(|&x| position(x)).collect();
                            (c, at)
                        })
                        .collect();
                    let distinct = distinct.iter().map(|g| g.iter().map(|&x| position(x)).collect()).collect();
                    compiled.push(Branch { parts, distinct });
                }
                // Rules nested in it come before the rules after it in the file: count them, so
                // that those are numbered and located in the file's order.
                fn nested(rules: &[Rule], seen: &mut Vec<(&'static str, usize)>) {
                    for r in rules {
                        match seen.iter_mut().find(|(k, _)| *k == r.kind()) {
                            Some((_, c)) => *c += 1,
                            None => seen.push((r.kind(), 1)),
                        }
                        if let Rule::Or(branches) = r {
                            branches.iter().for_each(|b| nested(b, seen));
                        }
                    }
                }
                branches.iter().for_each(|b| nested(b, &mut seen));
                if compiled.is_empty() {
                    return Err(err(format!("{}: no branch can ever hold ({})", what(), impossible.join("; "))).never());
                }
                // Every branch without a constraint or group always holds: nothing to add.
                if !cells.is_empty() {
                    push(
                        &mut out.constraints,
                        ConstraintKind::Or,
                        format!("or {number}"),
                        cells,
                        Relation::Or(Arc::new(Alternatives { branches: compiled })),
                    );
                }
            }
            Rule::FullRank { row, column, from_end, rank } => {
                let (line, index, _) = outside_line(*row, *column)?;
                let most = 4 * n as u32;
                if *rank == 0 || *rank > most {
                    return Err(err(format!(
                        "{}: rank {rank} is out of range on a {n}×{n} grid (1 to {most}: {} numbers, each row and column read from both ends)",
                        what(),
                        4 * n
                    ))
                    .never());
                }
                if !spec.rules.contains(&Rule::Rows) || !spec.rules.contains(&Rule::Columns) {
                    return Err(err(format!(
                        "{}: full rank needs Rows and Columns (each value then starts four of the numbers)",
                        what()
                    )));
                }
                let entry = FullRank::entry_of(n, line == "column", index - 1, *from_end);
                if let Some(&(_, other)) = ranks.iter().find(|&&(e, _)| e == entry) {
                    let side = match (line, from_end) {
                        ("row", false) => "left",
                        ("row", true) => "right",
                        (_, false) => "top",
                        _ => "bottom",
                    };
                    return Err(err(format!(
                        "{}: {line} {index} from the {side} already has a clue (rank {other})",
                        what()
                    )));
                }
                ranks.push((entry, *rank));
                rank_rules.push(nth);
            }
            Rule::Minimum { cells: refs } | Rule::Maximum { cells: refs } => {
                let cells = cells_of(refs)?;
                length(&cells, 1, n * n, "set of marked cells")?;
                let least = matches!(rule, Rule::Minimum { .. });
                let (word, kind) =
                    if least { ("minimum", ConstraintKind::Minimum) } else { ("maximum", ConstraintKind::Maximum) };
                let table = Arc::new(PairTable::new(n, move |x, y| if least { x < y } else { x > y }));
                for &a in &cells {
                    let (r, c) = (a / n, a % n);
                    let mut next = Vec::with_capacity(4);
                    if r > 0 {
                        next.push(a - n);
                    }
                    if c > 0 {
                        next.push(a - 1);
                    }
                    if c + 1 < n {
                        next.push(a + 1);
                    }
                    if r + 1 < n {
                        next.push(a + n);
                    }
                    for b in next {
                        if cells.contains(&b) {
                            return Err(err(format!(
                                "{}: {} and {} are neighbours, and each cannot be {} than the other",
                                what(),
                                cell_name(a.min(b), n),
                                cell_name(a.max(b), n),
                                if least { "less" } else { "greater" }
                            ))
                            .never());
                        }
                        let label = format!("{word} {}-{}", cell_name(a, n), cell_name(b, n));
                        push(&mut out.constraints, kind, label, vec![a, b], Relation::Pair(table.clone()));
                    }
                }
            }
            Rule::FullRankTies(t) if ties.replace(*t).is_some() => {
                return Err(err(format!("{}: a spec has at most one FullRankTies rule", what())));
            }
            Rule::CountingCircles { cells } => {
                let cells = cells_of(cells)?;
                length(&cells, 1, n * n, "set of counting circles")?;
                // The values there, each once, add up to the number of circles.
                let most = n * (n + 1) / 2;
                if cells.len() > most {
                    return Err(err(format!(
                        "{}: {} circles, but the values 1 to {n}, each in as many circles as itself, fill at most {most}",
                        what(),
                        cells.len()
                    ))
                    .never());
                }
                let label = format!("counting circles {number} ({})", crate::text::count(cells.len(), "circle"));
                // For each kind of house, the house of each circle: two circles of one house never
                // hold one value.
                let mut kinds: Vec<UnitKind> = Vec::new();
                for u in houses {
                    if !kinds.contains(&u.kind) {
                        kinds.push(u.kind);
                    }
                }
                let partitions = kinds
                    .iter()
                    .map(|&kind| {
                        cells
                            .iter()
                            .map(|&c| houses.iter().position(|u| u.kind == kind && u.cells.contains(&c)))
                            .collect()
                    })
                    .collect();
                push(
                    &mut out.constraints,
                    ConstraintKind::CountingCircles,
                    label,
                    cells,
                    Relation::CountingCircles(Arc::new(Circles::new(partitions))),
                );
            }
            _ => {}
        }
    }
    // The full-rank clues, all in one constraint over the grid (ranks compared with each other).
    let tie_rule = ties.unwrap_or_default();
    if !ranks.is_empty() || tie_rule == Ties::Never {
        if tie_rule != Ties::Any {
            for (i, &(_, r)) in ranks.iter().enumerate() {
                if let Some(j) = ranks[..i].iter().position(|&(_, q)| q == r) {
                    return Err(SpecError::invalid(
                        origin,
                        format!(
                            "FullRank rule {}: rank {r} is also FullRank rule {}'s, and two numbers of one rank tie (FullRankTies(Any) allows it)",
                            rank_rules[i] + 1,
                            rank_rules[j] + 1
                        ),
                        Some("FullRank".into()),
                    )
                    .at_nth(rank_rules[i])
                    .never());
                }
            }
        }
        if ties.is_some() && (!spec.rules.contains(&Rule::Rows) || !spec.rules.contains(&Rule::Columns)) {
            return Err(SpecError::invalid(
                origin,
                "FullRankTies rule 1: full rank needs Rows and Columns (each value then starts four of the numbers)"
                    .into(),
                Some("FullRankTies".into()),
            ));
        }
        let label = match ranks.len() {
            0 => "full rank (no ties)".to_string(),
            k => format!("full rank ({})", crate::text::count(k, "clue")),
        };
        out.constraints.push(Constraint::new(
            ConstraintKind::FullRank,
            label,
            (0..n * n).collect(),
            Relation::FullRank(Arc::new(FullRank::new(n, ranks, tie_rule))),
            n,
        ));
    }
    // The rules about every pair of orthogonal neighbours, once the marks are known.
    let negative: Vec<Mark> = spec
        .rules
        .iter()
        .filter_map(|r| if let Rule::Negative(list) = r { Some(list.iter().copied()) } else { None })
        .flatten()
        .collect();
    let non_consecutive = spec.rules.iter().any(|r| matches!(r, Rule::NonConsecutive));
    if !negative.is_empty() || non_consecutive {
        let marked =
            |a: Cell, b: Cell, which: &[Mark]| marks.iter().any(|&(m, x, y)| x == a && y == b && which.contains(&m));
        let neg_table = Arc::new(PairTable::new(n, |x, y| !negative.iter().any(|&m| relation(m, x, y))));
        let nc_table = Arc::new(PairTable::new(n, |x, y| x.abs_diff(y) != 1));
        for a in 0..n * n {
            for b in [a + 1, a + n] {
                if b >= n * n || (b == a + 1 && b % n == 0) {
                    continue;
                }
                let name = format!("{}-{}", cell_name(a, n), cell_name(b, n));
                if !negative.is_empty() && !marked(a, b, &negative) {
                    out.constraints.push(Constraint::new(
                        ConstraintKind::Negative,
                        format!("no mark {name}"),
                        vec![a, b],
                        Relation::Pair(neg_table.clone()),
                        n,
                    ));
                }
                if non_consecutive && !marked(a, b, &[Mark::WhiteDot]) {
                    out.constraints.push(Constraint::new(
                        ConstraintKind::NonConsecutive,
                        format!("non-consecutive {name}"),
                        vec![a, b],
                        Relation::Pair(nc_table.clone()),
                        n,
                    ));
                }
            }
        }
    }
    let mut per_cell = vec![0usize; n * n];
    for c in &out.constraints {
        for &cell in &c.cells {
            per_cell[cell] += 1;
            if per_cell[cell] > MAX_CONSTRAINTS_PER_CELL {
                return Err(SpecError::invalid(
                    origin,
                    format!(
                        "{} is in more than {MAX_CONSTRAINTS_PER_CELL} constraints (the last one: {})",
                        cell_name(cell, n),
                        c.label
                    ),
                    None,
                ));
            }
        }
    }
    Ok(out)
}

/// A pattern as messages quote it: escaped, and cut to its first 40 characters.
fn quoted(pattern: &str) -> String {
    let count = pattern.chars().count();
    if count <= 40 {
        return format!("\"{}\"", crate::text::escape(pattern));
    }
    let head: String = pattern.chars().take(40).collect();
    format!("\"{}…\" ({count} characters)", crate::text::escape(&head))
}

/// The relation a mark states between two values.
fn relation(mark: Mark, x: u32, y: u32) -> bool {
    match mark {
        Mark::WhiteDot => x.abs_diff(y) == 1,
        Mark::BlackDot => x == 2 * y || y == 2 * x,
        Mark::X => x + y == 10,
        Mark::V => x + y == 5,
    }
}

fn mark_says(mark: Mark) -> &'static str {
    match mark {
        Mark::WhiteDot => "a white dot needs consecutive values",
        Mark::BlackDot => "a black dot needs one value double the other",
        Mark::X => "an X needs two values adding up to 10",
        Mark::V => "a V needs two values adding up to 5",
    }
}

fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::WhiteDot => "white dot",
        Mark::BlackDot => "black dot",
        Mark::X => "X",
        Mark::V => "V",
    }
}

fn mark_kind(mark: Mark) -> ConstraintKind {
    match mark {
        Mark::WhiteDot => ConstraintKind::WhiteDot,
        Mark::BlackDot => ConstraintKind::BlackDot,
        Mark::X => ConstraintKind::X,
        Mark::V => ConstraintKind::V,
    }
}

/// A king's move apart.
/// The most cells of `block` that can hold one value: the largest subset of it no unit holds two
/// cells of (`block` is at most a few cells: every subset is tried).
fn most_sharing<'a>(block: &[Cell], units: impl Iterator<Item = &'a Unit>) -> usize {
    let k = block.len();
    let mut apart = vec![vec![true; k]; k];
    for unit in units {
        let inside: Vec<usize> = (0..k).filter(|&i| unit.cells.binary_search(&block[i]).is_ok()).collect();
        for (x, &i) in inside.iter().enumerate() {
            for &j in &inside[x + 1..] {
                apart[i][j] = false;
                apart[j][i] = false;
            }
        }
    }
    (0u32..1 << k)
        .filter(|set| (0..k).all(|i| (0..k).all(|j| i == j || (set >> i) & (set >> j) & 1 == 0 || apart[i][j])))
        .map(|set| set.count_ones() as usize)
        .max()
        .unwrap_or(0)
}

fn king(a: Cell, b: Cell, n: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
}

/// Orthogonal neighbours.
fn orthogonal(a: Cell, b: Cell, n: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// The largest derived sum kept: more cells than this constrain too little to pay for their
/// filtering. On the 42 TAREK killers (`auto`, in process, with innies minus outies): 5 cells,
/// 0.51 s for all and 52.5k guesses; 6, 0.52 s and 48.8k; 7, 0.78 s and 60.5k; 8, 0.84 s; 10,
/// 1.04 s and 46.0k. Before innies minus outies, 12 cells took 1.71 s and 7 cells 0.92 s.
const MAX_DERIVED_CELLS: usize = 6;

/// Innies and outies: sums implied by the houses and the cages with sums. For each house, and
/// each band of 2 to n−1 consecutive rows or columns (total T: n(n+1)/2 per house):
/// - innies: the cells not in a cage lying wholly inside add up to T minus those cages' sums;
/// - outies: when cages cover the region, their cells outside it add up to the cages' sums
///   minus T;
/// - innies minus outies: each cage sticking out of the region counted by its cells inside or,
///   when it has fewer outside, by its sum less those (r1c1 − r2c5 = 3: one cell in, one out),
///   the uncaged cells of the region added ([`Relation::SignedSum`]).
///
/// Each derived sum of at most [`MAX_DERIVED_CELLS`] cells that no cage already states becomes a
/// [`ConstraintKind::HouseSum`] constraint (with the cage table when its cells all see each
/// other, so they differ). Returns the new constraints.
pub(crate) fn house_sums(
    n: usize,
    houses: &[Unit],
    constraints: &[Constraint],
    see: &dyn Fn(Cell, Cell) -> bool,
) -> Vec<Constraint> {
    let cages: Vec<(&[Cell], u32)> = constraints
        .iter()
        .filter(|c| c.kind == ConstraintKind::Cage)
        .filter_map(|c| match c.relation {
            Relation::Sum { sum, .. } => Some((c.cells.as_slice(), sum)),
            _ => None,
        })
        .collect();
    // Overlapping cages would count a cell twice: derive nothing then.
    let mut in_cage = vec![false; n * n];
    for (cells, _) in &cages {
        for &c in cells.iter() {
            if std::mem::replace(&mut in_cage[c], true) {
                return Vec::new();
            }
        }
    }
    if cages.is_empty() {
        return Vec::new();
    }
    let house_total = (n * (n + 1) / 2) as i64;
    // Regions: each house (n cells), then bands of consecutive rows and columns.
    let mut regions: Vec<(String, Vec<bool>, i64)> = Vec::new();
    for h in houses.iter().filter(|h| h.exact && h.cells.len() == n) {
        let mut inside = vec![false; n * n];
        h.cells.iter().for_each(|&c| inside[c] = true);
        regions.push((h.label.clone(), inside, house_total));
    }
    for k in 2..n {
        for first in 0..=(n - k) {
            for rows in [true, false] {
                let mut inside = vec![false; n * n];
                for i in first..first + k {
                    for j in 0..n {
                        inside[if rows { i * n + j } else { j * n + i }] = true;
                    }
                }
                let what = if rows { "rows" } else { "columns" };
                regions.push((format!("{what} {}-{}", first + 1, first + k), inside, house_total * k as i64));
            }
        }
    }
    // What is stated already: sorted cells (a subtracted cell as its bitwise complement) and total.
    let mut seen: Vec<(Vec<Cell>, i64)> = cages.iter().map(|(c, s)| (sorted(c), i64::from(*s))).collect();
    let mut out = Vec::new();
    // Adds "the cells add up to `sum`", the last `minus` of them subtracted (innies minus outies).
    let mut add = |label: String, cells: Vec<Cell>, sum: i64, minus: usize, out: &mut Vec<Constraint>| {
        if cells.is_empty() || cells.len() > MAX_DERIVED_CELLS || (sum < 0 && minus == 0) {
            return;
        }
        let plus = cells.len() - minus;
        let key =
            (sorted(&cells.iter().enumerate().map(|(i, &c)| if i < plus { c } else { !c }).collect::<Vec<_>>()), sum);
        if seen.contains(&key) {
            return;
        }
        seen.push(key);
        if minus > 0 {
            let negated = ((1u64 << minus) - 1) << plus;
            out.push(Constraint::new(
                ConstraintKind::HouseSum,
                format!("{label} (difference {sum})"),
                cells,
                Relation::SignedSum { difference: sum as i32, negated },
                n,
            ));
            return;
        }
        let sum = sum as u32;
        let distinct = cells.iter().enumerate().all(|(i, &a)| cells[i + 1..].iter().all(|&b| see(a, b)));
        let table = if distinct { combinations(n, cells.len(), sum).map(Arc::from) } else { None };
        let label = format!("{label} (sum {sum})");
        out.push(Constraint::new(
            ConstraintKind::HouseSum,
            label,
            cells,
            Relation::Sum { sum, combinations: table },
            n,
        ));
    };
    for (name, inside, total) in &regions {
        let mut covered = vec![false; n * n];
        let mut in_sum = 0i64;
        let mut touching_sum = 0i64;
        let mut outside: Vec<Cell> = Vec::new();
        for (cells, sum) in &cages {
            let within = cells.iter().filter(|&&c| inside[c]).count();
            if within == 0 {
                continue;
            }
            touching_sum += i64::from(*sum);
            cells.iter().for_each(|&c| covered[c] = true);
            if within == cells.len() {
                in_sum += i64::from(*sum);
            } else {
                outside.extend(cells.iter().filter(|&&c| !inside[c]));
            }
        }
        // Innies: the region's cells outside the cages wholly inside it.
        let mut in_cages = vec![false; n * n];
        for (cells, _) in &cages {
            if cells.iter().all(|&c| inside[c]) {
                cells.iter().for_each(|&c| in_cages[c] = true);
            }
        }
        let innies: Vec<Cell> = (0..n * n).filter(|&c| inside[c] && !in_cages[c]).collect();
        let region_cells = inside.iter().filter(|&&b| b).count();
        if innies.len() < region_cells {
            add(format!("innies of {name}"), innies, total - in_sum, 0, &mut out);
        }
        // Outies: when cages cover the region.
        if (0..n * n).all(|c| !inside[c] || covered[c]) && !outside.is_empty() {
            outside.sort_unstable();
            add(format!("outies of {name}"), outside, touching_sum - total, 0, &mut out);
        }
        // Innies minus outies: each cage sticking out counted by its cells inside (added) or,
        // when fewer, by its sum less its cells outside (subtracted); the uncaged cells added.
        let mut plus: Vec<Cell> = (0..n * n).filter(|&c| inside[c] && !covered[c]).collect();
        let mut minus: Vec<Cell> = Vec::new();
        let mut difference = total - in_sum;
        for (cells, sum) in &cages {
            let within = cells.iter().filter(|&&c| inside[c]).count();
            if within == 0 || within == cells.len() {
                continue;
            }
            if cells.len() - within < within {
                minus.extend(cells.iter().filter(|&&c| !inside[c]));
                difference -= i64::from(*sum);
            } else {
                plus.extend(cells.iter().filter(|&&c| inside[c]));
            }
        }
        if !plus.is_empty() && !minus.is_empty() {
            plus.sort_unstable();
            minus.sort_unstable();
            let m = minus.len();
            add(format!("innies minus outies of {name}"), [plus, minus].concat(), difference, m, &mut out);
        }
    }
    out
}

fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut v = cells.to_vec();
    v.sort_unstable();
    v
}
