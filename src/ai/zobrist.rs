//! Zobrist keys: a 64-bit hash of a position for the transposition table. Every part that
//! changes what can happen next is hashed: seeds in each pit (0..=64), seeds in each hand,
//! nyumba ownership, the takasia target, the side to move, the variant, the rule set and a
//! finished game's winner.

use crate::rules::{Pit, Position, RuleSet, Side, Variant};

use super::rng::mix;

const COUNTS: usize = 65;

/// Keys for `[side][circuit index][count]`; count 0 has key 0 so empty pits cost nothing.
static PIT_KEYS: [[[u64; COUNTS]; 16]; 2] = pit_keys();
static HAND_KEYS: [[u64; COUNTS]; 2] = hand_keys();
/// `[side]`: that side owns its nyumba.
const HOUSE_KEYS: [u64; 2] = [mix(0xA001), mix(0xA002)];
/// `[circuit index]` of the side to move's takasia target (a front pit, 0..8).
static TAKASIA_KEYS: [u64; 8] = small_keys(0xB000);
/// `[side]`: the winner of a finished game.
const WINNER_KEYS: [u64; 2] = [mix(0xC001), mix(0xC002)];
const NORTH_TO_MOVE: u64 = mix(0xD001);
const KUJIFUNZA: u64 = mix(0xD002);
/// Played under `r002` (no takasia): the same board may go on differently.
const R002: u64 = mix(0xD003);

const fn pit_keys() -> [[[u64; COUNTS]; 16]; 2] {
    let mut keys = [[[0u64; COUNTS]; 16]; 2];
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < 16 {
            let mut n = 1;
            while n < COUNTS {
                keys[s][i][n] = mix(((s * 16 + i) * COUNTS + n) as u64 ^ 0x5EED_0000);
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    keys
}

const fn hand_keys() -> [[u64; COUNTS]; 2] {
    let mut keys = [[0u64; COUNTS]; 2];
    let mut s = 0;
    while s < 2 {
        let mut n = 1;
        while n < COUNTS {
            keys[s][n] = mix((s * COUNTS + n) as u64 ^ 0x4A4D_0000);
            n += 1;
        }
        s += 1;
    }
    keys
}

const fn small_keys(base: u64) -> [u64; 8] {
    let mut keys = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        keys[i] = mix(base + i as u64);
        i += 1;
    }
    keys
}

/// The Zobrist key of `pos`.
pub fn key(pos: &Position) -> u64 {
    let mut k = 0;
    for side in Side::ALL {
        let s = side.index();
        for pit in Pit::all_of(side) {
            k ^= PIT_KEYS[s][pit.index()][(pos.seeds(pit) as usize).min(COUNTS - 1)];
        }
        k ^= HAND_KEYS[s][(pos.hand(side) as usize).min(COUNTS - 1)];
        if pos.owns_house(side) {
            k ^= HOUSE_KEYS[s];
        }
    }
    if let Some(t) = pos.takasia() {
        k ^= TAKASIA_KEYS[t.index() & 7];
    }
    if pos.turn() == Side::North {
        k ^= NORTH_TO_MOVE;
    }
    if pos.variant() == Variant::Kujifunza {
        k ^= KUJIFUNZA;
    }
    if pos.rules() == RuleSet::R002 {
        k ^= R002;
    }
    if let Some(w) = pos.winner() {
        k ^= WINNER_KEYS[w.index()];
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_tells_positions_apart_and_repeats() {
        let start = Position::default();
        assert_eq!(key(&start), key(&Position::default()));
        assert_ne!(key(&start), key(&Position::start(Variant::Kujifunza)));
        let moves = start.legal_moves();
        let mut keys: Vec<u64> = moves
            .iter()
            .map(|m| key(&start.play_unchecked(m)))
            .collect();
        keys.push(key(&start));
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        // Different moves from the start may transpose; most do not.
        assert!(keys.len() >= n - 1, "{} distinct of {n}", keys.len());
    }

    #[test]
    fn side_to_move_changes_the_key() {
        let south: Position = "variant=kujifunza turn=S A=2,2,2,2,2,2,2,2 B=2,2,2,2,2,2,2,2 a=2,2,2,2,2,2,2,2 b=2,2,2,2,2,2,2,2".parse().unwrap();
        let north: Position = "variant=kujifunza turn=N A=2,2,2,2,2,2,2,2 B=2,2,2,2,2,2,2,2 a=2,2,2,2,2,2,2,2 b=2,2,2,2,2,2,2,2".parse().unwrap();
        assert_ne!(key(&south), key(&north));
    }

    #[test]
    fn rule_set_changes_the_key() {
        let start = Position::default();
        assert_ne!(key(&start), key(&start.with_rules(RuleSet::R002)));
        assert_eq!(key(&start), key(&start.with_rules(RuleSet::V02)));
    }
}
