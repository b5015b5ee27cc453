//! A consistent copy of the database while the bot runs: SQLite's online backup API, the copy
//! then checked like `bao-bot db check` does.

use std::path::{Path, PathBuf};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::Connection;

use super::{Store, StoreError};

/// What a finished backup holds, as read back from the copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupReport {
    /// The copy.
    pub path: PathBuf,
    /// Games in the copy.
    pub games: u64,
    /// Moves in the copy.
    pub moves: u64,
}

impl Store {
    /// Writes a consistent copy of the database to `dest` (which must not exist yet) and
    /// verifies it: the copy is opened as a bao-bot database, passes SQLite's integrity and
    /// foreign-key checks, and every game in it replays to its stored positions.
    ///
    /// The copy is one snapshot: everything committed before the backup began is in it, and
    /// writes made meanwhile by others (the running bot) are not half in it. It is written to
    /// `dest` with `.partial` appended and renamed into place only once verified, so `dest`
    /// never holds a broken copy.
    pub fn backup_to(&self, dest: &Path) -> Result<BackupReport, StoreError> {
        let fail = |detail: String| StoreError::Backup {
            path: dest.to_path_buf(),
            detail,
        };
        if dest.exists() {
            return Err(fail(
                "the file exists already; give a new file name (a backup never overwrites)".into(),
            ));
        }
        let mut partial = dest.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let _ = std::fs::remove_file(&partial);
        let result = self
            .copy_to(&partial)
            .and_then(|()| verify(&partial))
            .and_then(|(games, moves)| {
                std::fs::rename(&partial, dest)
                    .map_err(|e| fail(format!("cannot move the verified copy into place: {e}")))?;
                Ok(BackupReport {
                    path: dest.to_path_buf(),
                    games,
                    moves,
                })
            });
        if result.is_err() {
            for suffix in ["", "-wal", "-shm"] {
                let mut p = partial.as_os_str().to_owned();
                p.push(suffix);
                let _ = std::fs::remove_file(PathBuf::from(p));
            }
        }
        result
    }

    /// Copies every page in one backup step: SQLite reads one snapshot (in WAL mode writers
    /// go on meanwhile), so a busy bot cannot make the copy restart forever.
    fn copy_to(&self, partial: &Path) -> Result<(), StoreError> {
        let fail = |detail: String| StoreError::Backup {
            path: partial.to_path_buf(),
            detail,
        };
        super::files::create_private(partial).map_err(|e| fail(e.to_string()))?;
        let mut to = Connection::open(partial).map_err(|e| fail(e.to_string()))?;
        // A reader: the bot's writes go on while the pages are copied.
        let from = self.read();
        let backup = Backup::new(&from, &mut to).map_err(|e| fail(e.to_string()))?;
        loop {
            match backup.step(-1).map_err(|e| fail(e.to_string()))? {
                StepResult::Done => break,
                StepResult::More => continue,
                // Another connection holds a lock SQLite's busy timeout did not wait out.
                StepResult::Busy | StepResult::Locked => {
                    std::thread::sleep(std::time::Duration::from_millis(50))
                }
                _ => return Err(fail("unexpected backup step result".into())),
            }
        }
        drop(backup);
        drop(from);
        to.close().map_err(|(_, e)| fail(e.to_string()))
    }
}

/// Opens the copy as a store and checks it; returns its (games, moves).
fn verify(copy: &Path) -> Result<(u64, u64), StoreError> {
    let fail = |detail: String| StoreError::Backup {
        path: copy.to_path_buf(),
        detail,
    };
    let store = Store::open(copy)?;
    let integrity = store.check_integrity()?;
    if let Some(first) = integrity.first() {
        return Err(fail(format!("the copy fails the integrity check: {first}")));
    }
    let replays = store.check_replays()?;
    if let Some(first) = replays.first() {
        return Err(fail(format!("the copy does not replay: {first}")));
    }
    let counts = store.counts()?;
    drop(store);
    Ok(counts)
}
