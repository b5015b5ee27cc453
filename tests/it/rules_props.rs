//! Property tests over many random games of both variants.

use bao_bot::rules::{
    Direction, HouseChoice, Move, MoveKind, Pit, Position, Row, Side, Variant, TOTAL_SEEDS,
};
use proptest::prelude::*;

/// A tiny deterministic generator for choosing moves inside one proptest case.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn total(pos: &Position) -> u32 {
    pos.seeds_on_board(Side::South)
        + pos.seeds_on_board(Side::North)
        + pos.hand(Side::South) as u32
        + pos.hand(Side::North) as u32
}

/// Every move the text form can name, legal or not, for the side to move and the other.
fn every_move() -> Vec<Move> {
    let mut out = Vec::new();
    for side in Side::ALL {
        for row in [Row::Front, Row::Back] {
            for n in 1..=8 {
                let pit = Pit::new(side, row, n).expect("1..=8");
                for direction in Direction::ALL {
                    for kind in [MoveKind::Capture, MoveKind::Takata] {
                        for house in [None, Some(HouseChoice::Stop), Some(HouseChoice::Use)] {
                            for entry in [None, Some(Direction::Left), Some(Direction::Right)] {
                                out.push(Move {
                                    pit,
                                    direction,
                                    kind,
                                    house,
                                    entry,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Plays one random game, checking the invariants at every ply; returns the plies played.
fn random_game(variant: Variant, seed: u64, check_unlisted: bool) -> usize {
    let all = if check_unlisted {
        every_move()
    } else {
        Vec::new()
    };
    let mut rng = Rng(seed | 1);
    let mut pos = Position::start(variant);
    for ply in 0..2000 {
        // Text forms round-trip.
        let text = pos.to_string();
        let back: Position = text.parse().expect("printed positions read back");
        assert_eq!(back, pos, "round trip of {text}");
        if pos.is_over() {
            assert!(pos.legal_moves().is_empty());
            assert!(total(&pos) <= TOTAL_SEEDS);
            assert!(pos.end_reason().is_some());
            return ply;
        }
        assert_eq!(total(&pos), TOTAL_SEEDS, "seeds conserved in {pos}");
        let legal = pos.legal_moves();
        assert!(!legal.is_empty(), "a running game has a move: {pos}");
        for (i, mv) in legal.iter().enumerate() {
            assert!(!legal[..i].contains(mv), "{mv} listed twice in {pos}");
            let mtext = mv.to_string();
            assert_eq!(mtext.parse::<Move>().expect("canonical move reads"), *mv);
            assert_eq!(mv.pit.side(), pos.turn());
            // Every listed move plays, and the text form resolves to it.
            let (next, trace) = pos.play(mv).expect("listed moves are legal");
            assert_eq!(trace.mv, *mv);
            assert_eq!(pos.play_unchecked(mv), next);
            assert_eq!(pos.play_text(&mtext).expect("by text").1, next);
        }
        for mv in &all {
            if !legal.contains(mv) {
                assert!(
                    pos.play(mv).is_err(),
                    "{mv} is not listed but played in {pos}"
                );
            }
        }
        pos = pos.play_unchecked(&legal[rng.below(legal.len())]);
    }
    panic!("game from seed {seed} did not end in 2000 plies: {pos}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn kiswahili_games_keep_the_rules(seed in any::<u64>()) {
        random_game(Variant::Kiswahili, seed, false);
    }

    #[test]
    fn kujifunza_games_keep_the_rules(seed in any::<u64>()) {
        random_game(Variant::Kujifunza, seed, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Moves that are not listed are refused (every nameable move is tried).
    #[test]
    fn unlisted_moves_are_refused(seed in any::<u64>(), learner in any::<bool>()) {
        let variant = if learner { Variant::Kujifunza } else { Variant::Kiswahili };
        random_game(variant, seed, true);
    }
}
