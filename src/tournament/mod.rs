//! Tournaments without storage or transport: schedules, pairings, standings and reports.
//!
//! An event's entrants are numbered by their start rank (`0` is the top seed). Everything
//! here works on the list of [`Pairing`]s played so far, the only fact an event keeps
//! besides its entrants:
//!
//! - [`berger`]: round robins (single and double) by FIDE's Berger tables, sides balanced,
//!   one entrant sitting out each round when their number is odd;
//! - [`swiss`]: a Swiss round by FIDE's Dutch system (C.04.3), in `dutch/`: brackets
//!   from the top, the criteria as exact ordered weights of maximum-weight matchings (the
//!   `integer-blossom` crate);
//! - [`standings`]: points, Sonneborn–Berger, Buchholz and direct encounter;
//! - [`trf`]: the event as a FIDE TRF-16 report, for bbpPairings or JaVaFo;
//! - [`crosstable`]: who scored what against whom, as rows of text.
//!
//! South moves first, so it takes the part of White wherever the chess rules speak of
//! colours. What the Swiss pairing implements of FIDE's Dutch system, and how it is
//! measured against a reference engine, is told in `docs/tournaments.md`.

pub mod berger;
pub mod crosstable;
mod dutch;
mod history;
pub mod simulate;
pub mod standings;
pub mod swiss;
pub mod trf;

pub use history::{History, SideRecord};

use crate::rules::Side;

/// How an event pairs its rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Everyone plays everyone once (Berger tables).
    RoundRobin,
    /// Everyone plays everyone twice, sides swapped in the second cycle.
    DoubleRoundRobin,
    /// A Swiss event of this many rounds.
    Swiss {
        /// Rounds to play.
        rounds: u32,
    },
}

impl Format {
    /// The name stored and typed (`round-robin`, `double-round-robin`, `swiss`).
    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::DoubleRoundRobin => "double-round-robin",
            Format::Swiss { .. } => "swiss",
        }
    }

    /// Reads a format name; `rounds` is needed (and only used) for `swiss`.
    pub fn parse(name: &str, rounds: Option<u32>) -> Result<Format, TournamentError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "round-robin" | "rr" => Ok(Format::RoundRobin),
            "double-round-robin" | "drr" => Ok(Format::DoubleRoundRobin),
            "swiss" => match rounds {
                Some(r @ 1..=99) => Ok(Format::Swiss { rounds: r }),
                Some(r) => Err(TournamentError::BadRounds(r)),
                None => Err(TournamentError::RoundsNeeded),
            },
            other => Err(TournamentError::UnknownFormat(other.to_string())),
        }
    }

    /// How many rounds an event of `entrants` players has.
    pub fn rounds(self, entrants: usize) -> u32 {
        let cycle = u32::try_from(berger::cycle_rounds(entrants)).unwrap_or(u32::MAX);
        match self {
            Format::RoundRobin => cycle,
            Format::DoubleRoundRobin => cycle.saturating_mul(2),
            Format::Swiss { rounds } => rounds,
        }
    }
}

/// How a pairing ended, from South's side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// South won the game.
    SouthWins,
    /// North won the game.
    NorthWins,
    /// A draw.
    Draw,
    /// North lost without playing (withdrawn, removed): South scores a forfeit win.
    SouthByForfeit,
    /// South lost without playing: North scores a forfeit win.
    NorthByForfeit,
    /// A pairing-allocated bye: the entrant (South, no North) scores a win.
    Bye,
    /// A round robin's sit-out (odd number of players): no game, no point.
    SitOut,
}

impl Outcome {
    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::SouthWins => "south",
            Outcome::NorthWins => "north",
            Outcome::Draw => "draw",
            Outcome::SouthByForfeit => "south-forfeit",
            Outcome::NorthByForfeit => "north-forfeit",
            Outcome::Bye => "bye",
            Outcome::SitOut => "sit-out",
        }
    }

    /// Reads a stored name.
    pub fn parse(name: &str) -> Option<Outcome> {
        [
            Outcome::SouthWins,
            Outcome::NorthWins,
            Outcome::Draw,
            Outcome::SouthByForfeit,
            Outcome::NorthByForfeit,
            Outcome::Bye,
            Outcome::SitOut,
        ]
        .into_iter()
        .find(|o| o.name() == name)
    }

    /// The result of a game won by `winner` (`None`: a draw).
    pub fn of_winner(winner: Option<Side>) -> Outcome {
        match winner {
            Some(Side::South) => Outcome::SouthWins,
            Some(Side::North) => Outcome::NorthWins,
            None => Outcome::Draw,
        }
    }

    /// Half-points scored by (South, North).
    pub fn halves(self) -> (u32, u32) {
        match self {
            Outcome::SouthWins | Outcome::SouthByForfeit | Outcome::Bye => (2, 0),
            Outcome::NorthWins | Outcome::NorthByForfeit => (0, 2),
            Outcome::Draw => (1, 1),
            Outcome::SitOut => (0, 0),
        }
    }

    /// Whether the game was played over the board (not a forfeit or a bye).
    pub fn played(self) -> bool {
        matches!(
            self,
            Outcome::SouthWins | Outcome::NorthWins | Outcome::Draw
        )
    }

    /// The result as written in pairing lists (`1-0`, `0-1`, `½-½`, `1F-0F`, `bye`).
    pub fn score_text(self) -> &'static str {
        match self {
            Outcome::SouthWins => "1-0",
            Outcome::NorthWins => "0-1",
            Outcome::Draw => "½-½",
            Outcome::SouthByForfeit => "1F-0F",
            Outcome::NorthByForfeit => "0F-1F",
            Outcome::Bye => "bye",
            Outcome::SitOut => "sits out",
        }
    }
}

/// One board of one round: who plays South, who North (none: a bye), and the result once
/// known. Entrants are start ranks (`0` the top seed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1 (byes after every game).
    pub board: u32,
    /// South's start rank.
    pub south: usize,
    /// North's start rank; `None` for a bye.
    pub north: Option<usize>,
    /// The result, once known.
    pub outcome: Option<Outcome>,
}

impl Pairing {
    /// Whether `entrant` plays on this board.
    pub fn involves(&self, entrant: usize) -> bool {
        self.south == entrant || self.north == Some(entrant)
    }

    /// `entrant`'s opponent here (`None`: a bye, or not on this board).
    pub fn opponent_of(&self, entrant: usize) -> Option<usize> {
        if self.south == entrant {
            self.north
        } else if self.north == Some(entrant) {
            Some(self.south)
        } else {
            None
        }
    }

    /// Half-points `entrant` scored here (0 until the result is known).
    pub fn halves_of(&self, entrant: usize) -> u32 {
        let (s, n) = self.outcome.map_or((0, 0), Outcome::halves);
        if self.south == entrant {
            s
        } else if self.north == Some(entrant) {
            n
        } else {
            0
        }
    }
}

/// One player of an event as the pairing sees them.
#[derive(Debug, Clone, PartialEq)]
pub struct Entrant {
    /// The name shown in lists and reports.
    pub name: String,
    /// The rating at the start (orders the seeds and the pairing within score groups).
    pub rating: f64,
    /// Whether the entrant still plays (withdrawn and removed players are not paired).
    pub active: bool,
}

/// What the tournament core refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// A format name that is none of the three.
    #[error("unknown format `{0}`: use round-robin, double-round-robin or swiss")]
    UnknownFormat(String),
    /// A Swiss event without a number of rounds.
    #[error("a Swiss event needs a number of rounds (rounds:5)")]
    RoundsNeeded,
    /// A number of Swiss rounds out of range.
    #[error("{0} rounds is not a Swiss event: give 1 to 99 rounds")]
    BadRounds(u32),
    /// Too few players to pair.
    #[error("an event needs at least 2 active players, it has {0}")]
    TooFewPlayers(usize),
    /// A Swiss round that no pairing can give under the absolute criteria.
    #[error("round {round} cannot be paired under the Swiss rules: {reason}")]
    Unpairable {
        /// The round asked for.
        round: u32,
        /// What blocks it.
        reason: String,
    },
    /// A round past the event's last.
    #[error("round {round} is past the last round ({last})")]
    PastLastRound {
        /// The round asked for.
        round: u32,
        /// The event's last round.
        last: u32,
    },
}

/// Half-points as written: `3`, `2½`, `½`.
pub fn halves_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".into(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole}½"),
    }
}
