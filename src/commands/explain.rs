//! `coverlab explain` and `coverlab hint`: a puzzle solved the way a person solves it, step by
//! step in words (`crates/techniques`: singles, locked candidates, the constraints' own
//! reasoning, subsets, fish), or only its next step.
//!
//! A puzzle the techniques cannot finish is not an error: the explanation ends where a guess is
//! needed, and says so. A puzzle whose givens contradict each other, or that the steps prove to
//! have no solution, exits 1.

use std::collections::BTreeMap;

use anyhow::Result;
use coverlab_model::text::count;
use coverlab_model::{Model, Puzzle, Symbols};
use coverlab_techniques::{Board, Ending, Step, Technique, explain, try_next_step};
use serde_json::{Value, json};

use crate::Exit;
use crate::cli::{ExplainArgs, ExplainFormatArg, HintArgs};
use crate::input::Next;
use crate::io::Io;

/// One puzzle's outcome, for the exit code.
enum Record {
    Done(Exit),
    Failed { exit: Exit, message: String },
    Note(String),
}

/// Explains every puzzle of the inputs, in input order.
pub fn run_explain(args: ExplainArgs, io: Io) -> Result<Exit> {
    let json = args.format == ExplainFormatArg::Json;
    let max_steps = args.max_steps;
    let invalid = move |index: usize, location: &str, message: &str| {
        if json {
            json!({"index": index, "location": location, "status": "invalid", "ending": "invalid", "error": message})
                .to_string()
                + "\n"
        } else {
            format!("# puzzle {index} ({location})\ninvalid: {}\n", crate::diag::printable(message))
        }
    };
    each(io, &args.input, args.jobs, invalid, |item_index, location, puzzle| {
        explain_one(item_index, location, puzzle, max_steps, json)
    })
}

/// The next step of every puzzle of the inputs, in input order.
pub fn run_hint(args: HintArgs, io: Io) -> Result<Exit> {
    let json = args.format == ExplainFormatArg::Json;
    let nudge = args.nudge;
    // One line per puzzle, as `solve` and `rate` write: an invalid puzzle's line names it.
    let invalid = move |index: usize, location: &str, message: &str| {
        if json {
            json!({"index": index, "location": location, "status": "invalid", "error": message}).to_string() + "\n"
        } else {
            format!("# {index}: invalid\n")
        }
    };
    each(io, &args.input, args.jobs, invalid, |index, location, puzzle| hint_one(index, location, puzzle, nudge, json))
}

/// Runs `work` on each puzzle read, writing what it returns in input order. A puzzle that
/// cannot be read still has its record (`invalid`'s text, from its index, location and
/// message), its message goes to stderr, and the others are still done.
fn each(
    mut io: Io,
    input: &crate::cli::PuzzleInput,
    jobs: Option<u64>,
    invalid: impl Fn(usize, &str, &str) -> String + Sync,
    work: impl Fn(usize, &str, &Puzzle) -> (String, Exit) + Sync,
) -> Result<Exit> {
    let mut puzzles = io.open(input, io.spec(input)?);
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
                Ok(puzzle) => {
                    let (text, e) = work(item.index, &item.location.to_string(), &puzzle);
                    (text.into_bytes(), Record::Done(e))
                }
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
    json!({
        "technique": step.technique.name(),
        "text": step.describe(model, symbols),
        "placements": pairs(&step.placements),
        "eliminations": pairs(&step.eliminations),
    })
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

fn explain_one(index: usize, location: &str, puzzle: &Puzzle, max_steps: usize, json: bool) -> (String, Exit) {
    let (model, symbols) = (puzzle.model(), puzzle.symbols());
    let e = explain(puzzle, max_steps);
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
    if json {
        let steps: Vec<Value> = e.steps.iter().map(|s| step_json(s, model, symbols)).collect();
        let text = json!({
            "index": index,
            "location": location,
            "ending": ending,
            "steps": steps,
            "grid": coverlab_formats::write_line(e.board.values(), symbols),
        });
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
    if !matches!(e.ending, Ending::Solved) {
        out.push_str(&format!("grid: {}\n", coverlab_formats::write_line(e.board.values(), symbols)));
    }
    (out, exit)
}

fn hint_one(index: usize, location: &str, puzzle: &Puzzle, nudge: bool, json: bool) -> (String, Exit) {
    let (model, symbols) = (puzzle.model(), puzzle.symbols());
    let (step, exit, said) = match Board::new(puzzle) {
        Err(c) => (None, Exit::NoSolution, format!("no solution: {}", c.message)),
        Ok(board) if board.is_solved() => (None, Exit::Ok, "solved already".to_string()),
        Ok(board) => match try_next_step(&board, model) {
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
