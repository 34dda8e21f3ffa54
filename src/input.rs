//! Reading puzzles from files and standard input, and resolving specs.

use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use coverlab_formats::{InputFormat, Reader};
use coverlab_model::validate::find_conflict_written;
use coverlab_model::{Grid, Model, Puzzle, builtin};
use serde::{Serialize, Serializer};

use crate::cli::{InputFormatArg, PuzzleInput};

/// A spec given by name (built-in) or by path (a RON file).
pub fn resolve_spec(arg: &str) -> Result<Arc<Model>> {
    if let Some(loaded) = builtin::load(arg) {
        return Ok(Arc::new(loaded?));
    }
    let path = Path::new(arg);
    if !path.exists() {
        bail!("unknown spec {arg:?}: not a built-in spec (see `coverlab specs`) and no such file");
    }
    let text = read_limited(path).with_context(|| format!("cannot read spec file {arg}"))?;
    Ok(Arc::new(Model::from_ron(&text, arg)?))
}

/// Spec files larger than this are refused: real ones are a few kilobytes.
const MAX_SPEC_BYTES: u64 = 4 << 20;

fn read_limited(path: &Path) -> Result<String> {
    let len = std::fs::metadata(path)?.len();
    if len > MAX_SPEC_BYTES {
        bail!("{} is {len} bytes; spec files are limited to {MAX_SPEC_BYTES}", path.display());
    }
    Ok(std::fs::read_to_string(path)?)
}

impl PuzzleInput {
    /// The spec named by `--spec`, if any.
    pub fn spec(&self) -> Result<Option<Arc<Model>>> {
        self.spec.as_deref().map(resolve_spec).transpose()
    }

    /// Opens the inputs, with `spec` forced when given.
    pub fn open(&self, spec: Option<Arc<Model>>) -> Puzzles {
        let format = self.input_format.map(|f| match f {
            InputFormatArg::Line => InputFormat::Line,
            InputFormatArg::Grid => InputFormat::Grid,
            InputFormatArg::Header => InputFormat::Header,
            InputFormatArg::Csv => InputFormat::Csv,
        });
        Puzzles::open(&self.files, format, spec)
    }
}

/// Where a puzzle starts: shown (and serialized) as `file:line`, written out only when needed.
#[derive(Debug, Clone)]
pub struct Location {
    origin: Arc<str>,
    line: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.origin, self.line)
    }
}

impl Serialize for Location {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
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
}

/// A reader of one input (a file or standard input).
type Input = Reader<Box<dyn BufRead>>;

/// Reads the puzzles of every input in order, one [`Item`] per puzzle; a bad puzzle is an item
/// with an error and reading goes on.
pub struct Puzzles {
    files: std::vec::IntoIter<PathBuf>,
    /// The input being read, and its name.
    current: Option<(Arc<str>, Input)>,
    format: Option<InputFormat>,
    spec: Option<Arc<Model>>,
    by_size: BTreeMap<usize, Result<Arc<Model>, String>>,
    next_index: usize,
    /// Buffers [`has_conflict`] reuses.
    scratch: Scratch,
}

/// What [`has_conflict`] needs, kept from puzzle to puzzle.
#[derive(Default)]
struct Scratch {
    /// One bit per value seen, per unit.
    seen: Vec<u64>,
    /// The cells holding a given.
    givens: Vec<u16>,
}

impl Puzzles {
    /// Reads `files` (standard input when empty or `-`), with a forced spec and format if given.
    pub fn open(files: &[PathBuf], format: Option<InputFormat>, spec: Option<Arc<Model>>) -> Puzzles {
        let mut files = files.to_vec();
        if files.is_empty() {
            files.push(PathBuf::from("-"));
        }
        Puzzles {
            files: files.into_iter(),
            current: None,
            format,
            spec,
            by_size: BTreeMap::new(),
            next_index: 0,
            scratch: Scratch::default(),
        }
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

    /// Opens the next input; an input that cannot be opened is an error for the whole run.
    fn advance(&mut self) -> Result<bool> {
        let Some(path) = self.files.next() else { return Ok(false) };
        let (origin, input): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(BufReader::new(std::io::stdin())))
        } else {
            let file = File::open(&path).with_context(|| format!("cannot open {}", path.display()))?;
            (path.display().to_string(), Box::new(BufReader::new(file)))
        };
        let reader = Reader::new(input, &origin, self.format, self.spec.as_deref());
        self.current = Some((origin.into(), reader));
        Ok(true)
    }

    /// The next puzzle, `None` at the end of the last input.
    pub fn next_item(&mut self) -> Result<Option<Item>> {
        loop {
            if self.current.is_none() && !self.advance()? {
                return Ok(None);
            }
            let (origin, reader) = self.current.as_mut().expect("an input is open");
            let Some(entry) = reader.next() else {
                self.current = None;
                continue;
            };
            let location = Location { origin: origin.clone(), line: entry.line };
            let index = self.next_index;
            self.next_index += 1;
            let puzzle = match entry.result {
                Err(e) => Err(format!("{}: {e}", location.origin)),
                Ok(parsed) => self.model_for(parsed.size).map_err(|e| format!("{location}: {e}")).and_then(|model| {
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
                    if has_conflict(&model, &grid, &mut self.scratch)
                        && let Some(conflict) = find_conflict_written(&model, &grid, &parsed.symbols)
                    {
                        return Err(format!("{location}: {conflict}"));
                    }
                    Ok(Puzzle::new_unchecked(model, grid).with_symbols(parsed.symbols))
                }),
            };
            return Ok(Some(Item { index, location, puzzle }));
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
