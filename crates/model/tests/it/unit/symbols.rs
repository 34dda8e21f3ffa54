//! The tests of `src/symbols.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::{Symbols, SymbolsError};

#[test]
fn defaults_follow_the_corpora_conventions() {
    assert_eq!(Symbols::default_for(9).as_string(), "123456789");
    assert_eq!(Symbols::default_for(16).as_string(), "123456789ABCDEFG");
    assert_eq!(Symbols::default_for(36).as_string(), "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    assert_eq!(Symbols::default_for(64).len(), 64);
    let alts: Vec<String> = Symbols::alternatives(16).iter().map(Symbols::as_string).collect();
    assert!(alts.contains(&"0123456789ABCDEF".to_string()));
    let alts: Vec<String> = Symbols::alternatives(25).iter().map(Symbols::as_string).collect();
    assert!(alts.contains(&"ABCDEFGHIJKLMNOPQRSTUVWXY".to_string()));
}

#[test]
fn rejects_bad_alphabets() {
    assert_eq!(Symbols::new("1123", 4).unwrap_err().to_string(), "the symbol '1' appears twice in the alphabet");
    assert!(matches!(Symbols::new("12.4", 4), Err(SymbolsError::BadSymbol { symbol: '.' })));
    assert!(matches!(Symbols::new("123", 4), Err(SymbolsError::WrongLength { .. })));
}

#[test]
fn describes_runs() {
    assert_eq!(Symbols::default_for(16).describe(), "1-9, A-G");
    assert_eq!(Symbols::default_for(4).describe(), "1-4");
    assert_eq!(Symbols::new("AZ", 2).unwrap().describe(), "A, Z");
}
