//! What each entrant has done so far, read from the pairings: points, opponents, sides
//! and byes. Pairing and standings both start from it.

use std::collections::HashSet;

use super::Pairing;
use crate::rules::Side;

/// The sides an entrant has played, oldest first (played games only: forfeits and byes
/// give no side, as in FIDE's rules).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SideRecord {
    /// Each played game's side, in round order.
    pub sides: Vec<Side>,
}

impl SideRecord {
    /// South games minus North games.
    pub fn difference(&self) -> i32 {
        self.sides
            .iter()
            .map(|s| if *s == Side::South { 1 } else { -1 })
            .sum()
    }

    /// Whether taking `side` next keeps the absolute rules: the difference stays within
    /// ±2 and no side three times running.
    pub fn allows(&self, side: Side) -> bool {
        let step = if side == Side::South { 1 } else { -1 };
        let n = self.sides.len();
        let thrice = n >= 2 && self.sides[n - 1] == side && self.sides[n - 2] == side;
        (self.difference() + step).abs() <= 2 && !thrice
    }

    /// The side this entrant should get next, and how strongly (0: none, 1: mild, to
    /// alternate; 2: strong, the difference is one; 3: absolute).
    pub fn wish(&self) -> Option<(Side, u8)> {
        let d = self.difference();
        let last = self.sides.last().copied()?;
        let other = !last;
        if !self.allows(last) {
            return Some((other, 3));
        }
        match d {
            d if d > 0 => Some((Side::North, 2)),
            d if d < 0 => Some((Side::South, 2)),
            _ => Some((other, 1)),
        }
    }
}

/// Everything about the entrants that the pairings of past rounds say.
#[derive(Debug, Clone)]
pub struct History {
    /// Half-points scored, by start rank.
    pub halves: Vec<u32>,
    /// Whom each entrant has been paired with (played or forfeited).
    pub met: HashSet<(usize, usize)>,
    /// Sides played, by start rank.
    pub sides: Vec<SideRecord>,
    /// Whether each entrant has had a pairing-allocated bye.
    pub had_bye: Vec<bool>,
}

impl History {
    /// Reads the history of `entrants` players from `pairings` (any order).
    pub fn of(entrants: usize, pairings: &[Pairing]) -> History {
        let mut sorted: Vec<&Pairing> = pairings.iter().collect();
        sorted.sort_by_key(|p| (p.round, p.board));
        let mut h = History {
            halves: vec![0; entrants],
            met: HashSet::new(),
            sides: vec![SideRecord::default(); entrants],
            had_bye: vec![false; entrants],
        };
        for p in sorted {
            if p.south >= entrants || p.north.is_some_and(|n| n >= entrants) {
                continue;
            }
            h.halves[p.south] += p.halves_of(p.south);
            match p.north {
                None => h.had_bye[p.south] |= p.outcome == Some(super::Outcome::Bye),
                Some(n) => {
                    h.halves[n] += p.halves_of(n);
                    h.met.insert((p.south.min(n), p.south.max(n)));
                    // A game still being played has its sides already.
                    if p.outcome.is_none_or(|o| o.played()) {
                        h.sides[p.south].sides.push(Side::South);
                        h.sides[n].sides.push(Side::North);
                    }
                }
            }
        }
        h
    }

    /// Whether `a` and `b` have been paired before.
    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.met.contains(&(a.min(b), a.max(b)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(sides: &[Side]) -> SideRecord {
        SideRecord {
            sides: sides.to_vec(),
        }
    }

    #[test]
    fn never_three_times_running_nor_beyond_two() {
        use Side::*;
        let twice = record(&[South, South]);
        assert!(!twice.allows(South));
        assert!(twice.allows(North));
        assert_eq!(twice.wish(), Some((North, 3)));
        let plus_two = record(&[South, North, South, South]);
        assert_eq!(plus_two.difference(), 2);
        assert!(!plus_two.allows(South));
        let level = record(&[South, North]);
        assert_eq!(level.wish(), Some((South, 1)));
        assert_eq!(record(&[]).wish(), None);
    }
}
