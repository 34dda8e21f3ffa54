//! `coverlab check`: read puzzles (or a spec) and report every problem, without solving.

use std::io::Write;

use anyhow::Result;

use crate::Exit;
use crate::cli::CheckArgs;
use crate::diag::{self, Stdout};
use crate::input::Next;

/// Checks a spec, and every puzzle of the inputs: format, symbols, and givens that break a rule.
/// Each problem is one line on stdout (a bad input file too); the counts go to stderr.
pub fn run(args: CheckArgs) -> Result<Exit> {
    let spec = args.input.spec()?;
    if let Some(model) = &spec {
        diag::line(&format!(
            "spec {}: {}×{}, {} houses, {} at-most-once groups: ok",
            model.name(),
            model.size(),
            model.size(),
            model.houses().len(),
            model.groups().len()
        ));
        if args.input.files.is_empty() {
            return Ok(Exit::Ok);
        }
    }
    let mut out = Stdout::new();
    let puzzles = args.input.open(spec);
    let (mut good, mut bad, mut notes) = (0usize, 0usize, 0usize);
    for next in puzzles {
        let problem = match next {
            Next::Puzzle(item) => match item.puzzle {
                Ok(_) => {
                    good += 1;
                    continue;
                }
                Err(e) => {
                    bad += 1;
                    e
                }
            },
            Next::Note(note) => {
                notes += 1;
                note
            }
        };
        writeln!(out, "{}", diag::printable(&problem))?;
    }
    out.flush()?;
    let notes = match notes {
        0 => String::new(),
        1 => "; 1 input unreadable".into(),
        n => format!("; {n} inputs unreadable"),
    };
    diag::line(&format!("{} puzzles: {good} well-formed, {bad} invalid{notes}", good + bad));
    Ok(if bad > 0 || !notes.is_empty() { Exit::Invalid } else { Exit::Ok })
}
