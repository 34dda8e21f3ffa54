//! What a line is: the one classification of lines that detection and every reader share.
//!
//! - **blank**: nothing but whitespace (a trailing `# comment` aside);
//! - **comment**: its first non-blank character is `#`;
//! - **rule**: a line drawn between the rows of a board, made of `-`, `=`, `+`, `|`, `:` and
//!   spaces with at least one of `+`, `=`, `|` (`------+------+------`, `+-------+-------+`,
//!   `|       |`). A line whose every word (between spaces and `|`) is a lone `-` is a row of
//!   empty cells instead (`- - - -`, `| - - | - - |`). HoDoKu's framed rules (`.---.---.`,
//!   `:---+---:`, `'-------'`) are rules too, unless of a line puzzle's length. Rules are skipped
//!   like comments and never end a puzzle;
//! - **dashes**: a run of two or more `-` and nothing else. It is a rule, or a row of empty cells
//!   when its length is the length of a row (a line puzzle, in the `line` format): each reader
//!   decides by the length it expects;
//! - **title**: a line that is not puzzle data: it has a word of two or more letters, at most
//!   half of its words (between spaces, `,`, `;` and `|`) are numbers or single characters, and
//!   none of its words (between spaces, `,` and `;`, leaving `|` out) is a run of cells (longer
//!   than 64 characters, or of 4 or more whose characters all fit one alphabet of their number,
//!   or of its square root: `4.....8.5…`, `ABCDEFGHIJKLMNOP`, `12.4`). Before
//!   a puzzle's first row, a title is kept as the puzzle's [`title`](crate::Parsed::title);
//!   within a puzzle it is a row like any other, and its error says what is wrong with it;
//! - **data**: anything else.

use coverlab_model::MAX_SIZE;

use crate::decode::Context;
use crate::source::Line;

/// What a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub enum Kind {
    Blank,
    Comment,
    Rule,
    /// A run of this many dashes.
    Dashes(usize),
    Title,
    Data,
}

/// Classifies the unread part of `line`.
#[doc(hidden)]
pub fn kind(line: &Line, ctx: &mut Context) -> Kind {
    if line.is_comment() {
        return Kind::Comment;
    }
    let rest = line.rest().trim();
    if rest.is_empty() {
        return Kind::Blank;
    }
    if let Some(kind) = rule(rest) {
        return kind;
    }
    if is_title(rest, ctx) { Kind::Title } else { Kind::Data }
}

/// [`Kind::Rule`] or [`Kind::Dashes`] for a line drawn between rows, `None` for any other.
pub(crate) fn rule(text: &str) -> Option<Kind> {
    if is_framed_rule(text) {
        return Some(Kind::Rule);
    }
    if !text.chars().all(|c| matches!(c, '-' | '=' | '+' | '|' | ':') || c.is_whitespace()) {
        return None;
    }
    let mut words = text.split(|c: char| c.is_whitespace() || c == '|').filter(|w| !w.is_empty()).peekable();
    if words.peek().is_some() && words.all(|w| w == "-") {
        return None; // a row of empty cells
    }
    if text.contains(['+', '=', '|']) {
        return Some(Kind::Rule);
    }
    let dashes = text.len();
    (dashes >= 2 && text.bytes().all(|b| b == b'-')).then_some(Kind::Dashes(dashes))
}

/// A rule of a board drawn with `.` `:` `'` corners, as HoDoKu prints grids of candidates
/// (`.-----.-----.`, `:-----+-----:`, `'-----------'`): it starts and ends with one of them and
/// holds `---`, and nothing but `-`, `+` and those corners. A line of a puzzle's length is an
/// empty line puzzle (`.` and `-` are empty cells), never a rule.
fn is_framed_rule(text: &str) -> bool {
    let t = text.trim();
    let corner = |c: Option<char>| matches!(c, Some('.' | ':' | '\''));
    coverlab_model::builtin::for_cell_count(t.len()).is_none()
        && corner(t.chars().next())
        && corner(t.chars().last())
        && t.contains("---")
        && t.chars().all(|c| matches!(c, '-' | '+' | '.' | ':' | '\''))
}

/// True for a line that cannot be puzzle data (see the module doc).
pub(crate) fn is_title(text: &str, ctx: &mut Context) -> bool {
    // Rows of numbers and symbols have no two letters in a row: the usual case, decided fast.
    let letter = |b: u8| b.is_ascii_alphabetic() || b >= 0x80;
    if !text.as_bytes().windows(2).any(|pair| letter(pair[0]) && letter(pair[1])) {
        return false;
    }
    let is_sep = |c: char| c.is_whitespace() || matches!(c, ',' | ';' | '|');
    let mut words = 0;
    let mut cells = 0;
    let mut lettered = false;
    for word in text.split(is_sep).filter(|w| !w.is_empty()) {
        words += 1;
        let digits = word.strip_prefix('-').unwrap_or(word);
        if word.chars().nth(1).is_none() || !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            cells += 1;
        }
        lettered |= word.chars().filter(|c| c.is_alphabetic()).nth(1).is_some();
    }
    if !lettered || 2 * cells > words {
        return false;
    }
    !text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
        .any(|word| word.chars().nth(3).is_some() && could_be_cells(&word.replace('|', ""), ctx))
}

/// True when `word` could be cells written without spaces: a symbol row or a line puzzle.
fn could_be_cells(word: &str, ctx: &mut Context) -> bool {
    let len = word.chars().count();
    let root = len.isqrt();
    len > MAX_SIZE
        || (4..=MAX_SIZE).contains(&len) && ctx.fits_some_alphabet(word, len)
        || root * root == len && (4..=MAX_SIZE).contains(&root) && ctx.fits_some_alphabet(word, root)
}
