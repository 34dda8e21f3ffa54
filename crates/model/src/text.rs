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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_character_is_escaped() {
        for c in (0u32..0x20).chain(0x7f..0xa0).filter_map(char::from_u32) {
            let text = format!("a{c}b");
            let shown = escape(&text);
            assert!(!shown.chars().any(|c| c.is_control()), "{c:?} reached the output: {shown:?}");
            assert!(shown.starts_with('a') && shown.ends_with('b'));
        }
    }

    #[test]
    fn bidirectional_overrides_are_escaped() {
        assert_eq!(escape("abc\u{202e}def"), "abc\\u{202e}def");
        assert_eq!(quote_name("\u{202e}txt.exe"), "'\\u{202e}txt.exe'");
    }

    #[test]
    fn names_with_quotes_or_spaces_are_quoted_unambiguously() {
        assert_eq!(quote_name("it's.txt"), "'it\\'s.txt'");
        assert_eq!(quote_name(""), "''");
        assert_eq!(quote_name("<stdin>"), "<stdin>");
        assert_eq!(quote_name("données.txt"), "données.txt");
    }
}
