//! What the examples share: reading a puzzle line of a classic n×n grid.

use std::sync::Arc;

use coverlab_model::{Grid, Model, Puzzle, Symbols, builtin};

/// Reads one line; puzzles of one size share one model (`models` keeps them).
pub fn parse_line(line: &str, models: &mut Vec<Arc<Model>>) -> Result<Puzzle, String> {
    let chars: Vec<char> = line.trim().chars().collect();
    let name =
        builtin::for_cell_count(chars.len()).ok_or_else(|| format!("no built-in spec has {} cells", chars.len()))?;
    let model = match models.iter().find(|m| m.name() == name) {
        Some(m) => m.clone(),
        None => {
            let m = Arc::new(builtin::load(name).expect("built-in").map_err(|e| e.to_string())?);
            models.push(m.clone());
            m
        }
    };
    let n = model.size();
    for symbols in Symbols::alternatives(n) {
        let values: Option<Vec<u8>> = chars
            .iter()
            .map(|&c| if c == '.' { Some(0) } else { symbols.value_of(c).or((c == '0').then_some(0)) })
            .collect();
        if let Some(values) = values {
            let grid = Grid::from_values(n, values).expect("values in range");
            return Puzzle::new(model, grid).map(|p| p.with_symbols(symbols)).map_err(|e| e.to_string());
        }
    }
    Err(format!("a line of {} cells uses symbols outside every alphabet of size {n}", chars.len()))
}

/// Reads the puzzles of a file, at most `max`: one per line, blank lines and `#` lines skipped.
/// Errors name the file and, for a bad puzzle, its line.
#[allow(dead_code, reason = "not every example reads whole files")]
pub fn read_puzzles(file: &str, max: usize) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut models = Vec::new();
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .take(max)
        .map(|(i, line)| parse_line(line, &mut models).map_err(|e| format!("{file}:{}: {e}", i + 1)))
        .collect()
}
