//! `coverlab explain` and `coverlab hint`: a puzzle solved the way a person solves it, step by
//! step in words (`crates/techniques`: singles, locked candidates, the constraints' own
//! reasoning, subsets, fish, wings, colouring, uniqueness), or only its next step.
//!
//! Only a puzzle known to have exactly one solution may use the uniqueness techniques (unique
//! rectangles, BUG+1): when the other techniques get stuck or need a forcing chain, `explain`
//! counts the solutions (up
//! to 2, within a node budget) and, when there is one, explains the puzzle again with
//! them; the output says when a step used one. `hint` does not count (a grid in progress may hold a wrong entry) and never uses them.
//!
//! A puzzle the techniques cannot finish is not an error: the explanation ends where a guess is
//! needed, and says so. A puzzle whose givens contradict each other, or that the steps prove to
//! have no solution, exits 1.
//!
//! `hint` does not hint on a grid that can no longer be finished: a search says so first. With
//! `--puzzle ORIGINAL`, each grid read is a person's progress on that puzzle, and the entries
//! that are not its solution are named (`r1c1 is wrong`).

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::{Arc, Mutex};

use anyhow::{Result, bail};
use coverlab_engine::{Limits, NullSink, Status};
use coverlab_model::text::count;
use coverlab_model::{ConstraintKind, Grid, Model, Puzzle, Relation, Symbols, UnitKind};
use coverlab_techniques::{
    Board, Ending, Explanation, Options, Step, Technique, explain_again, explain_with, try_next_step_with,
};
use serde_json::{Value, json};

use crate::Exit;
use crate::cli::{ExplainArgs, ExplainFormatArg, HintArgs, TechniqueArgs};
use crate::input::{Next, Puzzles};
use crate::io::Io;

/// One puzzle's outcome, for the exit code.
enum Record {
    Done(Exit),
    Failed { exit: Exit, message: String },
    Note(String),
}

/// Explains every puzzle of the inputs, in input order.
pub fn run_explain(args: ExplainArgs, mut io: Io) -> Result<Exit> {
    if args.list_techniques {
        let mut out = crate::diag::Stdout::new();
        let width = Technique::ALL.iter().map(|t| t.id().len()).max().unwrap_or(0);
        for t in Technique::ALL {
            writeln!(out, "{:<width$}  {}", t.id(), t.summary())?;
        }
        return Ok(Exit::Ok);
    }
    let json = args.format == ExplainFormatArg::Json;
    let max_steps = args.max_steps;
    let count_first = !args.no_uniqueness;
    let off = technique_options(&args.techniques)?;
    let invalid = move |index: usize, location: &str, message: &str| {
        if json {
            json!({"index": index, "location": location, "status": "invalid", "ending": "invalid", "error": message})
                .to_string()
                + "\n"
        } else {
            format!("# puzzle {index} ({location})\ninvalid: {}\n", crate::diag::printable(message))
        }
    };
    if let Some(path) = &args.html {
        crate::outfile::check([("--html", path.as_path())], args.input.paths())?;
    }
    let page = args.html.as_ref().map(|_| Mutex::new(Vec::new()));
    let puzzles = io.open(&args.input, io.spec(&args.input)?);
    let exit = each(io, puzzles, args.jobs, invalid, |item_index, location, puzzle| {
        Ok(explain_and_show(item_index, location, puzzle, max_steps, count_first, off, json, page.as_ref()))
    })?;
    if let (Some(path), Some(page)) = (&args.html, page) {
        let mut shown = page.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        shown.sort_by_key(|s| s.index);
        write_page(path, &args.input.files, &shown)?;
    }
    Ok(exit)
}

/// One puzzle's part of an `explain --html` page.
struct Shown {
    index: usize,
    /// The board the viewer draws ([`crate::viewer::board`]), named by its location.
    board: Value,
    /// The steps as trace events the viewer replays: the eliminations that bring the viewer's
    /// candidates (the values no unit-mate holds) to the board's first ones (pencil marks),
    /// then each step's placements and eliminations.
    events: Vec<Value>,
    /// The steps as the page highlights them, and how the explanation ended.
    explanation: Value,
}

/// `--html FILE`: the viewer page with every explained puzzle, in input order.
fn write_page(path: &std::path::Path, files: &[std::path::PathBuf], shown: &[Shown]) -> Result<()> {
    use anyhow::Context;
    let name = coverlab_model::text::file_name(path);
    let inputs: Vec<String> = files.iter().map(|f| coverlab_model::text::file_name(f)).collect();
    let title = if inputs.is_empty() {
        "coverlab explain".to_string()
    } else {
        format!("coverlab explain: {}", inputs.join(", "))
    };
    let file = crate::outfile::OutputFile::create(path).with_context(|| format!("cannot create {name}"))?;
    let write = || -> std::io::Result<()> {
        let mut page = crate::viewer::Page::start_explain(std::io::BufWriter::new(file), &title)?;
        for s in shown {
            page.puzzle_board(s.board.clone())?;
            page.explanation(&s.events, &s.explanation)?;
            page.end_puzzle()?;
        }
        page.finish()?.into_inner().map_err(std::io::IntoInnerError::into_error)?.commit()
    };
    write().with_context(|| format!("cannot write {name}"))
}

/// A mask's values, lowest first (bit v - 1 for value v).
fn mask_values(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            v
        })
    })
}

/// The part of the page that shows explanation `e` of `puzzle`. Each step is
/// `{"technique", "text", "difficulty", "at": [first event, end], "placements": [[cell, value]],
/// "eliminations", "cells", "values", "units" (indices into the board's units), "constraint"
/// (index into its constraints), "links": [[cell, value, cell, value, dashed, branch]],
/// "premises": [[cell, value, branch]]}`, cells from 0 row-major and values from 1. A link
/// joins two candidates (value 0: the cell's centre): a forcing step's fact to each fact it
/// follows from (dashed when the later fact rules a candidate out), or one cell of a chain to
/// the next (x-chain, xy-chain, alternating inference chains grouped or not, remote pairs; an
/// x-chain's or an AIC's weak links dashed, its strong ones solid).
fn shown(
    index: usize,
    location: &str,
    puzzle: &Puzzle,
    e: &Explanation,
    (ending, said): (&str, &str),
    unique: Option<bool>,
) -> Shown {
    let (model, symbols) = (puzzle.model(), puzzle.symbols());
    let n = model.size();
    let full = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    let event = |kind: &str, c: usize, v: u8, step: usize| json!({"event": kind, "cell": model.cell_name(c), "value": symbols.symbol(v).to_string(), "step": step});
    let mut events = Vec::new();
    if let Ok(board) = Board::new(puzzle) {
        let givens = puzzle.givens().values();
        for c in 0..model.cells() {
            if givens[c] != 0 {
                continue;
            }
            let seen = model.peers(c).iter().map(|&p| givens[usize::from(p)]).filter(|&v| v != 0);
            let seen = seen.fold(0u64, |m, v| m | 1 << (v - 1));
            for v in mask_values(full & !seen & !board.candidates(c)) {
                events.push(event("eliminate", c, v, 0));
            }
        }
    }
    let pairs = |list: &[(usize, u8)]| -> Vec<[usize; 2]> { list.iter().map(|&(c, v)| [c, usize::from(v)]).collect() };
    let steps: Vec<Value> = e
        .steps
        .iter()
        .enumerate()
        .map(|(k, step)| {
            let first = events.len();
            for &(c, v) in &step.placements {
                events.push(event("place", c, v, k + 1));
            }
            for &(c, v) in &step.eliminations {
                events.push(event("eliminate", c, v, k + 1));
            }
            let (links, premises) = links(step);
            json!({
                "technique": step.technique.name(),
                "text": step.describe(model, symbols),
                "difficulty": step.technique.difficulty(),
                "at": [first, events.len()],
                "placements": pairs(&step.placements),
                "eliminations": pairs(&step.eliminations),
                "cells": step.cells,
                "values": step.values,
                "units": step.units,
                "constraint": step.constraint,
                "links": links,
                "premises": premises,
            })
        })
        .collect();
    // The first of the hardest steps.
    let hardest = e.steps.iter().enumerate().max_by_key(|(k, s)| (s.technique.difficulty(), std::cmp::Reverse(*k)));
    let explanation = json!({
        "ending": ending,
        "said": said,
        "unique": unique,
        "steps": steps,
        "hardest": hardest.map(|(k, _)| k),
        "grid": coverlab_formats::write_line(e.board.values(), symbols),
    });
    let mut board = crate::viewer::board(puzzle);
    board["name"] = location.into();
    Shown { index, board, events, explanation }
}

/// A step's links and premises, as [`shown`] writes them.
fn links(step: &Step) -> (Vec<Value>, Vec<Value>) {
    let (mut links, mut premises) = (Vec::new(), Vec::new());
    for (b, branch) in step.chains.iter().enumerate() {
        let facts = &branch.implications;
        for fact in facts {
            if fact.from.is_empty() {
                premises.push(json!([fact.cell, fact.value, b]));
            }
            for &j in fact.from.iter().filter(|&&j| j < facts.len()) {
                links.push(json!([facts[j].cell, facts[j].value, fact.cell, fact.value, !fact.holds, b]));
            }
        }
    }
    // A chain technique's cells in order, each with the candidate the chain goes through.
    let through: Vec<u8> = match step.technique {
        Technique::XChain => step.values.first().map_or_else(Vec::new, |&x| vec![x; step.cells.len()]),
        Technique::Aic | Technique::GroupedAic => step.values.clone(),
        Technique::XyChain => step.values.get(1..).map_or_else(Vec::new, <[u8]>::to_vec),
        Technique::RemotePairs => vec![0; step.cells.len()],
        _ => Vec::new(),
    };
    if through.len() == step.cells.len() {
        // An X-chain's and an AIC's links are strong and weak in turn, the first strong: a weak
        // one is drawn dashed.
        let alternate = matches!(step.technique, Technique::XChain | Technique::Aic | Technique::GroupedAic);
        for k in 1..step.cells.len() {
            let weak = alternate && k % 2 == 0;
            links.push(json!([step.cells[k - 1], through[k - 1], step.cells[k], through[k], weak, 0]));
        }
    }
    (links, premises)
}

/// The next step of every puzzle of the inputs, in input order.
pub fn run_hint(args: HintArgs, mut io: Io) -> Result<Exit> {
    let json = args.format == ExplainFormatArg::Json;
    let nudge = args.nudge;
    let off = technique_options(&args.techniques)?;
    // One line per puzzle, as `solve` and `rate` write: an invalid puzzle's line names it.
    let invalid = move |index: usize, location: &str, message: &str| {
        if json {
            json!({"index": index, "location": location, "status": "invalid", "error": message}).to_string() + "\n"
        } else {
            format!("# {index}: invalid\n")
        }
    };
    let Some(path) = &args.puzzle else {
        let puzzles = io.open(&args.input, io.spec(&args.input)?);
        return each(io, puzzles, args.jobs, invalid, |index, location, puzzle| {
            Ok(hint_one_with(index, location, puzzle, nudge, off, json))
        });
    };
    let original = Original::read(path, io.spec(&args.input)?, &io.notes())?;
    // The progress is read with the original's spec, and its clashing entries are the wrong
    // entries to name rather than a reason to refuse it.
    let mut puzzles = io.open(&args.input, Some(original.puzzle.model_arc().clone()));
    puzzles.defer_given_checks();
    each(io, puzzles, args.jobs, invalid, |index, location, progress| {
        let merged = original.merge(progress).map_err(|message| format!("{location}: {message}"))?;
        Ok(match original.wrong(&merged) {
            Some(wrong) => wrong_one(index, location, &merged, &wrong, nudge, json),
            None => hint_one_with(index, location, &merged, nudge, off, json),
        })
    })
}

/// Search nodes `hint` spends deciding whether a grid can still be finished, or finding the
/// solution of `--puzzle` (the default strategy settles a 9×9 in a few hundred, an empty 64×64
/// in a few thousand); past them it hints without knowing.
const SETTLE_NODES: u64 = 2_000_000;

/// The puzzle as it was set, for `hint --puzzle`, and its solution when it has exactly one.
struct Original {
    puzzle: Puzzle,
    solution: Option<Grid>,
}

impl Original {
    /// Reads the one puzzle of `path` (a file or a pasted puzzle) and solves it; a usage error
    /// when there is none, more than one, or it cannot be read.
    fn read(path: &std::path::Path, spec: Option<Arc<Model>>, notes: &crate::diag::Notes) -> Result<Original> {
        let mut puzzles = Puzzles::open(std::slice::from_ref(&path.to_path_buf()), None, spec);
        let mut first = None;
        for next in puzzles.by_ref() {
            match next {
                Next::Note(note) => bail!("--puzzle: {note}"),
                Next::Puzzle(item) if first.is_none() => first = Some(item),
                Next::Puzzle(item) => bail!("--puzzle names one puzzle, but {} holds another", item.location),
            }
        }
        let Some(item) = first else { bail!("--puzzle: {} holds no puzzle", path.display()) };
        let puzzle = item.puzzle.map_err(|message| anyhow::anyhow!("--puzzle: {message}"))?;
        let limits = Limits { max_nodes: Some(SETTLE_NODES), ..Limits::count(2, 1) };
        let outcome = coverlab_strategies::registry::default_strategy().build(0).solve(&puzzle, &limits, &mut NullSink);
        match (outcome.status, outcome.count) {
            (Status::Complete, 0) => bail!("--puzzle: {} has no solution", item.location),
            (Status::Complete, 1) => Ok(Original { puzzle, solution: outcome.solutions.into_iter().next() }),
            (_, n) => {
                let why = if n >= 2 { "more than one solution" } else { "a solution not found in the search's budget" };
                notes.say(&format!(
                    "{}: the puzzle has {why}, so entries cannot be checked against it; hints go on without",
                    item.location
                ));
                Ok(Original { puzzle, solution: None })
            }
        }
    }

    /// The progress with the original's givens: an error naming the first given it changes.
    fn merge(&self, progress: &Puzzle) -> Result<Puzzle, String> {
        let (model, symbols) = (self.puzzle.model(), self.puzzle.symbols());
        let (givens, entries) = (self.puzzle.givens().values(), progress.givens().values());
        if entries.len() != givens.len() {
            return Err(format!(
                "the grid is {0}×{0} but the puzzle given with --puzzle is {1}×{1}",
                progress.size(),
                self.puzzle.size()
            ));
        }
        let mut values = entries.to_vec();
        for (cell, (&g, v)) in givens.iter().zip(values.iter_mut()).enumerate() {
            if g != 0 && *v != 0 && *v != g {
                return Err(format!(
                    "{} is a given {} of the puzzle, but this grid has {} there",
                    model.cell_name(cell),
                    symbols.symbol(g),
                    symbols.symbol(*v)
                ));
            }
            if g != 0 {
                *v = g;
            }
        }
        let grid = Grid::from_values(progress.size(), values).ok_or("the grid holds a value outside its size")?;
        // The progress was read with the original's spec: its model is that one, or that one
        // and the candidates of a pencil-mark grid.
        Ok(Puzzle::new_unchecked(progress.model_arc().clone(), grid))
    }

    /// The entries of `progress` (beyond the givens) that differ from the solution, in reading
    /// order, or else its pencil marks that cross out a cell's solution value; `None` when there
    /// are none or the solution is not known.
    fn wrong(&self, progress: &Puzzle) -> Option<Wrong> {
        let solution = self.solution.as_ref()?;
        let givens = self.puzzle.givens().values();
        let entries: Vec<usize> = (progress.givens().values().iter().zip(solution.values()).zip(givens))
            .enumerate()
            .filter(|&(_, ((&v, &s), &g))| g == 0 && v != 0 && v != s)
            .map(|(cell, _)| cell)
            .collect();
        if !entries.is_empty() {
            return Some(Wrong::Entries(entries));
        }
        let marks: Vec<(usize, u8)> = progress
            .model()
            .constraints()
            .iter()
            .filter(|k| k.kind == ConstraintKind::Candidates)
            .filter_map(|k| match (k.cells.as_slice(), &k.relation) {
                (&[cell], &Relation::Allowed(mask)) => {
                    let value = solution.values()[cell];
                    (progress.givens().values()[cell] == 0 && mask >> (value - 1) & 1 == 0).then_some((cell, value))
                }
                _ => None,
            })
            .collect();
        (!marks.is_empty()).then_some(Wrong::Marks(marks))
    }
}

/// What a person's progress holds that the solution does not.
enum Wrong {
    /// Entries that are not the solution's values: their cells.
    Entries(Vec<usize>),
    /// Pencil marks that cross out a cell's solution value: the cell and that value.
    Marks(Vec<(usize, u8)>),
}

impl Wrong {
    /// The first cell concerned.
    fn first(&self) -> usize {
        match self {
            Wrong::Entries(cells) => cells[0],
            Wrong::Marks(marks) => marks[0].0,
        }
    }
}

/// The record of a progress grid with wrong entries: their cells, or with `--nudge` only the box
/// (jigsaw region, or else row) holding the first.
fn wrong_one(
    index: usize,
    location: &str,
    progress: &Puzzle,
    wrong: &Wrong,
    nudge: bool,
    json: bool,
) -> (String, Exit) {
    let model = progress.model();
    let symbols = progress.symbols();
    let (names, what): (Vec<String>, _) = match wrong {
        Wrong::Entries(cells) => (cells.iter().map(|&c| model.cell_name(c)).collect(), "entries"),
        Wrong::Marks(marks) => {
            (marks.iter().map(|&(c, v)| format!("{}={}", model.cell_name(c), symbols.symbol(v))).collect(), "marks")
        }
    };
    let said = if nudge {
        let units = model.units_of(wrong.first()).iter().map(|&u| &model.units()[u as usize]);
        let mut units: Vec<_> = units.collect();
        units.sort_by_key(|u| !matches!(u.kind, UnitKind::Box | UnitKind::Region));
        let place = units.first().map_or_else(|| model.cell_name(wrong.first()), |u| u.label.clone());
        format!("one of your {what} in {place} is wrong")
    } else {
        match wrong {
            Wrong::Entries(_) if names.len() == 1 => format!("{} is wrong", names[0]),
            Wrong::Entries(_) => format!("{} are wrong", names.join(", ")),
            Wrong::Marks(marks) => {
                let crossed: Vec<String> =
                    marks.iter().map(|&(c, v)| format!("{} from {}", symbols.symbol(v), model.cell_name(c))).collect();
                let it = if marks.len() == 1 { "it is that cell's value" } else { "each is that cell's value" };
                format!("your pencil marks cross out {}, but {it}", crossed.join(", "))
            }
        }
    };
    if json {
        let mut v = json!({"index": index, "location": location, "hint": said});
        if !nudge {
            v[if matches!(wrong, Wrong::Marks(_)) { "wrong_marks" } else { "wrong" }] = json!(names);
        }
        return (format!("{v}\n"), Exit::NoSolution);
    }
    (format!("{said}\n"), Exit::NoSolution)
}

/// Runs `work` on each puzzle read, writing what it returns in input order. A puzzle that
/// cannot be read, or that `work` refuses (its message naming the puzzle's location), still has
/// its record (`invalid`'s text, from its index, location and message), its message goes to
/// stderr, and the others are still done.
fn each(
    io: Io,
    mut puzzles: Puzzles,
    jobs: Option<u64>,
    invalid: impl Fn(usize, &str, &str) -> String + Sync,
    work: impl Fn(usize, &str, &Puzzle) -> Result<(String, Exit), String> + Sync,
) -> Result<Exit> {
    let interrupt = io.interrupt();
    let notes = io.notes();
    let mut exit = Exit::Ok;
    super::batch::run(
        io.out(),
        super::batch::jobs(jobs),
        || puzzles.next(),
        || (),
        |(), next| match next {
            Next::Note(note) => (Vec::new(), Record::Note(note)),
            Next::Puzzle(item) => match item.puzzle {
                Err(message) => {
                    let text = invalid(item.index, &item.location.to_string(), &message);
                    (text.into_bytes(), Record::Failed { exit: Exit::Invalid, message })
                }
                Ok(puzzle) => match work(item.index, &item.location.to_string(), &puzzle) {
                    Ok((text, e)) => (text.into_bytes(), Record::Done(e)),
                    Err(message) => {
                        let text = invalid(item.index, &item.location.to_string(), &message);
                        (text.into_bytes(), Record::Failed { exit: Exit::Invalid, message })
                    }
                },
            },
        },
        |record| match record {
            Record::Done(e) => exit = exit.max(e),
            Record::Failed { exit: e, message } => {
                exit = exit.max(e);
                notes.echo(&message);
            }
            Record::Note(note) => {
                exit = exit.max(Exit::Invalid);
                notes.say(&note);
            }
        },
        &interrupt,
    )?;
    if let Some(signal) = interrupt.signal() {
        return Ok(Exit::Signal(signal));
    }
    Ok(exit)
}

/// A step as JSON: its technique, its sentence, and what it places and eliminates.
fn step_json(step: &Step, model: &Model, symbols: &Symbols) -> Value {
    let pairs = |list: &[(usize, u8)]| -> Vec<Value> {
        list.iter().map(|&(c, v)| json!({"cell": model.cell_name(c), "value": symbols.symbol(v).to_string()})).collect()
    };
    let mut v = json!({
        "technique": step.technique.name(),
        "text": step.describe(model, symbols),
        "placements": pairs(&step.placements),
        "eliminations": pairs(&step.eliminations),
    });
    // The almost locked sets (or a Sue de Coq's groups) a step is made of.
    if !step.sets.is_empty() {
        let sets: Vec<Value> = step
            .sets
            .iter()
            .map(|s| {
                let cells: Vec<String> = s.cells.iter().map(|&c| model.cell_name(c)).collect();
                let values: Vec<String> = s.values.iter().map(|&x| symbols.symbol(x).to_string()).collect();
                let unit = model.units().get(s.unit).map(|u| u.label.clone());
                json!({"cells": cells, "values": values, "unit": unit})
            })
            .collect();
        v["sets"] = Value::Array(sets);
    }
    // A forcing step's branches: each fact with the indices of the facts it follows from.
    if !step.chains.is_empty() {
        let branches: Vec<Value> = step
            .chains
            .iter()
            .map(|b| {
                let facts: Vec<Value> = b
                    .implications
                    .iter()
                    .map(|i| {
                        json!({
                            "cell": model.cell_name(i.cell),
                            "value": symbols.symbol(i.value).to_string(),
                            "holds": i.holds,
                            "rule": i.rule,
                            "from": i.from,
                        })
                    })
                    .collect();
                json!({"implications": facts, "contradiction": b.contradiction})
            })
            .collect();
        v["chains"] = Value::Array(branches);
    }
    // A nested forcing net's level.
    if let Some(level) = step.nesting {
        v["nesting"] = json!(level);
    }
    v
}

/// The techniques `--techniques` and `--no-technique` turn off; a usage error naming an
/// unknown one.
fn technique_options(args: &TechniqueArgs) -> Result<Options> {
    let find = |name: &str| {
        Technique::from_id(name).ok_or_else(|| {
            anyhow::anyhow!("unknown technique `{name}` (`coverlab explain --list-techniques` lists them)")
        })
    };
    let mut options = Options::default();
    if let Some(only) = &args.techniques {
        let keep: Vec<Technique> = only.iter().map(|n| find(n)).collect::<Result<_>>()?;
        for t in Technique::ALL.into_iter().filter(|t| !keep.contains(t)) {
            options = options.without(t);
        }
    }
    for name in &args.no_technique {
        options = options.without(find(name)?);
    }
    Ok(options)
}

/// How often each technique was used, simplest first (the enum's order, which is
/// [`Technique::ALL`]'s): `naked single 12, hidden single 31`.
fn tally(steps: &[Step]) -> String {
    let mut count: BTreeMap<Technique, usize> = BTreeMap::new();
    for s in steps {
        *count.entry(s.technique).or_insert(0) += 1;
    }
    count.iter().map(|(t, k)| format!("{} {k}", t.name())).collect::<Vec<_>>().join(", ")
}

/// The search nodes times cells the count of a stuck puzzle's solutions may take (a node costs
/// about as much as the grid has cells): 49,382 nodes on 9×9, 15,625 on 16×16, 6,400 on 25×25.
/// A count that stops before it knows leaves the uniqueness techniques out. A 9×9 count takes
/// under a hundred nodes; the first two 25×25 Frisch puzzles take 118,140 and 11,774 (both left
/// undecided).
const UNIQUENESS_NODE_CELLS: u64 = 4_000_000;

/// Whether the puzzle has exactly one solution, by a count of the default strategy up to 2
/// (within [`UNIQUENESS_NODE_CELLS`] / cells nodes): Some(true) for one, Some(false) for two
/// found, None when the count stops first (or finds none).
fn count_to_two(puzzle: &Puzzle) -> Option<bool> {
    let strategy = coverlab_strategies::registry::default_strategy();
    let nodes = UNIQUENESS_NODE_CELLS / puzzle.model().cells().max(1) as u64;
    let limits = Limits { max_nodes: Some(nodes), ..Limits::count(2, 0) };
    let outcome = strategy.build(0).solve(puzzle, &limits, &mut NullSink);
    outcome.unique()
}

/// Explains one puzzle: its text (JSON when `json`, one line) and the exit code it calls for;
/// `count_first`: count a stuck puzzle's solutions and, if it has one, use the uniqueness
/// techniques.
pub fn explain_one(
    index: usize,
    location: &str,
    puzzle: &Puzzle,
    max_steps: usize,
    count_first: bool,
    json: bool,
) -> (String, Exit) {
    explain_one_with(index, location, puzzle, max_steps, count_first, Options::default(), json)
}

/// [`explain_one`] without the techniques `off` turns off (its `unique` is not read).
pub fn explain_one_with(
    index: usize,
    location: &str,
    puzzle: &Puzzle,
    max_steps: usize,
    count_first: bool,
    off: Options,
    json: bool,
) -> (String, Exit) {
    explain_and_show(index, location, puzzle, max_steps, count_first, off, json, None)
}

/// [`explain_one_with`], and when `page` is given, the puzzle's part of an `explain --html`
/// page pushed onto it.
#[allow(clippy::too_many_arguments)]
fn explain_and_show(
    index: usize,
    location: &str,
    puzzle: &Puzzle,
    max_steps: usize,
    count_first: bool,
    off: Options,
    json: bool,
    page: Option<&Mutex<Vec<Shown>>>,
) -> (String, Exit) {
    let (model, symbols) = (puzzle.model(), puzzle.symbols());
    // Explained first without the uniqueness techniques and the forcing rungs (the cheap
    // part); when that gets stuck, the solutions are counted and the puzzle explained again
    // with the forcing rungs, and on a unique puzzle with the uniqueness techniques, which
    // come before them.
    let forcing = [
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::ForcingNet,
        Technique::NestedForcingNet,
    ];
    let mut unique = None;
    let e = if count_first {
        let cheap = forcing.into_iter().fold(Options { unique: false, ..off }, Options::without);
        let e = explain_with(puzzle, max_steps, cheap);
        if e.ending == Ending::Stuck {
            let counted = count_to_two(puzzle);
            let one = counted == Some(true);
            // What the count found: null in the JSON when it stopped before it knew (not false,
            // which would say it found two).
            unique = counted;
            // The nested forcing net unless the count found several solutions (it could not end
            // solved, and would spend its whole budget at the end for nothing); a count that
            // stops first (a hard 25×25) leaves it on.
            let full = if counted == Some(false) { off.without(Technique::NestedForcingNet) } else { off };
            explain_again(puzzle, max_steps, Options { unique: one, ..full }, &e, cheap)
        } else {
            e
        }
    } else {
        explain_with(puzzle, max_steps, Options { unique: false, ..off })
    };
    let relied = e.steps.iter().any(|s| s.technique.needs_unique());
    let (ending, exit, said) = match &e.ending {
        Ending::Solved => ("solved", Exit::Ok, format!("solved in {}", count(e.steps.len(), "step"))),
        Ending::Stuck => (
            "stuck",
            Exit::Ok,
            format!("stuck after {}: no technique applies; the rest needs a guess", count(e.steps.len(), "step")),
        ),
        Ending::StepLimit => {
            ("step-limit", Exit::Ok, format!("stopped after {} (--max-steps)", count(e.steps.len(), "step")))
        }
        Ending::Contradiction(c) => (
            "contradiction",
            Exit::NoSolution,
            format!("no solution: {} (after {})", c.message, count(e.steps.len(), "step")),
        ),
    };
    if let Some(page) = page {
        let said = if e.steps.is_empty() { said.clone() } else { format!("{said} ({})", tally(&e.steps)) };
        let shown = shown(index, location, puzzle, &e, (ending, &said), unique);
        page.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(shown);
    }
    if json {
        let steps: Vec<Value> = e.steps.iter().map(|s| step_json(s, model, symbols)).collect();
        let mut text = json!({
            "index": index,
            "location": location,
            "ending": ending,
            "unique": unique,
            "steps": steps,
            "grid": coverlab_formats::write_line(e.board.values(), symbols),
        });
        let turned_off = off.turned_off();
        if !turned_off.is_empty() {
            text["techniques_off"] = turned_off.iter().map(|t| t.id()).collect();
        }
        return (format!("{text}\n"), exit);
    }
    let mut out = format!("# puzzle {index} ({location})\n");
    for (i, s) in e.steps.iter().enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, s.describe(model, symbols)));
    }
    out.push_str(&said);
    if !e.steps.is_empty() {
        out.push_str(&format!(" ({})", tally(&e.steps)));
    }
    out.push('\n');
    if relied {
        out.push_str("uniqueness: the puzzle has exactly one solution (counted), which the unique rectangles and BUG+1 rely on\n");
    }
    if !matches!(e.ending, Ending::Solved) {
        out.push_str(&format!("grid: {}\n", coverlab_formats::write_line(e.board.values(), symbols)));
    }
    (out, exit)
}

/// The next step of one puzzle (only where to look when `nudge`): its text (JSON when `json`,
/// one line) and the exit code it calls for.
pub fn hint_one(index: usize, location: &str, puzzle: &Puzzle, nudge: bool, json: bool) -> (String, Exit) {
    hint_one_with(index, location, puzzle, nudge, Options::default(), json)
}

/// [`hint_one`] without the techniques `off` turns off (its `unique` is not read: a hint never
/// uses the uniqueness techniques).
pub fn hint_one_with(
    index: usize,
    location: &str,
    puzzle: &Puzzle,
    nudge: bool,
    off: Options,
    json: bool,
) -> (String, Exit) {
    let (model, symbols) = (puzzle.model(), puzzle.symbols());
    let (step, exit, said) = match Board::new(puzzle) {
        Err(c) => (None, Exit::NoSolution, format!("no solution: {}", c.message)),
        Ok(board) if board.is_solved() => (None, Exit::Ok, "solved already".to_string()),
        Ok(_) if !can_finish(puzzle) => {
            let marks = model.constraints().iter().any(|k| k.kind == ConstraintKind::Candidates);
            let (wrong, name) = if marks {
                ("an entry or a crossed-out candidate is wrong", "name it")
            } else {
                ("an entry is wrong", "name the entry")
            };
            let said = format!(
                "no solution: this grid cannot be finished ({wrong}, or the puzzle has no solution; give the \
                 puzzle as it was set with --puzzle to {name})"
            );
            (None, Exit::NoSolution, said)
        }
        Ok(board) => match next_hint(&board, puzzle, Options { unique: false, ..off }) {
            Err(c) => (None, Exit::NoSolution, format!("no solution: {}", c.message)),
            Ok(Some(step)) => {
                let text = if nudge { where_to_look(&step, model) } else { step.describe(model, symbols) };
                (Some(step), Exit::Ok, text)
            }
            Ok(None) => (None, Exit::Ok, "no technique applies: the next step is a guess".to_string()),
        },
    };
    if json {
        let mut v = json!({"index": index, "location": location, "hint": said});
        if let (Some(step), false) = (&step, nudge) {
            v["step"] = step_json(step, model, symbols);
        }
        return (format!("{v}\n"), exit);
    }
    (format!("{said}\n"), exit)
}

/// The next step of a hint: every technique but the nested forcing net first, then that net only
/// when a count does not find several solutions. On a grid of several solutions no net can end
/// in a placement everywhere, and the net would spend its whole budget (half a minute on a
/// nearly empty 9×9) before saying "guess". The second try runs the net alone: the first found
/// nothing with every other technique on the same board.
fn next_hint(
    board: &Board,
    puzzle: &Puzzle,
    options: Options,
) -> Result<Option<Step>, coverlab_techniques::Contradiction> {
    if let Some(step) = try_next_step_with(board, puzzle.model(), options.without(Technique::NestedForcingNet))? {
        return Ok(Some(step));
    }
    if !options.allows(Technique::NestedForcingNet) || count_to_two(puzzle) == Some(false) {
        return Ok(None);
    }
    Technique::NestedForcingNet.find(board, puzzle.model())
}

/// Whether a search finds a solution of `puzzle` (true when it runs out of nodes first).
fn can_finish(puzzle: &Puzzle) -> bool {
    let limits = Limits { max_nodes: Some(SETTLE_NODES), ..Limits::count(1, 0) };
    let outcome = coverlab_strategies::registry::default_strategy().build(0).solve(puzzle, &limits, &mut NullSink);
    !(outcome.status == Status::Complete && outcome.count == 0)
}

/// A nudge: the technique and where, not what it finds (`look for a hidden single in box 3`).
fn where_to_look(step: &Step, model: &Model) -> String {
    let place = if let Some(k) = step.constraint {
        model.constraints()[k].label.clone()
    } else if step.technique == Technique::NakedSingle {
        step.cells.first().or(step.placements.first().map(|(c, _)| c)).map_or(String::new(), |&c| model.cell_name(c))
    } else {
        let labels: Vec<&str> = step.units.iter().map(|&u| model.units()[u].label.as_str()).collect();
        labels.join(" and ")
    };
    let name = step.technique.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u', 'x']) { "an" } else { "a" };
    let what = if step.technique == Technique::Constraint {
        "what a constraint rules out".to_string()
    } else {
        format!("{article} {name}")
    };
    let at = if step.technique == Technique::NakedSingle { "at" } else { "in" };
    if place.is_empty() { format!("look for {what}") } else { format!("look for {what} {at} {place}") }
}
