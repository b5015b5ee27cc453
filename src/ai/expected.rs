//! The expected-score scale: how likely the side to move is to win, from a search score.
//!
//! Search scores are in hundredths of a seed; players want "how likely is South to win". The
//! scale is a logistic curve `E = 1 / (1 + exp(-k * score))`, with its own slope for the namua
//! and the mtaji stage, fitted on self-play games (see [`K_NAMUA`]). A won or lost score (a
//! forced end the search saw) maps to 1 or 0.

use crate::rules::{Phase, Position, Side};

use super::search::MATE_BOUND;

/// Scores at least this far from zero are forced wins or losses, mapped to 1 and 0.
pub const MATE_SCORE_CUTOFF: i32 = MATE_BOUND;

/// The slope of the namua stage, per hundredth of a seed: E = 0.75 at a lead of 8.5 seeds.
///
/// Fitted by `cargo run --release --example fit_expected -- 300 60000 1` (maximum
/// likelihood, one slope and no intercept so the scale is symmetric between the sides;
/// won/lost scores left out) on 600 self-play games at the hard level's budget of 60 000
/// nodes, 300 of each variant, from 6 random plies, each side playing the search's move and
/// one move in four the medium level's: 20 286 positions, 10 780 of them namua (fitted
/// slope 0.001296, log-loss 0.506 against a coin's 0.693). Calibration is close in every
/// tenth (positions given 0.4-0.5 won 44%, 0.8-0.9 won 81%); the side given more than 0.8
/// went on to win 91% of the time.
pub const K_NAMUA: f64 = 0.0013;

/// The slope of the mtaji stage (both variants), per hundredth of a seed: E = 0.75 at a
/// lead of 9 seeds.
///
/// Fitted with [`K_NAMUA`] on the 3 250 undecided mtaji positions of the same games (slope
/// 0.001212; Kiswahili's mtaji alone 0.001307, Kujifunza 0.001104: close enough to share
/// one). Mtaji positions are mostly decided (5 821 more had a forced end in sight, right in
/// all but one); the side given more than 0.8 went on to win 97.5% of the time. The few
/// positions in the middle are somewhat optimistic for the side ahead (given 0.6-0.7, won
/// 42%), with too few games to fit more finely.
pub const K_MTAJI: f64 = 0.0012;

/// The expected score (0 to 1) of the side to move for a search `score` of a position in
/// stage `phase`.
pub fn expected_score(score: i32, phase: Phase) -> f64 {
    if score >= MATE_SCORE_CUTOFF {
        return 1.0;
    }
    if score <= -MATE_SCORE_CUTOFF {
        return 0.0;
    }
    let k = match phase {
        Phase::Namua => K_NAMUA,
        Phase::Mtaji => K_MTAJI,
    };
    1.0 / (1.0 + (-k * score as f64).exp())
}

/// South's expected score in `pos` for a search `score` (for the side to move); a finished
/// game scores 1 or 0 for its winner.
pub fn south_expected(pos: &Position, score: i32) -> f64 {
    if let Some(w) = pos.winner() {
        return if w == Side::South { 1.0 } else { 0.0 };
    }
    let e = expected_score(score, pos.phase());
    match pos.turn() {
        Side::South => e,
        Side::North => 1.0 - e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::MATE;

    #[test]
    fn the_scale_is_symmetric_and_bounded() {
        for phase in [Phase::Namua, Phase::Mtaji] {
            assert_eq!(expected_score(0, phase), 0.5);
            for s in [50, 300, 1_000, 5_000] {
                let (up, down) = (expected_score(s, phase), expected_score(-s, phase));
                assert!((up + down - 1.0).abs() < 1e-12);
                assert!(up > 0.5 && up < 1.0);
            }
            assert!(expected_score(400, phase) < expected_score(800, phase));
            assert_eq!(expected_score(MATE - 3, phase), 1.0);
            assert_eq!(expected_score(-(MATE - 3), phase), 0.0);
        }
    }
}
