//! One trace vocabulary for every strategy, in puzzle terms, and the sinks that receive it.
//!
//! Rendered as text, one event per line, a trace reads like a story:
//!
//! ```text
//! start dfs classic-4x4 size=4 givens=6
//! place r1c1=1 given
//! guess d1 r1c2=2 (1/2)
//! conflict d1 r2c2 has no candidates
//! backtrack d0
//! guess d1 r1c2=4 (2/2)
//! place r2c3=3 naked-single
//! solution 1
//! stop complete count=1 nodes=5 guesses=2 backtracks=1 placements=9
//! ```
//!
//! Depths: `guess dK` opens decision level K (the decision at level K-1 is still in force);
//! `backtrack dK` undoes every step taken after the decision that opened level K+1, returning the
//! state to what it was at level K; `place` and `eliminate` happen at the current level.

use std::fmt;
use std::io::Write;
use std::ops::ControlFlow;

use coverlab_model::{Cell, Model, Symbols, Value, cell_name};
use serde::{Deserialize, Serialize};

use crate::{Stats, Status};

/// Why a value was placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
#[non_exhaustive]
pub enum PlaceReason {
    /// A given of the puzzle.
    Given,
    /// The only value left in the cell.
    NakedSingle,
    /// The only cell left for the value in a unit (an index into [`Model::units`]).
    HiddenSingle {
        /// The unit.
        unit: usize,
    },
    /// DLX covered an item that had a single option left.
    Cover,
    /// Placed by a kernel's bulk propagation (several deductions applied at once, in an order in
    /// which no single naked or hidden single claim need hold yet); the checker verifies only
    /// that it is legal.
    Propagated,
}

/// What made a state a dead end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
#[non_exhaustive]
pub enum ConflictCause {
    /// No value can go in the cell.
    NoCandidates {
        /// The cell.
        cell: Cell,
    },
    /// No cell of a house can take the value (an index into [`Model::units`]).
    NoPlace {
        /// The house.
        unit: usize,
        /// The value.
        value: Value,
    },
    /// An exact-cover item has no option left (DLX), other than the two above.
    NoOption {
        /// The item's index in the exact-cover matrix.
        item: usize,
    },
    /// A constraint beyond houses (an index into [`Model::constraints`]) cannot hold: filtering
    /// it left `cell` without a value.
    Constraint {
        /// The constraint.
        constraint: usize,
        /// A cell of it that has no value left.
        cell: Cell,
    },
}

/// Why a decision branched where it did: the rule that chose, the chosen place's key under that
/// rule, and the best of the places it passed over with theirs (ties first: what the rule's
/// tie-break decided). Strategies attach it to the first alternative of a decision when the sink
/// asks for it ([`TraceSink::choices`]); `compare` shows it where two searches part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// The rule, as a short name: `fewest-candidates`, `bivalue-score`, `dom/wdeg`, …
    /// (`docs/traces.md` lists each strategy's).
    pub rule: String,
    /// The chosen place's key under the rule (its candidates, its score, …).
    pub key: u64,
    /// The next best places (a cell `r1c5`, or a value in a house `3 in row 2`) with their keys,
    /// best first, at most [`Choice::SHOWN`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next: Vec<(String, u64)>,
}

impl Choice {
    /// How many places passed over a choice lists.
    pub const SHOWN: usize = 4;

    /// A choice by `rule` with key `key`; `others` are the places passed over with their keys,
    /// in the rule's scan order, and `better(a, b)` says whether key a ranks before key b. Ties
    /// keep scan order.
    pub fn ranked(rule: &str, key: u64, others: Vec<(String, u64)>, better: impl Fn(u64, u64) -> bool) -> Choice {
        let mut next = others;
        // A stable sort by rank: `better` is a strict order.
        next.sort_by(|a, b| match (better(a.1, b.1), better(b.1, a.1)) {
            (true, _) => std::cmp::Ordering::Less,
            (_, true) => std::cmp::Ordering::Greater,
            _ => std::cmp::Ordering::Equal,
        });
        next.truncate(Choice::SHOWN);
        Choice { rule: rule.into(), key, next }
    }
}

impl fmt::Display for Choice {
    /// `fewest-candidates 2; next r1c5 2, r3c3 2`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.rule, self.key)?;
        for (i, (place, key)) in self.next.iter().enumerate() {
            write!(f, "{}{place} {key}", if i == 0 { "; next " } else { ", " })?;
        }
        Ok(())
    }
}

/// A step of a search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "event")]
#[non_exhaustive]
pub enum TraceEvent {
    /// The search begins.
    Start {
        /// The strategy's name.
        strategy: String,
        /// The spec's name.
        spec: String,
        /// The grid size n.
        size: usize,
        /// The number of givens.
        givens: usize,
    },
    /// A value is placed without a decision.
    Place {
        /// The cell.
        cell: Cell,
        /// The value.
        value: Value,
        /// Why.
        reason: PlaceReason,
        /// The current decision level.
        depth: usize,
    },
    /// A value is ruled out of a cell.
    Eliminate {
        /// The cell.
        cell: Cell,
        /// The value.
        value: Value,
        /// The current decision level.
        depth: usize,
        /// The constraint beyond houses (an index into [`Model::constraints`]) that rules it
        /// out, when one does; `None` for house reasoning (locked candidates, all-different).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<usize>,
    },
    /// A decision: `value` in `cell`, alternative `k` of `m`, opening level `depth`.
    Guess {
        /// The level this decision opens (1 for the first).
        depth: usize,
        /// The cell.
        cell: Cell,
        /// The value tried.
        value: Value,
        /// Which alternative this is, from 1.
        k: usize,
        /// How many alternatives the decision has.
        m: usize,
        /// Why this place was chosen, on the first alternative of a decision, when the sink
        /// asked for it ([`TraceSink::choices`]) and the strategy says.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        why: Option<Box<Choice>>,
    },
    /// A dead end.
    Conflict {
        /// The current decision level.
        depth: usize,
        /// What became empty.
        cause: ConflictCause,
    },
    /// Return to a decision level.
    Backtrack {
        /// The level returned to.
        depth: usize,
    },
    /// The current grid is a solution.
    Solution {
        /// Its number, from 1.
        number: u64,
    },
    /// Not a step: the trace was cut here (by a size limit, such as `solve --trace-limit`) and
    /// the rest of the search was not written. The last event of a cut trace; written by a
    /// sink, never by a strategy.
    Cut {
        /// The limit that was reached, in bytes.
        limit: u64,
    },
    /// The search ends.
    Stop {
        /// Complete, or why it stopped.
        status: Status,
        /// Solutions found.
        count: u64,
        /// Effort.
        stats: Stats,
    },
}

impl TraceEvent {
    /// The event as one readable line: `guess d2 r3c4=7 (1/3)`.
    pub fn display<'a>(&'a self, model: &'a Model, symbols: &'a Symbols) -> impl fmt::Display + 'a {
        DisplayEvent { event: self, model, symbols }
    }

    /// The event as a JSON object, cells written `r3c4` and values as symbols.
    pub fn to_json(&self, model: &Model, symbols: &Symbols) -> serde_json::Value {
        let mut v = serde_json::to_value(self).expect("events serialize");
        let n = model.size();
        if let Some(obj) = v.as_object_mut() {
            if let Some(cell) = obj.get("cell").and_then(|c| c.as_u64()) {
                obj.insert("cell".into(), cell_name(cell as usize, n).into());
            }
            if let Some(value) = obj.get("value").and_then(|c| c.as_u64()) {
                obj.insert("value".into(), symbols.symbol(value as Value).to_string().into());
            }
            if let Some(by) = obj.get("by").and_then(|c| c.as_u64()) {
                obj.insert("by".into(), constraint_label(model, by as usize).into());
            }
            for key in ["reason", "cause"] {
                if let Some(inner) = obj.get_mut(key).and_then(|r| r.as_object_mut()) {
                    if let Some(unit) = inner.get("unit").and_then(|u| u.as_u64()) {
                        inner.insert("unit".into(), model.units()[unit as usize].label.clone().into());
                    }
                    if let Some(k) = inner.get("constraint").and_then(|u| u.as_u64()) {
                        inner.insert("constraint".into(), constraint_label(model, k as usize).into());
                    }
                    if let Some(cell) = inner.get("cell").and_then(|c| c.as_u64()) {
                        inner.insert("cell".into(), cell_name(cell as usize, n).into());
                    }
                    if let Some(value) = inner.get("value").and_then(|c| c.as_u64()) {
                        inner.insert("value".into(), symbols.symbol(value as Value).to_string().into());
                    }
                }
            }
        }
        v
    }

    /// Reads back an event written by [`TraceEvent::to_json`] (extra keys such as `index` are
    /// ignored).
    pub fn from_json(json: &serde_json::Value, model: &Model, symbols: &Symbols) -> Result<TraceEvent, String> {
        let n = model.size();
        let cell = |v: &serde_json::Value| -> Result<serde_json::Value, String> {
            let name = v.as_str().ok_or_else(|| format!("cell {v} is not a name like \"r1c1\""))?;
            let (r, c) = name
                .strip_prefix('r')
                .and_then(|rest| rest.split_once('c'))
                .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
                .filter(|&(r, c)| (1..=n).contains(&r) && (1..=n).contains(&c))
                .ok_or_else(|| format!("{name:?} is not a cell of a {n}×{n} grid"))?;
            Ok(((r - 1) * n + c - 1).into())
        };
        let value = |v: &serde_json::Value| -> Result<serde_json::Value, String> {
            let s = v.as_str().ok_or_else(|| format!("value {v} is not a symbol"))?;
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) => {
                    symbols.value_of(ch).map(Into::into).ok_or_else(|| format!("{s:?} is not a symbol of the puzzle"))
                }
                _ => Err(format!("{s:?} is not a symbol")),
            }
        };
        let unit = |v: &serde_json::Value| -> Result<serde_json::Value, String> {
            let label = v.as_str().ok_or_else(|| format!("unit {v} is not a label"))?;
            model
                .units()
                .iter()
                .position(|u| u.label == label)
                .map(Into::into)
                .ok_or_else(|| format!("no unit is called {label:?}"))
        };
        let constraint = |v: &serde_json::Value| -> Result<serde_json::Value, String> {
            let label = v.as_str().ok_or_else(|| format!("constraint {v} is not a label"))?;
            constraint_index(model, label).map(Into::into).ok_or_else(|| format!("no constraint is called {label:?}"))
        };
        let mut v = json.clone();
        let obj = v.as_object_mut().ok_or("an event is a JSON object")?;
        if let Some(c) = obj.get("by") {
            let c = constraint(c)?;
            obj.insert("by".into(), c);
        }
        if let Some(c) = obj.get("cell") {
            let c = cell(c)?;
            obj.insert("cell".into(), c);
        }
        if let Some(x) = obj.get("value") {
            let x = value(x)?;
            obj.insert("value".into(), x);
        }
        for key in ["reason", "cause"] {
            if let Some(inner) = obj.get_mut(key).and_then(|r| r.as_object_mut()) {
                if let Some(u) = inner.get("unit") {
                    let u = unit(u)?;
                    inner.insert("unit".into(), u);
                }
                if let Some(k) = inner.get("constraint") {
                    let k = constraint(k)?;
                    inner.insert("constraint".into(), k);
                }
                if let Some(c) = inner.get("cell") {
                    let c = cell(c)?;
                    inner.insert("cell".into(), c);
                }
                if let Some(x) = inner.get("value") {
                    let x = value(x)?;
                    inner.insert("value".into(), x);
                }
            }
        }
        serde_json::from_value(v).map_err(|e| e.to_string())
    }
}

/// A constraint's name in traces: its label, made unique when several constraints share one
/// (the pairs of one whispers line, one palindrome): `whisper 1#2` is the line's second pair.
pub fn constraint_label(model: &Model, k: usize) -> String {
    let all = model.constraints();
    let Some(c) = all.get(k) else { return format!("constraint {k}") };
    let before = all[..k].iter().filter(|o| o.label == c.label).count();
    let after = all[k + 1..].iter().any(|o| o.label == c.label);
    if before == 0 && !after { c.label.clone() } else { format!("{}#{}", c.label, before + 1) }
}

/// The constraint a label of [`constraint_label`] names.
pub fn constraint_index(model: &Model, label: &str) -> Option<usize> {
    let all = model.constraints();
    if let Some(k) = all.iter().position(|c| c.label == label) {
        return Some(k);
    }
    let (base, nth) = label.rsplit_once('#')?;
    let nth: usize = nth.parse().ok()?;
    all.iter().enumerate().filter(|(_, c)| c.label == base).nth(nth.checked_sub(1)?).map(|(k, _)| k)
}

struct DisplayEvent<'a> {
    event: &'a TraceEvent,
    model: &'a Model,
    symbols: &'a Symbols,
}

impl fmt::Display for DisplayEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.model.size();
        let cv = |cell: Cell, value: Value| format!("{}={}", cell_name(cell, n), self.symbols.symbol(value));
        let unit = |u: usize| self.model.units().get(u).map_or("?", |u| u.label.as_str());
        match self.event {
            TraceEvent::Start { strategy, spec, size, givens } => {
                write!(f, "start {strategy} {spec} size={size} givens={givens}")
            }
            TraceEvent::Place { cell, value, reason, .. } => {
                write!(f, "place {} ", cv(*cell, *value))?;
                match reason {
                    PlaceReason::Given => write!(f, "given"),
                    PlaceReason::NakedSingle => write!(f, "naked-single"),
                    PlaceReason::HiddenSingle { unit: u } => write!(f, "hidden-single in {}", unit(*u)),
                    PlaceReason::Cover => write!(f, "cover"),
                    PlaceReason::Propagated => write!(f, "propagated"),
                }
            }
            TraceEvent::Eliminate { cell, value, by: None, .. } => write!(f, "eliminate {}", cv(*cell, *value)),
            TraceEvent::Eliminate { cell, value, by: Some(k), .. } => {
                write!(f, "eliminate {} by {}", cv(*cell, *value), constraint_label(self.model, *k))
            }
            TraceEvent::Guess { depth, cell, value, k, m, .. } => {
                write!(f, "guess d{depth} {} ({k}/{m})", cv(*cell, *value))
            }
            TraceEvent::Conflict { depth, cause } => {
                write!(f, "conflict d{depth} ")?;
                match cause {
                    ConflictCause::NoCandidates { cell } => write!(f, "{} has no candidates", cell_name(*cell, n)),
                    ConflictCause::NoPlace { unit: u, value } => {
                        write!(f, "{} has no place in {}", self.symbols.symbol(*value), unit(*u))
                    }
                    ConflictCause::NoOption { item } => write!(f, "item {item} has no option"),
                    ConflictCause::Constraint { constraint, cell } => write!(
                        f,
                        "{} cannot hold at {}",
                        constraint_label(self.model, *constraint),
                        cell_name(*cell, n)
                    ),
                }
            }
            TraceEvent::Backtrack { depth } => write!(f, "backtrack d{depth}"),
            TraceEvent::Solution { number } => write!(f, "solution {number}"),
            TraceEvent::Cut { limit } => write!(f, "cut limit={limit} (the trace reached its size limit here)"),
            TraceEvent::Stop { status, count, stats } => {
                let status = match status {
                    Status::Complete => "complete",
                    Status::Stopped(reason) => reason.name(),
                };
                write!(
                    f,
                    "stop {status} count={count} nodes={} guesses={} backtracks={} placements={}",
                    stats.nodes, stats.guesses, stats.backtracks, stats.placements
                )
            }
        }
    }
}

/// Receives trace events; returning `Break` asks the search to stop.
pub trait TraceSink {
    /// False when events would be thrown away: the search then does not build them.
    fn enabled(&self) -> bool {
        true
    }

    /// True when decisions should say why they branched where they did (a [`Choice`] on each
    /// decision's first `guess`): it costs a scan of the candidates per decision, so it is off
    /// unless asked for.
    fn choices(&self) -> bool {
        false
    }

    /// Receives one event.
    fn event(&mut self, event: &TraceEvent) -> ControlFlow<()>;
}

/// Throws events away; searches see `enabled() == false` and build none.
#[derive(Debug, Clone, Copy, Default)]
pub struct NullSink;

impl TraceSink for NullSink {
    fn enabled(&self) -> bool {
        false
    }
    fn event(&mut self, _: &TraceEvent) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Collects events in memory, for tests and snapshots.
#[derive(Debug, Clone, Default)]
pub struct VecSink {
    /// The events received, in order.
    pub events: Vec<TraceEvent>,
    /// Ask to stop after this many events (a guard against runaway traces).
    pub max_events: Option<usize>,
    /// Ask decisions why they branched where they did ([`TraceSink::choices`]).
    pub choices: bool,
}

impl VecSink {
    /// An empty sink with no event limit.
    pub fn new() -> VecSink {
        VecSink::default()
    }
}

impl TraceSink for VecSink {
    fn choices(&self) -> bool {
        self.choices
    }
    fn event(&mut self, event: &TraceEvent) -> ControlFlow<()> {
        self.events.push(event.clone());
        match self.max_events {
            Some(max) if self.events.len() >= max => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }
}

/// Forwards events to `tracing` at trace level (target `coverlab::trace`), rendered as text.
#[derive(Debug, Clone, Copy)]
pub struct TracingSink<'m> {
    model: &'m Model,
    symbols: &'m Symbols,
}

impl<'m> TracingSink<'m> {
    /// A sink logging the events of a puzzle of `model` written in `symbols`.
    pub fn new(model: &'m Model, symbols: &'m Symbols) -> Self {
        TracingSink { model, symbols }
    }
}

impl TraceSink for TracingSink<'_> {
    fn enabled(&self) -> bool {
        tracing::enabled!(target: "coverlab::trace", tracing::Level::TRACE)
    }
    fn event(&mut self, event: &TraceEvent) -> ControlFlow<()> {
        tracing::trace!(target: "coverlab::trace", "{}", event.display(self.model, self.symbols));
        ControlFlow::Continue(())
    }
}

/// Writes each event as one JSON object per line, tagged with the puzzle's index.
pub struct JsonLinesSink<'m, W: Write> {
    out: W,
    model: &'m Model,
    symbols: &'m Symbols,
    index: usize,
    error: Option<std::io::Error>,
    choices: bool,
}

impl<'m, W: Write> JsonLinesSink<'m, W> {
    /// A sink writing to `out` the events of puzzle number `index` (0-based).
    pub fn new(out: W, model: &'m Model, symbols: &'m Symbols, index: usize) -> Self {
        JsonLinesSink { out, model, symbols, index, error: None, choices: false }
    }

    /// Asks decisions why they branched where they did ([`TraceSink::choices`]).
    pub fn with_choices(mut self, choices: bool) -> Self {
        self.choices = choices;
        self
    }

    /// The writer back, or the first write error (after which the sink asked to stop).
    pub fn finish(self) -> std::io::Result<W> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }
}

impl<W: Write> TraceSink for JsonLinesSink<'_, W> {
    fn choices(&self) -> bool {
        self.choices
    }
    fn event(&mut self, event: &TraceEvent) -> ControlFlow<()> {
        let mut obj = serde_json::Map::new();
        obj.insert("index".into(), self.index.into());
        if let serde_json::Value::Object(fields) = event.to_json(self.model, self.symbols) {
            obj.extend(fields);
        }
        match serde_json::to_writer(&mut self.out, &obj)
            .map_err(std::io::Error::from)
            .and_then(|_| self.out.write_all(b"\n"))
        {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// Writes each event as one readable line.
pub struct TextSink<'m, W: Write> {
    out: W,
    model: &'m Model,
    symbols: &'m Symbols,
    error: Option<std::io::Error>,
    choices: bool,
}

impl<'m, W: Write> TextSink<'m, W> {
    /// A sink writing readable lines to `out`.
    pub fn new(out: W, model: &'m Model, symbols: &'m Symbols) -> Self {
        TextSink { out, model, symbols, error: None, choices: false }
    }

    /// Asks decisions why they branched where they did, written after the guess:
    /// `guess d1 r1c2=2 (1/2) why fewest-candidates 2; next r1c5 2`.
    pub fn with_choices(mut self, choices: bool) -> Self {
        self.choices = choices;
        self
    }

    /// The writer back, or the first write error.
    pub fn finish(self) -> std::io::Result<W> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }
}

impl<W: Write> TraceSink for TextSink<'_, W> {
    fn choices(&self) -> bool {
        self.choices
    }
    fn event(&mut self, event: &TraceEvent) -> ControlFlow<()> {
        let written = match event {
            TraceEvent::Guess { why: Some(why), .. } => {
                writeln!(self.out, "{} why {why}", event.display(self.model, self.symbols))
            }
            _ => writeln!(self.out, "{}", event.display(self.model, self.symbols)),
        };
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// Renders events as text, one per line.
pub fn render(events: &[TraceEvent], model: &Model, symbols: &Symbols) -> String {
    let mut out = String::new();
    for e in events {
        out.push_str(&e.display(model, symbols).to_string());
        out.push('\n');
    }
    out
}
