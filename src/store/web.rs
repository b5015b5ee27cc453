//! What the web pages need from the store: a read-only connection, the secret behind the
//! private pages' tokens, which channels are public, and a cheap look at a game's progress
//! for following it live.

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension};

use super::rows::{id_rust, id_sql};
use super::schema::{APPLICATION_ID, SCHEMA_VERSION};
use super::{GameId, GameStatus, Store, StoreError};

/// Bytes of the web secret.
pub const WEB_SECRET_LEN: usize = 32;

impl Store {
    /// Opens the database at `path` for reading only (the web pages): nothing is migrated or
    /// written, and the connection refuses writes (`PRAGMA query_only`). The file must be a
    /// bao-bot database already at this build's schema: open it once with a writing bao-bot
    /// (`bao-bot web` does, before it serves) to migrate it.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        let open_err = |e| StoreError::Open {
            path: path.to_path_buf(),
            source: e,
        };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(open_err)?;
        conn.busy_timeout(Duration::from_secs(5))
            .map_err(open_err)?;
        let (app_id, version): (i32, i64) = conn
            .query_row(
                "SELECT (SELECT application_id FROM pragma_application_id),
                        (SELECT user_version FROM pragma_user_version)",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(open_err)?;
        if app_id != APPLICATION_ID {
            return Err(StoreError::NotBaoDatabase {
                path: path.to_path_buf(),
            });
        }
        if version > i64::from(SCHEMA_VERSION) {
            return Err(StoreError::TooNew {
                path: path.to_path_buf(),
                found: version,
                known: SCHEMA_VERSION,
            });
        }
        if version < i64::from(SCHEMA_VERSION) {
            return Err(StoreError::Setup {
                path: path.to_path_buf(),
                detail: format!(
                    "schema version {version}, this build reads {SCHEMA_VERSION}: open it once \
                     with this bao-bot (which migrates it) before reading it only"
                ),
            });
        }
        conn.pragma_update(None, "query_only", "ON")
            .map_err(open_err)?;
        let readers = (0..super::READERS)
            .map(|_| super::schema::open_reader(path).map(Mutex::new))
            .collect::<Result<_, _>>()?;
        Ok(Store {
            conn: Mutex::new(conn),
            readers,
            next_reader: std::sync::atomic::AtomicUsize::new(0),
            path: Some(path.to_path_buf()),
        })
    }

    /// The secret the private pages' tokens are derived from, written once from `fresh` (the
    /// caller's random bytes) when the database has none yet. Every caller gets the stored
    /// one, so processes that race to write it agree.
    pub fn web_secret_or_init(&self, fresh: &[u8; WEB_SECRET_LEN]) -> Result<Vec<u8>, StoreError> {
        let conn = self.lock();
        conn.prepare_cached("INSERT OR IGNORE INTO web_secret (id, secret) VALUES (1, ?1)")?
            .execute([&fresh[..]])?;
        let secret = conn
            .prepare_cached("SELECT secret FROM web_secret WHERE id = 1")?
            .query_row([], |r| r.get(0))?;
        Ok(secret)
    }

    /// The stored web secret, if one was written (readable on a read-only store).
    pub fn web_secret(&self) -> Result<Option<Vec<u8>>, StoreError> {
        let conn = self.lock();
        let secret = conn
            .prepare_cached("SELECT secret FROM web_secret WHERE id = 1")?
            .query_row([], |r| r.get(0))
            .optional()?;
        Ok(secret)
    }

    /// Records whether everyone on server `guild` can read `channel`, as a front end says.
    pub fn set_channel_public(
        &self,
        guild: u64,
        channel: u64,
        public: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let conn = self.lock();
        conn.prepare_cached(
            "INSERT INTO channel_visibility (channel_id, guild_id, public, updated_at) \
             VALUES (?1, ?2, ?3, ?4) ON CONFLICT (channel_id) DO UPDATE SET \
             public = excluded.public, guild_id = excluded.guild_id, \
             updated_at = excluded.updated_at",
        )?
        .execute(params![id_sql(channel), id_sql(guild), public, now])?;
        Ok(())
    }

    /// Whether `channel` was last said to be public (`None`: never said).
    pub fn channel_public(&self, channel: u64) -> Result<Option<bool>, StoreError> {
        let conn = self.lock();
        let public = conn
            .prepare_cached("SELECT public FROM channel_visibility WHERE channel_id = ?1")?
            .query_row([id_sql(channel)], |r| r.get(0))
            .optional()?;
        Ok(public)
    }

    /// The channels recorded as public (for tests and checks), by id.
    pub fn public_channels(&self) -> Result<Vec<u64>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT channel_id FROM channel_visibility WHERE public = 1 ORDER BY channel_id",
        )?;
        let ids = stmt
            .query_map([], |r| r.get::<_, i64>(0))?
            .map(|r| r.map(id_rust))
            .collect::<rusqlite::Result<_>>()?;
        Ok(ids)
    }

    /// A game's ply and status, read cheaply (the live pages poll it), or `None`.
    pub fn game_progress(&self, id: GameId) -> Result<Option<(u32, GameStatus)>, StoreError> {
        let conn = self.read();
        let row: Option<(i64, String)> = conn
            .prepare_cached("SELECT ply, status FROM games WHERE id = ?1")?
            .query_row([id.0], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        Ok(row.and_then(|(ply, status)| Some((ply as u32, GameStatus::parse(&status)?))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_is_written_once_and_channels_remember_their_visibility() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bao.db");
        let store = Store::open(&path).unwrap();
        let first = store.web_secret_or_init(&[7; WEB_SECRET_LEN]).unwrap();
        let again = store.web_secret_or_init(&[9; WEB_SECRET_LEN]).unwrap();
        assert_eq!(first, vec![7; WEB_SECRET_LEN]);
        assert_eq!(again, first);
        assert_eq!(store.channel_public(5).unwrap(), None);
        store.set_channel_public(1, 5, true, 10).unwrap();
        store.set_channel_public(1, 6, true, 10).unwrap();
        store.set_channel_public(1, 6, false, 11).unwrap();
        assert_eq!(store.channel_public(5).unwrap(), Some(true));
        assert_eq!(store.channel_public(6).unwrap(), Some(false));
        assert_eq!(store.public_channels().unwrap(), vec![5]);

        let read = Store::open_read_only(&path).unwrap();
        assert_eq!(read.web_secret().unwrap(), Some(first));
        assert_eq!(read.channel_public(5).unwrap(), Some(true));
        let refused = read.set_channel_public(1, 7, true, 12);
        assert!(refused.is_err(), "a read-only store must refuse writes");
        assert_eq!(read.game_progress(GameId(1)).unwrap(), None);
    }

    #[test]
    fn read_only_open_refuses_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.db");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE t (x)").unwrap();
        drop(conn);
        assert!(matches!(
            Store::open_read_only(&path),
            Err(StoreError::NotBaoDatabase { .. })
        ));
    }
}
