//! `coverlab._coverlab`: the extension module under the Python package `coverlab`
//! (`python/coverlab/__init__.py` holds the functions users call).
//!
//! It solves nothing of its own: `run` parses a command line with the CLI's own parser
//! (`coverlab::cli`) and runs the command with the CLI's own code (`coverlab::commands`), its
//! results written as JSON lines into a buffer instead of stdout ([`coverlab::io::Io`]), the
//! puzzles read from text the caller passes or from the files the command line names. The GIL
//! is released while it runs; Ctrl-C in Python stops the run as it stops the CLI.
//!
//! `solve` and `count` hand their results over as values instead ([`Io::with_results`]), made
//! here into the dicts the JSON records would read back as, with no JSON in between: reading
//! the JSON back (`json.loads`) took a third of a batch's time. Or into arrays: the solutions'
//! values and a status per puzzle, for NumPy.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Parser;
use coverlab::cli::Cli;
use coverlab::diag::Notes;
use coverlab::io::{Io, Results};
use coverlab::output::{PuzzleResult, PuzzleStatus};
use coverlab::signals::Interrupt;
use coverlab_model::{Model, Symbols, builtin};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use pyo3::{IntoPyObjectExt, intern};

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

/// What `run` returns: the exit code, the results (bytes, or a list), the notes and the
/// warnings.
type Ran<'py> = (u8, Bound<'py, PyAny>, Vec<String>, Vec<String>);

/// Runs `coverlab ARGS…` as the CLI does, with its results written into a buffer: returns
/// (exit code, the results, the notes on whole inputs, the warnings on puzzles read). Puzzles
/// are read from `text` when given (else from the files `args` names) and with `spec` when
/// given. A usage error is a `ValueError`, any other error of the command an `InputError`,
/// both with the CLI's message.
///
/// The results are the bytes the command writes, except for `solve` and `count` with
/// `hand="records"`: a list of dicts, the JSON records as `json.loads` reads them; and with
/// `hand="arrays"`: `(solutions, status, unique)`, the first solution of each puzzle as `n*n`
/// bytes of values (zeros without one, or of another size than the first puzzle's), a status
/// byte per puzzle (the index of its status in `STATUSES`) and a byte per puzzle, 1 when it is
/// known to have exactly one solution.
#[pyfunction]
#[pyo3(signature = (args, text=None, spec=None, hand=None))]
fn run<'py>(
    py: Python<'py>,
    args: Vec<String>,
    text: Option<String>,
    spec: Option<&Spec>,
    hand: Option<&str>,
) -> PyResult<Ran<'py>> {
    if hand.is_some() && !matches!(args.first().map(String::as_str), Some("solve" | "count")) {
        return Err(PyValueError::new_err("hand is for solve and count, which hand their results over"));
    }
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
    let handed = match hand {
        None => None,
        Some("records" | "arrays") => Some(Results::default()),
        Some(other) => return Err(PyValueError::new_err(format!("hand is records or arrays, not {other:?}"))),
    };
    if let Some(results) = &handed {
        io = io.with_results(results.clone());
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
    let results = match handed {
        Some(results) => {
            let results = std::mem::take(&mut *results.lock().unwrap_or_else(|p| p.into_inner()));
            if hand == Some("arrays") { arrays(py, &results)? } else { without_gc(py, || records(py, &results))? }
        }
        None => PyBytes::new(py, &bytes).into_any(),
    };
    Ok((exit.code(), results, notes.taken(), notes.warnings_taken()))
}

/// Runs `build` with Python's cycle collector off (and then as it was): the objects built hold
/// no cycles, and the collector, run again and again as they grow in number, took a tenth of
/// a batch's time.
fn without_gc<'py>(
    py: Python<'py>,
    build: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let gc = py.import("gc")?;
    let enabled = gc.call_method0("isenabled")?.is_truthy()?;
    if enabled {
        gc.call_method0("disable")?;
    }
    let built = build();
    if enabled {
        gc.call_method0("enable")?;
    }
    built
}

/// The statuses in the order of the status bytes `run(..., hand="arrays")` gives.
const STATUSES: [PuzzleStatus; 4] =
    [PuzzleStatus::Solved, PuzzleStatus::Unsolvable, PuzzleStatus::Invalid, PuzzleStatus::Stopped];

/// The results as the dicts their JSON records read back as: the same keys in the same order,
/// the same values (`PuzzleResult::write_json` is the model; a test compares the two).
fn records<'py>(py: Python<'py>, results: &[PuzzleResult]) -> PyResult<Bound<'py, PyAny>> {
    let list = PyList::empty(py);
    // The spec's name, made once per spec rather than once per record.
    let mut spec_name: Option<(*const coverlab_model::Model, Bound<'py, PyString>)> = None;
    for r in results {
        let d = PyDict::new(py);
        d.set_item(intern!(py, "index"), r.index)?;
        let status = match r.status {
            PuzzleStatus::Solved => intern!(py, "solved"),
            PuzzleStatus::Unsolvable => intern!(py, "unsolvable"),
            PuzzleStatus::Invalid => intern!(py, "invalid"),
            PuzzleStatus::Stopped => intern!(py, "stopped"),
        };
        d.set_item(intern!(py, "status"), status)?;
        d.set_item(intern!(py, "location"), r.location.plain())?;
        if let Some(title) = &r.title {
            d.set_item(intern!(py, "title"), title)?;
        }
        if let Some(comment) = &r.comment {
            d.set_item(intern!(py, "comment"), comment)?;
        }
        if let Some(model) = r.model() {
            let ptr = Arc::as_ptr(model);
            let name = match &spec_name {
                Some((p, name)) if *p == ptr => name.clone(),
                _ => {
                    let name = PyString::new(py, model.name());
                    spec_name = Some((ptr, name.clone()));
                    name
                }
            };
            d.set_item(intern!(py, "spec"), name)?;
        }
        let solutions = PyList::empty(py);
        for line in r.solution_lines() {
            solutions.append(line)?;
        }
        d.set_item(intern!(py, "solutions"), solutions)?;
        if r.status == PuzzleStatus::Solved && r.count.is_none() {
            d.set_item(intern!(py, "unique"), r.unique)?;
        }
        if let Some(count) = r.count {
            d.set_item(intern!(py, "count"), count)?;
        }
        if let Some(exact) = r.exact {
            d.set_item(intern!(py, "exact"), exact)?;
        }
        if let Some(reason) = r.stopped {
            d.set_item(intern!(py, "stopped"), reason.name())?;
        }
        if let Some(stats) = &r.stats {
            let s = PyDict::new(py);
            s.set_item(intern!(py, "nodes"), stats.nodes)?;
            s.set_item(intern!(py, "guesses"), stats.guesses)?;
            s.set_item(intern!(py, "backtracks"), stats.backtracks)?;
            s.set_item(intern!(py, "placements"), stats.placements)?;
            d.set_item(intern!(py, "stats"), s)?;
        }
        if let Some(micros) = r.micros {
            d.set_item(intern!(py, "micros"), micros)?;
        }
        if let Some(error) = &r.error {
            d.set_item(intern!(py, "error"), error)?;
        }
        list.append(d)?;
    }
    Ok(list.into_any())
}

/// The results as three byte strings for NumPy (see [`run`]): the first solutions, the
/// statuses, uniqueness.
fn arrays<'py>(py: Python<'py>, results: &[PuzzleResult]) -> PyResult<Bound<'py, PyAny>> {
    let cells = results.iter().find_map(|r| r.model()).map_or(0, |m| m.size() * m.size());
    let mut solutions = vec![0u8; results.len() * cells];
    let mut status = Vec::with_capacity(results.len());
    let mut unique = Vec::with_capacity(results.len());
    for (i, r) in results.iter().enumerate() {
        status.push(STATUSES.iter().position(|&s| s == r.status).unwrap_or(0) as u8);
        // A puzzle of another size than the first (in a file of several) keeps zeros.
        if let Some(first) = r.solution_values().next()
            && first.len() == cells
        {
            solutions[i * cells..(i + 1) * cells].copy_from_slice(first);
        }
        unique.push(u8::from(r.unique == Some(true)));
    }
    (PyBytes::new(py, &solutions), PyBytes::new(py, &status), PyBytes::new(py, &unique)).into_bound_py_any(py)
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
    m.add("STATUSES", pyo3::types::PyTuple::new(m.py(), STATUSES.map(PuzzleStatus::name))?)?;
    Ok(())
}
