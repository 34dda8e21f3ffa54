//! Reading puzzles from files and standard input, and resolving specs.

use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result, bail};
use coverlab_formats::{InputFormat, Reader};
use coverlab_model::text::file_name;
use coverlab_model::validate::find_conflict_written;
use coverlab_model::{Grid, Model, Puzzle, builtin};
use serde::{Serialize, Serializer};

use crate::cli::{InputFormatArg, PuzzleInput};
use crate::diag::Notes;

/// Said on stderr before puzzles are read from a terminal, which would otherwise wait in silence.
pub const TERMINAL_PROMPT: &str =
    "reading puzzles from the terminal: paste them, then Ctrl-D (or name a puzzle file: coverlab solve FILE)";

/// A spec given by name (built-in) or by path (a RON file).
pub fn resolve_spec(arg: &str) -> Result<Arc<Model>> {
    if let Some(loaded) = builtin::load(arg) {
        return Ok(Arc::new(loaded?));
    }
    let path = Path::new(arg);
    let shown = file_name(path);
    if !path.exists() {
        let names = builtin::names();
        let question = coverlab_model::text::did_you_mean(arg, names.iter().map(String::as_str))
            .map_or(String::new(), |q| format!(" ({q})"));
        bail!("unknown spec {shown}: not a built-in spec{question} (see `coverlab specs`) and no such file");
    }
    let text = read_spec_file(path).with_context(|| format!("cannot read spec file {shown}"))?;
    Ok(Arc::new(Model::from_ron(&text, &shown)?))
}

/// Spec files larger than this are refused: real ones are a few kilobytes.
pub const MAX_SPEC_BYTES: u64 = 4 << 20;

/// Reads a spec file, refusing more than [`MAX_SPEC_BYTES`] whatever the file is (a special
/// file such as `/dev/zero` reports no size, so the cap is on what is read) and a directory.
fn read_spec_file(path: &Path) -> Result<String> {
    if path.is_dir() {
        bail!("it is a directory");
    }
    let mut bytes = Vec::new();
    File::open(path)?.take(MAX_SPEC_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SPEC_BYTES {
        bail!("it is larger than {MAX_SPEC_BYTES} bytes, the limit for a spec file");
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(&e.as_bytes()[..at]).into_owned();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        anyhow::anyhow!("line {line}, column {column}: invalid UTF-8 (spec files are UTF-8 text)")
    })
}

/// The spec file a `--spec` names: `None` for a built-in name (which is no file).
pub fn spec_file(spec: &str) -> Option<&Path> {
    builtin::load(spec).is_none().then_some(Path::new(spec))
}

impl PuzzleInput {
    /// The files the run reads: the puzzle files (`-`, standard input, when none is named) and
    /// the spec file; what no output may overwrite ([`crate::outfile::check`]).
    pub fn paths(&self) -> Vec<&Path> {
        let spec = self.spec.as_deref().and_then(spec_file);
        let stdin = self.files.is_empty().then_some(Path::new("-"));
        self.files.iter().map(PathBuf::as_path).chain(stdin).chain(spec).collect()
    }

    /// The spec named by `--spec`, if any.
    pub fn spec(&self) -> Result<Option<Arc<Model>>> {
        self.spec.as_deref().map(resolve_spec).transpose()
    }

    /// Opens the inputs, with `spec` forced when given.
    pub fn open(&self, spec: Option<Arc<Model>>) -> Puzzles {
        Puzzles::open(&self.files, self.format(), spec)
    }

    /// The format `--input-format` forces, if any.
    pub fn format(&self) -> Option<InputFormat> {
        self.input_format.map(|f| match f {
            InputFormatArg::Line => InputFormat::Line,
            InputFormatArg::Grid => InputFormat::Grid,
            InputFormatArg::Header => InputFormat::Header,
            InputFormatArg::Csv => InputFormat::Csv,
            InputFormatArg::Fpuzzles => InputFormat::Fpuzzles,
            InputFormatArg::Killer => InputFormat::Killer,
            InputFormatArg::Iss => InputFormat::Iss,
            InputFormatArg::Sudokupad => InputFormat::Sudokupad,
            InputFormatArg::Marks => InputFormat::Marks,
        })
    }
}

/// Where the input stands: bytes read of the total, when the total is known (for the progress
/// bar).
#[derive(Debug, Clone, Default)]
pub struct Reading {
    /// Bytes read so far from the inputs.
    pub read: Arc<AtomicU64>,
    /// The inputs' total size, when every input is a regular file.
    pub total: Option<u64>,
    /// Standard input is read and is a terminal: no bar, which would draw over what is typed.
    pub terminal: bool,
}

/// Where a puzzle starts: shown as `file:line` (the name quoted when it needs it, see
/// [`file_name`]), serialized as the plain `file:line` for scripts.
#[derive(Debug, Clone)]
pub struct Location {
    input: Arc<InputName>,
    line: usize,
}

/// An input's name, as given, as shown in messages, and as a JSON string's content.
#[derive(Debug)]
struct InputName {
    raw: String,
    shown: String,
    json: String,
}

impl InputName {
    fn new(raw: String, shown: String) -> InputName {
        let quoted = serde_json::to_string(&raw).expect("a string serializes");
        let json = quoted[1..quoted.len() - 1].to_string();
        InputName { raw, shown, json }
    }
}

impl Location {
    /// The 1-based line where the puzzle starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// `file:line` as JSON records write it (the file's name as given, unquoted).
    pub fn plain(&self) -> String {
        format!("{}:{}", self.input.raw, self.line)
    }

    /// The input's name as messages show it.
    pub fn input(&self) -> &str {
        &self.input.shown
    }

    /// Appends the location as a JSON string (`"file:line"`), its escaping done once per input.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.push(b'"');
        out.extend_from_slice(self.input.json.as_bytes());
        out.push(b':');
        crate::diag::push_u64(out, self.line as u64);
        out.push(b'"');
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.input.shown, self.line)
    }
}

impl Serialize for Location {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{}:{}", self.input.raw, self.line))
    }
}

/// One puzzle of the input, or what is wrong with it.
pub struct Item {
    /// 0-based position among all puzzles of all inputs.
    pub index: usize,
    /// `file:line` where it starts.
    pub location: Location,
    /// The puzzle, or the message (with its location) saying why it is invalid.
    pub puzzle: Result<Puzzle, String>,
    /// The title line before the puzzle (`Grid 01`), and the comment after it on its line.
    pub title: Option<String>,
    /// The comment after the puzzle on its line (`box duplicate`, `# 17 clues`).
    pub comment: Option<String>,
    /// The drawings read past, which carry no rule ([`coverlab_formats::Parsed::drawings`]).
    pub drawings: Vec<String>,
}

/// What reading the inputs gives next.
pub enum Next {
    /// A puzzle (or a record of why one could not be read): one result each.
    Puzzle(Item),
    /// A problem with a whole input (missing, unreadable, a directory, holding no puzzle): it is
    /// reported and the run goes on with the next input, but it has no puzzle and no record.
    Note(String),
}

/// A reader of one input (a file or standard input).
type Input = Reader<Box<dyn BufRead + Send>>;

/// After this many unreadable puzzles in a row, an input is taken for something other than a
/// puzzle file (a binary file, `/dev/zero`) and the rest of it is skipped, with a note.
pub const MAX_BAD_RUN: usize = 1000;

/// The input being read.
struct Open {
    name: Arc<InputName>,
    reader: Input,
    /// Puzzles read from it (valid or not).
    puzzles: usize,
    /// Unreadable puzzles since the last readable one.
    bad_run: usize,
}

/// Reads the puzzles of every input in order, one [`Item`] per puzzle; a bad puzzle is an item
/// with an error, a bad input is a [`Next::Note`], and reading goes on.
pub struct Puzzles {
    files: std::vec::IntoIter<PathBuf>,
    current: Option<Open>,
    format: Option<InputFormat>,
    spec: Option<Arc<Model>>,
    by_size: BTreeMap<usize, Result<Arc<Model>, String>>,
    /// The last spec a puzzle brought (f-puzzles) and its model: a file of puzzles with one
    /// layout compiles it once.
    own: Option<(coverlab_model::Spec, Arc<Model>)>,
    next_index: usize,
    /// Buffers [`has_conflict`] reuses.
    scratch: Scratch,
    /// Bytes read, of how many (for a progress bar).
    reading: Reading,
    /// Whether clashing givens make a puzzle invalid here, as it is read (see
    /// [`Puzzles::defer_given_checks`]).
    check_givens: bool,
    /// A puzzle read with the default classic spec had fewer than n²/5 givens (16 or fewer at
    /// 9×9, where a unique classic puzzle needs 17: most likely a killer or another variant read
    /// without the `--spec` holding its constraints), and the note saying so was written (once).
    few_givens_noted: bool,
    /// A puzzle carried drawings with no rule (f-puzzles lines, text, shapes), and the note
    /// saying so was written (once a run); `check` lists them per puzzle instead.
    drawings_noted: bool,
    /// Where the advice on puzzles read goes (too few givens, drawings).
    notes: Notes,
}

/// The note for a puzzle with too few givens for the classic spec it was read with: what to do, and the built-in specs of that size with
/// constraints beyond houses (cages, arrows, …), the likely candidates.
fn few_givens_note(location: &Location, n: usize) -> String {
    let candidates: Vec<&str> = builtin::FILES
        .iter()
        .filter(|(name, _)| {
            builtin::load(name).and_then(Result::ok).is_some_and(|m| m.size() == n && !m.constraints().is_empty())
        })
        .map(|(name, _)| *name)
        .collect();
    let likely = match candidates.as_slice() {
        [] => String::new(),
        names => format!("; built-in specs of {n}×{n} with constraints beyond houses: {}", names.join(", ")),
    };
    format!(
        "{location}: this puzzle has few or no givens (fewer than n²/5), so as a classic sudoku it has many \
         solutions: it probably needs a spec with constraints, given with --spec NAME|FILE (see `coverlab \
         specs`){likely}"
    )
}

/// A file counting the bytes read from it.
struct Counted {
    file: File,
    read: Arc<AtomicU64>,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.file.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// What [`has_conflict`] needs, kept from puzzle to puzzle.
#[derive(Default)]
struct Scratch {
    /// One bit per value seen, per unit.
    seen: Vec<u64>,
    /// The cells holding a given.
    givens: Vec<u16>,
}

/// True when a file argument is a puzzle written out rather than a file's name: an f-puzzles
/// link (its `?load=` payload), a SudokuPad link, a killer in one of its text forms, an ISS
/// constraint string, a line of pencil marks, or one puzzle line of n² cells (4 ≤ n ≤ 64: symbols and the empty marks
/// `.`, `0`, `_`, `-`, `*`). A file of that name is still read as a file.
pub fn is_inline_puzzle(arg: &str) -> bool {
    if arg.contains("?load=")
        || coverlab_formats::sudokupad::looks_like(arg)
        || coverlab_formats::killer::looks_like(arg)
        || coverlab_formats::iss::looks_like(arg)
        || coverlab_formats::marks::looks_like(arg).is_some()
    {
        return true;
    }
    let len = arg.chars().count();
    let n = (len as f64).sqrt().round() as usize;
    let blank = |c: char| c == '0' || coverlab_model::EMPTY_MARKS.contains(&c);
    let empty = arg.chars().filter(|&c| blank(c)).count();
    let symbol = |c: char| {
        if n <= 9 { c.to_digit(10).is_some_and(|d| (1..=n as u32).contains(&d)) } else { c.is_ascii_alphanumeric() }
    };
    // Up to 9×9, n² digits and empty marks are a puzzle however few blanks it has (a nearly
    // finished grid, pasted to check it or for a hint): no file is named so. Larger grids also
    // use letters, and need a row's worth of empty cells (at most 9), so that few names of
    // missing files pass for a puzzle.
    (4..=64).contains(&n)
        && n * n == len
        && arg.chars().all(|c| blank(c) || symbol(c))
        && (n <= 9 || empty >= n.min(9).min(len / 4))
}

impl Puzzles {
    /// No note on the drawings read past: the caller lists them per puzzle (`check`).
    pub fn list_drawings(mut self) -> Puzzles {
        self.drawings_noted = true;
        self
    }

    /// Reads `files` (standard input when empty or `-`), with a forced spec and format if given.
    pub fn open(files: &[PathBuf], format: Option<InputFormat>, spec: Option<Arc<Model>>) -> Puzzles {
        let mut files = files.to_vec();
        if files.is_empty() {
            files.push(PathBuf::from("-"));
        }
        let sizes: Option<Vec<u64>> = files
            .iter()
            .map(|f| std::fs::metadata(f).ok().filter(|m| m.is_file() && f.as_os_str() != "-").map(|m| m.len()))
            .collect();
        let terminal = files.iter().any(|f| f.as_os_str() == "-") && std::io::stdin().is_terminal();
        let reading = Reading { read: Arc::default(), total: sizes.map(|s| s.iter().sum()), terminal };
        Puzzles {
            reading,
            files: files.into_iter(),
            current: None,
            format,
            spec,
            by_size: BTreeMap::new(),
            own: None,
            next_index: 0,
            scratch: Scratch::default(),
            check_givens: true,
            few_givens_noted: false,
            drawings_noted: false,
            notes: Notes::default(),
        }
    }

    /// Reads the puzzles written in `text` itself (a puzzle given as an argument), named
    /// `<argument>` in messages, in `format` (detected when `None`).
    pub fn from_text(text: &str, format: Option<InputFormat>, spec: Option<Arc<Model>>) -> Puzzles {
        let mut puzzles = Puzzles::open(&[], format, spec);
        puzzles.files = Vec::new().into_iter();
        puzzles.reading.terminal = false;
        let name = InputName::new("<argument>".into(), "<argument>".into());
        let input: Box<dyn BufRead + Send> = Box::new(std::io::Cursor::new(text.as_bytes().to_vec()));
        let reader = Reader::new(input, &name.shown, format, puzzles.spec.as_deref());
        puzzles.current = Some(Open { name: Arc::new(name), reader, puzzles: 0, bad_run: 0 });
        puzzles
    }

    /// Advice on the puzzles read (too few givens, drawings) goes to `notes` rather than stderr.
    pub fn with_notes(mut self, notes: Notes) -> Puzzles {
        self.notes = notes;
        self
    }

    /// Leaves clashing givens to the caller: every strategy finds them at its root and answers
    /// "no solution" at once, so a caller that solves can look for the clash (and report the
    /// puzzle invalid) only when a puzzle turns out unsolvable, rather than for every puzzle.
    pub fn defer_given_checks(&mut self) {
        self.check_givens = false;
    }

    /// Bytes read from the inputs so far, of how many.
    pub fn reading(&self) -> Reading {
        self.reading.clone()
    }

    /// The model of a puzzle that brings its own spec (f-puzzles), compiled once per layout.
    fn own_model(&mut self, spec: coverlab_model::Spec) -> Result<Arc<Model>, String> {
        // Pencil marks add their candidates to the forced spec's rules: that is the spec given.
        let extends = |forced: &Model| {
            let base = forced.spec();
            spec.name == base.name && spec.size == base.size && spec.rules.starts_with(&base.rules)
        };
        if let Some(forced) = &self.spec
            && !extends(forced)
        {
            let what = if spec.name.starts_with("fpuzzles") {
                "an f-puzzles puzzle"
            } else if spec.name.starts_with("sudokupad") {
                "a SudokuPad puzzle"
            } else if spec.name.starts_with("iss-") {
                "an ISS puzzle"
            } else {
                "a killer"
            };
            return Err(format!(
                "{what} brings its own rules, so --spec {} is not for it: leave out --spec (it is for \
                 puzzles without rules of their own: line, grid, header, csv)",
                forced.name()
            ));
        }
        if let Some((known, model)) = &self.own
            && *known == spec
        {
            return Ok(model.clone());
        }
        let model = Arc::new(Model::compile(spec.clone()).map_err(|e| format!("its spec: {}", e.message))?);
        self.own = Some((spec, model.clone()));
        Ok(model)
    }

    fn model_for(&mut self, size: usize) -> Result<Arc<Model>, String> {
        if let Some(spec) = &self.spec {
            return Ok(spec.clone());
        }
        self.by_size
            .entry(size)
            .or_insert_with(|| match builtin::for_cell_count(size * size) {
                Some(name) => builtin::load(name)
                    .expect("for_cell_count names a built-in")
                    .map(Arc::new)
                    .map_err(|e| e.to_string()),
                None => Err(format!("no built-in spec for a {size}×{size} grid: name one with --spec")),
            })
            .clone()
    }

    /// Opens the next input: `None` when there is none left, `Some(Err(note))` when it cannot
    /// be read.
    fn advance(&mut self) -> Option<Result<(), String>> {
        let path = self.files.next()?;
        let (name, input): (InputName, Box<dyn BufRead + Send>) = if path.as_os_str() == "-" {
            let name = InputName::new("<stdin>".into(), "<stdin>".into());
            if self.reading.terminal {
                crate::diag!("{TERMINAL_PROMPT}");
            }
            (name, Box::new(BufReader::new(std::io::stdin())))
        } else if let Some(text) = path.to_str().filter(|t| is_inline_puzzle(t) && !path.exists()) {
            // A puzzle pasted as the argument itself (see `is_inline_puzzle`).
            let name = InputName::new("<argument>".into(), "<argument>".into());
            (name, Box::new(std::io::Cursor::new(text.as_bytes().to_vec())))
        } else {
            let name = InputName::new(path.to_string_lossy().into_owned(), file_name(&path));
            if path.is_dir() {
                return Some(Err(format!("{} is a directory, not a puzzle file", name.shown)));
            }
            match File::open(&path) {
                Ok(file) => {
                    let counted = Counted { file, read: self.reading.read.clone() };
                    (name, Box::new(BufReader::with_capacity(64 * 1024, counted)))
                }
                Err(e) => return Some(Err(format!("cannot open {}: {e}", name.shown))),
            }
        };
        let reader = Reader::new(input, &name.shown, self.format, self.spec.as_deref());
        self.current = Some(Open { name: Arc::new(name), reader, puzzles: 0, bad_run: 0 });
        Some(Ok(()))
    }

    /// The next puzzle, with every note on the way reported on stderr and counted in `notes`.
    pub fn next_item(&mut self, notes: &mut usize) -> Option<Item> {
        loop {
            match self.next()? {
                Next::Puzzle(item) => return Some(item),
                Next::Note(note) => {
                    *notes += 1;
                    crate::diag!("{note}");
                }
            }
        }
    }
}

impl Iterator for Puzzles {
    type Item = Next;

    /// The next puzzle or note; `None` after the last input.
    fn next(&mut self) -> Option<Next> {
        loop {
            if self.current.is_none() {
                if let Err(note) = self.advance()? {
                    return Some(Next::Note(note));
                }
                continue;
            }
            let open = self.current.as_mut().expect("an input is open");
            let Some(mut entry) = open.reader.next() else {
                let done = self.current.take().expect("an input is open");
                if done.puzzles == 0 {
                    return Some(Next::Note(format!(
                        "{}: no puzzle found (the input is empty, or holds only blank lines and comments)",
                        done.name.shown
                    )));
                }
                continue;
            };
            open.puzzles += 1;
            if entry.result.is_err() {
                open.bad_run += 1;
            } else {
                open.bad_run = 0;
            }
            if open.bad_run > MAX_BAD_RUN {
                let done = self.current.take().expect("an input is open");
                return Some(Next::Note(format!(
                    "{}:{}: {MAX_BAD_RUN} unreadable puzzles in a row: the rest of this input is skipped \
                     (is it a puzzle file?)",
                    done.name.shown, entry.line
                )));
            }
            let location = Location { input: open.name.clone(), line: entry.line };
            let index = self.next_index;
            self.next_index += 1;
            let (title, comment, drawings) = match &mut entry.result {
                Ok(parsed) => (parsed.title.take(), parsed.comment.take(), std::mem::take(&mut parsed.drawings)),
                Err(_) => (None, None, Vec::new()),
            };
            if !drawings.is_empty() && !self.drawings_noted {
                self.drawings_noted = true;
                self.notes.warn(&format!(
                    "{location}: read without its drawings, which carry no rule here: {} (`coverlab check` lists \
                     each puzzle's)",
                    drawings.join(", ")
                ));
            }
            let puzzle = match entry.result {
                Err(e) => Err(e.located(&location.input.shown)),
                Ok(mut parsed) => match parsed.spec.take() {
                    Some(spec) => self.own_model(*spec),
                    None => {
                        let model = self.model_for(parsed.size);
                        let classic = self.spec.is_none();
                        let notes = &self.notes;
                        model.inspect(|m| {
                            let givens = parsed.values.iter().filter(|&&v| v != 0).count();
                            if classic && !self.few_givens_noted && m.size() == parsed.size && givens * 5 < m.cells() {
                                self.few_givens_noted = true;
                                notes.warn(&few_givens_note(&location, m.size()));
                            }
                        })
                    }
                }
                .map_err(|e| format!("{location}: {e}"))
                .and_then(|model| {
                    if parsed.size != model.size() {
                        return Err(format!(
                            "{location}: the puzzle is {0}×{0}, but spec {1} is {2}×{2}",
                            parsed.size,
                            model.name(),
                            model.size()
                        ));
                    }
                    let grid = Grid::from_values(parsed.size, parsed.values)
                        .ok_or_else(|| format!("{location}: values out of range"))?;
                    if self.check_givens
                        && has_conflict(&model, &grid, &mut self.scratch)
                        && let Some(conflict) = find_conflict_written(&model, &grid, &parsed.symbols)
                    {
                        return Err(format!("{location}: {conflict}"));
                    }
                    Ok(Puzzle::new_unchecked(model, grid).with_symbols(parsed.symbols))
                }),
            };
            return Some(Next::Puzzle(Item { index, location, puzzle, title, comment, drawings }));
        }
    }
}

/// True when two givens of one unit hold the same value: a quick test (a bit per value per unit,
/// visiting only the givens) before [`find_conflict_written`] finds the conflict to report.
fn has_conflict(model: &Model, grid: &Grid, scratch: &mut Scratch) -> bool {
    const _: () = assert!(coverlab_model::MAX_SIZE <= 64, "a value is a bit of a u64");
    let Scratch { seen, givens } = scratch;
    seen.clear();
    seen.resize(model.units().len(), 0);
    // The givens first, without a branch per cell (most cells are empty, unpredictably).
    let values = grid.values();
    givens.resize(values.len(), 0);
    let mut count = 0;
    for (cell, &value) in values.iter().enumerate() {
        givens[count] = cell as u16;
        count += usize::from(value != 0);
    }
    for &cell in &givens[..count] {
        let cell = usize::from(cell);
        let bit = 1u64 << (values[cell] - 1); // values are 1..=n, n <= 64
        for &unit in model.units_of(cell) {
            let unit = &mut seen[unit as usize];
            if *unit & bit != 0 {
                return true;
            }
            *unit |= bit;
        }
    }
    false
}
