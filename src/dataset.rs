//! Datasets of generated puzzles (`coverlab generate --format parquet` and `csv-extreme`;
//! docs/datasets.md).
//!
//! A set is a directory: Parquet files in `data/`, `part-KKKKK.parquet`, file K holding the
//! puzzles of index K×R to K×R+R−1 (R: `--rows-per-file`), and a dataset card beside them
//! (`dataset.json` and `README.md`), so that `data/` alone is what a Parquet reader is given. Each file carries in its key-value metadata the recipe of the set (every
//! option that decides its puzzles) and the counts of its own puzzles; the card is made from
//! those alone. So runs that each make a share of a set (`--start`, `--no-card`: a Dask or Spark
//! task each) write the same files as one run, and `--card-only` then writes the same card.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};

/// One generated puzzle: a row of the set.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Its index under the seed (`generate`'s puzzle number).
    pub index: u64,
    /// The givens, one line (`.` for an empty cell).
    pub puzzle: String,
    /// The solution, one line.
    pub solution: String,
    /// The grid's side.
    pub size: u32,
    /// The spec's name.
    pub spec: String,
    /// How many givens.
    pub givens: u32,
    /// Whether no given (no orbit, with a symmetry) can go without a second solution: true
    /// when the request made it so, `None` when the request did not ask (a clue count).
    pub minimal: Option<bool>,
    /// The symmetry of the givens' positions.
    pub symmetry: String,
    /// The seed.
    pub seed: u64,
    /// The level on the propagation scale.
    pub level: String,
    /// The score on the propagation scale (two decimals, as in JSON).
    pub score: f64,
    /// Guesses of the default strategy solving it as `coverlab solve` does.
    pub guesses: u64,
    /// Backtracks of that solve.
    pub backtracks: u64,
    /// The human techniques that solve it, as a JSON object (technique name → steps), with
    /// `"stuck": 1` when they do not finish it; `None` without `--techniques`.
    pub techniques: Option<String>,
    /// The canonical form (`coverlab canon`) for a classic spec; `None` otherwise, and when
    /// `canon` refuses the grid (too many arrangements tie).
    pub canon: Option<String>,
}

impl Row {
    /// The row in sudoku-extreme's CSV layout (`source,question,answer,rating`), one line with
    /// its newline; the rating is the default strategy's backtracks.
    pub fn csv_extreme(&self) -> String {
        format!(
            "coverlab-{}-s{}-{},{},{},{}\n",
            self.spec, self.seed, self.index, self.puzzle, self.solution, self.backtracks
        )
    }
}

/// The header line of [`Row::csv_extreme`].
pub const CSV_EXTREME_HEADER: &str = "source,question,answer,rating\n";

/// What decides a set's puzzles: the same recipe makes the same rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recipe {
    /// The coverlab version that made it.
    pub coverlab: String,
    /// The spec as `--spec` named it (`None`: the classic spec of `size`).
    pub spec: Option<String>,
    /// The spec's RON text when it was not a built-in (a file, or text given from Python).
    pub spec_ron: Option<String>,
    /// `--size`.
    pub size: Option<u64>,
    /// `--seed`.
    pub seed: u64,
    /// `--clues`.
    pub clues: Option<usize>,
    /// `--minimal`.
    pub minimal: bool,
    /// `--difficulty`.
    pub difficulty: Option<String>,
    /// `--symmetry`.
    pub symmetry: String,
    /// `--full`.
    pub full: bool,
    /// `--attempts`.
    pub attempts: u32,
    /// `--timeout` (a set made with one may not be made again: a puzzle can time out).
    pub timeout: Option<f64>,
    /// `--techniques`.
    pub techniques: bool,
    /// `--rows-per-file`.
    pub rows_per_file: u64,
}

impl Recipe {
    /// The command that makes the puzzles of index `start` to `end` − 1 into `dir`.
    pub fn command(&self, start: u64, end: u64, dir: &str) -> String {
        let mut words = vec!["coverlab generate --format parquet".to_string(), format!("--output {dir}")];
        if let Some(spec) = &self.spec {
            words.push(format!("--spec {spec}"));
        }
        if let Some(size) = self.size {
            words.push(format!("--size {size}"));
        }
        words.push(format!("--seed {}", self.seed));
        if start != 0 {
            words.push(format!("--start {start}"));
        }
        words.push(format!("-n {}", end - start));
        if let Some(k) = self.clues {
            words.push(format!("--clues {k}"));
        }
        for (flag, on) in [("--minimal", self.minimal), ("--full", self.full), ("--techniques", self.techniques)] {
            if on {
                words.push(flag.to_string());
            }
        }
        if let Some(level) = &self.difficulty {
            words.push(format!("--difficulty {level}"));
        }
        words.push(format!("--symmetry {}", self.symmetry));
        words.push(format!("--attempts {}", self.attempts));
        if let Some(t) = self.timeout {
            words.push(format!("--timeout {t}"));
        }
        words.push(format!("--rows-per-file {}", self.rows_per_file));
        words.join(" ")
    }
}

/// The counts of some rows (a file's, a set's): they add up.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    /// The first index asked for.
    pub first: u64,
    /// One past the last index asked for.
    pub end: u64,
    /// Puzzles made (rows).
    pub rows: u64,
    /// Rows per level.
    pub levels: BTreeMap<String, u64>,
    /// Rows per whole score (the score rounded down: 1, 2, 3 for the logic levels, 4 + log2 of
    /// the guesses for expert).
    pub scores: BTreeMap<u64, u64>,
    /// Rows per number of givens.
    pub givens: BTreeMap<u64, u64>,
    /// The default strategy's guesses, summed.
    pub guesses: u64,
    /// The most guesses of one puzzle.
    pub max_guesses: u64,
    /// Rows per technique used (with `--techniques`).
    pub techniques: BTreeMap<String, u64>,
    /// Rows with a canonical form, and how many distinct forms they have.
    pub canon: u64,
    /// Distinct canonical forms among them (within this file; a set's count is the sum, an
    /// upper bound, exact when files share no puzzle).
    pub distinct_canon: u64,
}

impl Counts {
    /// Adds `row`.
    pub fn add(&mut self, row: &Row) {
        self.rows += 1;
        *self.levels.entry(row.level.clone()).or_default() += 1;
        *self.scores.entry(row.score.max(0.0).floor() as u64).or_default() += 1;
        *self.givens.entry(u64::from(row.givens)).or_default() += 1;
        self.guesses += row.guesses;
        self.max_guesses = self.max_guesses.max(row.guesses);
        if let Some(t) = &row.techniques
            && let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(t)
        {
            for name in map.keys() {
                *self.techniques.entry(name.clone()).or_default() += 1;
            }
        }
        if row.canon.is_some() {
            self.canon += 1;
        }
    }

    /// Adds the counts of the next range.
    pub fn merge(&mut self, other: &Counts) {
        if self.rows == 0 && self.end == self.first {
            self.first = other.first;
        }
        self.end = other.end;
        self.rows += other.rows;
        for (k, v) in &other.levels {
            *self.levels.entry(k.clone()).or_default() += v;
        }
        for (k, v) in &other.scores {
            *self.scores.entry(*k).or_default() += v;
        }
        for (k, v) in &other.givens {
            *self.givens.entry(*k).or_default() += v;
        }
        for (k, v) in &other.techniques {
            *self.techniques.entry(k.clone()).or_default() += v;
        }
        self.guesses += other.guesses;
        self.max_guesses = self.max_guesses.max(other.max_guesses);
        self.canon += other.canon;
        self.distinct_canon += other.distinct_canon;
    }
}

/// The folder of the files, under the set's directory.
pub const DATA: &str = "data";

/// The name of file `k`.
pub fn part_name(k: u64) -> String {
    format!("part-{k:05}.parquet")
}

/// The columns, their Parquet types and what they hold (the card lists them).
pub const COLUMNS: &[(&str, &str, &str)] = &[
    ("index", "uint64", "the puzzle's number under the seed (`generate --start`)"),
    ("puzzle", "string", "the givens, one line, `.` for an empty cell"),
    ("solution", "string", "the solution, one line"),
    ("size", "int32", "the grid's side"),
    ("spec", "string", "the spec's name"),
    ("givens", "int32", "how many givens"),
    ("minimal", "bool, null", "no given (no orbit, with a symmetry) can go; null when not asked (a clue count)"),
    ("symmetry", "string", "the symmetry of the givens' positions"),
    ("seed", "uint64", "the seed"),
    ("level", "string", "the level on the propagation scale (`coverlab rate`)"),
    ("score", "double", "the score on that scale: 1, 2, 3, or 4 + log2(guesses) for expert"),
    ("guesses", "int64", "guesses of the default strategy solving it as `coverlab solve` does"),
    ("backtracks", "int64", "backtracks of that solve"),
    (
        "techniques",
        "string (JSON), null",
        "the human techniques that solve it (`explain`), name → steps, `stuck` when they cannot finish; null without --techniques",
    ),
    (
        "canon",
        "string, null",
        "the canonical form (`coverlab canon`) for a classic spec; null otherwise, or when too many arrangements tie (4 in 10,000 16×16 puzzles of 140 givens)",
    ),
];

#[cfg(feature = "parquet")]
mod parquet_files {
    use std::collections::BTreeSet;
    use std::sync::Arc;

    use parquet::basic::Compression;
    use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int32Type, Int64Type};
    use parquet::file::metadata::KeyValue;
    use parquet::file::properties::WriterProperties;
    use parquet::file::reader::{FileReader, SerializedFileReader};
    use parquet::file::writer::SerializedFileWriter;
    use parquet::schema::parser::parse_message_type;

    use anyhow::Context;
    use coverlab_model::text::file_name;
    use serde_json::json;

    use super::*;
    use crate::outfile::OutputFile;

    /// The metadata keys of a file.
    const RECIPE_KEY: &str = "coverlab.recipe";
    const COUNTS_KEY: &str = "coverlab.counts";

    const SCHEMA: &str = "message coverlab_puzzle {
        required int64 index (INTEGER(64, false));
        required binary puzzle (STRING);
        required binary solution (STRING);
        required int32 size;
        required binary spec (STRING);
        required int32 givens;
        optional boolean minimal;
        required binary symmetry (STRING);
        required int64 seed (INTEGER(64, false));
        required binary level (STRING);
        required double score;
        required int64 guesses;
        required int64 backtracks;
        optional binary techniques (STRING);
        optional binary canon (STRING);
    }";

    /// Writes file `k` of `dir`: `rows` (the puzzles made of index `first` to `end` − 1).
    pub fn write_part(dir: &Path, k: u64, recipe: &Recipe, first: u64, end: u64, rows: &[Row]) -> Result<()> {
        let path = dir.join(DATA).join(part_name(k));
        let mut counts = Counts { first, end, ..Counts::default() };
        let mut forms = BTreeSet::new();
        for row in rows {
            counts.add(row);
            if let Some(c) = &row.canon {
                forms.insert(c.as_str());
            }
        }
        counts.distinct_canon = forms.len() as u64;
        let metadata = vec![
            KeyValue::new(RECIPE_KEY.to_string(), serde_json::to_string(recipe)?),
            KeyValue::new(COUNTS_KEY.to_string(), serde_json::to_string(&counts)?),
        ];
        let properties = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_created_by(format!("coverlab {}", env!("CARGO_PKG_VERSION")))
            .set_key_value_metadata(Some(metadata))
            .build();
        let schema = Arc::new(parse_message_type(SCHEMA).expect("the schema is valid"));
        let file = OutputFile::create(&path).with_context(|| format!("cannot write {}", file_name(&path)))?;
        let mut writer = SerializedFileWriter::new(file, schema, Arc::new(properties))?;
        let mut group = writer.next_row_group()?;
        let mut column = 0;
        let text =
            |f: &dyn Fn(&Row) -> &str| -> Vec<ByteArray> { rows.iter().map(|r| ByteArray::from(f(r))).collect() };
        let optional_text = |f: &dyn Fn(&Row) -> Option<&str>| -> (Vec<ByteArray>, Vec<i16>) {
            let values = rows.iter().filter_map(f).map(ByteArray::from).collect();
            let defined = rows.iter().map(|r| i16::from(f(r).is_some())).collect();
            (values, defined)
        };
        let ints = |f: &dyn Fn(&Row) -> i64| -> Vec<i64> { rows.iter().map(f).collect() };
        let int32s = |f: &dyn Fn(&Row) -> i32| -> Vec<i32> { rows.iter().map(f).collect() };
        while let Some(mut writer) = group.next_column()? {
            match column {
                0 => writer.typed::<Int64Type>().write_batch(&ints(&|r| r.index as i64), None, None)?,
                1 => writer.typed::<ByteArrayType>().write_batch(&text(&|r| &r.puzzle), None, None)?,
                2 => writer.typed::<ByteArrayType>().write_batch(&text(&|r| &r.solution), None, None)?,
                3 => writer.typed::<Int32Type>().write_batch(&int32s(&|r| r.size as i32), None, None)?,
                4 => writer.typed::<ByteArrayType>().write_batch(&text(&|r| &r.spec), None, None)?,
                5 => writer.typed::<Int32Type>().write_batch(&int32s(&|r| r.givens as i32), None, None)?,
                6 => {
                    let values: Vec<bool> = rows.iter().filter_map(|r| r.minimal).collect();
                    let defined: Vec<i16> = rows.iter().map(|r| i16::from(r.minimal.is_some())).collect();
                    writer.typed::<BoolType>().write_batch(&values, Some(&defined), None)?
                }
                7 => writer.typed::<ByteArrayType>().write_batch(&text(&|r| &r.symmetry), None, None)?,
                8 => writer.typed::<Int64Type>().write_batch(&ints(&|r| r.seed as i64), None, None)?,
                9 => writer.typed::<ByteArrayType>().write_batch(&text(&|r| &r.level), None, None)?,
                10 => {
                    let values: Vec<f64> = rows.iter().map(|r| r.score).collect();
                    writer.typed::<DoubleType>().write_batch(&values, None, None)?
                }
                11 => writer.typed::<Int64Type>().write_batch(&ints(&|r| r.guesses as i64), None, None)?,
                12 => writer.typed::<Int64Type>().write_batch(&ints(&|r| r.backtracks as i64), None, None)?,
                13 => {
                    let (values, defined) = optional_text(&|r| r.techniques.as_deref());
                    writer.typed::<ByteArrayType>().write_batch(&values, Some(&defined), None)?
                }
                14 => {
                    let (values, defined) = optional_text(&|r| r.canon.as_deref());
                    writer.typed::<ByteArrayType>().write_batch(&values, Some(&defined), None)?
                }
                _ => unreachable!("the schema has 15 columns"),
            };
            writer.close()?;
            column += 1;
        }
        group.close()?;
        let file = writer.into_inner()?;
        file.commit().with_context(|| format!("cannot write {}", file_name(&path)))?;
        Ok(())
    }

    /// The recipe and counts of a file, from its metadata.
    fn read_part(path: &Path) -> Result<(Recipe, Counts)> {
        let name = file_name(path);
        let file = std::fs::File::open(path).with_context(|| format!("cannot open {name}"))?;
        let reader = SerializedFileReader::new(file).with_context(|| format!("{name}: not a Parquet file"))?;
        let metadata = reader.metadata().file_metadata().key_value_metadata().cloned().unwrap_or_default();
        let value = |key: &str| -> Result<String> {
            metadata
                .iter()
                .find(|kv| kv.key == key)
                .and_then(|kv| kv.value.clone())
                .with_context(|| format!("{name}: no {key} in its metadata (not a file of coverlab generate)"))
        };
        let recipe = serde_json::from_str(&value(RECIPE_KEY)?).with_context(|| format!("{name}: {RECIPE_KEY}"))?;
        let counts = serde_json::from_str(&value(COUNTS_KEY)?).with_context(|| format!("{name}: {COUNTS_KEY}"))?;
        Ok((recipe, counts))
    }

    /// Writes the card of the files in `dir` (`dataset.json`, `README.md`); returns the set's
    /// counts. The files must come from one recipe and cover one range of indices, each once.
    pub fn write_card(dir: &Path) -> Result<Counts> {
        let mut parts: Vec<(u64, std::path::PathBuf)> = Vec::new();
        let data = dir.join(DATA);
        for entry in std::fs::read_dir(&data).with_context(|| format!("cannot read {}", file_name(&data)))? {
            let path = entry?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if let Some(k) = name.strip_prefix("part-").and_then(|n| n.strip_suffix(".parquet")) {
                match k.parse::<u64>() {
                    Ok(k) if part_name(k) == name => parts.push((k, path)),
                    _ => bail!("{}: not a part's name (part-KKKKK.parquet)", file_name(&path)),
                }
            }
        }
        parts.sort();
        let Some((_, first_path)) = parts.first() else {
            bail!("{}: no Parquet files (part-KKKKK.parquet) to make a card of", file_name(&data));
        };
        let (recipe, _) = read_part(first_path)?;
        let mut total = Counts::default();
        let mut files = Vec::new();
        for (k, path) in &parts {
            let (theirs, counts) = read_part(path)?;
            if theirs != recipe {
                bail!(
                    "{} was made by another recipe than {} (another seed, spec or option): one set per directory",
                    file_name(path),
                    file_name(first_path)
                );
            }
            let expected = if files.is_empty() { counts.first } else { total.end };
            if counts.first != expected || counts.first / recipe.rows_per_file != *k {
                bail!(
                    "{}: puzzles {} to {} follow {} to {}: a part of the set is missing or made twice",
                    file_name(path),
                    counts.first,
                    counts.end.saturating_sub(1),
                    total.first,
                    total.end.saturating_sub(1)
                );
            }
            files.push(json!({"name": format!("{DATA}/{}", part_name(*k)), "rows": counts.rows, "first": counts.first, "end": counts.end}));
            total.merge(&counts);
        }
        let mean =
            |sum: u64| if total.rows == 0 { 0.0 } else { (sum as f64 / total.rows as f64 * 100.0).round() / 100.0 };
        let givens_sum: u64 = total.givens.iter().map(|(g, k)| g * k).sum();
        let command = recipe.command(total.first, total.end, "DIR");
        let card = json!({
            "coverlab": recipe.coverlab,
            "command": command,
            "recipe": recipe,
            "indices": {"first": total.first, "end": total.end},
            "counts": {"requested": total.end - total.first, "made": total.rows, "failed": total.end - total.first - total.rows},
            "files": files,
            "levels": total.levels,
            "scores": total.scores,
            "givens": {
                "min": total.givens.keys().next(),
                "max": total.givens.keys().next_back(),
                "mean": mean(givens_sum),
                "histogram": total.givens,
            },
            "default_strategy": {"guesses_mean": mean(total.guesses), "guesses_max": total.max_guesses},
            "techniques": total.techniques,
            "canon": {"rows": total.canon, "distinct_within_files": total.distinct_canon},
            "columns": COLUMNS.iter().map(|(name, kind, meaning)| json!({"name": name, "type": kind, "meaning": meaning})).collect::<Vec<_>>(),
        });
        let mut text = serde_json::to_string_pretty(&card)?;
        text.push('\n');
        crate::outfile::write(&dir.join("dataset.json"), text)?;
        crate::outfile::write(&dir.join("README.md"), readme(&recipe, &total, &command, parts.len()))?;
        Ok(total)
    }

    /// The card's README.md.
    fn readme(recipe: &Recipe, total: &Counts, command: &str, files: usize) -> String {
        let spec = recipe.spec.clone().unwrap_or_else(|| format!("classic {0}x{0}", recipe.size.unwrap_or(9)));
        let mut s = format!(
            "# coverlab puzzles: {spec}, seed {}\n\n{} unique puzzles (index {} to {}) in {files} Parquet file(s), made by \
             coverlab {}, in `data/`; {} of {} asked for could not be made. The same command, DIR being this directory, makes the same \
             files, byte for byte:\n\n\
             ```sh\n{command}\n```\n\n`dataset.json` holds the recipe, the counts and the distributions below.\n\n",
            recipe.seed,
            total.rows,
            total.first,
            total.end.saturating_sub(1),
            recipe.coverlab,
            total.end - total.first - total.rows,
            total.end - total.first,
        );
        s.push_str("## Levels (propagation scale)\n\n| level | puzzles |\n| --- | ---: |\n");
        for level in coverlab_generate::Level::ALL {
            let k = total.levels.get(level.name()).copied().unwrap_or(0);
            s.push_str(&format!("| {} | {k} |\n", level.name()));
        }
        s.push_str("\n## Columns\n\n| column | type | meaning |\n| --- | --- | --- |\n");
        for (name, kind, meaning) in COLUMNS {
            s.push_str(&format!("| {name} | {kind} | {meaning} |\n"));
        }
        s.push_str(
            "\n## Reading it\n\n```python\nimport pyarrow.parquet as pq\ntable = pq.read_table(\"DIR/data\")  # or pandas.read_parquet(\"DIR/data\")\n```\n",
        );
        s
    }
}

#[cfg(feature = "parquet")]
pub use parquet_files::{write_card, write_part};

/// Without the `parquet` feature: says so.
#[cfg(not(feature = "parquet"))]
pub fn write_part(_dir: &Path, _k: u64, _recipe: &Recipe, _first: u64, _end: u64, _rows: &[Row]) -> Result<()> {
    bail!("--format parquet is not built in: build coverlab with its `parquet` feature (on by default)")
}

/// Without the `parquet` feature: says so.
#[cfg(not(feature = "parquet"))]
pub fn write_card(_dir: &Path) -> Result<Counts> {
    bail!("--format parquet is not built in: build coverlab with its `parquet` feature (on by default)")
}

/// Rows in index order, written as files as they fill (`generate --format parquet`).
pub struct Parts<'a> {
    dir: &'a Path,
    recipe: Recipe,
    /// The range the run makes.
    start: u64,
    end: u64,
    /// The file being filled, and its rows.
    file: u64,
    rows: Vec<Row>,
}

impl<'a> Parts<'a> {
    /// Files of `recipe` into `dir` for the puzzles of index `start` to `end` − 1.
    pub fn new(dir: &'a Path, recipe: Recipe, start: u64, end: u64) -> Parts<'a> {
        let file = start / recipe.rows_per_file;
        Parts { dir, recipe, start, end, file, rows: Vec::new() }
    }

    /// The range of file `k` within the run's.
    fn range(&self, k: u64) -> (u64, u64) {
        let r = self.recipe.rows_per_file;
        ((k * r).max(self.start), ((k + 1) * r).min(self.end))
    }

    /// The result of puzzle `index` (made or not): writes the files it completes.
    pub fn push(&mut self, index: u64, row: Option<Row>) -> Result<()> {
        while index >= self.range(self.file).1 {
            self.flush()?;
        }
        if let Some(row) = row {
            self.rows.push(row);
        }
        if index + 1 == self.range(self.file).1 {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        let (first, end) = self.range(self.file);
        write_part(self.dir, self.file, &self.recipe, first, end, &self.rows)?;
        self.rows.clear();
        self.file += 1;
        Ok(())
    }
}
