//! `coverlab canon`: the canonical form of classic puzzles (`coverlab_model::canon`), one line
//! per puzzle in input order: an identifier that is equal exactly for puzzles that are copies of
//! each other under the sudoku symmetries, to deduplicate a set.

use anyhow::Result;
use coverlab_model::Puzzle;
use coverlab_model::canon::Canon;
use serde_json::json;

use crate::Exit;
use crate::cli::{CanonArgs, CanonFormatArg};
use crate::input::Next;
use crate::io::Io;

/// One puzzle's outcome, for the exit code.
enum Record {
    Done,
    Failed(String),
    Note(String),
}

/// The canonical form of every puzzle of the inputs.
pub fn run(args: CanonArgs, mut io: Io) -> Result<Exit> {
    let json = args.format == CanonFormatArg::Json;
    let mut puzzles = io.open(&args.input, io.spec(&args.input)?);
    let interrupt = io.interrupt();
    let notes = io.notes();
    let mut exit = Exit::Ok;
    let invalid = |index: usize, location: &str, message: &str| -> Vec<u8> {
        if json {
            (json!({"index": index, "location": location, "status": "invalid", "error": message}).to_string() + "\n")
                .into_bytes()
        } else {
            format!("# {index}: invalid\n").into_bytes()
        }
    };
    super::batch::run(
        io.out(),
        super::batch::jobs(args.jobs),
        || puzzles.next(),
        Canon::default,
        |canon, next| match next {
            Next::Note(note) => (Vec::new(), Record::Note(note)),
            Next::Puzzle(item) => {
                let location = item.location.to_string();
                match item.puzzle.and_then(|p| form(canon, &p).map_err(|e| format!("{location}: {e}"))) {
                    Err(message) => (invalid(item.index, &location, &message), Record::Failed(message)),
                    Ok(line) if json => {
                        let v = json!({"index": item.index, "location": location, "canon": line});
                        ((v.to_string() + "\n").into_bytes(), Record::Done)
                    }
                    Ok(line) => ((line + "\n").into_bytes(), Record::Done),
                }
            }
        },
        |record| match record {
            Record::Done => {}
            Record::Failed(message) => {
                exit = Exit::Invalid;
                notes.echo(&message);
            }
            Record::Note(note) => {
                exit = Exit::Invalid;
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

/// The canonical form of a classic puzzle in its line form, or why it has none (`canon`'s
/// buffers kept for the next puzzle).
pub(super) fn form(canon: &mut Canon, puzzle: &Puzzle) -> Result<String, String> {
    let model = puzzle.model();
    let n = model.size();
    let classic = model.houses().len() == 3 * n && model.groups().is_empty() && model.constraints().is_empty();
    let Some((rows, cols)) = model.boxes().filter(|_| classic) else {
        return Err(format!(
            "canonical forms are for classic puzzles (rows, columns and boxes only), and this one's spec \
             {} has other rules",
            model.name()
        ));
    };
    let values = canon.form(puzzle.givens().values(), rows, cols).map_err(|e| e.to_string())?;
    Ok(coverlab_formats::write_line(&values, puzzle.symbols()))
}
