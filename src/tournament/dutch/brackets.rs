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

mod remainder;

use std::collections::HashMap;

use super::criteria::{Criteria, Layout};
use super::weights::{Graph, Packed, Wide, I256};
use remainder::pair_remainder;

/// Bits a bracket's weight type keeps free above its fields, for the solver's sums.
const HEADROOM: u32 = 6;

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
    /// The tie-break of each edge (same indexing), below every question.
    tie: Vec<W>,
    /// A question's unit is `1 << tie_bits` (above the tie-breaks).
    tie_bits: u32,
}

impl<W: Packed> Bracket<W> {
    fn len(&self) -> usize {
        self.at.len()
    }

    fn base(&self, lower: usize, higher: usize) -> W {
        self.base[lower * self.len() + higher]
    }

    /// `unit * k`.
    fn units(&self, k: u64) -> W {
        W::small(k).shl(self.tie_bits)
    }

    /// Sets the edge of positions `lower`, `higher` to `w` plus its tie-break.
    fn put(&self, g: &mut Graph<W>, lower: usize, higher: usize, w: W) {
        let tie = self.tie[lower * self.len() + higher];
        let w = if w == W::ZERO { w } else { w + tie };
        g.set(self.at[higher], self.at[lower], w);
    }

    /// Sets the tie-breaks of a remainder (positions) whose first `pairs` are S1: S1 in
    /// order against S2 in order is the best.
    fn tie_remainder(&mut self, remainder: &[usize], pairs: usize) {
        let len = self.len();
        let s2 = remainder.len() - pairs;
        for (i, &ri) in remainder.iter().enumerate() {
            for (j, &rj) in remainder.iter().enumerate().skip(i + 1) {
                self.tie[rj * len + ri] = if i < pairs && j >= pairs {
                    W::small(((pairs - i) * (s2 - (j - pairs))) as u64)
                } else {
                    W::ZERO
                };
            }
        }
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

/// What stays from bracket to bracket.
struct State {
    /// Vertices already paired (and, during a bracket, MDPs chosen to be).
    matched: Vec<bool>,
    /// The pairs fixed so far.
    fixed: Vec<(usize, usize)>,
    /// Whether two vertices may meet at all (C.1, C.3), by `a * n + b`.
    compatible: Vec<bool>,
    /// Two players moved down together keep the edge their last bracket left them: none,
    /// or the bracket weight plus some question units (absent: none).
    kept: HashMap<(usize, usize), u64>,
}

/// Pairs the round bracket by bracket.
pub(super) fn settle(c: &Criteria<'_>) -> Settled {
    let n = c.players.len();
    let score = |v: usize| c.players[v].halves;
    let mut compatible = vec![false; n * n];
    for a in 0..n {
        for b in 0..n {
            compatible[a * n + b] = a != b && c.compatible(&c.players[a], &c.players[b]);
        }
    }
    let mut st = State {
        matched: vec![false; n],
        fixed: Vec::new(),
        compatible,
        kept: HashMap::new(),
    };
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
        let shape = Shape {
            mdps,
            residents_end,
            first,
            end,
            below: next,
        };
        let layout = Layout::new(
            at.iter().map(|&v| score(v)),
            c.played_rounds,
            at.len() > residents_end,
        );
        let need = layout.total_bits() + HEADROOM;
        let (carried, carried_mdps) = if need <= i128::USABLE {
            pair_bracket::<i128>(c, &layout, &mut st, at, &shape)
        } else if need <= I256::USABLE {
            pair_bracket::<I256>(c, &layout, &mut st, at, &shape)
        } else if need <= Wide::<6>::USABLE {
            pair_bracket::<Wide<6>>(c, &layout, &mut st, at, &shape)
        } else if need <= Wide::<8>::USABLE {
            pair_bracket::<Wide<8>>(c, &layout, &mut st, at, &shape)
        } else if need <= Wide::<16>::USABLE {
            pair_bracket::<Wide<16>>(c, &layout, &mut st, at, &shape)
        } else if need <= Wide::<32>::USABLE {
            pair_bracket::<Wide<32>>(c, &layout, &mut st, at, &shape)
        } else {
            pair_bracket::<Wide<64>>(c, &layout, &mut st, at, &shape)
        };
        at = carried;
        mdps = carried_mdps;
        first = end;
        if shape.end == shape.first {
            // Only MDPs were left, nobody below: what could pair has paired.
            break;
        }
    }
    Settled {
        pairs: st.fixed,
        bye: at.first().copied(),
    }
}

/// Where a bracket's parts lie.
struct Shape {
    mdps: usize,
    residents_end: usize,
    /// Vertices `first..end` are the residents.
    first: usize,
    end: usize,
    /// Vertices from here on are below the next score group.
    below: usize,
}

/// Pairs one bracket (`at`: MDPs, residents, next score group) with weights of type `W`;
/// returns the players carried to the next bracket and how many of them move down.
fn pair_bracket<W: Packed>(
    c: &Criteria<'_>,
    layout: &Layout,
    st: &mut State,
    at: Vec<usize>,
    shape: &Shape,
) -> (Vec<usize>, usize) {
    let n = c.players.len();
    let Shape {
        mdps,
        residents_end,
        first,
        end,
        below,
    } = *shape;
    let layout = &layout.spare(W::USABLE, HEADROOM);
    let pruned = robust_below(c, st, &at, below);
    let mut g: Graph<W> = Graph::new(n);
    for v in 0..n {
        let in_scope = if pruned {
            at.contains(&v)
        } else {
            v >= below || at.contains(&v)
        };
        if !in_scope || st.matched[v] {
            g.drop_vertex(v);
        }
    }
    let len = at.len();
    let mut br = Bracket {
        base: vec![W::ZERO; len * len],
        tie: vec![W::ZERO; len * len],
        tie_bits: layout.tie_bits(),
        at,
        mdps,
        residents_end,
        first,
        end,
    };
    let p = |v: usize| &c.players[v];
    for j in 0..len {
        for i in 0..j {
            let (vi, vj) = (br.at[i], br.at[j]);
            if j < mdps {
                // Two MDPs: the edge their last bracket left them.
                let w = match st.kept.get(&(vi, vj)) {
                    Some(&units) => {
                        c.edge::<W>(layout, p(vi), p(vj), (true, false), !pruned) + br.units(units)
                    }
                    None => W::ZERO,
                };
                g.set(vi, vj, w);
                continue;
            }
            let w = c.edge(
                layout,
                p(vi),
                p(vj),
                (j < residents_end, j >= residents_end),
                !pruned,
            );
            br.base[j * len + i] = w;
            if i < mdps && j < residents_end {
                // Lead the solver to the higher MDPs meeting the higher residents.
                br.tie[j * len + i] = W::small(((mdps - i) * (residents_end - j)) as u64);
            }
            br.put(&mut g, j, i, w);
        }
    }
    if !pruned {
        // Completion only, with and among the players below.
        for a in (below..n).filter(|&v| !st.matched[v]) {
            for &v in br.at.iter().chain(&(below..a).collect::<Vec<_>>()) {
                let w = c.edge::<W>(layout, p(v), p(a), (false, false), true);
                g.set(v, a, w);
            }
        }
    }
    g.solve();
    let residues = choose_mdps(&br, &mut g, &mut st.matched, |v| c.players[v].halves);
    pair_mdps(&br, &mut g, &mut st.matched);
    if end > first {
        pair_remainder(layout, &mut br, &mut g, &mut st.matched);
    } else if below >= n {
        // Only MDPs and nobody below: pair them as the matching lies.
        for &v in &br.at {
            let m = g.mate[v];
            if m > v && !st.matched[v] && !st.matched[m] {
                st.matched[v] = true;
                st.matched[m] = true;
                g.fix(v, m);
            }
        }
    }
    st.fixed.extend(g.fixed.iter().copied());
    let mut carried = Vec::new();
    let mut carried_mdps = 0;
    for (pos, &v) in br.at.iter().enumerate() {
        if pos >= residents_end || !st.matched[v] {
            carried.push(v);
            carried_mdps += usize::from(pos < residents_end);
        }
    }
    // What the edges among the new MDPs are left as.
    let moved: Vec<usize> = (0..residents_end)
        .filter(|&x| !st.matched[br.at[x]])
        .collect();
    for (k, &a) in moved.iter().enumerate() {
        for &b in &moved[k + 1..] {
            let key = (br.at[a], br.at[b]);
            if b < mdps {
                continue;
            }
            if br.base(b, a) == W::ZERO {
                st.kept.remove(&key);
            } else {
                st.kept.insert(key, if a < mdps { residues[a] } else { 0 });
            }
        }
    }
    (carried, carried_mdps)
}

/// Whether the players from vertex `below` down can pair among themselves together with
/// any of `upper` floating down to them, a player who may take the bye among them when
/// one is left: then only `upper` needs matching. It is so when every one of them is
/// incompatible with fewer than half of those below (Dirac: such a graph has a
/// Hamiltonian cycle whatever joins it, so a perfect matching, leaving out anyone).
fn robust_below(c: &Criteria<'_>, st: &State, upper: &[usize], below: usize) -> bool {
    let n = c.players.len();
    let lower = n - below;
    if lower < 4 {
        return false;
    }
    if n % 2 == 1 && !(below..n).any(|v| c.bye_candidate(&c.players[v])) {
        return false;
    }
    let limit = lower / 2 - 1;
    let all: Vec<usize> = upper.iter().copied().chain(below..n).collect();
    all.iter().all(|&x| {
        all.iter()
            .filter(|&&y| y != x && !st.compatible[x * n + y])
            .count()
            <= limit
    })
}

/// Marks the MDPs to pair in the bracket: of each score, as many as the best matching
/// pairs, the higher ranked first.
fn choose_mdps<W: Packed>(
    br: &Bracket<W>,
    g: &mut Graph<W>,
    matched: &mut [bool],
    score: impl Fn(usize) -> u32,
) -> Vec<u64> {
    let mut residues = vec![0; br.mdps];
    let residents = br.residents_end - br.mdps;
    let (mut level, mut left, mut left_matched) = (u32::MAX, 0, 0);
    for (p, residue) in residues.iter_mut().enumerate() {
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
                    br.put(g, r, p, w + br.units(1));
                }
            }
            *residue = 1;
            g.solve();
        }
        if br.resident(g.mate[v]) {
            matched[v] = true;
            left_matched -= 1;
            for r in br.mdps..br.residents_end {
                let w = br.base(r, p);
                if w != W::ZERO {
                    br.put(g, r, p, w + br.units(residents as u64 + 1));
                }
            }
            *residue = residents as u64 + 1;
        }
    }
    residues
}

/// Pairs each chosen MDP, in order, with the highest resident the best matching allows.
fn pair_mdps<W: Packed>(br: &Bracket<W>, g: &mut Graph<W>, matched: &mut [bool]) {
    for p in 0..br.mdps {
        let v = br.at[p];
        if !matched[v] {
            continue;
        }
        // Already with the best resident it may have: the matching stays the best.
        let best = (br.mdps..br.residents_end)
            .find(|&r| !matched[br.at[r]] && br.base(r, p) != W::ZERO)
            .map(|r| br.at[r]);
        if best != Some(g.mate[v]) {
            let mut bonus = br.len() as u64;
            for r in (br.mdps..br.residents_end).rev() {
                let u = br.at[r];
                if matched[u] {
                    continue;
                }
                let w = br.base(r, p);
                if w != W::ZERO {
                    br.put(g, r, p, w + br.units(bonus));
                    bonus += 1;
                }
            }
            g.solve();
        }
        let m = g.mate[v];
        if m == v {
            matched[v] = false;
            continue;
        }
        matched[m] = true;
        g.fix(v, m);
    }
}
