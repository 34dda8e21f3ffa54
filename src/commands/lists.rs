//! `coverlab specs` and `coverlab strategies`.

use std::io::Write;

use anyhow::Result;
use coverlab_model::builtin;
use coverlab_strategies::registry;
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
    role: &'static str,
    summary: &'static str,
    source: &'static str,
    capabilities: Vec<&'static str>,
    default: bool,
    options: Vec<OptionRow>,
    presets: Vec<PresetRow>,
}

#[derive(Serialize)]
struct OptionRow {
    name: &'static str,
    default: String,
    /// For a number option, the smallest and largest values.
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<(u64, u64)>,
    help: &'static str,
}

#[derive(Serialize)]
struct PresetRow {
    name: &'static str,
    set: &'static str,
    summary: &'static str,
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

/// Lists the registered strategies by role, each with its options and presets.
pub fn strategies(args: ListArgs) -> Result<Exit> {
    use coverlab_strategies::options::Value;
    let rows: Vec<StrategyRow> = registry::infos()
        .into_iter()
        .map(|s| StrategyRow {
            name: s.name,
            role: s.role.name(),
            summary: s.summary,
            source: s.source,
            capabilities: s.capabilities.names(),
            default: s.name == registry::DEFAULT,
            options: s
                .options
                .iter()
                .map(|o| OptionRow {
                    name: o.name,
                    default: o.default.to_string(),
                    range: matches!(o.default, Value::Number(_)).then_some(o.range),
                    help: o.help,
                })
                .collect(),
            presets: registry::presets()
                .filter(|p| p.of == s.name)
                .map(|p| PresetRow { name: p.name, set: p.set, summary: p.summary })
                .collect(),
        })
        .collect();
    let mut out = crate::diag::Stdout::new();
    if args.format == ListFormat::Json {
        serde_json::to_writer_pretty(&mut out, &rows)?;
        writeln!(out)?;
        out.flush()?;
        return Ok(Exit::Ok);
    }
    // name (role): summary, wrapped; then the options and presets, indented.
    let width = terminal_width();
    let mut role = "";
    for r in &rows {
        if r.role != role {
            role = r.role;
            writeln!(out, "{}{}", if role == "default" { "" } else { "\n" }, role.to_uppercase())?;
        }
        let head = format!("  {:<14}", r.name);
        for (i, line) in wrap(&format!("{} ({})", r.summary, r.source), width - head.len()).into_iter().enumerate() {
            writeln!(out, "{}{line}", if i == 0 { head.clone() } else { " ".repeat(head.len()) })?;
        }
        let indent = " ".repeat(head.len());
        for o in &r.options {
            let setting = format!("{indent}{}: {}", o.name, o.default);
            let setting = format!("{setting:<w$}", w = indent.len() + 24);
            for (i, line) in wrap(o.help, width.saturating_sub(setting.len()).max(30)).into_iter().enumerate() {
                writeln!(out, "{}{line}", if i == 0 { setting.clone() } else { " ".repeat(setting.len()) })?;
            }
        }
        for p in &r.presets {
            let text = format!("preset {} = {}({}): {}", p.name, r.name, p.set, p.summary);
            for (i, line) in wrap(&text, width - indent.len()).into_iter().enumerate() {
                writeln!(out, "{indent}{}{line}", if i == 0 { "" } else { "  " })?;
            }
        }
    }
    writeln!(out)?;
    let footer = "Choose one with --strategy NAME, and set options with --strategy 'NAME(option: value, …)'; \
                  a preset is a named set of options, and options may follow it too.";
    for line in wrap(footer, width) {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(Exit::Ok)
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
