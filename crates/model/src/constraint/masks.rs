//! Candidate masks: bit `v - 1` for value `v`, and the small operations the filters use on them.

/// Masks of values: bit `v - 1` for value `v`.
#[inline]
#[doc(hidden)]
pub fn bit(v: u32) -> u64 {
    1 << (v - 1)
}

#[inline]
#[doc(hidden)]
pub fn full(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The lowest value of a non-empty mask.
#[inline]
#[doc(hidden)]
pub fn lowest(m: u64) -> u32 {
    m.trailing_zeros() + 1
}

/// The highest value of a non-empty mask.
#[inline]
pub(super) fn highest(m: u64) -> u32 {
    64 - m.leading_zeros()
}

/// Values greater than `v` (0: all).
#[inline]
pub(super) fn above(v: u32) -> u64 {
    if v >= 64 { 0 } else { u64::MAX << v }
}

/// Values less than `v`.
#[inline]
pub(super) fn below(v: u32) -> u64 {
    if v == 0 { 0 } else { above(v - 1) ^ u64::MAX }
}
