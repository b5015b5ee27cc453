//! The transposition table: positions already searched, keyed by Zobrist key, with the best
//! move found, the score, its depth and whether the score is exact or a bound. One table per
//! search, so a search depends on nothing but its position and limits.

use crate::rules::{Direction, HouseChoice, Move, MoveKind, MoveList};

use super::search::MATE_BOUND;

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// What a search's `best` score means, searched in the window (`alpha_in`, `beta`).
    pub fn of(best: i32, alpha_in: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A stored search result.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    score: i16,
    mv: u16,
    depth: u8,
    /// 0 = empty, 1 = exact, 2 = lower, 3 = upper.
    bound: u8,
}

/// What a probe found.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    /// The best (or refuting) move stored, packed; see [`unpack_in`].
    pub mv: u16,
    /// The stored score, already adjusted to the probing ply.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

/// A fixed-size, always-replace-if-deeper-or-different table.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of about `entries` slots (rounded up to a power of two, at least 1024).
    pub fn new(entries: usize) -> Table {
        let n = entries.max(1024).next_power_of_two();
        Table {
            slots: vec![Slot::default(); n],
            mask: n - 1,
        }
    }

    /// The table size to use for a search of `nodes` nodes: enough slots for every node, up
    /// to 2^20 (16 MiB).
    pub fn size_for(nodes: Option<u64>) -> usize {
        match nodes {
            Some(n) => (n.min(1 << 20) as usize).max(1024),
            None => 1 << 20,
        }
    }

    /// Looks `key` up; `ply` turns stored win/loss distances back into distances from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let slot = &self.slots[key as usize & self.mask];
        if slot.bound == 0 || slot.key != key {
            return None;
        }
        Some(Hit {
            mv: slot.mv,
            score: from_tt(slot.score as i32, ply),
            depth: slot.depth as i32,
            bound: match slot.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores a result, replacing what was there unless that is the same position searched
    /// deeper.
    pub fn store(&mut self, key: u64, ply: usize, depth: i32, score: i32, bound: Bound, mv: u16) {
        let slot = &mut self.slots[key as usize & self.mask];
        if slot.bound != 0 && slot.key == key && slot.depth as i32 > depth {
            return;
        }
        let mv = if mv == 0 && slot.key == key {
            slot.mv
        } else {
            mv
        };
        *slot = Slot {
            key,
            score: to_tt(score, ply) as i16,
            mv,
            depth: depth.clamp(0, 255) as u8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
        };
    }
}

/// Win/loss scores count plies from the root; in the table they count from the stored node.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Packs a move into 16 bits (0 means no move).
pub fn pack(mv: &Move) -> u16 {
    let side = mv.pit.side().index() as u16;
    let index = mv.pit.index() as u16;
    let dir = (mv.direction == Direction::Right) as u16;
    let kind = (mv.kind == MoveKind::Capture) as u16;
    let house = match mv.house {
        None => 0,
        Some(HouseChoice::Stop) => 1,
        Some(HouseChoice::Use) => 2,
    };
    let entry = match mv.entry {
        None => 0,
        Some(Direction::Left) => 1,
        Some(Direction::Right) => 2,
    };
    1 | side << 1 | index << 2 | dir << 6 | kind << 7 | house << 8 | entry << 10
}

/// The move of `moves` that `packed` stands for, if any.
pub fn unpack_in(packed: u16, moves: &MoveList) -> Option<usize> {
    if packed == 0 {
        return None;
    }
    moves.iter().position(|m| pack(m) == packed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Variant};

    #[test]
    fn packed_moves_are_distinct_and_found_again() {
        for variant in [Variant::Kiswahili, Variant::Kujifunza] {
            let mut pos = Position::start(variant);
            for _ in 0..20 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for (i, m) in moves.iter().enumerate() {
                    assert_eq!(unpack_in(pack(m), &moves), Some(i), "{m}");
                }
                pos = pos.play_unchecked(&moves[moves.len() / 2]);
            }
        }
    }

    #[test]
    fn store_then_probe_keeps_win_distance_from_the_root() {
        let mut t = Table::new(1024);
        // A win 3 plies below a node at ply 5 is stored as a win 3 plies from that node.
        t.store(42, 5, 4, 30_000 - 8, Bound::Exact, 7);
        let hit = t.probe(42, 2).expect("stored");
        assert_eq!(hit.score, 30_000 - 5);
        assert_eq!(hit.mv, 7);
        assert_eq!(hit.bound, Bound::Exact);
        assert!(t.probe(43, 2).is_none());
        // A shallower result does not replace a deeper one of the same position.
        t.store(42, 5, 2, 10, Bound::Upper, 9);
        assert_eq!(t.probe(42, 5).map(|h| h.depth), Some(4));
    }
}
