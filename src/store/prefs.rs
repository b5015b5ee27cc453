//! Per-user display preferences (`/bao prefs`): one row per user in `player_prefs`, one
//! nullable column per preference, `NULL` meaning "the bot's default". Animation is the first;
//! more preferences (notices, board orientation) are added as further columns.

use rusqlite::{params, OptionalExtension};

use super::games::id_sql;
use super::types::UserId;
use super::{Store, StoreError};

/// The migration that creates the preferences table.
pub(super) const PREFS_SQL: &str = r#"
-- Per-user preferences; NULL in a column means the bot-wide default.
CREATE TABLE player_prefs (
    user_id    INTEGER PRIMARY KEY,                  -- Discord id (u64 bits as i64)
    animation  INTEGER CHECK (animation IN (0, 1)),  -- move animations as GIFs
    updated_at INTEGER NOT NULL
);
"#;

/// What a user chose; `None` fields follow the bot's defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Prefs {
    /// Whether boards after a move come as an animated GIF of the move.
    pub animation: Option<bool>,
}

impl Prefs {
    /// Whether to animate, given the bot-wide default.
    pub fn animation_or(&self, default: bool) -> bool {
        self.animation.unwrap_or(default)
    }
}

impl Store {
    /// The preferences of `user` (all defaults if they never set any).
    pub fn prefs(&self, user: UserId) -> Result<Prefs, StoreError> {
        let animation = self
            .lock()
            .prepare_cached("SELECT animation FROM player_prefs WHERE user_id = ?1")?
            .query_row([id_sql(user.0)], |r| r.get::<_, Option<bool>>(0))
            .optional()?
            .flatten();
        Ok(Prefs { animation })
    }

    /// Sets whether `user` sees move animations (`None`: back to the bot's default).
    pub fn set_animation(
        &self,
        user: UserId,
        animation: Option<bool>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO player_prefs (user_id, animation, updated_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (user_id) DO UPDATE SET animation = excluded.animation, \
                 updated_at = excluded.updated_at",
            )?
            .execute(params![id_sql(user.0), animation, now])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn animation_preference_is_stored_and_defaults_to_none() {
        let store = Store::open_in_memory().unwrap();
        let u = UserId(42);
        assert_eq!(store.prefs(u).unwrap(), Prefs::default());
        assert!(store.prefs(u).unwrap().animation_or(true));
        store.set_animation(u, Some(false), 10).unwrap();
        assert_eq!(store.prefs(u).unwrap().animation, Some(false));
        assert!(!store.prefs(u).unwrap().animation_or(true));
        store.set_animation(u, Some(true), 11).unwrap();
        assert!(store.prefs(u).unwrap().animation_or(false));
        // Other users are untouched.
        assert_eq!(store.prefs(UserId(43)).unwrap().animation, None);
    }
}
