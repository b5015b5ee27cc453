//! Rows and ids: how the store's types are written to and read from SQLite columns, one
//! game row at a time, and the checks every game write starts with. Every other store file
//! uses these; this file uses none of them, so the store's files import in one direction.

use rusqlite::types::Type;
use rusqlite::{params, Connection, OptionalExtension, Row};

use super::types::*;
use super::StoreError;
use crate::rules::{Side, Variant};

/// The columns read by [`game_from_row`], in order.
pub(super) const GAME_SELECT: &str =
    "SELECT g.id, g.variant, g.rules_version, g.guild_id, g.channel_id, \
     g.dm_user, g.south_user, g.south_ai, g.north_user, g.north_ai, g.status, g.winner, \
     g.reason, g.start_position, g.position, g.ply, g.created_at, g.updated_at, \
     g.last_move_at, g.time_per_move, g.deadline, g.board_message_id, g.draw_offered_by, \
     g.duties_done, g.reminder_day, g.reminders_today, g.next_due_at, \
     c.challenger, c.challenged, c.challenger_side, c.expires_at, g.rule_set, g.rated, \
     g.hints, t.thread_id, t.parent_channel, g.clock_base_ms, g.clock_increment_ms, \
     g.clock_cap_ms, g.clock_south_ms, g.clock_north_ms, g.clock_running, g.clock_since_ms, \
     g.clock_moved, g.clock_pinged \
     FROM games g LEFT JOIN challenges c ON c.game_id = g.id \
     LEFT JOIN game_threads t ON t.game_id = g.id";

/// The columns read by [`move_from_row`], in order (a query adds its `WHERE` and `ORDER`).
pub(super) const MOVE_SELECT: &str =
    "SELECT game_id, ply, move, by_user, by_ai, played_at, position_after, clock_ms FROM moves";

/// The status condition of "pending or active", written exactly as in the partial unique
/// index `games_one_per_place` (with `thread_bound = 0`) so that the index serves the lookup.
pub(super) const ONGOING: &str = "g.status IN ('pending', 'active')";

/// A conversion error for column `idx`.
pub(super) fn bad(idx: usize, msg: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(idx, Type::Text, msg.into())
}

pub(super) fn text_col<T>(
    row: &Row,
    idx: usize,
    parse: impl Fn(&str) -> Option<T>,
) -> rusqlite::Result<T> {
    let s: String = row.get(idx)?;
    parse(&s).ok_or_else(|| bad(idx, format!("unexpected value `{s}`")))
}

pub(super) fn opt_text_col<T>(
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

pub(super) fn parse_side(s: &str) -> Option<Side> {
    match s {
        "S" => Some(Side::South),
        "N" => Some(Side::North),
        _ => None,
    }
}

pub(super) fn parse_variant(s: &str) -> Option<Variant> {
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
        Some(Player::Ai { level }) => (None, Some(level.name())),
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
        (None, Some(level)) => Some(Player::Ai {
            level: level
                .parse()
                .map_err(|_| bad(ai_idx, format!("unknown AI level `{level}`")))?,
        }),
        (None, None) => None,
    })
}

/// The place columns (guild, channel, dm user).
pub(super) fn place_cols(place: &Place) -> (Option<i64>, Option<i64>, Option<i64>) {
    match *place {
        Place::Channel { guild, channel } => (Some(id_sql(guild)), Some(id_sql(channel)), None),
        Place::Dm { user } => (None, None, Some(id_sql(user))),
    }
}

pub(super) fn game_from_row(row: &Row) -> rusqlite::Result<Game> {
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
        rated: row.get(32)?,
        hints: row.get(33)?,
        thread: match (
            row.get::<_, Option<i64>>(34)?,
            row.get::<_, Option<i64>>(35)?,
        ) {
            (Some(thread), Some(parent)) => Some(GameThread {
                game: GameId(row.get(0)?),
                thread: id_rust(thread),
                parent: id_rust(parent),
            }),
            _ => None,
        },
        clock: clock_from_row(row, 36)?,
    })
}

/// The clock columns from `first` on (base, increment, cap, South's and North's banks,
/// running side, since, moved, pinged); `None` for a game without a clock.
fn clock_from_row(row: &Row, first: usize) -> rusqlite::Result<Option<GameClock>> {
    let Some(base_ms) = row.get::<_, Option<i64>>(first)? else {
        return Ok(None);
    };
    let control = crate::vocab::TimeControl {
        base_ms,
        increment_ms: row.get::<_, Option<i64>>(first + 1)?.unwrap_or(0),
        cap_ms: row.get(first + 2)?,
    };
    Ok(Some(GameClock {
        control,
        banks: [
            row.get::<_, Option<i64>>(first + 3)?.unwrap_or(base_ms),
            row.get::<_, Option<i64>>(first + 4)?.unwrap_or(base_ms),
        ],
        running: opt_text_col(row, first + 5, parse_side)?,
        since_ms: row.get::<_, Option<i64>>(first + 6)?.unwrap_or(0),
        moved: row.get(first + 7)?,
        pinged: row.get(first + 8)?,
    }))
}

pub(super) fn move_from_row(row: &Row) -> rusqlite::Result<StoredMove> {
    Ok(StoredMove {
        game: GameId(row.get(0)?),
        ply: row.get(1)?,
        text: row.get(2)?,
        by: player_from(row, 3, 4)?.ok_or_else(|| bad(3, "a move without a player".into()))?,
        played_at: row.get(5)?,
        position_after: row.get(6)?,
        clock_ms: row.get(7)?,
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
pub(super) fn load_game_in(conn: &Connection, key: &str) -> rusqlite::Result<Option<Game>> {
    conn.prepare_cached(&format!(
        "{GAME_SELECT} WHERE g.place_key = ?1 AND {ONGOING} AND g.thread_bound = 0"
    ))?
    .query_row([key], game_from_row)
    .optional()
}

/// When the game's next duty falls due: the challenge's expiry while pending, the first
/// unhandled [`Duty`] while active and timed, otherwise never.
pub(super) fn next_due(game: &Game) -> Option<i64> {
    match game.status {
        GameStatus::Pending => game.challenge.as_ref().map(|c| c.expires_at),
        GameStatus::Active => {
            let (deadline, tpm) = (game.deadline?, game.duty_period()?);
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
pub(super) fn write_game(conn: &Connection, game: &Game) -> rusqlite::Result<()> {
    let clock = game.clock.as_ref();
    let (su, sa) = player_cols(game.south.as_ref());
    let (nu, na) = player_cols(game.north.as_ref());
    conn.prepare_cached(
        "UPDATE games SET south_user = ?2, south_ai = ?3, north_user = ?4, north_ai = ?5, \
         status = ?6, winner = ?7, reason = ?8, position = ?9, ply = ?10, updated_at = ?11, \
         last_move_at = ?12, deadline = ?13, board_message_id = ?14, draw_offered_by = ?15, \
         duties_done = ?16, reminder_day = ?17, reminders_today = ?18, next_due_at = ?19, \
         clock_south_ms = ?20, clock_north_ms = ?21, clock_running = ?22, clock_since_ms = ?23, \
         clock_moved = ?24, clock_pinged = ?25, clock_due_ms = ?26 \
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
        clock.map(|c| c.banks[0]),
        clock.map(|c| c.banks[1]),
        clock.and_then(|c| c.running).map(side_text),
        clock.map(|c| c.since_ms),
        clock.map_or(0, |c| c.moved),
        clock.map_or(0, |c| c.pinged),
        clock_due(game),
    ])?;
    Ok(())
}

/// When the clock task next has something to do for `game` (a live clock's ping, grace end
/// or flag), unix ms.
pub(super) fn clock_due(game: &Game) -> Option<i64> {
    match game.status {
        GameStatus::Active => game.clock.and_then(|c| c.next_due()).map(|(at, _)| at),
        _ => None,
    }
}

/// Keeps what follows from an active game's clock in step with it: a correspondence clock's
/// deadline is when its bank runs out (whole seconds, rounded up), so that the reminders,
/// the overdue notice and the claim work as with a time per move.
pub(super) fn sync_clock_deadline(game: &mut Game) {
    let Some(clock) = game.clock.filter(|c| !c.control.is_live()) else {
        return;
    };
    game.deadline = match (game.status, clock.flag_at_ms()) {
        (GameStatus::Active, Some(flag)) => Some((flag + 999).div_euclid(1000)),
        _ => None,
    };
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
