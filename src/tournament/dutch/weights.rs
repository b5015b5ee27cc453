//! Edge weights wide enough to hold every criterion of a bracket as its own digit, and
//! the matching over them.
//!
//! A Dutch round is paired by maximum-weight matchings (the `integer-blossom` crate)
//! whose edge weights stack the quality criteria as bit fields, the most important
//! highest, each wide enough that the sum over a whole matching never reaches the field
//! above. For more than a few dozen players that needs more than 128 bits, so the
//! weight is [`I256`] or a fixed-width integer from the `bnum` crate, as wide as the
//! bracket needs (the narrower, the faster the solver).

use bnum::BInt;
use integer_blossom::{max_weight_matching, Weight};

/// An integer edge weight the pairing can build field by field.
pub(super) trait Packed: Weight + Send {
    /// Bits usable below the sign and the solver's headroom.
    const USABLE: u32;
    /// A small non-negative value.
    fn small(v: u64) -> Self;
    /// `self << bits`.
    fn shl(self, bits: u32) -> Self;
    /// `(self << width) + value`: appends one field below the ones already there.
    fn push(self, width: u32, value: Self) -> Self {
        self.shl(width) + value
    }
}

impl Packed for i128 {
    const USABLE: u32 = 120;
    fn small(v: u64) -> Self {
        i128::from(v)
    }
    fn shl(self, bits: u32) -> Self {
        self << bits
    }
}

/// A signed integer of `64 * N` bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Wide<const N: usize>(BInt<N>);

impl<const N: usize> std::ops::Add for Wide<N> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Wide(self.0 + o.0)
    }
}

impl<const N: usize> std::ops::Sub for Wide<N> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Wide(self.0 - o.0)
    }
}

impl<const N: usize> std::ops::AddAssign for Wide<N> {
    fn add_assign(&mut self, o: Self) {
        self.0 += o.0;
    }
}

impl<const N: usize> std::ops::SubAssign for Wide<N> {
    fn sub_assign(&mut self, o: Self) {
        self.0 -= o.0;
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide(BInt::<N>::ZERO);
    const ONE: Self = Wide(BInt::<N>::ONE);
    fn inf() -> Self {
        Wide(BInt::<N>::MAX >> 2u32)
    }
    fn double(self) -> Self {
        Wide(self.0 + self.0)
    }
    fn half(self) -> Self {
        Wide(self.0 / BInt::<N>::TWO)
    }
}

impl<const N: usize> Packed for Wide<N> {
    const USABLE: u32 = 64 * N as u32 - 8;
    fn small(v: u64) -> Self {
        Wide(BInt::<N>::from(v))
    }
    fn shl(self, bits: u32) -> Self {
        Wide(self.0 << bits)
    }
}

/// A signed integer of 256 bits, `hi * 2^128 + lo`, for brackets too wide for `i128`:
/// two words added and compared straight, where `bnum`'s general loops cost the solver
/// more; as compact as a 192-bit one once aligned, and with room to settle more S1
/// players per matching. The derived order (high word signed, then low word unsigned)
/// is the order of the numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct I256 {
    hi: i128,
    lo: u128,
}

impl std::ops::Add for I256 {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        let (lo, carry) = self.lo.overflowing_add(o.lo);
        I256 {
            hi: self.hi + o.hi + i128::from(carry),
            lo,
        }
    }
}

impl std::ops::Sub for I256 {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        let (lo, borrow) = self.lo.overflowing_sub(o.lo);
        I256 {
            hi: self.hi - o.hi - i128::from(borrow),
            lo,
        }
    }
}

impl std::ops::AddAssign for I256 {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}

impl std::ops::SubAssign for I256 {
    fn sub_assign(&mut self, o: Self) {
        *self = *self - o;
    }
}

impl Weight for I256 {
    const ZERO: Self = I256 { hi: 0, lo: 0 };
    const ONE: Self = I256 { hi: 0, lo: 1 };
    fn inf() -> Self {
        // The largest 256-bit number shifted right by two, as `Wide` has it.
        I256 {
            hi: i128::MAX >> 2,
            lo: u128::MAX,
        }
    }
    fn double(self) -> Self {
        self + self
    }
    fn half(self) -> Self {
        // Rounded toward zero, as integer division.
        if self.hi < 0 {
            return Self::ZERO - (Self::ZERO - self).half();
        }
        I256 {
            hi: self.hi >> 1,
            lo: (self.lo >> 1) | ((self.hi as u128) << 127),
        }
    }
}

impl Packed for I256 {
    const USABLE: u32 = 256 - 8;
    fn small(v: u64) -> Self {
        I256 {
            hi: 0,
            lo: u128::from(v),
        }
    }
    fn shl(self, bits: u32) -> Self {
        // The 256-bit word shifted left, bits shifted out lost.
        let (hi, lo) = (self.hi as u128, self.lo);
        let (hi, lo) = match bits {
            0 => (hi, lo),
            1..=127 => ((hi << bits) | (lo >> (128 - bits)), lo << bits),
            128..=255 => (lo << (bits - 128), 0),
            _ => (0, 0),
        };
        I256 { hi: hi as i128, lo }
    }
}

/// Bits needed to write `v` (0 for 0).
pub(super) fn bits(v: usize) -> u32 {
    usize::BITS - v.leading_zeros()
}

/// The players' graph as the pairing sees it: a weight for every two vertices (vertex
/// `i` is the `i`-th player in score order), the pairs already fixed, and the last
/// maximum-weight matching.
pub(super) struct Graph<W> {
    n: usize,
    weight: Vec<W>,
    alive: Vec<bool>,
    /// Each vertex's partner in the last matching (itself: unmatched).
    pub mate: Vec<usize>,
    /// The pairs fixed so far, in the order they were fixed.
    pub fixed: Vec<(usize, usize)>,
}

impl<W: Packed> Graph<W> {
    /// `n` vertices, no edges.
    pub fn new(n: usize) -> Graph<W> {
        Graph {
            n,
            weight: vec![W::ZERO; n * n],
            alive: vec![true; n],
            mate: (0..n).collect(),
            fixed: Vec::new(),
        }
    }

    /// Sets the weight of the edge `a`–`b` (zero or less: no edge).
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        self.weight[a * self.n + b] = w;
        self.weight[b * self.n + a] = w;
    }

    /// Leaves `v` out of the matchings (fixed before, or out of reach).
    pub fn drop_vertex(&mut self, v: usize) {
        self.alive[v] = false;
    }

    /// Fixes `a`–`b` as a pair of the round: they leave the graph.
    pub fn fix(&mut self, a: usize, b: usize) {
        self.alive[a] = false;
        self.alive[b] = false;
        self.mate[a] = b;
        self.mate[b] = a;
        self.fixed.push((a.min(b), a.max(b)));
    }

    /// Recomputes the maximum-weight matching over the vertices not yet fixed.
    pub fn solve(&mut self) {
        let ids: Vec<usize> = (0..self.n).filter(|&v| self.alive[v]).collect();
        let m = ids.len();
        let mut local = vec![W::ZERO; m * m];
        for (a, &va) in ids.iter().enumerate() {
            let row = &self.weight[va * self.n..(va + 1) * self.n];
            for (b, &vb) in ids.iter().enumerate().skip(a + 1) {
                local[a * m + b] = row[vb];
            }
        }
        let mates = max_weight_matching(&local, m);
        for (a, mate) in mates.into_iter().enumerate() {
            self.mate[ids[a]] = mate.map_or(ids[a], |b| ids[b]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_weights_keep_low_fields_below_high_ones() {
        // A 300-bit weight: one unit of the top field outweighs any sum of the lower.
        let top = Wide::<8>::small(1).shl(300);
        let low = Wide::<8>::small(u64::MAX).push(64, Wide::small(u64::MAX));
        assert!(top > low + low);
        assert_eq!(bits(0), 0);
        assert_eq!(bits(5), 3);
        let mut g: Graph<Wide<8>> = Graph::new(4);
        g.set(0, 1, top);
        g.set(2, 3, top);
        g.set(1, 2, top + low);
        g.solve();
        assert_eq!(g.mate, vec![1, 0, 3, 2]);
    }

    #[test]
    fn i256_computes_as_a_256_bit_integer() {
        use crate::ai::rng::Rng;
        let wide = |x: I256| {
            let top = (BInt::<4>::from(x.hi) << 64u32) + BInt::from((x.lo >> 64) as u64);
            Wide::<4>((top << 64u32) + BInt::from(x.lo as u64))
        };
        let mut rng = Rng::new(39);
        let mut pool: Vec<I256> = vec![I256::ZERO, I256::ONE, I256::inf(), I256::small(u64::MAX)];
        for _ in 0..2000 {
            let a = pool[rng.below(pool.len())];
            let b = pool[rng.below(pool.len())];
            let bits = rng.below(220) as u32;
            let (wa, wb) = (wide(a), wide(b));
            assert_eq!(a.cmp(&b), wa.cmp(&wb));
            let small = I256::small(rng.below(1 << 20) as u64);
            assert_eq!(wide(small.shl(bits)), wide(small).shl(bits));
            let picked = match rng.below(5) {
                0 => {
                    assert_eq!(wide(a + b), wa + wb);
                    a + b
                }
                1 => {
                    assert_eq!(wide(a - b), wa - wb);
                    a - b
                }
                2 => {
                    assert_eq!(wide(a.half()), wa.half());
                    a.half()
                }
                3 => {
                    assert_eq!(wide(a.double()), wa.double());
                    a.double()
                }
                _ => small.shl(bits),
            };
            if picked.hi.unsigned_abs() >= 1 << 120 {
                continue;
            }
            if pool.len() < 64 {
                pool.push(picked);
            } else {
                let at = rng.below(pool.len());
                pool[at] = picked;
            }
        }
    }
}
