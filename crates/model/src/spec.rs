//! Spec files: a puzzle family in RON.
//!
//! ```ron
//! Spec(
//!     name: "classic-6x6",
//!     summary: "6×6 sudoku with 2×3 boxes",
//!     size: 6,
//!     symbols: "123456",             // optional: the conventional alphabet for the size
//!     rules: [
//!         Rows,                      // each value once per row
//!         Columns,                   // ... per column
//!         Boxes(rows: 2, cols: 3),   // ... per 2-row, 3-column box
//!     ],
//! )
//! ```
//!
//! Every rule is one variant of [`Rule`]; new constraint kinds (killer cages, thermometers,
//! arrows, Kropki dots) become new variants, so existing spec files keep parsing unchanged.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

use crate::MAX_SIZE;

/// A puzzle family: its size, alphabet and rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// Kebab-case name, as used by `--spec`.
    pub name: String,
    /// One line for `coverlab specs`.
    #[serde(default)]
    pub summary: String,
    /// The side length n: the grid is n×n and holds values 1..=n.
    pub size: usize,
    /// The n symbols that write values 1..=n, in order; default: the conventional alphabet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symbols: Option<String>,
    /// The constraints, in any order.
    pub rules: Vec<Rule>,
}

/// One rule of a spec.
///
/// Houses ("exactly once": each of the n values exactly once in n cells) are Knuth's primary
/// items; groups ("at most once": no value twice in fewer cells) are his secondary items.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Rule {
    /// Every row is a house.
    Rows,
    /// Every column is a house.
    Columns,
    /// The grid is tiled by boxes `rows` tall and `cols` wide (`rows * cols = n`), each a house.
    Boxes {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// Both main diagonals are houses (X-sudoku).
    Diagonals,
    /// The extra windows of windoku (hyper-sudoku): boxes of the `Boxes` shape set one cell in from
    /// the edge and one cell apart (four in 9×9), each a house. Needs a `Boxes` rule.
    Windows,
    /// A region map, one row string per grid row and one letter per cell; each letter names a
    /// region of n cells, which is a house (jigsaw sudoku).
    Regions(Vec<String>),
    /// An extra house: exactly n cells, named for messages.
    House {
        /// Name used in messages and traces.
        name: String,
        /// The cells, like `"r1c1"`.
        cells: Vec<CellRef>,
    },
    /// An at-most-once group: 2 to n cells that must hold different values.
    AtMostOnce {
        /// Name used in messages and traces.
        name: String,
        /// The cells, like `"r1c1"`.
        cells: Vec<CellRef>,
    },
    /// No two cells a knight's move apart hold the same value.
    AntiKnight,
    /// No two cells a king's move apart (diagonal neighbours included) hold the same value.
    AntiKing,
}

impl Rule {
    /// The variant's name as written in spec files.
    pub fn kind(&self) -> &'static str {
        match self {
            Rule::Rows => "Rows",
            Rule::Columns => "Columns",
            Rule::Boxes { .. } => "Boxes",
            Rule::Diagonals => "Diagonals",
            Rule::Windows => "Windows",
            Rule::Regions(_) => "Regions",
            Rule::House { .. } => "House",
            Rule::AtMostOnce { .. } => "AtMostOnce",
            Rule::AntiKnight => "AntiKnight",
            Rule::AntiKing => "AntiKing",
        }
    }
}

/// A cell written `r<row>c<col>`, 1-based, as in messages: `"r3c4"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellRef {
    /// 1-based row.
    pub row: usize,
    /// 1-based column.
    pub col: usize,
}

impl fmt::Display for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

impl std::str::FromStr for CellRef {
    type Err = String;
    fn from_str(s: &str) -> Result<CellRef, String> {
        let bad = || format!("{s:?} is not a cell (expected r<row>c<column>, like \"r3c4\")");
        let rest = s.strip_prefix(['r', 'R']).ok_or_else(bad)?;
        let (row, col) = rest.split_once(['c', 'C']).ok_or_else(bad)?;
        let parse = |t: &str| t.parse::<usize>().ok().filter(|&v| v >= 1 && t.len() <= 4);
        Ok(CellRef { row: parse(row).ok_or_else(bad)?, col: parse(col).ok_or_else(bad)? })
    }
}

impl Serialize for CellRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CellRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CellRef, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The deepest nesting of RON values a spec may have: real specs nest 4 deep; hostile ones are
/// refused with a message rather than exhausting the stack.
pub const MAX_NESTING: usize = 32;

/// A spec that could not be read or is not valid, with where it went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}{}: {message}", position.map(|(l, c)| format!(":{l}:{c}")).unwrap_or_default())]
#[non_exhaustive]
pub struct SpecError {
    /// The file path, or the built-in spec's name.
    pub origin: String,
    /// 1-based line and column, when known.
    pub position: Option<(usize, usize)>,
    /// What is wrong, naming the offending value.
    pub message: String,
    /// Text to search the source for, to locate a semantic error.
    #[doc(hidden)]
    pub needle: Option<String>,
}

impl SpecError {
    /// An error found while checking a spec, located later by searching for `needle`.
    pub(crate) fn invalid(origin: &str, message: String, needle: Option<String>) -> SpecError {
        SpecError { origin: origin.into(), position: None, message, needle }
    }

    /// Fills in the position from the source text when the error names something in it.
    pub(crate) fn locate(mut self, source: &str) -> SpecError {
        if self.position.is_none()
            && let Some(needle) = &self.needle
            && let Some(offset) = source.find(needle.as_str())
        {
            let before = &source[..offset];
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            self.position = Some((line, col));
        }
        self
    }
}

impl Spec {
    /// Parses a spec from RON text; `origin` (a path or name) prefixes error messages.
    ///
    /// Syntax and structure errors carry RON's line and column. This does not check the rules
    /// against each other: [`crate::Model::from_ron`] parses *and* checks.
    pub fn parse(text: &str, origin: &str) -> Result<Spec, SpecError> {
        // A byte-order mark, as some editors write, is not part of the RON text (positions
        // are still counted from the first character after it).
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .with_recursion_limit(MAX_NESTING);
        let spec: Spec = options.from_str(text).map_err(|e| SpecError {
            origin: origin.into(),
            position: Some((e.span.start.line, e.span.start.col)),
            message: e.code.to_string(),
            needle: None,
        })?;
        if spec.size == 0 || spec.size > MAX_SIZE {
            return Err(SpecError::invalid(
                origin,
                format!("size {} is out of range (coverlab solves 1 to {MAX_SIZE})", spec.size),
                Some("size".into()),
            )
            .locate(text));
        }
        Ok(spec)
    }

    /// The spec as RON text, as it would be written in `specs/`.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().struct_names(true);
        ron::ser::to_string_pretty(self, config).expect("specs always serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_refs_parse_and_print() {
        let c: CellRef = "r3c14".parse().unwrap();
        assert_eq!(c, CellRef { row: 3, col: 14 });
        assert_eq!(c.to_string(), "r3c14");
        assert!("r0c1".parse::<CellRef>().is_err());
        assert!("x1c1".parse::<CellRef>().is_err());
        assert!("r1".parse::<CellRef>().is_err());
    }

    #[test]
    fn syntax_errors_carry_line_and_column() {
        let text = "Spec(\n  name: \"x\",\n  size: 4,\n  rules: [Rows, Colums],\n)";
        let e = Spec::parse(text, "x.ron").unwrap_err();
        assert_eq!(e.position.map(|p| p.0), Some(4), "{e}");
        assert!(e.to_string().starts_with("x.ron:4:"), "{e}");
        assert!(e.to_string().contains("Colums"), "{e}");
    }

    #[test]
    fn absurd_sizes_are_refused_before_allocation() {
        let text = "Spec(name: \"huge\", size: 1000000, rules: [Rows])";
        let e = Spec::parse(text, "huge.ron").unwrap_err();
        assert_eq!(e.to_string(), "huge.ron:1:20: size 1000000 is out of range (coverlab solves 1 to 64)");
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_spec() {
        let text = "\u{feff}Spec(name: \"bom\", size: 4, rules: [Rows, Columns, Boxes(rows: 2, cols: 2)])";
        assert_eq!(Spec::parse(text, "bom.ron").expect("parses").name, "bom");
        let bad = "\u{feff}Spec(name: \"bom\", size: 4, rules: [Rows, Colums])";
        let e = Spec::parse(bad, "bom.ron").unwrap_err();
        assert_eq!(e.position.map(|p| p.0), Some(1), "{e}");
    }

    #[test]
    fn deep_nesting_is_refused_with_a_message() {
        let text = format!("Spec(name: \"deep\", size: 4, rules: {}{})", "[".repeat(10_000), "]".repeat(10_000));
        let e = Spec::parse(&text, "deep.ron").unwrap_err();
        assert!(e.to_string().starts_with("deep.ron:1:"), "{e}");
    }

    #[test]
    fn round_trips_through_ron() {
        let spec = Spec {
            name: "t".into(),
            summary: "s".into(),
            size: 4,
            symbols: None,
            rules: vec![
                Rule::Rows,
                Rule::Boxes { rows: 2, cols: 2 },
                Rule::AtMostOnce {
                    name: "g".into(),
                    cells: vec![CellRef { row: 1, col: 1 }, CellRef { row: 2, col: 3 }],
                },
            ],
        };
        assert_eq!(Spec::parse(&spec.to_ron(), "t").unwrap(), spec);
    }
}
