//! Moves: recording one (on the game's clock, when it has one) and reading them back.

use rusqlite::{params, OptionalExtension};

use super::games::end;
use super::play_links::MoveRequest;
use super::rows::*;
use super::types::*;
use super::{Store, StoreError};
use crate::rules::Side;

impl Store {
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
        let at = mv.now.saturating_mul(1000);
        self.record_move_at(game, expected_ply, mv, at, at)
    }

    /// [`Store::record_move`] on the game's clock: the move arrived at `arrived_ms` (its
    /// time on the mover's clock) and is stored at `stored_ms` (when the opponent's clock
    /// starts). A move that arrived once the mover's live clock had run out (or its first
    /// move's grace had ended) is not recorded: [`StoreError::OutOfTime`], with the game as
    /// it is (the flag is settled by [`Store::settle_clocks`]). The mover's bank after the
    /// move is kept with it.
    pub fn record_move_at(
        &self,
        game: GameId,
        expected_ply: u32,
        mv: &NewMove<'_>,
        arrived_ms: i64,
        stored_ms: i64,
    ) -> Result<Game, StoreError> {
        self.record_move_requested(game, expected_ply, mv, arrived_ms, stored_ms, None)
    }

    /// [`Store::record_move_at`] for a move sent with a request id (from the game page):
    /// the id is stored with the move in the same transaction, and a request id already
    /// stored for the game stores nothing ([`StoreError::BoardChanged`]; the caller reads
    /// what the first request stored with [`Store::move_request`]).
    pub fn record_move_requested(
        &self,
        game: GameId,
        expected_ply: u32,
        mv: &NewMove<'_>,
        arrived_ms: i64,
        stored_ms: i64,
        request: Option<&MoveRequest>,
    ) -> Result<Game, StoreError> {
        let mut late = false;
        let done = self.modify(game, |tx, g| {
            if let Some(r) = request {
                if super::play_links::request_in(tx, g.id, &r.id)?.is_some() {
                    return Err(StoreError::BoardChanged {
                        current: Box::new(g.clone()),
                    });
                }
            }
            require_ply(g, expected_ply)?;
            require(g, &[GameStatus::Active], "active")?;
            let side = match (&g.south, &g.north) {
                (Some(p), _) if p == mv.by => Side::South,
                (_, Some(p)) if p == mv.by => Side::North,
                _ => {
                    return Err(StoreError::NotAPlayer {
                        game: g.id,
                        by: mv.by.clone(),
                    })
                }
            };
            let mut bank = None;
            if let Some(clock) = g.clock.filter(|c| c.running == Some(side)) {
                if clock.control.is_live() && clock.is_flagged_at(arrived_ms) {
                    // Written back unchanged: the move is refused below.
                    late = true;
                    return Ok(());
                }
                let (next, left) = clock.after_move(side, arrived_ms, stored_ms);
                g.clock = Some(next);
                bank = Some(left);
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
                 position_after, clock_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                g.id.0,
                g.ply,
                mv.text,
                user,
                ai,
                mv.now,
                mv.position_after,
                bank
            ])?;
            if let Some(r) = request {
                super::play_links::store_request(tx, g.id, r, expected_ply, mv.text)?;
            }
            Ok(())
        })?;
        if late {
            return Err(StoreError::OutOfTime {
                current: Box::new(done),
            });
        }
        Ok(done)
    }

    /// The moves of a game, in order.
    pub fn moves(&self, game: GameId) -> Result<Vec<StoredMove>, StoreError> {
        let conn = self.read();
        let mut stmt =
            conn.prepare_cached(&format!("{MOVE_SELECT} WHERE game_id = ?1 ORDER BY ply"))?;
        let moves = stmt
            .query_map([game.0], move_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(moves)
    }

    /// The last move of a game, or `None` before the first move.
    pub fn last_move(&self, game: GameId) -> Result<Option<StoredMove>, StoreError> {
        Ok(self
            .read()
            .prepare_cached(&format!(
                "{MOVE_SELECT} WHERE game_id = ?1 ORDER BY ply DESC LIMIT 1"
            ))?
            .query_row([game.0], move_from_row)
            .optional()?)
    }
}
