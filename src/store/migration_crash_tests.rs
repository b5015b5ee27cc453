//! Issue 52's bad input: a migration of a large database killed with SIGKILL leaves the
//! database as it was (every migration step runs in one transaction), and the next open
//! migrates it whole.
//!
//! The child is this test binary re-run on this test alone with the database's path in
//! [`CHILD_ENV`]: it prints `migrating`, opens (and so migrates) the database, and prints
//! `migrated`. The parent times one whole migration, then kills children at fractions of
//! that time and looks at what each left.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rusqlite::Connection;

use super::*;
use crate::rules::{Position, Variant};

const CHILD_ENV: &str = "BAO_MIGRATION_CRASH_CHILD";
const TEST: &str = "store::migration_crash_tests::a_killed_migration_leaves_the_database_as_it_was";
/// Finished games in the old database: enough that the migration (indexes over the games,
/// the summaries folded from them) takes a good fraction of a second.
const GAMES: i64 = 20_000;
const PLAYERS: i64 = 300;

/// A schema-16 database (before the summaries) with [`GAMES`] finished games between
/// [`PLAYERS`] players, made by SQL.
fn old_database(path: &Path) {
    let mut conn = Connection::open(path).unwrap();
    schema::migrate_to(&mut conn, 16);
    let start = Position::start(Variant::Kiswahili).to_string();
    conn.execute(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1) \
         INSERT INTO games (id, variant, rules_version, place_key, guild_id, channel_id, \
         south_user, north_user, status, winner, reason, start_position, position, \
         created_at, updated_at, rated) \
         SELECT i, 'kiswahili', 1, 'c:' || i, 1, i, 10 + i % ?2, 10 + (i * 7 + 1) % ?2, \
         'finished', CASE i % 3 WHEN 0 THEN 'S' WHEN 1 THEN 'N' ELSE NULL END, \
         CASE i % 3 WHEN 2 THEN 'agreement' ELSE 'resignation' END, ?3, ?3, \
         1800000000 + i, 1800000000 + i, i % 2 FROM n",
        rusqlite::params![GAMES, PLAYERS, start],
    )
    .unwrap();
}

/// What the old database's games say, to compare after a kill.
fn fingerprint(conn: &Connection) -> (i64, i64, i64) {
    conn.query_row(
        "SELECT count(*), total(id * 3 + south_user), total(updated_at - 1800000000) FROM games",
        [],
        |r| {
            Ok((
                r.get(0)?,
                r.get::<_, f64>(1)? as i64,
                r.get::<_, f64>(2)? as i64,
            ))
        },
    )
    .unwrap()
}

fn user_version(conn: &Connection) -> u32 {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap()
}

/// Whether the child's remaining output says it finished.
fn finished(mut lines: impl Iterator<Item = std::io::Result<String>>) -> bool {
    lines.any(|l| l.is_ok_and(|l| l.ends_with("migrated")))
}

/// When the parent kills the child.
enum Kill {
    /// Never: the child migrates to the end.
    Never,
    /// At the summaries' first progress report (inside the migration's transaction).
    AtProgress,
    /// This long after the child says it begins.
    After(Duration),
}

/// Runs the child on `path` and kills it as `kill` says. Returns how long the migration ran
/// and whether it finished.
fn run_child(path: &Path, kill: Kill) -> (Duration, bool) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([TEST, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    loop {
        let line = lines.next().expect("the child says it migrates").unwrap();
        // The harness writes the test's name on the same line first.
        if line.ends_with("migrating") {
            break;
        }
    }
    let began = Instant::now();
    match kill {
        Kill::AtProgress => {
            for line in lines.by_ref() {
                if line.unwrap().contains("summarising finished games") {
                    break;
                }
            }
            child.kill().unwrap();
            child.wait().unwrap();
            (began.elapsed(), finished(&mut lines))
        }
        Kill::After(wait) => {
            std::thread::sleep(wait);
            child.kill().unwrap();
            child.wait().unwrap();
            (began.elapsed(), finished(&mut lines))
        }
        Kill::Never => {
            let finished = finished(&mut lines);
            let took = began.elapsed();
            assert!(child.wait().unwrap().success());
            (took, finished)
        }
    }
}

#[test]
fn a_killed_migration_leaves_the_database_as_it_was() {
    if let Some(path) = std::env::var_os(CHILD_ENV) {
        // The summaries' progress reports, on standard output for the parent.
        let _ = tracing_subscriber::fmt()
            .with_writer(std::io::stdout)
            .with_max_level(tracing::Level::INFO)
            .try_init();
        println!("migrating");
        let store = Store::open(Path::new(&path)).unwrap();
        drop(store);
        println!("migrated");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let original = dir.path().join("old.db");
    old_database(&original);
    let before = fingerprint(&Connection::open(&original).unwrap());

    // One whole migration, to know when to kill.
    let whole = dir.path().join("whole.db");
    std::fs::copy(&original, &whole).unwrap();
    let (took, finished) = run_child(&whole, Kill::Never);
    assert!(finished);
    let expected = Store::open(&whole).unwrap().check_summaries().unwrap();
    assert!(expected.is_empty(), "{expected:?}");

    // Kill 0 comes at the migration's first progress report, from inside its transaction;
    // the others at fractions of a whole migration's time.
    for k in 0..=6u32 {
        let path = dir.path().join(format!("killed-{k}.db"));
        std::fs::copy(&original, &path).unwrap();
        let kill = if k == 0 {
            Kill::AtProgress
        } else {
            Kill::After(took * k / 8)
        };
        let (_, finished) = run_child(&path, kill);
        assert!(
            k > 0 || !finished,
            "the migration outran a kill at its first report"
        );
        {
            // Read as SQLite's recovery sees it, before any migration of ours runs.
            let conn = Connection::open(&path).unwrap();
            let version = user_version(&conn);
            if finished {
                assert_eq!(
                    version, SCHEMA_VERSION,
                    "kill {k}: finished but not migrated"
                );
            } else if version < SCHEMA_VERSION {
                assert_eq!(version, 16, "kill {k}: a migration half applied");
                assert_eq!(fingerprint(&conn), before, "kill {k}: the games changed");
                let summaries: i64 = conn
                    .query_row(
                        "SELECT count(*) FROM sqlite_schema WHERE name = 'player_records'",
                        [],
                        |r| r.get(0),
                    )
                    .unwrap();
                assert_eq!(
                    summaries, 0,
                    "kill {k}: the summaries' table outlived the kill"
                );
            }
        }
        // The next open migrates it whole.
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
        assert!(store.check_summaries().unwrap().is_empty(), "kill {k}");
        assert_eq!(fingerprint(&store.lock()), before, "kill {k}");
    }
}
