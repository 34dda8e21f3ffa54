//! `coverlab specs` and `coverlab strategies`.

use std::io::Write;

use anyhow::Result;
use coverlab_model::builtin;
use coverlab_strategies::registry::{self, REGISTRY};
use serde::Serialize;

use crate::Exit;
use crate::cli::{ListArgs, ListFormat};

#[derive(Serialize)]
struct SpecRow {
    name: String,
    size: usize,
    houses: usize,
    groups: usize,
    symbols: String,
    summary: String,
}

#[derive(Serialize)]
struct StrategyRow {
    name: &'static str,
    summary: &'static str,
    source: &'static str,
    capabilities: Vec<&'static str>,
    default: bool,
}

/// Lists the built-in specs.
pub fn specs(args: ListArgs) -> Result<Exit> {
    let mut rows = Vec::new();
    for name in builtin::names() {
        let model = builtin::load(&name).expect("listed names are built in")?;
        rows.push(SpecRow {
            name,
            size: model.size(),
            houses: model.houses().len(),
            groups: model.groups().len(),
            symbols: model.symbols().describe(),
            summary: model.spec().summary.clone(),
        });
    }
    let table = rows
        .iter()
        .map(|r| {
            vec![
                r.name.clone(),
                r.size.to_string(),
                r.houses.to_string(),
                r.groups.to_string(),
                r.symbols.clone(),
                r.summary.clone(),
            ]
        })
        .collect();
    print_list(args.format, &rows, &["NAME", "SIZE", "HOUSES", "GROUPS", "SYMBOLS", "SUMMARY"], table)
}

/// Lists the registered strategies.
pub fn strategies(args: ListArgs) -> Result<Exit> {
    let rows: Vec<StrategyRow> = REGISTRY
        .iter()
        .map(|s| StrategyRow {
            name: s.name,
            summary: s.summary,
            source: s.source,
            capabilities: s.capabilities.names(),
            default: s.name == registry::DEFAULT,
        })
        .collect();
    let table = rows
        .iter()
        .map(|r| {
            let name = if r.default { format!("{} (default)", r.name) } else { r.name.to_string() };
            vec![name, r.capabilities.join(", "), r.summary.to_string(), r.source.to_string()]
        })
        .collect();
    print_list(args.format, &rows, &["NAME", "CAPABILITIES", "SUMMARY", "SOURCE"], table)
}

fn print_list<T: Serialize>(format: ListFormat, rows: &[T], header: &[&str], table: Vec<Vec<String>>) -> Result<Exit> {
    let mut out = crate::diag::Stdout::new();
    match format {
        ListFormat::Json => {
            serde_json::to_writer_pretty(&mut out, rows)?;
            writeln!(out)?;
        }
        ListFormat::Table => {
            let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
            for row in &table {
                for (w, cell) in widths.iter_mut().zip(row) {
                    *w = (*w).max(cell.chars().count());
                }
            }
            let line = |cells: Vec<String>| {
                let last = cells.len() - 1;
                cells
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| if i == last { c } else { format!("{c:<w$}", w = widths[i]) })
                    .collect::<Vec<_>>()
                    .join("  ")
            };
            writeln!(out, "{}", line(header.iter().map(|h| h.to_string()).collect()))?;
            for row in table {
                writeln!(out, "{}", line(row))?;
            }
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}
