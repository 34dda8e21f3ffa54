//! Candidate masks: one `u64` per cell, bit `v - 1` for value `v` (n ≤ 64).

use coverlab_model::Value;

/// The mask of value `v` (1..=64); 0 for a value out of that range.
#[inline]
#[doc(hidden)]
pub fn bit(v: Value) -> u64 {
    if v == 0 || v > 64 { 0 } else { 1 << (v - 1) }
}

/// Every value of an n×n grid.
#[inline]
#[doc(hidden)]
pub fn full(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The set bits of a mask, lowest first, as 0-based indices.
#[derive(Clone, Copy)]
pub(crate) struct Ones(pub(crate) u64);

impl Iterator for Ones {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// The values of a mask, ascending.
#[inline]
#[doc(hidden)]
pub fn values(mask: u64) -> impl Iterator<Item = Value> {
    Ones(mask).map(|i| (i + 1) as Value)
}

/// The mask of a list of values (values out of range are left out).
#[doc(hidden)]
pub fn mask_of(values: &[Value]) -> u64 {
    values.iter().fold(0, |m, &v| m | bit(v))
}
