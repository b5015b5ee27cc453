//! The criteria of C.04.3 as the digits of one edge weight.
//!
//! For a pair of the bracket being paired, from the most significant field down:
//!
//! 1. completion (C.4) and the bye (C.2, C.5): every edge counts, and more for players who
//!    may not take the bye, so a maximum matching leaves out at most one player, one who
//!    may take it, with the lowest score possible;
//! 2. the number of pairs in the bracket (C.6), then their scores (C.7);
//! 3. the same for the next bracket, so the downfloaters let it pair as well as it can
//!    (C.8);
//! 4. colours (C.10–C.13): no two players with the same absolute imbalance, no third same
//!    colour in a row for top scorers, then colour preferences, then strong ones;
//! 5. floats (C.14–C.21): no repeated downfloat, upfloat, of the last round and of the one
//!    before, then the scores of those who float again.
//!
//! Below them lie free bits used while the bracket is settled step by step (which
//! downfloaters to pair, the exchanges, the S1–S2 order). A pair of players who may not
//! meet (C.1, C.3) has no edge.

use std::collections::BTreeMap;

use super::players::{Colours, Float, Player};
use super::weights::{bits, Packed};

/// The facts the criteria are weighed with.
pub(super) struct Criteria<'a> {
    /// The players in score order (vertex `i` is `players[i]`).
    pub players: &'a [Player],
    /// Rounds already played.
    pub played_rounds: usize,
    /// Pairing the last round: top scorers may break C.3.
    pub last_round: bool,
    /// The bye goes to a score at most this (half-points).
    pub bye_score: u32,
}

/// The widths of the fields for one bracket: wide enough for the sums over a whole
/// matching of the bracket's players, with only the scores present in it.
#[derive(Clone)]
pub(super) struct Layout {
    /// Width of a counting field.
    pub count_bits: u32,
    /// Width of a field counting by score.
    pub score_bits: u32,
    /// Each score's place in a score field.
    score_shift: BTreeMap<u32, u32>,
    /// Rounds back whose floats count (0–2).
    back: u32,
    /// Spare bits the weight type leaves, added to the free low bits so one matching can
    /// settle several S1 players at once (0 until [`Layout::spare`]).
    spare: u32,
    /// Whether a next score group is weighed with the bracket (else its fields, always
    /// zero, are left out: the order of the weights is the same, in fewer bits).
    next: bool,
}

impl Layout {
    /// The layout for the players of a bracket and its next score group (their scores
    /// in half-points; `next`: whether there is one), after `played_rounds`.
    pub fn new(scores: impl Iterator<Item = u32>, played_rounds: usize, next: bool) -> Layout {
        let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
        let mut players = 0;
        for s in scores {
            *counts.entry(s).or_default() += 1;
            players += 1;
        }
        let mut score_shift = BTreeMap::new();
        let mut at = 0;
        for (&score, &count) in &counts {
            score_shift.insert(score, at);
            at += bits(count);
        }
        Layout {
            count_bits: bits(players).max(1),
            score_bits: at,
            score_shift,
            back: played_rounds.min(2) as u32,
            spare: 0,
            next,
        }
    }

    /// This layout with the free low bits widened by all that a weight of `usable` bits
    /// leaves above the fields (keeping `headroom` bits for the solver's sums).
    pub fn spare(&self, usable: u32, headroom: u32) -> Layout {
        let mut wider = self.clone();
        wider.spare = 0;
        wider.spare = usable.saturating_sub(wider.total_bits() + headroom);
        wider
    }

    /// Bits of the widest weight.
    pub fn total_bits(&self) -> u32 {
        let (b, s) = (self.count_bits, self.score_bits);
        let groups = 1 + u32::from(self.next);
        2 + groups * (b + s) + 4 * b + self.back * (2 * b + 2 * s) + self.low_bits()
    }

    /// The free bits at the bottom: the steps' questions (exchanges and orders), and
    /// below them the tie-break that only leads the solver to the likely answer.
    pub fn low_bits(&self) -> u32 {
        self.question_bits() + self.tie_bits()
    }

    /// The bits of the steps' questions, above the tie-break: at least `3 * count_bits + 1`.
    pub fn question_bits(&self) -> u32 {
        3 * self.count_bits + 1 + self.spare
    }

    /// The bits of the tie-break, under every question.
    pub fn tie_bits(&self) -> u32 {
        3 * self.count_bits + 1
    }

    /// `1 << (the place of score in a score field)`.
    fn at_score<W: Packed>(&self, halves: u32) -> W {
        W::ONE.shl(self.score_shift.get(&halves).copied().unwrap_or(0))
    }
}

impl Criteria<'_> {
    /// Whether the two may meet at all: not met before (C.1), and not both with the same
    /// absolute colour preference (C.3) unless one is a top scorer in the last round.
    pub fn compatible(&self, a: &Player, b: &Player) -> bool {
        let (ca, cb) = (&a.colours, &b.colours);
        let top = |p: &Player| p.halves > self.played_rounds as u32;
        !a.played.contains(&b.entrant)
            && (!ca.absolute()
                || !cb.absolute()
                || ca.pref != cb.pref
                || (self.last_round && (top(a) || top(b))))
    }

    /// May take the bye this round (eligible, and at most the bye's score).
    pub fn bye_candidate(&self, p: &Player) -> bool {
        p.bye_eligible && p.halves <= self.bye_score
    }

    /// The weight of pairing `high` (earlier in score order) with `low`, `low` being in the
    /// bracket (`in_bracket`), in the next score group (`in_next`), or further away
    /// (neither: only completion counts). Without `completion` the top field is left out
    /// (when whoever floats down can be paired below anyway).
    pub fn edge<W: Packed>(
        &self,
        l: &Layout,
        high: &Player,
        low: &Player,
        (in_bracket, in_next): (bool, bool),
        completion: bool,
    ) -> W {
        if !self.compatible(high, low) {
            return W::ZERO;
        }
        let (b, s) = (l.count_bits, l.score_bits);
        let flag = |x: bool| W::small(u64::from(x));
        let top = if completion {
            1 + u64::from(!self.bye_candidate(high)) + u64::from(!self.bye_candidate(low))
        } else {
            0
        };
        let score_if = |x: bool, halves: u32| if x { l.at_score(halves) } else { W::ZERO };
        let mut w = W::small(top)
            .push(b, flag(in_bracket))
            .push(s, score_if(in_bracket, high.halves));
        if l.next {
            w = w
                .push(b, flag(in_next))
                .push(s, score_if(in_next, high.halves));
        }
        for digit in colour_digits(&low.colours, &high.colours) {
            w = w.push(b, flag(in_bracket && digit));
        }
        let back = l.back as usize;
        for f in 0..back {
            let (hf, lf) = (high.floats[f], low.floats[f]);
            let down = u64::from(lf == Float::Down)
                + u64::from(high.halves <= low.halves && hf == Float::Down);
            let up_again = high.halves > low.halves && lf == Float::Up;
            w = w
                .push(b, W::small(if in_bracket { down } else { 0 }))
                .push(b, flag(in_bracket && !up_again));
        }
        for f in 0..back {
            let (hf, lf) = (high.floats[f], low.floats[f]);
            let mut down = W::ZERO;
            if in_bracket && lf == Float::Down {
                down += l.at_score(low.halves);
            }
            if in_bracket && hf == Float::Down {
                down += l.at_score(high.halves);
            }
            let up_again = high.halves > low.halves && lf == Float::Up;
            w = w
                .push(s, down)
                .push(s, score_if(in_bracket && !up_again, high.halves));
        }
        w.shl(l.low_bits())
    }
}

/// The four colour digits of a pair (`p` the lower player, `o` the higher), each true
/// when the pair does not break it: no two with the same absolute imbalance (C.10), no
/// third same colour for a top scorer (C.11), preferences met (C.12), strong ones met
/// (C.13).
fn colour_digits(p: &Colours, o: &Colours) -> [bool; 4] {
    let differ = p.pref != o.pref;
    let repeat_ok = if p.imbalance == o.imbalance {
        p.repeated.is_none() || p.repeated != o.repeated
    } else {
        let less = if p.imbalance > o.imbalance { o } else { p };
        less.repeated != p.pref.map(|s| !s)
    };
    [
        !p.absolute_imbalance() || !o.absolute_imbalance() || differ,
        !p.absolute() || !o.absolute() || differ || repeat_ok,
        differ || p.pref.is_none() || o.pref.is_none(),
        (!p.strong() && !p.absolute())
            || (!o.strong() && !o.absolute())
            || (p.absolute() && o.absolute())
            || differ,
    ]
}
