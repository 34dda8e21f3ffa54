//! `coverlab graph`: the constraint graph as DOT.

use std::io::Write;

use anyhow::Result;

use crate::Exit;
use crate::cli::GraphArgs;
use crate::diag::Stdout;
use crate::input::resolve_spec;

/// Writes the spec's constraint graph in Graphviz DOT.
pub fn run(args: GraphArgs) -> Result<Exit> {
    let model = resolve_spec(&args.spec)?;
    if let Some(path) = &args.output {
        crate::outfile::check([("--output", path.as_path())], crate::input::spec_file(&args.spec))?;
    }
    let dot = model.to_dot();
    match &args.output {
        Some(path) => crate::outfile::write(path, dot)?,
        None => {
            let mut out = Stdout::new();
            out.write_all(dot.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(Exit::Ok)
}
