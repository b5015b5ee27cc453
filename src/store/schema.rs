//! The schema, its migrations, and the checks made when a database file is opened.

use std::path::Path;
use std::sync::LazyLock;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode};
use rusqlite_migration::{Migrations, M};

use super::{ending, summaries, StoreError, Synchronous};

/// `PRAGMA application_id` of a bao-bot database ("BAOB"): marks the file as ours.
pub const APPLICATION_ID: i32 = 0x4241_4F42;

/// Schema migrations, oldest first: `migrations/NNN_name.sql`, the number being the schema
/// version (`PRAGMA user_version`) once it has run. Never edit a released one: append a new
/// file and a line here.
pub(super) const MIGRATIONS_SQL: &[&str] = &[
    include_str!("migrations/001_players_games_moves.sql"),
    include_str!("migrations/002_end_reasons.sql"),
    include_str!("migrations/003_servers.sql"),
    include_str!("migrations/004_user_prefs.sql"),
    include_str!("migrations/005_ladder_names.sql"),
    include_str!("migrations/006_analyses.sql"),
    include_str!("migrations/007_takebacks.sql"),
    include_str!("migrations/008_ratings.sql"),
    include_str!("migrations/009_hints_and_requests.sql"),
    include_str!("migrations/010_thread_challenges.sql"),
    include_str!("migrations/011_lessons.sql"),
    include_str!("migrations/012_puzzles.sql"),
    include_str!("migrations/013_tournaments.sql"),
    include_str!("migrations/014_web.sql"),
    include_str!("migrations/015_clocks.sql"),
    include_str!("migrations/016_languages.sql"),
    include_str!("migrations/017_history_at_scale.sql"),
    include_str!("migrations/018_play.sql"),
    include_str!("migrations/019_app_only_places.sql"),
    include_str!("migrations/020_rating_bands.sql"),
];

/// The migration whose Rust step fills the player summaries from the stored games.
const SUMMARIES_MIGRATION: usize = 17;

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::new(
        MIGRATIONS_SQL
            .iter()
            .enumerate()
            .map(|(i, sql)| match i + 1 {
                SUMMARIES_MIGRATION => M::up_with_hook(sql, summaries::migration_hook),
                _ => M::up(sql),
            })
            .collect(),
    )
});

/// The migrations up to schema `version` only (tests build an old database with them).
#[cfg(test)]
pub(super) fn migrate_to(conn: &mut Connection, version: usize) {
    Migrations::new(
        MIGRATIONS_SQL[..version]
            .iter()
            .map(|sql| M::up(sql))
            .collect(),
    )
    .to_latest(conn)
    .unwrap();
}

/// The first migration's SQL (for tests that build an old database).
#[cfg(test)]
pub(super) fn first_migration_sql() -> &'static str {
    MIGRATIONS_SQL[0]
}

/// The schema version this build writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS_SQL.len() as u32;

/// What a failed first read says about the file.
fn classify(err: rusqlite::Error, path: &Path) -> StoreError {
    match err.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => StoreError::NotADatabase {
            path: path.to_path_buf(),
        },
        Some(ErrorCode::DatabaseCorrupt) => StoreError::Corrupt {
            path: path.to_path_buf(),
            detail: err.to_string(),
        },
        _ => StoreError::Open {
            path: path.to_path_buf(),
            source: err,
        },
    }
}

/// Sets the connection up, checks the file is a sound bao-bot database that this build can
/// read, and migrates it to [`SCHEMA_VERSION`]. `check_integrity` runs `PRAGMA quick_check`
/// (a read of the whole file: the caller asks for it only after an unclean shutdown);
/// `sync` sets `PRAGMA synchronous`. Ended games stored without their end reason get it
/// back from what the store holds ([`ending::recover_reasons`]).
pub fn prepare(
    conn: &mut Connection,
    path: &Path,
    check_integrity: bool,
    sync: Synchronous,
) -> Result<(), StoreError> {
    conn.busy_timeout(Duration::from_secs(5))
        .map_err(|e| classify(e, path))?;
    // The first read of the file: a file that is not SQLite fails here.
    let (app_id, version, objects) = conn
        .query_row(
            "SELECT (SELECT application_id FROM pragma_application_id),
                    (SELECT user_version FROM pragma_user_version),
                    (SELECT count(*) FROM sqlite_schema)",
            [],
            |r| {
                Ok((
                    r.get::<_, i32>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            },
        )
        .map_err(|e| classify(e, path))?;
    let fresh = app_id == 0 && version == 0 && objects == 0;
    if !fresh && app_id != APPLICATION_ID {
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
    if check_integrity && !fresh {
        let verdict: String = conn
            .query_row("PRAGMA quick_check(1)", [], |r| r.get(0))
            .map_err(|e| classify(e, path))?;
        if verdict != "ok" {
            return Err(StoreError::Corrupt {
                path: path.to_path_buf(),
                detail: verdict,
            });
        }
    }
    let mode: String = conn
        .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
        .map_err(|e| classify(e, path))?;
    if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
        return Err(StoreError::Setup {
            path: path.to_path_buf(),
            detail: format!("journal_mode could not be set to WAL (got {mode})"),
        });
    }
    conn.pragma_update(None, "synchronous", sync.as_str())
        .map_err(|e| classify(e, path))?;
    conn.pragma_update(None, "foreign_keys", "ON")
        .map_err(|e| classify(e, path))?;
    MIGRATIONS.to_latest(conn).map_err(|e| match e {
        rusqlite_migration::Error::MigrationDefinition(
            rusqlite_migration::MigrationDefinitionError::DatabaseTooFarAhead,
        ) => StoreError::TooNew {
            path: path.to_path_buf(),
            found: version,
            known: SCHEMA_VERSION,
        },
        other => StoreError::Migration {
            path: path.to_path_buf(),
            source: other,
        },
    })?;
    ending::recover_reasons(conn).map_err(|e| corrupt_or(e, path))?;
    // Statistics for the planner, where they are missing or stale; `analysis_limit` makes
    // each index's analysis read a sample of its rows, so this stays cheap at any size.
    // Only an optimisation: when another process is writing (a `db backup` beside the
    // running bot), it does not wait for the write lock and is left to the next open.
    conn.busy_timeout(Duration::from_millis(100))
        .map_err(|e| classify(e, path))?;
    let optimised = conn.execute_batch("PRAGMA analysis_limit=1000; PRAGMA optimize=0x10002");
    conn.busy_timeout(Duration::from_secs(5))
        .map_err(|e| classify(e, path))?;
    if let Err(e) = optimised {
        let busy = matches!(
            e.sqlite_error_code(),
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
        );
        if !busy {
            return Err(classify(e, path));
        }
        tracing::debug!("planner statistics left for the next open: {e}");
    }
    Ok(())
}

/// A read-only connection to the (already prepared) database at `path`, for the store's
/// readers.
pub fn open_reader(path: &Path) -> Result<Connection, StoreError> {
    use rusqlite::OpenFlags;
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| classify(e, path))?;
    conn.busy_timeout(Duration::from_secs(5))
        .map_err(|e| classify(e, path))?;
    Ok(conn)
}

/// A store error, as `Corrupt` when SQLite found the file damaged.
fn corrupt_or(err: StoreError, path: &Path) -> StoreError {
    match err {
        StoreError::Sqlite(e) if e.sqlite_error_code() == Some(ErrorCode::DatabaseCorrupt) => {
            classify(e, path)
        }
        other => other,
    }
}

/// Whether the database at `path` was left by an unclean shutdown: a write-ahead log is
/// still beside it (the last connection to close checkpoints and removes it), or another
/// process has it open now. Then [`prepare`] runs `quick_check`.
pub fn unclean_shutdown(path: &Path) -> bool {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        MIGRATIONS.validate().unwrap();
    }

    #[test]
    fn every_migration_file_is_listed_in_order() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/store/migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        assert_eq!(files.len(), MIGRATIONS_SQL.len(), "{files:?}");
        for (i, (file, sql)) in files.iter().zip(MIGRATIONS_SQL).enumerate() {
            assert!(file.starts_with(&format!("{:03}_", i + 1)), "{file}");
            let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
            assert_eq!(&text, sql, "{file} is listed as migration {}", i + 1);
            assert!(
                text.starts_with(&format!("-- Migration {}:", i + 1)),
                "{file}"
            );
        }
    }

    #[test]
    fn application_id_in_migration_matches_the_constant() {
        assert!(MIGRATIONS_SQL[0].contains(&format!("application_id = {APPLICATION_ID};")));
    }
}
