//! Units: the sets of cells whose values must differ, as the rules of a spec compile to them.

use crate::Cell;

/// What kind of rule produced a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box of the `Boxes` rule.
    Box,
    /// A main diagonal.
    Diagonal,
    /// A windoku window.
    Window,
    /// A jigsaw region.
    Region,
    /// An explicit `House`.
    House,
    /// An explicit `AtMostOnce` group.
    Group,
    /// A pair of cells a knight's move apart.
    AntiKnight,
    /// A pair of cells a king's move apart.
    AntiKing,
    /// The "no repeats" part of a killer cage.
    Cage,
    /// The "no repeats" part of a renban line.
    Renban,
    /// The "no repeats" part of a rellik cage.
    Rellik,
    /// The "no repeats" part of a lunchbox.
    Lunchbox,
}

impl UnitKind {
    /// Its name in the viewer's data: kebab-case, like [`crate::ConstraintKind::name`].
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Diagonal => "diagonal",
            UnitKind::Window => "window",
            UnitKind::Region => "region",
            UnitKind::House => "house",
            UnitKind::Group => "group",
            UnitKind::AntiKnight => "anti-knight",
            UnitKind::AntiKing => "anti-king",
            UnitKind::Cage => "cage",
            UnitKind::Renban => "renban",
            UnitKind::Rellik => "rellik",
            UnitKind::Lunchbox => "lunchbox",
        }
    }
}

/// A set of cells whose values must differ: a house (exactly n cells, every value exactly once)
/// or an at-most-once group (fewer cells, no value twice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// The rule it comes from.
    pub kind: UnitKind,
    /// Its name in messages: `row 3`, `box 5`, `region B`, `anti-knight r1c1-r2c3`.
    pub label: String,
    /// Its cells, ascending.
    pub cells: Vec<Cell>,
    /// True for houses (every value exactly once), false for at-most-once groups.
    pub exact: bool,
}
