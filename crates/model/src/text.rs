//! Text from an input, made safe to print in a message.
//!
//! Messages quote what they found in a file (a token, a house name, a file name). A control
//! character there (an escape sequence that clears the screen or sets the window title, a
//! carriage return that overwrites the line, a bidirectional override that reorders it) must not
//! reach a terminal raw: [`escape`] writes each as a visible escape, the way Rust's `{:?}` does.

use std::borrow::Cow;
use std::fmt::Write;
use std::path::Path;

/// True for a character that must not be printed raw: C0 and C1 controls, DEL, and the Unicode
/// format characters that reorder or hide text (bidirectional controls, zero-width marks, BOM).
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

/// `text` with every unsafe character written as an escape (`\t`, `\n`, `\r`, `\e`, `\u{202e}`);
/// borrowed unchanged when there is none (the usual case).
///
/// ```
/// use coverlab_model::text::escape;
/// assert_eq!(escape("r1c1"), "r1c1");
/// assert_eq!(escape("a\u{1b}]0;pwned\u{7}b"), "a\\e]0;pwned\\u{7}b");
/// ```
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            c if is_unsafe(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A file name as messages show it: as is when it is plain (letters, digits and `._-/+@,=:~`),
/// else in single quotes, with unsafe characters escaped (as `ls` and GNU tools quote names).
///
/// ```
/// use coverlab_model::text::file_name;
/// use std::path::Path;
/// assert_eq!(file_name(Path::new("puzzles/17_clue.txt")), "puzzles/17_clue.txt");
/// assert_eq!(file_name(Path::new("my puzzles.txt")), "'my puzzles.txt'");
/// assert_eq!(file_name(Path::new("x\u{1b}[2J.txt")), "'x\\e[2J.txt'");
/// ```
pub fn file_name(path: &Path) -> String {
    quote_name(&path.to_string_lossy())
}

/// [`file_name`] for a name already held as text (`<stdin>` and other labels pass unquoted).
pub fn quote_name(name: &str) -> String {
    let plain = |c: char| c.is_alphanumeric() && !is_unsafe(c) || "._-/+@,=:~<>".contains(c);
    if !name.is_empty() && name.chars().all(plain) {
        return name.to_string();
    }
    format!("'{}'", escape(name).replace('\'', "\\'"))
}

/// `n` and a noun, singular for one and plural otherwise: `count(1, "puzzle")` is `1 puzzle`,
/// `count(2, "guess")` is `2 guesses`. Nouns ending in s, x, z, ch or sh take `es`; others `s`.
///
/// ```
/// use coverlab_model::text::count;
/// assert_eq!(count(1u64, "puzzle"), "1 puzzle");
/// assert_eq!(count(0usize, "puzzle"), "0 puzzles");
/// assert_eq!(count(3u32, "guess"), "3 guesses");
/// ```
pub fn count(n: impl Number, noun: &str) -> String {
    format!("{n} {}", plural(n, noun))
}

/// A whole number [`count`] and [`plural`] take: any unsigned integer type.
pub trait Number: Copy + std::fmt::Display {
    /// True for 1, which takes the singular.
    fn is_one(self) -> bool;
}

macro_rules! number {
    ($($t:ty),*) => {$(impl Number for $t { fn is_one(self) -> bool { self == 1 } })*};
}
number!(u8, u16, u32, u64, u128, usize);

/// The noun alone, as [`count`] writes it after `n`.
pub fn plural(n: impl Number, noun: &str) -> Cow<'_, str> {
    if n.is_one() {
        return Cow::Borrowed(noun);
    }
    let es = ["s", "x", "z", "ch", "sh"].iter().any(|end| noun.ends_with(end));
    Cow::Owned(format!("{noun}{}", if es { "es" } else { "s" }))
}

/// The names among `known` closest to `name` (case aside), for a "did you mean" after an
/// unknown name: those at the least edit distance (a transposition counts as one edit) when it is
/// within a third of the name's length (at least 1, at most 3); failing that, those that hold
/// `name` (`killer` → `killer-9x9-example`). At most three.
///
/// ```
/// use coverlab_model::text::closest;
/// assert_eq!(closest("clasic-9x9", ["classic-4x4", "classic-9x9", "x-9x9"]), ["classic-9x9"]);
/// assert_eq!(closest("dxl", ["dfs", "dlx"]), ["dlx"]);
/// assert_eq!(closest("killer", ["classic-9x9", "killer-9x9"]), ["killer-9x9"]);
/// assert!(closest("zzz", ["classic-9x9"]).is_empty());
/// ```
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let name = name.to_lowercase();
    let bound = (name.chars().count() / 3).clamp(1, 3);
    let known: Vec<(usize, bool, &str)> = known
        .into_iter()
        .map(|k| {
            let lower = k.to_lowercase();
            (edit_distance(&name, &lower), name.len() >= 3 && lower.contains(&name), k)
        })
        .collect();
    let best = known.iter().map(|&(d, _, _)| d).min().filter(|&d| d <= bound);
    let mut near: Vec<&str> = match best {
        Some(best) => known.iter().filter(|&&(d, _, _)| d == best).map(|&(_, _, k)| k).collect(),
        None => known.iter().filter(|&&(_, holds, _)| holds).map(|&(_, _, k)| k).collect(),
    };
    near.dedup();
    near.truncate(3);
    near
}

/// [`closest`] as a question, `did you mean classic-9x9?`, when any name is close.
pub fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    match closest(name, known).as_slice() {
        [] => None,
        [one] => Some(format!("did you mean {one}?")),
        [rest @ .., last] => Some(format!("did you mean {} or {last}?", rest.join(", "))),
    }
}

/// The optimal string alignment distance over characters: insertions, deletions, substitutions
/// and swaps of two neighbours, one edit each.
#[doc(hidden)]
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // d[i][j]: the distance between a[..i] and b[..j], three rows kept.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let mut d = (last[j - 1] + usize::from(a[i - 1] != b[j - 1])).min(last[j] + 1).min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}
