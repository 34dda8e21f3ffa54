//! The HTML trace viewer: one self-contained page (`viewer/viewer.html`: inline script and
//! style, nothing fetched, opened from a file) that plays a search step by step on a drawn grid,
//! or two searches side by side.
//!
//! The page is the template with its data in place of `<!--COVERLAB_DATA-->`, as data blocks
//! the browser does not run (`<script type="application/json">` and `type="text/plain"`):
//! `cl-page` holds `{"title"}`; puzzle k's `cl-p{k}` its board `{"name", "size", "symbols",
//! "givens", "regions", "units", "constraints"}` (and `"negative"`, see `board`); its run j's
//! `cl-p{k}-r{j}` the events, one JSON object a line as `solve --trace` writes them, and
//! `cl-p{k}-r{j}-end` `{"label", "strategy", "total", "cut"}`. Events stay text until the page
//! reads them: it draws the board at once and parses the steps in chunks, so a page of millions
//! of steps opens without freezing. The page draws every kind of house and constraint the board
//! carries, and under the grids a legend of the kinds this puzzle has.
//! It is written as a stream (the template's head, each puzzle's board, its runs' events as the
//! search emits them, the tail), so writing a page costs no more memory than writing a JSON
//! trace. `solve --trace FILE --trace-format html` writes one run per puzzle; `compare --html
//! FILE` one puzzle with two runs; `explain --html FILE` each puzzle with one run, its steps as
//! events, and `cl-p{k}-x` the steps to highlight (see [`Page::explanation`]): `cl-page` then
//! says `"kind": "explain"`, and the page steps through the explanation rather than the events.
//! `src/viewer/check.js` plays a page under node, for
//! maintainers and the tests.

use std::io::{self, Write};
use std::ops::ControlFlow;

use coverlab_engine::trace::constraint_label;
use coverlab_engine::{TraceEvent, TraceSink};
use coverlab_model::{ConstraintKind, Mark, Model, Puzzle, Relation, Rule, Symbols};
use serde_json::{Value, json};

/// The page, with [`PLACEHOLDER`] where the data goes.
#[doc(hidden)]
pub const TEMPLATE: &str = include_str!("viewer/viewer.html");

/// What the data replaces in the template (it occurs once).
#[doc(hidden)]
pub const PLACEHOLDER: &str = "<!--COVERLAB_DATA-->";

/// The template before and after the data.
fn halves() -> (&'static str, &'static str) {
    let at = TEMPLATE.find(PLACEHOLDER).expect("the viewer template has its placeholder");
    (&TEMPLATE[..at], &TEMPLATE[at + PLACEHOLDER.len()..])
}

/// `value` as JSON safe inside a `<script>` element: every `<` (only ever inside a string) is
/// written `\u003c`, so no `</script>` or `<!--` in a label can end the data block early.
#[doc(hidden)]
pub fn script_json(value: &Value) -> String {
    let text = value.to_string();
    if text.contains('<') { text.replace('<', "\\u003c") } else { text }
}

/// A page being written: [`Page::start`], then per puzzle [`Page::puzzle`], its runs
/// ([`Page::run`] and [`Run::end`]) and [`Page::end_puzzle`], then [`Page::finish`].
pub struct Page<W: Write> {
    out: W,
    puzzles: usize,
    runs: usize,
}

/// A JSON data block: `<script type="application/json" id="{id}">{value}</script>`.
fn json_block(out: &mut impl Write, id: &str, value: &Value) -> io::Result<()> {
    writeln!(out, "<script type=\"application/json\" id=\"{id}\">{}</script>", script_json(value))
}

impl<W: Write> Page<W> {
    /// Writes the template's head and opens the data of a page titled `title`.
    pub fn start(mut out: W, title: &str) -> io::Result<Page<W>> {
        out.write_all(halves().0.as_bytes())?;
        json_block(&mut out, "cl-page", &json!({ "title": title }))?;
        Ok(Page { out, puzzles: 0, runs: 0 })
    }

    /// Writes the template's head and opens the data of an `explain --html` page titled
    /// `title`: `cl-page` says `"kind": "explain"`, and each puzzle has one run, its steps
    /// ([`Page::explanation`]).
    pub fn start_explain(mut out: W, title: &str) -> io::Result<Page<W>> {
        out.write_all(halves().0.as_bytes())?;
        json_block(&mut out, "cl-page", &json!({ "title": title, "kind": "explain" }))?;
        Ok(Page { out, puzzles: 0, runs: 0 })
    }

    /// Opens puzzle `name` (its location): the board the viewer draws.
    pub fn puzzle(&mut self, name: &str, puzzle: &Puzzle) -> io::Result<()> {
        let mut head = board(puzzle);
        head["name"] = name.into();
        self.puzzle_board(head)
    }

    /// Opens a puzzle whose board ([`board`], with its `"name"`) is already made.
    pub fn puzzle_board(&mut self, head: Value) -> io::Result<()> {
        self.puzzles += 1;
        self.runs = 0;
        json_block(&mut self.out, &format!("cl-p{}", self.puzzles - 1), &head)
    }

    /// The open puzzle's explanation: `events` (the steps as the trace events the viewer
    /// replays, one JSON object a line) as its one run, and `explanation` (its steps as the
    /// page highlights them) in `cl-p{k}-x`.
    pub fn explanation(&mut self, events: &[Value], explanation: &Value) -> io::Result<()> {
        self.runs += 1;
        let id = self.run_id();
        write!(self.out, "<script type=\"text/plain\" id=\"{id}\">")?;
        for e in events {
            writeln!(self.out, "{}", script_json(e))?;
        }
        self.out.write_all(b"</script>\n")?;
        let tail = json!({"label": "explain", "strategy": "explain", "total": events.len(), "cut": false});
        json_block(&mut self.out, &format!("{id}-end"), &tail)?;
        json_block(&mut self.out, &format!("cl-p{}-x", self.puzzles - 1), explanation)
    }

    /// Opens a run of the open puzzle: the returned sink writes its events.
    pub fn run<'p, 'm>(&'p mut self, model: &'m Model, symbols: &'m Symbols) -> io::Result<Run<'p, 'm, W>> {
        self.runs += 1;
        write!(self.out, "<script type=\"text/plain\" id=\"{}\">", self.run_id())?;
        Ok(Run { page: self, model, symbols, events: 0, cut: false, strategy: String::new(), error: None })
    }

    /// The id of the open run's events block.
    fn run_id(&self) -> String {
        format!("cl-p{}-r{}", self.puzzles - 1, self.runs - 1)
    }

    /// Closes the open puzzle.
    pub fn end_puzzle(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// Writes the template's tail, and gives the writer back.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.write_all(halves().1.as_bytes())?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// The events of one run, written as they come.
pub struct Run<'p, 'm, W: Write> {
    page: &'p mut Page<W>,
    model: &'m Model,
    symbols: &'m Symbols,
    events: u64,
    cut: bool,
    /// From the `start` event.
    strategy: String,
    error: Option<io::Error>,
}

impl<W: Write> Run<'_, '_, W> {
    /// Closes the run, labelled `label` (the strategy with its options comes from its `start`
    /// event): its event count, and whether the trace was cut (by a `cut` event, or `capped` by
    /// the caller).
    pub fn end(self, label: &str, capped: bool) -> io::Result<()> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let tail = json!({
            "label": label,
            "strategy": if self.strategy.is_empty() { label } else { &self.strategy },
            "total": self.events,
            "cut": self.cut || capped,
        });
        let id = self.page.run_id();
        self.page.out.write_all(b"</script>\n")?;
        json_block(&mut self.page.out, &format!("{id}-end"), &tail)
    }
}

impl<W: Write> TraceSink for Run<'_, '_, W> {
    fn event(&mut self, event: &TraceEvent) -> ControlFlow<()> {
        match event {
            TraceEvent::Start { strategy, .. } => self.strategy = strategy.clone(),
            TraceEvent::Cut { .. } => self.cut = true,
            _ => {}
        }
        // One event a line; no `<` reaches the block, so it cannot end early.
        let text = script_json(&event.to_json(self.model, self.symbols));
        self.events += 1;
        match writeln!(self.page.out, "{text}") {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// What the viewer draws of a puzzle: its size and symbols, givens, regions (boxes or jigsaw
/// regions, for the thick lines), units with their kind (for candidates, for the conflicts that
/// name one, and to draw diagonals, windows and extra houses) and constraints beyond houses
/// (cages, lines, dots; derived sums too, named by eliminations; cages without a sum, which are
/// only groups in the model, too). A little killer carries its
/// clue's place outside the grid and the step its arrow points along, a sandwich its clue's
/// place, a skyscraper clue its place and its count (as `sum`), an X-sum clue its place and sum, a numbered room its place and
/// value (as `sum`, on its first pair only), a hidden skyscraper its place and value (as `sum`),
/// a quadruple its values, a rellik cage, a sum line and a lunchbox their totals (as `sum`), a pill arrow its pill's size (its
/// cells: the pill, then the line; a double arrow's: its two ends, then the middle), the first pair of a palindrome the whole line in order (the model keeps only the
/// mirror pairs), a regex line its pattern, a state machine its name; `negative` names the marks of a negative rule.
pub fn board(puzzle: &Puzzle) -> Value {
    let model = puzzle.model();
    let symbols = puzzle.symbols();
    let n = model.size();
    let units: Vec<Value> =
        model.units().iter().map(|u| json!({"label": u.label, "kind": u.kind.name(), "cells": u.cells})).collect();
    let mut palindromes = rule_lines(model);
    let mut clues = Clues::new(&model.spec().rules);
    let mut constraints: Vec<Value> = model
        .constraints()
        .iter()
        .enumerate()
        .map(|(k, c)| constraint_json(c, constraint_label(model, k), n, &mut clues, &mut palindromes))
        .collect();
    constraints.extend(sumless_cages(model));
    let mut head = json!({
        "size": n,
        "symbols": (1..=n).map(|v| symbols.symbol(v as u8).to_string()).collect::<Vec<_>>(),
        "givens": puzzle.givens().values(),
        "regions": model.regions(),
        "units": units,
        "constraints": constraints,
    });
    let negative: Vec<&str> = model
        .spec()
        .rules
        .iter()
        .filter_map(|r| if let Rule::Negative(marks) = r { Some(marks) } else { None })
        .flatten()
        .map(|m| match m {
            Mark::WhiteDot => "white-dot",
            Mark::BlackDot => "black-dot",
            Mark::X => "x",
            Mark::V => "v",
        })
        .collect();
    if !negative.is_empty() {
        head["negative"] = negative.into();
    }
    head
}

/// The clues a constraint's drawing takes from the rules it came from, in their order: each
/// skyscraper constraint comes from the next Skyscraper rule (its count), and so on.
struct Clues<'a> {
    skyscrapers: Box<dyn Iterator<Item = u32> + 'a>,
    x_sums: Box<dyn Iterator<Item = u32> + 'a>,
    hidden: Box<dyn Iterator<Item = u32> + 'a>,
    rooms: Box<dyn Iterator<Item = u32> + 'a>,
    quadruples: Box<dyn Iterator<Item = Vec<u32>> + 'a>,
    rellik: Box<dyn Iterator<Item = u32> + 'a>,
    pills: Box<dyn Iterator<Item = usize> + 'a>,
    sum_lines: Box<dyn Iterator<Item = u32> + 'a>,
    lunchboxes: Box<dyn Iterator<Item = u32> + 'a>,
    ors: Box<dyn Iterator<Item = Vec<Vec<Rule>>> + 'a>,
}

impl<'a> Clues<'a> {
    fn new(rules: &'a [Rule]) -> Clues<'a> {
        let r = || rules.iter();
        Clues {
            skyscrapers: Box::new(
                r().filter_map(|r| if let Rule::Skyscraper { count, .. } = r { Some(*count) } else { None }),
            ),
            x_sums: Box::new(r().filter_map(|r| if let Rule::XSum { sum, .. } = r { Some(*sum) } else { None })),
            hidden: Box::new(
                r().filter_map(|r| if let Rule::HiddenSkyscraper { value, .. } = r { Some(*value) } else { None }),
            ),
            rooms: Box::new(
                r().filter_map(|r| if let Rule::NumberedRoom { value, .. } = r { Some(*value) } else { None }),
            ),
            quadruples: Box::new(
                r().filter_map(|r| if let Rule::Quadruple { values, .. } = r { Some(values.clone()) } else { None }),
            ),
            rellik: Box::new(r().filter_map(|r| if let Rule::Rellik { sum, .. } = r { Some(*sum) } else { None })),
            pills: Box::new(
                r().filter_map(|r| if let Rule::PillArrow { pill, .. } = r { Some(pill.len()) } else { None }),
            ),
            sum_lines: Box::new(r().filter_map(|r| if let Rule::SumLine { sum, .. } = r { Some(*sum) } else { None })),
            lunchboxes: Box::new(
                r().filter_map(|r| if let Rule::Lunchbox { sum, .. } = r { Some(*sum) } else { None }),
            ),
            ors: Box::new(r().filter_map(|r| if let Rule::Or(branches) = r { Some(branches.clone()) } else { None })),
        }
    }
}

/// One constraint as the page draws it: its label, kind and cells, and what its drawing needs
/// (a sum, a clue outside the grid, a palindrome's line, an `Or`'s branches).
fn constraint_json(
    c: &coverlab_model::Constraint,
    label: String,
    n: usize,
    clues: &mut Clues<'_>,
    palindromes: &mut [Option<Vec<usize>>],
) -> Value {
    let mut v = json!({"label": label, "kind": c.kind.name(), "cells": c.cells});
    if let Relation::Sum { sum, .. } | Relation::Sandwich { sum } = c.relation {
        v["sum"] = sum.into();
    }
    if let (ConstraintKind::Regex, Relation::Automaton(a)) = (c.kind, &c.relation) {
        v["pattern"] = a.pattern().into();
    }
    if let (ConstraintKind::StateMachine, Relation::Automaton(a)) = (c.kind, &c.relation) {
        v["name"] = a.pattern().into();
    }
    match c.kind {
        ConstraintKind::LittleKiller => {
            let (clue, step) = little_killer_clue(&c.cells, n);
            v["clue"] = json!(clue);
            v["step"] = json!(step);
        }
        ConstraintKind::Sandwich if c.cells.len() >= 2 => {
            let (r, col) = (c.cells[0] / n, c.cells[0] % n);
            v["clue"] = if c.cells[1] == c.cells[0] + 1 { json!([r, -1]) } else { json!([-1, col]) };
        }
        ConstraintKind::Skyscraper | ConstraintKind::XSum | ConstraintKind::HiddenSkyscraper if c.cells.len() >= 2 => {
            // One step back from the first cell seen, away from the second.
            let (a, b) = (c.cells[0], c.cells[1]);
            let (r, col) = ((a / n) as i64, (a % n) as i64);
            let (dr, dc) = ((b / n) as i64 - r, (b % n) as i64 - col);
            v["clue"] = json!([r - dr, col - dc]);
            let clue = match c.kind {
                ConstraintKind::XSum => clues.x_sums.next(),
                ConstraintKind::HiddenSkyscraper => clues.hidden.next(),
                _ => clues.skyscrapers.next(),
            };
            if let Some(value) = clue {
                v["sum"] = value.into();
            }
        }
        // A numbered room is a pair rule from its first cell to each later one: the clue
        // goes with the first pair (its two cells side by side), one step before it.
        ConstraintKind::NumberedRoom if c.cells.len() == 2 => {
            let (a, b) = (c.cells[0], c.cells[1]);
            let (r, col) = ((a / n) as i64, (a % n) as i64);
            let (dr, dc) = ((b / n) as i64 - r, (b % n) as i64 - col);
            if dr.abs() + dc.abs() == 1 {
                v["clue"] = json!([r - dr, col - dc]);
                v["sum"] = clues.rooms.next().unwrap_or_default().into();
            }
        }
        ConstraintKind::Quadruple => v["values"] = clues.quadruples.next().unwrap_or_default().into(),
        ConstraintKind::Rellik => v["sum"] = clues.rellik.next().unwrap_or_default().into(),
        ConstraintKind::PillArrow => v["pill"] = clues.pills.next().unwrap_or(1).into(),
        ConstraintKind::SumLine => v["sum"] = clues.sum_lines.next().unwrap_or_default().into(),
        ConstraintKind::Lunchbox => v["sum"] = clues.lunchboxes.next().unwrap_or_default().into(),
        ConstraintKind::Palindrome => {
            let first = |l: &Vec<usize>| c.cells == [l[0], l[l.len() - 1]];
            if let Some(line) = palindromes.iter_mut().find(|l| l.as_ref().is_some_and(first)) {
                v["line"] = line.take().into();
            }
        }
        ConstraintKind::FullRank => {
            // Each clue outside its row or column, at the end its number is read from.
            if let Relation::FullRank(rule) = &c.relation {
                let place = |e: usize| {
                    let (line, end) = (e / 2, e % 2 == 1);
                    let edge = if end { n as i64 } else { -1 };
                    if line < n { [line as i64, edge] } else { [edge, (line - n) as i64] }
                };
                let ranks: Vec<Value> = rule
                    .clues()
                    .iter()
                    .map(|&(e, rank)| {
                        let [r, col] = place(e);
                        json!([r, col, rank])
                    })
                    .collect();
                if let Some(first) = ranks.first() {
                    v["clue"] = json!([first[0], first[1]]);
                }
                v["ranks"] = ranks.into();
                v["cells"] = json!([]);
            }
        }
        ConstraintKind::Or => {
            // Each branch's own drawings, its clues read from the branch's rules.
            let branches = clues.ors.next().unwrap_or_default();
            if let Relation::Or(alternatives) = &c.relation {
                let drawn: Vec<Value> = alternatives
                    .branches
                    .iter()
                    .enumerate()
                    .map(|(b, branch)| {
                        let rules = branches.get(b).map_or(&[][..], |r| r.as_slice());
                        let mut own = Clues::new(rules);
                        let mut parts: Vec<Value> = branch
                            .parts
                            .iter()
                            .map(|(p, _)| constraint_json(p, p.label.clone(), n, &mut own, &mut []))
                            .collect();
                        // Groups not drawn as a part (a cage without a sum, AtMostOnce).
                        for group in &branch.distinct {
                            let cells: Vec<usize> = group.iter().map(|&i| c.cells[i]).collect();
                            let mut sorted = cells.clone();
                            sorted.sort_unstable();
                            let same = |p: &(coverlab_model::Constraint, Vec<usize>)| {
                                let mut q = p.0.cells.clone();
                                q.sort_unstable();
                                q == sorted
                            };
                            if !branch.parts.iter().any(same) {
                                parts.push(json!({"label": "no repeats", "kind": "cage", "cells": cells}));
                            }
                        }
                        Value::from(parts)
                    })
                    .collect();
                v["branches"] = drawn.into();
            }
        }
        _ => {}
    }
    v
}

/// The cages without a sum, which the model keeps only as groups (and leaves out where their
/// cells already share a house), as constraints to draw: `{"label": "cage 3", "kind": "cage",
/// "cells"}`, labelled as their group.
fn sumless_cages(model: &Model) -> Vec<Value> {
    let n = model.size();
    let cages = model.spec().rules.iter().filter_map(|r| match r {
        Rule::Cage { cells, sum } => Some((cells, sum.is_none())),
        _ => None,
    });
    cages
        .enumerate()
        .filter(|(_, (_, sumless))| *sumless)
        .map(|(k, (cells, _))| {
            let cells: Vec<usize> = cells.iter().map(|c| (c.row - 1) * n + c.col - 1).collect();
            json!({"label": format!("cage {}", k + 1), "kind": "cage", "cells": cells})
        })
        .collect()
}

/// The spec's palindrome lines, each in its order (cells row-major), in spec order.
fn rule_lines(model: &Model) -> Vec<Option<Vec<usize>>> {
    let n = model.size();
    model
        .spec()
        .rules
        .iter()
        .filter_map(|r| match r {
            Rule::Palindrome { cells } if cells.len() >= 2 => {
                Some(Some(cells.iter().map(|c| (c.row - 1) * n + c.col - 1).collect()))
            }
            _ => None,
        })
        .collect()
}

/// Where a little killer's clue goes, (row, column) from 0 with -1 or n outside the grid, and
/// the diagonal step (rows, columns) its arrow points along: just before the first cell when
/// that is outside, else just after the last cell (the arrow reversed), else on the edge behind
/// the first cell (a diagonal that starts and ends inside the grid).
#[doc(hidden)]
pub fn little_killer_clue(cells: &[usize], n: usize) -> ([isize; 2], [isize; 2]) {
    let n = n as isize;
    let rc = |c: usize| (c as isize / n, c as isize % n);
    let inside = |(r, c): (isize, isize)| r >= 0 && c >= 0 && r < n && c < n;
    let Some(&first) = cells.first() else { return ([-1, -1], [1, 1]) };
    let (r0, c0) = rc(first);
    let (dr, dc) = match cells.get(1) {
        Some(&second) => (rc(second).0 - r0, rc(second).1 - c0),
        // One cell: a direction whose diagonal holds only it (a corner's short one).
        None => [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .find(|&(dr, dc)| !inside((r0 - dr, c0 - dc)) && !inside((r0 + dr, c0 + dc)))
            .unwrap_or((1, 1)),
    };
    if !inside((r0 - dr, c0 - dc)) {
        return ([r0 - dr, c0 - dc], [dr, dc]);
    }
    let (rl, cl) = rc(cells[cells.len() - 1]);
    if !inside((rl + dr, cl + dc)) {
        return ([rl + dr, cl + dc], [-dr, -dc]);
    }
    let (mut r, mut c) = (r0, c0);
    while inside((r, c)) {
        (r, c) = (r - dr, c - dc);
    }
    ([r, c], [dr, dc])
}
