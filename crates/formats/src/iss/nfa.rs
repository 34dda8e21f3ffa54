//! ISS's serialized state machines (the first argument of `.NFA~…`), read as its
//! `NFASerializer.deserialize` reads them (js/nfa_builder.js, js/util.js): URL-safe base64 of a
//! bit stream, most significant bit first.
//!
//! The header: the format (2 bits: 0 plain, 1 packed), the bits per state id less one (4), the
//! number of symbols less one (4), the number of start states and of accepting states that are
//! not starts (a state id each), one bit per start saying whether it accepts (the last bit read
//! is the first start's), then, in the plain format only, the bits per transition count (4).
//! Then the states, each until the stream ends: plain, a transition count and that many
//! (symbol, target) pairs; packed, a mask of the symbols it has a transition on (the lowest bit
//! for the first value) and one target for each. The starts are states 0…, the other accepting
//! states those right after them; what is left after the last whole state must be zero bits.

use coverlab_model::pattern::{MAX_MACHINE_STATES, MAX_TRANSITIONS};

/// A machine as read: transitions on values from 1 (a value past the grid's is never read).
#[derive(Debug, Clone, PartialEq, Eq)]
#[doc(hidden)]
pub struct Machine {
    /// How many states (ids 0 to this − 1).
    pub states: usize,
    /// The start states.
    pub starts: Vec<usize>,
    /// The accepting states.
    pub accept: Vec<usize>,
    /// (from, value, to).
    pub transitions: Vec<(usize, u32, usize)>,
}

/// The bits of a stream, read from the front.
struct Bits {
    bytes: Vec<u8>,
    at: usize,
}

impl Bits {
    fn remaining(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    fn read(&mut self, count: usize) -> Result<usize, String> {
        if count > self.remaining() {
            return Err("it ends in the middle of a field".into());
        }
        let mut value = 0usize;
        for _ in 0..count {
            let bit = self.bytes[self.at / 8] >> (7 - self.at % 8) & 1;
            value = value << 1 | usize::from(bit);
            self.at += 1;
        }
        Ok(value)
    }
}

/// URL-safe base64 without padding (ISS's `Base64Codec`; `+`, `/` and `=` are read too).
pub(super) fn base64(text: &str) -> Result<Vec<u8>, String> {
    let mut bits = 0u32;
    let mut held = 0;
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let body = text.trim_end_matches('=');
    for (i, c) in body.bytes().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return Err(format!("character {} ('{}') is not base64", i + 1, char::from(c).escape_default())),
        };
        bits = bits << 6 | u32::from(v);
        held += 6;
        if held >= 8 {
            held -= 8;
            out.push((bits >> held) as u8);
        }
    }
    if body.len() % 4 == 1 {
        return Err(format!("{} base64 characters cannot end a whole byte", body.len()));
    }
    Ok(out)
}

/// The bits needed to write numbers up to `x` (ISS's `requiredBits`: 0 for 0).
fn required_bits(x: usize) -> usize {
    (usize::BITS - x.leading_zeros()) as usize
}

/// Reads a serialized machine; what is wrong, otherwise.
#[doc(hidden)]
pub fn decode(text: &str) -> Result<Machine, String> {
    if text.is_empty() {
        // ISS: an empty machine, which accepts nothing.
        return Ok(Machine { states: 1, starts: vec![0], accept: Vec::new(), transitions: Vec::new() });
    }
    let bytes = base64(text)?;
    if bytes.is_empty() {
        return Err("it is empty".into());
    }
    let mut r = Bits { bytes, at: 0 };
    let format = r.read(2)?;
    if format > 1 {
        return Err(format!("format {format} is not one ISS writes (0 plain, 1 packed)"));
    }
    let state_bits = r.read(4)? + 1;
    let symbols = r.read(4)? + 1;
    let start_count = r.read(state_bits)?;
    let accept_count = r.read(state_bits)?;
    if start_count == 0 {
        return Err("it has no start state".into());
    }
    let too_many = |what: &str| format!("it has more than {MAX_MACHINE_STATES} {what} (coverlab's limit)");
    if start_count + accept_count > MAX_MACHINE_STATES {
        return Err(too_many("start and accepting states"));
    }
    let start_accepts = (0..start_count).map(|_| r.read(1)).collect::<Result<Vec<_>, _>>()?;
    let count_bits = if format == 0 { r.read(4)? } else { 0 };
    let symbol_bits = required_bits(symbols - 1);
    let mut transitions = Vec::new();
    let mut states = 0;
    loop {
        let need = if format == 0 { count_bits } else { symbols };
        if need == 0 || r.remaining() < need {
            break;
        }
        if states == MAX_MACHINE_STATES {
            return Err(too_many("states"));
        }
        let from = states;
        states += 1;
        if format == 0 {
            for _ in 0..r.read(count_bits)? {
                let symbol = r.read(symbol_bits)?;
                let to = r.read(state_bits)?;
                transitions.push((from, symbol as u32 + 1, to));
            }
        } else {
            let mask = r.read(symbols)?;
            for value in (0..symbols).filter(|v| mask >> v & 1 == 1) {
                transitions.push((from, value as u32 + 1, r.read(state_bits)?));
            }
        }
        if transitions.len() > MAX_TRANSITIONS {
            return Err(format!("it has more than {MAX_TRANSITIONS} transitions (coverlab's limit)"));
        }
    }
    while r.remaining() > 0 {
        if r.read(1)? != 0 {
            return Err("it has data after its last state".into());
        }
    }
    let states =
        transitions.iter().map(|&(_, _, to)| to + 1).chain([states, start_count + accept_count]).max().unwrap_or(1);
    if states > MAX_MACHINE_STATES {
        return Err(too_many("states"));
    }
    // The last bit read is the first start's.
    let accept = (0..start_count)
        .filter(|&i| start_accepts[start_count - 1 - i] == 1)
        .chain(start_count..start_count + accept_count)
        .collect();
    Ok(Machine { states, starts: (0..start_count).collect(), accept, transitions })
}
