//! The techniques, in the order they are tried.

use std::fmt;

use coverlab_model::Model;
use serde::Serialize;

use crate::{Board, Contradiction, Step, find};

/// A solving technique. [`Technique::ALL`] lists them in the order [`crate::next_step`] tries
/// them, which is also their [`Technique::difficulty`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// An open cell with one candidate: it holds that value.
    NakedSingle,
    /// A value with one possible cell in a house: it goes there.
    HiddenSingle,
    /// A value whose candidates in one house all lie in a second unit: it is out of the rest of
    /// that unit (pointing and claiming are this one rule).
    LockedCandidates,
    /// A constraint beyond houses (a cage's sum, a thermometer, a dot, innies and outies) rules
    /// out candidates of its cells.
    Constraint,
    /// Two cells of a unit holding only the same two values.
    NakedPair,
    /// Two values of a house that fit only the same two cells.
    HiddenPair,
    /// Three cells of a unit holding only the same three values.
    NakedTriple,
    /// Three values of a house that fit only the same three cells.
    HiddenTriple,
    /// A value that, in two rows (columns), lies only in the same two columns (rows).
    XWing,
    /// Four cells of a unit holding only the same four values.
    NakedQuad,
    /// Four values of a house that fit only the same four cells.
    HiddenQuad,
    /// The fish of three rows and three columns.
    Swordfish,
    /// The fish of four rows and four columns.
    Jellyfish,
    /// A bivalue pivot {x, y} seeing pincers {x, z} and {y, z}: z is out of the cells that see
    /// both pincers.
    XyWing,
    /// A pivot {x, y, z} seeing pincers {x, z} and {y, z}: z is out of the cells that see all
    /// three.
    XyzWing,
    /// Four cells holding four values between them, every value but z in cells that all see
    /// each other: z is in one of them, so it is out of the cells that see every z of the four.
    WxyzWing,
    /// Two cells holding only {x, y} joined by a house where x has two places, one seeing each:
    /// y is out of the cells that see both.
    WWing,
    /// Two strong links of a value in two rows (or two columns) with one end of each seeing the
    /// other: the value is out of the cells that see both far ends.
    Skyscraper,
    /// The same with a row's link and a column's.
    TwoStringKite,
    /// The same with a link in a box, a jigsaw region or a diagonal.
    TurbotFish,
    /// A value's chain of strong links coloured in two: a colour that sees itself is false, and
    /// a cell that sees both colours cannot hold the value.
    SimpleColouring,
    /// A value whose places in a box lie in one row and one column, and a strong link with one
    /// end seeing the row's places: the value is out of the cells that see the link's other end
    /// and the column's places.
    EmptyRectangle,
    /// Cells holding only the same two values, each seeing the next: two of them an odd number
    /// of links apart hold both values, so a cell seeing both holds neither.
    RemotePairs,
    /// Unique rectangle type 1: three corners of a rectangle over two boxes hold only x and y,
    /// so the fourth is neither (only on a puzzle known to have one solution).
    UniqueRectangle1,
    /// Unique rectangle type 2: two corners hold only x and y, the other two x, y and the same
    /// z: z is out of the cells that see both.
    UniqueRectangle2,
    /// Unique rectangle type 3: two corners hold only x and y, the other two more values, one
    /// of which they hold: with other cells of a unit holding both, a naked subset.
    UniqueRectangle3,
    /// Unique rectangle type 4: two corners hold only x and y, and x has no other place in a
    /// house of the other two: y is out of both.
    UniqueRectangle4,
    /// Unique rectangle type 5: two diagonal corners (or one) hold only x and y, the others
    /// also the same z: z is out of the cells that see every corner holding it.
    UniqueRectangle5,
    /// Unique rectangle type 6: two diagonal corners hold only x and y, and x has no other
    /// place in the rectangle's rows (or columns): x is out of the other two corners.
    UniqueRectangle6,
    /// Hidden unique rectangle: a corner holds only x and y, and x has only two places in the
    /// opposite corner's row and column: y is out of the opposite corner.
    HiddenUniqueRectangle,
    /// BUG+1: every open cell holds two values but one, which holds three: it takes the value
    /// that has three places in its houses.
    BugPlusOne,
    /// An X-wing whose base has extra candidates (fins) in one box: the value is out of the
    /// cover cells that see every fin.
    FinnedXWing,
    /// A finned X-wing with a base line left with one candidate without its fins.
    SashimiXWing,
    /// Two chains of a value's strong links, each in two colours: a colour seeing a colour of
    /// the other chain makes one of their opposites true.
    MultiColouring,
    /// A finned swordfish.
    FinnedSwordfish,
    /// A sashimi swordfish.
    SashimiSwordfish,
    /// A finned jellyfish.
    FinnedJellyfish,
    /// A sashimi jellyfish.
    SashimiJellyfish,
    /// A value's chain of strong and weak links in turn, strong at both ends: one end holds it,
    /// so it is out of the cells that see both.
    XChain,
    /// A chain of bivalue cells, each seeing the next and sharing a value: if the first is not
    /// a, the last is, so a is out of the cells that see both.
    XyChain,
    /// An alternating inference chain: candidates joined by strong links (a value's two places
    /// in a house, a cell's two candidates) and weak ones in turn; if the first is false the
    /// last is true, which rules out what sees both.
    Aic,
    /// An alternating inference chain whose nodes may be groups: a value's places in a house
    /// that lie in a second house, true when one of them holds it.
    GroupedAic,
    /// Sue de Coq: cells where two units meet, with two values more than cells, and cells of
    /// each unit outside holding apart values: as many values as cells between them, each
    /// value is in one unit's part, and out of the rest of that unit.
    SueDeCoq,
    /// Two almost locked sets (k cells, k + 1 values) with a restricted common value x (every
    /// x of one sees every x of the other): one is locked without x, so a value z of both is
    /// out of the cells seeing every z of both (doubly linked: more).
    AlsXz,
    /// A pivot almost locked set linked to two others by x and y: one of those is locked, so a
    /// value z of both is out of the cells seeing every z of both.
    AlsXyWing,
    /// A chain of four or more almost locked sets, each linked to the next by another value
    /// than the last link: the first or the last holds z.
    AlsChain,
    /// A stem cell and an almost locked set (petal) per candidate d, every d of it seeing the
    /// stem: one petal is locked, so a value z of every petal is out of the cells seeing all.
    DeathBlossom,
    /// Two cells that see each other: a value of one that, with each value of the other,
    /// would leave a cell or almost locked set seeing both short of values, is out.
    AlignedPairExclusion,
    /// Each candidate of a cell, followed with singles: what every branch forces holds.
    CellForcingChain,
    /// Each place of a value in a house, followed with singles: what every branch forces holds.
    UnitForcingChain,
    /// A candidate whose consequences (singles and locked candidates) contradict each other is
    /// false; then cell and unit forcing with those consequences.
    DynamicForcingChain,
    /// A candidate whose consequences contradict each other is false, the consequences now
    /// including the candidates a dynamic forcing chain inside the assumption rules out.
    ForcingNet,
    /// A forcing net whose propagation refutes candidates by forcing nets one level down
    /// (level 1: by dynamic forcing chains, with a larger budget than the forcing net's; level
    /// d: by nested nets of level d − 1), tried level by level when nothing cheaper applies.
    NestedForcingNet,
}

impl Technique {
    /// Every technique, in the order they are tried (simplest first).
    pub const ALL: [Technique; 53] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedCandidates,
        Technique::Constraint,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::Swordfish,
        Technique::Jellyfish,
        // After the basic fish, roughly in HoDoKu's order (its ratings: remote pairs 110,
        // unique rectangles and BUG+1 100, but tried only on a known unique puzzle; empty
        // rectangle 120, finned x-wing 130, simple colours 150, multi-colours 200, finned
        // swordfish 200, sashimi swordfish 240, finned jellyfish 250; x- and xy-chains 260).
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        // Not HoDoKu's: Sudoku Explainer's (SukakuExplainer's default extras), after its
        // XYZ-wing.
        Technique::WxyzWing,
        Technique::RemotePairs,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::UniqueRectangle5,
        Technique::UniqueRectangle6,
        Technique::HiddenUniqueRectangle,
        Technique::BugPlusOne,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::SimpleColouring,
        Technique::MultiColouring,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        // HoDoKu: Sue de Coq 250, then x-chains 260, xy-chains 280, AIC, grouped AIC (its
        // grouped nice loops and AICs 300); ALS-XZ 300,
        // ALS-XY-wing 320, ALS chain 340, death blossom 360. Aligned pair exclusion (Sudoku
        // Explainer's, not HoDoKu's) last, as it reads every ALS seeing a pair of cells.
        Technique::SueDeCoq,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::GroupedAic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsChain,
        Technique::DeathBlossom,
        Technique::AlignedPairExclusion,
        // The last rungs, in Sudoku Explainer's and HoDoKu's order: forcing chains from a
        // cell, from a unit, dynamic ones, then nets (bounded by a work budget).
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::ForcingNet,
        // Then nets nested deeper, level by level (Sudoku Explainer's nested chains): every
        // puzzle with one solution ends solved, budget permitting.
        Technique::NestedForcingNet,
    ];

    /// Its name in words: `naked single`, `x-wing`, `constraint`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::LockedCandidates => "locked candidates",
            Technique::Constraint => "constraint",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "x-wing",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::WxyzWing => "wxyz-wing",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string kite",
            Technique::TurbotFish => "turbot fish",
            Technique::SimpleColouring => "simple colouring",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::RemotePairs => "remote pairs",
            Technique::UniqueRectangle1 => "unique rectangle type 1",
            Technique::UniqueRectangle2 => "unique rectangle type 2",
            Technique::UniqueRectangle3 => "unique rectangle type 3",
            Technique::UniqueRectangle4 => "unique rectangle type 4",
            Technique::UniqueRectangle5 => "unique rectangle type 5",
            Technique::UniqueRectangle6 => "unique rectangle type 6",
            Technique::HiddenUniqueRectangle => "hidden unique rectangle",
            Technique::BugPlusOne => "bug+1",
            Technique::FinnedXWing => "finned x-wing",
            Technique::SashimiXWing => "sashimi x-wing",
            Technique::MultiColouring => "multi-colouring",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::SashimiSwordfish => "sashimi swordfish",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::SashimiJellyfish => "sashimi jellyfish",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "alternating inference chain",
            Technique::GroupedAic => "grouped alternating inference chain",
            Technique::SueDeCoq => "sue de coq",
            Technique::AlsXz => "als-xz",
            Technique::AlsXyWing => "als-xy-wing",
            Technique::AlsChain => "als chain",
            Technique::DeathBlossom => "death blossom",
            Technique::AlignedPairExclusion => "aligned pair exclusion",
            Technique::CellForcingChain => "cell forcing chain",
            Technique::UnitForcingChain => "unit forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
            Technique::ForcingNet => "forcing net",
            Technique::NestedForcingNet => "nested forcing net",
        }
    }

    /// What it does, in one line (`coverlab explain --list-techniques`).
    pub fn summary(self) -> &'static str {
        match self {
            Technique::NakedSingle => "an open cell with one candidate holds it",
            Technique::HiddenSingle => "a value with one place in a house goes there",
            Technique::LockedCandidates => {
                "a value whose places in a house lie in a second unit is out of that unit's other cells"
            }
            Technique::Constraint => {
                "a constraint's own filter (cage sum, thermometer, dot, …) rules out candidates of its cells"
            }
            Technique::NakedPair => {
                "two cells of a unit with only the same two values: those values leave the unit's other cells"
            }
            Technique::HiddenPair => {
                "two values of a house with the same two places only: those cells' other candidates go"
            }
            Technique::NakedTriple => {
                "three cells of a unit with three values between them: those values leave the unit's other cells"
            }
            Technique::HiddenTriple => {
                "three values of a house with three places between them: those cells' other candidates go"
            }
            Technique::XWing => {
                "a value in two rows (columns) lies only in two columns (rows): it leaves their other cells"
            }
            Technique::NakedQuad => {
                "four cells of a unit with four values between them: those values leave the unit's other cells"
            }
            Technique::HiddenQuad => {
                "four values of a house with four places between them: those cells' other candidates go"
            }
            Technique::Swordfish => "the fish of three rows and three columns",
            Technique::Jellyfish => "the fish of four rows and four columns",
            Technique::Skyscraper => {
                "two strong links of a value in two rows (columns), one end of each seeing the other"
            }
            Technique::TwoStringKite => "a row's strong link and a column's, one end of each seeing the other",
            Technique::TurbotFish => "the same with a strong link in a box, a region or a diagonal",
            Technique::EmptyRectangle => {
                "a value's places in a box in one row and column, and a strong link seeing them"
            }
            Technique::XyWing => {
                "a bivalue pivot {x, y} seeing pincers {x, z} and {y, z}: z leaves what sees both pincers"
            }
            Technique::XyzWing => "a pivot {x, y, z} seeing pincers {x, z} and {y, z}: z leaves what sees all three",
            Technique::WWing => "two cells {x, y} joined by a strong link of x: y leaves what sees both",
            Technique::WxyzWing => {
                "four cells with four values, all but z restricted to cells seeing each other: z leaves what sees every z"
            }
            Technique::RemotePairs => {
                "a chain of cells holding only the same two values: what sees two ends an odd number of links apart holds neither"
            }
            Technique::UniqueRectangle1 => {
                "three corners of a rectangle hold only x and y: the fourth is neither (unique puzzles only)"
            }
            Technique::UniqueRectangle2 => {
                "two corners hold x and y, the other two also the same z: z leaves what sees both (unique puzzles only)"
            }
            Technique::UniqueRectangle3 => {
                "two corners hold x and y, the other two more: those and cells of their unit form a naked subset (unique puzzles only)"
            }
            Technique::UniqueRectangle4 => {
                "two corners hold x and y, x is locked in the other two: y leaves them (unique puzzles only)"
            }
            Technique::UniqueRectangle5 => {
                "diagonal corners hold x and y, the others also the same z: z leaves what sees them all (unique puzzles only)"
            }
            Technique::UniqueRectangle6 => {
                "diagonal corners hold x and y, x only in the corners of both rows: x leaves the other two (unique puzzles only)"
            }
            Technique::HiddenUniqueRectangle => {
                "a rectangle one corner of which would swap with the others: its y goes (unique puzzles only)"
            }
            Technique::BugPlusOne => {
                "every open cell bivalue but one: its value that breaks the pattern holds (unique puzzles only)"
            }
            Technique::FinnedXWing => {
                "an x-wing with a fin in one box: the value leaves the cover cells seeing every fin"
            }
            Technique::SashimiXWing => "a finned x-wing missing a corner",
            Technique::SimpleColouring => {
                "a value's chain of strong links in two colours: a colour seeing itself is false, a cell seeing both colours loses it"
            }
            Technique::MultiColouring => "two such chains: colours that see each other rule out cells or colours",
            Technique::FinnedSwordfish => "a swordfish with a fin in one box",
            Technique::SashimiSwordfish => "a finned swordfish missing a corner",
            Technique::FinnedJellyfish => "a jellyfish with a fin in one box",
            Technique::SashimiJellyfish => "a finned jellyfish missing a corner",
            Technique::XChain => {
                "a value's strong and weak links in turn, strong at both ends: what sees both ends loses it"
            }
            Technique::XyChain => "bivalue cells each seeing the next: one end holds a, so what sees both loses it",
            Technique::Aic => {
                "an alternating inference chain over candidates: one end is true, which rules out what sees both"
            }
            Technique::GroupedAic => {
                "the same with groups: a value's places in a house that lie in a second house, as one node"
            }
            Technique::SueDeCoq => {
                "cells where two units meet and cells of each unit outside hold as many values as cells: each unit's part leaves the rest of it"
            }
            Technique::AlsXz => {
                "two almost locked sets with a restricted common value: a value of both leaves what sees all its cells in both"
            }
            Technique::AlsXyWing => {
                "a pivot almost locked set linked to two others by two values: a value of both leaves what sees all its cells in both"
            }
            Technique::AlsChain => {
                "almost locked sets each linked to the next: a value of the first and last leaves what sees all its cells in both"
            }
            Technique::DeathBlossom => {
                "a stem cell with an almost locked set per candidate: a value of every petal leaves what sees all its cells"
            }
            Technique::AlignedPairExclusion => {
                "a value of a cell that, with each value of a cell it sees, would leave a set seeing both short: it goes"
            }
            Technique::CellForcingChain => {
                "each candidate of a cell, followed with singles, forces the same facts (or contradicts)"
            }
            Technique::UnitForcingChain => {
                "each place of a value in a house, followed with singles, forces the same facts (or contradicts)"
            }
            Technique::DynamicForcingChain => {
                "a candidate followed with singles and locked candidates contradicts; then cell and unit forcing that way"
            }
            Technique::ForcingNet => {
                "a candidate contradicts when followed with one level of nested dynamic forcing chains"
            }
            Technique::NestedForcingNet => {
                "the same with forcing nets inside, nested level by level (or each candidate of a cell forces the same facts)"
            }
        }
    }

    /// Its name in kebab case, for the command line: `naked-single`, `x-wing`, `bug+1`.
    pub fn id(self) -> String {
        self.name().replace(' ', "-")
    }

    /// The technique of an [`Technique::id`] or a [`Technique::name`], any case.
    pub fn from_id(text: &str) -> Option<Technique> {
        let text = text.trim().to_lowercase().replace(' ', "-");
        Technique::ALL.into_iter().find(|t| t.id() == text)
    }

    /// A rank: 1 for the first technique tried, ascending in [`Technique::ALL`] order.
    pub fn difficulty(self) -> u32 {
        Technique::ALL.iter().position(|&t| t == self).map_or(0, |i| i as u32 + 1)
    }

    /// Whether the technique holds only on a puzzle known to have exactly one solution (unique
    /// rectangles, BUG+1): [`crate::try_next_step`] leaves them out unless
    /// [`crate::Options::unique`] says so.
    pub fn needs_unique(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::UniqueRectangle5
                | Technique::UniqueRectangle6
                | Technique::HiddenUniqueRectangle
                | Technique::BugPlusOne
        )
    }

    /// The first step of this technique on `board` (in the technique's fixed order), or `None`.
    ///
    /// Err when the search meets a contradiction: an open cell without candidates (naked
    /// singles), a house value without a place (hidden singles), a constraint that no values
    /// of its cells' candidates satisfy (constraints), or a model of another size than the
    /// board (every technique). The other techniques never err.
    ///
    /// A technique that [`Technique::needs_unique`] is searched whatever the puzzle: its step is
    /// sound only when the puzzle has exactly one solution.
    pub fn find(self, board: &Board, model: &Model) -> Result<Option<Step>, Contradiction> {
        if model.cells() != board.values().len() {
            return board.check(model).map(|()| None);
        }
        match self {
            Technique::NakedSingle => find::singles::naked(board, model),
            Technique::HiddenSingle => find::singles::hidden(board, model),
            Technique::LockedCandidates => Ok(find::locked::locked(board, model)),
            Technique::Constraint => find::constraints::constraint(board, model),
            Technique::NakedPair => Ok(find::subsets::naked(board, model, 2)),
            Technique::NakedTriple => Ok(find::subsets::naked(board, model, 3)),
            Technique::NakedQuad => Ok(find::subsets::naked(board, model, 4)),
            Technique::HiddenPair => Ok(find::subsets::hidden(board, model, 2)),
            Technique::HiddenTriple => Ok(find::subsets::hidden(board, model, 3)),
            Technique::HiddenQuad => Ok(find::subsets::hidden(board, model, 4)),
            Technique::XWing => Ok(find::fish::fish(board, model, 2)),
            Technique::Swordfish => Ok(find::fish::fish(board, model, 3)),
            Technique::Jellyfish => Ok(find::fish::fish(board, model, 4)),
            Technique::XyWing => Ok(find::wings::wing(board, model, false)),
            Technique::XyzWing => Ok(find::wings::wing(board, model, true)),
            Technique::WWing => Ok(find::wings::w_wing(board, model)),
            Technique::WxyzWing => Ok(find::wings::wxyz_wing(board, model)),
            Technique::SimpleColouring => Ok(find::wings::colouring(board, model)),
            Technique::EmptyRectangle => Ok(find::chains::empty_rectangle(board, model)),
            Technique::RemotePairs => Ok(find::chains::remote_pairs(board, model)),
            Technique::XChain => Ok(find::chains::x_chain(board, model)),
            Technique::XyChain => Ok(find::chains::xy_chain(board, model)),
            Technique::Aic => Ok(find::chains::aic(board, model)),
            Technique::GroupedAic => Ok(find::grouped::grouped_aic(board, model)),
            Technique::MultiColouring => Ok(find::chains::multi_colouring(board, model)),
            Technique::UniqueRectangle1 => Ok(find::unique::type1(board, model)),
            Technique::UniqueRectangle2 => Ok(find::unique::type2(board, model)),
            Technique::UniqueRectangle3 => Ok(find::unique::type3(board, model)),
            Technique::UniqueRectangle4 => Ok(find::unique::type4(board, model)),
            Technique::UniqueRectangle5 => Ok(find::unique::type5(board, model)),
            Technique::UniqueRectangle6 => Ok(find::unique::type6(board, model)),
            Technique::HiddenUniqueRectangle => Ok(find::unique::hidden(board, model)),
            Technique::BugPlusOne => Ok(find::unique::bug_plus_one(board, model)),
            Technique::FinnedXWing => Ok(find::finned::finned(board, model, 2, false)),
            Technique::SashimiXWing => Ok(find::finned::finned(board, model, 2, true)),
            Technique::FinnedSwordfish => Ok(find::finned::finned(board, model, 3, false)),
            Technique::SashimiSwordfish => Ok(find::finned::finned(board, model, 3, true)),
            Technique::FinnedJellyfish => Ok(find::finned::finned(board, model, 4, false)),
            Technique::SashimiJellyfish => Ok(find::finned::finned(board, model, 4, true)),
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
                Ok(find::wings::single_digit(board, model, self))
            }
            Technique::SueDeCoq => Ok(find::als::sue_de_coq(board, model)),
            Technique::AlsXz => Ok(find::als::als_xz(board, model)),
            Technique::AlsXyWing => Ok(find::als::als_xy_wing(board, model)),
            Technique::AlsChain => Ok(find::als::als_chain(board, model)),
            Technique::DeathBlossom => Ok(find::als::death_blossom(board, model)),
            Technique::AlignedPairExclusion => Ok(find::als::aligned_pair_exclusion(board, model)),
            Technique::CellForcingChain
            | Technique::UnitForcingChain
            | Technique::DynamicForcingChain
            | Technique::ForcingNet => Ok(find::forcing::forcing(board, model, self)),
            Technique::NestedForcingNet => Ok(find::forcing::nested_net(board, model)),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
