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
            let about = if r.source.is_empty() {
                r.summary.to_string()
            } else {
                format!("{} (source: {})", r.summary, r.source)
            };
            vec![name, r.capabilities.join(", "), about]
        })
        .collect();
    print_list(args.format, &rows, &["NAME", "CAPABILITIES", "SUMMARY"], table)
}

/// The terminal's width from `COLUMNS`, else 100.
fn terminal_width() -> usize {
    std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()).filter(|&c| c >= 40).unwrap_or(100)
}

/// `text` broken into lines of at most `width` characters, at spaces where it can be.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

fn print_list<T: Serialize>(format: ListFormat, rows: &[T], header: &[&str], table: Vec<Vec<String>>) -> Result<Exit> {
    let mut out = crate::diag::Stdout::new();
    match format {
        ListFormat::Json => {
            serde_json::to_writer_pretty(&mut out, rows)?;
            writeln!(out)?;
        }
        ListFormat::Table => {
            // Every column but the last as wide as its widest cell; the last wrapped to fit the
            // terminal (100 columns when it cannot be told).
            let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
            for row in &table {
                for (w, cell) in widths.iter_mut().zip(row) {
                    *w = (*w).max(cell.chars().count());
                }
            }
            let last = widths.len() - 1;
            let indent: usize = widths[..last].iter().map(|w| w + 2).sum();
            let room = terminal_width().saturating_sub(indent).max(30);
            let mut print = |cells: Vec<String>| -> std::io::Result<()> {
                let mut lines = wrap(&cells[last], room).into_iter();
                let lead: String =
                    cells[..last].iter().enumerate().map(|(i, c)| format!("{c:<w$}  ", w = widths[i])).collect();
                writeln!(out, "{lead}{}", lines.next().unwrap_or_default())?;
                for line in lines {
                    writeln!(out, "{:indent$}{line}", "")?;
                }
                Ok(())
            };
            print(header.iter().map(|h| h.to_string()).collect())?;
            for row in table {
                print(row)?;
            }
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}
