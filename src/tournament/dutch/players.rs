//! What the Dutch system knows of each player before a round: score, colour history and
//! preference (C.04.3 A.6), floats of the last two rounds (A.4), whether the
//! pairing-allocated bye is still allowed (C.2) and whom they have played (C.1).

use std::collections::HashSet;

use crate::rules::Side;
use crate::tournament::{Entrant, Outcome, Pairing};

/// A float of one earlier round (C.04.3 A.4): a downfloat (met a lower score, or got a
/// point without playing), an upfloat (met a higher score), or neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Float {
    /// Met a lower score, or scored without playing (a bye, a forfeit win).
    Down,
    /// Met a higher score.
    Up,
    /// Met an equal score, or lost without playing.
    None,
}

/// A player's colour facts (C.04.3 A.6): South plays the part of White.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Colours {
    /// The side the player should get, if any.
    pub pref: Option<Side>,
    /// |South games − North games|.
    pub imbalance: u32,
    /// The side of the last two played games when they were the same.
    pub repeated: Option<Side>,
}

impl Colours {
    /// Read from the sides of the played games, oldest first.
    fn of(sides: &[Side]) -> Colours {
        let south = sides.iter().filter(|s| **s == Side::South).count() as i64;
        let north = sides.len() as i64 - south;
        let imbalance = south.abs_diff(north) as u32;
        let lower = if south > north {
            Side::North
        } else {
            Side::South
        };
        let last = sides.last().copied();
        let run = last.map_or(0, |l| sides.iter().rev().take_while(|s| **s == l).count());
        let pref = match last {
            None => None,
            Some(_) if imbalance > 1 => Some(lower),
            Some(l) if run > 1 => Some(!l),
            Some(_) if imbalance > 0 => Some(lower),
            Some(l) => Some(!l),
        };
        Colours {
            pref,
            imbalance,
            repeated: last.filter(|_| run > 1),
        }
    }

    /// An absolute preference: a difference beyond one, or the same side twice running.
    pub fn absolute(&self) -> bool {
        self.imbalance > 1 || self.repeated.is_some()
    }

    /// A difference of two or more (the stronger half of the absolute preference).
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// A strong preference: not absolute, and a difference of one.
    pub fn strong(&self) -> bool {
        !self.absolute() && self.imbalance > 0
    }
}

/// One player to pair this round.
#[derive(Debug, Clone)]
pub(super) struct Player {
    /// Start rank (the entrant's index).
    pub entrant: usize,
    /// Place among the players paired this round by start rank (the pairing number − 1).
    pub rank: usize,
    /// Half-points before this round.
    pub halves: u32,
    /// Colour facts.
    pub colours: Colours,
    /// Sides of the played games, oldest first.
    pub sides: Vec<Side>,
    /// Floats of the last round and of the one before.
    pub floats: [Float; 2],
    /// May still get the pairing-allocated bye (C.2).
    pub bye_eligible: bool,
    /// Start ranks of the opponents met over the board (C.1).
    pub played: HashSet<usize>,
}

/// One entrant's round: opponent (`None`: no game), side, points scored, played or not.
#[derive(Debug, Clone, Copy)]
struct Cell {
    opponent: Option<usize>,
    side: Side,
    halves: u32,
    played: bool,
}

/// The players of round `round` (active entrants), in start-rank order.
pub(super) fn players(entrants: &[Entrant], pairings: &[Pairing], round: u32) -> Vec<Player> {
    let n = entrants.len();
    let earlier = round.saturating_sub(1) as usize;
    let mut cells: Vec<Vec<Option<Cell>>> = vec![vec![None; earlier]; n];
    for p in pairings.iter().filter(|p| p.round >= 1 && p.round < round) {
        let r = p.round as usize - 1;
        let played = p.outcome.is_some_and(Outcome::played);
        if p.south < n {
            cells[p.south][r] = Some(Cell {
                opponent: p.north,
                side: Side::South,
                halves: p.halves_of(p.south),
                played,
            });
        }
        if let Some(north) = p.north.filter(|&x| x < n) {
            cells[north][r] = Some(Cell {
                opponent: Some(p.south),
                side: Side::North,
                halves: p.halves_of(north),
                played,
            });
        }
    }
    let total = |e: usize, rounds: usize| -> u32 {
        cells[e][..rounds].iter().flatten().map(|c| c.halves).sum()
    };
    let float = |e: usize, back: usize| -> Float {
        if earlier < back {
            return Float::None;
        }
        let r = earlier - back;
        match cells[e][r] {
            None => Float::None,
            Some(c) if !c.played => {
                if c.halves > 0 {
                    Float::Down
                } else {
                    Float::None
                }
            }
            Some(c) => {
                let o = c.opponent.unwrap_or(e);
                let (mine, theirs) = (total(e, r), total(o, r));
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
        }
    };
    (0..n)
        .filter(|&e| entrants[e].active)
        .enumerate()
        .map(|(rank, e)| {
            let row = cells[e].iter().flatten();
            let sides: Vec<Side> = row.clone().filter(|c| c.played).map(|c| c.side).collect();
            Player {
                entrant: e,
                rank,
                halves: total(e, earlier),
                colours: Colours::of(&sides),
                sides,
                floats: [float(e, 1), float(e, 2)],
                bye_eligible: !row.clone().any(|c| !c.played && c.halves >= 2),
                played: row
                    .filter(|c| c.played)
                    .filter_map(|c| c.opponent)
                    .collect(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Side::{North, South};

    #[test]
    fn colour_preferences_follow_a6() {
        assert_eq!(Colours::of(&[]).pref, None);
        let mild = Colours::of(&[South, North]);
        assert_eq!(
            (mild.pref, mild.absolute(), mild.strong()),
            (Some(South), false, false)
        );
        let strong = Colours::of(&[South, North, South]);
        assert_eq!((strong.pref, strong.strong()), (Some(North), true));
        let twice = Colours::of(&[North, South, South]);
        assert_eq!((twice.pref, twice.absolute()), (Some(North), true));
        assert_eq!(twice.repeated, Some(South));
        let plus_two = Colours::of(&[South, North, South, South, North, South]);
        assert_eq!(plus_two.imbalance, 2);
        assert!(plus_two.absolute_imbalance());
        assert_eq!(plus_two.pref, Some(North));
    }
}
