//! Candidate sets: one bit per value, value `v` (1-based) at bit `v - 1`.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of values as an unsigned integer; implemented for `u16`, `u32` and `u64`.
///
/// A strategy is generic over it and picks the narrowest type that holds n bits once per solve
/// ([`Bits::fits`]), so counting, lowest-bit and iteration are single instructions.
pub trait Bits:
    Copy
    + Eq
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const EMPTY: Self;
    /// The number of bits.
    const WIDTH: usize;
    /// The set {0, …, n-1} of bit indices (values 1..=n).
    fn full(n: usize) -> Self;
    /// The set holding bit `i` only.
    fn bit(i: usize) -> Self;
    /// The number of members.
    fn count(self) -> u32;
    /// The lowest member's bit index (undefined result on the empty set: check first).
    fn lowest(self) -> usize;
    /// True for the empty set.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// True when bit `i` is a member.
    #[inline]
    fn has(self, i: usize) -> bool {
        self & Self::bit(i) != Self::EMPTY
    }
    /// True when exactly one bit is set.
    fn is_single(self) -> bool;
    /// The set without its lowest member.
    fn without_lowest(self) -> Self;
    /// Widens to `u64`.
    fn to_u64(self) -> u64;
    /// Narrows from `u64` (the caller guarantees it fits).
    fn from_u64(v: u64) -> Self;
    /// The members' bit indices, ascending.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
    /// True when a set of `n` values fits.
    #[inline]
    fn fits(n: usize) -> bool {
        n <= Self::WIDTH
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const EMPTY: Self = 0;
            const WIDTH: usize = <$t>::BITS as usize;
            #[inline]
            fn full(n: usize) -> Self {
                if n >= Self::WIDTH { <$t>::MAX } else { (1 << n) - 1 }
            }
            #[inline]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn is_single(self) -> bool {
                self != 0 && self & (self - 1) == 0
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn to_u64(self) -> u64 {
                self as u64
            }
            #[inline]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
        }
    };
}

impl_bits!(u16);
impl_bits!(u32);
impl_bits!(u64);

/// Iterates the members of a set, lowest first.
#[derive(Debug, Clone, Copy)]
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(i)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let c = self.0.count() as usize;
        (c, Some(c))
    }
}

impl<B: Bits> ExactSizeIterator for BitIter<B> {}

/// Calls `$body` with the type alias `$B` bound to the narrowest [`Bits`] type that holds `$n` bits.
#[macro_export]
macro_rules! dispatch_bits {
    ($n:expr, $B:ident => $body:expr) => {{
        let n: usize = $n;
        if n <= 16 {
            type $B = u16;
            $body
        } else if n <= 32 {
            type $B = u32;
            $body
        } else {
            type $B = u64;
            $body
        }
    }};
}
