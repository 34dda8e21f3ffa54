//! Candidate masks: one `u64` per cell, bit `v - 1` for value `v` (n ≤ 64).

use coverlab_model::Value;

/// The mask of value `v` (1..=64); 0 for a value out of that range.
#[inline]
pub(crate) fn bit(v: Value) -> u64 {
    if v == 0 || v > 64 { 0 } else { 1 << (v - 1) }
}

/// Every value of an n×n grid.
#[inline]
pub(crate) fn full(n: usize) -> u64 {
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
pub(crate) fn values(mask: u64) -> impl Iterator<Item = Value> {
    Ones(mask).map(|i| (i + 1) as Value)
}

/// The mask of a list of values (values out of range are left out).
pub(crate) fn mask_of(values: &[Value]) -> u64 {
    values.iter().fold(0, |m, &v| m | bit(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_cover_every_size() {
        assert_eq!(full(4), 0b1111);
        assert_eq!(full(64), u64::MAX);
        assert_eq!(bit(64), 1 << 63);
        assert_eq!(bit(0), 0);
        assert_eq!(bit(65), 0);
        assert_eq!(values(0b1010_0001).collect::<Vec<_>>(), vec![1, 6, 8]);
        assert_eq!(values(u64::MAX).count(), 64);
        assert_eq!(mask_of(&[1, 3, 0, 99]), 0b101);
    }
}
