//! Stored post-game analyses: one per game and node budget, kept as the analysis's JSON so
//! that asking again is instant.

use rusqlite::{params, OptionalExtension};

use super::types::GameId;
use super::{Store, StoreError};

impl Store {
    /// Stores (or replaces) the analysis `data` of `game` at `nodes` nodes a search.
    pub fn save_analysis(
        &self,
        game: GameId,
        nodes: u64,
        data: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let conn = self.lock();
        conn.prepare_cached(
            "INSERT INTO analyses (game_id, nodes, data, created_at) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT (game_id, nodes) DO UPDATE SET data = excluded.data, \
             created_at = excluded.created_at",
        )?
        .execute(params![game.0, nodes as i64, data, now])?;
        Ok(())
    }

    /// The stored analysis of `game` at `nodes` nodes a search, if there is one.
    pub fn analysis(&self, game: GameId, nodes: u64) -> Result<Option<String>, StoreError> {
        let conn = self.lock();
        let data = conn
            .prepare_cached("SELECT data FROM analyses WHERE game_id = ?1 AND nodes = ?2")?
            .query_row(params![game.0, nodes as i64], |row| row.get(0))
            .optional()?;
        Ok(data)
    }
}
