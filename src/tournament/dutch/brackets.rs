//! The brackets of a round, from the top score down (C.04.3 B and D).
//!
//! Each bracket is its moved-down players (MDPs) and its resident score group; the next
//! score group is weighed with it, so what floats down leaves the next bracket as well
//! paired as it can be. One maximum-weight matching over every player still unpaired
//! (completion counts for the whole round) is refined step by step, each step asking
//! whether the best matching can also have one more property, in the order the rules
//! fix:
//!
//! 1. which MDPs are paired (the higher first, D.2's order of S1 in a heterogeneous
//!    bracket), then their opponents, the highest resident possible first;
//! 2. in the remainder, the fewest exchanges between S1 and S2, the smallest difference
//!    of the exchanged numbers (D.3), the lowest of S1 and then the highest of S2 leaving
//!    their half first;
//! 3. then each S1 player, in order, meets the highest S2 player possible: the first
//!    transposition of S2 that is as good as the best (D.1).
//!
//! A question is asked by adding a unit in the free low bits of some edges; an answer is
//! fixed by removing edges or fixing a pair, so later questions never undo it.

use super::criteria::Criteria;
use super::weights::{Graph, Packed};

/// The pairs of the round (vertices in score order) and the player left for the bye.
pub(super) struct Settled {
    /// `(higher, lower)` vertices.
    pub pairs: Vec<(usize, usize)>,
    /// The vertex left unpaired (takes the bye).
    pub bye: Option<usize>,
}

/// One bracket's players: positions `0..mdps` are MDPs, `mdps..residents_end` the
/// residents, the rest the next score group.
struct Bracket<W> {
    /// Vertices by position.
    at: Vec<usize>,
    mdps: usize,
    residents_end: usize,
    /// Vertices `first..end` are the residents.
    first: usize,
    end: usize,
    /// The bracket's own weights by positions (higher position first): `base[j * len + i]`.
    base: Vec<W>,
}

impl<W: Packed> Bracket<W> {
    fn len(&self) -> usize {
        self.at.len()
    }

    fn base(&self, lower: usize, higher: usize) -> W {
        self.base[lower * self.len() + higher]
    }

    fn clear(&mut self, lower: usize, higher: usize) {
        let n = self.len();
        self.base[lower * n + higher] = W::ZERO;
    }

    /// Whether vertex `m` is a resident.
    fn resident(&self, m: usize) -> bool {
        m >= self.first && m < self.end
    }

    /// Whether vertex `v` is paired down into the bracket's residents (acts as S1).
    fn forward(&self, g: &Graph<W>, v: usize) -> bool {
        let m = g.mate[v];
        m > v && m < self.end
    }
}

/// Pairs the round bracket by bracket. `g` holds the completion weights of every pair.
pub(super) fn settle<W: Packed>(c: &Criteria<'_>, g: &mut Graph<W>) -> Settled {
    let n = c.players.len();
    let score = |v: usize| c.players[v].halves;
    let mut matched = vec![false; n];
    let mut next = (0..n).take_while(|&v| score(v) >= score(0)).count();
    let mut at: Vec<usize> = (0..next).collect();
    let mut mdps = 0;
    let mut first = 0;
    while at.len() > 1 || next < n {
        let residents_end = at.len();
        let end = first + (residents_end - mdps);
        if next < n {
            let s = score(next);
            while next < n && score(next) >= s {
                at.push(next);
                next += 1;
            }
        }
        if end == first && residents_end == at.len() {
            // Only MDPs are left and no group below them: pair them as they lie.
            g.solve();
            for &v in &at {
                let m = g.mate[v];
                if m > v && !matched[v] {
                    matched[v] = true;
                    matched[m] = true;
                    g.fix(v, m);
                }
            }
            at.retain(|&v| !matched[v]);
            break;
        }
        let len = at.len();
        let mut br = Bracket {
            base: vec![W::ZERO; len * len],
            at,
            mdps,
            residents_end,
            first,
            end,
        };
        for j in mdps..len {
            for i in 0..j {
                let w = c.edge(
                    &c.players[br.at[i]],
                    &c.players[br.at[j]],
                    j < residents_end,
                    j >= residents_end,
                );
                br.base[j * len + i] = w;
                g.set(br.at[i], br.at[j], w);
            }
        }
        g.solve();
        choose_mdps(&br, g, &mut matched, score);
        pair_mdps(&br, g, &mut matched);
        pair_remainder(c, &mut br, g, &mut matched);
        let mut carried = Vec::new();
        let mut carried_mdps = 0;
        for (pos, &v) in br.at.iter().enumerate() {
            if pos >= br.residents_end || !matched[v] {
                carried.push(v);
                carried_mdps += usize::from(pos < br.residents_end);
            }
        }
        at = carried;
        mdps = carried_mdps;
        first = end;
    }
    Settled {
        pairs: g.fixed.clone(),
        bye: at.first().copied(),
    }
}

/// Marks the MDPs to pair in the bracket: of each score, as many as the best matching
/// pairs, the higher ranked first.
fn choose_mdps<W: Packed>(
    br: &Bracket<W>,
    g: &mut Graph<W>,
    matched: &mut [bool],
    score: impl Fn(usize) -> u32,
) {
    let residents = br.residents_end - br.mdps;
    let (mut level, mut left, mut left_matched) = (u32::MAX, 0, 0);
    for p in 0..br.mdps {
        let v = br.at[p];
        if p == 0 || score(v) < level {
            level = score(v);
            left = 0;
            left_matched = 0;
            for &u in br.at[p..].iter().take_while(|&&u| score(u) >= level) {
                left += 1;
                left_matched += usize::from(br.resident(g.mate[u]));
            }
        }
        if left_matched == 0 {
            continue;
        }
        if left <= left_matched {
            matched[v] = true;
            continue;
        }
        left -= 1;
        if !br.resident(g.mate[v]) {
            for r in br.mdps..br.residents_end {
                let w = br.base(r, p);
                if w != W::ZERO {
                    g.set(v, br.at[r], w + W::ONE);
                }
            }
            g.solve();
        }
        if br.resident(g.mate[v]) {
            matched[v] = true;
            left_matched -= 1;
            for r in br.mdps..br.residents_end {
                let w = br.base(r, p);
                if w != W::ZERO {
                    g.set(v, br.at[r], w + W::small(residents as u64) + W::ONE);
                }
            }
        }
    }
}

/// Pairs each chosen MDP, in order, with the highest resident the best matching allows.
fn pair_mdps<W: Packed>(br: &Bracket<W>, g: &mut Graph<W>, matched: &mut [bool]) {
    for p in 0..br.mdps {
        let v = br.at[p];
        if !matched[v] {
            continue;
        }
        let mut bonus = br.len() as u64;
        for r in (br.mdps..br.residents_end).rev() {
            let u = br.at[r];
            if matched[u] {
                continue;
            }
            let w = br.base(r, p);
            if w != W::ZERO {
                g.set(v, u, w + W::small(bonus));
                bonus += 1;
            }
        }
        g.solve();
        let m = g.mate[v];
        if m == v {
            matched[v] = false;
            continue;
        }
        matched[m] = true;
        g.fix(v, m);
    }
}

/// Pairs the residents left by the MDPs: S1 against S2 with the fewest and smallest
/// exchanges, then S1 in order against the highest S2 possible.
fn pair_remainder<W: Packed>(
    c: &Criteria<'_>,
    br: &mut Bracket<W>,
    g: &mut Graph<W>,
    matched: &mut [bool],
) {
    let remainder: Vec<usize> = (br.mdps..br.residents_end)
        .filter(|&r| g.mate[br.at[r]] >= br.first)
        .collect();
    let pairs = remainder
        .iter()
        .filter(|&&r| g.mate[br.at[r]] < br.at[r])
        .count();
    let b = c.count_bits;
    // Fewer exchanges (S1 players pairing forward), then smaller exchanged numbers.
    let exch = |br: &Bracket<W>, lower: usize, higher: usize, pos: usize| -> W {
        let w = br.base(lower, higher);
        if w == W::ZERO {
            return w;
        }
        w + W::small(u64::from(pos < pairs)).shl(2 * b + 1) - W::small(2 * pos as u64)
    };
    for (i, &ri) in remainder.iter().enumerate() {
        for &rj in &remainder[i + 1..] {
            g.set(br.at[ri], br.at[rj], exch(br, rj, ri, i));
        }
    }
    g.solve();
    let exchanges = remainder[..pairs]
        .iter()
        .filter(|&&r| !br.forward(g, br.at[r]))
        .count();
    // The lowest of S1 leave it first.
    let mut left = exchanges;
    let mut i = pairs;
    while i > 0 && left > 0 {
        i -= 1;
        let (rp, v) = (remainder[i], br.at[remainder[i]]);
        if br.forward(g, v) {
            for &ro in &remainder[i + 1..] {
                let w = exch(br, ro, rp, i);
                if w != W::ZERO {
                    g.set(v, br.at[ro], w - W::ONE);
                }
            }
            g.solve();
        }
        let exchange = !br.forward(g, v);
        left -= usize::from(exchange);
        for &ro in &remainder[i + 1..] {
            if exchange {
                br.clear(ro, rp);
            }
            g.set(v, br.at[ro], exch(br, ro, rp, i));
        }
    }
    // The highest of S2 join S1 first.
    let mut left = exchanges;
    for i in pairs..remainder.len() {
        if left <= 1 {
            break;
        }
        let (rp, v) = (remainder[i], br.at[remainder[i]]);
        let already = br.forward(g, v);
        if !already {
            for &ro in &remainder[i + 1..] {
                let w = exch(br, ro, rp, i);
                if w != W::ZERO {
                    g.set(v, br.at[ro], w + W::ONE);
                }
            }
            g.solve();
        }
        if br.forward(g, v) {
            left -= 1;
            for &ro in &remainder[..i] {
                br.clear(rp, ro);
                g.set(v, br.at[ro], W::ZERO);
            }
            for o in br.residents_end..br.len() {
                br.clear(o, rp);
                g.set(v, br.at[o], W::ZERO);
            }
        }
        if !already {
            for &ro in &remainder[i + 1..] {
                g.set(v, br.at[ro], exch(br, ro, rp, i));
            }
        }
    }
    // Fix who is in S1 and who in S2: only S1-to-S2 edges stay.
    for (i, &ri) in remainder.iter().enumerate() {
        let vi = br.at[ri];
        for &rj in &remainder[i + 1..] {
            let vj = br.at[rj];
            if !br.forward(g, vi) || br.forward(g, vj) {
                br.clear(rj, ri);
            }
            g.set(vi, vj, br.base(rj, ri));
        }
    }
    // Each S1 player in order takes the highest S2 player possible.
    for &rp in &remainder {
        let v = br.at[rp];
        if !br.forward(g, v) {
            continue;
        }
        let mut bonus = 0u64;
        for &ro in remainder.iter().rev() {
            let u = br.at[ro];
            if ro <= rp || matched[u] {
                continue;
            }
            let w = br.base(ro, rp);
            if w != W::ZERO {
                g.set(v, u, w + W::small(bonus));
            }
            bonus += 1;
        }
        g.solve();
        let m = g.mate[v];
        if m != v {
            matched[v] = true;
            matched[m] = true;
            g.fix(v, m);
        }
    }
}
