//! ISS's rules of the user's own: the pair tables of `Pair`, `PairX` and their legacy forms
//! `Binary`, `BinaryX`, the named groups of cells they apply to, and the patterns of `Regex`
//! lines, turned into what coverlab's `Pair` and `Regex` rules read.

/// ISS's base64 alphabet (`Base64Codec.BASE64_CHARS`): the value of one key character.
fn six_bits(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'-' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

/// The value pairs (a, b) a pair key allows on values 1 to n (ISS's `fnToBinaryKey`: bit
/// (a − 1)·n + (b − 1) of the key, six bits a character, lowest first; missing characters are
/// zeros, characters past the n² bits are not read, as ISS reads them). `legacy` keys
/// (`Binary`, `BinaryX`) swap `-` and `_` first, as ISS does. On values from 0 the pair's index
/// a is ISS's value a − 1, which is coverlab's a: the pairs read the same.
pub(super) fn pair_table(key: &str, n: usize, legacy: bool) -> Result<Vec<(u32, u32)>, String> {
    let mut bits = Vec::with_capacity(key.len());
    for (i, c) in key.bytes().enumerate() {
        let c = match (legacy, c) {
            (true, b'-') => b'_',
            (true, b'_') => b'-',
            _ => c,
        };
        bits.push(six_bits(c).ok_or_else(|| {
            format!("the pair key's character {} ('{}') is not base64", i + 1, char::from(c).escape_default())
        })?);
    }
    let mut allowed = Vec::new();
    for a in 0..n {
        for b in 0..n {
            let at = a * n + b;
            if bits.get(at / 6).is_some_and(|v| v >> (at % 6) & 1 == 1) {
                allowed.push((a as u32 + 1, b as u32 + 1));
            }
        }
    }
    Ok(allowed)
}

/// ISS's `parseNamedCellGroups`: an empty argument ends a group, `_name` (percent-encoded)
/// ends one and names those after it; each group with its name.
pub(super) fn named_groups<'a>(args: &[&'a str]) -> Vec<(Option<String>, Vec<&'a str>)> {
    let mut out = Vec::new();
    let mut name: Option<String> = None;
    let mut group: Vec<&str> = Vec::new();
    for arg in args.iter().chain([&""]) {
        if arg.is_empty() || arg.starts_with('_') {
            if !group.is_empty() {
                out.push((name.clone(), std::mem::take(&mut group)));
            }
            if let Some(rest) = arg.strip_prefix('_') {
                name = plain_name(&crate::fpuzzles::percent_decode(rest));
            }
        } else {
            group.push(arg);
        }
    }
    out
}

/// A group's name as a rule's name, which must be 1 to 40 letters, digits, spaces, `-` or `_`:
/// other characters become spaces (`Odd/Even` → `Odd Even`); none left, no name.
fn plain_name(name: &str) -> Option<String> {
    let cleaned: String =
        name.chars().map(|c| if c.is_alphanumeric() || "-_".contains(c) { c } else { ' ' }).take(40).collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// ISS's `charToValue`: `0`–`9`, then `A`–`Z` or `a`–`z` for 10 on.
fn char_value(c: char) -> Option<i64> {
    match c {
        '0'..='9' => Some(c as i64 - '0' as i64),
        'A'..='Z' => Some(c as i64 - 'A' as i64 + 10),
        'a'..='z' => Some(c as i64 - 'a' as i64 + 10),
        _ => None,
    }
}

/// The kind of a pattern character, for ranges: ISS's ranges run over character codes, so a
/// range from a digit to a letter (or across cases) spans characters that are no value.
fn kind(c: char) -> u8 {
    match c {
        '0'..='9' => 0,
        'A'..='Z' => 1,
        _ => 2,
    }
}

/// A `Regex`'s pattern as coverlab's `Regex` rule reads it, over `alphabet` (the symbols of
/// values 1 to n; `zero`: ISS's values run from 0, so ISS's value v is coverlab's v + 1).
/// ISS writes the pattern in URL-safe base64, or percent-encoded in old links (when it holds
/// `%`). ISS's syntax is a subset of coverlab's: each value character becomes the symbol of its
/// value, the rest (`()|.*+?{m,n}[^…]`) is kept; what ISS would refuse (a character that is no
/// value of the grid, `\`, a range from a digit to a letter) is refused.
pub(super) fn regex_pattern(encoded: &str, alphabet: &[u8], zero: bool) -> Result<String, String> {
    let decoded = if encoded.contains('%') {
        crate::fpuzzles::percent_decode(encoded)
    } else {
        let bytes = super::nfa::base64(encoded).map_err(|e| format!("the pattern is not base64: {e}"))?;
        String::from_utf8(bytes).map_err(|_| "the pattern is not text".to_string())?
    };
    let pattern: String = decoded.chars().filter(|c| !c.is_whitespace()).collect();
    let n = alphabet.len() as i64;
    let (low, high) = if zero { (0, n - 1) } else { (1, n) };
    let symbol = |c: char| -> Result<char, String> {
        match char_value(c) {
            Some(v) if (low..=high).contains(&v) => Ok(char::from(alphabet[(v - low) as usize])),
            _ => Err(format!("'{}' in the pattern \"{pattern}\" is not a value {low} to {high}", c.escape_default())),
        }
    };
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == '}' {
                        break;
                    }
                }
            }
            '[' => {
                out.push(c);
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                while let Some(d) = chars.next() {
                    if d == ']' {
                        out.push(d);
                        break;
                    }
                    out.push(symbol(d)?);
                    if chars.peek() == Some(&'-') {
                        chars.next();
                        let Some(e) = chars.next() else { break };
                        if kind(d) != kind(e) || char_value(e).is_none() {
                            return Err(format!(
                                "the range {d}-{e} in the pattern \"{pattern}\" runs over characters that are no value"
                            ));
                        }
                        out.push('-');
                        out.push(symbol(e)?);
                    }
                }
            }
            '(' | ')' | '|' | '.' | '*' | '+' | '?' => out.push(c),
            _ => out.push(symbol(c)?),
        }
    }
    Ok(out)
}
