//! Per-user preferences of `/bao prefs`: animations and board orientation (turn notices stay
//! in `players.notify`, where `/bao prefs notify` keeps them). One row per user, one nullable column
//! per preference, `NULL` meaning the bot's default.
//!
//! The `animation` column has the name, type and meaning of `player_prefs.animation` (issue
//! 12), so the two tables can be folded into one.

use rusqlite::{params, OptionalExtension};

use super::rows::id_sql;
use super::types::UserId;
use super::{Store, StoreError};
use crate::vocab::Orientation;

/// What a user chose; `None` fields follow the bot's defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UserPrefs {
    /// Whether boards after a move come as an animated GIF.
    pub animation: Option<bool>,
    /// Whose rows are at the bottom.
    pub orientation: Option<Orientation>,
}

impl Store {
    /// The preferences of `user` (all defaults if they never set any).
    pub fn user_prefs(&self, user: UserId) -> Result<UserPrefs, StoreError> {
        let row = self
            .lock()
            .prepare_cached("SELECT animation, orientation FROM user_prefs WHERE user_id = ?1")?
            .query_row([id_sql(user.0)], |r| {
                Ok((r.get::<_, Option<bool>>(0)?, r.get::<_, Option<String>>(1)?))
            })
            .optional()?;
        Ok(match row {
            None => UserPrefs::default(),
            Some((animation, orientation)) => UserPrefs {
                animation,
                orientation: orientation.as_deref().and_then(Orientation::parse),
            },
        })
    }

    /// Stores `prefs` for `user` (every field, `None` included).
    pub fn set_user_prefs(
        &self,
        user: UserId,
        prefs: &UserPrefs,
        now: i64,
    ) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO user_prefs (user_id, animation, orientation, updated_at) \
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (user_id) DO UPDATE SET \
                 animation = excluded.animation, orientation = excluded.orientation, \
                 updated_at = excluded.updated_at",
            )?
            .execute(params![
                id_sql(user.0),
                prefs.animation,
                prefs.orientation.map(Orientation::as_str),
                now
            ])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefs_default_to_none_and_are_kept_per_user() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.user_prefs(UserId(1)).unwrap(), UserPrefs::default());
        let p = UserPrefs {
            animation: Some(false),
            orientation: Some(Orientation::South),
        };
        store.set_user_prefs(UserId(1), &p, 5).unwrap();
        assert_eq!(store.user_prefs(UserId(1)).unwrap(), p);
        assert_eq!(store.user_prefs(UserId(2)).unwrap(), UserPrefs::default());
        let back = UserPrefs {
            orientation: None,
            ..p
        };
        store.set_user_prefs(UserId(1), &back, 6).unwrap();
        assert_eq!(store.user_prefs(UserId(1)).unwrap(), back);
    }
}
