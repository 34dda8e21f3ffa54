//! `coverlab generate`: unique puzzles for any spec (the work is in `crates/generate`).

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use coverlab_engine::{Limits, NullSink, Strategy};
use coverlab_formats::{OutputFormat, write, write_boxed};
use coverlab_generate::{
    Failure, FillError, Generated, Generator, Layout, Level, RatingRange, Request, Target, Worker,
};
use coverlab_model::{Model, Puzzle, Rule, builtin, text::file_name};
use serde_json::json;

use crate::cli::{GenerateArgs, GenerateFormatArg};
use crate::dataset::{self, Parts, Recipe, Row};
use crate::input::Reading;
use crate::input::resolve_spec;
use crate::io::Io;
use crate::progress::Progress;
use crate::signals::Interrupt;
use crate::summary::{LogHistogram, Summary};
use crate::{Exit, diag};

/// Without `--clues` or `--minimal`, grids of this size and up keep this share of their cells
/// as givens (per mille) instead of being made minimal: proving a 25×25 minimal takes a
/// uniqueness proof per cell, many of them hard, for puzzles nobody solves by hand anyway.
const LARGE_FROM: usize = 25;
/// The same for random jigsaw layouts, whose minimal puzzles are sparser (a minimal 16×16
/// jigsaw has about 70 givens where a classic one has about 94) and far harder to prove.
const LARGE_JIGSAW_FROM: usize = 16;
const LARGE_GIVENS_PER_MILLE: usize = 600;

/// One puzzle's result, for the exit code and the summary.
struct Record {
    made: bool,
    exit: Exit,
    nanos: u64,
    givens: usize,
    level: Option<Level>,
    error: Option<String>,
    /// Its index and, with `--format parquet`, its row.
    index: u64,
    row: Option<Row>,
}

/// What a thread holds: the generator's searches, and the default strategy that gives each
/// row its guesses and backtracks.
type State = (Worker, Box<dyn Strategy>);

/// Makes `--count` puzzles and writes them in order.
pub fn run(args: GenerateArgs, io: Io) -> Result<Exit> {
    let parquet = args.format == GenerateFormatArg::Parquet;
    let dir = match (&args.output, parquet) {
        (Some(dir), true) => Some(dir.clone()),
        (None, true) => bail!("--format parquet writes a directory of files: name it with --output DIR"),
        (Some(_), false) => bail!("--output is for --format parquet (the other formats go to standard output)"),
        (None, false) => None,
    };
    let rows_given = args.rows_per_file != crate::cli::ROWS_PER_FILE;
    for (flag, on) in [
        ("--no-card", args.no_card),
        ("--card-only", args.card_only),
        ("--techniques", args.techniques),
        ("--rows-per-file", rows_given),
    ] {
        if on && !parquet {
            bail!("{flag} is for --format parquet");
        }
    }
    if let Some(dir) = &dir
        && args.card_only
    {
        let counts = dataset::write_card(dir)?;
        io.notes().echo(&format!(
            "{}: dataset card of {} (index {} to {})",
            file_name(dir),
            coverlab_model::text::count(counts.rows as usize, "puzzle"),
            counts.first,
            counts.end.saturating_sub(1)
        ));
        return Ok(Exit::Ok);
    }
    // Both are bounded by their parsers: no overflow.
    let end = args.start + args.count;
    let layout = match io.given_spec() {
        Some(model) => Layout::Spec(model),
        None => layout(&args)?,
    };
    let target = target(&args, &layout)?;
    let rating = rating_range(&args, &layout, parquet)?;
    super::check_timeout(args.timeout)?;
    let recipe = recipe(&args, &layout, io.given_spec().is_some());
    let mut parts = match &dir {
        Some(dir) => {
            if !args.start.is_multiple_of(args.rows_per_file) {
                bail!(
                    "--start {} is not a multiple of --rows-per-file {}: a share of a set begins a file",
                    args.start,
                    args.rows_per_file
                );
            }
            if !cfg!(feature = "parquet") {
                dataset::write_part(dir, 0, &recipe, 0, 0, &[])?;
            }
            let data = dir.join(dataset::DATA);
            std::fs::create_dir_all(&data).with_context(|| format!("cannot create {}", file_name(&data)))?;
            Some(Parts::new(dir, recipe, args.start, end))
        }
        None => None,
    };
    let mut write_error = None;
    if let Some(dir) = &args.spec_out {
        if !matches!(layout, Layout::RandomJigsaw(_)) {
            bail!("--spec-out writes random jigsaw layouts: use it with --spec jigsaw");
        }
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", file_name(dir)))?;
    }
    let generator = generator(&args, layout, target, rating);
    let interrupt = io.interrupt();
    let notes = io.notes();
    let done = Arc::new(AtomicU64::new(0));
    let mut progress = Progress::new(
        args.progress.mode(),
        Reading { read: done.clone(), total: Some(args.count), terminal: false },
        "puzzles",
    );
    let mut summary = Summary::default();
    let mut times = LogHistogram::default();
    let mut clues = LogHistogram::default();
    let mut levels = [0u64; 4];
    let mut exit = Exit::Ok;
    let mut next = args.start;
    let started = Instant::now();
    let mut out = io.out();
    if args.format == GenerateFormatArg::CsvExtreme {
        out.writer.write_all(dataset::CSV_EXTREME_HEADER.as_bytes())?;
    }
    crate::commands::batch::run(
        out,
        crate::commands::batch::jobs(args.jobs),
        || {
            (next < end).then(|| {
                next += 1;
                next - 1
            })
        },
        || (coverlab_strategies::generation::worker(), coverlab_strategies::registry::default_strategy().build(0)),
        |state: &mut State, index| one(&args, &generator, state, index, &interrupt),
        |mut record: Record| {
            done.fetch_add(1, Ordering::Relaxed);
            if let Some(parts) = &mut parts
                && write_error.is_none()
                && let Err(e) = parts.push(record.index, record.row.take())
            {
                write_error = Some(e);
            }
            exit = exit.max(record.exit);
            summary.puzzles += 1;
            if record.made {
                summary.solved += 1;
                times.add(record.nanos);
                clues.add(record.givens as u64);
                if let Some(level) = record.level {
                    levels[level as usize] += 1;
                }
            } else {
                summary.unsolvable += 1;
            }
            if let Some(error) = &record.error {
                notes.echo(error);
            }
            progress.update(&summary);
        },
        &interrupt,
    )?;
    progress.finish();
    if let Some(e) = write_error {
        return Err(e);
    }
    if args.stats {
        let secs = started.elapsed().as_secs_f64();
        let mut text = format!(
            "{} in {:.2} s: {} made, {} not; {:.0} puzzles/s",
            coverlab_model::text::count(summary.puzzles, "puzzle"),
            secs,
            summary.solved,
            summary.unsolvable,
            summary.solved as f64 / secs.max(1e-9)
        );
        if !times.is_empty() {
            text.push_str(&format!(
                "\ntime per puzzle (one thread): median {:.3} ms, p90 {:.3} ms, max {:.3} ms",
                times.quantile(0.5) / 1e6,
                times.quantile(0.9) / 1e6,
                times.max() as f64 / 1e6
            ));
            text.push_str(&format!(
                "\ngivens: mean {:.1}, median {:.0}, max {}",
                clues.mean(),
                clues.quantile(0.5),
                clues.max()
            ));
        }
        if levels.iter().any(|&l| l > 0) {
            let shown: Vec<String> =
                Level::ALL.iter().zip(levels).map(|(level, k)| format!("{} {k}", level.name())).collect();
            text.push_str(&format!("\nlevels: {}", shown.join(", ")));
        }
        diag::line(&text);
    }
    if let Some(signal) = interrupt.signal() {
        notes.echo(&format!("interrupted: {} written", coverlab_model::text::count(summary.puzzles, "puzzle")));
        return Ok(Exit::Signal(signal));
    }
    if let Some(dir) = &dir
        && !args.no_card
    {
        dataset::write_card(dir)?;
    }
    Ok(exit)
}

/// Makes puzzle `index` of `args` on this thread, with no clock, no signal and no file: its
/// record as `--format` says (with `json`, `"status": "generated"` or `"failed"`, one line). An
/// `Err` is a usage error (a size with no classic spec, a target out of reach). What the web
/// page (`crates/web`) calls.
pub fn one_alone(args: &GenerateArgs, index: u64) -> Result<String> {
    let layout = layout(args)?;
    let target = target(args, &layout)?;
    let rating = rating_range(args, &layout, args.format == GenerateFormatArg::Parquet)?;
    let generator = generator(args, layout, target, rating);
    let mut worker = coverlab_strategies::generation::worker();
    let mut out = Vec::new();
    match generator.generate(&mut worker, index, &Limits::default()) {
        Ok(made) => {
            if matches!(args.format, GenerateFormatArg::Parquet | GenerateFormatArg::CsvExtreme) {
                bail!("the page makes puzzles as line, grid, boxed or json");
            }
            write_made(&mut out, args, &generator, index, &made, 0)
        }
        Err(failure) => {
            let (why, _) = explain(&failure, &generator);
            if args.format == GenerateFormatArg::Json {
                let record = json!({"index": index, "status": "failed", "seed": args.seed, "error": why});
                out.extend_from_slice(record.to_string().as_bytes());
                out.push(b'\n');
            } else {
                out.extend_from_slice(format!("# {index}: not generated: {why}\n").as_bytes());
            }
        }
    }
    Ok(String::from_utf8(out).expect("records are UTF-8"))
}

/// The spec, or random jigsaw layouts, from `--spec` and `--size`.
/// The generator of `args`' request on `layout` for `target`.
fn generator(args: &GenerateArgs, layout: Layout, target: Target, rating: Option<RatingRange>) -> Generator {
    Generator::new(Request {
        layout,
        target,
        symmetry: args.symmetry,
        difficulty: args.difficulty,
        rating,
        seed: args.seed,
        attempts: args.attempts,
    })
}

fn layout(args: &GenerateArgs) -> Result<Layout> {
    let size = args.size.map(|s| s as usize);
    Ok(match (args.spec.as_deref(), size) {
        (Some("jigsaw"), size) => Layout::RandomJigsaw(size.unwrap_or(9)),
        (Some(spec), size) => {
            let model = resolve_spec(spec)?;
            if let Some(size) = size
                && size != model.size()
            {
                let n = model.size();
                bail!("--size {size} does not match spec {} ({n}×{n})", model.name());
            }
            Layout::Spec(model)
        }
        (None, size) => {
            let n = size.unwrap_or(9);
            match builtin::box_shape(n).and_then(|_| builtin::load(&format!("classic-{n}x{n}"))) {
                Some(model) => Layout::Spec(Arc::new(model?)),
                None => bail!(
                    "--size {n}: no classic {n}×{n} spec ({n} is prime: boxes cannot tile the grid); \
                     try --spec jigsaw --size {n}, or a spec file"
                ),
            }
        }
    })
}

/// The clue target from `--full`, `--clues`, `--minimal` and the size; refuses targets known to
/// be out of reach.
fn target(args: &GenerateArgs, layout: &Layout) -> Result<Target> {
    let n = match layout {
        Layout::Spec(model) => model.size(),
        Layout::RandomJigsaw(n) => *n,
    };
    if args.full {
        return Ok(Target::Full);
    }
    if args.minimal {
        return Ok(Target::Minimal);
    }
    let Some(k) = args.clues else {
        let large = if matches!(layout, Layout::RandomJigsaw(_)) { LARGE_JIGSAW_FROM } else { LARGE_FROM };
        return Ok(if n >= large && args.difficulty.is_none() {
            Target::Clues(n * n * LARGE_GIVENS_PER_MILLE / 1000)
        } else {
            Target::ForLevel
        });
    };
    let cells = n * n;
    if k > cells {
        bail!("--clues {k}: a {n}×{n} grid has only {cells} cells");
    }
    if k + 1 < n {
        bail!(
            "--clues {k}: a unique {n}×{n} puzzle needs at least {} givens (with two symbols \
             absent from the givens, swapping them gives a second solution)",
            n - 1
        );
    }
    if let Layout::Spec(model) = layout
        && is_classic_9x9(model)
        && k < 17
    {
        bail!(
            "--clues {k}: no classic 9×9 sudoku with fewer than 17 givens has a unique solution \
             (McGuire, Tugemann and Civario, 2012: an exhaustive search for 16-clue puzzles)"
        );
    }
    Ok(Target::Clues(k))
}

/// The range of `--min-rating` and `--max-rating` on the Sudoku Explainer scale, if either is
/// given; refused for other specs than classic 9×9, an empty range, and datasets (their recipe
/// does not record it yet).
fn rating_range(args: &GenerateArgs, layout: &Layout, parquet: bool) -> Result<Option<RatingRange>> {
    if args.min_rating.is_none() && args.max_rating.is_none() {
        return Ok(None);
    }
    let show = coverlab_techniques::se::SeRating::show;
    let (min, max) = (args.min_rating.unwrap_or(0), args.max_rating.unwrap_or(u32::MAX));
    if !matches!(layout, Layout::Spec(model) if is_classic_9x9(model)) {
        bail!("--min-rating and --max-rating are on the Sudoku Explainer scale, for classic 9x9 sudoku only");
    }
    if min > max {
        bail!("--min-rating {} is above --max-rating {}: no puzzle can be both", show(min), show(max));
    }
    if parquet {
        bail!(
            "--min-rating and --max-rating are not for --format parquet yet (a dataset's recipe does not record them)"
        );
    }
    Ok(Some(RatingRange { rate: se_er, min, max }))
}

/// A puzzle's Sudoku Explainer ER in tenths (`rate --scale se`), if the scale rates it.
fn se_er(puzzle: &Puzzle) -> Option<u32> {
    use coverlab_techniques::se::{SeRating, rate};
    rate(puzzle.givens().values()).ok().map(|r| r.er).filter(|&er| er != SeRating::BEYOND)
}

fn is_classic_9x9(model: &Model) -> bool {
    let rules = &model.spec().rules;
    model.size() == 9
        && rules.len() == 3
        && rules.iter().all(|r| matches!(r, Rule::Rows | Rule::Columns | Rule::Boxes { rows: 3, cols: 3 }))
}

/// Makes puzzle `index` and writes it.
fn one(
    args: &GenerateArgs,
    generator: &Generator,
    (worker, solver): &mut State,
    index: u64,
    interrupt: &Interrupt,
) -> (Vec<u8>, Record) {
    let limits = Limits {
        deadline: super::deadline(args.timeout),
        interrupt: Some(interrupt.flag().clone()),
        ..Limits::default()
    };
    let started = Instant::now();
    let result = generator.generate(worker, index, &limits);
    let nanos = started.elapsed().as_nanos() as u64;
    let mut out = Vec::new();
    match result {
        Ok(made) => {
            let mut error = None;
            if let Some(dir) = &args.spec_out
                && let Err(e) = write_spec(dir, &made.model)
            {
                error = Some(format!("puzzle {index}: {e:#}"));
            }
            let row = match args.format {
                GenerateFormatArg::Parquet | GenerateFormatArg::CsvExtreme => {
                    Some(row(args, generator, index, &made, solver.as_mut()))
                }
                _ => None,
            };
            match (&row, args.format) {
                (Some(row), GenerateFormatArg::CsvExtreme) => out.extend_from_slice(row.csv_extreme().as_bytes()),
                (_, GenerateFormatArg::Parquet) => {}
                _ => write_made(&mut out, args, generator, index, &made, nanos),
            }
            let record = Record {
                made: true,
                exit: if error.is_some() { Exit::Invalid } else { Exit::Ok },
                nanos,
                givens: made.givens.filled(),
                level: made.rating.as_ref().map(|r| r.level),
                error,
                index,
                row: row.filter(|_| args.format == GenerateFormatArg::Parquet),
            };
            (out, record)
        }
        Err(failure) => {
            let (why, exit) = explain(&failure, generator);
            if args.format == GenerateFormatArg::Json {
                let record = json!({"index": index, "status": "failed", "seed": args.seed, "error": why});
                out.extend_from_slice(record.to_string().as_bytes());
                out.push(b'\n');
            } else if matches!(
                args.format,
                GenerateFormatArg::Line | GenerateFormatArg::Grid | GenerateFormatArg::Boxed
            ) {
                out.extend_from_slice(format!("# {index}: not generated\n").as_bytes());
            }
            let error = Some(format!("puzzle {index}: {why}"));
            (out, Record { made: false, exit, nanos, givens: 0, level: None, error, index, row: None })
        }
    }
}

/// What went wrong, in a sentence, and the exit code it calls for.
fn explain(failure: &Failure, generator: &Generator) -> (String, Exit) {
    let request = generator.request();
    match failure {
        Failure::Fill(FillError::NoGrid) => {
            ("the spec has no full grid: its rules contradict each other".into(), Exit::Invalid)
        }
        Failure::Fill(FillError::TooHard) => {
            ("no full grid found within the search budget (the spec may have none)".into(), Exit::NoSolution)
        }
        Failure::Stopped(reason) | Failure::Fill(FillError::Stopped(reason)) => {
            let why = crate::output::stopped_words(*reason).to_string();
            (why, Exit::NoSolution)
        }
        Failure::Unreached { attempts, fewest, levels } => {
            let mut goal = Vec::new();
            if let Target::Clues(k) = request.target {
                goal.push(coverlab_model::text::count(k, "given"));
            }
            if let Some(level) = request.difficulty {
                goal.push(format!("level {}", level.name()));
            }
            if let Some(range) = request.rating {
                let show = coverlab_techniques::se::SeRating::show;
                goal.push(match (range.min, range.max) {
                    (0, u32::MAX) => "an SE rating".to_string(),
                    (min, u32::MAX) => format!("SE rating {} or more", show(min)),
                    (0, max) => format!("SE rating {} or less", show(max)),
                    (min, max) => format!("SE rating {} to {}", show(min), show(max)),
                });
            }
            let seen: Vec<String> = Level::ALL
                .iter()
                .zip(levels)
                .filter(|(_, k)| **k > 0)
                .map(|(level, k)| format!("{} {k}", level.name()))
                .collect();
            let mut why = format!("no grid of {attempts} reached {}", goal.join(" at "));
            if *fewest != usize::MAX {
                why.push_str(&format!(" (fewest givens {fewest}"));
                if !seen.is_empty() {
                    why.push_str(&format!("; levels {}", seen.join(", ")));
                }
                why.push(')');
            }
            why.push_str("; more --attempts may reach it");
            (why, Exit::NoSolution)
        }
    }
}

/// Writes one made puzzle as `--format` says.
fn write_made(out: &mut Vec<u8>, args: &GenerateArgs, generator: &Generator, index: u64, made: &Generated, nanos: u64) {
    let model = &made.model;
    let symbols = model.symbols();
    let line = write(made.givens.values(), symbols, None, OutputFormat::Line);
    let text = match args.format {
        GenerateFormatArg::Line | GenerateFormatArg::Parquet | GenerateFormatArg::CsvExtreme => line,
        GenerateFormatArg::Grid => write(made.givens.values(), symbols, None, OutputFormat::Grid),
        GenerateFormatArg::Boxed => write_boxed(made.givens.values(), symbols, model.regions()),
        GenerateFormatArg::Json => {
            let mut record = json!({
                "index": index,
                "status": "generated",
                "spec": model.name(),
                "seed": args.seed,
                "puzzle": line,
                "solution": write(made.solution.values(), symbols, None, OutputFormat::Line),
                "givens": made.givens.filled(),
                "symmetry": generator.request().symmetry.name(),
                "attempts": made.attempts,
            });
            if let Some(rating) = &made.rating {
                record["level"] = json!(rating.level.name());
                record["score"] = json!((rating.score * 100.0).round() / 100.0);
            }
            if let Layout::RandomJigsaw(_) = generator.request().layout
                && let Some(Rule::Regions(map)) = model.spec().rules.iter().find(|r| matches!(r, Rule::Regions(_)))
            {
                record["regions"] = json!(map);
            }
            if args.stats {
                record["micros"] = json!(nanos / 1000);
            }
            record.to_string()
        }
    };
    out.extend_from_slice(text.as_bytes());
    out.push(b'\n');
}

/// Writes `model`'s spec to `dir/<name>.ron`.
fn write_spec(dir: &Path, model: &Model) -> Result<()> {
    let path = dir.join(format!("{}.ron", model.name()));
    crate::outfile::write(&path, model.spec().to_ron())
}

/// The recipe of a set made by `args` on `layout` (`given`: the spec came from an embedding,
/// not from `--spec`).
fn recipe(args: &GenerateArgs, layout: &Layout, given: bool) -> Recipe {
    // A built-in spec is named; any other (a file, RON text from Python) is written out.
    let builtin_spec =
        |model: &Model| builtin::load(model.name()).and_then(|b| b.ok()).is_some_and(|b| b.spec() == model.spec());
    let spec_ron = match layout {
        Layout::Spec(model) if !builtin_spec(model) => Some(model.spec().to_ron()),
        _ => None,
    };
    let spec = match layout {
        Layout::Spec(model) if given => Some(model.name().to_string()),
        _ => args.spec.clone(),
    };
    Recipe {
        coverlab: env!("CARGO_PKG_VERSION").to_string(),
        spec,
        spec_ron,
        size: args.size,
        seed: args.seed,
        clues: args.clues,
        minimal: args.minimal,
        difficulty: args.difficulty.map(|l| l.name().to_string()),
        symmetry: args.symmetry.name().to_string(),
        full: args.full,
        attempts: args.attempts,
        timeout: args.timeout,
        techniques: args.techniques,
        rows_per_file: args.rows_per_file,
    }
}

/// Whether the request makes minimal puzzles: yes for `--minimal` and for the default target
/// (givens removed while the solution stays unique, none kept back), no for full grids,
/// unknown for a clue count or a level's logic.
fn minimal(request: &coverlab_generate::Request) -> Option<bool> {
    match (request.target, request.difficulty) {
        (Target::Full, _) => Some(false),
        (Target::Minimal, _) => Some(true),
        (Target::ForLevel, None | Some(Level::Expert)) => Some(true),
        _ => None,
    }
}

/// The dataset row of a made puzzle: its rating, the default strategy's counts on it, its
/// canonical form (classic specs) and, with `--techniques`, the techniques that solve it.
fn row(args: &GenerateArgs, generator: &Generator, index: u64, made: &Generated, solver: &mut dyn Strategy) -> Row {
    let model = &made.model;
    let symbols = model.symbols();
    let puzzle = Puzzle::new_unchecked(model.clone(), made.givens.clone());
    let outcome = solver.solve(&puzzle, &super::solve::limits(false, None, None), &mut NullSink);
    let techniques = args.techniques.then(|| {
        let explained = coverlab_techniques::explain_with(
            &puzzle,
            usize::MAX,
            coverlab_techniques::Options { unique: true, ..Default::default() },
        );
        let mut count: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
        for step in &explained.steps {
            *count.entry(step.technique.name()).or_default() += 1;
        }
        if explained.ending != coverlab_techniques::Ending::Solved {
            count.insert("stuck", 1);
        }
        serde_json::to_string(&count).expect("a map of counts is JSON")
    });
    let (level, score) = match &made.rating {
        Some(r) => (r.level.name().to_string(), (r.score * 100.0).round() / 100.0),
        None => (String::new(), 0.0),
    };
    Row {
        index,
        puzzle: write(made.givens.values(), symbols, None, OutputFormat::Line),
        solution: write(made.solution.values(), symbols, None, OutputFormat::Line),
        size: model.size() as u32,
        spec: model.name().to_string(),
        givens: made.givens.filled() as u32,
        minimal: minimal(generator.request()),
        symmetry: generator.request().symmetry.name().to_string(),
        seed: args.seed,
        level,
        score,
        guesses: outcome.stats.guesses,
        backtracks: outcome.stats.backtracks,
        techniques,
        canon: super::canon::form(&mut coverlab_model::canon::Canon::default(), &puzzle).ok(),
    }
}
