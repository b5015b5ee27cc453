//! The database's files are the bot's alone: the database, its `-wal` and `-shm`, and a
//! backup are created 0600 whatever the umask, and `bao-bot db check` warns about a file
//! others may read.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use bao_bot::app::{App, ManualClock, Place, Settings};
use bao_bot::store::Store;

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// What `bao-bot db check` prints about the database at `path`.
fn db_check(path: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["db", "check", "--db"])
        .arg(path)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn with_suffix(path: &Path, suffix: &str) -> std::path::PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(suffix);
    p.into()
}

#[test]
fn the_database_its_wal_and_shm_and_backups_are_created_0600() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let store = std::sync::Arc::new(Store::open(&path).unwrap());
    // A write through the app (the web secret among what it stores) keeps the WAL open.
    let app = App::new(
        store.clone(),
        std::sync::Arc::new(ManualClock::new(0)),
        Settings::default(),
    );
    app.channel_visibility(
        &Place::Channel {
            guild: 1,
            channel: 2,
        },
        true,
    )
    .unwrap();
    for file in [
        path.clone(),
        with_suffix(&path, "-wal"),
        with_suffix(&path, "-shm"),
    ] {
        assert!(file.exists(), "{} missing", file.display());
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }
    let copy = dir.path().join("copy.db");
    store.backup_to(&copy).unwrap();
    assert_eq!(mode(&copy), 0o600, "the backup");
    // Nothing to warn about.
    let said = db_check(&path);
    assert!(!said.contains("warning"), "{said}");
}

#[test]
fn db_check_warns_about_a_database_others_may_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    drop(Store::open(&path).unwrap());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let said = db_check(&path);
    assert!(
        said.contains(&format!("warning: {} is mode 644", path.display()))
            && said.contains("chmod 600"),
        "{said}"
    );
    // An existing file keeps the mode its owner gave it.
    drop(Store::open(&path).unwrap());
    assert_eq!(mode(&path), 0o644);
}
