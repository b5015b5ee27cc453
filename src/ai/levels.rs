//! The difficulty levels of the bot: each is a node budget, an amount of noise and a
//! wall-clock cap (from the bot's configuration; [`Level::default_wall_cap`] otherwise).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::SearchLimits;

/// How strongly the AI plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A beginner can beat it: it looks one move ahead (with the compulsory captures that
    /// follow) and plays with heavy noise. It still never misses a compulsory capture (only
    /// captures are legal then) nor a move that wins at once, and never plays a move that
    /// loses at once while another does not. A player who weighs each capture against the
    /// best recapture (`beginner` in `bao-bot match`) wins about half the games against it.
    Easy,
    /// A casual player's opponent: a small search with some noise.
    Medium,
    /// Strong: a full search of sixty thousand nodes (a few hundredths of a second), spaced
    /// so that master still beats it clearly.
    Hard,
    /// The full strength the time allows: four million nodes, about 2 s on one core of a
    /// small server, cut short by the wall-clock cap.
    Master,
}

/// Not one of the level names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a level: write easy, medium, hard or master")]
pub struct UnknownLevel(pub String);

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    /// `easy`, `medium`, `hard` or `master`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// Nodes searched per move. The first iteration (one ply and the compulsory captures
    /// after it) always completes, so easy's budget of 1 means exactly that search.
    pub const fn nodes(self) -> u64 {
        match self {
            Level::Easy => 1,
            Level::Medium => 3_000,
            Level::Hard => 60_000,
            Level::Master => 4_000_000,
        }
    }

    /// Noise, in hundredths of a seed: how much worse than the best move (by the search's
    /// own scores) a move it plays may be; see [`SearchLimits::noise`].
    pub const fn noise(self) -> i32 {
        match self {
            Level::Easy => 6_000,
            Level::Medium => 200,
            Level::Hard => 0,
            Level::Master => 0,
        }
    }

    /// The wall-clock cap to use when the configuration gives none.
    pub const fn default_wall_cap(self) -> Duration {
        match self {
            Level::Easy => Duration::from_millis(200),
            Level::Medium => Duration::from_millis(500),
            Level::Hard => Duration::from_secs(1),
            Level::Master => Duration::from_secs(3),
        }
    }

    /// The search limits of this level under a wall-clock cap. The seed is 0: set
    /// `seed` (say, from the game id and ply) so noisy levels vary from game to game.
    pub fn limits(&self, wall_cap: Duration) -> SearchLimits {
        SearchLimits {
            nodes: Some(self.nodes()),
            time: Some(wall_cap),
            seed: 0,
            noise: self.noise(),
        }
    }

    /// The limits with the node budget only (no clock): reproducible, for tests and matches.
    pub fn limits_without_clock(&self) -> SearchLimits {
        SearchLimits {
            time: None,
            ..self.limits(Duration::ZERO)
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let lower = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == lower)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_budgets_grow() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
            assert_eq!(l.name().to_uppercase().parse::<Level>(), Ok(l));
        }
        assert!("expert".parse::<Level>().is_err());
        for pair in Level::ALL.windows(2) {
            assert!(pair[0].nodes() < pair[1].nodes());
            assert!(pair[0].noise() >= pair[1].noise());
        }
        let l = Level::Hard.limits(Duration::from_millis(700));
        assert_eq!(l.time, Some(Duration::from_millis(700)));
        assert_eq!(l.nodes, Some(Level::Hard.nodes()));
        assert_eq!(Level::Master.limits_without_clock().time, None);
    }
}
