//! Places where only a person's install of the app is (a DM or group DM between people, a
//! server's channel without the bot), as learnt from the interactions there, and what such
//! a channel has not been shown yet: the bot can only answer interactions there, so a board
//! it could not show waits for the next one. Also whether a player whose DMs Discord
//! refuses has been told how to get notices.

use rusqlite::{params, OptionalExtension};

use super::rows::{id_rust, id_sql};
use super::types::{GameId, UserId};
use super::{Store, StoreError};

/// What is stored about a channel where only the app is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AppOnlyChannel {
    /// The channel's server (0 for a DM or group DM between people).
    pub guild: u64,
    /// A game whose current board the channel has not been shown.
    pub behind: Option<GameId>,
    /// Whether Discord showed the bot's public answers there to the asker alone.
    pub hidden: bool,
}

impl Store {
    /// Records what an interaction in `channel` said: only the app is there (`app_only`),
    /// or the bot itself (then the channel is forgotten).
    pub fn set_app_only(
        &self,
        guild: u64,
        channel: u64,
        app_only: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let conn = self.lock();
        if app_only {
            conn.prepare_cached(
                "INSERT INTO app_only_channels (channel_id, guild_id, seen_at) \
                 VALUES (?1, ?2, ?3) ON CONFLICT (channel_id) DO UPDATE SET \
                 seen_at = excluded.seen_at",
            )?
            .execute(params![id_sql(channel), id_sql(guild), now])?;
        } else {
            conn.prepare_cached("DELETE FROM app_only_channels WHERE channel_id = ?1")?
                .execute([id_sql(channel)])?;
        }
        Ok(())
    }

    /// What is stored about `channel`, if only the app was seen there.
    pub fn app_only(&self, channel: u64) -> Result<Option<AppOnlyChannel>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT guild_id, behind_game, hidden FROM app_only_channels \
                 WHERE channel_id = ?1",
            )?
            .query_row([id_sql(channel)], |r| {
                Ok(AppOnlyChannel {
                    guild: id_rust(r.get(0)?),
                    behind: r.get::<_, Option<i64>>(1)?.map(GameId),
                    hidden: r.get(2)?,
                })
            })
            .optional()?)
    }

    /// Notes that `channel` (where only the app is) has not been shown the current board of
    /// `game`; `None`: it has been shown everything. Returns the game noted before.
    pub fn set_app_only_behind(
        &self,
        channel: u64,
        game: Option<GameId>,
    ) -> Result<Option<GameId>, StoreError> {
        let conn = self.lock();
        let before = conn
            .prepare_cached("SELECT behind_game FROM app_only_channels WHERE channel_id = ?1")?
            .query_row([id_sql(channel)], |r| r.get::<_, Option<i64>>(0))
            .optional()?
            .flatten()
            .map(GameId);
        conn.prepare_cached("UPDATE app_only_channels SET behind_game = ?2 WHERE channel_id = ?1")?
            .execute(params![id_sql(channel), game.map(|g| g.0)])?;
        Ok(before)
    }

    /// Notes whether Discord showed the bot's public answers in `channel` to the asker
    /// alone (`hidden`), as the flags of an answer there said.
    pub fn set_app_only_hidden(&self, channel: u64, hidden: bool) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached("UPDATE app_only_channels SET hidden = ?2 WHERE channel_id = ?1")?
            .execute(params![id_sql(channel), hidden])?;
        Ok(())
    }

    /// Records that `user`, whose DMs are refused, has been told how to get notices;
    /// returns whether this is the first time (false: told before).
    pub fn tell_dm_refusal(&self, user: UserId, now: i64) -> Result<bool, StoreError> {
        let n = self
            .lock()
            .prepare_cached(
                "INSERT INTO dm_refusals_told (user_id, told_at) VALUES (?1, ?2) \
                 ON CONFLICT (user_id) DO NOTHING",
            )?
            .execute(params![id_sql(user.0), now])?;
        Ok(n == 1)
    }

    /// `user` asked for notices by DM again: DMs are tried again, and a new refusal is told
    /// again.
    pub fn forget_dm_refusal(&self, user: UserId, now: i64) -> Result<(), StoreError> {
        let conn = self.lock();
        conn.prepare_cached(
            "UPDATE players SET dm_failed = 0, updated_at = ?2 \
             WHERE user_id = ?1 AND dm_failed = 1",
        )?
        .execute(params![id_sql(user.0), now])?;
        conn.prepare_cached("DELETE FROM dm_refusals_told WHERE user_id = ?1")?
            .execute([id_sql(user.0)])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_app_only_channel_is_kept_with_what_it_has_not_seen() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.app_only(5).unwrap(), None);
        store.set_app_only(0, 5, true, 10).unwrap();
        let seen = store.app_only(5).unwrap().unwrap();
        assert_eq!((seen.guild, seen.behind, seen.hidden), (0, None, false));
        assert_eq!(store.set_app_only_behind(5, Some(GameId(3))).unwrap(), None);
        store.set_app_only(0, 5, true, 11).unwrap();
        assert_eq!(store.app_only(5).unwrap().unwrap().behind, Some(GameId(3)));
        assert_eq!(store.set_app_only_behind(5, None).unwrap(), Some(GameId(3)));
        store.set_app_only_hidden(5, true).unwrap();
        assert!(store.app_only(5).unwrap().unwrap().hidden);
        // The bot seen there: forgotten.
        store.set_app_only(0, 5, false, 12).unwrap();
        assert_eq!(store.app_only(5).unwrap(), None);
        // Told once.
        assert!(store.tell_dm_refusal(UserId(7), 1).unwrap());
        assert!(!store.tell_dm_refusal(UserId(7), 2).unwrap());
        store.set_dm_failed(UserId(7), true, 3).unwrap();
        store.forget_dm_refusal(UserId(7), 4).unwrap();
        assert!(!store.player(UserId(7)).unwrap().unwrap().dm_failed);
        assert!(store.tell_dm_refusal(UserId(7), 5).unwrap());
    }
}
