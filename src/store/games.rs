//! Games, challenges and moves: creating, reading and changing them.

use rusqlite::types::Type;
use rusqlite::{params, Connection, ErrorCode, OptionalExtension, Row, TransactionBehavior};

use super::types::*;
use super::{Store, StoreError, RULES_VERSION};
use crate::rules::{Side, Variant};

/// The columns read by [`game_from_row`], in order.
const GAME_SELECT: &str = "SELECT g.id, g.variant, g.rules_version, g.guild_id, g.channel_id, \
     g.dm_user, g.south_user, g.south_ai, g.north_user, g.north_ai, g.status, g.winner, \
     g.reason, g.start_position, g.position, g.ply, g.created_at, g.updated_at, \
     g.last_move_at, g.time_per_move, g.deadline, g.board_message_id, g.draw_offered_by, \
     g.duties_done, g.reminder_day, g.reminders_today, g.next_due_at, \
     c.challenger, c.challenged, c.challenger_side, c.expires_at, g.rule_set \
     FROM games g LEFT JOIN challenges c ON c.game_id = g.id";

/// The status condition of "pending or active", written exactly as in the partial unique
/// index `games_one_per_place` (with `thread_bound = 0`) so that the index serves the lookup.
const ONGOING: &str = "g.status IN ('pending', 'active')";

/// A conversion error for column `idx`.
fn bad(idx: usize, msg: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(idx, Type::Text, msg.into())
}

fn text_col<T>(row: &Row, idx: usize, parse: impl Fn(&str) -> Option<T>) -> rusqlite::Result<T> {
    let s: String = row.get(idx)?;
    parse(&s).ok_or_else(|| bad(idx, format!("unexpected value `{s}`")))
}

fn opt_text_col<T>(
    row: &Row,
    idx: usize,
    parse: impl Fn(&str) -> Option<T>,
) -> rusqlite::Result<Option<T>> {
    match row.get::<_, Option<String>>(idx)? {
        None => Ok(None),
        Some(s) => parse(&s)
            .map(Some)
            .ok_or_else(|| bad(idx, format!("unexpected value `{s}`"))),
    }
}

pub(super) fn side_text(side: Side) -> &'static str {
    match side {
        Side::South => "S",
        Side::North => "N",
    }
}

fn parse_side(s: &str) -> Option<Side> {
    match s {
        "S" => Some(Side::South),
        "N" => Some(Side::North),
        _ => None,
    }
}

fn parse_variant(s: &str) -> Option<Variant> {
    s.parse().ok()
}

/// A u64 id as stored (same bits).
pub(super) fn id_sql(id: u64) -> i64 {
    id as i64
}

/// A stored id back to u64.
pub(super) fn id_rust(id: i64) -> u64 {
    id as u64
}

/// The two columns (user, ai level) of a player.
pub(super) fn player_cols(p: Option<&Player>) -> (Option<i64>, Option<&str>) {
    match p {
        None => (None, None),
        Some(Player::Human(u)) => (Some(id_sql(u.0)), None),
        Some(Player::Ai { level }) => (None, Some(level.as_str())),
    }
}

pub(super) fn player_from(
    row: &Row,
    user_idx: usize,
    ai_idx: usize,
) -> rusqlite::Result<Option<Player>> {
    let user: Option<i64> = row.get(user_idx)?;
    let ai: Option<String> = row.get(ai_idx)?;
    Ok(match (user, ai) {
        (Some(u), _) => Some(Player::Human(UserId(id_rust(u)))),
        (None, Some(level)) => Some(Player::Ai { level }),
        (None, None) => None,
    })
}

/// The place columns (guild, channel, dm user).
fn place_cols(place: &Place) -> (Option<i64>, Option<i64>, Option<i64>) {
    match *place {
        Place::Channel { guild, channel } => (Some(id_sql(guild)), Some(id_sql(channel)), None),
        Place::Dm { user } => (None, None, Some(id_sql(user))),
    }
}

fn game_from_row(row: &Row) -> rusqlite::Result<Game> {
    let place = match (
        row.get::<_, Option<i64>>(3)?,
        row.get::<_, Option<i64>>(4)?,
        row.get::<_, Option<i64>>(5)?,
    ) {
        (Some(guild), Some(channel), None) => Place::Channel {
            guild: id_rust(guild),
            channel: id_rust(channel),
        },
        (None, None, Some(user)) => Place::Dm {
            user: id_rust(user),
        },
        _ => return Err(bad(3, "a game must be in a channel or a DM".into())),
    };
    let challenge = match row.get::<_, Option<i64>>(27)? {
        None => None,
        Some(challenger) => Some(Challenge {
            challenger: UserId(id_rust(challenger)),
            challenged: UserId(id_rust(row.get(28)?)),
            challenger_side: text_col(row, 29, SideChoice::parse)?,
            expires_at: row.get(30)?,
        }),
    };
    Ok(Game {
        id: GameId(row.get(0)?),
        variant: text_col(row, 1, parse_variant)?,
        rules_version: row.get(2)?,
        place,
        south: player_from(row, 6, 7)?,
        north: player_from(row, 8, 9)?,
        status: text_col(row, 10, GameStatus::parse)?,
        winner: opt_text_col(row, 11, parse_side)?,
        reason: opt_text_col(row, 12, ResultReason::parse)?,
        start_position: row.get(13)?,
        position: row.get(14)?,
        ply: row.get(15)?,
        created_at: row.get(16)?,
        updated_at: row.get(17)?,
        last_move_at: row.get(18)?,
        time_per_move: row.get(19)?,
        deadline: row.get(20)?,
        board_message: row.get::<_, Option<i64>>(21)?.map(id_rust),
        draw_offered_by: opt_text_col(row, 22, parse_side)?,
        duties_done: row.get(23)?,
        reminder_day: row.get(24)?,
        reminders_today: row.get(25)?,
        next_due_at: row.get(26)?,
        challenge,
        rule_set: text_col(row, 31, |s| s.parse().ok())?,
    })
}

pub(super) fn move_from_row(row: &Row) -> rusqlite::Result<StoredMove> {
    Ok(StoredMove {
        game: GameId(row.get(0)?),
        ply: row.get(1)?,
        text: row.get(2)?,
        by: player_from(row, 3, 4)?.ok_or_else(|| bad(3, "a move without a player".into()))?,
        played_at: row.get(5)?,
        position_after: row.get(6)?,
    })
}

/// Reads one game.
pub(super) fn load_game(conn: &Connection, id: GameId) -> rusqlite::Result<Option<Game>> {
    conn.prepare_cached(&format!("{GAME_SELECT} WHERE g.id = ?1"))?
        .query_row([id.0], game_from_row)
        .optional()
}

/// The pending or active game that holds `key` (not a challenge waiting for a thread of
/// its own, which holds no place).
fn load_game_in(conn: &Connection, key: &str) -> rusqlite::Result<Option<Game>> {
    conn.prepare_cached(&format!(
        "{GAME_SELECT} WHERE g.place_key = ?1 AND {ONGOING} AND g.thread_bound = 0"
    ))?
    .query_row([key], game_from_row)
    .optional()
}

/// When the game's next duty falls due: the challenge's expiry while pending, the first
/// unhandled [`Duty`] while active and timed, otherwise never.
fn next_due(game: &Game) -> Option<i64> {
    match game.status {
        GameStatus::Pending => game.challenge.as_ref().map(|c| c.expires_at),
        GameStatus::Active => {
            let (deadline, tpm) = (game.deadline?, game.time_per_move?);
            Duty::ALL
                .into_iter()
                .filter(|d| !game.duty_done(*d))
                .map(|d| d.due_at(deadline, tpm))
                .min()
        }
        GameStatus::Finished | GameStatus::Aborted => None,
    }
}

/// Writes every changeable column of `game` back.
fn write_game(conn: &Connection, game: &Game) -> rusqlite::Result<()> {
    let (su, sa) = player_cols(game.south.as_ref());
    let (nu, na) = player_cols(game.north.as_ref());
    conn.prepare_cached(
        "UPDATE games SET south_user = ?2, south_ai = ?3, north_user = ?4, north_ai = ?5, \
         status = ?6, winner = ?7, reason = ?8, position = ?9, ply = ?10, updated_at = ?11, \
         last_move_at = ?12, deadline = ?13, board_message_id = ?14, draw_offered_by = ?15, \
         duties_done = ?16, reminder_day = ?17, reminders_today = ?18, next_due_at = ?19 \
         WHERE id = ?1",
    )?
    .execute(params![
        game.id.0,
        su,
        sa,
        nu,
        na,
        game.status.as_str(),
        game.winner.map(side_text),
        game.reason.map(ResultReason::as_str),
        game.position,
        game.ply,
        game.updated_at,
        game.last_move_at,
        game.deadline,
        game.board_message.map(id_sql),
        game.draw_offered_by.map(side_text),
        game.duties_done,
        game.reminder_day,
        game.reminders_today,
        game.next_due_at,
    ])?;
    Ok(())
}

/// Fails with [`StoreError::WrongStatus`] unless the game has one of `allowed`.
pub(super) fn require(
    game: &Game,
    allowed: &[GameStatus],
    expected: &'static str,
) -> Result<(), StoreError> {
    if allowed.contains(&game.status) {
        Ok(())
    } else {
        Err(StoreError::WrongStatus {
            game: game.id,
            status: game.status,
            expected,
        })
    }
}

/// Fails with [`StoreError::BoardChanged`] unless the game is at `expected_ply`.
pub(super) fn require_ply(game: &Game, expected_ply: u32) -> Result<(), StoreError> {
    if game.ply == expected_ply {
        Ok(())
    } else {
        Err(StoreError::BoardChanged {
            current: Box::new(game.clone()),
        })
    }
}

/// Ends an ongoing game in memory (the caller writes it).
fn end(game: &mut Game, status: GameStatus, winner: Option<Side>, reason: ResultReason, now: i64) {
    game.status = status;
    game.winner = winner;
    game.reason = Some(reason);
    game.draw_offered_by = None;
    game.updated_at = now;
}

/// The columns of a new game row.
#[derive(Clone, Copy)]
struct InsertGame<'a> {
    place: &'a Place,
    variant: Variant,
    start_position: &'a str,
    sides: (Option<&'a Player>, Option<&'a Player>),
    status: GameStatus,
    time_per_move: Option<i64>,
    now: i64,
    deadline: Option<i64>,
    /// A challenge waiting for a thread of its own (holds no place).
    thread_bound: bool,
}

impl Store {
    /// Runs `change` on game `id` inside one IMMEDIATE transaction (the write lock is taken
    /// before the game is read), then recomputes `next_due_at`, writes the game back and
    /// commits. Returns the game as stored.
    pub(super) fn modify(
        &self,
        id: GameId,
        change: impl FnOnce(&Connection, &mut Game) -> Result<(), StoreError>,
    ) -> Result<Game, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut game = load_game(&tx, id)?.ok_or(StoreError::NoSuchGame(id))?;
        let was = game.status;
        change(&tx, &mut game)?;
        // A takeback request lapses once its board is gone (a move, a takeback, the end).
        super::takebacks::lapse_stale(&tx, &game)?;
        game.next_due_at = next_due(&game);
        write_game(&tx, &game)?;
        if was == GameStatus::Active && game.status == GameStatus::Finished {
            // The rating change commits with the result, or neither does.
            super::ratings::apply_result(&tx, &game)?;
        }
        tx.commit()?;
        Ok(game)
    }

    /// Inserts a game row and returns its id; a place already taken gives
    /// [`StoreError::PlaceTaken`].
    fn insert_game(conn: &Connection, row: &InsertGame<'_>) -> Result<GameId, StoreError> {
        let InsertGame {
            place,
            variant,
            start_position,
            sides,
            status,
            time_per_move,
            now,
            deadline,
            thread_bound,
        } = *row;
        let key = place.key();
        if let Some(existing) = load_game_in(conn, &key)?.filter(|_| !thread_bound) {
            return Err(StoreError::PlaceTaken {
                place: *place,
                existing: existing.id,
            });
        }
        let (guild, channel, dm) = place_cols(place);
        let (su, sa) = player_cols(sides.0);
        let (nu, na) = player_cols(sides.1);
        let result = conn
            .prepare_cached(
                "INSERT INTO games (variant, rules_version, place_key, guild_id, channel_id, \
                 dm_user, south_user, south_ai, north_user, north_ai, status, start_position, \
                 position, ply, created_at, updated_at, time_per_move, deadline, rule_set, \
                 thread_bound) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, 0, ?13, ?13, \
                 ?14, ?15, ?16, ?17)",
            )?
            .execute(params![
                variant.name(),
                RULES_VERSION,
                key,
                guild,
                channel,
                dm,
                su,
                sa,
                nu,
                na,
                status.as_str(),
                start_position,
                now,
                time_per_move,
                deadline,
                super::servers::rule_set_of(start_position).name(),
                thread_bound,
            ]);
        match result {
            Ok(_) => Ok(GameId(conn.last_insert_rowid())),
            Err(e) if e.sqlite_error_code() == Some(ErrorCode::ConstraintViolation) => {
                match load_game_in(conn, &key)? {
                    Some(existing) => Err(StoreError::PlaceTaken {
                        place: *place,
                        existing: existing.id,
                    }),
                    None => Err(e.into()),
                }
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Creates a challenge: a pending game at `new.place` with no sides yet. Fails with
    /// [`StoreError::PlaceTaken`] when the place already holds a pending or active game.
    pub fn create_challenge(&self, new: &NewChallenge) -> Result<Game, StoreError> {
        self.insert_challenge(new, false)
    }

    /// Creates a challenge whose game will be played in a thread of its own
    /// ([`Store::move_to_thread`]): it does not hold `new.place`, so any number may wait
    /// in one channel, beside the channel's own game.
    pub fn create_thread_challenge(&self, new: &NewChallenge) -> Result<Game, StoreError> {
        self.insert_challenge(new, true)
    }

    fn insert_challenge(&self, new: &NewChallenge, thread_bound: bool) -> Result<Game, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id = Self::insert_game(
            &tx,
            &InsertGame {
                place: &new.place,
                variant: new.variant,
                start_position: &new.start_position,
                sides: (None, None),
                status: GameStatus::Pending,
                time_per_move: new.time_per_move,
                now: new.now,
                deadline: None,
                thread_bound,
            },
        )?;
        tx.prepare_cached(
            "INSERT INTO challenges (game_id, challenger, challenged, challenger_side, \
             expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            id.0,
            id_sql(new.challenger.0),
            id_sql(new.challenged.0),
            new.challenger_side.as_str(),
            new.expires_at,
        ])?;
        tx.execute(
            "UPDATE games SET next_due_at = ?2 WHERE id = ?1",
            params![id.0, new.expires_at],
        )?;
        super::ratings::set_rated(&tx, id, new.rated)?;
        super::takebacks::set_hints(&tx, id, new.hints)?;
        let game = load_game(&tx, id)?.ok_or(StoreError::NoSuchGame(id))?;
        tx.commit()?;
        Ok(game)
    }

    /// Starts a game directly as active (against the AI, or between players who need no
    /// challenge). Fails with [`StoreError::PlaceTaken`] when the place is busy.
    pub fn start_game(&self, new: &NewGame) -> Result<Game, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id = Self::insert_game(
            &tx,
            &InsertGame {
                place: &new.place,
                variant: new.variant,
                start_position: &new.start_position,
                sides: (Some(&new.south), Some(&new.north)),
                status: GameStatus::Active,
                time_per_move: new.time_per_move,
                now: new.now,
                deadline: new.deadline,
                thread_bound: false,
            },
        )?;
        let mut game = load_game(&tx, id)?.ok_or(StoreError::NoSuchGame(id))?;
        game.next_due_at = next_due(&game);
        write_game(&tx, &game)?;
        tx.commit()?;
        Ok(game)
    }

    /// Accepts a pending challenge: the game becomes active with the given sides and the
    /// first move's `deadline` (`None` when untimed). The caller resolves
    /// [`SideChoice::Random`]. Fails with [`StoreError::WrongStatus`] unless pending.
    pub fn accept_challenge(
        &self,
        game: GameId,
        south: &Player,
        north: &Player,
        now: i64,
        deadline: Option<i64>,
    ) -> Result<Game, StoreError> {
        self.modify(game, |_, g| {
            require(g, &[GameStatus::Pending], "a pending challenge")?;
            g.status = GameStatus::Active;
            g.south = Some(south.clone());
            g.north = Some(north.clone());
            g.updated_at = now;
            g.deadline = deadline;
            g.duties_done = 0;
            Ok(())
        })
    }

    /// Declines a pending challenge: the game is aborted with reason
    /// [`ResultReason::Declined`] and the place is free again.
    pub fn decline_challenge(&self, game: GameId, now: i64) -> Result<Game, StoreError> {
        self.modify(game, |_, g| {
            require(g, &[GameStatus::Pending], "a pending challenge")?;
            end(g, GameStatus::Aborted, None, ResultReason::Declined, now);
            Ok(())
        })
    }

    /// Aborts every pending challenge whose expiry is at or before `now` (reason
    /// [`ResultReason::Expired`]) and returns them, so their messages can be updated.
    pub fn expire_challenges(&self, now: i64) -> Result<Vec<Game>, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut expired: Vec<Game> = tx
            .prepare_cached(&format!(
                "{GAME_SELECT} WHERE g.next_due_at IS NOT NULL AND g.next_due_at <= ?1 \
                 AND g.status = 'pending' ORDER BY g.next_due_at"
            ))?
            .query_map([now], game_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        for g in &mut expired {
            end(g, GameStatus::Aborted, None, ResultReason::Expired, now);
            g.next_due_at = None;
            write_game(&tx, g)?;
        }
        tx.commit()?;
        Ok(expired)
    }

    /// Records a move as one transaction, compare-and-swap on the ply: the game must be at
    /// `expected_ply` (else [`StoreError::BoardChanged`] with the game as it is now, which
    /// may have ended meanwhile), active (else [`StoreError::WrongStatus`]), and `mv.by` must play it (else [`StoreError::NotAPlayer`]). Stores the move
    /// as ply `expected_ply + 1`, sets the position, the times and the next deadline,
    /// withdraws any draw offer, resets the duties of the deadline, and, when `mv.end` is
    /// set, finishes the game in the same transaction.
    pub fn record_move(
        &self,
        game: GameId,
        expected_ply: u32,
        mv: &NewMove<'_>,
    ) -> Result<Game, StoreError> {
        self.modify(game, |tx, g| {
            require_ply(g, expected_ply)?;
            require(g, &[GameStatus::Active], "active")?;
            if g.south.as_ref() != Some(mv.by) && g.north.as_ref() != Some(mv.by) {
                return Err(StoreError::NotAPlayer {
                    game: g.id,
                    by: mv.by.clone(),
                });
            }
            g.ply = expected_ply + 1;
            g.position = mv.position_after.to_string();
            g.updated_at = mv.now;
            g.last_move_at = Some(mv.now);
            g.draw_offered_by = None;
            g.duties_done = 0;
            g.deadline = if mv.end.is_some() { None } else { mv.deadline };
            if let Some(e) = mv.end {
                end(g, GameStatus::Finished, e.winner, e.reason, mv.now);
            }
            let (user, ai) = player_cols(Some(mv.by));
            tx.prepare_cached(
                "INSERT INTO moves (game_id, ply, move, by_user, by_ai, played_at, \
                 position_after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![
                g.id.0,
                g.ply,
                mv.text,
                user,
                ai,
                mv.now,
                mv.position_after
            ])?;
            Ok(())
        })
    }

    /// Finishes an active game at `expected_ply` with a result (resignation, timeout claim,
    /// agreed draw, abandonment, or a rules ending recorded apart from its move).
    pub fn finish_game(
        &self,
        game: GameId,
        expected_ply: u32,
        end_as: GameEnd,
        now: i64,
    ) -> Result<Game, StoreError> {
        self.modify(game, |_, g| {
            require_ply(g, expected_ply)?;
            require(g, &[GameStatus::Active], "active")?;
            end(g, GameStatus::Finished, end_as.winner, end_as.reason, now);
            Ok(())
        })
    }

    /// Aborts a pending or active game at `expected_ply` without a result (reason
    /// [`ResultReason::Abort`]); the place is free again. Whether an abort is allowed (each
    /// side moved at most once) is the caller's rule.
    pub fn abort_game(
        &self,
        game: GameId,
        expected_ply: u32,
        now: i64,
    ) -> Result<Game, StoreError> {
        self.modify(game, |_, g| {
            require(
                g,
                &[GameStatus::Pending, GameStatus::Active],
                "pending or active",
            )?;
            require_ply(g, expected_ply)?;
            end(g, GameStatus::Aborted, None, ResultReason::Abort, now);
            Ok(())
        })
    }

    /// Records that `side` offers a draw in an active game (replacing any earlier offer).
    /// Any move withdraws it.
    pub fn offer_draw(&self, game: GameId, side: Side, now: i64) -> Result<Game, StoreError> {
        self.modify(game, |_, g| {
            require(g, &[GameStatus::Active], "active")?;
            g.draw_offered_by = Some(side);
            g.updated_at = now;
            Ok(())
        })
    }

    /// Withdraws (or declines) a standing draw offer.
    pub fn clear_draw_offer(&self, game: GameId, now: i64) -> Result<Game, StoreError> {
        self.modify(game, |_, g| {
            if g.draw_offered_by.take().is_some() {
                g.updated_at = now;
            }
            Ok(())
        })
    }

    /// Remembers the id of the message showing the game (the challenge while pending, then
    /// the current board), or forgets it with `None`.
    pub fn set_board_message(&self, game: GameId, message: Option<u64>) -> Result<(), StoreError> {
        let n = self
            .lock()
            .prepare_cached("UPDATE games SET board_message_id = ?2 WHERE id = ?1")?
            .execute(params![game.0, message.map(id_sql)])?;
        if n == 0 {
            return Err(StoreError::NoSuchGame(game));
        }
        Ok(())
    }

    /// Marks `duty` handled for the current deadline of an active game at `expected_ply`
    /// (so it is neither lost nor repeated across a restart). `reminded` says whether a
    /// reminder was actually sent (it counts towards [`Game::reminders_sent_today`]).
    /// Marking a duty already handled changes nothing.
    pub fn mark_duty_done(
        &self,
        game: GameId,
        expected_ply: u32,
        duty: Duty,
        reminded: bool,
        now: i64,
    ) -> Result<Game, StoreError> {
        self.modify(game, |_, g| {
            require_ply(g, expected_ply)?;
            require(g, &[GameStatus::Active], "active")?;
            g.duties_done |= duty.bit();
            if reminded {
                let day = now.div_euclid(DAY);
                if g.reminder_day != day {
                    g.reminder_day = day;
                    g.reminders_today = 0;
                }
                g.reminders_today += 1;
            }
            Ok(())
        })
    }

    /// One game by id, or `None`.
    pub fn game(&self, id: GameId) -> Result<Option<Game>, StoreError> {
        Ok(load_game(&self.lock(), id)?)
    }

    /// The pending or active game at `place` (indexed), or `None`.
    pub fn game_in(&self, place: &Place) -> Result<Option<Game>, StoreError> {
        Ok(load_game_in(&self.lock(), &place.key())?)
    }

    /// The pending or active games at `place` that wait for a thread of their own (a
    /// challenge, or a game just accepted whose thread is being opened), oldest first.
    pub fn games_waiting_in(&self, place: &Place) -> Result<Vec<Game>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{GAME_SELECT} WHERE g.place_key = ?1 AND {ONGOING} AND g.thread_bound = 1 \
             ORDER BY g.id"
        ))?;
        let games = stmt
            .query_map([place.key()], game_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(games)
    }

    /// Whether `game` waits for a thread of its own ([`Store::create_thread_challenge`]).
    pub fn waits_for_thread(&self, game: GameId) -> Result<bool, StoreError> {
        Ok(self
            .lock()
            .prepare_cached("SELECT thread_bound FROM games WHERE id = ?1")?
            .query_row([game.0], |r| r.get::<_, i64>(0))
            .optional()?
            == Some(1))
    }

    /// The latest games played at `place` (any status), newest first, at most `limit`.
    pub fn games_in(&self, place: &Place, limit: u32) -> Result<Vec<Game>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{GAME_SELECT} WHERE g.place_key = ?1 ORDER BY g.id DESC LIMIT ?2"
        ))?;
        let games = stmt
            .query_map(params![place.key(), limit], game_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(games)
    }

    /// The games `user` plays or is challenged in / has challenged in, most recently
    /// changed first, at most `limit` (indexed by both sides and both challenge roles).
    pub fn games_of(
        &self,
        user: UserId,
        filter: GameFilter,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        let status = match filter {
            GameFilter::Ongoing => "g.status IN ('pending', 'active')",
            GameFilter::Ended => "g.status IN ('finished', 'aborted')",
            GameFilter::All => "1",
        };
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{GAME_SELECT} WHERE g.id IN (\
               SELECT id FROM games WHERE south_user = ?1 \
               UNION SELECT id FROM games WHERE north_user = ?1 \
               UNION SELECT game_id FROM challenges WHERE challenger = ?1 \
               UNION SELECT game_id FROM challenges WHERE challenged = ?1) \
             AND {status} ORDER BY g.updated_at DESC, g.id DESC LIMIT ?2"
        ))?;
        let games = stmt
            .query_map(params![id_sql(user.0), limit], game_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(games)
    }

    /// The moves of a game, in order.
    pub fn moves(&self, game: GameId) -> Result<Vec<StoredMove>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT game_id, ply, move, by_user, by_ai, played_at, position_after \
             FROM moves WHERE game_id = ?1 ORDER BY ply",
        )?;
        let moves = stmt
            .query_map([game.0], move_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(moves)
    }

    /// The last move of a game, or `None` before the first move.
    pub fn last_move(&self, game: GameId) -> Result<Option<StoredMove>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT game_id, ply, move, by_user, by_ai, played_at, position_after \
                 FROM moves WHERE game_id = ?1 ORDER BY ply DESC LIMIT 1",
            )?
            .query_row([game.0], move_from_row)
            .optional()?)
    }

    /// Games with something due at or before `now`, soonest first: pending challenges past
    /// their expiry, and active timed games with an unhandled [`Duty`] due (see
    /// [`Game::duties_due`]). For the background task of correspondence play.
    pub fn games_due(&self, now: i64) -> Result<Vec<Game>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "{GAME_SELECT} WHERE g.next_due_at IS NOT NULL AND g.next_due_at <= ?1 \
             ORDER BY g.next_due_at, g.id"
        ))?;
        let games = stmt
            .query_map([now], game_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(games)
    }

    /// When the next thing falls due in any game (challenge expiry or duty), so the
    /// background task knows how long it may sleep; `None` when nothing is scheduled.
    pub fn next_due_at(&self) -> Result<Option<i64>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached("SELECT min(next_due_at) FROM games WHERE next_due_at IS NOT NULL")?
            .query_row([], |r| r.get(0))?)
    }
}
