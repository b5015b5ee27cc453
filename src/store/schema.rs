//! The schema, its migrations, and the checks made when a database file is opened.

use std::path::Path;
use std::sync::LazyLock;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode};
use rusqlite_migration::{Migrations, M};

use super::{ending, StoreError, Synchronous};

/// `PRAGMA application_id` of a bao-bot database ("BAOB"): marks the file as ours.
pub const APPLICATION_ID: i32 = 0x4241_4F42;

/// Schema migrations, oldest first. Never edit a released one: append a new one.
/// The schema version (`PRAGMA user_version`) is the number of migrations applied.
const MIGRATIONS_SQL: &[&str] = &[
    // 1: players, games, challenges, moves.
    r#"
PRAGMA application_id = 1111576386;

-- One row per Discord user the bot has met.
CREATE TABLE players (
    user_id      INTEGER PRIMARY KEY,            -- Discord id (u64 bits as i64)
    display_name TEXT NOT NULL DEFAULT '',
    dm_failed    INTEGER NOT NULL DEFAULT 0 CHECK (dm_failed IN (0, 1)),
    notify       TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('dm', 'mention', 'off')),
    updated_at   INTEGER NOT NULL
);

-- Games, including pending challenges.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    variant          TEXT NOT NULL CHECK (variant IN ('kiswahili', 'kujifunza')),
    rules_version    INTEGER NOT NULL,
    place_key        TEXT NOT NULL,               -- 'c:<channel>' or 'dm:<user>'
    guild_id         INTEGER,
    channel_id       INTEGER,
    dm_user          INTEGER,
    south_user       INTEGER,
    south_ai         TEXT,                        -- AI level when the AI plays South
    north_user       INTEGER,
    north_ai         TEXT,
    status           TEXT NOT NULL
                     CHECK (status IN ('pending', 'active', 'finished', 'aborted')),
    winner           TEXT CHECK (winner IN ('S', 'N')),
    reason           TEXT,
    start_position   TEXT NOT NULL,
    position         TEXT NOT NULL,
    ply              INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    last_move_at     INTEGER,
    time_per_move    INTEGER CHECK (time_per_move > 0),
    deadline         INTEGER,
    board_message_id INTEGER,
    draw_offered_by  TEXT CHECK (draw_offered_by IN ('S', 'N')),
    duties_done      INTEGER NOT NULL DEFAULT 0,  -- Duty bits handled for this deadline
    reminder_day     INTEGER NOT NULL DEFAULT 0,  -- unix day counted by reminders_today
    reminders_today  INTEGER NOT NULL DEFAULT 0,
    next_due_at      INTEGER,                     -- next duty or challenge expiry
    CHECK ((dm_user IS NULL) = (channel_id IS NOT NULL AND guild_id IS NOT NULL)),
    CHECK (south_user IS NULL OR south_ai IS NULL),
    CHECK (north_user IS NULL OR north_ai IS NULL),
    CHECK (status IN ('pending', 'aborted') OR (COALESCE(south_user, south_ai) IS NOT NULL
                                             AND COALESCE(north_user, north_ai) IS NOT NULL))
);
-- At most one pending or active game per channel (a thread is its own channel) or DM.
CREATE UNIQUE INDEX games_one_per_place ON games (place_key)
    WHERE status IN ('pending', 'active');
CREATE INDEX games_by_place ON games (place_key, id);
CREATE INDEX games_by_south ON games (south_user, updated_at) WHERE south_user IS NOT NULL;
CREATE INDEX games_by_north ON games (north_user, updated_at) WHERE north_user IS NOT NULL;
CREATE INDEX games_due ON games (next_due_at) WHERE next_due_at IS NOT NULL;

-- The options of games that began as a challenge.
CREATE TABLE challenges (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id),
    challenger      INTEGER NOT NULL,
    challenged      INTEGER NOT NULL,
    challenger_side TEXT NOT NULL CHECK (challenger_side IN ('south', 'north', 'random')),
    expires_at      INTEGER NOT NULL
);
CREATE INDEX challenges_by_challenger ON challenges (challenger);
CREATE INDEX challenges_by_challenged ON challenges (challenged);

-- Every move of every game.
CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    ply            INTEGER NOT NULL CHECK (ply >= 1),  -- 1 for the first move
    move           TEXT NOT NULL,
    by_user        INTEGER,
    by_ai          TEXT,
    played_at      INTEGER NOT NULL,
    position_after TEXT NOT NULL,
    PRIMARY KEY (game_id, ply),
    CHECK ((by_user IS NULL) <> (by_ai IS NULL))
) WITHOUT ROWID;
"#,
    super::ending::END_REASON_SQL,
    super::servers::SERVERS_SQL,
    super::user_prefs::USER_PREFS_SQL,
    super::levels::LADDER_NAMES_SQL,
    super::analyses::MIGRATION_ANALYSES,
    super::takebacks::MIGRATION_TAKEBACKS,
    super::ratings::RATINGS_MIGRATION,
    // 9: hints agreed in a challenge, takeback requests between people.
    super::takebacks::MIGRATION_REQUESTS,
    // 10: challenges waiting for a thread of their own.
    super::servers::THREAD_CHALLENGES_SQL,
];

static MIGRATIONS: LazyLock<Migrations<'static>> =
    LazyLock::new(|| Migrations::new(MIGRATIONS_SQL.iter().map(|sql| M::up(sql)).collect()));

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
/// read, and migrates it to [`SCHEMA_VERSION`]. `check_integrity` runs `PRAGMA quick_check`;
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
    ending::recover_reasons(conn)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        MIGRATIONS.validate().unwrap();
    }

    #[test]
    fn application_id_in_migration_matches_the_constant() {
        assert!(MIGRATIONS_SQL[0].contains(&format!("application_id = {APPLICATION_ID};")));
    }
}
