//! Turning written cells into values: the one place where tokens, numbers and alphabets are
//! decoded, shared by every format.
//!
//! A format splits its text into cells ([`Raw`]: where a cell is and what was written there) and
//! hands a whole puzzle to [`Context::decode`], which picks the alphabet and reports the first
//! problem with its line and column.

use coverlab_model::{MAX_SIZE, Model, Spec, Symbols, builtin};

use crate::Parsed;
use crate::error::FormatError;

pub(crate) use coverlab_model::EMPTY_MARKS;

/// What was written in one cell.
#[derive(Debug, Clone, PartialEq, Eq)]
#[doc(hidden)]
pub enum Token {
    /// An empty-cell mark (`.`, `_`, `-`, `*`, or an empty csv field).
    Empty,
    /// A single character: a symbol (or `0`, or a digit read as a number).
    Char(char),
    /// A number of two or more digits.
    Number(u32),
    /// Two or more digits too large for `u32`, as written.
    Huge(Box<str>),
    /// Anything else (`AB`, `1x`), as written.
    Bad(Box<str>),
}

impl Token {
    /// Classifies a whole token of a separated format (grid, header, csv).
    pub fn classify(text: &str) -> Token {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Token::Empty,
            (Some(c), None) if EMPTY_MARKS.contains(&c) => Token::Empty,
            (Some(c), None) => Token::Char(c),
            _ if text.bytes().all(|b| b.is_ascii_digit()) => match text.parse() {
                Ok(v) => Token::Number(v),
                Err(_) => Token::Huge(text.into()),
            },
            _ => Token::Bad(text.into()),
        }
    }

    /// Classifies one character of an unseparated format (line, compact grid rows).
    pub fn of_char(c: char) -> Token {
        if EMPTY_MARKS.contains(&c) { Token::Empty } else { Token::Char(c) }
    }
}

/// A token and where it was written.
#[derive(Debug, Clone)]
#[doc(hidden)]
pub struct Raw {
    pub token: Token,
    pub line: usize,
    pub column: usize,
}

/// The forced spec, as far as reading needs it.
#[derive(Debug, Clone)]
#[doc(hidden)]
pub struct Forced {
    pub name: String,
    pub size: usize,
    pub symbols: Symbols,
    /// The spec itself, for formats that add rules to it (pencil marks).
    pub spec: Spec,
}

/// One alphabet as the line fast path ([`Context::decode_ascii_line`]) uses it.
#[derive(Debug, Clone)]
struct Table {
    /// Bit `b` set when ASCII byte `b` is a symbol.
    mask: u128,
    /// `values[zero_is_empty][b]`: the value of byte `b`; 0 for an empty mark (and for `0` when
    /// `zero_is_empty`), [`MISFIT`] for a byte that is neither a symbol nor empty.
    values: [[u8; 256]; 2],
}

/// A byte that does not fit the alphabet, in [`Table::values`].
const MISFIT: u8 = u8::MAX;

impl Table {
    fn new(symbols: &Symbols) -> Table {
        let mut mask = 0u128;
        let mut values = [[MISFIT; 256]; 2];
        for b in 0u8..128 {
            let value = if is_empty_mark(b) { Some(0) } else { symbols.value_of(char::from(b)) };
            if let Some(v) = value {
                mask |= u128::from(v != 0) << b;
                values[0][usize::from(b)] = v;
                values[1][usize::from(b)] = v;
            }
        }
        if mask & 1 << b'0' == 0 {
            values[1][usize::from(b'0')] = 0;
        } else {
            values[1] = [MISFIT; 256]; // `0` cannot be empty in an alphabet that has it
        }
        Table { mask, values }
    }
}

/// True for a byte that always means an empty cell ([`EMPTY_MARKS`]).
fn is_empty_mark(b: u8) -> bool {
    matches!(b, b'.' | b'_' | b'-' | b'*')
}

/// What every format needs to decode puzzles: the forced spec, if any, and the alphabets of
/// each size (built once per size).
#[doc(hidden)]
pub struct Context {
    pub forced: Option<Forced>,
    /// `alphabets[n]`: the preferred alphabet of size n, then the alternatives.
    alphabets: Vec<Option<Vec<Symbols>>>,
    /// `tables[n]`: the same alphabets as lookup tables, built on the first line puzzle of size n.
    tables: Vec<Option<Vec<Table>>>,
    /// The last line length found to be a valid puzzle length, and its size.
    pub line_size: Option<(usize, usize)>,
    /// The alphabet the last line puzzle was read in: (size, index, zero_is_empty).
    last_line: Option<(usize, usize, bool)>,
    /// The size of the last puzzle read in rows (grid, csv) whose size could be told.
    pub last_rows: Option<usize>,
    /// The last header puzzle was a whole line (its size and its cells, nothing else).
    pub one_line_headers: bool,
}

impl Context {
    pub fn new(spec: Option<&Model>) -> Self {
        let forced = spec.map(|m| Forced {
            name: m.name().to_string(),
            size: m.size(),
            symbols: m.symbols().clone(),
            spec: m.spec().clone(),
        });
        Context {
            forced,
            alphabets: vec![None; MAX_SIZE + 1],
            tables: vec![None; MAX_SIZE + 1],
            line_size: None,
            last_line: None,
            last_rows: None,
            one_line_headers: false,
        }
    }

    /// The forced spec (`--spec`), if any.
    pub fn forced_spec(&self) -> Option<&Spec> {
        self.forced.as_ref().map(|f| &f.spec)
    }

    /// The forced spec's size, if a spec was forced.
    pub fn forced_size(&self) -> Option<usize> {
        self.forced.as_ref().map(|f| f.size)
    }

    /// The number of rows (and cells per row) a puzzle read in rows is expected to have, before
    /// its first row is read: the forced spec's size, else the size of the previous puzzle.
    pub fn known_rows(&self) -> Option<usize> {
        self.forced_size().or(self.last_rows)
    }

    /// A size-mismatch error when a spec is forced and `n` is not its size.
    pub fn check_size(&self, n: usize, line: usize) -> Result<(), FormatError> {
        match &self.forced {
            Some(f) if f.size != n => {
                Err(FormatError::SizeMismatch { line, found: n, expected: f.size, spec: f.name.clone() })
            }
            _ => Ok(()),
        }
    }

    /// What a puzzle of size `n` is read as, for messages: `spec classic-9x9` or `a 7x7 puzzle`.
    pub fn target(&self, n: usize) -> String {
        match &self.forced {
            Some(f) if f.size == n => format!("spec {}", f.name),
            _ => match builtin::for_cell_count(n * n) {
                Some(name) => format!("spec {name}"),
                None => format!("a {n}x{n} puzzle"),
            },
        }
    }

    /// The alphabets tried for size `n` (1..=MAX_SIZE), preferred first: the forced spec's (or
    /// the default), then [`Symbols::alternatives`].
    pub fn alphabets(&mut self, n: usize) -> &[Symbols] {
        let forced = self.forced.as_ref().filter(|f| f.size == n).map(|f| f.symbols.clone());
        self.alphabets[n].get_or_insert_with(|| {
            let mut out: Vec<Symbols> = forced.into_iter().collect();
            for alt in Symbols::alternatives(n) {
                if !out.contains(&alt) {
                    out.push(alt);
                }
            }
            out
        })
    }

    /// True when every symbol of `text` (one puzzle in the line format, of size `n`) belongs to
    /// one alphabet of that size. Used by detection to tell a line puzzle from a grid row.
    pub fn fits_some_alphabet(&mut self, text: &str, n: usize) -> bool {
        self.alphabets(n)
            .iter()
            .any(|a| text.chars().all(|c| EMPTY_MARKS.contains(&c) || c == '0' || a.value_of(c).is_some()))
    }

    /// [`Context::decode`] of a line puzzle: `text` holds the n² cells, one ASCII byte each (a
    /// symbol or an empty mark), as [`Token::of_char`] reads them. Gives exactly what `decode`
    /// gives, without building [`Raw`] cells; `None` when no alphabet fits (or `text` is not
    /// ASCII), in which case `decode` is the one to say what is wrong and where.
    pub fn decode_ascii_line(&mut self, text: &[u8], n: usize) -> Option<Parsed> {
        debug_assert_eq!(text.len(), n * n);
        if self.tables[n].is_none() {
            let tables = self.alphabets(n).iter().map(Table::new).collect();
            self.tables[n] = Some(tables);
        }
        let tables = self.tables[n].as_deref().expect("built above");
        // As `decode` sees such a line: no numbers, so never numeric; the alphabet is `choose`'s.
        // First decode with the alphabet the previous line of this size was read in.
        let guess = match self.last_line {
            Some((size, index, zero_is_empty)) if size == n => (index, zero_is_empty),
            _ => (0, false),
        };
        let table = &tables[guess.0].values[usize::from(guess.1)];
        let mut misfit = false;
        let mut zeros = 0usize;
        let mut values: Vec<u8> = text
            .iter()
            .map(|&b| {
                let v = table[usize::from(b)];
                misfit |= v == MISFIT;
                zeros += usize::from(b == b'0');
                v
            })
            .collect();
        // `choose` tries (zero_is_empty = zeros > n, the preferred alphabet) first: when the guess
        // is that one and fits, it is the choice.
        let choice = if !misfit && guess == (0, zeros > n) {
            guess
        } else {
            if !text.is_ascii() {
                return None;
            }
            let mut used = 0u128;
            for &b in text {
                if !is_empty_mark(b) {
                    used |= 1 << b;
                }
            }
            let zero = 1u128 << b'0';
            let orders = if zeros > n { [true, false] } else { [false, true] };
            let choice = orders.into_iter().find_map(|zero_is_empty| {
                let need = if zero_is_empty { used & !zero } else { used };
                tables
                    .iter()
                    .position(|t| !(zero_is_empty && t.mask & zero != 0) && need & !t.mask == 0)
                    .map(|i| (i, zero_is_empty))
            })?;
            if choice != guess || misfit {
                let table = &tables[choice.0].values[usize::from(choice.1)];
                values.iter_mut().zip(text).for_each(|(v, &b)| *v = table[usize::from(b)]);
            }
            self.last_line = Some((n, choice.0, choice.1));
            choice
        };
        let symbols = self.alphabets(n)[choice.0].clone();
        Some(Parsed { size: n, values, symbols, title: None, comment: None, spec: None, drawings: Vec::new() })
    }

    /// Decodes the n² cells of one puzzle.
    ///
    /// Multi-digit tokens are numbers (1..=n, 0 empty). When no cell holds a symbol other than a
    /// digit and either a number was written or `numbers_first` is set (header, csv), single
    /// digits are numbers too. Otherwise single characters are symbols, decoded with the first
    /// alphabet that holds every symbol used (see [`Context::choose`]).
    pub fn decode(&mut self, cells: &[Raw], n: usize, numbers_first: bool) -> Result<Parsed, FormatError> {
        debug_assert_eq!(cells.len(), n * n);
        let mut any_number = false;
        let mut any_letter = false;
        for raw in cells {
            let (line, column) = (raw.line, raw.column);
            match &raw.token {
                Token::Number(v) if *v as usize > n => {
                    return Err(self.out_of_range(raw, v.to_string(), n));
                }
                Token::Number(_) => any_number = true,
                Token::Huge(text) => return Err(self.out_of_range(raw, text.to_string(), n)),
                Token::Bad(text) => {
                    return Err(FormatError::BadToken { line, column, token: text.to_string() });
                }
                Token::Char(c) => any_letter |= !c.is_ascii_digit(),
                Token::Empty => {}
            }
        }
        let numeric = !any_letter && (any_number || numbers_first);
        let (symbols, zero_is_empty) =
            if numeric { (self.alphabets(n)[0].clone(), true) } else { self.choose(cells, n)? };
        let mut values = Vec::with_capacity(cells.len());
        for raw in cells {
            let value = match raw.token {
                Token::Empty => 0,
                Token::Number(v) => v as u8,
                Token::Char(c) if numeric => {
                    let v = c as u8 - b'0';
                    if usize::from(v) > n {
                        return Err(self.out_of_range(raw, c.to_string(), n));
                    }
                    v
                }
                Token::Char('0') if zero_is_empty => 0,
                Token::Char(c) => symbols.value_of(c).expect("the chosen alphabet holds every symbol"),
                Token::Huge(_) | Token::Bad(_) => unreachable!("rejected above"),
            };
            values.push(value);
        }
        Ok(Parsed { size: n, values, symbols, title: None, comment: None, spec: None, drawings: Vec::new() })
    }

    fn out_of_range(&self, raw: &Raw, number: String, n: usize) -> FormatError {
        FormatError::NumberOutOfRange { line: raw.line, column: raw.column, number, target: self.target(n), size: n }
    }

    /// Picks the alphabet of a puzzle written in symbols, and whether `0` means an empty cell.
    ///
    /// `0` is an empty cell when the chosen alphabet has no `0`. Alphabets are tried in order
    /// (preferred first), first reading `0` as a symbol, then as an empty cell; but when `0`
    /// appears more than n times it cannot be a symbol of a valid puzzle, so it is tried as an
    /// empty cell first. The first alphabet holding every other symbol used wins.
    fn choose(&mut self, cells: &[Raw], n: usize) -> Result<(Symbols, bool), FormatError> {
        let mut used = [false; 128];
        let mut zeros = 0usize;
        for raw in cells {
            if let Token::Char(c) = raw.token {
                match usize::try_from(u32::from(c)).ok().filter(|&i| i < 128) {
                    Some(i) => used[i] = true,
                    None => return Err(self.unknown(raw, n, None)),
                }
                zeros += usize::from(c == '0');
            }
        }
        let fits = |a: &Symbols, zero_is_empty: bool| {
            if zero_is_empty && a.value_of('0').is_some() {
                return false;
            }
            (0u8..128)
                .filter(|&b| used[usize::from(b)] && !(zero_is_empty && b == b'0'))
                .all(|b| a.value_of(char::from(b)).is_some())
        };
        let orders: &[bool] = if zeros > n { &[true, false] } else { &[false, true] };
        let alphabets = self.alphabets(n);
        for &zero_is_empty in orders {
            if let Some(a) = alphabets.iter().find(|a| fits(a, zero_is_empty)) {
                return Ok((a.clone(), zero_is_empty));
            }
        }
        // No alphabet fits: report the first symbol outside the one that fits best.
        let missing = |a: &Symbols| {
            let zero_is_empty = a.value_of('0').is_none();
            (0u8..128)
                .filter(|&b| used[usize::from(b)] && !(zero_is_empty && b == b'0'))
                .filter(|&b| a.value_of(char::from(b)).is_none())
                .count()
        };
        let best = alphabets
            .iter()
            .enumerate()
            .min_by_key(|(i, a)| (missing(a), *i))
            .map(|(_, a)| a.clone())
            .expect("at least one alphabet per size");
        let zero_is_empty = best.value_of('0').is_none();
        let raw = cells
            .iter()
            .find(|raw| match raw.token {
                Token::Char('0') if zero_is_empty => false,
                Token::Char(c) => best.value_of(c).is_none(),
                _ => false,
            })
            .expect("some symbol is missing from every alphabet");
        Err(self.unknown(raw, n, Some(&best)))
    }

    fn unknown(&mut self, raw: &Raw, n: usize, alphabet: Option<&Symbols>) -> FormatError {
        let Token::Char(symbol) = raw.token else { unreachable!("only symbols are unknown") };
        let expected = match alphabet {
            Some(a) => a.describe(),
            None => self.alphabets(n)[0].describe(),
        };
        FormatError::UnknownSymbol { line: raw.line, column: raw.column, symbol, target: self.target(n), expected }
    }
}
