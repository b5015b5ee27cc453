//! `db check` and `db backup`: verify and copy the game store; `db ratings`: list or rebuild
//! the ratings.

use std::io::Write;
use std::path::Path;

use anyhow::anyhow;
use bao_bot::rules::Variant;
use bao_bot::store::{Scope, Store};

use super::{input, CliError};

/// Opens an existing database file (a missing one is the user's mistake, not a new file).
fn open_existing(db: &Path) -> Result<Store, CliError> {
    if !db.exists() {
        return Err(input(format!(
            "{}: no such database file (give the bot's database with --db PATH)",
            db.display()
        )));
    }
    Ok(Store::open(db).map_err(anyhow::Error::from)?)
}

/// `bao-bot db check [--repair] [--db PATH]`: SQLite's integrity check, then every game
/// replayed from its start position, every rating recomputed and the player summaries
/// recomputed; lists each problem and fails (exit 1) if there is any. `--repair` rebuilds
/// summaries that differ.
pub fn check(db: &Path, repair: bool) -> Result<(), CliError> {
    let store = open_existing(db)?;
    for (file, mode) in bao_bot::store::wider_than_owner(db) {
        println!(
            "warning: {} is mode {mode:o}: others may read it, and the database holds the web \
             pages' secret (every private link can be made from it); `chmod 600 {}`",
            file.display(),
            file.display()
        );
    }
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
    let ratings = store.check_ratings().map_err(anyhow::Error::from)?;
    for d in &ratings.differences {
        println!("ratings: {d}");
    }
    let summaries = store.check_summaries().map_err(anyhow::Error::from)?;
    for d in &summaries {
        println!("summaries: {d}");
    }
    println!(
        "{}: {games} games, {moves} moves checked; {} integrity problems, {} games that do not \
         replay to their stored positions; {} rated games give {} ratings, {} differences from \
         the stored ones; {} differences in the player summaries",
        db.display(),
        integrity.len(),
        bad_games.len(),
        ratings.games,
        ratings.ratings,
        ratings.differences.len(),
        summaries.len()
    );
    let mut summaries_wrong = !summaries.is_empty();
    if repair && summaries_wrong {
        let finished = store.rebuild_summaries().map_err(anyhow::Error::from)?;
        println!("summaries rebuilt from {finished} finished games");
        summaries_wrong = false;
    }
    if integrity.is_empty()
        && bad_games.is_empty()
        && ratings.differences.is_empty()
        && !summaries_wrong
    {
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

/// `bao-bot db ratings --rebuild`: recomputes every rating from the rated games in order,
/// prints each difference from what was stored, and replaces the stored ratings when any
/// differ (exit status 1 then).
pub fn rebuild_ratings(db: &Path) -> Result<(), CliError> {
    let store = open_existing(db)?;
    let check = store.rebuild_ratings().map_err(anyhow::Error::from)?;
    for d in &check.differences {
        println!("{d}");
    }
    println!(
        "{}: {} rated games replayed, {} ratings; {} differences from the stored ratings{}",
        db.display(),
        check.games,
        check.ratings,
        check.differences.len(),
        if check.differences.is_empty() {
            ""
        } else {
            " (the stored ratings were replaced by the recomputed ones)"
        }
    );
    if check.differences.is_empty() {
        Ok(())
    } else {
        Err(anyhow!(
            "the stored ratings differed from the games (listed above); they are rebuilt now"
        )
        .into())
    }
}

/// `bao-bot db ratings --list [--variant V] [--guild ID]`: the ratings table, best first.
pub fn list_ratings(db: &Path, variant: Option<&str>, guild: Option<u64>) -> Result<(), CliError> {
    let variant: Option<Variant> = match variant {
        Some(v) => Some(
            v.parse()
                .map_err(|_| input(format!("--variant {v}: write kiswahili or kujifunza")))?,
        ),
        None => None,
    };
    let scope = guild.map_or(Scope::Global, Scope::Server);
    let store = open_existing(db)?;
    let rows = store
        .list_ratings(scope, variant)
        .map_err(anyhow::Error::from)?;
    let mut out = std::io::stdout().lock();
    let w = |e: std::io::Error| CliError::Other(e.into());
    writeln!(
        out,
        "{:<10} {:<6} {:>20} {:<20} {:>7} {:>6} {:>10} {:>5} {:>5} {:>5} {:>5}",
        "variant",
        "rules",
        "user",
        "name",
        "rating",
        "rd",
        "volatility",
        "games",
        "wins",
        "losses",
        "draws"
    )
    .map_err(w)?;
    for (r, name) in &rows {
        writeln!(
            out,
            "{:<10} {:<6} {:>20} {:<20} {:>7} {:>6.1} {:>10.6} {:>5} {:>5} {:>5} {:>5}",
            r.variant.name(),
            r.rules,
            r.user.0,
            name.chars().take(20).collect::<String>(),
            r.rating.to_string(),
            r.rating.deviation,
            r.rating.volatility,
            r.games,
            r.wins,
            r.losses,
            r.draws
        )
        .map_err(w)?;
    }
    writeln!(out, "{} ratings ({scope})", rows.len()).map_err(w)?;
    Ok(())
}
