//! `coverlab check`: read puzzles (or a spec) and report every problem, without solving.

use coverlab_model::text::count;
use std::io::Write;

use anyhow::{Context, Result};

use crate::Exit;
use crate::cli::{CheckArgs, CheckFormatArg};
use crate::diag;
use crate::input::Next;
use crate::io::Io;

/// What a puzzle's spec holds, for `check`: `9×9 fpuzzles-x, rules: Rows, Columns, Boxes, 24 Cage`.
fn holds(model: &coverlab_model::Model) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for rule in &model.spec().rules {
        match counts.iter_mut().find(|(k, _)| *k == rule.kind()) {
            Some((_, c)) => *c += 1,
            None => counts.push((rule.kind(), 1)),
        }
    }
    let rules: Vec<String> =
        counts.iter().map(|(k, c)| if *c == 1 { k.to_string() } else { format!("{c} {k}") }).collect();
    let n = model.size();
    format!(
        "{n}×{n} {}, rules: {}; {} beyond houses",
        model.name(),
        rules.join(", "),
        count(model.constraints().len(), "constraint")
    )
}

/// Checks a spec, and every puzzle of the inputs: format, symbols, and givens that break a rule.
/// Each problem is one line on stdout (a bad input file too); the counts go to stderr. With
/// `--format json`, every puzzle has one record on stdout (`index`, `location`, `status` ok or
/// invalid, with the spec it holds or the error), in input order.
pub fn run(args: CheckArgs, mut io: Io) -> Result<Exit> {
    let spec = io.spec(&args.input)?;
    let notes_to = io.notes();
    if let Some(model) = &spec {
        notes_to.echo_line(&format!(
            "spec {}: {}×{}, {} houses, {} at-most-once groups: ok",
            model.name(),
            model.size(),
            model.size(),
            model.houses().len(),
            model.groups().len()
        ));
        if args.input.files.is_empty() && !io.has_text() {
            return Ok(Exit::Ok);
        }
    }
    let puzzles = io.open(&args.input, spec).list_drawings();
    let mut out = io.out().writer;
    let json = args.format == CheckFormatArg::Json;
    let (mut good, mut bad, mut notes) = (0usize, 0usize, 0usize);
    // The specs written so far, by file name: puzzles of one layout share a file, and a
    // different layout under a name already taken gets `-2`, `-3`, … (none is overwritten).
    let mut written: Vec<coverlab_model::Spec> = Vec::new();
    for next in puzzles {
        let problem = match next {
            Next::Puzzle(item) => match item.puzzle {
                Ok(puzzle) => {
                    good += 1;
                    let model = puzzle.model();
                    let mut record = json.then(|| {
                        serde_json::json!({
                            "index": item.index,
                            "location": item.location,
                            "status": "ok",
                            "spec": model.name(),
                            "size": model.size(),
                            "holds": holds(model),
                            "drawings": item.drawings,
                        })
                    });
                    if !json && (!model.constraints().is_empty() || args.spec_out.is_some()) {
                        diag::line(&format!("{}: {}", item.location, holds(model)));
                    }
                    if !json && !item.drawings.is_empty() {
                        diag::line(&format!(
                            "{}: read without its drawings, which carry no rule here: {}",
                            item.location,
                            item.drawings.join(", ")
                        ));
                    }
                    if let Some(dir) = &args.spec_out
                        && !model.spec().rules.is_empty()
                    {
                        let name =
                            match written.iter().find(|w| w.size == model.size() && w.rules == model.spec().rules) {
                                Some(same) => same.name.clone(),
                                None => {
                                    let mut spec = model.spec().clone();
                                    let mut k = 2;
                                    while written.iter().any(|w| w.name == spec.name) {
                                        spec.name = format!("{}-{k}", model.name());
                                        k += 1;
                                    }
                                    let path = dir.join(format!("{}.ron", spec.name));
                                    crate::outfile::check([("--spec-out", path.as_path())], args.input.paths())?;
                                    std::fs::create_dir_all(dir)
                                        .with_context(|| format!("cannot create {}", path.display()))?;
                                    crate::outfile::write(&path, spec.to_ron())?;
                                    let name = spec.name.clone();
                                    written.push(spec);
                                    name
                                }
                            };
                        let path = dir.join(format!("{name}.ron"));
                        let line = coverlab_formats::write_line(puzzle.givens().values(), puzzle.symbols());
                        match &mut record {
                            Some(record) => {
                                record["spec_file"] = path.display().to_string().into();
                                record["puzzle"] = line.into();
                            }
                            None => writeln!(out, "{} : {line}", path.display())?,
                        }
                    }
                    if let Some(record) = record {
                        writeln!(out, "{record}")?;
                    }
                    continue;
                }
                Err(e) => {
                    bad += 1;
                    if json {
                        let record = serde_json::json!({
                            "index": item.index,
                            "location": item.location,
                            "status": "invalid",
                            "error": e,
                        });
                        writeln!(out, "{record}")?;
                        notes_to.echo_line(&e);
                        continue;
                    }
                    e
                }
            },
            Next::Note(note) => {
                notes += 1;
                if json {
                    // Not a puzzle: no record, only the message.
                    notes_to.say(&note);
                    continue;
                }
                note
            }
        };
        writeln!(out, "{}", diag::printable(&problem))?;
    }
    out.flush()?;
    let notes = match notes {
        0 => String::new(),
        n => format!("; {} unreadable", count(n, "input")),
    };
    notes_to.echo_line(&format!("{}: {good} well-formed, {bad} invalid{notes}", count(good + bad, "puzzle")));
    Ok(if bad > 0 || !notes.is_empty() { Exit::Invalid } else { Exit::Ok })
}
