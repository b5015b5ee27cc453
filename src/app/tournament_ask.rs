//! What `/bao-tournament …` asks for, as plain data (see [`super::Command::Tournament`]).

use crate::rules::{RuleSet, Variant};

use super::types::User;

/// One `/bao-tournament` request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentAsk {
    /// What to do.
    pub action: TournamentAction,
    /// The event (`event:3`); `None`: the one event of this channel.
    pub event: Option<i64>,
    /// Whether the asker has Manage Server, from the member's permissions as Discord
    /// reports them with the interaction.
    pub manage_server: bool,
}

/// The `/bao-tournament` subcommands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentAction {
    /// Create an event here and announce it.
    Create(NewEventAsk),
    /// Sign up.
    Join,
    /// Take back a sign-up (before the start).
    Leave,
    /// Leave a started event: the game being played is resigned, later ones forfeited.
    Withdraw,
    /// Start now (organisers).
    Start,
    /// Start no new round until resumed (organisers).
    Pause,
    /// Go on after a pause (organisers).
    Resume,
    /// Take a player off (organisers).
    Remove(User),
    /// Call the event off (organisers).
    Cancel,
    /// The standings with every tie-break.
    Standings,
    /// The current round's boards.
    Pairings,
    /// The event's settings and players.
    Info,
}

/// The options of `/bao-tournament create`, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewEventAsk {
    /// The event's name.
    pub name: String,
    /// Which game (default: the server's).
    pub variant: Option<Variant>,
    /// The rule set (default: the server's).
    pub rules: Option<RuleSet>,
    /// `round-robin`, `double-round-robin` or `swiss`.
    pub format: String,
    /// Swiss rounds.
    pub rounds: Option<u32>,
    /// Time per move as written (`1d`, `none`).
    pub time_per_move: Option<String>,
    /// Longest a round may last, as written (`7d`); games unfinished then are drawn.
    pub round_time: Option<String>,
    /// Whether the games count for ratings (default: the server's setting).
    pub rated: Option<bool>,
    /// How long sign-up stays open, as written (`2d`); the event starts then.
    pub signup: Option<String>,
    /// At most this many players; the event starts when full.
    pub max_players: Option<u32>,
}
