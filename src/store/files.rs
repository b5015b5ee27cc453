//! The database's files are the bot's alone: the database holds the web pages' secret (from
//! which every private link is made), so it is created readable and writable by its owner
//! only (0600). SQLite creates the `-wal` and `-shm` files with the database's own mode, so
//! they follow; backups are created the same way. [`wider_than_owner`] finds files others
//! may read, for `bao-bot db check` to warn about. Elsewhere than Unix, files are created
//! as the system does.

use std::path::{Path, PathBuf};

/// Creates `path` as an empty file only its owner may read and write, when it does not exist
/// yet (SQLite then makes a new database in it). An existing file is left as it is.
pub(crate) fn create_private(path: &Path) -> std::io::Result<()> {
    if path.as_os_str() == ":memory:" || path.exists() {
        return Ok(());
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        // Made meanwhile by another process: theirs to keep.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// The database file `db`, its `-wal` and `-shm`, each with its mode, where group or others
/// may read or write it (Unix; elsewhere, none).
pub fn wider_than_owner(db: &Path) -> Vec<(PathBuf, u32)> {
    let mut wide = Vec::new();
    #[cfg(unix)]
    for suffix in ["", "-wal", "-shm"] {
        use std::os::unix::fs::PermissionsExt;
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let p = PathBuf::from(p);
        if let Ok(meta) = std::fs::metadata(&p) {
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                wide.push((p, mode));
            }
        }
    }
    #[cfg(not(unix))]
    let _ = db;
    wide
}
