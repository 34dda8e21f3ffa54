//! `coverlab rate`: a difficulty per puzzle on the `propagation` scale
//! (`crates/generate/src/rate.rs` defines it) or on Sudoku Explainer's (`--scale se`,
//! `crates/techniques/src/se/`).

use anyhow::Result;
use coverlab_engine::Limits;
use coverlab_generate::{Level, Rater, Scale, Unrated};
use coverlab_model::UnitKind;
use coverlab_model::text::count;
use serde_json::json;

use crate::cli::{RateArgs, RateFormatArg, ScaleArg};
use crate::input::Next;
use crate::io::Io;
use crate::progress::Progress;
use crate::signals::Interrupt;
use crate::summary::Summary;
use crate::{Exit, diag};

/// One puzzle's result, for the exit code and the summary.
enum Record {
    /// Its band on the scale (a [`Level`] or an SE band, by index) and its score.
    Rated {
        band: usize,
        score: f64,
    },
    Failed {
        exit: Exit,
        message: String,
    },
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
    // The scale's bands, by name: the levels, or SE's own.
    let bands: Vec<&str> = match args.scale {
        ScaleArg::Propagation => Level::ALL.iter().map(|l| l.name()).collect(),
        ScaleArg::Se => coverlab_techniques::se::BANDS.iter().map(|&(name, _)| name).collect(),
    };
    let mut per_band: Vec<Vec<f64>> = vec![Vec::new(); bands.len()];
    crate::commands::batch::run(
        io.out(),
        crate::commands::batch::jobs(args.jobs),
        || puzzles.next(),
        coverlab_strategies::generation::rater,
        |rater, next| one(&args, rater, next, &interrupt),
        |record: Record| {
            match record {
                Record::Rated { band, score } => {
                    summary.puzzles += 1;
                    summary.solved += 1;
                    per_band[band].push(score);
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
        diag::line(&distribution(&bands, &per_band, &summary, args.scale));
    }
    if let Some(signal) = interrupt.signal() {
        return Ok(Exit::Signal(signal));
    }
    Ok(exit)
}

/// The bands' shares and the scores' quantiles, for `--stats`: the levels of the propagation
/// scale, or SE's own bands of ER.
fn distribution(bands: &[&str], per_band: &[Vec<f64>], summary: &Summary, scale: ScaleArg) -> String {
    let rated: usize = per_band.iter().map(Vec::len).sum();
    let mut text = format!("{}: {rated} rated", count(summary.puzzles, "puzzle"));
    if summary.puzzles > rated as u64 {
        text.push_str(&format!(", {} not", summary.puzzles - rated as u64));
    }
    if rated == 0 {
        return text;
    }
    let shares: Vec<String> = bands
        .iter()
        .zip(per_band)
        .map(|(name, scores)| format!("{name} {} ({:.1}%)", scores.len(), 100.0 * scores.len() as f64 / rated as f64))
        .collect();
    let (what, score) = match scale {
        ScaleArg::Propagation => ("levels", "score"),
        ScaleArg::Se => ("se bands", "er"),
    };
    text.push_str(&format!("\n{what}: {}", shares.join(", ")));
    let mut scores: Vec<f64> = per_band.iter().flatten().copied().collect();
    scores.sort_by(f64::total_cmp);
    let q = |p: f64| scores[((p * scores.len() as f64).ceil() as usize).clamp(1, scores.len()) - 1];
    let mean = scores.iter().sum::<f64>() / scores.len() as f64;
    text.push_str(&format!(
        "\n{score}: mean {mean:.2}, median {:.2}, p90 {:.2}, max {:.2}",
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
    let unrated = |why: Unrated| match why {
        Unrated::NoSolution => {
            let message = format!("{}: no solution", item.location);
            failed(Exit::NoSolution, "unsolvable".into(), message)
        }
        Unrated::Stopped(reason) => {
            let message = format!("{}: {} before a rating", item.location, crate::output::stopped_words(reason));
            failed(Exit::NoSolution, "stopped".into(), message)
        }
    };
    if args.scale == ScaleArg::Se {
        // The SE scale needs only to know the solution unique: one search counting to two.
        return match rater.count_solutions(&puzzle, &limits) {
            Ok(0) => unrated(Unrated::NoSolution),
            Ok(solutions) => {
                let budget = args.se_budget.unwrap_or(coverlab_techniques::se::NESTED_BUDGET);
                let location = item.location.to_string();
                se(&puzzle, index, &location, solutions == 1, budget, json, &failed)
            }
            Err(why) => unrated(why),
        };
    }
    let rating = match rater.rate(&puzzle, &limits) {
        Ok(rating) => rating,
        Err(why) => return unrated(why),
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
    (format!("{text}\n").into_bytes(), Record::Rated { band: rating.level as usize, score: rating.score })
}

/// Whether `puzzle` is a classic 9×9 sudoku: 3×3 boxes, the 27 houses and nothing else.
fn is_classic_9x9(puzzle: &coverlab_model::Puzzle) -> bool {
    let model = puzzle.model();
    model.size() == 9
        && model.boxes() == Some((3, 3))
        && model.houses().len() == 27
        && model.houses().iter().all(|u| matches!(u.kind, UnitKind::Row | UnitKind::Column | UnitKind::Box))
        && model.groups().is_empty()
        && model.constraints().is_empty()
}

/// The `--scale se` line of a puzzle whose solutions were counted (`unique`: exactly one);
/// `budget`: the nested searches level 4 may run (`se::NESTED_BUDGET` but in tests).
#[allow(clippy::too_many_arguments)]
fn se(
    puzzle: &coverlab_model::Puzzle,
    index: usize,
    location: &str,
    unique: bool,
    budget: u32,
    json: bool,
    failed: &dyn Fn(Exit, String, String) -> (Vec<u8>, Record),
) -> (Vec<u8>, Record) {
    use coverlab_techniques::se::{SeRating, band, rate_within};
    if !is_classic_9x9(puzzle) {
        let model = puzzle.model();
        let marks = !model.constraints().is_empty()
            && model.constraints().iter().all(|c| c.kind == coverlab_model::ConstraintKind::Candidates);
        let message = if marks {
            format!("{location}: the se scale rates from the givens alone and does not read pencil marks yet")
        } else {
            format!(
                "{location}: --scale se rates classic 9x9 sudoku only (Sudoku Explainer's scale), not {}",
                model.name()
            )
        };
        return failed(Exit::Invalid, "invalid".into(), message);
    }
    if !unique {
        let message = format!("{location}: more than one solution; the se scale rates puzzles with exactly one");
        return failed(Exit::Invalid, "not-unique".into(), message);
    }
    let se = match rate_within(puzzle.givens().values(), budget, |_| {}) {
        Ok(se) => se,
        Err(_) => return failed(Exit::NoSolution, "unsolvable".into(), format!("{location}: no solution")),
    };
    if se.er == SeRating::BEYOND {
        // SE writes 20.0 when its techniques run out; here that means a search past its budget
        // (or a technique not reproduced), where serate would give a real rating: no figure
        // rather than a wrong one.
        let message = if se.hardest == SeRating::OVER_BUDGET {
            format!(
                "{location}: not rated: SE's last nesting level (dynamic forcing chains inside dynamic \
                 chains, ER 10.5 and up) ran past its budget of {budget} nested searches"
            )
        } else {
            format!("{location}: not rated: the puzzle needs a technique the se scale does not reproduce")
        };
        return failed(Exit::NoSolution, "unrated".into(), message);
    }
    let show = SeRating::show;
    let text = if json {
        json!({
            "index": index,
            "status": "rated",
            "scale": "se",
            "er": se.er as f64 / 10.0,
            "ep": se.ep as f64 / 10.0,
            "ed": se.ed as f64 / 10.0,
            "hardest": se.hardest,
            "steps": se.steps,
        })
        .to_string()
    } else {
        format!("{}/{}/{}", show(se.er), show(se.ep), show(se.ed))
    };
    (format!("{text}\n").into_bytes(), Record::Rated { band: band(se.er), score: se.er as f64 / 10.0 })
}
