//! Playing on the game page (migration 017): the generation of each player's personal play
//! link (raised to revoke it), the request ids of moves sent from the page (stored with the
//! move, in its transaction, so a request repeated stores nothing twice), and the `one_tap`
//! preference.

use rusqlite::{params, Connection, OptionalExtension};

use super::rows::{id_rust, id_sql};
use super::{GameId, Store, StoreError, UserId};

/// Longest request id kept (the page makes a UUID: 36 characters).
pub const REQUEST_ID_MAX: usize = 64;

/// A move's request from the game page: its id and who sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRequest {
    /// The page's id for the request (at most [`REQUEST_ID_MAX`] characters).
    pub id: String,
    /// The player who sent it.
    pub user: UserId,
}

/// What a request stored, read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRequest {
    /// Who sent it.
    pub user: UserId,
    /// The plies before the move (the ply it was chosen at).
    pub ply: u32,
    /// The stored move's canonical text.
    pub text: String,
}

/// The stored request `id` of `game`, read inside a write transaction.
pub(super) fn request_in(
    conn: &Connection,
    game: GameId,
    id: &str,
) -> Result<Option<StoredRequest>, StoreError> {
    let row = conn
        .prepare_cached(
            "SELECT user_id, ply, move FROM move_requests WHERE game_id = ?1 AND request_id = ?2",
        )?
        .query_row(params![game.0, id], |r| {
            Ok(StoredRequest {
                user: UserId(id_rust(r.get(0)?)),
                ply: r.get(1)?,
                text: r.get(2)?,
            })
        })
        .optional()?;
    Ok(row)
}

/// Stores `request` as the one that played `text` at `ply` (inside the move's transaction).
pub(super) fn store_request(
    conn: &Connection,
    game: GameId,
    request: &MoveRequest,
    ply: u32,
    text: &str,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO move_requests (game_id, request_id, user_id, ply, move) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        game.0,
        request.id,
        id_sql(request.user.0),
        ply,
        text
    ])?;
    Ok(())
}

impl Store {
    /// What request `id` stored in `game`, if it stored a move.
    pub fn move_request(
        &self,
        game: GameId,
        id: &str,
    ) -> Result<Option<StoredRequest>, StoreError> {
        request_in(&self.lock(), game, id)
    }

    /// The generation of `user`'s play link in `game` (0 until it is first renewed).
    pub fn play_link_generation(&self, game: GameId, user: UserId) -> Result<u32, StoreError> {
        let generation = self
            .lock()
            .prepare_cached(
                "SELECT generation FROM play_links WHERE game_id = ?1 AND user_id = ?2",
            )?
            .query_row(params![game.0, id_sql(user.0)], |r| r.get(0))
            .optional()?;
        Ok(generation.unwrap_or(0))
    }

    /// Raises the generation of `user`'s play link in `game` (the old link stops working)
    /// and returns the new one.
    pub fn renew_play_link(&self, game: GameId, user: UserId, now: i64) -> Result<u32, StoreError> {
        let generation = self
            .lock()
            .prepare_cached(
                "INSERT INTO play_links (game_id, user_id, generation, changed_at) \
                 VALUES (?1, ?2, 1, ?3) ON CONFLICT (game_id, user_id) DO UPDATE SET \
                 generation = generation + 1, changed_at = excluded.changed_at \
                 RETURNING generation",
            )?
            .query_row(params![game.0, id_sql(user.0), now], |r| r.get(0))?;
        Ok(generation)
    }

    /// Whether `user` plays a move on the game page at once, without a confirmation
    /// (`/bao prefs one-tap`; off until chosen).
    pub fn one_tap(&self, user: UserId) -> Result<bool, StoreError> {
        let on: Option<Option<bool>> = self
            .lock()
            .prepare_cached("SELECT one_tap FROM user_prefs WHERE user_id = ?1")?
            .query_row([id_sql(user.0)], |r| r.get(0))
            .optional()?;
        Ok(on.flatten().unwrap_or(false))
    }

    /// Stores `user`'s one-tap choice (the other preferences stay as they are).
    pub fn set_one_tap(&self, user: UserId, on: bool, now: i64) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO user_prefs (user_id, one_tap, updated_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (user_id) DO UPDATE SET one_tap = excluded.one_tap, \
                 updated_at = excluded.updated_at",
            )?
            .execute(params![id_sql(user.0), on, now])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generations_rise_and_one_tap_keeps_the_other_prefs() {
        let store = Store::open_in_memory().unwrap();
        let (asha, baraka) = (UserId(1), UserId(2));
        let game = GameId(1);
        assert_eq!(store.play_link_generation(game, asha).unwrap(), 0);
        assert_eq!(store.renew_play_link(game, asha, 10).unwrap(), 1);
        assert_eq!(store.renew_play_link(game, asha, 11).unwrap(), 2);
        assert_eq!(store.play_link_generation(game, asha).unwrap(), 2);
        assert_eq!(store.play_link_generation(game, baraka).unwrap(), 0);

        let prefs = super::super::UserPrefs {
            animation: Some(false),
            orientation: None,
        };
        store.set_user_prefs(asha, &prefs, 5).unwrap();
        assert!(!store.one_tap(asha).unwrap());
        store.set_one_tap(asha, true, 6).unwrap();
        assert!(store.one_tap(asha).unwrap());
        assert_eq!(
            store.user_prefs(asha).unwrap(),
            prefs,
            "one-tap leaves the rest"
        );
        store.set_one_tap(baraka, true, 6).unwrap();
        store.set_one_tap(baraka, false, 7).unwrap();
        assert!(!store.one_tap(baraka).unwrap());
    }
}
