//! Player records: display names, failed DMs and notice preferences.

use rusqlite::{params, OptionalExtension, Row};

use super::rows::{id_rust, id_sql};
use super::types::{Notify, PlayerProfile, UserId};
use super::{Store, StoreError};

fn profile_from_row(row: &Row) -> rusqlite::Result<PlayerProfile> {
    let notify: String = row.get(3)?;
    Ok(PlayerProfile {
        user: UserId(id_rust(row.get(0)?)),
        display_name: row.get(1)?,
        dm_failed: row.get(2)?,
        notify: Notify::parse(&notify).ok_or_else(|| {
            rusqlite::Error::FromSqlConversionFailure(
                3,
                rusqlite::types::Type::Text,
                format!("unexpected notify value `{notify}`").into(),
            )
        })?,
        updated_at: row.get(4)?,
    })
}

const PROFILE_SELECT: &str =
    "SELECT user_id, display_name, dm_failed, notify, updated_at FROM players";

impl Store {
    /// Creates the player record of `user`, or updates its display name; the DM flag and the
    /// notice preference are kept. Returns the record.
    pub fn upsert_player(
        &self,
        user: UserId,
        display_name: &str,
        now: i64,
    ) -> Result<PlayerProfile, StoreError> {
        let conn = self.lock();
        let profile = conn
            .prepare_cached(
                "INSERT INTO players (user_id, display_name, updated_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name, \
                 updated_at = excluded.updated_at \
                 RETURNING user_id, display_name, dm_failed, notify, updated_at",
            )?
            .query_row(params![id_sql(user.0), display_name, now], profile_from_row)?;
        Ok(profile)
    }

    /// The player record of `user`, or `None` if the bot has never stored them.
    pub fn player(&self, user: UserId) -> Result<Option<PlayerProfile>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(&format!("{PROFILE_SELECT} WHERE user_id = ?1"))?
            .query_row([id_sql(user.0)], profile_from_row)
            .optional()?)
    }

    /// Records whether DMs to `user` fail (Discord refused one: stop trying) or work again.
    /// Creates the record (empty display name) if missing.
    pub fn set_dm_failed(&self, user: UserId, failed: bool, now: i64) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO players (user_id, dm_failed, updated_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (user_id) DO UPDATE SET dm_failed = excluded.dm_failed, \
                 updated_at = excluded.updated_at",
            )?
            .execute(params![id_sql(user.0), failed, now])?;
        Ok(())
    }

    /// Sets how `user` wants turn notices (`/bao prefs notify`). Creates the record (empty display
    /// name) if missing.
    pub fn set_notify(&self, user: UserId, notify: Notify, now: i64) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO players (user_id, notify, updated_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, \
                 updated_at = excluded.updated_at",
            )?
            .execute(params![id_sql(user.0), notify.as_str(), now])?;
        Ok(())
    }
}
