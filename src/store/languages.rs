//! The language the bot speaks to each person (`/bao prefs language`, a column of
//! `user_prefs`) and each server's default (`/bao-settings language`, with who changed it),
//! as the codes of `assets/i18n/` (`en`, `sw`). The store keeps codes; the app reads them
//! as [`crate::i18n::Lang`] (an unknown code, written by a newer build, counts as unset).

use rusqlite::{params, OptionalExtension};

use super::rows::{id_rust, id_sql};
use super::types::UserId;
use super::{Store, StoreError};

/// A server's language and who set it when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerLanguage {
    /// The language's code.
    pub code: String,
    /// The member who last changed it.
    pub changed_by: UserId,
    /// When, unix seconds.
    pub changed_at: i64,
}

impl Store {
    /// The language `user` chose, if any.
    pub fn user_language(&self, user: UserId) -> Result<Option<String>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached("SELECT language FROM user_prefs WHERE user_id = ?1")?
            .query_row([id_sql(user.0)], |r| r.get::<_, Option<String>>(0))
            .optional()?
            .flatten())
    }

    /// Stores the language `user` chose (`None`: back to the server's).
    pub fn set_user_language(
        &self,
        user: UserId,
        code: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO user_prefs (user_id, language, updated_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, \
                 updated_at = excluded.updated_at",
            )?
            .execute(params![id_sql(user.0), code, now])?;
        Ok(())
    }

    /// The language of `guild`, if someone set one.
    pub fn server_language(&self, guild: u64) -> Result<Option<ServerLanguage>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT language, changed_by, changed_at FROM server_languages \
                 WHERE guild_id = ?1",
            )?
            .query_row([id_sql(guild)], |r| {
                Ok(ServerLanguage {
                    code: r.get(0)?,
                    changed_by: UserId(id_rust(r.get(1)?)),
                    changed_at: r.get(2)?,
                })
            })
            .optional()?)
    }

    /// Sets the language of `guild` (`None`: back to English), recording who and when.
    pub fn set_server_language(
        &self,
        guild: u64,
        code: Option<&str>,
        by: UserId,
        now: i64,
    ) -> Result<(), StoreError> {
        let conn = self.lock();
        match code {
            Some(code) => conn
                .prepare_cached(
                    "INSERT INTO server_languages (guild_id, language, changed_by, changed_at) \
                     VALUES (?1, ?2, ?3, ?4) ON CONFLICT (guild_id) DO UPDATE SET \
                     language = excluded.language, changed_by = excluded.changed_by, \
                     changed_at = excluded.changed_at",
                )?
                .execute(params![id_sql(guild), code, id_sql(by.0), now])?,
            None => conn
                .prepare_cached("DELETE FROM server_languages WHERE guild_id = ?1")?
                .execute([id_sql(guild)])?,
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::UserPrefs;

    #[test]
    fn languages_are_kept_per_user_and_server_beside_the_other_prefs() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.user_language(UserId(1)).unwrap(), None);
        store.set_user_language(UserId(1), Some("sw"), 5).unwrap();
        // The other preferences leave the language alone, and the other way round.
        let prefs = UserPrefs {
            animation: Some(false),
            ..UserPrefs::default()
        };
        store.set_user_prefs(UserId(1), &prefs, 6).unwrap();
        assert_eq!(
            store.user_language(UserId(1)).unwrap().as_deref(),
            Some("sw")
        );
        assert_eq!(store.user_prefs(UserId(1)).unwrap(), prefs);
        store.set_user_language(UserId(1), None, 7).unwrap();
        assert_eq!(store.user_language(UserId(1)).unwrap(), None);

        assert_eq!(store.server_language(9).unwrap(), None);
        store
            .set_server_language(9, Some("sw"), UserId(4), 8)
            .unwrap();
        let set = store.server_language(9).unwrap().unwrap();
        assert_eq!(
            (set.code.as_str(), set.changed_by, set.changed_at),
            ("sw", UserId(4), 8)
        );
        store.set_server_language(9, None, UserId(4), 9).unwrap();
        assert_eq!(store.server_language(9).unwrap(), None);
    }
}
