//! An independent validator: checks grids against a model's units directly, sharing no code with
//! any strategy. Every solution in the test suite is checked here.
//!
//! Regex lines share only the pattern's parser with the model: the validator matches the
//! parsed pattern itself (the sets of places a match can end at, sub-pattern by sub-pattern),
//! not through the automaton the strategies filter with.

use std::collections::BTreeSet;
use std::fmt;

use crate::model::Model;
use crate::pattern::Node;
use crate::spec::{CellRef, Mark, Rule, Spec, Ties};
use crate::unit::UnitKind;
use crate::{Cell, Grid, Symbols, Value, cell_name};

/// Two cells of one unit holding the same value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The first cell (row-major order).
    pub first: Cell,
    /// The second cell.
    pub second: Cell,
    /// The value both hold.
    pub value: Value,
    /// The symbol that writes it.
    pub symbol: char,
    /// The unit's label, like `row 1`.
    pub unit: String,
    /// The unit's kind.
    pub kind: UnitKind,
    /// The grid size, for cell names.
    pub size: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (cell_name(self.first, self.size), cell_name(self.second, self.size));
        match self.kind {
            UnitKind::AntiKnight => write!(f, "{a} and {b} both hold {}, a knight's move apart", self.symbol),
            UnitKind::AntiKing => write!(f, "{a} and {b} both hold {}, a king's move apart", self.symbol),
            _ => write!(f, "{a} and {b} both hold {} in {}", self.symbol, self.unit),
        }
    }
}

impl std::error::Error for Conflict {}

/// The first unit (in model order) where two cells hold the same value, written with the model's
/// alphabet.
pub fn find_conflict(model: &Model, grid: &Grid) -> Option<Conflict> {
    find_conflict_written(model, grid, model.symbols())
}

/// As [`find_conflict`], naming values with `symbols`.
pub fn find_conflict_written(model: &Model, grid: &Grid, symbols: &Symbols) -> Option<Conflict> {
    let n = model.size();
    let mut seen: Vec<Option<Cell>> = vec![None; n + 1];
    for unit in model.units() {
        seen.iter_mut().for_each(|s| *s = None);
        for &cell in &unit.cells {
            let v = grid.get(cell);
            if v == 0 {
                continue;
            }
            if let Some(first) = seen[usize::from(v)] {
                return Some(Conflict {
                    first,
                    second: cell,
                    value: v,
                    symbol: symbols.symbol(v),
                    unit: unit.label.clone(),
                    kind: unit.kind,
                    size: n,
                });
            }
            seen[usize::from(v)] = Some(cell);
        }
    }
    None
}

/// Why a grid is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Violation {
    /// The grid has the wrong size.
    #[error("the grid is {found}×{found}, expected {expected}×{expected}")]
    WrongSize {
        /// The grid's size.
        found: usize,
        /// The model's size.
        expected: usize,
    },
    /// A cell is empty.
    #[error("{cell} is empty")]
    Empty {
        /// The cell's name.
        cell: String,
    },
    /// A given was changed.
    #[error("{cell} holds {found}, but the puzzle gives {given}")]
    GivenChanged {
        /// The cell's name.
        cell: String,
        /// The given value.
        given: Value,
        /// The value in the grid.
        found: Value,
    },
    /// Two cells of a unit hold the same value.
    #[error("{0}")]
    Conflict(Conflict),
    /// A rule beyond houses is broken (a cage's sum, a thermometer, a dot, …).
    #[error("{0}")]
    Rule(String),
}

/// Checks that `solution` is complete, keeps every given, and breaks no unit of the model.
pub fn check_solution(model: &Model, givens: &Grid, solution: &Grid) -> Result<(), Violation> {
    let n = model.size();
    if solution.size() != n || givens.size() != n {
        return Err(Violation::WrongSize { found: solution.size(), expected: n });
    }
    for cell in 0..n * n {
        let (g, v) = (givens.get(cell), solution.get(cell));
        if v == 0 {
            return Err(Violation::Empty { cell: cell_name(cell, n) });
        }
        if g != 0 && g != v {
            return Err(Violation::GivenChanged { cell: cell_name(cell, n), given: g, found: v });
        }
    }
    if let Some(c) = find_conflict(model, solution) {
        return Err(Violation::Conflict(c));
    }
    match broken_rule(model.spec(), solution) {
        Some(message) => Err(Violation::Rule(message)),
        None => Ok(()),
    }
}

/// The first rule beyond houses and groups that a full grid breaks, said in words: read
/// straight from the spec's rules, sharing no code with the model's constraints or any strategy.
pub fn broken_rule(spec: &Spec, grid: &Grid) -> Option<String> {
    let n = spec.size;
    if grid.size() != n {
        return Some(format!("the grid is {}×{}, expected {n}×{n}", grid.size(), grid.size()));
    }
    let at = |c: &CellRef| u32::from(grid.get((c.row - 1) * n + c.col - 1));
    let name = |c: &CellRef| c.to_string();
    let mut marked: Vec<(Mark, CellRef, CellRef)> = Vec::new();
    for rule in &spec.rules {
        match rule {
            Rule::WhiteDot { cells } if cells.len() == 2 => marked.push((Mark::WhiteDot, cells[0], cells[1])),
            Rule::BlackDot { cells } if cells.len() == 2 => marked.push((Mark::BlackDot, cells[0], cells[1])),
            Rule::X { cells } if cells.len() == 2 => marked.push((Mark::X, cells[0], cells[1])),
            Rule::V { cells } if cells.len() == 2 => marked.push((Mark::V, cells[0], cells[1])),
            _ => {}
        }
    }
    let holds = |mark: Mark, a: u32, b: u32| match mark {
        Mark::WhiteDot => a + 1 == b || b + 1 == a,
        Mark::BlackDot => a == 2 * b || b == 2 * a,
        Mark::X => a + b == 10,
        Mark::V => a + b == 5,
    };
    for rule in &spec.rules {
        match rule {
            Rule::Cage { cells, sum } => {
                let values: Vec<u32> = cells.iter().map(at).collect();
                for (i, a) in values.iter().enumerate() {
                    if values[i + 1..].contains(a) {
                        return Some(format!("the cage at {} repeats {a}", name(&cells[0])));
                    }
                }
                if let Some(s) = sum
                    && values.iter().sum::<u32>() != *s
                {
                    return Some(format!(
                        "the cage at {} adds up to {}, not {s}",
                        name(&cells[0]),
                        values.iter().sum::<u32>()
                    ));
                }
            }
            Rule::Thermometer { cells } => {
                for w in cells.windows(2) {
                    if at(&w[1]) <= at(&w[0]) {
                        return Some(format!("the thermometer does not rise from {} to {}", name(&w[0]), name(&w[1])));
                    }
                }
            }
            Rule::Arrow { circle, line } => {
                let total: u32 = line.iter().map(at).sum();
                if total != at(circle) {
                    return Some(format!("the arrow from {} adds up to {total}, not {}", name(circle), at(circle)));
                }
            }
            Rule::WhiteDot { cells } | Rule::BlackDot { cells } | Rule::X { cells } | Rule::V { cells } => {
                let mark = match rule {
                    Rule::WhiteDot { .. } => Mark::WhiteDot,
                    Rule::BlackDot { .. } => Mark::BlackDot,
                    Rule::X { .. } => Mark::X,
                    _ => Mark::V,
                };
                if !holds(mark, at(&cells[0]), at(&cells[1])) {
                    return Some(format!(
                        "the {} between {} and {} does not hold",
                        mark.name(),
                        name(&cells[0]),
                        name(&cells[1])
                    ));
                }
            }
            Rule::Even { cells } | Rule::Odd { cells } => {
                let even = matches!(rule, Rule::Even { .. });
                if let Some(c) = cells.iter().find(|c| (at(c) % 2 == 0) != even) {
                    return Some(format!(
                        "{} holds {}, which is not {}",
                        name(c),
                        at(c),
                        if even { "even" } else { "odd" }
                    ));
                }
            }
            Rule::Candidates { cell, values } if !values.contains(&at(cell)) => {
                return Some(format!("{} holds {}, which is not one of its candidates", name(cell), at(cell)));
            }
            Rule::Whisper { cells, difference } => {
                let d = difference.unwrap_or(n.div_ceil(2) as u32);
                for w in cells.windows(2) {
                    if at(&w[0]).abs_diff(at(&w[1])) < d {
                        return Some(format!(
                            "the whisper from {} to {} differs by less than {d}",
                            name(&w[0]),
                            name(&w[1])
                        ));
                    }
                }
            }
            Rule::Renban { cells } => {
                let mut values: Vec<u32> = cells.iter().map(at).collect();
                values.sort_unstable();
                if values.windows(2).any(|w| w[1] != w[0] + 1) {
                    return Some(format!("the renban line at {} is not a run of consecutive values", name(&cells[0])));
                }
            }
            Rule::Palindrome { cells } => {
                let k = cells.len();
                if (0..k).any(|i| at(&cells[i]) != at(&cells[k - 1 - i])) {
                    return Some(format!("the palindrome at {} does not read the same both ways", name(&cells[0])));
                }
            }
            Rule::LittleKiller { cells, sum } => {
                let total: u32 = cells.iter().map(at).sum();
                if total != *sum {
                    return Some(format!(
                        "the little killer diagonal at {} adds up to {total}, not {sum}",
                        name(&cells[0])
                    ));
                }
            }
            Rule::Sandwich { row, column, sum } => {
                let line: Vec<u32> = (1..=n)
                    .map(|i| match (row, column) {
                        (Some(r), _) => at(&CellRef { row: *r, col: i }),
                        (_, Some(c)) => at(&CellRef { row: i, col: *c }),
                        _ => 0,
                    })
                    .collect();
                let ones: Vec<usize> = (0..n).filter(|&i| line[i] == 1).collect();
                let bigs: Vec<usize> = (0..n).filter(|&i| line[i] == n as u32).collect();
                let what = match (row, column) {
                    (Some(r), _) => format!("row {r}"),
                    (_, Some(c)) => format!("column {c}"),
                    _ => "?".into(),
                };
                if ones.len() != 1 || bigs.len() != 1 {
                    return Some(format!("the sandwich in {what} needs one 1 and one {n}"));
                }
                let (lo, hi) = (ones[0].min(bigs[0]), ones[0].max(bigs[0]));
                let total: u32 = line[lo + 1..hi].iter().sum();
                if total != *sum {
                    return Some(format!("the sandwich in {what} holds {total}, not {sum}"));
                }
            }
            Rule::Pair { name: label, cells, allowed, holds } => {
                // The rule as written: the listed pairs, or the condition evaluated afresh.
                let condition = holds.as_deref().and_then(|t| crate::expr::PairExpr::parse(t).ok());
                for w in cells.windows(2) {
                    let (a, b) = (at(&w[0]), at(&w[1]));
                    let ok = match (allowed, &condition) {
                        (Some(list), _) => list.contains(&(a, b)),
                        (None, Some(expr)) => expr.allows(a, b, n),
                        (None, None) => false,
                    };
                    if !ok {
                        return Some(format!(
                            "{} and {} hold {a} and {b}, which {} does not allow",
                            name(&w[0]),
                            name(&w[1]),
                            label.as_deref().unwrap_or("the pair rule")
                        ));
                    }
                }
            }
            Rule::Regex { cells, pattern } => {
                let symbols = match &spec.symbols {
                    Some(text) => match Symbols::new(text, n) {
                        Ok(s) => s,
                        Err(e) => return Some(e.to_string()),
                    },
                    None => Symbols::default_for(n),
                };
                let node = match crate::pattern::parse(pattern, &symbols) {
                    Ok(node) => node,
                    Err(e) => return Some(format!("the regex line at {}: pattern {e}", name(&cells[0]))),
                };
                let values: Vec<u32> = cells.iter().map(at).collect();
                if !pattern_matches(&node, &values) {
                    let read: String = values.iter().map(|&v| symbols.symbol(v as u8)).collect();
                    return Some(format!(
                        "the regex line at {} reads {read}, which does not match {:?}",
                        name(&cells[0]),
                        pattern
                    ));
                }
            }
            Rule::Between { cells } | Rule::Lockout { cells, .. } => {
                let (a, b) = (at(&cells[0]), at(&cells[cells.len() - 1]));
                let (lo, hi) = (a.min(b), a.max(b));
                let inner = &cells[1..cells.len() - 1];
                if let Rule::Lockout { difference, .. } = rule {
                    let d = difference.unwrap_or(n as u32 / 2);
                    if hi - lo < d {
                        return Some(format!(
                            "the lockout line's ends {} and {} hold {a} and {b}, less than {d} apart",
                            name(&cells[0]),
                            name(&cells[cells.len() - 1])
                        ));
                    }
                    if let Some(c) = inner.iter().find(|c| (lo..=hi).contains(&at(c))) {
                        return Some(format!(
                            "{} on the lockout line at {} holds {}, from {lo} to {hi} of its ends",
                            name(c),
                            name(&cells[0]),
                            at(c)
                        ));
                    }
                } else if let Some(c) = inner.iter().find(|c| !(lo + 1..hi).contains(&at(c))) {
                    return Some(format!(
                        "{} on the between line at {} holds {}, not strictly between its ends' {a} and {b}",
                        name(c),
                        name(&cells[0]),
                        at(c)
                    ));
                }
            }
            Rule::Skyscraper { row, column, from_end, count } => {
                let (line, what) = clue_line(n, *row, *column, *from_end, &at);
                // A value is seen when it is higher than every value before it.
                let seen = (0..n).filter(|&i| line[..i].iter().all(|&before| before < line[i])).count();
                if seen != *count as usize {
                    return Some(format!("the skyscraper clue of {what} sees {seen}, not {count}"));
                }
            }
            Rule::XSum { row, column, from_end, sum } => {
                let (line, what) = clue_line(n, *row, *column, *from_end, &at);
                // The first value says how many values, it included, are added up.
                let x = (line[0] as usize).min(n);
                let total: u32 = line[..x].iter().sum();
                if total != *sum {
                    return Some(format!(
                        "the X-sum clue of {what}: its first {x} values add up to {total}, not {sum}"
                    ));
                }
            }
            Rule::Quadruple { cell, values } => {
                // Each listed value needs a cell of its own in the block holding it.
                let block: Vec<u32> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .iter()
                    .map(|&(dr, dc)| at(&CellRef { row: cell.row + dr, col: cell.col + dc }))
                    .collect();
                for &v in values {
                    let wanted = values.iter().filter(|&&x| x == v).count();
                    let found = block.iter().filter(|&&x| x == v).count();
                    if found < wanted {
                        return Some(format!(
                            "the quadruple at {} holds {v} {} times, not at least {wanted}",
                            name(cell),
                            found
                        ));
                    }
                }
            }
            Rule::Sum { cells, sum } => {
                let total: u32 = cells.iter().map(at).sum();
                if total != *sum {
                    return Some(format!("the sum at {} adds up to {total}, not {sum}", name(&cells[0])));
                }
            }
            Rule::Rellik { cells, sum } => {
                let values: Vec<u32> = cells.iter().map(at).collect();
                for (i, a) in values.iter().enumerate() {
                    if values[i + 1..].contains(a) {
                        return Some(format!("the rellik cage at {} repeats {a}", name(&cells[0])));
                    }
                }
                // The totals sets of the values make, each with the last value added to reach it
                // (a value added once: totals are updated from the top down).
                let target = *sum as usize;
                let mut from: Vec<Option<u32>> = vec![None; target + 1];
                for &v in &values {
                    for t in (v as usize..=target).rev() {
                        if from[t].is_none() && (t == v as usize || from[t - v as usize].is_some()) {
                            from[t] = Some(v);
                        }
                    }
                }
                if from[target].is_some() {
                    let mut parts = Vec::new();
                    let mut t = target;
                    while let Some(v) = from[t].filter(|_| t > 0) {
                        parts.push(v.to_string());
                        t -= v as usize;
                    }
                    return Some(format!(
                        "the rellik cage at {}: {} add up to {sum}",
                        name(&cells[0]),
                        parts.join(" + ")
                    ));
                }
            }
            Rule::PillArrow { pill, line } => {
                let number = pill.iter().fold(0u64, |acc, c| acc * 10 + u64::from(at(c)));
                let total: u64 = line.iter().map(|c| u64::from(at(c))).sum();
                if let Some(c) = pill.iter().skip(1).find(|c| at(c) > 9) {
                    return Some(format!("the pill at {} has {} at {}, not a digit", name(&pill[0]), at(c), name(c)));
                }
                if number != total {
                    return Some(format!("the pill arrow from {} adds up to {total}, not {number}", name(&pill[0])));
                }
            }
            Rule::DoubleArrow { cells } if cells.len() >= 2 => {
                let k = cells.len();
                let ends = at(&cells[0]) + at(&cells[k - 1]);
                let middle: u32 = cells[1..k - 1].iter().map(at).sum();
                if ends != middle {
                    return Some(format!(
                        "the double arrow from {} to {}: the middle adds up to {middle}, the ends to {ends}",
                        name(&cells[0]),
                        name(&cells[k - 1])
                    ));
                }
            }
            Rule::SumLine { cells, sum, closed: true } => {
                // Some rotation of the loop cuts into segments of the total: try each start.
                let k = cells.len();
                let cut = (0..k).any(|start| {
                    let mut part = 0u64;
                    (0..k).all(|i| {
                        part += u64::from(at(&cells[(start + i) % k]));
                        if part == u64::from(*sum) {
                            part = 0;
                        }
                        part < u64::from(*sum)
                    }) && part == 0
                });
                if !cut {
                    return Some(format!(
                        "the sum loop from {}: no way round it splits into segments adding up to {sum}",
                        name(&cells[0])
                    ));
                }
            }
            Rule::Lunchbox { cells, sum } => {
                let values: Vec<u32> = cells.iter().map(at).collect();
                for (i, a) in values.iter().enumerate() {
                    if values[i + 1..].contains(a) {
                        return Some(format!("the lunchbox at {} repeats {a}", name(&cells[0])));
                    }
                }
                let lo = (0..values.len()).min_by_key(|&i| values[i]).unwrap_or(0);
                let hi = (0..values.len()).max_by_key(|&i| values[i]).unwrap_or(0);
                let between: u32 = values[lo.min(hi) + 1..lo.max(hi).max(lo.min(hi) + 1)].iter().sum();
                if between != *sum {
                    return Some(format!(
                        "the lunchbox at {}: the values between its smallest and largest add up to {between}, not {sum}",
                        name(&cells[0])
                    ));
                }
            }
            Rule::HiddenSkyscraper { row, column, from_end, value } => {
                let Some(line) = clue_cells(n, *row, *column, *from_end).filter(|_| row.is_none() || column.is_none())
                else {
                    return Some("a hidden skyscraper clue needs a row or a column".to_string());
                };
                // The first value not higher than every one before it.
                let mut high = 0;
                let hidden = line.iter().find(|c| {
                    let v = at(c);
                    let hid = v <= high;
                    high = high.max(v);
                    hid
                });
                match hidden {
                    Some(c) if at(c) == *value => {}
                    Some(c) => {
                        return Some(format!(
                            "the hidden skyscraper clue {value} at {}: the first hidden value, at {}, is {}",
                            name(&line[0]),
                            name(c),
                            at(c)
                        ));
                    }
                    None => {
                        return Some(format!(
                            "the hidden skyscraper clue {value} at {}: no value of the line is hidden",
                            name(&line[0])
                        ));
                    }
                }
            }
            Rule::NumberedRoom { row, column, from_end, value } => {
                let Some(line) = clue_cells(n, *row, *column, *from_end).filter(|_| row.is_none() || column.is_none())
                else {
                    return Some("a numbered room clue needs a row or a column".to_string());
                };
                let x = at(&line[0]) as usize;
                if at(&line[x - 1]) != *value {
                    return Some(format!(
                        "the numbered room clue {value} at {}: its first cell holds {x}, and cell {x} from there, {}, holds {}",
                        name(&line[0]),
                        name(&line[x - 1]),
                        at(&line[x - 1])
                    ));
                }
            }
            Rule::ColumnIndexer { cells } | Rule::RowIndexer { cells } => {
                let by_column = matches!(rule, Rule::ColumnIndexer { .. });
                for a in cells {
                    let v = at(a) as usize;
                    let (index, target) = if by_column {
                        (a.col, CellRef { row: a.row, col: v })
                    } else {
                        (a.row, CellRef { row: v, col: a.col })
                    };
                    if at(&target) as usize != index {
                        let (line, what) = if by_column { ("column", "row") } else { ("row", "column") };
                        return Some(format!(
                            "the {line} indexer {} holds {v}, but {target}, the cell of its {what} in {line} {v}, holds {} instead of {index}",
                            name(a),
                            at(&target)
                        ));
                    }
                }
            }
            Rule::Minimum { cells } | Rule::Maximum { cells } => {
                let least = matches!(rule, Rule::Minimum { .. });
                for c in cells {
                    let (r, col) = (c.row, c.col);
                    let around = [(r.wrapping_sub(1), col), (r + 1, col), (r, col.wrapping_sub(1)), (r, col + 1)];
                    for (rr, cc) in around {
                        if rr == 0 || cc == 0 || rr > n || cc > n {
                            continue;
                        }
                        let other = CellRef { row: rr, col: cc };
                        let (x, y) = (at(c), at(&other));
                        if (least && x >= y) || (!least && x <= y) {
                            return Some(format!(
                                "{} cell {} holds {x} but its neighbour {} holds {y}",
                                if least { "minimum" } else { "maximum" },
                                name(c),
                                name(&other)
                            ));
                        }
                    }
                }
            }
            Rule::CountingCircles { cells } => {
                // Straight from the definition: each circle's value is how many circles hold it.
                for c in cells {
                    let count = cells.iter().filter(|d| at(d) == at(c)).count();
                    if count != at(c) as usize {
                        return Some(format!(
                            "counting circle {} holds {} but {} of the circles hold {}",
                            name(c),
                            at(c),
                            count,
                            at(c)
                        ));
                    }
                }
            }
            Rule::Clone { cells, clone } => {
                for (a, b) in cells.iter().zip(clone) {
                    if at(a) != at(b) {
                        return Some(format!("{} holds {} but its clone {} holds {}", name(a), at(a), name(b), at(b)));
                    }
                }
            }
            Rule::StateMachine { name: label, cells, start, accept, transitions } => {
                // Run the machine as given: the set of states it may be in after each value.
                let symbols = match &spec.symbols {
                    Some(text) => match Symbols::new(text, n) {
                        Ok(s) => s,
                        Err(e) => return Some(e.to_string()),
                    },
                    None => Symbols::default_for(n),
                };
                let what = match label {
                    Some(l) => format!("the state machine {l:?} from {}", name(&cells[0])),
                    None => format!("the state machine from {}", name(&cells[0])),
                };
                let mut here: BTreeSet<usize> = start.iter().copied().collect();
                for c in cells {
                    let v = at(c);
                    let mut next = BTreeSet::new();
                    for (from, values, to) in transitions {
                        if here.contains(from) {
                            match crate::pattern::value_set(values, &symbols) {
                                Ok(mask) if (1..=64).contains(&v) && mask >> (v - 1) & 1 == 1 => {
                                    next.insert(*to);
                                }
                                Ok(_) => {}
                                Err(e) => return Some(format!("{what}: values {values:?} {e}")),
                            }
                        }
                    }
                    here = next;
                }
                if !here.iter().any(|q| accept.contains(q)) {
                    let read: Vec<String> = cells.iter().map(|c| at(c).to_string()).collect();
                    return Some(format!("{what} reads {}, which it does not accept", read.join(", ")));
                }
            }
            Rule::SumLine { cells, sum, .. } => {
                // Cut the line greedily: a segment ends as soon as it reaches the total (values
                // are positive, so that is the only place it can end).
                let mut part = 0u64;
                for c in cells {
                    part += u64::from(at(c));
                    if part == u64::from(*sum) {
                        part = 0;
                    } else if part > u64::from(*sum) {
                        return Some(format!(
                            "the sum line from {}: a segment ending at {} adds up to {part}, past {sum}",
                            name(&cells[0]),
                            name(c)
                        ));
                    }
                }
                if part != 0 {
                    return Some(format!(
                        "the sum line from {}: its last segment adds up to {part}, not {sum}",
                        name(&cells[0])
                    ));
                }
            }
            Rule::Entropic { cells } | Rule::Modular { cells, .. } => {
                let (entropic, m) = match rule {
                    Rule::Modular { modulus, .. } => (false, modulus.unwrap_or(3).max(1)),
                    _ => (true, 3),
                };
                let class = |v: u32| if entropic { (v - 1) * 3 / n as u32 } else { v % m };
                // Every m consecutive cells (all of a shorter line): different classes.
                for (i, a) in cells.iter().enumerate() {
                    for b in cells.iter().skip(i + 1).take(m as usize - 1) {
                        if class(at(a)) == class(at(b)) {
                            return Some(format!(
                                "the {} line at {}: {} and {} hold {} and {}, {}",
                                if entropic { "entropic" } else { "modular" },
                                name(&cells[0]),
                                name(a),
                                name(b),
                                at(a),
                                at(b),
                                if entropic {
                                    "in the same third".to_string()
                                } else {
                                    format!("the same remainder mod {m}")
                                }
                            ));
                        }
                    }
                }
            }
            Rule::ParityLine { cells } => {
                if let Some(w) = cells.windows(2).find(|w| at(&w[0]) % 2 == at(&w[1]) % 2) {
                    return Some(format!(
                        "the parity line at {}: {} and {} are both {}",
                        name(&cells[0]),
                        name(&w[0]),
                        name(&w[1]),
                        if at(&w[0]) % 2 == 0 { "even" } else { "odd" }
                    ));
                }
            }
            Rule::Zipper { cells } => {
                let k = cells.len();
                let total = if k % 2 == 1 { at(&cells[k / 2]) } else { at(&cells[0]) + at(&cells[k - 1]) };
                if let Some(i) = (0..k / 2).find(|&i| at(&cells[i]) + at(&cells[k - 1 - i]) != total) {
                    return Some(format!(
                        "the zipper line at {}: {} and {} add up to {}, not {total}",
                        name(&cells[0]),
                        name(&cells[i]),
                        name(&cells[k - 1 - i]),
                        at(&cells[i]) + at(&cells[k - 1 - i])
                    ));
                }
            }
            Rule::RegionSum { cells } => {
                // The box (or region) of each cell, straight from the spec's Boxes or Regions rule.
                let region = |c: &CellRef| -> Option<(usize, char)> {
                    spec.rules
                        .iter()
                        .find_map(|r| match r {
                            Rule::Boxes { rows, cols } if *rows > 0 && *cols > 0 => {
                                Some(((c.row - 1) / rows * n + (c.col - 1) / cols, ' '))
                            }
                            _ => None,
                        })
                        .or_else(|| {
                            spec.rules.iter().find_map(|r| match r {
                                Rule::Regions(map) => map.get(c.row - 1)?.chars().nth(c.col - 1).map(|ch| (0, ch)),
                                _ => None,
                            })
                        })
                };
                let mut sums: Vec<u32> = vec![at(&cells[0])];
                for w in cells.windows(2) {
                    if region(&w[0]) != region(&w[1]) {
                        sums.push(0);
                    }
                    *sums.last_mut().expect("one segment at least") += at(&w[1]);
                }
                if sums.iter().any(|&s| s != sums[0]) {
                    return Some(format!(
                        "the region-sum line at {} has segments adding up to {}",
                        name(&cells[0]),
                        sums.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
                    ));
                }
            }
            Rule::SlowThermometer { cells } => {
                for w in cells.windows(2) {
                    if at(&w[1]) < at(&w[0]) {
                        return Some(format!("the slow thermometer falls from {} to {}", name(&w[0]), name(&w[1])));
                    }
                }
            }
            Rule::Or(branches) => {
                // Each branch on its own: its rules read as a spec of their own, and its groups
                // checked here (they are units of no model).
                let broken: Vec<String> = branches
                    .iter()
                    .map_while(|branch| {
                        for r in branch {
                            if let Rule::AtMostOnce { name: label, cells } = r {
                                for (i, a) in cells.iter().enumerate() {
                                    if let Some(b) = cells[i + 1..].iter().find(|b| at(b) == at(a)) {
                                        return Some(format!(
                                            "{} and {} both hold {} in group {label:?}",
                                            name(a),
                                            name(b),
                                            at(a)
                                        ));
                                    }
                                }
                            }
                        }
                        let own = Spec {
                            name: spec.name.clone(),
                            summary: String::new(),
                            size: n,
                            symbols: None,
                            rules: branch.clone(),
                        };
                        broken_rule(&own, grid)
                    })
                    .collect();
                if broken.len() == branches.len() {
                    let why: Vec<String> =
                        broken.iter().enumerate().map(|(b, why)| format!("branch {}: {why}", b + 1)).collect();
                    return Some(format!("no branch of the Or holds ({})", why.join("; ")));
                }
            }
            Rule::FullRank { row, column, from_end, rank } => {
                // All 4n numbers, each row and column read from both ends; compared as
                // sequences of values (one digit each, most significant first).
                let mut numbers: Vec<Vec<u32>> = Vec::with_capacity(4 * n);
                for i in 1..=n {
                    for (r, c) in [(Some(i), None), (None, Some(i))] {
                        for end in [false, true] {
                            numbers.push(clue_line(n, r, c, end, &at).0);
                        }
                    }
                }
                let (own, what) = clue_line(n, *row, *column, *from_end, &at);
                let lower = numbers.iter().filter(|x| **x < own).count();
                // The number itself is among the 4n once.
                let equal = numbers.iter().filter(|x| **x == own).count() - 1;
                if lower + 1 != *rank as usize {
                    return Some(format!(
                        "the full-rank clue of {what}: {lower} numbers are lower, so its rank is {}, not {rank}",
                        lower + 1
                    ));
                }
                let ties = spec.rules.iter().find_map(|r| if let Rule::FullRankTies(t) = r { Some(*t) } else { None });
                if equal > 0 && ties != Some(Ties::Any) {
                    return Some(format!(
                        "the full-rank clue of {what}: {equal} other numbers equal it, and ties of a clue's number are not allowed"
                    ));
                }
            }
            Rule::FullRankTies(Ties::Never) => {
                let mut numbers: Vec<(Vec<u32>, String)> = Vec::with_capacity(4 * n);
                for i in 1..=n {
                    for (r, c) in [(Some(i), None), (None, Some(i))] {
                        for end in [false, true] {
                            numbers.push(clue_line(n, r, c, end, &at));
                        }
                    }
                }
                numbers.sort();
                if let Some(w) = numbers.windows(2).find(|w| w[0].0 == w[1].0) {
                    return Some(format!("full rank without ties: {} and {} read the same number", w[0].1, w[1].1));
                }
            }
            Rule::Negative(_) | Rule::NonConsecutive => {
                let negative: Vec<Mark> = match rule {
                    Rule::Negative(list) => list.clone(),
                    _ => vec![Mark::WhiteDot],
                };
                for r in 1..=n {
                    for c in 1..=n {
                        let a = CellRef { row: r, col: c };
                        for b in [CellRef { row: r, col: c + 1 }, CellRef { row: r + 1, col: c }] {
                            if b.row > n || b.col > n {
                                continue;
                            }
                            let has_mark = marked
                                .iter()
                                .any(|&(m, x, y)| negative.contains(&m) && ((x == a && y == b) || (x == b && y == a)));
                            if has_mark {
                                continue;
                            }
                            if let Some(m) = negative.iter().find(|&&m| holds(m, at(&a), at(&b))) {
                                return Some(format!(
                                    "{} and {} have no {} between them, but their values {} and {} would need one",
                                    name(&a),
                                    name(&b),
                                    m.name(),
                                    at(&a),
                                    at(&b)
                                ));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// True when the values (from 1) match the whole parsed pattern.
#[doc(hidden)]
pub fn pattern_matches(node: &Node, values: &[u32]) -> bool {
    let mut starts = vec![false; values.len() + 1];
    starts[0] = true;
    ends(node, values, &starts)[values.len()]
}

/// The values of a clue's row or column read from the clue's side, and where it stands
/// (`row 3 from the right`).
fn clue_line(
    n: usize,
    row: Option<usize>,
    column: Option<usize>,
    from_end: bool,
    at: &impl Fn(&CellRef) -> u32,
) -> (Vec<u32>, String) {
    // A clue naming neither (refused when the spec compiles) reads as n blanks.
    let line = clue_cells(n, row, column, from_end).map_or_else(|| vec![0; n], |cells| cells.iter().map(at).collect());
    let what = match (row, column) {
        (Some(r), _) => format!("row {r} from the {}", if from_end { "right" } else { "left" }),
        (_, Some(c)) => format!("column {c} from the {}", if from_end { "bottom" } else { "top" }),
        _ => "?".into(),
    };
    (line, what)
}

/// The cells of a clue's row (when `row` is given) or column, read from the clue's side; `None`
/// when it names neither.
fn clue_cells(n: usize, row: Option<usize>, column: Option<usize>, from_end: bool) -> Option<Vec<CellRef>> {
    let mut line: Vec<CellRef> = match (row, column) {
        (Some(r), _) => (1..=n).map(|c| CellRef { row: r, col: c }).collect(),
        (_, Some(c)) => (1..=n).map(|r| CellRef { row: r, col: c }).collect(),
        _ => return None,
    };
    if from_end {
        line.reverse();
    }
    Some(line)
}

/// Where a match of `node` may end in `values` when it starts at one of `starts` (`starts[i]`:
/// before the i-th value; both have one place more than there are values).
fn ends(node: &Node, values: &[u32], starts: &[bool]) -> Vec<bool> {
    let union = |a: &mut Vec<bool>, b: &[bool]| a.iter_mut().zip(b).for_each(|(x, &y)| *x |= y);
    match node {
        Node::Empty => starts.to_vec(),
        &Node::Class(mask) => {
            let mut out = vec![false; starts.len()];
            for (i, &v) in values.iter().enumerate() {
                out[i + 1] = starts[i] && (1..=64).contains(&v) && mask >> (v - 1) & 1 == 1;
            }
            out
        }
        Node::Concat(parts) => parts.iter().fold(starts.to_vec(), |at, part| ends(part, values, &at)),
        Node::Alt(parts) => {
            let mut out = vec![false; starts.len()];
            for part in parts {
                union(&mut out, &ends(part, values, starts));
            }
            out
        }
        Node::Repeat { node, min, max } => {
            let mut here = starts.to_vec();
            for _ in 0..*min {
                here = ends(node, values, &here);
            }
            let mut out = here.clone();
            match max {
                Some(max) => {
                    for _ in *min..*max {
                        here = ends(node, values, &here);
                        union(&mut out, &here);
                    }
                }
                // Any number more: grow the set until one more copy adds nothing.
                None => loop {
                    let more = ends(node, values, &out);
                    let before = out.clone();
                    union(&mut out, &more);
                    if out == before {
                        break;
                    }
                },
            }
            out
        }
    }
}
