//! `coverlab check`: read puzzles (or a spec) and report every problem, without solving.

use anyhow::Result;

use crate::Exit;
use crate::cli::CheckArgs;

/// Checks a spec, and every puzzle of the inputs: format, symbols, and givens that break a rule.
pub fn run(args: CheckArgs) -> Result<Exit> {
    let spec = args.input.spec()?;
    if let Some(model) = &spec {
        eprintln!(
            "spec {}: {}×{}, {} houses, {} at-most-once groups: ok",
            model.name(),
            model.size(),
            model.size(),
            model.houses().len(),
            model.groups().len()
        );
        if args.input.files.is_empty() {
            return Ok(Exit::Ok);
        }
    }
    let mut puzzles = args.input.open(spec);
    let (mut good, mut bad) = (0usize, 0usize);
    while let Some(item) = puzzles.next_item()? {
        match item.puzzle {
            Ok(_) => good += 1,
            Err(e) => {
                bad += 1;
                println!("{e}");
            }
        }
    }
    eprintln!("{} puzzles: {good} well-formed, {bad} invalid", good + bad);
    Ok(if bad > 0 { Exit::Invalid } else { Exit::Ok })
}
