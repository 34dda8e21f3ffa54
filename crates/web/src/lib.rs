//! coverlab in the browser: the library behind one call that takes a JSON request and gives a
//! JSON response, exported to JavaScript as plain functions ([`ffi`]) with the request and the
//! response passed through linear memory. No wasm-bindgen: the glue is a few lines of
//! JavaScript in `page/worker.js`.
//!
//! Every operation reuses what the CLI runs: puzzles are read by [`coverlab::input::Puzzles`]
//! (every format the CLI reads, f-puzzles and SudokuPad links included), solved under
//! [`coverlab::commands::solve::limits`], written as [`coverlab::output::PuzzleResult`]'s JSON
//! records; `hint` and `explain` are the CLI's own records; `generate` is checked as the CLI's
//! parser checks it and made by [`coverlab::commands::generate::one_alone`]; `trace` writes the HTML
//! viewer's page ([`coverlab::viewer`]) with the events it plays.
//!
//! ```
//! let response = coverlab_web::call(r#"{"op": "solve", "puzzle": ".342.....43....."}"#);
//! let v: serde_json::Value = serde_json::from_str(&response).unwrap();
//! assert_eq!(v["results"][0]["solutions"][0], "1342421324313124");
//! ```
//!
//! Requests (`op` and its fields; a field left out takes the CLI's default):
//! - `solve`: `puzzle` (text: one or more puzzles), `spec` (a built-in name or RON text),
//!   `strategy`, `seed`, `max_solutions`, `max_nodes` → `{"results": [record…], "notes": […]}`,
//!   a record per puzzle as `solve --format json` writes it;
//! - `count`: the same, `max_solutions` the most to count → records as `count --format json`;
//! - `hint`: `puzzle`, `spec`, `nudge` → `{"results": [hint --format json's record…]}`;
//! - `explain`: `puzzle`, `spec`, `max_steps` → `{"results": [explain --format json's record…]}`;
//! - `generate`: `size`, `spec`, `symmetry`, `difficulty`, `clues`, `seed`, `index` → `generate
//!   --format json`'s record;
//! - `trace`: `puzzle` (its first), `spec`, `strategies` (one, or two side by side), `seed`,
//!   `max_solutions`, `trace_limit` (bytes) → `{"results": [record per run], "page": the viewer's
//!   HTML, "cut": bool}`;
//! - `read`: `puzzle`, `spec` → `{"results": [{"index", "location", "spec", "size", "givens"
//!   (the line form), "symbols"}…]}`, what the page draws on its board;
//! - `catalog`: the strategies, presets, built-in specs, symmetries and levels, for the menus,
//!   and whether kissat is built in.
//!
//! A request that cannot be carried out (bad JSON, an unknown strategy or spec) gives
//! `{"error": "…"}`; a bad puzzle is a record with `"status": "invalid"` and its error, as in
//! the CLI. Nothing here reads a clock or starts a thread: stopping is the page's (it ends the
//! worker running the call).

pub mod ffi;

use std::cell::Cell;
use std::io::Write;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::Arc;

use coverlab::cli::{GenerateArgs, GenerateFormatArg, OutputFormatArg, ProgressArg, ProgressOptions};
use coverlab::input::{Item, Next, Puzzles};
use coverlab::output::PuzzleResult;
use coverlab_engine::{Strategy, TraceEvent, TraceSink};
use coverlab_model::{Model, builtin};
use serde::Deserialize;
use serde_json::{Value, json};

/// A request: the operation and its fields (see the crate's doc).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Request {
    op: String,
    puzzle: Option<String>,
    spec: Option<String>,
    strategy: Option<String>,
    strategies: Option<Vec<String>>,
    seed: u64,
    max_solutions: Option<u64>,
    max_nodes: Option<u64>,
    nudge: bool,
    max_steps: Option<usize>,
    size: Option<u64>,
    symmetry: Option<String>,
    difficulty: Option<String>,
    clues: Option<usize>,
    index: u64,
    trace_limit: Option<u64>,
}

/// The most bytes of one puzzle's text (a pasted file of puzzles included).
pub const MAX_PUZZLE_BYTES: usize = 16 << 20;

/// The default size limit of a `trace` page's events: past it the trace ends with a `cut`
/// event (the search goes on), as `solve --trace-limit` does.
pub const TRACE_LIMIT: u64 = 32 << 20;

/// Carries out one request (JSON text) and returns its response (JSON text).
pub fn call(request: &str) -> String {
    let response = serde_json::from_str::<Request>(request)
        .map_err(|e| format!("the request is not valid: {e}"))
        .and_then(|request| match request.op.as_str() {
            "solve" => solve(&request, false),
            "count" => solve(&request, true),
            "hint" => each(&request, Op::Hint).map(|v| v.to_string()),
            "explain" => each(&request, Op::Explain).map(|v| v.to_string()),
            "generate" => generate(&request).map(|v| v.to_string()),
            "trace" => trace(&request).map(|v| v.to_string()),
            "read" => read(&request).map(|v| v.to_string()),
            "catalog" => Ok(catalog().to_string()),
            other => Err(format!(
                "unknown op {other:?} (expected solve, count, hint, explain, generate, trace, read or catalog)"
            )),
        });
    match response {
        Ok(text) => text,
        Err(e) => json!({ "error": e }).to_string(),
    }
}

/// The spec a request names: a built-in name, or RON text (named `<spec>` in messages).
fn spec(request: &Request) -> Result<Option<Arc<Model>>, String> {
    let Some(text) = request.spec.as_deref().map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    if let Some(loaded) = builtin::load(text) {
        return loaded.map(|m| Some(Arc::new(m))).map_err(|e| e.to_string());
    }
    if !text.contains('(') {
        let names = builtin::names();
        let question = coverlab_model::text::did_you_mean(text, names.iter().map(String::as_str))
            .map_or(String::new(), |q| format!(" ({q})"));
        return Err(format!("unknown spec {text:?}: not a built-in spec{question}, nor RON text"));
    }
    Model::from_ron(text, "<spec>").map(|m| Some(Arc::new(m))).map_err(|e| e.to_string())
}

/// The puzzles of a request's `puzzle` text, read as the CLI reads a puzzle given as an
/// argument (any format; a link's payload too).
fn puzzles(request: &Request) -> Result<Puzzles, String> {
    let text = request.puzzle.as_deref().unwrap_or("");
    if text.len() > MAX_PUZZLE_BYTES {
        return Err(format!("the puzzle text is {} bytes, more than the {MAX_PUZZLE_BYTES} read", text.len()));
    }
    if text.trim().is_empty() {
        return Err("no puzzle: type one on the board or paste a line, a grid or a link".into());
    }
    Ok(Puzzles::from_text(text.trim(), None, spec(request)?))
}

/// The request's puzzles (each read or the record of why not), and the notes on whole inputs.
fn items(request: &Request) -> Result<(Vec<Item>, Vec<String>), String> {
    let (mut items, mut notes) = (Vec::new(), Vec::new());
    for next in puzzles(request)? {
        match next {
            Next::Puzzle(item) => items.push(item),
            Next::Note(note) => notes.push(note),
        }
    }
    Ok((items, notes))
}

/// `solve` and `count`: a record per puzzle, as `solve --format json` writes them.
fn solve(request: &Request, counting: bool) -> Result<String, String> {
    let chosen = coverlab::commands::strategy(request.strategy.as_deref()).map_err(|e| e.to_string())?;
    let limits = coverlab::commands::solve::limits(counting, request.max_solutions, request.max_nodes);
    let mut strategy = chosen.build(request.seed);
    let mut out = Vec::new();
    let (items, notes) = items(request)?;
    for item in items {
        let result = match item.puzzle {
            Err(e) => PuzzleResult::invalid(item.index, item.location, e),
            Ok(puzzle) => {
                let outcome = strategy.solve(&puzzle, &limits, &mut coverlab_engine::NullSink);
                PuzzleResult::solved(item.index, item.location, puzzle, outcome, counting)
            }
        };
        // Writing to a Vec cannot fail.
        let _ = result.write_to(&mut out, OutputFormatArg::Json, false);
    }
    Ok(results_response(out, &notes))
}

/// `{"results": [...], "notes": [...]}` from the records as JSON lines, which are spliced in as
/// they are: reading each back into a value and writing it again was 15 to 20 % of a batch of
/// 17-clue 9×9 puzzles in the module (V8's optimised code, in node).
fn results_response(lines: Vec<u8>, notes: &[String]) -> String {
    // The writer's JSON escapes every newline inside a string, so each one ends a record.
    let mut text = String::from_utf8(lines).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    if text.ends_with('\n') {
        text.pop();
    }
    let records = text.replace('\n', ",");
    format!(r#"{{"results":[{records}],"notes":{}}}"#, json!(notes))
}

/// JSON lines as values.
fn records(lines: &[u8]) -> Result<Vec<Value>, String> {
    serde_json::Deserializer::from_slice(lines)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .map_err(|e| format!("a record did not read back: {e}"))
}

/// What [`each`] does to a puzzle.
#[derive(Clone, Copy)]
enum Op {
    Hint,
    Explain,
}

/// `hint` and `explain`: the CLI's JSON record per puzzle.
fn each(request: &Request, op: Op) -> Result<Value, String> {
    use coverlab::commands::explain::{explain_one, hint_one};
    let mut out = String::new();
    let (items, notes) = items(request)?;
    for item in items {
        let location = item.location.to_string();
        let text = match (&item.puzzle, op) {
            (Err(e), _) => {
                json!({"index": item.index, "location": location, "status": "invalid", "error": e}).to_string() + "\n"
            }
            (Ok(p), Op::Hint) => hint_one(item.index, &location, p, request.nudge, true).0,
            (Ok(p), Op::Explain) => {
                explain_one(item.index, &location, p, request.max_steps.unwrap_or(100_000), true, true).0
            }
        };
        out.push_str(&text);
    }
    Ok(json!({ "results": records(out.as_bytes())?, "notes": notes }))
}

/// `generate`: the request as `coverlab generate`'s arguments (checked as its parser checks
/// them: a symmetry or a level by name, a size from 2 to 64), one puzzle made.
fn generate(request: &Request) -> Result<Value, String> {
    use coverlab_generate::{Level, Symmetry};
    let symmetry = match request.symmetry.as_deref().filter(|s| !s.is_empty()) {
        None => Symmetry::None,
        Some(name) => Symmetry::from_name(name).ok_or_else(|| {
            format!("unknown symmetry {name:?} (expected one of {})", Symmetry::ALL.map(Symmetry::name).join(", "))
        })?,
    };
    let difficulty = match request.difficulty.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(name) => Some(Level::from_name(name).ok_or_else(|| {
            format!("unknown difficulty {name:?} (expected one of {})", Level::ALL.map(Level::name).join(", "))
        })?),
    };
    if let Some(size) = request.size
        && !(2..=64).contains(&size)
    {
        return Err(format!("size {size}: a grid is 2×2 to 64×64"));
    }
    let args = GenerateArgs {
        spec: request.spec.clone().filter(|s| !s.trim().is_empty()),
        size: request.size,
        count: 1,
        seed: request.seed,
        clues: request.clues,
        minimal: false,
        difficulty,
        min_rating: None,
        max_rating: None,
        symmetry,
        full: false,
        attempts: coverlab_generate::DEFAULT_ATTEMPTS,
        format: GenerateFormatArg::Json,
        start: 0,
        output: None,
        rows_per_file: 100_000,
        techniques: false,
        no_card: false,
        card_only: false,
        spec_out: None,
        timeout: None,
        jobs: Some(1),
        stats: false,
        progress: ProgressOptions { progress: ProgressArg::Never, quiet: true },
    };
    let line = coverlab::commands::generate::one_alone(&args, request.index).map_err(|e| format!("{e:#}"))?;
    serde_json::from_str(&line).map_err(|e| format!("a record did not read back: {e}"))
}

/// A writer into a buffer, counting what it took (for the trace's size limit).
struct Counting {
    bytes: Vec<u8>,
    written: Rc<Cell<u64>>,
}

impl Write for Counting {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes.extend_from_slice(buf);
        self.written.set(self.written.get() + buf.len() as u64);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Forwards events until the page reaches its size limit, then one `cut` event and no more.
struct Capped<'a> {
    inner: &'a mut dyn TraceSink,
    written: &'a Cell<u64>,
    limit: u64,
    cut: bool,
}

impl TraceSink for Capped<'_> {
    fn event(&mut self, event: &TraceEvent) -> ControlFlow<()> {
        if self.cut {
            return ControlFlow::Continue(());
        }
        if self.written.get() >= self.limit {
            self.cut = true;
            let _ = self.inner.event(&TraceEvent::Cut { limit: self.limit });
            return ControlFlow::Continue(());
        }
        self.inner.event(event)
    }
}

/// `trace`: the first puzzle solved by each strategy (two: side by side), the events written
/// into the viewer's page as `solve --trace-format html` and `compare --html` write them.
fn trace(request: &Request) -> Result<Value, String> {
    let names: Vec<Option<&str>> = match &request.strategies {
        Some(list) if !list.is_empty() => list.iter().map(|s| Some(s.as_str())).collect(),
        _ => vec![request.strategy.as_deref()],
    };
    if names.len() > 2 {
        return Err(format!("trace shows one or two strategies, not {}", names.len()));
    }
    let chosen: Vec<_> = names
        .iter()
        .map(|name| coverlab::commands::strategy(*name).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let item = match puzzles(request)?.next() {
        Some(Next::Puzzle(item)) => item,
        Some(Next::Note(note)) => return Err(note),
        None => return Err("no puzzle found".into()),
    };
    let puzzle = match item.puzzle {
        Ok(p) => p,
        Err(e) => {
            let mut out = Vec::new();
            let _ =
                PuzzleResult::invalid(item.index, item.location, e).write_to(&mut out, OutputFormatArg::Json, false);
            return Ok(json!({ "results": records(&out)?, "page": Value::Null, "cut": false }));
        }
    };
    let limit = request.trace_limit.unwrap_or(TRACE_LIMIT);
    let written = Rc::new(Cell::new(0));
    let writer = Counting { bytes: Vec::new(), written: written.clone() };
    let io = |e: std::io::Error| format!("cannot write the trace: {e}");
    let mut page = coverlab::viewer::Page::start(writer, "coverlab").map_err(io)?;
    page.puzzle(&item.location.to_string(), &puzzle).map_err(io)?;
    let limits = coverlab::commands::solve::limits(false, request.max_solutions, request.max_nodes);
    let mut out = Vec::new();
    let mut any_cut = false;
    for chosen in &chosen {
        let mut strategy: Box<dyn Strategy> = chosen.build(request.seed);
        let mut sink = page.run(puzzle.model(), puzzle.symbols()).map_err(io)?;
        let mut capped = Capped { inner: &mut sink, written: &written, limit, cut: false };
        let outcome = strategy.solve(&puzzle, &limits, &mut capped);
        let cut = capped.cut;
        any_cut |= cut;
        sink.end(&chosen.short_label(), cut).map_err(io)?;
        let result = PuzzleResult::solved(item.index, item.location.clone(), puzzle.clone(), outcome, false);
        let _ = result.write_to(&mut out, OutputFormatArg::Json, false);
    }
    page.end_puzzle().map_err(io)?;
    let writer = page.finish().map_err(io)?;
    let html = String::from_utf8(writer.bytes).map_err(|e| format!("the page is not UTF-8: {e}"))?;
    Ok(json!({ "results": records(&out)?, "page": html, "cut": any_cut }))
}

/// `read`: each puzzle's givens as the engine read them, for the board.
fn read(request: &Request) -> Result<Value, String> {
    let (items, notes) = items(request)?;
    let out: Vec<Value> = items
        .into_iter()
        .map(|item| match item.puzzle {
            Err(e) => json!({"index": item.index, "location": item.location, "status": "invalid", "error": e}),
            Ok(p) => {
                let symbols = p.symbols();
                json!({
                    "index": item.index,
                    "location": item.location,
                    "status": "read",
                    "spec": p.model().name(),
                    "size": p.model().size(),
                    "givens": coverlab_formats::write_line(p.givens().values(), symbols),
                    "symbols": (1..=p.model().size()).map(|v| symbols.symbol(v as u8).to_string()).collect::<Vec<_>>(),
                })
            }
        })
        .collect();
    Ok(json!({ "results": out, "notes": notes }))
}

/// What the page's menus list: strategies and presets (name and summary), built-in specs,
/// symmetries and levels; and whether kissat is built in (`auto`'s hand-over on large grids
/// finds its first solution with kissat, else with batsat).
fn catalog() -> Value {
    use coverlab_strategies::registry;
    let strategies: Vec<Value> =
        registry::infos().iter().map(|i| json!({"name": i.name, "summary": i.summary})).collect();
    let presets: Vec<Value> = registry::presets().map(|p| json!({"name": p.name, "summary": p.summary})).collect();
    json!({
        "version": env!("CARGO_PKG_VERSION"),
        "default_strategy": registry::default_strategy().name,
        "strategies": strategies,
        "presets": presets,
        "specs": builtin::names(),
        "symmetries": coverlab_generate::Symmetry::ALL.map(|s| s.name()),
        "levels": coverlab_generate::Level::ALL.map(|l| l.name()),
        "kissat": coverlab_strategies::sat::KISSAT,
    })
}
