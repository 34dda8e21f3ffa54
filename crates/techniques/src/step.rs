//! A step of a human solve, and its sentence.

use coverlab_model::{Cell, Model, Symbols, Value};
use serde::Serialize;

use crate::Technique;
use crate::bits::{bit, values};
use crate::find::als::CellSet;
use crate::find::forcing::{Branch, Clash, Rule};

/// One deduction: what a technique found, what it places and what it rules out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The technique that found it.
    pub technique: Technique,
    /// The values it places: a single places one value; the other techniques place none.
    pub placements: Vec<(Cell, Value)>,
    /// The candidates it rules out, sorted and deduplicated; never empty unless `placements`
    /// is not.
    pub eliminations: Vec<(Cell, Value)>,
    /// Indices into [`Model::units`]: the units the pattern lives in (a hidden single's house;
    /// locked candidates' house and the unit it points into; a subset's unit; a fish's base
    /// rows (columns) then its cover columns (rows)). Empty for naked singles and constraints.
    pub units: Vec<usize>,
    /// The pattern's cells: the single's cell, the locked cells, the subset's cells, the fish's
    /// corners (its base candidates), a constraint's cells.
    pub cells: Vec<Cell>,
    /// The pattern's values: the single's value, the locked value, the subset's values, the
    /// fish's value; for a constraint, the values it rules out.
    pub values: Vec<Value>,
    /// For [`Technique::Constraint`]: the index into [`Model::constraints`].
    pub constraint: Option<usize>,
    /// For the forcing chains and nets: each branch's implications, from its premise to the
    /// conclusion or to a contradiction (empty for the other techniques).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chains: Vec<Branch>,
    /// For the almost locked set techniques, Sue de Coq and aligned pair exclusion: the groups
    /// of cells the pattern is made of, each with its candidates and unit (empty for the
    /// other techniques).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<CellSet>,
    /// For [`Technique::NestedForcingNet`]: its level, 1 when the candidates refuted inside
    /// the assumption are refuted by dynamic forcing chains, d when by nested nets of level
    /// d − 1 (none for the other techniques).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nesting: Option<u8>,
}

impl Step {
    /// A step of `technique` with nothing in it yet.
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            units: Vec::new(),
            cells: Vec::new(),
            values: Vec::new(),
            constraint: None,
            chains: Vec::new(),
            sets: Vec::new(),
            nesting: None,
        }
    }

    /// Sorts and deduplicates the eliminations.
    pub(crate) fn finish(mut self) -> Step {
        self.eliminations.sort_unstable();
        self.eliminations.dedup();
        self
    }

    /// One sentence a person can follow, values written with `symbols`:
    ///
    /// - `naked single: r5c5 can only be 9`
    /// - `hidden single: in box 3, 7 fits only r2c8`
    /// - `locked candidates: in box 1, 4 lies only in row 2, so 4 is out of r2c5, r2c7`
    /// - `naked pair: r1c2 and r1c7 in row 1 hold only 3 and 8, so they are out of r1c4 (3), r1c9 (3, 8)`
    /// - `hidden pair: in row 4, 2 and 6 fit only r4c1 and r4c5, so their other candidates go: r4c1 (3, 7), r4c5 (9)`
    /// - `x-wing: 5 in rows 2 and 7 lies only in columns 3 and 8, so 5 is out of r4c3, r9c8`
    /// - `constraint: cage 4 (sum 13) rules out 1, 2, 3 of r1c6 and r1c7`
    /// - `xy-wing: pivot r2c2 with pincers r2c7 and r5c2: whatever the pivot holds, 4 is in a
    ///   pincer, so it is out of r5c7`
    /// - `simple colouring: the strong links of 5 join r1c1, r1c9, r2c2, r9c2 and r9c9, which
    ///   hold 5 alternately; one colour has two cells that see each other, so it is the false
    ///   one: 5 is out of r1c1, r2c2, r9c9`
    /// - `w-wing: r1c1 and r5c9 hold only 3 and 7; in row 4, 3 is in r4c1 or r4c9, each seeing
    ///   one of them, so one of them holds 7: 7 is out of r1c9, r5c1`
    ///
    /// A step that does not have its technique's shape (built by hand) is described plainly by
    /// what it places and rules out; nothing here panics.
    pub fn describe(&self, model: &Model, symbols: &Symbols) -> String {
        self.sentence(model, symbols).unwrap_or_else(|| self.plain(model, symbols))
    }

    fn sentence(&self, model: &Model, symbols: &Symbols) -> Option<String> {
        let name = self.technique.name();
        let sym = |v: Value| symbol(symbols, v);
        let cell = |c: Cell| model.cell_name(c);
        let unit = |u: usize| model.units().get(u).map(|u| u.label.clone());
        let cells = |cs: &[Cell]| and_list(cs.iter().map(|&c| cell(c)).collect());
        let vals = |vs: &[Value]| and_list(vs.iter().map(|&v| sym(v)).collect());
        let one_value = |v: Value| self.eliminations.iter().all(|&(_, x)| x == v);
        let out_of = || comma_cells(model, &self.eliminations);
        match self.technique {
            Technique::NakedSingle => {
                let &[(c, v)] = self.placements.as_slice() else { return None };
                Some(format!("{name}: {} can only be {}", cell(c), sym(v)))
            }
            Technique::HiddenSingle => {
                let &[(c, v)] = self.placements.as_slice() else { return None };
                Some(format!("{name}: in {}, {} fits only {}", unit(*self.units.first()?)?, sym(v), cell(c)))
            }
            Technique::LockedCandidates => {
                let (&[a, b], &[v]) = (self.units.as_slice(), self.values.as_slice()) else { return None };
                if !one_value(v) || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: in {}, {} lies only in {}, so {} is out of {}",
                    unit(a)?,
                    sym(v),
                    unit(b)?,
                    sym(v),
                    out_of()
                ))
            }
            Technique::Constraint => {
                let c = model.constraints().get(self.constraint?)?;
                if self.eliminations.is_empty() {
                    return None;
                }
                Some(format!("{name}: {} rules out {}", c.label, grouped(model, symbols, &self.eliminations)))
            }
            Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
                let &[u] = self.units.as_slice() else { return None };
                if self.cells.is_empty() || self.values.is_empty() || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {} in {} hold only {}, so they are out of {}",
                    cells(&self.cells),
                    unit(u)?,
                    vals(&self.values),
                    per_cell(model, symbols, &self.eliminations)
                ))
            }
            Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
                let &[u] = self.units.as_slice() else { return None };
                if self.cells.is_empty() || self.values.is_empty() || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: in {}, {} fit only {}, so their other candidates go: {}",
                    unit(u)?,
                    vals(&self.values),
                    cells(&self.cells),
                    per_cell(model, symbols, &self.eliminations)
                ))
            }
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let &[v] = self.values.as_slice() else { return None };
                let k = self.units.len() / 2;
                if k == 0 || self.units.len() != 2 * k || !one_value(v) || self.eliminations.is_empty() {
                    return None;
                }
                let labels = |us: &[usize]| -> Option<String> {
                    Some(houses(&us.iter().map(|&u| unit(u)).collect::<Option<Vec<String>>>()?))
                };
                Some(format!(
                    "{name}: {} in {} lies only in {}, so {} is out of {}",
                    sym(v),
                    labels(&self.units[..k])?,
                    labels(&self.units[k..])?,
                    sym(v),
                    out_of()
                ))
            }
            Technique::XyWing | Technique::XyzWing => {
                let (&[pivot, a, b], Some(&(_, z))) = (self.cells.as_slice(), self.eliminations.first()) else {
                    return None;
                };
                if !one_value(z) {
                    return None;
                }
                let whom = if self.technique == Technique::XyzWing { "the pivot or a pincer" } else { "a pincer" };
                Some(format!(
                    "{name}: pivot {} with pincers {} and {}: whatever the pivot holds, {} is in {whom}, so it is out of {}",
                    cell(pivot),
                    cell(a),
                    cell(b),
                    sym(z),
                    out_of()
                ))
            }
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
                let (&[p1, q1, p2, q2], &[h1, h2], &[x]) =
                    (self.cells.as_slice(), self.units.as_slice(), self.values.as_slice())
                else {
                    return None;
                };
                if !one_value(x) || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {} in {} is in {} or {}, in {} in {} or {}; {} and {} see each other, so {} or {} \
                     holds {}: {} is out of {}",
                    sym(x),
                    unit(h1)?,
                    cell(p1),
                    cell(q1),
                    unit(h2)?,
                    cell(p2),
                    cell(q2),
                    cell(p1),
                    cell(p2),
                    cell(q1),
                    cell(q2),
                    sym(x),
                    sym(x),
                    out_of()
                ))
            }
            Technique::SimpleColouring => {
                let &[x] = self.values.as_slice() else { return None };
                if !one_value(x) || self.eliminations.is_empty() || self.cells.len() < 3 {
                    return None;
                }
                let wrap = self.eliminations.iter().all(|(c, _)| self.cells.contains(c));
                let why = if wrap {
                    "one colour has two cells that see each other, so it is the false one"
                } else {
                    "a cell that sees both colours sees the true one"
                };
                Some(format!(
                    "{name}: the strong links of {} join {}, which hold {} alternately; {why}: {} is out of {}",
                    sym(x),
                    cells(&self.cells),
                    sym(x),
                    sym(x),
                    out_of()
                ))
            }
            Technique::EmptyRectangle => {
                let (&[h, u1, u2, l], &[x]) = (self.units.as_slice(), self.values.as_slice()) else { return None };
                let (&[p, q], places) = self.cells.split_first_chunk::<2>()?;
                if !one_value(x) || self.eliminations.is_empty() || places.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: in {}, {} lies only in {} and {}; in {}, {} is in {} or {}, and {} sees {}'s places in {}, \
                     so {} holds {} or {} holds it in {}: {} is out of {}",
                    unit(h)?,
                    sym(x),
                    unit(u1)?,
                    unit(u2)?,
                    unit(l)?,
                    sym(x),
                    cell(p),
                    cell(q),
                    cell(p),
                    unit(h)?,
                    unit(u1)?,
                    cell(q),
                    sym(x),
                    unit(h)?,
                    unit(u2)?,
                    sym(x),
                    out_of()
                ))
            }
            Technique::RemotePairs => {
                let &[x, y] = self.values.as_slice() else { return None };
                let (&[a, ..], &[.., b]) = (self.cells.as_slice(), self.cells.as_slice()) else { return None };
                if self.cells.len() < 4 || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {} hold only {} and {}, each seeing the next, so they alternate and {} and {} hold \
                     one each: {} are out of {}",
                    cells(&self.cells),
                    sym(x),
                    sym(y),
                    cell(a),
                    cell(b),
                    vals(&[x, y]),
                    per_cell(model, symbols, &self.eliminations)
                ))
            }
            Technique::MultiColouring => {
                let &[x] = self.values.as_slice() else { return None };
                let (&[a, b], chains) = self.cells.split_first_chunk::<2>()?;
                if !one_value(x) || self.eliminations.is_empty() || chains.len() < 4 {
                    return None;
                }
                let wrap = self.eliminations.iter().all(|(c, _)| chains.contains(c));
                let why = if wrap {
                    format!(
                        "and {}'s colour also sees the other colour of {}'s chain, so it is the false one",
                        cell(a),
                        cell(b)
                    )
                } else {
                    format!("so the colour opposite {} or the one opposite {} holds {}", cell(a), cell(b), sym(x))
                };
                Some(format!(
                    "{name}: the strong links of {} colour two chains, {}, in two colours each; {} and {} of different \
                     chains see each other, {why}: {} is out of {}",
                    sym(x),
                    cells(chains),
                    cell(a),
                    cell(b),
                    sym(x),
                    out_of()
                ))
            }
            Technique::UniqueRectangle1 => {
                let (&[a, b, c, d], &[x, y]) = (self.cells.as_slice(), self.values.as_slice()) else { return None };
                if self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {}, {} and {} hold only {} and {}; if {} held either, the four would swap them for \
                     a second solution, and the puzzle has one: {} are out of {}",
                    cell(a),
                    cell(b),
                    cell(c),
                    sym(x),
                    sym(y),
                    cell(d),
                    vals(&[x, y]),
                    cell(d)
                ))
            }
            Technique::UniqueRectangle2 => {
                let (&[a, b, c, d], &[x, y, z]) = (self.cells.as_slice(), self.values.as_slice()) else { return None };
                if !one_value(z) || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {} and {} hold only {} and {}, {} and {} those and {}; without {} the four would swap \
                     for a second solution, and the puzzle has one, so {} or {} holds {}: {} is out of {}",
                    cell(a),
                    cell(b),
                    sym(x),
                    sym(y),
                    cell(c),
                    cell(d),
                    sym(z),
                    sym(z),
                    cell(c),
                    cell(d),
                    sym(z),
                    sym(z),
                    out_of()
                ))
            }
            Technique::UniqueRectangle4 => {
                let (&[a, b, c, d], &[x, y], &[u]) =
                    (self.cells.as_slice(), self.values.as_slice(), self.units.as_slice())
                else {
                    return None;
                };
                if !one_value(y) || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {} and {} hold only {} and {}; in {}, {} is only in {} or {}, so {} in the other would \
                     make the four swap for a second solution, and the puzzle has one: {} is out of {}",
                    cell(a),
                    cell(b),
                    sym(x),
                    sym(y),
                    unit(u)?,
                    sym(x),
                    cell(c),
                    cell(d),
                    sym(y),
                    sym(y),
                    out_of()
                ))
            }
            Technique::HiddenUniqueRectangle => {
                let (&[a, b, c, d], &[x, y], &[row, col]) =
                    (self.cells.as_slice(), self.values.as_slice(), self.units.as_slice())
                else {
                    return None;
                };
                if self.eliminations != [(d, y)] {
                    return None;
                }
                Some(format!(
                    "{name}: {} holds only {} and {}, and {} is only in {} or {} in {} and in {} or {} in {}; {} at {} \
                     would put {} in {} and {} and {} in {}, four cells that swap for a second solution, and the \
                     puzzle has one: {} is out of {}",
                    cell(a),
                    sym(x),
                    sym(y),
                    sym(x),
                    cell(c),
                    cell(d),
                    unit(row)?,
                    cell(b),
                    cell(d),
                    unit(col)?,
                    sym(y),
                    cell(d),
                    sym(x),
                    cell(b),
                    cell(c),
                    sym(y),
                    cell(a),
                    sym(y),
                    cell(d)
                ))
            }
            Technique::UniqueRectangle3 => {
                let (&[a, b, c, d, ref set @ ..], &[x, y, ref subset @ ..], &[u]) =
                    (self.cells.as_slice(), self.values.as_slice(), self.units.as_slice())
                else {
                    return None;
                };
                if set.is_empty() || subset.len() != set.len() + 1 || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {} and {} hold only {} and {}, so {} or {} holds one of its other values, or the four \
                     would swap for a second solution, and the puzzle has one; with {} that makes {} cells of {} \
                     for {} values {}: they are out of {}",
                    cell(a),
                    cell(b),
                    sym(x),
                    sym(y),
                    cell(c),
                    cell(d),
                    cells(set),
                    subset.len(),
                    unit(u)?,
                    subset.len(),
                    vals(subset),
                    per_cell(model, symbols, &self.eliminations)
                ))
            }
            Technique::UniqueRectangle5 => {
                let (&[a, b, ..], &[x, y, z]) = (self.cells.as_slice(), self.values.as_slice()) else { return None };
                if self.cells.len() != 4 || !one_value(z) || self.eliminations.is_empty() {
                    return None;
                }
                // The corners holding only x and y come first: two on a diagonal, or one.
                let n = model.size();
                let plain = if a / n != b / n && a % n != b % n { 2 } else { 1 };
                let (only, with_z) = self.cells.split_at(plain);
                Some(format!(
                    "{name}: {} {} only {} and {}, {} those and {}; without {} the four would swap for a second \
                     solution, and the puzzle has one, so one of {} holds {}: {} is out of {}",
                    cells(only),
                    if plain == 1 { "holds" } else { "hold" },
                    sym(x),
                    sym(y),
                    cells(with_z),
                    sym(z),
                    sym(z),
                    cells(with_z),
                    sym(z),
                    sym(z),
                    out_of()
                ))
            }
            Technique::UniqueRectangle6 => {
                let (&[a, d, b, c], &[x, y], &[u1, u2]) =
                    (self.cells.as_slice(), self.values.as_slice(), self.units.as_slice())
                else {
                    return None;
                };
                if self.eliminations != [(b.min(c), x), (b.max(c), x)] {
                    return None;
                }
                Some(format!(
                    "{name}: {} and {} hold only {} and {}, and in {} and {}, {} is only in the four corners, so it \
                     is in {} and {} or in {} and {}; the latter would leave {} in {} and {}, four cells that swap \
                     for a second solution, and the puzzle has one: {} is out of {}",
                    cell(a),
                    cell(d),
                    sym(x),
                    sym(y),
                    unit(u1)?,
                    unit(u2)?,
                    sym(x),
                    cell(a),
                    cell(d),
                    cell(b),
                    cell(c),
                    sym(y),
                    cell(a),
                    cell(d),
                    sym(x),
                    out_of()
                ))
            }
            Technique::WxyzWing => {
                let (&[_, _, _, _], &[w, x, y, z]) = (self.cells.as_slice(), self.values.as_slice()) else {
                    return None;
                };
                if !one_value(z) || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {} hold only {}, and each of {} lies in cells of them that see each other, so it is in \
                     one at most; four cells need four values, so {} is in one of them: it is out of {}",
                    cells(&self.cells),
                    vals(&[w, x, y, z]),
                    vals(&[w, x, y]),
                    sym(z),
                    out_of()
                ))
            }
            Technique::BugPlusOne => {
                let &[(c, v)] = self.placements.as_slice() else { return None };
                Some(format!(
                    "{name}: every open cell but {} holds two candidates, and without {} there every value would \
                     have 0 or 2 places in every house: such a board has no solution or two, and the puzzle has one, \
                     so {} is {}",
                    cell(c),
                    sym(v),
                    cell(c),
                    sym(v)
                ))
            }
            Technique::FinnedXWing
            | Technique::SashimiXWing
            | Technique::FinnedSwordfish
            | Technique::SashimiSwordfish
            | Technique::FinnedJellyfish
            | Technique::SashimiJellyfish => {
                let &[v] = self.values.as_slice() else { return None };
                let k = self.units.len() / 2;
                if k == 0 || self.units.len() != 2 * k + 1 || !one_value(v) || self.eliminations.is_empty() {
                    return None;
                }
                let labels = |us: &[usize]| -> Option<String> {
                    Some(houses(&us.iter().map(|&u| unit(u)).collect::<Option<Vec<String>>>()?))
                };
                let cover = &self.units[k..2 * k];
                let in_cover =
                    |c: Cell| cover.iter().any(|&u| model.units().get(u).is_some_and(|u| u.cells.contains(&c)));
                let fins: Vec<Cell> = self.cells.iter().copied().filter(|&c| !in_cover(c)).collect();
                if fins.is_empty() {
                    return None;
                }
                let fin_word = if fins.len() == 1 { "the fin" } else { "the fins" };
                Some(format!(
                    "{name}: {} in {} lies only in {} but for {fin_word} {} in {}; the fish holds or a fin holds {}, \
                     so {} is out of {}",
                    sym(v),
                    labels(&self.units[..k])?,
                    labels(cover)?,
                    cells(&fins),
                    unit(self.units[2 * k])?,
                    sym(v),
                    sym(v),
                    out_of()
                ))
            }
            Technique::XChain => {
                let &[x] = self.values.as_slice() else { return None };
                let (Some(&first), Some(&last)) = (self.cells.first(), self.cells.last()) else { return None };
                if !one_value(x) || self.eliminations.is_empty() || self.cells.len() < 2 {
                    return None;
                }
                Some(format!(
                    "{name}: {} alternates along {} (strong and weak links in turn): if {} does not hold it, {} \
                     does, so one of them holds {}: {} is out of {}",
                    sym(x),
                    cells(&self.cells),
                    cell(first),
                    cell(last),
                    sym(x),
                    sym(x),
                    out_of()
                ))
            }
            Technique::XyChain => {
                let (Some((&a, taken)), Some(&first), Some(&last)) =
                    (self.values.split_first(), self.cells.first(), self.cells.last())
                else {
                    return None;
                };
                if !one_value(a) || self.eliminations.is_empty() || taken.len() != self.cells.len() || taken.len() < 2 {
                    return None;
                }
                let steps: Vec<String> =
                    self.cells.iter().zip(taken).map(|(&c, &v)| format!("{} is {}", cell(c), sym(v))).collect();
                Some(format!(
                    "{name}: if {} is not {}, {}; so {} or {} holds {}: {} is out of {}",
                    cell(first),
                    sym(a),
                    steps.join(", then "),
                    cell(first),
                    cell(last),
                    sym(a),
                    sym(a),
                    out_of()
                ))
            }
            Technique::Aic => {
                let n = self.cells.len();
                if n < 2 || !n.is_multiple_of(2) || self.values.len() != n || self.eliminations.is_empty() {
                    return None;
                }
                let said: Vec<String> = self
                    .cells
                    .iter()
                    .zip(&self.values)
                    .enumerate()
                    .map(|(i, (&c, &v))| format!("{} is {}{}", cell(c), if i % 2 == 0 { "not " } else { "" }, sym(v)))
                    .collect();
                let (first, last) = ((self.cells[0], self.values[0]), (self.cells[n - 1], self.values[n - 1]));
                Some(format!(
                    "{name}: if {}, then {}; so {} is {} or {} is {}, which rules out {}",
                    said[0],
                    said[1..].join(", "),
                    cell(first.0),
                    sym(first.1),
                    cell(last.0),
                    sym(last.1),
                    per_cell(model, symbols, &self.eliminations)
                ))
            }
            Technique::GroupedAic => {
                let k = self.sets.len();
                if k < 2 || !k.is_multiple_of(2) || self.eliminations.is_empty() {
                    return None;
                }
                let node = |set: &CellSet, on: bool| -> Option<String> {
                    let &[v] = set.values.as_slice() else { return None };
                    Some(match (set.cells.as_slice(), on) {
                        (&[c], true) => format!("{} is {}", cell(c), sym(v)),
                        (&[c], false) => format!("{} is not {}", cell(c), sym(v)),
                        (cs, true) => format!("one of {} is {}", cells(cs), sym(v)),
                        (cs, false) => format!("none of {} is {}", cells(cs), sym(v)),
                    })
                };
                let said: Vec<String> =
                    self.sets.iter().enumerate().map(|(i, set)| node(set, i % 2 == 1)).collect::<Option<_>>()?;
                Some(format!(
                    "{name}: if {}, then {}; so {} or {}, which rules out {}",
                    said[0],
                    said[1..].join(", "),
                    node(&self.sets[0], true)?,
                    node(&self.sets[k - 1], true)?,
                    per_cell(model, symbols, &self.eliminations)
                ))
            }
            Technique::CellForcingChain
            | Technique::UnitForcingChain
            | Technique::DynamicForcingChain
            | Technique::ForcingNet
            | Technique::NestedForcingNet => self.forcing(model, symbols),
            Technique::SueDeCoq
            | Technique::AlsXz
            | Technique::AlsXyWing
            | Technique::AlsChain
            | Technique::DeathBlossom
            | Technique::AlignedPairExclusion => self.almost_locked(model, symbols),
            Technique::WWing => {
                let (&[a, b, p, q], &[h], &[x, y]) =
                    (self.cells.as_slice(), self.units.as_slice(), self.values.as_slice())
                else {
                    return None;
                };
                if !one_value(y) || self.eliminations.is_empty() {
                    return None;
                }
                Some(format!(
                    "{name}: {} and {} hold only {} and {}; in {}, {} is in {} or {}, each seeing one of them, so one \
                     of them holds {}: {} is out of {}",
                    cell(a),
                    cell(b),
                    sym(x),
                    sym(y),
                    unit(h)?,
                    sym(x),
                    cell(p),
                    cell(q),
                    sym(y),
                    sym(y),
                    out_of()
                ))
            }
        }
    }

    /// The sentence of a step made of almost locked sets (or a Sue de Coq's groups): each set
    /// written `{r1c1, r1c2} (1, 2, 3)`.
    fn almost_locked(&self, model: &Model, symbols: &Symbols) -> Option<String> {
        let name = self.technique.name();
        let sym = |v: Value| symbol(symbols, v);
        let cell = |c: Cell| model.cell_name(c);
        let unit = |u: usize| model.units().get(u).map(|u| u.label.clone());
        let set = |s: &CellSet| {
            let cells: Vec<String> = s.cells.iter().map(|&c| cell(c)).collect();
            let vals: Vec<String> = s.values.iter().map(|&v| sym(v)).collect();
            format!("{{{}}} ({})", cells.join(", "), vals.join(", "))
        };
        if self.eliminations.is_empty() || self.sets.iter().any(|s| s.cells.is_empty()) {
            return None;
        }
        let go = format!("{} go", per_cell(model, symbols, &self.eliminations));
        let sets = self.sets.as_slice();
        Some(match (self.technique, sets, self.values.as_slice()) {
            (Technique::AlsXz, [a, b], &[x]) => format!(
                "{name}: almost locked sets {} and {} (one value more than cells each); every {} of one sees every {} \
                 of the other, so one of them lacks {} and holds all its other values, and a value they share is \
                 in one of them: {go}",
                set(a),
                set(b),
                sym(x),
                sym(x),
                sym(x)
            ),
            (Technique::AlsXz, [a, b], &[x, y]) => format!(
                "{name}: almost locked sets {} and {} (one value more than cells each); every {} of one sees every {} \
                 of the other, and so does every {}, so each set holds one of {} and {} and all its other values: {go}",
                set(a),
                set(b),
                sym(x),
                sym(x),
                sym(y),
                sym(x),
                sym(y)
            ),
            (Technique::AlsXyWing, [a, b, c], &[x, y]) => format!(
                "{name}: almost locked sets {}, {} and the pivot {}; the pivot holds {} or {} (each {} of it sees each {} \
                 of the first, each {} of it each {} of the second), so the first or the second lacks that value and \
                 holds all its others, and a value they share is in one of them: {go}",
                set(a),
                set(b),
                set(c),
                sym(x),
                sym(y),
                sym(x),
                sym(x),
                sym(y),
                sym(y)
            ),
            (Technique::AlsChain, [_, .., _], links) if links.len() + 1 == sets.len() && links.len() >= 3 => {
                let all: Vec<String> = sets.iter().map(set).collect();
                let mut flow =
                    format!("if the first lacks a value it shares with the last, it holds {}", sym(links[0]));
                for w in links.windows(2) {
                    flow.push_str(&format!(", so the next lacks {} and holds {}", sym(w[0]), sym(w[1])));
                }
                format!(
                    "{name}: almost locked sets {}, each linked to the next by a value the two cannot both hold ({}); \
                     {flow}, so the last lacks {} and holds that value: {go}",
                    and_list(all),
                    links.iter().map(|&x| sym(x)).collect::<Vec<_>>().join(", "),
                    sym(*links.last()?)
                )
            }
            (Technique::DeathBlossom, petals, stem) if petals.len() == stem.len() && self.cells.len() == 1 => {
                let each: Vec<String> =
                    petals.iter().zip(stem).map(|(p, &d)| format!("{} for {}", set(p), sym(d))).collect();
                format!(
                    "{name}: the stem {} holds {}; each petal, {}, is an almost locked set whose every such value sees \
                     the stem, so the petal of the stem's value lacks it and holds all its other values, and a value \
                     of every petal is in one of them: {go}",
                    cell(self.cells[0]),
                    or_list(stem.iter().map(|&v| sym(v)).collect()),
                    and_list(each)
                )
            }
            (Technique::SueDeCoq, [c, d, e], []) => {
                let (&[u1, u2], k) = (self.units.as_slice(), c.cells.len() + d.cells.len() + e.cells.len()) else {
                    return None;
                };
                format!(
                    "{name}: {} where {} meets {}, with {} in {} and {} in {}, whose values are apart: these {k} cells \
                     hold {k} values between them, each once, so each unit's part keeps its values from the rest of \
                     the unit: {go}",
                    set(c),
                    unit(u1)?,
                    unit(u2)?,
                    set(d),
                    unit(u1)?,
                    set(e),
                    unit(u2)?
                )
            }
            (Technique::AlignedPairExclusion, sets, [x, ys @ ..]) if ys.len() == sets.len() => {
                let (&[p, q], &[(at, out)]) = (self.cells.as_slice(), self.eliminations.as_slice()) else {
                    return None;
                };
                if (at, out) != (p, *x) {
                    return None;
                }
                let nor: Vec<String> = ys
                    .iter()
                    .zip(sets)
                    .map(|(&y, s)| format!("{} ({} would lose {} and {})", sym(y), set(s), sym(*x), sym(y)))
                    .collect();
                format!(
                    "{name}: {} and {} see each other; if {} were {}, {} could hold none of its other values: {}; so {} \
                     is not {}",
                    cell(p),
                    cell(q),
                    cell(p),
                    sym(*x),
                    cell(q),
                    nor.join(", "),
                    cell(p),
                    sym(*x)
                )
            }
            _ => return None,
        })
    }

    /// A forcing step's sentence: its premise(s), each branch's facts, the conclusion.
    fn forcing(&self, model: &Model, symbols: &Symbols) -> Option<String> {
        let name = match self.nesting {
            Some(level) => format!("{} (level {level})", self.technique.name()),
            None => self.technique.name().to_string(),
        };
        let sym = |v: Value| symbol(symbols, v);
        let cell = |c: Cell| model.cell_name(c);
        if self.chains.is_empty() || self.placements.is_empty() && self.eliminations.is_empty() {
            return None;
        }
        let said = |b: &Branch| -> Option<String> {
            let facts: Vec<String> = b.implications.iter().skip(1).map(|i| fact(model, symbols, i)).collect();
            let mut text = said_list(facts);
            if let Some(clash) = b.contradiction {
                let c = clash_text(model, symbols, clash)?;
                text = if text.is_empty() { c } else { format!("{text}, and {c}") };
            }
            Some(text)
        };
        let then = |t: String| if t.is_empty() { t } else { format!(", then {t}") };
        let conclusion = || {
            let mut parts: Vec<String> =
                self.placements.iter().map(|&(c, v)| format!("{} is {}", cell(c), sym(v))).collect();
            if !self.eliminations.is_empty() {
                parts.push(format!("{} go", per_cell(model, symbols, &self.eliminations)));
            }
            and_list(parts)
        };
        let units = self.units.as_slice();
        match (self.chains.as_slice(), units) {
            ([b], []) if b.contradiction.is_some() => {
                let (&[c], &[v]) = (self.cells.as_slice(), self.values.as_slice()) else { return None };
                if self.eliminations != [(c, v)] {
                    return None;
                }
                let facts: Vec<String> = b.implications.iter().skip(1).map(|i| fact(model, symbols, i)).collect();
                let clash = clash_text(model, symbols, b.contradiction?)?;
                let body = if facts.is_empty() { clash } else { format!("then {}, and {clash}", said_list(facts)) };
                Some(format!("{name}: if {} were {}, {body}; so {} is not {}", cell(c), sym(v), cell(c), sym(v)))
            }
            (branches, []) => {
                let &[c] = self.cells.as_slice() else { return None };
                if branches.len() != self.values.len() {
                    return None;
                }
                let cases: Vec<String> = branches
                    .iter()
                    .zip(&self.values)
                    .map(|(b, &v)| Some(format!("if {}{}", sym(v), then(said(b)?))))
                    .collect::<Option<_>>()?;
                Some(format!(
                    "{name}: {} is {}; {}; either way {}",
                    cell(c),
                    or_list(self.values.iter().map(|&v| sym(v)).collect()),
                    cases.join("; "),
                    conclusion()
                ))
            }
            (branches, &[h]) => {
                let &[v] = self.values.as_slice() else { return None };
                if branches.len() != self.cells.len() {
                    return None;
                }
                let cases: Vec<String> = branches
                    .iter()
                    .zip(&self.cells)
                    .map(|(b, &c)| Some(format!("if {}{}", cell(c), then(said(b)?))))
                    .collect::<Option<_>>()?;
                Some(format!(
                    "{name}: in {}, {} is in {}; {}; either way {}",
                    model.units().get(h)?.label,
                    sym(v),
                    or_list(self.cells.iter().map(|&c| cell(c)).collect()),
                    cases.join("; "),
                    conclusion()
                ))
            }
            _ => None,
        }
    }

    /// `hidden quad: places r1c1 = 5; rules out r1c2 (3, 4)`: for a step without its
    /// technique's shape.
    fn plain(&self, model: &Model, symbols: &Symbols) -> String {
        let mut parts = Vec::new();
        if !self.placements.is_empty() {
            let placed: Vec<String> = self
                .placements
                .iter()
                .map(|&(c, v)| format!("{} = {}", model.cell_name(c), symbol(symbols, v)))
                .collect();
            parts.push(format!("places {}", placed.join(", ")));
        }
        if !self.eliminations.is_empty() {
            parts.push(format!("rules out {}", per_cell(model, symbols, &self.eliminations)));
        }
        if parts.is_empty() {
            parts.push("changes nothing".into());
        }
        format!("{}: {}", self.technique.name(), parts.join("; "))
    }
}

/// The symbol writing `v`, or its number when the alphabet has no symbol for it.
#[doc(hidden)]
pub fn symbol(symbols: &Symbols, v: Value) -> String {
    if v >= 1 && usize::from(v) <= symbols.len() { symbols.symbol(v).to_string() } else { v.to_string() }
}

/// `a`, `a and b`, `a, b and c`.
#[doc(hidden)]
pub fn and_list(mut items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.remove(0),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} and {last}", items.join(", "))
        }
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(mut items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.remove(0),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} or {last}", items.join(", "))
        }
    }
}

/// The most facts of one branch a sentence lists (the first and last halves; the step's
/// `chains` hold them all).
const SAID_FACTS: usize = 12;

/// A branch's facts, `a, b, c`; a long one as its first and last [`SAID_FACTS`] / 2 with
/// `… (k more)` between.
fn said_list(facts: Vec<String>) -> String {
    if facts.len() <= SAID_FACTS {
        return facts.join(", ");
    }
    let half = SAID_FACTS / 2;
    format!(
        "{}, … ({} more), {}",
        facts[..half].join(", "),
        facts.len() - 2 * half,
        facts[facts.len() - half..].join(", ")
    )
}

/// `r3c4 is 7`, `r4c4 is not 7`, `r5c5 is not 3 (assuming it leads to a contradiction)`, `r1c6 is not
/// 9 (by cage 4 (sum 13))`.
fn fact(model: &Model, symbols: &Symbols, i: &crate::Implication) -> String {
    let not = if i.holds { "" } else { "not " };
    let why = match i.rule {
        Rule::Nested => " (assuming it leads to a contradiction)".to_string(),
        Rule::Constraint(k) => model.constraints().get(k).map_or_else(String::new, |c| format!(" (by {})", c.label)),
        _ => String::new(),
    };
    format!("{} is {not}{}{why}", model.cell_name(i.cell), symbol(symbols, i.value))
}

/// `r4c4 would have no value`, `5 would have no place in row 4`, `r4c4 and r4c7 would both hold 5`,
/// `cage 4 (sum 13) could not be satisfied`.
fn clash_text(model: &Model, symbols: &Symbols, clash: Clash) -> Option<String> {
    Some(match clash {
        Clash::NoValue(c) => format!("{} would have no value", model.cell_name(c)),
        Clash::NoPlace(h, v) => {
            format!("{} would have no place in {}", symbol(symbols, v), model.units().get(h)?.label)
        }
        Clash::Twice(a, b, v) => {
            format!("{} and {} would both hold {}", model.cell_name(a), model.cell_name(b), symbol(symbols, v))
        }
        Clash::Unsatisfied(k) => format!("{} could not be satisfied", model.constraints().get(k)?.label),
    })
}

/// `rows 2 and 7` from `row 2`, `row 7`; other labels listed as they are.
#[doc(hidden)]
pub fn houses(labels: &[String]) -> String {
    let word = |l: &str| l.split_once(' ').map(|(w, rest)| (w.to_string(), rest.to_string()));
    let split: Option<Vec<(String, String)>> = labels.iter().map(|l| word(l)).collect();
    if let Some(split) = split
        && labels.len() > 1
        && split.iter().all(|(w, _)| (w == "row" || w == "column") && *w == split[0].0)
    {
        let rest: Vec<String> = split.iter().map(|(_, r)| r.clone()).collect();
        return format!("{}s {}", split[0].0, and_list(rest));
    }
    and_list(labels.to_vec())
}

/// The cells of eliminations, `r2c5, r2c7` (each once).
fn comma_cells(model: &Model, elims: &[(Cell, Value)]) -> String {
    let mut cells: Vec<Cell> = elims.iter().map(|&(c, _)| c).collect();
    cells.dedup();
    cells.iter().map(|&c| model.cell_name(c)).collect::<Vec<_>>().join(", ")
}

/// Each cell of sorted eliminations once, in order, with the values it loses.
fn by_cell(elims: &[(Cell, Value)]) -> Vec<(Cell, u64)> {
    let mut out: Vec<(Cell, u64)> = Vec::new();
    for &(c, v) in elims {
        match out.last_mut() {
            Some((last, mask)) if *last == c => *mask |= bit(v),
            _ => out.push((c, bit(v))),
        }
    }
    out
}

/// The values of a mask written with the alphabet, `3, 8`.
fn value_list(symbols: &Symbols, mask: u64) -> String {
    values(mask).map(|v| symbol(symbols, v)).collect::<Vec<_>>().join(", ")
}

/// `r1c4 (3), r1c9 (3, 8)`.
#[doc(hidden)]
pub fn per_cell(model: &Model, symbols: &Symbols, elims: &[(Cell, Value)]) -> String {
    by_cell(elims)
        .iter()
        .map(|&(c, m)| format!("{} ({})", model.cell_name(c), value_list(symbols, m)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `1, 2, 3 of r1c6 and r1c7; 9 of r2c6`: cells losing the same values taken together.
#[doc(hidden)]
pub fn grouped(model: &Model, symbols: &Symbols, elims: &[(Cell, Value)]) -> String {
    let mut groups: Vec<(u64, Vec<Cell>)> = Vec::new();
    for (c, m) in by_cell(elims) {
        match groups.iter_mut().find(|(mask, _)| *mask == m) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((m, vec![c])),
        }
    }
    groups
        .iter()
        .map(|(m, cells)| {
            format!("{} of {}", value_list(symbols, *m), and_list(cells.iter().map(|&c| model.cell_name(c)).collect()))
        })
        .collect::<Vec<_>>()
        .join("; ")
}
