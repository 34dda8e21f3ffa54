//! `coverlab graph`: the constraint graph as DOT.

use anyhow::{Context, Result};

use crate::Exit;
use crate::cli::GraphArgs;
use crate::input::resolve_spec;

/// Writes the spec's constraint graph in Graphviz DOT.
pub fn run(args: GraphArgs) -> Result<Exit> {
    let model = resolve_spec(&args.spec)?;
    let dot = model.graph().to_dot(model.name(), model.size());
    match &args.output {
        Some(path) => std::fs::write(path, dot).with_context(|| format!("cannot write {}", path.display()))?,
        None => {
            use std::io::Write;
            std::io::stdout().lock().write_all(dot.as_bytes())?;
        }
    }
    Ok(Exit::Ok)
}
