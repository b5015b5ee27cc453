//! The rating system: Glicko-2 as computed by the `skillratings` crate, with the constants
//! bao-bot uses. Pure arithmetic; the store applies it inside a game's result transaction.
//!
//! - New players start at 1500, rating deviation (RD) 350, volatility 0.06.
//! - The system constant τ is **0.5**: the value of Glickman's worked example and the
//!   crate's default, in the middle of the 0.3-1.2 range Glickman recommends. A smaller τ keeps
//!   volatilities steadier; Lichess uses 0.75. A change of τ changes every future rating, so
//!   `bao-bot db ratings --rebuild` would then report (and repair) every rating.
//! - Every rated game is a rating period of its own (as on Lichess), so ratings change at once
//!   after each game; RD does not grow with time away (no time decay).
//! - A rating is provisional (shown with `?`) while its RD is [`PROVISIONAL_RD`] or more.

use std::fmt;

use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Rating of a new player.
pub const START_RATING: f64 = 1500.0;
/// Rating deviation of a new player.
pub const START_DEVIATION: f64 = 350.0;
/// Volatility of a new player.
pub const START_VOLATILITY: f64 = 0.06;
/// Glicko-2's system constant τ (see the module docs).
pub const TAU: f64 = 0.5;
/// A rating whose deviation is at least this is provisional.
pub const PROVISIONAL_RD: f64 = 110.0;

/// A Glicko-2 rating: the rating itself, its deviation (RD) and volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating (1500 at the start).
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is (350 at the start).
    pub deviation: f64,
    /// The volatility: how erratic the player's results are (0.06 at the start).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

impl Rating {
    /// Whether the rating is still provisional (RD of [`PROVISIONAL_RD`] or more).
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_RD
    }

    /// The rating rounded to a whole number, as shown.
    pub fn shown(&self) -> i64 {
        self.rating.round() as i64
    }

    fn crate_form(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// `1500?` while provisional, `1623` otherwise.
impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.shown(),
            if self.is_provisional() { "?" } else { "" }
        )
    }
}

/// A game's result from one player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// The player won.
    Win,
    /// A draw (agreed, or a game with no winner).
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    /// The opponent's view of the same result.
    pub fn flipped(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }

    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

/// The new rating of `player` after one rating period with `results` (each opponent's rating
/// before the period, and the score against them). The bot calls it with one game at a time.
pub fn rate(player: Rating, results: &[(Rating, Score)]) -> Rating {
    rate_with_tau(player, results, TAU)
}

/// Glicko-2's system constant of puzzle ratings: **0.75**, as Lichess's puzzles use.
pub const PUZZLE_TAU: f64 = 0.75;

/// [`rate`] with another system constant τ (puzzles use [`PUZZLE_TAU`]).
pub fn rate_with_tau(player: Rating, results: &[(Rating, Score)], tau: f64) -> Rating {
    let config = Glicko2Config {
        tau,
        ..Glicko2Config::new()
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(r, s)| (r.crate_form(), s.outcome()))
        .collect();
    let new = glicko2_rating_period(&player.crate_form(), &results, &config);
    Rating {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
    }
}

/// Both players' new ratings after one game between them, South's first; `south_score` is
/// the result from South's point of view.
pub fn rate_game(south: Rating, north: Rating, south_score: Score) -> (Rating, Rating) {
    (
        rate(south, &[(north, south_score)]),
        rate(north, &[(south, south_score.flipped())]),
    )
}

/// A rated puzzle attempt as a game between the player and the puzzle, with τ
/// [`PUZZLE_TAU`]: both new ratings, the player's first; `solved` is the player's win.
pub fn rate_puzzle(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let score = if solved { Score::Win } else { Score::Loss };
    (
        rate_with_tau(player, &[(puzzle, score)], PUZZLE_TAU),
        rate_with_tau(puzzle, &[(player, score.flipped())], PUZZLE_TAU),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013): 1500/200/0.06
    /// beats 1400/30, loses to 1550/100 and to 1700/300, with τ = 0.5.
    #[test]
    fn glickmans_worked_example() {
        assert_eq!(TAU, 0.5);
        let new = rate(
            r(1500.0, 200.0),
            &[
                (r(1400.0, 30.0), Score::Win),
                (r(1550.0, 100.0), Score::Loss),
                (r(1700.0, 300.0), Score::Loss),
            ],
        );
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
    }

    #[test]
    fn a_first_game_between_new_players() {
        let (s, n) = rate_game(Rating::default(), Rating::default(), Score::Win);
        assert!((s.rating - 1662.3).abs() < 0.1, "{s:?}");
        assert!((n.rating - 1337.7).abs() < 0.1, "{n:?}");
        assert!((s.rating - 1500.0 + n.rating - 1500.0).abs() < 1e-6);
        assert!(s.deviation < 350.0 && s.is_provisional());
        let (a, b) = rate_game(Rating::default(), Rating::default(), Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn provisional_until_rd_drops_below_110() {
        assert!(r(1500.0, 110.0).is_provisional());
        assert!(!r(1500.0, 109.99).is_provisional());
        assert_eq!(r(1623.4, 200.0).to_string(), "1623?");
        assert_eq!(r(1623.6, 60.0).to_string(), "1624");
    }
}
