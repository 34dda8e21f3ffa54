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
}

impl Technique {
    /// Every technique, in the order they are tried (simplest first).
    pub const ALL: [Technique; 20] = [
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
        // Last, so that the ranks of the techniques before them (and the ratings built on
        // them) stay as they were.
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::SimpleColouring,
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
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string kite",
            Technique::TurbotFish => "turbot fish",
            Technique::SimpleColouring => "simple colouring",
        }
    }

    /// A rank: 1 for the first technique tried, ascending in [`Technique::ALL`] order.
    pub fn difficulty(self) -> u32 {
        Technique::ALL.iter().position(|&t| t == self).map_or(0, |i| i as u32 + 1)
    }

    /// The first step of this technique on `board` (in the technique's fixed order), or `None`.
    ///
    /// Err when the search meets a contradiction: an open cell without candidates (naked
    /// singles), a house value without a place (hidden singles), a constraint that no values
    /// of its cells' candidates satisfy (constraints), or a model of another size than the
    /// board (every technique). The other techniques never err.
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
            Technique::SimpleColouring => Ok(find::wings::colouring(board, model)),
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
                Ok(find::wings::single_digit(board, model, self))
            }
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
