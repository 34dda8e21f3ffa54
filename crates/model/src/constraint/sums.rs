//! Sums: the dynamic program over reachable partial sums, bounds for sums too large for it,
//! signed sums, and the value combinations of k distinct values adding up to a sum.

use super::masks::*;

/// The most value sets a cage's table holds; beyond, its filtering uses partial sums or bounds.
pub const MAX_COMBINATIONS: usize = 4096;

/// The totals a sum may take.
#[derive(Clone, Copy)]
pub(super) enum Targets {
    /// One total.
    Exactly(u32),
    /// Any value of the mask (an arrow's circle).
    Values(u64),
}

/// Each cell keeps the values that some assignment of the others completes to a target total.
/// Exact (a dynamic program over reachable partial sums, in `u64` bitsets when every target is
/// under 64 and in `u128` ones otherwise) when every target is under 128: partial sums only grow, so those of 128 and more, dropped by the shifts, could
/// never reach one. Otherwise bounds: a value stays when the others' least and greatest totals
/// leave a target within reach.
pub(super) fn sum_filter(d: &mut [u64], targets: Targets) -> Result<(), usize> {
    let k = d.len();
    let exact = match targets {
        Targets::Exactly(s) => s < 128,
        Targets::Values(_) => true,
    };
    if !exact {
        let Targets::Exactly(s) = targets else { unreachable!() };
        return sum_bounds(d, s as u64, s as u64);
    }
    // Every total under 64 (every sum of a 9×9 cage or house sum): one word per cell, and the
    // value 64 (of a 64×64 grid) out at once, since it alone passes every such total.
    let small = match targets {
        Targets::Exactly(s) => s < 64,
        Targets::Values(m) => m >> 63 == 0,
    };
    if small && k <= 16 {
        d.iter_mut().for_each(|m| *m &= u64::MAX >> 1);
    }
    match targets {
        Targets::Exactly(s) if small && k <= 16 => sum_program::<u64, 17>(d, 1u64 << s),
        Targets::Values(m) if small && k <= 16 => sum_program::<u64, 17>(d, m << 1),
        Targets::Exactly(s) => sum_program::<u128, 65>(d, 1u128 << s),
        Targets::Values(m) => sum_program::<u128, 65>(d, u128::from(m) << 1),
    }
}

/// A bitset of partial sums (bit t: total t is reachable): `u64` when every total is under 64,
/// `u128` otherwise.
pub(super) trait Totals:
    Copy + Eq + std::ops::BitOr<Output = Self> + std::ops::BitOrAssign + std::ops::BitAnd<Output = Self>
{
    const NONE: Self;
    const ZERO_TOTAL: Self;
    /// Every total raised by `v`, less than the word's bits (those raised past it dropped).
    fn up(self, v: u32) -> Self;
    /// Every total lowered by `v`, less than the word's bits (those below 0 dropped).
    fn down(self, v: u32) -> Self;
    /// `self` if `keep`, no total otherwise, without a branch.
    fn keep_if(self, keep: bool) -> Self;
}

macro_rules! totals {
    ($($word:ty),*) => {$(
        impl Totals for $word {
            const NONE: Self = 0;
            const ZERO_TOTAL: Self = 1;
            #[inline]
            fn up(self, v: u32) -> Self {
                debug_assert!(v < Self::BITS);
                self << v
            }
            #[inline]
            fn down(self, v: u32) -> Self {
                debug_assert!(v < Self::BITS);
                self >> v
            }
            #[inline]
            fn keep_if(self, keep: bool) -> Self {
                self & Self::from(keep).wrapping_neg()
            }
        }
    )*};
}

totals!(u64, u128);

/// [`sum_filter`]'s dynamic program, `goal` the bitset of target totals.
pub(super) fn sum_program<T: Totals, const N: usize>(d: &mut [u64], goal: T) -> Result<(), usize> {
    let k = d.len();
    // forward[i]: the totals the first i cells can reach (N > k).
    let mut forward = [T::NONE; N];
    forward[0] = T::ZERO_TOTAL;
    for i in 0..k {
        let mut next = T::NONE;
        let mut m = d[i];
        while m != 0 {
            let v = m.trailing_zeros() + 1;
            next |= forward[i].up(v);
            m &= m - 1;
        }
        forward[i + 1] = next;
    }
    if forward[k] & goal == T::NONE {
        return Err(0);
    }
    // need: the totals the cells before i must reach for the rest to end on a target.
    let mut need = goal;
    for i in (0..k).rev() {
        let mut keep = 0u64;
        let mut next_need = T::NONE;
        let mut m = d[i];
        while m != 0 {
            let v = m.trailing_zeros() + 1;
            let before = need.down(v);
            // Branch-free: whether a value keeps support is unpredictable.
            let hit = forward[i] & before != T::NONE;
            keep |= u64::from(hit) << (v - 1);
            next_need |= before.keep_if(hit);
            m &= m - 1;
        }
        d[i] = keep;
        if keep == 0 {
            return Err(i);
        }
        need = next_need;
    }
    Ok(())
}

/// Σ added − Σ negated = `difference`: the sum filter on n + 1 − value for the negated cells.
pub(super) fn signed_sum(n: usize, difference: i32, negated: u64, d: &mut [u64]) -> Result<(), usize> {
    let flip = |d: &mut [u64]| {
        for (i, m) in d.iter_mut().enumerate() {
            if negated >> i & 1 == 1 {
                *m = m.reverse_bits() >> (64 - n);
            }
        }
    };
    let total = i64::from(difference) + (n as i64 + 1) * i64::from(negated.count_ones());
    if total < 0 || total > u32::MAX as i64 {
        return Err(0);
    }
    flip(d);
    let result = sum_filter(d, Targets::Exactly(total as u32));
    flip(d);
    result
}

/// Bounds reasoning for a total between `lo` and `hi`.
pub(super) fn sum_bounds(d: &mut [u64], lo: u64, hi: u64) -> Result<(), usize> {
    let least: u64 = d.iter().map(|&m| u64::from(lowest(m))).sum();
    let most: u64 = d.iter().map(|&m| u64::from(highest(m))).sum();
    if least > hi || most < lo {
        return Err(0);
    }
    for (i, m) in d.iter_mut().enumerate() {
        let (l, h) = (u64::from(lowest(*m)), u64::from(highest(*m)));
        // v + (least - l) <= hi and v + (most - h) >= lo.
        let max_v = hi - (least - l);
        let min_v = lo.saturating_sub(most - h);
        let mut keep = *m;
        if max_v < 64 {
            keep &= below(max_v as u32 + 1);
        }
        if min_v > 1 {
            keep &= above(min_v.min(64) as u32 - 1);
        }
        *m = keep;
        if keep == 0 {
            return Err(i);
        }
    }
    Ok(())
}

/// Every set of `k` distinct values from 1..=n adding up to `sum`, as masks, ascending; `None`
/// when there are more than [`MAX_COMBINATIONS`]. The search visits only prefixes that can
/// still be completed (the sums of k distinct values form an interval), so it is quick.
pub fn combinations(n: usize, k: usize, sum: u32) -> Option<Vec<u64>> {
    fn go(n: u32, from: u32, k: u32, sum: u32, set: u64, out: &mut Vec<u64>) -> bool {
        if k == 0 {
            if sum == 0 {
                out.push(set);
            }
            return out.len() <= MAX_COMBINATIONS;
        }
        for v in from..=n {
            // The least and greatest totals of k values from v up.
            let least = k * v + k * (k - 1) / 2;
            if least > sum {
                break;
            }
            let most = k * n - k * (k - 1) / 2;
            if most < sum || n + 1 - v < k {
                continue;
            }
            if !go(n, v + 1, k - 1, sum - v, set | bit(v), out) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    go(n as u32, 1, k as u32, sum, 0, &mut out).then_some(out)
}
