//! The remainder of a bracket once its MDPs are paired (C.04.3 D.1 and D.3): who is in
//! S1 and who in S2, then each S1 player's opponent in the order of the transpositions.

use super::super::criteria::Layout;
use super::super::weights::{bits, Graph, Packed};
use super::Bracket;

/// Pairs the residents left by the MDPs: S1 against S2 with the fewest and smallest
/// exchanges, then S1 in order against the highest S2 possible.
pub(super) fn pair_remainder<W: Packed>(
    layout: &Layout,
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
    let b = layout.count_bits;
    // Fewer exchanges (S1 players pairing forward), then smaller exchanged numbers.
    let exch = |br: &Bracket<W>, lower: usize, higher: usize, pos: usize| -> W {
        let w = br.base(lower, higher);
        if w == W::ZERO {
            return w;
        }
        w + br.units(u64::from(pos < pairs)).shl(2 * b + 1) - br.units(2 * pos as u64)
    };
    // Lead the solver to S1 in order against S2 in order.
    br.tie_remainder(&remainder, pairs);
    for (i, &ri) in remainder.iter().enumerate() {
        for &rj in &remainder[i + 1..] {
            br.put(g, rj, ri, exch(br, rj, ri, i));
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
                    br.put(g, ro, rp, w - br.units(1));
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
            br.put(g, ro, rp, exch(br, ro, rp, i));
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
                    br.put(g, ro, rp, w + br.units(1));
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
                br.put(g, ro, rp, exch(br, ro, rp, i));
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
            br.put(g, rj, ri, br.base(rj, ri));
        }
    }
    // Each S1 player in order takes the highest S2 player possible. One matching settles
    // several in turn: each one's choice is a field of its own in the free low bits, the
    // earlier player's above the later's, so the best matching gives the first the highest
    // S2 player possible, then the next the highest possible beside that, and so on.
    let width = bits(br.len());
    let batch = ((layout.question_bits() / width) as usize).max(1);
    let mut k = 0;
    while k < remainder.len() {
        let (rp, v) = (remainder[k], br.at[remainder[k]]);
        if !br.forward(g, v) {
            k += 1;
            continue;
        }
        // Already with the highest S2 player it may have: the matching stays the best.
        let best = remainder
            .iter()
            .find(|&&ro| ro > rp && !matched[br.at[ro]] && br.base(ro, rp) != W::ZERO)
            .map(|&ro| br.at[ro]);
        if best == Some(g.mate[v]) {
            let m = g.mate[v];
            matched[v] = true;
            matched[m] = true;
            g.fix(v, m);
            k += 1;
            continue;
        }
        let chunk = &remainder[k..(k + batch).min(remainder.len())];
        let choice = |br: &Bracket<W>, c: usize, ro: usize| {
            // The higher the S2 player, the more; at least one, so pairing forward counts.
            let place = (batch - 1 - c) as u32 * width;
            br.units((br.len() - ro) as u64).shl(place)
        };
        for (c, &rc) in chunk.iter().enumerate() {
            for &ro in &remainder {
                let w = br.base(ro, rc);
                if ro > rc && !matched[br.at[ro]] && w != W::ZERO {
                    br.put(g, ro, rc, w + choice(br, c, ro));
                }
            }
        }
        g.solve();
        for (c, &rc) in chunk.iter().enumerate() {
            let (v, m) = (br.at[rc], g.mate[br.at[rc]]);
            if m != v && (c == 0 || br.forward(g, v)) {
                matched[v] = true;
                matched[m] = true;
                g.fix(v, m);
                continue;
            }
            // Not settled here: its edges lose the field.
            for &ro in &remainder {
                if ro > rc && !matched[br.at[ro]] {
                    br.put(g, ro, rc, br.base(ro, rc));
                }
            }
        }
        k += chunk.len();
    }
}
