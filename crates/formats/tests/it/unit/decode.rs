//! The tests of `src/decode.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_formats::decode::*;

fn raws(text: &str) -> Vec<Raw> {
    text.chars().enumerate().map(|(i, c)| Raw { token: Token::of_char(c), line: 1, column: i + 1 }).collect()
}

#[test]
fn classifies_tokens() {
    assert_eq!(Token::classify(""), Token::Empty);
    assert_eq!(Token::classify("."), Token::Empty);
    assert_eq!(Token::classify("7"), Token::Char('7'));
    assert_eq!(Token::classify("16"), Token::Number(16));
    assert_eq!(Token::classify("007"), Token::Number(7));
    assert_eq!(Token::classify("99999999999"), Token::Huge("99999999999".into()));
    assert_eq!(Token::classify("1x"), Token::Bad("1x".into()));
}

proptest::proptest! {
    /// The line fast path gives exactly what the general decoder gives, and declines exactly
    /// where the general decoder reports an error, puzzle after puzzle (it starts from the
    /// alphabet of the previous line).
    #[test]
    fn ascii_line_fast_path_matches_decode(
        n in proptest::sample::select(vec![4usize, 9, 16]),
        lines in proptest::collection::vec((
            proptest::sample::select(vec![
                "123456789.", "1234.0*_", "0123456789", "123456789ABCDEFG.0", "0123456789ABCDEF.",
                "ABCDEFGHIJKLMNOP0-", "12345678Z.", "1234", "0000000001234.",
            ]),
            proptest::collection::vec(0usize..64, 256),
        ), 1..5),
    ) {
        let mut ctx = Context::new(None);
        for (pool, picks) in lines {
            let pool: Vec<char> = pool.chars().collect();
            let text: String = picks[..n * n].iter().map(|&i| pool[i % pool.len()]).collect();
            let slow = Context::new(None).decode(&raws(&text), n, false);
            if text.is_ascii() {
                match ctx.decode_ascii_line(text.as_bytes(), n) {
                    Some(parsed) => proptest::prop_assert_eq!(Ok(parsed), slow),
                    None => proptest::prop_assert!(slow.is_err(), "{text}: {slow:?}"),
                }
            }
        }
    }
}

#[test]
fn zero_is_a_symbol_only_when_it_can_be() {
    let mut ctx = Context::new(None);
    // 0-9A-F, with '0' (value 1) used once: '0' is a symbol.
    let p = ctx.decode(&raws("0123456789ABCDEF"), 4, false);
    assert!(p.is_err(), "16 symbols do not fit a 4x4 alphabet");
    let mut text = String::from("0123456789ABCDEF");
    text.push_str(&".".repeat(240));
    let p = ctx.decode(&raws(&text), 16, false).unwrap();
    assert_eq!(p.symbols.as_string(), "0123456789ABCDEF");
    assert_eq!(p.values[0], 1);
    // The same with '0' for every empty cell: '0' is empty, the default alphabet fits.
    let text = text.replace('.', "0").replace('F', "G");
    let p = ctx.decode(&raws(&text), 16, false).unwrap();
    assert_eq!(p.symbols.as_string(), "123456789ABCDEFG");
    assert_eq!(p.values[0], 0);
    assert_eq!(p.values[1], 1);
}
