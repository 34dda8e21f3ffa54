//! The tests of `src/iss/nfa.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_formats::iss::nfa::*;

/// Writes a machine as ISS's serializer does (the packed format), for the tests.
fn packed(
    state_bits: usize,
    symbols: usize,
    starts: usize,
    accept: usize,
    sia: usize,
    body: &[(usize, Vec<usize>)],
) -> String {
    let mut bits: Vec<u8> = Vec::new();
    let mut put = |v: usize, k: usize| (0..k).rev().for_each(|i| bits.push((v >> i & 1) as u8));
    put(1, 2);
    put(state_bits - 1, 4);
    put(symbols - 1, 4);
    put(starts, state_bits);
    put(accept, state_bits);
    put(sia, starts);
    for (mask, targets) in body {
        put(*mask, symbols);
        targets.iter().for_each(|&t| put(t, state_bits));
    }
    while !bits.len().is_multiple_of(8) {
        bits.push(0);
    }
    let bytes: Vec<u8> = bits.chunks(8).map(|c| c.iter().fold(0, |a, &b| a << 1 | b)).collect();
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let v = chunk.iter().enumerate().fold(0u32, |a, (i, &b)| a | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(ALPHABET[(v >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

#[test]
fn a_packed_machine_reads_back() {
    // Odd then even, repeated: state 0 (start, accepting) on 1, 3 to 1; 1 on 2, 4 to 0.
    let text = packed(1, 4, 1, 0, 1, &[(0b0101, vec![1, 1]), (0b1010, vec![0, 0])]);
    let m = decode(&text).unwrap();
    // 25 bits, padded to 32: the 7 left hold a third state's empty mask (ISS reads it too).
    assert_eq!(m.states, 3);
    assert_eq!(m.starts, vec![0]);
    assert_eq!(m.accept, vec![0]);
    assert_eq!(m.transitions, vec![(0, 1, 1), (0, 3, 1), (1, 2, 0), (1, 4, 0)]);
}

#[test]
fn the_corpus_skyscraper_machine_reads() {
    // ISS's "Skyscraper-9" line (Diagonal Skyscrapers): 10 states, one accepting.
    let m = decode("TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg").unwrap();
    assert_eq!((m.states, m.starts.len(), m.accept.len()), (10, 1, 1));
    assert!(m.transitions.iter().all(|&(_, v, to)| (1..=9).contains(&v) && to < 10));
}

#[test]
fn broken_machines_are_refused() {
    assert!(decode("*").unwrap_err().contains("not base64"));
    assert!(decode("A").unwrap_err().contains("whole byte"));
    assert!(decode("wA").unwrap_err().contains("format 3"));
    // Packed, 1-bit ids, 4 symbols, no start.
    assert!(decode(&packed(1, 4, 0, 0, 0, &[])).unwrap_err().contains("no start"));
    // A stray 1 after the last whole state.
    let mut text = packed(1, 4, 1, 0, 1, &[(0b0001, vec![0])]);
    text.pop();
    text.push('_');
    assert!(decode(&text).is_err());
}
