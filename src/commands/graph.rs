//! `coverlab graph`: the constraint graph as DOT.

use std::io::Write;

use anyhow::{Context, Result, bail};
use coverlab_model::text::file_name;

use crate::Exit;
use crate::cli::GraphArgs;
use crate::diag::Stdout;
use crate::input::resolve_spec;

/// Writes the spec's constraint graph in Graphviz DOT.
pub fn run(args: GraphArgs) -> Result<Exit> {
    let model = resolve_spec(&args.spec)?;
    if let Some(path) = &args.output
        && coverlab_model::builtin::load(&args.spec).is_none()
        && crate::input::same_file(path, std::path::Path::new(&args.spec))
    {
        bail!("--output {}: that is the spec file; writing it would destroy it", file_name(path));
    }
    let dot = model.graph().to_dot(model.name(), model.size());
    match &args.output {
        Some(path) => std::fs::write(path, dot).with_context(|| format!("cannot write {}", file_name(path)))?,
        None => {
            let mut out = Stdout::new();
            out.write_all(dot.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(Exit::Ok)
}
