//! Takebacks: moves withdrawn from a game, deleted from its moves and kept here, so the game
//! still replays from its start and its history says where moves were taken back.

use rusqlite::params;

use super::games::{require, require_ply};
use super::types::{GameId, GameStatus};
use super::{Game, Store, StoreError};

/// The migration adding the `takebacks` table.
pub(super) const MIGRATION_TAKEBACKS: &str = r#"
-- Moves taken back: the game went back to `to_ply`, withdrawing `moves` (one per line).
CREATE TABLE takebacks (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (id),
    to_ply   INTEGER NOT NULL CHECK (to_ply >= 0),
    moves    TEXT NOT NULL,
    taken_at INTEGER NOT NULL
);
CREATE INDEX takebacks_by_game ON takebacks (game_id, id);
"#;

/// One takeback of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Takeback {
    /// The ply the game went back to (moves after it were withdrawn).
    pub to_ply: u32,
    /// The moves withdrawn, in the order they had been played.
    pub moves: Vec<String>,
    /// When, in unix seconds.
    pub taken_at: i64,
}

impl Store {
    /// Takes the moves after `to_ply` back, as one transaction with a compare-and-swap on
    /// the ply: the game must be active at `expected_ply` (else [`StoreError::BoardChanged`]
    /// or [`StoreError::WrongStatus`]) and `to_ply` before it. The moves are deleted and kept
    /// as a [`Takeback`]; the position becomes the one after ply `to_ply`, and any draw
    /// offer is withdrawn.
    pub fn take_back(
        &self,
        game: GameId,
        expected_ply: u32,
        to_ply: u32,
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
            let mut stmt = tx.prepare_cached(
                "SELECT move FROM moves WHERE game_id = ?1 AND ply > ?2 ORDER BY ply",
            )?;
            let withdrawn: Vec<String> = stmt
                .query_map(params![g.id.0, to_ply], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            let position: String = if to_ply == 0 {
                g.start_position.clone()
            } else {
                tx.prepare_cached(
                    "SELECT position_after FROM moves WHERE game_id = ?1 AND ply = ?2",
                )?
                .query_row(params![g.id.0, to_ply], |r| r.get(0))?
            };
            tx.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply > ?2")?
                .execute(params![g.id.0, to_ply])?;
            tx.prepare_cached(
                "INSERT INTO takebacks (game_id, to_ply, moves, taken_at) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![g.id.0, to_ply, withdrawn.join("\n"), now])?;
            g.ply = to_ply;
            g.position = position;
            g.updated_at = now;
            g.draw_offered_by = None;
            Ok(())
        })
    }

    /// Every takeback of `game`, oldest first.
    pub fn takebacks(&self, game: GameId) -> Result<Vec<Takeback>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT to_ply, moves, taken_at FROM takebacks WHERE game_id = ?1 ORDER BY id",
        )?;
        let rows = stmt
            .query_map([game.0], |r| {
                let moves: String = r.get(1)?;
                Ok(Takeback {
                    to_ply: r.get(0)?,
                    moves: moves.lines().map(String::from).collect(),
                    taken_at: r.get(2)?,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }
}
