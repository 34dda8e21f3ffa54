//! Where a command's results and notes go, what stops it, and where its puzzles come from.
//!
//! The binary runs every command with [`Io::process`]: results on standard output, notes on
//! standard error, Ctrl-C and `kill` caught as signals, puzzles from the files (or pasted
//! puzzles) the arguments name. An embedding (the Python package, `python/`) runs the same
//! commands with [`Io::captured`]: results into a writer of its own, notes into a list, a flag
//! of its own to stop the run, and puzzles from text it passes ([`Io::with_text`]), so that a
//! function call gives what the command line prints, from the same code. `solve` and `count`
//! can hand their results over as values instead ([`Io::with_results`]), for an embedding that
//! builds its own objects of them rather than reading JSON back.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use coverlab_model::Model;

use crate::cli::PuzzleInput;
use crate::diag::{Notes, Stdout};
use crate::input::Puzzles;
use crate::output::PuzzleResult;
use crate::signals::Interrupt;

/// A command's surroundings (see the module's documentation).
pub struct Io {
    out: Box<dyn Write + Send>,
    terminal: bool,
    interrupt: Option<Interrupt>,
    text: Option<String>,
    spec: Option<Arc<Model>>,
    notes: Notes,
    results: Option<Results>,
}

/// Results handed over in input order rather than written ([`Io::with_results`]).
pub type Results = Arc<Mutex<Vec<PuzzleResult>>>;

impl Io {
    /// The process's: stdout, stderr, signals and the arguments' files.
    pub fn process() -> Io {
        Io {
            out: Box::new(Stdout::new()),
            terminal: std::io::stdout().is_terminal(),
            interrupt: None,
            text: None,
            spec: None,
            notes: Notes::default(),
            results: None,
        }
    }

    /// Results written to `out` (never a terminal), notes kept in `notes`, and `interrupt`
    /// raised by the caller to stop the run (no signal handler is installed).
    pub fn captured(out: impl Write + Send + 'static, notes: Notes, interrupt: Interrupt) -> Io {
        Io {
            out: Box::new(out),
            terminal: false,
            interrupt: Some(interrupt),
            text: None,
            spec: None,
            notes,
            results: None,
        }
    }

    /// Puzzles are read from `text` (named `<argument>` in messages) instead of the files the
    /// arguments name.
    pub fn with_text(mut self, text: String) -> Io {
        self.text = Some(text);
        self
    }

    /// Puzzles are read with `spec` (a spec built from RON text or an f-puzzles link, which
    /// `--spec` cannot name), as if `--spec` had named it.
    pub fn with_spec(mut self, spec: Arc<Model>) -> Io {
        self.spec = Some(spec);
        self
    }

    /// `solve` and `count` push their results into `results`, in input order, instead of
    /// writing them (the other commands write as usual).
    pub fn with_results(mut self, results: Results) -> Io {
        self.results = Some(results);
        self
    }

    /// Where results are handed over, if they are ([`Io::with_results`]).
    pub fn results(&self) -> Option<Results> {
        self.results.clone()
    }

    /// The spec puzzles are read with: the one given [`Io::with_spec`], else `--spec`'s.
    pub fn spec(&self, input: &PuzzleInput) -> anyhow::Result<Option<Arc<Model>>> {
        match &self.spec {
            Some(spec) => Ok(Some(spec.clone())),
            None => input.spec(),
        }
    }

    /// The spec given [`Io::with_spec`], if any.
    pub fn given_spec(&self) -> Option<Arc<Model>> {
        self.spec.clone()
    }

    /// Whether puzzles come from text rather than the arguments' files.
    pub fn has_text(&self) -> bool {
        self.text.is_some()
    }

    /// Whether results go to a terminal (flushed at once, boards in colour when asked `auto`).
    pub fn terminal(&self) -> bool {
        self.terminal
    }

    /// What stops the run: signals caught from now on for the process, the caller's flag for
    /// an embedding.
    pub fn interrupt(&self) -> Interrupt {
        match &self.interrupt {
            Some(interrupt) => interrupt.clone(),
            None => Interrupt::install(),
        }
    }

    /// Where problems with a whole input go.
    pub fn notes(&self) -> Notes {
        self.notes.clone()
    }

    /// Opens the puzzles: the text given, or the inputs `input` names; `spec` forced when given.
    pub fn open(&mut self, input: &PuzzleInput, spec: Option<Arc<Model>>) -> Puzzles {
        let puzzles = match self.text.take() {
            Some(text) => Puzzles::from_text(&text, input.format(), spec),
            None => input.open(spec),
        };
        puzzles.with_notes(self.notes.clone())
    }

    /// Where the results go.
    pub fn out(self) -> Output {
        Output { writer: self.out, terminal: self.terminal }
    }
}

/// Where a command's results go.
pub struct Output {
    /// The writer.
    pub writer: Box<dyn Write + Send>,
    /// It is a terminal: each result is flushed at once.
    pub terminal: bool,
}
