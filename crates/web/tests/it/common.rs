//! Shared by the tests: a request answered, and a solution checked by the model's validator
//! (never by the solver that produced it).

use coverlab_formats::{InputFormat, read_str};
use coverlab_model::validate::check_solution;
use coverlab_model::{Model, builtin};
use serde_json::Value;

/// The response to `request` (a JSON value), parsed.
pub fn call(request: Value) -> Value {
    let text = coverlab_web::call(&request.to_string());
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("the response is not JSON ({e}): {text}"))
}

/// The repository's root.
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Checks that `solution` (the line form) solves `puzzle` (any format, its first puzzle) under
/// `spec` (the puzzle's own, or the built-in spec of its size, when `None`).
pub fn assert_solves(puzzle: &str, spec: Option<&Model>, solution: &str) {
    let entries = read_str(puzzle, None, spec);
    let parsed = entries[0].result.as_ref().unwrap_or_else(|e| panic!("the puzzle does not read: {e}"));
    let owned = match (&parsed.spec, spec) {
        (Some(own), _) => Some(Model::compile((**own).clone()).expect("its own spec compiles")),
        (None, Some(_)) => None,
        (None, None) => {
            let name = builtin::for_cell_count(parsed.size * parsed.size).expect("a built-in size");
            Some(builtin::load(name).unwrap().unwrap())
        }
    };
    let model = owned.as_ref().or(spec).expect("a model");
    let givens = coverlab_model::Grid::from_values(parsed.size, parsed.values.clone()).unwrap();
    let read = read_str(solution, Some(InputFormat::Line), Some(model));
    let solved = read[0].result.as_ref().unwrap_or_else(|e| panic!("the solution does not read: {e}"));
    let grid = coverlab_model::Grid::from_values(solved.size, solved.values.clone()).unwrap();
    check_solution(model, &givens, &grid).unwrap_or_else(|v| panic!("{solution} does not solve {puzzle}: {v}"));
}
