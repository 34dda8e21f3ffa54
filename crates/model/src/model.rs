//! A spec compiled to flat arrays: what every strategy reads.

use std::sync::OnceLock;

use crate::constraint::Constraint;
use crate::exact_cover::ExactCover;
use crate::graph::ConstraintGraph;
use crate::spec::{CellRef, Rule, Spec, SpecError};
use crate::unit::{Unit, UnitKind};
use crate::{Cell, Symbols, cell_name};

/// A compiled spec: immutable, shared by every puzzle of the family.
///
/// Units are stored houses first, then groups. Per-cell lists (the units containing a cell, its
/// peers) are compressed rows: one offsets array and one flat array.
#[derive(Debug)]
pub struct Model {
    spec: Spec,
    n: usize,
    symbols: Symbols,
    boxes: Option<(usize, usize)>,
    units: Vec<Unit>,
    houses: usize,
    cell_unit_offsets: Vec<u32>,
    cell_units: Vec<u32>,
    peer_offsets: Vec<u32>,
    peers: Vec<u16>,
    /// Built on first use: solving never needs it, and on large grids it is most of a model's
    /// cost (a 36×36 grid has 35k peer pairs).
    graph: OnceLock<ConstraintGraph>,
    constraints: Vec<Constraint>,
    cell_constraint_offsets: Vec<u32>,
    cell_constraints: Vec<u32>,
    exact_cover: OnceLock<ExactCover>,
    regions: OnceLock<Option<Vec<u16>>>,
}

/// Every cell's peers (the cells sharing a unit with it), ascending, as compressed rows
/// (offsets, flat list): each cell's units OR-ed into one scratch bitset, read out and cleared.
/// The flat list is reserved at its bound (each unit's pairs) up front, so it never moves: on a
/// 49×49 grid a dense cells × cells bit matrix and a growing list were half of an easy solve's
/// page faults.
fn peer_rows(cells: usize, units: &[Unit], unit_offsets: &[u32], cell_units: &[u32]) -> (Vec<u32>, Vec<u16>) {
    let words = cells.div_ceil(64);
    let mut mask = vec![0u64; words];
    let bound: usize = units.iter().map(|u| u.cells.len() * u.cells.len().saturating_sub(1)).sum();
    let mut peers = Vec::with_capacity(bound.min(cells * cells.saturating_sub(1)));
    let mut offsets = Vec::with_capacity(cells + 1);
    offsets.push(0);
    for c in 0..cells {
        for &u in &cell_units[unit_offsets[c] as usize..unit_offsets[c + 1] as usize] {
            for &x in &units[u as usize].cells {
                mask[x >> 6] |= 1 << (x & 63);
            }
        }
        mask[c >> 6] &= !(1 << (c & 63));
        for (w, word) in mask.iter_mut().enumerate() {
            let mut x = std::mem::take(word);
            while x != 0 {
                peers.push((w * 64 + x.trailing_zeros() as usize) as u16);
                x &= x - 1;
            }
        }
        offsets.push(peers.len() as u32);
    }
    (offsets, peers)
}

impl Model {
    /// Parses and checks a spec from RON text; errors carry `origin:line:col`.
    pub fn from_ron(text: &str, origin: &str) -> Result<Model, SpecError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let spec = Spec::parse(text, origin)?;
        Model::compile_from(spec, origin).map_err(|e| e.locate(text))
    }

    /// Checks a spec and compiles it.
    pub fn compile(spec: Spec) -> Result<Model, SpecError> {
        let origin = spec.name.clone();
        Model::compile_from(spec, &origin)
    }

    fn compile_from(spec: Spec, origin: &str) -> Result<Model, SpecError> {
        let n = spec.size;
        let err = |message: String, needle: Option<String>| SpecError::invalid(origin, message, needle);
        if n == 0 || n > crate::MAX_SIZE {
            return Err(err(
                format!("size {n} is out of range (coverlab solves 1 to {})", crate::MAX_SIZE),
                Some("size".into()),
            ));
        }
        let symbols = match &spec.symbols {
            Some(text) => Symbols::new(text, n).map_err(|e| err(e.to_string(), Some("symbols".into())))?,
            None => Symbols::default_for(n),
        };
        if spec.rules.is_empty() {
            return Err(err("a spec needs at least one rule".into(), Some("rules".into())));
        }
        if !kebab_case(&spec.name) || spec.name.len() > MAX_NAME {
            let shown: String = spec.name.chars().take(40).collect();
            let more = if spec.name.chars().count() > 40 { "…" } else { "" };
            let what = if spec.name.len() > MAX_NAME {
                format!("is {} bytes long; a name has at most {MAX_NAME}", spec.name.len())
            } else {
                "is not kebab-case (lowercase letters, digits and '-')".into()
            };
            return Err(err(format!("the name \"{}{more}\" {what}", crate::text::escape(&shown)), Some("name".into())));
        }
        // A built-in rule given twice adds nothing but memory (each copy of AntiKnight on a
        // 64×64 grid is 30,000 pairs): say so.
        let mut seen_rules: Vec<&str> = Vec::new();
        for rule in &spec.rules {
            let kind = rule.kind();
            let repeatable = !matches!(
                rule,
                Rule::Rows
                    | Rule::Columns
                    | Rule::Boxes { .. }
                    | Rule::Diagonals
                    | Rule::Windows
                    | Rule::AntiKnight
                    | Rule::AntiKing
                    | Rule::NonConsecutive
                    | Rule::Negative(_)
            );
            if !repeatable && seen_rules.contains(&kind) {
                return Err(err(format!("the rule {kind} is given twice"), Some(kind.into())));
            }
            seen_rules.push(kind);
        }
        let boxes = spec.rules.iter().find_map(|r| match r {
            Rule::Boxes { rows, cols } => Some((*rows, *cols)),
            _ => None,
        });
        let mut units: Vec<Unit> = Vec::new();
        let mut groups: Vec<Unit> = Vec::new();
        let at = |r: usize, c: usize| r * n + c;
        let to_cell = |c: &CellRef, what: &str| -> Result<Cell, SpecError> {
            if c.row > n || c.col > n {
                Err(err(format!("{what}: {c} is outside the {n}×{n} grid"), Some(format!("\"{c}\""))))
            } else {
                Ok(at(c.row - 1, c.col - 1))
            }
        };
        for rule in &spec.rules {
            match rule {
                Rule::Rows => units.extend((0..n).map(|r| Unit {
                    kind: UnitKind::Row,
                    label: format!("row {}", r + 1),
                    cells: (0..n).map(|c| at(r, c)).collect(),
                    exact: true,
                })),
                Rule::Columns => units.extend((0..n).map(|c| Unit {
                    kind: UnitKind::Column,
                    label: format!("column {}", c + 1),
                    cells: (0..n).map(|r| at(r, c)).collect(),
                    exact: true,
                })),
                &Rule::Boxes { rows, cols } => {
                    if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(n) {
                        return Err(err(
                            format!("boxes of {rows}×{cols} have {} cells, expected {n}", rows.saturating_mul(cols)),
                            Some("Boxes".into()),
                        ));
                    }
                    let mut k = 0;
                    for band in 0..n / rows {
                        for stack in 0..n / cols {
                            k += 1;
                            let mut cells: Vec<Cell> = Vec::with_capacity(n);
                            for r in 0..rows {
                                for c in 0..cols {
                                    cells.push(at(band * rows + r, stack * cols + c));
                                }
                            }
                            units.push(Unit { kind: UnitKind::Box, label: format!("box {k}"), cells, exact: true });
                        }
                    }
                }
                Rule::Diagonals => {
                    units.push(Unit {
                        kind: UnitKind::Diagonal,
                        label: "main diagonal".into(),
                        cells: (0..n).map(|i| at(i, i)).collect(),
                        exact: true,
                    });
                    let mut cells: Vec<Cell> = (0..n).map(|i| at(i, n - 1 - i)).collect();
                    cells.sort_unstable();
                    units.push(Unit { kind: UnitKind::Diagonal, label: "anti-diagonal".into(), cells, exact: true });
                }
                Rule::Windows => {
                    let Some((rows, cols)) = boxes else {
                        return Err(err(
                            "Windows needs a Boxes rule for the window shape".into(),
                            Some("Windows".into()),
                        ));
                    };
                    let starts = |len: usize| -> Vec<usize> {
                        (0..).map(|k| 1 + k * (len + 1)).take_while(|s| s + len < n).collect()
                    };
                    let (rs, cs) = (starts(rows), starts(cols));
                    if rs.is_empty() || cs.is_empty() {
                        return Err(err(
                            format!("no {rows}×{cols} window fits in a {n}×{n} grid"),
                            Some("Windows".into()),
                        ));
                    }
                    let mut k = 0;
                    for &r0 in &rs {
                        for &c0 in &cs {
                            k += 1;
                            let mut cells = Vec::with_capacity(n);
                            for r in 0..rows {
                                for c in 0..cols {
                                    cells.push(at(r0 + r, c0 + c));
                                }
                            }
                            units.push(Unit {
                                kind: UnitKind::Window,
                                label: format!("window {k}"),
                                cells,
                                exact: true,
                            });
                        }
                    }
                }
                Rule::Regions(map) => units.extend(regions(map, n, &err)?),
                Rule::House { name, cells } => {
                    let what = format!("house {name:?}");
                    let cells = distinct_cells(cells, &what, &to_cell, &err)?;
                    if cells.len() != n {
                        return Err(err(
                            format!("{what} has {}, expected {n}", crate::text::count(cells.len(), "cell")),
                            Some(format!("\"{name}\"")),
                        ));
                    }
                    units.push(Unit { kind: UnitKind::House, label: name.clone(), cells, exact: true });
                }
                Rule::AtMostOnce { name, cells } => {
                    let what = format!("group {name:?}");
                    let cells = distinct_cells(cells, &what, &to_cell, &err)?;
                    if cells.len() < 2 || cells.len() > n {
                        return Err(err(
                            format!("{what} has {}, expected 2 to {n}", crate::text::count(cells.len(), "cell")),
                            Some(format!("\"{name}\"")),
                        ));
                    }
                    groups.push(Unit { kind: UnitKind::Group, label: name.clone(), cells, exact: false });
                }
                Rule::AntiKnight => groups.extend(move_pairs(n, &KNIGHT, UnitKind::AntiKnight, "anti-knight")),
                Rule::AntiKing => groups.extend(move_pairs(n, &KING, UnitKind::AntiKing, "anti-king")),
                // Constraints beyond houses: compiled below.
                _ => {}
            }
        }
        let compiled = crate::rules::compile(&spec, &symbols, origin, &units, &groups)?;
        groups.extend(compiled.groups);
        // However many houses and groups a spec lists, no cell may be in more than a few dozen:
        // that bounds the model, its peers and its exact-cover matrix.
        let mut per_cell = vec![0usize; n * n];
        for unit in units.iter().chain(&groups) {
            for &c in &unit.cells {
                per_cell[c] += 1;
                if per_cell[c] > MAX_UNITS_PER_CELL {
                    return Err(err(
                        format!(
                            "{} is in more than {MAX_UNITS_PER_CELL} houses and groups (the last one: {})",
                            cell_name(c, n),
                            unit.label
                        ),
                        None,
                    ));
                }
            }
        }
        let houses = units.len();
        let mut constraints = compiled.constraints;
        // Which cell pairs share a unit: n⁴ bits (on 36×36, a tenth of an easy puzzle's whole
        // process), so only for specs with groups or constraints, the two things that ask.
        if !groups.is_empty() || !constraints.is_empty() {
            let mut seen_pairs = PairSet::new(n * n);
            for unit in &units {
                seen_pairs.add_unit(&unit.cells);
            }
            // A pair group whose cells already share a unit adds nothing: leave it out, so the
            // exact-cover matrix and the traces carry no redundant items.
            for group in groups {
                if group.cells.len() == 2 && seen_pairs.contains(group.cells[0], group.cells[1]) {
                    continue;
                }
                seen_pairs.add_unit(&group.cells);
                units.push(group);
            }
            let derived =
                crate::rules::house_sums(n, &units[..houses], &constraints, &|a, b| seen_pairs.contains(a, b));
            constraints.extend(derived);
        }
        Ok(Model::assemble(spec, n, symbols, boxes, units, houses, constraints))
    }

    fn assemble(
        spec: Spec,
        n: usize,
        symbols: Symbols,
        boxes: Option<(usize, usize)>,
        units: Vec<Unit>,
        houses: usize,
        constraints: Vec<Constraint>,
    ) -> Model {
        let cells = n * n;
        let mut count = vec![0u32; cells + 1];
        for unit in &units {
            for &c in &unit.cells {
                count[c + 1] += 1;
            }
        }
        for i in 0..cells {
            count[i + 1] += count[i];
        }
        let cell_unit_offsets = count.clone();
        let mut cell_units = vec![0u32; *count.last().unwrap_or(&0) as usize];
        for (u, unit) in units.iter().enumerate() {
            for &c in &unit.cells {
                cell_units[count[c] as usize] = u as u32;
                count[c] += 1;
            }
        }
        let mut count = vec![0u32; cells + 1];
        for c in &constraints {
            for &cell in &c.cells {
                count[cell + 1] += 1;
            }
        }
        for i in 0..cells {
            count[i + 1] += count[i];
        }
        let cell_constraint_offsets = count.clone();
        let mut cell_constraints = vec![0u32; *count.last().unwrap_or(&0) as usize];
        for (k, c) in constraints.iter().enumerate() {
            for &cell in &c.cells {
                cell_constraints[count[cell] as usize] = k as u32;
                count[cell] += 1;
            }
        }
        let (peer_offsets, peers) = peer_rows(cells, &units, &cell_unit_offsets, &cell_units);
        Model {
            spec,
            n,
            symbols,
            boxes,
            units,
            houses,
            cell_unit_offsets,
            cell_units,
            peer_offsets,
            peers,
            graph: OnceLock::new(),
            constraints,
            cell_constraint_offsets,
            cell_constraints,
            exact_cover: OnceLock::new(),
            regions: OnceLock::new(),
        }
    }

    /// The spec this model was compiled from.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The spec's name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The side length n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The number of cells, n².
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// The spec's alphabet.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// The box shape (rows, columns) when the spec has a `Boxes` rule: used to draw boards.
    pub fn boxes(&self) -> Option<(usize, usize)> {
        self.boxes
    }

    /// All units: houses first, then at-most-once groups.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The constraint graph in Graphviz DOT, the boxes (or jigsaw regions) as clusters: what
    /// `coverlab graph` writes.
    pub fn to_dot(&self) -> String {
        let regions = self.houses().iter().filter(|u| matches!(u.kind, UnitKind::Box | UnitKind::Region));
        self.graph().to_dot(self.name(), self.size(), regions.map(|u| (u.label.as_str(), u.cells.as_slice())))
    }

    /// The houses (each value exactly once).
    pub fn houses(&self) -> &[Unit] {
        &self.units[..self.houses]
    }

    /// The at-most-once groups.
    pub fn groups(&self) -> &[Unit] {
        &self.units[self.houses..]
    }

    /// The indices (into [`Model::units`]) of the units containing `cell`.
    pub fn units_of(&self, cell: Cell) -> &[u32] {
        &self.cell_units[self.cell_unit_offsets[cell] as usize..self.cell_unit_offsets[cell + 1] as usize]
    }

    /// The cells sharing a unit with `cell`, ascending: its neighbours in the constraint graph.
    pub fn peers(&self, cell: Cell) -> &[u16] {
        &self.peers[self.peer_offsets[cell] as usize..self.peer_offsets[cell + 1] as usize]
    }

    /// Whether `a` and `b` share a unit (a house or an at-most-once group): they cannot hold the
    /// same value.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        u16::try_from(b).is_ok_and(|b| self.peers(a).binary_search(&b).is_ok())
    }

    /// Every cell's peers as compressed rows: cell c's are `peers[offsets[c]..offsets[c + 1]]`
    /// (what [`Model::peers`] returns), for a caller that copies the whole table at once.
    pub fn peer_table(&self) -> (&[u32], &[u16]) {
        (&self.peer_offsets, &self.peers)
    }

    /// Every cell's constraints beyond houses as compressed rows, as [`Model::peer_table`] (what
    /// [`Model::constraints_of`] returns).
    pub fn constraint_table(&self) -> (&[u32], &[u32]) {
        (&self.cell_constraint_offsets, &self.cell_constraints)
    }

    /// The constraints beyond houses and groups (cages' sums, thermometers, dots, …), in spec
    /// order; empty for a classic spec.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The indices (into [`Model::constraints`]) of the constraints on `cell`.
    pub fn constraints_of(&self, cell: Cell) -> &[u32] {
        &self.cell_constraints
            [self.cell_constraint_offsets[cell] as usize..self.cell_constraint_offsets[cell + 1] as usize]
    }

    /// The constraint graph: a node per cell, an edge between cells that share a unit.
    pub fn graph(&self) -> &ConstraintGraph {
        self.graph.get_or_init(|| ConstraintGraph::build(self.cells(), &self.units, &self.constraints))
    }

    /// The exact-cover matrix, built on first use.
    pub fn exact_cover(&self) -> &ExactCover {
        self.exact_cover.get_or_init(|| {
            ExactCover::build(self.size(), self.houses().len(), self.units().len(), |cell| self.units_of(cell))
        })
    }

    /// The grid's regions, for drawing a board: the region of each cell (row-major), numbered
    /// from 0, when the boxes, or else the jigsaw regions, divide the grid (each cell in exactly
    /// one); `None` when neither does. Built on first use.
    pub fn regions(&self) -> Option<&[u16]> {
        self.regions
            .get_or_init(|| {
                [UnitKind::Box, UnitKind::Region].into_iter().find_map(|kind| {
                    let mut map = vec![u16::MAX; self.n * self.n];
                    let mut count = 0u16;
                    for unit in self.houses().iter().filter(|u| u.kind == kind) {
                        for &cell in &unit.cells {
                            if map[cell] != u16::MAX {
                                return None;
                            }
                            map[cell] = count;
                        }
                        count += 1;
                    }
                    (count > 0 && map.iter().all(|&r| r != u16::MAX)).then_some(map)
                })
            })
            .as_deref()
    }

    /// The name of a cell, `r3c4`.
    pub fn cell_name(&self, cell: Cell) -> String {
        cell_name(cell, self.n)
    }
}

/// The longest spec name, in bytes: names are shown in messages and traces.
pub const MAX_NAME: usize = 64;

/// The most houses and groups one cell may be in (a classic grid: 3; with every variant rule
/// at once, about 20).
pub const MAX_UNITS_PER_CELL: usize = 64;

fn kebab_case(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && !name.ends_with('-')
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

type ErrFn<'a> = dyn Fn(String, Option<String>) -> SpecError + 'a;

fn distinct_cells(
    refs: &[CellRef],
    what: &str,
    to_cell: &dyn Fn(&CellRef, &str) -> Result<Cell, SpecError>,
    err: &ErrFn<'_>,
) -> Result<Vec<Cell>, SpecError> {
    let mut cells = Vec::with_capacity(refs.len());
    for r in refs {
        cells.push(to_cell(r, what)?);
    }
    let mut sorted = refs.to_vec();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(err(format!("{what} lists {} twice", w[0]), Some(format!("\"{}\"", w[0]))));
    }
    cells.sort_unstable();
    Ok(cells)
}

fn regions(map: &[String], n: usize, err: &ErrFn<'_>) -> Result<Vec<Unit>, SpecError> {
    if map.len() != n {
        return Err(err(
            format!("the region map has {}, expected {n}", crate::text::count(map.len(), "row")),
            Some("Regions".into()),
        ));
    }
    let mut by_letter: Vec<(char, Vec<Cell>)> = Vec::new();
    for (r, row) in map.iter().enumerate() {
        let letters: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if letters.len() != n {
            return Err(err(
                format!(
                    "row {} of the region map has {}, expected {n}",
                    r + 1,
                    crate::text::count(letters.len(), "cell")
                ),
                Some(format!("\"{row}\"")),
            ));
        }
        for (c, &letter) in letters.iter().enumerate() {
            match by_letter.iter_mut().find(|(l, _)| *l == letter) {
                Some((_, cells)) => cells.push(r * n + c),
                None => by_letter.push((letter, vec![r * n + c])),
            }
        }
    }
    by_letter.sort_by_key(|(l, _)| *l);
    for (letter, cells) in &by_letter {
        if cells.len() != n {
            return Err(err(
                format!("region '{letter}' has {}, expected {n}", crate::text::count(cells.len(), "cell")),
                Some("Regions".into()),
            ));
        }
    }
    Ok(by_letter
        .into_iter()
        .map(|(letter, cells)| Unit { kind: UnitKind::Region, label: format!("region {letter}"), cells, exact: true })
        .collect())
}

const KNIGHT: [(isize, isize); 4] = [(1, 2), (2, 1), (1, -2), (2, -1)];
const KING: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// One two-cell group per pair of cells a move apart (each pair once: half the move set).
fn move_pairs(n: usize, moves: &[(isize, isize)], kind: UnitKind, what: &str) -> Vec<Unit> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in moves {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 < 0 || c2 < 0 || r2 >= n as isize || c2 >= n as isize {
                    continue;
                }
                let (a, b) = (r * n + c, r2 as usize * n + c2 as usize);
                let (a, b) = (a.min(b), a.max(b));
                out.push(Unit {
                    kind,
                    label: format!("{what} {}-{}", cell_name(a, n), cell_name(b, n)),
                    cells: vec![a, b],
                    exact: false,
                });
            }
        }
    }
    out
}

/// Which cell pairs already share a unit: one bit per ordered pair.
struct PairSet {
    cells: usize,
    bits: Vec<u64>,
}

impl PairSet {
    fn new(cells: usize) -> PairSet {
        PairSet { cells, bits: vec![0; (cells * cells).div_ceil(64)] }
    }
    fn set(&mut self, a: Cell, b: Cell) {
        let i = a * self.cells + b;
        self.bits[i / 64] |= 1 << (i % 64);
    }
    fn contains(&self, a: Cell, b: Cell) -> bool {
        let i = a * self.cells + b;
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }
    fn add_unit(&mut self, cells: &[Cell]) {
        for &a in cells {
            for &b in cells {
                self.set(a, b);
            }
        }
    }
}
