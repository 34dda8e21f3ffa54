//! SE's chains: bidirectional cycles and forcing X-/Y-chains (6.5–7.0), Nishio (7.5), multiple
//! (8.0) and dynamic (8.5) forcing chains, and the nested level "+" (9.0), whose assumptions are
//! also followed through intersections, hidden and naked pairs and X-wings; then levels 2 (9.5)
//! and 3 (10.0), which, when those find nothing, search the assumption's grid for forcing chains
//! and cycles (and, at level 3, multiple forcing chains) and follow the removals of those that
//! rest on a candidate the assumption removed (SE's nested chains); and level 4 (10.5), which
//! nests dynamic forcing chains (of level 0 to 3, SE's nesting limit) the same way, within a
//! budget of nested searches ([`NESTED_BUDGET`]).
//!
//! A candidate in a state ("on": it is the cell's value; "off": it is not) is a *potential*.
//! Each search keeps every potential it reaches with the potentials that imply it (its parents),
//! and a step's difficulty is its rule's base plus a bonus for the number of distinct potentials
//! behind its conclusion (its *complexity*): 0.1 more each time the count (less 2) passes 4, 6,
//! 8, 12, 16, 24, 32, … (alternately ×3/2 and ×4/3). Among the steps one search finds, the one
//! taken is the lowest difficulty, then the lowest complexity, then the kind (SE's sort key).

use std::collections::{BTreeMap, VecDeque};

use super::Hint;
use super::grid::{BLOCK, COLUMN, Grid, HOUSE_SETS, Mask, Memo, PEER_SETS, ROW, bits, house, house_of, peers, values};

/// The steps a nested search found on one grid: for each, the potentials it turns off, the
/// candidates of the outer grid it rests on, its complexity.
type NestedSteps = Vec<(Vec<Pot>, Vec<Pot>, u32)>;

/// A nested rule (see [`rule_id`]) and the grid it ran on (candidates and values).
type MemoKey = (u8, [Mask; 81], [u8; 81]);

/// What a nested rule found on a grid: the candidates of the outer grid it ran for (each
/// step's `rests_on` is taken from them), and its steps.
type Remembered = (Box<[Mask; 81]>, NestedSteps);

/// The grids whose nested steps a rating remembers at most (a few hundred bytes to a few
/// kilobytes each); past them it forgets them all and goes on.
const MEMO_LIMIT: usize = 50_000;

/// The nested rules, numbered for [`MemoKey`]: forcing chains and cycles, static multiple
/// forcing chains, dynamic forcing chains of level 0 to 3 (level 4's nesting limits).
fn rule_id(rule: Rule) -> u8 {
    if !rule.multiple && !rule.dynamic {
        0
    } else if !rule.dynamic {
        1
    } else {
        2 + rule.level as u8
    }
}

/// The cells of house `i` of `kind` as a set.
fn house_set(kind: usize, i: usize) -> u128 {
    HOUSE_SETS[kind][i]
}

/// A potential: cell, value and state in one index, `((cell * 9 + v - 1) << 1) | on`.
type Pot = u16;

fn pot(cell: usize, v: u8, on: bool) -> Pot {
    (((cell * 9 + v as usize - 1) << 1) | on as usize) as Pot
}

fn cell_of(p: Pot) -> usize {
    (p >> 1) as usize / 9
}

fn value_of(p: Pot) -> u8 {
    ((p >> 1) as usize % 9) as u8 + 1
}

fn is_on(p: Pot) -> bool {
    p & 1 == 1
}

const POTS: usize = 81 * 9 * 2;
/// Every value 1..=9 as a mask.
const ALL_VALUES: Mask = 0x3fe;
const NONE: u32 = u32::MAX;

/// Every potential a search creates, with its parents (indexes into the arena).
#[derive(Default)]
struct Arena {
    pots: Vec<Pot>,
    starts: Vec<u32>,
    parents: Vec<u32>,
    /// Per node: the nested chain it was concluded by (an index into `nested_complexity`), or
    /// `NONE`; only as long as the last node so concluded needs (the others: `NONE`).
    nested: Vec<u32>,
    /// The complexity of each nested chain a node rests on (nested levels 2 and 3).
    nested_complexity: Vec<u32>,
}

impl Arena {
    fn clear(&mut self) {
        self.pots.clear();
        self.starts.clear();
        self.parents.clear();
        self.nested.clear();
        self.nested_complexity.clear();
    }

    fn add(&mut self, p: Pot, parents: &[u32]) -> u32 {
        self.pots.push(p);
        self.starts.push(self.parents.len() as u32);
        self.parents.extend_from_slice(parents);
        (self.pots.len() - 1) as u32
    }

    fn parents_of(&self, node: u32) -> &[u32] {
        let start = self.starts[node as usize] as usize;
        let end = self.starts.get(node as usize + 1).map_or(self.parents.len(), |&e| e as usize);
        &self.parents[start..end]
    }

    /// A potential concluded by a nested chain of `complexity`, resting on `parents`.
    fn add_nested(&mut self, p: Pot, parents: &[u32], chain: u32) -> u32 {
        let n = self.add(p, parents);
        self.nested.resize(n as usize + 1, NONE);
        self.nested[n as usize] = chain;
        n
    }

    /// The distinct potentials behind `node`, itself included (SE's ancestor count: a
    /// potential met again is not followed again), plus the complexity of each distinct
    /// nested chain one of them was concluded by.
    fn ancestors(&self, node: u32, walk: &mut Walk) -> usize {
        let Walk { seen, todo, next, chains } = walk;
        seen.clear();
        seen.resize(POTS.div_ceil(64), 0);
        todo.clear();
        todo.push(node);
        chains.clear();
        let mut count = 0;
        while !todo.is_empty() {
            next.clear();
            for &n in todo.iter() {
                let p = self.pots[n as usize] as usize;
                if seen[p / 64] >> (p % 64) & 1 == 0 {
                    seen[p / 64] |= 1 << (p % 64);
                    count += 1;
                    let chain = self.nested.get(n as usize).copied().unwrap_or(NONE);
                    if chain != NONE && !chains.contains(&chain) {
                        chains.push(chain);
                        count += self.nested_complexity[chain as usize] as usize;
                    }
                    next.extend_from_slice(self.parents_of(n));
                }
            }
            std::mem::swap(todo, next);
        }
        count
    }

    /// Marks (or clears), in `path` (a bit per potential), the potentials on the first-parent
    /// path above `node`: SE's `isParent` asks whether a potential is one of them.
    fn mark_path(&self, node: u32, path: &mut [u64], mark: bool) {
        let mut n = node;
        while let Some(&first) = self.parents_of(n).first() {
            n = first;
            let p = self.pots[n as usize] as usize;
            if mark {
                path[p / 64] |= 1 << (p % 64);
            } else {
                path[p / 64] &= !(1 << (p % 64));
            }
        }
    }
}

/// The buffers of [`Arena::ancestors`], reused from call to call.
#[derive(Default)]
struct Walk {
    seen: Vec<u64>,
    todo: Vec<u32>,
    next: Vec<u32>,
    chains: Vec<u32>,
}

/// What a search allocates, kept from one search to the next (a rating runs thousands):
/// empty sets, cleared arenas and walks, empty queues. A rating keeps one for all its steps.
#[derive(Default)]
pub(crate) struct Scratch {
    sets: Vec<PotSet>,
    arenas: Vec<Arena>,
    walks: Vec<Walk>,
    queues: Vec<VecDeque<u32>>,
    /// The steps each nested rule found on each grid it ran on, in this whole rating (every
    /// step, every level): see [`Search::nested_rule`].
    memo: BTreeMap<MemoKey, Remembered>,
    /// Level 4 under way: each nested search counts against [`NESTED_BUDGET`].
    limited: bool,
    /// Nested searches run by level 4 so far in this rating.
    spent: u32,
    /// The nested searches level 4 may run in this rating ([`NESTED_BUDGET`] unless the
    /// caller set another: [`super::rate_within`]).
    pub(crate) budget: u32,
    /// Level 4 ran out of budget: no rule of level 4 finds anything any more.
    pub(crate) exhausted: bool,
}

impl Scratch {
    /// For a rating whose level 4 may run `budget` nested searches.
    pub(crate) fn with_budget(budget: u32) -> Scratch {
        Scratch { budget, ..Scratch::default() }
    }
}

/// The nested searches (one rule of the nested level on one grid an assumption reached) level
/// 4 may run in one rating, all its steps and nesting limits together: past it, the rating
/// stops (the puzzle is not rated) rather than run for minutes. A count, not a clock: the
/// outcome is the same on every machine.
pub const NESTED_BUDGET: u32 = 20_000;

/// A set of potentials in insertion order, each with the node first inserted for it.
struct PotSet {
    node: Vec<u32>,
    order: Vec<Pot>,
}

impl PotSet {
    fn new() -> PotSet {
        PotSet { node: vec![NONE; POTS], order: Vec::new() }
    }

    fn get(&self, p: Pot) -> Option<u32> {
        let n = self.node[p as usize];
        (n != NONE).then_some(n)
    }

    fn has(&self, p: Pot) -> bool {
        self.node[p as usize] != NONE
    }

    fn insert(&mut self, p: Pot, n: u32) {
        if self.node[p as usize] == NONE {
            self.node[p as usize] = n;
            self.order.push(p);
        }
    }

    /// Empties the set, touching only what it holds.
    fn clear(&mut self) {
        for &p in &self.order {
            self.node[p as usize] = NONE;
        }
        self.order.clear();
    }

    fn retain(&mut self, other: &PotSet) {
        let node = &mut self.node;
        self.order.retain(|&p| {
            let keep = other.has(p);
            if !keep {
                node[p as usize] = NONE;
            }
            keep
        });
    }

    fn nodes(&self) -> impl Iterator<Item = (Pot, u32)> + '_ {
        self.order.iter().map(|&p| (p, self.node[p as usize]))
    }
}

/// Potentials turned off when `p` (on) holds, into `out`: the cell's other candidates (with
/// `y`), then the value's other places in the block, the row and the column (`by_value`:
/// `grid`'s places of each value).
fn on_to_off(grid: &Grid, by_value: &[u128; 10], p: Pot, y: bool, out: &mut Vec<Pot>) {
    let (cell, v) = (cell_of(p), value_of(p));
    out.clear();
    if y {
        for u in values(grid.cand[cell]) {
            if u != v {
                out.push(pot(cell, u, false));
            }
        }
    }
    for set in PEER_SETS[cell] {
        let mut places = by_value[v as usize] & set;
        while places != 0 {
            out.push(pot(places.trailing_zeros() as usize, v, false));
            places &= places - 1;
        }
    }
}

/// Potentials a rule makes, each with its parents, in buffers reused from call to call.
#[derive(Default)]
struct Made {
    pots: Vec<Pot>,
    /// The end of each potential's parents in `parents`.
    ends: Vec<u32>,
    parents: Vec<u32>,
}

impl Made {
    fn clear(&mut self) {
        self.pots.clear();
        self.ends.clear();
        self.parents.clear();
    }

    /// Closes the potential `p` whose parents were pushed since the last one.
    fn close(&mut self, p: Pot) {
        self.pots.push(p);
        self.ends.push(self.parents.len() as u32);
    }

    fn len(&self) -> usize {
        self.pots.len()
    }

    /// The `i`-th potential and its parents.
    fn get(&self, i: usize) -> (Pot, &[u32]) {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        (self.pots[i], &self.parents[start..self.ends[i] as usize])
    }
}

/// Potentials turned on when `p` (off) holds, each with its parents, into `out`: the cell's
/// other candidate when it has two (with `y`), and the value's other place in a house where it
/// has two (with `x`); `by_value`: `grid`'s places of each value. With `source` and its
/// places (dynamic chains), the candidates removed since the search
/// began in that cell or house are parents too.
#[allow(clippy::too_many_arguments)]
fn off_to_on(
    grid: &Grid,
    by_value: &[u128; 10],
    source: Option<(&Grid, &[u128; 10])>,
    arena: &Arena,
    to_off: &PotSet,
    node: u32,
    y: bool,
    x: bool,
    out: &mut Made,
) {
    let p = arena.pots[node as usize];
    let (cell, v) = (cell_of(p), value_of(p));
    out.clear();
    // Bit tricks rather than `count_ones`, which is not one instruction in the default target.
    let mask = grid.cand[cell];
    let rest = mask & mask.wrapping_sub(1);
    if y && rest != 0 && rest & (rest - 1) == 0 {
        let other = (mask & !(1 << v)).trailing_zeros() as u8;
        out.parents.push(node);
        if let Some((source, _)) = source {
            for u in values(source.cand[cell] & !grid.cand[cell]) {
                if let Some(n) = to_off.get(pot(cell, u, false)) {
                    out.parents.push(n);
                }
            }
        }
        out.close(pot(cell, other, true));
    }
    if x {
        let here = by_value[v as usize] & !(1 << cell);
        // Removed since the search began (dynamic chains).
        let gone = source.map_or(0, |(_, s)| s[v as usize] & !by_value[v as usize]);
        for kind in [BLOCK, ROW, COLUMN] {
            let set = HOUSE_SETS[kind][house_of(kind, cell)];
            let others = here & set;
            if others != 0 && others & (others - 1) == 0 {
                out.parents.push(node);
                // Ascending cells: the house's order.
                let mut removed = gone & set;
                while removed != 0 {
                    let c = removed.trailing_zeros() as usize;
                    removed &= removed - 1;
                    if let Some(n) = to_off.get(pot(c, v, false)) {
                        out.parents.push(n);
                    }
                }
                out.close(pot(others.trailing_zeros() as usize, v, true));
            }
        }
    }
}

/// The links of a grid that does not change during a search (X-, Y- and XY-chains and cycles):
/// what each candidate turns off when on and turns on when off, made once per pass rather than
/// each time a search meets the potential (a cycle search meets an "off" many times).
#[derive(Default)]
struct Links {
    /// Where each candidate's (`cell * 9 + v - 1`) list starts in `offs`, and one past the last.
    off_starts: Vec<u32>,
    offs: Vec<Pot>,
    on_starts: Vec<u32>,
    ons: Vec<Pot>,
}

impl Links {
    /// The links of `grid` (`by_value`: its places of each value) through cells (`y`) and
    /// houses (`x`), in `on_to_off`'s and `off_to_on`'s order; for the values of `only` (a
    /// bit per value), the others' lists left empty (an X pass links a value's places only to
    /// its own, so a value it does not search needs none).
    fn new(grid: &Grid, by_value: &[u128; 10], y: bool, x: bool, only: Mask) -> Links {
        let mut links = Links::default();
        let mut offs = Vec::new();
        let mut ons = Made::default();
        let mut arena = Arena::default();
        let to_off = PotSet { node: Vec::new(), order: Vec::new() };
        links.off_starts.push(0);
        links.on_starts.push(0);
        for cell in 0..81 {
            for v in 1..=9u8 {
                if grid.has(cell, v) && only >> v & 1 == 1 {
                    on_to_off(grid, by_value, pot(cell, v, true), y, &mut offs);
                    links.offs.extend_from_slice(&offs);
                    arena.clear();
                    let node = arena.add(pot(cell, v, false), &[]);
                    off_to_on(grid, by_value, None, &arena, &to_off, node, y, x, &mut ons);
                    links.ons.extend_from_slice(&ons.pots);
                }
                links.off_starts.push(links.offs.len() as u32);
                links.on_starts.push(links.ons.len() as u32);
            }
        }
        links
    }

    /// What `p` turns off (`p` on) or on (`p` off).
    fn of(&self, p: Pot) -> &[Pot] {
        let k = (p >> 1) as usize;
        if is_on(p) {
            &self.offs[self.off_starts[k] as usize..self.off_starts[k + 1] as usize]
        } else {
            &self.ons[self.on_starts[k] as usize..self.on_starts[k + 1] as usize]
        }
    }
}

/// The bonus for a chain of `complexity` potentials, in tenths.
fn length_bonus(complexity: usize) -> u32 {
    let length = complexity as i64 - 2;
    let mut ceil = 4i64;
    let mut odd = false;
    let mut added = 0;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A step found by a chain search, with what orders it among the others.
struct Found {
    hint: Hint,
    complexity: usize,
    key: u8,
    /// In a nested search: the candidates of the outer search's grid, removed by its
    /// assumption, that the chain's links rest on (SE's rule parents).
    rests_on: Vec<Pot>,
}

/// What a found chain's first potentials rest on (SE's cause of the initial assumption): a
/// cycle (its links count both ways), one cell's values (cell forcing chains), one house's
/// places of a value (region forcing chains), or nothing (forcing chains).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Root {
    Chain,
    Cycle,
    Cell(usize),
    House(usize, usize),
}

/// One of SE's chaining rules.
#[derive(Clone, Copy)]
pub(crate) struct Rule {
    pub(crate) multiple: bool,
    pub(crate) dynamic: bool,
    pub(crate) nishio: bool,
    pub(crate) level: u32,
    /// At level 4: the level of the dynamic forcing chains nested in each implication (SE's
    /// nesting limit, 0 to 3).
    pub(crate) nesting: u32,
}

impl Rule {
    pub(crate) const CYCLES: Rule = Rule { multiple: false, dynamic: false, nishio: false, level: 0, nesting: 0 };
    pub(crate) const NISHIO: Rule = Rule { multiple: false, dynamic: true, nishio: true, level: 0, nesting: 0 };
    pub(crate) const MULTIPLE: Rule = Rule { multiple: true, dynamic: false, nishio: false, level: 0, nesting: 0 };
    pub(crate) const DYNAMIC: Rule = Rule { multiple: true, dynamic: true, nishio: false, level: 0, nesting: 0 };
    pub(crate) const DYNAMIC_PLUS: Rule = Rule { multiple: true, dynamic: true, nishio: false, level: 1, nesting: 0 };
    /// Dynamic forcing chains with forcing chains and cycles nested in each implication.
    pub(crate) const NESTED_CHAINS: Rule = Rule { multiple: true, dynamic: true, nishio: false, level: 2, nesting: 0 };
    /// … and multiple forcing chains too.
    pub(crate) const NESTED_MULTIPLE: Rule =
        Rule { multiple: true, dynamic: true, nishio: false, level: 3, nesting: 0 };
    /// Dynamic forcing chains with dynamic forcing chains of level 0 to 3 nested in each
    /// implication (SE's level 4 and its nesting limit): 10.5 + bonus each, tried in turn.
    pub(crate) const NESTED_DYNAMIC: [Rule; 4] = [
        Rule { multiple: true, dynamic: true, nishio: false, level: 4, nesting: 0 },
        Rule { multiple: true, dynamic: true, nishio: false, level: 4, nesting: 1 },
        Rule { multiple: true, dynamic: true, nishio: false, level: 4, nesting: 2 },
        Rule { multiple: true, dynamic: true, nishio: false, level: 4, nesting: 3 },
    ];
    /// Multiple forcing chains as nested at level 3 (SE's static cell and region chains).
    const MULTIPLE_STATIC: Rule = Rule::MULTIPLE;

    fn base(self) -> u32 {
        if self.level > 0 {
            85 + 5 * self.level
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }

    fn prefix(self) -> &'static str {
        if self.level > 0 || (self.dynamic && !self.nishio) {
            "Dynamic "
        } else if self.nishio {
            "Nishio "
        } else {
            ""
        }
    }
}

/// The search state of one rule on one grid.
struct Search<'a> {
    grid: &'a Grid,
    rule: Rule,
    arena: Arena,
    found: Vec<Found>,
    walk: Walk,
    /// The grid's places of each value.
    by_value: [u128; 10],
    /// Scratch for `on_to_off` and `off_to_on`.
    offs: Vec<Pot>,
    ons: Made,
    /// Empty sets, arenas and queues to reuse (each set holds a table of every potential).
    pool: Scratch,
    /// The lowest difficulty found so far (`u32::MAX`: none): a chain whose difficulty would be
    /// higher cannot be the step taken, so a search whose next layer could only make such
    /// chains stops there.
    best: u32,
    /// What assuming each candidate (`cell * 9 + v - 1`) implies, kept from its first
    /// search to its last use: a cell's own assumptions and its houses' region chains ask for
    /// the same ones (multiple and dynamic chains).
    implied: Vec<Option<Implied>>,
    /// A bit per potential: those on the path being extended (cycles).
    path: Vec<u64>,
    /// The links of the pass under way (unary chains).
    links: Links,
    /// In a nested search (run on an outer search's grid under an assumption): the outer
    /// search's own grid. Every step is kept (none is cut short by a cheaper one).
    outer: Option<&'a Grid>,
    /// The nested steps found on each grid an assumption reached (see [`Search::nested`]).
    nested_cache: BTreeMap<[Mask; 81], NestedSteps>,
}

/// What a candidate assumed true implies on the search's grid: the potentials turned on, those
/// turned off, and the two nodes of the contradiction that stopped the search, if any.
struct Implied {
    on: PotSet,
    off: PotSet,
    absurd: Option<(u32, u32)>,
}

/// The step SE's `rule` takes on `grid`, if any.
pub(crate) fn find(grid: &Grid, rule: Rule, memo: &mut Memo, scratch: &mut Scratch) -> Option<Hint> {
    // X-chains and cycles, and Nishio chains, follow one value: a value they found nothing for
    // at the same places is skipped.
    if rule.level >= 4 && scratch.exhausted {
        return None;
    }
    scratch.limited = rule.level >= 4;
    let keys = memo.keys(grid);
    let mut search = Search::new(grid, rule, None, std::mem::take(scratch));
    if rule.multiple || rule.dynamic {
        let skip = |v: u8| rule.nishio && memo.found_nothing(Memo::NISHIO, &keys, v);
        search.multiple_chains(&skip);
        if rule.nishio && search.found.is_empty() {
            memo.nothing_at_all(Memo::NISHIO, &keys);
        }
    } else {
        for (y, x) in [(false, true), (true, false), (true, true)] {
            search.links = Links::new(grid, &search.by_value, y, x, ALL_VALUES);
            for cell in 0..81 {
                if grid.value[cell] == 0 && grid.count(cell) > 1 {
                    for v in values(grid.cand[cell]) {
                        if !y && memo.found_nothing(Memo::X_CHAINS, &keys, v) {
                            continue;
                        }
                        search.arena.clear();
                        search.unary(pot(cell, v, true), y, x);
                    }
                }
            }
            // The X pass comes first: finding nothing, it cut no search short.
            if !y && search.found.is_empty() {
                memo.nothing_at_all(Memo::X_CHAINS, &keys);
            }
        }
    }
    // Stable: among equals, the first found.
    let mut found = std::mem::take(&mut search.found);
    *scratch = search.finish();
    scratch.limited = false;
    if scratch.exhausted {
        return None;
    }
    found.sort_by_key(|f| (f.hint.tenths, f.complexity, f.key));
    found.into_iter().next().map(|f| f.hint)
}

impl<'a> Search<'a> {
    fn new(grid: &'a Grid, rule: Rule, outer: Option<&'a Grid>, mut pool: Scratch) -> Search<'a> {
        Search {
            grid,
            rule,
            arena: pool.arenas.pop().unwrap_or_default(),
            found: Vec::new(),
            walk: pool.walks.pop().unwrap_or_default(),
            by_value: grid.places_by_value(),
            offs: Vec::new(),
            ons: Made::default(),
            pool,
            best: u32::MAX,
            implied: Vec::new(),
            path: vec![0; POTS.div_ceil(64)],
            links: Links::default(),
            outer,
            nested_cache: BTreeMap::new(),
        }
    }

    /// Ends the search: what it allocated, for the next (the sets it kept, given back).
    fn finish(mut self) -> Scratch {
        for done in std::mem::take(&mut self.implied).into_iter().flatten() {
            self.recycle(done.on);
            self.recycle(done.off);
        }
        self.arena.clear();
        self.pool.arenas.push(self.arena);
        self.pool.walks.push(self.walk);
        self.pool
    }

    /// An empty queue, reused if one was given back.
    fn new_queue(&mut self) -> VecDeque<u32> {
        self.pool.queues.pop().unwrap_or_default()
    }

    /// Gives back a queue no longer needed.
    fn recycle_queue(&mut self, mut queue: VecDeque<u32>) {
        queue.clear();
        self.pool.queues.push(queue);
    }

    /// The candidates of `source` missing from this search's grid that the chains ending at
    /// `nodes` rest on (SE's `collectRuleParents`): for each potential turned on (each
    /// potential, in a cycle, which counts its links both ways) because its cell or a house
    /// had one place left, the candidates of that cell, or the value's places in that house,
    /// that `source` had; in SE's order, each once.
    fn rests_on(&self, source: &Grid, nodes: &[u32], root: Root) -> Vec<Pot> {
        let grid = self.grid;
        let arena = &self.arena;
        let mut out: Vec<Pot> = Vec::new();
        let mut added = [0u64; POTS.div_ceil(64)];
        let mut add = |p: Pot| {
            if added[p as usize / 64] >> (p % 64) & 1 == 0 {
                added[p as usize / 64] |= 1 << (p % 64);
                out.push(p);
            }
        };
        for &target in nodes {
            let mut done = [0u64; POTS.div_ceil(64)];
            let mut todo = vec![target];
            while !todo.is_empty() {
                let mut next = Vec::new();
                for n in todo {
                    let p = arena.pots[n as usize];
                    if done[p as usize / 64] >> (p % 64) & 1 == 1 {
                        continue;
                    }
                    done[p as usize / 64] |= 1 << (p % 64);
                    let parents = arena.parents_of(n);
                    next.extend_from_slice(parents);
                    let (cell, v) = (cell_of(p), value_of(p));
                    if !is_on(p) && root != Root::Cycle {
                        continue;
                    }
                    // The link that made it: from its first parent, through the cell or the
                    // first house (block, row, column) holding both.
                    let cause = match parents.first() {
                        None => match root {
                            Root::Cell(c) => Some((None, c)),
                            Root::House(kind, i) => Some((Some(kind), i)),
                            _ => None,
                        },
                        Some(&q) => {
                            let from = cell_of(arena.pots[q as usize]);
                            if from == cell {
                                Some((None, cell))
                            } else {
                                [BLOCK, ROW, COLUMN]
                                    .into_iter()
                                    .find(|&k| house_of(k, from) == house_of(k, cell))
                                    .map(|k| (Some(k), house_of(k, cell)))
                            }
                        }
                    };
                    match cause {
                        Some((None, c)) => {
                            for u in values(source.cand[c] & !grid.cand[c]) {
                                add(pot(c, u, false));
                            }
                        }
                        Some((Some(kind), i)) => {
                            for c in house(kind, i) {
                                if source.has(c, v) && !grid.has(c, v) {
                                    add(pot(c, v, false));
                                }
                            }
                        }
                        None => {}
                    }
                }
                todo = next;
            }
        }
        out
    }

    /// SE's nested rules on `grid` (the outer search's grid less what its assumption turned
    /// off so far; `source`: the outer grid): forcing chains and cycles (level 2), then
    /// multiple forcing chains (level 3), the first that finds steps resting on the
    /// assumption. Each removal of such a step, with the nodes of `to_off` it rests on and the
    /// step's complexity.
    fn nested(&mut self, grid: &Grid, source: &Grid, to_off: &PotSet) -> Vec<(Pot, Vec<u32>, u32, usize)> {
        // Two assumptions often reach the same grid (a bivalue cell's one value off, its other
        // on): the nested steps are searched once per grid.
        let steps = match self.nested_cache.remove(&grid.cand) {
            Some(steps) => steps,
            None => self.nested_steps(grid, source),
        };
        let mut out = Vec::new();
        for (step, (remove, rests_on, complexity)) in steps.iter().enumerate() {
            let parents: Vec<u32> = rests_on.iter().filter_map(|&p| to_off.get(p)).collect();
            for &p in remove {
                out.push((p, parents.clone(), *complexity, step));
            }
        }
        self.nested_cache.insert(grid.cand, steps);
        out
    }

    /// The steps of [`Search::nested`] on `grid`, in SE's order: for each, the potentials it
    /// turns off, the candidates of `source` it rests on, its complexity.
    fn nested_steps(&mut self, grid: &Grid, source: &Grid) -> NestedSteps {
        // Level 4: dynamic forcing chains of the nesting limit's level, alone (SE's own rules
        // of the "+" level come first, in `advanced`).
        if self.rule.level >= 4 {
            let inner = Rule { multiple: true, dynamic: true, nishio: false, level: self.rule.nesting, nesting: 0 };
            return self.nested_rule(inner, grid, source);
        }
        // Forcing chains and cycles first (level 3 at a step asks for the grids level 2 asked
        // for at the same step, when level 2 found nothing: `nested_rule` remembers them).
        let cycles = self.nested_rule(Rule::CYCLES, grid, source);
        if !cycles.is_empty() || self.rule.level < 3 {
            return cycles;
        }
        self.nested_rule(Rule::MULTIPLE_STATIC, grid, source)
    }

    /// The steps of the nested `rule` on `grid` that rest on candidates of `source` it lacks.
    ///
    /// Remembered for the whole rating: the steps a rule finds on a grid depend on that grid
    /// alone, and `source` only decides which of them are kept and what each rests on (the
    /// candidates of `source` missing from `grid` behind its links, in a fixed order). So the
    /// steps found for a `source` serve again for any `source2` within it (`grid` within
    /// `source2` within `source`, as the grids of later steps are within earlier ones): each
    /// step rests on those of its candidates `source2` still has, in the same order, and is
    /// kept when there is one (a step of value v that an X-chain search skipped for `source2`
    /// rests on none). A search answered so is not run again, and not counted against level
    /// 4's budget.
    fn nested_rule(&mut self, rule: Rule, grid: &Grid, source: &Grid) -> NestedSteps {
        let key = (rule_id(rule), grid.cand, grid.value);
        if let Some((from, steps)) = self.pool.memo.get(&key)
            && (0..81).all(|c| source.cand[c] & !from[c] == 0)
        {
            let mut out = Vec::with_capacity(steps.len());
            for (remove, rests_on, complexity) in steps {
                let rests_on: Vec<Pot> =
                    rests_on.iter().copied().filter(|&p| source.has(cell_of(p), value_of(p))).collect();
                if !rests_on.is_empty() {
                    out.push((remove.clone(), rests_on, *complexity));
                }
            }
            return out;
        }
        let out = self.nested_run(rule, grid, source);
        if self.pool.memo.len() >= MEMO_LIMIT {
            // Bounded memory (level 4 may run hundreds of thousands of nested searches): start
            // again, the same way on every machine.
            self.pool.memo.clear();
        }
        if !self.pool.exhausted {
            self.pool.memo.insert(key, (Box::new(source.cand), out.clone()));
        }
        out
    }

    /// [`Search::nested_rule`]'s search, run.
    fn nested_run(&mut self, rule: Rule, grid: &Grid, source: &Grid) -> NestedSteps {
        let mut out = Vec::new();
        if self.pool.limited {
            if self.pool.spent >= self.pool.budget {
                self.pool.exhausted = true;
                return out;
            }
            self.pool.spent += 1;
        }
        {
            let mut sub = Search::new(grid, rule, Some(source), std::mem::take(&mut self.pool));
            if rule.multiple {
                sub.multiple_chains(&|_| false);
            } else {
                for (y, x) in [(false, true), (true, false), (true, true)] {
                    // An X-chain or cycle follows one value's places: where the assumption
                    // removed none, it rests on nothing and is left out (nor linked).
                    let only = if y {
                        ALL_VALUES
                    } else {
                        (1..=9u8)
                            .filter(|&v| sub.by_value[v as usize] != self.by_value[v as usize])
                            .fold(0, |m, v| m | 1 << v)
                    };
                    sub.links = Links::new(grid, &sub.by_value, y, x, only);
                    for cell in 0..81 {
                        if grid.value[cell] == 0 && grid.count(cell) > 1 {
                            for v in values(grid.cand[cell]) {
                                if only >> v & 1 == 0 {
                                    continue;
                                }
                                sub.arena.clear();
                                sub.unary(pot(cell, v, true), y, x);
                            }
                        }
                    }
                }
            }
            sub.found.sort_by_key(|f| (f.hint.tenths, f.complexity, f.key));
            for f in std::mem::take(&mut sub.found) {
                if f.rests_on.is_empty() {
                    // The step holds without the assumption: SE leaves it out of the chain.
                    continue;
                }
                let remove = f.hint.remove.iter().map(|&(c, v)| pot(c, v, false)).collect();
                out.push((remove, f.rests_on, f.complexity as u32));
            }
            self.pool = sub.finish();
        }
        out
    }

    /// An empty set, reused if one was given back.
    fn new_set(&mut self) -> PotSet {
        self.pool.sets.pop().unwrap_or_else(PotSet::new)
    }

    fn copy(&mut self, set: &PotSet) -> PotSet {
        let mut out = self.new_set();
        for &p in &set.order {
            out.node[p as usize] = set.node[p as usize];
        }
        out.order.extend_from_slice(&set.order);
        out
    }

    /// Gives back a set no longer needed.
    fn recycle(&mut self, mut set: PotSet) {
        set.clear();
        self.pool.sets.push(set);
    }

    fn push(&mut self, hint: Hint, complexity: usize, key: u8, nodes: Vec<u32>, root: Root) {
        if hint.remove.is_empty() && hint.place.is_none() {
            return;
        }
        let rests_on = match self.outer {
            Some(source) => self.rests_on(source, &nodes, root),
            None => {
                self.best = self.best.min(hint.tenths);
                Vec::new()
            }
        };
        self.found.push(Found { hint, complexity, key, rests_on });
    }

    /// Whether a chain of `rule_base` whose last potential is `depth` links from its start
    /// would be harder than a step already found: it has at least `depth + 1` potentials, and
    /// the bonus only grows with them, as it does for every potential implied after it.
    fn too_deep(&self, rule_base: u32, depth: usize) -> bool {
        rule_base + length_bonus(depth + 1) > self.best
    }

    fn count(&mut self, node: u32) -> usize {
        self.arena.ancestors(node, &mut self.walk)
    }

    /// Cycles and forcing chains from one candidate (SE's unary chaining).
    fn unary(&mut self, source: Pot, y: bool, x: bool) {
        let grid = self.grid;
        if !x && grid.count(cell_of(source)) > 2 {
            return;
        }
        // The cheapest this pass can give: a cycle (6.5 with one link kind, 7.0 with both).
        let (cycle_base, chain_base) = if x && y { (70, 70) } else { (65, 66) };
        if cycle_base > self.best {
            return;
        }
        let mut cycles = Vec::new();
        {
            let root = self.arena.add(source, &[]);
            let mut to_on = self.new_set();
            to_on.insert(source, root);
            let mut pending_on = self.new_queue();
            pending_on.push_back(root);
            let mut pending_off = self.new_queue();
            let mut length = 0;
            while !pending_on.is_empty() || !pending_off.is_empty() {
                // The layers are made in turn: every potential made next is `length` links
                // from the source.
                length += 1;
                if self.too_deep(cycle_base, length) {
                    break;
                }
                while let Some(p) = pending_on.pop_front() {
                    self.arena.mark_path(p, &mut self.path, true);
                    for &off in self.links.of(self.arena.pots[p as usize]) {
                        if self.path[off as usize / 64] >> (off % 64) & 1 == 0 {
                            let n = self.arena.add(off, &[p]);
                            pending_off.push_back(n);
                        }
                    }
                    self.arena.mark_path(p, &mut self.path, false);
                }
                length += 1;
                if self.too_deep(cycle_base, length) {
                    break;
                }
                while let Some(p) = pending_off.pop_front() {
                    for &on in self.links.of(self.arena.pots[p as usize]) {
                        // A node only where it serves: a cycle's end, or a potential met
                        // first.
                        let closes = length >= 4 && on == source;
                        let first = !to_on.has(on);
                        if !closes && !first {
                            continue;
                        }
                        let n = self.arena.add(on, &[p]);
                        if closes {
                            cycles.push(n);
                        }
                        if first {
                            to_on.insert(on, n);
                            pending_on.push_back(n);
                        }
                    }
                }
            }
            self.recycle(to_on);
            self.recycle_queue(pending_on);
            self.recycle_queue(pending_off);
        }
        let mut chains = Vec::new();
        if x {
            for start in [source, source & !1] {
                let root = self.arena.add(start, &[]);
                let mut to_on = self.new_set();
                let mut to_off = self.new_set();
                if is_on(start) {
                    to_on.insert(start, root);
                } else {
                    to_off.insert(start, root);
                }
                self.forcing(&mut to_on, &mut to_off, start, chain_base, &mut chains);
                self.recycle(to_on);
                self.recycle(to_off);
            }
        }
        for dst in cycles {
            self.cycle_hint(dst, y, x);
        }
        for target in chains {
            let t = self.arena.pots[target as usize];
            let (cell, v) = (cell_of(t), value_of(t));
            let hint = if is_on(t) {
                let remove = values(grid.cand[cell]).filter(|&u| u != v).map(|u| (cell, u)).collect();
                Hint { tenths: 0, name: "", remove, place: Some((cell, v)) }
            } else {
                Hint { tenths: 0, name: "", remove: vec![(cell, v)], place: None }
            };
            let complexity = self.count(target);
            let base = chain_base;
            let name = if x && y {
                "Forcing Chain"
            } else if x {
                "X-Chain"
            } else {
                "Y-Chain"
            };
            let key = if x && y {
                4
            } else if y {
                3
            } else {
                2
            };
            self.push(
                Hint { tenths: base + length_bonus(complexity), name, ..hint },
                complexity,
                key,
                vec![target],
                Root::Chain,
            );
        }
    }

    /// Forcing chains from what `to_on` and `to_off` hold, on the pass's links: each potential
    /// `source` implies of itself (on to off or off to on) goes into `chains`.
    fn forcing(&mut self, to_on: &mut PotSet, to_off: &mut PotSet, source: Pot, base: u32, chains: &mut Vec<u32>) {
        let mut pending_on = self.new_queue();
        pending_on.extend(to_on.nodes().map(|(_, n)| n));
        let mut pending_off = self.new_queue();
        pending_off.extend(to_off.nodes().map(|(_, n)| n));
        let mut chained = self.new_set();
        // The layers are made in turn: the potentials made by a drain are `depth` links from
        // the start.
        let mut depth = 0;
        'search: while !pending_on.is_empty() || !pending_off.is_empty() {
            if !pending_on.is_empty() {
                depth += 1;
                if self.too_deep(base, depth) {
                    break 'search;
                }
            }
            while let Some(p) = pending_on.pop_front() {
                for &off in self.links.of(self.arena.pots[p as usize]) {
                    let ends = source == off | 1 && !chained.has(off);
                    let first = !to_off.has(off);
                    if !ends && !first {
                        continue;
                    }
                    let n = self.arena.add(off, &[p]);
                    if ends {
                        chained.insert(off, n);
                        chains.push(n);
                    }
                    if first {
                        to_off.insert(off, n);
                        pending_off.push_back(n);
                    }
                }
            }
            if !pending_off.is_empty() {
                depth += 1;
                if self.too_deep(base, depth) {
                    break 'search;
                }
            }
            while let Some(p) = pending_off.pop_front() {
                for &on in self.links.of(self.arena.pots[p as usize]) {
                    let ends = source == on & !1 && !chained.has(on);
                    let first = !to_on.has(on);
                    if !ends && !first {
                        continue;
                    }
                    let n = self.arena.add(on, &[p]);
                    if ends {
                        chained.insert(on, n);
                        chains.push(n);
                    }
                    if first {
                        to_on.insert(on, n);
                        pending_on.push_back(n);
                    }
                }
            }
        }
        self.recycle(chained);
        self.recycle_queue(pending_on);
        self.recycle_queue(pending_off);
    }

    fn cycle_hint(&mut self, dst: u32, y: bool, x: bool) {
        let grid = self.grid;
        let mut on_chain = [false; 81];
        let mut n = dst;
        while let Some(&first) = self.arena.parents_of(n).first() {
            on_chain[cell_of(self.arena.pots[n as usize])] = true;
            n = first;
        }
        let mut forw = [0u16; 81];
        let mut back = [0u16; 81];
        let mut n = dst;
        while let Some(&first) = self.arena.parents_of(n).first() {
            let p = self.arena.pots[n as usize];
            let v = value_of(p);
            for c in peers(cell_of(p)) {
                if !on_chain[c] && grid.has(c, v) {
                    if is_on(p) {
                        forw[c] |= 1 << v;
                    } else {
                        back[c] |= 1 << v;
                    }
                }
            }
            n = first;
        }
        let remove: Vec<(usize, u8)> = (0..81).flat_map(|c| values(forw[c] & back[c]).map(move |v| (c, v))).collect();
        let complexity = self.count(dst);
        let base = if x && y { 70 } else { 65 };
        let key = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        let name = if x && y {
            "Bidirectional Cycle"
        } else if y {
            "Bidirectional Y-Cycle"
        } else {
            "Bidirectional X-Cycle"
        };
        let hint = Hint { tenths: base + length_bonus(complexity), name, remove, place: None };
        self.push(hint, complexity, key, vec![dst], Root::Cycle);
    }

    /// Completes `to_on` and `to_off` with what they imply; the two nodes of the first
    /// potential found both on and off, if any.
    fn chaining(&mut self, to_on: &mut PotSet, to_off: &mut PotSet) -> Option<(u32, u32)> {
        let mut pending_on = self.new_queue();
        pending_on.extend(to_on.nodes().map(|(_, n)| n));
        let mut pending_off = self.new_queue();
        pending_off.extend(to_off.nodes().map(|(_, n)| n));
        let absurd = self.chain_from(to_on, to_off, &mut pending_on, &mut pending_off);
        self.recycle_queue(pending_on);
        self.recycle_queue(pending_off);
        absurd
    }

    /// [`Search::chaining`] from the potentials pending.
    fn chain_from(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        pending_on: &mut VecDeque<u32>,
        pending_off: &mut VecDeque<u32>,
    ) -> Option<(u32, u32)> {
        let save = self.grid;
        let mut grid = self.grid.clone();
        let mut by_value = self.by_value;
        let rule = self.rule;
        loop {
            if let Some(p) = pending_on.pop_front() {
                on_to_off(&grid, &by_value, self.arena.pots[p as usize], !rule.nishio, &mut self.offs);
                for &off in &self.offs {
                    if let Some(on) = to_on.get(off | 1) {
                        let n = self.arena.add(off, &[p]);
                        return Some((on, n));
                    } else if !to_off.has(off) {
                        let n = self.arena.add(off, &[p]);
                        to_off.insert(off, n);
                        pending_off.push_back(n);
                    }
                }
                continue;
            }
            if let Some(p) = pending_off.pop_front() {
                let source = Some((save, &self.by_value));
                off_to_on(&grid, &by_value, source, &self.arena, to_off, p, !rule.nishio, true, &mut self.ons);
                if rule.dynamic {
                    let q = self.arena.pots[p as usize];
                    grid.cand[cell_of(q)] &= !(1 << value_of(q));
                    by_value[value_of(q) as usize] &= !(1 << cell_of(q));
                }
                for i in 0..self.ons.len() {
                    let (on, parents) = self.ons.get(i);
                    if let Some(off) = to_off.get(on & !1) {
                        let n = self.arena.add(on, parents);
                        return Some((n, off));
                    } else if !to_on.has(on) {
                        let n = self.arena.add(on, parents);
                        to_on.insert(on, n);
                        pending_on.push_back(n);
                    }
                }
                continue;
            }
            if rule.level > 0 {
                let mut any = false;
                let mut more: Vec<(Pot, Vec<u32>, u32, usize)> =
                    advanced(&grid, save, to_off).into_iter().map(|(p, parents)| (p, parents, 0, 0)).collect();
                if more.is_empty() && rule.level >= 2 {
                    more = self.nested(&grid, save, to_off);
                }
                // Each nested step is one chain, counted once however many removals it makes.
                let mut last: Option<(usize, u32)> = None;
                for (off, parents, complexity, step) in more {
                    if !to_off.has(off) {
                        let n = if complexity == 0 {
                            self.arena.add(off, &parents)
                        } else {
                            let chain = match last {
                                Some((s, id)) if s == step => id,
                                _ => {
                                    self.arena.nested_complexity.push(complexity);
                                    (self.arena.nested_complexity.len() - 1) as u32
                                }
                            };
                            last = Some((step, chain));
                            self.arena.add_nested(off, &parents, chain)
                        };
                        to_off.insert(off, n);
                        pending_off.push_back(n);
                        any = true;
                    }
                }
                if any {
                    continue;
                }
            }
            return None;
        }
    }

    /// Multiple, dynamic and Nishio chains from every cell, but for the values `skip` names.
    fn multiple_chains(&mut self, skip: &dyn Fn(u8) -> bool) {
        let grid = self.grid;
        self.implied.resize_with(81 * 9, || None);
        for cell in 0..81 {
            if self.pool.exhausted {
                // Level 4 out of budget: what is found no longer counts.
                break;
            }
            let card = grid.count(cell);
            if grid.value[cell] == 0 && (card > 2 || (card > 1 && self.rule.dynamic)) {
                self.for_cell(cell, card, skip);
            }
            // A cell's assumptions are asked for by its own turn and by the region chains of
            // the cells before it in its houses (a house's first place comes first): no more.
            for k in cell * 9..cell * 9 + 9 {
                if let Some(done) = self.implied[k].take() {
                    self.recycle(done.on);
                    self.recycle(done.off);
                }
            }
        }
    }

    /// What `v` in `cell` implies, searched once and kept for the next asker: its index in
    /// `implied` (the askers read the sets there rather than copies).
    fn implied_on(&mut self, cell: usize, v: u8) -> usize {
        let k = cell * 9 + v as usize - 1;
        if self.implied[k].is_none() {
            let p = pot(cell, v, true);
            let mut on = self.new_set();
            let mut off = self.new_set();
            let root = self.arena.add(p, &[]);
            on.insert(p, root);
            let absurd = self.chaining(&mut on, &mut off);
            self.implied[k] = Some(Implied { on, off, absurd });
        }
        k
    }

    /// The sets of `implied[k]` (filled by [`Search::implied_on`]).
    fn implied_at(&self, k: usize) -> &Implied {
        self.implied[k].as_ref().expect("searched before it is read")
    }

    fn for_cell(&mut self, cell: usize, card: u32, skip: &dyn Fn(u8) -> bool) {
        let grid = self.grid;
        let rule = self.rule;
        // Each value's assumption (its index in `implied`).
        let mut outcomes: Vec<usize> = Vec::new();
        let mut cell_on: Option<PotSet> = None;
        let mut cell_off: Option<PotSet> = None;
        for v in values(grid.cand[cell]) {
            if skip(v) {
                continue;
            }
            let double = card >= 3 && !rule.nishio && rule.dynamic;
            let contradiction = rule.dynamic || rule.nishio;
            let k = self.binary(cell, v, double, contradiction);
            if !rule.nishio {
                self.regions(cell, v, k);
            }
            match (&mut cell_on, &mut cell_off) {
                (Some(a), Some(b)) => {
                    let done = self.implied_at(k);
                    a.retain(&done.on);
                    b.retain(&done.off);
                }
                _ => {
                    let done = self.implied[k].take().expect("searched by binary");
                    cell_on = Some(self.copy(&done.on));
                    cell_off = Some(self.copy(&done.off));
                    self.implied[k] = Some(done);
                }
            }
            outcomes.push(k);
        }
        if !rule.nishio && (card == 2 || (rule.multiple && card > 2)) {
            for (which, set) in [(0, &cell_on), (1, &cell_off)] {
                let Some(set) = set else { continue };
                for (p, _) in set.nodes() {
                    let mut complexity = 0;
                    let mut nodes = Vec::new();
                    for &k in &outcomes {
                        let done = self.implied[k].as_ref().expect("kept for the cell's turn");
                        let branch = if which == 0 { &done.on } else { &done.off };
                        if let Some(n) = branch.get(p) {
                            complexity += self.arena.ancestors(n, &mut self.walk);
                            nodes.push(n);
                        }
                    }
                    let hint = conclusion(grid, p, "Cell Forcing Chains", rule);
                    let hint = Hint { tenths: rule.base() + length_bonus(complexity), ..hint };
                    self.push(hint, complexity, 5, nodes, Root::Cell(cell));
                }
            }
        }
        for set in cell_on.into_iter().chain(cell_off) {
            self.recycle(set);
        }
    }

    /// Follows `v` in `cell` on and off: contradictions, and (with `double`) what both
    /// branches imply. Returns the index in `implied` of what "on" implies.
    fn binary(&mut self, cell: usize, v: u8, double: bool, contradiction: bool) -> usize {
        let grid = self.grid;
        let rule = self.rule;
        let p_off = pot(cell, v, false);
        let k = self.implied_on(cell, v);
        // Out of `implied` while this search reads it (it asks for no other assumption).
        let done = self.implied[k].take().expect("searched above");
        let (on_to_on, on_to_off, absurd) = (&done.on, &done.off, done.absurd);
        let mut off_to_on = self.new_set();
        let mut off_to_off = self.new_set();
        if contradiction && let Some((a, b)) = absurd {
            let complexity = self.count(a) + self.count(b);
            let hint = Hint { tenths: 0, name: "", remove: vec![(cell, v)], place: None };
            let name = if rule.nishio { "Nishio Forcing Chains" } else { "Contradiction Forcing Chains" };
            let hint = Hint { tenths: rule.base() + length_bonus(complexity), name: named(rule, name), ..hint };
            self.push(hint, complexity, 7, vec![a, b], Root::Chain);
        }
        if !double && !contradiction {
            // What "off" implies would serve nothing (SE's multiple chains without dynamics).
            self.recycle(off_to_on);
            self.recycle(off_to_off);
            self.implied[k] = Some(done);
            return k;
        }
        let root_off = self.arena.add(p_off, &[]);
        off_to_off.insert(p_off, root_off);
        let absurd = self.chaining(&mut off_to_on, &mut off_to_off);
        if contradiction && let Some((a, b)) = absurd {
            let complexity = self.count(a) + self.count(b);
            let remove: Vec<(usize, u8)> = values(grid.cand[cell]).filter(|&u| u != v).map(|u| (cell, u)).collect();
            if !remove.is_empty() {
                let name = if rule.nishio { "Nishio Forcing Chains" } else { "Contradiction Forcing Chains" };
                let hint = Hint {
                    tenths: rule.base() + length_bonus(complexity),
                    name: named(rule, name),
                    remove,
                    place: Some((cell, v)),
                };
                self.push(hint, complexity, 7, vec![a, b], Root::Chain);
            }
        }
        if double {
            for (p, n_on) in on_to_on.nodes() {
                if let Some(n_off) = off_to_on.get(p) {
                    let complexity = self.count(n_on) + self.count(n_off);
                    let hint = conclusion(grid, p, "Double Forcing Chains", rule);
                    if !hint.remove.is_empty() {
                        let hint = Hint { tenths: rule.base() + length_bonus(complexity), ..hint };
                        self.push(hint, complexity, 1, vec![n_on, n_off], Root::Chain);
                    }
                }
            }
            for (p, n_on) in on_to_off.nodes() {
                if let Some(n_off) = off_to_off.get(p) {
                    let complexity = self.count(n_on) + self.count(n_off);
                    let hint = conclusion(grid, p, "Double Forcing Chains", rule);
                    let hint = Hint { tenths: rule.base() + length_bonus(complexity), ..hint };
                    self.push(hint, complexity, 1, vec![n_on, n_off], Root::Chain);
                }
            }
        }
        self.recycle(off_to_on);
        self.recycle(off_to_off);
        self.implied[k] = Some(done);
        k
    }

    /// Region forcing chains through the houses of `cell` where it is the first place of `v`
    /// (`k`: the index in `implied` of `v` in `cell`).
    fn regions(&mut self, cell: usize, v: u8, k: usize) {
        let grid = self.grid;
        let rule = self.rule;
        for kind in [BLOCK, ROW, COLUMN] {
            let cells = house(kind, house_of(kind, cell));
            let places = grid.places(&cells, v);
            let card = places.count_ones();
            if !(card == 2 || (rule.multiple && card > 2)) || cells[places.trailing_zeros() as usize] != cell {
                continue;
            }
            // Each place's assumption (its index in `implied`).
            let mut branches: Vec<usize> = Vec::new();
            let done = self.implied[k].take().expect("searched by binary");
            let mut region_on = self.copy(&done.on);
            let mut region_off = self.copy(&done.off);
            self.implied[k] = Some(done);
            for place in bits(places) {
                let other = cells[place];
                if other == cell {
                    branches.push(k);
                    continue;
                }
                let j = self.implied_on(other, v);
                let done = self.implied_at(j);
                region_on.retain(&done.on);
                region_off.retain(&done.off);
                branches.push(j);
            }
            for (which, set) in [(0, &region_on), (1, &region_off)] {
                for (p, _) in set.nodes() {
                    let mut complexity = 0;
                    let mut nodes = Vec::new();
                    for &j in &branches {
                        let done = self.implied[j].as_ref().expect("kept for the cell's turn");
                        let branch = if which == 0 { &done.on } else { &done.off };
                        if let Some(n) = branch.get(p) {
                            complexity += self.arena.ancestors(n, &mut self.walk);
                            nodes.push(n);
                        }
                    }
                    let hint = conclusion(grid, p, "Region Forcing Chains", rule);
                    let hint = Hint { tenths: rule.base() + length_bonus(complexity), ..hint };
                    self.push(hint, complexity, 6, nodes, Root::House(kind, house_of(kind, cell)));
                }
            }
            self.recycle(region_on);
            self.recycle(region_off);
        }
    }
}

fn named(rule: Rule, name: &'static str) -> &'static str {
    // The nested levels carry SE's suffix.
    let nested: [&'static str; 4] = match rule.level {
        2 => [
            "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
            "Dynamic Double Forcing Chains (+ Forcing Chains)",
            "Dynamic Cell Forcing Chains (+ Forcing Chains)",
            "Dynamic Region Forcing Chains (+ Forcing Chains)",
        ],
        3 => [
            "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
            "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
            "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
            "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
        ],
        4 => [
            "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
            "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
            "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
            "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
        ],
        _ => [""; 4],
    };
    let kinds =
        ["Contradiction Forcing Chains", "Double Forcing Chains", "Cell Forcing Chains", "Region Forcing Chains"];
    if let Some(k) = kinds.iter().position(|&k| k == name)
        && !nested[k].is_empty()
    {
        return nested[k];
    }
    match (rule.prefix(), name) {
        ("Dynamic ", "Contradiction Forcing Chains") => "Dynamic Contradiction Forcing Chains",
        ("Dynamic ", "Double Forcing Chains") => "Dynamic Double Forcing Chains",
        ("Dynamic ", "Cell Forcing Chains") => "Dynamic Cell Forcing Chains",
        ("Dynamic ", "Region Forcing Chains") => "Dynamic Region Forcing Chains",
        _ => name,
    }
}

/// What a potential concluded by every branch does: on, the cell's other candidates go and it
/// is placed; off, it goes.
fn conclusion(grid: &Grid, p: Pot, name: &'static str, rule: Rule) -> Hint {
    let (cell, v) = (cell_of(p), value_of(p));
    let name = named(rule, name);
    if is_on(p) {
        let remove: Vec<(usize, u8)> = values(grid.cand[cell]).filter(|&u| u != v).map(|u| (cell, u)).collect();
        // SE keeps such a step only when it removes something.
        let place = (!remove.is_empty()).then_some((cell, v));
        Hint { tenths: 0, name, remove, place }
    } else {
        Hint { tenths: 0, name, remove: vec![(cell, v)], place: None }
    }
}

/// The potentials turned off by SE's "+" rules on the assumption's grid: the first of
/// intersections, hidden pairs, naked pairs and X-wings that applies only thanks to candidates
/// the assumption removed (its parents: those removals). Every such step of that rule counts.
fn advanced(grid: &Grid, source: &Grid, to_off: &PotSet) -> Vec<(Pot, Vec<u32>)> {
    let removed = |c: usize, v: u8| source.has(c, v) && !grid.has(c, v);
    // A step that rests on no removed candidate is left out: the tests below skip, before any
    // work, the houses, pairs and lines where nothing was removed (`gone`: each value's
    // removed places; `dirty`: the cells that lost a candidate).
    let mut gone = [0u128; 10];
    let mut dirty = 0u128;
    for c in 0..81 {
        let lost = source.cand[c] & !grid.cand[c];
        if lost != 0 {
            dirty |= 1 << c;
            for v in values(lost) {
                gone[v as usize] |= 1 << c;
            }
        }
    }
    // Each step of the rule: its removals and the potentials it rests on.
    type Step = (Vec<(usize, u8)>, Vec<Pot>);
    let mut steps: Vec<Step> = Vec::new();
    for rule in 0..4 {
        match rule {
            0 => {
                for (k1, k2) in [(BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK)] {
                    for v in 1..=9u8 {
                        for i1 in 0..9 {
                            if gone[v as usize] & house_set(k1, i1) == 0 {
                                continue;
                            }
                            let c1 = house(k1, i1);
                            let places = grid.places(&c1, v);
                            if places.count_ones() < 2 {
                                continue;
                            }
                            let i2 = house_of(k2, c1[places.trailing_zeros() as usize]);
                            if !bits(places).all(|k| house_of(k2, c1[k]) == i2) {
                                continue;
                            }
                            let remove: Vec<(usize, u8)> = house(k2, i2)
                                .into_iter()
                                .filter(|&c| house_of(k1, c) != i1 && grid.has(c, v))
                                .map(|c| (c, v))
                                .collect();
                            let parents: Vec<Pot> = c1
                                .into_iter()
                                .filter(|&c| removed(c, v) && house_of(k2, c) != i2)
                                .map(|c| pot(c, v, false))
                                .collect();
                            if !remove.is_empty() {
                                steps.push((remove, parents));
                            }
                        }
                    }
                }
            }
            1 => {
                for kind in [BLOCK, COLUMN, ROW] {
                    for i in 0..9 {
                        let cells = house(kind, i);
                        if dirty & house_set(kind, i) == 0 || grid.empty_cells(&cells) <= 4 {
                            continue;
                        }
                        for &combo in super::grid::combinations(2) {
                            let first = combo.trailing_zeros() as u8;
                            let vals = [first + 1, (combo & !(1 << first)).trailing_zeros() as u8 + 1];
                            if (gone[vals[0] as usize] | gone[vals[1] as usize]) & house_set(kind, i) == 0 {
                                continue;
                            }
                            let p = vals.map(|v| grid.places(&cells, v));
                            if p.iter().any(|x| x.count_ones() <= 1) || (p[0] | p[1]).count_ones() != 2 {
                                continue;
                            }
                            let union = p[0] | p[1];
                            let set: u16 = vals.iter().map(|&v| 1u16 << v).sum();
                            let remove: Vec<(usize, u8)> = bits(union)
                                .flat_map(|k| values(grid.cand[cells[k]] & !set).map(move |v| (cells[k], v)))
                                .collect();
                            let parents: Vec<Pot> = (0..9)
                                .filter(|&k| union >> k & 1 == 0)
                                .flat_map(|k| {
                                    vals.iter()
                                        .filter(move |&&v| source.has(cells[k], v))
                                        .map(move |&v| pot(cells[k], v, false))
                                })
                                .collect();
                            if !remove.is_empty() {
                                steps.push((remove, parents));
                            }
                        }
                    }
                }
            }
            2 => {
                for kind in [BLOCK, COLUMN, ROW] {
                    for i in 0..9 {
                        let cells = house(kind, i);
                        if dirty & house_set(kind, i) == 0 || grid.empty_cells(&cells) < 4 {
                            continue;
                        }
                        for &combo in super::grid::combinations(2) {
                            let first = combo.trailing_zeros() as usize;
                            let two = [cells[first], cells[(combo & !(1 << first)).trailing_zeros() as usize]];
                            if dirty & (1 << two[0] | 1 << two[1]) == 0 {
                                continue;
                            }
                            if two.iter().any(|&c| grid.count(c) <= 1) {
                                continue;
                            }
                            let union = grid.cand[two[0]] | grid.cand[two[1]];
                            if union.count_ones() != 2 {
                                continue;
                            }
                            let remove: Vec<(usize, u8)> = cells
                                .iter()
                                .filter(|c| !two.contains(c))
                                .flat_map(|&c| values(grid.cand[c] & union).map(move |v| (c, v)))
                                .collect();
                            let parents: Vec<Pot> = two
                                .iter()
                                .flat_map(|&c| values(source.cand[c] & !union).map(move |v| pot(c, v, false)))
                                .collect();
                            if !remove.is_empty() {
                                steps.push((remove, parents));
                            }
                        }
                    }
                }
            }
            _ => {
                for (base, cover) in [(COLUMN, ROW), (ROW, COLUMN)] {
                    for &combo in super::grid::combinations(2) {
                        for v in 1..=9u8 {
                            let first = combo.trailing_zeros() as usize;
                            let lines = [first, (combo & !(1 << first)).trailing_zeros() as usize];
                            if gone[v as usize] & (HOUSE_SETS[base][lines[0]] | HOUSE_SETS[base][lines[1]]) == 0 {
                                continue;
                            }
                            if grid.placed(v) + 4 > 9 {
                                continue;
                            }
                            let p = lines.map(|i| grid.places(&house(base, i), v));
                            if p.iter().any(|x| x.count_ones() <= 1) || (p[0] | p[1]).count_ones() != 2 {
                                continue;
                            }
                            let covers: Vec<usize> = bits(p[0] | p[1]).collect();
                            let remove: Vec<(usize, u8)> = covers
                                .iter()
                                .flat_map(|&j| house(cover, j))
                                .filter(|&c| !lines.contains(&house_of(base, c)) && grid.has(c, v))
                                .map(|c| (c, v))
                                .collect();
                            let parents: Vec<Pot> = lines
                                .iter()
                                .flat_map(|&i| house(base, i))
                                .filter(|&c| removed(c, v) && !covers.contains(&house_of(cover, c)))
                                .map(|c| pot(c, v, false))
                                .collect();
                            if !remove.is_empty() {
                                steps.push((remove, parents));
                            }
                        }
                    }
                }
            }
        }
        steps.retain(|(_, parents)| !parents.is_empty());
        if !steps.is_empty() {
            break;
        }
    }
    let mut out = Vec::new();
    for (remove, parents) in steps {
        let nodes: Vec<u32> = parents.iter().filter_map(|&p| to_off.get(p)).collect();
        for (c, v) in remove {
            out.push((pot(c, v, false), nodes.clone()));
        }
    }
    out
}
