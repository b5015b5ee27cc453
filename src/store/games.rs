//! Games, challenges and moves: creating, reading and changing them.

use rusqlite::{params, Connection, ErrorCode, OptionalExtension, TransactionBehavior};

use super::rows::*;
use super::types::*;
use super::{Store, StoreError, RULES_VERSION};
use crate::rules::{Side, Variant};

/// Ends an ongoing game in memory (the caller writes it).
pub(super) fn end(
    game: &mut Game,
    status: GameStatus,
    winner: Option<Side>,
    reason: ResultReason,
    now: i64,
) {
    game.status = status;
    game.winner = winner;
    game.reason = Some(reason);
    game.draw_offered_by = None;
    game.updated_at = now;
}

/// [`Store::modify`] inside the caller's transaction: reads game `id`, runs `change`,
/// brings what follows from it up to date (a lapsed takeback request, the clock stopped
/// when the game ends and a correspondence clock's deadline, the next duty), writes it back
/// and, when the game has just finished, applies its rating change and its event result.
pub(super) fn modify_in(
    tx: &Connection,
    id: GameId,
    change: impl FnOnce(&Connection, &mut Game) -> Result<(), StoreError>,
) -> Result<Game, StoreError> {
    let mut game = load_game(tx, id)?.ok_or(StoreError::NoSuchGame(id))?;
    let was = game.status;
    change(tx, &mut game)?;
    // A takeback request lapses once its board is gone (a move, a takeback, the end).
    super::takebacks::lapse_stale(tx, &game)?;
    if !game.status.is_ongoing() {
        if let Some(clock) = game.clock.filter(|c| c.running.is_some()) {
            game.clock = Some(clock.stopped(clock.since_ms.max(game.updated_at * 1000)));
        }
    }
    sync_clock_deadline(&mut game);
    game.next_due_at = next_due(&game);
    write_game(tx, &game)?;
    if was == GameStatus::Active && game.status == GameStatus::Finished {
        // The rating change commits with the result, or neither does; so do the players'
        // summaries.
        super::ratings::apply_result(tx, &game)?;
        super::summaries::record_finished(tx, game.id)?;
    }
    if was == GameStatus::Active && !game.status.is_ongoing() {
        // An event's game: its result reaches its board in the same transaction.
        super::tournament_rounds::record_result(tx, &game)?;
    }
    Ok(game)
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
        let game = modify_in(&tx, id, change)?;
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
        self.insert_challenge(new, false, None)
    }

    /// Creates a challenge whose game will be played in a thread of its own
    /// ([`Store::move_to_thread`]): it does not hold `new.place`, so any number may wait
    /// in one channel, beside the channel's own game.
    pub fn create_thread_challenge(&self, new: &NewChallenge) -> Result<Game, StoreError> {
        self.insert_challenge(new, true, None)
    }

    /// Inserts a challenge (`thread_bound`: waiting for a thread of its own) with its time
    /// control, if it has one, in one transaction.
    pub(super) fn insert_challenge(
        &self,
        new: &NewChallenge,
        thread_bound: bool,
        clock: Option<crate::vocab::TimeControl>,
    ) -> Result<Game, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        // One challenge waits per pair and place: a second sent at the same moment (a double
        // submit) is decided here, inside the write, as move races are. (A challenge that
        // holds its place is decided by the place's own constraint: PlaceTaken.)
        if thread_bound {
            if let Some(existing) = pair_waiting(&tx, new)? {
                return Err(StoreError::ChallengeWaiting { existing });
            }
        }
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
        if let Some(control) = clock {
            super::clocks::set_control(&tx, id, &control)?;
        }
        let game = load_game(&tx, id)?.ok_or(StoreError::NoSuchGame(id))?;
        tx.commit()?;
        Ok(game)
    }

    /// Starts a game directly as active (against the AI, or between players who need no
    /// challenge). Fails with [`StoreError::PlaceTaken`] when the place is busy.
    pub fn start_game(&self, new: &NewGame) -> Result<Game, StoreError> {
        self.start_game_with(new, None)
    }

    /// [`Store::start_game`] with a clock started at `now_ms` when `clock` is given.
    pub(super) fn start_game_with(
        &self,
        new: &NewGame,
        clock: Option<(crate::vocab::TimeControl, i64)>,
    ) -> Result<Game, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut game = Self::insert_active(&tx, new, false)?;
        if let Some((control, now_ms)) = clock {
            super::clocks::set_control(&tx, game.id, &control)?;
            let first = super::clocks::turn_of(&game.position);
            game.clock = Some(GameClock::start(control, first, now_ms));
            sync_clock_deadline(&mut game);
            game.next_due_at = next_due(&game);
            write_game(&tx, &game)?;
        }
        tx.commit()?;
        Ok(game)
    }

    /// Inserts an active game inside the caller's transaction, its next duty due set;
    /// `thread_bound`: in `new.place` but waiting for a thread of its own.
    fn insert_active(
        conn: &Connection,
        new: &NewGame,
        thread_bound: bool,
    ) -> Result<Game, StoreError> {
        let id = Self::insert_game(
            conn,
            &InsertGame {
                place: &new.place,
                variant: new.variant,
                start_position: &new.start_position,
                sides: (Some(&new.south), Some(&new.north)),
                status: GameStatus::Active,
                time_per_move: new.time_per_move,
                now: new.now,
                deadline: new.deadline,
                thread_bound,
            },
        )?;
        let mut game = load_game(conn, id)?.ok_or(StoreError::NoSuchGame(id))?;
        game.next_due_at = next_due(&game);
        write_game(conn, &game)?;
        Ok(game)
    }

    /// Inserts an event's game inside the caller's transaction: active from `now`, in
    /// `place` but waiting for a thread of its own, rated as the event is. Returns its id.
    pub(super) fn insert_event_game(
        conn: &Connection,
        new: &NewGame,
        rated: bool,
    ) -> Result<GameId, StoreError> {
        let id = Self::insert_active(conn, new, true)?.id;
        super::ratings::set_rated(conn, id, rated)?;
        Ok(id)
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
        self.accept_challenge_at(game, south, north, now.saturating_mul(1000), deadline)
    }

    /// [`Store::accept_challenge`] at `now_ms`, when a clocked game's first clock starts.
    pub fn accept_challenge_at(
        &self,
        game: GameId,
        south: &Player,
        north: &Player,
        now_ms: i64,
        deadline: Option<i64>,
    ) -> Result<Game, StoreError> {
        self.modify(game, |_, g| {
            require(g, &[GameStatus::Pending], "a pending challenge")?;
            g.status = GameStatus::Active;
            g.south = Some(south.clone());
            g.north = Some(north.clone());
            g.updated_at = now_ms.div_euclid(1000);
            g.deadline = deadline;
            g.duties_done = 0;
            if let Some(clock) = g.clock {
                let first = super::clocks::turn_of(&g.position);
                g.clock = Some(GameClock::start(clock.control, first, now_ms));
            }
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
        Ok(load_game(&self.read(), id)?)
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

    /// The ongoing games `user` plays in threads opened in channel `parent` of `guild`,
    /// oldest first (each game's place is its thread).
    pub fn games_in_threads_of(
        &self,
        guild: u64,
        parent: u64,
        user: UserId,
    ) -> Result<Vec<Game>, StoreError> {
        let conn = self.read();
        let mut stmt = conn.prepare_cached(&threads_of_sql())?;
        let games = stmt
            .query_map(
                params![id_sql(user.0), id_sql(guild), id_sql(parent)],
                game_from_row,
            )?
            .collect::<rusqlite::Result<_>>()?;
        Ok(games)
    }

    /// The active games still waiting for the thread they were promised, last changed before
    /// `before` (a restart came between the game's start and its thread), oldest first.
    pub fn games_without_their_thread(&self, before: i64) -> Result<Vec<Game>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&without_thread_sql())?;
        let games = stmt
            .query_map([before], game_from_row)?
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
        let conn = self.read();
        let mut stmt = conn.prepare_cached(&format!(
            "{GAME_SELECT} WHERE g.place_key = ?1 ORDER BY g.id DESC LIMIT ?2"
        ))?;
        let games = stmt
            .query_map(params![place.key(), limit], game_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(games)
    }

    /// The games `user` plays or is challenged in / has challenged in, most recently
    /// changed first, at most `limit`. Read through indexes whatever the player's history:
    /// running games by side and the pending challenges (few); ended games as the newest
    /// `limit` of each side's index, and of the challenges nobody accepted (newest by id).
    pub fn games_of(
        &self,
        user: UserId,
        filter: GameFilter,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        let conn = self.read();
        let mut stmt = conn.prepare_cached(&games_of_sql(filter))?;
        let games = stmt
            .query_map(params![id_sql(user.0), limit], game_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(games)
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

/// The ids of `?1`'s pending and active games: by side (partial indexes of running games)
/// and the pending challenges (the partial index of pending games).
pub(super) const GAMES_RUNNING_SQL: &str =
    "SELECT id FROM games INDEXED BY games_running_by_south \
       WHERE south_user = ?1 AND status IN ('pending', 'active') \
     UNION SELECT id FROM games INDEXED BY games_running_by_north \
       WHERE north_user = ?1 AND status IN ('pending', 'active') \
     UNION SELECT c.game_id FROM games p INDEXED BY games_pending \
       JOIN challenges c ON c.game_id = p.id \
       WHERE p.status = 'pending' AND ?1 IN (c.challenger, c.challenged)";

/// The ids of at most `?2` of `?1`'s newest games with `status` (a condition on `status`)
/// from each side's `(user, updated_at)` index, and of the challenges nobody accepted
/// (newest by id).
fn newest_ids(status: &str) -> String {
    let side = |index: &str, column: &str| {
        format!(
            "SELECT id FROM (SELECT id FROM games INDEXED BY {index} WHERE {column} = ?1 \
             AND {status} ORDER BY updated_at DESC, id DESC LIMIT ?2)"
        )
    };
    let asked = |index: &str, column: &str| {
        format!(
            "SELECT id FROM (SELECT game_id AS id FROM challenges INDEXED BY {index} \
             WHERE {column} = ?1 AND unanswered = 1 ORDER BY game_id DESC LIMIT ?2)"
        )
    };
    [
        side("games_by_south", "south_user"),
        side("games_by_north", "north_user"),
        asked("challenges_unanswered_by_challenger", "challenger"),
        asked("challenges_unanswered_by_challenged", "challenged"),
    ]
    .join(" UNION ")
}

/// [`Store::games_of`]'s query for `filter`: the games of its id source, newest first.
pub(super) fn games_of_sql(filter: GameFilter) -> String {
    let ended = "status IN ('finished', 'aborted')";
    let (ids, status) = match filter {
        GameFilter::Ongoing => (GAMES_RUNNING_SQL.to_string(), ONGOING.to_string()),
        GameFilter::Ended => (newest_ids(ended), format!("g.{ended}")),
        GameFilter::All => (newest_ids("1"), "1".to_string()),
    };
    format!(
        "{} WHERE {status} ORDER BY g.updated_at DESC, g.id DESC LIMIT ?2",
        games_among(&ids)
    )
}

/// [`GAME_SELECT`] over the games whose ids `ids` selects, read by id in that order
/// (`CROSS JOIN`: the planner never turns it into a walk through every game).
fn games_among(ids: &str) -> String {
    GAME_SELECT.replacen(
        "FROM games g ",
        &format!("FROM ({ids}) AS x CROSS JOIN games g ON g.id = x.id "),
        1,
    )
}

/// The ongoing games of `?1` in threads of channel `?3` of server `?2`: its running games
/// (partial indexes by side), whatever its history.
pub(super) fn threads_of_sql() -> String {
    let ids = "SELECT id FROM games INDEXED BY games_running_by_south \
           WHERE south_user = ?1 AND status IN ('pending', 'active') \
         UNION SELECT id FROM games INDEXED BY games_running_by_north \
           WHERE north_user = ?1 AND status IN ('pending', 'active')";
    format!(
        "{} WHERE {ONGOING} AND g.guild_id = ?2 AND EXISTS (SELECT 1 FROM game_threads t \
           WHERE t.game_id = g.id AND t.parent_channel = ?3) ORDER BY g.id",
        games_among(ids)
    )
}

/// Active games still waiting for their thread, changed before `?1` (the partial index of
/// thread-bound active games).
pub(super) fn without_thread_sql() -> String {
    format!(
        "{} WHERE g.status = 'active' AND g.thread_bound = 1 \
         AND g.updated_at < ?1 \
         AND NOT EXISTS (SELECT 1 FROM game_threads t WHERE t.game_id = g.id) \
         ORDER BY g.id",
        GAME_SELECT.replacen(
            "FROM games g ",
            "FROM games g INDEXED BY games_awaiting_thread ",
            1
        )
    )
}

/// The challenge already waiting at `new.place` between the same two players (either way
/// round), if any.
fn pair_waiting(conn: &Connection, new: &NewChallenge) -> Result<Option<GameId>, StoreError> {
    let id = conn
        .prepare_cached(
            "SELECT g.id FROM games g JOIN challenges c ON c.game_id = g.id \
             WHERE g.place_key = ?1 AND g.status = 'pending' \
             AND ((c.challenger = ?2 AND c.challenged = ?3) \
               OR (c.challenger = ?3 AND c.challenged = ?2)) LIMIT 1",
        )?
        .query_row(
            params![
                new.place.key(),
                id_sql(new.challenger.0),
                id_sql(new.challenged.0)
            ],
            |r| r.get::<_, i64>(0),
        )
        .optional()?;
    Ok(id.map(GameId))
}
