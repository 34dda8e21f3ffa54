//! The command line, declared once with clap: help, errors and value checks come from here.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use coverlab_generate::{Level, Symmetry};

/// Solve sudoku-like grid puzzles of any size (4×4 to 64×64, variants included) as exact-cover
/// problems, with interchangeable search strategies.
#[derive(Debug, Parser)]
#[command(name = "coverlab", version, about, max_term_width = 100)]
pub struct Cli {
    /// More logging on stderr: -v info, -vv debug, -vvv trace (RUST_LOG overrides).
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every puzzle of the inputs, one result per puzzle, in input order.
    #[command(
        after_help = "Examples:\n  coverlab solve examples/puzzles/classic-9x9.txt\n  coverlab solve --format boxed --spec killer-9x9-example examples/puzzles/killer-9x9.txt"
    )]
    Solve(SolveArgs),
    /// Count the solutions of every puzzle (the same as `solve --count`).
    #[command(after_help = "Examples:\n  coverlab count --max-solutions 2 examples/puzzles/classic-9x9.txt")]
    Count(SolveArgs),
    /// Make unique puzzles for any spec: random full grids, givens removed under a uniqueness
    /// check, with a symmetry, a clue target or a difficulty; random jigsaw layouts too.
    #[command(
        after_help = "Examples:\n  coverlab generate -n 5 --symmetry rot180 --difficulty hard --format boxed\n  coverlab generate --spec jigsaw --size 8 --format json"
    )]
    Generate(GenerateArgs),
    /// Rate every puzzle of the inputs: a difficulty level and score from the propagation it
    /// needs (naked singles, hidden singles, locked candidates) and the guesses beyond it.
    #[command(after_help = "Examples:\n  coverlab rate --stats tests/data/9x9/magictour_top1465_first50.txt")]
    Rate(RateArgs),
    /// Solve every puzzle the way a person does, step by step in words: singles, locked
    /// candidates, the constraints' own reasoning (cage combinations, innies and outies),
    /// subsets and fish, until solved or a guess is needed.
    #[command(after_help = "Examples:\n  coverlab explain examples/puzzles/classic-9x9.txt")]
    Explain(ExplainArgs),
    /// The next step of every puzzle (a partly filled grid: your progress as givens), in words;
    /// `--nudge` says only which technique to look for, and where.
    #[command(
        after_help = "Examples:\n  coverlab hint examples/puzzles/classic-9x9.txt\n  coverlab hint --nudge examples/puzzles/classic-9x9.txt"
    )]
    Hint(HintArgs),
    /// Time strategies on puzzle files and print a markdown table per file.
    #[command(
        after_help = "Examples:\n  coverlab bench --strategies fast,singles --min-seconds 0.2 tests/data/9x9/magictour_top1465_first50.txt"
    )]
    Bench(BenchArgs),
    /// Check puzzle files (format, givens) or a spec file, without solving; with `--spec` and no
    /// files, only the spec is checked.
    #[command(
        after_help = "Examples:\n  coverlab check examples/puzzles/classic-9x9.txt\n  coverlab check --spec killer-9x9-example"
    )]
    Check(CheckArgs),
    /// The canonical form of classic puzzles: the least grid (read row by row, an empty cell
    /// smallest) among the copies the sudoku symmetries make (bands, rows in a band, stacks,
    /// columns in a stack, transposition, relabelling). Copies of one puzzle share it, so it
    /// deduplicates a set.
    #[command(after_help = "Examples:\n  coverlab canon tests/data/9x9/17_clue_first200.txt | sort -u | wc -l")]
    Canon(CanonArgs),
    /// Write a spec's constraint graph (a node per cell, an edge per shared unit) as DOT.
    #[command(after_help = "Examples:\n  coverlab graph --spec jigsaw-9x9 -o jigsaw.dot")]
    Graph(GraphArgs),
    /// Replay a JSON-lines trace on its puzzles and check every step.
    #[command(
        after_help = "Examples:\n  coverlab solve --trace trace.jsonl examples/puzzles/classic-9x9.txt\n  coverlab replay --trace trace.jsonl examples/puzzles/classic-9x9.txt"
    )]
    Replay(ReplayArgs),
    /// Compare two strategies (or two traces) on one puzzle: counts side by side, the first
    /// step where they part, and a diff of their traces.
    #[command(
        after_help = "Examples:\n  coverlab compare tests/data/9x9/magictour_top1465_first50.txt --strategy fast --strategy singles"
    )]
    Compare(CompareArgs),
    /// List the built-in specs.
    #[command(after_help = "Examples:\n  coverlab specs\n  coverlab specs --format json")]
    Specs(ListArgs),
    /// List the registered strategies.
    #[command(after_help = "Examples:\n  coverlab strategies")]
    Strategies(ListArgs),
}

/// Input formats; auto-detected when not given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormatArg {
    /// One puzzle per line, n² symbols, `.` `0` `_` `-` `*` empty.
    Line,
    /// n rows of space-separated numbers or symbols (0 or `.` empty), or of n symbols.
    Grid,
    /// The size n, then n² numbers (0 empty).
    Header,
    /// n rows of n comma-separated numbers.
    Csv,
    /// f-puzzles: JSON, a link or its payload, one per line; each brings its own spec.
    Fpuzzles,
    /// Killers in SudoCue's `3x3::k:…` form or the forum's arrow form, one per line.
    Killer,
    /// Interactive Sudoku Solver constraint strings (`.Cage~10~R1C1~R1C2.~R1C5_4`), one per line;
    /// each brings its own spec.
    Iss,
    /// SudokuPad links (`https://sudokupad.app/…`) or their ids, one per line, read offline:
    /// `fpuz…` and `scl…`/`ctc…` forms; each brings its own spec.
    Sudokupad,
    /// Pencil marks, one grid per line: each cell's n candidates in their places, `.` where
    /// crossed out (729 characters for 9×9, Sudoku Explainer's form); or a grid of candidate
    /// lists (`| 12 458 3 | …`, HoDoKu's print).
    Marks,
}

/// Puzzles per Parquet file when `--rows-per-file` is not given.
pub const ROWS_PER_FILE: u64 = 100_000;

/// Output formats for solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormatArg {
    /// One line per solution, n² symbols.
    Line,
    /// n rows of space-separated symbols.
    Grid,
    /// An ASCII board with box borders.
    Boxed,
    /// One JSON object per puzzle per line, for scripts.
    Json,
}

/// How `generate` writes its puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormatArg {
    /// One line per puzzle, n² symbols.
    Line,
    /// n rows of space-separated symbols.
    Grid,
    /// An ASCII board with box borders.
    Boxed,
    /// One JSON object per puzzle per line, for scripts.
    Json,
    /// Parquet files in `--output`, with a dataset card (docs/datasets.md).
    Parquet,
    /// CSV with sudoku-extreme's columns (`source,question,answer,rating`), the rating being the
    /// default strategy's backtracks.
    CsvExtreme,
}

/// When to show a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProgressArg {
    /// On a terminal, for runs that last more than a second.
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

/// `--progress` and `--quiet`, shared by the commands that run batches.
#[derive(Debug, Args)]
pub struct ProgressOptions {
    /// A progress bar on stderr: `auto` shows it on a terminal once a run has lasted a second.
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressArg,
    /// No progress bar (the same as `--progress never`).
    #[arg(long, short)]
    pub quiet: bool,
}

impl ProgressOptions {
    /// When to show the bar: `--quiet` wins over `--progress`.
    pub fn mode(&self) -> ProgressArg {
        if self.quiet { ProgressArg::Never } else { self.progress }
    }
}

/// When to use terminal styles (bold givens in boxed boards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Trace formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TraceFormatArg {
    /// One JSON object per event per line, with the puzzle's index.
    Json,
    /// One readable event per line, like `guess d2 r3c4=7 (1/3)`.
    Text,
    /// A self-contained HTML page that plays the search step by step on a drawn grid (one
    /// run per puzzle; open it in a browser).
    Html,
}

/// Where puzzles come from: shared by `solve`, `count`, `check` and `replay`.
#[derive(Debug, Args)]
pub struct PuzzleInput {
    /// Puzzle files; standard input when none or `-`. A puzzle can also be pasted as the
    /// argument itself: an f-puzzles link (`https://f-puzzles.com/?load=…`), a killer in one of
    /// its text forms, an ISS constraint string, or one puzzle line.
    pub files: Vec<PathBuf>,
    /// The spec: a built-in name (see `coverlab specs`) or a RON file. Default: the classic spec
    /// for the puzzle's cell count (81 → classic-9x9, 256 → classic-16x16, …).
    #[arg(long, value_name = "NAME|PATH")]
    pub spec: Option<String>,
    /// The input format.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub input_format: Option<InputFormatArg>,
}

/// Arguments of `solve` and `count`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzles.
    #[command(flatten)]
    pub input: PuzzleInput,
    /// The strategy (see `coverlab strategies`): a name or a preset, with options if wanted,
    /// like `fast(hidden: false, gac_from: 1)`. Default: auto, the fastest for every spec.
    #[arg(long, value_name = "NAME[(OPTIONS)]")]
    pub strategy: Option<String>,
    /// Seed for strategies that randomise their search.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How solutions are written.
    #[arg(long, value_enum, default_value = "line")]
    pub format: OutputFormatArg,
    /// Count solutions (up to --max-solutions) instead of printing them.
    #[arg(long)]
    pub count: bool,
    /// Solve: print up to N solutions per puzzle (at most 10000). Count: stop counting at N
    /// (default: no cap, count them all).
    #[arg(long, value_name = "N", value_parser = positive::<u64>)]
    pub max_solutions: Option<u64>,
    /// Give up on a puzzle after this many seconds.
    #[arg(long, allow_negative_numbers = true, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Give up on a puzzle after this many search nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// A summary on stderr at the end: counts per status, time per puzzle (median, p90, p99,
    /// max), the slowest puzzles; and each puzzle's time in its JSON record (per-puzzle lines on
    /// stderr with -v).
    #[arg(long)]
    pub stats: bool,
    /// Write the run's summary to FILE as one JSON object: the `--stats` figures, the totals,
    /// and everything needed to reproduce the run (version, strategy, options, inputs).
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,
    /// Plot the distribution of solve times (log scale) and of guesses per puzzle to FILE (SVG).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// The progress bar.
    #[command(flatten)]
    pub progress: ProgressOptions,
    /// Givens in bold in `boxed` boards: `auto` on a terminal (unless NO_COLOR is set).
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// Puzzles solved in parallel; results stay in input order. Default and most: the number of
    /// cores (more threads would only share them). Given for more threads than there are
    /// puzzles, that many threads (at most one per core, and 8) race on each puzzle instead
    /// (auto, sat and fast-sat run differently configured CaDiCaL copies on hard large grids); a
    /// puzzle with several solutions may then show a different one from run to run.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// Write every search step of every puzzle to FILE (puzzles are then solved in order, one at a time).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Stop writing the trace at this size, ending it with a `cut` marker (`replay` checks the
    /// steps before it). Suffixes K, M, G (powers of 1024); 0 for no limit.
    #[arg(long, value_name = "BYTES", default_value = "100M", value_parser = parse_bytes)]
    pub trace_limit: u64,
    /// In the trace, each decision says why it branched where it did: the strategy's rule, the
    /// chosen cell's key under it, and the next best cells with theirs.
    #[arg(long, requires = "trace")]
    pub trace_choices: bool,
    /// The trace's format.
    #[arg(long, value_enum, default_value = "json")]
    pub trace_format: TraceFormatArg,
}

/// Arguments of `generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The spec: a built-in name (see `coverlab specs`), a RON file, or `jigsaw` for a new
    /// random jigsaw layout per puzzle (of `--size`). Default: classic 9×9, or the classic spec
    /// of `--size`.
    #[arg(long, value_name = "NAME|PATH|jigsaw")]
    pub spec: Option<String>,
    /// The grid size, for `--spec jigsaw` (default 9) or for the classic spec of that size.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..=64))]
    pub size: Option<u64>,
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub count: u64,
    /// The seed: the same seed and options give the same puzzles, whatever `--jobs` is.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Keep at most K givens (exactly K without a symmetry; one orbit fewer may be needed with
    /// one). A target no grid reaches within `--attempts` is reported, never looped on.
    #[arg(long, value_name = "K", conflicts_with_all = ["minimal", "full"])]
    pub clues: Option<usize>,
    /// Remove givens until none (no orbit, with a symmetry) can go without a second solution.
    /// The default without `--clues` up to 16×16 (12×12 for random jigsaws; 60% givens above),
    /// and without `--difficulty` below expert, which removes givens while the puzzle stays at
    /// its level.
    #[arg(long, conflicts_with = "full")]
    pub minimal: bool,
    /// Only puzzles of this level (see `coverlab rate`): grids are drawn until one is.
    #[arg(long, conflicts_with = "full", value_parser = difficulty())]
    pub difficulty: Option<Level>,
    /// Only puzzles whose Sudoku Explainer rating (ER, as `rate --scale se` gives it) is at
    /// least X (classic 9×9 only): grids are drawn until one is, within `--attempts`.
    #[arg(long, value_name = "X", conflicts_with = "full", value_parser = se_rating)]
    pub min_rating: Option<u32>,
    /// Only puzzles whose ER is at most Y (see `--min-rating`).
    #[arg(long, value_name = "Y", conflicts_with = "full", value_parser = se_rating)]
    pub max_rating: Option<u32>,
    /// Keep the givens' positions symmetric: givens are removed an orbit at a time.
    #[arg(long, default_value = "none", value_parser = symmetry())]
    pub symmetry: Symmetry,
    /// Full solution grids only, no givens removed.
    #[arg(long)]
    pub full: bool,
    /// Full grids tried per puzzle before its target is declared out of reach.
    #[arg(long, value_name = "N", default_value_t = coverlab_generate::DEFAULT_ATTEMPTS, value_parser = positive::<u32>)]
    pub attempts: u32,
    /// How puzzles are written; `json` adds the solution, the rating and, for random jigsaws,
    /// the region map; `parquet` writes a dataset into `--output` (docs/datasets.md).
    #[arg(long, value_enum, default_value = "line")]
    pub format: GenerateFormatArg,
    /// The index of the first puzzle: `--start 1000 -n 500` makes puzzles 1000 to 1499 of the
    /// seed, the same as a run from 0 makes them (a share of a set, for a run across machines).
    #[arg(long, default_value_t = 0, value_name = "INDEX", value_parser = clap::value_parser!(u64).range(0..=1_000_000_000_000))]
    pub start: u64,
    /// With `--format parquet`: the directory the Parquet files and the dataset card go into
    /// (made if missing).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// With `--format parquet`: puzzles per file; file K (`part-0000K.parquet`) holds the
    /// puzzles of index K×N to K×N+N−1, whatever `--start` and `-n` are.
    #[arg(long, value_name = "N", default_value_t = ROWS_PER_FILE, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub rows_per_file: u64,
    /// With `--format parquet`: the histogram of the human techniques (`explain`) that solve each
    /// puzzle, as a JSON column; about 3 ms of CPU per 9×9 puzzle, ten times the making.
    #[arg(long)]
    pub techniques: bool,
    /// With `--format parquet`: write the files only, not the dataset card (runs that each make a
    /// share of a set; `--card-only` writes it once all are done).
    #[arg(long, conflicts_with = "card_only")]
    pub no_card: bool,
    /// With `--format parquet`: make nothing; write the dataset card (`dataset.json`,
    /// `README.md`) of the Parquet files already in `--output`.
    #[arg(long)]
    pub card_only: bool,
    /// Write each random jigsaw layout as a spec file in DIR (`DIR/<spec name>.ron`), to solve
    /// its puzzle with `--spec`.
    #[arg(long, value_name = "DIR")]
    pub spec_out: Option<PathBuf>,
    /// Give up on a puzzle after this many seconds.
    #[arg(long, allow_negative_numbers = true, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Puzzles made in parallel (default and most: the number of cores); the output is the same
    /// for every N.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// A summary on stderr at the end: puzzles per second, time per puzzle, givens and levels.
    #[arg(long)]
    pub stats: bool,
    /// The progress bar.
    #[command(flatten)]
    pub progress: ProgressOptions,
}

/// Arguments of `rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// The puzzles.
    #[command(flatten)]
    pub input: PuzzleInput,
    /// How ratings are written: `line` is `score level` per puzzle, `json` one object per
    /// puzzle with the counts behind the rating.
    #[arg(long, value_enum, default_value = "line")]
    pub format: RateFormatArg,
    /// The scale: `propagation` (levels by the propagation that solves the puzzle, scores by
    /// the guesses beyond it) or `se` (Sudoku Explainer's ER/EP/ED, classic 9×9 only).
    #[arg(long, value_enum, default_value = "propagation")]
    pub scale: ScaleArg,
    /// Give up on a puzzle after this many seconds.
    #[arg(long, allow_negative_numbers = true, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Puzzles rated in parallel (default and most: the number of cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// The distribution of levels and scores on stderr at the end.
    #[arg(long)]
    pub stats: bool,
    /// For tests only (hidden): the budget of nested searches of the se scale's level 4, in
    /// place of `se::NESTED_BUDGET`, so that a test reaches the "past the budget" path quickly
    /// and in the same way on every machine (a count, not a clock).
    #[arg(long, hide = true, value_name = "N")]
    pub se_budget: Option<u32>,
    /// The progress bar.
    #[command(flatten)]
    pub progress: ProgressOptions,
}

/// Arguments of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The puzzles.
    #[command(flatten)]
    pub input: PuzzleInput,
    /// `text`: numbered steps, one sentence each, then how it ended; `json`: one object per
    /// puzzle (its steps with their placements and eliminations, the ending, the grid).
    #[arg(long, value_enum, default_value = "text")]
    pub format: ExplainFormatArg,
    /// Stop a puzzle's explanation after this many steps.
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub max_steps: usize,
    /// Never count the solutions of a puzzle the techniques get stuck on or need a forcing chain
    /// for (up to 2, within
    /// 4,000,000 / cells search nodes: 49,382 on 9×9): without a count that finds exactly one, the techniques that hold
    /// only on a puzzle with one solution (unique rectangles, BUG+1) are not used.
    #[arg(long)]
    pub no_uniqueness: bool,
    /// The techniques it may use.
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// List the techniques in the order they are tried, one line each, and exit.
    #[arg(long)]
    pub list_techniques: bool,
    /// Also write FILE: a self-contained HTML page that shows each puzzle's steps on its drawn
    /// board, one at a time, with what the step places, rules out and rests on highlighted
    /// (open it in a browser).
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
    /// Puzzles explained in parallel (default and most: the number of cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
}

/// Which techniques `explain` and `hint` may use.
#[derive(Debug, Args, Clone, Default)]
pub struct TechniqueArgs {
    /// Use only these techniques (comma-separated, as `explain --list-techniques` names them:
    /// `naked-single,hidden-single,locked-candidates`); the others are turned off.
    #[arg(long, value_delimiter = ',', value_name = "LIST")]
    pub techniques: Option<Vec<String>>,
    /// Turn a technique off (as `explain --list-techniques` names it); repeat for several.
    #[arg(long = "no-technique", value_name = "NAME")]
    pub no_technique: Vec<String>,
}

/// Arguments of `hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzles.
    #[command(flatten)]
    pub input: PuzzleInput,
    /// `text`: the hint as one line per puzzle; `json`: one object per puzzle, with the step.
    #[arg(long, value_enum, default_value = "text")]
    pub format: ExplainFormatArg,
    /// Only the technique and where to look (`look for a hidden single in box 3`), not what it
    /// finds; for a wrong entry, only the box holding one.
    #[arg(long)]
    pub nudge: bool,
    /// The puzzle as it was set (a file holding one puzzle, or the puzzle pasted): each puzzle
    /// read is then your progress on it, and an entry that is not the puzzle's solution is named
    /// (`r1c1 is wrong`) instead of a hint on a grid that can no longer be finished. Its spec is
    /// the progress's unless --spec is given.
    #[arg(long, value_name = "FILE|PUZZLE")]
    pub puzzle: Option<PathBuf>,
    /// The techniques it may use.
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// Puzzles done in parallel (default and most: the number of cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
}

/// Arguments of `canon`.
#[derive(Debug, Args)]
pub struct CanonArgs {
    /// The puzzles (classic specs: rows, columns and boxes).
    #[command(flatten)]
    pub input: PuzzleInput,
    /// `line`: the form in the puzzle's line form; `json`: one object per puzzle.
    #[arg(long, value_enum, default_value = "line")]
    pub format: CanonFormatArg,
    /// Puzzles done in parallel (default and most: the number of cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
}

/// Output formats of `canon`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CanonFormatArg {
    /// The canonical form as a puzzle line.
    Line,
    /// One JSON object per puzzle per line.
    Json,
}

/// Output formats of `explain` and `hint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormatArg {
    /// Sentences.
    Text,
    /// One JSON object per puzzle per line.
    Json,
}

/// Rating scales of `rate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScaleArg {
    /// Levels by the propagation that solves the puzzle, scores by the guesses beyond it.
    Propagation,
    /// Sudoku Explainer's rating (serate's ER/EP/ED), for classic 9×9 puzzles.
    Se,
}

/// Output formats of `rate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RateFormatArg {
    /// `score level`, one line per puzzle.
    Line,
    /// One JSON object per puzzle per line.
    Json,
}

/// Arguments of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files, one puzzle per line (or any readable format).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Comma-separated strategies to compare, with options if wanted:
    /// `fast,fast(gac_from: 1),mrv`. Default: every registered strategy (presets aside).
    #[arg(long, value_name = "A,B,…")]
    pub strategies: Option<String>,
    /// Count solutions up to this many: 1 solves, 2 also proves uniqueness.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=2))]
    pub limit: u64,
    /// Repeat each file until this many seconds have passed.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1.0, value_name = "S")]
    pub min_seconds: f64,
    /// Give up on a puzzle after this many seconds (counted as a timeout).
    #[arg(long, allow_negative_numbers = true, default_value_t = 10.0, value_name = "SECS")]
    pub timeout: f64,
    /// Stop each solve after this many search nodes: the same puzzles stop at the same place on
    /// every run and machine, counted as node-limited (apart from timeouts).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Spend at most this many seconds per strategy and file: once a strategy has spent them on
    /// a file, its remaining puzzles are not timed and its row is marked partial.
    #[arg(long, allow_negative_numbers = true, value_name = "SECS")]
    pub budget: Option<f64>,
    /// The spec, when not the classic one for the cell count.
    #[arg(long, value_name = "NAME|PATH")]
    pub spec: Option<String>,
    /// Time at most this many puzzles per file (the first ones): bench holds them in memory.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_puzzles: usize,
    /// How results are written: a markdown table per file, or one JSON document or CSV table
    /// for the whole run (one row per file and strategy, with every puzzle's time) to store.
    #[arg(long, value_enum, default_value = "markdown")]
    pub format: BenchFormat,
    /// Add a column with each strategy's throughput as a ratio to this one's, in the same run.
    #[arg(long, value_name = "STRATEGY")]
    pub baseline: Option<String>,
    /// Compare with a run stored with `--format json`: each row's throughput as a ratio to the
    /// stored row, flagged when it moved by more than `--noise`.
    #[arg(long, value_name = "OLD.json")]
    pub compare: Option<PathBuf>,
    /// The run-to-run noise, in percent: a move within it is not flagged.
    #[arg(long, allow_negative_numbers = true, value_name = "PCT", default_value_t = 15.0)]
    pub noise: f64,
    /// Plot, per file, the puzzles each strategy solves within t (SVG); with several files,
    /// FILE gets the file's number before `.svg`.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Threads racing on each puzzle, for portfolio strategies (auto, sat, fast-sat); times are
    /// then wall times.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=8))]
    pub jobs: u64,
}

/// Formats of `bench` results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    /// A markdown table per file.
    Markdown,
    /// One JSON document: the settings and a row per file and strategy.
    Json,
    /// One CSV table: a row per file and strategy.
    Csv,
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzles (with `--spec` and no files, only the spec is checked).
    #[command(flatten)]
    pub input: PuzzleInput,
    /// For puzzles that bring their own spec (f-puzzles): write each spec to `DIR/<name>.ron` and
    /// print `DIR/<name>.ron : <puzzle line>` for each puzzle, to keep them as RON files.
    #[arg(long, value_name = "DIR")]
    pub spec_out: Option<std::path::PathBuf>,
    /// Problems, one per line (for people), or one JSON record per puzzle (for scripts).
    #[arg(long, value_enum, default_value = "text")]
    pub format: CheckFormatArg,
}

/// Output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormatArg {
    /// Each problem on a line; what each puzzle holds on stderr.
    Text,
    /// One JSON record per puzzle, in input order.
    Json,
}

/// Arguments of `graph`.
#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The spec (built-in name or RON file).
    #[arg(long, value_name = "NAME|PATH", required = true)]
    pub spec: String,
    /// Write to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Arguments of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The JSON-lines trace written by `solve --trace FILE`.
    #[arg(long, value_name = "FILE")]
    pub trace: PathBuf,
    /// The puzzles the trace was made from, with the spec given to `solve`.
    #[command(flatten)]
    pub input: PuzzleInput,
}

/// Arguments of `compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The puzzle: a file (its first puzzle, or `--index`), or the puzzle itself as a line.
    pub puzzle: String,
    /// The puzzle's position in the file, from 0.
    #[arg(long, default_value_t = 0)]
    pub index: usize,
    /// The spec (built-in name or RON file), when not the classic one for the cell count.
    #[arg(long, value_name = "NAME|PATH")]
    pub spec: Option<String>,
    /// The two strategies, with options if wanted (give the flag twice).
    #[arg(long, value_name = "NAME[(OPTIONS)]", num_args = 1)]
    pub strategy: Vec<String>,
    /// Or two JSON-lines traces of the puzzle (`solve --trace`), instead of strategies.
    #[arg(long, value_name = "FILE", num_args = 1, conflicts_with = "strategy")]
    pub trace: Vec<PathBuf>,
    /// Count up to this many solutions.
    #[arg(long, default_value_t = 2, value_parser = positive::<u64>)]
    pub max_solutions: u64,
    /// Compare at most this many events of each trace (at most 1,000,000).
    #[arg(long, default_value_t = 20_000, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000).map(|n| n as usize))]
    pub max_events: usize,
    /// Stop each search after this many seconds (the two run side by side, so compare ends
    /// within about SECS).
    #[arg(long, allow_negative_numbers = true, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Stop each search after this many search nodes (the same place on every run).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Seed for seeded strategies.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Lines of context around the first difference, and in the diff.
    #[arg(long, default_value_t = 4)]
    pub context: usize,
    /// Also print the whole diff of the two traces (unified, `-` for the first, `+` the second).
    #[arg(long)]
    pub diff: bool,
    /// Also write FILE: a self-contained HTML page that plays the two searches side by side on
    /// drawn grids, step by step (open it in a browser).
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
}

/// Arguments of the listing commands.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// A readable table, or a JSON list of objects.
    #[arg(long, value_enum, default_value = "table")]
    pub format: ListFormat,
}

/// Listing formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// Aligned columns.
    Table,
    /// A JSON list of objects.
    Json,
}

/// A `--difficulty`: a level of the rating scale, by name.
fn difficulty() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(Level::name)).map(|name| Level::from_name(&name).expect("a listed name"))
}

/// A `--min-rating` or `--max-rating`: an ER from 1.0 to 20.0, kept in tenths.
fn se_rating(text: &str) -> Result<u32, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if (1.0..=20.0).contains(&x) => Ok((x * 10.0).round() as u32),
        _ => Err(format!("{text:?} is not a Sudoku Explainer rating (1.0 to 20.0, e.g. 7.5)")),
    }
}

/// A `--symmetry`, by name.
fn symmetry() -> impl TypedValueParser<Value = Symmetry> {
    PossibleValuesParser::new(Symmetry::ALL.map(Symmetry::name))
        .map(|name| Symmetry::from_name(&name).expect("a listed name"))
}

/// A whole number of at least 1 (a count or a limit), with a message that says so: clap's own
/// range check would name the type's maximum as the bound, which no command means.
fn positive<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    let n: u64 = text.trim().parse().map_err(|_| format!("{text:?} is not a whole number"))?;
    if n == 0 {
        return Err("it must be at least 1".into());
    }
    T::try_from(n).map_err(|_| format!("{n} is too large"))
}

/// A size in bytes: a number with an optional K, M or G suffix (powers of 1024).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&text[..i], c.to_ascii_uppercase()),
        _ => (text, 'B'),
    };
    let shift = match unit {
        'B' => 0,
        'K' => 10,
        'M' => 20,
        'G' => 30,
        _ => return Err(format!("unknown unit {unit:?} (expected K, M or G)")),
    };
    let number: u64 = digits.parse().map_err(|_| format!("{text:?} is not a size (a number, then K, M or G)"))?;
    number.checked_mul(1 << shift).ok_or_else(|| format!("{text} is too large"))
}
