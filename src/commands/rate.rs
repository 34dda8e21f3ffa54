//! `coverlab rate`: a difficulty per puzzle on the `propagation` scale
//! (`crates/generate/src/rate.rs` defines it).

use anyhow::Result;
use coverlab_engine::Limits;
use coverlab_generate::{Level, Rater, Scale, Unrated};
use coverlab_model::text::count;
use serde_json::json;

use crate::cli::{RateArgs, RateFormatArg};
use crate::input::Next;
use crate::io::Io;
use crate::progress::Progress;
use crate::signals::Interrupt;
use crate::summary::Summary;
use crate::{Exit, diag};

/// One puzzle's result, for the exit code and the summary.
enum Record {
    Rated { level: Level, score: f64 },
    Failed { exit: Exit, message: String },
    Note(String),
}

/// Rates every puzzle of the inputs, in input order.
pub fn run(args: RateArgs, mut io: Io) -> Result<Exit> {
    super::check_timeout(args.timeout)?;
    let mut puzzles = io.open(&args.input, io.spec(&args.input)?);
    let reading = puzzles.reading();
    let interrupt = io.interrupt();
    let notes = io.notes();
    let mut progress = Progress::new(args.progress.mode(), reading, "puzzles");
    let mut summary = Summary::default();
    let mut exit = Exit::Ok;
    let mut per_level: [Vec<f64>; 4] = Default::default();
    crate::commands::batch::run(
        io.out(),
        crate::commands::batch::jobs(args.jobs),
        || puzzles.next(),
        coverlab_strategies::generation::rater,
        |rater, next| one(&args, rater, next, &interrupt),
        |record: Record| {
            match record {
                Record::Rated { level, score } => {
                    summary.puzzles += 1;
                    summary.solved += 1;
                    per_level[level as usize].push(score);
                }
                Record::Failed { exit: e, message } => {
                    summary.puzzles += 1;
                    if e == Exit::Invalid {
                        summary.invalid += 1;
                    } else {
                        summary.unsolvable += 1;
                    }
                    exit = exit.max(e);
                    notes.echo(&message);
                }
                Record::Note(note) => {
                    exit = exit.max(Exit::Invalid);
                    notes.say(&note);
                }
            }
            progress.update(&summary);
        },
        &interrupt,
    )?;
    progress.finish();
    if args.stats {
        diag::line(&distribution(&per_level, &summary));
    }
    if let Some(signal) = interrupt.signal() {
        return Ok(Exit::Signal(signal));
    }
    Ok(exit)
}

/// The levels' shares and the scores' quantiles, for `--stats`.
fn distribution(per_level: &[Vec<f64>; 4], summary: &Summary) -> String {
    let rated: usize = per_level.iter().map(Vec::len).sum();
    let mut text = format!("{}: {rated} rated", count(summary.puzzles, "puzzle"));
    if summary.puzzles > rated as u64 {
        text.push_str(&format!(", {} not", summary.puzzles - rated as u64));
    }
    if rated == 0 {
        return text;
    }
    let shares: Vec<String> = Level::ALL
        .iter()
        .zip(per_level)
        .map(|(level, scores)| {
            format!("{} {} ({:.1}%)", level.name(), scores.len(), 100.0 * scores.len() as f64 / rated as f64)
        })
        .collect();
    text.push_str(&format!("\nlevels: {}", shares.join(", ")));
    let mut scores: Vec<f64> = per_level.iter().flatten().copied().collect();
    scores.sort_by(f64::total_cmp);
    let q = |p: f64| scores[((p * scores.len() as f64).ceil() as usize).clamp(1, scores.len()) - 1];
    let mean = scores.iter().sum::<f64>() / scores.len() as f64;
    text.push_str(&format!(
        "\nscore: mean {mean:.2}, median {:.2}, p90 {:.2}, max {:.2}",
        q(0.5),
        q(0.9),
        scores[scores.len() - 1]
    ));
    text
}

/// Rates one puzzle and writes its line.
fn one(args: &RateArgs, rater: &mut Rater, next: Next, interrupt: &Interrupt) -> (Vec<u8>, Record) {
    let item = match next {
        Next::Puzzle(item) => item,
        Next::Note(note) => return (Vec::new(), Record::Note(note)),
    };
    let index = item.index;
    let json = args.format == RateFormatArg::Json;
    let failed = |exit: Exit, why: String, message: String| {
        let text = if json {
            json!({"index": index, "status": why, "error": message}).to_string() + "\n"
        } else {
            format!("# {index}: {why}\n")
        };
        (text.into_bytes(), Record::Failed { exit, message })
    };
    let puzzle = match item.puzzle {
        Ok(puzzle) => puzzle,
        Err(message) => return failed(Exit::Invalid, "invalid".into(), message),
    };
    let limits = Limits {
        deadline: super::deadline(args.timeout),
        interrupt: Some(interrupt.flag().clone()),
        ..Limits::default()
    };
    let rating = match rater.rate(&puzzle, &limits) {
        Ok(rating) => rating,
        Err(Unrated::NoSolution) => {
            let message = format!("{}: no solution", item.location);
            return failed(Exit::NoSolution, "unsolvable".into(), message);
        }
        Err(Unrated::Stopped(reason)) => {
            let message = format!("{}: {} before a rating", item.location, crate::output::stopped_words(reason));
            return failed(Exit::NoSolution, "stopped".into(), message);
        }
    };
    let unique = rating.solutions == 1;
    let text = if json {
        json!({
            "index": index,
            "status": "rated",
            "scale": Scale::Propagation.name(),
            "score": (rating.score * 100.0).round() / 100.0,
            "level": rating.level.name(),
            "unique": unique,
            "naked_singles": rating.naked_singles,
            "hidden_singles": rating.hidden_singles,
            "eliminations": rating.eliminations,
            "guesses": rating.guesses,
            "depth": rating.depth,
            "backtracks": rating.backtracks,
        })
        .to_string()
    } else {
        format!("{:.2} {}{}", rating.score, rating.level.name(), if unique { "" } else { " not-unique" })
    };
    (format!("{text}\n").into_bytes(), Record::Rated { level: rating.level, score: rating.score })
}
