//! Takebacks: moves withdrawn from a game, deleted from its moves and kept here, so the game
//! still replays from its start and its history says where moves were taken back. Between
//! people a takeback is a request the opponent answers; the requests and their outcomes are
//! kept too, with whether the players agreed to hints in the challenge.

use rusqlite::{params, Connection, OptionalExtension, Row};

use super::rows::{id_rust, id_sql, require, require_ply};
use super::types::{GameId, GameStatus, UserId};
use super::{Game, Store, StoreError};

/// One takeback of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Takeback {
    /// The ply the game went back to (moves after it were withdrawn).
    pub to_ply: u32,
    /// The moves withdrawn, in the order they had been played.
    pub moves: Vec<String>,
    /// When, in unix seconds.
    pub taken_at: i64,
    /// Who asked for it (`None` for takebacks stored before this was kept).
    pub asked_by: Option<UserId>,
}

/// What became of a takeback request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestOutcome {
    /// Waiting for the opponent.
    Open,
    /// The opponent accepted: the move was taken back.
    Accepted,
    /// The opponent declined.
    Declined,
    /// The game moved on (or ended) before an answer.
    Lapsed,
}

impl RequestOutcome {
    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            RequestOutcome::Open => "open",
            RequestOutcome::Accepted => "accepted",
            RequestOutcome::Declined => "declined",
            RequestOutcome::Lapsed => "lapsed",
        }
    }

    fn parse(s: &str) -> Option<RequestOutcome> {
        Some(match s {
            "open" => RequestOutcome::Open,
            "accepted" => RequestOutcome::Accepted,
            "declined" => RequestOutcome::Declined,
            "lapsed" => RequestOutcome::Lapsed,
            _ => return None,
        })
    }
}

/// A request by a player to take back their last move, for the opponent to answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakebackRequest {
    /// Its number (on its buttons).
    pub id: i64,
    /// The game.
    pub game: GameId,
    /// The ply of the move asked back (the board the request was made on).
    pub ply: u32,
    /// The move asked back.
    pub mv: String,
    /// Who asked.
    pub asked_by: UserId,
    /// When, unix seconds.
    pub asked_at: i64,
    /// What became of it.
    pub outcome: RequestOutcome,
    /// When it was answered or lapsed.
    pub answered_at: Option<i64>,
}

const REQUEST_SELECT: &str = "SELECT id, game_id, ply, move, asked_by, asked_at, outcome, \
     answered_at FROM takeback_requests";

fn request_from_row(row: &Row) -> rusqlite::Result<TakebackRequest> {
    let outcome: String = row.get(6)?;
    Ok(TakebackRequest {
        id: row.get(0)?,
        game: GameId(row.get(1)?),
        ply: row.get(2)?,
        mv: row.get(3)?,
        asked_by: UserId(id_rust(row.get(4)?)),
        asked_at: row.get(5)?,
        outcome: RequestOutcome::parse(&outcome).ok_or_else(|| {
            rusqlite::Error::FromSqlConversionFailure(
                6,
                rusqlite::types::Type::Text,
                format!("unexpected outcome `{outcome}`").into(),
            )
        })?,
        answered_at: row.get(7)?,
    })
}

/// Marks the open request of `game` lapsed when the game is no longer at its ply or no
/// longer active (inside the transaction that changed the game).
pub(super) fn lapse_stale(conn: &Connection, game: &Game) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE takeback_requests SET outcome = 'lapsed', answered_at = ?3 \
         WHERE game_id = ?1 AND outcome = 'open' AND (ply <> ?2 OR ?4 <> 'active')",
    )?
    .execute(params![
        game.id.0,
        game.ply,
        game.updated_at,
        game.status.as_str()
    ])?;
    Ok(())
}

/// Marks a new game's hints agreement (inside its creating transaction).
pub(super) fn set_hints(conn: &Connection, game: GameId, hints: bool) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE games SET hints = ?2 WHERE id = ?1")?
        .execute(params![game.0, hints])?;
    Ok(())
}

/// Withdraws the moves of `g` after `to_ply` (inside a transaction), keeps them as a
/// takeback asked for by `asked_by`, and gives the side to move a fresh deadline.
fn withdraw(
    tx: &Connection,
    g: &mut Game,
    to_ply: u32,
    asked_by: Option<UserId>,
    now: i64,
) -> Result<(), StoreError> {
    let mut stmt =
        tx.prepare_cached("SELECT move FROM moves WHERE game_id = ?1 AND ply > ?2 ORDER BY ply")?;
    let withdrawn: Vec<String> = stmt
        .query_map(params![g.id.0, to_ply], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let position: String = if to_ply == 0 {
        g.start_position.clone()
    } else {
        tx.prepare_cached("SELECT position_after FROM moves WHERE game_id = ?1 AND ply = ?2")?
            .query_row(params![g.id.0, to_ply], |r| r.get(0))?
    };
    tx.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply > ?2")?
        .execute(params![g.id.0, to_ply])?;
    tx.prepare_cached(
        "INSERT INTO takebacks (game_id, to_ply, moves, taken_at, asked_by) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        g.id.0,
        to_ply,
        withdrawn.join("\n"),
        now,
        asked_by.map(|u| id_sql(u.0))
    ])?;
    g.ply = to_ply;
    g.position = position;
    g.updated_at = now;
    g.draw_offered_by = None;
    // The side to move has its full time again, as after a move; reminders start over. A
    // clock gives no time back: the time used so far is charged, and the side to move's
    // clock runs from now.
    g.deadline = g.time_per_move.map(|t| now + t);
    if let Some(clock) = g.clock {
        let to_move = super::clocks::turn_of(&g.position);
        g.clock = Some(clock.restarted(to_move, clock.since_ms.max(now.saturating_mul(1000))));
    }
    g.duties_done = 0;
    Ok(())
}

impl Store {
    /// Takes the moves after `to_ply` back, as one transaction with a compare-and-swap on
    /// the ply: the game must be active at `expected_ply` (else [`StoreError::BoardChanged`]
    /// or [`StoreError::WrongStatus`]) and `to_ply` before it. The moves are deleted and kept
    /// as a [`Takeback`] asked for by `asked_by`; the position becomes the one after ply
    /// `to_ply`, any draw offer is withdrawn, and the side to move gets a fresh deadline.
    pub fn take_back(
        &self,
        game: GameId,
        expected_ply: u32,
        to_ply: u32,
        asked_by: Option<UserId>,
        now: i64,
    ) -> Result<Game, StoreError> {
        self.modify(game, |tx, g| {
            require_ply(g, expected_ply)?;
            require(g, &[GameStatus::Active], "active")?;
            if to_ply >= expected_ply {
                return Err(StoreError::BoardChanged {
                    current: Box::new(g.clone()),
                });
            }
            withdraw(tx, g, to_ply, asked_by, now)
        })
    }

    /// Records `by`'s request to take back move `mv`, the last one of `game`, which must be
    /// active at `expected_ply` (else [`StoreError::BoardChanged`] or
    /// [`StoreError::WrongStatus`]). With a request already open it fails with
    /// [`StoreError::RequestOpen`]. A move, a takeback or the end of the game lapses it.
    pub fn request_takeback(
        &self,
        game: GameId,
        expected_ply: u32,
        mv: &str,
        by: UserId,
        now: i64,
    ) -> Result<TakebackRequest, StoreError> {
        let mut id = 0;
        self.modify(game, |tx, g| {
            require_ply(g, expected_ply)?;
            require(g, &[GameStatus::Active], "active")?;
            if let Some(open) = open_request(tx, g.id)? {
                return Err(StoreError::RequestOpen {
                    game: g.id,
                    request: open.id,
                });
            }
            tx.prepare_cached(
                "INSERT INTO takeback_requests (game_id, ply, move, asked_by, asked_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![g.id.0, expected_ply, mv, id_sql(by.0), now])?;
            id = tx.last_insert_rowid();
            Ok(())
        })?;
        self.takeback_request(id)?
            .ok_or(StoreError::NoSuchGame(game))
    }

    /// Answers open request `request` of `game`, which must still be active at the
    /// request's ply (else [`StoreError::RequestNotOpen`]): accepted, the requester's move
    /// (that ply) is taken back as a [`Takeback`] and the side to move gets a fresh
    /// deadline; declined, only the answer is kept. One transaction.
    pub fn answer_takeback(
        &self,
        game: GameId,
        request: i64,
        accept: bool,
        now: i64,
    ) -> Result<Game, StoreError> {
        self.modify(game, |tx, g| {
            let open = open_request(tx, g.id)?
                .filter(|r| r.id == request && r.ply == g.ply && g.status == GameStatus::Active);
            let Some(open) = open else {
                return Err(StoreError::RequestNotOpen {
                    game: g.id,
                    request,
                });
            };
            let outcome = if accept {
                withdraw(tx, g, open.ply - 1, Some(open.asked_by), now)?;
                RequestOutcome::Accepted
            } else {
                g.updated_at = now;
                RequestOutcome::Declined
            };
            tx.prepare_cached(
                "UPDATE takeback_requests SET outcome = ?2, answered_at = ?3 WHERE id = ?1",
            )?
            .execute(params![open.id, outcome.as_str(), now])?;
            Ok(())
        })
    }

    /// One takeback request by its number.
    pub fn takeback_request(&self, id: i64) -> Result<Option<TakebackRequest>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(&format!("{REQUEST_SELECT} WHERE id = ?1"))?
            .query_row([id], request_from_row)
            .optional()?)
    }

    /// Every takeback request of `game`, oldest first.
    pub fn takeback_requests(&self, game: GameId) -> Result<Vec<TakebackRequest>, StoreError> {
        let conn = self.lock();
        let mut stmt =
            conn.prepare_cached(&format!("{REQUEST_SELECT} WHERE game_id = ?1 ORDER BY id"))?;
        let rows = stmt
            .query_map([game.0], request_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// Whether both players of `game` agreed to hints in its challenge.
    pub fn hints_agreed(&self, game: GameId) -> Result<bool, StoreError> {
        Ok(self
            .lock()
            .prepare_cached("SELECT hints FROM games WHERE id = ?1")?
            .query_row([game.0], |r| r.get::<_, bool>(0))
            .optional()?
            .unwrap_or(false))
    }

    /// Every takeback of `game`, oldest first.
    pub fn takebacks(&self, game: GameId) -> Result<Vec<Takeback>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT to_ply, moves, taken_at, asked_by FROM takebacks WHERE game_id = ?1 \
             ORDER BY id",
        )?;
        let rows = stmt
            .query_map([game.0], |r| {
                let moves: String = r.get(1)?;
                Ok(Takeback {
                    to_ply: r.get(0)?,
                    moves: moves.lines().map(String::from).collect(),
                    taken_at: r.get(2)?,
                    asked_by: r.get::<_, Option<i64>>(3)?.map(|u| UserId(id_rust(u))),
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }
}

/// The open request of `game`, if any.
fn open_request(conn: &Connection, game: GameId) -> rusqlite::Result<Option<TakebackRequest>> {
    conn.prepare_cached(&format!(
        "{REQUEST_SELECT} WHERE game_id = ?1 AND outcome = 'open'"
    ))?
    .query_row([game.0], request_from_row)
    .optional()
}
