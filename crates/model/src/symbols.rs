//! The written form of values: a spec's alphabet of `n` distinct one-character symbols.

use std::fmt;
use std::sync::Arc;

/// Characters that can never be symbols: they mean "empty cell" or separate things in formats.
const RESERVED: &[char] = &['.', '_', '-', '*', '#', ',', '|', '+'];

/// An alphabet of `n` distinct printable ASCII symbols; symbol `k` (0-based) writes value `k + 1`.
///
/// Cloning is cheap (no allocation): readers hand a copy of the alphabet to every puzzle.
#[derive(Clone, PartialEq, Eq)]
pub struct Symbols(Arc<Alphabet>);

/// What [`Symbols`] shares: every puzzle read in one alphabet holds a clone of it.
#[derive(PartialEq, Eq)]
struct Alphabet {
    chars: Vec<char>,
    /// ASCII byte → value (1-based), 0 where the byte is not a symbol.
    lookup: [u8; 128],
}

/// Why a string is not a valid alphabet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SymbolsError {
    /// The alphabet has the wrong number of symbols.
    #[error("the alphabet {text:?} has {found} symbols, expected {expected}")]
    WrongLength {
        /// The alphabet as written.
        text: String,
        /// Its number of symbols.
        found: usize,
        /// The spec's size.
        expected: usize,
    },
    /// A symbol is not printable ASCII, or is reserved for empty cells and separators.
    #[error("{symbol:?} cannot be a symbol (symbols are printable ASCII, not whitespace or any of . _ - * # , | +)")]
    BadSymbol {
        /// The offending character.
        symbol: char,
    },
    /// A symbol appears twice.
    #[error("the symbol {symbol:?} appears twice in the alphabet")]
    Duplicate {
        /// The repeated character.
        symbol: char,
    },
}

impl Symbols {
    /// Builds an alphabet of exactly `n` symbols from `text`.
    pub fn new(text: &str, n: usize) -> Result<Symbols, SymbolsError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != n {
            return Err(SymbolsError::WrongLength { text: text.into(), found: chars.len(), expected: n });
        }
        let mut lookup = [0u8; 128];
        for (k, &c) in chars.iter().enumerate() {
            if !c.is_ascii_graphic() || RESERVED.contains(&c) {
                return Err(SymbolsError::BadSymbol { symbol: c });
            }
            if lookup[c as usize] != 0 {
                return Err(SymbolsError::Duplicate { symbol: c });
            }
            lookup[c as usize] = (k + 1) as u8;
        }
        Ok(Symbols(Arc::new(Alphabet { chars, lookup })))
    }

    /// The conventional alphabet for size `n` (`n` ≤ [`crate::MAX_SIZE`]): `1`–`9` then `A`–`Z`
    /// up to 35 (so 16 is `1-9A-G`), and `0`–`9`, `A`–`Z`, `a`–`z`, `@`, `$` beyond.
    pub fn default_for(n: usize) -> Symbols {
        const SMALL: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        const LARGE: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$";
        let text = if n <= SMALL.len() { &SMALL[..n] } else { &LARGE[..n.min(LARGE.len())] };
        Symbols::new(text, n).expect("built-in alphabets are valid")
    }

    /// The other alphabets in common use for size `n`, tried by readers when a puzzle uses
    /// symbols outside its spec's alphabet: `1-9A-…`, `0-9A-…` (16×16 as `0-9A-F`) and `A-…`
    /// (25×25 as `A-Y`).
    pub fn alternatives(n: usize) -> Vec<Symbols> {
        const ZERO: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$";
        const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        let mut out = vec![Symbols::default_for(n)];
        if (10..=ZERO.len()).contains(&n) {
            out.push(Symbols::new(&ZERO[..n], n).expect("valid"));
        }
        if (10..=LETTERS.len()).contains(&n) {
            out.push(Symbols::new(&LETTERS[..n], n).expect("valid"));
        }
        out.dedup();
        out
    }

    /// The number of symbols, which is the grid size `n`.
    pub fn len(&self) -> usize {
        self.0.chars.len()
    }

    /// Always false: an alphabet has at least one symbol.
    pub fn is_empty(&self) -> bool {
        self.0.chars.is_empty()
    }

    /// The value (1-based) written as `c`, if `c` is a symbol.
    pub fn value_of(&self, c: char) -> Option<u8> {
        let b = *self.0.lookup.get(c as usize)?;
        (b != 0).then_some(b)
    }

    /// The symbol that writes `value` (1-based); `'.'` for 0, the empty cell.
    pub fn symbol(&self, value: u8) -> char {
        if value == 0 { '.' } else { self.0.chars[usize::from(value) - 1] }
    }

    /// The symbols as a string, in value order.
    pub fn as_string(&self) -> String {
        self.0.chars.iter().collect()
    }

    /// A short description for error messages: `1-9, A-G`, or the list when it has no runs.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut i = 0;
        while i < self.0.chars.len() {
            let mut j = i;
            while j + 1 < self.0.chars.len() && self.0.chars[j + 1] as u32 == self.0.chars[j] as u32 + 1 {
                j += 1;
            }
            parts.push(if j > i + 1 {
                format!("{}-{}", self.0.chars[i], self.0.chars[j])
            } else if j == i + 1 {
                format!("{}, {}", self.0.chars[i], self.0.chars[j])
            } else {
                self.0.chars[i].to_string()
            });
            i = j + 1;
        }
        parts.join(", ")
    }
}

impl fmt::Debug for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Symbols({:?})", self.as_string())
    }
}

impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}
