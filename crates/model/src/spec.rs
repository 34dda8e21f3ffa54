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
//! Every rule is one variant of [`Rule`]. Besides houses and groups ("these cells differ"), a
//! spec may hold constraints of other kinds, written the same way:
//!
//! ```ron
//! Cage(cells: ["r1c1", "r1c2", "r2c1"], sum: 12),      // killer cage (sum optional)
//! Thermometer(cells: ["r5c5", "r4c5", "r3c5"]),         // bulb first
//! Arrow(circle: "r1c9", line: ["r2c8", "r3c7"]),
//! WhiteDot(cells: ["r1c1", "r1c2"]), BlackDot(cells: ["r2c2", "r3c2"]),
//! X(cells: ["r4c4", "r4c5"]), V(cells: ["r6c6", "r7c6"]),
//! Negative([WhiteDot, BlackDot]),                       // the negative Kropki rule
//! Even(cells: ["r9c9"]), Odd(cells: ["r9c1"]), NonConsecutive,
//! Candidates(cell: "r2c2", values: [1, 4, 7]),          // pencil marks: the cell is one of these
//! Whisper(cells: ["r8c1", "r8c2", "r8c3"]),             // difference: ⌈n/2⌉ unless given
//! Renban(cells: ["r7c7", "r7c8"]), Palindrome(cells: ["r5c1", "r5c2", "r5c3"]),
//! LittleKiller(cells: ["r1c2", "r2c3", "r3c4"], sum: 15),
//! Sandwich(row: 3, sum: 10), Sandwich(column: 7, sum: 0),
//! Pair(cells: ["r1c1", "r1c2"], allowed: [(1, 2), (2, 1)]),  // a rule of your own: the pairs listed
//! Pair(name: "prime sum", cells: ["r9c1", "r9c2", "r9c3"], holds: "a + b == 5 || a + b == 7"),
//! Regex(cells: ["r9c1", "r9c2", "r9c3"], pattern: "1[2-4]*9"),  // the values, read as symbols
//! Between(cells: ["r1c1", "r1c2", "r1c3"]),             // the middle strictly between the ends
//! Lockout(cells: ["r2c1", "r2c2", "r2c3"]),             // ends ⌊n/2⌋ apart or more, middle outside
//! Entropic(cells: ["r3c1", "r3c2", "r3c3"]), Modular(cells: ["r4c1", "r4c2", "r4c3"]),
//! ParityLine(cells: ["r5c1", "r5c2"]), Zipper(cells: ["r6c1", "r6c2", "r6c3"]),
//! RegionSum(cells: ["r7c3", "r7c4"]), SlowThermometer(cells: ["r8c1", "r8c2"]),
//! Skyscraper(row: 1, count: 3), Skyscraper(column: 2, from_end: true, count: 1),  // seen from outside
//! XSum(row: 2, sum: 15), XSum(column: 3, from_end: true, sum: 6),  // the first X values add up
//! Quadruple(cell: "r4c4", values: [1, 2, 2]),          // in r4c4, r4c5, r5c4, r5c5
//! Sum(cells: ["r1c1", "r2c2"], sum: 10),                // a cage whose values may repeat
//! Rellik(cells: ["r8c8", "r8c9"], sum: 7),              // no values of it add up to 7
//! PillArrow(pill: ["r1c1", "r1c2"], line: ["r2c3", "r3c4", "r4c5"]),  // line adds up to 10a + b
//! DoubleArrow(cells: ["r5c1", "r5c2", "r5c3", "r5c4"]),  // middle adds up to the two ends
//! SumLine(cells: ["r6c1", "r6c2", "r6c3"], sum: 10),    // segments of the line each add up to 10
//! SumLine(cells: ["r1c1", "r1c2", "r2c2", "r2c1"], sum: 10, closed: true),  // a loop
//! Lunchbox(cells: ["r7c1", "r7c2", "r7c3", "r7c4"], sum: 5),  // between its smallest and largest
//! Clone(cells: ["r1c1", "r1c2"], clone: ["r5c5", "r5c6"]),  // r5c5 = r1c1, r5c6 = r1c2
//! ColumnIndexer(cells: ["r1c1", "r2c1"]),  // r1c1 = v: the cell of row 1 in column v holds 1
//! RowIndexer(cells: ["r1c5"]),             // r1c5 = v: the cell of column 5 in row v holds 1
//! NumberedRoom(row: 4, value: 7),          // r4c1 = x: the x-th cell of row 4 holds 7
//! HiddenSkyscraper(column: 3, value: 2),   // from the top, the first value lower than one before is 2
//! StateMachine(cells: ["r8c1", "r8c2", "r8c3"], start: [0], accept: [0],  // a machine of your own
//!     transitions: [(0, "[13579]", 1), (1, "[2468]", 0), (1, "[13579]", 0)]),
//! Or([[Thermometer(cells: ["r1c1", "r1c2"])], [Cage(cells: ["r1c1", "r1c2"], sum: 10)]]),  // one branch holds
//! FullRank(row: 1, rank: 17), FullRank(column: 3, from_end: true, rank: 12),  // among the 4n numbers
//! FullRankTies(Any),                       // ties allowed (default Unclued; Never: all differ)
//! CountingCircles(cells: ["r1c1", "r2c5", "r9c9"]),  // a circle's value: how many circles hold it
//! Minimum(cells: ["r5c5"]), Maximum(cells: ["r1c1"]),  // less (greater) than each orthogonal neighbour
//! ```
//!
//! The model compiles each of them to a [`crate::Constraint`].

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
    #[serde(deserialize_with = "whole_number")]
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
    /// A killer cage: its cells hold different values and, when `sum` is given, add up to it.
    /// `Cage(cells: ["r1c1", "r1c2"], sum: 10)`.
    Cage {
        /// The cells, in any order.
        cells: Vec<CellRef>,
        /// The total of the cage's values; none: only "no repeats".
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sum: Option<u32>,
    },
    /// A thermometer: values strictly increase from the bulb (the first cell) along the line.
    Thermometer {
        /// The line, bulb first; consecutive cells touch (a king's move).
        cells: Vec<CellRef>,
    },
    /// An arrow: the values on the line add up to the value in the circle.
    Arrow {
        /// The circle.
        circle: CellRef,
        /// The line, from the circle outwards; its cells usually touch, but need not (the rule
        /// is a sum, and ISS's arrows go through any cells).
        line: Vec<CellRef>,
    },
    /// A white Kropki dot: the two (orthogonally adjacent) cells hold consecutive values.
    WhiteDot {
        /// The two cells.
        cells: Vec<CellRef>,
    },
    /// A black Kropki dot: one of the two (orthogonally adjacent) cells holds double the other.
    BlackDot {
        /// The two cells.
        cells: Vec<CellRef>,
    },
    /// An X: the two (orthogonally adjacent) cells add up to 10.
    X {
        /// The two cells.
        cells: Vec<CellRef>,
    },
    /// A V: the two (orthogonally adjacent) cells add up to 5.
    V {
        /// The two cells.
        cells: Vec<CellRef>,
    },
    /// The negative rule for these marks: two orthogonal neighbours with none of the listed
    /// marks between them do not have the relation any of those marks would state.
    /// `Negative([WhiteDot, BlackDot])` is "all Kropki dots are given".
    Negative(Vec<Mark>),
    /// These cells hold even values.
    Even {
        /// The cells.
        cells: Vec<CellRef>,
    },
    /// These cells hold odd values.
    Odd {
        /// The cells.
        cells: Vec<CellRef>,
    },
    /// The cell holds one of these values: its candidates, as a person pencilled them in. A
    /// pencil-mark grid (`coverlab … --format marks`, or the 729-character form) is read as its
    /// givens and one such rule per cell whose candidates are fewer than all.
    Candidates {
        /// The cell.
        cell: CellRef,
        /// Its candidates, 1..=n.
        values: Vec<u32>,
    },
    /// Orthogonal neighbours never hold consecutive values (a pair with a white dot excepted).
    NonConsecutive,
    /// A German whispers line: neighbours on the line differ by at least `difference`
    /// (default ⌈n/2⌉: 5 on 9×9).
    Whisper {
        /// The line; consecutive cells touch.
        cells: Vec<CellRef>,
        /// The least difference; default ⌈n/2⌉.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        difference: Option<u32>,
    },
    /// A renban line: its values are a set of consecutive values, in any order (so no repeats).
    Renban {
        /// The line; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A palindrome line: it reads the same from both ends.
    Palindrome {
        /// The line; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A little killer clue: the values along a diagonal add up to `sum` (values may repeat).
    LittleKiller {
        /// The diagonal, in order: each cell one diagonal step from the last, in one direction.
        cells: Vec<CellRef>,
        /// The total.
        sum: u32,
    },
    /// A sandwich clue: in the row (or column), the values between the smallest value (1) and
    /// the largest (n) add up to `sum`. Give `row` or `column`, 1-based.
    Sandwich {
        /// The row, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<usize>,
        /// The column, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        /// The total between the two.
        sum: u32,
    },
    /// A rule of the user's own on pairs of cells: each cell of `cells` and the next (a pair
    /// with two cells, a line with more) hold values `a`, `b` that `allowed` lists, or for which
    /// the expression `holds` is true (`abs(a - b) >= 5`; see [`crate::expr`]). Give one of the
    /// two.
    Pair {
        /// What the rule is called in traces and messages (default `pair`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// The cells, in order: each with the next is a pair (they need not touch).
        cells: Vec<CellRef>,
        /// The value pairs (a, b) allowed, a in the earlier cell.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        allowed: Option<Vec<(u32, u32)>>,
        /// A condition on a (the earlier cell's value), b (the later's) and n.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        holds: Option<String>,
    },
    /// A regex line: the values along the line, each written as its symbol, match the whole
    /// pattern (`"1[2-4]*9"`; the syntax is in [`crate::pattern`]).
    Regex {
        /// The line, in reading order; consecutive cells touch.
        cells: Vec<CellRef>,
        /// The regular expression over the spec's symbols.
        pattern: String,
    },
    /// A between line: the values of the cells strictly inside the line lie strictly between
    /// the values of its two ends (the circles), in either order.
    Between {
        /// The line, from one end to the other; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A lockout line: its two ends (the diamonds) differ by at least `difference` (default
    /// ⌊n/2⌋: 4 on 9×9), and no cell inside the line holds a value between theirs, the ends'
    /// values included.
    Lockout {
        /// The line, from one end to the other; consecutive cells touch.
        cells: Vec<CellRef>,
        /// The least difference of the ends; default ⌊n/2⌋.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        difference: Option<u32>,
    },
    /// An entropic line: every three consecutive cells hold one low, one middle and one high
    /// value (the thirds of 1..=n; n divisible by 3); on a line of two cells, two thirds.
    Entropic {
        /// The line; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A modular line: every `modulus` consecutive cells (default 3) hold values with different
    /// remainders modulo `modulus`; a shorter line, values with different remainders.
    Modular {
        /// The line; consecutive cells touch.
        cells: Vec<CellRef>,
        /// The modulus, 2 to 6; default 3.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        modulus: Option<u32>,
    },
    /// A parity line: odd and even values alternate along it.
    ParityLine {
        /// The line; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A zipper line: cells the same distance from the line's middle add up to the same total,
    /// which is the middle cell's value when the line has an odd number of cells.
    Zipper {
        /// The line, from one end to the other; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A region-sum line: the borders of the boxes (or regions) cut the line into segments, and
    /// every segment's values add up to the same total. Needs boxes or regions.
    RegionSum {
        /// The line; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A slow thermometer: values never decrease from the bulb (the first cell) along the line;
    /// equal neighbours only where no house or group forbids it.
    SlowThermometer {
        /// The line, bulb first; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A skyscraper clue outside the grid: seen from the clue, `count` values of the row (or
    /// column) are higher than every value before them (taller buildings hide shorter ones).
    /// Give `row` or `column`, 1-based; the clue is at the left of the row (the top of the
    /// column), or at the right (the bottom) with `from_end: true`.
    Skyscraper {
        /// The row, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<usize>,
        /// The column, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        /// Seen from the right of the row (the bottom of the column).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_end: bool,
        /// How many values are seen: 1 to n.
        count: u32,
    },
    /// An X-sum clue outside the grid: reading the row (or column) from the clue, its first
    /// value X says how many values, that first one included, add up to `sum`. Give `row` or
    /// `column`, 1-based; the clue is at the left of the row (the top of the column), or at the
    /// right (the bottom) with `from_end: true`.
    XSum {
        /// The row, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<usize>,
        /// The column, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        /// Read from the right of the row (the bottom of the column).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_end: bool,
        /// The total of the first X values.
        sum: u32,
    },
    /// A quadruple: the 2×2 cells whose top-left cell is `cell` (the four around the grid point
    /// at its bottom-right corner) hold every one of `values`; a value listed twice is there at
    /// least twice.
    Quadruple {
        /// The top-left cell of the 2×2 block.
        cell: CellRef,
        /// The values it holds: 1 to 4 of them.
        values: Vec<u32>,
    },
    /// A sum whose values may repeat: a killer cage without the "no repeats" part (ISS's `Sum`).
    Sum {
        /// The cells, in any order.
        cells: Vec<CellRef>,
        /// The total.
        sum: u32,
    },
    /// A rellik cage: its cells hold different values and no set of one or more of them adds
    /// up to `sum`.
    Rellik {
        /// The cells, in any order.
        cells: Vec<CellRef>,
        /// The total no values of the cage may make.
        sum: u32,
    },
    /// A pill arrow: the values on the line add up to the number the pill's cells write, one
    /// decimal digit each, the first the leading one (`[4, 2]` is 42). On grids above 9×9 a
    /// digit after the first is 1 to 9, as in ISS.
    PillArrow {
        /// The pill: 1 to 3 cells, leading digit first; consecutive cells touch.
        pill: Vec<CellRef>,
        /// The line, from the pill outwards; its first cell touches the pill.
        line: Vec<CellRef>,
    },
    /// A double arrow: the values of the line's cells between its two ends add up to the sum
    /// of the ends (the two circles).
    DoubleArrow {
        /// The line, from one circle to the other; consecutive cells touch.
        cells: Vec<CellRef>,
    },
    /// A sum line (ISS's `SumLine`; "10 lines" at 10): the line splits into consecutive
    /// segments of one or more cells, each adding up to `sum`.
    SumLine {
        /// The line, in order; consecutive cells touch (and the last the first, when closed).
        cells: Vec<CellRef>,
        /// Each segment's total.
        sum: u32,
        /// A loop (ISS's `LOOP`): the last cell touches the first, and a segment may run over
        /// the end back into the start.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        closed: bool,
    },
    /// A lunchbox (ISS's `Lunchbox`): the cells hold different values, and those lying between
    /// the smallest and the largest of them along the line add up to `sum` (a sandwich is the
    /// lunchbox of a whole row, whose smallest and largest values are 1 and n).
    Lunchbox {
        /// The cells, in order along the line (they need not touch).
        cells: Vec<CellRef>,
        /// The total between the smallest and the largest value (0: they are neighbours).
        sum: u32,
    },
    /// A clone (f-puzzles' `clone`; ISS's `SameValues` of one-cell sets): each cell of
    /// `clone` holds the same value as the cell of `cells` at its place in the list.
    Clone {
        /// The cells cloned.
        cells: Vec<CellRef>,
        /// Their clones, in the same order: as many.
        clone: Vec<CellRef>,
    },
    /// Column indexers (ISS's `Indexing~C`, f-puzzles' `columnindexer`): a cell of these in
    /// column c holding the v-th value says that the cell of its row in column v holds the c-th
    /// value (a 1-9 column indexer in column 1 holding 5: r?c5 holds 1).
    ColumnIndexer {
        /// The indexing cells, in any order.
        cells: Vec<CellRef>,
    },
    /// Row indexers (ISS's `Indexing~R`, f-puzzles' `rowindexer`): a cell of these in row r
    /// holding the v-th value says that the cell of its column in row v holds the r-th value.
    RowIndexer {
        /// The indexing cells, in any order.
        cells: Vec<CellRef>,
    },
    /// A hidden skyscraper clue outside the grid (ISS's `HiddenSkyscraper`): reading the row
    /// (or column) from the clue, the values rise until the first one not higher than every
    /// value before it (hidden behind a taller one), and that one is `value`. Give `row` or
    /// `column`, 1-based; from the left (top), or the right (bottom) with `from_end: true`.
    HiddenSkyscraper {
        /// The row, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<usize>,
        /// The column, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        /// Read from the right of the row (the bottom of the column).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_end: bool,
        /// The first hidden value: 1 to n − 1 (n is never hidden).
        value: u32,
    },
    /// A numbered room clue outside the grid (ISS's `NumberedRoom`): reading the row (or
    /// column) from the clue, its first value x says that its x-th cell (the first is the 1st)
    /// holds `value`. Give `row` or `column`, 1-based; the clue is at the left of the row (the
    /// top of the column), or at the right (the bottom) with `from_end: true`.
    NumberedRoom {
        /// The row, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<usize>,
        /// The column, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        /// Read from the right of the row (the bottom of the column).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_end: bool,
        /// The value in the cell the first one points at: 1 to n.
        value: u32,
    },
    /// A state machine (ISS's `NFA`): the values along the cells, read in order, take the
    /// machine from one of its start states to one of its accepting states, each value along
    /// one transition out of the state it is in. Nondeterministic: a state may have several
    /// transitions on one value, and the line holds when some choice of them ends in an
    /// accepting state. States are numbered from 0; the limits are in [`crate::pattern`].
    StateMachine {
        /// What the rule is called in messages and steps.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// The cells, in the order they are read (they need not touch).
        cells: Vec<CellRef>,
        /// The start states.
        start: Vec<usize>,
        /// The accepting states.
        accept: Vec<usize>,
        /// Each transition: (from, values, to), the values written as one symbol, a class
        /// (`"[1-4]"`, `"[^5]"`) or `"."` for any, as in a regex.
        transitions: Vec<(usize, String, usize)>,
    },
    /// At least one of the branches holds (ISS's `Or`): each branch a list of rules that all
    /// hold together. `Or([[Thermometer(cells: ["r1c1", "r1c2"])], [Cage(cells: ["r1c1", "r1c2"],
    /// sum: 10)]])`. A branch may hold any rule about given cells, an `AtMostOnce` group and
    /// another `Or`; houses and the rules over the whole grid (`Rows`, `Boxes`, `Regions`,
    /// `House`, `Diagonals`, `Windows`, `AntiKnight`, `AntiKing`, `NonConsecutive`, `Negative`)
    /// are refused there, and marks inside a branch are not marks for a `Negative` rule.
    Or(Vec<Vec<Rule>>),
    /// A full-rank clue outside the grid (ISS's `FullRank`): every row and every column, read as
    /// a number from each of its two ends (4n numbers, written with one digit per value), is
    /// ranked from the lowest (1) to the highest, and the clue's number has rank `rank`: exactly
    /// `rank − 1` of the 4n numbers are lower than it. None equals it, unless
    /// [`Rule::FullRankTies`] says `Any`. Give `row` or `column`, 1-based; the number is read
    /// from the left of the row (the top of the column), or from the right (the bottom) with
    /// `from_end: true`. Needs `Rows` and `Columns` (so rank r starts with the value ⌈r/4⌉).
    FullRank {
        /// The row, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<usize>,
        /// The column, 1-based.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        /// Read from the right of the row (the bottom of the column).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_end: bool,
        /// The number's rank: 1 to 4n.
        rank: u32,
    },
    /// Which numbers of the full rank may tie (ISS's `FullRankTies`), at most one such rule:
    /// `Unclued` (the default: a clue's number equals no other, numbers without a clue may
    /// tie), `Any` (ties allowed, a tied number ranks after the numbers lower than it: 1, 2, 2,
    /// 4) or `Never` (all 4n numbers differ, even with no clue at all).
    FullRankTies(Ties),
    /// Counting circles (ISS's `CountingCircles`): the value in each circled cell is the number
    /// of the rule's circles that hold that value (a circle holding 3: exactly three of them
    /// hold 3). Each rule's circles count among themselves; the cells need not touch.
    CountingCircles {
        /// The circled cells.
        cells: Vec<CellRef>,
    },
    /// Minimum cells (f-puzzles' `minimum`): each cell's value is less than the value of each of
    /// its orthogonal neighbours.
    Minimum {
        /// The marked cells.
        cells: Vec<CellRef>,
    },
    /// Maximum cells (f-puzzles' `maximum`): each cell's value is greater than the value of
    /// each of its orthogonal neighbours.
    Maximum {
        /// The marked cells.
        cells: Vec<CellRef>,
    },
}

/// Which numbers of the full rank may equal another (see [`Rule::FullRankTies`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
pub enum Ties {
    /// No two of the 4n numbers are equal (ISS's `none`).
    Never,
    /// A clue's number equals no other; numbers without a clue may (ISS's default,
    /// `only-unclued`).
    #[default]
    Unclued,
    /// Any numbers may be equal; a clue's rank is one more than the numbers lower than its
    /// (ISS's `any`).
    Any,
}

/// A mark between two orthogonal neighbours, as named by [`Rule::Negative`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mark {
    /// A white Kropki dot (consecutive values).
    WhiteDot,
    /// A black Kropki dot (one value double the other).
    BlackDot,
    /// An X (the values add up to 10).
    X,
    /// A V (the values add up to 5).
    V,
}

impl Mark {
    /// The mark as written in spec files.
    pub fn name(self) -> &'static str {
        match self {
            Mark::WhiteDot => "WhiteDot",
            Mark::BlackDot => "BlackDot",
            Mark::X => "X",
            Mark::V => "V",
        }
    }
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
            Rule::Cage { .. } => "Cage",
            Rule::Thermometer { .. } => "Thermometer",
            Rule::Arrow { .. } => "Arrow",
            Rule::WhiteDot { .. } => "WhiteDot",
            Rule::BlackDot { .. } => "BlackDot",
            Rule::X { .. } => "X",
            Rule::V { .. } => "V",
            Rule::Negative(_) => "Negative",
            Rule::Even { .. } => "Even",
            Rule::Odd { .. } => "Odd",
            Rule::Candidates { .. } => "Candidates",
            Rule::NonConsecutive => "NonConsecutive",
            Rule::Whisper { .. } => "Whisper",
            Rule::Renban { .. } => "Renban",
            Rule::Palindrome { .. } => "Palindrome",
            Rule::LittleKiller { .. } => "LittleKiller",
            Rule::Sandwich { .. } => "Sandwich",
            Rule::Pair { .. } => "Pair",
            Rule::Regex { .. } => "Regex",
            Rule::Between { .. } => "Between",
            Rule::Lockout { .. } => "Lockout",
            Rule::Entropic { .. } => "Entropic",
            Rule::Modular { .. } => "Modular",
            Rule::ParityLine { .. } => "ParityLine",
            Rule::Zipper { .. } => "Zipper",
            Rule::RegionSum { .. } => "RegionSum",
            Rule::SlowThermometer { .. } => "SlowThermometer",
            Rule::Skyscraper { .. } => "Skyscraper",
            Rule::XSum { .. } => "XSum",
            Rule::Quadruple { .. } => "Quadruple",
            Rule::Sum { .. } => "Sum",
            Rule::Rellik { .. } => "Rellik",
            Rule::PillArrow { .. } => "PillArrow",
            Rule::DoubleArrow { .. } => "DoubleArrow",
            Rule::SumLine { .. } => "SumLine",
            Rule::Lunchbox { .. } => "Lunchbox",
            Rule::StateMachine { .. } => "StateMachine",
            Rule::Clone { .. } => "Clone",
            Rule::ColumnIndexer { .. } => "ColumnIndexer",
            Rule::RowIndexer { .. } => "RowIndexer",
            Rule::NumberedRoom { .. } => "NumberedRoom",
            Rule::HiddenSkyscraper { .. } => "HiddenSkyscraper",
            Rule::Or(_) => "Or",
            Rule::FullRank { .. } => "FullRank",
            Rule::FullRankTies(_) => "FullRankTies",
            Rule::CountingCircles { .. } => "CountingCircles",
            Rule::Minimum { .. } => "Minimum",
            Rule::Maximum { .. } => "Maximum",
        }
    }
}

/// A whole number, with a message that says so for `4.5` or `-3` (RON alone would say "expected
/// comma" after the `4`).
fn whole_number<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    struct Whole;
    impl serde::de::Visitor<'_> for Whole {
        type Value = usize;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a whole number")
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<usize, E> {
            Ok(usize::try_from(v).unwrap_or(usize::MAX))
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<usize, E> {
            usize::try_from(v)
                .map_err(|_| E::custom(format!("{v} is negative: expected a whole number 1 to {MAX_SIZE}")))
        }
        fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<usize, E> {
            if v.fract() == 0.0 && v.abs() > 1e15 {
                return Err(E::custom(format!("{v:e} is out of range: expected a whole number 1 to {MAX_SIZE}")));
            }
            Err(E::custom(format!("{v} is not an integer: expected a whole number 1 to {MAX_SIZE}")))
        }
        fn visit_u128<E: serde::de::Error>(self, _: u128) -> Result<usize, E> {
            Ok(usize::MAX)
        }
    }
    d.deserialize_any(Whole)
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
        let parse = |t: &str| {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            match t.parse::<usize>() {
                Ok(v) if (1..=MAX_SIZE).contains(&v) => Ok(v),
                Ok(0) => Err(bad()),
                // Too large for any grid: said here, where the text is at hand.
                _ => Err(format!("{s:?} is outside every grid (rows and columns run from 1 to at most {MAX_SIZE})")),
            }
        };
        Ok(CellRef { row: parse(row)?, col: parse(col)? })
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
    /// Which occurrence of `needle` (0: the first).
    #[doc(hidden)]
    pub nth: usize,
    /// The rule is well-formed but its parameters can never hold (a cage's sum no values
    /// reach): inside an `Or` its branch fails instead; elsewhere an error like any other.
    #[doc(hidden)]
    pub never_holds: bool,
}

impl SpecError {
    /// An error found while checking a spec, located later by searching for `needle`.
    pub(crate) fn invalid(origin: &str, message: String, needle: Option<String>) -> SpecError {
        SpecError { origin: origin.into(), position: None, message, needle, nth: 0, never_holds: false }
    }

    /// Marks the error as a rule that can never hold (see [`SpecError::never_holds`]).
    pub(crate) fn never(mut self) -> SpecError {
        self.never_holds = true;
        self
    }

    /// An error about the `nth` occurrence (from 0) of `needle`: the third `Cage` rule.
    pub(crate) fn at_nth(mut self, nth: usize) -> SpecError {
        self.nth = nth;
        self
    }

    /// Fills in the position from the source text when the error names something in it: a
    /// field or rule name (`size`, `Windows`) where it is used as one (followed by `:`, `(`,
    /// `,` or `]`), outside comments and strings; a quoted name or cell (`"r1c3"`) outside
    /// comments.
    pub(crate) fn locate(mut self, source: &str) -> SpecError {
        if self.position.is_none()
            && let Some(needle) = &self.needle
            && let Some(offset) = find_in_ron(source, needle, self.nth)
        {
            let before = &source[..offset];
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            self.position = Some((line, col));
        }
        self
    }
}

/// Where `needle` first appears in RON `source` as a name or a string (see [`SpecError::locate`]).
#[doc(hidden)]
pub fn find_in_ron(source: &str, needle: &str, mut nth: usize) -> Option<usize> {
    let identifier = !needle.is_empty() && needle.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let masked = mask_ron(source, identifier);
    let bytes = masked.as_bytes();
    let mut from = 0;
    while let Some(at) = masked[from..].find(needle).map(|i| from + i) {
        from = at + 1;
        let found = if identifier {
            let before_ok = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
            let after = masked[at + needle.len()..].trim_start();
            before_ok && (after.is_empty() || after.starts_with([':', '(', ',', ']', ')']))
        } else {
            true
        };
        if found {
            if nth == 0 {
                return Some(at);
            }
            nth -= 1;
        }
    }
    None
}

/// `source` with its comments (and, with `strings`, the insides of its strings) blanked out,
/// byte for byte, so that offsets still point into `source`.
fn mask_ron(source: &str, strings: bool) -> String {
    let b = source.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, i: usize| {
        if out[i] != b'\n' {
            out[i] = b' ';
        }
    };
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                blank(&mut out, i);
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0usize;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    blank(&mut out, i);
                    blank(&mut out, i + 1);
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    blank(&mut out, i);
                    blank(&mut out, i + 1);
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, i);
                    i += 1;
                }
            }
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                let escaped = b[i] == b'\\';
                if strings {
                    blank(&mut out, i);
                }
                i += 1;
                if escaped && i < b.len() {
                    if strings {
                        blank(&mut out, i);
                    }
                    i += 1;
                }
            }
            i += 1;
        } else {
            i += 1;
        }
    }
    // Only ASCII bytes were replaced by ASCII spaces, but inside a multi-byte character: keep
    // the length (offsets), replacing whatever is not valid any more.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).replace('\u{fffd}', " "))
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
            nth: 0,
            never_holds: false,
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
