//! `db check` and `db backup`: verify and copy the game store.

use std::path::Path;

use anyhow::anyhow;
use bao_bot::store::Store;

use super::{input, CliError};

/// `bao-bot db check [--db PATH]`: SQLite's integrity check, then every game replayed from its
/// start position; lists each problem and fails (exit 1) if there is any.
pub fn check(db: &Path) -> Result<(), CliError> {
    if !db.exists() {
        return Err(input(format!(
            "{}: no such database file (give the bot's database with --db PATH)",
            db.display()
        )));
    }
    let store = Store::open(db).map_err(anyhow::Error::from)?;
    let (games, moves) = store.counts().map_err(anyhow::Error::from)?;
    let integrity = store.check_integrity().map_err(anyhow::Error::from)?;
    for problem in &integrity {
        println!("integrity: {problem}");
    }
    let problems = store.check_replays().map_err(anyhow::Error::from)?;
    for problem in &problems {
        println!("{problem}");
    }
    let mut bad_games: Vec<_> = problems.iter().map(|p| p.game).collect();
    bad_games.dedup();
    println!(
        "{}: {games} games, {moves} moves checked; {} integrity problems, {} games that do not \
         replay to their stored positions",
        db.display(),
        integrity.len(),
        bad_games.len()
    );
    if integrity.is_empty() && bad_games.is_empty() {
        Ok(())
    } else {
        Err(anyhow!("the database check found problems (listed above)").into())
    }
}

/// `bao-bot db backup FILE [--db PATH]`: a verified, consistent copy of the database.
pub fn backup(db: &Path, file: &Path) -> Result<(), CliError> {
    if !db.exists() {
        return Err(input(format!(
            "{}: no such database file (give the bot's database with --db PATH)",
            db.display()
        )));
    }
    if file.exists() {
        return Err(input(format!(
            "{}: the file exists already; a backup never overwrites, give a new file name",
            file.display()
        )));
    }
    let store = Store::open(db).map_err(anyhow::Error::from)?;
    let report = store.backup_to(file).map_err(anyhow::Error::from)?;
    println!(
        "{}: a verified copy of {} ({} games, {} moves; integrity and replays checked)",
        report.path.display(),
        db.display(),
        report.games,
        report.moves
    );
    Ok(())
}
