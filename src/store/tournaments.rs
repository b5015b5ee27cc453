//! Tournaments: events, their sign-up and what they hold. Pairing rounds and recording
//! results are in `tournament_rounds`.
//!
//! An event belongs to a channel of a server. Its players join during sign-up; at the
//! start each gets a seed (start rank, by rating then joining order) that the boards name.

use rusqlite::{params, Connection, OptionalExtension, Row, TransactionBehavior};

use super::rows::{bad, id_rust, id_sql, parse_variant};
use super::{GameId, Place, Store, StoreError, UserId};
use crate::rules::Variant;
use crate::tournament::{Entrant, Format, Outcome, Pairing};

/// An event's id (shown as `#3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventId(pub i64);

impl std::fmt::Display for EventId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Where an event stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventStatus {
    /// Players may join and leave.
    Signup,
    /// Rounds are being played.
    Running,
    /// Started, but no new round starts until it is resumed.
    Paused,
    /// Every round played.
    Finished,
    /// Called off by an organiser.
    Cancelled,
}

impl EventStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            EventStatus::Signup => "signup",
            EventStatus::Running => "running",
            EventStatus::Paused => "paused",
            EventStatus::Finished => "finished",
            EventStatus::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Option<EventStatus> {
        [
            EventStatus::Signup,
            EventStatus::Running,
            EventStatus::Paused,
            EventStatus::Finished,
            EventStatus::Cancelled,
        ]
        .into_iter()
        .find(|x| x.as_str() == s)
    }
}

/// A new event, as [`Store::create_event`] takes it.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    /// Its name.
    pub name: String,
    /// The server and channel it is announced and played in.
    pub guild: u64,
    /// The channel.
    pub channel: u64,
    /// Who created it (an organiser).
    pub creator: UserId,
    /// Which game.
    pub variant: Variant,
    /// The start position of every game (it carries the rule set).
    pub start_position: String,
    /// How rounds are paired.
    pub format: Format,
    /// Seconds per move in its games, `None` for untimed.
    pub time_per_move: Option<i64>,
    /// Seconds a round may last before its unfinished games are drawn, `None`: no limit.
    pub round_time: Option<i64>,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// When sign-up closes (the event then starts), if set.
    pub signup_closes_at: Option<i64>,
    /// At most this many players, if set.
    pub max_players: Option<u32>,
    /// Now, unix seconds.
    pub now: i64,
}

/// An event as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Its id.
    pub id: EventId,
    /// How it was created.
    pub spec: NewEvent,
    /// Where it stands.
    pub status: EventStatus,
    /// The announcement message with the Join and Leave buttons.
    pub announcement: Option<u64>,
    /// When it started.
    pub started_at: Option<i64>,
    /// When it finished or was cancelled.
    pub ended_at: Option<i64>,
    /// Rounds paired so far.
    pub rounds_paired: u32,
}

impl Event {
    /// The event's place (its channel).
    pub fn place(&self) -> Place {
        Place::Channel {
            guild: self.spec.guild,
            channel: self.spec.channel,
        }
    }
}

/// A player of an event.
#[derive(Debug, Clone, PartialEq)]
pub struct EventPlayer {
    /// Who.
    pub user: UserId,
    /// The name shown.
    pub name: String,
    /// The rating when they joined.
    pub rating: f64,
    /// The start rank from 0, once the event has started.
    pub seed: Option<usize>,
    /// When they withdrew or were removed, if they did.
    pub left_at: Option<i64>,
}

/// One board of one round, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The pairing, by seeds.
    pub pairing: Pairing,
    /// South's player.
    pub south: UserId,
    /// North's player (`None`: a bye).
    pub north: Option<UserId>,
    /// The game played on it (none for byes and forfeits).
    pub game: Option<GameId>,
}

/// What [`Store::join_event`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinOutcome {
    /// Joined; the number of players now.
    Joined(u32),
    /// Was in already.
    AlreadyIn,
    /// The event has its maximum of players.
    Full(u32),
    /// Sign-up is over (started, finished, cancelled, or past its closing time).
    Closed(EventStatus),
}

pub(super) const EVENT_SELECT: &str = "SELECT t.id, t.name, t.guild_id, t.channel_id, \
    t.creator, t.variant, t.start_position, t.format, t.swiss_rounds, t.time_per_move, \
    t.round_time, t.rated, t.signup_closes_at, t.max_players, t.status, \
    t.announcement_message, t.created_at, t.started_at, t.ended_at, \
    (SELECT count(*) FROM tournament_rounds r WHERE r.tournament_id = t.id) FROM tournaments t";

pub(super) fn event_from_row(row: &Row) -> rusqlite::Result<Event> {
    let variant: String = row.get(5)?;
    let format: String = row.get(7)?;
    let status: String = row.get(14)?;
    let format = Format::parse(&format, row.get(8)?).map_err(|e| bad(7, e.to_string()))?;
    Ok(Event {
        id: EventId(row.get(0)?),
        spec: NewEvent {
            name: row.get(1)?,
            guild: id_rust(row.get::<_, Option<i64>>(2)?.unwrap_or(0)),
            channel: id_rust(row.get(3)?),
            creator: UserId(id_rust(row.get(4)?)),
            variant: parse_variant(&variant).ok_or_else(|| bad(5, variant.clone()))?,
            start_position: row.get(6)?,
            format,
            time_per_move: row.get(9)?,
            round_time: row.get(10)?,
            rated: row.get(11)?,
            signup_closes_at: row.get(12)?,
            max_players: row.get(13)?,
            now: row.get(16)?,
        },
        status: EventStatus::parse(&status).ok_or_else(|| bad(14, status.clone()))?,
        announcement: row.get::<_, Option<i64>>(15)?.map(id_rust),
        started_at: row.get(17)?,
        ended_at: row.get(18)?,
        rounds_paired: row.get(19)?,
    })
}

pub(super) fn load_event(conn: &Connection, id: EventId) -> Result<Event, StoreError> {
    conn.prepare_cached(&format!("{EVENT_SELECT} WHERE t.id = ?1"))?
        .query_row([id.0], event_from_row)
        .optional()?
        .ok_or(StoreError::NoSuchEvent(id))
}

pub(super) fn load_players(conn: &Connection, id: EventId) -> rusqlite::Result<Vec<EventPlayer>> {
    conn.prepare_cached(
        "SELECT user_id, name, rating, seed, left_at FROM tournament_players \
         WHERE tournament_id = ?1 ORDER BY seed IS NULL, seed, joined_at, user_id",
    )?
    .query_map([id.0], |r| {
        Ok(EventPlayer {
            user: UserId(id_rust(r.get(0)?)),
            name: r.get(1)?,
            rating: r.get(2)?,
            seed: r
                .get::<_, Option<i64>>(3)?
                .and_then(|s| usize::try_from(s).ok()),
            left_at: r.get(4)?,
        })
    })?
    .collect()
}

pub(super) fn load_boards(conn: &Connection, id: EventId) -> rusqlite::Result<Vec<Board>> {
    conn.prepare_cached(
        "SELECT b.round, b.board, b.south_seed, b.north_seed, b.game_id, b.outcome, \
         s.user_id, n.user_id FROM tournament_boards b \
         JOIN tournament_players s ON s.tournament_id = b.tournament_id AND s.seed = b.south_seed \
         LEFT JOIN tournament_players n ON n.tournament_id = b.tournament_id \
           AND n.seed = b.north_seed \
         WHERE b.tournament_id = ?1 ORDER BY b.round, b.board",
    )?
    .query_map([id.0], |r| {
        let outcome: Option<String> = r.get(5)?;
        Ok(Board {
            pairing: Pairing {
                round: r.get(0)?,
                board: r.get(1)?,
                south: r.get::<_, i64>(2)? as usize,
                north: r.get::<_, Option<i64>>(3)?.map(|n| n as usize),
                outcome: match outcome {
                    None => None,
                    Some(o) => Some(Outcome::parse(&o).ok_or_else(|| bad(5, o.clone()))?),
                },
            },
            game: r.get::<_, Option<i64>>(4)?.map(GameId),
            south: UserId(id_rust(r.get(6)?)),
            north: r.get::<_, Option<i64>>(7)?.map(|u| UserId(id_rust(u))),
        })
    })?
    .collect()
}

/// The names of seeded players by start rank.
pub fn seeded_names(players: &[EventPlayer]) -> Vec<String> {
    entrants_of(players).into_iter().map(|e| e.name).collect()
}

/// The players in seed order as the tournament core sees them (only once seeded).
pub fn entrants_of(players: &[EventPlayer]) -> Vec<Entrant> {
    let mut seeded: Vec<&EventPlayer> = players.iter().filter(|p| p.seed.is_some()).collect();
    seeded.sort_by_key(|p| p.seed);
    seeded
        .iter()
        .map(|p| Entrant {
            name: p.name.clone(),
            rating: p.rating,
            active: p.left_at.is_none(),
        })
        .collect()
}

impl Store {
    /// Creates an event in sign-up.
    pub fn create_event(&self, new: &NewEvent) -> Result<Event, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let rounds = match new.format {
            Format::Swiss { rounds } => Some(rounds),
            _ => None,
        };
        tx.prepare_cached(
            "INSERT INTO tournaments (name, guild_id, channel_id, creator, variant, \
             start_position, format, swiss_rounds, time_per_move, round_time, rated, \
             signup_closes_at, max_players, status, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 'signup', ?14)",
        )?
        .execute(params![
            new.name,
            id_sql(new.guild),
            id_sql(new.channel),
            id_sql(new.creator.0),
            new.variant.name(),
            new.start_position,
            new.format.name(),
            rounds,
            new.time_per_move,
            new.round_time,
            new.rated,
            new.signup_closes_at,
            new.max_players,
            new.now,
        ])?;
        let event = load_event(&tx, EventId(tx.last_insert_rowid()))?;
        tx.commit()?;
        Ok(event)
    }

    /// One event, or `None`.
    pub fn event(&self, id: EventId) -> Result<Option<Event>, StoreError> {
        match load_event(&self.lock(), id) {
            Ok(e) => Ok(Some(e)),
            Err(StoreError::NoSuchEvent(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The events of a server not yet over, oldest first.
    pub fn events_in(&self, guild: u64) -> Result<Vec<Event>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{EVENT_SELECT} WHERE t.guild_id = ?1 AND t.status IN ('signup', 'running', 'paused') \
             ORDER BY t.id"
        ))?;
        let events = stmt
            .query_map([id_sql(guild)], event_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(events)
    }

    /// Events in sign-up or running, for the clock: sign-ups that close and rounds that
    /// end.
    pub fn live_events(&self) -> Result<Vec<Event>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{EVENT_SELECT} WHERE t.status IN ('signup', 'running') ORDER BY t.id"
        ))?;
        let events = stmt
            .query_map([], event_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(events)
    }

    /// Remembers the announcement message of an event.
    pub fn set_event_message(&self, id: EventId, message: u64) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached("UPDATE tournaments SET announcement_message = ?2 WHERE id = ?1")?
            .execute(params![id.0, id_sql(message)])?;
        Ok(())
    }

    /// The players of an event (seed order once started, else joining order).
    pub fn event_players(&self, id: EventId) -> Result<Vec<EventPlayer>, StoreError> {
        Ok(load_players(&self.lock(), id)?)
    }

    /// The boards of every round paired so far.
    pub fn event_boards(&self, id: EventId) -> Result<Vec<Board>, StoreError> {
        Ok(load_boards(&self.lock(), id)?)
    }

    /// The event and board a game is played on, if it is an event's game.
    pub fn board_of_game(&self, game: GameId) -> Result<Option<(EventId, u32, u32)>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT tournament_id, round, board FROM tournament_boards WHERE game_id = ?1",
            )?
            .query_row([game.0], |r| Ok((EventId(r.get(0)?), r.get(1)?, r.get(2)?)))
            .optional()?)
    }

    /// Signs `user` up for event `id` during sign-up, with the rating they bring.
    pub fn join_event(
        &self,
        id: EventId,
        user: UserId,
        name: &str,
        rating: f64,
        now: i64,
    ) -> Result<JoinOutcome, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let event = load_event(&tx, id)?;
        let players = load_players(&tx, id)?;
        let count = u32::try_from(players.len()).unwrap_or(u32::MAX);
        let outcome = if players.iter().any(|p| p.user == user) {
            JoinOutcome::AlreadyIn
        } else if event.status != EventStatus::Signup
            || event.spec.signup_closes_at.is_some_and(|t| now >= t)
        {
            JoinOutcome::Closed(event.status)
        } else if event.spec.max_players.is_some_and(|m| count >= m) {
            JoinOutcome::Full(count)
        } else {
            tx.prepare_cached(
                "INSERT INTO tournament_players (tournament_id, user_id, name, rating, joined_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![id.0, id_sql(user.0), name, rating, now])?;
            JoinOutcome::Joined(count + 1)
        };
        tx.commit()?;
        Ok(outcome)
    }

    /// Takes `user` off an event in sign-up; `false` when they were not on it or it has
    /// started (then they withdraw instead).
    pub fn leave_event(&self, id: EventId, user: UserId) -> Result<bool, StoreError> {
        let n = self
            .lock()
            .prepare_cached(
                "DELETE FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2 \
             AND EXISTS (SELECT 1 FROM tournaments WHERE id = ?1 AND status = 'signup')",
            )?
            .execute(params![id.0, id_sql(user.0)])?;
        Ok(n == 1)
    }

    /// Sets an event's status (pause, resume, cancel); returns the event as it now is.
    pub fn set_event_status(
        &self,
        id: EventId,
        status: EventStatus,
        now: i64,
    ) -> Result<Event, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let ended = matches!(status, EventStatus::Finished | EventStatus::Cancelled);
        tx.prepare_cached(
            "UPDATE tournaments SET status = ?2, ended_at = CASE WHEN ?3 THEN ?4 ELSE ended_at END \
             WHERE id = ?1",
        )?
        .execute(params![id.0, status.as_str(), ended, now])?;
        let event = load_event(&tx, id)?;
        tx.commit()?;
        Ok(event)
    }
}
