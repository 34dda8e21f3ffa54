//! `coverlab._coverlab`: the extension module under the Python package `coverlab`
//! (`python/coverlab/__init__.py` holds the functions users call).
//!
//! It solves nothing of its own: `run` parses a command line with the CLI's own parser
//! (`coverlab::cli`) and runs the command with the CLI's own code (`coverlab::commands`), its
//! results written as JSON lines into a buffer instead of stdout ([`coverlab::io::Io`]), the
//! puzzles read from text the caller passes or from the files the command line names. The GIL
//! is released while it runs; Ctrl-C in Python stops the run as it stops the CLI.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Parser;
use coverlab::cli::Cli;
use coverlab::diag::Notes;
use coverlab::io::Io;
use coverlab::signals::Interrupt;
use coverlab_model::{Model, Symbols, builtin};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

create_exception!(
    coverlab,
    InputError,
    PyValueError,
    "A puzzle or an input cannot be read: the CLI's message, with `file`, `line` and `cell` when known."
);
create_exception!(
    coverlab,
    SpecError,
    PyValueError,
    "A spec cannot be built: the CLI's message, with `file`, `line` and `column` when known."
);

/// A compiled spec: a built-in name, a RON file or RON text, or the rules an f-puzzles link
/// brings.
#[pyclass(module = "coverlab", frozen)]
struct Spec {
    model: Arc<Model>,
}

/// A [`SpecError`] with `file`, `line` and `column` set (`None` when unknown).
fn spec_error(py: Python<'_>, message: String, file: Option<String>, position: Option<(usize, usize)>) -> PyErr {
    let err = SpecError::new_err(message);
    let value = err.value(py);
    let (line, column) = position.unzip();
    let _ = value.setattr("file", file);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    err
}

fn from_spec_error(py: Python<'_>, e: coverlab_model::SpecError) -> PyErr {
    let file = Some(e.origin.clone());
    spec_error(py, e.to_string(), file, e.position)
}

#[pymethods]
impl Spec {
    /// A built-in spec's name, a RON file's path, or RON text itself (starting with `(`).
    #[new]
    fn new(py: Python<'_>, spec: &str) -> PyResult<Spec> {
        if spec.trim_start().starts_with('(') || spec.contains('\n') {
            let model = Model::from_ron(spec, "<text>").map_err(|e| from_spec_error(py, e))?;
            return Ok(Spec { model: Arc::new(model) });
        }
        if let Some(loaded) = builtin::load(spec) {
            let model = loaded.map_err(|e| from_spec_error(py, e))?;
            return Ok(Spec { model: Arc::new(model) });
        }
        match coverlab::input::resolve_spec(spec) {
            Ok(model) => Ok(Spec { model }),
            Err(e) => {
                let located = e.chain().find_map(|c| c.downcast_ref::<coverlab_model::SpecError>());
                let (file, position) = match located {
                    Some(s) => (Some(s.origin.clone()), s.position),
                    None => (Path::new(spec).exists().then(|| spec.to_string()), None),
                };
                Err(spec_error(py, format!("{e:#}"), file, position))
            }
        }
    }

    /// The rules an f-puzzles link (or its payload, or its JSON) brings, without its givens.
    #[staticmethod]
    fn from_fpuzzles(py: Python<'_>, link: &str) -> PyResult<Spec> {
        let parsed = coverlab_formats::fpuzzles::parse(link)
            .map_err(|e| spec_error(py, format!("<argument>: {e}"), None, None))?;
        let spec = match parsed.spec {
            Some(spec) => *spec,
            None => {
                let name = builtin::for_cell_count(parsed.size * parsed.size).ok_or_else(|| {
                    spec_error(py, format!("no built-in spec for a {0}×{0} grid", parsed.size), None, None)
                })?;
                return Spec::new(py, name);
            }
        };
        let model = Model::compile(spec).map_err(|e| from_spec_error(py, e))?;
        Ok(Spec { model: Arc::new(model) })
    }

    /// The spec's name.
    #[getter]
    fn name(&self) -> &str {
        self.model.name()
    }

    /// The grid's side: 9 for a 9×9 grid.
    #[getter]
    fn size(&self) -> usize {
        self.model.size()
    }

    /// The symbols of values 1 to n, in order (`123456789`).
    #[getter]
    fn symbols(&self) -> String {
        self.model.symbols().as_string()
    }

    /// The spec as RON text.
    fn to_ron(&self) -> String {
        self.model.spec().to_ron()
    }

    fn __repr__(&self) -> String {
        let n = self.model.size();
        format!("Spec({:?}, {n}x{n})", self.model.name())
    }
}

/// The default symbols of an n×n grid (`123456789` for 9×9, then letters).
#[pyfunction]
fn default_symbols(n: usize) -> PyResult<String> {
    if !(1..=coverlab_model::MAX_SIZE).contains(&n) {
        return Err(PyValueError::new_err(format!(
            "no grid of size {n}: sizes run from 1 to {}",
            coverlab_model::MAX_SIZE
        )));
    }
    Ok(Symbols::default_for(n).as_string())
}

/// The strategy written as on the command line (`fast(locked: false)`), checked: its full
/// label, every option written out.
#[pyfunction]
fn check_strategy(text: &str) -> PyResult<String> {
    coverlab::commands::strategy(Some(text)).map(|c| c.label(0)).map_err(|e| PyValueError::new_err(format!("{e:#}")))
}

/// Output shared with the thread running the command.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What `run` returns: the exit code, the results' bytes, the notes and the warnings.
type Ran<'py> = (u8, Bound<'py, PyBytes>, Vec<String>, Vec<String>);

/// Runs `coverlab ARGS…` as the CLI does, with its results written into a buffer: returns
/// (exit code, the results' bytes, the notes on whole inputs, the warnings on puzzles read). Puzzles are read from `text`
/// when given (else from the files `args` names) and with `spec` when given. A usage error is
/// a `ValueError`, any other error of the command an `InputError`, both with the CLI's message.
#[pyfunction]
#[pyo3(signature = (args, text=None, spec=None))]
fn run<'py>(py: Python<'py>, args: Vec<String>, text: Option<String>, spec: Option<&Spec>) -> PyResult<Ran<'py>> {
    let argv = std::iter::once("coverlab".to_string()).chain(args);
    let cli = Cli::try_parse_from(argv).map_err(|e| {
        let rendered = e.render().to_string();
        PyValueError::new_err(rendered.trim().trim_start_matches("error: ").to_string())
    })?;
    let out = Buffer::default();
    let notes = Notes::kept();
    let interrupt = Interrupt::default();
    let mut io = Io::captured(out.clone(), notes.clone(), interrupt.clone());
    if let Some(text) = text {
        io = io.with_text(text);
    }
    if let Some(spec) = spec {
        io = io.with_spec(spec.model.clone());
    }
    let result = std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            // The library returns errors; a panic is a bug, reported rather than let through.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| coverlab::commands::run_with(cli, io)))
        });
        let mut stopped = None;
        // Wait with the GIL released, looking at Python's signals (Ctrl-C) every 50 ms.
        while !py.detach(|| {
            for _ in 0..50 {
                if worker.is_finished() {
                    return true;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            worker.is_finished()
        }) {
            if stopped.is_none()
                && let Err(e) = py.check_signals()
            {
                interrupt.flag().store(true, Ordering::Relaxed);
                stopped = Some(e);
            }
        }
        let joined = worker.join().unwrap_or_else(Err);
        (joined, stopped)
    });
    let (joined, stopped) = result;
    if let Some(e) = stopped {
        return Err(e);
    }
    let exit = match joined {
        Ok(Ok(exit)) => exit,
        Ok(Err(e)) => return Err(InputError::new_err(format!("{e:#}"))),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            return Err(pyo3::exceptions::PyRuntimeError::new_err(format!("coverlab failed (a bug): {what}")));
        }
    };
    if exit.code() >= 128 {
        return Err(PyKeyboardInterrupt::new_err("interrupted"));
    }
    let bytes = std::mem::take(&mut *out.0.lock().unwrap_or_else(|p| p.into_inner()));
    Ok((exit.code(), PyBytes::new(py, &bytes), notes.taken(), notes.warnings_taken()))
}

/// The extension module.
#[pymodule]
fn _coverlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Spec>()?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(default_symbols, m)?)?;
    m.add_function(wrap_pyfunction!(check_strategy, m)?)?;
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add("SpecError", m.py().get_type::<SpecError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
