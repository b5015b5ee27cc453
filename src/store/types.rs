//! The store's domain types: players, statuses, results and the game record. The ids,
//! places and stated choices it shares with the app come from [`crate::vocab`].

use std::fmt;

use crate::rules::{Side, Variant};
use crate::vocab::text_enum;

pub use super::clock_state::GameClock;
pub use crate::vocab::{GameId, Notify, Place, SideChoice, UserId};

/// Who occupies a side of a game: a human or the built-in AI at some level.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Player {
    /// A Discord user.
    Human(UserId),
    /// The built-in AI at `level`.
    Ai {
        /// How strongly it plays (stored by name: `hard`).
        level: crate::ai::Level,
    },
}

impl Player {
    /// The user id when the player is human.
    pub fn user(&self) -> Option<UserId> {
        match self {
            Player::Human(u) => Some(*u),
            Player::Ai { .. } => None,
        }
    }

    /// Whether this is the built-in AI.
    pub fn is_ai(&self) -> bool {
        matches!(self, Player::Ai { .. })
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Human(u) => write!(f, "user {u}"),
            Player::Ai { level } => write!(f, "AI ({level})"),
        }
    }
}

text_enum! {
    /// Where a game is in its life.
    GameStatus {
        /// A challenge waiting to be accepted or declined.
        Pending = "pending",
        /// Being played.
        Active = "active",
        /// Over, with a result ([`Game::winner`], [`Game::reason`]).
        Finished = "finished",
        /// Ended without a result: aborted early, or a challenge declined or expired.
        Aborted = "aborted",
    }
}

impl GameStatus {
    /// Pending or active: the game still occupies its place.
    pub fn is_ongoing(self) -> bool {
        matches!(self, GameStatus::Pending | GameStatus::Active)
    }
}

text_enum! {
    /// Why a game ended (finished or aborted).
    ResultReason {
        /// The loser's front row was emptied (rules).
        FrontRowEmptied = "front_row_emptied",
        /// The loser had no legal move (rules).
        NoLegalMove = "no_legal_move",
        /// The loser's move needed more than 512 sowing runs (rules).
        NeverEndingMove = "never_ending_move",
        /// The loser resigned.
        Resignation = "resignation",
        /// The loser let the move deadline pass and the opponent claimed the win.
        Timeout = "timeout",
        /// Both players agreed to a draw (no winner).
        AgreedDraw = "agreed_draw",
        /// Aborted early by a player; no result.
        Abort = "abort",
        /// Nobody acted for a whole move period after the deadline; no winner.
        Abandoned = "abandoned",
        /// The challenged player declined the challenge.
        Declined = "declined",
        /// The challenge expired unanswered.
        Expired = "expired",
        /// The loser's clock ran out (a live clock; the bot ends the game on its own).
        OutOfTime = "out_of_time",
        /// A side's first move did not come within its grace period on a live clock; aborted,
        /// no result.
        NoFirstMove = "no_first_move",
    }
}

impl ResultReason {
    /// The reason for a game ended by the rules themselves.
    pub fn from_rules(reason: crate::rules::EndReason) -> ResultReason {
        match reason {
            crate::rules::EndReason::FrontRowEmptied => ResultReason::FrontRowEmptied,
            crate::rules::EndReason::NoLegalMove => ResultReason::NoLegalMove,
            crate::rules::EndReason::NeverEndingMove => ResultReason::NeverEndingMove,
        }
    }

    /// Words for a caption: `front row emptied`, `never-ending move`, `agreed draw`, ...
    pub fn words(self) -> String {
        match self {
            ResultReason::NeverEndingMove => "never-ending move".into(),
            ResultReason::Abort => "aborted".into(),
            ResultReason::OutOfTime => "on time".into(),
            ResultReason::NoFirstMove => "first move not made in time".into(),
            other => other.as_str().replace('_', " "),
        }
    }
}

/// A challenge: the options of a pending game that only its two players know about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Who challenged.
    pub challenger: UserId,
    /// Who was challenged (the only one who may accept or decline).
    pub challenged: UserId,
    /// The side the challenger asked for.
    pub challenger_side: SideChoice,
    /// When the challenge expires (unix seconds).
    pub expires_at: i64,
}

/// The timed duties of a correspondence game, in the order they fall due (issue 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Duty {
    /// Half of the time for this move has gone: remind the player to move.
    HalfTime,
    /// An hour, or a tenth of the time if less, is left: remind again.
    LastCall,
    /// The deadline passed: tell the waiting player they may `/bao claim`.
    Overdue,
    /// A whole further move period passed after the deadline with nobody acting: the game
    /// ends as [`ResultReason::Abandoned`].
    Abandon,
}

impl Duty {
    /// Every duty, in the order they fall due.
    pub const ALL: [Duty; 4] = [Duty::HalfTime, Duty::LastCall, Duty::Overdue, Duty::Abandon];

    /// The bit used in [`Game::duties_done`].
    pub const fn bit(self) -> u8 {
        match self {
            Duty::HalfTime => 1,
            Duty::LastCall => 2,
            Duty::Overdue => 4,
            Duty::Abandon => 8,
        }
    }

    /// When this duty falls due for a move with `deadline` and `time_per_move` seconds.
    pub fn due_at(self, deadline: i64, time_per_move: i64) -> i64 {
        match self {
            Duty::HalfTime => deadline - time_per_move / 2,
            Duty::LastCall => deadline - (time_per_move / 10).min(3600),
            Duty::Overdue => deadline,
            Duty::Abandon => deadline + time_per_move,
        }
    }
}

/// Seconds in a day, for the per-day reminder count.
pub const DAY: i64 = 86_400;

/// One stored game (or pending challenge), as read from the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The game's id.
    pub id: GameId,
    /// Which game is played.
    pub variant: Variant,
    /// The rules version the game was created under ([`super::RULES_VERSION`] at the time).
    pub rules_version: u32,
    /// Where the game is played.
    pub place: Place,
    /// South's player; `None` while a challenge is pending.
    pub south: Option<Player>,
    /// North's player; `None` while a challenge is pending.
    pub north: Option<Player>,
    /// Pending, active, finished or aborted.
    pub status: GameStatus,
    /// The winner of a finished game; `None` for a draw or an unfinished game.
    pub winner: Option<Side>,
    /// Why the game ended (finished or aborted games).
    pub reason: Option<ResultReason>,
    /// The start position's text form.
    pub start_position: String,
    /// The current position's text form.
    pub position: String,
    /// Moves played so far (0 at the start).
    pub ply: u32,
    /// When the game (or challenge) was created, unix seconds.
    pub created_at: i64,
    /// When the game last changed, unix seconds.
    pub updated_at: i64,
    /// When the last move was played, unix seconds.
    pub last_move_at: Option<i64>,
    /// Seconds allowed per move; `None` for untimed games.
    pub time_per_move: Option<i64>,
    /// When the player to move must have moved by (unix seconds); `None` when untimed.
    pub deadline: Option<i64>,
    /// The message showing this game: the challenge while pending, then the current board.
    pub board_message: Option<u64>,
    /// The side that has offered a draw, if an offer stands.
    pub draw_offered_by: Option<Side>,
    /// The challenge, for games that began as one.
    pub challenge: Option<Challenge>,
    /// Bits ([`Duty::bit`]) of the duties already handled for the current deadline; reset
    /// by every move.
    pub duties_done: u8,
    /// The day (unix seconds / [`DAY`]) that `reminders_today` counts.
    pub reminder_day: i64,
    /// Reminders actually sent on `reminder_day`.
    pub reminders_today: u32,
    /// When the next unhandled duty falls due (unix seconds), for the background task.
    pub next_due_at: Option<i64>,
    /// The rule set the game is played under (the start position's; `v0.2` for games from
    /// before rule sets).
    pub rule_set: crate::rules::RuleSet,
    /// Whether the game counts for ratings (fixed when it starts; never against the AI).
    pub rated: bool,
    /// Whether both players agreed to hints (`hints:true` in the challenge).
    pub hints: bool,
    /// The thread of its own the game is played in, once it has one.
    pub thread: Option<GameThread>,
    /// The game's clock, for games with a time control (`None`: untimed, or a fixed time
    /// per move).
    pub clock: Option<GameClock>,
}

/// A game's thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameThread {
    /// The game.
    pub game: GameId,
    /// The thread it is played in (its place's channel).
    pub thread: u64,
    /// The channel the thread was opened in.
    pub parent: u64,
}

impl Game {
    /// The player on `side`, if sides are assigned.
    pub fn player(&self, side: Side) -> Option<&Player> {
        match side {
            Side::South => self.south.as_ref(),
            Side::North => self.north.as_ref(),
        }
    }

    /// The side `user` plays, if they play this game.
    pub fn side_of(&self, user: UserId) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.player(s).and_then(Player::user) == Some(user))
    }

    /// Whether `user` takes part: plays a side, or is the challenger or challenged.
    pub fn involves(&self, user: UserId) -> bool {
        self.side_of(user).is_some()
            || self
                .challenge
                .as_ref()
                .is_some_and(|c| c.challenger == user || c.challenged == user)
    }

    /// Whether `duty` was already handled for the current deadline.
    pub fn duty_done(&self, duty: Duty) -> bool {
        self.duties_done & duty.bit() != 0
    }

    /// The length of the current move's period for the deadline's duties, seconds: the time
    /// per move, or on a correspondence clock the bank the player to move had when their
    /// clock started (half-time and last-hour reminders apply to the bank). `None` for
    /// untimed games and live clocks.
    pub fn duty_period(&self) -> Option<i64> {
        if let Some(tpm) = self.time_per_move {
            return Some(tpm);
        }
        let clock = self.clock.as_ref().filter(|c| !c.control.is_live())?;
        let side = clock.running?;
        Some(clock.banks[side.index()].div_euclid(1000).max(1))
    }

    /// The duties due at `now` and not yet handled, in order (empty for untimed or
    /// non-active games).
    pub fn duties_due(&self, now: i64) -> Vec<Duty> {
        match (self.status, self.deadline, self.duty_period()) {
            (GameStatus::Active, Some(deadline), Some(tpm)) => Duty::ALL
                .into_iter()
                .filter(|d| !self.duty_done(*d) && d.due_at(deadline, tpm) <= now)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Reminders sent so far on the day containing `now`.
    pub fn reminders_sent_today(&self, now: i64) -> u32 {
        if now.div_euclid(DAY) == self.reminder_day {
            self.reminders_today
        } else {
            0
        }
    }
}

/// One stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    /// The game it belongs to.
    pub game: GameId,
    /// Its number in the game: 1 for the first move; the game's ply after it.
    pub ply: u32,
    /// The move's text form (canonical, e.g. `A4 left capture`).
    pub text: String,
    /// Who played it.
    pub by: Player,
    /// When it was played, unix seconds.
    pub played_at: i64,
    /// The position after it, text form.
    pub position_after: String,
    /// The mover's time left after it (increment included), ms, in clocked games.
    pub clock_ms: Option<i64>,
}

/// What a player record keeps about a Discord user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerProfile {
    /// The user.
    pub user: UserId,
    /// Their display name, as last seen.
    pub display_name: String,
    /// Whether Discord refused a DM to them (the bot then stops trying).
    pub dm_failed: bool,
    /// How they want turn notices.
    pub notify: Notify,
    /// When the record was last changed, unix seconds.
    pub updated_at: i64,
}

/// A new challenge (a pending game) for [`super::Store::create_challenge`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewChallenge {
    /// Where it is issued (and the game will be played).
    pub place: Place,
    /// Which game.
    pub variant: Variant,
    /// The start position text, normally `Position::start(variant).to_string()`.
    pub start_position: String,
    /// Who challenges.
    pub challenger: UserId,
    /// Who is challenged.
    pub challenged: UserId,
    /// The side the challenger asked for.
    pub challenger_side: SideChoice,
    /// Seconds allowed per move, `None` for untimed.
    pub time_per_move: Option<i64>,
    /// Now, unix seconds.
    pub now: i64,
    /// When the challenge expires, unix seconds.
    pub expires_at: i64,
    /// Whether the game counts for ratings once finished (see `store::ratings`).
    pub rated: bool,
    /// Whether both players may ask for hints (agreed by accepting; unrated games only).
    pub hints: bool,
}

/// A new game started directly as active (e.g. against the AI) for
/// [`super::Store::start_game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    /// Where it is played.
    pub place: Place,
    /// Which game.
    pub variant: Variant,
    /// The start position text, normally `Position::start(variant).to_string()`.
    pub start_position: String,
    /// South's player.
    pub south: Player,
    /// North's player.
    pub north: Player,
    /// Seconds allowed per move, `None` for untimed.
    pub time_per_move: Option<i64>,
    /// Now, unix seconds.
    pub now: i64,
    /// The first move's deadline (normally `now + time_per_move`), `None` for untimed.
    pub deadline: Option<i64>,
}

/// A move to record with [`super::Store::record_move`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMove<'a> {
    /// The move's canonical text (`mv.to_string()`).
    pub text: &'a str,
    /// Who plays it; must be one of the game's players.
    pub by: &'a Player,
    /// The position after the move (`next.to_string()`).
    pub position_after: &'a str,
    /// Now, unix seconds.
    pub now: i64,
    /// The next move's deadline, `None` for untimed games or when the game ends.
    pub deadline: Option<i64>,
    /// Set when this move ends the game: the game is finished in the same transaction.
    pub end: Option<GameEnd>,
}

/// How a game ends: the winner (`None` for a draw or no result) and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner, `None` for a draw or abandonment.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: ResultReason,
}

/// Which of a user's games [`super::Store::games_of`] lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameFilter {
    /// Pending and active games.
    Ongoing,
    /// Finished and aborted games.
    Ended,
    /// All games.
    All,
}

/// One game whose replay from its start position does not give what is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayProblem {
    /// The game.
    pub game: GameId,
    /// The move number where the problem shows (0: the start or the game row itself).
    pub ply: u32,
    /// What is wrong, in words.
    pub detail: String,
}

impl fmt::Display for ReplayProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} ply {}: {}", self.game, self.ply, self.detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duties_of_a_ten_minute_move() {
        let (deadline, tpm) = (10_000, 600);
        let due: Vec<i64> = Duty::ALL.iter().map(|d| d.due_at(deadline, tpm)).collect();
        // Half time, a tenth of the time (less than an hour) left, the deadline, one more
        // period.
        assert_eq!(due, [9_700, 9_940, 10_000, 10_600]);
    }

    #[test]
    fn duties_of_a_two_week_move() {
        let tpm = 14 * DAY;
        assert_eq!(Duty::LastCall.due_at(0, tpm), -3600);
        assert_eq!(Duty::HalfTime.due_at(0, tpm), -7 * DAY);
    }

    #[test]
    fn text_enums_round_trip() {
        for r in ResultReason::ALL {
            assert_eq!(ResultReason::parse(r.as_str()), Some(*r));
        }
        for s in GameStatus::ALL {
            assert_eq!(GameStatus::parse(s.as_str()), Some(*s));
        }
        assert_eq!(ResultReason::AgreedDraw.words(), "agreed draw");
    }
}
